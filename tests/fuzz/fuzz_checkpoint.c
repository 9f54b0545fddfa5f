/* SPDX-License-Identifier: ISC */
/*
 * fuzz_checkpoint.c: libFuzzer target for the checkpoint reader
 * (core/checkpoint.h).  A sound checkpoint of a Golf game is changed as
 * the input says (bytes overwritten, put in, or the rest cut off and
 * replaced) and sealed again with its checksum, so that the reader meets
 * bytes that pass the checksum but hold anything.  It must never read
 * out of bounds, crash or leak; a state it accepts must take a further
 * hand, give a view and be freed like any other.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/checkpoint.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"
#include "../../core/view.h"

static char *names[] = { "Ann", "Bob", "Cid" };
static char *entries[] = { "Ann=\"K 3 5 A\" Bob=4 Cid=18 --knock Ann", "Ann=4 Bob=5 Cid=6", "Ann=1 Bob=2 Cid=3" };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_rules *r = rules_find("golf");
	static struct optset os;
	static unsigned char *sound;
	static size_t nsound;
	struct diag d = {0};
	if (sound == NULL) {
		char *args[] = { "target=100000" };
		if (options_build(r, 3, args, 1, &os, &d) != ST_OK)
			abort();
		struct game_record rec = { r, names, 3, &os, 0, entries, 3, 0, NULL, NULL, NULL, 0 };
		struct game_state *st = rules_replay(&rec, REPLAY_ALL, &d);
		if (st == NULL || (sound = checkpoint_encode(st, &nsound)) == NULL)
			abort();
		state_free(st);
	}
	if (size < 3)
		return 0;
	size_t at = (size_t)(data[0] | data[1] << 8) % nsound, n = size - 3;
	size_t len = data[2] % 3 == 0 ? (at + n > nsound ? at + n : nsound) : data[2] % 3 == 1 ? nsound + n : at + n;
	unsigned char *b = xcalloc(len ? len : 1, 1);
	if (data[2] % 3 == 1) {
		memcpy(b, sound, at);
		memcpy(b + at + n, sound + at, nsound - at);
	} else {
		memcpy(b, sound, at);
		if (data[2] % 3 == 0)
			memcpy(b, sound, nsound);
	}
	memcpy(b + at, data + 3, n);
	checkpoint_seal(b, len);
	struct game_record rec = { r, names, 3, &os, 0, entries, 3, 0, NULL, NULL, NULL, 0 };
	struct game_state *st = checkpoint_decode(&rec, b, len);
	if (st) {
		int failed;
		struct warnings w = {0};
		if (rules_replay_rest(st, &rec, &failed, &d) == ST_OK) {
			rules_apply_text(st, "Ann=2 Bob=3 Cid=4", &w, &d);
			view_free(view_build(st, NULL));
		}
		warnings_release(&w);
		diag_clear(&d);
		state_free(st);
	}
	free(b);
	return 0;
}
