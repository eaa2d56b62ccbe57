/* state: units and leaders as the game goes. */
#include "state.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../grammar/xalloc.h"
#include "rff_vocab.h"	/* RFF's unit fields, still here: docs/rules.md, interface section */

/* The nation of the side a unit or leader belongs to. */
static const char *nation_of(const struct battle *b, const char *side)
{
	const struct sym *s = side ? battle_find(b, 'S', side) : NULL;
	return s ? b->stmts[s->stmt].u.side.nation : NULL;
}

static void init_unit(struct unit_state *u, const struct battle *b, const struct st_unit *d)
{
	memset(u, 0, sizeof *u);
	u->decl = d;
	u->nation = nation_of(b, d->side);
	u->start = u->stands = d->stands > 0 ? d->stands : 1;
	const char *order = d->slot[RC_ORDER];
	u->order = !order || strcmp(order, "good-order") == 0 ? ORDER_GOOD
		   : strcmp(order, "broken") == 0	      ? ORDER_BROKEN
							      : ORDER_DISORDERED;
	u->formation = u->order == ORDER_BROKEN ? NULL : d->slot[RC_FORMATION];	/* broken: none (000:416) */
	u->sheltered_in = -1;
	u->first_leader = -1;
	u->limbered = d->slot[RC_LIMBER] && strcmp(d->slot[RC_LIMBER], "limbered") == 0;
	u->mounted = strcmp(d->slot[RC_ARM] ? d->slot[RC_ARM] : "", "cav") == 0 &&
		     !(d->slot[RC_MOUNT] && strcmp(d->slot[RC_MOUNT], "dismounted") == 0);
	for (int i = 0; i < d->n_flags; i++)
		if (strcmp(d->flags[i], "reserve") == 0)
			u->off_table = true;
}

void state_init(struct state *st, const struct battle *b)
{
	memset(st, 0, sizeof *st);
	st->b = b;
	st->cond = vocab_default(b->vocab, b->vocab->condition);
	for (int i = 0; i < b->n_syms; i++) {
		const struct sym *y = &b->syms[i];
		if (y->kind == 'U')
			st->n_units++;
		else if (y->kind == 'L')
			st->n_leaders++;
	}
	st->units = xcalloc(st->n_units, sizeof *st->units);
	st->leaders = xcalloc(st->n_leaders, sizeof *st->leaders);
	st->of_sym = xcalloc((size_t)b->n_syms + 1, sizeof *st->of_sym);
	int u = 0, l = 0;
	for (int i = 0; i < b->n_syms; i++) {
		const struct sym *y = &b->syms[i];
		const struct stmt *s = &b->stmts[y->stmt];
		st->of_sym[i] = y->kind == 'U' ? u : y->kind == 'L' ? l : -1;
		if (y->kind == 'U') {
			init_unit(&st->units[u], b, &s->u.unit);
			st->units[u++].decl_stmt = y->stmt;
		} else if (y->kind == 'L') {
			struct leader_state *ls = &st->leaders[l++];
			ls->decl = &s->u.leader;
			ls->attached = -1;
			ls->next = -1;
			ls->deputy_for = -1;
			ls->replaced_by = -1;
		}
	}
}

void state_release(struct state *st)
{
	free(st->units);
	free(st->leaders);
	free(st->touched);
	free(st->of_sym);
	free(st->waiting);
	free(st->away);
	memset(st, 0, sizeof *st);
}

void state_copy(struct state *dst, const struct state *src)
{
	struct unit_state *units = dst->units;
	struct leader_state *leaders = dst->leaders;
	if (!units || dst->n_units != src->n_units || dst->n_leaders != src->n_leaders) {
		free(units);
		free(leaders);
		units = xcalloc(src->n_units, sizeof *units);
		leaders = xcalloc(src->n_leaders, sizeof *leaders);
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
	dst->units = units;
	dst->leaders = leaders;
	dst->touched = touched;	/* a copy starts with nothing touched */
	dst->n_touched = 0;
	dst->cap_touched = cap_touched;
	memcpy(units, src->units, src->n_units * sizeof *units);
	memcpy(leaders, src->leaders, src->n_leaders * sizeof *leaders);
}

int state_unit(const struct state *st, const char *id)
{
	const struct sym *y = battle_find(st->b, 'U', id);
	return y && y->kind == 'U' ? st->of_sym[y - st->b->syms] : -1;
}

int state_leader(const struct state *st, const char *id)
{
	const struct sym *y = battle_find(st->b, 'L', id);
	return y && y->kind == 'L' ? st->of_sym[y - st->b->syms] : -1;
}

bool state_is(const struct unit_state *u, const char *arm)
{
	return u->decl->slot[RC_ARM] && strcmp(u->decl->slot[RC_ARM], arm) == 0;
}

bool state_has_flag(const struct unit_state *u, const char *flag)
{
	return battle_has_flag(u->decl->flags, u->decl->n_flags, flag);
}

int state_attached_leader(const struct state *st, int u)
{
	for (int i = u >= 0 ? st->units[u].first_leader : -1; i >= 0; i = st->leaders[i].next)
		if (!st->leaders[i].removed && !st->leaders[i].out_until)
			return i;
	return -1;
}

void state_attach(struct state *st, int l, int u)
{
	struct leader_state *ls = &st->leaders[l];
	if (ls->attached >= 0) {	/* off the list of the unit it leaves */
		int *p = &st->units[ls->attached].first_leader;
		while (*p >= 0 && *p != l)
			p = &st->leaders[*p].next;
		if (*p == l)
			*p = ls->next;
	}
	ls->attached = u;
	ls->next = -1;
	if (u >= 0) {
		ls->next = st->units[u].first_leader;
		st->units[u].first_leader = l;
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
	return state_unit_lose(&st->units[u], n);
}

int state_unit_lose(struct unit_state *us, int n)
{
	us->stands -= n;
	if (us->stands < 0)
		us->stands = 0;
	if (us->stands > STATE_MAX_STANDS)	/* stands added by hand, event after event */
		us->stands = STATE_MAX_STANDS;
	if (us->stands <= 1 && !state_is(us, "gun"))
		us->removed = true;	/* 000:532: reduced to a single stand */
	if (us->stands == 0)
		us->removed = true;
	if (us->silenced > us->stands)	/* the lost stands take their marks with them */
		us->silenced = us->stands;
	if (us->damaged > us->stands)
		us->damaged = us->stands;
	if (state_is(us, "gun") && us->low_ammo > us->stands)
		us->low_ammo = us->stands;
	return us->stands;
}

void state_set_order(struct unit_state *u, enum unit_order order)
{
	if (order == ORDER_BROKEN && u->order != ORDER_BROKEN && !state_is(u, "gun"))
		u->formation = NULL;	/* "The unit loses formation" */
	else if (order != ORDER_BROKEN && u->order == ORDER_BROKEN && !state_is(u, "gun"))
		/* "reforms into line facing toward the enemy"; dismounted cavalry
		 * deploys only in open order (000:582) */
		u->formation = state_is(u, "cav") && !u->mounted ? "open" : "line";
	u->order = order;
}

static int clamp_marks(int marks, int stands)
{
	return marks < 0 ? 0 : marks > stands ? stands : marks;
}

void state_silence(struct unit_state *u, int n)
{
	u->silenced = clamp_marks(u->silenced + n, u->stands);
}

void state_low_ammo(struct unit_state *u, int n)
{
	u->low_ammo = state_is(u, "gun") ? clamp_marks(u->low_ammo + n, u->stands) : 1;
}

void state_damage(struct unit_state *u, int n)
{
	u->damaged = clamp_marks(u->damaged + n, u->stands);
}

const char *state_describe(const struct state *st, int u, char *buf, size_t size)
{
	const struct unit_state *us = &st->units[u];
	if (us->removed) {
		snprintf(buf, size, "removed from the game");
		return buf;
	}
	static const char *const orders[] = {"good order", "disordered", "broken"};
	int n = snprintf(buf, size, "%d stand%s", us->stands, us->stands == 1 ? "" : "s");
	if (state_is(us, "gun")) {
		if (us->silenced)
			n += snprintf(buf + n, size - n, ", %d silenced", us->silenced);
		if (us->damaged)
			n += snprintf(buf + n, size - n, ", %d damaged", us->damaged);
		snprintf(buf + n, size - n, ", %s", us->limbered ? "limbered" : "unlimbered");
	} else {
		n += snprintf(buf + n, size - n, ", %s%s", orders[us->order],
			      us->disorder_pending && us->order == ORDER_GOOD ? " (disordered when the phase ends)" : "");
		if (us->formation && n >= 0 && (size_t)n < size)
			n += snprintf(buf + n, size - n, ", %s", us->formation);
		if (state_is(us, "cav") && !us->mounted && n >= 0 && (size_t)n < size)
			snprintf(buf + n, size - n, ", dismounted");
	}
	return buf;
}

void state_enter(struct state *st, const struct stmt *s)
{
	int kept = 0;
	for (int k = 0; k < st->n_waiting; k++) {	/* marks that wait for the phase to end */
		int i = st->waiting[k];
		struct unit_state *us = &st->units[i];
		if (us->disorder_pending) {
			us->disorder_pending = false;
			if (us->order == ORDER_GOOD)
				us->order = ORDER_DISORDERED;
			state_touch_unit(st, i);
		}
		/* hasty only in the player turn formed (000:646) */
		if (us->hasty_expires && s->kind == ST_TURN) {
			us->hasty_expires = false;
			if (us->formation && strcmp(us->formation, "hasty-square") == 0) {
				us->formation = "square";
				state_touch_unit(st, i);
			}
		}
		if (us->hasty_expires)
			st->waiting[kept++] = i;	/* until the next turn */
	}
	st->n_waiting = kept;
	if (s->kind == ST_TURN) {
		const struct st_turn *t = &s->u.turn;
		st->turn = t->number;
		st->side = t->side;
		st->cond = t->cond ? t->cond : vocab_default(st->b->vocab, st->b->vocab->condition);
		st->cond_num = t->cond_num;
		st->cond_word = t->cond_word;
		st->phase = NULL;
		kept = 0;
		for (int k = 0; k < st->n_away; k++) {
			int i = st->away[k];
			struct leader_state *ls = &st->leaders[i];
			if (ls->out_until && ls->out_until < st->turn) {
				ls->out_until = 0;
				state_touch_leader(st, i);
			}
			if (ls->dismounted && ls->dismounted_until < st->turn) {
				ls->dismounted = false;
				state_touch_leader(st, i);
			}
			if (ls->out_until || ls->dismounted)
				st->away[kept++] = i;
		}
		st->n_away = kept;
	} else if (s->kind == ST_PHASE) {
		st->phase = s->u.phase.phase;
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

const char *state_order_word(enum unit_order order)
{
	static const char *const words[] = {
		[ORDER_GOOD] = "good-order", [ORDER_DISORDERED] = "disordered", [ORDER_BROKEN] = "broken"};
	return words[order];
}

static const char *unit_id(const struct state *st, int u)
{
	return u >= 0 && u < st->n_units ? st->units[u].decl->id : NULL;
}

static const char *leader_id(const struct state *st, int l)
{
	return l >= 0 && l < st->n_leaders ? st->leaders[l].decl->id : NULL;
}

/* Every field for every unit of an arm, so that a removed unit keeps them
 * all and readers of the JSON find one shape per arm. */
void state_unit_fields(const struct state *st, int u, struct fields *out)
{
	const struct unit_state *us = &st->units[u];
	out->n = 0;
	fields_text(out, "side", us->decl->side);
	fields_int(out, "stands", us->stands);
	fields_int(out, "start", us->start);
	fields_bool(out, "removed", us->removed);
	fields_bool(out, "off_table", us->off_table);
	fields_bool(out, "low_ammo", us->low_ammo > 0);
	if (state_is(us, "gun")) {
		fields_int(out, "low_ammo_stands", us->low_ammo);
		fields_bool(out, "limbered", us->limbered);
		fields_int(out, "silenced", us->silenced);
		fields_int(out, "damaged", us->damaged);
		fields_int(out, "wrecked", us->wrecked);
		fields_bool(out, "sheltered", us->sheltered);
		fields_text(out, "sheltered_in", us->sheltered ? unit_id(st, us->sheltered_in) : NULL);
	} else {
		fields_text(out, "order", state_order_word(us->order));
		fields_text(out, "formation", us->formation);
		fields_bool(out, "disorder_pending", us->disorder_pending);
		if (state_is(us, "cav"))
			fields_bool(out, "mounted", us->mounted);
	}
	fields_bool(out, "diverged", us->diverged);
}

void state_leader_fields(const struct state *st, int l, struct fields *out)
{
	const struct leader_state *ls = &st->leaders[l];
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
	fields_bool(out, "dismounted", ls->dismounted);
	fields_text(out, "attached", unit_id(st, ls->attached));
	fields_text(out, "replaced_by", leader_id(st, ls->replaced_by));
	fields_text(out, "deputy_for", leader_id(st, ls->deputy_for));
}
