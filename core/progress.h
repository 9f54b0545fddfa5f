/* SPDX-License-Identifier: ISC */
#ifndef TALLY_PROGRESS_H
#define TALLY_PROGRESS_H

/*
 * progress.h: a progress line on stderr for work that takes seconds on a
 * large file (import, export, check): "import: writing 4,200 of 11,685
 * games  36% [#######.............]".
 *
 * It is drawn only when stderr is a terminal whose TERM is not "dumb"
 * (clig.dev: progress for a person, nothing in a pipe or a log), at most
 * ten times a second, fitted to the terminal's width, and erased at the
 * end so that what the command prints after it starts on a clean line.
 * Nothing is drawn in the first half second, so quick work shows nothing.
 */

struct progress;

/*
 * Start a progress line for what ("import: writing") over total items
 * called unit ("games"; total <= 0: unknown, the count alone is shown).
 * Returns NULL when nothing is to be drawn (stderr not a terminal); every
 * other function takes NULL and does nothing with it.  The strings are
 * copied.  Free with progress_done().
 */
struct progress *progress_start(const char *what, const char *unit, long total);

/* n more items done.  Safe to call from several threads at once (the
 * count is atomic; one thread at a time draws). */
void progress_add(struct progress *p, long n);

/* Erase the line and free p. */
void progress_done(struct progress *p);

#endif
