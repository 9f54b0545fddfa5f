/* SPDX-License-Identifier: ISC */
/*
 * pads.c: the score pads a club saves under a name (table pad,
 * db/migrate-11.sql).  See store.h.
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file uses conn.c only.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "store_internal.h"

enum status
store_pad_save(struct store *s, const char *name, char *const *settings, int n, int *replaced,
    struct diag *d)
{
	struct strbuf sb = {0};
	for (int i = 0; i < n; i++)
		sb_printf(&sb, "%s%s", i ? "\n" : "", settings[i]);
	sqlite3_stmt *q = store_prep(s, "SELECT 1 FROM pad WHERE name = ?", d);
	int rc;
	if (q == NULL) {
		sb_release(&sb);
		return d->status;
	}
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	*replaced = sqlite3_step(q) == SQLITE_ROW;
	store_finish(s, q);
	if ((q = store_prep(s, "INSERT INTO pad (name, options, saved) VALUES (?1, ?2,"
	    " coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')))"
	    " ON CONFLICT (name) DO UPDATE SET options = ?2, saved = excluded.saved", d)) == NULL) {
		sb_release(&sb);
		return d->status;
	}
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, sb.s ? sb.s : "", -1, SQLITE_TRANSIENT);
	/* when_now() is the one clock: UTC, as every time is stored */
	store_bind_now(q, 3);
	rc = sqlite3_step(q);
	store_finish(s, q);
	sb_release(&sb);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "save pad");
}

/* Split a stored settings text into a heap array (NULL-terminated). */
static char **
split_settings(const char *text, int *n)
{
	char **v = xcalloc(strlen(text) + 2, sizeof *v);
	*n = 0;
	while (*text) {
		size_t len = strcspn(text, "\n");
		if (len)
			v[(*n)++] = xstrndup(text, len);
		text += len + (text[len] == '\n');
	}
	return v;
}

enum status
store_pad_find(struct store *s, const char *name, struct saved_pad *out, int *found, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name, options FROM pad WHERE name = ?", d);
	int rc;
	memset(out, 0, sizeof *out);
	*found = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*found = 1;
		out->name = xstrdup((const char *)sqlite3_column_text(q, 0));
		out->settings = split_settings((const char *)sqlite3_column_text(q, 1), &out->nsettings);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read pad");
}

enum status
store_pad_list(struct store *s, struct saved_pad **out, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name, options FROM pad ORDER BY name", d);
	int rc;
	*out = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*out = xrealloc(*out, sizeof **out * (size_t)(*n + 1));
		struct saved_pad *p = &(*out)[(*n)++];
		p->name = xstrdup((const char *)sqlite3_column_text(q, 0));
		p->settings = split_settings((const char *)sqlite3_column_text(q, 1), &p->nsettings);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read pads");
}

void
saved_pad_release(struct saved_pad *p)
{
	if (p == NULL)
		return;
	for (int i = 0; i < p->nsettings; i++)
		free(p->settings[i]);
	free(p->settings);
	free(p->name);
	memset(p, 0, sizeof *p);
}
