/* arena: a list of blocks, each handed out front to back. */
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

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
		free(b);
	}
	free(a);
}

void *arena_alloc(struct arena *a, size_t n)
{
	size_t align = alignof(max_align_t);
	n = (n + align - 1) / align * align;
	struct block *b = a->head;
	if (!b || b->size - b->used < n) {
		size_t size = n > BLOCK_SIZE ? n : BLOCK_SIZE;
		b = xmalloc(sizeof *b + size);
		b->used = 0;
		b->size = size;
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += n;
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
