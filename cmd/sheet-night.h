/* SPDX-License-Identifier: ISC */
/* sheet-night.h: the night report behind `tally sheet night:ID`. */
#ifndef TALLY_SHEET_NIGHT_H
#define TALLY_SHEET_NIGHT_H

#include "cmd.h"
#include "../core/rules.h"

/*
 * Write night's report to out (NULL: night-ID.pdf), US Letter or (a4) A4,
 * and say so.  Errors: ST_NOINPUT for no such night, ST_CANTCREAT, ST_IO,
 * ST_INTERNAL as sheet_render_report() and the store report them.
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
