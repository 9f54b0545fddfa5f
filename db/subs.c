/* SPDX-License-Identifier: ISC */
/*
 * subs.c: the substitutions `tally sub` makes, kept so that `undo` takes
 * one back and `redo` makes it again, as they do a join (cmd/cmd-undo.c).
 *
 * Each one made is a line of the meta row "subbed GAME", the newest first;
 * one `undo` took back waits in "unsubbed GAME", the last undone first,
 * and goes with the hands kept for redo when something new is done
 * (write.c set_aside).  A line is "HAND SEAT SEATS WAS ID": from hand
 * HAND (the next when it was made) player ID plays seat SEAT of a game
 * of SEATS seats, where WAS played from that hand before (0: nobody, the
 * seat went on as it was).  Players go by id, so a rename changes
 * nothing; a line whose seat_sub row no longer reads so (an insert moved
 * it, a merge or an import rewrote it) is not taken back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

struct sub_line {
	int hand, seat, seats;
	long was, id;
};

static enum status
lines_read(struct store *s, const char *key, long game, char **value, struct diag *d)
{
	char *k = xasprintf("%s %ld", key, game);
	int set;
	enum status rc = store_setting(s, k, value, &set, d);
	free(k);
	return rc;
}

static enum status
lines_write(struct store *s, const char *key, long game, const char *value, struct diag *d)
{
	char *k = xasprintf("%s %ld", key, game);
	enum status rc = store_setting_put(s, k, value ? value : "", d);
	free(k);
	return rc;
}

/* Line l (its text up to a newline) read into *c: 1, or 0 if malformed. */
static int
line_parse(const char *l, struct sub_line *c)
{
	return sscanf(l, "%d %d %d %ld %ld", &c->hand, &c->seat, &c->seats, &c->was, &c->id) == 5;
}

/* Put line c on top of key's lines. */
static enum status
line_push(struct store *s, const char *key, long game, const struct sub_line *c, struct diag *d)
{
	char *old = NULL;
	if (lines_read(s, key, game, &old, d) != ST_OK)
		return d->status;
	char *v = xasprintf("%d %d %d %ld %ld%s%s", c->hand, c->seat, c->seats, c->was, c->id,
	    old && *old ? "\n" : "", old ? old : "");
	enum status rc = lines_write(s, key, game, v, d);
	free(v);
	free(old);
	return rc;
}

/* Take line number `at` (0: the top) off key's lines. */
static enum status
line_drop(struct store *s, const char *key, long game, int at, struct diag *d)
{
	char *v = NULL;
	if (lines_read(s, key, game, &v, d) != ST_OK)
		return d->status;
	char *l = v;
	for (int i = 0; l && i < at; i++)
		l = (l = strchr(l, '\n')) ? l + 1 : NULL;
	if (l) {
		char *nl = strchr(l, '\n');
		memmove(l, nl ? nl + 1 : l + strlen(l), strlen(nl ? nl + 1 : l + strlen(l)) + 1);
		size_t n = strlen(v);
		if (n && v[n - 1] == '\n')
			v[n - 1] = '\0';
	}
	enum status rc = lines_write(s, key, game, v, d);
	free(v);
	return rc;
}

/* sql prepared with ?1 game, ?2 seat, ?3 hand bound; NULL with d set. */
static sqlite3_stmt *
seat_hand_stmt(struct store *s, const char *sql, long game, int seat, int hand, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q) {
		sqlite3_bind_int64(q, 1, game);
		sqlite3_bind_int(q, 2, seat);
		sqlite3_bind_int(q, 3, hand);
	}
	return q;
}

/* Who plays c's seat from c's hand by seat_sub: *now (0: no row); with
 * name and was, the names of c's players too (heap; NULL: none, or a
 * player no longer there). */
static enum status
row_read(struct store *s, long game, const struct sub_line *c, long *now, char **name, char **was, struct diag *d)
{
	sqlite3_stmt *q = seat_hand_stmt(s, "SELECT (SELECT player_id FROM seat_sub WHERE game_id = ?1 AND seat = ?2"
	    " AND hand = ?3), (SELECT name FROM player WHERE id = ?4), (SELECT name FROM player WHERE id = ?5)", game,
	    c->seat, c->hand, d);
	*now = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 4, c->id);
	sqlite3_bind_int64(q, 5, c->was);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*now = sqlite3_column_int64(q, 0);
		if (name)
			*name = store_col_text(q, 1);
		if (was)
			*was = store_col_text(q, 2);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "read substitutes");
}

/* Make seat_sub say that id (0: nobody) plays seat from hand of game. */
static enum status
row_set(struct store *s, long game, int seat, int hand, long id, struct diag *d)
{
	sqlite3_stmt *q = seat_hand_stmt(s, "DELETE FROM seat_sub WHERE game_id = ?1 AND seat = ?2 AND hand = ?3", game,
	    seat, hand, d);
	if (q == NULL || store_run(s, q, d) != ST_OK)
		return d->status;
	if (id != 0) {
		q = seat_hand_stmt(s, "INSERT INTO seat_sub (game_id, seat, hand, player_id) VALUES (?1, ?2, ?3, ?4)", game,
		    seat, hand, d);
		if (q == NULL)
			return d->status;
		sqlite3_bind_int64(q, 4, id);
		if (store_run(s, q, d) != ST_OK)
			return d->status;
	}
	return store_revision_bump(s, game, d);
}

enum status
store_sub_make(struct store *s, long game, int seat, int hand, int seats, const char *name, struct diag *d)
{
	struct sub_line c = { hand, seat, seats, 0, 0 };
	if (row_read(s, game, &c, &c.was, NULL, NULL, d) != ST_OK || store_go_on(s, game, d) != ST_OK ||
	    store_sub_add(s, game, seat, hand, name, d) != ST_OK || row_read(s, game, &c, &c.id, NULL, NULL, d) != ST_OK)
		return d->status;
	return line_push(s, "subbed", game, &c, d);
}

void
store_sub_taken_free(struct sub_taken *t)
{
	free(t->name);
	free(t->was);
	memset(t, 0, sizeof *t);
}

/* Whether line c of key can be taken back (undo) or made again (redo) in
 * a game at its hand `hand` with `seats` seats: the row reads what the
 * change left (undo) or what it found (redo), both players still there. */
static enum status
line_fits(struct store *s, long game, int hand, int seats, const struct sub_line *c, int redo, struct sub_taken *t,
    struct diag *d)
{
	long now;
	enum status rc;
	if (c->hand != hand || c->seats != seats)
		return ST_OK;
	if ((rc = row_read(s, game, c, &now, &t->name, &t->was, d)) != ST_OK || now != (redo ? c->was : c->id) ||
	    t->name == NULL || (c->was && t->was == NULL)) {
		store_sub_taken_free(t);
		return rc;
	}
	t->seat = c->seat;
	t->hand = c->hand;
	return ST_OK;
}

enum status
store_sub_last(struct store *s, long game, int hand, int seats, int redo, struct sub_taken *t, struct diag *d)
{
	char *v = NULL;
	enum status rc;
	memset(t, 0, sizeof *t);
	t->seat = -1;
	if ((rc = lines_read(s, redo ? "unsubbed" : "subbed", game, &v, d)) != ST_OK)
		return rc;
	/* undo: the newest that still reads so (an older one comes back into
	 * reach when the one that replaced it is taken back); redo: only the
	 * last undone */
	int at = 0;
	for (const char *l = v; rc == ST_OK && l && *l && t->name == NULL && (at == 0 || !redo); at++) {
		struct sub_line c;
		t->at = at;
		if (line_parse(l, &c))
			rc = line_fits(s, game, hand, seats, &c, redo, t, d);
		l = (l = strchr(l, '\n')) ? l + 1 : NULL;
	}
	free(v);
	if (t->name == NULL)
		t->seat = -1;
	return rc;
}

enum status
store_sub_back(struct store *s, long game, const struct sub_taken *t, int redo, struct diag *d)
{
	char *v = NULL;
	if (lines_read(s, redo ? "unsubbed" : "subbed", game, &v, d) != ST_OK)
		return d->status;
	const char *l = v;
	for (int i = 0; l && i < t->at; i++)
		l = (l = strchr(l, '\n')) ? l + 1 : NULL;
	struct sub_line c;
	enum status rc = ST_OK;
	if (l == NULL || !line_parse(l, &c))
		rc = diag_set(d, ST_INTERNAL, NULL, NULL, "store", "internal error: the substitution to %s is gone",
		    redo ? "redo" : "undo");
	else if ((rc = row_set(s, game, c.seat, c.hand, redo ? c.id : c.was, d)) == ST_OK &&
	    (rc = line_drop(s, redo ? "unsubbed" : "subbed", game, t->at, d)) == ST_OK)
		rc = line_push(s, redo ? "subbed" : "unsubbed", game, &c, d);
	free(v);
	if (rc == ST_OK)
		store_noted(s, "the %s of a substitute in game %ld was stored", redo ? "redo" : "undo", game);
	return rc;
}
