/* SPDX-License-Identifier: ISC */
/*
 * when.h: tally's clock and calendar.  Times are stored in UTC as
 * "YYYY-MM-DDTHH:MM:SSZ" and shown in the local time zone ($TZ, read by the
 * C library: tzset, localtime_r, mktime; no zone tables of our own).
 *
 * A game night is named by the local date of the evening it belongs to: a
 * time before WHEN_NIGHT_CUTOFF_HOUR (06:00 local) belongs to the evening
 * before, so a night that runs past midnight stays one night.
 *
 * Every buffer is the caller's, WHEN_BUF bytes; nothing here allocates or
 * prints.
 */
#ifndef TALLY_WHEN_H
#define TALLY_WHEN_H

#include <time.h>

#include "diag.h"

/* Local hour (0-23) at which one night's day ends and the next begins. */
#define WHEN_NIGHT_CUTOFF_HOUR 6

/* Room for any string these functions write, with its NUL. */
#define WHEN_BUF 40

/* Parse an ISO 8601 date and time with its offset: "2026-11-21T01:30:00Z",
 * "2026-11-20T20:30:00-05:00", "+0900", "+09"; seconds and a fraction of a
 * second (dropped) are optional; 'T' may be a space.  The date must exist
 * (no Feb 30), fields in range, year 1900-9999.  Returns 1 and the instant
 * in *out, else 0 (a time with no offset is refused: it names no instant). */
int when_parse(const char *s, time_t *out);

/* Now: $TALLY_NOW (the test clock, parsed by when_parse) when it is set and
 * not empty, else the system clock.  ST_USAGE naming the value when
 * TALLY_NOW is malformed. */
enum status when_now(time_t *out, struct diag *d);

/* Parse a local calendar date "YYYY-MM-DD" that exists (1900-9999).  Returns
 * 1 and the local day [*start, *end) as UTC instants (midnight to the next
 * midnight in $TZ: 23 or 25 hours on a DST day), else 0. */
int when_local_day(const char *date, time_t *start, time_t *end);

/* The stored form, UTC: "2026-11-21T01:30:00Z". */
void when_utc(time_t t, char buf[WHEN_BUF]);

/* ISO 8601 in local time with its offset: "2026-11-20T20:30:00-05:00"
 * ("Z" where the local offset is zero).  For JSON and CSV. */
void when_iso_local(time_t t, char buf[WHEN_BUF]);

/* For people, in local time: "2026-11-20 20:30". */
void when_human(time_t t, char buf[WHEN_BUF]);

/* The local date: "2026-11-20". */
void when_local_date(time_t t, char buf[WHEN_BUF]);

/* The name of the night t belongs to: the local date, or the day before
 * when t is before WHEN_NIGHT_CUTOFF_HOUR local.  "2026-11-20". */
void when_night_name(time_t t, char buf[WHEN_BUF]);

/* A stored time shown by one of the functions above (when_human,
 * when_iso_local, when_local_date): returns buf, or the stored text itself
 * when it does not parse (databases from before TALLY_NOW was checked), or
 * NULL when stored is NULL. */
const char *when_show(const char *stored, void (*fmt)(time_t, char *), char buf[WHEN_BUF]);

/* Whole minutes from the stored time from to the stored time to (both as
 * when_parse reads them): a game's length from its start to its last hand,
 * a night's from its first game to its last hand.  -1 when either is NULL
 * or does not parse, or to is before from. */
long when_minutes(const char *from, const char *to);

/*
 * The play time of a game or a night, in whole minutes: from started (the
 * game's start, or the night's first game's) to last (when its last hand
 * was recorded), over hands live hands; both times stored, as
 * when_minutes reads them.  -1, "not known", when there are fewer than two
 * hands (no hand, or one, says nothing of how long play took), or when
 * when_minutes says -1.  The one measure of play time: `show`, history,
 * stats, the night and its report, and the apps exports.
 */
long when_played(const char *started, const char *last, long hands);

/*
 * The play time of one game, in whole minutes: the time it was at the
 * table.  Its times (started, then when each of its n live hands was
 * recorded, in hand order; stored, as when_parse reads them) are cut into
 * sittings where one time and the next fall on different nights (the
 * local date of the evening, when_night_name: a night ends at
 * WHEN_NIGHT_CUTOFF_HOUR), and the sittings' lengths are summed: a game
 * set aside and continued on a later night never counts the days between
 * (SPEC: a night runs past midnight, so a game played through midnight is
 * one sitting).  A sitting after the first counts from its first hand,
 * since nothing records when the table sat down again.  -1, "not known",
 * for fewer than two hands, or when a time is NULL or does not parse; a
 * time before the one before it (a clock set back) adds nothing.  The
 * SQL twin is db/report.h REPORT_PLAYED; the two must agree.
 */
long when_sittings(const char *started, char *const *recorded, long n);

/* A length in minutes for people: "45 min", "1 h 05 min"; "-" for a
 * negative one (not known). */
void when_length(long minutes, char buf[WHEN_BUF]);

/* The local time as BG Stats' playDate has it: "2026-11-20 20:30:00". */
void when_local_stamp(time_t t, char buf[WHEN_BUF]);

#endif
