/* SPDX-License-Identifier: ISC */
/* cmd-use.c: `tally use [ID]`, make ID the current game (SPEC "The current
 * game"), or say which game is current.  An unknown or deleted id is
 * refused (66) and the current game stays. */
#include <stdio.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_use_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	long id = 0;
	int set = argc == 1;
	enum status rc = cmd_optional_game_id(argc, argv, "usage: tally use [ID]", &id, &d);

	/* cmd_load_game refuses an unknown or deleted game before anything
	 * is written */
	if (rc == ST_OK && (rc = cmd_load_game(ctx, id, set, &g, &st, &d)) == ST_OK) {
		if (set && ((rc = store_current_set(ctx->store, g->id, &d)) != ST_OK ||
		    (rc = store_commit(ctx->store, &d)) != ST_OK))
			goto out;
		if (!set)
			store_rollback(ctx->store);
		char name[160], next[160] = "";
		standings_hand_name(st, g->id, 0, name, sizeof name);
		if (!st->over && !st->closed)
			rules_describe_next(st, next, sizeof next);
		if (ctx->json) {
			struct jv *j = jv_pack("{s:I, s:s, s:s, s:s}", "current", (long long)g->id, "game", g->kind,
			    "title", name, "status", standings_status(st));
			jv_print(stdout, j);
			jv_free(j);
		} else if (st->over || st->closed)
			printf("%s is the current game; it is over ('tally new ...' starts the next one)\n", name);
		else
			printf("%s is the current game; next: %s\n", name, next);
	}
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_use_entry = {
	.name = "use",
	.usage = "[ID]",
	.summary = "make game ID the current game (without ID: say which one is)",
	.help = "  hand, undo, redo, edit, show, end, deal, ledger and sheet with no game\n"
	    "  named act on the current game: the one last started with 'new' or chosen\n"
	    "  with 'use'; '-g ID' (or an ID) picks another for one command.  An\n"
	    "  unknown or deleted id is refused (exit 66) and the current game stays.",
	.exec = cmd_use_exec,
};
