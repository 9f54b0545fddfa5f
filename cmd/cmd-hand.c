/* cmd-hand.c: `tally hand [-g ID] ENTRY...`, record the next hand. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_hand_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct warnings w = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	char *canon = NULL;
	long id;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc == 0) {
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage",
		    "usage: tally hand [-g ID] ENTRY... ('tally rules GAME' shows the entry)");
		goto out;
	}
	/* The write lock is taken before the game is read, so the state this
	 * entry is checked against is the state it is stored on. */
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	if ((rc = rules_canonical(st, argc, argv, &canon, &d)) != ST_OK ||
	    (rc = rules_apply_argv(st, argc, argv, &w, &d)) != ST_OK ||
	    (rc = store_hand_append(ctx->store, g->id, canon, st, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK) {
		store_rollback(ctx->store);
		goto out;
	}
	if (ctx->json) {
		json_t *j = standings_hand_json(st, &w);
		json_object_set_new(j, "id", json_integer(g->id));
		standings_print_json(stdout, j);
		json_decref(j);
	} else
		standings_print_hand(stdout, st);
	for (int i = 0; i < w.n; i++)
		cmd_warn(w.msg[i]);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	warnings_free(&w);
	free(canon);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_hand_entry = {
	.name = "hand",
	.usage = "[-g ID] ENTRY... [--ROLE PLAYER]...",
	.summary = "record the next hand; prints its points and the standings",
	.help = "  PLAYER=VALUE        the player's result: a number or a quoted card list\n"
	    "  PLAYER.FIELD=VALUE  a named field (tally rules GAME lists them)\n"
	    "  --ROLE PLAYER       a role in the hand, e.g. --knock Ann\n"
	    "  -g ID               the game (default: the latest one not over)\n"
	    "A hand that breaks a rule is refused (exit 65) and nothing is stored.",
	.exec = cmd_hand_exec,
};
