/* SPDX-License-Identifier: ISC */
/* csv.c: the one CSV writer, RFC 4180 (see csv.h). */
#include "csv.h"

#include <stdlib.h>
#include <string.h>

void
csv_start(struct csv *c, FILE *f)
{
	c->f = f;
	c->col = 0;
}

static void
sep(struct csv *c)
{
	if (c->col++ > 0)
		fputc(',', c->f);
}

static void
quoted(struct csv *c, const char *s)
{
	fputc('"', c->f);
	for (; s && *s; s++) {
		if (*s == '"')
			fputc('"', c->f);
		fputc(*s, c->f);
	}
	fputc('"', c->f);
}

void
csv_text(struct csv *c, const char *s)
{
	sep(c);
	/* free text that a spreadsheet would run as a formula (= + - @, or a
	 * tab or CR first) is written with a ' before it, as OWASP's CSV
	 * injection advice says; the numbers tally writes are never text */
	if (s && *s && strchr("=+-@\t\r", *s)) {
		char *guarded = malloc(strlen(s) + 2);
		if (guarded == NULL)
			abort();
		guarded[0] = '\'';
		strcpy(guarded + 1, s);
		quoted(c, guarded);
		free(guarded);
	} else
		quoted(c, s);
}

void
csv_word(struct csv *c, const char *s)
{
	sep(c);
	if (s && s[strcspn(s, ",\"\r\n")] != '\0')
		quoted(c, s);
	else if (s)
		fputs(s, c->f);
}

void
csv_long(struct csv *c, long v)
{
	sep(c);
	fprintf(c->f, "%ld", v);
}

void
csv_fixed(struct csv *c, double v, int decimals)
{
	sep(c);
	fprintf(c->f, "%.*f", decimals, v);
}

void
csv_empty(struct csv *c)
{
	sep(c);
}

void
csv_end(struct csv *c)
{
	fputs("\r\n", c->f);
	c->col = 0;
}

void
csv_header(struct csv *c, const char *names)
{
	while (*names) {
		size_t n = strcspn(names, ",");
		sep(c);
		fwrite(names, 1, n, c->f);
		names += n + (names[n] == ',');
	}
	csv_end(c);
}
