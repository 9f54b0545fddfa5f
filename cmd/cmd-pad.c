/* SPDX-License-Identifier: ISC */
/* cmd-pad.c: `tally pad save NAME -o KEY=VALUE...`: keep a score
 * pad (games/pad.c) under a name of the club's own, so that `tally new NAME
 * PLAYER...` starts one with those settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_pad_exec(struct cmd_run *r, struct diag *d)
{
	const struct game_rules *pad = rules_club_pad();
	const char *name = r->argv[1];
	struct optset os = {0};
	int nopts, replaced = 0;
	char **opts = cmd_opt_all(r, "option", &nopts);
	enum status rc;
	if (strcmp(r->argv[0], "save") != 0)
		rc = diag_set(d, ST_USAGE, NULL, r->argv[0], "usage", "usage: tally pad save NAME -o KEY=VALUE...");
	else if ((rc = rules_pad_name_check(name, d)) == ST_OK &&
	    (rc = rules_pad_settings_check(opts, nopts, d)) == ST_OK &&
	    (rc = options_build(pad, pad->min_players, opts, nopts, &os, d)) == ST_OK &&
	    (rc = store_pad_save(r->store, name, opts, nopts, &replaced, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		if (r->ctx->json) {
			struct jv *j = jv_object();
			jv_set(j, "saved", jv_str(name));
			jv_set(j, "title", jv_str(options_get(&os, "title")));
			jv_set(j, "replaced", jv_bool(replaced));
			jv_print(stdout, j);
			jv_free(j);
		} else
			cmd_say(stdout, "", "%s pad '%s' (%s): 'tally new %s PLAYER...' starts one", replaced ? "replaced" : "saved",
			    name, options_get(&os, "title"), name);
	}
	options_release(&os);
	free(opts);
	return rc;
}

const struct cmd_entry cmd_pad_entry = {
	.name = "pad",
	.usage = "save NAME -o KEY=VALUE...",
	.summary = "keep a score pad (game pad) under a name of the club's own",
	.help = "  -o KEY=VALUE   the pad's settings: title, direction, target, hands,\n"
	    "                 hand_total, moon_total ('tally rules pad')\n"
	    "Then 'tally new NAME PLAYER...' starts one (more -o settings override), and\n"
	    "'tally games' lists it.  Saving a name again replaces its settings; games\n"
	    "already played keep theirs.",
	.options = (const struct cmd_option[]){ { "option", 'o', "KEY=VALUE" }, { 0 } },
	.nargs = { 2, 2 },
	.store = CMD_STORE_WRITE,
	.run = cmd_pad_exec,
};
