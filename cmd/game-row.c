/* SPDX-License-Identifier: ISC */
/* game-row.c: one game's row of `list` and `history`, fit to the
 * terminal (see cmd.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

#include "../core/fit.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/util.h"

enum { COL_LEAD, COL_TITLE, COL_DAY, COL_STATUS, COL_HANDS, COL_LENGTH, NCOLS };
#define NAMES_WANT 32     /* history: the players and a winner beside them */
#define NAMES_WANT_ALIGN 42  /* list: the players' one width and the winner's room */
#define NAMES_MIN 24      /* less than this, the names go on a line of their own */
#define WINNER_ROOM 22    /* "  winner: " and a name of 12 columns */
#define ALIGN_MIN 7       /* list: the least the players' one width leaves them
			   * beside the winner's room ("Ann, B…") */
#define TITLE_W 18
#define HANDS_W 10  /* "  9 rounds" */
#define DAY_W 16
#define DATE_W 10  /* "2026-11-20" of "2026-11-20 20:30" */

/* The marks after the names: r->mark, and "[abandoned]" (the status in
 * brackets) when the status column was dropped and nothing else tells the
 * row from an open game's: no winner, a status other than open. */
static char *
marks_of(const struct game_row *r, int status_shown)
{
	int flag = !status_shown && !*r->winners && strcmp(r->status, "open") != 0;
	return xasprintf("%s%s%s%s%s", flag ? "  [" : "", flag ? r->status : "", flag ? "]" : "",
	    r->mark ? "  " : "", r->mark ? r->mark : "");
}

/* The names part: the players, "  winner: " and the sides, then the marks,
 * in width columns (0: whole).  The marks stay whole.  When the row is cut,
 * an aligned row (list) cuts or pads its players to one width for every
 * row with a winner or a mark (all but the winner's room, at least a
 * third), so the winners line up, and a row with neither takes the whole
 * width; else (history, and list where the winner's room would leave the
 * players less than ALIGN_MIN: 50 to 59 columns) the winner stays whole
 * and the players take what is left (at least 4 columns), so that the
 * names have all the room the row has. */
static char *
names_part(const struct game_row *r, int width, int status_shown)
{
	char *marks = marks_of(r, status_shown);
	char *win = xasprintf("%s%s", *r->winners ? "  winner: " : "", r->winners);
	int pw = utf8_width(r->players), ww = utf8_width(win), mw = utf8_width(marks);
	char *out;
	if (width <= 0 || (!r->align && pw + ww + mw <= width)) {
		out = xasprintf("%s%s%s", r->players, win, marks);
	} else {
		int room = width - mw, keep;
		int align = r->align && width - WINNER_ROOM >= ALIGN_MIN;
		if (r->align && !ww && !mw)  /* nothing after the players to line up */
			keep = width;
		else if (align)
			keep = width - WINNER_ROOM > width / 3 ? width - WINNER_ROOM : width / 3;
		else
			keep = room - ww > 4 ? room - ww : 4;
		int pad = align && (ww || mw);
		char *p = fit_cell(r->players, keep, pad);
		char *q = ww ? fit_cell(win, room - utf8_width(p), 0) : xstrdup("");
		out = xasprintf("%s%s%s", p, q, marks);
		free(p);
		free(q);
	}
	free(marks);
	free(win);
	return out;
}

/* The names on a line of their own under the row, after indent blanks,
 * broken between names (each kept whole) where they pass width: the
 * players, "winner: " and the sides, then the marks. */
static void
names_line(const struct game_row *r, int width, int indent, int status_shown, const char *hands)
{
	struct strbuf sb = {0};
	char *players = fit_glued(r->players), *sides = fit_glued(r->winners), *marks = marks_of(r, status_shown);
	char *count = hands ? fit_glued(hands) : NULL;
	/* the list's ", " between names is where a line may break */
	sb_printf(&sb, "%*s%s%s%s", indent, "", count ? count : "", count ? "  " : "", players);
	free(count);
	for (size_t k = 0; k < sb.len; k++)
		if (sb.s[k] == ',' && sb.s[k + 1] == FIT_GLUE[0])
			sb.s[k + 1] = ' ';
	if (*r->winners)
		sb_printf(&sb, "  winner:" FIT_GLUE "%s", sides);
	sb_add(&sb, marks);
	char *more = xasprintf("%*s", indent + 2, "");
	fit_prose(stdout, sb.s, width, more);
	free(more);
	free(players);
	free(sides);
	free(marks);
	sb_release(&sb);
}

void
cmd_game_row_print(const struct game_row *r, int width)
{
	/* the game's own word, "9 holes", "3 rounds", padded to the room of
	 * "rounds" so the rows of every game line up; a longer word,
	 * "retirements", takes what it needs beyond the column */
	const struct game_rules *rules = r->kind ? rules_find(r->kind) : NULL;
	const char *word = rules && rules->words.hand_word ? rules->words.hand_word : "hand";
	char hands[80];
	snprintf(hands, sizeof hands, "%3d %s%s", r->hands, word, plural_s(r->hands));
	int over = utf8_width(hands) > HANDS_W ? utf8_width(hands) - HANDS_W : 0;
	struct fit_col c[NCOLS] = {
		[COL_LEAD] = { utf8_width(r->lead), 0 }, [COL_TITLE] = { TITLE_W, 0 }, [COL_DAY] = { DAY_W, 1 },
		[COL_STATUS] = { utf8_width(r->status) > r->status_w ? utf8_width(r->status) : r->status_w, 2 }, [COL_HANDS] = { HANDS_W, 1 }, [COL_LENGTH] = { r->length ? 11 : 0, 1 },
	};
	static const struct fit_step steps[] = {
		{ COL_TITLE, 14 }, { COL_DAY, DATE_W }, { COL_LENGTH, 0 }, { COL_STATUS, 0 }, { COL_TITLE, 10 },
		{ COL_HANDS, 0 },
	};
	struct fit_col whole[NCOLS];
	memcpy(whole, c, sizeof c);
	/* the columns narrow alike on every row, as if its hands took their
	 * column, so the rows line up; a longer word's columns come out of
	 * the names beside it */
	int nsteps = (int)ARRAY_LEN(steps), want = (r->align ? NAMES_WANT_ALIGN : NAMES_WANT) + 2;
	int left = fit_columns(c, NCOLS, steps, nsteps, width, want);
	if (c[COL_HANDS].width)
		left -= over;
	/* too narrow for the names beside the row (a phone's terminal): the
	 * row gives way only as far as it must, the names go under it */
	int under = width > 0 && left - 2 < NAMES_MIN, hands_under = 0;
	if (under) {
		memcpy(c, whole, sizeof c);
		fit_columns(c, NCOLS, steps, nsteps, width, 0);
		/* a longer word past the edge goes first on the names' line: the
		 * count is never dropped for its word */
		int used = over;
		for (int k = 0; k < NCOLS; k++)
			used += c[k].width ? c[k].width + c[k].gap : 0;
		hands_under = c[COL_HANDS].width && used > width;
	}
	struct strbuf sb = {0};
	char *title = width > 0 ? fit_cell(r->title, c[COL_TITLE].width, 1) : utf8_fit(r->title, TITLE_W);
	char *day = c[COL_DAY].width == DATE_W && strlen(r->day) > DATE_W && r->day[DATE_W] == ' '
	    ? xstrndup(r->day, DATE_W) : utf8_fit(r->day, c[COL_DAY].width);
	sb_printf(&sb, "%s%s %s", r->lead, title, day);
	if (c[COL_STATUS].width)
		sb_printf(&sb, "  %-*s", r->status_w, r->status);
	if (c[COL_HANDS].width && !hands_under)
		sb_printf(&sb, " %-*s", HANDS_W, hands);
	if (c[COL_LENGTH].width)
		sb_printf(&sb, " %11s", r->length);
	if (under) {
		while (sb.len && sb.s[sb.len - 1] == ' ')
			sb.s[--sb.len] = '\0';
		printf("%s\n", sb.s);
		names_line(r, width, utf8_width(r->lead), c[COL_STATUS].width != 0,
		    hands_under ? hands + strspn(hands, " ") : NULL);
	} else {
		char *names = names_part(r, width > 0 ? left - 2 : 0, c[COL_STATUS].width != 0);
		printf("%s  %s\n", sb.s, names);
		free(names);
	}
	free(title);
	free(day);
	sb_release(&sb);
}
