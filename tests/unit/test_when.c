/* SPDX-License-Identifier: ISC */
/*
 * test_when.c: the clock and calendar (core/when.h): ISO 8601 with offsets
 * parsed and refused, a local date as a UTC range (a DST day in New York is
 * 23 or 25 hours), night names across midnight and the 06:00 cut-off, the
 * local offset in JSON times, and a malformed TALLY_NOW refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../core/when.h"

static void
zone(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

/* The UTC stored form of an ISO time that must parse. */
static const char *
utc(const char *iso)
{
	static char buf[WHEN_BUF];
	time_t t;
	if (!when_parse(iso, &t))
		fail_msg("'%s' did not parse", iso);
	when_utc(t, buf);
	return buf;
}

static time_t
at(const char *iso)
{
	time_t t;
	if (!when_parse(iso, &t))
		fail_msg("'%s' did not parse", iso);
	return t;
}

static void
test_parse(void **u)
{
	(void)u;
	assert_string_equal(utc("2026-11-21T01:30:00Z"), "2026-11-21T01:30:00Z");
	assert_string_equal(utc("2026-11-20T20:30:00-05:00"), "2026-11-21T01:30:00Z");
	assert_string_equal(utc("2026-11-21T10:30:00+0900"), "2026-11-21T01:30:00Z");
	assert_string_equal(utc("2026-11-21T10:30+09"), "2026-11-21T01:30:00Z");
	assert_string_equal(utc("2026-11-21 07:00:59.999+05:30"), "2026-11-21T01:30:59Z");
	assert_string_equal(utc("2024-02-29T00:00:00Z"), "2024-02-29T00:00:00Z");
	assert_string_equal(utc("2026-12-31T23:30:00-01:00"), "2027-01-01T00:30:00Z");
	static const char *bad[] = {
		"", "now", "2026-11-21", "2026-11-21T01:30:00", "2026-11-21T01:30:00+",
		"2026-02-30T12:00:00Z", "2026-02-29T12:00:00Z", "2026-13-01T12:00:00Z", "2026-99-99T00:00:00Z",
		"2026-00-10T12:00:00Z", "2026-11-00T12:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T12:60:00Z",
		"2026-11-21T12:00:60Z", "2026-11-21T12:00:00+24:00", "2026-11-21T12:00:00Z junk",
		"2026-11-21T1:30:00Z", "26-11-21T01:30:00Z", "0999-01-01T00:00:00Z", "2026-11-21T12:00:00.Z",
		"2026/11/21T01:30:00Z", "2026-11-21T01:30:00+5", "-2026-11-21T01:30:00Z",
	};
	time_t t;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (when_parse(bad[i], &t))
			fail_msg("'%s' was accepted", bad[i]);
}

static void
expect_day(const char *date, const char *from, const char *to, long hours)
{
	time_t a, b;
	char ba[WHEN_BUF], bb[WHEN_BUF];
	if (!when_local_day(date, &a, &b))
		fail_msg("%s was refused", date);
	when_utc(a, ba);
	when_utc(b, bb);
	assert_string_equal(ba, from);
	assert_string_equal(bb, to);
	assert_int_equal((long)(b - a), hours * 3600);
}

static void
test_local_day(void **u)
{
	(void)u;
	zone("America/New_York");
	expect_day("2026-11-20", "2026-11-20T05:00:00Z", "2026-11-21T05:00:00Z", 24);
	/* DST begins 2026-03-08 02:00 (23 hours), ends 2026-11-01 02:00 (25) */
	expect_day("2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23);
	expect_day("2026-11-01", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", 25);
	expect_day("2026-12-31", "2026-12-31T05:00:00Z", "2027-01-01T05:00:00Z", 24);
	zone("Asia/Tokyo");
	expect_day("2026-11-20", "2026-11-19T15:00:00Z", "2026-11-20T15:00:00Z", 24);
	zone("UTC");
	expect_day("2024-02-29", "2024-02-29T00:00:00Z", "2024-03-01T00:00:00Z", 24);
	static const char *bad[] = { "2026-99-99", "2026-13-45", "2026-02-30", "2026-02-29", "2026-04-31",
		"2026-1-01", "yesterday", "", "2026-11-20x", "2026-11-20T00:00:00Z", "0000-01-01" };
	time_t a, b;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (when_local_day(bad[i], &a, &b))
			fail_msg("'%s' was accepted", bad[i]);
}

static void
expect_night(const char *iso, const char *name)
{
	char buf[WHEN_BUF];
	when_night_name(at(iso), buf);
	if (strcmp(buf, name) != 0)
		fail_msg("%s (TZ=%s): night %s, expected %s", iso, getenv("TZ"), buf, name);
}

static void
test_night_name(void **u)
{
	(void)u;
	zone("America/New_York");
	expect_night("2026-11-21T01:30:00Z", "2026-11-20"); /* Fri 20:30 */
	expect_night("2026-11-21T04:59:00Z", "2026-11-20"); /* Fri 23:59 */
	expect_night("2026-11-21T05:30:00Z", "2026-11-20"); /* Sat 00:30 */
	expect_night("2026-11-21T10:59:59Z", "2026-11-20"); /* Sat 05:59:59 */
	expect_night("2026-11-21T11:00:00Z", "2026-11-21"); /* Sat 06:00, the cut-off */
	/* the night DST begins: 01:30 EST, 03:30 EDT, then 06:00 EDT */
	expect_night("2026-03-08T06:30:00Z", "2026-03-07");
	expect_night("2026-03-08T07:30:00Z", "2026-03-07");
	expect_night("2026-03-08T09:59:00Z", "2026-03-07");
	expect_night("2026-03-08T10:00:00Z", "2026-03-08");
	zone("Asia/Tokyo");
	expect_night("2026-11-21T01:30:00Z", "2026-11-21"); /* Sat 10:30 */
	expect_night("2026-11-20T14:59:00Z", "2026-11-20"); /* Fri 23:59 */
	expect_night("2026-11-20T15:30:00Z", "2026-11-20"); /* Sat 00:30 */
	expect_night("2026-12-31T15:30:00Z", "2026-12-31"); /* New Year 00:30 */
	expect_night("2027-02-28T16:00:00Z", "2027-02-28"); /* Mar 1 01:00 */
	expect_night("2028-02-29T16:00:00Z", "2028-02-29"); /* Mar 1 01:00, leap year */
}

static void
test_show(void **u)
{
	(void)u;
	char buf[WHEN_BUF];
	zone("America/New_York");
	when_iso_local(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-20T20:30:00-05:00");
	when_iso_local(at("2026-07-04T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-07-03T21:30:00-04:00");
	when_human(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-20 20:30");
	when_local_date(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-20");
	assert_string_equal(when_show("2026-11-21T05:30:00Z", when_human, buf), "2026-11-21 00:30");
	assert_string_equal(when_show("garbage", when_human, buf), "garbage");
	assert_null(when_show(NULL, when_human, buf));
	zone("Asia/Tokyo");
	when_iso_local(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-21T10:30:00+09:00");
	zone("Asia/Kolkata");
	when_iso_local(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-21T07:00:00+05:30");
	zone("UTC");
	when_iso_local(at("2026-11-21T01:30:00Z"), buf);
	assert_string_equal(buf, "2026-11-21T01:30:00Z");
}

static void
test_now(void **u)
{
	(void)u;
	struct diag d = {0};
	time_t t;
	char buf[WHEN_BUF];
	setenv("TALLY_NOW", "2026-11-20T20:30:00-05:00", 1);
	assert_int_equal(when_now(&t, &d), ST_OK);
	when_utc(t, buf);
	assert_string_equal(buf, "2026-11-21T01:30:00Z");
	setenv("TALLY_NOW", "2026-13-45T25:00:00Z", 1);
	assert_int_equal(when_now(&t, &d), ST_USAGE);
	assert_non_null(strstr(d.message, "2026-13-45T25:00:00Z"));
	diag_clear(&d);
	setenv("TALLY_NOW", "2026-11-21T01:30:00", 1);
	assert_int_equal(when_now(&t, &d), ST_USAGE);
	diag_clear(&d);
	setenv("TALLY_NOW", "", 1);
	time_t before = time(NULL);
	assert_int_equal(when_now(&t, &d), ST_OK);
	assert_true(t >= before && t <= time(NULL));
	unsetenv("TALLY_NOW");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_local_day),
		cmocka_unit_test(test_night_name),
		cmocka_unit_test(test_show),
		cmocka_unit_test(test_now),
	};
	return cmocka_run_group_tests_name("when", tests, NULL, NULL);
}
