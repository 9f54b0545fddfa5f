/* SPDX-License-Identifier: ISC */
/*
 * sheet.h: PDF score sheets (SPEC section 7).  The only module that includes
 * hpdf.h (libharu).
 *
 * A sheet is described as data (struct sheet_spec): a game's pad by
 * core/sheet_pad.c from the game's view (core/view.h) and a template's
 * page furniture (templates/<game>.sheet), a night report by
 * core/sheet_night.c from the night's view;
 * sheet_render() draws it: title and date, players across, one row per hand
 * with its points and running total (or a block of labelled lines per
 * hand, or across sub-columns, as the game declares), a start row, a
 * totals row, optional box rows (chips, quarters, lives), a place row,
 * foot lines, the result and the rules played, in words, in the footer;
 * "page 2 of 3" when it goes on.  The measures of a pad (one fixed row
 * height, least column widths, type sizes by role, rules) are stated in
 * sheet.c above the pad's code and hold for every game.  Player names
 * and cards are UTF-8, drawn with an embedded DejaVu Sans.
 */
#ifndef TALLY_SHEET_H
#define TALLY_SHEET_H

#include "diag.h"

/* A template: templates/NAME.sheet, lines of "key = value"; unknown keys
 * are ignored (an old template's row_label among them: a row's label
 * comes from the game alone, rules_hand_label()). */
struct sheet_template {
	char *title;       /* "Golf" */
	char *box_label;   /* label of the chips box row, or NULL */
	int box_marks;     /* circles to cross off in a blank box (0 = none) */
	char *note_label;  /* heading of the notes column, or NULL */
	char *footer;      /* page furniture under the rules played (a club's
	                    * line), or NULL; lines joined with '\n'.  The
	                    * shipped templates have none: a template that
	                    * restated rules would drift from those in force. */
};

/*
 * Load templates/<name>.sheet.  Searched in $TALLY_TEMPLATES, then next to
 * the executable (build tree: ./templates), then ../share/tally/templates
 * relative to it, then the compiled-in TEMPLATEDIR.  Errors: ST_NOINPUT when
 * no template is found, ST_USAGE for a malformed line.  Free with
 * sheet_template_release().
 */
enum status sheet_template_load(const char *name, struct sheet_template *t,
    struct diag *d);
void sheet_template_release(struct sheet_template *t);

/* A labelled line across the players at a pad's foot ("final", "game
 * bonus"). */
struct sheet_line {
	const char *label;
	int across;           /* 1: a value per across sub-column of each
	                       * player's cell; 0: one value per player */
	char *const *cells;   /* nplayers values (across: nplayers * nacross,
	                       * [player * nacross + a]); NULL cells and a NULL
	                       * array are empty boxes */
};

/* Partnership play: a side's columns on a pad (core/sides.h). */
struct sheet_side {
	const char *name;     /* "Ann & Cid" */
	int first, n;         /* its partners' columns: first .. first + n - 1 */
	const char *total;    /* the side's total, or NULL: an empty box */
};

struct sheet_spec {
	int a4;                 /* 0: US Letter, 1: A4 */
	/* The PDF's metadata: its title ("Golf #1 — 2026-11-20 — Ann, Bob"),
	 * author (NULL: "tally") and creation date (seconds since the epoch,
	 * UTC; 0: none). */
	const char *doc_title, *author;
	long created;
	const char *title;      /* big title */
	const char *subtitle;   /* date, game id, options */
	int nplayers;
	char *const *names;
	int nrows;
	char *const *row_labels;   /* nrows labels */
	/* Filled sheets only (NULL for blank): nrows * nplayers strings each,
	 * indexed [row * nplayers + player]; a NULL cell is left empty. */
	char *const *points;
	char *const *running;
	char *const *detail;       /* small text under the points: cards */
	char *const *totals;       /* nplayers, or NULL */
	const char *box_label;     /* chips/quarters/lives row, or NULL */
	char *const *box;          /* nplayers values, or NULL for a blank box */
	int box_marks;             /* circles per player in a blank box */
	char *const *status;       /* nplayers places ("1st", "2nd out"), or NULL */
	const char *status_label;  /* the status line's label: "Place" (default) */
	const char *result;        /* "Winner: Ann", or NULL */
	const char *sub_left, *sub_right; /* cell headings: "points"/"total" (default) */
	const char *note_label;    /* heading of a right-hand column of notes, or NULL */
	char *const *row_notes;    /* nrows notes ("ante 9, Dee wins"), or NULL */
	const char *footer;        /* the template's furniture, '\n' separates lines */
	int layout_rows, layout_cols; /* each player's layout of cards (Golf's
	                            * 3 x 3), drawn as card outlines in the
	                            * footer; 0: none */
	const char *rules_words;   /* the rules and options played, in words
	                            * (options_words()), or NULL; printed in the
	                            * footer above the template's furniture */

	/*
	 * What a game declares for its pad (core/rules.h, enum sheet_place);
	 * each part is optional (0 / NULL: not drawn).  Filled arrays hold
	 * heap strings owned by the caller; a NULL cell is an empty box, and a
	 * NULL array (a blank pad) leaves every box of that part empty; a cell
	 * "" draws nothing, not even a tick box (a player who sat the hand out).
	 */
	/* Sub-lines: with nlines > 0 each hand is a block of lines headed by
	 * its row label: the across values (if nacross), then a line per
	 * label ("clean books"), then the hand's points ("score", or
	 * sub_left) and its running figure ("total", or sub_right).  lines
	 * holds nrows * nlines * nplayers cells, [(row * nlines + l) *
	 * nplayers + player]. */
	int nlines;
	const char *const *line_labels;
	const char *line_ticks;    /* nlines flags, or NULL: 1 = a yes/no line,
	                            * drawn as a tick box ("yes" ticked) */
	char *const *lines;
	/* Across sub-columns: each player's cell split into nacross columns
	 * headed by across_labels ("game 1"), in place of the points | total
	 * split.  across holds nrows * nplayers * nacross cells, [(row *
	 * nplayers + player) * nacross + a]. */
	int nacross;
	const char *const *across_labels;
	char *const *across;
	/* A start row above hand 1 (what the players start with: "starting
	 * chips"), or NULL; start: nplayers values, NULL: boxes to write in.
	 * start_right: the values sit in the right-hand sub-column (they
	 * begin its running figure) instead of across the whole cell, where
	 * hands are rows of points | total. */
	const char *start_label;
	char *const *start;
	int start_right;
	/* Lines at the pad's foot, under the totals: nfoot of them. */
	int nfoot;
	const struct sheet_line *foot;
	/* Partnership play: the columns in sides (partners' columns next to
	 * each other), each side's name in a band over the grid heading its
	 * partners' names, and its total, the game's, in one box across them
	 * on the last line, "Total" (the players' totals line is then
	 * "Own total", each partner's own, set as running totals are);
	 * nsides 0: none. */
	int nsides;
	const struct sheet_side *sides;
	/* In-row sub-columns (pads whose hands are single rows, nlines and
	 * nacross 0): each player's cell of a hand's row is points | the
	 * ninrow values headed by inrow_labels ("won") | running figure, so
	 * a patience deal stays one line.  inrow_ticks: ninrow flags, 1 = a
	 * tick box ("yes" ticked), or NULL.  inrow holds nrows * nplayers *
	 * ninrow cells, [(row * nplayers + player) * ninrow + k]; NULL on a
	 * blank pad. */
	int ninrow;
	const char *const *inrow_labels;
	const char *inrow_ticks;
	char *const *inrow;
	/* A blank pad whose rows are not the game's length (a patience log,
	 * Bankrupt: no fixed number of hands): up to extra_rows more rows,
	 * their labels after the nrows in row_labels (and row_notes as long),
	 * that the renderer adds to fill the last page of a pad that goes on
	 * overleaf, so no page is left with a few rows and the rest white.
	 * 0: nrows exactly. */
	int extra_rows;
};

/* One game of a night report: its standings and the running values of
 * what decides it (points, chips, quarters or lives). */
struct report_game {
	const char *title;         /* "Golf #3" */
	const char *result;        /* "winner: Ann" or "in progress after 3 holes" */
	const char *measure;       /* what the chart shows: "points", "chips", "lives" */
	const char *x_label;       /* what the x axis counts: "holes", "hands" */
	const char *rules;         /* the options played, in words, or NULL */
	int nplayers;
	char *const *names;
	char *const *standing;     /* per player: "42, 1st (winner)" */
	int npoints;               /* points on each line: hands + 1 (the start);
	                            * 1 or 0: not played, drawn without a chart */
	const long *series;        /* nplayers x npoints, row per player;
	                            * COLUMN_NONE: no point (a late arrival
	                            * before the join), the line starts after */
	const int *colour;         /* per player: the night's index of the
	                            * player, so one player has one colour and
	                            * line style all night; NULL: the seat */
	int abandoned;             /* 1: ended with no result (`end --abandon`),
	                            * said so rather than "not played" */
};

/* A table of words for the summary page: ncols headings, nrows rows of
 * ncols cells (row-major, NULL cells blank).  Cells wrap at spaces, never
 * cut. */
struct report_table {
	const char *caption;       /* "Games", "Players" */
	int ncols, nrows;
	const char *const *heads;
	char *const *cells;
	const char *legend;        /* what the columns mean, '\n' between lines, or NULL */
	/* shorter headings ("#3" for "Golf #3"), used when the table is too
	 * wide for the page with heads, or NULL */
	const char *const *short_heads;
};

struct report_spec {
	int a4;
	const char *title;         /* "Friday at Ann's" */
	const char *subtitle;      /* "Night #3, Fri 21 Nov 2026 19:02 (local), 4 games" */
	/* The champion under the title: a label ("Champion"), the names in
	 * large type and a line saying why and how chosen; NULL: none. */
	const char *champion_label, *champion, *champion_why;
	int ntables;               /* the summary: drawn first, in order */
	const struct report_table *tables;
	int ngames;                /* then a section per game, 2 to 4 charts
	                            * a page; a chart where at least 3 hands
	                            * were played */
	const struct report_game *games;
};

/*
 * A night report: the summary (the champion, then spec->tables), then
 * every game of the night with its standings and a line chart of what
 * decides it, with a legend; a game with no hands is listed as not
 * played.  The summary is a handout: its tables shrink to fit page 1
 * (down to 8 pt), and a table that must go on is broken evenly, so no
 * page carries a few rows alone; the charts start on the next page.
 * Errors as sheet_render().
 */
enum status sheet_render_report(const struct report_spec *spec, const char *path,
    struct diag *d);

/*
 * Draw spec into a new PDF at path.  Errors: ST_CANTCREAT when the file
 * cannot be written, ST_NOINPUT when the font is missing (the message names
 * the Debian package), ST_INTERNAL for a libharu error.
 */
enum status sheet_render(const struct sheet_spec *spec, const char *path,
    struct diag *d);

#endif
