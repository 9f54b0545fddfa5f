/* SPDX-License-Identifier: ISC */
/* cmd-end.c: `tally end [--abandon] [ID]`, close a game early with the
 * standings as they are, or abandon it with no result. */
#include <stdio.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_end_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct warnings w = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	long id = 0;
	int abandon = 0;
	/* --abandon anywhere before or after the ID */
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "--abandon") == 0) {
			abandon = 1;
			memmove(&argv[i], &argv[i + 1], sizeof *argv * (size_t)(argc - i));
			argc--;
			i--;
		}
	enum status rc = cmd_optional_game_id(argc, argv, "usage: tally end [--abandon] [ID]", &id, &d);

	if (rc == ST_OK && (rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) == ST_OK) {
		if (st->over || st->closed) {
			char name[160];
			standings_hand_name(st, g->id, 0, name, sizeof name);
			rc = diag_set(&d, ST_RULE, NULL, NULL, "game over", "%s is already over", name);
			store_rollback(ctx->store);
		} else {
			if (abandon)
				rules_abandon(st);
			else
				rules_close(st);
			cmd_warn_set_aside(g, st, &w);
			if ((rc = store_game_close(ctx->store, g->id, st, &d)) == ST_OK &&
			    (rc = store_commit(ctx->store, &d)) == ST_OK) {
				for (int i = 0; i < w.n; i++)
					cmd_warn(w.msg[i]);
				struct game_ref ref = { g->id, g->started };
				if (ctx->json) {
					struct jv *j = standings_show_json(st, &ref);
					jv_print(stdout, j);
					jv_free(j);
				} else
					standings_print(stdout, st, &ref);
			}
		}
	}
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	warnings_free(&w);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_end_entry = {
	.name = "end",
	.usage = "[--abandon] [ID]",
	.summary = "close a game early, standings as they are, or --abandon it with no result ('undo' right after reopens it)",
	.exec = cmd_end_exec,
};
