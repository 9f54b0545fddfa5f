/* SPDX-License-Identifier: ISC */
/* cmd-undo.c: `tally undo [-g ID]`, take back the game's newest change
 * still made (its undo stack, db/store.h store_step_top), kept for redo:
 * a hand, removed; an `end`, the game open again with every hand kept; an
 * `edit`, the entry it replaced put back; an `insert`, the hand put in
 * taken out again; a `join`, the newcomer's seat taken back; a `sub`, the
 * seat given back to who was to play it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* With no -g, undo takes back the hand just entered or nothing: when that
 * hand went to another game (hand -g 5), say so (ST_RULE). */
static enum status
check_last_hand(struct cmd_run *r, const char *name, struct diag *d)
{
	long last = 0;
	char *kind = NULL;
	enum status rc = ST_OK;
	if (r->id == 0 && !r->g->closed && (rc = store_last_hand_game(r->store, &last, &kind, d)) == ST_OK && last &&
	    last != r->g->id) {
		const struct game_rules *rules = kind ? rules_find(kind) : NULL;
		rc = diag_set(d, ST_RULE, NULL, NULL, "undo", "the last hand entered was %s #%ld's; 'undo -g %ld' takes it"
		    " back; 'undo -g %ld' takes back %s %s %d", rules ? rules->title : kind, last, last, r->g->id, name,
		    r->st->rules->words.hand_word, r->g->nhands);
	}
	free(kind);
	return rc;
}

/* `undo` right after `end` takes back the end, every hand kept. */
static enum status
undo_end(struct cmd_run *r, const char *name, const struct undo_step *t, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_record rec = cmd_game_record(g, r->st->rules);
	enum status rc;
	rec.closed = 0;
	struct game_state *prev = rules_replay(&rec, REPLAY_ALL, d);
	if (prev == NULL)
		return ST_INTERNAL;
	/* redo puts it back as it was: ended early, or abandoned */
	if ((rc = store_game_reopen(r->store, g->id, prev, g->closed, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, t, 1, "end", 0, NULL, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		if (r->ctx->json)
			cmd_print_game_json(g, prev, "undid", "end");
		else
			cmd_say(stdout, "", "%s: undid end%s; the game is open again with its %d %s%s ('tally redo' %s it again)",
			    name, g->closed == GAME_ABANDONED ? " --abandon" : "", g->nhands, r->st->rules->words.hand_word,
			    plural_s(g->nhands), g->closed == GAME_ABANDONED ? "abandons" : "ends");
	}
	state_free(prev);
	return rc;
}

/* What `undo -g ID` takes back in the current game, for the refusal
 * after a merge: its newest step, said with the hand it holds (*said
 * heap; NULL: nothing to undo).  Errors: the store's. */
static enum status
last_change_words(struct cmd_run *r, char **said, struct diag *d)
{
	const struct stored_game *g = r->g;
	const char *hw = r->st->rules->words.hand_word;
	struct undo_step t;
	enum status rc = store_step_top(r->store, g->id, 0, &t, d);
	*said = NULL;
	if (rc != ST_OK)
		return rc;
	if (strcmp(t.kind, "edit") == 0 || strcmp(t.kind, "insert") == 0)
		*said = xasprintf("the %s of %s %d", t.kind, hw, t.hand);
	else if (strcmp(t.kind, "end") == 0 || (t.id == 0 && g->closed))
		*said = xstrdup("the end");
	else if (strcmp(t.kind, "sub") == 0 || strcmp(t.kind, "join") == 0)
		*said = xasprintf("the %s from %s %d", t.kind, hw, g->nhands + 1);
	else if (t.id == 0 && g->nhands > 0)  /* no step: made before steps were kept, or imported */
		*said = xstrdup("what it shows last");
	else if (g->nhands > 0)
		*said = xasprintf("%s %d, %s", hw, g->nhands, g->entries[g->nhands - 1]);
	store_step_free(&t);
	return ST_OK;
}

/* Right after `player merge` or `player rename` (nothing changed in the
 * file since), a bare undo says it does not take those back and touches
 * nothing (ST_RULE).  What
 * it would take back is the current game's newest step, made before the
 * merge (a merge is a step of no game: it spans games and cannot be
 * taken back), so the player who meant the merge would lose a hand they
 * did not ask about; the refusal names the command for that step, `undo
 * -g ID` with the current game's id, and what it takes back.  With -g
 * the game is named, so its last change is what was asked for: a sub
 * of the merged player too (README: a sub stays undoable through a merge
 * of the substitute). */
static enum status
check_merge(struct cmd_run *r, struct diag *d)
{
	char *what = NULL, *last = NULL, name[160];
	enum status rc = r->id ? ST_OK : store_last_merge(r->store, &what, d);
	if (rc == ST_OK && what && (rc = last_change_words(r, &last, d)) == ST_OK) {
		standings_hand_name(r->st, r->g->id, 0, name, sizeof name);
		if (last)
			rc = diag_set(d, ST_RULE, NULL, NULL, "undo",
			    "the last change was %s; undo does not take back a player merge or rename ('tally player rename' gives a name back); "
			    "nothing was undone ('tally undo -g %ld' takes back %s's last change: %s)", what, r->g->id, name, last);
		else
			rc = diag_set(d, ST_RULE, NULL, NULL, "undo",
			    "the last change was %s; undo does not take back a player merge or rename ('tally player rename' gives a name back); "
			    "nothing was undone (%s, the current game, has nothing to undo; 'tally undo -g ID' takes back the last"
			    " change of game ID)", what, name);
	}
	free(last);
	free(what);
	return rc;
}

/* The edit step t: put back the entry the edit replaced, keeping the
 * edit's entry in the step for `redo` to make the edit again; *done 1
 * when it did. */
static enum status
undo_edit(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	int number = t->hand;
	const char *old = t->entry;
	char name[160];
	enum status rc = ST_OK;
	*done = 0;
	if (old == NULL || number < 1 || number > g->nhands)
		return ST_OK;
	struct game_record rec = cmd_game_record(g, r->st->rules);
	char **entries = xcalloc((size_t)g->nhands + 1, sizeof *entries);
	for (int i = 0; i < g->nhands; i++)
		entries[i] = g->entries[i];
	entries[number - 1] = (char *)old;
	rec.entries = entries;
	struct game_state *re = rules_replay(&rec, REPLAY_ALL, d);
	if (re == NULL)
		rc = ST_INTERNAL;
	else if ((rc = store_hand_replace(r->store, g->id, number, old, re, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, t, 1, "edit", number, g->entries[number - 1], d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		standings_hand_name(r->st, g->id, number, name, sizeof name);
		if (r->ctx->json)
			cmd_print_game_json(g, re, "undid", "edit");
		else {
			cmd_say(stdout, "  ", "%s: undid the edit; it is again: %s ('tally redo' makes the edit again)", name, old);
			cmd_edit_moved(r->st, re, number, g->entries[number - 1], old);
		}
	}
	state_free(re);
	free(entries);
	return rc;
}

/* The insert step t: take the hand put in out again, every later hand,
 * late arrival and substitute one back; `redo` puts it in again.  *done
 * 1 when it did. */
static enum status
undo_insert(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	int number = t->hand;
	char name[160];
	enum status rc = ST_OK;
	*done = 0;
	if (number < 1 || number > g->nhands)
		return ST_OK;
	/* the entry as the game holds it now (a rename since rewrote it) */
	const char *entry = g->entries[number - 1];
	struct game_record rec = cmd_game_record(g, r->st->rules);
	char **entries = xcalloc((size_t)g->nhands + 1, sizeof *entries);
	int *joined = g->joined ? xmemdup(g->joined, sizeof *joined * (size_t)g->nplayers) : NULL;
	for (int i = 0; i < g->nhands - 1; i++)
		entries[i] = g->entries[i < number - 1 ? i : i + 1];
	for (int i = 0; joined && i < g->nplayers; i++)
		joined[i] -= joined[i] > number;
	rec.entries = entries;
	rec.nentries = g->nhands - 1;
	rec.joined = joined;
	struct seat_change *subs = cmd_subs_moved(g, number + 1, -1);
	rec.subs = subs;
	struct game_state *re = rules_replay(&rec, REPLAY_ALL, d);
	if (re == NULL)
		rc = ST_INTERNAL;
	else if ((rc = store_hand_remove(r->store, g->id, number, re, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, t, 1, "insert", number, entry, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		if (r->ctx->json)
			cmd_print_game_json(g, re, "undid", "insert");
		else {
			const char *hw = re->rules->words.hand_word;
			struct game_ref ref = { g->id, g->started };
			standings_hand_name(re, g->id, number, name, sizeof name);
			cmd_say(stdout, "", "%s: undid the insert of %s ('tally redo' puts it in again)", name, entry);
			if (number + 1 == g->nhands)
				cmd_say(stdout, "", "%s %d is %s %d again", hw, number + 1, hw, number);
			else if (number < g->nhands)
				cmd_say(stdout, "", "%ss %d to %d are %d to %d again", hw, number + 1, g->nhands, number, g->nhands - 1);
			cmd_joins_moved(r->st, re);
			standings_print_totals(stdout, re, &ref);
		}
	}
	state_free(re);
	free(subs);
	free(joined);
	free(entries);
	return rc;
}

/* `undo` when the last thing in the game's log is a join (its newcomer's
 * first hand is the next): take the seat back; it waits for `redo` with
 * the hands kept for redo.  *done 1 when it did. */
static enum status
undo_join(struct cmd_run *r, const struct undo_step *t, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	int seat = g->nplayers - 1;
	*done = 0;
	if (g->joined == NULL || seat < 1 || g->joined[seat] != g->nhands + 1)
		return ST_OK;
	struct game_record rec = cmd_game_record(g, r->st->rules);
	rec.nplayers = seat;
	struct game_state *prev = rules_replay(&rec, REPLAY_ALL, d);
	enum status rc;
	if (prev == NULL)
		return ST_INTERNAL;
	if ((rc = store_join_undo(r->store, g->id, seat, g->names[seat], g->joined[seat], g->join_total[seat], prev, d)) ==
	    ST_OK && (rc = store_step_turn(r->store, g->id, t, 1, "join", 0, NULL, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		if (r->ctx->json)
			cmd_print_game_json(g, prev, "undid", "join");
		else
			cmd_say(stdout, "", "%s #%ld: undid the join of %s, who was to play from %s %d ('tally redo' seats them again)",
			    rules_title(prev->rules, &prev->opts), g->id, g->names[seat], prev->rules->words.hand_word,
			    g->nhands + 1);
	}
	state_free(prev);
	return rc;
}

/* The last hand, taken back (step t); ST_NOINPUT when there is none. */
static enum status
undo_hand(struct cmd_run *r, const struct undo_step *t, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	char name[160];
	enum status rc;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	if (g->nhands == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "hand", "%s has no %s to undo", name, st->rules->words.hand_word);
	struct game_record rec = cmd_game_record(g, st->rules);
	struct game_state *prev = rules_replay(&rec, g->nhands - 1, d);
	if (prev == NULL)
		return ST_INTERNAL;
	if ((rc = store_hand_undo(r->store, g->id, prev, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, t, 1, "hand", 0, NULL, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		standings_hand_name(st, g->id, g->nhands, name, sizeof name);
		if (r->ctx->json)
			cmd_print_game_json(g, prev, "undid", "hand");
		else
			cmd_say(stdout, "", "%s: undid %s\n('tally redo' puts it back)", name, g->entries[g->nhands - 1]);
	}
	state_free(prev);
	return rc;
}

/* The step t (one of the game's undo stack) taken back: *done 0 when the
 * game does not show it (nothing changed). */
static enum status
undo_step(struct cmd_run *r, const char *name, const struct undo_step *t, int *done, struct diag *d)
{
	enum status rc;
	*done = 0;
	if (strcmp(t->kind, "edit") == 0)
		return undo_edit(r, t, done, d);
	if (strcmp(t->kind, "insert") == 0)
		return undo_insert(r, t, done, d);
	if ((rc = check_last_hand(r, name, d)) != ST_OK)
		return rc;
	if (strcmp(t->kind, "end") == 0) {
		if (!r->g->closed)
			return ST_OK;
		*done = 1;
		return undo_end(r, name, t, d);
	}
	if (r->g->closed)
		return ST_OK;
	if (strcmp(t->kind, "sub") == 0)
		return cmd_sub_back(r, 0, t, done, d);
	if (strcmp(t->kind, "join") == 0)
		return undo_join(r, t, done, d);
	if (strcmp(t->kind, "hand") == 0 && r->g->nhands > 0) {
		*done = 1;
		return undo_hand(r, t, d);
	}
	return ST_OK;
}

/* A change made before steps were kept, or imported (no step): what the
 * game shows last, an end, a sub or a join for the next hand, else the
 * last hand; a step is kept for it, for redo. */
static enum status
undo_unstepped(struct cmd_run *r, const char *name, struct diag *d)
{
	const struct undo_step none = {0};
	enum status rc;
	int done = 0;
	if ((rc = check_last_hand(r, name, d)) != ST_OK)
		return rc;
	if (r->g->closed)
		return undo_end(r, name, &none, d);
	if ((rc = cmd_sub_back(r, 0, &none, &done, d)) != ST_OK || done || (rc = undo_join(r, &none, &done, d)) != ST_OK ||
	    done)
		return rc;
	return undo_hand(r, &none, d);
}

static enum status
cmd_undo_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	char name[160];
	enum status rc;
	standings_hand_name(r->st, g->id, 0, name, sizeof name);
	if ((rc = check_merge(r, d)) != ST_OK)
		return rc;
	/* the newest step; one the game no longer shows (it cannot be taken
	 * back as it was) is dropped, and the next one tried */
	for (;;) {
		struct undo_step t;
		int done = 0;
		if ((rc = store_step_top(r->store, g->id, 0, &t, d)) != ST_OK)
			return rc;
		if (t.id == 0)
			return undo_unstepped(r, name, d);
		rc = undo_step(r, name, &t, &done, d);
		if (rc == ST_OK && !done)
			rc = store_step_drop(r->store, g->id, t.id, d);
		store_step_free(&t);
		if (rc != ST_OK || done)
			return rc;
	}
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "[-g ID]",
	.summary = "take back the game's newest change (a hand, 'end', 'edit', 'insert', 'join' or 'sub'), one further back each"
	    " time, in the order made; 'redo' restores it",
	.help = "  -g ID   another game for this one command (default: the current game)\n"
	    "  A 'player merge' or 'player rename' cannot be taken back.  Right after one a\n"
	    "  bare 'undo' changes nothing (exit 65): it names the command that takes back\n"
	    "  the current game's last change, made before it, and what that is\n"
	    "  ('tally undo -g 2' takes back Golf #2's last change: hole 3, ...);\n"
	    "  'undo -g ID' does it.",
	.game = CMD_GAME_WRITE,
	.run = cmd_undo_exec,
};
