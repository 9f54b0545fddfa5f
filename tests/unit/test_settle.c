/* SPDX-License-Identifier: ISC */
/*
 * test_settle.c: the fewest payments (core/settle.h): groups that square
 * among themselves are found, so a table settles in fewer payments than
 * paying the largest debt to the largest credit would take.
 */
#include "helpers.h"

#include <stdlib.h>

#include "../../core/settle.h"

/* every party ends square, and no payment is of nothing */
static void
assert_squares(const long *net, int n, const struct settle_payment *p, int np)
{
	long left[16] = {0};
	for (int i = 0; i < n; i++)
		left[i] = net[i];
	for (int k = 0; k < np; k++) {
		assert_true(p[k].cents > 0);
		left[p[k].from] += p[k].cents;
		left[p[k].to] -= p[k].cents;
	}
	for (int i = 0; i < n; i++)
		assert_int_equal(left[i], 0);
}

static void
test_groups(void **state)
{
	(void)state;
	/* largest against largest takes 4: -4 to +6, -3 to +4, -3 to +2
	 * and +1; the pairs {+4, -4} and {+6, -3, -3} take 3 */
	long net[] = { 600, 400, -300, -300, -400 };
	struct settle_payment *p = NULL;
	int np = settle_payments(net, 5, &p);
	assert_int_equal(np, 3);
	assert_squares(net, 5, p, np);
	free(p);
}

static void
test_square_and_one(void **state)
{
	(void)state;
	long zero[] = { 0, 0, 0 };
	struct settle_payment *p = NULL;
	assert_int_equal(settle_payments(zero, 3, &p), 0);
	free(p);
	long one[] = { -175, 0, 175 };
	assert_int_equal(settle_payments(one, 3, &p), 1);
	assert_int_equal(p[0].from, 0);
	assert_int_equal(p[0].to, 2);
	assert_int_equal(p[0].cents, 175);
	free(p);
}

static void
test_money(void **state)
{
	(void)state;
	char b[32];
	settle_money(175, b, sizeof b);
	assert_string_equal(b, "$1.75");
	settle_money(-30, b, sizeof b);
	assert_string_equal(b, "-$0.30");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_square_and_one),
		cmocka_unit_test(test_money),
	};
	return cmocka_run_group_tests_name("settle", tests, NULL, NULL);
}
