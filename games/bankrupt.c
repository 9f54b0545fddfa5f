/* SPDX-License-Identifier: ISC */
/*
 * bankrupt.c: Bankrupt, Aidan-B. Howard's chip gambling game (RULES.md
 * section 4; seed 003_e2c788c03404fc8d.txt, rules 1-20 and the two
 * agreements).
 *
 * A hand is a round.  The entry gives each player's final two cards (or a
 * throw-in), the upping offers in order and any resignations before the
 * deal; tally works out the antes and top-ups, last legs, the winner, the
 * payments, the centre, dead rounds and their split, bankruptcies and the
 * dealer.  Every chip moves on the ledger between a player's bank, the
 * player's ante pile and the centre.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

/* Why chips move in Bankrupt: the words the ledger's register prints
 * (tally ledger, export); static text the ledger keeps by pointer. */
static const char R_ANTE[] = "ante";
static const char R_TOPUP[] = "top-up";
static const char R_TAKEBACK[] = "take-back";
static const char R_OFFER[] = "offer";
static const char R_ACCEPTANCE[] = "acceptance";
static const char R_THROW_IN[] = "throw-in";
static const char R_PAYMENT[] = "payment";
static const char R_CENTRE_WON[] = "centre won";
static const char R_DEAD_SPLIT[] = "dead-round split";
static const char R_RESIGNATION[] = "resignation";

struct bankrupt {
	long start, ante;
	int max_offer, max_dead, max_throw_ins;
	int cap_six_only;            /* offer_cap = six_only */
	int cap_ante_pile;           /* last_legs_win_cap = ante_pile */
	int last_legs_centre;        /* last_legs_collects_centre */
	int since_last_won;          /* centre_eligibility = since_centre_last_won */
	int split_playing;           /* dead_split_among = playing_this_round */
	int final_centre;            /* final_centre_to_survivor */
	int one_card;                /* show_one_card_if_sufficient */
	int dead;                    /* consecutive dead rounds before the next round (d) */
	int *throw_ins;              /* consecutive throw-ins per seat */
	int *took_part;              /* upped since the centre was last won */
	int *last_legs;              /* per seat: short of a full ante this round */
	int out_count;
};

static const struct option_def bankrupt_options[] = {
	{ "start_chips", OPT_INT, "1..100000", "50", 0, "chips each player starts with", NULL, NULL },
	{ "ante", OPT_INT, "1..1000", "9", 0, "the ante of a round (times the dead-round multiplier)", NULL, NULL },
	{ "max_offer", OPT_INT, "1..1000", "6", 0, "the largest single upping offer", NULL, NULL },
	{ "show_one_card_if_sufficient", OPT_BOOL, "true|false", "false", 0, "agreement 1: a loser may show one card when it settles the round", NULL, NULL },
	{ "max_dead_rounds", OPT_INT, "1..10", "3", 0, "agreement 2: dead rounds in a row before the centre is split", NULL, NULL },
	{ "max_consecutive_throw_ins", OPT_INT, "1..100", "2", 0, "agreement 2: throw-ins in a row a player may make", NULL, NULL },
	{ "offer_cap", OPT_ENUM, "least_bank|six_only", "least_bank", 0, "an offer is at most the smallest bank at the table (and max_offer), or just max_offer", NULL, NULL },
	{ "last_legs_win_cap", OPT_ENUM, "round_slot|ante_pile", "round_slot", 0, "a last-legs winner takes from each loser at most this round's ante, or the whole pile", NULL, NULL },
	{ "last_legs_collects_centre", OPT_BOOL, "true|false", "true", 0, "a last-legs winner takes the centre without having upped", NULL, NULL },
	{ "centre_eligibility", OPT_ENUM, "current_round|since_centre_last_won", "current_round", 0, "which offers or acceptances let the winner take the centre", NULL, NULL },
	{ "dead_split_among", OPT_ENUM, "alive|playing_this_round", "alive", 0, "who shares the centre after the last allowed dead round", NULL, NULL },
	{ "final_centre_to_survivor", OPT_BOOL, "true|false", "true", 0, "the last player left also takes the centre", NULL, NULL },
	{ "chip_value", OPT_TEXT, "none|AMOUNT", "none", 0, "what a chip is worth when the table settles up (tally settle), e.g. 0.05", options_check_money, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def bankrupt_roles[] = {
	{ "up", ROLE_VALUE, "an upping offer in order: --up P=N:A,B (acceptors after the colon; none = declined)" },
	{ "resign", ROLE_PLAYER, "a player who resigns before the deal (rule 19)" },
	{ "marker", ROLE_VALUE, "the rank of the face-up marker card of rule 7, if it was seen" },
	{ NULL, 0, NULL }
};

/* Value for payments (rule 3): 2-10 face, J Q K 10, A 11. */
static int
value(int rank)
{
	return rank == RANK_A ? 11 : rank >= 10 ? 10 : rank;
}

/* Order for winning: 2 low ... A high. */
static int
order(int rank)
{
	return rank == RANK_A ? 14 : rank;
}

struct bhand {
	int pair;     /* 1: a pair */
	int hi, lo;   /* ranks, hi the higher by order; lo 0 when one card shown */
	int ncards;
};

static struct bhand
make_hand(const struct card *c, int n)
{
	struct bhand h = { 0, c[0].rank, n > 1 ? c[1].rank : 0, n };
	if (n > 1 && order(h.lo) > order(h.hi)) {
		int t = h.hi;
		h.hi = h.lo;
		h.lo = t;
	}
	h.pair = n > 1 && h.hi == h.lo;
	return h;
}

/* >0 when a beats b, 0 on a tie (rules 9, 10). */
static int
compare(const struct bhand *a, const struct bhand *b)
{
	if (a->pair != b->pair)
		return a->pair - b->pair;
	if (order(a->hi) != order(b->hi))
		return order(a->hi) - order(b->hi);
	return (a->lo ? order(a->lo) : 0) - (b->lo ? order(b->lo) : 0);
}

/*
 * base(W, L) of RULES 4.3 step 5 (rules 15, 16), at least 1.  Returns -1
 * when it needs the loser's second card and only one was shown.
 */
static int
base_payment(const struct bhand *w, const struct bhand *l)
{
	int b;
	if (!w->pair) {
		if (order(w->hi) != order(l->hi))
			b = value(w->hi) - value(l->hi);
		else {
			if (l->ncards < 2)
				return -1;
			b = value(w->lo) - value(l->lo);
		}
	} else {
		int p = w->hi, h = l->hi;
		if (value(p) >= value(h)) {
			if (order(p) == order(h)) {
				if (l->ncards < 2)
					return -1;
				b = value(p) - value(l->lo);
			} else
				b = value(p) - value(h);
		} else
			b = value(h) - value(p);
	}
	return b < 1 ? 1 : b;
}

static enum status
bankrupt_init(struct game_state *st, struct diag *d)
{
	(void)d;
	const struct optset *o = &st->opts;
	struct bankrupt *b = xcalloc(1, sizeof *b);
	b->start = options_int(o, "start_chips", 50);
	b->ante = options_int(o, "ante", 9);
	b->max_offer = (int)options_int(o, "max_offer", 6);
	b->max_dead = (int)options_int(o, "max_dead_rounds", 3);
	b->max_throw_ins = (int)options_int(o, "max_consecutive_throw_ins", 2);
	b->cap_six_only = options_is(o, "offer_cap", "six_only");
	b->cap_ante_pile = options_is(o, "last_legs_win_cap", "ante_pile");
	b->last_legs_centre = options_bool(o, "last_legs_collects_centre");
	b->since_last_won = options_is(o, "centre_eligibility", "since_centre_last_won");
	b->split_playing = options_is(o, "dead_split_among", "playing_this_round");
	b->final_centre = options_bool(o, "final_centre_to_survivor");
	b->one_card = options_bool(o, "show_one_card_if_sufficient");
	b->throw_ins = xcalloc((size_t)st->nplayers, sizeof *b->throw_ins);
	b->took_part = xcalloc((size_t)st->nplayers, sizeof *b->took_part);
	b->last_legs = xcalloc((size_t)st->nplayers, sizeof *b->last_legs);
	struct ledger *l = state_use_ledger(st);
	for (int i = 0; i < st->nplayers; i++)
		ledger_open(l, LEDGER_BANK(i), b->start);
	st->priv = b;
	return ST_OK;
}

static void
bankrupt_free(void *priv)
{
	struct bankrupt *b = priv;
	free(b->throw_ins);
	free(b->took_part);
	free(b->last_legs);
	free(b);
}

/* A copy of the state to check a hand against (rules.h). */
static void *
bankrupt_clone(const void *priv, int nplayers)
{
	struct bankrupt *b = xmemdup(priv, sizeof *b);
	b->throw_ins = xmemdup(b->throw_ins, (size_t)nplayers * sizeof *b->throw_ins);
	b->took_part = xmemdup(b->took_part, (size_t)nplayers * sizeof *b->took_part);
	b->last_legs = xmemdup(b->last_legs, (size_t)nplayers * sizeof *b->last_legs);
	return b;
}

static long
bal(const struct game_state *st, int acct)
{
	return ledger_balance(st->ledger, acct);
}

static int
alive_count(const struct game_state *st)
{
	int n = 0;
	for (int i = 0; i < st->nplayers; i++)
		n += !st->p[i].out;
	return n;
}

/* Seat position counted from the dealer's left (0) round to the dealer. */
static int
position(const struct game_state *st, int seat)
{
	return (seat - st->dealer - 1 + 2 * st->nplayers) % st->nplayers;
}

static void
knock_out(struct game_state *st, struct bankrupt *b, int seat, int order_no)
{
	st->p[seat].out = 1;
	st->p[seat].out_order = order_no;
	b->throw_ins[seat] = 0;
	(void)b;
}

/* Parse "NAME=N[:A,B]" of --up into offerer, amount and acceptors. */
static enum status
parse_offer(const struct game_state *st, const char *text, int *offerer, long *amount,
    int *acc, int *nacc, struct diag *d)
{
	char **names = xmalloc(sizeof *names * (size_t)st->nplayers);
	enum status rc = ST_OK;
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	*nacc = 0;
	const char *eq = strrchr(text, '=');
	if (eq == NULL) {
		rc = diag_set(d, ST_USAGE, NULL, text, "up",
		    "--up %s: write the offer as OFFERER=AMOUNT:ACCEPTOR,ACCEPTOR (none after the colon = declined)", text);
		goto out;
	}
	char *who = xstrndup(text, (size_t)(eq - text));
	*offerer = entry_find_player(who, names, st->nplayers, d);
	free(who);
	if (*offerer < 0) {
		rc = d->status;
		goto out;
	}
	const char *colon = strchr(eq, ':');
	char *num = xstrndup(eq + 1, colon ? (size_t)(colon - eq - 1) : strlen(eq + 1));
	int ok = parse_long(num, 0, 1000000, amount);
	free(num);
	if (!ok) {
		rc = diag_set(d, ST_USAGE, st->p[*offerer].name, text, "up",
		    "--up %s: the amount must be a whole number of chips", text);
		goto out;
	}
	if (colon && colon[1]) {
		char *list = xstrdup(colon + 1);
		char *save = NULL;
		for (char *a = strtok_r(list, ",", &save); a; a = strtok_r(NULL, ",", &save)) {
			int s = entry_find_player(a, names, st->nplayers, d);
			if (s < 0) {
				rc = d->status;
				break;
			}
			for (int k = 0; k < *nacc; k++)
				if (acc[k] == s) {
					rc = diag_set(d, ST_USAGE, st->p[s].name, text, "up",
					    "--up %s: %s accepts twice", text, st->p[s].name);
					break;
				}
			if (rc != ST_OK)
				break;
			acc[(*nacc)++] = s;
		}
		free(list);
	}
out:
	free(names);
	return rc;
}

/* rename_value: "WHO=N[:A,B]" of --up with its players renamed. */
static char *
bankrupt_rename_value(const char *role, const char *value, char *const *names, char *const *new_names, int n)
{
	const char *eq = strrchr(value, '=');
	if (strcmp(role, "up") != 0 || eq == NULL)
		return NULL;
	struct strbuf sb = {0};
	struct diag d = {0};
	char *who = xstrndup(value, (size_t)(eq - value));
	int s = entry_find_player(who, names, n, &d);
	free(who);
	const char *colon = strchr(eq, ':');
	sb_add(&sb, s >= 0 ? new_names[s] : "");
	if (s < 0)
		sb_addn(&sb, value, (size_t)(eq - value));
	sb_addn(&sb, eq, colon ? (size_t)(colon - eq + 1) : strlen(eq));
	if (colon) {
		char *list = xstrdup(colon + 1), *save = NULL;
		int k = 0;
		for (char *a = strtok_r(list, ",", &save); a; a = strtok_r(NULL, ",", &save), k++) {
			int t = entry_find_player(a, names, n, &d);
			sb_printf(&sb, "%s%s", k ? "," : "", t >= 0 ? new_names[t] : a);
		}
		free(list);
	}
	diag_clear(&d);
	return sb_take(&sb);
}

/* One round being scored: what the numbered steps below share. */
struct bround {
	int *playing, *thrown, *part;  /* per seat */
	long *slot;                    /* per seat: this round's ante slot */
	struct bhand *bh;              /* per seat: the cards shown */
	char **detail;                 /* per seat: heap text or NULL */
	int *acc;                      /* scratch: the accepters of one offer */
	long *upped;                   /* per seat: chips put into the centre by
	                                * upping; COLUMN_NONE: not in the round */
	long centre_won;               /* what the winner took from the centre */
	long split;                    /* a split dead round: chips each; else -1 */
	struct card_count cc;
	struct strbuf note;
	int hand, win, dead, alive, kmul, nplaying;
};

/* "; " between the note's parts */
static const char *
sep(const struct bround *r)
{
	return r->note.len ? "; " : "";
}

/* One resignation (rule 19): the pile back to the bank, then the wealth
 * shared among the others (10 or more) or into the centre. */
static enum status
resign(struct game_state *st, struct bankrupt *b, int p, int order_no, struct bround *r, struct diag *d)
{
	struct ledger *l = st->ledger;
	long wealth = bal(st, LEDGER_BANK(p)) + bal(st, LEDGER_PILE(p));
	enum status rc = ledger_move(l, r->hand, LEDGER_PILE(p), LEDGER_BANK(p), bal(st, LEDGER_PILE(p)), R_TAKEBACK, d);
	st->p[p].out = 1; /* so the others are "the remaining players" */
	int others = alive_count(st);
	if (wealth >= 10 && others > 0) {
		long share = wealth / others;
		for (int i = 0; i < st->nplayers && rc == ST_OK; i++)
			if (!st->p[i].out)
				rc = ledger_move(l, r->hand, LEDGER_BANK(p), LEDGER_BANK(i), share, R_RESIGNATION, d);
		if (rc == ST_OK)
			rc = ledger_move(l, r->hand, LEDGER_BANK(p), LEDGER_POT, wealth - share * others, R_RESIGNATION, d);
		sb_printf(&r->note, "%s%s resigns: %s each to the others", sep(r), st->p[p].name, GROUPED(share));
	} else {
		rc = ledger_move(l, r->hand, LEDGER_BANK(p), LEDGER_POT, wealth, R_RESIGNATION, d);
		sb_printf(&r->note, "%s%s resigns: %s to the centre", sep(r), st->p[p].name, GROUPED(wealth));
	}
	if (rc != ST_OK)
		return rc;
	knock_out(st, b, p, order_no);
	r->detail[p] = xstrdup("resigned");
	return ST_OK;
}

/* 1. Resignations before the deal (rule 19). */
static enum status
resignations(struct game_state *st, struct bankrupt *b, const struct hand_entry *e, struct bround *r,
    struct diag *d)
{
	int order_no = b->out_count + 1, anyout = 0;
	for (int k = 0; k < e->nroles; k++) {
		if (strcmp(e->roles[k].def->name, "resign") != 0)
			continue;
		int p = e->roles[k].seat;
		enum status rc;
		if (st->p[p].out)
			return diag_set(d, ST_RULE, st->p[p].name, "--resign", "rule 19", "%s resigns twice", st->p[p].name);
		if (entry_get(e, p, NULL) != NULL)
			return diag_set(d, ST_RULE, st->p[p].name, entry_get(e, p, NULL), "rule 19",
			    "%s resigned before the deal and holds no cards", st->p[p].name);
		if ((rc = resign(st, b, p, order_no, r, d)) != ST_OK)
			return rc;
		anyout = 1;
	}
	if (anyout)
		b->out_count = order_no;
	if (st->p[st->dealer].out)
		st->dealer = rules_next_active(st, st->dealer);
	return ST_OK;
}

/* 2. Antes and top-ups (rules 6, 17, 18): each pile brought to the ante
 * times the dead-round multiplier, or all a player has. */
static enum status
antes(struct game_state *st, struct bankrupt *b, struct bround *r, struct diag *d)
{
	long target = b->ante * r->kmul;
	for (int i = 0; i < st->nplayers; i++) {
		if (st->p[i].out)
			continue;
		long bank = bal(st, LEDGER_BANK(i)), pile = bal(st, LEDGER_PILE(i));
		long wealth = bank + pile, want = wealth < target ? wealth : target;
		enum status rc = ST_OK;
		if (pile < want)
			rc = ledger_move(st->ledger, r->hand, LEDGER_BANK(i), LEDGER_PILE(i), want - pile,
			    pile == 0 ? R_ANTE : R_TOPUP, d);
		else if (pile > want)
			rc = ledger_move(st->ledger, r->hand, LEDGER_PILE(i), LEDGER_BANK(i), pile - want, R_TAKEBACK, d);
		if (rc != ST_OK)
			return rc;
		long sl = wealth - b->ante * b->dead;
		r->slot[i] = sl < 0 ? 0 : sl > b->ante ? b->ante : sl;
		b->last_legs[i] = r->slot[i] < b->ante;
	}
	return ST_OK;
}

/* A throw-in (rule 11): forfeits a chip of the ante, a few times in a row. */
static enum status
throw_in(const struct game_state *st, const struct bankrupt *b, int i, const char *v, struct bround *r,
    struct diag *d)
{
	const char *name = st->p[i].name;
	if (bal(st, LEDGER_PILE(i)) < 1)
		return diag_set(d, ST_RULE, name, v, "rule 11",
		    "%s has no ante on the table to forfeit and cannot throw in", name);
	if (b->throw_ins[i] >= b->max_throw_ins)
		return diag_set(d, ST_RULE, name, v, "rule 11",
		    "%s has thrown in %d round%s in a row; no more than %d (option max_consecutive_throw_ins)",
		    name, b->throw_ins[i], plural_s(b->throw_ins[i]), b->max_throw_ins);
	r->thrown[i] = 1;
	r->detail[i] = xstrdup("threw in");
	return ST_OK;
}

/* One player's cards (rules 2, 8, 11): two (one where agreement 1 allows
 * it) or a throw-in, and a discard exchanged, all from one pack. */
static enum status
read_player(const struct game_state *st, const struct bankrupt *b, const struct hand_entry *e, int i,
    const char *v, struct bround *r, struct diag *d)
{
	const char *disc = entry_get(e, i, "discard"), *name = st->p[i].name;
	struct card c[CARDS_MAX];
	int nc;
	enum status rc;
	if (str_ieq(v, "throw") || str_ieq(v, "throw-in") || str_ieq(v, "throw_in")) {
		if ((rc = throw_in(st, b, i, v, r, d)) != ST_OK)
			return rc;
	} else {
		if ((rc = cards_parse(v, name, c, CARDS_MAX, &nc, d)) != ST_OK)
			return rc;
		if (nc != 2 && !(nc == 1 && b->one_card))
			return diag_set(d, ST_RULE, name, v, "rule 8",
			    "%s: %d card%s entered; a player in the round holds exactly 2", name, nc, plural_s(nc));
		if ((rc = cards_count_add(&r->cc, c, nc, 1, 0, name, d)) != ST_OK)
			return rc;
		r->playing[i] = 1;
		r->bh[i] = make_hand(c, nc);
		r->detail[i] = cards_format_list(c, nc, 1);
	}
	if (disc == NULL)
		return ST_OK;
	if (r->thrown[i])
		return diag_set(d, ST_RULE, name, disc, "rule 11", "%s threw in and exchanged no card", name);
	if ((rc = cards_parse(disc, name, c, 1, &nc, d)) != ST_OK)
		return rc;
	return cards_count_add(&r->cc, c, nc, 1, 0, name, d);
}

/* 3. The cards, throw-ins and the pack (rules 2, 11); what was entered
 * is checked before what is missing. */
static enum status
read_cards(struct game_state *st, const struct bankrupt *b, const struct hand_entry *e, struct bround *r,
    struct diag *d)
{
	const struct entry_role *marker = entry_role(e, "marker");
	enum status rc;
	int missing = -1;
	if (marker) {
		struct card mc[2];
		int nm;
		if ((rc = cards_parse(marker->value, "--marker", mc, 1, &nm, d)) != ST_OK)
			return rc;
		if (nm == 1 && (rc = cards_count_add(&r->cc, mc, 1, 1, 0, "the marker card", d)) != ST_OK)
			return rc;
	}
	for (int i = 0; i < st->nplayers; i++) {
		const char *v = entry_get(e, i, NULL);
		if (st->p[i].out)
			continue;
		if (v == NULL && missing < 0)
			missing = i;
		if (v != NULL && (rc = read_player(st, b, e, i, v, r, d)) != ST_OK)
			return rc;
	}
	if (missing >= 0) {
		const char *name = st->p[missing].name;
		return diag_set(d, ST_RULE, name, NULL, "every player",
		    "%s: no cards entered; every player in the round enters %s=\"R R\" or %s=throw", name, name, name);
	}
	for (int i = 0; i < st->nplayers; i++)
		r->nplaying += r->playing[i];
	if (r->nplaying == 0)
		return diag_set(d, ST_RULE, NULL, NULL, "rule 11", "everybody threw in; at least one player must play the round");
	for (int i = 0; i < st->nplayers; i++)
		if (r->thrown[i] && (rc = ledger_move(st->ledger, r->hand, LEDGER_PILE(i), LEDGER_POT, 1, R_THROW_IN, d)) != ST_OK)
			return rc;
	return ST_OK;
}

/* Whether seat may take part in the upping (rule 12). */
static enum status
may_up(const struct game_state *st, const struct bankrupt *b, int seat, const char *text, const char *verb,
    const struct bround *r, struct diag *d)
{
	const char *name = st->p[seat].name;
	if (st->p[seat].out || !r->playing[seat])
		return diag_set(d, ST_RULE, name, text, "rule 12", "%s is not playing this round and cannot %s", name, verb);
	if (b->last_legs[seat])
		return diag_set(d, ST_RULE, name, text, "rule 12",
		    "%s is on last legs and cannot take part in the upping", name);
	return ST_OK;
}

/* Whether an offer may be made as entered (rule 12, agreement 2). */
static enum status
check_offer(const struct game_state *st, const struct bankrupt *b, const char *text, int off, long amt,
    int nacc, int last_pos, int over, const struct bround *r, struct diag *d)
{
	const char *oname = st->p[off].name;
	enum status rc;
	if (off == st->dealer)
		return diag_set(d, ST_RULE, oname, text, "rule 12", "%s deals this round and the dealer never offers", oname);
	if (!r->playing[off] || st->p[off].out)
		return may_up(st, b, off, text, "offer", r, d);
	if (over)
		return diag_set(d, ST_RULE, oname, text, "rule 12",
		    "%s: the upping ended when the last offer was declined by all", oname);
	if (position(st, off) <= last_pos)
		return diag_set(d, ST_RULE, oname, text, "rule 12", "%s: offers go round in seat order from the dealer's left", oname);
	if ((rc = may_up(st, b, off, text, "offer", r, d)) != ST_OK)
		return rc;
	long cap = b->max_offer;
	for (int i = 0; !b->cap_six_only && i < st->nplayers; i++) {
		long bk = bal(st, LEDGER_BANK(i));
		if (r->playing[i] && !st->p[i].out && bk > 0 && bk < cap)
			cap = bk;
	}
	if (amt < 1 || amt > cap)
		return diag_set(d, ST_RULE, oname, text, "rule 12",
		    "%s offers %s; an offer is 1 to %s chips now (the smallest bank in play, at most %s)",
		    oname, GROUPED(amt), GROUPED(cap), GROUPED(b->max_offer));
	for (int k = 0; k < nacc; k++) {
		int a = r->acc[k];
		const char *aname = st->p[a].name;
		if (a == off || position(st, a) <= position(st, off))
			return diag_set(d, ST_RULE, aname, text, "rule 12",
			    "%s: only players after %s, up to the dealer, may accept", aname, oname);
		if ((rc = may_up(st, b, a, text, "accept", r, d)) != ST_OK)
			return rc;
		if (bal(st, LEDGER_BANK(a)) < amt)
			return diag_set(d, ST_RULE, aname, text, "rule 12",
			    "%s has %s in the bank and cannot accept %s", aname, GROUPED(bal(st, LEDGER_BANK(a))),
			    GROUPED(amt));
	}
	if (nacc > 0 && bal(st, LEDGER_BANK(off)) < amt)
		return diag_set(d, ST_RULE, oname, text, "rule 12",
		    "%s has %s in the bank and cannot offer %s", oname, GROUPED(bal(st, LEDGER_BANK(off))), GROUPED(amt));
	return ST_OK;
}

/* 4. Upping (rule 12): offers in seat order, each accepted by some (the
 * chips into the centre) or declined by all, which ends the upping. */
static enum status
upping(struct game_state *st, struct bankrupt *b, const struct hand_entry *e, struct bround *r, struct diag *d)
{
	int last_pos = -1, over = 0;
	enum status rc;
	for (int k = 0; k < e->nroles; k++) {
		if (strcmp(e->roles[k].def->name, "up") != 0)
			continue;
		const char *text = e->roles[k].value;
		int off = -1, nacc = 0;
		long amt = 0;
		if ((rc = parse_offer(st, text, &off, &amt, r->acc, &nacc, d)) != ST_OK ||
		    (rc = check_offer(st, b, text, off, amt, nacc, last_pos, over, r, d)) != ST_OK)
			return rc;
		r->part[off] = 1;
		for (int j = 0; j < nacc; j++)
			r->part[r->acc[j]] = 1;
		if (nacc > 0) {
			if ((rc = ledger_move(st->ledger, r->hand, LEDGER_BANK(off), LEDGER_POT, amt, R_OFFER, d)) != ST_OK)
				return rc;
			r->upped[off] += amt;
			for (int j = 0; j < nacc; j++) {
				if ((rc = ledger_move(st->ledger, r->hand, LEDGER_BANK(r->acc[j]), LEDGER_POT, amt,
				    R_ACCEPTANCE, d)) != ST_OK)
					return rc;
				r->upped[r->acc[j]] += amt;
			}
			sb_printf(&r->note, "%s%s ups %s, %d accept%s", sep(r), st->p[off].name, GROUPED(amt), nacc, nacc == 1 ? "s" : "");
		} else {
			over = 1;
			sb_printf(&r->note, "%s%s ups %s, all decline", sep(r), st->p[off].name, GROUPED(amt));
		}
		last_pos = position(st, off);
	}
	for (int i = 0; i < st->nplayers; i++)
		if (r->part[i])
			b->took_part[i] = 1;
	return ST_OK;
}

/* 5. Showdown (rules 9, 10, 13): the best hand wins; a tie is dead.  One
 * card shown must settle the round (agreement 1). */
static enum status
showdown(const struct game_state *st, struct bround *r, struct diag *d)
{
	for (int i = 0; i < st->nplayers; i++) {
		if (!r->playing[i])
			continue;
		if (r->win < 0 || compare(&r->bh[i], &r->bh[r->win]) > 0) {
			r->win = i;
			r->dead = 0;
		} else if (compare(&r->bh[i], &r->bh[r->win]) == 0)
			r->dead = 1;
	}
	for (int i = 0; i < st->nplayers; i++)
		if (r->playing[i] && r->bh[i].ncards < 2 && (i == r->win || compare(&r->bh[i], &r->bh[r->win]) == 0))
			return diag_set(d, ST_RULE, st->p[i].name, r->detail[i], "agreement 1",
			    "%s shows one card, but it does not settle the round; enter both cards", st->p[i].name);
	return ST_OK;
}

/* 7. A dead round (rules 9, 17): the antes stay; after max_dead_rounds
 * in a row the centre is split. */
static enum status
dead_round(struct game_state *st, struct bankrupt *b, struct bround *r, struct diag *d)
{
	enum status rc = ST_OK;
	b->dead++;
	sb_printf(&r->note, "%sdead round", sep(r));
	if (b->dead < b->max_dead)
		return ST_OK;
	int m = 0;
	for (int i = 0; i < st->nplayers; i++)
		m += !st->p[i].out && (!b->split_playing || r->playing[i]);
	long centre = bal(st, LEDGER_POT), share = m ? centre / m : 0;
	for (int i = 0; i < st->nplayers && rc == ST_OK; i++)
		if (!st->p[i].out && (!b->split_playing || r->playing[i]))
			rc = ledger_move(st->ledger, r->hand, LEDGER_POT, LEDGER_BANK(i), share, R_DEAD_SPLIT, d);
	if (rc != ST_OK)
		return rc;
	sb_printf(&r->note, " (%d in a row): the centre is split, %s each", b->dead, GROUPED(share));
	r->split = share;
	b->dead = 0;
	return ST_OK;
}

/* 6. Payments and the centre (rules 14-18): each loser pays the winner
 * from the pile, capped for a winner on last legs; an eligible winner
 * takes the centre. */
static enum status
payments(struct game_state *st, struct bankrupt *b, struct bround *r, struct warnings *w, struct diag *d)
{
	int win = r->win;
	const char *wname = st->p[win].name;
	enum status rc;
	if (r->nplaying == 1)
		warnings_add(w, "%s wins round %d alone: every other player threw in, so nobody pays", wname, r->hand);
	sb_printf(&r->note, "%s%s wins", sep(r), wname);
	for (int i = 0; i < st->nplayers; i++) {
		if (!r->playing[i] || i == win)
			continue;
		int base = base_payment(&r->bh[win], &r->bh[i]);
		if (base < 0)
			return diag_set(d, ST_RULE, st->p[i].name, r->detail[i], "rule 15",
			    "%s's second card decides the payment; enter both cards", st->p[i].name);
		long pay = (long)r->kmul * base, pile = bal(st, LEDGER_PILE(i));
		if (pay > pile)
			pay = pile;
		long cap = b->cap_ante_pile ? bal(st, LEDGER_PILE(win)) : r->slot[win];
		if (b->last_legs[win] && pay > cap)
			pay = cap;
		if ((rc = ledger_move(st->ledger, r->hand, LEDGER_PILE(i), LEDGER_BANK(win), pay, R_PAYMENT, d)) != ST_OK)
			return rc;
		sb_printf(&r->note, ", %s pays %s", st->p[i].name, GROUPED(pay));
	}
	int eligible = (b->since_last_won ? b->took_part[win] : r->part[win]) ||
	    (b->last_legs[win] && b->last_legs_centre);
	long centre = bal(st, LEDGER_POT);
	if (eligible && centre > 0) {
		if ((rc = ledger_move(st->ledger, r->hand, LEDGER_POT, LEDGER_BANK(win), centre, R_CENTRE_WON, d)) != ST_OK)
			return rc;
		sb_printf(&r->note, "; %s takes the centre of %s", wname, GROUPED(centre));
		r->centre_won = centre;
		memset(b->took_part, 0, sizeof *b->took_part * (size_t)st->nplayers);
	} else if (centre > 0)
		sb_printf(&r->note, "; the centre of %s stays", GROUPED(centre));
	b->dead = 0;
	return ST_OK;
}

/* 8. Bankruptcies (rule 20), and the throw-ins in a row. */
static void
bankruptcies(struct game_state *st, struct bankrupt *b, struct bround *r)
{
	int order_no = b->out_count + 1, anyout = 0;
	for (int i = 0; i < st->nplayers; i++) {
		if (st->p[i].out || bal(st, LEDGER_BANK(i)) + bal(st, LEDGER_PILE(i)) > 0)
			continue;
		knock_out(st, b, i, order_no);
		if (!r->dead && r->win >= 0)
			st->p[i].out_by = r->win + 1;
		anyout = 1;
		sb_printf(&r->note, "; %s is bankrupt", st->p[i].name);
	}
	if (anyout)
		b->out_count = order_no;
	for (int i = 0; i < st->nplayers; i++)
		b->throw_ins[i] = r->thrown[i] ? b->throw_ins[i] + 1 : 0;
}

/* 9. The last player left takes everything (rule 20). */
static enum status
last_player(struct game_state *st, struct bankrupt *b, struct bround *r, struct diag *d)
{
	enum status rc;
	if (alive_count(st) != 1)
		return ST_OK;
	for (int i = 0; i < st->nplayers; i++) {
		if (st->p[i].out)
			continue;
		long centre = bal(st, LEDGER_POT);
		if (b->final_centre && centre > 0 &&
		    (rc = ledger_move(st->ledger, r->hand, LEDGER_POT, LEDGER_BANK(i), centre, R_CENTRE_WON, d)) != ST_OK)
			return rc;
		if ((rc = ledger_move(st->ledger, r->hand, LEDGER_PILE(i), LEDGER_BANK(i), bal(st, LEDGER_PILE(i)),
		    R_TAKEBACK, d)) != ST_OK)
			return rc;
		st->p[i].winner = 1;
		b->last_legs[i] = 0;
		sb_printf(&r->note, "%s%s holds every chip and wins", sep(r), st->p[i].name);
	}
	st->over = 1;
	return ST_OK;
}

/* The sheet's note of a round, in words: the ante, who won or that the
 * round was dead, and where the centre went (rules 9, 12, 14, 17). */
static char *
round_sheet_note(const struct game_state *st, const struct bankrupt *b, const struct bround *r)
{
	static const char *const times[] = { "", "", ", doubled", ", tripled" };
	struct strbuf sb = {0};
	long centre = bal(st, LEDGER_POT);
	if (r->alive < 2)
		return xstrdup("resignations left one player: no cards dealt");
	sb_printf(&sb, "ante %s%s", GROUPED(b->ante), r->kmul < 4 ? times[r->kmul] : "");
	if (r->kmul >= 4)
		sb_printf(&sb, " times %d", r->kmul);
	if (r->dead && r->split >= 0)
		sb_printf(&sb, "; dead round, nobody won; %d in a row, so the centre is split, %s chip%s each",
		    b->max_dead, GROUPED(r->split), plural_s(r->split));
	else if (r->dead)
		sb_printf(&sb, "; dead round, nobody won");
	else if (r->win >= 0)
		sb_printf(&sb, "; %s wins", st->p[r->win].name);
	if (r->centre_won > 0)
		sb_printf(&sb, " and takes the centre of %s", GROUPED(r->centre_won));
	if (centre > 0)
		sb_printf(&sb, "; the centre carries %s chip%s", GROUPED(centre), plural_s(centre));
	for (int i = 0; st->over && i < st->nplayers; i++)
		if (st->p[i].winner)
			sb_printf(&sb, "; %s holds every chip and wins", st->p[i].name);
	return sb_take(&sb);
}

/* Record the round with the sheet's note and the chips upped, and last
 * legs as the next round will see it. */
static void
record_round(struct game_state *st, struct bankrupt *b, struct bround *r)
{
	char label[32];
	snprintf(label, sizeof label, "round %d", r->hand);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < st->nplayers; i++) {
		hr->detail[i] = r->detail[i];
		r->detail[i] = NULL;
		state_hand_set(st, hr, 0, i, r->upped[i]);
	}
	hr->note = r->note.len ? sb_take(&r->note) : NULL;
	hr->sheet_note = round_sheet_note(st, b, r);
	if (!st->over)
		st->dealer = rules_next_active(st, st->dealer);
	for (int i = 0; i < st->nplayers; i++) {
		long wealth = bal(st, LEDGER_BANK(i)) + bal(st, LEDGER_PILE(i));
		b->last_legs[i] = !st->p[i].out && !st->over && wealth - b->ante * b->dead < b->ante;
	}
}

/* The round proper, steps 2 to 8, once two or more players are left. */
static enum status
play_round(struct game_state *st, struct bankrupt *b, const struct hand_entry *e, struct bround *r,
    struct warnings *w, struct diag *d)
{
	enum status rc;
	for (int i = 0; i < st->nplayers; i++)
		r->upped[i] = st->p[i].out ? COLUMN_NONE : 0;
	if ((rc = antes(st, b, r, d)) != ST_OK || (rc = read_cards(st, b, e, r, d)) != ST_OK ||
	    (rc = upping(st, b, e, r, d)) != ST_OK || (rc = showdown(st, r, d)) != ST_OK)
		return rc;
	if ((rc = r->dead ? dead_round(st, b, r, d) : payments(st, b, r, w, d)) != ST_OK)
		return rc;
	bankruptcies(st, b, r);
	return ST_OK;
}

/* A round, in the order of the seed's numbered rules. */
static enum status
bankrupt_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	struct bankrupt *b = st->priv;
	int n = st->nplayers;
	struct bround r;
	memset(&r, 0, sizeof r);
	r.playing = xcalloc((size_t)n, sizeof *r.playing);
	r.thrown = xcalloc((size_t)n, sizeof *r.thrown);
	r.part = xcalloc((size_t)n, sizeof *r.part);
	r.slot = xcalloc((size_t)n, sizeof *r.slot);
	r.bh = xcalloc((size_t)n, sizeof *r.bh);
	r.detail = xcalloc((size_t)n, sizeof *r.detail);
	r.acc = xcalloc((size_t)n + 1, sizeof *r.acc);
	r.upped = xcalloc((size_t)n, sizeof *r.upped);
	for (int i = 0; i < n; i++)
		r.upped[i] = COLUMN_NONE;
	r.hand = st->nhands + 1;
	r.win = -1;
	r.split = -1;
	enum status rc = resignations(st, b, e, &r, d);
	r.alive = alive_count(st);
	r.kmul = b->dead + 1;
	for (int i = 0; rc == ST_OK && r.alive < 2 && i < n; i++)
		if (!st->p[i].out && entry_get(e, i, NULL) && strcmp(entry_get(e, i, NULL), "0") != 0)
			rc = diag_set(d, ST_RULE, st->p[i].name, entry_get(e, i, NULL), "rule 20",
			    "%s is the last player left; no round is dealt", st->p[i].name);
	if (rc == ST_OK && r.alive >= 2)
		rc = play_round(st, b, e, &r, w, d);
	if (rc == ST_OK)
		rc = last_player(st, b, &r, d);
	if (rc == ST_OK)
		record_round(st, b, &r);
	for (int i = 0; i < n; i++)
		free(r.detail[i]);
	free(r.detail);
	free(r.playing);
	free(r.thrown);
	free(r.part);
	free(r.slot);
	free(r.bh);
	free(r.acc);
	free(r.upped);
	sb_release(&r.note);
	return rc;
}

static void
bankrupt_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct bankrupt *b = st->priv;
	if (st->over || st->closed) {
		snprintf(buf, size, "game over");
		return;
	}
	if (b->dead)
		snprintf(buf, size, "round %d (ante %s x%d, dealer %s)", st->nhands + 1, GROUPED(b->ante),
		    b->dead + 1, st->p[st->dealer].name);
	else
		snprintf(buf, size, "round %d (ante %s, dealer %s)", st->nhands + 1, GROUPED(b->ante),
		    st->p[st->dealer].name);
}

static void
bankrupt_notes(const struct game_state *st, struct strbuf *sb)
{
	const struct bankrupt *b = st->priv;
	int any = 0;
	sb_add(sb, "bank/pile:");
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out)
			sb_printf(sb, " %s %s/%s", st->p[i].name, GROUPED(st->p[i].bank), GROUPED(st->p[i].pile));
	sb_addc(sb, '\n');
	for (int i = 0; i < st->nplayers; i++)
		if (b->last_legs[i]) {
			sb_printf(sb, "%s%s", any++ ? ", " : "last legs: ", st->p[i].name);
		}
	if (any)
		sb_addc(sb, '\n');
}

static void
bankrupt_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Round %d", n);
}

/* A blank pad's rounds: one sheet, both sides, filled (the renderer
 * fills the last page of a game of no fixed length).  A game runs to the
 * last player left with every chip (seed 003, rule 20), far longer than a
 * pad: paying only the card differences of rules 15 and 16, four players
 * of 50 chips see the first bankrupt after about 60 rounds and the
 * winner after hundreds, so the pad is a log the table prints again as
 * it goes, and one sheet of it is two pages, not four.  9 rounds is a
 * page and more at any width, so the pad always reaches the back. */
static int
bankrupt_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	(void)o;
	return 9;
}

/* Is seat named among the words of answer (full names or prefixes)? */
static int
named_in(const struct game_state *st, const char *answer, int seat)
{
	char *copy = xstrdup(answer ? answer : ""), *save = NULL;
	char **names = xmalloc(sizeof *names * (size_t)st->nplayers);
	int hit = 0;
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	for (char *t = strtok_r(copy, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
		struct diag d = {0};
		hit |= entry_find_player(t, names, st->nplayers, &d) == seat;
		diag_clear(&d);
	}
	free(names);
	free(copy);
	return hit;
}

static int
bankrupt_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	if (k == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE_LIST, 1, "resign", "anyone resigning before the deal? (names; Enter: nobody)");
		return 1;
	}
	int asked = 1;
	for (int j = 0; ; j++) {
		int s = rules_seat_from_left(st, j);
		if (s < 0)
			break;
		if (named_in(st, answers[0], s))
			continue;
		if (asked++ == k) {
			rules_guide_set(g, s, GUIDE_VALUE, 0, st->p[s].name, "%s: the final two cards, or throw", st->p[s].name);
			return 1;
		}
	}
	if (asked == k) {
		rules_guide_set(g, -1, GUIDE_ROLE_LIST, 1, "up",
		    "the upping in order, OFFERER=AMOUNT:ACCEPTOR,... (Enter: none)");
		return 1;
	}
	return 0;
}

static void
bankrupt_deal_help(const struct game_state *st, char *buf, size_t size)
{
	(void)st;
	snprintf(buf, size, "one pack of 52, no jokers; count 6 off the top and 6 off the bottom, turn up the "
	    "next card on them and put the 13 at the bottom (rule 7); deal two cards each, one at a time");
}

static long
bankrupt_last_legs(const struct game_state *st, int seat)
{
	const struct bankrupt *b = st->priv;
	return b->last_legs[seat];
}

/* chips held, as bank (behind) and pile (the ante slots) */
/* What a round shows of each player: the chips upped into the centre
 * (rule 12), a line under the round's row on the pad. */
static const struct hand_column bankrupt_hand_columns[] = {
	{ "upped", "chips upped", COLUMN_NUMBER, NULL, SHEET_LINE, 0, COUNTS_MONEY, "chip_value", 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

static const struct column bankrupt_columns[] = {
	{ "chips", "chips", COLUMN_NUMBER, NULL, state_chips, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "bank", NULL, COLUMN_NUMBER, NULL, state_bank, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "pile", NULL, COLUMN_NUMBER, NULL, state_pile, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "last_legs", NULL, COLUMN_FLAG, NULL, bankrupt_last_legs, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* A chip is worth what the table says (chip_value), or nothing. */
static long
bankrupt_stake_cents(const struct optset *o)
{
	return options_money(o, "chip_value");
}

const struct game_rules bankrupt_rules = {
	.version = 1,
	.words.pot_name = "centre",
	.name = "bankrupt",
	.title = "Bankrupt",
	.opt_prefix = "bankrupt",
	.min_players = 2,
	.max_players = 8,
	.players_rule = "it is for 2 or more, ideally four, each for themselves (seed 003, rule 1), and 8 is tally's own limit",
	.options = bankrupt_options,
	.roles = bankrupt_roles,
	.fields = "discard",
	.words.summary =
	    "A chip game, best for four.  Each round everyone antes 9 and gets two\n"
	    "cards; any pair beats any two odd cards, otherwise the highest card (then\n"
	    "the second) wins.  Players may throw in (forfeit 1 chip to the centre, not\n"
	    "three rounds running) and up the ante into the centre in turn from the\n"
	    "dealer's left; only a winner who upped collects the centre.  The winner\n"
	    "takes from each loser's ante the difference between the top cards (at\n"
	    "least 1; a low pair collects the loser's top card less the pair).  A tied\n"
	    "round is dead: the next ante and winnings are doubled (tripled after two);\n"
	    "after the third the centre is shared.  Short of an ante you play on last\n"
	    "legs; with nothing left you are bankrupt.  The last player holds every chip.",
	.words.entry_help =
	    "Every player still in: NAME=\"R R\" (the final two cards) or NAME=throw;\n"
	    "the upping in order: --up NAME=AMOUNT:ACCEPTOR,ACCEPTOR (nothing after the\n"
	    "colon: everyone declined); --resign NAME before the deal; optional\n"
	    "NAME.discard=R (an exchanged card) and --marker R (the face-up card).",
	.words.example = "tally hand Ann=\"K 7\" Bob=\"A 3\" Cid=\"8 3\" Dee=\"A 5\" --up Bob=3:Cid,Dee",
	.score.scoring = SCORING_CHIPS,
	.words.chips_name = "chips",
	.view.columns = bankrupt_columns,
	.words.hand_word = "round",
	.methods.rename_value = bankrupt_rename_value, /* --up names players */
	.sheet.sheet_template = "bankrupt",
	.methods.init = bankrupt_init,
	.methods.apply = bankrupt_apply,
	.methods.describe_next = bankrupt_describe_next,
	.methods.free_priv = bankrupt_free,
	.methods.clone_priv = bankrupt_clone,
	.sheet.hand_label = bankrupt_hand_label,
	.sheet.sheet_rows = bankrupt_sheet_rows,
	.view.notes = bankrupt_notes,
	.sheet.sheet_note_label = "round",
	.table.guide = bankrupt_guide,
	.table.deal_help = bankrupt_deal_help,
	.view.hand_columns = bankrupt_hand_columns,
	.score.stake_cents = bankrupt_stake_cents,
	.join.reason = "every chip is bought in at the start and the game ends when one player holds them all (RULES.md section 4.1)",
};
