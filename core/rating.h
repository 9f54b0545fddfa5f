/* SPDX-License-Identifier: ISC */
/*
 * rating.h: skill ratings (`tally ratings`): the Bayesian
 * approximation of Weng and Lin with the Plackett-Luce model (R. C. Weng and
 * C.-J. Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
 * 2011, pp. 267-300, Algorithm 4; the model the OpenSkill libraries use),
 * one player a team (the sides of partnership play are teams of two,
 * rating_update_teams; a seat played in turn by a player and a
 * substitute is a team whose members count by their share of its hands,
 * and a late arrival's seat a team of one counting by the hands they
 * played, see below), with the paper's defaults: mu = 25, sigma = 25/3,
 * beta = 25/6, kappa = 0.0001, and by default no dynamics factor (tau = 0).
 *
 * tau is a club setting (`tally club tau=X`): before each game every
 * player's sigma becomes sqrt(sigma^2 + tau^2), as the OpenSkill libraries
 * do, so that a skill known for years can still move.  0, the paper's
 * static model, is the default: it keeps every rating tally has printed;
 * a club that plays for years may set 25/300 (0.0833, OpenSkill's default),
 * which stops sigma shrinking towards nothing and ratings from freezing.
 *
 * Ratings are derived: a rating_book is filled by feeding it every finished
 * game in time order (rating_book_game) and is never stored.  Floating
 * point is fine here: ratings are not scores.
 *
 * Memory: the book owns its entries; rating_book_release() releases them.
 * Nothing here reports errors (allocation failure aborts).
 */
#ifndef TALLY_RATING_H
#define TALLY_RATING_H

#include "statbook.h"

#define RATING_MU      25.0
#define RATING_SIGMA   (25.0 / 3.0)
#define RATING_BETA    (25.0 / 6.0)
#define RATING_KAPPA   0.0001

/* One player's rating: mean and standard deviation of the skill. */
struct rating {
	double mu, sigma;
};

/* The ordinal a table ranks by: mu - 3 sigma (a conservative skill). */
double rating_ordinal(struct rating r);

/*
 * One game of n players (n >= 2) with their ratings r[0..n-1] before it
 * and their places rank[0..n-1] (1 = best; tied players share a place).
 * Writes the ratings after it into out[0..n-1] (out may be r).
 */
void rating_update(const struct rating *r, const int *rank, int n, struct rating *out);
/*
 * The same with teams (partnership play, core/sides.h): team[i] (0-based)
 * is player i's team, NULL for a team each; rank[i] is its team's place
 * (partners share it).  A team's skill is the sum of its members' (mu
 * added, sigma^2 added) and each member moves by its share of the
 * team's variance: Weng and Lin 2011, the team form of Algorithm 4, as
 * openskill's Plackett-Luce model does (equations in rating.c).
 *
 * weight[i] (NULL: all 1) is player i's part in the game, in (0, 1]:
 * partial play as openskill documents it (openskill.py docs, FAQ "Does
 * this library support partial play?": pass each player's share of the
 * play as `weights`; openskill.js src/util.ts updatePlayer): a member's
 * move in mu and in sigma is scaled by its weight.  tally uses the share
 * of the hands a player played (rating.c says where it departs from
 * openskill's defaults, and why).
 */
void rating_update_teams(const struct rating *r, const int *team, const double *weight, const int *rank, int n,
    struct rating *out);

/* One player at one kind of game (core/statbook.h's kind index). */
struct rating_entry {
	long player;
	int kind;
	struct rating now;
	long games;              /* games rated */
	long mark_night;         /* the night `before`/`after` belong to, 0: none */
	struct rating before, after; /* at the start and end of that night */
};

struct rating_book {
	double tau;              /* the dynamics factor (0: none), see above */
	long focus_night;        /* 0: mark each entry's latest night; else only this one */
	long last_night;         /* the night of the last game fed */
	char last_started[80];   /* when the last game fed started, and its uid */
	char last_uid[80];       /* (filled by report_ratings) */
	struct rating_entry *e;
	long n;
	struct stat_map m;       /* (player, kind) -> index into e */
};

/* An empty book; focus_night as in struct rating_book. */
void rating_book_init(struct rating_book *b, long focus_night);
void rating_book_release(struct rating_book *b);

/* The entry of player at kind, created at the prior (mu 25, sigma 25/3)
 * when missing.  Valid until the next call that may create one. */
struct rating_entry *rating_book_entry(struct rating_book *b, long player, int kind);

/* One player's part in a rated game: a seat's player, or a substitute
 * who played some of its hands (`tally sub`). */
struct rating_part {
	long player;
	int seat;       /* 0-based seat played */
	int rank;       /* the seat's place, 1 = best (ties share it) */
	int side;       /* the seat's side in partnership play, -1: none */
	double weight;  /* share of the game's hands played in the seat, (0, 1] */
};

/*
 * Feed one finished game of kind on night (0: none) with its parts
 * p[0..n-1], each player once.  A team is a side of partnership play,
 * else a seat (with its substitutes): rating_update_teams with each
 * part's weight, and b->last_night becomes night.  Games of fewer than
 * two teams change nothing.  Games must come in time order.  Returns 1
 * when the game was rated, 0 when it changed nothing.
 */
int rating_book_game(struct rating_book *b, int kind, long night, const struct rating_part *p, int n);

/* The change of e's ordinal over night (the focus night, or the book's
 * last night), 0 when e played no rated game that night. */
double rating_night_change(const struct rating_book *b, const struct rating_entry *e, long night);
/* 1 if e played a rated game on night (as rating_night_change takes
 * it), else 0: its change is then no change but none to show. */
int rating_night_played(const struct rating_entry *e, long night);

#endif
