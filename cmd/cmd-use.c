/* SPDX-License-Identifier: ISC */
/* cmd-use.c: `tally use [ID]`, make ID the current game (SPEC "The current
 * game"), or say which game is current.  An unknown or deleted id is
 * refused (66) and the current game stays. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_use_exec(struct cmd_run *r, struct diag *d)
{
	const struct game_state *st = r->st;
	enum status rc;
	/* the dispatcher refused an unknown or deleted game before anything
	 * was written */
	if (r->id && ((rc = store_current_set(r->store, r->g->id, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK))
		return rc;
	char name[160], *next = NULL;
	standings_hand_name(st, r->g->id, 0, name, sizeof name);
	if (!st->over && !st->closed)
		next = rules_next_text(st);
	if (r->ctx->json) {
		struct jv *j = jv_pack("{s:I, s:s, s:s, s:s}", "current", (long long)r->g->id, "game", r->g->kind,
		    "title", name, "status", standings_status(st));
		jv_print(stdout, j);
		jv_free(j);
	} else if (st->over || st->closed)
		cmd_say(stdout, "", "%s is the current game; it is over ('tally new ...' starts the next one)", name);
	else
		cmd_say(stdout, "", "%s is the current game; next: %s", name, next);
	free(next);
	return ST_OK;
}

const struct cmd_entry cmd_use_entry = {
	.name = "use",
	.usage = "[ID]",
	.summary = "make game ID the current game (without ID: say which one is)",
	.help = "  hand, undo, redo, edit, show, end, deal, ledger and sheet with no game\n"
	    "  named act on the current game: the one last started with 'new' or chosen\n"
	    "  with 'use'; '-g ID' (or an ID) picks another for one command.  An\n"
	    "  unknown or deleted id is refused (exit 66) and the current game stays.",
	.game = CMD_GAME_WRITE | CMD_GAME_ARG,
	.run = cmd_use_exec,
};
