/* SPDX-License-Identifier: ISC */
/* cmd-redo.c: `tally redo [-g ID]`, make again the change `undo` took
 * back last (the game's undo stack, db/store.h store_step_top): the hand,
 * the `end`, the edit, the join, the substitution, or the hand put in by
 * `insert`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
redo_join(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
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
	    (rc = store_step_turn(r->store, g->id, t, 0, "join", 0, NULL, d)) == ST_OK &&
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

/* The insert step t that `undo` took back: put the hand in again where
 * it was, every later hand checked again as `insert` checks them.  *done
 * 1 when it did. */
static enum status
redo_insert(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	int number = t->hand, argc = 0;
	const char *entry = t->entry;
	char *canon = NULL, **argv = NULL, name[160];
	struct game_state *re = NULL;
	enum status rc = ST_OK;
	*done = 0;
	if (entry == NULL || g->closed || number < 1 || number > g->nhands + 1)
		return ST_OK;
	standings_hand_name(r->st, g->id, 0, name, sizeof name);
	if ((rc = entry_split(entry, &argc, &argv, d)) == ST_OK &&
	    (rc = cmd_replay_changed(g, r->st, number, 1, name, argc, argv, &re, &canon, &r->w, d)) == ST_OK &&
	    (rc = store_hand_insert(r->store, g->id, number, canon, re, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, t, 0, "insert", number, canon, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		cmd_print_inserted(r, re, number, canon, "put in again");
	}
	if (argv)
		entry_argv_free(argc, argv);
	state_free(re);
	free(canon);
	return rc;
}

/* The edit step t that `undo` took back: make the edit again, every
 * later hand checked again as `edit` checks them.  *done 1 when it did. */
static enum status
redo_edit(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	int argc = 0;
	char **argv = NULL;
	enum status rc = ST_OK;
	*done = 0;
	if (t->entry == NULL || t->hand < 1 || t->hand > g->nhands)
		return ST_OK;
	if ((rc = entry_split(t->entry, &argc, &argv, d)) == ST_OK &&
	    (rc = cmd_edit_store(r, t->hand, argc, argv, t, d)) == ST_OK)
		*done = 1;
	if (argv)
		entry_argv_free(argc, argv);
	return rc;
}

/* The end step t that `undo` took back, where it was and as it was:
 * ended early (the leaders win) or abandoned (no result).  *done 1 when
 * it did. */
static enum status
redo_end(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *st = r->st;
	struct game_ref ref = { g->id, g->started };
	char name[160];
	enum status rc;
	*done = 0;
	if (g->closed || g->end_undone < 0 || g->end_undone != g->nhands)
		return ST_OK;
	*done = 1;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	int abandon = g->end_undone_closed == GAME_ABANDONED;
	if (abandon)
		rules_abandon(st);
	else
		rules_close(st);
	if ((rc = store_game_close(r->store, g->id, st, d)) != ST_OK ||
	    (rc = store_step_turn(r->store, g->id, t, 0, "end", 0, NULL, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json)
		cmd_print_game_json(g, st, "redid", "end");
	else {
		cmd_say(stdout, "  ", "%s: redid end%s", name, abandon ? " --abandon" : "");
		standings_print(stdout, st, &ref);
	}
	return ST_OK;
}

/* The hand `undo` took back last, checked again: it must still hold
 * where it goes.  *done 1 when there was one. */
static enum status
redo_hand(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *st = r->st;
	struct game_ref ref = { g->id, g->started };
	char name[160];
	enum status rc;
	*done = 0;
	if (g->closed || g->nundone == 0)
		return ST_OK;
	*done = 1;
	if ((rc = rules_apply_text(st, g->undone[0], &r->w, d)) != ST_OK ||
	    (rc = store_hand_redo(r->store, g->id, st, d)) != ST_OK ||
	    (rc = store_step_turn(r->store, g->id, t, 0, "hand", 0, NULL, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json)
		cmd_print_game_json(g, st, "redid", "hand");
	else {
		standings_hand_name(st, g->id, st->nhands, name, sizeof name);
		cmd_say(stdout, "  ", "%s: redid %s", name, g->undone[0]);
		standings_print_hand(stdout, st, &ref);
	}
	return ST_OK;
}

/* The step t (the one undone last) made again: *done 0 when the game
 * does not show it (nothing changed). */
static enum status
redo_step(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	*done = 0;
	if (strcmp(t->kind, "insert") == 0)
		return redo_insert(r, t, done, d);
	if (strcmp(t->kind, "edit") == 0)
		return redo_edit(r, t, done, d);
	if (strcmp(t->kind, "end") == 0)
		return redo_end(r, t, done, d);
	if (r->g->closed)
		return ST_OK;
	if (strcmp(t->kind, "sub") == 0)
		return cmd_sub_back(r, 1, t, done, d);
	if (strcmp(t->kind, "join") == 0)
		return redo_join(r, t, done, d);
	if (strcmp(t->kind, "hand") == 0)
		return redo_hand(r, t, done, d);
	return ST_OK;
}

/* What undo took back before steps were kept, or an imported game's
 * hands kept for redo (no step): a sub or a join for the next hand, an
 * end, the first hand kept; a step is kept for it. */
static enum status
redo_unstepped(struct cmd_run *r, struct diag *d)
{
	const struct undo_step none = {0};
	char name[160];
	enum status rc;
	int done = 0;
	if (!r->g->closed && ((rc = cmd_sub_back(r, 1, &none, &done, d)) != ST_OK || done ||
	    (rc = redo_join(r, &none, &done, d)) != ST_OK || done))
		return rc;
	if ((rc = redo_end(r, &none, &done, d)) != ST_OK || done || (rc = redo_hand(r, &none, &done, d)) != ST_OK || done)
		return rc;
	standings_hand_name(r->st, r->g->id, 0, name, sizeof name);
	return diag_set(d, ST_NOINPUT, NULL, NULL, "hand", "%s has nothing undone to redo", name);
}

static enum status
cmd_redo_exec(struct cmd_run *r, struct diag *d)
{
	enum status rc;
	/* the step undone last; one the game no longer shows (it cannot be
	 * made again as it was) is dropped, and the next one tried */
	for (;;) {
		struct undo_step t;
		int done = 0;
		if ((rc = store_step_top(r->store, r->g->id, 1, &t, d)) != ST_OK)
			return rc;
		if (t.id == 0)
			return redo_unstepped(r, d);
		rc = redo_step(r, &t, &done, d);
		if (rc == ST_OK && !done)
			rc = store_step_drop(r->store, r->g->id, t.id, d);
		store_step_free(&t);
		if (rc != ST_OK || done)
			return rc;
	}
}

const struct cmd_entry cmd_redo_entry = {
	.name = "redo",
	.usage = "[-g ID]",
	.summary = "restore the hand (or the 'end', as it was, the 'edit', 'join', 'sub' or 'insert') that 'undo' took back"
	    " last; a new change forgets what waited for redo",
	.game = CMD_GAME_WRITE,
	.run = cmd_redo_exec,
};
