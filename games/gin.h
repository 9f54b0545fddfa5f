/* SPDX-License-Identifier: ISC */
/*
 * gin.h: the Gin Rummy meld search, shared by games/gin.c and its tests.
 *
 * Given a hand of up to 11 cards (with suits), gin_meld() finds the melds
 * that leave the least deadwood: sets of 3 or 4 cards of a rank and runs of
 * 3 or more in a suit (ace low, no wrap), no card in two melds.  It is an
 * exact search over subsets (dynamic programming on the cards still free),
 * not a greedy pass.  With the knocker's melds given, the defender may also
 * lay off cards on them (RULES.md 6.1, 6.3): a missing card of a set, or
 * cards extending a run at either end.
 */
#ifndef TALLY_GIN_H
#define TALLY_GIN_H

#include "../core/cards.h"

#define GIN_MAX_CARDS 11
#define GIN_MAX_MELDS 4

struct gin_melding {
	int nmelds;
	int meld_len[GIN_MAX_MELDS];
	struct card melds[GIN_MAX_MELDS][GIN_MAX_CARDS];
	int ndead;
	struct card dead[GIN_MAX_CARDS];
	int nlaid;                     /* cards laid off on the knocker's melds */
	struct card laid[GIN_MAX_CARDS];
	int deadwood;                  /* points of the cards in dead[] */
};

/* Deadwood value: A 1, 2-10 face value, J Q K 10. */
int gin_card_value(struct card c);

/*
 * The best melding of hand[0..n-1] (n <= 11, every card with a suit, no
 * jokers): least deadwood, and with `onto` (the knocker's melding, may be
 * NULL) the best lay-offs too.  Fills *out and returns its deadwood.
 */
int gin_meld(const struct card *hand, int n, const struct gin_melding *onto,
    struct gin_melding *out);

/*
 * For the knocker: among the meldings with the least deadwood, the one that
 * leaves the defender the most deadwood after lay-offs (the knocker chooses
 * how to lay down).  *defender receives the defender's best reply.
 */
int gin_meld_knock(const struct card *knocker, int nk, const struct card *defender,
    int nd, struct gin_melding *kout, struct gin_melding *dout);

/* "3♠ 4♠ 5♠ | 7♥ 7♦ 7♣; deadwood K♣ 2♦ = 12; laid off 6♠"; caller frees. */
char *gin_describe(const struct gin_melding *m);

#endif
