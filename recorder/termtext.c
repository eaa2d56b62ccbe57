/* termtext: a line's bytes as libedit's characters and back. */
#include "termtext.h"

int termtext_seq_len(unsigned char lead)
{
	if (lead >= 0xC2 && lead <= 0xDF)
		return 2;
	if (lead >= 0xE0 && lead <= 0xEF)
		return 3;
	if (lead >= 0xF0 && lead <= 0xF4)
		return 4;
	return 1;
}

/* The code point of the UTF-8 sequence at s (n bytes, n its
 * termtext_seq_len), or -1 when it is not one the notation reads: a
 * continuation byte missing, an overlong form, a surrogate, past
 * U+10FFFF. */
static long decode_one(const unsigned char *s, size_t n)
{
	if (n == 1)
		return s[0] < 0x80 ? s[0] : -1;
	long cp = s[0] & (0x7F >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	static const long least[] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return -1;
	return cp;
}

size_t termtext_decode(const char *s, size_t len, wchar_t *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = 0;
	for (size_t i = 0; i < len;) {
		size_t k = (size_t)termtext_seq_len(u[i]);
		long cp = i + k <= len ? decode_one(u + i, k) : -1;
		if (cp >= 0x80 && cp <= 0x9F)	/* C1: text, not a key */
			cp = -1;
		if (cp < 0) {
			out[n++] = (wchar_t)(TERMTEXT_RAW + u[i]);
			i++;
			continue;
		}
		out[n++] = (wchar_t)cp;
		i += k;
	}
	return n;
}

void termtext_encode(const wchar_t *w, size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		unsigned long c = (unsigned long)w[i];
		char b[4];
		size_t k;
		if (c >= TERMTEXT_RAW && c <= TERMTEXT_RAW + 0xFF) {
			b[0] = (char)(c - TERMTEXT_RAW);
			k = 1;
		} else if (c < 0x80) {
			b[0] = (char)c;
			k = 1;
		} else if (c < 0x800) {
			b[0] = (char)(0xC0 | c >> 6);
			b[1] = (char)(0x80 | (c & 0x3F));
			k = 2;
		} else if (c < 0x10000) {
			b[0] = (char)(0xE0 | c >> 12);
			b[1] = (char)(0x80 | (c >> 6 & 0x3F));
			b[2] = (char)(0x80 | (c & 0x3F));
			k = 3;
		} else {
			b[0] = (char)(0xF0 | (c >> 18 & 0x07));
			b[1] = (char)(0x80 | (c >> 12 & 0x3F));
			b[2] = (char)(0x80 | (c >> 6 & 0x3F));
			b[3] = (char)(0x80 | (c & 0x3F));
			k = 4;
		}
		buf_add(out, b, k);
	}
}

bool termtext_is_text(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		size_t k = (size_t)termtext_seq_len(u[i]);
		long cp = i + k <= len ? decode_one(u + i, k) : -1;
		if (cp < 0 || (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F))
			return false;
		i += k;
	}
	return true;
}
