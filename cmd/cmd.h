/* SPDX-License-Identifier: ISC */
/*
 * cmd.h: the command table and what every command shares.
 *
 * Each command lives in cmd/cmd-NAME.c and exports one const struct
 * cmd_entry (as tmux does); help and, later, table-mode completion read the
 * same table.  exec functions return an enum status; only main() turns it
 * into the exit status and only cmd_error() prints a diagnostic.
 */
#ifndef TALLY_CMD_H
#define TALLY_CMD_H

#include "../core/diag.h"
#include "../core/rules.h"

struct store;
struct stored_game;
struct game_state;

/* Table mode's guard for a hand answered question by question: the game's
 * hands when the answers were checked (see cmd_ctx.expect). */
struct cmd_expect {
	int nhands;        /* hands the game had */
	const char *last;  /* the canonical text of the last one, or NULL */
};

/* What the global options set; the store is opened on first use. */
struct cmd_ctx {
	const char *db_path;
	int db_default;    /* db_path is the default database (no --db, no
			    * TALLY_DB): a write may make its directory */
	int json;
	struct store *store;
	/* When not NULL, `hand` stores only if the game still has exactly
	 * these hands (checked inside its write transaction); else ST_RULE
	 * and nothing stored.  Table mode sets it around a guided hand. */
	const struct cmd_expect *expect;
	/* Table mode: the connection stays open all night, so each write is
	 * checkpointed into the .db file at once (store_keep_whole). */
	int table;
	/* Table mode, a hand typed as bare values: the entry those values
	 * made in the previous hand's order (from its dealer's left), or
	 * NULL.  `hand` warns of a repeat when that is the previous hand's
	 * entry, as it does for the same NAME=VALUE entry again: up-arrow and
	 * Enter on a line of values gives them to the players from the new
	 * dealer's left, so the entry itself differs.  Owned by table mode. */
	char *repeat_as;
};

/*
 * How a command declares what it needs (as tmux's cmd_entry declares
 * .args and .target), so that its exec is only "parse what is left, act,
 * render":
 *
 *	static enum status
 *	cmd_end_exec(struct cmd_run *r, struct diag *d)
 *	{
 *		... r->g and r->st are the game, replayed; act on them
 *		through r->store; store_commit(r->store, d) before printing ...
 *	}
 *	const struct cmd_entry cmd_end_entry = {
 *		.name = "end", .usage = "[-g ID] [ID]", .summary = "...",
 *		.game = CMD_GAME_WRITE | CMD_GAME_ARG,
 *		.options = (const struct cmd_option[]){ { "abandon", 0, NULL }, { 0 } },
 *		.run = cmd_end_exec,
 *	};
 *
 * cmd_dispatch() then, in this order:
 *  1. parses the options with getopt_long(3): every long option takes
 *     "--key value" and "--key=value" and any unique prefix of its name,
 *     "--" ends the options, and an unknown, ambiguous or incomplete
 *     option is a usage error (64) that names the command;
 *  2. checks the operand count (.nargs) and, with .game, takes "-g ID"
 *     ("--game ID") and, with CMD_GAME_ARG, the one operand as the id;
 *  3. opens the store (.store, or .game); refuses, before anything is
 *     made, a command that needs a game (.game) or declares
 *     CMD_STORE_HELD when the file is not there yet (store_held: a write
 *     transaction would make it); begins a read transaction
 *     (CMD_STORE_READ, CMD_GAME_READ) or a write one taken before anything
 *     is read (CMD_STORE_WRITE, CMD_GAME_WRITE), or none (CMD_STORE_OPEN);
 *  4. loads and replays the game (the current one when no id is given),
 *     refusing a deleted or unknown one;
 *  5. calls run; a failure is a status with d set;
 *  6. rolls back on failure; on success commits a write transaction the
 *     exec left open (so an exec that must print only what was stored
 *     calls store_commit() itself before printing) and ends a read one;
 *  7. prints the warnings the exec added to r->w after a success, and
 *     the diagnostic once after a failure (none when the exec returns a
 *     failure with d empty: table mode, whose commands say their own).
 * An exec never calls store_rollback(), cmd_error() or parses -g itself.
 *
 * The older form, .exec(ctx, argc, argv), still works: it does all of that
 * itself.  New commands use .run.  An exec that reads several games, or
 * reads and then writes, declares CMD_STORE_OPEN or no store and uses
 * cmd_read_game(), store_begin() and store_commit(); store_end() ends a
 * read early.
 */

/* A command's option: "--name" and, when letter is not 0, "-letter".
 * arg names what it takes ("FILE"); NULL for a flag. */
struct cmd_option {
	const char *name;
	int letter;
	const char *arg;
};

/* What a command declares it needs: the .game and .store bits. */
#define CMD_STORE_READ  0x01  /* the store open, a read transaction during run */
#define CMD_STORE_WRITE 0x02  /* the store open, a write transaction during run */
#define CMD_GAME        0x04  /* -g ID (else the current game) loaded and replayed */
#define CMD_GAME_ARG    0x08  /* ... or the game id as the one operand: "show [ID]" */
#define CMD_GAME_ROLES  0x10  /* the game's roles (--knock PLAYER) are options too:
			       * they reach run among the operands, as "--knock" "Ann" */
#define CMD_STORE_OPEN  0x20  /* the store open, no transaction: an exec whose
			       * operands say what it reads or writes begins its
			       * own (store_begin) and commits it; one left open
			       * is rolled back */
#define CMD_STORE_HELD  0x40  /* acts only on what is stored (a game, a player):
			       * on a file not there yet (store_held) the
			       * command is refused (66, naming the file) and
			       * makes nothing.  CMD_GAME implies it */
#define CMD_GAME_READ   (CMD_GAME | CMD_STORE_READ)
#define CMD_GAME_WRITE  (CMD_GAME | CMD_STORE_WRITE)

/* An option as given on the command line. */
struct cmd_optval {
	const struct cmd_option *o;
	const char *value;  /* its argument (argv's), or NULL for a flag */
};

/* What the dispatcher hands a .run exec.  Everything in it is freed by
 * the dispatcher after run returns. */
struct cmd_run {
	struct cmd_ctx *ctx;
	const struct cmd_entry *entry;
	int argc;                 /* the operands, options taken out */
	char **argv;
	struct cmd_optval *opts;  /* the options given, in order */
	int nopts;
	struct store *store;      /* with .store or .game; else NULL */
	long id;                  /* the game id given, or 0 (the current game) */
	struct stored_game *g;    /* with .game: the game and its replay */
	struct game_state *st;
	struct warnings w;        /* said after a success (cmd_warn) */
	char **owned;             /* the dispatcher's own: freed after run */
	int nowned;
};

struct cmd_entry {
	const char *name;
	const char *alias;   /* a short name that wins over prefixes ("sh"), or NULL */
	const char *usage;   /* arguments after the name */
	const char *summary; /* one line */
	const char *help;    /* more lines for `tally help NAME`, or NULL */
	/* the older form: the exec does everything itself */
	enum status (*exec)(struct cmd_ctx *ctx, int argc, char **argv);
	/* the declared form (see above) */
	enum status (*run)(struct cmd_run *r, struct diag *d);
	const struct cmd_option *options;  /* terminated by { 0 }; or NULL */
	int nargs[2];                      /* operands: at least [0], at most [1] (-1: any) */
	int game;                          /* CMD_GAME_READ, CMD_GAME_WRITE, | CMD_GAME_ARG, ... */
	int store;                         /* CMD_STORE_READ, CMD_STORE_WRITE, CMD_STORE_OPEN or 0 */
};

/* Run command c on its arguments argv[0..argc-1] (after the name), as
 * described above (or c->exec for the older form).  Prints the
 * diagnostic of a failure itself; returns the exit status. */
enum status cmd_dispatch(struct cmd_ctx *ctx, const struct cmd_entry *c, int argc, char **argv);

/* The game that words of command c (argv[0..argc-1], after its name)
 * name with -g ID as the dispatcher would read them, the words that are
 * no option of c let be: *id, or 0 when none is named.  ST_USAGE when the
 * id is not one.  For table mode, which reads a hand's words before it
 * runs them. */
enum status cmd_game_among(const struct cmd_entry *c, int argc, char **argv, long *id, struct diag *d);

/* The argument of the last option called name that was given; for a flag
 * given, its name; NULL when it was not given. */
const char *cmd_opt(const struct cmd_run *r, const char *name);

/* The arguments of every option called name given, in order: a heap array
 * of *n borrowed strings (NULL-terminated; the caller frees the array). */
char **cmd_opt_all(const struct cmd_run *r, const char *name, int *n);

/* Load and replay game id (0 or -1: the current game) into r->g and
 * r->st, within the transaction the dispatcher opened (the entry declares
 * .store): for an exec whose operands decide whether it needs a game.
 * Errors as cmd_read_game's. */
enum status cmd_run_game(struct cmd_run *r, long id, struct diag *d);
/* Load and replay game id (not 0: any game, not the current one) from s
 * into *g and *st (the caller frees both), within the caller's
 * transaction, as cmd_read_game does.  Errors as cmd_read_game's, with
 * nothing left to free. */
enum status cmd_load_other(struct store *s, long id, struct stored_game **g, struct game_state **st,
    struct diag *d);

/* NULL-terminated, in the order `tally help` lists them. */
extern const struct cmd_entry *const cmd_table[];

/* Find a command by name or unique prefix; NULL with d set (ST_USAGE) for an
 * unknown or ambiguous name. */
const struct cmd_entry *cmd_find(const char *name, struct diag *d);

/* A name not yet known that is one edit or a unique prefix away
 * from a known player is most likely that player mistyped.  Says so for
 * each such name among names[0..n-1], in *warn (NULL when none; lines
 * "NAME: not known; did you mean KNOWN? (THEN)" joined by newlines; the
 * caller frees it).  Errors: the store's (ST_IO). */
enum status cmd_near_misses(struct store *s, char *const *names, int n, const char *then, char **warn,
    struct diag *d);

/*
 * Table mode's words (cmd_table_words(1), set by `tally shell`): a hint in
 * a message names a command as it is typed there, without "tally " ('use
 * 2', not 'tally use 2').  cmd_said() gives msg as it is to be read now (a
 * heap string, the caller frees it); cmd_say() prints through it.
 */
void cmd_table_words(int on);
char *cmd_said(const char *msg);

/* Print the text fmt and its arguments make (printf's; through cmd_said)
 * and a newline on f:
 * on a terminal each of its lines broken between words at the terminal's
 * width (stdout: cmd_columns(), also through the pager), the lines after
 * the first begun with indent ("" for a sentence, "  " and more for a
 * list), a word, name or amount never split (core/fit.h fit_prose); to a
 * file or a pipe byte for byte as it is. */
void cmd_say(FILE *f, const char *indent, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Text written for 80 columns (help, a game's rules), fit to the terminal
 * stdout is (core/fit.h fit_text: paragraphs broken again between words):
 * cmd_text_open() gives the stream to print it on, stdout itself when it
 * is no terminal (a file or a pipe gets the text byte for byte), and
 * cmd_text_close() prints what was put there and frees it. */
struct cmd_text {
	FILE *f;
	char *buf;
	size_t size;
	int width;
};
FILE *cmd_text_open(struct cmd_text *t);
void cmd_text_close(struct cmd_text *t);

/* Print "tally: MESSAGE" on stderr (cmd_say). */
void cmd_error(const struct diag *d);
/* Print d as cmd_error() does, empty it, and return its status: for the
 * few places outside the dispatcher that say an error (main's global
 * options, table mode's own line). */
enum status cmd_fail(struct diag *d);
/* Print "tally: warning: MESSAGE" on stderr (cmd_say). */
void cmd_warn(const char *msg);

/* Print the usage of one command (to stdout). */
void cmd_usage(const struct cmd_entry *c);

/* The same for --json: {"name", "usage", "summary", "help"} of c, or with
 * c NULL {"usage": ..., "commands": [...]} for them all (to stdout). */
void cmd_usage_json(const struct cmd_entry *c);

/* n players refused for rules, as `new` and `sheet` refuse them
 * (rules_players_refused: the range and its rule): ST_USAGE in d. */
enum status cmd_players_refused(const struct game_rules *rules, int n, struct diag *d);

/* --json for a command that changed a game (undo, redo): the game as
 * `show --json` prints it (st its replay now), with key set to what
 * ("hand" or "end"). */
void cmd_print_game_json(const struct stored_game *g, const struct game_state *st, const char *key,
    const char *what);

/* Say that a command wrote the file at path: "wrote PATH", or with --json
 * {"wrote": PATH}. */
void cmd_wrote(const struct cmd_ctx *ctx, const char *path);

/* Open the database on first use (ST_IO on failure).  ST_USAGE, before
 * anything is opened, when TALLY_NOW is set but is not a time (when.h). */
enum status cmd_store(struct cmd_ctx *ctx, struct store **s, struct diag *d);

/* Parse a game id ("7" or "#7"); ST_USAGE if it is not one. */
enum status cmd_game_id(const char *s, long *id, struct diag *d);

/* Read game id (0 or -1: the current game: SPEC "The current game") and
 * replay it, in a read transaction of its own that is over on return;
 * a deleted game is refused (ST_NOINPUT): for a command that
 * reads several games, or a game and then something else.  *g and *st are
 * the caller's to free (stored_game_free, state_free; NULL after an
 * error).  Errors: ST_NOINPUT (no such game or no current game), ST_IO,
 * and ST_INTERNAL when the stored entries no longer replay. */
enum status cmd_read_game(struct cmd_ctx *ctx, long id, struct stored_game **g, struct game_state **st,
    struct diag *d);

/* Free the checkpoint the commands of this process last decoded (kept
 * so that table mode decodes a game's checkpoint once, not each line). */
void cmd_forget_checkpoint(void);
/* Keep, from now on, the checkpoint the commands of this process decode
 * last (table mode: the next line copies it, and decodes none); a
 * process that runs one command keeps none. */
void cmd_keep_checkpoints(void);

/* As cmd_read_game, only the head of the game (store_game_head: who
 * sits where, its options and substitutes, no hand read or replayed):
 * for table mode, which reads a line's words by the seats before it
 * runs the line. */
enum status cmd_read_head(struct cmd_ctx *ctx, long id, struct stored_game **g, struct diag *d);

/*
 * `edit` and `insert`: replay g (st its replay) up to hand `number`, apply
 * the new entry (argc, argv) there, in place of hand `number` or (insert)
 * before it, then every later stored hand again: *re is the game with the
 * change and *canon the new entry's canonical text (both the caller's to
 * free).  The entry's refusal, or a later hand that no longer holds, is an
 * error naming it (name: the game's; an insertion gives the later hand's
 * new number and its old one) and "; nothing changed".
 */
struct warnings;
/* Who plays each seat of st (a replay of g) at hand `hand` (1-based):
 * for each seat the latest substitute of g (`tally sub`) from that hand
 * or before, or its own player (state_set_sub NULL) when the latest
 * change gave the seat back.  Seats no change reaches are left as st has
 * them. */
void cmd_subs_at(struct game_state *st, const struct stored_game *g, int hand);
/* g's substitutes with those from hand `from` on moved by `by` hands (1:
 * a hand put in before them, -1: one taken out), as the store moves them
 * (db/store.h store_hand_insert, store_hand_remove), for a replay of the
 * hands so numbered (struct game_record subs, in hand order still): a
 * heap array the caller frees, its names g's. */
struct seat_change *cmd_subs_moved(const struct stored_game *g, int from, int by);
/* What `sub` (and its undo and redo) says: "NAME plays OWNER's seat from
 * hand N" or, NAME the seat's own player, "NAME plays their own seat
 * again from hand N" (st's hand word); a heap string, the caller frees. */
char *cmd_sub_words(const struct game_state *st, int seat, const char *name, int hand);
struct undo_step;
/* `undo` (redo 0) of the sub step t of r's game (t->id 0: a sub made
 * before steps were kept, when it is the newest seat change): the seat
 * goes back to who was to play it, and the substitution waits for `redo`
 * with the hands kept for redo; `redo` (redo 1) makes the one undone last
 * again.  The step turned (db/store.h store_step_turn), committed, and
 * said (text or JSON); *done 1 when it did, 0 when there was none to take
 * back (nothing changed).  Errors: the store's (cmd/cmd-sub.c). */
enum status cmd_sub_back(struct cmd_run *r, int redo, const struct undo_step *t, int *done, struct diag *d);
/* `edit` (insert 0) and `insert`'s (1) first operand, r->argv[0]: the
 * hand number into *number, and the game's name ("Golf #3") into name.
 * A word that is no number is ST_USAGE with the command's usage; a hand
 * past the last (for insert, past the one after it), ST_NOINPUT. */
enum status cmd_hand_number(const struct cmd_run *r, int insert, long *number, char *name, size_t size,
    struct diag *d);
enum status cmd_replay_changed(const struct stored_game *g, const struct game_state *st, int number, int insert,
    const char *name, int argc, char **argv, struct game_state **re, char **canon, struct warnings *w,
    struct diag *d);

/* Say each late arrival whose join total (the worst total before the
 * hand they joined at, core/rules.h JOIN_TOTAL) moved from old to re,
 * both whole replays of one game, after an earlier hand was corrected,
 * put in or taken out ("Eve joins at hole 3 with 30 points (was 3), the
 * worst total before it"); a total the table gave (--total) never moves.
 * Text on stdout. */
void cmd_joins_moved(const struct game_state *old, const struct game_state *re);

/* Say what changing hand `number`'s entry from `was` to `now` moved, old
 * the game before and re after (both whole replays): the hand's roles
 * ("roles in hole 2: --knock Bob (was --knock Ann)"), each player's points
 * or chips in it, a late arrival's join total it moves, and the totals
 * ("points now: Ann 8 (was 4)"); a line only for what moved.  Text on
 * stdout; used by `edit`, its `redo` and its `undo` alike. */
void cmd_edit_moved(const struct game_state *old, const struct game_state *re, int number, const char *was,
    const char *now);

/* `edit` of hand `number` of r->g (1 to its hands) with the entry
 * argv[0..argc-1] (redo NULL: a new change, what waited for redo
 * forgotten), or `redo` of the edit step redo that `undo` took back: hand
 * `number` replaced and every later hand checked again (as
 * cmd_replay_changed), the entry replaced kept for `undo` in the step
 * (db/store.h store_step_push), committed, and said (what the hand is
 * now, its roles and points moved; --json the game, with "edited" or
 * "redid": "edit").  Errors: cmd_replay_changed's and the store's;
 * nothing is stored then. */
enum status cmd_edit_store(struct cmd_run *r, int number, int argc, char **argv, const struct undo_step *redo,
    struct diag *d);

/* Say that `insert` (or `redo` of an insert taken back) put canon in as
 * hand `number` of r->g (its hands before), re the game with it: the
 * hand, the later hands' new numbers, the totals and what is next; with
 * --json the game as `show --json` prints it, with "inserted". */
void cmd_print_inserted(const struct cmd_run *r, const struct game_state *re, int number, const char *canon,
    const char *verb);

/* g replayed (with rules) with name seated after its last seat from hand
 * `hand` on, with total the points the table gave (JOIN_BY_RULE: the
 * rules'): what `join` stores and `redo` of an undone join brings back.
 * NULL with d set when it does not replay so.  Free with state_free(). */
struct game_state *cmd_replay_joined(const struct stored_game *g, const struct game_rules *rules,
    const char *name, int hand, long total, struct diag *d);

/* The record of stored game g for rules_replay (core/rules.h): pointers
 * into g, valid while g is.  rules is the game's rules (rules_find(g->kind)). */
struct game_record cmd_game_record(const struct stored_game *g, const struct game_rules *rules);

/* `tally delete ID` (delete 1) or `tally restore ID` (delete 0), ID
 * r->argv[0]: the whole exec, shared by cmd-delete.c and cmd-restore.c. */
enum status cmd_delete_or_restore(struct cmd_run *r, int delete, struct diag *d);

/* The warning for the hands kept for redo that a new hand or an end sets
 * aside (g->nundone of them; none: nothing added to w). */
struct warnings;
void cmd_warn_set_aside(const struct stored_game *g, const struct game_state *st, struct warnings *w);

/*
 * The game called name: a built-in game (rules_find: name or unique
 * prefix), else a score pad the club saved under that name, in
 * which case *rules is the pad's and *pad holds its settings (free with
 * saved_pad_release; zeroed otherwise).  ST_NOINPUT when there is neither;
 * ST_IO when the database cannot be read.
 */
struct game_rules;
struct saved_pad;
enum status cmd_find_game(struct cmd_ctx *ctx, const char *name, const struct game_rules **rules,
    struct saved_pad *pad, struct diag *d);
/* The option arguments of a game of a saved pad: its settings, then the
 * command line's opts[0..nopts-1] (later ones win).  A heap array of *n
 * borrowed strings; the caller frees the array only. */
char **cmd_pad_settings(const struct saved_pad *pad, char *const *opts, int nopts, int *n);

/* The first line of a `tally export` JSON file of store s: the header
 * object (tally_export, schema, this file's uid as "source", the club's
 * saved pads) with its "games" list begun, no newline.  Heap; NULL with d
 * set when the store cannot be read (ST_IO). */
char *cmd_export_header(struct store *s, struct diag *d);

/* A stored game's members as one object of a `tally export` JSON file
 * (what `tally import` reads back), written to w inside an object the
 * caller opened (jw_object) and closes (jw_end), so that more members may
 * follow: the export's standings.  Written as they are made, never held
 * whole (core/json.h). */
struct jw;
void cmd_game_write(struct jw *w, const struct stored_game *g);

/* s cut or padded to width terminal columns (UTF-8 aware); the caller frees it. */
char *cmd_padded(const char *s, int width);

/* The names of a char(31)-separated list (a history row's players,
 * winners, sides; NULL for none) with sep between; the caller frees it. */
char *cmd_names_joined(const char *s, const char *sep);

/* One game's row of `list` and `history`: what the two print alike. */
struct game_row {
	const char *lead;     /* the mark and the number, as the command has them: "*#12   " */
	const char *title;    /* the game's title, cut or padded to 18 columns */
	const char *day;      /* when it started, "2026-11-20 20:30" (when_human) */
	const char *status;   /* open, over or abandoned, in status_w columns (or more) */
	int status_w;
	int hands;
	const char *kind;     /* the game's kind (rules_find): its hands are counted in
	                       * its own word (words.hand_word); NULL: "hands" */
	const char *length;   /* the play time, in 11 columns, or NULL for no such column */
	const char *players;  /* "Ann, Bob, Cid" */
	const char *winners;  /* the winning sides, "Ann & Cid", or "" */
	const char *mark;     /* last, after two blanks ("[note]"), or NULL */
	int align;            /* 1: the players cut or padded to one width on every row (list) */
	int count_kept;       /* 1: the hands never dropped, the number's blanks narrowed
	                       * before them (history); 0: the hands go last (list) */
};

/* Print r and a newline on stdout, fit to width columns (cmd_columns(); 0
 * prints it whole, as to a pipe).  Where the row is too wide the title
 * narrows to 14 columns, the day to its date, then the play time and the
 * status are dropped and the title narrows to 10; then list drops the
 * hands, history narrows the number's blanks by 2 and keeps them; until
 * the names have 32 columns (list's 49).  Once a column had to go, the
 * names get no more than that, the rest of the line left blank, so their
 * room never shrinks as the terminal widens (fit_columns).  The names
 * take that room, cut with an ellipsis: the players before the winner,
 * who stays whole while the players keep 4 columns; an aligned row's
 * players padded to one width for every row (all but 22 columns for the
 * winner), so the winners line up where the players fit it.  Where the
 * names would have fewer than 24 columns (a phone's terminal), the row
 * gives way only until it fits and the names go on the lines under it,
 * broken between names, each whole unless wider than a line.  The hands
 * take 10 columns ("  9 rounds") when the row is narrowed, so every row
 * narrows alike and the rows line up; a longer word ("3 retirements")
 * takes its extra columns from the names beside it, or, where the row has
 * no room for them, goes first on the names' line, as does a count the
 * row has no room for at all.  The mark stays whole; a row whose status
 * column was dropped, or whose status is wider than it (history's
 * "abandoned"), and that has no winner is marked with its status
 * ("[abandoned]") unless it is open, so no ended game looks open. */
void cmd_game_row_print(const struct game_row *r, int width);

/* 1 if argv holds --help or -h. */
int cmd_wants_help(int argc, char **argv);

/* The names of a list joined by char(31), as history rows carry them
 * (names may hold commas), as a new JSON array (the caller owns it). */
struct jv;
struct jv *cmd_name_array(const char *joined);

/* The view (core/view.h) of stored game g replayed in st, with its id,
 * date, uid and substitutes (g NULL: a blank pad's fresh state, no id);
 * the caller view_free()s it.  Every output of
 * one game (show, --json, the CSV export) renders it. */
struct view;
struct view *cmd_game_view(const struct stored_game *g, const struct game_state *st);

/* Send the rest of stdout through $PAGER ("less" with LESS=FRX when
 * unset: it quits at once when the text fits the screen) when stdout is a
 * terminal; nothing when it is not, or PAGER is empty or "cat".  For the
 * commands whose output can run to thousands of lines (history, list,
 * stats).  At exit tally waits for the pager.  Nothing to free. */
void cmd_pager_start(void);

/* Never page from now on: table mode's commands print straight to the
 * terminal (a pager started by one of them would stay for the rest of
 * the night, swallowing what later commands print). */
void cmd_pager_never(void);

/* 1 when stdout goes to a pager: a write that fails then means the
 * reader quit it, no error. */
int cmd_paging(void);

/* 1 when what stdout was given cannot reach a reader because the reader
 * chose to go: the pager was quit, or the pipe or socket stdout is was
 * closed at its other end (`tally help | head -1`).  A write that failed
 * then is no error, as for other Unix tools (which SIGPIPE ends quietly);
 * a write that failed otherwise (a full disk) still is. */
int cmd_reader_gone(void);

/* The columns a line on stdout must fit: the terminal's (core/fit.h's
 * text_columns), also when stdout goes to the pager (read before the pager
 * took it: less wraps a longer line as the terminal would); 0 for a file
 * or a pipe (no limit). */
int cmd_columns(void);

/* The --limit N the command r was given (declared { "limit", 0, "N" }):
 * rows to show, 1 or more, in *limit; 0 when not given.  ST_USAGE with d
 * set when N is not a whole number of 1 or more.  For history, list and
 * stats. */
enum status cmd_limit(const struct cmd_run *r, long *limit, struct diag *d);

/* Ctrl-C for the long commands (import, check): after
 * cmd_interrupt_catch() the first Ctrl-C only sets a flag that
 * cmd_interrupted() reports, so the command stops after a whole step and
 * says what was done and how to finish (exit ST_INTERRUPTED); a second
 * Ctrl-C ends tally at once, as before.  In table mode, whose own handler
 * stops the command's statements instead, it does nothing. */
void cmd_interrupt_catch(void);
int cmd_interrupted(void);

#endif
