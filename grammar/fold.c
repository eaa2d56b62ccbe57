/* fold: comparison without case (fold.h). */
#include "fold.h"

#include <string.h>

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

unsigned fold_hash(unsigned h, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		h = (h ^ fold((unsigned char)s[i])) * 16777619u;
	return h;
}

bool fold_same(const char *a, const char *b)
{
	size_t n = strlen(a);
	return fold_equal(a, b, n) && b[n] == '\0';
}

bool fold_equal(const char *a, const char *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (fold((unsigned char)a[i]) != fold((unsigned char)b[i]))
			return false;
	return true;
}
