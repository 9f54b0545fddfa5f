/*
 * store_internal.h: what the files of db/ share and nothing else sees:
 * statement preparation, error mapping and the connection.
 */
#ifndef TALLY_STORE_INTERNAL_H
#define TALLY_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stddef.h>

#include "store.h"

/* Prepare sql on s; NULL with d set (ST_INTERNAL for a bad statement,
 * else ST_IO). */
sqlite3_stmt *store_prep(struct store *s, const char *sql, struct diag *d);

/* Give back a statement from store_prep (reset and kept when cached). */
void store_finish(struct store *s, sqlite3_stmt *st);

/* Map an SQLite result code to a diagnostic (ST_IO); returns ST_IO. */
enum status store_error(struct store *s, int rc, struct diag *d, const char *what);

/* The connection, and the file name of s as SQLite must be given it
 * (relative names start with "./", so never a URI). */
sqlite3 *store_db(struct store *s);
const char *store_path(struct store *s);

/* The kind of game g (an SQL alias) as the statistics and ratings group
 * it: its kind, or for a score pad "pad:DIRECTION:TITLE" (issue 16: pads
 * are grouped by title; core/statbook.h). */
#define STORE_STAT_KIND(g) "(CASE " g ".kind WHEN 'pad' THEN 'pad:' ||" \
	" coalesce((SELECT value FROM game_option WHERE game_id = " g ".id AND key = 'direction'), 'low') || ':' ||" \
	" coalesce((SELECT value FROM game_option WHERE game_id = " g ".id AND key = 'title'), 'Pad')" \
	" ELSE " g ".kind END)"

/* The rowid of the last insert on s. */
long store_last_id(struct store *s);

/* The statistics tables (db/stats.c). */

/* Whether game g counts in statistics, history's played games and nights'
 * standings (schema 8): it is not deleted and has a hand. */
#define STATS_COUNTED "(g.deleted IS NULL AND g.hands > 0)"
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
enum status stats_apply(struct store *s, const struct stat_game *old, const struct stat_game *g,
    const char *started, struct diag *d);

/* Count the statistics of players ids[0..n-1] afresh from the seats of
 * their games (store_stats_players). */
enum status stats_players(struct store *s, const long *ids, int n, struct diag *d);
/* The kept ratings (issue 16, db/ratings.c).  After a write of game g (old:
 * as it was, NULL for a new game): a game that has just finished after
 * every game rated so far is added to its players' lines; any other change
 * to a finished game, or ratings not kept yet, rebuilds them all (a
 * fraction of a second over a decade).  In the caller's transaction. */
enum status ratings_apply(struct store *s, const struct stat_game *old, const struct stat_game *g,
    const char *started, struct diag *d);
/* Work the ratings out from every finished game and keep them. */
enum status ratings_rebuild(struct store *s, struct diag *d);
/* Keep them if they are not kept yet (after an upgrade). */
enum status ratings_ensure(struct store *s, struct diag *d);

/* Empty the statistics tables and fill them again from every game's seats. */
enum status stats_rebuild(struct store *s, struct diag *d);

#endif
