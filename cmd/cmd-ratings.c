/* SPDX-License-Identifier: ISC */
/*
 * cmd-ratings.c: `tally ratings [QUERY] [--csv]`: a skill rating
 * per player and kind of game (pads by title), derived from every finished
 * game in time order by the Weng-Lin Plackett-Luce update (core/rating.h):
 * mu, sigma, the ordinal mu - 3 sigma the table is ranked by, games rated,
 * and the change of the ordinal over the last night.  The writer keeps them
 * (db/ratings.c); a file that does not keep them yet has them worked out
 * from the games here.  QUERY picks the rows
 * shown (player:NAME, game:NAME, and not: of either); the ratings always
 * stand on every game.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/csv.h"
#include "../core/fit.h"
#include "../core/names.h"
#include "../core/query.h"
#include "../core/rating.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../db/report.h"
#include "cmd.h"

static char **sort_names;

/* by kind (registry order, then pads as met), best ordinal first, then name */
static int
cmp_entry(const void *a, const void *b)
{
	const struct rating_entry *x = a, *y = b;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	double ox = rating_ordinal(x->now), oy = rating_ordinal(y->now);
	if (ox != oy)
		return ox > oy ? -1 : 1;
	return strcmp(sort_names[x->player], sort_names[y->player]);
}

/* Does the kind match game:NAME (a pad's title, or the score pad's own
 * name, rules_club_pad(), for every pad)? */
static int
kind_matches(int kind, const char *game)
{
	const char *name = statbook_kind_name(kind);
	if (strcmp(name, game) == 0)
		return 1;
	if (strncmp(name, "pad:", 4) != 0)
		return 0;
	/* game:pad is every pad; game:Hearts the pads of that title
	 * (the kind is "pad:DIRECTION:TITLE") */
	const char *title = strchr(name + 4, ':');
	return strcmp(game, rules_club_pad()->name) == 0 || (title && names_eq(title + 1, game));
}

/* A number rounded to 6 decimals, as JSON prints it. */
static struct jv *
jnum(double v)
{
	return jv_real(round(v * 1e6) / 1e6);
}

/* The ratings (kept, else worked out) and player names (in the
 * dispatcher's read transaction); *only: the player of player:, or -1. */
static enum status
load_ratings(struct store *s, const struct query *q, struct rating_book *b, char ***names, long *nnames,
    long *only, struct diag *d)
{
	enum status rc = ST_OK;
	long nseats = 0;
	int kept = 0;
	if (query_value(q, Q_PLAYER))
		rc = report_player_id(s, query_value(q, Q_PLAYER), only, NULL, d);
	if (rc == ST_OK)
		rc = report_player_names(s, names, nnames, d);
	/* as of until: (worked out from the games before it); else kept */
	const char *until = query_value(q, Q_UNTIL);
	if (rc == ST_OK && until == NULL)
		rc = report_ratings_kept(s, b, &nseats, &kept, d);
	if (rc == ST_OK && !kept)
		rc = report_ratings_until(s, b, until, &nseats, d);
	/* since: the change is measured from the ratings as they stood then */
	if (rc == ST_OK && query_value(q, Q_SINCE)) {
		struct rating_book then;
		long n = 0;
		rating_book_init(&then, 0);
		if ((rc = report_ratings_until(s, &then, query_value(q, Q_SINCE), &n, d)) == ST_OK)
			for (long i = 0; i < b->n; i++) {
				struct rating_entry *e = &b->e[i];
				/* one not rated then starts from the prior */
				e->mark_night = -1;
				e->before = rating_book_entry(&then, e->player, e->kind)->now;
				e->after = e->now;
			}
		b->last_night = -1;
		rating_book_release(&then);
	}
	return rc;
}

/* Whether rating line e is one the query q asks for. */
static int
entry_wanted(const struct rating_entry *e, const struct query *q, long only)
{
	int keep = 1;
	for (int t = 0; t < q->n; t++) {
		if (q->t[t].kind == Q_SINCE || q->t[t].kind == Q_UNTIL)
			continue;
		int m = q->t[t].kind == Q_PLAYER ? e->player == only : kind_matches(e->kind, q->t[t].a);
		if (q->t[t].kind == Q_PLAYER && q->t[t].negate)
			m = e->player != only;
		else if (q->t[t].negate)
			m = !m;
		keep &= m;
	}
	return keep;
}

/* The text line's columns, and its width: 14 18 7 6 8 6 11 and blanks. */
enum { RATING_COLS = 7, RATING_LINE_W = 14 + 18 + 7 + 6 + 8 + 6 + 11 + 6 };

/* One rating line: into arr (JSON), as a CSV record, into t (a terminal
 * too narrow for the line), or as a text row. */
static void
print_entry(const struct rating_entry *e, const char *pn, double change, int played, struct jv *arr, struct csv *cv,
    int csv, struct fit_table *t)
{
	if (arr) {
		struct jv *o = jv_object();
		jv_set(o, "player", jv_str(pn));
		jv_set(o, "game", jv_str(statbook_kind_title(e->kind)));
		jv_set(o, "mu", jnum(e->now.mu));
		jv_set(o, "sigma", jnum(e->now.sigma));
		jv_set(o, "ordinal", jnum(rating_ordinal(e->now)));
		jv_set(o, "games", jv_int(e->games));
		/* not at that night's tables: no change, as the text's "-" */
		jv_set(o, "change", played ? jnum(change) : jv_null());
		jv_push(arr, o);
	} else if (csv) {
		csv_text(cv, pn);
		csv_text(cv, statbook_kind_title(e->kind));
		csv_fixed(cv, e->now.mu, 4);
		csv_fixed(cv, e->now.sigma, 4);
		csv_fixed(cv, rating_ordinal(e->now), 4);
		csv_long(cv, e->games);
		if (played)
			csv_fixed(cv, change, 4);
		else
			csv_empty(cv);
		csv_end(cv);
	} else if (t) {
		char *p = fit_cell(pn, 14, 0), num[4][32];
		snprintf(num[0], 32, "%.2f", e->now.mu);
		snprintf(num[1], 32, "%.2f", e->now.sigma);
		snprintf(num[2], 32, "%.2f", rating_ordinal(e->now));
		snprintf(num[3], 32, played ? "%+.2f" : "-", change);
		char games[24];
		snprintf(games, sizeof games, "%ld", e->games);
		const char *cells[RATING_COLS] = { p, statbook_kind_title(e->kind), num[0], num[1], num[2], games, num[3] };
		fit_table_row(t, cells);
		free(p);
	} else {
		char *p = cmd_padded(pn, 14), *k = cmd_padded(statbook_kind_title(e->kind), 18);
		printf("%s %s %7.2f %6.2f %8.2f %6ld ", p, k, e->now.mu, e->now.sigma, rating_ordinal(e->now), e->games);
		if (played)
			printf("%+11.2f\n", change);
		else  /* not at that night's tables: no change to show, not +0.00 */
			printf("%11s\n", "-");
		free(p);
		free(k);
	}
}

/* Every rating line q asks for, sorted, in text, CSV or JSON. */
static void
print_ratings(const struct cmd_ctx *ctx, struct rating_book *b, const struct query *q, long only, char **names,
    long nnames, int csv)
{
	sort_names = names;
	if (b->n > 1)
		qsort(b->e, (size_t)b->n, sizeof *b->e, cmp_entry);
	struct jv *arr = ctx->json ? jv_array() : NULL;
	struct csv cv;
	csv_start(&cv, stdout);
	if (csv && !ctx->json)
		csv_header(&cv, "player,game,mu,sigma,ordinal,games,change");
	/* a terminal narrower than the line gets the table in blocks
	 * (fit_table_print) */
	const char *head[RATING_COLS] = { "player", "game", "mu", "sigma", "ordinal", "games",
		b->last_night == -1 ? "since" : "last night" };
	static const int right[RATING_COLS] = { 0, 0, 1, 1, 1, 1, 1 };
	struct fit_table table = { RATING_COLS, 2, head, right, NULL, NULL, 0, 0 }, *t = NULL;
	int width = csv || ctx->json ? 0 : cmd_columns();
	if (width > 0 && width < RATING_LINE_W)
		t = &table;
	else if (!csv && !ctx->json)
		printf("%-14s %-18s %7s %6s %8s %6s %11s\n", head[0], head[1], head[2], head[3], head[4], head[5], head[6]);
	int shown = 0;
	for (long i = 0; i < b->n; i++) {
		const struct rating_entry *e = &b->e[i];
		if (!entry_wanted(e, q, only))
			continue;
		shown++;
		const char *pn = e->player < nnames && names[e->player] ? names[e->player] : "?";
		print_entry(e, pn, rating_night_change(b, e, b->last_night), rating_night_played(e, b->last_night), arr, &cv, csv, t);
	}
	if (t)
		fit_table_print(stdout, t, width);
	if (ctx->json) {
		/* 6 decimals are plenty, and the same games give the same text */
		char *text = jv_dumps(arr, JV_REAL12);
		printf("%s\n", text ? text : "[]");
		free(text);
		jv_free(arr);
	} else if (!csv && shown == 0)
		printf("no finished games of two or more players to rate yet\n");
}

/* Ratings take player:, game:, since: and until: (not negated). */
static enum status
check_terms(const struct query *q, char **terms, struct diag *d)
{
	for (int i = 0; i < q->n; i++)
		if ((q->t[i].kind != Q_PLAYER && q->t[i].kind != Q_GAME && q->t[i].kind != Q_SINCE &&
		    q->t[i].kind != Q_UNTIL) || ((q->t[i].kind == Q_SINCE || q->t[i].kind == Q_UNTIL) && q->t[i].negate))
			return diag_set(d, ST_USAGE, NULL, terms[i], "query",
			    "%s: ratings take player:NAME, game:NAME, since:DATE (the change since then) and until:DATE"
			    " (the ratings as they stood at its end); they stand on every game before it", terms[i]);
	return ST_OK;
}

static enum status
cmd_ratings_exec(struct cmd_run *r, struct diag *d)
{
	struct query q = {0};
	struct rating_book b;
	char **names = NULL;
	long nnames = 0, only = -1;
	enum status rc;
	rating_book_init(&b, 0);
	if ((rc = query_parse(r->argc, r->argv, &q, d)) == ST_OK && (rc = check_terms(&q, r->argv, d)) == ST_OK &&
	    (rc = load_ratings(r->store, &q, &b, &names, &nnames, &only, d)) == ST_OK)
		print_ratings(r->ctx, &b, &q, only, names, nnames, cmd_opt(r, "csv") != NULL);
	query_release(&q);
	rating_book_release(&b);
	report_names_free(names, nnames);
	return rc;
}

const struct cmd_entry cmd_ratings_entry = {
	.name = "ratings",
	.usage = "[player:NAME] [game:NAME] [since:DATE] [until:DATE] [--csv]",
	.summary = "Weng-Lin (Plackett-Luce) skill ratings per player and game kind",
	.help = "  Derived from every finished game in time order (places from the game's\n"
	    "  ranking, ties as ties, eliminations by order out): mu (skill), sigma\n"
	    "  (uncertainty), the ordinal mu - 3 sigma the table ranks by, games rated\n"
	    "  and the ordinal's change over the last night (every table's games of that\n"
	    "  evening; the last to start, of two in one second the one made second;\n"
	    "  - for a player not at it, null in --json, empty in --csv).\n"
	    "  until:DATE shows the ratings as they\n"
	    "  stood at the end of that day; since:DATE shows the change since its start\n"
	    "  instead of last night's.  Pads are rated by title; game:pad shows them all.\n"
	    "  --csv, or --json.  A terminal narrower than the table gets it in blocks of\n"
	    "  columns.",
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_ratings_exec,
};
