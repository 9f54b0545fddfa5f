/* SPDX-License-Identifier: ISC */
/* fit.c: text fit to a terminal's width (see fit.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fit.h"
#include "names.h"
#include "util.h"

int
text_columns(FILE *f)
{
	int fd = fileno(f);
	if (fd < 0 || !isatty(fd))
		return 0;
	struct winsize ws;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	const char *c = getenv("COLUMNS");
	long n;
	return c && parse_long(c, 1, 10000, &n) ? (int)n : 0;
}

char *
fit_cell(const char *s, int width, int pad)
{
	if (width < 1)
		width = 1;
	int w = utf8_width(s);
	if (w <= width)
		return pad ? utf8_fit(s, width) : xstrdup(s);
	/* the letters that fit in one column less, then the ellipsis */
	char *cut = utf8_fit(s, width - 1);
	size_t n = strlen(cut);
	int shown = width - 1;
	while (n > 0 && cut[n - 1] == ' ')  /* utf8_fit's padding (or the name's own blank) */
		n--, shown--;
	char *out = xasprintf("%.*s…%*s", (int)n, cut, pad ? width - 1 - shown : 0, "");
	free(cut);
	return out;
}

int
fit_columns(struct fit_col *cols, int ncols, const struct fit_step *steps, int nsteps, int width, int want)
{
	if (width <= 0)
		return 0;
	int left = width, stepped = 0;
	for (int i = 0; i < ncols; i++)
		left -= cols[i].width ? cols[i].width + cols[i].gap : 0;
	for (int k = 0; k < nsteps && left < want; k++) {
		struct fit_col *c = &cols[steps[k].col];
		int before = c->width ? c->width + c->gap : 0;
		if (steps[k].width < c->width || steps[k].width == 0)
			c->width = steps[k].width;
		left += before - (c->width ? c->width + c->gap : 0);
		stepped = 1;
	}
	/* a step frees a whole column, often more than the part wanted; kept
	 * for it, that surplus would be taken back a column wider, where the
	 * step is not needed (list's names had 52 columns at 98, where the
	 * status went, and 42 at 99) */
	if (stepped && left > want)
		left = want;
	return left > 0 ? left : 1;
}

/* One line of text (no newline in it, len bytes) broken at its spaces
 * into lines of at most width columns, after the first begun with indent;
 * a word wider than a line cut with an ellipsis when cut is 1, else kept
 * whole (a name or an amount). */
static void
wrap_line(FILE *f, const char *text, size_t size, int width, const char *indent, int cut)
{
	int iw = utf8_width(indent), col = 0, first = 1;
	const char *p = text, *end = text + size;
	while (p < end) {
		/* the blanks before a word, and the breaks among them (FIT_BREAK,
		 * no blank) */
		size_t gap = 0, skip = 0;
		while (p + skip < end && (p[skip] == ' ' || p[skip] == FIT_BREAK[0]))
			gap += p[skip++] == ' ';
		const char *word = p + skip;
		size_t len = 0;
		while (word + len < end && word[len] != ' ' && word[len] != FIT_BREAK[0])
			len++;
		if (len == 0)  /* blanks at the end */
			break;
		char *w = xstrndup(word, len);
		for (char *b = w; (b = strchr(b, FIT_GLUE[0])) != NULL;)
			*b++ = ' ';
		int ww = utf8_width(w);
		if (!first && col + (int)gap + ww > width) {
			fprintf(f, "\n%s", indent);
			col = iw;
			gap = 0;
		}
		if (cut && col + (int)gap + ww > width) {  /* a word wider than a whole line */
			char *c = fit_cell(w, width - col - (int)gap, 0);
			free(w);
			w = c;
			ww = utf8_width(w);
		}
		fprintf(f, "%*s%s", (int)gap, "", w);
		col += (int)gap + ww;
		free(w);
		first = 0;
		p = word + len;
	}
	fputc('\n', f);
}

void
fit_wrap(FILE *f, const char *text, int width, const char *indent)
{
	if (width <= 0) {
		fprintf(f, "%s\n", text);
		return;
	}
	wrap_line(f, text, strlen(text), width, indent, 1);
}

char *
fit_glued(const char *s)
{
	char *g = xstrdup(s);
	for (char *b = g; (b = strchr(b, ' ')) != NULL;)
		*b++ = FIT_GLUE[0];
	return g;
}

char *
fit_glue_numbers(const char *s)
{
	char *g = xstrdup(s);
	for (char *b = g; (b = strchr(b, ' ')) != NULL; b++) {
		const char *n = b[1] == '+' || b[1] == '-' || b[1] == '$' ? b + 2 : b + 1;
		if (*n >= '0' && *n <= '9')
			*b = FIT_GLUE[0];
	}
	return g;
}

void
fit_prose(FILE *f, const char *text, int width, const char *indent)
{
	if (width <= 0) {
		for (const char *p = text; *p; p++)
			if (*p != FIT_BREAK[0])
				fputc(*p == FIT_GLUE[0] ? ' ' : *p, f);
		fputc('\n', f);
		return;
	}
	for (const char *p = text;;) {
		size_t n = strcspn(p, "\n");
		wrap_line(f, p, n, width, indent, 0);
		if (p[n] == '\0' || p[n + 1] == '\0')
			break;
		p += n + 1;
	}
}

/* The display width of the n bytes at s. */
static int
utf8_width_n(const char *s, size_t n)
{
	char *c = xstrndup(s, n);
	int w = utf8_width(c);
	free(c);
	return w;
}

/* The blanks at the start of s. */
static size_t
indent_of(const char *s, size_t n)
{
	size_t k = 0;
	while (k < n && s[k] == ' ')
		k++;
	return k;
}

/* Where the second column of a line of a list begins ("standard   4-card
 * Golf..."): after the first run of 3 blanks or more in the line s (n
 * bytes, after its indent) within 30 columns, the bytes before it; else
 * 0. */
static size_t
column_of(const char *s, size_t n)
{
	for (size_t k = 1; k + 3 < n && k < 30; k++)
		if (s[k] == ' ' && s[k + 1] == ' ' && s[k + 2] == ' ' && s[k - 1] != ' ') {
			size_t c = k;
			while (c < n && s[c] == ' ')
				c++;
			return c < n ? c : 0;
		}
	return 0;
}

/* As column_of, after a run of 2 blanks or more ("merge FROM INTO  FROM's
 * games"): a column only where the item before has it too (prose has two
 * blanks after a sentence). */
static size_t
column2_of(const char *s, size_t n)
{
	for (size_t k = 1; k + 2 < n && k < 30; k++)
		if (s[k] == ' ' && s[k + 1] == ' ' && s[k - 1] != ' ') {
			size_t c = k;
			while (c < n && s[c] == ' ')
				c++;
			return c < n ? c : 0;
		}
	return 0;
}

/* Does the line s (n bytes, after its indent) begin an item of its own:
 * "--limit N: ...", "- ...", "QUERY terms: ..." (a first word ending in
 * ':')? */
static int
item_start(const char *s, size_t n)
{
	if (n > 0 && (s[0] == '-' || s[0] == '*'))
		return 1;
	size_t w = 0;
	while (w < n && s[w] != ' ')
		w++;
	return (w > 1 && s[w - 1] == ':') || column_of(s, n) > 0;
}

/* A paragraph's words to sb: a FIT_BREAK after each '|' of a word wider
 * than width ("split_pot|replay|cut_for_pot"), so it may go on after any;
 * a quoted value's blanks glued (Bob="Q J 10 2"). */
static void
add_breaking(struct strbuf *sb, const char *s, size_t n, int width)
{
	int quoted = 0;
	for (size_t k = 0; k < n;) {
		size_t len = 0;
		while (k + len < n && (s[k + len] != ' ' || quoted)) {
			if (s[k + len] == '"')
				quoted = !quoted;
			len++;
		}
		char *w = xstrndup(s + k, len);
		int wide = utf8_width(w) > width;
		for (size_t i = 0; i < len; i++) {
			sb_addc(sb, w[i] == ' ' ? FIT_GLUE[0] : w[i]);
			if (wide && (w[i] == '|' || w[i] == ','))
				sb_addc(sb, FIT_BREAK[0]);
		}
		free(w);
		k += len;
		while (k < n && s[k] == ' ')
			sb_addc(sb, s[k++]);
	}
}

void
fit_text(FILE *f, const char *text, int width)
{
	if (width <= 0) {
		fprintf(f, "%s\n", text);
		return;
	}
	const char *p = text, *end = text + strlen(text);
	size_t last_ind = 0, last_col = 0;  /* the paragraph before's */
	while (p <= end) {
		/* a paragraph: lines of one indent, each but the last long
		 * (broken by hand near 80 columns), none an item of its own */
		size_t n = strcspn(p, "\n"), ind = indent_of(p, n), col = column_of(p + ind, n - ind);
		const char *q = p + n;
		if (col == 0) {
			/* a column after two blanks where the item before has it */
			size_t c2 = column2_of(p + ind, n - ind);
			if (c2 && ind == last_ind && c2 == last_col)
				col = c2;
		}
		last_ind = ind;
		last_col = col;
		int lines = 1, fits = utf8_width_n(p, n) <= width;
		while (*q == '\n' && q + 1 < end) {
			size_t m = strcspn(q + 1, "\n"), mi = indent_of(q + 1, m);
			const char *prev = q - 1;
			while (prev > p && prev[-1] != '\n')
				prev--;
			/* a list's item goes on under its second column alone:
			 * a line back at the list's indent ends the list (the
			 * note under an option list is a paragraph of its own) */
			if (utf8_width_n(prev, (size_t)(q - prev)) < FIT_FULL || mi != (col ? ind + col : ind) ||
			    mi == m || item_start(q + 1 + mi, m - mi))
				break;
			fits &= utf8_width_n(q + 1, m) <= width;
			q += 1 + m;
			lines++;
		}
		if (fits) {
			fprintf(f, "%.*s\n", (int)(q - p), p);
		} else {
			/* joined, then broken again between words */
			struct strbuf sb = {0};
			int more = col > 0 && (int)(ind + col) < width - 15 ? (int)col : lines == 1 ? 2 : 0;
			char *indent = xasprintf("%*s", (int)ind + more, "");
			for (const char *l = p; l < q;) {
				size_t m = strcspn(l, "\n"), li = indent_of(l, m);
				if (l > p)
					sb_addc(&sb, ' ');
				else
					sb_printf(&sb, "%.*s", (int)li, l);
				add_breaking(&sb, l + li, m - li, width - (int)ind - 2);
				l += m + (l[m] == '\n');
			}
			fit_prose(f, sb.s, width, indent);
			free(indent);
			sb_release(&sb);
		}
		if (*q == '\0' || q + 1 >= end)
			break;
		p = q + 1;
	}
}

void
fit_wrapf(FILE *f, int width, const char *indent, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = xvasprintf(fmt, ap);
	va_end(ap);
	fit_wrap(f, text, width, indent);
	free(text);
}

static void
table_grow(struct fit_table *t)
{
	if (t->nrows < t->cap)
		return;
	t->cap = t->cap ? 2 * t->cap : 16;
	t->cell = xrealloc(t->cell, (size_t)t->cap * (size_t)t->ncols * sizeof *t->cell);
	t->span = xrealloc(t->span, (size_t)t->cap * sizeof *t->span);
}

void
fit_table_row(struct fit_table *t, const char *const *cells)
{
	table_grow(t);
	for (int c = 0; c < t->ncols; c++)
		t->cell[t->nrows * t->ncols + c] = xstrdup(cells[c] ? cells[c] : "");
	t->span[t->nrows++] = NULL;
}

void
fit_table_span(struct fit_table *t, const char *const *keys, const char *span)
{
	table_grow(t);
	for (int c = 0; c < t->ncols; c++)
		t->cell[t->nrows * t->ncols + c] = c < t->nkey ? xstrdup(keys[c] ? keys[c] : "") : NULL;
	t->span[t->nrows++] = xstrdup(span);
}

/* One cell of width w on f: cut, padded on the side right says. */
static void
table_cell(FILE *f, const char *s, int w, int right, int last)
{
	char *c = fit_cell(s, w, 0);
	int pad = w - utf8_width(c);
	if (right)
		fprintf(f, "%*s%s", pad, "", c);
	else
		fprintf(f, "%s%*s", c, last ? 0 : pad, "");
	free(c);
}

/* Row r of t, a span row, on f: its keys in their widths w (keys columns
 * with their blanks), then its span, broken between words (FIT_GLUE keeps
 * some together) onto lines begun under the span where it passes width:
 * never cut, as it says what the row is ("in progress (1 open game)"). */
static void
span_line(FILE *f, const struct fit_table *t, long r, const int *w, int keys, int width)
{
	struct strbuf sb = {0};
	for (int c = 0; c < t->nkey; c++) {
		char *cell = fit_cell(t->cell[r * t->ncols + c], w[c], 0);
		int pad = w[c] - utf8_width(cell);
		sb_printf(&sb, "%*s%s%*s ", t->right[c] ? pad : 0, "", cell, t->right[c] ? 0 : pad, "");
		free(cell);
	}
	/* the keys and their blanks one word, so no line breaks in them */
	for (size_t k = 0; k < sb.len; k++)
		if (sb.s[k] == ' ' && k + 1 < sb.len)
			sb.s[k] = FIT_GLUE[0];
	sb_add(&sb, t->span[r]);
	char *indent = xasprintf("%*s", keys, "");
	fit_prose(f, sb.s, width, indent);
	free(indent);
	sb_release(&sb);
}

void
fit_table_print(FILE *f, struct fit_table *t, int width)
{
	int n = t->ncols, *w = xcalloc((size_t)n, sizeof *w), *col = xcalloc((size_t)n, sizeof *col), ncol = 0;
	for (int c = 0; c < n; c++) {
		int any = c < t->nkey;
		for (long r = 0; r < t->nrows; r++) {
			const char *s = t->cell[r * n + c];
			if (s && utf8_width(s) > w[c])
				w[c] = utf8_width(s);
			any |= s && *s;
		}
		/* a value column empty on every row (no chips played) is left out */
		if (any && utf8_width(t->head[c]) > w[c])
			w[c] = utf8_width(t->head[c]);
		if (c >= t->nkey && any)
			col[ncol++] = c;
	}
	int keys = 0, widest = 0;
	for (int c = 0; c < t->nkey; c++)
		keys += w[c] + 1;
	for (int i = 0; i < ncol; i++)
		widest = w[col[i]] > widest ? w[col[i]] : widest;
	/* a span's words go on under it, but each must fit beside the keys */
	for (long r = 0; r < t->nrows; r++)
		for (const char *p = t->span[r]; p && *p; p += strspn(p, " ")) {
			size_t len = strcspn(p, " ");
			char *word = xstrndup(p, len);
			for (char *g = word; (g = strchr(g, FIT_GLUE[0])) != NULL;)
				*g++ = ' ';
			int ww = utf8_width(word);
			widest = ww > widest ? ww : widest;
			free(word);
			p += len;
		}
	/* the keys give way, the widest first, down to 10 columns each */
	while (width > 0 && keys + widest > width) {
		int k = -1;
		for (int c = 0; c < t->nkey; c++)
			if (w[c] > 10 && (k < 0 || w[c] > w[k]))
				k = c;
		if (k < 0)
			break;
		int less = keys + widest - width < w[k] - 10 ? keys + widest - width : w[k] - 10;
		w[k] -= less;
		keys -= less;
	}
	for (int from = 0, block = 0; from < ncol || block == 0; block++) {
		int to = from, used = keys;
		while (to < ncol && (to == from || width <= 0 || used + 1 + w[col[to]] <= width))
			used += w[col[to]] + (to > from), to++;
		if (block)
			fputc('\n', f);
		for (long r = -1; r < t->nrows; r++) {
			if (r >= 0 && t->span[r] && block)
				continue;
			if (r >= 0 && t->span[r]) {
				span_line(f, t, r, w, keys, width);
				continue;
			}
			for (int c = 0; c < t->nkey; c++) {
				table_cell(f, r < 0 ? t->head[c] : t->cell[r * n + c], w[c], t->right[c], 0);
				fputc(' ', f);
			}
			for (int i = from; i < to; i++) {
				if (i > from)
					fputc(' ', f);
				table_cell(f, r < 0 ? t->head[col[i]] : t->cell[r * n + col[i]], w[col[i]], t->right[col[i]],
				    i == to - 1);
			}
			fputc('\n', f);
		}
		from = to;
	}
	for (long r = 0; r < t->nrows; r++) {
		for (int c = 0; c < n; c++)
			free(t->cell[r * n + c]);
		free(t->span[r]);
	}
	free(t->cell);
	free(t->span);
	t->cell = t->span = NULL;
	t->nrows = t->cap = 0;
	free(w);
	free(col);
}
