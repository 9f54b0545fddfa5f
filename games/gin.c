/* SPDX-License-Identifier: ISC */
/*
 * gin.c: Gin Rummy (RULES.md section 6; seed 004_59fee6dd4a7ef7b3.txt,
 * "Gin Rummy"), with Hollywood scoring, three players rotating and four in
 * two partnerships, and the meld search of gin.h.
 *
 * A hand ends with a knock, gin, big gin (an option) or a wash.  Each side's
 * deadwood is a number or the cards left after the discard; from cards tally
 * finds the melds itself, and the defender's lay-offs on the knocker's melds.
 */
#include "gin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/util.h"
#include "hollywood.h"

/* ---------------------------------------------------------------- melds */

int
gin_card_value(struct card c)
{
	return c.rank >= 10 ? 10 : c.rank;
}

struct search {
	int n;
	const struct card *c;
	int val[GIN_MAX_CARDS];
	int nm;
	unsigned melds[128];
	short f[1 << GIN_MAX_CARDS];
	signed char choice[1 << GIN_MAX_CARDS]; /* -1 deadwood, else a meld */
	unsigned char done[1 << GIN_MAX_CARDS];
};

static void
add_meld(struct search *s, unsigned m)
{
	if (s->nm < (int)ARRAY_LEN(s->melds))
		s->melds[s->nm++] = m;
}

/* Every set (3 or 4 of a rank) and every run (3+ in a suit) in the hand. */
static void
find_melds(struct search *s)
{
	for (int r = 1; r <= 13; r++) {
		int idx[8], k = 0;
		for (int i = 0; i < s->n; i++)
			if (s->c[i].rank == r && k < 8)
				idx[k++] = i;
		if (k >= 3)
			for (int a = 0; a < k; a++)
				for (int b = a + 1; b < k; b++)
					for (int c = b + 1; c < k; c++)
						add_meld(s, 1u << idx[a] | 1u << idx[b] | 1u << idx[c]);
		if (k == 4)
			add_meld(s, 1u << idx[0] | 1u << idx[1] | 1u << idx[2] | 1u << idx[3]);
	}
	for (int suit = SUIT_C; suit <= SUIT_S; suit++) {
		int at[14];
		for (int r = 0; r < 14; r++)
			at[r] = -1;
		for (int i = 0; i < s->n; i++)
			if (s->c[i].suit == suit)
				at[s->c[i].rank] = i;
		for (int lo = 1; lo <= 11; lo++) {
			unsigned m = 0;
			for (int hi = lo; hi <= 13 && at[hi] >= 0; hi++) {
				m |= 1u << at[hi];
				if (hi - lo >= 2)
					add_meld(s, m);
			}
		}
	}
}

/* Least deadwood of the cards not in mask. */
static int
best(struct search *s, unsigned mask)
{
	unsigned full = (1u << s->n) - 1;
	if (mask == full)
		return 0;
	if (s->done[mask])
		return s->f[mask];
	int i = 0;
	while (mask & (1u << i))
		i++;
	int b = s->val[i] + best(s, mask | 1u << i);
	int ch = -1;
	for (int k = 0; k < s->nm; k++) {
		unsigned m = s->melds[k];
		if (!(m & (1u << i)) || (m & mask))
			continue;
		int v = best(s, mask | m);
		if (v < b) {
			b = v;
			ch = k;
		}
	}
	s->done[mask] = 1;
	s->f[mask] = (short)b;
	s->choice[mask] = (signed char)ch;
	return b;
}

static void
search_init(struct search *s, const struct card *c, int n)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->c = c;
	for (int i = 0; i < n; i++)
		s->val[i] = gin_card_value(c[i]);
	find_melds(s);
}

/* Write the melding chosen from state `mask` on into out. */
static void
reconstruct(struct search *s, unsigned mask, struct gin_melding *out)
{
	unsigned full = (1u << s->n) - 1;
	while (mask != full) {
		best(s, mask);
		int i = 0;
		while (mask & (1u << i))
			i++;
		int ch = s->choice[mask];
		if (ch < 0) {
			out->dead[out->ndead++] = s->c[i];
			out->deadwood += s->val[i];
			mask |= 1u << i;
		} else {
			unsigned m = s->melds[ch];
			int k = out->nmelds++;
			for (int j = 0; j < s->n; j++)
				if (m & (1u << j))
					out->melds[k][out->meld_len[k]++] = s->c[j];
			mask |= m;
		}
	}
}

/* The cards of hand that could go onto one knocker meld: options as masks. */
static int
layoff_options(const struct card *meld, int len, const struct card *hand, int n, unsigned *opt, int max)
{
	int k = 0, is_set = 1;
	opt[k++] = 0;
	for (int i = 1; i < len; i++)
		is_set &= meld[i].rank == meld[0].rank;
	if (is_set) {
		if (len >= 4)
			return k;
		for (int i = 0; i < n && k < max; i++)
			if (hand[i].rank == meld[0].rank)
				opt[k++] = 1u << i;
		return k;
	}
	int suit = meld[0].suit, lo = 14, hi = 0;
	for (int i = 0; i < len; i++) {
		if (meld[i].rank < lo)
			lo = meld[i].rank;
		if (meld[i].rank > hi)
			hi = meld[i].rank;
	}
	int at[15];
	for (int r = 0; r < 15; r++)
		at[r] = -1;
	for (int i = 0; i < n; i++)
		if (hand[i].suit == suit)
			at[hand[i].rank] = i;
	unsigned low[14], high[14];
	int nl = 0, nh = 0;
	low[nl++] = 0;
	for (int r = lo - 1; r >= 1 && at[r] >= 0; r--, nl++)
		low[nl] = low[nl - 1] | 1u << at[r];
	high[nh++] = 0;
	for (int r = hi + 1; r <= 13 && at[r] >= 0; r++, nh++)
		high[nh] = high[nh - 1] | 1u << at[r];
	k = 0;
	for (int a = 0; a < nl; a++)
		for (int b = 0; b < nh && k < max; b++)
			opt[k++] = low[a] | high[b];
	return k;
}

int
gin_meld(const struct card *hand, int n, const struct gin_melding *onto, struct gin_melding *out)
{
	struct search *s = xmalloc(sizeof *s);
	unsigned opts[GIN_MAX_MELDS][64];
	int nopt[GIN_MAX_MELDS] = {0}, nk = onto ? onto->nmelds : 0;
	unsigned best_l = 0;
	int best_v;

	search_init(s, hand, n);
	for (int k = 0; k < nk; k++)
		nopt[k] = layoff_options(onto->melds[k], onto->meld_len[k], hand, n, opts[k], 64);
	/* every choice of lay-offs, one option per knocker meld, disjoint */
	best_v = best(s, 0);
	int idx[GIN_MAX_MELDS] = {0};
	for (;;) {
		unsigned l = 0;
		int ok = 1;
		for (int k = 0; k < nk; k++) {
			if (l & opts[k][idx[k]])
				ok = 0;
			l |= opts[k][idx[k]];
		}
		if (ok && l) {
			int v = best(s, l);
			if (v < best_v) {
				best_v = v;
				best_l = l;
			}
		}
		int k = 0;
		while (k < nk && ++idx[k] == nopt[k])
			idx[k++] = 0;
		if (k == nk)
			break;
	}
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n; i++)
		if (best_l & (1u << i))
			out->laid[out->nlaid++] = hand[i];
	reconstruct(s, best_l, out);
	free(s);
	return out->deadwood;
}

/* Enumerate the knocker's least-deadwood meldings; keep the one that leaves
 * the defender most. */
struct knock_ctx {
	struct search *s;
	const struct card *def;
	int nd, count;
	struct gin_melding cur, best_k, best_d;
	int best_dead;
};

static void
enum_meldings(struct knock_ctx *x, unsigned mask)
{
	struct search *s = x->s;
	unsigned full = (1u << s->n) - 1;
	if (x->count >= 512)
		return;
	if (mask == full) {
		struct gin_melding d;
		gin_meld(x->def, x->nd, &x->cur, &d);
		x->count++;
		if (d.deadwood > x->best_dead) {
			x->best_dead = d.deadwood;
			x->best_k = x->cur;
			x->best_d = d;
		}
		return;
	}
	int target = best(s, mask), i = 0;
	while (mask & (1u << i))
		i++;
	if (s->val[i] + best(s, mask | 1u << i) == target) {
		struct gin_melding save = x->cur;
		x->cur.dead[x->cur.ndead++] = s->c[i];
		x->cur.deadwood += s->val[i];
		enum_meldings(x, mask | 1u << i);
		x->cur = save;
	}
	for (int k = 0; k < s->nm; k++) {
		unsigned m = s->melds[k];
		if (!(m & (1u << i)) || (m & mask) || best(s, mask | m) != target)
			continue;
		struct gin_melding save = x->cur;
		int mi = x->cur.nmelds++;
		for (int j = 0; j < s->n; j++)
			if (m & (1u << j))
				x->cur.melds[mi][x->cur.meld_len[mi]++] = s->c[j];
		enum_meldings(x, mask | m);
		x->cur = save;
	}
}

int
gin_meld_knock(const struct card *knocker, int nk, const struct card *defender, int nd,
    struct gin_melding *kout, struct gin_melding *dout)
{
	struct knock_ctx *x = xcalloc(1, sizeof *x);
	x->s = xmalloc(sizeof *x->s);
	search_init(x->s, knocker, nk);
	x->def = defender;
	x->nd = nd;
	x->best_dead = -1;
	enum_meldings(x, 0);
	*kout = x->best_k;
	*dout = x->best_d;
	int v = kout->deadwood;
	free(x->s);
	free(x);
	return v;
}

char *
gin_describe(const struct gin_melding *m)
{
	struct strbuf sb = {0};
	char buf[16];
	for (int k = 0; k < m->nmelds; k++) {
		struct card sorted[GIN_MAX_CARDS];
		int len = m->meld_len[k];
		memcpy(sorted, m->melds[k], sizeof *sorted * (size_t)len);
		for (int a = 1; a < len; a++)   /* runs read low to high */
			for (int b = a; b > 0 && sorted[b].rank < sorted[b - 1].rank; b--) {
				struct card t = sorted[b];
				sorted[b] = sorted[b - 1];
				sorted[b - 1] = t;
			}
		if (k)
			sb_add(&sb, " | ");
		for (int j = 0; j < len; j++)
			sb_printf(&sb, "%s%s", j ? " " : "", card_format(sorted[j], 1, buf));
	}
	if (m->nmelds == 0)
		sb_add(&sb, "no melds");
	sb_add(&sb, "; deadwood ");
	for (int j = 0; j < m->ndead; j++)
		sb_printf(&sb, "%s ", card_format(m->dead[j], 1, buf));
	sb_printf(&sb, "= %d", m->deadwood);
	if (m->nlaid) {
		sb_add(&sb, "; laid off");
		for (int j = 0; j < m->nlaid; j++)
			sb_printf(&sb, " %s", card_format(m->laid[j], 1, buf));
	}
	return sb_take(&sb);
}

/* ---------------------------------------------------------------- game */

enum mode { TWO, THREE, FOUR };
enum outcome { O_NONE, O_KNOCK, O_GIN, O_BIG_GIN };
/* gin_hand_columns, in order */
enum { HC_GAME1, HC_GAME2, HC_GAME3, HC_GIN, HC_UNDERCUT, HC_WASH };

struct gin {
	enum mode mode;
	long knock_limit, gin_bonus, undercut_bonus, big_gin, target;
	long game_bonus, box_bonus, shutout;
	int tie_undercut, wash_ok, zero_is_gin, hollywood;
	int sitting_out;      /* THREE: the seat sitting out the next hand */
	int *hands_won;       /* per seat (FOUR: per team, seats 0 and 1) */
	struct hollywood hw;  /* Hollywood's three games (hollywood.h) */
	long hw_final[3][2];  /* Hollywood: each closed game's score with its
	                       * end bonuses (RULES 6.2), 0 while open */
	int has_final;        /* the game is over: final holds the totals with
	                       * the end bonuses */
	long *final;          /* per seat: the total with the end bonuses */
};

static const struct option_def gin_options[] = {
	{ "knock_limit", OPT_INT, "1..10", "9", 0, "the most deadwood a knocker may hold (the seed: fewer than 10)", NULL, NULL },
	{ "gin_bonus", OPT_INT, "0..100", "25", 0, "bonus for going gin", NULL, NULL },
	{ "undercut_bonus", OPT_INT, "0..100", "25", 0, "bonus for the defender who undercuts the knocker", NULL, NULL },
	{ "tie_is_undercut", OPT_BOOL, "true|false", "true", 0, "equal deadwood counts as an undercut", NULL, NULL },
	{ "big_gin_bonus", OPT_INT, "none|0..100", "none", 0, "big gin (11 cards melded, no discard) and its bonus (standard 31)", NULL, NULL },
	{ "target", OPT_INT, "1..10000", "100", 0, "the game (or each Hollywood game) is won at this total", NULL, NULL },
	{ "game_bonus", OPT_INT, "0..1000", "100", 0, "end bonus for winning the game", NULL, NULL },
	{ "box_bonus", OPT_INT, "0..1000", "25", 0, "end bonus for every hand won", NULL, NULL },
	{ "shutout_multiplier", OPT_INT, "1..10", "2", 0, "the game bonus is multiplied when the loser scored nothing", NULL, NULL },
	{ "wash_when_stock_at_2", OPT_BOOL, "true|false", "true", 0, "a hand with only 2 cards left in the stock is a wash", NULL, NULL },
	{ "zero_knock_is_gin", OPT_BOOL, "true|false", "true", 0, "a knock with no deadwood scores as gin, with no lay-offs; false: a knock needs 1 or more (enter --gin)", NULL, NULL },
	{ "hollywood", OPT_BOOL, "true|false", "false", 0, "Hollywood scoring: three games at once (two players)", NULL, NULL },
	{ "players_mode", OPT_ENUM, "two_player|three_rotate|partnership", "two_player", 0, "who plays: two_player, two; three_rotate, three, the dealer, then each hand's loser, sitting out; partnership, two sides of two partners sitting opposite (new gin Ann+Cid Bob+Dee), two duels a hand (seats 1 v 2, 3 v 4), the side that won more scores the difference", NULL,
	  "two_player=Two players, one duel.|"
	  "three_rotate=Three players: the dealer and each hand's loser play, the other sits out.|"
	  "partnership=Partners sit opposite: two duels a hand, and the side that won more scores the difference." },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def gin_roles[] = {
	{ "knock", ROLE_PLAYER, "the player who knocked" },
	{ "gin", ROLE_PLAYER, "the player who went gin" },
	{ "big-gin", ROLE_PLAYER, "the player who went big gin (option big_gin_bonus)" },
	{ "wash", ROLE_FLAG, "the stock ran down to 2 cards: nobody scores" },
	{ NULL, 0, NULL }
};

static enum status
gin_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	int need = options_is(o, "players_mode", "three_rotate") ? 3 : options_is(o, "players_mode", "partnership") ? 4 : 2;
	/* the option is named only where the table set it */
	if (nplayers != need && options_was_set(o, "players_mode"))
		return diag_set(d, ST_USAGE, NULL, options_get(o, "players_mode"), "players_mode",
		    "players_mode=%s is for %d players, not %d (two_player 2, three_rotate 3, partnership 4: RULES.md"
		    " section 6.4)",
		    options_get(o, "players_mode"), need, nplayers);
	if (nplayers != need)
		return diag_set(d, ST_USAGE, NULL, NULL, "players", "Gin Rummy is for 2 players, not %d: it is two-handed"
		    " (RULES.md section 6.5)%s", nplayers, nplayers == 3 ? "; three play with -o players_mode=three_rotate" : "");
	if (options_bool(o, "hollywood") && need != 2)
		return diag_set(d, ST_USAGE, NULL, "hollywood", "hollywood",
		    "Hollywood scoring is for two players");
	return ST_OK;
}

/* A copy of the state to check a hand against (rules.h). */
static void *
gin_clone(const void *priv, int nplayers)
{
	struct gin *g = xmemdup(priv, sizeof *g);
	g->hands_won = xmemdup(g->hands_won, (size_t)nplayers * sizeof *g->hands_won);
	g->final = xmemdup(g->final, (size_t)nplayers * sizeof *g->final);
	return g;
}

static enum status
gin_init(struct game_state *st, struct diag *d)
{
	(void)d;
	const struct optset *o = &st->opts;
	struct gin *g = xcalloc(1, sizeof *g);
	g->mode = st->nplayers == 3 ? THREE : st->nplayers == 4 ? FOUR : TWO;
	g->knock_limit = options_int(o, "knock_limit", 9);
	g->gin_bonus = options_int(o, "gin_bonus", 25);
	g->undercut_bonus = options_int(o, "undercut_bonus", 25);
	g->tie_undercut = options_bool(o, "tie_is_undercut");
	g->big_gin = options_int(o, "big_gin_bonus", -1);
	g->target = options_int(o, "target", 100);
	g->game_bonus = options_int(o, "game_bonus", 100);
	g->box_bonus = options_int(o, "box_bonus", 25);
	g->shutout = options_int(o, "shutout_multiplier", 2);
	g->wash_ok = options_bool(o, "wash_when_stock_at_2");
	g->zero_is_gin = options_bool(o, "zero_knock_is_gin");
	g->hollywood = options_bool(o, "hollywood");
	g->sitting_out = st->dealer;
	g->hands_won = xcalloc((size_t)st->nplayers, sizeof *g->hands_won);
	g->final = xcalloc((size_t)st->nplayers, sizeof *g->final);
	hollywood_init(&g->hw);
	st->priv = g;
	return ST_OK;
}

static void
gin_free(void *priv)
{
	struct gin *g = priv;
	free(g->hands_won);
	free(g->final);
	free(g);
}

/* One side of a duel: a number, or cards to meld. */
struct side {
	int seat;
	int has_cards, n;
	struct card cards[GIN_MAX_CARDS + 1];
	long value;
};

static enum status
read_side(const struct game_state *st, const struct hand_entry *e, int seat, int max_cards,
    struct card_count *cc, struct side *sd, struct diag *d)
{
	const char *v = entry_get(e, seat, NULL), *name = st->p[seat].name;
	enum status rc;
	sd->seat = seat;
	sd->has_cards = 0;
	if (v == NULL)
		return diag_set(d, ST_RULE, name, NULL, "rule 6.1",
		    "%s: enter the deadwood, %s=POINTS, or the cards left after melding, %s=\"...\"",
		    name, name, name);
	if (!cards_looks_like_list(v)) {
		if (!parse_long(v, -1000, 1000, &sd->value))
			return diag_set(d, ST_USAGE, name, v, "entry", "%s: '%s' is not a deadwood count", name, v);
		return ST_OK;
	}
	if ((rc = cards_parse(v, name, sd->cards, GIN_MAX_CARDS + 1, &sd->n, d)) != ST_OK)
		return rc;
	if (sd->n != max_cards)
		return diag_set(d, ST_RULE, name, v, "rule 6.3",
		    "%s: %d card%s entered; a hand holds %d after the discard", name, sd->n, plural_s(sd->n),
		    max_cards);
	for (int i = 0; i < sd->n; i++)
		if (sd->cards[i].suit == SUIT_NONE) {
			char buf[16];
			return diag_set(d, ST_RULE, name, card_format(sd->cards[i], 1, buf), "rule 6.3",
			    "%s: %s needs its suit; runs are in one suit", name, buf);
		}
	if ((rc = cards_count_add(cc, sd->cards, sd->n, 1, 0, name, d)) != ST_OK)
		return rc;
	sd->has_cards = 1;
	return ST_OK;
}

/* Score one duel between a and b; *winner, *score receive the result, and
 * *outp how it ended (a knock with no deadwood becomes O_GIN). */
static enum status
score_duel(struct game_state *st, const struct hand_entry *e, int a, int b, enum outcome *outp,
    int knocker, struct card_count *cc, char **detail, int *winner, long *score,
    struct warnings *w, struct diag *d)
{
	struct gin *g = st->priv;
	int def = knocker == a ? b : a;
	struct side k, dd;
	enum status rc;
	const char *kn = st->p[knocker].name, *dn = st->p[def].name;
	long dk, dw;
	struct gin_melding km, dm;
	enum outcome out = *outp;

	if (out != O_KNOCK && entry_get(e, knocker, NULL) == NULL) {
		/* gin holds no deadwood by definition */
		k.seat = knocker;
		k.has_cards = 0;
		k.value = 0;
	} else if ((rc = read_side(st, e, knocker, out == O_BIG_GIN ? 11 : 10, cc, &k, d)) != ST_OK)
		return rc;
	if ((rc = read_side(st, e, def, 10, cc, &dd, d)) != ST_OK)
		return rc;
	/* A knock with no deadwood is gin (RULES 6.3, zero_knock_is_gin), so
	 * it is known before the defender lays off: none against gin (6.2). */
	if (out == O_KNOCK && g->zero_is_gin &&
	    (k.has_cards ? gin_meld(k.cards, k.n, NULL, &km) : k.value) == 0)
		out = *outp = O_GIN;
	if (k.has_cards && dd.has_cards && out == O_KNOCK) {
		gin_meld_knock(k.cards, k.n, dd.cards, dd.n, &km, &dm);
		dk = km.deadwood;
		dw = dm.deadwood;
	} else {
		if (k.has_cards) {
			gin_meld(k.cards, k.n, NULL, &km);
			dk = km.deadwood;
		} else
			dk = k.value;
		if (dd.has_cards) {
			gin_meld(dd.cards, dd.n, NULL, &dm);
			dw = dm.deadwood;
			if (out == O_KNOCK)
				warnings_add(w, "%s's lay-offs were not counted: enter %s's cards too", dn, kn);
		} else
			dw = dd.value;
	}
	if (k.has_cards)
		detail[knocker] = gin_describe(&km);
	if (dd.has_cards)
		detail[def] = gin_describe(&dm);
	if (dw < 0 || dw > 98)
		return diag_set(d, ST_RULE, dn, NULL, "rule 6.3",
		    "%s: deadwood is 0 to 98 (the most ten cards can hold without a meld), not %s", dn, GROUPED(dw));
	if (out == O_GIN || out == O_BIG_GIN) {
		/* who went gin may be the wrong answer as much as the deadwood:
		 * table mode asks that first (diag_field) */
		if (dk != 0) {
			diag_set(d, ST_RULE, kn, NULL, "rule 6.3",
			    "%s went %s but holds %ld deadwood%s", kn, out == O_GIN ? "gin" : "big gin", dk,
			    k.has_cards ? "" : " (gin means none)");
			return diag_field(d, out == O_GIN ? "gin" : "big-gin");
		}
		*winner = knocker;
		*score = dw + (out == O_GIN ? g->gin_bonus : g->big_gin);
		return ST_OK;
	}
	if (dk < 1 || dk > g->knock_limit) {
		diag_set(d, ST_RULE, kn, NULL, "rule 6.3",
		    "%s knocked with %ld deadwood; a knock needs 1 to %ld (option knock_limit)%s", kn, dk,
		    g->knock_limit, dk == 0 ? "; with none, enter --gin (zero_knock_is_gin=false)" : "");
		return diag_field(d, "knock");
	}
	if (dw > dk || (dw == dk && !g->tie_undercut)) {
		*winner = knocker;
		*score = dw - dk;
	} else {
		*winner = def;
		*score = dk - dw + g->undercut_bonus;
	}
	return ST_OK;
}

/* The end bonuses of one finished game (RULES 6.2, 6.4): a box for every
 * hand won, and the game bonus to the winner, multiplied on a shutout (the
 * other side scored nothing).  score and boxes are the player's in that
 * game; other_scored is whether the losing side scored at all. */
static long
end_bonuses(const struct gin *g, int won_game, int boxes, int other_scored)
{
	return g->box_bonus * boxes + (won_game ? g->game_bonus * (other_scored ? 1 : g->shutout) : 0);
}

/*
 * Hollywood (RULES 6.4; 3.5): the k-th win of a seat goes into games
 * 1..min(k, 3) still open.  Each game is a game of its own: the first to the
 * target closes it, and its score then takes its own end bonuses into
 * hw_final.  Returns the points the hand added over the games.
 */
static long
credit_hollywood(struct game_state *st, int seat, long score, struct strbuf *note)
{
	struct gin *g = st->priv;
	unsigned closed = 0, in = hollywood_credit(&g->hw, seat, score, g->target, st->nhands, &closed);
	long added = 0;
	for (int c = 0; c < 3; c++) {
		if (!(in & (1u << c)))
			continue;
		added += score;
		sb_printf(note, "%s%d", added == score ? " in Hollywood game " : " and ", c + 1);
	}
	for (int c = 0; c < 3; c++) {
		if (!(closed & (1u << c)))
			continue;
		sb_printf(note, "; %s wins Hollywood game %d", st->p[seat].name, c + 1);
		for (int i = 0; i < 2; i++)
			g->hw_final[c][i] = g->hw.score[c][i] +
			    end_bonuses(g, i == seat, g->hw.boxes[c][i], g->hw.score[c][1 - i] > 0);
	}
	return added;
}

/* One hand being scored: what the steps below share. */
struct ginhand {
	char **detail;      /* per seat: the melds tally found, heap or NULL */
	struct strbuf note;
	struct card_count cc;
	int hand, wash;
	int duels[2][2], nduels;
	enum outcome out_of[4];
	long team[2];       /* the duels' points (partnership: per team) */
	long won[4];        /* partnership: what each seat won in its duel */
	int hand_winner;    /* two players or three: who scored */
	int gin[4], undercut[4]; /* the marks: who won by gin, by an undercut */
};

/* Who plays whom (RULES 6.4, players_mode): one duel, the two not sitting
 * out, or two duels between partnerships. */
static enum status
seat_duels(const struct game_state *st, const struct gin *g, const struct hand_entry *e,
    struct ginhand *h, struct diag *d)
{
	if (g->mode == FOUR) {
		int four[2][2] = { { 0, 1 }, { 2, 3 } };
		memcpy(h->duels, four, sizeof four);
		h->nduels = 2;
		return ST_OK;
	}
	h->nduels = 1;
	h->duels[0][0] = 0, h->duels[0][1] = 1;
	if (g->mode != THREE)
		return ST_OK;
	for (int i = 0, k = 0; i < 3; i++)
		if (i != g->sitting_out)
			h->duels[0][k++] = i;
	if (entry_get(e, g->sitting_out, NULL))
		return diag_set(d, ST_RULE, st->p[g->sitting_out].name, NULL, "three_rotate",
		    "%s sits out this hand", st->p[g->sitting_out].name);
	return ST_OK;
}

/* Who ended the hand (RULES 6.1, 6.3): --knock, --gin, --big-gin, once each. */
static enum status
read_outcomes(const struct game_state *st, const struct gin *g, const struct hand_entry *e,
    struct ginhand *h, struct diag *d)
{
	for (int r = 0; r < e->nroles; r++) {
		const char *rn = e->roles[r].def->name;
		int s = e->roles[r].seat;
		if (s < 0)
			continue;
		enum outcome o = strcmp(rn, "knock") == 0 ? O_KNOCK : strcmp(rn, "gin") == 0 ? O_GIN : O_BIG_GIN;
		if (o == O_BIG_GIN && g->big_gin < 0)
			return diag_set(d, ST_RULE, st->p[s].name, "--big-gin", "big_gin_bonus",
			    "big gin is not played at this table (option big_gin_bonus)");
		if (g->mode == THREE && s == g->sitting_out)
			return diag_set(d, ST_RULE, st->p[s].name, rn, "three_rotate", "%s sits out this hand", st->p[s].name);
		if (h->out_of[s] != O_NONE)
			return diag_set(d, ST_RULE, st->p[s].name, rn, "rule 6.3", "%s ends the hand only once", st->p[s].name);
		h->out_of[s] = o;
	}
	return ST_OK;
}

/* A wash (RULES 6.3, wash_when_stock_at_2): no knocker, no deadwood. */
static enum status
check_wash(const struct game_state *st, const struct gin *g, const struct hand_entry *e,
    struct ginhand *h, struct diag *d)
{
	for (int i = 0; i < st->nplayers; i++)
		if (h->out_of[i] != O_NONE || entry_get(e, i, NULL))
			return diag_set(d, ST_RULE, st->p[i].name, NULL, "rule 6.3",
			    "a wash has no knocker and no deadwood");
	if (!g->wash_ok)
		return diag_set(d, ST_RULE, NULL, "--wash", "wash_when_stock_at_2",
		    "this table plays on when the stock runs low (option wash_when_stock_at_2=false)");
	sb_add(&h->note, "a wash: nobody scores");
	return ST_OK;
}

/* Each duel (RULES 6.2): exactly one of the two ended it; score_duel
 * scores it.  A player in no duel enters nothing. */
static enum status
play_duels(struct game_state *st, const struct gin *g, const struct hand_entry *e, struct ginhand *h,
    struct warnings *w, struct diag *d)
{
	enum status rc;
	for (int k = 0; k < h->nduels; k++) {
		int a = h->duels[k][0], b = h->duels[k][1], winner = a;
		long score = 0;
		if (h->out_of[a] != O_NONE && h->out_of[b] != O_NONE)
			return diag_set(d, ST_RULE, st->p[b].name, NULL, "rule 6.3",
			    "only one of %s and %s knocks or goes gin", st->p[a].name, st->p[b].name);
		int kn = h->out_of[a] != O_NONE ? a : h->out_of[b] != O_NONE ? b : -1;
		if (kn < 0)
			return diag_set(d, ST_RULE, st->p[a].name, NULL, "rule 6.3",
			    "%s and %s: name who ended the hand with --knock, --gin or --big-gin (or --wash)",
			    st->p[a].name, st->p[b].name);
		if ((rc = score_duel(st, e, a, b, &h->out_of[kn], kn, &h->cc, h->detail, &winner, &score, w, d)) != ST_OK)
			return rc;
		sb_printf(&h->note, "%s%s scores %s", h->note.len ? "; " : "", state_playing(st, winner), GROUPED(score));
		/* the hand line names how it was won, as the pad's mark does
		 * (RULES 6.2: the undercut and gin bonuses) */
		if (winner != kn)
			sb_add(&h->note, " (undercut)");
		else if (h->out_of[kn] != O_KNOCK)
			sb_add(&h->note, h->out_of[kn] == O_BIG_GIN ? " (big gin)" : " (gin)");
		h->undercut[winner] = winner != kn;
		h->gin[winner] = winner == kn && h->out_of[kn] != O_KNOCK;
		if (g->mode == FOUR) {
			h->team[winner % 2] += score;
			h->won[winner] = score;
		} else {
			h->hand_winner = winner;
			h->team[0] = score;
		}
	}
	return ST_OK;
}

/* A player in no duel enters nothing. */
static enum status
check_bystanders(const struct game_state *st, const struct hand_entry *e, const struct ginhand *h,
    struct diag *d)
{
	for (int i = 0; i < st->nplayers; i++) {
		int in_duel = 0;
		for (int k = 0; k < h->nduels; k++)
			in_duel |= h->duels[k][0] == i || h->duels[k][1] == i;
		if (!in_duel && entry_get(e, i, NULL))
			return diag_set(d, ST_RULE, st->p[i].name, NULL, "entry", "%s is not in this hand", st->p[i].name);
	}
	return ST_OK;
}

/* The hand columns of hr (see gin_hand_columns) and each seat's detail:
 * the mark ("gin", "undercut", "wash") before the melds tally found. */
static void
mark_gin_hand(struct game_state *st, const struct gin *g, struct ginhand *h, struct hand_record *hr)
{
	for (int i = 0; i < st->nplayers; i++) {
		const char *mark = h->wash ? "wash" : h->gin[i] ? (h->out_of[i] == O_BIG_GIN ? "big gin" : "gin")
		    : h->undercut[i] ? "undercut" : NULL;
		state_hand_set(st, hr, HC_GIN, i, h->gin[i]);
		state_hand_set(st, hr, HC_UNDERCUT, i, h->undercut[i]);
		state_hand_set(st, hr, HC_WASH, i, h->wash);
		for (int c = 0; g->hollywood && c < 3; c++)
			state_hand_set(st, hr, HC_GAME1 + c, i, hollywood_cell(&g->hw, c, i, st->nhands));
		if (mark && h->detail[i])
			hr->detail[i] = xasprintf("%s; %s", mark, h->detail[i]);
		else if (mark)
			hr->detail[i] = xstrdup(mark);
		else
			hr->detail[i] = h->detail[i] ? xstrdup(h->detail[i]) : NULL;
	}
}

/* Record the hand: a partnership's net, or the winner's points (counted
 * once in each Hollywood game it enters); three players rotate. */
static void
record_gin_hand(struct game_state *st, struct gin *g, struct ginhand *h)
{
	char label[32];
	snprintf(label, sizeof label, "hand %d", h->hand);
	struct hand_record *hr = state_add_hand(st, label);
	if (!h->wash && g->mode == FOUR) {
		/* the two duels stay two duels: each winner keeps what the duel
		 * gave (with its gin or undercut bonus), and the side's net is
		 * derived from them (core/sides.h, SIDE_NET) */
		for (int i = 0; i < 4; i++)
			state_score(st, hr, i, h->won[i]);
		long net = h->team[0] - h->team[1];
		int t = net >= 0 ? 0 : 1;
		long pts = net >= 0 ? net : -net;
		if (pts > 0) {
			g->hands_won[t]++;
			sb_printf(&h->note, "; %s & %s net %s", state_playing(st, t), state_playing(st, t + 2), GROUPED(pts));
		}
	} else if (!h->wash) {
		int hw = h->hand_winner;
		long pts = g->hollywood ? credit_hollywood(st, hw, h->team[0], &h->note) : h->team[0];
		state_score(st, hr, hw, pts);
		g->hands_won[hw]++;
		if (g->mode == THREE) {
			/* the loser of the hand sits out the next (RULES.md, Gin
			 * three_rotate): of seats 0, 1 and 2, the one neither sitting
			 * out this hand nor winning it */
			g->sitting_out = 3 - g->sitting_out - hw;
		}
	}
	mark_gin_hand(st, g, h, hr);
	for (int i = 0; i < st->nplayers; i++)
		if (h->detail[i]) /* show the melds tally found */
			sb_printf(&h->note, "\n  %s: %s", state_playing(st, i), h->detail[i]);
	hr->note = sb_take(&h->note);
}

/* The end of the game and its bonuses (RULES 6.2, 6.4): under Hollywood
 * once all three games have closed, else at the target. */
static void
end_of_game(struct game_state *st, struct gin *g)
{
	int n = st->nplayers;
	if (g->hollywood) {
		int winner[2];
		if (!hollywood_over(&g->hw, winner))
			return;
		st->p[0].winner = winner[0];
		st->p[1].winner = winner[1];
		st->over = g->has_final = 1;
		for (int i = 0; i < 2; i++)
			g->final[i] = g->hw_final[0][i] + g->hw_final[1][i] + g->hw_final[2][i];
		return;
	}
	/* what races to the target: each player's total, or in partnership
	 * play each side's net (seat i is in side i % 2) */
	long score[4];
	for (int i = 0; i < n; i++)
		score[i] = g->mode == FOUR ? side_total(st, i % 2) : st->p[i].total;
	int best = -1, losers_scored = 0;
	for (int i = 0; i < n; i++)
		if (score[i] >= g->target && (best < 0 || score[i] > score[best]))
			best = i;
	if (best < 0)
		return;
	st->over = g->has_final = 1;
	for (int i = 0; i < n; i++)
		st->p[i].winner = g->mode == FOUR ? i % 2 == best % 2 : i == best;
	for (int i = 0; i < n; i++)
		if (!st->p[i].winner && score[i] > 0)
			losers_scored = 1;
	for (int i = 0; i < n; i++) {
		int won = g->mode == FOUR ? g->hands_won[i % 2] : g->hands_won[i];
		g->final[i] = score[i] + end_bonuses(g, st->p[i].winner, won, losers_scored);
	}
}

/* The hand that ends the game says the final with the end bonuses
 * (RULES 6.2), the figure the game is won by, under its own words. */
static void
note_final(const struct game_state *st, const struct gin *g, struct hand_record *hr)
{
	struct strbuf sb = {0};
	sb_printf(&sb, "%s%sfinal with end bonuses:", hr->note ? hr->note : "", hr->note ? "\n  " : "");
	for (int i = 0; i < st->nplayers; i++)
		sb_printf(&sb, " %s %s", st->p[i].name, GROUPED(g->final[i]));
	free(hr->note);
	hr->note = sb_take(&sb);
}

/* A hand, in the order RULES 6 gives. */
static enum status
gin_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	struct gin *g = st->priv;
	struct ginhand h;
	memset(&h, 0, sizeof h);
	h.detail = xcalloc((size_t)st->nplayers, sizeof *h.detail);
	h.hand = st->nhands + 1;
	h.wash = entry_role(e, "wash") != NULL;
	h.hand_winner = -1;
	for (int i = 0; i < 4; i++)
		h.out_of[i] = O_NONE;
	enum status rc = seat_duels(st, g, e, &h, d);
	if (rc == ST_OK)
		rc = read_outcomes(st, g, e, &h, d);
	if (rc == ST_OK)
		rc = h.wash ? check_wash(st, g, e, &h, d) : play_duels(st, g, e, &h, w, d);
	if (rc == ST_OK)
		rc = check_bystanders(st, e, &h, d);
	if (rc == ST_OK) {
		int had_final = g->has_final;
		record_gin_hand(st, g, &h);
		end_of_game(st, g);
		if (g->has_final && !had_final)
			note_final(st, g, &st->hands[st->nhands - 1]);
		st->dealer = (st->dealer + 1) % st->nplayers;
	}
	for (int i = 0; i < st->nplayers; i++)
		free(h.detail[i]);
	free(h.detail);
	sb_release(&h.note);
	return rc;
}

static void
gin_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct gin *g = st->priv;
	if (st->over || st->closed)
		snprintf(buf, size, "game over");
	else if (g->mode == THREE)
		snprintf(buf, size, "hand %d (%s sits out)", st->nhands + 1, st->p[g->sitting_out].name);
	else
		snprintf(buf, size, "hand %d (dealer %s)", st->nhands + 1, st->p[st->dealer].name);
}

static void
gin_notes(const struct game_state *st, struct strbuf *sb)
{
	const struct gin *g = st->priv;
	int n = st->nplayers;
	for (int c = 0; g->hollywood && c < 3; c++) {
		/* each Hollywood game with its own end bonuses once closed */
		sb_printf(sb, "Hollywood game %d:", c + 1);
		for (int i = 0; i < n; i++)
			sb_printf(sb, " %s %s", st->p[i].name, GROUPED(g->hw.score[c][i]));
		if (g->hw.closed[c] < 0) {
			sb_add(sb, " (open)\n");
			continue;
		}
		sb_printf(sb, ", won by %s; with end bonuses", st->p[g->hw.closed[c]].name);
		for (int i = 0; i < n; i++)
			sb_printf(sb, " %s %s", st->p[i].name, GROUPED(g->hw_final[c][i]));
		sb_addc(sb, '\n');
	}
}

static void
gin_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Hand %d", n);
}

static int
gin_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	(void)o;
	return 20;
}

static int
gin_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	const struct gin *gn = st->priv;
	if (gn->mode == FOUR)
		return 0; /* two duels: one line */
	if (k == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "knock", "who knocked? (Enter: gin or a wash)");
		return 1;
	}
	int knocked = answers[0][0] != '\0';
	if (!knocked && k == 1) {
		rules_guide_set(g, -1, GUIDE_ROLE, 1, "gin", "who went gin? (Enter: a wash)");
		return 1;
	}
	if (!knocked && answers[1][0] == '\0') {
		if (k == 2)
			rules_guide_set(g, -1, GUIDE_FLAG, 0, "wash", "a wash, nobody scores? (y/n)");
		return k == 2;
	}
	int base = knocked ? 1 : 2, asked = base;
	for (int i = 0; i < st->nplayers; i++) {
		if (gn->mode == THREE && i == gn->sitting_out)
			continue;
		if (asked++ == k) {
			rules_guide_set(g, i, GUIDE_VALUE, !knocked && str_iprefix(answers[1], st->p[i].name), st->p[i].name,
			    "%s: deadwood, or the 10 cards after the discard", st->p[i].name);
			return 1;
		}
	}
	return 0;
}

static void
gin_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct gin *g = st->priv;
	snprintf(buf, size, "one pack of 52, no jokers; 10 cards each%s; turn up one to start the discards",
	    g->mode == THREE ? ", the player sitting out deals" : g->mode == FOUR ? ", two tables of two" : "");
}

static int
gin_is_hollywood(const struct game_state *st)
{
	return options_bool(&st->opts, "hollywood");
}

/* the total with the end bonuses once the game is over (RULES 6.2), or
 * under Hollywood the three games' finals added */
static long
gin_final(const struct game_state *st, int seat)
{
	const struct gin *g = st->priv;
	return g->has_final ? g->final[seat] : COLUMN_NONE;
}

/* What the end of Hollywood game c (0-based) gives seat (RULES 6.2, 6.4):
 * its score, game bonus, boxes, the shutout's extra and the final; an
 * empty cell while the game is open. */
enum hw_part { HW_POINTS, HW_GAME, HW_BOX, HW_SHUTOUT, HW_FINAL };
static long
hw_end(const struct game_state *st, int seat, int c, enum hw_part part)
{
	const struct gin *g = st->priv;
	int won = g->hw.closed[c] == seat;
	if (!g->hollywood)
		return COLUMN_NONE;
	if (part == HW_POINTS)
		return g->hw.score[c][seat];
	if (g->hw.closed[c] < 0)
		return COLUMN_NONE;
	int shutout = won && g->hw.score[c][1 - seat] == 0;
	switch (part) {
	case HW_GAME:
		return won ? g->game_bonus : 0;
	case HW_BOX:
		return g->box_bonus * g->hw.boxes[c][seat];
	case HW_SHUTOUT:
		return shutout ? g->game_bonus * (g->shutout - 1) : 0;
	default:
		return g->hw_final[c][seat];
	}
}

/* One value function per Hollywood game and part (a column's value
 * function takes no argument of its own). */
#define HW_VALUE(name, c, part) \
	long name(const struct game_state *st, int seat) { return hw_end(st, seat, c, part); }
static HW_VALUE(hw1_points, 0, HW_POINTS)
static HW_VALUE(hw2_points, 1, HW_POINTS)
static HW_VALUE(hw3_points, 2, HW_POINTS)
static HW_VALUE(hw1_game, 0, HW_GAME)
static HW_VALUE(hw2_game, 1, HW_GAME)
static HW_VALUE(hw3_game, 2, HW_GAME)
static HW_VALUE(hw1_box, 0, HW_BOX)
static HW_VALUE(hw2_box, 1, HW_BOX)
static HW_VALUE(hw3_box, 2, HW_BOX)
static HW_VALUE(hw1_shutout, 0, HW_SHUTOUT)
static HW_VALUE(hw2_shutout, 1, HW_SHUTOUT)
static HW_VALUE(hw3_shutout, 2, HW_SHUTOUT)
static HW_VALUE(hw1_final, 0, HW_FINAL)
static HW_VALUE(hw2_final, 1, HW_FINAL)
static HW_VALUE(hw3_final, 2, HW_FINAL)

/* Hollywood's three games at the pad's foot, one line per part, a
 * sub-column per game; gin_grids gives SPEC section 4's top-level
 * "hollywood" and "hollywood_final" from them. */
#define HW_COLS(c) \
	{ "hollywood_" #c, "points", COLUMN_NUMBER, gin_is_hollywood, hw##c##_points, SHEET_ACROSS, c, COUNTS_NONE, NULL, 0 }, \
	{ "game_bonus_" #c, "game bonus", COLUMN_NUMBER, gin_is_hollywood, hw##c##_game, SHEET_ACROSS, c, COUNTS_NONE, NULL, 0 }, \
	{ "box_bonus_" #c, "box bonus", COLUMN_NUMBER, gin_is_hollywood, hw##c##_box, SHEET_ACROSS, c, COUNTS_NONE, NULL, 0 }, \
	{ "shutout_" #c, "shutout doubling", COLUMN_NUMBER, gin_is_hollywood, hw##c##_shutout, SHEET_ACROSS, c, COUNTS_NONE, NULL, 0 }, \
	{ "hollywood_final_" #c, "final", COLUMN_NUMBER, gin_is_hollywood, hw##c##_final, SHEET_ACROSS, c, COUNTS_NONE, NULL, 0 }

static const struct column gin_columns[] = {
	HW_COLS(1), HW_COLS(2), HW_COLS(3),
	{ "final", "final with end bonuses", COLUMN_NUMBER, NULL, gin_final, SHEET_LINE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

static const char *const hw_points_keys[] = { "hollywood_1", "hollywood_2", "hollywood_3", NULL };
static const char *const hw_final_keys[] = { "hollywood_final_1", "hollywood_final_2", "hollywood_final_3", NULL };
static const struct column_grid gin_grids[] = {
	{ "hollywood", hw_points_keys },
	{ "hollywood_final", hw_final_keys },
	{ NULL, NULL }
};

/* Per hand: each Hollywood game's running score (empty where the game is
 * not open for the player yet, or closed by an earlier hand), and the
 * marks of how the hand went (RULES 6.2): the winner's gin (a knock with
 * no deadwood too) or undercut, and a wash for every seat. */
static const struct hand_column gin_hand_columns[] = {
	{ "game_1", "game 1", COLUMN_NUMBER, gin_is_hollywood, SHEET_ACROSS, 1, COUNTS_NONE, NULL, 0 },
	{ "game_2", "game 2", COLUMN_NUMBER, gin_is_hollywood, SHEET_ACROSS, 2, COUNTS_NONE, NULL, 0 },
	{ "game_3", "game 3", COLUMN_NUMBER, gin_is_hollywood, SHEET_ACROSS, 3, COUNTS_NONE, NULL, 0 },
	{ "gin", NULL, COLUMN_FLAG, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "undercut", NULL, COLUMN_FLAG, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "wash", NULL, COLUMN_FLAG, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* Gin and undercut are what a table talks of after the night (RULES.md
 * 6.2: the gin bonus, the undercut bonus). */
static const struct highlight gin_highlights[] = {
	{ "gin", "gin" },
	{ "undercut", "undercut" },
	{ NULL, NULL }
};

static const char *const gin_across[] = { "game 1", "game 2", "game 3", NULL };

const struct game_rules gin_rules = {
	.version = 1,
	.name = "gin",
	.title = "Gin Rummy",
	.opt_prefix = "gin",
	.min_players = 2,
	.max_players = 4,
	.players_rule = "it is two-handed, and 3 or 4 play by -o players_mode, the standard arrangements (RULES.md section 6.5)",
	.options = gin_options,
	.roles = gin_roles,
	.methods.resolve_options = gin_resolve_options,
	.words.summary =
	    "Ten cards each; draw from the stock or the discard and discard one, building\n"
	    "sets (3-4 of a rank) and runs (3+ in a suit, ace low).  Knock with deadwood\n"
	    "under 10: the defender lays down and may lay off on the knocker's melds, and\n"
	    "the knocker scores the difference.  A defender with as little or less\n"
	    "undercuts: the difference plus 25.  Gin (no deadwood) scores the defender's\n"
	    "deadwood plus 25, with no lay-offs; so does a knock with no deadwood.  First\n"
	    "to 100 wins; at the end come 100 for the game (200 for a shutout) and 25 a\n"
	    "hand won.  Hollywood: three games at once, a player's first win in game 1,\n"
	    "the second in games 1 and 2, later ones in all three still open; each game\n"
	    "closes at 100 and takes its own end bonuses, and the total is their sum.",
	.words.entry_help =
	    "--knock NAME (or --gin NAME, --big-gin NAME) and both players' deadwood,\n"
	    "NAME=POINTS, or the ten cards each holds after the discard, NAME=\"...\" (tally\n"
	    "finds the best melds and lay-offs); --wash when nobody scores.  Partnership\n"
	    "(new gin Ann+Cid Bob+Dee): both duels (seats 1 v 2, 3 v 4) in one entry,\n"
	    "each with its own --knock or --gin; each keeps its points, and the side\n"
	    "that won more scores the difference.",
	.words.example = "tally hand --knock Ann Ann=7 Bob=22",
	.score.scoring = SCORING_HIGH,
	.words.hand_word = "hand",
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "gin",
	.methods.init = gin_init,
	.methods.apply = gin_apply,
	.methods.describe_next = gin_describe_next,
	.methods.free_priv = gin_free,
	.methods.clone_priv = gin_clone,
	.view.columns = gin_columns,
	.view.hand_columns = gin_hand_columns,
	.view.across_labels = gin_across,
	.view.grids = gin_grids,
	.view.highlights = gin_highlights,
	.sheet.hand_label = gin_hand_label,
	.sheet.sheet_rows = gin_sheet_rows,
	.view.notes = gin_notes,
	.table.guide = gin_guide,
	.table.deal_help = gin_deal_help,
	.score.sides_option = "players_mode=partnership",
	.score.side_scoring = SIDE_NET,
	.join.reason = "a match is scored between the players who started it, hand by hand (RULES.md section 6)",
};
