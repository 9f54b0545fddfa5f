/* SPDX-License-Identifier: ISC */
/*
 * cmd-seats.c: `tally seats [PLAYER...]`: a seating for the next game so
 * that, over the night, each player comes to sit after each other player
 * (a deposit or a discard binds the player on your left, as Account's seed
 * says).  It counts, for every ordered pair, how often the second sat
 * straight after the first in tonight's games, and picks the seating whose
 * pairs have sat together least.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fit.h"
#include "../core/json.h"
#include "../core/names.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/standings.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

struct seat_search {
	int n;
	int *count;  /* n x n: how often j sat right after i */
	int *perm, *best, *used;
	long best_cost, evaluated;
};

static long
cost(const struct seat_search *x, const int *p)
{
	long c = 0;
	for (int i = 0; i < x->n; i++) {
		int a = p[i], b = p[(i + 1) % x->n], k = x->count[a * x->n + b];
		c += (long)k * k * 100 + k; /* repeats weigh most */
	}
	return c;
}

static void
permute(struct seat_search *x, int depth)
{
	if (x->evaluated > 200000)
		return;
	if (depth == x->n) {
		long c = cost(x, x->perm);
		x->evaluated++;
		if (x->best_cost < 0 || c < x->best_cost) {
			x->best_cost = c;
			memcpy(x->best, x->perm, sizeof *x->best * (size_t)x->n);
		}
		return;
	}
	for (int i = 1; i < x->n; i++) {
		if (x->used[i])
			continue;
		x->used[i] = 1;
		x->perm[depth] = i;
		permute(x, depth + 1);
		x->used[i] = 0;
	}
}

/* The players to seat: argv (each once), else the current game's.
 * *names (heap, n heap strings) is the caller's to free. */
static enum status
seat_names(struct cmd_run *r, int argc, char **argv, char ***names, int *n, struct diag *d)
{
	enum status rc = ST_OK;
	*names = xcalloc((size_t)(argc > 0 ? argc : 1), sizeof **names);
	if (argc > 0) {
		for (int i = 0; i < argc; i++) {
			/* one person, one seat: a usage error (64), as in `new` */
			for (int k = 0; k < *n; k++)
				if (names_eq((*names)[k], argv[i]))
					return diag_set(d, ST_USAGE, argv[i], argv[i], "player",
					    "%s is seated twice (as '%s' and '%s')", argv[i], (*names)[k], argv[i]);
			(*names)[(*n)++] = xstrdup(argv[i]);
		}
	} else if ((rc = cmd_run_game(r, -1, d)) == ST_OK) {
		free(*names);
		*names = xcalloc((size_t)r->st->nplayers, sizeof **names);
		for (int i = 0; i < r->st->nplayers; i++)
			(*names)[(*n)++] = xstrdup(r->st->p[i].name);
	} else
		diag_set(d, ST_NOINPUT, NULL, NULL, "seats", "name the players: tally seats PLAYER...");
	if (rc == ST_OK && *n < 2)
		rc = diag_set(d, ST_USAGE, NULL, NULL, "seats", "a seating needs two players or more");
	return rc;
}

/* How often each of the n players has sat right after each other in
 * tonight's seatings, into x->count[a * n + b]. */
static void
count_followings(struct seat_search *x, char **names, int n, char ***seatings, int nseat)
{
	for (int gi = 0; gi < nseat; gi++) {
		int len = 0;
		while (seatings[gi][len])
			len++;
		for (int k = 0; k < len; k++) {
			int a = -1, b = -1;
			for (int i = 0; i < n; i++) {
				if (names_eq(names[i], seatings[gi][k]))
					a = i;
				if (names_eq(names[i], seatings[gi][(k + 1) % len]))
					b = i;
			}
			if (a >= 0 && b >= 0)
				x->count[a * n + b]++;
		}
	}
}

/* Print the best seating x found, with how many players sit after someone
 * new to them. */
static void
print_seating(const struct cmd_ctx *ctx, char **names, const struct seat_search *x, int n, int nseat)
{
	int fresh = 0;
	for (int i = 0; i < n; i++)
		fresh += x->count[x->best[i] * n + x->best[(i + 1) % n]] == 0;
	if (ctx->json) {
		struct jv *a = jv_array();
		for (int i = 0; i < n; i++)
			jv_push(a, jv_str(names[x->best[i]]));
		struct jv *j = jv_pack("{s:o, s:i, s:i}", "seating", a, "fresh", fresh, "games_tonight", nseat);
		jv_print(stdout, j);
		jv_free(j);
	} else {
		/* broken between names on a terminal, each name whole */
		struct strbuf sb = {0};
		sb_add(&sb, "next seating, clockwise:");
		for (int i = 0; i < n; i++) {
			char *who = fit_glued(names[x->best[i]]);
			sb_printf(&sb, "%s %s", i ? "," : "", who);
			free(who);
		}
		cmd_say(stdout, "  ", "%s", sb.s);
		sb_release(&sb);
		cmd_say(stdout, "", "%d of %d players sit%s after someone they have not followed tonight (%d game%s so far)",
		    fresh, n, fresh == 1 ? "s" : "", nseat, plural_s(nseat));
	}
}

static enum status
cmd_seats_exec(struct cmd_run *r, struct diag *d)
{
	struct night_info night = {0};
	int found = 0, n = 0, nseat = 0;
	char **names = NULL, ***seatings = NULL;
	enum status rc;
	if ((rc = seat_names(r, r->argc, r->argv, &names, &n, d)) == ST_OK &&
	    (rc = store_night_current(r->store, &night, &found, d)) == ST_OK &&
	    (!found || (rc = store_night_seatings(r->store, night.id, &seatings, &nseat, d)) == ST_OK)) {
		struct seat_search x = { n, xcalloc((size_t)(n * n), sizeof(int)), xcalloc((size_t)n, sizeof(int)),
			xcalloc((size_t)n, sizeof(int)), xcalloc((size_t)n, sizeof(int)), -1, 0 };
		count_followings(&x, names, n, seatings, nseat);
		x.perm[0] = 0;
		x.used[0] = 1;
		permute(&x, 1);
		print_seating(r->ctx, names, &x, n, nseat);
		free(x.count);
		free(x.perm);
		free(x.best);
		free(x.used);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (seatings)
		store_seatings_free(seatings, nseat);
	night_info_release(&night);
	return rc;
}

const struct cmd_entry cmd_seats_entry = {
	.name = "seats",
	.usage = "[PLAYER...]",
	.summary = "suggest a seating so each player comes to sit after each other over the night",
	.nargs = { 0, -1 },
	.store = CMD_STORE_READ,
	.run = cmd_seats_exec,
};
