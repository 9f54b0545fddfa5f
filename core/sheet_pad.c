/* SPDX-License-Identifier: ISC */
/* sheet_pad.c: a score pad from a game's view (see sheet_pad.h). */
#include "sheet_pad.h"

#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "util.h"
#include "when.h"

/* Keep p to free with the pad; returns p. */
static void *
keep(struct sheet_pad *pad, void *p)
{
	if (pad->nmem == pad->capmem) {
		pad->capmem = pad->capmem ? pad->capmem * 2 : 32;
		pad->mem = xrealloc(pad->mem, (size_t)pad->capmem * sizeof *pad->mem);
	}
	pad->mem[pad->nmem++] = p;
	return p;
}

static char *
kstr(struct sheet_pad *pad, char *s)
{
	return s ? keep(pad, s) : NULL;
}

static char **
karr(struct sheet_pad *pad, size_t n)
{
	return keep(pad, xcalloc(n ? n : 1, sizeof(char *)));
}

/* A score as a pad prints it: grouped as show groups it
 * (grouped_number: "1,430"), a "+" before a gain when sign. */
static char *
num(struct sheet_pad *pad, long v, int sign)
{
	char buf[GROUPED_MAX];
	return kstr(pad, xstrdup(grouped_number(v, sign, buf, sizeof buf)));
}

/* A line's value as a pad prints it ("yes", the number), or NULL (an
 * empty box) for COLUMN_NONE. */
static char *
line_text(struct sheet_pad *pad, enum column_kind kind, long v)
{
	char buf[32];
	return v == COLUMN_NONE ? NULL : kstr(pad, xstrdup(rules_column_text(kind, v, buf, sizeof buf)));
}

/* Line l of a hand played for player i as a filled pad prints it:
 * line_text, but "" (no box at all, sheet.h) for no value: the player
 * sat the hand out (a patience deal they did not play, a late arrival's
 * hands before), and a played hand has nothing left to tick. */
static char *
hand_line_text(struct sheet_pad *pad, const struct view_line *l, int i)
{
	if (l->v[i] == COLUMN_NONE)
		return kstr(pad, xstrdup(""));
	return line_text(pad, l->kind, l->v[i]);
}

/* "1st", "2nd out". */
static char *
ordinal(struct sheet_pad *pad, int n, const char *what)
{
	int t = n % 100 >= 11 && n % 100 <= 13 ? 0 : n % 10;
	return kstr(pad, xasprintf("%d%s%s", n, t == 1 ? "st" : t == 2 ? "nd" : t == 3 ? "rd" : "th", what));
}

static int
finished(const struct view *v)
{
	return v->over || v->closed;
}

/* Does the measure (what decides the game) count points? */
static int
measure_points(const struct view *v)
{
	return strcmp(v->measure_name, "points") == 0;
}

/* The rows (SPEC section 7): a blank pad's whole length; a filled pad's
 * hands played, and while the game is open the rows still to come: to
 * the end of a game of fixed length, as its blank pad prints them, or
 * the view's few spare rows in one of no fixed length; their labels. */
static void
pad_rows(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nhands > v->blank_rows ? v->nhands : v->blank_rows;
	if (o->filled) {
		n = v->nhands + v->spare_rows;
		if (!finished(v) && n < v->length)
			n = v->length;
	}
	if (n < 1)
		n = 1;
	struct optset opts = {0};
	for (int k = 0; k < v->noptions; k++)
		options_put(&opts, v->options[k].key, v->options[k].value, v->options[k].set);
	/* a blank pad of a game of no fixed length fills its last page (a
	 * log of deals, Bankrupt's rounds); one of fixed length has its rows */
	sp->extra_rows = !o->filled && v->length == 0 ? SHEET_FILL_ROWS : 0;
	char **labels = karr(pad, (size_t)(n + sp->extra_rows));
	/* a played row is labelled as a blank one: the game's hand label */
	for (int r = 0; r < n + sp->extra_rows; r++) {
		char buf[96];
		rules_hand_label(v->rules, &opts, r + 1, buf, sizeof buf);
		labels[r] = kstr(pad, xstrdup(buf));
	}
	options_release(&opts);
	sp->nrows = n;
	sp->row_labels = labels;
}

/* Names, headings, the notes column. */
static void
pad_frame(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nplayers;
	sp->a4 = o->a4;
	sp->title = kstr(pad, xstrdup(v->title));
	sp->nplayers = n;
	sp->footer = o->t ? o->t->footer : NULL;   /* furniture only */
	char **names = karr(pad, (size_t)n);
	for (int i = 0; i < n; i++)
		names[i] = kstr(pad, xstrdup(v->players[i].name));
	sp->names = names;
	if (v->show_detail) {
		sp->sub_left = "result";
		sp->sub_right = "total"; /* Cribbage Solitaire's points; "wins" where declared */
	}
	if (!v->scores_points) {
		sp->sub_left = "change";
		sp->sub_right = v->measure_name;
	}
	if (v->running_label)
		sp->sub_right = v->running_label;
	if (v->sheet_note_label) {
		char **notes = karr(pad, (size_t)(sp->nrows + sp->extra_rows));
		int any = 0;
		for (int r = 0; r < v->nhands && r < sp->nrows; r++) {
			notes[r] = kstr(pad, xstrdup(v->hands[r].sheet_note ? v->hands[r].sheet_note : ""));
			any |= notes[r][0] != '\0';
		}
		sp->note_label = o->t && o->t->note_label ? o->t->note_label : v->sheet_note_label;
		sp->row_notes = notes;
		if (o->filled && !any && finished(v))   /* nothing was noted: no column */
			sp->note_label = NULL, sp->row_notes = NULL;
	}
}

/* The line under the title (the template's name, the game and its date,
 * the substitutes, or a date to write in), and the PDF's metadata. */
static void
pad_words(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	struct strbuf sb = {0};
	const char *tt = o->t ? o->t->title : NULL;
	if (tt && strcmp(tt, v->rules->title) != 0 && strcmp(tt, sp->title) != 0)
		sb_printf(&sb, "%s.  ", tt);
	if (o->filled) {
		sb_printf(&sb, "Game #%ld", v->id);
		if (o->date)
			sb_printf(&sb, ", started %.32s", o->date);
		/* who came in for whom: "Hal → Max from hole 5" */
		for (int k = 0; k < v->nsubs; k++)
			sb_printf(&sb, "%s%s \xE2\x86\x92 %s from %s %d", k ? "; " : ".  ", v->players[v->subs[k].seat].name,
			    v->subs[k].name, v->hand_word ? v->hand_word : "hand", v->subs[k].hand);
		/* who sat down late: "Marcus joins at hole 4, 31 points" */
		for (int i = 0, k = v->nsubs; i < v->nplayers; i++)
			if (v->players[i].joined > 0) {
				char with[80];
				sb_printf(&sb, "%s%s joins at %s %d, %s", k++ ? "; " : ".  ", v->players[i].name,
				    v->hand_word ? v->hand_word : "hand", v->players[i].joined,
				    view_joined_with(v, i, with, sizeof with));
			}
		if (v->play_minutes >= 0) {
			char len[WHEN_BUF];
			when_length(v->play_minutes, len);
			sb_printf(&sb, ".  Play time %s", len);
		}
		if (v->note)
			sb_printf(&sb, ".  Note: %s", v->note);
	} else
		sb_add(&sb, "Date: ________________");
	sp->subtitle = kstr(pad, sb_take(&sb));
	/* the PDF's title: "Golf #1 — 2026-11-20 — Ann, Bob" */
	sb_add(&sb, sp->title);
	if (o->filled) {
		sb_printf(&sb, " #%ld", v->id);
		if (o->date)
			sb_printf(&sb, " \xE2\x80\x94 %.32s", o->date);
		for (int i = 0; i < v->nplayers; i++)
			sb_printf(&sb, "%s%s", i ? ", " : " \xE2\x80\x94 ", v->players[i].name);
	} else
		sb_add(&sb, " score pad");
	sp->doc_title = kstr(pad, sb_take(&sb));
	sp->created = o->created;
	sp->rules_words = kstr(pad, v->rules_words ? xstrdup(v->rules_words) : NULL);
	sp->layout_rows = v->layout_rows;
	sp->layout_cols = v->layout_cols;
}

/*
 * Where counters decide the game (chips, quarters, lives: the measure),
 * a start row of what each player starts with (blank on a blank pad, to
 * write in) and, on a blank pad, a box of them to cross off; on a filled
 * pad of points, a line of what each holds at the end.
 */
static void
pad_counters(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nplayers;
	if (measure_points(v))
		return;
	sp->start_label = kstr(pad, xasprintf("starting %s", v->measure_name));
	sp->start_right = !v->scores_points;
	if (o->filled) {
		/* what each player started the game with: a late arrival did
		 * not, and is marked where they came in (pad_cells) */
		char **start = karr(pad, (size_t)n);
		for (int i = 0; i < n; i++)
			if (v->players[i].joined <= 1)
				start[i] = num(pad, o->start ? o->start[i] : 0, 0);
		sp->start = start;
	}
	if (!o->filled || v->scores_points) {
		sp->box_label = o->t && o->t->box_label ? o->t->box_label : v->measure_name;
		sp->box_marks = !o->filled && o->start && o->start[0] > 0 && o->start[0] <= 12 ? (int)o->start[0] : 0;
	}
	if (o->filled && v->scores_points) {
		char **box = karr(pad, (size_t)n);
		for (int i = 0; i < n; i++)
			box[i] = num(pad, v->players[i].measure, 0);
		sp->box = box;
	}
}

/* n as a pad's label prints it: a true minus (U+2212) for a negative. */
static void
label_number(struct strbuf *sb, long n)
{
	if (n < 0)
		sb_printf(sb, "\xE2\x88\x92%ld", -n);
	else
		sb_printf(sb, "%ld", n);
}

/*
 * The label of hand line l on a pad, carrying its arithmetic as a bought
 * pad's does (enum column_counts): "clean books × 500", "went out +100",
 * "points melded +", "cards left −", "chips upped at 5¢".  The worth
 * is the view's, from the options in force.
 */
static const char *
line_label(struct sheet_pad *pad, const struct view_line *l)
{
	struct strbuf sb = {0};
	sb_add(&sb, l->label);
	switch (l->counts) {
	case COUNTS_NONE:
		break;
	case COUNTS_TIMES:
		sb_add(&sb, " \xC3\x97 ");
		label_number(&sb, l->per);
		break;
	case COUNTS_BONUS:
		sb_add(&sb, l->per < 0 ? " " : " +");
		label_number(&sb, l->per);
		break;
	case COUNTS_PLUS:
		sb_add(&sb, " +");
		break;
	case COUNTS_MINUS:
		sb_add(&sb, " \xE2\x88\x92");
		break;
	case COUNTS_MONEY:
		if (l->per >= 100)
			sb_printf(&sb, " at $%ld.%02ld", l->per / 100, l->per % 100);
		else if (l->per > 0)
			sb_printf(&sb, " at %ld\xC2\xA2", l->per);
		break;
	}
	return kstr(pad, sb_take(&sb));
}

/* Where hand line l goes on this pad: in-row sub-columns only where a
 * hand is one row (no lines of its own, no across sub-columns). */
static enum sheet_place
line_place(const struct view_line *l, int blocks)
{
	return l->place == SHEET_INROW && blocks ? SHEET_LINE : l->place;
}

/* The hand lines the game shows: on lines of their own under each hand
 * (SHEET_LINE), across each player's cell (SHEET_ACROSS), or in the
 * hand's row (SHEET_INROW); their values on a filled pad. */
static void
pad_hand_lines(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int nl = 0, na = 0, ni = 0, n = v->nplayers, blocks = 0;
	for (int k = 0; k < v->nhand_lines; k++) {
		const struct view_line *l = &v->hand_lines[k];
		if (l->place == SHEET_ACROSS && l->across > na)
			na = l->across;
		blocks |= l->place == SHEET_LINE && l->label != NULL;
	}
	for (int k = 0; k < v->nfoot; k++)
		if (v->foot[k].place == SHEET_ACROSS && v->foot[k].across > na)
			na = v->foot[k].across;
	blocks |= na > 0;
	for (int k = 0; k < v->nhand_lines; k++) {
		enum sheet_place pl = line_place(&v->hand_lines[k], blocks);
		nl += pl == SHEET_LINE && v->hand_lines[k].label != NULL;
		ni += pl == SHEET_INROW && v->hand_lines[k].label != NULL;
	}
	const char **labels = keep(pad, xcalloc((size_t)nl + 1, sizeof *labels));
	const char **ilabels = keep(pad, xcalloc((size_t)ni + 1, sizeof *ilabels));
	int *which = keep(pad, xcalloc((size_t)nl + 1, sizeof *which));
	int *iwhich = keep(pad, xcalloc((size_t)ni + 1, sizeof *iwhich));
	char *ticks = keep(pad, xcalloc((size_t)nl + 1, 1));
	char *iticks = keep(pad, xcalloc((size_t)ni + 1, 1));
	for (int k = 0, l = 0, m = 0; k < v->nhand_lines; k++) {
		const struct view_line *hl = &v->hand_lines[k];
		enum sheet_place pl = line_place(hl, blocks);
		if (hl->label == NULL)
			continue;
		if (pl == SHEET_LINE) {
			which[l] = k;
			ticks[l] = hl->kind == COLUMN_FLAG;
			labels[l++] = line_label(pad, hl);
		} else if (pl == SHEET_INROW) {
			iwhich[m] = k;
			iticks[m] = hl->kind == COLUMN_FLAG;
			ilabels[m++] = line_label(pad, hl);
		}
	}
	sp->nlines = nl;
	sp->line_labels = labels;
	sp->line_ticks = ticks;
	sp->ninrow = ni;
	sp->inrow_labels = ilabels;
	sp->inrow_ticks = iticks;
	sp->nacross = na;
	const char **heads = keep(pad, xcalloc((size_t)na + 1, sizeof *heads));
	for (int a = 0, more = v->across_labels != NULL; a < na; a++) {
		more = more && v->across_labels[a] != NULL;
		heads[a] = more ? v->across_labels[a] : "";
	}
	sp->across_labels = heads;
	if (!o->filled)
		return;
	size_t cells = (size_t)sp->nrows * (size_t)n;
	char **lines = nl ? karr(pad, cells * (size_t)nl) : NULL;
	char **across = na ? karr(pad, cells * (size_t)na) : NULL;
	char **inrow = ni ? karr(pad, cells * (size_t)ni) : NULL;
	for (int h = 0; h < v->nhands && h < sp->nrows; h++) {
		const struct view_hand *vh = &v->hands[h];
		for (int l = 0; l < nl; l++)
			for (int i = 0; i < n; i++)
				lines[((size_t)h * (size_t)nl + (size_t)l) * (size_t)n + (size_t)i] =
				    hand_line_text(pad, &vh->lines[which[l]], i);
		for (int m = 0; m < ni; m++)
			for (int i = 0; i < n; i++)
				inrow[((size_t)h * (size_t)n + (size_t)i) * (size_t)ni + (size_t)m] =
				    hand_line_text(pad, &vh->lines[iwhich[m]], i);
		for (int k = 0; na && k < vh->nlines; k++) {
			const struct view_line *l = &vh->lines[k];
			if (l->place != SHEET_ACROSS || l->across < 1)
				continue;
			for (int i = 0; i < n; i++) {
				char *t = hand_line_text(pad, l, i);
				if (t)
					across[((size_t)h * (size_t)n + (size_t)i) * (size_t)na + (size_t)(l->across - 1)] = t;
			}
		}
	}
	sp->lines = lines;
	sp->across = across;
	sp->inrow = inrow;
}

/* The game lines at the pad's foot: a line each (SHEET_LINE), or one line
 * for those across with the same label (SHEET_ACROSS). */
static void
pad_foot(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nplayers, na = sp->nacross ? sp->nacross : 1, nf = 0;
	struct sheet_line *foot = keep(pad, xcalloc((size_t)v->nfoot + 1, sizeof *foot));
	for (int k = 0; k < v->nfoot; k++) {
		const struct view_line *c = &v->foot[k];
		int across = c->place == SHEET_ACROSS && c->across >= 1 && c->across <= sp->nacross;
		if ((c->place != SHEET_LINE && !across) || c->label == NULL)
			continue;
		int f = 0;
		while (f < nf && !(across && foot[f].across && strcmp(foot[f].label, c->label) == 0))
			f++;
		if (f == nf) {
			/* its unit as a hand line's: "pot won at 10¢" */
			foot[nf].label = across ? c->label : line_label(pad, c);
			foot[nf].across = across;
			foot[nf++].cells = o->filled ? karr(pad, (size_t)(n * na)) : NULL;
		}
		char **cells = (char **)foot[f].cells;
		for (int i = 0; cells && i < n; i++) {
			char *t = line_text(pad, c->kind, c->v[i]);
			if (t)
				cells[across ? i * na + c->across - 1 : i] = t;
		}
	}
	sp->nfoot = nf;
	sp->foot = foot;
}

/* A late arrival's start on a filled pad with a start row: as the start
 * row holds what each player had before hand 1, the row before the hand
 * they came in at holds what they sat down with, "joins" under it. */
static void
pad_joins(const struct view *v, struct sheet_pad *pad, char **running, char **detail)
{
	int n = v->nplayers;
	for (int i = 0; i < n; i++) {
		int r = v->players[i].joined - 2;   /* 0-based: the row before */
		if (r < 0 || r >= pad->sp.nrows || r >= v->nhands)
			continue;
		size_t k = (size_t)r * (size_t)n + (size_t)i;
		running[k] = num(pad, v->players[i].joined_with, 0);
		detail[k] = kstr(pad, xstrdup("joins"));
	}
}

/* The cells of a filled pad: each hand's points and running total (or,
 * counters only, what the hand changed and what is held after it; or,
 * show_detail, its result), details under them; totals; places. */
static void
pad_cells(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nplayers, anyout = 0;
	size_t cells = (size_t)sp->nrows * (size_t)n;
	char **points = karr(pad, cells), **running = karr(pad, cells), **detail = karr(pad, cells);
	long *sum = xcalloc((size_t)n, sizeof *sum);
	for (int h = 0; h < v->nhands && h < sp->nrows; h++) {
		const struct view_hand *vh = &v->hands[h];
		for (int i = 0; i < n; i++) {
			size_t k = (size_t)h * (size_t)n + (size_t)i;
			if (vh->points[i] == COLUMN_NONE)
				continue;   /* a late arrival's empty cell before they sat down */
			long before = h ? v->hands[h - 1].held[i] : o->start ? o->start[i] : 0;
			if (vh->n == v->players[i].joined) {
				before = v->players[i].joined_with;
				sum[i] = v->scores_points ? v->players[i].joined_with : 0;
			}
			long d = v->scores_points ? vh->points[i] : vh->held[i] - before;
			sum[i] += vh->points[i];
			if (v->show_detail) {
				if (vh->detail[i]) {
					points[k] = kstr(pad, xstrdup(vh->detail[i]));
					running[k] = num(pad, sum[i], 0);
				}
				continue;
			}
			if (v->players[i].out && d == 0 && !vh->detail[i])
				continue;   /* out before this hand */
			points[k] = num(pad, d, !v->scores_points);
			running[k] = num(pad, v->scores_points ? sum[i] : vh->held[i], 0);
			if (vh->detail[i])
				detail[k] = kstr(pad, xstrdup(vh->detail[i]));
		}
	}
	free(sum);
	if (sp->start)
		pad_joins(v, pad, running, detail);
	char **totals = karr(pad, (size_t)n);
	for (int i = 0; i < n; i++)
		totals[i] = num(pad, v->scores_points ? v->players[i].total : v->players[i].measure, 0);
	sp->points = points;
	sp->running = running;
	sp->detail = detail;
	sp->totals = totals;
	for (int i = 0; i < n; i++)
		anyout |= v->players[i].out;
	if (!anyout && (!finished(v) || view_no_places(v)))
		return;
	/* a finished game's places; while it goes on, the order players
	 * went out in ("1st out") */
	char **status = karr(pad, (size_t)n);
	for (int i = 0; i < n; i++)
		if (finished(v) && !view_no_places(v))
			status[i] = ordinal(pad, v->players[i].rank, "");
		else if (v->players[i].out)
			status[i] = ordinal(pad, v->players[i].out_order, " out");
	sp->status = status;
	sp->status_label = "Place";
}

/* Put the nblocks blocks of np * inner cells of a ([b][player][inner])
 * in the column order perm (column -> seat). */
static void
permute(char *const *cells, size_t nblocks, int np, int inner, const int *perm)
{
	char **a = (char **)cells;   /* the pad's own arrays (karr) */
	if (a == NULL)
		return;
	char **tmp = xcalloc((size_t)np * (size_t)inner, sizeof *tmp);
	for (size_t b = 0; b < nblocks; b++) {
		char **blk = a + b * (size_t)np * (size_t)inner;
		memcpy(tmp, blk, (size_t)np * (size_t)inner * sizeof *tmp);
		for (int c = 0; c < np; c++)
			memcpy(blk + (size_t)c * (size_t)inner, tmp + (size_t)perm[c] * (size_t)inner,
			    (size_t)inner * sizeof *tmp);
	}
	free(tmp);
}

/*
 * Partnership play (view sides, core/sides.h): the partners' columns side
 * by side (Ann, Cid | Bob, Dee), each side's name over them ("Side 1"
 * on a pad with no names) and its total in one box across them (a blank
 * pad: the box to fill in).  Every per-player array of the spec is put in
 * that column order.
 */
static void
pad_sides(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	struct sheet_spec *sp = &pad->sp;
	int n = v->nplayers, c = 0;
	if (v->nsides == 0)
		return;
	int *perm = xcalloc((size_t)n, sizeof *perm);
	struct sheet_side *sides = keep(pad, xcalloc((size_t)v->nsides, sizeof *sides));
	for (int s = 0; s < v->nsides; s++) {
		const struct view_side *vs = &v->sides[s];
		int named = 0;
		for (int k = 0; k < vs->nseats; k++)
			named |= v->players[vs->seats[k]].name[0] != '\0';
		sides[s].name = named ? kstr(pad, xstrdup(vs->name)) : kstr(pad, xasprintf("Side %d", s + 1));
		sides[s].first = c;
		sides[s].n = vs->nseats;
		sides[s].total = o->filled ? num(pad, vs->total, 0) : NULL;
		for (int k = 0; k < vs->nseats && c < n; k++)
			perm[c++] = vs->seats[k];
	}
	size_t rows = (size_t)sp->nrows;
	int na = sp->nacross ? sp->nacross : 1;
	permute(sp->names, 1, n, 1, perm);
	permute(sp->totals, 1, n, 1, perm);
	permute(sp->box, 1, n, 1, perm);
	permute(sp->status, 1, n, 1, perm);
	permute(sp->start, 1, n, 1, perm);
	permute(sp->points, rows, n, 1, perm);
	permute(sp->running, rows, n, 1, perm);
	permute(sp->detail, rows, n, 1, perm);
	if (sp->nlines > 0)
		permute(sp->lines, rows * (size_t)sp->nlines, n, 1, perm);
	if (sp->nacross > 0)
		permute(sp->across, rows, n, sp->nacross, perm);
	if (sp->ninrow > 0)
		permute(sp->inrow, rows, n, sp->ninrow, perm);
	for (int f = 0; f < sp->nfoot; f++)
		permute(sp->foot[f].cells, 1, n, sp->foot[f].across ? na : 1, perm);
	sp->nsides = v->nsides;
	sp->sides = sides;
	free(perm);
}

/* Under a filled pad: the winners (a side by its name) or what comes
 * next, and the pot. */
static void
pad_result(const struct view *v, struct sheet_pad *pad)
{
	struct strbuf sb = {0};
	char pot[GROUPED_MAX];   /* grouped, as every amount tally prints */
	grouped_number(v->pot, 0, pot, sizeof pot);
	if (view_abandoned(v))   /* no result, counted nowhere: no winner */
		sb_printf(&sb, "Abandoned after %d %s%s: no result", v->nhands, v->hand_word, plural_s(v->nhands));
	else if (view_ended_unplayed(v))   /* no hands: no winner */
		sb_printf(&sb, "Ended with no %ss played: no winner", v->hand_word);
	else if (finished(v)) {
		for (int s = 0; s < v->nsides; s++)
			if (v->sides[s].nseats > 0 && v->players[v->sides[s].seats[0]].winner)
				sb_printf(&sb, "%s%s", sb.len ? ", " : (v->over ? "Winner: " : "Ended early, winner: "),
				    v->sides[s].name);
		for (int i = 0; i < v->nplayers && v->nsides == 0; i++)
			if (v->players[i].winner)
				sb_printf(&sb, "%s%s", sb.len ? ", " : (v->over ? "Winner: " : "Ended early, winner: "),
				    v->players[i].name);
		if (v->pot)
			sb_printf(&sb, "   (%s %s)", v->pot_name, pot);
	} else {
		sb_printf(&sb, "In progress; next: %s", v->next ? v->next : "");
		if (v->pot)
			sb_printf(&sb, "; %s %s", v->pot_name, pot);
	}
	pad->sp.result = kstr(pad, sb_take(&sb));
}

void
sheet_pad_build(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad)
{
	memset(pad, 0, sizeof *pad);
	pad_rows(v, o, pad);
	pad_frame(v, o, pad);
	pad_words(v, o, pad);
	pad_counters(v, o, pad);
	pad_hand_lines(v, o, pad);
	pad_foot(v, o, pad);
	if (o->filled) {
		pad_cells(v, o, pad);
		pad_result(v, pad);
	}
	pad_sides(v, o, pad);
}

void
sheet_pad_release(struct sheet_pad *pad)
{
	for (int k = 0; k < pad->nmem; k++)
		free(pad->mem[k]);
	free(pad->mem);
	memset(pad, 0, sizeof *pad);
}
