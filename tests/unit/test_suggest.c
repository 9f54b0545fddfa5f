/* SPDX-License-Identifier: ISC */
/*
 * test_suggest.c: "did you mean" (core/suggest.h): the edit distance with
 * swaps and code points, how near is near enough, and the near-miss names
 * `new` warns about.
 */
#include "helpers.h"

#include "../../core/suggest.h"

static void
test_distance(void **state)
{
	(void)state;
	assert_int_equal(suggest_distance("golf", "golf"), 0);
	assert_int_equal(suggest_distance("glof", "golf"), 1);      /* one swap */
	assert_int_equal(suggest_distance("Prya", "Priya"), 1);     /* one insert */
	assert_int_equal(suggest_distance("PRIYA", "priya"), 0);    /* case */
	assert_int_equal(suggest_distance("Zoë", "Zoe"), 1);        /* one code point, two bytes */
	assert_int_equal(suggest_distance("", "abc"), 3);
	assert_int_equal(suggest_distance("kitten", "sitting"), 3);
	assert_int_equal(suggest_distance("ca", "abc"), 3);         /* no edit twice (OSA) */
}

static void
test_nearest(void **state)
{
	(void)state;
	const char *games[] = { "golf", "trash", "gin", "hand-foot", "chase-ace", NULL };
	assert_string_equal(suggest_nearest("glof", games, 6), "golf");
	assert_string_equal(suggest_nearest("gni", games, 6), "gin");
	assert_string_equal(suggest_nearest("hand_foot", games, 6), "hand-foot");
	assert_string_equal(suggest_nearest("chase", games, 6), "chase-ace");  /* a prefix */
	assert_null(suggest_nearest("poker", games, 6));
	assert_null(suggest_nearest("xyz", games, 6));
	assert_null(suggest_nearest("", games, 6));
}

static void
test_near_name(void **state)
{
	(void)state;
	const char *known[] = { "Priya", "Bob", "Bobby", "Cid" };
	assert_string_equal(suggest_near_name("Prya", known, 4), "Priya");
	assert_string_equal(suggest_near_name("Pri", known, 4), "Priya");   /* a unique prefix */
	assert_string_equal(suggest_near_name("Bo", known, 4), "Bob");      /* one edit wins over an ambiguous prefix */
	assert_null(suggest_near_name("Priya", known, 4));                 /* known */
	assert_null(suggest_near_name("bob", known, 4));                   /* known, in another case */
	assert_null(suggest_near_name("Zoe", known, 4));
	const char *two[] = { "Alice", "Alfred" };
	assert_null(suggest_near_name("Al", two, 2));                      /* a prefix of two */
}

static void
test_alias(void **state)
{
	(void)state;
	const char *known[] = { "Bob", "Zo\xc3\xab", "Margaret", "Al" };
	assert_string_equal(suggest_alias("Bobby", known, 4), "Bob");         /* a known name is its start */
	assert_string_equal(suggest_alias("ZOE", known, 4), "Zo\xc3\xab");    /* case and accents */
	assert_string_equal(suggest_alias("Margret", known, 4), "Margaret");  /* one edit */
	assert_string_equal(suggest_alias("Margarit", known, 4), "Margaret"); /* one edit */
	assert_null(suggest_alias("bob", known, 4));                          /* known already */
	assert_null(suggest_alias("Cid", known, 4));
	assert_null(suggest_alias("Alex", known, 4));                         /* "Al": too short a start */
	assert_null(suggest_alias("Ben", known, 4));                          /* two edits in a short name */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_nearest),
		cmocka_unit_test(test_near_name),
		cmocka_unit_test(test_alias),
	};
	return cmocka_run_group_tests_name("suggest", tests, NULL, NULL);
}
