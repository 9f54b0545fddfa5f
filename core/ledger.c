/* SPDX-License-Identifier: ISC */
/* ledger.c: the chip ledger (see ledger.h). */
#include "ledger.h"

#include <stdlib.h>

#include "util.h"

static int
slot(const struct ledger *l, int account)
{
	return account == LEDGER_POT ? 2 * l->nplayers : account;
}

void
ledger_init(struct ledger *l, int nplayers)
{
	l->nplayers = nplayers;
	l->allow_negative = 0;
	l->balance = xcalloc((size_t)(2 * nplayers + 1), sizeof *l->balance);
	l->total = 0;
	l->nmoves = 0;
	l->moves = NULL;
}

void
ledger_release(struct ledger *l)
{
	free(l->balance);
	free(l->moves);
	l->balance = NULL;
	l->moves = NULL;
	l->nmoves = 0;
}

static void
record(struct ledger *l, int hand, int from, int to, long amount, const char *reason)
{
	l->moves = xrealloc(l->moves, sizeof *l->moves * (size_t)(l->nmoves + 1));
	l->moves[l->nmoves++] = (struct ledger_move){ hand, from, to, amount, reason };
}

void
ledger_open(struct ledger *l, int account, long amount)
{
	ledger_open_at(l, 0, account, amount, "start");
}

void
ledger_open_at(struct ledger *l, int hand, int account, long amount, const char *reason)
{
	l->balance[slot(l, account)] += amount;
	l->total += amount;
	if (amount)
		record(l, hand, LEDGER_OUTSIDE, account, amount, reason);
}

void
ledger_add_seat(struct ledger *l)
{
	int n = l->nplayers;
	long pot = l->balance[2 * n];
	l->balance = xrealloc(l->balance, sizeof *l->balance * (size_t)(2 * n + 3));
	l->balance[2 * n] = l->balance[2 * n + 1] = 0;
	l->balance[2 * n + 2] = pot;
	l->nplayers = n + 1;
}

long
ledger_balance(const struct ledger *l, int account)
{
	return l->balance[slot(l, account)];
}

enum status
ledger_move(struct ledger *l, int hand, int from, int to, long amount,
    const char *reason, struct diag *d)
{
	if (amount < 0)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "ledger",
		    "internal error: a move of %ld chips (%s)", amount, reason);
	if (amount == 0)
		return ST_OK;
	if (!l->allow_negative && l->balance[slot(l, from)] < amount)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "ledger",
		    "internal error: %s of %ld chips from an account holding %ld",
		    reason, amount, l->balance[slot(l, from)]);
	l->balance[slot(l, from)] -= amount;
	l->balance[slot(l, to)] += amount;
	record(l, hand, from, to, amount, reason);
	return ST_OK;
}

enum status
ledger_check(const struct ledger *l, struct diag *d)
{
	long sum = 0;
	for (int i = 0; i <= 2 * l->nplayers; i++)
		sum += l->balance[i];
	if (sum != l->total)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "chips conserved",
		    "internal error: chips not conserved: the accounts hold %ld, the game started with %ld",
		    sum, l->total);
	return ST_OK;
}
