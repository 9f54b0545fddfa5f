/* SPDX-License-Identifier: ISC */
/*
 * accordion.c: the Accordion patience family (RULES.md section 2; seed
 * 001_44acccfaf89d9f81.txt): Accordion itself (full or compacted deal),
 * Royal Marriage, Push Pin, Double Jump, French Solitaire and Concertina.
 * They differ only in what is counted at the end, its range, its parity and
 * what counts as a win, so one table describes them all; each is its own
 * game on the command line, with its own history.  Cribbage Solitaire, which
 * is scored, lives in cribbage_solitaire.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/util.h"
#include "patience.h"

struct variant {
	const char *unit;  /* "piles" or "cards" */
	const char *one;   /* "pile" or "card" */
	int min, max;      /* the range of the count (ERROR outside) */
	int even;          /* cards leave in pairs: the count is even */
	int win;           /* the count that wins */
	const char *odds;  /* published odds, from the seed */
};

enum { V_ACCORDION, V_ROYAL, V_PUSHPIN, V_DOUBLE, V_FRENCH, V_CONCERTINA };

static const struct variant variants[] = {
	[V_ACCORDION] = { "piles", "pile", 1, 52, 0, 1, "compacted deal about 0.05% (seed); a full deal is not given" },
	[V_ROYAL] = { "cards", "card", 2, 52, 0, 2, "about 19% (seed)" },
	[V_PUSHPIN] = { "cards", "card", 2, 104, 0, 2, "about 0.05% (seed)" },
	[V_DOUBLE] = { "cards", "card", 2, 52, 1, 2, "about 0.04% (seed)" },
	[V_FRENCH] = { "cards", "card", 2, 52, 0, 2, "about 0.5% (seed)" },
	[V_CONCERTINA] = { "cards", "card", 2, 52, 1, 2, NULL },
};

struct accordion {
	struct patience_tally tally; /* first: patience.c reads it */
	int v;
	long soft;   /* Accordion: a soft win at this many piles or fewer; 0 = none */
	int soft_counts; /* a soft win counts as a win (seed 001: "many players consider
	                  * the game a victory" with five or fewer piles) */
};

static const struct option_def accordion_options[] = {
	{ "deal_mode", OPT_ENUM, "full|compacted", "full", 1, "deal all 52 first, or play during the deal (compacted)", NULL, NULL },
	{ "soft_win_piles", OPT_INT, "none|1..52", "5", 0, "a loss with this many piles or fewer is reported as a soft win", NULL, NULL },
	{ "soft_win_counts", OPT_BOOL, "true|false", "false", 0, "a soft win counts as a win (results, wins, stats), as many players take it", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static const struct option_def no_options[] = {
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static enum status
init_variant(struct game_state *st, int v)
{
	struct accordion *a = xcalloc(1, sizeof *a);
	a->v = v;
	if (v == V_ACCORDION) {
		a->soft = options_int(&st->opts, "soft_win_piles", 0);
		a->soft_counts = options_bool(&st->opts, "soft_win_counts");
	}
	st->priv = a;
	return ST_OK;
}

#define INIT(fn, v) \
	static enum status fn(struct game_state *st, struct diag *d) { (void)d; return init_variant(st, v); }
INIT(init_accordion, V_ACCORDION)
INIT(init_royal, V_ROYAL)
INIT(init_pushpin, V_PUSHPIN)
INIT(init_double, V_DOUBLE)
INIT(init_french, V_FRENCH)
INIT(init_concertina, V_CONCERTINA)

static void
accordion_free(void *priv)
{
	free(priv);
}

/* Check one player's result; on ST_OK *won and *detail are set. */
static enum status
check_result(const struct game_state *st, const struct accordion *a, const struct hand_entry *e,
    int seat, const char *v, int *won, long *left, char **detail, struct diag *d)
{
	const struct variant *var = &variants[a->v];
	const char *name = st->p[seat].name;
	long r, deals = 1, first = 0;
	if (!parse_long(v, -1000, 1000, &r))
		return diag_set(d, ST_USAGE, name, v, "entry", "%s: '%s' is not a number of %s left", name, v, var->unit);
	if (r < var->min || r > var->max)
		return diag_set(d, ST_RULE, name, v, "rule 2.2",
		    "%s: %s left must be %d to %d, not %ld", name, var->unit, var->min, var->max, r);
	if (var->even && r % 2)
		return diag_set(d, ST_RULE, name, v, "rule 2.2",
		    "%s: cards leave in pairs, so an even number is left, not %ld", name, r);
	if (a->v == V_ROYAL) {
		const char *sv = entry_get(e, seat, "survivors");
		if (sv) {
			struct card c[4];
			int n;
			enum status rc = cards_parse(sv, name, c, 4, &n, d);
			if (rc != ST_OK)
				return rc;
			int q = 0, k = 0;
			for (int i = 0; i < n; i++) {
				q += c[i].rank == RANK_Q && c[i].suit == SUIT_H;
				k += c[i].rank == RANK_K && c[i].suit == SUIT_H;
			}
			if (n != 2 || r != 2 || q != 1 || k != 1)
				return diag_set(d, ST_RULE, name, sv, "rule 2.2",
				    "%s: the two cards that can survive Royal Marriage are Q♥ and K♥ (at the ends), not %s",
				    name, sv);
		}
	}
	if (a->v == V_FRENCH) {
		const char *dv = entry_get(e, seat, "deals"), *fv = entry_get(e, seat, "first");
		if (dv && !parse_long(dv, -100, 100, &deals))
			return diag_set(d, ST_USAGE, name, dv, "entry", "%s: deals must be 1 or 2", name);
		if (deals < 1 || deals > 2)
			return diag_set(d, ST_RULE, name, dv, "rule 2.2",
			    "%s: French Solitaire allows one redeal, so 1 or 2 deals, not %ld", name, deals);
		if (fv) {
			if (!parse_long(fv, 2, 52, &first))
				return diag_set(d, ST_RULE, name, fv, "rule 2.2",
				    "%s: cards left after the first deal must be 2 to 52", name);
			if (deals == 2 && first <= 2)
				return diag_set(d, ST_RULE, name, fv, "rule 2.2",
				    "%s: the second deal is only for a first deal that blocked with more than 2 cards", name);
			if (deals == 2 && r > first)
				return diag_set(d, ST_RULE, name, v, "rule 2.2",
				    "%s: the redeal only gathers the %ld cards the first deal left, so it "
				    "cannot leave more than %ld (not %ld)", name, first, first, r);
			if (deals == 1 && first != r)
				return diag_set(d, ST_RULE, name, fv, "rule 2.2",
				    "%s: with one deal, the cards left after it are the result (%ld, not %ld)", name, r, first);
		}
	}
	int soft = a->v == V_ACCORDION && a->soft && r <= a->soft && r != var->win;
	*won = r == var->win || (soft && a->soft_counts);
	*left = r;
	if (soft)
		*detail = xasprintf("%ld %s: soft win", r, plural(r, var->one, var->unit));
	else if (*won)
		*detail = xasprintf("%ld %s: win%s", r, plural(r, var->one, var->unit), deals == 2 ? " (2 deals)" : "");
	else
		*detail = xasprintf("%ld %s", r, plural(r, var->one, var->unit));
	return ST_OK;
}

static enum status
accordion_check(const struct game_state *st, const struct hand_entry *e, int seat, const char *v,
    int *won, long *points, long *left, char **detail, struct diag *d)
{
	enum status rc = check_result(st, st->priv, e, seat, v, won, left, detail, d);
	*points = *won; /* a deal scores its win */
	return rc;
}

static enum status
accordion_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	return patience_apply(st, e, accordion_check, d);
}

static void
accordion_notes(const struct game_state *st, struct strbuf *sb)
{
	const struct accordion *a = st->priv;
	patience_notes(st, sb, variants[a->v].odds);
}

#define PATIENCE_COMMON \
	.version = 1, \
	.min_players = 1, \
	.max_players = 12, \
	.players_rule = "a patience is one player's game that several may race at one deal (RULES.md section 2)," \
	    " and 12 is tally's own limit", \
	.words.hand_word = "round", \
	.score.scoring = SCORING_HIGH, \
	.sheet.sheet_template = "patience", \
	.methods.apply = accordion_apply, \
	.methods.describe_next = patience_describe_next, \
	.methods.free_priv = accordion_free, \
	.methods.priv_size = sizeof(struct accordion), \
	.sheet.hand_label = patience_hand_label, \
	.sheet.sheet_rows = patience_sheet_rows, \
	.view.notes = accordion_notes, \
	.view.columns = patience_columns, \
	.view.show_detail = 1, \
	.sheet.running_label = "wins", /* a deal scores its win: the running figure counts wins */ \
	.view.highlights = patience_highlights, \
	.view.hand_columns = patience_hand_columns, /* "left": the cards or piles left by each deal */ \
	.table.guide = patience_guide, \
	.table.deal_help = patience_deal_help

const struct game_rules accordion_rules = {
	PATIENCE_COMMON,
	.name = "accordion",
	.title = "Accordion",
	.opt_prefix = "accordion",
	.options = accordion_options,
	.methods.init = init_accordion,
	.words.summary =
	    "Deal the pack in a row.  A pile may be moved onto the pile next to it on the\n"
	    "left, or onto the pile three to the left, when their top cards match in suit\n"
	    "or rank; whole piles move.  One pile left is a win; five or fewer is counted\n"
	    "as a soft win.  In the compacted deal you play as you deal.",
	.words.entry_help = "Each player who played: NAME=PILES (piles left, 1 to 52).",
	.words.example = "tally hand Ann=4 Bob=1",
	.join.reason = PATIENCE_JOIN_REASON,
};

const struct game_rules royal_marriage_rules = {
	PATIENCE_COMMON,
	.name = "royal-marriage",
	.title = "Royal Marriage",
	.opt_prefix = "royal",
	.options = no_options,
	.fields = "survivors",
	.methods.init = init_royal,
	.words.summary =
	    "Q♥ first, the other 50 cards, K♥ last, in a row.  A card between two cards of\n"
	    "the same suit or rank is removed, and so are two cards between such a pair.\n"
	    "Win when only the Q♥ and K♥ are left, side by side.",
	.words.entry_help = "Each player who played: NAME=CARDS (cards left, 2 to 52); optional\n"
	    "NAME.survivors=\"QH KH\" for the last two.",
	.words.example = "tally hand Ann=2 Ann.survivors=\"QH KH\" Bob=14",
	.join.reason = PATIENCE_JOIN_REASON,
};

const struct game_rules push_pin_rules = {
	PATIENCE_COMMON,
	.name = "push-pin",
	.title = "Push Pin",
	.opt_prefix = "pushpin",
	.options = no_options,
	.methods.init = init_pushpin,
	.words.summary =
	    "Two packs, 104 cards in a row.  Remove a card, or two adjacent cards, that sit\n"
	    "between two cards of the same suit or rank.  Win with two cards left.",
	.words.entry_help = "Each player who played: NAME=CARDS (cards left, 2 to 104).",
	.words.example = "tally hand Ann=2",
	.join.reason = PATIENCE_JOIN_REASON,
};

const struct game_rules double_jump_rules = {
	PATIENCE_COMMON,
	.name = "double-jump",
	.title = "Double Jump",
	.opt_prefix = "doublejump",
	.options = no_options,
	.methods.init = init_double,
	.words.summary =
	    "The pack in a row.  Two adjacent cards between two cards of the same suit or\n"
	    "rank are removed together.  Win with two cards left.",
	.words.entry_help = "Each player who played: NAME=CARDS (cards left, an even number 2 to 52).",
	.words.example = "tally hand Ann=2 Bob=10",
	.join.reason = PATIENCE_JOIN_REASON,
};

const struct game_rules french_solitaire_rules = {
	PATIENCE_COMMON,
	.name = "french-solitaire",
	.title = "French Solitaire",
	.opt_prefix = "french",
	.options = no_options,
	.fields = "deals first",
	.methods.init = init_french,
	.words.summary =
	    "The pack in a row.  A card between two cards of the same suit or rank is\n"
	    "removed.  Blocked with more than two cards after the first deal, gather\n"
	    "those cards, shuffle and deal them once more (so the redeal never leaves\n"
	    "more than the first deal did).  Win with two cards left after one or two\n"
	    "deals.",
	.words.entry_help = "Each player who played: NAME=CARDS (cards left); NAME.deals=2 after a\n"
	    "redeal; optional NAME.first=N (cards left after the first deal).",
	.words.example = "tally hand Ann=2 Ann.deals=2",
	.join.reason = PATIENCE_JOIN_REASON,
};

const struct game_rules concertina_rules = {
	PATIENCE_COMMON,
	.name = "concertina",
	.title = "Concertina",
	.opt_prefix = "concertina",
	.options = no_options,
	.methods.init = init_concertina,
	.words.summary =
	    "The pack in a row.  When two cards of the same suit or rank enclose one card,\n"
	    "or two, the two enclosing cards are removed.  Win with two cards left.",
	.words.entry_help = "Each player who played: NAME=CARDS (cards left, an even number 2 to 52).",
	.words.example = "tally hand Ann=6",
	.join.reason = PATIENCE_JOIN_REASON,
};
