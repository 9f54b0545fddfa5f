/* SPDX-License-Identifier: ISC */
/* cmd-games.c: `tally games`, the games tally keeps score for, and the
 * score pads the club saved under names of its own. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_games_exec(struct cmd_run *run, struct diag *dd)
{
	const struct cmd_ctx *ctx = run->ctx;
	struct diag d = {0};
	struct saved_pad *pads = NULL;
	struct store *s = NULL;
	int npads = 0;
	(void)dd;
	/* the built-in games need no database: without one, they are listed
	 * alone, with a warning */
	if (cmd_store(run->ctx, &s, &d) != ST_OK || store_begin(s, 0, &d) != ST_OK ||
	    store_pad_list(s, &pads, &npads, &d) != ST_OK)
		warnings_add(&run->w, "%s", d.message ? d.message : "the club's own pads cannot be read");
	diag_clear(&d);
	run->store = s;  /* the dispatcher ends the transaction */
	const struct game_rules *pad = rules_club_pad();
	if (ctx->json) {
		struct jv *arr = jv_array();
		for (int i = 0; rules_registry[i]; i++) {
			const struct game_rules *r = rules_registry[i];
			jv_push(arr, jv_pack("{s:s, s:s, s:i, s:i}", "name", r->name,
			    "title", r->title, "min_players", r->min_players, "max_players", r->max_players));
		}
		for (int i = 0; i < npads; i++) {
			struct optset os = {0};
			if (options_build(pad, pad->min_players, pads[i].settings, pads[i].nsettings, &os, &d) == ST_OK)
				jv_push(arr, jv_pack("{s:s, s:s, s:i, s:i, s:b, s:s}", "name", pads[i].name,
				    "title", options_get(&os, "title"), "min_players", pad->min_players, "max_players",
				    pad->max_players, "club", 1, "game", pad->name));
			diag_clear(&d);
			options_release(&os);
		}
		jv_print(stdout, arr);
		jv_free(arr);
	} else {
		char range[64];
		for (int i = 0; rules_registry[i]; i++) {
			const struct game_rules *r = rules_registry[i];
			rules_player_range(r, range, sizeof range);
			/* on a narrow terminal the range goes on to the next line */
			cmd_say(stdout, "      ", "%-20s %-24s %s", r->name, r->title, range);
		}
		rules_player_range(pad, range, sizeof range);
		for (int i = 0; i < npads; i++) {
			struct optset os = {0};
			if (options_build(pad, pad->min_players, pads[i].settings, pads[i].nsettings, &os, &d) == ST_OK)
				cmd_say(stdout, "      ", "%-20s %-24s %s  the club's own (a pad)", pads[i].name,
				    options_get(&os, "title"), range);
			diag_clear(&d);
			options_release(&os);
		}
	}
	for (int i = 0; i < npads; i++)
		saved_pad_release(&pads[i]);
	free(pads);
	return ST_OK;
}

const struct cmd_entry cmd_games_entry = {
	.name = "games",
	.usage = "",
	.summary = "list the games: name, title, player range; then the club's own saved pads",
	.run = cmd_games_exec,
};
