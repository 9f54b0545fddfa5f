/* SPDX-License-Identifier: ISC */
/*
 * main.c: tally's entry point.  Reads the global options (--db, --json,
 * --version, --help), finds the command and turns its status into the exit
 * status (SPEC section 5).
 */
#include <locale.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../core/testhook.h"
#include "../core/util.h"
#include "../db/store.h"
#include "cmd.h"

#ifndef TALLY_VERSION
#define TALLY_VERSION "0.1.0"
#endif

static void
usage(FILE *f)
{
	fprintf(f, "usage: tally [--db PATH] [--json] COMMAND [ARGS]\n\ncommands:\n");
	for (int i = 0; cmd_table[i]; i++)
		fprintf(f, "  %-7s %s\n          %s\n", cmd_table[i]->name, cmd_table[i]->usage,
		    cmd_table[i]->summary);
	fprintf(f, "\nA command may be shortened to a unique prefix (tally sho = show).\n"
	    "Options take --key value or --key=value, -- ends them, -o/--output - is stdout.\n"
	    "The database is --db PATH, else $TALLY_DB, else $XDG_DATA_HOME/tally/tally.db;\n"
	    "the first command that writes creates it (a command that only reads does not).\n"
	    "Times are stored in UTC and shown in the local time zone, $TZ.\n"
	    "'tally help COMMAND' and 'man tally' say more.\n");
}

/* The database: $TALLY_DB (even empty: it is checked like --db), else
 * $XDG_DATA_HOME/tally/tally.db, else ~/.local/share/tally/tally.db with ~
 * from $HOME or, when that is unset, the password entry.  NULL when no
 * home can be found: nothing is written into the current directory. */
static char *
default_db(void)
{
	const char *env = getenv("TALLY_DB");
	if (env)
		return xstrdup(env);
	const char *xdg = getenv("XDG_DATA_HOME");
	if (xdg && *xdg == '/')
		return xasprintf("%s/tally/tally.db", xdg);
	const char *home = getenv("HOME");
	if (home == NULL || *home != '/') {
		struct passwd *pw = getpwuid(getuid());
		home = pw && pw->pw_dir && *pw->pw_dir == '/' ? pw->pw_dir : NULL;
	}
	return home ? xasprintf("%s/.local/share/tally/tally.db", home) : NULL;
}

/* Flush the output; when it cannot be written, say so, and what was
 * stored all the same (so that a script does not enter it twice).
 * Returns rc, or ST_IO for an output lost after a success.  A reader that
 * went away (`tally help | head -1`) chose to read no more: no error. */
static enum status
flush_output(enum status rc, const char *stored)
{
	if ((fflush(stdout) != 0 || ferror(stdout)) && !cmd_reader_gone()) {
		if (stored)
			cmd_say(stderr, "", "tally: cannot write the output, but %s; do not enter it again", stored);
		else
			fputs("tally: cannot write the output\n", stderr);
		if (rc == ST_OK)
			rc = ST_IO;
	}
	return rc;
}

/* Take the global options (--json, --db PATH, --version) out of argv,
 * before or after the command name; an argument after "--" is left alone.
 * Returns -1 to go on, else the exit status (--version printed, a usage
 * error said). */
static int
global_options(int *argc, char **argv, struct cmd_ctx *ctx, char **db)
{
	int i, j;
	for (i = 1, j = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			while (i < *argc)
				argv[j++] = argv[i++];
			break;
		}
		if (strcmp(argv[i], "--json") == 0) {
			ctx->json = 1;
		} else if (strcmp(argv[i], "--db") == 0) {
			if (i + 1 >= *argc) {
				fputs("tally: --db needs a path\n", stderr);
				return ST_USAGE;
			}
			free(*db);
			*db = xstrdup(argv[++i]);
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			free(*db);
			*db = xstrdup(argv[i] + 5);
		} else if (strcmp(argv[i], "--version") == 0 && j == 1) {
			if (ctx->json)
				printf("{\"version\":\"%s\",\"schema\":%d}\n", TALLY_VERSION, STORE_SCHEMA_VERSION);
			else
				printf("tally %s (schema %d)\n", TALLY_VERSION, STORE_SCHEMA_VERSION);
			return flush_output(ST_OK, NULL);
		} else
			argv[j++] = argv[i];
	}
	argv[j] = NULL;
	*argc = j;
	return -1;
}

/* With no command: help, or a usage error for an unknown option.  Returns
 * -1 when there is a command to run, else the exit status. */
static int
no_command(int argc, char **argv, const struct cmd_ctx *ctx)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		if (ctx->json)
			cmd_usage_json(NULL);
		else
			usage(stdout);
		return flush_output(ST_OK, NULL);
	}
	if (argv[1][0] == '-') {
		struct diag d = {0};
		diag_set(&d, ST_USAGE, NULL, argv[1], "usage", "unknown option '%s'; 'tally help' lists the commands",
		    argv[1]);
		return cmd_fail(&d);
	}
	return -1;
}

/* The database path: *db as given, else the default (*is_default 1);
 * -1 to go on, else the exit status (the error said). */
static int
database_path(char **db, int *is_default)
{
	struct diag d = {0};
	*is_default = *db == NULL && getenv("TALLY_DB") == NULL;
	if (*db == NULL && (*db = default_db()) == NULL) {
		fputs("tally: no home directory ($HOME is unset and the password entry has none);"
		    " give the database with --db PATH or TALLY_DB\n", stderr);
		return ST_USAGE;
	}
	if (store_check_path(*db, &d) != ST_OK)
		return cmd_fail(&d);
	return -1;
}

/* Find and run the command argv[1] (or show its help). */
static enum status
dispatch(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	enum status rc = ST_OK;
	const struct cmd_entry *c = cmd_find(argv[1], &d);
	if (c == NULL)
		rc = cmd_fail(&d);
	else if (cmd_wants_help(argc - 2, argv + 2)) {
		if (ctx->json)
			cmd_usage_json(c);
		else
			cmd_usage(c);
	} else {
		rc = cmd_dispatch(ctx, c, argc - 2, argv + 2);
	}
	diag_clear(&d);
	return rc;
}

/* TALLY_RUSAGE: what this run cost, its close included */
static void
report_rusage(void)
{
	if (testhook(TESTHOOK_RUSAGE)) {
		/* for make bench: the peak memory of this run; for the tests
		 * that bound a command's cost: its CPU time, user and system */
		struct rusage ru;
		if (getrusage(RUSAGE_SELF, &ru) == 0) {
			fprintf(stderr, "tally: peak memory %ld KB\n", ru.ru_maxrss);
			fprintf(stderr, "tally: cpu time %ld us\n",
			    (long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L + (long)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec));
		}
	}
}

int
main(int argc, char **argv)
{
	struct cmd_ctx ctx = {0};
	char *db = NULL;
	int early;

	setlocale(LC_CTYPE, "");
	/* a reader that goes away (tally hand ... | head) must not kill tally
	 * after a hand is stored: the write fails with EPIPE instead, and
	 * the error says the hand was stored */
	signal(SIGPIPE, SIG_IGN);
	if ((early = global_options(&argc, argv, &ctx, &db)) >= 0) {
		free(db);
		return early;
	}
	static char shell[] = "shell";
	char *shell_argv[3];
	if (argc < 2 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		/* `tally` alone at a terminal: table mode (a new argv: the old one
		 * has no room, and the environment follows it in memory) */
		shell_argv[0] = argv[0];
		shell_argv[1] = shell;
		shell_argv[2] = NULL;
		argv = shell_argv;
		argc = 2;
	}
	if ((early = no_command(argc, argv, &ctx)) >= 0 || (early = database_path(&db, &ctx.db_default)) >= 0) {
		free(db);
		return early;
	}
	ctx.db_path = db;
	enum status rc = dispatch(&ctx, argc, argv);
	char *stored = store_stored(ctx.store) ? xstrdup(store_stored(ctx.store)) : NULL;
	/* the report before the close: a hand is durable at its commit (WAL,
	 * synchronous FULL), and the close's checkpoint into the .db with its
	 * syncs is a good part of a hand's life; a tally killed there (or a
	 * power cut) stored a hand it had not yet reported, for the player to
	 * enter again */
	rc = flush_output(rc, stored);
	store_close(ctx.store);
	cmd_forget_checkpoint();
	free(db);
	free(stored);
	report_rusage();
	return (int)rc;
}
