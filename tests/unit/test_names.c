/* SPDX-License-Identifier: ISC */
/*
 * test_names.c: player names (core/names.h): NFC on the way in, full
 * Unicode case folding to compare, and the one name check with a message
 * per rule.
 */
#include "helpers.h"

#include "../../core/entry.h"
#include "../../core/names.h"

/* e + U+0301 COMBINING ACUTE ACCENT, and U+00E9 */
#define E_NFD "e\xcc\x81"
#define E_NFC "\xc3\xa9"

static void
test_nfc(void **state)
{
	(void)state;
	char *n = names_nfc("Ren" E_NFD);
	assert_string_equal(n, "Ren" E_NFC);
	free(n);
	n = names_nfc("Ann");
	assert_string_equal(n, "Ann");
	free(n);
	assert_null(names_nfc("bad\xff"));
}

static void
test_fold(void **state)
{
	(void)state;
	/* ZOË and Zoë; ß and SS (full folding, not simple) */
	assert_true(names_eq("ZO\xc3\x8b", "Zo\xc3\xab"));
	assert_true(names_eq("Stra\xc3\x9f" "e", "STRASSE"));
	assert_true(names_eq("Ren" E_NFD, "REN" E_NFC));
	assert_true(names_eq("ann", "Ann"));
	assert_false(names_eq("Ann", "Anne"));
	assert_false(names_eq("Zo\xc3\xab", "Zoe"));
	/* U+212A KELVIN SIGN folds to k, although only one side is ASCII */
	assert_true(names_eq("\xe2\x84\xaa" "im", "kim"));
	assert_true(names_prefix("zo", "Zo\xc3\xab"));
	assert_true(names_prefix("ZO\xc3\x8b", "Zo\xc3\xab"));
	assert_true(names_prefix("", "Ann"));
	assert_false(names_prefix("Zoe", "Zo\xc3\xab"));
	char *f = names_fold("ZO\xc3\x8b");
	assert_string_equal(f, "zo\xc3\xab");
	free(f);
}

static void
test_entry_players(void **state)
{
	(void)state;
	char *names[] = { "Zo\xc3\xab", ("Ren" E_NFC), "Ann" };
	struct diag d = {0};
	assert_int_equal(entry_find_player("ZO\xc3\x8b", names, 3, &d), 0);
	assert_int_equal(entry_find_player("ren" E_NFD, names, 3, &d), 1);
	assert_int_equal(entry_find_player("ann", names, 3, &d), 2);
	assert_int_equal(entry_find_player("R", names, 3, &d), 1);
	assert_int_equal(entry_find_player("Rene", names, 3, &d), -1);
	assert_int_equal(d.status, ST_NOINPUT);
	diag_clear(&d);
}

/* The check refuses name with ST_USAGE and a message holding want. */
static void
refused(const char *name, const char *want)
{
	struct diag d = {0};
	char *nfc = (char *)"untouched";
	assert_int_equal(names_check(name, &nfc, &d), ST_USAGE);
	assert_null(nfc);
	assert_non_null(d.message);
	if (strstr(d.message, want) == NULL)
		fail_msg("'%s' not in '%s'", want, d.message);
	diag_clear(&d);
}

static void
test_check(void **state)
{
	(void)state;
	struct diag d = {0};
	char *nfc = NULL;
	assert_int_equal(names_check("Ren" E_NFD, &nfc, &d), ST_OK);
	assert_string_equal(nfc, "Ren" E_NFC);
	free(nfc);
	assert_int_equal(names_check("Mary Ann", &nfc, &d), ST_OK);
	free(nfc);
	assert_int_equal(names_check("Ann \"the shark\" O'Neil", NULL, &d), ST_OK);

	refused("", "cannot be empty");
	refused("A=B", "may not contain '='");
	refused("-ann", "may not start with '-'");
	refused(" Ann", "starts or ends with a space");
	refused("Ann ", "starts or ends with a space");
	refused("Ann\xc2\xa0", "starts or ends with a space");   /* no-break space */
	refused("Ann\tBob", "control character (U+0009)");
	refused("Ann\xc2\x85", "control character (U+0085)");
	refused("Ann\xe2\x80\xaeziB", "U+202E");                 /* right-to-left override */
	refused("Ann\xe2\x80\xaeziB", "Ann<U+202E>ziB");
	refused("An\xe2\x80\x8bn", "invisible format character (U+200B");  /* zero-width space */
	refused("An\xe2\x80\x8dn", "U+200D");                     /* zero-width joiner */
	refused("\xef\xbb\xbf" "Ann", "U+FEFF");
	refused("A\xe2\x80\xa8" "B", "line or paragraph separator");
	refused("bad\xff", "not valid UTF-8");

	char big[5001];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	refused(big, "longer than 200 bytes (5000)");
	refused(big, "... (5000 bytes)");
	memset(big, 'x', 200);
	big[200] = '\0';
	assert_int_equal(names_check(big, NULL, &d), ST_OK);
	big[200] = 'x';
	big[201] = '\0';
	refused(big, "longer than 200 bytes (201)");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nfc),
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_entry_players),
		cmocka_unit_test(test_check),
	};
	return cmocka_run_group_tests_name("names", tests, NULL, NULL);
}
