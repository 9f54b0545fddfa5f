/* cmd-undo.c: `tally undo [-g ID]`, remove the last hand (kept for redo). */
#include <stdio.h>

#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_undo_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL, *prev = NULL;
	long id;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc > 0) {
		rc = diag_set(&d, ST_USAGE, NULL, argv[0], "usage", "usage: tally undo [-g ID]");
		goto out;
	}
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	if (g->nhands == 0) {
		rc = diag_set(&d, ST_NOINPUT, NULL, NULL, "hand", "game %ld has no hand to undo", g->id);
		store_rollback(ctx->store);
		goto out;
	}
	prev = rules_replay(st->rules, g->names, g->nplayers, &g->opts, g->dealer,
	    g->entries, g->nhands - 1, &d);
	if (prev == NULL) {
		rc = ST_INTERNAL;
		store_rollback(ctx->store);
		goto out;
	}
	if (g->closed)
		rules_close(prev);
	if ((rc = store_hand_undo(ctx->store, g->id, prev, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK)
		goto out;
	printf("undid %s %d: %s\n('tally redo' puts it back)\n", st->rules->hand_word, g->nhands,
	    g->entries[g->nhands - 1]);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	state_free(st);
	state_free(prev);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "[-g ID]",
	.summary = "remove the last hand; 'redo' restores it",
	.exec = cmd_undo_exec,
};
