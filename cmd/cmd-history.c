/* SPDX-License-Identifier: ISC */
/* cmd-history.c: `tally history [QUERY] [--csv]`: the games and nights that
 * match, newest first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/csv.h"
#include "../core/fit.h"
#include "../core/names.h"
#include "../core/query.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "cmd.h"

struct hist_ctx {
	int json, csv;
	long night;
	int count;
	long printed;  /* JSON items printed */
	long limit;    /* --limit: games to show, or 0 for all */
	char *evening; /* the club night of the last row (text), or NULL */
	int width;     /* the terminal's columns, or 0 (cmd_columns) */
};

static int
on_row(const struct history_row *r, void *vctx)
{
	struct hist_ctx *c = vctx;
	if (c->limit > 0 && c->count >= c->limit)
		return 1;  /* enough: stop reading */
	char *players = cmd_names_joined(r->players, ", "), *winners = cmd_names_joined(r->winners, ", ");
	char when[WHEN_BUF], len[WHEN_BUF] = "";
	long played = r->played;
	c->count++;
	if (c->json) {
		struct jv *o = jv_object(), *n = jv_object();
		jv_set(o, "id", jv_int(r->id));
		jv_set(o, "game", jv_str(r->kind));
		if (r->title)
			jv_set(o, "title", jv_str(r->title));
		jv_set(o, "started", jv_str(when_show(r->started, when_iso_local, when)));
		jv_set(o, "status", jv_str(r->status));
		jv_set(n, "id", jv_int(r->night));
		jv_set(n, "name", r->night_name ? jv_str(r->night_name) : jv_null());
		jv_set(o, "night", n);
		jv_set(o, "players", cmd_name_array(r->players));
		jv_set(o, "winners", cmd_name_array(r->winners));
		jv_set(o, "hands", jv_int(r->hands));
		jv_set(o, "play_minutes", played >= 0 ? jv_int(played) : jv_null());
		jv_set(o, "note", r->note ? jv_str(r->note) : jv_null());
		jv_stream_item(stdout, o, &c->printed);
	} else if (c->csv) {
		struct csv cv;
		csv_start(&cv, stdout);
		csv_long(&cv, r->id);
		csv_word(&cv, r->title ? r->title : r->kind);  /* a score pad by its title, as the table */
		csv_word(&cv, when_show(r->started, when_iso_local, when));
		csv_word(&cv, r->status);
		csv_long(&cv, r->night);
		csv_text(&cv, r->night_name);
		csv_text(&cv, players);
		csv_text(&cv, winners);
		csv_long(&cv, r->hands);
		if (played >= 0)
			csv_long(&cv, played);
		else
			csv_empty(&cv);
		csv_text(&cv, r->note);
		csv_end(&cv);
	} else {
		/* one block per evening, every table's night of it together */
		if (r->night != c->night && (c->evening == NULL || r->evening == NULL ||
		    strcmp(c->evening, r->evening) != 0)) {
			/* the night's name cut, as a game's title is, to the line */
			char head[48];
			int n = snprintf(head, sizeof head, "night #%ld \"\"", r->night);
			char *name = r->night_name ? xstrdup(r->night_name) : xstrdup("");
			if (c->width > 0 && n + utf8_width(name) > c->width) {
				char *cut = fit_cell(name, c->width - n, 0);
				free(name);
				name = cut;
			}
			printf("%snight #%ld \"%s\"\n", c->count > 1 ? "\n" : "", r->night, name);
			free(name);
			c->night = r->night;
		}
		free(c->evening);
		c->evening = r->evening ? xstrdup(r->evening) : NULL;
		if (played >= 0)
			when_length(played, len);
		char lead[32];
		snprintf(lead, sizeof lead, "  #%-6ld ", r->id);
		/* a side as "Ann & Cid", as `night` names it; the note itself is
		 * `tally show`'s, a mark says there is one */
		char *sides = cmd_names_joined(r->winner_sides, ", ");
		struct game_row row = { lead, r->title ? r->title : r->kind, when_show(r->started, when_human, when),
			r->status, 4, r->hands, r->kind, len, players, sides, r->note ? "[note]" : NULL, 0, 1 };
		cmd_game_row_print(&row, c->width);
		free(sides);
	}
	free(players);
	free(winners);
	return 0;
}

static enum status
cmd_history_exec(struct cmd_run *r, struct diag *d)
{
	struct query q = {0};
	struct hist_ctx c = { r->ctx->json, cmd_opt(r, "csv") != NULL, -1, 0, 0, 0, NULL, 0 };
	enum status rc;
	if ((rc = cmd_limit(r, &c.limit, d)) == ST_OK && (rc = query_parse(r->argc, r->argv, &q, d)) == ST_OK) {
		cmd_pager_start();
		c.width = c.json || c.csv ? 0 : cmd_columns();
		if (c.csv && !c.json) {
			struct csv cv;
			csv_start(&cv, stdout);
			csv_header(&cv, "id,game,started,status,night,night_name,players,winners,hands,play_minutes,note");
		}
		rc = report_history(r->store, &q, on_row, &c, d);
	}
	if (rc == ST_OK && c.json)
		jv_stream_end(stdout, c.printed);
	else if (rc == ST_OK && !c.csv && c.count == 0)
		printf("no games match\n");
	query_release(&q);
	free(c.evening);
	return rc;
}

const struct cmd_entry cmd_history_entry = {
	.name = "history",
	.usage = "[QUERY] [--csv] [--limit N]",
	.summary = "the games and nights that match, newest first",
	.help = "  QUERY terms: player:NAME game:GAME night:ID with:NAME since:DATE until:DATE\n"
	    "  players:N option:KEY=VALUE and not:TERM; --json or --csv for machines.\n"
	    "  DATE is a local date YYYY-MM-DD ($TZ), midnight to midnight; times show in\n"
	    "  local time, with their offset in JSON and CSV.  --limit N: the newest N games.\n"
	    "  At a terminal, long output goes through $PAGER (less -FRX), and each line\n"
	    "  fits the terminal's width as list's do, but the count of hands stays: the\n"
	    "  blanks after a game's number narrow first, then the names go under it.",
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { "limit", 0, "N" }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_history_exec,
};
