/* SPDX-License-Identifier: ISC */
/*
 * players.c: the players of the store as a whole: their names
 * for "did you mean", `tally player rename` and `merge`, and the
 * substitutes of `tally sub` (see store.h).
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c only.
 */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "../core/names.h"
#include "../core/suggest.h"
#include "../core/util.h"
#include "store.h"
#include "store_internal.h"

enum status
store_player_names(struct store *s, char ***names, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name FROM player ORDER BY id", d);
	int rc;
	*names = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*names = xrealloc(*names, sizeof **names * (size_t)(*n + 2));
		(*names)[(*n)++] = xstrdup((const char *)sqlite3_column_text(q, 0));
		(*names)[*n] = NULL;
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		store_names_free(*names, *n);
		*names = NULL;
		*n = 0;
		return store_error(s, rc, d, "read players");
	}
	return ST_OK;
}

void
store_names_free(char **names, int n)
{
	for (int i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}

enum status
store_player_find(struct store *s, const char *name, long *id, char **full, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, name FROM player WHERE fold = ?", d);
	if (q == NULL)
		return d->status;
	char *fold = names_fold(name);
	sqlite3_bind_text(q, 1, fold ? fold : name, -1, SQLITE_TRANSIENT);
	free(fold);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(q, 0);
		*full = xstrdup((const char *)sqlite3_column_text(q, 1));
	}
	store_finish(s, q);
	if (rc == SQLITE_ROW)
		return ST_OK;
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read players");
	return store_player_unknown(s, name, "player", d);
}

enum status
store_player_unknown(struct store *s, const char *name, const char *rule, struct diag *d)
{
	char **all;
	int n;
	if (store_player_names(s, &all, &n, d) != ST_OK)
		return d->status;
	const char *near = suggest_nearest(name, (const char *const *)all, n);
	if (near)
		diag_set(d, ST_NOINPUT, name, name, rule, "no player '%s' in this database; did you mean %s?", name, near);
	else
		diag_set(d, ST_NOINPUT, name, name, rule, "no player '%s' in this database", name);
	store_names_free(all, n);
	return ST_NOINPUT;
}

enum status
store_player_games(struct store *s, long player, long **games, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT g.id FROM game g WHERE g.id IN"
	    " (SELECT game_id FROM seat WHERE player_id = ?1 UNION SELECT game_id FROM seat_sub WHERE player_id = ?1)"
	    " ORDER BY g.started, g.id", d);
	if (q)
		sqlite3_bind_int64(q, 1, player);
	return store_step_ids(s, q, games, n, "read games", d);
}

enum status
store_player_shared_game(struct store *s, long a, long b, long *game, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "WITH sat (game_id, player_id) AS"
	    " (SELECT game_id, player_id FROM seat UNION SELECT game_id, player_id FROM seat_sub)"
	    " SELECT x.game_id FROM sat x JOIN sat y ON y.game_id = x.game_id"
	    " WHERE x.player_id = ?1 AND y.player_id = ?2 ORDER BY x.game_id LIMIT 1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, a);
	sqlite3_bind_int64(q, 2, b);
	int rc = sqlite3_step(q);
	*game = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read games");
}

enum status
store_player_rename(struct store *s, long id, const char *name, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE player SET name = ?2, fold = ?3 WHERE id = ?1", d);
	if (q == NULL)
		return d->status;
	char *fold = names_fold(name);
	sqlite3_bind_int64(q, 1, id);
	sqlite3_bind_text(q, 2, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 3, fold ? fold : name, -1, SQLITE_TRANSIENT);
	free(fold);
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write players");
}

enum status
store_player_merge(struct store *s, long from, long into, struct diag *d)
{
	static const char *const sql[] = {
		"UPDATE seat SET player_id = ?2 WHERE player_id = ?1",
		"UPDATE seat_sub SET player_id = ?2 WHERE player_id = ?1",
		/* the seat changes undo and redo read follow the player */
		"UPDATE seat_change SET player_id = ?2 WHERE player_id = ?1",
		"DELETE FROM stat_line WHERE player_id = ?1",
		"DELETE FROM stat_count WHERE player_id = ?1",
		"DELETE FROM stat_pair WHERE ahead_id = ?1 OR behind_id = ?1",
		"DELETE FROM stat_fold WHERE player_id = ?1",
		"DELETE FROM rating WHERE player_id = ?1",  /* worked out again by store_stats_players */
		"UPDATE player SET created = min(created, (SELECT created FROM player WHERE id = ?1)) WHERE id = ?2",
		"DELETE FROM player WHERE id = ?1",
	};
	enum status r = ST_OK;
	for (size_t i = 0; r == ST_OK && i < ARRAY_LEN(sql); i++)
		r = store_run2(s, sql[i], from, into, d);
	return r;
}

enum status
store_game_subs(struct store *s, struct stored_game *g, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT x.seat, x.hand, p.name FROM seat_sub x JOIN player p ON p.id = x.player_id"
	    " WHERE x.game_id = ? ORDER BY x.hand, x.seat", d);
	int rc;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		g->subs = xrealloc(g->subs, sizeof *g->subs * (size_t)(g->nsubs + 1));
		struct seat_change *c = &g->subs[g->nsubs++];
		c->seat = sqlite3_column_int(q, 0);
		c->hand = sqlite3_column_int(q, 1);
		c->name = xstrdup((const char *)sqlite3_column_text(q, 2));
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read substitutes");
}

enum status
store_sub_add(struct store *s, long game, int seat, int hand, const char *name, struct diag *d)
{
	/* a known player (by the folded key, core/names.h) keeps their spelling */
	sqlite3_stmt *q = store_prep(s, "INSERT INTO player (name, fold, created) VALUES"
	    " (?1, ?2, coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))) ON CONFLICT DO NOTHING", d);
	char *fold = names_fold(name);
	int rc;
	if (fold == NULL)
		fold = xstrdup(name);
	if (q == NULL)
		goto fail;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, fold, -1, SQLITE_TRANSIENT);
	store_bind_now(q, 3);  /* when_now(), the one clock, in UTC */
	rc = sqlite3_step(q);
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		store_error(s, rc, d, "write players");
		goto fail;
	}
	/* the newest change wins: one set for a later hand (before an undo) goes */
	if ((q = store_prep(s, "DELETE FROM seat_sub WHERE game_id = ?1 AND seat = ?2 AND hand > ?3", d)) == NULL)
		goto fail;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, seat);
	sqlite3_bind_int(q, 3, hand);
	rc = sqlite3_step(q);
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		store_error(s, rc, d, "write substitutes");
		goto fail;
	}
	if ((q = store_prep(s, "INSERT OR REPLACE INTO seat_sub (game_id, seat, hand, player_id)"
	    " VALUES (?1, ?2, ?3, (SELECT id FROM player WHERE fold = ?4))", d)) == NULL)
		goto fail;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, seat);
	sqlite3_bind_int(q, 3, hand);
	sqlite3_bind_text(q, 4, fold, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(q);
	store_finish(s, q);
	free(fold);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "write substitutes");
	return store_revision_bump(s, game, d);
fail:
	free(fold);
	return d->status;
}
