/* SPDX-License-Identifier: ISC */
/* standings.c: text and JSON views of a game (see standings.h). */
#include "standings.h"

#include <string.h>

#include "util.h"
#include "view.h"
#include "when.h"
#include "state.h"

const char *
standings_status(const struct game_state *st)
{
	if (st->closed == GAME_ABANDONED && !st->over)
		return "abandoned";
	return st->over || st->closed ? "over" : "open";
}

/* A renderer's call on the view of st as ref describes it (ref may be
 * NULL). */
static struct jv *
json_of(const struct game_state *st, const struct game_ref *ref, const struct warnings *w,
    struct jv *(*render)(const struct view *, const struct warnings *))
{
	struct view_ref vr = { .id = ref ? ref->id : 0, .started = ref ? ref->started : NULL };
	struct view *v = view_build(st, &vr);
	struct jv *j = render(v, w);
	view_free(v);
	return j;
}

static struct jv *
players_of(const struct view *v, const struct warnings *w)
{
	(void)w;
	return view_json_players(v);
}

static struct jv *
show_of(const struct view *v, const struct warnings *w)
{
	(void)w;
	return view_json(v);
}

struct jv *
standings_players_json(const struct game_state *st)
{
	return json_of(st, NULL, NULL, players_of);
}

struct jv *
standings_show_json(const struct game_state *st, const struct game_ref *ref)
{
	return json_of(st, ref, NULL, show_of);
}

struct jv *
standings_hand_json(const struct game_state *st, const struct warnings *w)
{
	return json_of(st, NULL, w, view_json_hand);
}

void
standings_print(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	struct view_ref vr = { .id = ref->id, .started = ref->started };
	struct view *v = view_build(st, &vr);
	view_print_standings(f, v);
	view_free(v);
}

void
standings_hand_name(const struct game_state *st, long id, int hand, char *buf, size_t size)
{
	if (hand > 0)
		snprintf(buf, size, "%s #%ld, %s %d", rules_title(st->rules, &st->opts), id, st->rules->words.hand_word, hand);
	else
		snprintf(buf, size, "%s #%ld", rules_title(st->rules, &st->opts), id);
}

void
standings_print_hand(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	struct view_ref vr = { .id = ref->id, .started = ref->started };
	/* the hand and the one before it: view_print_hand's changes */
	struct view *v = view_build_last(st, &vr, 2);
	view_print_hand(f, v);
	view_free(v);
}

void
standings_print_totals(FILE *f, const struct game_state *st, const struct game_ref *ref)
{
	struct view_ref vr = { .id = ref->id, .started = ref->started };
	struct view *v = view_build_last(st, &vr, 1);
	view_print_totals(f, v);
	view_free(v);
}

void
standings_hands_csv(FILE *f, const struct game_state *st, const char *uid, long id)
{
	struct view_ref vr = { .id = id, .uid = uid };
	struct view *v = view_build(st, &vr);
	view_print_csv(f, v);
	view_free(v);
}
