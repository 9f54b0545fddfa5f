/* SPDX-License-Identifier: ISC */
/* Hollywood's three games (games/hollywood.c; RULES 6.4 and 3.5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../games/hollywood.h"

/* A's first win opens game 1, B's first too; A's second scores in games
 * 1 and 2, and closes game 1 at the target; A's third scores in 2 and 3
 * only, game 1 being closed, and its cell is empty after hand 3. */
static void
test_credit_and_cells(void **u)
{
	(void)u;
	struct hollywood h;
	unsigned closed = 9;
	hollywood_init(&h);
	assert_int_equal(hollywood_credit(&h, 0, 40, 100, 1, &closed), 1u);
	assert_int_equal(closed, 0u);
	assert_int_equal(hollywood_cell(&h, 0, 0, 1), 40);
	assert_int_equal(hollywood_cell(&h, 1, 0, 1), COLUMN_NONE); /* not open for A yet */
	assert_int_equal(hollywood_cell(&h, 0, 1, 1), COLUMN_NONE); /* B has not won */
	assert_int_equal(hollywood_credit(&h, 1, 15, 100, 2, NULL), 1u);
	assert_int_equal(hollywood_credit(&h, 0, 75, 100, 3, &closed), 3u);
	assert_int_equal(closed, 1u);
	assert_int_equal(h.closed[0], 0);
	assert_int_equal(h.closed_at[0], 3);
	assert_int_equal(hollywood_cell(&h, 0, 0, 3), 115);           /* closed by this hand: shown */
	assert_int_equal(hollywood_cell(&h, 0, 0, 4), COLUMN_NONE);   /* after it: empty */
	assert_int_equal(hollywood_credit(&h, 0, 10, 100, 4, &closed), 6u);
	assert_int_equal(h.boxes[0][0], 2);
	assert_int_equal(h.boxes[1][0], 2);
	assert_int_equal(h.boxes[2][0], 1);
	int winner[2];
	assert_false(hollywood_over(&h, winner));
}

/* Three closed games: the one who won more of them wins the match; with
 * no target nothing ever closes. */
static void
test_over(void **u)
{
	(void)u;
	struct hollywood h;
	hollywood_init(&h);
	for (int k = 0; k < 3; k++)
		hollywood_credit(&h, 1, 60, 50, k + 1, NULL);
	int winner[2] = { 7, 7 };
	assert_true(hollywood_over(&h, winner));
	assert_int_equal(winner[0], 0);
	assert_int_equal(winner[1], 1);
	hollywood_init(&h);
	for (int k = 0; k < 5; k++)
		hollywood_credit(&h, 0, 500, 0, k + 1, NULL);
	assert_false(hollywood_over(&h, winner));
	assert_int_equal(h.score[2][0], 1500);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_credit_and_cells),
		cmocka_unit_test(test_over),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
