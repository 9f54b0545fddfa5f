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

static enum status
cmd_sheet_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	const char *out = NULL, *what = NULL;
	char **players = xcalloc((size_t)argc + 1, sizeof *players);
	char **opts = xcalloc((size_t)argc + 1, sizeof *opts);
	int nplayers = 0, nopts = 0, a4 = 0;
	struct sheet_template t = {0};
	struct sheet_spec sp = {0};
	struct stored_game *g = NULL;
	struct game_state *st = NULL;
	struct optset os = {0};
	struct saved_pad pad = {0};
	char **settings = NULL;
	int nsettings = 0;
	char *outbuf = NULL, *subtitle = NULL, *result = NULL, *rules_words = NULL;
	char **labels = NULL, **points = NULL, **running = NULL, **detail = NULL;
	char **totals = NULL, **box = NULL, **status = NULL, **blank_names = NULL, **notes = NULL;
	size_t ncells = 0;
	int nrows = 0;
	enum status rc = ST_OK;
	long id = 0;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) {
			if (i + 1 >= argc) {
				rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage", "-o needs a file name");
				goto out;
			}
			out = argv[++i];
		} else if (strcmp(argv[i], "--paper") == 0 && i + 1 < argc) {
			const char *p = argv[++i];
			if (str_ieq(p, "a4"))
				a4 = 1;
			else if (str_ieq(p, "letter"))
				a4 = 0;
			else {
				rc = diag_set(&d, ST_USAGE, NULL, p, "usage", "--paper is letter or a4, not '%s'", p);
				goto out;
			}
		} else if (strcmp(argv[i], "--option") == 0 && i + 1 < argc) {
			opts[nopts++] = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			rc = diag_set(&d, ST_USAGE, NULL, argv[i], "usage", "unknown option '%s' for sheet", argv[i]);
			goto out;
		} else if (what == NULL)
			what = argv[i];
		else
			players[nplayers++] = argv[i];
	}
	/* no game named: the current game's filled sheet */
	if (what != NULL && strncmp(what, "night:", 6) == 0) {
		long night;
		if (!parse_long(what + 6, 1, 1000000000L, &night)) {
			rc = diag_set(&d, ST_USAGE, NULL, what, "usage", "night:%s: a night is a number", what + 6);
			goto out;
		}
		rc = sheet_night_report(ctx, night, out, a4, &d);
		goto out;
	}
	const struct game_rules *rules = NULL;
	int filled = what == NULL || what[0] == '#' || (what[0] >= '0' && what[0] <= '9');
	if (filled) {
		if (what && (rc = cmd_game_id(what, &id, &d)) != ST_OK)
			goto out;
		if (nplayers || nopts) {
			rc = diag_set(&d, ST_USAGE, NULL, NULL, "usage",
			    "a filled sheet takes its players and options from its game");
			goto out;
		}
		if ((rc = cmd_load_game(ctx, id, 0, &g, &st, &d)) != ST_OK)
			goto out;
		store_rollback(ctx->store);
		rules = st->rules;
	} else {
		if ((rc = cmd_find_game(ctx, what, &rules, &pad, &d)) != ST_OK)
			goto out;
		settings = cmd_pad_settings(&pad, opts, nopts, &nsettings);
		if (nplayers > rules->max_players) {
			rc = diag_set(&d, ST_USAGE, NULL, NULL, "players", "%s is for at most %d players",
			    rules->title, rules->max_players);
			goto out;
		}
		for (int i = 0; i < nplayers; i++)
			if (!utf8_clean(players[i])) {
				rc = diag_set(&d, ST_USAGE, NULL, NULL, "player name",
				    "player name is not valid UTF-8 text");
				goto out;
			}
		int ncols = nplayers ? nplayers : (rules->max_players < 4 ? rules->max_players : 4);
		if ((rc = options_build(rules, ncols, settings, nsettings, &os, &d)) != ST_OK && nplayers == 0 &&
		    ncols != rules->min_players) {
			/* four blank columns do not suit every game (two-handed Gin) */
			diag_clear(&d);
			ncols = rules->min_players;
			rc = options_build(rules, ncols, settings, nsettings, &os, &d);
		}
		if (rc != ST_OK)
			goto out;
		if (nplayers == 0) {
			blank_names = xcalloc((size_t)ncols, sizeof *blank_names);
			for (int i = 0; i < ncols; i++)
				blank_names[i] = xstrdup("");
			nplayers = ncols;
		}
		/* A state of the blank game knows about chips and lives. */
		if ((st = state_new(rules, blank_names ? blank_names : players, nplayers, &os, 0, &d)) == NULL) {
			rc = d.status;
			goto out;
		}
	}
	if ((rc = sheet_template_load(rules->sheet_template, &t, &d)) != ST_OK)
		goto out;

	int planned = rules_sheet_rows(rules, &st->opts);
	nrows = st->nhands > planned ? st->nhands : planned;
	if (filled && (st->over || st->closed))
		nrows = st->nhands;
	if (nrows < 1)
		nrows = 1;
	labels = xcalloc((size_t)nrows, sizeof *labels);
	for (int r = 0; r < nrows; r++) {
		char buf[64];
		rules_hand_label(rules, &st->opts, r + 1, buf, sizeof buf);
		labels[r] = xstrdup(buf);
	}
	int n = st->nplayers;
	sp.a4 = a4;
	sp.title = rules_title(rules, &st->opts);
	sp.nplayers = n;
	sp.nrows = nrows;
	sp.row_labels = labels;
	sp.footer = t.footer;
	char **names = xcalloc((size_t)n, sizeof *names);
	for (int i = 0; i < n; i++)
		names[i] = st->p[i].name;
	sp.names = names;
	/* a blank sheet's state is fresh: what the first player holds is
	 * what everyone starts with */
	long opening = state_has_lives(st) ? st->p[0].lives : st->p[0].chips;
	if (state_has_chips(st) || state_has_lives(st)) {
		sp.box_label = t.box_label ? t.box_label : rules_chips_name(st->rules);
		sp.box_marks = opening > 0 && opening <= 12 ? (int)opening : 0;
	}
	if (state_chips_only(st) && filled)
		sp.box_label = NULL; /* the totals row already holds the chips */
	if (st->rules->show_detail) {
		sp.sub_left = "result";
		sp.sub_right = "total"; /* wins, or Cribbage Solitaire's points */
	}
	if (state_chips_only(st)) {
		sp.sub_left = "change";
		sp.sub_right = state_has_lives(st) ? "lives" : "chips";
	}
	if (rules->sheet_note_label) {
		sp.note_label = t.note_label ? t.note_label : rules->sheet_note_label;
		notes = xcalloc((size_t)nrows, sizeof *notes);
		for (int r = 0; r < st->nhands && r < nrows; r++)
			notes[r] = xstrdup(st->hands[r].summary ? st->hands[r].summary : "");
		sp.row_notes = notes;
	}
	{
		struct strbuf sb = {0};
		char when[WHEN_BUF];
		if (strcmp(t.title, rules->title) != 0 && strcmp(t.title, sp.title) != 0)
			sb_printf(&sb, "%s.  ", t.title);
		if (filled)
			sb_printf(&sb, "Game #%ld, started %.32s", g->id, when_show(g->started, when_local_date, when));
		else
			sb_add(&sb, "Date: ________________");
		subtitle = sb_take(&sb);
		sp.subtitle = subtitle;
		/* the rules played in words, in the footer (issue 15) */
		sp.rules_words = rules_words = options_words(rules, &st->opts);
	}
	if (filled) {
		ncells = (size_t)nrows * (size_t)n;
		points = xcalloc(ncells, sizeof *points);
		running = xcalloc(ncells, sizeof *running);
		detail = xcalloc(ncells, sizeof *detail);
		long *sum = xcalloc((size_t)n, sizeof *sum);
		/* what each player held when the game started */
		for (int m = 0; state_chips_only(st) && st->ledger && m < st->ledger->nmoves &&
		    st->ledger->moves[m].hand == 0; m++)
			if (st->ledger->moves[m].to >= 0)
				sum[LEDGER_SEAT(st->ledger->moves[m].to)] += st->ledger->moves[m].amount;
		for (int h = 0; h < st->nhands; h++)
			for (int i = 0; i < n; i++) {
				size_t k = (size_t)h * (size_t)n + (size_t)i;
				const struct hand_record *hr = &st->hands[h];
				if (state_chips_only(st)) {
					/* chips or lives: the change, and what is held after */
					long after = hr->chips[i], change = after - sum[i];
					sum[i] = after;
					if (!hr->detail[i] && change == 0)
						continue;
					points[k] = change ? xasprintf("%+ld", change) : xstrdup("·");
					running[k] = xasprintf("%ld", after);
				} else if (st->rules->show_detail) {
					/* patience: what was left, and the wins so far */
					sum[i] += hr->points[i];
					if (!hr->detail[i])
						continue;
					points[k] = xstrdup(hr->detail[i]);
					running[k] = xasprintf("%ld", sum[i]);
					continue;
				} else {
					sum[i] += hr->points[i];
					if (st->p[i].out && hr->points[i] == 0 && !hr->detail[i])
						continue;
					points[k] = xasprintf("%ld", hr->points[i]);
					running[k] = xasprintf("%ld", sum[i]);
				}
				if (hr->detail[i])
					detail[k] = xstrdup(hr->detail[i]);
			}
		free(sum);
		totals = xcalloc((size_t)n, sizeof *totals);
		for (int i = 0; i < n; i++)
			totals[i] = state_chips_only(st) ? xasprintf("%ld", state_has_lives(st) ? (long)st->p[i].lives : st->p[i].chips)
			    : xasprintf("%ld", st->p[i].total);
		sp.points = points;
		sp.running = running;
		sp.detail = detail;
		sp.totals = totals;
		if (state_has_chips(st) && !state_chips_only(st)) {
			box = xcalloc((size_t)n, sizeof *box);
			for (int i = 0; i < n; i++)
				box[i] = xasprintf("%ld", st->p[i].chips);
			sp.box = box;
		}
		int anyout = 0;
		for (int i = 0; i < n; i++)
			anyout |= st->p[i].out;
		if (anyout) {
			status = xcalloc((size_t)n, sizeof *status);
			for (int i = 0; i < n; i++)
				if (st->p[i].out)
					status[i] = xasprintf("out (%d%s)", st->p[i].out_order,
					    st->p[i].out_order == 1 ? "st" : st->p[i].out_order == 2 ? "nd" :
					    st->p[i].out_order == 3 ? "rd" : "th");
			sp.status = status;
		}
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
		if (st->hollywood) {
			sb_add(&sb, "\nHollywood:");
			for (int c = 0; c < 3; c++) {
				sb_printf(&sb, "%s game %d", c ? ";" : "", c + 1);
				for (int i = 0; i < n; i++)
					sb_printf(&sb, " %s %ld", st->p[i].name, st->hollywood[c * n + i]);
				for (int i = 0; st->hollywood_final && i < n; i++)
					if (st->hollywood_final[c * n + i] != 0) {
						sb_add(&sb, " (with end bonuses");
						for (int j = 0; j < n; j++)
							sb_printf(&sb, " %s %ld", st->p[j].name, st->hollywood_final[c * n + j]);
						sb_addc(&sb, ')');
						break;
					}
			}
		}
		const struct column *fin = state_column(st, "final");
		if (fin) {
			sb_add(&sb, "\nFinal with end bonuses:");
			for (int i = 0; i < n; i++)
				sb_printf(&sb, " %s %ld", st->p[i].name, fin->value(st, i));
		}
		result = sb_take(&sb);
		sp.result = result;
	}
	if (out == NULL) {
		outbuf = filled ? xasprintf("%s-%ld.pdf", rules->name, g->id) : xasprintf("%s-sheet.pdf", rules->name);
		out = outbuf;
	}
	if ((rc = sheet_render(&sp, out, &d)) == ST_OK)
		cmd_wrote(ctx, out);
	free(names);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	free_strings(labels, (size_t)nrows);
	free_strings(notes, (size_t)nrows);
	free_strings(points, ncells);
	free_strings(running, ncells);
	free_strings(detail, ncells);
	if (st) {
		free_strings(totals, (size_t)st->nplayers);
		free_strings(box, (size_t)st->nplayers);
		free_strings(status, (size_t)st->nplayers);
		free_strings(blank_names, (size_t)st->nplayers);
	}
	free(subtitle);
	free(rules_words);
	free(result);
	free(outbuf);
	sheet_template_free(&t);
	options_free(&os);
	state_free(st);
	stored_game_free(g);
	free(players);
	free(opts);
	free(settings);
	saved_pad_free(&pad);
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
