/*
 * ratings.c: the games the ratings are derived from (issue 16): every
 * finished game in time order, each player's place, grouped by kind as the
 * statistics group them (pads by title).  See report.h.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "report.h"
#include "store_internal.h"

/* One finished game waiting for the others that started at the same time. */
struct rated_game {
	char uid[72];
	int kind, n;
	long night;
	long players[STAT_MAX_SEATS];
	int rank[STAT_MAX_SEATS];
};

static int
cmp_uid(const void *a, const void *b)
{
	return strcmp(((const struct rated_game *)a)->uid, ((const struct rated_game *)b)->uid);
}

/* Feed the games that started at one time, in uid order. */
static void
flush(struct rating_book *b, struct rated_game *g, int n, long *nseats)
{
	if (n > 1)
		qsort(g, (size_t)n, sizeof *g, cmp_uid);
	for (int i = 0; i < n; i++)
		if (g[i].kind >= 0 && g[i].n >= 2) {
			rating_book_game(b, g[i].kind, g[i].night, g[i].players, g[i].rank, g[i].n);
			*nseats += g[i].n;
		}
}

enum status
report_ratings(struct store *s, struct rating_book *b, long *nseats, struct diag *d)
{
	/* Time order: started, then uid, so that the same games imported in
	 * any order (different ids) rate the same.  The statement reads in
	 * (started, id) order, which the index on started gives without a
	 * sort; games that started at the same moment are put in uid order
	 * here.  seat.rank is the game's ranking: winners first, eliminated
	 * players by order of elimination (core/replay.c rules_rank). */
	sqlite3_stmt *st = store_prep(s, "SELECT g.id, " STORE_STAT_KIND("g") ", coalesce(g.night_id, 0),"
	    " x.player_id, coalesce(x.rank, 1), g.uid, g.started FROM game g JOIN seat x ON x.game_id = g.id"
	    " WHERE g.status = 'over' ORDER BY g.started, g.id, x.seat", d);
	struct rated_game *buf = NULL;
	int nbuf = 0, cap = 0, rc;
	long game = -1;
	char started[40] = "";
	*nseats = 0;
	if (st == NULL)
		return d->status;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_int64(st, 0) != game) {
			const char *when = (const char *)sqlite3_column_text(st, 6);
			if (nbuf > 0 && strcmp(when, started) != 0) {
				flush(b, buf, nbuf, nseats);
				nbuf = 0;
			}
			snprintf(started, sizeof started, "%s", when);
			if (nbuf == cap) {
				cap = cap ? cap * 2 : 4;
				buf = xrealloc(buf, sizeof *buf * (size_t)cap);
			}
			struct rated_game *g = &buf[nbuf++];
			game = sqlite3_column_int64(st, 0);
			snprintf(g->uid, sizeof g->uid, "%s", (const char *)sqlite3_column_text(st, 5));
			g->kind = statbook_kind((const char *)sqlite3_column_text(st, 1));
			g->night = sqlite3_column_int64(st, 2);
			g->n = 0;
		}
		struct rated_game *g = &buf[nbuf - 1];
		if (g->n < STAT_MAX_SEATS) {
			g->players[g->n] = sqlite3_column_int64(st, 3);
			g->rank[g->n++] = sqlite3_column_int(st, 4);
		}
	}
	store_finish(s, st);
	if (rc == SQLITE_DONE)
		flush(b, buf, nbuf, nseats);
	free(buf);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "ratings");
}
