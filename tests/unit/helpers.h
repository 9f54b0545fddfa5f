/* SPDX-License-Identifier: ISC */
/*
 * helpers.h: what the game tests share: start a game of any kind with
 * options, apply entries that must pass or must be refused.  Header-only so
 * each test program stays one file.
 */
#ifndef TALLY_TEST_HELPERS_H
#define TALLY_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

static char *test_names[] = { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L" };

/* A new game of kind for the players names[0..n-1] with space-separated
 * options and the first dealer's seat. */
static inline struct game_state *
new_game_of(const char *kind, char **names, int n, const char *opts, int dealer)
{
	struct optset os = {0};
	struct diag d = {0};
	char *copy = xstrdup(opts ? opts : "");
	char *args[32];
	int na = 0;
	for (char *t = strtok(copy, " "); t && na < 32; t = strtok(NULL, " "))
		args[na++] = t;
	const struct game_rules *r = rules_find(kind);
	assert_non_null(r);
	if (options_build(r, n, args, na, &os, &d) != ST_OK)
		fail_msg("options: %s", d.message);
	struct game_state *st = state_new(r, names, n, &os, dealer, &d);
	if (st == NULL)
		fail_msg("state: %s", d.message);
	options_release(&os);
	free(copy);
	diag_clear(&d);
	return st;
}

/* new_game_of for the first n of test_names. */
static inline struct game_state *
new_game(const char *kind, int n, const char *opts, int dealer)
{
	return new_game_of(kind, test_names, n, opts, dealer);
}

/* Seat's value in the game's column key ("final", "plays"), which st
 * must show now. */
static inline long
column_of(const struct game_state *st, const char *key, int seat)
{
	const struct column *c = state_column(st, key);
	if (c == NULL)
		fail_msg("no column %s shown", key);
	return c->value(st, seat);
}

/* Apply an entry that must be accepted; returns the number of warnings. */
static inline int
accept_entry(struct game_state *st, const char *entry)
{
	struct diag d = {0};
	struct warnings w = {0};
	if (rules_apply_text(st, entry, &w, &d) != ST_OK)
		fail_msg("'%s' refused: %s", entry, d.message);
	int n = w.n;
	warnings_release(&w);
	return n;
}

/* Apply an entry that must be refused with status `want`, the message
 * holding `needle` (may be NULL). */
static inline void
refuse_entry(struct game_state *st, const char *entry, enum status want, const char *needle)
{
	struct diag d = {0};
	struct warnings w = {0};
	enum status rc = rules_apply_text(st, entry, &w, &d);
	if (rc != want)
		fail_msg("'%s': status %d, want %d (%s)", entry, rc, want, d.message ? d.message : "");
	if (needle && strstr(d.message, needle) == NULL)
		fail_msg("'%s': message '%s' lacks '%s'", entry, d.message, needle);
	warnings_release(&w);
	diag_clear(&d);
}

/* The sum of every player's chips and the pot. */
static inline long
chips_in_play(const struct game_state *st)
{
	long s = st->pot;
	for (int i = 0; i < st->nplayers; i++)
		s += st->p[i].held;
	return s;
}

#endif
