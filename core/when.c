/* SPDX-License-Identifier: ISC */
/* when.c: parse, convert and show times (when.h).  UTC arithmetic uses
 * timegm/gmtime_r, local time localtime_r/mktime after tzset, so $TZ and the
 * system's zone data decide every offset and DST change. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "when.h"

static int
days_in_month(int y, int m)
{
	static const int dm[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return m == 2 && leap ? 29 : dm[m - 1];
}

/* n decimal digits at *p into *v; advances *p.  1 on success. */
static int
digits(const char **p, int n, int *v)
{
	*v = 0;
	for (int i = 0; i < n; i++, (*p)++) {
		if (**p < '0' || **p > '9')
			return 0;
		*v = *v * 10 + (**p - '0');
	}
	return 1;
}

/* "YYYY-MM-DD" at *p, a date that exists; advances *p. */
static int
date_part(const char **p, int *y, int *m, int *d)
{
	if (!digits(p, 4, y) || *(*p)++ != '-' || !digits(p, 2, m) || *(*p)++ != '-' || !digits(p, 2, d))
		return 0;
	return *y >= 1900 && *y <= 9999 && *m >= 1 && *m <= 12 && *d >= 1 && *d <= days_in_month(*y, *m);
}

int
when_parse(const char *s, time_t *out)
{
	int y, mo, d, h, mi, sec = 0, oh = 0, om = 0, sign = 0;
	const char *p = s;
	if (s == NULL || !date_part(&p, &y, &mo, &d) || (*p != 'T' && *p != 't' && *p != ' '))
		return 0;
	p++;
	if (!digits(&p, 2, &h) || *p++ != ':' || !digits(&p, 2, &mi))
		return 0;
	if (*p == ':') {
		p++;
		if (!digits(&p, 2, &sec))
			return 0;
		if (*p == '.' || *p == ',') {
			p++;
			if (*p < '0' || *p > '9')
				return 0;
			while (*p >= '0' && *p <= '9')
				p++;
		}
	}
	if (h > 23 || mi > 59 || sec > 59)
		return 0;
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		sign = *p++ == '-' ? -1 : 1;
		if (!digits(&p, 2, &oh))
			return 0;
		if (*p == ':') {
			p++;
			if (!digits(&p, 2, &om))
				return 0;
		} else if (*p >= '0' && *p <= '9' && !digits(&p, 2, &om))
			return 0;
		if (oh > 23 || om > 59)
			return 0;
	} else
		return 0;
	if (*p != '\0')
		return 0;
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi,
		.tm_sec = sec };
	time_t t = timegm(&tm);
	if (t == (time_t)-1 && !(y == 1969 && mo == 12 && d == 31 && h == 23 && mi == 59 && sec == 59))
		return 0;
	t -= (time_t)sign * (oh * 3600 + om * 60);
	struct tm u;
	if (gmtime_r(&t, &u) == NULL || u.tm_year + 1900 < 1900 || u.tm_year + 1900 > 9999)
		return 0;
	*out = t;
	return 1;
}

enum status
when_now(time_t *out, struct diag *d)
{
	const char *now = getenv("TALLY_NOW");
	if (now == NULL || *now == '\0') {
		*out = time(NULL);
		return ST_OK;
	}
	if (!when_parse(now, out))
		return diag_set(d, ST_USAGE, NULL, now, "TALLY_NOW",
		    "TALLY_NOW=%.60s%s is not a time; write ISO 8601 with Z or an offset, e.g. "
		    "2026-11-21T01:30:00Z or 2026-11-20T20:30:00-05:00", now, strlen(now) > 60 ? "..." : "");
	return ST_OK;
}

/* Local midnight starting the date y-m-d (any day number: mktime
 * normalises it), or -1. */
static time_t
local_midnight(int y, int m, int d)
{
	struct tm tm = { .tm_year = y - 1900, .tm_mon = m - 1, .tm_mday = d, .tm_isdst = -1 };
	return mktime(&tm);  /* mktime reads $TZ itself, as if by tzset() */
}

int
when_local_day(const char *date, time_t *start, time_t *end)
{
	int y, m, d;
	const char *p = date;
	if (date == NULL || !date_part(&p, &y, &m, &d) || *p != '\0')
		return 0;
	time_t a = local_midnight(y, m, d), b = local_midnight(y, m, d + 1);
	if (a == (time_t)-1 || b == (time_t)-1 || b <= a)
		return 0;
	*start = a;
	*end = b;
	return 1;
}

static pthread_once_t tz_once = PTHREAD_ONCE_INIT;

/* $TZ is read once: tzset() stats /etc/localtime on every call when TZ is
 * unset, which tripled the time of a long `list`.  (The unit tests that
 * change TZ call tzset() themselves.) */
static void
local(time_t t, struct tm *tm)
{
	pthread_once(&tz_once, tzset);
	if (localtime_r(&t, tm) == NULL)
		gmtime_r(&t, tm);
}

void
when_utc(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, WHEN_BUF, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void
when_iso_local(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	local(t, &tm);
	size_t n = strftime(buf, WHEN_BUF, "%Y-%m-%dT%H:%M:%S", &tm);
	long off = tm.tm_gmtoff;
	if (off == 0) {
		snprintf(buf + n, WHEN_BUF - n, "Z");
		return;
	}
	char sign = off < 0 ? '-' : '+';
	if (off < 0)
		off = -off;
	/* an offset in seconds (old local mean times) is cut to minutes */
	snprintf(buf + n, WHEN_BUF - n, "%c%02ld:%02ld", sign, off / 3600, off / 60 % 60);
}

void
when_human(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	local(t, &tm);
	strftime(buf, WHEN_BUF, "%Y-%m-%d %H:%M", &tm);
}

void
when_local_date(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	local(t, &tm);
	strftime(buf, WHEN_BUF, "%Y-%m-%d", &tm);
}

void
when_night_name(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	local(t, &tm);
	if (tm.tm_hour < WHEN_NIGHT_CUTOFF_HOUR) {
		/* the day before, by the calendar alone (noon UTC: no DST or
		 * zone can move it off its date) */
		struct tm day = { .tm_year = tm.tm_year, .tm_mon = tm.tm_mon, .tm_mday = tm.tm_mday - 1,
			.tm_hour = 12 };
		time_t noon = timegm(&day);
		gmtime_r(&noon, &tm);
	}
	strftime(buf, WHEN_BUF, "%Y-%m-%d", &tm);
}

const char *
when_show(const char *stored, void (*fmt)(time_t, char *), char buf[WHEN_BUF])
{
	time_t t;
	if (stored == NULL)
		return NULL;
	if (!when_parse(stored, &t))
		return stored;
	fmt(t, buf);
	return buf;
}

long
when_minutes(const char *from, const char *to)
{
	time_t a, b;
	if (!when_parse(from, &a) || !when_parse(to, &b) || b < a)
		return -1;
	return (long)((b - a) / 60);
}

long
when_played(const char *started, const char *last, long hands)
{
	if (hands < 2 || started == NULL || last == NULL)
		return -1;
	return when_minutes(started, last);
}

long
when_sittings(const char *started, char *const *recorded, long n)
{
	time_t prev, t;
	char night[WHEN_BUF], was[WHEN_BUF];
	long seconds = 0;
	if (n < 2 || started == NULL || !when_parse(started, &prev))
		return -1;
	when_night_name(prev, was);
	for (long i = 0; i < n; i++) {
		if (recorded[i] == NULL || !when_parse(recorded[i], &t))
			return -1;
		when_night_name(t, night);
		/* a gap between nights is no play: a new sitting begins */
		if (strcmp(night, was) == 0 && t > prev)
			seconds += (long)(t - prev);
		memcpy(was, night, sizeof was);
		prev = t;
	}
	return seconds / 60;
}

void
when_length(long minutes, char buf[WHEN_BUF])
{
	if (minutes < 0)
		snprintf(buf, WHEN_BUF, "-");
	else if (minutes < 60)
		snprintf(buf, WHEN_BUF, "%ld min", minutes);
	else
		snprintf(buf, WHEN_BUF, "%ld h %02ld min", minutes / 60, minutes % 60);
}

void
when_local_stamp(time_t t, char buf[WHEN_BUF])
{
	struct tm tm;
	if (localtime_r(&t, &tm) == NULL || strftime(buf, WHEN_BUF, "%Y-%m-%d %H:%M:%S", &tm) == 0)
		snprintf(buf, WHEN_BUF, "1970-01-01 00:00:00");
}
