/* SPDX-License-Identifier: ISC */
/*
 * json.h: JSON, the one module that speaks jansson (core/json.c).  Three
 * parts:
 *
 *  - the JSON renderer of a view (core/view.h): `show --json`, the
 *    "players" array and `hand --json`, the documents of SPEC section 4;
 *  - a small writer for the other commands' documents (SPEC section 4):
 *    build a value with jv_object(), jv_set(), jv_push() ... and print it
 *    with jv_print() or jv_dumps();
 *  - a reader for import files: jv_parse(), jv_get(), jv_at() ...
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
 * A writer of compact JSON straight to a stream, the same bytes jv_print()
 * would print for the same tree, without the tree: for output too long to
 * build first (an export's games, a million hands).  Nest jw_object and
 * jw_array with jw_end; key names a member inside an object and is NULL
 * inside an array or at the top.  jw_str writes NULL as null; text that is
 * not UTF-8 has each bad byte written as U+FFFD.  jw_value writes a tree
 * (borrowed) as a member or item.  Write errors show in the stream
 * (ferror).  The writer gathers a value's bytes and writes them to the
 * stream a buffer at a time, the last when the outermost value ends: until
 * then, write to the stream only through it.
 */
#define JW_DEPTH 16
struct strbuf;
struct jw {
	FILE *f;
	struct strbuf *sb;  /* instead of f: jw_start_text */
	int depth;
	int n[JW_DEPTH];    /* items written at each depth */
	char close[JW_DEPTH]; /* what closes each: '}' or ']' */
	size_t len;         /* bytes in buf, not yet written to f */
	char buf[4096];
};
void jw_start(struct jw *w, FILE *f);
/* The same into sb (core/util.h), appended as the stream is. */
void jw_start_text(struct jw *w, struct strbuf *sb);
void jw_object(struct jw *w, const char *key);
void jw_array(struct jw *w, const char *key);
void jw_end(struct jw *w);
void jw_str(struct jw *w, const char *key, const char *s);
void jw_int(struct jw *w, const char *key, long long v);
void jw_bool(struct jw *w, const char *key, int b);
void jw_value(struct jw *w, const char *key, const struct jv *v);
/* text, which is JSON already (a value jw wrote before, kept), as it is. */
void jw_raw(struct jw *w, const char *key, const char *text);

/*
 * Reading JSON (an import file).  Values a reader gets from jv_get() and
 * jv_at() are borrowed from the document they belong to; free only the
 * document, with jv_free().
 */
struct jv_error {
	int line;        /* 1-based line where parsing stopped */
	char text[160];  /* what is wrong there */
};
/* The JSON document in s[0..n-1], or NULL with *err set. */
struct jv *jv_parse(const char *s, size_t n, struct jv_error *err);
/* The JSON document read through read (which fills buf with up to size
 * bytes and returns how many, 0 at the end, (size_t)-1 on an error; data
 * is its own), parsed as it is read; NULL with *err set. */
struct jv *jv_parse_stream(size_t (*read)(void *buf, size_t size, void *data), void *data,
    struct jv_error *err);
/* The member key of object obj, or NULL (none, or obj not an object). */
struct jv *jv_get(const struct jv *obj, const char *key);
/* Element i of array arr, or NULL. */
struct jv *jv_at(const struct jv *arr, size_t i);
/* The members of object obj in document order: start with a zeroed
 * struct jv_iter; each call gives the next member's key, with its value
 * in *val, and NULL past the last. */
struct jv_iter {
	void *at;
	int started;
};
const char *jv_next_member(const struct jv *obj, struct jv_iter *it, struct jv **val);
/* A string's text and its length in bytes; NULL and 0 for anything else. */
const char *jv_text(const struct jv *v);
size_t jv_text_len(const struct jv *v);
/* An integer's value; 0 for anything else. */
long long jv_integer(const struct jv *v);
/* What v is; 0 for NULL. */
int jv_is_object(const struct jv *v);
int jv_is_array(const struct jv *v);
int jv_is_string(const struct jv *v);
int jv_is_integer(const struct jv *v);
int jv_is_true(const struct jv *v);
int jv_is_null(const struct jv *v);
/* for each element v (index i, a size_t) of array arr */
#define jv_array_foreach(arr, i, v) for ((i) = 0; (i) < jv_size(arr) && ((v) = jv_at((arr), (i))) != NULL; (i)++)

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
/* The same written to w (as member key, or an item when key is NULL), as
 * it is made: the export writes a decade of games so. */
void view_write_players(struct jw *w, const char *key, const struct view *v);
/* The same array of st's players as text (heap, the caller frees): what
 * the store keeps of a game for the export (db/store.h,
 * store_standings_maker).  Built from st alone: the players' part of a
 * view takes nothing from its struct view_ref. */
char *view_players_text(const struct game_state *st);
struct jv *view_json_hand(const struct view *v, const struct warnings *w);
/* The JSON renderer of a night's view (core/view.h, struct view_night):
 * `tally night ID --json`'s "night" object: id, name, started, ended
 * (local ISO 8601; ended null while open), games (how many), played (each
 * game: id, game, title, status, hands, winners, counts, result),
 * champion (players, names, detail, rule, final; null when no game counts),
 * standings (player, place, shown, tied, wins, games, average_place,
 * places [{game, title, place}], out, put_out), highlights (game, title,
 * kind, text) and settle (games, net, payments, not_settled; null when
 * nothing carried money).  The caller adds "ratings" and frees it. */
struct jv *view_night_json(const struct view_night *n);

#endif
