/* SPDX-License-Identifier: ISC */
/* view_text.c: the text renderer of a view, `show`'s standings (see
 * view.h). */
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "names.h"
#include "util.h"
#include "view.h"
#include "when.h"

/* The columns s takes: its bytes when they are ASCII (a number, most
 * cells), else utf8_width's count. */
static int
cell_width(const char *s)
{
	const char *p = s;
	while (*p > 0 && (unsigned char)*p < 0x80)
		p++;
	return *p ? utf8_width(s) : (int)(p - s);
}

/* n spaces on f. */
static void
spaces(FILE *f, int n)
{
	static const char blank[] = "                                ";
	for (; n > 0; n -= (int)sizeof blank - 1)
		fwrite(blank, 1, n < (int)sizeof blank - 1 ? (size_t)n : sizeof blank - 1, f);
}

/* Print s padded to width columns, right-aligned when right is 1.  A
 * table of a thousand hands is five thousand cells: no printf here. */
static void
cell(FILE *f, const char *s, int width, int right)
{
	int pad = width - cell_width(s);
	if (right)
		spaces(f, pad);
	fputs(s, f);
	if (!right)
		spaces(f, pad);
}

/* n spaces at o (up to TABLE_PAD bytes more may be written, and are
 * left for what comes next); returns their end. */
#define TABLE_PAD 16
static char *
spaces_at(char *o, int n)
{
	if (n <= 0)
		return o;
	if (n <= TABLE_PAD)
		memcpy(o, "                ", TABLE_PAD);
	else
		memset(o, ' ', (size_t)n);
	return o + n;
}

/* v in decimal at o, left-aligned in width columns (right-aligned when
 * right is 1), or as wide as its digits; a score (group) with its
 * thousands grouped as grouped_number() groups them; returns where it
 * ends. */
static char *
put_number(char *o, long v, int width, int right, int group)
{
	char tmp[GROUPED_MAX];
	int n = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do {
		if (group && n % 4 == 3)
			tmp[n++] = ',';
		tmp[n++] = (char)('0' + u % 10);
	} while ((u /= 10) != 0);
	if (v < 0)
		tmp[n++] = '-';
	int pad = width - n > 0 ? width - n : 0;
	if (right)
		o = spaces_at(o, pad);
	while (n > 0)
		*o++ = tmp[--n];
	return right ? o : spaces_at(o, pad);
}

/* v in decimal into buf (room for GROUPED_MAX): "%ld" without printf,
 * grouped when group (a score). */
static void
decimal(long v, char *buf, int group)
{
	*put_number(buf, v, 0, 0, group) = '\0';
}

/* The rows of a table are made in one buffer of this many bytes and
 * written when it is full: a thousand-hand table is a thousand rows, and
 * on a terminal, where stdout is line-buffered, a row written alone is a
 * write(2) of its own. */
#define TABLE_OUT 8192
/* a row longer than this is written cell by cell */
#define TABLE_ROW 512

/* The columns of the score table: the label width and one per player;
 * a block of the players, from..to-1, when the table is cut to fit the
 * terminal; and the rows made and not yet written (out[0..used-1]). */
struct table {
	FILE *f;
	int lw, n;
	int *cw;
	int from, to;
	char *out;
	size_t used;
	int numbers_fit;  /* a row of numbers of the block fits TABLE_ROW */
};

/* Write the rows t holds. */
static void
table_flush(struct table *t)
{
	if (t->used > 0)
		fwrite(t->out, 1, t->used, t->f);
	t->used = 0;
}

/* Append s padded to width columns (right-aligned when right is 1) to
 * line[*n..size-1]; 0 when it does not fit.  One pass over an ASCII s
 * (a number, most cells) gives its bytes and its columns alike. */
static int
put_cell(char *line, size_t *n, size_t size, const char *s, int width, int right)
{
	size_t len = 0;
	while (s[len] > 0 && (unsigned char)s[len] < 0x80)
		len++;
	int w = (int)len;
	if (s[len] != '\0') {
		w = utf8_width(s);
		len += strlen(s + len);
	}
	int pad = width - w > 0 ? width - w : 0;
	if (*n + len + (size_t)pad + 1 >= size)
		return 0;
	char *o = line + *n;
	if (right)
		for (; pad > 0; pad--)
			*o++ = ' ';
	memcpy(o, s, len);
	o += len;
	for (; pad > 0; pad--)
		*o++ = ' ';
	*n = (size_t)(o - line);
	return 1;
}

/* One row: a label, then cells[from..to-1] right-aligned, each after two
 * spaces, and no blanks after the last cell with something in it (a
 * player who sat a hand out, the last in the row); made in t's buffer, or
 * written cell by cell when it is longer than TABLE_ROW. */
static void
row(struct table *t, const char *label, char cells[][GROUPED_MAX])
{
	int to = t->to;
	while (to > t->from && cells[to - 1][0] == '\0')
		to--;
	if (t->used + TABLE_ROW > TABLE_OUT)
		table_flush(t);
	char *line = t->out + t->used;
	size_t n = 0;
	int fits = put_cell(line, &n, TABLE_ROW, label, to > t->from ? t->lw : 0, 0);
	for (int i = t->from; fits && i < to; i++) {
		line[n++] = ' ';
		line[n++] = ' ';
		fits = put_cell(line, &n, TABLE_ROW, cells[i], t->cw[i], 1);
	}
	if (fits) {
		line[n++] = '\n';
		t->used += n;
		return;
	}
	table_flush(t);
	cell(t->f, label, to > t->from ? t->lw : 0, 0);
	for (int i = t->from; i < to; i++) {
		fputs("  ", t->f);
		cell(t->f, cells[i], t->cw[i], 1);
	}
	fputc('\n', t->f);
}

/* A hand's row of numbers, values[from..to-1], under its number label:
 * the common row of a score table, made in t's buffer with no cell
 * strings (the same bytes as row() makes of the numbers in decimal);
 * 0 when such a row may be longer than TABLE_ROW, for row() to make. */
static int
number_row(struct table *t, long label, const long *values)
{
	if (!t->numbers_fit)
		return 0;
	if (t->used + TABLE_ROW > TABLE_OUT)
		table_flush(t);
	char *line = t->out + t->used, *o = put_number(line, label, t->lw, 0, 0);
	for (int i = t->from; i < t->to; i++) {
		*o++ = ' ';
		*o++ = ' ';
		o = put_number(o, values[i], t->cw[i], 1, 1);
	}
	*o++ = '\n';
	t->used += (size_t)(o - line);
	return 1;
}

/* The width of the table's label column: the hand word with room for a
 * number, "total", and every label v has ("  clean books" under a hand,
 * indented). */
static int
label_width(const struct view *v)
{
	int lw = (int)strlen(v->hand_word) + 4;
	if (lw < 9)
		lw = 9;
	for (int k = 0; k < v->nhand_lines; k++)
		if (v->hand_lines[k].label && lw < 2 + utf8_width(v->hand_lines[k].label))
			lw = 2 + utf8_width(v->hand_lines[k].label);
	for (int k = 0; k < v->nfoot; k++) {
		char lab[96];
		if (v->foot[k].label == NULL || view_line_empty(&v->foot[k], v->nplayers))
			continue;
		view_foot_label(&v->foot[k], lab, sizeof lab);
		if (lw < utf8_width(lab))
			lw = utf8_width(lab);
	}
	return lw;
}

/* A row per labelled line of lines[0..n-1], label indented by indent;
 * a foot line (indent 0) with no value at all is left out. */
static void
line_rows(struct table *t, const struct view_line *lines, int n, int indent, char cells[][GROUPED_MAX])
{
	for (int k = 0; k < n; k++) {
		const struct view_line *l = &lines[k];
		char label[96];
		if (l->label == NULL || (!indent && view_line_empty(l, t->n)))
			continue;
		if (indent)
			snprintf(label, sizeof label, "  %s", l->label);
		else
			view_foot_label(l, label, sizeof label);
		for (int i = t->from; i < t->to; i++)
			rules_column_text(l->kind, l->v[i], cells[i], GROUPED_MAX);
		row(t, label, cells);
	}
}

/* text and a newline on f, on a terminal broken between words at its
 * width, the lines after the first begun with indent (fit_prose). */
static void
say(FILE *f, const char *indent, const char *text)
{
	fit_prose(f, text, text_columns(f), indent);
}

/* name to sb, kept in one piece on a terminal (fit_glued). */
static void
add_name(struct strbuf *sb, const char *name)
{
	char *g = fit_glued(name);
	sb_add(sb, g);
	free(g);
}

/* head and the winners, comma-separated (a side's partners as "Ann &
 * Cid"), going on to an indented line between names. */
static void
print_winners(FILE *f, const struct view *v, const char *head)
{
	struct strbuf sb = {0};
	sb_add(&sb, head);
	int first = 1;
	for (int s = 0; s < v->nsides; s++)
		if (v->sides[s].nseats > 0 && v->players[v->sides[s].seats[0]].winner) {
			sb_add(&sb, first ? "" : ", ");
			add_name(&sb, v->sides[s].name);
			first = 0;
		}
	for (int i = 0; i < v->nplayers && v->nsides == 0; i++)
		if (v->players[i].winner) {
			sb_add(&sb, first ? "" : ", ");
			add_name(&sb, v->players[i].name);
			first = 0;
		}
	say(f, "  ", sb.s);
	sb_release(&sb);
}

/* After the table: the pot, and the winner (after over_word) or what
 * comes next. */
static void
print_status(FILE *f, const struct view *v, const char *over_word)
{
	char num[GROUPED_MAX];
	if (v->has_pot)
		fprintf(f, "%s: %s\n", v->pot_name, grouped_number(v->pot, 0, num, sizeof num));
	if (v->over || v->closed) {
		if (view_abandoned(v)) {
			fputs("abandoned: no result, counted nowhere\n", f);
			return;
		}
		if (view_ended_unplayed(v)) {
			fprintf(f, "ended with no %ss played: no winner\n", v->hand_word);
			return;
		}
		print_winners(f, v, v->closed && !v->over ? "ended early; winner: " : over_word);
	} else {  /* a sentence: broken between words on a terminal */
		char *next = xasprintf("next: %s", v->next);
		say(f, "", next);
		free(next);
	}
}

/* The title line: "Golf #3, started Thu 20 Nov 20:15", on a terminal
 * going on to a next line before the time, never inside it. */
static void
print_title(FILE *f, const struct view *v)
{
	struct strbuf sb = {0};
	sb_printf(&sb, "%s #%ld", v->title, v->id);
	if (v->started) {
		char when[WHEN_BUF];
		sb_add(&sb, ", started ");
		add_name(&sb, when_show(v->started, when_human, when));
	}
	say(f, "  ", sb.s);
	sb_release(&sb);
}

/* One row per hand: points, or where the game is not scored in points
 * what each player holds after it, or the hand's detail; under it a row
 * per labelled hand line. */
static void
hand_rows(struct table *t, const struct view *v, char c[][GROUPED_MAX])
{
	for (int h = 0; h < v->nhands; h++) {
		const struct view_hand *vh = &v->hands[h];
		int numbers = !v->show_detail;
		for (int i = t->from; numbers && i < t->to; i++)
			numbers = vh->points[i] != COLUMN_NONE;
		if (numbers && number_row(t, vh->n, v->scores_points ? vh->points : vh->held)) {
			line_rows(t, vh->lines, vh->nlines, 1, c);
			continue;
		}
		char label[24];
		decimal(vh->n, label, 0);
		for (int i = t->from; i < t->to; i++) {
			if (v->show_detail || vh->points[i] == COLUMN_NONE)
				snprintf(c[i], sizeof c[i], "%s", vh->detail[i] ? vh->detail[i] : "");
			else
				decimal(v->scores_points ? vh->points[i] : vh->held[i], c[i], 1);
		}
		row(t, label, c);
		line_rows(t, vh->lines, vh->nlines, 1, c);
	}
}

/* Partnership play: the sides ranked, best first, each with its total
 * and each partner's part under it:
 *   1st Bob & Dee 1,765
 *         Bob 545
 *         Dee 1,220
 * With no places (no hand played, or abandoned) no side has an ordinal. */
static void
print_sides(FILE *f, const struct view *v)
{
	for (int place = 1; place <= v->nsides; place++)
		for (int s = 0; s < v->nsides; s++) {
			const struct view_side *vs = &v->sides[s];
			char nth[16], num[32];
			if (vs->rank != place)
				continue;
			if (view_no_places(v))
				fprintf(f, "%s %s\n", vs->name, view_number(vs->total, num, sizeof num));
			else
				fprintf(f, "%s %s %s\n", view_ordinal(vs->rank, nth, sizeof nth), vs->name,
				    view_number(vs->total, num, sizeof num));
			for (int k = 0; k < vs->nseats; k++)
				fprintf(f, "      %s %s\n", v->players[vs->seats[k]].name,
				    view_number(v->players[vs->seats[k]].total, num, sizeof num));
		}
}

/* The columns v printed in decimal takes ("-1,234": 6), its thousands
 * grouped when group (a score), as decimal() prints it. */
static int
number_width(long v, int group)
{
	int digits = 1, w;
	for (unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v; u >= 10; u /= 10)
		digits++;
	w = digits + (group ? (digits - 1) / 3 : 0) + (v < 0);
	return w;
}

/* The width of a labelled line's cell (rules_column_text's). */
static int
line_cell_width(const struct view_line *l, int i)
{
	if (l->v[i] == COLUMN_NONE)
		return 0;
	return l->kind == COLUMN_FLAG ? (l->v[i] ? 3 : 2) : number_width(l->v[i], 1);
}

/* The width of player i's column: as wide as its widest cell (a hand's
 * points or its detail, "3 piles: soft win"; a hand line; the total; a
 * foot line; the rank; the order out) and its name, and at least 6. */
static int
column_width(const struct view *v, int i)
{
	int w = utf8_width(v->players[i].name), c;
	char nth[16];
#define WIDEN(x) do { if ((c = (x)) > w) w = c; } while (0)
	WIDEN(6);
	for (int h = 0; h < v->nhands; h++) {
		const struct view_hand *vh = &v->hands[h];
		if (v->show_detail || vh->points[i] == COLUMN_NONE)
			WIDEN(vh->detail[i] ? cell_width(vh->detail[i]) : 0);
		else
			WIDEN(number_width(v->scores_points ? vh->points[i] : vh->held[i], 1));
		for (int k = 0; k < vh->nlines; k++)
			if (vh->lines[k].label)
				WIDEN(line_cell_width(&vh->lines[k], i));
	}
	if (v->scores_points)
		WIDEN(number_width(v->players[i].total, 1));
	for (int k = 0; k < v->nfoot; k++)
		if (v->foot[k].label)
			WIDEN(line_cell_width(&v->foot[k], i));
	WIDEN(number_width(v->players[i].rank, 0));
	if (v->players[i].out)
		WIDEN(cell_width(view_ordinal(v->players[i].out_order, nth, sizeof nth)));
#undef WIDEN
	return w;
}

/* The score table for the players of t's block: a header of their names,
 * a row per hand (and its lines), total, the foot lines, rank, out. */
static void
print_block(struct table *t, const struct view *v, char c[][GROUPED_MAX], int anyout)
{
	FILE *f = t->f;
	int n = v->nplayers;
	/* a number is at most 26 columns ("-9,223,372,036,854,775,808") */
	int most = (t->lw > 26 ? t->lw : 26) + 1;
	for (int i = t->from; i < t->to; i++)
		most += 2 + (t->cw[i] > 26 ? t->cw[i] : 26);
	t->numbers_fit = most + TABLE_PAD < TABLE_ROW;
	cell(f, v->hand_word, t->lw, 0);
	for (int i = t->from; i < t->to; i++) {
		fputs("  ", f);
		cell(f, v->players[i].name, t->cw[i], 1);
	}
	fputc('\n', f);
	hand_rows(t, v, c);
	if (v->scores_points) {
		for (int i = 0; i < n; i++)
			decimal(v->players[i].total, c[i], 1);
		row(t, "total", c);
	}
	line_rows(t, v->foot, v->nfoot, 0, c);
	for (int i = 0; i < n && !view_no_places(v); i++)   /* no result: no places */
		snprintf(c[i], sizeof c[i], "%d", v->players[i].rank);
	if (!view_no_places(v))
		row(t, "rank", c);
	if (anyout) {
		for (int i = 0; i < n; i++) {
			c[i][0] = '\0';
			if (v->players[i].out)
				view_ordinal(v->players[i].out_order, c[i], sizeof c[i]);
		}
		row(t, "out", c);
	}
	table_flush(t);
}

void
view_print_standings(FILE *f, const struct view *v)
{
	int n = v->nplayers, anyout = 0, width = text_columns(f);
	struct table t = { f, label_width(v), n, xcalloc((size_t)(n ? n : 1), sizeof(int)), 0, n, xmalloc(TABLE_OUT), 0,
		0 };
	char (*c)[GROUPED_MAX] = xcalloc((size_t)(n ? n : 1), sizeof *c);

	for (int i = 0; i < n; i++) {
		t.cw[i] = column_width(v, i);
		anyout |= v->players[i].out;
	}
	print_title(f, v);
	/* on a terminal too narrow for every player, the table comes in
	 * blocks of whole players, each with its own labels: no row wraps
	 * and no name is split */
	do {
		int used = t.lw;
		t.to = t.from;
		while (t.to < n && (t.to == t.from || width == 0 || used + 2 + t.cw[t.to] <= width))
			used += 2 + t.cw[t.to++];
		if (t.from > 0)
			fputc('\n', f);
		print_block(&t, v, c, anyout);
		t.from = t.to;
	} while (t.from < n);
	print_sides(f, v);
	print_status(f, v, "winner: ");
	/* the game's notes: a name kept with its number ("Kim 9") */
	for (int i = 0; i < v->nnotes; i++) {
		char *note = fit_glue_numbers(v->notes[i]);
		say(f, "  ", note);
		free(note);
	}
	free(c);
	free(t.cw);
	free(t.out);
}

void
view_print_text(FILE *f, const struct view *v)
{
	struct strbuf sb = {0};
	int width = text_columns(f);
	view_print_standings(f, v);
	/* on a terminal the options go on to indented lines between them,
	 * never inside key=value */
	for (int i = 0; i < v->noptions; i++)
		if (v->options[i].set)
			sb_printf(&sb, "%s%s=%s", sb.len ? " " : "options: ", v->options[i].key, v->options[i].value);
	if (sb.len)
		fit_prose(f, sb.s, width, "  ");
	for (int i = 0; i < v->nplayers; i++)
		if (v->players[i].joined > 0) {
			char with[80];
			sb.len = 0;
			sb_printf(&sb, "%s joins at %s %d, %s", v->players[i].name, v->hand_word, v->players[i].joined,
			    view_joined_with(v, i, with, sizeof with));
			fit_prose(f, sb.s, width, "");
		}
	for (int i = 0; i < v->nsubs; i++) {
		const struct view_sub_line *s = &v->subs[i];
		const char *own = v->players[s->seat].name;
		sb.len = 0;
		if (strcmp(s->name, own) == 0)
			sb_printf(&sb, "%s plays their own seat again from %s %d", own, v->hand_word, s->hand);
		else
			sb_printf(&sb, "%s plays %s's seat from %s %d", s->name, own, v->hand_word, s->hand);
		say(f, "", sb.s);
	}
	/* how long it took, once two hands say it (core/when.h when_played) */
	if (v->play_minutes >= 0) {
		char len[WHEN_BUF];
		when_length(v->play_minutes, len);
		fprintf(f, "play time: %s\n", len);
	}
	if (v->note) {
		sb.len = 0;
		sb_printf(&sb, "note: %s", v->note);
		say(f, "  ", sb.s);
	}
	sb_release(&sb);
}

/* What n of a player's chips are called: "1 quarter", "2 quarters",
 * "1 life", "3 lives", "5 money". */
static const char *
chips_word(const struct view *v, long n)
{
	static const char *const words[][2] = {
		{ "chips", "chip" }, { "quarters", "quarter" }, { "lives", "life" }, { "dimes", "dime" },
	};
	for (size_t k = 0; k < ARRAY_LEN(words); k++)
		if (strcmp(v->chips_name, words[k][0]) == 0)
			return plural(n, words[k][1], v->chips_name);
	return v->chips_name;
}

/* The foot line of v with this key, or NULL. */
static const struct view_line *
foot_by_key(const struct view *v, const char *key)
{
	for (int k = 0; k < v->nfoot; k++)
		if (strcmp(v->foot[k].key, key) == 0)
			return &v->foot[k];
	return NULL;
}

/* A line of one item per player that goes on to an indented next line
 * where the next item would pass the terminal's width: never inside an
 * item, so no name is split. */
struct wrap {
	FILE *f;
	int width, col;
};

static void
wrap_start(struct wrap *w, FILE *f, const char *head)
{
	w->f = f;
	w->width = text_columns(f);
	fputs(head, f);
	w->col = utf8_width(head);
}

/* " item", or a new line indented by two and "item" when it would not fit. */
static void
wrap_item(struct wrap *w, const char *item)
{
	int iw = utf8_width(item);
	if (w->width > 0 && w->col > 2 && w->col + 1 + iw > w->width) {
		fputs("\n ", w->f);
		w->col = 1;
	}
	fprintf(w->f, " %s", item);
	w->col += 1 + iw;
}

/* The first line of view_print_hand: each player's points, or the change
 * in what each holds. */
static void
hand_changes(struct wrap *w, const struct view *v, const struct view_hand *vh)
{
	int changed = 0, h = vh->n - 1;
	char item[160], num[GROUPED_MAX];
	for (int i = 0; i < v->nplayers; i++) {
		const struct view_player *p = &v->players[i];
		if (vh->points[i] == COLUMN_NONE)
			continue;  /* a late arrival for the hands to come */
		if (!v->scores_points) {
			long before = vh->n == p->joined ? p->joined_with : h > 0 ? v->hands[h - 1].held[i] : p->start;
			if (vh->held[i] != before) {
				snprintf(item, sizeof item, "%s %s", p->name, grouped_number(vh->held[i] - before, 1, num, sizeof num));
				wrap_item(w, item);
				changed++;
			}
		} else if (!(p->out && vh->points[i] == 0 && !vh->detail[i])) {
			snprintf(item, sizeof item, "%s %s", p->name, grouped_number(vh->points[i], 0, num, sizeof num));
			wrap_item(w, item);
		}
	}
	if (!v->scores_points && changed == 0)
		wrap_item(w, "no change");
	fputc('\n', w->f);
}

void
view_print_hand(FILE *f, const struct view *v)
{
	const struct view_hand *vh = &v->hands[v->nhands - 1];
	struct wrap w;
	char head[200];
	snprintf(head, sizeof head, "%s #%ld, %s %d:", v->title, v->id, v->hand_word, vh->n);
	wrap_start(&w, f, head);
	hand_changes(&w, v, vh);
	if (vh->note) {  /* a sentence: broken between words on a terminal */
		char *note = xasprintf("  %s", vh->note);
		fit_prose(f, note, text_columns(f), "  ");
		free(note);
	}
	view_print_totals(f, v);
}

void
view_print_totals(FILE *f, const struct view *v)
{
	const struct view_line *chips = foot_by_key(v, "chips");
	struct wrap w;
	char item[200], num[GROUPED_MAX];
	wrap_start(&w, f, v->scores_points ? "totals:" : "now:");
	for (int i = 0; i < v->nplayers; i++) {
		const struct view_player *p = &v->players[i];
		int k = snprintf(item, sizeof item, "%s %s", p->name,
		    grouped_number(v->scores_points ? p->total : p->measure, 0, num, sizeof num));
		if (v->scores_points && chips && k > 0 && (size_t)k < sizeof item)
			k += snprintf(item + k, sizeof item - (size_t)k, " (%s %s)", grouped_number(chips->v[i], 0, num, sizeof num),
			    chips_word(v, chips->v[i]));
		if (p->out && k > 0 && (size_t)k < sizeof item)
			snprintf(item + k, sizeof item - (size_t)k, " out");
		wrap_item(&w, item);
	}
	fputc('\n', f);
	print_sides(f, v);
	print_status(f, v, "game over; winner: ");
}
