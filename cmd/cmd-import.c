/* SPDX-License-Identifier: ISC */
/*
 * cmd-import.c: `tally import FILE` (- for stdin): read a `tally export`
 * JSON file into this database.  The whole file is read and checked first
 * (core/import.h: complete, a schema this tally knows, every name, seat,
 * option and hand as `tally new` and `tally hand` would check them) without
 * the database, each game kept in a scratch file as it is checked, so that
 * memory holds one game at a time, not the file; only then is it written,
 * game by game from the scratch file, in batches of whole games, each its
 * own short transaction (import_write).  A bad file imports nothing.
 *
 * Import is a merge.  The rules, for each game of the file:
 *
 *  1. A game not here is added (deleted, if it was deleted there), and this
 *     file remembers the revision it took from that file (the export's
 *     "source" and the game's "revision").
 *  2. A game here is compared with the file's version by their clocks
 *     (core/merge.h struct merge_clock: what each version holds of each
 *     file's changes; an export carries each game's as "versions", and a
 *     file that takes a version takes its clock with it, so a game that
 *     came through a second file, the club's or the laptop's own, is
 *     known by every change it holds, wherever it was made):
 *       the file's holds every change of ours and more
 *                             -> updated: its hands, edits, undos, end,
 *                                deletion, substitutes and note replace ours;
 *       ours holds every change of the file's and more
 *                             -> kept as it is here ("newer here"; "already
 *                                here" when it did not change here since
 *                                this file last took a version of it);
 *       each holds a change the other lacks
 *                             -> a conflict (skipped when the contents are
 *                                the same), but updated where the game
 *                                here is what this file last took of it
 *                                (its players, seats, substitutes,
 *                                options, live hands, end, deletion and
 *                                note; an undone hand kept for redo is
 *                                not: core/merge.h merge_undone_here) and
 *                                the file's holds every change of that
 *                                version: a change made here and taken
 *                                back (a join, sub or hand, then undo)
 *                                nets to nothing.  An undo here of a hand
 *                                the table played is a change (the live
 *                                hands differ);
 *       the same              -> skipped ("already here").
 *     Whatever is kept, this file then holds the clock of both, so the
 *     same version is not decided over again.  From an export before
 *     clocks (schema 26), or a file with this file's uid (a copy of it,
 *     or the file it was restored from: its changes are under this
 *     file's uid, so the clocks cannot tell them apart), the game is
 *     compared with what this file last took of it from the same file:
 *     changed there only, updated; here only, kept; on both sides, a
 *     conflict; on neither, skipped; and with no such record (a game made
 *     here, or taken from another file) the contents decide: the same is
 *     skipped, a game that is the other's with more hands after them is
 *     the newer, anything else is a conflict.
 *  3. A conflict imports nothing at all (exit 65): each one is reported
 *     with both revisions and what differs on each side (core/merge.h
 *     merge_describe: the hands, and the players, substitutes, options,
 *     end, deletion or note where they differ), and this file stays as it
 *     was.  A game's note merges apart from the rest of it first
 *     (core/merge.h merge_note_apart): where, since the version this file
 *     last took (merge_base.taken: what it was, the rest and the note
 *     apart, and what was merged here from it), one side changed only the
 *     note and the other not the note, both are kept and it is no
 *     conflict: the file's version is taken as --theirs takes it (below),
 *     ours with the file's note, or the file's with ours, and the note
 *     written is a change made here, which the file then takes.  A note
 *     changed on both sides differently stays a conflict.
 *     `--theirs` takes the file's version of every conflicting game,
 *     `--ours` keeps this file's (and remembers the file's revision, so the
 *     same conflict is not reported again).  --theirs is a take, as rule
 *     2's update is: this file then holds the file's version with the
 *     file's clock alone, not this file's changes that it dropped, so the
 *     file's next change holds every change of it and is an update, not a
 *     conflict again.  --ours is a change made in this file, as for a
 *     night's note (rule 6): the game's revision moves on by one and this
 *     file's part of its clock with it (import_settle), so the file takes
 *     the version kept here without a conflict.  So where both files
 *     settled apart (both kept their own, or both took the other's), each
 *     holds a change the other lacks, a conflict again, both ways, rather
 *     than two versions with one clock, each "already here" for the
 *     other; where both chose the same version, the one that kept it holds
 *     the newer clock: "already here" there, taken (the same hands) by the
 *     other.
 *  4. Each game is written whole in its batch's transaction (a kill leaves
 *     every game all ours or all theirs), and the statistics and ratings
 *     follow the new version.
 *
 *     What undo and redo would do to a game's seats (db/migrate-27.sql,
 *     the rows of seat_change) does not travel: an export carries the
 *     substitutes and late arrivals the game has, not the file's undo
 *     history of them, and a game added or updated by import has none
 *     for its substitutes (undo right after the import takes back its last
 *     hand, not a sub made in the other file, as it takes back no edit
 *     made there); its late arrivals get rows with no undo state, so that
 *     a join not yet played is taken back, in the order made, with the
 *     changes made here after.  Why: that history names the other file's
 *     players by its ids, says what its last command was, and is not part
 *     of the game's revision, so two files with the same game could not
 *     agree on it; a game replaced by import drops ours (db/write.c
 *     replace_game).
 *
 *  5. `import --restore` into a file with no game and no night is a restore:
 *     the file takes the export's uid ("source") and is that file again, as a
 *     copy of it would be.  It must be asked for: a plain import into a new
 *     file is a merge by rules 1-4 (the file keeps its own uid and remembers
 *     each game as taken from the source), or a club host who starts a file
 *     with one laptop's would become that laptop's twin, one uid, and from
 *     then on the two files' changes could not be told apart.  --restore into
 *     a file with games or nights (and another uid) is a usage error (64)
 *     naming what it holds, before anything is written.  Each game keeps its
 *     revision and what that file remembered of taking it from a third file
 *     (the export's "taken"); a game without such a record is remembered as
 *     taken from the exported file at its revision, so that the restored file
 *     and the original, should both go on, merge by rules 1-4.  The night the
 *     file leaves open stays open.  So export -> import --restore -> export
 *     gives the same bytes back, and every file that took games from the
 *     original goes on merging with the restored file by its records.  A file
 *     whose uid is the export's already (a restore cut off and run again,
 *     with --restore or without, or a copy) adds the games it lacks the same
 *     way; the games it has follow rules 1-4.  Two files with one uid are one
 *     file to the others: a third file that imports from both keeps one
 *     record of them, as it would for two copies made with cp.  A record of
 *     taking a game from a file with this file's own uid is not exported.
 *
 *  6. A night's note (`tally note night`) follows rules 2-3 as a game
 *     does, night by night, by clocks (core/merge.h
 *     merge_decide_note_clock; schema 28): a night's clock holds, per
 *     file uid, how many changes of its note were made in that file (a
 *     `tally note night` there, or a conflict settled there), an export
 *     carries it (the night's "versions"), and a file that takes a night
 *     takes its clock with it, so a note that came through a second file
 *     (laptop -> club -> laptop) is known by every change it holds:
 *       the file's holds every change of ours and more -> its note taken;
 *       ours holds every change of the file's and more -> kept;
 *       each holds a change the other lacks -> a conflict (a note changed
 *                                back to one the other side had is a
 *                                change too), reported with both notes
 *                                and settled with the games' by --theirs
 *                                or --ours, a change of this file's: a
 *                                file that settled it otherwise is a
 *                                conflict again, one that did not takes
 *                                the answer; but taken where ours has not
 *                                changed since it was found the same as a
 *                                version of that file's that the file's
 *                                now holds (a note typed alike on both
 *                                sides, then changed there);
 *       the same note -> skipped.
 *     Whatever is kept, this file then holds the clock of both.  This
 *     file also remembers, per night, the file it last took the night
 *     from, the note and clock it had there and its own clock right after
 *     (schema 25, 28).  That record decides where the clocks cannot: an
 *     export before schema 28, a file with this file's uid, two notes
 *     with the same clock, and a note changed before schema 28, which no
 *     clock holds (a night with no clock whose note is not the one last
 *     taken, or, with no such record, has a note): a note changed there
 *     only since is taken; here only, kept; on both sides, a conflict.
 *     With no record of taking the night from that file, what that file
 *     took of it from this one (its "taken") is the record; with neither,
 *     a note on one side only is taken and two different notes are a
 *     conflict.  A night not here is made with its first game, with its
 *     note and clock; one on which no game of the file started (a game
 *     of an earlier night was continued) comes in the export's "nights"
 *     and is made the same way after the games (import_gameless_night).
 *     What a file remembers of taking a night travels
 *     with its export (the night's "taken": "from", "note", "versions",
 *     "here") for a restore, as a game's does.
 *     A night's end is not a change the clocks count (a tick for it
 *     would make a note changed in one file and a night ended in another
 *     a false conflict of notes): a night ends once, at its home, after
 *     its games (`tally night end`, or `night start` there, which ends
 *     the open one), and a file that takes the night while it is open
 *     there gives it the end of its last game, which is no later.  So the
 *     later end is the newer, whichever file it came through: a night
 *     here ending before the file's end takes it; an earlier end never
 *     replaces a later one, and a night open here (its home) stays open.
 *
 * Importing the same file twice changes nothing, and running an import
 * that was killed again adds the rest.
 *
 * `tally import FILE.db` reads another tally database, opened read only,
 * as its own `tally export` would write it, and then goes the same way:
 * import_read() checks it all, import_write() writes it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../core/json.h"
#include "../core/import.h"
#include "../core/merge.h"
#include "../core/progress.h"
#include "../core/testhook.h"
#include "../core/names.h"
#include "../core/suggest.h"
#include "../core/when.h"
#include "../core/query.h"
#include "../core/rules.h"
#include "../core/state.h"
#include "../core/util.h"
#include "../db/report.h"
#include "../db/store.h"
#include "cmd.h"

/* Games an import keeps the statistics for one by one; after that they are
 * refilled once at its end (db/store.h store_import_defer). */
#define IMPORT_KEEP_STATS 500
/* A batch of whole games is one write transaction: a new one starts after
 * this long (ms), so a writer at the table waits no longer than about that. */
#define IMPORT_BATCH_MS 500
/* Between batches the write lock is let go this long (ms): several times
 * the few ms a waiting tally sleeps between tries (db/store_internal.h
 * BUSY_STEP_MS), so a writer that is waiting gets its turn. */
#define IMPORT_YIELD_MS 30

struct import_counts {
	long games, skipped, hands;
	long updated, deleted, kept;  /* taken from the file; deleted there; newer here */
	int deferred;      /* the statistics are refilled at the end */
	long keep_stats;   /* games written with their statistics kept before
	                    * the rest defer them to one refill */
	enum merge_side_pick { PICK_NONE, PICK_OURS, PICK_THEIRS } pick; /* --ours / --theirs */
	const char *source;           /* the file's uid (its export's "source"), or NULL */
	char *self;                   /* this file's uid (heap) */
	int ask_restore;              /* --restore: this file is to become the file exported */
	int restore;                  /* this file is (now) the file exported: rule 5 */
	int took;                     /* it took the file's uid in this run */
	int keep_open;                /* no night open here: the file's open one stays open */
	long night_ends;              /* nights whose later end was taken */
};

static double
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void
sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* The two sides of a game for core/merge.h: g as the file has it (*subs:
 * its substitutes as seat changes, heap, the caller frees it), and the
 * game stored here. */
static struct merge_game
theirs_side(const struct import_item *g, struct seat_change **subs)
{
	*subs = xcalloc((size_t)(g->nsubs ? g->nsubs : 1), sizeof **subs);
	for (int k = 0; k < g->nsubs; k++)
		(*subs)[k] = (struct seat_change){ g->subs[k].seat, g->subs[k].hand, g->subs[k].player };
	return (struct merge_game){ g->revision, g->nhands, g->entries, g->nundone, g->undone, g->closed,
		g->ended, g->deleted, g->nsubs, g->nplayers, g->note, g->kind, g->dealer, g->names, &g->opts, *subs,
		g->joined, g->join_total };
}

static struct merge_game
ours_side(const struct stored_game *h)
{
	return (struct merge_game){ h->revision, h->nhands, h->entries, h->nundone, h->undone, h->closed,
		h->ended, h->deleted, h->nsubs, h->nplayers, h->note, h->kind, h->dealer, h->names, &h->opts, h->subs,
		h->joined, h->join_total };
}

/* What the file's version g is (core/merge.h merge_content_digest; heap). */
static char *
theirs_digest(const struct import_item *g)
{
	struct seat_change *subs;
	struct merge_game m = theirs_side(g, &subs);
	char *digest = merge_content_digest(&m);
	free(subs);
	return digest;
}

/* What to do with g, which is here as game id (revision rev): the merge
 * rules of this file's header, by the clocks of both versions where the
 * file gives one (core/merge.h merge_decide_clock), else by what this
 * file last took of the game (merge_decide); a conflict where this
 * file's own changes net to nothing (a change taken back: its version is
 * the one it took, merge_undone_here), or settled by take (--theirs),
 * takes the file's, with its clock alone.  *ours is the game
 * as stored here when it had to be read (the caller frees it), else NULL;
 * *seen (heap, the caller frees it) the clock this file holds of the game
 * once g is merged, whichever side is kept: both sides' (self: this
 * file's uid).  kept, when not NULL: what this file's version is
 * (merge_content_digest, heap, the caller frees it; NULL: not known), for
 * the record made when it is kept. */
static enum status
import_decide(struct store *s, const struct import_item *g, long id, long rev, const char *source,
    const char *self, int take, enum merge_action *act, enum merge_note_part *part, struct stored_game **ours,
    char **seen, char **kept, struct diag *d)
{
	struct merge_base b;
	struct merge_record rec = {0};
	struct seat_change *subs;
	struct merge_game theirs = theirs_side(g, &subs), here = { .revision = rev };
	struct merge_clock ck_here, ck_there = {0}, ck_seen = {0};
	enum status rc = store_merge_base(s, id, &b, d);
	*ours = NULL;
	*seen = NULL;
	*part = MERGE_NOTE_NONE;
	if (kept)
		*kept = NULL;
	if (rc != ST_OK) {
		free(subs);
		return rc;
	}
	merge_clock_here(&ck_here, b.seen, b.found, b.source, b.source_revision, b.revision, self, rev);
	if (g->versions)
		merge_clock_parse(g->versions, &ck_there);  /* checked as it was read */
	else if (source)
		merge_clock_raise(&ck_there, source, g->revision);
	/* a file with this file's uid (a copy of it, or the file it was
	 * restored from) made its changes under the same uid: the clocks
	 * cannot tell its changes from this file's, the record can */
	int clocks = g->versions && !(source && self && strcmp(source, self) == 0);
	rec.found = b.found;
	rec.same_source = b.found && source && strcmp(b.source, source) == 0;
	rec.source_revision = b.source_revision;
	rec.revision = b.revision;
	/* the contents are read only where the clocks or the record do not
	 * decide */
	int apart = merge_clock_order(&ck_here, &ck_there) == MERGE_CLOCK_APART;
	if (clocks ? apart : !rec.same_source || (rev != b.revision && g->revision > b.source_revision)) {
		if ((rc = store_game_load(s, id, ours, d)) != ST_OK)
			goto out;
		here = ours_side(*ours);
	}
	*act = clocks ? merge_decide_clock(&ck_here, &ck_there, !b.found || rev != b.revision, *ours ? &here : NULL,
	    &theirs) : merge_decide(&here, &theirs, &rec);
	/* changes made here and taken back: this file's version is the one
	 * it last took, which the file's holds (by its clock, or, from a
	 * file the clocks cannot tell apart, by its revision there) */
	int undone = *act == MERGE_CONFLICT && *ours && b.seen && (clocks ? merge_clock_parse(b.seen, &ck_seen) :
	    rec.same_source && g->revision >= b.source_revision && (merge_clock_join(&ck_seen, &ck_there), 1)) &&
	    merge_undone_here(&here, b.taken, &ck_seen, &ck_there);
	/* else the note changed on one side and the rest on the other: both
	 * kept, merged here over the file's version, with its clock, as
	 * taken (rule 3) */
	if (*act == MERGE_CONFLICT && !undone && clocks && *ours && b.seen &&
	    (*part = merge_note_apart(&here, &theirs, b.taken, &ck_seen, &ck_there)) != MERGE_NOTE_NONE)
		*act = *part == MERGE_NOTE_OURS ? MERGE_TAKE_THEIRS : MERGE_KEEP_OURS;
	/* else a conflict settled by --theirs (rule 3) */
	if (undone || *part != MERGE_NOTE_NONE || (*act == MERGE_CONFLICT && take)) {
		/* this file's version is dropped: the file's is taken with its
		 * clock alone, as a plain take, so that the next change there
		 * holds every change of it and is taken in turn */
		if (*part == MERGE_NOTE_NONE)
			*act = MERGE_TAKE_THEIRS;
		merge_clock_release(&ck_here);
		memset(&ck_here, 0, sizeof ck_here);
	}
	if (kept && *act != MERGE_TAKE_THEIRS && *act != MERGE_OLDER) {
		/* unchanged here since the record: what was taken then */
		if (*ours == NULL && b.found && rev == b.revision)
			*kept = b.taken ? xstrdup(b.taken) : NULL;
		/* the same version here as there (by the clocks): the file's
		 * contents, read already, are ours */
		else if (*ours == NULL && clocks && merge_clock_order(&ck_here, &ck_there) == MERGE_CLOCK_SAME)
			*kept = merge_content_digest(&theirs);
		else if (*ours || (rc = store_game_load(s, id, ours, d)) == ST_OK) {
			here = ours_side(*ours);
			*kept = merge_content_digest(&here);
		}
	}
	merge_clock_join(&ck_here, &ck_there);
	*seen = merge_clock_text(&ck_here);
out:
	free(subs);
	merge_clock_release(&ck_here);
	merge_clock_release(&ck_there);
	merge_clock_release(&ck_seen);
	merge_base_release(&b);
	return rc;
}

/* Night id, just made here as the file's night g: its clock and the
 * record of taking it (rule 6), in a restore what the file had
 * remembered of taking it from a third one. */
static enum status
night_made(struct store *s, long id, const struct import_night *g, const struct import_counts *c, int restore,
    struct diag *d)
{
	enum status rc;
	/* what its note holds, taken with it (rule 6) */
	if (g->versions && (rc = store_night_clock_set(s, id, g->versions, d)) != ST_OK)
		return rc;
	if (c->source == NULL)
		return ST_OK;
	if (restore && g->taken_from && strcmp(g->taken_from, c->source) != 0)
		return store_night_base_set(s, id, g->taken_from, g->taken_note, g->taken_seen, g->taken_here, d);
	return store_night_base_set(s, id, c->source, g->note, g->versions, g->versions, d);
}

/* The night of g here (0: none), made if it is not: open, when a restore
 * keeps the night the file leaves open (rule 5), else ended; a night made
 * remembers the note it took from the file (rule 6), or in a restore what
 * the file had remembered of taking it from a third one. */
static enum status
import_night(struct store *s, const struct import_item *g, const struct import_counts *c, int restore,
    long *night_id, struct diag *d)
{
	int made = 0;
	*night_id = 0;
	if (g->night_name == NULL)
		return ST_OK;
	enum status rc = report_import_night(s, g->night_uid, g->night_name, g->night_started,
	    restore && c->keep_open && g->night_open ? NULL : g->night_ended, g->night_note, night_id, &made, d);
	if (rc != ST_OK || !made)
		return rc;
	const struct import_night n = { g->night_uid, g->night_name, g->night_started, g->night_note, g->night_versions,
		g->night_taken_from, g->night_taken_note, g->night_ended, g->night_taken_seen, g->night_taken_here, 0 };
	return night_made(s, *night_id, &n, c, restore, d);
}

/* Write g as a new game, or over game id when id != 0, then its
 * substitutes, its deletion (at the file's time) and the record of what
 * was taken; a new game in a restore as the file had it (rule 5). */
static enum status
import_put(struct store *s, const struct import_item *g, long id, const struct import_counts *c, const char *seen,
    struct diag *d)
{
	long night_id;
	int restore = c->restore && id == 0;
	const char *source = c->source;
	enum status rc = import_night(s, g, c, restore, &night_id, d);
	if (rc != ST_OK)
		return rc;
	struct seat_change *subs = xcalloc((size_t)(g->nsubs ? g->nsubs : 1), sizeof *subs);
	for (int k = 0; k < g->nsubs; k++)
		subs[k] = (struct seat_change){ g->subs[k].seat, g->subs[k].hand, g->subs[k].player };
	struct import_game ig = { g->uid, g->kind, g->started, g->ended, g->closed, g->dealer, night_id,
		g->names, g->nplayers, &g->opts, g->entries, g->recorded, g->nhands, g->undone,
		g->undone_recorded, g->nundone, subs, g->nsubs, g->joined, g->join_total, g->note,
		/* a new game in a restore is written at its revision there */
		restore ? &g->revision : NULL };
	/* the rows of the replay made when the game was read */
	rc = id ? store_import_replace(s, id, &ig, &g->rows, d) : store_import_game(s, &ig, &g->rows, &id, d);
	free(subs);
	if (rc == ST_OK && g->deleted)
		rc = store_game_delete_at(s, id, g->deleted, d);
	if (rc != ST_OK || source == NULL)
		return rc;
	char *taken = theirs_digest(g);
	if (!restore) {
		rc = store_merge_base_set(s, id, source, g->revision, -1, seen, taken, d);
		free(taken);
		return rc;
	}
	/* its revision (written at it, unless a substitute or its deletion
	 * moved it on), and what its file remembered of taking it from
	 * another; else that it is that file's at this revision; with the
	 * clock the file had of it */
	long here_id, here_rev;
	if ((rc = store_game_by_uid(s, g->uid, &here_id, &here_rev, d)) == ST_OK &&
	    (here_rev == g->revision || (rc = store_revision_set(s, id, g->revision, d)) == ST_OK)) {
		/* what it was when taken from the third file is not known */
		if (g->taken_from && strcmp(g->taken_from, source) != 0)
			rc = store_merge_base_set(s, id, g->taken_from, g->taken_revision, g->taken_here, g->versions, NULL,
			    d);
		else
			rc = store_merge_base_set(s, id, source, g->revision, g->revision, g->versions, taken, d);
	}
	free(taken);
	return rc;
}

/*
 * Game id (here as g's uid), over which a conflict with g was just settled
 * by --ours, this file's version kept, and seen (merge_clock_text) the
 * clock of both: keeping ours is a change made here (rule 3 of this
 * file's header), as for a night's note (night_decide): the game's
 * revision moves on by one and this file's part of the clock it holds is
 * raised to it.  So a file that did not settle the conflict finds this
 * version the newer and takes it; one that kept its own too holds a
 * change this one lacks, and the two are a conflict again rather than two
 * versions with one clock, each "already here" for the other.  (--theirs
 * is no change here: the file's version is taken with its clock, as a
 * plain take; import_decide.)  kept: what this file's version is
 * (merge_content_digest), or NULL.  In the caller's write transaction;
 * errors: the store's.
 */
static enum status
import_settle(struct store *s, const struct import_item *g, long id, const struct import_counts *c, const char *seen,
    const char *kept, struct diag *d)
{
	long here_id, rev;
	enum status rc;
	if (c->source == NULL || c->self == NULL)
		return ST_OK;
	if ((rc = store_game_by_uid(s, g->uid, &here_id, &rev, d)) != ST_OK ||
	    (rc = store_revision_set(s, id, ++rev, d)) != ST_OK)
		return rc;
	struct merge_clock ck;
	merge_clock_parse(seen, &ck);  /* made by merge_clock_text */
	merge_clock_raise(&ck, c->self, rev);
	char *text = merge_clock_text(&ck);
	merge_clock_release(&ck);
	rc = store_merge_base_set(s, id, c->source, g->revision, rev, text, kept, d);
	free(text);
	return rc;
}

/* Write game g by the merge rules of this file's header.  In the caller's
 * write transaction; only the store can fail now (ST_IO). */
static enum status
import_one(struct store *s, const struct import_item *g, struct import_counts *c, struct diag *d)
{
	long id, rev;
	enum status rc;
	if ((rc = store_game_by_uid(s, g->uid, &id, &rev, d)) != ST_OK)
		return rc;
	if (id == 0) {
		/* what the file's version holds, taken with it */
		if ((rc = import_put(s, g, 0, c, g->versions, d)) != ST_OK)
			return rc;
		c->games++;
		c->hands += g->nhands;
		c->deleted += g->deleted != NULL;
	} else {
		enum merge_action act;
		struct stored_game *ours = NULL;
		enum merge_note_part part;
		char *seen = NULL, *kept = NULL, *note = NULL, *taken = NULL;
		if ((rc = import_decide(s, g, id, rev, c->source, c->self, c->pick == PICK_THEIRS, &act, &part, &ours,
		    &seen, &kept, d)) != ST_OK)
			return rc;
		int deleted_here = ours ? ours->deleted != NULL : 0;
		/* --theirs took the file's version in import_decide */
		int settled = act == MERGE_CONFLICT;
		if (part != MERGE_NOTE_NONE) {
			/* what the file's version is, with the version merged
			 * here: the file's with our note, or ours with its */
			struct seat_change *subs;
			struct merge_game there = theirs_side(g, &subs), here = ours_side(ours),
			    merged = part == MERGE_NOTE_OURS ? there : here;
			merged.note = part == MERGE_NOTE_OURS ? here.note : there.note;
			taken = merge_merged_digest(&there, &merged);
			note = merged.note ? xstrdup(merged.note) : NULL;
			free(subs);
		}
		stored_game_free(ours);
		if (act == MERGE_CONFLICT)
			act = MERGE_KEEP_OURS;
		if (part != MERGE_NOTE_NONE) {
			/* the file's version is what this file took (its clock
			 * and contents, so that the file's next change of
			 * either part merges again); the note kept from the
			 * other side is then a change made here, which the
			 * file takes */
			if ((part == MERGE_NOTE_THEIRS || (rc = import_put(s, g, id, c, seen, d)) == ST_OK) &&
			    (rc = store_merge_base_set(s, id, c->source, g->revision, -1, seen, taken, d)) == ST_OK)
				rc = store_game_note_set(s, id, note, d);
			c->updated++;
		} else if (act == MERGE_TAKE_THEIRS) {
			if ((rc = import_put(s, g, id, c, seen, d)) == ST_OK) {
				c->updated += g->deleted == NULL || deleted_here;
				c->deleted += g->deleted != NULL && !deleted_here;
			}
		} else {
			/* ours is kept; from now on the file's revision is what
			 * was taken, so only a later change there counts, and
			 * ours holds what the file's holds */
			if (act != MERGE_OLDER && c->source)
				rc = store_merge_base_set(s, id, c->source, g->revision, -1, seen, kept, d);
			c->kept += act == MERGE_KEEP_OURS;
			c->skipped += act != MERGE_KEEP_OURS;
		}
		if (rc == ST_OK && settled)
			rc = import_settle(s, g, id, c, seen, kept, d);
		free(seen);
		free(kept);
		free(note);
		free(taken);
		if (rc != ST_OK)
			return rc;
	}
	/* past a few hundred games, and past as many as the file held, a
	 * refill once at the end (which reads every game here) is cheaper
	 * than keeping the statistics game by game; below that the games
	 * keep them one by one, so an import of k games into n costs O(k),
	 * not O(n) */
	if (c->games + c->updated == c->keep_stats && !c->deferred) {
		c->deferred = 1;
		rc = store_import_defer(s, d);
	}
	return rc;
}

/*
 * The conflicts of set with this file, before anything is written (one
 * read transaction): each reported on stderr, with both revisions and what
 * differs; *n counts them.
 */
static enum status
import_conflicts(struct store *s, struct import_set *set, const char *self, long *n, struct diag *d)
{
	long stored = 0;
	enum status rc = store_begin(s, 0, d);
	*n = 0;
	/* a file with no game has no conflict: the games are not read again */
	if (rc == ST_OK && (rc = store_game_count(s, &stored, d)) == ST_OK && stored > 0)
		rc = import_rewind(set, d);
	for (int more = stored > 0; rc == ST_OK && more;) {
		struct import_item one, *g = &one;
		long id, rev;
		enum merge_action act;
		struct stored_game *ours = NULL;
		if ((rc = import_next(set, g, &more, d)) != ST_OK || !more)
			break;
		if ((rc = store_game_by_uid(s, g->uid, &id, &rev, d)) != ST_OK || id == 0) {
			import_item_release(g);
			continue;
		}
		char *seen = NULL;
		enum merge_note_part part;
		rc = import_decide(s, g, id, rev, set->source, self, 0, &act, &part, &ours, &seen, NULL, d);
		free(seen);
		if (rc == ST_OK && act == MERGE_CONFLICT) {
			if (ours == NULL)
				rc = store_game_load(s, id, &ours, d);
			if (rc == ST_OK) {
				struct seat_change *subs;
				struct merge_game here = ours_side(ours), there = theirs_side(g, &subs);
				char *what = merge_describe(&here, &there);
				free(subs);
				const struct game_rules *r = rules_find(ours->kind);
				cmd_say(stderr, "", "tally: conflict: %s #%ld (uid %s) changed here (revision %ld) and in the file"
				    " (revision %ld) since it was last imported: %s", r ? rules_title(r, &ours->opts) : ours->kind,
				    id, g->uid, rev, g->revision, what);
				free(what);
				(*n)++;
			}
		}
		stored_game_free(ours);
		import_item_release(g);
	}
	store_end(s, 0, d);  /* a read: nothing to keep */
	return rc;
}

/*
 * What to do with the note of the file's night g, here with note ours, by
 * rule 6 of this file's header: by the clocks of both versions where both
 * are known (core/merge.h merge_decide_note_clock), else by what this file
 * last took of the night (b: store_night_base; merge_decide_note).
 * Returns the clock this file holds of the night once g is merged,
 * whichever note is kept: both sides' (heap, the caller frees it).
 */
static char *
night_decide(const struct import_night *g, const char *ours, const struct night_base *b,
    const struct import_counts *c, enum merge_action *act)
{
	struct merge_clock here, there, seen, right_after;
	/* unreadable clocks here are none; the file's were checked as read */
	merge_clock_parse(b->clock, &here);
	merge_clock_parse(g->versions, &there);
	merge_clock_parse(b->seen, &seen);
	merge_clock_parse(b->here, &right_after);
	int same_source = b->found && c->source && strcmp(b->source, c->source) == 0;
	struct merge_note_record rec = { same_source, same_source ? b->note : NULL,
		same_source && b->seen ? &seen : NULL, same_source && b->here ? &right_after : NULL };
	/* with no record of taking it from that file, what that file took
	 * from this one, if it did: what this file's note was then */
	if (!same_source && c->self && g->taken_from && strcmp(g->taken_from, c->self) == 0) {
		rec.found = 1;
		rec.note = g->taken_note;
	}
	/* a file with this file's uid (a copy of it) made its changes under
	 * the same uid: the clocks cannot tell them apart, the record can */
	int clocks = g->versions && !(c->source && c->self && strcmp(c->source, c->self) == 0) &&
	    merge_night_clock_known(&here, ours, b->found, b->note) &&
	    merge_night_clock_known(&there, g->note, g->taken_from != NULL, g->taken_note);
	*act = clocks ? merge_decide_note_clock(&here, &there, ours, g->note, &rec)
	    : merge_decide_note(ours, g->note, rec.found, rec.note);
	merge_clock_join(&here, &there);
	/* a conflict settled here (--theirs or --ours) is a change made
	 * here: the note kept holds it, so a file that settled it otherwise
	 * is a conflict again, and one that did not takes it */
	if (*act == MERGE_CONFLICT && c->pick != PICK_NONE && c->self)
		merge_clock_tick(&here, c->self);
	char *clock = merge_clock_text(&here);
	merge_clock_release(&here);
	merge_clock_release(&there);
	merge_clock_release(&seen);
	merge_clock_release(&right_after);
	return clock;
}

/*
 * The file's night g, on which no game of the file started (a game of an
 * earlier night was continued), made here as a night is with its first
 * game (import_night): ended, unless a restore keeps it open (rule 5),
 * with its note and clock and the record of taking it (rule 6); *noted 1
 * when it has a note.  In the caller's write transaction; errors: the
 * store's.
 */
static enum status
import_gameless_night(struct store *s, const struct import_night *g, const struct import_counts *c, int *noted,
    struct diag *d)
{
	long id;
	int made = 0;
	*noted = 0;
	enum status rc = report_import_night(s, g->uid, g->name, g->started,
	    c->restore && c->keep_open && g->open ? NULL : g->ended, g->note, &id, &made, d);
	if (rc != ST_OK || !made)
		return rc;
	*noted = g->note != NULL;
	return night_made(s, id, g, c, c->restore, d);
}

/*
 * The notes of the file's nights that are here already, by rule 6 of this
 * file's header (night_decide).  With write 0, in one read transaction:
 * each conflict reported on stderr, *n counting them.  With write 1, in
 * one write transaction after the games: a note the file's version holds
 * more changes of replaces ours (--theirs: in a conflict too), and every
 * night remembers the note it took from the file, that note's clock and
 * its own right after, and holds the clock of both; *n counts the notes
 * taken.  A night not here is made with its games, its note and its clock
 * with it; one with no game of the file is made here (write 1).
 */
static enum status
import_night_notes(struct store *s, const struct import_set *set, struct import_counts *c, int write,
    long *n, struct diag *d)
{
	enum status rc = set->nnights ? store_begin(s, write, d) : ST_OK;
	*n = 0;
	for (long k = 0; rc == ST_OK && k < set->nnights; k++) {
		const struct import_night *g = &set->nights[k];
		long id;
		char *ours = NULL;
		enum merge_action act;
		struct night_base b = {0};
		if ((rc = report_night_by_key(s, g->uid, g->name, g->started, &id, &ours, d)) == ST_OK && id == 0 &&
		    write) {
			/* not made with a game: a night on which none started */
			int noted = 0;
			if ((rc = import_gameless_night(s, g, c, &noted, d)) == ST_OK)
				*n += noted;
			continue;
		}
		if (rc != ST_OK || id == 0 || (rc = store_night_base(s, id, &b, d)) != ST_OK) {
			free(ours);
			continue;
		}
		char *clock = night_decide(g, ours, &b, c, &act);
		int same_source = b.found && c->source && strcmp(b.source, c->source) == 0;
		if (!write && act == MERGE_CONFLICT) {
			cmd_say(stderr, "", "tally: conflict: night #%ld \"%s\" (uid %s): its note changed here and in the file"
			    " since it was last imported: here: %s%s%s; there: %s%s%s", id, g->name,
			    g->uid ? g->uid : "none", ours ? "\"" : "", ours ? ours : "no note", ours ? "\"" : "",
			    g->note ? "\"" : "", g->note ? g->note : "no note", g->note ? "\"" : "");
			(*n)++;
		} else if (write) {
			if (act == MERGE_CONFLICT)
				act = c->pick == PICK_THEIRS ? MERGE_TAKE_THEIRS : MERGE_KEEP_OURS;
			if (act == MERGE_TAKE_THEIRS && (rc = store_night_note_set(s, id, g->note, d)) == ST_OK)
				(*n)++;
			if (rc == ST_OK && !merge_same_note(clock, b.clock ? b.clock : "{}"))
				rc = store_night_clock_set(s, id, clock, d);
			/* from now on the file's note is what was taken, with its
			 * clock and this file's right after, so only a later change
			 * there counts (as a game's revision does); the same note on
			 * both sides leaves a record of another file as it is (a
			 * restore's, rule 5, made with the night) */
			if (rc == ST_OK && c->source && (!b.found || act != MERGE_SAME || (same_source &&
			    (!merge_same_note(b.note, g->note) || !merge_same_note(b.seen, g->versions) ||
			    !merge_same_note(b.here, clock)))))
				rc = store_night_base_set(s, id, c->source, g->note, g->versions, clock, d);
			/* the end a night's home gave it after this file took it
			 * (a new night started there ends the old one) */
			int moved = 0;
			if (rc == ST_OK && g->ended && (rc = report_night_end_later(s, id, g->ended, &moved, d)) == ST_OK)
				c->night_ends += moved;
		}
		free(ours);
		free(clock);
		night_base_release(&b);
	}
	if (set->nnights && rc == ST_OK && write)
		rc = store_commit(s, d);
	else if (set->nnights && rc == ST_OK)
		store_end(s, 0, d);  /* a read: nothing to keep */
	return rc;
}

/*
 * Write the games of set that are not here yet, in batches of whole games:
 * each batch one write transaction of about IMPORT_BATCH_MS, the lock let
 * go IMPORT_YIELD_MS between them, so a `tally hand` at the table waits at
 * most one batch.  Once the statistics are deferred, every batch notes so
 * in its own transaction (store_import_defer), and at the end they are
 * refilled and the note cleared (store_import_restat, which reads outside
 * the write lock and writes under it): a kill at any moment leaves whole
 * games, and statistics that are right, or made right by the next tally
 * that opens the file.  TALLY_IMPORT_DELAY_MS (tests only) sleeps that
 * long after each game written, inside the batch, to make a small import
 * a long one.
 */
static enum status
import_batches(struct store *s, struct import_set *set, struct import_counts *c, struct progress *pr,
    struct diag *d)
{
	long delay = testhook(TESTHOOK_IMPORT_DELAY_MS);
	enum status rc = ST_OK;
	if ((rc = store_game_count(s, &c->keep_stats, d)) != ST_OK)
		return rc;
	/* a file with no game is filled: every game of the set is new */
	int fill = c->keep_stats == 0;
	if (c->keep_stats < IMPORT_KEEP_STATS)
		c->keep_stats = IMPORT_KEEP_STATS;
	/* into a file with no game the refill at the end reads only the games
	 * written, so keeping the statistics game by game first is work done
	 * twice: they are put off from the first game */
	c->deferred = fill;
	if ((rc = import_rewind(set, d)) != ST_OK)
		return rc;
	store_import_start(s, fill);
	for (long i = 0; i < set->n;) {
		if (i > 0)
			sleep_ms(IMPORT_YIELD_MS);
		if ((rc = store_begin(s, 1, d)) != ST_OK)
			return rc;
		double t0 = now_ms();
		if (c->deferred)
			rc = store_import_defer(s, d);
		for (; i < set->n && rc == ST_OK && !cmd_interrupted() && now_ms() - t0 < IMPORT_BATCH_MS; i++) {
			struct import_item g;
			int more;
			if ((rc = import_next(set, &g, &more, d)) == ST_OK && !more)
				rc = diag_set(d, ST_IO, NULL, NULL, "import", "the scratch file of the import ends early");
			if (rc == ST_OK)
				rc = import_one(s, &g, c, d);
			import_item_release(&g);
			progress_add(pr, 1);
			if (delay > 0)
				sleep_ms(delay);
		}
		/* a failed batch is rolled back by the dispatcher */
		if (rc != ST_OK || (rc = store_commit(s, d)) != ST_OK)
			return rc;
		if (cmd_interrupted() && i < set->n)
			break;  /* the statistics put off are still refilled */
	}
	/* the last transaction refills what the batches put off */
	if (c->deferred) {
		sleep_ms(IMPORT_YIELD_MS);
		rc = store_import_restat(s, d);
	}
	if (rc == ST_OK)
		rc = store_import_end(s, d);
	if (rc == ST_OK && cmd_interrupted())
		rc = diag_set(d, ST_INTERRUPTED, NULL, NULL, "import", "interrupted (Ctrl-C)");
	return rc;
}

/* ST_USAGE for --restore into this file, which holds games or nights and
 * is not the file exported (rule 5): the message says what it holds and
 * what to run instead; ST_OK when it may be restored (or there is no uid
 * to take: an export before schema 14).  In the caller's transaction. */
static enum status
import_restore_check(struct store *s, const struct import_counts *c, const char *path, struct diag *d)
{
	long games, nights;
	if (c->source == NULL || (c->self && strcmp(c->self, c->source) == 0))
		return ST_OK;  /* a restore cut off is finished by running it again */
	if (store_file_holds(s, &games, &nights, d) != ST_OK)
		return d->status;
	if (games + nights == 0)
		return ST_OK;
	char *what = games && nights ? xasprintf("%ld game%s and %ld night%s", games, plural_s(games), nights,
	    plural_s(nights)) : games ? xasprintf("%ld game%s", games, plural_s(games)) :
	    xasprintf("%ld night%s", nights, plural_s(nights));
	diag_set(d, ST_USAGE, NULL, "--restore", "import", "--restore makes a new file the one exported, and this"
	    " file holds %s; nothing was imported ('tally import %s' merges it into them; restore into a new file"
	    " with --db NEW)", what, path);
	free(what);
	return ST_USAGE;
}

/* Whether this import is a restore (rule 5), before anything is written:
 * in its own write transaction, so that a file that takes the export's
 * uid has it before its first game, and an import cut off after that is
 * still a restore when it is run again.  Only --restore takes the uid:
 * a plain import into a new file is a merge, or a club host who starts a
 * file with one laptop's would be that laptop's twin, and their changes
 * could not be told apart. */
static enum status
import_restore_begin(struct store *s, struct import_counts *c, const char *path, struct diag *d)
{
	enum status rc;
	if (c->source == NULL)
		return ST_OK;
	if ((rc = store_begin(s, 1, d)) != ST_OK)
		return rc;
	/* checked as the file was read; again here, under the lock, for a
	 * game entered meanwhile (the dispatcher rolls back) */
	if (c->ask_restore && (rc = import_restore_check(s, c, path, d)) != ST_OK)
		return rc;
	if ((rc = store_file_restore(s, c->source, c->ask_restore, &c->restore, &c->took, d)) == ST_OK && c->took) {
		/* this file is the one exported now: its uid is the file's */
		free(c->self);
		c->self = xstrdup(c->source);
	}
	if (rc == ST_OK && c->restore) {
		struct night_info open = {0};
		int found = 0;
		rc = store_night_current(s, &open, &found, d);
		/* never two nights open: one open here (made by this restore
		 * before it was cut off, or another) and the file's stays closed */
		c->keep_open = !found;
		night_info_release(&open);
	}
	if (rc != ST_OK)
		return rc;
	return store_commit(s, d);
}

/* import_batches with a progress line on a terminal */
static enum status
import_write(struct store *s, struct import_set *set, struct import_counts *c, struct diag *d)
{
	struct progress *pr = progress_start("import: writing", "games", set->n);
	enum status rc = import_batches(s, set, c, pr, d);
	progress_done(pr);
	return rc;
}

/*
 * Another tally database at path, as its export: every game (report_game_ids
 * with no query, as `tally export` takes them) written to a scratch file
 * one game a line (cmd_game_write, the export's own), which import_read()
 * then reads and checks like any export.  The file is opened read only.
 */
static enum status
import_read_db(const char *path, const struct import_edit *edit, struct import_set *set, struct diag *d)
{
	struct store *src = NULL;
	struct query all = {0};
	long *ids = NULL, nids = 0;
	enum status rc;
	FILE *tmp = tmpfile();
	memset(set, 0, sizeof *set);
	if (tmp == NULL)
		return diag_set(d, ST_IO, NULL, path, "import", "cannot make a scratch file to read %s", path);
	char *head = NULL;
	all.deleted = 2;  /* deleted games too, marked, as the json export has them */
	if ((rc = store_open_readonly(path, &src, d)) == ST_OK && (rc = store_begin(src, 0, d)) == ST_OK &&
	    (head = cmd_export_header(src, d)) != NULL &&
	    (rc = report_game_ids(src, &all, &ids, &nids, d)) == ST_OK) {
		fprintf(tmp, "%s\n", head);
		for (long i = 0; i < nids && rc == ST_OK; i++) {
			struct stored_game *g = NULL;
			if ((rc = store_game_load(src, ids[i], &g, d)) != ST_OK)
				break;
			struct jw w;
			jw_start(&w, tmp);
			jw_object(&w, NULL);
			cmd_game_write(&w, g);
			jw_end(&w);
			fputs(i + 1 < nids ? ",\n" : "\n", tmp);
			stored_game_free(g);
		}
		fprintf(tmp, "]}\n");
	}
	if (rc == ST_OK && head == NULL && src)
		rc = d->status;
	free(ids);
	free(head);
	store_close(src);
	if (rc == ST_OK && (fflush(tmp) != 0 || ferror(tmp)))
		rc = diag_set(d, ST_IO, NULL, path, "import", "cannot write a scratch file to read %s", path);
	if (rc == ST_OK) {
		rewind(tmp);
		rc = import_read(tmp, path, STORE_SCHEMA_VERSION, edit, set, d);
	}
	fclose(tmp);
	return rc;
}

/* Whether the club's saved pad p has exactly the settings of ip. */
static int
same_pad(const struct saved_pad *p, const struct import_pad *ip)
{
	if (p->nsettings != ip->nsettings)
		return 0;
	for (int i = 0; i < p->nsettings; i++)
		if (strcmp(p->settings[i], ip->settings[i]) != 0)
			return 0;
	return 1;
}

/*
 * The file's saved pads: one this file lacks is saved (*added counts
 * them); one saved here the same way is left; one saved here with other
 * settings refuses the whole import (65) before anything is written:
 * two clubs' meanings of one name cannot both be kept.  With write 0 only
 * the check, in a read transaction; with write 1 the saving, in a write
 * transaction of its own.
 */
static enum status
import_pads(struct store *s, const struct import_set *set, const char *path, int write, long *added,
    struct diag *d)
{
	enum status rc = set->npads ? store_begin(s, write, d) : ST_OK;
	*added = 0;
	for (int i = 0; rc == ST_OK && i < set->npads; i++) {
		const struct import_pad *ip = &set->pads[i];
		struct saved_pad here = {0};
		int found = 0, replaced = 0;
		if ((rc = store_pad_find(s, ip->name, &here, &found, d)) != ST_OK)
			break;
		if (found && !same_pad(&here, ip)) {
			struct strbuf a = {0}, b = {0};
			for (int k = 0; k < here.nsettings; k++)
				sb_printf(&a, "%s-o %s", k ? " " : "", here.settings[k]);
			for (int k = 0; k < ip->nsettings; k++)
				sb_printf(&b, "%s-o %s", k ? " " : "", ip->settings[k]);
			rc = diag_set(d, ST_RULE, NULL, ip->name, "saved pad", "pad %s is saved here as '%s' and in %s as '%s';"
			    " nothing was imported ('tally pad save %s ...' here makes them one, or save one under another"
			    " name at the table)", ip->name, a.s ? a.s : "", path, b.s ? b.s : "", ip->name);
			sb_release(&a);
			sb_release(&b);
		} else if (!found && write && (rc = store_pad_save(s, ip->name, ip->settings, ip->nsettings, &replaced,
		    d)) == ST_OK)
			(*added)++;
		saved_pad_release(&here);
	}
	if (set->npads && rc == ST_OK && write)
		rc = store_commit(s, d);
	else if (set->npads && rc == ST_OK)
		store_end(s, 0, d);  /* the check alone: nothing to keep */
	return rc;
}

/*
 * The file's club settings: one this file has not set is taken (*taken
 * counts them; tau works every rating out again); one set here the same
 * way is left; one set here otherwise refuses the whole import (65)
 * before anything is written.  With write 0 only the check.
 */
static enum status
import_settings(struct store *s, const struct import_set *set, const char *path, int write, long *taken,
    struct diag *d)
{
	enum status rc = set->nsettings ? store_begin(s, write, d) : ST_OK;
	*taken = 0;
	for (int i = 0; rc == ST_OK && i < set->nsettings; i++) {
		char *here = NULL;
		int is_set = 0;
		if ((rc = store_setting(s, set->setting_keys[i], &here, &is_set, d)) != ST_OK)
			break;
		if (here == NULL)
			rc = diag_set(d, ST_RULE, NULL, set->setting_keys[i], "setting", "%s: no club setting '%s' in this"
			    " tally; nothing was imported", path, set->setting_keys[i]);
		else if (is_set && strcmp(here, set->setting_values[i]) != 0)
			rc = diag_set(d, ST_RULE, NULL, set->setting_keys[i], "setting", "the club's %s is %s here and %s in"
			    " %s; nothing was imported ('tally club %s=%s' here makes them one)", set->setting_keys[i], here,
			    set->setting_values[i], path, set->setting_keys[i], set->setting_values[i]);
		else if (!is_set && write && (rc = store_setting_put(s, set->setting_keys[i], set->setting_values[i],
		    d)) == ST_OK)
			(*taken)++;
		free(here);
	}
	if (rc == ST_OK && write && *taken > 0)
		rc = store_ratings_again(s, d);
	if (set->nsettings && rc == ST_OK && write)
		rc = store_commit(s, d);
	else if (set->nsettings && rc == ST_OK)
		store_end(s, 0, d);  /* the check alone: nothing to keep */
	return rc;
}

/* The options of `tally import` besides the file. */
struct import_opts {
	int naliases;
	char **alias_from, **alias_to;  /* --alias FROM=TO, TO in NFC */
	long offset;                    /* --clock-offset, seconds */
};

static void
import_opts_free(struct import_opts *o)
{
	for (int i = 0; i < o->naliases; i++) {
		free(o->alias_from[i]);
		free(o->alias_to[i]);
	}
	free(o->alias_from);
	free(o->alias_to);
}

/* "+HH:MM" or "-HH:MM" (or HH:MM) into seconds; 0 when malformed. */
static int
clock_offset(const char *v, long *out)
{
	int sign = *v == '-' ? -1 : 1, h, m, n = 0;
	if (*v == '+' || *v == '-')
		v++;
	if (sscanf(v, "%2d:%2d%n", &h, &m, &n) != 2 || v[n] != '\0' || h > 23 || m > 59)
		return 0;
	*out = sign * (h * 3600L + m * 60L);
	return 1;
}

/* Take --theirs, --ours, --restore, --alias FROM=TO and --clock-offset
 * [+-]HH:MM (each also as --key=value) out of argv into c and o.  ST_USAGE, naming the
 * option, for a bad one. */
static enum status
import_options(const struct cmd_run *r, struct import_counts *c, struct import_opts *o, struct diag *d)
{
	const char *offset = cmd_opt(r, "clock-offset");
	if (cmd_opt(r, "theirs") && cmd_opt(r, "ours"))
		return diag_set(d, ST_USAGE, NULL, "--ours", "import",
		    "--theirs and --ours cannot both be given: one side wins each conflict");
	c->pick = cmd_opt(r, "theirs") ? PICK_THEIRS : cmd_opt(r, "ours") ? PICK_OURS : PICK_NONE;
	c->ask_restore = cmd_opt(r, "restore") != NULL;
	if (offset && !clock_offset(offset, &o->offset))
		return diag_set(d, ST_USAGE, NULL, offset, "import", "--clock-offset is [+-]HH:MM (how far the table's"
		    " clock was off, e.g. -01:00 for an hour fast), not '%s'", offset);
	int n;
	char **aliases = cmd_opt_all(r, "alias", &n);
	enum status rc = ST_OK;
	for (int i = 0; i < n && rc == ST_OK; i++) {
		const char *val = aliases[i], *eq = strchr(val, '=');
		char *to = NULL;
		if (eq == NULL || eq == val || eq[1] == '\0')
			rc = diag_set(d, ST_USAGE, NULL, val, "import", "--alias is NAME=KNOWN (the name at the"
			    " table, then the player here), not '%s'", val);
		else if (names_check(eq + 1, &to, d) != ST_OK)
			rc = ST_USAGE;
		else {
			o->alias_from = xrealloc(o->alias_from, sizeof *o->alias_from * (size_t)(o->naliases + 1));
			o->alias_to = xrealloc(o->alias_to, sizeof *o->alias_to * (size_t)(o->naliases + 1));
			o->alias_from[o->naliases] = xstrndup(val, (size_t)(eq - val));
			o->alias_to[o->naliases++] = to;
		}
	}
	free(aliases);
	return rc;
}

/*
 * The players set would make who are not known here: the words "new players:
 * A, B" (no newline) in *out (heap; NULL when none), a warning on stderr for each
 * that looks like a known player written another way (suggest_alias),
 * with the fix.
 */
static enum status
import_new_names(struct store *s, const struct import_set *set, char **out, struct diag *d)
{
	char **known;
	int nknown, added;
	struct strbuf sb = {0};
	struct strmap here = {0};
	*out = NULL;
	if (store_player_names(s, &known, &nknown, d) != ST_OK)
		return d->status;
	/* names_eq is the equality of names_fold: each name found by it */
	for (int j = 0; j < nknown; j++) {
		char *fold = names_fold(known[j]);
		strmap_at(&here, fold ? fold : known[j], &added);
		free(fold);
	}
	int nfresh = 0;
	for (int i = 0; i < set->nnames; i++) {
		const char *n = set->names[i];
		char *fold = names_fold(n);
		strmap_at(&here, fold ? fold : n, &added);
		free(fold);
		if (!added)
			continue;
		sb_printf(&sb, "%s%s", nfresh++ ? ", " : "new players: ", n);
		const char *near = suggest_alias(n, (const char *const *)known, nknown);
		if (near)
			cmd_say(stderr, "", "tally: warning: %s is new here; did you mean %s? ('tally player merge %s %s' makes"
			    " them one; import this table's files with --alias '%s=%s')", n, near, n, near, n, near);
	}
	strmap_release(&here);
	store_names_free(known, nknown);
	*out = nfresh ? sb_take(&sb) : NULL;
	return ST_OK;
}

/* A stream that gives the bytes already read off the input (head) before
 * the rest of it: import looks at the first bytes of a pipe too. */
struct sniffed {
	FILE *f;
	char head[17];
	size_t n, pos;
};

static ssize_t
sniffed_read(void *cookie, char *buf, size_t size)
{
	struct sniffed *sn = cookie;
	if (sn->pos < sn->n) {
		size_t k = sn->n - sn->pos < size ? sn->n - sn->pos : size;
		memcpy(buf, sn->head + sn->pos, k);
		sn->pos += k;
		return (ssize_t)k;
	}
	size_t got = fread(buf, 1, size, sn->f);
	return got == 0 && ferror(sn->f) ? -1 : (ssize_t)got;
}

static enum status
cmd_import_exec(struct cmd_run *r, struct diag *d)
{
	struct cmd_ctx *ctx = r->ctx;
	char **argv = r->argv;
	struct store *s;
	struct import_counts c = {0};
	struct import_set set = {0};
	enum status rc;
	FILE *f;

	struct import_opts o = {0};
	cmd_interrupt_catch();
	if ((rc = import_options(r, &c, &o, d)) != ST_OK) {
		import_opts_free(&o);
		return rc;
	}
	f = strcmp(argv[0], "-") == 0 ? stdin : fopen(argv[0], "r");
	struct stat sb;
	if (f == NULL || (f != stdin && fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode))) {
		/* a directory opens, but is no input file (66, as a missing one) */
		diag_set(d, ST_NOINPUT, NULL, argv[0], "import", "cannot read %s: %s", argv[0],
		    f ? "it is a directory" : strerror(errno));
		if (f)
			fclose(f);
		import_opts_free(&o);
		return ST_NOINPUT;
	}
	/* another tally database (its first bytes say so), or an export; the
	 * bytes looked at are read again through a stream that gives them
	 * first, so a pipe (<(...), /dev/stdin, a FIFO) imports as a file does */
	struct import_edit edit = { o.naliases, o.alias_from, o.alias_to, o.offset, 0, NULL };
	/* the players here, so that each game is replayed with the names it
	 * will be seated with (a file that exists only: a bad import makes
	 * none) */
	char **known = NULL;
	if (access(ctx->db_path, F_OK) == 0 && (rc = cmd_store(ctx, &s, d)) == ST_OK &&
	    (rc = store_begin(s, 0, d)) == ST_OK) {
		rc = store_player_names(s, &known, &edit.nknown, d);
		store_end(s, 0, d);  /* a read: nothing to keep */
	}
	edit.known = known;
	struct sniffed sn = { f, "", 0, 0 };
	sn.n = fread(sn.head, 1, 16, f);
	int is_db = sn.n == 16 && memcmp(sn.head, "SQLite format 3", 16) == 0;
	size_t first = strspn(sn.head, " \t\r\n");
	FILE *in = fopencookie(&sn, "r", (cookie_io_functions_t){ .read = sniffed_read });
	if (rc != ST_OK)
		;  /* the players here could not be read */
	else if (in == NULL)
		rc = diag_set(d, ST_IO, NULL, argv[0], "import", "cannot read %s: %s", argv[0], strerror(errno));
	else if (is_db && (f == stdin || fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode)))
		rc = diag_set(d, ST_RULE, NULL, argv[0], "import", "%s: a tally database is imported from a file, not a"
		    " pipe; nothing was imported", argv[0]);
	else if (!is_db && first < sn.n && sn.head[first] != '{')
		/* no export starts otherwise: refused before reading any more
		 * (import /dev/urandom must not read on and on) */
		rc = diag_set(d, ST_RULE, NULL, argv[0], "import", "%s is not a tally export or database (an export"
		    " starts with {); nothing was imported", argv[0]);
	/* read and check it all before the database is written, in no
	 * transaction (the players' names were read before, in one of their
	 * own): a slow pipe or a long replay locks nobody out; the table's
	 * names and clock made this file's as it is read */
	else if (is_db) {
		fclose(in);
		in = NULL;
		rc = import_read_db(argv[0], &edit, &set, d);
	} else
		rc = import_read(in, strcmp(argv[0], "-") == 0 ? "stdin" : argv[0], STORE_SCHEMA_VERSION, &edit, &set, d);
	if (in)
		fclose(in);
	if (f != stdin)
		fclose(f);
	store_names_free(known, edit.nknown);
	char *fresh = NULL;
	if (rc == ST_OK && cmd_interrupted())
		rc = diag_set(d, ST_INTERRUPTED, NULL, argv[0], "import", "interrupted (Ctrl-C) while reading %s, before"
		    " anything was written; nothing was imported: run the import again", argv[0]);
	c.source = set.source;
	/* --restore into a file with games is refused before anything else
	 * is said of them (the export's uid is known only once it is read) */
	if (rc == ST_OK && (rc = cmd_store(ctx, &s, d)) == ST_OK && (rc = store_begin(s, 0, d)) == ST_OK) {
		if ((rc = store_file_uid(s, &c.self, d)) == ST_OK && c.ask_restore)
			rc = import_restore_check(s, &c, argv[0], d);
		store_end(s, 0, d);  /* a read: nothing to keep */
	}
	if (rc == ST_OK && c.ask_restore && c.source == NULL)
		cmd_say(stderr, "", "tally: warning: %s names no file it was exported from (no \"source\": an older"
		    " tally's export), so this file cannot become it: its games are merged, and it keeps its own uid",
		    argv[0]);
	else if (rc == ST_OK && c.ask_restore && c.self && strcmp(c.self, c.source) == 0)
		/* rule 5: not refused, as a file with games of another uid
		 * is: a restore cut off is finished by running it again */
		cmd_say(stderr, "", "tally: warning: this file is the one %s was exported from (the same uid: that"
		    " file, a copy of it, or a restore of it cut off), so --restore merges into it: the games it"
		    " lacks are added, and those it has are merged as by a plain import", argv[0]);
	if (rc == ST_OK)
		rc = import_new_names(s, &set, &fresh, d);
	/* a conflict imports nothing: each is reported, and --theirs or --ours
	 * says which side wins */
	long conflicts = 0;
	long night_conflicts = 0, night_notes = 0;
	if (rc == ST_OK && c.pick == PICK_NONE && (rc = import_conflicts(s, &set, c.self, &conflicts, d)) == ST_OK &&
	    (rc = import_night_notes(s, &set, &c, 0, &night_conflicts, d)) == ST_OK && conflicts + night_conflicts > 0) {
		long all = conflicts + night_conflicts;
		char *nights = xasprintf("the note%s of %ld night%s", plural_s(night_conflicts), night_conflicts,
		    plural_s(night_conflicts));
		char *what = conflicts && night_conflicts ? xasprintf("%ld game%s and %s", conflicts, plural_s(conflicts),
		    nights) : conflicts ? xasprintf("%ld game%s", conflicts, plural_s(conflicts)) : xstrdup(nights);
		free(nights);
		rc = diag_set(d, ST_RULE, NULL, argv[0], "import", "%s changed both here and in %s since %s last"
		    " imported; nothing was imported ('tally import --theirs %s' takes the file's version of %s,"
		    " '--ours' keeps this one's)", what, argv[0], all == 1 ? "it was" : "they were", argv[0],
		    all == 1 ? "it" : "each");
		free(what);
	}
	/* the club's saved pads: a name saved here otherwise refuses it all;
	 * whether it is a restore is settled before any is saved */
	long pads = 0, taken = 0;
	if (rc == ST_OK && (rc = import_pads(s, &set, argv[0], 0, &pads, d)) == ST_OK &&
	    (rc = import_settings(s, &set, argv[0], 0, &taken, d)) == ST_OK &&
	    (rc = import_restore_begin(s, &c, argv[0], d)) == ST_OK &&
	    (rc = import_pads(s, &set, argv[0], 1, &pads, d)) == ST_OK)
		rc = import_settings(s, &set, argv[0], 1, &taken, d);
	/* then short transactions of whole games */
	if (rc == ST_OK && (rc = import_write(s, &set, &c, d)) == ST_OK)
		rc = import_night_notes(s, &set, &c, 1, &night_notes, d);
	if (rc == ST_INTERRUPTED) {
		/* what was done, and how to finish: the games written are whole */
		diag_set(d, rc, NULL, NULL, "import", "interrupted (Ctrl-C): %ld of %ld game%s written, whole (%ld"
		    " updated, %ld already here); run 'tally import %s%s' again to finish: the games already here are"
		    " skipped", c.games, set.n, plural_s(set.n), c.updated, c.skipped, c.ask_restore ? "--restore " : "", argv[0]);
	} else if (rc != ST_OK && c.games + c.updated > 0) {
		/* the batches before the failure are whole games, kept */
		char *msg = xstrdup(d->message);
		diag_set(d, rc, NULL, NULL, "import", "%s; %ld game%s of it %s imported before that, whole; run the"
		    " import again for the rest (games already here are skipped)", msg, c.games, plural_s(c.games),
		    c.games == 1 ? "was" : "were");
		free(msg);
	}
	import_set_release(&set);
	if (rc == ST_OK && ctx->json)
		printf("{\"imported\":%ld,\"hands\":%ld,\"updated\":%ld,\"deleted\":%ld,\"kept\":%ld,"
		    "\"skipped\":%ld,\"pads\":%ld,\"night_notes\":%ld,\"night_ends\":%ld,\"restored\":%s}\n", c.games, c.hands,
		    c.updated, c.deleted, c.kept, c.skipped, pads, night_notes, c.night_ends, c.took ? "true" : "false");
	else if (rc == ST_OK) {
		printf("imported %ld game%s (%ld hand%s)", c.games, plural_s(c.games), c.hands, plural_s(c.hands));
		if (c.updated)
			printf(", updated %ld", c.updated);
		if (c.deleted)
			printf(", deleted %ld", c.deleted);
		if (c.kept)
			printf(", %ld newer here kept", c.kept);
		printf(", %ld already here\n", c.skipped);
		if (c.took)
			cmd_say(stdout, "", "restored: this file is now the one exported (its uid, each game's revision,"
			    " what it had taken from other files, its open night)");
		if (night_notes)
			printf("took the note of %ld night%s from the file\n", night_notes, plural_s(night_notes));
		if (c.night_ends)
			printf("took the later end of %ld night%s from the file\n", c.night_ends, plural_s(c.night_ends));
		if (pads)
			printf("saved %ld pad%s of the club's own\n", pads, plural_s(pads));
		if (taken)
			printf("took %ld club setting%s\n", taken, plural_s(taken));
		if (fresh)
			cmd_say(stdout, "  ", "%s", fresh);
	}
	free(fresh);
	free(c.self);
	import_opts_free(&o);
	return rc;
}

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "[--theirs|--ours] [--restore] [--alias NAME=KNOWN]... [--clock-offset ±HH:MM] FILE|FILE.db",
	.summary = "merge a tally export or another tally database into this one; every hand is checked by replay",
	.help = "  FILE   a `tally export` JSON file, or - for stdin; read and checked whole before\n"
	    "         anything is written: all or nothing (65 for a cut-off or bad file)\n"
	    "         then written in batches of whole games, each a short transaction, so\n"
	    "         hands can be entered meanwhile; a killed import leaves whole games, and\n"
	    "         running it again adds the rest\n"
	    "  FILE.db  another tally database (e.g. one table's laptop), opened read only\n"
	    "         and imported the way its export would be (one of an older tally through\n"
	    "         an upgraded copy in $TMPDIR; the file itself is never written, and no\n"
	    "         -wal or -shm of the read is left beside it)\n"

	    "  a game already here: changed in the file only, the file's version replaces\n"
	    "         it (hands, edits, undos, end, substitutes, deletion); changed here only,\n"
	    "         it is kept; neither, skipped (importing twice changes nothing); both, a\n"
	    "         conflict: nothing is imported (65) and each is shown with what\n"
	    "         differs on each side; a change here taken back by undo is none; a game\n"
	    "         that came through another file (the club's, the laptop's own) is\n"
	    "         known by every change it holds, wherever it was made\n"
	    "  a night's note (tally note night) the same way: set, changed or cleared in\n"
	    "         the file only, taken; here only, kept; on both sides, a conflict; a\n"
	    "         note that came through another file is known by every change it holds\n"
	    "  a night's end: the later one is taken (a night ends once, at its home); a\n"
	    "         night open here stays open\n"
	    "  into a new file (no game, no night) the same: a merge; the file keeps its\n"
	    "         own uid (so a club host starts); --restore is for a backup\n"
	    "  --theirs  take the file's version of every conflicting game\n"
	    "  --ours    keep this file's version of every conflicting game\n"
	    "  --restore  restore a backup: a new file (no game, no night; else 64)\n"
	    "         becomes the file exported: its uid, each game's revision, what it had\n"
	    "         taken from other files and its open night, so a second export is the\n"
	    "         same bytes; into the file exported itself (the same uid: that file,\n"
	    "         a copy, or a restore cut off) it is no refusal but a merge, said so:\n"
	    "         the games it lacks are added (run a cut-off restore again to finish\n"
	    "         it), those it has merged as above (a conflict: 65)\n"
	    "  --alias NAME=KNOWN  the player called NAME at the table is KNOWN here\n"
	    "         (import lists the new players it makes, and names a known player one\n"
	    "         looks like: Bobby for Bob)\n"
	    "  --clock-offset [+-]HH:MM  move every time in the file by that much (a laptop\n"
	    "         whose clock ran an hour fast: -01:00)",
	.options = (const struct cmd_option[]){ { "theirs", 0, NULL }, { "ours", 0, NULL }, { "restore", 0, NULL },
		{ "alias", 0, "NAME=KNOWN" },
		{ "clock-offset", 0, "[+-]HH:MM" }, { 0 } },
	.nargs = { 1, 1 },
	.run = cmd_import_exec,
};
