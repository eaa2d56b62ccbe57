/* test_buf: the growable text's ceiling, and a buffer that streams to a
 * file (what export and the reports write through: nothing past the
 * ceiling may be cut, and a failed write must be said). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/buf.h"

static void test_ceiling(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b, 4);
	assert_int_equal(buf_puts(&b, "abcd"), 0);
	assert_int_equal(buf_putc(&b, 'e'), -1);	/* past the ceiling: nothing added, full said */
	assert_true(b.full);
	assert_string_equal(b.text, "abcd");
	assert_int_equal(buf_flush(&b), 0);	/* no sink: nothing done */
	assert_string_equal(b.text, "abcd");
	buf_release(&b);
	/* a printf past the ceiling adds nothing either, not even what it
	 * tried in the room there was */
	buf_init(&b, 100);
	assert_int_equal(buf_puts(&b, "ab"), 0);
	assert_int_equal(buf_printf(&b, "%0200d", 7), -1);
	assert_true(b.full);
	assert_string_equal(b.text, "ab");
	assert_int_equal(b.len, 2);
	/* one that fits where there is room is written in place, whole */
	buf_clear(&b);
	assert_int_equal(buf_printf(&b, "%s-%d", "x", 42), 0);
	assert_string_equal(b.text, "x-42");
	buf_release(&b);
}

/* Everything written to a sink buffer, read back from its file (pieces of
 * one byte written by buf_putc). */
static char *streamed(size_t pieces, size_t piece, size_t *len)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	struct buf b;
	buf_init_sink(&b, f);
	char *one = malloc(piece);
	for (size_t i = 0; i < pieces; i++) {
		memset(one, 'a' + (int)(i % 26), piece);
		assert_int_equal(piece == 1 ? buf_putc(&b, one[0]) : buf_add(&b, one, piece), 0);	/* a byte: buf_putc's */
		assert_true(b.len <= BUF_SINK_CHUNK);	/* it holds a chunk at most */
	}
	assert_int_equal(buf_flush(&b), 0);
	assert_false(b.full);
	buf_release(&b);
	free(one);
	*len = (size_t)ftell(f);
	rewind(f);
	char *text = malloc(*len + 1);
	assert_int_equal(fread(text, 1, *len, f), *len);
	fclose(f);
	return text;
}

static void test_sink_streams_past_the_ceiling(void **state)
{
	(void)state;
	size_t len;
	/* 100 pieces of 1 MiB: past BUF_DEFAULT_MAX (64 MiB), whole and in order */
	char *text = streamed(100, (size_t)1 << 20, &len);
	assert_int_equal(len, (size_t)100 << 20);
	for (size_t i = 0; i < 100; i++)
		assert_int_equal(text[i << 20], 'a' + (int)(i % 26));
	free(text);
	/* one byte at a time across the chunk's edge */
	text = streamed(BUF_SINK_CHUNK + 3, 1, &len);
	assert_int_equal(len, BUF_SINK_CHUNK + 3);
	assert_int_equal(text[BUF_SINK_CHUNK - 1], 'a' + (int)((BUF_SINK_CHUNK - 1) % 26));
	assert_int_equal(text[BUF_SINK_CHUNK + 2], 'a' + (int)((BUF_SINK_CHUNK + 2) % 26));
	free(text);
	/* small pieces across the chunk's edge */
	text = streamed(5000, 37, &len);
	assert_int_equal(len, 5000 * 37);
	assert_int_equal(text[0], 'a');
	assert_int_equal(text[37 * 4999], 'a' + 4999 % 26);
	free(text);
}

static void test_sink_says_a_failed_write(void **state)
{
	(void)state;
	FILE *f = fopen("/dev/full", "w");
	if (!f)
		skip();
	setvbuf(f, NULL, _IONBF, 0);	/* each write reaches the device */
	struct buf b;
	buf_init_sink(&b, f);
	char piece[1000];
	memset(piece, 'x', sizeof piece);
	for (int i = 0; i < 200; i++)
		buf_add(&b, piece, sizeof piece);
	assert_true(b.write_failed);
	assert_int_equal(buf_flush(&b), -1);	/* sticky: said at the end */
	buf_release(&b);
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ceiling),
		cmocka_unit_test(test_sink_streams_past_the_ceiling),
		cmocka_unit_test(test_sink_says_a_failed_write),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
