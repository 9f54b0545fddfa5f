/* SPDX-License-Identifier: ISC */
/*
 * cribbage_solitaire.c: Bill Beers' Cribbage Solitaire (RULES.md section
 * 2.3; seed 001_44acccfaf89d9f81.txt, "Cribbage Solitaire - Accordion").
 *
 * Each player enters a total, or the log of scoring events in the order
 * they were scored: pair 2, trips 6, flush3 3, run3 3, strflush3 6,
 * fifteen2 2, fifteen3 2.  An event may carry its cards (pair:7C,7D), which
 * tally checks, and "@52" when the 52nd card made it.  61 points wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cards.h"
#include "../core/util.h"
#include "patience.h"

static const struct {
	const char *code;
	int points, ncards;
} events[] = {
	{ "pair", 2, 2 }, { "trips", 6, 3 }, { "flush3", 3, 3 }, { "run3", 3, 3 },
	{ "strflush3", 6, 3 }, { "fifteen2", 2, 2 }, { "fifteen3", 2, 3 },
};
enum { E_PAIR, E_TRIPS, E_FLUSH, E_RUN, E_STRFLUSH, E_FIFTEEN2, E_FIFTEEN3 };

struct cribsol {
	struct patience_tally tally; /* first: patience.c reads it */
	long threshold;
	int before_last; /* deadline = before_last_card */
	int one_combo;
};

static const struct option_def cribsol_options[] = {
	{ "win_threshold", OPT_INT, "1..306", "61", 0, "points needed to win", NULL, NULL },
	{ "deadline", OPT_ENUM, "through_last_card|before_last_card", "before_last_card", 0, "do points made with the 52nd card count? (seed 001: 61 \"before the entire pack has been fully dealt\" wins, so not by default)", NULL, NULL },
	{ "one_combo_per_event", OPT_BOOL, "true|false", "true", 0, "each scoring event is one combination (no two on the same cards)", NULL, NULL },
	{ "pair_deferral", OPT_BOOL, "true|false", "true", 1, "a pair may wait one card in the hope of trips", NULL, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL, NULL, NULL }
};

static enum status
cribsol_init(struct game_state *st, struct diag *d)
{
	(void)d;
	struct cribsol *c = xcalloc(1, sizeof *c);
	c->threshold = options_int(&st->opts, "win_threshold", 61);
	c->before_last = options_is(&st->opts, "deadline", "before_last_card");
	c->one_combo = options_bool(&st->opts, "one_combo_per_event");
	st->priv = c;
	return ST_OK;
}

static void
cribsol_free(void *priv)
{
	free(priv);
}

/* 15-count value: A 1, 2-10 face, J Q K 10. */
static int
count_value(int rank)
{
	return rank >= 10 ? 10 : rank;
}

static int
cmp_rank(const void *a, const void *b)
{
	return ((const struct card *)a)->rank - ((const struct card *)b)->rank;
}

/* Do these cards make the combination?  Returns NULL or why not. */
static const char *
combination_ok(int code, struct card *c, int n)
{
	int sum = 0, same_rank = 1, same_suit = 1, run = 0;
	for (int i = 0; i < n; i++) {
		if (c[i].rank == RANK_JOKER)
			return "no jokers in the pack";
		sum += count_value(c[i].rank);
		same_rank &= c[i].rank == c[0].rank;
		same_suit &= c[i].suit == c[0].suit && c[i].suit != SUIT_NONE;
		for (int j = 0; j < i; j++)
			if (c[i].rank == c[j].rank && c[i].suit == c[j].suit)
				return "the same card twice";
	}
	if (n == 3) {
		struct card s[3];
		memcpy(s, c, sizeof s);
		qsort(s, 3, sizeof *s, cmp_rank);
		run = s[1].rank == s[0].rank + 1 && s[2].rank == s[1].rank + 1;
	}
	switch (code) {
	case E_PAIR:
	case E_TRIPS:
		return same_rank ? NULL : "not all the same rank";
	case E_FLUSH:
		return same_suit ? NULL : "not all the same suit (suits are needed)";
	case E_RUN:
		return run ? NULL : "not three ranks in sequence (A low, K high, no wrap)";
	case E_STRFLUSH:
		return run && same_suit ? NULL : "not a sequence in one suit";
	default:
		return sum == 15 ? NULL : "the cards do not add up to 15";
	}
}

struct event {
	int code;
	struct card cards[3];
	int ncards;
	int last;   /* made with the 52nd card */
};

/* Parse "CODE[=POINTS][:CARDS][@N]". */
static enum status
parse_event(const char *name, const char *tok, struct event *ev, struct diag *d)
{
	char *s = xstrdup(tok), *at = strchr(s, '@'), *colon = strchr(s, ':'), *eq;
	enum status rc = ST_OK;
	long pts = -1, cardno = 0;
	memset(ev, 0, sizeof *ev);
	ev->code = -1;
	if (at) {
		*at = '\0';
		if (!parse_long(at + 1, 1, 52, &cardno)) {
			rc = diag_set(d, ST_USAGE, name, tok, "entry", "%s: '%s': @N is the card (1 to 52) that made it", name, tok);
			goto out;
		}
		ev->last = cardno == 52;
	}
	if (colon)
		*colon = '\0';
	if ((eq = strchr(s, '=')) != NULL) {
		*eq = '\0';
		if (!parse_long(eq + 1, 0, 100, &pts)) {
			rc = diag_set(d, ST_USAGE, name, tok, "entry", "%s: '%s': points must be a number", name, tok);
			goto out;
		}
	}
	for (size_t i = 0; i < ARRAY_LEN(events); i++)
		if (str_ieq(s, events[i].code))
			ev->code = (int)i;
	if (ev->code < 0) {
		rc = diag_set(d, ST_USAGE, name, s, "rule 2.3",
		    "%s: '%s' is not a scoring event (pair trips flush3 run3 strflush3 fifteen2 fifteen3)", name, s);
		goto out;
	}
	if (pts >= 0 && pts != events[ev->code].points) {
		rc = diag_set(d, ST_RULE, name, tok, "rule 2.3",
		    "%s: %s scores %d, not %ld", name, events[ev->code].code, events[ev->code].points, pts);
		goto out;
	}
	if (colon) {
		if ((rc = cards_parse(colon + 1, name, ev->cards, 3, &ev->ncards, d)) != ST_OK)
			goto out;
		if (ev->ncards != events[ev->code].ncards) {
			rc = diag_set(d, ST_RULE, name, tok, "rule 2.3",
			    "%s: %s takes %d adjacent cards, not %d", name, events[ev->code].code,
			    events[ev->code].ncards, ev->ncards);
			goto out;
		}
		const char *why = combination_ok(ev->code, ev->cards, ev->ncards);
		if (why)
			rc = diag_set(d, ST_RULE, name, tok, "rule 2.3", "%s: %s is no %s: %s", name,
			    colon + 1, events[ev->code].code, why);
	}
out:
	free(s);
	return rc;
}

/* Is every card of a among b's cards? */
static int
cards_within(const struct event *a, const struct event *b)
{
	for (int i = 0; i < a->ncards; i++) {
		int found = 0;
		for (int j = 0; j < b->ncards; j++)
			found |= a->cards[i].rank == b->cards[j].rank && a->cards[i].suit == b->cards[j].suit;
		if (!found)
			return 0;
	}
	return a->ncards > 0;
}

static enum status
score_player(const struct game_state *st, const struct cribsol *c, const struct hand_entry *e,
    int seat, int *won_out, long *score, char **detail, struct diag *d)
{
	const char *name = st->p[seat].name, *v = entry_get(e, seat, NULL);
	const char *lastv = entry_get(e, seat, "last");
	long s = 0, late = 0;
	enum status rc = ST_OK;

	if (!cards_looks_like_list(v) || parse_long(v, -100000, 100000, &s)) {
		if (!parse_long(v, -100000, 100000, &s))
			return diag_set(d, ST_USAGE, name, v, "entry", "%s: '%s' is not a score or event list", name, v);
		if (s < 0 || s > 306 || s == 1)
			return diag_set(d, ST_RULE, name, v, "rule 2.3",
			    "%s: a Cribbage Solitaire score is 0 or 2 to 306 (51 events of at most 6), not %s", name, GROUPED(s));
		if (lastv && (!parse_long(lastv, 0, 6, &late) || late > s))
			return diag_set(d, ST_RULE, name, lastv, "rule 2.3",
			    "%s: points made with the last card are 0 to 6 and within the total", name);
	} else {
		struct event ev[64];
		int n = 0;
		char *copy = xstrdup(v), *save = NULL;
		for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			if (n >= 51) {
				rc = diag_set(d, ST_RULE, name, v, "rule 2.3",
				    "%s: more than 51 events; 52 cards collapse at most 51 times", name);
				break;
			}
			if ((rc = parse_event(name, t, &ev[n], d)) != ST_OK)
				break;
			for (int k = 0; k < n && rc == ST_OK; k++) {
				if (ev[k].code == E_PAIR && ev[n].code == E_TRIPS && cards_within(&ev[k], &ev[n]))
					rc = diag_set(d, ST_RULE, name, t, "rule 2.3",
					    "%s: trips on cards already scored as a pair; hold the pair back a card instead",
					    name);
				else if (c->one_combo && ev[k].ncards && ev[k].ncards == ev[n].ncards &&
				    cards_within(&ev[k], &ev[n]) && cards_within(&ev[n], &ev[k]))
					rc = diag_set(d, ST_RULE, name, t, "rule 2.3",
					    "%s: two combinations on the same cards; one scores, then two of them are combined",
					    name);
			}
			if (rc != ST_OK)
				break;
			s += events[ev[n].code].points;
			if (ev[n].last)
				late += events[ev[n].code].points;
			n++;
		}
		free(copy);
		if (rc != ST_OK)
			return rc;
	}
	long counted = c->before_last ? s - late : s;
	int won = counted >= c->threshold;
	if (c->before_last && late)
		*detail = xasprintf("%ld (%ld before the last card)%s", s, counted, won ? ": win" : "");
	else
		*detail = xasprintf("%ld%s", s, won ? ": win" : "");
	*won_out = won;
	*score = counted;
	return ST_OK;
}

static enum status
cribsol_check(const struct game_state *st, const struct hand_entry *e, int seat, const char *v,
    int *won, long *points, long *left, char **detail, struct diag *d)
{
	(void)v;
	*left = 0; /* the deal's score is its points */
	return score_player(st, st->priv, e, seat, won, points, detail, d);
}

static enum status
cribsol_apply(struct game_state *st, const struct hand_entry *e, struct warnings *w,
    struct diag *d)
{
	(void)w;
	return patience_apply(st, e, cribsol_check, d);
}

static void
cribsol_notes(const struct game_state *st, struct strbuf *sb)
{
	patience_notes(st, sb, NULL);
}

const struct game_rules cribbage_solitaire_rules = {
	.version = 1,
	.name = "cribbage-solitaire",
	.title = "Cribbage Solitaire",
	.opt_prefix = "cribsol",
	.min_players = 1,
	.max_players = 12,
	.players_rule = "a patience is one player's game that several may race at one deal (RULES.md section 2), and 12 is tally's own limit",
	.options = cribsol_options,
	.fields = "last",
	.words.summary =
	    "Deal the pack in a row, scoring as you go any combination of adjacent cards:\n"
	    "a pair 2, three of a kind 6, three of a suit 3, three in sequence 3, a\n"
	    "three-card straight flush 6, two or three cards making 15 2 (A 1, J Q K 10).\n"
	    "After each score two of its cards are put one on the other.  A pair may be\n"
	    "held back a card in the hope of trips, but not scored as both.  61 or more\n"
	    "before the pack is fully dealt wins: points the 52nd card makes do not\n"
	    "count (-o deadline=through_last_card counts them).",
	.words.entry_help =
	    "Each player who played: NAME=POINTS, or NAME=\"EVENT EVENT ...\" with the event\n"
	    "codes pair trips flush3 run3 strflush3 fifteen2 fifteen3, each optionally\n"
	    "with its cards (pair:7C,7D) and @52 when the last card made it.  With a total,\n"
	    "NAME.last=N says how many points the last card made.",
	.words.example = "tally hand Ann=\"pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H\" Bob=64",
	.score.scoring = SCORING_HIGH,
	.words.hand_word = "round",
	.sheet.sheet_template = "patience",
	.methods.init = cribsol_init,
	.methods.apply = cribsol_apply,
	.methods.describe_next = patience_describe_next,
	.methods.free_priv = cribsol_free,
	.methods.priv_size = sizeof(struct cribsol), /* a flat struct, copied to check a hand */
	.sheet.hand_label = patience_hand_label,
	.sheet.sheet_rows = patience_sheet_rows,
	.view.notes = cribsol_notes,
	.view.columns = patience_columns,
	.view.show_detail = 1,
	.view.highlights = patience_highlights,
	.view.hand_columns = patience_score_columns, /* the results log */
	.table.guide = patience_guide,
	.table.deal_help = patience_deal_help,
	.join.reason = PATIENCE_JOIN_REASON,
};
