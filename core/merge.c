/* SPDX-License-Identifier: ISC */
/* merge.c: what an import does with a game already here (see merge.h). */
#include "merge.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
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

/* The index of uid in c, or where it would go (*found 0). */
static int
clock_find(const struct merge_clock *c, const char *uid, int *found)
{
	int lo = 0, hi = c->n;
	*found = 0;
	while (lo < hi) {
		int mid = (lo + hi) / 2, k = strcmp(c->uid[mid], uid);
		if (k == 0) {
			*found = 1;
			return mid;
		}
		if (k < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static long
clock_part(const struct merge_clock *c, const char *uid)
{
	int found, i = clock_find(c, uid, &found);
	return found ? c->rev[i] : 0;
}

void
merge_clock_raise(struct merge_clock *c, const char *uid, long rev)
{
	int found, i = clock_find(c, uid, &found);
	if (found) {
		if (rev > c->rev[i])
			c->rev[i] = rev;
		return;
	}
	if (rev <= 0)
		return;
	c->uid = xrealloc(c->uid, sizeof *c->uid * (size_t)(c->n + 1));
	c->rev = xrealloc(c->rev, sizeof *c->rev * (size_t)(c->n + 1));
	memmove(c->uid + i + 1, c->uid + i, sizeof *c->uid * (size_t)(c->n - i));
	memmove(c->rev + i + 1, c->rev + i, sizeof *c->rev * (size_t)(c->n - i));
	c->uid[i] = xstrdup(uid);
	c->rev[i] = rev;
	c->n++;
}

void
merge_clock_join(struct merge_clock *c, const struct merge_clock *o)
{
	for (int i = 0; i < o->n; i++)
		merge_clock_raise(c, o->uid[i], o->rev[i]);
}

enum merge_order
merge_clock_order(const struct merge_clock *a, const struct merge_clock *b)
{
	int a_more = 0, b_more = 0;
	for (int i = 0; i < a->n; i++)
		if (a->rev[i] > clock_part(b, a->uid[i]))
			a_more = 1;
	for (int i = 0; i < b->n; i++)
		if (b->rev[i] > clock_part(a, b->uid[i]))
			b_more = 1;
	return a_more && b_more ? MERGE_CLOCK_APART : a_more ? MERGE_CLOCK_AFTER : b_more ? MERGE_CLOCK_BEFORE
	    : MERGE_CLOCK_SAME;
}

char *
merge_clock_text(const struct merge_clock *c)
{
	struct strbuf sb = {0};
	struct jw w;
	jw_start_text(&w, &sb);
	jw_object(&w, NULL);
	for (int i = 0; i < c->n; i++)
		jw_int(&w, c->uid[i], c->rev[i]);
	jw_end(&w);
	return sb_take(&sb);
}

void
merge_clock_release(struct merge_clock *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->uid[i]);
	free(c->uid);
	free(c->rev);
	memset(c, 0, sizeof *c);
}

int
merge_clock_from_jv(const struct jv *v, struct merge_clock *c)
{
	struct jv_iter it = {0};
	struct jv *rev;
	const char *uid;
	memset(c, 0, sizeof *c);
	if (v == NULL)
		return 1;
	if (!jv_is_object(v))
		return 0;
	while ((uid = jv_next_member(v, &it, &rev)) != NULL) {
		int found;
		size_t len = strlen(uid);
		if (len == 0 || len >= 64 || !utf8_clean(uid) || !jv_is_integer(rev) || jv_integer(rev) < 0 ||
		    jv_integer(rev) > (1LL << 53) || c->n >= MERGE_CLOCK_MAX) {
			merge_clock_release(c);
			return 0;
		}
		clock_find(c, uid, &found);
		if (found) {  /* a file named twice */
			merge_clock_release(c);
			return 0;
		}
		merge_clock_raise(c, uid, (long)jv_integer(rev));
	}
	return 1;
}

int
merge_clock_parse(const char *text, struct merge_clock *c)
{
	struct jv_error err;
	memset(c, 0, sizeof *c);
	if (text == NULL)
		return 1;
	struct jv *v = jv_parse(text, strlen(text), &err);
	int ok = v != NULL && merge_clock_from_jv(v, c);
	jv_free(v);
	return ok;
}

void
merge_clock_here(struct merge_clock *c, const char *seen, int has_record, const char *source,
    long source_revision, long synced, const char *self, long revision)
{
	memset(c, 0, sizeof *c);
	if (seen && !merge_clock_parse(seen, c))
		seen = NULL;  /* never written so: read as a record before clocks */
	if (seen == NULL && has_record && source)
		merge_clock_raise(c, source, source_revision);
	if (self && (!has_record || revision != synced))
		merge_clock_raise(c, self, revision);
}

enum merge_action
merge_decide_clock(const struct merge_clock *here, const struct merge_clock *there, int changed_here,
    const struct merge_game *ours, const struct merge_game *theirs)
{
	switch (merge_clock_order(here, there)) {
	case MERGE_CLOCK_SAME:
		return MERGE_SAME;
	case MERGE_CLOCK_AFTER:
		return changed_here ? MERGE_KEEP_OURS : MERGE_SAME;
	case MERGE_CLOCK_BEFORE:
		return MERGE_TAKE_THEIRS;
	case MERGE_CLOCK_APART:
		break;
	}
	return ours && theirs && same_content(ours, theirs) ? MERGE_SAME : MERGE_CONFLICT;
}

enum merge_action
merge_decide_note_clock(const struct merge_clock *here, const struct merge_clock *there, const char *ours,
    const char *theirs, const struct merge_note_record *rec)
{
	if (str_eq(ours, theirs))
		return MERGE_SAME;
	switch (merge_clock_order(here, there)) {
	case MERGE_CLOCK_AFTER:
		return MERGE_KEEP_OURS;
	case MERGE_CLOCK_BEFORE:
		return MERGE_TAKE_THEIRS;
	case MERGE_CLOCK_APART:
		/* found the same as a version of that file, unchanged here
		 * since, and that version is in theirs: theirs came after */
		if (rec->found && rec->seen && rec->here && str_eq(ours, rec->note) &&
		    merge_clock_order(here, rec->here) == MERGE_CLOCK_SAME &&
		    merge_clock_order(rec->seen, there) != MERGE_CLOCK_AFTER &&
		    merge_clock_order(rec->seen, there) != MERGE_CLOCK_APART)
			return MERGE_TAKE_THEIRS;
		return MERGE_CONFLICT;
	case MERGE_CLOCK_SAME:
		break;
	}
	return merge_decide_note(ours, theirs, rec->found, rec->note);
}

int
merge_night_clock_known(const struct merge_clock *c, const char *note, int taken, const char *taken_note)
{
	return c->n > 0 || (taken ? str_eq(note, taken_note) : note == NULL);
}

void
merge_clock_tick(struct merge_clock *c, const char *uid)
{
	merge_clock_raise(c, uid, clock_part(c, uid) + 1);
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
