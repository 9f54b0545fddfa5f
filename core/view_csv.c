/* SPDX-License-Identifier: ISC */
/* view_csv.c: the CSV renderer of a view, the hands format of `export`
 * (see view.h). */
#include "csv.h"
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
