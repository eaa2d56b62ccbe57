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
	json_object_end(&j);
	assert_string_equal(b.text, "{\"line\":12,\"units\":[\"5inf\",null,{\"ok\":true}],\"empty\":[],\"none\":null}");
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_structure),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
