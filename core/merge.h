/* SPDX-License-Identifier: ISC */
/*
 * merge.h: what an import does with a game the importing file already has.
 *
 * A game has one home (the table that played it) and a revision that every
 * change of it bumps there.  Each version of it carries a clock (struct
 * merge_clock below): what it holds of each file's changes, by which a
 * file tells whether a version that passed through other files came after
 * its own (merge_decide_clock).  From an export before clocks, or a copy
 * of the importing file itself, the record decides (merge_decide): the
 * file that imports a game remembers which revision it took from which
 * file and what its own revision of the game was right after (db/store.h
 * struct merge_base).  Taking the game again:
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

struct optset;
struct seat_change;

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
	/* what else the version is (merge_content_digest, merge_describe);
	 * NULL or 0 where the caller does not know them */
	const char *kind;         /* the rules' name */
	int dealer;               /* the first dealer's seat */
	char *const *names;       /* nplayers, seat order */
	const struct optset *opts;
	const struct seat_change *subs;  /* nsubs, in hand order */
	const int *joined;        /* NULL, or per seat a late arrival's first hand */
	const long *join_total;   /* with joined: the points they were given */
};

/*
 * What version g is, as text (heap; the caller frees it): a digest of its
 * kind, players and seats (names folded as names_fold does, so a name
 * written another way here is the same player), first dealer, options,
 * substitutes, late arrivals, live hands, end, deletion and note.  An
 * undone hand kept for redo, and the times hands were entered, are not
 * what it is.  Two versions with the same contents have the same digest;
 * a file keeps the digest of its version right after it took one from
 * another file (db/store.h struct merge_base taken), so that a change
 * made here and then taken back (undo) is known to net to nothing
 * (merge_undone_here).
 */
char *merge_content_digest(const struct merge_game *g);
/* The digest is three words: the whole version's, then its contents'
 * without the note, then the note's alone, so that a game's note merges
 * apart from the rest (merge_note_apart).  A record from before holds the
 * first word only. */

/*
 * Whether a conflict by the clocks over a game is a note changed on one
 * side and the rest (hands, players, options, end...) on the other, so
 * that the two merge without losing either (cmd/cmd-import.c rule 3).
 * taken and seen are what this file last took of the game and that
 * version's clock (db/store.h struct merge_base), the common version as
 * long as there, the file's clock, holds every change of it (and, after
 * such a merge, the version merged here: merge_merged_digest).  Returns
 * MERGE_NOTE_OURS when the file changed the rest but not the note since
 * and ours not the rest (the merged game: theirs with our note),
 * MERGE_NOTE_THEIRS when the file changed the note but not the rest and
 * ours not the note (ours with their note), MERGE_NOTE_NONE otherwise: a
 * note changed on both sides differently, or the rest on both sides,
 * stays a conflict, as
 * does a deletion on either side and a record with no parts (before the
 * digest had them) or none.
 */
enum merge_note_part { MERGE_NOTE_NONE, MERGE_NOTE_OURS, MERGE_NOTE_THEIRS };

/*
 * The digest to remember after such a merge (heap; the caller frees it):
 * taken's (the file's version, merge_content_digest) with two more words,
 * the rest and the note of merged, the version made here, so that the
 * next merge finds each part unchanged in the file whether it took the
 * merged version from here meanwhile or not.
 */
char *merge_merged_digest(const struct merge_game *taken, const struct merge_game *merged);
struct merge_clock;
enum merge_note_part merge_note_apart(const struct merge_game *ours, const struct merge_game *theirs,
    const char *taken, const struct merge_clock *seen, const struct merge_clock *there);

/*
 * Whether this file's own changes of a game net to nothing, so that the
 * file's version, in conflict by the clocks, is to be taken after all:
 * 1 when ours (read here) has the contents the version this file last
 * took had (taken: its merge_content_digest, its first word compared;
 * NULL: not known), and there,
 * the clock of the file's version, holds every change of that version's
 * (seen, NULL: not known).  A change taken back here (a join, sub or hand
 * then undone) is then no change; an undo here of a hand the table played
 * is one (the live hands differ), and stays a conflict.
 */
struct merge_clock;
int merge_undone_here(const struct merge_game *ours, const char *taken, const struct merge_clock *seen,
    const struct merge_clock *there);

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
 * none), by the record where the clocks cannot decide
 * (merge_decide_note_clock below).  base is the note this file took from
 * that same file last time (base_found 0: no record of taking the night
 * from it), and the rule is a game's:
 *
 *   - the same note on both sides:           SAME (a change made on both
 *                                             sides alike is no conflict);
 *   - theirs changed since base, ours not:   TAKE_THEIRS;
 *   - ours changed since base, theirs not:   KEEP_OURS;
 *   - both changed, differently:             CONFLICT.
 *
 * With no record the contents decide, as for a game: a note on one side
 * only is taken (TAKE_THEIRS when ours has none, else KEEP_OURS); two
 * different notes are a CONFLICT.  A note changed and changed back looks
 * unchanged here: only the clocks tell it.
 */
enum merge_action merge_decide_note(const char *ours, const char *theirs, int base_found, const char *base);
/* 1 when notes a and b (NULL: none) are the same, else 0. */
int merge_same_note(const char *a, const char *b);

/*
 * What a version of a game holds of each file's changes: a version vector
 * (the revision of the game, per file uid, of the last change made there
 * that the version holds).  A game passes from file to file (a laptop, the
 * club file, the league file, a copy of a laptop); each file that takes it
 * takes what the version holds with it, so a third file can tell whether a
 * version came after another, whoever it came through:
 *
 *   - every file's changes in a are in b too:  b is the newer (BEFORE);
 *   - and the other way round:                   a is the newer (AFTER);
 *   - the same:                                  SAME;
 *   - each holds a change the other lacks:       APART (a conflict, unless
 *                                                the contents are the same).
 *
 * A file's own part of a game's clock is its revision of the game when it
 * changed the game itself since it last took a version of it (struct
 * merge_base: seen, and revision right after), else what it took; so an
 * import, which bumps the revision here, is no change of this file's, but
 * a conflict settled here (--theirs or --ours) is: the settling file moves
 * the game's revision on and raises its part to it (cmd/cmd-import.c rule
 * 3), so that two files that settled one conflict differently are APART.
 * Revisions only go up in a file, so each file's part only goes up.
 * Two copies of a file (cp) share its uid and look like one file; a
 * change made in each to one game at one revision is told apart only by
 * the contents.
 *
 * A clock is kept as text, a JSON object {"UID": revision, ...} by uid
 * (byte order), parts of 0 left out (merge_clock_text): the same clock is
 * the same text, in the store and in an export ("versions").
 */
struct merge_clock {
	int n;
	char **uid;   /* sorted by strcmp */
	long *rev;    /* > 0 */
};
#define MERGE_CLOCK_MAX 4096  /* files a clock names, at most */
enum merge_order { MERGE_CLOCK_SAME, MERGE_CLOCK_BEFORE, MERGE_CLOCK_AFTER, MERGE_CLOCK_APART };

/* uid's part of c made at least rev (a part of 0 is none). */
void merge_clock_raise(struct merge_clock *c, const char *uid, long rev);
/* Every part of c made at least o's: c then holds both (a merge). */
void merge_clock_join(struct merge_clock *c, const struct merge_clock *o);
/* How a stands to b. */
enum merge_order merge_clock_order(const struct merge_clock *a, const struct merge_clock *b);
/* c as text (heap; the caller frees it): "{}" for none. */
char *merge_clock_text(const struct merge_clock *c);
/* text (merge_clock_text's, or an export's "versions" as JSON text) into
 * an empty c: 1, or 0 when it is not an object of file uids (1 to 63
 * bytes of clean UTF-8, at most MERGE_CLOCK_MAX of them) to revisions
 * (0 to 2^53), with c left empty.
 * NULL is the empty clock. */
int merge_clock_parse(const char *text, struct merge_clock *c);
/* The same from a parsed JSON value (core/json.h; NULL: empty). */
struct jv;
int merge_clock_from_jv(const struct jv *v, struct merge_clock *c);
void merge_clock_release(struct merge_clock *c);
/*
 * The clock of a game as this file holds it: seen, the clock it last
 * took (NULL: none recorded, or a record made before clocks, which then
 * is {source: source_revision} when has_record), with this file's part
 * (self, its uid) raised to revision when the game changed here since
 * (revision != synced: its revision right after it last took one; no
 * record: every revision is this file's own).  Into an empty c.
 */
void merge_clock_here(struct merge_clock *c, const char *seen, int has_record, const char *source,
    long source_revision, long synced, const char *self, long revision);

/*
 * The action for a game whose both sides carry clocks (ours as
 * merge_clock_here makes it, theirs the file's "versions"): AFTER (ours
 * is the newer) KEEP_OURS, or SAME when the game did not change here
 * since this file last took a version of it (changed_here 0: ours was
 * kept then, and is "already here" now), BEFORE TAKE_THEIRS, SAME SAME,
 * APART a
 * CONFLICT, or SAME where the contents are the same.  Only APART reads
 * the contents: ours and theirs may be NULL otherwise.  Whatever is done,
 * the file then holds the clock of both (merge_clock_join): the version
 * kept, or taken, holds every change of both that it was decided over.
 */
enum merge_action merge_decide_clock(const struct merge_clock *here, const struct merge_clock *there,
    int changed_here, const struct merge_game *ours, const struct merge_game *theirs);

/*
 * A night's note by clocks (schema 28), as a game's: a night's clock holds,
 * per file uid, how many changes of its note were made in that file
 * (`tally note night` there, and a conflict over it settled there with
 * --theirs or --ours: merge_clock_tick), and a file that takes a version
 * of the night takes its clock with it (merge_clock_join), so a note that
 * passed through other files is known by every change it holds:
 *
 *   - the same note on both sides:              SAME;
 *   - here holds every change of there and more: KEEP_OURS;
 *   - there holds every change of here and more: TAKE_THEIRS;
 *   - each holds a change the other lacks:       CONFLICT (a note changed
 *                                                 back to what the other
 *                                                 side had is a change too),
 *     but TAKE_THEIRS where the note here has not changed since it was
 *     found the same as that file's (rec: its record of that file, whose
 *     here is the clock here now) and there holds every change of the
 *     version it was found the same as (rec's seen): a note typed alike on
 *     both sides, then changed there;
 *   - the same clock, different notes (two copies of one file, or two
 *     notes from before clocks): the record decides (merge_decide_note
 *     with rec's found and note).
 *
 * The caller uses it only where both clocks are known
 * (merge_night_clock_known); else merge_decide_note.
 */
struct merge_note_record {
	int found;                        /* taken from the file imported now */
	const char *note;                 /* the note taken then, NULL: none */
	const struct merge_clock *seen;   /* its clock then, NULL: not known */
	const struct merge_clock *here;   /* the clock here right after, NULL:
	                                   * not known */
};
enum merge_action merge_decide_note_clock(const struct merge_clock *here, const struct merge_clock *there,
    const char *ours, const char *theirs, const struct merge_note_record *rec);
/*
 * Whether a night's clock c tells all of its note's changes: 1 when it
 * names one, or when it is empty and the note (NULL: none) had no change
 * before clocks, that is it is the note last taken from another file
 * (taken 1: taken_note, NULL: none) or, with no such record, no note at
 * all.  A note set or changed before schema 28 (a change no clock holds)
 * is 0: the record decides for it (merge_decide_note) until the note
 * changes again or a version with a clock is taken.
 */
int merge_night_clock_known(const struct merge_clock *c, const char *note, int taken, const char *taken_note);
/* A change made in the file uid (a night's note): its part of c one more. */
void merge_clock_tick(struct merge_clock *c, const char *uid);

/* What differs between ours and theirs, in words, for a conflict's
 * report: each side's hands, and for what else differs each side's
 * (players, substitutes, options, end, deletion, note), e.g. "here: 5
 * hands, players Ann, Bob, Kim, ended early; there: 6 hands, players Ann,
 * Bob, open; the hands differ from hand 3 on".  Heap; the caller frees
 * it. */
char *merge_describe(const struct merge_game *ours, const struct merge_game *theirs);

#endif
