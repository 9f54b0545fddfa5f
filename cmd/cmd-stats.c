/* SPDX-License-Identifier: ISC */
/*
 * cmd-stats.c: `tally stats [QUERY] [--csv]`: per player and game: games,
 * wins, win rate, average, best and worst score, current and longest
 * winning streak, average finishing place, eliminations suffered and caused,
 * chips won and lost; head to head (vs:NAME), nemesis and favourite victim,
 * and breakdowns by player count and by night.  With no query (or only
 * vs:) it reads the statistics the writer keeps (schema 7); otherwise one
 * pass over the seats of the matching games, in time order.  Either way the
 * numbers come from core/statbook.h, and memory grows with players, not
 * hands.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/json.h"
#include "../core/csv.h"
#include "../core/fit.h"
#include "../core/names.h"
#include "../core/query.h"
#include "../core/rating.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/report.h"
#include "cmd.h"

static const char *
name_of(char **names, long nnames, long id)
{
	return id >= 0 && id < nnames && names[id] ? names[id] : "?";
}

/* Rows come out by player name, then kind of game (registry order), then
 * the second key; sort_rank[id] is a player's place in name order. */
static long *sort_rank;
static long sort_nnames;

static int
cmp_player(long a, long b)
{
	long x = a >= 0 && a < sort_nnames ? sort_rank[a] : a, y = b >= 0 && b < sort_nnames ? sort_rank[b] : b;
	return (x > y) - (x < y);
}

/* qsort, for arrays that may be empty (and NULL) */
static void
sort_rows(void *rows, long n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(rows, (size_t)n, size, cmp);
}

static char **name_order;
static int
cmp_names(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;
	int c = str_icmp(name_order[x] ? name_order[x] : "", name_order[y] ? name_order[y] : "");
	return c ? c : (x > y) - (x < y);
}

/* sort_rank for names[0..n-1] (heap; the caller frees it). */
static long *
name_ranks(char **names, long n)
{
	long *ids = xmalloc(sizeof *ids * (size_t)(n + 1)), *rank = xmalloc(sizeof *rank * (size_t)(n + 1));
	for (long i = 0; i < n; i++)
		ids[i] = i;
	name_order = names;
	sort_rows(ids, n, sizeof *ids, cmp_names);
	for (long i = 0; i < n; i++)
		rank[ids[i]] = i;
	free(ids);
	return rank;
}

static int
cmp_line(const void *a, const void *b)
{
	const struct stat_line *x = a, *y = b;
	int c = cmp_player(x->player, y->player);
	return c ? c : x->kind - y->kind;
}

static int
cmp_count(const void *a, const void *b)
{
	const struct stat_count *x = a, *y = b;
	int c = cmp_player(x->player, y->player);
	if (c == 0)
		c = x->kind - y->kind;
	return c ? c : (x->key > y->key) - (x->key < y->key);
}

static int
cmp_pair(const void *a, const void *b)
{
	const struct stat_pair *x = a, *y = b;
	int c = cmp_player(x->ahead, y->ahead);
	return c ? c : cmp_player(x->behind, y->behind);
}

/* Whether q asks for every game: no terms but vs: (which only picks the
 * head-to-head lines). */
static int
query_is_everything(const struct query *q)
{
	for (int i = 0; i < q->n; i++)
		if (q->t[i].kind != Q_VS || q->t[i].negate)
			return 0;
	return 1;
}

/* One player on the club leaderboard. */
struct board_row {
	long player, games, finished, wins;
	int best_kind;         /* the kind of the best ordinal, -1 when none rated */
	double best;
};

static int
cmp_board(const void *a, const void *b)
{
	const struct board_row *x = a, *y = b;
	if (x->wins != y->wins)
		return x->wins > y->wins ? -1 : 1;
	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return sort_rank[x->player] < sort_rank[y->player] ? -1 : sort_rank[x->player] > sort_rank[y->player];
}

/* The leaderboard's columns before the best game ("Ann  2  1  50.0  "),
 * the best game's heading, and what goes before it on a line of its own. */
#define BOARD_W 35
#define BEST_HEAD "best rated game (ordinal)"
#define BEST_UNDER "    best rated: "

/* r's best rated game and its ordinal, "account (3.01)", or "-", in width
 * columns (0: whole): only the game's title is cut (with an ellipsis),
 * never the ordinal.  The caller frees it. */
static char *
best_rated(const struct board_row *r, int width)
{
	if (r->best_kind < 0)
		return xstrdup("-");
	char ord[40];
	snprintf(ord, sizeof ord, " (%.2f)", r->best);
	const char *title = statbook_kind_title(r->best_kind);
	char *cut = width > 0 && utf8_width(title) + (int)strlen(ord) > width
	    ? fit_cell(title, width - (int)strlen(ord), 0) : xstrdup(title);
	char *out = xasprintf("%s%s", cut, ord);
	free(cut);
	return out;
}

/*
 * The club leaderboard that opens `tally stats` with no query: per player
 * over every kind of game, games, wins, win % (of finished games) and the
 * best rated game (the highest ordinal, core/rating.h).  Text, or the
 * "leaderboard" member of the JSON object (printed first).
 */
static void
print_leaderboard(int json, const struct statbook *book, const struct rating_book *rb, char **names,
    long nnames, long limit, int width)
{
	struct board_row *rows = xcalloc((size_t)nnames + 1, sizeof *rows);
	long n = 0;
	for (long p = 0; p <= nnames; p++) {
		rows[p].player = p;
		rows[p].best_kind = -1;
	}
	/* the kinds each player has a row of in the table below (has[player *
	 * nk + kind]): the best rated game is one of them.  A substitute is
	 * rated for the games played in another's seat (core/rating.h,
	 * partial play), but the seat's place and win, and so its row, stay
	 * with its player: a club reads the leaderboard as the sum of the
	 * rows under it, and a game it names with no row under it is a
	 * puzzle; `tally ratings` still shows that rating */
	int nk = 1;
	for (long i = 0; i < book->nline; i++)
		if (book->line[i].kind >= nk)
			nk = book->line[i].kind + 1;
	unsigned char *has = xcalloc((size_t)(nnames + 1) * (size_t)nk, 1);
	for (long i = 0; i < book->nline; i++) {
		const struct stat_line *a = &book->line[i];
		if (a->player < 0 || a->player > nnames)
			continue;
		/* games and win % count the same games: the finished ones */
		rows[a->player].games += a->finished;
		rows[a->player].finished += a->finished;
		rows[a->player].wins += a->wins;
		if (a->games > 0 && a->kind >= 0)
			has[a->player * nk + a->kind] = 1;
	}
	for (long i = 0; i < rb->n; i++) {
		const struct rating_entry *e = &rb->e[i];
		struct board_row *r = e->player >= 0 && e->player <= nnames && e->kind >= 0 && e->kind < nk &&
		    has[e->player * nk + e->kind] ? &rows[e->player] : NULL;
		if (r && (r->best_kind < 0 || rating_ordinal(e->now) > r->best)) {
			r->best_kind = e->kind;
			r->best = rating_ordinal(e->now);
		}
	}
	free(has);
	for (long p = 0; p <= nnames; p++)
		if (rows[p].games > 0)
			rows[n++] = rows[p];
	sort_rows(rows, n, sizeof *rows, cmp_board);
	if (limit > 0 && n > limit)
		n = limit;
	/* the best game beside the player's where the terminal has the room
	 * for its heading and every row's game whole, else on a line of its
	 * own under the player's (a phone's terminal) */
	int under = 0;
	for (long i = 0; i < n && width > 0; i++) {
		char *best = best_rated(&rows[i], 0);
		under |= width < BOARD_W + (int)strlen(BEST_HEAD) || BOARD_W + utf8_width(best) > width;
		free(best);
	}
	if (!json && n == 0) {
		free(rows);  /* no header without a row under it */
		return;
	}
	if (json)
		printf("\"leaderboard\":[");
	else if (under)
		printf("%-14s %5s %5s %6s\n", "leaderboard", "games", "wins", "win%");
	else
		printf("%-14s %5s %5s %6s  %s\n", "leaderboard", "games", "wins", "win%", BEST_HEAD);
	for (long i = 0; i < n; i++) {
		const struct board_row *r = &rows[i];
		double rate = r->finished ? (double)r->wins / (double)r->finished : 0;
		const char *pn = name_of(names, nnames, r->player);
		if (json) {
			struct jv *o = jv_pack("{s:s, s:I, s:I, s:f}", "player", pn, "games", (long long)r->games, "wins",
			    (long long)r->wins, "win_rate", rate);
			jv_set(o, "best_rated", r->best_kind < 0 ? jv_null() :
			    jv_pack("{s:s, s:f}", "game", statbook_kind_title(r->best_kind), "ordinal",
			    round(r->best * 1e6) / 1e6));
			char *text = jv_dumps(o, JV_REAL12);
			printf("%s%s", i ? "," : "", text ? text : "{}");
			free(text);
			jv_free(o);
		} else {
			char *pp = fit_cell(pn, 14, 1);  /* cut with an ellipsis, never silently */
			printf("%s %5ld %5ld %6.1f%s", pp, r->games, r->wins, 100.0 * rate, under ? "\n" BEST_UNDER : "  ");
			char *best = best_rated(r, under && width > 0 ? width - (int)strlen(BEST_UNDER) : 0);
			printf("%s\n", best);
			free(best);
			free(pp);
		}
	}
	printf(json ? "]," : "\n");
	free(rows);
}

/* What `tally stats` shows, read once and printed part by part. */
struct stats_view {
	struct statbook book;
	struct rating_book ratings;
	char **names;        /* player names by id (report_player_names) */
	long nnames;
	long only, vs;       /* player: and vs: (-1: none) */
	int csv, js;         /* --csv, --json */
	int per_night;       /* the by-night breakdown is shown */
	int board;           /* the club leaderboard opens it (no query) */
	struct hands_played {
		long player;
		int kind;
		long hands;
	} *hands;            /* hands of the finished games, per player and kind */
	long nhands;
	long limit;          /* --limit: rows of each table, or 0 for all */
	struct game_length {
		int kind;
		long games, minutes;  /* games timed, their play time added */
	} *lengths;          /* per kind, in the order first met */
	int nlengths;
	int width;           /* the terminal's columns, or 0 (cmd_columns) */
};

/* One finished game's play time in minutes (its sittings summed, db/report.h
 * REPORT_PLAYED), added to its kind's. */
static void
add_length(const char *kind, long m, void *ctx)
{
	struct stats_view *v = ctx;
	int k = statbook_kind(kind), i = 0;
	if (m < 0 || k < 0)
		return;
	while (i < v->nlengths && v->lengths[i].kind != k)
		i++;
	if (i == v->nlengths) {
		v->lengths = xrealloc(v->lengths, sizeof *v->lengths * (size_t)(v->nlengths + 1));
		v->lengths[v->nlengths++] = (struct game_length){ k, 0, 0 };
	}
	v->lengths[i].games++;
	v->lengths[i].minutes += m;
}

static void
add_hands(long player, const char *kind, long hands, void *ctx)
{
	struct stats_view *v = ctx;
	v->hands = xrealloc(v->hands, sizeof *v->hands * (size_t)(v->nhands + 1));
	v->hands[v->nhands++] = (struct hands_played){ player, statbook_kind(kind), hands };
}

/* The average a hand of line a (its finished games' scores over their
 * hands), or -1 where it means nothing: no hands, or a game of chips or
 * lives, whose scores are what is held, not points added up hand by hand. */
static double
per_hand(const struct stats_view *v, const struct stat_line *a)
{
	for (long i = 0; i < v->nhands && a->chip_games == 0; i++)
		if (v->hands[i].player == a->player && v->hands[i].kind == a->kind && v->hands[i].hands > 0)
			return (double)a->sum_score / (double)v->hands[i].hands;
	return -1;
}

/* Read everything v shows for the query q (in the dispatcher's read
 * transaction): the players named, the statistics (kept, or folded from the seats) and
 * for the leaderboard the ratings. */
static enum status
load_stats(struct store *s, const struct query *q, struct stats_view *v, struct diag *d)
{
	enum status rc;
	long rated = 0;
	int kept = 0;
	if (query_value(q, Q_PLAYER) && (rc = report_player_id(s, query_value(q, Q_PLAYER), &v->only, NULL, d)) != ST_OK)
		return rc;
	if (query_value(q, Q_VS) && (rc = report_player_id(s, query_value(q, Q_VS), &v->vs, NULL, d)) != ST_OK)
		return rc;
	/* by night only for one player or one night: over a decade it would be
	 * every player times every night */
	v->per_night = v->only >= 0;
	for (int i = 0; i < q->n; i++)
		v->per_night |= q->t[i].kind == Q_NIGHT && !q->t[i].negate;
	v->book.per_night = v->per_night;
	/* head to head also says who played as partners and against: the
	 * kept statistics do not keep that, so vs: folds the seats */
	v->book.sides_pairs = v->vs >= 0;
	if ((rc = report_player_names(s, &v->names, &v->nnames, d)) != ST_OK ||
	    (rc = query_is_everything(q) && v->vs < 0 ? report_stat_tables(s, &v->book, 1, d)
	    : report_stat_scan(s, q, &v->book, d))
	    != ST_OK || (rc = report_hands_played(s, q, add_hands, v, d)) != ST_OK ||
	    (rc = report_game_lengths(s, q, add_length, v, d)) != ST_OK)
		return rc;
	/* no query, or only days (since:, until:, season:): the club
	 * leaderboard opens the statistics, its ratings as of the last day */
	v->board = !v->csv;
	for (int i = 0; i < q->n; i++)
		v->board &= !q->t[i].negate && (q->t[i].kind == Q_SINCE || q->t[i].kind == Q_UNTIL ||
		    q->t[i].kind == Q_SEASON);
	const char *until = query_value(q, Q_UNTIL);
	if (v->board && until == NULL && (rc = report_ratings_kept(s, &v->ratings, &rated, &kept, d)) != ST_OK)
		return rc;
	if (v->board && !kept)
		rc = report_ratings_until(s, &v->ratings, until, &rated, d);
	return rc;
}

/* Rows by player name, then kind of game, then the second key. */
static void
sort_book(struct stats_view *v)
{
	sort_rank = name_ranks(v->names, v->nnames);
	sort_nnames = v->nnames;
	sort_rows(v->book.line, v->book.nline, sizeof *v->book.line, cmp_line);
	sort_rows(v->book.count, v->book.ncount, sizeof *v->book.count, cmp_count);
	sort_rows(v->book.night, v->book.nnight, sizeof *v->book.night, cmp_count);
	if (v->vs >= 0)  /* only head to head lists pairs */
		sort_rows(v->book.pair, v->book.npair, sizeof *v->book.pair, cmp_pair);
}

/* One statistics line as a JSON object (the caller streams it). */
static struct jv *
line_json(const struct stat_line *a, const char *pn, const char *kn, double rate, double avg, double place,
    double hand_avg)
{
	struct jv *o = jv_object();
	jv_set(o, "player", jv_str(pn));
	jv_set(o, "game", jv_str(kn));
	/* games and win rate count the same games, the finished ones, as the
	 * text's games column and the leaderboard do; a game still open is
	 * counted apart ("in progress" in the text).  "finished" says the same
	 * as "games", for the scripts that read it */
	jv_set(o, "games", jv_int(a->finished));
	jv_set(o, "finished", jv_int(a->finished));
	jv_set(o, "open", jv_int(a->games - a->finished));
	jv_set(o, "wins", jv_int(a->wins));
	jv_set(o, "win_rate", jv_real(rate / 100.0));
	jv_set(o, "average", jv_real(avg));
	jv_set(o, "best", a->scored ? jv_int(a->best) : jv_null());
	jv_set(o, "worst", a->scored ? jv_int(a->worst) : jv_null());
	jv_set(o, "streak", jv_int(a->streak));
	jv_set(o, "longest_streak", jv_int(a->longest));
	jv_set(o, "average_place", jv_real(place));
	jv_set(o, "average_per_hand", hand_avg < 0 ? jv_null() : jv_real(round(hand_avg * 100) / 100));
	jv_set(o, "eliminated", jv_int(a->eliminated));
	jv_set(o, "eliminations", jv_int(a->eliminations));
	if (a->chip_games) {
		jv_set(o, "chips_net", jv_int(a->chips_net));
		jv_set(o, "chips_won", jv_int(a->chips_won));
		jv_set(o, "chips_lost", jv_int(a->chips_lost));
	}
	return o;
}

/* One statistics line as a CSV record. */
static void
line_csv(struct csv *cv, const struct stat_line *a, const char *pn, const char *kn, double rate, double avg,
    double place, double hand_avg)
{
	csv_text(cv, pn);
	csv_word(cv, kn);
	csv_long(cv, a->finished);  /* games: the finished ones, as in JSON */
	csv_long(cv, a->finished);
	csv_long(cv, a->wins);
	csv_fixed(cv, rate / 100.0, 3);
	csv_fixed(cv, avg, 2);
	csv_long(cv, a->best);
	csv_long(cv, a->worst);
	csv_long(cv, a->streak);
	csv_long(cv, a->longest);
	csv_fixed(cv, place, 2);
	csv_long(cv, a->eliminated);
	csv_long(cv, a->eliminations);
	csv_long(cv, a->chips_net);
	csv_long(cv, a->chips_won);
	csv_long(cv, a->chips_lost);
	if (hand_avg < 0)
		csv_empty(cv);
	else
		csv_fixed(cv, hand_avg, 2);
	csv_long(cv, a->games - a->finished);  /* open: in progress, last so no column moves */
	csv_end(cv);
}

/* A points average to one place, its thousands grouped as a score is
 * (grouped_number: "5,280.0"), into buf. */
static const char *
grouped_tenths(double v, char *buf, size_t size)
{
	long tenths = lround(v * 10);
	char whole[GROUPED_MAX];
	grouped_number(labs(tenths) / 10, 0, whole, sizeof whole);
	snprintf(buf, size, "%s%s.%ld", tenths < 0 ? "-" : "", whole, labs(tenths) % 10);
	return buf;
}

/* The text table's columns: their headings, which align right, and the
 * printf format of the whole line, which a pipe and a wide terminal get. */
enum { LINE_COLS = 15 };
static const char *const line_head[LINE_COLS] = { "player", "game", "games", "wins", "win%", "average", "/hand",
	"best", "worst", "streak", "longest", "place", "out", "outs", "chips" };
static const int line_right[LINE_COLS] = { 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
#define LINE_FMT "%s %-18s %5s %5s %6s %8s %7s %7s %7s %6s %7s %6s %4s %5s %7s\n"

/* One statistics line as a row of the text table: printed, or into t (a
 * terminal too narrow for it, see fit_table_print) when t is not NULL. */
static void
line_text(const struct stat_line *a, const char *pn, const char *kn, double rate, double avg, double place,
    double hand_avg, struct fit_table *t)
{
	char chips[32] = "", best[GROUPED_MAX] = "-", worst[GROUPED_MAX] = "-", each[40] = "-", mean[40];
	if (hand_avg >= 0)
		grouped_tenths(hand_avg, each, sizeof each);
	grouped_tenths(avg, mean, sizeof mean);
	if (a->chip_games)
		grouped_number(a->chips_net, 2, chips, sizeof chips);  /* "+1,200", "-3", "+0" */
	if (a->scored) {
		grouped_number(a->best, 0, best, sizeof best);
		grouped_number(a->worst, 0, worst, sizeof worst);
	}
	/* games and win % count the same games, the finished ones, as the
	 * leaderboard does; a game still open is in progress, no game played */
	char open[64];
	snprintf(open, sizeof open, "in progress (%ld open game%s)", a->games, plural_s(a->games));
	if (t) {
		char *cut = fit_cell(pn, 14, 0);  /* as the line's 14 columns */
		const char *keys[2] = { cut, kn };
		if (a->finished == 0) {
			/* on a narrow terminal it goes on under itself after
			 * "in progress", the count and its words kept together */
			snprintf(open, sizeof open, "in progress (%ld" FIT_GLUE "open" FIT_GLUE "game%s)", a->games,
			    plural_s(a->games));
			fit_table_span(t, keys, open);
			free(cut);
			return;
		}
		char num[9][32];
		snprintf(num[0], 32, "%ld", a->finished);
		snprintf(num[1], 32, "%ld", a->wins);
		snprintf(num[2], 32, "%.1f", rate);
		snprintf(num[4], 32, "%ld", a->streak);
		snprintf(num[5], 32, "%ld", a->longest);
		snprintf(num[6], 32, "%.2f", place);
		snprintf(num[7], 32, "%ld", a->eliminated);
		snprintf(num[8], 32, "%ld", a->eliminations);
		const char *cells[LINE_COLS] = { cut, kn, num[0], num[1], num[2], mean, each, best, worst, num[4],
			num[5], num[6], num[7], num[8], chips };
		fit_table_row(t, cells);
		free(cut);
		return;
	}
	char *pp = fit_cell(pn, 14, 1);  /* cut with an ellipsis, as on a terminal */
	if (a->finished == 0) {
		printf("%s %-18s %s\n", pp, kn, open);
		free(pp);
		return;
	}
	printf("%s %-18s %5ld %5ld %6.1f %8s %7s %7s %7s %6ld %7ld %6.2f %4ld %5ld %7s\n", pp, kn,
	    a->finished, a->wins, rate, mean, each, best, worst, a->streak, a->longest, place, a->eliminated,
	    a->eliminations, chips);
	free(pp);
}

/* The statistics lines (per player and game) in text, CSV or streamed
 * JSON; returns how many were shown. */
static int
print_lines(const struct stats_view *v)
{
	struct csv cv;
	long jn = 0;
	int shown = 0;
	csv_start(&cv, stdout);
	if (v->csv)
		csv_header(&cv, "player,game,games,finished,wins,win_rate,average,best,worst,streak,longest_streak,"
		    "average_place,eliminated,eliminations,chips_net,chips_won,chips_lost,average_per_hand,open");
	/* a terminal narrower than the table's line gets it in blocks */
	struct fit_table table = { LINE_COLS, 2, line_head, line_right, NULL, NULL, 0, 0 }, *t = NULL;
	char head[256];
	snprintf(head, sizeof head, LINE_FMT, "player        ", "game", "games", "wins", "win%", "average", "/hand",
	    "best", "worst", "streak", "longest", "place", "out", "outs", "chips");
	if (!v->js && !v->csv && v->width > 0 && utf8_width(head) - 1 > v->width)
		t = &table;
	for (long i = 0; i < v->book.nline; i++) {
		const struct stat_line *a = &v->book.line[i];
		if ((v->only >= 0 && a->player != v->only) || a->games <= 0)
			continue;
		if (v->limit > 0 && shown >= v->limit)
			break;
		if (shown++ == 0 && !v->js && !v->csv && t == NULL)
			fputs(head, stdout);  /* no header without a row under it */
		const char *pn = name_of(v->names, v->nnames, a->player), *kn = statbook_kind_title(a->kind);
		double rate = a->finished ? 100.0 * (double)a->wins / (double)a->finished : 0;
		double avg = a->finished ? (double)a->sum_score / (double)a->finished : 0;
		double place = a->finished ? (double)a->sum_rank / (double)a->finished : 0;
		double each = per_hand(v, a);
		if (v->js)
			jv_stream_item(stdout, line_json(a, pn, kn, rate, avg, place, each), &jn);
		else if (v->csv)
			line_csv(&cv, a, pn, kn, rate, avg, place, each);
		else
			line_text(a, pn, kn, rate, avg, place, each, t);
	}
	if (v->js)
		jv_stream_close(stdout, jn);
	if (t && shown)
		fit_table_print(stdout, t, v->width);
	return shown;
}

/* Each player's nemesis (who finished ahead of them most) and favourite
 * victim (who they finished ahead of most), from one pass over the pairs;
 * ties go to the name first in the alphabet, so the answer is stable.
 * vs_ahead[p]: times vs: finished ahead of p.  Arrays of nnames + 1. */
struct rivals {
	long *nem_of, *nem_cnt, *vic_of, *vic_cnt, *vs_ahead;
};

static void
find_rivals(const struct stats_view *v, struct rivals *r)
{
	long n = v->nnames;
	char **names = v->names;
	r->nem_of = xmalloc(sizeof *r->nem_of * (size_t)(n + 1));
	r->nem_cnt = xcalloc((size_t)n + 1, sizeof *r->nem_cnt);
	r->vic_of = xmalloc(sizeof *r->vic_of * (size_t)(n + 1));
	r->vic_cnt = xcalloc((size_t)n + 1, sizeof *r->vic_cnt);
	r->vs_ahead = xcalloc((size_t)n + 1, sizeof *r->vs_ahead);
	for (long p = 0; p < n; p++)
		r->nem_of[p] = r->vic_of[p] = -1;
	for (long i = 0; i < v->book.npair; i++) {
		const struct stat_pair *pr = &v->book.pair[i];
		if (pr->ahead < 0 || pr->ahead >= n || pr->behind < 0 || pr->behind >= n || pr->times <= 0)
			continue;
		if (pr->ahead == v->vs)
			r->vs_ahead[pr->behind] = pr->times;
		long *n1 = &r->nem_of[pr->behind], *c1 = &r->nem_cnt[pr->behind];
		if (pr->times > *c1 || (pr->times == *c1 && *n1 >= 0 && str_icmp(names[pr->ahead], names[*n1]) < 0))
			*n1 = pr->ahead, *c1 = pr->times;
		long *n2 = &r->vic_of[pr->ahead], *c2 = &r->vic_cnt[pr->ahead];
		if (pr->times > *c2 || (pr->times == *c2 && *n2 >= 0 && str_icmp(names[pr->behind], names[*n2]) < 0))
			*n2 = pr->behind, *c2 = pr->times;
	}
}

static void
rivals_free(struct rivals *r)
{
	free(r->nem_of);
	free(r->nem_cnt);
	free(r->vic_of);
	free(r->vic_cnt);
	free(r->vs_ahead);
}

/* Each player's nemesis and favourite victim. */
static void
print_nemeses(const struct stats_view *v, const struct rivals *r)
{
	char **names = v->names;
	long jn = 0;
	for (long p = 0; p < v->nnames; p++) {
		if (!names[p] || (v->only >= 0 && p != v->only))
			continue;
		long nemesis = r->nem_of[p], nem_n = r->nem_cnt[p], victim = r->vic_of[p], vic_n = r->vic_cnt[p];
		if (nemesis < 0 && victim < 0)
			continue;
		if (v->js) {
			struct jv *o = jv_object();
			jv_set(o, "player", jv_str(names[p]));
			jv_set(o, "nemesis", nemesis >= 0 ? jv_str(names[nemesis]) : jv_null());
			jv_set(o, "nemesis_ahead", jv_int(nem_n));
			jv_set(o, "favourite_victim", victim >= 0 ? jv_str(names[victim]) : jv_null());
			jv_set(o, "victim_behind", jv_int(vic_n));
			jv_stream_item(stdout, o, &jn);
		} else
			fit_wrapf(stdout, v->width, "  ", "%s: nemesis %s (finished ahead %ld time%s), favourite victim %s (behind %ld time%s)",
			    names[p], nemesis >= 0 ? names[nemesis] : "-", nem_n, plural_s(nem_n),
			    victim >= 0 ? names[victim] : "-", vic_n, plural_s(vic_n));
	}
	if (v->js)
		jv_stream_close(stdout, jn);
}

/* One head-to-head line: who finished ahead of vs: `ahead` times and
 * behind `behind` times, and in partnership play how many finished games
 * the two played as partners and against each other. */
static void
head_to_head(const struct stats_view *v, long who, long ahead, long behind, long *jn)
{
	long partners = 0, against = 0;
	for (long i = 0; i < v->book.npair; i++)
		if (v->book.pair[i].ahead == who && v->book.pair[i].behind == v->vs) {
			partners = v->book.pair[i].partners;
			against = v->book.pair[i].against;
		}
	if (v->js) {
		jv_stream_item(stdout, jv_pack("{s:s, s:s, s:I, s:I, s:I, s:I}", "player", v->names[who],
		    "vs", v->names[v->vs], "ahead", (long long)ahead, "behind", (long long)behind,
		    "partners", (long long)partners, "against", (long long)against), jn);
		return;
	}
	struct strbuf sb = {0};
	sb_printf(&sb, "  head to head with %s: %s finished ahead %ld time%s, behind %ld time%s", v->names[v->vs],
	    v->names[who], ahead, plural_s(ahead), behind, plural_s(behind));
	if (partners || against)
		sb_printf(&sb, "; partners in %ld game%s, against in %ld", partners, plural_s(partners), against);
	fit_wrap(stdout, sb.s, v->width, "    ");
	sb_release(&sb);
}

/* Head to head: the one named in player: (or everyone) against vs:. */
static void
print_head_to_head(const struct stats_view *v, struct rivals *r)
{
	long jn = 0;
	for (long i = 0; i < v->book.npair; i++) {
		const struct stat_pair *pr = &v->book.pair[i];
		long who = pr->ahead;
		if (pr->behind != v->vs || who == v->vs || who < 0 || who >= v->nnames || (v->only >= 0 && who != v->only))
			continue;
		head_to_head(v, who, pr->times, r->vs_ahead[who], &jn);
		r->vs_ahead[who] = -1;  /* shown */
	}
	/* those never ahead of vs: but behind (and the one asked for, always) */
	for (long p = 0; p < v->nnames; p++) {
		if (r->vs_ahead[p] < 0 || !v->names[p] || p == v->vs || (v->only >= 0 && p != v->only) ||
		    (r->vs_ahead[p] == 0 && p != v->only))
			continue;
		head_to_head(v, p, 0, r->vs_ahead[p], &jn);
	}
	if (v->js)
		jv_stream_close(stdout, jn);
}

/* "4 players: 2 games, 1 win" of b, each number and its word joined by
 * blank (FIT_GLUE keeps them on one line).  The caller frees it. */
static char *
count_words(const struct stat_count *b, const char *blank)
{
	return xasprintf("%2ld%splayers: %ld%sgame%s, %ld%swin%s", b->key, blank, b->games, blank, plural_s(b->games),
	    b->wins, blank, plural_s(b->wins));
}

/* A breakdown's line: "  " then the player's name in 14 columns (none
 * when pn is NULL), the game's title in 18, then rest (FIT_GLUE where it
 * must not break).  Where that is wider than the terminal the name and
 * the title narrow to 10 columns each and rest goes on to the next line
 * between its words; a name or title cut is cut with an ellipsis, never
 * silently (a cut name would look whole). */
static void
print_keyed(const struct stats_view *v, const char *pn, const char *kn, const char *rest)
{
	char *plain = xstrdup(rest);
	for (char *c = plain; (c = strchr(c, FIT_GLUE[0])) != NULL; c++)
		*c = ' ';
	int narrow = v->width > 0 && 2 + (pn ? 14 + 1 : 0) + 18 + 1 + utf8_width(plain) > v->width;
	free(plain);
	char *pp = pn ? fit_cell(pn, narrow ? 10 : 14, 1) : xstrdup(""), *kp = fit_cell(kn, narrow ? 10 : 18, 1);
	char *line = xasprintf("  %s%s%s %s", pp, pn ? " " : "", kp, rest);
	fit_prose(stdout, line, v->width, "    ");
	free(line);
	free(pp);
	free(kp);
}

/* The breakdown by player count. */
static void
print_by_players(const struct stats_view *v)
{
	long jn = 0;
	for (long i = 0, rows = 0; i < v->book.ncount; i++) {
		const struct stat_count *b = &v->book.count[i];
		/* a kept count may stand at 0 (a game ended, then its end
		 * undone): no row */
		if ((v->only >= 0 && b->player != v->only) || b->games <= 0)
			continue;
		if (v->limit > 0 && rows >= v->limit)
			break;
		if (rows++ == 0 && !v->js)
			printf("\nby player count:\n");
		const char *pn = name_of(v->names, v->nnames, b->player);
		if (v->js) {
			struct jv *o = jv_pack("{s:s, s:s, s:I, s:I, s:I}", "player", pn, "game", statbook_kind_title(b->kind),
			    "players", (long long)b->key, "games", (long long)b->games, "wins", (long long)b->wins);
			jv_stream_item(stdout, o, &jn);
		} else {
			char *rest = count_words(b, FIT_GLUE);
			print_keyed(v, pn, statbook_kind_title(b->kind), rest);
			free(rest);
		}
	}
	if (v->js)
		jv_stream_close(stdout, jn);
}

/* The breakdown by night (for one player or one night). */
static void
print_by_night(const struct stats_view *v)
{
	long jn = 0;
	for (long i = 0, rows = 0; v->per_night && i < v->book.nnight; i++) {
		const struct stat_count *b = &v->book.night[i];
		if ((v->only >= 0 && b->player != v->only) || b->games <= 0)
			continue;
		if (v->limit > 0 && rows >= v->limit)
			break;
		if (rows++ == 0 && !v->js)
			printf("\nby night:\n");
		const char *pn = name_of(v->names, v->nnames, b->player);
		if (v->js) {
			struct jv *o = jv_pack("{s:s, s:I, s:I, s:I}", "player", pn,
			    "night", (long long)b->key, "games", (long long)b->games, "wins", (long long)b->wins);
			jv_stream_item(stdout, o, &jn);
		} else {
			char *pp = fit_cell(pn, v->width > 0 && v->width < 50 ? 10 : 14, 1);
			char *line = xasprintf("  %s night" FIT_GLUE "#%ld: %ld" FIT_GLUE "game%s, %ld" FIT_GLUE "win%s", pp,
			    b->key, b->games, plural_s(b->games), b->wins, plural_s(b->wins));
			fit_prose(stdout, line, v->width, "    ");
			free(line);
			free(pp);
		}
	}
	if (v->js)
		jv_stream_close(stdout, jn);
}

static int
cmp_length(const void *a, const void *b)
{
	return strcmp(statbook_kind_title(((const struct game_length *)a)->kind),
	    statbook_kind_title(((const struct game_length *)b)->kind));
}

/* The average play time of a finished game, per kind by title (games of
 * two hands or more: its sittings summed, core/when.h when_sittings). */
static void
print_lengths(struct stats_view *v)
{
	long jn = 0;
	if (v->nlengths > 1)
		qsort(v->lengths, (size_t)v->nlengths, sizeof *v->lengths, cmp_length);
	if (!v->js && v->nlengths)
		printf("\nplay time, average per game:\n");
	for (int i = 0; i < v->nlengths; i++) {
		const struct game_length *g = &v->lengths[i];
		long avg = (g->minutes + g->games / 2) / g->games;  /* to the nearest minute */
		if (v->js) {
			jv_stream_item(stdout, jv_pack("{s:s, s:I, s:I}", "game", statbook_kind_title(g->kind), "games",
			    (long long)g->games, "average_play_minutes", (long long)avg), &jn);
		} else {
			/* "85 h 20 min" and "(2 games)" each kept on one line */
			char len[WHEN_BUF];
			when_length(avg, len);
			for (char *c = len; (c = strchr(c, ' ')) != NULL; c++)
				*c = FIT_GLUE[0];
			char *rest = xasprintf("%s (%ld" FIT_GLUE "game%s)", len, g->games, plural_s(g->games));
			print_keyed(v, NULL, statbook_kind_title(g->kind), rest);
			free(rest);
		}
	}
	if (v->js)
		jv_stream_close(stdout, jn);
}

/* Everything after the lines: rivals, head to head, breakdowns.  JSON is
 * printed as it is made, a row at a time, so a decade's statistics need
 * no more memory than the text. */
static void
print_rest(struct stats_view *v, int shown)
{
	struct rivals r;
	if (v->js)
		printf(",\"nemesis\":");
	else if (shown)
		printf("\n");
	find_rivals(v, &r);
	print_nemeses(v, &r);
	if (v->vs >= 0) {
		if (v->js)
			printf(",\"head_to_head\":");
		print_head_to_head(v, &r);
	}
	rivals_free(&r);
	if (v->js)
		printf(",\"by_players\":");
	print_by_players(v);
	if (v->js)
		printf(",\"by_night\":");
	print_by_night(v);
	if (v->js)
		printf(",\"play_time\":");
	print_lengths(v);
	if (v->js)
		printf("}\n");
	else if (shown == 0)
		printf("no games match\n");
}

static enum status
cmd_stats_exec(struct cmd_run *r, struct diag *d)
{
	struct query q = {0};
	struct stats_view v = { .only = -1, .vs = -1, .js = r->ctx->json, .csv = cmd_opt(r, "csv") != NULL };
	enum status rc;
	statbook_init(&v.book, 0);
	rating_book_init(&v.ratings, 0);
	if ((rc = cmd_limit(r, &v.limit, d)) == ST_OK && (rc = query_parse(r->argc, r->argv, &q, d)) == ST_OK &&
	    (rc = load_stats(r->store, &q, &v, d)) == ST_OK) {
		cmd_pager_start();
		if (v.js)
			v.csv = 0;
		v.width = v.js || v.csv ? 0 : cmd_columns();
		sort_book(&v);
		if (v.js)
			printf("{");
		if (v.board)
			print_leaderboard(v.js, &v.book, &v.ratings, v.names, v.nnames, v.limit, v.width);
		if (v.js)
			printf("\"stats\":");
		int shown = print_lines(&v);
		if (!v.csv)
			print_rest(&v, shown);
	}
	query_release(&q);
	if (v.names)
		report_names_free(v.names, v.nnames);
	free(v.hands);
	free(v.lengths);
	statbook_release(&v.book);
	rating_book_release(&v.ratings);
	free(sort_rank);
	sort_rank = NULL;
	return rc;
}

const struct cmd_entry cmd_stats_entry = {
	.name = "stats",
	.usage = "[QUERY] [--csv] [--limit N]",
	.summary = "per player and game: wins, averages, streaks, places, eliminations, chips; nemesis",
	.help = "  QUERY terms as for history, and vs:NAME for head to head.  Games and wins are\n"
	    "  the finished games; an open game is in progress (JSON and CSV: open, apart\n"
	    "  from games).  The leaderboard's best rated game is one of the player's rows\n"
	    "  (a substitute's games rate in 'tally ratings' only).  --limit N: the first N\n"
	    "  rows of each table (leaderboard, lines, breakdowns).  At a terminal, long\n"
	    "  output goes through $PAGER (less -FRX), and a table wider than the terminal\n"
	    "  comes in blocks of columns, each under the player and game, and on a narrow\n"
	    "  one the leaderboard's best rated game goes under the player (a long title\n"
	    "  cut, never the ordinal).  A table with no row has no heading: no leaderboard\n"
	    "  before a game has finished; no match says \"no games match\".",
	.options = (const struct cmd_option[]){ { "csv", 0, NULL }, { "limit", 0, "N" }, { 0 } },
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_stats_exec,
};
