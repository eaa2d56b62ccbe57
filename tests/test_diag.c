/* test_diag: diagnostics as data and their rendering, with buf and source
 * underneath (the bottom layer's modules). */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/arena.h"
#include "../grammar/buf.h"
#include "../grammar/source.h"

static void test_render_caret_and_tabs(void **state)
{
	(void)state;
	struct sources src;
	sources_init(&src);
	sources_add_text(&src, "a.battle", "x\n\tmc\tlée [11]\n", 15, (struct loc){-1, 0, 0, 0});
	struct diags d;
	diags_init(&d, 10);
	diag_add(&d, DIAG_OUT_OF_RANGE, (struct loc){0, 2, 9, 4}, "face %d is outside", 11);
	struct buf out;
	buf_init(&out, 0);
	diag_render(&d.v[0], &src, &out);
	assert_string_equal(out.text, "a.battle:2:9: error out-of-range: face 11 is outside\n"
				      "    2 | \tmc\tlée [11]\n"
				      "      | \t  \t    ^~~~\n");
	assert_int_equal(d.n_errors, 1);
	buf_release(&out);
	diags_release(&d);
	sources_release(&src);
}

static void test_codes_and_cap(void **state)
{
	(void)state;
	assert_int_equal(diag_code_lookup("unknown-id"), DIAG_UNKNOWN_ID);
	assert_int_equal(diag_code_lookup("nope"), -1);
	assert_int_equal(diag_code_severity(DIAG_EMPTY_SIDE), DIAG_WARNING);
	assert_string_equal(diag_code_name(DIAG_BAD_TOKEN), "bad-token");
	struct diags d;
	diags_init(&d, 2);
	for (int i = 0; i < 5; i++)
		diag_add(&d, DIAG_TURN_ORDER, (struct loc){0, 5 - i, 1, 1}, "w%d", i);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.n_dropped, 3);
	assert_int_equal(d.n_warnings, 5);
	diags_sort(&d);
	assert_int_equal(d.v[0].at.line, 4);
	diags_release(&d);
}

static void test_buf_ceiling(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b, 8);
	assert_int_equal(buf_puts(&b, "12345"), 0);
	assert_int_equal(buf_printf(&b, "%d", 678), 0);
	assert_int_equal(buf_putc(&b, '9'), -1);	/* would pass 8 bytes */
	assert_string_equal(b.text, "12345678");
	char *t = buf_detach(&b);
	assert_string_equal(t, "12345678");
	assert_int_equal(b.len, 0);
	free(t);
	buf_release(&b);
}

static void test_source_lines(void **state)
{
	(void)state;
	struct sources src;
	sources_init(&src);
	const char text[] = "\xEF\xBB\xBF" "one\r\ntwo\n\nlast";
	int f = sources_add_text(&src, "s", text, sizeof text - 1, (struct loc){-1, 0, 0, 0});
	assert_int_equal(src.v[f].n_lines, 4);
	size_t len;
	const char *l = sources_line(&src, f, 1, &len);
	assert_int_equal(len, 3);
	assert_memory_equal(l, "one", 3);
	l = sources_line(&src, f, 4, &len);
	assert_memory_equal(l, "last", 4);
	assert_null(sources_line(&src, f, 5, &len));
	assert_int_equal(source_col("aé b", 4), 4);
	assert_int_equal(source_off("aé b", 5, 3), 3);
	char *j = source_join("dir/a.battle", "oob/x.oob");
	assert_string_equal(j, "dir/oob/x.oob");
	free(j);
	j = source_join("a.battle", "/abs");
	assert_string_equal(j, "/abs");
	free(j);
	char *err = NULL;
	assert_int_equal(sources_load(&src, "build/no/such/file", (struct loc){-1, 0, 0, 0}, &err), -1);
	assert_non_null(strstr(err, "cannot open"));
	free(err);
	sources_release(&src);
}

static void test_arena(void **state)
{
	(void)state;
	struct arena *a = arena_new();
	char *s = arena_strdup(a, "hello");
	void *big = arena_alloc(a, 100000);	/* larger than a block */
	assert_string_equal(s, "hello");
	assert_non_null(big);
	assert_int_equal(((unsigned char *)big)[99999], 0);
	arena_free(a);
	arena_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render_caret_and_tabs),
		cmocka_unit_test(test_codes_and_cap),
		cmocka_unit_test(test_buf_ceiling),
		cmocka_unit_test(test_source_lines),
		cmocka_unit_test(test_arena),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
