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
cmd_redo_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct warnings w = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	long id;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc > 0) {
		rc = diag_set(&d, ST_USAGE, NULL, argv[0], "usage", "usage: tally redo [-g ID]");
		goto out;
	}
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	struct game_ref ref = { g->id, g->started };
	char name[160];
	standings_hand_name(st, g->id, 0, name, sizeof name);
	if (!g->closed && g->end_undone >= 0 && g->end_undone == g->nhands) {
		/* the undone `end` comes back where it was */
		rules_close(st);
		if ((rc = store_game_close(ctx->store, g->id, st, &d)) != ST_OK ||
		    (rc = store_commit(ctx->store, &d)) != ST_OK)
			goto out;
		if (ctx->json)
			cmd_print_game_json(g, st, "redid", "end");
		else {
			printf("%s: redid end\n", name);
			standings_print(stdout, st, &ref);
		}
		goto out;
	}
	if (g->nundone == 0) {
		rc = diag_set(&d, ST_NOINPUT, NULL, NULL, "hand", "%s has nothing undone to redo", name);
		store_rollback(ctx->store);
		goto out;
	}

	/* The hand is checked again: it must still hold where it goes. */
	if ((rc = rules_apply_text(st, g->undone[0], &w, &d)) != ST_OK ||
	    (rc = store_hand_redo(ctx->store, g->id, st, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK) {
		store_rollback(ctx->store);
		goto out;
	}
	if (ctx->json)
		cmd_print_game_json(g, st, "redid", "hand");
	else {
		standings_hand_name(st, g->id, st->nhands, name, sizeof name);
		printf("%s: redid %s\n", name, g->undone[0]);
		standings_print_hand(stdout, st, &ref);
	}
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	warnings_free(&w);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "[-g ID]",
	.summary = "restore the hand (or the 'end') that 'undo' took back",
	.exec = cmd_redo_exec,
};
