/* SPDX-License-Identifier: ISC */
/*
 * patience.h: what the one-player patience games share (games/accordion.c,
 * games/cribbage_solitaire.c): each player's plays and wins, and the end of
 * a session.  Several players may each play a deal and enter their own
 * result in the same round (a patience race).
 */
#ifndef TALLY_PATIENCE_H
#define TALLY_PATIENCE_H

#include <stdio.h>

#include "../core/rules.h"
#include "../core/state.h"

/* Every patience game's priv starts with this: each player's plays and
 * wins of the session (flat, so the game's priv_size copy takes it). */
#define PATIENCE_MAX_PLAYERS 12
/* Why a patience game takes no late arrival: every player plays the same
 * number of deals of their own (RULES.md section 2). */
#define PATIENCE_JOIN_REASON "every player plays the same deals from the first (RULES.md section 2)"
struct patience_tally {
	int plays[PATIENCE_MAX_PLAYERS], wins[PATIENCE_MAX_PLAYERS];
};

/* What a patience game shows of each player: plays and wins (JSON). */
extern const struct column patience_columns[];
/* The hand columns of the Accordion family: "left", the cards or piles
 * each deal left (JSON only; the hand's detail shows it), then the results
 * log: "scored" (the deal's points, data only: the win, 1 or 0)
 * and "won".  patience_score_columns is the results log with the score on
 * the pad ("deal score", Cribbage Solitaire, which counts nothing left).
 * Empty for a player who did not play the round. */
extern const struct hand_column patience_hand_columns[];
extern const struct hand_column patience_score_columns[];
/* The deals won, a night's highlight (core/rules.h, struct highlight). */
extern const struct highlight patience_highlights[];

/* Record one play by seat: won (0/1), the deal's points (the win itself,
 * 0 or 1, for the Accordion family; the score for Cribbage Solitaire,
 * added to the total), the cards or piles left (the hand column "left", where the game
 * lists it) and what to show ("4 piles, soft win"), into the hand record hr,
 * with its results-log columns. */
void patience_record(struct game_state *st, struct hand_record *hr, int seat, int won,
    long points, long left, char *detail);

/*
 * Check one player's result: value is what was entered for seat; on ST_OK
 * *won (0/1), *points (the deal's points, see patience_record), *left
 * (cards or piles left, 0 where the game counts none) and *detail (heap)
 * are set.
 */
typedef enum status (*patience_check_fn)(const struct game_state *st,
    const struct hand_entry *e, int seat, const char *value, int *won, long *points,
    long *left, char **detail, struct diag *d);

/*
 * The apply method the patience games share: every player who entered a
 * result is checked with check, at least one must have played, and the
 * round is recorded.  A field given without the result is refused.
 */
enum status patience_apply(struct game_state *st, const struct hand_entry *e,
    patience_check_fn check, struct diag *d);

/* `show`: plays, wins and win rate per player, and the published odds (may
 * be NULL) beside them. */
void patience_notes(const struct game_state *st, struct strbuf *sb, const char *odds);

/* Table mode: each player's result, skipped with Enter. */
int patience_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g);
void patience_deal_help(const struct game_state *st, char *buf, size_t size);

/* "round 4" */
void patience_describe_next(const struct game_state *st, char *buf, size_t size);
void patience_hand_label(const struct optset *o, int n, char *buf, size_t size);
int patience_sheet_rows(const struct optset *o, int nplayers);

#endif
