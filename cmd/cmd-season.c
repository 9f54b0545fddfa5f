/* SPDX-License-Identifier: ISC */
/*
 * cmd-season.c: `tally season`: a club's seasons and their league tables.
 *
 *   tally season                     the seasons, oldest first
 *   tally season start NAME [DATE]   season NAME from DATE (today) on; the
 *                                    season that ran ends there
 *   tally season end [DATE]          the running season ends after DATE (today)
 *   tally season NAME                its league table
 *
 * A season is a range of local days; a query takes season:NAME for them.
 * The league table ranks the members who played in it (guests, `tally
 * player guest NAME`, are listed apart): wins, then win % of finished
 * games, then games; with the club nights each came to, their best rating
 * as the season ended (the ordinal mu - 3 sigma, core/rating.h) and the
 * most improved player (the largest rise of an ordinal over the season).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fit.h"
#include "../core/json.h"
#include "../core/names.h"
#include "../core/query.h"
#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

/* One row of a league table. */
struct league_row {
	long player;
	int guest;
	long nights, games, finished, wins;
	int best_kind;          /* -1: not rated */
	double best;            /* the best ordinal at the season's end */
	int up_kind;            /* the kind of the largest rise, -1: none */
	double up;              /* that rise */
};

static char **row_names;

static int
cmp_row(const void *a, const void *b)
{
	const struct league_row *x = a, *y = b;
	if (x->guest != y->guest)
		return x->guest - y->guest;
	if (x->wins != y->wins)
		return x->wins > y->wins ? -1 : 1;
	double rx = x->finished ? (double)x->wins / (double)x->finished : 0;
	double ry = y->finished ? (double)y->wins / (double)y->finished : 0;
	if (rx != ry)
		return rx > ry ? -1 : 1;
	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return strcmp(row_names[x->player], row_names[y->player]);
}

/* The local date a stored UTC bound stands for: a start's own day, an
 * end's (exclusive) last day. */
static const char *
bound_day(const char *utc, int is_end, char buf[WHEN_BUF])
{
	time_t t;
	if (utc == NULL || !when_parse(utc, &t))
		return NULL;
	when_local_date(is_end ? t - 1 : t, buf);
	return buf;
}

/* The league table of season z into rows (one per player of it); *n rows,
 * *nights the season's club nights.  One read transaction. */
static enum status
league(struct store *s, const struct season *z, struct league_row **rows, long *n, long *nights, char ***names,
    long *nnames, struct diag *d)
{
	struct statbook book;
	struct rating_book at_start, at_end;
	struct season_player *sp = NULL;
	long np = 0, rated = 0;
	char *term = xasprintf("season:%s", z->name);
	struct query q = {0};
	enum status rc = query_parse(1, &term, &q, d);
	statbook_init(&book, 0);
	rating_book_init(&at_start, 0);
	rating_book_init(&at_end, 0);
	*rows = NULL;
	*n = 0;
	if (rc == ST_OK && (rc = report_player_names(s, names, nnames, d)) == ST_OK &&
	    (rc = report_season_players(s, z->name, &sp, &np, nights, d)) == ST_OK &&
	    (rc = report_stat_scan(s, &q, &book, d)) == ST_OK &&
	    (rc = report_ratings_until(s, &at_start, z->start, &rated, d)) == ST_OK)
		rc = report_ratings_until(s, &at_end, z->end, &rated, d);
	if (rc == ST_OK) {
		*rows = xcalloc((size_t)np + 1, sizeof **rows);
		for (long i = 0; i < np; i++) {
			struct league_row *r = &(*rows)[(*n)++];
			*r = (struct league_row){ sp[i].player, sp[i].guest, sp[i].evenings, 0, 0, 0, -1, 0, -1, 0 };
			for (long k = 0; k < book.nline; k++)
				if (book.line[k].player == r->player) {
					r->games += book.line[k].games;
					r->finished += book.line[k].finished;
					r->wins += book.line[k].wins;
				}
			for (long k = 0; k < at_end.n; k++) {
				const struct rating_entry *e = &at_end.e[k];
				if (e->player != r->player)
					continue;
				double now = rating_ordinal(e->now);
				double up = now - rating_ordinal(rating_book_entry(&at_start, e->player, e->kind)->now);
				if (r->best_kind < 0 || now > r->best) {
					r->best_kind = e->kind;
					r->best = now;
				}
				if (e->games > 0 && (r->up_kind < 0 || up > r->up)) {
					r->up_kind = e->kind;
					r->up = up;
				}
			}
		}
		row_names = *names;
		if (*n > 1)
			qsort(*rows, (size_t)*n, sizeof **rows, cmp_row);
	}
	free(sp);
	free(term);
	query_release(&q);
	statbook_release(&book);
	rating_book_release(&at_start);
	rating_book_release(&at_end);
	return rc;
}

/* The most improved member: the largest rise, or NULL. */
static const struct league_row *
most_improved(const struct league_row *rows, long n)
{
	const struct league_row *best = NULL;
	for (long i = 0; i < n; i++)
		if (!rows[i].guest && rows[i].up_kind >= 0 && rows[i].up > 0 && (best == NULL || rows[i].up > best->up))
			best = &rows[i];
	return best;
}

static struct jv *
row_json(const struct league_row *r, char **names, long place)
{
	struct jv *o = jv_pack("{s:s, s:I, s:I, s:I, s:f}", "player", names[r->player], "nights", (long long)r->nights,
	    "games", (long long)r->finished, "wins", (long long)r->wins,
	    "win_rate", r->finished ? round(1e6 * (double)r->wins / (double)r->finished) / 1e6 : 0.0);
	if (place > 0)
		jv_set(o, "place", jv_int(place));
	jv_set(o, "rating", r->best_kind < 0 ? jv_null() : jv_pack("{s:s, s:f}", "game",
	    statbook_kind_title(r->best_kind), "ordinal", round(r->best * 1e6) / 1e6));
	return o;
}

static void
print_league(const struct cmd_ctx *ctx, const struct season *z, const struct league_row *rows, long n,
    long nights, char **names)
{
	char a[WHEN_BUF], b[WHEN_BUF];
	const char *from = bound_day(z->start, 0, a), *to = bound_day(z->end, 1, b);
	const struct league_row *up = most_improved(rows, n);
	long place = 0;
	if (ctx->json) {
		struct jv *table = jv_array(), *guests = jv_array();
		for (long i = 0; i < n; i++)
			jv_push(rows[i].guest ? guests : table, row_json(&rows[i], names,
			    rows[i].guest ? 0 : ++place));
		struct jv *o = jv_pack("{s:s, s:s, s:o, s:I, s:o, s:o}", "season", z->name, "from", from ? from : "",
		    "to", to ? jv_str(to) : jv_null(), "nights", (long long)nights, "table", table, "guests", guests);
		jv_set(o, "most_improved", up == NULL ? jv_null() : jv_pack("{s:s, s:s, s:f}", "player",
		    names[up->player], "game", statbook_kind_title(up->up_kind), "change", round(up->up * 1e6) / 1e6));
		char *text = jv_dumps(o, JV_REAL12);
		printf("%s\n", text ? text : "{}");
		free(text);
		jv_free(o);
		return;
	}
	cmd_say(stdout, "", "season %s: %s to %s, %ld club night%s", z->name, from ? from : "?", to ? to : "now (running)", nights,
	    plural_s(nights));
	/* a terminal narrower than the table's lines: the table in blocks
	 * of whole columns, each under the place and the player */
	static const char *const head[] = { "place", "player", "nights", "games", "wins", "win%", "rating" };
	static const int right[] = { 0, 0, 1, 1, 1, 1, 0 };
	struct fit_table t = { 7, 2, head, right, NULL, NULL, 0, 0 };
	int width = cmd_columns(), widest = 0;
	for (long i = 0; i < n; i++) {
		int w = 48 + 2 + (rows[i].best_kind < 0 ? 1 : utf8_width(statbook_kind_title(rows[i].best_kind)) + 6);
		widest = !rows[i].guest && w > widest ? w : widest;
	}
	int blocks = width > 0 && widest > width;
	if (!blocks)
		printf("%-5s %-14s %6s %5s %5s %6s  %s\n", "place", "player", "nights", "games", "wins", "win%", "rating");
	for (long i = 0; i < n; i++) {
		const struct league_row *r = &rows[i];
		if (r->guest)
			continue;
		char att[32], num[3][32], rate[16], *best = r->best_kind < 0 ? xstrdup("-")
		    : xasprintf("%s %.2f", statbook_kind_title(r->best_kind), r->best);
		snprintf(att, sizeof att, "%ld/%ld", r->nights, nights);
		snprintf(num[0], sizeof num[0], "%ld", ++place);
		snprintf(num[1], sizeof num[1], "%ld", r->finished);
		snprintf(num[2], sizeof num[2], "%ld", r->wins);
		snprintf(rate, sizeof rate, "%.1f", r->finished ? 100.0 * (double)r->wins / (double)r->finished : 0.0);
		if (blocks) {
			const char *cells[] = { num[0], names[r->player], att, num[1], num[2], rate, best };
			fit_table_row(&t, cells);
		} else {
			char *p = cmd_padded(names[r->player], 14);
			printf("%-5s %s %6s %5s %5s %6s  %s\n", num[0], p, att, num[1], num[2], rate, best);
			free(p);
		}
		free(best);
	}
	if (blocks)
		fit_table_print(stdout, &t, width);
	if (up)
		cmd_say(stdout, "", "most improved: %s (%+.2f at %s)", names[up->player], up->up, statbook_kind_title(up->up_kind));
	/* the guests, broken between guests on a terminal */
	struct strbuf sb = {0};
	for (long i = 0; i < n; i++)
		if (rows[i].guest) {
			char *who = fit_glued(names[rows[i].player]);
			sb_printf(&sb, "%s%s (%ld" FIT_GLUE "night%s, %ld" FIT_GLUE "game%s, %ld" FIT_GLUE "win%s)",
			    sb.len ? ", " : "guests: ", who,
			    rows[i].nights, plural_s(rows[i].nights), rows[i].finished, plural_s(rows[i].finished),
			    rows[i].wins, plural_s(rows[i].wins));
			free(who);
		}
	if (sb.len)
		cmd_say(stdout, "  ", "%s", sb.s);
	sb_release(&sb);
}

/* A DATE argument (or today) as the UTC start or end of that local day. */
static enum status
day_bound(const char *date, int end, char buf[WHEN_BUF], struct diag *d)
{
	time_t from, to, now;
	char today[WHEN_BUF];
	if (date == NULL) {
		if (when_now(&now, d) != ST_OK)
			return d->status;
		when_local_date(now, today);
		date = today;
	}
	if (!when_local_day(date, &from, &to))
		return diag_set(d, ST_USAGE, NULL, date, "season", "'%s' is not a date; write a local date YYYY-MM-DD"
		    " that exists", date);
	when_utc(end ? to : from, buf);
	return ST_OK;
}

static enum status
season_list(const struct cmd_ctx *ctx, struct store *s, struct diag *d)
{
	struct season *z = NULL;
	int n = 0;
	enum status rc = store_begin(s, 0, d);
	if (rc == ST_OK)
		rc = store_season_list(s, &z, &n, d);
	struct jv *arr = ctx->json ? jv_array() : NULL;
	for (int i = 0; rc == ST_OK && i < n; i++) {
		char a[WHEN_BUF], b[WHEN_BUF];
		const char *from = bound_day(z[i].start, 0, a), *to = bound_day(z[i].end, 1, b);
		if (arr)
			jv_push(arr, jv_pack("{s:s, s:s, s:o}", "season", z[i].name, "from", from ? from : "",
			    "to", to ? jv_str(to) : jv_null()));
		else
			cmd_say(stdout, "  ", "%-20s %s to %s", z[i].name, from ? from : "?", to ? to : "now (running)");
	}
	if (arr && rc == ST_OK) {
		char *text = jv_dumps(arr, 0);
		printf("%s\n", text ? text : "[]");
		free(text);
	} else if (rc == ST_OK && n == 0)
		cmd_say(stdout, "", "no seasons yet; 'tally season start NAME' starts one today");
	jv_free(arr);
	for (int i = 0; i < n; i++)
		season_release(&z[i]);
	free(z);
	return rc;
}

static enum status
season_start(const struct cmd_ctx *ctx, struct store *s, const char *name, const char *date, struct diag *d)
{
	char start[WHEN_BUF];
	struct season z;
	int found = 0;
	enum status rc;
	if (*name == '\0' || strlen(name) > 60 || strchr(name, '\n') || strcmp(name, "start") == 0 ||
	    strcmp(name, "end") == 0)
		return diag_set(d, ST_USAGE, NULL, name, "season", "a season's name is 1 to 60 characters on one line,"
		    " and not start or end");
	if ((rc = day_bound(date, 0, start, d)) != ST_OK || (rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	if ((rc = store_season_find(s, name, &z, &found, d)) == ST_OK && found)
		rc = diag_set(d, ST_USAGE, NULL, name, "season", "there is a season %s already ('tally season' lists"
		    " them)", z.name);
	season_release(&z);
	if (rc == ST_OK && (rc = store_season_start(s, name, start, d)) == ST_OK)
		rc = store_commit(s, d);
	if (rc == ST_OK && ctx->json) {
		struct jv *o = jv_pack("{s:s, s:s}", "season", name, "from", date ? date : "today");
		char *text = o ? jv_dumps(o, 0) : NULL;
		printf("%s\n", text ? text : "{}");
		free(text);
		jv_free(o);
	} else if (rc == ST_OK)
		cmd_say(stdout, "", "season %s starts %s", name, date ? date : "today");
	return rc;
}

static enum status
season_end(const struct cmd_ctx *ctx, struct store *s, const char *date, struct diag *d)
{
	char end[WHEN_BUF];
	int ended = 0;
	enum status rc;
	/* a file not there yet has no season to end: it is not made */
	if ((rc = day_bound(date, 1, end, d)) != ST_OK || (rc = store_held(s, d)) != ST_OK ||
	    (rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	if ((rc = store_season_end(s, end, &ended, d)) == ST_OK && ended == 0)
		rc = diag_set(d, ST_NOINPUT, NULL, NULL, "season", "no season runs ('tally season start NAME' starts one)");
	if (rc == ST_OK)
		rc = store_commit(s, d);
	if (rc == ST_OK && ctx->json)
		printf("{\"ended\":true}\n");
	else if (rc == ST_OK)
		cmd_say(stdout, "", "the season ends after %s", date ? date : "today");
	return rc;
}

static enum status
season_table(const struct cmd_ctx *ctx, struct store *s, const char *name, struct diag *d)
{
	struct season z;
	struct league_row *rows = NULL;
	char **names = NULL;
	long n = 0, nights = 0, nnames = 0;
	int found = 0;
	/* the season and its table in one read transaction */
	enum status rc = store_begin(s, 0, d);
	if (rc == ST_OK)
		rc = store_season_find(s, name, &z, &found, d);
	if (rc == ST_OK && !found)
		rc = diag_set(d, ST_NOINPUT, NULL, name, "season", "no season '%s' ('tally season' lists them)", name);
	if (rc == ST_OK && (rc = league(s, &z, &rows, &n, &nights, &names, &nnames, d)) == ST_OK)
		print_league(ctx, &z, rows, n, nights, names);
	season_release(&z);
	free(rows);
	report_names_free(names, nnames);
	return rc;
}

static enum status
cmd_season_exec(struct cmd_run *r, struct diag *d)
{
	int argc = r->argc;
	char **argv = r->argv;
	if (argc == 0)
		return season_list(r->ctx, r->store, d);
	if (strcmp(argv[0], "start") == 0 && (argc == 2 || argc == 3))
		return season_start(r->ctx, r->store, argv[1], argc == 3 ? argv[2] : NULL, d);
	if (strcmp(argv[0], "end") == 0 && argc <= 2)
		return season_end(r->ctx, r->store, argc == 2 ? argv[1] : NULL, d);
	if (argc == 1 && strcmp(argv[0], "start") != 0)
		return season_table(r->ctx, r->store, argv[0], d);
	return diag_set(d, ST_USAGE, NULL, NULL, "usage", "usage: tally season [NAME | start NAME [DATE] | end [DATE]]");
}

const struct cmd_entry cmd_season_entry = {
	.name = "season",
	.usage = "[NAME | start NAME [DATE] | end [DATE]]",
	.summary = "a club's seasons: start one, end it, print its league table",
	.help = "  (none)              the seasons\n"
	    "  start NAME [DATE]   season NAME from DATE (today) on; the one that ran ends there\n"
	    "  end [DATE]          the running season ends after DATE (today)\n"
	    "  NAME                its league table: members by wins, win % and games, with the\n"
	    "                      club nights each came to, their best rating as it ended, the\n"
	    "                      most improved player; guests ('tally player guest NAME') apart\n"
	    "  A query takes season:NAME for its days: tally history season:Spring",
	.nargs = { 0, 3 },
	.store = CMD_STORE_OPEN,
	.run = cmd_season_exec,
};
