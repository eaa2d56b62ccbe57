/* xalloc: allocation that never returns NULL.
 *
 * Out of memory is the one condition umpire does not report as data: these
 * functions print a message and abort.  Everything else returns a status. */
#ifndef UMPIRE_XALLOC_H
#define UMPIRE_XALLOC_H

#include <stddef.h>

/* malloc/calloc/realloc that abort on failure; the caller owns the result. */
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);

/* A NUL-terminated copy of s (or of its first n bytes); the caller frees it. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
