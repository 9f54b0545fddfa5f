/* sheet-night.h: the night report behind `tally sheet night:ID`. */
#ifndef TALLY_SHEET_NIGHT_H
#define TALLY_SHEET_NIGHT_H

#include "cmd.h"

/*
 * Write night's report to out (NULL: night-ID.pdf), US Letter or (a4) A4,
 * and say so.  Errors: ST_NOINPUT for no such night, ST_CANTCREAT, ST_IO,
 * ST_INTERNAL as sheet_render_report() and the store report them.
 */
enum status sheet_night_report(struct cmd_ctx *ctx, long night, const char *out, int a4, struct diag *d);

#endif
