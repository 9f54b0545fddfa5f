/* registry.c: every game tally knows, in `tally games` order (rules.h). */
#include <stddef.h>

#include "../core/rules.h"

extern const struct game_rules golf_rules, bankrupt_rules, chase_ace_rules;

const struct game_rules *const rules_registry[] = {
	&golf_rules,
	&bankrupt_rules,
	&chase_ace_rules,
	NULL
};
