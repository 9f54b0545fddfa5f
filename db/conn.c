/* SPDX-License-Identifier: ISC */
/*
 * conn.c: the connection under every other file of db/: statements
 * prepared once and kept, SQLite errors mapped to diagnostics, the small
 * binding and reading helpers (store_internal.h).
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file is the bottom: it calls nothing else in db/.
 */
#include <sqlite3.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/util.h"
#include "../core/when.h"
#include "store_internal.h"

int
store_busy_wait(void *ctx, int tries)
{
	struct timespec ts = { 0, BUSY_STEP_MS * 1000000L };
	(void)ctx;
	if ((long)tries * BUSY_STEP_MS >= BUSY_TIMEOUT_MS)
		return 0;
	nanosleep(&ts, NULL);
	return 1;
}

void
store_sqlite_setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	/* no count of the memory SQLite holds, which nothing reads: the count
	 * takes a mutex at every allocation and free, a few in each statement
	 * (2 to 3 percent of an import's instructions) */
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* Say what the open transaction writes ("hand 3 of game 7 was stored"). */
void
store_noted(struct store *s, const char *fmt, ...)
{
	va_list ap;
	free(s->pending);
	va_start(ap, fmt);
	s->pending = xvasprintf(fmt, ap);
	va_end(ap);
}

enum status
store_error(struct store *s, int rc, struct diag *d, const char *what)
{
	const char *msg = s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);
	int prim = rc & 0xff;
	if (prim == SQLITE_NOTADB || prim == SQLITE_CORRUPT)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s is not a usable tally database (%s)", s->path, msg);
	if (prim == SQLITE_FULL)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s: disk or database full; nothing was stored", s->path);
	if (prim == SQLITE_READONLY && s->ro_why)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s cannot be written: %s (its -wal and -shm cannot be made or grown); nothing was stored",
		    s->path, s->ro_why);
	if (prim == SQLITE_READONLY)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s is read-only; nothing was stored", s->path);
	if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED)
		return diag_set(d, ST_IO, NULL, s->path, "database",
		    "%s is locked by another tally; tried for %d s", s->path, BUSY_TIMEOUT_MS / 1000);
	return diag_set(d, ST_IO, NULL, s->path, "database", "%s: %s: %s", s->path, what, msg);
}

enum status
store_step_ids(struct store *s, sqlite3_stmt *q, long **ids, int *n, const char *what, struct diag *d)
{
	int rc;
	*ids = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*ids = xrealloc(*ids, sizeof **ids * (size_t)(*n + 1));
		(*ids)[(*n)++] = sqlite3_column_int64(q, 0);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, what);
}

/* Hand a statement back: a cached one is reset for its next use, any other
 * finalized. */
void
store_finish(struct store *s, sqlite3_stmt *q)
{
	if (q == NULL)
		return;
	for (int i = 0; i < s->ncached; i++)
		if (s->cache[i].q == q) {
			sqlite3_reset(q);
			sqlite3_clear_bindings(q);
			s->cache[i].busy = 0;
			return;
		}
	sqlite3_finalize(q);
}

sqlite3_stmt *
store_prep(struct store *s, const char *sql, struct diag *d)
{
	sqlite3_stmt *q = NULL;
	if (s->stop || store_stop_all) {
		diag_set(d, ST_IO, NULL, NULL, "interrupted", "interrupted (Ctrl-C); nothing of it was stored");
		return NULL;
	}
	/* the SQL is nearly always a string literal: its address finds it first
	 * (and the text makes sure: a freed string's address can come back) */
	for (int i = 0; i < s->ncached; i++)
		if (!s->cache[i].busy && s->cache[i].lit == sql && strcmp(s->cache[i].sql, sql) == 0) {
			s->cache[i].busy = 1;
			return s->cache[i].q;
		}
	for (int i = 0; i < s->ncached; i++)
		if (!s->cache[i].busy && strcmp(s->cache[i].sql, sql) == 0) {
			s->cache[i].busy = 1;
			return s->cache[i].q;
		}
	int rc = sqlite3_prepare_v3(s->db, sql, -1, s->ncached < STMT_CACHE ? SQLITE_PREPARE_PERSISTENT : 0,
	    &q, NULL);
	if (rc == SQLITE_OK && s->ncached < STMT_CACHE) {
		s->cache[s->ncached].sql = xstrdup(sql);
		s->cache[s->ncached].lit = sql;
		s->cache[s->ncached].q = q;
		s->cache[s->ncached].busy = 1;
		s->ncached++;
	}
	if (rc != SQLITE_OK) {
		int prim = rc & 0xff;
		const char *why = sqlite3_errmsg(s->db);
		if (prim == SQLITE_ERROR && (strncmp(why, "no such table", 13) == 0 ||
		    strncmp(why, "no such column", 14) == 0))
			/* tally's own SQL on a file whose tables someone changed: the
			 * file is at fault, not tally */
			diag_set(d, ST_IO, NULL, s->path, "database", "%s is not a usable tally database (%s)", s->path,
			    why);
		else if (prim == SQLITE_ERROR)
			diag_set(d, ST_INTERNAL, NULL, NULL, "database",
			    "internal error: cannot prepare SQL (%s): %s", sqlite3_errmsg(s->db), sql);
		else
			store_error(s, rc, d, "prepare");
		return NULL;
	}
	return q;
}

/* Run one statement with no result rows; binds are done by the caller. */
enum status
store_run(struct store *s, sqlite3_stmt *q, struct diag *d)
{
	int rc = sqlite3_step(q);
	enum status r = ST_OK;
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		r = store_error(s, rc, d, "write");
	store_finish(s, q);
	return r;
}

enum status
store_exec(struct store *s, const char *sql, struct diag *d)
{
	char *err = NULL;
	int rc = sqlite3_exec(s->db, sql, NULL, NULL, &err);
	sqlite3_free(err);
	if (rc != SQLITE_OK)
		return store_error(s, rc, d, "exec");
	return ST_OK;
}

char *
store_col_text(sqlite3_stmt *q, int i)
{
	const unsigned char *t = sqlite3_column_text(q, i);
	return t ? xstrdup((const char *)t) : NULL;
}

/* Now, in the stored form (UTC, "YYYY-MM-DDTHH:MM:SSZ"): TALLY_NOW as
 * when_now() reads it, never as typed.  A malformed TALLY_NOW was refused
 * when the store was opened (cmd_store); should one slip through, the
 * statement falls back to SQLite's clock rather than store it. */
void
store_bind_now(sqlite3_stmt *q, int i)
{
	struct diag ignore = {0};
	time_t t;
	char buf[WHEN_BUF];
	if (when_now(&t, &ignore) == ST_OK) {
		when_utc(t, buf);
		sqlite3_bind_text(q, i, buf, -1, SQLITE_TRANSIENT);
	} else
		sqlite3_bind_null(q, i);
	diag_clear(&ignore);
}

sqlite3 *
store_db(struct store *s)
{
	return s->db;
}

const char *
store_path(struct store *s)
{
	return s->open_name;
}

void
store_players_forget(struct store *s)
{
	for (size_t i = 0; i < s->nplayers; i++)
		free(s->players[i].name);
	free(s->players);
	s->players = NULL;
	s->nplayers = 0;
	strmap_release(&s->player_ids);
}

long
store_last_id(struct store *s)
{
	return (long)sqlite3_last_insert_rowid(s->db);
}

enum status
store_run2(struct store *s, const char *sql, long a, long b, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, a);
	sqlite3_bind_int64(q, 2, b);
	return store_run(s, q, d);
}

sqlite3_stmt *
store_prep_rows(struct store *s, const char *head, const char *row, int n, struct diag *d)
{
	/* each text made once and kept, so that store_prep finds it by its
	 * address, as it finds a literal */
	for (int i = 0; i < s->nrows_sql; i++)
		if (s->rows_sql[i].head == head && s->rows_sql[i].n == n)
			return store_prep(s, s->rows_sql[i].sql, d);
	struct strbuf sql = {0};
	sb_add(&sql, head);
	sb_add(&sql, " VALUES ");
	for (int i = 0; i < n; i++) {
		if (i)
			sb_add(&sql, ", ");
		sb_add(&sql, row);
	}
	if (s->nrows_sql == ROWS_SQL_KEPT) {
		sqlite3_stmt *q = store_prep(s, sql.s, d);
		sb_release(&sql);
		return q;
	}
	s->rows_sql[s->nrows_sql] = (struct rows_sql){ head, n, sb_take(&sql) };
	return store_prep(s, s->rows_sql[s->nrows_sql++].sql, d);
}

struct store_cell *
store_batch_row(struct store_batch *b)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->cell = xrealloc(b->cell, sizeof *b->cell * (size_t)b->cap * (size_t)b->ncols);
	}
	struct store_cell *c = &b->cell[(size_t)b->n++ * (size_t)b->ncols];
	memset(c, 0, sizeof *c * (size_t)b->ncols);
	return c;
}

/* The most rows a batch writes in one statement: 32 rows of 7 columns
 * stay within SQLite's old default of 999 variables a statement. */
#define BATCH_ROWS 32

enum status
store_batch_flush(struct store *s, struct store_batch *b, struct diag *d)
{
	enum status r = ST_OK;
	int done = 0;
	for (int size = BATCH_ROWS; size >= 1 && r == ST_OK; size /= 2)
		while (r == ST_OK && b->n - done >= size) {
			sqlite3_stmt *q = store_prep_rows(s, b->head, b->row, size, d);
			if (q == NULL) {
				r = d->status;
				break;
			}
			const struct store_cell *c = &b->cell[(size_t)done * (size_t)b->ncols];
			for (int k = 0; k < size * b->ncols; k++)
				switch (c[k].kind) {
				case CELL_NULL:
					break;  /* a statement handed back has its bindings cleared */
				case CELL_INT:
					sqlite3_bind_int64(q, k + 1, c[k].i);
					break;
				case CELL_TEXT:
					sqlite3_bind_text(q, k + 1, c[k].t, -1, SQLITE_STATIC);
					break;
				case CELL_NOW:
					store_bind_now(q, k + 1);
					break;
				}
			int rc = sqlite3_step(q);
			if (rc != SQLITE_DONE)
				r = store_error(s, rc, d, b->what);
			store_finish(s, q);
			done += size;
		}
	b->n = 0;
	return r;
}

void
store_batch_release(struct store_batch *b)
{
	free(b->cell);
	b->cell = NULL;
	b->n = b->cap = 0;
}

void
store_bind_long(sqlite3_stmt *q, int i, int has, long v)
{
	if (has)
		sqlite3_bind_int64(q, i, v);
	else
		sqlite3_bind_null(q, i);
}

void
store_bind_text(sqlite3_stmt *q, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(q, i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(q, i);
}

/* The game record every file of db/ hands out (store.h). */
void
stored_game_free(struct stored_game *g)
{
	if (g == NULL)
		return;
	free(g->uid);
	free(g->kind);
	free(g->started);
	free(g->ended);
	for (int i = 0; i < g->nplayers; i++)
		free(g->names[i]);
	free(g->names);
	for (int i = g->nrows; i < g->nhands; i++) {
		free(g->entries[i]);
		free(g->recorded[i]);
	}
	if (g->rows_pool)
		pool_free(g->rows_pool);
	else
		free(g->rows);
	free(g->entries);
	free(g->recorded);
	for (int i = 0; i < g->nundone; i++) {
		free(g->undone[i]);
		free(g->undone_recorded[i]);
	}
	free(g->undone);
	free(g->undone_recorded);
	free(g->night_name);
	free(g->night_started);
	free(g->night_ended);
	free(g->taken_from);
	free(g->file_uid);
	free(g->base_source);
	free(g->base_seen);
	free(g->deleted);
	for (int i = 0; i < g->nsubs; i++)
		free(g->subs[i].name);
	free(g->subs);
	free(g->joined);
	free(g->join_total);
	free(g->night_uid);
	free(g->note);
	free(g->night_note);
	free(g->night_taken_from);
	free(g->night_taken_note);
	free(g->night_versions);
	free(g->night_taken_seen);
	free(g->night_taken_here);
	options_release(&g->opts);
	free(g);
}

enum status
store_revision_bump(struct store *s, long game, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE game SET revision = revision + 1 WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	return store_run(s, q, d);
}
