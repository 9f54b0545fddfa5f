/* SPDX-License-Identifier: ISC */
/* cmd-end.c: `tally end [--abandon] [ID]`, close a game early with the
 * standings as they are, or abandon it with no result. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_end_exec(struct cmd_run *r, struct diag *d)
{
	struct game_state *st = r->st;
	struct game_ref ref = { r->g->id, r->g->started };
	enum status rc;
	if (st->over || st->closed) {
		char name[160];
		standings_hand_name(st, r->g->id, 0, name, sizeof name);
		return diag_set(d, ST_RULE, NULL, NULL, "game over", "%s is already over", name);
	}
	if (cmd_opt(r, "abandon"))
		rules_abandon(st);
	else
		rules_close(st);
	cmd_warn_set_aside(r->g, st, &r->w);
	if ((rc = store_step_push(r->store, r->g->id, "end", 0, NULL, d)) != ST_OK ||
	    (rc = store_game_close(r->store, r->g->id, st, d)) != ST_OK || (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json) {
		struct jv *j = standings_show_json(st, &ref);
		jv_print(stdout, j);
		jv_free(j);
	} else
		standings_print(stdout, st, &ref);
	return ST_OK;
}

const struct cmd_entry cmd_end_entry = {
	.name = "end",
	.usage = "[--abandon] [ID]",
	.summary = "close a game early, the leaders its winners (none when no hand was played), or --abandon it with no result and no"
	    " places ('undo' right after reopens it)",
	.options = (const struct cmd_option[]){ { "abandon", 0, NULL }, { 0 } },
	.game = CMD_GAME_WRITE | CMD_GAME_ARG,
	.run = cmd_end_exec,
};
