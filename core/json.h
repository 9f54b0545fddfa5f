/* SPDX-License-Identifier: ISC */
/*
 * json.h: JSON output, the one module that speaks jansson for writing
 * (core/json.c).  Two parts:
 *
 *  - the JSON renderer of a view (core/view.h): `show --json`, the
 *    "players" array and `hand --json`, the documents of SPEC section 4;
 *  - a small writer for the other commands' documents (SPEC section 4):
 *    build a value with jv_object(), jv_set(), jv_push() ... and print it
 *    with jv_print() or jv_dumps().
 *
 * Ownership: every jv_* constructor returns a new value the caller owns
 * and frees with jv_free(); jv_set() and jv_push() take the value they
 * are given (the container then owns it).  Allocation failure aborts
 * nothing: a constructor may return NULL, which jv_set/jv_push ignore and
 * jv_free accepts.
 */
#ifndef TALLY_JSON_H
#define TALLY_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "view.h"

/* A JSON value being built (opaque). */
struct jv;

struct jv *jv_object(void);
struct jv *jv_array(void);
/* A string: s as it is (UTF-8; a name is checked when a game starts);
 * NULL is "", text that is not UTF-8 "?". */
struct jv *jv_str(const char *s);
/* The first n bytes of s as a string. */
struct jv *jv_strn(const char *s, size_t n);
struct jv *jv_int(long long n);
struct jv *jv_real(double x);
/* true for b != 0, else false. */
struct jv *jv_bool(int b);
struct jv *jv_null(void);
/* A value from a jansson pack format ("{s:s, s:I}": s a string, i an int,
 * I a long long, b a boolean int, f a double, o a struct jv * taken, s?
 * a string or NULL for null); NULL on a bad format or argument. */
struct jv *jv_pack(const char *fmt, ...);
/* Set key of object obj to val (taken; replaces an old value). */
void jv_set(struct jv *obj, const char *key, struct jv *val);
/* Append val (taken) to array arr. */
void jv_push(struct jv *arr, struct jv *val);
/* The number of members of an object or elements of an array. */
size_t jv_size(const struct jv *v);
void jv_free(struct jv *v);

/* jv_dumps flags: numbers with a fraction printed to 12 significant
 * digits (ratings, rates); a document that is not an object or array
 * (one string). */
enum { JV_REAL12 = 1, JV_ANY = 2 };
/* v as compact JSON text on one line, no newline (heap; the caller
 * frees), or NULL on an allocation failure. */
char *jv_dumps(const struct jv *v, int flags);
/* Print v compact on one line with a newline; 0, or -1 on a write error. */
int jv_print(FILE *f, const struct jv *v);

/* Print a JSON array an item at a time, byte for byte as jv_print()
 * prints the whole array, so that a long listing needs no more memory
 * than one item: jv_stream_item() prints item (which it takes and frees)
 * with "[" or "," before it and counts it in *n; jv_stream_close()
 * closes the array ("[]" when *n is 0), and jv_stream_end() closes it
 * and ends the line. */
void jv_stream_item(FILE *f, struct jv *item, long *n);
void jv_stream_close(FILE *f, long n);
void jv_stream_end(FILE *f, long n);

/*
 * The JSON renderer of a view.
 *   view_json:         the `show --json` object of SPEC section 4: id,
 *                      game, status, started, options, hands, next, pot
 *                      (with stakes), dealer, players, the grids, winners,
 *                      and sides when the view has some;
 *   view_json_players: its "players" array: name, seat (1-based), sub (who
 *                      plays the seat now, if anyone), total, points (one
 *                      per hand), "held" where the game has no points
 *                      (the counters after each hand), a key per hand line
 *                      (one value per hand), a key per foot line, out and
 *                      rank;
 *   view_json_hand:    the `hand --json` object of v's last hand: hand,
 *                      points by name, warnings (w may be NULL), note,
 *                      pot, players, next, status, winners.
 * A value of a line: null for COLUMN_NONE, a boolean for COLUMN_FLAG, else
 * an integer.  New values, the caller jv_free()s them.
 */
struct jv *view_json(const struct view *v);
struct jv *view_json_players(const struct view *v);
struct jv *view_json_hand(const struct view *v, const struct warnings *w);

#endif
