/* test_arena: bump allocation: zeroed, aligned, never overlapping, across
 * blocks of growing size and requests larger than any block. */
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/arena.h"

static bool aligned(const void *p)
{
	return (uintptr_t)p % alignof(max_align_t) == 0;
}

/* A string takes no alignment, and the allocation after it is aligned
 * again; every allocation is zero and none overlaps another. */
static void test_alignment_and_zero(void **state)
{
	(void)state;
	struct arena *a = arena_new();
	char *s = arena_strdup(a, "5inf");
	assert_string_equal(s, "5inf");
	unsigned char *p = arena_alloc(a, 24);
	assert_true(aligned(p));
	for (int i = 0; i < 24; i++)
		assert_int_equal(p[i], 0);
	assert_true(p >= (unsigned char *)s + 5 || p + 24 <= (unsigned char *)s);
	char *t = arena_strndup(a, "lancers and more", 7);
	assert_string_equal(t, "lancers");
	assert_string_equal(s, "5inf");	/* untouched by what came after */
	int *q = arena_memdup(a, (int[]){3, 6, 2}, 3 * sizeof(int));
	assert_true(aligned(q));
	/* bump allocation: the next small one follows at once in the same
	 * block (a sanitizer's fence between), not in a block of its own */
	assert_true((char *)q > t && (char *)q - t < 1024);
	assert_int_equal(q[0] + q[1] + q[2], 11);
	assert_non_null(arena_alloc(a, 0));
	arena_free(a);
	arena_free(NULL);
}

/* Many allocations fill several blocks, and one larger than any block
 * gets a block of its own: each is whole, zero where it was not written. */
static void test_many_blocks(void **state)
{
	(void)state;
	struct arena *a = arena_new();
	enum { N = 20000 };
	static unsigned char *v[N];
	for (int i = 0; i < N; i++) {
		v[i] = arena_alloc(a, 100);
		assert_true(aligned(v[i]));
		assert_int_equal(v[i][0] | v[i][99], 0);
		memset(v[i], i % 251 + 1, 100);
	}
	unsigned char *big = arena_alloc(a, 3u << 20);
	assert_int_equal(big[0] | big[(3u << 20) - 1], 0);
	memset(big, 0xAB, 3u << 20);
	for (int i = 0; i < N; i++)
		assert_int_equal(v[i][0] + v[i][99], 2 * (i % 251 + 1));
	unsigned char *after = arena_alloc(a, 16);
	assert_int_equal(after[0] | after[15], 0);
	arena_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alignment_and_zero),
		cmocka_unit_test(test_many_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
