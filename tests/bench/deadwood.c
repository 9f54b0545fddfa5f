/* SPDX-License-Identifier: ISC */
/*
 * deadwood.c: how long the Gin Rummy meld search takes on the hardest hands
 * we could construct (many overlapping sets and runs), and with lay-offs
 * and the knocker's choice of meldings.  Prints figures for `make bench`.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "../../games/gin.h"

static double
now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(void)
{
	static const char *const hands[] = {
		"4S 5S 6S 4H 5H 6H 4D 5D 6D 4C",   /* four 4s, sets and runs everywhere */
		"5S 6S 7S 5H 6H 7H 5D 6D 7D 5C 6C",/* eleven cards: big gin size */
		"AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",  /* one long run: many sub-runs */
		"7S 7H 7D 7C 8S 8H 8D 8C 9S 9H",   /* sets of four and runs across */
		"9S JS KS 9H JH KH 10D QD 10C QC", /* no melds: 98 */
	};
	const int reps = 2000;
	double worst = 0;
	const char *worst_hand = "";
	for (size_t h = 0; h < sizeof hands / sizeof hands[0]; h++) {
		struct card c[12];
		struct diag d = {0};
		struct gin_melding m;
		int n, v = 0;
		cards_parse(hands[h], NULL, c, 12, &n, &d);
		double t0 = now();
		for (int r = 0; r < reps; r++)
			v = gin_meld(c, n, NULL, &m);
		double per = (now() - t0) / reps;
		printf("  deadwood search %-36s %7.1f us (deadwood %d)\n", hands[h], per * 1e6, v);
		if (per > worst) {
			worst = per;
			worst_hand = hands[h];
		}
	}
	/* the knocker's choice among equal meldings, with the defender's lay-offs */
	struct card k[12], df[12];
	struct gin_melding km, dm;
	struct diag d = {0};
	int nk, nd;
	cards_parse("5H 6H 7H 6S 6D 8S 8H 8D 9S 10S", NULL, k, 12, &nk, &d);
	cards_parse("4H 8C 9H 10H 6C 7S 7D 7C JS QS", NULL, df, 12, &nd, &d);
	double t0 = now();
	for (int r = 0; r < reps; r++)
		gin_meld_knock(k, nk, df, nd, &km, &dm);
	double knock = (now() - t0) / reps;
	printf("  knock with lay-offs (knocker's choice)              %7.1f us\n", knock * 1e6);
	printf("deadwood search, worst hand: %.1f us (%s); goal < 1000 us\n", worst * 1e6, worst_hand);
	return 0;
}
