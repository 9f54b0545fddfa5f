/* SPDX-License-Identifier: ISC */
/*
 * cards.h: playing cards as entered at the table (SPEC section 2, "Cards";
 * RULES section 0, conventions).
 *
 * A card is a rank (A=1 .. K=13, joker=14) and an optional suit.  Lists are
 * written "K 3 5 A", "KS,3h,10♥" or "Jk *": ranks A 2-10 J Q K (T for ten),
 * case-insensitive, an optional suit letter C D H S or symbol ♣ ♦ ♥ ♠, jokers
 * as JK or *.  Cards are separated by spaces or commas.
 */
#ifndef TALLY_CARDS_H
#define TALLY_CARDS_H

#include "diag.h"

enum { RANK_A = 1, RANK_J = 11, RANK_Q = 12, RANK_K = 13, RANK_JOKER = 14 };
enum { SUIT_NONE = 0, SUIT_C = 1, SUIT_D = 2, SUIT_H = 3, SUIT_S = 4 };

struct card {
	unsigned char rank; /* 1..14 */
	unsigned char suit; /* SUIT_NONE or SUIT_C..SUIT_S; jokers have none */
};

/* The most cards one list may hold (a Hand & Foot foot is the largest). */
#define CARDS_MAX 64

/*
 * Parse the card list text into out[0..max-1]; *n receives the count.
 * Returns ST_OK, or ST_USAGE with a message naming `who` (a player name,
 * may be NULL) and the bad card when a token is not a card or the list holds
 * more than max cards.
 */
enum status cards_parse(const char *text, const char *who, struct card *out,
    int max, int *n, struct diag *d);

/* 1 if text looks like a card list rather than a number (it has a letter,
 * a '*' or a suit symbol), else 0.  Lets a game accept P=POINTS or P=CARDS. */
int cards_looks_like_list(const char *text);

/* Write one card into buf (>= 8 bytes): "10", "K♠" when symbols is 1,
 * "KS" when 0, "Jk" for a joker.  Returns buf. */
char *card_format(struct card c, int symbols, char *buf);

/* A heap string "K♠ 3 5 A" for a list; the caller frees it. */
char *cards_format_list(const struct card *c, int n, int symbols);

/* Rank name for messages: "A", "10", "K", "joker". */
const char *card_rank_name(int rank);
/* The rank in words for a sentence: "ace", "7", "king" ("the ace loses",
 * never "the A", which reads as a player called A).  Static. */
const char *card_rank_word(int rank);

/*
 * Card-count invariant (RULES section 0): counts every card of one deal.
 * Zero-initialise, then add each player's cards; cards_count_add() returns
 * ST_RULE naming the player whose cards exceed what `packs` standard packs
 * hold (4 per rank per pack, 1 per suited card per pack) or whose jokers
 * exceed joker_max (0 = jokers not in play).
 */
struct card_count {
	int rank[15];
	int card[15][5];
};
enum status cards_count_add(struct card_count *cc, const struct card *c, int n,
    int packs, int joker_max, const char *who, struct diag *d);

#endif
