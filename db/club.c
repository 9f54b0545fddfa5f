/* SPDX-License-Identifier: ISC */
/*
 * club.c: what a club keeps beside its games (schema 14): its seasons, who
 * is a guest (player.guest) and its settings (table meta).  See store.h.
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c, club.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c only.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "store_internal.h"

enum status
store_season_find(struct store *s, const char *name, struct season *out, int *found, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name, start, \"end\" FROM season WHERE name = ?", d);
	memset(out, 0, sizeof *out);
	*found = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*found = 1;
		out->name = store_col_text(q, 0);
		out->start = store_col_text(q, 1);
		out->end = store_col_text(q, 2);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read seasons");
}

enum status
store_season_list(struct store *s, struct season **out, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name, start, \"end\" FROM season ORDER BY start, name", d);
	int rc;
	*out = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*out = xrealloc(*out, sizeof **out * (size_t)(*n + 1));
		(*out)[*n] = (struct season){ store_col_text(q, 0), store_col_text(q, 1), store_col_text(q, 2) };
		(*n)++;
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read seasons");
}

void
season_release(struct season *x)
{
	free(x->name);
	free(x->start);
	free(x->end);
	memset(x, 0, sizeof *x);
}

enum status
store_season_start(struct store *s, const char *name, const char *start, struct diag *d)
{
	/* the season that runs ends where this one starts */
	sqlite3_stmt *q = store_prep(s, "UPDATE season SET \"end\" = ?1 WHERE \"end\" IS NULL AND start < ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, start, -1, SQLITE_TRANSIENT);
	if (store_run(s, q, d) != ST_OK)
		return d->status;
	if ((q = store_prep(s, "INSERT INTO season (name, start) VALUES (?, ?)", d)) == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, start, -1, SQLITE_TRANSIENT);
	return store_run(s, q, d);
}

enum status
store_season_end(struct store *s, const char *end, int *ended, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE season SET \"end\" = ?1 WHERE \"end\" IS NULL AND start < ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, end, -1, SQLITE_TRANSIENT);
	enum status r = store_run(s, q, d);
	*ended = r == ST_OK ? sqlite3_changes(store_db(s)) : 0;
	return r;
}

enum status
store_player_guest(struct store *s, long player, int guest, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE player SET guest = ? WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int(q, 1, guest != 0);
	sqlite3_bind_int64(q, 2, player);
	return store_run(s, q, d);
}

enum status
report_season_players(struct store *s, const char *season, struct season_player **out, long *n, long *evenings,
    struct diag *d)
{
	/* per player: the evenings they played in the season (club nights:
	 * db/report.h REPORT_EVENING), and whether they are a guest: a game's
	 * evening, and those of its hands when it was continued on a later
	 * night (the last hand on another evening), so a player who sat at
	 * it there was present there too */
#define SEASON_EVENINGS "(SELECT g.id AS game, date(n.started, 'localtime', '-6 hours') AS evening" \
	" FROM game g JOIN night n ON n.id = g.night_id JOIN season z ON z.name = ?1" \
	" WHERE g.deleted IS NULL AND g.hands > 0 AND g.started >= z.start AND (z.\"end\" IS NULL OR g.started < z.\"end\")" \
	" UNION SELECT g.id, date(h.recorded, 'localtime', '-6 hours') FROM game g JOIN night n ON n.id = g.night_id" \
	" JOIN season z ON z.name = ?1 JOIN hand h ON h.game_id = g.id AND h.undone = 0" \
	" WHERE g.deleted IS NULL AND g.hands > 0 AND g.started >= z.start AND (z.\"end\" IS NULL OR g.started < z.\"end\")" \
	" AND date((SELECT max(l.recorded) FROM hand l WHERE l.game_id = g.id AND l.undone = 0), 'localtime', '-6 hours')" \
	"  <> date(n.started, 'localtime', '-6 hours'))"
	sqlite3_stmt *q = store_prep(s, "SELECT x.player_id, p.guest, count(DISTINCT e.evening)"
	    " FROM " SEASON_EVENINGS " e JOIN seat x ON x.game_id = e.game JOIN player p ON p.id = x.player_id"
	    " GROUP BY x.player_id ORDER BY x.player_id", d);
	int rc;
	*out = NULL;
	*n = 0;
	*evenings = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, season, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*out = xrealloc(*out, sizeof **out * (size_t)(*n + 1));
		(*out)[(*n)++] = (struct season_player){ sqlite3_column_int64(q, 0), sqlite3_column_int(q, 1),
			sqlite3_column_int64(q, 2) };
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read the season");
	if ((q = store_prep(s, "SELECT count(DISTINCT e.evening) FROM " SEASON_EVENINGS " e", d)) == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, season, -1, SQLITE_TRANSIENT);
	if ((rc = sqlite3_step(q)) == SQLITE_ROW)
		*evenings = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read the season");
}

/* The settings a club may set, with their defaults: tau, the ratings'
 * dynamics factor (core/rating.h says why 0). */
static const struct {
	const char *key, *dflt;
} settings[] = {
	{ "tau", "0" },
};

enum status
store_setting(struct store *s, const char *key, char **value, int *set, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT value FROM meta WHERE key = ?", d);
	*value = NULL;
	*set = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*value = store_col_text(q, 0);
		*set = 1;
	}
	store_finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read the club's settings");
	for (size_t i = 0; *value == NULL && i < ARRAY_LEN(settings); i++)
		if (strcmp(settings[i].key, key) == 0)
			*value = xstrdup(settings[i].dflt);
	return ST_OK;
}

const char *const *
store_setting_keys(int *n)
{
	static const char *keys[ARRAY_LEN(settings)];
	for (size_t i = 0; i < ARRAY_LEN(settings); i++)
		keys[i] = settings[i].key;
	*n = (int)ARRAY_LEN(settings);
	return keys;
}

enum status
store_setting_put(struct store *s, const char *key, const char *value, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, key, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, value, -1, SQLITE_TRANSIENT);
	return store_run(s, q, d);
}

/* Every change of a game bumps its revision; a new game, hand or
 * substitute shows in the counts (db/migrate-14.sql). */
static enum status
change_mark(struct store *s, char **mark, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT (SELECT coalesce(sum(revision), 0) || ':' || count(*) FROM game) || ':' ||"
	    " (SELECT coalesce(max(id), 0) FROM hand) || ':' || (SELECT count(*) FROM seat_sub)", d);
	*mark = NULL;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*mark = store_col_text(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read what changed last");
}

/* Remember value under key, with the file's change mark under key_mark. */
static enum status
last_put(struct store *s, const char *key, const char *value, struct diag *d)
{
	char *mark = NULL, *key_mark = xasprintf("%s_mark", key);
	enum status rc = change_mark(s, &mark, d);
	if (rc == ST_OK)
		rc = store_setting_put(s, key, value, d);
	if (rc == ST_OK)
		rc = store_setting_put(s, key_mark, mark, d);
	free(mark);
	free(key_mark);
	return rc;
}

/* The value remembered under key while nothing changed since, else NULL. */
static enum status
last_get(struct store *s, const char *key, char **value, struct diag *d)
{
	char *mark = NULL, *now = NULL, *key_mark = xasprintf("%s_mark", key);
	int set;
	enum status rc = store_setting(s, key, value, &set, d);
	if (rc == ST_OK && *value)
		rc = store_setting(s, key_mark, &mark, &set, d);
	if (rc == ST_OK && mark)
		rc = change_mark(s, &now, d);
	if (rc != ST_OK || mark == NULL || now == NULL || strcmp(mark, now) != 0) {
		free(*value);
		*value = NULL;
	}
	free(mark);
	free(now);
	free(key_mark);
	return rc;
}

enum status
store_last_merge_put(struct store *s, const char *what, struct diag *d)
{
	return last_put(s, "last_merge", what, d);
}

enum status
store_last_merge(struct store *s, char **what, struct diag *d)
{
	return last_get(s, "last_merge", what, d);
}

enum status
store_gameless_nights(struct store *s, struct stored_night **out, long *n, struct diag *d)
{
	/* as a game's night is read with it (store.c GAME_ROW_COLUMNS): a
	 * record of taking it from a copy of this file is this file's own */
	sqlite3_stmt *q = store_prep(s, "SELECT n.uid, n.name, n.started, n.ended, n.note, k.versions, b.source, b.note,"
	    " CASE WHEN b.source IS NOT NULL THEN k.seen END, CASE WHEN b.source IS NOT NULL THEN k.here END"
	    " FROM night n LEFT JOIN night_clock k ON k.night_id = n.id"
	    " LEFT JOIN night_base b ON b.night_id = n.id AND b.source IS NOT (SELECT value FROM meta WHERE key = 'uid')"
	    " WHERE NOT EXISTS (SELECT 1 FROM game g WHERE g.night_id = n.id) ORDER BY n.started, n.id", d);
	int rc;
	*out = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*out = xrealloc(*out, sizeof **out * (size_t)(*n + 1));
		struct stored_night *x = &(*out)[(*n)++];
		x->uid = store_col_text(q, 0);
		x->name = store_col_text(q, 1);
		x->started = store_col_text(q, 2);
		x->ended = store_col_text(q, 3);
		x->note = store_col_text(q, 4);
		x->versions = store_col_text(q, 5);
		x->taken_from = store_col_text(q, 6);
		x->taken_note = store_col_text(q, 7);
		x->taken_seen = store_col_text(q, 8);
		x->taken_here = store_col_text(q, 9);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read the nights with no game");
}

void
stored_nights_free(struct stored_night *v, long n)
{
	for (long i = 0; v && i < n; i++) {
		free(v[i].uid);
		free(v[i].name);
		free(v[i].started);
		free(v[i].ended);
		free(v[i].note);
		free(v[i].versions);
		free(v[i].taken_from);
		free(v[i].taken_note);
		free(v[i].taken_seen);
		free(v[i].taken_here);
	}
	free(v);
}
