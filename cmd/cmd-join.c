/* SPDX-License-Identifier: ISC */
/*
 * cmd-join.c: `tally join PLAYER [--total N] [-g ID]`: a late arrival asks
 * for a seat in a game under way.  Each game declares whether and how it
 * takes one (game_rules.join, core/rules.h, read through rules_join()):
 * the games that build on every hand from the first refuse, saying why.
 *
 * Seating the newcomer (a seat that starts at a later hand, replayed,
 * undone, exported and checked like a hand) is not built yet: where the
 * rules allow a newcomer, join says how the table would seat them and
 * stores nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

/* How r's game would seat a newcomer, as the rest of a sentence. */
static void
join_how(const struct game_state *st, enum join_kind kind, const char *total, char *buf, size_t size)
{
	if (kind == JOIN_BUY_IN)
		snprintf(buf, size, "buying in with %ld %s and the stake, from the next %s",
		    options_int(&st->opts, "lives", 3), rules_chips_name(st->rules), st->rules->words.hand_word);
	else if (total)
		snprintf(buf, size, "with the total %s the table gives", total);
	else
		snprintf(buf, size, "with the highest total now%s",
		    state_scoring(st) == SCORING_LOW ? " (the worst: low wins, so joining late never helps)" : "");
}

static enum status
cmd_join_exec(struct cmd_run *r, struct diag *d)
{
	const struct stored_game *g = r->g;
	const struct game_state *st = r->st;
	const char *title = rules_title(st->rules, &st->opts);
	const char *total = cmd_opt(r, "total");
	const char *reason;
	char *nfc = NULL, how[200];
	long n;
	enum status rc;
	if ((rc = names_check(r->argv[0], &nfc, d)) != ST_OK)
		return rc;
	enum join_kind kind = rules_join(st->rules, &st->opts, &reason);
	if (kind == JOIN_REFUSED)
		rc = diag_set(d, ST_RULE, nfc, NULL, "late arrival", "%s #%ld takes no late arrival: %s", title, g->id,
		    reason);
	else if (st->over || st->closed)
		rc = diag_set(d, ST_RULE, nfc, NULL, "game over", "%s #%ld is over; a late arrival has nothing to play",
		    title, g->id);
	else if (total && !parse_long(total, -100000, 100000, &n))
		rc = diag_set(d, ST_USAGE, nfc, total, "late arrival", "%s #%ld: --total %s is not a whole number of points",
		    title, g->id, total);
	else if (total && kind != JOIN_TOTAL)
		rc = diag_set(d, ST_USAGE, nfc, total, "late arrival",
		    "%s #%ld: --total does not apply: a newcomer buys in with the lives the table set", title, g->id);
	else {
		for (int i = 0; i < st->nplayers; i++)
			if (names_eq(nfc, st->p[i].name) || (st->sub && st->sub[i] && names_eq(nfc, st->sub[i]))) {
				rc = diag_set(d, ST_USAGE, nfc, NULL, "player identity", "%s #%ld: %s plays here already",
				    title, g->id, nfc);
				free(nfc);
				return rc;
			}
		join_how(st, kind, total, how, sizeof how);
		rc = diag_set(d, ST_RULE, nfc, NULL, "late arrival",
		    "%s #%ld would seat %s %s, but this tally cannot add a seat to a game under way yet;"
		    " nothing stored", title, g->id, nfc, how);
	}
	free(nfc);
	return rc;
}

const struct cmd_entry cmd_join_entry = {
	.name = "join",
	.usage = "[-g ID] [--total N] PLAYER",
	.summary = "a late arrival asks for a seat where the game's rules allow it",
	.help = "  Each game says whether it takes a late arrival ('tally rules GAME'):\n"
	    "  Chase the Ace: the newcomer buys in with the lives and stake the table\n"
	    "  set, from the next round; Golf (without quarters stakes) and the score\n"
	    "  pad: the newcomer starts from the highest total now (in a low-scoring\n"
	    "  game the worst, so joining late never helps), or --total N.  Trash, the\n"
	    "  meld games, Bankrupt and the patience games refuse, saying why (exit 65).\n"
	    "  Seating the newcomer in a game under way is not built yet: join says how\n"
	    "  the game would seat them and stores nothing.",
	.options = (const struct cmd_option[]){ { "total", 0, "N" }, { 0 } },
	.game = CMD_GAME_READ,  /* nothing is stored yet */
	.nargs = { 1, 1 },
	.run = cmd_join_exec,
};
