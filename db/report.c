/* SPDX-License-Identifier: ISC */
/*
 * report.c: the SQL behind history, stats, export, import, check (report.h).
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c and players.c (names for "did you mean").
 */
#include "report.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "../core/names.h"
#include "../core/suggest.h"
#include "../core/util.h"
#include "store_internal.h"

/* A WHERE clause and its parameters. */
struct where {
	struct strbuf sql;
	int n;
	struct { int is_int; long i; const char *s; } bind[64];
	char *owned[8];   /* strings bound that the where owns (where_free) */
	int nowned;
};

static void
where_free(struct where *w)
{
	sb_release(&w->sql);
	for (int i = 0; i < w->nowned; i++)
		free(w->owned[i]);
	w->nowned = 0;
}

static void
bind_text(struct where *w, const char *s)
{
	if (w->n < 64) {
		w->bind[w->n].is_int = 0;
		w->bind[w->n++].s = s;
	}
}

static void
bind_int(struct where *w, long i)
{
	if (w->n < 64) {
		w->bind[w->n].is_int = 1;
		w->bind[w->n++].i = i;
	}
}

static void
apply_binds(sqlite3_stmt *q, const struct where *w, int first)
{
	for (int i = 0; i < w->n; i++) {
		if (w->bind[i].is_int)
			sqlite3_bind_int64(q, first + i, w->bind[i].i);
		else
			sqlite3_bind_text(q, first + i, w->bind[i].s, -1, SQLITE_TRANSIENT);
	}
}

enum status
report_player_id(struct store *s, const char *name, long *id, char **full, struct diag *d)
{
	/* by the folded key (core/names.h): exactly, else as a prefix compared
	 * byte for byte, so no character of the name is a wildcard */
	sqlite3_stmt *q = store_prep(s, "SELECT id, name FROM player WHERE fold = ?1"
	    " UNION ALL SELECT id, name FROM player WHERE fold > ?1 AND substr(fold, 1, length(?1)) = ?1"
	    " AND NOT EXISTS (SELECT 1 FROM player WHERE fold = ?1)", d);
	int count = 0, rc;
	if (q == NULL)
		return d->status;
	char *fold = names_fold(name);
	sqlite3_bind_text(q, 1, fold ? fold : name, -1, SQLITE_TRANSIENT);
	free(fold);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (count++ == 0) {
			*id = sqlite3_column_int64(q, 0);
			if (full)
				*full = xstrdup((const char *)sqlite3_column_text(q, 1));
		}
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read players");
	if (count == 0)
		return store_player_unknown(s, name, "query", d);
	if (count > 1) {
		if (full) {
			free(*full);
			*full = NULL;
		}
		return diag_set(d, ST_USAGE, name, name, "query", "'%s' names %d players; type more of the name", name, count);
	}
	return ST_OK;
}

/* game:TITLE, where TITLE is no built-in game: the score pads with that
 * title, or with the title of the pad the club saved under that name;
 * refused with the query's did-you-mean when there is none. */
static enum status
pad_title_term(struct store *s, const struct query_term *t, struct where *w, struct diag *d)
{
	struct saved_pad sp = {0};
	int found = 0;
	char *title = NULL;
	enum status rc = store_pad_find(s, t->a, &sp, &found, d);
	if (rc != ST_OK)
		return rc;
	for (int i = 0; found && i < sp.nsettings; i++)
		if (strncmp(sp.settings[i], "title=", 6) == 0) {
			free(title);
			title = xstrdup(sp.settings[i] + 6);
		}
	if (found && title == NULL)
		title = xstrdup(sp.name);
	saved_pad_release(&sp);
	const char *want = title ? title : t->a;
	static const char sql[] = "SELECT 1 FROM game_option o JOIN game x ON x.id = o.game_id"
	    " WHERE x.kind = 'pad' AND o.key = 'title' AND o.value = ?1 COLLATE NOCASE LIMIT 1";
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q == NULL) {
		free(title);
		return d->status;
	}
	sqlite3_bind_text(q, 1, want, -1, SQLITE_TRANSIENT);
	int step = sqlite3_step(q);
	store_finish(s, q);
	if (step != SQLITE_ROW && step != SQLITE_DONE) {
		free(title);
		return store_error(s, step, d, "query");
	}
	if (step == SQLITE_DONE && !found) {
		free(title);
		return diag_set(d, ST_NOINPUT, NULL, t->a, "query", "%s", t->b);
	}
	sb_add(&w->sql, "g.kind = 'pad' AND EXISTS (SELECT 1 FROM game_option o WHERE o.game_id = g.id"
	    " AND o.key = 'title' AND o.value = ? COLLATE NOCASE)");
	if (title && w->nowned < (int)ARRAY_LEN(w->owned)) {
		w->owned[w->nowned++] = title;
		bind_text(w, title);
	} else {
		free(title);
		bind_text(w, t->a);
	}
	return ST_OK;
}

/* The hands played on the club night of night ?1 (REPORT_CLUB_NIGHT), as
 * a WITH clause: c(k, e, lo, hi), the club night, its evening and that
 * evening's bounds in UTC (06:00 local to 06:00 local, core/when.h
 * WHEN_NIGHT_CUTOFF_HOUR); hh(game, t, own), each live hand of a game not
 * deleted with when it was recorded, own 1 for a game of the night's own,
 * 0 for a game of an earlier night continued here.  A hand is played on
 * its game's night when it falls on that night's evening; a hand of a
 * game continued on a later evening is played on the night of that
 * evening last started before it (the one open at the table), else stays
 * its game's (SPEC: a game belongs to the night it started in; its hands
 * to the night they were played on).  NIGHT_HANDS_OF(id) is the same of
 * the night whose id is the SQL id (a parameter once). */
#define NIGHT_HANDS NIGHT_HANDS_OF("?1")
#define NIGHT_HANDS_OF(id) "WITH c(k, e, lo, hi) AS (SELECT " REPORT_CLUB_NIGHT("k") ", " REPORT_EVENING("k.started") "," \
	" strftime('%Y-%m-%dT%H:%M:%SZ', " REPORT_EVENING("k.started") " || ' 06:00:00', 'utc')," \
	" strftime('%Y-%m-%dT%H:%M:%SZ', " REPORT_EVENING("k.started") " || ' 06:00:00', '+1 day', 'utc')" \
	" FROM night k WHERE k.id = " id ")," \
	/* CROSS JOIN: in this order, the night's games' hands by their index, \
	 * never a scan of every hand */ \
	" hh(game, t, own) AS (SELECT h.game_id, h.recorded, 1 FROM c CROSS JOIN night n CROSS JOIN game g" \
	"  CROSS JOIN hand h WHERE g.night_id = n.id AND h.game_id = g.id AND h.undone = 0 AND " \
	REPORT_CLUB_NIGHT("n") " = c.k" \
	"  AND g.deleted IS NULL AND " REPORT_EVENING("h.recorded") " = " REPORT_EVENING("n.started") \
	" UNION ALL SELECT h.game_id, h.recorded, 0 FROM c CROSS JOIN game g CROSS JOIN night n CROSS JOIN hand h" \
	"  WHERE n.id = g.night_id AND h.game_id = g.id AND h.undone = 0 AND g.deleted IS NULL" \
	/* a game that started before the evening and had not ended when it \
	 * began: the few that can have a hand continued on it */ \
	"  AND g.started < c.lo AND (g.ended IS NULL OR g.ended >= c.lo) AND (SELECT l.recorded FROM hand l" \
	"   WHERE l.game_id = g.id AND l.undone = 0 ORDER BY l.number DESC LIMIT 1) >= c.lo" \
	"  AND h.recorded >= c.lo AND h.recorded < c.hi AND " REPORT_EVENING("n.started") " <> c.e" \
	"  AND (SELECT " REPORT_CLUB_NIGHT("m") " FROM night m WHERE m.started >= c.lo AND m.started <= h.recorded" \
	"   ORDER BY m.started DESC, m.id DESC LIMIT 1) = c.k) "

/* The games played on the club night of night id (an SQL expression, a
 * parameter twice), as a condition on `game g`: every game of any table's
 * night of its evening and name (REPORT_CLUB_NIGHT), and every game of an
 * earlier night with a hand played on it (NIGHT_HANDS_OF's rule: continued
 * there).  Shared by `tally night` (report_night) and the night: query
 * (build_where), so the two list the same games. */
#define NIGHT_GAMES(id) "(g.night_id IN (SELECT m.id FROM night m WHERE " REPORT_CLUB_NIGHT("m") " =" \
	" (SELECT " REPORT_CLUB_NIGHT("k") " FROM night k WHERE k.id = " id "))" \
	" OR g.id IN (" NIGHT_HANDS_OF(id) "SELECT game FROM hh WHERE own = 0))"

/* Build the WHERE clause of q on `game g`. */
static enum status
build_where(struct store *s, const struct query *q, struct where *w, long *ids, struct diag *d)
{
	/* deleted games count nowhere (schema 8) unless asked for */
	sb_add(&w->sql, q->deleted == 0 ? "g.deleted IS NULL" : q->deleted == 1 ? "g.deleted IS NOT NULL" : "1");
	for (int i = 0; i < q->n; i++) {
		const struct query_term *t = &q->t[i];
		sb_add(&w->sql, t->negate ? " AND NOT (" : " AND (");
		switch (t->kind) {
		case Q_PLAYER:
		case Q_WITH:
		case Q_VS: {
			enum status rc = report_player_id(s, t->a, &ids[i], NULL, d);
			if (rc != ST_OK)
				return rc;
			sb_add(&w->sql, "EXISTS (SELECT 1 FROM seat x WHERE x.game_id = g.id AND x.player_id = ?)");
			bind_int(w, ids[i]);
			if (t->kind != Q_VS) {
				/* a substitute was at the table too */
				sb_add(&w->sql, " OR EXISTS (SELECT 1 FROM seat_sub y WHERE y.game_id = g.id AND y.player_id = ?)");
				bind_int(w, ids[i]);
			}
			break;
		}
		case Q_GAME:
			if (t->n == 1) {
				enum status rc = pad_title_term(s, t, w, d);
				if (rc != ST_OK)
					return rc;
				break;
			}
			sb_add(&w->sql, "g.kind = ?");
			bind_text(w, t->a);
			break;
		case Q_NIGHT:
			/* the club night of that night: every table's night of its
			 * evening and name (REPORT_CLUB_NIGHT), and the games
			 * continued on it, as `tally night` lists them */
			if (t->n == QUERY_NIGHT_LAST)
				sb_add(&w->sql, NIGHT_GAMES("(SELECT max(id) FROM night)"));
			else if (t->n == QUERY_NIGHT_CURRENT)
				sb_add(&w->sql, NIGHT_GAMES("(SELECT max(id) FROM night WHERE ended IS NULL)"));
			else {
				sb_add(&w->sql, NIGHT_GAMES("?"));
				bind_int(w, t->n);
				bind_int(w, t->n);
			}
			break;
		case Q_SINCE:
			sb_add(&w->sql, "g.started >= ?");
			bind_text(w, t->a);
			break;
		case Q_UNTIL:
			sb_add(&w->sql, "g.started < ?");
			bind_text(w, t->a);
			break;
		case Q_SEASON:
			/* the season's days (db/season.c); an unknown one matches nothing
			 * (the command that names it refuses it first) */
			sb_add(&w->sql, "EXISTS (SELECT 1 FROM season z WHERE z.name = ? AND g.started >= z.start"
			    " AND (z.\"end\" IS NULL OR g.started < z.\"end\"))");
			bind_text(w, t->a);
			break;
		case Q_PLAYERS:
			sb_add(&w->sql, "(SELECT count(*) FROM seat x WHERE x.game_id = g.id) = ?");
			bind_int(w, t->n);
			break;
		case Q_OPTION:
			sb_add(&w->sql, "EXISTS (SELECT 1 FROM game_option o WHERE o.game_id = g.id"
			    " AND o.key = ? AND o.value = ? COLLATE NOCASE)");
			bind_text(w, t->a);
			bind_text(w, t->b);
			break;
		}
		sb_add(&w->sql, ")");
	}
	return ST_OK;
}

static sqlite3_stmt *
prepare_query(struct store *s, const struct query *query, const char *head, const char *tail,
    struct diag *d)
{
	struct where w = {0};
	long ids[64];
	sqlite3_stmt *q = NULL;
	if (query->n > 32) {
		diag_set(d, ST_USAGE, NULL, NULL, "query", "at most 32 query terms");
		return NULL;
	}
	if (build_where(s, query, &w, ids, d) == ST_OK) {
		char *sql = xasprintf("%s WHERE %s %s", head, w.sql.s, tail);
		q = store_prep(s, sql, d);
		free(sql);
		if (q)
			apply_binds(q, &w, 1);
	}
	where_free(&w);
	return q;
}

enum status
report_history(struct store *s, const struct query *query,
    int (*cb)(const struct history_row *r, void *ctx), void *ctx, struct diag *d)
{
	sqlite3_stmt *q = prepare_query(s, query,
	    "SELECT g.id, g.kind, g.started, CASE WHEN g.closed = 2 AND g.status = 'over' THEN 'abandoned' ELSE g.status END,"
	    " coalesce(c.club, g.night_id), n.name, g.seats, g.hands,"
	    " CASE g.kind WHEN 'pad' THEN (SELECT value FROM game_option WHERE game_id = g.id AND key = 'title') END,"
	    " " REPORT_CLUB_NIGHT("n") " AS evening, coalesce(" REPORT_PLAYED("g") ", -1), g.note,"
	    /* the winners by side, partners in seat order joined as side_name()
	     * joins them; a player without a side is a side alone */
	    " (SELECT group_concat(w, char(31)) FROM (SELECT group_concat(name, ' & ') AS w, min(seat) AS first"
	    "  FROM (SELECT x.seat, coalesce(x.side, -1 - x.seat) AS sd, p.name FROM seat x"
	    "   JOIN player p ON p.id = x.player_id WHERE x.game_id = g.id AND x.winner = 1 ORDER BY x.seat)"
	    "  GROUP BY sd ORDER BY first))"
	    " FROM game g LEFT JOIN night n ON n.id = g.night_id"
	    /* a night by its club night's id (report_club_night: its first) */
	    " LEFT JOIN (SELECT k.id, min(k.id) OVER (PARTITION BY " REPORT_CLUB_NIGHT("k") ") AS club FROM night k) c"
	    " ON c.id = g.night_id",
	    query->empty ? "ORDER BY evening DESC, g.started DESC, g.id DESC"
	    : "AND g.hands > 0 ORDER BY evening DESC, g.started DESC, g.id DESC", d);
	int rc;
	if (q == NULL)
		return d->status;
	struct strbuf players = {0}, winners = {0};
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		/* the seats come as 0Name or 1Name (1: a winner), unit-separated */
		const char *all = (const char *)sqlite3_column_text(q, 6);
		players.len = winners.len = 0;  /* the buffers are reused row to row */
		sb_add(&players, "");
		sb_add(&winners, "");
		for (const char *p = all; p && *p;) {
			size_t len = strcspn(p, "\x1f");
			if (len > 0) {
				if (players.len)
					sb_addc(&players, '\x1f');
				sb_addn(&players, p + 1, len - 1);
				if (*p == '1') {
					if (winners.len)
						sb_addc(&winners, '\x1f');
					sb_addn(&winners, p + 1, len - 1);
				}
			}
			p += len + (p[len] != '\0');
		}
		struct history_row r = {
			sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 4),
			(const char *)sqlite3_column_text(q, 1), (const char *)sqlite3_column_text(q, 2),
			(const char *)sqlite3_column_text(q, 3), (const char *)sqlite3_column_text(q, 5),
			players.s, winners.s, sqlite3_column_int(q, 7), (const char *)sqlite3_column_text(q, 8),
			(const char *)sqlite3_column_text(q, 9), sqlite3_column_int64(q, 10),
			(const char *)sqlite3_column_text(q, 11),
			sqlite3_column_text(q, 12) ? (const char *)sqlite3_column_text(q, 12) : ""
		};
		if (cb(&r, ctx) != 0)
			break;
	}
	sb_release(&players);
	sb_release(&winners);
	store_finish(s, q);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_error(s, rc, d, "history");
	return ST_OK;
}

enum status
report_seats(struct store *s, const struct query *query,
    int (*cb)(const struct seat_row *r, void *ctx), void *ctx, struct diag *d)
{
	sqlite3_stmt *q = prepare_query(s, query,
	    "SELECT g.id, " STORE_STAT_KIND("g") ", g.started, coalesce(g.night_id, 0), g.status = 'over', x.seat, x.player_id,"
	    " x.total, x.rank, x.winner, x.out, coalesce(x.chips, x.lives), x.start_chips, x.out_by,"
	    " coalesce(x.side, -1) FROM game g JOIN seat x ON x.game_id = g.id",
	    "AND " STATS_COUNTED " ORDER BY g.started, g.id, x.seat", d);
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		struct seat_row r;
		r.game = sqlite3_column_int64(q, 0);
		r.kind = (const char *)sqlite3_column_text(q, 1);
		r.started = (const char *)sqlite3_column_text(q, 2);
		r.night = sqlite3_column_int64(q, 3);
		r.over = sqlite3_column_int(q, 4);
		r.seat = sqlite3_column_int(q, 5);
		r.player = sqlite3_column_int64(q, 6);
		r.total = sqlite3_column_int64(q, 7);
		r.rank = sqlite3_column_int(q, 8);
		r.winner = sqlite3_column_int(q, 9);
		r.out = sqlite3_column_int(q, 10);
		r.has_chips = sqlite3_column_type(q, 11) != SQLITE_NULL;
		r.chips = sqlite3_column_int64(q, 11);
		r.start_chips = sqlite3_column_int64(q, 12);
		r.out_by = sqlite3_column_type(q, 13) == SQLITE_NULL ? -1 : sqlite3_column_int(q, 13);
		r.side = sqlite3_column_int(q, 14);
		if (cb(&r, ctx) != 0)
			break;
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_error(s, rc, d, "stats");
	return ST_OK;
}

enum status
report_hands_played(struct store *s, const struct query *query,
    void (*cb)(long player, const char *kind, long hands, void *ctx), void *ctx, struct diag *d)
{
	sqlite3_stmt *q = prepare_query(s, query,
	    "SELECT x.player_id, " STORE_STAT_KIND("g") ", sum(g.hands) FROM game g JOIN seat x ON x.game_id = g.id",
	    "AND " STATS_COUNTED " AND g.status = 'over' GROUP BY 1, 2", d);
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		cb(sqlite3_column_int64(q, 0), (const char *)sqlite3_column_text(q, 1), sqlite3_column_int64(q, 2), ctx);
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "stats");
	return ST_OK;
}

enum status
report_game_lengths(struct store *s, const struct query *query,
    void (*cb)(const char *kind, long minutes, void *ctx), void *ctx, struct diag *d)
{
	sqlite3_stmt *q = prepare_query(s, query,
	    "SELECT " STORE_STAT_KIND("g") ", " REPORT_PLAYED("g") " FROM game g",
	    "AND " STATS_COUNTED " AND g.status = 'over' AND g.hands >= 2", d);
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		if (sqlite3_column_type(q, 1) != SQLITE_NULL)
			cb((const char *)sqlite3_column_text(q, 0), sqlite3_column_int64(q, 1), ctx);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "stats");
}

void
report_names_free(char **names, long n)
{
	for (long i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

enum status
report_player_names(struct store *s, char ***out, long *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, name FROM player ORDER BY id", d);
	char **v = NULL;
	long cap = 0;
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		long id = sqlite3_column_int64(q, 0);
		if (id >= cap) {
			long nc = id + 64;
			v = xrealloc(v, sizeof *v * (size_t)nc);
			memset(v + cap, 0, sizeof *v * (size_t)(nc - cap));
			cap = nc;
		}
		v[id] = xstrdup((const char *)sqlite3_column_text(q, 1));
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		report_names_free(v, cap);
		return store_error(s, rc, d, "read players");
	}
	*out = v;
	*n = cap;
	return ST_OK;
}

/* The ids a statement yields in its first column, into a heap array. */
static enum status
collect_ids(struct store *s, sqlite3_stmt *q, long **ids, long *n, struct diag *d)
{
	long cap = 0, count = 0;
	long *v = NULL;
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (count == cap) {
			cap = cap ? cap * 2 : 256;
			v = xrealloc(v, sizeof *v * (size_t)cap);
		}
		v[count++] = sqlite3_column_int64(q, 0);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		free(v);
		return store_error(s, rc, d, "read games");
	}
	*ids = v;
	*n = count;
	return ST_OK;
}

enum status
report_game_ids(struct store *s, const struct query *q, long **ids, long *n, struct diag *d)
{
	return collect_ids(s, prepare_query(s, q, "SELECT g.id FROM game g", "ORDER BY g.id", d), ids, n, d);
}

void
report_derived_release(struct stored_derived *x)
{
	free(x->total);
	free(x->chips);
	free(x->lives);
	free(x->out);
	free(x->rank);
	free(x->winner);
	free(x->points);
	free(x->running);
	free(x->hand_chips);
	free(x->kept_seats);
	memset(x, 0, sizeof *x);
}

/* PRAGMA integrity_check on connection db: ok, or the first problem (heap)
 * in *why; the SQLite result code of the step. */
static int
integrity_on(sqlite3 *db, int *ok, char **why)
{
	sqlite3_stmt *q;
	int rc = sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &q, NULL);
	*ok = 1;
	*why = NULL;
	if (rc != SQLITE_OK)
		return rc;
	if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *r = (const char *)sqlite3_column_text(q, 0);
		if (r == NULL || strcmp(r, "ok") != 0) {
			*ok = 0;
			*why = xstrdup(r ? r : "?");
		}
	}
	sqlite3_finalize(q);
	return rc == SQLITE_ROW ? SQLITE_DONE : rc;
}

struct integrity_job {
	pthread_t thread;
	int started;      /* 0: run on the main connection at finish */
	sqlite3 *db;
	int rc, ok;
	char *why;
};

static void *
integrity_thread(void *arg)
{
	struct integrity_job *j = arg;
	j->rc = integrity_on(j->db, &j->ok, &j->why);
	return NULL;
}

/* The check's stream: one cursor per table, each in game order, moved on
 * together. */
struct game_stream {
	struct store *s;
	sqlite3_stmt *games, *seats, *opts, *hands, *scores;
	int seats_rc, opts_rc, hands_rc, scores_rc;   /* SQLITE_ROW: the cursor is on a row */
};

/* Step q (whose rc is *rc) past the rows of games before id. */
static void
skip_to(sqlite3_stmt *q, int *rc, long id)
{
	while (*rc == SQLITE_ROW && sqlite3_column_int64(q, 0) < id)
		*rc = sqlite3_step(q);
}

enum status
report_stream_open(struct store *s, const struct query *q, long lo, long hi, struct game_stream **out,
    struct diag *d)
{
	struct game_stream *gs = xcalloc(1, sizeof *gs);
	struct where w = {0};
	long ids[64];
	gs->s = s;
	*out = NULL;
	if (q->n > 32) {
		free(gs);
		return diag_set(d, ST_USAGE, NULL, NULL, "query", "at most 32 query terms");
	}
	/* the games of the query with ids lo..hi; every other cursor reads only
	 * that range too */
	/* deleted games are checked too: they are kept whole */
	struct query every = *q;
	every.deleted = 2;
	if (build_where(s, &every, &w, ids, d) == ST_OK) {
		char *sql = xasprintf("SELECT g.id, g.kind, g.dealer, g.closed, g.hands, g.seats FROM game g WHERE %s"
		    " AND g.id BETWEEN ? AND ? ORDER BY g.id", w.sql.s);
		if ((gs->games = store_prep(s, sql, d)) != NULL) {
			apply_binds(gs->games, &w, 1);
			sqlite3_bind_int64(gs->games, w.n + 1, lo);
			sqlite3_bind_int64(gs->games, w.n + 2, hi);
		}
		free(sql);
	}
	where_free(&w);
	if (gs->games == NULL ||
	    (gs->seats = store_prep(s, "SELECT x.game_id, p.name, x.total, coalesce(x.chips, -1),"
	    " coalesce(x.lives, -1), x.out, coalesce(x.rank, 0), x.winner, x.joined, x.join_total FROM seat x"
	    " JOIN player p ON p.id = x.player_id WHERE x.game_id BETWEEN ?1 AND ?2 ORDER BY x.game_id, x.seat", d)) == NULL ||
	    /* in rowid order (+game_id: no index), a fifth of the time of the
	     * index's order; a game's options are written together, right after
	     * the game, so they come in game order (next() looks up any that
	     * do not) */
	    (gs->opts = store_prep(s, "SELECT game_id, key, value, is_set FROM game_option"
	    " WHERE +game_id BETWEEN ?1 AND ?2", d)) == NULL ||
	    (gs->hands = store_prep(s, "SELECT game_id, number, entry FROM hand WHERE game_id BETWEEN ?1 AND ?2"
	    " AND undone = 0 ORDER BY game_id, number", d)) == NULL ||
	    /* undone hands have no scores; the index on (game_id, number) covers h */
	    (gs->scores = store_prep(s, "SELECT h.game_id, h.number, c.seat, c.points, c.total,"
	    " coalesce(c.chips, c.lives, -1) FROM hand h JOIN hand_score c ON c.hand_id = h.id"
	    " WHERE h.game_id BETWEEN ?1 AND ?2 ORDER BY h.game_id, h.number, c.seat", d)) == NULL) {
		report_stream_close(gs);
		return d->status;
	}
	sqlite3_stmt *cursors[] = { gs->seats, gs->opts, gs->hands, gs->scores };
	for (int i = 0; i < 4; i++) {
		sqlite3_bind_int64(cursors[i], 1, lo);
		sqlite3_bind_int64(cursors[i], 2, hi);
	}
	gs->seats_rc = sqlite3_step(gs->seats);
	gs->opts_rc = sqlite3_step(gs->opts);
	gs->hands_rc = sqlite3_step(gs->hands);
	gs->scores_rc = sqlite3_step(gs->scores);
	*out = gs;
	return ST_OK;
}

enum status
report_game_span(struct store *s, long *lo, long *hi, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT coalesce(min(id), 1), coalesce(max(id), 0) FROM game", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*lo = sqlite3_column_int64(q, 0);
		*hi = sqlite3_column_int64(q, 1);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read games");
}

void
report_stream_close(struct game_stream *gs)
{
	if (gs == NULL)
		return;
	store_finish(gs->s, gs->games);
	store_finish(gs->s, gs->seats);
	store_finish(gs->s, gs->opts);
	store_finish(gs->s, gs->hands);
	store_finish(gs->s, gs->scores);
	free(gs);
}

static int
stream_rc_ok(int rc)
{
	return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/* The seats of g (the stream's seat cursor at g) into g->names and x. */
static void
stream_seats(struct game_stream *gs, struct stored_game *g, struct stored_derived *x)
{
	sqlite3_stmt *q = gs->seats;
	int n = 0;
	for (skip_to(q, &gs->seats_rc, g->id); gs->seats_rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->id;
	    gs->seats_rc = sqlite3_step(q), n++) {
		g->names = xrealloc(g->names, sizeof *g->names * (size_t)(n + 1));
		g->names[n] = xstrdup((const char *)sqlite3_column_text(q, 1));
		g->nplayers = n + 1;
		x->total = xrealloc(x->total, sizeof(long) * (size_t)(n + 1));
		x->chips = xrealloc(x->chips, sizeof(long) * (size_t)(n + 1));
		x->lives = xrealloc(x->lives, sizeof(long) * (size_t)(n + 1));
		x->out = xrealloc(x->out, sizeof(int) * (size_t)(n + 1));
		x->rank = xrealloc(x->rank, sizeof(int) * (size_t)(n + 1));
		x->winner = xrealloc(x->winner, sizeof(int) * (size_t)(n + 1));
		x->total[n] = sqlite3_column_int64(q, 2);
		x->chips[n] = sqlite3_column_int64(q, 3);
		x->lives[n] = sqlite3_column_int64(q, 4);
		x->out[n] = sqlite3_column_int(q, 5);
		x->rank[n] = sqlite3_column_int(q, 6);
		x->winner[n] = sqlite3_column_int(q, 7);
		/* a late arrival (schema 17), for the replay */
		if (sqlite3_column_type(q, 8) != SQLITE_NULL && g->joined == NULL) {
			g->joined = xcalloc((size_t)n + 1, sizeof *g->joined);
			g->join_total = xcalloc((size_t)n + 1, sizeof *g->join_total);
		} else if (g->joined) {
			g->joined = xrealloc(g->joined, sizeof *g->joined * (size_t)(n + 1));
			g->join_total = xrealloc(g->join_total, sizeof *g->join_total * (size_t)(n + 1));
		}
		if (g->joined) {
			g->joined[n] = sqlite3_column_int(q, 8);
			g->join_total[n] = sqlite3_column_type(q, 9) == SQLITE_NULL ? JOIN_BY_RULE : sqlite3_column_int64(q, 9);
		}
	}
	x->nplayers = n;
}

/* The options of g: from the stream's cursor when they are where game
 * order has them, else asked for. */
static enum status
stream_options(struct game_stream *gs, struct stored_game *g, struct diag *d)
{
	sqlite3_stmt *q = gs->opts;
	skip_to(q, &gs->opts_rc, g->id);
	if (gs->opts_rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->id) {
		for (; gs->opts_rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->id; gs->opts_rc = sqlite3_step(q))
			options_put(&g->opts, (const char *)sqlite3_column_text(q, 1),
			    (const char *)sqlite3_column_text(q, 2), sqlite3_column_int(q, 3));
		return ST_OK;
	}
	/* not where game order would have it: ask for them */
	sqlite3_stmt *one = store_prep(gs->s, "SELECT key, value, is_set FROM game_option WHERE game_id = ?"
	    " ORDER BY rowid", d);
	int orc;
	if (one == NULL)
		return d->status;
	sqlite3_bind_int64(one, 1, g->id);
	while ((orc = sqlite3_step(one)) == SQLITE_ROW)
		options_put(&g->opts, (const char *)sqlite3_column_text(one, 0),
		    (const char *)sqlite3_column_text(one, 1), sqlite3_column_int(one, 2));
	store_finish(gs->s, one);
	return orc == SQLITE_DONE ? ST_OK : store_error(gs->s, orc, d, "check");
}

/* The live hands' entries of g, then their stored scores into x
 * (x->nhands: the last hand with any). */
static void
stream_hands(struct game_stream *gs, struct stored_game *g, struct stored_derived *x)
{
	sqlite3_stmt *q = gs->hands;
	int n = x->nplayers;
	for (skip_to(q, &gs->hands_rc, g->id); gs->hands_rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->id;
	    gs->hands_rc = sqlite3_step(q)) {
		g->entries = xrealloc(g->entries, sizeof *g->entries * (size_t)(g->nhands + 1));
		g->recorded = xrealloc(g->recorded, sizeof *g->recorded * (size_t)(g->nhands + 1));
		g->entries[g->nhands] = xstrdup((const char *)sqlite3_column_text(q, 2));
		g->recorded[g->nhands++] = NULL;
	}
	q = gs->scores;
	for (skip_to(q, &gs->scores_rc, g->id); gs->scores_rc == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->id;
	    gs->scores_rc = sqlite3_step(q)) {
		int h = sqlite3_column_int(q, 1), seat = sqlite3_column_int(q, 2);
		if (h > x->nhands) {
			size_t cells = (size_t)h * (size_t)(n ? n : 1);
			x->points = xrealloc(x->points, sizeof(long) * cells);
			x->running = xrealloc(x->running, sizeof(long) * cells);
			x->hand_chips = xrealloc(x->hand_chips, sizeof(long) * cells);
			for (size_t k = (size_t)x->nhands * (size_t)n; k < cells; k++)
				x->points[k] = x->running[k] = x->hand_chips[k] = -999999;
			x->nhands = h;
		}
		if (seat < 0 || seat >= n)
			continue;
		size_t k = (size_t)(h - 1) * (size_t)n + (size_t)seat;
		x->points[k] = sqlite3_column_int64(q, 3);
		x->running[k] = sqlite3_column_int64(q, 4);
		x->hand_chips[k] = sqlite3_column_int64(q, 5);
	}
}

enum status
report_stream_next(struct game_stream *gs, struct stored_game **out, struct stored_derived *x, struct diag *d)
{
	int rc = sqlite3_step(gs->games);
	enum status r;
	*out = NULL;
	memset(x, 0, sizeof *x);
	if (rc == SQLITE_DONE)
		return ST_OK;
	if (rc != SQLITE_ROW)
		return store_error(gs->s, rc, d, "check");
	struct stored_game *g = xcalloc(1, sizeof *g);
	g->id = sqlite3_column_int64(gs->games, 0);
	g->kind = xstrdup((const char *)sqlite3_column_text(gs->games, 1));
	g->dealer = sqlite3_column_int(gs->games, 2);
	g->closed = sqlite3_column_int(gs->games, 3);
	x->kept_hands = sqlite3_column_int(gs->games, 4);
	x->kept_seats = xstrdup(sqlite3_column_type(gs->games, 5) == SQLITE_NULL ? ""
	    : (const char *)sqlite3_column_text(gs->games, 5));
	stream_seats(gs, g, x);
	if ((r = stream_options(gs, g, d)) != ST_OK) {
		stored_game_free(g);
		report_derived_release(x);
		return r;
	}
	stream_hands(gs, g, x);
	const int rcs[] = { gs->seats_rc, gs->opts_rc, gs->hands_rc, gs->scores_rc };
	for (int i = 0; i < (int)ARRAY_LEN(rcs); i++)
		if (!stream_rc_ok(rcs[i])) {
			stored_game_free(g);
			report_derived_release(x);
			return store_error(gs->s, rcs[i], d, "check");
		}
	*out = g;
	return ST_OK;
}

enum status
report_integrity_start(struct store *s, struct integrity_job **out, struct diag *d)
{
	struct integrity_job *j = xcalloc(1, sizeof *j);
	(void)d;
	*out = j;
	/* a connection of its own, so the check runs beside the replay; a file
	 * that cannot be opened twice (read-only WAL) is checked at the end */
	if (sqlite3_open_v2(store_path(s), &j->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK) {
		sqlite3_busy_timeout(j->db, 10000);
		j->started = pthread_create(&j->thread, NULL, integrity_thread, j) == 0;
	}
	if (!j->started && j->db) {
		sqlite3_close(j->db);
		j->db = NULL;
	}
	return ST_OK;
}

enum status
report_integrity_finish(struct store *s, struct integrity_job *j, int *ok, char **why, struct diag *d)
{
	int rc;
	if (j->started) {
		pthread_join(j->thread, NULL);
		sqlite3_close(j->db);
		rc = j->rc;
		*ok = j->ok;
		*why = j->why;
		if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
			free(*why);
			*why = NULL;
			rc = integrity_on(store_db(s), ok, why);  /* as the main connection sees it */
		}
	} else
		rc = integrity_on(store_db(s), ok, why);
	free(j);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_error(s, rc, d, "integrity check");
	return ST_OK;
}

enum status
report_night(struct store *s, long night, struct night_info *info, long **games, int *n,
    struct diag *d)
{
	/* the club night, as one: its first night's id and the start of the
	 * earliest, open while any table's is; its note the night's own (a
	 * note merges night by night, cmd/cmd-import.c rule 6), else the
	 * first its club night's nights have */
	sqlite3_stmt *q = store_prep(s, "SELECT min(m.id), min(m.name), min(m.started),"
	    " CASE WHEN count(m.ended) = count(*) THEN max(m.ended) END,"
	    " coalesce((SELECT note FROM night WHERE id = ?1), (SELECT x.note FROM night x WHERE " REPORT_CLUB_NIGHT("x")
	    "  = (SELECT " REPORT_CLUB_NIGHT("k") " FROM night k WHERE k.id = ?1) AND x.note IS NOT NULL ORDER BY x.id LIMIT 1))"
	    " FROM night m WHERE " REPORT_CLUB_NIGHT("m") " = (SELECT " REPORT_CLUB_NIGHT("k") " FROM night k WHERE k.id = ?1)"
	    " HAVING count(*) > 0", d);
	int rc, count = 0;
	long *v = NULL;
	if (q == NULL)
		return d->status;
	memset(info, 0, sizeof *info);
	sqlite3_bind_int64(q, 1, night);
	rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		info->id = sqlite3_column_int64(q, 0);
		info->name = xstrdup((const char *)sqlite3_column_text(q, 1));
		info->started = xstrdup((const char *)sqlite3_column_text(q, 2));
		info->ended = store_col_text(q, 3);
		info->note = store_col_text(q, 4);
	}
	store_finish(s, q);
	if (rc == SQLITE_DONE)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "night", "no night %ld", night);
	if (rc != SQLITE_ROW)
		return store_error(s, rc, d, "read night");
	/* every game not deleted, those with no hands too: the report lists
	 * them as not played; and every game of the club night, that is of
	 * any table's night of the same evening and name (REPORT_CLUB_NIGHT) */
	if ((q = store_prep(s, "SELECT g.id FROM game g WHERE g.deleted IS NULL AND " NIGHT_GAMES("?1")
	    " ORDER BY g.started, g.id", d)) == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		v = xrealloc(v, sizeof *v * (size_t)(count + 1));
		v[count++] = sqlite3_column_int64(q, 0);
	}
	store_finish(s, q);
	info->ngames = count;
	*games = v;
	*n = count;
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read night");
	/* its play: from the first game with a hand (a game continued here:
	 * its first hand here) to the last hand, of the hands played on the
	 * night: a game continued on a later night plays there, not here
	 * (core/when.h when_sittings) */
	if ((q = store_prep(s, NIGHT_HANDS "SELECT min(CASE WHEN hh.own THEN g.started ELSE hh.t END), max(hh.t), count(*)"
	    " FROM hh JOIN game g ON g.id = hh.game", d)) == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		info->first = store_col_text(q, 0);
		info->last = store_col_text(q, 1);
		info->hands = sqlite3_column_int64(q, 2);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read night");
}

/* The night a hand recorded at t (SQL, stored form) of a game of night n
 * (an alias) is played on, by its id: NIGHT_HANDS's rule.  A night of t's
 * evening started at most two days before t: the range keeps the search
 * to a few nights before it reads the local date of any. */
#define HAND_NIGHT(t, n) "coalesce(CASE WHEN " REPORT_EVENING(t) " <> " REPORT_EVENING(n ".started") \
	" THEN (SELECT m.id FROM night m WHERE m.started <= " t " AND m.started > strftime('%Y-%m-%dT%H:%M:%SZ', " t \
	", '-2 days') AND " REPORT_EVENING("m.started") " = " REPORT_EVENING(t) \
	" ORDER BY m.started DESC, m.id DESC LIMIT 1) END, " n ".id)"
/* The key of night id's club night (report_club_night): the first of the
 * nights of its name started within two days of it on its evening. */
#define CLUB_KEY(id) "(SELECT min(x.id) FROM night y JOIN night x ON x.name = y.name" \
	" AND x.started > strftime('%Y-%m-%dT%H:%M:%SZ', y.started, '-2 days')" \
	" AND x.started < strftime('%Y-%m-%dT%H:%M:%SZ', y.started, '+2 days')" \
	" WHERE y.id = " id " AND " REPORT_CLUB_NIGHT("x") " = " REPORT_CLUB_NIGHT("y") ")"

enum status
report_night_sitting(struct store *s, long night, long game, struct night_sitting *out, struct diag *d)
{
	/* hn: each live hand, its place among them (1-based, hand order) and
	 * the night it was played on; here: those of night's club night */
	sqlite3_stmt *q = store_prep(s, "WITH hn(t, night, pos) AS (SELECT h.recorded, " HAND_NIGHT("h.recorded", "n")
	    ", row_number() OVER (ORDER BY h.number)"
	    " FROM game g JOIN night n ON n.id = g.night_id JOIN hand h ON h.game_id = g.id AND h.undone = 0"
	    " WHERE g.id = ?2),"
	    " k(c) AS (SELECT " REPORT_CLUB_NIGHT("k") " FROM night k WHERE k.id = ?1),"
	    " here(pos) AS (SELECT hn.pos FROM hn JOIN night m ON m.id = hn.night, k WHERE " REPORT_CLUB_NIGHT("m") " = k.c)"
	    " SELECT home, (SELECT name FROM night WHERE id = home),"
	    " (SELECT count(*) FROM here),"
	    " last, (SELECT name FROM night WHERE id = last),"
	    " (SELECT coalesce(min(pos), 0) FROM here), (SELECT coalesce(max(pos), 0) FROM here)"
	    " FROM (SELECT " CLUB_KEY("g.night_id") " AS home, " CLUB_KEY("coalesce((SELECT hn.night FROM hn"
	    " ORDER BY hn.t DESC LIMIT 1), g.night_id)") " AS last FROM game g WHERE g.id = ?2)", d);
	memset(out, 0, sizeof *out);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	sqlite3_bind_int64(q, 2, game);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		out->home = sqlite3_column_int64(q, 0);
		out->home_name = store_col_text(q, 1);
		out->here = sqlite3_column_int64(q, 2);
		out->last = sqlite3_column_int64(q, 3);
		out->last_name = store_col_text(q, 4);
		out->first_hand = sqlite3_column_int64(q, 5);
		out->last_hand = sqlite3_column_int64(q, 6);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read night");
}

void
report_sitting_release(struct night_sitting *x)
{
	free(x->home_name);
	free(x->last_name);
	memset(x, 0, sizeof *x);
}

enum status
report_uid_exists(struct store *s, const char *uid, int *exists, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT 1 FROM game WHERE uid = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, uid, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	*exists = rc == SQLITE_ROW;
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read games");
}

enum status
report_night_by_key(struct store *s, const char *uid, const char *name, const char *started, long *id,
    char **note, struct diag *d)
{
	/* a night is the one with its uid; an export without night uids (before
	 * schema 8) can only say name and start */
	sqlite3_stmt *q = store_prep(s, uid ? "SELECT id, note FROM night WHERE uid = ?1"
	    : "SELECT id, note FROM night WHERE name = ?2 AND started = ?3", d);
	*id = 0;
	*note = NULL;
	if (q == NULL)
		return d->status;
	if (uid)
		sqlite3_bind_text(q, 1, uid, -1, SQLITE_TRANSIENT);
	else {
		sqlite3_bind_text(q, 2, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 3, started, -1, SQLITE_TRANSIENT);
	}
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(q, 0);
		*note = store_col_text(q, 1);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read nights");
}

enum status
report_night_end_later(struct store *s, long id, const char *ended, int *moved, struct diag *d)
{
	*moved = 0;
	sqlite3_stmt *q = store_prep(s, "UPDATE night SET ended = ?1 WHERE id = ?2 AND ended IS NOT NULL AND ended < ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, ended, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(q, 2, id);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_DONE)
		*moved = sqlite3_changes(store_db(s)) > 0;
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write nights");
}

enum status
report_import_night(struct store *s, const char *uid, const char *name, const char *started,
    const char *ended, const char *note, long *id, int *made, struct diag *d)
{
	char *here = NULL;
	*made = 0;
	if (report_night_by_key(s, uid, name, started, id, &here, d) != ST_OK)
		return d->status;
	free(here);
	if (*id)
		return ST_OK;
	sqlite3_stmt *q = store_prep(s, "INSERT INTO night (name, started, ended, uid, note)"
	    " VALUES (?, ?, ?, coalesce(?, lower(hex(randomblob(16)))), ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, started, -1, SQLITE_TRANSIENT);
	store_bind_text(q, 3, ended);
	store_bind_text(q, 4, uid);
	store_bind_text(q, 5, note);
	int rc = sqlite3_step(q);
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "write nights");
	*id = store_last_id(s);
	*made = 1;
	return ST_OK;
}
