/* SPDX-License-Identifier: ISC */
/*
 * ratings.c: the games the ratings are derived from: every
 * finished game in time order, each player's place, grouped by kind as the
 * statistics group them (pads by title).  See report.h.
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c only; stats.c keeps the ratings with the
 * statistics (so every write of a game reaches them through write.c's
 * one writer), store.c's migration creates them.
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
	long id, night;
	struct rating_part seat[STAT_MAX_SEATS];  /* each seat's own player, weight 1 */
};

/*
 * The substitutes of finished games (seat_sub: who played a seat from
 * which hand on, `tally sub`), with each game's live hands, by game id.
 * A seat played in turn counts each of its players by the share of the
 * game's hands they played (core/rating.h, partial play).
 */
struct sub_row {
	long game, player;
	int seat, hand, hands;
};
struct sub_rows {
	long n;
	struct sub_row *r;  /* by game, seat, hand */
};

static enum status
sub_rows_read(struct store *s, long game, struct sub_rows *out, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT x.game_id, x.seat, x.hand, x.player_id,"
	    " (SELECT count(*) FROM hand h WHERE h.game_id = x.game_id AND h.undone = 0)"
	    " FROM seat_sub x WHERE ?1 = 0 OR x.game_id = ?1 ORDER BY x.game_id, x.seat, x.hand", d);
	long cap = 0;
	int rc;
	memset(out, 0, sizeof *out);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (out->n == cap) {
			cap = cap ? cap * 2 : 8;
			out->r = xrealloc(out->r, sizeof *out->r * (size_t)cap);
		}
		struct sub_row *x = &out->r[out->n++];
		x->game = sqlite3_column_int64(q, 0);
		x->seat = sqlite3_column_int(q, 1);
		x->hand = sqlite3_column_int(q, 2);
		x->player = sqlite3_column_int64(q, 3);
		x->hands = sqlite3_column_int(q, 4);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		free(out->r);
		memset(out, 0, sizeof *out);
		return store_error(s, rc, d, "read substitutes");
	}
	return ST_OK;
}

/* Add hands played by player in a seat to the parts (one per player). */
static void
part_add(struct rating_part *p, int *n, const struct rating_part *seat, long player, int hands)
{
	if (hands <= 0)
		return;
	for (int i = 0; i < *n; i++)
		if (p[i].player == player && p[i].seat == seat->seat) {
			p[i].weight += hands;
			return;
		}
	p[*n] = *seat;
	p[*n].player = player;
	p[(*n)++].weight = hands;
}

/*
 * The parts of game id, whose seats (own players, weight 1) are
 * seat[0..n-1]: the seats with no substitute as they are, each other
 * seat's players by their share of the live hands (a seat given back,
 * `tally sub NEW OLD`, counts its player's hands before and after).
 * Heap, n_out entries; the caller frees it.
 */
static struct rating_part *
game_parts(const struct sub_rows *subs, long id, const struct rating_part *seat, int n, int *n_out)
{
	long lo = 0, hi = subs->n;
	while (lo < hi) {  /* the first row of game id */
		long mid = (lo + hi) / 2;
		if (subs->r[mid].game < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	int cap = n;
	for (long k = lo; k < subs->n && subs->r[k].game == id; k++)
		cap++;
	struct rating_part *p = xmalloc(sizeof *p * (size_t)(cap > 0 ? cap : 1));
	*n_out = 0;
	for (int i = 0; i < n; i++) {
		long k = lo, now = seat[i].player;
		while (k < subs->n && subs->r[k].game == id && subs->r[k].seat < seat[i].seat)
			k++;
		if (k >= subs->n || subs->r[k].game != id || subs->r[k].seat != seat[i].seat || subs->r[k].hands == 0) {
			p[(*n_out)++] = seat[i];
			continue;
		}
		int hands = subs->r[k].hands, from = 1, first = *n_out;
		for (; k < subs->n && subs->r[k].game == id && subs->r[k].seat == seat[i].seat; k++) {
			const struct sub_row *x = &subs->r[k];
			if (x->hand > hands)
				break;
			part_add(p, n_out, &seat[i], now, x->hand - from);
			now = x->player;
			from = x->hand;
		}
		part_add(p, n_out, &seat[i], now, hands + 1 - from);
		for (int j = first; j < *n_out; j++)
			p[j].weight /= hands;
	}
	return p;
}

static int
cmp_uid(const void *a, const void *b)
{
	return strcmp(((const struct rated_game *)a)->uid, ((const struct rated_game *)b)->uid);
}

/* Feed the games that started at one time, in uid order. */
static void
flush(struct rating_book *b, struct rated_game *g, int n, const char *started, const struct sub_rows *subs,
    long *nseats)
{
	long before = *nseats;
	if (n > 1)
		qsort(g, (size_t)n, sizeof *g, cmp_uid);
	for (int i = 0; i < n; i++)
		if (g[i].kind >= 0 && g[i].n >= 2) {
			int np;
			struct rating_part *p = game_parts(subs, g[i].id, g[i].seat, g[i].n, &np);
			rating_book_game(b, g[i].kind, g[i].night, p, np);
			free(p);
			snprintf(b->last_uid, sizeof b->last_uid, "%s", g[i].uid);
			*nseats += np;
		}
	if (*nseats > before)
		snprintf(b->last_started, sizeof b->last_started, "%s", started);
}

/*
 * A club night (db/report.h REPORT_CLUB_NIGHT: one evening, one name,
 * whichever table kept it) is one night for the ratings' "last night" and
 * a night's rating changes.  Its key is the smallest id of its nights.
 */
struct night_keys {
	long n;
	long *id, *key;  /* sorted by id */
};

static void
night_keys_free(struct night_keys *k)
{
	free(k->id);
	free(k->key);
}

static enum status
night_keys_read(struct store *s, struct night_keys *k, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, " REPORT_CLUB_NIGHT("n") " FROM night n ORDER BY id", d);
	char **date = NULL;
	long cap = 0;
	int rc;
	memset(k, 0, sizeof *k);
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (k->n == cap) {
			cap = cap ? cap * 2 : 16;
			k->id = xrealloc(k->id, sizeof *k->id * (size_t)cap);
			k->key = xrealloc(k->key, sizeof *k->key * (size_t)cap);
			date = xrealloc(date, sizeof *date * (size_t)cap);
		}
		const char *club = (const char *)sqlite3_column_text(q, 1);
		k->id[k->n] = sqlite3_column_int64(q, 0);
		date[k->n] = xstrdup(club ? club : "");
		/* the first night of that evening by id keys it */
		k->key[k->n] = k->id[k->n];
		for (long j = 0; j < k->n; j++)
			if (strcmp(date[j], date[k->n]) == 0) {
				k->key[k->n] = k->key[j];
				break;
			}
		k->n++;
	}
	store_finish(s, q);
	for (long j = 0; j < k->n; j++)
		free(date[j]);
	free(date);
	if (rc != SQLITE_DONE) {
		night_keys_free(k);
		return store_error(s, rc, d, "read nights");
	}
	return ST_OK;
}

static long
night_key(const struct night_keys *k, long id)
{
	long lo = 0, hi = k->n - 1;
	while (lo <= hi) {
		long mid = (lo + hi) / 2;
		if (k->id[mid] == id)
			return k->key[mid];
		if (k->id[mid] < id)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return id;
}

enum status
report_club_night(struct store *s, long night, long *key, struct diag *d)
{
	struct night_keys k;
	enum status r = night_keys_read(s, &k, d);
	*key = night;
	if (r == ST_OK)
		*key = night == 0 ? 0 : night_key(&k, night);
	night_keys_free(&k);
	return r;
}

/* The club's tau (db/club.c's setting; 0 when not set or not a number). */
static double
club_tau(struct store *s)
{
	struct diag d = {0};
	double tau = 0;
	sqlite3_stmt *q = store_prep(s, "SELECT value FROM meta WHERE key = 'tau'", &d);
	if (q && sqlite3_step(q) == SQLITE_ROW)
		tau = sqlite3_column_double(q, 0);
	if (q)
		store_finish(s, q);
	diag_clear(&d);
	return tau > 0 && tau < 100 ? tau : 0;
}

enum status
store_ratings_again(struct store *s, struct diag *d)
{
	return ratings_rebuild(s, d);
}

enum status
report_ratings(struct store *s, struct rating_book *b, long *nseats, struct diag *d)
{
	return report_ratings_until(s, b, NULL, nseats, d);
}

enum status
report_ratings_until(struct store *s, struct rating_book *b, const char *before, long *nseats, struct diag *d)
{
	/* Time order: started, then uid, so that the same games imported in
	 * any order (different ids) rate the same.  The statement reads in
	 * (started, id) order, which the index on started gives without a
	 * sort; games that started at the same moment are put in uid order
	 * here.  seat.rank is the game's ranking: winners first, eliminated
	 * players by order of elimination (core/replay.c rules_rank). */
	sqlite3_stmt *q = store_prep(s, "SELECT g.id, " STORE_STAT_KIND("g") ", coalesce(g.night_id, 0),"
	    " x.player_id, coalesce(x.rank, 1), g.uid, g.started, coalesce(x.side, -1), x.seat FROM game g"
	    " JOIN seat x ON x.game_id = g.id"
	    " WHERE g.status = 'over' AND " STATS_COUNTED " AND (?1 IS NULL OR g.started < ?1)"
	    " ORDER BY g.started, g.id, x.seat", d);
	struct rated_game *buf = NULL;
	struct night_keys keys;
	struct sub_rows subs;
	int nbuf = 0, cap = 0, rc;
	long game = -1;
	char started[40] = "";
	*nseats = 0;
	if (q == NULL)
		return d->status;
	store_bind_text(q, 1, before);
	b->tau = club_tau(s);
	if (night_keys_read(s, &keys, d) != ST_OK) {
		store_finish(s, q);
		return d->status;
	}
	if (sub_rows_read(s, 0, &subs, d) != ST_OK) {
		night_keys_free(&keys);
		store_finish(s, q);
		return d->status;
	}
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (sqlite3_column_int64(q, 0) != game) {
			const char *when = (const char *)sqlite3_column_text(q, 6);
			if (nbuf > 0 && strcmp(when, started) != 0) {
				flush(b, buf, nbuf, started, &subs, nseats);
				nbuf = 0;
			}
			snprintf(started, sizeof started, "%s", when);
			if (nbuf == cap) {
				cap = cap ? cap * 2 : 4;
				buf = xrealloc(buf, sizeof *buf * (size_t)cap);
			}
			struct rated_game *g = &buf[nbuf++];
			game = sqlite3_column_int64(q, 0);
			g->id = game;
			snprintf(g->uid, sizeof g->uid, "%s", (const char *)sqlite3_column_text(q, 5));
			g->kind = statbook_kind((const char *)sqlite3_column_text(q, 1));
			g->night = night_key(&keys, sqlite3_column_int64(q, 2));
			g->n = 0;
		}
		struct rated_game *g = &buf[nbuf - 1];
		if (g->n < STAT_MAX_SEATS) {
			struct rating_part *p = &g->seat[g->n++];
			p->player = sqlite3_column_int64(q, 3);
			p->side = sqlite3_column_int(q, 7);
			p->rank = sqlite3_column_int(q, 4);
			p->seat = sqlite3_column_int(q, 8);
			p->weight = 1.0;
		}
	}
	store_finish(s, q);
	if (rc == SQLITE_DONE)
		flush(b, buf, nbuf, started, &subs, nseats);
	free(subs.r);
	free(buf);
	night_keys_free(&keys);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "ratings");
}

/* Run one statement with no rows; ST_OK or the error. */
static enum status
exec_one(struct store *s, const char *sql, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write ratings");
}

/* Write one line of the kept ratings (insert or replace). */
static enum status
put_rating(struct store *s, const struct rating_entry *e, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO rating (player_id, kind, mu, sigma, games, night,"
	    " before_mu, before_sigma, after_mu, after_sigma) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, e->player);
	sqlite3_bind_text(q, 2, statbook_kind_name(e->kind), -1, SQLITE_STATIC);
	sqlite3_bind_double(q, 3, e->now.mu);
	sqlite3_bind_double(q, 4, e->now.sigma);
	sqlite3_bind_int64(q, 5, e->games);
	sqlite3_bind_int64(q, 6, e->mark_night);
	sqlite3_bind_double(q, 7, e->before.mu);
	sqlite3_bind_double(q, 8, e->before.sigma);
	sqlite3_bind_double(q, 9, e->after.mu);
	sqlite3_bind_double(q, 10, e->after.sigma);
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write ratings");
}

static enum status
put_state(struct store *s, const char *started, const char *uid, long night, long seats, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO rating_state (id, started, uid, night, seats)"
	    " VALUES (1, ?1, ?2, ?3, ?4)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, started, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, uid, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(q, 3, night);
	sqlite3_bind_int64(q, 4, seats);
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write ratings");
}

/* The kept state: *found 0 when the ratings are not kept yet. */
static enum status
get_state(struct store *s, char *started, char *uid, size_t size, long *night, long *seats, int *found,
    struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT started, uid, night, seats FROM rating_state WHERE id = 1", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	*found = rc == SQLITE_ROW;
	if (*found) {
		snprintf(started, size, "%s", (const char *)sqlite3_column_text(q, 0));
		snprintf(uid, size, "%s", (const char *)sqlite3_column_text(q, 1));
		*night = sqlite3_column_int64(q, 2);
		*seats = sqlite3_column_int64(q, 3);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read ratings");
}

/* Read the kept lines into b (those of player only, when player >= 0). */
static enum status
get_lines(struct store *s, struct rating_book *b, long player, int kind, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, player >= 0
	    ? "SELECT player_id, kind, mu, sigma, games, night, before_mu, before_sigma, after_mu, after_sigma"
	      " FROM rating WHERE player_id = ?1 AND kind = ?2"
	    : "SELECT player_id, kind, mu, sigma, games, night, before_mu, before_sigma, after_mu, after_sigma"
	      " FROM rating", d);
	int rc;
	if (q == NULL)
		return d->status;
	if (player >= 0) {
		sqlite3_bind_int64(q, 1, player);
		sqlite3_bind_text(q, 2, statbook_kind_name(kind), -1, SQLITE_STATIC);
	}
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int k = statbook_kind((const char *)sqlite3_column_text(q, 1));
		if (k < 0)
			continue;
		struct rating_entry *e = rating_book_entry(b, sqlite3_column_int64(q, 0), k);
		e->now.mu = sqlite3_column_double(q, 2);
		e->now.sigma = sqlite3_column_double(q, 3);
		e->games = sqlite3_column_int64(q, 4);
		e->mark_night = sqlite3_column_int64(q, 5);
		e->before.mu = sqlite3_column_double(q, 6);
		e->before.sigma = sqlite3_column_double(q, 7);
		e->after.mu = sqlite3_column_double(q, 8);
		e->after.sigma = sqlite3_column_double(q, 9);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read ratings");
}

enum status
report_ratings_kept(struct store *s, struct rating_book *b, long *nseats, int *kept, struct diag *d)
{
	char started[80], uid[80];
	long night = 0;
	enum status r = get_state(s, started, uid, sizeof started, &night, nseats, kept, d);
	if (r != ST_OK || !*kept)
		return r;
	b->last_night = night;
	snprintf(b->last_started, sizeof b->last_started, "%s", started);
	snprintf(b->last_uid, sizeof b->last_uid, "%s", uid);
	return get_lines(s, b, -1, 0, d);
}

enum status
ratings_put_all(struct store *s, const struct rating_book *b, long nseats, struct diag *d)
{
	enum status r = exec_one(s, "DELETE FROM rating", d);
	for (long i = 0; r == ST_OK && i < b->n; i++)
		r = put_rating(s, &b->e[i], d);
	if (r == ST_OK)
		r = put_state(s, b->last_started, b->last_uid, b->last_night, nseats, d);
	return r;
}

enum status
ratings_rebuild(struct store *s, struct diag *d)
{
	struct rating_book b;
	long nseats = 0;
	enum status r;
	rating_book_init(&b, 0);
	if ((r = report_ratings(s, &b, &nseats, d)) == ST_OK)
		r = ratings_put_all(s, &b, nseats, d);
	rating_book_release(&b);
	return r;
}

enum status
ratings_apply(struct store *s, const struct stat_game *old, const struct stat_game *g, const char *started,
    struct diag *d)
{
	int was = old && old->over && old->n >= 2, now = g->over && g->n >= 2 && g->kind >= 0;
	char last[80], last_uid[80], uid[80] = "";
	long night = 0, seats = 0;
	int found = 0;
	enum status r;
	if ((!was && !now) || s->ratings_stale)
		return ST_OK;
	if ((r = get_state(s, last, last_uid, sizeof last, &night, &seats, &found, d)) != ST_OK)
		return r;
	sqlite3_stmt *q = store_prep(s, "SELECT uid FROM game WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	if (sqlite3_step(q) == SQLITE_ROW)
		snprintf(uid, sizeof uid, "%s", (const char *)sqlite3_column_text(q, 0));
	store_finish(s, q);
	/* a game that finishes after every game rated so far is added to its
	 * players' lines (rating_book_game, as a rebuild would feed it last);
	 * anything else, or ratings not kept yet, works them all out again */
	int c = found ? strcmp(started, last) : 0;
	if (!found || was || (c < 0 || (c == 0 && strcmp(uid, last_uid) <= 0))) {
		if (!s->ratings_deferred)
			return ratings_rebuild(s, d);
		s->ratings_stale = 1;
		return ST_OK;
	}
	struct rating_book b;
	struct rating_part seat[STAT_MAX_SEATS], *p = NULL;
	struct sub_rows subs;
	int np = 0;
	if ((r = sub_rows_read(s, g->id, &subs, d)) != ST_OK)
		return r;
	rating_book_init(&b, 0);
	b.tau = club_tau(s);
	for (int i = 0; i < g->n; i++)
		seat[i] = (struct rating_part){ .player = g->seat[i].player, .seat = i, .side = g->seat[i].side,
			.rank = g->seat[i].rank ? g->seat[i].rank : 1, .weight = 1.0 };
	p = game_parts(&subs, g->id, seat, g->n, &np);
	for (int i = 0; r == ST_OK && i < np; i++)
		r = get_lines(s, &b, p[i].player, g->kind, d);
	long key = g->night;
	if (r == ST_OK)
		r = report_club_night(s, g->night, &key, d);
	if (r == ST_OK) {
		rating_book_game(&b, g->kind, key, p, np);
		for (long i = 0; r == ST_OK && i < b.n; i++)
			r = put_rating(s, &b.e[i], d);
		if (r == ST_OK)
			r = put_state(s, started, uid, key, seats + np, d);
	}
	free(p);
	free(subs.r);
	rating_book_release(&b);
	return r;
}

enum status
ratings_ensure(struct store *s, struct diag *d)
{
	char started[80], uid[80];
	long night, seats;
	int found = 0;
	enum status r = get_state(s, started, uid, sizeof started, &night, &seats, &found, d);
	return r != ST_OK || found ? r : ratings_rebuild(s, d);
}
