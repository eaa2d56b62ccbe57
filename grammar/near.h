/* near: how close two spellings are, for "did you mean" hints. */
#ifndef UMPIRE_NEAR_H
#define UMPIRE_NEAR_H

#include <stdbool.h>
#include <stddef.h>

/* The edit distance (insertions, deletions, substitutions and swaps of two
 * neighbours) between a and b, compared without case, or max + 1 when it is
 * more than max. Words of up to 64 bytes; longer ones are never near. */
int near_distance(const char *a, size_t alen, const char *b, size_t blen, int max);

/* Is b a likely misspelling of a: both of 3 letters or more, within 1 edit,
 * or 2 for words of 6 letters or more? */
bool near_miss(const char *a, size_t alen, const char *b, size_t blen);

#endif
