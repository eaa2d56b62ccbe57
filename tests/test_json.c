/* test_json: the JSON writer's structure and escaping. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/buf.h"
#include "../reports/json.h"

static const char *escaped(const char *s)
{
	static char out[256];
	struct buf b;
	buf_init(&b, 0);
	json_escape(&b, s);
	snprintf(out, sizeof out, "%s", b.text);
	buf_release(&b);
	return out;
}

static void test_escaping(void **state)
{
	(void)state;
	assert_string_equal(escaped("plain"), "\"plain\"");
	assert_string_equal(escaped("say \"no\" \\ back"), "\"say \\\"no\\\" \\\\ back\"");
	assert_string_equal(escaped("a\nb\tc\rd"), "\"a\\nb\\tc\\rd\"");
	assert_string_equal(escaped("\x01\x1f\x7f"), "\"\\u0001\\u001f\\u007f\"");
	assert_string_equal(escaped("Peña 🎖"), "\"Peña 🎖\"");
	/* invalid UTF-8: a lone continuation byte, a truncated sequence, an overlong
	 * form and a surrogate all become U+FFFD, one each */
	assert_string_equal(escaped("a\x80" "b"), "\"a\xEF\xBF\xBD" "b\"");
	assert_string_equal(escaped("\xC3"), "\"\xEF\xBF\xBD\"");
	assert_string_equal(escaped("\xC0\xAF"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
	assert_string_equal(escaped("\xED\xA0\x80"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
}

/* Every byte that is not written as it stands (RFC 8259, section 7: the
 * quote, the backslash, controls below 0x20; and here DEL, and bytes that
 * are not UTF-8), and the plain bytes at the edges of their ranges, at
 * each place of a run longer than the writer's eight-byte steps: each is
 * found wherever it stands among them. */
static void test_escaping_at_every_place(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} odd[] = {
		{"\"", "\\\""}, {"\\", "\\\\"}, {"\n", "\\n"}, {"\x01", "\\u0001"}, {"\x1f", "\\u001f"},
		{"\x7f", "\\u007f"}, {"\xc3\xa9", "\xc3\xa9"}, {"\xff", "\xEF\xBF\xBD"},
		{" ", " "}, {"!", "!"}, {"#", "#"}, {"[", "["}, {"]", "]"}, {"~", "~"},
	};
	for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++)
		for (int at = 0; at < 19; at++) {
			char in[64], want[64];
			snprintf(in, sizeof in, "%.*s%s%.*s", at, "abcdefghijklmnopqrst", odd[k].in, 18 - at,
				 "ABCDEFGHIJKLMNOPQRST");
			snprintf(want, sizeof want, "\"%.*s%s%.*s\"", at, "abcdefghijklmnopqrst", odd[k].out, 18 - at,
				 "ABCDEFGHIJKLMNOPQRST");
			assert_string_equal(escaped(in), want);
		}
}

static void test_structure(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b, 0);
	struct json j;
	json_init(&j, &b);
	json_object_begin(&j);
	json_key(&j, "line");
	json_int(&j, 12);
	json_key(&j, "units");
	json_array_begin(&j);
	json_string(&j, "5inf");
	json_string(&j, NULL);
	json_object_begin(&j);
	json_key(&j, "ok");
	json_bool(&j, true);
	json_object_end(&j);
	json_array_end(&j);
	json_key(&j, "empty");
	json_array_begin(&j);
	json_array_end(&j);
	json_key(&j, "none");
	json_null(&j);
	json_key(&j, "say \"no\"\n");	/* a key is escaped as a string is (a query's column) */
	json_int(&j, 1);
	json_key(&j, "");
	json_int(&j, 2);
	json_object_end(&j);
	assert_string_equal(b.text, "{\"line\":12,\"units\":[\"5inf\",null,{\"ok\":true}],\"empty\":[],\"none\":null,"
				    "\"say \\\"no\\\"\\n\":1,\"\":2}");
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_escaping_at_every_place),
		cmocka_unit_test(test_structure),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
