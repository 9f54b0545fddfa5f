/* SPDX-License-Identifier: ISC */
/*
 * test_core.c: cards (SPEC "Cards"), entry tokens (SPEC section 3) and the
 * pack-count invariant (RULES section 0).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../core/cards.h"
#include "../../core/entry.h"
#include "../../core/names.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

static void
test_cards_parse(void **unused)
{
	(void)unused;
	struct card c[CARDS_MAX];
	struct diag d = {0};
	int n;
	assert_int_equal(cards_parse("K 3 5 A", "Ann", c, CARDS_MAX, &n, &d), ST_OK);
	assert_int_equal(n, 4);
	assert_int_equal(c[0].rank, RANK_K);
	assert_int_equal(c[3].rank, RANK_A);
	assert_int_equal(cards_parse("10h,TS  q♠ jk * 2♦ 9c j♥", NULL, c, CARDS_MAX, &n, &d), ST_OK);
	assert_int_equal(n, 8);
	assert_int_equal(c[0].rank, 10);
	assert_int_equal(c[0].suit, SUIT_H);
	assert_int_equal(c[1].rank, 10);
	assert_int_equal(c[1].suit, SUIT_S);
	assert_int_equal(c[2].rank, RANK_Q);
	assert_int_equal(c[2].suit, SUIT_S);
	assert_int_equal(c[3].rank, RANK_JOKER);
	assert_int_equal(c[4].rank, RANK_JOKER);
	assert_int_equal(c[5].suit, SUIT_D);
	assert_int_equal(c[7].rank, RANK_J);
	assert_int_equal(c[7].suit, SUIT_H);

	const char *bad[] = { "1", "11", "KX", "Z", "10HH", "Q♠♠", "A♪" };
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		assert_int_equal(cards_parse(bad[i], "Ann", c, CARDS_MAX, &n, &d), ST_USAGE);
		assert_non_null(strstr(d.message, "Ann"));
		diag_clear(&d);
	}
	assert_int_equal(cards_parse("A 2 3", "Ann", c, 2, &n, &d), ST_USAGE);
	diag_clear(&d);

	char buf[16];
	struct card qs = { RANK_Q, SUIT_S }, ten = { 10, SUIT_NONE }, jk = { RANK_JOKER, 0 };
	assert_string_equal(card_format(qs, 1, buf), "Q♠");
	assert_string_equal(card_format(qs, 0, buf), "QS");
	assert_string_equal(card_format(ten, 1, buf), "10");
	assert_string_equal(card_format(jk, 1, buf), "Jk");
	assert_true(cards_looks_like_list("K 3 5 A"));
	assert_false(cards_looks_like_list("18"));
	assert_false(cards_looks_like_list("-5"));
}

static void
test_pack_count(void **unused)
{
	(void)unused;
	struct card_count cc;
	struct card c[8];
	struct diag d = {0};
	int n;
	memset(&cc, 0, sizeof cc);
	cards_parse("A A A", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 1, 0, "Ann", &d), ST_OK);
	cards_parse("A 2", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 1, 0, "Bob", &d), ST_OK);
	cards_parse("A", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 1, 0, "Cid", &d), ST_RULE);
	assert_non_null(strstr(d.message, "Cid"));
	diag_clear(&d);
	/* two packs hold eight */
	memset(&cc, 0, sizeof cc);
	cards_parse("A A A A A A A A", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 2, 4, "Ann", &d), ST_OK);
	cards_parse("Jk Jk Jk Jk", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 2, 4, "Ann", &d), ST_OK);
	cards_parse("Jk", NULL, c, 8, &n, &d);
	assert_int_equal(cards_count_add(&cc, c, n, 2, 4, "Bob", &d), ST_RULE);
	diag_clear(&d);
}

static void
test_split_and_quote(void **unused)
{
	(void)unused;
	int argc;
	char **argv;
	struct diag d = {0};
	assert_int_equal(entry_split("Ann=\"K 3 5 A\" 'Mary Jo'=4 --knock Ann \"a\\\"b\"=1", &argc, &argv, &d), ST_OK);
	assert_int_equal(argc, 5);
	assert_string_equal(argv[0], "Ann=K 3 5 A");
	assert_string_equal(argv[1], "Mary Jo=4");
	assert_string_equal(argv[2], "--knock");
	assert_string_equal(argv[4], "a\"b=1");
	assert_null(argv[5]);
	entry_argv_free(argc, argv);
	assert_int_equal(entry_split("Ann=\"K 3", &argc, &argv, &d), ST_USAGE);
	diag_clear(&d);

	char *q = entry_quote("Mary \"Jo\"");
	assert_string_equal(q, "\"Mary \\\"Jo\\\"\"");
	assert_int_equal(entry_split(q, &argc, &argv, &d), ST_OK);
	assert_string_equal(argv[0], "Mary \"Jo\"");
	entry_argv_free(argc, argv);
	free(q);

	/* A newline is a separator to entry_split, so a word holding one
	 * must come back quoted (found by make fuzz). */
	q = entry_quote("o\n");
	assert_string_equal(q, "\"o\n\"");
	assert_int_equal(entry_split(q, &argc, &argv, &d), ST_OK);
	assert_int_equal(argc, 1);
	assert_string_equal(argv[0], "o\n");
	entry_argv_free(argc, argv);
	free(q);
}

static void
test_parse_entry(void **unused)
{
	(void)unused;
	const struct game_rules *golf = rules_find("golf");
	char *names[] = { "Ann", "Anna", "Bob", "J.R.", "李雷" };
	struct hand_entry e;
	struct diag d = {0};
	char *argv[] = { "bo=3", "ann=\"K 3\"", "J.R..peeks=2", "J.R.=4", "李=7", "--knock", "anna", NULL };
	assert_int_equal(entry_parse(7, argv, golf, names, 5, &e, &d), ST_OK);
	assert_string_equal(entry_get(&e, 2, NULL), "3");
	assert_string_equal(entry_get(&e, 0, NULL), "\"K 3\"");
	assert_string_equal(entry_get(&e, 3, "peeks"), "2");
	assert_string_equal(entry_get(&e, 3, NULL), "4");
	assert_string_equal(entry_get(&e, 4, NULL), "7");
	assert_int_equal(entry_role(&e, "knock")->seat, 1);
	char *canon = entry_format(&e, names);
	assert_string_equal(canon,
	    "Ann=\"\\\"K 3\\\"\" Bob=3 J.R.=4 J.R..peeks=2 李雷=7 --knock Anna");
	free(canon);
	entry_release(&e);

	char *amb[] = { "An=3", NULL };
	assert_int_equal(entry_parse(1, amb, golf, names, 5, &e, &d), ST_USAGE);
	assert_non_null(strstr(d.message, "Anna"));
	entry_release(&e);
	diag_clear(&d);
	char *who[] = { "Zed=3", NULL };
	assert_int_equal(entry_parse(1, who, golf, names, 5, &e, &d), ST_NOINPUT);
	entry_release(&e);
	diag_clear(&d);
	char *field[] = { "Bob.colour=3", NULL };
	assert_int_equal(entry_parse(1, field, golf, names, 5, &e, &d), ST_USAGE);
	entry_release(&e);
	diag_clear(&d);
	char *role[] = { "--wash", NULL };
	assert_int_equal(entry_parse(1, role, golf, names, 5, &e, &d), ST_USAGE);
	entry_release(&e);
	diag_clear(&d);
	char *twice[] = { "Bob=3", "bob=4", NULL };
	assert_int_equal(entry_parse(2, twice, golf, names, 5, &e, &d), ST_USAGE);
	entry_release(&e);
	diag_clear(&d);
	char *noeq[] = { "Bob", NULL };
	assert_int_equal(entry_parse(1, noeq, golf, names, 5, &e, &d), ST_USAGE);
	entry_release(&e);
	diag_clear(&d);
}

static void
test_utf8(void **unused)
{
	(void)unused;
	assert_true(utf8_clean("Zoë José 李雷"));
	assert_false(utf8_clean("bad\xff"));
	assert_false(utf8_clean("tab\there"));
	assert_false(utf8_clean("\xc0\x80"));
	assert_int_equal(utf8_width("李雷"), 4);
	assert_int_equal(utf8_width("Zoë"), 3);
	/* marks take no column: a Devanagari conjunct and vowel signs, Thai */
	assert_int_equal(utf8_width("प्रिया"), 3);
	assert_int_equal(utf8_width("สมชาย"), 5);
	assert_int_equal(utf8_width("שרה"), 3);
	char *f = utf8_fit("王小明", 3);
	assert_string_equal(f, "王 ");
	free(f);
	f = utf8_fit("प्रिया", 5);
	assert_string_equal(f, "प्रिया  ");
	free(f);
	f = utf8_fit("प्रिया", 2); /* never a letter without its marks */
	assert_string_equal(f, "प्रि");
	free(f);
	f = utf8_fit("Rene\xcc\x81" "e", 4); /* e + U+0301 stays whole */
	assert_string_equal(f, "Rene\xcc\x81");
	free(f);
}

/* The pot has one name per game, declared on its rules and read
 * by every printer through rules_pot_name(). */
static void
test_pot_name(void **unused)
{
	(void)unused;
	assert_string_equal(rules_pot_name(rules_find("bankrupt")), "centre");
	assert_string_equal(rules_pot_name(rules_find("golf")), "jar");
	assert_string_equal(rules_pot_name(rules_find("chase-ace")), "pot");
	assert_string_equal(rules_pot_name(rules_find("trash")), "pot"); /* none declared */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cards_parse),
		cmocka_unit_test(test_pack_count),
		cmocka_unit_test(test_split_and_quote),
		cmocka_unit_test(test_parse_entry),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_pot_name),
	};
	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
