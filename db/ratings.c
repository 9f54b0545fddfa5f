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
 *
 * Snapshots (schema 18's rating_snap): every feed of the games from the
 * first keeps the book as it stood before the games that started at
 * points about SNAP_EVERY places apart, the newest SNAP_KEEP of them.  A
 * change to games that started at some time (an import of another
 * table's evening) works the ratings out again from the last snapshot
 * before it, feeding only the games from there on: the same games in the
 * same order with the same arithmetic as a feed from the first game, so
 * the same ratings to the bit.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/testhook.h"
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
 * which hand on, `tally sub`), and the late arrivals (seat.joined, `tally
 * join`: nobody played the seat before), with each game's live hands, by
 * game id.  A seat played in turn counts each of its players by the share
 * of the game's hands they played (core/rating.h, partial play).
 */
struct sub_row {
	long game, player;
	int seat, hand, hands;
	int join;   /* 1: the seat's own player sat down late, at `hand` */
};
struct sub_rows {
	long n;
	struct sub_row *r;  /* by game, seat, hand */
};

static enum status
sub_rows_read(struct store *s, long game, struct sub_rows *out, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT x.game_id, x.seat, x.hand, x.player_id,"
	    " (SELECT count(*) FROM hand h WHERE h.game_id = x.game_id AND h.undone = 0), x.late"
	    " FROM (SELECT game_id, seat, hand, player_id, 0 AS late FROM seat_sub"
	    " UNION ALL SELECT game_id, seat, joined, player_id, 1 FROM seat WHERE joined > 1) x"
	    " WHERE ?1 = 0 OR x.game_id = ?1 ORDER BY x.game_id, x.seat, x.hand, x.late DESC", d);
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
		x->join = sqlite3_column_int(q, 5);
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
	if (hands <= 0 || player == 0)  /* 0: nobody yet (a late arrival's seat) */
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
		if (subs->r[k].join)
			now = 0;  /* nobody played the seat before its player sat down */
		for (; k < subs->n && subs->r[k].game == id && subs->r[k].seat == seat[i].seat; k++) {
			const struct sub_row *x = &subs->r[k];
			if (x->hand > hands)
				break;
			part_add(p, n_out, &seat[i], now, x->hand - from);
			now = x->player;
			from = x->hand;
		}
		part_add(p, n_out, &seat[i], now, hands + 1 - from);
		if (*n_out == first)  /* a late arrival who played no hand: as before */
			p[(*n_out)++] = seat[i];
		else
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

/*
 * A club night (db/report.h REPORT_CLUB_NIGHT: one evening, one name,
 * whichever table kept it) is one night for the ratings' "last night" and
 * a night's rating changes.  Its key is the smallest id of its nights, its
 * start the earliest of theirs; club nights go in the order of their
 * starts, then keys (two nights started in one second: the later made).
 */
struct night_keys {
	long n;
	long *id, *key;  /* sorted by id */
	char **start;    /* UTC; a club night's earliest, at its key's row */
};

static void
night_keys_free(struct night_keys *k)
{
	for (long i = 0; i < k->n; i++)
		free(k->start[i]);
	free(k->start);
	free(k->id);
	free(k->key);
}

static enum status
night_keys_read(struct store *s, struct night_keys *k, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, " REPORT_CLUB_NIGHT("n") ", started FROM night n ORDER BY id", d);
	struct strmap first = {0};  /* each evening's first night's row */
	long cap = 0;
	int rc, added;
	memset(k, 0, sizeof *k);
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (k->n == cap) {
			cap = cap ? cap * 2 : 16;
			k->id = xrealloc(k->id, sizeof *k->id * (size_t)cap);
			k->key = xrealloc(k->key, sizeof *k->key * (size_t)cap);
			k->start = xrealloc(k->start, sizeof *k->start * (size_t)cap);
		}
		const char *club = (const char *)sqlite3_column_text(q, 1);
		const char *start = (const char *)sqlite3_column_text(q, 2);
		k->id[k->n] = sqlite3_column_int64(q, 0);
		k->start[k->n] = NULL;
		/* the first night of that evening by id keys it (found by a
		 * hash, not by comparing with every night before: a club's
		 * file has thousands) */
		long *row = strmap_at(&first, club ? club : "", &added);
		if (added)
			*row = k->n;
		k->key[k->n] = k->id[*row];
		char **earliest = &k->start[*row];
		if (start && (*earliest == NULL || strcmp(start, *earliest) < 0)) {
			free(*earliest);
			*earliest = xstrdup(start);
		}
		k->n++;
	}
	store_finish(s, q);
	strmap_release(&first);
	if (rc != SQLITE_DONE) {
		night_keys_free(k);
		return store_error(s, rc, d, "read nights");
	}
	return ST_OK;
}

/* The row of night id in k, or -1. */
static long
night_row(const struct night_keys *k, long id)
{
	long lo = 0, hi = k->n - 1;
	while (lo <= hi) {
		long mid = (lo + hi) / 2;
		if (k->id[mid] == id)
			return mid;
		if (k->id[mid] < id)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static long
night_key(const struct night_keys *k, long id)
{
	long row = night_row(k, id);
	return row >= 0 ? k->key[row] : id;
}

/* 1 if club night a (a key; 0: none) comes after club night b in the
 * club nights' order (by start, then key), else 0.  No night comes
 * after none. */
static int
night_after(const struct night_keys *k, long a, long b)
{
	if (a == b || a == 0)
		return 0;
	if (b == 0)
		return 1;
	long ra = night_row(k, a), rb = night_row(k, b);
	const char *sa = ra >= 0 && k->start[ra] ? k->start[ra] : "", *sb = rb >= 0 && k->start[rb] ? k->start[rb] : "";
	int c = strcmp(sa, sb);
	return c != 0 ? c > 0 : a > b;
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

/* Places rated between two snapshots (about 2,000 games), and how many of
 * the newest are kept: a change in the last weeks of a club's decade
 * feeds a few thousand games again, not all of them. */
#define SNAP_EVERY 8192
#define SNAP_KEEP 4

static long
snap_every(void)
{
	long n = testhook(TESTHOOK_SNAP_EVERY);
	return n > 0 ? n : SNAP_EVERY;
}

/* One snapshot: the book before the games that started at started. */
struct rating_snap {
	char started[40];
	long nseats, night;
	char last_started[80], last_uid[80];
	struct rating_entry *e;  /* the book's lines, ne of them (kept as
	                          * bytes only when written: snap_encode) */
	long ne;
};

struct rating_snaps {
	char from[40];       /* the snapshots up to this start stay ("": none) */
	long next;           /* places fed at which the next is taken */
	int n;               /* taken, oldest first (the newest SNAP_KEEP) */
	struct rating_snap s[SNAP_KEEP];
	/* `tally check`: take one at each of these starts instead */
	char **at;
	long nat, iat;
	struct rating_snap *got;  /* nat of them */
};

static void
snap_release(struct rating_snap *x)
{
	free(x->e);
	memset(x, 0, sizeof *x);
}

void
rating_snaps_free(struct rating_snaps *x)
{
	if (x == NULL)
		return;
	for (int i = 0; i < x->n; i++)
		snap_release(&x->s[i]);
	for (long i = 0; i < x->nat; i++) {
		free(x->at[i]);
		if (x->got)
			snap_release(&x->got[i]);
	}
	free(x->at);
	free(x->got);
	free(x);
}

/* A snapshot's book as bytes: each line its kind's name (a length byte,
 * then the name), then player, games, night as 64-bit integers and mu,
 * sigma and the night's before and after as IEEE doubles, all little
 * endian, so a file read on another machine reads the same. */
static void
put_u64(struct strbuf *b, unsigned long long v)
{
	for (int i = 0; i < 8; i++)
		sb_addc(b, (char)(v >> (8 * i) & 0xff));
}

static void
put_f64(struct strbuf *b, double v)
{
	unsigned long long u;
	memcpy(&u, &v, sizeof u);
	put_u64(b, u);
}

static unsigned long long
get_u64(const unsigned char *p)
{
	unsigned long long v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static double
get_f64(const unsigned char *p)
{
	unsigned long long u = get_u64(p);
	double v;
	memcpy(&v, &u, sizeof v);
	return v;
}

/* The book b as it stands before the games that start at started, with
 * nseats places fed: its lines copied (a full feed takes dozens and
 * keeps a few, so they are made bytes only when kept: snap_encode). */
static void
snap_take(struct rating_snap *x, const struct rating_book *b, const char *started, long nseats)
{
	snap_release(x);
	snprintf(x->started, sizeof x->started, "%s", started);
	x->nseats = nseats;
	x->night = b->last_night;
	snprintf(x->last_started, sizeof x->last_started, "%s", b->last_started);
	snprintf(x->last_uid, sizeof x->last_uid, "%s", b->last_uid);
	x->ne = b->n;
	x->e = xmalloc(sizeof *x->e * (size_t)(b->n + 1));
	memcpy(x->e, b->e, sizeof *x->e * (size_t)b->n);
}

/* x's lines as the bytes kept: heap, *len of them (the caller frees). */
static unsigned char *
snap_encode(const struct rating_snap *x, size_t *len)
{
	struct strbuf sb = {0};
	sb_add(&sb, "");
	for (long i = 0; i < x->ne; i++) {
		const struct rating_entry *e = &x->e[i];
		const char *kind = statbook_kind_name(e->kind);
		size_t k = strlen(kind) < 255 ? strlen(kind) : 255;
		sb_addc(&sb, (char)k);
		sb_printf(&sb, "%.*s", (int)k, kind);
		put_u64(&sb, (unsigned long long)e->player);
		put_u64(&sb, (unsigned long long)e->games);
		put_u64(&sb, (unsigned long long)e->mark_night);
		const double v[] = { e->now.mu, e->now.sigma, e->before.mu, e->before.sigma, e->after.mu, e->after.sigma };
		for (size_t j = 0; j < ARRAY_LEN(v); j++)
			put_f64(&sb, v[j]);
	}
	*len = sb.len;
	return (unsigned char *)sb_take(&sb);
}

/* The book of bytes p[0..len) into b (empty); 0 when they are not one. */
static int
snap_read(struct rating_book *b, const unsigned char *p, size_t len)
{
	size_t at = 0;
	while (at < len) {
		size_t k = p[at++];
		char kind[256];
		if (at + k + 72 > len)
			return 0;
		memcpy(kind, p + at, k);
		kind[k] = '\0';
		at += k;
		int ki = statbook_kind(kind);
		if (ki < 0)
			return 0;
		struct rating_entry *e = rating_book_entry(b, (long)get_u64(p + at), ki);
		e->games = (long)get_u64(p + at + 8);
		e->mark_night = (long)get_u64(p + at + 16);
		e->now.mu = get_f64(p + at + 24);
		e->now.sigma = get_f64(p + at + 32);
		e->before.mu = get_f64(p + at + 40);
		e->before.sigma = get_f64(p + at + 48);
		e->after.mu = get_f64(p + at + 56);
		e->after.sigma = get_f64(p + at + 64);
		at += 72;
	}
	return 1;
}

/* At a boundary between games that started at different times, before
 * those that start at `when` (the book holds every game before), with
 * nseats places fed: take the snapshots due. */
static void
snaps_boundary(struct rating_snaps *x, const struct rating_book *b, const char *when, long nseats)
{
	if (x == NULL)
		return;
	if (x->at) {
		for (; x->iat < x->nat && (when == NULL || strcmp(x->at[x->iat], when) <= 0); x->iat++)
			snap_take(&x->got[x->iat], b, x->at[x->iat], nseats);
		return;
	}
	if (when == NULL || nseats < x->next)
		return;
	x->next = (nseats / snap_every() + 1) * snap_every();
	if (x->n == SNAP_KEEP) {
		snap_release(&x->s[0]);
		memmove(&x->s[0], &x->s[1], sizeof x->s[0] * (SNAP_KEEP - 1));
		memset(&x->s[SNAP_KEEP - 1], 0, sizeof x->s[0]);
		x->n--;
	}
	snap_take(&x->s[x->n++], b, when, nseats);
}

static enum status feed(struct store *s, struct rating_book *b, const char *from, const char *before, long *nseats,
    struct rating_snaps *x, struct diag *d);

enum status
report_ratings(struct store *s, struct rating_book *b, long *nseats, struct diag *d)
{
	return report_ratings_until(s, b, NULL, nseats, d);
}

enum status
report_ratings_until(struct store *s, struct rating_book *b, const char *before, long *nseats, struct diag *d)
{
	*nseats = 0;
	b->tau = club_tau(s);
	return feed(s, b, NULL, before, nseats, NULL, d);
}

enum status
ratings_feed_all(struct store *s, struct rating_book *b, long *nseats, struct rating_snaps **snaps, struct diag *d)
{
	*snaps = xcalloc(1, sizeof **snaps);
	(*snaps)->next = snap_every();
	*nseats = 0;
	b->tau = club_tau(s);
	return feed(s, b, NULL, NULL, nseats, *snaps, d);
}

/* Feed the games that started at one time, in uid order (the same in
 * any file); the last night is then the latest club night of those rated
 * (keys' order), not the one whose uid came last. */
static void
flush(struct rating_book *b, struct rated_game *g, int n, const char *started, const struct sub_rows *subs,
    const struct night_keys *keys, long *nseats)
{
	long before = *nseats, last = -1;
	if (n > 1)
		qsort(g, (size_t)n, sizeof *g, cmp_uid);
	for (int i = 0; i < n; i++)
		if (g[i].kind >= 0 && g[i].n >= 2) {
			int np;
			struct rating_part *p = game_parts(subs, g[i].id, g[i].seat, g[i].n, &np);
			if (rating_book_game(b, g[i].kind, g[i].night, p, np) && (last < 0 || night_after(keys, g[i].night, last)))
				last = g[i].night;
			if (last >= 0)
				b->last_night = last;
			free(p);
			snprintf(b->last_uid, sizeof b->last_uid, "%s", g[i].uid);
			*nseats += np;
		}
	if (*nseats > before)
		snprintf(b->last_started, sizeof b->last_started, "%s", started);
}

/* Feed b the finished games that started from `from` (NULL: the first) and
 * before `before` (NULL: the last), *nseats counting the places fed on from
 * what it holds, x (or NULL) taking snapshots on the way. */
static enum status
feed(struct store *s, struct rating_book *b, const char *from, const char *before, long *nseats,
    struct rating_snaps *x, struct diag *d)
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
	    " AND (?2 IS NULL OR g.started >= ?2) ORDER BY g.started, g.id, x.seat", d);
	struct rated_game *buf = NULL;
	struct night_keys keys;
	struct sub_rows subs;
	int nbuf = 0, cap = 0, rc;
	long game = -1;
	char started[40] = "";
	if (q == NULL)
		return d->status;
	store_bind_text(q, 1, before);
	store_bind_text(q, 2, from);
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
				flush(b, buf, nbuf, started, &subs, &keys, nseats);
				nbuf = 0;
				snaps_boundary(x, b, when, *nseats);
			} else if (game == -1 && x && x->at)
				snaps_boundary(x, b, when, *nseats);
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
	if (rc == SQLITE_DONE) {
		flush(b, buf, nbuf, started, &subs, &keys, nseats);
		if (x && x->at)
			snaps_boundary(x, b, NULL, *nseats);
	}
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

/* The snapshots after x->from made x's (all of them x's when x->from is
 * "", none when x is NULL), then only the newest SNAP_KEEP kept. */
static enum status
put_snaps(struct store *s, const struct rating_snaps *x, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "DELETE FROM rating_snap WHERE ?1 IS NULL OR started > ?1", d);
	int rc;
	if (q == NULL)
		return d->status;
	store_bind_text(q, 1, x && x->from[0] ? x->from : NULL);
	rc = sqlite3_step(q);
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "write ratings");
	for (int i = 0; x && i < x->n; i++) {
		const struct rating_snap *p = &x->s[i];
		size_t len;
		if ((q = store_prep(s, "INSERT OR REPLACE INTO rating_snap (started, seats, night, last_started, last_uid,"
		    " book) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", d)) == NULL)
			return d->status;
		unsigned char *book = snap_encode(p, &len);
		sqlite3_bind_text(q, 1, p->started, -1, SQLITE_STATIC);
		sqlite3_bind_int64(q, 2, p->nseats);
		sqlite3_bind_int64(q, 3, p->night);
		sqlite3_bind_text(q, 4, p->last_started, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 5, p->last_uid, -1, SQLITE_STATIC);
		sqlite3_bind_blob(q, 6, book, (int)len, SQLITE_STATIC);
		rc = sqlite3_step(q);
		store_finish(s, q);
		free(book);
		if (rc != SQLITE_DONE)
			return store_error(s, rc, d, "write ratings");
	}
	return store_run2(s, "DELETE FROM rating_snap WHERE started NOT IN (SELECT started FROM rating_snap"
	    " ORDER BY started DESC LIMIT ?1)", SNAP_KEEP, 0, d);
}

enum status
ratings_put_all(struct store *s, const struct rating_book *b, long nseats, const struct rating_snaps *snaps,
    struct diag *d)
{
	enum status r = exec_one(s, "DELETE FROM rating", d);
	for (long i = 0; r == ST_OK && i < b->n; i++)
		r = put_rating(s, &b->e[i], d);
	if (r == ST_OK)
		r = put_state(s, b->last_started, b->last_uid, b->last_night, nseats, d);
	if (r == ST_OK)
		r = put_snaps(s, snaps, d);
	return r;
}

/* The last snapshot before the games that started at from, into b and
 * x->from, *nseats its places; *found 0 when there is none. */
static enum status
snap_load(struct store *s, const char *from, struct rating_book *b, struct rating_snaps *x, long *nseats,
    int *found, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT started, seats, night, last_started, last_uid, book FROM rating_snap"
	    " WHERE started <= ?1 ORDER BY started DESC LIMIT 1", d);
	*found = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, from, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && snap_read(b, sqlite3_column_blob(q, 5), (size_t)sqlite3_column_bytes(q, 5))) {
		*found = 1;
		snprintf(x->from, sizeof x->from, "%s", (const char *)sqlite3_column_text(q, 0));
		*nseats = sqlite3_column_int64(q, 1);
		b->last_night = sqlite3_column_int64(q, 2);
		snprintf(b->last_started, sizeof b->last_started, "%s", (const char *)sqlite3_column_text(q, 3));
		snprintf(b->last_uid, sizeof b->last_uid, "%s", (const char *)sqlite3_column_text(q, 4));
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read ratings");
}

enum status
ratings_rebuild_from(struct store *s, const char *from, struct diag *d)
{
	struct rating_book b;
	struct rating_snaps *x = xcalloc(1, sizeof *x);
	long nseats = 0;
	int found = 0;
	enum status r = ST_OK;
	rating_book_init(&b, 0);
	if (from && from[0] && (r = snap_load(s, from, &b, x, &nseats, &found, d)) == ST_OK && !found) {
		rating_book_release(&b);
		rating_book_init(&b, 0);
	}
	b.tau = club_tau(s);
	x->next = (nseats / snap_every() + 1) * snap_every();
	if (r == ST_OK)
		r = feed(s, &b, found ? x->from : NULL, NULL, &nseats, x, d);
	if (r == ST_OK)
		r = ratings_put_all(s, &b, nseats, x, d);
	rating_book_release(&b);
	rating_snaps_free(x);
	return r;
}

enum status
ratings_rebuild(struct store *s, struct diag *d)
{
	return ratings_rebuild_from(s, NULL, d);
}

void
ratings_note_from(struct store *s, const char *started)
{
	if (started && started[0] && (s->ratings_from[0] == '\0' || strcmp(started, s->ratings_from) < 0))
		snprintf(s->ratings_from, sizeof s->ratings_from, "%s", started);
}

/* Whether two books hold the same lines (to the bit: the same games fed in
 * the same order). */
static int
books_differ(const struct rating_book *a, struct rating_book *b)
{
	if (a->n != b->n)
		return 1;
	for (long i = 0; i < a->n; i++) {
		const struct rating_entry *e = &a->e[i], *f = rating_book_entry(b, e->player, e->kind);
		if (e->games != f->games || e->mark_night != f->mark_night || e->now.mu != f->now.mu ||
		    e->now.sigma != f->now.sigma || e->before.mu != f->before.mu || e->after.mu != f->after.mu ||
		    e->before.sigma != f->before.sigma || e->after.sigma != f->after.sigma)
			return 1;
	}
	return 0;
}

enum status
report_rating_snaps_differ(struct store *s, long *bad, long *n, struct diag *d)
{
	struct rating_snaps *x = xcalloc(1, sizeof *x);
	struct rating_book b;
	long nseats = 0, cap = 0;
	int rc;
	enum status r = ST_OK;
	*bad = *n = 0;
	sqlite3_stmt *q = store_prep(s, "SELECT started FROM rating_snap ORDER BY started", d);
	if (q == NULL) {
		free(x);
		return d->status;
	}
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (x->nat == cap) {
			cap = cap ? 2 * cap : 8;
			x->at = xrealloc(x->at, sizeof *x->at * (size_t)cap);
		}
		x->at[x->nat++] = xstrdup((const char *)sqlite3_column_text(q, 0));
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		r = store_error(s, rc, d, "read ratings");
	x->got = xcalloc((size_t)x->nat + 1, sizeof *x->got);
	rating_book_init(&b, 0);
	b.tau = club_tau(s);
	if (r == ST_OK && x->nat > 0)
		r = feed(s, &b, NULL, NULL, &nseats, x, d);
	rating_book_release(&b);
	for (long i = 0; r == ST_OK && i < x->nat; i++) {
		if ((q = store_prep(s, "SELECT seats, night, book FROM rating_snap WHERE started = ?1", d)) == NULL) {
			r = d->status;
			break;
		}
		sqlite3_bind_text(q, 1, x->at[i], -1, SQLITE_STATIC);
		if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
			struct rating_book want, have;
			rating_book_init(&want, 0);
			rating_book_init(&have, 0);
			size_t len;
			unsigned char *book = snap_encode(&x->got[i], &len);
			int ok = snap_read(&have, sqlite3_column_blob(q, 2), (size_t)sqlite3_column_bytes(q, 2)) &&
			    snap_read(&want, book, len);
			free(book);
			*bad += !ok || sqlite3_column_int64(q, 0) != x->got[i].nseats ||
			    sqlite3_column_int64(q, 1) != x->got[i].night || books_differ(&want, &have);
			rating_book_release(&want);
			rating_book_release(&have);
		}
		store_finish(s, q);
	}
	*n = x->nat;
	rating_snaps_free(x);
	return r;
}

enum status
ratings_apply(struct store *s, const struct stat_game *old, const char *old_started, const struct stat_game *g,
    const char *started, struct diag *d)
{
	int was = old && old->over && old->n >= 2, now = g->over && g->n >= 2 && g->kind >= 0;
	char last[80], last_uid[80], uid[80] = "";
	long night = 0, seats = 0;
	int found = 0;
	enum status r;
	if (!was && !now)
		return ST_OK;
	if (s->ratings_stale) {
		/* put off by an import: from the oldest start changed on */
		ratings_note_from(s, was ? old_started : NULL);
		ratings_note_from(s, now ? started : NULL);
		return ST_OK;
	}
	if ((r = get_state(s, last, last_uid, sizeof last, &night, &seats, &found, d)) != ST_OK)
		return r;
	sqlite3_stmt *q = store_prep(s, "SELECT uid FROM game WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	if (sqlite3_step(q) == SQLITE_ROW)
		snprintf(uid, sizeof uid, "%s", (const char *)sqlite3_column_text(q, 0));
	store_finish(s, q);
	/* a game that started after every game rated so far is added to its
	 * players' lines (rating_book_game, as a rebuild would feed it last);
	 * anything else, or ratings not kept yet, works them all out again,
	 * as does one that started in the same second as the last rated: which
	 * of their nights is the last night is flush's to say */
	int c = found ? strcmp(started, last) : 0;
	if (!found || was || c <= 0) {
		/* from the older of the two starts (an import may move a game) */
		const char *from = was && old_started && strcmp(old_started, started) < 0 ? old_started : started;
		if (!found)
			from = NULL;
		if (!s->ratings_deferred)
			return ratings_rebuild_from(s, from, d);
		s->ratings_stale = 1;
		/* not kept yet: from before every start (ISO times) */
		ratings_note_from(s, from ? from : "0");
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
