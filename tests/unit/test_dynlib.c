/* SPDX-License-Identifier: ISC */
/*
 * test_dynlib.c: libraries bound on first use (core/dynlib.h): a library
 * that is there binds its names, a missing one or a missing name is
 * refused with the package to install, and the slots stay as they were.
 */
#include "helpers.h"

#include <math.h>

#include "../../core/dynlib.h"

static void
test_binds(void **state)
{
	(void)state;
	static const char *const names[] = { "cos", "sqrt" };
	void *slots[2] = { NULL, NULL };
	struct diag d = {0};
	assert_int_equal(dynlib_bind("libm.so.6", "libc6", "a test", names, slots, 2, &d), ST_OK);
	double (*f)(double) = (double (*)(double))slots[1];
	assert_non_null(f);
	assert_true(f(16.0) == 4.0);
}

static void
test_missing_library(void **state)
{
	(void)state;
	static const char *const names[] = { "x" };
	void *slots[1] = { (void *)names };
	struct diag d = {0};
	assert_int_equal(dynlib_bind("libtally-no-such.so.9", "libnosuch9", "score sheets", names, slots, 1, &d),
	    ST_NOINPUT);
	assert_non_null(strstr(d.message, "libtally-no-such.so.9 is needed for score sheets"));
	assert_non_null(strstr(d.message, "apt-get install libnosuch9"));
	assert_ptr_equal(slots[0], (void *)names);
	diag_clear(&d);
}

static void
test_missing_name(void **state)
{
	(void)state;
	static const char *const names[] = { "cos", "tally_no_such_function" };
	void *slots[2] = { NULL, NULL };
	struct diag d = {0};
	assert_int_equal(dynlib_bind("libm.so.6", "libc6", "a test", names, slots, 2, &d), ST_NOINPUT);
	assert_non_null(strstr(d.message, "has no tally_no_such_function"));
	assert_null(slots[0]);
	diag_clear(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_binds),
		cmocka_unit_test(test_missing_library),
		cmocka_unit_test(test_missing_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
