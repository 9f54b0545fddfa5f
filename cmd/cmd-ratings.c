#include "cmd.h"
static enum status
cmd_ratings_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)ctx; (void)argc; (void)argv;
	return ST_OK;
}
const struct cmd_entry cmd_ratings_entry = {
	.name = "ratings",
	.usage = "[QUERY] [--csv]",
	.summary = "skill ratings",
	.exec = cmd_ratings_exec,
};
