/*
 * afile.h: every file tally writes (score sheets, night reports, exports,
 * the copy taken before a schema upgrade) is written through here, so that
 * a failure never leaves a cut-off or empty file where a good one was.
 *
 * afile_open() creates a temporary file beside the target (same directory,
 * hence the same filesystem); the caller writes to a->f or, for SQLite,
 * to the file named a->tmp; afile_commit() flushes, fsyncs, renames it over
 * the target and fsyncs the directory.  On any failure, and on
 * afile_abort(), the temporary file is removed and the target is left as it
 * was.  A target that exists and is not a regular file (/dev/stdout, a
 * pipe, /dev/full) is written in place: there is nothing to rename, but a
 * write error is still reported.
 */
#ifndef TALLY_AFILE_H
#define TALLY_AFILE_H

#include <stdio.h>

#include "diag.h"

struct afile {
	char *path;   /* the target, as given */
	char *tmp;    /* the temporary file (NULL when written in place) */
	FILE *f;      /* open for writing ("wb") */
};

/*
 * Start writing path.  *a is filled (it need not be zeroed first); d may
 * be NULL when the caller has no use for the reason.
 * Returns ST_OK, or ST_CANTCREAT with d saying why (no such directory,
 * permission, read-only filesystem); nothing is left behind then.
 */
enum status afile_open(struct afile *a, const char *path, struct diag *d);

/*
 * Finish: flush, fsync, close, rename into place.  Returns ST_OK, or
 * ST_CANTCREAT with d set (disk full, I/O error); the target is then
 * untouched and the temporary file gone.  *a is released either way.
 */
enum status afile_commit(struct afile *a, struct diag *d);

/* Give up: remove the temporary file, keep the target.  *a is released;
 * calling it on a released or zeroed afile does nothing. */
void afile_abort(struct afile *a);

#endif
