/* SPDX-License-Identifier: ISC */
/*
 * trash.c: Trash, a twelve-hand compendium where the low score wins
 * (RULES.md section 5; seed 004_59fee6dd4a7ef7b3.txt, "Trash").
 *
 * Each hand has a contract that tally knows from the hand number: tricks,
 * hearts, kings, queens, the last trick, or the domino lay-out from the 8s.
 * The entry gives each player's count for the contract (left out = 0), the
 * winner of the last trick, or the first and second players out; tally checks
 * the counts against the pack for that many players.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

enum contract { C_TRICKS, C_HEARTS, C_KINGS, C_QUEENS, C_LAST, C_DOMINO };

static const char *const contract_name[] = { "tricks", "hearts", "kings", "queens", "last", "domino" };
static const char *const contract_one[] = { "trick", "heart", "king", "queen", "last", "domino" };
static const char *const contract_title[] = { "Tricks", "Hearts", "Kings", "Queens", "Last trick", "Domino" };

/* The pack for N players (RULES 5.1): cards each, hearts, packs. */
struct pack_row {
	int players, cards, per_player, hearts, packs;
	const char *removed;
};
static const struct pack_row pack_table[] = {
	{ 4, 52, 13, 13, 1, "none" },
	{ 5, 50, 10, 13, 1, "2♠ 2♣" },
	{ 6, 48, 8, 12, 1, "all four 2s" },
	{ 7, 98, 14, 26, 2, "both 2♣, both 2♠, both 2♦" },
	{ 8, 104, 13, 26, 2, "none" },
	{ 9, 99, 11, 26, 2, "both 2♣, both 2♠, one 2♦" },
	{ 10, 100, 10, 26, 2, "both 2♣, both 2♠" },
};

struct trash {
	const struct pack_row *pack;
	int order; /* 0 reverse_order, 1 same_order, 2 negated */
	long pts[7]; /* trick heart king queen last first_out second_out */
};

enum { P_TRICK, P_HEART, P_KING, P_QUEEN, P_LAST, P_FIRST, P_SECOND };
static const char *const point_keys[] = { "trick", "heart", "king", "queen", "last", "first_out", "second_out" };
static const long seed_points[] = { 5, 5, 20, 20, 20, -25, -15 };

/* trash.points: "seed" or overrides such as "king=25,first_out=-30". */
static int
parse_points(const char *v, long *out)
{
	memcpy(out, seed_points, sizeof seed_points);
	if (str_ieq(v, "seed"))
		return 1;
	char *copy = xstrdup(v), *save = NULL;
	int ok = 1;
	for (char *t = strtok_r(copy, ",", &save); t && ok; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		ok = 0;
		if (eq == NULL)
			break;
		*eq = '\0';
		for (int k = 0; k < 7; k++)
			if (strcmp(t, point_keys[k]) == 0)
				ok = parse_long(eq + 1, -1000, 1000, &out[k]);
	}
	free(copy);
	return ok;
}

static int
check_points(const char *v)
{
	long tmp[7];
	return parse_points(v, tmp);
}

static const struct option_def trash_options[] = {
	{ "second_half", OPT_ENUM, "reverse_order|same_order|negated", "reverse_order", 0, "hands 7-12: the six contracts in reverse order, in the same order, or the same order with the points negated (all but the domino's -25/-15, which keep their sign: going out first stays good)", NULL, NULL },
	{ "points", OPT_TEXT, "seed|trick=5,heart=5,king=20,queen=20,last=20,first_out=-25,second_out=-15", "seed", 0, "points per trick, heart, king, queen, last trick, first and second out", check_points, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def trash_roles[] = {
	{ "last", ROLE_PLAYER, "who took the last trick (last-trick hands)" },
	{ "first", ROLE_PLAYER, "the first player out (domino hands)" },
	{ "second", ROLE_PLAYER, "the second player out (domino hands)" },
	{ NULL, 0, NULL }
};

/* The contract of hand n (1-based) under second_half = order. */
static enum contract
contract_of(int order, int n)
{
	int k = (n - 1) % 6;
	if (n > 6 && order == 0)
		k = 5 - k;
	return (enum contract)k;
}

static int
order_of(const struct optset *o)
{
	return options_is(o, "second_half", "same_order") ? 1 : options_is(o, "second_half", "negated") ? 2 : 0;
}

static enum status
trash_init(struct game_state *st, struct diag *d)
{
	struct trash *t = xcalloc(1, sizeof *t);
	for (size_t i = 0; i < ARRAY_LEN(pack_table); i++)
		if (pack_table[i].players == st->nplayers)
			t->pack = &pack_table[i];
	if (t->pack == NULL) {
		free(t);
		return diag_set(d, ST_USAGE, NULL, NULL, "players", "Trash is for 4 to 10 players");
	}
	t->order = order_of(&st->opts);
	parse_points(options_get(&st->opts, "points") ? options_get(&st->opts, "points") : "seed", t->pts);
	st->priv = t;
	return ST_OK;
}

static void
trash_free(void *priv)
{
	free(priv);
}

/* One hand being scored: its contract and who did what. */
struct deal {
	enum contract c;
	int hand;
	long *pts;          /* per seat */
	long count[16];     /* per seat: tricks, hearts, kings or queens taken */
	int last, first, second;
};

/* The roles (RULES 5.2): --last, --first, --second, each at most once. */
static enum status
read_roles(const struct game_state *st, const struct hand_entry *e, struct deal *h, struct diag *d)
{
	for (int r = 0; r < e->nroles; r++) {
		const char *rn = e->roles[r].def->name;
		int s = e->roles[r].seat;
		int *slot = strcmp(rn, "last") == 0 ? &h->last : strcmp(rn, "first") == 0 ? &h->first : &h->second;
		if (*slot >= 0)
			return diag_set(d, ST_RULE, st->p[s].name, rn, "rule 5.2", "only one player is --%s in a hand", rn);
		*slot = s;
	}
	if ((h->c == C_LAST || h->c == C_DOMINO) && e->nvalues > 0)
		return diag_set(d, ST_RULE, st->p[e->values[0].seat].name, e->values[0].value, "contract",
		    "hand %d is %s: enter %s, not counts", h->hand, contract_name[h->c],
		    h->c == C_LAST ? "--last PLAYER" : "--first PLAYER --second PLAYER");
	return ST_OK;
}

/* The last trick and domino (RULES 5.2): points to the players named. */
static enum status
score_roles(const struct game_state *st, const struct trash *t, struct deal *h, struct diag *d)
{
	if (h->c == C_LAST) {
		if (h->last < 0 || h->first >= 0 || h->second >= 0)
			return diag_set(d, ST_RULE, NULL, NULL, "rule 5.2",
			    "hand %d is the last trick: name exactly one player with --last", h->hand);
		h->pts[h->last] = t->pts[P_LAST];
		return ST_OK;
	}
	if (h->first < 0 || h->second < 0 || h->last >= 0)
		return diag_set(d, ST_RULE, NULL, NULL, "rule 5.2",
		    "hand %d is domino: name the first and second players out with --first and --second", h->hand);
	if (h->first == h->second)
		return diag_set(d, ST_RULE, st->p[h->first].name, st->p[h->first].name, "rule 5.2",
		    "%s cannot be both first and second out", st->p[h->first].name);
	h->pts[h->first] = t->pts[P_FIRST];
	h->pts[h->second] = t->pts[P_SECOND];
	return ST_OK;
}

/* The counting contracts (RULES 5.1, 5.2): each player's count, which together
 * take every trick, heart, king or queen there is. */
static enum status
score_counts(const struct game_state *st, const struct trash *t, const struct hand_entry *e, struct deal *h,
    struct diag *d)
{
	enum contract c = h->c;
	int n = st->nplayers;
	if (h->last >= 0 || h->first >= 0 || h->second >= 0)
		return diag_set(d, ST_RULE, NULL, NULL, "contract",
		    "hand %d is %s: enter each player's count (NAME=N), no roles", h->hand, contract_name[c]);
	long need = c == C_TRICKS ? t->pack->per_player : c == C_HEARTS ? t->pack->hearts : 4L * t->pack->packs;
	long per = t->pts[c == C_TRICKS ? P_TRICK : c == C_HEARTS ? P_HEART : c == C_KINGS ? P_KING : P_QUEEN];
	long sum = 0;
	const char *what = c == C_TRICKS ? "tricks" : c == C_HEARTS ? "hearts" : c == C_KINGS ? "kings" : "queens";
	for (int i = 0; i < n; i++) {
		const char *v = entry_get(e, i, NULL);
		if (v == NULL)
			continue;
		if (!parse_long(v, 0, 1000, &h->count[i]))
			return diag_set(d, ST_USAGE, st->p[i].name, v, "entry",
			    "%s: '%s' is not a count of %s", st->p[i].name, v, what);
		if (h->count[i] > need)
			return diag_set(d, ST_RULE, st->p[i].name, v, "rule 5.2",
			    "%s: %ld %s, but only %ld %s there to take with %d players", st->p[i].name,
			    h->count[i], plural(h->count[i], contract_one[c], what), need, plural(need, "is", "are"), n);
		sum += h->count[i];
		h->pts[i] = h->count[i] * per;
	}
	if (sum != need)
		return diag_set(d, ST_RULE, NULL, NULL, "rule 5.2",
		    "the %s entered add up to %ld; with %d players there are exactly %ld%s", what, sum, n,
		    need, c == C_HEARTS && n == 6 ? " (the 2♥ is out of the pack)" : "");
	return ST_OK;
}

/* The hand's points must total what the contract gives out (RULES 5.2). */
static enum status
check_total(const struct game_state *st, const struct trash *t, const struct deal *h, struct diag *d)
{
	long total = 0, want;
	for (int i = 0; i < st->nplayers; i++)
		total += h->pts[i];
	switch (h->c) {
	case C_TRICKS: want = t->pts[P_TRICK] * t->pack->per_player; break;
	case C_HEARTS: want = t->pts[P_HEART] * t->pack->hearts; break;
	case C_KINGS: want = t->pts[P_KING] * 4 * t->pack->packs; break;
	case C_QUEENS: want = t->pts[P_QUEEN] * 4 * t->pack->packs; break;
	case C_LAST: want = t->pts[P_LAST]; break;
	default: want = t->pts[P_FIRST] + t->pts[P_SECOND];
	}
	if (total != want)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "rule 5.2",
		    "internal error: hand %d gives out %ld points, not %ld", h->hand, total, want);
	return ST_OK;
}

/* Record the hand; after the twelfth the lowest total wins (RULES 5.3). */
static void
record_deal(struct game_state *st, const struct trash *t, const struct hand_entry *e, const struct deal *h)
{
	char label[48];
	enum contract c = h->c;
	int negate = t->order == 2 && h->hand > 6;
	snprintf(label, sizeof label, "hand %d %s", h->hand, contract_name[c]);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < st->nplayers; i++) {
		/* negated second half: taking points is good, but going out first
		 * stays good too */
		state_score(st, hr, i, negate && c != C_DOMINO ? -h->pts[i] : h->pts[i]);
		if (c != C_LAST && c != C_DOMINO && entry_get(e, i, NULL))
			hr->detail[i] = xasprintf("%ld %s", h->count[i], plural(h->count[i], contract_one[c], contract_name[c]));
	}
	if (c == C_LAST)
		hr->detail[h->last] = xstrdup("last trick");
	if (c == C_DOMINO) {
		hr->detail[h->first] = xstrdup("first out");
		hr->detail[h->second] = xstrdup("second out");
	}
	if (st->nhands >= rules_length(st->rules, &st->opts))
		state_best_total_wins(st);
}

/* A hand under its contract, in the order RULES 5 gives. */
static enum status
trash_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	struct trash *t = st->priv;
	struct deal h = { contract_of(t->order, st->nhands + 1), st->nhands + 1,
		xcalloc((size_t)st->nplayers, sizeof *h.pts), {0}, -1, -1, -1 };
	enum status rc = read_roles(st, e, &h, d);
	if (rc == ST_OK)
		rc = h.c == C_LAST || h.c == C_DOMINO ? score_roles(st, t, &h, d) : score_counts(st, t, e, &h, d);
	if (rc == ST_OK)
		rc = check_total(st, t, &h, d);
	if (rc == ST_OK) {
		record_deal(st, t, e, &h);
		st->dealer = rules_next_active(st, st->dealer);
	}
	free(h.pts);
	return rc;
}

static void
trash_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct trash *t = st->priv;
	if (st->over || st->closed) {
		snprintf(buf, size, "game over");
		return;
	}
	int hand = st->nhands + 1;
	snprintf(buf, size, "hand %d of 12: %s%s (dealer %s)", hand, contract_name[contract_of(t->order, hand)],
	    t->order == 2 && hand > 6 ? ", negated" : "", st->p[st->dealer].name);
}

/* v with a true minus (U+2212) for a pad's label. */
static const char *
signed_text(long v, char *buf, size_t size)
{
	snprintf(buf, size, v < 0 ? "\xE2\x88\x92%ld" : "%ld", v < 0 ? -v : v);
	return buf;
}

/* A row label that carries the contract's arithmetic, from the points in
 * force (RULES 5.2, option points; negated in a negated second half, all
 * but the domino's): "3 Kings × 20", "5 Last trick 20", "6 Domino −25/−15". */
static void
trash_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	int order = order_of(o);
	enum contract c = contract_of(order, n);
	long pts[7], sign = order == 2 && n > 6 ? -1 : 1;
	char a[24], b[24];
	parse_points(options_get(o, "points") ? options_get(o, "points") : "seed", pts);
	if (c == C_DOMINO)
		snprintf(buf, size, "%d %s %s/%s", n, contract_title[c], signed_text(pts[P_FIRST], a, sizeof a),
		    signed_text(pts[P_SECOND], b, sizeof b));
	else if (c == C_LAST)
		snprintf(buf, size, "%d %s %s", n, contract_title[c], signed_text(sign * pts[P_LAST], a, sizeof a));
	else
		snprintf(buf, size, "%d %s \xC3\x97 %s", n, contract_title[c],
		    signed_text(sign * pts[c == C_TRICKS ? P_TRICK : c == C_HEARTS ? P_HEART : c == C_KINGS ? P_KING : P_QUEEN],
		    a, sizeof a));
}

/* Twelve hands: the six contracts, then the six again (RULES 5). */
static int
trash_length(const struct optset *o)
{
	(void)o;
	return 12;
}

static void
trash_notes(const struct game_state *st, struct strbuf *sb)
{
	const struct trash *t = st->priv;
	/* the pack is how the next hand is dealt (RULES 5.1): a game over,
	 * ended or abandoned deals none */
	if (st->over || st->closed)
		return;
	sb_printf(sb, "pack for %d: %d cards (removed: %s), %d each, %d hearts, %d kings and %d queens\n",
	    st->nplayers, t->pack->cards, t->pack->removed, t->pack->per_player, t->pack->hearts,
	    4 * t->pack->packs, 4 * t->pack->packs);
}

static int
trash_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	const struct trash *t = st->priv;
	(void)answers;
	enum contract c = contract_of(t->order, st->nhands + 1);
	if (c == C_LAST) {
		if (k == 0)
			rules_guide_set(g, -1, GUIDE_ROLE, 0, "last", "who took the last trick?");
		return k == 0;
	}
	if (c == C_DOMINO) {
		if (k == 0)
			rules_guide_set(g, -1, GUIDE_ROLE, 0, "first", "who went out first?");
		else if (k == 1)
			rules_guide_set(g, -1, GUIDE_ROLE, 0, "second", "who went out second?");
		return k < 2;
	}
	int s = rules_seat_from_left(st, k);
	if (s < 0)
		return 0;
	rules_guide_set(g, s, GUIDE_VALUE, 1, st->p[s].name, "%s: %s taken (Enter: 0)", st->p[s].name, contract_name[c]);
	return 1;
}

static void
trash_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct trash *t = st->priv;
	snprintf(buf, size, "%d pack%s, %d cards (removed: %s); %d each; %d hearts, %d kings, %d queens",
	    t->pack->packs, plural_s(t->pack->packs), t->pack->cards, t->pack->removed,
	    t->pack->per_player, t->pack->hearts, 4 * t->pack->packs, 4 * t->pack->packs);
}

const struct game_rules trash_rules = {
	.version = 1,
	.name = "trash",
	.title = "Trash",
	.opt_prefix = "trash",
	.min_players = 4,
	.max_players = 10,
	.players_rule = "its pack table deals 4 to 10 (RULES.md section 5.2)",
	.options = trash_options,
	.roles = trash_roles,
	.words.summary =
	    "Twelve hands, each with its own contract; every point is bad and the low\n"
	    "total wins.  Aces high.  1 tricks: 5 a trick.  2 hearts: 5 a heart.\n"
	    "3 kings: 20 each.  4 queens: 20 each.  5 last trick: 20.  6 domino: the\n"
	    "first 8 starts a lay-out built in sequence (pass only when you cannot\n"
	    "play); the first player out takes -25, the second -15 and the hand ends.\n"
	    "Hands 7-12 play the six again in reverse order.  The pack depends on the\n"
	    "players (4-10): 2s come out so the deal is even, and 7 or more use two packs.",
	.words.entry_help =
	    "Tricks, hearts, kings and queens hands: NAME=COUNT for each player who took any\n"
	    "(left out = 0; the counts must add up).  Last-trick hands: --last NAME.\n"
	    "Domino hands: --first NAME --second NAME.  tally says which hand is next.",
	.words.example = "tally hand Ann=4 Bob=3 Cid=5 Dee=1",
	.words.hand_word = "hand",
	.score.scoring = SCORING_LOW,
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "trash",
	.methods.init = trash_init,
	.methods.apply = trash_apply,
	.methods.describe_next = trash_describe_next,
	.methods.free_priv = trash_free,
	.methods.priv_size = sizeof(struct trash), /* a flat struct, copied to check a hand */
	.methods.checkpoint_priv = PRIV_FROM_OPTIONS, /* the pack and the order, from the options */
	.sheet.hand_label = trash_hand_label,
	.score.length = trash_length,
	.view.notes = trash_notes,
	.table.guide = trash_guide,
	.table.deal_help = trash_deal_help,
	.join.reason = "each player plays all twelve contracts from the first hand (RULES.md section 5.1)",
};
