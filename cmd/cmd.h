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
	int json;
	struct store *store;
	/* When not NULL, `hand` stores only if the game still has exactly
	 * these hands (checked inside its write transaction); else ST_RULE
	 * and nothing stored.  Table mode sets it around a guided hand. */
	const struct cmd_expect *expect;
};

struct cmd_entry {
	const char *name;
	const char *alias;   /* a short name that wins over prefixes ("sh"), or NULL */
	const char *usage;   /* arguments after the name */
	const char *summary; /* one line */
	const char *help;    /* more lines for `tally help NAME`, or NULL */
	enum status (*exec)(struct cmd_ctx *ctx, int argc, char **argv);
};

/* NULL-terminated, in the order `tally help` lists them. */
extern const struct cmd_entry *const cmd_table[];

/* Find a command by name or unique prefix; NULL with d set (ST_USAGE) for an
 * unknown or ambiguous name. */
const struct cmd_entry *cmd_find(const char *name, struct diag *d);

/* Issue 12: a name not yet known that is one edit or a unique prefix away
 * from a known player is most likely that player mistyped.  Says so for
 * each such name among names[0..n-1], in *warn (NULL when none; lines
 * "NAME: not known; did you mean KNOWN? (THEN)" joined by newlines; the
 * caller frees it).  Errors: the store's (ST_IO). */
enum status cmd_near_misses(struct store *s, char *const *names, int n, const char *then, char **warn,
    struct diag *d);

/* Print "tally: MESSAGE" on stderr. */
void cmd_error(const struct diag *d);
/* Print "tally: warning: MESSAGE" on stderr. */
void cmd_warn(const char *msg);

/* Print the usage of one command (to stdout). */
void cmd_usage(const struct cmd_entry *c);

/* The same for --json: {"name", "usage", "summary", "help"} of c, or with
 * c NULL {"usage": ..., "commands": [...]} for them all (to stdout). */
void cmd_usage_json(const struct cmd_entry *c);

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

/* The arguments of a command that takes one optional game id, as
 * "tally show [ID]": sets *id when argv holds one and leaves it alone when
 * argc is 0.  ST_USAGE, with usage as the message, for more than one. */
enum status cmd_optional_game_id(int argc, char **argv, const char *usage, long *id,
    struct diag *d);

/*
 * Load game id (0 or -1 = the current game: SPEC "The current game") and
 * replay it; a deleted game is refused (ST_NOINPUT).  With write=1 a write transaction is open on return (commit or
 * roll back through the store); with write=0 a read transaction that the
 * caller ends.  *g and *st are the caller's to free (stored_game_free,
 * state_free).  Errors: ST_NOINPUT (no such game or no current game), ST_IO, and ST_INTERNAL
 * when the stored entries no longer replay.
 */
enum status cmd_load_game(struct cmd_ctx *ctx, long id, int write,
    struct stored_game **g, struct game_state **st, struct diag *d);

/* The record of stored game g for rules_replay (core/rules.h): pointers
 * into g, valid while g is.  rules is the game's rules (rules_find(g->kind)). */
struct game_record cmd_game_record(const struct stored_game *g, const struct game_rules *rules);

/* The "-g ID" option of hand/undo/redo/edit: removes it from argv.
 * *id is 0 when absent. */
enum status cmd_take_game_opt(int *argc, char **argv, long *id, struct diag *d);

/* `tally delete ID` (delete 1) or `tally restore ID` (delete 0): the
 * whole command, shared by cmd-delete.c and cmd-restore.c. */
enum status cmd_delete_or_restore(struct cmd_ctx *ctx, int argc, char **argv, int delete);

/* The warning for the hands kept for redo that a new hand or an end sets
 * aside (g->nundone of them; none: nothing added to w). */
struct warnings;
void cmd_warn_set_aside(const struct stored_game *g, const struct game_state *st, struct warnings *w);

/*
 * The game called name: a built-in game (rules_find: name or unique
 * prefix), else a score pad the club saved under that name, in
 * which case *rules is the pad's and *pad holds its settings (free with
 * saved_pad_free; zeroed otherwise).  ST_NOINPUT when there is neither;
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

/* A stored game as one object of a `tally export` JSON file (what `tally
 * import` reads back); the caller owns it (jv_free). */
struct jv *cmd_game_json(const struct stored_game *g);

/* s cut or padded to width terminal columns (UTF-8 aware); the caller frees it. */
char *cmd_padded(const char *s, int width);

/* 1 if argv holds --help or -h. */
int cmd_wants_help(int argc, char **argv);

/* The names of a list joined by char(31), as history rows carry them
 * (names may hold commas), as a new JSON array (the caller owns it). */
struct jv;
struct jv *cmd_name_array(const char *joined);

/* The view (core/view.h) of stored game g replayed in st, with its id,
 * date, uid and substitutes; the caller view_free()s it.  Every output of
 * one game (show, --json, the CSV export) renders it. */
struct view;
struct view *cmd_game_view(const struct stored_game *g, const struct game_state *st);

#endif
