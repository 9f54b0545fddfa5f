/* SPDX-License-Identifier: ISC */
/*
 * testhook.h: the one seam for the tests' hooks.  A few behaviours exist
 * only so that the tests can make a rare case happen on demand; they are
 * switched by environment variables, and this is the only code that reads
 * them:
 *   TALLY_MAX_PAGES=N        the database may grow to N pages (a full disk)
 *   TALLY_IMPORT_DELAY_MS=N  an import sleeps N ms after each game it
 *                            writes (a long import, to kill or to race)
 *   TALLY_REWRITE_DELAY_MS=N a player rename or merge sleeps N ms after
 *                            each game it rewrites (a long one)
 *   TALLY_RUSAGE=1           print the peak memory and CPU time on stderr at exit
 *                            (make bench)
 *   TALLY_SNAP_EVERY=N       the ratings keep a snapshot every N places rated
 *                            (db/ratings.c), so a small file has several
 *   TALLY_CHECKPOINT_EVERY=N a game keeps a checkpoint every N hands, not
 *                            CHECKPOINT_EVERY (1: after every hand), so that
 *                            short test games read their checkpoints
 * (TALLY_NOW, the clock, is core/when.h's; TALLY_DB and the font and
 * template paths are settings, not hooks.)
 */
#ifndef TALLY_TESTHOOK_H
#define TALLY_TESTHOOK_H

enum testhook { TESTHOOK_MAX_PAGES, TESTHOOK_IMPORT_DELAY_MS, TESTHOOK_RUSAGE, TESTHOOK_SNAP_EVERY,
	TESTHOOK_CHECKPOINT_EVERY, TESTHOOK_REWRITE_DELAY_MS };

/* The hook's value: a whole number from 1 to 1e9, or 0 when it is unset,
 * empty or not such a number. */
long testhook(enum testhook which);

/* Sleep the hook's value in milliseconds (a *_DELAY_MS hook); nothing when
 * it is unset. */
void testhook_sleep(enum testhook which);

#endif
