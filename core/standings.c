/* SPDX-License-Identifier: ISC */
/* standings.c: text and JSON views of a game (see standings.h). */
#include "standings.h"

#include <string.h>

#include "csv.h"
#include "names.h"
#include "sides.h"
#include "util.h"
#include "when.h"

static json_t *
jstr(const char *s)
{
	/* Names are checked to be UTF-8 when a game starts; fall back anyway. */
	json_t *j = json_string(s ? s : "");
	return j ? j : json_string("?");
}

json_t *
column_json(enum column_kind kind, long v)
{
	if (v == COLUMN_NONE)
		return json_null();
	return kind == COLUMN_FLAG ? json_boolean(v) : json_integer(v);
}

json_t *
standings_players_json(const struct game_state *st)
{
	json_t *arr = json_array();
	for (int i = 0; i < st->nplayers; i++) {
		const struct player_state *p = &st->p[i];
		json_t *o = json_object();
		json_t *pts = json_array();
		json_object_set_new(o, "name", jstr(p->name));
		json_object_set_new(o, "seat", json_integer(i + 1));
		if (st->sub && st->sub[i])
			json_object_set_new(o, "sub", jstr(st->sub[i]));  /* who plays the seat now */
		json_object_set_new(o, "total", json_integer(p->total));
		for (int h = 0; h < st->nhands; h++)
			json_array_append_new(pts, json_integer(st->hands[h].points[i]));
		json_object_set_new(o, "points", pts);
		if (!state_scores_points(st)) {
			/* no points: what each hand left the player holding, as
			 * `show` prints each hand's row */
			json_t *held = json_array();
			for (int h = 0; h < st->nhands; h++)
				json_array_append_new(held, json_integer(hand_measure(st, h, i)));
			json_object_set_new(o, "held", held);
		}
		/* each hand column: one value per hand, as "points" */
		for (int c = 0; c < rules_hand_columns(st->rules); c++) {
			if (!state_hand_column_shown(st, c))
				continue;
			json_t *vals = json_array();
			for (int h = 0; h < st->nhands; h++)
				json_array_append_new(vals,
				    column_json(st->rules->hand_columns[c].kind, hand_get(st, &st->hands[h], c, i)));
			json_object_set_new(o, st->rules->hand_columns[c].key, vals);
		}
		for (const struct column *c = st->rules->columns; c && c->key; c++)
			if (state_column_shown(st, c))
				json_object_set_new(o, c->key, column_json(c->kind, c->value(st, i)));
		json_object_set_new(o, "out", json_boolean(p->out));
		json_object_set_new(o, "rank", json_integer(p->rank));
		if (state_side(st, i) >= 0) { /* partnership play: the player's side */
			char side[256];
			json_object_set_new(o, "side", jstr(side_name(st, state_side(st, i), side, sizeof side)));
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

/* The "sides" array of partnership play (core/sides.h), best first:
 * name, players, seats (1-based), total, points (one per hand) and rank;
 * NULL when st is not played in sides. */
static json_t *
sides_json(const struct game_state *st)
{
	int k = state_nsides(st);
	if (k == 0)
		return NULL;
	int *order = xcalloc((size_t)k, sizeof *order);
	json_t *arr = json_array();
	sides_order(st, order);
	for (int r = 0; r < k; r++) {
		int s = order[r], seats[SIDE_SIZE], n = state_side_seats(st, s, seats);
		char name[256];
		json_t *o = json_object(), *players = json_array(), *nums = json_array(), *pts = json_array();
		json_object_set_new(o, "name", jstr(side_name(st, s, name, sizeof name)));
		for (int i = 0; i < n; i++) {
			json_array_append_new(players, jstr(st->p[seats[i]].name));
			json_array_append_new(nums, json_integer(seats[i] + 1));
		}
		for (int h = 0; h < st->nhands; h++)
			json_array_append_new(pts, json_integer(side_hand_points(st, h, s)));
		json_object_set_new(o, "players", players);
		json_object_set_new(o, "seats", nums);
		json_object_set_new(o, "total", json_integer(side_total(st, s)));
		json_object_set_new(o, "points", pts);
		json_object_set_new(o, "rank", json_integer(side_rank(st, s)));
		json_array_append_new(arr, o);
	}
	free(order);
	return arr;
}

static json_t *
winners_json(const struct game_state *st)
{
	json_t *w = json_array();
	if (st->over || st->closed)
		for (int i = 0; i < st->nplayers; i++)
			if (st->p[i].winner)
				json_array_append_new(w, jstr(st->p[i].name));
	return w;
}

/* Each grid of st's game (struct column_grid) at its own key of o:
 * [[seat values of its first column], [... second], ...]. */
static void
grids_json(const struct game_state *st, json_t *o)
{
	for (const struct column_grid *g = st->rules->grids; g && g->key; g++) {
		json_t *rows = json_array();
		for (const char *const *k = g->columns; *k; k++) {
			const struct column *c = state_column(st, *k);
			json_t *row = json_array();
			for (int i = 0; c && i < st->nplayers; i++) {
				long v = c->value(st, i);
				json_array_append_new(row, json_integer(v == COLUMN_NONE ? 0 : v));
			}
			json_array_append_new(rows, row);
		}
		if (json_array_size(json_array_get(rows, 0)) > 0)
			json_object_set_new(o, g->key, rows);
		else
			json_decref(rows);
	}
}

const char *
standings_status(const struct game_state *st)
{
	if (st->closed == GAME_ABANDONED && !st->over)
		return "abandoned";
	return st->over || st->closed ? "over" : "open";
}

json_t *
standings_show_json(const struct game_state *st, const struct game_ref *ref)
{
	json_t *o = json_object();
	json_t *opts = json_object();
	char next[160] = "";

	json_object_set_new(o, "id", json_integer(ref->id));
	json_object_set_new(o, "game", jstr(st->rules->name));
	json_object_set_new(o, "status", jstr(standings_status(st)));
	if (ref->started) {
		char when[WHEN_BUF];
		json_object_set_new(o, "started", jstr(when_show(ref->started, when_iso_local, when)));
	}
	if (st->rules->presets)
		json_object_set_new(opts, "preset", jstr(opt_get(&st->opts, "preset")));
	for (const struct option_def *od = st->rules->options; od && od->key; od++) {
		const char *v = opt_get(&st->opts, od->key);
		if (v)
			json_object_set_new(opts, od->key, jstr(v));
	}
	json_object_set_new(o, "options", opts);
	json_object_set_new(o, "hands", json_integer(st->nhands));
	rules_describe_next(st, next, sizeof next);
	json_object_set_new(o, "next", jstr(next));
	if (st->ledger) /* stakes: the ledger's pot */
		json_object_set_new(o, "pot", json_integer(st->pot));
	json_object_set_new(o, "dealer", jstr(st->p[st->dealer].name));
	json_object_set_new(o, "players", standings_players_json(st));
	json_t *sides = sides_json(st);
	if (sides)
		json_object_set_new(o, "sides", sides);
	grids_json(st, o);
	json_object_set_new(o, "winners", winners_json(st));
	return o;
}

json_t *
standings_hand_json(const struct game_state *st, const struct warnings *w)
{
	json_t *o = json_object();
	json_t *pts = json_object();
	json_t *warn = json_array();
	char next[160] = "";
	const struct hand_record *hr = st->nhands ? &st->hands[st->nhands - 1] : NULL;

	json_object_set_new(o, "hand", json_integer(st->nhands));
	for (int i = 0; hr && i < st->nplayers; i++)
		json_object_set_new(pts, st->p[i].name, json_integer(hr->points[i]));
	json_object_set_new(o, "points", pts);
	for (int i = 0; w && i < w->n; i++)
		json_array_append_new(warn, jstr(w->msg[i]));
	json_object_set_new(o, "warnings", warn);
	if (hr && hr->note)
		json_object_set_new(o, "note", jstr(hr->note));
	if (st->ledger) /* stakes: the ledger's pot */
		json_object_set_new(o, "pot", json_integer(st->pot));
	json_object_set_new(o, "players", standings_players_json(st));
	json_t *sides = sides_json(st);
	if (sides)
		json_object_set_new(o, "sides", sides);
	rules_describe_next(st, next, sizeof next);
	json_object_set_new(o, "next", jstr(next));
	json_object_set_new(o, "status", jstr(standings_status(st)));
	json_object_set_new(o, "winners", winners_json(st));
	return o;
}

int
standings_print_json(FILE *f, json_t *json)
{
	char *s = json_dumps(json, JSON_COMPACT);
	if (s == NULL)
		return -1;
	int r = fputs(s, f) < 0 || fputc('\n', f) == EOF ? -1 : 0;
	free(s);
	return r;
}

void
json_stream_item(FILE *f, json_t *item, long *n)
{
	char *s = json_dumps(item, JSON_COMPACT);
	fputc(*n == 0 ? '[' : ',', f);
	fputs(s ? s : "null", f);
	free(s);
	json_decref(item);
	(*n)++;
}

void
json_stream_close(FILE *f, long n)
{
	fputs(n == 0 ? "[]" : "]", f);
}

void
json_stream_end(FILE *f, long n)
{
	json_stream_close(f, n);
	fputc('\n', f);
}

/* Print s padded to width columns, right-aligned when right is 1. */
static void
cell(FILE *f, const char *s, int width, int right)
{
	int pad = width - utf8_width(s);
	if (pad < 0)
		pad = 0;
	if (right)
		fprintf(f, "%*s%s", pad, "", s);
	else
		fprintf(f, "%s%*s", s, pad, "");
}

/* The columns of the score table: the label width and one per player. */
struct table {
	FILE *f;
	int lw, n;
	int *cw;
};

/* One row: a label, then cells[0..n-1] right-aligned. */
static void
row(const struct table *t, const char *label, char cells[][24])
{
	cell(t->f, label, t->lw, 0);
	for (int i = 0; i < t->n; i++) {
		fputs("  ", t->f);
		cell(t->f, cells[i], t->cw[i], 1);
	}
	fputc('\n', t->f);
}

/* The width of the table's label column: the hand word with room for a
 * number, "total", and every label st shows ("  clean books" under a
 * hand, indented). */
static int
label_width(const struct game_state *st)
{
	int lw = (int)strlen(st->rules->hand_word) + 4;
	if (lw < 9)
		lw = 9;
	for (int k = 0; k < rules_hand_columns(st->rules); k++)
		if (st->rules->hand_columns[k].label && state_hand_column_shown(st, k) &&
		    lw < 2 + utf8_width(st->rules->hand_columns[k].label))
			lw = 2 + utf8_width(st->rules->hand_columns[k].label);
	for (const struct column *col = st->rules->columns; col && col->key; col++) {
		/* a SHEET_ACROSS column's row is headed "game 2 final" */
		int w = col->label ? utf8_width(col->label) : 0;
		if (col->place == SHEET_ACROSS && st->rules->across_labels)
			w += 1 + utf8_width(st->rules->across_labels[col->across - 1]);
		if (col->label && state_column_shown(st, col) && lw < w)
			lw = w;
	}
	return lw;
}

/* Under hand h's row: a row "  LABEL" per labelled hand column st shows. */
static void
hand_column_rows(const struct table *t, const struct game_state *st, int h, char cells[][24])
{
	for (int k = 0; k < rules_hand_columns(st->rules); k++) {
		const struct hand_column *hc = &st->rules->hand_columns[k];
		if (hc->label == NULL || !state_hand_column_shown(st, k))
			continue;
		char label[96];
		snprintf(label, sizeof label, "  %s", hc->label);
		for (int i = 0; i < t->n; i++)
			column_text(hc->kind, hand_get(st, &st->hands[h], k, i), cells[i], 24);
		row(t, label, cells);
	}
}

/* Partnership play (core/sides.h): the sides ranked, each with its
 * total, and each partner's part under it:
 *   1st Bob & Dee 1,765
 *         Bob 545
 *         Dee 1,220 */
static void
print_sides(FILE *f, const struct game_state *st)
{
	int k = state_nsides(st);
	if (k == 0)
		return;
	int *order = xcalloc((size_t)k, sizeof *order);
	sides_order(st, order);
	for (int r = 0; r < k; r++) {
		int s = order[r], seats[SIDE_SIZE], n = state_side_seats(st, s, seats);
		char nth[16], name[256], num[32];
		fprintf(f, "%s %s %s\n", sides_ordinal(side_rank(st, s), nth, sizeof nth),
		    side_name(st, s, name, sizeof name), sides_number(side_total(st, s), num, sizeof num));
		for (int i = 0; i < n; i++)
			fprintf(f, "      %s %s\n", st->p[seats[i]].name,
			    sides_number(st->p[seats[i]].total, num, sizeof num));
	}
	free(order);
}

/* The winners, comma-separated (a side's partners as "Ann & Cid"). */
static void
print_winners(FILE *f, const struct game_state *st)
{
	int first = 1;
	for (int s = 0; s < state_nsides(st); s++) {
		int seats[SIDE_SIZE];
		char name[256];
		if (state_side_seats(st, s, seats) && st->p[seats[0]].winner) {
			fprintf(f, "%s%s", first ? "" : ", ", side_name(st, s, name, sizeof name));
			first = 0;
		}
	}
	if (state_nsides(st) > 0) {
		fputc('\n', f);
		return;
	}
	for (int i = 0; i < st->nplayers; i++)
		if (st->p[i].winner) {
			fprintf(f, "%s%s", first ? "" : ", ", st->p[i].name);
			first = 0;
		}
	fputc('\n', f);
}

/* After the table: the pot, and the winner or what comes next. */
static void
print_status(FILE *f, const struct game_state *st, const char *over_word)
{
	char next[160] = "";
	if (st->ledger) /* stakes: the ledger's pot */
		fprintf(f, "%s: %ld\n", rules_pot_name(st->rules), st->pot);
	if (st->over || st->closed) {
		if (st->closed == GAME_ABANDONED && !st->over) {
			fputs("abandoned: no result, counted nowhere\n", f);
			return;
		}
		fputs(st->closed && !st->over ? "ended early; leading: " : over_word, f);
		print_winners(f, st);
	} else {
		rules_describe_next(st, next, sizeof next);
		fprintf(f, "next: %s\n", next);
	}
}

void
standings_print(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	static const char *const nth[] = { "th", "st", "nd", "rd" };
	int n = st->nplayers, anyout = 0;
	struct table t = { f, label_width(st), n, xcalloc((size_t)n, sizeof(int)) };
	char (*c)[24] = xcalloc((size_t)n, sizeof *c);

	for (int i = 0; i < n; i++) {
		t.cw[i] = utf8_width(st->p[i].name);
		if (t.cw[i] < 6)
			t.cw[i] = 6;
		anyout |= st->p[i].out;
	}
	fprintf(f, "%s #%ld", rules_title(st->rules, &st->opts), ref->id);
	if (ref->started) {
		char when[WHEN_BUF];
		fprintf(f, ", started %.32s", when_show(ref->started, when_human, when));
	}
	fputc('\n', f);
	cell(f, st->rules->hand_word, t.lw, 0);
	for (int i = 0; i < n; i++) {
		fputs("  ", f);
		cell(f, st->p[i].name, t.cw[i], 1);
	}
	fputc('\n', f);
	/* one row per hand: points, or where the game is not scored in
	 * points what each player holds after it; under it a row per
	 * labelled hand column */
	for (int h = 0; h < st->nhands; h++) {
		char label[16];
		snprintf(label, sizeof label, "%d", h + 1);
		for (int i = 0; i < n; i++) {
			const struct hand_record *hr = &st->hands[h];
			if (st->rules->show_detail)
				snprintf(c[i], sizeof c[i], "%s", hr->detail[i] ? hr->detail[i] : "");
			else
				snprintf(c[i], sizeof c[i], "%ld", state_scores_points(st) ? hr->points[i] : hand_measure(st, h, i));
		}
		row(&t, label, c);
		hand_column_rows(&t, st, h, c);
	}
	if (state_scores_points(st)) {
		for (int i = 0; i < n; i++)
			snprintf(c[i], sizeof c[i], "%ld", st->p[i].total);
		row(&t, "total", c);
	}
	for (const struct column *col = st->rules->columns; col && col->key; col++) {
		if (col->label == NULL || !state_column_shown(st, col))
			continue;
		char lab[64]; /* a SHEET_ACROSS column: "game 2 final" */
		snprintf(lab, sizeof lab, "%s%s%s", col->place == SHEET_ACROSS && st->rules->across_labels
		    ? st->rules->across_labels[col->across - 1] : "", col->place == SHEET_ACROSS ? " " : "", col->label);
		for (int i = 0; i < n; i++)
			column_text(col->kind, col->value(st, i), c[i], sizeof c[i]);
		row(&t, lab, c);
	}
	for (int i = 0; i < n; i++)
		snprintf(c[i], sizeof c[i], "%d", st->p[i].rank);
	row(&t, "rank", c);
	if (anyout) {
		for (int i = 0; i < n; i++) {
			int o = st->p[i].out_order;
			c[i][0] = '\0';
			if (st->p[i].out)
				snprintf(c[i], sizeof c[i], "%d%s", o,
				    nth[o % 10 < 4 && (o % 100) / 10 != 1 ? o % 10 : 0]);
		}
		row(&t, "out", c);
	}
	print_sides(f, st);
	print_status(f, st, "winner: ");
	rules_print_extra(st, f);
	free(c);
	free(t.cw);
}

/* What seat i held when the game started (the ledger's opening moves). */
static long
opening_chips(const struct game_state *st, int i)
{
	long sum = 0;
	for (int m = 0; st->ledger && m < st->ledger->nmoves && st->ledger->moves[m].hand == 0; m++)
		if (st->ledger->moves[m].to == LEDGER_BANK(i) || st->ledger->moves[m].to == LEDGER_PILE(i))
			sum += st->ledger->moves[m].amount;
	return sum;
}

/* What n of a player's chips are called: "1 quarter", "2 quarters",
 * "1 life", "3 lives", "5 money". */
static const char *
chips_word(const struct game_state *st, long n)
{
	static const char *const words[][2] = {
		{ "chips", "chip" }, { "quarters", "quarter" }, { "lives", "life" }, { "dimes", "dime" },
	};
	const char *cn = rules_chips_name(st->rules);
	for (size_t k = 0; k < ARRAY_LEN(words); k++)
		if (strcmp(cn, words[k][0]) == 0)
			return plural(n, words[k][1], cn);
	return cn;
}

void
standings_hand_name(const struct game_state *st, long id, int hand, char *buf, size_t size)
{
	if (hand > 0)
		snprintf(buf, size, "%s #%ld, %s %d", rules_title(st->rules, &st->opts), id, st->rules->hand_word, hand);
	else
		snprintf(buf, size, "%s #%ld", rules_title(st->rules, &st->opts), id);
}

void
standings_print_hand(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	const struct hand_record *hr = &st->hands[st->nhands - 1];
	int changed = 0;
	char name[160];
	standings_hand_name(st, ref->id, st->nhands, name, sizeof name);
	fprintf(f, "%s:", name);
	const struct column *chips = state_column(st, "chips");
	int points = state_scores_points(st);
	int h = st->nhands - 1;
	for (int i = 0; i < st->nplayers; i++) {
		if (!points) {
			long before = h > 0 ? hand_measure(st, h - 1, i) : opening_chips(st, i);
			if (hand_measure(st, h, i) != before) {
				fprintf(f, " %s %+ld", st->p[i].name, hand_measure(st, h, i) - before);
				changed++;
			}
		} else if (!(st->p[i].out && hr->points[i] == 0 && !hr->detail[i]))
			fprintf(f, " %s %ld", st->p[i].name, hr->points[i]);
	}
	if (!points && changed == 0)
		fputs(" no change", f);
	fputc('\n', f);
	if (hr->note)
		fprintf(f, "  %s\n", hr->note);
	fputs(points ? "totals:" : "now:", f);
	for (int i = 0; i < st->nplayers; i++) {
		fprintf(f, " %s %ld", st->p[i].name, points ? st->p[i].total : state_measure(st, i));
		if (points && chips)
			fprintf(f, " (%ld %s)", chips->value(st, i), chips_word(st, chips->value(st, i)));
		if (st->p[i].out)
			fputs(" out", f);
	}
	fputc('\n', f);
	print_sides(f, st);
	print_status(f, st, "game over; winner: ");
}

/* One value field of the hands format (see standings_hands_csv). */
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

/* A record of the hands format up to its key: uid, id, game, hand (empty
 * for 0), player, seat. */
static void
cells_head(struct csv *c, const struct game_state *st, const char *uid, long id, int hand, int p)
{
	csv_word(c, uid);
	csv_long(c, id);
	/* a title is the table's text, quoted; a rules name a plain word */
	const char *name = rules_table_name(st->rules, &st->opts);
	if (name == st->rules->name)
		csv_word(c, name);
	else
		csv_text(c, name);
	if (hand > 0)
		csv_long(c, hand);
	else
		csv_empty(c);
	csv_text(c, st->p[p].name);
	csv_long(c, p + 1);
}

void
standings_hands_csv(FILE *f, const struct game_state *st, const char *uid, long id)
{
	struct csv c;
	const struct game_rules *r = st->rules;
	csv_start(&c, f);
	for (int h = 0; h < st->nhands; h++)
		for (int p = 0; p < st->nplayers; p++) {
			cells_head(&c, st, uid, id, h + 1, p);
			csv_word(&c, "points");
			csv_long(&c, st->hands[h].points[p]);
			csv_end(&c);
			if (!state_scores_points(st)) {  /* as "held" in the JSON */
				cells_head(&c, st, uid, id, h + 1, p);
				csv_word(&c, "held");
				csv_long(&c, hand_measure(st, h, p));
				csv_end(&c);
			}
			for (int k = 0; k < rules_hand_columns(r); k++) {
				if (!state_hand_column_shown(st, k))
					continue;
				cells_head(&c, st, uid, id, h + 1, p);
				csv_word(&c, r->hand_columns[k].key);
				csv_value(&c, r->hand_columns[k].kind, hand_get(st, &st->hands[h], k, p));
				csv_end(&c);
			}
		}
	for (int p = 0; p < st->nplayers; p++) {
		cells_head(&c, st, uid, id, 0, p);
		csv_word(&c, "total");
		csv_long(&c, st->p[p].total);
		csv_end(&c);
		for (const struct column *col = r->columns; col && col->key; col++) {
			if (!state_column_shown(st, col))
				continue;
			cells_head(&c, st, uid, id, 0, p);
			csv_word(&c, col->key);
			csv_value(&c, col->kind, col->value(st, p));
			csv_end(&c);
		}
	}
}
