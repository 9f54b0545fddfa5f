/* SPDX-License-Identifier: ISC */
/* cmd-settle.c: `tally settle [night:ID | ID]`, who pays whom for the
 * stakes of a night's games (or one game), in the fewest payments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void
settle_up_add(struct settle_up *su, long id, const struct game_state *st)
{
	char title[160];
	snprintf(title, sizeof title, "%s #%ld", rules_title(st->rules, &st->opts), id);
	long *net = xcalloc((size_t)st->nplayers + 1, sizeof *net), pot = 0;
	const char *unit = NULL;
	long cents = settle_game_net(st, net, &pot, &unit);
	if (cents == 0) {
		free(net);
		return;
	}
	if (st->closed == GAME_ABANDONED && !st->over) {
		sb_printf(&su->skipped, "%s%s was abandoned: nothing owed", su->skipped.len ? "; " : "", title);
		free(net);
		return;
	}
	if (!st->over && !st->closed) {
		sb_printf(&su->skipped, "%s%s is still going: not counted ('tally end %ld' ends it)",
		    su->skipped.len ? "; " : "", title, id);
		free(net);
		return;
	}
	su->games = xrealloc(su->games, sizeof *su->games * (size_t)(su->ngames + 1));
	struct settle_game_line *g = &su->games[su->ngames++];
	memset(g, 0, sizeof *g);
	g->title = xstrdup(title);
	g->unit = unit;
	g->cents = cents;
	g->n = st->nplayers;
	g->net = net;
	g->pot = pot;
	g->pot_name = rules_pot_name(st->rules);
	g->names = xcalloc((size_t)st->nplayers + 1, sizeof *g->names);
	for (int i = 0; i < st->nplayers; i++) {
		g->names[i] = xstrdup(st->p[i].name);
		int who = party(su, st->p[i].name);
		su->cents[who] += net[i] * cents;
	}
	if (pot) {
		/* money left in the pot is nobody's yet: it is a party of its
		 * own, so the payments still square */
		g->pot_party = xasprintf("%s's %s", title, rules_pot_name(st->rules));
		int jar = party(su, g->pot_party);
		su->cents[jar] += pot * cents;
	}
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
		free(g->pot_party);
	}
	free(su->games);
	for (int i = 0; i < su->nparties; i++)
		free(su->party[i]);
	free(su->party);
	free(su->cents);
	free(su->pay);
	sb_release(&su->skipped);
}

char *
settle_up_payment_text(const struct settle_up *su, int i)
{
	char m[32];
	settle_money(su->pay[i].cents, m, sizeof m);
	return xasprintf("%s pays %s %s", su->party[su->pay[i].from], su->party[su->pay[i].to], m);
}

/* "+24" / "-3" */
static void
signed_units(long v, char *buf, size_t size)
{
	snprintf(buf, size, "%s%ld", v > 0 ? "+" : "", v);
}

static void
print_text(const struct settle_up *su, const char *what)
{
	char m[32];
	printf("settle up: %s\n", what);
	for (int i = 0; i < su->ngames; i++) {
		const struct settle_game_line *g = &su->games[i];
		settle_money(g->cents, m, sizeof m);
		printf("  %s, %s at %s:", g->title, g->unit, m);
		for (int k = 0; k < g->n; k++) {
			char u[24];
			signed_units(g->net[k], u, sizeof u);
			printf("%s %s %s", k ? "," : "", g->names[k], u);
		}
		if (g->pot)
			printf("; left in the %s: %ld", g->pot_name, g->pot);
		putchar('\n');
	}
	if (su->skipped.len)
		printf("  not settled: %s\n", su->skipped.s);
	if (su->ngames == 0) {
		printf("nothing to settle: no finished game carried stakes\n");
		return;
	}
	printf("net:");
	for (int i = 0; i < su->nparties; i++) {
		settle_money(su->cents[i], m, sizeof m);
		printf("%s %s %s%s", i ? "," : "", su->party[i], su->cents[i] > 0 ? "+" : "", m);
	}
	putchar('\n');
	if (su->npay == 0)
		printf("everyone is square\n");
	else
		printf("%d payment%s:\n", su->npay, plural_s(su->npay));
	for (int i = 0; i < su->npay; i++) {
		char *t = settle_up_payment_text(su, i);
		printf("  %s\n", t);
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
	    "  fewest payments.  Money left in a pot is a party of its own.  An\n"
	    "  abandoned game owes nothing; a game still going is named, not counted.\n"
	    "  Without an argument: the open night, else the newest.\n",
	.nargs = { 0, 1 },
	.run = cmd_settle_exec,
};
