/* durable: writing files so that a crash leaves them whole: every byte
 * written, flushed to disk, a file replaced by a rename of a flushed copy.
 * fmt --write and the recorder share it.  Nothing is printed: a failure
 * says why in the caller's buffer. */
#ifndef UMPIRE_DURABLE_H
#define UMPIRE_DURABLE_H

#include <stddef.h>

/* Writes all of text to fd, again after a signal or a short write; 0, or
 * -1 with errno. */
int durable_write_all(int fd, const char *text, size_t len);

/* Flushes the directory holding path, so that a rename or a new file in
 * it is on disk; 0, or -1 with errno. */
int durable_sync_dir(const char *path);

/* Replaces the file path names (through a symbolic link, its target) with
 * text: a temporary file beside it ("PATH.TAG-XXXXXX"), with its mode and,
 * where allowed, its owner, flushed, renamed over it, the directory
 * flushed.  A file that is read-only, not a regular file or has other hard
 * links (a rename would split them) is left alone.  0, or -1 with the
 * message (naming path) in why; when only the directory's flush failed the
 * file is already replaced and why says so. */
int durable_replace(const char *path, const char *tag, const char *text, size_t len, char *why, size_t size);

/* Flushes the file at path to disk; 0, or -1 with errno. */
int durable_sync_file(const char *path);

/* Gives the flushed file tmp the name path, never over a file that is
 * there: a hard link (the caller removes tmp), or where the file system
 * has none a rename after a look.  0, or -1 with errno (EEXIST: path is
 * there). */
int durable_name_new(const char *tmp, const char *path);

/* Makes the new file path holding text, whole or not at all: written to a
 * temporary file beside it ("PATH.TAG-XXXXXX", mode 0644 less the umask),
 * flushed, then named path (never over a file that is there) and the
 * directory flushed.  A kill or a full disk leaves no file at path: at
 * most, when killed, the temporary one.  0, or -1 with the message (naming
 * path) in why. */
int durable_create(const char *path, const char *tag, const char *text, size_t len, char *why, size_t size);

/* Removes the temporary files that writers of path killed before they
 * finished left beside it: "PATH.TAG-XXXXXX" (six letters or digits, as
 * durable_replace and durable_create make them; PATH's own name, in its
 * directory), regular files that no writer holds locked (both lock theirs
 * as soon as they make them) and that are older than a few seconds (not
 * one a writer has just made and not yet locked).  Such a file is only the
 * copy of a write that never finished, or a second name of the file it
 * made; the file at path is whole.  said is called with each path removed,
 * in the order of the names.  Returns how many were removed, or -1 with
 * errno when the directory cannot be read. */
int durable_sweep(const char *path, const char *tag, void (*said)(const char *removed, void *arg), void *arg);

#endif
