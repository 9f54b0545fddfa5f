/* SPDX-License-Identifier: ISC */
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
 * was.  A target that exists and is not a regular file (a pipe, /dev/full)
 * is written in place: there is nothing to rename, but a write error is
 * still reported, except that of a pipe whose reader went away (EPIPE:
 * `-o - | head` read what it wanted).  "-", /dev/stdout, /dev/stderr, /dev/fd/N and
 * /proc/self/fd/N are written through the descriptor the shell opened
 * (so `-o /dev/stdout >> log` appends to log), never reopened or renamed
 * over.
 *
 * What is never written: the database this process has open and its side
 * files (afile_protect), compared by name and by device and inode (73);
 * through a symbolic link another user left in a sticky directory anyone
 * may write to (73).  The temporary is made with O_EXCL and O_NOFOLLOW, and
 * stale temporaries of ours (older than an hour: a killed tally's) beside
 * the target are removed.
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

/* The same, saying whether a symbolic link at path is followed (the file
 * it names is replaced: afile_open's way) or not (the link itself is
 * replaced: the copy kept before an upgrade, whose name anyone who can
 * write the directory could have taken). */
enum afile_how { AFILE_FOLLOW, AFILE_NOFOLLOW };
enum status afile_open_how(struct afile *a, const char *path, int how, struct diag *d);

/* Never write path or its -wal, -shm and -journal (the open database):
 * afile_open refuses them from now on, for the life of the process. */
void afile_protect(const char *path);

/* Whether path names standard output ("-", /dev/stdout, /dev/fd/1 ...):
 * a command that says what it wrote says it on stderr then. */
int afile_is_stdout(const char *path);

/*
 * Finish: flush, fsync, close, rename into place.  Returns ST_OK, or
 * ST_CANTCREAT with d set (disk full, I/O error); the target is then
 * untouched and the temporary file gone.  *a is released either way.
 */
enum status afile_commit(struct afile *a, struct diag *d);

/* Give up: remove the temporary file, keep the target.  *a is released;
 * calling it on a released or zeroed afile does nothing. */
void afile_abort(struct afile *a);

/* Remove the stale temporaries of ours (".NAME.tmp-XXXXXX", older than an
 * hour: a killed tally's) in the directory of path, as afile_open does
 * beside its target.  For other temporaries tally makes under that
 * pattern (a font cut for a sheet). */
void afile_prune(const char *path);

#endif
