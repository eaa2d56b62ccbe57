/* test_near: the spelling distance behind "did you mean" hints. */
#include <string.h>

#include "testutil.h"
#include "../grammar/near.h"

static int dist(const char *a, const char *b)
{
	return near_distance(a, strlen(a), b, strlen(b), 3);
}

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(dist("4line", "4line"), 0);
	assert_int_equal(dist("4lnie", "4line"), 1);		/* a swap counts once */
	assert_int_equal(dist("galing-fire", "galling-fire"), 1);	/* a letter missing */
	assert_int_equal(dist("twigs", "twiggs"), 1);
	assert_int_equal(dist("Chrage", "charge"), 1);		/* case does not count */
	assert_int_equal(dist("5inf", "8inf"), 1);
	assert_int_equal(dist("lee", "scott"), 4);		/* beyond the bound: max + 1 */
	assert_int_equal(dist("", "abc"), 3);
}

static void test_near_miss(void **state)
{
	(void)state;
	assert_true(near_miss("4lnie", 5, "4line", 5));
	assert_true(near_miss("galing-fire", 11, "galling-fire", 12));
	assert_false(near_miss("lee", 3, "art", 3));		/* short words: one edit only */
	assert_false(near_miss("b", 1, "a", 1));			/* too short to guess */
	assert_false(near_miss("4line", 5, "4line", 5));		/* the same word is no miss */
	char long_word[100];
	memset(long_word, 'a', sizeof long_word - 1);
	long_word[sizeof long_word - 1] = '\0';
	assert_false(near_miss(long_word, 99, long_word, 98));	/* too long to compare */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_near_miss),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
