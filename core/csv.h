/* SPDX-License-Identifier: ISC */
/*
 * csv.h: the one CSV writer (RFC 4180).  Every CSV that tally prints
 * (stats --csv, history --csv, export --format csv) goes through it.
 *
 * Fields are separated by commas and records end with CRLF (RFC 4180
 * section 2.1).  A field that holds a comma, a double quote, CR or LF is
 * enclosed in double quotes and each double quote inside it is doubled
 * (section 2.6, 2.7).  Free text (names) is always quoted, so a column
 * keeps one look whatever it holds.
 */
#ifndef TALLY_CSV_H
#define TALLY_CSV_H

#include <stdio.h>

/* One record being written to f; zero it, or csv_start(). */
struct csv {
	FILE *f;
	int col;   /* fields written in this record */
};

void csv_start(struct csv *c, FILE *f);
/* Free text: always quoted; NULL is an empty field.  Text that starts
 * with = + - @, a tab or a CR (a spreadsheet formula) gets a ' before it
 * (OWASP's advice against CSV injection). */
void csv_text(struct csv *c, const char *s);
/* A word (an id, a date, a game's name, a header): quoted only when it
 * must be. */
void csv_word(struct csv *c, const char *s);
void csv_long(struct csv *c, long v);
/* v with `decimals` digits after the point (C locale). */
void csv_fixed(struct csv *c, double v, int decimals);
/* An empty field. */
void csv_empty(struct csv *c);
/* End the record (CRLF). */
void csv_end(struct csv *c);
/* A whole header record from a comma-separated list of words. */
void csv_header(struct csv *c, const char *names);

#endif
