/* test_termtext: the terminal's bytes as libedit's characters and back.
 * No byte is lost on the way (a line at the terminal is refused as the
 * same line piped), no C1 control or byte that is not UTF-8 becomes a key,
 * and a line termtext_is_text refuses is one the lexer refuses. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/buf.h"
#include "../recorder/termtext.h"

#define RAW(b) ((wchar_t)(TERMTEXT_RAW + (b)))

static void assert_decodes(const char *s, const wchar_t *want, size_t n)
{
	wchar_t got[16];
	size_t len = strlen(s);
	assert_int_equal(termtext_decode(s, len, got), n);
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("'%s': character %zu is %#lx, not %#lx", s, i, (unsigned long)got[i],
				 (unsigned long)want[i]);
}

/* UTF-8 as the notation reads it becomes its code points; NEL (C2 85) and
 * what is not UTF-8 (a stray byte, an overlong form, a surrogate, past
 * U+10FFFF, a sequence cut short) become their bytes, raw. */
static void decode_cases(void **state)
{
	(void)state;
	assert_decodes("a\xc3\xa9z", (const wchar_t[]){'a', 0xE9, 'z'}, 3);
	assert_decodes("\xe2\x82\xac\xf0\x9f\x8e\xb2", (const wchar_t[]){0x20AC, 0x1F3B2}, 2);
	assert_decodes("\x04\x7f\t", (const wchar_t[]){4, 0x7F, '\t'}, 3);	/* keys stay keys */
	assert_decodes("a\xc2\x85z", (const wchar_t[]){'a', RAW(0xC2), RAW(0x85), 'z'}, 4);
	assert_decodes("\xc2\x9b", (const wchar_t[]){RAW(0xC2), RAW(0x9B)}, 2);
	assert_decodes("\xff", (const wchar_t[]){RAW(0xFF)}, 1);
	assert_decodes("\xc0\xaf", (const wchar_t[]){RAW(0xC0), RAW(0xAF)}, 2);
	assert_decodes("\xed\xa0\x80", (const wchar_t[]){RAW(0xED), RAW(0xA0), RAW(0x80)}, 3);
	assert_decodes("\xf4\x90\x80\x80", (const wchar_t[]){RAW(0xF4), RAW(0x90), RAW(0x80), RAW(0x80)}, 4);
	assert_decodes("\xe2\x82z", (const wchar_t[]){RAW(0xE2), RAW(0x82), 'z'}, 3);
	assert_decodes("\xe2\x82", (const wchar_t[]){RAW(0xE2), RAW(0x82)}, 2);
}

/* Encoding what was decoded gives the bytes back, and no decoded character
 * below the raw ones is a C1 control or past Unicode: every string of one
 * and two bytes, and pseudo-random strings of up to eight. */
static void round_trip(void **state)
{
	(void)state;
	struct buf out;
	buf_init(&out, 0);
	wchar_t w[8];
	unsigned long seed = 12345;
	for (long k = 0; k < 256 + 65536 + 200000; k++) {
		unsigned char s[8];
		size_t len;
		if (k < 256) {
			s[0] = (unsigned char)k;
			len = 1;
		} else if (k < 256 + 65536) {
			s[0] = (unsigned char)((k - 256) >> 8);
			s[1] = (unsigned char)(k - 256);
			len = 2;
		} else {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			len = 1 + (seed >> 60) % 8;
			for (size_t i = 0; i < len; i++) {
				seed = seed * 6364136223846793005UL + 1442695040888963407UL;
				s[i] = (unsigned char)(seed >> 56);
				if (seed >> 55 & 1)	/* as often a byte that continues */
					s[i] = (unsigned char)(0x80 | (s[i] & 0x3F));
			}
		}
		size_t n = termtext_decode((const char *)s, len, w);
		for (size_t i = 0; i < n; i++) {
			unsigned long c = (unsigned long)w[i];
			if (c < TERMTEXT_RAW && ((c >= 0x80 && c <= 0x9F) || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)))
				fail_msg("a decoded character %#lx", c);
		}
		buf_clear(&out);
		termtext_encode(w, n, &out);
		if (out.len != len || memcmp(out.text, s, len) != 0)
			fail_msg("%zu bytes (first %#x) do not come back", len, s[0]);
	}
	buf_release(&out);
}

/* A line termtext_is_text refuses (never a command, then) is one the lexer
 * refuses for its encoding or a control character; tab is text. */
static void not_text_is_refused(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"status \x04", "status \x1b[31m", "note \"a\xc2\x85\"", "note \"\xff\"", "odds \x7f", "undo\r",
		"quit \xc0\xaf", "status\t5inf",
	};
	struct token tok[64];
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct lex_error err;
		lex_line(tu_lex(), lines[i], strlen(lines[i]), tok, 64, &err);
		bool text = termtext_is_text(lines[i], strlen(lines[i]));
		bool refused = err.status == LEX_BAD_ENCODING || err.status == LEX_CONTROL;
		if (text == refused)
			fail_msg("line %zu: termtext says %s, the lexer %s", i, text ? "text" : "not text",
				 refused ? "refuses it" : "does not");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decode_cases),
		cmocka_unit_test(round_trip),
		cmocka_unit_test(not_text_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
