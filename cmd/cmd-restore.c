/* SPDX-License-Identifier: ISC */
/* cmd-restore.c: `tally restore ID`, bring back a game `tally delete`
 * took out (see cmd-delete.c). */
#include "cmd.h"

static enum status
cmd_restore_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	return cmd_delete_or_restore(ctx, argc, argv, 0);
}

const struct cmd_entry cmd_restore_entry = {
	.name = "restore",
	.usage = "ID",
	.summary = "bring back a deleted game into list, history, stats, nights and exports",
	.exec = cmd_restore_exec,
};
