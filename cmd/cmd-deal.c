/* SPDX-License-Identifier: ISC */
/* cmd-deal.c: `tally deal [ID]`: who deals the next hand and how to set up
 * the pack for this game and player count. */
#include <stdio.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_deal_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	long id = 0;
	enum status rc = cmd_optional_game_id(argc, argv, "usage: tally deal [ID]", &id, &d);

	if (rc == ST_OK && (rc = cmd_load_game(ctx, id, 0, &g, &st, &d)) == ST_OK) {
		char next[160] = "", help[400] = "";
		store_rollback(ctx->store);
		rules_describe_next(st, next, sizeof next);
		rules_deal_help(st, help, sizeof help);
		if (ctx->json) {
			struct jv *j = jv_pack("{s:I, s:s, s:s}", "id", (long long)g->id, "game", g->kind,
			    "status", standings_status(st));
			if (!st->over && !st->closed) {
				jv_set(j, "next", jv_str(next));
				jv_set(j, "dealer", jv_str(st->p[st->dealer].name));
			}
			if (*help)
				jv_set(j, "setup", jv_str(help));
			jv_print(stdout, j);
			jv_free(j);
		} else if (st->over || st->closed)
			printf("%s #%ld is over\n", rules_title(st->rules, &st->opts), g->id);
		else
			printf("%s #%ld, %s: %s deals.\n", rules_title(st->rules, &st->opts), g->id, next, st->p[st->dealer].name);
		if (*help && !ctx->json)
			printf("Set-up for %d players: %s.\n", st->nplayers, help);
	}
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_deal_entry = {
	.name = "deal",
	.usage = "[ID]",
	.summary = "who deals next and how to set up the pack for the game",
	.exec = cmd_deal_exec,
};
