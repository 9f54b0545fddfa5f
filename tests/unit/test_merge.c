/* SPDX-License-Identifier: ISC */
/*
 * test_merge.c: core/merge.h, what an import does with a game already
 * here: each row of the merge rules, with and without a record of what was
 * taken last time.
 */
#include "helpers.h"

#include "../../core/merge.h"

static char *const three[] = { "Ann=1 Bob=2", "Ann=3 Bob=4", "Ann=5 Bob=6" };
static char *const other[] = { "Ann=1 Bob=2", "Ann=9 Bob=9" };

static struct merge_game
game(long rev, int n, char *const *e)
{
	return (struct merge_game){ .revision = rev, .nhands = n, .entries = e };
}

static void
test_record(void **state)
{
	(void)state;
	struct merge_record r = { 1, 1, 4, 7 };
	struct merge_game ours = game(7, 2, three), theirs = game(4, 2, three);
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_SAME);
	theirs = game(5, 3, three);                  /* the table played on */
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_TAKE_THEIRS);
	ours = game(8, 2, other);                    /* and the club edited */
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_CONFLICT);
	theirs = game(4, 2, three);                  /* only the club changed it */
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_KEEP_OURS);
	theirs = game(3, 1, three);                  /* an older export */
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_OLDER);
	/* both changed it the same way: nothing to choose */
	ours = game(9, 3, three);
	theirs = game(6, 3, three);
	assert_int_equal(merge_decide(&ours, &theirs, &r), MERGE_SAME);
}

static void
test_no_record(void **state)
{
	(void)state;
	struct merge_record none = {0};
	struct merge_game ours = game(2, 2, three), theirs = game(9, 3, three);
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide(&theirs, &ours, &none), MERGE_KEEP_OURS);
	theirs = game(9, 2, other);
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_CONFLICT);
	theirs = game(9, 2, three);
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_SAME);
	/* a game ended early here is not the start of a longer one there */
	ours.closed = 1;
	theirs = game(9, 3, three);
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_CONFLICT);
	/* a record from another file decides nothing either */
	struct merge_record elsewhere = { 1, 0, 1, 1 };
	ours.closed = 0;
	assert_int_equal(merge_decide(&ours, &theirs, &elsewhere), MERGE_TAKE_THEIRS);
}

static void
test_describe(void **state)
{
	(void)state;
	struct merge_game ours = game(2, 3, three), theirs = game(3, 2, other);
	theirs.deleted = "2026-03-24T21:00:00Z";
	char *s = merge_describe(&ours, &theirs);
	assert_string_equal(s, "here: 3 hands; there: 2 hands, deleted; the hands differ from hand 2 on");
	free(s);
}

/* With no record, a note decides as the hands do: notes that differ on
 * the same hands are a conflict; a longer game that carries the shorter
 * one's note, or adds one, is the newer; one that drops or changes it is
 * not. */
static void
test_notes(void **state)
{
	(void)state;
	struct merge_record none = {0};
	struct merge_game ours = game(2, 2, three), theirs = game(9, 2, three);
	theirs.note = "Bob left early";
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_CONFLICT);
	ours.note = "Bob left early";
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_SAME);
	theirs = game(9, 3, three);                  /* longer, but the note is gone */
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_CONFLICT);
	theirs.note = "Bob left early";
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_TAKE_THEIRS);
	ours.note = NULL;                            /* a note added with the hands */
	assert_int_equal(merge_decide(&ours, &theirs, &none), MERGE_TAKE_THEIRS);
	char *s = merge_describe(&(struct merge_game){ .nhands = 3, .entries = three, .note = "x" }, &theirs);
	assert_string_equal(s, "here: 3 hands, a note; there: 3 hands, a note; the notes differ");
	free(s);
}

/* A night's note: with a record, the side that changed since it wins,
 * and two different changes are a conflict; without one, a note on one
 * side only is taken and two different notes are a conflict. */
static void
test_night_note(void **state)
{
	(void)state;
	assert_int_equal(merge_decide_note("a", "a", 1, "old"), MERGE_SAME);     /* the same change on both */
	assert_int_equal(merge_decide_note("old", "new", 1, "old"), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note("old", NULL, 1, "old"), MERGE_TAKE_THEIRS); /* cleared there */
	assert_int_equal(merge_decide_note(NULL, "set", 1, NULL), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note("club", "old", 1, "old"), MERGE_KEEP_OURS);
	assert_int_equal(merge_decide_note(NULL, "old", 1, "old"), MERGE_KEEP_OURS);   /* cleared here */
	assert_int_equal(merge_decide_note("club", "table", 1, "old"), MERGE_CONFLICT);
	assert_int_equal(merge_decide_note(NULL, "table", 0, NULL), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note("club", NULL, 0, NULL), MERGE_KEEP_OURS);
	assert_int_equal(merge_decide_note("club", "table", 0, NULL), MERGE_CONFLICT);
	assert_int_equal(merge_same_note(NULL, NULL), 1);
	assert_int_equal(merge_same_note("a", NULL), 0);
}

/* The clock of a game as a file holds it, and the order of two. */
static void
test_clocks(void **state)
{
	(void)state;
	struct merge_clock b, h, l, t;
	/* laptop B's game, never merged: every revision is B's own */
	merge_clock_here(&b, NULL, 0, NULL, 0, 0, "bbb", 3);
	char *text = merge_clock_text(&b);
	assert_string_equal(text, "{\"bbb\":3}");
	free(text);
	/* the host took it (revision 5 here right after), then corrected it */
	merge_clock_here(&h, "{\"bbb\":3}", 1, "bbb", 3, 5, "hhh", 5);
	assert_int_equal(merge_clock_order(&h, &b), MERGE_CLOCK_SAME);
	merge_clock_release(&h);
	merge_clock_here(&h, "{\"bbb\":3}", 1, "bbb", 3, 5, "hhh", 6);
	assert_int_equal(merge_clock_order(&h, &b), MERGE_CLOCK_AFTER);
	assert_int_equal(merge_clock_order(&b, &h), MERGE_CLOCK_BEFORE);
	assert_int_equal(merge_decide_clock(&b, &h, 0, NULL, NULL), MERGE_TAKE_THEIRS);
	/* a league file that took the host's version holds B's 3 too: B's
	 * own file, unchanged, is already there */
	merge_clock_parse("{\"bbb\":3,\"hhh\":6}", &l);
	assert_int_equal(merge_decide_clock(&l, &b, 0, NULL, NULL), MERGE_SAME);
	assert_int_equal(merge_decide_clock(&l, &b, 1, NULL, NULL), MERGE_KEEP_OURS);
	/* B played on after the host took it: apart, a conflict unless the
	 * contents are the same */
	merge_clock_release(&b);
	merge_clock_here(&b, NULL, 0, NULL, 0, 0, "bbb", 4);
	assert_int_equal(merge_clock_order(&b, &h), MERGE_CLOCK_APART);
	struct merge_game ours = game(6, 2, three), theirs = game(4, 2, other);
	assert_int_equal(merge_decide_clock(&h, &b, 1, &ours, &theirs), MERGE_CONFLICT);
	theirs = game(4, 2, three);
	assert_int_equal(merge_decide_clock(&h, &b, 1, &ours, &theirs), MERGE_SAME);
	/* what both hold: either side's parts, the larger */
	merge_clock_join(&h, &b);
	text = merge_clock_text(&h);
	assert_string_equal(text, "{\"bbb\":4,\"hhh\":6}");
	free(text);
	/* a record from before clocks reads as the file and revision taken */
	merge_clock_here(&t, NULL, 1, "bbb", 2, 7, "hhh", 7);
	text = merge_clock_text(&t);
	assert_string_equal(text, "{\"bbb\":2}");
	free(text);
	merge_clock_release(&t);
	/* not a clock: refused, left empty */
	assert_int_equal(merge_clock_parse("{\"bbb\":-1}", &t), 0);
	assert_int_equal(merge_clock_parse("[1]", &t), 0);
	assert_int_equal(merge_clock_parse("{\"\":1}", &t), 0);
	assert_int_equal(t.n, 0);
	merge_clock_release(&b);
	merge_clock_release(&h);
	merge_clock_release(&l);
}

/* A night's note by clocks: each change of it counted in the file made
 * in; a note that came through another file is known by its changes. */
static void
test_night_clocks(void **state)
{
	(void)state;
	struct merge_clock a = {0}, h = {0}, b = {0}, seen = {0}, after = {0};
	struct merge_note_record none = {0};
	/* laptop A sets it; the host takes it; laptop B takes the host's and
	 * changes it: B's holds A's change and more */
	merge_clock_tick(&a, "aaa");
	merge_clock_join(&h, &a);
	merge_clock_join(&b, &h);
	merge_clock_tick(&b, "bbb");
	char *text = merge_clock_text(&b);
	assert_string_equal(text, "{\"aaa\":1,\"bbb\":1}");
	free(text);
	assert_int_equal(merge_decide_note_clock(&h, &b, "at Ann's", "Bob left", &none), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note_clock(&a, &b, "at Ann's", "Bob left", &none), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note_clock(&b, &a, "Bob left", "at Ann's", &none), MERGE_KEEP_OURS);
	assert_int_equal(merge_decide_note_clock(&b, &a, "same", "same", &none), MERGE_SAME);
	/* A changes it too: apart, a conflict */
	merge_clock_tick(&a, "aaa");
	assert_int_equal(merge_decide_note_clock(&a, &b, "A says", "Bob left", &none), MERGE_CONFLICT);
	/* unless A's note was found the same as B's version seen, and A has
	 * not changed since (here right after is A's clock now): B's later
	 * change came after */
	merge_clock_join(&seen, &b);
	merge_clock_join(&after, &a);
	merge_clock_join(&after, &b);
	merge_clock_tick(&b, "bbb");
	struct merge_note_record rec = { 1, "typed alike", &seen, &after };
	assert_int_equal(merge_decide_note_clock(&after, &b, "typed alike", "B again", &rec), MERGE_TAKE_THEIRS);
	struct merge_clock now = {0};
	merge_clock_join(&now, &after);
	merge_clock_tick(&now, "aaa");  /* A changed it since: a conflict */
	assert_int_equal(merge_decide_note_clock(&now, &b, "typed alike", "B again", &rec), MERGE_CONFLICT);
	merge_clock_release(&now);
	/* the same clock, different notes (copies, or notes from before
	 * clocks): the record decides */
	rec = (struct merge_note_record){ 1, "old", NULL, NULL };
	assert_int_equal(merge_decide_note_clock(&h, &h, "old", "new", &rec), MERGE_TAKE_THEIRS);
	assert_int_equal(merge_decide_note_clock(&h, &h, "x", "new", &none), MERGE_CONFLICT);
	/* an empty clock tells all only of a note never changed before clocks */
	struct merge_clock empty = {0};
	assert_int_equal(merge_night_clock_known(&empty, NULL, 0, NULL), 1);
	assert_int_equal(merge_night_clock_known(&empty, "set before", 0, NULL), 0);
	assert_int_equal(merge_night_clock_known(&empty, "taken", 1, "taken"), 1);
	assert_int_equal(merge_night_clock_known(&empty, "changed", 1, "taken"), 0);
	assert_int_equal(merge_night_clock_known(&a, "changed", 1, "taken"), 1);
	merge_clock_release(&a);
	merge_clock_release(&h);
	merge_clock_release(&b);
	merge_clock_release(&seen);
	merge_clock_release(&after);
}

/* What a version is: an undone hand kept for redo is not part of it, a
 * player written another way is the same player, a seat or a hand more is
 * another version; this file's changes net to nothing only where the
 * file's version holds the one taken. */
static void
test_undone_here(void **state)
{
	(void)state;
	static char *const two[] = { "Ann", "Bob" }, *const other_case[] = { "ann", "BOB" }, *const kim[] = { "Ann",
		"Bob", "Kim" }, *const undone[] = { "Ann=7 Bob=7" };
	struct merge_game taken = { .nhands = 2, .entries = three, .nplayers = 2, .names = two, .kind = "golf" };
	struct merge_game ours = taken, joined = taken, fewer = taken;
	ours.names = other_case;
	ours.nundone = 1;
	ours.undone = undone;
	joined.nplayers = 3;
	joined.names = kim;
	fewer.nhands = 1;
	char *digest = merge_content_digest(&taken);
	struct merge_clock seen = {0}, there = {0}, apart = {0};
	merge_clock_raise(&seen, "table", 2);
	merge_clock_raise(&there, "table", 3);
	merge_clock_raise(&apart, "club", 1);
	assert_int_equal(merge_undone_here(&ours, digest, &seen, &there), 1);
	assert_int_equal(merge_undone_here(&joined, digest, &seen, &there), 0);   /* a seat more */
	assert_int_equal(merge_undone_here(&fewer, digest, &seen, &there), 0);    /* a hand undone here */
	assert_int_equal(merge_undone_here(&ours, digest, &seen, &apart), 0);     /* the file lacks what was taken */
	assert_int_equal(merge_undone_here(&ours, NULL, &seen, &there), 0);       /* not known */
	char *s = merge_describe(&joined, &fewer);
	assert_string_equal(s, "here: 2 hands, players Ann, Bob, Kim; there: 1 hand, players Ann, Bob; hand 2 here only");
	free(s);
	free(digest);
	merge_clock_release(&seen);
	merge_clock_release(&there);
	merge_clock_release(&apart);
}

/* A game's note merges apart from its hands: the note changed on one
 * side and the hands on the other are both kept; the note changed on
 * both sides differently, or the hands on both, stays a conflict.  After
 * such a merge the file may have taken the merged version or not: either
 * way its unchanged note is no change. */
static void
test_note_apart(void **state)
{
	(void)state;
	static char *const two[] = { "Ann", "Bob" };
	struct merge_game taken = { .nhands = 2, .entries = three, .nplayers = 2, .names = two, .kind = "golf" };
	struct merge_game noted = taken, played = taken, both = taken, elsewhere = taken;
	noted.note = "Ann hosts";
	played.nhands = 3;
	both.note = "Bob hosts";
	both.nhands = 3;
	elsewhere.note = "Cid hosts";
	char *digest = merge_content_digest(&taken);
	struct merge_clock seen = {0}, there = {0}, apart = {0};
	merge_clock_raise(&seen, "table", 2);
	merge_clock_raise(&there, "table", 3);
	merge_clock_raise(&apart, "club", 1);
	/* a note here, a hand there: theirs with our note; and the elsewhere way */
	assert_int_equal(merge_note_apart(&noted, &played, digest, &seen, &there), MERGE_NOTE_OURS);
	assert_int_equal(merge_note_apart(&played, &noted, digest, &seen, &there), MERGE_NOTE_THEIRS);
	/* notes on both sides, hands on both sides: conflicts */
	assert_int_equal(merge_note_apart(&noted, &elsewhere, digest, &seen, &there), MERGE_NOTE_NONE);
	assert_int_equal(merge_note_apart(&noted, &both, digest, &seen, &there), MERGE_NOTE_NONE);
	assert_int_equal(merge_note_apart(&played, &both, digest, &seen, &there), MERGE_NOTE_NONE);
	/* the file lacks what was taken; a record from before the parts */
	assert_int_equal(merge_note_apart(&noted, &played, digest, &seen, &apart), MERGE_NOTE_NONE);
	*strchr(digest, ' ') = '\0';
	assert_int_equal(merge_note_apart(&noted, &played, digest, &seen, &there), MERGE_NOTE_NONE);
	assert_int_equal(merge_undone_here(&taken, digest, &seen, &there), 1);
	free(digest);
	/* merged here (the file's hands, our note): the file plays on, with
	 * the merged note taken or not, and its hands are taken again */
	static char *const four[] = { "Ann=1 Bob=2", "Ann=3 Bob=4", "Ann=5 Bob=6", "Ann=7 Bob=8" };
	struct merge_game merged = played, more = played;
	merged.note = noted.note;
	more.nhands = 4;
	more.entries = four;  /* as many entries as hands: the digest reads them all */
	digest = merge_merged_digest(&played, &merged);
	assert_int_equal(merge_note_apart(&merged, &more, digest, &seen, &there), MERGE_NOTE_OURS);
	more.note = noted.note;
	assert_int_equal(merge_note_apart(&merged, &more, digest, &seen, &there), MERGE_NOTE_OURS);
	free(digest);
	merge_clock_release(&seen);
	merge_clock_release(&there);
	merge_clock_release(&apart);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_clocks),
		cmocka_unit_test(test_no_record),
		cmocka_unit_test(test_describe),
		cmocka_unit_test(test_notes),
		cmocka_unit_test(test_night_note),
		cmocka_unit_test(test_night_clocks),
		cmocka_unit_test(test_undone_here),
		cmocka_unit_test(test_note_apart),
	};
	return cmocka_run_group_tests_name("merge", tests, NULL, NULL);
}
