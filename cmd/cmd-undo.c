/* SPDX-License-Identifier: ISC */
/* cmd-undo.c: `tally undo [-g ID]`, remove the last hand (kept for redo),
 * or, right after `end`, take the end back with every hand kept, or,
 * right after `edit`, put back the entry the edit replaced, or, right
 * after `insert`, take the hand put in out again, or, right after `join`
 * (no hand played since), take the newcomer's seat back, or, right after
 * `sub` (no hand or join since), give the seat back to who was to play it. */
#include <stdio.h>
#include <stdlib.h>

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
undo_end(struct cmd_run *r, const char *name, struct diag *d)
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

/* Right after `player merge` (nothing changed in the file since), a bare
 * undo says it does not undo merges and touches nothing (ST_RULE): taking
 * back the hand before it would be a change nobody asked for.  `undo -g
 * ID` names the game, so it takes back that game's last change, a sub
 * of the merged player too (README: a sub stays undoable through a
 * merge of the substitute). */
static enum status
check_merge(struct cmd_run *r, struct diag *d)
{
	char *what = NULL;
	enum status rc = r->id ? ST_OK : store_last_merge(r->store, &what, d);
	if (rc == ST_OK && what)
		rc = diag_set(d, ST_RULE, NULL, NULL, "undo",
		    "the last change was %s; undo does not undo merges ('tally player rename' gives a name back); "
		    "nothing was undone ('undo -g ID' takes back the last change of game ID)", what);
	free(what);
	return rc;
}

/* Right after `edit` of this game (nothing changed since), undo puts
 * back the entry the edit replaced, keeping the edit's entry for `redo`
 * to make the edit again; *done 1 when it did. */
static enum status
undo_edit(struct cmd_run *r, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	long game;
	int number;
	char *old = NULL, name[160];
	enum status rc = store_last_change(r->store, "last_edit", &game, &number, &old, d);
	*done = 0;
	if (rc != ST_OK || game != g->id || number < 1 || number > g->nhands) {
		free(old);
		return rc;
	}
	struct game_record rec = cmd_game_record(g, r->st->rules);
	char **entries = xcalloc((size_t)g->nhands + 1, sizeof *entries);
	for (int i = 0; i < g->nhands; i++)
		entries[i] = g->entries[i];
	entries[number - 1] = old;
	rec.entries = entries;
	struct game_state *re = rules_replay(&rec, REPLAY_ALL, d);
	if (re == NULL)
		rc = ST_INTERNAL;
	else if ((rc = store_hand_replace(r->store, g->id, number, old, re, d)) == ST_OK &&
	    (rc = store_last_change_put_at(r->store, "last_unedit", g->id, number, g->nundone, g->entries[number - 1],
	    d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		standings_hand_name(r->st, g->id, number, name, sizeof name);
		if (r->ctx->json)
			cmd_print_game_json(g, re, "undid", "edit");
		else
			cmd_say(stdout, "  ", "%s: undid the edit; it is again: %s ('tally redo' makes the edit again)", name, old);
	}
	state_free(re);
	free(entries);
	free(old);
	return rc;
}

/* Right after `insert` in this game (nothing changed since), undo takes
 * the hand put in out again, every later hand, late arrival and
 * substitute one back; `redo` puts it in again.  *done 1 when it did. */
static enum status
undo_insert(struct cmd_run *r, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	long game;
	int number;
	char *entry = NULL, name[160];
	enum status rc = store_last_change(r->store, "last_insert", &game, &number, &entry, d);
	*done = 0;
	if (rc != ST_OK || game != g->id || number < 1 || number > g->nhands) {
		free(entry);
		return rc;
	}
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
	    (rc = store_last_change_put(r->store, "last_uninsert", g->id, number, entry, d)) == ST_OK &&
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
			standings_print_totals(stdout, re, &ref);
		}
	}
	state_free(re);
	free(subs);
	free(joined);
	free(entries);
	free(entry);
	return rc;
}

/* `undo` when the last thing in the game's log is a join (its newcomer's
 * first hand is the next): take the seat back; it waits for `redo` with
 * the hands kept for redo.  *done 1 when it did. */
static enum status
undo_join(struct cmd_run *r, int *done, struct diag *d)
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
	    ST_OK && (rc = store_commit(r->store, d)) == ST_OK) {
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

static enum status
cmd_undo_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	char name[160];
	enum status rc;
	standings_hand_name(st, g->id, 0, name, sizeof name);
	int edited = 0;
	if ((rc = check_merge(r, d)) != ST_OK || (rc = undo_edit(r, &edited, d)) != ST_OK || edited ||
	    (rc = undo_insert(r, &edited, d)) != ST_OK || edited)
		return rc;
	if ((rc = check_last_hand(r, name, d)) != ST_OK)
		return rc;
	if (g->closed)
		return undo_end(r, name, d);
	int joined = 0;
	if ((rc = cmd_sub_back(r, 0, &joined, d)) != ST_OK || joined || (rc = undo_join(r, &joined, d)) != ST_OK || joined)
		return rc;
	if (g->nhands == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "hand", "%s has no %s to undo", name, st->rules->words.hand_word);
	struct game_record rec = cmd_game_record(g, st->rules);
	struct game_state *prev = rules_replay(&rec, g->nhands - 1, d);
	if (prev == NULL)
		return ST_INTERNAL;
	struct cmd_unedit u = {0};
	if ((rc = cmd_unedit_read(r, &u, d)) == ST_OK && (rc = store_hand_undo(r->store, g->id, prev, d)) == ST_OK &&
	    (rc = cmd_unedit_keep(r, &u, d)) == ST_OK && (rc = store_commit(r->store, d)) == ST_OK) {
		standings_hand_name(st, g->id, g->nhands, name, sizeof name);
		if (r->ctx->json)
			cmd_print_game_json(g, prev, "undid", "hand");
		else
			cmd_say(stdout, "", "%s: undid %s\n('tally redo' puts it back)", name, g->entries[g->nhands - 1]);
	}
	free(u.entry);   /* kept only where the hand's undo failed */
	state_free(prev);
	return rc;
}

const struct cmd_entry cmd_undo_entry = {
	.name = "undo",
	.usage = "[-g ID]",
	.summary = "remove the last hand, or take back an 'end', 'edit', 'insert', 'join' or 'sub' just made; 'redo' restores it",
	.game = CMD_GAME_WRITE,
	.run = cmd_undo_exec,
};
