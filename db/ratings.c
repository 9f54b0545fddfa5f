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

enum status
report_ratings(struct store *s, struct rating_book *b, long *nseats, struct diag *d)
{
	/* Time order: started, then uid, so that the same games imported in
	 * any order (different ids) rate the same.  seat.rank is the game's
	 * ranking: winners first, eliminated players by order of elimination
	 * (core/replay.c rules_rank). */
	sqlite3_stmt *st = store_prep(s, "SELECT g.id, " STORE_STAT_KIND("g") ", coalesce(g.night_id, 0),"
	    " x.player_id, coalesce(x.rank, 1) FROM game g JOIN seat x ON x.game_id = g.id"
	    " WHERE g.status = 'over' ORDER BY g.started, g.uid, x.seat", d);
	long game = -1, night = 0, players[STAT_MAX_SEATS];
	int rank[STAT_MAX_SEATS], n = 0, kind = -1, rc;
	*nseats = 0;
	if (st == NULL)
		return d->status;
	for (;;) {
		rc = sqlite3_step(st);
		if (n > 0 && (rc != SQLITE_ROW || sqlite3_column_int64(st, 0) != game)) {
			if (kind >= 0 && n >= 2) {
				rating_book_game(b, kind, night, players, rank, n);
				*nseats += n;
			}
			n = 0;
		}
		if (rc != SQLITE_ROW)
			break;
		if (n == 0) {
			game = sqlite3_column_int64(st, 0);
			kind = statbook_kind((const char *)sqlite3_column_text(st, 1));
			night = sqlite3_column_int64(st, 2);
		}
		if (n < STAT_MAX_SEATS) {
			players[n] = sqlite3_column_int64(st, 3);
			rank[n++] = sqlite3_column_int(st, 4);
		}
	}
	store_finish(s, st);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "ratings");
}
