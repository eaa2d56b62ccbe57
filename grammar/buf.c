/* buf: growable text with a ceiling. */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void buf_init(struct buf *b, size_t max)
{
	b->cap = 64;
	b->text = xmalloc(b->cap);
	b->text[0] = '\0';
	b->len = 0;
	b->max = max ? max : BUF_DEFAULT_MAX;
	b->full = false;
	b->sink = NULL;
	b->write_failed = false;
}

void buf_init_sink(struct buf *b, FILE *sink)
{
	buf_init(b, 0);
	b->sink = sink;
}

int buf_flush(struct buf *b)
{
	if (!b->sink)
		return 0;
	if (b->len && !b->write_failed && fwrite(b->text, 1, b->len, b->sink) != b->len)
		b->write_failed = true;
	b->len = 0;
	b->text[0] = '\0';
	return b->write_failed ? -1 : 0;
}

void buf_release(struct buf *b)
{
	free(b->text);
	b->text = NULL;
	b->len = b->cap = 0;
}

void buf_clear(struct buf *b)
{
	b->len = 0;
	b->text[0] = '\0';
	b->full = false;
}

/* Makes room for n more bytes plus the NUL. */
static int grow(struct buf *b, size_t n)
{
	if (b->sink && b->len + n > BUF_SINK_CHUNK)
		buf_flush(b);	/* a failed write is sticky: buf_flush says so at the end */
	if (n > b->max - b->len) {
		b->full = true;	/* sticky: a writer checks once, at the end of an object */
		return -1;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap * 2;
		while (cap < b->len + n + 1)
			cap *= 2;
		b->text = xrealloc(b->text, cap);
		b->cap = cap;
	}
	return 0;
}

int buf_add(struct buf *b, const char *p, size_t n)
{
	if (buf_roomy(b, n)) {
		memcpy(b->text + b->len, p, n);
		b->len += n;
		b->text[b->len] = '\0';
		return 0;
	}
	if (b->sink && n > BUF_SINK_CHUNK) {	/* a long piece goes straight out */
		if (buf_flush(b) == 0 && fwrite(p, 1, n, b->sink) != n)
			b->write_failed = true;
		return b->write_failed ? -1 : 0;
	}
	if (grow(b, n) < 0)
		return -1;
	memcpy(b->text + b->len, p, n);
	b->len += n;
	b->text[b->len] = '\0';
	return 0;
}

int buf_puts(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	/* written in place when it fits the room there is (one pass, where
	 * measuring first would format everything twice) */
	size_t room = b->cap - b->len;
	int n = vsnprintf(b->text + b->len, room, fmt, ap);
	if (n >= 0 && buf_roomy(b, (size_t)n)) {
		va_end(again);
		b->len += (size_t)n;
		return 0;
	}
	b->text[b->len] = '\0';	/* what was tried is not kept */
	if (n < 0 || grow(b, (size_t)n) < 0) {
		va_end(again);
		b->full = true;
		return -1;
	}
	vsnprintf(b->text + b->len, (size_t)n + 1, fmt, again);
	va_end(again);
	b->len += (size_t)n;
	return 0;
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

char *buf_detach(struct buf *b)
{
	char *text = b->text;
	buf_init(b, b->max);
	return text;
}
