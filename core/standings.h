/* SPDX-License-Identifier: ISC */
/*
 * standings.h: showing a replayed game: the text score table and the JSON
 * documents of SPEC section 4.  Only cmd/ calls these; they never touch the
 * database.
 */
#ifndef TALLY_STANDINGS_H
#define TALLY_STANDINGS_H

#include <stdio.h>

#include "json.h"
#include "rules.h"

/* Who a JSON/text view describes: the game id and when it started. */
struct game_ref {
	long id;
	const char *started; /* as stored (UTC ISO 8601), may be NULL; shown local */
};

/* The game's status word, as JSON and CSV give it: "open", "over" or
 * "abandoned" (a static string). */
const char *standings_status(const struct game_state *st);

/* The JSON documents of st (core/json.h's renderer of its view): the
 * "players" array of SPEC section 4, the whole `show --json` object, and
 * the `hand --json` object of its last hand (w: the hand's warnings, may
 * be NULL).  New values; the caller jv_free()s them. */
struct jv *standings_players_json(const struct game_state *st);
struct jv *standings_show_json(const struct game_state *st, const struct game_ref *ref);
struct jv *standings_hand_json(const struct game_state *st, const struct warnings *w);

/*
 * The hands format of `export` (CSV, core/csv.h), for game id (uid: its
 * uid, may be NULL) replayed in st: one record
 * "uid,id,game,hand,player,seat,key,value" per hand, seat and value (key
 * "points", "held" where the JSON has it, then each hand column st shows,
 * by its JSON key), then per seat
 * its total and each game column st shows, the hand field empty.  Values
 * as JSON has them: empty for COLUMN_NONE, true/false for COLUMN_FLAG.
 * Every column the game declares, whatever the game.  No header (see
 * STANDINGS_HANDS_CSV_HEADER).
 */
#define STANDINGS_HANDS_CSV_HEADER "uid,id,game,hand,player,seat,key,value"
void standings_hands_csv(FILE *f, const struct game_state *st, const char *uid, long id);

/* The text score table: one row per hand, totals, chips, pot, who is out,
 * what is next and the winner. */
void standings_print(FILE *f, const struct game_state *st, const struct game_ref *ref);

/* The short summary after a hand, its first line naming the game and the
 * hand ("Golf #2, hole 3: Ann 4 Bob 7"): this hand's points and the
 * totals. */
void standings_print_hand(FILE *f, const struct game_state *st, const struct game_ref *ref);
/* Its totals and what is next, without the hand (after `insert`, or an
 * insert taken back: the hand changed is not the last). */
void standings_print_totals(FILE *f, const struct game_state *st, const struct game_ref *ref);

/* How every line that reports a hand starts: "Golf #2" for the
 * game id (hand 0), "Golf #2, hole 3" for a hand, into buf (size bytes). */
void standings_hand_name(const struct game_state *st, long id, int hand, char *buf, size_t size);

#endif
