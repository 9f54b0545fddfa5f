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

void
fit_wrap(FILE *f, const char *text, int width, const char *indent)
{
	if (width <= 0) {
		fprintf(f, "%s\n", text);
		return;
	}
	int iw = utf8_width(indent), col = 0, first = 1;
	const char *p = text;
	while (*p) {
		size_t gap = strspn(p, " ");
		const char *word = p + gap;
		size_t len = strcspn(word, " ");
		if (len == 0) {  /* blanks at the end */
			break;
		}
		char *w = xstrndup(word, len);
		int ww = utf8_width(w);
		if (!first && col + (int)gap + ww > width) {
			fprintf(f, "\n%s", indent);
			col = iw;
			gap = 0;
		}
		if (col + (int)gap + ww > width) {  /* a word wider than a whole line */
			char *cut = fit_cell(w, width - col - (int)gap, 0);
			free(w);
			w = cut;
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
fit_wrapf(FILE *f, int width, const char *indent, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = xvasprintf(fmt, ap);
	va_end(ap);
	fit_wrap(f, text, width, indent);
	free(text);
}
