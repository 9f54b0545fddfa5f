/* SPDX-License-Identifier: ISC */
/* statbook.c: statistics as sums over games (statbook.h). */
#include "statbook.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* splitmix64's finalizer: every bit of the key moves every bit of the hash
 * (pair keys differ in their high half only). */
static unsigned long long
mix(unsigned long long x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* The record index of key in m; a new zeroed record of recsize bytes is
 * appended to *recs (of *count) when the key is new. */
long
stat_map_slot(struct stat_map *m, unsigned long long key, long *count, size_t recsize, void **recs)
{
	if (m->n * 2 >= m->cap) {
		long nc = m->cap ? m->cap * 2 : 1024;
		unsigned long long *nk = xmalloc(sizeof *nk * (size_t)nc);
		long *nv = xmalloc(sizeof *nv * (size_t)nc);
		for (long i = 0; i < nc; i++)
			nv[i] = -1;
		for (long i = 0; i < m->cap; i++)
			if (m->vals[i] >= 0) {
				long j = (long)(mix(m->keys[i]) & (unsigned long long)(nc - 1));
				while (nv[j] >= 0)
					j = (j + 1) & (nc - 1);
				nk[j] = m->keys[i];
				nv[j] = m->vals[i];
			}
		free(m->keys);
		free(m->vals);
		m->keys = nk;
		m->vals = nv;
		m->cap = nc;
	}
	long j = (long)(mix(key) & (unsigned long long)(m->cap - 1));  /* cap: a power of two */
	while (m->vals[j] >= 0) {
		if (m->keys[j] == key)
			return m->vals[j];
		j = (j + 1) & (m->cap - 1);
	}
	m->keys[j] = key;
	m->vals[j] = *count;
	m->n++;
	/* the records grow by doubling: 16, 32, 64, ... */
	if (*count == 0 || (*count >= 16 && (*count & (*count - 1)) == 0))
		*recs = xrealloc(*recs, recsize * (size_t)(*count ? *count * 2 : 16));
	memset((char *)*recs + recsize * (size_t)*count, 0, recsize);
	return (*count)++;
}

void
stat_map_release(struct stat_map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

void
statbook_init(struct statbook *b, int per_night)
{
	memset(b, 0, sizeof *b);
	b->per_night = per_night;
}

void
statbook_release(struct statbook *b)
{
	stat_map_release(&b->m_line);
	stat_map_release(&b->m_count);
	stat_map_release(&b->m_night);
	stat_map_release(&b->m_pair);
	free(b->line);
	free(b->count);
	free(b->night);
	free(b->pair);
	memset(b, 0, sizeof *b);
}

/* The score pads seen so far: kinds after the registry's, one
 * per "pad:DIRECTION:TITLE", in the order first met.  Per process, like the
 * registry; a kind index fits the statbook's 8-bit key. */
#define PAD_KINDS 200
static char *pad_kind[PAD_KINDS];
static int npad_kind;

static int
registry_size(void)
{
	static int n = -1;
	if (n < 0)
		for (n = 0; rules_registry[n]; n++)
			;
	return n;
}

int
statbook_kind(const char *name)
{
	int nreg = registry_size();
	for (int i = 0; name && i < nreg; i++)
		if (strcmp(rules_registry[i]->name, name) == 0)
			return i;
	if (name == NULL || (strncmp(name, "pad:low:", 8) != 0 && strncmp(name, "pad:high:", 9) != 0))
		return -1;
	for (int i = 0; i < npad_kind; i++)
		if (strcmp(pad_kind[i], name) == 0)
			return nreg + i;
	if (npad_kind == PAD_KINDS || nreg + npad_kind > 255)
		return -1;
	pad_kind[npad_kind] = xstrdup(name);
	return nreg + npad_kind++;
}

const char *
statbook_kind_name(int kind)
{
	int nreg = registry_size();
	if (kind < 0 || kind >= nreg + npad_kind)
		return "?";
	return kind < nreg ? rules_registry[kind]->name : pad_kind[kind - nreg];
}

const char *
statbook_kind_title(int kind)
{
	const char *name = statbook_kind_name(kind);
	if (kind < registry_size())
		return name;
	return strchr(name + 4, ':') + 1;  /* "pad:low:Hearts" -> "Hearts" */
}

int
statbook_higher_better(int kind)
{
	if (kind >= registry_size())
		return strncmp(statbook_kind_name(kind), "pad:high:", 9) == 0;
	return rules_scoring(rules_registry[kind]) != SCORING_LOW;
}

long
statbook_score(int kind, long total, long chips)
{
	if (kind < 0 || kind >= registry_size())
		return total;
	enum scoring sc = rules_scoring(rules_registry[kind]);
	return sc == SCORING_CHIPS || sc == SCORING_LIVES ? chips : total;
}

struct stat_line *
statbook_line(struct statbook *b, long player, int kind)
{
	unsigned long long key = ((unsigned long long)player << 8) | (unsigned long long)(kind & 0xff);
	long i = stat_map_slot(&b->m_line, key, &b->nline, sizeof *b->line, (void **)&b->line);
	b->line[i].player = player;
	b->line[i].kind = kind;
	return &b->line[i];
}

struct stat_count *
statbook_count(struct statbook *b, long player, int kind, long players)
{
	unsigned long long key = ((unsigned long long)player << 16) | ((unsigned long long)(players & 0xff) << 8)
	    | (unsigned long long)(kind & 0xff);
	long i = stat_map_slot(&b->m_count, key, &b->ncount, sizeof *b->count, (void **)&b->count);
	b->count[i].player = player;
	b->count[i].kind = kind;
	b->count[i].key = players;
	return &b->count[i];
}

struct stat_count *
statbook_night(struct statbook *b, long player, long night)
{
	unsigned long long key = ((unsigned long long)player << 32) | (unsigned long long)(night & 0xffffffff);
	long i = stat_map_slot(&b->m_night, key, &b->nnight, sizeof *b->night, (void **)&b->night);
	b->night[i].player = player;
	b->night[i].kind = -1;
	b->night[i].key = night;
	return &b->night[i];
}

struct stat_pair *
statbook_pair(struct statbook *b, long ahead, long behind)
{
	unsigned long long key = ((unsigned long long)ahead << 32) | (unsigned long long)(behind & 0xffffffff);
	long i = stat_map_slot(&b->m_pair, key, &b->npair, sizeof *b->pair, (void **)&b->pair);
	b->pair[i].ahead = ahead;
	b->pair[i].behind = behind;
	return &b->pair[i];
}

void
stat_fold(struct stat_line *l, long score, int winner, int higher_better)
{
	l->streak = winner ? l->streak + 1 : 0;
	if (l->streak > l->longest)
		l->longest = l->streak;
	int better = higher_better ? score > l->best : score < l->best;
	int worse = higher_better ? score < l->worst : score > l->worst;
	if (!l->scored || better)
		l->best = score;
	if (!l->scored || worse)
		l->worst = score;
	l->scored = 1;
}

void
statbook_add(struct statbook *b, const struct stat_game *g, int sign, int fold)
{
	int n = g->n, hb;
	if (n <= 0 || g->kind < 0)
		return;
	hb = statbook_higher_better(g->kind);
	for (int i = 0; i < n; i++) {
		const struct stat_seat *s = &g->seat[i];
		struct stat_line *a = statbook_line(b, s->player, g->kind);
		a->games += sign;
		if (g->over) {
			a->finished += sign;
			a->wins += sign * s->winner;
			a->sum_rank += sign * s->rank;
			a->sum_score += sign * s->score;
			if (fold && sign > 0) {
				stat_fold(a, s->score, s->winner, hb);
				a->last_game = g->id;
			}
		}
		a->eliminated += sign * s->out;
		if (s->has_chips) {
			long delta = s->chips - s->start_chips;
			a->chip_games += sign;
			a->chips_net += sign * delta;
			if (delta > 0)
				a->chips_won += sign * delta;
			else
				a->chips_lost -= sign * delta;
		}
		if (s->out_by >= 0 && s->out_by < n)
			statbook_line(b, g->seat[s->out_by].player, g->kind)->eliminations += sign;
		/* the counts by player count and by night are of games
		 * played, the finished ones, as games and wins are above: a
		 * game still open is in progress, no game played yet */
		if (!g->over)
			continue;
		struct stat_count *c = statbook_count(b, s->player, g->kind, n);
		c->games += sign;
		c->wins += sign * s->winner;
		if (b->per_night) {
			c = statbook_night(b, s->player, g->night);
			c->games += sign;
			c->wins += sign * s->winner;
		}
	}
	/* who finished ahead of whom */
	for (int i = 0; g->over && i < n; i++)
		for (int j = 0; j < n; j++)
			if (i != j && g->seat[i].rank > 0 && g->seat[i].rank < g->seat[j].rank)
				statbook_pair(b, g->seat[i].player, g->seat[j].player)->times += sign;
	/* partnership play: who sat as partners and who against (a side's
	 * win is already each partner's: the game marks them both) */
	for (int i = 0; b->sides_pairs && g->over && i < n; i++)
		for (int j = 0; j < n; j++)
			if (i != j && g->seat[i].side >= 0 && g->seat[j].side >= 0) {
				struct stat_pair *p = statbook_pair(b, g->seat[i].player, g->seat[j].player);
				if (g->seat[i].side == g->seat[j].side)
					p->partners += sign;
				else
					p->against += sign;
			}
}

int
stat_line_empty(const struct stat_line *l)
{
	return l->games == 0 && l->finished == 0 && l->wins == 0 && l->sum_rank == 0 && l->sum_score == 0 &&
	    l->eliminated == 0 && l->eliminations == 0 && l->chip_games == 0 && l->chips_net == 0 &&
	    l->chips_won == 0 && l->chips_lost == 0 && !l->scored && l->streak == 0 && l->longest == 0 &&
	    l->last_game == 0;
}

static int
line_equal(const struct stat_line *a, const struct stat_line *b)
{
	return a->games == b->games && a->finished == b->finished && a->wins == b->wins &&
	    a->sum_rank == b->sum_rank && a->sum_score == b->sum_score && a->scored == b->scored &&
	    (!a->scored || (a->best == b->best && a->worst == b->worst)) && a->streak == b->streak &&
	    a->longest == b->longest && a->eliminated == b->eliminated && a->eliminations == b->eliminations &&
	    a->chip_games == b->chip_games && a->chips_net == b->chips_net && a->chips_won == b->chips_won &&
	    a->chips_lost == b->chips_lost && a->last_game == b->last_game;
}

/* Compare one kind of entry of two books: every nonzero entry of one must
 * be in the other with the same values. */
long
statbook_compare(struct statbook *want, struct statbook *have, int pairs,
    void (*cb)(const char *what, long player, long other, int kind, void *ctx), void *ctx)
{
	long bad = 0;
	for (int pass = 0; pass < 2; pass++) {
		struct statbook *x = pass ? have : want, *y = pass ? want : have;
		for (long i = 0; i < x->nline; i++) {
			struct stat_line l = x->line[i];
			if (stat_line_empty(&l))
				continue;
			struct stat_line *m = statbook_line(y, l.player, l.kind);
			if (!line_equal(&l, m) && bad++ < 5)
				cb("totals", l.player, -1, l.kind, ctx);
		}
		for (long i = 0; i < x->ncount; i++) {
			struct stat_count c = x->count[i];
			if (c.games == 0 && c.wins == 0)
				continue;
			struct stat_count *m = statbook_count(y, c.player, c.kind, c.key);
			if ((m->games != c.games || m->wins != c.wins) && bad++ < 5)
				cb("games by player count", c.player, c.key, c.kind, ctx);
		}
		for (long i = 0; pairs && i < x->npair; i++) {
			struct stat_pair p = x->pair[i];
			if (p.times == 0)
				continue;
			if (statbook_pair(y, p.ahead, p.behind)->times != p.times && bad++ < 5)
				cb("places against", p.ahead, p.behind, -1, ctx);
		}
	}
	return bad;
}
