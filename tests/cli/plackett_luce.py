# SPDX-License-Identifier: ISC
# plackett_luce.py: the ratings tally should give, worked out by the tests
# on their own from the games as played: Weng and Lin's Bayesian
# approximation with the Plackett-Luce model ("A Bayesian Approximation
# Method for Online Ranking", JMLR 12, 2011, Algorithm 4, team form), as
# openskill does, with partial play: a member of a team given as
# (player, share) counts by its share of the hands (openskill's `weights`,
# core/rating.c's equations).  Used by 88-partners-ratings and
# 88-sub-ratings; it shares no code with tally.
import math

BETA, KAPPA = 25 / 6, 1e-4
R = {}


def get(p, k):
    return R.setdefault((p, k), [25.0, 25 / 3])


def game(kind, teams, places):
    """one game: teams (lists of players, or of (player, share)) and their places (1 = best)"""
    teams = [[m if isinstance(m, tuple) else (m, 1.0) for m in t] for t in teams]
    mu = [sum(w * get(p, kind)[0] for p, w in t) for t in teams]
    s2 = [sum(w * get(p, kind)[1] ** 2 for p, w in t) for t in teams]
    n = len(teams)
    c = math.sqrt(sum(s + BETA ** 2 for s in s2))
    sum_q = [sum(math.exp(mu[s] / c) for s in range(n) if places[s] >= places[q]) for q in range(n)]
    tied = [sum(1 for s in range(n) if places[s] == places[q]) for q in range(n)]
    new = {}
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if places[q] <= places[i]:
                p = math.exp(mu[i] / c) / sum_q[q]
                omega += ((1.0 if q == i else 0.0) - p) / tied[q]
                delta += p * (1 - p) / tied[q]
        omega *= s2[i] / c
        delta *= (math.sqrt(s2[i]) / c) * s2[i] / c ** 2
        for pl, w in teams[i]:
            m, s = get(pl, kind)
            share = w * s * s / s2[i]
            new[pl] = [m + share * omega, s * math.sqrt(max(1 - share * delta, KAPPA))]
    for pl, v in new.items():
        R[(pl, kind)] = v


def compare(rows):
    """the number of rows (tally --json ratings) off the model by more than 1e-6"""
    bad = 0
    for row in rows:
        m, s = R[(row["player"], row["game"])]
        if abs(row["mu"] - m) > 1e-6 or abs(row["sigma"] - s) > 1e-6:
            print("off:", row, m, s)
            bad += 1
    print(len(rows), "ratings,", bad, "off")
    return bad
