/* SPDX-License-Identifier: ISC */
/* sheet_night.c: the night report built from the night's view (see
 * sheet_night.h). */
#include "sheet_night.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settle.h"
#include "sheet.h"
#include "util.h"
#include "when.h"

/* Every string the report points into, freed together. */
struct words {
	char **v;
	int n;
};

static char *
keep(struct words *w, char *s)
{
	w->v = xrealloc(w->v, (size_t)(w->n + 1) * sizeof *w->v);
	return w->v[w->n++] = s;
}

static void
words_release(struct words *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
}

static const char *const standing_heads[] = { "Place", "Player", "Wins", "Avg place" };
#define NSTANDING 4

/* The standings: place, player, wins, average place, then a column per
 * game that counts, the player's place in it (blank: not in it). */
static void
standings_table(const struct view_night *n, struct words *w, struct report_table *t)
{
	int ng = n->ncounted, nc = NSTANDING + ng;
	const char **heads = (const char **)keep(w, xcalloc((size_t)nc + 1, sizeof *heads));
	const char **shorts = (const char **)keep(w, xcalloc((size_t)nc + 1, sizeof *shorts));
	char **cells = (char **)keep(w, xcalloc((size_t)(n->nplayers * nc) + 1, sizeof *cells));
	for (int c = 0; c < NSTANDING; c++)
		heads[c] = shorts[c] = standing_heads[c];
	for (int gi = 0, c = NSTANDING; gi < n->ngames; gi++)
		if (n->games[gi].counts) {
			heads[c] = n->games[gi].title;
			shorts[c++] = keep(w, xasprintf("#%ld", n->games[gi].v->id));
		}
	for (int k = 0; k < n->nplayers; k++) {
		const struct view_night_player *p = &n->players[k];
		char **row = cells + (size_t)k * (size_t)nc, buf[32];
		row[0] = keep(w, xstrdup(view_night_place(p, buf, sizeof buf)));
		row[1] = p->name;
		row[2] = keep(w, xasprintf("%d", p->won));
		row[3] = keep(w, xstrdup(view_night_average(p, buf, sizeof buf)));
		for (int gi = 0, c = NSTANDING; gi < n->ngames; gi++)
			if (n->games[gi].counts)
				row[c++] = p->places[gi] ? keep(w, xstrdup(view_night_game_place(p, gi, buf, sizeof buf))) : NULL;
	}
	*t = (struct report_table){ "Standings", nc, n->nplayers, heads, cells,
		"Place: most wins, then the best average place over the games played; \"=\" marks a tie.  "
		"Each game: the player's place in it; blank where they did not play.", shorts };
}

static const char *const highlight_heads[] = { "Game", "Highlight" };

/* The highlights: a row each, the game named on its first. */
static void
highlights_table(const struct view_night *n, struct words *w, struct report_table *t)
{
	char **cells = (char **)keep(w, xcalloc((size_t)n->nhighlights * 2 + 1, sizeof *cells));
	for (int k = 0; k < n->nhighlights; k++) {
		const struct view_highlight *h = &n->highlights[k];
		cells[k * 2] = k == 0 || n->highlights[k - 1].game != h->game ? n->games[h->game].title : NULL;
		cells[k * 2 + 1] = h->text;
	}
	*t = (struct report_table){ "Highlights", 2, n->nhighlights, highlight_heads, cells, NULL, NULL };
}

static const char *const settle_heads[] = { "Pays", "To", "Amount" };

/* The settle-up: the fewest payments, the money each game carried and
 * the nets in its legend. */
static void
settle_table(const struct view_night_settle *s, struct words *w, struct report_table *t)
{
	char **c = (char **)keep(w, xcalloc((size_t)s->npay * 3 + 1, sizeof *c)), m[32];
	for (int i = 0; i < s->npay; i++) {
		settle_money(s->pay[i].cents, m, sizeof m);
		c[i * 3] = s->pay[i].from;
		c[i * 3 + 1] = s->pay[i].to;
		c[i * 3 + 2] = keep(w, xstrdup(m));
	}
	struct strbuf sb = {0};
	sb_add(&sb, "Money from ");
	for (int i = 0; i < s->ngames; i++)
		sb_printf(&sb, "%s%s", i ? ", " : "", s->games[i]);
	sb_add(&sb, ".\nNet: ");
	for (int i = 0; i < s->nparties; i++) {
		settle_money(s->cents[i], m, sizeof m);
		sb_printf(&sb, "%s%s %s%s", i ? ", " : "", s->party[i], s->cents[i] > 0 ? "+" : "", m);
	}
	sb_add(&sb, ".  The fewest payments that settle it (tally settle).");
	if (s->carried)
		sb_printf(&sb, "\nCarried: %s.", s->carried);
	if (s->skipped)
		sb_printf(&sb, "\nNot settled: %s.", s->skipped);
	*t = (struct report_table){ "Settle up", 3, s->npay, settle_heads, c, keep(w, sb_take(&sb)), NULL };
}

static const char *const game_heads[] = { "#", "Game", "Winner", "Length", "Players" };

/* The games: number, game, winner, length and who sat. */
static void
games_table(const struct view_night *n, struct words *w, struct report_table *t)
{
	char **gc = (char **)keep(w, xcalloc((size_t)n->ngames * 5 + 1, sizeof *gc));
	for (int gi = 0; gi < n->ngames; gi++) {
		const struct view *v = n->games[gi].v;
		struct strbuf names = {0};
		for (int i = 0; i < v->nplayers; i++)
			sb_printf(&names, "%s%s", i ? ", " : "", v->players[i].name);
		gc[gi * 5] = keep(w, xasprintf("%ld", v->id));
		gc[gi * 5 + 1] = v->title;
		gc[gi * 5 + 2] = (char *)view_night_won_by(&n->games[gi]);
		gc[gi * 5 + 3] = keep(w, xasprintf("%d %s%s%s", v->nhands, v->hand_word, plural_s(v->nhands),
		    v->closed == GAME_ABANDONED && !v->over ? ", abandoned" : v->closed && !v->over ? ", ended early" : ""));
		gc[gi * 5 + 4] = keep(w, sb_take(&names));
	}
	*t = (struct report_table){ "Games", 5, n->ngames, game_heads, gc,
		"Length: the hands (holes, rounds) played.  A game with no hands yet is listed as not played.", NULL };
}

/* Game gi's section: its standings and the running measure to chart. */
static void
game_section(const struct view_night *n, int gi, struct words *w, struct report_game *rg)
{
	const struct view_night_game *g = &n->games[gi];
	const struct view *v = g->v;
	char **names = (char **)keep(w, xcalloc((size_t)v->nplayers + 1, sizeof *names));
	for (int i = 0; i < v->nplayers; i++)
		names[i] = v->players[i].name;
	*rg = (struct report_game){ g->title, g->result, v->measure_name, keep(w, xasprintf("%ss", v->hand_word)),
		v->rules_words, v->nplayers, names, g->standing, v->nhands + 1, g->series, g->who, view_abandoned(v) };
}

enum status
sheet_night_render(const struct view_night *n, int a4, const char *path, struct diag *d)
{
	struct words w = {0};
	struct report_table tables[4];
	int nt = 0;
	struct report_game *games = xcalloc((size_t)n->ngames + 1, sizeof *games);
	char fb[WHEN_BUF], tb[WHEN_BUF];
	const char *from = when_show(n->started, when_human, fb), *to = when_show(n->ended, when_human, tb);
	/* "2026-11-20 19:02 to 23:40": the date once when the night ends the same day */
	if (to && from && strlen(to) > 11 && strncmp(from, to, 11) == 0)
		to += 11;
	/* one line more: how long the night played, and its note */
	char len[WHEN_BUF];
	when_length(n->play_minutes, len);
	char *more = xasprintf("%s%s%s%s", n->play_minutes >= 0 ? ".  Play time " : "", n->play_minutes >= 0 ? len : "",
	    n->note ? ".  Note: " : "", n->note ? n->note : "");
	char *subtitle = to ? xasprintf("Night #%ld, started %.32s, ended %.32s (local time), %d game%s%s", n->id,
	    from ? from : "?", to, n->ngames, plural_s(n->ngames), more)
	    : xasprintf("Night #%ld, started %.32s (local time), still going, %d game%s%s", n->id, from ? from : "?",
	    n->ngames, plural_s(n->ngames), more);
	free(more);
	keep(&w, subtitle);
	if (n->nplayers > 0)
		standings_table(n, &w, &tables[nt++]);
	if (n->nhighlights > 0)
		highlights_table(n, &w, &tables[nt++]);
	if (n->settle.ngames > 0)
		settle_table(&n->settle, &w, &tables[nt++]);
	games_table(n, &w, &tables[nt++]);
	for (int gi = 0; gi < n->ngames; gi++)
		game_section(n, gi, &w, &games[gi]);
	char *detail, *champ = view_night_champion(n, &detail);
	if (champ) {
		keep(&w, champ);
		keep(&w, detail);
	}
	char *why = champ ? keep(&w, xasprintf("%s.  Chosen by %s.", detail, VIEW_NIGHT_CHAMPION_RULE)) : NULL;
	struct report_spec rs = { a4, n->name, subtitle, champ ? view_night_final(n) ? "Champion" : "Leading so far"
		: NULL, champ, why, nt, tables, n->ngames, games };
	enum status rc = sheet_render_report(&rs, path, d);
	free(games);
	words_release(&w);
	return rc;
}
