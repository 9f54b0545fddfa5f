/*
 * cmd-import.c: `tally import FILE` (- for stdin): read a `tally export`
 * JSON file into this database.  The whole file is read and checked first
 * (core/import.h: complete, a schema this tally knows, every name, seat,
 * option and hand as `tally new` and `tally hand` would check them) without
 * the database; only then is it written, in batches of whole games, each
 * its own short transaction (import_write).  A bad file imports nothing.
 * A game whose uid is already here is skipped, so importing the same file
 * twice changes nothing, and running an import that was killed again adds
 * the rest.
 *
 * `tally import FILE.db` (issue 16) reads another tally database, opened
 * read only, as its own `tally export` would write it, and then goes the
 * same way: import_read() checks it all, import_write() writes it.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../core/import.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

/* Games an import keeps the statistics for one by one; after that they are
 * refilled once at its end (db/store.h store_import_defer). */
#define IMPORT_KEEP_STATS 500
/* A batch of whole games is one write transaction: a new one starts after
 * this long (ms), so a writer at the table waits no longer than about that. */
#define IMPORT_BATCH_MS 500
/* Between batches the write lock is let go this long (ms): several times
 * the few ms a waiting tally sleeps between tries (db/store_internal.h
 * BUSY_STEP_MS), so a writer that is waiting gets its turn. */
#define IMPORT_YIELD_MS 30

struct import_counts {
	long games, skipped, hands;
	int deferred;      /* the statistics are refilled at the end */
};

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Write game g unless it is here already (a game is known by its uid, so
 * an import run again, or after a kill, skips what it wrote).  In the
 * caller's write transaction; only the store can fail now (ST_IO). */
static enum status
import_one(struct store *s, const struct import_item *g, struct import_counts *c, struct diag *d)
{
	int exists;
	long night_id = 0, id;
	enum status rc;
	if ((rc = report_uid_exists(s, g->uid, &exists, d)) != ST_OK)
		return rc;
	if (exists) {
		c->skipped++;
		return ST_OK;
	}
	if (g->night_name && (rc = report_import_night(s, g->night_uid, g->night_name, g->night_started,
	    g->night_ended, &night_id, d)) != ST_OK)
		return rc;
	struct import_game ig = { g->uid, g->kind, g->started, g->ended, g->closed, g->dealer, night_id,
		g->names, g->nplayers, &g->opts, g->entries, g->recorded, g->nhands, g->undone,
		g->undone_recorded, g->nundone };
	struct game_state *st = import_replay(g, d);
	if (st == NULL)
		return ST_INTERNAL;  /* it replayed when it was read */
	rc = store_import_game(s, &ig, st, &id, d);
	state_free(st);
	if (rc != ST_OK)
		return rc;
	for (int k = 0; k < g->nsubs && rc == ST_OK; k++)
		rc = store_sub_add(s, id, g->subs[k].seat, g->subs[k].hand, g->subs[k].player, d);
	if (rc != ST_OK)
		return rc;
	c->games++;
	c->hands += g->nhands;
	/* past a few hundred games, refilling the statistics once at the end
	 * is cheaper than keeping them game by game */
	if (c->games == IMPORT_KEEP_STATS && !c->deferred) {
		c->deferred = 1;
		rc = store_import_defer(s, d);
	}
	return rc;
}

/*
 * Write the games of set that are not here yet, in batches of whole games:
 * each batch one write transaction of about IMPORT_BATCH_MS, the lock let
 * go IMPORT_YIELD_MS between them, so a `tally hand` at the table waits at
 * most one batch.  Once the statistics are deferred, every batch notes so
 * in its own transaction (store_import_defer), and at the end they are
 * refilled and the note cleared (store_import_restat, which reads outside
 * the write lock and writes under it): a kill at any moment leaves whole
 * games, and statistics that are right, or made right by the next tally
 * that opens the file.  TALLY_IMPORT_DELAY_MS (tests only) sleeps that
 * long after each game written, inside the batch, to make a small import
 * a long one.
 */
static enum status
import_write(struct store *s, const struct import_set *set, struct import_counts *c, struct diag *d)
{
	const char *delay_env = getenv("TALLY_IMPORT_DELAY_MS");
	long delay = delay_env ? atol(delay_env) : 0;
	enum status rc = ST_OK;
	store_import_start(s);
	for (long i = 0; i < set->n;) {
		if (i > 0)
			sleep_ms(IMPORT_YIELD_MS);
		if ((rc = store_begin(s, 1, d)) != ST_OK)
			return rc;
		double t0 = now_ms();
		if (c->deferred)
			rc = store_import_defer(s, d);
		for (; i < set->n && rc == ST_OK && now_ms() - t0 < IMPORT_BATCH_MS; i++) {
			rc = import_one(s, &set->g[i], c, d);
			if (delay > 0)
				sleep_ms(delay);
		}
		if (rc != ST_OK) {
			store_rollback(s);
			return rc;
		}
		if ((rc = store_commit(s, d)) != ST_OK)
			return rc;
	}
	/* the last transaction refills what the batches put off */
	if (c->deferred) {
		sleep_ms(IMPORT_YIELD_MS);
		rc = store_import_restat(s, d);
	}
	return rc == ST_OK ? store_import_end(s, d) : rc;
}

/*
 * Another tally database at path, as its export: every game (report_game_ids
 * with no query, as `tally export` takes them) written to a scratch file
 * one game a line (cmd_game_json, the export's own), which import_read()
 * then reads and checks like any export.  The file is opened read only.
 */
static enum status
import_read_db(const char *path, struct import_set *set, struct diag *d)
{
	struct store *src = NULL;
	struct query all = {0};
	long *ids = NULL, nids = 0;
	enum status rc;
	FILE *tmp = tmpfile();
	memset(set, 0, sizeof *set);
	if (tmp == NULL)
		return diag_set(d, ST_IO, NULL, path, "import", "cannot make a scratch file to read %s", path);
	if ((rc = store_open_readonly(path, &src, d)) == ST_OK && (rc = store_begin(src, 0, d)) == ST_OK &&
	    (rc = report_game_ids(src, &all, &ids, &nids, d)) == ST_OK) {
		fprintf(tmp, "{\"tally_export\": 1, \"schema\": %d, \"games\": [\n", STORE_SCHEMA_VERSION);
		for (long i = 0; i < nids && rc == ST_OK; i++) {
			struct stored_game *g = NULL;
			if ((rc = store_game_load(src, ids[i], &g, d)) != ST_OK)
				break;
			json_t *o = cmd_game_json(g);
			char *line = json_dumps(o, JSON_COMPACT);
			fprintf(tmp, "%s%s\n", line ? line : "{}", i + 1 < nids ? "," : "");
			free(line);
			json_decref(o);
			stored_game_free(g);
		}
		fprintf(tmp, "]}\n");
	}
	free(ids);
	store_close(src);
	if (rc == ST_OK && (fflush(tmp) != 0 || ferror(tmp)))
		rc = diag_set(d, ST_IO, NULL, path, "import", "cannot write a scratch file to read %s", path);
	if (rc == ST_OK) {
		rewind(tmp);
		rc = import_read(tmp, path, STORE_SCHEMA_VERSION, set, d);
	}
	fclose(tmp);
	return rc;
}

static enum status
cmd_import_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct store *s;
	struct import_counts c = {0};
	struct import_set set;
	enum status rc;
	FILE *f;

	if (argc != 1) {
		fprintf(stderr, "tally: usage: tally import FILE (a tally export, - for stdin, or another tally database)\n");
		return ST_USAGE;
	}
	f = strcmp(argv[0], "-") == 0 ? stdin : fopen(argv[0], "r");
	struct stat sb;
	if (f == NULL || (f != stdin && fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode))) {
		/* a directory opens, but is no input file (66, as a missing one) */
		diag_set(&d, ST_NOINPUT, NULL, argv[0], "import", "cannot read %s: %s", argv[0],
		    f ? "it is a directory" : strerror(errno));
		if (f)
			fclose(f);
		cmd_error(&d);
		diag_clear(&d);
		return ST_NOINPUT;
	}
	/* another tally database (its first bytes say so) */
	char magic[16] = "";
	int is_db = f != stdin && fread(magic, 1, sizeof magic, f) == sizeof magic &&
	    memcmp(magic, "SQLite format 3", 16) == 0;
	if (f != stdin)
		rewind(f);
	/* read and check it all before the database is even opened: a slow
	 * pipe or a long replay locks nobody out */
	if (is_db) {
		fclose(f);
		f = NULL;
		rc = import_read_db(argv[0], &set, &d);
	} else
		rc = import_read(f, strcmp(argv[0], "-") == 0 ? "stdin" : argv[0], STORE_SCHEMA_VERSION, &set, &d);
	if (f && f != stdin)
		fclose(f);
	/* then short transactions of whole games */
	if (rc == ST_OK && (rc = cmd_store(ctx, &s, &d)) == ST_OK && (rc = import_write(s, &set, &c, &d)) != ST_OK &&
	    c.games > 0) {
		/* the batches before the failure are whole games, kept */
		char *msg = xstrdup(d.message);
		diag_set(&d, rc, NULL, NULL, "import", "%s; %ld game%s of it %s imported before that, whole; run the"
		    " import again for the rest (games already here are skipped)", msg, c.games, plural_s(c.games),
		    c.games == 1 ? "was" : "were");
		free(msg);
	}
	import_set_free(&set);
	if (rc == ST_OK && ctx->json)
		printf("{\"imported\":%ld,\"hands\":%ld,\"skipped\":%ld}\n", c.games, c.hands, c.skipped);
	else if (rc == ST_OK)
		printf("imported %ld game%s (%ld hand%s), %ld already here\n", c.games, plural_s(c.games),
		    c.hands, plural_s(c.hands), c.skipped);
	else
		cmd_error(&d);
	diag_clear(&d);
	return rc;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "FILE|FILE.db",
	.summary = "read a tally export or another tally database; every hand is checked by replay, games already here are skipped",
	.help = "  FILE   a `tally export` JSON file, or - for stdin; read and checked whole before\n"
	    "         anything is written: all or nothing (65 for a cut-off or bad file)\n"
	    "         then written in batches of whole games, each a short transaction, so\n"
	    "         hands can be entered meanwhile; a killed import leaves whole games, and\n"
	    "         running it again adds the rest\n"
	    "  FILE.db  another tally database (e.g. one table's laptop), opened read only\n"
	    "         and imported the way its export would be; importing it again changes\n"
	    "         nothing",
	.exec = cmd_import_exec,
};
