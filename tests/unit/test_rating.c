/* SPDX-License-Identifier: ISC */
/*
 * test_rating.c: the Weng-Lin Plackett-Luce update (core/rating.h) against
 * values worked out here, independently of core/rating.c, from the paper's
 * formulas (Weng and Lin, JMLR 12, 2011, Algorithm 4): a two-player game in
 * closed form, a four-player game with a tie, and a 20-game sequence.
 */
#include "helpers.h"

#include <math.h>

#include "../../core/rating.h"

#define EPS 1e-9

/*
 * The reference: Algorithm 4 written out for one game, in long double, by
 * the sets of the paper.  For player i, Q(i) = { q : r(q) <= r(i) } (the
 * players placed ahead of or with i) and C_q = { s : r(s) >= r(q) };
 * A_q = |{ s : r(s) = r(q) }|.
 */
static void
reference(int n, const double *mu, const double *sigma, const int *rank, double *mu_out,
    double *sigma_out)
{
	const long double beta2 = (25.0L / 6) * (25.0L / 6);
	long double c = 0;
	for (int i = 0; i < n; i++)
		c += (long double)sigma[i] * sigma[i] + beta2;
	c = sqrtl(c);
	for (int i = 0; i < n; i++) {
		long double omega = 0, delta = 0;
		for (int q = 0; q < n; q++) {
			if (!(rank[q] <= rank[i]))
				continue;           /* q not in Q(i) */
			long double denom = 0;
			int aq = 0;
			for (int s = 0; s < n; s++) {
				if (rank[s] >= rank[q])
					denom += expl(mu[s] / c);
				if (rank[s] == rank[q])
					aq++;
			}
			long double p = expl(mu[i] / c) / denom;
			omega += (i == q ? 1 - p : -p) / aq;
			delta += p * (1 - p) / aq;
		}
		long double s2 = (long double)sigma[i] * sigma[i];
		long double gamma = sigma[i] / c;
		mu_out[i] = (double)(mu[i] + s2 / c * omega);
		long double f = 1 - gamma * s2 / (c * c) * delta;
		sigma_out[i] = (double)sqrtl(s2 * (f > 0.0001L ? f : 0.0001L));
	}
}

static void
test_two_players(void **state)
{
	(void)state;
	struct rating r[2] = { { 25, 25.0 / 3 }, { 25, 25.0 / 3 } };
	int rank[2] = { 1, 2 };
	rating_update(r, rank, 2, r);
	/* Closed form for two equal priors: c^2 = 2 sigma^2 + 2 beta^2, each
	 * p_hat = 1/2, so mu = 25 +- sigma^2 / (2c) and
	 * sigma' = sigma sqrt(1 - sigma^3 / (4 c^3)). */
	double s = 25.0 / 3, b = 25.0 / 6, c = sqrt(2 * s * s + 2 * b * b);
	assert_true(fabs(r[0].mu - (25 + s * s / (2 * c))) < EPS);
	assert_true(fabs(r[1].mu - (25 - s * s / (2 * c))) < EPS);
	assert_true(fabs(r[0].sigma - s * sqrt(1 - s * s * s / (4 * c * c * c))) < EPS);
	assert_true(fabs(r[1].sigma - r[0].sigma) < EPS);
	/* the same figures OpenSkill publishes for this game */
	assert_true(fabs(r[0].mu - 27.635231383473652) < 1e-6);
	assert_true(fabs(r[0].sigma - 8.065506316323548) < 1e-6);
	assert_true(fabs(rating_ordinal(r[0]) - (r[0].mu - 3 * r[0].sigma)) < EPS);
}

/* Two sides of two partners (partnership play), equal priors, worked by
 * hand from the team form (rating.c): sigma_t^2 = 2 s^2, c^2 = 2 (2 s^2
 * + b^2), p_hat = 1/2; Omega = 2 s^2 / c * 1/2 and each partner takes
 * half (s^2 / 2 s^2): mu = 25 +- s^2 / (2c); Delta = (sqrt(2) s / c)
 * 2 s^2 / c^2 * 1/4, half of it each: sigma' = s sqrt(1 - sqrt(2) s^3 /
 * (4 c^3)).  Partners tied as four single players move otherwise. */
static void
test_two_sides(void **state)
{
	(void)state;
	struct rating r[4] = { { 25, 25.0 / 3 }, { 25, 25.0 / 3 }, { 25, 25.0 / 3 }, { 25, 25.0 / 3 } };
	struct rating single[4];
	int team[4] = { 0, 1, 0, 1 }, rank[4] = { 1, 2, 1, 2 };
	rating_update(r, rank, 4, single);
	rating_update_teams(r, team, NULL, rank, 4, r);
	double s = 25.0 / 3, b = 25.0 / 6, c = sqrt(2 * (2 * s * s + b * b));
	for (int i = 0; i < 4; i++) {
		assert_true(fabs(r[i].mu - (25 + (i % 2 ? -1 : 1) * s * s / (2 * c))) < EPS);
		assert_true(fabs(r[i].sigma - s * sqrt(1 - sqrt(2) * s * s * s / (4 * c * c * c))) < EPS);
	}
	assert_true(fabs(single[0].mu - r[0].mu) > 0.1);
	/* teams of one are the single-player form */
	struct rating a[3] = { { 27, 7 }, { 24, 8 }, { 22, 6 } }, x[3], y[3];
	int one[3] = { 0, 1, 2 }, places[3] = { 2, 1, 3 };
	rating_update(a, places, 3, x);
	rating_update_teams(a, one, NULL, places, 3, y);
	for (int i = 0; i < 3; i++)
		assert_true(fabs(x[i].mu - y[i].mu) < EPS && fabs(x[i].sigma - y[i].sigma) < EPS);
}

static void
test_four_with_tie(void **state)
{
	(void)state;
	double mu[4] = { 25, 25, 25, 25 }, sigma[4] = { 25.0 / 3, 25.0 / 3, 25.0 / 3, 25.0 / 3 };
	double mu2[4], sigma2[4];
	int rank[4] = { 1, 2, 2, 4 };
	struct rating r[4];
	for (int i = 0; i < 4; i++)
		r[i] = (struct rating){ mu[i], sigma[i] };
	rating_update(r, rank, 4, r);
	reference(4, mu, sigma, rank, mu2, sigma2);
	for (int i = 0; i < 4; i++) {
		assert_true(fabs(r[i].mu - mu2[i]) < EPS);
		assert_true(fabs(r[i].sigma - sigma2[i]) < EPS);
	}
	/* the tied pair move together, between the winner and the last */
	assert_true(fabs(r[1].mu - r[2].mu) < EPS && fabs(r[1].sigma - r[2].sigma) < EPS);
	assert_true(r[0].mu > r[1].mu && r[1].mu > r[3].mu);
	assert_true(r[0].mu > 25 && r[3].mu < 25);
	/* and from unequal priors too */
	double mu3[4] = { 30, 22, 27, 25 }, sg3[4] = { 6, 8, 7.5, 25.0 / 3 };
	int rank3[4] = { 2, 1, 2, 3 };
	for (int i = 0; i < 4; i++)
		r[i] = (struct rating){ mu3[i], sg3[i] };
	rating_update(r, rank3, 4, r);
	reference(4, mu3, sg3, rank3, mu2, sigma2);
	for (int i = 0; i < 4; i++) {
		assert_true(fabs(r[i].mu - mu2[i]) < EPS);
		assert_true(fabs(r[i].sigma - sigma2[i]) < EPS);
	}
}

static void
test_twenty_games(void **state)
{
	(void)state;
	struct rating_book b;
	double mu[6], sigma[6];
	unsigned seed = 16;
	rating_book_init(&b, 0);
	for (int p = 0; p < 6; p++) {
		mu[p] = 25;
		sigma[p] = 25.0 / 3;
	}
	for (int g = 0; g < 20; g++) {
		int n = 2 + g % 4, rank[6];
		long players[6];
		double m[6], s[6], m2[6], s2[6];
		for (int i = 0; i < n; i++) {
			players[i] = (g + 2 * i) % 6;   /* distinct: 2i mod 6 differs for i < 3, then shifts */
			for (int k = 0; k < i; k++)
				if (players[k] == players[i])
					players[i] = (players[i] + 1) % 6, k = -1;
			seed = seed * 1103515245u + 12345u;
			rank[i] = 1 + (int)((seed >> 16) % (unsigned)n);  /* places with ties */
			m[i] = mu[players[i]];
			s[i] = sigma[players[i]];
		}
		struct rating_part part[6];
		for (int i = 0; i < n; i++)
			part[i] = (struct rating_part){ .player = players[i], .seat = i, .rank = rank[i], .side = -1,
				.weight = 1.0 };
		rating_book_game(&b, 3, 1 + g / 5, part, n);
		reference(n, m, s, rank, m2, s2);
		for (int i = 0; i < n; i++) {
			mu[players[i]] = m2[i];
			sigma[players[i]] = s2[i];
		}
	}
	long games = 0;
	for (int p = 0; p < 6; p++) {
		struct rating_entry *e = rating_book_entry(&b, p, 3);
		assert_true(fabs(e->now.mu - mu[p]) < 1e-8);
		assert_true(fabs(e->now.sigma - sigma[p]) < 1e-8);
		assert_true(e->now.sigma < 25.0 / 3);
		games += e->games;
	}
	assert_int_equal(games, 2 * 5 + 3 * 5 + 4 * 5 + 5 * 5);
	/* the last night is night 4 (games 15..19) */
	assert_int_equal(b.last_night, 4);
	struct rating_entry *e = rating_book_entry(&b, 0, 3);
	assert_int_equal(e->mark_night, 4);
	assert_true(fabs(rating_night_change(&b, e, 4) - (rating_ordinal(e->after) - rating_ordinal(e->before))) < EPS);
	assert_true(rating_night_change(&b, e, 3) == 0.0);
	rating_book_release(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_players),
		cmocka_unit_test(test_two_sides),
		cmocka_unit_test(test_four_with_tie),
		cmocka_unit_test(test_twenty_games),
	};
	return cmocka_run_group_tests_name("rating", tests, NULL, NULL);
}
