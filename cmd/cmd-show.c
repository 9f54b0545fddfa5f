/* SPDX-License-Identifier: ISC */
/* cmd-show.c: `tally show [ID]`, the score table of a game. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/store.h"
#include "cmd.h"

struct view *
cmd_game_view(const struct stored_game *g, const struct game_state *st)
{
	int ns = g ? g->nsubs : 0;
	struct view_sub *subs = xcalloc((size_t)(ns ? ns : 1), sizeof *subs);
	for (int i = 0; i < ns; i++)
		subs[i] = (struct view_sub){ g->subs[i].seat, g->subs[i].hand, g->subs[i].name };
	struct view_ref vr = { g ? g->id : 0, g ? g->started : NULL, g ? g->uid : NULL, ns, subs,
		g ? g->recorded : NULL, g ? g->note : NULL, g ? g->nhands : 0 };
	struct view *v = view_build(st, &vr);
	free(subs);
	return v;
}

/* One view, rendered as text, JSON or CSV (--json wins over --csv, as
 * in history and stats). */
static enum status
cmd_show_exec(struct cmd_run *r, struct diag *d)
{
	(void)d;
	struct view *v = cmd_game_view(r->g, r->st);
	if (r->ctx->json)
		view_print_json(stdout, v);
	else if (cmd_opt(r, "csv"))
		view_print_table_csv(stdout, v);
	else
		view_print_text(stdout, v);
	view_free(v);
	return ST_OK;
}

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.usage = "[ID] [--csv]",
	.summary = "the score table, totals, chips, who deals and what comes next",
	.help = "  Without ID: the current game (the one last started with 'new' or chosen\n"
	    "  with 'use'), over or not.  No rank row until a hand is played.\n"
	    "  --csv: the table for a spreadsheet: a header (the hand word, each player,\n"
	    "  each side, each player's hand lines), a row per hand (its number, each\n"
	    "  player's points, or chips held, each side's points, the hand lines),\n"
	    "  a 'joined' row (what a late arrival sat down with, so a column adds up\n"
	    "  to the total) before their first hand and a 'sub' row (who plays the\n"
	    "  seat) before a substitute's, then total, the game's lines (chips,\n"
	    "  quarters), rank and out; plain numbers, names quoted (RFC 4180).",
	.game = CMD_GAME_READ | CMD_GAME_ARG,
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { 0 } },
	.run = cmd_show_exec,
};
