/* SPDX-License-Identifier: ISC */
/*
 * subs.c: the substitutions `tally sub` makes, kept so that `undo` takes
 * one back and `redo` makes it again, as they do a join (cmd/cmd-undo.c).
 *
 * Each one made is a row of seat_change (db/migrate-27.sql), kind 'sub',
 * in the transaction that makes it; undo sets its undone flag, redo
 * clears it, and a new change after an undo deletes the undone rows with
 * the hands kept for redo (steps.c store_step_push).  The row holds only what
 * seat_sub does not: while live, who played the seat from that hand
 * before (NULL: nobody, the seat went on as it was), the substitute
 * being seat_sub's row; while undone, the substitute redo puts back.
 * Undo and redo swap the two.  Players go by id, so a rename changes
 * nothing and a merge rewrites the row (db/players.c); an insert moves
 * its hand with seat_sub's, and the undo of one drops, with its seat_sub
 * row, the live rows of a substitute it leaves with no hand (write.c
 * shift_seat_changes), so that each live row is a seat_sub row's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

sqlite3_stmt *
store_seat_hand_stmt(struct store *s, const char *sql, long game, int seat, int hand, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q) {
		sqlite3_bind_int64(q, 1, game);
		sqlite3_bind_int(q, 2, seat);
		sqlite3_bind_int(q, 3, hand);
	}
	return q;
}

/* Who plays seat from hand of game by seat_sub: *now (0: no row). */
static enum status
row_read(struct store *s, long game, int seat, int hand, long *now, struct diag *d)
{
	sqlite3_stmt *q = store_seat_hand_stmt(s, "SELECT player_id FROM seat_sub WHERE game_id = ?1 AND seat = ?2 AND hand = ?3",
	    game, seat, hand, d);
	*now = 0;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*now = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read substitutes");
}

/* Make seat_sub say that id (0: nobody) plays seat from hand of game. */
static enum status
row_set(struct store *s, long game, int seat, int hand, long id, struct diag *d)
{
	sqlite3_stmt *q = store_seat_hand_stmt(s, "DELETE FROM seat_sub WHERE game_id = ?1 AND seat = ?2 AND hand = ?3", game,
	    seat, hand, d);
	if (q == NULL || store_run(s, q, d) != ST_OK)
		return d->status;
	if (id != 0) {
		q = store_seat_hand_stmt(s, "INSERT INTO seat_sub (game_id, seat, hand, player_id) VALUES (?1, ?2, ?3, ?4)", game,
		    seat, hand, d);
		if (q == NULL)
			return d->status;
		sqlite3_bind_int64(q, 4, id);
		if (store_run(s, q, d) != ST_OK)
			return d->status;
	}
	return store_revision_bump(s, game, d);
}

/* Row id of seat_change: undone as undone says, player_id id (0: NULL). */
static enum status
change_set(struct store *s, long row, int undone, long id, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE seat_change SET undone = ?2, player_id = nullif(?3, 0) WHERE id = ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, row);
	sqlite3_bind_int(q, 2, undone);
	sqlite3_bind_int64(q, 3, id);
	return store_run(s, q, d);
}

enum status
store_sub_make(struct store *s, long game, int seat, int hand, const char *name, struct diag *d)
{
	long was;
	sqlite3_stmt *q;
	if (row_read(s, game, seat, hand, &was, d) != ST_OK || store_sub_add(s, game, seat, hand, name, d) != ST_OK)
		return d->status;
	/* store_sub_add dropped the seat's changes for later hands: their
	 * rows go with them */
	if ((q = store_seat_hand_stmt(s, "DELETE FROM seat_change WHERE game_id = ?1 AND seat = ?2 AND hand > ?3"
	    " AND kind = 'sub'", game, seat, hand, d)) == NULL || store_run(s, q, d) != ST_OK)
		return d->status;
	if ((q = store_seat_hand_stmt(s, "INSERT INTO seat_change (game_id, kind, seat, hand, player_id)"
	    " VALUES (?1, 'sub', ?2, ?3, nullif(?4, 0))", game, seat, hand, d)) == NULL)
		return d->status;
	sqlite3_bind_int64(q, 4, was);
	return store_run(s, q, d);
}

void
store_sub_taken_free(struct sub_taken *t)
{
	free(t->name);
	free(t->was);
	memset(t, 0, sizeof *t);
	t->seat = -1;
}

enum status
store_change_last(struct store *s, long game, int redo, struct change_taken *c, struct diag *d)
{
	/* undo: the newest live change; redo: the oldest undone, which is
	 * the one undone last (a new change deletes the undone ones) */
	sqlite3_stmt *q = store_prep(s, redo ? "SELECT id, kind = 'join', seat, hand, player_id, total FROM seat_change"
	    " WHERE game_id = ? AND undone = 1 ORDER BY id LIMIT 1"
	    : "SELECT id, kind = 'join', seat, hand, player_id, total FROM seat_change"
	    " WHERE game_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1", d);
	memset(c, 0, sizeof *c);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		c->id = sqlite3_column_int64(q, 0);
		c->join = sqlite3_column_int(q, 1);
		c->seat = sqlite3_column_int(q, 2);
		c->hand = sqlite3_column_int(q, 3);
		c->player = sqlite3_column_int64(q, 4);
		c->total = sqlite3_column_type(q, 5) == SQLITE_NULL ? JOIN_BY_RULE : sqlite3_column_int64(q, 5);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read the seat changes");
}

/* The name of player id (heap; NULL: 0, or no such player). */
static enum status
player_name(struct store *s, long id, char **name, struct diag *d)
{
	*name = NULL;
	if (id == 0)
		return ST_OK;
	sqlite3_stmt *q = store_prep(s, "SELECT name FROM player WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, id);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*name = store_col_text(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read players");
}

enum status
store_sub_last(struct store *s, long game, int hand, int redo, struct sub_taken *t, struct diag *d)
{
	struct change_taken c;
	long now = 0;
	enum status rc;
	memset(t, 0, sizeof *t);
	t->seat = -1;
	if ((rc = store_change_last(s, game, redo, &c, d)) != ST_OK || c.id == 0 || c.join || c.hand != hand ||
	    (rc = row_read(s, game, c.seat, c.hand, &now, d)) != ST_OK)
		return rc;
	/* the substitute and who played before: one is seat_sub's, the
	 * other the row's */
	if ((rc = player_name(s, redo ? c.player : now, &t->name, d)) != ST_OK ||
	    (rc = player_name(s, redo ? now : c.player, &t->was, d)) != ST_OK || t->name == NULL ||
	    ((redo ? now : c.player) != 0 && t->was == NULL)) {
		store_sub_taken_free(t);
		return rc;
	}
	t->seat = c.seat;
	t->hand = c.hand;
	t->id = c.id;
	t->sub = redo ? c.player : now;
	t->before = redo ? now : c.player;
	return ST_OK;
}

enum status
store_sub_back(struct store *s, long game, const struct sub_taken *t, int redo, struct diag *d)
{
	enum status rc;
	/* undo: seat_sub reads who played before, the row keeps the
	 * substitute; redo: the other way round */
	if ((rc = row_set(s, game, t->seat, t->hand, redo ? t->sub : t->before, d)) == ST_OK &&
	    (rc = change_set(s, t->id, !redo, redo ? t->before : t->sub, d)) == ST_OK)
		store_noted(s, "the %s of a substitute in game %ld was stored", redo ? "redo" : "undo", game);
	return rc;
}
