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
enum { STRING_ALIGN = 8 };	/* the sanitizer's granule: a string's fence stays whole */
#else
enum { REDZONE = 0 };
enum { STRING_ALIGN = 1 };
#define ASAN_POISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
#define ASAN_UNPOISON_MEMORY_REGION(p, n) ((void)(p), (void)(n))
#endif

/* Blocks double from the first to the last size: a small battle takes
 * little, a large one few blocks (at 1 M events a tenth of check's system
 * time).  Each block is zeroed once by calloc (for free, from the kernel,
 * when malloc maps it), so no allocation needs a memset of its own. */
enum { FIRST_BLOCK = 32 * 1024, LAST_BLOCK = 256 * 1024 };

struct block {
	struct block *next;
	size_t used, size;
	alignas(max_align_t) unsigned char data[];
};

struct arena {
	struct block *head;
	size_t next_size;	/* the next block's, before it is fitted to a request */
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

/* A new block, zeroed, with room for take bytes at least. */
static struct block *add_block(struct arena *a, size_t take)
{
	size_t size = a->next_size ? a->next_size : FIRST_BLOCK;
	if (size < LAST_BLOCK)
		a->next_size = size * 2;
	if (size < take)
		size = take;
	struct block *b = xcalloc(1, sizeof *b + size);
	b->size = size;
	b->next = a->head;
	a->head = b;
	ASAN_POISON_MEMORY_REGION(b->data, size);
	return b;
}

/* n zeroed bytes at a multiple of align (a power of two). */
static void *take_bytes(struct arena *a, size_t n, size_t align)
{
	size_t take = n ? n + REDZONE : 0;
	struct block *b = a->head;
	size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
	if (!b || at > b->size || b->size - at < take) {
		b = add_block(a, take);
		at = 0;
	}
	void *p = b->data + at;
	b->used = at + take;
	ASAN_UNPOISON_MEMORY_REGION(p, n);
	return p;	/* zero: the block was, and nothing is handed out twice */
}

void *arena_alloc(struct arena *a, size_t n)
{
	return take_bytes(a, n, alignof(max_align_t));
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
	char *p = take_bytes(a, n + 1, STRING_ALIGN);	/* a string needs none of its own */
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}
