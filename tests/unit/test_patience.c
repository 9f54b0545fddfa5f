/* SPDX-License-Identifier: ISC */
/*
 * test_patience.c: the Accordion family and Cribbage Solitaire (RULES.md
 * section 2): AF1 to AF3, soft wins, parity, French deals, Royal Marriage
 * survivors, the cribbage events and the deadline option.
 */
#include "helpers.h"

/* Play one result for A and return A's detail ("4 piles: soft win"). */
static char *
play(const char *game, const char *opts, const char *entry)
{
	struct game_state *st = new_game(game, 2, opts, 0);
	accept_entry(st, entry);
	char *det = xstrdup(st->hands[0].detail[0]);
	assert_int_equal(column_of(st, "plays", 0), 1);
	state_free(st);
	return det;
}

static void
expect_detail(const char *game, const char *opts, const char *entry, const char *want)
{
	char *got = play(game, opts, entry);
	if (strcmp(got, want) != 0)
		fail_msg("%s '%s': '%s', want '%s'", game, entry, got, want);
	free(got);
}

static void
refuse(const char *game, const char *opts, const char *entry, const char *needle)
{
	struct game_state *st = new_game(game, 2, opts, 0);
	refuse_entry(st, entry, ST_RULE, needle);
	state_free(st);
}

static void
test_af1(void **u)
{
	(void)u;
	expect_detail("accordion", "", "A=1", "1 pile: win");
	expect_detail("accordion", "", "A=4", "4 piles: soft win");
	expect_detail("accordion", "", "A=6", "6 piles");
	expect_detail("accordion", "soft_win_piles=none", "A=4", "4 piles");
	refuse("accordion", "", "A=0", "1 to 52");
	refuse("accordion", "", "A=53", "1 to 52");
	struct game_state *st = new_game("accordion", 2, "", 0);
	accept_entry(st, "A=1 B=7");
	accept_entry(st, "A=9");
	assert_int_equal(column_of(st, "wins", 0), 1);
	assert_int_equal(column_of(st, "plays", 0), 2);
	assert_int_equal(column_of(st, "plays", 1), 1);
	assert_int_equal(column_of(st, "wins", 1), 0);
	assert_int_equal(st->p[0].rank, 1);
	refuse_entry(st, "", ST_RULE, "at least one");
	state_free(st);
}

static void
test_af2(void **u)
{
	(void)u;
	refuse("double-jump", "", "A=3", "even");
	expect_detail("double-jump", "", "A=2", "2 cards: win");
	refuse("concertina", "", "A=5", "even");
	expect_detail("concertina", "", "A=6", "6 cards");
	expect_detail("push-pin", "", "A=2", "2 cards: win");
	expect_detail("push-pin", "", "A=104", "104 cards");
	refuse("push-pin", "", "A=105", "2 to 104");
	expect_detail("french-solitaire", "", "A=2 A.deals=2", "2 cards: win (2 deals)");
	refuse("french-solitaire", "", "A=2 A.deals=3", "1 or 2 deals");
	refuse("french-solitaire", "", "A=2 A.deals=2 A.first=2", "more than 2 cards");
	expect_detail("french-solitaire", "", "A=4 A.deals=2 A.first=9", "4 cards");
	expect_detail("royal-marriage", "", "A=2 A.survivors=\"QH KH\"", "2 cards: win");
	expect_detail("royal-marriage", "", "A=2 A.survivors=\"K♥,Q♥\"", "2 cards: win");
	refuse("royal-marriage", "", "A=2 A.survivors=\"QS KH\"", "Q♥ and K♥");
	refuse("royal-marriage", "", "A=4 A.survivors=\"QH KH\"", "Q♥ and K♥");
	refuse("royal-marriage", "", "A=1", "2 to 52");
}

static void
test_af3_cribbage(void **u)
{
	(void)u;
	expect_detail("cribbage-solitaire", "",
	    "A=\"pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H strflush3:QD,JD,10D fifteen3:2D,3S,10C\"",
	    "24");
	expect_detail("cribbage-solitaire", "", "A=\"pair fifteen2 run3\"", "7");
	expect_detail("cribbage-solitaire", "", "A=58", "58");
	expect_detail("cribbage-solitaire", "", "A=61", "61: win");
	/* seed 001: 61 "before the entire pack has been fully dealt" wins, the
	 * default; through_last_card counts the 52nd card's points too */
	expect_detail("cribbage-solitaire", "deadline=through_last_card", "A=61 A.last=2", "61: win");
	expect_detail("cribbage-solitaire", "", "A=61 A.last=2", "61 (59 before the last card)");
	expect_detail("cribbage-solitaire", "deadline=before_last_card", "A=61 A.last=2",
	    "61 (59 before the last card)");
	expect_detail("cribbage-solitaire", "deadline=before_last_card", "A=\"trips trips trips trips trips trips trips trips trips trips fifteen2@52\"",
	    "62 (60 before the last card)");
	expect_detail("cribbage-solitaire", "deadline=through_last_card",
	    "A=\"trips trips trips trips trips trips trips trips trips trips fifteen2@52\"", "62: win");
	refuse("cribbage-solitaire", "", "A=\"pair:9D,9S trips:9D,9S,9H\"", "already scored as a pair");
	refuse("cribbage-solitaire", "", "A=\"pair=3\"", "scores 2");
	refuse("cribbage-solitaire", "", "A=\"pair:7C,8D\"", "same rank");
	refuse("cribbage-solitaire", "", "A=\"run3:Q,K,A\"", "sequence");
	refuse("cribbage-solitaire", "", "A=\"flush3:2,9,K\"", "same suit");
	refuse("cribbage-solitaire", "", "A=\"fifteen2:8S,6H\"", "15");
	refuse("cribbage-solitaire", "", "A=\"fifteen3:5C,5D,5H fifteen3:5D,5H,5C\"", "same cards");
	refuse("cribbage-solitaire", "", "A=1", "0 or 2 to 306");
	refuse("cribbage-solitaire", "", "A=307", "0 or 2 to 306");
	struct strbuf sb = {0};
	sb_add(&sb, "A=\"");
	for (int i = 0; i < 52; i++)
		sb_add(&sb, "pair ");
	sb_add(&sb, "\"");
	refuse("cribbage-solitaire", "", sb.s, "more than 51");
	sb_release(&sb);
	struct game_state *st = new_game("cribbage-solitaire", 2, "", 0);
	refuse_entry(st, "A=\"pear\"", ST_USAGE, "not a scoring event");
	state_free(st);
}

/* Checked against the seed: French Solitaire's redeal only gathers
 * the cards the first deal left, so it cannot leave more (RULES 2.2). */
static void
test_french_redeal_bound(void **u)
{
	(void)u;
	refuse("french-solitaire", "", "A=5 A.deals=2 A.first=4", "cannot leave more than 4 (not 5)");
	expect_detail("french-solitaire", "", "A=4 A.deals=2 A.first=4", "4 cards");
	expect_detail("french-solitaire", "", "A=2 A.deals=2 A.first=4", "2 cards: win (2 deals)");
}

/* Cribbage Solitaire's deal score is the deal's points (what
 * `show --json` prints), not 0: 24 for the AF3 events; the running total
 * adds the scores, and wins are kept beside it. */
static void
test_cribbage_points_carry_the_score(void **u)
{
	(void)u;
	struct game_state *st = new_game("cribbage-solitaire", 2, "", 0);
	accept_entry(st, "A=\"pair:7C,7D fifteen2:8S,7H run3:6D,4C,5H flush3:2C,9C,KC trips:9D,9S,9H "
	    "strflush3:QD,JD,10D fifteen3:2D,3S,10C\" B=64");
	assert_int_equal(st->hands[0].points[0], 24);
	assert_int_equal(st->hands[0].points[1], 64);
	accept_entry(st, "A=58");
	assert_int_equal(st->hands[1].points[0], 58);
	assert_int_equal(st->p[0].total, 24 + 58);
	assert_int_equal(column_of(st, "wins", 0), 0);
	assert_int_equal(column_of(st, "wins", 1), 1);
	assert_int_equal(column_of(st, "plays", 0), 2);
	state_free(st);
	/* under before_last_card the points made with the 52nd card do not count */
	st = new_game("cribbage-solitaire", 1, "deadline=before_last_card", 0);
	accept_entry(st, "A=61 A.last=2");
	assert_int_equal(st->hands[0].points[0], 59);
	state_free(st);
	/* the Accordion family still counts a win as 1 */
	st = new_game("accordion", 1, "", 0);
	accept_entry(st, "A=1");
	accept_entry(st, "A=7");
	assert_int_equal(st->hands[0].points[0], 1);
	assert_int_equal(st->hands[1].points[0], 0);
	assert_int_equal(st->p[0].total, 1);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_af1),
		cmocka_unit_test(test_af2),
		cmocka_unit_test(test_french_redeal_bound),
		cmocka_unit_test(test_cribbage_points_carry_the_score),
		cmocka_unit_test(test_af3_cribbage),
	};
	return cmocka_run_group_tests_name("patience", tests, NULL, NULL);
}
