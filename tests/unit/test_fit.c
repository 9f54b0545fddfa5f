/* SPDX-License-Identifier: ISC */
/*
 * test_fit.c: text fit to a terminal's width (core/fit.h): a cell cut with
 * an ellipsis by display columns, a row's columns narrowed in order, and
 * prose broken between words, a wide table in blocks of whole columns.
 */
#include "helpers.h"

#include <stdio.h>
#include <string.h>

#include "../../core/fit.h"
#include "../../core/names.h"

#define LI "\xe6\x9d\x8e"   /* 李, two columns */
#define ELL "\xe2\x80\xa6"  /* …, one */

static void
cell_is(const char *s, int width, int pad, const char *want)
{
	char *c = fit_cell(s, width, pad);
	assert_string_equal(c, want);
	if (pad)
		assert_int_equal(utf8_width(c), width > 0 ? width : 1);
	else
		assert_true(utf8_width(c) <= (width > 0 ? width : 1));
	free(c);
}

static void
test_cell(void **state)
{
	(void)state;
	cell_is("Grandma", 10, 0, "Grandma");
	cell_is("Grandma", 10, 1, "Grandma   ");
	cell_is("Grandma", 7, 0, "Grandma");
	cell_is("Grandmother", 7, 0, "Grandm" ELL);
	/* a wide letter never split: five columns of 李李李 are 李李 and … */
	cell_is(LI LI LI, 5, 0, LI LI ELL);
	/* four: 李 and … and a column of padding, or none */
	cell_is(LI LI LI, 4, 1, LI ELL " ");
	cell_is(LI LI LI, 4, 0, LI ELL);
	/* e and its combining acute stay together */
	cell_is("Rene\xcc\x81" "e Smith", 5, 0, "Rene\xcc\x81" ELL);
	cell_is("Ann", 0, 0, ELL);
}

static void
test_columns(void **state)
{
	(void)state;
	struct fit_col c[3] = { { 18, 0 }, { 16, 1 }, { 9, 2 } };
	static const struct fit_step steps[] = { { 0, 14 }, { 2, 0 }, { 0, 10 } };
	/* no limit: nothing changes */
	assert_int_equal(fit_columns(c, 3, steps, 3, 0, 20), 0);
	assert_int_equal(c[0].width, 18);
	/* 100 columns leave 54: enough */
	assert_int_equal(fit_columns(c, 3, steps, 3, 100, 20), 54);
	assert_int_equal(c[0].width, 18);
	/* 60: 14 left, the title narrows to 14 (18), then the third goes
	 * (29): the part gets the 20 it wants, the other 9 stay blank */
	assert_int_equal(fit_columns(c, 3, steps, 3, 60, 20), 20);
	assert_int_equal(c[0].width, 14);
	assert_int_equal(c[2].width, 0);
	assert_int_equal(c[1].width, 16);
	/* 30: every step taken, still short: 3 */
	struct fit_col d[3] = { { 18, 0 }, { 16, 1 }, { 9, 2 } };
	assert_int_equal(fit_columns(d, 3, steps, 3, 30, 20), 3);
	assert_int_equal(d[0].width, 10);
	/* less than nothing left: 1 */
	struct fit_col e[3] = { { 18, 0 }, { 16, 1 }, { 9, 2 } };
	assert_int_equal(fit_columns(e, 3, steps, 3, 10, 20), 1);
	/* the part's room never shrinks as the width grows: a column comes
	 * back out of the blanks, not out of the part */
	int before = 0;
	for (int width = 20; width <= 120; width++) {
		struct fit_col f[3] = { { 18, 0 }, { 16, 1 }, { 9, 2 } };
		int left = fit_columns(f, 3, steps, 3, width, 20);
		assert_true(left >= before);
		before = left;
	}
}

/* fit_wrap's lines of text at width, with indent */
static char *
wrapped(const char *text, int width, const char *indent)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	fit_wrap(f, text, width, indent);
	fclose(f);
	return buf;
}

static void
test_wrap(void **state)
{
	(void)state;
	char *w = wrapped("leading: Grandma, 5 wins in 8 games (most wins)", 20, "  ");
	assert_string_equal(w, "leading: Grandma, 5\n  wins in 8 games\n  (most wins)\n");
	free(w);
	/* no limit: as it is; the blanks between words kept */
	w = wrapped("  Golf #1:  best", 0, "    ");
	assert_string_equal(w, "  Golf #1:  best\n");
	free(w);
	w = wrapped("  Golf #1:  best", 16, "    ");
	assert_string_equal(w, "  Golf #1:  best\n");
	free(w);
	/* a word wider than a line is cut; CJK counts two a letter */
	w = wrapped("pays " LI LI LI LI LI LI, 10, "  ");
	assert_string_equal(w, "pays\n  " LI LI LI ELL "\n");
	assert_true(utf8_width(LI LI LI ELL) + 2 <= 10);
	free(w);
}

/* fit_prose: a long word kept whole, a name kept with its amount, each
 * line of the text on its own, and at width 0 the text as it is */
static void
test_prose(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	fit_prose(f, "net: Ann" FIT_GLUE "+$0.80, Cid" FIT_GLUE "-$0.30\nsee 'tally end -g 1'", 16, "  ");
	fit_prose(f, "tally: Alexandra-Katharina-Featherstonehaugh is out", 20, "");
	fit_prose(f, "Dee" FIT_GLUE "+15", 0, "");
	fclose(f);
	assert_string_equal(buf, "net: Ann +$0.80,\n  Cid -$0.30\n"
	    "see 'tally end\n  -g 1'\n"
	    "tally:\nAlexandra-Katharina-Featherstonehaugh\nis out\n"
	    "Dee +15\n");
	free(buf);
}

/* fit_text of text written for 80 columns, at width */
static char *
text_at(const char *text, int width)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	fit_text(f, text, width);
	fclose(f);
	return buf;
}

/* fit_text: a paragraph broken by hand joined and broken again; a short
 * line ends it, an item (a first word ending in ':', a list's second
 * column) begins one and goes on under its second column; a long list of
 * values goes on after a '|', a quoted value stays whole; lines that fit
 * stay; width 0 gives the text as it is */
static void
test_text(void **state)
{
	(void)state;
	static const char para[] = "Deal the pack in a row.  A pile may be moved onto the pile next to it on the\n"
	    "left when their top cards match.\n"
	    "Entering a round:\n"
	    "  standard   4-card Golf: K 0, J Q 10, no cancelling, knocking, 9 holes\n"
	    "  house      K and jokers 0\n"
	    "  cancel [x] none|columns|pairs|adjacent_pairs\n"
	    "  tally hand Bob=\"Q J 10 2\" Cid=18 --knock Ann";
	char *w = text_at(para, 0);
	assert_int_equal(strncmp(w, para, strlen(para)), 0);
	assert_string_equal(w + strlen(para), "\n");
	free(w);
	w = text_at(para, 30);
	assert_string_equal(w, "Deal the pack in a row.  A\n"
	    "pile may be moved onto the\n"
	    "pile next to it on the left\n"
	    "when their top cards match.\n"
	    "Entering a round:\n"
	    "  standard   4-card Golf: K 0,\n"
	    "             J Q 10, no\n"
	    "             cancelling,\n"
	    "             knocking, 9 holes\n"
	    "  house      K and jokers 0\n"
	    "  cancel [x] none|columns|\n"
	    "    pairs|adjacent_pairs\n"
	    "  tally hand Bob=\"Q J 10 2\"\n"
	    "    Cid=18 --knock Ann\n");
	free(w);
}

/* fit_text: an option list's item goes on under its second column only
 * (a column after two blanks where the item before has it); a line back
 * at the list's indent is a paragraph of its own, not the last option's
 * words */
static void
test_text_list_end(void **state)
{
	(void)state;
	static const char help[] = "  -o KEY=VALUE   a house rule (see 'tally rules GAME'); -o preset=NAME first\n"
	    "  --dealer P     who deals first (default: the first player)\n"
	    "  The new game becomes current; one left open is said on stderr (a note)\n"
	    "  rename OLD NEW   OLD is called NEW in every game, hand, history line and\n"
	    "  merge FROM INTO  FROM's games become INTO's";
	char *w = text_at(help, 40);
	assert_string_equal(w, "  -o KEY=VALUE   a house rule (see\n"
	    "                 'tally rules GAME'); -o\n"
	    "                 preset=NAME first\n"
	    "  --dealer P     who deals first\n"
	    "                 (default: the first\n"
	    "                 player)\n"
	    "  The new game becomes current; one left\n"
	    "    open is said on stderr (a note)\n"
	    "  rename OLD NEW   OLD is called NEW in\n"
	    "                   every game, hand,\n"
	    "                   history line and\n"
	    "  merge FROM INTO  FROM's games become\n"
	    "                   INTO's\n");
	free(w);
}

/* What fit_table_print prints of a table of ann's row and the span row
 * of keys (their names in head, ncols of them, the first two keys) at
 * width; the table is left empty.  The caller frees it. */
static char *
table_text(int ncols, const char *const *head, const int *right, const char *const *ann,
    const char *const *keys, const char *span, int width)
{
	struct fit_table t = { ncols, 2, head, right, NULL, NULL, 0, 0 };
	fit_table_row(&t, ann);
	fit_table_span(&t, keys, span);
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	fit_table_print(f, &t, width);
	fclose(f);
	assert_int_equal(t.nrows, 0);
	return buf;
}

/* fit_table_print of a two-row table, one an in-progress span, at width */
static void
test_table(void **state)
{
	(void)state;
	static const char *const head[] = { "player", "game", "games", "wins", "chips", "average" };
	static const int right[] = { 0, 0, 1, 1, 1, 1 };
	const char *ann[] = { "Ann", "golf", "12", "3", NULL, "27.5" };
	const char *keys[] = { "Bob", "golf" };
	/* 24 columns: games and wins in one block, average in a second; no
	 * chips (empty on every row); the span in the first block only,
	 * never cut: it goes on under itself, broken between words */
	char *buf = table_text(6, head, right, ann, keys, "in progress (1 open game)", 24);
	assert_string_equal(buf, "player game games wins\n"
	    "Ann    golf    12    3\n"
	    "Bob    golf in progress\n"
	    "            (1 open\n"
	    "            game)\n"
	    "\n"
	    "player game average\n"
	    "Ann    golf    27.5\n");
	free(buf);
}

/* A span's glued words stay on one line, and a key with a blank in it
 * (a name) is never where the span's line breaks */
static void
test_table_span_glued(void **state)
{
	(void)state;
	static const char *const head[] = { "player", "game", "games", "wins" };
	static const int right[] = { 0, 0, 1, 1 };
	const char *ann[] = { "Mary Ann", "golf", "12", "3" };
	const char *keys[] = { "Mary Ann", "golf" };
	char *buf = table_text(4, head, right, ann, keys, "in progress (1" FIT_GLUE "open" FIT_GLUE "game)", 30);
	assert_string_equal(buf, "player   game games wins\n"
	    "Mary Ann golf    12    3\n"
	    "Mary Ann golf in progress\n"
	    "              (1 open game)\n");
	free(buf);
	/* keys too wide for the span's glued words beside them give way, as
	 * for a wide value column: the names cut, the words whole */
	const char *wide[] = { "Christabel-Featherstonehaugh", "Backgammon with the neighbours", "1", "0" };
	buf = table_text(4, head, right, wide, wide, "in progress (1" FIT_GLUE "open" FIT_GLUE "game)", 40);
	assert_string_equal(buf, "player          game       games wins\n"
	    "Christabel-Fea… Backgammo…     1    0\n"
	    "Christabel-Fea… Backgammo… in progress\n"
	    "                           (1 open game)\n");
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cell),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_prose),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_list_end),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_span_glued),
	};
	return cmocka_run_group_tests_name("fit", tests, NULL, NULL);
}
