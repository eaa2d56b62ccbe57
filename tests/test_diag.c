/* test_diag: diagnostics as data and their rendering, with buf and source
 * underneath (the bottom layer's modules). */
#include <stdio.h>
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

/* Past the limit an error takes a kept warning's place; muted warnings are
 * neither kept nor counted, and errors cannot be muted. */
static void test_cap_keeps_errors(void **state)
{
	(void)state;
	bool muted[DIAG_N_CODES] = {false};
	muted[DIAG_EMPTY_SIDE] = true;
	muted[DIAG_BAD_TOKEN] = true;	/* an error: muting it does nothing */
	struct diags d;
	diags_init(&d, 2);
	d.muted = muted;
	for (int i = 0; i < 3; i++)
		diag_add(&d, DIAG_TURN_ORDER, (struct loc){0, 1 + i, 1, 1}, "w%d", i);
	diag_add(&d, DIAG_EMPTY_SIDE, (struct loc){0, 9, 1, 1}, "muted");
	diag_add(&d, DIAG_BAD_TOKEN, (struct loc){0, 10, 1, 1}, "e1");
	diag_add(&d, DIAG_BAD_TOKEN, (struct loc){0, 11, 1, 1}, "e2");
	diag_add(&d, DIAG_BAD_TOKEN, (struct loc){0, 12, 1, 1}, "e3");
	assert_int_equal(d.n, 2);
	assert_int_equal(d.n_warnings, 3);
	assert_int_equal(d.n_errors, 3);
	assert_int_equal(d.n_dropped, 4);	/* one warning, then two warnings and one error */
	diags_sort(&d);
	assert_string_equal(d.v[0].msg, "e1");
	assert_string_equal(d.v[1].msg, "e2");
	diags_release(&d);
}

/* An excerpt draws control characters as pictures and never echoes them:
 * ESC as U+241B, NUL as U+2400, DEL as U+2421, a C1 CSI or a bad byte as
 * U+FFFD. */
static void test_render_controls_drawn(void **state)
{
	(void)state;
	struct sources src;
	sources_init(&src);
	const char text[] = "note \"\x1b]0;x\x07\0\x7f\xc2\x9b\xff\"\n";
	sources_add_text(&src, "c.battle", text, sizeof text - 1, (struct loc){-1, 0, 0, 0});
	struct diags d;
	diags_init(&d, 10);
	diag_add(&d, DIAG_BAD_TOKEN, (struct loc){0, 1, 7, 1}, "control");
	struct buf out;
	buf_init(&out, 0);
	diag_render(&d.v[0], &src, &out);
	assert_string_equal(out.text, "c.battle:1:7: error bad-token: control\n"
				      "    1 | note \"\xe2\x90\x9b]0;x\xe2\x90\x87\xe2\x90\x80\xe2\x90\xa1"
				      "\xef\xbf\xbd\xef\xbf\xbd\"\n"
				      "      |       ^\n");
	sources_add_text(&src, "b.battle", "x\xe2\x80\xaey\n", 6, (struct loc){-1, 0, 0, 0});
	buf_clear(&out);
	diag_render_at(&src, (struct loc){1, 1, 2, 1}, "error", "bad-token", "bidi", &out);
	assert_non_null(strstr(out.text, "| x\xef\xbf\xbdy\n"));	/* U+202E drawn as U+FFFD */
	buf_release(&out);
	diags_release(&d);
	sources_release(&src);
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

/* A huge line is shown as a window of 80 characters either side of the
 * spot (and the spot itself), "..." where it is cut; the caret stays under
 * the spot. */
static void test_render_window(void **state)
{
	(void)state;
	static char text[1002];
	memset(text, 'a', 1000);
	text[499] = 'X';	/* column 500 */
	text[1000] = '\n';
	struct sources src;
	sources_init(&src);
	sources_add_text(&src, "w.battle", text, 1001, (struct loc){-1, 0, 0, 0});
	struct buf out, want;
	buf_init(&out, 0);
	buf_init(&want, 0);
	diag_render_at(&src, (struct loc){0, 1, 500, 3}, "error", "bad-token", "w", &out);
	buf_printf(&want, "w.battle:1:500: error bad-token: w\n    1 | ...%.*sX%.*s...\n      |    %80s^~~\n",
		   80, text, 82, text, "");
	assert_string_equal(out.text, want.text);
	buf_release(&out);
	buf_release(&want);
	sources_release(&src);
}

/* Each file is read once, however many are read (the index of resolved
 * paths grows past 64, 128 and 256 slots here), a file that is no text
 * included; the budget counts every file read. */
static void test_read_once_many(void **state)
{
	(void)state;
	char root[] = "build/test-once-XXXXXX", path[64];
	assert_non_null(mkdtemp(root));
	char *real_root = realpath(root, NULL);
	for (int i = 0; i < 300; i++) {
		snprintf(path, sizeof path, "%s/f%d.oob", root, i);
		FILE *f = fopen(path, "w");
		if (i == 7)
			fwrite("bin\0ary\n", 1, 8, f);
		else
			fputs("note \"x\"\n", f);
		fclose(f);
	}
	struct sources src;
	sources_init(&src);
	size_t left = 1 << 20;
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 300; i++) {
			char *err = NULL;
			snprintf(path, sizeof path, "%s/f%d.oob", root, i);
			int rc = sources_load_include(&src, path, real_root, NULL, &left, (struct loc){-1, 0, 0, 0}, &err);
			if (round == 0 && i != 7)
				assert_true(rc >= 0);
			else
				assert_non_null(strstr(err, round ? "included already" : "not a battle file"));
			free(err);
		}
	assert_int_equal(left, (1 << 20) - 299 * 9 - 8);	/* 299 notes of 9 bytes, the binary's 8 */
	sources_release(&src);
	free(real_root);
}

/* A long include path is shortened in the message, around "...", so the
 * reason still shows at its end. */
static void test_long_path_message(void **state)
{
	(void)state;
	char path[4100] = "build/";
	memset(path + 6, 'a', 4000);
	strcpy(path + 4006, "z.oob");
	struct sources src;
	sources_init(&src);
	size_t left = 1 << 20;
	char *err = NULL;
	assert_int_equal(sources_load_include(&src, path, "build", NULL, &left, (struct loc){-1, 0, 0, 0}, &err), -1);
	assert_non_null(err);
	assert_true(strlen(err) < 300);
	assert_non_null(strstr(err, "build/aaaa"));
	assert_non_null(strstr(err, "...aaaa"));
	assert_non_null(strstr(err, "az.oob'"));
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
		cmocka_unit_test(test_cap_keeps_errors),
		cmocka_unit_test(test_render_controls_drawn),
		cmocka_unit_test(test_buf_ceiling),
		cmocka_unit_test(test_source_lines),
		cmocka_unit_test(test_render_window),
		cmocka_unit_test(test_read_once_many),
		cmocka_unit_test(test_long_path_message),
		cmocka_unit_test(test_arena),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
