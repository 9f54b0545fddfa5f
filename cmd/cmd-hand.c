/* SPDX-License-Identifier: ISC */
/* cmd-hand.c: `tally hand [-g ID] ENTRY...`, record the next hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/checkpoint.h"
#include "../core/json.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/testhook.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/store.h"
#include "cmd.h"

/* How close after the last hand the same entry again is taken for a typo
 * (up-arrow and Enter, or a hand retyped). */
#define REPEAT_SECONDS 120

/* Warn when entry is the previous hand's entry again, or a line of bare
 * values is the previous hand's line again (as_typed: what it made in
 * that hand's order, cmd_ctx.repeat_as; may be NULL), entered within
 * REPEAT_SECONDS of it: stored all the same, but said. */
static void
warn_repeat(const struct stored_game *g, const struct game_state *st, const char *entry,
    const char *as_typed, struct warnings *w)
{
	if (g->nhands == 0)
		return;
	/* a seat that changed hands at this hand (`tally sub`) makes the
	 * same seats' entry another person's, not the last one typed again */
	for (int i = 0; i < g->nsubs; i++)
		if (g->subs[i].hand == g->nhands + 1)
			return;
	int same = strcmp(g->entries[g->nhands - 1], entry) == 0;
	int retyped = !same && as_typed && strcmp(g->entries[g->nhands - 1], as_typed) == 0;
	if (!same && !retyped)
		return;
	time_t now, then;
	struct diag d = {0};
	int known = when_now(&now, &d) == ST_OK && when_parse(g->recorded[g->nhands - 1], &then);
	diag_clear(&d);
	if (!known || now < then || now - then > REPEAT_SECONDS)
		return;
	char name[160];
	standings_hand_name(st, g->id, st->nhands, name, sizeof name);
	warnings_add(w, "%s repeats %s %d's %s exactly, %ld s after it%s; stored anyway"
	    " ('tally undo' takes it back if it was entered twice)", name, st->rules->words.hand_word,
	    g->nhands, same ? "entry" : "values", (long)(now - then),
	    same ? "" : " (each value goes to the next player on, as the deal moved)");
}

/* A name the table does not know (entry_find_player's "no player 'X' at
 * this table"): say which game it is, who sits there, and how the
 * newcomer can play: a seat of their own where the game takes a late
 * arrival (`tally join`), else why not; the next game with them; or a
 * seat taken over where the game allows substitutes.  Appended to d's message. */
static void
say_how_to_add(const struct stored_game *g, const struct game_state *st, struct diag *d)
{
	if (d->status != ST_NOINPUT || d->rule == NULL || strcmp(d->rule, "player") != 0 || d->player == NULL ||
	    strstr(d->message, "did you mean") != NULL)
		return;
	struct strbuf seated = {0};
	for (int i = 0; i < st->nplayers; i++)
		sb_printf(&seated, "%s%s", i ? " " : "", st->p[i].name);
	const char *reason;
	/* a seat of their own from the next hand where the game takes a late
	 * arrival, else why it does not */
	char *late = rules_join(st->rules, &st->opts, &reason) == JOIN_REFUSED
	    ? xasprintf("this game takes no late arrival: %s; ", reason)
	    : xasprintf("'tally join -g %ld %s' seats them from %s %d; ", g->id, d->player, st->rules->words.hand_word,
	    st->nhands + 1);
	char *msg = xasprintf("%s #%ld: no player '%s' at this table (%s); %s"
	    "'tally new %s %s %s' starts the next game with them%s%s%s", rules_title(st->rules, &st->opts), g->id,
	    d->player, seated.s, late, st->rules->name, seated.s, d->player,
	    st->rules->substitutes ? ", or 'tally sub PLAYER " : "", st->rules->substitutes ? d->player : "",
	    st->rules->substitutes ? "' lets them take over a seat" : "");
	free(late);
	free(d->message);
	d->message = msg;
	sb_release(&seated);
}

/* The most open games a refused hand is tried in (say_other_game): a
 * club night has a few open at once; the newest are the likely ones. */
#define OTHER_GAMES_MOST 8

/* 1 when a and b are the same game at the same table: one kind, the same
 * players (in any seats).  A refusal there is about the hand, not the
 * game it went to. */
static int
same_table(const struct game_state *a, const struct game_state *b)
{
	if (a->rules != b->rules || a->nplayers != b->nplayers)
		return 0;
	for (int i = 0; i < a->nplayers; i++) {
		int found = 0;
		for (int j = 0; j < b->nplayers && !found; j++)
			found = names_eq(a->p[i].name, b->p[j].name);
		if (!found)
			return 0;
	}
	return 1;
}

/* The entry refused for game r->g: another open game, of another kind or
 * players, that takes it as it stands (checked as `hand -g ID` checks it,
 * nothing stored) is named, on a line after d's message, with the
 * command that enters it there ("Golf #1 is open too and takes this hand:
 * 'tally hand -g 1 Ann=3 ...'"): a Golf hand typed while a Bankrupt game
 * is current.  Only a game the entry fits is named, so the hint is never a
 * guess; the newest first.  Another game like this one (same kind, same
 * players) is not: the hand broke a rule of the game it was meant for. */
static void
say_other_game(struct cmd_run *r, struct diag *d)
{
	long *ids = NULL;
	int n = 0;
	struct diag e = {0};
	if (store_open_game_ids(r->store, OTHER_GAMES_MOST, &ids, &n, &e) != ST_OK)
		n = 0;
	for (int k = 0; k < n; k++) {
		struct stored_game *g = NULL;
		struct game_state *st = NULL;
		struct warnings w = {0};
		int fits = ids[k] != r->g->id && cmd_load_other(r->store, ids[k], &g, &st, &e) == ST_OK &&
		    !st->over && !st->closed && !same_table(st, r->st) &&
		    rules_apply_argv(st, r->argc, r->argv, &w, &e) == ST_OK;
		if (fits) {
			char *msg = xasprintf("%s\n%s #%ld is open too and takes this hand: 'tally hand -g %ld %s'", d->message,
			    rules_title(st->rules, &st->opts), g->id, g->id, st->entries[st->nentries - 1]);
			free(d->message);
			d->message = msg;
		}
		warnings_release(&w);
		diag_clear(&e);
		state_free(st);
		stored_game_free(g);
		if (fits)
			break;
	}
	diag_clear(&e);
	free(ids);
}

/* Keep st, the game after the hand just stored, as its checkpoint
 * (core/checkpoint.h) once CHECKPOINT_EVERY hands were replayed past the
 * last one: so a command on a long game replays at most that many hands,
 * and the checkpoint, which grows with the game, is written once in that
 * many.  In the hand's transaction: a hand and its checkpoint are stored
 * together or not at all. */
static enum status
keep_checkpoint(struct store *s, long id, const struct game_state *st, struct diag *d)
{
	size_t len;
	long every = testhook(TESTHOOK_CHECKPOINT_EVERY);
	if (st->nhands - st->pool_hands < (every ? every : CHECKPOINT_EVERY))
		return ST_OK;
	unsigned char *bytes = checkpoint_encode(st, &len);
	if (bytes == NULL)
		return ST_OK;
	enum status rc = store_checkpoint_put(s, id, st->nhands, checkpoint_build(), bytes, len, d);
	free(bytes);
	return rc;
}

static enum status
cmd_hand_exec(struct cmd_run *r, struct diag *d)
{
	struct stored_game *g = r->g;
	struct game_state *st = r->st;
	const struct cmd_expect *expect = r->ctx->expect;
	enum status rc;
	if (st->over || st->closed) {
		/* never on to another game without being told (SPEC "The current game") */
		char name[160];
		standings_hand_name(st, g->id, 0, name, sizeof name);
		return diag_set(d, ST_RULE, NULL, NULL, "game over",
		    "%s is over; 'tally new ...' starts the next game, 'tally use ID' picks another%s", name,
		    g->closed ? ", 'tally undo' reopens it" : "");
	}
	if (expect && (st->nhands != expect->nhands || (st->nentries > 0 &&
	    (expect->last == NULL || strcmp(st->entries[st->nentries - 1], expect->last) != 0))))
		return diag_set(d, ST_RULE, NULL, NULL, "hand",
		    "%s #%ld changed while the hand was entered (now %d %s%s); nothing stored",
		    rules_title(st->rules, &st->opts), g->id, st->nhands, st->rules->words.hand_word, plural_s(st->nhands));
	if ((rc = rules_apply_argv(st, r->argc, r->argv, &r->w, d)) != ST_OK) {
		say_how_to_add(g, st, d);
		say_other_game(r, d);
		return rc;
	}
	/* parsed once: the canonical text is the one the state kept */
	const char *canon = st->entries[st->nentries - 1];
	warn_repeat(g, st, canon, r->ctx->repeat_as, &r->w);
	cmd_warn_set_aside(g, st, &r->w);
	/* the step first: what waited for redo goes before the hand takes
	 * the number of the first hand kept for it */
	if ((rc = store_step_push(r->store, g->id, "hand", 0, NULL, d)) != ST_OK ||
	    (rc = store_hand_append(r->store, g->id, canon, st, d)) != ST_OK ||
	    (rc = keep_checkpoint(r->store, g->id, st, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK)
		return rc;
	if (r->ctx->json) {
		struct jv *j = standings_hand_json(st, &r->w);
		jv_set(j, "id", jv_int(g->id));
		jv_print(stdout, j);
		jv_free(j);
	} else {
		struct game_ref ref = { g->id, g->started };
		standings_print_hand(stdout, st, &ref);
	}
	return ST_OK;
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
	    "a hand for a current game that is over; another open game (of another kind or\n"
	    "players) that takes the hand as it stands is named, with its 'hand -g ID'.\n"
	    "The same entry as the last hand's within two minutes of it is stored with a\n"
	    "warning ('tally undo' takes it back); in table mode so is the last line of\n"
	    "bare values typed again.",
	/* the write lock is taken before the game is read, so the state the
	 * entry is checked against is the state it is stored on */
	.game = CMD_GAME_WRITE | CMD_GAME_ROLES,
	.nargs = { 1, -1 },
	.run = cmd_hand_exec,
};
