/* SPDX-License-Identifier: ISC */
/*
 * cmd-join.c: `tally join PLAYER [--total N] [-g ID]`: a late arrival takes
 * a seat in a game under way, where the game's rules allow one.  Each game
 * declares whether and how (game_rules.join, core/rules.h, read through
 * rules_join()): the games that build on every hand from the first refuse,
 * saying why.
 *
 * The newcomer sits after the last seat, between it and the first seat (to
 * the first seat's right): every seat keeps its number, the deal goes on
 * round the table as it was going and reaches the newcomer after the last
 * seat.  They play from the next hand on.  The seat row says from which
 * hand and with what total (schema 17), so replay seats them there again
 * (core/rules.h, game_record.joined): undo right after a join takes it
 * back (and redo brings it back), and edit, insert, check, export and
 * import all see it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../db/store.h"
#include "cmd.h"

/* Whether name (NFC) may take a seat in r's game: ST_OK with *total the
 * points the table gave (JOIN_BY_RULE: none), or the refusal with d set. */
static enum status
check_join(const struct cmd_run *r, const char *name, long *total, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	const char *title = rules_title(st->rules, &st->opts), *given = cmd_opt(r, "total"), *reason;
	enum join_kind kind = rules_join(st->rules, &st->opts, &reason);
	*total = JOIN_BY_RULE;
	if (kind == JOIN_REFUSED)
		return diag_set(d, ST_RULE, name, NULL, "late arrival", "%s #%ld takes no late arrival: %s", title, g->id,
		    reason);
	if (st->over || st->closed)
		return diag_set(d, ST_RULE, name, NULL, "game over", "%s #%ld is over; a late arrival has nothing to play",
		    title, g->id);
	if (given && !parse_long(given, -100000, 100000, total))
		return diag_set(d, ST_USAGE, name, given, "late arrival",
		    "%s #%ld: --total %s is not a whole number of points", title, g->id, given);
	if (given && kind != JOIN_TOTAL)
		return diag_set(d, ST_USAGE, name, given, "late arrival",
		    "%s #%ld: --total does not apply: a newcomer buys in with the lives the table set", title, g->id);
	for (int i = 0; i < st->nplayers; i++)
		if (names_eq(name, st->p[i].name) || (st->sub && st->sub[i] && names_eq(name, st->sub[i])))
			return diag_set(d, ST_USAGE, name, NULL, "player identity", "%s #%ld: %s plays here already", title,
			    g->id, name);
	for (int k = 0; k < g->nsubs; k++)
		if (names_eq(name, g->subs[k].name) && !names_eq(name, g->names[g->subs[k].seat]))
			return diag_set(d, ST_RULE, name, NULL, "player identity",
			    "%s #%ld: %s played %s's seat from %s %d; one person plays one seat", title, g->id, name,
			    g->names[g->subs[k].seat], st->rules->words.hand_word, g->subs[k].hand);
	if (st->nplayers + 1 > st->rules->max_players)
		return diag_set(d, ST_RULE, name, NULL, "players", "%s #%ld has %d players, the most %s takes%s%s", title,
		    g->id, st->nplayers, st->rules->title, st->rules->players_rule ? ": " : "",
		    st->rules->players_rule ? st->rules->players_rule : "");
	/* what `new` checks of the table for one more (enough cards) */
	struct optset o = {0};
	for (int i = 0; i < st->opts.n; i++)
		options_put(&o, st->opts.kv[i].key, st->opts.kv[i].value, st->opts.kv[i].set);
	enum status rc = rules_resolve_options(st->rules, &o, st->nplayers + 1, d);
	options_release(&o);
	if (rc != ST_OK)
		return diag_wrap(d, NULL, "%s #%ld cannot seat %s: ", title, g->id, name);
	return ST_OK;
}

static enum status
cmd_join_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_rules *rules = r->st->rules;
	char *nfc = NULL, *warn = NULL, with[80];
	long total;
	enum status rc;
	if ((rc = names_check(r->argv[0], &nfc, d)) != ST_OK)
		return rc;
	r->owned = xrealloc(r->owned, sizeof *r->owned * (size_t)(r->nowned + 1));
	r->owned[r->nowned++] = nfc;
	if ((rc = check_join(r, nfc, &total, d)) != ST_OK)
		return rc;
	struct game_state *st = cmd_replay_joined(g, r->st->rules, nfc, g->nhands + 1, total, d);
	if (st == NULL)
		return d->status;
	int seat = st->nplayers - 1;
	if ((rc = cmd_near_misses(r->store, &nfc, 1, "the newcomer joins anyway", &warn, d)) == ST_OK &&
	    (rc = store_step_push(r->store, g->id, "join", 0, NULL, d)) == ST_OK &&
	    (rc = store_join_add(r->store, g->id, seat, nfc, g->nhands + 1, total, 0, st, d)) == ST_OK &&
	    (rc = store_commit(r->store, d)) == ST_OK) {
		if (warn)
			cmd_warn(warn);
		if (r->ctx->json)
			cmd_print_game_json(g, st, "joined", nfc);
		else {
			char *next = rules_next_text(st);
			struct view *v = view_build(st, NULL);
			view_joined_with(v, seat, with, sizeof with);
			view_free(v);
			cmd_say(stdout, "", "%s #%ld: %s joins from %s %d with %s, sitting between %s and %s; next: %s",
			    rules_title(rules, &st->opts), g->id, nfc, rules->words.hand_word, g->nhands + 1, with,
			    st->p[seat - 1].name, st->p[0].name, next);
			free(next);
		}
	}
	free(warn);
	state_free(st);
	return rc;
}

const struct cmd_entry cmd_join_entry = {
	.name = "join",
	.usage = "[-g ID] [--total N] PLAYER",
	.summary = "a late arrival takes a seat from the next hand, where the game's rules allow it",
	.help = "  Each game says whether it takes a late arrival ('tally rules GAME'):\n"
	    "  Chase the Ace: the newcomer buys in with the lives the table set (and\n"
	    "  the stake carry_stake adds to a carried pot, into the pot); Golf\n"
	    "  (without quarters stakes) and the score pad: the newcomer starts from\n"
	    "  the worst total now (the highest where low wins), so joining late\n"
	    "  never helps, or from --total N.  Trash, the meld games, Bankrupt and\n"
	    "  the patience games refuse, saying why (exit 65).\n"
	    "  The newcomer sits after the last seat, to the first seat's right, and\n"
	    "  plays from the next hand on; the hands before show no cell for them.\n"
	    "  'tally undo' right after a join takes it back; 'tally redo' seats them again.",
	.options = (const struct cmd_option[]){ { "total", 0, "N" }, { 0 } },
	.game = CMD_GAME_WRITE,
	.nargs = { 1, 1 },
	.run = cmd_join_exec,
};
