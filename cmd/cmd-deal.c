/* SPDX-License-Identifier: ISC */
/* cmd-deal.c: `tally deal [ID]`: who deals the next hand and how to set up
 * the pack for this game and player count. */
#include <jansson.h>
#include <stdio.h>

#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
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
			json_t *j = json_pack("{s:I, s:s, s:s}", "id", (json_int_t)g->id, "game", g->kind,
			    "status", standings_status(st));
			if (!st->over && !st->closed) {
				json_object_set_new(j, "next", json_string(next));
				json_object_set_new(j, "dealer", json_string(st->p[st->dealer].name));
			}
			if (*help)
				json_object_set_new(j, "setup", json_string(help));
			if (state_nsides(st) > 0) {
				/* partnership play: each side's name, seat order */
				json_t *sj = json_array();
				for (int s = 0; s < state_nsides(st); s++) {
					char name[256];
					json_array_append_new(sj, json_string(side_name(st, s, name, sizeof name)));
				}
				json_object_set_new(j, "sides", sj);
			}
			standings_print_json(stdout, j);
			json_decref(j);
		} else if (st->over || st->closed)
			printf("%s #%ld is over\n", rules_title(st->rules, &st->opts), g->id);
		else
			printf("%s #%ld, %s: %s deals.\n", rules_title(st->rules, &st->opts), g->id, next, st->p[st->dealer].name);
		char sides[1024] = "";
		sides_say(st, sides, sizeof sides);
		if (*sides && ctx->json == 0)
			printf("Partners: %s.\n", sides);
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
