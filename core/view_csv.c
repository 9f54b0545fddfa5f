/* SPDX-License-Identifier: ISC */
/* view_csv.c: the CSV renderer of a view: the hands format of `export`,
 * the score table of `show --csv` and a night's standings (see view.h). */
#include <limits.h>
#include <stdlib.h>

#include "csv.h"
#include "util.h"
#include "view.h"

/* One value field (see view_print_csv). */
static void
csv_value(struct csv *c, enum column_kind kind, long v)
{
	if (v == COLUMN_NONE)
		csv_empty(c);
	else if (kind == COLUMN_FLAG)
		csv_word(c, v ? "true" : "false");
	else
		csv_long(c, v);
}

/* One whole record: uid, id, game, hand (empty for 0), player, seat, key
 * and value. */
static void
record(struct csv *c, const struct view *v, int hand, int p, const char *key, enum column_kind kind,
    long value)
{
	csv_word(c, v->uid);
	csv_long(c, v->id);
	/* a title is the table's text, quoted; a rules name a plain word */
	if (v->titled)
		csv_text(c, v->table_name);
	else
		csv_word(c, v->table_name);
	if (hand > 0)
		csv_long(c, hand);
	else
		csv_empty(c);
	csv_text(c, v->players[p].name);
	csv_long(c, p + 1);
	csv_word(c, key);
	csv_value(c, kind, value);
	csv_end(c);
}

void
view_print_csv(FILE *f, const struct view *v)
{
	struct csv c;
	csv_start(&c, f);
	for (int h = 0; h < v->nhands; h++) {
		const struct view_hand *vh = &v->hands[h];
		for (int p = 0; p < v->nplayers; p++) {
			record(&c, v, vh->n, p, "points", COLUMN_NUMBER, vh->points[p]);
			if (!v->scores_points)  /* as "held" in the JSON */
				record(&c, v, vh->n, p, "held", COLUMN_NUMBER, vh->held[p]);
			for (int k = 0; k < vh->nlines; k++)
				record(&c, v, vh->n, p, vh->lines[k].key, vh->lines[k].kind, vh->lines[k].v[p]);
		}
	}
	for (int p = 0; p < v->nplayers; p++) {
		record(&c, v, 0, p, "total", COLUMN_NUMBER, v->players[p].total);
		for (int k = 0; k < v->nfoot; k++)
			record(&c, v, 0, p, v->foot[k].key, v->foot[k].kind, v->foot[k].v[p]);
	}
}

/* The cell of seat i in hand vh, as the text table has it: the detail
 * where the game shows details (or where the seat has no points: a late
 * arrival before they sat down), else the points, or what the seat holds
 * after the hand where the game has no points. */
static void
hand_cell(struct csv *c, const struct view *v, const struct view_hand *vh, int i)
{
	if (v->show_detail || vh->points[i] == COLUMN_NONE) {
		if (vh->detail[i])
			csv_text(c, vh->detail[i]);
		else
			csv_empty(c);
	} else
		csv_long(c, v->scores_points ? vh->points[i] : vh->held[i]);
}

/* n empty fields. */
static void
empties(struct csv *c, int n)
{
	while (n-- > 0)
		csv_empty(c);
}

/* The labelled hand lines: the ones the text prints under a hand. */
static int
labelled_lines(const struct view *v)
{
	int n = 0;
	for (int k = 0; k < v->nhand_lines; k++)
		n += v->hand_lines[k].label != NULL;
	return n;
}

/* The header: the hand word, each player, each side, then each labelled
 * hand line of each player ("Ann clean books"). */
static void
table_header(struct csv *c, const struct view *v)
{
	csv_word(c, v->hand_word);
	for (int i = 0; i < v->nplayers; i++)
		csv_text(c, v->players[i].name);
	for (int s = 0; s < v->nsides; s++)
		csv_text(c, v->sides[s].name);
	for (int k = 0; k < v->nhand_lines; k++)
		for (int i = 0; v->hand_lines[k].label && i < v->nplayers; i++) {
			char *head = xasprintf("%s %s", v->players[i].name, v->hand_lines[k].label);
			csv_text(c, head);
			free(head);
		}
	csv_end(c);
}

/* A row after the hands: its label, then values[] of the players (NULL:
 * empty), the sides' (side_values, NULL: empty) and empty hand lines. */
static void
foot_row(struct csv *c, const struct view *v, const char *label, enum column_kind kind, const long *values,
    const long *side_values)
{
	csv_word(c, label);
	for (int i = 0; i < v->nplayers; i++)
		csv_value(c, kind, values ? values[i] : COLUMN_NONE);
	for (int s = 0; s < v->nsides; s++)
		csv_value(c, COLUMN_NUMBER, side_values ? side_values[s] : COLUMN_NONE);
	empties(c, labelled_lines(v) * v->nplayers);
	csv_end(c);
}

/* The rows of what happened before hand n, after the hand numbered
 * after (0: none): where the text's lines under the table say "Eve joins
 * at hole 5, 8 points" and "Cid plays Bob's seat from hole 6" (see
 * view_print_text), a `joined` row with what each late arrival sat down
 * with (points, or the counters held where the game has no points) in
 * their column, and a `sub` row per substitute naming who plays the seat
 * from hand n in the seat's column.  The joined row stands just before
 * their first hand so each player's column adds up to the total row, and
 * a running sum down the column is their score after each hand. */
static void
between_rows(struct csv *c, const struct view *v, int after, int n)
{
	int any = 0;
	for (int i = 0; i < v->nplayers; i++)
		any |= v->players[i].joined > after && v->players[i].joined <= n;
	if (any) {
		csv_word(c, "joined");
		for (int i = 0; i < v->nplayers; i++) {
			const struct view_player *p = &v->players[i];
			csv_value(c, COLUMN_NUMBER, p->joined > after && p->joined <= n ? p->joined_with : COLUMN_NONE);
		}
		empties(c, v->nsides + labelled_lines(v) * v->nplayers);
		csv_end(c);
	}
	for (int k = 0; k < v->nsubs; k++) {
		const struct view_sub_line *s = &v->subs[k];
		if (s->hand <= after || s->hand > n)
			continue;
		csv_word(c, "sub");
		for (int i = 0; i < v->nplayers; i++)
			if (i == s->seat)
				csv_text(c, s->name);
			else
				csv_empty(c);
		empties(c, v->nsides + labelled_lines(v) * v->nplayers);
		csv_end(c);
	}
}

void
view_print_table_csv(FILE *f, const struct view *v)
{
	struct csv c;
	int n = v->nplayers, ns = v->nsides, anyout = 0;
	long *vals = xcalloc((size_t)(n ? n : 1), sizeof *vals);
	long *sides = xcalloc((size_t)(ns ? ns : 1), sizeof *sides);
	csv_start(&c, f);
	table_header(&c, v);
	for (int h = 0; h < v->nhands; h++) {
		const struct view_hand *vh = &v->hands[h];
		between_rows(&c, v, h > 0 ? v->hands[h - 1].n : 0, vh->n);
		csv_long(&c, vh->n);
		for (int i = 0; i < n; i++)
			hand_cell(&c, v, vh, i);
		for (int s = 0; s < ns; s++)
			csv_value(&c, COLUMN_NUMBER, v->sides[s].points ? v->sides[s].points[h] : COLUMN_NONE);
		for (int k = 0; k < vh->nlines && k < v->nhand_lines; k++)
			for (int i = 0; v->hand_lines[k].label && i < n; i++)
				csv_value(&c, vh->lines[k].kind, vh->lines[k].v[i]);
		csv_end(&c);
	}
	/* a join or a substitute made since the last hand, for the next */
	between_rows(&c, v, v->nhands ? v->hands[v->nhands - 1].n : 0, INT_MAX);
	if (v->scores_points) {
		for (int i = 0; i < n; i++)
			vals[i] = v->players[i].total;
		for (int s = 0; s < ns; s++)
			sides[s] = v->sides[s].total;
		foot_row(&c, v, "total", COLUMN_NUMBER, vals, sides);
	}
	for (int k = 0; k < v->nfoot; k++) {
		char label[96];
		if (v->foot[k].label && !view_line_empty(&v->foot[k], n))
			foot_row(&c, v, view_foot_label(&v->foot[k], label, sizeof label), v->foot[k].kind, v->foot[k].v,
			    NULL);
	}
	if (!view_no_places(v)) {   /* no result, or no hand yet: no places */
		for (int i = 0; i < n; i++)
			vals[i] = v->players[i].rank;
		for (int s = 0; s < ns; s++)
			sides[s] = v->sides[s].rank;
		foot_row(&c, v, "rank", COLUMN_NUMBER, vals, sides);
	}
	for (int i = 0; i < n; i++) {
		vals[i] = v->players[i].out ? v->players[i].out_order : COLUMN_NONE;
		anyout |= v->players[i].out;
	}
	if (anyout)
		foot_row(&c, v, "out", COLUMN_NUMBER, vals, NULL);
	free(vals);
	free(sides);
}

void
view_night_print_csv(FILE *f, const struct view_night *n)
{
	struct csv c;
	char avg[16];
	csv_start(&c, f);
	/* the header: then one column per game that counts, by its title */
	static const char *const head[] = { "place", "player", "wins", "average_place" };
	for (size_t k = 0; k < sizeof head / sizeof *head; k++)
		csv_word(&c, head[k]);
	for (int gi = 0; n && gi < n->ngames; gi++)
		if (n->games[gi].counts)
			csv_text(&c, n->games[gi].title);
	csv_end(&c);
	for (int k = 0; n && k < n->nplayers; k++) {
		const struct view_night_player *p = &n->players[k];
		csv_value(&c, COLUMN_NUMBER, p->place ? p->place : COLUMN_NONE);
		csv_text(&c, p->name);
		csv_long(&c, p->won);
		if (p->games)   /* as the text and the JSON give it: one decimal */
			csv_word(&c, view_night_average(p, avg, sizeof avg));
		else
			csv_empty(&c);
		for (int gi = 0; gi < n->ngames; gi++)
			if (n->games[gi].counts)
				csv_value(&c, COLUMN_NUMBER, p->places[gi] ? p->places[gi] : COLUMN_NONE);
		csv_end(&c);
	}
}
