/* battle: the parsed log and its symbol table. */
#include "battle.h"

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "xalloc.h"

const char *const ruling_verb_names[RULING_VERBS] = {[RULING_ACCEPT] = "accept", [RULING_OVERRIDE] = "override"};

const struct tally *claim_tally(const struct claim *c, int code)
{
	for (int i = 0; i < c->n_tallies; i++)
		if (c->tallies[i].word->code == code)
			return &c->tallies[i];
	return NULL;
}

struct battle *battle_new(void)
{
	struct battle *b = xcalloc(1, sizeof *b);
	b->arena = arena_new();
	b->names = arena_new();
	sources_init(&b->src);
	return b;
}

void battle_free(struct battle *b)
{
	if (!b)
		return;
	arena_free(b->arena);
	arena_free(b->names);
	sources_release(&b->src);
	free(b->stmts);
	free(b->syms);
	free(b->sym_slots);
	free(b->ptr_slots);
	free(b->charts.v);
	free(b->comments);
	free(b);
}

int battle_add_stmt(struct battle *b, enum stmt_kind kind, int file, int line)
{
	if (b->n_stmts == b->cap_stmts) {
		b->cap_stmts = b->cap_stmts ? b->cap_stmts * 2 : 64;
		b->stmts = xrealloc(b->stmts, b->cap_stmts * sizeof *b->stmts);
	}
	struct stmt *s = &b->stmts[b->n_stmts];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->file = file;
	s->line = line;
	return b->n_stmts++;
}

struct loc stmt_at(const struct stmt *s)
{
	return (struct loc){s->file, s->line, 1, 0};
}

void battle_set_comment(struct battle *b, int i, const char *text)
{
	assert(i == b->n_stmts - 1 && (!b->n_comments || b->comments[b->n_comments - 1].stmt < i));
	if (b->n_comments == b->cap_comments) {
		b->cap_comments = b->cap_comments ? b->cap_comments * 2 : 64;
		b->comments = xrealloc(b->comments, b->cap_comments * sizeof *b->comments);
	}
	b->comments[b->n_comments++] = (struct stmt_comment){i, text};
}

void battle_cut(struct battle *b, int n)
{
	assert(n >= 0 && n <= b->n_stmts);
	b->n_stmts = n;
	while (b->n_comments && b->comments[b->n_comments - 1].stmt >= n)
		b->n_comments--;
}

struct loc stmt_place(const struct stmt *s, struct span sp)
{
	return (struct loc){s->file, s->line, sp.col, sp.len};
}

/* bsearch's order of comments: by their statement. */
static int comment_order(const void *key, const void *elem)
{
	int i = *(const int *)key, s = ((const struct stmt_comment *)elem)->stmt;
	return (i > s) - (i < s);
}

const char *battle_comment(const struct battle *b, int i)
{
	const struct stmt_comment *c =
		b->n_comments ? bsearch(&i, b->comments, (size_t)b->n_comments, sizeof *c, comment_order) : NULL;
	return c ? c->text : NULL;
}

/* The bytes of an event's body: the event up to its union, and the
 * union's member of its shape. */
static size_t event_size(const struct vocab_event *def)
{
	return offsetof(union stmt_body, event) + offsetof(struct event, u) + def->shape->size;
}

/* The bytes of a body of s's kind; 0 for the kinds without one. */
static size_t body_size(enum stmt_kind kind, const struct vocab_event *def)
{
	switch (kind) {
	case ST_BATTLE:
	case ST_SCENARIO:
	case ST_SPECIAL:
	case ST_RESULT:
		return sizeof(struct st_attrs);
	case ST_INCLUDE:
		return sizeof(struct st_include);
	case ST_OPTION:
		return sizeof(struct st_option);
	case ST_SIDE:
		return sizeof(struct st_side);
	case ST_LEADER:
		return sizeof(struct st_leader);
	case ST_UNIT:
		return sizeof(struct st_unit);
	case ST_TURN:
		return sizeof(struct st_turn);
	case ST_PHASE:
		return sizeof(struct st_phase);
	case ST_EVENT:
		return event_size(def);
	case ST_RULING:
		return sizeof(struct st_ruling);
	default:
		return 0;
	}
}

union stmt_body *battle_body(struct battle *b, struct stmt *s, enum stmt_kind kind,
			     const struct vocab_event *def)
{
	assert((kind == ST_EVENT) == (def != NULL));
	assert(!def || def->shape->size <= sizeof s->u->event.u);	/* stmt_copy's copy holds it */
	s->kind = kind;
	size_t n = body_size(kind, def);
	s->u = n ? arena_alloc(b->arena, n) : NULL;
	if (def)
		s->u->event.def = def;
	return s->u;
}

void stmt_copy(const struct stmt *s, struct stmt *copy, union stmt_body *body)
{
	*copy = *s;
	memset(body, 0, sizeof *body);
	if (s->u)
		memcpy(body, s->u, body_size(s->kind, s->kind == ST_EVENT ? s->u->event.def : NULL));
	copy->u = s->u ? body : NULL;
}

/* Sides have their own name space; units and leaders share one. */
static int same_space(char a, char b)
{
	return (a == 'S') == (b == 'S');
}

const struct fact *battle_fact(const struct uref *u, int code, int value)
{
	assert(code != 0);	/* 0 is a word without a code: it would match them all */
	for (int i = 0; i < u->n_facts; i++)
		if (u->facts[i].word->code == code && (!value || u->facts[i].value_index == value))
			return &u->facts[i];
	return NULL;
}

/* FNV-1a of the id's len bytes without case (ids compare without case),
 * and the name space: a unit and a side may share an id. */
static unsigned id_hash(char kind, const char *id, size_t len)
{
	return fold_hash(kind == 'S' ? 2166136261u : 2166136261u ^ 0x5bd1e995u, id, len);
}

/* Whether symbol y is the id of len bytes at id, in kind's name space. */
static bool is_sym(const struct sym *y, char kind, const char *id, size_t len)
{
	return same_space(y->kind, kind) && fold_equal(y->id, id, len) && y->id[len] == '\0';
}

/* The slot of id in the table: its symbol's, or the free one it would take. */
static int find_slot(const struct battle *b, char kind, const char *id, size_t len)
{
	unsigned mask = (unsigned)b->n_slots - 1, h = id_hash(kind, id, len);
	for (unsigned i = h & mask;; i = (i + 1) & mask) {
		const struct sym_slot *s = &b->sym_slots[i];
		if (s->sym == 0 || (s->hash == h && is_sym(&b->syms[s->sym - 1], kind, id, len)))
			return (int)i;
	}
}

/* Fibonacci hashing of an address: its high bits, which every bit of the
 * address moves. */
static unsigned ptr_hash(const char *id)
{
	uint64_t h = (uint64_t)(uintptr_t)id * 0x9E3779B97F4A7C15u;
	return (unsigned)(h >> 32);
}

/* The slot of the symbol whose id string is at id, or the free one it would take. */
static int find_ptr_slot(const struct battle *b, const char *id)
{
	unsigned mask = (unsigned)b->n_slots - 1;
	for (unsigned i = ptr_hash(id) & mask;; i = (i + 1) & mask) {
		int s = b->ptr_slots[i];
		if (s == 0 || b->syms[s - 1].id == id)
			return (int)i;
	}
}

static void index_sym(struct battle *b, int i)
{
	const struct sym *y = &b->syms[i];
	size_t len = strlen(y->id);
	b->sym_slots[find_slot(b, y->kind, y->id, len)] = (struct sym_slot){i + 1, id_hash(y->kind, y->id, len)};
	b->ptr_slots[find_ptr_slot(b, b->syms[i].id)] = i + 1;
}

static void rehash(struct battle *b)
{
	int n = b->n_slots ? b->n_slots * 2 : 256;
	free(b->sym_slots);
	free(b->ptr_slots);
	b->sym_slots = xcalloc((size_t)n, sizeof *b->sym_slots);
	b->ptr_slots = xcalloc((size_t)n, sizeof *b->ptr_slots);
	b->n_slots = n;
	for (int i = 0; i < b->n_syms; i++)
		index_sym(b, i);
}

const struct sym *battle_find(const struct battle *b, char kind, const char *id)
{
	if (!b->n_slots)
		return NULL;
	int s = b->ptr_slots[find_ptr_slot(b, id)];	/* a symbol's own string */
	if (s && same_space(b->syms[s - 1].kind, kind))
		return &b->syms[s - 1];
	return battle_find_n(b, kind, id, strlen(id));
}

const struct sym *battle_find_n(const struct battle *b, char kind, const char *id, size_t len)
{
	if (!b->n_slots)
		return NULL;
	int s = b->sym_slots[find_slot(b, kind, id, len)].sym;
	return s ? &b->syms[s - 1] : NULL;
}

const struct sym *battle_declare(struct battle *b, char kind, const char *id, int stmt)
{
	const struct sym *old = battle_find(b, kind, id);
	if (old)
		return old;
	if (b->n_syms == b->cap_syms) {
		b->cap_syms = b->cap_syms ? b->cap_syms * 2 : 64;
		b->syms = xrealloc(b->syms, b->cap_syms * sizeof *b->syms);
	}
	b->syms[b->n_syms] = (struct sym){arena_strdup(b->names, id), kind, stmt};
	b->n_syms++;
	if (b->n_syms * 2 > b->n_slots)
		rehash(b);
	else
		index_sym(b, b->n_syms - 1);
	return &b->syms[b->n_syms - 1];
}

/* A unit gives a few slot words: a look along them is quicker than an index. */
static const struct unit_word *slot_of(const struct st_unit *u, int cat)
{
	for (int i = 0; i < u->n_words; i++)
		if (u->words[i].word->cat == cat)
			return &u->words[i];
	return NULL;
}

const char *battle_unit_word(const struct st_unit *u, int cat)
{
	const struct unit_word *w = slot_of(u, cat);
	return w ? w->word->word : NULL;
}

int battle_unit_code(const struct st_unit *u, int cat)
{
	const struct unit_word *w = slot_of(u, cat);
	return w ? w->word->code : 0;
}

struct loc battle_unit_at(const struct st_unit *u, int cat)
{
	const struct unit_word *w = slot_of(u, cat);
	return w ? w->at : (struct loc){0};
}

const struct st_attrs *stmt_attrs(const struct stmt *s)
{
	if (!s->u)
		return NULL;
	switch (s->kind) {
	case ST_BATTLE:
	case ST_SCENARIO:
	case ST_SPECIAL:
	case ST_RESULT:
		return &s->u->header;
	case ST_SIDE:
		return &s->u->side.attrs;
	case ST_LEADER:
		return &s->u->leader.attrs;
	case ST_UNIT:
		return &s->u->unit.attrs;
	case ST_RULING:
		return &s->u->ruling.attrs;
	default:
		return NULL;
	}
}

const char *stmt_text(const struct stmt *s)
{
	const struct st_attrs *a = stmt_attrs(s);
	return a ? a->text : NULL;
}

const struct kv *stmt_kv(const struct stmt *s, const char *key)
{
	const struct st_attrs *a = stmt_attrs(s);
	for (int i = 0; a && i < a->n_kvs; i++)
		if (strcmp(a->kvs[i].key, key) == 0)
			return &a->kvs[i];
	return NULL;
}

bool battle_clock(const struct battle *b, int turn, char out[8])
{
	const struct stmt *header = NULL;
	for (int i = 0; i < b->n_stmts && !header; i++)	/* the header comes first but for comments */
		if (b->stmts[i].kind == ST_BATTLE)
			header = &b->stmts[i];
	const struct kv *start = header ? stmt_kv(header, "start") : NULL;
	const struct kv *minutes = header ? stmt_kv(header, "turn-minutes") : NULL;
	int h, m;
	if (!start || !minutes || turn < 1 || sscanf(start->value, "%d:%d", &h, &m) != 2)
		return false;
	long t = (h * 60L + m + (long)(turn - 1) * atol(minutes->value)) % (24 * 60);
	snprintf(out, 8, "%02ld:%02ld", t / 60, t % 60);
	return true;
}

bool battle_has_flag(const struct vocab_word *const *flags, int n, int code)
{
	assert(code != 0);
	for (int i = 0; i < n; i++)
		if (flags[i]->code == code)
			return true;
	return false;
}
