/* SPDX-License-Identifier: ISC */
/*
 * test_golf.c: Golf scoring through the rules interface (RULES.md section
 * 9): every worked example of 9.7 (GF1, GF1b, GF2) as exact scores, the
 * quarters jar, the end of the game and each ERROR of 9.3.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

static char *players4[] = { "Ann", "Bob", "Cid", "Dee" };

/* A new game of golf for the first n players with space-separated options. */
static struct game_state *
game(int n, const char *opts)
{
	struct optset os = {0};
	struct diag d = {0};
	char *copy = xstrdup(opts ? opts : "");
	char *args[32];
	int na = 0;
	for (char *t = strtok(copy, " "); t && na < 32; t = strtok(NULL, " "))
		args[na++] = t;
	const struct game_rules *r = rules_find("golf");
	assert_non_null(r);
	if (options_build(r, n, args, na, &os, &d) != ST_OK)
		fail_msg("options: %s", d.message);
	struct game_state *st = state_new(r, players4, n, &os, 0, &d);
	assert_non_null(st);
	options_release(&os);
	free(copy);
	diag_clear(&d);
	return st;
}

/* Apply an entry that must be accepted. */
static void
ok(struct game_state *st, const char *entry)
{
	struct diag d = {0};
	struct warnings w = {0};
	if (rules_apply_text(st, entry, &w, &d) != ST_OK)
		fail_msg("'%s' refused: %s", entry, d.message);
	warnings_release(&w);
}

/* Apply an entry that must be refused with status; returns the message. */
static void
refused(struct game_state *st, const char *entry, enum status want, const char *player,
    const char *needle)
{
	struct diag d = {0};
	struct warnings w = {0};
	enum status rc = rules_apply_text(st, entry, &w, &d);
	if (rc != want)
		fail_msg("'%s': status %d, want %d (%s)", entry, rc, want, d.message ? d.message : "");
	if (player)
		assert_non_null(strstr(d.message, player));
	if (needle && strstr(d.message, needle) == NULL)
		fail_msg("'%s': message '%s' lacks '%s'", entry, d.message, needle);
	warnings_release(&w);
	diag_clear(&d);
}

/* Ann's points for one layout under opts (Bob enters a total of 0). */
static long
layout(const char *opts, const char *cards)
{
	struct game_state *st = game(2, opts);
	char *e = xasprintf("Ann=\"%s\" Bob=0", cards);
	ok(st, e);
	long v = st->hands[0].points[0];
	free(e);
	state_free(st);
	return v;
}

static const char *const modes4[] = { "cancel=pairs", "cancel=adjacent_pairs", "cancel=all_multiples" };

static void
test_gf1_layouts(void **unused)
{
	(void)unused;
	/* the 'none' column: pagat's standard values */
	assert_int_equal(layout("", "K 3 5 A"), 9);
	assert_int_equal(layout("", "Q J 10 2"), 32);
	assert_int_equal(layout("", "7 7 K 4"), 18);
	assert_int_equal(layout("", "A 2 K 2"), 5);
	for (size_t i = 0; i < ARRAY_LEN(modes4); i++) {
		assert_int_equal(layout(modes4[i], "K 3 5 A"), 9);
		assert_int_equal(layout(modes4[i], "Q J 10 2"), 32);
		assert_int_equal(layout(modes4[i], "7 7 K 4"), 4);
		assert_int_equal(layout(modes4[i], "A 2 K 2"), 1);
	}
	/* the diagonal 7s: adjacent_pairs does not cancel, pairs does */
	assert_int_equal(layout("cancel=adjacent_pairs", "7 4 K 7"), 18);
	assert_int_equal(layout("cancel=pairs", "7 4 K 7"), 4);
	/* three equal: pairs cancels two, all_multiples all three */
	assert_int_equal(layout("cancel=pairs", "5 5 5 9"), 14);
	assert_int_equal(layout("cancel=pairs", "5 5 5 5"), 0);
	/* the house preset */
	assert_int_equal(layout("preset=house", "Q Q Q K"), 0);
	assert_int_equal(layout("preset=house", "5 5 5 9"), 9);
	assert_int_equal(layout("preset=house", "10 J Q 9"), 39);
	assert_int_equal(layout("preset=house", "Jk Jk 8 3"), 11);
	/* ten-valued ranks do not cancel each other */
	assert_int_equal(layout("preset=house", "10 J Q K"), 30);
}

static void
test_gf1_four_players(void **unused)
{
	(void)unused;
	struct game_state *st = game(4, "cancel=all_multiples");
	ok(st, "Ann=\"K 3 5 A\" Bob=\"Q J 10 2\" Cid=\"7 7 K 4\" Dee=\"A 2 K 2\"");
	assert_int_equal(st->p[0].total, 9);
	assert_int_equal(st->p[1].total, 32);
	assert_int_equal(st->p[2].total, 4);
	assert_int_equal(st->p[3].total, 1);
	assert_int_equal(st->p[3].rank, 1);
	assert_int_equal(st->p[1].rank, 4);
	state_free(st);
}

static void
test_gf1b_six_card(void **unused)
{
	(void)unused;
	assert_int_equal(layout("layout=6", "K 5 7 K 3 9"), 24);
	assert_int_equal(layout("layout=6", "2 2 4 6 6 4"), 16);
	assert_int_equal(layout("layout=6 cancel=columns", "K 5 7 K 3 9"), 24);
	struct game_state *st = game(2, "layout=6");
	assert_string_equal(options_get(&st->opts, "cancel"), "columns");
	refused(st, "Ann=\"K 5 7 K 3\" Bob=0", ST_RULE, "Ann", "exactly 6");
	state_free(st);
}

/* GF2: knocker 3 and the others 2, 9, 12 (not lowest) or 5, 9, 12 (lowest). */
static long
knock(const char *opts, const char *others)
{
	struct game_state *st = game(4, opts);
	char *e = xasprintf("Ann=3 %s --knock Ann", others);
	ok(st, e);
	long v = st->hands[0].points[0];
	free(e);
	state_free(st);
	return v;
}

static void
test_gf2_knocker(void **unused)
{
	(void)unused;
	const char *high = "Bob=2 Cid=9 Dee=12", *low = "Bob=5 Cid=9 Dee=12";
	assert_int_equal(knock("knocker_penalty=plus10", high), 13);
	assert_int_equal(knock("knocker_penalty=double_plus5", high), 11);
	assert_int_equal(knock("knocker_penalty=equal_highest", high), 12);
	assert_int_equal(knock("knocker_reward=zero_if_lowest", low), 0);
	assert_int_equal(knock("knocker_reward=minus_players_else_double", low), -1);
	assert_int_equal(knock("knocker_reward=minus_players_else_double", high), 6);
	/* no adjustment by default, and none for a lowest knocker under a penalty */
	assert_int_equal(knock("", high), 3);
	assert_int_equal(knock("knocker_penalty=plus10", low), 3);
	/* a tie for lowest counts as lowest unless the option says otherwise */
	assert_int_equal(knock("knocker_penalty=plus10", "Bob=3 Cid=9 Dee=12"), 3);
	assert_int_equal(knock("knocker_penalty=plus10 knocker_tie_counts_as_lowest=false",
	    "Bob=3 Cid=9 Dee=12"), 13);
}

static void
test_card_values(void **unused)
{
	(void)unused;
	assert_int_equal(layout("queen_value=20", "Q 2 3 4"), 29);
	assert_int_equal(layout("j0_q12_k13=true", "J Q K A"), 26);
	assert_int_equal(layout("jack_value=0", "J J 2 3"), 5);
	assert_int_equal(layout("jack_value=20_skip_next", "J 2 3 4"), 29);
	assert_int_equal(layout("spade_queen_40_eights_zero=true", "QS QH 8 A"), 51);
	assert_int_equal(layout("jokers=minus5", "Jk Jk K K"), -10);
	assert_int_equal(layout("jokers=zero", "Jk 2 3 4"), 9);
	/* one-eyed jacks pair with anything: J♠ with the Q makes both 0 */
	assert_int_equal(layout("one_eyed_jacks_wild", "JS Q 3 4"), 7);
	assert_int_equal(layout("one_eyed_jacks_wild=yes", "JD Q 3 4"), 27);
	assert_int_equal(layout("one_eyed_jacks_wild=true cancel=all_multiples", "J♥ 9 9 4"), 0);
	/* peeks cost a point each */
	struct game_state *st = game(2, "peek_cost=1");
	ok(st, "Ann=\"K 3 5 A\" Ann.peeks=2 Bob=4");
	assert_int_equal(st->p[0].total, 11);
	state_free(st);
}

static void
test_errors(void **unused)
{
	(void)unused;
	struct game_state *st = game(4, "");
	/* a layout needs exactly 4 cards */
	refused(st, "Ann=\"K 3 5\" Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "exactly 4");
	/* more of a rank than one pack holds */
	refused(st, "Ann=\"K K K A\" Bob=\"K K 3 4\" Cid=1 Dee=1", ST_RULE, "Bob", "K makes 5");
	/* the same suited card twice */
	refused(st, "Ann=\"KS 2 3 4\" Bob=\"KS 5 6 7\" Cid=1 Dee=1", ST_RULE, "Bob", "K♠");
	/* jokers only when enabled */
	refused(st, "Ann=\"Jk 2 3 4\" Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "jokers");
	/* totals outside the preset's range */
	refused(st, "Ann=41 Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "0 to 40");
	refused(st, "Ann=-1 Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "0 to 40");
	/* every active player */
	refused(st, "Ann=1 Bob=1 Cid=1", ST_RULE, "Dee", NULL);
	/* one knocker */
	refused(st, "Ann=1 Bob=1 Cid=1 Dee=1 --knock Ann --knock Bob", ST_RULE, NULL, "one player knocks");
	/* peeks without peek_cost */
	refused(st, "Ann=1 Ann.peeks=1 Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "peek_cost");
	/* not a card */
	refused(st, "Ann=\"K 3 5 X\" Bob=1 Cid=1 Dee=1", ST_USAGE, "Ann", "'X'");
	/* nobody was stored by any refusal */
	assert_int_equal(st->nhands, 0);
	state_free(st);

	st = game(4, "preset=house");
	refused(st, "Ann=40 Bob=1 Cid=1 Dee=1", ST_RULE, "Ann", "0 to 39");
	ok(st, "Ann=39 Bob=1 Cid=1 Dee=1");
	/* house holes end by exposing cards: there is no knocker */
	refused(st, "Ann=1 Bob=2 Cid=1 Dee=1 --knock Ann", ST_RULE, "Ann", "end_method");
	state_free(st);

	st = game(4, "jokers=minus5");
	ok(st, "Ann=-10 Bob=1 Cid=1 Dee=1");
	state_free(st);
}

static void
test_nine_holes(void **unused)
{
	(void)unused;
	struct game_state *st = game(3, "");
	const char *holes[9] = {
		"Ann=\"K 3 5 A\" Bob=\"Q J 10 2\" Cid=\"7 7 K 4\" --knock Ann",
		"Ann=10 Bob=4 Cid=7", "Ann=2 Bob=8 Cid=3", "Ann=5 Bob=5 Cid=5",
		"Ann=12 Bob=0 Cid=20", "Ann=1 Bob=9 Cid=6", "Ann=4 Bob=3 Cid=2",
		"Ann=6 Bob=11 Cid=1", "Ann=\"A A 2 K\" Bob=\"3 3 4 K\" Cid=\"Q Q 9 9\"",
	};
	for (int h = 0; h < 9; h++) {
		assert_false(st->over);
		ok(st, holes[h]);
	}
	/* Ann 9+10+2+5+12+1+4+6+4 = 53; Bob 32+4+8+5+0+9+3+11+10 = 82;
	 * Cid 18+7+3+5+20+6+2+1+38 = 100 */
	assert_true(st->over);
	assert_int_equal(st->p[0].total, 53);
	assert_int_equal(st->p[1].total, 82);
	assert_int_equal(st->p[2].total, 100);
	assert_true(st->p[0].winner);
	assert_false(st->p[1].winner);
	refused(st, "Ann=1 Bob=1 Cid=1", ST_RULE, NULL, "over");
	/* the dealer went round: Ann, Bob, Cid, ... */
	state_free(st);

	st = game(2, "target=30");
	ok(st, "Ann=20 Bob=10");
	assert_false(st->over);
	ok(st, "Ann=10 Bob=5");
	assert_true(st->over);
	assert_true(st->p[1].winner);
	state_free(st);

	st = game(2, "holes=18");
	for (int h = 0; h < 17; h++)
		ok(st, "Ann=1 Bob=1");
	assert_false(st->over);
	ok(st, "Ann=1 Bob=2");
	assert_true(st->over);
	assert_true(st->p[0].winner);
	state_free(st);
}

static long
jar_sum(const struct game_state *st)
{
	long s = st->pot;
	for (int i = 0; i < st->nplayers; i++)
		s += st->p[i].held;
	return s;
}

static void
test_house_quarters(void **unused)
{
	(void)unused;
	struct game_state *st = game(3, "preset=house quarters=2");
	assert_int_equal(st->p[0].held, 2);
	ok(st, "Ann=\"Q Q Q K\" Bob=\"5 5 5 9\" Cid=\"10 J Q 9\""); /* 0, 9, 39: Cid pays */
	assert_int_equal(st->p[2].held, 1);
	assert_int_equal(st->pot, 1);
	ok(st, "Ann=5 Bob=5 Cid=5");   /* everyone ties: nobody pays */
	assert_int_equal(st->pot, 1);
	ok(st, "Ann=5 Bob=9 Cid=9");   /* Bob and Cid tie for highest: both pay */
	assert_int_equal(st->p[1].held, 1);
	assert_int_equal(st->p[2].held, 0);
	assert_true(st->p[2].out);
	assert_int_equal(st->pot, 3);
	assert_int_equal(jar_sum(st), 6);
	/* Cid is out: only a zero line is allowed */
	refused(st, "Ann=1 Bob=2 Cid=3", ST_RULE, "Cid", "out");
	ok(st, "Ann=1 Bob=2 Cid=0");   /* Bob pays his last quarter: Ann takes the jar */
	assert_true(st->over);
	assert_true(st->p[0].winner);
	assert_int_equal(st->p[0].held, 6);
	assert_int_equal(st->pot, 0);
	assert_int_equal(jar_sum(st), 6);
	assert_int_equal(st->p[0].rank, 1);
	assert_int_equal(st->p[1].rank, 2); /* out later than Cid */
	assert_int_equal(st->p[2].rank, 3);
	state_free(st);

	/* quarter_tie=cut: the loser of the cut is named */
	st = game(3, "preset=house quarter_tie=cut");
	refused(st, "Ann=5 Bob=9 Cid=9", ST_RULE, NULL, "--pays");
	refused(st, "Ann=5 Bob=9 Cid=9 --pays Ann", ST_RULE, "Ann", "not among");
	ok(st, "Ann=5 Bob=9 Cid=9 --pays Cid");
	assert_int_equal(st->p[2].held, 3);
	assert_int_equal(st->p[1].held, 4);
	state_free(st);

	st = game(3, "preset=house quarter_tie=nobody_pays");
	ok(st, "Ann=5 Bob=9 Cid=9");
	assert_int_equal(st->pot, 0);
	state_free(st);
}

static void
test_knock_pot(void **unused)
{
	(void)unused;
	struct game_state *st = game(3, "knock_pot=2");
	ok(st, "Ann=3 Bob=9 Cid=8 --knock Ann");   /* pot 3 x 2 = 6; Ann is lowest and takes it */
	assert_int_equal(st->p[0].held, 4);
	assert_int_equal(st->p[1].held, -2);
	assert_int_equal(st->pot, 0);
	ok(st, "Ann=10 Bob=9 Cid=8 --knock Bob");  /* refilled to 6; Bob is not lowest: doubles it */
	assert_int_equal(st->p[0].held, 2);
	assert_int_equal(st->p[1].held, -10);
	assert_int_equal(st->pot, 12);
	long sum = st->pot;
	for (int i = 0; i < 3; i++)
		sum += st->p[i].held;
	assert_int_equal(sum, 0);
	state_free(st);

	/* the cap limits what is won from, or paid into, the pot */
	st = game(3, "knock_pot=2:5");
	ok(st, "Ann=3 Bob=9 Cid=8 --knock Ann");
	assert_int_equal(st->p[0].held, 3);
	assert_int_equal(st->pot, 1);
	ok(st, "Ann=9 Bob=2 Cid=8 --knock Ann");   /* pot 1 is not empty: no refill; Ann pays 1 */
	assert_int_equal(st->p[0].held, 2);
	assert_int_equal(st->pot, 2);
	state_free(st);
}

static void
test_option_conflicts(void **unused)
{
	(void)unused;
	const struct game_rules *r = rules_find("golf");
	struct optset os = {0};
	struct diag d = {0};
	char *bad[][2] = {
		{ "j0_q12_k13=true", "queen_value=12" },
		{ "preset=house", "knocker_penalty=plus10" },
		{ "cancel=sideways", "layout=4" },
		{ "layout=5", "holes=9" },
		{ "colour=red", "holes=9" },
		{ "preset=casino", "holes=9" },
	};
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		assert_int_equal(options_build(r, 4, bad[i], 2, &os, &d), ST_USAGE);
		diag_clear(&d);
	}
	/* packs follow the player count unless set */
	char *none[] = { NULL };
	assert_int_equal(options_build(r, 8, none, 0, &os, &d), ST_OK);
	assert_string_equal(options_get(&os, "packs"), "2");
	options_release(&os);
	char *six[] = { "layout=6" };
	assert_int_equal(options_build(r, 5, six, 1, &os, &d), ST_OK);
	assert_string_equal(options_get(&os, "packs"), "2");
	options_release(&os);
	char *pre[] = { "golf.preset=house", "golf.quarters=3" };
	assert_int_equal(options_build(r, 4, pre, 2, &os, &d), ST_OK);
	assert_string_equal(options_get(&os, "stakes"), "quarters");
	assert_string_equal(options_get(&os, "quarters"), "3");
	assert_string_equal(options_get(&os, "cancel"), "all_multiples");
	options_release(&os);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gf1_layouts),
		cmocka_unit_test(test_gf1_four_players),
		cmocka_unit_test(test_gf1b_six_card),
		cmocka_unit_test(test_gf2_knocker),
		cmocka_unit_test(test_card_values),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_nine_holes),
		cmocka_unit_test(test_house_quarters),
		cmocka_unit_test(test_knock_pot),
		cmocka_unit_test(test_option_conflicts),
	};
	return cmocka_run_group_tests_name("golf", tests, NULL, NULL);
}
