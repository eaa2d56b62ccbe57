/* near: the restricted Damerau-Levenshtein distance, small and bounded. */
#include "near.h"

#include <ctype.h>

enum { NEAR_MAX = 64 };

static int min3(int a, int b, int c)
{
	int m = a < b ? a : b;
	return m < c ? m : c;
}

int near_distance(const char *a, size_t alen, const char *b, size_t blen, int max)
{
	if (alen > NEAR_MAX || blen > NEAR_MAX)
		return max + 1;
	if ((alen > blen ? alen - blen : blen - alen) > (size_t)max)
		return max + 1;	/* the lengths alone are too far apart */
	static int d[NEAR_MAX + 1][NEAR_MAX + 1];
	for (size_t i = 0; i <= alen; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= blen; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= alen; i++)
		for (size_t j = 1; j <= blen; j++) {
			int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
			int cost = ca != cb;
			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;	/* two neighbours swapped */
		}
	return d[alen][blen] > max ? max + 1 : d[alen][blen];
}

bool near_miss(const char *a, size_t alen, const char *b, size_t blen)
{
	if (alen < 3 || blen < 3)
		return false;	/* "b" for "a": any short word is one edit from another */
	int allowed = alen >= 6 ? 2 : 1;
	int n = near_distance(a, alen, b, blen, allowed);
	return n > 0 && n <= allowed;
}
