/* durable: files written whole. */
#include "durable.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
