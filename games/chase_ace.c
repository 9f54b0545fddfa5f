/* SPDX-License-Identifier: ISC */
/*
 * chase_ace.c: Chase the Ace (RULES.md section 7; seed
 * 004_59fee6dd4a7ef7b3.txt, "Chase the Ace").
 *
 * A hand is a round.  Every player still in enters the card they hold at the
 * end (after the exchanges); tally finds who loses a life (a dime into the
 * pot), eliminates players with no lives left and gives the pot to the last
 * one in.  By default matching cards cancel: the lowest card nobody else holds
 * loses, and a round where every card is matched is void.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

/* Why chips move in Chase the Ace: the words the ledger's register prints
 * (tally ledger, export); static text the ledger keeps by pointer. */
static const char R_LIFE_LOST[] = "life lost";
static const char R_POT_WON[] = "pot won";
static const char R_POT_SPLIT[] = "pot split";
static const char R_BUY_IN[] = "buy-in";
static const char R_STAKE[] = "stake";

enum tie_rule { TIE_SPLIT, TIE_REPLAY, TIE_CUT, TIE_CARRY_ADD, TIE_CARRY_NO_ADD };

struct chase {
	int lives, packs, cancel_none;
	enum tie_rule tie;
	int out_count;
};

static const struct option_def chase_options[] = {
	{ "lives", OPT_INT, "1..100", "3", 0, "dimes (lives) each player starts with", NULL, NULL },
	{ "cancel", OPT_ENUM, "all_matching|none", "all_matching", 0, "all_matching: equal cards cancel and the lowest unmatched card loses; none: every holder of the lowest card loses", NULL, NULL },
	{ "final_tie_rule", OPT_ENUM, "split_pot|replay|cut_for_pot|carry_forward_add_stakes|carry_forward_no_add", "replay", 0, "when the last players would all lose their last life at once (cancel=none); split_pot: they are joint winners and share the pot equally, the odd dimes staying in the pot for the next game", NULL, NULL },
	{ "king_rule", OPT_ENUM, "blocks_exchange|no_effect|dealt_kings_shown_no_trading|shown_king_stops_trading", "blocks_exchange", 1, "what a king does to the exchanges", NULL, NULL },
	{ "dealer_cut_king_kept_out", OPT_BOOL, "true|false", "true", 1, "a dealer who cuts a king keeps the original card", NULL, NULL },
	{ "queen_redirect", OPT_BOOL, "true|false", "false", 1, "a queen sends the exchange to the asker's right", NULL, NULL },
	{ "jack_block", OPT_BOOL, "true|false", "false", 1, "a jack refuses the exchange", NULL, NULL },
	{ "packs", OPT_INT, "1..4", "1", 0, "packs shuffled together", NULL, NULL },
	{ "carry_pot", OPT_INT, "0..100000", "0", 0, "dimes carried into this game's pot from an undecided game", NULL, NULL },
	{ "carry_stake", OPT_INT, "0..100", "0", 0, "dimes each player adds to the carried pot at the start (an undecided game carried forward with new stakes)", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def chase_roles[] = {
	{ "loser", ROLE_PLAYER, "who the table says lost (checked against the cards)" },
	{ "cut", ROLE_PLAYER, "with final_tie_rule=cut_for_pot: who won the cut" },
	{ NULL, 0, NULL }
};

static enum status
chase_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	long packs = options_int(o, "packs", 1);
	if (nplayers > 52 * packs - 1)
		return diag_set(d, ST_USAGE, NULL, NULL, "rule 7.3",
		    "%d players need more than %ld pack%s: the dealer must be able to cut from the stock",
		    nplayers, packs, plural_s(packs));
	return ST_OK;
}

static enum status
chase_init(struct game_state *st, struct diag *d)
{
	static const char *const ties[] = { "split_pot", "replay", "cut_for_pot",
		"carry_forward_add_stakes", "carry_forward_no_add" };
	const struct optset *o = &st->opts;
	struct chase *c = xcalloc(1, sizeof *c);
	c->lives = (int)options_int(o, "lives", 3);
	c->packs = (int)options_int(o, "packs", 1);
	c->cancel_none = options_is(o, "cancel", "none");
	c->tie = TIE_REPLAY;
	for (int i = 0; i < 5; i++)
		if (options_is(o, "final_tie_rule", ties[i]))
			c->tie = (enum tie_rule)i;
	struct ledger *l = state_use_ledger(st);
	/* seed 004, remedies 4 and 5 for an undecided game: the pot is
	 * carried forward, "each player adding a new stake to it" (carry_stake)
	 * or with "nothing added".  The pot carried comes from the other game;
	 * each stake is a dime of the player's own, brought with the lives
	 * and put in the pot, as a newcomer's is (chase_seat_newcomer), so
	 * that settling up counts it as the player's */
	long stake = options_int(o, "carry_stake", 0);
	enum status rc = ST_OK;
	ledger_open(l, LEDGER_POT, options_int(o, "carry_pot", 0));
	for (int i = 0; i < st->nplayers && rc == ST_OK; i++) {
		ledger_open(l, LEDGER_BANK(i), c->lives + stake);
		rc = ledger_move(l, 0, LEDGER_BANK(i), LEDGER_POT, stake, R_STAKE, d);
	}
	st->priv = c;
	return rc;
}

/* A late arrival buys in as everyone did at the start (RULES 7.1, 7.3:
 * the dimes held and in the pot add up to lives x N plus any carried
 * pot): their lives in dimes, and where the game carries a pot with new
 * stakes (carry_stake, seed 004's remedy 4) that stake too, which goes
 * into the pot.  Both are brought in during the first round they play. */
static enum status
chase_seat_newcomer(struct game_state *st, int seat, int hand, struct diag *d)
{
	const struct chase *c = st->priv;
	long stake = options_int(&st->opts, "carry_stake", 0);
	ledger_open_at(st->ledger, hand, LEDGER_BANK(seat), c->lives + stake, R_BUY_IN);
	return ledger_move(st->ledger, hand, LEDGER_BANK(seat), LEDGER_POT, stake, R_STAKE, d);
}

static void
chase_free(void *priv)
{
	free(priv);
}

/* Rank order, low to high: A 2 ... 10 J Q K (the card's own number). */

/* One round being scored: what the steps below share. */
struct round {
	int *rank;          /* per seat: the card's rank, 0 when out */
	int *loses;         /* per seat: 1 when losing a life */
	char **detail;      /* per seat: heap text or NULL */
	int count[15];      /* cards of each rank */
	struct strbuf note;
	int hand, low, nlose, cut;
};

/* "; " between the note's parts */
static const char *
sep(const struct round *r)
{
	return r->note.len ? "; " : "";
}

/* 1. The one card each player still in holds at the end (RULES 7.1);
 * what was entered is checked before what is missing. */
static enum status
read_cards(const struct game_state *st, const struct chase *c, const struct hand_entry *e,
    struct round *r, struct diag *d)
{
	struct card_count cc;
	enum status rc;
	int missing = -1;
	memset(&cc, 0, sizeof cc);
	for (int i = 0; i < st->nplayers; i++) {
		const char *v = entry_get(e, i, NULL), *name = st->p[i].name;
		struct card card[2];
		int nc;
		if (st->p[i].out)
			continue;
		if (v == NULL) {
			if (missing < 0)
				missing = i;
			continue;
		}
		if ((rc = cards_parse(v, name, card, 2, &nc, d)) != ST_OK)
			return rc;
		if (nc != 1)
			return diag_set(d, ST_RULE, name, v, "one card",
			    "%s: enter the one card held at the end, not %d", name, nc);
		if ((rc = cards_count_add(&cc, card, 1, c->packs, 0, name, d)) != ST_OK)
			return rc;
		r->rank[i] = card[0].rank;
		r->count[r->rank[i]]++;
		r->detail[i] = cards_format_list(card, 1, 1);
	}
	if (missing >= 0)
		return diag_set(d, ST_RULE, st->p[missing].name, NULL, "every player",
		    "%s: no card entered; every player still in enters %s=RANK", st->p[missing].name,
		    st->p[missing].name);
	return ST_OK;
}

/* 2. Who loses (RULES 7.2, 7.3): the lowest rank, unmatched unless
 * matching cards do not cancel. */
static void
find_losers(const struct game_state *st, const struct chase *c, struct round *r)
{
	for (int k = RANK_A; k <= RANK_K && !r->low; k++)
		if (r->count[k] > 0 && (c->cancel_none || r->count[k] == 1))
			r->low = k;
	for (int i = 0; i < st->nplayers && r->low; i++)
		if (!st->p[i].out && r->rank[i] == r->low) {
			r->loses[i] = 1;
			r->nlose++;
		}
}

/* The table's claim (--loser) must match the cards; --cut names one. */
static enum status
check_claims(const struct game_state *st, const struct chase *c, const struct hand_entry *e,
    struct round *r, struct diag *d)
{
	int nclaim = 0;
	for (int k = 0; k < e->nroles; k++) {
		const struct entry_role *ro = &e->roles[k];
		if (strcmp(ro->def->name, "cut") == 0) {
			if (r->cut >= 0)
				return diag_set(d, ST_RULE, st->p[ro->seat].name, "--cut", "final_tie_rule",
				    "only one player wins the cut");
			r->cut = ro->seat;
			continue;
		}
		nclaim++;
		if (!r->loses[ro->seat])
			return diag_set(d, ST_RULE, st->p[ro->seat].name, "--loser", "rule 7.2",
			    r->low ? "%s is said to lose, but the cards say %s%s%s"
			           : "%s is said to lose, but every card was matched: nobody loses this round%s%s%s",
			    st->p[ro->seat].name, r->low ? "the " : "", r->low ? card_rank_word(r->low) : "",
			    r->low ? " loses" : "");
	}
	if (nclaim > 0 && nclaim != r->nlose)
		return diag_set(d, ST_RULE, NULL, "--loser", "rule 7.2",
		    "the cards make %d loser%s, %d named", r->nlose, plural_s(r->nlose), nclaim);
	if (!c->cancel_none && r->nlose > 1)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "rule 7.3",
		    "internal error: %d losers with matching cards cancelling", r->nlose);
	return ST_OK;
}

/* 3. The final tie (RULES 7.4): would the last players all go out
 * together?  Replay keeps their lives; a cut needs its winner. */
static enum status
final_tie(const struct game_state *st, const struct chase *c, struct round *r, struct diag *d)
{
	int survivors = 0;
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out && !(r->loses[i] && ledger_balance(st->ledger, LEDGER_BANK(i)) <= 1))
			survivors++;
	int tie = r->nlose > 0 && survivors == 0;
	if (r->cut >= 0 && !(tie && c->tie == TIE_CUT))
		return diag_set(d, ST_RULE, st->p[r->cut].name, "--cut", "final_tie_rule",
		    "%s: --cut is only for the last players tying with final_tie_rule=cut_for_pot",
		    st->p[r->cut].name);
	if (r->low == 0) {
		sb_add(&r->note, "every card matched: a void round, nobody loses");
	} else if (tie && c->tie == TIE_REPLAY) {
		sb_printf(&r->note, "the last %d players tie on their last life: they keep it and deal again", r->nlose);
		r->nlose = 0;
		memset(r->loses, 0, sizeof *r->loses * (size_t)st->nplayers);
	} else if (tie && c->tie == TIE_CUT && (r->cut < 0 || !r->loses[r->cut])) {
		return diag_set(d, ST_RULE, r->cut >= 0 ? st->p[r->cut].name : NULL, "--cut", "final_tie_rule",
		    "the last players tie on their last life: name the one who won the cut with --cut P");
	}
	return ST_OK;
}

/* 4. A dime into the pot for each loser; no dimes left = out (RULES 7.2). */
static enum status
lose_lives(struct game_state *st, struct chase *c, struct round *r, struct diag *d)
{
	int order_no = c->out_count + 1, anyout = 0;
	for (int i = 0; i < st->nplayers; i++) {
		if (!r->loses[i])
			continue;
		enum status rc = ledger_move(st->ledger, r->hand, LEDGER_BANK(i), LEDGER_POT, 1, R_LIFE_LOST, d);
		if (rc != ST_OK)
			return rc;
		sb_printf(&r->note, "%s%s loses a life with %s", sep(r), st->p[i].name, card_rank_name(r->rank[i]));
		if (ledger_balance(st->ledger, LEDGER_BANK(i)) == 0) {
			st->p[i].out = 1;
			st->p[i].out_order = order_no;
			anyout = 1;
			sb_add(&r->note, " and is out");
		}
	}
	if (anyout)
		c->out_count = order_no;
	return ST_OK;
}

/* The last players went out together (RULES 7.4, final_tie_rule): the
 * pot split equally, won by the cut, or carried to the next game. */
static enum status
settle_final_tie(struct game_state *st, const struct chase *c, struct round *r, struct diag *d)
{
	struct ledger *l = st->ledger;
	long pot = ledger_balance(l, LEDGER_POT);
	enum status rc = ST_OK;
	st->over = 1;
	if (c->tie == TIE_SPLIT) {
		long share = pot / r->nlose;
		for (int i = 0; i < st->nplayers && rc == ST_OK; i++)
			if (r->loses[i]) {
				rc = ledger_move(l, r->hand, LEDGER_POT, LEDGER_PILE(i), share, R_POT_SPLIT, d);
				st->p[i].winner = 1;
			}
		if (rc != ST_OK)
			return rc;
		/* the seed: "split the pot equally"; RULES 0: the quotient is
		 * truncated, and the odd dimes stay in the pot for the next game */
		sb_printf(&r->note, "; they are joint winners and share the pot of %s, %s each", GROUPED(pot), GROUPED(share));
		if (pot % r->nlose)
			sb_printf(&r->note, "; the odd %s in the pot for the next game (-o carry_pot=%ld)",
			    pot % r->nlose == 1 ? "dime stays" : "dimes stay", pot % r->nlose);
	} else if (c->tie == TIE_CUT) {
		if ((rc = ledger_move(l, r->hand, LEDGER_POT, LEDGER_PILE(r->cut), pot, R_POT_WON, d)) != ST_OK)
			return rc;
		st->p[r->cut].winner = 1;
		sb_printf(&r->note, "; %s wins the cut and the pot of %s", st->p[r->cut].name, GROUPED(pot));
	} else {
		if (c->tie == TIE_CARRY_ADD)
			sb_printf(&r->note, "; the game is undecided: carry the pot of %s to the next game, everyone adding a"
			    " new stake (-o carry_pot=%ld -o carry_stake=1)", GROUPED(pot), pot);
		else
			sb_printf(&r->note, "; the game is undecided: carry the pot of %s to the next game, nothing added"
			    " (-o carry_pot=%ld)", GROUPED(pot), pot);
	}
	return ST_OK;
}

/* 5. The end (RULES 7.4): the last player in takes the pot, or the final
 * tie's remedy. */
static enum status
end_of_game(struct game_state *st, const struct chase *c, struct round *r, struct diag *d)
{
	int left = 0, last = -1;
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out) {
			left++;
			last = i;
		}
	if (left == 0)
		return settle_final_tie(st, c, r, d);
	if (left > 1)
		return ST_OK;
	long pot = ledger_balance(st->ledger, LEDGER_POT);
	enum status rc = ledger_move(st->ledger, r->hand, LEDGER_POT, LEDGER_PILE(last), pot, R_POT_WON, d);
	if (rc != ST_OK)
		return rc;
	st->p[last].winner = 1;
	st->over = 1;
	sb_printf(&r->note, "; %s takes the pot of %s and wins", st->p[last].name, GROUPED(pot));
	return ST_OK;
}

/* 6. Record the round, with the sheet's note of who lost. */
static void
record_round(struct game_state *st, struct round *r)
{
	char label[32];
	struct strbuf sn = {0};
	snprintf(label, sizeof label, "round %d", r->hand);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < st->nplayers; i++) {
		hr->detail[i] = r->detail[i];
		r->detail[i] = NULL;
	}
	hr->note = r->note.len ? sb_take(&r->note) : NULL;
	if (r->low == 0 || r->nlose == 0)
		sb_add(&sn, "void");
	else
		for (int i = 0; i < st->nplayers; i++)
			if (r->loses[i])
				sb_printf(&sn, "%s%s loses", sn.len ? ", " : "", st->p[i].name);
	hr->sheet_note = sb_take(&sn);
}

/* A round, in the order RULES 7 gives. */
static enum status
chase_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	struct chase *c = st->priv;
	int n = st->nplayers;
	struct round r;
	memset(&r, 0, sizeof r);
	r.rank = xcalloc((size_t)n, sizeof *r.rank);
	r.loses = xcalloc((size_t)n, sizeof *r.loses);
	r.detail = xcalloc((size_t)n, sizeof *r.detail);
	r.hand = st->nhands + 1;
	r.cut = -1;
	enum status rc = read_cards(st, c, e, &r, d);
	if (rc == ST_OK) {
		find_losers(st, c, &r);
		rc = check_claims(st, c, e, &r, d);
	}
	if (rc == ST_OK)
		rc = final_tie(st, c, &r, d);
	if (rc == ST_OK)
		rc = lose_lives(st, c, &r, d);
	if (rc == ST_OK)
		rc = end_of_game(st, c, &r, d);
	if (rc == ST_OK) {
		record_round(st, &r);
		if (!st->over)
			st->dealer = rules_next_active(st, st->dealer);
	}
	for (int i = 0; i < n; i++)
		free(r.detail[i]);
	free(r.detail);
	free(r.rank);
	free(r.loses);
	sb_release(&r.note);
	return rc;
}

static void
chase_describe_next(const struct game_state *st, char *buf, size_t size)
{
	if (st->over || st->closed)
		snprintf(buf, size, "game over");
	else
		snprintf(buf, size, "round %d (dealer %s)", st->nhands + 1, st->p[st->dealer].name);
}

static void
chase_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Round %d", n);
}

static int
chase_sheet_rows(const struct optset *o, int nplayers)
{
	/* a round costs at most one life (the lowest unmatched card), so the
	 * game lasts until all but one have lost every life, and the last
	 * may have lost all but one: (n - 1) x lives + lives - 1 rounds */
	long lives = options_int(o, "lives", 3);
	long most = (long)(nplayers > 1 ? nplayers : 2) * lives - 1;
	return (int)(most < 1000 ? most : 1000);
}

static void
chase_notes(const struct game_state *st, struct strbuf *sb)
{
	int any = 0;
	for (int o = 1; o <= st->nplayers; o++)
		for (int i = 0; i < st->nplayers; i++)
			if (st->p[i].out && st->p[i].out_order == o)
				sb_printf(sb, "%s%s", any++ ? ", " : "out, in order: ", st->p[i].name);
	if (any)
		sb_addc(sb, '\n');
	/* the pot won lies apart from the lives (the ledger's pile) */
	any = 0;
	for (int i = 0; i < st->nplayers; i++)
		if (st->p[i].pile > 0)
			sb_printf(sb, "%s%s %s", any++ ? ", " : "pot won (dimes, apart from the lives): ", st->p[i].name,
			    GROUPED(st->p[i].pile));
	if (any)
		sb_addc(sb, '\n');
}

static int
chase_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	(void)answers;
	int s = rules_seat_from_left(st, k);
	if (s < 0)
		return 0;
	rules_guide_set(g, s, GUIDE_VALUE, 0, st->p[s].name, "%s: the card held at the end", st->p[s].name);
	return 1;
}

static void
chase_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct chase *c = st->priv;
	snprintf(buf, size, "%d pack%s, one card each; the dealer may swap with a card cut from the stock",
	    c->packs, plural_s(c->packs));
}

/* the lives, and apart from them the dimes won from the pot */
static const struct column chase_columns[] = {
	{ "lives", "lives", COLUMN_NUMBER, NULL, state_lives, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	/* dimes: on the pad "pot won at 10¢" (RULES.md 7.4) */
	{ "won", "pot won", COLUMN_NUMBER, NULL, state_pile, SHEET_LINE, 0, COUNTS_MONEY, NULL, 10 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* The pot won, in dimes (RULES.md 7.4: the last player with dimes wins
 * the pot). */
static const struct highlight chase_highlights[] = {
	{ "won", "dimes won from the pot" },
	{ NULL, NULL }
};

/* The lives are dimes (RULES 7.1: "3 dimes each"), and so is the pot. */
static long
cta_stake_cents(const struct optset *o)
{
	(void)o;
	return 10;
}

/* After a checkpoint (core/checkpoint.h): the order the next player out
 * takes follows the players out before, whose places the state keeps. */
static void
chase_resume(struct game_state *st)
{
	struct chase *c = st->priv;
	c->out_count = state_last_out(st);
}

const struct game_rules chase_ace_rules = {
	.version = 1,
	.name = "chase-ace",
	.words.pot_name = "pot",
	.title = "Chase the Ace",
	.opt_prefix = "cta",
	.min_players = 2,
	.max_players = 51,
	.players_rule = "each holds one card of one 52-card pack (RULES.md section 7.1 allows 2 to 51)",
	.options = chase_options,
	.roles = chase_roles,
	.methods.resolve_options = chase_resolve_options,
	.words.summary =
	    "Everyone starts with 3 dimes (lives) and gets one card; kings high, aces\n"
	    "low.  In turn from the dealer's left each player keeps the card or makes\n"
	    "the left-hand neighbour swap (a king refuses); the dealer may swap with a\n"
	    "card cut from the stock.  Then the lowest card loses a dime into the pot.\n"
	    "By the table's rule equal cards cancel, so the lowest card nobody matches\n"
	    "loses, and if every card is matched nobody does.  No dimes left and you\n"
	    "are out; the last player in takes the pot (kept apart from their lives).\n"
	    "If the last players would all go out at once (cancel=none) the tie rule\n"
	    "decides; with split_pot they share the pot equally and any odd dimes\n"
	    "stay in the pot for the next game (-o carry_pot=N).",
	.words.entry_help =
	    "Every player still in: NAME=RANK (the card held at the end: A 2 ... 10 J Q K);\n"
	    "optional --loser NAME to check the table's call; --cut NAME when the last\n"
	    "players tie and final_tie_rule=cut_for_pot.",
	.words.example = "tally hand Ann=A Bob=A Cid=3 Dee=5 Eve=5 Fay=K",
	.score.scoring = SCORING_LIVES, /* the dimes are lives */
	.words.chips_name = "lives",
	.words.ledger_unit = "dimes", /* the chip journal: the lives are dimes on the table */
	.view.columns = chase_columns,
	.view.highlights = chase_highlights,
	.words.hand_word = "round",
	.sheet.sheet_template = "chase-ace",
	.methods.init = chase_init,
	.methods.apply = chase_apply,
	.methods.describe_next = chase_describe_next,
	.methods.free_priv = chase_free,
	.methods.seat_newcomer = chase_seat_newcomer,
	.methods.priv_size = sizeof(struct chase), /* a flat struct, copied to check a hand */
	.methods.checkpoint_priv = PRIV_FROM_OPTIONS,
	.methods.resume_priv = chase_resume,
	.sheet.hand_label = chase_hand_label,
	.sheet.sheet_rows = chase_sheet_rows,
	.view.notes = chase_notes,
	.sheet.sheet_note_label = "round",
	.table.guide = chase_guide,
	.table.deal_help = chase_deal_help,
	.score.stake_cents = cta_stake_cents,
	/* a late arrival buys in like everyone did: the lives and stake the
	 * options set, from the next round (RULES.md section 7) */
	.join.kind = JOIN_BUY_IN,
};
