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
 * Ownership: a view owns every string and array in it (heap, or its
 * pool for the hands', freed by view_free()), except `rules`, which
 * points at the game's static rules, and the points, details and notes
 * of the hands a checkpoint gave the state: those stay in the state's
 * pool, of which the view holds a share (util.h pool_share).
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
	char *const *recorded; /* when each live hand was recorded (UTC), in
	                      * hand order, or NULL: with started, the play
	                      * time (core/when.h when_sittings) */
	const char *note;    /* the game's note (`tally note`), or NULL */
	long nrecorded;      /* recorded[0..nrecorded-1] */
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
	int out_by;     /* 1 + the seat who put this one out; 0: nobody */
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
	const char *highlight;   /* what a night's highlights call it
	                          * (gin), or NULL: not one; static */
	/* A hand line: how it adds up into the hand's points, and the worth
	 * of one under the options in force (struct hand_column: points, or
	 * cents for COUNTS_MONEY); a pad's label prints them ("clean books
	 * × 500").  A foot line: its game column's unit (struct column:
	 * "pot won at 10¢"), else COUNTS_NONE. */
	enum column_counts counts;
	long per;
	long *v;                 /* nplayers values (COLUMN_NONE: empty) */
};

/* One hand (row) of the grid. */
struct view_hand {
	int n;              /* 1-based; its row label on a pad ("Hole 3",
	                     * "Deal 2") is rules_hand_label()'s, as a blank
	                     * row's is */
	long *points;       /* nplayers points scored in the hand (COLUMN_NONE:
	                     * a late arrival's seat before they joined, as in
	                     * held, lines and detail NULL) */
	long *held;         /* nplayers: the measure after the hand (the
	                     * running total of points, or the counters held
	                     * after it: state_hand_measure()); COLUMN_NONE
	                     * before a late arrival sat down */
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

/* Rows a filled pad of an open game of no fixed length keeps to write
 * the next hands in (view.spare_rows). */
#define VIEW_SPARE_ROWS 3

struct view {
	const struct game_rules *rules; /* static; for what a renderer may
	                     * still ask the rules (hand_label of blank rows) */
	long id;
	char *uid;          /* or NULL */
	char *started;      /* as stored (UTC), or NULL; renderers show it local */
	long play_minutes;  /* its time at the table, its sittings summed
	                     * (core/when.h when_sittings), -1: not known
	                     * (under two hands) */
	char *note;         /* the game's note (`tally note`), or NULL */
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
	int lowest_best;    /* 1: the lowest points are best (Golf) */
	int measure_points; /* 1: the measure is points (state_measure_points) */
	int out_of_game;    /* 1: a player out is out of the game (struct
	                     * game_scoring.out_scope), 0: only of a deal */
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
	int first;          /* hands[0..first-1] are left out (zeroed):
	                     * view_build_last(); 0 in a whole view */
	struct pool *pool;  /* where the hands' arrays and strings are
	                     * (util.h), freed with the view */
	struct pool *shared; /* NULL, or the share of the state's pool
	                     * where the hands a checkpoint gave keep theirs */
	/* The hand lines the game shows, as every hand holds them (v NULL
	 * here: the declaration only; a blank pad reads its labels). */
	int nhand_lines;
	struct view_line *hand_lines;
	const char *const *across_labels; /* headings of the SHEET_ACROSS
	                     * sub-columns, NULL-terminated, or NULL; static */
	const char *running_label; /* heading of the pad's running figure
	                     * ("wins"), or NULL: "total"; static */
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
	int length;         /* the hands the game lasts under the options in
	                     * force (rules_length(): Golf's holes, Trash's
	                     * twelve contracts, Hand & Foot's rounds); 0: no
	                     * fixed number (a target, an elimination, a
	                     * match or `tally end` ends it) */
	int spare_rows;     /* rows a filled pad keeps past the hands played
	                     * to write the next ones in (SPEC section 7):
	                     * VIEW_SPARE_ROWS while a game of no fixed length
	                     * is open (fewer where its blank pad's rows, the
	                     * most hands it can take, are nearer); 0 once it
	                     * is over or ended, and in a game of fixed
	                     * length, whose open pad prints every row to its
	                     * length as the blank pad does */
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
/* The same with only the last `last` hands of st (all when st has no
 * more): v->first says where they start, and the cost does not grow
 * with the game's length: what view_print_hand reads (the last two).
 * JSON, CSV and the pad read whole views. */
struct view *view_build_last(const struct game_state *st, const struct view_ref *ref, int last);
/* Only what the JSON renderer's "players" reads (view_write_players): the
 * players, every hand with its lines, the foot lines and the sides, with
 * whether the game scores points and how it ended; the rest is left empty.
 * What the store keeps for the export is made of it (core/json.h,
 * view_players_text), once for every game an import writes. */
struct view *view_build_players(const struct game_state *st);
void view_free(struct view *v);

/* Give v a side named name (copied) of seats[0..n-1] (copied, 0-based).
 * Renderers show sides when a view has any. */
void view_add_side(struct view *v, const char *name, const int *seats, int n);

/* What late arrival seat i of v sat down with, as words: "31 points",
 * "3 lives" (into buf, size bytes); returns buf. */
const char *view_joined_with(const struct view *v, int i, char *buf, size_t size);

/* 1 when v was abandoned (`tally end --abandon` before it was over): no
 * result and no places, counted nowhere (SPEC section 4); else 0. */
int view_abandoned(const struct view *v);

/* 1 when v was ended by `tally end` before any hand was played: no hands,
 * so no winner and no places (README "Nothing is lost by one command");
 * else 0.  view_no_places: 1 when v has no places to show: abandoned,
 * or no hand played yet (open, or ended so); no renderer prints a rank
 * then (text: no rank row and no side's ordinal, JSON: null). */
int view_ended_unplayed(const struct view *v);
int view_no_places(const struct view *v);

/* A foot line's row label in a table, into buf (size bytes): its label,
 * a SHEET_ACROSS line's headed by its sub-column ("game 2 final");
 * returns buf. */
const char *view_foot_label(const struct view_line *l, char *buf, size_t size);
/* 1 when line l has no value (COLUMN_NONE) for any of its n seats: a foot
 * line nothing has filled yet (Gin's final with end bonuses while the
 * game is open), which no table shows; else 0. */
int view_line_empty(const struct view_line *l, int n);

/* The place of seat as words: "1st", "2nd", "11th" into buf (size bytes);
 * returns buf. */
const char *view_ordinal(int n, char *buf, size_t size);
/* v with thousands separators, "1,765", "-2,040", into buf (size bytes);
 * returns buf: grouped_number() (core/util.h), as every score prints. */
const char *view_number(long v, char *buf, size_t size);

/*
 * A night is a view too: the games of one evening, each a view, in the
 * order they started, and what the night made of them: its players in
 * the night's order with their wins and places, its champion, its
 * highlights and its settle-up.  Built once by view_night_build() and
 * read by every renderer: the text and JSON of `tally night ID`
 * (view_night_print_text(), view_night_json() in core/json.c) and the
 * night report (core/sheet_night.h).
 *
 * Which games count: a game over or ended early with a hand played, not
 * abandoned (`tally end --abandon`: no result, counted nowhere).  A game
 * still going is listed in progress and counts nowhere yet (as in
 * `tally stats`); while one is, the champion is only leading.
 *
 * The champion: the most wins; between equal wins, the better (lower)
 * average place over the games the player played; players level on both
 * share the place (VIEW_NIGHT_CHAMPION_RULE says it in words).
 */
#define VIEW_NIGHT_CHAMPION_RULE "most wins, then the best average place"

/* One game of the night. */
struct view_night_game {
	struct view *v;      /* owned */
	char *title;         /* "Golf #3" */
	int counts;          /* 1: over or ended with a hand played, not
	                      * abandoned, its last hand played this night:
	                      * it has places */
	char *sitting;       /* "continued from night #1 \"W1\": 6 holes
	                      * tonight", "continued on night #2 \"W2\"
	                      * (its result counts there)", or NULL */
	int from, to;        /* its hands played this night, v->hands[from..to-1]
	                      * (all of them unless continued): the
	                      * highlights tell only these */
	int tells_end;       /* 1: its last hand was played this night, so
	                      * the highlights of the game so far (foot
	                      * lines, who went out) are told here */
	char *result;        /* "winner: Ann after 9 holes", "not played",
	                      * "in progress after 3 holes", "abandoned ...";
	                      * sides open: "in progress after 1 round; so
	                      * far 1st Ann & Cid ..." */
	char *winners;       /* "Ann, Bob" (a side named once), "" for none */
	char **standing;     /* per seat: "42 points, 1st (winner)", while
	                      * the game is open "42 points, 1st so far",
	                      * a late arrival's "...; joined at hole 2 with
	                      * 20 points", "" while not played */
	int *who;            /* per seat: the index of the seat's player in
	                      * view_night.who (a player's colour all night) */
	long *series;        /* nplayers x (nhands + 1), a row per seat: the
	                      * measure at the start and after each hand; a
	                      * late arrival's row starts after the hand they
	                      * joined at (their first row in the score
	                      * table), COLUMN_NONE (no point) before */
};

/* One player of the night. */
struct view_night_player {
	char *name;
	int place;           /* 1 = best; 0: no game of theirs counts */
	int tied;            /* 1: shares the place */
	int games, won;      /* games that count, games won (a side's win is
	                      * each partner's) */
	int rank_sum;        /* the places over those games: the average
	                      * place is rank_sum / games */
	int outs, put_out;   /* times out of a game; players they put out */
	int *places;         /* per night game: the place in it, 0: not in it
	                      * or it does not count */
	int *tied_in;        /* per night game: 1: another player (not a
	                      * partner) shares that place */
};

/* A fact of one game worth telling the table, from what the game
 * declares (a hand column's or game column's highlight), its best hand
 * (games in points), and who went out (games with eliminations). */
struct view_highlight {
	int game;            /* index into view_night.games */
	const char *kind;    /* "best_hand", "out", or the column's key
	                      * (gin, won); static */
	char *text;          /* "best hole: Ann -5 (hole 4)" */
};

/* The settle-up (cmd/settle-up.h works it out; `tally settle`). */
struct view_night_payment {
	char *from, *to;
	long cents;
};
struct view_night_settle {
	int ngames;          /* games that carried money; 0: nothing to settle */
	char **games;        /* "Golf #4 (quarters at $0.25)" */
	int nparties;
	char **party;        /* players */
	long *cents;         /* per party: net cents won (+) or lost (-) */
	int npay;
	struct view_night_payment *pay; /* the fewest payments */
	char *skipped;       /* "Gin Rummy #6 is still going ...", or NULL */
	char *carried;       /* where a pot left unwon was won later in the
	                      * night ("Chase the Ace #2's pot went on to ..."), or NULL */
};

struct view_night {
	long id;
	char *name;          /* the night: its local date, or a club night's name */
	char *started, *ended; /* as stored (UTC); ended NULL while open */
	int ngames;
	struct view_night_game *games;
	int ncounted;        /* games that count */
	int nplayers;
	struct view_night_player *players; /* in the night's order: by place,
	                      * then by name */
	int nchampions;      /* players[0..nchampions-1] share first place;
	                      * 0: no game counts yet */
	int nwho;
	char **who;          /* every player of the night, in the order first
	                      * seated: one colour and line style each */
	int nhighlights;
	struct view_highlight *highlights; /* in game order */
	struct view_night_settle settle;
	long play_minutes;   /* from its first game's start to its last hand
	                      * (core/when.h when_played); -1: not known */
	char *note;          /* `tally note night`, or NULL */
};

/* Where one game of a night was played (db/report.h struct night_sitting):
 * the nights by their ids as history shows them. */
struct view_night_sitting {
	long home;             /* the night it started in */
	const char *home_name;
	long here;             /* its live hands played on this night */
	long last;             /* the night its last hand was played on */
	const char *last_name;
	long first_hand, last_hand; /* its live hands played on this night,
	                       * 1-based in hand order; 0, 0: none */
};

/* What the night is, as the store knows it (borrowed for the call). */
struct view_night_ref {
	long id;
	const char *name, *started, *ended;
	const char *note;          /* or NULL */
	const char *first, *last;  /* its first game's start, its last hand's
	                            * time (db/store.h struct night_info) */
	long hands;                /* its live hands */
	/* per game, where it was played (NULL: every game wholly the
	 * night's own): a game continued from an earlier night, or on a
	 * later one, says so, and its result counts on the night its last
	 * hand was played on, once */
	const struct view_night_sitting *sittings;
};

/*
 * Build the view of a night of n games, each a built view (games[i], the
 * night takes them over) and its measure before hand 1 (start[i]:
 * nplayers values, borrowed: what sheet_start_measures() gives).  The
 * settle-up is empty: the caller moves one in (view_night.settle).
 * Never fails (allocation failure aborts).  Free with view_night_free().
 */
struct view_night *view_night_build(const struct view_night_ref *ref, struct view **games, long *const *start,
    int n);
void view_night_free(struct view_night *n);

/* The night as text (`tally night ID`): its games with their winners,
 * the champion and how chosen, the standings with a place per game, the
 * highlights and the settle-up. */
void view_night_print_text(FILE *f, const struct view_night *n);

/* The night's standings as CSV (`night --csv`), one record per player in
 * the night's order under a header "place,player,wins,average_place" and
 * each game that counts by its title ("Golf #3"): the place (a shared one
 * as it is, empty where no game of theirs counts), the name, the wins,
 * the average place as the text gives it ("1.5", empty with no game), and
 * the place in each game (empty where they have none).  n NULL: the
 * header alone (no night). */
void view_night_print_csv(FILE *f, const struct view_night *n);

/* The words every renderer of a night prints alike:
 *   view_night_place:    "1st", "=2nd" (a shared place), or "-" for a
 *                        player whose games do not count, into buf;
 *   view_night_game_place: p's place in night game gi, "1st", "=1st"
 *                        (shared with a player not a partner), or ""
 *                        where they have none, into buf;
 *   view_night_average:  the average place, "1.5" (one decimal), or "-";
 *   view_night_won_by:   who won game g: "Ann", "Ann & Cid", "none", or
 *                        "not played", "abandoned", "in progress"
 *                        (static text or g's own);
 *   view_night_champion: the champions' names, "Ann" or "Ann and Bob",
 *                        and in *detail why: "2 wins in 3 games, average
 *                        place 1.3" or "level: 1 win each, average
 *                        place 1.5"; NULL (and *detail NULL) when no
 *                        game counts.  Both heap;
 *   view_night_final:    1 when every game that counts is over or ended
 *                        (the champion is the night's), 0 while one is
 *                        still going (the leader so far). */
const char *view_night_place(const struct view_night_player *p, char *buf, size_t size);
const char *view_night_average(const struct view_night_player *p, char *buf, size_t size);
const char *view_night_game_place(const struct view_night_player *p, int gi, char *buf, size_t size);
const char *view_night_won_by(const struct view_night_game *g);
char *view_night_champion(const struct view_night *n, char **detail);
int view_night_final(const struct view_night *n);

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
/* Its second half: the totals or counters, the pot and the winner or
 * what comes next (after a hand put in or taken out before the last). */
void view_print_totals(FILE *f, const struct view *v);
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
 * The score table of v as CSV (`show --csv`), the text table's rows as a
 * spreadsheet takes them, with a header record: the hand word ("hole"),
 * each player's name in seat order, each side's name ("Ann & Cid"), then
 * per labelled hand line each player's ("Ann clean books").  A record per
 * hand: its number, each player's cell as the text has it (the points; the
 * counters held after it where the game has no points; the detail where
 * the game shows details; empty before a late arrival sat down), each
 * side's points, the hand lines' values (flags true or false).  Before
 * the first hand a late arrival plays (or after the last, when none yet),
 * a "joined" record: what they sat down with (joined_with) in their
 * field, so each player's fields add up to their total; before the first
 * hand a substitute plays, a "sub" record with their name in the seat's
 * field (one per substitution, as the text's lines under the table).  The
 * other fields of both are empty.  Then
 * "total" (games in points: the totals, the sides' totals), a record per
 * foot line the text shows (by its label: "chips", "quarters", "pot
 * won"), "rank" where v has places (view_no_places; the sides' places
 * too), "out" (the order out) where someone is; the hand-line fields of
 * these are empty.  Numbers are plain ("-1234", no grouping); names are
 * quoted (core/csv.h).
 */
void view_print_table_csv(FILE *f, const struct view *v);

/*
 * The JSON renderer (core/json.c, the only file that includes jansson):
 * `show --json`'s object of SPEC section 4 for v, compact, on one line.
 * Returns 0, or -1 on a write error.
 */
int view_print_json(FILE *f, const struct view *v);

#endif
