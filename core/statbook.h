/* SPDX-License-Identifier: ISC */
/*
 * statbook.h: the statistics of `tally stats` as sums that can be added and
 * taken away game by game.
 *
 * A statbook holds, per player and kind of game, a stat_line (games, wins,
 * places, scores, streaks, eliminations, chips); per player, kind and
 * number of players a stat_count; per ordered pair of players how often the
 * first finished ahead of the second (a stat_pair); and, when asked, per
 * player and night a stat_count.  The same code folds the seats of every
 * matching game (the `stats QUERY` scan), keeps the statistics tables of the
 * database up to date as each hand is written (db/stats.c), and checks those
 * tables against the seats (`tally check`).
 *
 * Everything except best, worst and the streaks is a plain sum, so a game's
 * contribution can be taken away (sign -1) and added again when a hand
 * changes it.  Best, worst and the streaks depend on the finished games in
 * time order; statbook_add() folds them only when told the game comes after
 * every finished game already folded (fold = 1).
 *
 * Memory: the book owns its arrays; statbook_release() releases them.  Nothing
 * here reports errors (allocation failure aborts, as everywhere in tally).
 */
#ifndef TALLY_STATBOOK_H
#define TALLY_STATBOOK_H

#include "rules.h"

#define STAT_MAX_SEATS 64

/* One seat of a game as the statistics see it. */
struct stat_seat {
	long player;          /* player id */
	long score;           /* points, or chips (lives) when the game is scored by chips */
	int rank;             /* 1 = best, ties share; 0 = none */
	int winner, out;
	int out_by;           /* seat index of who put this player out, or -1 */
	int has_chips;        /* the game keeps chips or lives */
	long chips, start_chips;
	int side;             /* partnership play: the seat's side (0-based), or -1 */
};

/* One game: its kind (index into rules_registry), whether it is over, its
 * night and seats in seat order. */
struct stat_game {
	long id, night;
	int kind;
	int over;
	int n;
	struct stat_seat seat[STAT_MAX_SEATS];
};

/* One player at one kind of game. */
struct stat_line {
	long player;
	int kind;
	long games, finished, wins, sum_rank;
	long sum_score, best, worst;    /* over finished games; best/worst valid when scored */
	int scored;
	long streak, longest;           /* wins in a row over finished games, in time order */
	long eliminated, eliminations;  /* times put out; players this one put out */
	long chip_games, chips_net, chips_won, chips_lost;
	long last_game;                 /* the last finished game folded into the streaks, or 0 */
};

/* Games and wins of one player at one kind of game by a second key (the
 * number of players) or of one player on one night (kind -1): the games
 * played, the finished ones (an open game counts in neither). */
struct stat_count {
	long player, key;
	int kind;
	long games, wins;
};

/* How many finished games `ahead` ended placed better than `behind`;
 * with statbook.sides_pairs, also how many finished games of partnership
 * play (core/sides.h) the two played as partners and against each other
 * (the kept statistics keep times only). */
struct stat_pair {
	long ahead, behind, times;
	long partners, against;
};

struct stat_map {
	unsigned long long *keys;
	long *vals;
	long cap, n;
};

struct statbook {
	int per_night;                  /* also count per player and night */
	int sides_pairs;                /* also count partners and opponents
	                                 * in the pairs (head to head) */
	struct stat_line *line;
	struct stat_count *count, *night;
	struct stat_pair *pair;
	long nline, ncount, nnight, npair;
	struct stat_map m_line, m_count, m_night, m_pair;
};

/* The record index of key in m; a new zeroed record of recsize bytes is
 * appended to *recs (an array of *count, grown by doubling) when the key
 * is new.  Free the map with stat_map_release() (the records are the
 * caller's). */
long stat_map_slot(struct stat_map *m, unsigned long long key, long *count, size_t recsize, void **recs);
void stat_map_release(struct stat_map *m);

/* An empty book; per_night 1 keeps the by-night counts too. */
void statbook_init(struct statbook *b, int per_night);
void statbook_release(struct statbook *b);

/*
 * The index of kind name in rules_registry; for a score pad's
 * "pad:low:TITLE" or "pad:high:TITLE" (STORE_STAT_KIND in db/:
 * stats group pads by title) an index after the registry's, the same for
 * the same name within the process; else -1.
 */
int statbook_kind(const char *name);
/* The name of kind as statbook_kind took it (a game's name, or
 * "pad:low:Hearts"), and as a table shows it (the game's name, or the
 * pad's title "Hearts").  Static strings. */
const char *statbook_kind_name(int kind);
const char *statbook_kind_title(int kind);

/* Whether a higher score is the better one for kind (index): games won on
 * the highest score and games scored by chips. */
int statbook_higher_better(int kind);

/* The score a seat counts with at kind (index, or -1 for a kind this
 * build does not know): its chips (or lives) for a game scored by chips,
 * else its points total. */
long statbook_score(int kind, long total, long chips);

/* Add (sign 1) or take away (sign -1) the sums of game g.  With fold 1 (and
 * sign 1), a finished game also goes into best, worst and the streaks of
 * each of its players; the caller promises it comes after every finished
 * game folded before (in started, id order). */
void statbook_add(struct statbook *b, const struct stat_game *g, int sign, int fold);

/* Fold one finished game's result into l's best, worst and streaks. */
void stat_fold(struct stat_line *l, long score, int winner, int higher_better);

/* The line, count or pair with these keys, created (zeroed) when missing.
 * Pointers stay valid until the next call that may create an entry. */
struct stat_line *statbook_line(struct statbook *b, long player, int kind);
struct stat_count *statbook_count(struct statbook *b, long player, int kind, long players);
struct stat_count *statbook_night(struct statbook *b, long player, long night);
struct stat_pair *statbook_pair(struct statbook *b, long ahead, long behind);

/* Compare the book kept (have) with the book folded afresh (want): each
 * nonzero line, count and (with pairs 1) pair of either must be in the
 * other with the same values.  cb is called for the first five differences (what differs, the
 * player, the other player or the player count or -1, the kind or -1).
 * Returns the number of differences (each found from both sides may count
 * twice).  Both books may gain zeroed entries. */
long statbook_compare(struct statbook *want, struct statbook *have, int pairs,
    void (*cb)(const char *what, long player, long other, int kind, void *ctx), void *ctx);

/* Whether every field of l is zero (nothing left of a player's games). */
int stat_line_empty(const struct stat_line *l);

#endif
