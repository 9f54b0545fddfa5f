/* SPDX-License-Identifier: ISC */
/* cmd-night.c: `tally night [start [NAME] | end]`: group the games played
 * together.  Every game belongs to a night; a game started with no night
 * open, or after the open night's day has passed (06:00 local the next
 * morning, core/when.h), opens one named by the local date. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rating.h"
#include "../core/standings.h"
#include "../core/statbook.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/names.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

/* e before f: by player name, then kind */
static char **change_names;
static int
cmp_change(const void *a, const void *b)
{
	const struct rating_entry *x = a, *y = b;
	int c = strcmp(change_names[x->player], change_names[y->player]);
	return c ? c : x->kind - y->kind;
}

/* history callback: one game of the night, with its winners, as a line
 * (ctx: NULL) or into the JSON array ctx. */
static int
night_game_line(const struct history_row *r, void *ctx)
{
	const struct game_rules *rules = rules_find(r->kind);
	const char *title = r->title ? r->title : rules ? rules->title : r->kind;
	long played = when_played(r->started, r->last, r->hands);
	char length[WHEN_BUF] = "";
	if (ctx) {
		struct jv *o = jv_object();
		jv_set(o, "id", jv_int(r->id));
		jv_set(o, "game", jv_str(r->kind));
		jv_set(o, "title", jv_str(title));
		jv_set(o, "status", jv_str(r->status));
		jv_set(o, "hands", jv_int(r->hands));
		jv_set(o, "play_minutes", played >= 0 ? jv_int(played) : jv_null());
		jv_set(o, "winners", cmd_name_array(r->winners));
		jv_push(ctx, o);
		return 0;
	}
	if (played >= 0)
		when_length(played, length);
	printf("  #%-4ld %-16s %-9s %3d %s%s", r->id, title, r->status, r->hands,
	    rules ? rules->words.hand_word : "hand", r->hands == 1 ? "" : "s");
	if (played >= 0 || (r->winners && *r->winners))  /* a column, with no blanks left at the end */
		printf("%s %11s", r->hands == 1 ? " " : "", length);
	if (r->winners && *r->winners) {
		/* the winners come unit-separated, as cmd_name_array reads them */
		const char *w = r->winners;
		for (int i = 0; *w; i++) {
			size_t len = strcspn(w, "\x1f");
			printf("%s%.*s", i ? ", " : "  winner: ", (int)len, w);
			w += len + (w[len] != '\0');
		}
	}
	putchar('\n');
	return 0;
}

/* The games of night id with a hand played, newest first as history
 * lists them (number, title, status, length and winners), printed or
 * into arr. */
static enum status
night_games(struct store *s, long id, struct jv *arr, struct diag *d)
{
	char term[40], *t = term;
	struct query q = {0};
	enum status rc;
	snprintf(term, sizeof term, "night:%ld", id);
	if ((rc = query_parse(1, &t, &q, d)) == ST_OK)
		rc = report_history(s, &q, night_game_line, arr, d);
	query_release(&q);
	return rc;
}

/*
 * The night's summary: night `id` and each player's rating
 * change over it, per kind of game played that night (the ordinal mu -
 * 3 sigma, core/rating.h): printed as text, or, with obj, put into obj as
 * id, name, started, games and ratings.  count: its games as the caller
 * counted them (the open night's, store_night_current), or -1 for the
 * games report_night finds.
 */
static enum status
night_summary(struct store *s, long id, int count, struct jv *obj, struct diag *d)
{
	struct night_info info = {0};
	struct rating_book b;
	long *games = NULL, nseats = 0, nnames = 0;
	char **names = NULL, when[WHEN_BUF];
	int ngames = 0;
	enum status rc;
	long key = id;
	/* the rating changes of everyone who played that evening, at any
	 * table (report_club_night) */
	if ((rc = report_club_night(s, id, &key, d)) != ST_OK)
		return rc;
	rating_book_init(&b, key);
	if ((rc = report_night(s, id, &info, &games, &ngames, d)) == ST_OK &&
	    (rc = report_player_names(s, &names, &nnames, d)) == ST_OK)
		rc = report_ratings(s, &b, &nseats, d);
	if (count >= 0)
		ngames = count;
	if (rc == ST_OK) {
		long n = 0;
		for (long i = 0; i < b.n; i++)
			if (b.e[i].mark_night == key && b.e[i].player < nnames && names[b.e[i].player])
				b.e[n++] = b.e[i];
		change_names = names;
		if (n > 1)
			qsort(b.e, (size_t)n, sizeof *b.e, cmp_change);
		struct jv *arr = obj ? jv_array() : NULL;
		long minutes = when_played(info.first, info.last, info.hands);
		char len[WHEN_BUF];
		when_length(minutes, len);
		if (!obj) {
			printf("night #%ld \"%s\", started %.32s, %d game%s%s%s%s\n", info.id, info.name,
			    when_show(info.started, when_human, when), ngames, plural_s(ngames),
			    info.ended ? "" : " (open)", minutes >= 0 ? ", play time " : "", minutes >= 0 ? len : "");
			if (info.note)
				printf("note: %s\n", info.note);
		}
		struct jv *played = obj ? jv_array() : NULL;
		if ((rc = night_games(s, id, played, d)) != ST_OK) {
			jv_free(arr);
			jv_free(played);
			goto out;
		}
		if (obj)
			jv_set(obj, "played", played);
		for (long i = 0; i < n; i++) {
			const struct rating_entry *e = &b.e[i];
			double ch = rating_night_change(&b, e, key);
			if (obj) {
				jv_push(arr, jv_pack("{s:s, s:s, s:f, s:f}", "player", names[e->player],
				    "game", statbook_kind_title(e->kind), "change", round(ch * 1e6) / 1e6, "ordinal",
				    round(rating_ordinal(e->after) * 1e6) / 1e6));
			} else {
				if (i == 0 || e->player != b.e[i - 1].player)
					printf("%s  %s:", i ? "\n" : "rating change tonight (ordinal mu - 3 sigma):\n",
					    names[e->player]);
				printf(" %s %+.2f", statbook_kind_title(e->kind), ch);
			}
		}
		if (obj) {
			jv_set(obj, "id", jv_int(info.id));
			jv_set(obj, "name", jv_str(info.name));
			jv_set(obj, "started", jv_str(when_show(info.started, when_iso_local, when)));
			jv_set(obj, "games", jv_int(ngames));
			/* from its first game's start to its last hand; null
			 * while fewer than two hands say it (when_played) */
			jv_set(obj, "play_minutes", minutes >= 0 ? jv_int(minutes) : jv_null());
			jv_set(obj, "note", info.note ? jv_str(info.note) : jv_null());
			jv_set(obj, "ratings", arr);
		} else if (n > 0)
			printf("\n");
	}
out:
	rating_book_release(&b);
	report_names_free(names, nnames);
	night_info_release(&info);
	free(games);
	return rc;
}

/* `night start [NAME]`: end any open night and start one, called by the
 * words of argv[1..] (or the date). */
static enum status
night_start(struct cmd_ctx *ctx, struct store *s, int argc, char **argv, struct diag *d)
{
	char *name = NULL;
	long id;
	enum status rc;
	for (int i = 1; i < argc; i++) {
		char *old = name;
		name = xasprintf("%s%s%s", old ? old : "", old ? " " : "", argv[i]);
		free(old);
	}
	/* the one check of a label (core/names.h), which import makes too */
	if (name && (rc = names_text_check("night name", name, NAMES_NIGHT_MAX_BYTES, NULL, d)) != ST_OK)
		;
	else if ((rc = store_begin(s, 1, d)) == ST_OK && (rc = store_night_start(s, name, &id, d)) == ST_OK)
		rc = store_commit(s, d);
	free(name);
	if (rc == ST_OK && !ctx->json)
		printf("night #%ld started; the games started now belong to it\n", id);
	return rc;
}

/* `night end`. */
/* history callback: the open games of a night, "Gin Rummy #5 (2 hands)". */
static int
open_game(const struct history_row *r, void *ctx)
{
	struct strbuf *sb = ctx;
	const struct game_rules *rules = rules_find(r->kind);
	if (strcmp(r->status, "open") == 0)
		sb_printf(sb, "%s%s #%ld (%d hand%s)", sb->len ? ", " : "", r->title ? r->title : rules ? rules->title
		    : r->kind, r->id, r->hands, r->hands == 1 ? "" : "s");
	return 0;
}

/* `night end`: *ended is the night it ended (0: none was open). */
static enum status
night_end(struct cmd_ctx *ctx, struct store *s, long *ended, struct diag *d)
{
	struct night_info n = {0};
	struct strbuf open = {0};
	int found = 0;
	enum status rc;
	if ((rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	/* the games the night leaves open are named, so none is forgotten */
	if ((rc = store_night_current(s, &n, &found, d)) == ST_OK && found) {
		char term[40], *t = term;
		struct query q = {0};
		snprintf(term, sizeof term, "night:%ld", n.id);
		if ((rc = query_parse(1, &t, &q, d)) == ST_OK)
			rc = report_history(s, &q, open_game, &open, d);
		query_release(&q);
	}
	*ended = found ? n.id : 0;
	night_info_release(&n);
	if (rc != ST_OK || (rc = store_night_end(s, d)) != ST_OK || (rc = store_commit(s, d)) != ST_OK) {
		sb_release(&open);
		return rc;
	}
	if (!ctx->json && open.len)
		printf("night ended; still open: %s ('tally end ID' ends one)\n", open.s);
	else if (!ctx->json)
		printf("night ended\n");
	sb_release(&open);
	return ST_OK;
}

/* --json: the night `shown`, else the open night after the command, or
 * null; with each player's rating change that night. */
static enum status
night_json(struct store *s, long shown, struct diag *d)
{
	struct night_info n = {0};
	int found = 0, count = -1;
	enum status rc = ST_OK;
	if (!shown && (rc = store_night_current(s, &n, &found, d)) != ST_OK)
		return rc;
	if (!shown && found) {
		shown = n.id;
		count = n.ngames;
	}
	struct jv *j = jv_object(), *o = shown ? jv_object() : jv_null();
	if (shown)
		rc = night_summary(s, shown, count, o, d);
	jv_set(j, "night", o);
	if (rc == ST_OK) {
		/* the rating changes are rounded to 6 decimals: 12 digits print
		 * them as they are, never as 17 */
		char *text = jv_dumps(j, JV_REAL12);
		printf("%s\n", text ? text : "{}");
		free(text);
	}
	jv_free(j);
	night_info_release(&n);
	return rc;
}

static enum status
cmd_night_exec(struct cmd_run *r, struct diag *d)
{
	const struct cmd_ctx *ctx = r->ctx;
	struct store *s = r->store;
	int argc = r->argc;
	char **argv = r->argv;
	enum status rc = ST_OK;
	long id = 0;  /* the night to show (0: the open one) */
	long ended = 0;

	if (argc >= 1 && strcmp(argv[0], "start") == 0)
		rc = night_start(r->ctx, s, argc, argv, d);
	else if (argc == 1 && strcmp(argv[0], "end") == 0)
		rc = night_end(r->ctx, s, &ended, d);
	else if (argc == 1 && argv[0][0] >= '0' && argv[0][0] <= '9') {
		if (!parse_long(argv[0], 1, 1000000000L, &id))
			return diag_set(d, ST_USAGE, NULL, argv[0], "usage", "night %s: a night is a number", argv[0]);
	} else if (argc != 0)
		return diag_set(d, ST_USAGE, NULL, argv[0], "usage", "usage: tally night [start [NAME] | end | ID]");
	/* what is shown is read in one read transaction (a start or an end
	 * is committed by now) */
	if (rc != ST_OK || (!ctx->json && argc > 0 && id == 0) || (rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	/* --json after an end: the night it ended, as 'night ID' shows it */
	if (ctx->json)
		return night_json(s, ended ? ended : id, d);
	if (id)
		return night_summary(s, id, -1, NULL, d);
	struct night_info n = {0};
	int found = 0;
	if ((rc = store_night_current(s, &n, &found, d)) == ST_OK && !found)
		printf("no night is open; 'tally night start [NAME]' opens one (a new game opens one too)\n");
	else if (rc == ST_OK)
		rc = night_summary(s, n.id, n.ngames, NULL, d);
	night_info_release(&n);
	return rc;
}

const struct cmd_entry cmd_night_entry = {
	.name = "night",
	.usage = "[start [NAME] | end | ID]",
	.summary = "start or end a game night (the games played together), or show it",
	.help = "  A night is named by the local date ($TZ) of its evening and runs past\n"
	    "  midnight: games started before 06:00 the next morning join it.\n"
	    "  With no argument: the open night; with ID: that night (ids as 'tally history'\n"
	    "  shows them).  Either way with each player's rating change that night\n"
	    "  (see 'tally ratings'); --json for one object.",
	.nargs = { 0, -1 },
	.store = CMD_STORE_OPEN,
	.run = cmd_night_exec,
};
