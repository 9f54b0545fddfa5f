/* SPDX-License-Identifier: ISC */
/*
 * test_pad_columns.c: what Hand & Foot, Golf and Bankrupt show on their
 * score pads: each declared hand column read back with
 * state_hand_get() from a replayed state, with the values of the RULES worked
 * examples (HF1, B1, B3, the dead rounds of 4.3 step 7, the house quarters
 * of 9.5), and the sheet's note of each hand in words.
 */
#include "helpers.h"
#include "../../core/view.h"

/* Seat's value of the hand column `key` in hand h (0-based). */
static long
col(const struct game_state *st, int h, const char *key, int seat)
{
	int c = rules_hand_column(st->rules, key);
	if (c < 0)
		fail_msg("%s declares no hand column %s", st->rules->name, key);
	return state_hand_get(st, &st->hands[h], c, seat);
}

/* The hand column `key` is declared SHEET_LINE, labelled, and shown in st. */
static void
on_pad(const struct game_state *st, const char *key, const char *label)
{
	int c = rules_hand_column(st->rules, key);
	assert_true(c >= 0);
	const struct hand_column *hc = &st->rules->view.hand_columns[c];
	assert_int_equal(hc->place, SHEET_LINE);
	assert_string_equal(hc->label, label);
	assert_true(hc->shown == NULL || hc->shown(st));
}

static const char *hf1 =
    "--out A A.clean=1 A.dirty=2 A.red3=1 A.meld=335 A.opening=90 "
    "B.dirty=1 B.meld=140 B.opening=70 B.left=60 C.left=20";

/* HF1 (RULES 8.7): X (A) goes out with 1 clean, 2 dirty, 1 red three and
 * 335 melded; Y (B) has 1 dirty, 140 melded, 60 left.  The pad's lines
 * come in a score pad's order. */
static void
test_hf_columns(void **u)
{
	(void)u;
	static const char *const order[] = { "clean", "dirty", "red3", "went_out", "meld", "left" };
	static const char *const labels[] = { "clean books", "dirty books", "red 3s", "went out",
		"points melded", "cards left" };
	for (int k = 0; k < 2; k++) {
		struct game_state *st = new_game("hand-foot", 3, k ? "preset=common" : "", 0);
		accept_entry(st, hf1);
		for (int c = 0; c < 6; c++) {
			assert_int_equal(rules_hand_column(st->rules, order[c]), c);
			on_pad(st, order[c], labels[c]);
		}
		const long a[] = { 1, 2, 1, 1, 335, 0 }, b[] = { 0, 1, 0, 0, 140, 60 }, cc[] = { 0, 0, 0, 0, 0, 20 };
		for (int c = 0; c < 6; c++) {
			assert_int_equal(col(st, 0, order[c], 0), a[c]);
			assert_int_equal(col(st, 0, order[c], 1), b[c]);
			assert_int_equal(col(st, 0, order[c], 2), cc[c]);
		}
		assert_int_equal(st->rules->view.hand_columns[3].kind, COLUMN_FLAG);
		assert_int_equal(col(st, 0, "foot_red3", 1), 0);
		/* the round's score comes from points, as before */
		assert_int_equal(st->hands[0].points[0], k ? 100 + 500 + 600 + 100 + 335 : 645);
		state_free(st);
	}
}

/* The round minimums in the row label, for both presets (RULES 8.1). */
static void
test_hf_labels(void **u)
{
	(void)u;
	const char *presets[] = { "", "preset=common" };
	const char *want[] = { "Round 1 (meld 60)", "Round 2 (meld 90)", "Round 3 (meld 120)", "Round 4 (meld 150)" };
	for (int k = 0; k < 2; k++) {
		struct game_state *st = new_game("hand-foot", 2, presets[k], 0);
		for (int n = 1; n <= 4; n++) {
			char buf[64];
			rules_hand_label(st->rules, &st->opts, n, buf, sizeof buf);
			assert_string_equal(buf, want[n - 1]);
		}
		state_free(st);
	}
}

/* How each Hand & Foot line adds up, with the worth of one from the
 * options in force (RULES 8.3; the seed's 50 and 30, the common preset's
 * 500 and 300, a table's own red three), as the pad's labels print it. */
static void
test_hf_counts(void **u)
{
	(void)u;
	const char *opts[] = { "", "preset=common red_three=75 going_out_bonus=250" };
	const long clean[] = { 50, 500 }, dirty[] = { 30, 300 }, red[] = { 100, 75 }, out[] = { 100, 250 };
	for (int k = 0; k < 2; k++) {
		struct game_state *st = new_game("hand-foot", 3, opts[k], 0);
		accept_entry(st, hf1);
		struct view *v = view_build(st, NULL);
		const enum column_counts want[] = { COUNTS_TIMES, COUNTS_TIMES, COUNTS_TIMES, COUNTS_BONUS,
			COUNTS_PLUS, COUNTS_MINUS };
		const long per[] = { clean[k], dirty[k], red[k], out[k], 0, 0 };
		for (int c = 0; c < 6; c++) {
			assert_int_equal(v->hand_lines[c].counts, want[c]);
			assert_int_equal(v->hand_lines[c].per, per[c]);
			assert_int_equal(v->hands[0].lines[c].per, per[c]);   /* each hand as declared */
		}
		view_free(v);
		state_free(st);
	}
}

/* House Golf (RULES 9.5): the quarters each player paid (-1) or won on
 * each hole; a player already out has none; the note names who paid and
 * the jar after the hole. */
static void
test_golf_quarters(void **u)
{
	(void)u;
	struct game_state *st = new_game("golf", 3, "preset=house quarters=2", 0);
	on_pad(st, "quarters", "quarters");
	accept_entry(st, "A=\"Q Q Q K\" B=\"5 5 5 9\" C=\"10 J Q 9\""); /* 0, 9, 39: C pays */
	accept_entry(st, "A=5 B=5 C=5");                              /* a tie: nobody pays */
	accept_entry(st, "A=5 B=9 C=9");                              /* B and C pay; C is out */
	accept_entry(st, "A=1 B=2 C=0");                              /* B's last: A takes the jar */
	const long want[4][3] = { { 0, 0, -1 }, { 0, 0, 0 }, { 0, -1, -1 }, { 4, -1, COLUMN_NONE } };
	for (int h = 0; h < 4; h++)
		for (int i = 0; i < 3; i++)
			assert_int_equal(col(st, h, "quarters", i), want[h][i]);
	assert_string_equal(st->hands[0].sheet_note, "C paid; jar 1");
	assert_string_equal(st->hands[1].sheet_note, "nobody paid; jar 1");
	assert_string_equal(st->hands[2].sheet_note, "B, C paid; jar 3");
	assert_string_equal(st->hands[3].sheet_note, "B paid; A takes the jar");
	assert_string_equal(rules_note_label(st->rules, &st->opts), "jar");
	state_free(st);
	/* standard Golf keeps no quarters: the column is not shown, its
	 * values are empty, and there is no jar to note */
	st = new_game("golf", 2, "", 0);
	const struct hand_column *hc = &st->rules->view.hand_columns[rules_hand_column(st->rules, "quarters")];
	assert_false(hc->shown(st));
	accept_entry(st, "A=\"K 3 5 A\" B=12 --knock A");
	assert_int_equal(col(st, 0, "quarters", 0), COLUMN_NONE);
	assert_null(st->hands[0].sheet_note);
	state_free(st);
}

/* B1 (RULES 4.7): A offers 3, B and D accept; D wins and takes the
 * centre.  B3: C throws in, nobody ups; the centre of 1 stays. */
static void
test_bankrupt_upped(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	on_pad(st, "upped", "chips upped");
	accept_entry(st, "A=\"K 7\" B=\"A 3\" C=\"8 3\" D=\"A 5\" --up A=3:B,D");
	const long b1[] = { 3, 3, 0, 3 };
	for (int i = 0; i < 4; i++)
		assert_int_equal(col(st, 0, "upped", i), b1[i]);
	assert_string_equal(st->hands[0].sheet_note, "ante 9; D wins and takes the centre of 9");
	state_free(st);
	st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"4 4\" B=\"Q 9\" C=throw D=\"A K\"");
	for (int i = 0; i < 4; i++)
		assert_int_equal(col(st, 0, "upped", i), 0);
	assert_string_equal(st->hands[0].sheet_note, "ante 9; A wins; the centre carries 1 chip");
	state_free(st);
	/* a declined offer moves nothing */
	st = new_game("bankrupt", 2, "", 1);
	accept_entry(st, "A=\"A Q\" B=\"8 2\" --up A=4:");
	assert_int_equal(col(st, 0, "upped", 0), 0);
	state_free(st);
}

/* Dead rounds in words (RULES 4.3 step 7): nobody won, the centre
 * carries on; the third in a row splits it. */
static void
test_bankrupt_dead_words(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 4, "", 3);
	accept_entry(st, "A=\"2 3\" B=\"A K\" C=\"4 5\" D=\"A K\" --up A=2:B");
	accept_entry(st, "A=\"5 5\" B=\"5 5\" C=\"2 3\" D=\"4 6\"");
	accept_entry(st, "A=\"7 7\" B=\"7 7\" C=\"2 3\" D=\"4 6\"");
	assert_string_equal(st->hands[0].sheet_note, "ante 9; dead round, nobody won; the centre carries 4 chips");
	assert_string_equal(st->hands[1].sheet_note, "ante 9, doubled; dead round, nobody won; the centre carries 4 chips");
	assert_string_equal(st->hands[2].sheet_note,
	    "ante 9, tripled; dead round, nobody won; 3 in a row, so the centre is split, 1 chip each");
	assert_int_equal(col(st, 0, "upped", 0), 2);
	assert_int_equal(col(st, 0, "upped", 1), 2);
	assert_int_equal(col(st, 1, "upped", 1), 0);
	state_free(st);
}

/* The pad's start row: every player's opening chips are there before the
 * first round, from start_chips (RULES 4.5). */
static void
test_bankrupt_start(void **u)
{
	(void)u;
	struct game_state *st = new_game("bankrupt", 3, "start_chips=30", 0);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(st->p[i].held, 30);
		assert_int_equal(state_measure(st, i), 30);
	}
	assert_string_equal(state_measure_name(st), "chips");
	state_free(st);
}

/* The rows a filled pad of an open game keeps (SPEC section 7), as its
 * view says: a game of fixed length has it (Golf's holes, Trash's twelve
 * contracts, Hand & Foot's rounds, a pad's hands) and no spare rows, its
 * pad printing every row to the end; one of no fixed length (house Golf
 * with quarters, Gin) three spare, no more than Chase the Ace's lives
 * allow (2 players, 3 lives: 5 rounds at most); none once it is over. */
static void
test_view_rows(void **u)
{
	(void)u;
	static const struct {
		const char *kind, *opts, *entry;
		int nplayers, hands, length, spare;
	} c[] = {
		{ "golf", "", "A=1 B=2 C=3", 3, 2, 9, 0 },
		{ "golf", "holes=18", "A=1 B=2 C=3", 3, 2, 18, 0 },
		{ "golf", "preset=house", "A=1 B=2 C=3", 3, 2, 0, 3 },
		{ "trash", "", "A=4 B=3 C=5 D=1", 4, 1, 12, 0 },
		{ "hand-foot", "rounds=2 round_minimums=50,90", "--out A A.clean=1 A.dirty=2 A.meld=335 A.opening=90 B.left=60",
		    2, 1, 2, 0 },
		{ "pad", "hands=40", "A=5 B=21", 2, 2, 40, 0 },
		{ "gin", "", "--knock A A=7 B=22", 2, 1, 0, 3 },
		{ "chase-ace", "", "A=3 B=5;A=5 B=3", 2, 3, 0, 2 },
		{ "pad", "hands=1", "A=5 B=21", 2, 1, 1, 0 },  /* over */
	};
	for (size_t k = 0; k < ARRAY_LEN(c); k++) {
		struct game_state *st = new_game(c[k].kind, c[k].nplayers, c[k].opts, 0);
		/* the hands in turn from the entries (';' between) */
		char *copy = xstrdup(c[k].entry), *save = NULL, *e = strtok_r(copy, ";", &save);
		for (int h = 0; h < c[k].hands; h++) {
			accept_entry(st, e);
			char *next = strtok_r(NULL, ";", &save);
			e = next ? next : e;
		}
		free(copy);
		struct view *v = view_build(st, NULL);
		assert_int_equal(v->length, c[k].length);
		assert_int_equal(v->spare_rows, c[k].spare);
		view_free(v);
		state_free(st);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hf_columns),
		cmocka_unit_test(test_hf_labels),
		cmocka_unit_test(test_hf_counts),
		cmocka_unit_test(test_golf_quarters),
		cmocka_unit_test(test_bankrupt_upped),
		cmocka_unit_test(test_bankrupt_dead_words),
		cmocka_unit_test(test_bankrupt_start),
		cmocka_unit_test(test_view_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
