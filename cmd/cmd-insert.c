/* SPDX-License-Identifier: ISC */
/* cmd-insert.c: `tally insert HAND [-g ID] ENTRY...`, put a forgotten hand
 * in before hand HAND; every later hand is checked again, as `edit`
 * checks them.  The entry names the seats as they were before hand HAND
 * (cmd_subs_at): a substitute from HAND on sits down after it. */
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

void
cmd_print_inserted(const struct cmd_run *r, const struct game_state *re, int number, const char *canon,
    const char *verb)
{
	const struct stored_game *g = r->g;
	struct game_ref ref = { g->id, g->started };
	if (r->ctx->json) {
		struct jv *j = standings_show_json(re, &ref);
		jv_set(j, "inserted", jv_int(number));
		jv_print(stdout, j);
		jv_free(j);
		return;
	}
	char name[160];
	const char *hw = re->rules->words.hand_word;
	standings_hand_name(re, g->id, number, name, sizeof name);
	cmd_say(stdout, "  ", "%s %s: %s", name, verb, canon);
	if (number == g->nhands)
		cmd_say(stdout, "", "%s %d is now %s %d", hw, number, hw, number + 1);
	else if (number < g->nhands)
		cmd_say(stdout, "", "%ss %d to %d are now %d to %d", hw, number, g->nhands, number + 1, g->nhands + 1);
	cmd_joins_moved(r->st, re);
	standings_print_totals(stdout, re, &ref);
}

static enum status
cmd_insert_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *re = NULL;
	char *canon = NULL, name[160];
	long number;
	enum status rc = cmd_hand_number(r, 1, &number, name, sizeof name, d);
	if (rc != ST_OK)
		return rc;
	if (r->st->closed)
		return diag_set(d, ST_RULE, NULL, NULL, "game over", "%s was ended with 'tally end'; 'tally undo' reopens it",
		    name);
	if ((rc = cmd_replay_changed(g, r->st, (int)number, 1, name, r->argc - 1, r->argv + 1, &re, &canon, &r->w, d)) == ST_OK &&
	    /* for `undo`, which takes it out again */
	    (rc = store_step_push(r->store, g->id, "insert", (int)number, canon, d)) == ST_OK &&
	    (rc = store_hand_insert(r->store, g->id, (int)number, canon, re, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK)
		cmd_print_inserted(r, re, (int)number, canon, "put in");
	free(canon);
	state_free(re);
	return rc;
}

const struct cmd_entry cmd_insert_entry = {
	.name = "insert",
	.usage = "HAND [-g ID] ENTRY...",
	.summary = "put a forgotten hand in before hand HAND; later hands are checked again; 'undo' takes it out",
	.game = CMD_GAME_WRITE | CMD_GAME_ROLES,
	.nargs = { 2, -1 },
	.run = cmd_insert_exec,
};
