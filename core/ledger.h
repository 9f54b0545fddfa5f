/* SPDX-License-Identifier: ISC */
/*
 * ledger.h: the chip ledger.  Every movement of chips, quarters or dimes is a
 * recorded move between accounts: each player's bank (chips held; Chase the
 * Ace's lives), each player's pile (Bankrupt: the ante pile on the table in
 * front of them; Chase the Ace: the dimes won from the pot) and the pot (the
 * Bankrupt centre, the Chase the Ace pot, the Golf jar).  The sum over all
 * accounts is fixed when the game starts and never changes; rules_apply()
 * checks it after every hand and a broken sum is an internal error (exit 70,
 * nothing stored).
 */
#ifndef TALLY_LEDGER_H
#define TALLY_LEDGER_H

#include "diag.h"

/* Accounts: LEDGER_POT, or a player's bank or pile by seat. */
#define LEDGER_POT (-1)
#define LEDGER_OUTSIDE (-2) /* where opening balances come from */
#define LEDGER_BANK(seat) ((seat) * 2)
#define LEDGER_PILE(seat) ((seat) * 2 + 1)
#define LEDGER_SEAT(acct) ((acct) / 2)
#define LEDGER_IS_PILE(acct) ((acct) >= 0 && (acct) % 2 == 1)

struct ledger_move {
	int hand;      /* 0 for opening balances, else the 1-based hand */
	int from, to;  /* accounts */
	long amount;   /* > 0, in chips (quarters, dimes) */
	const char *reason; /* why, in the register's words ("ante"): static
	                     * text the game declares; "start" for an opening */
};

struct ledger {
	int nplayers;
	int allow_negative; /* 1: balances may go below 0 (net money, Golf knock pot) */
	long *balance;      /* 2 * nplayers accounts, then the pot at the end */
	long total;         /* the fixed sum of every account */
	int nmoves;
	struct ledger_move *moves;
};

/* A zeroed ledger for nplayers; empty it with ledger_release(). */
void ledger_init(struct ledger *l, int nplayers);
void ledger_release(struct ledger *l);

/* Opening balance of an account (hand 0, from LEDGER_OUTSIDE); raises the
 * fixed total. */
void ledger_open(struct ledger *l, int account, long amount);

/* An opening balance brought in during hand `hand` (a late arrival's
 * buy-in, `tally join`): from LEDGER_OUTSIDE, for reason (static text);
 * raises the fixed total.  hand 0 is ledger_open's "start". */
void ledger_open_at(struct ledger *l, int hand, int account, long amount, const char *reason);

/* Room for one more seat (a late arrival): its bank and pile, empty; the
 * pot keeps its balance; every move recorded keeps its accounts. */
void ledger_add_seat(struct ledger *l);

/*
 * Move amount (>= 0; 0 records nothing) from one account to another during
 * hand `hand`, for reason: words the game declares ("ante", "jar won"),
 * static text whose pointer the move keeps.  Returns ST_OK, or
 * ST_INTERNAL with d set when the source would go below zero (unless
 * allow_negative): a rule let through a move that cannot happen.
 */
enum status ledger_move(struct ledger *l, int hand, int from, int to, long amount,
    const char *reason, struct diag *d);

/* The balance of an account. */
long ledger_balance(const struct ledger *l, int account);

/* ST_OK when the accounts still sum to the total, else ST_INTERNAL with d
 * naming the difference. */
enum status ledger_check(const struct ledger *l, struct diag *d);

#endif
