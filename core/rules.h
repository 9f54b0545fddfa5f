/* SPDX-License-Identifier: ISC */
/*
 * rules.h: the game-rules interface: what a game declares and the core's
 * calls through it (apply, replay, rank).  The replayed state of one game
 * is core/state.h.
 * A newcomer reads this file to learn how a game talks to the rest.
 *
 * A game is one `const struct game_rules` in games/<name>.c, listed in the
 * registry (games/registry.c); adding a game touches that file, one
 * registry line, its sheet template and its tests.  Like sqlite3_module,
 * the struct carries a version and methods; new members are only ever
 * appended.
 *
 * The declaration is grouped by who reads it: top level what the game is
 * (name, title, players, options, presets, roles); .words (what it is
 * called and says); .score (how it is scored and decided); .view (what
 * it shows: core/view.h walks it); .sheet (its score pad); .table (table
 * mode and dealing); .methods (what it does, reached through the core
 * wrappers).  A game initialises them by designator: .words.hand_word.
 *
 * What a game DECLARES, as constant data (nothing outside games/ asks what
 * kind of game it is; it reads these):
 *   - scoring (enum scoring): lowest points, highest points, chips or
 *     lives; rules_rank() and the statistics read the same declaration
 *     (a score pad may let an option choose: direction_option);
 *   - chips_name, pot_name (rules_chips_name(), rules_pot_name()), and
 *     out_scope: what a player is out of;
 *   - columns (struct column): what `show` and the JSON print of each
 *     player besides the totals, and hand_columns, what each hand shows
 *     of each player (a patience deal's cards "left", Hand & Foot's books),
 *     each with its place on a score pad (enum sheet_place: a line, or a
 *     sub-column such as Hollywood's three games, across_labels);
 *   - what decides it, read by every printer through the measure
 *     (state_measure_name() ...): points, or the counters held;
 *   - priv_size or clone_priv: how the core copies its priv to check a hand.
 *
 * What a game DOES, as methods: init (set up priv, open a ledger), apply
 * (score one parsed entry), and the optional ones (describe_next, guide,
 * deal_help, ...).  A method may be NULL: the rest of the program calls it
 * only through its core wrapper (rules_describe_next() ..., core/methods.c),
 * which supplies the default.  The core owns struct game_state; a game
 * keeps its own extra state behind `priv`.
 *
 * The flow: the stored truth of a game is a struct game_record (options,
 * seats, dealer, ordered entries, closed); rules_replay() rebuilds the
 * state from it, closing it when it was ended early.  A new hand is
 * parsed once and applied with rules_apply_argv(); a refused hand (and
 * table mode's rules_trial()) is put back from a copy, never by replay
 * (see "Checking a hand" below).  Every number the program shows comes
 * from that state through its view (core/view.h): every renderer prints
 * the view, db/ stores what the state derived.
 */
#ifndef TALLY_RULES_H
#define TALLY_RULES_H

#include <limits.h>
#include <stdio.h>

#include "diag.h"
#include "entry.h"
#include "ledger.h"
#include "options.h"

enum role_kind {
	ROLE_PLAYER, /* --knock Ann */
	ROLE_FLAG,   /* --wash */
	ROLE_VALUE   /* --up Ann=3:Bob */
};

/* One question of table mode's guided entry (see game_rules.table.guide). */
enum guide_kind {
	GUIDE_VALUE,     /* the answer becomes TOKEN=ANSWER */
	GUIDE_ROLE,      /* the answer (a player) becomes --TOKEN ANSWER */
	GUIDE_ROLE_LIST, /* each word of the answer becomes --TOKEN WORD */
	GUIDE_FLAG,      /* y/yes becomes --TOKEN */
	GUIDE_VALUES     /* token holds field names separated by spaces
	                  * ("clean dirty red3"): the answer's words become
	                  * SEAT.FIELD=WORD in turn, SEAT the step's player
	                  * (fewer words: the rest are left out) */
};
struct guide_step {
	int seat;             /* the player asked about, or -1 */
	enum guide_kind kind;
	char token[96];       /* "Ann", "Ann.peeks", "knock" */
	char question[200];   /* "Ann's layout (4 cards in position order, or the total)" */
	int optional;         /* an empty answer skips the step */
	int last_for_seat;    /* no more questions about this seat follow */
	/* why an empty answer is refused here, when the question could be
	 * skipped at other times ("Cid never melded this round, so ..."); empty:
	 * "an answer is needed" */
	char needed[200];
};

struct role_def {
	const char *name; /* without the dashes */
	enum role_kind kind;
	const char *help;
};

/*
 * How a game is scored: ONE declaration (game_rules.score.scoring) that both the
 * ranking (rules_rank) and the statistics (core/statbook.c) read.
 */
enum scoring {
	SCORING_LOW,   /* points; the lowest total is best (Golf, Trash) */
	SCORING_HIGH,  /* points; the highest total is best (Gin, patience) */
	SCORING_CHIPS, /* no points: the chips held, the most is best (Bankrupt) */
	SCORING_LIVES  /* no points: the lives left, the most is best (Chase the Ace) */
};

/* How a side's points in a hand come from its partners' parts
 * (core/sides.h):
 *   SIDE_SUM: the side scores the sum of its partners' points (Hand &
 *             Foot: RULES.md section 8, partnership play);
 *   SIDE_NET: each partner plays a duel of their own; the side whose
 *             partners won more scores the difference, the other side
 *             nothing (Gin's partnership form: RULES.md 6.4,
 *             players_mode=partnership; ginrummy.com/partnership.html). */
enum side_scoring {
	SIDE_SUM,
	SIDE_NET
};

/* What "out" means in a game: out of the game (eliminated, bankrupt), or
 * only out of the current deal (Account), which ranking then ignores. */
enum out_scope {
	OUT_OF_GAME,
	OUT_OF_DEAL
};

/*
 * Columns: what a game shows of each player besides the name, the total,
 * each hand's points, out and rank.  A game lists them (game_rules.view.columns)
 * and every printer prints them with one generic loop: `show` a row per
 * labelled column, `show --json` and `hand --json` a key per column in the
 * "players" array (SPEC section 4's keys: "chips", "bank", "pile", "lives",
 * "won", "plays", "wins", "final", "last_legs").  The core's column_*
 * value functions read the usual places; a game may supply its own.
 */
struct game_state;
struct game_rules;
struct strbuf;

enum column_kind {
	COLUMN_NUMBER,
	COLUMN_FLAG    /* a JSON boolean: value 0 or 1 */
};

/* A number a column has no value for: an empty cell (a Hollywood game not
 * open yet, a category a hand did not have).  JSON prints null, CSV an
 * empty field, a pad an empty cell. */
#define COLUMN_NONE LONG_MIN

/*
 * Where a column goes on a score sheet (cmd/cmd-sheet.c), the same for a
 * blank sheet and a filled one:
 *   SHEET_NONE:   not on the sheet (JSON, CSV and export only);
 *   SHEET_LINE:   a line of its own headed by its label: under each hand's
 *                 row for a hand column (Hand & Foot's "clean books"), at the
 *                 sheet's foot for a game column ("final");
 *   SHEET_ACROSS: sub-column `across` (1-based) of each player's cell, headed
 *                 by rules->view.across_labels[across - 1] (Hollywood's games 1
 *                 to 3).  Game columns with SHEET_ACROSS and the same label
 *                 make one foot line ("game bonus" in each game's column);
 *   SHEET_INROW:  (hand columns) a sub-column of the hand's own row,
 *                 headed by its label, between the hand's points and its
 *                 running figure, so a hand stays one line (a patience
 *                 deal: result | won | total).  On a pad whose hands are
 *                 blocks of lines (a game with SHEET_LINE columns too) it
 *                 is a line like SHEET_LINE.
 */
enum sheet_place {
	SHEET_NONE,
	SHEET_LINE,
	SHEET_ACROSS,
	SHEET_INROW
};

/*
 * How a hand column counts towards the hand's points, so that a pad's
 * label carries the arithmetic as a bought pad's does ("clean books ×
 * 500", "went out +100", "cards left −").  The worth of one comes from
 * the options in force (per_option), so a house preset prints its own
 * numbers; core/sheet_pad.c writes the label.
 *   COUNTS_NONE:  the label alone (the column does not add up into
 *                 the hand's points, or not in one step);
 *   COUNTS_TIMES: each one is worth `per` points: "clean books × 500";
 *   COUNTS_BONUS: a yes/no line worth `per` when ticked: "went out +100";
 *   COUNTS_PLUS:  added to the hand's points as it is: "points melded +";
 *   COUNTS_MINUS: taken off as it is: "cards left −";
 *   COUNTS_MONEY: a count of stakes each worth `per` cents: "quarters
 *                 at 25¢", "chips upped at $1.00"; 0 cents: the label
 *                 alone (no money rides on it).
 */
enum column_counts {
	COUNTS_NONE,
	COUNTS_TIMES,
	COUNTS_BONUS,
	COUNTS_PLUS,
	COUNTS_MINUS,
	COUNTS_MONEY
};

/* A game column: one labelled value per player for the whole game. */
struct column {
	const char *key;   /* the JSON key; NULL ends the list */
	const char *label; /* the row label in `show`; NULL: JSON only */
	enum column_kind kind;
	/* whether st has the column now; NULL: always.  A blank pad asks a
	 * state with no hands, so options alone must decide it there. */
	int (*shown)(const struct game_state *st);
	/* the value of seat, or COLUMN_NONE for an empty cell */
	long (*value)(const struct game_state *st, int seat);
	enum sheet_place place; /* default SHEET_NONE */
	int across;           /* SHEET_ACROSS: the sub-column, 1-based */
	/* Its unit on a pad's foot line, as a hand column's (struct
	 * hand_column, enum column_counts): COUNTS_MONEY with per cents for
	 * a count of stakes ("pot won at 10¢"), COUNTS_NONE for points or
	 * a plain count; per_option as there. */
	enum column_counts counts;
	const char *per_option;
	long per;
};

/*
 * A grid: game columns that also print together under a key of their own
 * at the top level of `show --json`, as one array per listed column of
 * one value per seat, an empty cell (COLUMN_NONE) as 0.  SPEC section 4's
 * "hollywood": [[a, b], ...] (each Hollywood game's score) and
 * "hollywood_final" (each game with its end bonuses, 0 while open).
 */
struct column_grid {
	const char *key;               /* the top-level JSON key; NULL ends the list */
	const char *const *columns;    /* keys of game columns, NULL-terminated */
};

/*
 * A hand column: one labelled value per player that each hand produces
 * (Hand & Foot's books, red threes, cards melded and left; Hollywood's
 * running score of each game; a patience deal's cards left).  A game lists
 * them in game_rules.view.hand_columns and its apply fills them with
 * state_hand_set(); `show`, `show --json` (a key per column in each hand),
 * CSV, export and the pads print them with one generic loop each.  A
 * value never set is COLUMN_NONE.
 */

struct hand_column {
	const char *key;   /* the JSON key in a hand: "clean"; NULL ends the list */
	const char *label; /* the label `show` and the pad print: "clean books";
	                    * NULL: JSON, CSV and export only */
	enum column_kind kind;
	/* whether st's game has the column; NULL: always.  Options alone
	 * decide it (a blank pad asks a state with no hands). */
	int (*shown)(const struct game_state *st);
	enum sheet_place place;
	int across;        /* SHEET_ACROSS: the sub-column, 1-based */
	enum column_counts counts;  /* how it adds up (COUNTS_NONE: not shown) */
	/* The option whose value is the worth of one (COUNTS_TIMES, _BONUS:
	 * points, an integer option; COUNTS_MONEY: cents, a money option
	 * such as Bankrupt's chip_value), or NULL: per is the worth. */
	const char *per_option;
	long per;
};
/*
 * A highlight: a column whose values a night's report tells the table
 * (core/view.h, struct view_highlight), named by its key:
 *   - a hand column of COLUMN_FLAG: who had it, in which hands ("gin:
 *     Ann (hands 2, 5)");
 *   - a game column: who has a value above 0 at the end ("dimes won from
 *     the pot: Grandma 8").
 */
struct highlight {
	const char *key;   /* a hand or game column's key; NULL ends the list */
	const char *words; /* what the highlight calls it: "gin", "went out" */
};

/* Whether r lists a column with this JSON key ("pile"). */
int rules_has_column(const struct game_rules *r, const char *key);
/* What a game is called and says: the words every printer uses. */
struct game_words {
	const char *summary;     /* rules in brief, several lines */
	const char *entry_help;  /* how to enter a hand */
	const char *example;     /* an example `tally hand` line, its players
	                          * named Ann, Bob, Cid... in seat order:
	                          * `tally rules` shows it after the `tally new`
	                          * of those names, and it must work there */
	const char *hand_word;   /* "hole", "hand", "round", "deal" */
	const char *chips_name;  /* what its counters are called when it keeps a
	                          * ledger: "quarters", "chips"; NULL: "chips".
	                          * Read it through rules_chips_name(). */
	/* What the table calls the pot (the ledger's LEDGER_POT): "centre",
	 * "jar"; NULL: "pot".  Read it through rules_pot_name(). */
	const char *pot_name;
	/* What the chip journal (export --format ledger) calls the ledger's
	 * units where that differs from rules_chips_name() (lives that are
	 * dimes on the table: "dimes"); NULL: rules_chips_name().  Read it
	 * through rules_ledger_unit(). */
	const char *ledger_unit;
};

/* How a game is scored and decided: ranking, statistics, sides and
 * stakes read these. */
struct game_scoring {
	enum scoring scoring;    /* how it is scored, for ranking and statistics */
	enum out_scope out_scope; /* what a player is out of */
	/* The option whose value "high" or "low" chooses SCORING_HIGH or
	 * SCORING_LOW for each game (the score pad's direction); NULL:
	 * scoring alone.  Read through state_scoring(). */
	const char *direction_option;
	/*
	 * Partnership play (core/sides.h): the option setting "KEY=VALUE"
	 * under which the game is played in sides of two partners who sit
	 * opposite each other (seat i with seat i + players / 2), or NULL
	 * when it never is.  `tally new GAME Ann+Cid Bob+Dee` sets it; the
	 * core then ranks, shows, stores and rates sides.  A game still
	 * scores each player's part in its apply (hr->points, p[].total);
	 * side_scoring says how a side's points come from its partners'.
	 */
	const char *sides_option;
	enum side_scoring side_scoring;
	/* What the game's stakes are worth under options o, in cents: one
	 * counter of its ledger (a dime, a quarter, a Bankrupt chip at the
	 * table's value), or for a game without a ledger one point of the
	 * difference between players (Spite and Malice's money_per_point).
	 * 0: no money rides on the game.  Read it through
	 * rules_stake_cents(); NULL: 0.  For `tally settle` (core/settle.h). */
	long (*stake_cents)(const struct optset *o);
	/* How many hands the game lasts under options o (Golf's holes, Hand
	 * & Foot's rounds, Trash's twelve contracts, a score pad's `hands`),
	 * or 0 when something else ends it (a target, an elimination, a
	 * match).  The one statement of a game's length: its apply ends the
	 * game after that many hands, and a blank sheet prints that many rows
	 * unless the game declares sheet_rows.  Read it through
	 * rules_length(); NULL: 0. */
	int (*length)(const struct optset *o);
};

/* What a game shows (core/view.h walks these to build a view). */
struct game_view {
	/* The game's notes on st: lines a person reads under the score
	 * table ("pack for 4: 52 cards ..."), appended to sb, each ended by
	 * '\n'.  Declared, not printed: the view (core/view.h) holds them
	 * and every renderer shows them.  May be NULL: no notes. */
	void (*notes)(const struct game_state *st, struct strbuf *sb);
	/* What it shows of each player (see struct column); terminated by
	 * {NULL}; NULL: nothing besides the totals. */
	const struct column *columns;
	/* 1: a hand's cell in `show` and on the sheet is its detail ("14
	 * cards", patience results), not its points. */
	int show_detail;
	/* What each hand shows of each player (see struct hand_column);
	 * terminated by {NULL}; NULL: only points and detail. */
	const struct hand_column *hand_columns;
	/* The headings of the SHEET_ACROSS sub-columns, NULL-terminated
	 * ({"game 1", "game 2", "game 3", NULL}); NULL: none. */
	const char *const *across_labels;
	/* Game columns printed together at the top of `show --json` (see
	 * struct column_grid); terminated by {NULL}; NULL: none. */
	const struct column_grid *grids;
	/* What a night's highlights tell of this game (struct highlight);
	 * terminated by {NULL}; NULL: only what the core tells of every game
	 * (the best hand in points, who went out). */
	const struct highlight *highlights;
};

/* What a game declares for its score pad. */
struct game_sheet {
	const char *sheet_template; /* file name under templates/ */
	/* Row label of hand number n (1-based) on a sheet, blank or filled. */
	void (*hand_label)(const struct optset *o, int n, char *buf, size_t size);
	/* Rows a blank sheet prints for these options and nplayers players
	 * (the most hands the game can take: Chase the Ace's lives). */
	int (*sheet_rows)(const struct optset *o, int nplayers);
	/* Where each player is dealt a layout of cards face down in rows
	 * (Golf), its shape under options o: the number of rows, and in
	 * *cols the cards in a row; the pad draws it.  NULL, or 0: none. */
	int (*layout_shape)(const struct optset *o, int *cols);
	/* Heading of the sheet's right-hand note column, filled from each
	 * hand's sheet_note; NULL: no such column.  It names what the
	 * column holds ("round", "notes"). */
	const char *sheet_note_label;
	/* Where the column is there only under some options (Golf: only a
	 * game with a jar notes anything), its heading under options o, or
	 * NULL for no column; asked instead of sheet_note_label.  The
	 * returned string is static. */
	const char *(*note_label)(const struct optset *o);
	/* Heading of the running figure's sub-column of each player's cell
	 * where "total" would not say what it counts: "wins" where a hand's
	 * points are its win (the Accordion family's log); NULL: "total". */
	const char *running_label;
};

/* Table mode and dealing: what `tally shell` and `tally deal` ask the
 * game. */
struct game_table {
	/*
	 * Table mode: question k (0-based) of a guided entry of the next hand,
	 * given the answers to questions 0..k-1 (empty strings for skipped
	 * ones).  Fills *step and returns 1, or returns 0 when the entry is
	 * complete.  NULL: table mode asks for the whole entry in one line.
	 * answers (NULL before any) ends at a NULL; after a go-back to an
	 * earlier question the answers from k on, up to it, are the ones
	 * given before, which the question's words (its Enter hint, what it
	 * needs) take into account; which questions follow depends on
	 * answers 0..k-1 only.
	 */
	int (*guide)(const struct game_state *st, int k, char *const *answers, struct guide_step *step);
	/* How to set up for the next deal: packs, cards each (for `tally deal`). */
	void (*deal_help)(const struct game_state *st, char *buf, size_t size);
	/* What `new` says when a game starts (settings to confirm), or NULL. */
	void (*start_message)(const struct game_state *st, char *buf, size_t size);
};

/* What a game does: called only through the core wrappers
 * (core/methods.c). */
struct game_methods {
	/* Derived defaults and conflicts for a new game; ST_USAGE on conflict. */
	enum status (*resolve_options)(struct optset *o, int nplayers, struct diag *d);
	/* Set up st (players, opts, dealer already filled). */
	enum status (*init)(struct game_state *st, struct diag *d);
	/*
	 * Score the next hand.  On ST_OK the game appended exactly one
	 * hand_record (via state_add_hand), scored its points with
	 * state_score() (the only way a total changes: the core checks that
	 * each total moved by the hand's points, else ST_INTERNAL), and
	 * updated chips, lives, out flags, dealer and over; WARN rules go to
	 * w.  On error (ST_RULE
	 * naming player, value and rule; ST_USAGE for a malformed value) the
	 * game may leave st half-changed: rules_apply_argv() puts it back.
	 */
	enum status (*apply)(struct game_state *st, const struct hand_entry *e,
	    struct warnings *w, struct diag *d);
	/* What comes next, e.g. "hole 4 (dealer Cid)"; writes into buf. */
	void (*describe_next)(const struct game_state *st, char *buf, size_t size);
	void (*free_priv)(void *priv);
	/* The argument of a ROLE_VALUE role that names players (Bankrupt's
	 * --up), with each player of names[0..n-1] written as the same seat
	 * of new_names: a heap string, or NULL to keep it as it is.  For
	 * `tally player rename` and `merge`; NULL: no role value names one. */
	char *(*rename_value)(const char *role, const char *value, char *const *names, char *const *new_names,
	    int n);
	/* A game whose priv is one flat struct (no pointers to its own heap
	 * memory) declares its size: the core copies it to check a hand.
	 * A priv that owns arrays supplies clone_priv instead: a deep copy,
	 * freed by free_priv.  A game with a priv declares one of the two. */
	size_t priv_size;
	void *(*clone_priv)(const void *priv, int nplayers);
	/* A late arrival took seat `seat` (the last, just added: its player
	 * state zeroed, its ledger accounts empty) from hand `hand` on (a
	 * game with JOIN_BUY_IN): buy them in, through the ledger
	 * (ledger_open_at, ledger_move), so the chips still add up.  NULL:
	 * nothing to buy. */
	enum status (*seat_newcomer)(struct game_state *st, int seat, int hand, struct diag *d);
	/* Whether a checkpoint (core/checkpoint.h) may stand for the game,
	 * so that a command replays only the hands after it.  A checkpoint
	 * keeps no byte of the priv: what comes from a file is never a
	 * game's own memory.  A game with no priv needs nothing here:
	 *   PRIV_NOT_KEPT (the default): the game is always replayed whole;
	 *   PRIV_FROM_OPTIONS: init makes the priv from the options and the
	 *       seats, and resume_priv (if any) sets what the hands changed
	 *       in it from the state a checkpoint gives (Golf: how many went
	 *       out before). */
	enum priv_keep { PRIV_NOT_KEPT, PRIV_FROM_OPTIONS } checkpoint_priv;
	void (*resume_priv)(struct game_state *st);
};

/*
 * Late arrivals (`tally join PLAYER`): how a newcomer takes a seat in a
 * game under way, where the game's rules allow one at all.
 *   JOIN_REFUSED: no newcomer (the default); `reason` says why, as the
 *                 rest of a sentence ("each player's melds build on the
 *                 deals before");
 *   JOIN_BUY_IN:  the newcomer buys in with the lives and stake the
 *                 game's options set, from the next round (Chase the
 *                 Ace: RULES.md section 3);
 *   JOIN_TOTAL:   the newcomer starts from the worst current total (the
 *                 highest where low wins, the lowest where high wins),
 *                 so joining late never helps, or a total the table
 *                 gives (`--total N`).
 * Either way the newcomer sits after the last seat (to the right of the
 * first seat) and plays from the next hand on (state_join).
 */
enum join_kind {
	JOIN_REFUSED,
	JOIN_BUY_IN,
	JOIN_TOTAL
};
struct game_join {
	enum join_kind kind;
	const char *reason;  /* JOIN_REFUSED: why not; NULL: a general reason */
	/* Options under which the game refuses a newcomer although kind
	 * allows one (Golf's quarters stakes): the reason, or NULL when o
	 * allows it.  NULL: kind alone decides.  Read through rules_join(). */
	const char *(*refuses)(const struct optset *o);
};

struct game_rules {
	int version;             /* 1 */
	const char *name;        /* command-line name: "golf" */
	const char *title;       /* "Golf" */
	const char *opt_prefix;  /* RULES.md option prefix: "golf" */
	int min_players, max_players;
	/* Why the game takes min_players to max_players, said as a refusal
	 * says its rule, after "Trash is for 4 to 10 players, not 3: ", with
	 * its source ("its pack table deals 4 to 10 (RULES.md section 5.2)");
	 * a limit of tally's own, not the rules', says so. */
	const char *players_rule;
	const struct option_def *options; /* terminated by {NULL} */
	const struct preset_def *presets; /* terminated by {NULL}; first is the default */
	const struct role_def *roles;     /* terminated by {NULL} */
	const char *fields;      /* PLAYER.FIELD names accepted, "peeks" */
	/* 1: a substitute may take over a seat from the next hand on (`tally
	 * sub`); 0: each score is one person's own (patience) or stake (chips,
	 * lives), so no one else may play it. */
	int substitutes;
	/* 1: the club may keep this game's settings under names of its own
	 * (`tally pad save NAME`, then `tally new NAME`): the score pad, a
	 * game the club defines.  One game in the registry says so; find it
	 * with rules_club_pad().  0: not. */
	int club_pads;
	/* the declaration, grouped */
	struct game_words words;
	struct game_scoring score;
	struct game_view view;
	struct game_sheet sheet;
	struct game_table table;
	struct game_methods methods;
	struct game_join join;   /* late arrivals; zero: refused */
};

/*
 * The method wrappers (core/methods.c).  Nothing outside games/ calls a
 * method pointer or tests one for NULL: it calls these, and each says
 * what a game that leaves the method NULL gets.
 */
/* resolve_options; default: ST_OK, nothing derived. */
enum status rules_resolve_options(const struct game_rules *r, struct optset *o, int nplayers,
    struct diag *d);
/* init; default: ST_OK, no priv. */
enum status rules_init(struct game_state *st, struct diag *d);
/* free_priv on st->priv (then NULL); default: free(). */
void rules_free_priv(struct game_state *st);
/* describe_next into buf; default: "game over", or "HAND_WORD N (dealer
 * NAME)".  Always a string, "" at worst; cut, if buf is too small, at a
 * character's end, never inside one. */
void rules_describe_next(const struct game_state *st, char *buf, size_t size);
/* What rules_describe_next says, whole however long the names in it
 * (room for every seat's and substitute's name).  Heap; the caller frees
 * it. */
char *rules_next_text(const struct game_state *st);
/* hand_label of row n (1-based); default: "N". */
void rules_hand_label(const struct game_rules *r, const struct optset *o, int n, char *buf, size_t size);
/* length; default: 0 (no fixed number of hands). */
int rules_length(const struct game_rules *r, const struct optset *o);
/* sheet_rows; default: the declared length (rules_length), or 10 when
 * there is none. */
int rules_sheet_rows(const struct game_rules *r, const struct optset *o, int nplayers);
/* The note column's heading under options o: note_label(o) where set,
 * else sheet_note_label; NULL: no note column. */
const char *rules_note_label(const struct game_rules *r, const struct optset *o);
/* layout_shape: rows of the dealt layout, *cols cards a row; default: 0
 * rows and *cols 0 (no layout). */
int rules_layout_shape(const struct game_rules *r, const struct optset *o, int *cols);
/* notes appended to sb (util.h), one line each ended by '\n'; default:
 * nothing. */
void rules_notes(const struct game_state *st, struct strbuf *sb);
/* guide; default: 0 (table mode asks for the whole entry in one line). */
int rules_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *step);
/* deal_help into buf; default: "". */
void rules_deal_help(const struct game_state *st, char *buf, size_t size);
/* How r takes a late arrival under options o (struct game_join):
 * JOIN_REFUSED with *reason set (static text, never NULL) when r or its
 * options refuse one; default JOIN_REFUSED.  o NULL: what r declares,
 * whatever its options (`tally rules`). */
enum join_kind rules_join(const struct game_rules *r, const struct optset *o, const char **reason);
/* seat_newcomer; default: ST_OK, nothing bought. */
enum status rules_seat_newcomer(struct game_state *st, int seat, int hand, struct diag *d);
/* stake_cents; default: 0 (no money rides on the game). */
long rules_stake_cents(const struct game_rules *r, const struct optset *o);
/* start_message into buf; default: "" (nothing to say). */
void rules_start_message(const struct game_state *st, char *buf, size_t size);
/* A copy of st->priv for a check that may be put back (see "Checking a
 * hand" below): clone_priv, or else priv_size bytes copied, or NULL when
 * st has no priv.  Free with rules_free_clone(). */
void *rules_clone_priv(const struct game_state *st);
void rules_free_clone(const struct game_rules *r, void *priv);
/* resume_priv, after a checkpoint's state is read; default: nothing. */
void rules_resume_priv(struct game_state *st);
/* rename_value: a heap string, or NULL to keep value as it is (the
 * default). */
char *rules_rename_value(const struct game_rules *r, const char *role, const char *value,
    char *const *names, char *const *new_names, int n);

/* The registry (games/registry.c): NULL-terminated, in `tally games` order. */
extern const struct game_rules *const rules_registry[];

/* The title a game is shown by: the `title` option where the game has one
 * (the score pad, games/pad.c), else rules->title.  Points into o or rules. */
const char *rules_title(const struct game_rules *rules, const struct optset *o);
/* A game's name in a table (CSV exports): its title where its options
 * give it one (a score pad: "Hearts"), else its rules name ("golf").
 * Borrowed from rules or o. */
const char *rules_table_name(const struct game_rules *rules, const struct optset *o);

/* Find a game by exact name or unique prefix; NULL if none or ambiguous. */
const struct game_rules *rules_find(const char *name);

/* The one name of a game's pot for every printer (show, ledger, export,
 * sheets): rules->words.pot_name, or "pot" when the game names none.  Static
 * text, not to be freed. */
const char *rules_pot_name(const struct game_rules *rules);

/* What the counters of r are called: rules->words.chips_name, "lives" under
 * SCORING_LIVES, else "chips".  Static text. */
const char *rules_chips_name(const struct game_rules *rules);

/* How many players r is for, as a sentence ends: "2 players" when the
 * minimum equals the maximum, else "2 to 8 players" (into buf, size
 * bytes). */
void rules_player_range(const struct game_rules *r, char *buf, size_t size);
/* The refusal of n players for r, with its rule: "Trash is for 4 to 10
 * players, not 3: its pack table deals 4 to 10 (RULES.md section 5.2)"
 * (r->players_rule), a heap string the caller frees. */
char *rules_players_refused(const struct game_rules *r, int n);
/*
 * May `who` (NFC) play seat `seat` (0-based) of `game` (its title and
 * number, "Golf #2", for the message), a game of r seating names[0..n-1],
 * from hand `hand` (1-based) on, after the substitutes sub_names[k] in
 * seats sub_seats[k] (k < nsubs, in hand order) and nhands hands (hands
 * since undone count: a substitute named then stays)?  The one
 * check of `tally sub` and of an import's substitutes:
 *   - r->substitutes (ST_RULE; with seat -1 this is all that is checked);
 *   - hand is 1 to nhands + 1: a substitute starts at a hand to come
 *     (ST_RULE);
 *   - who plays no other seat, as its player or a substitute (ST_RULE:
 *     one person plays one seat);
 *   - who does not play that seat already (ST_USAGE).
 * Returns ST_OK or the status with d set.
 */
enum status rules_sub_check(const struct game_rules *r, const char *game, char *const *names, int n,
    char *const *sub_names, const int *sub_seats, int nsubs, int seat, const char *who, int hand, int nhands,
    struct diag *d);
/* rules_find for a name a user typed: NULL with d set (ST_NOINPUT) saying
 * "no game 'glof'; did you mean golf?" (core/suggest.h), or that it is
 * ambiguous, or that 'tally games' lists them. */
const struct game_rules *rules_lookup(const char *name, struct diag *d);

/* How many hand columns r declares (0 when hand_columns is NULL). */
int rules_hand_columns(const struct game_rules *r);
/* The index in r->view.hand_columns of the column with this JSON key, or -1. */
int rules_hand_column(const struct game_rules *r, const char *key);
/*
 * Checking a hand.  An entry is parsed once (entry_parse, then
 * entry_format gives its canonical text, kept in st->entries).  Before the
 * game's apply the core takes a mark: a copy of what a hand may change
 * (per-player state, the game's priv through
 * clone_priv/priv_size, the ledger's balances), but not the hand history,
 * which only grows.  A refused hand, or table mode's trial of an answer,
 * is put back from the mark: no replay of the game.  We chose this
 * copy-and-put-back over a separate check(const state) -> plan step
 * because every game's apply already checks while it scores; the copy is
 * O(players), not O(hands).
 *
 * Apply one entry given as canonical text or argv: parse, then rules->apply,
 * then the ledger's checks.  Refuses hands once the game is over or closed
 * (ST_RULE).  On error st is as it was before the call, so a refused hand
 * can be corrected and tried again.  On ST_OK the entry's canonical text
 * is st->entries[st->nentries - 1] (owned by st).
 */
enum status rules_apply_argv(struct game_state *st, int argc, char *const *argv,
    struct warnings *w, struct diag *d);
enum status rules_apply_text(struct game_state *st, const char *text,
    struct warnings *w, struct diag *d);
/* A hand that leaves a player out is as if they entered nothing, and the
 * game says whether that is allowed (SPEC section 4).  So when the game
 * refuses a hand as a whole (its diagnostic names no player) and the
 * entry gives values but leaves out a player still in, the error names
 * that player first: "Eve: left out of this hand (as if Eve entered
 * nothing); the tricks entered add up to 13; ...".
 * rules_entry_left_out: the seat of the first player still in that
 * argv, as an entry of st's next hand, gives no value, or -1 (none, an
 * entry of roles only, or one that does not parse); `edit` says then
 * that it replaces the whole hand. */
int rules_entry_left_out(const struct game_state *st, int argc, char *const *argv);

/*
 * The canonical text of argv as an entry of st's game (full player names,
 * values in seat order, quoted where needed) in *out (caller frees).
 * Errors as entry_parse().
 */
enum status rules_canonical(const struct game_state *st, int argc, char *const *argv,
    char **out, struct diag *d);

/* Check an entry without keeping it: apply it, then put st back from its
 * mark (no replay).  Returns what rules_apply_argv would (table mode
 * checks each answer this way). */
enum status rules_trial(struct game_state *st, int argc, char *const *argv,
    struct diag *d);

/*
 * The stored entry text of a game of rules seated names[0..n-1], with every
 * player token naming the seat's player in new_names[0..n-1] instead
 * (`tally player rename` and `merge`), in *out (caller frees).  Errors as
 * entry_split() and entry_parse().
 */
enum status rules_rename_entry(const struct game_rules *rules, char *const *names,
    char *const *new_names, int n, const char *entry, char **out, struct diag *d);

/* How a game stopped before its rules ended it (game_state.closed and
 * game_record.closed; stored as game.closed). */
enum {
	GAME_ENDED_EARLY = 1,  /* `tally end`: the leaders win */
	GAME_ABANDONED = 2     /* `tally end --abandon`: no result, counted nowhere */
};

/* End the game early (`tally end`): closed, and the leaders become the
 * winners unless the rules already decided. */
void rules_close(struct game_state *st);

/* Abandon the game (`tally end --abandon`): closed with no result, no
 * winner; the hands stay as they were played.  A game its rules already
 * ended is left as it is. */
void rules_abandon(struct game_state *st);

/* A substitute's turn in a seat (`tally sub`, schema seat_sub). */
struct seat_change {
	int seat;     /* 0-based */
	int hand;     /* the first hand (1-based) they play */
	char *name;   /* who plays the seat from then on: a substitute, or the
	               * seat's own player back */
};

/*
 * One game record: everything a replay needs of a stored game.  The
 * pointers are borrowed (from db/'s struct stored_game, an import, a test);
 * the record owns nothing and is cheap to build on the stack.
 */
struct game_record {
	const struct game_rules *rules;
	char *const *names;     /* seat order, nplayers of them */
	int nplayers;
	const struct optset *opts;
	int dealer;             /* seat that dealt hand 1 */
	char *const *entries;   /* canonical entry text, hand 1 first */
	int nentries;
	int closed;             /* 0, GAME_ENDED_EARLY or GAME_ABANDONED */
	/* Late arrivals (`tally join`): per seat the first hand (1-based) it
	 * plays, 0 for a seat from the start, and the points it starts from
	 * (JOIN_BY_RULE: what the rules give, see state_join).  The seats
	 * from the start come first; a late seat is seated, in seat order,
	 * just before its first hand is replayed (or at the end of the
	 * replay, for the hand to come).  NULL: every seat from the start. */
	const int *joined;
	const long *join_total;
	/* Substitutes (`tally sub`), in hand order: each plays its seat from
	 * its hand on, so that a hand replayed says who played it ("Zoë
	 * scores 55", state_playing) as it did when it was entered.  NULL
	 * (nsubs 0): every seat by its own player. */
	const struct seat_change *subs;
	int nsubs;
};
/* A late arrival's total left to the rules (state_join). */
#define JOIN_BY_RULE LONG_MIN
/* rules_replay's `upto` for "every hand". */
#define REPLAY_ALL (-1)

/*
 * Replay rec's first `upto` entries (REPLAY_ALL or anything past the end:
 * all of them) into a fresh state.  When every entry was replayed and
 * rec->closed, the game is closed as `tally end` closes it
 * (rules_close), so no caller repeats that.  On error d names the hand
 * ("hand 4: ...") and NULL is returned.  Free with state_free().
 */
struct game_state *rules_replay(const struct game_record *rec, int upto, struct diag *d);

/* rules_replay_rest, reported as rules_replay reports: st, or NULL
 * (st freed) with d naming the hand ("hand 4: ...").  For a state read
 * from a checkpoint (core/checkpoint.h). */
struct game_state *rules_replay_on(struct game_state *st, const struct game_record *rec, struct diag *d);

/*
 * Go on replaying rec into st: its entries from st->nentries on, then the
 * close as rules_replay does.  For `tally edit`, which replays up to the
 * edited hand, applies the new entry, then the rest.  On error *failed is
 * the 1-based hand that no longer holds and d says why (no "hand N:"
 * prefix); st is then only fit for state_free() (stored entries are
 * replayed without the copy that puts a refused hand back).
 */
enum status rules_replay_rest(struct game_state *st, const struct game_record *rec, int *failed,
    struct diag *d);

/* Fill p[].rank: winners first; then (out_scope OUT_OF_GAME) players still
 * in before eliminated ones, the later out ranking higher; then chips held
 * where they are stakes that can run out (a ledger that forbids negative
 * balances: Bankrupt, Chase the Ace, Golf's quarters); then the total as
 * rules->score.scoring says. */
void rules_rank(struct game_state *st);

/* The k-th (0-based) player still in, counting clockwise from the dealer's
 * left; -1 when there are fewer.  Guided entry asks in this order. */
int rules_seat_from_left(const struct game_state *st, int k);

/* Fill a guide step (helper for the games' guide methods). */
void rules_guide_set(struct guide_step *g, int seat, enum guide_kind kind, int optional,
    const char *token, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Seat index of the next active player after seat (clockwise). */
int rules_next_active(const struct game_state *st, int seat);

/* rules->score.scoring: the one place that reads the declaration (state_scoring
 * adds a score pad's direction option). */
enum scoring rules_scoring(const struct game_rules *rules);
/* The game of the registry with club_pads set (the score pad); NULL when
 * none has. */
const struct game_rules *rules_club_pad(void);
/* A name a club may save a score pad under (`tally pad save`, import):
 * 1 to 30 letters, digits, '-' or '_', starting with a letter, and no
 * built-in game's name or prefix.  ST_USAGE saying which, else ST_OK. */
enum status rules_pad_name_check(const char *name, struct diag *d);
/* A saved pad's settings ("KEY=VALUE", one line each) checked as `tally
 * new` will check them, so a saved pad always starts.  ST_USAGE naming
 * the setting, else ST_OK. */
enum status rules_pad_settings_check(char *const *settings, int n, struct diag *d);
/* rules->words.ledger_unit, or rules_chips_name(rules).  Static text. */
const char *rules_ledger_unit(const struct game_rules *rules);
const char *rules_column_text(enum column_kind kind, long v, char *buf, size_t size);

#endif
