/* SPDX-License-Identifier: ISC */
/* view.c: the view of a game, built once from its replayed state by
 * walking what the game declares (see view.h). */
#include "view.h"

#include "when.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "util.h"
#include "sides.h"
#include "state.h"

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* What st's game calls the highlight of the column with this key, or
 * NULL (struct highlight). */
static const char *
highlight_of(const struct game_state *st, const char *key)
{
	for (const struct highlight *h = st->rules->view.highlights; h && h->key; h++)
		if (strcmp(h->key, key) == 0)
			return h->words;
	return NULL;
}

/* The worth of one of a line's counts under st's options: per, or the
 * value of per_option (cents for COUNTS_MONEY, else points). */
static long
line_worth(const struct game_state *st, enum column_counts counts, const char *per_option, long per)
{
	if (per_option == NULL)
		return per;
	return counts == COUNTS_MONEY ? options_money(&st->opts, per_option) : options_int(&st->opts, per_option, per);
}

/* A line of the view for game column col: its declaration and its values
 * now. */
static void
foot_line(struct view_line *l, const struct game_state *st, const struct column *col)
{
	const char *const *al = st->rules->view.across_labels;
	l->key = col->key;
	l->label = col->label;
	l->kind = col->kind;
	l->place = col->place;
	l->across = col->across;
	l->across_label = col->place == SHEET_ACROSS && al && col->across > 0 ? al[col->across - 1] : NULL;
	l->highlight = highlight_of(st, col->key);
	l->counts = col->counts;
	l->per = line_worth(st, col->counts, col->per_option, col->per);
	l->v = xcalloc((size_t)st->nplayers, sizeof *l->v);
	for (int i = 0; i < st->nplayers; i++)
		l->v[i] = col->value(st, i);
}

/* The declaration of hand column c as a line (no values). */
static void
hand_line_decl(struct view_line *l, const struct game_state *st, int c)
{
	const struct hand_column *hc = &st->rules->view.hand_columns[c];
	const char *const *al = st->rules->view.across_labels;
	l->key = hc->key;
	l->label = hc->label;
	l->kind = hc->kind;
	l->place = hc->place;
	l->across = hc->across;
	l->across_label = hc->place == SHEET_ACROSS && al && hc->across > 0 ? al[hc->across - 1] : NULL;
	l->highlight = highlight_of(st, hc->key);
	l->counts = hc->counts;
	l->per = line_worth(st, hc->counts, hc->per_option, hc->per);
	l->v = NULL;
}

/* What seat i held when the game started, or a late arrival when they
 * sat down (the ledger's opening moves: hand 0, or the buy-in). */
static long
opening_chips(const struct game_state *st, int i)
{
	long sum = 0;
	int late = st->p[i].joined > 0;
	for (int m = 0; st->ledger && m < st->ledger->nmoves && (late || st->ledger->moves[m].hand == 0); m++) {
		const struct ledger_move *x = &st->ledger->moves[m];
		if (x->from == LEDGER_OUTSIDE && (x->to == LEDGER_BANK(i) || x->to == LEDGER_PILE(i)))
			sum += x->amount;
	}
	return sum;
}

static void
build_players(struct view *v, const struct game_state *st)
{
	v->players = xcalloc((size_t)st->nplayers, sizeof *v->players);
	for (int i = 0; i < st->nplayers; i++) {
		const struct player_state *p = &st->p[i];
		struct view_player *vp = &v->players[i];
		vp->name = xstrdup(p->name);
		vp->sub = st->sub ? dup_or_null(st->sub[i]) : NULL;
		vp->total = p->total;
		vp->measure = state_measure(st, i);
		vp->start = opening_chips(st, i);
		vp->out = p->out;
		vp->out_order = p->out_order;
		vp->out_by = p->out_by;
		vp->winner = (st->over || st->closed) && p->winner;
		vp->rank = p->rank;
		vp->joined = p->joined;
		vp->joined_with = p->joined_with;
	}
}

/* The hand lines st shows: their indexes in rules->view.hand_columns into
 * cols (caller frees), their number returned. */
static int
shown_hand_columns(const struct game_state *st, int **cols)
{
	int n = 0, all = rules_hand_columns(st->rules);
	*cols = xcalloc((size_t)(all ? all : 1), sizeof **cols);
	for (int c = 0; c < all; c++)
		if (state_hand_column_shown(st, c))
			(*cols)[n++] = c;
	return n;
}

/* n zeroed bytes of *p, and a copy of s (NULL: NULL) there: a hand's
 * arrays and strings, freed with the view at once (a view of a thousand
 * hands made ten thousand allocations, and as many frees). */
static void *
pool_zero(struct pool **p, size_t n)
{
	return memset(pool_alloc(p, n ? n : 1), 0, n ? n : 1);
}

static char *
pool_dup(struct pool **p, const char *s)
{
	if (s == NULL)
		return NULL;
	size_t n = strlen(s) + 1;
	return memcpy(pool_alloc(p, n), s, n);
}

static void
build_hands(struct view *v, const struct game_state *st, int first)
{
	int *cols, nc = shown_hand_columns(st, &cols), np = st->nplayers;

	v->nhand_lines = nc;
	v->hand_lines = xcalloc((size_t)(nc ? nc : 1), sizeof *v->hand_lines);
	for (int k = 0; k < nc; k++)
		hand_line_decl(&v->hand_lines[k], st, cols[k]);
	v->nhands = st->nhands;
	v->hands = xcalloc((size_t)(st->nhands ? st->nhands : 1), sizeof *v->hands);
	/* the running measure carried from hand to hand: asking
	 * state_hand_measure() for each hand sums every hand before it again,
	 * O(hands^2) for a game's view */
	int running_points = state_measure_points(st);
	long *run = xcalloc((size_t)(np ? np : 1), sizeof *run);
	/* the hands left out: the running totals before the first one kept
	 * are the totals now less the points of the hands kept */
	v->first = first;
	for (int i = 0; first > 0 && i < np; i++) {
		run[i] = st->p[i].total;
		for (int h = first; h < st->nhands; h++)
			run[i] -= st->hands[h].points[i];
	}
	/* The hands a checkpoint gave (core/checkpoint.h) keep their points,
	 * details and notes in the state's pool, and nothing changes them
	 * after: the view takes a share of that pool (pool_share) and points
	 * at them, where a copy of each made a long game's view cost more a
	 * hand than the row it prints.  Not in a game with a late arrival,
	 * whose seats before the join are empty in the view, not in the
	 * state. */
	int shared = st->pool ? st->pool_hands : 0;
	for (int i = 0; i < np; i++)
		if (st->p[i].joined > 0)
			shared = 0;
	int own = shared > first ? shared : first; /* the first hand copied */
	if (shared > first)
		v->shared = pool_share(st->pool);
	/* the hands' arrays, each one block for every hand (np values a
	 * hand): a thousand hands are three allocations, not three thousand */
	long *held = pool_alloc(&v->pool, (size_t)(st->nhands - first) * (size_t)np * sizeof *held);
	long *points = pool_alloc(&v->pool, (size_t)(st->nhands - own) * (size_t)np * sizeof *points);
	char **detail = pool_alloc(&v->pool, (size_t)(st->nhands - own) * (size_t)np * sizeof *detail);
	for (int h = first; h < st->nhands; h++) {
		const struct hand_record *hr = &st->hands[h];
		struct view_hand *vh = &v->hands[h];
		int copy = h >= own;
		vh->n = h + 1;
		vh->held = held + (size_t)(h - first) * (size_t)np;
		vh->points = copy ? points + (size_t)(h - own) * (size_t)np : hr->points;
		vh->detail = copy ? detail + (size_t)(h - own) * (size_t)np : hr->detail;
		for (int i = 0; i < np; i++) {
			if (h + 1 < st->p[i].joined) {
				/* a late arrival's seat before they sat down */
				vh->points[i] = vh->held[i] = COLUMN_NONE;
				vh->detail[i] = NULL;
				continue;
			}
			if (h + 1 == st->p[i].joined)
				run[i] = st->p[i].start;
			if (copy) {
				vh->points[i] = hr->points[i];
				vh->detail[i] = hr->detail ? pool_dup(&v->pool, hr->detail[i]) : NULL;
			}
			run[i] += hr->points[i];
			vh->held[i] = running_points ? run[i] : state_hand_measure(st, h, i);
		}
		vh->nlines = nc;
		vh->lines = pool_zero(&v->pool, (size_t)(nc ? nc : 1) * sizeof *vh->lines);
		for (int k = 0; k < nc; k++) {
			vh->lines[k] = v->hand_lines[k];   /* the declaration, worked out once */
			vh->lines[k].v = pool_zero(&v->pool, (size_t)np * sizeof *vh->lines[k].v);
			for (int i = 0; i < np; i++)
				vh->lines[k].v[i] = h + 1 < st->p[i].joined ? COLUMN_NONE : state_hand_get(st, hr, cols[k], i);
		}
		vh->note = copy ? pool_dup(&v->pool, hr->note) : hr->note;
		vh->sheet_note = copy ? pool_dup(&v->pool, hr->sheet_note) : hr->sheet_note;
		vh->pot = hr->pot;
	}
	free(run);
	free(cols);
}

static void
build_foot(struct view *v, const struct game_state *st)
{
	int n = 0;
	for (const struct column *c = st->rules->view.columns; c && c->key; c++)
		n++;
	v->foot = xcalloc((size_t)(n ? n : 1), sizeof *v->foot);
	for (const struct column *c = st->rules->view.columns; c && c->key; c++)
		if (state_column_shown(st, c))
			foot_line(&v->foot[v->nfoot++], st, c);
}

/* Each grid (struct column_grid): a row per listed column st shows,
 * COLUMN_NONE as 0 as SPEC section 4 has it; a grid with no column shown
 * is left out. */
static void
build_grids(struct view *v, const struct game_state *st)
{
	int n = 0;
	for (const struct column_grid *g = st->rules->view.grids; g && g->key; g++)
		n++;
	v->grids = xcalloc((size_t)(n ? n : 1), sizeof *v->grids);
	for (const struct column_grid *g = st->rules->view.grids; g && g->key; g++) {
		int nr = 0;
		for (const char *const *k = g->columns; *k; k++)
			nr++;
		const struct column *first = state_column(st, g->columns[0]);
		if (nr == 0 || first == NULL || st->nplayers == 0)
			continue;
		struct view_grid *vg = &v->grids[v->ngrids++];
		vg->key = g->key;
		vg->nrows = nr;
		vg->rows = xcalloc((size_t)nr, sizeof *vg->rows);
		for (int r = 0; r < nr; r++) {
			const struct column *c = state_column(st, g->columns[r]);
			/* a row whose column is not shown now is empty */
			vg->rows[r] = c ? xcalloc((size_t)st->nplayers, sizeof **vg->rows) : NULL;
			for (int i = 0; c && i < st->nplayers; i++) {
				long x = c->value(st, i);
				vg->rows[r][i] = x == COLUMN_NONE ? 0 : x;
			}
		}
	}
}

/* Split the game's notes (lines ended by '\n') into v->notes. */
static void
build_notes(struct view *v, const struct game_state *st)
{
	struct strbuf sb = {0};
	rules_notes(st, &sb);
	char *all = sb_take(&sb);
	for (char *s = all; s && *s;) {
		char *end = strchr(s, '\n');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		v->notes = xrealloc(v->notes, (size_t)(v->nnotes + 1) * sizeof *v->notes);
		v->notes[v->nnotes++] = xstrndup(s, len);
		s += len + (end != NULL);
	}
	free(all);
}

static void
build_words(struct view *v, const struct game_state *st, const struct view_ref *ref)
{
	v->next = rules_next_text(st);
	v->noptions = st->opts.n;
	v->options = xcalloc((size_t)(st->opts.n ? st->opts.n : 1), sizeof *v->options);
	for (int i = 0; i < st->opts.n; i++) {
		v->options[i].key = xstrdup(st->opts.kv[i].key);
		v->options[i].value = xstrdup(st->opts.kv[i].value);
		v->options[i].set = st->opts.kv[i].set;
	}
	v->rules_words = options_words(st->rules, &st->opts);
	v->nsubs = ref ? ref->nsubs : 0;
	v->subs = xcalloc((size_t)(v->nsubs ? v->nsubs : 1), sizeof *v->subs);
	for (int i = 0; i < v->nsubs; i++) {
		v->subs[i].seat = ref->subs[i].seat;
		v->subs[i].hand = ref->subs[i].hand;
		v->subs[i].name = xstrdup(ref->subs[i].name);
	}
	build_notes(v, st);
}

/* Partnership play (core/sides.h): each side with its partners, total,
 * place and points per hand, in side order. */
static void
build_sides(struct view *v, const struct game_state *st)
{
	for (int k = 0; k < state_nsides(st); k++) {
		int seats[SIDE_SIZE], n = state_side_seats(st, k, seats);
		char name[256];
		view_add_side(v, side_name(st, k, name, sizeof name), seats, n);
		struct view_side *s = &v->sides[v->nsides - 1];
		s->total = side_total(st, k);
		s->rank = side_rank(st, k);
		s->points = xcalloc((size_t)(st->nhands ? st->nhands : 1), sizeof *s->points);
		for (int h = 0; h < st->nhands; h++)
			s->points[h] = side_hand_points(st, h, k);
	}
}

const char *
view_joined_with(const struct view *v, int i, char *buf, size_t size)
{
	static const char *const one[][2] = {
		{ "points", "point" }, { "chips", "chip" }, { "quarters", "quarter" }, { "lives", "life" },
	};
	long n = v->players[i].joined_with;
	const char *word = v->measure_name;
	for (size_t k = 0; n == 1 && k < ARRAY_LEN(one); k++)
		if (strcmp(word, one[k][0]) == 0)
			word = one[k][1];
	char num[GROUPED_MAX];
	snprintf(buf, size, "%s %s", grouped_number(n, 0, num, sizeof num), word);
	return buf;
}

/* The rows a filled pad of st keeps to write the next hands in (SPEC
 * section 7, view.spare_rows): none once the game is over or ended, or
 * where the game has a length (its pad prints every row to the end); a
 * few while a game of no fixed length is open, no more than its blank
 * pad's rows still to come (Chase the Ace's: the most rounds its lives
 * allow) unless it has played them all. */
static int
spare_rows(const struct game_state *st, int blank_rows, int length)
{
	if (st->over || st->closed || length > 0)
		return 0;
	int left = blank_rows - st->nhands;
	return left > 0 && left < VIEW_SPARE_ROWS ? left : VIEW_SPARE_ROWS;
}

struct view *
view_build(const struct game_state *st, const struct view_ref *ref)
{
	return view_build_last(st, ref, st->nhands);
}

struct view *
view_build_last(const struct game_state *st, const struct view_ref *ref, int last)
{
	struct view *v = xcalloc(1, sizeof *v);
	const struct game_rules *r = st->rules;

	v->rules = r;
	v->id = ref ? ref->id : 0;
	v->uid = ref ? dup_or_null(ref->uid) : NULL;
	v->started = ref ? dup_or_null(ref->started) : NULL;
	v->play_minutes = when_sittings(v->started, ref ? ref->recorded : NULL, ref && ref->recorded ? ref->nrecorded : 0);
	v->note = ref ? dup_or_null(ref->note) : NULL;
	v->title = xstrdup(rules_title(r, &st->opts));
	v->table_name = xstrdup(rules_table_name(r, &st->opts));
	v->titled = rules_table_name(r, &st->opts) != r->name;
	v->game = r->name;
	v->hand_word = r->words.hand_word;
	v->over = st->over;
	v->closed = st->closed;
	v->status = standings_status(st);
	v->dealer = st->dealer;
	v->scores_points = state_scores_points(st);
	v->lowest_best = state_scoring(st) == SCORING_LOW;
	v->measure_points = state_measure_points(st);
	v->out_of_game = r->score.out_scope == OUT_OF_GAME;
	v->show_detail = r->view.show_detail;
	v->measure_name = state_measure_name(st);
	v->chips_name = rules_chips_name(r);
	v->has_pot = st->ledger != NULL; /* stakes: the ledger's pot */
	v->pot_name = rules_pot_name(r);
	v->pot = st->pot;
	v->nplayers = st->nplayers;
	v->across_labels = r->view.across_labels;
	v->sheet_note_label = rules_note_label(r, &st->opts);
	v->running_label = r->sheet.running_label;
	v->blank_rows = rules_sheet_rows(r, &st->opts, st->nplayers);
	v->length = rules_length(r, &st->opts);
	v->spare_rows = spare_rows(st, v->blank_rows, v->length);
	v->layout_rows = rules_layout_shape(r, &st->opts, &v->layout_cols);
	build_players(v, st);
	build_hands(v, st, last < 0 ? st->nhands : last < st->nhands ? st->nhands - last : 0);
	build_foot(v, st);
	build_grids(v, st);
	build_words(v, st, ref);
	build_sides(v, st);
	return v;
}

struct view *
view_build_players(const struct game_state *st)
{
	struct view *v = xcalloc(1, sizeof *v);
	v->rules = st->rules;
	v->over = st->over;
	v->closed = st->closed;
	v->scores_points = state_scores_points(st);
	v->nplayers = st->nplayers;
	build_players(v, st);
	build_hands(v, st, 0);
	build_foot(v, st);
	build_sides(v, st);
	return v;
}

static void
line_free(struct view_line *l)
{
	free(l->v);
}

void
view_free(struct view *v)
{
	if (v == NULL)
		return;
	for (int i = 0; i < v->nplayers; i++) {
		free(v->players[i].name);
		free(v->players[i].sub);
	}
	free(v->players);
	for (int s = 0; s < v->nsides; s++) {
		free(v->sides[s].name);
		free(v->sides[s].seats);
		free(v->sides[s].points);
	}
	free(v->sides);
	pool_free(v->pool);  /* every hand's arrays and strings */
	pool_free(v->shared);
	free(v->hands);
	free(v->hand_lines);
	for (int k = 0; k < v->nfoot; k++)
		line_free(&v->foot[k]);
	free(v->foot);
	for (int g = 0; g < v->ngrids; g++) {
		for (int r = 0; r < v->grids[g].nrows; r++)
			free(v->grids[g].rows[r]);
		free(v->grids[g].rows);
	}
	free(v->grids);
	for (int i = 0; i < v->nnotes; i++)
		free(v->notes[i]);
	free(v->notes);
	for (int i = 0; i < v->nsubs; i++)
		free(v->subs[i].name);
	free(v->subs);
	for (int i = 0; i < v->noptions; i++) {
		free(v->options[i].key);
		free(v->options[i].value);
	}
	free(v->options);
	free(v->rules_words);
	free(v->next);
	free(v->title);
	free(v->table_name);
	free(v->uid);
	free(v->started);
	free(v->note);
	free(v);
}

void
view_add_side(struct view *v, const char *name, const int *seats, int n)
{
	v->sides = xrealloc(v->sides, (size_t)(v->nsides + 1) * sizeof *v->sides);
	struct view_side *s = &v->sides[v->nsides++];
	s->name = xstrdup(name);
	s->nseats = n;
	s->seats = xcalloc((size_t)(n ? n : 1), sizeof *s->seats);
	s->total = 0;
	s->rank = 0;
	s->points = NULL;
	if (n > 0)
		memcpy(s->seats, seats, (size_t)n * sizeof *seats);
}

int
view_abandoned(const struct view *v)
{
	return v->closed == GAME_ABANDONED && !v->over;
}

int
view_ended_unplayed(const struct view *v)
{
	return v->closed == GAME_ENDED_EARLY && !v->over && v->nhands == 0;
}

int
view_no_places(const struct view *v)
{
	/* with no hand played nobody is ahead of anybody: a place would be
	 * every player's "1" and say nothing */
	return view_abandoned(v) || v->nhands == 0;
}

const char *
view_foot_label(const struct view_line *l, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", l->across_label ? l->across_label : "", l->across_label ? " " : "",
	    l->label ? l->label : l->key);
	return buf;
}

int
view_line_empty(const struct view_line *l, int n)
{
	for (int i = 0; i < n; i++)
		if (l->v[i] != COLUMN_NONE)
			return 0;
	return 1;
}

const char *
view_ordinal(int n, char *buf, size_t size)
{
	static const char *const nth[] = { "th", "st", "nd", "rd" };
	snprintf(buf, size, "%d%s", n, nth[n % 10 < 4 && (n % 100) / 10 != 1 ? n % 10 : 0]);
	return buf;
}

const char *
view_number(long v, char *buf, size_t size)
{
	return grouped_number(v, 0, buf, size);
}
