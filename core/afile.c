/* afile.c: write a file whole or not at all (see afile.h). */
#define _GNU_SOURCE
#include "afile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static void
release(struct afile *a)
{
	free(a->path);
	free(a->tmp);
	a->path = a->tmp = NULL;
	a->f = NULL;
}

enum status
afile_open(struct afile *a, const char *path, struct diag *d)
{
	struct stat sb;
	memset(a, 0, sizeof *a);
	if (path == NULL || *path == '\0')
		return diag_set(d, ST_CANTCREAT, NULL, "", "output", "cannot create a file with an empty name");
	a->path = xstrdup(path);
	/* a symbolic link is followed: the file it names is replaced */
	char *real = NULL;
	if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && (real = realpath(path, NULL)) != NULL) {
		free(a->path);
		a->path = xstrdup(real);
		free(real);
	}
	int exists = stat(a->path, &sb) == 0;
	if (exists && !S_ISREG(sb.st_mode)) {
		if (S_ISDIR(sb.st_mode)) {
			enum status r = diag_set(d, ST_CANTCREAT, NULL, path, "output",
			    "cannot create %s: it is a directory", path);
			release(a);
			return r;
		}
		/* a device or a pipe: nothing to rename */
		if ((a->f = fopen(a->path, "wb")) == NULL) {
			enum status r = diag_set(d, ST_CANTCREAT, NULL, path, "output",
			    "cannot create %s: %s", path, strerror(errno));
			release(a);
			return r;
		}
		return ST_OK;
	}
	const char *slash = strrchr(a->path, '/');
	if (slash)
		a->tmp = xasprintf("%.*s/.%s.tmp-XXXXXX", (int)(slash - a->path), a->path, slash + 1);
	else
		a->tmp = xasprintf(".%s.tmp-XXXXXX", a->path);
	int fd = mkostemp(a->tmp, O_CLOEXEC);
	if (fd < 0) {
		enum status r = diag_set(d, ST_CANTCREAT, NULL, path, "output",
		    "cannot create %s: %s", path, strerror(errno));
		release(a);
		return r;
	}
	/* the mode a plain fopen would give, or the old file's */
	mode_t mode;
	if (exists)
		mode = sb.st_mode & 07777;
	else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	(void)fchmod(fd, mode);
	if ((a->f = fdopen(fd, "wb")) == NULL) {
		enum status r = diag_set(d, ST_CANTCREAT, NULL, path, "output",
		    "cannot create %s: %s", path, strerror(errno));
		close(fd);
		unlink(a->tmp);
		release(a);
		return r;
	}
	return ST_OK;
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
