/* SPDX-License-Identifier: ISC */
/* afile.c: write a file whole or not at all (see afile.h). */
#define _GNU_SOURCE
#include "afile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* A temporary of ours older than this was left by a tally that was killed
 * (a sheet takes milliseconds, an export of a decade seconds): the next
 * write into that directory removes it, as git's gc prunes old temporaries. */
#define AFILE_STALE_SECONDS 3600

/* The files no output may replace: the open database and its side files. */
static char *protected_files[4];
static int nprotected;

static void
release(struct afile *a)
{
	free(a->path);
	free(a->tmp);
	a->path = a->tmp = NULL;
	a->f = NULL;
}

/* path made absolute with its directory's symbolic links resolved (the
 * last part kept as it is), or NULL when the directory does not exist. */
static char *
canonical(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	char *real = realpath(dir, NULL), *out = NULL;
	if (real)
		out = xasprintf("%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/", slash ? slash + 1 : path);
	free(real);
	free(dir);
	return out;
}

void
afile_protect(const char *path)
{
	char *c = canonical(path);
	if (c == NULL)
		return;
	for (int i = 0; i < nprotected; i++)
		if (strcmp(protected_files[i], c) == 0) {
			free(c);
			return;
		}
	if (nprotected < (int)ARRAY_LEN(protected_files))
		protected_files[nprotected++] = c;
	else
		free(c);
}

/* Is the file at path (canonical, followed) the database or one of its
 * side files, by name or by device and inode? */
static const char *
protected_by(const char *canon, const struct stat *target, int exists)
{
	static const char *const side[] = { "", "-wal", "-shm", "-journal" };
	for (int i = 0; i < nprotected; i++)
		for (size_t k = 0; k < ARRAY_LEN(side); k++) {
			char *name = xasprintf("%s%s", protected_files[i], side[k]);
			struct stat sb;
			int same = strcmp(name, canon) == 0 ||
			    (exists && stat(name, &sb) == 0 && sb.st_dev == target->st_dev && sb.st_ino == target->st_ino);
			free(name);
			if (same)
				return protected_files[i];
		}
	return NULL;
}

/* Another user's symbolic link in a sticky directory anyone may write to
 * (/tmp, a shared folder): following it would let them aim our output at
 * a file of ours, so it is never followed (the kernel's protected_symlinks
 * rule: the link's owner must be us or the directory's). */
static int
foreign_link(const char *path, const struct stat *link)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	struct stat ds;
	int foreign = stat(dir, &ds) == 0 && (ds.st_mode & S_ISVTX) && (ds.st_mode & S_IWOTH) &&
	    link->st_uid != geteuid() && link->st_uid != ds.st_uid;
	free(dir);
	return foreign;
}

/* The descriptor a /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N
 * names, or -1: such an output is written through the descriptor the shell
 * opened (appending where it appends), never opened again (which would
 * truncate) nor renamed over. */
static int
named_descriptor(const char *path)
{
	long n;
	char *end;
	if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		path += 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		path += 14;
	else
		return -1;
	errno = 0;
	n = strtol(path, &end, 10);
	return *path && *end == '\0' && errno == 0 && n >= 0 && n < INT_MAX ? (int)n : -1;
}

int
afile_is_stdout(const char *path)
{
	return path && named_descriptor(path) == 1;
}

/* Remove the temporaries of ours in dir older than AFILE_STALE_SECONDS:
 * ".NAME.tmp-XXXXXX" (and its SQLite side files), regular files that are
 * ours. */
static void
prune_stale(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	DIR *dp = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);
	while (dp && (e = readdir(dp)) != NULL) {
		size_t len = strlen(e->d_name);
		/* and the side files SQLite made beside a temporary that was a
		 * database (the upgrade's copy): "-journal", "-wal", "-shm" */
		static const char *const sides[] = { "-journal", "-wal", "-shm" };
		for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
			size_t k = strlen(sides[i]);
			if (len > k && strcmp(e->d_name + len - k, sides[i]) == 0) {
				len -= k;
				break;
			}
		}
		const char *tail = len > 12 ? e->d_name + len - 11 : NULL;
		if (e->d_name[0] != '.' || tail == NULL || strncmp(tail, ".tmp-", 5) != 0)
			continue;
		struct stat sb;
		if (fstatat(dirfd(dp), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode) &&
		    sb.st_uid == geteuid() && now - sb.st_mtime > AFILE_STALE_SECONDS)
			(void)unlinkat(dirfd(dp), e->d_name, 0);
	}
	if (dp)
		closedir(dp);
	free(dir);
}

void
afile_prune(const char *path)
{
	prune_stale(path);
}

/* The file a link at path names that does not exist yet (realpath
 * fails), relative to the link's directory: the file the output creates.
 * Heap, or NULL. */
static char *
dangling_target(const char *path)
{
	char buf[PATH_MAX];
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	const char *slash = strrchr(path, '/');
	if (buf[0] == '/' || slash == NULL)
		return xstrdup(buf);
	return xasprintf("%.*s/%s", (int)(slash - path), path, buf);
}

/* "cannot VERB PATH: WHY" (73), with *a released. */
static enum status
refuse(struct afile *a, struct diag *d, const char *path, const char *verb, const char *why)
{
	enum status r = diag_set(d, ST_CANTCREAT, NULL, path, "output", "cannot %s %s: %s", verb, path, why);
	release(a);
	return r;
}

enum status
afile_open_how(struct afile *a, const char *path, int how, struct diag *d)
{
	struct stat sb;
	memset(a, 0, sizeof *a);
	if (path == NULL || *path == '\0')
		return diag_set(d, ST_CANTCREAT, NULL, "", "output", "cannot create a file with an empty name");
	a->path = xstrdup(path);
	int fd = named_descriptor(path);
	if (fd >= 0) {
		int dupfd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		if (dupfd < 0 || (a->f = fdopen(dupfd, "wb")) == NULL) {
			if (dupfd >= 0)
				close(dupfd);
			return refuse(a, d, path, "write", strerror(errno));
		}
		return ST_OK;
	}
	/* a symbolic link is followed (the file it names is replaced), but
	 * never one another user left in a shared sticky directory, and
	 * never for AFILE_NOFOLLOW (the link itself is replaced) */
	if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
		if (foreign_link(path, &sb))
			return refuse(a, d, path, "create", "it is a symbolic link another user left in a"
			    " shared directory; remove it or write elsewhere");
		char *real = how == AFILE_NOFOLLOW ? NULL : realpath(path, NULL);
		if (real == NULL && how != AFILE_NOFOLLOW)
			real = dangling_target(path);
		if (real) {
			free(a->path);
			a->path = real;
		}
	}
	int exists = (how == AFILE_NOFOLLOW ? lstat(a->path, &sb) : stat(a->path, &sb)) == 0;
	char *canon = canonical(a->path);
	const char *db = canon ? protected_by(canon, &sb, exists) : NULL;
	free(canon);
	if (db) {
		char *why = xasprintf("it is %s, the database this command has open", db);
		enum status r = refuse(a, d, path, "write", why);
		free(why);
		return r;
	}
	if (exists && S_ISDIR(sb.st_mode))
		return refuse(a, d, path, "create", "it is a directory");
	if (exists && !S_ISREG(sb.st_mode) && !S_ISLNK(sb.st_mode)) {
		/* a device or a pipe: nothing to rename */
		if ((a->f = fopen(a->path, "wb")) == NULL)
			return refuse(a, d, path, "create", strerror(errno));
		return ST_OK;
	}
	prune_stale(a->path);
	const char *slash = strrchr(a->path, '/');
	if (slash)
		a->tmp = xasprintf("%.*s/.%s.tmp-XXXXXX", (int)(slash - a->path), a->path, slash + 1);
	else
		a->tmp = xasprintf(".%s.tmp-XXXXXX", a->path);
	/* O_EXCL (mkostemp's): a name someone made first, a link included,
	 * is never opened */
	fd = mkostemp(a->tmp, O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return refuse(a, d, path, "create", strerror(errno));
	/* the mode a plain fopen would give, or the old file's */
	mode_t mode;
	if (exists && S_ISREG(sb.st_mode))
		mode = sb.st_mode & 07777;
	else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	(void)fchmod(fd, mode);
	if ((a->f = fdopen(fd, "wb")) == NULL) {
		int err = errno;
		close(fd);
		unlink(a->tmp);
		return refuse(a, d, path, "create", strerror(err));
	}
	return ST_OK;
}

enum status
afile_open(struct afile *a, const char *path, struct diag *d)
{
	return afile_open_how(a, path, AFILE_FOLLOW, d);
}

void
afile_abort(struct afile *a)
{
	if (a->f)
		fclose(a->f);
	if (a->tmp)
		unlink(a->tmp);
	release(a);
}

/* fsync the directory that holds path, so the rename itself is kept. */
static void
sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(dir);
}

enum status
afile_commit(struct afile *a, struct diag *d)
{
	int err = 0;
	if (fflush(a->f) != 0 || ferror(a->f))
		err = errno ? errno : EIO;
	/* devices and pipes cannot be synced (EINVAL, EROFS); files must be */
	if (!err && fsync(fileno(a->f)) != 0 && (a->tmp || (errno != EINVAL && errno != EROFS)))
		err = errno;
	if (fclose(a->f) != 0 && !err)
		err = errno ? errno : EIO;
	a->f = NULL;
	if (!err && a->tmp && rename(a->tmp, a->path) != 0)
		err = errno;
	/* a pipe (-o - | head) whose reader went away chose to read no more,
	 * as SIGPIPE would end a Unix tool quietly: no error */
	if (err == EPIPE && a->tmp == NULL)
		err = 0;
	if (err) {
		enum status r = diag_set(d, ST_CANTCREAT, NULL, a->path, "output",
		    "cannot write %s: %s%s", a->path, strerror(err),
		    a->tmp ? "; the old file, if any, is unchanged" : "");
		afile_abort(a);
		return r;
	}
	if (a->tmp)
		sync_dir(a->path);
	release(a);
	return ST_OK;
}
