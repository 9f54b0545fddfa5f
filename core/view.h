/* SPDX-License-Identifier: ISC */
/*
 * view.h: what a person sees of one game (or one night), built once from
 * the replayed state, and read by every renderer: the text standings of
 * `show`, the JSON of SPEC section 4, the CSV export and the score pad.
 *
 *   replayed state --view_build()--> struct view --> text, JSON, CSV, PDF
 *
 * view_build() walks what the game declares (core/rules.h: its scoring,
 * its game columns, its hand columns with their pad places, its across
 * labels, its notes, its options) and copies out every value a renderer
 * prints, so no renderer reads struct game_state or asks what kind of game
 * it is.  A column a game adds to its declaration reaches every renderer
 * through the view with no renderer edited.
 *
 * Ownership: a view owns every string and array in it (heap, freed by
 * view_free()), except `rules`, which points at the game's static rules.
 * A view does not keep the state: free the state whenever you like.
 *
 * Values: every per-seat array has `nplayers` elements in seat order.
 * Points, chips, quarters and lives are whole numbers; COLUMN_NONE
 * (core/rules.h) marks an empty cell (JSON null, an empty CSV field, an
 * empty box on a pad).
 */
#ifndef TALLY_VIEW_H
#define TALLY_VIEW_H

#include <stdio.h>

#include "rules.h"

/* Who a view describes, as the store knows the game; every pointer is
 * borrowed for the call to view_build() only (the view copies). */
struct view_sub {
	int seat;          /* 0-based */
	int hand;          /* the first hand (1-based) they play */
	const char *name;  /* who plays the seat from that hand on */
};
struct view_ref {
	long id;             /* the game's id ("Golf #3") */
	const char *started; /* as stored, UTC ISO 8601, or NULL */
	const char *uid;     /* the game's uid (CSV export), or NULL */
	int nsubs;
	const struct view_sub *subs; /* substitutes in hand order (`tally sub`) */
};

/* One seat of the grid. */
struct view_player {
	char *name;     /* the seat's own player */
	char *sub;      /* who plays the seat now, or NULL */
	long total;     /* total points (0 where the game has no points) */
	long measure;   /* what decides the game now: points, or counters held
	                 * (state_measure(); the name is view.measure_name) */
	long start;     /* the counters held before hand 1 (the ledger's
	                 * opening: "starting chips"); 0 without stakes */
	int out;        /* 1: eliminated, bankrupt, resigned or retired */
	int out_order;  /* 1 = first out ...; 0 while in */
	int winner;     /* 1: a winner (only once the game is over or closed) */
	int rank;       /* place: 1 = best, ties share */
	int joined;     /* a late arrival (`tally join`): the first hand
	                 * (1-based) they played; the hands before hold
	                 * COLUMN_NONE for them (an empty cell).  0: from the
	                 * first hand */
	long joined_with; /* what they sat down with: points where the measure
	                 * is points, else the counters (a buy-in's lives) */
};

/* A side: seats that play as one (a partnership).  Empty (nsides 0) in a
 * game of single players; renderers print sides only when there are some. */
struct view_side {
	char *name;     /* "Ann & Cid" */
	int nseats;
	int *seats;     /* 0-based seats of the side, in seat order */
	long total;     /* the side's total points (core/sides.h side_total) */
	int rank;       /* the side's place: 1 = best, ties share; sides
	                 * count, not seats (the losing side of two is 2nd) */
	long *points;   /* nhands: the side's points in each hand */
};

/*
 * A labelled line of values, one per seat: a hand line (a hand column of
 * the game, under each hand: "clean books") or a foot line (a game
 * column, once for the game: "best deal", "final").  Declared by the game
 * (struct hand_column, struct column); only the lines the game shows now
 * (their `shown`) are in a view.
 */
struct view_line {
	const char *key;    /* the JSON and CSV key: "clean"; static */
	const char *label;  /* the text and pad label: "clean books"; NULL:
	                     * JSON, CSV and export only; static */
	const char *across_label; /* place SHEET_ACROSS: the heading of its
	                     * sub-column ("game 2"), else NULL; static */
	enum column_kind kind;   /* COLUMN_FLAG: 0/1, JSON true/false */
	enum sheet_place place;    /* where it goes on a pad */
	int across;              /* SHEET_ACROSS: the sub-column, 1-based */
	/* A hand line: how it adds up into the hand's points, and the worth
	 * of one under the options in force (struct hand_column: points, or
	 * cents for COUNTS_MONEY); a pad's label prints them ("clean books
	 * × 500").  A foot line: COUNTS_NONE. */
	enum column_counts counts;
	long per;
	long *v;                 /* nplayers values (COLUMN_NONE: empty) */
};

/* One hand (row) of the grid. */
struct view_hand {
	int n;              /* 1-based */
	char *label;        /* its row label on a pad: "Hole 3", "Deal 2"
	                     * (rules_hand_label()) */
	long *points;       /* nplayers points scored in the hand (COLUMN_NONE:
	                     * a late arrival's seat before they joined, as in
	                     * held, lines and detail NULL) */
	long *held;         /* nplayers: the measure after the hand (the
	                     * running total of points, or the counters held
	                     * after it: state_hand_measure()) */
	char **detail;      /* nplayers display strings (cards, roles) or NULL
	                     * entries; shown in place of points where
	                     * view.show_detail */
	int nlines;         /* the hand lines, in view.hand_lines order */
	struct view_line *lines;
	char *note;         /* what happened ("Ann knocked"), or NULL */
	char *sheet_note;   /* the pad's note cell ("ante 9 x2, D wins"), or
	                     * NULL; view.sheet_note_label heads the column */
	long pot;           /* the pot after the hand (where view.has_pot) */
};

struct view {
	const struct game_rules *rules; /* static; for what a renderer may
	                     * still ask the rules (hand_label of blank rows) */
	long id;
	char *uid;          /* or NULL */
	char *started;      /* as stored (UTC), or NULL; renderers show it local */
	char *title;        /* "Golf", or a score pad's own title */
	char *table_name;   /* the game in a table (CSV): title or rules name */
	int titled;         /* 1: table_name is a title the options give (a
	                     * score pad's "Hearts"), text CSV quotes */
	const char *game;   /* the rules name (rules->name); static */
	const char *hand_word;   /* "hole"; static */
	int over;           /* over by its rules */
	int closed;         /* stopped early: GAME_ENDED_EARLY (`tally end`),
	                     * GAME_ABANDONED (`tally end --abandon`), or 0 */
	const char *status; /* "open", "over" or "abandoned" (SPEC section 4's
	                     * "status"); static */
	char *next;         /* "hole 4 (dealer Cid)", or "game over" */
	int dealer;         /* seat who deals next */

	/* How it is scored and what it counts (static strings). */
	int scores_points;  /* 1: hands have points and the game a total */
	int show_detail;    /* 1: a hand's cell is its detail, not its points */
	const char *measure_name; /* "points", "chips", "quarters", "lives" */
	const char *chips_name;   /* what the counters are called */
	int has_pot;        /* the game keeps stakes with a pot */
	const char *pot_name;     /* "pot", "centre", "jar" */
	long pot;           /* the pot now */

	/* The grid: players (or sides) across, hands down. */
	int nplayers;
	struct view_player *players;
	int nsides;         /* 0: no sides (filled by view_add_side()) */
	struct view_side *sides;
	int nhands;
	struct view_hand *hands;
	/* The hand lines the game shows, as every hand holds them (v NULL
	 * here: the declaration only; a blank pad reads its labels). */
	int nhand_lines;
	struct view_line *hand_lines;
	const char *const *across_labels; /* headings of the SHEET_ACROSS
	                     * sub-columns, NULL-terminated, or NULL; static */
	const char *sheet_note_label; /* heading of the pad's note column, or
	                     * NULL: the game notes nothing per hand; static */
	/* The game lines at the foot (game columns shown now). */
	int nfoot;
	struct view_line *foot;
	/* Grids of game columns printed together at the top level of the
	 * JSON (struct column_grid): ngrids keys, each with rows of
	 * foot-line values. */
	int ngrids;
	struct view_grid {
		const char *key;    /* static */
		int nrows;
		long **rows;        /* nrows arrays of nplayers values */
	} *grids;

	/* Words. */
	int nnotes;
	char **notes;       /* the game's own lines under the table (its notes
	                     * method): "pack for 4: 52 cards ..." */
	int nsubs;
	struct view_sub_line {
		int seat, hand;
		char *name;
	} *subs;            /* substitutes, in hand order */
	int noptions;
	struct view_option {
		char *key, *value;
		int set;        /* 1: chosen (by the user or the preset), 0: a
		                 * default */
	} *options;         /* the options in force, as stored */
	char *rules_words;  /* the rules in force in words, lines separated
	                     * by '\n' (options_words(): the preset played,
	                     * then each option that differs from it); what a
	                     * pad's footer prints */
	int blank_rows;     /* rows a blank pad of this game prints
	                     * (rules_sheet_rows()) */
	int layout_rows, layout_cols; /* the layout each player is dealt
	                     * (rules_layout_shape()); 0: none */
};

/*
 * Build the view of st (a replayed game, or a fresh state with no hands
 * for a blank pad) as ref describes it (ref may be NULL: id 0, no date,
 * no substitutes).  Never fails (allocation failure aborts, as xmalloc
 * does).  Free with view_free().
 */
struct view *view_build(const struct game_state *st, const struct view_ref *ref);
void view_free(struct view *v);

/* Give v a side named name (copied) of seats[0..n-1] (copied, 0-based).
 * Renderers show sides when a view has any. */
void view_add_side(struct view *v, const char *name, const int *seats, int n);

/* What late arrival seat i of v sat down with, as words: "31 points",
 * "3 lives" (into buf, size bytes); returns buf. */
const char *view_joined_with(const struct view *v, int i, char *buf, size_t size);

/* The place of seat as words: "1st", "2nd", "11th" into buf (size bytes);
 * returns buf. */
const char *view_ordinal(int n, char *buf, size_t size);
/* v with thousands separators, "1,765", "-2,040", into buf (size bytes);
 * returns buf.  For sides' totals, which run to thousands. */
const char *view_number(long v, char *buf, size_t size);

/*
 * A night is a view too: the games of one evening, each a view, in the
 * order they started.  The caller builds each game's view and hands it
 * over with view_night_add (the night then owns it).
 */
struct view_night {
	char *name;          /* the night: its local date, or a club night's name */
	int ngames;
	struct view **games; /* owned */
};
struct view_night *view_night_new(const char *name);
void view_night_add(struct view_night *n, struct view *game);
void view_night_free(struct view_night *n);

/*
 * The text renderer.  view_print_standings: the score table of v: the
 * title line, the names, a row per hand (points, the counters held, or
 * the detail) with a row per labelled hand line under it, the total, the
 * labelled foot lines, the rank, who is out, the pot, the winner or what
 * comes next, the game's notes, and the sides when v has some (what
 * `end` and `redo` print).  view_print_text: all of that, then the
 * options chosen and the substitutes (`show`).
 */
void view_print_standings(FILE *f, const struct view *v);
/* The short summary after v's last hand (v has one), its first line
 * naming the game and the hand ("Golf #2, hole 3: Ann 4 Bob 7"), the
 * hand's note, this hand's points or changes and the totals or counters,
 * then the pot and the winner or what comes next (what `hand` prints). */
void view_print_hand(FILE *f, const struct view *v);
void view_print_text(FILE *f, const struct view *v);

/*
 * The CSV renderer: the hands format of `export` (core/csv.h): one record
 * "uid,id,game,hand,player,seat,key,value" per hand, seat and value
 * ("points", "held" where the game has no points, then each hand line by
 * its key), then per seat its total and each foot line, the hand field
 * empty.  No header (VIEW_HANDS_CSV_HEADER).
 */
#define VIEW_HANDS_CSV_HEADER "uid,id,game,hand,player,seat,key,value"
void view_print_csv(FILE *f, const struct view *v);

/*
 * The JSON renderer (core/json.c, the only file that includes jansson):
 * `show --json`'s object of SPEC section 4 for v, compact, on one line.
 * Returns 0, or -1 on a write error.
 */
int view_print_json(FILE *f, const struct view *v);

#endif
