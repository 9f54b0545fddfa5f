/* SPDX-License-Identifier: ISC */
/* cmd-sheet.c: `tally sheet GAME|ID [-o FILE] [--paper letter|a4]
 * [--option KEY=VALUE]... [PLAYER...]`: a blank score sheet for a game name,
 * a filled one for a game id. */
#define _GNU_SOURCE  /* glibc's LC_PAPER items, _NL_PAPER_HEIGHT */
#include <langinfo.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/options.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/sides.h"
#include "../core/state.h"
#include "../core/sheet.h"
#include "../core/sheet_pad.h"
#include "../core/util.h"
#include "../core/view.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"
#include "sheet-night.h"

/* One `tally sheet` of a game, filled or blank: the arguments, the state
 * it draws, its view and pad (core/sheet_pad.h lays the pad out). */
struct sheet_job {
	const char *out, *what;
	char **players, **opts;
	int nplayers, nopts, a4, filled, nblank;
	long id;
	const struct game_rules *rules;
	struct sheet_template t;
	struct stored_game *g;
	struct game_state *st;
	struct optset os;
	struct saved_pad pad;
	char **settings;
	int nsettings;
	char *outbuf, **blank_names;
	char **seated, *side_option; /* partners given as Ann+Cid (core/sides.h) */
	int nseated;
};

static void
sheet_job_free(struct sheet_job *j)
{
	for (int i = 0; j->blank_names && j->st && i < j->st->nplayers; i++)
		free(j->blank_names[i]);
	free(j->blank_names);
	for (int i = 0; i < j->nseated; i++)
		free(j->seated[i]);
	free(j->seated);
	free(j->side_option);
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

/*
 * The paper of the user's locale when --paper is not given: A4 when the
 * locale LC_PAPER takes (LC_ALL, else LC_PAPER, else LANG, as POSIX orders
 * them) has A4's 297 mm height (glibc's LC_PAPER, ISO 216), US Letter
 * (279 mm) and any other size otherwise.  The C and POSIX locales, and no
 * locale at all, keep letter, the SPEC's first size.
 */
static int
paper_a4(void)
{
	const char *v = getenv("LC_ALL");
	if (v == NULL || *v == '\0')
		v = getenv("LC_PAPER");
	if (v == NULL || *v == '\0')
		v = getenv("LANG");
	if (v == NULL || *v == '\0' || strcmp(v, "C") == 0 || strcmp(v, "POSIX") == 0 || strncmp(v, "C.", 2) == 0)
		return 0;
	if (setlocale(LC_PAPER, "") == NULL)
		return 0;
	int height = (int)(intptr_t)nl_langinfo(_NL_PAPER_HEIGHT);
	setlocale(LC_PAPER, "C");
	return height == 297;
}

/* -o FILE, --paper letter|a4, --players N, --option K=V, then GAME (or ID)
 * and players. */
static enum status
sheet_args(struct sheet_job *j, const struct cmd_run *r, struct diag *d)
{
	const char *paper = cmd_opt(r, "paper"), *blank = cmd_opt(r, "players");
	long n;
	int nout;
	char **outs = cmd_opt_all(r, "output", &nout);
	enum status rc = ST_OK;
	/* `new` takes -o KEY=VALUE; here -o is the file, so a house rule
	 * typed as in `new` is refused, not written to */
	for (int i = 0; i < nout && rc == ST_OK; i++)
		if (strchr(outs[i], '=') && !strchr(outs[i], '/') && !strstr(outs[i], ".pdf"))
			rc = diag_set(d, ST_USAGE, NULL, outs[i], "usage",
			    "-o names the PDF to write; for the house rule '%s' use --option %s", outs[i], outs[i]);
	if (rc == ST_OK && nout > 1)
		rc = diag_set(d, ST_USAGE, NULL, outs[1], "usage", "-o is given twice ('%s', '%s')", outs[0], outs[1]);
	free(outs);
	if (rc != ST_OK)
		return rc;
	j->out = cmd_opt(r, "output");
	if (paper && !str_ieq(paper, "a4") && !str_ieq(paper, "letter"))
		return diag_set(d, ST_USAGE, NULL, paper, "usage", "--paper is letter or a4, not '%s'", paper);
	j->a4 = paper ? str_ieq(paper, "a4") : paper_a4();
	if (blank && !parse_long(blank, 1, 64, &n))
		return diag_set(d, ST_USAGE, NULL, blank, "usage",
		    "--players takes the number of blank name boxes (1 to 64), not '%s'", blank);
	j->nblank = blank ? (int)n : 0;
	j->opts = cmd_opt_all(r, "option", &j->nopts);
	j->opts = xrealloc(j->opts, sizeof *j->opts * (size_t)(j->nopts + 2));  /* room for the sides option */
	j->players = xcalloc((size_t)r->argc * SIDE_SIZE + 1, sizeof *j->players);
	j->what = r->argc ? r->argv[0] : NULL;
	for (int i = 1; i < r->argc; i++)
		j->players[j->nplayers++] = r->argv[i];
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
	if ((rc = cmd_read_game(ctx, j->id, &j->g, &j->st, d)) != ST_OK)
		return rc;
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
		j->side_option = xstrdup(rules->score.sides_option);
		j->opts[j->nopts++] = j->side_option;
	}
	j->settings = cmd_pad_settings(&j->pad, j->opts, j->nopts, &j->nsettings);
	if (j->nplayers > rules->max_players)
		return cmd_players_refused(rules, j->nplayers, d);
	/* the names a blank sheet heads are checked as `tally new` checks
	 * them (a 65,536-byte one is no name, and no page holds it) */
	for (int i = 0; i < j->nplayers; i++)
		if ((rc = names_check(j->players[i], NULL, d)) != ST_OK)
			return rc;
	if (j->nblank && j->nplayers)
		return diag_set(d, ST_USAGE, NULL, NULL, "usage", "--players is for blank name boxes; give names or a number");
	if (j->nblank && (j->nblank < rules->min_players || j->nblank > rules->max_players))
		return cmd_players_refused(rules, j->nblank, d);
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

/* The pad of j's game: its view, what each seat started with, its
 * date; drawn to j->out. */
static enum status
sheet_draw(struct cmd_ctx *ctx, struct sheet_job *j, struct diag *d)
{
	struct view *v = cmd_game_view(j->g, j->st);
	long *start = sheet_start_measures(j->st);
	char date[WHEN_BUF];
	time_t now;
	struct diag nd = {0};
	struct sheet_pad_opts o = { .filled = j->filled, .a4 = j->a4, .t = &j->t, .start = start,
		.date = j->g && j->g->started ? when_show(j->g->started, when_local_date, date) : NULL };
	if (when_now(&now, &nd) == ST_OK)
		o.created = (long)now;
	diag_clear(&nd);
	struct sheet_pad pad;
	sheet_pad_build(v, &o, &pad);
	enum status rc = sheet_render(&pad.sp, j->out, d);
	if (rc == ST_OK)
		cmd_wrote(ctx, j->out);
	sheet_pad_release(&pad);
	free(start);
	view_free(v);
	return rc;
}

static enum status
cmd_sheet_exec(struct cmd_run *r, struct diag *d)
{
	struct cmd_ctx *ctx = r->ctx;
	struct sheet_job j;
	memset(&j, 0, sizeof j);
	enum status rc = sheet_args(&j, r, d);
	if (rc == ST_OK && j.what != NULL && strncmp(j.what, "night:", 6) == 0) {
		long night;
		if (!parse_long(j.what + 6, 1, 1000000000L, &night))
			rc = diag_set(d, ST_USAGE, NULL, j.what, "usage", "night:%s: a night is a number", j.what + 6);
		else
			rc = sheet_night_report(ctx, night, j.out, j.a4, d);
		goto out;
	}
	j.filled = j.what == NULL || j.what[0] == '#' || (j.what[0] >= '0' && j.what[0] <= '9');
	if (rc == ST_OK)
		rc = j.filled ? load_filled(ctx, &j, d) : make_blank(ctx, &j, d);
	if (rc == ST_OK)
		rc = sheet_template_load(j.rules->sheet.sheet_template, &j.t, d);
	if (rc != ST_OK)
		goto out;
	if (j.out == NULL) {
		j.outbuf = j.filled ? xasprintf("%s-%ld.pdf", j.rules->name, j.g->id) : xasprintf("%s-sheet.pdf", j.rules->name);
		j.out = j.outbuf;
	}
	rc = sheet_draw(ctx, &j, d);
out:
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
	    "                       (or abandoned)\n"
	    "The pad has the lines the game declares: scoring categories under each hand,\n"
	    "labelled with their arithmetic from the options in force (clean books x 500,\n"
	    "went out +100, cards left minus; Trash's 3 Kings x 20; quarters at 25 cents),\n"
	    "sub-columns for games played at once, end figures at the foot, a start row\n"
	    "where chips, quarters or lives decide the game (a late arrival's start in the\n"
	    "row before the hand they came in at, \"joins\" under it), and one line per\n"
	    "patience deal with its result and a tick box for a win.  A game's filled pad\n"
	    "while it goes on prints every row to the end where the number of hands is\n"
	    "fixed (Golf's holes, Trash's contracts, Hand & Foot's rounds, a pad's hands),\n"
	    "else three spare rows.",
	.options = (const struct cmd_option[]){ { "output", 'o', "FILE" }, { "paper", 0, "letter|a4" },
		{ "players", 0, "N" }, { "option", 0, "KEY=VALUE" }, { 0 } },
	.nargs = { 0, -1 },
	.run = cmd_sheet_exec,
};
