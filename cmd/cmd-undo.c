/* SPDX-License-Identifier: ISC */
/* cmd-undo.c: `tally undo [-g ID]`, remove the last hand (kept for redo),
 * or, right after `end`, take the end back with every hand kept. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

static enum status
cmd_undo_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL, *prev = NULL;
	char name[160];
	long id;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc > 0) {
		rc = diag_set(&d, ST_USAGE, NULL, argv[0], "usage", "usage: tally undo [-g ID]");
		goto out;
	}
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	/* with no -g, undo takes back the hand just entered or nothing: when
	 * that hand went to another game (hand -g 5), it says so */
	long last = 0;
	char *kind = NULL;
	if (id == 0 && !g->closed && (rc = store_last_hand_game(ctx->store, &last, &kind, &d)) == ST_OK && last &&
	    last != g->id) {
		const struct game_rules *r = kind ? rules_find(kind) : NULL;
		rc = diag_set(&d, ST_RULE, NULL, NULL, "undo", "the last hand entered was %s #%ld's; 'undo -g %ld' takes it"
		    " back; 'undo -g %ld' takes back %s %s %d", r ? r->title : kind, last, last, g->id, name,
		    st->rules->hand_word, g->nhands);
	}
	free(kind);
	if (rc != ST_OK) {
		store_rollback(ctx->store);
		goto out;
	}
	struct game_record rec = cmd_game_record(g, st->rules);
	if (g->closed) {
		/* `undo` right after `end` takes back the end, every hand kept */
		rec.closed = 0;
		if ((prev = rules_replay(&rec, REPLAY_ALL, &d)) == NULL) {
			rc = ST_INTERNAL;
			store_rollback(ctx->store);
			goto out;
		}
		if ((rc = store_game_reopen(ctx->store, g->id, prev, &d)) != ST_OK ||
		    (rc = store_commit(ctx->store, &d)) != ST_OK)
			goto out;
		if (ctx->json)
			cmd_print_game_json(g, prev, "undid", "end");
		else
			printf("%s: undid end; the game is open again with its %d %s%s ('tally redo' ends it again)\n",
			    name, g->nhands, st->rules->hand_word, plural_s(g->nhands));
		goto out;
	}
	if (g->nhands == 0) {
		rc = diag_set(&d, ST_NOINPUT, NULL, NULL, "hand", "%s has no %s to undo", name, st->rules->hand_word);
		store_rollback(ctx->store);
		goto out;
	}
	prev = rules_replay(&rec, g->nhands - 1, &d);
	if (prev == NULL) {
		rc = ST_INTERNAL;
		store_rollback(ctx->store);
		goto out;
	}
	if ((rc = store_hand_undo(ctx->store, g->id, prev, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK)
		goto out;
	standings_hand_name(st, g->id, g->nhands, name, sizeof name);
	if (ctx->json)
		cmd_print_game_json(g, prev, "undid", "hand");
	else
		printf("%s: undid %s\n('tally redo' puts it back)\n", name, g->entries[g->nhands - 1]);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	state_free(st);
	state_free(prev);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "[-g ID]",
	.summary = "remove the last hand, or take back an 'end'; 'redo' restores it",
	.exec = cmd_undo_exec,
};
