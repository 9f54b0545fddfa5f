/* SPDX-License-Identifier: ISC */
/* hollywood.c: three games at once (see hollywood.h). */
#include "hollywood.h"

#include "../core/rules.h"
#include "../core/state.h"

void
hollywood_init(struct hollywood *h)
{
	*h = (struct hollywood){ .closed = { -1, -1, -1 } };
}

unsigned
hollywood_credit(struct hollywood *h, int seat, long score, long target, int hand, unsigned *closed)
{
	unsigned in = 0, shut = 0;
	int upto = ++h->wins[seat] < 3 ? h->wins[seat] : 3;
	for (int c = 0; c < upto; c++) {
		if (h->closed[c] >= 0)
			continue;
		h->score[c][seat] += score;
		h->boxes[c][seat]++;
		in |= 1u << c;
		if (target > 0 && h->score[c][seat] >= target) {
			h->closed[c] = seat;
			h->closed_at[c] = hand;
			shut |= 1u << c;
		}
	}
	if (closed)
		*closed = shut;
	return in;
}

long
hollywood_cell(const struct hollywood *h, int c, int seat, int nhands)
{
	if (h->closed[c] >= 0 && h->closed_at[c] < nhands)
		return COLUMN_NONE;
	if (h->wins[seat] < c + 1)
		return COLUMN_NONE;
	return h->score[c][seat];
}

int
hollywood_over(const struct hollywood *h, int winner[2])
{
	int games[2] = {0};
	for (int c = 0; c < 3; c++) {
		if (h->closed[c] < 0)
			return 0;
		games[h->closed[c]]++;
	}
	winner[0] = games[0] >= games[1];
	winner[1] = games[1] >= games[0];
	return 1;
}
