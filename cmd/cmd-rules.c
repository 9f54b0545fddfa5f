/* cmd-rules.c: `tally rules GAME`, a game's rules in brief and its options. */
#include <stdio.h>

#include "../core/rules.h"
#include "cmd.h"

static enum status
cmd_rules_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)ctx;
	if (argc != 1) {
		fprintf(stderr, "tally: usage: tally rules GAME ('tally games' lists them)\n");
		return ST_USAGE;
	}
	struct diag d = {0};
	const struct game_rules *r = rules_lookup(argv[0], &d);
	if (r == NULL) {
		enum status rc = d.status;
		cmd_error(&d);
		diag_clear(&d);
		return rc;
	}
	printf("%s (%s), %d-%d players\n\n%s\n\nEntering a %s:\n%s\nExample:\n  %s\n",
	    r->title, r->name, r->min_players, r->max_players, r->summary, r->hand_word,
	    r->entry_help, r->example);
	if (r->presets) {
		printf("\nPresets (-o preset=NAME; the first is the default):\n");
		for (const struct preset_def *p = r->presets; p->name; p++)
			printf("  %-10s %s\n", p->name, p->help);
	}
	printf("\nSubstitutes: %s\n", r->substitutes
	    ? "allowed: 'tally sub OLD NEW' lets NEW play OLD's seat from the next hand on"
	    : "not allowed in this game (each score is one person's own play or stake)");
	printf("\nOptions (-o KEY=VALUE; default first in brackets; * = play only, not scored):\n");
	for (const struct option_def *od = r->options; od && od->key; od++) {
		printf("  %s%s [%s] %s\n      %s\n", od->key, od->play_only ? "*" : "",
		    od->def ? od->def : "depends", od->type == OPT_BOOL ? "true|false" : od->values,
		    od->help);
	}
	return ST_OK;
}

const struct cmd_entry cmd_rules_entry = {
	.name = "rules",
	.usage = "GAME",
	.summary = "a game's rules in brief, its options, presets and an entry example",
	.exec = cmd_rules_exec,
};
