/* SPDX-License-Identifier: ISC */
/*
 * test_chase.c: Chase the Ace (RULES.md section 7): CA1 to CA3 as exact
 * lives and pot, eliminations, the final-tie rules and each ERROR of 7.3.
 */
#include "helpers.h"

/* "lives... pot" as "3 3 2 3 3 3 p=1"; a player who has won dimes from the
 * pot shows them after the lives, "1+2" */
static void
expect(const struct game_state *st, const char *want)
{
	struct strbuf sb = {0};
	for (int i = 0; i < st->nplayers; i++) {
		sb_printf(&sb, "%d", st->p[i].lives);
		if (st->p[i].pile)
			sb_printf(&sb, "+%ld", st->p[i].pile);
		sb_addc(&sb, ' ');
	}
	sb_printf(&sb, "p=%ld", st->pot);
	if (strcmp(sb.s, want) != 0)
		fail_msg("lives %s, want %s", sb.s, want);
	sb_release(&sb);
}

static void
test_ca1(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 6, "", 0);
	accept_entry(st, "A=A B=A C=3 D=5 E=5 F=K");
	expect(st, "3 3 2 3 3 3 p=1");
	assert_int_equal(st->dealer, 1);
	state_free(st);
}

static void
test_ca2(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 4, "", 0);
	accept_entry(st, "A=4 B=4 C=9 D=9");
	expect(st, "3 3 3 3 p=0");
	assert_int_equal(st->nhands, 1);
	assert_string_equal(st->hands[0].note, "every card matched: a void round, nobody loses");
	state_free(st);

	/* the last two, one life each, both hold 7s: void, deal again */
	st = new_game("chase-ace", 2, "lives=1", 0);
	accept_entry(st, "A=7 B=7");
	expect(st, "1 1 p=0");
	assert_false(st->over);
	accept_entry(st, "A=7 B=8");
	expect(st, "0 1+1 p=0"); /* B keeps 1 life and takes the pot of 1 */
	assert_true(st->over);
	assert_true(st->p[1].winner);
	state_free(st);
}

static void
test_ca3(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 4, "", 0);
	accept_entry(st, "A=A B=A C=A D=2");
	expect(st, "3 3 3 2 p=1");
	state_free(st);

	st = new_game("chase-ace", 3, "cancel=none", 0);
	accept_entry(st, "A=A B=A C=3");
	expect(st, "2 2 3 p=2");
	state_free(st);

	/* cancel=none, the last two on one life both hold 7: replay */
	st = new_game("chase-ace", 3, "cancel=none lives=1", 0);
	accept_entry(st, "A=2 B=9 C=9");
	assert_true(st->p[0].out);
	accept_entry(st, "B=7 C=7");
	expect(st, "0 1 1 p=1");
	assert_false(st->over);
	assert_non_null(strstr(st->hands[1].note, "deal again"));
	accept_entry(st, "B=7 C=8");
	assert_true(st->over);
	assert_true(st->p[2].winner);
	expect(st, "0 0 1+2 p=0");
	state_free(st);
}

static void
test_final_tie_rules(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 3, "cancel=none lives=1 final_tie_rule=split_pot", 0);
	accept_entry(st, "A=2 B=9 C=9");
	accept_entry(st, "B=7 C=7");
	assert_true(st->over);
	assert_true(st->p[1].winner && st->p[2].winner);
	expect(st, "0 0+1 0+1 p=1"); /* pot 3 split: 1 each, the odd dime stays */
	state_free(st);

	st = new_game("chase-ace", 3, "cancel=none lives=1 final_tie_rule=cut_for_pot", 0);
	accept_entry(st, "A=2 B=9 C=9");
	refuse_entry(st, "B=7 C=7", ST_RULE, "--cut");
	refuse_entry(st, "B=7 C=8 --cut B", ST_RULE, "only for");
	accept_entry(st, "B=7 C=7 --cut C");
	assert_true(st->over);
	assert_true(st->p[2].winner);
	expect(st, "0 0 0+3 p=0");
	state_free(st);

	st = new_game("chase-ace", 2, "cancel=none lives=1 final_tie_rule=carry_forward_add_stakes", 0);
	accept_entry(st, "A=7 B=7");
	assert_true(st->over);
	assert_false(st->p[0].winner || st->p[1].winner);
	expect(st, "0 0 p=2");
	assert_non_null(strstr(st->hands[0].note, "carry_pot=2"));
	state_free(st);

	/* the next game starts with the carried pot */
	st = new_game("chase-ace", 2, "carry_pot=2", 0);
	expect(st, "3 3 p=2");
	accept_entry(st, "A=2 B=3");
	accept_entry(st, "A=2 B=3");
	accept_entry(st, "A=2 B=3");
	expect(st, "0 3+5 p=0"); /* 3 lives; the pot: A's 3 + the 2 carried in */
	state_free(st);
}

static void
test_eliminations(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 4, "lives=2", 0);
	accept_entry(st, "A=2 B=9 C=K D=Q");
	accept_entry(st, "A=2 B=9 C=K D=Q");   /* A out */
	assert_true(st->p[0].out);
	refuse_entry(st, "A=3 B=9 C=K D=Q", ST_RULE, "out of this game");
	accept_entry(st, "B=2 C=K D=Q");
	accept_entry(st, "B=2 C=K D=Q --loser B"); /* B out */
	accept_entry(st, "C=2 D=Q");
	accept_entry(st, "C=2 D=Q");           /* C out: D wins the pot of 6 */
	assert_true(st->over);
	assert_true(st->p[3].winner);
	expect(st, "0 0 0 2+6 p=0");
	assert_int_equal(st->p[0].out_order, 1);
	assert_int_equal(st->p[2].out_order, 3);
	assert_int_equal(st->p[3].rank, 1);
	assert_int_equal(st->p[2].rank, 2);
	assert_int_equal(st->p[0].rank, 4);
	state_free(st);
}

static void
test_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 6, "", 0);
	refuse_entry(st, "A=A B=A C=A D=A E=A F=K", ST_RULE, "A makes 5");
	refuse_entry(st, "A=A B=A C=3 D=5 E=5 F=K --loser D", ST_RULE, "the cards say the 3 loses");
	refuse_entry(st, "A=4 B=4 C=9 D=9 E=K F=K --loser A", ST_RULE, "nobody loses");
	refuse_entry(st, "A=A B=A C=3 D=5 E=5", ST_RULE, "F: no card");
	refuse_entry(st, "A=\"A 2\" B=A C=3 D=5 E=5 F=K", ST_RULE, "one card");
	refuse_entry(st, "A=Jk B=A C=3 D=5 E=5 F=K", ST_RULE, "jokers");
	accept_entry(st, "A=A B=A C=3 D=5 E=5 F=K --loser C");
	state_free(st);

	/* cancel=none: all the holders of the lowest lose, and a claim names them all */
	st = new_game("chase-ace", 3, "cancel=none", 0);
	refuse_entry(st, "A=A B=A C=3 --loser A", ST_RULE, "2 losers, 1 named");
	accept_entry(st, "A=A B=A C=3 --loser A --loser B");
	state_free(st);

	/* two packs allow 8 of a rank */
	st = new_game("chase-ace", 6, "packs=2", 0);
	accept_entry(st, "A=A B=A C=A D=A E=A F=K");
	state_free(st);

	/* 52 players need two packs */
	struct optset os = {0};
	struct diag d = {0};
	char *none[] = { NULL };
	assert_int_equal(options_build(rules_find("chase-ace"), 52, none, 0, &os, &d), ST_USAGE);
	diag_clear(&d);
}

/* The winner's lives and the pot they take are kept apart.  D ends
 * with 2 lives and the pot of 6 won, not "lives 8"; the last round shows no
 * lives gained; a split pot goes equally to the joint winners and the odd
 * dime stays in the pot for the next game (RULES 0, 7.5). */
static void
test_lives_and_pot_apart(void **u)
{
	(void)u;
	struct game_state *st = new_game("chase-ace", 4, "lives=2", 0);
	const char *rounds[] = { "A=2 B=9 C=K D=Q", "A=2 B=9 C=K D=Q", "B=2 C=K D=Q", "B=2 C=K D=Q",
		"C=2 D=Q", "C=2 D=Q" };
	for (size_t r = 0; r < ARRAY_LEN(rounds); r++)
		accept_entry(st, rounds[r]);
	assert_true(st->over);
	assert_true(st->p[3].winner);
	assert_int_equal(st->p[3].lives, 2);
	assert_int_equal(st->p[3].pile, 6);     /* the pot won, beside the lives */
	assert_int_equal(st->pot, 0);
	assert_int_equal(st->hands[5].held[3], 2); /* the last round: still 2 lives */
	assert_int_equal(st->p[3].rank, 1);
	state_free(st);

	/* split_pot: 7 dimes for 2 joint winners, 3 each, the odd one stays */
	st = new_game("chase-ace", 4, "cancel=none lives=1 final_tie_rule=split_pot carry_pot=3", 0);
	accept_entry(st, "A=2 B=9 C=9 D=9");
	accept_entry(st, "B=3 C=9 D=9");
	accept_entry(st, "C=7 D=7");
	assert_true(st->over);
	assert_true(st->p[2].winner && st->p[3].winner);
	expect(st, "0 0 0+3 0+3 p=1");
	assert_non_null(strstr(st->hands[2].note, "3 each"));
	assert_non_null(strstr(st->hands[2].note, "carry_pot=1"));
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ca1),
		cmocka_unit_test(test_ca2),
		cmocka_unit_test(test_ca3),
		cmocka_unit_test(test_final_tie_rules),
		cmocka_unit_test(test_eliminations),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_lives_and_pot_apart),
	};
	return cmocka_run_group_tests_name("chase-ace", tests, NULL, NULL);
}
