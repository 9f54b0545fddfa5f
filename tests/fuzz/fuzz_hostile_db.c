/* SPDX-License-Identifier: ISC */
/*
 * fuzz_hostile_db.c: libFuzzer targets for `tally import OTHER.db` on a
 * database someone else made: never a crash, a hang, a leak or an internal
 * error (70), and the importing file stays whole (`check` passes).
 *
 * Built twice (the Makefile's fuzz targets):
 *   db_sql    the input is SQL run on a copy of a real table's database
 *             (foreign keys off, the schema writable): mutated schemas,
 *             NULLs and wrong types, views, triggers, dropped columns;
 *   db_bytes  the input is bytes written over that copy (the first two
 *             bytes say where): damaged pages, headers and records.
 * Every run starts from the same two files, made once: the table's
 * database (a Golf game with a hole, a Gin game, a night) and the club's.
 */
#include <dirent.h>
#include <sqlite3.h>
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

#ifndef FUZZ_DB_MODE
#define FUZZ_DB_MODE "sql"
#endif

static char scratch[] = "/tmp/tally-fuzz-db.XXXXXX";
static char *club, *table;
static char *table_seed, *club_seed;
static size_t table_len, club_len;

/* Table mode's text run on db; its status. */
static enum status
run(const char *db, const char *text)
{
	struct cmd_ctx ctx = {0};
	ctx.db_path = db;
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	if (in == NULL)
		abort();
	struct lineedit *le = lineedit_open_stream(in);
	enum status rc = shell_run(&ctx, le, 0);
	lineedit_close(le);
	fclose(in);
	store_close(ctx.store);
	return rc;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = xmalloc(1 << 22);
	if (f == NULL)
		abort();
	*len = fread(buf, 1, 1 << 22, f);
	fclose(f);
	return buf;
}

static void
put(const char *path, const char *buf, size_t len)
{
	char *wal = xasprintf("%s-wal", path), *shm = xasprintf("%s-shm", path);
	unlink(wal);
	unlink(shm);
	free(wal);
	free(shm);
	FILE *f = fopen(path, "wb");
	if (f == NULL || fwrite(buf, 1, len, f) != len || fclose(f) != 0)
		abort();
}

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
	table = xasprintf("%s/table.db", scratch);
	club = xasprintf("%s/club.db", scratch);
	if (freopen("/dev/null", "w", stdout) == NULL ||
	    freopen("/dev/null", "r", stdin) == NULL)
		abort();
	if (run(table, "night start Tuesday\nnew golf Ann Bob Cid\nAnn=K 3 5 A Bob=9 Cid=12 --knock Bob\n"
	    "new gin Ann Bob\n--gin Ann Bob=10\n") != ST_OK || run(club, "new pad Zed Yan\nZed=1 Yan=2\n") != ST_OK)
		abort();
	table_seed = slurp(table, &table_len);
	club_seed = slurp(club, &club_len);
}

/* The table's database made hostile by the input; 0 to skip it. */
static int
mutate(const uint8_t *data, size_t size)
{
	put(table, table_seed, table_len);
	if (strcmp(FUZZ_DB_MODE, "bytes") == 0) {
		if (size < 3)
			return 0;
		size_t at = ((size_t)data[0] << 8 | data[1]) % table_len, n = size - 2;
		if (at + n > table_len)
			n = table_len - at;
		FILE *f = fopen(table, "r+b");
		if (f == NULL || fseek(f, (long)at, SEEK_SET) != 0 || fwrite(data + 2, 1, n, f) != n || fclose(f) != 0)
			abort();
		return 1;
	}
	if (memchr(data, '\0', size) || size > 2000)
		return 0;
	/* no ATTACH or load_extension: the SQL stays inside the copy */
	char *sql = xstrndup((const char *)data, size);
	int ok = strstr(sql, "ATTACH") == NULL && strstr(sql, "attach") == NULL && strstr(sql, "load_") == NULL;
	sqlite3 *db = NULL;
	if (ok && sqlite3_open(table, &db) == SQLITE_OK) {
		sqlite3_exec(db, "PRAGMA foreign_keys = OFF; PRAGMA writable_schema = ON", NULL, NULL, NULL);
		sqlite3_exec(db, sql, NULL, NULL, NULL);
	}
	sqlite3_close(db);
	free(sql);
	return ok;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (table == NULL)
		setup();
	if (!mutate(data, size))
		return 0;
	put(club, club_seed, club_len);
	char *line = xasprintf("import %s\n", table);
	enum status rc = run(club, line);
	free(line);
	if (rc == ST_INTERNAL)
		abort();
	if (run(club, "check\n") != ST_OK)
		abort();
	return 0;
}
