/* SPDX-License-Identifier: ISC */
/* import.c: reading a tally export (see import.h). */
#define _GNU_SOURCE
#include "import.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "merge.h"
#include "names.h"
#include "rules.h"
#include "state.h"
#include "util.h"
#include "when.h"

/* The longest game or night uid, and night name, an import takes (bytes). */
#define UID_MAX 64

static const char *
str_field(struct jv *o, const char *key)
{
	struct jv *v = jv_get(o, key);
	return jv_is_string(v) ? jv_text(v) : NULL;
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void
free_strings(char **v, int n)
{
	for (int i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

void
import_item_release(struct import_item *g)
{
	if (g->pool) {  /* read back (spool_get): its strings in one pool */
		options_release(&g->opts);
		rows_release(&g->rows);
		pool_free(g->pool);
		memset(g, 0, sizeof *g);
		return;
	}
	free(g->uid);
	free(g->kind);
	free(g->started);
	free(g->ended);
	free(g->deleted);
	free(g->taken_from);
	free(g->versions);
	free(g->night_uid);
	free(g->night_name);
	free(g->night_started);
	free(g->night_ended);
	free(g->note);
	free(g->night_note);
	free(g->night_taken_from);
	free(g->night_taken_note);
	free(g->night_versions);
	free(g->night_taken_seen);
	free(g->night_taken_here);
	free_strings(g->names, g->nplayers);
	options_release(&g->opts);
	free_strings(g->entries, g->nhands);
	free_strings(g->recorded, g->nhands);
	free_strings(g->undone, g->nundone);
	free_strings(g->undone_recorded, g->nundone);
	for (int i = 0; i < g->nsubs; i++)
		free(g->subs[i].player);
	free(g->subs);
	free(g->joined);
	free(g->join_total);
	rows_release(&g->rows);
	memset(g, 0, sizeof *g);
}

/* One night of the file (nights are known by key: night_key()): what its
 * games say of its end, for closing it (finish_set). */
struct night_end {
	char *key;
	char *started;   /* the night's start as its first game has it */
	char *end;       /* the latest moment of its games */
	char *said;      /* the latest end its games give it, or NULL */
};

/* The scratch file's stdio buffer (bytes). */
#define SPOOL_BUF (1 << 16)

/* The games read and checked, kept for import_next() (see import.h). */
struct import_spool {
	FILE *f;                  /* the scratch file: one record a game */
	struct strbuf rec;        /* the record being written */
	char *buf;                /* the record being read */
	size_t bufcap;
	struct strmap uids;       /* every game uid, to refuse one twice */
	struct strmap folds;      /* every player's names_fold(), once */
	struct strmap spell;      /* names_fold() -> 1 + its index in spelled */
	char **spelled;           /* each player's spelling here: the known
	                           * players', then each name's first in the
	                           * file (struct import_edit known) */
	long nspelled;
	struct strmap night_of;   /* night key -> its index in nights */
	struct night_end *nights; /* by their index in night_of */
	long nnights, open;       /* open: the night a restore keeps open, or -1 */
	char *iobuf;              /* f's stdio buffer, SPOOL_BUF bytes */
	struct strmap built;      /* a game's kind, seats and chosen options ->
	                           * its index in sets */
	struct optset *sets;      /* what options_build made of them: the
	                           * same for every game that chose the same */
};

void
import_set_release(struct import_set *set)
{
	struct import_spool *sp = set->spool;
	if (sp) {
		if (sp->f)
			fclose(sp->f);
		free(sp->iobuf);  /* after the file it buffers */
		sb_release(&sp->rec);
		free(sp->buf);
		strmap_release(&sp->uids);
		strmap_release(&sp->folds);
		strmap_release(&sp->spell);
		free_strings(sp->spelled, (int)sp->nspelled);
		strmap_release(&sp->night_of);
		for (size_t i = 0; i < sp->built.n; i++)
			options_release(&sp->sets[i]);
		free(sp->sets);
		strmap_release(&sp->built);
		for (long i = 0; i < sp->nnights; i++) {
			free(sp->nights[i].key);
			free(sp->nights[i].started);
			free(sp->nights[i].end);
			free(sp->nights[i].said);
		}
		free(sp->nights);
		free(sp);
	}
	for (long i = 0; i < set->nnights; i++) {
		free(set->nights[i].uid);
		free(set->nights[i].name);
		free(set->nights[i].started);
		free(set->nights[i].note);
		free(set->nights[i].versions);
		free(set->nights[i].taken_from);
		free(set->nights[i].ended);
		free(set->nights[i].taken_note);
		free(set->nights[i].taken_seen);
		free(set->nights[i].taken_here);
	}
	free(set->nights);
	free(set->source);
	for (int i = 0; i < set->npads; i++) {
		free(set->pads[i].name);
		free_strings(set->pads[i].settings, set->pads[i].nsettings);
	}
	free(set->pads);
	free_strings(set->setting_keys, set->nsettings);
	free_strings(set->setting_values, set->nsettings);
	free_strings(set->names, set->nnames);
	memset(set, 0, sizeof *set);
}

/* Refuse the file: status st (ST_RULE unless said), the message prefixed
 * with the file and the game, ending "nothing was imported". */
static enum status
refuse(struct diag *d, enum status rc, const char *path, const char *uid, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static enum status
refuse(struct diag *d, enum status rc, const char *path, const char *uid, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	char *shown = uid ? names_display(uid, UID_MAX) : NULL;
	diag_set(d, rc, NULL, shown, "import", "%s: %s%s%s%s; nothing was imported", path,
	    shown ? "game " : "", shown ? shown : "", shown ? ": " : "", msg);
	free(shown);
	free(msg);
	return rc;
}

/* The "note" of object o (a game or its night) into *note: NULL when
 * absent or null, else checked as `tally note` checks it (names_text_check,
 * the one check) and kept in NFC.  A note that fails refuses the file. */
static enum status
read_note(struct jv *o, const char *path, const char *uid, const char *what, char **note, struct diag *d)
{
	struct jv *n = jv_get(o, "note");
	*note = NULL;
	if (n == NULL || jv_is_null(n))
		return ST_OK;
	if (!jv_is_string(n))
		return refuse(d, ST_RULE, path, uid, "%s is not text", what);
	if (names_text_check("note", jv_text(n), NAMES_NOTE_MAX_BYTES, note, d) != ST_OK) {
		char *msg = xstrdup(d->message);
		enum status rc = refuse(d, ST_RULE, path, uid, "%s", msg);
		free(msg);
		return rc;
	}
	return ST_OK;
}

/* The latest of the times of a game (ISO 8601 UTC strings compare as
 * text). */
static const char *
later(const char *a, const char *b)
{
	if (a == NULL)
		return b;
	if (b == NULL)
		return a;
	return strcmp(a, b) >= 0 ? a : b;
}

static int shift_time(char **t, long seconds);

/* Every time of game g read again as `tally` reads its own (when_parse)
 * and kept in its stored form, UTC (when_utc): NULL when all are times,
 * else which one is not, with *bad its text. */
static const char *
times_fix(struct import_item *g, const char **bad)
{
	struct {
		char **t;
		const char *what;
	} one[] = { { &g->started, "start" }, { &g->ended, "end" }, { &g->deleted, "deleted mark" },
		    { &g->night_started, "night's start" }, { &g->night_ended, "night's end" } };
	for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
		if (!shift_time(one[i].t, 0))
			return *bad = *one[i].t, one[i].what;
	for (int h = 0; h < g->nhands; h++)
		if (!shift_time(&g->recorded[h], 0))
			return *bad = g->recorded[h], "hand's recorded";
	for (int h = 0; h < g->nundone; h++)
		if (!shift_time(&g->undone_recorded[h], 0))
			return *bad = g->undone_recorded[h], "hand's recorded";
	return NULL;
}

struct game_state *
import_replay(const struct import_item *g, struct diag *d)
{
	const struct game_rules *r = rules_find(g->kind);
	if (r == NULL) {
		diag_set(d, ST_NOINPUT, NULL, g->kind, "import", "no game '%s' in this tally", g->kind);
		return NULL;
	}
	/* the substitutes too: a hand's sentence names who played it */
	struct seat_change *subs = xcalloc((size_t)g->nsubs + 1, sizeof *subs);
	for (int k = 0; k < g->nsubs; k++)
		subs[k] = (struct seat_change){ g->subs[k].seat, g->subs[k].hand, g->subs[k].player };
	struct game_record rec = { r, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands, g->closed,
		g->joined, g->join_total, subs, g->nsubs };
	struct game_state *st = rules_replay(&rec, REPLAY_ALL, d);
	free(subs);
	return st;
}

/* The substitutes of a game (export's "subs": seat, hand, player), each
 * name through the one name check and each change through the one check of
 * `tally sub` (rules_sub_check), into g.  A substitute may start after
 * hands since undone (the file keeps them as undone ones). */
static enum status
read_subs(struct jv *gj, const char *path, const char *uid, const struct game_rules *r, struct import_item *g,
    struct diag *d)
{
	struct jv *subs = jv_get(gj, "subs"), *v;
	size_t k;
	if (subs == NULL)
		return ST_OK;
	if (!jv_is_array(subs))
		return refuse(d, ST_RULE, path, uid, "its substitutes are not a list");
	g->subs = xcalloc(jv_size(subs) + 1, sizeof *g->subs);
	char **names = xcalloc(jv_size(subs) + 1, sizeof *names);
	int *seats = xcalloc(jv_size(subs) + 1, sizeof *seats), last = 1;
	enum status rc = ST_OK;
	jv_array_foreach(subs, k, v) {
		long long seat = jv_integer(jv_get(v, "seat"));
		long long hand = jv_integer(jv_get(v, "hand"));
		const char *who = str_field(v, "player");
		char *nfc = NULL;
		if (seat < 1 || seat > g->nplayers || hand < last || hand > 1000000 || who == NULL) {
			rc = refuse(d, ST_RULE, path, uid, "substitute %zu is malformed or out of hand order", k + 1);
			break;
		}
		if (names_check(who, &nfc, d) != ST_OK ||
		    rules_sub_check(r, r->title, g->names, g->nplayers, names, seats, g->nsubs, (int)seat - 1, nfc,
		    (int)hand, g->nhands + g->nundone, d) != ST_OK) {
			char *msg = xstrdup(d->message);
			rc = refuse(d, ST_RULE, path, uid, "substitute %zu: %s", k + 1, msg);
			free(msg);
			free(nfc);
			break;
		}
		last = (int)hand;
		names[g->nsubs] = nfc;
		seats[g->nsubs] = (int)seat - 1;
		g->subs[g->nsubs].seat = (int)seat - 1;
		g->subs[g->nsubs].hand = (int)hand;
		g->subs[g->nsubs++].player = nfc;
	}
	free(names);
	free(seats);
	return rc;
}

/* The late arrivals of a game (export's "joins": seat, hand, player and
 * the total the table gave, if it gave one): each the player of its seat,
 * the seats after those from the start, in hand order, each from a hand
 * of the game or the next (what `tally join` stores), and a game that
 * takes a newcomer (rules_join), into g. */
static enum status
read_joins(struct jv *gj, const char *path, const char *uid, const struct game_rules *r, struct import_item *g,
    struct diag *d)
{
	struct jv *joins = jv_get(gj, "joins"), *v;
	const char *why;
	size_t k;
	if (joins == NULL)
		return ST_OK;
	if (!jv_is_array(joins) || g->nplayers - (int)jv_size(joins) < r->min_players)
		return refuse(d, ST_RULE, path, uid, "its late arrivals are not a list of seats after the first");
	if (jv_size(joins) > 0 && rules_join(r, &g->opts, &why) == JOIN_REFUSED)
		return refuse(d, ST_RULE, path, uid, "it seats a late arrival, but %s takes none: %s", r->title, why);
	g->joined = xcalloc((size_t)g->nplayers, sizeof *g->joined);
	g->join_total = xcalloc((size_t)g->nplayers, sizeof *g->join_total);
	int first = g->nplayers - (int)jv_size(joins), last = 1;
	jv_array_foreach(joins, k, v) {
		long long seat = jv_integer(jv_get(v, "seat")), hand = jv_integer(jv_get(v, "hand"));
		const char *who = str_field(v, "player");
		struct jv *t = jv_get(v, "total");
		if (seat != first + (long long)k + 1 || hand < last || hand > g->nhands + 1 || who == NULL ||
		    !names_eq(who, g->names[seat - 1]) || (t && (!jv_is_integer(t) || jv_integer(t) < -100000 ||
		    jv_integer(t) > 100000)))
			return refuse(d, ST_RULE, path, uid, "late arrival %zu is malformed or out of seat or hand order", k + 1);
		last = (int)hand;
		g->joined[seat - 1] = (int)hand;
		g->join_total[seat - 1] = t ? (long)jv_integer(t) : JOIN_BY_RULE;
	}
	return ST_OK;
}

/* The game's "taken" (what its file had last taken of it from another
 * file: {"from": UID, "revision": N, "here": M}) into g; absent or null is
 * none. */
static enum status
read_taken(struct jv *t, const char *path, const char *uid, struct import_item *g, struct diag *d)
{
	if (t == NULL || jv_is_null(t))
		return ST_OK;
	struct jv *from = jv_get(t, "from"), *rv = jv_get(t, "revision"), *here = jv_get(t, "here");
	if (!jv_is_object(t) || !jv_is_string(from) || jv_text_len(from) == 0 || jv_text_len(from) >= 64 ||
	    !utf8_clean(jv_text(from)) || !jv_is_integer(rv) || jv_integer(rv) < 0 || !jv_is_integer(here) ||
	    jv_integer(here) < 0)
		return refuse(d, ST_RULE, path, uid, "what it was taken from is not a file uid with two revisions");
	g->taken_from = xstrdup(jv_text(from));
	g->taken_revision = (long)jv_integer(rv);
	g->taken_here = (long)jv_integer(here);
	return ST_OK;
}

/* A "versions" (what the version exported holds of each file's changes,
 * core/merge.h: {UID: revision, ...}; a game's, or its night's, said as
 * whose) into *out, as its clock's text; absent or null is none (an
 * export before schema 26 for a game, 27 for a night). */
static enum status
read_versions(struct jv *v, const char *path, const char *uid, const char *whose, char **out, struct diag *d)
{
	struct merge_clock c;
	if (v == NULL || jv_is_null(v))
		return ST_OK;
	if (!merge_clock_from_jv(v, &c))
		return refuse(d, ST_RULE, path, uid, "%s versions are not file uids with a revision each", whose);
	*out = merge_clock_text(&c);
	merge_clock_release(&c);
	return ST_OK;
}

static void note_night(const struct import_item *g, const char *own, struct import_set *set);
static int shift_time(char **t, long seconds);
static const char *times_fix(struct import_item *g, const char **bad);
static enum status read_night(struct jv *night, const char *path, const char *uid, struct import_item *g,
    struct diag *d);
static enum status keep_game(struct import_item *g, struct game_state **st, const char *path,
    struct import_set *set, const struct import_edit *edit, struct diag *d);

/* The night's "taken" (what its file had last taken of the night from
 * another file: {"from": UID, "note": TEXT}, the note left out when there
 * was none) into g; absent or null is none. */
static enum status
read_night_taken(struct jv *t, const char *path, const char *uid, struct import_item *g, struct diag *d)
{
	if (t == NULL || jv_is_null(t))
		return ST_OK;
	struct jv *from = jv_get(t, "from");
	if (!jv_is_object(t) || !jv_is_string(from) || jv_text_len(from) == 0 || jv_text_len(from) >= 64 ||
	    !utf8_clean(jv_text(from)))
		return refuse(d, ST_RULE, path, uid, "what its night was taken from is not a file uid");
	if (read_note(t, path, uid, "its night's note as taken", &g->night_taken_note, d) != ST_OK ||
	    read_versions(jv_get(t, "versions"), path, uid, "its night's taken", &g->night_taken_seen, d) != ST_OK ||
	    read_versions(jv_get(t, "here"), path, uid, "its night's taken here", &g->night_taken_here, d) != ST_OK)
		return d->status;
	g->night_taken_from = xstrdup(jv_text(from));
	return ST_OK;
}

/* options_build(r, nplayers, args, nargs, out, d), made once for every
 * game of the file of the same kind and seats that chose the same
 * options, then copied: it depends on nothing else, and a club's games
 * mostly choose alike. */
static enum status
build_options(struct import_spool *sp, const struct game_rules *r, int nplayers, char *const *args, int nargs,
    struct optset *out, struct diag *d)
{
	struct strbuf key = {0};
	sb_printf(&key, "%s\x1f%d", r->name, nplayers);
	for (int i = 0; i < nargs; i++) {
		sb_addc(&key, '\x1f');
		sb_add(&key, args[i]);
	}
	size_t known = sp->built.n;
	int added;
	long *at = strmap_at(&sp->built, key.s, &added);
	sb_release(&key);
	if (!added) {
		options_copy(out, &sp->sets[*at]);
		return ST_OK;
	}
	*at = (long)known;
	sp->sets = xrealloc(sp->sets, sizeof *sp->sets * (known + 1));
	memset(&sp->sets[known], 0, sizeof sp->sets[known]);
	enum status rc = options_build(r, nplayers, args, nargs, &sp->sets[known], d);
	if (rc == ST_OK)
		options_copy(out, &sp->sets[known]);
	return rc;  /* a refusal refuses the file: not asked again */
}

/* A night as the file gives it (a game's "night", or one of the export's
 * "nights": an object with a name and a start) into g's night fields;
 * uid names the game in messages (NULL: a night of the export's
 * "nights"). */
static enum status
read_night(struct jv *night, const char *path, const char *uid, struct import_item *g, struct diag *d)
{
	const char *nn = str_field(night, "name"), *nu = str_field(night, "uid");
	enum status rc;
	/* the night's name through the check of `night start` */
	if (names_text_check("night name", nn, NAMES_NIGHT_MAX_BYTES, NULL, d) != ST_OK) {
		char *msg = xstrdup(d->message);
		rc = refuse(d, ST_RULE, path, uid, "%s", msg);
		free(msg);
		return rc;
	}
	if (nu && (!utf8_clean(nu) || strlen(nu) > UID_MAX || *nu == '\0'))
		return refuse(d, ST_RULE, path, uid, "its night has a uid that is too long or not clean UTF-8 text");
	if ((rc = read_note(night, path, uid, "its night's note", &g->night_note, d)) != ST_OK ||
	    (rc = read_night_taken(jv_get(night, "taken"), path, uid, g, d)) != ST_OK ||
	    (rc = read_versions(jv_get(night, "versions"), path, uid, "its night's", &g->night_versions, d)) != ST_OK)
		return rc;
	g->night_uid = dup_or_null(nu);
	g->night_name = xstrdup(nn);
	g->night_started = xstrdup(str_field(night, "started"));
	g->night_ended = dup_or_null(str_field(night, "ended"));
	return ST_OK;
}

static enum status
check_game(struct jv *gj, const char *path, struct import_set *set, const struct import_edit *edit,
    struct diag *d)
{
	if (!jv_is_object(gj))
		return refuse(d, ST_RULE, path, NULL, "a game is not a JSON object");
	const char *uid = str_field(gj, "uid"), *kind = str_field(gj, "kind");
	const char *started = str_field(gj, "started"), *ended = str_field(gj, "ended");
	struct jv *players = jv_get(gj, "players"), *opts = jv_get(gj, "options");
	struct jv *hands = jv_get(gj, "hands"), *night = jv_get(gj, "night");
	struct jv *dj = jv_get(gj, "dealer");
	const struct game_rules *r;
	struct import_item g;
	struct game_state *st = NULL;  /* its replay */
	enum status rc = ST_OK;
	size_t k;
	struct jv *v;

	memset(&g, 0, sizeof g);
	if (!uid || !kind || !started || !jv_is_array(players) || !jv_is_array(hands))
		return refuse(d, ST_RULE, path, uid && strlen(uid) <= UID_MAX ? uid : NULL,
		    "a game lacks uid, kind, started, players or hands");
	if (strlen(uid) > UID_MAX || !utf8_clean(uid) || *uid == '\0')
		return refuse(d, ST_RULE, path, NULL, "a game uid is empty, longer than %d bytes or not clean UTF-8 text",
		    UID_MAX);
	if ((r = rules_find(kind)) == NULL || strcmp(r->name, kind) != 0) {
		char *k2 = names_display(kind, 40);
		rc = refuse(d, ST_NOINPUT, path, uid, "no game '%s' in this tally", k2);
		free(k2);
		return rc;
	}
	if (opts != NULL && !jv_is_array(opts))
		return refuse(d, ST_RULE, path, uid, "its options are not a list");
	if (dj != NULL && !jv_is_null(dj) && !jv_is_integer(dj))
		return refuse(d, ST_RULE, path, uid, "its dealer is not a seat number");
	g.nplayers = (int)jv_size(players);
	if (g.nplayers < r->min_players || g.nplayers > r->max_players) {
		char *why = rules_players_refused(r, g.nplayers);
		g.nplayers = 0;
		rc = refuse(d, ST_RULE, path, uid, "%s", why);
		free(why);
		return rc;
	}
	g.uid = xstrdup(uid);
	g.kind = xstrdup(kind);
	g.started = xstrdup(started);
	g.ended = dup_or_null(ended);
	g.closed = jv_is_true(jv_get(gj, "closed"))
	    ? jv_is_true(jv_get(gj, "abandoned")) ? GAME_ABANDONED : GAME_ENDED_EARLY : 0;
	struct jv *rv = jv_get(gj, "revision"), *del = jv_get(gj, "deleted");
	if (rv != NULL && (!jv_is_integer(rv) || jv_integer(rv) < 0)) {
		rc = refuse(d, ST_RULE, path, uid, "its revision is not a whole number of 0 or more");
		goto fail;
	}
	g.revision = rv ? (long)jv_integer(rv) : 0;
	if (del != NULL && !jv_is_null(del) && !jv_is_string(del)) {
		rc = refuse(d, ST_RULE, path, uid, "its deleted mark is not a time");
		goto fail;
	}
	g.deleted = dup_or_null(str_field(gj, "deleted"));
	if ((rc = read_note(gj, path, uid, "its note", &g.note, d)) != ST_OK)
		goto fail;
	if ((rc = read_taken(jv_get(gj, "taken"), path, uid, &g, d)) != ST_OK)
		goto fail;
	if ((rc = read_versions(jv_get(gj, "versions"), path, uid, "its", &g.versions, d)) != ST_OK)
		goto fail;
	g.names = xcalloc((size_t)g.nplayers, sizeof *g.names);
	for (int i = 0; i < g.nplayers; i++) {
		struct jv *n = jv_at(players, (size_t)i);
		if (!jv_is_string(n)) {
			rc = refuse(d, ST_RULE, path, uid, "player %d has no name", i + 1);
			goto fail;
		}
		/* the one name check of `tally new` (core/names.h) */
		if (names_check(jv_text(n), &g.names[i], d) != ST_OK) {
			char *msg = xstrdup(d->message);
			rc = refuse(d, ST_RULE, path, uid, "player %d: %s", i + 1, msg);
			free(msg);
			goto fail;
		}
		for (int j = 0; j < i; j++)
			if (names_eq(g.names[j], g.names[i])) {
				rc = refuse(d, ST_RULE, path, uid, "player '%s' is seated twice (seats %d and %d, as '%s' and '%s')",
				    g.names[i], j + 1, i + 1, g.names[j], g.names[i]);
				goto fail;
			}
	}
	long long dealer = jv_is_integer(dj) ? jv_integer(dj) : 0;
	if (dealer < 0 || dealer >= g.nplayers) {
		rc = refuse(d, ST_RULE, path, uid, "dealer seat %lld is not one of its %d seats", (long long)dealer,
		    g.nplayers);
		goto fail;
	}
	g.dealer = (int)dealer;

	/* the options chosen at the table go through the same checks as at
	 * `tally new`; the file's defaults are then kept as they were */
	char **args = xcalloc(jv_size(opts) + 1, sizeof *args);
	int nargs = 0;
	jv_array_foreach(opts, k, v) {
		const char *key = jv_text(jv_at(v, 0));
		const char *val = jv_text(jv_at(v, 1));
		if (!jv_is_array(v) || !key || !val || strchr(key, '=')) {
			rc = refuse(d, ST_RULE, path, uid, "option %zu is malformed", k + 1);
			break;
		}
		if (jv_is_true(jv_at(v, 2)) || strcmp(key, "preset") == 0)
			args[nargs++] = xasprintf("%s=%s", key, val);
	}
	if (rc == ST_OK && build_options(set->spool, r, g.nplayers, args, nargs, &g.opts, d) != ST_OK) {
		char *msg = xstrdup(d->message);
		rc = refuse(d, ST_RULE, path, uid, "%s", msg);
		free(msg);
	}
	free_strings(args, nargs);
	if (rc != ST_OK)
		goto fail;
	jv_array_foreach(opts, k, v) {
		const char *key = jv_text(jv_at(v, 0));
		const char *val = jv_text(jv_at(v, 1));
		if (strcmp(key, "preset") == 0 && !jv_is_true(jv_at(v, 2)) && options_get(&g.opts, key)) {
			/* the preset as the file has it: the game's default, not chosen */
			char *p = xstrdup(options_get(&g.opts, key));
			options_put(&g.opts, key, p, 0);
			free(p);
		}
		if (jv_is_true(jv_at(v, 2)) || strcmp(key, "preset") == 0)
			continue;
		const struct option_def *od = options_find(r, key);
		char *canon = od ? options_canonical(od, val) : NULL;
		if (canon == NULL) {
			char *k2 = names_display(key, 40), *v2 = names_display(val, 40);
			rc = refuse(d, ST_RULE, path, uid, "option %s=%s is not allowed", k2, v2);
			free(k2);
			free(v2);
			goto fail;
		}
		options_put(&g.opts, od->key, canon, 0);
		free(canon);
	}
	/* kept in the file's order: exported again, the same bytes */
	int at = 0;
	jv_array_foreach(opts, k, v)
		options_move_next(&g.opts, jv_text(jv_at(v, 0)), &at);

	/* room for every hand, live or undone, made once */
	size_t most = jv_size(hands) + 1;
	g.entries = xmalloc(sizeof *g.entries * most);
	g.recorded = xmalloc(sizeof *g.recorded * most);
	jv_array_foreach(hands, k, v) {
		const char *e = str_field(v, "entry"), *when = str_field(v, "recorded");
		if (e == NULL) {
			rc = refuse(d, ST_RULE, path, uid, "hand %zu has no entry", k + 1);
			goto fail;
		}
		if (jv_is_true(jv_get(v, "undone"))) {
			if (g.undone == NULL) {
				g.undone = xmalloc(sizeof *g.undone * most);
				g.undone_recorded = xmalloc(sizeof *g.undone_recorded * most);
			}
			g.undone[g.nundone] = xstrdup(e);
			g.undone_recorded[g.nundone++] = dup_or_null(when);
		} else {
			g.entries[g.nhands] = xstrdup(e);
			g.recorded[g.nhands++] = dup_or_null(when);
		}
	}
	/* every hand is checked again by the rules; the replay is made again
	 * when the game is written (import_replay), one game at a time, so a
	 * million hands are not all held replayed at once */
	if ((rc = read_joins(gj, path, uid, r, &g, d)) != ST_OK)
		goto fail;
	st = import_replay(&g, d);
	if (st == NULL) {
		char *msg = xstrdup(d->message);
		rc = refuse(d, ST_RULE, path, uid, "(%s) %s", kind, msg);
		free(msg);
		goto fail;
	}

	if ((rc = read_subs(gj, path, uid, r, &g, d)) != ST_OK)
		goto fail;

	if (jv_is_object(night) && str_field(night, "name") && str_field(night, "started") &&
	    (rc = read_night(night, path, uid, &g, d)) != ST_OK)
		goto fail;
	const char *bad = NULL, *which = times_fix(&g, &bad);
	if (which) {
		char *shown = names_display(bad, 40);
		rc = refuse(d, ST_RULE, path, uid, "its %s time '%s' is not an ISO 8601 time with its offset", which,
		    shown);
		free(shown);
		goto fail;
	}
	rc = keep_game(&g, &st, path, set, edit, d);
fail:
	state_free(st);
	import_item_release(&g);
	return rc;
}

/* The export's saved pads, each checked as `tally pad save` checks it. */
static enum status
check_pads(struct jv *pads, const char *path, struct import_set *set, struct diag *d)
{
	size_t k;
	struct jv *p;
	if (pads == NULL || jv_is_null(pads))
		return ST_OK;
	if (!jv_is_array(pads))
		return refuse(d, ST_RULE, path, NULL, "its pads are not a list");
	set->pads = xcalloc(jv_size(pads) + 1, sizeof *set->pads);
	jv_array_foreach(pads, k, p) {
		const char *name = str_field(p, "name");
		struct jv *settings = jv_get(p, "settings"), *v;
		struct diag why = {0};
		size_t i;
		if (name == NULL || !jv_is_array(settings))
			return refuse(d, ST_RULE, path, NULL, "a saved pad lacks its name or settings");
		struct import_pad *ip = &set->pads[set->npads++];
		ip->name = xstrdup(name);
		ip->settings = xcalloc(jv_size(settings) + 1, sizeof *ip->settings);
		jv_array_foreach(settings, i, v) {
			if (!jv_is_string(v))
				return refuse(d, ST_RULE, path, NULL, "pad %s: a setting is not text", name);
			ip->settings[ip->nsettings++] = xstrdup(jv_text(v));
		}
		if (rules_pad_name_check(name, &why) != ST_OK ||
		    rules_pad_settings_check(ip->settings, ip->nsettings, &why) != ST_OK) {
			enum status rc = refuse(d, ST_RULE, path, NULL, "pad %s: %s", name, why.message);
			diag_clear(&why);
			return rc;
		}
	}
	return ST_OK;
}

/* The export's "nights": the nights on which no game of the file started
 * (cmd/cmd-import.c rule 6), each checked as a game's night is, its times
 * moved by --clock-offset (edit), and noted with the games' nights; one
 * left open ends, as a night the file leaves open does, with the latest
 * moment it holds: its start. */
static enum status
check_nights(struct jv *nights, const char *path, const struct import_edit *edit, struct import_set *set,
    struct diag *d)
{
	size_t k;
	struct jv *v;
	enum status rc = ST_OK;
	if (nights == NULL || jv_is_null(nights))
		return ST_OK;
	if (!jv_is_array(nights))
		return refuse(d, ST_RULE, path, NULL, "its nights are not a list");
	jv_array_foreach(nights, k, v) {
		struct import_item g;
		const char *bad = NULL, *which;
		memset(&g, 0, sizeof g);
		if (!jv_is_object(v) || !str_field(v, "name") || !str_field(v, "started"))
			rc = refuse(d, ST_RULE, path, NULL, "a night of its nights lacks a name or a start");
		else if ((rc = read_night(v, path, NULL, &g, d)) == ST_OK && (which = times_fix(&g, &bad)) != NULL)
			rc = refuse(d, ST_RULE, path, NULL, "night %.40s: its %s time '%.40s' is not an ISO 8601 time with its"
			    " offset", g.night_name, which, bad);
		else if (rc == ST_OK && edit && edit->offset != 0 && !(shift_time(&g.night_started, edit->offset) &&
		    shift_time(&g.night_ended, edit->offset)))
			rc = refuse(d, ST_RULE, path, NULL, "night %.40s: a time moved by the clock offset is out of range",
			    g.night_name);
		if (rc == ST_OK)
			note_night(&g, g.night_started, set);
		import_item_release(&g);
		if (rc != ST_OK)
			return rc;
	}
	return ST_OK;
}

static enum status
check_header(struct jv *h, const char *path, int max_schema, const struct import_edit *edit, struct import_set *set,
    struct diag *d)
{
	struct jv *te = jv_get(h, "tally_export"), *sc = jv_get(h, "schema");
	if (!jv_is_integer(te) || jv_integer(te) != 1)
		return refuse(d, ST_RULE, path, NULL, "not a tally export (its header lacks \"tally_export\": 1)");
	if (!jv_is_integer(sc))
		return refuse(d, ST_RULE, path, NULL, "the export declares no schema number");
	set->schema = (long)jv_integer(sc);
	if (jv_integer(sc) < 1 || jv_integer(sc) > max_schema)
		return refuse(d, ST_RULE, path, NULL, "the export declares schema %lld; this tally reads schema 1 to %d",
		    (long long)jv_integer(sc), max_schema);
	struct jv *src = jv_get(h, "source");
	if (src != NULL && !jv_is_null(src) && (!jv_is_string(src) || jv_text_len(src) == 0 ||
	    jv_text_len(src) >= 64 || !utf8_clean(jv_text(src))))
		return refuse(d, ST_RULE, path, NULL, "its source is not a file uid");
	free(set->source);
	set->source = jv_is_string(src) ? xstrdup(jv_text(src)) : NULL;
	struct jv *st = jv_get(h, "settings"), *v;
	const char *key;
	if (st != NULL && !jv_is_null(st) && !jv_is_object(st))
		return refuse(d, ST_RULE, path, NULL, "its settings are not an object");
	if (jv_is_object(st)) {
		set->setting_keys = xcalloc(jv_size(st) + 1, sizeof *set->setting_keys);
		set->setting_values = xcalloc(jv_size(st) + 1, sizeof *set->setting_values);
		struct jv_iter it = {0};
		while ((key = jv_next_member(st, &it, &v)) != NULL) {
			if (!jv_is_string(v) || jv_text_len(v) > 100 || !utf8_clean(jv_text(v)))
				return refuse(d, ST_RULE, path, NULL, "its setting %.40s is not a short text", key);
			set->setting_keys[set->nsettings] = xstrdup(key);
			set->setting_values[set->nsettings++] = xstrdup(jv_text(v));
		}
	}
	if (check_nights(jv_get(h, "nights"), path, edit, set, d) != ST_OK)
		return d->status;
	return check_pads(jv_get(h, "pads"), path, set, d);
}

/* Drop trailing white space; return the length left. */
static size_t
rtrim(char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return n;
}

/* ---- the scratch file of checked games ---- */

/* v as a varint: seven bits a byte, low first, the sign folded into the
 * lowest bit (most values are small: a byte each) */
static void
put_long(struct strbuf *b, long v)
{
	unsigned long u = ((unsigned long)v << 1) ^ (unsigned long)(v < 0 ? -1L : 0L);
	char buf[10];
	size_t n = 0;
	do {
		buf[n++] = (char)((u & 0x7f) | (u > 0x7f ? 0x80 : 0));
		u >>= 7;
	} while (u);
	if (b->len + n < b->cap) {  /* most fit: no call (a record is a
	                             * few hundred of them) */
		memcpy(b->s + b->len, buf, n);
		b->s[b->len += n] = '\0';
	} else
		sb_addn(b, buf, n);
}

/* s with its length (or -1 for NULL) before it */
static void
put_str(struct strbuf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	put_long(b, s ? (long)n : -1);
	if (s)
		sb_addn(b, s, n);
}

static void
put_strs(struct strbuf *b, char *const *v, int n)
{
	for (int i = 0; i < n; i++)
		put_str(b, v[i]);
}

/* A record being read: the bytes from at to end. */
struct cursor {
	const char *at, *end;
	int bad;   /* read past the end: a scratch file cut short */
};

static long
get_long(struct cursor *c)
{
	unsigned long u = 0;
	for (int shift = 0;; shift += 7) {
		if (c->at >= c->end || shift > 63) {
			c->bad = 1;
			return 0;
		}
		unsigned char byte = (unsigned char)*c->at++;
		u |= (unsigned long)(byte & 0x7f) << shift;
		if (!(byte & 0x80))
			break;
	}
	return (long)(u >> 1) ^ -(long)(u & 1);
}

/* A string of the record: a heap copy, or one in *pool when pool is not
 * NULL; NULL for none. */
static char *
get_text(struct cursor *c, struct pool **pool)
{
	long n = get_long(c);
	if (n < 0 || c->bad)
		return NULL;
	if (c->end - c->at < n) {
		c->bad = 1;
		return NULL;
	}
	char *s = pool ? pool_alloc(pool, (size_t)n + 1) : xmalloc((size_t)n + 1);
	memcpy(s, c->at, (size_t)n);
	s[n] = '\0';
	c->at += n;
	return s;
}

/* n strings of the record, the array and the strings in *pool */
static char **
get_strs(struct cursor *c, int n, struct pool **pool)
{
	char **v = pool_alloc(pool, sizeof *v * ((size_t)n + 1));
	for (int i = 0; i < n; i++)
		v[i] = get_text(c, pool);
	v[n] = NULL;
	return v;
}

/* The places of g's single strings, in the scratch file's order. */
#define ITEM_STRINGS 18
static void
item_strings(struct import_item *g, char **v[ITEM_STRINGS])
{
	char **all[ITEM_STRINGS] = { &g->uid, &g->kind, &g->started, &g->ended, &g->night_uid, &g->night_name,
		&g->night_started, &g->night_ended, &g->deleted, &g->note, &g->night_note, &g->taken_from,
		&g->night_taken_from, &g->night_taken_note, &g->versions, &g->night_versions,
		&g->night_taken_seen, &g->night_taken_here };
	memcpy(v, all, sizeof all);
}

/* The rows of g's replay (core/rows.h), every hand of it. */
static void
put_rows(struct strbuf *b, const struct game_rows *r)
{
	long head[] = { r->nhands, r->over, r->closed, r->chips_column, r->lives_column, r->has_ledger, r->nmoves };
	for (size_t i = 0; i < ARRAY_LEN(head); i++)
		put_long(b, head[i]);
	for (int i = 0; i < r->nplayers; i++) {
		const struct rows_seat *p = &r->seat[i];
		long v[] = { p->total, p->chips_value, p->lives_value, p->start_chips, p->out, p->rank, p->winner, p->out_by,
			p->side, p->joined, p->start };
		for (size_t k = 0; k < ARRAY_LEN(v); k++)
			put_long(b, v[k]);
	}
	for (int h = 0; h < r->nhands; h++) {
		const struct rows_hand *hr = &r->hand[h];
		put_str(b, hr->note);
		put_long(b, hr->held != NULL);
		for (int i = 0; i < r->nplayers; i++) {
			put_long(b, hr->points[i]);
			if (hr->held)
				put_long(b, hr->held[i]);
			put_str(b, hr->detail[i]);
		}
	}
	for (int k = 0; k < r->nmoves; k++) {
		const struct rows_move *m = &r->move[k];
		long v[] = { m->hand, m->from, m->to, m->amount };
		for (size_t i = 0; i < ARRAY_LEN(v); i++)
			put_long(b, v[i]);
		put_str(b, m->reason);
	}
	put_str(b, r->standings);
}

/* Game g and the rows of its replay as one record of the scratch file,
 * its length before it. */
static void
spool_put(struct strbuf *b, const struct import_item *g, const struct game_rows *rows)
{
	char **str[ITEM_STRINGS];
	item_strings((struct import_item *)g, str);
	long len = 0;
	b->len = 0;
	sb_addn(b, (const char *)&len, sizeof len);  /* the length, filled in below */
	for (int i = 0; i < ITEM_STRINGS; i++)
		put_str(b, *str[i]);
	long num[] = { g->closed, g->dealer, g->revision, g->taken_revision, g->taken_here, g->nplayers, g->opts.n,
		g->nhands, g->nundone, g->nsubs, g->joined != NULL };
	for (size_t i = 0; i < ARRAY_LEN(num); i++)
		put_long(b, num[i]);
	put_strs(b, g->names, g->nplayers);
	for (int i = 0; i < g->opts.n; i++) {
		put_str(b, g->opts.kv[i].key);
		put_str(b, g->opts.kv[i].value);
		put_long(b, g->opts.kv[i].set);
	}
	put_strs(b, g->entries, g->nhands);
	put_strs(b, g->recorded, g->nhands);
	put_strs(b, g->undone, g->nundone);
	put_strs(b, g->undone_recorded, g->nundone);
	for (int i = 0; i < g->nsubs; i++) {
		put_long(b, g->subs[i].seat);
		put_long(b, g->subs[i].hand);
		put_str(b, g->subs[i].player);
	}
	for (int i = 0; g->joined && i < g->nplayers; i++) {
		put_long(b, g->joined[i]);
		put_long(b, g->join_total[i]);
	}
	put_rows(b, rows);
	len = (long)(b->len - sizeof len);
	memcpy(b->s, &len, sizeof len);
}

/* A count of the scratch file: 0..max, else -1 (a record cut short). */
static long
get_count(struct cursor *c, long max)
{
	long n = get_long(c);
	return n < 0 || n > max ? (c->bad = 1, -1) : n;
}

/* The rows put_rows() wrote, for nplayers seats, into *r (zeroed), what
 * they hold in r's pool. */
static void
get_rows(struct cursor *c, int nplayers, struct game_rows *r)
{
	long left = c->end - c->at;
	memset(r, 0, sizeof *r);
	r->nplayers = nplayers;
	r->from = 1;
	r->nhands = (int)get_count(c, left);
	r->over = (int)get_long(c);
	r->closed = (int)get_long(c);
	r->chips_column = (int)get_long(c);
	r->lives_column = (int)get_long(c);
	r->has_ledger = (int)get_long(c);
	int nmoves = (int)get_count(c, left);
	if (c->bad)
		return;
	size_t n = (size_t)(nplayers ? nplayers : 1);
	r->seat = pool_alloc(&r->pool, sizeof *r->seat * n);
	r->before = pool_alloc(&r->pool, sizeof *r->before * n);
	for (int i = 0; i < nplayers; i++) {
		struct rows_seat *p = &r->seat[i];
		long *v[] = { &p->total, &p->chips_value, &p->lives_value, &p->start_chips };
		for (size_t k = 0; k < ARRAY_LEN(v); k++)
			*v[k] = get_long(c);
		int *w[] = { &p->out, &p->rank, &p->winner, &p->out_by, &p->side, &p->joined };
		for (size_t k = 0; k < ARRAY_LEN(w); k++)
			*w[k] = (int)get_long(c);
		p->start = get_long(c);
		r->before[i] = 0;
	}
	r->hand = pool_alloc(&r->pool, sizeof *r->hand * (size_t)(r->nhands ? r->nhands : 1));
	for (int h = 0; h < r->nhands && !c->bad; h++) {
		struct rows_hand *hr = &r->hand[h];
		long *points = pool_alloc(&r->pool, sizeof *points * n), *held = NULL;
		const char **detail = pool_alloc(&r->pool, sizeof *detail * n);
		hr->note = get_text(c, &r->pool);
		if (get_long(c))
			held = pool_alloc(&r->pool, sizeof *held * n);
		for (int i = 0; i < nplayers; i++) {
			points[i] = get_long(c);
			if (held)
				held[i] = get_long(c);
			detail[i] = get_text(c, &r->pool);
		}
		*hr = (struct rows_hand){ hr->note, points, held, detail };
	}
	r->move = pool_alloc(&r->pool, sizeof *r->move * (size_t)(nmoves ? nmoves : 1));
	for (; r->nmoves < nmoves && !c->bad; r->nmoves++) {
		struct rows_move *m = &r->move[r->nmoves];
		m->hand = (int)get_long(c);
		m->from = (int)get_long(c);
		m->to = (int)get_long(c);
		m->amount = get_long(c);
		m->reason = get_text(c, &r->pool);
	}
	r->standings = get_text(c, &r->pool);
}

/* A record of the scratch file into *g (zeroed): 0 when it is cut short. */
static int
spool_get(struct cursor *c, struct import_item *g)
{
	char **str[ITEM_STRINGS];
	memset(g, 0, sizeof *g);
	item_strings(g, str);
	/* what the item holds but its options (options_release), in one
	 * pool, freed whole: a string each was a malloc and a free */
	struct pool **pool = &g->pool;
	pool_alloc(pool, 1);  /* the pool made: g->pool says so */
	for (int i = 0; i < ITEM_STRINGS; i++)
		*str[i] = get_text(c, pool);
	g->closed = (int)get_long(c);
	g->dealer = (int)get_long(c);
	g->revision = get_long(c);
	g->taken_revision = get_long(c);
	g->taken_here = get_long(c);
	/* no count more than the bytes left: nothing cut short is read on */
	long left = c->end - c->at, nopts;
	g->nplayers = (int)get_count(c, left);
	nopts = get_count(c, left);
	g->nhands = (int)get_count(c, left);
	g->nundone = (int)get_count(c, left);
	long nsubs = get_count(c, left);
	int joined = (int)get_long(c);
	if (c->bad)
		return 0;
	g->names = get_strs(c, g->nplayers, pool);
	for (long i = 0; i < nopts && !c->bad; i++) {
		char *k = get_text(c, NULL), *v = get_text(c, NULL);
		int set = (int)get_long(c);
		if (k && v) {
			/* the options of one set, each key once */
			options_take(&g->opts, k, v, set);
			continue;
		}
		free(k);
		free(v);
	}
	g->entries = get_strs(c, g->nhands, pool);
	g->recorded = get_strs(c, g->nhands, pool);
	g->undone = get_strs(c, g->nundone, pool);
	g->undone_recorded = get_strs(c, g->nundone, pool);
	g->subs = pool_alloc(pool, sizeof *g->subs * ((size_t)nsubs + 1));
	for (; g->nsubs < nsubs && !c->bad; g->nsubs++) {
		g->subs[g->nsubs].seat = (int)get_long(c);
		g->subs[g->nsubs].hand = (int)get_long(c);
		g->subs[g->nsubs].player = get_text(c, pool);
	}
	if (joined) {
		g->joined = pool_alloc(pool, sizeof *g->joined * ((size_t)g->nplayers + 1));
		g->join_total = pool_alloc(pool, sizeof *g->join_total * ((size_t)g->nplayers + 1));
		for (int i = 0; i < g->nplayers; i++) {
			g->joined[i] = (int)get_long(c);
			g->join_total[i] = get_long(c);
		}
	}
	get_rows(c, g->nplayers, &g->rows);
	return !c->bad && c->at == c->end;
}

/* The key a night is known by in the file: its uid (schema 8 exports),
 * else its name and start. */
static char *
night_key(const struct import_item *g)
{
	return g->night_uid ? xasprintf("u%s", g->night_uid) : xasprintf("n%s\x1f%s", g->night_name, g->night_started);
}

/* g's time kept as the latest in *t (heap) */
static void
keep_later(char **t, const char *g)
{
	if (g && (*t == NULL || strcmp(g, *t) > 0)) {
		free(*t);
		*t = xstrdup(g);
	}
}

/* What the file holds besides its games, of game g: its uid (refused if
 * seen before), its night's end (finish_set), its players and substitutes
 * (set->names). */
static enum status
note_game(const struct import_item *g, const char *path, struct import_set *set, struct diag *d)
{
	struct import_spool *sp = set->spool;
	int added;
	strmap_at(&sp->uids, g->uid, &added);
	if (!added)
		return refuse(d, ST_RULE, path, g->uid, "it appears twice in the file");
	/* the seats' players, then the substitutes' (a player too) */
	for (int i = 0; i < g->nplayers + g->nsubs; i++) {
		const char *name = i < g->nplayers ? g->names[i] : g->subs[i - g->nplayers].player;
		char *fold = names_fold(name);
		strmap_at(&sp->folds, fold ? fold : name, &added);
		free(fold);
		if (added) {
			set->names = xrealloc(set->names, sizeof *set->names * (size_t)(set->nnames + 1));
			set->names[set->nnames++] = xstrdup(name);
		}
	}
	if (g->night_name == NULL)
		return ST_OK;
	/* the latest of the game's own times: a night the file leaves open
	 * ends with its last game */
	const char *own = later(g->started, g->ended);
	for (int h = 0; h < g->nhands; h++)
		own = later(own, g->recorded[h]);
	for (int h = 0; h < g->nundone; h++)
		own = later(own, g->undone_recorded[h]);
	note_night(g, own, set);
	return ST_OK;
}

/* The night of g (a game's, or one of the export's "nights") among the
 * file's nights, once each (the first to give it says what it is), own
 * the latest moment it holds. */
static void
note_night(const struct import_item *g, const char *own, struct import_set *set)
{
	struct import_spool *sp = set->spool;
	int added;
	char *key = night_key(g);
	long *at = strmap_at(&sp->night_of, key, &added);
	if (added) {
		*at = sp->nnights;
		sp->nights = xrealloc(sp->nights, sizeof *sp->nights * (size_t)(sp->nnights + 1));
		sp->nights[sp->nnights++] = (struct night_end){ key, xstrdup(g->night_started), NULL, NULL };
		/* the night as its first game has it */
		set->nights = xrealloc(set->nights, sizeof *set->nights * (size_t)(set->nnights + 1));
		set->nights[set->nnights++] = (struct import_night){ dup_or_null(g->night_uid), xstrdup(g->night_name),
			xstrdup(g->night_started), dup_or_null(g->night_note), dup_or_null(g->night_versions),
			dup_or_null(g->night_taken_from), dup_or_null(g->night_taken_note), NULL,
			dup_or_null(g->night_taken_seen), dup_or_null(g->night_taken_here), 0 };
	} else
		free(key);
	struct night_end *n = &sp->nights[*at];
	keep_later(&n->end, own);
	keep_later(&n->said, g->night_ended);
}

static enum status alias_game(struct import_item *g, const char *from, const char *to, int *renamed,
    struct diag *d);
static int shift_game(struct import_item *g, long seconds);

/* The spelling here of the player called name (sp's): a known player's,
 * else the first the file gives of its folded key (core/names.h
 * names_fold), which name becomes when it is the first. */
static const char *
spelling(struct import_spool *sp, const char *name)
{
	char *fold = names_fold(name);
	int added;
	long *at = strmap_at(&sp->spell, fold ? fold : name, &added);
	free(fold);
	if (added) {
		sp->spelled = xrealloc(sp->spelled, sizeof *sp->spelled * (size_t)(sp->nspelled + 1));
		sp->spelled[sp->nspelled] = xstrdup(name);
		*at = ++sp->nspelled;
	}
	return sp->spelled[*at - 1];
}

/* Each seat of g with the spelling its player has here (struct
 * import_edit known): the store seats a name by its folded key, so the
 * game is replayed, and its standings kept, with the names it will be
 * seated with (*renamed set where one changes). */
static enum status
respell_game(struct import_item *g, struct import_spool *sp, int *renamed, struct diag *d)
{
	enum status rc = ST_OK;
	for (int i = 0; rc == ST_OK && i < g->nplayers; i++) {
		const char *here = spelling(sp, g->names[i]);
		if (here && strcmp(here, g->names[i]) != 0) {
			char *from = xstrdup(g->names[i]);
			rc = alias_game(g, from, here, renamed, d);
			free(from);
		}
	}
	for (int i = 0; rc == ST_OK && i < g->nsubs; i++) {
		const char *here = spelling(sp, g->subs[i].player);
		if (here && strcmp(here, g->subs[i].player) != 0) {
			free(g->subs[i].player);
			g->subs[i].player = xstrdup(here);
			*renamed = 1;
		}
	}
	return rc;
}

/* Game g, checked, and *st, its replay: the edits made (a game an alias
 * renames is replayed again, as it will be read), noted (note_game) and
 * written to the scratch file with the rows of its replay. */
static enum status
keep_game(struct import_item *g, struct game_state **st, const char *path, struct import_set *set,
    const struct import_edit *edit, struct diag *d)
{
	struct import_spool *sp = set->spool;
	enum status rc = ST_OK;
	int renamed = 0;
	for (int i = 0; edit && rc == ST_OK && i < edit->naliases; i++)
		rc = alias_game(g, edit->alias_from[i], edit->alias_to[i], &renamed, d);
	if (rc == ST_OK)
		rc = respell_game(g, sp, &renamed, d);
	if (rc == ST_OK && edit && edit->offset != 0 && !shift_game(g, edit->offset))
		rc = diag_set(d, ST_RULE, NULL, g->uid, "clock offset", "game %s: a time moved by the clock offset"
		    " is out of range; nothing was imported", g->uid);
	if (rc != ST_OK || (rc = note_game(g, path, set, d)) != ST_OK)
		return rc;
	if (renamed) {
		state_free(*st);
		if ((*st = import_replay(g, d)) == NULL) {
			char *msg = xstrdup(d->message);
			rc = refuse(d, ST_RULE, path, g->uid, "(%s) %s", g->kind, msg);
			free(msg);
			return rc;
		}
	}
	/* and the standings the export writes of it, which the store keeps
	 * with a game an import writes (db/write.c keep_standings) */
	struct game_rows rows;
	char *standings = view_players_text(*st);
	rows_from_state(*st, 1, &rows);
	rows.standings = standings;
	spool_put(&sp->rec, g, &rows);
	rows_release(&rows);
	free(standings);
	if (fwrite(sp->rec.s, 1, sp->rec.len, sp->f) != sp->rec.len)
		return refuse(d, ST_IO, path, NULL, "cannot write a scratch file (%s)", strerror(errno));
	set->n++;
	set->hands += g->nhands;
	return ST_OK;
}

static int
night_cmp(const void *a, const void *b)
{
	return strcmp((*(struct night_end *const *)a)->key, (*(struct night_end *const *)b)->key);
}

/* After every game is read: of the nights the file leaves open (none of
 * their games gives an end), the one a restore keeps open: the latest to
 * start (the last by key of those that start together); and the nights
 * of set in the order of their keys. */
static void
finish_set(struct import_set *set)
{
	struct import_spool *sp = set->spool;
	struct night_end **by_key = xcalloc((size_t)sp->nnights + 1, sizeof *by_key);
	for (long i = 0; i < sp->nnights; i++)
		by_key[i] = &sp->nights[i];
	qsort(by_key, (size_t)sp->nnights, sizeof *by_key, night_cmp);
	struct import_night *sorted = xcalloc((size_t)set->nnights + 1, sizeof *sorted);
	sp->open = -1;
	for (long i = 0; i < sp->nnights; i++) {
		long at = by_key[i] - sp->nights;
		if (by_key[i]->said == NULL && (sp->open < 0 || strcmp(by_key[i]->started, sp->nights[sp->open].started) >= 0))
			sp->open = at;
		sorted[i] = set->nights[at];
		sorted[i].ended = xstrdup(by_key[i]->said ? by_key[i]->said : by_key[i]->end);
	}
	for (long i = 0; i < sp->nnights; i++)
		sorted[i].open = by_key[i] - sp->nights == sp->open;
	free(set->nights);
	set->nights = sorted;
	free(by_key);
}

enum status
import_rewind(struct import_set *set, struct diag *d)
{
	if (set->spool == NULL || fflush(set->spool->f) != 0 || fseek(set->spool->f, 0, SEEK_SET) != 0)
		return diag_set(d, ST_IO, NULL, NULL, "import", "cannot read the scratch file of the import again: %s",
		    strerror(errno));
	return ST_OK;
}

enum status
import_next(struct import_set *set, struct import_item *g, int *more, struct diag *d)
{
	struct import_spool *sp = set->spool;
	long len;
	memset(g, 0, sizeof *g);
	*more = 0;
	if (sp == NULL)
		return ST_OK;
	size_t got = fread(&len, 1, sizeof len, sp->f);
	if (got == 0 && !ferror(sp->f))
		return ST_OK;
	if (got != sizeof len || len < 0)
		goto bad;
	if ((size_t)len > sp->bufcap) {
		sp->bufcap = (size_t)len;
		sp->buf = xrealloc(sp->buf, sp->bufcap);
	}
	if (fread(sp->buf, 1, (size_t)len, sp->f) != (size_t)len)
		goto bad;
	struct cursor c = { sp->buf, sp->buf + len, 0 };
	if (!spool_get(&c, g))
		goto bad;
	if (g->night_name) {
		/* the night's end as the whole file has it (finish_set) */
		char *key = night_key(g);
		int added;
		long at = *strmap_at(&sp->night_of, key, &added);
		free(key);
		if (added)
			goto bad;
		if (g->night_ended == NULL) {
			const struct night_end *n = &sp->nights[at];
			const char *end = n->said ? n->said : n->end;
			g->night_ended = strcpy(pool_alloc(&g->pool, strlen(end) + 1), end);
		}
		g->night_open = at == sp->open;
	}
	*more = 1;
	return ST_OK;
bad:
	import_item_release(g);
	return diag_set(d, ST_IO, NULL, NULL, "import", "the scratch file of the import cannot be read back");
}

/* jansson's reader of a whole document: the first line, already read,
 * then the rest of the file. */
struct doc_reader {
	const char *line;
	size_t n, pos;
	FILE *f;
	int failed;
};

static size_t
doc_read(void *buf, size_t size, void *ctx)
{
	struct doc_reader *r = ctx;
	if (r->pos < r->n) {
		size_t k = r->n - r->pos < size ? r->n - r->pos : size;
		memcpy(buf, r->line + r->pos, k);
		r->pos += k;
		return k;
	}
	size_t got = fread(buf, 1, size, r->f);
	if (got == 0 && ferror(r->f)) {
		r->failed = 1;
		return (size_t)-1;
	}
	return got;
}

enum status
import_read(FILE *f, const char *path, int max_schema, const struct import_edit *edit, struct import_set *set,
    struct diag *d)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 1;
	enum status rc = ST_OK;
	struct jv_error err;

	memset(set, 0, sizeof *set);
	set->spool = xcalloc(1, sizeof *set->spool);
	set->spool->open = -1;
	for (int i = 0; edit && i < edit->nknown; i++)
		spelling(set->spool, edit->known[i]);
	if ((set->spool->f = tmpfile()) == NULL)
		return refuse(d, ST_IO, path, NULL, "cannot make a scratch file to read it in (%s)", strerror(errno));
	/* written and read through, a game after another: in 64 KB blocks,
	 * not stdio's 4 KB, a system call each (glibc takes the size only
	 * with a buffer given) */
	set->spool->iobuf = xmalloc(SPOOL_BUF);
	setvbuf(set->spool->f, set->spool->iobuf, _IOFBF, SPOOL_BUF);
	if ((n = getline(&line, &cap, f)) < 0) {
		free(line);
		if (ferror(f))
			return refuse(d, ST_IO, path, NULL, "cannot read it");
		return refuse(d, ST_RULE, path, NULL, "it is empty, not a tally export");
	}
	size_t len = rtrim(line, (size_t)n);
	if (strncmp(line, "{\"tally_export\"", 15) == 0 && len > 0 && line[len - 1] == '[') {
		/* as `tally export` writes it: the header, one game a line, "]}" */
		char *head = xasprintf("%s]}", line);
		struct jv *h = jv_parse(head, strlen(head), &err);
		free(head);
		if (h == NULL)
			rc = refuse(d, ST_RULE, path, NULL, "line 1: %s", err.text);
		else
			rc = check_header(h, path, max_schema, edit, set, d);
		jv_free(h);
		int end = 0;
		while (rc == ST_OK && (n = getline(&line, &cap, f)) >= 0) {
			lineno++;
			len = rtrim(line, (size_t)n);
			char *p = line;
			while (*p == ' ' || *p == '\t' || *p == ',')
				p++;
			if (*p == '\0')
				continue;
			if (end) {
				rc = refuse(d, ST_RULE, path, NULL, "line %ld: text after the end of the export", lineno);
				break;
			}
			if (strcmp(p, "]}") == 0) {
				end = 1;
				continue;
			}
			if (len > 0 && line[len - 1] == ',')
				line[--len] = '\0';
			struct jv *g = jv_parse(p, strlen(p), &err);
			if (g == NULL) {
				rc = refuse(d, ST_RULE, path, NULL, "line %ld: %s", lineno, err.text);
				break;
			}
			rc = check_game(g, path, set, edit, d);
			jv_free(g);
		}
		if (rc == ST_OK && ferror(f))
			rc = refuse(d, ST_IO, path, NULL, "cannot read it past line %ld", lineno);
		else if (rc == ST_OK && !end)
			rc = refuse(d, ST_RULE, path, NULL, "it is cut off after line %ld: the export has no closing \"]}\"",
			    lineno);
	} else {
		/* any other layout: one JSON document, parsed as it is read, so
		 * that what is not JSON (random bytes) stops it at once instead
		 * of being read whole */
		char *first = xasprintf("%.*s\n", (int)len, line);
		struct doc_reader r = { first, strlen(first), 0, f, 0 };
		struct jv *doc = jv_parse_stream(doc_read, &r, &err);
		free(first);
		if (r.failed || ferror(f))
			rc = refuse(d, ST_IO, path, NULL, "cannot read it");
		if (rc == ST_OK && doc == NULL)
			rc = refuse(d, ST_RULE, path, NULL, "not a complete tally export: line %d: %s", err.line, err.text);
		if (rc == ST_OK && (rc = check_header(doc, path, max_schema, edit, set, d)) == ST_OK &&
		    !jv_is_array(jv_get(doc, "games")))
			rc = refuse(d, ST_RULE, path, NULL, "not a tally export (no \"games\" list)");
		size_t k;
		struct jv *g;
		if (rc == ST_OK)
			jv_array_foreach(jv_get(doc, "games"), k, g)
				if ((rc = check_game(g, path, set, edit, d)) != ST_OK)
					break;
		jv_free(doc);
	}
	free(line);
	if (rc == ST_OK)
		finish_set(set);
	if (rc == ST_OK)
		rc = import_rewind(set, d);
	return rc;
}

/* `import --alias FROM=TO` in game g: the player called FROM at the table
 * is TO here (*renamed set to 1 where g seats FROM). */
static enum status
alias_game(struct import_item *g, const char *from, const char *to, int *renamed, struct diag *d)
{
	int seat = -1, clash = 0;
	for (int i = 0; i < g->nplayers; i++) {
		if (names_eq(g->names[i], from))
			seat = i;
		else if (names_eq(g->names[i], to))
			clash = 1;
	}
	if (seat < 0)
		return ST_OK;
	if (clash)
		return diag_set(d, ST_RULE, from, to, "alias", "%s: game %s seats both %s and %s, two people;"
		    " nothing was imported", to, g->uid, g->names[seat], to);
	const struct game_rules *r = rules_find(g->kind);
	char **now = xcalloc((size_t)g->nplayers, sizeof *now);
	for (int i = 0; i < g->nplayers; i++)
		now[i] = i == seat ? (char *)to : g->names[i];
	enum status rc = ST_OK;
	for (int h = 0; rc == ST_OK && h < g->nhands + g->nundone; h++) {
		char **e = h < g->nhands ? &g->entries[h] : &g->undone[h - g->nhands], *out = NULL;
		if ((rc = rules_rename_entry(r, g->names, now, g->nplayers, *e, &out, d)) == ST_OK) {
			free(*e);
			*e = out;
		}
	}
	free(now);
	if (rc != ST_OK)
		return rc;
	*renamed = 1;
	free(g->names[seat]);
	g->names[seat] = xstrdup(to);
	for (int i = 0; i < g->nsubs; i++)
		if (names_eq(g->subs[i].player, from)) {
			free(g->subs[i].player);
			g->subs[i].player = xstrdup(to);
		}
	return ST_OK;
}

/* s is written as when_utc writes a time, "YYYY-MM-DDTHH:MM:SSZ" (its
 * numbers not checked) */
static int
utc_shaped(const char *s)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
	for (size_t i = 0; i < sizeof shape - 1; i++)
		if (shape[i] == 'd' ? s[i] < '0' || s[i] > '9' : s[i] != shape[i])
			return 0;
	return s[sizeof shape - 1] == '\0';
}

/* *t (a stored time, or NULL) moved by seconds. */
static int
shift_time(char **t, long seconds)
{
	time_t v;
	char buf[WHEN_BUF];
	if (*t == NULL)
		return 1;
	if (seconds == 0 && utc_shaped(*t))  /* a time when_parse takes is
	                                      * then as when_utc writes it */
		return when_parse(*t, &v);
	if (!when_parse(*t, &v))
		return 0;
	when_utc(v + (time_t)seconds, buf);
	if (strcmp(buf, *t) == 0)  /* already so: it read as a time */
		return 1;
	free(*t);
	*t = xstrdup(buf);
	return when_parse(buf, &v);
}

/* `import --clock-offset`: every time of game g moved by seconds; 0 when
 * one falls out of range. */
static int
shift_game(struct import_item *g, long seconds)
{
	int ok = shift_time(&g->started, seconds) && shift_time(&g->ended, seconds) &&
	    shift_time(&g->night_started, seconds) && shift_time(&g->night_ended, seconds);
	for (int h = 0; ok && h < g->nhands; h++)
		ok = shift_time(&g->recorded[h], seconds);
	for (int h = 0; ok && h < g->nundone; h++)
		ok = shift_time(&g->undone_recorded[h], seconds);
	return ok;
}
