/* SPDX-License-Identifier: ISC */
/*
 * util.h: memory and string helpers shared by every module.
 *
 * Allocation helpers never return NULL: on exhaustion they print one line
 * and exit with status 70 (EX_SOFTWARE), so callers need no NULL checks.
 * Whatever they return is owned by the caller and released with free().
 *
 * Two ownership verbs, in every header: x_free(p) frees what p points to
 * (and what it owns), so p is gone; x_release(&v) frees what a value v
 * owns and leaves v empty, zeroed and fit to use again (v is often on
 * the stack or inside another struct).
 */
#ifndef TALLY_UTIL_H
#define TALLY_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A pool: many small blocks allocated one after another in large chunks
 * and freed all at once (a checkpoint's hand records: core/checkpoint.c).
 * pool_alloc never returns NULL; its block is 8-byte aligned, not zeroed.
 * *p starts NULL; pool_free(p) frees every block (p may be NULL).
 * pool_share(p) gives p another holder (returns p): each holder calls
 * pool_free once, the last frees it; a shared pool takes no more blocks. */
struct pool;
void *pool_alloc(struct pool **p, size_t n);
struct pool *pool_share(struct pool *p);
void pool_free(struct pool *p);
/* Have *p free the heap block `block` with the rest (a checkpoint's
 * bytes, which its state's strings point into); not once *p is shared. */
void pool_adopt(struct pool **p, void *block);

/* A map from strings (copies held by the map) to a long each, for what
 * must be seen once or looked up by name: strmap_at(m, s, &added) gives
 * the place of s's value, adding s with the value 0 (and *added 1) when
 * it is not there yet (*added 0 when it is); the place holds until the
 * next strmap_at.  m->n counts the keys.  strmap_release(&m) frees it.
 * Zero-initialise it ({0}). */
struct strmap {
	char **key;
	long *val;
	size_t n, cap;
};
long *strmap_at(struct strmap *m, const char *s, int *added);
void strmap_release(struct strmap *m);

/* malloc/calloc/realloc/strdup that exit(70) instead of returning NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* A heap copy of the n bytes at p (NULL when p is NULL); exits on OOM. */
void *xmemdup(const void *p, size_t n);
char *xstrndup(const char *s, size_t n);
/* Array a of n elements of size bytes, with room for *room of them (0:
 * for n only), given room for one more: doubled when full, so that n
 * appends copy O(n) bytes, not O(n^2) as one realloc each did.  Returns
 * the array (a, or a's block moved: a is then gone). */
void *xgrow(void *a, size_t size, int n, int *room);

/* printf into a fresh heap string; the caller frees it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* A growable byte string.  Zero-initialise it ({0}) before first use; .s is
 * always NUL-terminated once anything was appended.  sb_release() releases it;
 * sb_take() hands the buffer to the caller and resets the strbuf. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void sb_add(struct strbuf *sb, const char *s);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_addc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sb_take(struct strbuf *sb);
void sb_release(struct strbuf *sb);

/* ASCII case-insensitive comparisons (player names, card ranks, keys),
 * the same in every locale (a Turkish one folds I to dotless i in
 * strcasecmp).  str_icmp orders as strcmp of the lowered strings. */
int str_icmp(const char *a, const char *b);
int str_ieq(const char *a, const char *b);
int str_iprefix(const char *prefix, const char *s);

/* 1 if s is valid UTF-8 with no control characters (C0, DEL or C1), else 0.
 * Used to accept player names. */
int utf8_clean(const char *s);
/* Drop a last character of s that is cut short (what snprintf leaves when
 * it cuts a UTF-8 text at a byte), so s ends at a character's end. */
void utf8_cut_tail(char *s);

/* Decode the UTF-8 sequence at s into *cp; returns its length in bytes, or
 * 0 when it is not valid UTF-8 (s must be NUL-terminated). */
int utf8_decode(const unsigned char *s, unsigned *cp);

/* Parse a whole decimal integer (optional sign).  Returns 1 and stores it in
 * *out when s is exactly an integer within [lo, hi], else 0. */
int parse_long(const char *s, long lo, long hi, long *out);

/* Words for a count ("1 king", "2 kings", "0 kings"): plural()
 * returns one when n is 1 or -1, else many; plural_s() the "s" a regular
 * noun takes ("" or "s"), as in printf("%ld trick%s", n, plural_s(n)).
 * Both return static strings or their arguments; nothing to free. */
const char *plural(long n, const char *one, const char *many);
const char *plural_s(long n);

/* A score as every output of tally prints it, its thousands grouped with
 * commas ("1,470", "-12,345", "980"), as README's examples ("1st Bob &
 * Dee 1,765") do, whatever the locale: tally's words are English, and a
 * number is never printed two ways on one page.  sign: 1 puts a "+"
 * before a positive number; 2 before 0 too, for a change that may be
 * none ("+0", as "%+ld" writes it).  Writes at most size bytes (NUL included; 32 holds any
 * long) into buf and returns buf.  JSON and CSV keep plain numbers. */
#define GROUPED_MAX 32
const char *grouped_number(long v, int sign, char *buf, size_t size);
/* grouped_number(v) for a printf argument ("the centre of %s stays"),
 * in a buffer of its own that lasts to the end of the enclosing block
 * (a compound literal), so one call may take several. */
#define GROUPED(v) grouped_number((v), 0, (char[GROUPED_MAX]){ 0 }, GROUPED_MAX)

#endif
