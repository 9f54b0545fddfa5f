/* SPDX-License-Identifier: ISC */
/*
 * steps.c: the stack of changes `undo` and `redo` go by, one per game,
 * in the order they were made (db/migrate-29.sql): undo takes back the
 * newest live change, redo makes again the one undone last, and a new
 * change forgets what waited for redo (store_step_push, the one place
 * that does).  A step only says which change
 * and where it stands; what it changed is in the hand rows (the undone
 * flag), seat_change (subs and joins), game.end_undone (an end), and,
 * for an edit or an insert, the step's own entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

void
store_step_free(struct undo_step *t)
{
	free(t->entry);
	memset(t, 0, sizeof *t);
}

/* What waited for redo, forgotten: a new change came after the undo
 * (README "Nothing is lost by one command").  The steps undone go; the
 * hands undone are set aside (hand.undone = 2, numbered minus their id so
 * that the new hand takes the number of the first), kept, never
 * destroyed; the joins and substitutions undone go (db/subs.c); an undone
 * end is forgotten, the game goes on.  Redo never comes here: it makes a
 * change again, and what was undone before it still waits. */
static enum status
forget_redo(struct store *s, long game, struct diag *d)
{
	static const char *const forget[] = {
		"DELETE FROM undo_step WHERE game_id = ?1 AND undone = 1",
		"DELETE FROM seat_change WHERE game_id = ?1 AND undone = 1",
		"UPDATE hand SET undone = 2, number = -id WHERE game_id = ?1 AND undone = 1",
		/* the game row is written only when an end was undone: a
		 * hand's derived rows write it anyway, an edit's too */
		"UPDATE game SET end_undone = NULL, end_undone_closed = NULL WHERE id = ?1 AND end_undone IS NOT NULL",
	};
	for (size_t i = 0; i < ARRAY_LEN(forget); i++)
		if (store_run2(s, forget[i], game, 0, d) != ST_OK)
			return d->status;
	return ST_OK;
}

enum status
store_step_push(struct store *s, long game, const char *kind, int hand, const char *entry, struct diag *d)
{
	sqlite3_stmt *q;
	if (forget_redo(s, game, d) != ST_OK ||
	    (q = store_prep(s, "INSERT INTO undo_step (game_id, seq, kind, hand, entry, undone)"
	    /* undone = 0: the steps undone are gone (above), and with the
	     * index's second column fixed max(seq) is its last entry, not a
	     * scan of every step of the game (a hand at hole 1000) */
	    " VALUES (?1, (SELECT coalesce(max(seq), 0) + 1 FROM undo_step WHERE game_id = ?1 AND undone = 0), ?2,"
	    " nullif(?3, 0), ?4, 0)",
	    d)) == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_text(q, 2, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 3, hand);
	store_bind_text(q, 4, entry);
	return store_run(s, q, d);
}

enum status
store_step_top(struct store *s, long game, int redo, struct undo_step *t, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, redo
	    ? "SELECT id, kind, coalesce(hand, 0), entry FROM undo_step WHERE game_id = ? AND undone = 1 ORDER BY seq LIMIT 1"
	    : "SELECT id, kind, coalesce(hand, 0), entry FROM undo_step WHERE game_id = ? AND undone = 0"
	      " ORDER BY seq DESC LIMIT 1", d);
	memset(t, 0, sizeof *t);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		t->id = sqlite3_column_int64(q, 0);
		const unsigned char *k = sqlite3_column_text(q, 1);
		snprintf(t->kind, sizeof t->kind, "%s", k ? (const char *)k : "");
		t->hand = sqlite3_column_int(q, 2);
		t->entry = store_col_text(q, 3);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read the changes to undo");
}

enum status
store_step_turn(struct store *s, long game, const struct undo_step *t, int undone, const char *kind, int hand,
    const char *entry, struct diag *d)
{
	/* a change with no step (made before steps were kept, or imported)
	 * goes below every step: undo reached it when none was left live,
	 * and redo makes it again first */
	sqlite3_stmt *q = store_prep(s, t->id
	    ? "UPDATE undo_step SET undone = ?2, hand = nullif(?4, 0), entry = ?5 WHERE id = ?6 AND game_id = ?1"
	    : "INSERT INTO undo_step (game_id, seq, kind, hand, entry, undone) VALUES (?1,"
	      " CASE WHEN ?2 THEN (SELECT coalesce(min(seq), 1) - 1 FROM undo_step WHERE game_id = ?1)"
	      " ELSE (SELECT coalesce(max(seq), 0) + 1 FROM undo_step WHERE game_id = ?1) END, ?3, nullif(?4, 0), ?5, ?2)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, undone);
	if (!t->id)
		sqlite3_bind_text(q, 3, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 4, hand);
	store_bind_text(q, 5, entry);
	if (t->id)
		sqlite3_bind_int64(q, 6, t->id);
	return store_run(s, q, d);
}

enum status
store_step_drop(struct store *s, long game, long id, struct diag *d)
{
	return store_run2(s, "DELETE FROM undo_step WHERE id = ?1 AND game_id = ?2", id, game, d);
}

enum status
store_step_entries(struct store *s, long game, long **ids, char ***entries, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, entry FROM undo_step WHERE game_id = ? AND entry IS NOT NULL ORDER BY seq", d);
	int rc, cap = 0;
	*ids = NULL;
	*entries = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 4;
			*ids = xrealloc(*ids, sizeof **ids * (size_t)cap);
			*entries = xrealloc(*entries, sizeof **entries * (size_t)cap);
		}
		(*ids)[*n] = sqlite3_column_int64(q, 0);
		(*entries)[(*n)++] = store_col_text(q, 1);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read the changes to undo");
}

enum status
store_step_entry_put(struct store *s, long id, const char *entry, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE undo_step SET entry = ?2 WHERE id = ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, id);
	store_bind_text(q, 2, entry);
	return store_run(s, q, d);
}
