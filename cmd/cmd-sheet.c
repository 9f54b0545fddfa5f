/* SPDX-License-Identifier: ISC */
/* cmd-sheet.c: `tally sheet GAME|ID [-o FILE] [--paper letter|a4]
 * [--option KEY=VALUE]... [PLAYER...]`: a blank score sheet for a game name,
 * a filled one for a game id. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/sheet.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "sheet-night.h"

static void
free_strings(char **v, size_t n)
{
	if (v == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* One `tally sheet` of a game, filled or blank: the arguments, the state
 * it draws and every string the spec points at (owned here). */
struct sheet_job {
	const char *out, *what;
	char **players, **opts;
	int nplayers, nopts, a4, filled, nblank;
	long id;
	const struct game_rules *rules;
	struct sheet_template t;
	struct sheet_spec sp;
	struct stored_game *g;
	struct game_state *st;
	struct optset os;
	struct saved_pad pad;
	char **settings;
	int nsettings, nrows;
	char *outbuf, *subtitle, *result, *rules_words, *start_label, *doc_title;
	char **names, **labels, **points, **running, **detail;
	char **totals, **box, **status, **blank_names, **notes, **start;
	size_t ncells;
	/* what the game declares for its pad (core/rules.h, enum sheet_place):
	 * the hand columns on lines (line_cols) and across (across_col: the
	 * sub-column of each, -1 when not across), the game columns at the
	 * foot (foot_cols: nfoot lines, cells as struct sheet_line says) */
	int *line_cols, *across_col, nlines, nacross, nfoot;
	const char **line_labels, **across_heads;
	char **lines, **across;
	struct sheet_line *foot;
	char ***foot_cells;
	/* partnership play (core/sides.h): the sides, columns grouped */
	struct sheet_side *sides;
	char **side_names, **side_totals, **seated;
	int nsides, nseated;
	char *side_option;
};

static void
sheet_job_free(struct sheet_job *j)
{
	free_strings(j->labels, (size_t)j->nrows);
	free_strings(j->notes, (size_t)j->nrows);
	free_strings(j->points, j->ncells);
	free_strings(j->running, j->ncells);
	free_strings(j->detail, j->ncells);
	free_strings(j->lines, j->ncells * (size_t)j->nlines);
	free_strings(j->across, j->ncells * (size_t)j->nacross);
	for (int f = 0; j->st && f < j->nfoot; f++)
		free_strings(j->foot_cells[f], (size_t)j->st->nplayers * (size_t)(j->nacross ? j->nacross : 1));
	free(j->foot_cells);
	free(j->foot);
	free(j->line_cols);
	free(j->across_col);
	free(j->line_labels);
	free(j->across_heads);
	free(j->start_label);
	if (j->st) {
		free_strings(j->start, (size_t)j->st->nplayers);
		free_strings(j->totals, (size_t)j->st->nplayers);
		free_strings(j->box, (size_t)j->st->nplayers);
		free_strings(j->status, (size_t)j->st->nplayers);
		free_strings(j->blank_names, (size_t)j->st->nplayers);
	}
	free_strings(j->side_names, (size_t)j->nsides);
	free_strings(j->side_totals, (size_t)j->nsides);
	free_strings(j->seated, (size_t)j->nseated);
	free(j->sides);
	free(j->side_option);
	free(j->names);
	free(j->subtitle);
	free(j->doc_title);
	free(j->rules_words);
	free(j->result);
	free(j->outbuf);
	sheet_template_release(&j->t);
	options_release(&j->os);
	state_free(j->st);
	stored_game_free(j->g);
	free(j->players);
	free(j->opts);
	free(j->settings);
	saved_pad_release(&j->pad);
}

/* -o FILE, --paper letter|a4, --option K=V, then GAME (or ID) and players. */
static enum status
sheet_args(struct sheet_job *j, int argc, char **argv, struct diag *d)
{
	j->players = xcalloc((size_t)argc * SIDE_SIZE + 1, sizeof *j->players);
	j->opts = xcalloc((size_t)argc + 2, sizeof *j->opts);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) {
			if (i + 1 >= argc)
				return diag_set(d, ST_USAGE, NULL, argv[i], "usage", "-o needs a file name");
			if (j->out)
				return diag_set(d, ST_USAGE, NULL, argv[i + 1], "usage", "-o is given twice ('%s', '%s')",
				    j->out, argv[i + 1]);
			j->out = argv[++i];
			/* `new` takes -o KEY=VALUE; here -o is the file, so a
			 * house rule typed as in `new` is refused, not written to */
			if (strchr(j->out, '=') && !strchr(j->out, '/') && !strstr(j->out, ".pdf"))
				return diag_set(d, ST_USAGE, NULL, j->out, "usage",
				    "-o names the PDF to write; for the house rule '%s' use --option %s", j->out, j->out);
		} else if (strcmp(argv[i], "--paper") == 0 && i + 1 < argc) {
			const char *p = argv[++i];
			if (!str_ieq(p, "a4") && !str_ieq(p, "letter"))
				return diag_set(d, ST_USAGE, NULL, p, "usage", "--paper is letter or a4, not '%s'", p);
			j->a4 = str_ieq(p, "a4");
		} else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
			long n;
			if (!parse_long(argv[++i], 1, 64, &n))
				return diag_set(d, ST_USAGE, NULL, argv[i], "usage",
				    "--players takes the number of blank name boxes (1 to 64), not '%s'", argv[i]);
			j->nblank = (int)n;
		} else if (strcmp(argv[i], "--option") == 0 && i + 1 < argc) {
			j->opts[j->nopts++] = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return diag_set(d, ST_USAGE, NULL, argv[i], "usage", "unknown option '%s' for sheet", argv[i]);
		} else if (j->what == NULL)
			j->what = argv[i];
		else
			j->players[j->nplayers++] = argv[i];
	}
	return ST_OK;
}

/* A filled sheet's game, replayed (no game named: the current one). */
static enum status
load_filled(struct cmd_ctx *ctx, struct sheet_job *j, struct diag *d)
{
	enum status rc;
	if (j->what && (rc = cmd_game_id(j->what, &j->id, d)) != ST_OK)
		return rc;
	if (j->nplayers || j->nopts || j->nblank)
		return diag_set(d, ST_USAGE, NULL, NULL, "usage", "a filled sheet takes its players and options from its game");
	if ((rc = cmd_load_game(ctx, j->id, 0, &j->g, &j->st, d)) != ST_OK)
		return rc;
	store_rollback(ctx->store);
	j->rules = j->st->rules;
	return ST_OK;
}

/* A blank sheet's game: a fresh state for the players named (or blank
 * columns) and the options, which knows about chips and lives. */
static enum status
make_blank(struct cmd_ctx *ctx, struct sheet_job *j, struct diag *d)
{
	enum status rc;
	if ((rc = cmd_find_game(ctx, j->what, &j->rules, &j->pad, d)) != ST_OK)
		return rc;
	const struct game_rules *rules = j->rules;
	if (j->nplayers > 0 && sides_word(rules, j->players[0])) {
		/* partners as `new` takes them: Ann+Cid Bob+Dee, seated
		 * opposite, and the game played in sides */
		if ((rc = sides_seat_words(j->players, j->nplayers, &j->seated, d)) != ST_OK)
			return rc;
		j->nseated = j->nplayers * SIDE_SIZE;
		for (int i = 0; i < j->nseated; i++)
			j->players[i] = j->seated[i];
		j->nplayers = j->nseated;
		j->side_option = xstrdup(rules->sides_option);
		j->opts[j->nopts++] = j->side_option;
	}
	j->settings = cmd_pad_settings(&j->pad, j->opts, j->nopts, &j->nsettings);
	if (j->nplayers > rules->max_players)
		return diag_set(d, ST_USAGE, NULL, NULL, "players", "%s is for at most %d players", rules->title,
		    rules->max_players);
	/* the names a blank sheet heads are checked as `tally new` checks
	 * them (a 65,536-byte one is no name, and no page holds it) */
	for (int i = 0; i < j->nplayers; i++)
		if ((rc = names_check(j->players[i], NULL, d)) != ST_OK)
			return rc;
	if (j->nblank && j->nplayers)
		return diag_set(d, ST_USAGE, NULL, NULL, "usage", "--players is for blank name boxes; give names or a number");
	if (j->nblank && (j->nblank < rules->min_players || j->nblank > rules->max_players))
		return diag_set(d, ST_USAGE, NULL, NULL, "players", "%s is for %d to %d players, not %d", rules->title,
		    rules->min_players, rules->max_players, j->nblank);
	int ncols = j->nplayers ? j->nplayers : j->nblank ? j->nblank : (rules->max_players < 4 ? rules->max_players : 4);
	if ((rc = options_build(rules, ncols, j->settings, j->nsettings, &j->os, d)) != ST_OK && j->nplayers == 0 &&
	    j->nblank == 0 && ncols != rules->min_players) {
		/* four blank columns do not suit every game (two-handed Gin) */
		diag_clear(d);
		ncols = rules->min_players;
		rc = options_build(rules, ncols, j->settings, j->nsettings, &j->os, d);
	}
	/* A blank pad of N boxes is paper: the checks that a pack deals to
	 * N players, or that a mode suits them, are for a game being
	 * played; the options asked for are taken as some count allows them. */
	for (int k = rules->min_players; rc != ST_OK && j->nblank && k <= rules->max_players; k++) {
		diag_clear(d);
		options_release(&j->os);
		rc = options_build(rules, k, j->settings, j->nsettings, &j->os, d);
	}
	if (rc != ST_OK)
		return rc;
	if (j->nplayers == 0) {
		j->blank_names = xcalloc((size_t)ncols, sizeof *j->blank_names);
		for (int i = 0; i < ncols; i++)
			j->blank_names[i] = xstrdup("");
		j->nplayers = ncols;
	}
	j->st = state_new(rules, j->blank_names ? j->blank_names : j->players, j->nplayers, &j->os, 0, d);
	return j->st ? ST_OK : d->status;
}

/* Rows a filled pad of an open game keeps to write the next hands in. */
#define SPARE_ROWS 3

/* The frame of the sheet: rows and their labels, names, the cell
 * headings, the note column. */
static void
sheet_frame(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	const struct game_rules *rules = j->rules;
	struct sheet_spec *sp = &j->sp;
	int planned = rules_sheet_rows(rules, &st->opts), n = st->nplayers;
	j->nrows = st->nhands > planned ? st->nhands : planned;
	/* a filled pad: the hands played, and while the game is open a few
	 * rows to go on writing in (no more than the game has left) */
	if (j->filled)
		j->nrows = st->over || st->closed ? st->nhands :
		    planned >= st->nhands && planned < st->nhands + SPARE_ROWS ? planned : st->nhands + SPARE_ROWS;
	if (j->nrows < 1)
		j->nrows = 1;
	j->labels = xcalloc((size_t)j->nrows, sizeof *j->labels);
	for (int r = 0; r < j->nrows; r++) {
		char buf[64];
		rules_hand_label(rules, &st->opts, r + 1, buf, sizeof buf);
		j->labels[r] = xstrdup(buf);
	}
	sp->a4 = j->a4;
	sp->title = rules_title(rules, &st->opts);
	sp->nplayers = n;
	sp->nrows = j->nrows;
	sp->row_labels = j->labels;
	/* a template's footer is page furniture (a club's line); the rules
	 * played come from the game and its options (rules_words) */
	sp->footer = j->t.footer;
	j->names = xcalloc((size_t)n, sizeof *j->names);
	for (int i = 0; i < n; i++)
		j->names[i] = st->p[i].name;
	sp->names = j->names;
	if (st->rules->show_detail) {
		sp->sub_left = "result";
		sp->sub_right = "total"; /* wins, or Cribbage Solitaire's points */
	}
	if (!state_scores_points(st)) {
		sp->sub_left = "change";
		sp->sub_right = state_measure_name(st);
	}
	if (rules->sheet_note_label) {
		sp->note_label = j->t.note_label ? j->t.note_label : rules->sheet_note_label;
		j->notes = xcalloc((size_t)j->nrows, sizeof *j->notes);
		int any = 0;
		for (int r = 0; r < st->nhands && r < j->nrows; r++) {
			j->notes[r] = xstrdup(st->hands[r].sheet_note ? st->hands[r].sheet_note : "");
			any |= j->notes[r][0] != '\0';
		}
		sp->row_notes = j->notes;
		if (j->filled && !any && (st->over || st->closed))   /* nothing was noted: no column */
			sp->note_label = NULL, sp->row_notes = NULL;
	}
}

/* The line under the title: the template's name, the game or a date
 * line; the rules played, in words, go in the footer. */
static void
sheet_subtitle(struct sheet_job *j)
{
	struct strbuf sb = {0};
	char when[WHEN_BUF];
	const struct game_state *st = j->st;
	if (strcmp(j->t.title, j->rules->title) != 0 && strcmp(j->t.title, j->sp.title) != 0)
		sb_printf(&sb, "%s.  ", j->t.title);
	if (j->filled)
		sb_printf(&sb, "Game #%ld, started %.32s", j->g->id, when_show(j->g->started, when_local_date, when));
	else
		sb_add(&sb, "Date: ________________");
	j->subtitle = sb_take(&sb);
	j->sp.subtitle = j->subtitle;
	/* the PDF's title: "Golf #1 — 2026-11-20 — Ann, Bob" */
	struct strbuf tb = {0};
	sb_add(&tb, j->sp.title);
	if (j->filled) {
		sb_printf(&tb, " #%ld \xE2\x80\x94 %.32s \xE2\x80\x94 ", j->g->id, when_show(j->g->started, when_local_date, when));
		for (int i = 0; i < st->nplayers; i++)
			sb_printf(&tb, "%s%s", i ? ", " : "", st->p[i].name);
	} else
		sb_add(&tb, " score pad");
	j->doc_title = sb_take(&tb);
	j->sp.doc_title = j->doc_title;
	time_t now;
	struct diag nd = {0};
	if (when_now(&now, &nd) == ST_OK)
		j->sp.created = (long)now;
	diag_clear(&nd);
	j->sp.rules_words = j->rules_words = options_words(j->rules, &st->opts);
}

/*
 * Where counters decide the game (chips, quarters, lives: the measure,
 * core/rules.h), a start row of what each player starts with (blank on a
 * blank pad, to write in) and, on a blank pad, a box of them to cross
 * off; on a filled pad of points, a line of what each holds at the end.
 */
static void
sheet_counters(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	struct sheet_spec *sp = &j->sp;
	int n = st->nplayers;
	if (state_measure_points(st))
		return;
	sp->start_label = j->start_label = xasprintf("starting %s", state_measure_name(st));
	sp->start_right = !state_scores_points(st);
	long *start = sheet_start_measures(st);
	if (j->filled) {
		j->start = xcalloc((size_t)n, sizeof *j->start);
		for (int i = 0; i < n; i++)
			j->start[i] = xasprintf("%ld", start[i]);
		sp->start = j->start;
	}
	if (!j->filled || state_scores_points(st)) {
		const char *name = state_measure_name(st);
		sp->box_label = j->t.box_label ? j->t.box_label : name;
		sp->box_marks = !j->filled && start[0] > 0 && start[0] <= 12 ? (int)start[0] : 0;
	}
	if (j->filled && state_scores_points(st)) {
		j->box = xcalloc((size_t)n, sizeof *j->box);
		for (int i = 0; i < n; i++)
			j->box[i] = xasprintf("%ld", state_measure(st, i));
		sp->box = j->box;
	}
	free(start);
}

/* A column's value as a pad prints it (rules_column_text: "yes"/"no", the
 * number): a heap string, or NULL (an empty box) for COLUMN_NONE. */
static char *
pad_text(enum column_kind kind, long v)
{
	char buf[32];
	return v == COLUMN_NONE ? NULL : xstrdup(rules_column_text(kind, v, buf, sizeof buf));
}

/* The hand columns the pad shows: on lines of their own under each hand
 * (SHEET_LINE), or across each player's cell (SHEET_ACROSS), as st's game
 * declares them and its options show them. */
static void
sheet_hand_columns(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	const struct game_rules *r = j->rules;
	int nc = rules_hand_columns(r);
	j->line_cols = xcalloc((size_t)nc + 1, sizeof *j->line_cols);
	j->across_col = xcalloc((size_t)nc + 1, sizeof *j->across_col);
	j->line_labels = xcalloc((size_t)nc + 1, sizeof *j->line_labels);
	/* across sub-columns only where a column st shows is across */
	for (const struct column *gc = r->columns; gc && gc->key; gc++)
		if (gc->place == SHEET_ACROSS && gc->across > j->nacross && state_column_shown(st, gc))
			j->nacross = gc->across;
	for (int c = 0; c < nc; c++) {
		const struct hand_column *hc = &r->hand_columns[c];
		int shown = state_hand_column_shown(st, c);
		j->across_col[c] = shown && hc->place == SHEET_ACROSS && hc->across >= 1 ? hc->across - 1 : -1;
		if (j->across_col[c] >= j->nacross)
			j->nacross = j->across_col[c] + 1;
		if (shown && hc->place == SHEET_LINE && hc->label) {
			j->line_labels[j->nlines] = hc->label;
			j->line_cols[j->nlines++] = c;
		}
	}
	j->sp.nlines = j->nlines;
	j->sp.line_labels = j->line_labels;
	j->sp.nacross = j->nacross;
	/* a heading per sub-column, "" past the labels the game gives */
	j->across_heads = xcalloc((size_t)j->nacross + 1, sizeof *j->across_heads);
	for (int a = 0, more = r->across_labels != NULL; a < j->nacross; a++) {
		more = more && r->across_labels[a] != NULL;
		j->across_heads[a] = more ? r->across_labels[a] : "";
	}
	j->sp.across_labels = j->across_heads;
}

/* The game columns at the pad's foot: a line each (SHEET_LINE), or one
 * line for those across with the same label (SHEET_ACROSS); their values
 * on a filled pad. */
static void
sheet_foot(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int n = st->nplayers, na = j->nacross ? j->nacross : 1, nc = 0;
	for (const struct column *c = j->rules->columns; c && c->key; c++)
		nc++;
	j->foot = xcalloc((size_t)nc + 1, sizeof *j->foot);
	j->foot_cells = xcalloc((size_t)nc + 1, sizeof *j->foot_cells);
	for (const struct column *c = j->rules->columns; c && c->key; c++) {
		int across = c->place == SHEET_ACROSS && c->across >= 1 && c->across <= j->nacross;
		if ((c->place != SHEET_LINE && !across) || c->label == NULL || !state_column_shown(st, c))
			continue;
		int f = 0;
		while (f < j->nfoot && !(across && j->foot[f].across && strcmp(j->foot[f].label, c->label) == 0))
			f++;
		if (f == j->nfoot) {
			j->foot[j->nfoot].label = c->label;
			j->foot[j->nfoot].across = across;
			j->foot_cells[j->nfoot++] = xcalloc((size_t)(n * na), sizeof **j->foot_cells);
		}
		for (int i = 0; j->filled && c->value && i < n; i++) {
			char **slot = &j->foot_cells[f][across ? i * na + c->across - 1 : i];
			free(*slot);
			*slot = pad_text(c->kind, c->value(st, i));
		}
		j->foot[f].cells = j->filled ? j->foot_cells[f] : NULL;
	}
	j->sp.nfoot = j->nfoot;
	j->sp.foot = j->foot;
}

/* One cell of a filled sheet: the hand's points and the running total
 * (sum), or (counters only) what the hand changed and what is held after
 * it (from start), or (show_detail) its result; details under them. */
static void
fill_cell(struct sheet_job *j, int h, int i, long *sum, const long *start)
{
	const struct game_state *st = j->st;
	const struct hand_record *hr = &st->hands[h];
	size_t k = (size_t)h * (size_t)st->nplayers + (size_t)i;
	long held = state_scores_points(st) ? 0 : state_hand_measure(st, h, i);
	long v = state_scores_points(st) ? hr->points[i] : held - (h ? state_hand_measure(st, h - 1, i) : start[i]);
	sum[i] += hr->points[i];
	if (st->rules->show_detail) {
		if (hr->detail[i]) {
			j->points[k] = xstrdup(hr->detail[i]);
			j->running[k] = xasprintf("%ld", sum[i]);
		}
		return;
	}
	if (st->p[i].out && v == 0 && !hr->detail[i])
		return;   /* out before this hand */
	j->points[k] = state_scores_points(st) || v == 0 ? xasprintf("%ld", v) : xasprintf("%+ld", v);
	j->running[k] = xasprintf("%ld", state_scores_points(st) ? sum[i] : held);
	if (hr->detail[i])
		j->detail[k] = xstrdup(hr->detail[i]);
}

/* Hand h's hand columns: its lines and its across values. */
static void
fill_columns(struct sheet_job *j, int h)
{
	const struct game_state *st = j->st;
	const struct hand_record *hr = &st->hands[h];
	int n = st->nplayers, nc = rules_hand_columns(j->rules);
	for (int l = 0; l < j->nlines; l++)
		for (int i = 0; i < n; i++)
			j->lines[((size_t)h * (size_t)j->nlines + (size_t)l) * (size_t)n + (size_t)i] =
			    pad_text(j->rules->hand_columns[j->line_cols[l]].kind, state_hand_get(st, hr, j->line_cols[l], i));
	for (int c = 0; c < nc; c++)
		for (int i = 0; j->across_col[c] >= 0 && i < n; i++) {
			char **slot = &j->across[((size_t)h * (size_t)n + (size_t)i) * (size_t)j->nacross + (size_t)j->across_col[c]];
			free(*slot);
			*slot = pad_text(j->rules->hand_columns[c].kind, state_hand_get(st, hr, c, i));
		}
}

/* "1st", "2nd out": n as an ordinal, then what; a heap string. */
static char *
ordinal(int n, const char *what)
{
	int t = n % 100 >= 11 && n % 100 <= 13 ? 0 : n % 10;
	return xasprintf("%d%s%s", n, t == 1 ? "st" : t == 2 ? "nd" : t == 3 ? "rd" : "th", what);
}

/* The cells, totals and places of a filled sheet. */
static void
fill_cells(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int n = st->nplayers, anyout = 0;
	j->ncells = (size_t)j->nrows * (size_t)n;
	j->points = xcalloc(j->ncells, sizeof *j->points);
	j->running = xcalloc(j->ncells, sizeof *j->running);
	j->detail = xcalloc(j->ncells, sizeof *j->detail);
	j->lines = xcalloc(j->ncells * (size_t)j->nlines + 1, sizeof *j->lines);
	j->across = xcalloc(j->ncells * (size_t)j->nacross + 1, sizeof *j->across);
	long *sum = xcalloc((size_t)n, sizeof *sum), *start = sheet_start_measures(st);
	for (int h = 0; h < st->nhands; h++) {
		for (int i = 0; i < n; i++)
			fill_cell(j, h, i, sum, start);
		fill_columns(j, h);
	}
	free(sum);
	free(start);
	j->totals = xcalloc((size_t)n, sizeof *j->totals);
	for (int i = 0; i < n; i++)
		j->totals[i] = xasprintf("%ld", state_scores_points(st) ? st->p[i].total : state_measure(st, i));
	j->sp.points = j->points;
	j->sp.running = j->running;
	j->sp.detail = j->detail;
	j->sp.totals = j->totals;
	j->sp.lines = j->nlines ? j->lines : NULL;
	j->sp.across = j->nacross ? j->across : NULL;
	for (int i = 0; i < n; i++)
		anyout |= st->p[i].out;
	if (!anyout && !st->over && !st->closed)
		return;
	/* a finished game's places; while it goes on, the order players
	 * went out in ("1st out") */
	j->status = xcalloc((size_t)n, sizeof *j->status);
	for (int i = 0; i < n; i++)
		if (st->over || st->closed)
			j->status[i] = ordinal(st->p[i].rank, "");
		else if (st->p[i].out)
			j->status[i] = ordinal(st->p[i].out_order, " out");
	j->sp.status = j->status;
	j->sp.status_label = "Place";
}

/* Under a filled sheet: the winners or what comes next, and the pot
 * (the game's own figures are its foot lines). */
static void
sheet_result(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int n = st->nplayers;
	struct strbuf sb = {0};
	if (st->over || st->closed) {
		char side[256];
		for (int i = 0; i < n; i++)   /* a side by its name, once (its first seat) */
			if (st->p[i].winner && (state_side(st, i) < 0 || i < state_nsides(st)))
				sb_printf(&sb, "%s%s", sb.len ? ", " : (st->over ? "Winner: " : "Ended early, leading: "),
				    state_side(st, i) < 0 ? st->p[i].name : side_name(st, state_side(st, i), side, sizeof side));
		if (st->pot)
			sb_printf(&sb, "   (%s %ld)", rules_pot_name(st->rules), st->pot);
	} else {
		char *next = rules_next_text(st);
		sb_printf(&sb, "In progress; next: %s", next);
		free(next);
		if (st->pot)
			sb_printf(&sb, "; %s %ld", rules_pot_name(st->rules), st->pot);
	}
	j->result = sb_take(&sb);
	j->sp.result = j->result;
}

/* Put the nblocks blocks of np * inner cells of a (the player's cells
 * [b][player][inner]) in the column order perm (column -> seat). */
static void
permute(char **a, size_t nblocks, int np, int inner, const int *perm)
{
	if (a == NULL)
		return;
	char **tmp = xcalloc((size_t)np * (size_t)inner, sizeof *tmp);
	for (size_t b = 0; b < nblocks; b++) {
		char **blk = a + b * (size_t)np * (size_t)inner;
		memcpy(tmp, blk, (size_t)np * (size_t)inner * sizeof *tmp);
		for (int c = 0; c < np; c++)
			memcpy(blk + (size_t)c * (size_t)inner, tmp + (size_t)perm[c] * (size_t)inner, (size_t)inner * sizeof *tmp);
	}
	free(tmp);
}

/*
 * Partnership play (core/sides.h): the partners' columns side by side
 * (Ann, Cid | Bob, Dee), each side's name over them and its total in a
 * box across them (a blank pad: the box to fill in).  Every per-player
 * array of the job is put in that column order.
 */
static void
sheet_sides(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int k = state_nsides(st), n = st->nplayers, c = 0, named = j->blank_names == NULL;
	if (k == 0)
		return;
	int *perm = xcalloc((size_t)n, sizeof *perm);
	j->nsides = k;
	j->sides = xcalloc((size_t)k, sizeof *j->sides);
	j->side_names = xcalloc((size_t)k, sizeof *j->side_names);
	j->side_totals = xcalloc((size_t)k, sizeof *j->side_totals);
	for (int s = 0; s < k; s++) {
		int seats[SIDE_SIZE], ns = state_side_seats(st, s, seats);
		char name[256];
		j->side_names[s] = named ? xstrdup(side_name(st, s, name, sizeof name)) : xasprintf("Side %d", s + 1);
		if (j->filled)
			j->side_totals[s] = xasprintf("%ld", side_total(st, s));
		j->sides[s] = (struct sheet_side){ j->side_names[s], c, ns, j->side_totals[s] };
		for (int i = 0; i < ns; i++)
			perm[c++] = seats[i];
	}
	size_t rows = (size_t)j->nrows;
	int na = j->nacross ? j->nacross : 1;
	permute(j->names, 1, n, 1, perm);
	permute(j->totals, 1, n, 1, perm);
	permute(j->box, 1, n, 1, perm);
	permute(j->status, 1, n, 1, perm);
	permute(j->start, 1, n, 1, perm);
	permute(j->points, rows, n, 1, perm);
	permute(j->running, rows, n, 1, perm);
	permute(j->detail, rows, n, 1, perm);
	if (j->nlines)
		permute(j->lines, rows * (size_t)j->nlines, n, 1, perm);
	if (j->nacross)
		permute(j->across, rows, n, j->nacross, perm);
	for (int f = 0; f < j->nfoot; f++)
		permute(j->foot_cells[f], 1, n, j->foot[f].across ? na : 1, perm);
	j->sp.nsides = k;
	j->sp.sides = j->sides;
	free(perm);
}

static enum status
cmd_sheet_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct sheet_job j;
	memset(&j, 0, sizeof j);
	enum status rc = sheet_args(&j, argc, argv, &d);
	if (rc == ST_OK && j.what != NULL && strncmp(j.what, "night:", 6) == 0) {
		long night;
		if (!parse_long(j.what + 6, 1, 1000000000L, &night))
			rc = diag_set(&d, ST_USAGE, NULL, j.what, "usage", "night:%s: a night is a number", j.what + 6);
		else
			rc = sheet_night_report(ctx, night, j.out, j.a4, &d);
		goto out;
	}
	j.filled = j.what == NULL || j.what[0] == '#' || (j.what[0] >= '0' && j.what[0] <= '9');
	if (rc == ST_OK)
		rc = j.filled ? load_filled(ctx, &j, &d) : make_blank(ctx, &j, &d);
	if (rc == ST_OK)
		rc = sheet_template_load(j.rules->sheet_template, &j.t, &d);
	if (rc != ST_OK)
		goto out;
	sheet_frame(&j);
	sheet_counters(&j);
	sheet_hand_columns(&j);
	sheet_foot(&j);
	sheet_subtitle(&j);
	if (j.filled) {
		fill_cells(&j);
		sheet_result(&j);
	}
	sheet_sides(&j);
	if (j.out == NULL) {
		j.outbuf = j.filled ? xasprintf("%s-%ld.pdf", j.rules->name, j.g->id) : xasprintf("%s-sheet.pdf", j.rules->name);
		j.out = j.outbuf;
	}
	if ((rc = sheet_render(&j.sp, j.out, &d)) == ST_OK)
		cmd_wrote(ctx, j.out);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	sheet_job_free(&j);
	return rc;
}

const struct cmd_entry cmd_sheet_entry = {
	.name = "sheet",
	.usage = "[GAME|ID|night:ID] [-o FILE] [--paper letter|a4] [--players N] [PLAYER...]",
	.summary = "PDF score sheet: blank for a game name, filled for a game id, a night report",
	.help = "  -o FILE              where to write (default GAME-sheet.pdf or GAME-ID.pdf)\n"
	    "  --paper letter|a4    page size (default letter)\n"
	    "  --players N          a blank pad with N empty name boxes\n"
	    "  --option KEY=VALUE   house rules for a blank sheet (e.g. --option preset=house)\n"
	    "  night:ID             a summary page of the night, then each game charted by\n"
	    "                       what decides it; games with no hands listed as not played\n"
	    "The pad has the lines the game declares: scoring categories under each hand,\n"
	    "sub-columns for games played at once, end figures at the foot, and a start\n"
	    "row where chips, quarters or lives decide the game.",
	.exec = cmd_sheet_exec,
};
