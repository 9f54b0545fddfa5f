/* SPDX-License-Identifier: ISC */
/* patience.c: the shared part of the patience games (see patience.h). */
#include "patience.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

static long
patience_plays(const struct game_state *st, int seat)
{
	const struct patience_tally *t = st->priv;
	return t->plays[seat];
}

static long
patience_wins(const struct game_state *st, int seat)
{
	const struct patience_tally *t = st->priv;
	return t->wins[seat];
}

const struct column patience_columns[] = {
	{ "plays", NULL, COLUMN_NUMBER, NULL, patience_plays, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "wins", NULL, COLUMN_NUMBER, NULL, patience_wins, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* The results log: per deal and player who played, what the
 * deal scored and whether it was won; empty for a player who did not
 * play that round.  The Accordion family scores the win itself (1 or 0),
 * so its deal score is data only; Cribbage Solitaire's is its points.
 * "left", first, is the cards or piles each deal left (JSON only; the
 * hand's detail shows it).  On the pad a deal is one line per player:
 * its result, the win as a tick box (SHEET_INROW) and the running total. */
const struct hand_column patience_hand_columns[] = {
	{ "left", NULL, COLUMN_NUMBER, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "scored", NULL, COLUMN_NUMBER, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "won", "won", COLUMN_FLAG, NULL, SHEET_INROW, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};
/* A deal won is the night's news in every patience game (RULES.md 2.2:
 * each variant's result is a win or not). */
const struct highlight patience_highlights[] = {
	{ "won", "won a deal" },
	{ NULL, NULL }
};
const struct hand_column patience_score_columns[] = {
	/* not on the pad: the deal's result there already says its points */
	{ "scored", "deal score", COLUMN_NUMBER, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 },
	{ "won", "won", COLUMN_FLAG, NULL, SHEET_INROW, 0, COUNTS_NONE, NULL, 0 },
	{ NULL, NULL, 0, NULL, SHEET_NONE, 0, COUNTS_NONE, NULL, 0 }
};

/* Seat's results-log cells in hr (the columns found by key, so a game may
 * list them after columns of its own). */
static void
patience_log(struct game_state *st, struct hand_record *hr, int seat, int won, long points)
{
	int scored = rules_hand_column(st->rules, "scored"), w = rules_hand_column(st->rules, "won");
	if (scored >= 0)
		state_hand_set(st, hr, scored, seat, points);
	if (w >= 0)
		state_hand_set(st, hr, w, seat, won);
}

void
patience_record(struct game_state *st, struct hand_record *hr, int seat, int won, long points,
    long left, char *detail)
{
	state_hand_set(st, hr, rules_hand_column(st->rules, "left"), seat, left);
	patience_log(st, hr, seat, won, points);
	struct patience_tally *t = st->priv;
	t->plays[seat]++;
	t->wins[seat] += won;
	state_score(st, hr, seat, points);
	hr->detail[seat] = detail;
}

void
patience_notes(const struct game_state *st, struct strbuf *sb, const char *odds)
{
	const struct patience_tally *t = st->priv;
	for (int i = 0; i < st->nplayers; i++) {
		const char *name = st->p[i].name;
		int plays = t->plays[i], wins = t->wins[i];
		if (plays == 0)
			sb_printf(sb, "%s: no plays yet\n", name);
		else
			sb_printf(sb, "%s: %d play%s, %d win%s, win rate %d.%d%%\n", name, plays,
			    plural_s(plays), wins, plural_s(wins), wins * 100 / plays, wins * 1000 / plays % 10);
	}
	sb_printf(sb, "published odds of a win: %s\n", odds ? odds : "not published in the rules tally follows");
}

void
patience_describe_next(const struct game_state *st, char *buf, size_t size)
{
	if (st->over || st->closed)
		snprintf(buf, size, "session over");
	else
		snprintf(buf, size, "round %d", st->nhands + 1);
}

void
patience_hand_label(const struct optset *o, int n, char *buf, size_t size)
{
	(void)o;
	snprintf(buf, size, "Deal %d", n);
}

int
patience_sheet_rows(const struct optset *o, int nplayers)
{
	(void)nplayers;
	(void)o;
	return 20;
}

int
patience_guide(const struct game_state *st, int k, char *const *answers, struct guide_step *g)
{
	(void)answers;
	if (k >= st->nplayers)
		return 0;
	rules_guide_set(g, k, GUIDE_VALUE, 1, st->p[k].name, "%s: what was left (Enter: did not play)", st->p[k].name);
	return 1;
}

void
patience_deal_help(const struct game_state *st, char *buf, size_t size)
{
	const char *n = st->rules->name;
	if (strcmp(n, "push-pin") == 0)
		snprintf(buf, size, "two packs shuffled together, 104 cards dealt in one line");
	else if (strcmp(n, "royal-marriage") == 0)
		snprintf(buf, size, "one pack: Q♥ first, the other 50, K♥ last, in one line");
	else if (strcmp(n, "cribbage-solitaire") == 0)
		snprintf(buf, size, "one pack, dealt one card at a time in a line, scoring as you go");
	else
		snprintf(buf, size, "one pack of 52 dealt in one line (each player their own pack)");
}

enum status
patience_apply(struct game_state *st, const struct hand_entry *e, patience_check_fn check,
    struct diag *d)
{
	int n = st->nplayers, any = 0;
	int *won = xcalloc((size_t)n, sizeof *won);
	long *points = xcalloc((size_t)n, sizeof *points);
	long *left = xcalloc((size_t)n, sizeof *left);
	char **detail = xcalloc((size_t)n, sizeof *detail);
	enum status rc = ST_OK;
	for (int i = 0; i < n && rc == ST_OK; i++) {
		const char *v = entry_get(e, i, NULL);
		if (v != NULL) {
			any = 1;
			rc = check(st, e, i, v, &won[i], &points[i], &left[i], &detail[i], d);
			continue;
		}
		for (int k = 0; k < e->nvalues; k++)
			if (e->values[k].seat == i)
				rc = diag_set(d, ST_RULE, st->p[i].name, NULL, "entry",
				    "%s: enter the result too: %s=RESULT", st->p[i].name, st->p[i].name);
	}
	if (rc == ST_OK && !any)
		rc = diag_set(d, ST_RULE, NULL, NULL, "entry", "enter at least one player's result: NAME=RESULT");
	if (rc == ST_OK) {
		char label[32];
		snprintf(label, sizeof label, "round %d", st->nhands + 1);
		struct hand_record *hr = state_add_hand(st, label);
		for (int i = 0; i < n; i++)
			if (detail[i]) {
				patience_record(st, hr, i, won[i], points[i], left[i], detail[i]);
				detail[i] = NULL;
			}
	}
	for (int i = 0; i < n; i++)
		free(detail[i]);
	free(detail);
	free(won);
	free(points);
	free(left);
	return rc;
}
