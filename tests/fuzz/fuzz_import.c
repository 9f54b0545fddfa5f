/* SPDX-License-Identifier: ISC */
/* fuzz_import.c: libFuzzer target for reading an import file
 * (core/import.c): whatever the bytes, import_read() returns ST_OK with a
 * set that holds what the store may write, or refuses with 65, 66 or 74
 * and a message.  A set that was read must keep the promises of
 * core/import.h: names that pass the name check again unchanged (NFC), no
 * player twice in a game, a dealer among the seats, a replay with every
 * live hand, every night closed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/import.h"
#include "../../core/names.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"
#include "../../db/store.h"

static void
check_item(const struct import_item *g)
{
	struct diag d = {0};
	struct game_state *st = import_replay(g, &d);
	if (g->uid == NULL || g->kind == NULL || g->started == NULL || st == NULL)
		abort();
	if (g->dealer < 0 || g->dealer >= g->nplayers || st->nhands != g->nhands)
		abort();
	state_free(st);
	for (int i = 0; i < g->nplayers; i++) {
		char *again = NULL;
		if (names_check(g->names[i], &again, &d) != ST_OK || strcmp(again, g->names[i]) != 0)
			abort();
		free(again);
		for (int j = 0; j < i; j++)
			if (names_eq(g->names[i], g->names[j]))
				abort();
	}
	if (g->night_name && (g->night_started == NULL || g->night_ended == NULL))
		abort();
	diag_clear(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_set set;
	struct diag d = {0};
	FILE *f = fmemopen((void *)data, size, "r");
	if (f == NULL)
		return 0;
	enum status rc = import_read(f, "fuzz.json", STORE_SCHEMA_VERSION, NULL, &set, &d);
	fclose(f);
	if (rc == ST_OK) {
		long hands = 0, n = 0;
		struct import_item g;
		int more = 1;
		/* the games come back from the scratch file as they were checked */
		while (more) {
			if (import_next(&set, &g, &more, &d) != ST_OK)
				abort();
			if (!more)
				break;
			check_item(&g);
			hands += g.nhands;
			n++;
			import_item_release(&g);
		}
		if (n != set.n || hands != set.hands || set.schema < 1 || set.schema > STORE_SCHEMA_VERSION)
			abort();
	} else if ((rc != ST_RULE && rc != ST_NOINPUT && rc != ST_IO) || d.message == NULL ||
	    strstr(d.message, "nothing was imported") == NULL)
		abort();
	import_set_release(&set);
	diag_clear(&d);
	return 0;
}
