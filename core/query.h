/* SPDX-License-Identifier: ISC */
/*
 * query.h: the query language of `tally history`, `stats` and `export`.
 *
 * Terms a user combines (all must hold): player:ann, game:golf, night:ID,
 * with:bob, since:2026-01-01, until:2026-12-31, players:4,
 * option:preset=house, vs:bob (stats: head to head), and not:TERM for the
 * opposite of any term.  Dates are local ($TZ): since:D from the midnight
 * that starts D, until:D to the midnight that ends it.  Values are matched case-insensitively; game names
 * may be prefixes; game: also takes a score pad's title (game:Hearts) or
 * the name the club saved it under.  The store turns a parsed query into SQL with bound
 * parameters (db/report.c).
 */
#ifndef TALLY_QUERY_H
#define TALLY_QUERY_H

#include "diag.h"

enum query_kind { Q_PLAYER, Q_GAME, Q_NIGHT, Q_WITH, Q_SINCE, Q_UNTIL, Q_PLAYERS, Q_OPTION, Q_VS, Q_SEASON };

struct query_term {
	enum query_kind kind;
	int negate;
	char *a;   /* the value: name, game, option key; since: the UTC start of
	            * the local day, until: the UTC end (exclusive), stored form */
	char *b;   /* option value */
	long n;    /* night id, player count; game: 1 when a is not a built-in
	            * game but maybe a score pad's title or saved name (the store
	            * decides, and refuses it with b, the did-you-mean, if none) */
};

/* night:last and night:current, in a term's n (the store finds the night) */
#define QUERY_NIGHT_LAST (-1L)
#define QUERY_NIGHT_CURRENT (-2L)

struct query {
	int n;
	struct query_term *t;
	int deleted;  /* 0: games not deleted (default); 1: deleted games only; 2: every game */
	int empty;    /* history rows: 1 also lists games with no hands (`list`) */
};

/* Parse argv[0..argc-1] (each a TERM:VALUE word).  Errors: ST_USAGE naming
 * the word (unknown term, bad or impossible date, bad number); ST_NOINPUT for an unknown
 * game.  Empty it with query_release(), also after an error. */
enum status query_parse(int argc, char *const *argv, struct query *q, struct diag *d);
void query_release(struct query *q);

/* The value of the first term of kind that is not negated, or NULL. */
const char *query_value(const struct query *q, enum query_kind kind);

#endif
