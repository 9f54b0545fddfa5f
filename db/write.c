/* SPDX-License-Identifier: ISC */
/*
 * write.c: every change of a game, and the one writer of what is derived
 * from its hands.
 *
 * Each public function here makes its own change (a new game's rows, a
 * hand's entry, the undone mark, the deleted mark ...) and hands the rest to
 * derive(): the hand scores, chip moves and notes of the hands it names,
 * the seats (totals, chips, lives, out, place, winner), the history columns
 * game.status/ended/hands/seats, and the kept statistics (stat_line,
 * stat_count, stat_pair, and the ratings stats_apply keeps with them).  No
 * other code in db/ writes those rows, except the refills of stats.c
 * (stats_rebuild, stats_players) that an import, a merge or a migration
 * asks for.  The figures come from the replayed state the caller passes,
 * read off it as plain rows (core/rows.h; an import passes the rows it
 * read off its own replay when it checked the game): the store makes no
 * display text, and adds up nothing but each hand's running total (the
 * replay's hand points, in write_hands' one pass).
 *
 * Layering of db/ (each file uses only the ones before it):
 *   conn.c -> players.c, pads.c, ratings.c -> report.c -> stats.c -> store.c -> write.c
 * This file is the top: it uses conn.c (statements), stats.c (the kept
 * statistics) and store.c (the night a new game joins, the current game).
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/names.h"
#include "../core/rows.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/statbook.h"
#include "../core/util.h"
#include "store.h"
#include "store_internal.h"

/* New live hands for the writer to store with their derived rows. */
struct new_hands {
	char *const *entry;     /* n canonical entries */
	char *const *recorded;  /* when each was entered (UTC), NULL: now */
	const char *started;    /* with recorded, for one missing: this */
	int n;
};

/* What one change of a game asks the writer for. */
struct derive {
	const struct game_state *st; /* the replay after the change; NULL: the
	                              * standings do not change (delete, restore) */
	const struct game_rows *rows; /* or the rows read off it, holding the
	                              * hands from `from` on (an import) */
	int from;      /* the first hand (1-based) whose derived rows are
	                * written again; those of every later hand too, and
	                * those of hands past st->nhands are cleared; 0: no
	                * hand rows change */
	int fresh;     /* a game just created: no rows to clear, nothing
	                * counted in the statistics yet */
	const struct new_hands *add; /* live hands numbered from `from` on to
	                * store here with their notes and derived rows (append,
	                * import): there is nothing to clear; NULL: the hands'
	                * rows are there */
	/* the change itself, made after the statistics of the game as it was
	 * are read and before the derived rows are written; NULL: none */
	enum status (*change)(struct store *s, long game, const void *ctx, struct diag *d);
	const void *ctx;
	/* the game's content stays as it was (a rename rewrites who is
	 * called what, an upgrade re-derives): its revision is not bumped,
	 * so an import does not take it for a change made here */
	int same_revision;
	/* the seats change (a late arrival seated or taken back): the
	 * game's checkpoint, made for the seats before, goes */
	int reseat;
	/* the game comes whole from another file (an import): its standings
	 * are kept even while it is open (keep_standings) */
	int imported;
	/* the game row and its seats were written whole (a new game imported,
	 * insert_game): its revision is 1 and its status, ended, hands, seat
	 * line and standings are the rows' already, which the bump,
	 * write_seat_rows and write_game_row would write again */
	int whole;
};

/* ---- the derived rows ---- */

/* Seat i's standing in r bound to q's ?1-?6 and ?9-?11: total, chips,
 * lives, out, rank, winner, start_chips, out_by, side. */
static void
bind_standing(sqlite3_stmt *q, const struct game_rows *r, int i)
{
	const struct rows_seat *p = &r->seat[i];
	/* seat.chips and seat.lives hold the game's declared columns of
	 * those keys (NULL where it has none) */
	sqlite3_bind_int64(q, 1, p->total);
	store_bind_long(q, 2, r->chips_column, p->chips_value);
	store_bind_long(q, 3, r->lives_column, p->lives_value);
	sqlite3_bind_int(q, 4, p->out);
	sqlite3_bind_int(q, 5, p->rank);
	sqlite3_bind_int(q, 6, p->winner);
	store_bind_long(q, 9, r->has_ledger, p->start_chips);
	store_bind_long(q, 10, p->out_by != 0, p->out_by - 1);
	store_bind_long(q, 11, p->side >= 0, p->side); /* core/sides.h */
}

/* Each seat's standing in r: total, chips, lives, out, place, winner. */
static enum status
write_seat_rows(struct store *s, long game, const struct game_rows *r, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE seat SET total = ?1, chips = ?2, lives = ?3, out = ?4,"
	    " rank = ?5, winner = ?6, start_chips = ?9, out_by = ?10, side = ?11 WHERE game_id = ?7 AND seat = ?8", d);
	if (q == NULL)
		return d->status;
	for (int i = 0; i < r->nplayers; i++) {
		bind_standing(q, r, i);
		sqlite3_bind_int64(q, 7, game);
		sqlite3_bind_int(q, 8, i);
		int rc = sqlite3_step(q);
		sqlite3_reset(q);
		if (rc != SQLITE_DONE) {
			store_finish(s, q);
			return store_error(s, rc, d, "write seats");
		}
	}
	store_finish(s, q);
	return ST_OK;
}

/* The game's history columns: status, closed, ended, live hands and the
 * seat line `history` reads ("1Name" or "0Name" per seat, char(31)
 * between).  game.next (schema 1: the next hand as `show` says it) is
 * no longer kept: nothing reads it, and the store makes no display text;
 * it is left NULL until a migration drops it. */
static enum status
write_game_row(struct store *s, long game, const struct game_rows *r, struct diag *d)
{
#define SEAT_LINE ", hands = ?5, seats = " STORE_SEAT_LINE("?4")
	sqlite3_stmt *q = store_prep(s, r->over || r->closed
	    ? "UPDATE game SET status = 'over', closed = ?1, next = NULL,"
	      " ended = coalesce(ended, coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')))" SEAT_LINE " WHERE id = ?4"
	    : "UPDATE game SET status = 'open', closed = ?1, next = NULL, ended = NULL" SEAT_LINE " WHERE id = ?4", d);
#undef SEAT_LINE
	if (q == NULL)
		return d->status;
	sqlite3_bind_int(q, 1, r->closed);
	store_bind_now(q, 3);
	sqlite3_bind_int64(q, 4, game);
	sqlite3_bind_int(q, 5, r->nhands);
	return store_run(s, q, d);
}

/* Take away the derived rows of the live or undone hands numbered from on:
 * their scores, chip moves and notes. */
static enum status
clear_hands(struct store *s, long game, int from, struct diag *d)
{
	static const char *const sql[] = {
		"DELETE FROM hand_score WHERE hand_id IN (SELECT id FROM hand WHERE game_id = ?1 AND number >= ?2)",
		"DELETE FROM chip_move WHERE hand_id IN (SELECT id FROM hand WHERE game_id = ?1 AND number >= ?2)",
		"UPDATE hand SET note = NULL WHERE game_id = ?1 AND number >= ?2 AND note IS NOT NULL",
	};
	enum status r = ST_OK;
	for (size_t i = 0; r == ST_OK && i < ARRAY_LEN(sql); i++)
		r = store_run2(s, sql[i], game, from, d);
	return r;
}

/* The row ids of the live hands from..from + n - 1 of game, in hand
 * order, into ids (n entries). */
static enum status
hand_ids(struct store *s, long game, int from, int n, long *ids, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id FROM hand WHERE game_id = ? AND number >= ? AND undone = 0"
	    " ORDER BY number LIMIT ?", d);
	int got = 0, rc;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, from);
	sqlite3_bind_int(q, 3, n);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		ids[got++] = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read hands");
	if (got != n)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "store",
		    "internal error: game %ld has %d of its hands %d on to score", game, got, from);
	return ST_OK;
}

/* The rows of hands written, gathered to be written many to a statement
 * (store_batch), and where the writing is. */
struct hand_writer {
	struct store_batch hands, scores, moves;
	sqlite3_stmt *note;  /* the notes of stored hands; NULL: new hands, whose
	                      * rows carry theirs */
	long *total;   /* running totals per seat: the sums of the hands' points */
	int mi;        /* the next ledger move to write */
};

/* Gather hand h (1-based) of r as the rows of hand `hid`: each seat's
 * points, running total, chips or lives and detail, then the ledger's
 * moves of that hand; its note is written now (a stored hand's).  Hands
 * are gathered in order, each once. */
static enum status
hand_writer_put(struct store *s, struct hand_writer *w, long hid, int h, const struct game_rows *r,
    struct diag *d)
{
	const struct rows_hand *hr = &r->hand[h - r->from];
	if (hr->note && w->note) {
		sqlite3_bind_text(w->note, 1, hr->note, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(w->note, 2, hid);
		int rc = sqlite3_step(w->note);
		sqlite3_reset(w->note);
		if (rc != SQLITE_DONE)
			return store_error(s, rc, d, "write notes");
	}
	/* the counters held after the hand, as score.chips or score.lives
	 * where the game declares a column of that key; a late arrival has
	 * no score before they sat down */
	for (int i = 0; i < r->nplayers; i++) {
		if (h < r->seat[i].joined)
			continue;
		struct store_cell *c = store_batch_row(&w->scores);
		c[0] = (struct store_cell){ CELL_INT, hid, NULL };
		c[1] = (struct store_cell){ CELL_INT, i, NULL };
		c[2] = (struct store_cell){ CELL_INT, hr->points[i], NULL };
		c[3] = (struct store_cell){ CELL_INT, w->total[i], NULL };
		if (r->chips_column)
			c[4] = (struct store_cell){ CELL_INT, hr->held ? hr->held[i] : 0, NULL };
		if (r->lives_column)
			c[5] = (struct store_cell){ CELL_INT, hr->held ? hr->held[i] : 0, NULL };
		if (hr->detail[i])
			c[6] = (struct store_cell){ CELL_TEXT, 0, hr->detail[i] };
	}
	while (w->mi < r->nmoves && r->move[w->mi].hand < h)
		w->mi++;
	for (int seq = 1; w->mi < r->nmoves && r->move[w->mi].hand == h; w->mi++, seq++) {
		const struct rows_move *m = &r->move[w->mi];
		struct store_cell *c = store_batch_row(&w->moves);
		c[0] = (struct store_cell){ CELL_INT, hid, NULL };
		c[1] = (struct store_cell){ CELL_INT, seq, NULL };
		c[2] = (struct store_cell){ CELL_INT, m->from, NULL };
		c[3] = (struct store_cell){ CELL_INT, m->to, NULL };
		c[4] = (struct store_cell){ CELL_INT, m->amount, NULL };
		c[5] = (struct store_cell){ CELL_TEXT, 0, m->reason };
	}
	return ST_OK;
}

/* Gather new hand k of add as hand number h (1-based) of game, row id
 * hid, with r's note for it. */
static void
insert_hand(struct hand_writer *w, long game, const struct new_hands *add, int k, int h,
    const struct game_rows *r, long hid)
{
	const char *rec = add->recorded && add->recorded[k] ? add->recorded[k] : add->started;
	const char *note = r->hand[h - r->from].note;
	struct store_cell *c = store_batch_row(&w->hands);
	c[0] = (struct store_cell){ CELL_INT, hid, NULL };
	c[1] = (struct store_cell){ CELL_INT, game, NULL };
	c[2] = (struct store_cell){ CELL_INT, h, NULL };
	c[3] = (struct store_cell){ CELL_TEXT, 0, add->entry[k] };
	c[4] = (struct store_cell){ rec ? CELL_TEXT : CELL_NOW, 0, rec };
	if (note)
		c[5] = (struct store_cell){ CELL_TEXT, 0, note };
}

/* The one number sql reads into *v; an error says what it read. */
static enum status
read_long(struct store *s, const char *sql, long *v, const char *what, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	*v = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, what);
}

/* The row id the next hand stored takes: the one SQLite gives a row
 * inserted without one (the largest there is, plus one), given here so
 * that new hands and their rows are written many to a statement. */
static enum status
next_hand_id(struct store *s, long *id, struct diag *d)
{
	return read_long(s, "SELECT coalesce(max(id), 0) + 1 FROM hand", id, "read hands", d);
}

/* The derived rows of the hands r holds (r->from..r->nhands, 1-based) of
 * game: of the stored hands, or (add) of new ones stored here with them. */
static enum status
write_hands(struct store *s, long game, const struct game_rows *r, const struct new_hands *add, struct diag *d)
{
	int n = r->nhands - r->from + 1;
	struct hand_writer w = {
		.hands = { "INSERT OR FAIL INTO hand (id, game_id, number, entry, recorded, note)",
			"(?, ?, ?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?)", "write hands", 6, NULL, 0, 0 },
		.scores = { "INSERT OR FAIL INTO hand_score (hand_id, seat, points, total, chips, lives, out, detail)",
			"(?, ?, ?, ?, ?, ?, 0, ?)", "write scores", 7, NULL, 0, 0 },
		.moves = { "INSERT OR FAIL INTO chip_move (hand_id, seq, from_account, to_account, amount, reason)",
			"(?, ?, ?, ?, ?, ?)", "write chip moves", 6, NULL, 0, 0 },
	};
	long *ids = NULL;
	enum status rc = ST_OK;
	if (n <= 0)
		return ST_OK;
	if (add && add->n != n)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "store",
		    "internal error: %d new hands for game %ld, which has %d from hand %d", add->n, game, n, r->from);
	ids = xcalloc((size_t)n, sizeof *ids);
	w.total = xmemdup(r->before, sizeof *w.total * (size_t)(r->nplayers ? r->nplayers : 1));
	if (add) {
		if ((rc = next_hand_id(s, &ids[0], d)) != ST_OK)
			goto done;
		for (int k = 1; k < n; k++)
			ids[k] = ids[0] + k;
	} else if ((rc = hand_ids(s, game, r->from, n, ids, d)) != ST_OK ||
	    (w.note = store_prep(s, "UPDATE hand SET note = ? WHERE id = ?", d)) == NULL) {
		rc = d->status;
		goto done;
	}
	for (int h = r->from; h <= r->nhands && rc == ST_OK; h++) {
		const struct rows_hand *hr = &r->hand[h - r->from];
		for (int i = 0; i < r->nplayers; i++)
			w.total[i] += hr->points[i] + (h == r->seat[i].joined ? r->seat[i].start : 0);
		if (add)
			insert_hand(&w, game, add, h - r->from, h, r, ids[h - r->from]);
		rc = hand_writer_put(s, &w, ids[h - r->from], h, r, d);
	}
	/* the hands before the rows that refer to them */
	if (rc == ST_OK && (rc = store_batch_flush(s, &w.hands, d)) == ST_OK &&
	    (rc = store_batch_flush(s, &w.scores, d)) == ST_OK)
		rc = store_batch_flush(s, &w.moves, d);
done:
	store_batch_release(&w.hands);
	store_batch_release(&w.scores);
	store_batch_release(&w.moves);
	store_finish(s, w.note);
	free(w.total);
	free(ids);
	return rc;
}

static enum status restat_note(struct store *s, struct diag *d);

/* The statistics of game as they are read now, or NULL when they are not
 * kept (deferred, or a game not counted yet: fresh); *r set on error. */
static struct stat_game *
stats_now(struct store *s, long game, int fresh, char *started, size_t size, enum status *r, struct diag *d)
{
	*r = ST_OK;
	if (s->stats_deferred || fresh)
		return NULL;
	struct stat_game *g = xmalloc(sizeof *g);
	if ((*r = stats_read_game(s, game, g, started, size, d)) != ST_OK) {
		free(g);
		return NULL;
	}
	return g;
}

/* The game's checkpoint (store.h) after w's change: dropped when the
 * change reaches one of the hands it holds (w->from) or the seats, else
 * carried on to the revision just bumped. */
static enum status
checkpoint_follow(struct store *s, long game, const struct derive *w, struct diag *d)
{
	if (w->fresh)
		return ST_OK;  /* a game just made has none */
	if ((w->from > 0 || w->reseat) && store_run2(s, "DELETE FROM checkpoint WHERE game_id = ?1 AND hands >= ?2",
	    game, w->reseat ? 0 : w->from, d) != ST_OK)
		return d->status;
	if (w->same_revision)
		return ST_OK;
	return store_run2(s, "UPDATE checkpoint SET revision = revision + 1 WHERE game_id = ?1"
	    " AND revision + 1 = (SELECT revision FROM game WHERE id = ?1)", game, 0, d);
}

/*
 * The standings the export writes of the game (schema 24), made from w->st
 * by the command layer's function (store_standings_maker), or those the
 * rows carry (an import's: the same function's, made when it replayed the
 * game), kept for the game's revision now: for a game over or ended, whose
 * standings stay as they are, and for one an import wrote whole (an open
 * game's next hand leaves them behind: a new revision).  A change that
 * keeps the revision (a rename, an upgrade) makes them again or drops them.
 */
static enum status
keep_standings(struct store *s, long game, const struct derive *w, const struct game_rows *rows, struct diag *d)
{
	if (s->standings == NULL || !(rows->over || rows->closed || w->imported))
		return w->same_revision ? store_run2(s, "DELETE FROM standings WHERE game_id = ?1", game, 0, d) : ST_OK;
	/* made from the state, or carried with the rows (an import made them
	 * when it replayed the game, core/import.c) */
	char *text = w->st ? s->standings(w->st) : rows->standings ? xstrdup(rows->standings) : NULL;
	if (text == NULL)
		return ST_OK;
	/* at the game's revision now: a game written whole has its
	 * substitutes' bumps in it already (store_sub_add) */
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO standings (game_id, revision, build, players)"
	    " SELECT id, revision, ?2, ?3 FROM game WHERE id = ?1", d);
	if (q == NULL) {
		free(text);
		return d->status;
	}
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_text(q, 2, s->standings_build, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 3, text, -1, free);
	return store_run(s, q, d);
}

/*
 * The one writer: make w's change, then bring everything derived from the
 * game's hands up to date with w->st (see struct derive), and the kept
 * statistics with them, in the caller's transaction.
 */
static enum status
derive(struct store *s, long game, const struct derive *w, struct diag *d)
{
	char started[40], old_started[40] = "";
	enum status r;
	struct stat_game *old = stats_now(s, game, w->fresh, old_started, sizeof old_started, &r, d), *now;
	if (r != ST_OK)
		return r;
	if (w->change)
		r = w->change(s, game, w->ctx, d);
	if (r == ST_OK && !w->same_revision && !w->whole)
		r = store_revision_bump(s, game, d);
	if (r == ST_OK)
		r = checkpoint_follow(s, game, w, d);
	/* the rows to write: given (an import read them off its replay when
	 * it checked the game), or read off the state now */
	struct game_rows own = {0};
	const struct game_rows *rows = w->rows;
	if (rows == NULL && w->st) {
		rows_from_state(w->st, w->from, &own);
		rows = &own;
	}
	if (r == ST_OK && rows && w->from > 0 && !w->fresh && !w->add)
		r = clear_hands(s, game, w->from, d);
	if (r == ST_OK && rows && w->from > 0)
		r = write_hands(s, game, rows, w->add, d);
	if (r == ST_OK && rows && (w->whole || ((r = write_seat_rows(s, game, rows, d)) == ST_OK &&
	    (r = write_game_row(s, game, rows, d)) == ST_OK)))
		r = keep_standings(s, game, w, rows, d);
	rows_release(&own);
	if (r == ST_OK && !s->stats_deferred) {
		int stale = s->ratings_stale;
		now = stats_now(s, game, 0, started, sizeof started, &r, d);
		if (r == ST_OK)
			r = stats_apply(s, old, old_started, now, started, d);
		free(now);
		/* ratings left stale by an import are noted in the same
		 * transaction, so a kill before its end leaves them to be
		 * worked out by the next tally (restat_pending) */
		if (r == ST_OK && s->ratings_stale && !stale)
			r = restat_note(s, d);
	}
	free(old);
	return r;
}

/* ---- a new game ---- */

/* The id of the player whose folded name is fold (*id) and the name they
 * are stored by (*stored, the store's until the transaction ends), created
 * as name (at created, NULL: now) unless a player with that folded name
 * exists, who keeps their spelling.  The players found are kept for the
 * transaction (s->player_ids, forgotten by store_begin: another tally may
 * merge or rename them between two), so that an import seating the same
 * players game after game looks each up once a batch. */
static enum status
player_id(struct store *s, const char *name, const char *fold, const char *created, long *id,
    const char **stored, struct diag *d)
{
	int added;
	long at = *strmap_at(&s->player_ids, fold, &added);
	if (at > 0) {
		*id = s->players[at - 1].id;
		*stored = s->players[at - 1].name;
		return ST_OK;
	}
	sqlite3_stmt *q = store_prep(s, "INSERT INTO player (name, fold, created) VALUES"
	    " (?, ?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))) ON CONFLICT DO NOTHING", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, fold, -1, SQLITE_TRANSIENT);
	if (created)
		sqlite3_bind_text(q, 3, created, -1, SQLITE_TRANSIENT);
	else
		store_bind_now(q, 3);
	if (store_run(s, q, d) != ST_OK || (q = store_prep(s, "SELECT id, name FROM player WHERE fold = ?", d)) == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, fold, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	char *kept = NULL;
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(q, 0);
		kept = store_col_text(q, 1);
	}
	store_finish(s, q);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? diag_set(d, ST_INTERNAL, NULL, name, "store", "internal error: player %s"
		    " was not stored", name) : store_error(s, rc, d, "read players");
	s->players = xrealloc(s->players, sizeof *s->players * (s->nplayers + 1));
	s->players[s->nplayers++] = (struct kept_player){ *id, kept ? kept : xstrdup(name) };
	*strmap_at(&s->player_ids, fold, &added) = (long)s->nplayers;
	*stored = s->players[s->nplayers - 1].name;
	return ST_OK;
}

/* Seat player id at seat of game (a late arrival, join_seat). */
static enum status
seat_player(struct store *s, long game, int seat, long id, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "INSERT INTO seat (game_id, seat, player_id) VALUES (?, ?, ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, seat);
	sqlite3_bind_int64(q, 3, id);
	return store_run(s, q, d);
}

/* The ids of g's players into pid (g->nplayers), each created unless a
 * player with the same folded name exists; with rows, the game's seat line
 * (STORE_SEAT_LINE: "1Name" or "0Name" per seat, winner by rows, the
 * names as stored, char(31) between) into *line. */
static enum status
players_of(struct store *s, const struct import_game *g, long *pid, const struct game_rows *rows,
    struct strbuf *line, struct diag *d)
{
	for (int i = 0; i < g->nplayers; i++) {
		char *fold = names_fold(g->names[i]);
		const char *stored;
		enum status rc = player_id(s, g->names[i], fold ? fold : g->names[i], g->started, &pid[i], &stored, d);
		free(fold);
		if (rc != ST_OK)
			return rc;
		if (rows)
			sb_printf(line, "%s%d%s", i ? "\x1f" : "", rows->seat[i].winner, stored);
	}
	return ST_OK;
}

/* Seat `seat` of game is a late arrival's from hand `hand` on, with the
 * points the table gave them (JOIN_BY_RULE: the rules'). */
static enum status
mark_joined(struct store *s, long game, int seat, int hand, long total, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE seat SET joined = ?3, join_total = ?4 WHERE game_id = ?1 AND seat = ?2", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, seat);
	sqlite3_bind_int(q, 3, hand);
	store_bind_long(q, 4, total != JOIN_BY_RULE, total);
	return store_run(s, q, d);
}

/* The seats (players pid, with their standings in rows unless it is
 * NULL, and the hand a late arrival sat down at) and the options of g, as
 * game id's, many rows to a statement (store_batch), the options in g's
 * order (rowid: the order load_options gives them back in). */
static enum status
insert_seats_options(struct store *s, long id, const struct import_game *g, const long *pid,
    const struct game_rows *rows, struct diag *d)
{
	struct store_batch seats = { "INSERT OR FAIL INTO seat (game_id, seat, player_id, total, chips, lives, out, rank, winner,"
		" start_chips, out_by, side, joined, join_total)", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		"write seats", 14, NULL, 0, 0 };
	struct store_batch opts = { "INSERT OR FAIL INTO game_option (game_id, key, value, is_set)", "(?, ?, ?, ?)",
		"write options", 4, NULL, 0, 0 };
	for (int i = 0; i < g->nplayers; i++) {
		struct store_cell *c = store_batch_row(&seats);
		c[0] = (struct store_cell){ CELL_INT, id, NULL };
		c[1] = (struct store_cell){ CELL_INT, i, NULL };
		c[2] = (struct store_cell){ CELL_INT, pid[i], NULL };
		/* a new seat's total, out and winner are 0 (their defaults) */
		c[3] = c[6] = c[8] = (struct store_cell){ CELL_INT, 0, NULL };
		if (rows) {
			/* as bind_standing binds them */
			const struct rows_seat *p = &rows->seat[i];
			c[3].i = p->total;
			if (rows->chips_column)
				c[4] = (struct store_cell){ CELL_INT, p->chips_value, NULL };
			if (rows->lives_column)
				c[5] = (struct store_cell){ CELL_INT, p->lives_value, NULL };
			c[6].i = p->out;
			c[7] = (struct store_cell){ CELL_INT, p->rank, NULL };
			c[8].i = p->winner;
			if (rows->has_ledger)
				c[9] = (struct store_cell){ CELL_INT, p->start_chips, NULL };
			if (p->out_by != 0)
				c[10] = (struct store_cell){ CELL_INT, p->out_by - 1, NULL };
			if (p->side >= 0)  /* core/sides.h */
				c[11] = (struct store_cell){ CELL_INT, p->side, NULL };
		}
		if (g->joined && g->joined[i] > 0) {
			long total = g->join_total ? g->join_total[i] : JOIN_BY_RULE;
			c[12] = (struct store_cell){ CELL_INT, g->joined[i], NULL };
			if (total != JOIN_BY_RULE)
				c[13] = (struct store_cell){ CELL_INT, total, NULL };
		}
	}
	for (int i = 0; i < g->opts->n; i++) {
		struct store_cell *c = store_batch_row(&opts);
		c[0] = (struct store_cell){ CELL_INT, id, NULL };
		c[1] = (struct store_cell){ CELL_TEXT, 0, g->opts->kv[i].key };
		c[2] = (struct store_cell){ CELL_TEXT, 0, g->opts->kv[i].value };
		c[3] = (struct store_cell){ CELL_INT, g->opts->kv[i].set, NULL };
	}
	enum status r = store_batch_flush(s, &seats, d);
	if (r == ST_OK)
		r = store_batch_flush(s, &opts, d);
	store_batch_release(&seats);
	store_batch_release(&opts);
	return r;
}

/* The rows of a new game: the game (uid NULL: a new one; started NULL:
 * now), its seats and its options.  *id receives it.  With rows (a new
 * game imported whole, rows holding every seat), the game row is written
 * whole, as write_game_row would leave it after the revision's first bump
 * (status, ended, hands, the seat line) at its revision (g->revision: 1,
 * or a restore's), and the seats with
 * their standings: no update of either follows (struct derive's whole). */
static enum status
insert_game(struct store *s, const struct import_game *g, const struct game_rows *rows, long *id, struct diag *d)
{
	long *pid = xcalloc((size_t)(g->nplayers ? g->nplayers : 1), sizeof *pid);
	struct strbuf seats = {0};
	sqlite3_stmt *q = NULL;
	/* the players first: the seat line holds the names they are stored by */
	if (players_of(s, g, pid, rows, &seats, d) != ST_OK)
		goto fail;
	int over = rows && (rows->over || rows->closed);
	q = store_prep(s, !rows ? "INSERT INTO game (uid, kind, started, ended, closed, dealer, night_id, note)"
	    " VALUES (coalesce(?1, lower(hex(randomblob(16)))), ?2,"
	    " coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?4, ?5, ?6, ?7, ?8)"
	    : over ? "INSERT INTO game (uid, kind, started, ended, closed, dealer, night_id, note, status, hands, seats,"
	    " revision) VALUES (coalesce(?1, lower(hex(randomblob(16)))), ?2,"
	    " coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),"
	    " coalesce(?4, ?9, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?5, ?6, ?7, ?8, 'over', ?10, ?11, ?12)"
	    : "INSERT INTO game (uid, kind, started, ended, closed, dealer, night_id, note, status, hands, seats,"
	    " revision) VALUES (coalesce(?1, lower(hex(randomblob(16)))), ?2,"
	    " coalesce(?3, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), NULL, ?5, ?6, ?7, ?8, 'open', ?10, ?11, ?12)", d);
	if (q == NULL)
		goto fail;
	store_bind_text(q, 1, g->uid);
	sqlite3_bind_text(q, 2, g->kind, -1, SQLITE_TRANSIENT);
	if (g->started)
		sqlite3_bind_text(q, 3, g->started, -1, SQLITE_TRANSIENT);
	else
		store_bind_now(q, 3);
	if (!rows || over)
		store_bind_text(q, 4, g->ended);
	sqlite3_bind_int(q, 5, rows ? rows->closed : g->closed);
	sqlite3_bind_int(q, 6, g->dealer);
	store_bind_long(q, 7, g->night != 0, g->night);
	store_bind_text(q, 8, g->note);
	if (over)
		store_bind_now(q, 9);
	if (rows) {
		sqlite3_bind_int(q, 10, rows->nhands);
		sqlite3_bind_text(q, 11, seats.s ? seats.s : "", -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(q, 12, g->revision ? *g->revision : 1);
	}
	if (store_run(s, q, d) != ST_OK)
		goto fail;
	*id = store_last_id(s);
	sb_release(&seats);
	enum status rc = insert_seats_options(s, *id, g, pid, rows, d);
	free(pid);
	return rc;
fail:
	sb_release(&seats);
	free(pid);
	return d->status;
}

enum status
store_game_create(struct store *s, const char *kind, char *const *names, int n,
    const struct optset *opts, int dealer, const struct game_state *st, long *id,
    struct diag *d)
{
	struct import_game g = { .kind = kind, .dealer = dealer, .names = names, .nplayers = n, .opts = opts };
	if (store_night_for_new_game(s, &g.night, d) != ST_OK ||
	    insert_game(s, &g, NULL, id, d) != ST_OK ||
	    store_current_set(s, *id, d) != ST_OK)
		return d->status;
	store_noted(s, "game %ld was started", *id);
	return derive(s, *id, &(struct derive){ .st = st, .fresh = 1 }, d);
}

/* The row of a live join to seat of game from hand (unjoin_seat). */
static enum status
join_row(struct store *s, long game, int seat, int hand, struct diag *d)
{
	sqlite3_stmt *q = store_seat_hand_stmt(s, "INSERT INTO seat_change (game_id, kind, seat, hand)"
	    " VALUES (?1, 'join', ?2, ?3)", game, seat, hand, d);
	return q ? store_run(s, q, d) : d->status;
}

/* The undone hands of an imported game, after its live ones (which
 * derive stores with their rows). */
static enum status
insert_undone(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct import_game *g = ctx;
	sqlite3_stmt *q = store_prep(s, "INSERT INTO hand (game_id, number, entry, undone, recorded)"
	    " VALUES (?, ?, ?, 1, ?)", d);
	int rc = SQLITE_DONE;
	if (q == NULL)
		return d->status;
	for (int h = 0; h < g->nundone && rc == SQLITE_DONE; h++) {
		sqlite3_bind_int64(q, 1, game);
		sqlite3_bind_int(q, 2, g->nhands + h + 1);
		sqlite3_bind_text(q, 3, g->undone[h], -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 4, g->undone_recorded[h] ? g->undone_recorded[h] : g->started, -1, SQLITE_TRANSIENT);
		rc = sqlite3_step(q);
		sqlite3_reset(q);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "write hands");
	/* its late arrivals' rows (unjoin_seat): not the file's undo and
	 * redo (cmd/cmd-import.c), but the order undo takes a join back in,
	 * after a change made here */
	enum status r = ST_OK;
	for (int i = 0; g->joined && i < g->nplayers && r == ST_OK; i++)
		if (g->joined[i] > 0)
			r = join_row(s, game, i, g->joined[i], d);
	/* the substitutes before the statistics and ratings are brought up
	 * to date: the ratings count who sat in each seat (db/ratings.c) */
	for (int k = 0; k < g->nsubs && r == ST_OK; k++)
		r = store_sub_add(s, game, g->subs[k].seat, g->subs[k].hand, g->subs[k].name, d);
	return r;
}

enum status
store_import_game(struct store *s, const struct import_game *g, const struct game_rows *rows,
    long *id, struct diag *d)
{
	struct new_hands live = { g->entries, g->recorded, g->started, g->nhands };
	enum status r;
	if (rows->from != 1 && rows->nhands > 0)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "store", "internal error: the rows of an imported game"
		    " start at hand %d", rows->from);
	/* the game and its seats written whole: the rows hold a standing for
	 * every seat (a game with no seat has none to write) */
	int whole = rows->nplayers == g->nplayers;
	if (insert_game(s, g, whole ? rows : NULL, id, d) != ST_OK)
		return d->status;
	r = derive(s, *id, &(struct derive){ .rows = rows, .from = 1, .fresh = 1, .add = &live, .change = insert_undone,
	    .ctx = g, .imported = 1, .whole = whole }, d);
	s->imported += r == ST_OK;
	return r;
}

/* Game id's rows made those of g (same id, same uid): every hand, seat,
 * option and substitute of it goes and g's are written in their place,
 * then insert_undone adds g's undone hands and substitutes. */
static enum status
replace_game(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct import_game *g = ctx;
	/* row by row, not by the cascades of the foreign keys, which a fill
	 * turns off (store_import_start) */
	static const char *const wipe[] = {
		"DELETE FROM hand_score WHERE hand_id IN (SELECT id FROM hand WHERE game_id = ?)",
		"DELETE FROM chip_move WHERE hand_id IN (SELECT id FROM hand WHERE game_id = ?)",
		"DELETE FROM checkpoint_bytes WHERE game_id = ?",
		"DELETE FROM checkpoint WHERE game_id = ?",
		"DELETE FROM hand WHERE game_id = ?",
		"DELETE FROM seat WHERE game_id = ?",
		"DELETE FROM game_option WHERE game_id = ?",
		"DELETE FROM seat_sub WHERE game_id = ?",
		"DELETE FROM seat_change WHERE game_id = ?",
		/* the changes this file made are the import's game now: undo
		 * goes by what the game shows (db/steps.c) */
		"DELETE FROM undo_step WHERE game_id = ?",
	};
	sqlite3_stmt *q;
	for (size_t i = 0; i < ARRAY_LEN(wipe); i++) {
		if ((q = store_prep(s, wipe[i], d)) == NULL)
			return d->status;
		sqlite3_bind_int64(q, 1, game);
		if (store_run(s, q, d) != ST_OK)
			return d->status;
	}
	q = store_prep(s, "UPDATE game SET kind = ?1, started = ?2, ended = ?3, closed = ?4, dealer = ?5,"
	    " night_id = ?6, end_undone = NULL, end_undone_closed = NULL, deleted = NULL, note = ?8 WHERE id = ?7", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, g->kind, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, g->started, -1, SQLITE_TRANSIENT);
	store_bind_text(q, 3, g->ended);
	sqlite3_bind_int(q, 4, g->closed);
	sqlite3_bind_int(q, 5, g->dealer);
	store_bind_long(q, 6, g->night != 0, g->night);
	sqlite3_bind_int64(q, 7, game);
	store_bind_text(q, 8, g->note);
	long *pid = xcalloc((size_t)(g->nplayers ? g->nplayers : 1), sizeof *pid);
	enum status rc = store_run(s, q, d);
	if (rc == ST_OK && (rc = players_of(s, g, pid, NULL, NULL, d)) == ST_OK)
		rc = insert_seats_options(s, game, g, pid, NULL, d);
	free(pid);
	return rc == ST_OK ? insert_undone(s, game, g, d) : rc;
}

enum status
store_import_replace(struct store *s, long id, const struct import_game *g, const struct game_rows *rows,
    struct diag *d)
{
	struct new_hands live = { g->entries, g->recorded, g->started, g->nhands };
	if (rows->from != 1 && rows->nhands > 0)
		return diag_set(d, ST_INTERNAL, NULL, NULL, "store", "internal error: the rows of an imported game"
		    " start at hand %d", rows->from);
	store_noted(s, "game %ld was updated", id);
	return derive(s, id, &(struct derive){ .rows = rows, .from = 1, .add = &live, .change = replace_game,
	    .ctx = g, .imported = 1 }, d);
}

/* ---- hands ---- */

/* Set game.end_undone to n (-1: NULL) and end_undone_closed to closed
 * (with n -1: NULL). */
static enum status
set_end_undone(struct store *s, long game, int n, int closed, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "UPDATE game SET end_undone = nullif(?2, -1),"
	    " end_undone_closed = CASE WHEN ?2 = -1 THEN NULL ELSE ?3 END WHERE id = ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, n);
	sqlite3_bind_int(q, 3, closed);
	return store_run(s, q, d);
}

enum status
store_hand_append(struct store *s, long game, const char *entry,
    const struct game_state *st, struct diag *d)
{
	char *const one[] = { (char *)entry };
	struct new_hands add = { one, NULL, NULL, 1 };
	store_noted(s, "hand %d of game %ld was stored", st->nhands, game);
	/* what waited for redo went before (store_step_push) */
	return derive(s, game, &(struct derive){ .st = st, .from = st->nhands, .add = &add }, d);
}

/* A hand to mark undone (kept for redo) or live again. */
struct mark {
	int number, undone;
};

static enum status
mark_undone(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct mark *m = ctx;
	return store_run2(s, m->undone ? "UPDATE hand SET undone = 1 WHERE game_id = ?1 AND number = ?2"
	    : "UPDATE hand SET undone = 0 WHERE game_id = ?1 AND number = ?2", game, m->number, d);
}

enum status
store_hand_undo(struct store *s, long game, const struct game_state *st,
    struct diag *d)
{
	/* the undone hand's rows are cleared: it is past st's hands */
	struct mark m = { st->nhands + 1, 1 };
	store_noted(s, "the undo of hand %d of game %ld was stored", st->nhands + 1, game);
	return derive(s, game, &(struct derive){ .st = st, .from = st->nhands + 1, .change = mark_undone, .ctx = &m }, d);
}

enum status
store_hand_redo(struct store *s, long game, const struct game_state *st,
    struct diag *d)
{
	struct mark m = { st->nhands, 0 };
	store_noted(s, "the redo of hand %d of game %ld was stored", st->nhands, game);
	return derive(s, game, &(struct derive){ .st = st, .from = st->nhands, .change = mark_undone, .ctx = &m }, d);
}

/* New entries for hands 1.. (live ones, then undone ones). */
struct new_entries {
	int first, n;
	char *const *entries;
};

static enum status
replace_entries(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct new_entries *e = ctx;
	sqlite3_stmt *q = store_prep(s, "UPDATE hand SET entry = ? WHERE game_id = ? AND number = ?", d);
	int rc = SQLITE_DONE;
	if (q == NULL)
		return d->status;
	for (int h = 0; h < e->n && rc == SQLITE_DONE; h++) {
		sqlite3_bind_text(q, 1, e->entries[h], -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(q, 2, game);
		sqlite3_bind_int(q, 3, e->first + h);
		rc = sqlite3_step(q);
		sqlite3_reset(q);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "write hands");
}

enum status
store_hand_replace(struct store *s, long game, int number, const char *entry,
    const struct game_state *st, struct diag *d)
{
	char *const one[] = { (char *)entry };
	struct new_entries e = { number, 1, one };
	store_noted(s, "the new hand %d of game %ld was stored", number, game);
	return derive(s, game, &(struct derive){ .st = st, .from = number, .change = replace_entries, .ctx = &e }, d);
}

/* The seat changes from hand `from` on (a late arrival's first hand, a
 * substitute's) move by `by` (1: a hand put in before them; -1: one
 * taken out), so each still comes before the hand it came before.  A
 * substitute's rows go by way of negative hands, as the hands do below
 * (seat_sub's key holds the hand); their rows in seat_change, which undo
 * and redo read, move with them. */
static enum status
shift_seat_changes(struct store *s, long game, int from, int by, struct diag *d)
{
	static const char *const later[] = {
		"UPDATE seat SET joined = joined + 1 WHERE game_id = ?1 AND joined >= ?2",
		"UPDATE seat_sub SET hand = -hand - 1 WHERE game_id = ?1 AND hand >= ?2",
		"UPDATE seat_sub SET hand = -hand WHERE game_id = ?1 AND hand < 0",
		"UPDATE seat_change SET hand = hand + 1 WHERE game_id = ?1 AND hand >= ?2",
	};
	static const char *const earlier[] = {
		"UPDATE seat SET joined = joined - 1 WHERE game_id = ?1 AND joined >= ?2",
		/* a substitute whose only hand was the one taken out gives way
		 * to the one who sat down after it: no hand of theirs is left,
		 * so their live rows in seat_change go with their seat_sub row,
		 * or one would stay behind with nobody in seat_sub, and undo,
		 * which takes back the newest live row, would skip it or take
		 * back the wrong one.  (tally never writes a substitute from a
		 * hand put in: insert moves those from its hand on, and one
		 * made after it is taken back before it; a file written
		 * otherwise may have one.) */
		("DELETE FROM seat_change WHERE game_id = ?1 AND kind = 'sub' AND undone = 0 AND hand = ?2 - 1 AND seat IN"
		 " (SELECT a.seat FROM seat_sub a JOIN seat_sub b ON b.game_id = a.game_id AND b.seat = a.seat"
		 " WHERE a.game_id = ?1 AND a.hand = ?2 - 1 AND b.hand = ?2)"),
		("DELETE FROM seat_sub WHERE game_id = ?1 AND hand = ?2 - 1 AND seat IN"
		 " (SELECT seat FROM seat_sub WHERE game_id = ?1 AND hand = ?2)"),
		"UPDATE seat_sub SET hand = -hand + 1 WHERE game_id = ?1 AND hand >= ?2",
		"UPDATE seat_sub SET hand = -hand WHERE game_id = ?1 AND hand < 0",
		"UPDATE seat_change SET hand = hand - 1 WHERE game_id = ?1 AND hand >= ?2",
	};
	int n = by > 0 ? (int)ARRAY_LEN(later) : (int)ARRAY_LEN(earlier);
	for (int i = 0; i < n; i++)
		if (store_run2(s, by > 0 ? later[i] : earlier[i], game, from, d) != ST_OK)
			return d->status;
	return ST_OK;
}

/* A hand put in before hand `number`: every hand from there on (the
 * undone ones kept for redo too) moves one on, through negative numbers
 * so that no two hands share a number on the way (UNIQUE). */
static enum status
insert_entry(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct new_entries *e = ctx;
	/* by way of numbers far below those of the hands set aside (undone =
	 * 2, numbered minus their id), which keep theirs */
	if (store_run2(s, "UPDATE hand SET number = -number - 1 - 4000000000000000 WHERE game_id = ?1 AND number >= ?2"
	    " AND undone < 2", game, e->first, d) != ST_OK || store_run2(s, "UPDATE hand SET number = -(number +"
	    " 4000000000000000) WHERE game_id = ?1 AND number < ?2 - 4000000000000000", game, 0, d) != ST_OK)
		return d->status;
	/* a late arrival sat down before a hand, and a substitute took a
	 * seat from a hand, and still do */
	if (shift_seat_changes(s, game, e->first, 1, d) != ST_OK)
		return d->status;
	sqlite3_stmt *q = store_prep(s, "INSERT INTO hand (game_id, number, entry, recorded) VALUES (?, ?, ?, ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, e->first);
	sqlite3_bind_text(q, 3, e->entries[0], -1, SQLITE_TRANSIENT);
	store_bind_now(q, 4);
	return store_run(s, q, d);
}

enum status
store_hand_insert(struct store *s, long game, int number, const char *entry,
    const struct game_state *st, struct diag *d)
{
	char *const one[] = { (char *)entry };
	struct new_entries e = { number, 1, one };
	store_noted(s, "the hand put in as hand %d of game %ld was stored", number, game);
	return derive(s, game, &(struct derive){ .st = st, .from = number, .change = insert_entry, .ctx = &e }, d);
}

/* Hand `number` taken out (`undo` right after `insert`): every later
 * hand (the undone ones kept for redo too) moves one back, the same way
 * round as insert_entry. */
static enum status
remove_entry(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct new_entries *e = ctx;
	if (store_run2(s, "DELETE FROM hand WHERE game_id = ?1 AND number = ?2 AND undone = 0", game, e->first,
	    d) != ST_OK || store_run2(s, "UPDATE hand SET number = -number + 1 - 4000000000000000 WHERE game_id = ?1"
	    " AND number > ?2 AND undone < 2", game, e->first, d) != ST_OK || store_run2(s, "UPDATE hand SET number ="
	    " -(number + 4000000000000000) WHERE game_id = ?1 AND number < ?2 - 4000000000000000", game, 0, d) != ST_OK)
		return d->status;
	return shift_seat_changes(s, game, e->first + 1, -1, d);
}

enum status
store_hand_remove(struct store *s, long game, int number, const struct game_state *st, struct diag *d)
{
	struct new_entries e = { number, 0, NULL };
	store_noted(s, "the removal of hand %d of game %ld was stored", number, game);
	return derive(s, game, &(struct derive){ .st = st, .from = number, .change = remove_entry, .ctx = &e }, d);
}

/* Every entry of a game: the live hands', then the undone ones'. */
static enum status
rewrite_entries(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct new_entries *e = ctx;
	if (replace_entries(s, game, &e[0], d) != ST_OK)
		return d->status;
	return replace_entries(s, game, &e[1], d);
}

enum status
store_game_rewrite(struct store *s, long id, char *const *entries, int nhands, char *const *undone,
    int nundone, const struct game_state *st, struct diag *d)
{
	struct new_entries e[2] = { { 1, nhands, entries }, { nhands + 1, nundone, undone } };
	return derive(s, id, &(struct derive){ .st = st, .from = nhands > 0 ? 1 : 0, .change = rewrite_entries,
	    .ctx = e, .same_revision = 1 }, d);
}

/* ---- late arrivals ---- */

/* A late arrival to seat: who, from which hand, with what total; redo 1:
 * the join undone last, back (store_unjoined). */
struct join {
	int seat, hand;
	const char *name;
	long total;
	int redo;
};

/*
 * A join is a row of seat_change (db/migrate-27.sql), kind 'join', made
 * with it: while live it holds no more than its seat and hand (the seat
 * row holds the newcomer and the total); `undo` marks it undone with the
 * newcomer's id and the total, and deletes the seat row; `redo` seats
 * them again and clears it; a new change after the undo deletes it with
 * the hands kept for redo (store_step_push).  The newcomer goes by id: a rename
 * changes nothing, a merge rewrites it (db/players.c).
 */
static enum status
join_seat(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct join *j = ctx;
	char *fold = names_fold(j->name);
	const char *stored;
	long id = 0;
	struct change_taken c = {0};
	enum status rc = j->redo ? store_change_last(s, game, 1, &c, d) : ST_OK;
	if (rc == ST_OK)
		rc = player_id(s, j->name, fold ? fold : j->name, NULL, &id, &stored, d);
	free(fold);
	if (rc != ST_OK || seat_player(s, game, j->seat, id, d) != ST_OK ||
	    mark_joined(s, game, j->seat, j->hand, j->total, d) != ST_OK)
		return d->status;
	if (j->redo && c.id && c.join)
		return store_run2(s, "UPDATE seat_change SET undone = 0, player_id = NULL, total = NULL WHERE id = ?1",
		    c.id, 0, d);
	return join_row(s, game, j->seat, j->hand, d);
}

enum status
store_join_add(struct store *s, long game, int seat, const char *name, int hand, long total, int redo,
    const struct game_state *st, struct diag *d)
{
	struct join j = { seat, hand, name, total, redo };
	store_noted(s, "the seat of %s in game %ld was stored", name, game);
	return derive(s, game, &(struct derive){ .st = st, .change = join_seat, .ctx = &j, .reseat = 1 }, d);
}

enum status
store_unjoined(struct store *s, long game, int *hand, char **name, long *total, struct diag *d)
{
	struct change_taken c;
	enum status rc = store_change_last(s, game, 1, &c, d);
	*hand = 0;
	*name = NULL;
	*total = JOIN_BY_RULE;
	if (rc != ST_OK || c.id == 0 || !c.join)
		return rc;
	sqlite3_stmt *q = store_prep(s, "SELECT name FROM player WHERE id = ?", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, c.player);
	int r = sqlite3_step(q);
	if (r == SQLITE_ROW) {
		*name = store_col_text(q, 0);
		*hand = c.hand;
		*total = c.total;
	}
	store_finish(s, q);
	return r == SQLITE_ROW || r == SQLITE_DONE ? ST_OK : store_error(s, r, d, "read the undone joins");
}

enum status
store_unjoined_names(struct store *s, long game, char ***names, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT p.name FROM seat_change c JOIN player p ON p.id = c.player_id"
	    " WHERE c.game_id = ? AND c.kind = 'join' AND c.undone = 1 ORDER BY c.id", d);
	int rc;
	*names = NULL;
	*n = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*names = xrealloc(*names, sizeof **names * (size_t)(*n + 1));
		(*names)[(*n)++] = store_col_text(q, 0);
	}
	store_finish(s, q);
	return rc == SQLITE_DONE ? ST_OK : store_error(s, rc, d, "read the undone joins");
}

enum status
store_unjoined_games(struct store *s, long player, long **games, int *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT DISTINCT game_id FROM seat_change"
	    " WHERE player_id = ? AND kind = 'join' AND undone = 1 ORDER BY 1", d);
	if (q)
		sqlite3_bind_int64(q, 1, player);
	return store_step_ids(s, q, games, n, "read the undone joins", d);
}

static enum status
unjoin_seat(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct join *j = ctx;
	struct change_taken c;
	if (store_change_last(s, game, 0, &c, d) != ST_OK)
		return d->status;
	/* its row (one made before rows were kept has none: made now) */
	sqlite3_stmt *q = store_prep(s, c.id && c.join && c.seat == j->seat
	    ? "UPDATE seat_change SET undone = 1, total = ?4,"
	      " player_id = (SELECT player_id FROM seat WHERE game_id = ?1 AND seat = ?2) WHERE id = ?5"
	    : "INSERT INTO seat_change (game_id, kind, seat, hand, player_id, total, undone)"
	      " SELECT ?1, 'join', ?2, ?3, player_id, ?4, 1 FROM seat WHERE game_id = ?1 AND seat = ?2", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_int(q, 2, j->seat);
	if (!(c.id && c.join && c.seat == j->seat))
		sqlite3_bind_int(q, 3, j->hand);
	store_bind_long(q, 4, j->total != JOIN_BY_RULE, j->total);
	if (c.id && c.join && c.seat == j->seat)
		sqlite3_bind_int64(q, 5, c.id);
	if (store_run(s, q, d) != ST_OK)
		return d->status;
	return store_run2(s, "DELETE FROM seat WHERE game_id = ?1 AND seat = ?2", game, j->seat, d);
}

enum status
store_join_undo(struct store *s, long game, int seat, const char *name, int hand, long total,
    const struct game_state *st, struct diag *d)
{
	struct join j = { seat, hand, name, total, 0 };
	store_noted(s, "the undo of a seat in game %ld was stored", game);
	return derive(s, game, &(struct derive){ .st = st, .change = unjoin_seat, .ctx = &j, .reseat = 1 }, d);
}

/* ---- the end of a game ---- */

/* The end, made or made again (redo): no end waits for redo.  What
 * else waited went with a new end (store_step_push); with a redo it
 * still waits. */
static enum status
close_game(struct store *s, long game, const void *ctx, struct diag *d)
{
	(void)ctx;
	return set_end_undone(s, game, -1, 0, d);
}

enum status
store_game_close(struct store *s, long game, const struct game_state *st,
    struct diag *d)
{
	store_noted(s, "the end of game %ld was stored", game);
	return derive(s, game, &(struct derive){ .st = st, .change = close_game }, d);
}

/* What reopen_game remembers: the live hands, and how the end closed. */
struct undone_end {
	int nhands, closed;
};

static enum status
reopen_game(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct undone_end *e = ctx;
	return set_end_undone(s, game, e->nhands, e->closed, d);
}

enum status
store_game_reopen(struct store *s, long game, const struct game_state *st, int closed,
    struct diag *d)
{
	struct undone_end e = { st->nhands, closed };
	return derive(s, game, &(struct derive){ .st = st, .change = reopen_game, .ctx = &e }, d);
}

/* ---- delete and restore ---- */

/* What mark_deleted does: deleted 1 sets game.deleted (to when, UTC, or
 * now when NULL), 0 clears it. */
struct deletion {
	int deleted;
	const char *when;
};

/* Set or clear game.deleted (struct deletion); a deleted game counts
 * nowhere (stats_read_game reads no seats of it) and stops being current. */
static enum status
mark_deleted(struct store *s, long game, const void *ctx, struct diag *d)
{
	const struct deletion *del = ctx;
	int deleted = del->deleted;
	sqlite3_stmt *q = store_prep(s, deleted
	    ? "UPDATE game SET deleted = coalesce(?1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) WHERE id = ?2 AND deleted IS NULL"
	    : "UPDATE game SET deleted = NULL WHERE id = ?2 AND deleted IS NOT NULL", d);
	if (q == NULL)
		return d->status;
	if (del->when)
		sqlite3_bind_text(q, 1, del->when, -1, SQLITE_TRANSIENT);
	else
		store_bind_now(q, 1);
	sqlite3_bind_int64(q, 2, game);
	if (store_run(s, q, d) != ST_OK)
		return d->status;
	if (sqlite3_changes(store_db(s)) == 0)
		return diag_set(d, ST_NOINPUT, NULL, NULL, "game", deleted
		    ? "no game %ld to delete ('tally list' shows them, 'tally list --deleted' the deleted ones)"
		    : "no deleted game %ld to restore ('tally list --deleted' shows them)", game);
	return deleted ? store_current_forget(s, game, d) : ST_OK;
}

enum status
store_game_delete_at(struct store *s, long game, const char *when, struct diag *d)
{
	struct deletion del = { 1, when };
	return derive(s, game, &(struct derive){ .change = mark_deleted, .ctx = &del }, d);
}

enum status
store_game_delete(struct store *s, long game, struct diag *d)
{
	return store_game_delete_at(s, game, NULL, d);
}

enum status
store_game_restore(struct store *s, long game, struct diag *d)
{
	static const struct deletion no = { 0, NULL };
	return derive(s, game, &(struct derive){ .change = mark_deleted, .ctx = &no }, d);
}

/* ---- statistics kept in bulk ---- */

void
store_stats_defer(struct store *s)
{
	s->stats_deferred = 1;
}

enum status
store_stats_resume(struct store *s, struct diag *d)
{
	if (!s->stats_deferred)
		return ST_OK;
	s->stats_deferred = 0;
	return stats_rebuild(s, d);
}

enum status
store_stats_players(struct store *s, const long *ids, int n, struct diag *d)
{
	s->stats_deferred = 0;
	return stats_players(s, ids, n, d);
}

/* ---- an import in batches (schema 13's `restat`) ---- */

/*
 * Whether an import is at work, asked of SQLite's own locking: the import
 * holds a write transaction open on FILE-import (a lock file beside the
 * database) from its first batch to its end; the system lets that lock go
 * when the process ends, however it ends (kill -9 included).  Another
 * tally that finds the `restat` note asks for the same lock without
 * waiting: busy means the import still runs and will refill the
 * statistics itself; free means it died and the note is left to this one.
 * No process ids: nothing to reuse after a reboot, nothing Linux-only.
 */
static char *
import_lock_path(struct store *s)
{
	const char *db = sqlite3_db_filename(store_db(s), "main");
	return db && *db ? xasprintf("%s-import", db) : NULL;
}

/* Take the lock for this import (once; a failure leaves it untaken, and
 * others then refill at once, which is only slower). */
static void
import_lock_take(struct store *s)
{
	char *path = import_lock_path(s);
	if (s->import_lock == NULL && path &&
	    sqlite3_open_v2(path, &s->import_lock, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) == SQLITE_OK &&
	    sqlite3_exec(s->import_lock, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		sqlite3_close(s->import_lock);
		s->import_lock = NULL;
	}
	free(path);
}

void
store_import_lock_drop(struct store *s)
{
	if (s->import_lock == NULL)
		return;
	sqlite3_exec(s->import_lock, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(s->import_lock);
	s->import_lock = NULL;
	char *path = import_lock_path(s);
	if (path)
		unlink(path);
	free(path);
}

/* 1 when another process holds the import lock of s's file. */
static int
import_running(struct store *s)
{
	sqlite3 *db = NULL;
	char *path = import_lock_path(s);
	int running = 0;
	if (s->import_lock == NULL && path && sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK) {
		int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		running = rc == SQLITE_BUSY || rc == SQLITE_LOCKED;
		if (rc == SQLITE_OK) {
			/* the lock file of an import that died: gone, taken
			 * while this holds it, so no live import's goes */
			unlink(path);
			sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
		}
	}
	sqlite3_close(db);
	free(path);
	return running;
}

void
store_import_start(struct store *s, int fill)
{
	s->ratings_deferred = 1;
	s->ratings_stale = 0;
	s->ratings_from[0] = '\0';
	s->keep_players = 1;
	s->importing = fill ? 2 : 1;
	store_import_pragmas(s);
}

void
store_import_pragmas(struct store *s)
{
	int fill = s->importing == 2;
	/* a checkpoint every 64 MB of the log, not every 4 MB (SQLite's
	 * default): each is two syncs, and every batch would take one; and
	 * no sync at each batch's commit (WAL's synchronous = NORMAL: a kill
	 * loses nothing, a power cut at most the last batches, whole, which
	 * the import run again writes) */
	sqlite3_exec(store_db(s), "PRAGMA wal_autocheckpoint = 16384; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384", NULL, NULL,
	    NULL);
	/* filling a file with no game: each row written refers to rows this
	 * import wrote before it, and nothing is deleted (a game found after
	 * all is replaced row by row, replace_game), so the look-up of each
	 * reference is work for nothing, a tenth of the import */
	if (fill && sqlite3_exec(store_db(s), "PRAGMA foreign_keys = OFF", NULL, NULL, NULL) == SQLITE_OK)
		s->fk_off = 1;
}

void
store_import_fk_on(struct store *s)
{
	if (s->fk_off && !s->in_tx)
		sqlite3_exec(store_db(s), "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	s->fk_off = 0;
}

enum status
store_import_end(struct store *s, struct diag *d)
{
	enum status r = ST_OK;
	/* the ratings the batches left stale, worked out once, in time
	 * order, with the note cleared in the same transaction */
	if (s->ratings_stale && (r = store_begin(s, 1, d)) == ST_OK) {
		/* from the last snapshot before the oldest game changed */
		if ((r = stats_refold_pending(s, d)) == ST_OK &&
		    (!s->ratings_from[0] || (r = ratings_rebuild_from(s, s->ratings_from, d)) == ST_OK) &&
		    (r = store_exec(s, "DELETE FROM restat", d)) == ST_OK)
			r = store_commit(s, d);
		if (r != ST_OK)
			store_rollback(s);
	}
	s->ratings_deferred = 0;
	s->ratings_stale = 0;
	s->ratings_from[0] = '\0';
	s->keep_players = 0;
	s->importing = 0;
	store_players_forget(s);
	store_import_fk_on(s);
	if (r != ST_OK)
		return r;
	store_import_lock_drop(s);
	/* the batches are synced to the disk before the import says done (a
	 * checkpoint of what it can, which holds no writer up) */
	return store_exec(s, "PRAGMA synchronous = FULL; PRAGMA wal_checkpoint(PASSIVE)", d);
}

enum status
store_import_defer(struct store *s, struct diag *d)
{
	s->stats_deferred = 1;
	return restat_note(s, d);
}

static enum status
restat_note(struct store *s, struct diag *d)
{
	import_lock_take(s);
	return store_exec(s, "INSERT INTO restat (why, owner) VALUES ('import', NULL) ON CONFLICT (why) DO NOTHING", d);
}

/* PRAGMA data_version into *v: it changes when another connection
 * commits. */
static enum status
data_version(struct store *s, long *v, struct diag *d)
{
	return read_long(s, "PRAGMA data_version", v, "read the database's version", d);
}

enum status
store_import_restat(struct store *s, struct diag *d)
{
	enum status r;
	s->stats_deferred = 0;
	s->ratings_stale = 0;  /* the refill works the ratings out too */
	for (int attempt = 0;; attempt++) {
		/* the reading (most of the work) in a read transaction, which
		 * locks no writer out; then, if no other tally wrote since, only
		 * the writing under the write lock */
		struct stats_refill f;
		long before = 0, after = -1;
		if ((r = store_begin(s, 0, d)) != ST_OK)
			return r;
		if ((r = stats_refill_read(s, &f, d)) == ST_OK)
			r = data_version(s, &before, d);
		store_rollback(s);
		if (r == ST_OK && (r = store_begin(s, 1, d)) == ST_OK) {
			if ((r = data_version(s, &after, d)) == ST_OK && (after == before || attempt >= 2)) {
				/* past a few tries at a busy table, all of it under the lock */
				r = after == before ? stats_refill_write(s, &f, d) : stats_rebuild(s, d);
				if (r == ST_OK)
					r = store_exec(s, "DELETE FROM restat", d);
				if (r == ST_OK)
					r = store_commit(s, d);
				after = before;
			}
			if (r != ST_OK || after != before)
				store_rollback(s);
		}
		stats_refill_release(&f);
		if (r != ST_OK || after == before)
			return r;
	}
}

/* Whether the `restat` note is there (*noted) and its import is still at
 * work (*running). */
static enum status
restat_look(struct store *s, int *noted_out, int *running_out, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT owner FROM restat", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q), noted = rc == SQLITE_ROW;
	store_finish(s, q);
	int running = noted && import_running(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read the pending work");
	*noted_out = noted;
	*running_out = running;
	return ST_OK;
}

int
store_import_at_work(struct store *s)
{
	struct diag d = {0};
	int noted = 0, running = 0;
	enum status rc = restat_look(s, &noted, &running, &d);
	diag_clear(&d);
	return rc == ST_OK && noted;
}

/* The statistics an import killed between its batches left short,
 * refilled (store_import_restat). */
static enum status
restat_pending(struct store *s, struct diag *d)
{
	/* a look first, outside any transaction; an import that is still at
	 * work refills them itself at its end */
	int noted = 0, running = 0;
	enum status rc = restat_look(s, &noted, &running, d);
	if (rc != ST_OK)
		return rc;
	return !noted || running ? ST_OK : store_import_restat(s, d);
}

/* ---- work an upgrade leaves for C (schema 12) ---- */

enum status
store_restat_pending(struct store *s, struct diag *d)
{
	if (sqlite3_db_readonly(store_db(s), "main") == 1)
		return ST_OK;
	return restat_pending(s, d);
}

enum status
store_rederive_list(struct store *s, long **ids, int *n, struct diag *d)
{
	*ids = NULL;
	*n = 0;
	if (sqlite3_db_readonly(store_db(s), "main") == 1)
		return ST_OK;
	sqlite3_stmt *q = store_prep(s, "SELECT count(*) FROM sqlite_schema WHERE name = 'rederive'", d);
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	int have = rc == SQLITE_ROW && sqlite3_column_int(q, 0) > 0;
	store_finish(s, q);
	if (rc != SQLITE_ROW)
		return store_error(s, rc, d, "read the pending work");
	if (!have)
		return ST_OK;
	if ((q = store_prep(s, "SELECT id FROM game WHERE kind IN (SELECT kind FROM rederive) ORDER BY id", d)) == NULL)
		return d->status;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		*ids = xrealloc(*ids, sizeof **ids * (size_t)(*n + 1));
		(*ids)[(*n)++] = sqlite3_column_int64(q, 0);
	}
	store_finish(s, q);
	if (rc != SQLITE_DONE)
		return store_error(s, rc, d, "read the pending work");
	/* kinds listed with no game of theirs: nothing to redo, but the
	 * list is cleared all the same */
	if (*n == 0 && (q = store_prep(s, "SELECT count(*) FROM rederive", d)) != NULL) {
		if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int(q, 0) > 0)
			*ids = xcalloc(1, sizeof **ids);
		store_finish(s, q);
	}
	return ST_OK;
}

enum status
store_rederive_clear(struct store *s, struct diag *d)
{
	return store_exec(s, "DELETE FROM rederive", d);
}

/* ---- import as a merge (schema 14; the rules: cmd/cmd-import.c) ---- */

enum status
store_file_uid(struct store *s, char **uid, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT value FROM meta WHERE key = 'uid'", d);
	*uid = NULL;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*uid = store_col_text(q, 0);
	store_finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read the file's uid");
	return ST_OK;
}

enum status
store_game_by_uid(struct store *s, const char *uid, long *id, long *revision, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT id, revision FROM game WHERE uid = ?", d);
	*id = 0;
	*revision = 0;
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, uid, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(q, 0);
		*revision = sqlite3_column_int64(q, 1);
	}
	store_finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read games");
	return ST_OK;
}

enum status
store_game_count(struct store *s, long *n, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT count(*) FROM game", d);
	*n = 0;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		*n = sqlite3_column_int64(q, 0);
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "count games");
}

enum status
store_merge_base(struct store *s, long game, struct merge_base *b, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT source, source_revision, revision, seen, taken FROM merge_base"
	    " WHERE game_id = ?",
	    d);
	memset(b, 0, sizeof *b);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		b->found = 1;
		snprintf(b->source, sizeof b->source, "%s", (const char *)sqlite3_column_text(q, 0));
		b->source_revision = sqlite3_column_int64(q, 1);
		b->revision = sqlite3_column_int64(q, 2);
		b->seen = store_col_text(q, 3);
		b->taken = store_col_text(q, 4);
	}
	store_finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read what was last imported");
	return ST_OK;
}

void
merge_base_release(struct merge_base *b)
{
	free(b->seen);
	free(b->taken);
	b->seen = b->taken = NULL;
}

enum status
store_merge_base_set(struct store *s, long game, const char *source, long source_revision, long here,
    const char *seen, const char *taken, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO merge_base (game_id, source, source_revision, revision,"
	    " seen, taken) SELECT id, ?2, ?3, coalesce(?4, revision), ?5, ?6 FROM game WHERE id = ?1", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, game);
	sqlite3_bind_text(q, 2, source, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(q, 3, source_revision);
	store_bind_long(q, 4, here >= 0, here);
	if (seen)
		sqlite3_bind_text(q, 5, seen, -1, SQLITE_TRANSIENT);
	if (taken)
		sqlite3_bind_text(q, 6, taken, -1, SQLITE_TRANSIENT);
	return store_run(s, q, d);
}

enum status
store_revision_set(struct store *s, long game, long revision, struct diag *d)
{
	/* the game is as it was: a checkpoint of it, and its standings, hold
	 * for the new number */
	if (store_run2(s, "UPDATE checkpoint SET revision = ?2 WHERE game_id = ?1"
	    " AND revision = (SELECT revision FROM game WHERE id = ?1)", game, revision, d) != ST_OK ||
	    store_run2(s, "UPDATE standings SET revision = ?2 WHERE game_id = ?1"
	    " AND revision = (SELECT revision FROM game WHERE id = ?1)", game, revision, d) != ST_OK)
		return d->status;
	return store_run2(s, "UPDATE game SET revision = ?2 WHERE id = ?1", game, revision, d);
}

enum status
store_file_holds(struct store *s, long *games, long *nights, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT (SELECT count(*) FROM game), (SELECT count(*) FROM night)", d);
	*games = *nights = 0;
	if (q == NULL)
		return d->status;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		*games = sqlite3_column_int64(q, 0);
		*nights = sqlite3_column_int64(q, 1);
	}
	store_finish(s, q);
	return rc == SQLITE_ROW ? ST_OK : store_error(s, rc, d, "count games and nights");
}

enum status
store_file_restore(struct store *s, const char *source, int take, int *restore, int *took, struct diag *d)
{
	char *uid = NULL;
	long games, nights;
	*restore = *took = 0;
	if (store_file_uid(s, &uid, d) != ST_OK)
		return d->status;
	*restore = uid != NULL && strcmp(uid, source) == 0;
	free(uid);
	if (*restore || !take)
		return ST_OK;
	if (store_file_holds(s, &games, &nights, d) != ST_OK)
		return d->status;
	if (games + nights > 0)
		return ST_OK;
	sqlite3_stmt *q = store_prep(s, "INSERT OR REPLACE INTO meta (key, value) VALUES ('uid', ?)", d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_text(q, 1, source, -1, SQLITE_TRANSIENT);
	if (store_run(s, q, d) != ST_OK)
		return d->status;
	*restore = *took = 1;
	return ST_OK;
}

enum status
store_night_base(struct store *s, long night, struct night_base *b, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, "SELECT b.source, b.note, k.versions, k.seen, k.here FROM night n"
	    " LEFT JOIN night_base b ON b.night_id = n.id LEFT JOIN night_clock k ON k.night_id = n.id WHERE n.id = ?", d);
	memset(b, 0, sizeof *b);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && sqlite3_column_type(q, 0) != SQLITE_NULL) {
		b->found = 1;
		snprintf(b->source, sizeof b->source, "%s", (const char *)sqlite3_column_text(q, 0));
		b->note = store_col_text(q, 1);
		b->seen = store_col_text(q, 3);
		b->here = store_col_text(q, 4);
	}
	if (rc == SQLITE_ROW)
		b->clock = store_col_text(q, 2);
	store_finish(s, q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_error(s, rc, d, "read what was last imported");
	return ST_OK;
}

/* Run sql on night (?1) with texts a (?2) and, where sql has a ?3, b
 * (NULL: SQL NULL). */
static enum status
night_run(struct store *s, const char *sql, long night, const char *a, const char *b, struct diag *d)
{
	sqlite3_stmt *q = store_prep(s, sql, d);
	if (q == NULL)
		return d->status;
	sqlite3_bind_int64(q, 1, night);
	store_bind_text(q, 2, a);
	if (sqlite3_bind_parameter_count(q) >= 3)
		store_bind_text(q, 3, b);
	return store_run(s, q, d);
}

enum status
store_night_base_set(struct store *s, long night, const char *source, const char *note, const char *seen,
    const char *here, struct diag *d)
{
	if (night_run(s, "INSERT OR REPLACE INTO night_base (night_id, source, note) VALUES (?1, ?2, ?3)", night, source,
	    note, d) != ST_OK)
		return d->status;
	return night_run(s, "INSERT INTO night_clock (night_id, seen, here) VALUES (?1, ?2, ?3)"
	    " ON CONFLICT (night_id) DO UPDATE SET seen = excluded.seen, here = excluded.here", night, seen, here, d);
}

enum status
store_night_clock_set(struct store *s, long night, const char *clock, struct diag *d)
{
	return night_run(s, "INSERT INTO night_clock (night_id, versions) VALUES (?1, ?2)"
	    " ON CONFLICT (night_id) DO UPDATE SET versions = excluded.versions", night,
	    clock && strcmp(clock, "{}") != 0 ? clock : NULL, NULL, d);
}

void
night_base_release(struct night_base *b)
{
	free(b->note);
	free(b->clock);
	free(b->seen);
	free(b->here);
	b->note = b->clock = b->seen = b->here = NULL;
}
