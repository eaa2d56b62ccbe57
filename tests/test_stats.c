/* test_stats: the chi-square test against printed tables; the Wilson interval against its formula. */
#include <math.h>

#include "testutil.h"
#include "../reports/stats.h"

/* Upper-tail critical values from any table of the chi-square
 * distribution (NIST/SEMATECH e-Handbook, 1.3.6.7.4). */
static void test_critical_values(void **state)
{
	(void)state;
	static const struct {
		int df;
		double x, p;
	} table[] = {
		{1, 3.841, 0.05}, {1, 6.635, 0.01}, {5, 11.070, 0.05}, {9, 16.919, 0.05},
		{9, 21.666, 0.01}, {9, 4.168, 0.90}, {5, 1.610, 0.90},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		assert_true(fabs(stats_chi2_p(table[i].x, table[i].df) - table[i].p) < 5e-4);
	/* two degrees of freedom: exactly exp(-x/2) */
	assert_true(fabs(stats_chi2_p(2.0, 2) - exp(-1.0)) < 1e-12);
	assert_true(stats_chi2_p(0.0, 9) == 1.0);
}

static void test_uniform(void **state)
{
	(void)state;
	/* 10 rolls on a d4, 2.5 expected a face: (1.5^2 + 0.5^2 + 0.5^2 + 1.5^2) / 2.5 */
	static const long counts[] = {1, 2, 3, 4};
	assert_true(fabs(stats_chi2_uniform(counts, 4) - 2.0) < 1e-12);
	static const long even[] = {5, 5, 5, 5, 5, 5};
	assert_true(stats_chi2_uniform(even, 6) == 0.0);
}

/* The Wilson score interval (Wilson 1927), (p + z^2/2n +- z sqrt(p(1-p)/n +
 * z^2/4n^2)) / (1 + z^2/n), at z = 1.959964 (95%), worked apart from the
 * code: 3 of 5 is 0.230724 to 0.882379, 1 of 5 0.036224 to 0.624465, 0 of
 * 10 0 to 0.277533 and 10 of 10 its mirror; no trials, no interval. */
static void test_wilson(void **state)
{
	(void)state;
	static const struct {
		long k, n;
		double lo, hi;
	} cases[] = {
		{3, 5, 0.230724, 0.882379}, {1, 5, 0.036224, 0.624465}, {0, 10, 0.0, 0.277533},
		{10, 10, 0.722467, 1.0},    {7, 12, 0.319511, 0.806740}, {0, 0, 0.0, 0.0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double lo, hi;
		stats_wilson(cases[i].k, cases[i].n, 1.959964, &lo, &hi);
		if (fabs(lo - cases[i].lo) > 1e-6 || fabs(hi - cases[i].hi) > 1e-6)
			fail_msg("%ld of %ld: %f to %f, expected %f to %f", cases[i].k, cases[i].n, lo, hi, cases[i].lo,
				 cases[i].hi);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_critical_values), cmocka_unit_test(test_uniform),
					   cmocka_unit_test(test_wilson)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
