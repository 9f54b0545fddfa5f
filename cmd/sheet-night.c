/* SPDX-License-Identifier: ISC */
/* sheet-night.c: `tally sheet night:ID`, the night report: a summary page (the games with winner and length; per player wins,
 * points, chips won and lost, eliminations and the night's places), then a
 * section per game charted by what decides it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/sheet.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "settle-up.h"
#include "sheet-night.h"

static const char *
nth(int n)
{
	return n % 100 >= 11 && n % 100 <= 13 ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

long *
sheet_start_measures(const struct game_state *st)
{
	struct diag d = {0};
	long *v = xcalloc((size_t)st->nplayers + 1, sizeof *v);
	char **names = xcalloc((size_t)st->nplayers + 1, sizeof *names);
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	struct game_state *fresh = state_new(st->rules, names, st->nplayers, &st->opts, st->first_dealer, &d);
	for (int i = 0; fresh && i < st->nplayers; i++)
		v[i] = state_measure(fresh, i);
	state_free(fresh);
	diag_clear(&d);
	free(names);
	return v;
}

/* One player of the night, gathered over the games by name. */
struct night_player {
	const char *name;
	int games, wins, outs, put_out, rank_sum, ranked;
	char **cells;               /* per game of the night: "1st, 39",
	                             * "2nd, +3 quarters", or NULL */
};

static struct night_player *
find_player(struct night_player *v, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(v[i].name, name) == 0)
			return &v[i];
	memset(&v[*n], 0, sizeof v[*n]);
	v[*n].name = name;
	return &v[(*n)++];
}

/* Most wins, then the better average place; 0 for a tie. */
static int
by_merit(const struct night_player *x, const struct night_player *y)
{
	if (x->wins != y->wins)
		return y->wins - x->wins;
	/* the better average place: x->rank_sum / x->ranked against y's */
	long l = (long)x->rank_sum * (y->ranked ? y->ranked : 1), r = (long)y->rank_sum * (x->ranked ? x->ranked : 1);
	if (x->ranked && y->ranked && l != r)
		return l < r ? -1 : 1;
	if (!x->ranked != !y->ranked)
		return x->ranked ? -1 : 1;
	return 0;
}

/* The night's order: by merit, then by name. */
static int
by_place(const void *a, const void *b)
{
	const struct night_player *x = a, *y = b;
	int c = by_merit(x, y);
	return c ? c : strcmp(x->name, y->name);
}

/* Everything the report points into, freed together. */
struct night_data {
	int n;
	struct game_state **states;
	struct report_game *games;
	char **titles, **results, **rules, ***standing;
	long **series;
	char **cells[2];
	int ncells[2];
	/* the night's players in the order first seen: a player's index is
	 * their colour and line style in every chart */
	const char **who;
	int nwho;
	int **colour;
	const char **heads;         /* the players table's headings */
};

static void
night_data_free(struct night_data *nd)
{
	for (int i = 0; i < nd->n; i++) {
		if (nd->states[i]) {
			for (int p = 0; p < nd->states[i]->nplayers; p++)
				free(nd->standing[i][p]);
			free(nd->standing[i]);
			free((void *)nd->games[i].names);
			state_free(nd->states[i]);
		}
		free(nd->titles[i]);
		free(nd->results[i]);
		free(nd->rules[i]);
		free(nd->series[i]);
	}
	for (int t = 0; t < 2; t++) {
		for (int c = 0; c < nd->ncells[t]; c++)
			free(nd->cells[t][c]);
		free(nd->cells[t]);
	}
	for (int i = 0; nd->colour && i < nd->n; i++)
		free(nd->colour[i]);
	free(nd->colour);
	free(nd->who);
	free(nd->heads);
	free(nd->states);
	free(nd->games);
	free(nd->titles);
	free(nd->results);
	free(nd->rules);
	free(nd->standing);
	free(nd->series);
}

/* "N UNITS" (signed "+N UNITS" when sign), the unit singular for 1 and -1
 * ("1 quarter", "-1 life"): a heap string. */
static char *
count_of(long n, const char *units, int sign)
{
	size_t len = strlen(units);
	int one = (n == 1 || n == -1) && len > 1 && units[len - 1] == 's';
	const char *unit = one && strcmp(units, "lives") == 0 ? "life" : units;
	int ulen = one && unit == units ? (int)len - 1 : (int)strlen(unit);
	return sign ? xasprintf("%+ld %.*s", n, ulen, unit) : xasprintf("%ld %.*s", n, ulen, unit);
}

/* Partnership play (core/sides.h): the sides ranked, each with its
 * total and each partner's part ("1st Bob & Dee 1,765 (Bob 545, Dee
 * 1,220); 2nd Ann & Cid 1,035 (...)"), then how long it ran. */
static void
night_sides(const struct game_state *st, struct strbuf *sb)
{
	int k = state_nsides(st), printed = 0;
	if (st->closed && !st->over)
		sb_add(sb, "ended early: ");
	for (int place = 1; place <= k; place++)
		for (int s = 0; s < k; s++) {
			int seats[SIDE_SIZE], n = state_side_seats(st, s, seats);
			char nth_buf[16], name[256], num[32];
			if (side_rank(st, s) != place)
				continue;
			sb_printf(sb, "%s%s %s %s (", printed++ ? "; " : "",
			    view_ordinal(place, nth_buf, sizeof nth_buf), side_name(st, s, name, sizeof name),
			    view_number(side_total(st, s), num, sizeof num));
			for (int i = 0; i < n; i++)
				sb_printf(sb, "%s%s %s", i ? ", " : "", st->p[seats[i]].name,
				    view_number(st->p[seats[i]].total, num, sizeof num));
			sb_add(sb, ")");
		}
	sb_printf(sb, "%s after %d %s%s", st->over || st->closed ? "" : ", in progress", st->nhands,
	    st->rules->words.hand_word, plural_s(st->nhands));
}

/* Game i of the night into nd: its section of the report. */
static void
night_game(struct night_data *nd, int i, const struct stored_game *g, struct game_state *st)
{
	int np = st->nplayers, pts = st->nhands + 1;
	const char *measure = state_measure_name(st);
	long *start = sheet_start_measures(st);
	nd->states[i] = st;
	nd->series[i] = xcalloc((size_t)(np * pts), sizeof **nd->series);
	nd->standing[i] = xcalloc((size_t)np, sizeof **nd->standing);
	for (int p = 0; p < np; p++) {
		nd->series[i][p * pts] = start[p];
		for (int h = 0; h < st->nhands; h++)
			nd->series[i][p * pts + h + 1] = state_hand_measure(st, h, p);
		if (st->nhands == 0)
			nd->standing[i][p] = xstrdup("");
		else {
			char *held = count_of(state_measure(st, p), measure, 0);
			char side[256] = "", name[200];
			if (state_side(st, p) >= 0) /* partnership play: the side's place */
				snprintf(side, sizeof side, " with %s", side_name(st, state_side(st, p), name, sizeof name));
			nd->standing[i][p] = xasprintf("%s, %d%s%s%s", held, st->p[p].rank, nth(st->p[p].rank), side,
			    st->p[p].winner ? " (winner)" : "");
			free(held);
		}
	}
	free(start);
	nd->titles[i] = xasprintf("%s #%ld", rules_title(st->rules, &st->opts), g->id);
	struct strbuf sb = {0};
	int abandoned = st->closed == GAME_ABANDONED && !st->over;
	if (st->nhands == 0)
		sb_add(&sb, "not played");
	else if (abandoned)
		sb_printf(&sb, "abandoned after %d %s%s", st->nhands, st->rules->words.hand_word, plural_s(st->nhands));
	else if (state_nsides(st) > 0)
		night_sides(st, &sb);
	else if (st->over || st->closed) {
		for (int p = 0; p < np; p++)
			if (st->p[p].winner)
				sb_printf(&sb, "%s%s", sb.len ? ", " : (st->closed && !st->over ? "ended early; winner: " : "winner: "),
				    st->p[p].name);
		sb_printf(&sb, "%safter %d %s%s", sb.len ? " " : "", st->nhands, st->rules->words.hand_word, plural_s(st->nhands));
	} else
		sb_printf(&sb, "in progress after %d %s%s", st->nhands, st->rules->words.hand_word, plural_s(st->nhands));
	nd->results[i] = sb_take(&sb);
	nd->rules[i] = options_words(st->rules, &st->opts);
	struct report_game *rg = &nd->games[i];
	rg->title = nd->titles[i];
	rg->result = nd->results[i];
	rg->measure = measure;
	rg->x_label = xasprintf("%ss", st->rules->words.hand_word);
	rg->rules = nd->rules[i];
	rg->nplayers = np;
	char **names = xcalloc((size_t)np, sizeof *names);
	for (int p = 0; p < np; p++)
		names[p] = st->p[p].name;
	rg->names = names;
	rg->standing = nd->standing[i];
	rg->npoints = pts;
	rg->series = nd->series[i];
	nd->colour[i] = xcalloc((size_t)np, sizeof **nd->colour);
	for (int p = 0; p < np; p++) {
		int k = 0;
		while (k < nd->nwho && strcmp(nd->who[k], st->p[p].name) != 0)
			k++;
		if (k == nd->nwho) {
			nd->who = xrealloc(nd->who, (size_t)(nd->nwho + 1) * sizeof *nd->who);
			nd->who[nd->nwho++] = st->p[p].name;
		}
		nd->colour[i][p] = k;
	}
	rg->colour = nd->colour[i];
}

static const char *const game_heads[] = { "#", "Game", "Winner", "Length", "Players" };

/* The summary page: the games, then the players in the night's order. */
static void
night_tables(struct night_data *nd, struct report_table t[2])
{
	int n = nd->n, nplayers = 0, maxp = 0;
	for (int i = 0; i < n; i++)
		maxp += nd->states[i]->nplayers;
	struct night_player *pl = xcalloc((size_t)maxp + 1, sizeof *pl);
	char **gc = nd->cells[0] = xcalloc((size_t)n * 5 + 1, sizeof *gc);
	nd->ncells[0] = n * 5;
	for (int i = 0; i < n; i++) {
		struct game_state *st = nd->states[i];
		struct strbuf names = {0}, win = {0};
		/* an abandoned game has no result: it counts nowhere */
		int abandoned = st->closed == GAME_ABANDONED && !st->over;
		const char *measure = nd->games[i].measure;
		for (int p = 0; p < st->nplayers; p++) {
			sb_printf(&names, "%s%s", p ? ", " : "", st->p[p].name);
			if (st->nhands == 0 || abandoned)  /* not played: it counts nowhere */
				continue;
			struct night_player *x = find_player(pl, &nplayers, st->p[p].name);
			x->games++;
			if ((st->over || st->closed) && st->p[p].winner) {
				x->wins++;   /* a side's win is a win for each partner */
				if (state_side(st, p) < 0)
					sb_printf(&win, "%s%s", win.len ? ", " : "", st->p[p].name);
				else if (p < state_nsides(st)) { /* the side named once, by its first seat */
					char name[256];
					sb_printf(&win, "%s%s", win.len ? ", " : "", side_name(st, state_side(st, p), name, sizeof name));
				}
			}
			x->outs += st->p[p].out;
			if (st->p[p].out_by > 0)
				find_player(pl, &nplayers, st->p[st->p[p].out_by - 1].name)->put_out++;
			x->rank_sum += st->p[p].rank;
			x->ranked++;
			const long *s = nd->series[i] + p * nd->games[i].npoints;
			long net = s[nd->games[i].npoints - 1] - s[0];
			if (x->cells == NULL)
				x->cells = xcalloc((size_t)n + 1, sizeof *x->cells);
			free(x->cells[i]);
			if (state_measure_points(st))
				x->cells[i] = xasprintf("%d%s, %ld", st->p[p].rank, nth(st->p[p].rank), st->p[p].total);
			else {
				/* what the ledger says the seat won, in its units:
				 * Chase the Ace's pot won is dimes won, not lives */
				char *won = st->ledger ? count_of(settle_seat_net(st, p), rules_ledger_unit(st->rules), 1)
				    : count_of(net, measure, 1);
				x->cells[i] = xasprintf("%d%s, %s", st->p[p].rank, nth(st->p[p].rank), won);
				free(won);
			}
		}
		gc[i * 5] = xstrdup(strchr(nd->titles[i], '#') + 1);
		gc[i * 5 + 1] = xstrdup(rules_title(st->rules, &st->opts));
		gc[i * 5 + 2] = st->nhands == 0 ? xstrdup("not played")
		    : abandoned ? xstrdup("abandoned")
		    : !(st->over || st->closed) ? xstrdup("in progress")
		    : win.len ? sb_take(&win) : xstrdup("none");
		gc[i * 5 + 3] = xasprintf("%d %s%s%s", st->nhands, st->rules->words.hand_word, plural_s(st->nhands),
		    abandoned ? ", abandoned" : st->closed && !st->over ? ", ended early" : "");
		gc[i * 5 + 4] = sb_take(&names);
		sb_release(&win);
		sb_release(&names);
	}
	qsort(pl, (size_t)nplayers, sizeof *pl, by_place);
	/* a column per game played: each player's place and result in it */
	int *played = xcalloc((size_t)n + 1, sizeof *played), ng = 0;
	for (int i = 0; i < n; i++) {
		struct game_state *st = nd->states[i];
		if (st->nhands > 0 && !(st->closed == GAME_ABANDONED && !st->over))
			played[ng++] = i;
	}
	int nc = 5 + ng;
	nd->heads = xcalloc((size_t)nc + 1, sizeof *nd->heads);
	nd->heads[0] = "Place";
	nd->heads[1] = "Player";
	nd->heads[2] = "Wins";
	for (int k = 0; k < ng; k++)
		nd->heads[3 + k] = nd->titles[played[k]];
	nd->heads[3 + ng] = "Out";
	nd->heads[4 + ng] = "Put out";
	char **pc = nd->cells[1] = xcalloc((size_t)nplayers * (size_t)nc + 1, sizeof *pc);
	nd->ncells[1] = nplayers * nc;
	for (int k = 0; k < nplayers; k++) {
		struct night_player *x = &pl[k];
		char **row = pc + (size_t)k * (size_t)nc;
		int place = k + 1;
		while (place > 1 && by_merit(&pl[place - 2], x) == 0)
			place--;
		int tied = (k > 0 && by_merit(&pl[k - 1], x) == 0) || (k + 1 < nplayers && by_merit(&pl[k + 1], x) == 0);
		row[0] = x->ranked ? xasprintf("%s%d%s", tied ? "=" : "", place, nth(place)) : xstrdup("-");
		row[1] = xstrdup(x->name);
		row[2] = xasprintf("%d", x->wins);
		for (int c = 0; c < ng; c++)
			row[3 + c] = x->cells && x->cells[played[c]] ? xstrdup(x->cells[played[c]]) : xstrdup("");
		row[3 + ng] = xasprintf("%d", x->outs);
		row[4 + ng] = xasprintf("%d", x->put_out);
		for (int i = 0; x->cells && i < n; i++)
			free(x->cells[i]);
		free(x->cells);
	}
	free(played);
	free(pl);
	t[0] = (struct report_table){ "Games", 5, n, game_heads, gc,
		"Length: the hands (holes, rounds) played.  A game with no hands yet is listed as not played." };
	t[1] = (struct report_table){ "Players", nc, nplayers, nd->heads, pc,
		"Place: most wins, then the best average finishing place over the games played; \"=\" marks a tie.\n"
		"Each game: the player's place, then the final total (points games; in Golf the lowest is best) or "
		"what was won (+) or lost (-) (chips, quarters, dimes; Chase the Ace: the lives and the pot won, in dimes).\n"
		"Out: times this player was put out or went bankrupt; Put out: players this one put out." };
}

static const char *const settle_heads[] = { "Pays", "To", "Amount" };

/* The settle-up table: the fewest payments for the night's stakes
 * (settle-up.h), the money each game carried and the nets in its legend;
 * 0 when no game carried money. */
static int
settle_table(const struct settle_up *su, char ***cells, char **legend, struct report_table *t)
{
	if (su->ngames == 0)
		return 0;
	char **c = *cells = xcalloc((size_t)su->npay * 3 + 1, sizeof *c);
	for (int i = 0; i < su->npay; i++) {
		char m[32];
		settle_money(su->pay[i].cents, m, sizeof m);
		c[i * 3] = xstrdup(su->party[su->pay[i].from]);
		c[i * 3 + 1] = xstrdup(su->party[su->pay[i].to]);
		c[i * 3 + 2] = xstrdup(m);
	}
	struct strbuf sb = {0};
	sb_add(&sb, "Money from ");
	for (int i = 0; i < su->ngames; i++) {
		char m[32];
		settle_money(su->games[i].cents, m, sizeof m);
		sb_printf(&sb, "%s%s (%s at %s)", i ? ", " : "", su->games[i].title, su->games[i].unit, m);
	}
	sb_add(&sb, ".\nNet: ");
	for (int i = 0; i < su->nparties; i++) {
		char m[32];
		settle_money(su->cents[i], m, sizeof m);
		sb_printf(&sb, "%s%s %s%s", i ? ", " : "", su->party[i], su->cents[i] > 0 ? "+" : "", m);
	}
	sb_add(&sb, ".  The fewest payments that settle it (tally settle).");
	if (su->carried.len)
		sb_printf(&sb, "\nCarried: %s.", su->carried.s);
	if (su->skipped.len)
		sb_printf(&sb, "\nNot settled: %s.", su->skipped.s);
	*legend = sb_take(&sb);
	*t = (struct report_table){ "Settle up", 3, su->npay, settle_heads, c, *legend };
	return 1;
}

enum status
sheet_night_report(struct cmd_ctx *ctx, long night, const char *out, int a4, struct diag *d)
{
	struct store *s;
	struct night_info info = {0};
	struct night_data nd = {0};
	struct report_table tables[3];
	struct settle_up su = {0};
	char **settle_cells = NULL, *settle_legend = NULL;
	int ntables = 2;
	long *ids = NULL;
	int n = 0;
	enum status rc;
	char *subtitle = NULL, *outbuf = NULL;

	if ((rc = cmd_store(ctx, &s, d)) != ST_OK || (rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	rc = report_night(s, night, &info, &ids, &n, d);
	store_end(s, 0, d);  /* each game is read in a transaction of its own */
	if (rc != ST_OK)
		goto out;
	nd.states = xcalloc((size_t)n + 1, sizeof *nd.states);
	nd.games = xcalloc((size_t)n + 1, sizeof *nd.games);
	nd.titles = xcalloc((size_t)n + 1, sizeof *nd.titles);
	nd.results = xcalloc((size_t)n + 1, sizeof *nd.results);
	nd.rules = xcalloc((size_t)n + 1, sizeof *nd.rules);
	nd.standing = xcalloc((size_t)n + 1, sizeof *nd.standing);
	nd.series = xcalloc((size_t)n + 1, sizeof *nd.series);
	nd.colour = xcalloc((size_t)n + 1, sizeof *nd.colour);
	for (int i = 0; i < n; i++) {
		struct stored_game *g = NULL;
		struct game_state *st = NULL;
		if ((rc = cmd_read_game(ctx, ids[i], &g, &st, d)) != ST_OK)
			goto out;
		night_game(&nd, i, g, st);
		nd.n = i + 1;
		stored_game_free(g);
	}
	night_tables(&nd, tables);
	if ((rc = settle_up_build(ctx, ids, n, &su, d)) != ST_OK)
		goto out;
	ntables += settle_table(&su, &settle_cells, &settle_legend, &tables[2]);
	char fb[WHEN_BUF], tb[WHEN_BUF];
	const char *from = when_show(info.started, when_human, fb), *to = when_show(info.ended, when_human, tb);
	/* "2026-11-20 19:02 to 23:40": the date once when the night ends the same day */
	if (to && from && strlen(to) > 11 && strncmp(from, to, 11) == 0)
		to += 11;
	subtitle = to ? xasprintf("Night #%ld, started %.32s, ended %.32s (local time), %d game%s", info.id,
	    from ? from : "?", to, n, plural_s(n))
	    : xasprintf("Night #%ld, started %.32s (local time), still going, %d game%s", info.id,
	    from ? from : "?", n, plural_s(n));
	struct report_spec rs = { a4, info.name, subtitle, ntables, tables, n, nd.games };
	if (out == NULL)
		out = outbuf = xasprintf("night-%ld.pdf", night);
	if ((rc = sheet_render_report(&rs, out, d)) == ST_OK)
		cmd_wrote(ctx, out);
out:
	for (int i = 0; settle_cells && i < su.npay * 3; i++)
		free(settle_cells[i]);
	free(settle_cells);
	free(settle_legend);
	settle_up_release(&su);
	for (int i = 0; i < nd.n; i++)
		free((void *)nd.games[i].x_label);
	night_data_free(&nd);
	free(ids);
	free(subtitle);
	free(outbuf);
	night_info_release(&info);
	return rc;
}
