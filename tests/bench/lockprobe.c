/* SPDX-License-Identifier: ISC */
/*
 * lockprobe.c: how long a writer waits for a tally database's write lock
 * while something else (an import) runs, for `make bench` and the kill
 * loop.  Every few milliseconds it takes the write lock the way `tally
 * hand` does (BEGIN IMMEDIATE, trying again every 5 ms), lets it go at
 * once, and keeps the longest wait.  On SIGTERM or SIGINT (or when the file
 * STOP exists) it prints "longest wait MS ms over N takes" and exits 0.
 * Usage: lockprobe DB [STOP]
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int
busy_wait(void *ctx, int tries)
{
	(void)ctx;
	(void)tries;
	usleep(5000);
	return !stop;
}

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

int
main(int argc, char **argv)
{
	sqlite3 *db = NULL;
	double longest = 0;
	long takes = 0, failed = 0;
	struct sigaction sa = { .sa_handler = on_signal };
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: lockprobe DB [STOP]\n");
		return 64;
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	/* wait for the file: the import creates it */
	while (!stop && access(argv[1], F_OK) != 0)
		usleep(5000);
	if (!stop && sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		fprintf(stderr, "lockprobe: cannot open %s\n", argv[1]);
		return 74;
	}
	/* as tally waits (db/conn.c store_busy_wait): a try every 5 ms */
	sqlite3_busy_handler(db, busy_wait, NULL);
	while (!stop && !(argc == 3 && access(argv[2], F_OK) == 0)) {
		double t0 = now_ms();
		int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		double waited = now_ms() - t0;
		if (rc == SQLITE_OK) {
			sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
			takes++;
			if (waited > longest)
				longest = waited;
		} else {
			failed++;
		}
		usleep(5000);
	}
	sqlite3_close(db);
	printf("longest wait %.0f ms over %ld takes%s\n", longest, takes, failed ? " (some failed)" : "");
	return 0;
}
