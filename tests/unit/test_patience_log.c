/* SPDX-License-Identifier: ISC */
/*
 * test_patience_log.c: the patience games' results log: per
 * deal and player, what the deal scored and whether it was won, as hand
 * columns of the replayed state (RULES 2.2, 2.3: AF1, AF3); empty for a
 * player who did not play that round.
 */
#include "helpers.h"

static long
hcol(const struct game_state *st, int h, const char *key, int seat)
{
	int c = rules_hand_column(st->rules, key);
	if (c < 0)
		fail_msg("no hand column %s", key);
	return state_hand_get(st, &st->hands[h], c, seat);
}

/* AF1: Accordion with 1 pile wins, 4 piles is a loss (a soft win). */
static void
test_accordion_log(void **u)
{
	(void)u;
	struct game_state *st = new_game("accordion", 3, "", 0);
	accept_entry(st, "A=1 B=4");
	accept_entry(st, "C=30");
	assert_int_equal(hcol(st, 0, "won", 0), 1);
	assert_int_equal(hcol(st, 0, "scored", 0), 1);
	assert_int_equal(hcol(st, 0, "won", 1), 0);
	assert_int_equal(hcol(st, 0, "scored", 1), 0);
	assert_int_equal(hcol(st, 0, "won", 2), COLUMN_NONE); /* C did not play */
	assert_int_equal(hcol(st, 1, "won", 0), COLUMN_NONE);
	assert_int_equal(hcol(st, 1, "won", 2), 0);
	/* a refused round leaves the log as it was */
	refuse_entry(st, "A=0", ST_RULE, NULL);
	assert_int_equal(st->nhands, 2);
	state_free(st);
	/* the other variants keep the same log: Double Jump R = 2 wins (AF2) */
	st = new_game("double-jump", 1, "", 0);
	accept_entry(st, "A=2");
	assert_int_equal(hcol(st, 0, "won", 0), 1);
	state_free(st);
}

/* AF3: the seven events score 24, a loss; 61 wins. */
static void
test_cribbage_log(void **u)
{
	(void)u;
	struct game_state *st = new_game("cribbage-solitaire", 2, "", 0);
	accept_entry(st, "A=\"pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H "
	    "strflush3:QD,JD,10D fifteen3:2D,3S,10C\" B=61");
	assert_int_equal(hcol(st, 0, "scored", 0), 24);
	assert_int_equal(hcol(st, 0, "won", 0), 0);
	assert_int_equal(hcol(st, 0, "scored", 1), 61);
	assert_int_equal(hcol(st, 0, "won", 1), 1);
	const struct hand_column *hc = &st->rules->view.hand_columns[rules_hand_column(st->rules, "scored")];
	assert_int_equal(hc->place, SHEET_NONE);   /* the pad's result cell says it */
	assert_string_equal(hc->label, "deal score");
	hc = &st->rules->view.hand_columns[rules_hand_column(st->rules, "won")];
	assert_int_equal(hc->place, SHEET_INROW);   /* a deal is one line: result | won | total */
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accordion_log),
		cmocka_unit_test(test_cribbage_log),
	};
	return cmocka_run_group_tests_name("patience log", tests, NULL, NULL);
}
