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
#include "../core/util.h"

enum tie_rule { TIE_SPLIT, TIE_REPLAY, TIE_CUT, TIE_CARRY_ADD, TIE_CARRY_NO_ADD };

struct chase {
	int lives, packs, cancel_none;
	enum tie_rule tie;
	int out_count;
};

static const struct option_def chase_options[] = {
	{ "lives", OPT_INT, "1..100", "3", 0, "dimes (lives) each player starts with", NULL },
	{ "cancel", OPT_ENUM, "all_matching|none", "all_matching", 0, "all_matching: equal cards cancel and the lowest unmatched card loses; none: every holder of the lowest card loses", NULL },
	{ "final_tie_rule", OPT_ENUM, "split_pot|replay|cut_for_pot|carry_forward_add_stakes|carry_forward_no_add", "replay", 0, "when the last players would all lose their last life at once (cancel=none); split_pot: they are joint winners and share the pot equally, the odd dimes staying in the pot for the next game", NULL },
	{ "king_rule", OPT_ENUM, "blocks_exchange|no_effect|dealt_kings_shown_no_trading|shown_king_stops_trading", "blocks_exchange", 1, "what a king does to the exchanges", NULL },
	{ "dealer_cut_king_kept_out", OPT_BOOL, "true|false", "true", 1, "a dealer who cuts a king keeps the original card", NULL },
	{ "queen_redirect", OPT_BOOL, "true|false", "false", 1, "a queen sends the exchange to the asker's right", NULL },
	{ "jack_block", OPT_BOOL, "true|false", "false", 1, "a jack refuses the exchange", NULL },
	{ "packs", OPT_INT, "1..4", "1", 0, "packs shuffled together", NULL },
	{ "carry_pot", OPT_INT, "0..100000", "0", 0, "dimes carried into this game's pot from an undecided game", NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL }
};

static const struct role_def chase_roles[] = {
	{ "loser", ROLE_PLAYER, "who the table says lost (checked against the cards)" },
	{ "cut", ROLE_PLAYER, "with final_tie_rule=cut_for_pot: who won the cut" },
	{ NULL, 0, NULL }
};

static enum status
chase_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	long packs = opt_int(o, "packs", 1);
	if (nplayers > 52 * packs - 1)
		return diag_set(d, ST_USAGE, NULL, NULL, "rule 7.3",
		    "%d players need more than %ld pack%s: the dealer must be able to cut from the stock",
		    nplayers, packs, plural_s(packs));
	return ST_OK;
}

static enum status
chase_init(struct game_state *st, struct diag *d)
{
	(void)d;
	static const char *const ties[] = { "split_pot", "replay", "cut_for_pot",
		"carry_forward_add_stakes", "carry_forward_no_add" };
	const struct optset *o = &st->opts;
	struct chase *c = xcalloc(1, sizeof *c);
	c->lives = (int)opt_int(o, "lives", 3);
	c->packs = (int)opt_int(o, "packs", 1);
	c->cancel_none = opt_is(o, "cancel", "none");
	c->tie = TIE_REPLAY;
	for (int i = 0; i < 5; i++)
		if (opt_is(o, "final_tie_rule", ties[i]))
			c->tie = (enum tie_rule)i;
	struct ledger *l = state_use_ledger(st);
	for (int i = 0; i < st->nplayers; i++)
		ledger_open(l, LEDGER_BANK(i), c->lives);
	ledger_open(l, LEDGER_POT, opt_int(o, "carry_pot", 0));
	st->priv = c;
	return ST_OK;
}

static void
chase_free(void *priv)
{
	free(priv);
}

/* Rank order, low to high: A 2 ... 10 J Q K (the card's own number). */

static enum status
chase_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	struct chase *c = st->priv;
	struct ledger *l = st->ledger;
	int n = st->nplayers, hand = st->nhands + 1;
	int *rank = xcalloc((size_t)n, sizeof *rank);
	int *loses = xcalloc((size_t)n, sizeof *loses);
	char **detail = xcalloc((size_t)n, sizeof *detail);
	int count[15] = {0};
	struct card_count cc;
	struct strbuf note = {0};
	enum status rc = ST_OK;
	char label[32];
	int active = 0, nlose = 0, cut = -1, missing = -1;

	memset(&cc, 0, sizeof cc);
	for (int i = 0; i < n; i++) {
		const char *v = entry_get(e, i, NULL), *name = st->p[i].name;
		struct card card[2];
		int nc;
		if (st->p[i].out)
			continue;
		active++;
		if (v == NULL) {
			if (missing < 0)
				missing = i; /* reported after what was entered */
			continue;
		}
		if ((rc = cards_parse(v, name, card, 2, &nc, d)) != ST_OK)
			goto done;
		if (nc != 1) {
			rc = diag_set(d, ST_RULE, name, v, "one card",
			    "%s: enter the one card held at the end, not %d", name, nc);
			goto done;
		}
		if ((rc = cards_count_add(&cc, card, 1, c->packs, 0, name, d)) != ST_OK)
			goto done;
		rank[i] = card[0].rank;
		count[rank[i]]++;
		detail[i] = cards_format_list(card, 1, 1);
	}

	if (missing >= 0) {
		rc = diag_set(d, ST_RULE, st->p[missing].name, NULL, "every player",
		    "%s: no card entered; every player still in enters %s=RANK", st->p[missing].name,
		    st->p[missing].name);
		goto done;
	}
	/* who loses (RULES 7.2) */
	int low = 0;
	for (int r = RANK_A; r <= RANK_K && !low; r++)
		if (count[r] > 0 && (c->cancel_none || count[r] == 1))
			low = r;
	for (int i = 0; i < n && low; i++)
		if (!st->p[i].out && rank[i] == low) {
			loses[i] = 1;
			nlose++;
		}

	/* the table's claim must match the cards */
	int nclaim = 0;
	for (int r = 0; r < e->nroles; r++) {
		const struct entry_role *ro = &e->roles[r];
		if (strcmp(ro->def->name, "cut") == 0) {
			if (cut >= 0) {
				rc = diag_set(d, ST_RULE, st->p[ro->seat].name, "--cut", "final_tie_rule",
				    "only one player wins the cut");
				goto done;
			}
			cut = ro->seat;
			continue;
		}
		nclaim++;
		if (!loses[ro->seat]) {
			rc = diag_set(d, ST_RULE, st->p[ro->seat].name, "--loser", "rule 7.2",
			    low ? "%s is said to lose, but the cards say %s%s%s"
			        : "%s is said to lose, but every card was matched: nobody loses this round%s%s%s",
			    st->p[ro->seat].name, low ? "the " : "", low ? card_rank_name(low) : "",
			    low ? " loses" : "");
			goto done;
		}
	}
	if (nclaim > 0 && nclaim != nlose) {
		rc = diag_set(d, ST_RULE, NULL, "--loser", "rule 7.2",
		    "the cards make %d loser%s, %d named", nlose, plural_s(nlose), nclaim);
		goto done;
	}
	if (!c->cancel_none && nlose > 1) {
		rc = diag_set(d, ST_INTERNAL, NULL, NULL, "rule 7.3",
		    "internal error: %d losers with matching cards cancelling", nlose);
		goto done;
	}

	/* would the last players all go out together? (RULES 7.4) */
	int survivors = 0;
	for (int i = 0; i < n; i++)
		if (!st->p[i].out && !(loses[i] && ledger_balance(l, LEDGER_BANK(i)) <= 1))
			survivors++;
	int final_tie = nlose > 0 && survivors == 0;
	if (cut >= 0 && !(final_tie && c->tie == TIE_CUT)) {
		rc = diag_set(d, ST_RULE, st->p[cut].name, "--cut", "final_tie_rule",
		    "%s: --cut is only for the last players tying with final_tie_rule=cut_for_pot",
		    st->p[cut].name);
		goto done;
	}
	if (low == 0)
		sb_add(&note, "every card matched: a void round, nobody loses");
	else if (final_tie && c->tie == TIE_REPLAY) {
		sb_printf(&note, "the last %d players tie on their last life: they keep it and deal again", nlose);
		nlose = 0;
		memset(loses, 0, sizeof *loses * (size_t)n);
	} else if (final_tie && c->tie == TIE_CUT && (cut < 0 || !loses[cut])) {
		rc = diag_set(d, ST_RULE, cut >= 0 ? st->p[cut].name : NULL, "--cut", "final_tie_rule",
		    "the last players tie on their last life: name the one who won the cut with --cut P");
		goto done;
	}

	/* a dime into the pot for each loser; no dimes left = out */
	int order_no = c->out_count + 1, anyout = 0;
	for (int i = 0; i < n; i++) {
		if (!loses[i])
			continue;
		if ((rc = ledger_move(l, hand, LEDGER_BANK(i), LEDGER_POT, 1, LR_LIFE_LOST, d)) != ST_OK)
			goto done;
		sb_printf(&note, "%s%s loses a life with %s", note.len ? "; " : "", st->p[i].name,
		    card_rank_name(rank[i]));
		if (ledger_balance(l, LEDGER_BANK(i)) == 0) {
			st->p[i].out = 1;
			st->p[i].out_order = order_no;
			anyout = 1;
			sb_add(&note, " and is out");
		}
	}
	if (anyout)
		c->out_count = order_no;

	/* the end: the last player in, or the final tie's remedy */
	int left = 0, last = -1;
	for (int i = 0; i < n; i++)
		if (!st->p[i].out) {
			left++;
			last = i;
		}
	if (left == 1) {
		long pot = ledger_balance(l, LEDGER_POT);
		if ((rc = ledger_move(l, hand, LEDGER_POT, LEDGER_PILE(last), pot, LR_POT_WON, d)) != ST_OK)
			goto done;
		st->p[last].winner = 1;
		st->over = 1;
		sb_printf(&note, "; %s takes the pot of %ld and wins", st->p[last].name, pot);
	} else if (left == 0) {
		long pot = ledger_balance(l, LEDGER_POT);
		st->over = 1;
		if (c->tie == TIE_SPLIT) {
			long share = pot / nlose;
			for (int i = 0; i < n && rc == ST_OK; i++)
				if (loses[i]) {
					rc = ledger_move(l, hand, LEDGER_POT, LEDGER_PILE(i), share, LR_POT_SPLIT, d);
					st->p[i].winner = 1;
				}
			if (rc != ST_OK)
				goto done;
			/* the seed: "split the pot equally"; RULES 0: the quotient is
			 * truncated, and the odd dimes stay in the pot for the next game */
			sb_printf(&note, "; they are joint winners and share the pot of %ld, %ld each", pot, share);
			if (pot % nlose)
				sb_printf(&note, "; the odd %s in the pot for the next game (-o carry_pot=%ld)",
				    pot % nlose == 1 ? "dime stays" : "dimes stay", pot % nlose);
		} else if (c->tie == TIE_CUT) {
			if ((rc = ledger_move(l, hand, LEDGER_POT, LEDGER_PILE(cut), pot, LR_POT_WON, d)) != ST_OK)
				goto done;
			st->p[cut].winner = 1;
			sb_printf(&note, "; %s wins the cut and the pot of %ld", st->p[cut].name, pot);
		} else {
			sb_printf(&note, "; the game is undecided: carry the pot of %ld to the next game (-o carry_pot=%ld)%s",
			    pot, pot, c->tie == TIE_CARRY_ADD ? ", everyone adding a new stake" : "");
		}
	}

	snprintf(label, sizeof label, "round %d", hand);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < n; i++) {
		hr->detail[i] = detail[i];
		detail[i] = NULL;
	}
	hr->note = note.len ? sb_take(&note) : NULL;
	{
		struct strbuf sn = {0};
		if (low == 0 || nlose == 0)
			sb_add(&sn, "void");
		else
			for (int i = 0; i < n; i++)
				if (loses[i])
					sb_printf(&sn, "%s%s loses", sn.len ? ", " : "", st->p[i].name);
		hr->summary = sb_take(&sn);
	}
	if (!st->over)
		st->dealer = rules_next_active(st, st->dealer);
done:
	for (int i = 0; i < n; i++)
		free(detail[i]);
	free(detail);
	free(rank);
	free(loses);
	sb_free(&note);
	(void)active;
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
chase_sheet_rows(const struct optset *o)
{
	(void)o;
	return 20;
}

static void
chase_print_extra(const struct game_state *st, FILE *f)
{
	int any = 0;
	for (int o = 1; o <= st->nplayers; o++)
		for (int i = 0; i < st->nplayers; i++)
			if (st->p[i].out && st->p[i].out_order == o)
				fprintf(f, "%s%s", any++ ? ", " : "out, in order: ", st->p[i].name);
	if (any)
		fputc('\n', f);
	/* the pot won lies apart from the lives (the ledger's pile) */
	any = 0;
	for (int i = 0; i < st->nplayers; i++)
		if (st->p[i].pile > 0)
			fprintf(f, "%s%s %ld", any++ ? ", " : "pot won (dimes, apart from the lives): ", st->p[i].name,
			    st->p[i].pile);
	if (any)
		fputc('\n', f);
}

static int
chase_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	(void)answers;
	int s = rules_seat_from_left(st, k);
	if (s < 0)
		return 0;
	guide_set(g, s, GUIDE_VALUE, 0, st->p[s].name, "%s: the card held at the end", st->p[s].name);
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
	{ "lives", "lives", COLUMN_NUMBER, NULL, column_lives },
	{ "won", NULL, COLUMN_NUMBER, NULL, column_pile },
	{ NULL, NULL, 0, NULL, NULL }
};

const struct game_rules chase_ace_rules = {
	.version = 1,
	.name = "chase-ace",
	.pot_name = "pot",
	.title = "Chase the Ace",
	.opt_prefix = "cta",
	.min_players = 2,
	.max_players = 51,
	.options = chase_options,
	.roles = chase_roles,
	.resolve_options = chase_resolve_options,
	.summary =
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
	.entry_help =
	    "Every player still in: NAME=RANK (the card held at the end: A 2 ... 10 J Q K);\n"
	    "optional --loser NAME to check the table's call; --cut NAME when the last\n"
	    "players tie and final_tie_rule=cut_for_pot.",
	.example = "tally hand Ann=A Bob=A Cid=3 Dee=5 Eve=5 Fay=K",
	.scoring = SCORING_LIVES, /* the dimes are lives */
	.chips_name = "lives",
	.columns = chase_columns,
	.hand_word = "round",
	.sheet_template = "chase-ace",
	.init = chase_init,
	.apply = chase_apply,
	.describe_next = chase_describe_next,
	.free_priv = chase_free,
	.priv_size = sizeof(struct chase), /* a flat struct, copied to check a hand */
	.hand_label = chase_hand_label,
	.sheet_rows = chase_sheet_rows,
	.print_extra = chase_print_extra,
	.sheet_note_label = "round",
	.guide = chase_guide,
	.deal_help = chase_deal_help,
};
