/* SPDX-License-Identifier: ISC */
/* view_night.c: the view of a night, built once from its games' views
 * (see view.h), and its text renderer (`tally night ID`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "names.h"
#include "settle.h"
#include "util.h"
#include "view.h"
#include "when.h"

/* "N UNITS" (signed "+N UNITS" when sign), the unit singular for 1 and -1
 * ("1 quarter", "-1 life"): a heap string. */
static char *
count_of(long n, const char *units, int sign)
{
	size_t len = strlen(units);
	int one = (n == 1 || n == -1) && len > 1 && units[len - 1] == 's';
	const char *unit = one && strcmp(units, "lives") == 0 ? "life" : units;
	int ulen = one && unit == units ? (int)len - 1 : (int)strlen(unit);
	char num[GROUPED_MAX];
	return xasprintf("%s %.*s", grouped_number(n, sign, num, sizeof num), ulen, unit);
}

/* The side seat i plays in, or NULL. */
static const struct view_side *
side_of(const struct view *v, int i)
{
	for (int s = 0; s < v->nsides; s++)
		for (int k = 0; k < v->sides[s].nseats; k++)
			if (v->sides[s].seats[k] == i)
				return &v->sides[s];
	return NULL;
}

/* 1 when seat i of v shares its place with a seat not its partner (a
 * tie, written "=1st" as the night's own places are). */
static int
seat_tied(const struct view *v, int i)
{
	const struct view_side *sd = side_of(v, i);
	for (int j = 0; j < v->nplayers; j++)
		if (j != i && v->players[j].rank == v->players[i].rank && (sd == NULL || side_of(v, j) != sd))
			return 1;
	return 0;
}

/* Who played seat i in hand h (1-based): the seat's player, or the
 * latest substitute from that hand on (`tally sub`). */
static const char *
seat_player(const struct view *v, int i, int h)
{
	const char *name = v->players[i].name;
	for (int k = 0; k < v->nsubs; k++)
		if (v->subs[k].seat == i && v->subs[k].hand <= h)
			name = v->subs[k].name;
	return name;
}

/* "N holes" */
static void
hands_count(struct strbuf *sb, const struct view *v)
{
	sb_printf(sb, "%d %s%s", v->nhands, v->hand_word, plural_s(v->nhands));
}

/* Partnership play: the sides by place, each with its total and each
 * partner's part ("1st Bob & Dee 1,765 (Bob 545, Dee 1,220); 2nd ...
 * after 2 rounds"); while the game is open, the places as they stand
 * ("in progress after 1 round; so far 1st ..."). */
static void
sides_result(const struct view *v, struct strbuf *sb)
{
	int printed = 0, open = !v->over && !v->closed;
	if (v->closed && !v->over)
		sb_add(sb, "ended early: ");
	if (open) {
		sb_add(sb, "in progress after ");
		hands_count(sb, v);
		sb_add(sb, "; so far ");
	}
	for (int place = 1; place <= v->nsides; place++)
		for (int s = 0; s < v->nsides; s++) {
			const struct view_side *sd = &v->sides[s];
			char nth[16], num[32];
			if (sd->rank != place)
				continue;
			sb_printf(sb, "%s%s %s %s (", printed++ ? "; " : "", view_ordinal(place, nth, sizeof nth), sd->name,
			    view_number(sd->total, num, sizeof num));
			for (int k = 0; k < sd->nseats; k++)
				sb_printf(sb, "%s%s %s", k ? ", " : "", v->players[sd->seats[k]].name,
				    view_number(v->players[sd->seats[k]].total, num, sizeof num));
			sb_add(sb, ")");
		}
	if (!open) {
		sb_add(sb, " after ");
		hands_count(sb, v);
	}
}

/* The game's winners, a side named once ("Ann & Cid"), or "". */
static char *
winners_of(const struct view *v)
{
	struct strbuf sb = {0};
	sb_add(&sb, "");
	for (int i = 0; i < v->nplayers; i++) {
		if (!v->players[i].winner)
			continue;
		const struct view_side *sd = side_of(v, i);
		if (sd == NULL)
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", v->players[i].name);
		else if (sd->seats[0] == i)
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", sd->name);
	}
	return sb_take(&sb);
}

static void
game_words(struct view_night_game *g)
{
	const struct view *v = g->v;
	struct strbuf sb = {0};
	g->title = xasprintf("%s #%ld", v->title, v->id);
	g->winners = winners_of(v);
	/* a game counts once it has a result: an open game is in progress,
	 * no game played (its places are not places yet) */
	g->counts = v->nhands > 0 && (v->over || v->closed) && !view_abandoned(v);
	if (v->nhands == 0 && view_ended_unplayed(v))   /* ended before a hand: said so */
		sb_printf(&sb, "ended with no %ss played: no winner", v->hand_word);
	else if (v->nhands == 0)   /* abandoned before a hand: said so, not "not played yet" */
		sb_add(&sb, view_abandoned(v) ? "abandoned before any hand: no result" : "not played");
	else if (view_abandoned(v)) {
		sb_add(&sb, "abandoned after ");
		hands_count(&sb, v);
		sb_add(&sb, ": no result");
	} else if (v->nsides > 0)
		sides_result(v, &sb);
	else if (v->over || v->closed) {
		if (*g->winners)
			sb_printf(&sb, "%s%s ", v->closed && !v->over ? "ended early; winner: " : "winner: ", g->winners);
		sb_add(&sb, "after ");
		hands_count(&sb, v);
	} else {
		sb_add(&sb, "in progress after ");
		hands_count(&sb, v);
	}
	g->result = sb_take(&sb);
	g->standing = xcalloc((size_t)v->nplayers + 1, sizeof *g->standing);
	for (int i = 0; i < v->nplayers; i++) {
		const struct view_player *p = &v->players[i];
		if (v->nhands == 0) {
			g->standing[i] = xstrdup("");
			continue;
		}
		char *held = count_of(p->measure, v->measure_name, 0), nth[16];
		const struct view_side *sd = side_of(v, i);
		if (view_abandoned(v)) {   /* no result: no places */
			g->standing[i] = held;
			continue;
		}
		/* an open game's places are as they stand, not its result: "so
		 * far", as the night's leader is "leading so far" */
		g->standing[i] = xasprintf("%s, %s%s%s%s%s%s", held, seat_tied(v, i) ? "=" : "",
		    view_ordinal(p->rank, nth, sizeof nth), sd ? " with " : "", sd ? sd->name : "",
		    p->winner ? " (winner)" : "", v->over || v->closed ? "" : " so far");
		free(held);
		if (p->joined > 1) {   /* where a late arrival's line starts, and why */
			char with[64], *s = g->standing[i];
			g->standing[i] = xasprintf("%s; joined at %s %d with %s", s, v->hand_word, p->joined,
			    view_joined_with(v, i, with, sizeof with));
			free(s);
		}
	}
}

/* The running measure of each seat: the start, then after each hand. */
static void
game_series(struct view_night_game *g, const long *start)
{
	const struct view *v = g->v;
	int pts = v->nhands + 1;
	g->series = xcalloc((size_t)(v->nplayers * pts + 1), sizeof *g->series);
	for (int i = 0; i < v->nplayers; i++) {
		/* a late arrival's line starts at the hand they joined at, as
		 * their first row in the score table does (what they sat down
		 * with is in the legend); the hands before are no point at all.
		 * One who joined after the last hand: a point at the end. */
		int joined = v->players[i].joined, from = joined > 1 ? joined : 0;
		if (from >= pts)
			from = pts - 1;
		for (int k = 0; k < from; k++)
			g->series[i * pts + k] = COLUMN_NONE;
		g->series[i * pts + from] = from == 0 ? (start ? start[i] : 0)
		    : joined > v->nhands ? v->players[i].joined_with : v->hands[from - 1].held[i];
		for (int h = from; h < v->nhands; h++)
			g->series[i * pts + h + 1] = v->hands[h].held[i];
	}
}

static int
who_index(struct view_night *n, const char *name)
{
	for (int k = 0; k < n->nwho; k++)
		if (strcmp(n->who[k], name) == 0)
			return k;
	n->who = xrealloc(n->who, (size_t)(n->nwho + 1) * sizeof *n->who);
	n->who[n->nwho] = xstrdup(name);
	return n->nwho++;
}

static struct view_night_player *
night_player(struct view_night *n, const char *name)
{
	for (int k = 0; k < n->nplayers; k++)
		if (strcmp(n->players[k].name, name) == 0)
			return &n->players[k];
	n->players = xrealloc(n->players, (size_t)(n->nplayers + 1) * sizeof *n->players);
	struct view_night_player *p = &n->players[n->nplayers++];
	memset(p, 0, sizeof *p);
	p->name = xstrdup(name);
	p->places = xcalloc((size_t)n->ngames + 1, sizeof *p->places);
	p->tied_in = xcalloc((size_t)n->ngames + 1, sizeof *p->tied_in);
	return p;
}

/* Game gi's places, wins and outs into the night's players. */
static void
tally_game(struct view_night *n, int gi)
{
	const struct view *v = n->games[gi].v;
	for (int i = 0; i < v->nplayers; i++) {
		const struct view_player *vp = &v->players[i];
		struct view_night_player *p = night_player(n, vp->name);
		p->games++;
		p->won += vp->winner;   /* a side's win is each partner's */
		p->rank_sum += vp->rank;
		p->places[gi] = vp->rank;
		p->tied_in[gi] = seat_tied(v, i);
		if (v->out_of_game && vp->out) {
			p->outs++;
			if (vp->out_by > 0 && vp->out_by <= v->nplayers)
				night_player(n, v->players[vp->out_by - 1].name)->put_out++;
		}
	}
}

/* Most wins, then the better average place; 0 for players level. */
static int
by_merit(const struct view_night_player *x, const struct view_night_player *y)
{
	if (x->won != y->won)
		return y->won - x->won;
	if (!x->games != !y->games)
		return x->games ? -1 : 1;
	long l = (long)x->rank_sum * y->games, r = (long)y->rank_sum * x->games;
	return l < r ? -1 : l > r;
}

static int
by_place(const void *a, const void *b)
{
	const struct view_night_player *x = a, *y = b;
	int c = by_merit(x, y);
	return c ? c : strcmp(x->name, y->name);
}

static void
add_highlight(struct view_night *n, int gi, const char *kind, char *text)
{
	n->highlights = xrealloc(n->highlights, (size_t)(n->nhighlights + 1) * sizeof *n->highlights);
	n->highlights[n->nhighlights++] = (struct view_highlight){ gi, kind, text };
}

/* The most hands named in one highlight; the rest are counted. */
#define HIGHLIGHT_HANDS 4

/* ", Ann (holes 2, 4)" for seat i's hands[0..nh-1] (1-based) of v, the
 * player who played the first of them named. */
static void
who_in_hands(struct strbuf *sb, const struct view *v, int i, const int *hands, int nh)
{
	sb_printf(sb, "%s%s (%s%s ", sb->len ? ", " : "", seat_player(v, i, hands[0]), v->hand_word, nh > 1 ? "s" : "");
	for (int k = 0; k < nh && k < HIGHLIGHT_HANDS; k++)
		sb_printf(sb, "%s%d", k ? ", " : "", hands[k]);
	if (nh > HIGHLIGHT_HANDS)
		sb_printf(sb, " and %d more", nh - HIGHLIGHT_HANDS);
	sb_addc(sb, ')');
}

/* The best hand of a game in points: "best hole -5: Ann (hole 4)". */
static void
best_hand(struct view_night *n, int gi)
{
	const struct view *v = n->games[gi].v;
	int from = n->games[gi].from, to = n->games[gi].to;
	if (!v->scores_points || v->show_detail || to <= from)
		return;
	/* an empty cell (a late arrival's hand before they sat down) is no
	 * hand of theirs */
	long best = COLUMN_NONE;
	for (int h = from; h < to; h++)
		for (int i = 0; i < v->nplayers; i++) {
			long x = v->hands[h].points[i];
			if (x != COLUMN_NONE && (best == COLUMN_NONE || (v->lowest_best ? x < best : x > best)))
				best = x;
		}
	if (best == COLUMN_NONE)
		return;
	struct strbuf who = {0};
	int *hands = xcalloc((size_t)v->nhands + 1, sizeof *hands), named = 0, more = 0;
	for (int i = 0; i < v->nplayers; i++) {
		int nh = 0;
		for (int h = from; h < to; h++)
			if (v->hands[h].points[i] == best)
				hands[nh++] = h + 1;
		if (nh && named < 3) {
			who_in_hands(&who, v, i, hands, nh);
			named++;
		} else if (nh)
			more++;
	}
	if (more)
		sb_printf(&who, " and %d more player%s", more, plural_s(more));
	free(hands);
	char num[GROUPED_MAX];
	add_highlight(n, gi, "best_hand", xasprintf("best %s %s: %s", v->hand_word, grouped_number(best, 0, num, sizeof num),
	    who.s));
	sb_release(&who);
}

/* The hand lines the game declares a highlight: who had each, in which
 * hands ("gin: Ann (hands 2, 5)"). */
static void
hand_highlights(struct view_night *n, int gi)
{
	const struct view *v = n->games[gi].v;
	int from = n->games[gi].from, to = n->games[gi].to;
	int *hands = xcalloc((size_t)v->nhands + 1, sizeof *hands);
	for (int k = 0; k < v->nhand_lines; k++) {
		const struct view_line *l = &v->hand_lines[k];
		if (l->highlight == NULL || l->kind != COLUMN_FLAG)
			continue;
		struct strbuf who = {0};
		for (int i = 0; i < v->nplayers; i++) {
			int nh = 0;
			for (int h = from; h < to; h++) {
				long x = v->hands[h].lines[k].v[i];
				if (x != COLUMN_NONE && x != 0)
					hands[nh++] = h + 1;
			}
			if (nh)
				who_in_hands(&who, v, i, hands, nh);
		}
		if (who.len)
			add_highlight(n, gi, l->key, xasprintf("%s: %s", l->highlight, who.s));
		sb_release(&who);
	}
	free(hands);
}

/* The game lines the game declares a highlight: who holds more than 0
 * at the end ("dimes won from the pot: Grandma 8"). */
static void
foot_highlights(struct view_night *n, int gi)
{
	const struct view *v = n->games[gi].v;
	for (int k = 0; k < v->nfoot; k++) {
		const struct view_line *l = &v->foot[k];
		if (l->highlight == NULL)
			continue;
		struct strbuf who = {0};
		char num[GROUPED_MAX];
		for (int i = 0; i < v->nplayers; i++)
			if (l->v[i] != COLUMN_NONE && l->v[i] > 0)
				sb_printf(&who, "%s%s %s", who.len ? ", " : "", v->players[i].name,
				    grouped_number(l->v[i], 0, num, sizeof num));
		if (who.len)
			add_highlight(n, gi, l->key, xasprintf("%s: %s", l->highlight, who.s));
		sb_release(&who);
	}
}

/* Who went out of the game, first out first, with who put them out. */
static void
out_highlight(struct view_night *n, int gi)
{
	const struct view *v = n->games[gi].v;
	struct strbuf sb = {0};
	if (!v->out_of_game)
		return;
	for (int order = 1; order <= v->nplayers; order++)
		for (int i = 0; i < v->nplayers; i++) {
			const struct view_player *p = &v->players[i];
			if (!p->out || p->out_order != order)
				continue;
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", p->name);
			if (p->out_by > 0 && p->out_by <= v->nplayers)
				sb_printf(&sb, " (by %s)", v->players[p->out_by - 1].name);
		}
	if (sb.len)
		add_highlight(n, gi, "out", xasprintf("out, first to last: %s", sb.s));
	sb_release(&sb);
}

/* A game played on more than one night (SPEC: a game belongs to the
 * night it started in): said on each, and its result counted once, on the
 * night its last hand was played on. */
static void
game_sitting(const struct view_night *n, struct view_night_game *g, const struct view_night_sitting *st)
{
	const struct view *v = g->v;
	if (st->last != n->id)
		g->counts = 0;
	/* its highlights are those of the hands played here (SPEC: a hand
	 * belongs to the night it was played on) */
	g->from = st->first_hand > 0 ? (int)st->first_hand - 1 : 0;
	g->to = st->first_hand <= 0 ? 0 : st->last_hand < v->nhands ? (int)st->last_hand : v->nhands;
	g->tells_end = st->last == n->id;
	if (st->home != n->id)
		g->sitting = xasprintf("continued from night #%ld \"%s\": %ld %s%s tonight%s", st->home,
		    st->home_name ? st->home_name : "", st->here, v->hand_word, plural_s((int)st->here),
		    st->last != n->id ? "; continued later" : "");
	else if (st->last != n->id)
		g->sitting = xasprintf("continued on night #%ld \"%s\" (%ld %s%s here%s)", st->last,
		    st->last_name ? st->last_name : "", st->here, v->hand_word, plural_s((int)st->here),
		    (v->over || v->closed) ? "; its result counts there" : "");
}

struct view_night *
view_night_build(const struct view_night_ref *ref, struct view **games, long *const *start, int ngames)
{
	struct view_night *n = xcalloc(1, sizeof *n);
	n->id = ref->id;
	n->name = xstrdup(ref->name ? ref->name : "");
	n->started = ref->started ? xstrdup(ref->started) : NULL;
	n->ended = ref->ended ? xstrdup(ref->ended) : NULL;
	n->play_minutes = when_played(ref->first, ref->last, ref->hands);
	n->note = ref->note ? xstrdup(ref->note) : NULL;
	n->ngames = ngames;
	n->games = xcalloc((size_t)ngames + 1, sizeof *n->games);
	for (int gi = 0; gi < ngames; gi++) {
		struct view_night_game *g = &n->games[gi];
		g->v = games[gi];
		game_words(g);
		g->from = 0;
		g->to = g->v->nhands;
		g->tells_end = 1;
		if (ref->sittings)
			game_sitting(n, g, &ref->sittings[gi]);
		game_series(g, start ? start[gi] : NULL);
		g->who = xcalloc((size_t)g->v->nplayers + 1, sizeof *g->who);
		for (int i = 0; i < g->v->nplayers; i++)
			g->who[i] = who_index(n, g->v->players[i].name);
	}
	for (int gi = 0; gi < ngames; gi++)
		if (n->games[gi].counts) {
			n->ncounted++;
			tally_game(n, gi);
		}
	/* the highlights are hands played: a game in progress has them too */
	for (int gi = 0; gi < ngames; gi++)
		if (n->games[gi].to > n->games[gi].from && !view_abandoned(n->games[gi].v)) {
			best_hand(n, gi);
			hand_highlights(n, gi);
			if (n->games[gi].tells_end) {
				foot_highlights(n, gi);
				out_highlight(n, gi);
			}
		}
	if (n->nplayers > 1)
		qsort(n->players, (size_t)n->nplayers, sizeof *n->players, by_place);
	for (int k = 0; k < n->nplayers; k++) {
		struct view_night_player *p = &n->players[k];
		int place = k + 1;
		while (place > 1 && by_merit(&n->players[place - 2], p) == 0)
			place--;
		p->place = p->games ? place : 0;
		p->tied = (k > 0 && by_merit(&n->players[k - 1], p) == 0) ||
		    (k + 1 < n->nplayers && by_merit(&n->players[k + 1], p) == 0);
		if (p->place == 1)
			n->nchampions++;
	}
	return n;
}

static void
settle_release(struct view_night_settle *s)
{
	for (int i = 0; i < s->ngames; i++)
		free(s->games[i]);
	free(s->games);
	for (int i = 0; i < s->nparties; i++)
		free(s->party[i]);
	free(s->party);
	free(s->cents);
	for (int i = 0; i < s->npay; i++) {
		free(s->pay[i].from);
		free(s->pay[i].to);
	}
	free(s->pay);
	free(s->skipped);
	free(s->carried);
}

void
view_night_free(struct view_night *n)
{
	if (n == NULL)
		return;
	for (int gi = 0; gi < n->ngames; gi++) {
		struct view_night_game *g = &n->games[gi];
		for (int i = 0; i < g->v->nplayers; i++)
			free(g->standing[i]);
		free(g->standing);
		view_free(g->v);
		free(g->title);
		free(g->result);
		free(g->sitting);
		free(g->winners);
		free(g->who);
		free(g->series);
	}
	free(n->games);
	free(n->note);
	for (int k = 0; k < n->nplayers; k++) {
		free(n->players[k].name);
		free(n->players[k].places);
		free(n->players[k].tied_in);
	}
	free(n->players);
	for (int k = 0; k < n->nwho; k++)
		free(n->who[k]);
	free(n->who);
	for (int k = 0; k < n->nhighlights; k++)
		free(n->highlights[k].text);
	free(n->highlights);
	settle_release(&n->settle);
	free(n->name);
	free(n->started);
	free(n->ended);
	free(n);
}

const char *
view_night_place(const struct view_night_player *p, char *buf, size_t size)
{
	char nth[16];
	if (p->place == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%s%s", p->tied ? "=" : "", view_ordinal(p->place, nth, sizeof nth));
	return buf;
}

const char *
view_night_game_place(const struct view_night_player *p, int gi, char *buf, size_t size)
{
	char nth[16];
	if (p->places[gi] == 0)
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "%s%s", p->tied_in[gi] ? "=" : "", view_ordinal(p->places[gi], nth, sizeof nth));
	return buf;
}

const char *
view_night_average(const struct view_night_player *p, char *buf, size_t size)
{
	if (p->games == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.1f", (double)p->rank_sum / p->games);
	return buf;
}

const char *
view_night_won_by(const struct view_night_game *g)
{
	const struct view *v = g->v;
	return view_abandoned(v) ? "abandoned" : v->nhands == 0 ? "not played" : !(v->over || v->closed) ? "in progress"
	    : *g->winners ? g->winners : "none";
}

char *
view_night_champion(const struct view_night *n, char **detail)
{
	struct strbuf sb = {0};
	char avg[16];
	*detail = NULL;
	if (n->nchampions == 0)
		return NULL;
	for (int k = 0; k < n->nchampions; k++)
		sb_printf(&sb, "%s%s", k == 0 ? "" : k + 1 == n->nchampions ? " and " : ", ", n->players[k].name);
	const struct view_night_player *p = &n->players[0];
	view_night_average(p, avg, sizeof avg);
	if (n->nchampions == 1)
		*detail = xasprintf("%d win%s in %d game%s, average place %s", p->won, plural_s(p->won), p->games,
		    plural_s(p->games), avg);
	else
		*detail = xasprintf("level: %d win%s each, average place %s", p->won, plural_s(p->won), avg);
	return sb_take(&sb);
}

int
view_night_final(const struct view_night *n)
{
	for (int gi = 0; gi < n->ngames; gi++) {
		const struct view *v = n->games[gi].v;
		if (v->nhands > 0 && !v->over && !v->closed)   /* a game in progress */
			return 0;
	}
	return n->ended != NULL || n->ncounted > 0;
}

/* Print s padded to width columns. */
static void
pad_to(FILE *f, const char *s, int width)
{
	int w = utf8_width(s);
	fprintf(f, "%s%*s", s, width > w ? width - w : 0, "");
}

/* The hands part of a game's line: " 9 holes". */
static void
hands_part(const struct view *v, char *buf, size_t size)
{
	snprintf(buf, size, " %3d %s%s", v->nhands, v->hand_word, plural_s(v->nhands));
}

/* The games' lines: "  #3    Golf             over        9 holes     1 h 05 min  winner: Ann".
 * At a terminal of width columns (0: no limit) all of them narrow alike:
 * the title to 12, then the play time and the status go, the title
 * narrows to 10, the number to the widest game's and the hands go, until
 * the widest winner (up to 16 columns) and an ended game's status have
 * their room; the winners take what is left, cut with an ellipsis.  With
 * no status column, an ended game with no winner ends in its status,
 * "[abandoned]", whole. */
static void
game_lines(FILE *f, const struct view_night *n, int width)
{
	enum { ID, TITLE, STATUS, HANDS, LENGTH, N };
	/* "  #ID" padded to 4 digits, a blank before the title */
	struct fit_col c[N] = { [ID] = { 5, 3 }, [TITLE] = { 16, 0 }, [STATUS] = { 9, 1 }, [HANDS] = { 0, 0 },
		[LENGTH] = { 0, 1 } };
	int want = 0, idw = 0, pipedw = 0;
	char hands[48];
	for (int gi = 0; gi < n->ngames; gi++) {
		const struct view_night_game *g = &n->games[gi];
		const struct view *v = g->v;
		int won = (v->over || v->closed) && *g->winners;
		int ww = utf8_width(g->winners), tail = won ? 10 + (ww < 16 ? ww : 16)  /* "  winner: Ann" */
		    : view_ended_unplayed(v) ? 2 + utf8_width(g->result)  /* "  ended with no holes played: ..." */
		    : strcmp(v->status, "open") != 0 ? 4 + utf8_width(v->status) : 0;  /* "  [abandoned]" */
		want = tail > want ? tail : want;
		snprintf(hands, sizeof hands, "#%ld", v->id);
		idw = utf8_width(hands) > idw ? utf8_width(hands) : idw;
		if (utf8_width(v->title) > c[TITLE].width)
			c[TITLE].width = utf8_width(v->title);
		hands_part(v, hands, sizeof hands);
		if (utf8_width(hands) > c[HANDS].width)
			c[HANDS].width = utf8_width(hands);
		/* unfitted, every line's hands take the room of the widest
		 * plural ("  9 rounds" beside "  1 hole "), so the play times
		 * stand in one column across kinds of game */
		int pw = utf8_width(hands) + (v->nhands == 1);
		pipedw = pw > pipedw ? pw : pipedw;
		if (v->play_minutes >= 0 || won)
			c[LENGTH].width = 11;
	}
	const struct fit_step steps[] = { { TITLE, 12 }, { LENGTH, 0 }, { STATUS, 0 }, { TITLE, 10 }, { ID, idw },
		{ HANDS, 0 } };
	int left = fit_columns(c, N, steps, (int)ARRAY_LEN(steps), width, want);
	for (int gi = 0; gi < n->ngames; gi++) {
		const struct view_night_game *g = &n->games[gi];
		const struct view *v = g->v;
		int won = (v->over || v->closed) && *g->winners;
		char len[WHEN_BUF] = "";
		if (v->play_minutes >= 0)
			when_length(v->play_minutes, len);
		if (width <= 0) {
			hands_part(v, hands, sizeof hands);
			fprintf(f, "  #%-4ld %-16s %-9s%s", v->id, v->title, v->status, hands);
			if (v->play_minutes >= 0 || won)  /* a column, with no blanks left at the end */
				fprintf(f, "%*s %11s", pipedw - utf8_width(hands), "", len);
			if (won)
				fprintf(f, "  winner: %s", g->winners);
			else if (view_ended_unplayed(v))  /* no winner: said why */
				fprintf(f, "  %s", g->result);
			fputc('\n', f);
			continue;
		}
		struct strbuf sb = {0};
		char *title = fit_cell(v->title, c[TITLE].width, 1);
		sb_printf(&sb, "  #%-*ld %s", c[ID].width - 1, v->id, title);
		free(title);
		if (c[STATUS].width)
			sb_printf(&sb, " %-9s", v->status);
		if (c[HANDS].width) {
			hands_part(v, hands, sizeof hands);
			sb_printf(&sb, "%s%*s", hands, c[HANDS].width - utf8_width(hands), "");
		}
		if (c[LENGTH].width)
			sb_printf(&sb, " %11s", len);
		if (won) {
			char *who = fit_cell(g->winners, left - 10, 0);
			sb_printf(&sb, "  winner: %s", who);
			free(who);
		} else if (view_ended_unplayed(v)) {   /* no winner: said why */
			char *why = fit_cell(g->result, left, 0);
			sb_printf(&sb, "  %s", why);
			free(why);
		} else if (!c[STATUS].width && strcmp(v->status, "open") != 0) {
			/* with no status column, an ended game without a winner
			 * (abandoned) must not look open */
			sb_printf(&sb, "  [%s]", v->status);
		}
		/* no blanks left at the end */
		while (sb.len && sb.s[sb.len - 1] == ' ')
			sb.s[--sb.len] = '\0';
		fprintf(f, "%s\n", sb.s);
		sb_release(&sb);
	}
}

/* The standings' header cell of game gi: its title, or "#ID" when ids is
 * 1 (a narrow terminal). */
static const char *
game_head(const struct view_night *n, int gi, int ids, char *buf, size_t size)
{
	if (!ids)
		return n->games[gi].title;
	snprintf(buf, size, "#%ld", n->games[gi].v->id);
	return buf;
}

/* The columns of game gi in the standings: its header's, at least 5. */
static int
game_width(const struct view_night *n, int gi, int ids)
{
	char id[32];
	int w = utf8_width(game_head(n, gi, ids, id, sizeof id));
	return w > 5 ? w : 5;
}

/* One block of the standings: place, player, wins, average, then the
 * counted games from..to-1; names cut to pw columns when cut is 1. */
static void
standings_block(FILE *f, const struct view_night *n, int pw, int cut, int ids, int from, int to)
{
	char buf[32];
	fprintf(f, "  %-6s ", "place");
	pad_to(f, "player", pw);
	fprintf(f, "  wins  avg");
	struct strbuf head = {0};
	sb_add(&head, "");
	for (int gi = from; gi < to; gi++)
		if (n->games[gi].counts) {
			const char *h = game_head(n, gi, ids, buf, sizeof buf);
			int pad = (ids ? game_width(n, gi, ids) : 5) - utf8_width(h);
			sb_printf(&head, "  %s%*s", h, pad > 0 ? pad : 0, "");
		}
	if (ids)  /* no blanks at the line's end */
		for (char *e = head.s + head.len; e > head.s && e[-1] == ' ';)
			*--e = '\0';
	fprintf(f, "%s\n", head.s);
	sb_release(&head);
	for (int k = 0; k < n->nplayers; k++) {
		const struct view_night_player *p = &n->players[k];
		fprintf(f, "  %-6s ", view_night_place(p, buf, sizeof buf));
		char *name = cut ? fit_cell(p->name, pw, 1) : xstrdup(p->name);
		pad_to(f, name, pw);
		free(name);
		fprintf(f, "  %4d", p->won);
		fprintf(f, "  %3s", view_night_average(p, buf, sizeof buf));
		struct strbuf row = {0};
		for (int gi = from; gi < to; gi++)
			if (n->games[gi].counts) {
				char nth[24];
				const char *cell = view_night_game_place(p, gi, nth, sizeof nth);
				int pad = game_width(n, gi, ids) - utf8_width(cell);
				sb_printf(&row, "  %s%*s", cell, pad > 0 ? pad : 0, "");
			}
		/* no blanks at the line's end */
		while (row.len && row.s[row.len - 1] == ' ')
			row.s[--row.len] = '\0';
		fprintf(f, "%s\n", row.len ? row.s : "");
		sb_release(&row);
	}
}

/* The standings: on a terminal of width columns (0: no limit) the names
 * are cut to a quarter of it (at least 6), the games are headed by their
 * numbers when their titles do not fit, and they come in blocks of
 * whole columns when even those do not. */
static void
standings(FILE *f, const struct view_night *n, int width)
{
	int pw = (int)strlen("player");
	for (int k = 0; k < n->nplayers; k++)
		pw = utf8_width(n->players[k].name) > pw ? utf8_width(n->players[k].name) : pw;
	int cut = width > 0 && pw > (width / 4 > 6 ? width / 4 : 6);
	if (cut)
		pw = width / 4 > 6 ? width / 4 : 6;
	int fixed = 2 + 6 + 1 + pw + 6 + 5, ids = 0, all = fixed;
	for (int gi = 0; gi < n->ngames; gi++)
		all += n->games[gi].counts ? 2 + game_width(n, gi, 0) : 0;
	ids = width > 0 && all > width;
	fprintf(f, "standings:\n");
	int from = 0;
	do {
		int to = from, w = fixed;
		while (to < n->ngames && (!n->games[to].counts || width <= 0 || to == from ||
		    w + 2 + game_width(n, to, ids) <= width)) {
			w += n->games[to].counts ? 2 + game_width(n, to, ids) : 0;
			to++;
		}
		if (from > 0)
			fputc('\n', f);
		standings_block(f, n, pw, cut, ids, from, to);
		from = to;
	} while (from < n->ngames);
}

void
view_night_print_text(FILE *f, const struct view_night *n)
{
	int width = text_columns(f);
	game_lines(f, n, width);
	for (int gi = 0; gi < n->ngames; gi++)
		if (n->games[gi].sitting)
			fit_wrapf(f, width, "    ", "  %s %s", n->games[gi].title, n->games[gi].sitting);
	char *detail, *champ = view_night_champion(n, &detail);
	if (champ) {
		fit_wrapf(f, width, "  ", "%s %s, %s (%s)", view_night_final(n) ? "champion:" : "leading:", champ,
		    detail, VIEW_NIGHT_CHAMPION_RULE);
	}
	free(champ);
	free(detail);
	if (n->nplayers > 0)
		standings(f, n, width);
	if (n->nhighlights)
		fprintf(f, "highlights:\n");
	for (int k = 0; k < n->nhighlights; k++)
		fit_wrapf(f, width, "    ", "  %s: %s", n->games[n->highlights[k].game].title, n->highlights[k].text);
	const struct view_night_settle *s = &n->settle;
	if (s->ngames || s->skipped) {
		struct strbuf sb = {0};
		sb_add(&sb, "settle up:");
		for (int i = 0; i < s->ngames; i++)
			sb_printf(&sb, "%s %s", i ? "," : "", s->games[i]);
		fit_wrap(f, sb.s, width, "  ");
		sb_release(&sb);
	}
	for (int i = 0; i < s->npay; i++) {
		char m[32];
		settle_money(s->pay[i].cents, m, sizeof m);
		fit_wrapf(f, width, "    ", "  %s pays %s %s", s->pay[i].from, s->pay[i].to, m);
	}
	if (s->ngames && s->npay == 0)
		fprintf(f, "  everyone is square\n");
	if (s->carried)
		fit_wrapf(f, width, "    ", "  carried: %s", s->carried);
	if (s->skipped)
		fit_wrapf(f, width, "    ", "  not settled: %s", s->skipped);
}
