/* SPDX-License-Identifier: ISC */
/*
 * settle.h: settling up (`tally settle`, the night report's settle-up).
 * What each player won or lost in money over a game, from the game's own
 * stakes (rules_stake_cents), and the fewest payments that square a table
 * of such amounts.  Amounts are integer cents throughout.
 */
#ifndef TALLY_SETTLE_H
#define TALLY_SETTLE_H

#include <stddef.h>

#include "rules.h"
#include "state.h"

/* Seat's counters won (+) or lost (-) over st's game so far, in the
 * ledger's units: what it holds now, bank and pile (Chase the Ace's pot
 * won included), less its opening balance; 0 without a ledger. */
long settle_seat_net(const struct game_state *st, int seat);

/*
 * What st's game moved in money.  Returns the cents one unit is worth
 * (rules_stake_cents; 0: no money rides on the game, nothing filled).
 * Otherwise fills net[0..nplayers-1] with each seat's units won (+) or
 * lost (-) and *pot with the units put in the pot (the jar, the centre)
 * and still there (negative when a pot carried in from elsewhere was
 * won), so that the nets and *pot sum to 0.
 *   - a game with a ledger (dimes, quarters, chips): what the seat holds
 *     now, bank and pile (Chase the Ace's pot won included), less its
 *     opening balance;
 *   - a game without one (points at a price): each pair of players
 *     settles the difference of their totals, the better total winning
 *     it (Spite and Malice's hard score, RULES 3), so a seat nets
 *     n * total - sum of totals, negated where the lowest total wins.
 * *unit is what the table counts ("dimes", "quarters", "chips", "points";
 * static text).
 */
long settle_game_net(const struct game_state *st, long *net, long *pot, const char **unit);

/* One payment: party `from` pays party `to` `cents`. */
struct settle_payment {
	int from, to;
	long cents;
};

/*
 * The fewest payments that square net[0..n-1] (cents won +, lost -; they
 * must sum to 0): every party that is owed receives exactly its net and
 * every party that owes pays exactly its net.  Exact up to 20 parties with
 * a non-zero net (the most groups of parties whose nets sum to 0, each
 * settled within itself: one payment fewer per group), greedily beyond.
 * Writes a heap array to *out (the caller frees it), largest payment first
 * within a group; returns how many.  A net that does not sum to 0 settles
 * what it can and leaves the rest unpaid.
 */
int settle_payments(const long *net, int n, struct settle_payment **out);

/* "$1.75", "-$0.30" (size >= 24). */
void settle_money(long cents, char *buf, size_t size);

#endif
