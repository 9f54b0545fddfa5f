/* SPDX-License-Identifier: ISC */
/* cmd-show.c: `tally show [ID]`, the score table of a game. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/store.h"
#include "cmd.h"

struct view *
cmd_game_view(const struct stored_game *g, const struct game_state *st)
{
	struct view_sub *subs = xcalloc((size_t)(g->nsubs ? g->nsubs : 1), sizeof *subs);
	for (int i = 0; i < g->nsubs; i++)
		subs[i] = (struct view_sub){ g->subs[i].seat, g->subs[i].hand, g->subs[i].name };
	struct view_ref vr = { g->id, g->started, g->uid, g->nsubs, subs };
	struct view *v = view_build(st, &vr);
	free(subs);
	return v;
}

static enum status
cmd_show_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	long id = -1;
	enum status rc = cmd_optional_game_id(argc, argv, "usage: tally show [ID]", &id, &d);

	if (rc == ST_OK)
		rc = cmd_load_game(ctx, id, 0, &g, &st, &d);
	if (rc == ST_OK) {
		store_rollback(ctx->store);
		struct view *v = cmd_game_view(g, st);
		if (ctx->json)
			view_print_json(stdout, v);
		else
			view_print_text(stdout, v);
		view_free(v);
	} else
		cmd_error(&d);
	diag_clear(&d);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.usage = "[ID]",
	.summary = "the score table, totals, chips, who deals and what comes next",
	.help = "  Without ID: the current game (the one last started with 'new' or chosen\n"
	    "  with 'use'), over or not.",
	.exec = cmd_show_exec,
};
