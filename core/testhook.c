/* SPDX-License-Identifier: ISC */
/* testhook.c: the tests' hooks, read in one place (see testhook.h). */
#include "testhook.h"

#include <stdlib.h>

#include "util.h"

long
testhook(enum testhook which)
{
	static const char *const names[] = { "TALLY_MAX_PAGES", "TALLY_IMPORT_DELAY_MS", "TALLY_RUSAGE", "TALLY_SNAP_EVERY",
		"TALLY_CHECKPOINT_EVERY" };
	const char *v = getenv(names[which]);
	long n;
	return v && parse_long(v, 1, 1000000000L, &n) ? n : 0;
}
