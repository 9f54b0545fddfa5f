/* SPDX-License-Identifier: ISC */
/*
 * report.h: the SQL behind history, statistics, export, import and check.
 * A parsed query (core/query.h) becomes a WHERE clause on the
 * games with every value bound as a parameter.  Rows are streamed to a
 * callback so memory stays small whatever the database size.
 *
 * Errors as in store.h: ST_IO for database trouble, ST_NOINPUT for a player
 * named in the query who does not exist (or an ambiguous prefix, ST_USAGE).
 */
#ifndef TALLY_REPORT_H
#define TALLY_REPORT_H

#include "../core/query.h"
#include "store.h"

/* One game for `history` (strings live until the callback returns). */
struct history_row {
	long id, night;     /* night: its club night's id (report_club_night) */
	const char *kind, *started, *status, *night_name, *players, *winners;
	int hands;
	const char *title;  /* a score pad's title, else NULL */
	const char *evening; /* its club night (REPORT_CLUB_NIGHT), NULL when none */
	long played;        /* its play time in minutes (REPORT_PLAYED), -1: not known */
	const char *note;   /* its note (`tally note`), or NULL */
	const char *winner_sides; /* the winners as sides name them (core/sides.h
	                     * side_name): a partnership "Ann & Cid", each
	                     * player alone as in winners; unit-separated, ""
	                     * for none */
};
/* Game g's (an alias in SQL) play time in whole minutes, its time at the
 * table, or NULL under two live hands: the twin of core/when.h
 * when_sittings, which says the rule (the gaps between its start and its
 * hands, and between hand and hand, summed where both ends fall on one
 * night, REPORT_EVENING; a gap back in time adds nothing).  A game whose
 * start and last hand fall on one night is one sitting, from the one to
 * the other (its hands, recorded in order, lie between): only a game
 * continued on another night reads every hand's time. */
#define REPORT_PLAYED(g) "(SELECT CASE WHEN l.n < 2 THEN NULL WHEN " REPORT_EVENING(g ".started") " = " \
	REPORT_EVENING("l.t") " THEN max(strftime('%s', l.t) - strftime('%s', " g ".started), 0) / 60 ELSE" \
	" (SELECT sum(CASE WHEN " REPORT_EVENING("s.p") " = " REPORT_EVENING("s.t") \
	" THEN max(strftime('%s', s.t) - strftime('%s', s.p), 0) ELSE 0 END) / 60" \
	" FROM (SELECT h.recorded AS t, lag(h.recorded, 1, " g ".started) OVER (ORDER BY h.number) AS p" \
	" FROM hand h WHERE h.game_id = " g ".id AND h.undone = 0) s) END" \
	" FROM (SELECT " g ".hands AS n, (SELECT h.recorded FROM hand h WHERE h.game_id = " g ".id AND h.undone = 0" \
	" ORDER BY h.number DESC LIMIT 1) AS t) l)"

/* The local date of the evening a stored time belongs to, in SQL: SQLite's
 * 'localtime' follows $TZ as the C library does, and a time before 06:00
 * belongs to the evening before (core/when.h WHEN_NIGHT_CUTOFF_HOUR). */
#define REPORT_EVENING(t) "date(" t ", 'localtime', '-6 hours')"
/* The club night of night n (an alias in SQL): every table's night of one
 * evening under one name is one club night.  Each laptop opens a night
 * named by the date, so a club's tables meet in one; a night started with
 * a name of its own ("Chips") stays apart.  History lists the games of a
 * club night together. */
#define REPORT_CLUB_NIGHT(n) REPORT_EVENING(n ".started") " || char(31) || " n ".name"
enum status report_history(struct store *s, const struct query *q,
    int (*cb)(const struct history_row *r, void *ctx), void *ctx, struct diag *d);

/* One seat of one game for `stats`, in time order, the seats of a game
 * together. */
struct seat_row {
	long game, night, player;
	const char *kind, *started;
	int over, seat, rank, winner, out, out_by; /* out_by: seat, or -1 */
	int side;                                  /* partnership play's side, or -1 */
	long total, chips, start_chips;            /* chips: chips or lives */
	int has_chips;
};
enum status report_seats(struct store *s, const struct query *q,
    int (*cb)(const struct seat_row *r, void *ctx), void *ctx, struct diag *d);

/* The statistics of the games matching q, folded from their seats in time
 * order into b (core/statbook.h; b->per_night as the caller set it). */
struct statbook;
enum status report_stat_scan(struct store *s, const struct query *q, struct statbook *b,
    struct diag *d);

/* The hands of the finished games that match q and count in the
 * statistics (STATS_COUNTED), per player and kind as the statistics group
 * them: cb(player id, kind, hands, ctx) once per pair, for the average a
 * hand that keeps a 9-hole game and a 17-hole one comparable.  Errors:
 * ST_IO, and the query's (ST_USAGE). */
/* The finished games that match q, count in the statistics and have two
 * hands or more, for their play time: cb(kind as the statistics group it,
 * its play time in minutes (REPORT_PLAYED: its sittings summed), ctx) once
 * per game.  Errors: ST_IO, and the query's (ST_USAGE). */
enum status report_game_lengths(struct store *s, const struct query *q,
    void (*cb)(const char *kind, long minutes, void *ctx), void *ctx, struct diag *d);
enum status report_hands_played(struct store *s, const struct query *q,
    void (*cb)(long player, const char *kind, long hands, void *ctx), void *ctx, struct diag *d);

/* The statistics of every game as the writer keeps them (schema 7:
 * stat_line, stat_count and, with pairs 1, stat_pair) into an empty book
 * b.  Rows of a kind of game this build does not know are skipped. */
enum status report_stat_tables(struct store *s, struct statbook *b, int pairs, struct diag *d);
/* How many rows of the kept fold order (schema 18's stat_fold: each
 * counted finished seat's score and win, by player, kind and start, which
 * best, worst and the streaks are refolded from) differ from the seats, in
 * *n; 0 when they agree.  Errors: the store's (ST_IO). */
enum status report_stat_folds_differ(struct store *s, long *n, struct diag *d);
/* The snapshots of the ratings kept (schema 18's rating_snap, db/ratings.c)
 * against the games: each worked out again from the first game; *n how
 * many there are, *bad how many differ.  Errors: the store's (ST_IO). */
enum status report_rating_snaps_differ(struct store *s, long *bad, long *n, struct diag *d);

/* The kept stat_pair rows in (ahead, behind) order, one call each (for
 * `tally check`, which would rather not hold two copies); cb returns
 * nonzero to stop. */
enum status report_stat_pairs(struct store *s, int (*cb)(long ahead, long behind, long times, void *ctx),
    void *ctx, struct diag *d);

/* Player names by id: *names[id] (NULL for gaps), *n = max id + 1.
 * Free with report_names_free(). */
enum status report_player_names(struct store *s, char ***names, long *n, struct diag *d);
void report_names_free(char **names, long n);

/* Resolve a player named in a query (exact, else unique prefix). */
enum status report_player_id(struct store *s, const char *name, long *id, char **full,
    struct diag *d);

/* The ids of the games matching q, oldest first (for export and check).
 * *ids is heap; the caller frees it. */
enum status report_game_ids(struct store *s, const struct query *q, long **ids, long *n,
    struct diag *d);

/* What the store holds derived for one game, to compare with a replay
 * (read by report_stream_next()). */
struct stored_derived {
	int nplayers, nhands;
	long *total, *chips, *lives;   /* per seat; chips/lives -1 when NULL */
	int *out, *rank, *winner;
	long *points, *running;        /* nhands x nplayers */
	long *hand_chips;              /* nhands x nplayers, -1 when NULL */
	int kept_hands;                /* game.hands: the live hands, as kept for history */
	char *kept_seats;              /* game.seats: "1Name" or "0Name" per seat, char(31) between */
};
void report_derived_release(struct stored_derived *x);


/* Every game matching q with an id in lo..hi, with what is stored for it,
 * in id order, for `tally check`: a few cursors read each table once in
 * game order instead of a handful of lookups per game.  next sets *g (free
 * with stored_game_free(); only id, kind, dealer, closed, names, opts and
 * the live entries are filled) and *x (empty with report_derived_release()),
 * or *g NULL at the end.  Errors: ST_IO, ST_USAGE for a query too long. */
struct game_stream;
enum status report_stream_open(struct store *s, const struct query *q, long lo, long hi,
    struct game_stream **gs, struct diag *d);
enum status report_stream_next(struct game_stream *gs, struct stored_game **g, struct stored_derived *x,
    struct diag *d);
void report_stream_close(struct game_stream *gs);

/* The smallest and largest game id (1 and 0 when there are none). */
enum status report_game_span(struct store *s, long *lo, long *hi, struct diag *d);

/* PRAGMA integrity_check, run in a thread on a second (read-only)
 * connection while the caller replays the games: start it, then finish
 * it for *ok 1, or 0 with the first problem in *why (heap; the caller
 * frees it).  finish frees the job; a file that cannot be opened twice is
 * checked on s itself at finish.  Errors: ST_IO from the check. */
struct integrity_job;
enum status report_integrity_start(struct store *s, struct integrity_job **job, struct diag *d);
enum status report_integrity_finish(struct store *s, struct integrity_job *job, int *ok, char **why,
    struct diag *d);

/* Night night's club night (info) and its games, oldest first: every
 * table's night of the same evening and name (REPORT_CLUB_NIGHT), and the
 * games of earlier nights continued on it (a hand played on it:
 * report_night_sitting), for the night report and `tally night`; its play
 * (info first, last, hands) over the hands played on it.  info is the club night as one: the id
 * of its first night (its key, as report_club_night and history give it),
 * the earliest start, ended only when every table's night is (the last
 * end), night's own note, else the first a night of it has by id; ngames
 * every game. */
enum status report_night(struct store *s, long night, struct night_info *info, long **games,
    int *n, struct diag *d);

/* Where a game of a night's list (report_night) was played, as the night
 * sees it: home the club night it started in (its key, report_club_night)
 * and home_name that night's name; here its live hands played on night's
 * club night; last the club night its last live hand was played on (its
 * result counts there: home when it has no hand) and last_name.  A hand
 * of a game continued on a later evening is played on the night of that
 * evening last started before it, else on its game's.  first_hand and
 * last_hand: the first and last of its live hands (1-based, in hand order)
 * played on night's club night, 0 and 0 for none (a night's highlights
 * tell only these).  Strings heap, freed by report_sitting_release.
 * Errors: ST_IO. */
struct night_sitting {
	long home, here, last;
	long first_hand, last_hand;
	char *home_name, *last_name;
};
enum status report_night_sitting(struct store *s, long night, long game, struct night_sitting *out,
    struct diag *d);
void report_sitting_release(struct night_sitting *x);

/* Feed every finished game of two or more players, in time order (started,
 * then uid), into the rating book b (core/rating.h), its kind as the
 * statistics group it; *nseats counts the seats fed.  Errors: ST_IO. */
struct rating_book;
enum status report_ratings(struct store *s, struct rating_book *b, long *nseats, struct diag *d);
/* The same as of a moment: only the games that started before `before`
 * (UTC, stored form; NULL: every game), for `ratings until:DATE`. */
enum status report_ratings_until(struct store *s, struct rating_book *b, const char *before, long *nseats,
    struct diag *d);
/* The club night night belongs to (REPORT_CLUB_NIGHT): *key is the
 * smallest id among its nights (0 for night 0).  The rating book's nights
 * are these keys. */
enum status report_club_night(struct store *s, long night, long *key, struct diag *d);

/* The ratings as the writer keeps them (db/migrate-11.sql) into an empty
 * book b (focus 0): *kept 0 when they are not kept (an older file opened
 * read only), and then b is untouched; *nseats the places rated.  Kinds
 * this build does not know are skipped.  Errors: ST_IO. */
enum status report_ratings_kept(struct store *s, struct rating_book *b, long *nseats, int *kept,
    struct diag *d);

/* Import: does a game with this uid exist already? */
enum status report_uid_exists(struct store *s, const char *uid, int *exists, struct diag *d);

/* Import: the night with this uid, or (uid NULL, an export from before
 * nights had uids) with this name and start: *id (0: none here) and its
 * note in *note (heap, NULL: none; the caller frees it). */
enum status report_night_by_key(struct store *s, const char *uid, const char *name, const char *started,
    long *id, char **note, struct diag *d);
/* Import: that night (report_night_by_key), created with these and ended
 * (NULL: open) and note (NULL: none) when missing (*made 1).  A night found
 * here is left as it is: its note follows the merge (cmd/cmd-import.c rule
 * 6), and its end report_night_end_later.  *id receives it. */
enum status report_import_night(struct store *s, const char *uid, const char *name, const char *started,
    const char *ended, const char *note, long *id, int *made, struct diag *d);
/* Import: night id's end made ended (UTC) where it ended before that here
 * (cmd/cmd-import.c rule 6: a night ends once, at its home, after its
 * games, so the later end is the newer); a night open here stays open.
 * *moved 1 when it was.  Errors: the store's (ST_IO). */
enum status report_night_end_later(struct store *s, long id, const char *ended, int *moved, struct diag *d);

#endif
