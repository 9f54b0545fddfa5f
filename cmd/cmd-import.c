/*
 * cmd-import.c: `tally import FILE` (- for stdin): read a `tally export`
 * JSON file into this database.  The whole file is read and checked first
 * (core/import.h: complete, a schema this tally knows, every name, seat,
 * option and hand as `tally new` and `tally hand` would check them) without
 * the database; only then is it written, in one short transaction.  Any
 * failure imports nothing.  A game whose uid is already here is skipped, so
 * importing the same file twice changes nothing.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/import.h"
#include "../core/util.h"
#include "../db/report.h"
#include "cmd.h"

/* Games an import keeps the statistics for one by one; after that they are
 * refilled once before the commit (db/store.h). */
#define IMPORT_KEEP_STATS 500

struct import_counts {
	long games, skipped, hands;
};

/* Write the games of set that are not here yet; the caller holds the write
 * lock.  Only the store can fail now (ST_IO). */
static enum status
import_write(struct store *s, const struct import_set *set, struct import_counts *c, struct diag *d)
{
	enum status rc = ST_OK;
	for (long i = 0; i < set->n && rc == ST_OK; i++) {
		const struct import_item *g = &set->g[i];
		int exists;
		long night_id = 0, id;
		if ((rc = report_uid_exists(s, g->uid, &exists, d)) != ST_OK)
			break;
		if (exists) {
			c->skipped++;
			continue;
		}
		if (g->night_name && (rc = report_import_night(s, g->night_uid, g->night_name, g->night_started,
		    g->night_ended, &night_id, d)) != ST_OK)
			break;
		struct import_game ig = { g->uid, g->kind, g->started, g->ended, g->closed, g->dealer, night_id,
			g->names, g->nplayers, &g->opts, g->entries, g->recorded, g->nhands, g->undone,
			g->undone_recorded, g->nundone };
		if ((rc = store_import_game(s, &ig, g->st, &id, d)) == ST_OK) {
			for (int k = 0; k < g->nsubs && rc == ST_OK; k++)
				rc = store_sub_add(s, id, g->subs[k].seat, g->subs[k].hand, g->subs[k].player, d);
			if (rc != ST_OK)
				break;
			c->games++;
			c->hands += g->nhands;
			/* past a few hundred games, refilling the statistics once at the
			 * end is cheaper than keeping them game by game */
			if (c->games == IMPORT_KEEP_STATS)
				store_stats_defer(s);
		}
	}
	return rc;
}

static enum status
cmd_import_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct diag d = {0};
	struct store *s;
	struct import_counts c = {0, 0, 0};
	struct import_set set;
	enum status rc;
	FILE *f;

	if (argc != 1) {
		fprintf(stderr, "tally: usage: tally import FILE (a tally export; - for stdin)\n");
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
	/* read and check it all before the database is even opened: a slow
	 * pipe or a long replay locks nobody out */
	rc = import_read(f, strcmp(argv[0], "-") == 0 ? "stdin" : argv[0], STORE_SCHEMA_VERSION, &set, &d);
	if (f != stdin)
		fclose(f);
	/* then one short transaction */
	if (rc == ST_OK && (rc = cmd_store(ctx, &s, &d)) == ST_OK && (rc = store_begin(s, 1, &d)) == ST_OK) {
		if ((rc = import_write(s, &set, &c, &d)) == ST_OK && (rc = store_stats_resume(s, &d)) == ST_OK)
			rc = store_commit(s, &d);
		else
			store_rollback(s);
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
	.usage = "FILE",
	.summary = "read a tally export; every hand is checked by replay, games already here are skipped",
	.help = "  FILE   a `tally export` JSON file, or - for stdin; read and checked whole before\n"
	    "         anything is written: all or nothing (65 for a cut-off or bad file)",
	.exec = cmd_import_exec,
};
