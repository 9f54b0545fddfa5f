/*
 * store_internal.h: what the files of db/ share and nothing else sees:
 * statement preparation, error mapping and the connection.
 */
#ifndef TALLY_STORE_INTERNAL_H
#define TALLY_STORE_INTERNAL_H

#include <sqlite3.h>

#include "store.h"

/* Prepare sql on s; NULL with d set (ST_INTERNAL for a bad statement,
 * else ST_IO). */
sqlite3_stmt *store_prep(struct store *s, const char *sql, struct diag *d);

/* Give back a statement from store_prep (reset and kept when cached). */
void store_finish(struct store *s, sqlite3_stmt *st);

/* Map an SQLite result code to a diagnostic (ST_IO); returns ST_IO. */
enum status store_error(struct store *s, int rc, struct diag *d, const char *what);

/* The rowid of the last insert on s. */
long store_last_id(struct store *s);

#endif
