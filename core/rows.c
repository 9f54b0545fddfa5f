/* SPDX-License-Identifier: ISC */
/* rows.c: what the store keeps of a replayed game (see rows.h). */
#include "rows.h"

#include <string.h>

#include "ledger.h"
#include "rules.h"
#include "settle.h"
#include "sides.h"
#include "state.h"
#include "util.h"

/* Seat i of st as table seat holds it. */
static struct rows_seat
seat_of(const struct game_state *st, int i, const struct column *chips, const struct column *lives)
{
	const struct player_state *p = &st->p[i];
	struct rows_seat r = { .total = p->total, .out = p->out, .rank = p->rank, .winner = p->winner,
		.out_by = p->out_by, .side = state_side(st, i), .joined = p->joined, .start = p->start };
	r.chips_value = chips ? chips->value(st, i) : 0;
	r.lives_value = lives ? lives->value(st, i) : 0;
	/* what the seat's chips or lives are measured against, so that
	 * held - start_chips is what it won or lost: the opening balance,
	 * less what it won and keeps apart from them (Chase the Ace's pot
	 * won lies beside the lives, RULES 7.4) */
	long held = chips ? r.chips_value : lives ? r.lives_value : 0;
	r.start_chips = st->ledger ? held - settle_seat_net(st, i) : 0;
	if (r.side < 0)
		r.side = -1;
	return r;
}

void
rows_from_state(const struct game_state *st, int from, struct game_rows *out)
{
	const struct column *chips = state_column(st, "chips"), *lives = state_column(st, "lives");
	int n = st->nplayers;
	memset(out, 0, sizeof *out);
	out->nplayers = n;
	out->nhands = st->nhands;
	out->over = st->over;
	out->closed = st->closed;
	out->chips_column = chips != NULL;
	out->lives_column = lives != NULL;
	out->has_ledger = st->ledger != NULL;
	if (from < 1 || from > st->nhands)
		from = st->nhands + 1;
	out->from = from;
	out->seat = pool_alloc(&out->pool, sizeof *out->seat * (size_t)(n ? n : 1));
	out->before = pool_alloc(&out->pool, sizeof *out->before * (size_t)(n ? n : 1));
	for (int i = 0; i < n; i++) {
		out->seat[i] = seat_of(st, i, chips, lives);
		out->before[i] = 0;
	}
	/* the running totals before the hands held: each seat's points,
	 * a late arrival's from the points it started from */
	for (int h = 0; h + 1 < from; h++)
		for (int i = 0; i < n; i++)
			out->before[i] += st->hands[h].points[i] + (h + 1 == st->p[i].joined ? st->p[i].start : 0);
	int held = st->nhands - from + 1;
	out->hand = pool_alloc(&out->pool, sizeof *out->hand * (size_t)(held > 0 ? held : 1));
	for (int h = from - 1; h < st->nhands; h++) {
		const struct hand_record *hr = &st->hands[h];
		out->hand[h - from + 1] = (struct rows_hand){ hr->note, hr->points, hr->held,
			(const char *const *)hr->detail };
	}
	const struct ledger *l = st->ledger;
	int first = 0;
	while (l && first < l->nmoves && l->moves[first].hand < from)
		first++;
	out->move = pool_alloc(&out->pool, sizeof *out->move * (size_t)(l && l->nmoves > first ? l->nmoves - first : 1));
	for (int k = first; l && k < l->nmoves && l->moves[k].hand <= st->nhands; k++) {
		const struct ledger_move *m = &l->moves[k];
		out->move[out->nmoves++] = (struct rows_move){ m->hand, m->from, m->to, m->amount, m->reason };
	}
}

void
rows_release(struct game_rows *r)
{
	pool_free(r->pool);
	memset(r, 0, sizeof *r);
}
