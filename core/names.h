/* SPDX-License-Identifier: ISC */
/*
 * names.h: player names (SPEC section 2, "Player names").
 *
 * The one place that says what a player name may be, how it is stored and
 * how two names are compared.  `new`, `import` and `player rename` all
 * check a name with names_check(); the store keeps the NFC form it returns
 * and, beside it, the folded key of names_fold() that finds a player.
 *
 * Stored form: Unicode NFC, so "é" typed as one code point and "e" followed
 * by U+0301 are one name.  Comparison: full Unicode case folding of the NFC
 * form (Unicode CaseFolding.txt, status C and F: "ß" matches "SS", "ZOË"
 * matches "Zoë"), done by utf8proc (Debian libutf8proc-dev), not by tables
 * of our own.  ASCII-only names take a fast path with the same result.
 */
#ifndef TALLY_NAMES_H
#define TALLY_NAMES_H

#include <stddef.h>

#include "diag.h"

/* The longest player name, in bytes of its NFC form. */
#define NAMES_MAX_BYTES 200

/*
 * Check a player name as typed (`new`), read from a file (`import`) or
 * given as a new name (`player rename`).  The rules, each named in its own
 * error message:
 *   - not empty, and valid UTF-8;
 *   - at most NAMES_MAX_BYTES bytes once normalized to NFC;
 *   - no control characters (C0, DEL, C1), no line or paragraph
 *     separators;
 *   - no invisible format characters (Unicode category Cf: bidi overrides
 *     and isolates such as U+202E, zero-width space and joiners, U+FEFF);
 *   - no '=' (it ends the name in a hand entry);
 *   - no leading '-' (it would read as an option);
 *   - no space (any Unicode space separator) at either end.
 * On success returns ST_OK and, when nfc is not NULL, sets *nfc to the NFC
 * form (heap; the caller frees it).  On failure returns ST_USAGE with d set
 * (the message shows the name with invisible characters written as <U+XXXX>
 * and a long name cut, saying how long it was); *nfc is left NULL.
 */
enum status names_check(const char *name, char **nfc, struct diag *d);

/* The longest night name and pad title (bytes): what a sheet, a list and
 * a CSV cell still show whole. */
#define NAMES_NIGHT_MAX_BYTES 200
#define NAMES_TITLE_MAX_BYTES 40
/* The longest note on a game or a night (`tally note`), in bytes: a few
 * lines on a pad's or a report's subtitle. */
#define NAMES_NOTE_MAX_BYTES 300

/*
 * Check a label a person types that is not a player name: a night's name
 * (`night start`, `import`), a pad's title, a note (`tally note`).  The rules of names_check but
 * '=' and a leading '-' (a label is never a word of a hand entry), with
 * max_bytes for the length and `what` ("night name") naming it in the
 * message.  Returns ST_OK and, when nfc is not NULL, the NFC form in *nfc
 * (heap; the caller frees it); else ST_USAGE with d set and *nfc NULL.
 */
enum status names_text_check(const char *what, const char *text, size_t max_bytes, char **nfc,
    struct diag *d);

/* The NFC form of s (heap; the caller frees it), or NULL when s is not
 * valid UTF-8. */
char *names_nfc(const char *s);

/* The folded key of s: NFC(casefold(s)), full case folding (heap; the
 * caller frees it), or NULL when s is not valid UTF-8.  Two names are the
 * same player exactly when their keys are equal byte for byte. */
char *names_fold(const char *s);

/* The loose key of name s: folded as names_fold() and with its accents
 * and other combining marks taken off ("Zoë" and "ZOE" share one), for
 * spotting the same person written two ways (an import's new names).
 * Heap, or NULL when s is not valid UTF-8. */
char *names_loose(const char *s);

/* The length in bytes of the character at s if it is a space of any kind
 * (Unicode class Zs, tab, the line and paragraph separators, NEL), else 0:
 * for writers whose readers split at spaces (the hledger journal). */
int names_space_at(const char *s);

/* 1 when a and b are the same name (equal folded keys), else 0.  Invalid
 * UTF-8 compares byte for byte. */
int names_eq(const char *a, const char *b);

/* 1 when prefix, folded, is a prefix of name, folded (an empty prefix is a
 * prefix of every name), else 0. */
int names_prefix(const char *prefix, const char *name);

/* A copy of s fit for an error message (heap; the caller frees it): control
 * and format characters written as <U+XXXX>, invalid bytes as <XX>, and
 * anything past max_bytes cut, ending in "... (N bytes)". */
char *names_display(const char *s, size_t max_bytes);

/* Display width of a UTF-8 string in terminal columns, by utf8proc's
 * utf8proc_charwidth (CJK and fullwidth 2, combining marks 0, so "प्रिया"
 * is 3); a byte that is not valid UTF-8 counts 1. */
int utf8_width(const char *s);

/* s cut to at most width columns at a grapheme cluster boundary (never
 * inside a letter and its marks), then padded with spaces to exactly
 * width columns when it fits in fewer.  Returns a new string the caller
 * frees; never NULL (exits 70 when out of memory). */
char *utf8_fit(const char *s, int width);

#endif
