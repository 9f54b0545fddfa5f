/* SPDX-License-Identifier: ISC */
/* export-apps.c: BG Stats plays and BoardGameGeek play records (see
 * export-apps.h). */
#include "export-apps.h"

#include <stdlib.h>
#include <string.h>

#include "../core/json.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../core/when.h"
#include "../db/store.h"

/* What a player's score is in a play logger: the points total, or for a
 * game of chips or lives the counters held at the end. */
static long
score_of(const struct game_state *st, int seat)
{
	switch (state_scoring(st)) {
	case SCORING_CHIPS:
		return st->p[seat].held;
	case SCORING_LIVES:
		return st->p[seat].lives;
	default:
		return st->p[seat].total;
	}
}

/* The length of g: its time at the table (minutes, when_sittings; 0 when
 * not known, as the apps' formats have it). */
static long
length_of(const struct stored_game *g)
{
	long m = when_sittings(g->started, g->recorded, g->nhands);
	return m < 0 ? 0 : m;
}

int
export_bgstats_play(FILE *f, const struct stored_game *g, const struct game_state *st, int first)
{
	if (g->nhands == 0)
		return 0;
	char date[WHEN_BUF] = "";
	time_t t;
	if (when_parse(g->started, &t))
		when_local_stamp(t, date);
	struct jv *game = jv_pack("{s:s, s:b, s:b, s:s}", "name", rules_title(st->rules, &st->opts), "highestWins",
	    state_scoring(st) != SCORING_LOW, "noPoints", 0, "sourceGameId", st->rules->name);
	struct jv *players = jv_array();
	for (int p = 0; p < st->nplayers; p++)
		jv_push(players, jv_pack("{s:s, s:I, s:b, s:i, s:b}", "name", st->p[p].name, "score",
		    (long long)score_of(st, p), "winner", st->p[p].winner, "rank", st->p[p].rank, "startPlayer",
		    p == (g->dealer + 1) % st->nplayers));
	struct jv *play = jv_pack("{s:o, s:s, s:I, s:s, s:o}", "game", game, "playDate", date, "durationMin",
	    (long long)length_of(g), "board", "", "players", players);
	char *text = jv_dumps(play, 0);
	fprintf(f, "%s%s\n", first ? "" : ",", text ? text : "{}");
	free(text);
	jv_free(play);
	return 1;
}

/* s in an XML attribute or element: & < > " written as references, and
 * the control characters XML 1.0 forbids (names may hold none) dropped. */
static void
xml_text(FILE *f, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if (*p >= 0x20 || *p == '\t' || *p == '\n')
				fputc(*p, f);
		}
	}
}

int
export_bgg_play(FILE *f, const struct stored_game *g, const struct game_state *st)
{
	if (g->nhands == 0)
		return 0;
	char day[WHEN_BUF];
	fprintf(f, "<play id=\"0\" date=\"%s\" quantity=\"1\" length=\"%ld\" incomplete=\"%d\" nowinstats=\"0\" location=\"",
	    when_show(g->started, when_local_date, day), length_of(g), g->over ? 0 : 1);
	xml_text(f, g->night_name);
	fputs("\"><item name=\"", f);
	xml_text(f, rules_title(st->rules, &st->opts));
	fputs("\" objecttype=\"thing\" objectid=\"0\"><subtypes><subtype value=\"boardgame\"/></subtypes></item>"
	    "<players>", f);
	for (int p = 0; p < st->nplayers; p++) {
		fputs("<player username=\"\" userid=\"0\" name=\"", f);
		xml_text(f, st->p[p].name);
		fprintf(f, "\" startposition=\"%d\" color=\"\" score=\"%ld\" new=\"0\" rating=\"0\" win=\"%d\"/>", p + 1,
		    score_of(st, p), st->p[p].winner ? 1 : 0);
	}
	fputs("</players></play>\n", f);
	return 1;
}
