/* SPDX-License-Identifier: ISC */
/* sheet-night.h: a night's view from the store, for `tally night ID`
 * and the night report behind `tally sheet night:ID`. */
#ifndef TALLY_SHEET_NIGHT_H
#define TALLY_SHEET_NIGHT_H

#include "cmd.h"
#include "../core/rules.h"
#include "../core/view.h"

/*
 * Load night `night` (its games replayed, each in a read transaction of
 * its own: call it with none open) and build its view (core/view.h) with
 * its settle-up into *out (free with view_night_free()).  Errors:
 * ST_NOINPUT for no such night, and those of cmd_read_game().
 */
enum status night_view_load(struct cmd_ctx *ctx, long night, struct view_night **out, struct diag *d);

/*
 * Write night's report to out (NULL: night-ID.pdf), US Letter or (a4) A4,
 * and say so.  Errors: ST_NOINPUT for no such night, ST_CANTCREAT, ST_IO,
 * ST_INTERNAL as sheet_night_render() and the store report them.
 */
enum status sheet_night_report(struct cmd_ctx *ctx, long night, const char *out, int a4, struct diag *d);

/*
 * What each player of st's game starts with, in its measure (core/rules.h:
 * points, or the chips, quarters or lives that decide it): a heap array of
 * st->nplayers, from a fresh state of the same game and options (0 for
 * every player when one cannot be made).  The caller frees it.
 */
long *sheet_start_measures(const struct game_state *st);

#endif
