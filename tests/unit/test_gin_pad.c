/* SPDX-License-Identifier: ISC */
/*
 * test_gin_pad.c: what Gin's and Spite and Malice's score pads show, read
 * from the columns of replayed states: each Hollywood game's running score per hand, its end
 * (game bonus, boxes, shutout, final; RULES 6.2, 6.4), and the gin,
 * undercut and wash marks (RULES 6.2, 6.3).
 */
#include "helpers.h"

#define NONE COLUMN_NONE

/* Hand column key of seat in hand h (0-based). */
static long
hcol(const struct game_state *st, int h, const char *key, int seat)
{
	int c = rules_hand_column(st->rules, key);
	assert_true(c >= 0);
	return state_hand_get(st, &st->hands[h], c, seat);
}

/* Every hand's Hollywood cells: want[h][game][seat] for nh hands. */
static void
check_games(const struct game_state *st, long (*want)[3][2], int nh)
{
	const char *keys[3] = { "game_1", "game_2", "game_3" };
	for (int h = 0; h < nh; h++)
		for (int c = 0; c < 3; c++)
			for (int p = 0; p < 2; p++)
				if (hcol(st, h, keys[c], p) != want[h][c][p])
					fail_msg("hand %d %s seat %d: %ld, want %ld", h + 1, keys[c], p,
					    hcol(st, h, keys[c], p), want[h][c][p]);
}

/* A replay of the stored entries of st: what every printer reads. */
static struct game_state *
replayed(const struct game_state *st)
{
	struct diag d = {0};
	struct game_record rec = { st->rules, NULL, st->nplayers, &st->opts, st->first_dealer, st->entries,
	    st->nentries, st->closed, NULL, NULL, NULL, 0 };
	char *names[4];
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	rec.names = names;
	struct game_state *r = rules_replay(&rec, REPLAY_ALL, &d);
	if (r == NULL)
		fail_msg("replay: %s", d.message);
	return r;
}

/* Worked by hand from RULES 6.2/6.4 (game 100, box 25 a hand won in the
 * game, the game bonus doubled on a shutout; a player's 1st win in game 1,
 * the 2nd in games 1-2, later ones in every game still open):
 *   hand 1 A knocks 2 v 40: A 38 in game 1
 *   hand 2 B knocks 5 v 20: B 15 in game 1
 *   hand 3 A gin v 50: 75 in games 1, 2; game 1 closes A 113 B 15
 *   hand 4 A gin: 75 in games 2, 3; game 2 closes A 150, B 0 (shutout)
 *   hand 5 A gin: 75 in game 3; game 3 closes A 150 (shutout)  */
static void
test_hollywood_columns(void **u)
{
	(void)u;
	struct game_state *g = new_game("gin", 2, "hollywood=true", 0);
	accept_entry(g, "--knock A A=2 B=40");
	accept_entry(g, "--knock B A=20 B=5");
	accept_entry(g, "--gin A B=50");
	accept_entry(g, "--gin A B=50");
	accept_entry(g, "--gin A B=50");
	struct game_state *st = replayed(g);
	long want[5][3][2] = {
		{ { 38, NONE }, { NONE, NONE }, { NONE, NONE } },
		{ { 38, 15 }, { NONE, NONE }, { NONE, NONE } },
		{ { 113, 15 }, { 75, NONE }, { NONE, NONE } },
		{ { NONE, NONE }, { 150, NONE }, { 75, NONE } },
		{ { NONE, NONE }, { NONE, NONE }, { 150, NONE } },
	};
	check_games(st, want, 5);
	/* game 1: A 113 + 100 + 2 boxes; B 15 + 1 box (B scored: no shutout) */
	assert_int_equal(column_of(st, "hollywood_1", 0), 113);
	assert_int_equal(column_of(st, "game_bonus_1", 0), 100);
	assert_int_equal(column_of(st, "box_bonus_1", 0), 50);
	assert_int_equal(column_of(st, "shutout_1", 0), 0);
	assert_int_equal(column_of(st, "hollywood_final_1", 0), 263);
	assert_int_equal(column_of(st, "game_bonus_1", 1), 0);
	assert_int_equal(column_of(st, "box_bonus_1", 1), 25);
	assert_int_equal(column_of(st, "hollywood_final_1", 1), 40);
	/* games 2 and 3: shutouts, 150 + 100 + 100 doubling + 2 boxes */
	for (int c = 2; c <= 3; c++) {
		char k[32];
		snprintf(k, sizeof k, "shutout_%d", c);
		assert_int_equal(column_of(st, k, 0), 100);
		snprintf(k, sizeof k, "hollywood_final_%d", c);
		assert_int_equal(column_of(st, k, 0), 400);
		assert_int_equal(column_of(st, k, 1), 0);
	}
	assert_int_equal(column_of(st, "final", 0), 263 + 400 + 400);
	assert_int_equal(column_of(st, "final", 1), 40);
	state_free(st);
	state_free(g);
}

/* While a Hollywood game is open its end is empty; a refused hand leaves
 * the columns as they were (the priv is put back, no replay). */
static void
test_hollywood_open_and_refused(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "hollywood=true", 0);
	accept_entry(st, "--knock A A=2 B=40");
	assert_int_equal(column_of(st, "hollywood_1", 0), 38);
	assert_int_equal(column_of(st, "game_bonus_1", 0), NONE);
	assert_int_equal(column_of(st, "hollywood_final_1", 0), NONE);
	assert_int_equal(column_of(st, "final", 0), NONE);
	refuse_entry(st, "--gin A A=3 B=90", ST_RULE, NULL);
	refuse_entry(st, "--knock A A=2 B=99", ST_RULE, NULL);
	assert_int_equal(column_of(st, "hollywood_1", 0), 38);
	accept_entry(st, "--knock A A=2 B=40");
	assert_int_equal(column_of(st, "hollywood_1", 0), 76);
	assert_int_equal(column_of(st, "hollywood_2", 0), 38);
	assert_int_equal(hcol(st, 1, "game_2", 0), 38);
	state_free(st);
	/* plain Gin has no Hollywood columns */
	st = new_game("gin", 2, "", 0);
	assert_null(state_column(st, "hollywood_1"));
	assert_non_null(state_column(st, "final"));
	state_free(st);
}

/* The marks (RULES 6.2, 6.3): a knock with cards and no deadwood is gin;
 * an undercut marks the defender; a wash marks everyone. */
static void
test_marks(void **u)
{
	(void)u;
	struct game_state *g = new_game("gin", 2, "target=500", 0);
	accept_entry(g, "--knock A A=\"7C 8C 9C AS 2S 3S 5H 6H 7H 8H\" B=\"10C JC 4S 5S KH KD QH 2H 6D 8S\"");
	accept_entry(g, "--knock A A=8 B=5");
	accept_entry(g, "--wash");
	accept_entry(g, "--knock B A=30 B=4");
	struct game_state *st = replayed(g);
	assert_int_equal(hcol(st, 0, "gin", 0), 1);
	assert_int_equal(hcol(st, 0, "gin", 1), 0);
	assert_int_equal(hcol(st, 0, "undercut", 0), 0);
	assert_non_null(strstr(st->hands[0].detail[0], "gin"));
	assert_int_equal(hcol(st, 1, "undercut", 1), 1);
	assert_int_equal(hcol(st, 1, "undercut", 0), 0);
	assert_int_equal(hcol(st, 1, "gin", 1), 0);
	assert_string_equal(st->hands[1].detail[1], "undercut");
	assert_int_equal(hcol(st, 2, "wash", 0), 1);
	assert_int_equal(hcol(st, 2, "wash", 1), 1);
	assert_string_equal(st->hands[2].detail[0], "wash");
	for (int p = 0; p < 2; p++) {
		assert_int_equal(hcol(st, 3, "gin", p), 0);
		assert_int_equal(hcol(st, 3, "undercut", p), 0);
		assert_int_equal(hcol(st, 3, "wash", p), 0);
	}
	assert_null(st->hands[3].detail[1]);
	state_free(st);
	state_free(g);
}

/* Spite and Malice's Hollywood (RULES 3.5) per game: A wins, B wins, A
 * wins twice (no target: games never close). */
static void
test_spite_hollywood_columns(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "scoring=hollywood match_target=20", 0);
	accept_entry(st, "--out A B=9");    /* game 1: A 9 */
	accept_entry(st, "--out B A=14");   /* game 1: B 14 */
	accept_entry(st, "--out A B=12");   /* games 1, 2: A 21 closes game 1; A 12 */
	accept_entry(st, "--out A B=5");    /* games 2, 3: A 17, A 5 */
	long want[4][3][2] = {
		{ { 9, NONE }, { NONE, NONE }, { NONE, NONE } },
		{ { 9, 14 }, { NONE, NONE }, { NONE, NONE } },
		{ { 21, 14 }, { 12, NONE }, { NONE, NONE } },
		{ { NONE, NONE }, { 17, NONE }, { 5, NONE } },
	};
	check_games(st, want, 4);
	assert_int_equal(column_of(st, "hollywood_1", 0), 21);
	assert_int_equal(column_of(st, "hollywood_1", 1), 14);
	assert_int_equal(column_of(st, "hollywood_3", 0), 5);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hollywood_columns),
		cmocka_unit_test(test_hollywood_open_and_refused),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_spite_hollywood_columns),
	};
	return cmocka_run_group_tests_name("gin pad", tests, NULL, NULL);
}
