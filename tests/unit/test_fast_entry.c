/* SPDX-License-Identifier: ISC */
/* test_fast_entry.c: fields by unique prefix (core/entry.c) and the compact
 * Hand & Foot round (games/hand_foot.c), against the long form. */
#include "helpers.h"

/* Ann.c is Ann.clean; the parsed entry keeps the full field name. */
static void
test_field_prefix(void **state)
{
	(void)state;
	struct game_state *st = new_game("hand-foot", 2, NULL, 0);
	char *argv[] = { "A.c=1", "A.m=100", "A.o=60", "A.l=5", "B.l=5" };
	char *canon = NULL;
	struct diag d = {0};
	assert_int_equal(rules_canonical(st, 5, argv, &canon, &d), ST_OK);
	assert_string_equal(canon, "A.clean=1 A.left=5 A.meld=100 A.opening=60 B.left=5");
	free(canon);
	refuse_entry(st, "A.f=1 A.l=60 B.l=60", ST_USAGE, "could be foot, foot-red3");
	refuse_entry(st, "A.zz=1 A.l=60 B.l=60", ST_USAGE, "has no field 'zz'");
	state_free(st);
}

/* The compact round scores as the long one, and is checked as it. */
static void
test_compact_round(void **state)
{
	(void)state;
	struct game_state *a = new_game("hand-foot", 4, NULL, 0);
	struct game_state *b = new_game("hand-foot", 4, NULL, 0);
	accept_entry(a, "--out A A.clean=1 A.dirty=2 A.red3=1 A.meld=335 A.opening=90 "
	    "B.dirty=1 B.meld=140 B.opening=70 B.left=60 C.meld=90 C.opening=60 C.left=85 D.left=120");
	accept_entry(b, "--out A A=1c2d1r335m90o B=1d140m70o60l C=90m60o85l D=120l");
	for (int i = 0; i < 4; i++)
		assert_int_equal(a->p[i].total, b->p[i].total);
	assert_int_equal(b->p[0].total, 645);
	refuse_entry(b, "A=1x B=60l C=60l D=60l", ST_USAGE, "not a compact round");
	refuse_entry(b, "A=60l60l B=60l C=60l D=60l", ST_USAGE, "given twice");
	refuse_entry(b, "A=60l A.left=60 B=60l C=60l D=60l", ST_USAGE, "given twice");
	refuse_entry(b, "A=u20l B=60l C=60l D=60l", ST_RULE, "never picked up the foot");
	refuse_entry(b, "A= B=60l C=60l D=60l", ST_USAGE, "an empty round");
	state_free(a);
	state_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field_prefix),
		cmocka_unit_test(test_compact_round),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
