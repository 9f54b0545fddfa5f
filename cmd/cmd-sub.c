/* SPDX-License-Identifier: ISC */
/*
 * cmd-sub.c: `tally sub [-g ID] OLD NEW`: a player who has to
 * leave hands the seat to a substitute, from the next hand on, where the
 * game allows it (game_rules.substitutes, said by `tally rules`).
 *
 * The seat stays its first player's: the hands before the change and the
 * game's result (total, place, win, and so the statistics) are theirs, as
 * when a friend plays out your hand.  The substitute is kept with the game
 * (seat_sub), may be named in entries for the seat from then on, is shown
 * by `show` and found by `history player:NAME`, but gets no game in the
 * statistics.  `tally sub NEW OLD` later gives the seat back.  The
 * ratings count everyone who sat in the seat by their share of its hands
 * (core/rating.h, partial play; db/ratings.c reads the shares).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* The seat OLD names: the one playing it now, else the seat's own player. */
static int
find_seat(const struct game_state *st, const char *old, struct diag *d)
{
	char **now = xmalloc(sizeof *now * (size_t)st->nplayers);
	struct diag d2 = {0};
	for (int i = 0; i < st->nplayers; i++)
		now[i] = st->sub && st->sub[i] ? st->sub[i] : st->p[i].name;
	int seat = entry_find_player(old, now, st->nplayers, &d2);
	if (seat < 0) {
		for (int i = 0; i < st->nplayers; i++)
			now[i] = st->p[i].name;
		seat = entry_find_player(old, now, st->nplayers, d);
		if (seat < 0 && d2.status == ST_USAGE)
			diag_set(d, d2.status, d2.player, d2.value, d2.rule, "%s", d2.message);
	}
	diag_clear(&d2);
	free(now);
	return seat;
}

/* Whether the game of r lets NEW (name) take the seat OLD names: *seat is
 * the seat.  The one check of a substitute (core/rules.h), which import
 * makes too. */
static enum status
check_sub(const struct cmd_run *r, const char *old, const char *name, int *seat, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	char *game = xasprintf("%s #%ld", st->rules->title, g->id);
	char **sub_names = xcalloc((size_t)g->nsubs + 1, sizeof *sub_names);
	int *sub_seats = xcalloc((size_t)g->nsubs + 1, sizeof *sub_seats);
	enum status rc;
	for (int i = 0; i < g->nsubs; i++) {
		sub_names[i] = g->subs[i].name;
		sub_seats[i] = g->subs[i].seat;
	}
	if ((rc = rules_sub_check(st->rules, game, g->names, g->nplayers, NULL, NULL, 0, -1, NULL, 0, 0, d)) != ST_OK)
		;
	else if (st->over || st->closed)
		rc = diag_set(d, ST_RULE, NULL, NULL, "game over", "%s is over; a substitute has nothing to play", game);
	else if ((*seat = find_seat(st, old, d)) < 0)
		rc = d->status;
	else
		rc = rules_sub_check(st->rules, game, g->names, g->nplayers, sub_names, sub_seats, g->nsubs, *seat, name,
		    g->nhands + 1, g->nhands, d);
	free(game);
	free(sub_names);
	free(sub_seats);
	return rc;
}

static enum status
cmd_sub_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	const struct game_rules *rules = st->rules;
	char *warn = NULL, *nfc = NULL;
	int seat = -1;
	enum status rc;
	if ((rc = names_check(r->argv[1], &nfc, d)) != ST_OK)
		return rc;
	r->argv[1] = nfc;  /* the name in NFC from here on */
	r->owned = xrealloc(r->owned, sizeof *r->owned * (size_t)(r->nowned + 1));
	r->owned[r->nowned++] = nfc;
	if ((rc = check_sub(r, r->argv[0], nfc, &seat, d)) != ST_OK)
		return rc;
	const char *name = names_eq(nfc, st->p[seat].name) ? st->p[seat].name : nfc;
	if ((rc = cmd_near_misses(r->store, &nfc, 1, "the substitute plays anyway", &warn, d)) != ST_OK ||
	    (rc = store_step_push(r->store, g->id, "sub", 0, NULL, d)) != ST_OK ||
	    (rc = store_sub_make(r->store, g->id, seat, g->nhands + 1, name, d)) != ST_OK ||
	    (rc = store_commit(r->store, d)) != ST_OK) {
		free(warn);
		return rc;
	}
	if (warn)
		cmd_warn(warn);
	free(warn);
	if (r->ctx->json) {
		struct jv *j = jv_pack("{s:I, s:i, s:s, s:s, s:i}", "game", (long long)g->id, "seat", seat + 1,
		    "player", name, "for", st->p[seat].name, "from_hand", g->nhands + 1);
		char *t = jv_dumps(j, 0);
		printf("%s\n", t);
		free(t);
		jv_free(j);
	} else {  /* a sentence: broken between words on a terminal */
		char *said = cmd_sub_words(st, seat, name, g->nhands + 1);
		if (name == st->p[seat].name)
			cmd_say(stdout, "", "%s #%ld: %s", rules->title, g->id, said);
		else
			cmd_say(stdout, "", "%s #%ld: %s; the seat's place and win stay with %s", rules->title, g->id, said,
			    st->p[seat].name);
		free(said);
	}
	return ST_OK;
}

enum status
cmd_sub_back(struct cmd_run *r, int redo, const struct undo_step *step, int *done, struct diag *d)
{
	const struct stored_game *g = r->g;
	struct game_state *st = r->st;
	struct sub_taken t;
	enum status rc = store_sub_last(r->store, g->id, g->nhands + 1, redo, &t, d);
	*done = 0;
	if (rc != ST_OK || t.seat < 0 || t.seat >= st->nplayers) {
		store_sub_taken_free(&t);
		return rc;
	}
	/* who plays the seat after an undo: the one the substitute replaced,
	 * else the latest change from an earlier hand, else its own player */
	const char *now = redo ? t.name : t.was ? t.was : g->names[t.seat];
	for (int i = 0; !redo && t.was == NULL && i < g->nsubs; i++)
		if (g->subs[i].seat == t.seat && g->subs[i].hand < t.hand)
			now = g->subs[i].name;
	if ((rc = store_sub_back(r->store, g->id, &t, redo, d)) == ST_OK &&
	    (rc = store_step_turn(r->store, g->id, step, !redo, "sub", 0, NULL, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		*done = 1;
		state_set_sub(st, t.seat, names_eq(now, st->p[t.seat].name) ? NULL : now);
		char *said = cmd_sub_words(st, t.seat, now, t.hand);
		if (r->ctx->json)
			cmd_print_game_json(g, st, redo ? "redid" : "undid", "sub");
		else if (redo)
			cmd_say(stdout, "", "%s #%ld: redid the sub; %s", rules_title(st->rules, &st->opts), g->id, said);
		else
			cmd_say(stdout, "", "%s #%ld: undid the sub of %s; %s ('tally redo' puts %s in again)",
			    rules_title(st->rules, &st->opts), g->id, t.name, said, t.name);
		free(said);
	}
	store_sub_taken_free(&t);
	return rc;
}

const struct cmd_entry cmd_sub_entry = {
	.name = "sub",
	.usage = "[-g ID] OLD NEW",
	.summary = "a substitute takes over a seat from the next hand on",
	.help = "  NEW plays the seat of OLD (the seat's player or the substitute playing it now)\n"
	    "  from the next hand on, where the game allows it ('tally rules GAME' says).\n"
	    "  The seat's hands and the game's result (place, win, statistics) stay with\n"
	    "  the seat's first player; the substitute is shown by 'show' and found by\n"
	    "  'history player:NEW'.  'tally sub NEW OLD' gives the seat back.  In the\n"
	    "  ratings each counts by the share of the hands they played.  'tally undo'\n"
	    "  right after takes the substitution back, as it does a join, a 'player\n"
	    "  merge' made since or not (an 'insert' made since is taken back first).\n"
	    "  A hand's sentence names who played it: \"Zoë scores 55\".",
	.game = CMD_GAME_WRITE,
	.nargs = { 2, 2 },
	.run = cmd_sub_exec,
};
