/* SPDX-License-Identifier: ISC */
/*
 * store.c: opening the store (create, check, migrate), transactions, and
 * reading a game, the current game and the nights back (see store.h).
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file stands on conn.c (statements) and stats.c (a migration that
 * merges players or adds the kept statistics refills them); it writes no
 * derived rows (write.c does).
 */
#define _GNU_SOURCE
#include "store.h"
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/names.h"
#include "../core/afile.h"
#include "../core/testhook.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "../core/when.h"


/* Ordered migrations: migrations[i] takes user_version i to i + 1. */
/* The schema that added stat_fold (db/migrate-18.sql). */
#define SCHEMA_STAT_FOLD 18
/* The schema whose counts by player count are of finished games only
 * (db/migrate-23.sql). */
#define SCHEMA_COUNTS_PLAYED 23

static const char *const migrations[] = {
#include "schema.inc"
};

_Static_assert(sizeof migrations / sizeof migrations[0] == STORE_SCHEMA_VERSION,
    "one migration per schema version");

/* The connection's helpers (conn.c) under the short names this file has
 * always used. */
#define prep store_prep
#define finish store_finish
#define run store_run
#define exec_sql store_exec
#define db_error store_error
#define col_text store_col_text
#define bind_now store_bind_now
#define noted store_noted

static long
pragma_int(struct store *s, const char *sql, int *rcout)
{
	sqlite3_stmt *q;
	long v = 0;
	*rcout = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
	if (*rcout != SQLITE_OK)
		return 0;
	*rcout = sqlite3_step(q);
	if (*rcout == SQLITE_ROW) {
		v = sqlite3_column_int64(q, 0);
		*rcout = SQLITE_OK;
	} else if (*rcout == SQLITE_DONE)
		*rcout = SQLITE_OK;
	finish(s, q);
	return v;
}

static int
mkdir_p(const char *dir)
{
	char *p = xstrdup(dir);
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*q = '/';
	}
	int r = (mkdir(p, 0755) != 0 && errno != EEXIST) ? -1 : 0;
	free(p);
	return r;
}

/* One player as names_upgrade() reads them. */
struct name_row {
	long id;
	char *name, *nfc, *fold;
};

static int
name_row_cmp(const void *a, const void *b)
{
	const struct name_row *x = a, *y = b;
	int c = strcmp(x->fold, y->fold);
	return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Rewrite the kept seat line (game.seats, schema 7) of every game where
 * player sits, after a change of their name. */
static enum status
reseat_line(struct store *s, long player, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "UPDATE game SET seats = " STORE_SEAT_LINE("game.id")
	    " WHERE id IN (SELECT game_id FROM seat WHERE player_id = ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, player);
	return run(s, q, d);
}

/*
 * The C half of the migration that added player.fold (db/migrate-09.sql):
 * every player without a folded key gets one, and their name in NFC
 * (core/names.h).  Names that become one player:
 *   - never seated in one game together: merged into the oldest (lowest
 *     id), who keeps their spelling; their seats move over, the statistics
 *     are refilled, and a warning naming both is left in s->warn;
 *   - seated in one game together: the upgrade is refused (ST_IO, both
 *     names and the game in the message), since that game's hands could no
 *     longer tell them apart; the caller rolls everything back.
 * Runs inside the upgrade's transaction; a database already upgraded has
 * no NULL keys and costs one query.  *first is set to 1 when this was the
 * upgrade that added the keys (some player had none).
 */
/* Every player as names_upgrade sees them, into *rows (n of them; heap),
 * with *todo the number that have no folded key yet. */
static enum status
read_name_rows(struct store *s, struct name_row **rows, int *n, int *todo, struct diag *d)
{
	int rc;
	sqlite3_stmt *q = prep(s, "SELECT id, name, fold FROM player ORDER BY id", d);
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(q, 1);
		const char *fold = (const char *)sqlite3_column_text(q, 2);
		*rows = xrealloc(*rows, sizeof **rows * (size_t)(*n + 1));
		struct name_row *r = &(*rows)[*n];
		r->id = sqlite3_column_int64(q, 0);
		r->name = xstrdup(name ? name : "");
		/* a name that is not UTF-8 (written by hand) is kept as it is */
		if ((r->nfc = names_nfc(r->name)) == NULL)
			r->nfc = xstrdup(r->name);
		if (fold)
			r->fold = xstrdup(fold);
		else {
			(*todo)++;
			if ((r->fold = names_fold(r->nfc)) == NULL)
				r->fold = xstrdup(r->nfc);
		}
		(*n)++;
	}
	finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : db_error(s, rc, d, "read players");
}

/* Merge row `from` into `keep` (the same folded name): refused when both
 * sit in one game, else from's seats move over and from's id is negated
 * (to be deleted). */
static enum status
merge_name_row(struct store *s, const struct name_row *keep, struct name_row *from, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT a.game_id FROM seat a JOIN seat b ON b.game_id = a.game_id"
	    " WHERE a.player_id = ? AND b.player_id = ? LIMIT 1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, keep->id);
	sqlite3_bind_int64(q, 2, from->id);
	int rc = sqlite3_step(q);
	long game = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
	finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(s, rc, d, "read seats");
	if (rc == SQLITE_ROW)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s cannot be upgraded: players '%s' and '%s' are one name under Unicode"
		    " normalization and case folding, and both sit in game %ld; rename one with"
		    " the tally that wrote the file (sqlite3: UPDATE player SET name = ... WHERE id = %ld);"
		    " nothing was changed", s->path, keep->name, from->name, game, from->id);
	if (store_run2(s, "UPDATE seat SET player_id = ?1 WHERE player_id = ?2", keep->id, from->id, d) != ST_OK)
		return d->status;
	warnings_add(&s->warn, "players '%s' and '%s' are one name under Unicode normalization"
	    " and case folding; they are now one player, '%s'", keep->name, from->name, keep->nfc);
	from->id = -from->id;  /* merged: deleted below */
	return ST_OK;
}

/* Delete the merged players, give the others their NFC name and folded
 * key, and the seat lines of their games the new spelling. */
static enum status
rename_rows(struct store *s, struct name_row *rows, int n, int merged, struct diag *d)
{
	enum status r = ST_OK;
	for (int i = 0; r == ST_OK && i < n; i++) {
		if (rows[i].id >= 0)
			continue;
		sqlite3_stmt *q = prep(s, "DELETE FROM player WHERE id = ?", d);
		if (q == NULL)
			return d->status;
		sqlite3_bind_int64(q, 1, -rows[i].id);
		r = run(s, q, d);
	}
	for (int i = 0; r == ST_OK && i < n; i++) {
		if (rows[i].id < 0)
			continue;
		sqlite3_stmt *q = prep(s, "UPDATE player SET name = ?, fold = ? WHERE id = ?", d);
		if (q == NULL)
			return d->status;
		sqlite3_bind_text(q, 1, rows[i].nfc, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, rows[i].fold, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(q, 3, rows[i].id);
		if ((r = run(s, q, d)) == ST_OK && (merged || strcmp(rows[i].nfc, rows[i].name) != 0))
			r = reseat_line(s, rows[i].id, d);
	}
	return r;
}

static enum status
names_upgrade(struct store *s, int *first, struct diag *d)
{
	struct name_row *rows = NULL;
	int n = 0, todo = 0, merged = 0;
	enum status r = read_name_rows(s, &rows, &n, &todo, d);
	*first = todo > 0;
	if (r != ST_OK || todo == 0)
		goto out;
	qsort(rows, (size_t)n, sizeof *rows, name_row_cmp);
	for (int i = 1; i < n && r == ST_OK; i++) {
		struct name_row *keep = NULL;
		for (int k = i - 1; k >= 0 && strcmp(rows[k].fold, rows[i].fold) == 0; k--)
			keep = &rows[k];
		if (keep && (r = merge_name_row(s, keep, &rows[i], d)) == ST_OK)
			merged = 1;
	}
	/* the statistics count by player: refill them before the merged go */
	if (r == ST_OK && merged)
		r = stats_rebuild(s, d);
	if (r == ST_OK)
		r = rename_rows(s, rows, n, merged, d);
out:
	for (int i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].nfc);
		free(rows[i].fold);
	}
	free(rows);
	return r;
}

/* Part of the same upgrade as names_upgrade(): integer options stored as
 * typed ("+5", "0005") become canonical (core/options.h,
 * options_canonical), so that option:target=5 finds them.  Words and text
 * are left as they are (queries compare words case-insensitively). */
static enum status
options_upgrade(struct store *s, struct diag *d)
{
	struct { long rowid; char *value; } *fix = NULL;
	int n = 0, rc;
	enum status r = ST_OK;
	sqlite3_stmt *q = prep(s, "SELECT o.rowid, g.kind, o.key, o.value FROM game_option o"
	    " JOIN game g ON g.id = o.game_id WHERE o.value GLOB '+*' OR o.value GLOB '0?*' OR o.value GLOB '-0*'", d);
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const struct game_rules *rules = rules_find((const char *)sqlite3_column_text(q, 1));
		const struct option_def *od = rules ? options_find(rules, (const char *)sqlite3_column_text(q, 2)) : NULL;
		const char *value = (const char *)sqlite3_column_text(q, 3);
		char *canon = od && od->type == OPT_INT && value ? options_canonical(od, value) : NULL;
		if (canon && strcmp(canon, value) != 0) {
			fix = xrealloc(fix, sizeof *fix * (size_t)(n + 1));
			fix[n].rowid = sqlite3_column_int64(q, 0);
			fix[n++].value = canon;
		} else
			free(canon);
	}
	finish(s, q);
	if (rc != SQLITE_DONE)
		r = db_error(s, rc, d, "read options");
	for (int i = 0; i < n && r == ST_OK; i++) {
		if ((q = prep(s, "UPDATE game_option SET value = ? WHERE rowid = ?", d)) == NULL) {
			r = d->status;
			break;
		}
		sqlite3_bind_text(q, 1, fix[i].value, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(q, 2, fix[i].rowid);
		r = run(s, q, d);
	}
	for (int i = 0; i < n; i++)
		free(fix[i].value);
	free(fix);
	return r;
}

/* What the first page says: PRAGMA application_id, user_version and the
 * number of schema objects.  Read inside the caller's transaction. */
struct header {
	long appid, version, ntables;
};

static enum status
read_header(struct store *s, struct header *h, int *rcout, struct diag *d)
{
	int rc;
	h->appid = pragma_int(s, "PRAGMA application_id", &rc);
	if (rc == SQLITE_OK)
		h->version = pragma_int(s, "PRAGMA user_version", &rc);
	if (rc == SQLITE_OK)
		h->ntables = pragma_int(s, "SELECT count(*) FROM sqlite_schema", &rc);
	if (rcout)
		*rcout = rc;
	return rc == SQLITE_OK ? ST_OK : db_error(s, rc, d, "open");
}

/* A tally database has our application_id and a schema version in
 * 1..STORE_SCHEMA_VERSION; a brand-new empty file has neither (0, 0, no
 * tables).  Anything else is refused before a migration is looked up. */
static enum status
check_header(struct store *s, const struct header *h, struct diag *d)
{
	if (h->appid != STORE_APPLICATION_ID && (h->appid != 0 || h->ntables != 0))
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s is not a tally database (application_id %ld)", s->path, h->appid);
	if (h->version > (long)ARRAY_LEN(migrations))
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s was written by a newer tally (schema %ld; this one knows %d)",
		    s->path, h->version, (int)ARRAY_LEN(migrations));
	if (h->version < 0 || (h->version == 0 && (h->ntables != 0 || h->appid != 0)))
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s is not a tally database (schema version %ld; tally writes 1 to %d)",
		    s->path, h->version, (int)ARRAY_LEN(migrations));
	return ST_OK;
}

/* 1 if path is a complete copy of schema `version` (a copy taken before an
 * upgrade that was cut off is not). */
static int
backup_complete(const char *path, long version)
{
	sqlite3 *db = NULL;
	int rc, ok = 0;
	struct store tmp = {0};
	if (access(path, F_OK) != 0)
		return 0;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
		tmp.db = db;
		tmp.path = (char *)path;
		long v = pragma_int(&tmp, "PRAGMA user_version", &rc);
		ok = rc == SQLITE_OK && v == version;
	}
	sqlite3_close(db);
	return ok;
}

/* The copy before an upgrade could not be written (d says why): ST_IO. */
static enum status
copy_failed(struct store *s, const char *bak, struct diag *d)
{
	char *why = xstrdup(d->message ? d->message : "error");
	enum status r = diag_set(d, ST_IO, NULL, bak, "database",
	    "cannot keep a copy of %s before upgrading it: %s; nothing was changed", s->path, why);
	free(why);
	return r;
}

/* Copy every page of from's main database into the file at path, opened as
 * *to (the caller closes it, even on failure), with SQLite's backup API:
 * no SQL of the file's runs.  An SQLite result code. */
static int
copy_pages(sqlite3 *from, const char *path, sqlite3 **to)
{
	int rc = sqlite3_open_v2(path, to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK)
		return rc;
	sqlite3_backup *b = sqlite3_backup_init(*to, "main", from, "main");
	if (b == NULL)
		return sqlite3_errcode(*to);
	rc = sqlite3_backup_step(b, -1);
	int fin = sqlite3_backup_finish(b);
	return rc == SQLITE_DONE ? fin : rc;
}

/* Copy the database as it is now (inside the caller's read transaction)
 * to path.vN.bak, written whole through a temporary file; an existing
 * complete copy is kept unless again is set. */
static enum status
backup_before_upgrade(struct store *s, long version, int again, struct diag *d)
{
	char *bak = xasprintf("%s.v%ld.bak", s->open_name, version);
	struct afile af;
	sqlite3 *dst = NULL;
	enum status r = ST_OK;
	if (!again && backup_complete(bak, version))
		goto out;
	/* a link at the copy's name is replaced, never followed */
	if ((r = afile_open_how(&af, bak, AFILE_NOFOLLOW, d)) != ST_OK) {
		r = copy_failed(s, bak, d);
		goto out;
	}
	int rc = copy_pages(s->db, af.tmp ? af.tmp : bak, &dst);
	if (dst && sqlite3_close(dst) != SQLITE_OK && rc == SQLITE_OK)
		rc = SQLITE_IOERR;
	if (rc != SQLITE_OK) {
		afile_abort(&af);
		r = diag_set(d, ST_IO, NULL, bak, "database",
		    "cannot keep a copy of %s before upgrading it: %s; nothing was changed", s->path,
		    sqlite3_errstr(rc));
	} else if ((r = afile_commit(&af, d)) != ST_OK)
		r = copy_failed(s, bak, d);
out:
	free(bak);
	return r;
}

/*
 * Check the schema and bring it up to date.  A file already at this
 * version is only read.  Otherwise creation or upgrade is one exclusive
 * transaction that reads and checks the version again inside it, so that
 * several tallies opening one new or old file at once each find it either
 * untouched or finished.  The copy of an old file is taken just before, in
 * a read transaction (SQLite cannot copy from a connection that holds the
 * write lock); if anyone wrote between the copy and the lock, the copy is
 * taken again.
 */
static enum status
migrate(struct store *s, struct diag *d)
{
	struct header h;
	enum status r;
	long seen = -1;
	int rc;

	for (int attempt = 0;; attempt++) {
		if ((r = exec_sql(s, "BEGIN", d)) != ST_OK)
			return r;
		if ((r = read_header(s, &h, NULL, d)) == ST_OK && (r = check_header(s, &h, d)) == ST_OK &&
		    h.version > 0 && h.version < (long)ARRAY_LEN(migrations) &&
		    sqlite3_db_readonly(s->db, "main") != 1) {
			/* Keep a copy of an existing database before changing its schema. */
			seen = pragma_int(s, "PRAGMA data_version", &rc);
			if (rc != SQLITE_OK)
				r = db_error(s, rc, d, "open");
			else
				r = backup_before_upgrade(s, h.version, attempt > 0, d);
		}
		exec_sql(s, "COMMIT", NULL);
		if (r != ST_OK)
			return r;
		if (h.version == (long)ARRAY_LEN(migrations))
			return ST_OK;
		if (sqlite3_db_readonly(s->db, "main") == 1)
			return diag_set(d, ST_IO, NULL, s->path, "database",
			    "%s is read-only and needs an upgrade from schema %ld to %d; copy it somewhere writable",
			    s->path, h.version, (int)ARRAY_LEN(migrations));

		if ((r = exec_sql(s, "BEGIN EXCLUSIVE", d)) != ST_OK)
			return r;
		if ((r = read_header(s, &h, NULL, d)) != ST_OK || (r = check_header(s, &h, d)) != ST_OK)
			goto fail;
		if (h.version == (long)ARRAY_LEN(migrations))
			return exec_sql(s, "COMMIT", d);   /* another tally got here first */
		if (h.version > 0 && pragma_int(s, "PRAGMA data_version", &rc) != seen) {
			/* written since the copy: take it again */
			exec_sql(s, "ROLLBACK", NULL);
			if (attempt < 5)
				continue;
			return diag_set(d, ST_IO, NULL, s->path, "database",
			    "%s keeps changing while tally tries to copy it before an upgrade; try again", s->path);
		}
		break;
	}
	for (long v = h.version; v < (long)ARRAY_LEN(migrations); v++)
		if ((r = exec_sql(s, migrations[v], d)) != ST_OK)
			goto fail;
	/* schema 7's statistics need the games folded in time order, in C;
	 * schema 8 counts no game without hands */
	if (h.version < 8 && (r = stats_rebuild(s, d)) != ST_OK)
		goto fail;
	/* schema 18's fold order is the seats' (db/stats.c), read in C */
	if (h.version >= 8 && h.version < SCHEMA_STAT_FOLD && (r = stats_folds_fill(s, d)) != ST_OK)
		goto fail;
	/* schema 23 counts by player count only the games played, in C */
	if (h.version >= 8 && h.version < SCHEMA_COUNTS_PLAYED && (r = stats_counts_fill(s, d)) != ST_OK)
		goto fail;
	/* names in NFC with their folded keys (core/names.h), in C */
	int first = 0;
	if ((r = names_upgrade(s, &first, d)) != ST_OK || (first && (r = options_upgrade(s, d)) != ST_OK))
		goto fail;
	/* the kept ratings (db/migrate-11.sql) are worked out in C too */
	if ((r = ratings_ensure(s, d)) != ST_OK)
		goto fail;
	char *sql = xasprintf("PRAGMA user_version = %d; PRAGMA application_id = %d",
	    (int)ARRAY_LEN(migrations), STORE_APPLICATION_ID);
	r = exec_sql(s, sql, d);
	free(sql);
	if (r == ST_OK && (r = exec_sql(s, "COMMIT", d)) == ST_OK)
		return ST_OK;
fail:
	exec_sql(s, "ROLLBACK", NULL);
	return r;
}

enum status
store_check_path(const char *path, struct diag *d)
{
	if (path == NULL || *path == '\0')
		return diag_set(d, ST_USAGE, NULL, "", "database",
		    "the database path is empty; give a file with --db PATH or TALLY_DB");
	if (strcmp(path, ":memory:") == 0 || str_iprefix("file:", path))
		return diag_set(d, ST_USAGE, NULL, path, "database",
		    "'%s' is not a database file: tally keeps its games in a file, never in memory or an"
		    " SQLite URI (for a file of that name, write ./%s)", path, path);
	/* a pipe would hang the open, a device (/dev/null) gets a -journal
	 * beside it: a database is a regular file */
	struct stat sb;
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
		return diag_set(d, ST_IO, NULL, path, "database", "%s is not a regular file, so it cannot be a tally"
		    " database", path);
	return ST_OK;
}

/* file:/abs/path?immutable=1, the path percent-encoded. */
static char *
immutable_uri(const char *path)
{
	struct strbuf sb = {0};
	char *abs = NULL;
	if (*path != '/') {
		char *cwd = getcwd(NULL, 0);
		abs = xasprintf("%s/%s", cwd ? cwd : ".", path);
		free(cwd);
		path = abs;
	}
	sb_add(&sb, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-._~", *p))
			sb_addc(&sb, (char)*p);
		else
			sb_printf(&sb, "%%%02X", *p);
	}
	sb_add(&sb, "?immutable=1");
	free(abs);
	return sb_take(&sb);
}

enum open_mode { OPEN_WRITE, OPEN_READ, OPEN_IMMUTABLE };

static int
open_db(struct store *s, enum open_mode how)
{
	if (s->db)
		sqlite3_close(s->db);
	s->db = NULL;
	int rc;
	store_sqlite_setup();
	if (how == OPEN_IMMUTABLE) {
		char *uri = immutable_uri(s->path);
		rc = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL);
		free(uri);
	} else
		rc = sqlite3_open_v2(s->open_name, &s->db, SQLITE_OPEN_NOMUTEX | (how == OPEN_READ
		    ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE), NULL);
	if (rc == SQLITE_OK) {
		sqlite3_busy_handler(s->db, store_busy_wait, NULL);
		sqlite3_extended_result_codes(s->db, 1);
	}
	return rc;
}

/* Can the file be read as it is opened now?  (A WAL file on a read-only
 * medium cannot: its -shm cannot be made.) */
static int
readable(struct store *s, int *rcout)
{
	struct header h;
	int rc = SQLITE_OK;
	if (exec_sql(s, "BEGIN", NULL) == ST_OK) {
		read_header(s, &h, &rc, NULL);
		sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
	}
	*rcout = rc;
	int prim = rc & 0xff;
	return !(prim == SQLITE_CANTOPEN || prim == SQLITE_READONLY);
}

/* The directory path is in (a heap string), or NULL for the current one. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash != path ? xstrndup(path, (size_t)(slash - path)) : NULL;
}

/* ST_OK when the directory of s's file is there (or is made, with
 * make_dir); else status with d set, naming the file and the directory:
 * a --db or TALLY_DB in a directory that is not there is most likely
 * mistyped, and a file made there would be lost to the next command. */
static enum status
dir_ready(struct store *s, enum status status, struct diag *d)
{
	char *dir = dir_of(s->path);
	struct stat sb;
	enum status r = ST_OK;
	if (dir == NULL || (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode)))
		;
	else if (s->make_dir && mkdir_p(dir) != 0)
		r = diag_set(d, ST_IO, NULL, dir, "database", "cannot create directory %s: %s", dir, strerror(errno));
	else if (!s->make_dir)
		r = diag_set(d, status, NULL, s->path, "database", "cannot %s %s: there is no directory %s (tally"
		    " makes only its default one); create it, or mend --db or TALLY_DB",
		    status == ST_NOINPUT ? "read" : "create", s->path, dir);
	free(dir);
	return r;
}

/* Open s->path into s (store_open's work after the path is checked). */
static enum status
open_file(struct store *s, struct diag *d)
{
	const char *path = s->path;
	enum status r;
	int rc;
	int exists = access(path, F_OK) == 0;
	if (!exists && (r = dir_ready(s, ST_IO, d)) != ST_OK)
		return r;
	/* Read-write if we may; on a read-only medium (or a file whose -wal and
	 * -shm cannot be made) read-only, then immutable, so that the reading
	 * commands still work.  A write then fails as read-only. */
	rc = open_db(s, OPEN_WRITE);
	if (rc == SQLITE_OK && !readable(s, &rc))
		rc = SQLITE_CANTOPEN;
	/* why writing failed, for a write's error: a full disk is not a
	 * read-only file (the -shm could not be grown) */
	int sys = rc != SQLITE_OK && s->db ? sqlite3_system_errno(s->db) : 0;
	if (sys == ENOSPC || sys == EDQUOT)
		s->ro_why = xstrdup(strerror(sys));
	if (rc != SQLITE_OK && exists) {
		int rc2 = open_db(s, OPEN_READ);
		char *wal = xasprintf("%s-wal", path);
		struct stat wb;
		int has_wal = stat(wal, &wb) == 0 && wb.st_size > 0;
		free(wal);
		if (rc2 == SQLITE_OK && !readable(s, &rc2) && has_wal) {
			/* read without its -wal, the file would show what it held
			 * before the last writes: refuse, as sqlite3 -readonly does */
			return diag_set(d, ST_IO, NULL, path, "database", "cannot read %s: its %s-wal holds writes that"
			    " cannot be read here (a read-only directory); copy both files where they can be written,"
			    " or open it where it was written once to fold them in", path, path);
		}
		if (rc2 != SQLITE_OK || !readable(s, &rc2))
			rc2 = open_db(s, OPEN_IMMUTABLE);
		if (rc2 == SQLITE_OK)
			rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK)
		return diag_set(d, ST_IO, NULL, path, "database", "cannot open %s: %s", path,
		    s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
	/* tally's files have no view and no trigger: one in a file handed
	 * over as the database runs SQL of someone else's (a recursive view
	 * that never ends) inside every command */
	sqlite3_stmt *vq = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT type, name FROM sqlite_schema WHERE type IN ('view', 'trigger')", -1,
	    &vq, NULL) == SQLITE_OK && sqlite3_step(vq) == SQLITE_ROW) {
		r = diag_set(d, ST_IO, NULL, path, "database", "%s is not a usable tally database: it has a %s (%s);"
		    " tally's files have none", path, sqlite3_column_text(vq, 0), sqlite3_column_text(vq, 1));
		sqlite3_finalize(vq);
		return r;
	}
	sqlite3_finalize(vq);
	if ((r = exec_sql(s, "PRAGMA foreign_keys = ON", d)) != ST_OK || (r = migrate(s, d)) != ST_OK)
		return r;
	if (sqlite3_db_readonly(s->db, "main") == 1)
		return ST_OK;
	/* WAL lets two terminals at one table read while one writes; a
	 * read-only file keeps its mode, and reads still work. */
	int jrc;
	char *jm = NULL;
	sqlite3_stmt *q;
	jrc = sqlite3_prepare_v2(s->db, "PRAGMA journal_mode", -1, &q, NULL);
	if (jrc == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
		jm = xstrdup((const char *)sqlite3_column_text(q, 0));
	if (jrc == SQLITE_OK)
		finish(s, q);
	if (jm == NULL || strcmp(jm, "wal") != 0)
		sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
	free(jm);
	sqlite3_exec(s->db, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
	/* For the tests: a database that can grow only so far stands in for a
	 * full disk. */
	long pages = testhook(TESTHOOK_MAX_PAGES);
	if (pages > 0) {
		char *sql = xasprintf("PRAGMA max_page_count = %ld", pages);
		sqlite3_exec(s->db, sql, NULL, NULL, NULL);
		free(sql);
	}
	return ST_OK;
}

/* No file at s->path yet: s reads as an empty file would, from the
 * schema made in memory, and writes nothing there (query_only) until
 * store_begin asks to write and opens the file (absent_end). */
static enum status
open_absent(struct store *s, struct diag *d)
{
	enum status r;
	store_sqlite_setup();
	if (sqlite3_open_v2(":memory:", &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
		return diag_set(d, ST_IO, NULL, s->path, "database", "cannot open %s: %s", s->path,
		    s->db ? sqlite3_errmsg(s->db) : "out of memory");
	sqlite3_extended_result_codes(s->db, 1);
	if ((r = exec_sql(s, "PRAGMA foreign_keys = ON", d)) != ST_OK || (r = migrate(s, d)) != ST_OK ||
	    (r = exec_sql(s, "PRAGMA query_only = 1", d)) != ST_OK)
		return r;
	s->absent = 1;
	return ST_OK;
}

/* s stands for a file not there yet (open_absent): for a write (or once
 * the file is there, made by another tally), open the file itself,
 * making it; a read of a file in a directory not there says so.  What
 * was prepared on the stand-in goes with it. */
static enum status
absent_end(struct store *s, int write, struct diag *d)
{
	if (!write && access(s->path, F_OK) != 0)
		return s->make_dir ? ST_OK : dir_ready(s, ST_NOINPUT, d);
	for (int i = 0; i < s->ncached; i++) {
		sqlite3_finalize(s->cache[i].q);
		free(s->cache[i].sql);
	}
	s->ncached = 0;
	store_players_forget(s);
	sqlite3_close(s->db);
	s->db = NULL;
	s->absent = 0;
	enum status r = open_file(s, d);
	/* what was set on the stand-in's connection goes with it: an import's
	 * settings are made again on the file's */
	if (r == ST_OK && s->importing)
		store_import_pragmas(s);
	if (r != ST_OK) {
		/* stand in again, so that a table mode kept open reads on */
		struct diag again = {0};
		sqlite3_close(s->db);
		s->db = NULL;
		if (open_absent(s, &again) != ST_OK)
			abort();
		diag_clear(&again);
	}
	return r;
}

enum status
store_open_as(const char *path, int how, struct store **out, struct diag *d)
{
	enum status r;
	*out = NULL;
	if ((r = store_check_path(path, d)) != ST_OK)
		return r;
	struct store *s = xcalloc(1, sizeof *s);
	s->path = xstrdup(path);
	/* a plain file name, never read as an SQLite URI */
	s->open_name = *path == '/' ? xstrdup(path) : xasprintf("./%s", path);
	s->make_dir = (how & STORE_MAKE_DIR) != 0;
	/* no output of this process may replace the database or its side
	 * files (core/afile.h) */
	afile_protect(path);
	struct stat sb;
	if ((how & STORE_LAZY) && lstat(path, &sb) != 0 && (errno == ENOENT || errno == ENOTDIR))
		r = open_absent(s, d);
	else
		r = open_file(s, d);
	if (r != ST_OK) {
		store_close(s);
		return r;
	}
	*out = s;
	return ST_OK;
}

enum status
store_open(const char *path, struct store **out, struct diag *d)
{
	return store_open_as(path, STORE_MAKE_DIR, out, d);
}

int
store_absent(const struct store *s)
{
	return s && s->absent;
}

/* What a file not there yet holds, for a command that needed a game. */
static enum status
no_file_yet(const struct store *s, struct diag *d)
{
	return diag_set(d, ST_NOINPUT, NULL, s->path, "game",
	    "no games in %s: there is no such file yet; 'tally new GAME PLAYER...' starts one", s->path);
}

enum status
store_held(struct store *s, struct diag *d)
{
	/* another tally may have made the file since: store_begin opens it */
	if (!s->absent || access(s->path, F_OK) == 0)
		return ST_OK;
	return no_file_yet(s, d);
}

/* A file from elsewhere is read as SQLite advises for untrusted files
 * (sqlite.org/security.html): defensive, no schema functions trusted,
 * values bounded, and a query that runs too long (a recursive view) is
 * stopped.  TALLY_UNTRUSTED_SECONDS bounds it for the tests. */
#define UNTRUSTED_SECONDS 120
static int
too_long(void *ctx)
{
	const time_t *until = ctx;
	return store_stop_all || time(NULL) > *until;
}

/* The tables and the columns tally reads of another file. */
static const char *const untrusted_columns[][2] = {
	{ "game", "id, uid, kind, started, ended, status, closed, dealer, night_id, deleted, end_undone, end_undone_closed" },
	{ "seat", "game_id, seat, player_id" },
	{ "player", "id, name" },
	{ "hand", "game_id, number, entry, undone, recorded" },
	{ "game_option", "game_id, key, value, is_set" },
	{ "night", "id, name, started, ended, uid" },
};

/* Remove a scratch database and its side files. */
static void
scratch_remove(const char *path)
{
	static const char *const side[] = { "", "-wal", "-shm", "-journal" };
	for (size_t i = 0; i < ARRAY_LEN(side); i++) {
		char *p = xasprintf("%s%s", path, side[i]);
		unlink(p);
		free(p);
	}
}

/* A file's schema holds no SQL of its own (no view, no trigger) and its
 * pages read whole: what makes another file safe to read, or to upgrade in
 * a copy.  NULL when it is, else why not (heap). */
static char *
untrusted_shape(struct store *s)
{
	sqlite3_stmt *q = NULL;
	char *why = NULL;
	int rc;
	/* tables must be tables: a view or a trigger runs SQL of the file's */
	rc = sqlite3_prepare_v2(s->db, "SELECT type, name FROM sqlite_schema WHERE type IN ('view', 'trigger')", -1,
	    &q, NULL);
	if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW)
		why = xasprintf("it has a %s (%s); tally's files have none", sqlite3_column_text(q, 0),
		    sqlite3_column_text(q, 1));
	sqlite3_finalize(q);
	if (why == NULL && rc != SQLITE_DONE)
		why = xasprintf("%s", sqlite3_errmsg(s->db));
	if (why == NULL && (rc = sqlite3_prepare_v2(s->db, "PRAGMA quick_check", -1, &q, NULL)) == SQLITE_OK) {
		if ((rc = sqlite3_step(q)) != SQLITE_ROW || strcmp((const char *)sqlite3_column_text(q, 0), "ok") != 0)
			why = xasprintf("its quick check says: %s", rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0)
			    : sqlite3_errmsg(s->db));
		sqlite3_finalize(q);
	}
	return why;
}

/* The limits put on SQLite while it reads another file. */
static void
untrusted_limits(struct store *s)
{
	static time_t until;
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
	sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, 10 * 1000 * 1000);
	sqlite3_limit(s->db, SQLITE_LIMIT_SQL_LENGTH, 100 * 1000);
	sqlite3_limit(s->db, SQLITE_LIMIT_EXPR_DEPTH, 100);
	until = time(NULL) + UNTRUSTED_SECONDS;
	sqlite3_progress_handler(s->db, 10000, too_long, &until);
}

static enum status
untrusted_check(struct store *s, struct diag *d)
{
	sqlite3_stmt *q = NULL;
	char *why;
	untrusted_limits(s);
	why = untrusted_shape(s);
	for (size_t t = 0; why == NULL && t < ARRAY_LEN(untrusted_columns); t++) {
		/* every column tally reads is there */
		char *sql = xasprintf("SELECT %s FROM %s LIMIT 0", untrusted_columns[t][1], untrusted_columns[t][0]);
		if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK)
			why = xasprintf("table %s: %s", untrusted_columns[t][0], sqlite3_errmsg(s->db));
		sqlite3_finalize(q);
		free(sql);
	}
	if (why == NULL)
		return ST_OK;
	enum status r = diag_set(d, ST_IO, NULL, s->path, "database", "%s is not a usable tally database: %s",
	    s->path, why);
	free(why);
	return r;
}

/*
 * Another file of an older schema (a table still on an older tally): it is
 * copied page by page (SQLite's backup API: no SQL of the file's runs) into
 * a scratch file, which is opened as `--db` opens a file, so upgraded by
 * the same migrations, and then checked as a file of this schema is.  The
 * file itself is never written.  src (at schema version) is taken (closed)
 * whatever happens.
 */
static enum status
upgraded_copy(struct store *src, long version, struct store **out, struct diag *d)
{
	const char *dir = getenv("TMPDIR");
	char *tmp = xasprintf("%s/tally-upgrade-XXXXXX", dir && *dir ? dir : "/tmp");
	char *path = xstrdup(src->path), *why = NULL;
	struct store *s = NULL;
	enum status r = ST_OK;
	sqlite3 *to = NULL;
	int fd = -1, rc;
	untrusted_limits(src);
	/* a view or a trigger would run its SQL in the upgrade's statements */
	if ((why = untrusted_shape(src)) != NULL) {
		r = diag_set(d, ST_IO, NULL, path, "database", "%s is not a usable tally database: %s", path, why);
		goto done;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		r = diag_set(d, ST_IO, NULL, path, "database", "cannot make a scratch copy of %s to upgrade: %s", path,
		    strerror(errno));
		goto done;
	}
	close(fd);
	rc = copy_pages(src->db, tmp, &to);
	if (rc != SQLITE_OK)
		r = diag_set(d, ST_IO, NULL, path, "database", "cannot copy %s to upgrade it: %s", path,
		    to ? sqlite3_errmsg(to) : sqlite3_errstr(rc));
	sqlite3_close(to);
	store_close(src);
	src = NULL;
	if (r == ST_OK)
		r = store_open(tmp, &s, d);
	/* the upgrade's own copy of the scratch file (backup_before_upgrade) */
	char *bak = xasprintf("%s.v%ld.bak", tmp, version);
	unlink(bak);
	free(bak);
	if (r == ST_OK) {
		s->scratch = tmp;
		tmp = NULL;
		free(s->path);
		s->path = path;  /* messages name the file the user gave */
		path = NULL;
		if ((r = untrusted_check(s, d)) != ST_OK) {
			store_close(s);
			s = NULL;
		}
	}
done:
	store_close(src);
	if (tmp) {
		if (fd >= 0)
			scratch_remove(tmp);
		free(tmp);
	}
	free(path);
	free(why);
	*out = s;
	return r;
}

/* Does path with suffix ("-wal") exist? */
static int
side_exists(const char *path, const char *suffix)
{
	char *p = xasprintf("%s%s", path, suffix);
	int yes = access(p, F_OK) == 0;
	free(p);
	return yes;
}

/*
 * After a read-only connection to a WAL file closed: remove the empty -wal
 * and the -shm it made beside path, so that the user's directory is as it
 * was.  SQLite cannot: only the last connection to close removes them, and
 * it does so after a checkpoint, which a read-only one may not run
 * (sqlite.org/wal.html, "Read-Only Databases"; the WAL's close).  That it
 * is the last is what SQLite asks too: every connection to a WAL file
 * holds a SHARED lock on it while open (the bytes after the lock-byte
 * page's PENDING_BYTE, sqlite.org/fileformat2.html 1.3), so a write lock
 * on them, held while the files go, means no other reader or writer has
 * them, and one that opens meanwhile waits for it (SQLITE_BUSY, its busy
 * wait) and makes them anew.  A -wal with frames in it is another
 * connection's commits, never removed.
 */
static void
drop_made_sides(const char *path)
{
	enum { PENDING_BYTE = 0x40000000, SHARED_FIRST = PENDING_BYTE + 2, SHARED_SIZE = 510 };
	char *wal = xasprintf("%s-wal", path), *shm = xasprintf("%s-shm", path);
	struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SHARED_FIRST, .l_len = SHARED_SIZE };
	struct stat st;
	int fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd >= 0 && fcntl(fd, F_SETLK, &lk) == 0 && (stat(wal, &st) != 0 || st.st_size == 0)) {
		unlink(wal);
		unlink(shm);
	}
	if (fd >= 0)
		close(fd);  /* and the lock with it */
	free(wal);
	free(shm);
}

enum status
store_open_readonly(const char *path, struct store **out, struct diag *d)
{
	struct store *s = xcalloc(1, sizeof *s);
	enum status r = ST_OK;
	int rc;
	long appid, version = 0;
	s->path = xstrdup(path);
	*out = NULL;
	s->made_sides = !side_exists(path, "-wal") && !side_exists(path, "-shm");
	store_sqlite_setup();
	rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc == SQLITE_OK)
		sqlite3_busy_handler(s->db, store_busy_wait, NULL);
	if (rc != SQLITE_OK || (appid = pragma_int(s, "PRAGMA application_id", &rc), rc) != SQLITE_OK ||
	    (version = pragma_int(s, "PRAGMA user_version", &rc), rc) != SQLITE_OK)
		r = diag_set(d, ST_IO, NULL, path, "database", "cannot read %s: %s", path,
		    s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
	else if (appid != STORE_APPLICATION_ID)
		r = diag_set(d, ST_IO, NULL, path, "database", "%s is not a tally database", path);
	else if (version == (long)ARRAY_LEN(migrations))
		r = untrusted_check(s, d);
	else if (version > 0 && version < (long)ARRAY_LEN(migrations))
		return upgraded_copy(s, version, out, d);
	else
		r = diag_set(d, ST_IO, NULL, path, "database",
		    "%s has schema %ld and this tally reads schema %d: open it with its own tally and export it, "
		    "or import its export", path, version, (int)ARRAY_LEN(migrations));
	if (r != ST_OK) {
		store_close(s);
		return r;
	}
	*out = s;
	return ST_OK;
}

void
store_close(struct store *s)
{
	if (s == NULL)
		return;
	if (s->in_tx)
		store_rollback(s);
	for (int i = 0; i < s->ncached; i++) {
		sqlite3_finalize(s->cache[i].q);
		free(s->cache[i].sql);
	}
	store_import_lock_drop(s);
	store_players_forget(s);
	for (int i = 0; i < s->nrows_sql; i++)
		free(s->rows_sql[i].sql);
	/* what this run wrote goes into the .db itself before it leaves:
	 * closing copies it there only when no other connection is open,
	 * and with a table mode open on the file it stayed in the -wal, so a
	 * copy of the .db alone (carried to the club's host) lacked the
	 * hand.  PASSIVE: it waits for nobody; when this connection is the
	 * last, the close finds nothing left to copy */
	if (s->db && s->wrote)
		sqlite3_wal_checkpoint_v2(s->db, "main", SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
	if (s->db)
		sqlite3_close(s->db);
	if (s->made_sides)
		drop_made_sides(s->path);
	if (s->scratch) {
		scratch_remove(s->scratch);
		free(s->scratch);
	}
	free(s->ro_why);
	warnings_release(&s->warn);
	free(s->path);
	free(s->open_name);
	free(s->pending);
	free(s->stored);
	free(s->refold);
	free(s);
}

const struct warnings *
store_warnings(struct store *s)
{
	return &s->warn;
}

enum status
store_begin(struct store *s, int write, struct diag *d)
{
	enum status r;
	if (s->absent && (r = absent_end(s, write, d)) != ST_OK)
		return r;
	r = exec_sql(s, write ? "BEGIN IMMEDIATE" : "BEGIN", d);
	/* what an earlier transaction found may be gone now (a merge or a
	 * rename in another tally), unless no other connection committed
	 * since this one did: data_version changes with another's commit
	 * only, and this one, an import's, changes no player it found */
	int rc = SQLITE_OK;
	if (r != ST_OK || !s->keep_players || s->nplayers == 0 ||
	    pragma_int(s, "PRAGMA data_version", &rc) != s->players_version || rc != SQLITE_OK)
		store_players_forget(s);
	if (r == ST_OK) {
		s->in_tx = 1;
		s->changes = sqlite3_total_changes(s->db);
	}
	return r;
}

const char *
store_stored(struct store *s)
{
	return s ? s->stored : NULL;
}

enum status
store_commit(struct store *s, struct diag *d)
{
	int changed = sqlite3_total_changes(s->db) != s->changes, rc = SQLITE_ERROR;
	/* read under the write lock, where no other connection can commit,
	 * and the same after this connection's commit */
	if (s->keep_players && s->nplayers > 0)
		s->players_version = pragma_int(s, "PRAGMA data_version", &rc);
	enum status r = exec_sql(s, "COMMIT", d);
	if (r != ST_OK)
		store_rollback(s);
	else if (s->imported > 0) {
		free(s->stored);
		s->stored = xasprintf("%ld game%s imported", s->imported, s->imported == 1 ? " was" : "s were");
	} else if (s->pending || changed) {
		free(s->stored);
		s->stored = s->pending ? s->pending : xstrdup("the change was stored");
		s->pending = NULL;
	}
	free(s->pending);
	s->pending = NULL;
	s->imported = 0;
	s->in_tx = 0;
	if (r != ST_OK || rc != SQLITE_OK)
		store_players_forget(s);
	if (r == ST_OK && changed && s->whole)
		sqlite3_exec(s->db, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL);
	else if (r == ST_OK && changed)
		s->wrote = 1;
	return r;
}

void
store_keep_whole(struct store *s, int on)
{
	if (s != NULL)
		s->whole = on;
}

enum status
store_snapshot(struct store *s, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT count(*) FROM sqlite_schema", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read the file");
}

volatile sig_atomic_t store_stop_all;

void
store_interrupt(struct store *s, int on)
{
	store_stop_all = on;
	if (s == NULL || s->db == NULL)
		return;
	s->stop = on;
	if (on)
		sqlite3_interrupt(s->db);
}

void
store_rollback(struct store *s)
{
	if (s->in_tx)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	s->in_tx = 0;
	store_players_forget(s);  /* the players it made are gone */
	s->keep_players = 0;      /* and an import's keeping of them ends */
	store_import_fk_on(s);  /* and the foreign keys of its fill are on again */
	s->stats_deferred = 0;  /* a failed import's deferral ends with it */
	s->ratings_deferred = 0;  /* and so do its stale ratings: the note in
				   * restat has the next command work them out */
	s->ratings_stale = 0;
	s->ratings_from[0] = '\0';
	s->nrefold = 0;
	free(s->pending);
	s->pending = NULL;
	s->imported = 0;
}

enum status
store_end(struct store *s, int keep, struct diag *d)
{
	if (s == NULL || !s->in_tx)
		return ST_OK;
	if (keep)
		return store_commit(s, d);
	store_rollback(s);
	return ST_OK;
}

/* A game row with its night and what it (and its night) was last taken
 * from, columns read by game_row_read() from column `at` on (the game's
 * id before them in a stream).  What it was last taken from another file:
 * a record of taking it from a copy of this file itself is this file's
 * own business. */
#define GAME_ROW_COLUMNS "g.uid, g.kind, g.started, g.ended, g.status = 'over', g.closed, g.dealer," \
	" n.name, n.started, n.ended, coalesce(g.night_id, 0), g.deleted, coalesce(g.end_undone, -1), n.uid," \
	" g.revision, CASE WHEN m.source IS NOT u.value THEN m.source END, m.source_revision, m.revision, g.note," \
	" n.note, coalesce(g.end_undone_closed, 1), b.source, b.note, u.value, m.game_id IS NOT NULL, m.source, m.seen," \
	" k.versions, CASE WHEN b.source IS NOT NULL THEN k.seen END, CASE WHEN b.source IS NOT NULL THEN k.here END" \
	" FROM game g LEFT JOIN night n ON n.id = g.night_id" \
	" LEFT JOIN night_clock k ON k.night_id = n.id" \
	" LEFT JOIN merge_base m ON m.game_id = g.id" \
	" LEFT JOIN meta u ON u.key = 'uid'" \
	" LEFT JOIN night_base b ON b.night_id = n.id AND b.source IS NOT (SELECT value FROM meta WHERE key = 'uid')"

static void
game_row_read(struct stored_game *g, sqlite3_stmt *q, int at)
{
	g->uid = col_text(q, at + 0);
	g->kind = col_text(q, at + 1);
	g->started = col_text(q, at + 2);
	g->ended = col_text(q, at + 3);
	g->over = sqlite3_column_int(q, at + 4);
	g->closed = sqlite3_column_int(q, at + 5);
	g->dealer = sqlite3_column_int(q, at + 6);
	g->night_name = col_text(q, at + 7);
	g->night_started = col_text(q, at + 8);
	g->night_ended = col_text(q, at + 9);
	g->night = sqlite3_column_int64(q, at + 10);
	g->deleted = col_text(q, at + 11);
	g->end_undone = sqlite3_column_int(q, at + 12);
	g->night_uid = col_text(q, at + 13);
	g->revision = sqlite3_column_int64(q, at + 14);
	g->taken_from = col_text(q, at + 15);
	g->taken_revision = sqlite3_column_int64(q, at + 16);
	g->taken_here = sqlite3_column_int64(q, at + 17);
	g->note = col_text(q, at + 18);
	g->night_note = col_text(q, at + 19);
	g->end_undone_closed = sqlite3_column_int(q, at + 20);
	g->night_taken_from = col_text(q, at + 21);
	g->night_taken_note = col_text(q, at + 22);
	g->file_uid = col_text(q, at + 23);
	g->base_found = sqlite3_column_int(q, at + 24);
	g->base_source = col_text(q, at + 25);
	g->base_seen = col_text(q, at + 26);
	g->night_versions = col_text(q, at + 27);
	g->night_taken_seen = col_text(q, at + 28);
	g->night_taken_here = col_text(q, at + 29);
	g->base_source_revision = g->taken_revision;
	g->base_here = g->taken_here;
}

/* The game row of g->id (with its night) into g. */
static enum status
load_game_row(struct store *s, struct stored_game *g, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT " GAME_ROW_COLUMNS " WHERE g.id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	int rc = sqlite3_step(q);
	if (rc != SQLITE_ROW) {
		finish(s, q);
		if (rc == SQLITE_DONE)
			return diag_set(d, ST_NOINPUT, NULL, NULL, "game", "no game %ld in %s", g->id, s->path);
		return db_error(s, rc, d, "read game");
	}
	game_row_read(g, q, 0);
	finish(s, q);
	return ST_OK;
}

/* A file whose rows break the schema's promises (a NULL where tally
 * writes none: a hostile or damaged file): 74, never a crash. */
static enum status
unusable(struct store *s, struct diag *d, const char *why)
{
	return diag_set(d, ST_IO, NULL, s->path, "database", "%s is not a usable tally database: %s", s->path, why);
}

/* One option row of a game as read, for putting them in rowid order. */
struct option_row {
	long long rowid;
	char *key, *value;
	int set;
};

static int
option_row_cmp(const void *a, const void *b)
{
	const struct option_row *x = a, *y = b;
	return (x->rowid > y->rowid) - (x->rowid < y->rowid);
}

/* One seat of g, the next: its player's name, then the hand a late
 * arrival (schema 17) sat down at and the total they were given, from
 * column `at` of q on. */
static void
seat_read(struct stored_game *g, sqlite3_stmt *q, int at)
{
	g->names = xrealloc(g->names, sizeof *g->names * (size_t)(g->nplayers + 1));
	if (sqlite3_column_type(q, at + 1) != SQLITE_NULL && g->joined == NULL) {
		g->joined = xcalloc((size_t)g->nplayers + 1, sizeof *g->joined);
		g->join_total = xcalloc((size_t)g->nplayers + 1, sizeof *g->join_total);
	} else if (g->joined) {
		g->joined = xrealloc(g->joined, sizeof *g->joined * (size_t)(g->nplayers + 1));
		g->join_total = xrealloc(g->join_total, sizeof *g->join_total * (size_t)(g->nplayers + 1));
	}
	if (g->joined) {
		g->joined[g->nplayers] = sqlite3_column_int(q, at + 1);
		g->join_total[g->nplayers] = sqlite3_column_type(q, at + 2) == SQLITE_NULL ? JOIN_BY_RULE
		    : sqlite3_column_int64(q, at + 2);
	}
	g->names[g->nplayers++] = col_text(q, at);
}

static enum status load_options(struct store *s, struct stored_game *g, struct diag *d);

/* The seats' names and the options of g->id into g. */
static enum status
load_seats_options(struct store *s, struct stored_game *g, struct diag *d)
{
	int rc;
	sqlite3_stmt *q = prep(s, "SELECT p.name, s.joined, s.join_total FROM seat s JOIN player p ON p.id = s.player_id"
	    " WHERE s.game_id = ? ORDER BY s.seat", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && sqlite3_column_type(q, 0) == SQLITE_TEXT)
		seat_read(g, q, 0);
	if (rc == SQLITE_ROW) {
		finish(s, q);
		return unusable(s, d, "a seat's player has no name");
	}
	finish(s, q);
	if (rc != SQLITE_DONE)
		return db_error(s, rc, d, "read seats");
	return load_options(s, g, d);
}

/* The options of g->id into g, in the order they were written (rowid):
 * read in the key's order (the primary key's index) and put in order
 * here, where SQLite would sort each game's few options in a temporary
 * b-tree. */
static enum status
load_options(struct store *s, struct stored_game *g, struct diag *d)
{
	int rc;
	sqlite3_stmt *q = prep(s, "SELECT rowid, key, value, is_set FROM game_option WHERE game_id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	struct option_row *rows = NULL;
	int n = 0, cap = 0;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && sqlite3_column_type(q, 1) == SQLITE_TEXT &&
	    sqlite3_column_type(q, 2) == SQLITE_TEXT) {
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			rows = xrealloc(rows, sizeof *rows * (size_t)cap);
		}
		rows[n++] = (struct option_row){ sqlite3_column_int64(q, 0), col_text(q, 1), col_text(q, 2),
			sqlite3_column_int(q, 3) };
	}
	finish(s, q);
	if (n > 1) /* a game with no options has rows == NULL, which qsort may not take */
		qsort(rows, (size_t)n, sizeof *rows, option_row_cmp);
	for (int i = 0; i < n; i++)
		if (rc == SQLITE_DONE)
			options_take(&g->opts, rows[i].key, rows[i].value, rows[i].set);
		else {
			free(rows[i].key);
			free(rows[i].value);
		}
	free(rows);
	if (rc == SQLITE_ROW)
		return unusable(s, d, "an option has no key or no value");
	return rc == SQLITE_DONE ? ST_OK : db_error(s, rc, d, "read options");
}

/* The room g's live hands' entries and times have (xgrow). */
struct hand_room {
	int entries, recorded;
};

/* One hand of g, the next live or undone one: its entry, whether it is
 * undone and when it was recorded, from column `at` of q on; 0 when it
 * has no entry (a damaged file). */
static int
hand_read(struct stored_game *g, sqlite3_stmt *q, int at, struct hand_room *room)
{
	if (sqlite3_column_type(q, at) != SQLITE_TEXT)
		return 0;
	if (sqlite3_column_int(q, at + 1)) {
		g->undone = xrealloc(g->undone, sizeof *g->undone * (size_t)(g->nundone + 1));
		g->undone_recorded = xrealloc(g->undone_recorded, sizeof *g->undone * (size_t)(g->nundone + 1));
		g->undone_recorded[g->nundone] = col_text(q, at + 2);
		g->undone[g->nundone++] = col_text(q, at);
	} else {
		g->entries = xgrow(g->entries, sizeof *g->entries, g->nhands, &room->entries);
		g->recorded = xgrow(g->recorded, sizeof *g->recorded, g->nhands, &room->recorded);
		g->recorded[g->nhands] = col_text(q, at + 2);
		g->entries[g->nhands++] = col_text(q, at);
	}
	return 1;
}

/* The live and the undone entries of g->id (not those set aside)
 * numbered after `after` into g, after those it holds. */
static enum status
load_entries(struct store *s, struct stored_game *g, sqlite3_int64 after, struct diag *d)
{
	int rc;
	sqlite3_stmt *q = prep(s, "SELECT entry, undone, recorded FROM hand WHERE game_id = ? AND undone < 2"
	    " AND number > ? ORDER BY number", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	sqlite3_bind_int64(q, 2, after);
	/* what g holds has room for itself only */
	struct hand_room room = { g->nhands, g->nhands };
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		if (!hand_read(g, q, 0, &room)) {
			finish(s, q);
			return unusable(s, d, "a hand has no entry");
		}
	finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : db_error(s, rc, d, "read hands");
}

enum status
store_game_load(struct store *s, long id, struct stored_game **out, struct diag *d)
{
	struct stored_game *g = xcalloc(1, sizeof *g);
	enum status r;
	*out = NULL;
	g->id = id;
	if ((r = load_game_row(s, g, d)) != ST_OK || (r = load_seats_options(s, g, d)) != ST_OK ||
	    (r = load_entries(s, g, INT64_MIN, d)) != ST_OK || (r = store_game_subs(s, g, d)) != ST_OK) {
		stored_game_free(g);
		return r;
	}
	*out = g;
	return ST_OK;
}

/* The cursors of a store_games, each over the games lo..hi in game order:
 * the game rows (with how many options each has), the seats, the options
 * in the order they were written (rowid: a game's are written together,
 * so they come in game order; next() asks for those of a game that do
 * not), the live and undone hands, the substitutes and the kept
 * standings (schema 23) of the build. */
enum { GS_GAMES, GS_SEATS, GS_OPTS, GS_HANDS, GS_SUBS, GS_KEPT, GS_N };
static const char *const games_sql[GS_N] = {
	"SELECT g.id, (SELECT count(*) FROM game_option o WHERE o.game_id = g.id), " GAME_ROW_COLUMNS
	" WHERE g.id BETWEEN ?1 AND ?2 ORDER BY g.id",
	"SELECT x.game_id, p.name, x.joined, x.join_total FROM seat x JOIN player p ON p.id = x.player_id"
	" WHERE x.game_id BETWEEN ?1 AND ?2 ORDER BY x.game_id, x.seat",
	"SELECT game_id, key, value, is_set FROM game_option WHERE +game_id BETWEEN ?1 AND ?2",
	"SELECT game_id, entry, undone, recorded FROM hand WHERE game_id BETWEEN ?1 AND ?2 AND undone < 2"
	" ORDER BY game_id, number",
	"SELECT x.game_id, x.seat, x.hand, p.name FROM seat_sub x JOIN player p ON p.id = x.player_id"
	" WHERE x.game_id BETWEEN ?1 AND ?2 ORDER BY x.game_id, x.hand, x.seat",
	"SELECT k.game_id, k.players FROM standings k JOIN game g ON g.id = k.game_id"
	" WHERE k.game_id BETWEEN ?1 AND ?2 AND k.revision = g.revision AND k.build = ?3 ORDER BY k.game_id",
};

struct store_games {
	struct store *s;
	sqlite3_stmt *q[GS_N];
	int rc[GS_N];        /* SQLITE_ROW: the cursor is on a row */
};

enum status
store_games_open(struct store *s, long lo, long hi, const char *build, struct store_games **out, struct diag *d)
{
	struct store_games *gs = xcalloc(1, sizeof *gs);
	gs->s = s;
	*out = NULL;
	for (int k = 0; k < GS_N; k++) {
		if ((gs->q[k] = prep(s, games_sql[k], d)) == NULL) {
			store_games_close(gs);
			return d->status;
		}
		sqlite3_bind_int64(gs->q[k], 1, lo);
		sqlite3_bind_int64(gs->q[k], 2, hi);
	}
	sqlite3_bind_text(gs->q[GS_KEPT], 3, build, -1, SQLITE_TRANSIENT);
	for (int k = 0; k < GS_N; k++)
		gs->rc[k] = sqlite3_step(gs->q[k]);
	*out = gs;
	return ST_OK;
}

/* Cursor k on the first row of game id or after (its rows before are of
 * games not asked for); 1 when it is on a row of game id. */
static int
games_at(struct store_games *gs, int k, long id)
{
	while (gs->rc[k] == SQLITE_ROW && sqlite3_column_int64(gs->q[k], 0) < id)
		gs->rc[k] = sqlite3_step(gs->q[k]);
	return gs->rc[k] == SQLITE_ROW && sqlite3_column_int64(gs->q[k], 0) == id;
}

/* The options of g (nopts of them) from the cursor, when they are all
 * where game order has them, else asked for. */
static enum status
games_options(struct store_games *gs, struct stored_game *g, long nopts, struct diag *d)
{
	sqlite3_stmt *q = gs->q[GS_OPTS];
	long n = 0;
	int whole = 1;
	for (; games_at(gs, GS_OPTS, g->id); gs->rc[GS_OPTS] = sqlite3_step(q), n++)
		if (sqlite3_column_type(q, 1) != SQLITE_TEXT || sqlite3_column_type(q, 2) != SQLITE_TEXT)
			whole = 0;  /* load_options says what is wrong */
		else if (whole)
			options_take(&g->opts, col_text(q, 1), col_text(q, 2), sqlite3_column_int(q, 3));
	if (whole && n == nopts)
		return ST_OK;
	options_release(&g->opts);
	return load_options(gs->s, g, d);
}

enum status
store_games_next(struct store_games *gs, long id, struct stored_game **out, char **kept, struct diag *d)
{
	struct store *s = gs->s;
	*out = NULL;
	*kept = NULL;
	if (!games_at(gs, GS_GAMES, id)) {
		if (gs->rc[GS_GAMES] != SQLITE_ROW && gs->rc[GS_GAMES] != SQLITE_DONE)
			return db_error(s, gs->rc[GS_GAMES], d, "read game");
		return diag_set(d, ST_NOINPUT, NULL, NULL, "game", "no game %ld in %s", id, s->path);
	}
	struct stored_game *g = xcalloc(1, sizeof *g);
	sqlite3_stmt *q = gs->q[GS_GAMES];
	enum status r = ST_OK;
	g->id = id;
	long nopts = sqlite3_column_int64(q, 1);
	game_row_read(g, q, 2);
	for (q = gs->q[GS_SEATS]; games_at(gs, GS_SEATS, id); gs->rc[GS_SEATS] = sqlite3_step(q))
		if (sqlite3_column_type(q, 1) == SQLITE_TEXT)
			seat_read(g, q, 1);
		else
			r = unusable(s, d, "a seat's player has no name");
	if (r == ST_OK)
		r = games_options(gs, g, nopts, d);
	struct hand_room room = { 0, 0 };
	for (q = gs->q[GS_HANDS]; games_at(gs, GS_HANDS, id); gs->rc[GS_HANDS] = sqlite3_step(q))
		if (r == ST_OK && !hand_read(g, q, 1, &room))
			r = unusable(s, d, "a hand has no entry");
	for (q = gs->q[GS_SUBS]; games_at(gs, GS_SUBS, id); gs->rc[GS_SUBS] = sqlite3_step(q)) {
		g->subs = xrealloc(g->subs, sizeof *g->subs * (size_t)(g->nsubs + 1));
		g->subs[g->nsubs++] = (struct seat_change){ sqlite3_column_int(q, 1), sqlite3_column_int(q, 2),
			xstrdup((const char *)sqlite3_column_text(q, 3)) };
	}
	if (games_at(gs, GS_KEPT, id))
		*kept = col_text(gs->q[GS_KEPT], 1);
	static const char *const what[GS_N] = { "read game", "read seats", "read options", "read hands",
		"read substitutes", "read standings" };
	for (int k = 0; r == ST_OK && k < GS_N; k++)
		if (gs->rc[k] != SQLITE_ROW && gs->rc[k] != SQLITE_DONE)
			r = db_error(s, gs->rc[k], d, what[k]);
	if (r != ST_OK) {
		stored_game_free(g);
		free(*kept);
		*kept = NULL;
		return r;
	}
	*out = g;
	return ST_OK;
}

void
store_games_close(struct store_games *gs)
{
	if (gs == NULL)
		return;
	for (int k = 0; k < GS_N; k++)
		finish(gs->s, gs->q[k]);
	free(gs);
}

enum status
store_game_head(struct store *s, long id, struct stored_game **out, struct diag *d)
{
	struct stored_game *g = xcalloc(1, sizeof *g);
	enum status r;
	*out = NULL;
	g->id = id;
	sqlite3_stmt *q = NULL;
	if ((r = load_game_row(s, g, d)) != ST_OK || (r = load_seats_options(s, g, d)) != ST_OK ||
	    (r = store_game_subs(s, g, d)) != ST_OK) {
		stored_game_free(g);
		return r;
	}
	/* the live hands say which substitutes play now: counted only when
	 * there are some, the count reading every hand */
	if (g->nsubs == 0) {
		*out = g;
		return ST_OK;
	}
	if ((q = prep(s, "SELECT count(*) FROM hand WHERE game_id = ? AND undone = 0", d)) == NULL) {
		stored_game_free(g);
		return d->status;
	}
	sqlite3_bind_int64(q, 1, id);
	int rc = sqlite3_step(q);
	g->live = rc == SQLITE_ROW ? sqlite3_column_int(q, 0) : 0;
	finish(s, q);
	if (rc != SQLITE_ROW) {
		stored_game_free(g);
		return db_error(s, rc, d, "read hands");
	}
	*out = g;
	return ST_OK;
}

/* The rows a checkpoint keeps (entry and recorded of hands 1..k, each
 * ended by a NUL: a heap block g takes) into g's first k hands; 0 when
 * they are not k pairs. */
static int
rows_into(struct stored_game *g, char *rows, size_t len, int k)
{
	/* one block, the strings pointing into it (g->rows, g's now) */
	char *p = g->rows = rows, *end = p + len;
	if (rows == NULL)
		return 0;
	g->entries = xcalloc((size_t)k, sizeof *g->entries);
	g->recorded = xcalloc((size_t)k, sizeof *g->recorded);
	for (int h = 0; h < k; h++) {
		char *e = memchr(p, '\0', (size_t)(end - p)), *r = e ? memchr(e + 1, '\0', (size_t)(end - e - 1)) : NULL;
		if (r == NULL)
			return 0;
		g->entries[h] = p;
		g->recorded[h] = e + 1;
		g->nhands = g->nrows = h + 1;
		p = r + 1;
	}
	return p == end;
}

/* Is hand k of g stored live with the entry and time g holds for it? */
static enum status
last_row_holds(struct store *s, const struct stored_game *g, int k, int *holds, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT entry = ?3 AND recorded = ?4 FROM hand WHERE game_id = ?1 AND number = ?2"
	    " AND undone = 0", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, g->id);
	sqlite3_bind_int(q, 2, k);
	sqlite3_bind_text(q, 3, g->entries[k - 1], -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 4, g->recorded[k - 1], -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	*holds = rc == SQLITE_ROW && sqlite3_column_int(q, 0) == 1;
	finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : db_error(s, rc, d, "read hands");
}

/* Column col of game id's checkpoint_bytes into a heap block (*out, its
 * *len bytes), read straight from the file's pages: a SELECT of it
 * would copy its bytes once more, into SQLite's memory, before ours
 * (a thousand-hand game's are some hundred kilobytes).  SQLITE_ERROR:
 * no such row, or no bytes (NULL) in it. */
static int
read_checkpoint_bytes(struct store *s, long id, const char *col, void **out, size_t *len)
{
	sqlite3_blob *b = NULL;
	*out = NULL;
	*len = 0;
	int rc = sqlite3_blob_open(s->db, "main", "checkpoint_bytes", col, id, 0, &b);
	if (rc == SQLITE_OK) {
		int n = sqlite3_blob_bytes(b);
		*out = xmalloc(n > 0 ? (size_t)n : 1);
		*len = (size_t)n;
		rc = sqlite3_blob_read(b, *out, n, 0);
	}
	int closed = sqlite3_blob_close(b);
	return rc != SQLITE_OK ? rc : closed;
}

enum status
store_checkpoint_get(struct store *s, long id, const char *build, int bytes, struct store_checkpoint *ck,
    struct diag *d)
{
	memset(ck, 0, sizeof *ck);
	sqlite3_stmt *q = prep(s, "SELECT c.hands, c.stamp FROM checkpoint c JOIN game g ON g.id = c.game_id"
	    " WHERE c.game_id = ? AND c.build = ? AND c.revision = g.revision", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, id);
	sqlite3_bind_text(q, 2, build, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && sqlite3_column_int(q, 0) > 0) {
		ck->hands = sqlite3_column_int(q, 0);
		ck->stamp = sqlite3_column_int64(q, 1);
	}
	finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(s, rc, d, "read checkpoint");
	if (!bytes || ck->hands == 0)
		return ST_OK;
	/* whatever the columns hold: the checkpoint's reader judges the
	 * bytes; a row or a value missing (a damaged file) is no checkpoint */
	void *state, *rows;
	if ((rc = read_checkpoint_bytes(s, id, "state", &state, &ck->len)) == SQLITE_OK)
		ck->state = state;
	if (rc == SQLITE_OK && (rc = read_checkpoint_bytes(s, id, "rows", &rows, &ck->nrows)) == SQLITE_OK)
		ck->rows = rows;
	if (rc == SQLITE_OK)
		return ST_OK;
	store_checkpoint_release(ck);
	return rc == SQLITE_ERROR ? ST_OK : db_error(s, rc, d, "read checkpoint");
}

enum status
store_game_load_rows(struct store *s, long id, struct store_checkpoint *ck, struct stored_game **out, struct diag *d)
{
	int holds = 0;
	enum status r = ST_OK;
	struct stored_game *g = xcalloc(1, sizeof *g);
	*out = NULL;
	g->id = id;
	char *rows = ck->rows;
	ck->rows = NULL;
	if (rows_into(g, rows, ck->nrows, ck->hands) && (r = last_row_holds(s, g, ck->hands, &holds, d)) == ST_OK &&
	    holds && (r = load_game_row(s, g, d)) == ST_OK && (r = load_seats_options(s, g, d)) == ST_OK &&
	    (r = load_entries(s, g, ck->hands, d)) == ST_OK && (r = store_game_subs(s, g, d)) == ST_OK) {
		*out = g;
		return ST_OK;
	}
	stored_game_free(g);
	return r;
}

void
store_checkpoint_release(struct store_checkpoint *ck)
{
	free(ck->state);
	free(ck->rows);
	memset(ck, 0, sizeof *ck);
}

void
store_standings_maker(struct store *s, store_standings_fn *fn, const char *build)
{
	s->standings = fn;
	s->standings_build = build;
}

enum status
store_standings_get(struct store *s, long id, const char *build, char **text, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT k.players FROM standings k JOIN game g ON g.id = k.game_id"
	    " WHERE k.game_id = ?1 AND k.revision = g.revision AND k.build = ?2", d);
	*text = NULL;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, id);
	sqlite3_bind_text(q, 2, build, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*text = col_text(q, 0);
	finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : db_error(s, rc, d, "read standings");
}

enum status
store_checkpoint_put(struct store *s, long game, int hands, const char *build, const unsigned char *state,
    size_t len, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT entry, recorded FROM hand WHERE game_id = ? AND undone = 0 AND number <= ?"
	    " ORDER BY number", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, hands);
	struct strbuf rows = {0};
	int rc, n = 0;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *e = (const char *)sqlite3_column_text(q, 0), *t = (const char *)sqlite3_column_text(q, 1);
		n++;
		sb_addn(&rows, e ? e : "", (e ? strlen(e) : 0) + 1);
		sb_addn(&rows, t ? t : "", (t ? strlen(t) : 0) + 1);
	}
	finish(s, q);
	if (rc != SQLITE_DONE) {
		sb_release(&rows);
		return db_error(s, rc, d, "read hands");
	}
	if (n != hands) {
		/* the stored hands are not the ones the state was made of: keep
		 * nothing (a later command makes a checkpoint of its own) */
		sb_release(&rows);
		return ST_OK;
	}
	/* the key, then the bytes (schema 20: apart, so that carrying the
	 * key on to the next revision does not write the bytes again) */
	enum status r = ST_OK;
	if ((r = store_run2(s, "DELETE FROM checkpoint WHERE game_id = ?1", game, 0, d)) != ST_OK ||
	    (q = prep(s, "INSERT INTO checkpoint (game_id, revision, hands, build, stamp) SELECT ?1, revision, ?2, ?3,"
	    " random() FROM game WHERE id = ?1", d)) == NULL) {
		sb_release(&rows);
		return d->status;
	}
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, hands);
	sqlite3_bind_text(q, 3, build, -1, SQLITE_STATIC);
	if ((r = run(s, q, d)) == ST_OK &&
	    (q = prep(s, "INSERT INTO checkpoint_bytes (game_id, state, rows) VALUES (?, ?, ?)", d)) == NULL)
		r = d->status;
	if (r == ST_OK) {
		sqlite3_bind_int64(q, 1, game);
		sqlite3_bind_blob(q, 2, state, (int)len, SQLITE_STATIC);
		sqlite3_bind_blob(q, 3, rows.s ? rows.s : "", (int)rows.len, SQLITE_STATIC);
		r = run(s, q, d);
	}
	sb_release(&rows);
	return r;
}


enum status
store_current_game(struct store *s, long *id, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT game_id FROM current_game WHERE game_id IS NOT NULL", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	enum status r = ST_OK;
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(q, 0);
	else if (rc == SQLITE_DONE && s->absent)
		r = no_file_yet(s, d);
	else if (rc == SQLITE_DONE)
		r = diag_set(d, ST_NOINPUT, NULL, NULL, "game",
		    "no current game; 'tally new GAME PLAYER...' starts one, 'tally use ID' picks one");
	else
		r = db_error(s, rc, d, "read");
	finish(s, q);
	return r;
}

enum status
store_current_set(struct store *s, long id, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "INSERT INTO current_game (one, game_id) VALUES (1, ?)"
	    " ON CONFLICT (one) DO UPDATE SET game_id = excluded.game_id", d);
	if (q == NULL)
		return d->status;
	if (id > 0)
		sqlite3_bind_int64(q, 1, id);
	else
		sqlite3_bind_null(q, 1);
	return run(s, q, d);
}

enum status
store_current_forget(struct store *s, long game, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "UPDATE current_game SET game_id = NULL WHERE game_id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	return run(s, q, d);
}

void
night_info_release(struct night_info *n)
{
	free(n->name);
	free(n->started);
	free(n->ended);
	free(n->note);
	free(n->first);
	free(n->last);
	memset(n, 0, sizeof *n);
}

/* Set the note of row id of table (game or night): text, or NULL. */
static enum status
note_set(struct store *s, const char *sql, const char *what, long id, const char *text, struct diag *d)
{
	sqlite3_stmt *q = prep(s, sql, d);
	if (q == NULL)
		return d->status;
	store_bind_text(q, 1, text);
	sqlite3_bind_int64(q, 2, id);
	if (run(s, q, d) != ST_OK)
		return d->status;
	if (sqlite3_changes(s->db) == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, what, "no %s %ld", what, id);
	return ST_OK;
}

enum status
store_game_note_set(struct store *s, long game, const char *text, struct diag *d)
{
	noted(s, "the note of game %ld was stored", game);
	if (note_set(s, "UPDATE game SET note = ?1 WHERE id = ?2 AND deleted IS NULL", "game", game, text, d) != ST_OK)
		return d->status;
	return store_revision_bump(s, game, d);
}

enum status
store_night_note_set(struct store *s, long night, const char *text, struct diag *d)
{
	noted(s, "the note of night %ld was stored", night);
	return note_set(s, "UPDATE night SET note = ?1 WHERE id = ?2", "night", night, text, d);
}

enum status
store_night_current(struct store *s, struct night_info *out, int *found, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT n.id, n.name, n.started, n.ended,"
	    " (SELECT count(*) FROM game g WHERE g.night_id = n.id AND g.deleted IS NULL)"
	    " FROM night n WHERE n.ended IS NULL ORDER BY n.id DESC LIMIT 1", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	memset(out, 0, sizeof *out);
	*found = 0;
	if (rc == SQLITE_ROW) {
		out->id = sqlite3_column_int64(q, 0);
		out->name = col_text(q, 1);
		out->started = col_text(q, 2);
		out->ended = col_text(q, 3);
		out->ngames = sqlite3_column_int(q, 4);
		*found = 1;
	}
	finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(s, rc, d, "read night");
	return ST_OK;
}

enum status
store_night_end(struct store *s, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "UPDATE night SET ended = coalesce(?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))"
	    " WHERE ended IS NULL", d);
	noted(s, "the end of the night was stored");
	if (q == NULL)
		return d->status;
	bind_now(q, 1);
	if (run(s, q, d) != ST_OK)
		return d->status;
	if (sqlite3_changes(s->db) == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "night", "no game night is open; 'tally night start' opens one");
	return ST_OK;
}

enum status
store_night_start(struct store *s, const char *name, long *id, struct diag *d)
{
	struct diag ignore = {0};
	char today[WHEN_BUF], started[WHEN_BUF];
	time_t now;
	if (when_now(&now, d) != ST_OK)
		return d->status;
	when_night_name(now, today);
	when_utc(now, started);
	store_night_end(s, &ignore);
	noted(s, "the new night was stored");
	diag_clear(&ignore);
	sqlite3_stmt *q = prep(s, "INSERT INTO night (name, started, uid) VALUES"
	    " (?, ?, lower(hex(randomblob(16))))", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name ? name : today, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, started, -1, SQLITE_TRANSIENT);
	if (run(s, q, d) != ST_OK)
		return d->status;
	*id = sqlite3_last_insert_rowid(s->db);
	return ST_OK;
}

enum status
store_night_for_new_game(struct store *s, long *id, struct diag *d)
{
	time_t now, started;
	if (when_now(&now, d) != ST_OK)
		return d->status;
	sqlite3_stmt *q = prep(s, "SELECT id, started FROM night WHERE ended IS NULL ORDER BY id DESC LIMIT 1", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q), join = 0;
	if (rc == SQLITE_ROW) {
		/* the same night when now and its start fall on one local day
		 * that runs from the cut-off to the next (when.h) */
		char then[WHEN_BUF], today[WHEN_BUF];
		const char *txt = (const char *)sqlite3_column_text(q, 1);
		if (txt && when_parse(txt, &started)) {
			when_night_name(started, then);
			when_night_name(now, today);
			join = strcmp(then, today) == 0;
		}
		*id = sqlite3_column_int64(q, 0);
	}
	finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_error(s, rc, d, "read night");
	return join ? ST_OK : store_night_start(s, NULL, id, d);
}

void
store_seatings_free(char ***seatings, int n)
{
	for (int i = 0; i < n; i++) {
		for (int k = 0; seatings[i][k]; k++)
			free(seatings[i][k]);
		free(seatings[i]);
	}
	free(seatings);
}

enum status
store_night_seatings(struct store *s, long night, char ****out, int *n, struct diag *d)
{
	sqlite3_stmt *q = prep(s, "SELECT g.id, p.name FROM game g JOIN seat t ON t.game_id = g.id"
	    " JOIN player p ON p.id = t.player_id WHERE g.night_id = ? AND g.deleted IS NULL ORDER BY g.id, t.seat", d);
	char ***v = NULL;
	int count = 0, len = 0, rc;
	long last = -1;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		long gid = sqlite3_column_int64(q, 0);
		if (gid != last) {
			v = xrealloc(v, sizeof *v * (size_t)(count + 1));
			v[count] = xcalloc(1, sizeof **v);
			count++;
			len = 0;
			last = gid;
		}
		v[count - 1] = xrealloc(v[count - 1], sizeof **v * (size_t)(len + 2));
		v[count - 1][len++] = col_text(q, 1);
		v[count - 1][len] = NULL;
	}
	finish(s, q);
	if (rc != SQLITE_DONE) {
		store_seatings_free(v, count);
		return db_error(s, rc, d, "read seatings");
	}
	*out = v;
	*n = count;
	return ST_OK;
}

enum status
store_last_hand_game(struct store *s, long *game, char **kind, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT g.id, g.kind FROM hand h JOIN game g ON g.id = h.game_id"
	    " WHERE h.undone = 0 AND g.deleted IS NULL ORDER BY h.id DESC LIMIT 1", d);
	*game = 0;
	*kind = NULL;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*game = sqlite3_column_int64(q, 0);
		*kind = store_col_text(q, 1);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read hands");
}

enum status
store_open_game_ids(struct store *s, int most, long **ids, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id FROM game WHERE status = 'open' AND closed = 0 AND deleted IS NULL"
	    " ORDER BY started DESC, id DESC LIMIT ?", d);
	if (q)
		sqlite3_bind_int(q, 1, most);
	return store_step_ids(s, q, ids, n, "read the open games", d);
}
