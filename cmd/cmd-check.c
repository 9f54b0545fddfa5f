/*
 * cmd-check.c: `tally check`: PRAGMA integrity_check, then every game
 * replayed through its rules and compared with what is stored: each hand's
 * points and running totals and chips, each player's total, chips, lives,
 * place and whether they are out or won.  A difference is an internal error
 * (exit 70); a damaged file is exit 74.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../db/report.h"
#include "cmd.h"

static int
compare(const struct stored_game *g, const struct game_state *st, const struct stored_derived *x)
{
	int bad = 0, n = st->nplayers;
	if (x->nplayers != n || x->nhands != st->nhands) {
		printf("game %ld: stored %d players and %d hands, the replay has %d and %d\n", g->id, x->nplayers,
		    x->nhands, n, st->nhands);
		return 1;
	}
	for (int h = 0; h < st->nhands; h++) {
		for (int i = 0; i < n; i++) {
			size_t k = (size_t)h * (size_t)n + (size_t)i;
			long running = 0;
			for (int j = 0; j <= h; j++)
				running += st->hands[j].points[i];
			if (x->points[k] != st->hands[h].points[i] || x->running[k] != running ||
			    ((st->has_chips || st->has_lives) && x->hand_chips[k] != st->hands[h].chips[i])) {
				if (bad++ < 5)
					printf("game %ld hand %d %s: stored %ld (total %ld, chips %ld), replay %ld (total %ld, chips %ld)\n",
					    g->id, h + 1, st->p[i].name, x->points[k], x->running[k], x->hand_chips[k],
					    st->hands[h].points[i], running, st->hands[h].chips[i]);
			}
		}
	}
	for (int i = 0; i < n; i++) {
		const struct player_state *p = &st->p[i];
		long chips = st->has_chips ? p->chips : -1, lives = st->has_lives ? p->lives : -1;
		if (x->total[i] != p->total || x->chips[i] != chips || x->lives[i] != lives ||
		    x->out[i] != p->out || x->rank[i] != p->rank || x->winner[i] != p->winner) {
			if (bad++ < 5)
				printf("game %ld %s: stored total %ld chips %ld lives %ld place %d%s%s, replay %ld %ld %ld %d%s%s\n",
				    g->id, p->name, x->total[i], x->chips[i], x->lives[i], x->rank[i],
				    x->out[i] ? " out" : "", x->winner[i] ? " winner" : "", p->total, chips, lives, p->rank,
				    p->out ? " out" : "", p->winner ? " winner" : "");
		}
	}
	return bad;
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
		printf("statistics: %s %s and %s differ from the games\n", what, p,
		    other >= 0 && other < nm->n && nm->v[other] ? nm->v[other] : "?");
	else if (other >= 0)
		printf("statistics: %s of %s at %s with %ld players differ from the games\n", what, p,
		    rules_registry[kind]->name, other);
	else
		printf("statistics: %s of %s at %s differ from the games\n", what, p, rules_registry[kind]->name);
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

/* The statistics and history columns the writer keeps (schema 7) against
 * the seats and hands they come from; the number of differences. */
static enum status
check_kept(struct store *s, const struct query *q, long *bad, struct diag *d)
{
	long *ids = NULL, n = 0;
	enum status rc;
	if ((rc = report_stale_games(s, q, &ids, &n, d)) != ST_OK)
		return rc;
	for (long i = 0; i < n && i < 5; i++)
		printf("game %ld: the hands or seats kept for history differ from the game\n", ids[i]);
	*bad += n;
	free(ids);
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
	if (nm.v)
		report_names_free(nm.v, nm.n);
	statbook_free(&want);
	statbook_free(&have);
	return rc;
}

/* Replay every game of ids against what is stored; *bad counts the games
 * that differ.  ST_OK unless the store fails. */
static enum status
replay_games(struct store *s, const long *ids, long n, long *bad, struct diag *d)
{
	enum status rc = ST_OK;
	for (long i = 0; rc == ST_OK && i < n; i++) {
		struct stored_game *g = NULL;
		struct stored_derived x;
		struct diag d2 = {0};
		if ((rc = store_game_load(s, ids[i], &g, d)) != ST_OK)
			break;
		const struct game_rules *r = rules_find(g->kind);
		struct game_state *st = r ? rules_replay(r, g->names, g->nplayers, &g->opts, g->dealer, g->entries,
		    g->nhands, &d2) : NULL;
		if (st == NULL) {
			printf("game %ld (%s) no longer replays: %s\n", g->id, g->kind, d2.message ? d2.message : "unknown game");
			(*bad)++;
		} else {
			if (g->closed)
				rules_close(st);
			if ((rc = report_derived(s, g->id, &x, d)) == ST_OK) {
				*bad += compare(g, st, &x) > 0;
				report_derived_free(&x);
			}
		}
		diag_clear(&d2);
		state_free(st);
		stored_game_free(g);
	}
	return rc;
}

static enum status
cmd_check_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0}, d_int = {0};
	struct store *s;
	struct query q = {0};
	struct integrity_job *job = NULL;
	long *ids = NULL, n = 0, bad_games = 0, bad_kept = 0;
	int ok = 1;
	char *why = NULL;
	enum status rc, rc_int;

	if ((rc = query_parse(argc, argv, &q, &d)) != ST_OK || (rc = cmd_store(ctx, &s, &d)) != ST_OK ||
	    (rc = store_begin(s, 0, &d)) != ST_OK)
		goto out;
	/* the file's own check runs on the other core while the games replay */
	report_integrity_start(s, &job, &d);
	if ((rc = report_game_ids(s, &q, &ids, &n, &d)) == ST_OK &&
	    (rc = replay_games(s, ids, n, &bad_games, &d)) == ST_OK)
		rc = check_kept(s, &q, &bad_kept, &d);
	rc_int = report_integrity_finish(s, job, &ok, &why, &d_int);
	store_rollback(s);
	if (rc_int != ST_OK) {
		/* the file itself failed: that is the news, not what the replay met */
		diag_clear(&d);
		d = d_int;
		memset(&d_int, 0, sizeof d_int);
		rc = rc_int;
	} else if (!ok) {
		diag_clear(&d);
		rc = diag_set(&d, ST_IO, NULL, NULL, "check", "the database file is damaged: %s", why);
	} else if (rc != ST_OK)
		;
	else if (bad_games)
		rc = diag_set(&d, ST_INTERNAL, NULL, NULL, "check",
		    "%ld of %ld game%s differ from their replay", bad_games, n, n == 1 ? "" : "s");
	else if (bad_kept)
		rc = diag_set(&d, ST_INTERNAL, NULL, NULL, "check",
		    "the statistics or history kept by the writer differ from the games");
	else
		printf("ok: the file is sound, all %ld game%s replay to what is stored%s\n", n, n == 1 ? "" : "s",
		    q.n ? "" : ", and the statistics agree");
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	diag_clear(&d_int);
	query_free(&q);
	free(ids);
	free(why);
	return rc;
}

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[QUERY]",
	.summary = "check the file and replay every game against what is stored",
	.exec = cmd_check_exec,
};
