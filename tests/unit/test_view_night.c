/* SPDX-License-Identifier: ISC */
/* test_view_night.c: the view of a night (core/view.h): the night's
 * order (most wins, then the best average place), the champion, the games
 * that count, and the highlights the games declare. */
#include "helpers.h"

#include <stdio.h>

#include "../../core/view.h"

/* A game of kind for names[0..n-1] with the options of opts
 * ("hands=1 direction=low"), its entries applied, as a view with id. */
static struct view *
played(const char *kind, char **names, int n, const char *opts, long id, const char *const *entries)
{
	struct game_state *st = new_game_of(kind, names, n, opts, 0);
	for (int k = 0; entries[k]; k++)
		accept_entry(st, entries[k]);
	struct view_ref ref = { .id = id };
	struct view *v = view_build(st, &ref);
	state_free(st);
	return v;
}

static struct view_night *
night_of(struct view **games, int n)
{
	struct view_night_ref ref = { .id = 7, .name = "Friday", .started = "2026-11-21T00:30:00Z" };
	return view_night_build(&ref, games, NULL, n);
}

/* Three one-hand pads, each won by a different player: wins are level,
 * so the better average place decides; A and B share first place. */
static void
test_champion_by_average(void **u)
{
	(void)u;
	char *abc[] = { "A", "B", "C" }, *bc[] = { "B", "C" }, *ca[] = { "C", "A" };
	const char *const g1[] = { "A=1 B=2 C=3", NULL }, *const g2[] = { "B=1 C=2", NULL },
		*const g3[] = { "C=1 A=5", NULL };
	struct view *games[] = { played("pad", abc, 3, "hands=1", 1, g1), played("pad", bc, 2, "hands=1", 2, g2),
		played("pad", ca, 2, "hands=1", 3, g3) };
	struct view_night *n = night_of(games, 3);
	assert_int_equal(n->nplayers, 3);
	assert_int_equal(n->nchampions, 2);
	assert_string_equal(n->players[0].name, "A");   /* (1 + 2) / 2 = 1.5 */
	assert_string_equal(n->players[1].name, "B");   /* (2 + 1) / 2 = 1.5 */
	assert_string_equal(n->players[2].name, "C");   /* (3 + 2 + 1) / 3 = 2 */
	assert_int_equal(n->players[2].place, 3);
	char buf[32], *detail, *names = view_night_champion(n, &detail);
	assert_string_equal(view_night_place(&n->players[1], buf, sizeof buf), "=1st");
	assert_string_equal(names, "A and B");
	assert_string_equal(detail, "level: 1 win each, average place 1.5");
	assert_int_equal(n->players[2].places[0], 3);
	assert_int_equal(n->players[0].places[1], 0);   /* A did not play game 2 */
	assert_int_equal(view_night_final(n), 1);
	free(names);
	free(detail);
	view_night_free(n);
}

/* A game with no hands counts nowhere; nor does one still going (it is
 * in progress, no game played: no places), and while it goes on the
 * champion is only leading. */
static void
test_what_counts(void **u)
{
	(void)u;
	char *ab[] = { "A", "B" }, *cd[] = { "C", "D" };
	const char *const none[] = { NULL }, *const one[] = { "A=3 B=1", NULL };
	struct view *games[] = { played("pad", ab, 2, "hands=2", 1, one), played("pad", cd, 2, "hands=2", 2, none) };
	struct view_night *n = night_of(games, 2);
	assert_int_equal(n->ncounted, 0);
	assert_int_equal(n->nplayers, 0);        /* no game has a result yet */
	assert_int_equal(n->nwho, 4);            /* but each keeps a colour */
	assert_int_equal(view_night_final(n), 0);
	assert_string_equal(view_night_won_by(&n->games[0]), "in progress");
	assert_string_equal(view_night_won_by(&n->games[1]), "not played");
	view_night_free(n);
}

/* What a game declares is told: Gin's gin, with the hand; and the best
 * hand of a game in points. */
static void
test_declared_highlights(void **u)
{
	(void)u;
	char *ab[] = { "A", "B" };
	const char *const hands[] = { "--gin A B=12", "--knock B B=5 A=21", NULL };
	struct view *games[] = { played("gin", ab, 2, "target=500", 4, hands) };
	struct view_night *n = night_of(games, 1);
	int gin = -1, best = -1;
	for (int k = 0; k < n->nhighlights; k++) {
		if (strcmp(n->highlights[k].kind, "gin") == 0)
			gin = k;
		if (strcmp(n->highlights[k].kind, "best_hand") == 0)
			best = k;
	}
	assert_true(gin >= 0 && best >= 0);
	assert_string_equal(n->highlights[gin].text, "gin: A (hand 1)");
	assert_string_equal(n->highlights[best].text, "best hand 37: A (hand 1)");
	assert_string_equal(n->games[0].title, "Gin Rummy #4");
	view_night_free(n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_champion_by_average),
		cmocka_unit_test(test_what_counts),
		cmocka_unit_test(test_declared_highlights),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
