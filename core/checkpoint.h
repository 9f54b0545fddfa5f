/* SPDX-License-Identifier: ISC */
/*
 * checkpoint.h: the replayed state of a game after its first k hands,
 * kept as bytes with the game, so that a command replays only the hands
 * after them.  The replay stays the one source of truth: a checkpoint is
 * a cache of it, trusted only when everything it was made from is still
 * there, and `tally check` replays every game and compares.
 *
 * A checkpoint is trusted (checkpoint_decode) only when
 *   - its checksum holds (a byte changed on disk, or by hand, is caught);
 *   - it was made by the same rules code: checkpoint_build() names the
 *     build's core/ and games/ sources by a hash made when tally is built,
 *     so another version's checkpoint is never read;
 *   - the game it was made from is the game now: its kind, seats, first
 *     dealer and options, and the canonical text of each of its k hands
 *     (a digest of each, compared with the record's entries).
 * Anything else, and any byte it cannot read, makes checkpoint_decode()
 * say no; the caller then replays the game whole.
 *
 * What it holds: every field of struct game_state a replay derives
 * (each seat's standing, the dealer, over, the pot, the ledger with its
 * moves, each hand's record), not the game's priv (init makes it again
 * from the options, and the game resumes it from the state read: rules.h,
 * checkpoint_priv; no byte of a game's memory comes from a file), not
 * what the record gives (the
 * rules, the names, the options, the entries' text) and not the close
 * (`tally end`), which a replay applies after the last hand.
 */
#ifndef TALLY_CHECKPOINT_H
#define TALLY_CHECKPOINT_H

#include <stddef.h>

#include "rules.h"

/* How many hands a command may replay past the last checkpoint before it
 * keeps a new one (cmd-hand.c): the cost of a command is at most this
 * many replayed hands, and a checkpoint is written once in this many. */
#define CHECKPOINT_EVERY 16

/* The build's rules code, as text ("r1-" and a hash of core/ and
 * games/); static. */
const char *checkpoint_build(void);

/* 1 when st's game can be kept in a checkpoint: it has no priv, or
 * declares that init and resume_priv make it again (rules.h,
 * checkpoint_priv). */
int checkpoint_supported(const struct game_state *st);

/*
 * The checkpoint of st, a replay of the first st->nhands entries of
 * its record, not closed (st->closed 0): heap bytes, *len of them
 * (the caller frees), or NULL when st's game cannot be kept
 * (checkpoint_supported) or st is closed.
 */
unsigned char *checkpoint_encode(const struct game_state *st, size_t *len);

/*
 * The state after the first k hands of rec, from a checkpoint (bytes[0..
 * len-1]) made of it, k its hands: a fresh state (free with state_free())
 * that rules_replay_rest() carries on from, or NULL when the checkpoint
 * is not trusted (see above; rec->nentries must be at least k).  Never
 * fails otherwise; reads no byte out of bounds whatever the bytes.
 */
struct game_state *checkpoint_decode(const struct game_record *rec, const unsigned char *bytes, size_t len);
/* The same, the state taking the heap block bytes (freed with it) when
 * it is made: its strings point into it, where checkpoint_decode copies
 * the bytes for them.  With rows not NULL, the state takes that heap
 * block too: the one rec->entries[0..k-1] lie in (k the hands the
 * checkpoint holds), which the state's entries then point into, not
 * copies of them.  NULL: bytes and rows are still the caller's. */
struct game_state *checkpoint_adopt(const struct game_record *rec, unsigned char *bytes, size_t len, char *rows);

/*
 * A state equal to base, a checkpoint_decode() of a game with no hand
 * applied since, for rec, a record of the same game with at least its
 * hands (checked as checkpoint_decode checks): for a process that reads
 * the same game again (table mode), which keeps base and so decodes once.
 * The copy shares base's hand records (their pool; free either state
 * when you like).  NULL when rec is not what base was made of.
 */
struct game_state *checkpoint_copy(const struct game_state *base, const struct game_record *rec);

/* 1 when a and b, two states of a game of the same rules and seats, are
 * the same in everything a checkpoint keeps, and both closed or not
 * (`tally check`: a game carried on from its checkpoint against its
 * whole replay). */
int checkpoint_same(const struct game_state *a, const struct game_state *b);

/* Write the magic and the checksum into bytes[0..11] of a checkpoint of
 * len bytes (nothing when len < 12): checkpoint_encode's last step, and
 * the fuzz target's, which seals bytes it changed so that the reader
 * meets more than a checksum that fails. */
void checkpoint_seal(unsigned char *bytes, size_t len);

/* The number of hands a checkpoint holds (from its header), or -1 when
 * the bytes are no checkpoint. */
int checkpoint_hands(const unsigned char *bytes, size_t len);

#endif
