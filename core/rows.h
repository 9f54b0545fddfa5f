/* SPDX-License-Identifier: ISC */
/*
 * rows.h: what the store keeps of a replayed game, as plain values: each
 * seat's standing, and each hand's points, running totals, counters held,
 * details and note, and the chip moves of the ledger.  db/write.c writes
 * its derived rows from these and nothing else, so that the one replay of
 * a game (core/replay.c) can be taken apart from its writing: an import
 * replays each game once, when it checks it, and keeps these rows in its
 * scratch file (core/import.c) until the game is written.
 *
 * Units: points as the game scores them; chips, quarters or dimes; lives.
 * Nothing here is computed: each value is read off the state (or off the
 * scratch file that holds what was read off it).
 */
#ifndef TALLY_ROWS_H
#define TALLY_ROWS_H

struct game_state;
struct pool;

/* One seat after the last hand: the columns of table seat. */
struct rows_seat {
	long total;        /* points */
	long chips_value;  /* the counters held: the values of the game's */
	long lives_value;  /* columns "chips" and "lives", where it has them */
	long start_chips;  /* what its chips or lives are measured against
	                    * (settle_seat_net), where the game has a ledger */
	int out, rank, winner;
	int out_by;        /* 1 + the seat that put it out; 0: nobody */
	int side;          /* its partnership (core/sides.h), or -1 */
	int joined;        /* a late arrival's first hand (1-based), or 0 */
	long start;        /* the points a late arrival started from */
};

/* One hand: its note, and per seat its points, the counters held after it
 * (held NULL when the game keeps none) and the detail shown (cards or
 * roles; each may be NULL). */
struct rows_hand {
	const char *note;
	const long *points, *held;
	const char *const *detail;
};

/* One move of the ledger (core/ledger.h struct ledger_move). */
struct rows_move {
	int hand, from, to;
	long amount;
	const char *reason;
};

struct game_rows {
	int nplayers, nhands;
	int over, closed;          /* over by the rules; ended early (1, 2) */
	int chips_column;          /* the game shows a column "chips" */
	int lives_column;          /* and one "lives" */
	int has_ledger;
	struct rows_seat *seat;    /* nplayers */
	int from;                  /* the first hand (1-based) held: hand[0] */
	long *before;              /* nplayers running totals after hand from - 1 */
	struct rows_hand *hand;    /* hands from..nhands */
	int nmoves;
	struct rows_move *move;    /* the moves of hands from..nhands, in order */
	const char *standings;     /* the standings the export writes of the
	                            * game (core/json.h view_players_text), where
	                            * the rows carry them (an import's); NULL:
	                            * the store makes them from the state */
	struct pool *pool;         /* what the rows own (rows_release) */
};

/*
 * The rows of st, with the hands from `from` (1-based) on; from < 1 or past
 * st->nhands holds none.  The hands' arrays and texts are st's, borrowed:
 * *out is good while st is.  Release with rows_release().
 */
void rows_from_state(const struct game_state *st, int from, struct game_rows *out);
void rows_release(struct game_rows *r);

#endif
