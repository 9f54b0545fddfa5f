/* SPDX-License-Identifier: ISC */
/* cmd-insert.c: `tally insert HAND [-g ID] ENTRY...`, put a forgotten hand
 * in before hand HAND; every later hand is checked again, as `edit`
 * checks them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* Replay g up to before hand `number`, apply the new entry there, then
 * every stored hand from `number` on, each one later than it was: *re is
 * the game with the hand put in and *canon its canonical text (the
 * caller's to free).  A later hand that no longer holds is an error
 * naming it by its number after the insertion. */
static enum status
replay_inserted(const struct stored_game *g, const struct game_state *st, int number, const char *name,
    int argc, char **argv, struct game_state **re, char **canon, struct warnings *w, struct diag *d)
{
	enum status rc;
	struct game_record rec = cmd_game_record(g, st->rules);
	int failed = 0;
	*re = rules_replay(&rec, number - 1, d);
	if (*re == NULL)
		return ST_INTERNAL;
	state_copy_subs(*re, st);
	if ((rc = rules_apply_argv(*re, argc, argv, w, d)) != ST_OK)
		return diag_wrap(d, NULL, "%s, the %s put in as %s %d: ", name, st->rules->words.hand_word,
		    st->rules->words.hand_word, number);
	*canon = xstrdup((*re)->entries[(*re)->nentries - 1]);
	/* the stored hands with the new one in its place */
	char **all = xcalloc((size_t)g->nhands + 2, sizeof *all);
	for (int i = 0; i < g->nhands; i++)
		all[i < number - 1 ? i : i + 1] = g->entries[i];
	all[number - 1] = *canon;
	rec.entries = all;
	rec.nentries = g->nhands + 1;
	rc = rules_replay_rest(*re, &rec, &failed, d);
	free(all);
	if (rc != ST_OK)
		return diag_wrap(d, "; nothing changed", "%s: with a %s put in before %s %d, %s %d (was %d) no longer holds: ",
		    name, st->rules->words.hand_word, st->rules->words.hand_word, number, st->rules->words.hand_word, failed, failed - 1);
	return ST_OK;
}

static enum status
cmd_insert_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *re = NULL;
	char *canon = NULL, name[160];
	long number;
	enum status rc;
	if (!parse_long(r->argv[0], 1, 1000000, &number))
		return diag_set(d, ST_USAGE, NULL, r->argv[0], "usage",
		    "usage: tally insert HAND [-g ID] ENTRY... (the new hand goes in before hand HAND)");
	standings_hand_name(r->st, g->id, 0, name, sizeof name);
	if (number > g->nhands + 1)
		return diag_set(d, ST_NOINPUT, NULL, r->argv[0], "hand", "%s has no %s %ld to put a %s in before (it has %d)",
		    name, r->st->rules->words.hand_word, number, r->st->rules->words.hand_word, g->nhands);
	if (r->st->closed)
		return diag_set(d, ST_RULE, NULL, NULL, "game over", "%s was ended with 'tally end'; 'tally undo' reopens it",
		    name);
	if ((rc = replay_inserted(g, r->st, (int)number, name, r->argc - 1, r->argv + 1, &re, &canon, &r->w, d)) != ST_OK ||
	    (rc = store_hand_insert(r->store, g->id, (int)number, canon, re, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK)
		goto out;
	if (r->ctx->json) {
		struct game_ref ref = { g->id, g->started };
		struct jv *j = standings_show_json(re, &ref);
		jv_set(j, "inserted", jv_int(number));
		jv_print(stdout, j);
		jv_free(j);
	} else {
		standings_hand_name(re, g->id, (int)number, name, sizeof name);
		printf("%s put in: %s\n", name, canon);
		if (number <= g->nhands)
			printf("%ss %ld to %d are now %ld to %d\n", re->rules->words.hand_word, number, g->nhands,
			    number + 1, g->nhands + 1);
		struct game_ref ref = { g->id, g->started };
		standings_print(stdout, re, &ref);
	}
out:
	free(canon);
	state_free(re);
	return rc;
}

const struct cmd_entry cmd_insert_entry = {
	.name = "insert",
	.usage = "HAND [-g ID] ENTRY...",
	.summary = "put a forgotten hand in before hand HAND; later hands are checked again",
	.game = CMD_GAME_WRITE | CMD_GAME_ROLES,
	.nargs = { 2, -1 },
	.run = cmd_insert_exec,
};
