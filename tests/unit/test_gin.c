/* SPDX-License-Identifier: ISC */
/*
 * test_gin.c: Gin Rummy (RULES.md section 6): G1 to G3 and G5, the end
 * bonuses, Hollywood, three and four players, and the meld search on 36
 * hands, each checked against worked-out answers and against an independent
 * exhaustive search (every set of disjoint melds) in this file.
 */
#include "helpers.h"
#include "../../games/gin.h"
#include "../../core/sides.h"

/* ---- an independent check: try every collection of disjoint melds ---- */

static int
all_melds(const struct card *c, int n, unsigned *out)
{
	int k = 0;
	for (unsigned m = 1; m < (1u << n); m++) {
		int cnt = __builtin_popcount(m);
		if (cnt < 3)
			continue;
		int rank = -1, same_rank = 1, suit = -1, same_suit = 1, lo = 99, hi = 0;
		for (int i = 0; i < n; i++) {
			if (!(m & (1u << i)))
				continue;
			if (rank < 0)
				rank = c[i].rank, suit = c[i].suit;
			same_rank &= c[i].rank == rank;
			same_suit &= c[i].suit == suit;
			if (c[i].rank < lo)
				lo = c[i].rank;
			if (c[i].rank > hi)
				hi = c[i].rank;
		}
		int distinct = 1;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if ((m & (1u << i)) && (m & (1u << j)) && c[i].rank == c[j].rank && same_suit)
					distinct = 0;
		if ((same_rank && cnt <= 4) || (same_suit && distinct && hi - lo == cnt - 1))
			out[k++] = m;
	}
	return k;
}

static int
brute(const struct card *c, int n, const unsigned *m, int nm, int from, unsigned used)
{
	int best = 0;
	for (int i = 0; i < n; i++)
		if (!(used & (1u << i)))
			best += gin_card_value(c[i]);
	for (int k = from; k < nm; k++)
		if (!(m[k] & used)) {
			int v = brute(c, n, m, nm, k + 1, used | m[k]);
			if (v < best)
				best = v;
		}
	return best;
}

static int
exhaustive(const struct card *c, int n)
{
	unsigned m[1024];
	int nm = all_melds(c, n, m);
	return brute(c, n, m, nm, 0, 0);
}

static void
hand(const char *text, struct card *c, int *n)
{
	struct diag d = {0};
	if (cards_parse(text, NULL, c, GIN_MAX_CARDS + 1, n, &d) != ST_OK)
		fail_msg("%s", d.message);
}

static const struct {
	const char *cards;
	int deadwood; /* worked out by hand */
} cases[] = {
	/* all melded */
	{ "2S 3S 4S 7H 7D 7C KC QC JC AD", 1 },
	{ "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", 0 },
	{ "AH AS AD AC 2H 2S 2D 3H 3S 3D", 0 },
	/* the 7♥ fits a set and a run: the run of five leaves less (7♠ 7♦ K Q 2) */
	{ "5H 6H 7H 8H 9H 7S 7D KC QD 2C", 36 },
	/* four 6s: the 6♠ goes to the run, the other three make the set */
	{ "4S 5S 6S 6H 6D 6C 9C 9H 9D KS", 10 },
	/* the overlap card goes where it saves most */
	{ "3H 4H 5H 5S 5D 5C 6H 7H 10C JC", 20 },
	{ "8C 9C 10C JC QC QD QH QS 2D 3D", 5 },
	/* no melds at all: the seed's largest deadwood */
	{ "9S JS KS 9H JH KH 10D QD 10C QC", 98 },
	/* ace low, no wrap */
	{ "QS KS AS 2S 3S 9D 9C 4H 6H 8H", 56 },
	{ "AS 2S 3S QD KD 5C 5D 5H 7S 7C", 34 },
	/* runs of four and five, sets of four */
	{ "3C 4C 5C 6C 7C KH KD KS KC 2H", 2 },
	{ "10H JH QH KH 2C 2D 2S 4S 4D 4H", 0 },
	/* two runs in one suit */
	{ "AD 2D 3D 5D 6D 7D 9D 10D JD 4C", 4 },
	/* a 4-card set split to feed two runs */
	{ "7S 7H 7D 7C 5S 6S 8H 9H 5D 6D", 7 },
	/* here the set beats the run that would take the 7♠ */
	{ "7S 7H 7D 7C 5S 6S 8H 9H KD QD", 31 },
	/* duplicates that cannot both be used */
	{ "2C 3C 4C 4D 4H 5D 6D 9S 9H 9C", 4 },
	/* the 4♣ in the set of 4s (44) beats it in the run 2 3 4♣ (47) */
	{ "2C 3C 4C 4D 4H 6D 7D 9S 9H 8C", 44 },
	{ "JS QS KS JH JD JC 10S 9S 8S 2H", 2 },
	{ "6C 7C 8C 8D 8H 8S 9C 10C 3D 3H", 6 },
	{ "AC 2C 3C AD AH 2D 3D 4D 5H 6H", 12 },
	{ "KS KH KD QS QH QD JS JH JD 10S", 0 },
	{ "KS QS JS KH QH JH KD QD JD 10C", 10 },
	{ "5S 5H 5D 6S 6H 6D 7S 7H 7D 8C", 8 },
	{ "3S 4S 5S 6S 7S 8S 8H 8D 2C 4C", 6 },
	{ "10H 9H 8H 7H 7S 7D 6S 5S 4S 3S", 0 },
	{ "AS AH 2S 2H 3S 3H 4D 5D 6D KC", 10 },
	{ "9C 10C JC QC KC 9D 9H 9S 10D 10H", 0 },
	{ "2H 4H 6H 8H 10H 2S 4S 6S 8S 10S", 60 },
	{ "AH 3H 5H 7H 9H JH KH 2C 4C 6C", 57 },
	{ "QC KC QH KH QD KD 2S 3S 4S 5S", 0 },
	/* 4-7♣ and the 8s (15) beat the five-card run (31) and two sets (19) */
	{ "4C 5C 6C 6H 6S 7C 8C 8H 8S 3D", 15 },
	{ "JC JD JH 10C 9C 8C QC KC 2D 2H", 24 },
	{ "AS AC AD 2S 3S 2C 3C 4C 5D 6D", 12 },
	{ "6S 7S 8S 9S 10S 10H 10D 10C JS QS", 0 },
	{ "3D 3C 3H 3S 4D 5D 6C 7C 8C 9H", 9 },
	{ "KH KS KD KC QH QS QD QC JH JS", 10 },
};

static void
test_deadwood_search(void **u)
{
	(void)u;
	for (size_t k = 0; k < ARRAY_LEN(cases); k++) {
		struct card c[GIN_MAX_CARDS + 1];
		struct gin_melding m;
		int n;
		hand(cases[k].cards, c, &n);
		assert_int_equal(n, 10);
		int got = gin_meld(c, n, NULL, &m);
		int ex = exhaustive(c, n);
		if (got != ex || got != cases[k].deadwood)
			fail_msg("%s: search %d, exhaustive %d, by hand %d", cases[k].cards, got, ex, cases[k].deadwood);
		/* the melding found is consistent: melds + dead = the 10 cards */
		int cnt = m.ndead, sum = 0;
		for (int i = 0; i < m.nmelds; i++)
			cnt += m.meld_len[i];
		for (int i = 0; i < m.ndead; i++)
			sum += gin_card_value(m.dead[i]);
		assert_int_equal(cnt, 10);
		assert_int_equal(sum, got);
	}
}

static void
test_layoffs(void **u)
{
	(void)u;
	struct card k[12], dcard[12];
	struct gin_melding km, dm;
	int nk, nd;
	/* the knocker's run 4 5 6 of spades takes the defender's 7 8 of spades
	 * (extending the run twice) and the set of jacks takes the fourth jack */
	hand("4S 5S 6S JH JD JC 2C 2D 2H AS", k, &nk);
	hand("7S 8S JS KD QD 9C 9H 3C 5H 10C", dcard, &nd);
	gin_meld(k, nk, NULL, &km);
	assert_int_equal(km.deadwood, 1);
	int dw = gin_meld(dcard, nd, &km, &dm);
	assert_int_equal(dm.nlaid, 3);
	assert_int_equal(dw, 10 + 10 + 9 + 9 + 3 + 5 + 10);
	/* lay-offs at the low end too */
	hand("5H 6H 7H KS KD KC 2C 3C 4C AS", k, &nk);
	hand("3H 4H 8H 9H QS QD 7C 6D 10S JS", dcard, &nd);
	gin_meld(k, nk, NULL, &km);
	dw = gin_meld(dcard, nd, &km, &dm);
	assert_int_equal(dm.nlaid, 4); /* 3 4 below, 8 9 above */
	assert_int_equal(dw, 10 + 7 + 6); /* Q J 10♠ is the defender's own run */
	/* the 8♥ could extend the knocker's hearts, or make the defender's set
	 * of 8s: the set also holds 8♠ 8♦, so it stays in the set */
	hand("5H 6H 7H KS KD KC 2C 3C 4C AS", k, &nk);
	hand("8H 8S 8D QS QD 7C 6D 10S JS 2S", dcard, &nd);
	gin_meld(k, nk, NULL, &km);
	dw = gin_meld(dcard, nd, &km, &dm);
	assert_int_equal(dw, 10 + 7 + 6 + 2);
	/* two meldings leave the knocker 14: the run 5 6 7♥ (6♠ 6♦ dead) or the
	 * set of 6s (5♥ 7♥ dead).  The knocker lays down the one that leaves the
	 * defender most: the set, so the 8♥ 9♥ cannot go on the run. */
	struct gin_melding kk, dd;
	hand("5H 6H 7H 6S 6D 2C 3C 4C AS AD", k, &nk);
	hand("8H 9H 6C KS KD QC JC 2H 3H 10D", dcard, &nd);
	gin_meld_knock(k, nk, dcard, nd, &kk, &dd);
	assert_int_equal(kk.deadwood, 14);
	assert_int_equal(dd.nlaid, 1);
	assert_int_equal(dd.deadwood, 8 + 9 + 10 + 10 + 10 + 10 + 2 + 3 + 10);
}

static void
test_g1_g2_g3(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "", 0);
	accept_entry(st, "--knock A A=7 B=22");
	assert_int_equal(st->hands[0].points[0], 15);
	accept_entry(st, "--knock A A=8 B=5");
	assert_int_equal(st->hands[1].points[1], 28);
	accept_entry(st, "--knock A A=6 B=6");
	assert_int_equal(st->hands[2].points[1], 25);
	accept_entry(st, "--gin A B=31");
	assert_int_equal(st->hands[3].points[0], 56);
	accept_entry(st, "--wash");
	assert_int_equal(st->hands[4].points[0] + st->hands[4].points[1], 0);
	accept_entry(st, "--knock B A=40 B=0"); /* a 0 knock is gin */
	assert_int_equal(st->hands[5].points[1], 65);
	state_free(st);
	st = new_game("gin", 2, "tie_is_undercut=false", 0);
	accept_entry(st, "--knock A A=6 B=6");
	assert_int_equal(st->hands[0].points[0] + st->hands[0].points[1], 0);
	state_free(st);
}

static void
test_g5_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "", 0);
	refuse_entry(st, "--knock A A=10 B=30", ST_RULE, "1 to 9");
	refuse_entry(st, "--gin A A=2 B=30", ST_RULE, "holds 2 deadwood");
	refuse_entry(st, "--knock A A=3 B=99", ST_RULE, "0 to 98");
	refuse_entry(st, "A=3 B=20", ST_RULE, "--knock");
	refuse_entry(st, "--knock A --knock B A=3 B=4", ST_RULE, "only one");
	refuse_entry(st, "--big-gin A B=20", ST_RULE, "big_gin_bonus");
	refuse_entry(st, "--wash --knock A A=3 B=3", ST_RULE, "no knocker");
	refuse_entry(st, "--knock A A=\"2S 3S 4S\" B=9", ST_RULE, "10 after the discard");
	refuse_entry(st, "--knock A A=\"2S 3S 4S 7H 7D 7C KC QC JC 5\" B=9", ST_RULE, "needs its suit");
	refuse_entry(st, "--knock A A=\"2S 3S 4S 7H 7D 7C KC QC JC 5D\" B=\"5D 6S 9H 9D 9C 2H 3H 8D 10D KD\"",
	    ST_RULE, "5♦ appears 2 times");
	refuse_entry(st, "--gin A A=\"2S 3S 4S 7H 7D 7C KC QC JC 5D\" B=9", ST_RULE, "holds 5 deadwood");
	state_free(st);
	st = new_game("gin", 2, "knock_limit=10", 0);
	accept_entry(st, "--knock A A=10 B=30");
	state_free(st);
	st = new_game("gin", 2, "big_gin_bonus=31", 0);
	accept_entry(st, "--big-gin A A=\"2S 3S 4S 7H 7D 7C KC QC JC 10C 9C\" B=20");
	assert_int_equal(st->hands[0].points[0], 51);
	state_free(st);
}

static void
test_end_bonuses(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "", 0);
	accept_entry(st, "--gin A B=40");      /* 65 */
	accept_entry(st, "--knock A A=2 B=40"); /* 38: 103 */
	assert_true(st->over);
	assert_true(st->p[0].winner);
	/* shutout: 103 + 2 boxes x 25 + 100 x 2 */
	assert_int_equal(column_of(st, "final", 0), 103 + 50 + 200);
	assert_int_equal(column_of(st, "final", 1), 0);
	state_free(st);
	st = new_game("gin", 2, "", 0);
	accept_entry(st, "--knock B A=20 B=5");
	accept_entry(st, "--gin A B=80");
	assert_int_equal(column_of(st, "final", 0), 105 + 25 + 100);
	assert_int_equal(column_of(st, "final", 1), 15 + 25);
	state_free(st);
}

static void
test_hollywood(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "hollywood=true", 0);
	accept_entry(st, "--knock A A=2 B=40");   /* A 38: game 1 */
	accept_entry(st, "--knock B A=20 B=5");   /* B 15: game 1 */
	accept_entry(st, "--gin A B=50");         /* A 75: games 1 and 2 */
	assert_int_equal(column_of(st, "hollywood_1", 0), 113);  /* game 1 A: closed at 100+ */
	assert_int_equal(column_of(st, "hollywood_1", 1), 15);
	assert_int_equal(column_of(st, "hollywood_2", 0), 75);
	accept_entry(st, "--gin A B=50");         /* A's 3rd win: games 2 and 3 (1 closed) */
	assert_int_equal(column_of(st, "hollywood_1", 0), 113);
	assert_int_equal(column_of(st, "hollywood_2", 0), 150);
	assert_int_equal(column_of(st, "hollywood_3", 0), 75);
	assert_false(st->over);
	accept_entry(st, "--gin A B=50");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	state_free(st);
}

static void
test_three_and_four(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 3, "players_mode=three_rotate", 0);
	/* A deals and sits out: B and C play */
	refuse_entry(st, "--knock A A=3 B=20", ST_RULE, "sits out");
	accept_entry(st, "--knock B B=3 C=20");    /* C loses: C sits out next */
	refuse_entry(st, "--knock A A=3 C=20", ST_RULE, "C sits out");
	accept_entry(st, "--knock A A=3 B=20");
	assert_int_equal(st->p[0].total, 17);
	assert_int_equal(st->p[1].total, 17);
	state_free(st);

	st = new_game("gin", 4, "players_mode=partnership", 0);
	/* A beats B by 15, D beats C by 10: the two duels stay two duels
	 * (each winner keeps their part) and side A-C nets 15 - 10 = 5
	 * (ginrummy.com/partnership.html; core/sides.h, SIDE_NET) */
	accept_entry(st, "--knock A A=7 B=22 --knock D C=15 D=5");
	assert_int_equal(st->hands[0].points[0], 15);
	assert_int_equal(st->hands[0].points[3], 10);
	assert_int_equal(st->hands[0].points[1], 0);
	assert_int_equal(st->hands[0].points[2], 0);
	assert_int_equal(side_hand_points(st, 0, 0), 5);
	assert_int_equal(side_hand_points(st, 0, 1), 0);
	assert_int_equal(st->p[0].rank, 1);
	assert_int_equal(st->p[1].rank, 2); /* the losing side of two is 2nd */
	refuse_entry(st, "--knock A A=7 B=22", ST_RULE, "C and D");
	state_free(st);

	struct optset os = {0};
	struct diag d = {0};
	char *three[] = { "players_mode=partnership" };
	assert_int_equal(options_build(rules_find("gin"), 3, three, 1, &os, &d), ST_USAGE);
	diag_clear(&d);
}

/* Checked against the seed: a knock given with cards and no
 * deadwood is gin, so the defender lays nothing off (RULES 6.2, 6.3:
 * "Dk = 0 is treated as gin").  Bob's 10C JC 4S 5S would go on Ann's
 * clubs and spades under a knock; against gin they count: 75 + 25. */
static void
test_zero_knock_with_cards_is_gin(void **u)
{
	(void)u;
	const char *cards = "--knock A A=\"7C 8C 9C AS 2S 3S 5H 6H 7H 8H\" "
	    "B=\"10C JC 4S 5S KH KD QH 2H 6D 8S\"";
	struct game_state *st = new_game("gin", 2, "", 0);
	accept_entry(st, cards);
	assert_int_equal(st->hands[0].points[0], 75 + 25);
	assert_null(strstr(st->hands[0].note, "laid off"));
	state_free(st);
	/* the same cards entered as gin score the same */
	st = new_game("gin", 2, "", 0);
	accept_entry(st, "--gin A A=\"7C 8C 9C AS 2S 3S 5H 6H 7H 8H\" B=\"10C JC 4S 5S KH KD QH 2H 6D 8S\"");
	assert_int_equal(st->hands[0].points[0], 100);
	state_free(st);
	/* with zero_knock_is_gin off, a knock needs 1 to 9 deadwood (RULES 6.3):
	 * a knock with none is refused, by number or by cards */
	st = new_game("gin", 2, "zero_knock_is_gin=false", 0);
	refuse_entry(st, "--knock A A=0 B=30", ST_RULE, "1 to 9");
	refuse_entry(st, cards, ST_RULE, "1 to 9");
	accept_entry(st, "--gin A B=30");
	assert_int_equal(st->hands[0].points[0], 55);
	state_free(st);
}

/* Under Hollywood each column is a game of its own with its own
 * end bonuses (RULES 6.2, 6.4: game 100, a box of 25 for each hand won in
 * it, the game bonus doubled on a shutout).  A hand's points are what it
 * added to the three columns, so the total is the three games' sum; the
 * final adds each closed game's bonuses. */
static void
test_hollywood_bonuses(void **u)
{
	(void)u;
	struct game_state *st = new_game("gin", 2, "hollywood=true", 0);
	accept_entry(st, "--knock A A=2 B=40");   /* A 38: game 1 */
	accept_entry(st, "--knock B A=20 B=5");   /* B 15: game 1 */
	accept_entry(st, "--gin A B=50");         /* A 75 in games 1 and 2: game 1 closes */
	assert_int_equal(st->hands[2].points[0], 150);
	/* game 1: A 113 + 2 boxes + 100; B 15 + 1 box */
	assert_int_equal(column_of(st, "hollywood_final_1", 0), 113 + 50 + 100);
	assert_int_equal(column_of(st, "hollywood_final_1", 1), 15 + 25);
	assert_int_equal(column_of(st, "final", 0), COLUMN_NONE); /* not over yet */
	accept_entry(st, "--gin A B=50");         /* games 2 and 3: game 2 closes, a shutout */
	accept_entry(st, "--gin A B=50");         /* game 3 closes, a shutout */
	assert_true(st->over);
	assert_true(st->p[0].winner);
	/* games 2 and 3: A 150 + 2 boxes + 100 x 2; B nothing */
	assert_int_equal(column_of(st, "hollywood_final_2", 0), 150 + 50 + 200);
	assert_int_equal(column_of(st, "hollywood_final_2", 1), 0);
	assert_int_equal(column_of(st, "hollywood_final_3", 0), 150 + 50 + 200);
	assert_int_equal(column_of(st, "hollywood_final_3", 1), 0);
	assert_int_equal(st->p[0].total, 113 + 150 + 150);
	assert_int_equal(st->p[1].total, 15);
	long sum = 0;
	for (int h = 0; h < st->nhands; h++)
		sum += st->hands[h].points[0];
	assert_int_equal(sum, st->p[0].total);
	assert_non_null(state_column(st, "final"));
	assert_int_equal(column_of(st, "final", 0), 263 + 400 + 400);
	assert_int_equal(column_of(st, "final", 1), 40);
	assert_int_equal(st->p[0].rank, 1);
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deadwood_search),
		cmocka_unit_test(test_layoffs),
		cmocka_unit_test(test_g1_g2_g3),
		cmocka_unit_test(test_g5_errors),
		cmocka_unit_test(test_end_bonuses),
		cmocka_unit_test(test_hollywood),
		cmocka_unit_test(test_three_and_four),
		cmocka_unit_test(test_zero_knock_with_cards_is_gin),
		cmocka_unit_test(test_hollywood_bonuses),
	};
	return cmocka_run_group_tests_name("gin", tests, NULL, NULL);
}
