/*
 * cmd-check.c: `tally check`: PRAGMA integrity_check, then every game
 * replayed through its rules and compared with what is stored: each hand's
 * points and running totals and chips, each player's total, chips, lives,
 * place and whether they are out or won.  A difference is an internal error
 * (exit 70); a damaged file is exit 74.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
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

static enum status
cmd_check_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct store *s;
	struct query q = {0};
	long *ids = NULL, n = 0, bad_games = 0;
	int ok = 1;
	char *why = NULL;
	enum status rc;

	if ((rc = query_parse(argc, argv, &q, &d)) != ST_OK || (rc = cmd_store(ctx, &s, &d)) != ST_OK ||
	    (rc = store_begin(s, 0, &d)) != ST_OK)
		goto out;
	if ((rc = report_integrity(s, &ok, &why, &d)) != ST_OK)
		goto rollback;
	if (!ok) {
		rc = diag_set(&d, ST_IO, NULL, NULL, "check", "the database file is damaged: %s", why);
		goto rollback;
	}
	if ((rc = report_game_ids(s, &q, &ids, &n, &d)) != ST_OK)
		goto rollback;
	for (long i = 0; i < n; i++) {
		struct stored_game *g = NULL;
		struct stored_derived x;
		struct diag d2 = {0};
		if ((rc = store_game_load(s, ids[i], &g, &d)) != ST_OK)
			goto rollback;
		const struct game_rules *r = rules_find(g->kind);
		struct game_state *st = r ? rules_replay(r, g->names, g->nplayers, &g->opts, g->dealer, g->entries,
		    g->nhands, &d2) : NULL;
		if (st == NULL) {
			printf("game %ld (%s) no longer replays: %s\n", g->id, g->kind, d2.message ? d2.message : "unknown game");
			bad_games++;
		} else {
			if (g->closed)
				rules_close(st);
			if ((rc = report_derived(s, g->id, &x, &d)) != ST_OK) {
				state_free(st);
				stored_game_free(g);
				goto rollback;
			}
			bad_games += compare(g, st, &x) > 0;
			report_derived_free(&x);
		}
		diag_clear(&d2);
		state_free(st);
		stored_game_free(g);
	}
	store_rollback(s);
	if (bad_games)
		rc = diag_set(&d, ST_INTERNAL, NULL, NULL, "check",
		    "%ld of %ld game%s differ from their replay", bad_games, n, n == 1 ? "" : "s");
	else
		printf("ok: the file is sound and all %ld game%s replay to what is stored\n", n, n == 1 ? "" : "s");
	goto out;
rollback:
	store_rollback(s);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
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
