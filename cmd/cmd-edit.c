/* SPDX-License-Identifier: ISC */
/* cmd-edit.c: `tally edit HAND [-g ID] ENTRY...`, replace one hand. */
#include <stdio.h>
#include <stdlib.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* Replay g up to hand `number`, apply the new entry (argc, argv) in its
 * place, then every later hand again: *re is the game with the change and
 * *canon the new entry's canonical text (both the caller's to free).  A
 * hand that no longer holds is an error naming it (name: the game's); d
 * says which. */
static enum status
replay_edited(const struct stored_game *g, const struct game_state *st, int number, const char *name,
    int argc, char **argv, struct game_state **re, char **canon, struct warnings *w, struct diag *d)
{
	enum status rc;
	struct game_record rec = cmd_game_record(g, st->rules);
	int failed = 0;
	*re = rules_replay(&rec, number - 1, d);
	if (*re == NULL)
		return ST_INTERNAL;
	state_copy_subs(*re, st);
	if ((rc = rules_apply_argv(*re, argc, argv, w, d)) != ST_OK) {
		char *msg = xasprintf("%s, %s %d: %s", name, st->rules->hand_word, number, d->message);
		free(d->message);
		d->message = msg;
		return rc;
	}
	/* parsed once: the canonical text is the one the state kept */
	*canon = xstrdup((*re)->entries[(*re)->nentries - 1]);
	if ((rc = rules_replay_rest(*re, &rec, &failed, d)) != ST_OK) {
		char *msg = xasprintf("%s: with %s %d changed, %s %d no longer holds: %s; nothing changed",
		    name, st->rules->hand_word, number, st->rules->hand_word, failed, d->message);
		free(d->message);
		d->message = msg;
		return rc;
	}
	return ST_OK;
}

/* Say what hand `number` (called name) of g is now, with the standings
 * of re in JSON, and the warnings w. */
static void
print_edited(const struct cmd_ctx *ctx, const struct stored_game *g, struct game_state *re, int number,
    const char *name, const char *canon, const struct warnings *w)
{
	if (ctx->json) {
		struct game_ref ref = { g->id, g->started };
		struct jv *j = standings_show_json(re, &ref);
		jv_set(j, "edited", jv_int(number));
		struct jv *wa = jv_array();
		for (int i = 0; i < w->n; i++)
			jv_push(wa, jv_str(w->msg[i]));
		jv_set(j, "warnings", wa);
		jv_print(stdout, j);
		jv_free(j);
	} else
		printf("%s is now: %s\n", name, canon);
	for (int i = 0; i < w->n; i++)
		cmd_warn(w->msg[i]);
}

static enum status
cmd_edit_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct warnings w = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL, *re = NULL;
	char *canon = NULL;
	long id, number;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc < 2 || !parse_long(argv[0], 1, 1000000, &number)) {
		rc = diag_set(&d, ST_USAGE, NULL, argc ? argv[0] : NULL, "usage",
		    "usage: tally edit HAND [-g ID] ENTRY... (HAND is the hand number)");
		goto out;
	}
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	char name[160];
	standings_hand_name(st, g->id, 0, name, sizeof name);
	if (number > g->nhands) {
		rc = diag_set(&d, ST_NOINPUT, NULL, argv[0], "hand", "%s has no %s %ld (it has %d)",
		    name, st->rules->hand_word, number, g->nhands);
		goto fail;
	}
	if ((rc = replay_edited(g, st, (int)number, name, argc - 1, argv + 1, &re, &canon, &w, &d)) != ST_OK)
		goto fail;
	if ((rc = store_hand_replace(ctx->store, g->id, (int)number, canon, re, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK)
		goto fail;
	standings_hand_name(st, g->id, (int)number, name, sizeof name);
	print_edited(ctx, g, re, (int)number, name, canon, &w);
	goto out;
fail:
	store_rollback(ctx->store);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	warnings_free(&w);
	free(canon);
	state_free(st);
	state_free(re);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_edit_entry = {
	.name = "edit",
	.usage = "HAND [-g ID] ENTRY...",
	.summary = "replace hand number HAND; later hands are checked again",
	.exec = cmd_edit_exec,
};
