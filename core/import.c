/* SPDX-License-Identifier: ISC */
/* import.c: reading a tally export (see import.h). */
#define _GNU_SOURCE
#include "import.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
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

static void
item_free(struct import_item *g)
{
	free(g->uid);
	free(g->kind);
	free(g->started);
	free(g->ended);
	free(g->deleted);
	free(g->taken_from);
	free(g->night_uid);
	free(g->night_name);
	free(g->night_started);
	free(g->night_ended);
	free(g->note);
	free(g->night_note);
	free(g->night_taken_from);
	free(g->night_taken_note);
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
	memset(g, 0, sizeof *g);
}

void
import_set_release(struct import_set *set)
{
	for (long i = 0; i < set->n; i++)
		item_free(&set->g[i]);
	free(set->g);
	free(set->nights);
	free(set->source);
	for (int i = 0; i < set->npads; i++) {
		free(set->pads[i].name);
		free_strings(set->pads[i].settings, set->pads[i].nsettings);
	}
	free(set->pads);
	free_strings(set->setting_keys, set->nsettings);
	free_strings(set->setting_values, set->nsettings);
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
	struct game_record rec = { r, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands, g->closed,
		g->joined, g->join_total };
	return rules_replay(&rec, REPLAY_ALL, d);
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
	if (read_note(t, path, uid, "its night's note as taken", &g->night_taken_note, d) != ST_OK)
		return d->status;
	g->night_taken_from = xstrdup(jv_text(from));
	return ST_OK;
}

static enum status
check_game(struct jv *gj, const char *path, struct import_set *set, struct diag *d)
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
		char range[64];
		int np = g.nplayers;
		g.nplayers = 0;
		rules_player_range(r, range, sizeof range);
		return refuse(d, ST_RULE, path, uid, "%s is for %s, not %d", r->title, range, np);
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
	if (rc == ST_OK && options_build(r, g.nplayers, args, nargs, &g.opts, d) != ST_OK) {
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

	jv_array_foreach(hands, k, v) {
		const char *e = str_field(v, "entry"), *when = str_field(v, "recorded");
		if (e == NULL) {
			rc = refuse(d, ST_RULE, path, uid, "hand %zu has no entry", k + 1);
			goto fail;
		}
		if (jv_is_true(jv_get(v, "undone"))) {
			g.undone = xrealloc(g.undone, sizeof *g.undone * (size_t)(g.nundone + 1));
			g.undone_recorded = xrealloc(g.undone_recorded, sizeof *g.undone * (size_t)(g.nundone + 1));
			g.undone[g.nundone] = xstrdup(e);
			g.undone_recorded[g.nundone++] = dup_or_null(when);
		} else {
			g.entries = xrealloc(g.entries, sizeof *g.entries * (size_t)(g.nhands + 1));
			g.recorded = xrealloc(g.recorded, sizeof *g.recorded * (size_t)(g.nhands + 1));
			g.entries[g.nhands] = xstrdup(e);
			g.recorded[g.nhands++] = dup_or_null(when);
		}
	}
	/* every hand is checked again by the rules; the replay is made again
	 * when the game is written (import_replay), one game at a time, so a
	 * million hands are not all held replayed at once */
	if ((rc = read_joins(gj, path, uid, r, &g, d)) != ST_OK)
		goto fail;
	struct game_state *st = import_replay(&g, d);
	if (st == NULL) {
		char *msg = xstrdup(d->message);
		rc = refuse(d, ST_RULE, path, uid, "(%s) %s", kind, msg);
		free(msg);
		goto fail;
	}
	state_free(st);

	if ((rc = read_subs(gj, path, uid, r, &g, d)) != ST_OK)
		goto fail;

	if (jv_is_object(night) && str_field(night, "name") && str_field(night, "started")) {
		const char *nn = str_field(night, "name"), *nu = str_field(night, "uid");
		/* the night's name through the check of `night start` */
		if (names_text_check("night name", nn, NAMES_NIGHT_MAX_BYTES, NULL, d) != ST_OK) {
			char *msg = xstrdup(d->message);
			rc = refuse(d, ST_RULE, path, uid, "%s", msg);
			free(msg);
			goto fail;
		}
		if (nu && (!utf8_clean(nu) || strlen(nu) > UID_MAX || *nu == '\0')) {
			rc = refuse(d, ST_RULE, path, uid, "its night has a uid that is too long or not clean UTF-8 text");
			goto fail;
		}
		if ((rc = read_note(night, path, uid, "its night's note", &g.night_note, d)) != ST_OK ||
		    (rc = read_night_taken(jv_get(night, "taken"), path, uid, &g, d)) != ST_OK)
			goto fail;
		g.night_uid = dup_or_null(nu);
		g.night_name = xstrdup(nn);
		g.night_started = xstrdup(str_field(night, "started"));
		g.night_ended = dup_or_null(str_field(night, "ended"));
	}
	const char *bad = NULL, *which = times_fix(&g, &bad);
	if (which) {
		char *shown = names_display(bad, 40);
		rc = refuse(d, ST_RULE, path, uid, "its %s time '%s' is not an ISO 8601 time with its offset", which,
		    shown);
		free(shown);
		goto fail;
	}
	if (set->n == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 64;
		set->g = xrealloc(set->g, sizeof *set->g * (size_t)set->cap);
	}
	set->g[set->n++] = g;
	set->hands += g.nhands;
	return ST_OK;
fail:
	item_free(&g);
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

static enum status
check_header(struct jv *h, const char *path, int max_schema, struct import_set *set, struct diag *d)
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

static int
str_ptr_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One night of the file for closing it: its key, and a game of it. */
struct night_key {
	char *key;
	long game;
};

static int
night_key_cmp(const void *a, const void *b)
{
	const struct night_key *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->game > y->game) - (x->game < y->game);
}

/* After every game is read: no uid twice, and every open night closed at
 * the last moment of its games (last[i]: game i's). */
static enum status
finish_set(const char *path, struct import_set *set, const char **last, struct diag *d)
{
	enum status rc = ST_OK;
	char **uids = xcalloc((size_t)set->n + 1, sizeof *uids);
	for (long i = 0; i < set->n; i++)
		uids[i] = set->g[i].uid;
	qsort(uids, (size_t)set->n, sizeof *uids, str_ptr_cmp);
	for (long i = 1; i < set->n && rc == ST_OK; i++)
		if (strcmp(uids[i - 1], uids[i]) == 0)
			rc = refuse(d, ST_RULE, path, uids[i], "it appears twice in the file");
	free(uids);
	if (rc != ST_OK)
		return rc;

	struct night_key *keys = xcalloc((size_t)set->n + 1, sizeof *keys);
	long nk = 0;
	for (long i = 0; i < set->n; i++) {
		struct import_item *g = &set->g[i];
		if (g->night_name == NULL)
			continue;
		keys[nk].key = g->night_uid ? xasprintf("u%s", g->night_uid)
		    : xasprintf("n%s\x1f%s", g->night_name, g->night_started);
		keys[nk++].game = i;
	}
	qsort(keys, (size_t)nk, sizeof *keys, night_key_cmp);
	long open_from = -1, open_to = -1;  /* the keys of the night kept open */
	set->nights = xcalloc((size_t)nk + 1, sizeof *set->nights);
	set->nnights = 0;
	for (long a = 0, b; a < nk; a = b) {
		const char *end = NULL, *said = NULL;
		set->nights[set->nnights++] = keys[a].game;  /* its first game in the file */
		for (b = a; b < nk && strcmp(keys[a].key, keys[b].key) == 0; b++) {
			end = later(end, last[keys[b].game]);
			said = later(said, set->g[keys[b].game].night_ended);
		}
		/* a night the file leaves open ends with its last game; one the
		 * file ends (in any of its games) ends then, whichever game of it
		 * is written first */
		for (long i = a; i < b; i++)
			if (set->g[keys[i].game].night_ended == NULL)
				set->g[keys[i].game].night_ended = xstrdup(said ? said : end);
		/* of the nights it leaves open, a restore keeps the latest open */
		if (said == NULL && (open_from < 0 || strcmp(set->g[keys[a].game].night_started,
		    set->g[keys[open_from].game].night_started) >= 0)) {
			open_from = a;
			open_to = b;
		}
	}
	for (long i = open_from; i >= 0 && i < open_to; i++)
		set->g[keys[i].game].night_open = 1;
	for (long i = 0; i < nk; i++)
		free(keys[i].key);
	free(keys);
	return ST_OK;
}

/* Add game j to set, keeping its latest time in *last (grown with the
 * set). */
static enum status
add_game(struct jv *j, const char *path, struct import_set *set, const char ***last, long *lastcap,
    struct diag *d)
{
	enum status rc = check_game(j, path, set, d);
	if (rc != ST_OK)
		return rc;
	if (set->n > *lastcap) {
		*lastcap = set->cap;
		*last = xrealloc(*last, sizeof **last * (size_t)*lastcap);
	}
	/* the latest of the game's own copies of its times (j goes soon) */
	struct import_item *g = &set->g[set->n - 1];
	const char *own = later(g->started, g->ended);
	for (int h = 0; h < g->nhands; h++)
		own = later(own, g->recorded[h]);
	for (int h = 0; h < g->nundone; h++)
		own = later(own, g->undone_recorded[h]);
	(*last)[set->n - 1] = own;
	return ST_OK;
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
import_read(FILE *f, const char *path, int max_schema, struct import_set *set, struct diag *d)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 1, lastcap = 0;
	const char **last = NULL;
	enum status rc = ST_OK;
	struct jv_error err;

	memset(set, 0, sizeof *set);
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
			rc = check_header(h, path, max_schema, set, d);
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
			rc = add_game(g, path, set, &last, &lastcap, d);
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
		if (rc == ST_OK && (rc = check_header(doc, path, max_schema, set, d)) == ST_OK &&
		    !jv_is_array(jv_get(doc, "games")))
			rc = refuse(d, ST_RULE, path, NULL, "not a tally export (no \"games\" list)");
		size_t k;
		struct jv *g;
		if (rc == ST_OK)
			jv_array_foreach(jv_get(doc, "games"), k, g)
				if ((rc = add_game(g, path, set, &last, &lastcap, d)) != ST_OK)
					break;
		jv_free(doc);
	}
	free(line);
	if (rc == ST_OK)
		rc = finish_set(path, set, last, d);
	free(last);
	return rc;
}

enum status
import_alias(struct import_set *set, const char *from, const char *to, struct diag *d)
{
	for (long k = 0; k < set->n; k++) {
		struct import_item *g = &set->g[k];
		int seat = -1, clash = 0;
		for (int i = 0; i < g->nplayers; i++) {
			if (names_eq(g->names[i], from))
				seat = i;
			else if (names_eq(g->names[i], to))
				clash = 1;
		}
		if (seat < 0)
			continue;
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
		free(g->names[seat]);
		g->names[seat] = xstrdup(to);
		for (int i = 0; i < g->nsubs; i++)
			if (names_eq(g->subs[i].player, from)) {
				free(g->subs[i].player);
				g->subs[i].player = xstrdup(to);
			}
	}
	return ST_OK;
}

/* *t (a stored time, or NULL) moved by seconds. */
static int
shift_time(char **t, long seconds)
{
	time_t v;
	char buf[WHEN_BUF];
	if (*t == NULL)
		return 1;
	if (!when_parse(*t, &v))
		return 0;
	when_utc(v + (time_t)seconds, buf);
	free(*t);
	*t = xstrdup(buf);
	return when_parse(buf, &v);
}

enum status
import_shift(struct import_set *set, long seconds, struct diag *d)
{
	for (long k = 0; k < set->n; k++) {
		struct import_item *g = &set->g[k];
		int ok = shift_time(&g->started, seconds) && shift_time(&g->ended, seconds) &&
		    shift_time(&g->night_started, seconds) && shift_time(&g->night_ended, seconds);
		for (int h = 0; ok && h < g->nhands; h++)
			ok = shift_time(&g->recorded[h], seconds);
		for (int h = 0; ok && h < g->nundone; h++)
			ok = shift_time(&g->undone_recorded[h], seconds);
		if (!ok)
			return diag_set(d, ST_RULE, NULL, g->uid, "clock offset", "game %s: a time moved by the clock offset"
			    " is out of range; nothing was imported", g->uid);
	}
	return ST_OK;
}
