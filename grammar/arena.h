/* arena: bump allocation for a parsed battle.
 *
 * Every node, string and array of a struct battle lives in an arena of the
 * battle's and is freed with it; nothing in the tree is freed on its own. */
#ifndef UMPIRE_ARENA_H
#define UMPIRE_ARENA_H

#include <stddef.h>

struct arena;

/* A new, empty arena; free it with arena_free (NULL is a no-op). */
struct arena *arena_new(void);
void arena_free(struct arena *a);

/* n bytes, zeroed and aligned for any type; valid until arena_free. */
void *arena_alloc(struct arena *a, size_t n);
/* Copies of memory and strings, owned by the arena. */
void *arena_memdup(struct arena *a, const void *p, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);

#endif
