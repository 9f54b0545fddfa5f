/* SPDX-License-Identifier: ISC */
/*
 * test_trash.c: Trash (RULES.md section 5): the contract order, the pack
 * table, T2 and T3, and whole 12-hand games for 4 and 7 players whose
 * totals meet the game-total invariant of 5.2.
 */
#include "helpers.h"

static void
test_contract_order(void **u)
{
	(void)u;
	struct game_state *st = new_game("trash", 4, "", 0);
	char next[160];
	const char *want[] = { "tricks", "hearts", "kings", "queens", "last", "domino",
		"domino", "last", "queens", "kings", "hearts", "tricks" };
	const char *entries[] = { "A=4 B=3 C=5 D=1", "A=13", "A=1 B=1 C=1 D=1", "A=4",
		"--last B", "--first A --second D", "--first C --second B", "--last A",
		"B=4", "C=2 D=2", "A=3 B=3 C=3 D=4", "A=13" };
	for (int h = 0; h < 12; h++) {
		rules_describe_next(st, next, sizeof next);
		if (strstr(next, want[h]) == NULL)
			fail_msg("hand %d: next is '%s', want %s", h + 1, next, want[h]);
		accept_entry(st, entries[h]);
	}
	assert_true(st->over);
	/* A: 20+65+20+80+0-25+0+20+0+0+15+65 = 260 ... worked per hand */
	long total = 0;
	for (int i = 0; i < 4; i++)
		total += st->p[i].total;
	assert_int_equal(total, 540); /* 2 x (65 + 65 + 80 + 80 + 20 - 40) */
	assert_int_equal(st->p[0].total, 20 + 65 + 20 + 80 + 0 - 25 + 0 + 20 + 0 + 0 + 15 + 65);
	assert_int_equal(st->p[3].total, 5 + 0 + 20 + 0 + 0 - 15 + 0 + 0 + 0 + 40 + 20 + 0);
	assert_true(st->p[3].winner);
	assert_false(st->p[0].winner);
	state_free(st);
}

static void
test_t2_six_players(void **u)
{
	(void)u;
	struct game_state *st = new_game("trash", 6, "", 0);
	/* tricks: 8 each hand among 6 (c = 8) */
	refuse_entry(st, "A=2 B=2 C=2 D=1 E=1 F=1", ST_RULE, "exactly 8");
	accept_entry(st, "A=2 B=2 C=1 D=1 E=1 F=1");
	/* hearts: 12, the 2♥ is out */
	refuse_entry(st, "A=3 B=2 C=2 D=2 E=2 F=2", ST_RULE, "2♥");
	accept_entry(st, "A=2 B=2 C=2 D=2 E=2 F=2");
	accept_entry(st, "A=4");
	accept_entry(st, "B=4");
	/* last trick: exactly one player */
	refuse_entry(st, "--last A --last B", ST_RULE, "only one player");
	refuse_entry(st, "A=1", ST_RULE, "--last");
	accept_entry(st, "--last C");
	state_free(st);
}

static void
test_t3_seven_players(void **u)
{
	(void)u;
	struct game_state *st = new_game("trash", 7, "", 0);
	accept_entry(st, "A=2 B=2 C=2 D=2 E=2 F=2 G=2"); /* 14 tricks */
	accept_entry(st, "A=4 B=4 C=4 D=4 E=4 F=3 G=3"); /* 26 hearts */
	refuse_entry(st, "A=1 B=1 C=1 D=1", ST_RULE, "exactly 8");
	accept_entry(st, "A=2 B=1 C=1 E=2 F=1 G=1");    /* 8 kings: A 40 */
	assert_int_equal(st->hands[2].points[0], 40);
	accept_entry(st, "A=8");
	accept_entry(st, "--last A");
	refuse_entry(st, "--first B --second B", ST_RULE, "both first and second");
	refuse_entry(st, "--first B", ST_RULE, "--second");
	accept_entry(st, "--first B --second C");
	for (int h = 7; h <= 12; h++) {
		const char *e[] = { "", "", "", "", "", "", "", "--first D --second E", "--last G",
			"G=8", "F=8", "A=26", "A=14" };
		accept_entry(st, e[h]);
	}
	assert_true(st->over);
	long total = 0;
	for (int i = 0; i < 7; i++)
		total += st->p[i].total;
	/* 2 x (5c + 5H + 160 packs + 20 - 40) with c 14, H 26, 2 packs */
	assert_int_equal(total, 2 * (70 + 130 + 320 + 20 - 40));
	state_free(st);
}

static void
test_pack_table(void **u)
{
	(void)u;
	int per[] = { 13, 10, 8, 14, 13, 11, 10 }, hearts[] = { 13, 13, 12, 26, 26, 26, 26 };
	for (int n = 4; n <= 10; n++) {
		struct game_state *st = new_game("trash", n, "", 0);
		struct strbuf e = {0};
		sb_printf(&e, "A=%d", per[n - 4]);
		accept_entry(st, e.s);
		sb_release(&e);
		sb_printf(&e, "A=%d", hearts[n - 4]);
		accept_entry(st, e.s);
		sb_release(&e);
		sb_printf(&e, "A=%d", hearts[n - 4] + 1);
		state_free(st);
		sb_release(&e);
	}
}

static void
test_second_half(void **u)
{
	(void)u;
	struct game_state *st = new_game("trash", 4, "second_half=same_order", 0);
	const char *e[] = { "A=13", "A=13", "A=4", "A=4", "--last A", "--first A --second B" };
	for (int h = 0; h < 6; h++)
		accept_entry(st, e[h]);
	char next[160];
	rules_describe_next(st, next, sizeof next);
	assert_non_null(strstr(next, "tricks"));
	state_free(st);

	st = new_game("trash", 4, "second_half=negated", 0);
	for (int h = 0; h < 6; h++)
		accept_entry(st, e[h]);
	accept_entry(st, "A=13");
	assert_int_equal(st->hands[6].points[0], -65);
	for (int h = 1; h < 5; h++)
		accept_entry(st, e[h]);
	accept_entry(st, "--first B --second A");
	assert_int_equal(st->hands[11].points[1], -25); /* going out first stays good */
	state_free(st);

	st = new_game("trash", 4, "points=king=25,first_out=-30", 0);
	accept_entry(st, "A=13");
	accept_entry(st, "A=13");
	accept_entry(st, "A=2 B=2");
	assert_int_equal(st->hands[2].points[0], 50);
	state_free(st);
}

static void
test_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("trash", 4, "", 0);
	refuse_entry(st, "A=14", ST_RULE, "only 13");
	refuse_entry(st, "A=-1 B=14", ST_USAGE, NULL);
	refuse_entry(st, "A=13 --last B", ST_RULE, "no roles");
	refuse_entry(st, "A=x", ST_USAGE, "not a count");
	state_free(st);
	struct optset os = {0};
	struct diag d = {0};
	char *none[] = { NULL };
	assert_int_equal(options_build(rules_find("trash"), 4, none, 0, &os, &d), ST_OK);
	options_release(&os);
	/* 3 or 11 players: no pack */
	assert_null(state_new(rules_find("trash"), test_names, 3, NULL, 0, &d));
	diag_clear(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contract_order),
		cmocka_unit_test(test_t2_six_players),
		cmocka_unit_test(test_t3_seven_players),
		cmocka_unit_test(test_pack_table),
		cmocka_unit_test(test_second_half),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests_name("trash", tests, NULL, NULL);
}
