/* SPDX-License-Identifier: ISC */
/* merge.c: what an import does with a game already here (see merge.h). */
#include "merge.h"

#include <string.h>

#include "util.h"

static int
str_eq(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* The number of leading live hands a and b share. */
static int
common_hands(const struct merge_game *a, const struct merge_game *b)
{
	int n = 0;
	while (n < a->nhands && n < b->nhands && strcmp(a->entries[n], b->entries[n]) == 0)
		n++;
	return n;
}

static int
same_content(const struct merge_game *a, const struct merge_game *b)
{
	if (a->nhands != b->nhands || common_hands(a, b) != a->nhands || a->nundone != b->nundone ||
	    a->closed != b->closed || !str_eq(a->deleted, b->deleted) || a->nsubs != b->nsubs ||
	    a->nplayers != b->nplayers || !str_eq(a->note, b->note))
		return 0;
	for (int i = 0; i < a->nundone; i++)
		if (strcmp(a->undone[i], b->undone[i]) != 0)
			return 0;
	return 1;
}

/* b is a with more hands after a's: a, open and not deleted, was b
 * before the hands that followed. */
static int
extends(const struct merge_game *b, const struct merge_game *a)
{
	return b->nhands > a->nhands && common_hands(a, b) == a->nhands && !a->closed && a->deleted == NULL &&
	    a->nsubs <= b->nsubs && a->nplayers <= b->nplayers && (a->note == NULL || str_eq(a->note, b->note));
}

enum merge_action
merge_decide(const struct merge_game *ours, const struct merge_game *theirs, const struct merge_record *rec)
{
	if (rec->found && rec->same_source) {
		if (theirs->revision < rec->source_revision)
			return MERGE_OLDER;
		int they = theirs->revision > rec->source_revision, we = ours->revision != rec->revision;
		if (they && we)
			return same_content(ours, theirs) ? MERGE_SAME : MERGE_CONFLICT;
		return they ? MERGE_TAKE_THEIRS : we ? MERGE_KEEP_OURS : MERGE_SAME;
	}
	if (same_content(ours, theirs))
		return MERGE_SAME;
	if (extends(theirs, ours))
		return MERGE_TAKE_THEIRS;
	if (extends(ours, theirs))
		return MERGE_KEEP_OURS;
	return MERGE_CONFLICT;
}

int
merge_same_note(const char *a, const char *b)
{
	return str_eq(a, b);
}

enum merge_action
merge_decide_note(const char *ours, const char *theirs, int base_found, const char *base)
{
	if (str_eq(ours, theirs))
		return MERGE_SAME;
	if (base_found)
		return str_eq(ours, base) ? MERGE_TAKE_THEIRS : str_eq(theirs, base) ? MERGE_KEEP_OURS : MERGE_CONFLICT;
	return ours == NULL ? MERGE_TAKE_THEIRS : theirs == NULL ? MERGE_KEEP_OURS : MERGE_CONFLICT;
}

static void
side(struct strbuf *sb, const struct merge_game *g)
{
	sb_printf(sb, "%d hand%s", g->nhands, g->nhands == 1 ? "" : "s");
	if (g->nundone)
		sb_printf(sb, ", %d undone", g->nundone);
	if (g->nsubs)
		sb_printf(sb, ", %d substitute%s", g->nsubs, g->nsubs == 1 ? "" : "s");
	if (g->closed)
		sb_add(sb, ", ended early");
	else if (g->ended)
		sb_add(sb, ", over");
	if (g->deleted)
		sb_add(sb, ", deleted");
	if (g->note)
		sb_add(sb, ", a note");
}

char *
merge_describe(const struct merge_game *ours, const struct merge_game *theirs)
{
	struct strbuf sb = {0};
	int common = common_hands(ours, theirs);
	sb_add(&sb, "here: ");
	side(&sb, ours);
	sb_add(&sb, "; there: ");
	side(&sb, theirs);
	if (common < ours->nhands && common < theirs->nhands)
		sb_printf(&sb, "; the hands differ from hand %d on", common + 1);
	if (!str_eq(ours->note, theirs->note))
		sb_add(&sb, "; the notes differ");
	return sb_take(&sb);
}
