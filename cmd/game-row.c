/* SPDX-License-Identifier: ISC */
/* game-row.c: one game's row of `list` and `history`, fit to the
 * terminal (see cmd.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

#include "../core/fit.h"
#include "../core/names.h"
#include "../core/util.h"

enum { COL_LEAD, COL_TITLE, COL_DAY, COL_STATUS, COL_HANDS, COL_LENGTH, NCOLS };
#define NAMES_WANT 32
#define TITLE_W 18
#define DAY_W 16
#define DATE_W 10  /* "2026-11-20" of "2026-11-20 20:30" */

/* The names part: the players, "  winner: " and the sides, "  " and the
 * mark, in width columns (0: whole); the winner keeps all but a third. */
static char *
names_part(const struct game_row *r, int width)
{
	char *rest = xasprintf("%s%s%s%s", *r->winners ? "  winner: " : "", r->winners, r->mark ? "  " : "",
	    r->mark ? r->mark : "");
	int pw = utf8_width(r->players), rw = utf8_width(rest);
	char *out;
	if (width <= 0 || pw + rw <= width) {
		out = xasprintf("%s%s", r->players, rest);
	} else {
		/* the winner before the players' last names, the players keeping a third */
		char *p = fit_cell(r->players, width - rw > width / 3 ? width - rw : width / 3, 0);
		char *q = fit_cell(rest, width - utf8_width(p), 0);
		out = xasprintf("%s%s", p, q);
		free(p);
		free(q);
	}
	free(rest);
	return out;
}

void
cmd_game_row_print(const struct game_row *r, int width)
{
	struct fit_col c[NCOLS] = {
		[COL_LEAD] = { utf8_width(r->lead), 0 }, [COL_TITLE] = { TITLE_W, 0 }, [COL_DAY] = { DAY_W, 1 },
		[COL_STATUS] = { utf8_width(r->status) > r->status_w ? utf8_width(r->status) : r->status_w, 2 }, [COL_HANDS] = { 9, 1 }, [COL_LENGTH] = { r->length ? 11 : 0, 1 },
	};
	static const struct fit_step steps[] = {
		{ COL_TITLE, 14 }, { COL_DAY, DATE_W }, { COL_LENGTH, 0 }, { COL_STATUS, 0 }, { COL_HANDS, 0 },
		{ COL_TITLE, 10 },
	};
	int left = fit_columns(c, NCOLS, steps, (int)(sizeof steps / sizeof *steps), width, NAMES_WANT + 2);
	struct strbuf sb = {0};
	char *title = width > 0 ? fit_cell(r->title, c[COL_TITLE].width, 1) : utf8_fit(r->title, TITLE_W);
	char *day = c[COL_DAY].width == DATE_W && strlen(r->day) > DATE_W && r->day[DATE_W] == ' '
	    ? xstrndup(r->day, DATE_W) : utf8_fit(r->day, c[COL_DAY].width);
	sb_printf(&sb, "%s%s %s", r->lead, title, day);
	if (c[COL_STATUS].width)
		sb_printf(&sb, "  %-*s", r->status_w, r->status);
	if (c[COL_HANDS].width)
		sb_printf(&sb, " %3d hand%s", r->hands, r->hands == 1 ? " " : "s");
	if (c[COL_LENGTH].width)
		sb_printf(&sb, " %11s", r->length);
	char *names = names_part(r, width > 0 ? left - 2 : 0);
	printf("%s  %s\n", sb.s, names);
	free(names);
	free(title);
	free(day);
	sb_release(&sb);
}
