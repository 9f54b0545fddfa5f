/* SPDX-License-Identifier: ISC */
/*
 * merge.h: what an import does with a game the importing file already has.
 *
 * A game has one home (the table that played it) and a revision that every
 * change of it bumps there.  The file that imports it remembers which
 * revision it took from which file and what its own revision of the game
 * was right after (db/store.h struct merge_base).  Taking the game again:
 *
 *   - the table changed it since, this file did not:  TAKE_THEIRS (its
 *     hands, edits, undos, end, deletion, substitutes and note replace
 *     ours);
 *   - this file changed it since, the table did not:  KEEP_OURS;
 *   - neither:                                         SAME;
 *   - both:                                            CONFLICT;
 *   - the file holds an older revision than was taken: OLDER (kept).
 *
 * With no record of taking it from that file (a game made here, taken
 * before schema 14, or from a third file), the contents decide: equal is
 * SAME (notes included); where one side's hands are the other's with more
 * after them (and the shorter one was neither ended early nor deleted, and
 * has no note or the longer one's) the longer one wins, as a fast-forward
 * does in git; anything else is a CONFLICT.
 *
 * What a file remembers of taking a game travels with its export (the
 * game's "taken"), so that a file restored from the export (rule 5 of
 * cmd/cmd-import.c: it takes the export's uid and each game's revision)
 * remembers it too; a game the file made itself is remembered in the
 * restore as taken from the file at its revision, so the restored file
 * and the original merge by these rules should both go on.  A record of
 * taking a game from a file with the importing file's own uid (a copy of
 * it) is kept, but not exported.
 *
 * Nothing here touches a file: the caller reads both sides and acts.
 */
#ifndef TALLY_MERGE_H
#define TALLY_MERGE_H

/* One side of a game, as stored here or as the import file has it. */
struct merge_game {
	long revision;            /* its revision where it is kept */
	int nhands;
	char *const *entries;     /* live hands, canonical text */
	int nundone;
	char *const *undone;
	int closed;               /* ended early with `tally end` */
	const char *ended;        /* NULL: not over (derived: not compared) */
	const char *deleted;      /* NULL: not deleted */
	int nsubs;                /* substitutes */
	int nplayers;             /* seats, late arrivals' too (`tally join`) */
	const char *note;         /* the game's note (`tally note`), or NULL */
};

/* What this file took of the game last time (found 0: no record). */
struct merge_record {
	int found;
	int same_source;          /* taken from the file being imported now */
	long source_revision;     /* that file's revision then */
	long revision;            /* this file's revision right after */
};

enum merge_action {
	MERGE_SAME,
	MERGE_TAKE_THEIRS,
	MERGE_KEEP_OURS,
	MERGE_CONFLICT,
	MERGE_OLDER
};

/* The action for game ours (here), theirs (in the file) and rec. */
enum merge_action merge_decide(const struct merge_game *ours, const struct merge_game *theirs,
    const struct merge_record *rec);

/*
 * A night's note (`tally note night`), which a night's home table may
 * change after its games were taken: ours here, theirs in the file (NULL:
 * none).  base is the note this file took from that same file last time
 * (base_found 0: no record of taking the night from it).  A night has no
 * revision (its note is all of it that changes once its games are in), so
 * the record is the note itself, and the rule is a game's:
 *
 *   - the same note on both sides:           SAME (a change made on both
 *                                             sides alike is no conflict);
 *   - theirs changed since base, ours not:   TAKE_THEIRS;
 *   - ours changed since base, theirs not:   KEEP_OURS;
 *   - both changed, differently:             CONFLICT.
 *
 * With no record the contents decide, as for a game: a note on one side
 * only is taken (TAKE_THEIRS when ours has none, else KEEP_OURS); two
 * different notes are a CONFLICT.
 */
enum merge_action merge_decide_note(const char *ours, const char *theirs, int base_found, const char *base);
/* 1 when notes a and b (NULL: none) are the same, else 0. */
int merge_same_note(const char *a, const char *b);

/* What differs between ours and theirs, in words, for a conflict's
 * report ("here: 5 hands, ended; there: 6 hands; they differ from hand 3
 * on").  Heap; the caller frees it. */
char *merge_describe(const struct merge_game *ours, const struct merge_game *theirs);

#endif
