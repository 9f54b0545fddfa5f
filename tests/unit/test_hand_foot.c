/* SPDX-License-Identifier: ISC */
/*
 * test_hand_foot.c: Hand & Foot (RULES.md section 8): HF1 to HF3, the
 * presets, card lists, books, and each ERROR of 8.4.
 */
#include "helpers.h"

static const char *hf1 =
    "--out A A.clean=1 A.dirty=2 A.red3=1 A.meld=335 A.opening=90 "
    "B.dirty=1 B.meld=140 B.opening=70 B.left=60 C.left=20";

static void
test_hf1(void **u)
{
	(void)u;
	struct game_state *st = new_game("hand-foot", 3, "", 0);
	accept_entry(st, hf1);
	assert_int_equal(st->hands[0].points[0], 645);
	assert_int_equal(st->hands[0].points[1], 110);
	assert_int_equal(st->hands[0].points[2], -20);
	state_free(st);
	/* the same round with the common bonuses of 500 and 300 */
	st = new_game("hand-foot", 3, "preset=common", 0);
	accept_entry(st, hf1);
	assert_int_equal(st->hands[0].points[0], 100 + 500 + 600 + 100 + 335);
	assert_int_equal(st->hands[0].points[1], 300 + 140 - 60);
	state_free(st);
	/* meld and left as card lists, books listed */
	st = new_game("hand-foot", 3, "", 0);
	accept_entry(st, "--out A A.books=\"K:7 A:5:2 8:6:0:1\" A.red3=1 "
	    "A.meld=\"K K K K K K K A A A A A 2 2 8 8 8 8 8 8 Jk 7 7 7\" A.opening=90 "
	    "B.books=\"9:4:3\" B.meld=\"9 9 9 9 2 2 2 Q Q Q Q\" B.opening=70 B.left=\"Jk 7 3S\" C.left=20");
	assert_int_equal(st->hands[0].points[0], 645);
	assert_int_equal(st->hands[0].points[1], 110);
	state_free(st);
}

static void
test_hf2_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("hand-foot", 3, "", 0);
	refuse_entry(st, "--out A A.clean=1 A.dirty=1 A.meld=335 A.opening=90 B.left=5 C.left=5", ST_RULE,
	    "1 clean and 2 dirty");
	refuse_entry(st, "A.meld=100 A.opening=55 A.left=5 B.left=5 C.left=5", ST_RULE, "at least 60");
	refuse_entry(st, "--out A A.books=\"9:3:4\" A.meld=300 A.opening=90 B.left=5 C.left=5", ST_RULE, "4 wild cards");
	refuse_entry(st, "--out A A.books=\"9:3:3:1\" A.meld=300 A.opening=90 B.left=5 C.left=5", ST_RULE, "4 wild cards");
	refuse_entry(st, "A.red3=5 A.left=5 B.red3=4 B.left=5 C.left=5", ST_RULE, "9 red threes");
	refuse_entry(st, "A.meld=333 A.opening=90 A.left=5 B.left=5 C.left=5", ST_RULE, "multiple of 5");
	refuse_entry(st, "--out A A.clean=1 A.dirty=2 A.meld=335 A.opening=90 A.left=15 B.left=5 C.left=5", ST_RULE,
	    "left must be 0");
	state_free(st);
	/* round 4 needs 150 */
	st = new_game("hand-foot", 2, "", 0);
	for (int r = 1; r <= 3; r++)
		accept_entry(st, "A.left=10 B.left=10");
	refuse_entry(st, "A.meld=140 A.opening=140 A.left=5 B.left=5", ST_RULE, "at least 150");
	accept_entry(st, "A.meld=150 A.opening=150 A.left=5 B.left=5");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	state_free(st);
}

static void
test_hf3_minimums(void **u)
{
	(void)u;
	struct game_state *st = new_game("hand-foot", 2, "", 0);
	accept_entry(st, "A.left=10 B.left=10");
	char next[200];
	rules_describe_next(st, next, sizeof next);
	assert_non_null(strstr(next, "at least 90"));
	refuse_entry(st, "A.meld=100 A.opening=85 A.left=5 B.left=5", ST_RULE, "at least 90");
	accept_entry(st, "A.meld=100 A.opening=90 A.left=5 B.left=5");
	state_free(st);
	st = new_game("hand-foot", 2, "round_minimums=50,75,100,125", 0);
	accept_entry(st, "A.meld=60 A.opening=50 A.left=5 B.left=5");
	state_free(st);
}

static void
test_more_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("hand-foot", 2, "", 0);
	/* two players out */
	refuse_entry(st, "--out A --out B A.clean=1 A.dirty=2 A.meld=300 A.opening=90", ST_RULE, "at most one");
	/* melded without an opening; never melded with books */
	refuse_entry(st, "A.meld=100 A.left=5 B.left=5", ST_RULE, "opening");
	refuse_entry(st, "A.clean=1 A.left=5 B.left=5", ST_RULE, "opening");
	/* opening more than melded */
	refuse_entry(st, "A.meld=70 A.opening=90 A.left=5 B.left=5", ST_RULE, "more than all");
	/* books worth more than the meld */
	refuse_entry(st, "A.clean=2 A.meld=65 A.opening=65 A.left=5 B.left=5", ST_RULE, "worth at least 70");
	/* not out: holds a card */
	refuse_entry(st, "A.left=0 B.left=5", ST_RULE, "at least 5");
	refuse_entry(st, "B.left=5", ST_RULE, "A.left");
	/* red threes in an unplayed foot */
	refuse_entry(st, "A.foot-red3=1 A.left=60 B.left=5", ST_RULE, "foot=unplayed");
	refuse_entry(st, "A.foot=unplayed A.foot-red3=1 A.left=40 B.left=5", ST_RULE, "too little");
	accept_entry(st, "A.foot=unplayed A.foot-red3=1 A.left=60 B.left=5");
	assert_int_equal(st->hands[0].points[0], -60 - 100);
	/* books must be 7, not of 3s, clean has no wilds */
	refuse_entry(st, "A.books=\"K:6\" A.meld=60 A.opening=90 A.left=5 B.left=5", ST_RULE, "exactly 7");
	refuse_entry(st, "A.books=\"3:7\" A.meld=100 A.opening=90 A.left=5 B.left=5", ST_RULE, "no books of 3");
	refuse_entry(st, "A.meld=\"K K 3S\" A.opening=90 A.left=5 B.left=5", ST_RULE, "black threes cannot be melded");
	refuse_entry(st, "A.left=\"3H 5\" B.left=5", ST_RULE, "red three is set aside");
	/* pack limits for 3 decks: 6 jokers, one player's or the table's */
	refuse_entry(st, "A.left=\"Jk Jk Jk Jk Jk Jk Jk\" B.left=5", ST_RULE,
	    "A: 7 jokers entered this round; 3 decks hold 6");
	refuse_entry(st, "A.left=\"Jk Jk Jk Jk\" B.left=\"Jk Jk Jk 4\"", ST_RULE,
	    "7 jokers entered this round (A 4, B 3); 3 decks hold 6");
	state_free(st);
}

/* the points the decks hold (RULES.md 8.4's pack limits, at 8.1's card
 * values): 590 a deck, decks = players + 1; a player's meld, left, or the
 * two, and the table's sum */
static void
test_pack_points(void **u)
{
	(void)u;
	struct game_state *st = new_game("hand-foot", 2, "", 0);
	refuse_entry(st, "--out A A.clean=1 A.dirty=2 A.meld=9000 A.opening=90 B.left=60", ST_RULE,
	    "A: 9,000 points melded; 3 decks hold 1,770 points in all");
	refuse_entry(st, "A.meld=90 A.opening=90 A.left=5 B.left=1775", ST_RULE,
	    "B: 1,775 points left; 3 decks hold 1,770 points in all");
	refuse_entry(st, "A.meld=900 A.opening=90 A.left=875 B.left=5", ST_RULE,
	    "A: 900 points melded and 875 left, 1,775 in all; 3 decks hold 1,770 points in all");
	refuse_entry(st, "A.meld=900 A.opening=90 A.left=5 B.left=870", ST_RULE,
	    "1,775 points melded and left this round (A 905, B 870); 3 decks hold 1,770 points in all");
	accept_entry(st, "A.meld=900 A.opening=90 A.left=5 B.left=865");
	state_free(st);
	/* a black three held counts black_three_penalty: 2 a deck */
	st = new_game("hand-foot", 2, "black_three_penalty=10", 0);
	refuse_entry(st, "A.left=1805 B.left=5", ST_RULE, "3 decks hold 1,800 points in all");
	accept_entry(st, "A.left=1795 B.left=5");
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hf1),
		cmocka_unit_test(test_hf2_errors),
		cmocka_unit_test(test_hf3_minimums),
		cmocka_unit_test(test_more_errors),
		cmocka_unit_test(test_pack_points),
	};
	return cmocka_run_group_tests_name("hand-foot", tests, NULL, NULL);
}
