/* json: writing JSON values with commas and escapes. */
#include "json.h"

#include <assert.h>
#include <string.h>

void json_init(struct json *j, struct buf *out)
{
	memset(j, 0, sizeof *j);
	j->out = out;
	j->first[0] = true;
}

/* A comma before every value but the first at its depth; none after a key. */
static void separate(struct json *j)
{
	if (!j->first[j->depth])
		buf_putc(j->out, ',');
	j->first[j->depth] = false;
}

static void nest_open(struct json *j, char c)
{
	separate(j);
	buf_putc(j->out, c);
	assert(j->depth + 1 < JSON_MAX_DEPTH);	/* the writers nest 5 deep; a bug if ever reached */
	j->depth++;
	j->first[j->depth] = true;
}

static void nest_close(struct json *j, char c)
{
	buf_putc(j->out, c);
	assert(j->depth > 0);	/* every close has its open */
	j->depth--;
}

void json_object_begin(struct json *j)
{
	nest_open(j, '{');
}

void json_object_end(struct json *j)
{
	nest_close(j, '}');
}

void json_array_begin(struct json *j)
{
	nest_open(j, '[');
}

void json_array_end(struct json *j)
{
	nest_close(j, ']');
}

/* The bytes of s that go as they are, up to its first that does not. */
static size_t plain_run(const char *s);

void json_key(struct json *j, const char *key)
{
	separate(j);
	size_t n = plain_run(key);
	if (key[n] == '\0' && buf_roomy(j->out, n + 3)) {	/* a plain key in one copy: most are */
		char *at = j->out->text + j->out->len;
		at[0] = '"';
		memcpy(at + 1, key, n);
		memcpy(at + 1 + n, "\":", 3);	/* and the NUL */
		j->out->len += n + 3;
	} else {
		json_escape(j->out, key);
		buf_putc(j->out, ':');
	}
	j->first[j->depth] = true;	/* the value that follows needs no comma */
}

/* The length of the valid UTF-8 sequence at s, or 0 if it is not one. */
static int utf8_length(const unsigned char *s)
{
	int n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
	      : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
	if (n == 2 && s[0] < 0xC2)
		return 0;	/* overlong */
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	if (n == 3 && ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0)))
		return 0;	/* overlong, or a surrogate */
	if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || s[0] > 0xF4 || (s[0] == 0xF4 && s[1] >= 0x90)))
		return 0;
	return n;
}

/* The bytes a string literal takes as they are, '1' a byte: printable
 * ASCII but the quote and the backslash (NUL, which ends the string, is
 * not one); a table, where four comparisons a byte cost a third of
 * audit --json. */
static const char plain_byte[] =
	"00000000000000000000000000000000"	/* 0x00-0x1f */
	"11011111111111111111111111111111"	/* 0x20-0x3f */
	"11111111111111111111111111110111"	/* 0x40-0x5f */
	"11111111111111111111111111111110"	/* 0x60-0x7f */
	"00000000000000000000000000000000"	/* 0x80-0x9f */
	"00000000000000000000000000000000"	/* 0xa0-0xbf */
	"00000000000000000000000000000000"	/* 0xc0-0xdf */
	"00000000000000000000000000000000";	/* 0xe0-0xff */

static size_t plain_run(const char *s)
{
	size_t n = 0;
	while (plain_byte[(unsigned char)s[n]] == '1')
		n++;
	return n;
}

void json_escape(struct buf *out, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	buf_putc(out, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		unsigned char c = *p;
		size_t plain = 0;	/* a run of printable ASCII goes in one piece */
		while (plain_byte[p[plain]] == '1')
			plain++;
		if (plain) {
			buf_add(out, (const char *)p, plain);
			p += plain;
			continue;
		}
		if (c == '"' || c == '\\') {
			buf_putc(out, '\\');
			buf_putc(out, (char)c);
			p++;
		} else if (c == '\n' || c == '\t' || c == '\r') {
			buf_putc(out, '\\');
			buf_putc(out, c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
			p++;
		} else if (c < 0x20 || c == 0x7F) {
			char esc[7] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0};
			buf_puts(out, esc);
			p++;
		} else {
			int n = utf8_length(p);
			if (n == 0) {
				buf_puts(out, "\xEF\xBF\xBD");	/* U+FFFD for a byte that is not UTF-8 */
				p++;
			} else {
				buf_add(out, (const char *)p, (size_t)n);
				p += n;
			}
		}
	}
	buf_putc(out, '"');
}

void json_string(struct json *j, const char *s)
{
	separate(j);
	if (s)
		json_escape(j->out, s);
	else
		buf_puts(j->out, "null");
}

void json_int(struct json *j, long v)
{
	separate(j);
	char digits[24], *p = digits + sizeof digits;	/* written backwards: no printf for a number */
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	buf_add(j->out, p, (size_t)(digits + sizeof digits - p));
}

/* A number with decimals, as the report shows it (v printed with decimals
 * places): the same figure in JSON as on the page; not finite is null. */
void json_real(struct json *j, double v, int decimals)
{
	separate(j);
	if (v != v || v - v != 0)
		buf_puts(j->out, "null");
	else
		buf_printf(j->out, "%.*f", decimals, v);
}

void json_bool(struct json *j, bool v)
{
	separate(j);
	buf_puts(j->out, v ? "true" : "false");
}

void json_null(struct json *j)
{
	separate(j);
	buf_puts(j->out, "null");
}
