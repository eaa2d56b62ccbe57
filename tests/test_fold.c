/* test_fold: comparison without case, ASCII letters alone.  The hashes are
 * FNV-1a's published 32-bit test vectors (offset basis 2166136261, prime
 * 16777619): a folded spelling hashes as its lower case does. */
#include "testutil.h"
#include "../grammar/fold.h"

enum { FNV_BASIS = 2166136261u };

static void test_hash_is_fnv1a_of_the_lower_case(void **state)
{
	(void)state;
	assert_int_equal(fold_hash(FNV_BASIS, "", 0), 0x811c9dc5u);
	assert_int_equal(fold_hash(FNV_BASIS, "a", 1), 0xe40c292cu);
	assert_int_equal(fold_hash(FNV_BASIS, "A", 1), 0xe40c292cu);
	assert_int_equal(fold_hash(FNV_BASIS, "foobar", 6), 0xbf9cf968u);
	assert_int_equal(fold_hash(FNV_BASIS, "FooBAR", 6), 0xbf9cf968u);
	assert_int_equal(fold_hash(FNV_BASIS, "foobar!", 6), 0xbf9cf968u);	/* len bytes only */
	/* the bytes beside the letters do not fold: '[' is not '{', '@' not '`' */
	assert_int_not_equal(fold_hash(FNV_BASIS, "[", 1), fold_hash(FNV_BASIS, "{", 1));
	assert_int_not_equal(fold_hash(FNV_BASIS, "@", 1), fold_hash(FNV_BASIS, "`", 1));
	assert_int_equal(fold_hash(FNV_BASIS, "Z", 1), fold_hash(FNV_BASIS, "z", 1));
}

static void test_equal_without_case(void **state)
{
	(void)state;
	assert_true(fold_equal("5INF", "5inf", 4));
	assert_true(fold_equal("Az", "aZ", 2));
	assert_false(fold_equal("@", "`", 1));	/* 0x40 and 0x60: one bit apart, not letters */
	assert_false(fold_equal("[", "{", 1));
	assert_false(fold_equal("\xc3\x91", "\xc3\xb1", 2));	/* N and n with a tilde: not ASCII, not folded */
	assert_true(fold_equal("\xc3\x91", "\xc3\x91", 2));
	assert_false(fold_equal("ab", "abc", 3));	/* the shorter's NUL differs */
	assert_false(fold_equal("abd", "abc", 3));
	assert_true(fold_equal("abd", "abc", 2));
	assert_true(fold_equal("x", "y", 0));
}

static void test_same_strings(void **state)
{
	(void)state;
	assert_true(fold_same("5INF", "5inf"));
	assert_true(fold_same("", ""));
	assert_false(fold_same("5inf", "5inf2"));	/* the second is longer */
	assert_false(fold_same("5inf2", "5inf"));
	assert_false(fold_same("\xc3\x91o", "\xc3\xb1o"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hash_is_fnv1a_of_the_lower_case),
		cmocka_unit_test(test_equal_without_case),
		cmocka_unit_test(test_same_strings),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
