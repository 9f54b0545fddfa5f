/* cmd-sheet.c: `tally sheet GAME|ID [-o FILE] [--paper letter|a4]
 * [--option KEY=VALUE]... [PLAYER...]`: a blank score sheet for a game name,
 * a filled one for a game id. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/ledger.h"
#include "../core/options.h"
#include "../core/rules.h"
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
	int nplayers, nopts, a4, filled;
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
	char *outbuf, *subtitle, *result, *rules_words;
	char **names, **labels, **points, **running, **detail;
	char **totals, **box, **status, **blank_names, **notes;
	size_t ncells;
};

static void
sheet_job_free(struct sheet_job *j)
{
	free_strings(j->labels, (size_t)j->nrows);
	free_strings(j->notes, (size_t)j->nrows);
	free_strings(j->points, j->ncells);
	free_strings(j->running, j->ncells);
	free_strings(j->detail, j->ncells);
	if (j->st) {
		free_strings(j->totals, (size_t)j->st->nplayers);
		free_strings(j->box, (size_t)j->st->nplayers);
		free_strings(j->status, (size_t)j->st->nplayers);
		free_strings(j->blank_names, (size_t)j->st->nplayers);
	}
	free(j->names);
	free(j->subtitle);
	free(j->rules_words);
	free(j->result);
	free(j->outbuf);
	sheet_template_free(&j->t);
	options_free(&j->os);
	state_free(j->st);
	stored_game_free(j->g);
	free(j->players);
	free(j->opts);
	free(j->settings);
	saved_pad_free(&j->pad);
}

/* -o FILE, --paper letter|a4, --option K=V, then GAME (or ID) and players. */
static enum status
sheet_args(struct sheet_job *j, int argc, char **argv, struct diag *d)
{
	j->players = xcalloc((size_t)argc + 1, sizeof *j->players);
	j->opts = xcalloc((size_t)argc + 1, sizeof *j->opts);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) {
			if (i + 1 >= argc)
				return diag_set(d, ST_USAGE, NULL, argv[i], "usage", "-o needs a file name");
			j->out = argv[++i];
		} else if (strcmp(argv[i], "--paper") == 0 && i + 1 < argc) {
			const char *p = argv[++i];
			if (!str_ieq(p, "a4") && !str_ieq(p, "letter"))
				return diag_set(d, ST_USAGE, NULL, p, "usage", "--paper is letter or a4, not '%s'", p);
			j->a4 = str_ieq(p, "a4");
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
	if (j->nplayers || j->nopts)
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
	j->settings = cmd_pad_settings(&j->pad, j->opts, j->nopts, &j->nsettings);
	if (j->nplayers > rules->max_players)
		return diag_set(d, ST_USAGE, NULL, NULL, "players", "%s is for at most %d players", rules->title,
		    rules->max_players);
	for (int i = 0; i < j->nplayers; i++)
		if (!utf8_clean(j->players[i]))
			return diag_set(d, ST_USAGE, NULL, NULL, "player name", "player name is not valid UTF-8 text");
	int ncols = j->nplayers ? j->nplayers : (rules->max_players < 4 ? rules->max_players : 4);
	if ((rc = options_build(rules, ncols, j->settings, j->nsettings, &j->os, d)) != ST_OK && j->nplayers == 0 &&
	    ncols != rules->min_players) {
		/* four blank columns do not suit every game (two-handed Gin) */
		diag_clear(d);
		ncols = rules->min_players;
		rc = options_build(rules, ncols, j->settings, j->nsettings, &j->os, d);
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

/* The frame of the sheet: rows and their labels, names, the chips box,
 * the cell headings, the note column. */
static void
sheet_frame(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	const struct game_rules *rules = j->rules;
	struct sheet_spec *sp = &j->sp;
	int planned = rules_sheet_rows(rules, &st->opts), n = st->nplayers;
	j->nrows = st->nhands > planned ? st->nhands : planned;
	if (j->filled && (st->over || st->closed))
		j->nrows = st->nhands;
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
	sp->footer = j->t.footer;
	j->names = xcalloc((size_t)n, sizeof *j->names);
	for (int i = 0; i < n; i++)
		j->names[i] = st->p[i].name;
	sp->names = j->names;
	/* a blank sheet's state is fresh: what the first player holds is
	 * what everyone starts with */
	long opening = state_has_lives(st) ? st->p[0].lives : st->p[0].chips;
	if (state_has_chips(st) || state_has_lives(st)) {
		sp->box_label = j->t.box_label ? j->t.box_label : rules_chips_name(st->rules);
		sp->box_marks = opening > 0 && opening <= 12 ? (int)opening : 0;
	}
	if (state_chips_only(st) && j->filled)
		sp->box_label = NULL; /* the totals row already holds the chips */
	if (st->rules->show_detail) {
		sp->sub_left = "result";
		sp->sub_right = "total"; /* wins, or Cribbage Solitaire's points */
	}
	if (state_chips_only(st)) {
		sp->sub_left = "change";
		sp->sub_right = state_has_lives(st) ? "lives" : "chips";
	}
	if (rules->sheet_note_label) {
		sp->note_label = j->t.note_label ? j->t.note_label : rules->sheet_note_label;
		j->notes = xcalloc((size_t)j->nrows, sizeof *j->notes);
		for (int r = 0; r < st->nhands && r < j->nrows; r++)
			j->notes[r] = xstrdup(st->hands[r].summary ? st->hands[r].summary : "");
		sp->row_notes = j->notes;
	}
}

/* The line under the title: the template's name, the game or a date
 * line; the rules played, in words, go in the footer (issue 15). */
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
	j->sp.rules_words = j->rules_words = options_words(j->rules, &st->opts);
}

/* One cell of a filled sheet: the hand's points (a chips game: the change
 * and what is held after; patience: the result) and the running figure. */
static void
fill_cell(struct sheet_job *j, int h, int i, long *sum)
{
	const struct game_state *st = j->st;
	const struct hand_record *hr = &st->hands[h];
	size_t k = (size_t)h * (size_t)st->nplayers + (size_t)i;
	if (state_chips_only(st)) {
		long after = hr->chips[i], change = after - sum[i];
		sum[i] = after;
		if (!hr->detail[i] && change == 0)
			return;
		j->points[k] = change ? xasprintf("%+ld", change) : xstrdup("·");
		j->running[k] = xasprintf("%ld", after);
	} else if (st->rules->show_detail) {
		sum[i] += hr->points[i];
		if (hr->detail[i]) {
			j->points[k] = xstrdup(hr->detail[i]);
			j->running[k] = xasprintf("%ld", sum[i]);
		}
		return;
	} else {
		sum[i] += hr->points[i];
		if (st->p[i].out && hr->points[i] == 0 && !hr->detail[i])
			return;
		j->points[k] = xasprintf("%ld", hr->points[i]);
		j->running[k] = xasprintf("%ld", sum[i]);
	}
	if (hr->detail[i])
		j->detail[k] = xstrdup(hr->detail[i]);
}

/* The cells, totals, chips box and who is out of a filled sheet. */
static void
fill_cells(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int n = st->nplayers, anyout = 0;
	j->ncells = (size_t)j->nrows * (size_t)n;
	j->points = xcalloc(j->ncells, sizeof *j->points);
	j->running = xcalloc(j->ncells, sizeof *j->running);
	j->detail = xcalloc(j->ncells, sizeof *j->detail);
	long *sum = xcalloc((size_t)n, sizeof *sum);
	/* what each player held when the game started */
	for (int m = 0; state_chips_only(st) && st->ledger && m < st->ledger->nmoves && st->ledger->moves[m].hand == 0; m++)
		if (st->ledger->moves[m].to >= 0)
			sum[LEDGER_SEAT(st->ledger->moves[m].to)] += st->ledger->moves[m].amount;
	for (int h = 0; h < st->nhands; h++)
		for (int i = 0; i < n; i++)
			fill_cell(j, h, i, sum);
	free(sum);
	j->totals = xcalloc((size_t)n, sizeof *j->totals);
	for (int i = 0; i < n; i++)
		j->totals[i] = xasprintf("%ld", !state_chips_only(st) ? st->p[i].total :
		    state_has_lives(st) ? (long)st->p[i].lives : st->p[i].chips);
	j->sp.points = j->points;
	j->sp.running = j->running;
	j->sp.detail = j->detail;
	j->sp.totals = j->totals;
	if (state_has_chips(st) && !state_chips_only(st)) {
		j->box = xcalloc((size_t)n, sizeof *j->box);
		for (int i = 0; i < n; i++)
			j->box[i] = xasprintf("%ld", st->p[i].chips);
		j->sp.box = j->box;
	}
	for (int i = 0; i < n; i++)
		anyout |= st->p[i].out;
	if (!anyout)
		return;
	j->status = xcalloc((size_t)n, sizeof *j->status);
	for (int i = 0; i < n; i++)
		if (st->p[i].out)
			j->status[i] = xasprintf("out (%d%s)", st->p[i].out_order, st->p[i].out_order == 1 ? "st" :
			    st->p[i].out_order == 2 ? "nd" : st->p[i].out_order == 3 ? "rd" : "th");
	j->sp.status = j->status;
}

/* Under a filled sheet: the winners or what comes next, the pot, the
 * Hollywood games and the final with end bonuses. */
static void
sheet_result(struct sheet_job *j)
{
	const struct game_state *st = j->st;
	int n = st->nplayers;
	struct strbuf sb = {0};
	if (st->over || st->closed) {
		for (int i = 0; i < n; i++)
			if (st->p[i].winner)
				sb_printf(&sb, "%s%s", sb.len ? ", " : (st->over ? "Winner: " : "Ended early, leading: "),
				    st->p[i].name);
		if (state_has_pot(st) && st->pot)
			sb_printf(&sb, "   (%s %ld)", rules_pot_name(st->rules), st->pot);
		for (int i = 0, any = 0; state_has_lives(st) && i < n; i++)
			if (st->p[i].pile > 0) /* Chase the Ace: the pot won, apart from the lives */
				sb_printf(&sb, "%s %s %ld", any++ ? "," : "   pot won:", st->p[i].name, st->p[i].pile);
	} else {
		char next[160] = "";
		rules_describe_next(st, next, sizeof next);
		sb_printf(&sb, "In progress; next: %s", next);
		if (state_has_pot(st))
			sb_printf(&sb, "; %s %ld", rules_pot_name(st->rules), st->pot);
	}
	const struct column *fin = state_column(st, "final");
	if (fin && fin->value(st, 0) != COLUMN_NONE) {
		sb_add(&sb, "\nFinal with end bonuses:");
		for (int i = 0; i < n; i++)
			sb_printf(&sb, " %s %ld", st->p[i].name, fin->value(st, i));
	}
	j->result = sb_take(&sb);
	j->sp.result = j->result;
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
	sheet_subtitle(&j);
	if (j.filled) {
		fill_cells(&j);
		sheet_result(&j);
	}
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
	.usage = "[GAME|ID|night:ID] [-o FILE] [--paper letter|a4] [PLAYER...]",
	.summary = "PDF score sheet: blank for a game name, filled for a game id, a night report",
	.help = "  -o FILE              where to write (default GAME-sheet.pdf or GAME-ID.pdf)\n"
	    "  --paper letter|a4    page size (default letter)\n"
	    "  --option KEY=VALUE   house rules for a blank sheet (e.g. --option preset=house)\n"
	    "  night:ID             a summary page of the night, then each game charted by\n"
	    "                       what decides it; games with no hands listed as not played",
	.exec = cmd_sheet_exec,
};
