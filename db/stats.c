/* SPDX-License-Identifier: ISC */
/*
 * stats.c: the statistics tables of schema 7 (stat_line, stat_count,
 * stat_pair), kept by the writer in the same transaction as the seats, read
 * by `tally stats` and compared with the seats by `tally check`.
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c and report.c (the seats a refill folds); the
 * writer (write.c) and the migrations (store.c) call it.
 *
 * A write reads the game's seats before and after (stats_read_game), takes
 * away the old sums and adds the new ones (core/statbook.h), and writes only
 * the rows that moved.  Best, worst and the streaks follow the finished
 * games in time order: a game that finishes after every other finished game
 * of a player and kind is folded in; anything else (an undo that reopens a
 * game, an edit of a finished game, a game that started earlier but ended
 * later) refolds that player's finished games of that kind.  A refold reads
 * schema 18's stat_fold, each counted finished seat's score and win kept
 * in the fold order (player, kind, start), which the writer keeps beside
 * the seats: a few rows in one place, where the seats of one player lie
 * all over the file (a refold of every player of a club read them all).
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "report.h"
#include "store_internal.h"

/* The columns of a seat as stat_seat reads them, after "g.id, g.kind,
 * g.status = 'over', coalesce(g.night_id, 0), g.started". */
#define SEAT_COLUMNS "x.player_id, x.total, coalesce(x.chips, x.lives), x.start_chips, x.out, x.out_by," \
	" coalesce(x.rank, 0), x.winner, coalesce(x.side, -1)"

static void
seat_from_row(sqlite3_stmt *q, int col, int kind, struct stat_seat *p)
{
	p->player = sqlite3_column_int64(q, col);
	p->has_chips = sqlite3_column_type(q, col + 2) != SQLITE_NULL;
	p->chips = sqlite3_column_int64(q, col + 2);
	p->score = statbook_score(kind, sqlite3_column_int64(q, col + 1), p->chips);
	p->start_chips = sqlite3_column_int64(q, col + 3);
	p->out = sqlite3_column_int(q, col + 4);
	p->out_by = sqlite3_column_type(q, col + 5) == SQLITE_NULL ? -1 : sqlite3_column_int(q, col + 5);
	p->rank = sqlite3_column_int(q, col + 6);
	p->winner = sqlite3_column_int(q, col + 7);
	p->side = sqlite3_column_int(q, col + 8);
}

enum status
stats_read_game(struct store *s, long game, struct stat_game *g, char *started, size_t size,
    struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT g.id, " STORE_STAT_KIND("g") ", g.status = 'over', coalesce(g.night_id, 0), g.started, "
	    SEAT_COLUMNS ", " STATS_COUNTED " FROM game g JOIN seat x ON x.game_id = g.id WHERE g.id = ? ORDER BY x.seat", d);
	int rc;
	if (q == NULL)
		return d->status;
	memset(g, 0, sizeof *g);
	g->kind = -1;
	sqlite3_bind_int64(q, 1, game);
	int first = 1;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (first) {
			first = 0;
			g->id = sqlite3_column_int64(q, 0);
			g->kind = statbook_kind((const char *)sqlite3_column_text(q, 1));
			g->over = sqlite3_column_int(q, 2);
			g->night = sqlite3_column_int64(q, 3);
			snprintf(started, size, "%s", (const char *)sqlite3_column_text(q, 4));
		}
		/* a game that counts nowhere keeps its kind but no seats */
		if (g->n < STAT_MAX_SEATS && sqlite3_column_int(q, 14))
			seat_from_row(q, 5, g->kind, &g->seat[g->n++]);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read seats");
}

/* Run one upsert of the statistics: ?1 is id, ?2 the kind's name (when
 * kind >= 0), then the n values. */
static enum status
upsert(struct store *s, const char *sql, long id, int kind, const long *v, int n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	int col = 1;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, col++, id);
	if (kind >= 0)
		sqlite3_bind_text(q, col++, statbook_kind_name(kind), -1, SQLITE_STATIC);
	for (int i = 0; i < n; i++)
		sqlite3_bind_int64(q, col++, v[i]);
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write statistics");
}

/* Add the sums of l (one player, one kind) to stat_line. */
static enum status
put_line_sums(struct store *s, const struct stat_line *l, struct diag *d)
{
	const long v[] = { l->games, l->finished, l->wins, l->sum_rank, l->sum_score, l->eliminated,
		l->eliminations, l->chip_games, l->chips_net, l->chips_won, l->chips_lost };
	return upsert(s, "INSERT INTO stat_line (player_id, kind, games, finished, wins, sum_rank,"
	    " sum_score, eliminated, eliminations, chip_games, chips_net, chips_won, chips_lost)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
	    " ON CONFLICT (player_id, kind) DO UPDATE SET games = games + ?3, finished = finished + ?4,"
	    " wins = wins + ?5, sum_rank = sum_rank + ?6, sum_score = sum_score + ?7,"
	    " eliminated = eliminated + ?8, eliminations = eliminations + ?9, chip_games = chip_games + ?10,"
	    " chips_net = chips_net + ?11, chips_won = chips_won + ?12, chips_lost = chips_lost + ?13",
	    l->player, l->kind, v, (int)ARRAY_LEN(v), d);
}

/* Set best, worst, the streaks and the last game folded of l. */
static enum status
put_line_folds(struct store *s, const struct stat_line *l, struct diag *d)
{
	const long v[] = { l->scored ? l->best : 0, l->scored ? l->worst : 0, l->scored, l->streak, l->longest,
		l->last_game };
	return upsert(s, "INSERT INTO stat_line (player_id, kind, best, worst, scored, streak,"
	    " longest, last_game) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
	    " ON CONFLICT (player_id, kind) DO UPDATE SET best = ?3, worst = ?4, scored = ?5, streak = ?6,"
	    " longest = ?7, last_game = ?8", l->player, l->kind, v, (int)ARRAY_LEN(v), d);
}

static enum status
put_count(struct store *s, const struct stat_count *c, struct diag *d)
{
	const long v[] = { c->key, c->games, c->wins };
	return upsert(s, "INSERT INTO stat_count (player_id, kind, players, games, wins)"
	    " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (player_id, kind, players)"
	    " DO UPDATE SET games = games + ?4, wins = wins + ?5", c->player, c->kind, v, 3, d);
}

static enum status
put_pair(struct store *s, const struct stat_pair *p, struct diag *d)
{
	const long v[] = { p->behind, p->times };
	return upsert(s, "INSERT INTO stat_pair (ahead_id, behind_id, times) VALUES (?1, ?2, ?3)"
	    " ON CONFLICT (ahead_id, behind_id) DO UPDATE SET times = times + ?3", p->ahead, -1, v, 2, d);
}

/* The SQL of a counted finished seat's score (statbook_score): chips or
 * lives for a game scored by them, else points (g and x: game and seat). */
static const char *
fold_score_sql(void)
{
	static char sql[1024];
	if (sql[0])
		return sql;
	struct strbuf b = {0};
	sb_add(&b, "(CASE WHEN g.kind IN (''");
	for (int i = 0; rules_registry[i]; i++) {
		enum scoring sc = rules_scoring(rules_registry[i]);
		if (sc == SCORING_CHIPS || sc == SCORING_LIVES)
			sb_printf(&b, ", '%s'", rules_registry[i]->name);
	}
	sb_add(&b, ") THEN coalesce(x.chips, x.lives, 0) ELSE x.total END)");
	snprintf(sql, sizeof sql, "%s", b.s);
	sb_release(&b);
	return sql;
}

/* stat_fold's rows as the seats give them (those of player ?1 only, when
 * one), for a fill and for `tally check`. */
static char *
fold_rows_sql(int one_player)
{
	return xasprintf("SELECT x.player_id, " STORE_STAT_KIND("g") ", g.started, g.id, %s, x.winner"
	    " FROM seat x JOIN game g ON g.id = x.game_id WHERE g.status = 'over' AND " STATS_COUNTED "%s",
	    fold_score_sql(), one_player ? " AND x.player_id = ?1" : "");
}

/* stat_fold filled again from the seats: all of it (player < 0), or one
 * player's rows. */
static enum status
folds_fill(struct store *s, long player, struct diag *d)
{
	char *rows = fold_rows_sql(player >= 0);
	char *sql = xasprintf("INSERT INTO stat_fold (player_id, kind, started, game_id, score, winner) %s", rows);
	enum status r = player >= 0 ? store_run2(s, "DELETE FROM stat_fold WHERE player_id = ?1", player, 0, d)
	    : store_run2(s, "DELETE FROM stat_fold", 0, 0, d);
	sqlite3_stmt *q = r == ST_OK ? store_prep(s, sql, d) : NULL;
	if (q) {
		if (player >= 0)
			sqlite3_bind_int64(q, 1, player);
		int rc = sqlite3_step(q);
		store_finish(s, q);
		if (rc != SQLITE_DONE)
			r = store_error(s, rc, d, "write statistics");
	} else if (r == ST_OK)
		r = d->status;
	free(sql);
	free(rows);
	return r;
}

enum status
stats_folds_fill(struct store *s, struct diag *d)
{
	return folds_fill(s, -1, d);
}

enum status
report_stat_folds_differ(struct store *s, long *n, struct diag *d)
{
	char *rows = fold_rows_sql(0);
	char *sql = xasprintf("SELECT (SELECT count(*) FROM (%s EXCEPT SELECT player_id, kind, started, game_id, score,"
	    " winner FROM stat_fold)) + (SELECT count(*) FROM (SELECT player_id, kind, started, game_id, score, winner"
	    " FROM stat_fold EXCEPT %s))", rows, rows);
	sqlite3_stmt *q = store_prep(s, sql, d);
	enum status r = ST_OK;
	*n = 0;
	if (q == NULL)
		r = d->status;
	else {
		int rc = sqlite3_step(q);
		*n = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
		store_finish(s, q);
		if (rc != SQLITE_ROW)
			r = store_error(s, rc, d, "read statistics");
	}
	free(sql);
	free(rows);
	return r;
}

/* The fold rows of game g's seats: taken out (sign -1: the game as it was,
 * before a write) or put in (sign 1, started: its start). */
static enum status
folds_put(struct store *s, const struct stat_game *g, const char *started, int sign, struct diag *d)
{
	if (g == NULL || !g->over || g->kind < 0)
		return ST_OK;
	sqlite3_stmt *q = store_prep(s, sign < 0
	    ? "DELETE FROM stat_fold WHERE player_id = ?1 AND kind = ?2 AND game_id = ?3"
	    : "INSERT OR REPLACE INTO stat_fold (player_id, kind, started, game_id, score, winner)"
	      " VALUES (?1, ?2, ?4, ?3, ?5, ?6)", d);
	int rc = SQLITE_DONE;
	if (q == NULL)
		return d->status;
	for (int i = 0; i < g->n && rc == SQLITE_DONE; i++) {
		sqlite3_bind_int64(q, 1, g->seat[i].player);
		sqlite3_bind_text(q, 2, statbook_kind_name(g->kind), -1, SQLITE_STATIC);
		sqlite3_bind_int64(q, 3, g->id);
		if (sign > 0) {
			sqlite3_bind_text(q, 4, started, -1, SQLITE_STATIC);
			sqlite3_bind_int64(q, 5, g->seat[i].score);
			sqlite3_bind_int(q, 6, g->seat[i].winner);
		}
		rc = sqlite3_step(q);
		sqlite3_reset(q);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write statistics");
}

/* A statement on one player at one kind (?1, ?2), with l zeroed for them. */
static sqlite3_stmt *
line_query(struct store *s, const char *sql, long player, int kind, struct stat_line *l, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	memset(l, 0, sizeof *l);
	l->player = player;
	l->kind = kind;
	if (q) {
		sqlite3_bind_int64(q, 1, player);
		sqlite3_bind_text(q, 2, statbook_kind_name(kind), -1, SQLITE_STATIC);
	}
	return q;
}

/* Refold the finished games of player at kind from the seats, in time
 * order, into l's best, worst and streaks. */
static enum status
refold(struct store *s, long player, int kind, struct stat_line *l, struct diag *d)
{
	sqlite3_stmt *q = line_query(s, "SELECT game_id, score, winner FROM stat_fold"
	    " WHERE player_id = ?1 AND kind = ?2 ORDER BY started, game_id",
	    player, kind, l, d);
	int rc, hb = statbook_higher_better(kind);
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		stat_fold(l, sqlite3_column_int64(q, 1), sqlite3_column_int(q, 2), hb);
		l->last_game = sqlite3_column_int64(q, 0);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read statistics");
}

/* The folds of player at kind as stored, and when the last game folded
 * started; *found 0 when there is no line yet. */
static enum status
get_folds(struct store *s, long player, int kind, struct stat_line *l, char *last_started, size_t size,
    int *found, struct diag *d)
{
	sqlite3_stmt *q = line_query(s, "SELECT best, worst, scored, streak, longest, last_game,"
	    " (SELECT started FROM game WHERE id = last_game) FROM stat_line WHERE player_id = ?1 AND kind = ?2",
	    player, kind, l, d);
	*last_started = '\0';
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	*found = rc == SQLITE_ROW;
	if (rc == SQLITE_ROW) {
		l->best = sqlite3_column_int64(q, 0);
		l->worst = sqlite3_column_int64(q, 1);
		l->scored = sqlite3_column_int(q, 2);
		l->streak = sqlite3_column_int64(q, 3);
		l->longest = sqlite3_column_int64(q, 4);
		l->last_game = sqlite3_column_int64(q, 5);
		if (sqlite3_column_type(q, 6) != SQLITE_NULL)
			snprintf(last_started, size, "%s", (const char *)sqlite3_column_text(q, 6));
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read statistics");
}

/* Note that player's folds at kind are to be refolded at the import's end
 * (struct store's refold); the folds are stale until then, which the
 * restat note that ratings_stale brings covers. */
static void
refold_later(struct store *s, long player, int kind)
{
	for (int i = 0; i < s->nrefold; i++)
		if (s->refold[i].player == player && s->refold[i].kind == kind)
			return;
	if (s->nrefold == s->refold_cap) {
		s->refold_cap = s->refold_cap ? 2 * s->refold_cap : 64;
		s->refold = xrealloc(s->refold, (size_t)s->refold_cap * sizeof *s->refold);
	}
	s->refold[s->nrefold++] = (struct refold_key){ player, kind };
	s->ratings_stale = 1;
}

enum status
stats_refold_pending(struct store *s, struct diag *d)
{
	enum status r = ST_OK;
	for (int i = 0; r == ST_OK && i < s->nrefold; i++) {
		struct stat_line l;
		if ((r = refold(s, s->refold[i].player, s->refold[i].kind, &l, d)) == ST_OK)
			r = put_line_folds(s, &l, d);
	}
	s->nrefold = 0;
	return r;
}

/* The folds for seat i of game g after a write (old: the game before, NULL
 * when it is new). */
static enum status
apply_fold(struct store *s, const struct stat_game *old, const struct stat_game *g, int i,
    const char *started, struct diag *d)
{
	const struct stat_seat *now = &g->seat[i], *was = old && i < old->n ? &old->seat[i] : NULL;
	int was_over = old && old->over && was;
	struct stat_line l;
	enum status r;
	if (!was_over && !g->over)
		return ST_OK;
	if (was_over && g->over && was->player == now->player && was->score == now->score &&
	    was->winner == now->winner)
		return ST_OK;
	if (!was_over && g->over) {
		char last[40];
		int found;
		if ((r = get_folds(s, now->player, g->kind, &l, last, sizeof last, &found, d)) != ST_OK)
			return r;
		int c = strcmp(last, started);
		if (l.last_game == 0 || c < 0 || (c == 0 && l.last_game < g->id)) {
			stat_fold(&l, now->score, now->winner, statbook_higher_better(g->kind));
			l.last_game = g->id;
			return put_line_folds(s, &l, d);
		}
	}
	if (s->ratings_deferred && (!was || was->player == now->player)) {
		refold_later(s, now->player, g->kind);
		return ST_OK;
	}
	if ((r = refold(s, now->player, g->kind, &l, d)) != ST_OK)
		return r;
	if ((r = put_line_folds(s, &l, d)) != ST_OK)
		return r;
	/* a player who left the seat (never happens today) keeps no stale folds */
	if (was && was->player != now->player) {
		if ((r = refold(s, was->player, g->kind, &l, d)) != ST_OK)
			return r;
		return put_line_folds(s, &l, d);
	}
	return ST_OK;
}

enum status
stats_apply(struct store *s, const struct stat_game *old, const char *old_started, const struct stat_game *g,
    const char *started, struct diag *d)
{
	struct statbook b;
	enum status r = ST_OK;
	if (g->kind < 0)
		return ST_OK;
	/* the fold order first: the refolds below read it */
	if ((r = folds_put(s, old, NULL, -1, d)) != ST_OK || (r = folds_put(s, g, started, 1, d)) != ST_OK)
		return r;
	statbook_init(&b, 0);
	if (old && old->kind == g->kind)
		statbook_add(&b, old, -1, 0);
	statbook_add(&b, g, 1, 0);
	for (long i = 0; r == ST_OK && i < b.nline; i++)
		if (!stat_line_empty(&b.line[i]))
			r = put_line_sums(s, &b.line[i], d);
	for (long i = 0; r == ST_OK && i < b.ncount; i++)
		if (b.count[i].games || b.count[i].wins)
			r = put_count(s, &b.count[i], d);
	for (long i = 0; r == ST_OK && i < b.npair; i++)
		if (b.pair[i].times)
			r = put_pair(s, &b.pair[i], d);
	statbook_release(&b);
	for (int i = 0; r == ST_OK && i < g->n; i++)
		r = apply_fold(s, old && old->kind == g->kind ? old : NULL, g, i, started, d);
	/* seats that no longer count (the game was deleted or lost its last
	 * hand) leave their players' folds to be made again without it */
	for (int i = g->n; r == ST_OK && old && old->kind == g->kind && old->over && i < old->n; i++) {
		struct stat_line l;
		if ((r = refold(s, old->seat[i].player, g->kind, &l, d)) == ST_OK)
			r = put_line_folds(s, &l, d);
	}
	if (r == ST_OK)
		r = ratings_apply(s, old, old_started, g, started, d);
	return r;
}

/* report_seats callback: gather a game's seats, fold the game when the
 * next one starts. */
struct rebuild {
	struct statbook *b;
	struct stat_game g;
};

static void
rebuild_flush(struct rebuild *x)
{
	if (x->g.n > 0)
		statbook_add(x->b, &x->g, 1, 1);
	x->g.n = 0;
}

static int
rebuild_seat(const struct seat_row *r, void *ctx)
{
	struct rebuild *x = ctx;
	if (x->g.n > 0 && x->g.id != r->game)
		rebuild_flush(x);
	if (x->g.n == 0) {
		x->g.id = r->game;
		x->g.kind = statbook_kind(r->kind);
		x->g.over = r->over;
		x->g.night = r->night;
	}
	if (x->g.n < STAT_MAX_SEATS) {
		struct stat_seat *p = &x->g.seat[x->g.n++];
		p->player = r->player;
		p->has_chips = r->has_chips;
		p->chips = r->chips;
		p->score = statbook_score(x->g.kind, r->total, r->chips);
		p->start_chips = r->start_chips;
		p->out = r->out;
		p->out_by = r->out_by;
		p->rank = r->rank;
		p->winner = r->winner;
		p->side = r->side;
	}
	return 0;
}

enum status
report_stat_scan(struct store *s, const struct query *q, struct statbook *b, struct diag *d)
{
	struct rebuild *x = xcalloc(1, sizeof *x);
	x->b = b;
	enum status r = report_seats(s, q, rebuild_seat, x, d);
	if (r == ST_OK)
		rebuild_flush(x);
	free(x);
	return r;
}

enum status
stats_refill_read(struct store *s, struct stats_refill *f, struct diag *d)
{
	struct query q = {0};
	enum status r;
	statbook_init(&f->b, 0);
	rating_book_init(&f->ratings, 0);
	f->nseats = 0;
	f->snaps = NULL;
	if ((r = report_stat_scan(s, &q, &f->b, d)) != ST_OK)
		return r;
	/* the ratings stand on the same seats */
	return ratings_feed_all(s, &f->ratings, &f->nseats, &f->snaps, d);
}

/* Bind row i of a refill's table to q from column col on. */
typedef void bind_row_fn(sqlite3_stmt *q, int col, long i, const struct statbook *b);

static void
bind_line(sqlite3_stmt *q, int col, long i, const struct statbook *b)
{
	const struct stat_line *l = &b->line[i];
	const long v[] = { l->player, l->games, l->finished, l->wins, l->sum_rank, l->sum_score, l->eliminated,
		l->eliminations, l->chip_games, l->chips_net, l->chips_won, l->chips_lost, l->scored ? l->best : 0,
		l->scored ? l->worst : 0, l->scored, l->streak, l->longest, l->last_game };
	sqlite3_bind_text(q, col, statbook_kind_name(l->kind), -1, SQLITE_STATIC);
	for (int k = 0; k < (int)ARRAY_LEN(v); k++)
		sqlite3_bind_int64(q, col + 1 + k, v[k]);
}

static void
bind_count(sqlite3_stmt *q, int col, long i, const struct statbook *b)
{
	const struct stat_count *c = &b->count[i];
	sqlite3_bind_text(q, col, statbook_kind_name(c->kind), -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, col + 1, c->player);
	sqlite3_bind_int64(q, col + 2, c->key);
	sqlite3_bind_int64(q, col + 3, c->games);
	sqlite3_bind_int64(q, col + 4, c->wins);
}

static void
bind_pair(sqlite3_stmt *q, int col, long i, const struct statbook *b)
{
	sqlite3_bind_int64(q, col, b->pair[i].ahead);
	sqlite3_bind_int64(q, col + 1, b->pair[i].behind);
	sqlite3_bind_int64(q, col + 2, b->pair[i].times);
}

/* The n rows of a table emptied for a refill, many to a statement (a
 * statement's fixed cost is most of a one-row insert's): each row is
 * row's ncols values, bound by bind; the book holds each key once, so
 * there is nothing to add up (put_line_sums and the rest do that for a
 * game's statistics kept one by one). */
static enum status
put_rows(struct store *s, const char *head, const char *row, int ncols, long n, bind_row_fn *bind,
    const struct statbook *b, struct diag *d)
{
	/* within SQLite's old default of 999 variables a statement */
	long per = 900 / ncols;
	for (long i = 0; i < n; i += per) {
		int k = (int)(n - i < per ? n - i : per);
		sqlite3_stmt *q = store_prep_rows(s, head, row, k, d);
		if (q == NULL)
			return d->status;
		for (int j = 0; j < k; j++)
			bind(q, j * ncols + 1, i + j, b);
		if (store_run(s, q, d) != ST_OK)
			return d->status;
	}
	return ST_OK;
}

/* The refill's rows in the order of their table's primary key: each
 * insert then goes at the end of its b-tree, with no page split in the
 * middle (the book holds them in the order first met, as good as random). */
static int
line_key_cmp(const void *a, const void *b)
{
	const struct stat_line *x = a, *y = b;
	if (x->player != y->player)
		return x->player < y->player ? -1 : 1;
	return strcmp(statbook_kind_name(x->kind), statbook_kind_name(y->kind));
}

static int
count_key_cmp(const void *a, const void *b)
{
	const struct stat_count *x = a, *y = b;
	int k = x->player != y->player ? (x->player < y->player ? -1 : 1) : 0;
	if (k == 0 && x->kind != y->kind)
		k = strcmp(statbook_kind_name(x->kind), statbook_kind_name(y->kind));
	if (k == 0 && x->key != y->key)
		k = x->key < y->key ? -1 : 1;
	return k;
}

static int
pair_key_cmp(const void *a, const void *b)
{
	const struct stat_pair *x = a, *y = b;
	if (x->ahead != y->ahead)
		return x->ahead < y->ahead ? -1 : 1;
	return x->behind < y->behind ? -1 : x->behind > y->behind;
}

enum status
stats_refill_write(struct store *s, struct stats_refill *f, struct diag *d)
{
	static const char *const wipe[] = { "DELETE FROM stat_line", "DELETE FROM stat_count", "DELETE FROM stat_pair" };
	struct statbook *b = &f->b;
	enum status r = ST_OK;
	/* qsort must not be given NULL, even for no rows (C11 7.22.5) */
	if (b->nline > 0)
		qsort(b->line, (size_t)b->nline, sizeof *b->line, line_key_cmp);
	if (b->ncount > 0)
		qsort(b->count, (size_t)b->ncount, sizeof *b->count, count_key_cmp);
	if (b->npair > 0)
		qsort(b->pair, (size_t)b->npair, sizeof *b->pair, pair_key_cmp);
	for (size_t i = 0; r == ST_OK && i < ARRAY_LEN(wipe); i++)
		r = store_run2(s, wipe[i], 0, 0, d);
	if (r == ST_OK)
		r = put_rows(s, "INSERT INTO stat_line (kind, player_id, games, finished, wins, sum_rank, sum_score,"
		    " eliminated, eliminations, chip_games, chips_net, chips_won, chips_lost, best, worst, scored, streak,"
		    " longest, last_game)", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 19, b->nline,
		    bind_line, b, d);
	/* a count by night (kind -1) has no kind's name: one by one, as kept;
	 * the others many to a statement */
	struct statbook by_kind = *b;
	by_kind.count = xcalloc((size_t)(b->ncount ? b->ncount : 1), sizeof *by_kind.count);
	by_kind.ncount = 0;
	for (long i = 0; r == ST_OK && i < b->ncount; i++)
		if (b->count[i].kind < 0)
			r = put_count(s, &b->count[i], d);
		else
			by_kind.count[by_kind.ncount++] = b->count[i];
	if (r == ST_OK)
		r = put_rows(s, "INSERT INTO stat_count (kind, player_id, players, games, wins)", "(?, ?, ?, ?, ?)", 5,
		    by_kind.ncount, bind_count, &by_kind, d);
	free(by_kind.count);
	if (r == ST_OK)
		r = put_rows(s, "INSERT INTO stat_pair (ahead_id, behind_id, times)", "(?, ?, ?)", 3, b->npair,
		    bind_pair, b, d);
	if (r == ST_OK)
		r = stats_folds_fill(s, d);
	if (r == ST_OK)
		r = ratings_put_all(s, &f->ratings, f->nseats, f->snaps, d);
	return r;
}

void
stats_refill_release(struct stats_refill *f)
{
	statbook_release(&f->b);
	rating_book_release(&f->ratings);
	rating_snaps_free(f->snaps);
	f->snaps = NULL;
}

enum status
stats_counts_fill(struct store *s, struct diag *d)
{
	struct statbook b;
	struct query q = {0};
	statbook_init(&b, 0);
	enum status r = report_stat_scan(s, &q, &b, d);
	for (long i = 0; r == ST_OK && i < b.ncount; i++)
		r = put_count(s, &b.count[i], d);
	statbook_release(&b);
	return r;
}

enum status
stats_rebuild(struct store *s, struct diag *d)
{
	struct stats_refill f;
	enum status r = stats_refill_read(s, &f, d);
	if (r == ST_OK)
		r = stats_refill_write(s, &f, d);
	stats_refill_release(&f);
	return r;
}

enum status
report_stat_pairs(struct store *s, int (*cb)(long ahead, long behind, long times, void *ctx), void *ctx,
    struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT ahead_id, behind_id, times FROM stat_pair"
	    " ORDER BY ahead_id, behind_id", d);
	int rc;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		if (cb(sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 1), sqlite3_column_int64(q, 2), ctx))
			break;
	store_finish(s, q);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read statistics");
}

enum status
report_stat_tables(struct store *s, struct statbook *b, int pairs, struct diag *d)
{
	sqlite3_stmt *q;
	int rc;
	if ((q = store_prep(s, "SELECT player_id, kind, games, finished, wins, sum_rank, sum_score, best, worst,"
	    " scored, streak, longest, eliminated, eliminations, chip_games, chips_net, chips_won, chips_lost,"
	    " last_game FROM stat_line", d)) == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int kind = statbook_kind((const char *)sqlite3_column_text(q, 1));
		if (kind < 0)
			continue;
		struct stat_line *l = statbook_line(b, sqlite3_column_int64(q, 0), kind);
		long *v[] = { &l->games, &l->finished, &l->wins, &l->sum_rank, &l->sum_score, &l->best, &l->worst,
			NULL, &l->streak, &l->longest, &l->eliminated, &l->eliminations, &l->chip_games,
			&l->chips_net, &l->chips_won, &l->chips_lost, &l->last_game };
		for (int i = 0; i < (int)ARRAY_LEN(v); i++)
			if (v[i])
				*v[i] = sqlite3_column_int64(q, 2 + i);
		l->scored = sqlite3_column_int(q, 9);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read statistics");
	if ((q = store_prep(s, "SELECT player_id, kind, players, games, wins FROM stat_count", d)) == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int kind = statbook_kind((const char *)sqlite3_column_text(q, 1));
		if (kind < 0)
			continue;
		struct stat_count *c = statbook_count(b, sqlite3_column_int64(q, 0), kind, sqlite3_column_int64(q, 2));
		c->games = sqlite3_column_int64(q, 3);
		c->wins = sqlite3_column_int64(q, 4);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read statistics");
	if (!pairs)
		return ST_OK;
	if ((q = store_prep(s, "SELECT ahead_id, behind_id, times FROM stat_pair", d)) == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		statbook_pair(b, sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 1))->times =
		    sqlite3_column_int64(q, 2);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read statistics");
}

static int
among(long id, const long *ids, int n)
{
	for (int i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

/* Take away every kept statistic of players ids[0..n-1]. */
static enum status
wipe_players(struct store *s, const long *ids, int n, struct diag *d)
{
	static const char *const wipe[] = {
		"DELETE FROM stat_line WHERE player_id = ?1",
		"DELETE FROM stat_count WHERE player_id = ?1",
		"DELETE FROM stat_pair WHERE ahead_id = ?1 OR behind_id = ?1",
	};
	enum status r = ST_OK;
	for (int i = 0; r == ST_OK && i < n; i++)
		for (size_t k = 0; r == ST_OK && k < ARRAY_LEN(wipe); k++)
			r = store_run2(s, wipe[k], ids[i], 0, d);
	/* their fold order made again from their seats (a merge moved them) */
	for (int i = 0; r == ST_OK && i < n; i++)
		r = folds_fill(s, ids[i], d);
	return r;
}

/* The games players ids[0..n-1] sat in, each once, in time order (as the
 * rebuild folds them): *games (heap, *ngames). */
static enum status
player_games(struct store *s, const long *ids, int n, long **games, int *ngames, struct diag *d)
{
	sqlite3_stmt *q;
	int rc = SQLITE_DONE;
	for (int i = 0; i < n; i++) {
		if ((q = store_prep(s, "SELECT DISTINCT g.id, g.started FROM game g JOIN seat x ON x.game_id = g.id"
		    " WHERE x.player_id = ?", d)) == NULL)
			return d->status;
		sqlite3_bind_int64(q, 1, ids[i]);
		while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
			long id = sqlite3_column_int64(q, 0);
			if (among(id, *games, *ngames))
				continue;
			*games = xrealloc(*games, sizeof **games * (size_t)(*ngames + 1));
			(*games)[(*ngames)++] = id;
		}
		store_finish(s, q);
		if (rc != SQLITE_DONE)
			return store_error(s, rc, d, "read statistics");
	}
	if (*ngames == 0)
		return ST_OK;
	/* one ordered pass: the games' ids joined into the statement */
	struct strbuf sql = {0};
	sb_add(&sql, "SELECT id FROM game WHERE id IN (");
	for (int i = 0; i < *ngames; i++)
		sb_printf(&sql, "%s%ld", i ? "," : "", (*games)[i]);
	sb_add(&sql, ") ORDER BY started, id");
	q = store_prep(s, sql.s, d);
	sb_release(&sql);
	if (q == NULL)
		return d->status;
	for (int i = 0; (rc = sqlite3_step(q)) == SQLITE_ROW; i++)
		(*games)[i] = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read statistics");
}

/* Write the lines, counts and pairs of b that concern players ids. */
static enum status
put_players(struct store *s, const struct statbook *b, const long *ids, int n, struct diag *d)
{
	enum status r = ST_OK;
	for (long i = 0; r == ST_OK && i < b->nline; i++)
		if (among(b->line[i].player, ids, n) && (r = put_line_sums(s, &b->line[i], d)) == ST_OK)
			r = put_line_folds(s, &b->line[i], d);
	for (long i = 0; r == ST_OK && i < b->ncount; i++)
		if (among(b->count[i].player, ids, n))
			r = put_count(s, &b->count[i], d);
	for (long i = 0; r == ST_OK && i < b->npair; i++)
		if (among(b->pair[i].ahead, ids, n) || among(b->pair[i].behind, ids, n))
			r = put_pair(s, &b->pair[i], d);
	return r;
}

enum status
stats_players(struct store *s, const long *ids, int n, struct diag *d)
{
	struct statbook b;
	struct stat_game *g = xmalloc(sizeof *g);
	char started[40];
	long *games = NULL;
	int ngames = 0;
	enum status r;

	statbook_init(&b, 0);
	if ((r = wipe_players(s, ids, n, d)) == ST_OK)
		r = player_games(s, ids, n, &games, &ngames, d);
	for (int i = 0; r == ST_OK && i < ngames; i++)
		if ((r = stats_read_game(s, games[i], g, started, sizeof started, d)) == ST_OK && g->n > 0 &&
		    g->kind >= 0)
			statbook_add(&b, g, 1, 1);
	if (r == ST_OK)
		r = put_players(s, &b, ids, n, d);
	/* a rename or merge changes who sat where: the ratings stand on the
	 * same seats (a merge joins two players' lines, so all are worked out
	 * again) */
	if (r == ST_OK)
		r = ratings_rebuild(s, d);
	statbook_release(&b);
	free(games);
	free(g);
	return r;
}
