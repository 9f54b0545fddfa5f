/* SPDX-License-Identifier: ISC */
/* cmd-settle.c: `tally settle [night:ID | ID]`, who pays whom for the
 * stakes of a night's games (or one game), in the fewest payments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fit.h"
#include "../core/json.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "settle-up.h"

/* The party called name, added when new. */
static int
party(struct settle_up *su, const char *name)
{
	for (int i = 0; i < su->nparties; i++)
		if (strcmp(su->party[i], name) == 0)
			return i;
	su->party = xrealloc(su->party, sizeof *su->party * (size_t)(su->nparties + 1));
	su->cents = xrealloc(su->cents, sizeof *su->cents * (size_t)(su->nparties + 1));
	su->party[su->nparties] = xstrdup(name);
	su->cents[su->nparties] = 0;
	return su->nparties++;
}

/* "Al 1, Bea 2" of the seats with units in per[] (heap). */
static char *
who_units(const struct game_state *st, const long *per)
{
	struct strbuf sb = {0};
	for (int i = 0; i < st->nplayers; i++)
		if (per[i])
			sb_printf(&sb, "%s%s %s", sb.len ? ", " : "", st->p[i].name, GROUPED(per[i]));
	return sb_take(&sb);
}

/*
 * Seat `winner` (party `to`) of the game titled title won `want` units of
 * a pot carried in from another game: the seed's "the pot is carried
 * forward to the next game".  Units left unwon in an earlier game of this
 * reckoning with the same rules and stake (su->carry, oldest first) are
 * paid to the winner by those who paid them in, and said under
 * "carried"; what none of them covers was paid in a game not counted
 * here.  Returns the units not covered.
 */
static long
draw_carried(struct settle_up *su, const struct game_state *st, const char *title, int winner, int to,
    long want)
{
	struct strbuf who = {0};
	const char *from = NULL;  /* the game the units in `who` were left in */
	long cents = rules_stake_cents(st->rules, &st->opts);
	for (int k = 0; k <= su->ncarry; k++) {
		struct settle_carry *c = k < su->ncarry ? &su->carry[k] : NULL;
		int use = c && want > 0 && c->units > 0 && c->rules == st->rules && c->cents == cents;
		if (from && (!use || strcmp(c->title, from) != 0)) {
			sb_printf(&su->carried, "%s%s's %s went on to %s, won there by %s (paid in by %s)",
			    su->carried.len ? "; " : "", from, rules_pot_name(st->rules), title, st->p[winner].name, who.s);
			sb_release(&who);
			from = NULL;
		}
		if (!use)
			continue;
		long take = c->units < want ? c->units : want;
		char m[32];
		settle_money(take * cents, m, sizeof m);
		su->cents[c->party] -= take * cents;
		su->cents[to] += take * cents;
		c->units -= take;
		want -= take;
		sb_printf(&who, "%s%s %s", who.len ? ", " : "", su->party[c->party], m);
		from = c->title;
	}
	return want;
}

/* What game st (titled title) leaves out of its nets (core/settle.h):
 * units of a carried-in pot its players won, drawn on what earlier games
 * left (draw_carried) and else named under "not settled"; then the units
 * nobody won, kept in su->carry for a later game to draw on. */
static void
carry_left(struct settle_up *su, const char *title, const struct game_state *st, struct settle_left *left,
    long cents)
{
	const char *pot = rules_pot_name(st->rules);
	for (int i = 0; i < st->nplayers; i++)
		if (left->carried[i] > 0) {
			int to = party(su, st->p[i].name);
			left->carried[i] = draw_carried(su, st, title, i, to, left->carried[i]);
		}
	long rest = 0;
	for (int i = 0; i < st->nplayers; i++)
		rest += left->carried[i];
	if (rest) {
		char m[32], *who = who_units(st, left->carried);
		settle_money(rest * cents, m, sizeof m);
		sb_printf(&su->skipped, "%s%s: the %s carried into the %s from another game (%s won: %s) is that game's"
		    " players' to pay", su->skipped.len ? "; " : "", title, m, pot, rules_ledger_unit(st->rules), who);
		free(who);
	}
	for (int i = 0; i < st->nplayers; i++)
		if (left->in_pot[i] > 0) {
			su->carry = xrealloc(su->carry, sizeof *su->carry * (size_t)(su->ncarry + 1));
			int who = party(su, st->p[i].name);
			su->carry[su->ncarry++] = (struct settle_carry){ st->rules, cents, who, left->in_pot[i], xstrdup(title) };
		}
}

/* The units still unwon in su->carry once every game is in: a "not
 * settled" line for each game, with who paid them in. */
static void
note_unwon(struct settle_up *su)
{
	for (int k = 0; k < su->ncarry;) {
		const struct settle_carry *c0 = &su->carry[k];
		struct strbuf who = {0};
		long units = 0;
		int j = k;
		for (; j < su->ncarry && strcmp(su->carry[j].title, c0->title) == 0; j++)
			if (su->carry[j].units) {
				sb_printf(&who, "%s%s %s", who.len ? ", " : "", su->party[su->carry[j].party],
				    GROUPED(su->carry[j].units));
				units += su->carry[j].units;
			}
		if (units) {
			char m[32];
			const char *pot = rules_pot_name(c0->rules);
			settle_money(units * c0->cents, m, sizeof m);
			sb_printf(&su->skipped, "%s%s: nobody won the %s's %s (%s paid in: %s); it stays in the %s for the"
			    " next game", su->skipped.len ? "; " : "", c0->title, pot, m, rules_ledger_unit(c0->rules), who.s,
			    pot);
		}
		sb_release(&who);
		k = j;
	}
}

void
settle_up_add(struct settle_up *su, long id, const struct game_state *st)
{
	char title[160];
	snprintf(title, sizeof title, "%s #%ld", rules_title(st->rules, &st->opts), id);
	size_t n = (size_t)st->nplayers + 1;
	long *net = xcalloc(n, sizeof *net), *in_pot = xcalloc(n, sizeof *in_pot), *carried = xcalloc(n, sizeof *carried);
	struct settle_left left = { in_pot, carried, 0, 0 };
	const char *unit = NULL;
	long cents = settle_game_net(st, net, &left, &unit);
	int skip = cents == 0;
	if (!skip && st->closed == GAME_ABANDONED && !st->over) {
		sb_printf(&su->skipped, "%s%s was abandoned: nothing owed", su->skipped.len ? "; " : "", title);
		skip = 1;
	} else if (!skip && !st->over && !st->closed) {
		sb_printf(&su->skipped, "%s%s is still going: not counted ('tally end %ld' ends it)",
		    su->skipped.len ? "; " : "", title, id);
		skip = 1;
	}
	if (!skip) {
		su->games = xrealloc(su->games, sizeof *su->games * (size_t)(su->ngames + 1));
		struct settle_game_line *g = &su->games[su->ngames++];
		memset(g, 0, sizeof *g);
		g->title = xstrdup(title);
		g->unit = unit;
		g->cents = cents;
		g->n = st->nplayers;
		g->net = net;
		net = NULL;
		g->pot = left.pot;
		g->pot_name = rules_pot_name(st->rules);
		g->names = xcalloc(n, sizeof *g->names);
		for (int i = 0; i < st->nplayers; i++) {
			g->names[i] = xstrdup(st->p[i].name);
			int who = party(su, st->p[i].name);  /* grows su->cents */
			su->cents[who] += g->net[i] * cents;
		}
		carry_left(su, title, st, &left, cents);
	}
	free(net);
	free(in_pot);
	free(carried);
}

enum status
settle_up_build(struct cmd_ctx *ctx, const long *ids, int n, struct settle_up *out, struct diag *d)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n; i++) {
		struct stored_game *g = NULL;
		struct game_state *st = NULL;
		enum status rc = cmd_read_game(ctx, ids[i], &g, &st, d);
		if (rc != ST_OK)
			return rc;
		settle_up_add(out, g->id, st);
		state_free(st);
		stored_game_free(g);
	}
	settle_up_finish(out);
	return ST_OK;
}

void
settle_up_finish(struct settle_up *su)
{
	note_unwon(su);
	su->npay = settle_payments(su->cents, su->nparties, &su->pay);
}

void
settle_up_release(struct settle_up *su)
{
	for (int i = 0; i < su->ngames; i++) {
		struct settle_game_line *g = &su->games[i];
		for (int k = 0; k < g->n; k++)
			free(g->names[k]);
		free(g->names);
		free(g->net);
		free(g->title);
	}
	free(su->games);
	for (int i = 0; i < su->nparties; i++)
		free(su->party[i]);
	free(su->party);
	free(su->cents);
	free(su->pay);
	for (int i = 0; i < su->ncarry; i++)
		free(su->carry[i].title);
	free(su->carry);
	sb_release(&su->skipped);
	sb_release(&su->carried);
}

char *
settle_up_payment_text(const struct settle_up *su, int i)
{
	char m[32];
	settle_money(su->pay[i].cents, m, sizeof m);
	return xasprintf("%s pays %s %s", su->party[su->pay[i].from], su->party[su->pay[i].to], m);
}


/* settle's text: on a terminal each line broken between its items at the
 * terminal's width (cmd_say), the lines of a list indented under it, a
 * name kept with its amount (FIT_GLUE); to a pipe as it always was. */
static void
print_text(const struct settle_up *su, const char *what)
{
	char m[32];
	struct strbuf sb = {0};
	cmd_say(stdout, "  ", "settle up: %s", what);
	for (int i = 0; i < su->ngames; i++) {
		const struct settle_game_line *g = &su->games[i];
		settle_money(g->cents, m, sizeof m);
		sb.len = 0;
		sb_printf(&sb, "  %s, %s at %s:", g->title, g->unit, m);
		for (int k = 0; k < g->n; k++) {
			char u[GROUPED_MAX];  /* "+1,200", "-3", "0" */
			sb_printf(&sb, "%s %s" FIT_GLUE "%s", k ? "," : "", g->names[k], grouped_number(g->net[k], 1, u, sizeof u));
		}
		if (g->pot)
			sb_printf(&sb, "; left in the %s: %s", g->pot_name, GROUPED(g->pot));
		cmd_say(stdout, "    ", "%s", sb.s);
	}
	sb_release(&sb);
	if (su->carried.len)
		cmd_say(stdout, "    ", "  carried: %s", su->carried.s);
	if (su->skipped.len)
		cmd_say(stdout, "    ", "  not settled: %s", su->skipped.s);
	if (su->ngames == 0) {
		cmd_say(stdout, "", "nothing to settle: no finished game carried stakes");
		return;
	}
	sb_printf(&sb, "net:");
	for (int i = 0; i < su->nparties; i++) {
		settle_money(su->cents[i], m, sizeof m);
		sb_printf(&sb, "%s %s" FIT_GLUE "%s%s", i ? "," : "", su->party[i], su->cents[i] > 0 ? "+" : "", m);
	}
	cmd_say(stdout, "  ", "%s", sb.s);
	sb_release(&sb);
	if (su->npay == 0)
		cmd_say(stdout, "", "everyone is square");
	else
		cmd_say(stdout, "", "%d payment%s:", su->npay, plural_s(su->npay));
	for (int i = 0; i < su->npay; i++) {
		char *t = settle_up_payment_text(su, i);
		cmd_say(stdout, "    ", "  %s", t);
		free(t);
	}
}

static void
print_json(const struct settle_up *su, struct jv *night, long game)
{
	struct jv *o = jv_object(), *games = jv_array(), *net = jv_object(), *pay = jv_array();
	jv_set(o, "night", night ? night : jv_null());
	jv_set(o, "game", game ? jv_int(game) : jv_null());
	for (int i = 0; i < su->ngames; i++) {
		const struct settle_game_line *g = &su->games[i];
		struct jv *gj = jv_object(), *units = jv_object();
		jv_set(gj, "title", jv_str(g->title));
		jv_set(gj, "unit", jv_str(g->unit));
		jv_set(gj, "cents_each", jv_int(g->cents));
		for (int k = 0; k < g->n; k++)
			jv_set(units, g->names[k], jv_int(g->net[k]));
		jv_set(gj, "net", units);
		jv_set(gj, "pot", jv_int(g->pot));
		jv_push(games, gj);
	}
	for (int i = 0; i < su->nparties; i++)
		jv_set(net, su->party[i], jv_int(su->cents[i]));
	for (int i = 0; i < su->npay; i++) {
		struct jv *p = jv_object();
		jv_set(p, "from", jv_str(su->party[su->pay[i].from]));
		jv_set(p, "to", jv_str(su->party[su->pay[i].to]));
		jv_set(p, "amount", jv_int(su->pay[i].cents));
		jv_set(p, "unit", jv_str("cents"));
		jv_push(pay, p);
	}
	jv_set(o, "games", games);
	jv_set(o, "net", net);
	jv_set(o, "unit", jv_str("cents"));
	jv_set(o, "payments", pay);
	jv_set(o, "carried", su->carried.len ? jv_str(su->carried.s) : jv_null());
	jv_set(o, "not_settled", su->skipped.len ? jv_str(su->skipped.s) : jv_null());
	char *text = jv_dumps(o, 0);
	printf("%s\n", text ? text : "{}");
	free(text);
	jv_free(o);
}

/* history callback: the night of the first game found. */
static int
first_night(const struct history_row *r, void *ctx)
{
	long *night = ctx;
	if (*night == 0)
		*night = r->night;
	return 0;
}

/* The night `what` names ("night:7", "night:last", "night:current"; NULL:
 * the open night, else the newest), in *night. */
static enum status
find_night(struct store *s, const char *what, long *night, struct diag *d)
{
	enum status rc;
	*night = 0;
	if (what && strncmp(what, "night:", 6) == 0 && parse_long(what + 6, 1, 1000000000L, night))
		return ST_OK;
	char term[40];
	snprintf(term, sizeof term, "%s", what ? what : "night:current");
	char *t = term;
	struct query q = {0};
	if ((rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	if ((rc = query_parse(1, &t, &q, d)) == ST_OK)
		rc = report_history(s, &q, first_night, night, d);
	query_release(&q);
	if (rc == ST_OK && *night == 0 && what == NULL) {
		char last[] = "night:last";
		t = last;
		memset(&q, 0, sizeof q);
		if ((rc = query_parse(1, &t, &q, d)) == ST_OK)
			rc = report_history(s, &q, first_night, night, d);
		query_release(&q);
	}
	store_end(s, 0, d);  /* a read: nothing to keep */
	if (rc == ST_OK && *night == 0)
		rc = diag_set(d, ST_NOINPUT, NULL, what, "night", "%s: no night with games to settle",
		    what ? what : "tally settle");
	return rc;
}

/* Declared with no store: each game is read in a transaction of its own
 * (settle_up_build loads them one by one, as the night report does). */
static enum status
cmd_settle_exec(struct cmd_run *r, struct diag *d)
{
	struct cmd_ctx *ctx = r->ctx;
	struct settle_up su = {0};
	struct night_info info = {0};
	struct store *s;
	long *ids = NULL, night = 0, game = 0;
	int n = 0;
	enum status rc = ST_OK;
	const char *what = r->argc > 0 ? r->argv[0] : NULL;

	if (what && strncmp(what, "night:", 6) != 0)
		rc = cmd_game_id(what, &game, d);
	if (rc == ST_OK)
		rc = cmd_store(ctx, &s, d);
	if (rc == ST_OK && game == 0 && (rc = find_night(s, what, &night, d)) == ST_OK &&
	    (rc = store_begin(s, 0, d)) == ST_OK) {
		rc = report_night(s, night, &info, &ids, &n, d);
		store_end(s, 0, d);
	}
	if (rc == ST_OK && game)
		rc = settle_up_build(ctx, &game, 1, &su, d);
	else if (rc == ST_OK)
		rc = settle_up_build(ctx, ids, n, &su, d);
	if (rc == ST_OK) {
		if (ctx->json) {
			struct jv *nj = NULL;
			if (!game) {
				nj = jv_object();
				jv_set(nj, "id", jv_int(info.id));
				jv_set(nj, "name", jv_str(info.name));
			}
			print_json(&su, nj, game);
		} else {
			char *label = game ? xasprintf("game #%ld", game) : xasprintf("night #%ld \"%s\"", info.id, info.name);
			print_text(&su, label);
			free(label);
		}
	}
	settle_up_release(&su);
	night_info_release(&info);
	free(ids);
	return rc;
}

const struct cmd_entry cmd_settle_entry = {
	.name = "settle",
	.usage = "[night:ID | ID]",
	.summary = "who pays whom for the stakes of the night's games, in the fewest payments",
	.help =
	    "  Every finished game of the night that carried money counts: Chase the\n"
	    "  Ace's dimes (the pot won included), house Golf's quarters, Bankrupt's\n"
	    "  chips at -o chip_value, Spite and Malice's and a pad's money_per_point.\n"
	    "  Each player's winnings are netted over the games, then settled in the\n"
	    "  fewest payments.  Only the last player in wins a pot: units still in a\n"
	    "  pot or jar when a game ends stay there for the next game, owed to no\n"
	    "  one, and are named under 'not settled' with who paid them in.  An\n"
	    "  abandoned game owes nothing; a game still going is named, not counted.\n"
	    "  Without an argument: the open night, else the newest.\n",
	.nargs = { 0, 1 },
	.run = cmd_settle_exec,
};
