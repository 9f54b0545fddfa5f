/* SPDX-License-Identifier: ISC */
/* cmd-show.c: `tally show [ID]`, the score table of a game. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_show_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	struct game_ref ref = { g->id, g->started };
	(void)d;
	if (r->ctx->json) {
		json_t *j = standings_show_json(st, &ref);
		standings_print_json(stdout, j);
		json_decref(j);
		return ST_OK;
	}
	standings_print(stdout, st, &ref);
	int any = 0;
	for (int i = 0; i < g->opts.n; i++)
		if (g->opts.kv[i].set)
			printf("%s%s=%s", any++ ? " " : "options: ", g->opts.kv[i].key, g->opts.kv[i].value);
	if (any)
		putchar('\n');
	for (int i = 0; i < g->nsubs; i++) {
		const char *own = g->names[g->subs[i].seat];
		if (strcmp(g->subs[i].name, own) == 0)
			printf("%s plays their own seat again from %s %d\n", own, st->rules->hand_word, g->subs[i].hand);
		else
			printf("%s plays %s's seat from %s %d\n", g->subs[i].name, own, st->rules->hand_word,
			    g->subs[i].hand);
	}
	return ST_OK;
}

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.usage = "[ID]",
	.summary = "the score table, totals, chips, who deals and what comes next",
	.help = "  Without ID: the current game (the one last started with 'new' or chosen\n"
	    "  with 'use'), over or not.",
	.game = CMD_GAME_READ | CMD_GAME_ARG,
	.run = cmd_show_exec,
};
