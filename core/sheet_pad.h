/* SPDX-License-Identifier: ISC */
/*
 * sheet_pad.h: a game's score pad as the sheet renderer draws it (struct
 * sheet_spec, core/sheet.h), built from the game's view (core/view.h):
 * the rows (the hands played, and while the game is open every row to
 * the end of a game of fixed length or the view's spare rows in one of
 * no fixed length, or the game's whole length on a blank pad), their
 * labels, the names and substitutes, the points and running figures,
 * the hand lines and the across sub-columns the game declares, the
 * start row and box where counters decide the game, the place row, the
 * foot lines, the result and the rules played in words.  No command
 * lays out a pad itself.
 */
#ifndef TALLY_SHEET_PAD_H
#define TALLY_SHEET_PAD_H

#include "sheet.h"
#include "view.h"

/* Rows a blank pad of a game of no fixed length may add to fill the last
 * of its pages (sheet_spec.extra_rows): more than a page holds. */
#define SHEET_FILL_ROWS 40

struct sheet_pad_opts {
	int filled;            /* 1: the game's record; 0: a blank pad */
	int a4;                /* 0: US Letter, 1: A4 */
	const struct sheet_template *t;  /* page furniture (templates/) */
	const long *start;     /* nplayers: what each seat held before hand 1
	                        * (chips, quarters, lives; sheet_start_measures()) */
	const char *date;      /* the game's local date ("2026-11-20"), or NULL */
	long created;          /* the PDF's creation time (seconds, UTC), 0: none */
};

/* A pad: the spec and every string and array it points at (owned). */
struct sheet_pad {
	struct sheet_spec sp;
	void **mem;            /* what sheet_pad_release() frees */
	int nmem, capmem;
};

/*
 * Build the pad of v (a game's view; for a blank pad, the view of a
 * fresh state with no hands) into *pad.  Never fails (allocation failure
 * aborts).  The pad borrows v's static strings only; release it with
 * sheet_pad_release() before or after v.
 */
void sheet_pad_build(const struct view *v, const struct sheet_pad_opts *o, struct sheet_pad *pad);
void sheet_pad_release(struct sheet_pad *pad);

#endif
