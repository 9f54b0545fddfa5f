/* SPDX-License-Identifier: ISC */
/*
 * fuzz_game.c: libFuzzer target for one game's rules (built once per game
 * with -DFUZZ_GAME="golf" ...).  The first line is the options, the first
 * byte also picks the player count; every further line is an entry applied
 * in turn.  A refusal must be 64, 65 or 66 with a message and leave the
 * state as it was; the chips must add up (the core checks); and replaying
 * the accepted entries must give the same totals.  A checkpoint after
 * one of them (core/checkpoint.h), carried on over the rest, must give
 * the whole replay, and with a byte changed must not be read.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/checkpoint.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

#ifndef FUZZ_GAME
#define FUZZ_GAME "golf"
#endif

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *names[] = { "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal" };
	const struct game_rules *r = rules_find(FUZZ_GAME);
	if (r == NULL || size < 1)
		return 0;
	int span = r->max_players - r->min_players + 1;
	int n = r->min_players + data[0] % (span < 8 ? span : 8);
	if (n > 8)
		n = 8;
	char *text = xstrndup((const char *)data + 1, size - 1);
	char *save = NULL, *line = strtok_r(text, "\n", &save);
	char *args[32];
	int na = 0;
	char *optline = line ? xstrdup(line) : xstrdup("");
	for (char *t = strtok(optline, " "); t && na < 32; t = strtok(NULL, " "))
		args[na++] = t;
	struct optset os = {0};
	struct diag d = {0};
	struct game_state *st = NULL;
	if (options_build(r, n, args, na, &os, &d) != ST_OK)
		goto out;
	if ((st = state_new(r, names, n, &os, 0, &d)) == NULL)
		goto out;
	for (line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		struct warnings w = {0};
		int before = st->nhands;
		enum status rc = rules_apply_text(st, line, &w, &d);
		warnings_release(&w);
		if (rc == ST_OK)
			continue;
		if ((rc != ST_USAGE && rc != ST_RULE && rc != ST_NOINPUT) || d.message == NULL)
			abort(); /* an internal error is a bug */
		if (st->nhands != before)
			abort(); /* a refused hand must leave nothing behind */
		diag_clear(&d);
	}
	/* the same entries replay to the same standings */
	struct game_record rec = { r, names, n, &os, 0, st->entries, st->nentries, 0, NULL, NULL, NULL, 0 };
	struct game_state *again = rules_replay(&rec, REPLAY_ALL, &d);
	if (again == NULL)
		abort();
	for (int i = 0; i < n; i++)
		if (again->p[i].total != st->p[i].total || again->p[i].held != st->p[i].held ||
		    again->p[i].out != st->p[i].out)
			abort();
	if (again->nentries > 0 && checkpoint_supported(again)) {
		int k = 1 + (int)(size % (size_t)again->nentries), failed = 0;
		struct game_state *at = rules_replay(&rec, k, &d), *from = NULL;
		size_t len;
		unsigned char *bytes = at ? checkpoint_encode(at, &len) : NULL;
		if (bytes == NULL || (from = checkpoint_decode(&rec, bytes, len)) == NULL ||
		    rules_replay_rest(from, &rec, &failed, &d) != ST_OK || !checkpoint_same(from, again))
			abort(); /* a checkpoint must give what the replay gives */
		bytes[len - 1 - size % len] ^= 0x20;
		struct game_state *bad = checkpoint_decode(&rec, bytes, len);
		if (bad != NULL)
			abort(); /* a changed byte is never read */
		state_free(at);
		state_free(from);
		free(bytes);
	}
	state_free(again);
out:
	state_free(st);
	options_release(&os);
	diag_clear(&d);
	free(optline);
	free(text);
	return 0;
}
