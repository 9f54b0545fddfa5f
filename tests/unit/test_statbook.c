/* SPDX-License-Identifier: ISC */
/*
 * test_statbook.c: statistics as sums over games (core/statbook.h): a fold
 * worked out by hand, taking a game away undoes adding it, the streak and
 * best/worst need time order, and statbook_compare finds a difference.
 */
#include "helpers.h"

#include "../../core/statbook.h"

/* A game of kind with n seats: players 1..n, the scores given, rank by
 * score (lower better at Golf), winner the rank-1 seats. */
static struct stat_game
game(long id, const char *kind, int over, int n, const long *score)
{
	struct stat_game g;
	memset(&g, 0, sizeof g);
	g.id = id;
	g.kind = statbook_kind(kind);
	g.over = over;
	g.night = 1;
	g.n = n;
	int hb = statbook_higher_better(g.kind);
	for (int i = 0; i < n; i++) {
		int rank = 1;
		for (int j = 0; j < n; j++)
			if (hb ? score[j] > score[i] : score[j] < score[i])
				rank++;
		g.seat[i].player = i + 1;
		g.seat[i].score = score[i];
		g.seat[i].rank = over ? rank : 0;
		g.seat[i].winner = over && rank == 1;
		g.seat[i].out_by = -1;
		g.seat[i].side = -1;
	}
	return g;
}

static void
test_fold_by_hand(void **u)
{
	(void)u;
	struct statbook b;
	statbook_init(&b, 0);
	/* Golf, lowest wins.  Player 1: 5 (win), 12 (win), 30 (third: lost) */
	const long g1[] = { 5, 10, 25 }, g2[] = { 12, 20, 40 }, g3[] = { 30, 4, 35 };
	struct stat_game a = game(1, "golf", 1, 3, g1), c = game(2, "golf", 1, 3, g2), e = game(3, "golf", 1, 3, g3);
	statbook_add(&b, &a, 1, 1);
	statbook_add(&b, &c, 1, 1);
	statbook_add(&b, &e, 1, 1);
	struct stat_line *l = statbook_line(&b, 1, statbook_kind("golf"));
	assert_int_equal(l->games, 3);
	assert_int_equal(l->finished, 3);
	assert_int_equal(l->wins, 2);
	assert_int_equal(l->sum_score, 47);
	assert_int_equal(l->sum_rank, 1 + 1 + 2);
	assert_int_equal(l->best, 5);
	assert_int_equal(l->worst, 30);
	assert_int_equal(l->streak, 0);
	assert_int_equal(l->longest, 2);
	assert_int_equal(l->last_game, 3);
	l = statbook_line(&b, 2, statbook_kind("golf"));
	assert_int_equal(l->streak, 1);
	assert_int_equal(l->best, 4);
	assert_int_equal(l->worst, 20);
	/* player 1 finished ahead of player 3 three times, of player 2 twice */
	assert_int_equal(statbook_pair(&b, 1, 3)->times, 3);
	assert_int_equal(statbook_pair(&b, 1, 2)->times, 2);
	assert_int_equal(statbook_pair(&b, 2, 1)->times, 1);
	assert_int_equal(statbook_count(&b, 1, statbook_kind("golf"), 3)->games, 3);
	assert_int_equal(statbook_count(&b, 1, statbook_kind("golf"), 3)->wins, 2);
	statbook_release(&b);
}

static void
test_take_away(void **u)
{
	(void)u;
	struct statbook b;
	statbook_init(&b, 1);
	const long s1[] = { 7, 3 }, s2[] = { 9, 1 };
	struct stat_game open = game(4, "account", 0, 2, s1), over = game(4, "account", 1, 2, s2);
	over.seat[0].out = 1;
	over.seat[0].out_by = 1;
	/* a hand that finishes the game: the open game out, the finished one in */
	statbook_add(&b, &open, 1, 0);
	statbook_add(&b, &open, -1, 0);
	statbook_add(&b, &over, 1, 0);
	int k = statbook_kind("account");
	struct stat_line *p1 = statbook_line(&b, 1, k), *p2 = statbook_line(&b, 2, k);
	assert_int_equal(p1->games, 1);
	assert_int_equal(p1->finished, 1);
	assert_int_equal(p1->wins, 1);            /* Account: the highest total wins */
	assert_int_equal(p1->sum_score, 9);
	assert_int_equal(p1->eliminated, 1);
	assert_int_equal(p2->eliminations, 1);
	assert_int_equal(statbook_night(&b, 1, 1)->wins, 1);
	/* and the undo of that hand takes it all back */
	statbook_add(&b, &over, -1, 0);
	statbook_add(&b, &open, 1, 0);
	assert_int_equal(p1->finished, 0);
	assert_int_equal(p1->wins, 0);
	assert_int_equal(p1->eliminated, 0);
	assert_int_equal(statbook_line(&b, 2, k)->eliminations, 0);
	assert_int_equal(statbook_pair(&b, 1, 2)->times, 0);
	/* open again, it is no game played by player count or by night */
	assert_int_equal(statbook_night(&b, 1, 1)->games, 0);
	assert_int_equal(statbook_count(&b, 1, k, 2)->games, 0);
	assert_int_equal(p1->games, 1);
	statbook_release(&b);
}

static void
test_order_matters(void **u)
{
	(void)u;
	/* win, loss, win in time order: streak 1, longest 1; folded as win,
	 * win, loss it would be 0 and 2: the writer must refold */
	struct stat_line l = {0};
	stat_fold(&l, 10, 1, 1);
	stat_fold(&l, 3, 0, 1);
	stat_fold(&l, 12, 1, 1);
	assert_int_equal(l.streak, 1);
	assert_int_equal(l.longest, 1);
	assert_int_equal(l.best, 12);
	assert_int_equal(l.worst, 3);
	struct stat_line m = {0};
	stat_fold(&m, 10, 1, 1);
	stat_fold(&m, 12, 1, 1);
	stat_fold(&m, 3, 0, 1);
	assert_int_equal(m.streak, 0);
	assert_int_equal(m.longest, 2);
}

static int differences;
static void
count_difference(const char *what, long player, long other, int kind, void *ctx)
{
	(void)what, (void)player, (void)other, (void)kind, (void)ctx;
	differences++;
}

static void
test_compare(void **u)
{
	(void)u;
	struct statbook a, b;
	const long s[] = { 4, 8, 6 };
	struct stat_game g = game(9, "golf", 1, 3, s);
	statbook_init(&a, 0);
	statbook_init(&b, 0);
	statbook_add(&a, &g, 1, 1);
	statbook_add(&b, &g, 1, 1);
	differences = 0;
	assert_int_equal(statbook_compare(&a, &b, 1, count_difference, NULL), 0);
	assert_int_equal(differences, 0);
	statbook_line(&b, 3, g.kind)->wins++;
	assert_true(statbook_compare(&a, &b, 1, count_difference, NULL) > 0);
	assert_true(differences > 0);
	statbook_line(&b, 3, g.kind)->wins--;
	statbook_pair(&b, 3, 1)->times = 1;   /* a pair that never happened */
	assert_true(statbook_compare(&a, &b, 1, count_difference, NULL) > 0);
	statbook_release(&a);
	statbook_release(&b);
}

static void
test_many_entries(void **u)
{
	(void)u;
	/* the maps grow past their first size and keep every key apart */
	struct statbook b;
	statbook_init(&b, 0);
	for (long a = 1; a <= 300; a++)
		for (long c = 1; c <= 300; c += 7)
			statbook_pair(&b, a, c)->times += a * 1000 + c;
	assert_int_equal(b.npair, 300 * 43);
	for (long a = 1; a <= 300; a += 13)
		for (long c = 1; c <= 300; c += 7)
			assert_int_equal(statbook_pair(&b, a, c)->times, a * 1000 + c);
	assert_int_equal(b.npair, 300 * 43);
	statbook_release(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold_by_hand),
		cmocka_unit_test(test_take_away),
		cmocka_unit_test(test_order_matters),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_many_entries),
	};
	return cmocka_run_group_tests_name("statbook", tests, NULL, NULL);
}
