/* fold: words and ids compare without case, one way wherever the notation
 * is read (the grammar, and the recorder's words and ids).
 *
 * Only ASCII letters fold: the notation's words are ASCII, and an id's
 * other bytes (UTF-8) compare as they are, whatever the locale, so the
 * recorder (which sets the terminal's locale) and the command line match
 * the same ids.  No locale call is made: a lookup folds as it hashes. */
#ifndef UMPIRE_FOLD_H
#define UMPIRE_FOLD_H

#include <stdbool.h>
#include <stddef.h>

/* FNV-1a over the len bytes at s folded, continuing from h (2166136261u
 * to begin, or that mixed with a name space). */
unsigned fold_hash(unsigned h, const char *s, size_t len);

/* Whether the len bytes at a and at b are equal without case.  It stops
 * at the first that differ, so a string shorter than len (its NUL differs)
 * is read no further. */
bool fold_equal(const char *a, const char *b, size_t len);

/* Whether the strings a and b are equal without case. */
bool fold_same(const char *a, const char *b);

#endif
