/* source: reading battle files and splitting them into lines. */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "xalloc.h"

enum { MAX_FILE_BYTES = SOURCES_MAX_BYTES };

void sources_init(struct sources *s)
{
	s->v = NULL;
	s->n = s->cap = 0;
	s->slots = NULL;
	s->n_slots = s->n_real = 0;
}

void sources_release(struct sources *s)
{
	for (int i = 0; i < s->n; i++) {
		free(s->v[i].path);
		free(s->v[i].text);
		free(s->v[i].line_start);
		free(s->v[i].line_len);
		free(s->v[i].real);
	}
	free(s->v);
	free(s->slots);
	sources_init(s);
}

/* Splits text into lines at LF; a CR right before the LF is dropped. */
static void split_lines(struct source *src)
{
	int cap = 64;
	src->line_start = xmalloc(cap * sizeof *src->line_start);
	src->line_len = xmalloc(cap * sizeof *src->line_len);
	src->n_lines = 0;
	size_t start = 0;
	while (start < src->len) {
		const char *nl = memchr(src->text + start, '\n', src->len - start);
		size_t end = nl ? (size_t)(nl - src->text) : src->len;
		size_t len = end - start;
		if (nl && len > 0 && src->text[end - 1] == '\r')
			len--;
		if (src->n_lines == cap) {
			cap *= 2;
			src->line_start = xrealloc(src->line_start, cap * sizeof *src->line_start);
			src->line_len = xrealloc(src->line_len, cap * sizeof *src->line_len);
		}
		src->line_start[src->n_lines] = start;
		src->line_len[src->n_lines] = len;
		src->n_lines++;
		start = nl ? end + 1 : src->len;
	}
	src->cap_lines = cap;
	src->cap_text = src->len + 1;
}

int sources_add_line(struct sources *s, int file, const char *text, size_t len)
{
	struct source *src = &s->v[file];
	if (src->n_lines == src->cap_lines) {
		src->cap_lines = src->cap_lines ? src->cap_lines * 2 : 64;
		src->line_start = xrealloc(src->line_start, (size_t)src->cap_lines * sizeof *src->line_start);
		src->line_len = xrealloc(src->line_len, (size_t)src->cap_lines * sizeof *src->line_len);
	}
	/* after the text, past a newline the file may lack: the text only
	 * feeds excerpts, its lines are found by line_start */
	size_t at = src->len + (src->len > 0 && src->text[src->len - 1] != '\n');
	if (at + len + 2 > src->cap_text) {
		src->cap_text = (at + len + 2) * 2;
		src->text = xrealloc(src->text, src->cap_text);
	}
	if (at > src->len)
		src->text[src->len] = '\n';
	memcpy(src->text + at, text, len);
	src->text[at + len] = '\n';
	src->text[at + len + 1] = '\0';
	src->len = at + len + 1;
	src->line_start[src->n_lines] = at;
	src->line_len[src->n_lines] = len;
	return ++src->n_lines;
}

void sources_cut_lines(struct sources *s, int file, int n_lines)
{
	struct source *src = &s->v[file];
	if (n_lines >= src->n_lines)
		return;
	src->len = n_lines > 0 ? src->line_start[n_lines] : 0;
	src->text[src->len] = '\0';
	src->n_lines = n_lines;
}

int sources_add_text(struct sources *s, const char *name, const char *text, size_t len,
		     struct loc included_at)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 4;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	struct source *src = &s->v[s->n];
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		text += 3;
		len -= 3;
	}
	src->path = xstrdup(name);
	src->text = xstrndup(text, len);
	src->len = len;
	src->included_at = included_at;
	src->real = NULL;
	split_lines(src);
	return s->n++;
}

/* Reads the open stream f (which it closes) into the set under path. */
static int load_stream(struct sources *s, FILE *f, const char *path, struct loc included_at, char **err)
{
	struct buf text;
	buf_init(&text, MAX_FILE_BYTES);
	char chunk[8192];
	size_t n;
	int too_big = 0;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		if (buf_add(&text, chunk, n) < 0) {
			too_big = 1;
			break;
		}
	int read_error = ferror(f) ? errno : 0;	/* EISDIR for a folder */
	fclose(f);
	if (too_big || read_error) {
		struct buf b;
		buf_init(&b, 0);
		if (too_big)
			buf_printf(&b, "'%s' is larger than %d MiB", path, MAX_FILE_BYTES >> 20);
		else
			buf_printf(&b, "cannot read '%s': %s", path, strerror(read_error));
		*err = buf_detach(&b);
		buf_release(&b);
		buf_release(&text);
		return -1;
	}
	int idx = sources_add_text(s, path, text.text, text.len, included_at);
	buf_release(&text);
	return idx;
}

int sources_load(struct sources *s, const char *path, struct loc included_at, char **err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		struct buf b;
		buf_init(&b, 0);
		buf_printf(&b, "cannot open '%s': %s", path, strerror(errno));
		*err = buf_detach(&b);
		buf_release(&b);
		return -1;
	}
	return load_stream(s, f, path, included_at, err);
}

/* A path as a message quotes it: past 160 bytes, its first 80 and last 60
 * around "...", cut at character boundaries, so that a long path cannot
 * push the reason off the end of a message. */
static void put_path(struct buf *m, const char *path)
{
	size_t len = strlen(path);
	if (len <= 160) {
		buf_puts(m, path);
		return;
	}
	size_t head = 80, tail = len - 60;
	while (head > 0 && ((unsigned char)path[head] & 0xC0) == 0x80)
		head--;
	while (tail < len && ((unsigned char)path[tail] & 0xC0) == 0x80)
		tail++;
	buf_add(m, path, head);
	buf_puts(m, "...");
	buf_puts(m, path + tail);
}

/* fmt has one %s for the path a, then at most one %s for b. */
static char *message(const char *fmt, const char *a, const char *b)
{
	struct buf m, shown;
	buf_init(&shown, 0);
	put_path(&shown, a);
	buf_init(&m, 0);
	buf_printf(&m, fmt, shown.text, b);
	buf_release(&shown);
	char *text = buf_detach(&m);
	buf_release(&m);
	return text;
}

char *source_root(const char *path)
{
	/* the folder the path names, not its target's: a battle reached through
	 * a link includes what lies beside the link */
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		slash[1] = '\0';	/* a file at the top of the tree */
	else
		*slash = '\0';
	char *real = realpath(dir, NULL);
	free(dir);
	return real;
}

/* Whether real is root or below it. */
static bool inside(const char *real, const char *root)
{
	size_t n = strlen(root);
	if (n == 1 && root[0] == '/')
		return true;
	return strncmp(real, root, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

/* Whether the bytes could be notation: no NUL, and UTF-8 (a BOM aside). */
static const char *not_text(const char *text, size_t len)
{
	if (memchr(text, '\0', len))
		return "it holds a NUL byte";
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];
		size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
		if (!n || i + n > len)
			return "it is not UTF-8 text";
		for (size_t k = 1; k < n; k++)
			if (((unsigned char)text[i + k] >> 6) != 2)
				return "it is not UTF-8 text";
		i += n;
	}
	return NULL;
}

/* The resolved paths of the files read, hashed (open addressing, index + 1
 * per slot, at most half full), so that "read once" costs the same for the
 * ten-thousandth include as for the first. */
static unsigned long hash_text(const char *t)
{
	unsigned long h = 2166136261u;	/* FNV-1a */
	for (; *t; t++)
		h = (h ^ (unsigned char)*t) * 16777619u;
	return h;
}

static int find_real(const struct sources *s, const char *real)
{
	if (!s->n_slots)
		return -1;
	for (unsigned long i = hash_text(real) & (unsigned long)(s->n_slots - 1);; i = (i + 1) & (unsigned long)(s->n_slots - 1)) {
		int at = s->slots[i] - 1;
		if (at < 0)
			return -1;
		if (strcmp(s->v[at].real, real) == 0)
			return at;
	}
}

static void put_slot(struct sources *s, int idx)
{
	unsigned long mask = (unsigned long)(s->n_slots - 1);
	unsigned long i = hash_text(s->v[idx].real) & mask;
	while (s->slots[i])
		i = (i + 1) & mask;
	s->slots[i] = idx + 1;
}

static void remember_real(struct sources *s, int idx)
{
	if (2 * (s->n_real + 1) > s->n_slots) {
		free(s->slots);
		s->n_slots = s->n_slots ? s->n_slots * 2 : 64;
		s->slots = xcalloc((size_t)s->n_slots, sizeof *s->slots);
		for (int i = 0; i < s->n; i++)
			if (s->v[i].real && i != idx)
				put_slot(s, i);
	}
	put_slot(s, idx);
	s->n_real++;
}

int sources_load_include(struct sources *s, const char *path, const char *root, const char *extra_root,
			 size_t *left, struct loc included_at, char **err)
{
	char *real = realpath(path, NULL);
	if (!real) {
		*err = message("cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	int rc = -1;
	struct stat st;
	int fd = -1;
	if (!(root && inside(real, root)) && !(extra_root && inside(real, extra_root))) {
		*err = message("'%s' is outside the battle's folder%s; an include stays in it "
			       "(--include-root DIR adds another)", path, "");
		goto out;
	}
	int seen = find_real(s, real);
	if (seen >= 0) {
		struct loc was = s->v[seen].included_at;
		char where[64];
		snprintf(where, sizeof where, ":%d", was.line);
		struct buf m;
		buf_init(&m, 0);
		buf_printf(&m, "'%s' is included already, at %s%s: a file is read once", path,
			   was.file >= 0 ? s->v[was.file].path : "?", where);
		*err = buf_detach(&m);
		buf_release(&m);
		goto out;
	}
	/* O_NONBLOCK: a FIFO that slipped past the check does not hang the open */
	fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		*err = message("cannot open '%s': %s", path, strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = message("'%s' %s", path, S_ISDIR(st.st_mode) ? "is a directory" : "is not a regular file");
		goto out;
	}
	if ((size_t)st.st_size > *left) {
		char limit[32];
		snprintf(limit, sizeof limit, "%d MiB", SOURCES_MAX_BYTES >> 20);
		*err = message("'%s' passes the %s a battle and its includes may hold", path, limit);
		goto out;
	}
	/* read what was checked, through the same descriptor: a file swapped
	 * for a FIFO meanwhile is not opened again */
	FILE *f = fcntl(fd, F_SETFL, 0) == 0 ? fdopen(fd, "rb") : NULL;
	if (!f) {
		*err = message("cannot open '%s': %s", path, strerror(errno));
		goto out;
	}
	fd = -1;	/* the stream owns it */
	rc = load_stream(s, f, real, included_at, err);
	if (rc < 0)
		goto out;
	free(s->v[rc].path);	/* shown as the include names it, joined to its includer */
	s->v[rc].path = xstrdup(path);
	/* read once and counted against the budget, whatever it holds: a
	 * binary file included a thousand times is read once */
	*left -= s->v[rc].len;
	s->v[rc].real = real;
	real = NULL;
	remember_real(s, rc);
	const char *why = not_text(s->v[rc].text, s->v[rc].len);
	if (why) {
		*err = message("'%s' is not a battle file: %s", path, why);
		s->v[rc].n_lines = 0;	/* nothing of it is read */
		rc = -1;
		goto out;
	}
out:
	if (fd >= 0)
		close(fd);
	free(real);
	return rc;
}

const char *sources_line(const struct sources *s, int file, int line, size_t *len)
{
	if (file < 0 || file >= s->n || line < 1 || line > s->v[file].n_lines)
		return NULL;
	const struct source *src = &s->v[file];
	*len = src->line_len[line - 1];
	return src->text + src->line_start[line - 1];
}

int source_col(const char *line, size_t off)
{
	int col = 1;
	for (size_t i = 0; i < off; i++)
		if (((unsigned char)line[i] & 0xC0) != 0x80)
			col++;
	return col;
}

size_t source_off(const char *line, size_t len, int col)
{
	size_t i = 0;
	for (int c = 1; c < col && i < len; c++) {
		i++;
		while (i < len && ((unsigned char)line[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}

char *source_join(const char *base, const char *path)
{
	const char *slash = strrchr(base, '/');
	if (path[0] == '/' || !slash)
		return xstrdup(path);
	size_t dir = (size_t)(slash - base) + 1;
	char *p = xmalloc(dir + strlen(path) + 1);
	memcpy(p, base, dir);
	strcpy(p + dir, path);
	return p;
}

bool source_bidi_control(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	return len >= 3 && u[0] == 0xE2 &&
	       ((u[1] == 0x80 && u[2] >= 0xAA && u[2] <= 0xAE) ||	/* U+202A-202E embeddings, overrides */
		(u[1] == 0x81 && u[2] >= 0xA6 && u[2] <= 0xA9));	/* U+2066-2069 isolates */
}
