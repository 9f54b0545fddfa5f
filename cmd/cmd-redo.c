/* SPDX-License-Identifier: ISC */
/* cmd-redo.c: `tally redo [-g ID]`, restore the hand (or the `end`) that
 * `undo` took back. */
#include <stdio.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_redo_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *st = r->st;
	struct game_ref ref = { g->id, g->started };
	char name[160];
	enum status rc;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	if (!g->closed && g->end_undone >= 0 && g->end_undone == g->nhands) {
		/* the undone `end` comes back where it was, as it was: ended
		 * early (the leaders win) or abandoned (no result) */
		int abandon = g->end_undone_closed == GAME_ABANDONED;
		if (abandon)
			rules_abandon(st);
		else
			rules_close(st);
		if ((rc = store_game_close(r->store, g->id, st, d)) != ST_OK || (rc = store_commit(r->store, d)) != ST_OK)
			return rc;
		if (r->ctx->json)
			cmd_print_game_json(g, st, "redid", "end");
		else {
			printf("%s: redid end%s\n", name, abandon ? " --abandon" : "");
			standings_print(stdout, st, &ref);
		}
		return ST_OK;
	}
	if (g->nundone == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "hand", "%s has nothing undone to redo", name);
	/* The hand is checked again: it must still hold where it goes. */
	if ((rc = rules_apply_text(st, g->undone[0], &r->w, d)) != ST_OK ||
	    (rc = store_hand_redo(r->store, g->id, st, d)) != ST_OK || (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json)
		cmd_print_game_json(g, st, "redid", "hand");
	else {
		standings_hand_name(st, g->id, st->nhands, name, sizeof name);
		printf("%s: redid %s\n", name, g->undone[0]);
		standings_print_hand(stdout, st, &ref);
	}
	return ST_OK;
}

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "[-g ID]",
	.summary = "restore the hand (or the 'end', as it was: ended early or abandoned) that 'undo' took back",
	.game = CMD_GAME_WRITE,
	.run = cmd_redo_exec,
};
