/* SPDX-License-Identifier: ISC */
/* cmd-restore.c: `tally restore ID`, bring back a game `tally delete`
 * took out (see cmd-delete.c). */
#include "cmd.h"

static enum status
cmd_restore_exec(struct cmd_run *r, struct diag *d)
{
	return cmd_delete_or_restore(r, 0, d);
}

const struct cmd_entry cmd_restore_entry = {
	.name = "restore",
	.usage = "ID",
	.summary = "bring back a deleted game into list, history, stats, nights and exports",
	.store = CMD_STORE_WRITE | CMD_STORE_HELD,
	.nargs = { 1, 1 },
	.run = cmd_restore_exec,
};
