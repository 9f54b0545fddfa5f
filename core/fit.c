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
	int left = width;
	for (int i = 0; i < ncols; i++)
		left -= cols[i].width ? cols[i].width + cols[i].gap : 0;
	for (int k = 0; k < nsteps && left < want; k++) {
		struct fit_col *c = &cols[steps[k].col];
		int before = c->width ? c->width + c->gap : 0;
		if (steps[k].width < c->width || steps[k].width == 0)
			c->width = steps[k].width;
		left += before - (c->width ? c->width + c->gap : 0);
	}
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
		size_t gap = 0;
		while (p + gap < end && p[gap] == ' ')
			gap++;
		const char *word = p + gap;
		size_t len = 0;
		while (word + len < end && word[len] != ' ')
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

void
fit_prose(FILE *f, const char *text, int width, const char *indent)
{
	if (width <= 0) {
		for (const char *p = text; *p; p++)
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
			for (int c = 0; c < t->nkey; c++) {
				table_cell(f, r < 0 ? t->head[c] : t->cell[r * n + c], w[c], t->right[c], 0);
				fputc(' ', f);
			}
			if (r >= 0 && t->span[r]) {
				char *s = fit_cell(t->span[r], width > keys ? width - keys : 1, 0);
				fprintf(f, "%s\n", s);
				free(s);
				continue;
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
