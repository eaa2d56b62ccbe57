/* stats: the chi-square test of the luck report, the Wilson interval of the balance report. */
#include "stats.h"

#include <math.h>

enum { MAX_ITERATIONS = 500 };
#define EPSILON 1e-14
#define TINY 1e-300

/* P(a, x) by its series, for x < a + 1. */
static double lower_series(double a, double x)
{
	double term = 1.0 / a, sum = term;
	for (int n = 1; n < MAX_ITERATIONS && fabs(term) > fabs(sum) * EPSILON; n++) {
		term *= x / (a + n);
		sum += term;
	}
	return sum * exp(-x + a * log(x) - lgamma(a));
}

/* Q(a, x) by its continued fraction (modified Lentz), for x >= a + 1. */
static double upper_fraction(double a, double x)
{
	double b = x + 1.0 - a, c = 1.0 / TINY, d = 1.0 / b, h = d;
	for (int i = 1; i < MAX_ITERATIONS; i++) {
		double an = -i * (i - a);
		b += 2.0;
		d = an * d + b;
		if (fabs(d) < TINY)
			d = TINY;
		c = b + an / c;
		if (fabs(c) < TINY)
			c = TINY;
		d = 1.0 / d;
		double delta = d * c;
		h *= delta;
		if (fabs(delta - 1.0) < EPSILON)
			break;
	}
	return exp(-x + a * log(x) - lgamma(a)) * h;
}

double stats_chi2_p(double x, int df)
{
	if (x <= 0 || df <= 0)
		return 1.0;
	double a = df / 2.0, half = x / 2.0;
	return half < a + 1.0 ? 1.0 - lower_series(a, half) : upper_fraction(a, half);
}

double stats_chi2_uniform(const long *counts, int n)
{
	long total = 0;
	for (int i = 0; i < n; i++)
		total += counts[i];
	if (total == 0 || n <= 0)
		return 0.0;
	double expected = (double)total / n, chi2 = 0.0;
	for (int i = 0; i < n; i++)
		chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
	return chi2;
}

void stats_wilson(long k, long n, double z, double *lo, double *hi)
{
	*lo = *hi = 0.0;
	if (n <= 0)
		return;
	double p = (double)k / n, z2 = z * z, den = 1.0 + z2 / n;
	double centre = (p + z2 / (2.0 * n)) / den;
	double half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / den;
	*lo = centre - half < 0.0 ? 0.0 : centre - half;
	*hi = centre + half > 1.0 ? 1.0 : centre + half;
}
