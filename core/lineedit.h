/* SPDX-License-Identifier: ISC */
/*
 * lineedit.h: reading lines for table mode.  The only module that includes
 * libedit's headers.
 *
 * On a terminal it edits with libedit (history kept in a capped file,
 * completion through a callback, UTF-8 with setlocale done by main); without
 * one it reads plain lines from stdin with no prompts, so a whole night can
 * be piped in.
 */
#ifndef TALLY_LINEEDIT_H
#define TALLY_LINEEDIT_H

#include <stdio.h>

enum lineedit_result {
	LE_LINE,      /* a line was read */
	LE_EOF,       /* Ctrl-D or end of input */
	LE_INTERRUPT  /* Ctrl-C: abandon what is being entered */
};

/*
 * The completion callback: the word being completed and the whole line so
 * far; returns a NULL-terminated heap array of heap strings (the candidates
 * starting with word), or NULL.  lineedit frees what it returns.  When
 * every candidate ends in '=' or '.' (a name or key whose value follows),
 * completing one adds no space after it.
 */
typedef char **(*lineedit_complete_fn)(const char *word, const char *line, void *ctx);

struct lineedit;

/* Start reading.  interactive: stdin is a terminal.  history: a file to
 * load and save (may be NULL), capped at max_history lines.  Free with
 * lineedit_close(), which saves the history. */
struct lineedit *lineedit_open(int interactive, const char *history, int max_history,
    lineedit_complete_fn complete, void *ctx);
void lineedit_close(struct lineedit *le);

/* Set (or change) the completion callback and its context. */
void lineedit_set_completion(struct lineedit *le, lineedit_complete_fn complete, void *ctx);

/* Read plain lines from in (not a terminal: no prompts, no history, no
 * completion), as a script or a fuzzer feeds table mode.  in stays the
 * caller's; free with lineedit_close(). */
struct lineedit *lineedit_open_stream(FILE *in);

/* Read one line (without its newline) into *line (heap, caller frees).
 * prompt is shown only on a terminal; one too wide for it (a guided
 * question on a phone's) goes on lines broken between words, each after
 * the first begun with the prompt's leading blanks, the last leaving 8
 * columns for the answer; never at a FIT_GLUE (core/fit.h), shown as a
 * space.  prefill, when not NULL, is an answer to
 * correct: the Up arrow recalls it for editing. */
enum lineedit_result lineedit_read(struct lineedit *le, const char *prompt,
    const char *prefill, char **line);

/* Remember a line in the history (terminal only). */
/* While a command runs between two reads of a terminal, Ctrl-C calls
 * fn(ctx) from the signal handler (so fn may only do what a signal handler
 * may: sqlite3_interrupt), instead of ending tally.  NULL: none. */
void lineedit_on_break(void (*fn)(void *), void *ctx);
void lineedit_remember(struct lineedit *le, const char *line);

/* 1 when reading from a terminal. */
int lineedit_interactive(const struct lineedit *le);

#endif
