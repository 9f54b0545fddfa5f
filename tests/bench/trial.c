/* SPDX-License-Identifier: ISC */
/*
 * trial.c: what a refused hand and table mode's trial of an answer cost
 * in-process, late in a long game (hole 301 of Golf to a target nobody
 * reaches).  Both are put back from a copy of what a hand may
 * change, not by replaying the game, so neither grows with the game.
 * Prints figures for `make bench`.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "../../core/options.h"
#include "../../core/rules.h"
#include "../../core/state.h"

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

int
main(void)
{
	struct diag d = {0};
	struct optset os = {0};
	struct warnings w = {0};
	char *names[] = { "Ann", "Bob", "Cid", "Dee" };
	char *opt[] = { "target=100000" };
	char *good[] = { "Ann=K 3 5 A", "Bob=4", "Cid=7 7 K 4", "Dee=12" };
	const struct game_rules *r = rules_find("golf");
	const int runs = 1000;
	if (r == NULL || options_build(r, 4, opt, 1, &os, &d) != ST_OK)
		return 1;
	struct game_state *st = state_new(r, names, 4, &os, 0, &d);
	for (int i = 0; st && i < 300; i++)
		if (rules_apply_text(st, "Ann=\"K 3 5 A\" Bob=4 Cid=\"7 7 K 4\" Dee=12 --knock Ann", &w, &d) != ST_OK)
			return 1;
	if (st == NULL)
		return 1;
	double t0 = now();
	for (int i = 0; i < runs; i++) {
		if (rules_apply_text(st, "Ann=\"K 3 5 A\" Bob=99 Cid=\"7 7 K 4\" Dee=12", &w, &d) == ST_OK)
			return 1;
		diag_clear(&d);
	}
	double t1 = now();
	for (int i = 0; i < runs; i++)
		if (rules_trial(st, 4, good, &d) != ST_OK)
			return 1;
	double t2 = now();
	printf("  %-45s %8.1f us\n", "refused hand at hole 301 (in-process)", (t1 - t0) / runs);
	printf("  %-45s %8.1f us\n", "table-mode trial of an answer, hole 301", (t2 - t1) / runs);
	warnings_release(&w);
	options_release(&os);
	state_free(st);
	return 0;
}
