/* SPDX-License-Identifier: ISC */
/*
 * standings.h: showing a replayed game: the text score table and the JSON
 * documents of SPEC section 4.  Only cmd/ calls these; they never touch the
 * database.
 */
#ifndef TALLY_STANDINGS_H
#define TALLY_STANDINGS_H

#include <jansson.h>
#include <stdio.h>

#include "rules.h"

/* Who a JSON/text view describes: the game id and when it started. */
struct game_ref {
	long id;
	const char *started; /* as stored (UTC ISO 8601), may be NULL; shown local */
};

/*
 * The "players" array of SPEC section 4 for st: name, seat (1-based), total,
 * points (one per hand), for a game not scored in points "held" (the
 * counters held after each hand, one per hand), one key per shown hand column (an array of one
 * value per hand, as points), one key per shown game column, out and
 * rank.  A new reference; the caller json_decref()s it.
 */
json_t *standings_players_json(const struct game_state *st);

/* A column's value as JSON (COLS.md): null for COLUMN_NONE, a boolean
 * for COLUMN_FLAG, else an integer.  New reference. */
json_t *column_json(enum column_kind kind, long v);

/* The whole `show --json` object (SPEC section 4).  New reference. */
/* The game's status word, as JSON and CSV give it: "open", "over" or
 * "abandoned" (a static string). */
const char *standings_status(const struct game_state *st);

json_t *standings_show_json(const struct game_state *st, const struct game_ref *ref);

/* The `hand --json` object: {"hand": N, "points": {...}, "warnings": [...],
 * "players": [...], "next": "..."}.  New reference. */
json_t *standings_hand_json(const struct game_state *st, const struct warnings *w);

/* Print json (compact, one line) to f; 0 on success, -1 on a write error. */
int standings_print_json(FILE *f, json_t *json);

/* Print a JSON array an item at a time, byte for byte as
 * standings_print_json() prints the whole array, so that a long listing
 * needs no more memory than one item: json_stream_item() prints item
 * (which it takes and frees) with "[" or "," before it and counts it in
 * *n; json_stream_close() closes the array ("[]" when *n is 0), and
 * json_stream_end() closes it and ends the line. */
void json_stream_item(FILE *f, json_t *item, long *n);
void json_stream_close(FILE *f, long n);
void json_stream_end(FILE *f, long n);

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

/* How every line that reports a hand starts: "Golf #2" for the
 * game id (hand 0), "Golf #2, hole 3" for a hand, into buf (size bytes). */
void standings_hand_name(const struct game_state *st, long id, int hand, char *buf, size_t size);

#endif
