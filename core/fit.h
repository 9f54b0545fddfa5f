/* SPDX-License-Identifier: ISC */
/* fit.h: text fit to a terminal's width (show, night, list, history): the
 * width itself, a cell cut with an ellipsis, a row's columns narrowed or
 * dropped in a set order, and prose broken at its spaces.  Widths are
 * display columns (utf8_width: CJK and fullwidth 2, combining marks 0).
 * A width of 0 is no limit: a file or a pipe gets whole lines, as before. */
#ifndef TALLY_FIT_H
#define TALLY_FIT_H

#include <stdio.h>

/* The columns text on f must fit: the terminal's (TIOCGWINSZ, else
 * $COLUMNS) when f is one, else 0. */
int text_columns(FILE *f);

/* s in width columns: whole when it fits (padded with spaces to width
 * when pad is 1), else cut at a grapheme cluster boundary with "…" as its
 * last column (then padded too, when a wide letter left a column).  Width
 * below 1 is taken as 1.  Returns a new string the caller frees. */
char *fit_cell(const char *s, int width, int pad);

/* One column of a row: its width, and the blanks before it; a width of 0
 * drops the column and its blanks. */
struct fit_col {
	int width, gap;
};

/* One step of narrowing a row: column col to width (0 drops it). */
struct fit_step {
	int col, width;
};

/* The columns of a row (cols[0..ncols-1]) narrowed or dropped step by
 * step, in the order steps[] gives, until they leave at least want
 * columns of width for the row's last, open-ended part (names, say) or
 * the steps run out.  Returns the columns left for that part, at least 1:
 * all that is left when no step was needed, else at most want, the rest
 * left blank.  So that part's room never shrinks as the width grows: a
 * column given back on a wider terminal is paid for from those blanks,
 * never from the part.  Width 0: nothing changed, 0 returned (no limit). */
int fit_columns(struct fit_col *cols, int ncols, const struct fit_step *steps, int nsteps, int width, int want);

/* text and a newline on f, broken at its spaces into lines of at most
 * width columns, each after the first begun with indent; a word wider
 * than such a line is cut with an ellipsis.  The blanks between words are
 * kept where no line breaks.  Width 0: text as it is. */
void fit_wrap(FILE *f, const char *text, int width, const char *indent);

/* A blank that fit_prose never breaks at, printed as a space: between a
 * name and its amount ("Dee" FIT_GLUE "+15"), so the two stay together. */
#define FIT_GLUE "\x1f"

/* Where fit_prose may break a line though there is no blank, printed as
 * nothing: after each '|' of a long list of values. */
#define FIT_BREAK "\x1e"

/* A line at least this wide in text written for 80 columns was broken by
 * hand there: the paragraph goes on on the next line (fit_text). */
#define FIT_FULL 50

/* Text written for 80 columns (help, a game's rules: prose broken by hand,
 * lists of items, each item's lines indented) and a newline on f, fit to
 * width: a paragraph (lines of one indent, each but the last at least
 * FIT_FULL columns, none beginning an item: "--limit N:", "- ",
 * "terms:"; an item of a list, "--dealer P     who deals", goes on only
 * under its second column, so a line back at the list's indent ends it)
 * with a line wider than width is joined and broken again
 * between words, its lines begun with its indent (a paragraph of one line
 * with two more), a word wider than a line after any '|' in it; lines
 * that fit stay as they are.  Width 0: text as it is. */
void fit_text(FILE *f, const char *text, int width);

/* s with its blanks made FIT_GLUE: a name fit_prose keeps on one line.
 * Returns a new string the caller frees. */
char *fit_glued(const char *s);

/* s with each blank before a number (a digit, or "+", "-", "$" then a
 * digit) made FIT_GLUE: a name or a word stays with its number ("Kim 9",
 * "hole 1", "win rate 50.0%").  Returns a new string the caller frees. */
char *fit_glue_numbers(const char *s);

/* A message (or sentence) and a newline on f, each of its lines broken
 * at its spaces as fit_wrap does, but a word wider than a line is kept
 * whole: it is a name, an amount or a command to type.  Width 0: text as
 * it is, byte for byte (FIT_GLUE a space). */
void fit_prose(FILE *f, const char *text, int width, const char *indent);

/* fit_wrap of the text fmt and its arguments make (printf's). */
void fit_wrapf(FILE *f, int width, const char *indent, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A table too wide for the terminal, printed in blocks of whole columns:
 * every block repeats the first nkey columns (who and what a row is), then
 * as many of the others as fit, each under its heading; blocks are parted
 * by a blank line.  Columns are one blank apart, as wide as their widest
 * cell or heading; right[c] 1 aligns column c to the right (numbers).  A
 * row may instead carry one text (span) after its keys, shown in the first
 * block only ("in progress (1 open game)") and never cut: where it passes
 * the width it goes on under itself, broken between words (a FIT_GLUE in
 * it keeps two words together).  A value column empty on every row is
 * left out. */
struct fit_table {
	int ncols, nkey;
	const char *const *head;  /* ncols headings, the caller's */
	const int *right;         /* ncols flags, the caller's */
	char **cell;              /* nrows * ncols cells, the table's (a span row's values NULL) */
	char **span;              /* nrows spans, the table's, or NULL */
	long nrows, cap;
};

/* A row of t->ncols cells (copied; NULL is an empty cell) at t's end. */
void fit_table_row(struct fit_table *t, const char *const *cells);

/* A row of t->nkey key cells and the span text after them. */
void fit_table_span(struct fit_table *t, const char *const *keys, const char *span);

/* t on f in blocks that fit width columns (at least one value column a
 * block; the keys cut with an ellipsis, down to 10 columns each, when the
 * widest value column, or a span's widest word, would not fit beside
 * them).  Frees t's cells. */
void fit_table_print(FILE *f, struct fit_table *t, int width);

#endif
