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
cmd_pad_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	char **opts = xcalloc((size_t)argc + 1, sizeof *opts);
	const struct game_rules *pad = rules_club_pad();
	struct optset os = {0};
	struct store *s;
	enum status rc;
	int nopts = 0, replaced = 0;

	if (argc < 2 || strcmp(argv[0], "save") != 0) {
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage", "usage: tally pad save NAME -o KEY=VALUE...");
		goto out;
	}
	for (int i = 2; i < argc; i++) {
		if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--option") == 0) && i + 1 < argc)
			opts[nopts++] = argv[++i];
		else if (strncmp(argv[i], "-o", 2) == 0 && argv[i][2] != '\0')
			opts[nopts++] = argv[i] + 2;
		else {
			rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage",
			    "'%s': pad save takes NAME and -o KEY=VALUE settings ('tally rules pad' lists them)", argv[i]);
			goto out;
		}
	}
	if ((rc = rules_pad_name_check(argv[1], &d)) != ST_OK ||
	    (rc = rules_pad_settings_check(opts, nopts, &d)) != ST_OK ||
	    (rc = options_build(pad, pad->min_players, opts, nopts, &os, &d)) != ST_OK)
		goto out;
	if ((rc = cmd_store(ctx, &s, &d)) != ST_OK || (rc = store_begin(s, 1, &d)) != ST_OK)
		goto out;
	if ((rc = store_pad_save(s, argv[1], opts, nopts, &replaced, &d)) != ST_OK) {
		store_rollback(s);
		goto out;
	}
	if ((rc = store_commit(s, &d)) != ST_OK)
		goto out;
	if (ctx->json) {
		struct jv *j = jv_object();
		jv_set(j, "saved", jv_str(argv[1]));
		jv_set(j, "title", jv_str(options_get(&os, "title")));
		jv_set(j, "replaced", jv_bool(replaced));
		jv_print(stdout, j);
		jv_free(j);
	} else
		printf("%s pad '%s' (%s): 'tally new %s PLAYER...' starts one\n", replaced ? "replaced" : "saved",
		    argv[1], options_get(&os, "title"), argv[1]);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
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
	.exec = cmd_pad_exec,
};
