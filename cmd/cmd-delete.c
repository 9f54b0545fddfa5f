/* SPDX-License-Identifier: ISC */
/* cmd-delete.c: `tally delete ID`, take a game out of list, history,
 * stats, nights and exports, keeping every row of it ('tally restore ID'
 * brings it back).  A deleted current game leaves no current game: tally
 * never moves on to another game without being told. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/json.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

enum status
cmd_delete_or_restore(struct cmd_ctx *ctx, int argc, char **argv, int delete)
{
	struct diag d = {0};
	struct store *s;
	long id = 0, current = 0;
	enum status rc;

	if (argc != 1) {
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage", delete ? "usage: tally delete ID" : "usage: tally restore ID");
		goto out;
	}
	if ((rc = cmd_game_id(argv[0], &id, &d)) != ST_OK || (rc = cmd_store(ctx, &s, &d)) != ST_OK ||
	    (rc = store_begin(s, 1, &d)) != ST_OK)
		goto out;
	struct diag ignore = {0};
	if (store_current_game(s, &current, &ignore) != ST_OK)
		current = 0;
	diag_clear(&ignore);
	if ((rc = (delete ? store_game_delete : store_game_restore)(s, id, &d)) != ST_OK ||
	    (rc = store_commit(s, &d)) != ST_OK) {
		store_rollback(s);
		goto out;
	}
	if (ctx->json) {
		struct jv *j = jv_pack("{s:I, s:b}", "id", (long long)id, "deleted", delete);
		jv_print(stdout, j);
		jv_free(j);
	} else if (delete)
		printf("game %ld deleted: it is kept, but counts nowhere ('tally restore %ld' brings it back)%s\n",
		    id, id, current == id ? "; there is no current game now ('tally use ID' picks one)" : "");
	else
		printf("game %ld restored ('tally use %ld' makes it the current game)\n", id, id);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	return rc;
}

static enum status
cmd_delete_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	return cmd_delete_or_restore(ctx, argc, argv, 1);
}

const struct cmd_entry cmd_delete_entry = {
	.name = "delete",
	.usage = "ID",
	.summary = "take a game out of list, history, stats, nights and the tables, keeping all of it",
	.help = "  'tally restore ID' brings it back; 'tally list --deleted' shows the deleted\n"
	    "  games.  Deleting the current game leaves no current game.",
	.exec = cmd_delete_exec,
};
