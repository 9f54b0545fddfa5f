/* SPDX-License-Identifier: ISC */
/*
 * store_internal.h: what the files of db/ share and nothing else sees:
 * the connection (struct store), statement preparation, error mapping, and
 * the entry points between the files.
 *
 * Layering of db/ (each file uses only the ones before it; no circle):
 *   conn.c     the connection: statements, errors, binding helpers
 *   players.c  players, substitutes
 *   pads.c     the saved score pads
 *   ratings.c  the kept ratings (stats.c keeps them with the statistics)
 *   report.c   history, seats, export and check reads (report.h)
 *   stats.c    the kept statistics: read a game's seats, apply a change
 *   store.c    open, migrate, transactions, load a game, current, nights
 *   write.c    the one writer of derived rows, and every path that
 *              changes a game (create, hand, undo, redo, edit, end,
 *              import, delete/restore, rewrite)
 *   subs.c     the substitutions `sub` makes, kept for undo and redo
 */
#ifndef TALLY_STORE_INTERNAL_H
#define TALLY_STORE_INTERNAL_H

#include <signal.h>
#include <sqlite3.h>
#include <stddef.h>

#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "store.h"

#define BUSY_TIMEOUT_MS 10000
/* A tally that finds the database locked tries again every BUSY_STEP_MS
 * until BUSY_TIMEOUT_MS (store_busy_wait, the busy handler of every
 * connection): SQLite's own handler sleeps up to 100 ms between tries,
 * and would sleep through the short pause a large import leaves between
 * its batches (cmd/cmd-import.c). */
#define BUSY_STEP_MS 5
int store_busy_wait(void *ctx, int tries);
/* SQLite set up for tally, before its first connection: called by each
 * store_open*, the first call does it (later ones, and one after SQLite
 * started, change nothing). */
void store_sqlite_setup(void);

/* Prepared statements are kept and reused: an import of a decade runs the
 * same few statements millions of times, and parsing SQL was a tenth of it. */
#define STMT_CACHE 96
#define ROWS_SQL_KEPT 32
/* Ctrl-C in table mode for every connection of the process, another
 * table's file included (store_interrupt). */
extern volatile sig_atomic_t store_stop_all;

struct store {
	sqlite3 *db;
	char *path;       /* as the user gave it, for messages */
	char *open_name;  /* as SQLite is given it: never a URI */
	char *ro_why;     /* why it could not be opened for writing (a full disk), or NULL */
	int in_tx;
	int absent;       /* no file at path yet: an empty schema in memory
	                   * stands in until a write (store_open_as) */
	int make_dir;     /* a write may make the file's directory (STORE_MAKE_DIR) */
	int whole;        /* table mode: checkpoint after each write (store_keep_whole) */
	int wrote;        /* a change was committed: checkpoint at close (store_close) */
	volatile sig_atomic_t stop;  /* Ctrl-C in table mode: no further statement (store_interrupt) */
	sqlite3 *import_lock; /* an import at work: see import_running (write.c) */
	int stats_deferred;  /* an import: statistics rebuilt before its commit */
	int nrows_sql;       /* the texts store_prep_rows made, kept */
	struct rows_sql {
		const char *head;  /* its head (a literal: known by address) */
		int n;             /* and number of rows */
		char *sql;
	} rows_sql[ROWS_SQL_KEPT];
	struct strmap player_ids; /* folded name -> 1 + the player's place in
	                      * players, found in this transaction (write.c
	                      * player_id; store_players_forget empties both) */
	struct kept_player { long id; char *name; } *players;
	size_t nplayers;
	/* an import keeps the players it found from one batch to the next
	 * while no other connection commits in between (store_commit,
	 * store_begin): PRAGMA data_version as its last batch left it */
	int keep_players;
	long players_version;
	int fk_off;          /* an import filling a file with no game turned
	                      * the foreign keys off (store_import_start) */
	int importing;       /* 1: an import runs (store_import_start to
	                      * store_import_end), 2: one filling a file with
	                      * no game; its settings are made again on the
	                      * file when it replaces the stand-in (absent_end) */
	/* An import puts off working all ratings out again: a game older
	 * than the newest one rated would redo them all, game after game
	 * (O(games x file)); instead ratings_apply marks them stale and the
	 * import works them out once at its end (store_import_end). */
	int ratings_deferred;
	int ratings_stale;   /* ratings_apply skipped a rebuild, or a refold was
	                      * put off (below); noted in restat */
	/* The start of the oldest finished game an import changed (its old
	 * start too, if it moved): the ratings are worked out again from the
	 * last snapshot before it (db/ratings.c); "" when none changed. */
	char ratings_from[40];
	/* The best, worst and streak folds (player, kind) that an import's
	 * games older than a player's last folded game would refold from
	 * every game of that player, game after game (O(games x history));
	 * while ratings_deferred they are gathered here and refolded once
	 * each at the import's end (stats_refold_pending). */
	struct refold_key { long player; int kind; } *refold;
	int nrefold, refold_cap;
	struct warnings warn;  /* what opening it has to say (store_warnings) */
	char *pending;       /* what the open transaction writes, for store_stored() */
	char *stored;        /* what the last commit of this connection stored */
	long imported;       /* games written by store_import_game in this transaction */
	store_standings_fn *standings;  /* what makes a game's kept standings, or NULL */
	const char *standings_build;    /* the build it is (static) */
	int changes;         /* sqlite3_total_changes() when the transaction began */
	char *scratch;       /* an upgraded copy of another file (store_open_readonly),
	                      * removed with its side files at store_close */
	int made_sides;      /* store_open_readonly: the file had neither -wal nor
	                      * -shm before it was opened; store_close removes the
	                      * ones the read made (store.c drop_made_sides) */
	int ncached;
	struct {
		char *sql;
		const char *lit;  /* the address it was first asked for with */
		sqlite3_stmt *q;
		int busy;
	} cache[STMT_CACHE];
};

/* Prepare sql on s; NULL with d set (ST_INTERNAL for a bad statement,
 * else ST_IO). */
sqlite3_stmt *store_prep(struct store *s, const char *sql, struct diag *d);
/* The statement "head VALUES row, row, ..." with n rows (n >= 1), as
 * store_prep gives it: one statement writes n rows, binding each row's
 * parameters after the last's (row holds plain ?s). */
sqlite3_stmt *store_prep_rows(struct store *s, const char *head, const char *row, int n, struct diag *d);

/* Step a statement that returns no rows (binds done by the caller), then
 * give it back; ST_IO with d set when it fails. */
enum status store_run(struct store *s, sqlite3_stmt *q, struct diag *d);
/* Let go of the import lock s holds (write.c), if any, and remove its
 * file. */
void store_import_lock_drop(struct store *s);
/* The foreign keys on again after an import that filled a file with no
 * game, outside a transaction (store_import_end, store_rollback). */
void store_import_fk_on(struct store *s);
/* The connection settings of the import at work (s->importing): a larger
 * cache, checkpoints every 64 MB, no sync at each batch's commit, and for
 * a fill the foreign keys off; made on s's connection as it is now, so
 * again after a file not there yet is made (store.c absent_end). */
void store_import_pragmas(struct store *s);

/* Prepare sql, bind ?1 = a and ?2 = b (a statement without ?2 ignores
 * b), and run it (store_run). */
enum status store_run2(struct store *s, const char *sql, long a, long b, struct diag *d);
/* A change of game: its revision (schema 14) goes up by one, so an import
 * can tell that this file changed it (cmd/cmd-import.c's merge rules). */
enum status store_revision_bump(struct store *s, long game, struct diag *d);

/* Bind v at parameter i, or NULL: store_bind_long when has is 0,
 * store_bind_text when v is NULL (the text is copied). */
void store_bind_long(sqlite3_stmt *q, int i, int has, long v);
void store_bind_text(sqlite3_stmt *q, int i, const char *v);

/* Say what the open transaction writes ("hand 3 of game 7 was stored"),
 * for store_stored() after its commit. */
void store_noted(struct store *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Run SQL text with no parameters (transactions, migrations). */
enum status store_exec(struct store *s, const char *sql, struct diag *d);

/* Column i as a heap string (caller frees), NULL for SQL NULL. */
char *store_col_text(sqlite3_stmt *q, int i);

/* Bind now, in the stored form (UTC), at parameter i: TALLY_NOW as
 * when_now() reads it; NULL (SQLite's clock) should it be malformed. */
void store_bind_now(sqlite3_stmt *q, int i);

/* Give back a statement from store_prep (reset and kept when cached). */
void store_finish(struct store *s, sqlite3_stmt *q);

/* Map an SQLite result code to a diagnostic (ST_IO); returns ST_IO. */
enum status store_error(struct store *s, int rc, struct diag *d, const char *what);

/* The ids q (from store_prep, bound; NULL: d holds why) yields in its
 * first column, into *ids (heap; the caller frees), *n of them; q is
 * given back (store_finish).  Errors: the store's, naming what. */
enum status store_step_ids(struct store *s, sqlite3_stmt *q, long **ids, int *n, const char *what, struct diag *d);

/* The connection, and the file name of s as SQLite must be given it
 * (relative names start with "./", so never a URI). */
sqlite3 *store_db(struct store *s);
const char *store_path(struct store *s);

/* The kind of game g (an SQL alias) as the statistics and ratings group
 * it: its kind, or for a score pad "pad:DIRECTION:TITLE" (pads
 * are grouped by title; core/statbook.h). */
#define STORE_STAT_KIND(g) "(CASE " g ".kind WHEN 'pad' THEN 'pad:' ||" \
	" coalesce((SELECT value FROM game_option WHERE game_id = " g ".id AND key = 'direction'), 'low') || ':' ||" \
	" coalesce((SELECT value FROM game_option WHERE game_id = " g ".id AND key = 'title'), 'Pad')" \
	" ELSE " g ".kind END)"

/* SQL for the seat line game.seats keeps for `history` ("1Name" or
 * "0Name" per seat, winner or not, char(31) between) of the game whose id
 * is the SQL expression game. */
#define STORE_SEAT_LINE(game) "coalesce((SELECT group_concat(w || name, char(31)) FROM" \
	" (SELECT x.winner AS w, p.name FROM seat x JOIN player p ON p.id = x.player_id WHERE x.game_id = " game \
	" ORDER BY x.seat)), '')"

/*
 * Rows for one table gathered, then written many to a statement
 * (store_prep_rows: a statement's fixed cost is most of a one-row
 * insert's).  head and row are literals as store_prep_rows takes them,
 * row with ncols placeholders; head an INSERT OR FAIL: a statement of
 * many rows that could stop half way (ABORT, SQLite's default) keeps a
 * statement journal of the pages it changes, and once one journal passes
 * 64 KiB (a few page splits in a table's indexes) it goes to a temporary
 * file for the rest of the transaction, two writes for each page after;
 * a failure fails the caller's transaction all the same.  store_batch_row() gives the cells of a new
 * row to fill (all CELL_NULL); a CELL_TEXT cell's text is not copied: it
 * must last until the flush.  store_batch_flush() writes the rows held,
 * in the order they were added, in statements of 32, 16, ... 1 rows (so
 * that few texts are made and kept), and empties the batch; the first
 * failure is reported in d (what: "write hands") and the rest are not
 * written.  store_batch_release() frees it (the rows not flushed go).
 */
enum store_cell_kind { CELL_NULL, CELL_INT, CELL_TEXT, CELL_NOW };
struct store_cell {
	enum store_cell_kind kind;
	sqlite3_int64 i;   /* CELL_INT */
	const char *t;     /* CELL_TEXT; CELL_NOW: when_now() in UTC, bound at the flush */
};
struct store_batch {
	const char *head, *row, *what;
	int ncols;
	struct store_cell *cell;  /* n rows of ncols cells */
	int n, cap;
};
struct store_cell *store_batch_row(struct store_batch *b);
enum status store_batch_flush(struct store *s, struct store_batch *b, struct diag *d);
void store_batch_release(struct store_batch *b);

/* Forget the players write.c's player_id found (s->player_ids): at the
 * start and end of a transaction, whose writes may rename or remove them. */
void store_players_forget(struct store *s);

/* The rowid of the last insert on s. */
long store_last_id(struct store *s);

/* The statistics tables (db/stats.c). */

/* Whether game g counts in statistics, history's played games and nights'
 * standings (schema 8): it is not deleted and has a hand. */
/* abandoned games (game.closed 2, `tally end --abandon`) have no result and
 * count nowhere */
#define STATS_COUNTED "(g.deleted IS NULL AND g.hands > 0 AND g.closed < 2)"
struct stat_game;

/* Read game's seats as the statistics see them into *g (g->n 0 when the
 * game has no seats or does not count: STATS_COUNTED; its id, kind and
 * status are read all the same) and its start time into started (size
 * bytes). */
enum status stats_read_game(struct store *s, long game, struct stat_game *g, char *started,
    size_t size, struct diag *d);

/* After a write of game g (read back with stats_read_game; old: as read
 * before the write, NULL for a new game), bring stat_line, stat_count and
 * stat_pair up to date: the old sums out, the new in, best/worst/streaks
 * folded or refolded.  Runs inside the caller's transaction. */
enum status stats_apply(struct store *s, const struct stat_game *old, const char *old_started,
    const struct stat_game *g, const char *started, struct diag *d);

/* Count the statistics of players ids[0..n-1] afresh from the seats of
 * their games (store_stats_players). */
enum status stats_players(struct store *s, const long *ids, int n, struct diag *d);
/* The kept ratings (db/ratings.c).  After a write of game g (old:
 * as it was, NULL for a new game, started at old_started): a game that has
 * just finished after every game rated so far is added to its players'
 * lines; any other change to a finished game, or ratings not kept yet,
 * works them out again from the last snapshot (schema 18's rating_snap)
 * before the game (ratings_rebuild_from).  While an import puts them off,
 * the oldest start changed is noted in s->ratings_from instead.  In the
 * caller's transaction. */
enum status ratings_apply(struct store *s, const struct stat_game *old, const char *old_started,
    const struct stat_game *g, const char *started, struct diag *d);
/* Work the ratings out from every finished game and keep them, with new
 * snapshots. */
enum status ratings_rebuild(struct store *s, struct diag *d);
/* The same from the last snapshot of the ratings taken before the games
 * that started at from (UTC text; NULL or none before it: from every
 * game): only the games from there on are fed again.  The snapshots after
 * it are taken again as the games are fed. */
enum status ratings_rebuild_from(struct store *s, const char *from, struct diag *d);
/* Note that the finished games from started on change (an import's
 * s->ratings_from keeps the oldest). */
void ratings_note_from(struct store *s, const char *started);
/* The folds an import put off (struct store's refold), refolded from the
 * seats and written, in the caller's transaction; the list emptied. */
enum status stats_refold_pending(struct store *s, struct diag *d);
/* Keep them if they are not kept yet (after an upgrade). */
enum status ratings_ensure(struct store *s, struct diag *d);

/* stat_fold (schema 18) filled again from every game's seats, in the
 * caller's write transaction (stats_rebuild and the refill do it too).
 * report_stat_folds_differ: how many of its rows differ from the seats
 * (*n, 0 when they agree), for `tally check`. */
enum status stats_folds_fill(struct store *s, struct diag *d);

/* stat_count (the counts by player count) filled from every game's seats,
 * in the caller's write transaction, the table empty (schema 23 empties
 * it: an older tally counted open games in it).  Errors: ST_IO. */
enum status stats_counts_fill(struct store *s, struct diag *d);

/* Empty the statistics tables and fill them again from every game's seats. */
enum status stats_rebuild(struct store *s, struct diag *d);

/* stats_rebuild() in two halves, so that an import can do the reading
 * outside the write lock: stats_refill_read() works out every statistic
 * and rating from the seats into *f (any transaction; free *f with
 * stats_refill_release(), also after an error), stats_refill_write() puts
 * them in place of the kept ones (the caller's write transaction; right
 * only if nothing was written since the read), sorting f's rows by their
 * tables' keys on the way (f's maps find nothing after it: release it). */
struct rating_snaps;
struct stats_refill {
	struct statbook b;
	struct rating_book ratings;
	long nseats;
	struct rating_snaps *snaps;  /* the snapshots taken on the way */
};
enum status stats_refill_read(struct store *s, struct stats_refill *f, struct diag *d);
enum status stats_refill_write(struct store *s, struct stats_refill *f, struct diag *d);
void stats_refill_release(struct stats_refill *f);
/* Replace the kept ratings with b's (nseats: the seats it was fed), and
 * the snapshots with snaps (NULL: none are kept). */
enum status ratings_put_all(struct store *s, const struct rating_book *b, long nseats,
    const struct rating_snaps *snaps, struct diag *d);
/* Every rating from every finished game into b, as report_ratings does,
 * with the snapshots taken on the way in *snaps (heap; free with
 * rating_snaps_free). */
enum status ratings_feed_all(struct store *s, struct rating_book *b, long *nseats, struct rating_snaps **snaps,
    struct diag *d);
void rating_snaps_free(struct rating_snaps *x);

/* A row of seat_change (db/migrate-27.sql says what it holds): id 0 when
 * there is none. */
struct change_taken {
	long id;
	int join;      /* 1: a late arrival, 0: a substitution */
	int seat, hand;
	long player;   /* player_id, 0: NULL */
	long total;    /* total, JOIN_BY_RULE: NULL */
};
/* sql prepared with ?1 game, ?2 seat, ?3 hand bound (db/subs.c); NULL
 * with d set. */
sqlite3_stmt *store_seat_hand_stmt(struct store *s, const char *sql, long game, int seat, int hand, struct diag *d);
/* Game's newest live seat change (undo, redo 0), or its oldest undone
 * one (redo 1), into *c (db/subs.c).  Errors: the store's. */
enum status store_change_last(struct store *s, long game, int redo, struct change_taken *c, struct diag *d);

#endif
