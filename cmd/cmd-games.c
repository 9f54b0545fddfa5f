/* cmd-games.c: `tally games`, the games tally keeps score for. */
#include <jansson.h>
#include <stdio.h>

#include "../core/rules.h"
#include "../core/standings.h"
#include "cmd.h"

static enum status
cmd_games_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argv;
	if (argc > 0) {
		fprintf(stderr, "tally: games takes no arguments\n");
		return ST_USAGE;
	}
	if (ctx->json) {
		json_t *arr = json_array();
		for (int i = 0; rules_registry[i]; i++) {
			const struct game_rules *r = rules_registry[i];
			json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:i}", "name", r->name,
			    "title", r->title, "min_players", r->min_players, "max_players", r->max_players));
		}
		standings_print_json(stdout, arr);
		json_decref(arr);
		return ST_OK;
	}
	for (int i = 0; rules_registry[i]; i++) {
		const struct game_rules *r = rules_registry[i];
		char range[64];
		rules_player_range(r, range, sizeof range);
		printf("%-20s %-24s %s\n", r->name, r->title, range);
	}
	return ST_OK;
}

const struct cmd_entry cmd_games_entry = {
	.name = "games",
	.usage = "",
	.summary = "list the games: name, title, player range",
	.exec = cmd_games_exec,
};
