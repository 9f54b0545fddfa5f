/* SPDX-License-Identifier: ISC */
/*
 * test_spite.c: Spite and Malice (RULES.md section 3): SM1 to SM3, the win
 * bonus, abandoned games, the match target, the hard score.
 */
#include "helpers.h"

static void
test_sm1(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "", 0);
	accept_entry(st, "--out A B=9");
	assert_int_equal(st->p[0].total, 9);
	assert_int_equal(st->p[1].total, 0);
	state_free(st);
	st = new_game("spite-malice", 2, "", 0);
	accept_entry(st, "--out B A=26 B=0");
	assert_int_equal(st->p[1].total, 26);
	state_free(st);
}

static void
test_sm2(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "", 0);
	refuse_entry(st, "--out B A=0", ST_RULE, "A played out and is the winner");
	refuse_entry(st, "--out A B=27", ST_RULE, "1 to 26");
	refuse_entry(st, "--out A B=-2", ST_RULE, "1 to 26");
	refuse_entry(st, "--out A A=3 B=4", ST_RULE, "0 cards left");
	refuse_entry(st, "A=3 B=4", ST_RULE, "--out");
	refuse_entry(st, "--out A --out B B=4", ST_RULE, "--out");
	refuse_entry(st, "--out A", ST_RULE, "B=N");
	refuse_entry(st, "--abandoned --out A B=3", ST_RULE, "no winner");
	accept_entry(st, "--abandoned");
	assert_int_equal(st->p[0].total + st->p[1].total, 0);
	assert_int_equal(st->nhands, 1);
	state_free(st);
}

static void
test_sm3_hollywood(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "scoring=hollywood", 0);
	accept_entry(st, "--out A B=9");
	accept_entry(st, "--out B A=14");
	accept_entry(st, "--out A B=5");
	accept_entry(st, "--out A B=12");
	/* game 1: A 26, B 14; game 2: A 17; game 3: A 12 */
	long want[3][2] = { { 26, 14 }, { 17, 0 }, { 12, 0 } };
	const char *keys[3] = { "hollywood_1", "hollywood_2", "hollywood_3" };
	for (int c = 0; c < 3; c++)
		for (int p = 0; p < 2; p++)
			assert_int_equal(column_of(st, keys[c], p), want[c][p]);
	state_free(st);

	/* with a target each game closes, and later wins go to open games */
	st = new_game("spite-malice", 2, "scoring=hollywood match_target=20", 0);
	accept_entry(st, "--out A B=20");   /* game 1 closes: A */
	accept_entry(st, "--out A B=10");   /* 2nd win: game 1 closed, game 2 A 10 */
	assert_int_equal(column_of(st, "hollywood_1", 0), 20);
	assert_int_equal(column_of(st, "hollywood_2", 0), 10);
	accept_entry(st, "--out A B=10");   /* game 2 closes (20), game 3 A 10 */
	assert_false(st->over);
	accept_entry(st, "--out A B=10");   /* game 3 closes */
	assert_true(st->over);
	assert_true(st->p[0].winner);
	assert_false(st->p[1].winner);
	state_free(st);
}

static void
test_bonus_target_money(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "win_bonus=5 match_target=50 money_per_point=0.10", 0);
	accept_entry(st, "--out A B=20");
	assert_int_equal(st->p[0].total, 25);
	accept_entry(st, "--out B A=26");
	assert_int_equal(st->p[1].total, 31);
	assert_false(st->over);
	accept_entry(st, "--out B A=20");
	assert_true(st->over);
	assert_true(st->p[1].winner);
	refuse_entry(st, "--out A B=3", ST_RULE, "over");
	state_free(st);
	struct optset os = {0};
	struct diag d = {0};
	char *bad[] = { "money_per_point=ten" };
	assert_int_equal(options_build(rules_find("spite-malice"), 2, bad, 1, &os, &d), ST_USAGE);
	diag_clear(&d);
}

/* Checked against the seed: "The player who plays all of his or
 * her stockpile first wins."  By default one game to a stockpile played out
 * is the whole game (RULES 3.5, match_target none); a match stays an option,
 * and Hollywood's three games close at 50 unless told otherwise. */
static void
test_single_game_default(void **u)
{
	(void)u;
	struct game_state *st = new_game("spite-malice", 2, "", 0);
	accept_entry(st, "--out A B=9");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	assert_false(st->p[1].winner);
	assert_int_equal(st->p[0].rank, 1);
	refuse_entry(st, "--out B A=3", ST_RULE, "over");
	state_free(st);
	/* a stalemate ends the single game with no score and no winner */
	st = new_game("spite-malice", 2, "", 0);
	accept_entry(st, "--abandoned");
	assert_true(st->over);
	assert_false(st->p[0].winner || st->p[1].winner);
	state_free(st);
	/* a match to a target plays on */
	st = new_game("spite-malice", 2, "match_target=20", 0);
	accept_entry(st, "--out A B=9");
	accept_entry(st, "--abandoned");
	assert_false(st->over);
	accept_entry(st, "--out A B=11");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	state_free(st);
	/* Hollywood: the three games close at 50 by default */
	st = new_game("spite-malice", 2, "scoring=hollywood", 0);
	accept_entry(st, "--out A B=26");
	accept_entry(st, "--out A B=26");   /* game 1: 52, closed; game 2: 26 */
	accept_entry(st, "--out A B=26");   /* game 2: 52, closed; game 3: 26 */
	assert_false(st->over);
	accept_entry(st, "--out A B=26");   /* game 3: 52, closed */
	assert_true(st->over);
	assert_true(st->p[0].winner);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sm1),
		cmocka_unit_test(test_sm2),
		cmocka_unit_test(test_sm3_hollywood),
		cmocka_unit_test(test_bonus_target_money),
		cmocka_unit_test(test_single_game_default),
	};
	return cmocka_run_group_tests_name("spite-malice", tests, NULL, NULL);
}
