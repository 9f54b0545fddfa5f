/* SPDX-License-Identifier: ISC */
/*
 * account.c: Account, Dave Barber's shedding game (RULES.md section 1; seed
 * 000_0ffbf05dc60bdca7.txt, sections 3, 4, 6 and 7).
 *
 * A hand is one retirement: a player deposits their last cards and scores the
 * number of cards the others still in the deal hold.  When one player is
 * left the deal ends and that player scores 0; the next hand starts a new
 * deal.  Totals run over the session and the highest total wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

struct account {
	long cards;          /* C: cards in play, jokers included */
	long start_trash;    /* leftovers recorded as the starting trash */
	long trash;          /* the most the trash was said to hold in this deal */
	int check;           /* decreasing_check: 0 off, 1 warn, 2 error */
	long deals;          /* session_deals, 0 = open-ended */
	int deal;            /* the deal in progress (1-based) */
	int event;           /* retirements so far in this deal */
	long last_score;     /* the previous retiree's score in this deal */
	int *retired;        /* retirement order within the deal (0 = in play) */
};

/* Cards in the named pack (RULES 1.5), or -1 when the name is unknown. */
static long
pack_cards(const char *v)
{
	static const struct { const char *name; long cards; } packs[] = {
		{ "standard52", 52 }, { "pack_and_half78", 78 }, { "pinochle48", 48 },
		{ "rook56", 56 }, { "german_or_french32", 32 },
		{ "spanish_or_italian(10)", 40 }, { "spanish_or_italian(12)", 48 },
	};
	long n;
	for (size_t i = 0; i < ARRAY_LEN(packs); i++)
		if (str_ieq(v, packs[i].name))
			return packs[i].cards;
	if (strncmp(v, "reduced_ranks(", 14) == 0 && v[strlen(v) - 1] == ')') {
		char *num = xstrndup(v + 14, strlen(v) - 15);
		int ok = parse_long(num, 1, 13, &n);
		free(num);
		return ok ? 4 * n : -1;
	}
	return -1;
}

static int
check_pack(const char *v)
{
	return pack_cards(v) > 0;
}

static const struct option_def account_options[] = {
	{ "pack", OPT_TEXT, "standard52|pack_and_half78|reduced_ranks(N)|spanish_or_italian(10)|spanish_or_italian(12)|german_or_french32|rook56|pinochle48", "standard52", 0, "the pack; every player must be dealt the same number of cards", check_pack, NULL },
	{ "packs", OPT_INT, "1..4", "1", 0, "packs shuffled together (seven players: 2 packs and 1 joker)", NULL, NULL },
	{ "jokers", OPT_INT, "0..8", "0", 0, "jokers added (1 makes 105 cards for 7 players with two packs)", NULL, NULL },
	{ "joker_with_other_cards", OPT_BOOL, "true|false", "false", 1, "a joker may join a deposit of other cards", NULL, NULL },
	{ "jokers_together", OPT_BOOL, "true|false", "false", 1, "several jokers may be deposited together", NULL, NULL },
	{ "mau_mau_rules", OPT_TEXT, "none|LIST", "none", 1, "non-drawing Mau-Mau special cards the table uses", NULL, NULL },
	{ "decreasing_check", OPT_ENUM, "off|warn|error", "warn", 0, "a retiree scoring no less than the one before (possible after withdrawals)", NULL, NULL },
	{ "session_deals", OPT_INT, "none|1..1000", "none", 0, "deals in the session (e.g. one per seat); none = until 'tally end'", NULL, NULL },
	{ "starting_trash", OPT_INT, "0..100", "0", 0, "cards left over after the deal, put in the trash at the start", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct role_def account_roles[] = {
	{ "out", ROLE_PLAYER, "the player who deposited their last cards and retires" },
	{ "trash", ROLE_VALUE, "optional: cards in the trash pile at that moment" },
	{ NULL, 0, NULL }
};

static enum status
account_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	long cards = pack_cards(options_get(o, "pack")) * options_int(o, "packs", 1);
	long c = cards + options_int(o, "jokers", 0) - options_int(o, "starting_trash", 0);
	if (c <= 0 || c % nplayers != 0)
		return diag_set(d, ST_USAGE, NULL, NULL, "pack",
		    "%ld cards (pack %s, %ld jokers, %ld left over) cannot be dealt evenly to %d players; "
		    "change -o pack, -o packs, -o jokers or -o starting_trash",
		    cards + options_int(o, "jokers", 0), options_get(o, "pack"), options_int(o, "jokers", 0),
		    options_int(o, "starting_trash", 0), nplayers);
	return ST_OK;
}

static enum status
account_init(struct game_state *st, struct diag *d)
{
	(void)d;
	struct account *a = xcalloc(1, sizeof *a);
	const struct optset *o = &st->opts;
	a->cards = pack_cards(options_get(o, "pack")) * options_int(o, "packs", 1) + options_int(o, "jokers", 0);
	a->start_trash = options_int(o, "starting_trash", 0);
	a->trash = a->start_trash;
	a->check = options_is(o, "decreasing_check", "off") ? 0 : options_is(o, "decreasing_check", "error") ? 2 : 1;
	a->deals = options_int(o, "session_deals", 0);
	a->deal = 1;
	a->retired = xcalloc((size_t)st->nplayers, sizeof *a->retired);
	st->priv = a;
	return ST_OK;
}

static void
account_free(void *priv)
{
	struct account *a = priv;
	free(a->retired);
	free(a);
}

/* A copy of the state to check a hand against (rules.h). */
static void *
account_clone(const void *priv, int nplayers)
{
	struct account *a = xmemdup(priv, sizeof *a);
	a->retired = xmemdup(a->retired, (size_t)nplayers * sizeof *a->retired);
	return a;
}

/* The retiree (--out, exactly one, holding nothing) and the trash
 * (RULES 1.2, 1.4). */
static enum status
read_retiree(const struct game_state *st, const struct account *a, const struct hand_entry *e, int *out,
    long *trash, struct diag *d)
{
	const struct entry_role *tr = entry_role(e, "trash");
	int nout = 0;
	for (int r = 0; r < e->nroles; r++)
		if (strcmp(e->roles[r].def->name, "out") == 0) {
			*out = e->roles[r].seat;
			nout++;
		}
	if (nout != 1)
		return diag_set(d, ST_RULE, nout ? st->p[*out].name : NULL, "--out", "rule 1.4",
		    "name the one player who retires with --out (%d named)", nout);
	if (entry_get(e, *out, NULL))
		return diag_set(d, ST_RULE, st->p[*out].name, entry_get(e, *out, NULL), "rule 1.4",
		    "%s retires with no cards; enter the others' counts", st->p[*out].name);
	if (tr && (!parse_long(tr->value, 0, 10000, trash) || *trash < a->start_trash))
		return diag_set(d, ST_RULE, NULL, tr->value, "rule 1.4",
		    "--trash %s: the trash holds a whole number of cards, at least the %ld left over at the deal",
		    tr->value, a->start_trash);
	/* seed 000 section 5: "Once a card is in the trash pile, it stays
	 * there": within a deal the trash never shrinks */
	if (tr && *trash < a->trash)
		return diag_set(d, ST_RULE, NULL, tr->value, "rule 1.4",
		    "--trash %s: the trash held %ld cards at an earlier retirement of this deal, and a card in the"
		    " trash stays there", tr->value, a->trash);
	if (!tr)
		*trash = a->trash;
	return ST_OK;
}

/* The retiree's score (RULES 1.3): the cards the others still hold, at
 * least one each; what was entered is checked before what is missing.
 * *still counts the players still in besides the retiree. */
static enum status
count_cards(const struct game_state *st, const struct hand_entry *e, int out, long *score, int *still,
    struct diag *d)
{
	int missing = -1;
	for (int i = 0; i < st->nplayers; i++) {
		const char *v = entry_get(e, i, NULL);
		long c;
		if (st->p[i].out || i == out)
			continue;
		(*still)++;
		if (v == NULL) {
			if (missing < 0)
				missing = i;
			continue;
		}
		if (!parse_long(v, -100000, 100000, &c))
			return diag_set(d, ST_USAGE, st->p[i].name, v, "entry", "%s: '%s' is not a number of cards",
			    st->p[i].name, v);
		if (c < 1)
			return diag_set(d, ST_RULE, st->p[i].name, v, "rule 1.4",
			    "%s still in play holds at least 1 card (emptying the hand is retiring), not %ld",
			    st->p[i].name, c);
		*score += c;
	}
	if (missing >= 0)
		return diag_set(d, ST_RULE, st->p[missing].name, NULL, "rule 1.4",
		    "%s is still in the deal: enter the cards %s holds", st->p[missing].name, st->p[missing].name);
	return ST_OK;
}

/* The counts fit the cards in play, and (decreasing_check, RULES 1.5)
 * each retiree scores less than the one before. */
static enum status
check_score(const struct game_state *st, const struct account *a, int out, long score, long trash,
    struct warnings *w, struct diag *d)
{
	if (score > a->cards - 1 - trash)
		return diag_set(d, ST_RULE, st->p[out].name, NULL, "rule 1.4",
		    "the counts add up to %ld, but at most %ld cards can be in hands (%ld in play, %ld in the trash, "
		    "at least %s's last deposit on the account pile)", score, a->cards - 1 - trash, a->cards,
		    trash, st->p[out].name);
	if (a->event + 1 > 1 && score >= a->last_score && a->check == 2)
		return diag_set(d, ST_RULE, st->p[out].name, NULL, "decreasing_check",
		    "%s scores %s, not less than the previous retiree's %s (option decreasing_check=error)",
		    st->p[out].name, GROUPED(score), GROUPED(a->last_score));
	if (a->event + 1 > 1 && score >= a->last_score && a->check)
		warnings_add(w, "%s scores %s after %s: non-decreasing retiree scores are only possible if "
		    "withdrawals occurred", st->p[out].name, GROUPED(score), GROUPED(a->last_score));
	return ST_OK;
}

/* One player left: the deal ends, that player scores 0, everyone is back
 * in; after the session's deals the highest total wins (RULES 1.3, 1.5). */
static void
end_of_deal(struct game_state *st, struct account *a, struct hand_record *hr, int out, long score)
{
	int n = st->nplayers;
	for (int i = 0; i < n; i++)
		if (!st->p[i].out) {
			hr->note = xasprintf("%s retires with %s; %s is left and scores 0; deal %d is over",
			    st->p[out].name, GROUPED(score), st->p[i].name, a->deal);
			free(hr->detail[i]);
			hr->detail[i] = xstrdup("last, 0");
		}
	for (int i = 0; i < n; i++) {
		st->p[i].out = 0;
		st->p[i].out_order = 0;
		a->retired[i] = 0;
	}
	a->event = 0;
	a->last_score = 0;
	a->trash = a->start_trash;  /* a new deal: the trash is what the deal left over */
	st->dealer = (st->dealer + 1) % n;
	if (a->deals && a->deal >= a->deals)
		state_best_total_wins(st);
	a->deal++;
}

/* A retirement: the retiree scores the cards the others hold. */
static enum status
account_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	struct account *a = st->priv;
	int out = -1, still = 0, k = a->event + 1;
	long trash = a->start_trash, score = 0;
	char label[48];
	enum status rc = read_retiree(st, a, e, &out, &trash, d);
	if (rc != ST_OK || (rc = count_cards(st, e, out, &score, &still, d)) != ST_OK ||
	    (rc = check_score(st, a, out, score, trash, w, d)) != ST_OK)
		return rc;
	snprintf(label, sizeof label, "deal %d retirement %d", a->deal, k);
	struct hand_record *hr = state_add_hand(st, label);
	state_score(st, hr, out, score);
	hr->detail[out] = xasprintf("out, %s", GROUPED(score));
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out && i != out)
			hr->detail[i] = xasprintf("holds %s", entry_get(e, i, NULL));
	/* seed 000 section 4: "The depositor then retires from play"; the
	 * order out is the order of retirement within the deal (1st, 2nd...) */
	st->p[out].out = 1;
	st->p[out].out_order = k;
	a->trash = trash;
	a->retired[out] = k;
	a->event = k;
	a->last_score = score;
	if (still == 1)
		end_of_deal(st, a, hr, out, score);
	else
		hr->note = xasprintf("%s retires with %s", state_playing(st, out), GROUPED(score));
	return ST_OK;
}

static void
account_describe_next(const struct game_state *st, char *buf, size_t size)
{
	const struct account *a = st->priv;
	if (st->over || st->closed) {
		snprintf(buf, size, "game over");
		return;
	}
	struct strbuf sb = {0};
	for (int i = 0; i < st->nplayers; i++)
		if (!st->p[i].out)
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", st->p[i].name);
	snprintf(buf, size, "deal %d, retirement %d (in play: %s; dealer %s)", a->deal,
	    a->event + 1, sb.s, st->p[st->dealer].name);
	sb_release(&sb);
}

static void
account_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "%d", n);
}

static int
account_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	long deals = options_int(o, "session_deals", 4);
	return (int)(deals * 3 > 30 ? 30 : deals * 3);
}

static int
account_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	if (k == 0) {
		rules_guide_set(g, -1, GUIDE_ROLE, 0, "out", "who deposited their last cards?");
		return 1;
	}
	char **names = xmalloc(sizeof *names * (size_t)st->nplayers);
	struct diag d = {0};
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	int out = entry_find_player(answers[0], names, st->nplayers, &d);
	diag_clear(&d);
	free(names);
	int asked = 1;
	for (int i = 0; i < st->nplayers; i++) {
		if (st->p[i].out || i == out)
			continue;
		if (asked++ == k) {
			rules_guide_set(g, i, GUIDE_VALUE, 0, st->p[i].name, "%s: cards in hand", st->p[i].name);
			return 1;
		}
	}
	return 0;
}

static void
account_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const struct account *a = st->priv;
	snprintf(buf, size, "%s (%ld cards%s): %ld each%s; the account and trash piles start empty",
	    options_get(&st->opts, "pack"), a->cards, options_int(&st->opts, "jokers", 0) ? " with jokers" : "",
	    (a->cards - a->start_trash) / st->nplayers, a->start_trash ? ", the leftovers to the trash" : "");
}

const struct game_rules account_rules = {
	.version = 1,
	.name = "account",
	.title = "Account",
	.opt_prefix = "account",
	.min_players = 2,
	.max_players = 26,
	.players_rule = "it is for 2 or more (RULES.md section 1.1), and 26, 2 cards each of one pack, is tally's own limit",
	.options = account_options,
	.roles = account_roles,
	.methods.resolve_options = account_resolve_options,
	.words.summary =
	    "A shedding game.  Deal the whole pack evenly.  On a black card on the account\n"
	    "pile you deposit a higher rank, on a red card a lower one (one or more cards\n"
	    "of a rank), or you withdraw, sending a card to the trash.  Whoever deposits\n"
	    "their last cards retires and scores the number of cards the others still\n"
	    "hold; the last player left scores 0.  Play a deal per seat or as many as you\n"
	    "like: the highest total wins.",
	.words.entry_help =
	    "One retirement per hand: --out NAME and every other player still in the deal\n"
	    "with the cards held, NAME=COUNT.  Optional --trash N (cards in the trash).\n"
	    "When one player is left the deal ends by itself and the next one starts.",
	.words.example = "tally hand --out Bob Ann=5 Cid=2 Dee=7",
	.score.scoring = SCORING_HIGH,
	.score.out_scope = OUT_OF_DEAL, /* a player goes out of one deal only */
	.words.hand_word = "retirement",
	.substitutes = 1,       /* a substitute may take over a seat (tally sub) */
	.sheet.sheet_template = "account",
	.methods.init = account_init,
	.methods.apply = account_apply,
	.methods.describe_next = account_describe_next,
	.methods.free_priv = account_free,
	.methods.clone_priv = account_clone,
	.sheet.hand_label = account_hand_label,
	.sheet.sheet_rows = account_sheet_rows,
	.table.guide = account_guide,
	.table.deal_help = account_deal_help,
	.join.reason = "the whole pack is dealt evenly among the players who started (RULES.md section 1.1)",
};
