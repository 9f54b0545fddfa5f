/* SPDX-License-Identifier: ISC */
/*
 * sides.h: partnership play.  A side is a set of seats that scores, ranks
 * and wins as one: two partners who sit opposite each other, so with n
 * players side s holds seats s, s + n/2 (Hand & Foot: 1&3 and 2&4 of
 * four, 1&4, 2&5 and 3&6 of six; Gin: 1&3 and 2&4).  A game declares the
 * option setting that makes it play in sides (game_rules.score.sides_option)
 * and how a side's points come from its partners' (side_scoring); every
 * printer, the ranking, the store and the ratings read these functions,
 * never the game's kind.
 *
 * Sources: Hand & Foot: the GOCC Hand and Foot rule sheet (partners sit
 * across; "only the first player of a partnership to lay down cards must
 * meet this minimum"), handandfoot.northwestpages.com's game overview
 * ("a player/team must meet the required minimum number of clean and
 * dirty books"; six play 3 vs 3 or 2 vs 2 vs 2) and the partnership game
 * pagat.com has from Bill Whitnack, as reprinted at
 * rversofidaho.org/gamerules/3 ("melds belong to the partnership, not
 * the individual").  Gin: ginrummy.com/partnership.html and
 * rummy-games.com "Partnership Gin Rummy" (two duels; gin and undercut
 * bonuses in each; the team scores the difference).
 */
#ifndef TALLY_SIDES_H
#define TALLY_SIDES_H

#include <stddef.h>

#include "rules.h"
#include "state.h"

/* How many partners a side holds. */
#define SIDE_SIZE 2

/* How many sides rules plays in with options o and n players: n / 2 when
 * o holds rules->sides_option (and n is even), else 0 (each player for
 * themselves). */
int rules_nsides(const struct game_rules *rules, const struct optset *o, int n);
/* rules_nsides of st's game. */
int state_nsides(const struct game_state *st);
/* The side (0-based) of seat, or -1 when st is not played in sides. */
int state_side(const struct game_state *st, int seat);
/* The seats of side s in seat order into seats[] (SIDE_SIZE of them);
 * returns how many. */
int state_side_seats(const struct game_state *st, int s, int *seats);
/* Side s's points in hand h (0-based): the partners' points added
 * (SIDE_SUM), or the net of the duels for the side that won more, 0 for
 * the other (SIDE_NET). */
long side_hand_points(const struct game_state *st, int h, int s);
/* Side s's total: its hand points added over every hand. */
long side_total(const struct game_state *st, int s);
/* "Ann & Cid" into buf (size bytes); returns buf. */
char *side_name(const struct game_state *st, int s, char *buf, size_t size);
/* "Ann & Cid against Bob & Dee" (three sides: "A & D against B & E
 * against C & F") into buf; "" when st is not played in sides. */
void sides_say(const struct game_state *st, char *buf, size_t size);
/* The rank of side s (1 = best, tied sides share it, the next side
 * counts sides, not seats: the losing side of two is 2nd), as
 * rules_rank() gave its partners. */
int side_rank(const struct game_state *st, int s);
/*
 * Partners as typed at the table ("Ann+Cid Bob+Dee": each word a side of
 * SIDE_SIZE names joined by '+') into the seat order that sits partners
 * opposite: side g's k-th partner takes seat k * nwords + g, so Ann,
 * Bob, Cid, Dee.  *seated gets nwords * SIDE_SIZE heap strings (free each
 * and the array).  ST_USAGE naming the word when one is not a side of
 * SIDE_SIZE.  For `new` and a blank pad (`sheet`).
 */
enum status sides_seat_words(char *const *words, int nwords, char ***seated, struct diag *d);
/* Whether word joins partners ("Ann+Cid") where rules plays in sides. */
int sides_word(const struct game_rules *rules, const char *word);

#endif
