/* arena: a list of blocks, each handed out front to back. */
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Under AddressSanitizer every allocation is followed by a poisoned zone
 * and a block's unused room is poisoned, so that a read past the end of an
 * arena's array fails the tests as a read past malloc's would. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
enum { REDZONE = 128 };	/* past a struct or two of an array */
#else
enum { REDZONE = 0 };
#define ASAN_POISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
#define ASAN_UNPOISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
#endif

enum { BLOCK_SIZE = 32 * 1024 };

struct block {
	struct block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

struct arena {
	struct block *head;
};

struct arena *arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

void arena_free(struct arena *a)
{
	if (!a)
		return;
	for (struct block *b = a->head, *next; b; b = next) {
		next = b->next;
		ASAN_UNPOISON_MEMORY_REGION(b->data, b->size);
		free(b);
	}
	free(a);
}

void *arena_alloc(struct arena *a, size_t n)
{
	size_t align = alignof(max_align_t);
	n = (n + align - 1) / align * align;
	size_t take = n ? n + REDZONE : 0;
	struct block *b = a->head;
	if (!b || b->size - b->used < take) {
		size_t size = take > BLOCK_SIZE ? take : BLOCK_SIZE;
		b = xmalloc(sizeof *b + size);
		b->used = 0;
		b->size = size;
		b->next = a->head;
		a->head = b;
		ASAN_POISON_MEMORY_REGION(b->data, size);
	}
	void *p = b->data + b->used;
	b->used += take;
	ASAN_UNPOISON_MEMORY_REGION(p, n);
	memset(p, 0, n);
	return p;
}

void *arena_memdup(struct arena *a, const void *p, size_t n)
{
	void *q = arena_alloc(a, n);
	if (n)
		memcpy(q, p, n);
	return q;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}
