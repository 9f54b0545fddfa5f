/* SPDX-License-Identifier: ISC */
/*
 * sheet_night.h: the night report (`tally sheet night:ID`) as the sheet
 * renderer draws it (struct report_spec, core/sheet.h), built from the
 * night's view (core/view.h, struct view_night): page 1 is the handout
 * (the night and its date, the champion and how chosen, the standings
 * with a place per game, the highlights, the settle-up and the games),
 * then a section per game charted by what decides it.  No command lays
 * out the report itself.
 */
#ifndef TALLY_SHEET_NIGHT_H
#define TALLY_SHEET_NIGHT_H

#include "diag.h"
#include "view.h"

/*
 * Draw night n's report into a new PDF at path, US Letter or (a4) A4.
 * Errors as sheet_render_report(): ST_CANTCREAT, ST_NOINPUT (the font),
 * ST_INTERNAL.
 */
enum status sheet_night_render(const struct view_night *n, int a4, const char *path, struct diag *d);

#endif
