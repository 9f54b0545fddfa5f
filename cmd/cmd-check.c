/* SPDX-License-Identifier: ISC */
/*
 * cmd-check.c: `tally check`: PRAGMA integrity_check, then every game
 * replayed through its rules and compared with what is stored: each hand's
 * points and running totals and chips, each player's total, chips, lives,
 * place and whether they are out or won; then the statistics and history
 * lines the writer keeps against the seats and hands.  A difference is an
 * internal error (exit 70); a damaged file is exit 74.
 *
 * At a million hands the replay is most of the time, so the games are cut
 * into id ranges replayed by one thread each on connections of their own
 * (one per processor, at most four), while a further thread runs
 * PRAGMA integrity_check.  What each thread finds is printed in id order
 * when they are done.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/checkpoint.h"
#include "../core/json.h"
#include "../core/progress.h"
#include "../core/rating.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

#include <unistd.h>

#define MAX_WORKERS 4

static int
compare(const struct stored_game *g, const struct game_state *st, const struct stored_derived *x,
    struct strbuf *out)
{
	int bad = 0, n = st->nplayers;
	if (x->nplayers != n || x->nhands != st->nhands) {
		sb_printf(out, "game %ld: stored %d player%s and %d hand%s, the replay has %d and %d\n", g->id,
		    x->nplayers, plural_s(x->nplayers), x->nhands, plural_s(x->nhands), n, st->nhands);
		return 1;
	}
	/* the running totals as the replay makes them, hand by hand; the
	 * counters held where the game declares a chips or lives column */
	const struct column *chips_col = state_column(st, "chips"), *lives_col = state_column(st, "lives");
	long *running = xcalloc((size_t)n, sizeof *running);
	for (int h = 0; h < st->nhands; h++) {
		for (int i = 0; i < n; i++) {
			size_t k = (size_t)h * (size_t)n + (size_t)i;
			if (h + 1 < st->p[i].joined) {
				/* a late arrival has no score before they sat down */
				if (x->points[k] != -999999 && bad++ < 5)
					sb_printf(out, "game %ld hand %d %s: stored a score before they joined\n", g->id, h + 1,
					    st->p[i].name);
				continue;
			}
			running[i] += st->hands[h].points[i] + (h + 1 == st->p[i].joined ? st->p[i].start : 0);
			if (x->points[k] != st->hands[h].points[i] || x->running[k] != running[i] ||
			    ((chips_col || lives_col) && x->hand_chips[k] != st->hands[h].held[i])) {
				if (bad++ < 5)
					sb_printf(out, "game %ld hand %d %s: stored %ld (total %ld, chips %ld), replay %ld (total %ld, chips %ld)\n",
					    g->id, h + 1, st->p[i].name, x->points[k], x->running[k], x->hand_chips[k],
					    st->hands[h].points[i], running[i], st->hands[h].held[i]);
			}
		}
	}
	free(running);
	for (int i = 0; i < n; i++) {
		const struct player_state *p = &st->p[i];
		long chips = chips_col ? chips_col->value(st, i) : -1, lives = lives_col ? lives_col->value(st, i) : -1;
		if (x->total[i] != p->total || x->chips[i] != chips || x->lives[i] != lives ||
		    x->out[i] != p->out || x->rank[i] != p->rank || x->winner[i] != p->winner) {
			if (bad++ < 5)
				sb_printf(out, "game %ld %s: stored total %ld chips %ld lives %ld place %d%s%s, replay %ld %ld %ld %d%s%s\n",
				    g->id, p->name, x->total[i], x->chips[i], x->lives[i], x->rank[i],
				    x->out[i] ? " out" : "", x->winner[i] ? " winner" : "", p->total, chips, lives, p->rank,
				    p->out ? " out" : "", p->winner ? " winner" : "");
		}
	}
	return bad;
}

/* Whether the history line kept with the game (schema 7) says what its
 * hands and seats say. */
static int
history_line_differs(const struct stored_game *g, const struct stored_derived *x)
{
	struct strbuf want = {0};
	sb_add(&want, "");
	for (int i = 0; i < g->nplayers; i++) {
		if (i > 0)
			sb_addc(&want, '\x1f');
		sb_printf(&want, "%d%s", i < x->nplayers ? x->winner[i] : 0, g->names[i]);
	}
	int differs = x->kept_hands != g->nhands || strcmp(want.s, x->kept_seats ? x->kept_seats : "") != 0;
	sb_release(&want);
	return differs;
}

struct names {
	char **v;
	long n;
};

static void
stat_differs(const char *what, long player, long other, int kind, void *ctx)
{
	const struct names *nm = ctx;
	const char *p = player >= 0 && player < nm->n && nm->v[player] ? nm->v[player] : "?";
	if (kind < 0)
		cmd_say(stdout, "  ", "statistics: %s %s and %s differ from the games", what, p,
		    other >= 0 && other < nm->n && nm->v[other] ? nm->v[other] : "?");
	else if (other >= 0)
		cmd_say(stdout, "  ", "statistics: %s of %s at %s with %ld players differ from the games", what, p,
		    statbook_kind_title(kind), other);
	else
		cmd_say(stdout, "  ", "statistics: %s of %s at %s differ from the games", what, p, statbook_kind_title(kind));
}

static int
cmp_pair_ids(const void *a, const void *b)
{
	const struct stat_pair *x = a, *y = b;
	if (x->ahead != y->ahead)
		return x->ahead < y->ahead ? -1 : 1;
	return (x->behind > y->behind) - (x->behind < y->behind);
}

/* The folded pairs (sorted by ids) against the kept ones as they stream
 * by; a call with ahead -1 flushes what is left. */
struct pair_merge {
	const struct stat_pair *want;
	long n, i, bad;
	const struct names *nm;
};

static void
pair_differs(struct pair_merge *m, long ahead, long behind)
{
	if (m->bad++ < 5)
		stat_differs("places against", ahead, behind, -1, (void *)m->nm);
}

static int
merge_pair(long ahead, long behind, long times, void *ctx)
{
	struct pair_merge *m = ctx;
	int end = ahead < 0;
	/* folded pairs before this one were not kept */
	while (m->i < m->n && (end || m->want[m->i].ahead < ahead ||
	    (m->want[m->i].ahead == ahead && m->want[m->i].behind < behind))) {
		if (m->want[m->i].times != 0)
			pair_differs(m, m->want[m->i].ahead, m->want[m->i].behind);
		m->i++;
	}
	if (end)
		return 0;
	long want = 0;
	if (m->i < m->n && m->want[m->i].ahead == ahead && m->want[m->i].behind == behind)
		want = m->want[m->i++].times;
	if (want != times)
		pair_differs(m, ahead, behind);
	return 0;
}

/* The statistics the writer keeps (schema 7) against the seats they come
 * from; adds the number of differences to *bad. */
static enum status
check_kept(struct store *s, const struct query *q, long *bad, struct diag *d)
{
	enum status rc;
	if (q->n > 0)
		return ST_OK;  /* the statistics cover every game */
	struct statbook want, have;
	struct names nm = {0};
	statbook_init(&want, 0);
	statbook_init(&have, 0);
	if ((rc = report_stat_scan(s, q, &want, d)) == ST_OK && (rc = report_stat_tables(s, &have, 0, d)) == ST_OK &&
	    (rc = report_player_names(s, &nm.v, &nm.n, d)) == ST_OK) {
		*bad += statbook_compare(&want, &have, 0, stat_differs, &nm) > 0;
		/* the pairs (players squared) merged in order, not held twice */
		struct pair_merge m = { want.pair, want.npair, 0, 0, &nm };
		if (want.npair > 1)
			qsort(want.pair, (size_t)want.npair, sizeof *want.pair, cmp_pair_ids);
		if ((rc = report_stat_pairs(s, merge_pair, &m, d)) == ST_OK) {
			merge_pair(-1, -1, 0, &m);
			*bad += m.bad > 0;
		}
	}
	long folds = 0;
	if (rc == ST_OK && (rc = report_stat_folds_differ(s, &folds, d)) == ST_OK && folds > 0) {
		cmd_say(stdout, "  ", "statistics: %ld row%s of the order best, worst and the streaks are folded in differ from"
		    " the games", folds, plural_s(folds));
		(*bad)++;
	}
	if (nm.v)
		report_names_free(nm.v, nm.n);
	statbook_release(&want);
	statbook_release(&have);
	return rc;
}

/* One thread's share of the replay: the games matching q with ids lo..hi,
 * on a connection of its own. */
struct replay_job {
	const char *path;
	const struct query *q;
	long lo, hi;
	long n, bad;           /* games replayed, games that differ */
	long stale;            /* games whose history line differs */
	long checkpoints;      /* games with a checkpoint, checked */
	struct strbuf out;     /* what differs, printed after the join */
	enum status rc;
	struct diag d;
	pthread_t thread;
	int started;
	struct progress *pr;   /* shared by the jobs: games replayed */
	struct gate *gate;     /* passed once the job's snapshot is taken */
};

/* Are the rows ck keeps (each hand's entry and time, a NUL after each)
 * the entries of g's first ck->hands hands? */
static int
rows_are_hands(const struct store_checkpoint *ck, const struct stored_game *g)
{
	const char *p = ck->rows, *end = p ? p + ck->nrows : NULL;
	for (int h = 0; h < ck->hands; h++) {
		const char *e = p ? memchr(p, '\0', (size_t)(end - p)) : NULL, *t = e ? memchr(e + 1, '\0', (size_t)(end - e - 1)) : NULL;
		if (t == NULL || h >= g->nhands || strcmp(p, g->entries[h]) != 0)
			return 0;
		p = t + 1;
	}
	return p == end;
}

/* The game's checkpoint (core/checkpoint.h), where it has one of this
 * build for its revision: trusted, and carried on over the hands after
 * it, it must give the whole replay st.  One that is not trusted (a
 * changed byte, another game's) or gives another state is said and
 * counted: commands ignore the first kind, and the second is what a
 * checkpoint must never be. */
static enum status
check_checkpoint(struct store *s, const struct stored_game *g, const struct game_record *rec,
    const struct game_state *st, struct replay_job *j)
{
	struct store_checkpoint ck;
	struct diag d2 = {0};
	enum status rc = store_checkpoint_get(s, g->id, checkpoint_build(), 1, &ck, &j->d);
	if (rc != ST_OK || ck.hands == 0)
		return rc;
	j->checkpoints++;
	struct game_state *from = checkpoint_decode(rec, ck.state, ck.len);
	int failed = 0;
	if (!rows_are_hands(&ck, g)) {
		sb_printf(&j->out, "game %ld: its checkpoint (hand %d) keeps rows that are not its hands; tally ignores it"
		    " and replays the game whole\n", g->id, ck.hands);
		j->bad++;
	} else if (from == NULL) {
		sb_printf(&j->out, "game %ld: its checkpoint (hand %d) is damaged or not its own; tally ignores it and"
		    " replays the game whole\n", g->id, ck.hands);
		j->bad++;
	} else if (rules_replay_rest(from, rec, &failed, &d2) != ST_OK || !checkpoint_same(from, st)) {
		sb_printf(&j->out, "game %ld: its checkpoint (hand %d) does not give the game's replay\n", g->id,
		    ck.hands);
		j->bad++;
	}
	diag_clear(&d2);
	state_free(from);
	store_checkpoint_release(&ck);
	return ST_OK;
}

/* The standings the store keeps of the game for the export (schema 24),
 * where it keeps some of this build for its revision: they must be what
 * the replay st gives, as the export would write it.  Ones that differ
 * are said and counted: the export writes them as they are kept. */
static enum status
check_standings(struct store *s, const struct stored_game *g, const struct game_state *st, struct replay_job *j)
{
	char *kept = NULL;
	enum status rc = store_standings_get(s, g->id, checkpoint_build(), &kept, &j->d);
	if (rc != ST_OK || kept == NULL)
		return rc;
	char *made = view_players_text(st);
	if (made == NULL || strcmp(kept, made) != 0) {
		sb_printf(&j->out, "game %ld: the standings kept for its export are not its replay's\n", g->id);
		j->bad++;
	}
	free(made);
	free(kept);
	return ST_OK;
}

static enum status
replay_games(struct store *s, struct replay_job *j)
{
	struct game_stream *gs;
	enum status rc = report_stream_open(s, j->q, j->lo, j->hi, &gs, &j->d);
	while (rc == ST_OK && !cmd_interrupted()) {
		struct stored_game *g = NULL;
		struct stored_derived x;
		struct diag d2 = {0};
		if ((rc = report_stream_next(gs, &g, &x, &j->d)) != ST_OK || g == NULL)
			break;
		j->n++;
		if (history_line_differs(g, &x)) {
			if (j->stale++ < 5)
				sb_printf(&j->out, "game %ld: the hands or seats kept for history differ from the game\n", g->id);
		}
		const struct game_rules *r = rules_find(g->kind);
		struct game_record rec = cmd_game_record(g, r);
		struct game_state *st = r ? rules_replay(&rec, REPLAY_ALL, &d2) : NULL;
		if (st == NULL) {
			sb_printf(&j->out, "game %ld (%s) no longer replays: %s\n", g->id, g->kind,
			    d2.message ? d2.message : "unknown game");
			j->bad++;
		} else {
			j->bad += compare(g, st, &x, &j->out) > 0;
			if ((rc = check_checkpoint(s, g, &rec, st, j)) != ST_OK ||
			    (rc = check_standings(s, g, st, j)) != ST_OK)
				break;
		}
		report_derived_release(&x);
		diag_clear(&d2);
		state_free(st);
		stored_game_free(g);
		progress_add(j->pr, 1);
	}
	if (gs)
		report_stream_close(gs);
	return rc;
}

/* The replay connections count themselves in here once their snapshot is
 * taken; until all have, the check holds the write lock, so no writer
 * commits and every connection reads one and the same file. */
struct gate {
	pthread_mutex_t m;
	pthread_cond_t c;
	int waiting;
};

static void
gate_pass(struct gate *g)
{
	pthread_mutex_lock(&g->m);
	g->waiting--;
	pthread_cond_signal(&g->c);
	pthread_mutex_unlock(&g->m);
}

static void *
replay_thread(void *arg)
{
	struct replay_job *j = arg;
	struct store *s;
	if ((j->rc = store_open(j->path, &s, &j->d)) != ST_OK) {
		gate_pass(j->gate);
		return NULL;
	}
	if ((j->rc = store_begin(s, 0, &j->d)) == ST_OK)
		j->rc = store_snapshot(s, &j->d);
	gate_pass(j->gate);
	if (j->rc == ST_OK)
		j->rc = replay_games(s, j);
	store_end(s, 0, &j->d);  /* a read: nothing to keep */
	store_close(s);
	return NULL;
}

/* How many threads replay: one per processor, at most MAX_WORKERS, and
 * one for a small file. */
static int
replay_workers(long games)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (games < 200 || cpus < 2)
		return 1;
	return cpus > MAX_WORKERS ? MAX_WORKERS : (int)cpus;
}

/* Do two ratings differ (kept and worked out afresh)?  They come from the
 * same operations on the same numbers, so only rounding in storage may
 * differ, and SQLite keeps doubles exactly. */
static int
rating_differs(const struct rating_entry *x, const struct rating_entry *y)
{
	return x->games != y->games || x->mark_night != y->mark_night || fabs(x->now.mu - y->now.mu) > 1e-9 ||
	    fabs(x->now.sigma - y->now.sigma) > 1e-9 || fabs(x->before.mu - y->before.mu) > 1e-9 ||
	    fabs(x->before.sigma - y->before.sigma) > 1e-9 || fabs(x->after.mu - y->after.mu) > 1e-9 ||
	    fabs(x->after.sigma - y->after.sigma) > 1e-9;
}

/*
 * The ratings: work them out from every finished game, check
 * that each is sane (mu finite, sigma within (0, 25/3]: the update only
 * shrinks it) and that every seat of a finished game was rated once, and
 * compare them with the ratings the writer keeps.  Problems are printed
 * and counted in *bad.
 */
static enum status
check_ratings(struct store *s, long *bad, struct diag *d)
{
	struct rating_book b, k;
	long nseats = 0, rated = 0, kseats = 0;
	int kept = 0;
	enum status rc;
	rating_book_init(&b, 0);
	rating_book_init(&k, 0);
	if ((rc = report_ratings(s, &b, &nseats, d)) == ST_OK &&
	    (rc = report_ratings_kept(s, &k, &kseats, &kept, d)) == ST_OK && kept) {
		long differ = kseats != nseats || k.n != b.n || k.last_night != b.last_night;
		for (long i = 0; i < b.n; i++) {
			const struct rating_entry *e = &b.e[i], *x = rating_book_entry(&k, e->player, e->kind);
			if (rating_differs(e, x) && ++differ <= 5)
				cmd_say(stdout, "  ", "ratings: player %ld at %s is kept as mu %.6f, sigma %.6f (%ld game%s); the games"
				    " give mu %.6f, sigma %.6f (%ld game%s)", e->player, statbook_kind_title(e->kind), x->now.mu,
				    x->now.sigma, x->games, plural_s(x->games), e->now.mu, e->now.sigma, e->games,
				    plural_s(e->games));
		}
		if (differ) {
			++*bad;
			cmd_say(stdout, "  ", "ratings: the ratings kept differ from the games (%ld place%s kept, %ld rated)",
			    kseats, plural_s(kseats), nseats);
		}
	}
	if (rc == ST_OK) {
		for (long i = 0; i < b.n; i++) {
			const struct rating_entry *e = &b.e[i];
			rated += e->games;
			if (!isfinite(e->now.mu) || !(e->now.sigma > 0) || e->now.sigma > RATING_SIGMA + 1e-9) {
				if (++*bad <= 5)
					cmd_say(stdout, "  ", "ratings: player %ld at %s has mu %g, sigma %g", e->player,
					    statbook_kind_title(e->kind), e->now.mu, e->now.sigma);
			}
		}
		if (rated != nseats) {
			++*bad;
			cmd_say(stdout, "  ", "ratings: %ld place%s rated, but the finished games have %ld", rated,
			    plural_s(rated), nseats);
		}
	}
	/* the snapshots a later change works the ratings out again from */
	long snaps = 0, bad_snaps = 0;
	if (rc == ST_OK && (rc = report_rating_snaps_differ(s, &bad_snaps, &snaps, d)) == ST_OK && bad_snaps > 0) {
		++*bad;
		cmd_say(stdout, "  ", "ratings: %ld of the %ld snapshot%s kept differ%s from the games", bad_snaps, snaps,
		    plural_s(snaps), bad_snaps == 1 ? "s" : "");
	}
	rating_book_release(&b);
	rating_book_release(&k);
	return rc;
}

/* What the replays found, over all their ranges. */
struct check_counts {
	long n, bad_games, bad_kept;
	long checkpoints;         /* games whose checkpoint was checked */
	int kept_later;           /* an import at work refills the statistics */
	struct strbuf problems;   /* their lines, for JSON */
};

/* Replay every game of q in id ranges, one thread each (the first on s),
 * and compare the kept statistics (and with no query the ratings) while
 * the other ranges finish; what they find is printed, or kept in
 * c->problems for JSON, in id order. */
static enum status
replay_all(struct cmd_ctx *ctx, struct store *s, struct store *lock, const struct query *q, struct check_counts *c,
    struct diag *d)
{
	struct gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
	long lo, hi;
	struct replay_job jobs[MAX_WORKERS];
	int nw = 0;
	enum status rc;
	memset(jobs, 0, sizeof jobs);
	if ((rc = report_game_span(s, &lo, &hi, d)) != ST_OK)
		return rc;
	nw = replay_workers(hi - lo + 1);
	long total = 0;
	if (q->n == 0 && store_game_count(s, &total, d) != ST_OK)
		return d->status;
	struct progress *pr = progress_start("check: replaying", "games", total);
	for (int i = 0; i < nw; i++) {
		struct replay_job *j = &jobs[i];
		j->pr = pr;
		j->path = ctx->db_path;
		j->q = q;
		j->lo = lo + (hi - lo + 1) * i / nw;
		j->hi = lo + (hi - lo + 1) * (i + 1) / nw - 1;
		j->gate = &gate;
		/* the first range runs here, on the connection already open */
		if (i > 0) {
			pthread_mutex_lock(&gate.m);
			gate.waiting++;
			pthread_mutex_unlock(&gate.m);
			if (!(j->started = pthread_create(&j->thread, NULL, replay_thread, j) == 0))
				gate_pass(&gate);
		}
	}
	/* every connection has its snapshot: writers may go on */
	pthread_mutex_lock(&gate.m);
	while (gate.waiting > 0)
		pthread_cond_wait(&gate.c, &gate.m);
	pthread_mutex_unlock(&gate.m);
	if (lock)
		store_end(lock, 0, d);  /* the lock wrote nothing */
	jobs[0].rc = replay_games(s, &jobs[0]);
	/* the statistics while the other ranges finish */
	c->kept_later = store_import_at_work(s);
	if (c->kept_later && !ctx->json)
		cmd_say(stdout, "  ", "statistics: not checked, an import still at work refills them at its end");
	if (jobs[0].rc == ST_OK && !c->kept_later)
		rc = check_kept(s, q, &c->bad_kept, d);
	if (jobs[0].rc == ST_OK && rc == ST_OK && q->n == 0 && !c->kept_later)
		rc = check_ratings(s, &c->bad_kept, d);
	for (int i = 1; i < nw; i++) {
		if (jobs[i].started)
			pthread_join(jobs[i].thread, NULL);
		else
			jobs[i].rc = replay_games(s, &jobs[i]);
	}
	progress_done(pr);
	for (int i = 0; i < nw; i++) {
		if (ctx->json)
			sb_add(&c->problems, jobs[i].out.s ? jobs[i].out.s : "");
		else if (jobs[i].out.s && *jobs[i].out.s)  /* each line broken between words on a terminal */
			cmd_say(stdout, "  ", "%s", jobs[i].out.s);
		c->n += jobs[i].n;
		c->bad_games += jobs[i].bad;
		c->bad_kept += jobs[i].stale;
		c->checkpoints += jobs[i].checkpoints;
		if (rc == ST_OK && jobs[i].rc != ST_OK) {
			rc = jobs[i].rc;
			diag_clear(d);
			*d = jobs[i].d;
			memset(&jobs[i].d, 0, sizeof jobs[i].d);
		}
	}
	for (int i = 0; i < nw; i++) {
		sb_release(&jobs[i].out);
		diag_clear(&jobs[i].d);
	}
	return rc;
}

/* The outcome: a damaged file first, then a replay that failed, then games
 * or kept rows that differ; rc and d as the replays left them, rc_int and
 * d_int from the integrity check (taken over). */
static enum status
verdict(const struct cmd_ctx *ctx, const struct query *q, enum status rc, enum status rc_int, int ok,
    const char *why, const struct check_counts *c, struct diag *d, struct diag *d_int)
{
	if (rc_int != ST_OK) {
		/* the file itself failed: that is the news, not what the replay met */
		diag_clear(d);
		*d = *d_int;
		memset(d_int, 0, sizeof *d_int);
		return rc_int;
	}
	if (!ok) {
		diag_clear(d);
		return diag_set(d, ST_IO, NULL, NULL, "check", "the database file is damaged: %s", why);
	}
	if (rc != ST_OK)
		return rc;
	if (c->bad_games)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "check", "%ld of %ld game%s %s from %s replay", c->bad_games,
		    c->n, plural_s(c->n), c->bad_games == 1 ? "differs" : "differ", c->bad_games == 1 ? "its" : "their");
	if (c->bad_kept)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "check",
		    "the statistics or history kept by the writer differ from the games (or the ratings are unsound)");
	char ck[80] = "";
	if (c->checkpoints)
		snprintf(ck, sizeof ck, " (and from %s checkpoint%s)", c->checkpoints == 1 ? "its" : "their",
		    plural_s(c->checkpoints));
	/* "all 1 game replay" reads wrong: one game replays, none is said so */
	char games[80];
	if (c->n == 0)
		snprintf(games, sizeof games, "no game %s", q->n ? "matches" : "to replay");
	else if (c->n == 1)
		snprintf(games, sizeof games, "the one game %sreplays to what is stored", q->n ? "that matches " : "");
	else
		snprintf(games, sizeof games, "all %ld games replay to what is stored", c->n);
	if (!ctx->json)
		cmd_say(stdout, "  ", "ok: the file is sound, %s%s%s", games, c->n ? ck : "",
		    q->n || c->kept_later ? "" : ", and the statistics agree; the ratings recompute soundly");
	return ST_OK;
}

/* One JSON object whatever the outcome (the error still goes to stderr). */
static void
print_check_json(enum status rc, const struct check_counts *c)
{
	struct jv *lines = jv_array();
	for (const char *p = c->problems.s; p && *p;) {
		size_t len = strcspn(p, "\n");
		if (len)
			jv_push(lines, jv_strn(p, len));
		p += len + (p[len] != '\0');
	}
	struct jv *j = jv_pack("{s:b, s:I, s:I, s:I, s:b, s:I, s:o}", "ok", rc == ST_OK, "games", (long long)c->n,
	    "differ", (long long)c->bad_games, "kept_differ", (long long)c->bad_kept, "kept_checked",
	    !c->kept_later, "checkpoints", (long long)c->checkpoints, "problems", lines);
	jv_print(stdout, j);
	jv_free(j);
}

static enum status
cmd_check_exec(struct cmd_run *r, struct diag *d)
{
	struct cmd_ctx *ctx = r->ctx;
	struct diag d_int = {0};
	struct store *s, *lock = NULL;
	struct query q = {0};
	struct integrity_job *job = NULL;
	struct check_counts c = {0};
	int ok = 1;
	char *why = NULL;
	enum status rc, rc_int;

	cmd_interrupt_catch();
	if ((rc = query_parse(r->argc, r->argv, &q, d)) != ST_OK || (rc = cmd_store(ctx, &s, d)) != ST_OK)
		goto out;
	/* one snapshot for every connection of the check: the write lock
	 * held (when it can be had: not on a read-only file) while each of
	 * them takes its snapshot, released once all have (replay_all); none
	 * for a file not there, which a check does not make */
	struct diag dl = {0};
	if (store_absent(s) || store_open(ctx->db_path, &lock, &dl) != ST_OK || store_begin(lock, 1, &dl) != ST_OK) {
		store_close(lock);
		lock = NULL;
	}
	diag_clear(&dl);
	if ((rc = store_begin(s, 0, d)) != ST_OK || (rc = store_snapshot(s, d)) != ST_OK) {
		store_close(lock);
		goto out;
	}
	/* the file's own check and the replay run side by side */
	report_integrity_start(s, &job, d);
	rc = replay_all(ctx, s, lock, &q, &c, d);
	store_close(lock);
	rc_int = report_integrity_finish(s, job, &ok, &why, &d_int);
	store_end(s, 0, d);  /* the check reads only */
	if (cmd_interrupted() && rc == ST_OK) {
		/* what was done, and how to finish; check changes nothing */
		rc = diag_set(d, ST_INTERRUPTED, NULL, NULL, "check", "interrupted (Ctrl-C) after replaying %ld game%s"
		    " (%ld differ%s from what is stored); check changes nothing: run 'tally check' again to check every"
		    " game", c.n, plural_s(c.n), c.bad_games, c.bad_games == 1 ? "s" : "");
		sb_release(&c.problems);
		goto out;
	}
	rc = verdict(ctx, &q, rc, rc_int, ok, why, &c, d, &d_int);
	if (ctx->json && rc != ST_USAGE)
		print_check_json(rc, &c);
	sb_release(&c.problems);
out:
	diag_clear(&d_int);
	query_release(&q);
	free(why);
	return rc;
}

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[QUERY]",
	.summary = "check the file, replay every game against what is stored, and check the kept statistics",
	.help = "  A long game's checkpoint (its state after a recent hand, which commands\n"
	    "  replay on from) is compared with the game's whole replay too; one that is\n"
	    "  damaged or not its game's own is said, and exits 70 as any difference.\n"
	    "  So are the standings a finished or imported game keeps for 'export'.",
	.nargs = { 0, -1 },
	.run = cmd_check_exec,
};
