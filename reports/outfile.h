/* outfile: files umpire writes into an output folder (the plots, the
 * site's pages), written so that nothing planted there can redirect them.
 *
 * A folder the reports write into may hold what someone else put there:
 * a symbolic link named like a page or an image, pointing at a file
 * outside.  Opening the name would write through the link.  So every file
 * is written into a new temporary file made beside it (mkstemp: a new
 * name, created, never followed) and renamed over its name: a rename
 * replaces a symbolic link itself, it does not follow it.  A symbolic link
 * found where a file should go is refused with a message naming it. */
#ifndef UMPIRE_OUTFILE_H
#define UMPIRE_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>

/* Writes the len bytes of text as the file path (a new file, or one that
 * replaces a regular file of that name), with the mode a new file gets
 * (0666 less the umask).  False with a message naming path in *err (the
 * caller frees) when path is a symbolic link or anything but a regular
 * file, or the file cannot be written; nothing is left behind then. */
bool outfile_write(const char *path, const char *text, size_t len, char **err);

/* Moves the file from over to (both in the same file system), refusing a
 * symbolic link or anything but a regular file at to, as outfile_write
 * does.  False with a message naming to in *err (the caller frees). */
bool outfile_move(const char *from, const char *to, char **err);

/* Makes the folder path unless it is one already; a symbolic link there
 * is refused (a folder umpire names itself must not lead elsewhere).
 * False with a message naming path in *err (the caller frees). */
bool outfile_folder(const char *path, char **err);

/* Removes the folder path and the files in it (a folder umpire made for
 * itself: no folder is in it).  Nothing is said when it cannot. */
void outfile_remove_folder(const char *path);

#endif
