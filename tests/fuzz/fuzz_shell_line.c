/* SPDX-License-Identifier: ISC */
/*
 * fuzz_shell_line.c: libFuzzer target for table mode (cmd/cmd-shell.c):
 * the input is what is typed, a line of table mode and, after it, the
 * answers a guided hand reads.  It runs through shell_run() with no
 * terminal on a database that starts, every run, as a copy of one made
 * once: a Golf game with a hole played, a Hand & Foot game and a
 * Chase the Ace game.  No run may crash, leak or end in an internal error
 * (70), and `check` must find every stored game as its rules replay it.
 * Inputs with '/' are skipped, so no command names a file outside the
 * scratch directory the target works in.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../cmd/cmd.h"
#include "../../cmd/shell.h"
#include "../../core/lineedit.h"
#include "../../core/util.h"
#include "../../db/store.h"

static char *db_path;
static char scratch[] = "/tmp/tally-fuzz-shell.XXXXXX";
static char *seed_db;
static size_t seed_len;

/* Run text as table mode on db_path; returns its status. */
static enum status
run(const char *text, size_t len)
{
	struct cmd_ctx ctx = {0};
	ctx.db_path = db_path;
	FILE *in = fmemopen((void *)text, len, "r");
	if (in == NULL)
		abort();
	struct lineedit *le = lineedit_open_stream(in);
	enum status rc = shell_run(&ctx, le, 0);
	lineedit_close(le);
	fclose(in);
	store_close(ctx.store);
	return rc;
}

/* At exit: the scratch directory and what the commands wrote in it. */
static void
cleanup(void)
{
	DIR *dir = opendir(scratch);
	struct dirent *e;
	while (dir && (e = readdir(dir)) != NULL) {
		char *f = xasprintf("%s/%s", scratch, e->d_name);
		unlink(f);
		free(f);
	}
	if (dir)
		closedir(dir);
	rmdir(scratch);
}

static void
setup(void)
{
	if (mkdtemp(scratch) == NULL || chdir(scratch) != 0)
		abort();
	atexit(cleanup);
	db_path = xasprintf("%s/t.db", scratch);
	/* what tally prints is not the point; a read of stdin would wait */
	if (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "r", stdin) == NULL)
		abort();
	static const char night[] =
	    "new golf Ann Bob Cid\n"
	    "Ann=K 3 5 A Bob=9 Cid=12 --knock Bob\n"
	    "new hand-foot Ann Bob Cid Dee\n"
	    "new chase-ace Ann Bob Cid\n";
	if (run(night, sizeof night - 1) != ST_OK)
		abort();
	FILE *f = fopen(db_path, "rb");
	if (f == NULL)
		abort();
	seed_db = xmalloc(1 << 22);
	seed_len = fread(seed_db, 1, 1 << 22, f);
	fclose(f);
}

static void
reset(void)
{
	char *wal = xasprintf("%s-wal", db_path), *shm = xasprintf("%s-shm", db_path);
	unlink(wal);
	unlink(shm);
	free(wal);
	free(shm);
	FILE *f = fopen(db_path, "wb");
	if (f == NULL || fwrite(seed_db, 1, seed_len, f) != seed_len || fclose(f) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (db_path == NULL)
		setup();
	if (size > 4096 || memchr(data, '/', size) || memchr(data, '\0', size))
		return 0;
	reset();
	if (run((const char *)data, size) == ST_INTERNAL)
		abort();
	static const char check[] = "check\n";
	if (run(check, sizeof check - 1) != ST_OK)
		abort();
	return 0;
}
