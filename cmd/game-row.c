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
#define NAMES_WANT_ALIGN 49  /* list: what 80 columns leave the names beside its
			     * narrowest row: the players and a winner whole */
#define NAMES_MIN 24      /* less than this, the names go on a line of their own */
#define WINNER_ROOM 22    /* "  winner: " and a name of 12 columns */
#define LEAD_GIVE 2  /* history: "  #12     " to "  #12   " */
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
 * in width columns (0: whole).  The marks stay whole, and the winner while
 * the players keep 4 columns: the players take what is left, cut with an
 * ellipsis, so that the names have all the room the row has.  An aligned
 * row (list) with a winner or a mark pads its players to one width for
 * every row (all but the winner's room), so the winners line up on the
 * rows whose players fit it; players longer than that push their winner
 * on rather than be cut to it (cut to one width they had less room a
 * column wider, at 60 columns, than at 59 where each row took its own). */
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
		int room = width - mw;
		int keep = room - ww > 4 ? room - ww : 4;
		int line = r->align && (ww || mw) ? width - WINNER_ROOM : 0;
		char *p = fit_cell(r->players, keep, 0);
		int shown = utf8_width(p), pad = (line < keep ? line : keep) - shown;
		char *q = ww ? fit_cell(win, room - shown - (pad > 0 ? pad : 0), 0) : xstrdup("");
		out = xasprintf("%s%*s%s%s", p, pad > 0 ? pad : 0, "", q, marks);
		free(p);
		free(q);
	}
	free(marks);
	free(win);
	return out;
}

/* names (a list with ", " between them) on sb, each glued whole for
 * fit_prose and a line free to break after each ",", a name wider than
 * room (with its ",") cut with an ellipsis, so that no line passes the
 * edge */
static void
names_glued(struct strbuf *sb, const char *names, int room)
{
	for (const char *p = names; *p;) {
		const char *end = strstr(p, ", ");
		char *one = end ? xstrndup(p, (size_t)(end - p)) : xstrdup(p);
		int fits = room - (end ? 1 : 0);
		if (utf8_width(one) > fits) {
			char *cut = fit_cell(one, fits, 0);
			free(one);
			one = cut;
		}
		char *glued = fit_glued(one);
		sb_printf(sb, "%s%s", glued, end ? ", " : "");
		free(glued);
		free(one);
		p = end ? end + 2 : p + strlen(p);
	}
}

/* The names on a line of their own under the row, after indent blanks,
 * broken between names where they pass width: the count when the row
 * had no room for it, the players, "winner: " and the sides, then the
 * marks.  Each name is whole unless it is wider than a line. */
static void
names_line(const struct game_row *r, int width, int indent, int status_shown, const char *hands)
{
	struct strbuf sb = {0};
	char *marks = marks_of(r, status_shown);
	char *count = hands ? fit_glued(hands) : NULL;
	int room = width - indent - 2;  /* a line after the first */
	sb_printf(&sb, "%*s%s%s", indent, "", count ? count : "", count ? "  " : "");
	free(count);
	names_glued(&sb, r->players, room);
	if (*r->winners) {
		/* "winner:" kept with the first side where the two fit a line */
		const char *comma = strstr(r->winners, ", ");
		int first = comma ? utf8_width(r->winners) - utf8_width(comma) + 1 : utf8_width(r->winners);
		sb_printf(&sb, "  winner:%s", (int)strlen("winner: ") + first <= room ? FIT_GLUE : " ");
		names_glued(&sb, r->winners, room);
	}
	sb_add(&sb, marks);
	char *more = xasprintf("%*s", indent + 2, "");
	fit_prose(stdout, sb.s, width, more);
	free(more);
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
	/* the number's blanks, "  #12     ", are the least a narrow row needs:
	 * they go before the count, down to LEAD_GIVE fewer (while they leave
	 * one after the number) */
	int lead_w = utf8_width(r->lead), lead_text = (int)strcspn(r->lead + strspn(r->lead, " *"), " ") +
	    (int)strspn(r->lead, " *");
	int lead_min = lead_w - LEAD_GIVE > lead_text + 1 ? lead_w - LEAD_GIVE : lead_text + 1;
	struct fit_col c[NCOLS] = {
		[COL_LEAD] = { lead_w, 0 }, [COL_TITLE] = { TITLE_W, 0 }, [COL_DAY] = { DAY_W, 1 },
		[COL_STATUS] = { r->status_w, 2 }, [COL_HANDS] = { HANDS_W, 1 }, [COL_LENGTH] = { r->length ? 11 : 0, 1 },
	};
	/* a status wider than its column (history's "abandoned" in the room
	 * of "over") is left out of it on a terminal, so that every row
	 * narrows alike, and said after the names ("[abandoned]") */
	int status_fits = width <= 0 || utf8_width(r->status) <= r->status_w;
	/* list gives its names the hands' room last; history keeps the count,
	 * what a player reads it for on a phone, and narrows the number's
	 * blanks instead */
	const struct fit_step steps[] = {
		{ COL_TITLE, 14 }, { COL_DAY, DATE_W }, { COL_LENGTH, 0 }, { COL_STATUS, 0 }, { COL_TITLE, 10 },
		r->count_kept ? (struct fit_step){ COL_LEAD, lead_min } : (struct fit_step){ COL_HANDS, 0 },
	};
	struct fit_col whole[NCOLS];
	memcpy(whole, c, sizeof c);
	/* the columns narrow alike on every row, as if its hands took their
	 * column, so the rows line up; a longer word's columns come out of
	 * the names beside it, and where the hands were dropped from the
	 * names' room at the widest, so that it never shrinks as the
	 * terminal widens (fit_columns) */
	int nsteps = (int)ARRAY_LEN(steps), want = (r->align ? NAMES_WANT_ALIGN : NAMES_WANT) + 2;
	int left = fit_columns(c, NCOLS, steps, nsteps, width, want);
	/* too narrow for the names beside the row (a phone's terminal): the
	 * row gives way only as far as it must, the names go under it; at
	 * one width for every row, whatever its word */
	int under = width > 0 && left - 2 < NAMES_MIN, hands_under = 0;
	if (c[COL_HANDS].width)
		left -= over;
	else if (left > want - over)
		left = want - over;
	if (under) {
		memcpy(c, whole, sizeof c);
		fit_columns(c, NCOLS, steps, nsteps, width, 0);
		/* a longer word past the edge, or a count the row had no room
		 * for, goes first on the names' line: the count is never
		 * dropped */
		int used = over;
		for (int k = 0; k < NCOLS; k++)
			used += c[k].width ? c[k].width + c[k].gap : 0;
		hands_under = !c[COL_HANDS].width || used > width;
	}
	struct strbuf sb = {0};
	char *title = width > 0 ? fit_cell(r->title, c[COL_TITLE].width, 1) : utf8_fit(r->title, TITLE_W);
	char *day = c[COL_DAY].width == DATE_W && strlen(r->day) > DATE_W && r->day[DATE_W] == ' '
	    ? xstrndup(r->day, DATE_W) : utf8_fit(r->day, c[COL_DAY].width);
	/* the lead is ASCII: "*#12   " */
	int lead_shown = c[COL_LEAD].width < lead_w ? c[COL_LEAD].width : lead_w;
	sb_printf(&sb, "%.*s%s %s", lead_shown, r->lead, title, day);
	int status_shown = c[COL_STATUS].width && status_fits;
	if (c[COL_STATUS].width)
		sb_printf(&sb, "  %-*s", r->status_w, status_fits ? r->status : "");
	if (c[COL_HANDS].width && !hands_under)
		sb_printf(&sb, " %-*s", HANDS_W, hands);
	if (c[COL_LENGTH].width)
		sb_printf(&sb, " %11s", r->length);
	if (under) {
		while (sb.len && sb.s[sb.len - 1] == ' ')
			sb.s[--sb.len] = '\0';
		printf("%s\n", sb.s);
		names_line(r, width, lead_shown, status_shown,
		    hands_under ? hands + strspn(hands, " ") : NULL);
	} else {
		char *names = names_part(r, width > 0 ? left - 2 : 0, status_shown);
		printf("%s  %s\n", sb.s, names);
		free(names);
	}
	free(title);
	free(day);
	sb_release(&sb);
}
