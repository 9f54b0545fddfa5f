/* SPDX-License-Identifier: ISC */
/* cmd-deal.c: `tally deal [ID]`: who deals the next hand and how to set up
 * the pack for this game and player count. */
#include <stdlib.h>
#include <stdio.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_deal_exec(struct cmd_run *r, struct diag *d)
{
	const struct game_state *st = r->st;
	char help[400] = "", *next = rules_next_text(st);
	(void)d;
	rules_deal_help(st, help, sizeof help);
	if (r->ctx->json) {
		struct jv *j = jv_pack("{s:I, s:s, s:s}", "id", (long long)r->g->id, "game", r->g->kind,
		    "status", standings_status(st));
		if (!st->over && !st->closed) {
			jv_set(j, "next", jv_str(next));
			jv_set(j, "dealer", jv_str(st->p[st->dealer].name));
		}
		if (*help)
			jv_set(j, "setup", jv_str(help));
		if (state_nsides(st) > 0) {
			/* partnership play: each side's name, seat order */
			struct jv *sj = jv_array();
			for (int s = 0; s < state_nsides(st); s++) {
				char name[256];
				jv_push(sj, jv_str(side_name(st, s, name, sizeof name)));
			}
			jv_set(j, "sides", sj);
		}
		jv_print(stdout, j);
		jv_free(j);
		free(next);
		return ST_OK;
	}
	/* sentences: broken between words on a terminal */
	if (st->over || st->closed)
		cmd_say(stdout, "", "%s #%ld is over", rules_title(st->rules, &st->opts), r->g->id);
	else
		cmd_say(stdout, "", "%s #%ld, %s: %s deals.", rules_title(st->rules, &st->opts), r->g->id, next,
		    st->p[st->dealer].name);
	char sides[1024] = "";
	sides_say(st, sides, sizeof sides);
	if (*sides)
		cmd_say(stdout, "", "Partners: %s.", sides);
	if (*help)
		cmd_say(stdout, "", "Set-up for %d players: %s.", st->nplayers, help);
	free(next);
	return ST_OK;
}

const struct cmd_entry cmd_deal_entry = {
	.name = "deal",
	.usage = "[ID]",
	.summary = "who deals next and how to set up the pack for the game",
	.game = CMD_GAME_READ | CMD_GAME_ARG,
	.run = cmd_deal_exec,
};
