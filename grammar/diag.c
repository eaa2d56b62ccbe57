/* diag: recording and rendering diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const struct {
	const char *name;
	enum diag_severity severity;
	const char *doc;
} codes[] = {
#define DIAG(e, name, sev, doc) {name, DIAG_##sev, doc},
#include "diag_codes.def"
#undef DIAG
};

void diags_init(struct diags *d, int max)
{
	memset(d, 0, sizeof *d);
	d->max = max > 0 ? max : 1000;
}

void diags_release(struct diags *d)
{
	for (int i = 0; i < d->n; i++)
		free(d->v[i].msg);
	free(d->v);
	memset(d, 0, sizeof *d);
}

/* The slot for a new diagnostic of severity sev, or NULL to drop it: past
 * the limit an error takes the place of the latest warning kept, so that
 * a flood of warnings never hides the error that matters. */
static struct diag *slot(struct diags *d, enum diag_severity sev)
{
	if (d->n < d->max) {
		if (d->n == d->cap) {
			d->cap = d->cap ? d->cap * 2 : 16;
			d->v = xrealloc(d->v, d->cap * sizeof *d->v);
		}
		return &d->v[d->n++];
	}
	d->n_dropped++;
	if (sev != DIAG_ERROR || d->n_kept_warnings == 0)
		return NULL;
	int i = d->n - 1;	/* each eviction leaves one warning fewer: at most max scans */
	while (d->v[i].severity == DIAG_ERROR)
		i--;
	free(d->v[i].msg);
	d->n_kept_warnings--;
	return &d->v[i];
}

void diag_add(struct diags *d, enum diag_code code, struct loc at, const char *fmt, ...)
{
	enum diag_severity sev = codes[code].severity;
	if (sev != DIAG_ERROR && d->muted && d->muted[code])
		return;
	if (sev == DIAG_ERROR)
		d->n_errors++;
	else if (sev == DIAG_WARNING)
		d->n_warnings++;
	struct diag *to = slot(d, sev);
	if (!to)
		return;
	if (sev != DIAG_ERROR)
		d->n_kept_warnings++;
	char msg[1024];	/* longer messages are cut: they quote user text */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	*to = (struct diag){code, sev, at, xstrdup(msg)};
}

static int before(const struct diag *a, const struct diag *b)
{
	if (a->at.file != b->at.file)
		return a->at.file < b->at.file;
	if (a->at.line != b->at.line)
		return a->at.line < b->at.line;
	return a->at.col < b->at.col;
}

void diags_sort(struct diags *d)
{
	for (int i = 1; i < d->n; i++) {	/* insertion sort: stable, lists are short */
		struct diag x = d->v[i];
		int j = i;
		for (; j > 0 && before(&x, &d->v[j - 1]); j--)
			d->v[j] = d->v[j - 1];
		d->v[j] = x;
	}
}

const char *diag_code_name(enum diag_code code)
{
	return codes[code].name;
}

const char *diag_code_doc(enum diag_code code)
{
	return codes[code].doc;
}

enum diag_severity diag_code_severity(enum diag_code code)
{
	return codes[code].severity;
}

int diag_code_lookup(const char *name)
{
	for (int i = 0; i < DIAG_N_CODES; i++)
		if (strcmp(codes[i].name, name) == 0)
			return i;
	return -1;
}

const char *diag_severity_name(enum diag_severity s)
{
	static const char *const names[] = {"error", "warning", "note"};
	return names[s];
}

/* "in file included from a.battle:3:1" for each include above file. */
static void render_chain(const struct sources *src, int file, struct buf *out)
{
	struct loc at = src->v[file].included_at;
	while (at.file >= 0) {
		buf_printf(out, "in file included from %s:%d:%d\n", src->v[at.file].path,
			   at.line, at.col);
		at = src->v[at.file].included_at;
	}
}

/* The source line, then spaces (tabs where the line has tabs) and carets. */
/* The line as it may be shown on a terminal: a control character is drawn
 * as its Unicode picture (U+2400 + c, one column, so the caret stays under
 * the spot) and a byte that is not UTF-8 as U+FFFD; an ESC in a log cannot
 * drive the terminal, and a NUL does not cut the line short. */
static void put_shown(struct buf *out, const char *line, size_t len)
{
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)line[i];
		size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
		for (size_t k = 1; n && k < n; k++)
			if (i + k >= len || ((unsigned char)line[i + k] >> 6) != 2)
				n = 0;
		if (n == 0 || (c == 0xC2 && (unsigned char)line[i + 1] <= 0x9F) ||
		    source_bidi_control(line + i, len - i)) {
			buf_puts(out, "\xEF\xBF\xBD");	/* U+FFFD: bad byte, C1 or bidi control */
			i += n ? n : 1;
		} else if (c == 0x7F) {
			buf_puts(out, "\xE2\x90\xA1");	/* U+2421 */
			i++;
		} else if (c < 0x20 && c != '\t') {
			char pic[4] = {(char)0xE2, (char)0x90, (char)(0x80 + c), 0};	/* U+2400 + c */
			buf_puts(out, pic);
			i++;
		} else {
			buf_add(out, line + i, n);
			i += n;
		}
	}
}

/* A line longer than this many bytes is shown as a window around the spot:
 * EXCERPT_SIDE characters either side, "..." where it is cut. */
enum { EXCERPT_MAX = 240, EXCERPT_SIDE = 80 };

/* The byte offset n characters before (dir -1) or after (dir 1) off. */
static size_t step_chars(const char *line, size_t len, size_t off, int n, int dir)
{
	while (n-- > 0 && (dir < 0 ? off > 0 : off < len)) {
		off += dir;
		while (off > 0 && off < len && ((unsigned char)line[off] & 0xC0) == 0x80)
			off += dir;
	}
	return off;
}

static void render_caret(const char *line, size_t len, struct loc at, struct buf *out)
{
	size_t off = source_off(line, len, at.col);
	int carets = at.len > 0 ? at.len : 1;
	size_t from = 0, to = len;
	if (len > EXCERPT_MAX) {	/* a huge line: never echo it whole */
		from = step_chars(line, len, off, EXCERPT_SIDE, -1);
		to = step_chars(line, len, off, EXCERPT_SIDE + (carets < EXCERPT_SIDE ? carets : EXCERPT_SIDE), 1);
		if (carets > EXCERPT_SIDE)
			carets = EXCERPT_SIDE;
	}
	buf_printf(out, "%5d | %s", at.line, from > 0 ? "..." : "");
	put_shown(out, line + from, to - from);
	buf_printf(out, "%s\n      | %s", to < len ? "..." : "", from > 0 ? "   " : "");
	for (size_t i = from; i < off; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c & 0xC0) == 0x80)
			continue;
		buf_putc(out, c == '\t' ? '\t' : ' ');
	}
	for (int i = 0; i < carets; i++)
		buf_putc(out, i == 0 ? '^' : '~');
	buf_putc(out, '\n');
}

void diag_render_at(const struct sources *src, struct loc at, const char *severity,
		    const char *code, const char *msg, struct buf *out)
{
	if (at.file < 0 || at.file >= src->n) {
		(void)code;	/* no position: a file that could not be read */
		buf_printf(out, "umpire: %s: %s\n", severity, msg);
		return;
	}
	render_chain(src, at.file, out);
	buf_printf(out, "%s:%d:%d: %s %s: %s\n", src->v[at.file].path, at.line, at.col, severity,
		   code, msg);
	size_t len;
	const char *line = sources_line(src, at.file, at.line, &len);
	if (line)
		render_caret(line, len, at, out);
}

void diag_render(const struct diag *dg, const struct sources *src, struct buf *out)
{
	diag_render_at(src, dg->at, diag_severity_name(dg->severity), codes[dg->code].name, dg->msg,
		       out);
}
