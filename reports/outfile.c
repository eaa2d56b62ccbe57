/* outfile: output files that nothing planted can redirect. */
#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../grammar/buf.h"

/* A new message "what path: why" for *err. */
static bool fail(char **err, const char *what, const char *path, const char *why)
{
	struct buf m;
	buf_init(&m, 0);
	buf_printf(&m, "%s %s: %s", what, path, why);
	*err = buf_detach(&m);
	buf_release(&m);
	return false;
}

/* False with a message when path is there and is not a regular file (a
 * symbolic link above all, which lstat does not follow). */
static bool may_replace(const char *path, char **err)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? true : fail(err, "cannot write", path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return fail(err, "refusing to write", path, "it is a symbolic link, and umpire does not write through one");
	if (!S_ISREG(st.st_mode))
		return fail(err, "cannot write", path, "something other than a file is there");
	return true;
}

/* Writes all of text to fd; 0, or -1 with errno. */
static int write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t n = write(fd, text, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		text += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The mode a file created by open(..., 0666) would have. */
static mode_t new_file_mode(void)
{
	mode_t mask = umask(022);
	umask(mask);
	return 0666 & ~mask;
}

bool outfile_move(const char *from, const char *to, char **err)
{
	if (!may_replace(to, err))
		return false;
	if (rename(from, to) != 0)	/* replaces a link planted since, never follows it */
		return fail(err, "cannot write", to, strerror(errno));
	return true;
}

bool outfile_write(const char *path, const char *text, size_t len, char **err)
{
	if (!may_replace(path, err))
		return false;
	struct buf tmp;
	buf_init(&tmp, 0);
	buf_printf(&tmp, "%s.umpire-XXXXXX", path);
	int fd = mkstemp(tmp.text);
	bool ok = fd >= 0;
	if (!ok) {
		fail(err, "cannot write", path, strerror(errno));
	} else if (fchmod(fd, new_file_mode()) != 0 || write_all(fd, text, len) != 0) {
		ok = fail(err, "cannot write", path, strerror(errno));
		close(fd);
	} else if (close(fd) != 0) {
		ok = fail(err, "cannot write", path, strerror(errno));
	} else {
		ok = outfile_move(tmp.text, path, err);
	}
	if (!ok && fd >= 0)
		unlink(tmp.text);
	buf_release(&tmp);
	return ok;
}

bool outfile_folder(const char *path, char **err)
{
	struct stat st;
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return true;
		return fail(err, S_ISLNK(st.st_mode) ? "refusing to write into" : "cannot make the folder", path,
			    S_ISLNK(st.st_mode) ? "it is a symbolic link, and umpire does not write through one"
						: "something other than a folder is there");
	}
	if (mkdir(path, 0777) != 0)
		return fail(err, "cannot make the folder", path, strerror(errno));
	return true;
}

void outfile_remove_folder(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct buf file;
	buf_init(&file, 0);
	while (d && (e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		buf_clear(&file);
		buf_printf(&file, "%s/%s", path, e->d_name);
		unlink(file.text);
	}
	if (d)
		closedir(d);
	buf_release(&file);
	rmdir(path);
}
