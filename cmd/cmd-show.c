/* SPDX-License-Identifier: ISC */
/* cmd-show.c: `tally show [ID]`, the score table of a game. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_show_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	(void)d;
	if (r->ctx->json) {
		struct game_ref ref = { g->id, g->started };
		json_t *j = standings_show_json(r->st, &ref);
		standings_print_json(stdout, j);
		json_decref(j);
		return ST_OK;
	}
	struct view_sub *subs = xcalloc((size_t)(g->nsubs ? g->nsubs : 1), sizeof *subs);
	for (int i = 0; i < g->nsubs; i++)
		subs[i] = (struct view_sub){ g->subs[i].seat, g->subs[i].hand, g->subs[i].name };
	struct view_ref vr = { g->id, g->started, g->uid, g->nsubs, subs };
	struct view *v = view_build(r->st, &vr);
	view_print_text(stdout, v);
	view_free(v);
	free(subs);
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
