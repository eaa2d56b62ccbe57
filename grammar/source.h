/* source: the text of a battle file and of every file it includes.
 *
 * A struct sources holds each file once, split into lines, with the place
 * that included it, so that a diagnostic can name the chain of includes.
 * A leading UTF-8 BOM is dropped and a CR before each LF is not part of its
 * line; the bytes are otherwise kept as read (validation is the lexer's). */
#ifndef UMPIRE_SOURCE_H
#define UMPIRE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

/* A span of text: file index, 1-based line, 1-based column and length in
 * characters (code points).  file < 0 means "no position". */
struct loc {
	int file;
	int line;
	int col;
	int len;
};

/* A place within a statement's line: its column and length, as a loc's.
 * The statement gives the file and line (stmt_place); nodes of an event
 * keep these, half a loc.  col 0: no place. */
struct span {
	int col;
	int len;
};

struct source {
	char *path;		/* as opened (relative paths joined to the includer's dir) */
	char *text;		/* the file's bytes, BOM removed, NUL-terminated */
	size_t len;
	size_t *line_start;	/* byte offset of each line */
	size_t *line_len;	/* bytes of each line, without CR/LF */
	int n_lines;
	int cap_lines;		/* room in line_start and line_len */
	size_t cap_text;	/* room in text, its NUL with it */
	struct loc included_at;	/* the include statement; file < 0 for the top file */
	char *real;		/* its resolved path (includes), or NULL */
};

/* The most a battle reads, its includes with it. */
enum { SOURCES_MAX_BYTES = 256 << 20 };	/* a campaign archive of a million events is some 120 MiB */

struct sources {
	struct source *v;
	int n, cap;
	int *slots;		/* the files read by resolved path: source.c */
	int n_slots, n_real;
};

void sources_init(struct sources *s);
void sources_release(struct sources *s);

/* Reads path into the set.  Returns its index, or -1 with a message in
 * *err (caller frees) when the file cannot be read. */
int sources_load(struct sources *s, const char *path, struct loc included_at, char **err);
/* Reads an included file into the set, as load does, after checking it is
 * one a battle may include: a regular file (not a directory, a FIFO or a
 * device: those would hang or make no sense) inside root (the battle's
 * folder) or extra_root (the one the user named), symbolic links resolved;
 * with both NULL nothing is included; not read
 * before (each file is read once, so includes cannot multiply); text that
 * could be notation (no NUL byte, UTF-8); and within the bytes left of the
 * budget *left, which it lowers.  Returns the index, or -1 with a message
 * in *err (caller frees). */
int sources_load_include(struct sources *s, const char *path, const char *root, const char *extra_root,
			 size_t *left, struct loc included_at, char **err);

/* The folder a top-level file's includes stay in: its directory as the
 * path names it (a link's, not its target's), resolved (caller frees), or
 * NULL when it cannot be resolved. */
char *source_root(const char *path);

/* Adds text held in memory (tests, stdin) under a display name. */
int sources_add_text(struct sources *s, const char *name, const char *text, size_t len,
		     struct loc included_at);

/* Appends text (len bytes, no newline) as a new last line of file: the
 * recorder's typed line, numbered and quoted like the file's own.  Returns
 * its line number. */
int sources_add_line(struct sources *s, int file, const char *text, size_t len);
/* Drops the lines of file past its first n_lines (what sources_add_line
 * added and the recorder then discarded). */
void sources_cut_lines(struct sources *s, int file, int n_lines);

/* The bytes of line (1-based) of file, and their length; NULL past the end. */
const char *sources_line(const struct sources *s, int file, int line, size_t *len);

/* The 1-based column of byte offset off in a line (code points before it + 1). */
int source_col(const char *line, size_t off);
/* The byte offset of 1-based column col in a line of len bytes. */
size_t source_off(const char *line, size_t len, int col);

/* path joined to the directory of base ("a/b.battle" + "oob/x" = "a/oob/x");
 * absolute paths are returned as they are.  The caller frees the result. */
char *source_join(const char *base, const char *path);

/* Whether s (len bytes, valid UTF-8) starts with a bidirectional embedding,
 * override or isolate control (U+202A-202E, U+2066-2069): the lexer refuses
 * them, and an excerpt draws them as U+FFFD. */
bool source_bidi_control(const char *s, size_t len);

#endif
