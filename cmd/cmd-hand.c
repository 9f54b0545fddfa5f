/* SPDX-License-Identifier: ISC */
/* cmd-hand.c: `tally hand [-g ID] ENTRY...`, record the next hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/store.h"
#include "cmd.h"

/* How close after the last hand the same entry again is taken for a typo
 * (up-arrow and Enter, or a hand retyped). */
#define REPEAT_SECONDS 120

/* Warn when entry is the previous hand's entry again, entered within
 * REPEAT_SECONDS of it: stored all the same, but said. */
static void
warn_repeat(const struct stored_game *g, const struct game_state *st, const char *entry,
    struct warnings *w)
{
	if (g->nhands == 0 || strcmp(g->entries[g->nhands - 1], entry) != 0)
		return;
	time_t now, then;
	struct diag d = {0};
	int known = when_now(&now, &d) == ST_OK && when_parse(g->recorded[g->nhands - 1], &then);
	diag_clear(&d);
	if (!known || now < then || now - then > REPEAT_SECONDS)
		return;
	char name[160];
	standings_hand_name(st, g->id, st->nhands, name, sizeof name);
	warnings_add(w, "%s repeats %s %d's entry exactly, %ld s after it; stored anyway"
	    " ('tally undo' takes it back if it was entered twice)", name, st->rules->hand_word,
	    g->nhands, (long)(now - then));
}

static enum status
cmd_hand_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct warnings w = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	const char *canon = NULL;  /* owned by st */
	long id;
	enum status rc;

	if ((rc = cmd_take_game_opt(&argc, argv, &id, &d)) != ST_OK)
		goto out;
	if (argc == 0) {
		rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage",
		    "usage: tally hand [-g ID] ENTRY... ('tally rules GAME' shows the entry)");
		goto out;
	}
	/* The write lock is taken before the game is read, so the state this
	 * entry is checked against is the state it is stored on. */
	if ((rc = cmd_load_game(ctx, id, 1, &g, &st, &d)) != ST_OK)
		goto out;
	if (st->over || st->closed) {
		/* never on to another game without being told (SPEC "The current game") */
		char name[160];
		standings_hand_name(st, g->id, 0, name, sizeof name);
		rc = diag_set(&d, ST_RULE, NULL, NULL, "game over",
		    "%s is over; 'tally new ...' starts the next game, 'tally use ID' picks another%s", name,
		    g->closed ? ", 'tally undo' reopens it" : "");
		store_rollback(ctx->store);
		goto out;
	}
	if (ctx->expect && (st->nhands != ctx->expect->nhands || (st->nentries > 0 &&
	    (ctx->expect->last == NULL || strcmp(st->entries[st->nentries - 1], ctx->expect->last) != 0)))) {
		store_rollback(ctx->store);
		rc = diag_set(&d, ST_RULE, NULL, NULL, "hand",
		    "%s #%ld changed while the hand was entered (now %d %s%s); nothing stored",
		    rules_title(st->rules, &st->opts), g->id, st->nhands, st->rules->hand_word, plural_s(st->nhands));
		goto out;
	}
	if ((rc = rules_apply_argv(st, argc, argv, &w, &d)) != ST_OK) {
		store_rollback(ctx->store);
		goto out;
	}
	/* parsed once: the canonical text is the one the state kept */
	canon = st->entries[st->nentries - 1];
	warn_repeat(g, st, canon, &w);
	cmd_warn_set_aside(g, st, &w);
	if ((rc = store_hand_append(ctx->store, g->id, canon, st, &d)) != ST_OK ||
	    (rc = store_commit(ctx->store, &d)) != ST_OK) {
		store_rollback(ctx->store);
		goto out;
	}
	if (ctx->json) {
		struct jv *j = standings_hand_json(st, &w);
		jv_set(j, "id", jv_int(g->id));
		jv_print(stdout, j);
		jv_free(j);
	} else {
		struct game_ref ref = { g->id, g->started };
		standings_print_hand(stdout, st, &ref);
	}
	for (int i = 0; i < w.n; i++)
		cmd_warn(w.msg[i]);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	warnings_free(&w);
	state_free(st);
	stored_game_free(g);
	return rc;
}

const struct cmd_entry cmd_hand_entry = {
	.name = "hand",
	.usage = "[-g ID] ENTRY... [--ROLE PLAYER]...",
	.summary = "record the next hand; prints its points and the standings",
	.help = "  PLAYER=VALUE        the player's result: a number or a quoted card list\n"
	    "  PLAYER.FIELD=VALUE  a named field (tally rules GAME lists them)\n"
	    "  --ROLE PLAYER       a role in the hand, e.g. --knock Ann\n"
	    "  -g ID               another game for this one command (default: the\n"
	    "                      current game, see 'tally use')\n"
	    "A hand that breaks a rule is refused (exit 65) and nothing is stored, as is\n"
	    "a hand for a current game that is over.  The same entry as the last hand's\n"
	    "within two minutes of it is stored with a warning ('tally undo' takes it back).",
	.exec = cmd_hand_exec,
};
