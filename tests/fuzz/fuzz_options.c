/* SPDX-License-Identifier: ISC */
/* fuzz_options.c: libFuzzer target for the option parser (core/options.c):
 * the first byte picks a game and a player count, the rest are KEY=VALUE
 * words.  A built option set must start a game. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/options.h"
#include "../../core/rules.h"
#include "../../core/state.h"
#include "../../core/util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *names[] = { "A", "B", "C", "D", "E", "F", "G", "H" };
	int ngames = 0;
	if (size < 1)
		return 0;
	while (rules_registry[ngames])
		ngames++;
	const struct game_rules *r = rules_registry[data[0] % ngames];
	int n = r->min_players + (data[0] / ngames) % (r->max_players - r->min_players + 1);
	if (n > 8)
		n = 8;
	char *text = xstrndup((const char *)data + 1, size - 1);
	char *args[64];
	int na = 0;
	for (char *t = strtok(text, " \n"); t && na < 64; t = strtok(NULL, " \n"))
		args[na++] = t;
	struct optset os = {0};
	struct diag d = {0};
	enum status rc = options_build(r, n, args, na, &os, &d);
	if (rc == ST_OK) {
		struct game_state *st = state_new(r, names, n, &os, 0, &d);
		if (st == NULL && d.status != ST_USAGE)
			abort();
		state_free(st);
	} else if (rc != ST_USAGE || d.message == NULL)
		abort();
	options_release(&os);
	diag_clear(&d);
	free(text);
	return 0;
}
