/* SPDX-License-Identifier: ISC */
/* cmd-delete.c: `tally delete ID`, take a game out of list, history,
 * stats, nights and exports, keeping every row of it ('tally restore ID'
 * brings it back).  A deleted current game leaves no current game: tally
 * never moves on to another game without being told. */
#include <stdlib.h>
#include <stdio.h>

#include "../core/json.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

enum status
cmd_delete_or_restore(struct cmd_run *r, int delete, struct diag *d)
{
	long id = 0, current = 0;
	enum status rc;
	if ((rc = cmd_game_id(r->argv[0], &id, d)) != ST_OK)
		return rc;
	struct diag ignore = {0};
	if (store_current_game(r->store, &current, &ignore) != ST_OK)
		current = 0;
	diag_clear(&ignore);
	if ((rc = (delete ? store_game_delete : store_game_restore)(r->store, id, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json) {
		struct jv *j = jv_pack("{s:I, s:b}", "id", (long long)id, "deleted", delete);
		jv_print(stdout, j);
		jv_free(j);
	} else if (delete)
		cmd_say(stdout, "", "game %ld deleted: it is kept, but counts nowhere ('tally restore %ld' brings it back)%s",
		    id, id, current == id ? "; there is no current game now ('tally use ID' picks one)" : "");
	else
		cmd_say(stdout, "", "game %ld restored ('tally use %ld' makes it the current game)", id, id);
	return ST_OK;
}

static enum status
cmd_delete_exec(struct cmd_run *r, struct diag *d)
{
	return cmd_delete_or_restore(r, 1, d);
}

const struct cmd_entry cmd_delete_entry = {
	.name = "delete",
	.usage = "ID",
	.summary = "take a game out of list, history, stats, nights and the tables, keeping all of it",
	.help = "  'tally restore ID' brings it back; 'tally list --deleted' shows the deleted\n"
	    "  games.  Deleting the current game leaves no current game.",
	.store = CMD_STORE_WRITE | CMD_STORE_HELD,
	.nargs = { 1, 1 },
	.run = cmd_delete_exec,
};
