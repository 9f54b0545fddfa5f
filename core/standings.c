/* SPDX-License-Identifier: ISC */
/* standings.c: text and JSON views of a game (see standings.h). */
#include "standings.h"

#include <string.h>

#include "sides.h"
#include "util.h"
#include "view.h"
#include "when.h"
#include "state.h"

static json_t *
jstr(const char *s)
{
	/* Names are checked to be UTF-8 when a game starts; fall back anyway. */
	json_t *j = json_string(s ? s : "");
	return j ? j : json_string("?");
}

json_t *
column_json(enum column_kind kind, long v)
{
	if (v == COLUMN_NONE)
		return json_null();
	return kind == COLUMN_FLAG ? json_boolean(v) : json_integer(v);
}

json_t *
standings_players_json(const struct game_state *st)
{
	json_t *arr = json_array();
	for (int i = 0; i < st->nplayers; i++) {
		const struct player_state *p = &st->p[i];
		json_t *o = json_object();
		json_t *pts = json_array();
		json_object_set_new(o, "name", jstr(p->name));
		json_object_set_new(o, "seat", json_integer(i + 1));
		if (st->sub && st->sub[i])
			json_object_set_new(o, "sub", jstr(st->sub[i]));  /* who plays the seat now */
		json_object_set_new(o, "total", json_integer(p->total));
		for (int h = 0; h < st->nhands; h++)
			json_array_append_new(pts, json_integer(st->hands[h].points[i]));
		json_object_set_new(o, "points", pts);
		if (!state_scores_points(st)) {
			/* no points: what each hand left the player holding, as
			 * `show` prints each hand's row */
			json_t *held = json_array();
			for (int h = 0; h < st->nhands; h++)
				json_array_append_new(held, json_integer(state_hand_measure(st, h, i)));
			json_object_set_new(o, "held", held);
		}
		/* each hand column: one value per hand, as "points" */
		for (int c = 0; c < rules_hand_columns(st->rules); c++) {
			if (!state_hand_column_shown(st, c))
				continue;
			json_t *vals = json_array();
			for (int h = 0; h < st->nhands; h++)
				json_array_append_new(vals,
				    column_json(st->rules->hand_columns[c].kind, state_hand_get(st, &st->hands[h], c, i)));
			json_object_set_new(o, st->rules->hand_columns[c].key, vals);
		}
		for (const struct column *c = st->rules->columns; c && c->key; c++)
			if (state_column_shown(st, c))
				json_object_set_new(o, c->key, column_json(c->kind, c->value(st, i)));
		json_object_set_new(o, "out", json_boolean(p->out));
		json_object_set_new(o, "rank", json_integer(p->rank));
		if (state_side(st, i) >= 0) { /* partnership play: the player's side */
			char side[256];
			json_object_set_new(o, "side", jstr(side_name(st, state_side(st, i), side, sizeof side)));
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

/* The "sides" array of partnership play (core/sides.h), best first:
 * name, players, seats (1-based), total, points (one per hand) and rank;
 * NULL when st is not played in sides. */
static json_t *
sides_json(const struct game_state *st)
{
	if (state_nsides(st) == 0)
		return NULL;
	struct view *v = view_build(st, NULL);
	json_t *arr = json_array();
	for (int place = 1; place <= v->nsides; place++)
		for (int s = 0; s < v->nsides; s++) {
			const struct view_side *vs = &v->sides[s];
			if (vs->rank != place)
				continue;
			json_t *o = json_object(), *players = json_array(), *nums = json_array(), *pts = json_array();
			json_object_set_new(o, "name", jstr(vs->name));
			for (int i = 0; i < vs->nseats; i++) {
				json_array_append_new(players, jstr(v->players[vs->seats[i]].name));
				json_array_append_new(nums, json_integer(vs->seats[i] + 1));
			}
			for (int h = 0; h < v->nhands; h++)
				json_array_append_new(pts, json_integer(vs->points[h]));
			json_object_set_new(o, "players", players);
			json_object_set_new(o, "seats", nums);
			json_object_set_new(o, "total", json_integer(vs->total));
			json_object_set_new(o, "points", pts);
			json_object_set_new(o, "rank", json_integer(vs->rank));
			json_array_append_new(arr, o);
		}
	view_free(v);
	return arr;
}

static json_t *
winners_json(const struct game_state *st)
{
	json_t *w = json_array();
	if (st->over || st->closed)
		for (int i = 0; i < st->nplayers; i++)
			if (st->p[i].winner)
				json_array_append_new(w, jstr(st->p[i].name));
	return w;
}

/* Each grid of st's game (struct column_grid) at its own key of o:
 * [[seat values of its first column], [... second], ...]. */
static void
grids_json(const struct game_state *st, json_t *o)
{
	for (const struct column_grid *g = st->rules->grids; g && g->key; g++) {
		json_t *rows = json_array();
		for (const char *const *k = g->columns; *k; k++) {
			const struct column *c = state_column(st, *k);
			json_t *row = json_array();
			for (int i = 0; c && i < st->nplayers; i++) {
				long v = c->value(st, i);
				json_array_append_new(row, json_integer(v == COLUMN_NONE ? 0 : v));
			}
			json_array_append_new(rows, row);
		}
		if (json_array_size(json_array_get(rows, 0)) > 0)
			json_object_set_new(o, g->key, rows);
		else
			json_decref(rows);
	}
}

const char *
standings_status(const struct game_state *st)
{
	if (st->closed == GAME_ABANDONED && !st->over)
		return "abandoned";
	return st->over || st->closed ? "over" : "open";
}

json_t *
standings_show_json(const struct game_state *st, const struct game_ref *ref)
{
	json_t *o = json_object();
	json_t *opts = json_object();

	json_object_set_new(o, "id", json_integer(ref->id));
	json_object_set_new(o, "game", jstr(st->rules->name));
	json_object_set_new(o, "status", jstr(standings_status(st)));
	if (ref->started) {
		char when[WHEN_BUF];
		json_object_set_new(o, "started", jstr(when_show(ref->started, when_iso_local, when)));
	}
	if (st->rules->presets)
		json_object_set_new(opts, "preset", jstr(options_get(&st->opts, "preset")));
	for (const struct option_def *od = st->rules->options; od && od->key; od++) {
		const char *v = options_get(&st->opts, od->key);
		if (v)
			json_object_set_new(opts, od->key, jstr(v));
	}
	json_object_set_new(o, "options", opts);
	json_object_set_new(o, "hands", json_integer(st->nhands));
	char *next = rules_next_text(st);
	json_object_set_new(o, "next", jstr(next));
	free(next);
	if (st->ledger) /* stakes: the ledger's pot */
		json_object_set_new(o, "pot", json_integer(st->pot));
	json_object_set_new(o, "dealer", jstr(st->p[st->dealer].name));
	json_object_set_new(o, "players", standings_players_json(st));
	json_t *sides = sides_json(st);
	if (sides)
		json_object_set_new(o, "sides", sides);
	grids_json(st, o);
	json_object_set_new(o, "winners", winners_json(st));
	return o;
}

json_t *
standings_hand_json(const struct game_state *st, const struct warnings *w)
{
	json_t *o = json_object();
	json_t *pts = json_object();
	json_t *warn = json_array();
	const struct hand_record *hr = st->nhands ? &st->hands[st->nhands - 1] : NULL;

	json_object_set_new(o, "hand", json_integer(st->nhands));
	for (int i = 0; hr && i < st->nplayers; i++)
		json_object_set_new(pts, st->p[i].name, json_integer(hr->points[i]));
	json_object_set_new(o, "points", pts);
	for (int i = 0; w && i < w->n; i++)
		json_array_append_new(warn, jstr(w->msg[i]));
	json_object_set_new(o, "warnings", warn);
	if (hr && hr->note)
		json_object_set_new(o, "note", jstr(hr->note));
	if (st->ledger) /* stakes: the ledger's pot */
		json_object_set_new(o, "pot", json_integer(st->pot));
	json_object_set_new(o, "players", standings_players_json(st));
	json_t *sides = sides_json(st);
	if (sides)
		json_object_set_new(o, "sides", sides);
	char *next = rules_next_text(st);
	json_object_set_new(o, "next", jstr(next));
	free(next);
	json_object_set_new(o, "status", jstr(standings_status(st)));
	json_object_set_new(o, "winners", winners_json(st));
	return o;
}

int
standings_print_json(FILE *f, json_t *json)
{
	char *s = json_dumps(json, JSON_COMPACT);
	if (s == NULL)
		return -1;
	int r = fputs(s, f) < 0 || fputc('\n', f) == EOF ? -1 : 0;
	free(s);
	return r;
}

void
json_stream_item(FILE *f, json_t *item, long *n)
{
	char *s = json_dumps(item, JSON_COMPACT);
	fputc(*n == 0 ? '[' : ',', f);
	fputs(s ? s : "null", f);
	free(s);
	json_decref(item);
	(*n)++;
}

void
json_stream_close(FILE *f, long n)
{
	fputs(n == 0 ? "[]" : "]", f);
}

void
json_stream_end(FILE *f, long n)
{
	json_stream_close(f, n);
	fputc('\n', f);
}

void
standings_print(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	struct view_ref vr = { ref->id, ref->started, NULL, 0, NULL };
	struct view *v = view_build(st, &vr);
	view_print_standings(f, v);
	view_free(v);
}

void
standings_hand_name(const struct game_state *st, long id, int hand, char *buf, size_t size)
{
	if (hand > 0)
		snprintf(buf, size, "%s #%ld, %s %d", rules_title(st->rules, &st->opts), id, st->rules->hand_word, hand);
	else
		snprintf(buf, size, "%s #%ld", rules_title(st->rules, &st->opts), id);
}

void
standings_print_hand(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	struct view_ref vr = { ref->id, ref->started, NULL, 0, NULL };
	struct view *v = view_build(st, &vr);
	view_print_hand(f, v);
	view_free(v);
}

void
standings_hands_csv(FILE *f, const struct game_state *st, const char *uid, long id)
{
	struct view_ref vr = { id, NULL, uid, 0, NULL };
	struct view *v = view_build(st, &vr);
	view_print_csv(f, v);
	view_free(v);
}
