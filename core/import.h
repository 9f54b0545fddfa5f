/* SPDX-License-Identifier: ISC */
/*
 * import.h: reading a `tally export` JSON file:
 * everything `tally import` checks before it takes the database's write
 * lock.  Nothing here touches the store.
 *
 * import_read() reads the input to its end and checks, in this order:
 *   - the header: {"tally_export": 1, "schema": N, ...} with N from 1 to
 *     max_schema (the store's STORE_SCHEMA_VERSION: an export of a newer
 *     tally is refused);
 *   - completeness: a streamed export (one game a line, as `tally export`
 *     writes it) must end with its closing "]}" line, and nothing may
 *     follow; a single JSON document must parse whole;
 *   - each game: uid (at most 64 bytes, once in the file), a kind this
 *     tally knows, its player count, every name through names_check()
 *     (stored in NFC), no player seated twice (names_eq()), the dealer's
 *     seat, the options as `tally new` builds them, and a replay of every
 *     live hand through the rules; a game's and a night's note through
 *     names_text_check, as `tally note` checks them.
 * Any failure imports nothing.  An open night (no "ended") is closed at
 * the last moment of its games in the file (the latest game end, hand
 * recorded or game start), so an import never leaves a second night open;
 * the games of the latest night the file leaves open are marked
 * night_open, for a restore (cmd/cmd-import.c) to keep it open.
 * A night is known by its uid (schema 8 exports); an export without night
 * uids keeps one night per name and start, as before.
 */
#ifndef TALLY_IMPORT_H
#define TALLY_IMPORT_H

#include <stdio.h>

#include "diag.h"
#include "options.h"
#include "rows.h"

struct game_state;

/* One game ready to write: every string and array is owned by it. */
struct import_item {
	char *uid, *kind, *started, *ended;
	int closed, dealer;
	char *night_uid;          /* NULL: the file has none (older export) */
	char *night_name, *night_started, *night_ended; /* night_name NULL: no night */
	int nplayers;
	char **names;             /* NFC */
	struct optset opts;
	int nhands, nundone;
	char **entries, **recorded;          /* nhands; recorded[i] may be NULL */
	char **undone, **undone_recorded;    /* nundone */
	int nsubs;                /* substitutes (export's "subs"), in hand order */
	struct import_sub {
		int seat;             /* 0-based seat taken over */
		int hand;             /* 1-based: the first hand the substitute plays */
		char *player;         /* NFC, checked like any name */
	} *subs;
	int *joined;              /* NULL, or per seat a late arrival's first hand
	                           * (export's "joins"; 0: from the start) */
	long *join_total;         /* NULL, or per seat the points the table gave
	                           * them (JOIN_BY_RULE: the rules') */
	long revision;            /* the game's revision in the file it came
	                           * from (export's "revision"; 0: not given) */
	char *deleted;            /* when it was deleted there, or NULL */
	char *note;               /* the game's note (export's "note"), checked
	                           * as `tally note` checks it, NFC; or NULL */
	char *night_note;         /* its night's note (the night's "note"), or NULL */
	char *night_taken_from;   /* the file its file had last taken the night
	                           * from (the night's "taken"), NULL: none */
	char *night_taken_note;   /* the night's note in that file then, or NULL */
	char *night_versions;     /* its night's clock (the night's "versions",
	                           * core/merge.h merge_clock_text), NULL: an
	                           * export before schema 28 */
	char *night_taken_seen, *night_taken_here; /* with night_taken_from:
	                           * the night's clock in that file then, and
	                           * in its own right after (the "taken"'s
	                           * "versions" and "here"), NULL: not given */
	char *taken_from;         /* the file it had last taken the game from
	                           * (export's "taken"), NULL: none */
	long taken_revision, taken_here; /* the game's revision in that file,
	                           * and in its own right after */
	char *versions;           /* its clock (export's "versions",
	                           * core/merge.h merge_clock_text), NULL: an
	                           * export before schema 26 */
	int night_open;           /* its night is the one the file leaves open
	                           * (night_ended is then the end an import
	                           * that is no restore gives it) */
	struct game_rows rows;    /* what the store keeps of its replay, every
	                           * hand (import_next(): the replay made when
	                           * it was checked) */
	struct pool *pool;        /* NULL, or (import_next()) where its
	                           * strings and arrays are, its options'
	                           * aside: freed whole with the item */
};

/* What `tally import` changes in every game as it is read: the table's
 * names and clock made this file's. */
struct import_edit {
	int naliases;
	char *const *alias_from, *const *alias_to;  /* --alias FROM=TO, TO in NFC */
	long offset;                                /* --clock-offset, seconds */
	int nknown;
	char *const *known;  /* the players here, as this file spells them: a
	                      * name of the file that is one of them written
	                      * otherwise (names_eq: Ann for ann, Zoë for zoë) is
	                      * given this spelling, as the store will seat it;
	                      * and a name the file spells two ways takes its
	                      * first spelling, as the first game written makes
	                      * the player */
};

struct import_spool;

/*
 * A read and checked export.  Its games are not held: each is checked as
 * it is read, with the edits (import_edit) made, and kept in a scratch
 * file (tmpfile(3)) from which import_next() gives them back one at a
 * time, so that reading a million hands holds one game at a time in
 * memory, and what the file holds besides (its uids, its nights and its
 * players, once each).
 */
struct import_set {
	long n;                   /* games */
	long hands;               /* live hands of every game */
	long nnights;             /* the nights of the file, each once, as the
	                           * first of its games has it (or the
	                           * export's "nights": a night on which no
	                           * game started), in the order of their keys
	                           * (uid, else name and start) */
	struct import_night {
		char *uid, *name, *started, *note;
		char *versions;       /* its clock (import_item night_versions) */
		char *taken_from, *taken_note; /* what its file had last taken
		                       * of it (import_item night_taken_...) */
		char *ended;          /* its end as the file gives it: the latest
		                       * its games say, else the latest moment of
		                       * its games (import_item night_ended) */
		char *taken_seen, *taken_here; /* (import_item night_taken_...) */
		int open;             /* the night a restore keeps open */
	} *nights;
	long schema;              /* the schema the file declares */
	char *source;             /* the uid of the file it was exported from
	                           * (export's "source"), NULL: not given */
	int npads;                /* the club's saved pads (export's "pads"),
	                           * names and settings checked as `pad save` does */
	struct import_pad {
		char *name;
		char **settings;      /* "KEY=VALUE" */
		int nsettings;
	} *pads;
	int nsettings;            /* the club settings the file's club set
	                           * (export's "settings"): key=value texts */
	char **setting_keys, **setting_values;
	int nnames;               /* the players the games seat, substitutes
	                           * too, each once (names_eq), in the order
	                           * they first come, NFC */
	char **names;
	struct import_spool *spool; /* the games (private to core/import.c) */
};

/*
 * Read the export in f (named path in messages) into *set, each game
 * with edit's changes made (edit may be NULL): an --alias FROM=TO seats
 * TO wherever a game seats FROM, and its entries and substitutes name TO
 * (rules_rename_entry; ST_RULE, naming the game, where a game seats
 * both); --clock-offset moves every time (ST_RULE should one fall outside
 * the years tally reads).  Reads f to its end (stdin included) before it
 * returns.  Returns ST_OK,
 * or with d set: ST_RULE (65) when the file is not a complete export of a
 * schema this tally reads or a game in it fails a check (the message names
 * the game's uid and says nothing was imported), ST_NOINPUT (66) for a game
 * of a kind this tally does not know, ST_IO (74) for a read error or a
 * scratch file that cannot be written.  Free *set with
 * import_set_release(), also after an error.
 */
enum status import_read(FILE *f, const char *path, int max_schema, const struct import_edit *edit,
    struct import_set *set, struct diag *d);
void import_set_release(struct import_set *set);

/*
 * The games of a set import_read() gave ST_OK, in the file's order, one at
 * a time: import_rewind() starts again at the first; import_next() fills
 * *g (its own, released with import_item_release()) and sets *more 1, or
 * *more 0 past the last.  Each game's night carries its end as the whole
 * file has it (a night the file leaves open ends with its last game) and
 * night_open.  ST_IO when the scratch file cannot be read.
 */
enum status import_rewind(struct import_set *set, struct diag *d);
enum status import_next(struct import_set *set, struct import_item *g, int *more, struct diag *d);
void import_item_release(struct import_item *g);

/* The replay of the live hands of g, a game import_read() checked (closed
 * if g is), for the store to write its derived rows from: a new state
 * (free with state_free()), or NULL with d set should the rules refuse it
 * (they do not: import_read() replayed it the same way).  import_read()
 * keeps no replay, so that a large file is not held replayed whole. */
struct game_state *import_replay(const struct import_item *g, struct diag *d);

#endif
