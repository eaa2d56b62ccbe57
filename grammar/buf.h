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
};

#define BUF_DEFAULT_MAX ((size_t)64 << 20)

/* Starts an empty buffer that may grow to max bytes (0: BUF_DEFAULT_MAX). */
void buf_init(struct buf *b, size_t max);
/* Frees the text; the buffer may be buf_init'ed again. */
void buf_release(struct buf *b);
/* Empties the buffer, keeping its memory. */
void buf_clear(struct buf *b);

/* Append bytes, a string, one character or formatted text: 0, or -1 when the
 * ceiling would be passed (nothing is appended then). */
int buf_add(struct buf *b, const char *p, size_t n);
int buf_puts(struct buf *b, const char *s);
int buf_putc(struct buf *b, char c);
int buf_printf(struct buf *b, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
int buf_vprintf(struct buf *b, const char *fmt, va_list ap);

/* Hands the text to the caller (who frees it) and empties the buffer. */
char *buf_detach(struct buf *b);

#endif
