/* SPDX-License-Identifier: ISC */
/*
 * state.h: the replayed state of one game (struct game_state), what each
 * player holds and each hand produced, and the core's questions about it
 * for the printers (state_measure() ...).  The core owns the state; a game
 * changes it only from its apply (core/rules.h) and keeps its own extra
 * state behind `priv`.  Every function here takes a state made by
 * state_new() or rules_replay().
 */
#ifndef TALLY_STATE_H
#define TALLY_STATE_H

#include "rules.h"

/* One player's running state; the core fills name and seat. */
struct player_state {
	char *name;     /* heap, owned by the state */
	long total;     /* running score in points */
	long held;      /* the counters held, in the unit rules_chips_name()
	                 * names: chips or quarters (state_has_chips: bank +
	                 * pile), or lives (SCORING_LIVES: the bank) */
	long bank, pile;/* from the ledger: chips held, chips on the table (with
	                 * SCORING_LIVES: the pot won, apart from the lives) */
	int lives;      /* lives left (SCORING_LIVES) */
	int out;        /* 1: eliminated, bankrupt, resigned or retired */
	int out_order;  /* 1 = first out, 2 = second ...; 0 while in */
	int out_by;     /* 1 + seat of the player who put this one out; 0 = nobody */
	int winner;     /* set by the game once the game is over */
	int rank;       /* 1 = best; filled by rules_rank() */
	int joined;     /* a late arrival (`tally join`): the first hand
	                 * (1-based) the seat plays; 0: a seat from the start */
	long start;     /* the points a late arrival started from (its hands'
	                 * points are added to it); 0 from the start */
	long joined_with; /* a late arrival's measure when they sat down
	                 * (state_measure: points, or a buy-in's lives) */
};

/* The column of st's game with this JSON key when st shows it now, else
 * NULL. */
const struct column *state_column(const struct game_state *st, const char *key);
/* Column values: p[seat].held, .bank, .pile, .lives (a game's own
 * columns read its priv with value functions of its own). */
long state_chips(const struct game_state *st, int seat);
long state_bank(const struct game_state *st, int seat);
long state_pile(const struct game_state *st, int seat);
long state_lives(const struct game_state *st, int seat);

/* What one replayed hand produced. */
struct hand_record {
	long *points;    /* nplayers points scored this hand */
	char **detail;   /* nplayers display strings (cards, roles) or NULL */
	long *held;      /* nplayers counters held after the hand (with a
	                  * ledger), as player_state.held */
	long *cols;      /* the hand columns: [c * nplayers + seat] for column c
	                  * of rules->view.hand_columns, COLUMN_NONE where unset;
	                  * NULL when the game has none.  Set with state_hand_set(). */
	long pot;        /* pot/jar after the hand */
	char *label;     /* "hole 3" */
	char *note;      /* what happened: "Ann knocked; Dee pays a quarter" */
	char *sheet_note; /* the sheet's note column, e.g. "ante 9 x2, D wins,
	                  * centre 9", where rules->sheet.sheet_note_label is set;
	                  * else NULL.  Owned, freed with the state. */
	int one_block;   /* points, held, cols, detail (the array) and label
	                  * are one heap block at points (state_add_hand):
	                  * the state's own business, kept whole or copied */
};

struct game_state {
	const struct game_rules *rules;
	struct optset opts;  /* owned copy */
	int nplayers;
	struct player_state *p;
	int nhands;
	struct hand_record *hands;
	int dealer;        /* seat index of who deals the next hand */
	int first_dealer;  /* who dealt hand 1 */
	char **entries;    /* the canonical text of every hand applied ... */
	int nentries;      /* ... and how many (equals nhands between calls) */
	int over;          /* the game has ended by its rules */
	int closed;        /* GAME_ENDED_EARLY by `tally end`, GAME_ABANDONED by
	                    * `tally end --abandon`, else 0 */
	long pot;          /* pot / centre / jar */
	struct ledger *ledger;  /* the chip ledger of a game with stakes, else NULL;
	                         * owned by the state.  The core derives chips,
	                         * bank, pile and pot from it after every hand. */
	void *priv;        /* the game's own state, freed by rules->free_priv */
	char **sub;        /* NULL, or per seat the substitute playing it now
	                    * (`tally sub`) or NULL; owned.  Entries may name
	                    * the seat by either; they are stored with the
	                    * seat's own player (p[].name).  Set by state_set_sub. */
	struct pool *pool; /* NULL, or what a checkpoint (core/checkpoint.h)
	                    * gave: the hand records hands[0..pool_hands-1],
	                    * their strings and arrays, and entries[0..
	                    * pool_hands-1], freed all at once with the state */
	int pool_hands;
	int hands_room;    /* hands[] and entries[] have room for this many */
	int entries_room;  /* (xgrow(); 0: for nhands, nentries only) */
};

/*
 * What st keeps besides points, for the printers.  Derived from the
 * declared scoring and from whether the game keeps a ledger (its stakes
 * may depend on options, as Golf's quarters do), never set by a game:
 *   state_scoring:    rules->score.scoring, or what its direction_option says;
 *   state_has_pot:    a pot (the ledger's LEDGER_POT) exists;
 *   state_has_chips:  players hold chips (a ledger, not SCORING_LIVES);
 *   state_has_lives:  players hold lives (SCORING_LIVES);
 *   state_no_points: no points at all (SCORING_CHIPS or SCORING_LIVES).
 */
enum scoring state_scoring(const struct game_state *st);
int state_has_pot(const struct game_state *st);
int state_has_chips(const struct game_state *st);
int state_has_lives(const struct game_state *st);
int state_no_points(const struct game_state *st);
/* Whether chips held rank the players still in (rules_rank): a ledger
 * of stakes that cannot run below zero. */
int state_ranks_by_chips(const struct game_state *st);

/*
 * What decides st's game, for every printer (show, sheets, the night
 * report, export, the store): one measure, so no printer asks what kind of
 * game it is.  The measure is the counters where they rank the players
 * (state_ranks_by_chips: Bankrupt's chips, Chase the Ace's lives, house
 * Golf's quarters), else the points.
 *   state_measure_name: "points", or rules_chips_name() ("chips",
 *                       "quarters", "lives"); static text;
 *   state_measure:      seat's measure now (total points, or counters held);
 *   state_hand_measure:       seat's measure after hand h (0-based): the running
 *                       total of points, or the counters held after it (a
 *                       late arrival before they sat down: what they sat
 *                       down with);
 *   state_measure_points: 1 when the measure is points (a pad cell shows a
 *                       hand's points and the running total), 0 when it is
 *                       counters (a cell shows what is held after the hand).
 * A game with points AND counters that do not decide it (Golf's standard
 * knock pot) is measured in points; its counters are a column ("chips").
 */
const char *state_measure_name(const struct game_state *st);
long state_measure(const struct game_state *st, int seat);
long state_hand_measure(const struct game_state *st, int h, int seat);
int state_measure_points(const struct game_state *st);

/*
 * A fresh state for rules with seats names[0..n-1] (copied), a copy of the
 * option set and the first dealer's seat; calls rules->init.  Returns NULL
 * with d set on error.  Free with state_free().
 */
struct game_state *state_new(const struct game_rules *rules, char *const *names,
    int n, const struct optset *opts, int dealer, struct diag *d);
void state_free(struct game_state *st);

/*
 * Seat a late arrival called name (copied) in st from hand `hand` (1-based,
 * st->nhands + 1: the next) on, as the game declares (rules_join): the
 * seat after the last (st->nplayers, so every seat keeps its index: the
 * newcomer sits between the last seat and the first, to the right of the
 * first seat); the hands before have no cell for it.  JOIN_TOTAL: it
 * starts from `total` points, or with JOIN_BY_RULE from the worst total
 * now (the highest where low wins, else the lowest), so joining late never
 * helps; JOIN_BUY_IN: the game's seat_newcomer buys it in through the
 * ledger.  Errors: ST_RULE when the game takes no newcomer, the game's
 * (ST_INTERNAL) when the buy-in does not hold; st is then only fit for
 * state_free().
 */
enum status state_join(struct game_state *st, const char *name, int hand, long total, struct diag *d);

/* Say that name (copied; NULL: nobody) plays seat from now on in st. */
void state_set_sub(struct game_state *st, int seat, const char *name);

/* Who plays seat now: its substitute (state_set_sub) or its own player,
 * p[seat].name; st keeps the string.  For the sentences that say what a
 * person did in a hand ("Zoë scores 55"); the seat's total, place and
 * win stay under p[seat].name. */
const char *state_playing(const struct game_state *st, int seat);

/* Give st a chip ledger (stakes: chips or lives, and a pot); returns it. */
struct ledger *state_use_ledger(struct game_state *st);

/* Copy the ledger's balances into p[].held/bank/pile and pot. */
void state_sync_ledger(struct game_state *st);

/* Append a zeroed hand record with `label`; returns it (owned by st).
 * Its hand columns (if the game has any) are all COLUMN_NONE. */
struct hand_record *state_add_hand(struct game_state *st, const char *label);

/* Score pts points (may be negative) to seat in hand hr, the hand just
 * added with state_add_hand(): adds them to hr->points[seat] and to the
 * seat's running total p[seat].total.  The one writer of both, so a
 * total is always the sum of its hands' points. */
void state_score(struct game_state *st, struct hand_record *hr, int seat, long pts);

/* Set / read hand column c (an index into st->rules->view.hand_columns) of
 * seat in hr, a hand of st.  state_hand_get gives COLUMN_NONE for an unset
 * value or a game without the column. */
void state_hand_set(const struct game_state *st, struct hand_record *hr, int c, int seat, long v);
long state_hand_get(const struct game_state *st, const struct hand_record *hr, int c, int seat);

/* The place (out_order) of the last player out of st, 0 while nobody
 * is: where a game counting its players out goes on from. */
int state_last_out(const struct game_state *st);

/* The game is over and the best total wins, ties shared: the lowest or
 * the highest as state_scoring() says, over every seat.  For a game's
 * apply at its end. */
void state_best_total_wins(struct game_state *st);

/*
 * For the generic printers: what they need to print
 * whatever a game declares, never what kind of game it is.
 *   state_scores_points: 1 when st's declared scoring (state_scoring) is in
 *       points, the lowest or the highest best: each hand has points and
 *       the game a total; 0 under SCORING_CHIPS and SCORING_LIVES, where a
 *       hand only changes what players hold (state_hand_measure).
 *   state_column_shown / state_hand_column_shown: whether st shows game
 *       column col / hand column c (an index into rules->view.hand_columns)
 *       now: its `shown` method, or always.
 */
int state_scores_points(const struct game_state *st);
int state_column_shown(const struct game_state *st, const struct column *col);
int state_hand_column_shown(const struct game_state *st, int c);

#endif
