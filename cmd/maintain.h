/* SPDX-License-Identifier: ISC */
/*
 * maintain.h: the maintenance step run after the store is opened: work an
 * upgrade or a killed import left behind.  It joins the store and the
 * rules, which know nothing of each other (the store runs no replay), so it
 * sits above both, beside the dispatcher that calls it (cmd/cmd.c).
 */
#ifndef TALLY_MAINTAIN_H
#define TALLY_MAINTAIN_H

#include "../core/diag.h"

struct store;

/*
 * First the statistics an import killed between its batches left short
 * (store_restat_pending).  Then, when an upgrade listed kinds of game whose
 * derived rows a rules correction changed (schema 12's `rederive`), every
 * game of those kinds is replayed from its stored entries and its derived
 * rows written again (store_game_rewrite), then the statistics, and the
 * list is cleared: one write transaction of its own, taken only when there
 * is work.  ST_OK with nothing to do, or on a read-only file.  Errors:
 * ST_IO; ST_INTERNAL naming a game that no longer replays (nothing is
 * changed then).
 */
enum status maintain_store(struct store *s, struct diag *d);

#endif
