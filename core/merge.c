/* SPDX-License-Identifier: ISC */
/* merge.c: what an import does with a game already here (see merge.h). */
#include "merge.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "names.h"
#include "options.h"
#include "rules.h"
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

/* One field of a version in its digest's text: its length, then it, so
 * that no two lists of fields run together alike. */
static void
field(struct strbuf *sb, const char *v)
{
	sb_printf(sb, "%zu:", v ? strlen(v) : (size_t)0);
	if (v)
		sb_add(sb, v);
	else
		sb_addc(sb, '-');
}

/* A player's name as the version is compared: folded (names_fold). */
static void
name_field(struct strbuf *sb, const char *name)
{
	char *fold = name ? names_fold(name) : NULL;
	field(sb, fold ? fold : name);
	free(fold);
}

static const struct optset *sort_opts;
static int
by_key(const void *a, const void *b)
{
	return strcmp(sort_opts->kv[*(const int *)a].key, sort_opts->kv[*(const int *)b].key);
}

/* 64-bit FNV-1a of the n bytes at p, from basis h. */
static unsigned long long
fnv(const char *p, size_t n, unsigned long long h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
	return h;
}

/* The digest of the text sb holds, appended to out: two hashes and the
 * length (versions that differ by chance alike in all three are not met
 * in play). */
static void
digest_add(struct strbuf *out, const struct strbuf *sb)
{
	const char *p = sb->s ? sb->s : "";
	unsigned long long a = fnv(p, sb->len, 0xcbf29ce484222325ULL), b = fnv(p, sb->len, 0x84222325cbf29ce4ULL);
	sb_printf(out, "%016llx%016llx-%zu", a, b ^ (a >> 7), sb->len);
}

/* The contents of g, with its note or without (note 0), as text. */
static void
content_text(struct strbuf *sb, const struct merge_game *g, int note)
{
	field(sb, g->kind);
	sb_printf(sb, "d%d c%d", g->dealer, g->closed);
	field(sb, g->deleted);
	if (note)
		field(sb, g->note);
	sb_printf(sb, "p%d", g->nplayers);
	for (int i = 0; i < g->nplayers; i++) {
		int from = g->joined ? g->joined[i] : 0;
		name_field(sb, g->names ? g->names[i] : NULL);
		/* a late arrival's first hand and the points given (a seat
		 * there from the start has neither) */
		if (from > 0)
			sb_printf(sb, "j%d,%ld", from, g->join_total ? g->join_total[i] : 0);
	}
	int nopts = g->opts ? g->opts->n : 0;
	int *order = xcalloc((size_t)(nopts ? nopts : 1), sizeof *order);
	for (int i = 0; i < nopts; i++)
		order[i] = i;
	sort_opts = g->opts;
	if (nopts)
		qsort(order, (size_t)nopts, sizeof *order, by_key);
	sb_printf(sb, "o%d", nopts);
	for (int i = 0; i < nopts; i++) {
		field(sb, g->opts->kv[order[i]].key);
		field(sb, g->opts->kv[order[i]].value);
	}
	free(order);
	sb_printf(sb, "s%d", g->nsubs);
	for (int i = 0; i < g->nsubs && g->subs; i++) {
		sb_printf(sb, "%d,%d", g->subs[i].seat, g->subs[i].hand);
		name_field(sb, g->subs[i].name);
	}
	sb_printf(sb, "h%d", g->nhands);
	for (int i = 0; i < g->nhands; i++)
		field(sb, g->entries[i]);
}

char *
merge_content_digest(const struct merge_game *g)
{
	struct strbuf out = {0}, whole = {0}, rest = {0}, note = {0};
	content_text(&whole, g, 1);
	content_text(&rest, g, 0);
	field(&note, g->note);
	digest_add(&out, &whole);
	sb_add(&out, " ");
	digest_add(&out, &rest);
	sb_add(&out, " ");
	digest_add(&out, &note);
	sb_release(&whole);
	sb_release(&rest);
	sb_release(&note);
	return sb_take(&out);
}

/* The k-th word of digest d (0-based), or word k - 2 where d has fewer
 * words (a version merged here is the one taken, where none was). */
static const char *
digest_part(const char *d, int k)
{
	const char *p = d;
	for (int i = 0; i < k && p; i++)
		if ((p = strchr(p, ' ')) != NULL)
			p++;
	return p ? p : k >= 3 ? digest_part(d, k - 2) : "";
}

static int
part_eq(const char *a, const char *b)
{
	size_t n = strcspn(a, " ");
	return n > 0 && n == strcspn(b, " ") && strncmp(a, b, n) == 0;
}

int
merge_undone_here(const struct merge_game *ours, const char *taken, const struct merge_clock *seen,
    const struct merge_clock *there)
{
	if (ours == NULL || taken == NULL || seen == NULL || there == NULL)
		return 0;
	enum merge_order o = merge_clock_order(seen, there);
	if (o != MERGE_CLOCK_BEFORE && o != MERGE_CLOCK_SAME)
		return 0;
	char *now = merge_content_digest(ours);
	int same = part_eq(now, taken);
	free(now);
	return same;
}

char *
merge_merged_digest(const struct merge_game *taken, const struct merge_game *merged)
{
	char *t = merge_content_digest(taken), *m = merge_content_digest(merged);
	char *out = xasprintf("%s %s", t, strchr(m, ' ') + 1);
	free(t);
	free(m);
	return out;
}

enum merge_note_part
merge_note_apart(const struct merge_game *ours, const struct merge_game *theirs, const char *taken,
    const struct merge_clock *seen, const struct merge_clock *there)
{
	/* a deleted game has no note to keep (db/store.h store_game_note_set) */
	if (ours == NULL || theirs == NULL || taken == NULL || seen == NULL || there == NULL ||
	    strchr(taken, ' ') == NULL || ours->deleted || theirs->deleted)
		return MERGE_NOTE_NONE;
	enum merge_order o = merge_clock_order(seen, there);
	if (o != MERGE_CLOCK_BEFORE && o != MERGE_CLOCK_SAME)
		return MERGE_NOTE_NONE;
	char *here = merge_content_digest(ours), *file = merge_content_digest(theirs);
	/* words 1, 2: the rest and the note of the version taken; 3, 4: of
	 * the version merged here right after.  Ours changed a part since
	 * if it is not the merged one's; the file's, if it is neither (it
	 * may have taken the merged version from here, or not yet) */
	const char *oR = digest_part(here, 1), *oN = digest_part(here, 2);
	const char *tR = digest_part(file, 1), *tN = digest_part(file, 2);
	int ours_rest = !part_eq(oR, digest_part(taken, 3)), ours_note = !part_eq(oN, digest_part(taken, 4));
	int theirs_rest = !part_eq(tR, digest_part(taken, 1)) && !part_eq(tR, digest_part(taken, 3));
	int theirs_note = !part_eq(tN, digest_part(taken, 2)) && !part_eq(tN, digest_part(taken, 4)) &&
	    !part_eq(tN, oN);
	enum merge_note_part part = MERGE_NOTE_NONE;
	if (theirs_rest && !ours_rest && !theirs_note)
		part = MERGE_NOTE_OURS;
	else if (theirs_note && !ours_note && !theirs_rest)
		part = MERGE_NOTE_THEIRS;
	free(here);
	free(file);
	return part;
}

/* The players of g, for a conflict's report. */
static void
players(struct strbuf *sb, const struct merge_game *g)
{
	sb_add(sb, ", players ");
	for (int i = 0; i < g->nplayers; i++)
		sb_printf(sb, "%s%s", i ? ", " : "", g->names[i]);
}

static int
same_players(const struct merge_game *a, const struct merge_game *b)
{
	if (a->nplayers != b->nplayers)
		return 0;
	if (a->names == NULL || b->names == NULL)
		return 1;
	for (int i = 0; i < a->nplayers; i++)
		if (!names_eq(a->names[i], b->names[i]))
			return 0;
	return 1;
}

static int
same_subs(const struct merge_game *a, const struct merge_game *b)
{
	if (a->nsubs != b->nsubs)
		return 0;
	for (int i = 0; i < a->nsubs && a->subs && b->subs; i++)
		if (a->subs[i].seat != b->subs[i].seat || a->subs[i].hand != b->subs[i].hand ||
		    !names_eq(a->subs[i].name, b->subs[i].name))
			return 0;
	return 1;
}

/* The value of option key in g, or NULL. */
static const char *
opt_value(const struct merge_game *g, const char *key)
{
	for (int i = 0; g->opts && i < g->opts->n; i++)
		if (strcmp(g->opts->kv[i].key, key) == 0)
			return g->opts->kv[i].value;
	return NULL;
}

/* g's side of a conflict's report: its hands, and what differs from o. */
static void
side(struct strbuf *sb, const struct merge_game *g, const struct merge_game *o)
{
	sb_printf(sb, "%d hand%s", g->nhands, g->nhands == 1 ? "" : "s");
	if (g->names && o->names && !same_players(g, o))
		players(sb, g);
	if (!same_subs(g, o)) {
		if (g->nsubs == 0)
			sb_add(sb, ", no substitute");
		for (int i = 0; i < g->nsubs; i++)
			if (g->subs)
				sb_printf(sb, ", %s sits in seat %d from hand %d", g->subs[i].name, g->subs[i].seat + 1,
				    g->subs[i].hand);
			else
				sb_printf(sb, ", %d substitute%s", g->nsubs, g->nsubs == 1 ? "" : "s");
	}
	for (int i = 0; g->opts && o->opts && i < g->opts->n; i++) {
		const char *v = opt_value(o, g->opts->kv[i].key);
		if (!str_eq(v, g->opts->kv[i].value))
			sb_printf(sb, ", %s=%s", g->opts->kv[i].key, g->opts->kv[i].value);
	}
	if (g->closed != o->closed || (g->ended == NULL) != (o->ended == NULL))
		sb_add(sb, g->closed ? ", ended early" : g->ended ? ", over" : ", open");
	if (g->deleted && !o->deleted)
		sb_add(sb, ", deleted");
	if (g->note && !str_eq(g->note, o->note))
		sb_add(sb, ", a note");
}

char *
merge_describe(const struct merge_game *ours, const struct merge_game *theirs)
{
	struct strbuf sb = {0};
	int common = common_hands(ours, theirs);
	sb_add(&sb, "here: ");
	side(&sb, ours, theirs);
	sb_add(&sb, "; there: ");
	side(&sb, theirs, ours);
	if (common < ours->nhands && common < theirs->nhands)
		sb_printf(&sb, "; the hands differ from hand %d on", common + 1);
	else if (ours->nhands != theirs->nhands) {
		int more = ours->nhands > theirs->nhands ? ours->nhands : theirs->nhands;
		const char *where = ours->nhands > theirs->nhands ? "here" : "there";
		if (more == common + 1)
			sb_printf(&sb, "; hand %d %s only", more, where);
		else
			sb_printf(&sb, "; hands %d to %d %s only", common + 1, more, where);
	}
	if (!str_eq(ours->note, theirs->note))
		sb_add(&sb, "; the notes differ");
	return sb_take(&sb);
}
