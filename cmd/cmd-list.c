/* SPDX-License-Identifier: ISC */
/* cmd-list.c: `tally list [--deleted]`, the games in the database (or the
 * deleted ones), newest first.  The
 * rows stream from the history query (db/report.h), so a decade of games
 * lists in the memory of one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

struct list_ctx {
	int json;
	long n;
	long current;  /* the current game, marked with '*', or 0 */
	long limit;    /* --limit: games to show, or 0 for all */
	int width;     /* the terminal's columns, or 0 (cmd_columns) */
};

static int
on_game(const struct history_row *r, void *vctx)
{
	struct list_ctx *c = vctx;
	char when[WHEN_BUF];
	if (c->limit > 0 && c->n >= c->limit)
		return 1;  /* enough: stop reading */
	if (c->json) {
		struct jv *o = jv_object();
		jv_set(o, "id", jv_int(r->id));
		jv_set(o, "game", jv_str(r->kind));
		if (r->title)
			jv_set(o, "title", jv_str(r->title));
		jv_set(o, "players", cmd_name_array(r->players));
		jv_set(o, "started", jv_str(when_show(r->started, when_iso_local, when)));
		jv_set(o, "status", jv_str(r->status));
		jv_set(o, "hands", jv_int(r->hands));
		jv_set(o, "winners", cmd_name_array(r->winners));
		if (r->id == c->current)
			jv_set(o, "current", jv_bool(1));
		jv_stream_item(stdout, o, &c->n);
		return 0;
	}
	c->n++;
	char lead[32];
	snprintf(lead, sizeof lead, "%c#%-5ld ", r->id == c->current ? '*' : ' ', r->id);
	char *players = cmd_names_joined(r->players, ", "), *sides = cmd_names_joined(r->winner_sides, ", ");
	/* a game ended before any hand has no winner to show: said so */
	const struct game_rules *rules = rules_find(r->kind);
	char *none = r->hands == 0 && strcmp(r->status, "over") == 0 ? xasprintf("[ended with no %ss played: no winner]",
	    rules ? rules->words.hand_word : "hand") : NULL;
	struct game_row row = { lead, r->title ? r->title : r->kind, when_show(r->started, when_human, when), r->status,
		9, r->hands, r->kind, NULL, players, sides, none, 1, 0 };
	cmd_game_row_print(&row, c->width);
	free(none);
	free(players);
	free(sides);
	return 0;
}

static enum status
cmd_list_exec(struct cmd_run *r, struct diag *d)
{
	struct query everything = {0};
	struct list_ctx c = { r->ctx->json, 0, 0, 0, 0 };
	enum status rc;
	if ((rc = cmd_limit(r, &c.limit, d)) != ST_OK)
		return rc;
	everything.empty = 1;
	everything.deleted = cmd_opt(r, "deleted") != NULL;
	struct diag none = {0};
	if (store_current_game(r->store, &c.current, &none) != ST_OK)
		c.current = 0;
	diag_clear(&none);
	cmd_pager_start();
	c.width = c.json ? 0 : cmd_columns();
	if ((rc = report_history(r->store, &everything, on_game, &c, d)) != ST_OK)
		return rc;
	if (c.json)
		jv_stream_end(stdout, c.n);
	else if (c.n == 0 && everything.deleted)
		printf("no deleted games\n");
	else if (c.n == 0)
		cmd_say(stdout, "", "no games yet; start one with 'tally new GAME PLAYER...'");
	return ST_OK;
}

const struct cmd_entry cmd_list_entry = {
	.name = "list",
	.usage = "[--deleted] [--limit N]",
	.summary = "the games in the database, newest first (--deleted: the deleted ones)",
	.help = "  Hands are counted in the game's own word: 9 holes, 3 rounds.\n"
	    "  --limit N: the newest N.  At a terminal, long output goes through $PAGER\n"
	    "  (less -FRX), and each line fits the terminal's width (long names cut\n"
	    "  with an ellipsis, the status and hands dropped when narrow, an abandoned\n"
	    "  game then marked [abandoned]; the players in the room their winner\n"
	    "  leaves, padded to one width so the winners line up where they fit it;\n"
	    "  the names never given less room on a wider terminal; on a terminal as\n"
	    "  narrow as a phone's the names on a line under each game, and first on\n"
	    "  it a count whose word, \"3 retirements\", would not fit the row).",
	.options = (const struct cmd_option[]){ { "deleted", 0, NULL }, { "limit", 0, "N" }, { 0 } },
	.store = CMD_STORE_READ,
	.run = cmd_list_exec,
};
