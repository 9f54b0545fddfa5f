/* SPDX-License-Identifier: ISC */
/*
 * test_bankrupt.c: Bankrupt (RULES.md section 4): the worked examples B1
 * and B3 as exact banks, piles and centre, the payment table of 4.7, dead
 * rounds, last legs, resignations, bankruptcy, and each ERROR of 4.4.
 */
#include "helpers.h"

/* bank/pile of every seat and the centre, as "41/9 41/9 ... c=0". */
static void
expect(const struct game_state *st, const char *want)
{
	struct strbuf sb = {0};
	for (int i = 0; i < st->nplayers; i++)
		sb_printf(&sb, "%ld/%ld ", st->p[i].bank, st->p[i].pile);
	sb_printf(&sb, "c=%ld", st->pot);
	if (strcmp(sb.s, want) != 0)
		fail_msg("chips %s, want %s", sb.s, want);
	sb_release(&sb);
	assert_int_equal(chips_in_play(st), 50L * st->nplayers);
}

static void
test_b1(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3); /* dealer D */
	accept_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=3:B,D");
	/* D wins on the second card; pays 1, 2, 3; D accepted, takes the centre of 9 */
	expect(st, "38/8 38/7 41/6 53/9 c=0");
	assert_int_equal(st->p[0].held, 46);
	assert_int_equal(st->p[3].held, 62);
	assert_int_equal(st->p[3].rank, 1);
	assert_int_equal(st->dealer, 0); /* the deal passes to A */
	state_free(st);
}

static void
test_b3(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"4 4\" B=\"Q 9\" C=throw D=\"A K\"");
	/* the pair of 4s wins: B pays 10-4 = 6, D pays 11-4 = 7; the centre of 1 stays */
	expect(st, "54/9 41/3 41/8 41/2 c=1");
	assert_int_equal(st->p[0].held, 63);
	assert_int_equal(st->p[1].held, 44);
	assert_int_equal(st->p[2].held, 49);
	assert_int_equal(st->p[3].held, 43);
	state_free(st);
}

/* The payment from L to W in a 2-player round (W seat A, dealer B). */
static long
payment(const char *w, const char *l)
{
	struct game_state *st = new_game("bankrupt", 2, "", 1);
	char *e = xasprintf("A=\"%s\" B=\"%s\"", w, l);
	accept_entry(st, e);
	free(e);
	long p = 50 - st->p[1].held;
	assert_int_equal(st->p[0].held, 50 + p);
	state_free(st);
	return p;
}

static void
test_payment_table(void **u)
{
	(void)u;
	assert_int_equal(payment("A Q", "8 2"), 3);
	assert_int_equal(payment("A Q", "A 3"), 7);
	assert_int_equal(payment("K 2", "Q 9"), 1);
	assert_int_equal(payment("K Q", "K J"), 1);
	assert_int_equal(payment("J J", "K 5"), 1);
	assert_int_equal(payment("10 10", "A 2"), 1);
	assert_int_equal(payment("9 9", "9 4"), 5);
	assert_int_equal(payment("9 9", "4 4"), 5);
	assert_int_equal(payment("Q Q", "J J"), 1);
	assert_int_equal(payment("A A", "2 2"), 9);
	assert_int_equal(payment("2 2", "A K"), 9);
	assert_int_equal(payment("A K", "3 2"), 8);
}

static void
test_dead_rounds(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	/* B and D tie with A-K: dead.  Nobody pays, the centre (an upping) stays. */
	accept_entry(st, "A=\"2 3\" B=\"A K\" C=\"4 5\" D=\"A K\" --up A=2:B");
	expect(st, "39/9 39/9 41/9 41/9 c=4");
	char next[160];
	rules_describe_next(st, next, sizeof next);
	assert_non_null(strstr(next, "ante 9 x2"));
	/* round 2: antes topped up to 18; the two pairs of 5s tie: dead again */
	accept_entry(st, "A=\"5 5\" B=\"5 5\" C=\"2 3\" D=\"4 6\"");
	expect(st, "30/18 30/18 32/18 32/18 c=4");
	/* round 3: x3, antes 27; dead a third time: the centre of 4 is split */
	accept_entry(st, "A=\"7 7\" B=\"7 7\" C=\"2 3\" D=\"4 6\"");
	expect(st, "22/27 22/27 24/27 24/27 c=0");
	rules_describe_next(st, next, sizeof next);
	assert_null(strstr(next, " x"));
	/* round 4: back to a single ante; the winner of a decided round takes
	 * base from each; the excess antes come back to the banks */
	accept_entry(st, "A=\"J 2\" B=\"10 3\" C=\"A 2\" D=\"9 3\"");
	/* C: from A 11-10=1, B 11-10=1, D 11-9=2 */
	expect(st, "40/8 40/8 46/9 42/7 c=0");
	state_free(st);
}

static void
test_dead_then_win_double(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 2, "", 1);
	accept_entry(st, "A=\"K 5\" B=\"K 5\"");          /* dead */
	accept_entry(st, "A=\"A Q\" B=\"8 2\"");          /* x2: pays 2 x 3 = 6 */
	assert_int_equal(st->p[0].held, 56);
	assert_int_equal(st->p[1].held, 44);
	state_free(st);
}

static void
test_last_legs(void **u)
{
	(void)u;
	/* 15 chips each: round 1 dead with 9, round 2 dead on last legs with 6,
	 * round 3 has an ante of 0 (the seed's rule-18 example). */
	struct game_state *st = new_game("bankrupt", 2, "start_chips=15", 1);
	assert_false(column_of(st, "last_legs", 0));
	accept_entry(st, "A=\"K 5\" B=\"K 5\"");
	/* the next round's ante is 18 and A holds 15: last legs, with 6 */
	assert_true(column_of(st, "last_legs", 0));
	accept_entry(st, "A=\"Q 5\" B=\"Q 5\"");
	assert_true(column_of(st, "last_legs", 0));
	/* round 3: both piles 15 (of a target of 27), slots 0.  A wins with A-K
	 * over 2-3: 3 x 8 = 24 capped by B's pile 15, and A's slot 0 caps the
	 * claim at 0.  A last-legs winner still takes the centre (empty). */
	accept_entry(st, "A=\"A K\" B=\"3 2\"");
	assert_int_equal(st->p[0].held, 15);
	assert_int_equal(st->p[1].held, 15);
	state_free(st);

	/* with last_legs_win_cap=ante_pile the cap is A's whole pile */
	st = new_game("bankrupt", 2, "start_chips=15 last_legs_win_cap=ante_pile", 1);
	accept_entry(st, "A=\"K 5\" B=\"K 5\"");
	accept_entry(st, "A=\"Q 5\" B=\"Q 5\"");
	accept_entry(st, "A=\"A K\" B=\"3 2\"");
	assert_int_equal(st->p[0].held, 30);
	assert_true(st->over);
	assert_true(st->p[0].winner);
	assert_true(st->p[1].out);
	state_free(st);
}

static void
test_bankrupt_and_end(void **u)
{
	(void)u;
	/* 3 players of 9 chips: one loss of 9 bankrupts */
	struct game_state *st = new_game("bankrupt", 3, "start_chips=9", 2);
	accept_entry(st, "A=\"A A\" B=\"2 2\" C=\"3 4\"");  /* B pays 9, C pays 11-4=7 */
	assert_true(st->p[1].out);
	assert_false(st->p[2].out);
	assert_int_equal(st->p[2].held, 2);
	assert_int_equal(st->p[2].bank, 0);
	/* B may not appear again */
	refuse_entry(st, "A=\"5 6\" B=\"7 8\" C=\"9 10\"", ST_RULE, "out of this game");
	/* C, on last legs with 2, loses again and is bankrupt: A holds all */
	accept_entry(st, "A=\"K Q\" C=\"2 3\"");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	assert_int_equal(st->p[0].held, 27);
	assert_int_equal(st->pot, 0);
	assert_int_equal(st->p[2].out_order, 2);
	assert_int_equal(st->p[1].out_order, 1);
	state_free(st);
}

static void
test_resignation(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=3:B,D");
	/* B resigns with 45: 15 to each of A, C, D, nothing left over */
	accept_entry(st, "--resign B A=\"2 3\" C=\"4 5\" D=\"6 7\"");
	assert_true(st->p[1].out);
	assert_int_equal(chips_in_play(st), 200);
	/* a resigner with 9 or fewer gives all to the centre */
	struct game_state *s2 = new_game("bankrupt", 3, "start_chips=9", 0);
	accept_entry(s2, "--resign A B=\"2 3\" C=\"4 5\"");
	assert_int_equal(s2->pot, 9); /* C won but did not up: the centre stays */
	state_free(s2);
	/* on last legs (8 < 9) a winner takes the centre without upping */
	s2 = new_game("bankrupt", 3, "start_chips=8", 0);
	accept_entry(s2, "--resign A B=\"2 3\" C=\"4 5\"");
	assert_int_equal(s2->pot, 0);
	state_free(s2);
	/* the dealer A resigns: B deals, C (on B's left) ups and B accepts */
	s2 = new_game("bankrupt", 3, "start_chips=20", 0);
	accept_entry(s2, "--resign A B=\"2 3\" C=\"5 4\" --up C=1:B");
	assert_int_equal(s2->dealer, 2);
	assert_int_equal(s2->pot, 0);
	/* 20 split 10 and 10; C ups 1, wins 5-3 = 2 from B and the centre of 2 */
	assert_int_equal(s2->p[2].held, 20 + 10 - 1 + 2 + 2);
	assert_int_equal(chips_in_play(s2), 60);
	state_free(s2);
	/* resigning leaves one player: no round, the survivor takes all */
	s2 = new_game("bankrupt", 2, "", 0);
	refuse_entry(s2, "--resign A B=\"2 3\"", ST_RULE, "last player");
	accept_entry(s2, "--resign A");
	assert_true(s2->over);
	assert_int_equal(s2->p[1].held, 100);
	state_free(s2);
	state_free(st);
}

static void
test_throw_ins(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 3, "", 2);
	assert_int_equal(accept_entry(st, "A=throw B=\"2 3\" C=throw"), 1); /* WARN: B alone */
	accept_entry(st, "A=throw B=\"2 3\" C=\"4 5\"");
	refuse_entry(st, "A=throw B=\"2 3\" C=\"4 5\"", ST_RULE, "2 rounds in a row");
	state_free(st);
	st = new_game("bankrupt", 3, "", 2);
	refuse_entry(st, "A=throw B=throw C=throw", ST_RULE, "at least one player");
	state_free(st);
	st = new_game("bankrupt", 3, "max_consecutive_throw_ins=3", 2);
	accept_entry(st, "A=throw B=\"2 3\" C=\"4 5\"");
	accept_entry(st, "A=throw B=\"2 3\" C=\"4 5\"");
	accept_entry(st, "A=throw B=\"2 3\" C=\"4 5\"");
	state_free(st);
}

static void
test_errors(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3); /* dealer D */
	const char *cards = "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\"";
	char *e;
#define REFUSE(extra, needle) do { e = xasprintf("%s %s", cards, extra); \
	refuse_entry(st, e, ST_RULE, needle); free(e); } while (0)
	REFUSE("--up D=3:A", "dealer never offers");
	REFUSE("--up A=7:B", "1 to 6");
	REFUSE("--up A=0:B", "1 to 6");
	REFUSE("--up B=3:A", "only players after B");
	REFUSE("--up B=2:C --up A=2:B", "seat order");
	REFUSE("--up A=2: --up B=2:C", "upping ended");
	REFUSE("--resign A --resign A", NULL);
	refuse_entry(st, "A=\"K 7 2\" B=\"A 3\" C=\"8 3\" D=\"A 5\"", ST_RULE, "exactly 2");
	refuse_entry(st, "A=\"K\" B=\"A 3\" C=\"8 3\" D=\"A 5\"", ST_RULE, "exactly 2");
	refuse_entry(st, "A=\"K K\" B=\"K K\" C=\"K 3\" D=\"A 5\"", ST_RULE, "K makes 5");
	refuse_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" A.discard=A B.discard=A C.discard=A", ST_RULE, "A makes 5");
	refuse_entry(st, "A=\"A 7\" B=\"A 3\" C=\"A 2\" D=\"A 5\" --marker A", ST_RULE, "A makes 5");
	refuse_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\"", ST_RULE, "D: no cards");
	refuse_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"Jk 5\"", ST_RULE, "jokers");
	/* thrown-in players cannot up or accept */
	refuse_entry(st, "A=throw B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=2:B", ST_RULE, "not playing");
	refuse_entry(st, "A=\"K 7\" B=throw C=\"8 3\" D=\"A 5\" --up A=2:B", ST_RULE, "not playing");
	/* a marker allows three of its rank in the hands */
	accept_entry(st, "A=\"A 7\" B=\"A 3\" C=\"A 2\" D=\"9 5\" --marker A");
	state_free(st);

	/* the cap is the smallest bank in play (14 - 9 = 5 each) */
	st = new_game("bankrupt", 3, "start_chips=14", 2);
	refuse_entry(st, "A=\"A K\" B=\"2 3\" C=\"2 4\" --up A=6:B", ST_RULE, "1 to 5");
	accept_entry(st, "A=\"A K\" B=\"3 2\" C=\"4 2\" --up A=5:B");
	state_free(st);
	/* six_only: the cap is 6, but an acceptor needs the bank */
	st = new_game("bankrupt", 3, "start_chips=14 offer_cap=six_only", 2);
	refuse_entry(st, "A=\"A K\" B=\"2 3\" C=\"2 4\" --up A=6:B", ST_RULE, "cannot accept 6");
	refuse_entry(st, "A=\"A K\" B=\"2 3\" C=\"2 4\" --up A=7:B", ST_RULE, "1 to 6");
	state_free(st);
	/* last legs: no upping at all */
	st = new_game("bankrupt", 3, "start_chips=8", 2);
	refuse_entry(st, "A=\"A K\" B=\"2 3\" C=\"2 4\" --up A=1:B", ST_RULE, "last legs");
	state_free(st);
#undef REFUSE
}

static void
test_show_one_card(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 3, "show_one_card_if_sufficient=true", 2);
	accept_entry(st, "A=\"A Q\" B=\"8\" C=\"5 2\"");
	assert_int_equal(st->p[1].held, 47);
	refuse_entry(st, "A=\"A Q\" B=\"A\" C=\"5 2\"", ST_RULE, "second card");
	refuse_entry(st, "A=\"5 Q\" B=\"A\" C=\"5 2\"", ST_RULE, "does not settle");
	state_free(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_b1),
		cmocka_unit_test(test_b3),
		cmocka_unit_test(test_payment_table),
		cmocka_unit_test(test_dead_rounds),
		cmocka_unit_test(test_dead_then_win_double),
		cmocka_unit_test(test_last_legs),
		cmocka_unit_test(test_bankrupt_and_end),
		cmocka_unit_test(test_resignation),
		cmocka_unit_test(test_throw_ins),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_show_one_card),
	};
	return cmocka_run_group_tests_name("bankrupt", tests, NULL, NULL);
}
