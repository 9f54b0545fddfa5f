/* SPDX-License-Identifier: ISC */
/* sides.c: partnership play (see sides.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sides.h"
#include "util.h"

int
rules_nsides(const struct game_rules *rules, const struct optset *o, int n)
{
	const char *want = rules->score.sides_option, *eq;
	if (want == NULL || o == NULL || n < 2 * SIDE_SIZE || n % SIDE_SIZE || (eq = strchr(want, '=')) == NULL)
		return 0;
	char key[64];
	snprintf(key, sizeof key, "%.*s", (int)(eq - want), want);
	const char *v = options_get(o, key);
	return v && str_ieq(v, eq + 1) ? n / SIDE_SIZE : 0;
}

int
state_nsides(const struct game_state *st)
{
	return rules_nsides(st->rules, &st->opts, st->nplayers);
}

int
state_side(const struct game_state *st, int seat)
{
	int k = state_nsides(st);
	return k ? seat % k : -1;
}

int
state_side_seats(const struct game_state *st, int s, int *seats)
{
	int k = state_nsides(st), n = 0;
	for (int i = s; k && i < st->nplayers; i += k)
		seats[n++] = i;
	return n;
}

/* The partners' points of side s in hand h, added. */
static long
side_sum(const struct game_state *st, int h, int s)
{
	int seats[SIDE_SIZE], n = state_side_seats(st, s, seats);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += st->hands[h].points[seats[i]];
	return sum;
}

long
side_hand_points(const struct game_state *st, int h, int s)
{
	long own = side_sum(st, h, s);
	if (st->rules->score.side_scoring != SIDE_NET)
		return own;
	/* the net: what this side's partners won less the best other side's
	 * (ginrummy.com/partnership.html: "the winning difference") */
	long best = 0;
	for (int o = 0; o < state_nsides(st); o++)
		if (o != s && side_sum(st, h, o) > best)
			best = side_sum(st, h, o);
	return own > best ? own - best : 0;
}

long
side_total(const struct game_state *st, int s)
{
	long t = 0;
	for (int h = 0; h < st->nhands; h++)
		t += side_hand_points(st, h, s);
	return t;
}

char *
side_name(const struct game_state *st, int s, char *buf, size_t size)
{
	int seats[SIDE_SIZE], n = state_side_seats(st, s, seats);
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++) {
		int w = snprintf(buf + len, size - len, "%s%s", i ? " & " : "", st->p[seats[i]].name);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	return buf;
}

void
sides_say(const struct game_state *st, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int s = 0; s < state_nsides(st) && len < size; s++) {
		char name[256];
		int w = snprintf(buf + len, size - len, "%s%s", s ? " against " : "", side_name(st, s, name, sizeof name));
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

int
side_rank(const struct game_state *st, int s)
{
	int seats[SIDE_SIZE];
	return state_side_seats(st, s, seats) ? st->p[seats[0]].rank : 0;
}


int
sides_word(const struct game_rules *rules, const char *word)
{
	return rules->score.sides_option != NULL && strchr(word, '+') != NULL;
}

enum status
sides_seat_words(char *const *words, int nwords, char ***seated, struct diag *d)
{
	*seated = NULL;
	for (int g = 0; g < nwords; g++) {
		int n = 1;
		for (const char *p = words[g]; (p = strchr(p, '+')) != NULL; p++)
			n++;
		if (n != SIDE_SIZE)
			return diag_set(d, ST_USAGE, NULL, words[g], "players",
			    "'%s': a side is %d partners joined by '+' (Ann+Cid), and every player is in one", words[g],
			    SIDE_SIZE);
	}
	char **out = xcalloc((size_t)nwords * SIDE_SIZE + 1, sizeof *out);
	for (int g = 0; g < nwords; g++) {
		char *copy = xstrdup(words[g]), *p = copy;
		for (int k = 0; k < SIDE_SIZE; k++) {
			char *plus = strchr(p, '+');
			if (plus)
				*plus = '\0';
			out[k * nwords + g] = xstrdup(p);
			p = plus ? plus + 1 : p;
		}
		free(copy);
	}
	*seated = out;
	return ST_OK;
}
