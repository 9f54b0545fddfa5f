/* SPDX-License-Identifier: ISC */
/*
 * test_sheet.c: the score pad renderer (core/sheet.c) draws what a game
 * declares: sub-lines under each hand, across sub-columns,
 * foot lines and a start row, blank and filled.  Each spec is built by
 * hand, rendered, and read back with poppler: pdftotext for the words in
 * their lines, and tests/cli/pdf-layout.sh's layout_ok for the words
 * inside the page, not overlapping, none under 7 pt.  Run from the
 * source tree (make unit).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "../../core/sheet.h"
#include "../../core/util.h"

static char *names2[] = { "Ann", "Bob" };
static char *rows2[] = { "Round 1", "Round 2" };
static const char *sub_labels[] = { "clean books", "going out" };
static const char *games3[] = { "game 1", "game 2", "game 3" };

/* The text of pdf, one line per line of the page, runs of spaces made
 * one (pdftotext -layout); heap. */
static char *
pdf_words(const char *pdf)
{
	char *cmd = xasprintf("pdftotext -layout '%s' - 2>/dev/null", pdf);
	FILE *p = popen(cmd, "r");
	struct strbuf sb = {0};
	int c, last = 0;
	assert_non_null(p);
	while ((c = fgetc(p)) != EOF) {
		if (c == ' ' && (last == ' ' || last == '\n'))
			continue;
		if (c == '\n' && last == ' ')
			sb.s[--sb.len] = '\0';
		sb_addc(&sb, (char)c);
		last = c;
	}
	pclose(p);
	free(cmd);
	return sb_take(&sb);
}

/* layout_ok of tests/cli/pdf-layout.sh: inside the page, no overlaps,
 * nothing under 7 pt. */
static int
layout_ok(const char *pdf)
{
	char *cmd = xasprintf(". tests/cli/pdf-layout.sh && layout_ok '%s' 7", pdf);
	int rc = system(cmd);
	free(cmd);
	return rc == 0;
}

static char *
render(const struct sheet_spec *sp, const char *name)
{
	struct diag d = {0};
	char *path = xasprintf("%s/tally-test-%s-%ld.pdf", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", name,
	    (long)getpid());
	enum status rc = sheet_render(sp, path, &d);
	if (rc != ST_OK)
		fail_msg("sheet_render: %s", d.message);
	diag_clear(&d);
	return path;
}

static void
expect(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("'%s' not in the pad:\n%s", want, text);
}

/* Hand & Foot's shape: a block per round of sub-lines, then score and
 * total; a start row; a foot line. */
static void
test_sub_lines_filled(void **u)
{
	(void)u;
	char *points[] = { "645", "110", "-20", "30" }, *running[] = { "645", "110", "625", "140" };
	/* [(row * nlines + l) * nplayers + player] */
	char *lines[] = { "3", "5", "yes", NULL, "1", "2", NULL, "yes" };
	char *start[] = { "50", "60" }, *totals[] = { "625", "140" }, *fin[] = { "725", "140" };
	struct sheet_line foot[] = { { "final with end bonuses", 0, fin } };
	struct sheet_spec sp = { .title = "Hand & Foot", .subtitle = "Game #1", .nplayers = 2, .names = names2,
		.nrows = 2, .row_labels = rows2, .points = points, .running = running, .totals = totals,
		.nlines = 2, .line_labels = sub_labels, .lines = lines, .start_label = "starting chips",
		.start = start, .nfoot = 1, .foot = foot, .result = "Winner: Ann" };
	char *pdf = render(&sp, "lines");
	char *text = pdf_words(pdf);
	expect(text, "Round 1 clean books 3 5\n");
	expect(text, "going out yes\n");
	expect(text, "score 645 110\n");
	expect(text, "total 645 110\n");
	expect(text, "Round 2 clean books 1 2\n");
	expect(text, "score \xE2\x88\x92" "20 30\n");   /* a true minus sign */
	expect(text, "total 625 140\n");
	expect(text, "starting chips 50 60\n");
	expect(text, "Total 625 140\n");
	expect(text, "final with end bonuses 725 140\n");
	/* the start row above the first hand, the foot under the totals */
	assert_true(strstr(text, "starting chips") < strstr(text, "Round 1"));
	assert_true(strstr(text, "Total 625") < strstr(text, "final with"));
	assert_true(layout_ok(pdf));
	unlink(pdf);
	free(pdf);
	free(text);
}

/* Hollywood's shape: each player's cell split into three games with
 * their headings, foot lines across and plain, blank and filled. */
static void
test_across(void **u)
{
	(void)u;
	/* [(row * nplayers + player) * nacross + a] */
	char *across[] = { "38", "0", "0", "0", "0", "0", "113", "75", NULL, "15", NULL, "0" };
	char *bonus[] = { "263", "0", "0", "40", "0", "0" }, *totals[] = { "188", "15" };
	struct sheet_line foot[] = { { "game bonus", 1, NULL }, { "final", 0, NULL } };
	struct sheet_spec sp = { .title = "Gin Rummy", .nplayers = 2, .names = names2, .nrows = 2,
		.row_labels = rows2, .nacross = 3, .across_labels = games3, .nfoot = 2, .foot = foot };
	char *pdf = render(&sp, "across-blank");
	char *text = pdf_words(pdf);
	expect(text, "game 1 game 2 game 3 game 1 game 2 game 3\n");
	expect(text, "game bonus\n");
	expect(text, "final\n");
	assert_null(strstr(text, "263"));
	assert_true(layout_ok(pdf));
	unlink(pdf);
	free(pdf);
	free(text);

	char *points[] = { "38", "0", "75", "15" };
	sp.points = points;   /* filled */
	sp.across = across;
	sp.totals = totals;
	foot[0].cells = bonus;
	sp.start_label = "starting lives";
	sp.start_right = 1;
	pdf = render(&sp, "across");
	text = pdf_words(pdf);
	expect(text, "Round 1 38 0 0 0 0 0\n");
	expect(text, "Round 2 113 75 15 0\n");
	expect(text, "game bonus 263 0 0 40 0 0\n");
	expect(text, "Total 188 15\n");
	expect(text, "starting lives\n");
	assert_true(layout_ok(pdf));
	unlink(pdf);
	free(pdf);
	free(text);
}

/* A blank pad of sub-lines for 16 players with long names: every label,
 * nothing outside the page or under 7 pt; short blank pads print twice. */
static void
test_blank_many(void **u)
{
	(void)u;
	char *names[16], *rows[4] = { "Round 1 (60)", "Round 2 (90)", "Round 3 (120)", "Round 4 (150)" };
	for (int i = 0; i < 16; i++)
		names[i] = xasprintf("Spieler%c Müller-Lüdenscheidt", 'A' + i);
	struct sheet_line foot[] = { { "final", 0, NULL } };
	struct sheet_spec sp = { .title = "Hand & Foot", .nplayers = 16, .names = names, .nrows = 4, .row_labels = rows,
		.nlines = 2, .line_labels = sub_labels, .start_label = "starting chips", .nfoot = 1, .foot = foot };
	char *pdf = render(&sp, "many");
	char *text = pdf_words(pdf);
	for (int r = 0; r < 4; r++)
		expect(text, rows[r]);
	expect(text, "starting chips");
	expect(text, "final");
	assert_true(layout_ok(pdf));
	unlink(pdf);
	free(pdf);
	free(text);
	for (int i = 0; i < 16; i++)
		free(names[i]);

	struct sheet_spec two = { .title = "Short", .nplayers = 2, .names = names2, .nrows = 2, .row_labels = rows2,
		.nacross = 3, .across_labels = games3, .start_label = "starting chips" };
	pdf = render(&two, "two");
	text = pdf_words(pdf);
	char *second = strstr(text, "starting chips");
	assert_non_null(second);
	assert_non_null(strstr(second + 1, "starting chips"));   /* two pads on the page */
	assert_true(layout_ok(pdf));
	unlink(pdf);
	free(pdf);
	free(text);
}

static void
test_cannot_create(void **u)
{
	(void)u;
	struct diag d = {0};
	struct sheet_spec sp = { .title = "X", .nplayers = 2, .names = names2, .nrows = 2, .row_labels = rows2,
		.nlines = 2, .line_labels = sub_labels };
	assert_int_equal(sheet_render(&sp, "/nonexistent/dir/x.pdf", &d), ST_CANTCREAT);
	diag_clear(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sub_lines_filled),
		cmocka_unit_test(test_across),
		cmocka_unit_test(test_blank_many),
		cmocka_unit_test(test_cannot_create),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
