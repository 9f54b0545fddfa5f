/* SPDX-License-Identifier: ISC */
/*
 * pad.c: a plain score pad for any game tally has no rules for:
 * Hearts, Spades, Canasta, Oh Hell.  A hand is each player's points
 * (negative allowed); the options name the game and say who wins and when
 * it ends.  Tally checks only what the options state: the hand's sum
 * (hand_total, or moon_total for the one other sum a hand may have).
 *
 * moon_total, not hand_total_alt: the one common case of a second
 * legitimate sum is shooting the moon in the Hearts family (26 points
 * become 78 with four players), and a table knows it by that name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"

static int
check_title(const char *v)
{
	/* a title is a label like a night's name: the same check, so no
	 * control, bidi or zero-width character reaches a list or a sheet */
	return names_text_check("pad title", v, NAMES_TITLE_MAX_BYTES, NULL, NULL) == ST_OK;
}

static const struct option_def pad_options[] = {
	{ "title", OPT_TEXT, "TEXT", "Pad", 0, "the game's name in list, history, stats and sheets (up to 40 bytes)", check_title, NULL },
	{ "direction", OPT_ENUM, "low|high", "low", 0, "whether the lowest or the highest total wins", NULL, NULL },
	{ "target", OPT_INT, "none|1..1000000", "none", 0, "the game ends when a player's total reaches this", NULL, NULL },
	{ "hands", OPT_INT, "none|1..1000", "none", 0, "the game ends after this many hands", NULL, NULL },
	{ "hand_total", OPT_INT, "none|-1000000..1000000", "none", 0, "every hand's points must add up to this (Hearts: 26)", NULL, NULL },
	{ "moon_total", OPT_INT, "none|-1000000..1000000", "none", 0, "the one other sum a hand may have (Hearts, shooting the moon: 78)", NULL, NULL },
	{ "money_per_point", OPT_TEXT, "none|AMOUNT", "none", 0, "money a point of difference between two players is worth when the table settles up (tally settle), e.g. 0.10", options_check_money, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

/* Whether the pad has the moon rule (moon_total set). */
static int
pad_has_moon(const struct game_state *st)
{
	return !options_is(&st->opts, "moon_total", "none");
}

/* Who shot the moon in each hand that added up to moon_total rather than
 * hand_total: the seat (or seats) with the best points of that hand, as
 * the shooter scores while the others take the points (pagat.com,
 * Hearts: "shooting the moon").  JSON, CSV and export; a night's
 * highlights tell it. */
enum { PAD_MOON };
static const struct hand_column pad_hand_columns[] = {
	{ "moon", NULL, COLUMN_FLAG, pad_has_moon, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};
static const struct highlight pad_highlights[] = {
	{ "moon", "shot the moon" },
	{ NULL, NULL }
};

static enum status
pad_resolve_options(struct optset *o, int nplayers, struct diag *d)
{
	(void)nplayers;
	if (!options_is(o, "moon_total", "none") && options_is(o, "hand_total", "none"))
		return diag_set(d, ST_USAGE, NULL, options_get(o, "moon_total"), "moon_total",
		    "moon_total is the other sum a hand may have; set hand_total too");
	return ST_OK;
}

static enum status
pad_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w, struct diag *d)
{
	(void)w;
	const struct optset *o = &st->opts;
	long *pts = xcalloc((size_t)st->nplayers, sizeof *pts), sum = 0;
	enum status rc = ST_OK;
	char label[32];

	if (e->nvalues == 0) {
		rc = diag_set(d, ST_USAGE, NULL, NULL, "entry", "enter each player's points, as Ann=5 Bob=21");
		goto out;
	}
	for (int i = 0; i < e->nvalues; i++) {
		const struct entry_value *v = &e->values[i];
		if (v->field != NULL) {
			rc = diag_set(d, ST_USAGE, st->p[v->seat].name, v->field, "entry",
			    "%s.%s: a score pad takes only points, as %s=5", st->p[v->seat].name, v->field,
			    st->p[v->seat].name);
			goto out;
		}
		if (!parse_long(v->value, -1000000, 1000000, &pts[v->seat])) {
			rc = diag_set(d, ST_USAGE, st->p[v->seat].name, v->value, "entry",
			    "%s: '%s' is not a number of points", st->p[v->seat].name, v->value);
			goto out;
		}
		sum += pts[v->seat];
	}
	if (!options_is(o, "hand_total", "none")) {
		long want = options_int(o, "hand_total", 0);
		int moon = !options_is(o, "moon_total", "none");
		long alt = options_int(o, "moon_total", 0);
		if (sum != want && !(moon && sum == alt)) {
			if (moon)
				rc = diag_set(d, ST_RULE, NULL, NULL, "hand_total",
				    "the points add up to %s, but a hand of %s adds up to %s (hand_total) or %s (moon_total)",
				    GROUPED(sum), options_get(o, "title"), GROUPED(want), GROUPED(alt));
			else
				rc = diag_set(d, ST_RULE, NULL, NULL, "hand_total",
				    "the points add up to %s, but a hand of %s adds up to %s (hand_total)", GROUPED(sum),
				    options_get(o, "title"), GROUPED(want));
			goto out;
		}
	}
	snprintf(label, sizeof label, "%d", st->nhands + 1);
	struct hand_record *hr = state_add_hand(st, label);
	for (int i = 0; i < st->nplayers; i++)
		state_score(st, hr, i, pts[i]);
	if (pad_has_moon(st)) {
		int low = state_scoring(st) == SCORING_LOW, moon = sum != options_int(o, "hand_total", 0);
		long best = pts[0];
		for (int i = 1; i < st->nplayers; i++)
			best = low ? (pts[i] < best ? pts[i] : best) : (pts[i] > best ? pts[i] : best);
		for (int i = 0; i < st->nplayers; i++)
			state_hand_set(st, hr, PAD_MOON, i, moon && pts[i] == best);
	}
	st->dealer = (st->dealer + 1) % st->nplayers;
	long target = options_int(o, "target", 0), hands = rules_length(st->rules, o);
	int reached = 0;
	for (int i = 0; target && i < st->nplayers; i++)
		reached |= st->p[i].total >= target;
	if (reached || (hands && st->nhands >= hands))
		state_best_total_wins(st);
out:
	free(pts);
	return rc;
}

/* The hands option; none (0): the game ends at its target or by `end`. */
static int
pad_length(const struct optset *o)
{
	return (int)options_int(o, "hands", 0);
}

/* The declared hands (a pad runs over pages), or room for 20 when there
 * is no fixed number. */
static int
pad_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	int hands = pad_length(o);
	return hands > 0 ? hands : 20;
}

static int
pad_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	(void)answers;
	if (k >= st->nplayers)
		return 0;
	int s = (st->dealer + 1 + k) % st->nplayers;
	rules_guide_set(g, s, GUIDE_VALUE, 1, st->p[s].name, "%s: points this hand (Enter: 0)", st->p[s].name);
	return 1;
}

static void
pad_start_message(const struct game_state *st, char *buf, size_t size)
{
	const struct optset *o = &st->opts;
	struct strbuf sb = {0};
	sb_printf(&sb, "%s: %s total wins", options_get(o, "title"), state_scoring(st) == SCORING_LOW ? "lowest" : "highest");
	if (!options_is(o, "target", "none"))
		sb_printf(&sb, "; ends when a player reaches %s", GROUPED(options_int(o, "target", 0)));
	if (!options_is(o, "hands", "none"))
		sb_printf(&sb, "; ends after %s hands", options_get(o, "hands"));
	if (!options_is(o, "hand_total", "none"))
		sb_printf(&sb, "; each hand adds up to %s", GROUPED(options_int(o, "hand_total", 0)));
	if (!options_is(o, "hand_total", "none") && !options_is(o, "moon_total", "none"))
		sb_printf(&sb, " or %s", GROUPED(options_int(o, "moon_total", 0)));
	snprintf(buf, size, "%s", sb.s);
	sb_release(&sb);
}

/* A pad played for money: money_per_point a point of difference. */
static long
pad_stake_cents(const struct optset *o)
{
	return options_money(o, "money_per_point");
}

const struct game_rules pad_rules = {
	.version = 1,
	.name = "pad",
	.title = "Pad",
	.opt_prefix = "pad",
	.min_players = 1,
	.max_players = 20,
	.players_rule = "a score pad has a column for each player, and 20 is tally's own limit",
	.options = pad_options,
	.words.summary =
	    "A plain score pad for a game tally has no rules for (Hearts, Spades,\n"
	    "Canasta, Oh Hell): each hand, each player's points, negative allowed.\n"
	    "Name it with -o title=..., say who wins with -o direction=low|high, and end\n"
	    "it at -o target=N or after -o hands=N (else with 'tally end').  With\n"
	    "-o hand_total=N every hand must add up to N, or to -o moon_total=M.\n"
	    "'tally pad save NAME -o ...' keeps a pad under a name: 'tally new NAME ...'.",
	.words.entry_help = "Each player's points: NAME=POINTS (a player left out scores 0).",
	.words.example = "tally hand Ann=5 Bob=21 Cid=0 Dee=0",
	.words.hand_word = "hand",
	.score.scoring = SCORING_LOW,
	.score.direction_option = "direction", /* -o direction=high: highest wins */
	.club_pads = 1, /* tally pad save NAME */
	.sheet.sheet_template = "pad",
	.methods.resolve_options = pad_resolve_options,
	.methods.apply = pad_apply,
	/* describe_next, hand_label: the core's defaults ("hand 3 (dealer
	 * Ann)", "3"; rules.h) */
	.sheet.sheet_rows = pad_sheet_rows,
	.score.length = pad_length,
	.table.guide = pad_guide,
	.table.start_message = pad_start_message,
	.score.stake_cents = pad_stake_cents,
	.view.hand_columns = pad_hand_columns,
	.view.highlights = pad_highlights,
	.join.kind = JOIN_TOTAL,  /* the highest total now, or one the table gives */
};
