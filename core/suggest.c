/* SPDX-License-Identifier: ISC */
/* suggest.c: the nearest known name to a word typed wrong (see suggest.h). */
#include "suggest.h"

#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "util.h"

#define SUGGEST_MAX 64

/* The code points of s, folded as player names are (core/names.h), into
 * cp (at most SUGGEST_MAX); their count. */
static int
fold(const char *s, unsigned *cp)
{
	int n = 0;
	char *f = names_fold(s);
	const unsigned char *p = (const unsigned char *)(f ? f : s);
	while (*p && n < SUGGEST_MAX) {
		unsigned c;
		int len = utf8_decode(p, &c);
		if (len == 0) {
			c = *p;
			len = 1;
		}
		cp[n++] = c;
		p += len;
	}
	free(f);
	return n;
}

static int
min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

int
suggest_distance(const char *a, const char *b)
{
	unsigned x[SUGGEST_MAX], y[SUGGEST_MAX];
	int n = fold(a, x), m = fold(b, y);
	/* three rows of the optimal-string-alignment table */
	int rows[3][SUGGEST_MAX + 1];
	int *pp = rows[0], *p = rows[1], *c = rows[2];
	for (int j = 0; j <= m; j++)
		p[j] = j;
	for (int i = 1; i <= n; i++) {
		c[0] = i;
		for (int j = 1; j <= m; j++) {
			int cost = x[i - 1] != y[j - 1];
			c[j] = min3(p[j] + 1, c[j - 1] + 1, p[j - 1] + cost);
			if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] && pp[j - 2] + 1 < c[j])
				c[j] = pp[j - 2] + 1;
		}
		int *t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[m];
}

/* Whether the folded a starts with the folded b. */
static int
starts_with(const char *a, const char *b)
{
	unsigned x[SUGGEST_MAX], y[SUGGEST_MAX];
	int n = fold(a, x), m = fold(b, y);
	return m > 0 && m <= n && memcmp(x, y, sizeof *x * (size_t)m) == 0;
}

const char *
suggest_nearest(const char *word, const char *const *cands, int n)
{
	unsigned cp[SUGGEST_MAX];
	int len = fold(word, cp), limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
	const char *best = NULL;
	int bestd = limit + 1;
	if (len == 0)
		return NULL;
	for (int i = 0; i < n; i++) {
		if (cands[i] == NULL)
			continue;
		int dist = suggest_distance(word, cands[i]);
		if (dist < bestd) {
			best = cands[i];
			bestd = dist;
		}
	}
	if (best)
		return best;
	for (int i = 0; i < n; i++)
		if (cands[i] && (starts_with(cands[i], word) || starts_with(word, cands[i])))
			return cands[i];
	return NULL;
}

const char *
suggest_near_name(const char *name, const char *const *known, int n)
{
	const char *one = NULL, *prefix = NULL;
	int nprefix = 0;
	for (int i = 0; i < n; i++) {
		if (known[i] == NULL)
			continue;
		int dist = suggest_distance(name, known[i]);
		if (dist == 0)
			return NULL;
		if (dist == 1 && one == NULL)
			one = known[i];
		if (starts_with(known[i], name)) {
			prefix = known[i];
			nprefix++;
		}
	}
	if (one)
		return one;
	return nprefix == 1 ? prefix : NULL;
}

/* How near new name a is to known name b, by their loose keys (lower is
 * nearer), or -1 when it is not near enough to suggest. */
static int
alias_score(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (strcmp(a, b) == 0)
		return 0;
	if ((la >= 3 && starts_with(b, a)) || (lb >= 3 && starts_with(a, b)))
		return 1;
	int dist = suggest_distance(a, b), most = (la < lb ? la : lb) >= 6 ? 2 : 1;
	return dist <= most ? 1 + dist : -1;
}

const char *
suggest_alias(const char *name, const char *const *known, int n)
{
	for (int i = 0; i < n; i++)
		if (known[i] && names_eq(known[i], name))
			return NULL;  /* known already: nothing to suggest */
	char *me = names_loose(name);
	const char *best = NULL;
	int best_score = -1;
	for (int i = 0; me && i < n; i++) {
		char *k = known[i] ? names_loose(known[i]) : NULL;
		int score = k ? alias_score(me, k) : -1;
		if (score >= 0 && (best_score < 0 || score < best_score)) {
			best = known[i];
			best_score = score;
		}
		free(k);
	}
	free(me);
	return best;
}
