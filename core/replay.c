/* SPDX-License-Identifier: ISC */
/* replay.c: game state, applying entries and replaying a game (rules.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "rules.h"
#include "sides.h"
#include "state.h"
#include "suggest.h"
#include "util.h"

void
rules_player_range(const struct game_rules *r, char *buf, size_t size)
{
	if (r->min_players == r->max_players)
		snprintf(buf, size, "%d player%s", r->min_players, plural_s(r->min_players));
	else
		snprintf(buf, size, "%d to %d players", r->min_players, r->max_players);
}

char *
rules_players_refused(const struct game_rules *r, int n)
{
	char range[64];
	rules_player_range(r, range, sizeof range);
	return xasprintf("%s is for %s, not %d%s%s", r->title, range, n, r->players_rule ? ": " : "",
	    r->players_rule ? r->players_rule : "");
}

const struct game_rules *
rules_find(const char *name)
{
	const struct game_rules *found = NULL;
	int count = 0;
	for (int i = 0; rules_registry[i]; i++)
		if (str_ieq(rules_registry[i]->name, name))
			return rules_registry[i];
	for (int i = 0; rules_registry[i]; i++) {
		if (str_iprefix(name, rules_registry[i]->name)) {
			found = rules_registry[i];
			count++;
		}
	}
	return count == 1 ? found : NULL;
}

const char *
rules_pot_name(const struct game_rules *rules)
{
	return rules->words.pot_name ? rules->words.pot_name : "pot";
}

enum scoring
rules_scoring(const struct game_rules *rules)
{
	return rules->score.scoring; /* the one reader of the declaration */
}

const struct game_rules *
rules_club_pad(void)
{
	for (int i = 0; rules_registry[i]; i++)
		if (rules_registry[i]->club_pads)
			return rules_registry[i];
	return NULL;
}

enum status
rules_sub_check(const struct game_rules *r, const char *game, char *const *names, int n, char *const *sub_names,
    const int *sub_seats, int nsubs, int seat, const char *who, int hand, int nhands, struct diag *d)
{
	if (!r->substitutes)
		return diag_set(d, ST_RULE, NULL, r->name, "substitutes",
		    "%s does not allow substitutes: each score is one person's own play or stake ('tally rules %s')",
		    r->title, r->name);
	if (seat < 0)
		return ST_OK;
	if (seat >= n)
		return diag_set(d, ST_RULE, NULL, NULL, "substitutes", "%s has no seat %d", game, seat + 1);
	if (hand < 1 || hand > nhands + 1)
		return diag_set(d, ST_RULE, who, NULL, "substitutes",
		    "%s starts at %s %d, but %s has %d: a substitute plays from the next %s on", who, r->words.hand_word,
		    hand, game, nhands, r->words.hand_word);
	const char *now = names[seat];
	for (int i = 0; i < n + nsubs; i++) {
		const char *other = i < n ? names[i] : sub_names[i - n];
		int at = i < n ? i : sub_seats[i - n];
		if (at == seat && i >= n)
			now = other;
		if (at != seat && names_eq(other, who))
			return diag_set(d, ST_RULE, other, other, "player identity",
			    "%s already plays another seat of %s; one person plays one seat", other, game);
	}
	if (names_eq(now, who))
		return diag_set(d, ST_USAGE, now, now, "player", "%s already plays that seat", now);
	return ST_OK;
}

enum status
rules_pad_name_check(const char *name, struct diag *d)
{
	size_t n = strlen(name);
	int ok = n >= 1 && n <= 30 && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z'));
	for (size_t i = 0; ok && i < n; i++)
		ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9') || name[i] == '-' || name[i] == '_';
	if (!ok)
		return diag_set(d, ST_USAGE, NULL, name, "pad name",
		    "a pad's name is 1 to 30 letters, digits, '-' or '_', starting with a letter, not '%s'", name);
	const struct game_rules *r = rules_find(name);
	if (r != NULL)
		return diag_set(d, ST_USAGE, NULL, name, "pad name",
		    "'%s' would be taken for the built-in game %s; choose another name", name, r->name);
	return ST_OK;
}

enum status
rules_pad_settings_check(char *const *settings, int n, struct diag *d)
{
	const struct game_rules *pad = rules_club_pad();
	struct optset os = {0};
	enum status rc;
	for (int i = 0; i < n; i++)
		if (strchr(settings[i], '\n'))
			return diag_set(d, ST_USAGE, NULL, settings[i], "usage", "a setting is one line");
	if (pad == NULL)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "score pad", "internal error: no score pad game");
	rc = options_build(pad, pad->min_players, settings, n, &os, d);
	options_release(&os);
	return rc;
}

const char *
rules_ledger_unit(const struct game_rules *rules)
{
	return rules->words.ledger_unit ? rules->words.ledger_unit : rules_chips_name(rules);
}

const char *
rules_chips_name(const struct game_rules *rules)
{
	if (rules->words.chips_name)
		return rules->words.chips_name;
	return rules_scoring(rules) == SCORING_LIVES ? "lives" : "chips";
}

int
state_ranks_by_chips(const struct game_state *st)
{
	return st->ledger != NULL && !st->ledger->allow_negative;
}

enum scoring
state_scoring(const struct game_state *st)
{
	const char *dir = st->rules->score.direction_option;
	if (dir && options_is(&st->opts, dir, "high"))
		return SCORING_HIGH;
	if (dir && options_is(&st->opts, dir, "low"))
		return SCORING_LOW;
	return rules_scoring(st->rules);
}

int
rules_has_column(const struct game_rules *r, const char *key)
{
	for (const struct column *c = r->view.columns; c && c->key; c++)
		if (strcmp(c->key, key) == 0)
			return 1;
	return 0;
}

const struct column *
state_column(const struct game_state *st, const char *key)
{
	for (const struct column *c = st->rules->view.columns; c && c->key; c++)
		if (strcmp(c->key, key) == 0)
			return c->shown && !c->shown(st) ? NULL : c;
	return NULL;
}

long state_chips(const struct game_state *st, int seat) { return st->p[seat].held; }
long state_bank(const struct game_state *st, int seat) { return st->p[seat].bank; }
long state_pile(const struct game_state *st, int seat) { return st->p[seat].pile; }
long state_lives(const struct game_state *st, int seat) { return st->p[seat].lives; }

int
state_measure_points(const struct game_state *st)
{
	return state_scores_points(st) && !state_ranks_by_chips(st);
}

const char *
state_measure_name(const struct game_state *st)
{
	return state_measure_points(st) ? "points" : rules_chips_name(st->rules);
}

long
state_measure(const struct game_state *st, int seat)
{
	if (state_measure_points(st))
		return st->p[seat].total;
	return state_scoring(st) == SCORING_LIVES ? st->p[seat].lives : st->p[seat].held;
}

long
state_hand_measure(const struct game_state *st, int h, int seat)
{
	if (h + 1 < st->p[seat].joined)  /* a late arrival, before they sat down */
		return st->p[seat].joined_with;
	if (!state_measure_points(st))
		return st->hands[h].held ? st->hands[h].held[seat] : 0;
	long v = st->p[seat].start;
	for (int k = 0; k <= h && k < st->nhands; k++)
		v += st->hands[k].points[seat];
	return v;
}

int
state_has_pot(const struct game_state *st)
{
	return st->ledger != NULL;
}

int
state_has_chips(const struct game_state *st)
{
	return st->ledger != NULL && state_scoring(st) != SCORING_LIVES;
}

int
state_has_lives(const struct game_state *st)
{
	return state_scoring(st) == SCORING_LIVES;
}

int
state_no_points(const struct game_state *st)
{
	return !state_scores_points(st);
}

const struct game_rules *
rules_lookup(const char *name, struct diag *d)
{
	const struct game_rules *r = rules_find(name);
	const char *names[64];
	int n = 0, prefixed = 0;
	if (r)
		return r;
	for (int i = 0; rules_registry[i] && n < (int)ARRAY_LEN(names); i++) {
		names[n++] = rules_registry[i]->name;
		prefixed += *name && str_iprefix(name, rules_registry[i]->name);
	}
	const char *near = suggest_nearest(name, names, n);
	if (prefixed > 1)
		diag_set(d, ST_USAGE, NULL, name, "game", "'%s' could be more than one game; 'tally games' lists them",
		    name);
	else if (near)
		diag_set(d, ST_NOINPUT, NULL, name, "game", "no game '%s'; did you mean %s?", name, near);
	else
		diag_set(d, ST_NOINPUT, NULL, name, "game", "no game '%s'; 'tally games' lists them", name);
	return NULL;
}

const char *
rules_title(const struct game_rules *rules, const struct optset *o)
{
	const char *t = o && options_find(rules, "title") ? options_get(o, "title") : NULL;
	return t ? t : rules->title;
}

const char *
rules_table_name(const struct game_rules *rules, const struct optset *o)
{
	const char *t = o && options_find(rules, "title") ? options_get(o, "title") : NULL;
	return t ? t : rules->name;
}

struct game_state *
state_new(const struct game_rules *rules, char *const *names, int n,
    const struct optset *opts, int dealer, struct diag *d)
{
	struct game_state *st = xcalloc(1, sizeof *st);
	st->rules = rules;
	st->nplayers = n;
	st->p = xcalloc((size_t)n, sizeof *st->p);
	for (int i = 0; i < n; i++)
		st->p[i].name = xstrdup(names[i]);
	if (opts)
		options_copy(&st->opts, opts);
	st->dealer = dealer >= 0 && dealer < n ? dealer : 0;
	st->first_dealer = st->dealer;
	if (rules_init(st, d) != ST_OK) {
		state_free(st);
		return NULL;
	}
	state_sync_ledger(st);
	return st;
}

/* Free what one hand record owns. */
static void
free_hand(struct hand_record *hr, int nplayers)
{
	for (int i = 0; i < nplayers; i++)
		free(hr->detail ? hr->detail[i] : NULL);
	if (!hr->one_block) {
		free(hr->detail);
		free(hr->held);
		free(hr->cols);
		free(hr->label);
	}
	free(hr->points);
	free(hr->note);
	free(hr->sheet_note);
}

void
state_free(struct game_state *st)
{
	if (st == NULL)
		return;
	for (int h = st->pool_hands; h < st->nhands; h++)
		free_hand(&st->hands[h], st->nplayers);
	free(st->hands);
	for (int h = st->pool_hands; h < st->nentries; h++)
		free(st->entries[h]);
	pool_free(st->pool);
	free(st->entries);
	for (int i = 0; i < st->nplayers; i++)
		free(st->p[i].name);
	free(st->p);
	rules_free_priv(st);
	options_release(&st->opts);
	for (int i = 0; st->sub && i < st->nplayers; i++)
		free(st->sub[i]);
	free(st->sub);
	if (st->ledger) {
		ledger_release(st->ledger);
		free(st->ledger);
	}
	free(st);
}

/* Hand h's per-seat arrays of st (n seats) with room for one more seat,
 * empty: the hands before a late arrival have no cell for it. */
static void
grow_hand(const struct game_state *st, struct hand_record *hr, int n)
{
	int ncols = rules_hand_columns(st->rules);
	if (hr->one_block) {
		/* each array a heap block of its own, to grow */
		long *block = hr->points;
		hr->points = xmemdup(hr->points, sizeof *hr->points * (size_t)n);
		hr->held = xmemdup(hr->held, sizeof *hr->held * (size_t)n);
		hr->cols = hr->cols ? xmemdup(hr->cols, sizeof *hr->cols * (size_t)ncols * (size_t)n) : NULL;
		hr->detail = xmemdup(hr->detail, sizeof *hr->detail * (size_t)n);
		hr->label = xstrdup(hr->label);
		hr->one_block = 0;
		free(block);
	}
	hr->points = xrealloc(hr->points, sizeof *hr->points * (size_t)(n + 1));
	hr->points[n] = 0;
	hr->detail = xrealloc(hr->detail, sizeof *hr->detail * (size_t)(n + 1));
	hr->detail[n] = NULL;
	hr->held = xrealloc(hr->held, sizeof *hr->held * (size_t)(n + 1));
	hr->held[n] = 0;
	if (hr->cols && ncols > 0) {
		/* [c * nplayers + seat]: laid out again for n + 1 seats */
		long *cols = xmalloc(sizeof *cols * (size_t)ncols * (size_t)(n + 1));
		for (int c = 0; c < ncols; c++) {
			memcpy(&cols[c * (n + 1)], &hr->cols[c * n], sizeof *cols * (size_t)n);
			cols[c * (n + 1) + n] = COLUMN_NONE;
		}
		free(hr->cols);
		hr->cols = cols;
	}
}

/* The worst total of the seats still in (all seats when none is): the
 * highest where low wins, else the lowest. */
static long
worst_total(const struct game_state *st)
{
	int low = state_scoring(st) != SCORING_HIGH, any = 0;
	long worst = 0;
	for (int pass = 0; pass < 2 && !any; pass++)
		for (int i = 0; i < st->nplayers; i++) {
			if (pass == 0 && st->p[i].out)
				continue;
			long t = st->p[i].total;
			if (!any || (low ? t > worst : t < worst))
				worst = t;
			any = 1;
		}
	return worst;
}

/* Give st heap copies of the hand records and entries a checkpoint put
 * in its pool (core/checkpoint.h), so that they can grow like any other;
 * the pool stays, for the ledger's reasons. */
static void
state_unpool(struct game_state *st)
{
	int n = st->nplayers, ncols = rules_hand_columns(st->rules);
	for (int h = 0; h < st->pool_hands; h++) {
		struct hand_record *hr = &st->hands[h];
		hr->points = xmemdup(hr->points, sizeof *hr->points * (size_t)n);
		hr->held = hr->held ? xmemdup(hr->held, sizeof *hr->held * (size_t)n) : NULL;
		char **detail = xcalloc((size_t)n, sizeof *detail);
		for (int i = 0; i < n; i++)
			detail[i] = hr->detail && hr->detail[i] ? xstrdup(hr->detail[i]) : NULL;
		hr->detail = detail;
		hr->cols = hr->cols ? xmemdup(hr->cols, sizeof *hr->cols * (size_t)ncols * (size_t)n) : NULL;
		hr->label = hr->label ? xstrdup(hr->label) : NULL;
		hr->note = hr->note ? xstrdup(hr->note) : NULL;
		hr->sheet_note = hr->sheet_note ? xstrdup(hr->sheet_note) : NULL;
		hr->one_block = 0;
		st->entries[h] = xstrdup(st->entries[h]);
	}
	st->pool_hands = 0;
}

enum status
state_join(struct game_state *st, const char *name, int hand, long total, struct diag *d)
{
	const char *reason;
	state_unpool(st);
	enum join_kind kind = rules_join(st->rules, &st->opts, &reason);
	int n = st->nplayers;
	if (kind == JOIN_REFUSED)
		return diag_set(d, ST_RULE, name, NULL, "late arrival", "%s takes no late arrival: %s",
		    rules_title(st->rules, &st->opts), reason);
	long start = kind != JOIN_TOTAL ? 0 : total != JOIN_BY_RULE ? total : worst_total(st);
	for (int h = 0; h < st->nhands; h++)
		grow_hand(st, &st->hands[h], n);
	st->p = xrealloc(st->p, sizeof *st->p * (size_t)(n + 1));
	memset(&st->p[n], 0, sizeof st->p[n]);
	st->p[n].name = xstrdup(name);
	st->p[n].joined = hand;
	st->p[n].total = st->p[n].start = start;
	if (st->sub) {
		st->sub = xrealloc(st->sub, sizeof *st->sub * (size_t)(n + 1));
		st->sub[n] = NULL;
	}
	if (st->ledger)
		ledger_add_seat(st->ledger);
	st->nplayers = n + 1;
	enum status rc = rules_seat_newcomer(st, n, hand, d);
	if (rc == ST_OK && st->ledger && (rc = ledger_check(st->ledger, d)) == ST_OK)
		state_sync_ledger(st);
	st->p[n].joined_with = state_measure(st, n);
	rules_rank(st);
	return rc;
}

void
state_set_sub(struct game_state *st, int seat, const char *name)
{
	if (st->sub == NULL)
		st->sub = xcalloc((size_t)st->nplayers, sizeof *st->sub);
	free(st->sub[seat]);
	st->sub[seat] = name ? xstrdup(name) : NULL;
}

const char *
state_playing(const struct game_state *st, int seat)
{
	return st->sub && st->sub[seat] ? st->sub[seat] : st->p[seat].name;
}

struct ledger *
state_use_ledger(struct game_state *st)
{
	if (st->ledger == NULL) {
		st->ledger = xcalloc(1, sizeof *st->ledger);
		ledger_init(st->ledger, st->nplayers);
	}
	return st->ledger;
}

void
state_sync_ledger(struct game_state *st)
{
	if (st->ledger == NULL)
		return;
	for (int i = 0; i < st->nplayers; i++) {
		st->p[i].bank = ledger_balance(st->ledger, LEDGER_BANK(i));
		st->p[i].pile = ledger_balance(st->ledger, LEDGER_PILE(i));
		st->p[i].held = st->p[i].bank + st->p[i].pile;
		if (state_scoring(st) == SCORING_LIVES) /* the bank holds the lives; a pot won lies apart, in the pile */
			st->p[i].held = st->p[i].lives = (int)st->p[i].bank;
	}
	st->pot = ledger_balance(st->ledger, LEDGER_POT);
}

struct hand_record *
state_add_hand(struct game_state *st, const char *label)
{
	st->hands = xgrow(st->hands, sizeof *st->hands, st->nhands, &st->hands_room);
	struct hand_record *hr = &st->hands[st->nhands++];
	memset(hr, 0, sizeof *hr);
	/* the hand's arrays and label in one block (one_block): a replay
	 * adds a hand record for every hand */
	size_t n = (size_t)st->nplayers, ncols = (size_t)rules_hand_columns(st->rules), size = strlen(label) + 1;
	long *block = xcalloc(1, sizeof *block * (2 + ncols) * n + sizeof *hr->detail * n + size);
	hr->one_block = 1;
	hr->points = block;
	hr->held = block + n;
	if (ncols > 0) {
		hr->cols = block + 2 * n;
		for (size_t k = 0; k < ncols * n; k++)
			hr->cols[k] = COLUMN_NONE;
	}
	hr->detail = (char **)(block + (2 + ncols) * n);
	hr->label = memcpy((char *)(hr->detail + n), label, size);
	return hr;
}

void
state_score(struct game_state *st, struct hand_record *hr, int seat, long pts)
{
	hr->points[seat] += pts;
	st->p[seat].total += pts;
}

int
rules_hand_columns(const struct game_rules *r)
{
	int n = 0;
	while (r->view.hand_columns && r->view.hand_columns[n].key)
		n++;
	return n;
}

int
rules_hand_column(const struct game_rules *r, const char *key)
{
	for (int c = 0; r->view.hand_columns && r->view.hand_columns[c].key; c++)
		if (strcmp(r->view.hand_columns[c].key, key) == 0)
			return c;
	return -1;
}

void
state_hand_set(const struct game_state *st, struct hand_record *hr, int c, int seat, long v)
{
	if (hr->cols && c >= 0 && c < rules_hand_columns(st->rules) && seat >= 0 && seat < st->nplayers)
		hr->cols[c * st->nplayers + seat] = v;
}

long
state_hand_get(const struct game_state *st, const struct hand_record *hr, int c, int seat)
{
	if (hr->cols == NULL || c < 0 || c >= rules_hand_columns(st->rules) || seat < 0 || seat >= st->nplayers)
		return COLUMN_NONE;
	return hr->cols[c * st->nplayers + seat];
}

int
state_scores_points(const struct game_state *st)
{
	enum scoring sc = state_scoring(st);
	return sc == SCORING_LOW || sc == SCORING_HIGH;
}

int
state_column_shown(const struct game_state *st, const struct column *col)
{
	return col->shown == NULL || col->shown(st);
}

int
state_hand_column_shown(const struct game_state *st, int c)
{
	const struct hand_column *hc = &st->rules->view.hand_columns[c];
	return hc->shown == NULL || hc->shown(st);
}

const char *
rules_column_text(enum column_kind kind, long v, char *buf, size_t size)
{
	if (v == COLUMN_NONE)
		snprintf(buf, size, "%s", "");
	else if (kind == COLUMN_FLAG)
		snprintf(buf, size, "%s", v ? "yes" : "no");
	else
		grouped_number(v, 0, buf, size);
	return buf;
}

int
state_last_out(const struct game_state *st)
{
	int last = 0;
	for (int i = 0; i < st->nplayers; i++)
		if (st->p[i].out && st->p[i].out_order > last)
			last = st->p[i].out_order;
	return last;
}

void
state_best_total_wins(struct game_state *st)
{
	int low = state_scoring(st) == SCORING_LOW, k = state_nsides(st);
	if (k > 0) {
		/* partnership play: the best side's partners win */
		long best = side_total(st, 0);
		for (int s = 1; s < k; s++)
			if (low ? side_total(st, s) < best : side_total(st, s) > best)
				best = side_total(st, s);
		for (int i = 0; i < st->nplayers; i++)
			st->p[i].winner = side_total(st, i % k) == best;
		st->over = 1;
		return;
	}
	long best = st->p[0].total;
	for (int i = 1; i < st->nplayers; i++)
		if (low ? st->p[i].total < best : st->p[i].total > best)
			best = st->p[i].total;
	for (int i = 0; i < st->nplayers; i++)
		st->p[i].winner = st->p[i].total == best;
	st->over = 1;
}

int
rules_next_active(const struct game_state *st, int seat)
{
	for (int k = 1; k <= st->nplayers; k++) {
		int s = (seat + k) % st->nplayers;
		if (!st->p[s].out)
			return s;
	}
	return seat;
}

/*
 * A mark: what a hand may change in st, copied before the game's apply so
 * that a refused hand (or table mode's trial of an answer) is put back
 * without replaying the game.  The copy is the per-player state,
 * the game's priv (rules_clone_priv) and the
 * ledger's balances; the hand history is not copied: hands and ledger
 * moves are only ever appended, so putting back cuts them to their old
 * length.
 */
struct mark {
	struct game_state saved;   /* every scalar field as it was */
	struct player_state *p;
	void *priv;
	long *balance, total;
	int nmoves;
};

static void
mark_take(const struct game_state *st, struct mark *m)
{
	size_t n = (size_t)st->nplayers;
	m->saved = *st;
	m->p = xmemdup(st->p, n * sizeof *m->p);
	m->priv = rules_clone_priv(st);
	m->balance = st->ledger ? xmemdup(st->ledger->balance, (2 * n + 1) * sizeof *m->balance) : NULL;
	m->total = st->ledger ? st->ledger->total : 0;
	m->nmoves = st->ledger ? st->ledger->nmoves : 0;
}

/* The game goes on from st: forget the copies. */
static void
mark_drop(const struct game_state *st, struct mark *m)
{
	free(m->p);
	rules_free_clone(st->rules, m->priv);
	free(m->balance);
}

/* Put st back as it was at m (st keeps its hands array and ledger, cut
 * back); m is used up. */
static void
mark_rollback(struct game_state *st, struct mark *m)
{
	struct hand_record *hands = st->hands;
	char **entries = st->entries;
	int nentries = st->nentries;
	struct ledger *l = st->ledger;
	for (int h = m->saved.nhands; h < st->nhands; h++)
		free_hand(&hands[h], st->nplayers);
	for (int h = m->saved.nentries; h < nentries; h++)
		free(entries[h]);
	free(st->p);
	rules_free_priv(st);
	*st = m->saved;
	st->hands = hands;
	st->entries = entries;
	st->p = m->p;
	st->priv = m->priv;
	if (l) {
		memcpy(l->balance, m->balance, (2 * (size_t)st->nplayers + 1) * sizeof *l->balance);
		l->total = m->total;
		l->nmoves = m->nmoves;
	}
	free(m->balance);
}

/* What a player is out of, for messages. */
static const char *
out_word(const struct game_rules *r)
{
	return r->score.out_scope == OUT_OF_DEAL ? "deal" : "game";
}

/* Most tables seat no more: their per-seat scratch arrays of a hand live
 * on the stack (a replay applies every hand of a game). */
#define SMALL_TABLE 16

/* The names of st's seats, in small (SMALL_TABLE long) when they fit,
 * else in a heap array the caller frees. */
static char **
seat_names(const struct game_state *st, char **small)
{
	char **names = st->nplayers <= SMALL_TABLE ? small : xmalloc(sizeof *names * (size_t)st->nplayers);
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	return names;
}

/* Parse argv as an entry of st's game: players by the names of their seats,
 * or else by the substitutes playing them now. */
static enum status
parse_seated(const struct game_state *st, int argc, char *const *argv, struct hand_entry *e,
    struct diag *d)
{
	char *small[SMALL_TABLE], **names = seat_names(st, small);
	/* a seat by its own player's name or by its substitute's, mixed as
	 * the table says them; then every seat by who plays it, so that a
	 * substitute's name may be cut short too */
	enum status rc = entry_parse_seats(argc, argv, st->rules, names, st->sub, st->nplayers, e, d);
	if (rc == ST_NOINPUT && st->sub) {
		struct diag d2 = {0};
		entry_release(e);
		for (int i = 0; i < st->nplayers; i++)
			names[i] = st->sub[i] ? st->sub[i] : st->p[i].name;
		if (entry_parse(argc, argv, st->rules, names, st->nplayers, e, &d2) == ST_OK) {
			diag_clear(d);
			rc = ST_OK;
		}
		diag_clear(&d2);
	}
	if (names != small)
		free(names);
	return rc;
}

/* The first seat still in that e gives no value, or -1 (none, or e
 * gives no value at all: a hand entered by its roles). */
static int
left_out(const struct game_state *st, const struct hand_entry *e)
{
	if (e->nvalues == 0)
		return -1;
	for (int i = 0; i < st->nplayers; i++) {
		int named = 0;
		for (int k = 0; k < e->nvalues && !named; k++)
			named = e->values[k].seat == i;
		if (!named && !st->p[i].out)
			return i;
	}
	return -1;
}

int
rules_entry_left_out(const struct game_state *st, int argc, char *const *argv)
{
	struct hand_entry e;
	struct diag d = {0};
	int seat = parse_seated(st, argc, argv, &e, &d) == ST_OK ? left_out(st, &e) : -1;
	entry_release(&e);
	diag_clear(&d);
	return seat;
}

/* A hand refused as a whole that leaves seat out: name them first
 * (rules_entry_left_out). */
static enum status
name_left_out(const struct game_state *st, int seat, struct diag *d)
{
	const char *name = st->p[seat].name;
	diag_wrap(d, NULL, "%s: left out of this %s (as if %s entered nothing); ", name, st->rules->words.hand_word,
	    name);
	free(d->player);
	d->player = xstrdup(name);
	return d->status;
}

/* Totals change only through state_score(): each seat's total must have
 * moved by exactly the points of the hands the apply added (from hand
 * nhands on; before[] the totals it started from).  A game that wrote a
 * total by itself is a bug: ST_INTERNAL naming the seat. */
static enum status
check_totals(const struct game_state *st, const long *before, int nhands, struct diag *d)
{
	for (int i = 0; i < st->nplayers; i++) {
		long sum = before[i];
		for (int h = nhands; h < st->nhands; h++)
			sum += st->hands[h].points[i];
		if (sum != st->p[i].total)
			return diag_set(d, ST_INTERNAL, st->p[i].name, NULL, "total",
			    "internal error: %s's total %ld is not the sum of the hands' points (%ld)",
			    st->p[i].name, st->p[i].total, sum);
	}
	return ST_OK;
}

/* rules_apply_argv, leaving the mark m taken before the game's apply for
 * the caller to drop or roll back; *marked says whether it was taken.
 * m NULL: no mark (a replay of stored entries, whose state is thrown
 * away if one no longer holds). */
static enum status
apply_marked(struct game_state *st, int argc, char *const *argv, struct warnings *w,
    struct diag *d, struct mark *m, int *marked)
{
	struct hand_entry e;
	*marked = 0;
	enum status rc;

	if (st->over || st->closed)
		return diag_set(d, ST_RULE, NULL, NULL, "game over",
		    "this %s game is over; start a new one with 'tally new %s'",
		    rules_title(st->rules, &st->opts), st->rules->name);
	char *small[SMALL_TABLE], **names = seat_names(st, small);
	rc = parse_seated(st, argc, argv, &e, d);
	if (rc == ST_OK) {
		/* RULES section 0: an eliminated player appears only as a zero line. */
		for (int i = 0; i < e.nvalues; i++) {
			const struct entry_value *v = &e.values[i];
			if (st->p[v->seat].out && !(v->field == NULL && strcmp(v->value, "0") == 0)) {
				rc = diag_set(d, ST_RULE, st->p[v->seat].name, v->value, "player identity",
				    "%s is out of this %s and cannot score again", st->p[v->seat].name,
				    out_word(st->rules));
				break;
			}
		}
		for (int i = 0; rc == ST_OK && i < e.nroles; i++) {
			int s = e.roles[i].seat;
			if (s >= 0 && st->p[s].out)
				rc = diag_set(d, ST_RULE, st->p[s].name, st->p[s].name, "player identity",
				    "%s is out of this %s and cannot be --%s", st->p[s].name,
				    out_word(st->rules), e.roles[i].def->name);
		}
	}
	char *canon = NULL;
	long small_before[SMALL_TABLE], *before = NULL;
	int nhands = st->nhands;
	if (rc == ST_OK) {
		canon = entry_format(&e, names);
		if (m) {
			mark_take(st, m);
			*marked = 1;
		}
		before = st->nplayers <= SMALL_TABLE ? small_before : xmalloc(sizeof *before * (size_t)st->nplayers);
		for (int i = 0; i < st->nplayers; i++)
			before[i] = st->p[i].total;
		int missing = left_out(st, &e);
		rc = st->rules->methods.apply(st, &e, w, d);
		if (rc != ST_OK && rc != ST_INTERNAL && d->player == NULL && missing >= 0)
			rc = name_left_out(st, missing, d);
	}
	entry_release(&e);
	if (names != small)
		free(names);
	if (rc == ST_OK)
		rc = check_totals(st, before, nhands, d);
	if (before != small_before)
		free(before);
	/* The ledger keeps the game honest: the chips still add up, and
	 * nobody holds fewer than none. */
	if (rc == ST_OK && st->ledger) {
		rc = ledger_check(st->ledger, d);
		state_sync_ledger(st);
		for (int i = 0; rc == ST_OK && !st->ledger->allow_negative && i < st->nplayers; i++)
			if (st->p[i].bank < 0 || st->p[i].pile < 0)
				rc = diag_set(d, ST_INTERNAL, st->p[i].name, NULL, "chips",
				    "internal error: %s holds %ld chips", st->p[i].name, st->p[i].held);
		if (rc == ST_OK && st->nhands > 0) {
			struct hand_record *hr = &st->hands[st->nhands - 1];
			for (int i = 0; i < st->nplayers; i++)
				hr->held[i] = st->p[i].held;
			hr->pot = st->pot;
		}
	}
	if (rc == ST_OK) {
		st->entries = xgrow(st->entries, sizeof *st->entries, st->nentries, &st->entries_room);
		st->entries[st->nentries++] = canon;
		canon = NULL;
		/* a replay (no mark) ranks once, at its end
		 * (rules_replay_rest): no game's apply reads the ranks, and
		 * a replay that fails leaves a state fit only to be freed */
		if (m)
			rules_rank(st);
	}
	free(canon);
	return rc;
}

enum status
rules_apply_argv(struct game_state *st, int argc, char *const *argv,
    struct warnings *w, struct diag *d)
{
	struct mark m;
	int marked;
	enum status rc = apply_marked(st, argc, argv, w, d, &m, &marked);
	if (marked && rc == ST_OK)
		mark_drop(st, &m);
	else if (marked)
		mark_rollback(st, &m);
	return rc;
}

enum status
rules_apply_text(struct game_state *st, const char *text, struct warnings *w,
    struct diag *d)
{
	int argc;
	char **argv;
	enum status rc = entry_split(text, &argc, &argv, d);
	if (rc != ST_OK)
		return rc;
	rc = rules_apply_argv(st, argc, argv, w, d);
	entry_argv_free(argc, argv);
	return rc;
}

enum status
rules_rename_entry(const struct game_rules *rules, char *const *names, char *const *new_names,
    int n, const char *entry, char **out, struct diag *d)
{
	int argc;
	char **argv;
	struct hand_entry e;
	enum status rc = entry_split(entry, &argc, &argv, d);
	*out = NULL;
	if (rc != ST_OK)
		return rc;
	if ((rc = entry_parse(argc, argv, rules, names, n, &e, d)) == ST_OK) {
		for (int i = 0; i < e.nroles; i++) {
			if (e.roles[i].def->kind != ROLE_VALUE)
				continue;
			char *v = rules_rename_value(rules, e.roles[i].def->name, e.roles[i].value, names, new_names, n);
			if (v) {
				free(e.roles[i].value);
				e.roles[i].value = v;
			}
		}
		*out = entry_format(&e, new_names);
	}
	entry_release(&e);
	entry_argv_free(argc, argv);
	return rc;
}

/* A stored entry, applied with no mark to put it back by: a replay throws
 * its state away when an entry no longer holds. */
static enum status
replay_text(struct game_state *st, const char *text, struct warnings *w, struct diag *d)
{
	int argc, marked;
	char **argv;
	enum status rc = entry_split_block(text, &argc, &argv, d);
	if (rc != ST_OK)
		return rc;
	rc = apply_marked(st, argc, argv, w, d, NULL, &marked);
	free(argv);
	return rc;
}

/* The seats of rec there are from the first hand: those before its
 * first late arrival. */
static int
seats_at_start(const struct game_record *rec)
{
	int n = 0;
	while (n < rec->nplayers && !(rec->joined && rec->joined[n] > 0))
		n++;
	return n;
}

/* Seat rec's late arrivals not seated yet whose first hand is at most
 * `hand`, in seat order. */
static enum status
seat_joins(struct game_state *st, const struct game_record *rec, int hand, struct diag *d)
{
	enum status rc = ST_OK;
	for (int i = st->nplayers; rc == ST_OK && rec->joined && i < rec->nplayers && rec->joined[i] <= hand; i++)
		rc = state_join(st, rec->names[i], rec->joined[i] > 0 ? rec->joined[i] : 1,
		    rec->join_total ? rec->join_total[i] : JOIN_BY_RULE, d);
	return rc;
}

/* Who plays each of st's seats at `hand` by rec's substitutes: the
 * latest change of the seat up to that hand (rec->subs are in hand
 * order), its own player when none; a seat set so already is left. */
static void
subs_at(struct game_state *st, const struct game_record *rec, int hand)
{
	for (int i = 0; i < rec->nsubs; i++) {
		const struct seat_change *c = &rec->subs[i];
		int later = 0;
		if (c->hand > hand || c->seat < 0 || c->seat >= st->nplayers)
			continue;
		for (int k = i + 1; k < rec->nsubs && !later; k++)
			later = rec->subs[k].seat == c->seat && rec->subs[k].hand <= hand;
		if (later)
			continue;
		const char *now = strcmp(c->name, st->p[c->seat].name) == 0 ? NULL : c->name;
		const char *was = st->sub ? st->sub[c->seat] : NULL;
		if (now == NULL ? was != NULL : was == NULL || strcmp(was, now) != 0)
			state_set_sub(st, c->seat, now);
	}
}

enum status
rules_replay_rest(struct game_state *st, const struct game_record *rec, int *failed,
    struct diag *d)
{
	enum status rc;
	for (int i = st->nentries; i < rec->nentries; i++) {
		struct warnings w = {0};
		/* the hand's sentence names who played it (state_playing) */
		if ((rc = seat_joins(st, rec, i + 1, d)) == ST_OK && rec->nsubs)
			subs_at(st, rec, i + 1);
		if (rc == ST_OK)
			rc = replay_text(st, rec->entries[i], &w, d);
		warnings_release(&w);
		if (rc != ST_OK) {
			*failed = i + 1;
			return rc;
		}
	}
	/* a newcomer seated for the hand to come */
	if ((rc = seat_joins(st, rec, rec->nentries + 1, d)) != ST_OK) {
		*failed = rec->nentries + 1;
		return rc;
	}
	rules_rank(st);
	if (rec->closed == GAME_ABANDONED)
		rules_abandon(st);
	else if (rec->closed)
		rules_close(st);
	return ST_OK;
}

struct game_state *
rules_replay(const struct game_record *rec, int upto, struct diag *d)
{
	struct game_state *st = state_new(rec->rules, rec->names, seats_at_start(rec), rec->opts, rec->dealer, d);
	if (st == NULL)
		return NULL;
	struct game_record part = *rec;
	if (upto >= 0 && upto < rec->nentries) {
		part.nentries = upto;
		part.closed = 0;
	}
	return rules_replay_on(st, &part, d);
}

struct game_state *
rules_replay_on(struct game_state *st, const struct game_record *rec, struct diag *d)
{
	int failed = 0;
	if (rules_replay_rest(st, rec, &failed, d) != ST_OK) {
		char *msg = xasprintf("hand %d: %s", failed, d->message);
		free(d->message);
		d->message = msg;
		state_free(st);
		return NULL;
	}
	return st;
}

/* What qsort's comparison reads: the state and what ranks it, worked
 * out once a ranking (per thread: `tally check` replays on several) */
static _Thread_local struct rank_by {
	const struct game_state *st;
	int by_out, by_chips, lower;
} rank_by;

static int
rank_cmp(const void *a, const void *b)
{
	const struct player_state *x = &rank_by.st->p[*(const int *)a];
	const struct player_state *y = &rank_by.st->p[*(const int *)b];
	if (x->winner != y->winner)
		return y->winner - x->winner;
	if (rank_by.by_out && x->out != y->out)
		return x->out - y->out;
	if (rank_by.by_out && x->out && x->out_order != y->out_order)
		return y->out_order - x->out_order;
	if (rank_by.by_chips && x->held != y->held)
		return x->held < y->held ? 1 : -1;
	if (x->total != y->total)
		return (x->total < y->total) == rank_by.lower ? -1 : 1;
	return 0;
}

/* Whether side a stands before side b: a winner first, then the better
 * side total as the game's scoring says; 0 when they tie. */
static int
side_before(const struct game_state *st, int a, int b, const long *total)
{
	int wa = st->p[a].winner, wb = st->p[b].winner; /* seat a is in side a */
	if (wa != wb)
		return wa > wb;
	if (total[a] == total[b])
		return 0;
	return (total[a] < total[b]) == (state_scoring(st) != SCORING_HIGH);
}

/* Ranks in partnership play (core/sides.h): a side's partners share its
 * rank, and ranks count sides, so the losing side of two is 2nd. */
static void
rank_sides(struct game_state *st, int k)
{
	long *total = xcalloc((size_t)k, sizeof *total);
	for (int s = 0; s < k; s++)
		total[s] = side_total(st, s);
	for (int i = 0; i < st->nplayers; i++) {
		int rank = 1;
		for (int o = 0; o < k; o++)
			rank += side_before(st, o, i % k, total);
		st->p[i].rank = rank;
	}
	free(total);
}

void
rules_rank(struct game_state *st)
{
	int nsides = state_nsides(st);
	if (nsides > 0) {
		rank_sides(st, nsides);
		return;
	}
	int small[16], *order = st->nplayers <= 16 ? small : xmalloc(sizeof *order * (size_t)st->nplayers);
	for (int i = 0; i < st->nplayers; i++)
		order[i] = i;
	rank_by = (struct rank_by){ st, st->rules->score.out_scope == OUT_OF_GAME, state_ranks_by_chips(st),
		state_scoring(st) != SCORING_HIGH };
	qsort(order, (size_t)st->nplayers, sizeof *order, rank_cmp);
	for (int k = 0; k < st->nplayers; k++) {
		if (k > 0 && rank_cmp(&order[k - 1], &order[k]) == 0)
			st->p[order[k]].rank = st->p[order[k - 1]].rank;
		else
			st->p[order[k]].rank = k + 1;
	}
	rank_by.st = NULL;
	if (order != small)
		free(order);
}

enum status
rules_canonical(const struct game_state *st, int argc, char *const *argv,
    char **out, struct diag *d)
{
	struct hand_entry e;
	char **names = xmalloc(sizeof *names * (size_t)st->nplayers);
	for (int i = 0; i < st->nplayers; i++)
		names[i] = st->p[i].name;
	enum status rc = parse_seated(st, argc, argv, &e, d);
	if (rc == ST_OK)
		*out = entry_format(&e, names);
	entry_release(&e);
	free(names);
	return rc;
}

void
rules_abandon(struct game_state *st)
{
	if (st->over)
		return;
	st->closed = GAME_ABANDONED;
	for (int i = 0; i < st->nplayers; i++)
		st->p[i].winner = 0;
	rules_rank(st);
}

void
rules_close(struct game_state *st)
{
	st->closed = GAME_ENDED_EARLY;
	if (st->over)
		return;
	rules_rank(st);
	/* out of the game (eliminated) cannot win; out of the deal only
	 * (Account's retiree, RULES.md 1.3: the retiree scored and left the
	 * deal, not the game) keeps every point toward the session winner */
	int out_counts = st->rules->score.out_scope == OUT_OF_GAME;
	for (int i = 0; i < st->nplayers; i++)
		st->p[i].winner = st->nhands > 0 && st->p[i].rank == 1 && !(out_counts && st->p[i].out);
	rules_rank(st);
}

enum status
rules_trial(struct game_state *st, int argc, char *const *argv, struct diag *d)
{
	struct warnings w = {0};
	struct mark m;
	int marked;
	enum status rc = apply_marked(st, argc, argv, &w, d, &m, &marked);
	warnings_release(&w);
	if (marked)
		mark_rollback(st, &m);
	return rc;
}

int
rules_seat_from_left(const struct game_state *st, int k)
{
	int seen = 0;
	for (int step = 1; step <= st->nplayers; step++) {
		int s = (st->dealer + step) % st->nplayers;
		if (st->p[s].out)
			continue;
		if (seen++ == k)
			return s;
	}
	return -1;
}

void
rules_guide_set(struct guide_step *g, int seat, enum guide_kind kind, int optional, const char *token,
    const char *fmt, ...)
{
	va_list ap;
	memset(g, 0, sizeof *g);
	g->seat = seat;
	g->kind = kind;
	g->optional = optional;
	g->last_for_seat = 1;
	snprintf(g->token, sizeof g->token, "%s", token);
	va_start(ap, fmt);
	vsnprintf(g->question, sizeof g->question, fmt, ap);
	va_end(ap);
}
