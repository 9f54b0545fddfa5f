/*
 * players.c: the players of the store as a whole (issue 12): their names
 * for "did you mean", `tally player rename` and `merge`, and the
 * substitutes of `tally sub` (see store.h).
 */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"
#include "store.h"
#include "store_internal.h"

enum status
store_player_names(struct store *s, char ***names, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT name FROM player ORDER BY id", d);
	int rc;
	*names = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*names = xrealloc(*names, sizeof **names * (size_t)(*n + 2));
		(*names)[(*n)++] = xstrdup((const char *)sqlite3_column_text(q, 0));
		(*names)[*n] = NULL;
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE) {
		store_names_free(*names, *n);
		*names = NULL;
		*n = 0;
		return store_error(s, rc, d, "read players");
	}
	return ST_OK;
}

void
store_names_free(char **names, int n)
{
	for (int i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}
