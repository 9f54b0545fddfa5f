/* SPDX-License-Identifier: ISC */
/*
 * golf.c: Golf, 4-card and 6-card (RULES.md section 9; seed
 * 004_59fee6dd4a7ef7b3.txt, "Golf" and the blog's own house rules).
 *
 * A hand is a hole.  Each active player enters a layout (cards in position
 * order, rows left to right: 1 2 / 3 4, or 1 2 3 / 4 5 6) or a card total.
 * tally scores the layouts under the table's card values and cancellation
 * mode, adds peeks, adjusts the knocker, and settles the stakes: quarters
 * into the jar (house preset) or the knock pot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

/* Why chips move in Golf: the words the ledger's register prints
 * (tally ledger, export); static text the ledger keeps by pointer. */
static const char R_POT_WON[] = "pot won";
static const char R_QUARTER[] = "quarter";
static const char R_JAR_WON[] = "jar won";
static const char R_STAKE[] = "stake";

enum cancel_mode { CANCEL_NONE, CANCEL_COLUMNS, CANCEL_PAIRS, CANCEL_ADJACENT, CANCEL_ALL };
enum knock_adj { ADJ_NONE, PEN_PLUS10, PEN_DOUBLE_PLUS5, PEN_EQUAL_HIGHEST,
	REW_ZERO, REW_MINUS_PLAYERS };

/* The options of one game, read once at init. */
struct golf {
	int layout;         /* 4 or 6 cards */
	int packs;
	enum cancel_mode cancel;
	int queen, jack, king;
	int spade_queen_40; /* Q♠ 40 and eights 0 */
	int wild_jacks;     /* J♠ and J♥ pair with anything */
	int jokers;         /* 0 none, 1 minus5, 2 zero */
	int peek_cost;
	int knock;          /* end_method = knock: a knocker may be named */
	enum knock_adj penalty, reward;
	int tie_is_lowest;
	long pot_stake, pot_cap; /* knock pot; stake 0 = none */
	int quarters;       /* stakes = quarters: quarters each, else 0 */
	int quarter_tie;    /* 0 all_tied_pay, 1 nobody_pays, 2 cut */
	int holes;
	long target;        /* 0 = none */
	int range_known;
	long min_total, max_total; /* card totals a layout can score */
	int out_count;
};

static int
check_knock_pot(const char *v)
{
	long a, b;
	char *colon;
	if (str_ieq(v, "none"))
		return 1;
	colon = strchr(v, ':');
	if (colon == NULL)
		return parse_long(v, 1, 1000000, &a);
	char *s = xstrndup(v, (size_t)(colon - v));
	int ok = parse_long(s, 1, 1000000, &a) && parse_long(colon + 1, 1, 1000000, &b);
	free(s);
	return ok;
}

static const struct option_def golf_options[] = {
	{ "layout", OPT_ENUM, "4|6|8|9|10", "4", 0, "cards in each layout: 4 (2 x 2), 6 (two rows of three), 8 (two rows of four), 9 (three rows of three) or 10 (two rows of five)", NULL, NULL },
	{ "packs", OPT_ENUM, "1|2", NULL, 0, "packs shuffled together (default 1; 2 from 8 players, 5 with 6 cards or more, or when one pack would leave no stock)", NULL, NULL },
	{ "stakes", OPT_ENUM, "none|quarters", "none", 0, "quarters: the highest scorer of each hole pays a quarter into the jar; no quarters left = out", NULL, NULL },
	{ "look_at_start", OPT_ENUM, "nearest_two|any_two|one", "nearest_two", 1, "which layout cards you may look at before play", NULL, NULL },
	{ "peek_cost", OPT_INT, "0|1", "0", 0, "points added for each look at a layout card during play (enter P.peeks=N)", NULL, NULL },
	{ "known_cards", OPT_ENUM, "memory|relook_allowed|hold_two_in_hand|hold_all_in_hand", "memory", 1, "how players keep track of cards they have seen", NULL, NULL },
	{ "unseen_replace_once", OPT_BOOL, "true|false", "false", 1, "the two unseen cards may be replaced only once", NULL, NULL },
	{ "end_method", OPT_ENUM, "knock|all_face_up|all_face_up_then_one_more_turn|expose_one_per_turn", NULL, 0, "how a hole ends (default knock; all_face_up with 6 cards or more: the play ends as soon as any layout is all face up); only 'knock' has a knocker", NULL, NULL },
	{ "cancel", OPT_ENUM, "none|columns|pairs|adjacent_pairs|all_multiples", NULL, 0, "which equal cards score zero (default none; columns with 6 cards or more: a pair in a column, with 9 cards the column of three)", NULL, NULL },
	{ "queen_value", OPT_INT, "10|12|13|20", "10", 0, "points for a queen", NULL, NULL },
	{ "spade_queen_40_eights_zero", OPT_BOOL, "true|false", "false", 0, "the queen of spades scores 40 and eights score 0 (queens need suits)", NULL, NULL },
	{ "one_eyed_jacks_wild", OPT_BOOL, "true|false", "false", 0, "J♠ and J♥ pair with any card, making the pair score 0 (jacks need suits)", NULL, NULL },
	{ "jack_value", OPT_ENUM, "10|0|20_skip_next", "10", 0, "points for a jack (20_skip_next: 20, and a discarded jack skips the next player)", NULL, NULL },
	{ "j0_q12_k13", OPT_BOOL, "true|false", "false", 0, "jacks 0, queens 12, kings 13", NULL, NULL },
	{ "jokers", OPT_ENUM, "none|minus5|zero", "none", 0, "two jokers per pack, scoring -5 or 0", NULL, NULL },
	{ "knocker_penalty", OPT_ENUM, "none|plus10|double_plus5|equal_highest", "none", 0, "a knocker who is not lowest: +10, 2s+5, or the hole's highest score", NULL, NULL },
	{ "knocker_reward", OPT_ENUM, "none|zero_if_lowest|minus_players_else_double", "none", 0, "a knocker who is lowest: 0, or s minus the players (else 2s)", NULL, NULL },
	{ "knocker_tie_counts_as_lowest", OPT_BOOL, "true|false", "true", 0, "a knocker tied for lowest counts as lowest", NULL, NULL },
	{ "knock_pot", OPT_TEXT, "none|STAKE|STAKE:CAP", "none", 0, "a pot everyone pays STAKE into; a lowest knocker takes it, else doubles it (CAP limits both)", check_knock_pot, NULL },
	{ "holes", OPT_INT, "9|18", "9", 0, "holes (deals) in a game without stakes", NULL, NULL },
	{ "target", OPT_INT, "none|1..100000", "none", 0, "instead of a number of holes: play until someone reaches this total", NULL, NULL },
	{ "quarters", OPT_INT, "1..1000", "4", 0, "quarters each player starts with (stakes=quarters)", NULL, NULL },
	{ "quarter_tie", OPT_ENUM, "all_tied_pay|nobody_pays|cut", "all_tied_pay", 0, "players tied for highest: all pay (nobody if the whole table ties), nobody pays, or they cut (--pays P)", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct preset_def golf_presets[] = {
	{ "standard", "4-card Golf: K 0, J Q 10, no cancelling, knocking, 9 holes, lowest total wins", "" },
	{ "house", "K and jokers 0, multiples cancel, one card turned per turn, 4 quarters each and the jar",
	  "stakes=quarters end_method=expose_one_per_turn cancel=all_multiples jokers=zero" },
	{ NULL, NULL, NULL }
};

static const struct role_def golf_roles[] = {
	{ "knock", ROLE_PLAYER, "the player who knocked (end_method=knock)" },
	{ "pays", ROLE_PLAYER, "with quarter_tie=cut: who lost the cut among those tied for highest" },
	{ NULL, 0, NULL }
};

static enum status
golf_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	/* seed 004: "most often used with the 6-card and larger layouts" is
	 * cards replaced face up, "the play ends as soon as any player's
	 * entire layout is face up"; the larger layouts cancel by columns */
	long size = options_int(o, "layout", 4);
	int six = size >= 6;
	/* two packs from 8 players at 4 cards, 5 at 6 (seed 004: "say eight
	 * or more"), and whenever one pack would leave no stock */
	if (options_get(o, "packs") == NULL)
		options_put(o, "packs", nplayers >= (size == 4 ? 8 : 5) || (long)nplayers * size + 2 > 52 ? "2" : "1", 0);
	if (options_get(o, "cancel") == NULL)
		options_put(o, "cancel", six ? "columns" : "none", 0);
	if (options_get(o, "end_method") == NULL)
		options_put(o, "end_method", six ? "all_face_up" : "knock", 0);
	/* seed 004 (the deal): every player's layout is dealt, then "the
	 * undealt cards form the stock" and its top card starts the discard
	 * pile, so the packs must hold the layouts and at least those two */
	long layout = options_int(o, "layout", 4), packs = options_int(o, "packs", 1);
	long cards = packs * (52 + (options_is(o, "jokers", "none") ? 0 : 2));
	if ((long)nplayers * layout + 2 > cards)
		return diag_set(d, ST_USAGE, NULL, options_get(o, "packs"), "options",
		    "%d layouts of %ld cards take %ld of the %ld cards in %ld pack%s, leaving no stock and discard pile;"
		    " use -o packs=2", nplayers, layout, (long)nplayers * layout, cards, packs, packs == 1 ? "" : "s");
	if (options_bool(o, "j0_q12_k13") && (!options_is(o, "queen_value", "10") || !options_is(o, "jack_value", "10")))
		return diag_set(d, ST_USAGE, NULL, "j0_q12_k13", "options",
		    "options j0_q12_k13 and queen_value/jack_value both set card values; choose one");
	if (!options_is(o, "end_method", "knock")) {
		const char *k[] = { "knocker_penalty", "knocker_reward", "knock_pot" };
		for (size_t i = 0; i < ARRAY_LEN(k); i++)
			if (!options_is(o, k[i], "none"))
				return diag_set(d, ST_USAGE, NULL, k[i], "options",
				    "option %s needs end_method=knock (there is no knocker with %s)",
				    k[i], options_get(o, "end_method"));
	}
	if (options_is(o, "knocker_reward", "minus_players_else_double") && !options_is(o, "knocker_penalty", "none"))
		return diag_set(d, ST_USAGE, NULL, "knocker_penalty", "options",
		    "knocker_reward=minus_players_else_double already doubles a knocker who is not lowest; set knocker_penalty=none");
	if (options_is(o, "stakes", "quarters") && !options_is(o, "knock_pot", "none"))
		return diag_set(d, ST_USAGE, NULL, "knock_pot", "options",
		    "stakes=quarters and knock_pot both keep money; choose one");
	if (options_is(o, "stakes", "quarters") && !options_is(o, "target", "none"))
		return diag_set(d, ST_USAGE, NULL, "target", "options",
		    "with stakes=quarters the game ends when one player has all the quarters; target does not apply");
	return ST_OK;
}

static int
enum_index(const struct optset *o, const char *key, const char *const *words, int n)
{
	for (int i = 0; i < n; i++)
		if (options_is(o, key, words[i]))
			return i;
	return 0;
}

static enum status
golf_init(struct game_state *st, struct diag *d)
{
	(void)d;
	const struct optset *o = &st->opts;
	struct golf *g = xcalloc(1, sizeof *g);
	static const char *const cancels[] = { "none", "columns", "pairs", "adjacent_pairs", "all_multiples" };
	static const char *const pens[] = { "none", "plus10", "double_plus5", "equal_highest" };
	static const char *const rews[] = { "none", "zero_if_lowest", "minus_players_else_double" };
	static const char *const jokers[] = { "none", "minus5", "zero" };
	static const char *const ties[] = { "all_tied_pay", "nobody_pays", "cut" };

	g->layout = (int)options_int(o, "layout", 4);
	g->packs = (int)options_int(o, "packs", 1);
	g->cancel = (enum cancel_mode)enum_index(o, "cancel", cancels, 5);
	g->queen = (int)options_int(o, "queen_value", 10);
	g->jack = options_is(o, "jack_value", "0") ? 0 : options_is(o, "jack_value", "20_skip_next") ? 20 : 10;
	g->king = 0;
	if (options_bool(o, "j0_q12_k13")) {
		g->jack = 0;
		g->queen = 12;
		g->king = 13;
	}
	g->spade_queen_40 = options_bool(o, "spade_queen_40_eights_zero");
	g->wild_jacks = options_bool(o, "one_eyed_jacks_wild");
	g->jokers = enum_index(o, "jokers", jokers, 3);
	g->peek_cost = (int)options_int(o, "peek_cost", 0);
	g->knock = options_is(o, "end_method", "knock");
	g->penalty = (enum knock_adj)enum_index(o, "knocker_penalty", pens, 4);
	int r = enum_index(o, "knocker_reward", rews, 3);
	g->reward = r == 1 ? REW_ZERO : r == 2 ? REW_MINUS_PLAYERS : ADJ_NONE;
	g->tie_is_lowest = options_bool(o, "knocker_tie_counts_as_lowest");
	const char *kp = options_get(o, "knock_pot");
	if (kp && !str_ieq(kp, "none")) {
		g->pot_stake = strtol(kp, NULL, 10);
		const char *colon = strchr(kp, ':');
		g->pot_cap = colon ? strtol(colon + 1, NULL, 10) : 0;
		/* net money: a player may owe the pot more than they won */
		state_use_ledger(st)->allow_negative = 1;
	}
	if (options_is(o, "stakes", "quarters")) {
		g->quarters = (int)options_int(o, "quarters", 4);
		struct ledger *l = state_use_ledger(st);
		for (int i = 0; i < st->nplayers; i++)
			ledger_open(l, LEDGER_BANK(i), g->quarters);
	}
	g->quarter_tie = enum_index(o, "quarter_tie", ties, 3);
	g->holes = (int)options_int(o, "holes", 9);
	g->target = options_int(o, "target", 0);
	st->priv = g;
	return ST_OK;
}

static void
golf_free(void *priv)
{
	free(priv);
}

/* Points of one card under the table's values (RULES 9.2, 9.5). */
static int
card_value(const struct golf *g, struct card c)
{
	switch (c.rank) {
	case RANK_JOKER:
		return g->jokers == 1 ? -5 : 0;
	case RANK_K:
		return g->king;
	case RANK_Q:
		return g->spade_queen_40 && c.suit == SUIT_S ? 40 : g->queen;
	case RANK_J:
		return g->jack;
	case 8:
		return g->spade_queen_40 ? 0 : 8;
	default:
		return c.rank;
	}
}

static int
is_wild(const struct golf *g, struct card c)
{
	return g->wild_jacks && c.rank == RANK_J && (c.suit == SUIT_S || c.suit == SUIT_H);
}

/* Cards in a row of the layout: 9-card Golf is three rows of three, the
 * others two rows (seed 004; pagat's Golf page: 4 a square, 6, 8 and 10
 * two rows of three, four and five). */
static int
layout_width(int layout)
{
	return layout == 9 ? 3 : layout / 2;
}

/* May positions i and j cancel as a pair under the layout's geometry? */
static int
pair_allowed(const struct golf *g, const struct card *c, int i, int j)
{
	int w = layout_width(g->layout);
	int ri = i / w, ci = i % w, rj = j / w, cj = j % w;
	int geometry;
	switch (g->cancel) {
	case CANCEL_COLUMNS:
		geometry = ci == cj;
		break;
	case CANCEL_ADJACENT:
		geometry = ci == cj || (ri == rj && (ci - cj == 1 || cj - ci == 1));
		break;
	default:
		geometry = 1;
	}
	if (!geometry)
		return 0;
	if (is_wild(g, c[i]) || is_wild(g, c[j]))
		return 1;
	return g->cancel != CANCEL_NONE && c[i].rank == c[j].rank;
}

/* Lowest score over all sets of disjoint cancelling pairs. */
static long
best_matching(const struct golf *g, const struct card *c, const int *v, int n,
    unsigned used)
{
	int i = 0;
	while (i < n && (used & (1u << i)))
		i++;
	if (i == n)
		return 0;
	long best = v[i] + best_matching(g, c, v, n, used | (1u << i));
	for (int j = i + 1; j < n; j++) {
		if ((used & (1u << j)) || !pair_allowed(g, c, i, j))
			continue;
		long s = best_matching(g, c, v, n, used | (1u << i) | (1u << j));
		if (s < best)
			best = s;
	}
	return best;
}

/*
 * The card points of one layout of n cards (RULES 9.2): equal ranks cancel
 * as the cancel mode says; a wild one-eyed jack cancels itself and one other
 * card when that lowers the score.
 */
static long
layout_points(const struct golf *g, const struct card *c, int n)
{
	int v[CARDS_MAX];
	for (int i = 0; i < n; i++)
		v[i] = card_value(g, c[i]);
	if (g->cancel == CANCEL_COLUMNS && g->layout == 9 && n == 9) {
		/* 9-card Golf: a column scores 0 when all three of its cards
		 * match (a wild jack matching any), not a pair in it */
		long sum = 0;
		for (int col = 0; col < 3; col++) {
			int a = col, b = col + 3, e = col + 6, rank = 0, same = 1;
			const int cell[3] = { a, b, e };
			for (int k = 0; k < 3 && same; k++)
				if (!is_wild(g, c[cell[k]])) {
					same = rank == 0 || c[cell[k]].rank == rank;
					rank = c[cell[k]].rank;
				}
			if (!same)
				sum += v[a] + v[b] + v[e];
		}
		return sum;
	}
	if (g->cancel != CANCEL_ALL)
		return best_matching(g, c, v, n, 0);

	/* all_multiples: every card whose rank occurs twice or more scores 0 */
	int count[15] = {0}, zero[CARDS_MAX] = {0};
	long sum = 0;
	for (int i = 0; i < n; i++)
		count[c[i].rank]++;
	for (int i = 0; i < n; i++)
		zero[i] = count[c[i].rank] >= 2;
	for (int i = 0; i < n; i++) {
		if (zero[i] || !is_wild(g, c[i]))
			continue;
		int best = -1;
		for (int j = 0; j < n; j++)
			if (j != i && !zero[j] && (best < 0 || v[j] > v[best]))
				best = j;
		if (best >= 0 && v[i] + v[best] > 0) {
			zero[i] = zero[best] = 1;
		}
	}
	for (int i = 0; i < n; i++)
		if (!zero[i])
			sum += v[i];
	return sum;
}

/*
 * The range of card totals a layout can score (RULES 9.3), for entries
 * that give only a total: every multiset of ranks the packs allow is scored
 * (the maximum), and the lowest values are summed (the minimum).
 *
 * The maximum is searched branch and bound: a layout's points are a sum
 * of some of its cards' values (cancelling sets cards to 0), so they never
 * pass the sum of its cards' positive values; a multiset whose cards so
 * far, with every card still to come at the highest value left
 * (bound[from]), cannot beat the best found is not followed.  The search
 * starts from a layout of distinct ranks, which cancels nothing, so
 * almost every branch is cut at once (4.6 M instructions to 0.1 M per
 * game loaded, about a millisecond of every `tally hand`).
 */
struct range_search {
	const struct golf *g;
	struct card cur[CARDS_MAX];
	int avail[14], used[14];
	long bound[15];   /* bound[k]: the highest positive value of kinds k.. */
	long best;
};

/* Kind k (0..12 = A..K, 13 = joker) as the card the search deals: the
 * spade queen where it scores 40, never a wild jack. */
static struct card
kind_card(const struct range_search *r, int k)
{
	struct card c = { (unsigned char)(k + 1), SUIT_D };
	if (k + 1 == RANK_Q && r->used[k] == 1)
		c.suit = SUIT_S;
	return c;
}

static void
enum_multisets(struct range_search *r, int depth, int from, long upper)
{
	const struct golf *g = r->g;
	if (depth == g->layout) {
		long s = layout_points(g, r->cur, depth);
		if (s > r->best)
			r->best = s;
		return;
	}
	for (int k = from; k < 14; k++) {
		if (upper + (long)(g->layout - depth) * r->bound[k] <= r->best)
			return;  /* bound[] falls with k: no later kind does better */
		if (r->used[k] >= r->avail[k])
			continue;
		r->used[k]++;
		r->cur[depth] = kind_card(r, k);
		int v = card_value(g, r->cur[depth]);
		enum_multisets(r, depth + 1, k, upper + (v > 0 ? v : 0));
		r->used[k]--;
	}
}

static long
layout_max(const struct golf *g, const int *avail)
{
	struct range_search r = { .g = g, .best = -1000 };
	memcpy(r.avail, avail, sizeof r.avail);
	r.bound[14] = 0;
	for (int k = 13; k >= 0; k--) {
		struct card d = { (unsigned char)(k + 1), SUIT_D }, sp = { (unsigned char)(k + 1), SUIT_S };
		long v = card_value(g, d) > card_value(g, sp) ? card_value(g, d) : card_value(g, sp);
		r.bound[k] = v > r.bound[k + 1] ? v : r.bound[k + 1];
	}
	/* a first layout of distinct ranks, highest values first */
	int order[14], n = 0;
	for (int k = 0; k < 14; k++)
		if (avail[k] > 0)
			order[n++] = k;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			struct card a = { (unsigned char)(order[i] + 1), SUIT_S }, b = { (unsigned char)(order[j] + 1), SUIT_S };
			if (card_value(g, b) > card_value(g, a)) {
				int t = order[i];
				order[i] = order[j];
				order[j] = t;
			}
		}
	if (n >= g->layout) {
		for (int i = 0; i < g->layout; i++) {
			r.used[order[i]] = 1;
			r.cur[i] = kind_card(&r, order[i]);
		}
		r.best = layout_points(g, r.cur, g->layout);
		memset(r.used, 0, sizeof r.used);
	}
	enum_multisets(&r, 0, 0, 0);
	return r.best;
}

/* The range depends only on the card values and cancelling, and a game
 * night (or an import of a decade) asks for the same few again and again. */
struct range_key {
	int layout, packs, cancel, queen, jack, king, spade_queen_40, wild_jacks, jokers;
};
static _Thread_local struct {
	struct range_key key;
	long min, max;
} range_cache[8];
static _Thread_local int range_cached;  /* per thread: `tally check` replays on several */

static void compute_range_uncached(struct golf *g);

static void
compute_range(struct golf *g)
{
	struct range_key k;
	memset(&k, 0, sizeof k);
	k.layout = g->layout;
	k.packs = g->packs;
	k.cancel = (int)g->cancel;
	k.queen = g->queen;
	k.jack = g->jack;
	k.king = g->king;
	k.spade_queen_40 = g->spade_queen_40;
	k.wild_jacks = g->wild_jacks;
	k.jokers = g->jokers;
	for (int i = 0; i < range_cached; i++)
		if (memcmp(&range_cache[i].key, &k, sizeof k) == 0) {
			g->min_total = range_cache[i].min;
			g->max_total = range_cache[i].max;
			g->range_known = 1;
			return;
		}
	compute_range_uncached(g);
	int slot = range_cached < 8 ? range_cached++ : 7;
	range_cache[slot].key = k;
	range_cache[slot].min = g->min_total;
	range_cache[slot].max = g->max_total;
}

static void
compute_range_uncached(struct golf *g)
{
	int avail[14];
	int vals[64], nv = 0;
	for (int k = 0; k < 13; k++)
		avail[k] = 4 * g->packs;
	avail[13] = g->jokers ? 2 * g->packs : 0;
	g->max_total = -1000;
	/* minimum: the sum of the lowest card values available */
	for (int k = 0; k < 14; k++) {
		struct card c = { (unsigned char)(k + 1), SUIT_D };
		for (int i = 0; i < avail[k] && nv < 64; i++)
			vals[nv++] = card_value(g, c);
	}
	if (g->layout <= 6)
		g->max_total = layout_max(g, avail);
	for (int i = 0; i < nv; i++)
		for (int j = i + 1; j < nv; j++)
			if (vals[j] < vals[i]) {
				int t = vals[i];
				vals[i] = vals[j];
				vals[j] = t;
			}
	g->min_total = 0;
	for (int i = 0; i < g->layout && i < nv; i++)
		g->min_total += vals[i] < 0 ? vals[i] : 0;
	/* 8 cards or more: a million multisets would be scored, so the most
	 * is bounded by the highest values the packs hold (cancelling only
	 * lowers a layout; a spade queen counted at 40 where it may be) */
	if (g->layout > 6) {
		long most = 0;
		for (int i = 0; i < g->layout && nv - 1 - i >= 0; i++)
			most += vals[nv - 1 - i];
		if (g->spade_queen_40)
			most += 40 - g->queen;
		g->max_total = most;
	}
	g->range_known = 1;
}

static int
active_count(const struct game_state *st)
{
	int n = 0;
	for (int i = 0; i < st->nplayers; i++)
		n += !st->p[i].out;
	return n;
}

/* Each player still in stakes into an empty knock pot. */
static enum status
fill_pot(struct game_state *st, const struct golf *g, struct diag *d)
{
	enum status rc = ST_OK;
	if (ledger_balance(st->ledger, LEDGER_POT) != 0)
		return ST_OK;
	for (int i = 0; i < st->nplayers && rc == ST_OK; i++)
		if (!st->p[i].out)
			rc = ledger_move(st->ledger, st->nhands + 1, LEDGER_BANK(i), LEDGER_POT,
			    g->pot_stake, R_STAKE, d);
	return rc;
}

/* One hole being scored: what the steps below share. */
struct hole {
	long *score;        /* per seat: the hole's points so far */
	char **detail;      /* per seat: heap text or NULL */
	struct strbuf note;
	int hand;           /* the hole's number, 1-based */
	int knocker, payer; /* seats, or -1 */
	int npays;
	long *moved;        /* per seat: quarters won (+) or paid (-) this
	                     * hole; COLUMN_NONE for a player already out */
};

/* "; " between the note's parts */
static const char *
sep(const struct hole *h)
{
	return h->note.len ? "; " : "";
}

/* A layout given as cards (RULES 9.2): n cards, suits where the values
 * need them, no more of a card than the packs hold. */
static enum status
score_cards(const struct golf *g, const char *name, const char *v, struct card_count *cc,
    long *score, char **detail, struct diag *d)
{
	struct card cards[CARDS_MAX];
	char buf[16];
	int nc;
	enum status rc = cards_parse(v, name, cards, CARDS_MAX, &nc, d);
	if (rc != ST_OK)
		return rc;
	if (nc != g->layout)
		return diag_set(d, ST_RULE, name, v, "layout",
		    "%s: %d card%s entered; a layout has exactly %d (option layout)",
		    name, nc, plural_s(nc), g->layout);
	for (int k = 0; k < nc; k++) {
		if (g->spade_queen_40 && cards[k].rank == RANK_Q && cards[k].suit == SUIT_NONE)
			return diag_set(d, ST_RULE, name, card_format(cards[k], 1, buf), "suits",
			    "%s: queen without a suit; with spade_queen_40_eights_zero every queen needs its suit (QS, QH ...)", name);
		if (g->wild_jacks && cards[k].rank == RANK_J && cards[k].suit == SUIT_NONE)
			return diag_set(d, ST_RULE, name, card_format(cards[k], 1, buf), "suits",
			    "%s: jack without a suit; with one_eyed_jacks_wild every jack needs its suit (JS, JH ...)", name);
	}
	if ((rc = cards_count_add(cc, cards, nc, g->packs, g->jokers ? 2 * g->packs : 0, name, d)) != ST_OK)
		return rc;
	*score = layout_points(g, cards, nc);
	*detail = cards_format_list(cards, nc, 1);
	return ST_OK;
}

/* A layout given as its total (RULES 9.3): within what a layout can score. */
static enum status
score_total(struct golf *g, const char *name, const char *v, long *score, struct diag *d)
{
	long t;
	if (!g->range_known)
		compute_range(g);
	if (!parse_long(v, -100000, 100000, &t))
		return diag_set(d, ST_USAGE, name, v, "entry",
		    "%s: '%s' is neither a number nor a list of %d cards", name, v, g->layout);
	if (t < g->min_total || t > g->max_total)
		return diag_set(d, ST_RULE, name, v, "layout total",
		    "%s: a %d-card layout scores %s to %s under these rules, not %s",
		    name, g->layout, GROUPED(g->min_total), GROUPED(g->max_total), GROUPED(t));
	*score = t;
	return ST_OK;
}

/* Peeks (RULES 9.5, peek_cost): each look at a layout card adds its cost. */
static enum status
add_peeks(const struct golf *g, const char *name, const char *pk, long *score, char **detail,
    struct diag *d)
{
	long p;
	if (g->peek_cost == 0)
		return diag_set(d, ST_RULE, name, pk, "peek_cost",
		    "%s: peeks are only scored with option peek_cost=1", name);
	if (!parse_long(pk, 0, 1000, &p))
		return diag_set(d, ST_USAGE, name, pk, "peeks",
		    "%s: peeks must be a whole number 0 or more, not '%s'", name, pk);
	*score += p * g->peek_cost;
	if (p) {
		char *old = *detail;
		*detail = xasprintf("%s%s+%ld peek%s", old ? old : "", old ? " " : "", p, plural_s(p));
		free(old);
	}
	return ST_OK;
}

/* 1. Every active player's layout or total, and peeks (RULES 9.1-9.3);
 * what was entered is checked before what is missing. */
static enum status
score_layouts(struct game_state *st, struct golf *g, const struct hand_entry *e, struct hole *h,
    struct diag *d)
{
	struct card_count cc;
	enum status rc = ST_OK;
	int missing = -1;
	memset(&cc, 0, sizeof cc);
	for (int i = 0; i < st->nplayers && rc == ST_OK; i++) {
		const char *name = st->p[i].name;
		const char *v = entry_get(e, i, NULL), *pk = entry_get(e, i, "peeks");
		if (st->p[i].out)
			continue;
		if (v == NULL) {
			if (missing < 0)
				missing = i;
			continue;
		}
		if (cards_looks_like_list(v))
			rc = score_cards(g, name, v, &cc, &h->score[i], &h->detail[i], d);
		else
			rc = score_total(g, name, v, &h->score[i], d);
		if (rc == ST_OK && pk != NULL)
			rc = add_peeks(g, name, pk, &h->score[i], &h->detail[i], d);
	}
	if (rc == ST_OK && missing >= 0) {
		const char *name = st->p[missing].name;
		rc = diag_set(d, ST_RULE, name, NULL, "every player",
		    "%s: no layout entered; every player still in the game enters %s=CARDS or %s=POINTS",
		    name, name, name);
	}
	return rc;
}

/* The roles: at most one knocker, and who lost a cut (--pays). */
static enum status
read_roles(const struct game_state *st, const struct golf *g, const struct hand_entry *e,
    struct hole *h, struct diag *d)
{
	int nknock = 0;
	for (int r = 0; r < e->nroles; r++) {
		if (strcmp(e->roles[r].def->name, "knock") == 0) {
			h->knocker = e->roles[r].seat;
			nknock++;
		} else if (strcmp(e->roles[r].def->name, "pays") == 0) {
			h->payer = e->roles[r].seat;
			h->npays++;
		}
	}
	if (nknock > 1)
		return diag_set(d, ST_RULE, st->p[h->knocker].name, NULL, "one knocker",
		    "%s: at most one player knocks in a hole", st->p[h->knocker].name);
	if (h->knocker >= 0 && !g->knock)
		return diag_set(d, ST_RULE, st->p[h->knocker].name, "--knock", "end_method",
		    "%s: nobody knocks when holes end by %s (option end_method)",
		    st->p[h->knocker].name, options_get(&st->opts, "end_method"));
	return ST_OK;
}

/* The knocker's score (RULES 9.2, 9.5): rewarded when lowest, penalised
 * when not, as the options say.  Returns whether the knocker was lowest. */
static int
adjust_knocker(const struct game_state *st, const struct golf *g, struct hole *h)
{
	int k = h->knocker, lowest = 1;
	long s = h->score[k], hi = s, adj = s;
	for (int i = 0; i < st->nplayers; i++) {
		if (st->p[i].out || i == k)
			continue;
		if (h->score[i] < s || (h->score[i] == s && !g->tie_is_lowest))
			lowest = 0;
		if (h->score[i] > hi)
			hi = h->score[i];
	}
	if (lowest && g->reward == REW_ZERO)
		adj = 0;
	else if (lowest && g->reward == REW_MINUS_PLAYERS)
		adj = s - active_count(st);
	else if (!lowest && g->reward == REW_MINUS_PLAYERS)
		adj = 2 * s;
	else if (!lowest && g->penalty == PEN_PLUS10)
		adj = s + 10;
	else if (!lowest && g->penalty == PEN_DOUBLE_PLUS5)
		adj = 2 * s + 5;
	else if (!lowest && g->penalty == PEN_EQUAL_HIGHEST)
		adj = hi;
	sb_printf(&h->note, "%s knocked (%s)", state_playing(st, k), lowest ? "lowest" : "not lowest");
	if (adj != s)
		sb_printf(&h->note, ": %s becomes %s", GROUPED(s), GROUPED(adj));
	char *old = h->detail[k];
	h->detail[k] = xasprintf("%s%sknocked", old ? old : "", old ? ", " : "");
	free(old);
	h->score[k] = adj;
	return lowest;
}

/* The knock pot (RULES 9.5, knock_pot): everyone stakes into an empty
 * pot; a lowest knocker takes it, else pays as much again (CAP limits). */
static enum status
settle_knock_pot(struct game_state *st, const struct golf *g, struct hole *h, int lowest,
    struct diag *d)
{
	enum status rc = fill_pot(st, g, d);
	if (rc != ST_OK || h->knocker < 0)
		return rc;
	long amount = ledger_balance(st->ledger, LEDGER_POT);
	if (g->pot_cap && amount > g->pot_cap)
		amount = g->pot_cap;
	if (lowest) {
		sb_printf(&h->note, "; takes %s from the pot", GROUPED(amount));
		return ledger_move(st->ledger, h->hand, LEDGER_POT, LEDGER_BANK(h->knocker), amount, R_POT_WON, d);
	}
	sb_printf(&h->note, "; pays %s into the pot", GROUPED(amount));
	return ledger_move(st->ledger, h->hand, LEDGER_BANK(h->knocker), LEDGER_POT, amount, R_STAKE, d);
}

/* Who pays a quarter (RULES 9.5, quarter_tie): the highest scorer; on a
 * tie all of them, nobody, or the loser of the cut.  Fills pays[]. */
static enum status
quarter_payers(const struct game_state *st, const struct golf *g, struct hole *h, int *pays,
    struct diag *d)
{
	long hi = 0;
	int first = 1, ntied = 0, nact = active_count(st), p = h->payer;
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out && (first || h->score[i] > hi)) {
			hi = h->score[i];
			first = 0;
		}
	for (int i = 0; i < st->nplayers; i++)
		ntied += !st->p[i].out && h->score[i] == hi;
	if (ntied == nact) {
		sb_printf(&h->note, "%severy player tied on %s: nobody pays", sep(h), GROUPED(hi));
	} else if (ntied == 1 || g->quarter_tie == 0) {
		for (int i = 0; i < st->nplayers; i++)
			pays[i] = !st->p[i].out && h->score[i] == hi;
	} else if (g->quarter_tie == 2) {
		if (p < 0 || h->score[p] != hi)
			return diag_set(d, ST_RULE, p >= 0 ? st->p[p].name : NULL, NULL, "quarter_tie",
			    "%s%s%d players tied for highest with %s: name the one who lost the cut with --pays P",
			    p >= 0 ? st->p[p].name : "", p >= 0 ? " is not among them; " : "", ntied, GROUPED(hi));
		pays[p] = 1;
	} else {
		sb_printf(&h->note, "%s%d players tied for highest: nobody pays", sep(h), ntied);
	}
	if (h->npays && !(ntied > 1 && ntied < nact))
		return diag_set(d, ST_RULE, st->p[p].name, "--pays", "quarter_tie",
		    "%s: --pays is only for a tie for highest; nobody tied this hole", st->p[p].name);
	return ST_OK;
}

/* 3. Quarters into the jar (house preset, RULES 9.5): a player left with
 * none is out. */
static enum status
pay_quarters(struct game_state *st, struct golf *g, struct hole *h, struct diag *d)
{
	int *pays = xcalloc((size_t)st->nplayers, sizeof *pays);
	enum status rc = quarter_payers(st, g, h, pays, d);
	int order = g->out_count + 1, anyout = 0;
	for (int i = 0; i < st->nplayers && rc == ST_OK; i++) {
		if (!pays[i])
			continue;
		if ((rc = ledger_move(st->ledger, h->hand, LEDGER_BANK(i), LEDGER_POT, 1, R_QUARTER, d)) != ST_OK)
			break;
		h->moved[i]--;
		sb_printf(&h->note, "%s%s pays a quarter", sep(h), st->p[i].name);
		if (ledger_balance(st->ledger, LEDGER_BANK(i)) == 0) {
			st->p[i].out = 1;
			st->p[i].out_order = order;
			anyout = 1;
			sb_printf(&h->note, " and is out");
		}
	}
	if (rc == ST_OK && anyout)
		g->out_count = order;
	free(pays);
	return rc;
}

/* 4. Record the hole. */
static struct hand_record *
record_hole(struct game_state *st, struct hole *h)
{
	char label[32];
	snprintf(label, sizeof label, "hole %d", h->hand);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < st->nplayers; i++) {
		state_score(st, hr, i, h->score[i]);
		hr->detail[i] = h->detail[i];
		h->detail[i] = NULL;
	}
	return hr;
}

/* 5. The end of the game (RULES 9.4): the last player with quarters takes
 * the jar; else the lowest total after the holes or at the target wins. */
static enum status
end_of_game(struct game_state *st, const struct golf *g, struct hole *h, struct diag *d)
{
	if (g->quarters) {
		if (active_count(st) != 1)
			return ST_OK;
		for (int i = 0; i < st->nplayers; i++) {
			if (st->p[i].out)
				continue;
			long jar = ledger_balance(st->ledger, LEDGER_POT);
			enum status rc = ledger_move(st->ledger, h->hand, LEDGER_POT, LEDGER_BANK(i), jar, R_JAR_WON, d);
			if (rc != ST_OK)
				return rc;
			st->p[i].winner = 1;
			h->moved[i] += jar;
			sb_printf(&h->note, "; %s takes the jar of %s quarter%s and wins", st->p[i].name, GROUPED(jar),
			    plural_s(jar));
		}
		st->over = 1;
		return ST_OK;
	}
	int reached = 0;
	for (int i = 0; i < st->nplayers && g->target; i++)
		reached |= st->p[i].total >= g->target;
	if (reached || (st->nhands >= g->holes && g->target == 0))
		state_best_total_wins(st);
	return ST_OK;
}

/* What a hole shows of each player under house rules (RULES 9.5,
 * stakes=quarters): the quarters paid into the jar (-1) or won from it
 * (the whole jar); on the pad "quarters at 25¢". */
static int
golf_has_quarters(const struct game_state *st)
{
	return options_is(&st->opts, "stakes", "quarters");
}

static const struct hand_column golf_hand_columns[] = {
	{ "quarters", "quarters", COLUMN_NUMBER, golf_has_quarters, SHEET_LINE, 0,
	  COUNTS_MONEY, NULL, 25 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* The sheet's note of a hole under stakes: who paid and the jar after it
 * (or who took it), in words; NULL without stakes (the knocker's cell
 * already says "knocked"). */
static char *
hole_sheet_note(const struct game_state *st, const struct golf *g, const struct hole *h)
{
	struct strbuf sb = {0}, paid = {0};
	int taker = -1;
	for (int i = 0; g->quarters && i < st->nplayers; i++) {
		if (h->moved[i] != COLUMN_NONE && h->moved[i] < 0)
			sb_printf(&paid, "%s%s", paid.len ? ", " : "", st->p[i].name);
		if (h->moved[i] != COLUMN_NONE && h->moved[i] > 0)
			taker = i;
	}
	if (g->quarters)
		sb_printf(&sb, "%s%s paid", sb.len ? "; " : "", paid.len ? paid.s : "nobody");
	sb_release(&paid);
	if (taker >= 0)
		sb_printf(&sb, "; %s takes the jar", st->p[taker].name);
	else if (g->quarters || g->pot_stake)
		sb_printf(&sb, "%sjar %s", sb.len ? "; " : "", GROUPED(ledger_balance(st->ledger, LEDGER_POT)));
	return sb.len ? sb_take(&sb) : NULL;
}

/* The pad's note column: only a game with a jar (stakes=quarters, or a
 * knock pot: RULES 9.5) has anything to note, what the jar holds. */
static const char *
golf_note_label(const struct optset *o)
{
	return options_is(o, "stakes", "quarters") || !options_is(o, "knock_pot", "none") ? "jar" : NULL;
}

/* Record the hole with its quarters and note (house rules). */
static void
record_stakes(struct game_state *st, const struct golf *g, struct hand_record *hr, const struct hole *h)
{
	for (int i = 0; g->quarters && i < st->nplayers; i++)
		state_hand_set(st, hr, 0, i, h->moved[i]);
	hr->sheet_note = hole_sheet_note(st, g, h);
}

/* A hole, in the order RULES 9 gives: layouts, the knocker and the knock
 * pot, quarters, the record, the end of the game. */
static enum status
golf_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w; /* Golf has no WARN rules */
	struct golf *g = st->priv;
	int n = st->nplayers;
	struct hole h = { xcalloc((size_t)n, sizeof *h.score), xcalloc((size_t)n, sizeof *h.detail), { 0 },
		st->nhands + 1, -1, -1, 0, xcalloc((size_t)n, sizeof *h.moved) };
	for (int i = 0; i < n; i++)
		h.moved[i] = st->p[i].out ? COLUMN_NONE : 0;
	enum status rc = score_layouts(st, g, e, &h, d);
	int lowest = 0;
	if (rc == ST_OK)
		rc = read_roles(st, g, e, &h, d);
	if (rc == ST_OK && h.knocker >= 0)
		lowest = adjust_knocker(st, g, &h);
	if (rc == ST_OK && g->pot_stake)
		rc = settle_knock_pot(st, g, &h, lowest, d);
	if (rc == ST_OK && h.npays && !(g->quarters && g->quarter_tie == 2))
		rc = diag_set(d, ST_RULE, st->p[h.payer].name, "--pays", "quarter_tie",
		    "%s: --pays names the loser of a cut, used only with stakes=quarters and quarter_tie=cut",
		    st->p[h.payer].name);
	if (rc == ST_OK && g->quarters)
		rc = pay_quarters(st, g, &h, d);
	if (rc == ST_OK) {
		struct hand_record *hr = record_hole(st, &h);
		rc = end_of_game(st, g, &h, d);
		record_stakes(st, g, hr, &h);
		hr->note = h.note.len ? sb_take(&h.note) : NULL;
		st->dealer = rules_next_active(st, st->dealer);
	}
	for (int i = 0; i < n; i++)
		free(h.detail[i]);
	free(h.detail);
	free(h.score);
	free(h.moved);
	sb_release(&h.note);
	return rc;
}

static void
golf_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct golf *g = st->priv;
	if (st->over || st->closed) {
		snprintf(buf, size, "game over");
		return;
	}
	if (g->quarters || g->target)
		snprintf(buf, size, "hole %d (dealer %s)", st->nhands + 1, st->p[st->dealer].name);
	else
		snprintf(buf, size, "hole %d of %d (dealer %s)", st->nhands + 1, g->holes,
		    st->p[st->dealer].name);
}

static void
golf_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Hole %d", n);
}

/* The holes option, unless the game ends at a target or when one player
 * holds every quarter (RULES 9.5): then no number of holes is fixed. */
static int
golf_length(const struct optset *o)
{
	if (options_is(o, "stakes", "quarters") || !options_is(o, "target", "none"))
		return 0;
	return (int)options_int(o, "holes", 9);
}

/* The declared holes, or room for 18 when the game has no fixed length. */
static int
golf_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	int n = golf_length(o);
	return n > 0 ? n : 18;
}

/* Seed 004 and pagat's Golf page: 4 cards in a square, 6, 8 and 10 in two
 * rows (of three, four and five), 9 in three rows of three. */
static int
golf_layout_shape(const struct optset *o, int *cols)
{
	int n = (int)options_int(o, "layout", 4);
	*cols = layout_width(n);
	return n / *cols;
}

/* Table mode: each layout from the dealer's left, then the knocker, peeks
 * and the loser of a cut where those options are in play. */
static int
golf_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	const struct golf *gf = st->priv;
	(void)answers;
	int s = rules_seat_from_left(st, k);
	if (s >= 0) {
		rules_guide_set(g, s, GUIDE_VALUE, 0, st->p[s].name,
		    "%s's layout (%d cards in position order, or the total)", st->p[s].name, gf->layout);
		g->last_for_seat = !gf->peek_cost;
		return 1;
	}
	int nact = 0;
	while (rules_seat_from_left(st, nact) >= 0)
		nact++;
	k -= nact;
	if (gf->knock && k-- == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "knock", "who knocked? (Enter: nobody)");
		return 1;
	}
	if (gf->peek_cost) {
		if (k < nact) {
			int p = rules_seat_from_left(st, k);
			char tok[96];
			snprintf(tok, sizeof tok, "%s.peeks", st->p[p].name);
			rules_guide_set(g, p, GUIDE_VALUE, 1, tok, "%s's peeks (Enter: none)", st->p[p].name);
			return 1;
		}
		k -= nact;
	}
	if (gf->quarters && gf->quarter_tie == 2 && k-- == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "pays", "if players tied for highest cut, who lost the cut? (Enter: no tie)");
		return 1;
	}
	return 0;
}

static void
golf_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct golf *g = st->priv;
	snprintf(buf, size, "%d pack%s of 52%s; deal %d cards each face down (%s); turn up one to start the discards",
	    g->packs, plural_s(g->packs), g->jokers ? " with 2 jokers each" : "", g->layout,
	    g->layout == 4 ? "a square, 1 2 / 3 4" : g->layout == 6 ? "two rows of three" : g->layout == 8 ?
	    "two rows of four" : g->layout == 9 ? "three rows of three" : "two rows of five");
}

static const struct column golf_columns[] = {
	{ "chips", "quarters", COLUMN_NUMBER, state_has_chips, state_chips, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* stakes=quarters: each counter is a quarter (RULES 9.5, the jar). */
static long
golf_stake_cents(const struct optset *o)
{
	return options_is(o, "stakes", "quarters") ? 25 : 0;
}

/* With quarters riding on each hole a newcomer would bring quarters of
 * their own into a pot counted from the start (RULES.md section 9). */
static const char *
golf_join_refuses(const struct optset *o)
{
	return options_is(o, "stakes", "quarters")
	    ? "with stakes=quarters every quarter in play was counted at the start" : NULL;
}

/* After a checkpoint (core/checkpoint.h): the order the next player out
 * takes follows the players out before, whose places the state keeps. */
static void
golf_resume(struct game_state *st)
{
	struct golf *g = st->priv;
	g->out_count = state_last_out(st);
}

const struct game_rules golf_rules = {
	.version = 1,
	.words.pot_name = "jar", /* SPEC 4: the Golf jar (quarters, or the knock pot) */
	.name = "golf",
	.title = "Golf",
	.opt_prefix = "golf",
	.min_players = 2,
	.max_players = 16,
	.players_rule = "at most two packs (RULES.md section 9.5) deal 16 layouts of 6 and leave a stock",
	.options = golf_options,
	.presets = golf_presets,
	.roles = golf_roles,
	.fields = "peeks",
	.words.summary =
	    "Each player has a face-down layout of 4 cards (2 x 2) or 6 (two rows of\n"
	    "three), or in the rarer forms 8 (two rows of four), 9 (three rows of three)\n"
	    "or 10 (two rows of five), and draws and discards to bring its points down;\n"
	    "a deal is a hole.  Standard values: A 1, 2-10 face value, J and Q 10, K 0.\n"
	    "With 4 cards a knock ends the hole after everyone else has one more turn;\n"
	    "with 6 or more, cards replaced go face up and the hole ends as soon as a\n"
	    "layout is all face up, and a column of equal ranks scores 0 (with 9 cards,\n"
	    "a column of three; pagat.com's Golf page).  Lowest total after 9 holes\n"
	    "(or 18, or at a target) wins.  House preset: K and jokers 0, every group of\n"
	    "equal ranks cancels to 0, and each hole's highest scorer pays a quarter\n"
	    "into the jar; a player without quarters is out and the last one in takes\n"
	    "the jar.",
	.words.entry_help =
	    "Every player still in: NAME=\"CARDS\" (the layout in position order, 1 2 / 3 4\n"
	    "or 1 2 3 / 4 5 6) or NAME=POINTS; --knock NAME for the knocker;\n"
	    "NAME.peeks=N with peek_cost=1; --pays NAME after a cut (quarter_tie=cut).",
	.words.example = "tally hand Ann=\"K 3 5 A\" Bob=\"Q J 10 2\" Cid=18 --knock Ann",
	.words.hand_word = "hole",
	.score.scoring = SCORING_LOW,
	/* what the jar holds: quarters (stakes=quarters), or the knock pot's
	 * money, which may run below zero and so does not rank (rules_rank) */
	.words.chips_name = "quarters",
	.view.columns = golf_columns,
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "golf",
	.methods.resolve_options = golf_resolve_options,
	.methods.init = golf_init,
	.methods.apply = golf_apply,
	.methods.describe_next = golf_describe_next,
	.methods.free_priv = golf_free,
	.methods.priv_size = sizeof(struct golf), /* a flat struct, copied to check a hand */
	.methods.checkpoint_priv = PRIV_FROM_OPTIONS,
	.methods.resume_priv = golf_resume,
	.sheet.hand_label = golf_hand_label,
	.sheet.sheet_rows = golf_sheet_rows,
	.sheet.layout_shape = golf_layout_shape,
	.score.length = golf_length,
	.table.guide = golf_guide,
	.table.deal_help = golf_deal_help,
	.view.hand_columns = golf_hand_columns,
	.sheet.note_label = golf_note_label,
	.score.stake_cents = golf_stake_cents,
	/* a late arrival starts from the worst total (RULES.md section 9:
	 * low wins) or one the table gives; not where quarters ride on it */
	.join.kind = JOIN_TOTAL,
	.join.refuses = golf_join_refuses,
};
