/* SPDX-License-Identifier: ISC */
/* interrupt.c: Ctrl-C noticed, for the long commands to stop at a whole
 * step and say what was done (see cmd.h). */
#include <signal.h>
#include <string.h>

#include "cmd.h"

static volatile sig_atomic_t caught;

static void
on_interrupt(int sig)
{
	(void)sig;
	if (caught) {
		/* a second Ctrl-C: the user means it; the database stays sound
		 * (SQLite rolls back the open transaction) */
		signal(SIGINT, SIG_DFL);
		raise(SIGINT);
	}
	caught = 1;
}

void
cmd_interrupt_catch(void)
{
	struct sigaction sa, old;
	/* table mode has its own Ctrl-C (it stops the command's statements
	 * and goes on): leave a handler that is there alone */
	if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

int
cmd_interrupted(void)
{
	return caught != 0;
}
