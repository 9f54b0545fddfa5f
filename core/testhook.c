/* SPDX-License-Identifier: ISC */
/* testhook.c: the tests' hooks, read in one place (see testhook.h). */
#include "testhook.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "util.h"

long
testhook(enum testhook which)
{
	static const char *const names[] = { "TALLY_MAX_PAGES", "TALLY_IMPORT_DELAY_MS", "TALLY_RUSAGE", "TALLY_SNAP_EVERY",
		"TALLY_CHECKPOINT_EVERY", "TALLY_REWRITE_DELAY_MS" };
	const char *v = getenv(names[which]);
	long n;
	return v && parse_long(v, 1, 1000000000L, &n) ? n : 0;
}

void
testhook_sleep(enum testhook which)
{
	long ms = testhook(which);
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}
