/* SPDX-License-Identifier: ISC */
/*
 * rating.c: Weng and Lin's Bayesian approximation with the Plackett-Luce
 * model (JMLR 12, 2011, Algorithm 4), teams of one player (rating.h).
 */
#include "rating.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

double
rating_ordinal(struct rating r)
{
	return r.mu - 3.0 * r.sigma;
}

void
rating_update(const struct rating *r, const int *rank, int n, struct rating *out)
{
	double *e = xmalloc(sizeof *e * (size_t)n), *sum_q = xmalloc(sizeof *sum_q * (size_t)n);
	int *a = xmalloc(sizeof *a * (size_t)n);
	struct rating *after = xmalloc(sizeof *after * (size_t)n);
	double c2 = 0.0, c;

	/* Algorithm 4, step 1: c = (sum_i (sigma_i^2 + beta^2))^(1/2). */
	for (int i = 0; i < n; i++)
		c2 += r[i].sigma * r[i].sigma + RATING_BETA * RATING_BETA;
	c = sqrt(c2);
	for (int i = 0; i < n; i++)
		e[i] = exp(r[i].mu / c);
	/* The sum over C_q = { s : r(s) >= r(q) } (q and everyone placed no
	 * better) of exp(mu_s / c), the denominator of p_hat(i, q); and A_q,
	 * the players tied with q (OpenSkill's tie divisor: ties as ties). */
	for (int q = 0; q < n; q++) {
		sum_q[q] = 0.0;
		a[q] = 0;
		for (int s = 0; s < n; s++) {
			if (rank[s] >= rank[q])
				sum_q[q] += e[s];
			a[q] += rank[s] == rank[q];
		}
	}
	for (int i = 0; i < n; i++) {
		double omega = 0.0, delta = 0.0, s2 = r[i].sigma * r[i].sigma;
		/* Omega_i = sigma_i^2 / c * sum_{q : r(q) <= r(i)} ([i = q] - p_hat(i, q)) / A_q
		 * Delta_i = gamma_i * sigma_i^2 / c^2 * sum_{q : r(q) <= r(i)} p_hat(i, q) (1 - p_hat(i, q)) / A_q
		 * with p_hat(i, q) = exp(mu_i / c) / sum_{s in C_q} exp(mu_s / c). */
		for (int q = 0; q < n; q++) {
			if (rank[q] > rank[i])
				continue;
			double p = e[i] / sum_q[q];
			delta += p * (1.0 - p) / a[q];
			omega += ((q == i ? 1.0 : 0.0) - p) / a[q];
		}
		omega *= s2 / c;
		/* gamma_i = sigma_i / c, the paper's suggested damping (and OpenSkill's) */
		delta *= (r[i].sigma / c) * s2 / c2;
		/* mu_i <- mu_i + Omega_i; sigma_i^2 <- sigma_i^2 max(1 - Delta_i, kappa); tau = 0 */
		after[i].mu = r[i].mu + omega;
		after[i].sigma = r[i].sigma * sqrt(fmax(1.0 - delta, RATING_KAPPA));
	}
	memcpy(out, after, sizeof *after * (size_t)n);
	free(after);
	free(a);
	free(sum_q);
	free(e);
}

void
rating_book_init(struct rating_book *b, long focus_night)
{
	memset(b, 0, sizeof *b);
	b->focus_night = focus_night;
}

void
rating_book_release(struct rating_book *b)
{
	free(b->e);
	stat_map_release(&b->m);
	memset(b, 0, sizeof *b);
}

struct rating_entry *
rating_book_entry(struct rating_book *b, long player, int kind)
{
	long before = b->n;
	void *recs = b->e;
	long i = stat_map_slot(&b->m, ((unsigned long long)player << 8) | (unsigned long long)(kind & 0xff),
	    &b->n, sizeof *b->e, &recs);
	b->e = recs;
	struct rating_entry *x = &b->e[i];
	if (b->n > before) {
		x->player = player;
		x->kind = kind;
		x->now.mu = RATING_MU;
		x->now.sigma = RATING_SIGMA;
	}
	return x;
}

void
rating_book_game(struct rating_book *b, int kind, long night, const long *players, const int *rank,
    int n)
{
	if (n < 2)
		return;
	struct rating *r = xmalloc(sizeof *r * (size_t)n);
	long *idx = xmalloc(sizeof *idx * (size_t)n);
	int mark = b->focus_night == 0 || night == b->focus_night;
	for (int i = 0; i < n; i++) {
		struct rating_entry *x = rating_book_entry(b, players[i], kind);
		idx[i] = x - b->e;
		r[i] = x->now;
		if (b->tau > 0)
			r[i].sigma = sqrt(r[i].sigma * r[i].sigma + b->tau * b->tau);
		if (mark && x->mark_night != night) {
			x->mark_night = night;
			x->before = x->now;
		}
	}
	rating_update(r, rank, n, r);
	for (int i = 0; i < n; i++) {
		struct rating_entry *x = &b->e[idx[i]];
		x->now = r[i];
		x->games++;
		if (mark)
			x->after = r[i];
	}
	b->last_night = night;
	free(idx);
	free(r);
}

double
rating_night_change(const struct rating_book *b, const struct rating_entry *e, long night)
{
	(void)b;
	if (night == 0 || e->mark_night != night)
		return 0.0;
	return rating_ordinal(e->after) - rating_ordinal(e->before);
}
