/* SPDX-License-Identifier: ISC */
/*
 * test_query.c: the query words of history, stats and export (core/query.h),
 * one term at a time through query_parse (each word is parse_term's): the
 * term kinds, not: and its double, night:last/current, local dates to UTC
 * bounds, option values made canonical, and the refusals with their
 * did-you-mean.
 */
#include "helpers.h"

#include <time.h>

#include "../../core/query.h"

/* Parse the one word w; it must be accepted.  The caller releases q. */
static void
term(const char *w, struct query *q)
{
	struct diag d = {0};
	char *argv[] = { (char *)w };
	if (query_parse(1, argv, q, &d) != ST_OK)
		fail_msg("'%s' refused: %s", w, d.message);
	assert_int_equal(q->n, 1);
}

/* The word w must be refused with status want and a message holding
 * needle. */
static void
refused(const char *w, enum status want, const char *needle)
{
	struct query q;
	struct diag d = {0};
	char *argv[] = { (char *)w };
	enum status rc = query_parse(1, argv, &q, &d);
	if (rc != want)
		fail_msg("'%s': status %d, want %d (%s)", w, rc, want, d.message ? d.message : "");
	if (strstr(d.message, needle) == NULL)
		fail_msg("'%s': '%s' lacks '%s'", w, d.message, needle);
	query_release(&q);
	diag_clear(&d);
}

static void
test_kinds(void **u)
{
	(void)u;
	struct query q;
	term("player:Ann", &q);
	assert_int_equal(q.t[0].kind, Q_PLAYER);
	assert_string_equal(q.t[0].a, "Ann");
	assert_false(q.t[0].negate);
	query_release(&q);
	term("game:gol", &q);                 /* a unique prefix: the full name */
	assert_int_equal(q.t[0].kind, Q_GAME);
	assert_string_equal(q.t[0].a, "golf");
	assert_int_equal(q.t[0].n, 0);
	query_release(&q);
	term("game:Hearts", &q);              /* maybe a score pad's title: the store decides */
	assert_string_equal(q.t[0].a, "Hearts");
	assert_int_equal(q.t[0].n, 1);
	query_release(&q);
	term("players:4", &q);
	assert_int_equal(q.t[0].kind, Q_PLAYERS);
	assert_int_equal(q.t[0].n, 4);
	query_release(&q);
	term("option:holes=0018", &q);        /* stored canonical: plain decimal */
	assert_string_equal(q.t[0].a, "holes");
	assert_string_equal(q.t[0].b, "18");
	query_release(&q);
	term("option:stakes=quarters", &q);
	assert_string_equal(q.t[0].b, "quarters");
	query_release(&q);
	term("vs:Bob", &q);
	assert_int_equal(q.t[0].kind, Q_VS);
	query_release(&q);
}

static void
test_not_and_nights(void **u)
{
	(void)u;
	struct query q;
	term("not:with:Cid", &q);
	assert_int_equal(q.t[0].kind, Q_WITH);
	assert_true(q.t[0].negate);
	assert_string_equal(q.t[0].a, "Cid");
	query_release(&q);
	term("not:not:with:Cid", &q);         /* two nots cancel */
	assert_false(q.t[0].negate);
	query_release(&q);
	term("night:LAST", &q);
	assert_int_equal(q.t[0].n, QUERY_NIGHT_LAST);
	query_release(&q);
	term("night:current", &q);
	assert_int_equal(q.t[0].n, QUERY_NIGHT_CURRENT);
	query_release(&q);
	term("night:12", &q);
	assert_int_equal(q.t[0].n, 12);
	query_release(&q);
}

/* A local date is its day in $TZ: since the UTC start, until the UTC end. */
static void
test_dates(void **u)
{
	(void)u;
	struct query q;
	setenv("TZ", "America/New_York", 1);
	tzset();
	term("since:2024-03-10", &q);         /* the day the clocks went forward */
	assert_int_equal(q.t[0].kind, Q_SINCE);
	assert_non_null(strstr(q.t[0].a, "2024-03-10T05:00:00"));
	query_release(&q);
	term("until:2024-03-10", &q);
	assert_non_null(strstr(q.t[0].a, "2024-03-11T04:00:00"));
	query_release(&q);
	refused("since:2024-02-30", ST_USAGE, "is not a date");
	unsetenv("TZ");
	tzset();
}

static void
test_refusals(void **u)
{
	(void)u;
	refused("plyer:Ann", ST_USAGE, "did you mean player:?");
	refused("colour:red", ST_USAGE, "terms: player game night");
	refused("Ann", ST_USAGE, "is not a query term");
	refused("player:", ST_USAGE, "is not a query term");
	refused("players:many", ST_USAGE, "a number of players");
	refused("night:0", ST_USAGE, "a night is a number");
	refused("option:=3", ST_USAGE, "write option:KEY=VALUE");
	refused("option:holes", ST_USAGE, "write option:KEY=VALUE");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_not_and_nights),
		cmocka_unit_test(test_dates),
		cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
