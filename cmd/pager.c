/* SPDX-License-Identifier: ISC */
/* pager.c: long output through $PAGER at a terminal, and --limit N
 * (see cmd.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"

#include "../core/fit.h"
#include "../core/util.h"

static pid_t pager_pid;
static int pager_off;
static int pager_cols;  /* the terminal's columns, read before the pager took stdout */

void
cmd_pager_never(void)
{
	pager_off = 1;
}

/* At exit: the pager reads to the end of what was written, then tally
 * waits for it to quit, as git does, so the shell prompt comes after it. */
static void
pager_end(void)
{
	fflush(stdout);
	close(STDOUT_FILENO);
	while (waitpid(pager_pid, NULL, 0) < 0 && errno == EINTR)
		;
}

int
cmd_paging(void)
{
	return pager_pid > 0;
}

int
cmd_reader_gone(void)
{
	struct stat sb;
	struct pollfd p = { STDOUT_FILENO, POLLOUT, 0 };
	if (cmd_paging())
		return 1;
	/* a pipe or a socket whose reading end is closed polls as an error
	 * (POLLERR; a socket's peer gone, POLLHUP); a file or a device that
	 * failed a write (a full disk) is no pipe */
	if (fstat(STDOUT_FILENO, &sb) != 0 || !(S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode)))
		return 0;
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

int
cmd_columns(void)
{
	return pager_pid > 0 ? pager_cols : text_columns(stdout);
}

void
cmd_pager_start(void)
{
	if (pager_pid != 0 || pager_off || !isatty(STDOUT_FILENO))
		return;
	const char *pager = getenv("PAGER");
	if (pager == NULL)
		pager = "less";
	if (*pager == '\0' || strcmp(pager, "cat") == 0)
		return;
	/* less quits at once when the text fits the screen (-F), passes
	 * colour through (-R) and leaves the text on the screen (-X); a LESS
	 * of the user's own is kept */
	setenv("LESS", "FRX", 0);
	fflush(stdout);
	pager_cols = text_columns(stdout);
	int fd[2];
	if (pipe(fd) != 0)
		return;
	pid_t pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return;
	}
	if (pid == 0) {
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		execl("/bin/sh", "sh", "-c", pager, (char *)NULL);
		_exit(127);
	}
	dup2(fd[1], STDOUT_FILENO);
	close(fd[0]);
	close(fd[1]);
	pager_pid = pid;
	atexit(pager_end);
}

enum status
cmd_limit(const struct cmd_run *r, long *limit, struct diag *d)
{
	const char *v = cmd_opt(r, "limit");
	*limit = 0;
	if (v != NULL && !parse_long(v, 1, LONG_MAX, limit))
		return diag_set(d, ST_USAGE, NULL, v, "usage", "--limit takes a number of rows, 1 or more, not '%s'", v);
	return ST_OK;
}
