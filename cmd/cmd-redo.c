/* SPDX-License-Identifier: ISC */
/* cmd-redo.c: `tally redo [-g ID]`, restore the hand (or the `end`, the
 * edit, the join, the substitution, or the hand put in by `insert`) that
 * `undo` took back. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/entry.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../db/store.h"
#include "cmd.h"

/* `redo` when the last thing undone in the game's log is a join (the
 * newcomer's first hand is the next): seat them again.  *done 1 when it
 * did. */
static enum status
redo_join(struct cmd_run *r, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	char *name = NULL;
	long total;
	int hand;
	enum status rc = store_unjoined(r->store, g->id, &hand, &name, &total, d);
	*done = 0;
	if (rc != ST_OK || name == NULL || hand != g->nhands + 1) {
		free(name);
		return rc;
	}
	struct game_state *st = cmd_replay_joined(g, r->st->rules, name, hand, total, d);
	if (st == NULL)
		rc = d->status;
	else if ((rc = store_join_add(r->store, g->id, st->nplayers - 1, name, hand, total, 1, st, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		if (r->ctx->json)
			cmd_print_game_json(g, st, "redid", "join");
		else
			cmd_say(stdout, "  ", "%s #%ld: redid the join of %s, from %s %d", rules_title(st->rules, &st->opts), g->id, name,
			    st->rules->words.hand_word, hand);
	}
	state_free(st);
	free(name);
	return rc;
}

/* `redo` right after `undo` took an insert back (nothing changed
 * since): put the hand in again where it was, every later hand checked
 * again as `insert` checks them.  *done 1 when it did. */
static enum status
redo_insert(struct cmd_run *r, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	long game;
	int number, argc = 0;
	char *entry = NULL, *canon = NULL, **argv = NULL, name[160];
	struct game_state *re = NULL;
	enum status rc = store_last_change(r->store, "last_uninsert", &game, &number, &entry, d);
	*done = 0;
	if (rc != ST_OK || game != g->id || number < 1 || number > g->nhands + 1) {
		free(entry);
		return rc;
	}
	standings_hand_name(r->st, g->id, 0, name, sizeof name);
	if ((rc = entry_split(entry, &argc, &argv, d)) == ST_OK &&
	    (rc = cmd_replay_changed(g, r->st, number, 1, name, argc, argv, &re, &canon, &r->w, d)) == ST_OK &&
	    (rc = store_hand_insert(r->store, g->id, number, canon, re, d)) == ST_OK &&
	    (rc = store_last_change_put(r->store, "last_insert", g->id, number, canon, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		cmd_print_inserted(r, re, number, canon, "put in again");
	}
	if (argv)
		entry_argv_free(argc, argv);
	state_free(re);
	free(canon);
	free(entry);
	return rc;
}

/* `redo` when the last thing undone is an edit (nothing changed since
 * but undo and redo of hands undone after it, which come back first):
 * make the edit again, every later hand checked again as `edit` checks
 * them.  *done 1 when it did. */
static enum status
redo_edit(struct cmd_run *r, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	long game;
	int number, depth, argc = 0;
	char *entry = NULL, **argv = NULL;
	enum status rc = store_last_change_at(r->store, "last_unedit", &game, &number, &depth, &entry, d);
	*done = 0;
	if (rc != ST_OK || game != g->id || number < 1 || number > g->nhands || depth != g->nundone) {
		free(entry);
		return rc;
	}
	if ((rc = entry_split(entry, &argc, &argv, d)) == ST_OK &&
	    (rc = cmd_edit_store(r, number, argc, argv, 1, d)) == ST_OK)
		*done = 1;
	if (argv)
		entry_argv_free(argc, argv);
	free(entry);
	return rc;
}

static enum status
cmd_redo_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *st = r->st;
	struct game_ref ref = { g->id, g->started };
	char name[160];
	enum status rc;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	int joined = 0;
	if (!g->closed && ((rc = redo_insert(r, &joined, d)) != ST_OK || joined))
		return rc;
	if ((rc = redo_edit(r, &joined, d)) != ST_OK || joined)
		return rc;
	if (!g->closed && ((rc = cmd_sub_back(r, 1, &joined, d)) != ST_OK || joined))
		return rc;
	if (!g->closed && ((rc = redo_join(r, &joined, d)) != ST_OK || joined))
		return rc;
	if (!g->closed && g->end_undone >= 0 && g->end_undone == g->nhands) {
		/* the undone `end` comes back where it was, as it was: ended
		 * early (the leaders win) or abandoned (no result) */
		int abandon = g->end_undone_closed == GAME_ABANDONED;
		if (abandon)
			rules_abandon(st);
		else
			rules_close(st);
		if ((rc = store_game_close(r->store, g->id, st, d)) != ST_OK || (rc = store_commit(r->store, d)) != ST_OK)
			return rc;
		if (r->ctx->json)
			cmd_print_game_json(g, st, "redid", "end");
		else {
			cmd_say(stdout, "  ", "%s: redid end%s", name, abandon ? " --abandon" : "");
			standings_print(stdout, st, &ref);
		}
		return ST_OK;
	}
	if (g->nundone == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "hand", "%s has nothing undone to redo", name);
	/* The hand is checked again: it must still hold where it goes. */
	struct cmd_unedit u = {0};
	if ((rc = cmd_unedit_read(r, &u, d)) != ST_OK || (rc = rules_apply_text(st, g->undone[0], &r->w, d)) != ST_OK ||
	    (rc = store_hand_redo(r->store, g->id, st, d)) != ST_OK || (rc = cmd_unedit_keep(r, &u, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK) {
		free(u.entry);
		return rc;
	}
	if (r->ctx->json)
		cmd_print_game_json(g, st, "redid", "hand");
	else {
		standings_hand_name(st, g->id, st->nhands, name, sizeof name);
		cmd_say(stdout, "  ", "%s: redid %s", name, g->undone[0]);
		standings_print_hand(stdout, st, &ref);
	}
	return ST_OK;
}

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "[-g ID]",
	.summary = "restore the hand (or the 'end', as it was, the 'edit', 'join', 'sub' or 'insert') that 'undo' took back",
	.game = CMD_GAME_WRITE,
	.run = cmd_redo_exec,
};
