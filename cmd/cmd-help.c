/* SPDX-License-Identifier: ISC */
/* cmd-help.c: `tally help [COMMAND]`. */
#include <stdio.h>

#include "cmd.h"

static enum status
cmd_help_exec(struct cmd_run *r, struct diag *d)
{
	const struct cmd_ctx *ctx = r->ctx;
	if (r->argc == 0 && ctx->json) {
		cmd_usage_json(NULL);
		return ST_OK;
	}
	if (r->argc == 0) {
		struct cmd_text t;
		FILE *o = cmd_text_open(&t);
		fprintf(o, "usage: tally [--db PATH] [--json] COMMAND [ARGS]\n\ncommands:\n");
		for (int i = 0; cmd_table[i]; i++)
			if (cmd_table[i]->usage[0] != '\0') /* no trailing blanks after a bare name */
				fprintf(o, "  %-7s %s\n          %s\n", cmd_table[i]->name, cmd_table[i]->usage,
				    cmd_table[i]->summary);
			else
				fprintf(o, "  %s\n          %s\n", cmd_table[i]->name, cmd_table[i]->summary);
		fprintf(o, "\n'tally help COMMAND' for one command, 'tally rules GAME' for a game.\n"
		    "Times are stored in UTC and shown in the local time zone, $TZ.\n");
		cmd_text_close(&t);
		return ST_OK;
	}
	const struct cmd_entry *c = cmd_find(r->argv[0], d);
	if (c == NULL)
		return ST_USAGE;
	if (ctx->json)
		cmd_usage_json(c);
	else
		cmd_usage(c);
	return ST_OK;
}

const struct cmd_entry cmd_help_entry = {
	.name = "help",
	.usage = "[COMMAND]",
	.summary = "this list, or one command's usage",
	.help = "  On a terminal narrower than 80 columns the text is broken again between\n"
	    "  words.",
	.nargs = { 0, 1 },
	.run = cmd_help_exec,
};
