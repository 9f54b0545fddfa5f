/* SPDX-License-Identifier: ISC */
/* registry.c: every game tally knows, in `tally games` order (rules.h). */
#include <stddef.h>

#include "../core/rules.h"
#include "../core/state.h"

extern const struct game_rules golf_rules, trash_rules, account_rules, bankrupt_rules,
    chase_ace_rules, spite_malice_rules, accordion_rules, royal_marriage_rules,
    push_pin_rules, double_jump_rules, french_solitaire_rules, concertina_rules,
    cribbage_solitaire_rules, gin_rules, hand_foot_rules, pad_rules;

const struct game_rules *const rules_registry[] = {
	&golf_rules,
	&trash_rules,
	&gin_rules,
	&hand_foot_rules,
	&account_rules,
	&bankrupt_rules,
	&chase_ace_rules,
	&spite_malice_rules,
	&accordion_rules,
	&royal_marriage_rules,
	&push_pin_rules,
	&double_jump_rules,
	&french_solitaire_rules,
	&concertina_rules,
	&cribbage_solitaire_rules,
	&pad_rules,
	NULL
};
