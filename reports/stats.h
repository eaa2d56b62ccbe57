/* stats: the few statistics the reports need, written out because the C
 * library has none of them and they are too small to bring in a library
 * for (lgamma and exp come from libm). */
#ifndef UMPIRE_STATS_H
#define UMPIRE_STATS_H

/* The chance that a chi-square variable of df degrees of freedom is at
 * least x: Q(df/2, x/2), the regularized upper incomplete gamma function
 * (Numerical Recipes' gammq: a series below a + 1, a continued fraction
 * above).  1 for x <= 0. */
double stats_chi2_p(double x, int df);

/* Pearson's chi-square of counts[0..n-1] against the same expected count
 * for each (total / n). */
double stats_chi2_uniform(const long *counts, int n);

/* The Wilson score interval of k successes in n trials at z standard
 * deviations (1.96 for 95%): *lo and *hi, both 0 when n is 0. */
void stats_wilson(long k, long n, double z, double *lo, double *hi);

#endif
