/* SPDX-License-Identifier: ISC */
/* maintain.c: the maintenance step after an open (see maintain.h). */
#include "maintain.h"

#include <stdlib.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/store.h"

/* Game id's derived rows written again from a replay of its entries. */
static enum status
rederive_game(struct store *s, long id, struct diag *d)
{
	struct stored_game *g = NULL;
	enum status rc = store_game_load(s, id, &g, d);
	if (rc != ST_OK)
		return rc;
	const struct game_rules *rules = rules_find(g->kind);
	struct game_record rec = { rules, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands,
		g->closed, g->joined, g->join_total, g->subs, g->nsubs };
	struct game_state *st = rules ? rules_replay(&rec, REPLAY_ALL, d) : NULL;
	if (st == NULL) {
		char *msg = xstrdup(rules ? d->message : "no such game in this tally");
		rc = diag_set(d, ST_INTERNAL, NULL, g->kind, "upgrade",
		    "game %ld (%s) does not replay under the corrected rules: %s; nothing was changed", id, g->kind, msg);
		free(msg);
	} else {
		rc = store_game_rewrite(s, id, g->entries, g->nhands, g->undone, g->nundone, st, d);
	}
	state_free(st);
	stored_game_free(g);
	return rc;
}

enum status
maintain_store(struct store *s, struct diag *d)
{
	long *ids = NULL;
	int n = 0;
	enum status rc = store_restat_pending(s, d);
	/* a look first, outside any transaction: most runs have nothing to
	 * do and must not take the write lock for it */
	if (rc != ST_OK || (rc = store_rederive_list(s, &ids, &n, d)) != ST_OK || ids == NULL)
		return rc;
	free(ids);
	ids = NULL;
	if ((rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	if ((rc = store_rederive_list(s, &ids, &n, d)) == ST_OK && ids != NULL) {
		store_stats_defer(s);
		for (int i = 0; i < n && rc == ST_OK; i++)
			rc = rederive_game(s, ids[i], d);
		if (rc == ST_OK)
			rc = store_stats_resume(s, d);
		if (rc == ST_OK)
			rc = store_rederive_clear(s, d);
	}
	int any = ids != NULL;
	free(ids);
	/* kept when there was something to re-derive and it all went well */
	enum status end = store_end(s, rc == ST_OK && any, d);
	return rc == ST_OK ? end : rc;
}
