/* SPDX-License-Identifier: ISC */
/*
 * floor.c: the floor for `tally hand`, what make bench measures tally
 * against: a program that opens the database as tally does (read-write,
 * foreign keys on, WAL, synchronous FULL) and runs the same writes in one
 * transaction, and nothing else: no argument parsing, no rules, no replay.
 *
 * usage: floor DB SQLFILE   (SQLFILE holds the transaction, BEGIN to COMMIT)
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		return NULL;
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n)
		return NULL;
	buf[n] = '\0';
	fclose(f);
	return buf;
}

int
main(int argc, char **argv)
{
	sqlite3 *db;
	char *sql, *err = NULL;
	if (argc != 3 || (sql = slurp(argv[2])) == NULL) {
		fprintf(stderr, "usage: floor DB SQLFILE\n");
		return 64;
	}
	if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
		return 74;
	sqlite3_busy_timeout(db, 10000);
	if (sqlite3_exec(db, "PRAGMA foreign_keys = ON; PRAGMA journal_mode; PRAGMA synchronous = FULL", NULL,
	        NULL, &err) != SQLITE_OK ||
	    sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "floor: %s\n", err ? err : "error");
		sqlite3_close(db);
		return 74;
	}
	free(sql);
	return sqlite3_close(db) == SQLITE_OK ? 0 : 74;
}
