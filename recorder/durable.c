/* durable: files written whole. */
#include "durable.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../grammar/xalloc.h"

int durable_write_all(int fd, const char *text, size_t len)
{
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno != EINTR)
			return -1;
		if (w == 0) {	/* a device that takes nothing would loop forever */
			errno = EIO;
			return -1;
		}
		if (w > 0)
			done += (size_t)w;
	}
	return 0;
}

/* The process's umask, which reading it sets: set back at once. */
static mode_t current_umask(void)
{
	mode_t m = umask(022);
	umask(m);
	return m;
}

int durable_sync_dir(const char *path)
{
	char *copy = xstrdup(path);
	int dfd = open(dirname(copy), O_RDONLY | O_CLOEXEC);
	int rc = dfd >= 0 && fsync(dfd) == 0 ? 0 : -1;
	int e = errno;
	if (dfd >= 0)
		close(dfd);
	free(copy);
	errno = e;
	return rc;
}

/* Whether path may be replaced by a new file: writable by us, a regular
 * file and its only name; why not into why. */
static int replaceable(const char *path, const struct stat *st, char *why, size_t size)
{
	if ((st->st_mode & 0222) == 0)
		snprintf(why, size, "'%s' is read-only; not rewritten", path);
	else if (!S_ISREG(st->st_mode))
		snprintf(why, size, "'%s' is not a regular file; not rewritten", path);
	else if (access(path, W_OK) < 0)
		snprintf(why, size, "'%s' is not writable; not rewritten", path);
	else if (st->st_nlink > 1)
		snprintf(why, size, "'%s' has %lu hard links; not rewritten (print with umpire fmt instead)", path,
			 (unsigned long)st->st_nlink);
	else
		return 0;
	return -1;
}

int durable_replace(const char *path, const char *tag, const char *text, size_t len, char *why, size_t size)
{
	char *real = realpath(path, NULL);
	struct stat st;
	if (!real || stat(real, &st) < 0) {
		snprintf(why, size, "cannot rewrite '%s': %s", path, strerror(errno));
		free(real);
		return -1;
	}
	int rc = replaceable(path, &st, why, size);
	size_t n = strlen(real) + strlen(tag) + 16;
	char *tmp = xmalloc(n);
	snprintf(tmp, n, "%s.%s-XXXXXX", real, tag);
	int fd = rc < 0 ? -1 : mkstemp(tmp);
	if (fd >= 0)
		(void)flock(fd, LOCK_EX);	/* a writer at work: durable_sweep leaves it */
	if (rc == 0 && fd < 0) {
		snprintf(why, size, "cannot create a temporary file beside '%s': %s", path, strerror(errno));
		rc = -1;
	}
	if (fd >= 0) {
		if (durable_write_all(fd, text, len) < 0 || fchmod(fd, st.st_mode & 07777) < 0 || fsync(fd) < 0)
			rc = -1;
		if (fchown(fd, st.st_uid, st.st_gid) < 0 && errno != EPERM)
			rc = -1;
		if (close(fd) < 0)
			rc = -1;
		if (rc == 0 && rename(tmp, real) < 0)
			rc = -1;
		if (rc < 0) {
			snprintf(why, size, "cannot rewrite '%s': %s", path, strerror(errno));
			unlink(tmp);
		} else if (durable_sync_dir(real) < 0) {
			snprintf(why, size, "'%s' was rewritten, but its directory could not be synced: %s", path,
				 strerror(errno));
			rc = -1;
		}
	}
	free(tmp);
	free(real);
	return rc;
}

int durable_sync_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc = fd >= 0 && fsync(fd) == 0 ? 0 : -1;
	int e = errno;
	if (fd >= 0)
		close(fd);
	errno = e;
	return rc;
}

int durable_name_new(const char *tmp, const char *path)
{
	if (link(tmp, path) == 0)
		return 0;	/* the caller removes tmp */
	if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP)
		return -1;
	if (access(path, F_OK) == 0) {
		errno = EEXIST;
		return -1;
	}
	return rename(tmp, path);
}

int durable_create(const char *path, const char *tag, const char *text, size_t len, char *why, size_t size)
{
	size_t n = strlen(path) + strlen(tag) + 16;
	char *tmp = xmalloc(n);
	snprintf(tmp, n, "%s.%s-XXXXXX", path, tag);
	int fd = mkstemp(tmp);
	int rc = fd < 0 ? -1 : 0;
	if (fd >= 0)
		(void)flock(fd, LOCK_EX);	/* a writer at work: durable_sweep leaves it */
	if (fd >= 0) {
		if (fchmod(fd, 0644 & ~current_umask()) < 0 || durable_write_all(fd, text, len) < 0 || fsync(fd) < 0)
			rc = -1;
		if (close(fd) < 0)
			rc = -1;
		if (rc == 0 && durable_name_new(tmp, path) < 0)
			rc = -1;
	}
	int e = errno;
	if (fd >= 0)
		unlink(tmp);	/* named path by now, or a copy that failed */
	if (rc < 0)
		snprintf(why, size, e == EEXIST ? "%s exists; not overwritten" : "cannot make %s: %s", path, strerror(e));
	else if (durable_sync_dir(path) < 0)
		rc = 0;	/* the file is whole; only its name might not survive a crash */
	free(tmp);
	return rc;
}

/* A temporary younger than this may be one a writer has just made and not
 * yet locked. */
enum { SWEEP_MIN_AGE = 2 };

/* Whether name is base.tag-XXXXXX, six letters or digits (mkstemp's). */
static bool is_temporary_of(const char *name, const char *base, const char *tag)
{
	size_t nb = strlen(base), nt = strlen(tag);
	if (strlen(name) != nb + 1 + nt + 1 + 6 || strncmp(name, base, nb) != 0 || name[nb] != '.' ||
	    strncmp(name + nb + 1, tag, nt) != 0 || name[nb + 1 + nt] != '-')
		return false;
	for (const char *p = name + nb + nt + 2; *p; p++)
		if (!isalnum((unsigned char)*p))
			return false;
	return true;
}

/* Removes the file at path when it is a regular file, old enough and no
 * writer holds it locked; whether it did. */
static bool remove_if_abandoned(const char *path)
{
	struct stat st;
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || st.st_mtime > time(NULL) - SWEEP_MIN_AGE)
		return false;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool removed = flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(path) == 0;
	close(fd);
	return removed;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int durable_sweep(const char *path, const char *tag, void (*said)(const char *removed, void *arg), void *arg)
{
	char *dcopy = xstrdup(path), *bcopy = xstrdup(path);
	const char *dir = dirname(dcopy), *base = basename(bcopy);
	DIR *d = opendir(dir);
	if (!d) {
		int e = errno;
		free(dcopy);
		free(bcopy);
		errno = e;
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (!is_temporary_of(e->d_name, base, tag))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 8;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n > 1)	/* names is NULL when none matched */
		qsort(names, n, sizeof *names, by_name);
	int removed = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]) + 2;
		char *full = xmalloc(len);
		if (strchr(path, '/'))
			snprintf(full, len, "%s/%s", dir, names[i]);
		else	/* beside a log named without a folder: named so too */
			snprintf(full, len, "%s", names[i]);
		if (remove_if_abandoned(full)) {
			removed++;
			said(full, arg);
		}
		free(full);
		free(names[i]);
	}
	free(names);
	free(dcopy);
	free(bcopy);
	return removed;
}
