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

/* What a game's settle-up leaves out, per seat, in the ledger's units. */
struct settle_left {
	long *in_pot;    /* [nplayers] units the seat paid into the pot (the
	                  * jar, the centre) that nobody won: still there when
	                  * the game ended */
	long *carried;   /* [nplayers] units the seat won of a pot carried into
	                  * the game from another one (Chase the Ace carry_pot) */
	long pot, won_carried; /* their sums */
};

/*
 * What st's game moved in money between its players.  Returns the cents
 * one unit is worth (rules_stake_cents; 0: no money rides on the game,
 * nothing filled).  Otherwise fills net[0..nplayers-1] with each seat's
 * units won (+) or lost (-) from the other players, summing to 0, and
 * *left (its arrays the caller's, nplayers long) with what it leaves out:
 *   - a game with a ledger (dimes, quarters, chips): what the seat holds
 *     now, bank and pile (Chase the Ace's pot won included), less its
 *     opening balance, but for what is still in the pot when the game
 *     ended and for a pot carried in from elsewhere.  Only the last player
 *     in wins the pot (seed 004, Chase the Ace: "the last person left in
 *     wins"; Golf: "Last person gets all the quarters"), and a pot nobody
 *     won is carried forward to the next game (seed 004, Chase the Ace,
 *     remedies 4 and 5): its units are nobody's to pay or to be paid, so
 *     the seats that paid them in keep them out of the settle-up
 *     (left->in_pot).  The pot pays out the units paid in first, so those
 *     left in it are the last paid in.  Units of a pot carried in from
 *     another game were paid by that game's players, not by these:
 *     left->carried;
 *   - a game without one (points at a price): each pair of players
 *     settles the difference of their totals, the better total winning
 *     it (Spite and Malice's hard score, RULES 3), so a seat nets
 *     n * total - sum of totals, negated where the lowest total wins.
 * *unit is what the table counts ("dimes", "quarters", "chips", "points";
 * static text).
 */
long settle_game_net(const struct game_state *st, long *net, struct settle_left *left, const char **unit);

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
