/* SPDX-License-Identifier: ISC */
/* settle.c: what a game moved in money, and the fewest payments (see settle.h). */
#include "settle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger.h"
#include "util.h"

/* The opening balance of account acct: its moves from outside (hand 0,
 * or a late arrival's buy-in in the hand they joined). */
static long
opening(const struct ledger *l, int acct)
{
	long v = 0;
	for (int i = 0; i < l->nmoves; i++) {
		const struct ledger_move *m = &l->moves[i];
		if (m->from == LEDGER_OUTSIDE && m->to == acct)
			v += m->amount;
	}
	return v;
}

long
settle_seat_net(const struct game_state *st, int seat)
{
	const struct ledger *l = st->ledger;
	if (l == NULL)
		return 0;
	return ledger_balance(l, LEDGER_BANK(seat)) + ledger_balance(l, LEDGER_PILE(seat))
	    - opening(l, LEDGER_BANK(seat)) - opening(l, LEDGER_PILE(seat));
}

/* One run of units in the pot, oldest first: who paid them in (a seat,
 * or -1 for a pot carried in from elsewhere) and how many are left. */
struct pot_run {
	int seat;
	long units;
};

/* Follow l's pot move by move, paying out the units paid in first: fills
 * left's per-seat units still in the pot at the end, and the units each
 * seat won that were carried in. */
static void
follow_pot(const struct ledger *l, int n, struct settle_left *left)
{
	struct pot_run *q = xcalloc((size_t)l->nmoves + 1, sizeof *q);
	int head = 0, tail = 0;
	for (int i = 0; i < l->nmoves; i++) {
		const struct ledger_move *m = &l->moves[i];
		if (m->to == LEDGER_POT && m->from != LEDGER_POT)
			q[tail++] = (struct pot_run){ m->from == LEDGER_OUTSIDE ? -1 : LEDGER_SEAT(m->from), m->amount };
		else if (m->from == LEDGER_POT && m->to != LEDGER_POT) {
			int to = m->to >= 0 ? LEDGER_SEAT(m->to) : -1;
			long want = m->amount;
			while (want > 0) {
				/* a pot run below zero (net money) pays from outside */
				struct pot_run *r = head < tail ? &q[head] : &(struct pot_run){ -1, want };
				long take = r->units < want ? r->units : want;
				if (r->seat < 0 && to >= 0 && to < n)
					left->carried[to] += take;
				r->units -= take;
				want -= take;
				if (head < tail && r->units == 0)
					head++;
			}
		}
	}
	for (int i = head; i < tail; i++)
		if (q[i].seat >= 0 && q[i].seat < n)
			left->in_pot[q[i].seat] += q[i].units;
	free(q);
}

long
settle_game_net(const struct game_state *st, long *net, struct settle_left *left, const char **unit)
{
	long cents = rules_stake_cents(st->rules, &st->opts);
	int n = st->nplayers;
	left->pot = left->won_carried = 0;
	for (int i = 0; i < n; i++)
		left->in_pot[i] = left->carried[i] = 0;
	if (cents <= 0)
		return 0;
	if (st->ledger) {
		follow_pot(st->ledger, n, left);
		for (int i = 0; i < n; i++) {
			net[i] = settle_seat_net(st, i) + left->in_pot[i] - left->carried[i];
			left->pot += left->in_pot[i];
			left->won_carried += left->carried[i];
		}
		*unit = rules_ledger_unit(st->rules);
		return cents;
	}
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += st->p[i].total;
	int low = state_scoring(st) != SCORING_HIGH;
	for (int i = 0; i < n; i++)
		net[i] = (n * st->p[i].total - sum) * (low ? -1 : 1);
	*unit = "points";
	return cents;
}

/* Settle the parties of one group (nets summing to 0) greedily, the
 * largest debt against the largest credit: one payment fewer than the
 * group has parties. */
static void
settle_group(long *left, const int *who, int k, struct settle_payment *out, int *nout)
{
	for (;;) {
		int d = -1, c = -1;
		for (int i = 0; i < k; i++) {
			long v = left[who[i]];
			if (v < 0 && (d < 0 || v < left[who[d]]))
				d = i;
			if (v > 0 && (c < 0 || v > left[who[c]]))
				c = i;
		}
		if (d < 0 || c < 0)
			return;
		long amt = -left[who[d]] < left[who[c]] ? -left[who[d]] : left[who[c]];
		out[(*nout)++] = (struct settle_payment){ who[d], who[c], amt };
		left[who[d]] += amt;
		left[who[c]] -= amt;
	}
}

#define SETTLE_EXACT 20

int
settle_payments(const long *net, int n, struct settle_payment **out)
{
	int *who = xcalloc((size_t)n + 1, sizeof *who), k = 0;
	long *left = xcalloc((size_t)n + 1, sizeof *left);
	struct settle_payment *pay = xcalloc((size_t)n + 1, sizeof *pay);
	int npay = 0;
	for (int i = 0; i < n; i++) {
		left[i] = net[i];
		if (net[i] != 0)
			who[k++] = i;
	}
	if (k <= SETTLE_EXACT && k > 0) {
		/* best[m]: the most groups summing to 0 that the parties of mask
		 * m split into; a payment is saved per group (k - groups in all) */
		size_t full = ((size_t)1 << k) - 1;
		long *sum = xcalloc(full + 1, sizeof *sum);
		signed char *best = xcalloc(full + 1, 1);
		for (size_t m = 1; m <= full; m++) {
			int low = __builtin_ctzll((unsigned long long)m);
			sum[m] = sum[m & (m - 1)] + net[who[low]];
			int b = 0;
			for (int i = 0; i < k; i++)
				if ((m >> i & 1) && best[m ^ ((size_t)1 << i)] > b)
					b = best[m ^ ((size_t)1 << i)];
			best[m] = (signed char)(b + (sum[m] == 0));
		}
		/* walk back from everyone: each time the running sum is 0, the
		 * parties taken off since the last such mask are a group */
		int *group = xcalloc((size_t)k + 1, sizeof *group), g = 0;
		size_t m = full;
		while (m) {
			int take = -1;
			for (int i = 0; i < k && take < 0; i++)
				if ((m >> i & 1) && best[m ^ ((size_t)1 << i)] + (sum[m] == 0) == best[m])
					take = i;
			group[g++] = who[take];
			m ^= (size_t)1 << take;
			if (sum[m] == 0) {
				settle_group(left, group, g, pay, &npay);
				g = 0;
			}
		}
		settle_group(left, group, g, pay, &npay);
		free(group);
		free(sum);
		free(best);
	} else
		settle_group(left, who, k, pay, &npay);
	free(who);
	free(left);
	*out = pay;
	return npay;
}

void
settle_money(long cents, char *buf, size_t size)
{
	long a = cents < 0 ? -cents : cents;
	snprintf(buf, size, "%s$%ld.%02ld", cents < 0 ? "-" : "", a / 100, a % 100);
}
