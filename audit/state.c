/* state: units and leaders as the game goes. */
#include "state.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../grammar/xalloc.h"

/* The side a unit or leader belongs to, or NULL. */
static const struct st_side *side_of(const struct battle *b, const char *side)
{
	const struct sym *s = side ? battle_find(b, 'S', side) : NULL;
	return s ? &b->stmts[s->stmt].u->side : NULL;
}

static void init_unit(struct unit_state *u, const struct battle *b, const struct st_unit *d, int stmt)
{
	u->decl = d;
	u->decl_stmt = stmt;
	const struct st_side *side = side_of(b, d->side);
	u->nation = side ? side->nation : NULL;
	u->start = u->stands = d->stands > 0 ? d->stands : 1;
	u->original = d->original > 0 ? d->original : u->start;
	u->first_leader = -1;
}

/* A turn's condition when it gives none: the vocabulary's default. */
static void default_condition(struct state *st)
{
	const struct vocab *v = st->b->vocab;
	const char *word = vocab_default(v, v->condition);
	st->cond_code = word ? vocab_code(vocab_find(v, v->condition, word, strlen(word))) : 0;
}

void state_init(struct state *st, const struct battle *b, const struct state_rules *rules)
{
	memset(st, 0, sizeof *st);
	st->b = b;
	st->rules = rules;
	/* a size of 0: the core's records alone; a record smaller than the
	 * core's cannot begin with it */
	assert(!rules || !rules->unit_size || rules->unit_size >= sizeof(struct unit_state));
	assert(!rules || !rules->leader_size || rules->leader_size >= sizeof(struct leader_state));
	st->unit_size = rules && rules->unit_size ? rules->unit_size : sizeof(struct unit_state);
	st->leader_size = rules && rules->leader_size ? rules->leader_size : sizeof(struct leader_state);
	default_condition(st);
	for (int i = 0; i < b->n_syms; i++) {
		const struct sym *y = &b->syms[i];
		if (y->kind == 'U')
			st->n_units++;
		else if (y->kind == 'L')
			st->n_leaders++;
	}
	st->unit_mem = xcalloc(st->n_units, st->unit_size);
	st->leader_mem = xcalloc(st->n_leaders, st->leader_size);
	st->of_sym = xcalloc((size_t)b->n_syms + 1, sizeof *st->of_sym);
	int u = 0, l = 0;
	for (int i = 0; i < b->n_syms; i++) {	/* first: a declaration's cmd= and under= are read below */
		const struct sym *y = &b->syms[i];
		st->of_sym[i] = y->kind == 'U' ? u++ : y->kind == 'L' ? l++ : -1;
	}
	u = l = 0;
	for (int i = 0; i < b->n_syms; i++) {
		const struct sym *y = &b->syms[i];
		const struct stmt *s = &b->stmts[y->stmt];
		if (y->kind == 'U') {
			init_unit(state_unit_at(st, u), b, &s->u->unit, y->stmt);
			state_unit_at(st, u)->cmd = s->u->unit.cmd ? state_leader(st, s->u->unit.cmd) : -1;
			if (rules && rules->unit_init)
				rules->unit_init(st, u);
			u++;
		} else if (y->kind == 'L') {
			struct leader_state *ls = state_leader_at(st, l++);
			ls->decl = &s->u->leader;
			ls->attached = -1;
			ls->next = -1;
			ls->deputy_for = -1;
			ls->replaced_by = -1;
			ls->under = ls->decl->under ? state_leader(st, ls->decl->under) : -1;
			if (rules && rules->leader_init)
				rules->leader_init(st, l - 1);
		}
	}
}

void state_release(struct state *st)
{
	free(st->unit_mem);
	free(st->leader_mem);
	free(st->touched);
	free(st->of_sym);
	free(st->waiting);
	free(st->away);
	memset(st, 0, sizeof *st);
}

void state_copy(struct state *dst, const struct state *src)
{
	unsigned char *units = dst->unit_mem;
	unsigned char *leaders = dst->leader_mem;
	if (!units || dst->n_units != src->n_units || dst->unit_size != src->unit_size ||
	    dst->n_leaders != src->n_leaders || dst->leader_size != src->leader_size) {
		free(units);
		free(leaders);
		units = xcalloc(src->n_units, src->unit_size);
		leaders = xcalloc(src->n_leaders, src->leader_size);
	}
	int *touched = dst->touched;
	int cap_touched = dst->cap_touched;
	int *of_sym = dst->of_sym;
	if (!of_sym)
		of_sym = xcalloc((size_t)src->b->n_syms + 1, sizeof *of_sym);
	memcpy(of_sym, src->of_sym, (size_t)src->b->n_syms * sizeof *of_sym);
	int *lists[2] = {dst->waiting, dst->away};
	*dst = *src;
	dst->of_sym = of_sym;
	/* the lists are copied whole: they are short (what waits for a header) */
	dst->waiting = xrealloc(lists[0], ((size_t)src->cap_waiting + 1) * sizeof *dst->waiting);
	dst->away = xrealloc(lists[1], ((size_t)src->cap_away + 1) * sizeof *dst->away);
	if (src->n_waiting)
		memcpy(dst->waiting, src->waiting, (size_t)src->n_waiting * sizeof *dst->waiting);
	if (src->n_away)
		memcpy(dst->away, src->away, (size_t)src->n_away * sizeof *dst->away);
	dst->unit_mem = units;
	dst->leader_mem = leaders;
	dst->touched = touched;	/* a copy starts with nothing touched */
	dst->n_touched = 0;
	dst->cap_touched = cap_touched;
	memcpy(units, src->unit_mem, (size_t)src->n_units * src->unit_size);
	memcpy(leaders, src->leader_mem, (size_t)src->n_leaders * src->leader_size);
}

int state_unit(const struct state *st, const char *id)
{
	const struct sym *y = battle_find(st->b, 'U', id);
	return y && y->kind == 'U' ? st->of_sym[y - st->b->syms] : -1;
}

int state_unit_of(const struct state *st, int sym, const char *id)
{
	assert(!sym || st->b->syms[sym - 1].kind == 'U');	/* the parser keeps only a unit's */
	return sym ? st->of_sym[sym - 1] : state_unit(st, id);
}

int state_leader_of(const struct state *st, int sym, const char *id)
{
	assert(!sym || st->b->syms[sym - 1].kind == 'L');
	return sym ? st->of_sym[sym - 1] : state_leader(st, id);
}

int state_unit_ref(const struct state *st, const struct uref *u)
{
	return state_unit_of(st, u->sym, u->id);
}

int state_leader(const struct state *st, const char *id)
{
	const struct sym *y = battle_find(st->b, 'L', id);
	return y && y->kind == 'L' ? st->of_sym[y - st->b->syms] : -1;
}

bool state_has_flag(const struct unit_state *u, int code)
{
	return battle_has_flag(u->decl->flags, u->decl->n_flags, code);
}

int state_attached_leader(const struct state *st, int u)
{
	for (int i = u >= 0 ? state_unit_at(st, u)->first_leader : -1; i >= 0; i = state_leader_at(st, i)->next)
		if (!state_leader_at(st, i)->removed && !state_leader_at(st, i)->out_until)
			return i;
	return -1;
}

void state_attach(struct state *st, int l, int u)
{
	struct leader_state *ls = state_leader_at(st, l);
	if (ls->attached >= 0) {	/* off the list of the unit it leaves */
		int *p = &state_unit_at(st, ls->attached)->first_leader;
		while (*p >= 0 && *p != l)
			p = &state_leader_at(st, *p)->next;
		if (*p == l)
			*p = ls->next;
	}
	ls->attached = u;
	ls->next = -1;
	if (u >= 0) {
		ls->next = state_unit_at(st, u)->first_leader;
		state_unit_at(st, u)->first_leader = l;
	}
}

static void push(int **v, int *n, int *cap, int x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xrealloc(*v, (size_t)*cap * sizeof **v);
	}
	(*v)[(*n)++] = x;
}

void state_wait(struct state *st, int u)
{
	push(&st->waiting, &st->n_waiting, &st->cap_waiting, u);
}

void state_away(struct state *st, int l)
{
	push(&st->away, &st->n_away, &st->cap_away, l);
}

int state_lose(struct state *st, int u, int n)
{
	int stands = state_unit_lose(state_unit_at(st, u), n);
	if (st->rules && st->rules->unit_lost)
		st->rules->unit_lost(st, u);
	return stands;
}

int state_unit_lose(struct unit_state *us, int n)
{
	us->stands -= n;
	if (us->stands < 0)
		us->stands = 0;
	if (us->stands > STATE_MAX_STANDS)	/* stands added by hand, event after event */
		us->stands = STATE_MAX_STANDS;
	if (us->stands <= us->remove_at)
		us->removed = true;
	return us->stands;
}

void state_enter(struct state *st, const struct stmt *s)
{
	int kept = 0;
	for (int k = 0; k < st->n_waiting; k++) {	/* marks that wait for a header */
		int i = st->waiting[k];
		if (st->rules && st->rules->unit_header && st->rules->unit_header(st, i, s))
			st->waiting[kept++] = i;
	}
	st->n_waiting = kept;
	if (s->kind == ST_TURN) {
		const struct st_turn *t = &s->u->turn;
		st->turn = t->number;
		st->side = t->side;
		default_condition(st);
		if (t->cond)
			st->cond_code = t->cond->code;
		st->cond_num = t->cond_num;
		st->cond_word_code = vocab_code(t->cond_word);
		st->phase = NULL;
		st->phase_bit = 0;
		kept = 0;
		for (int k = 0; k < st->n_away; k++) {
			int i = st->away[k];
			struct leader_state *ls = state_leader_at(st, i);
			if (ls->out_until && ls->out_until < st->turn) {
				ls->out_until = 0;
				state_touch_leader(st, i);
			}
			bool marked = st->rules && st->rules->leader_header && st->rules->leader_header(st, i, s);
			if (ls->out_until || marked)
				st->away[kept++] = i;
		}
		st->n_away = kept;
	} else if (s->kind == ST_PHASE) {
		st->phase = s->u->phase.phase;
		st->phase_bit = s->u->phase.bit;
	}
}

static void touch(struct state *st, int code)
{
	for (int i = 0; i < st->n_touched; i++)
		if (st->touched[i] == code)
			return;
	if (st->n_touched == st->cap_touched) {
		st->cap_touched = st->cap_touched ? st->cap_touched * 2 : 8;
		st->touched = xrealloc(st->touched, st->cap_touched * sizeof *st->touched);
	}
	st->touched[st->n_touched++] = code;
}

void state_touch_unit(struct state *st, int u)
{
	touch(st, u);
}

void state_touch_leader(struct state *st, int l)
{
	touch(st, -1 - l);
}

void fields_int(struct fields *f, const char *name, int num)
{
	assert(f->n < FIELDS_MAX);
	if (f->n < FIELDS_MAX)
		f->v[f->n++] = (struct field){.name = name, .type = FIELD_INT, .num = num};
}

void fields_bool(struct fields *f, const char *name, bool b)
{
	assert(f->n < FIELDS_MAX);
	if (f->n < FIELDS_MAX)
		f->v[f->n++] = (struct field){.name = name, .type = FIELD_BOOL, .num = b};
}

void fields_text(struct fields *f, const char *name, const char *text)
{
	assert(f->n < FIELDS_MAX);
	if (f->n < FIELDS_MAX)
		f->v[f->n++] = (struct field){.name = name, .type = FIELD_TEXT, .text = text};
}

const struct field *fields_get(const struct fields *f, const char *name)
{
	for (int i = 0; i < f->n; i++)
		if (strcmp(f->v[i].name, name) == 0)
			return &f->v[i];
	return NULL;
}

static const char *unit_id(const struct state *st, int u)
{
	return u >= 0 && u < st->n_units ? state_unit_at(st, u)->decl->id : NULL;
}

static const char *leader_id(const struct state *st, int l)
{
	return l >= 0 && l < st->n_leaders ? state_leader_at(st, l)->decl->id : NULL;
}

#define STATE_CORE_NAME(tag, name) [STATE_CORE_##tag] = name,
const char *const state_unit_core_names[STATE_UNIT_CORE] = {STATE_UNIT_CORE_FIELDS(STATE_CORE_NAME)};
#undef STATE_CORE_NAME

void state_unit_fields(const struct state *st, int u, struct fields *out)
{
	const struct unit_state *us = state_unit_at(st, u);
	out->n = 0;
	const char *const *core = state_unit_core_names;
	fields_text(out, core[STATE_CORE_SIDE], us->decl->side);
	fields_int(out, core[STATE_CORE_STANDS], us->stands);
	fields_int(out, core[STATE_CORE_START], us->start);
	fields_bool(out, core[STATE_CORE_REMOVED], us->removed);
	fields_bool(out, core[STATE_CORE_OFF_TABLE], us->off_table);
	if (st->rules && st->rules->unit_fields)
		st->rules->unit_fields(st, u, out);
	fields_bool(out, "diverged", us->diverged);
}

void state_leader_fields(const struct state *st, int l, struct fields *out)
{
	const struct leader_state *ls = state_leader_at(st, l);
	out->n = 0;
	fields_text(out, "side", ls->decl->side);
	fields_bool(out, "in_play", !ls->removed && !ls->out_until);
	if (ls->out_until)
		fields_int(out, "out_until", ls->out_until);
	else
		fields_text(out, "out_until", NULL);
	fields_bool(out, "wounded", ls->wounded);
	fields_bool(out, "killed", ls->killed);
	fields_bool(out, "removed", ls->removed);
	if (st->rules && st->rules->leader_fields)
		st->rules->leader_fields(st, l, out);
	fields_text(out, "attached", unit_id(st, ls->attached));
	fields_text(out, "replaced_by", leader_id(st, ls->replaced_by));
	fields_text(out, "deputy_for", leader_id(st, ls->deputy_for));
}
