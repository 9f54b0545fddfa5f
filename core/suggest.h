/* SPDX-License-Identifier: ISC */
/*
 * suggest.h: "did you mean": the one place that finds the known name
 * nearest to a word typed wrong.  Unknown commands, game names,
 * option keys and player names (in entries, queries and `player`) all ask
 * here, and `new` asks it whether a new player's name is a near miss of a
 * known one.
 *
 * Distances are Damerau–Levenshtein (optimal string alignment: insert,
 * delete, substitute, swap two neighbours, each one edit) counted in
 * Unicode code points, after the NFC and full case folding of player
 * names (names_fold, core/names.h).  Nothing here allocates what the
 * caller must free except where a function says so; nothing reports errors.
 */
#ifndef TALLY_SUGGEST_H
#define TALLY_SUGGEST_H

/* The edit distance between a and b (both UTF-8), compared without case;
 * bytes that are not valid UTF-8 count as one code point each.  Words
 * longer than 64 code points are compared by their first 64. */
int suggest_distance(const char *a, const char *b);

/*
 * The candidate in cands[0..n-1] (NULL entries are skipped) nearest to
 * word, if it is near enough to be what was meant: at most 1 edit for
 * words of up to 3 code points, 2 up to 6, else 3; or a candidate that
 * starts with word, or that word starts with.  Ties go to the first.
 * Returns a pointer into cands, or NULL when nothing is near.
 */
const char *suggest_nearest(const char *word, const char *const *cands, int n);

/*
 * For `new`: the known player name a new name is a near miss of: exactly
 * one edit away, or a prefix of exactly one known name.  NULL when there
 * is none (or the name is known).  Returns a pointer into known.
 */
const char *suggest_near_name(const char *name, const char *const *known, int n);

/*
 * The known player that a new name most likely means, written another way
 * at another table: the same name but for case and accents ("Zoe" for
 * "Zoë"), one the start of the other ("Bobby" for "Bob", at least three
 * letters in common), or two edits away in a name of six or more letters
 * (one in a shorter one).  known[0..n-1]; a name already known (the same
 * folded) gives NULL, as does no candidate.  Borrowed from known.
 */
const char *suggest_alias(const char *name, const char *const *known, int n);

#endif
