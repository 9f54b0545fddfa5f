/* SPDX-License-Identifier: ISC */
/* cmd-history.c: `tally history [QUERY] [--csv]`: the games and nights that
 * match, newest first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/csv.h"
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
};

static char *
joined(const char *s, const char *sep)
{
	struct strbuf sb = {0};
	sb_add(&sb, "");
	while (s && *s) {
		size_t len = strcspn(s, "\x1f");
		sb_addn(&sb, s, len);
		s += len;
		if (*s) {
			sb_add(&sb, sep);
			s++;
		}
	}
	return sb_take(&sb);
}

static int
on_row(const struct history_row *r, void *vctx)
{
	struct hist_ctx *c = vctx;
	if (c->limit > 0 && c->count >= c->limit)
		return 1;  /* enough: stop reading */
	char *players = joined(r->players, ", "), *winners = joined(r->winners, ", ");
	char when[WHEN_BUF], len[WHEN_BUF] = "";
	long played = when_played(r->started, r->last, r->hands);
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
			printf("%snight #%ld \"%s\"\n", c->count > 1 ? "\n" : "", r->night,
			    r->night_name ? r->night_name : "");
			c->night = r->night;
		}
		free(c->evening);
		c->evening = r->evening ? xstrdup(r->evening) : NULL;
		char *title = cmd_padded(r->title ? r->title : r->kind, 18);
		char *day = cmd_padded(when_show(r->started, when_human, when), 16);
		if (played >= 0)
			when_length(played, len);
		printf("  #%-6ld %s %s  %-4s %3d hand%s %11s  %s", r->id, title, day, r->status, r->hands,
		    r->hands == 1 ? " " : "s", len, players);
		free(title);
		free(day);
		if (*r->winner_sides) {   /* a side as "Ann & Cid", as `night` names it */
			char *sides = joined(r->winner_sides, ", ");
			printf("  winner: %s", sides);
			free(sides);
		}
		/* the note itself is `tally show`'s; a mark says there is one */
		if (r->note)
			printf("  [note]");
		putchar('\n');
	}
	free(players);
	free(winners);
	return 0;
}

static enum status
cmd_history_exec(struct cmd_run *r, struct diag *d)
{
	struct query q = {0};
	struct hist_ctx c = { r->ctx->json, cmd_opt(r, "csv") != NULL, -1, 0, 0, 0, NULL };
	enum status rc;
	if ((rc = cmd_limit(r, &c.limit, d)) == ST_OK && (rc = query_parse(r->argc, r->argv, &q, d)) == ST_OK) {
		cmd_pager_start();
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
	    "  At a terminal, long output goes through $PAGER (less -FRX).",
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { "limit", 0, "N" }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_history_exec,
};
