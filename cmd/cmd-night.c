/* SPDX-License-Identifier: ISC */
/* cmd-night.c: `tally night [start [NAME] | end]`: group the games played
 * together.  Every game belongs to a night; a game started with no night
 * open, or after the open night's day has passed (06:00 local the next
 * morning, core/when.h), opens one named by the local date. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fit.h"
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
#include "../core/view.h"
#include "cmd.h"
#include "sheet-night.h"

/* e before f: by player name, then kind */
static char **change_names;
static int
cmp_change(const void *a, const void *b)
{
	const struct rating_entry *x = a, *y = b;
	int c = strcmp(change_names[x->player], change_names[y->player]);
	return c ? c : x->kind - y->kind;
}

/*
 * The night's summary: night `id` as its view (core/view.h: its games
 * with their winners, the champion, the standings, the highlights and
 * the settle-up; the night report draws the same view), then each
 * player's rating change over it, per kind of game played that night
 * (the ordinal mu - 3 sigma, core/rating.h): printed as text, or, with
 * obj, into *obj as the night's JSON object with "ratings".  Night `id`
 * is its club night (db/report.h report_night: every table's night of the
 * evening, by the id of its first, from the earliest start, every game),
 * whichever of its tables' nights id is.  Called in a read transaction,
 * which it ends before it reads the games.
 */
static enum status
night_summary(struct cmd_ctx *ctx, struct store *s, long id, struct jv **obj, struct diag *d)
{
	struct night_info info = {0};
	struct rating_book b;
	struct view_night *nv = NULL;
	long *games = NULL, nseats = 0, nnames = 0, n = 0;
	char **names = NULL, when[WHEN_BUF];
	int ngames = 0, width = text_columns(stdout);
	struct strbuf line = {0};
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
	store_end(s, 0, d);
	if (rc == ST_OK)
		rc = night_view_load(ctx, id, &nv, d);
	if (rc != ST_OK)
		goto out;
	for (long i = 0; i < b.n; i++)
		if (b.e[i].mark_night == key && b.e[i].player < nnames && names[b.e[i].player])
			b.e[n++] = b.e[i];
	change_names = names;
	if (n > 1)
		qsort(b.e, (size_t)n, sizeof *b.e, cmp_change);
	struct jv *arr = obj ? jv_array() : NULL;
	if (obj)
		*obj = view_night_json(nv);
	else {
		char len[WHEN_BUF];
		when_length(nv->play_minutes, len);
		fit_wrapf(stdout, width, "  ", "night #%ld \"%s\", started %.32s, %d game%s%s%s%s", info.id, info.name,
		    when_show(info.started, when_human, when), ngames, plural_s(ngames), info.ended ? "" : " (open)",
		    nv->play_minutes >= 0 ? ", play time " : "", nv->play_minutes >= 0 ? len : "");
		if (nv->note)
			fit_wrapf(stdout, width, "  ", "note: %s", nv->note);
		view_night_print_text(stdout, nv);
	}
	for (long i = 0; i < n; i++) {
		const struct rating_entry *e = &b.e[i];
		double ch = rating_night_change(&b, e, key);
		if (obj) {
			jv_push(arr, jv_pack("{s:s, s:s, s:f, s:f}", "player", names[e->player], "game",
			    statbook_kind_title(e->kind), "change", round(ch * 1e6) / 1e6, "ordinal",
			    round(rating_ordinal(e->after) * 1e6) / 1e6));
		} else {
			/* a player's line, broken between games on a narrow
			 * terminal, a game kept with its change and the name whole */
			if (i == 0)
				fit_prose(stdout, "rating change tonight (ordinal mu - 3 sigma):", width, "  ");
			if (i == 0 || e->player != b.e[i - 1].player) {
				char *who = fit_glued(names[e->player]);
				sb_printf(&line, "  %s:", who);
				free(who);
			}
			sb_printf(&line, " %s" FIT_GLUE "%+.2f", statbook_kind_title(e->kind), ch);
			if (i + 1 == n || e->player != b.e[i + 1].player) {
				fit_prose(stdout, line.s, width, "    ");
				sb_release(&line);
			}
		}
	}
	if (obj) {
		/* every game of the club night, as the text counts them */
		jv_set(*obj, "games", jv_int(ngames));
		jv_set(*obj, "ratings", arr);
	}
out:
	view_night_free(nv);
	rating_book_release(&b);
	report_names_free(names, nnames);
	night_info_release(&info);
	free(games);
	return rc;
}

/* `night start [NAME]`: end any open night and start one, called by the
 * words of argv[1..] (or the date); said unless quiet (--json, --csv:
 * stdout is the machine's). */
static enum status
night_start(int quiet, struct store *s, int argc, char **argv, struct diag *d)
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
	if (rc == ST_OK && !quiet)
		cmd_say(stdout, "", "night #%ld started; the games started now belong to it", id);
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

/* `night end`: *ended is the night it ended (0: none was open); said
 * unless quiet, as night_start. */
static enum status
night_end(int quiet, struct store *s, long *ended, struct diag *d)
{
	struct night_info n = {0};
	struct strbuf open = {0};
	int found = 0;
	enum status rc;
	/* a file not there yet has no night to end: it is not made */
	if ((rc = store_held(s, d)) != ST_OK || (rc = store_begin(s, 1, d)) != ST_OK)
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
	if (!quiet && open.len)
		cmd_say(stdout, "", "night ended; still open: %s ('tally end ID' ends one)", open.s);
	else if (!quiet)
		cmd_say(stdout, "", "night ended");
	sb_release(&open);
	return ST_OK;
}

/* --json: the night `shown`, else the open night after the command, or
 * null; with each player's rating change that night. */
static enum status
night_json(struct cmd_ctx *ctx, struct store *s, long shown, struct diag *d)
{
	struct night_info n = {0};
	int found = 0;
	enum status rc = ST_OK;
	if (!shown && (rc = store_night_current(s, &n, &found, d)) != ST_OK)
		return rc;
	if (!shown && found)
		shown = n.id;
	struct jv *j = jv_object(), *o = NULL;
	if (shown)
		rc = night_summary(ctx, s, shown, &o, d);
	jv_set(j, "night", o ? o : jv_null());
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

/* --csv: the standings of night `shown`, else of the open night after
 * the command (as --json), else the header alone.  Called in a read
 * transaction, which it ends before it reads the games. */
static enum status
night_csv(struct cmd_ctx *ctx, struct store *s, long shown, struct diag *d)
{
	struct night_info n = {0};
	struct view_night *nv = NULL;
	int found = 0;
	enum status rc = ST_OK;
	if (!shown && (rc = store_night_current(s, &n, &found, d)) == ST_OK && found)
		shown = n.id;
	night_info_release(&n);
	store_end(s, 0, d);
	if (rc == ST_OK && shown)
		rc = night_view_load(ctx, shown, &nv, d);
	if (rc == ST_OK)
		view_night_print_csv(stdout, nv);
	view_night_free(nv);
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
	int csv = !ctx->json && cmd_opt(r, "csv") != NULL;   /* --json wins, as in history */

	if (argc >= 1 && strcmp(argv[0], "start") == 0)
		rc = night_start(ctx->json || csv, s, argc, argv, d);
	else if (argc == 1 && strcmp(argv[0], "end") == 0)
		rc = night_end(ctx->json || csv, s, &ended, d);
	else if (argc == 1 && argv[0][0] >= '0' && argv[0][0] <= '9') {
		if (!parse_long(argv[0], 1, 1000000000L, &id))
			return diag_set(d, ST_USAGE, NULL, argv[0], "usage", "night %s: a night is a number", argv[0]);
	} else if (argc != 0)
		return diag_set(d, ST_USAGE, NULL, argv[0], "usage", "usage: tally night [start [NAME] | end | ID]");
	/* what is shown is read in one read transaction (a start or an end
	 * is committed by now) */
	if (rc != ST_OK || (!ctx->json && !csv && argc > 0 && id == 0) || (rc = store_begin(s, 0, d)) != ST_OK)
		return rc;
	/* --json or --csv after an end: the night it ended, as 'night ID'
	 * shows it */
	if (ctx->json)
		return night_json(r->ctx, s, ended ? ended : id, d);
	if (csv)
		return night_csv(r->ctx, s, ended ? ended : id, d);
	if (id)
		return night_summary(r->ctx, s, id, NULL, d);
	struct night_info n = {0};
	int found = 0;
	if ((rc = store_night_current(s, &n, &found, d)) == ST_OK && !found)
		cmd_say(stdout, "", "no night is open; 'tally night start [NAME]' opens one (a new game opens one too)");
	else if (rc == ST_OK)
		rc = night_summary(r->ctx, s, n.id, NULL, d);
	night_info_release(&n);
	return rc;
}

const struct cmd_entry cmd_night_entry = {
	.name = "night",
	.usage = "[start [NAME] | end | ID] [--csv]",
	.summary = "start or end a game night (the games played together), or show it",
	.help = "  A night is named by the local date ($TZ) of its evening and runs past\n"
	    "  midnight: games started before 06:00 the next morning join it.\n"
	    "  With no argument: the open night; with ID: that night (ids as 'tally history'\n"
	    "  shows them), every table's night of the evening as one, by one id, from the\n"
	    "  earliest start, as the night report's first page has it: its games, the\n"
	    "  champion (most wins, then the best average place), the standings with a\n"
	    "  place per game, the highlights and the settle-up; then each player's\n"
	    "  rating change that night (see 'tally ratings').  --json for one object;\n"
	    "  --csv for the standings: place, player, wins, average_place, then each\n"
	    "  game that counts (its title heads the column, a place per player; empty\n"
	    "  where they have none).\n"
	    "  At a terminal every line fits its width (long names cut with an ellipsis,\n"
	    "  a game's winner kept whole).  A game continued from an earlier night is\n"
	    "  listed with the hands played on this one; its result counts once, on the\n"
	    "  night its last hand was played on.",
	.nargs = { 0, -1 },
	.store = CMD_STORE_OPEN,
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { 0 } },
	.run = cmd_night_exec,
};
