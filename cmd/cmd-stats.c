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
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/csv.h"
#include "../core/query.h"
#include "../core/rating.h"
#include "../core/rules.h"
#include "../core/standings.h"
#include "../core/statbook.h"
#include "../core/util.h"
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
	int c = strcasecmp(name_order[x] ? name_order[x] : "", name_order[y] ? name_order[y] : "");
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

/* One player on the club leaderboard (issue 16). */
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

/*
 * The club leaderboard that opens `tally stats` with no query: per player
 * over every kind of game, games, wins, win % (of finished games) and the
 * best rated game (the highest ordinal, core/rating.h).  Text, or the
 * "leaderboard" member of the JSON object (printed first).
 */
static void
print_leaderboard(int json, const struct statbook *book, const struct rating_book *rb, char **names,
    long nnames)
{
	struct board_row *rows = xcalloc((size_t)nnames + 1, sizeof *rows);
	long n = 0;
	for (long p = 0; p <= nnames; p++) {
		rows[p].player = p;
		rows[p].best_kind = -1;
	}
	for (long i = 0; i < book->nline; i++) {
		const struct stat_line *a = &book->line[i];
		if (a->player < 0 || a->player > nnames)
			continue;
		rows[a->player].games += a->games;
		rows[a->player].finished += a->finished;
		rows[a->player].wins += a->wins;
	}
	for (long i = 0; i < rb->n; i++) {
		const struct rating_entry *e = &rb->e[i];
		struct board_row *r = e->player >= 0 && e->player <= nnames ? &rows[e->player] : NULL;
		if (r && (r->best_kind < 0 || rating_ordinal(e->now) > r->best)) {
			r->best_kind = e->kind;
			r->best = rating_ordinal(e->now);
		}
	}
	for (long p = 0; p <= nnames; p++)
		if (rows[p].games > 0)
			rows[n++] = rows[p];
	sort_rows(rows, n, sizeof *rows, cmp_board);
	if (json)
		printf("\"leaderboard\":[");
	else
		printf("%-14s %5s %5s %6s  %s\n", "leaderboard", "games", "wins", "win%", "best rated game (ordinal)");
	for (long i = 0; i < n; i++) {
		const struct board_row *r = &rows[i];
		double rate = r->finished ? (double)r->wins / (double)r->finished : 0;
		const char *pn = name_of(names, nnames, r->player);
		if (json) {
			json_t *o = json_pack("{s:s, s:I, s:I, s:f}", "player", pn, "games", (json_int_t)r->games, "wins",
			    (json_int_t)r->wins, "win_rate", rate);
			json_object_set_new(o, "best_rated", r->best_kind < 0 ? json_null() :
			    json_pack("{s:s, s:f}", "game", statbook_kind_title(r->best_kind), "ordinal",
			    round(r->best * 1e6) / 1e6));
			char *text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
			printf("%s%s", i ? "," : "", text ? text : "{}");
			free(text);
			json_decref(o);
		} else {
			char *pp = cmd_padded(pn, 14);
			printf("%s %5ld %5ld %6.1f  ", pp, r->games, r->wins, 100.0 * rate);
			if (r->best_kind < 0)
				printf("-\n");
			else
				printf("%s (%.2f)\n", statbook_kind_title(r->best_kind), r->best);
			free(pp);
		}
	}
	printf(json ? "]," : "\n");
	free(rows);
}

static enum status
cmd_stats_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct query q = {0};
	struct store *s;
	struct statbook book;
	struct rating_book ratings;
	char **terms = xcalloc((size_t)argc + 1, sizeof *terms), **names = NULL;
	long nnames = 0, only = -1, vs = -1;
	int nterms = 0, csv = 0, per_night = 0;
	enum status rc;

	statbook_init(&book, 0);
	rating_book_init(&ratings, 0);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0)
			csv = 1;
		else
			terms[nterms++] = argv[i];
	}
	if ((rc = query_parse(nterms, terms, &q, &d)) != ST_OK || (rc = cmd_store(ctx, &s, &d)) != ST_OK ||
	    (rc = store_begin(s, 0, &d)) != ST_OK)
		goto out;
	if (query_value(&q, Q_PLAYER) && (rc = report_player_id(s, query_value(&q, Q_PLAYER), &only, NULL, &d)) != ST_OK)
		goto rollback;
	if (query_value(&q, Q_VS) && (rc = report_player_id(s, query_value(&q, Q_VS), &vs, NULL, &d)) != ST_OK)
		goto rollback;
	/* by night only for one player or one night: over a decade it would be
	 * every player times every night */
	per_night = only >= 0;
	for (int i = 0; i < q.n; i++)
		per_night |= q.t[i].kind == Q_NIGHT && !q.t[i].negate;
	book.per_night = per_night;
	if ((rc = report_player_names(s, &names, &nnames, &d)) != ST_OK ||
	    (rc = query_is_everything(&q) ? report_stat_tables(s, &book, 1, &d) : report_stat_scan(s, &q, &book, &d))
	    != ST_OK)
		goto rollback;
	/* no query at all: the club leaderboard opens the statistics */
	int board = q.n == 0 && !csv;
	long rated = 0;
	int kept = 0;
	if (board && (rc = report_ratings_kept(s, &ratings, &rated, &kept, &d)) != ST_OK)
		goto rollback;
	if (board && !kept && (rc = report_ratings(s, &ratings, &rated, &d)) != ST_OK)
		goto rollback;
	store_rollback(s);

	sort_rank = name_ranks(names, nnames);
	sort_nnames = nnames;
	sort_rows(book.line, book.nline, sizeof *book.line, cmp_line);
	sort_rows(book.count, book.ncount, sizeof *book.count, cmp_count);
	sort_rows(book.night, book.nnight, sizeof *book.night, cmp_count);
	if (vs >= 0)  /* only head to head lists pairs */
		sort_rows(book.pair, book.npair, sizeof *book.pair, cmp_pair);
	/* JSON is printed as it is made, a row at a time, so a decade's
	 * statistics need no more memory than the text */
	int js = ctx->json;
	long jn = 0;
	if (js) {
		csv = 0;
		printf("{");
	}
	if (board)
		print_leaderboard(js, &book, &ratings, names, nnames);
	if (js)
		printf("\"stats\":");
	struct csv cv;
	csv_start(&cv, stdout);
	if (csv)
		csv_header(&cv, "player,game,games,finished,wins,win_rate,average,best,worst,streak,longest_streak,"
		    "average_place,eliminated,eliminations,chips_net,chips_won,chips_lost");
	else if (!ctx->json)
		printf("%-14s %-18s %5s %5s %6s %8s %6s %6s %6s %7s %6s %4s %5s %7s\n", "player", "game", "games",
		    "wins", "win%", "average", "best", "worst", "streak", "longest", "place", "out", "outs", "chips");
	int shown = 0;
	for (long i = 0; i < book.nline; i++) {
		const struct stat_line *a = &book.line[i];
		if ((only >= 0 && a->player != only) || a->games <= 0)
			continue;
		shown++;
		const char *pn = name_of(names, nnames, a->player), *kn = statbook_kind_title(a->kind);
		double rate = a->finished ? 100.0 * (double)a->wins / (double)a->finished : 0;
		double avg = a->finished ? (double)a->sum_score / (double)a->finished : 0;
		double place = a->finished ? (double)a->sum_rank / (double)a->finished : 0;
		if (js) {
			json_t *o = json_object();
			json_object_set_new(o, "player", json_string(pn));
			json_object_set_new(o, "game", json_string(kn));
			json_object_set_new(o, "games", json_integer(a->games));
			json_object_set_new(o, "finished", json_integer(a->finished));
			json_object_set_new(o, "wins", json_integer(a->wins));
			json_object_set_new(o, "win_rate", json_real(rate / 100.0));
			json_object_set_new(o, "average", json_real(avg));
			json_object_set_new(o, "best", a->scored ? json_integer(a->best) : json_null());
			json_object_set_new(o, "worst", a->scored ? json_integer(a->worst) : json_null());
			json_object_set_new(o, "streak", json_integer(a->streak));
			json_object_set_new(o, "longest_streak", json_integer(a->longest));
			json_object_set_new(o, "average_place", json_real(place));
			json_object_set_new(o, "eliminated", json_integer(a->eliminated));
			json_object_set_new(o, "eliminations", json_integer(a->eliminations));
			if (a->chip_games) {
				json_object_set_new(o, "chips_net", json_integer(a->chips_net));
				json_object_set_new(o, "chips_won", json_integer(a->chips_won));
				json_object_set_new(o, "chips_lost", json_integer(a->chips_lost));
			}
			json_stream_item(stdout, o, &jn);
		} else if (csv) {
			csv_text(&cv, pn);
			csv_word(&cv, kn);
			csv_long(&cv, a->games);
			csv_long(&cv, a->finished);
			csv_long(&cv, a->wins);
			csv_fixed(&cv, rate / 100.0, 3);
			csv_fixed(&cv, avg, 2);
			csv_long(&cv, a->best);
			csv_long(&cv, a->worst);
			csv_long(&cv, a->streak);
			csv_long(&cv, a->longest);
			csv_fixed(&cv, place, 2);
			csv_long(&cv, a->eliminated);
			csv_long(&cv, a->eliminations);
			csv_long(&cv, a->chips_net);
			csv_long(&cv, a->chips_won);
			csv_long(&cv, a->chips_lost);
			csv_end(&cv);
		} else {
			char chips[32] = "", best[24] = "-", worst[24] = "-";
			if (a->chip_games)
				snprintf(chips, sizeof chips, "%+ld", a->chips_net);
			if (a->scored) {
				snprintf(best, sizeof best, "%ld", a->best);
				snprintf(worst, sizeof worst, "%ld", a->worst);
			}
			char *pp = cmd_padded(pn, 14);
			printf("%s %-18s %5ld %5ld %6.1f %8.1f %6s %6s %6ld %7ld %6.2f %4ld %5ld %7s\n", pp, kn,
			    a->games, a->wins, rate, avg, best, worst, a->streak, a->longest, place, a->eliminated,
			    a->eliminations, chips);
			free(pp);
		}
	}
	if (csv)
		goto done;

	/* nemesis and favourite victim, and head to head */
	if (js) {
		json_stream_close(stdout, jn);
		printf(",\"nemesis\":");
		jn = 0;
	} else if (shown)
		printf("\n");
	/* one pass over the pairs: each player's nemesis and favourite victim */
	long *nem_of = xmalloc(sizeof *nem_of * (size_t)(nnames + 1)), *nem_cnt = xcalloc((size_t)nnames + 1, sizeof *nem_cnt);
	long *vic_of = xmalloc(sizeof *vic_of * (size_t)(nnames + 1)), *vic_cnt = xcalloc((size_t)nnames + 1, sizeof *vic_cnt);
	long *vs_ahead = xcalloc((size_t)nnames + 1, sizeof *vs_ahead);
	for (long p = 0; p < nnames; p++)
		nem_of[p] = vic_of[p] = -1;
	for (long i = 0; i < book.npair; i++) {
		const struct stat_pair *pr = &book.pair[i];
		if (pr->ahead < 0 || pr->ahead >= nnames || pr->behind < 0 || pr->behind >= nnames || pr->times <= 0)
			continue;
		if (pr->ahead == vs)
			vs_ahead[pr->behind] = pr->times;
		/* ties go to the name first in the alphabet, so the answer is stable */
		long *n1 = &nem_of[pr->behind], *c1 = &nem_cnt[pr->behind];
		if (pr->times > *c1 || (pr->times == *c1 && *n1 >= 0 && strcasecmp(names[pr->ahead], names[*n1]) < 0))
			*n1 = pr->ahead, *c1 = pr->times;
		long *n2 = &vic_of[pr->ahead], *c2 = &vic_cnt[pr->ahead];
		if (pr->times > *c2 || (pr->times == *c2 && *n2 >= 0 && strcasecmp(names[pr->behind], names[*n2]) < 0))
			*n2 = pr->behind, *c2 = pr->times;
	}
	for (long p = 0; p < nnames; p++) {
		if (!names[p] || (only >= 0 && p != only))
			continue;
		long nemesis = nem_of[p], nem_n = nem_cnt[p], victim = vic_of[p], vic_n = vic_cnt[p];
		if (nemesis >= 0 || victim >= 0) {
			if (js) {
				json_t *o = json_object();
				json_object_set_new(o, "player", json_string(names[p]));
				json_object_set_new(o, "nemesis", nemesis >= 0 ? json_string(names[nemesis]) : json_null());
				json_object_set_new(o, "nemesis_ahead", json_integer(nem_n));
				json_object_set_new(o, "favourite_victim", victim >= 0 ? json_string(names[victim]) : json_null());
				json_object_set_new(o, "victim_behind", json_integer(vic_n));
				json_stream_item(stdout, o, &jn);
			} else
				printf("%s: nemesis %s (finished ahead %ld time%s), favourite victim %s (behind %ld time%s)\n",
				    names[p], nemesis >= 0 ? names[nemesis] : "-", nem_n, plural_s(nem_n),
				    victim >= 0 ? names[victim] : "-", vic_n, plural_s(vic_n));
		}
	}
	if (js) {
		json_stream_close(stdout, jn);
		if (vs >= 0)
			printf(",\"head_to_head\":");
		jn = 0;
	}
	/* head to head: the one named in player: (or everyone) against vs: */
	for (long i = 0; vs >= 0 && i < book.npair; i++) {
		const struct stat_pair *pr = &book.pair[i];
		long who = pr->ahead;
		if (pr->behind != vs || who == vs || who < 0 || who >= nnames || (only >= 0 && who != only))
			continue;
		if (js)
			json_stream_item(stdout, json_pack("{s:s, s:s, s:I, s:I}", "player", names[who],
			    "vs", names[vs], "ahead", (json_int_t)pr->times, "behind", (json_int_t)vs_ahead[who]), &jn);
		else
			printf("  head to head with %s: %s finished ahead %ld times, behind %ld times\n",
			    names[vs], names[who], pr->times, vs_ahead[who]);
		vs_ahead[who] = -1;  /* shown */
	}
	/* those never ahead of vs: but behind (and the one asked for, always) */
	for (long p = 0; vs >= 0 && p < nnames; p++) {
		if (vs_ahead[p] < 0 || !names[p] || p == vs || (only >= 0 && p != only) || (vs_ahead[p] == 0 && p != only))
			continue;
		if (js)
			json_stream_item(stdout, json_pack("{s:s, s:s, s:I, s:I}", "player", names[p],
			    "vs", names[vs], "ahead", (json_int_t)0, "behind", (json_int_t)vs_ahead[p]), &jn);
		else
			printf("  head to head with %s: %s finished ahead 0 times, behind %ld times\n",
			    names[vs], names[p], vs_ahead[p]);
	}
	free(nem_of);
	free(nem_cnt);
	free(vic_of);
	free(vic_cnt);
	free(vs_ahead);
	/* breakdowns */
	if (js) {
		if (vs >= 0)
			json_stream_close(stdout, jn);
		printf(",\"by_players\":");
		jn = 0;
	} else if (book.ncount)
		printf("\nby player count:\n");
	for (long i = 0; i < book.ncount; i++) {
		const struct stat_count *b = &book.count[i];
		if ((only >= 0 && b->player != only) || b->games <= 0)
			continue;
		if (js) {
			json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:I}", "player", name_of(names, nnames, b->player),
			    "game", statbook_kind_title(b->kind), "players", (json_int_t)b->key, "games", (json_int_t)b->games,
			    "wins", (json_int_t)b->wins);
			json_stream_item(stdout, o, &jn);
		} else {
			char *pp = cmd_padded(name_of(names, nnames, b->player), 14);
			printf("  %s %-18s %2ld players: %ld game%s, %ld win%s\n", pp, statbook_kind_title(b->kind), b->key,
			    b->games, plural_s(b->games), b->wins, plural_s(b->wins));
			free(pp);
		}
	}
	if (js) {
		json_stream_close(stdout, jn);
		printf(",\"by_night\":");
		jn = 0;
	} else if (book.nnight && per_night)
		printf("\nby night:\n");
	for (long i = 0; per_night && i < book.nnight; i++) {
		const struct stat_count *b = &book.night[i];
		if (only >= 0 && b->player != only)
			continue;
		if (js) {
			json_t *o = json_pack("{s:s, s:I, s:I, s:I}", "player", name_of(names, nnames, b->player),
			    "night", (json_int_t)b->key, "games", (json_int_t)b->games, "wins", (json_int_t)b->wins);
			json_stream_item(stdout, o, &jn);
		} else {
			char *pp = cmd_padded(name_of(names, nnames, b->player), 14);
			printf("  %s night #%ld: %ld game%s, %ld win%s\n", pp, b->key, b->games,
			    plural_s(b->games), b->wins, plural_s(b->wins));
			free(pp);
		}
	}
	if (js) {
		json_stream_close(stdout, jn);
		printf("}\n");
	} else if (shown == 0)
		printf("no games match\n");
done:
	goto out;
rollback:
	store_rollback(s);
out:
	if (rc != ST_OK)
		cmd_error(&d);
	diag_clear(&d);
	query_free(&q);
	free(terms);
	if (names)
		report_names_free(names, nnames);
	statbook_free(&book);
	rating_book_free(&ratings);
	free(sort_rank);
	sort_rank = NULL;
	return rc;
}

const struct cmd_entry cmd_stats_entry = {
	.name = "stats",
	.usage = "[QUERY] [--csv]",
	.summary = "per player and game: wins, averages, streaks, places, eliminations, chips; nemesis",
	.help = "  QUERY terms as for history, and vs:NAME for head to head.",
	.exec = cmd_stats_exec,
};
