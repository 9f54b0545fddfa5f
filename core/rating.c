/* SPDX-License-Identifier: ISC */
/*
 * rating.c: Weng and Lin's Bayesian approximation with the Plackett-Luce
 * model (JMLR 12, 2011, Algorithm 4), teams of one player, or the sides
 * of partnership play (rating.h).
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

/*
 * Weng and Lin, Algorithm 4 (the Plackett-Luce model) in the paper's team
 * form: a team's skill is the sum of its members' (mu_t = sum mu_j,
 * sigma_t^2 = sum sigma_j^2), the update is worked out for teams, and
 * each member takes the share of it that its variance is of the team's,
 * as openskill does:
 *   c     = (sum_t (sigma_t^2 + beta^2))^(1/2)
 *   p(t, q) = exp(mu_t / c) / sum_{s : r(s) >= r(q)} exp(mu_s / c)
 *   Omega_t = sigma_t^2 / c * sum_{q : r(q) <= r(t)} ([t = q] - p(t, q)) / A_q
 *   Delta_t = gamma_t sigma_t^2 / c^2 * sum_{q : r(q) <= r(t)} p(t, q) (1 - p(t, q)) / A_q,
 *             gamma_t = sigma_t / c
 *   mu_j    <- mu_j + sigma_j^2 / sigma_t^2 * Omega_t
 *   sigma_j <- sigma_j * max(1 - sigma_j^2 / sigma_t^2 * Delta_t, kappa)^(1/2)
 * A_q counts the teams tied with q (openskill's tie divisor).  With teams
 * of one this is rating_update's single-player form exactly.
 *
 * Partial play (rating.h): member j with weight w_j (its share of the
 * hands) moves by w_j times the full-time move, openskill's weighting
 * (openskill.js src/util.ts updatePlayer, openskill.py PlackettLuce
 * _compute):
 *   mu_j    <- mu_j + w_j sigma_j^2 / sigma_t^2 * Omega_t
 *   sigma_j <- sigma_j * max(1 - w_j sigma_j^2 / sigma_t^2 * Delta_t, kappa)^(1/2)
 * and counts by its weight in its team's skill:
 *   mu_t = sum w_j mu_j,  sigma_t^2 = sum w_j sigma_j^2,
 * so that w_j sigma_j^2 / sigma_t^2 <= 1.  Where this departs from
 * openskill's defaults, and why:
 *   - openskill adds the members unweighted: its members play side by
 *     side; a substitute takes the seat over, so a seat played 3/4 by Ann
 *     and 1/4 by Hal is one player's worth of skill, not two;
 *   - openskill rescales a team's weights into [1, 2] (weight_bounds):
 *     with that a quarter of the hands would count as much as the whole
 *     game (the complaint in openskill.py's tracker, #179); tally takes the
 *     shares as they are (openskill's weight_bounds None);
 *   - openskill divides by the weight instead when a team loses (a weak
 *     contributor loses more): a player who played a quarter of a lost
 *     game would lose four times what a full game costs.  Partial play
 *     scales a loss as it scales a win.
 * With every weight 1 all of this is the update above exactly.
 */
void
rating_update_teams(const struct rating *r, const int *team, const double *weight, const int *rank, int n,
    struct rating *out)
{
	int nt = 0;
	for (int i = 0; i < n; i++)
		if ((team ? team[i] : i) + 1 > nt)
			nt = (team ? team[i] : i) + 1;
	double *mu = xcalloc((size_t)nt, sizeof *mu), *s2 = xcalloc((size_t)nt, sizeof *s2);
	double *e = xcalloc((size_t)nt, sizeof *e), *sum_q = xcalloc((size_t)nt, sizeof *sum_q);
	double *omega = xcalloc((size_t)nt, sizeof *omega), *delta = xcalloc((size_t)nt, sizeof *delta);
	int *trank = xcalloc((size_t)nt, sizeof *trank), *a = xcalloc((size_t)nt, sizeof *a);
	int *used = xcalloc((size_t)nt, sizeof *used);
	struct rating *after = xmalloc(sizeof *after * (size_t)n);
	double c2 = 0.0, c;

	for (int i = 0; i < n; i++) {
		int t = team ? team[i] : i;
		double w = weight ? weight[i] : 1.0;
		mu[t] += w * r[i].mu;
		s2[t] += w * r[i].sigma * r[i].sigma;
		trank[t] = rank[i];
		used[t] = 1;
	}
	for (int t = 0; t < nt; t++)
		if (used[t])
			c2 += s2[t] + RATING_BETA * RATING_BETA;
	c = sqrt(c2);
	for (int t = 0; t < nt; t++)
		e[t] = exp(mu[t] / c);
	for (int q = 0; q < nt; q++)
		for (int s = 0; used[q] && s < nt; s++) {
			if (used[s] && trank[s] >= trank[q])
				sum_q[q] += e[s];
			a[q] += used[s] && trank[s] == trank[q];
		}
	for (int t = 0; t < nt; t++) {
		for (int q = 0; used[t] && q < nt; q++) {
			if (!used[q] || trank[q] > trank[t])
				continue;
			double p = e[t] / sum_q[q];
			delta[t] += p * (1.0 - p) / a[q];
			omega[t] += ((q == t ? 1.0 : 0.0) - p) / a[q];
		}
		omega[t] *= s2[t] / c;
		delta[t] *= (sqrt(s2[t]) / c) * s2[t] / c2;
	}
	for (int i = 0; i < n; i++) {
		int t = team ? team[i] : i;
		double share = (weight ? weight[i] : 1.0) * r[i].sigma * r[i].sigma / s2[t];
		after[i].mu = r[i].mu + share * omega[t];
		after[i].sigma = r[i].sigma * sqrt(fmax(1.0 - share * delta[t], RATING_KAPPA));
	}
	memcpy(out, after, sizeof *after * (size_t)n);
	free(after);
	free(used);
	free(a);
	free(trank);
	free(delta);
	free(omega);
	free(sum_q);
	free(e);
	free(s2);
	free(mu);
}

void
rating_update(const struct rating *r, const int *rank, int n, struct rating *out)
{
	rating_update_teams(r, NULL, NULL, rank, n, out);
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

int
rating_book_game(struct rating_book *b, int kind, long night, const struct rating_part *p, int n)
{
	/* the teams: the sides of partnership play, else each seat (seats
	 * with no side numbered after the sides) */
	int nsides = 0, nteams = 0;
	for (int i = 0; i < n; i++)
		if (p[i].side + 1 > nsides)
			nsides = p[i].side + 1;
	int *team = xmalloc(sizeof *team * (size_t)(n > 0 ? n : 1));
	for (int i = 0; i < n; i++) {
		team[i] = p[i].side >= 0 ? p[i].side : nsides + p[i].seat;
		int seen = 0;
		for (int k = 0; k < i && !seen; k++)
			seen = team[k] == team[i];
		nteams += !seen;
	}
	if (nteams < 2) {
		free(team);
		return 0;
	}
	struct rating *r = xmalloc(sizeof *r * (size_t)n);
	long *idx = xmalloc(sizeof *idx * (size_t)n);
	int *rank = xmalloc(sizeof *rank * (size_t)n);
	double *weight = xmalloc(sizeof *weight * (size_t)n);
	int mark = b->focus_night == 0 || night == b->focus_night;
	for (int i = 0; i < n; i++) {
		struct rating_entry *x = rating_book_entry(b, p[i].player, kind);
		idx[i] = x - b->e;
		r[i] = x->now;
		rank[i] = p[i].rank;
		weight[i] = p[i].weight;
		if (b->tau > 0)
			r[i].sigma = sqrt(r[i].sigma * r[i].sigma + b->tau * b->tau);
		if (mark && x->mark_night != night) {
			x->mark_night = night;
			x->before = x->now;
		}
	}
	rating_update_teams(r, team, weight, rank, n, r);
	for (int i = 0; i < n; i++) {
		struct rating_entry *x = &b->e[idx[i]];
		x->now = r[i];
		x->games++;
		if (mark)
			x->after = r[i];
	}
	b->last_night = night;
	free(weight);
	free(rank);
	free(team);
	free(idx);
	free(r);
	return 1;
}

int
rating_night_played(const struct rating_entry *e, long night)
{
	return night != 0 && e->mark_night == night;
}

double
rating_night_change(const struct rating_book *b, const struct rating_entry *e, long night)
{
	(void)b;
	if (!rating_night_played(e, night))
		return 0.0;
	return rating_ordinal(e->after) - rating_ordinal(e->before);
}
