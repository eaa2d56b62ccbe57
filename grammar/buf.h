/* buf: growable text with a ceiling (after curl's dynbuf and git's strbuf).
 *
 * A struct buf is caller-owned: buf_init() before use, buf_release() after.
 * The text is always NUL-terminated.  Appending past the ceiling fails with
 * -1 and leaves the buffer as it was, so no input can make umpire grow a
 * buffer without bound. */
#ifndef UMPIRE_BUF_H
#define UMPIRE_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define UMPIRE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UMPIRE_PRINTF(f, a)
#endif

struct buf {
	char *text;	/* NUL-terminated; never NULL after buf_init */
	size_t len;	/* bytes in text, not counting the NUL */
	size_t cap;	/* bytes allocated */
	size_t max;	/* ceiling for len */
	bool full;	/* an append failed at the ceiling since the last clear */
	FILE *sink;	/* NULL, or where the text goes as it grows (buf_init_sink) */
	bool write_failed;	/* a write to the sink failed (sticky) */
};

#define BUF_DEFAULT_MAX ((size_t)64 << 20)
/* A sink buffer writes what it holds once it passes this. */
#define BUF_SINK_CHUNK ((size_t)64 << 10)

/* Starts an empty buffer that may grow to max bytes (0: BUF_DEFAULT_MAX). */
void buf_init(struct buf *b, size_t max);
/* Starts an empty buffer whose text goes to sink as it grows: whenever it
 * would pass BUF_SINK_CHUNK it is written out and emptied, so output of any
 * length streams in a few kilobytes and no ceiling can cut it.  The caller
 * ends with buf_flush (which says whether every write went through) and
 * never reads text back: it holds only the unwritten tail. */
void buf_init_sink(struct buf *b, FILE *sink);
/* Writes what a sink buffer holds and empties it: 0, or -1 when a write
 * to the sink has failed, now or before (write_failed, with errno from the
 * failing write).  A buffer without a sink: 0, nothing done. */
int buf_flush(struct buf *b);

/* Frees the text; the buffer may be buf_init'ed again. */
void buf_release(struct buf *b);
/* Empties the buffer, keeping its memory. */
void buf_clear(struct buf *b);

/* Append bytes, a string, one character or formatted text: 0, or -1 when the
 * ceiling would be passed (nothing is appended then). */
int buf_add(struct buf *b, const char *p, size_t n);
int buf_puts(struct buf *b, const char *s);
int buf_printf(struct buf *b, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
int buf_vprintf(struct buf *b, const char *fmt, va_list ap);

/* Whether n more bytes and the NUL fit as things are: no growth, no flush,
 * under the ceiling.  The common case of every write (a JSON writer's
 * commas and quotes): it costs a comparison, not a call to grow. */
static inline bool buf_roomy(const struct buf *b, size_t n)
{
	return b->len + n < b->cap && n <= b->max - b->len && (!b->sink || b->len + n <= BUF_SINK_CHUNK);
}

/* One character, inline where it fits. */
static inline int buf_putc(struct buf *b, char c)
{
	if (buf_roomy(b, 1)) {
		b->text[b->len++] = c;
		b->text[b->len] = '\0';
		return 0;
	}
	return buf_add(b, &c, 1);
}

/* Hands the text to the caller (who frees it) and empties the buffer. */
char *buf_detach(struct buf *b);

#endif
