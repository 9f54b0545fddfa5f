/* SPDX-License-Identifier: ISC */
/*
 * test_account.c: Account (RULES.md section 1): AC1 to AC3, the pack
 * checks, a session of several deals with running totals.
 */
#include "helpers.h"

static void
test_ac1(void **u)
{
	(void)u;
	struct game_state *st = new_game("account", 4, "", 0);
	accept_entry(st, "--out B A=5 C=2 D=7");
	assert_int_equal(st->hands[0].points[1], 14);
	assert_true(st->p[1].out);
	accept_entry(st, "--out D A=3 C=4");
	assert_int_equal(st->hands[1].points[3], 7);
	accept_entry(st, "--out A C=6");
	assert_int_equal(st->hands[2].points[0], 6);
	/* the deal is over: C scores 0 and everyone is back for deal 2 */
	assert_int_equal(st->p[0].total, 6);
	assert_int_equal(st->p[1].total, 14);
	assert_int_equal(st->p[2].total, 0);
	assert_int_equal(st->p[3].total, 7);
	for (int i = 0; i < 4; i++)
		assert_false(st->p[i].out);
	assert_int_equal(st->p[1].rank, 1); /* highest wins */
	char next[160];
	rules_describe_next(st, next, sizeof next);
	assert_non_null(strstr(next, "deal 2, retirement 1"));
	state_free(st);
}

static void
test_ac2(void **u)
{
	(void)u;
	struct game_state *st = new_game("account", 4, "", 0);
	refuse_entry(st, "--out B A=5 C=0 D=7", ST_RULE, "at least 1 card");
	refuse_entry(st, "--out B A=20 C=20 D=12", ST_RULE, "at most 51");
	refuse_entry(st, "--out B A=20 C=20 D=11 --trash 1", ST_RULE, "at most 50");
	refuse_entry(st, "--out B A=5 C=2", ST_RULE, "D is still in the deal");
	refuse_entry(st, "A=5 C=2 D=7", ST_RULE, "--out");
	refuse_entry(st, "--out B --out A C=2 D=7", ST_RULE, "--out");
	refuse_entry(st, "--out B B=1 A=5 C=2 D=7", ST_RULE, "retires with no cards");
	accept_entry(st, "--out B A=5 C=2 D=7");
	/* B already retired cannot announce */
	refuse_entry(st, "--out D A=3 B=4 C=4", ST_RULE, "out of this deal");
	refuse_entry(st, "--out B A=3 C=4", ST_RULE, "out of this deal");
	state_free(st);
}

static void
test_ac3(void **u)
{
	(void)u;
	struct game_state *st = new_game("account", 4, "", 0);
	accept_entry(st, "--out A B=1 C=1 D=1");
	assert_int_equal(accept_entry(st, "--out B C=2 D=3"), 1); /* 5 >= 3: WARN */
	assert_int_equal(st->p[1].total, 5);
	state_free(st);
	st = new_game("account", 4, "decreasing_check=error", 0);
	accept_entry(st, "--out A B=1 C=1 D=1");
	refuse_entry(st, "--out B C=2 D=3", ST_RULE, "decreasing_check=error");
	state_free(st);
	st = new_game("account", 4, "decreasing_check=off", 0);
	accept_entry(st, "--out A B=1 C=1 D=1");
	assert_int_equal(accept_entry(st, "--out B C=2 D=3"), 0);
	state_free(st);
}

static void
test_packs_and_session(void **u)
{
	(void)u;
	struct optset os = {0};
	struct diag d = {0};
	const struct game_rules *r = rules_find("account");
	char *seven[] = { "packs=2", "jokers=1" };
	assert_int_equal(options_build(r, 7, seven, 2, &os, &d), ST_OK); /* 105 = 7 x 15 */
	options_release(&os);
	assert_int_equal(options_build(r, 7, seven, 1, &os, &d), ST_USAGE); /* 104 */
	diag_clear(&d);
	char *pin[] = { "pack=pinochle48" };
	assert_int_equal(options_build(r, 4, pin, 1, &os, &d), ST_OK);
	options_release(&os);
	char *red[] = { "pack=reduced_ranks(9)" };
	assert_int_equal(options_build(r, 4, red, 1, &os, &d), ST_OK);
	options_release(&os);
	char *bad[] = { "pack=tarot78" };
	assert_int_equal(options_build(r, 4, bad, 1, &os, &d), ST_USAGE);
	diag_clear(&d);
	char *left[] = { "starting_trash=2" };
	assert_int_equal(options_build(r, 5, left, 1, &os, &d), ST_OK); /* 50 = 5 x 10 */
	options_release(&os);

	struct game_state *st = new_game("account", 3, "pack=reduced_ranks(9) session_deals=3", 0);
	/* 36 cards, 12 each */
	refuse_entry(st, "--out A B=20 C=16", ST_RULE, "at most 35");
	for (int deal = 0; deal < 3; deal++) {
		assert_false(st->over);
		accept_entry(st, "--out A B=10 C=9");
		accept_entry(st, "--out C B=4");
	}
	assert_true(st->over);
	assert_int_equal(st->p[0].total, 57);
	assert_int_equal(st->p[2].total, 12);
	assert_true(st->p[0].winner);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ac1),
		cmocka_unit_test(test_ac2),
		cmocka_unit_test(test_ac3),
		cmocka_unit_test(test_packs_and_session),
	};
	return cmocka_run_group_tests_name("account", tests, NULL, NULL);
}
