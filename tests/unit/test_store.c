/* SPDX-License-Identifier: ISC */
/*
 * test_store.c: the store (db/store.h) without the command line: open a
 * fresh file, migrate a version-1 file to STORE_SCHEMA_VERSION, write a
 * game and its hands, read them back as stored; and refuse what is not a
 * tally database.  Each test works in its own directory under TMPDIR.
 */
#include "helpers.h"

#include <sqlite3.h>
#include <stdio.h>
#include <unistd.h>

#include "../../core/options.h"
#include "../../db/store.h"

/* A fresh scratch directory's file name; the caller frees it. */
static char *
scratch(const char *file)
{
	char tmpl[] = "/tmp/tally-store-XXXXXX";
	const char *dir = mkdtemp(tmpl);
	assert_non_null(dir);
	return xasprintf("%s/%s", dir, file);
}

static long
user_version(const char *path)
{
	sqlite3 *db;
	sqlite3_stmt *q;
	long v = -1;
	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL), SQLITE_OK);
	if (sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	sqlite3_close(db);
	return v;
}

static void
test_open_creates_current_schema(void **u)
{
	(void)u;
	char *path = scratch("new/tally.db");  /* the directory is made too */
	struct store *s = NULL;
	struct diag d = {0};
	assert_int_equal(store_open(path, &s, &d), ST_OK);
	store_close(s);
	assert_int_equal(user_version(path), STORE_SCHEMA_VERSION);
	free(path);
}

/* A version-1 database (db/schema.sql as the first release wrote it)
 * opens and is upgraded through every migration. */
static void
test_migrate_from_version_1(void **u)
{
	(void)u;
	char *path = scratch("old.db");
	FILE *f = fopen("db/schema.sql", "r");
	assert_non_null(f);
	struct strbuf sql = {0};
	char line[512];
	while (fgets(line, sizeof line, f))
		sb_printf(&sql, "%s", line);
	fclose(f);
	/* what the first release's open wrote beside the schema */
	sb_printf(&sql, "PRAGMA user_version = 1; PRAGMA application_id = %d;", STORE_APPLICATION_ID);
	sqlite3 *db;
	char *err = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql.s, NULL, NULL, &err) != SQLITE_OK)
		fail_msg("schema.sql: %s", err);
	sqlite3_close(db);
	sb_release(&sql);
	assert_int_equal(user_version(path), 1);

	struct store *s = NULL;
	struct diag d = {0};
	if (store_open(path, &s, &d) != ST_OK)
		fail_msg("open: %s", d.message);
	store_close(s);
	assert_int_equal(user_version(path), STORE_SCHEMA_VERSION);
	free(path);
}

/* Write a Golf game of two holes, close, open again, read it back. */
static void
test_write_and_read_back(void **u)
{
	(void)u;
	char *path = scratch("tally.db");
	struct store *s = NULL;
	struct diag d = {0};
	struct warnings w = {0};
	const struct game_rules *r = rules_find("golf");
	char *names[] = { "Ann", "Bob" };
	struct optset o = {0};
	assert_int_equal(options_build(r, 2, NULL, 0, &o, &d), ST_OK);
	struct game_state *st = state_new(r, names, 2, &o, 0, &d);
	assert_non_null(st);

	long id = 0;
	assert_int_equal(store_open(path, &s, &d), ST_OK);
	assert_int_equal(store_begin(s, 1, &d), ST_OK);
	assert_int_equal(store_game_create(s, "golf", names, 2, &o, 0, st, &id, &d), ST_OK);
	const char *hands[] = { "Ann=5 Bob=12", "Ann=20 Bob=3" };
	for (int h = 0; h < 2; h++) {
		assert_int_equal(rules_apply_text(st, hands[h], &w, &d), ST_OK);
		assert_int_equal(store_hand_append(s, id, st->entries[h], st, &d), ST_OK);
	}
	assert_int_equal(store_commit(s, &d), ST_OK);
	store_close(s);

	struct stored_game *g = NULL;
	assert_int_equal(store_open(path, &s, &d), ST_OK);
	assert_int_equal(store_begin(s, 0, &d), ST_OK);
	assert_int_equal(store_game_load(s, id, &g, &d), ST_OK);
	assert_string_equal(g->kind, "golf");
	assert_int_equal(g->nplayers, 2);
	assert_string_equal(g->names[0], "Ann");
	assert_string_equal(g->names[1], "Bob");
	assert_int_equal(g->nhands, 2);
	assert_string_equal(g->entries[0], st->entries[0]);
	assert_string_equal(g->entries[1], st->entries[1]);
	assert_string_equal(options_get(&g->opts, "holes"), "9");
	assert_int_equal(g->over, 0);
	/* the replay of what was read back gives the totals written */
	struct game_record rec = { r, g->names, g->nplayers, &g->opts, g->dealer, g->entries, g->nhands, g->closed, g->joined, g->join_total, g->subs, g->nsubs };
	struct game_state *again = rules_replay(&rec, REPLAY_ALL, &d);
	assert_non_null(again);
	assert_int_equal(again->p[0].total, 25);
	assert_int_equal(again->p[1].total, 15);
	/* a game that is not there */
	struct stored_game *none = NULL;
	assert_int_equal(store_game_load(s, id + 1, &none, &d), ST_NOINPUT);
	diag_clear(&d);
	store_rollback(s);
	store_close(s);

	state_free(again);
	stored_game_free(g);
	state_free(st);
	options_release(&o);
	warnings_release(&w);
	free(path);
}

/* A file that is not a tally database is refused (ST_IO), unchanged. */
static void
test_refuses_foreign_file(void **u)
{
	(void)u;
	char *path = scratch("notes.db");
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("shopping: eggs, milk\n", f);
	fclose(f);
	struct store *s = NULL;
	struct diag d = {0};
	assert_int_equal(store_open(path, &s, &d), ST_IO);
	diag_clear(&d);
	char buf[64] = "";
	f = fopen(path, "r");
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "shopping: eggs, milk\n");
	free(path);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_creates_current_schema),
		cmocka_unit_test(test_migrate_from_version_1),
		cmocka_unit_test(test_write_and_read_back),
		cmocka_unit_test(test_refuses_foreign_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
