/* SPDX-License-Identifier: ISC */
/*
 * store.h: the SQLite store, the only module that includes sqlite3.h
 * (SPEC section 6).
 *
 * One file holds every game.  Opening it creates the file and its directory,
 * checks PRAGMA application_id, migrates the schema (PRAGMA user_version),
 * and sets WAL, foreign keys and a busy timeout.  A command that writes calls
 * store_begin(s, 1, ...) before it loads the game, so the state it checks an
 * entry against cannot go stale before its own commit.
 *
 * The files of db/ stand on each other one way only (no circle):
 *   conn.c     the connection: prepared statements, errors, binding
 *   players.c  players and substitutes
 *   pads.c     the saved score pads
 *   ratings.c  the kept ratings (stats.c keeps them with the statistics)
 *   report.c   history, seats, export and check reads (report.h)
 *   stats.c    the kept statistics (stat_line, stat_count, stat_pair)
 *   store.c    open, migrate, transactions, load a game, current, nights
 *   write.c    every change of a game, through one writer of the rows
 *              derived from its hands: scores, chip moves, notes, seats,
 *              the history columns, the kept statistics and ratings
 * Each file uses only those above it.  The derived rows come from the
 * replayed state the caller passes; the store makes no display text, and
 * its only arithmetic is each hand's running total, the replay's hand
 * points added up in the writer's one pass (the state keeps none).
 *
 * Every function returns ST_OK or an error status with d set: ST_IO for
 * database trouble (locked past the busy timeout, disk full, read-only,
 * corrupt or foreign file), ST_NOINPUT for a game or hand that does not
 * exist, ST_INTERNAL for a statement that cannot be prepared (a bug).
 */
#ifndef TALLY_STORE_H
#define TALLY_STORE_H

#include <stddef.h>

#include "../core/diag.h"
#include "../core/options.h"
#include "../core/rules.h"  /* struct seat_change */

struct store;
struct game_state;
struct game_rows;

/* The schema version this build writes. */
#define STORE_SCHEMA_VERSION 31
/* PRAGMA application_id of a tally database: "TALY". */
#define STORE_APPLICATION_ID 0x54414c59

/* Open (creating if needed) the database at path.  *out is freed with
 * store_close().  path is a file name, never an SQLite URI: "", ":memory:"
 * and "file:..." are refused (ST_USAGE, see store_check_path).  A file on a
 * read-only medium is opened read-only (immutable if its -wal and -shm
 * cannot be made), so reading works and a write fails with ST_IO.  Errors:
 * ST_IO for a file that is not a tally database (application_id, or a
 * schema version outside 1..STORE_SCHEMA_VERSION), from a newer tally, or
 * cannot be opened, created or upgraded. */
enum status store_open(const char *path, struct store **out, struct diag *d);

/* How store_open_as opens a file (bits). */
#define STORE_MAKE_DIR 0x1  /* a write makes the file's directory if it is not
			     * there (tally's default database, SPEC 2); else
			     * a --db or TALLY_DB in a directory not there is
			     * refused: ST_IO for a write, ST_NOINPUT for a read */
#define STORE_LAZY     0x2  /* no file at path: make none until a write.  The
			     * store reads as an empty file (store_absent 1)
			     * and the first store_begin(s, 1) makes the file,
			     * as store_open would have; until then a write
			     * outside store_begin fails (ST_IO). */

/* As store_open (which is STORE_MAKE_DIR), with how's bits: for a
 * command that may only read, so that reading a file that is not there
 * does not make it (`tally --db NEW.db list`). */
enum status store_open_as(const char *path, int how, struct store **out, struct diag *d);

/* 1 when s stands for a file not there yet (STORE_LAZY, no write since),
 * else 0 (s NULL too). */
int store_absent(const struct store *s);
/* For a command that acts only on what is stored (a game, a player, a
 * night, a season): ST_OK when s holds a file, else (STORE_LAZY, no file
 * at its path, nor made by another tally since) ST_NOINPUT with d "no
 * games in PATH: there is no such file yet ...", so that the command
 * stops before store_begin(s, 1) would make the file. */
enum status store_held(struct store *s, struct diag *d);
void store_close(struct store *s);

/* What opening s had to say that is not an error (an upgrade that merged
 * two players whose names became one, core/names.h), for the command to
 * show; owned by s. */
const struct warnings *store_warnings(struct store *s);

/* ST_OK if path can name a database file; ST_USAGE with d set for an empty
 * path, ":memory:" or an SQLite URI ("file:..."). */
enum status store_check_path(const char *path, struct diag *d);

/* Open another tally database at path for reading only (`tally import
 * FILE.db`): the file is never written.  A file of an older schema (a
 * table still on an older tally) is read through an upgraded copy in
 * $TMPDIR (or /tmp), removed again by store_close.  ST_NOINPUT is the
 * caller's to report for a missing file; ST_IO for a file that is not a
 * tally database, cannot be read or copied, holds a view or a trigger, or
 * has a newer schema than this build's (the message says what to do). */
enum status store_open_readonly(const char *path, struct store **out, struct diag *d);

/* Transactions: write=1 takes the write lock at once (BEGIN IMMEDIATE). */
enum status store_begin(struct store *s, int write, struct diag *d);
enum status store_commit(struct store *s, struct diag *d);

/* on 1: after each commit that wrote, copy the write-ahead log back into
 * the database file (PRAGMA wal_checkpoint(TRUNCATE)), so that the .db
 * file alone is whole while the connection stays open: table mode keeps
 * it open all night, and a host copies only table1.db to a USB stick
 * (README, "A club of several tables").  A checkpoint that cannot finish
 * (another terminal is reading) is not an error: the commit stands, and
 * the next write's checkpoint or the connection's close takes it up.
 * on 0 (the default): SQLite's own checkpoints every 4 MB of log. */
void store_keep_whole(struct store *s, int on);

/* What the last successful commit on s stored, as a clause ("hand 3 of
 * game 7 was stored"), or NULL when nothing was committed (or s is NULL).
 * The string belongs to s.  main() names it when the output then fails,
 * so a script knows not to enter it again. */
const char *store_stored(struct store *s);
void store_rollback(struct store *s);
/* on 1: stop the statement running on s (sqlite3_interrupt: it fails with
 * SQLITE_INTERRUPT, reported as any failed statement) and refuse every
 * statement after it (ST_IO, "interrupted"), so the command's transaction
 * is rolled back; another table's file being read stops too (its
 * progress handler).  Safe from a signal handler (the sqlite3 shell calls
 * sqlite3_interrupt on Ctrl-C too).  on 0: statements run again.  s may
 * be NULL. */
void store_interrupt(struct store *s, int on);
/* Read from s now, in the transaction open on it (store_begin), so that
 * its snapshot is taken at this moment rather than at its first query
 * (SQLite's deferred read).  ST_IO with d set on a read error. */
enum status store_snapshot(struct store *s, struct diag *d);

/* End the transaction open on s, if any: commit it when keep is 1
 * (store_commit's errors, the transaction then rolled back), roll it back
 * when keep is 0 (always ST_OK).  No transaction open, or s NULL: ST_OK.
 * The command dispatcher (cmd/cmd.c) ends every command's transaction
 * with it. */
enum status store_end(struct store *s, int keep, struct diag *d);

/* A game as stored.  All strings and arrays are owned by the struct and
 * freed by stored_game_free(). */
struct stored_game {
	long id;
	char *uid, *kind, *started, *ended;
	int over, closed, dealer;
	int nplayers;
	char **names;        /* seat order */
	struct optset opts;
	int nhands;
	char **entries;      /* live hands, hand 1 first */
	int nundone;
	char **undone;       /* undone hands, the next to redo first */
	char **recorded;     /* when each live hand was entered (UTC) */
	char **undone_recorded;
	char *night_name, *night_started, *night_ended; /* NULL when no night */
	long night;
	char *deleted;       /* when `tally delete` took it out (UTC), or NULL */
	int end_undone;      /* live hands when an undone `end` was taken back, or -1 */
	int end_undone_closed; /* how that end closed it: GAME_ENDED_EARLY or
	                      * GAME_ABANDONED (core/rules.h) */
	int nsubs;
	struct seat_change *subs;  /* in hand order */
	char *night_uid;     /* NULL when no night */
	long revision;       /* bumped by every change of the game (schema 14) */
	char *note;          /* the game's note (`tally note`, schema 21), or NULL */
	char *night_note;    /* its night's note, or NULL */
	char *night_taken_from;  /* the uid of the other file its night was last
	                      * taken from (struct night_base), NULL: none */
	char *night_taken_note;  /* the night's note there then, or NULL */
	char *night_versions; /* its night's clock (schema 28, core/merge.h
	                      * merge_clock_text), NULL: the empty one */
	char *night_taken_seen, *night_taken_here; /* with night_taken_from:
	                      * the night's clock there then, and here right
	                      * after (struct night_base seen, here), or NULL */
	int *joined;         /* NULL, or per seat the first hand (1-based) a late
	                      * arrival plays it (`tally join`), 0 from the start */
	long *join_total;    /* NULL, or per seat the points the table gave a late
	                      * arrival (JOIN_BY_RULE: the rules') */
	char *taken_from;    /* the uid of the other file it was last taken
	                      * from (struct merge_base), NULL: none */
	long taken_revision, taken_here; /* its revision there, and here right after */
	/* its clock (core/merge.h merge_clock_here) is made of these: */
	char *file_uid;      /* this file's uid */
	int base_found;      /* a record of taking it (struct merge_base) */
	char *base_source, *base_seen; /* that record's source and seen */
	long base_source_revision, base_here;
	char *rows;          /* NULL, or where entries[0..nrows-1] and
	                      * recorded[0..nrows-1] point: the rows a
	                      * checkpoint kept (store_game_load_rows), one block */
	int nrows;
	struct pool *rows_pool; /* NULL: rows is g's; else a state read from
	                      * the checkpoint took the block into its pool,
	                      * and g holds a share of that (core/util.h) */
	int live;            /* store_game_head: the live hands (nhands is 0) */
};

/* Load game id; ST_NOINPUT if there is none. */
enum status store_game_load(struct store *s, long id, struct stored_game **out,
    struct diag *d);
void stored_game_free(struct stored_game *g);

/*
 * Games read in id order through a few cursors, each table read once in
 * game order instead of a handful of lookups per game: for reading many
 * games (an export of a decade).  store_games_open: over the games with
 * ids lo..hi; store_games_next: game id (ids asked for in ascending
 * order), *out as store_game_load gives it, and in *kept the standings
 * kept of it for build as store_standings_get gives them (heap, or NULL);
 * ST_NOINPUT if there is no game id.  Errors as store_game_load.
 */
struct store_games;
enum status store_games_open(struct store *s, long lo, long hi, const char *build, struct store_games **out,
    struct diag *d);
enum status store_games_next(struct store_games *gs, long id, struct stored_game **out, char **kept,
    struct diag *d);
void store_games_close(struct store_games *gs);

/* The head of game id: its row, seats, options, substitutes and, where
 * it has substitutes, how many live hands it has (g->live, else 0), no
 * hand (nhands 0): for who sits where without reading the hands.
 * Errors as store_game_load. */
enum status store_game_head(struct store *s, long id, struct stored_game **out, struct diag *d);

/*
 * A game's checkpoint (schemas 19 and 20; core/checkpoint.h): the replayed state
 * after its first `hands` live hands, as bytes the store keeps and does
 * not read.  It holds for one revision of the game: the writer carries it
 * on to the next when a change leaves those hands as they were (a hand
 * appended, an end) and drops it when one of them changes; any other
 * change of the game leaves it behind, unread.  The store keeps with it
 * the hands' entries and times, so that a game loaded from it reads only
 * the hands after them.
 */
struct store_checkpoint {
	int hands;              /* 0: none */
	long long stamp;        /* which one: new for each checkpoint made */
	unsigned char *state;   /* with its bytes: heap, len bytes */
	size_t len;
	char *rows;             /* with its bytes: the hands' entry and
	                         * recorded, a NUL after each; heap, nrows */
	size_t nrows;
};
void store_checkpoint_release(struct store_checkpoint *ck);

/* Game id's checkpoint of build for its revision into *ck (ck->hands 0:
 * none), with its bytes when `bytes`, else only its key (hands, stamp):
 * a process that decoded that stamp already needs no more. */
enum status store_checkpoint_get(struct store *s, long id, const char *build, int bytes, struct store_checkpoint *ck,
    struct diag *d);

/*
 * Load game id as store_game_load does, its first ck->hands entries and
 * times from ck->rows (taken: ck->rows is NULL after), the hands after
 * them from the file: *out, or NULL when the rows do not hold (not
 * ck->hands of them, or the last is not stored live as kept).  Errors as
 * store_game_load.
 */
enum status store_game_load_rows(struct store *s, long id, struct store_checkpoint *ck, struct stored_game **out,
    struct diag *d);

enum status store_checkpoint_put(struct store *s, long game, int hands, const char *build,
    const unsigned char *state, size_t len, struct diag *d);

/*
 * A game's standings as the export writes them (schema 24): the text fn
 * makes of a replay (heap, or NULL for none; the store frees it), kept by
 * the writer with a game that is over or ended and with each game an
 * import writes, for the game's revision and the build named (static: the
 * code that made it, checkpoint_build()).  The store makes no display text
 * itself: the command layer gives fn (store_standings_maker); without one,
 * none is kept.  store_standings_get: game id's kept standings for its
 * revision now and build into *text (heap, the caller frees; NULL when
 * there are none that hold).  Errors: ST_IO.
 */
typedef char *store_standings_fn(const struct game_state *st);
void store_standings_maker(struct store *s, store_standings_fn *fn, const char *build);
enum status store_standings_get(struct store *s, long id, const char *build, char **text, struct diag *d);


/* The current game (schema 8): the one last started with `new` or chosen
 * with `use` (SPEC "The current game").  ST_NOINPUT, saying how to get
 * one, when there is none. */
enum status store_current_game(struct store *s, long *id, struct diag *d);

/* Make game id the current game (0: none).  The caller has checked that
 * it exists and is not deleted. */
enum status store_current_set(struct store *s, long id, struct diag *d);

/* If game is the current game, leave no current game. */
enum status store_current_forget(struct store *s, long game, struct diag *d);

/* `tally delete`: mark game deleted (kept whole, counted nowhere: not in
 * list, history, stats, nights or exports), take it out of the kept
 * statistics in the same transaction, and forget it as the current game.
 * ST_NOINPUT when there is no such game or it is deleted already.
 * store_game_restore() undoes it (ST_NOINPUT when there is no such
 * deleted game); a restored game does not become current.
 * store_game_delete_at() is store_game_delete() with the time of the
 * deletion (UTC; NULL: now): an import keeps the time the file has. */
enum status store_game_delete(struct store *s, long game, struct diag *d);
enum status store_game_delete_at(struct store *s, long game, const char *when, struct diag *d);
enum status store_game_restore(struct store *s, long game, struct diag *d);

/* Create a game of kind with seats names[0..n-1] (players are created or
 * reused by name), the complete option set and the first dealer's seat.
 * Stores the initial standings of st.  *id receives the new game id. */
enum status store_game_create(struct store *s, const char *kind,
    char *const *names, int n, const struct optset *opts, int dealer,
    const struct game_state *st, long *id, struct diag *d);

/* Append hand number st->nhands with its canonical entry and the derived
 * scores of st.  The hands kept for redo were set aside before
 * (store_step_push: hand.undone = 2, kept in the database, never
 * replayed), and an undone `end` forgotten. */
enum status store_hand_append(struct store *s, long game, const char *entry,
    const struct game_state *st, struct diag *d);

/* Mark the last live hand undone (kept for redo); st is the replay without
 * it. */
enum status store_hand_undo(struct store *s, long game,
    const struct game_state *st, struct diag *d);

/* Make the first undone hand live again; st is the replay with it. */
enum status store_hand_redo(struct store *s, long game,
    const struct game_state *st, struct diag *d);

/* Replace the entry of hand `number`; st is the replay with the new entry.
 * Rewrites the derived scores of that hand and every later one. */
enum status store_hand_replace(struct store *s, long game, int number,
    const char *entry, const struct game_state *st, struct diag *d);

/* `tally insert`: put entry in as hand `number` (1-based, at most the
 * hands + 1), every later hand one on; st is the game replayed with it.
 * Errors as store_hand_replace. */
enum status store_hand_insert(struct store *s, long game, int number,
    const char *entry, const struct game_state *st, struct diag *d);
/* `undo` right after `insert`: take live hand `number` out, every later
 * hand one back, and the late arrivals and substitutes who sat down
 * after it too; st is the game replayed without it.  Errors as
 * store_hand_replace. */
enum status store_hand_remove(struct store *s, long game, int number, const struct game_state *st,
    struct diag *d);

/* `tally join`: seat `seat` (st->nplayers - 1, the one after the last)
 * of game is name's (a new player is created) from hand `hand` on, with
 * total the points the table gave (JOIN_BY_RULE: the rules'); st is the
 * replay with them seated.  A new join (redo 0) comes after
 * store_step_push, which forgot what waited for redo; with redo 1 it is
 * the join undone last (store_unjoined) coming back, taken off that list,
 * and the hands kept for redo are kept. */
enum status store_join_add(struct store *s, long game, int seat, const char *name, int hand, long total, int redo,
    const struct game_state *st, struct diag *d);
/* `undo` right after a join: seat `seat` (the last, not played yet,
 * name's from hand `hand` with total) is taken away and waits for `redo`
 * with the hands kept for redo (set aside with them by a new hand, join
 * or end); st is the replay without it.  store_unjoined: the join undone
 * last of game, when it is the seat change undone last (*name heap, the
 * caller frees; NULL and *hand 0: none), which store_join_add(..., redo
 * 1) seats again. */
enum status store_join_undo(struct store *s, long game, int seat, const char *name, int hand, long total,
    const struct game_state *st, struct diag *d);
enum status store_unjoined(struct store *s, long game, int *hand, char **name, long *total, struct diag *d);
/* The names that wait in game's joins undone (store_join_undo), as they
 * are called now, in the order they sat down, which is the order redo
 * seats them again (*names heap, free with store_names_free; *n 0:
 * none).  store_unjoined_games: the games in which player waits so, ids
 * ascending (*games heap; *n 0: none).  A join waits by the player's id:
 * a rename or merge (db/players.c) changes nothing more.  Errors: ST_IO. */
enum status store_unjoined_names(struct store *s, long game, char ***names, int *n, struct diag *d);
enum status store_unjoined_games(struct store *s, long player, long **games, int *n, struct diag *d);

/* Mark the game closed by `tally end` (or by `redo` of an undone end) and
 * store st's standings; no end waits for redo any more.  A new end comes
 * after store_step_push, which forgot what else waited for redo; a redo
 * keeps it waiting. */
enum status store_game_close(struct store *s, long game,
    const struct game_state *st, struct diag *d);

/* `undo` right after `end`: open the game again with every hand kept
 * (st: its replay, not closed) and remember the end for `redo`
 * (game.end_undone = st->nhands), closed as it was: GAME_ENDED_EARLY or
 * GAME_ABANDONED (game.end_undone_closed). */
enum status store_game_reopen(struct store *s, long game,
    const struct game_state *st, int closed, struct diag *d);

/* Game nights (schema 3).  A night is open until `night end`. */
struct night_info {
	long id;
	char *name, *started, *ended; /* ended NULL while open */
	int ngames;
	char *note;          /* `tally note night` (schema 21), or NULL */
	/* Its play (filled by report_night, over the club night's games with
	 * a hand): the first such game's start, the last hand's time (UTC,
	 * NULL: none) and the live hands; when_played() makes the length. */
	char *first, *last;
	long hands;
};
void night_info_release(struct night_info *n);

/* The note on game (`tally note`): text (checked by the caller with
 * names_text_check, NAMES_NOTE_MAX_BYTES), or NULL to clear it.  A change
 * of the game: its revision goes up, so the note travels through the
 * import merge.  In the caller's write transaction; ST_NOINPUT when there
 * is no such game, else store errors (ST_IO). */
enum status store_game_note_set(struct store *s, long game, const char *text, struct diag *d);
/* The same for night (a night's note travels with its games' export). */
enum status store_night_note_set(struct store *s, long night, const char *text, struct diag *d);

/* The open night, if any: ST_OK with *found 1 and *out filled, or *found 0. */
enum status store_night_current(struct store *s, struct night_info *out, int *found,
    struct diag *d);

/* End any open night and start one called name (NULL: the local date of
 * the evening it starts, when_night_name() of now); *id receives it.
 * ST_USAGE for a malformed TALLY_NOW. */
enum status store_night_start(struct store *s, const char *name, long *id, struct diag *d);

/* End the open night; ST_NOINPUT if none is open. */
enum status store_night_end(struct store *s, struct diag *d);

/* The night a new game joins: the open night if it started on the same
 * local night as now (the day runs from WHEN_NIGHT_CUTOFF_HOUR, 06:00
 * local, to the next, core/when.h), else a new one named by that date. */
enum status store_night_for_new_game(struct store *s, long *id, struct diag *d);

/* The seatings of a night's games, oldest first: *seatings is a heap array
 * of n heap arrays of player names (NULL-terminated); free with
 * store_seatings_free(). */
enum status store_night_seatings(struct store *s, long night, char ****seatings, int *n,
    struct diag *d);
void store_seatings_free(char ***seatings, int n);

/* What `tally import` writes for one game: everything, in one go. */
struct import_game {
	const char *uid, *kind, *started, *ended;
	int closed, dealer;
	long night;              /* 0: none */
	char *const *names;
	int nplayers;
	const struct optset *opts;
	char *const *entries, *const *recorded;   /* nhands */
	int nhands;
	char *const *undone, *const *undone_recorded;
	int nundone;
	const struct seat_change *subs;  /* nsubs substitutes, in hand order */
	int nsubs;
	const int *joined;       /* NULL, or per seat a late arrival's first hand (0: from the start) */
	const long *join_total;  /* NULL, or per seat the points they were given (JOIN_BY_RULE: the rules') */
	const char *note;        /* the game's note, or NULL */
	const long *revision;    /* NULL: a new game's first revision (1); else
	                          * the one it is written at when written whole
	                          * (a restore keeps the file's, cmd/cmd-import.c
	                          * rule 5), which a substitute then bumps */
};
/* Write g with its derived rows (core/rows.h), read off its replay, with
 * every hand (rows->from 1).  *id receives the new game's id. */
enum status store_import_game(struct store *s, const struct import_game *g,
    const struct game_rows *rows, long *id, struct diag *d);

/*
 * Import as a merge (schema 14): the rules it follows are cmd/cmd-import.c's.
 *
 * store_import_replace: game id's every hand, seat, option and substitute
 * replaced by g's (same id and uid, its night g->night), with its derived
 * rows (as store_import_game) and statistics; the game's revision goes up.
 * store_file_uid: this file's uid (*uid heap, NULL in a file older than
 * schema 14).  store_game_by_uid: the id and revision of the game with
 * that uid (*id 0: none).  store_merge_base: what this file last took of
 * game from another file (b->found 0: never).  store_merge_base_set: that
 * it took source's revision source_revision of game, whose clock is seen
 * (NULL: none known, an export before schema 26), and that its own
 * revision right after was here (here < 0: the game's revision now),
 * whose contents were taken (core/merge.h merge_content_digest; NULL:
 * not known).
 * store_revision_set: game's revision made revision (a restore keeps the
 * revision the exported file had).  store_file_restore: whether an import
 * from the file with uid source is a restore (cmd/cmd-import.c rule 5):
 * *restore 1 when this file's uid is source already (a copy of that file,
 * or a restore cut off), or, with take 1 (`import --restore`), when this
 * file holds no game and no night, which then takes source as its uid
 * (*took 1); in the caller's write transaction.  store_file_holds: how
 * many games (deleted ones too) and nights this file holds.  Errors: the
 * store's (ST_IO).
 */
struct merge_base {
	int found;
	char source[64];       /* the uid of the file it came from */
	long source_revision;  /* the game's revision there */
	long revision;         /* this file's revision of it right after */
	char *seen;            /* the clock of the version taken (core/merge.h
	                        * merge_clock_text; schema 26), NULL: a record
	                        * from before; heap: merge_base_release */
	char *taken;           /* what this file's version was right after
	                        * (core/merge.h merge_content_digest: the
	                        * whole, the rest and the note; after a note
	                        * merged apart, merge_merged_digest; one word
	                        * in a record from before; schema 30), NULL:
	                        * not known; heap, as seen */
};
void merge_base_release(struct merge_base *b);
enum status store_import_replace(struct store *s, long id, const struct import_game *g,
    const struct game_rows *rows, struct diag *d);
enum status store_file_uid(struct store *s, char **uid, struct diag *d);
enum status store_game_by_uid(struct store *s, const char *uid, long *id, long *revision, struct diag *d);
/* store_game_count: how many games the file holds (*n), deleted ones too:
 * what a refill of the statistics would read. */
enum status store_game_count(struct store *s, long *n, struct diag *d);
enum status store_merge_base(struct store *s, long game, struct merge_base *b, struct diag *d);
enum status store_merge_base_set(struct store *s, long game, const char *source, long source_revision,
    long here, const char *seen, const char *taken, struct diag *d);
enum status store_revision_set(struct store *s, long game, long revision, struct diag *d);
enum status store_file_restore(struct store *s, const char *source, int take, int *restore, int *took,
    struct diag *d);
enum status store_file_holds(struct store *s, long *games, long *nights, struct diag *d);

/*
 * A night's note through the merge (schema 25; cmd/cmd-import.c rule 6):
 * store_night_base, what this file last took of night from another file
 * (b->found 0: never) and the night's clock (schema 28, core/merge.h
 * merge_clock_text; NULL: the empty one); every string heap or NULL,
 * released with night_base_release.  store_night_base_set: that it took
 * night from the file with uid source when its note there was note (NULL:
 * none), its clock there seen, and the night's clock here right after
 * here (NULL: not known).  store_night_clock_set: the night's clock made
 * clock (NULL or "{}": the empty one).  In the caller's transaction.
 * Errors: the store's (ST_IO).
 */
struct night_base {
	int found;
	char source[64];       /* the uid of the file it came from */
	char *note;            /* its note there then, or NULL */
	char *seen, *here;     /* its clock there then, and here right after
	                        * (NULL: a record from before schema 28) */
	char *clock;           /* the night's clock, or NULL: empty */
};
enum status store_night_base(struct store *s, long night, struct night_base *b, struct diag *d);
enum status store_night_base_set(struct store *s, long night, const char *source, const char *note,
    const char *seen, const char *here, struct diag *d);
enum status store_night_clock_set(struct store *s, long night, const char *clock, struct diag *d);
void night_base_release(struct night_base *b);

/*
 * Seasons (schema 14): a named range of local days for league tables.
 * start and end are UTC instants (the start of the first day; the start of
 * the day after the last, or NULL while the season runs); names compare
 * without case.
 *
 * store_season_start: season name from start on; the season that runs (if
 * it started before) ends there.  A name taken is the store's constraint
 * error (ST_IO); the caller checks first with store_season_find.
 * store_season_end: the running season ends at end (*ended 0: none ran).
 * store_season_find / store_season_list: one by name (*found), or all by
 * start; release each with season_release (list: then free the array).
 * store_player_guest: mark a player a guest (1) or a member (0): guests
 * are listed apart and left out of league tables.
 * report_season_players: per player of the season's games, whether a
 * guest and how many club nights (evenings) they played; *evenings the
 * season's club nights in all.  Heap array of *n; the caller frees it.
 * Errors: the store's (ST_IO).
 */
struct season {
	char *name, *start, *end;
};
struct season_player {
	long player;
	int guest;
	long evenings;
};
enum status store_season_start(struct store *s, const char *name, const char *start, struct diag *d);
enum status store_season_end(struct store *s, const char *end, int *ended, struct diag *d);
enum status store_season_find(struct store *s, const char *name, struct season *out, int *found, struct diag *d);
enum status store_season_list(struct store *s, struct season **out, int *n, struct diag *d);
void season_release(struct season *x);

/*
 * The nights on which no game started (a game of an earlier night was
 * continued, or nothing was played), which an export carries apart from
 * its games, with what a game carries of its night (struct stored_game
 * night_...): so their notes travel (cmd/cmd-import.c rule 6).  *out
 * (heap: stored_nights_free) holds *n of them, by start.  Errors: the
 * store's (ST_IO).
 */
struct stored_night {
	char *uid, *name, *started, *ended;  /* ended NULL: open */
	char *note;                /* NULL: none */
	char *versions;            /* its note's clock (schema 28), or NULL */
	char *taken_from, *taken_note, *taken_seen, *taken_here; /* what this
	                            * file last took of it from another
	                            * (night_base, night_clock), or NULL */
};
enum status store_gameless_nights(struct store *s, struct stored_night **out, long *n, struct diag *d);
void stored_nights_free(struct stored_night *v, long n);
enum status store_player_guest(struct store *s, long player, int guest, struct diag *d);

/*
 * The club's settings (schema 14's meta table), as text: tau, the ratings'
 * dynamics factor (default 0, core/rating.h).  store_setting: key's value
 * (heap; the default when not set, *set 0; NULL for a key that is no
 * setting).  store_setting_keys: the keys there are (static).
 * store_setting_put: set it (the caller checked the value); a change of
 * tau must be followed by store_ratings_again.  Errors: the store's.
 */
enum status store_setting(struct store *s, const char *key, char **value, int *set, struct diag *d);
const char *const *store_setting_keys(int *n);
enum status store_setting_put(struct store *s, const char *key, const char *value, struct diag *d);
/* The last `player merge` (meta keys last_merge and last_merge_mark), so
 * that `undo` right after one can say it does not undo merges.
 * store_last_merge_put: remember what (a sentence, "player merge Bobby
 * Bob (1 game: #1)") and a mark of the file as the merge left it (every
 * game's revision summed, the games, the last hand).  store_last_merge:
 * what, when nothing changed since (the mark is the same), else NULL (heap;
 * the caller frees).  Errors: the store's. */
enum status store_last_merge_put(struct store *s, const char *what, struct diag *d);
enum status store_last_merge(struct store *s, char **what, struct diag *d);
/*
 * The undo stack of a game (db/steps.c, db/migrate-29.sql): one step for
 * each change undo takes back, in the order made: kind "hand", "insert",
 * "edit", "end", "sub" or "join".  An insert's step holds its hand
 * number and entry; an edit's its hand number and the entry undo (while
 * live) or redo (while undone) puts there.
 * store_step_push: a new change (not a redo) of game, in the caller's
 * transaction, called once for it and before it is written (a new hand
 * takes the number of the first hand kept for redo): what waited for
 * redo is forgotten, here and nowhere else (the steps undone dropped, the
 * hands undone set aside, hand.undone 2, the undone joins, subs and end
 * dropped), then the step goes on top.  hand 0 and entry NULL where the
 * kind has none.  A redo never calls it (store_step_turn).
 * store_step_top: the step undo (redo 0) takes back, the newest live one,
 * or redo (redo 1) makes again, the one undone last; t->id 0 when there
 * is none (the game's changes were made before steps were kept, or
 * imported).  t->entry is heap: store_step_free.
 * store_step_turn: mark t undone (undo) or live again (redo), with the
 * hand and entry it holds from now on; for t->id 0 (a change with no
 * step) a step of kind is made for it, below the others (undo), or on
 * top (redo).  store_step_drop: forget step id of game (the game no
 * longer shows the change: it cannot be taken back as it was).
 * store_step_entries: the steps of game that hold an entry, oldest
 * first: *ids and *entries heap arrays of *n (entries heap strings), the
 * caller frees; store_step_entry_put: step id's entry from now on (a
 * rename or a merge rewrote it).
 * Errors: the store's.
 */
struct undo_step {
	long id;        /* its row; 0: none */
	char kind[8];   /* "hand", "insert", "edit", "end", "sub", "join" */
	int hand;       /* insert, edit: the hand number; else 0 */
	char *entry;    /* insert, edit: the entry (heap); else NULL */
};
void store_step_free(struct undo_step *t);
enum status store_step_push(struct store *s, long game, const char *kind, int hand, const char *entry, struct diag *d);
enum status store_step_top(struct store *s, long game, int redo, struct undo_step *t, struct diag *d);
enum status store_step_turn(struct store *s, long game, const struct undo_step *t, int undone, const char *kind, int hand,
    const char *entry, struct diag *d);
enum status store_step_drop(struct store *s, long game, long id, struct diag *d);
enum status store_step_entries(struct store *s, long game, long **ids, char ***entries, int *n, struct diag *d);
enum status store_step_entry_put(struct store *s, long id, const char *entry, struct diag *d);
/* Every rating worked out again from the games (a setting changed), in
 * the caller's write transaction. */
enum status store_ratings_again(struct store *s, struct diag *d);
enum status report_season_players(struct store *s, const char *season, struct season_player **out, long *n,
    long *evenings, struct diag *d);

/* The game the last hand was entered in (the newest live hand of a game
 * not deleted), and its kind (heap); *game 0 when there is none.  For
 * `undo`, which refuses to guess.  Errors: the store's. */
enum status store_last_hand_game(struct store *s, long *game, char **kind, struct diag *d);
/* The open games (not over, not ended, not deleted), newest first, at
 * most `most`: their ids in *ids (heap; the caller frees), *n of them.
 * Errors: the store's. */
enum status store_open_game_ids(struct store *s, int most, long **ids, int *n, struct diag *d);

/* Score pads saved under a name (`tally pad save`). */
struct saved_pad {
	char *name;        /* as saved */
	char **settings;   /* "KEY=VALUE" as given to `pad save`, in order */
	int nsettings;
};
/* Save (or replace: *replaced 1) the pad name with settings[0..n-1]; the
 * caller has checked them.  In the caller's write transaction. */
enum status store_pad_save(struct store *s, const char *name, char *const *settings, int n,
    int *replaced, struct diag *d);
/* The pad called name (case-insensitive): *found 1 and *out filled (free
 * with saved_pad_release), or *found 0. */
enum status store_pad_find(struct store *s, const char *name, struct saved_pad *out, int *found,
    struct diag *d);
/* Every saved pad by name: *out a heap array of *n (free each with
 * saved_pad_release, then the array). */
enum status store_pad_list(struct store *s, struct saved_pad **out, int *n, struct diag *d);
void saved_pad_release(struct saved_pad *p);

/*
 * Work left for C, done by the maintenance step that runs after every
 * open (cmd/maintain.c, which replays: the store runs no rules).
 *
 * store_restat_pending: statistics an import killed between its batches
 * left short (schema 13's `restat`, see store_import_defer) refilled, in
 * transactions of its own (outside any transaction).
 *
 * store_rederive_list: what an upgrade left (schema 12's `rederive`
 * table): the ids of the games of the kinds listed, oldest first, into
 * *ids (caller frees; *n of them), or *ids NULL when there is nothing to
 * do; a list whose kinds have no games gives *n 0 with *ids set, so the
 * caller still clears it.  In the caller's write transaction the caller
 * rewrites each game (store_game_load, a replay, store_game_rewrite) and
 * then calls store_rederive_clear.
 *
 * A read-only file: nothing to do (ST_OK).  Errors: ST_IO.
 */
enum status store_restat_pending(struct store *s, struct diag *d);
enum status store_rederive_list(struct store *s, long **ids, int *n, struct diag *d);
enum status store_rederive_clear(struct store *s, struct diag *d);

/* Statistics (schema 7) are kept by every write, a few statements each.
 * An import of many games turns that off with store_stats_defer() and,
 * before its commit, calls store_stats_resume(), which (when deferred)
 * refills them from every game's seats (a second or two at a million
 * hands) and turns keeping them back on. */
void store_stats_defer(struct store *s);
enum status store_stats_resume(struct store *s, struct diag *d);

/*
 * An import in batches: each batch of whole games is its
 * own short write transaction.  store_import_defer(), in a batch's
 * transaction, stops keeping the statistics game by game and notes (schema
 * 13's `restat`, committed with the batch) that they lack games.
 * store_import_restat(), called outside a transaction, refills the
 * statistics and ratings from every game's seats and clears the note: it
 * works them out in a read transaction, which locks no writer out, and
 * writes them in a write transaction of its own if no other tally wrote
 * meanwhile (else it tries again, and after three tries does it all under
 * the write lock).  While it runs, the import holds a write transaction
 * open on FILE-import, a lock file beside the database, which the system
 * lets go however the process ends: another tally that finds the note and
 * cannot take that lock leaves the refill to the import; one that can
 * works the note off (store_restat_pending, on the next open).  The
 * note's owner column is no longer used.  Errors: ST_IO.
 */
enum status store_import_defer(struct store *s, struct diag *d);
/* Before the batches: checkpoint the log less often on this connection
 * (every 64 MB, as one transaction did) and sync it at checkpoints only;
 * store_import_end(), after the last transaction, syncs everything and
 * goes back to syncing every commit (ST_IO when that fails).  fill 1: the
 * file held no game when the import began, so every game is new and
 * nothing is deleted: the foreign keys are not checked on this connection
 * until store_import_end() or a rollback. */
void store_import_start(struct store *s, int fill);
enum status store_import_end(struct store *s, struct diag *d);
enum status store_import_restat(struct store *s, struct diag *d);
/* 1 when an import in batches has left its `restat` note in what s reads
 * (the snapshot of its open transaction): the kept statistics lack the
 * games it had written until its end (or, killed, the next write) refills
 * them, so `tally check` leaves them unchecked.  Whether that import still
 * runs is no part of it: it may end between the snapshot and the look,
 * and the snapshot still lacks them.  0 otherwise, and on a read error. */
int store_import_at_work(struct store *s);

/* Players (db/players.c). */

/* From the next hand of game (hand number `hand`), `name` plays seat
 * (a new player is created; the seat's own player coming back is named
 * too).  A change already set for that seat and hand, or for a later
 * hand (kept from before an undo), is replaced. */
enum status store_sub_add(struct store *s, long game, int seat, int hand, const char *name,
    struct diag *d);

/* `tally sub` (db/subs.c): store_sub_add, kept for `undo` as a row of
 * seat_change in the same transaction, which undo takes back as it does
 * a join; hand is the game's next hand.  Like a join it comes after
 * store_step_push, which forgot what waited for redo (the hands, joins
 * and substitutions kept for it, an undone end).  Errors: the store's. */
enum status store_sub_make(struct store *s, long game, int seat, int hand, const char *name, struct diag *d);
/* A substitution undo takes back or redo makes again: seat -1 when none. */
struct sub_taken {
	int seat;    /* 0-based */
	int hand;    /* the hand they were to play from */
	char *name;  /* who was to play it (heap) */
	char *was;   /* who was to play it before (heap), NULL: the seat went on as it was */
	long id;     /* its seat_change row (db/subs.c) */
	long sub, before;  /* the player ids of name and was (0: none) */
};
void store_sub_taken_free(struct sub_taken *t);
/* store_sub_last: the substitution `undo` (redo 0) would take back in
 * game now at hand `hand` (its next): the newest seat change, when it is
 * a substitution for that hand (a join made after it is taken back
 * first); with redo 1, the one undo took back last, when it was made
 * here and nothing was done since.  Either only while seat_sub reads as
 * the change left it (undo) or found it (redo).  *t is the caller's to
 * free with store_sub_taken_free; t->seat -1: none.  store_sub_back: take
 * t back (redo 0) or make it again (redo 1), in the caller's
 * transaction.  Errors: the store's. */
enum status store_sub_last(struct store *s, long game, int hand, int redo, struct sub_taken *t, struct diag *d);
enum status store_sub_back(struct store *s, long game, const struct sub_taken *t, int redo, struct diag *d);

/* Read the substitutes of game g->id into g->subs (store_game_load does). */
enum status store_game_subs(struct store *s, struct stored_game *g, struct diag *d);

/* Every player's name, oldest player first, in a heap array of n heap
 * strings (NULL-terminated); free with store_names_free(). */
enum status store_player_names(struct store *s, char ***names, int *n, struct diag *d);
void store_names_free(char **names, int n);

/* The player called name (compared without case): ST_OK with *id and
 * *full (the stored spelling; caller frees), or ST_NOINPUT naming the
 * nearest known player (core/suggest.h). */
enum status store_player_find(struct store *s, const char *name, long *id, char **full,
    struct diag *d);
/* No player is called name: returns ST_NOINPUT with d saying so under
 * rule ("player", "query"), naming the nearest known player if one is near
 * (core/suggest.h); ST_IO if the players cannot be read. */
enum status store_player_unknown(struct store *s, const char *name, const char *rule, struct diag *d);

/* The games player sat in, oldest first: a heap array of *n ids (caller
 * frees). */
enum status store_player_games(struct store *s, long player, long **games, int *n, struct diag *d);

/* The first game both a and b sat in, in *game, or 0 when there is none. */
enum status store_player_shared_game(struct store *s, long a, long b, long *game, struct diag *d);

/* Give player id the name `name` (already checked). */
enum status store_player_rename(struct store *s, long id, const char *name, struct diag *d);

/* Seat player `into` wherever player `from` sat and forget `from` (the
 * caller checked that they never sat in one game).  Rewrite the games'
 * entries afterwards with store_game_rewrite(), and the statistics with
 * store_stats_players(). */
enum status store_player_merge(struct store *s, long from, long into, struct diag *d);

/* Replace every stored entry of game id (live hands entries[0..nhands-1],
 * then the undone ones) and rewrite everything derived from them from st,
 * their replay: scores, notes, chip moves, seats, the history line. */
enum status store_game_rewrite(struct store *s, long id, char *const *entries, int nhands,
    char *const *undone, int nundone, const struct game_state *st, struct diag *d);

/* After store_stats_defer(): count the statistics of players ids[0..n-1]
 * afresh from their games (every line and count of theirs, every pair
 * with them on either side) and keep statistics again. */
enum status store_stats_players(struct store *s, const long *ids, int n, struct diag *d);

#endif
