/* record: the derivations kept for explain and --json. */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/xalloc.h"

void records_init(struct records *r)
{
	memset(r, 0, sizeof *r);
}

static void record_free(struct record *rec);

void records_clear(struct records *r)
{
	for (int i = 0; i < r->n; i++)
		record_free(&r->v[i]);
	r->n = 0;
}

static void record_free(struct record *rec)
{
	free(rec->steps);
	free(rec->parts);
	free(rec->states);
}

void records_keep(struct records *r, int stmt)
{
	int n = 0;
	for (int i = 0; i < r->n; i++) {
		if (r->v[i].stmt == stmt)
			r->v[n++] = r->v[i];
		else
			record_free(&r->v[i]);
	}
	r->n = n;
}

void records_release(struct records *r)
{
	records_clear(r);
	free(r->v);
	records_init(r);
}

struct record *records_add(struct records *r, int stmt, const char *kind)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 64;
		r->v = xrealloc(r->v, r->cap * sizeof *r->v);
	}
	struct record *rec = &r->v[r->n++];
	memset(rec, 0, sizeof *rec);
	rec->stmt = stmt;
	rec->kind = kind;
	return rec;
}

const struct record *records_find(const struct records *r, int stmt)
{
	for (int i = 0; i < r->n; i++)
		if (r->v[i].stmt == stmt)
			return &r->v[i];
	return NULL;
}

/* s (NULL: empty) into the size bytes at out, cut to fit as snprintf's
 * "%s" would, without formatting: a record takes one for every step. */
static void copy_cut(char *out, size_t size, const char *s)
{
	size_t n = s ? strnlen(s, size - 1) : 0;
	memcpy(out, s ? s : "", n);
	out[n] = '\0';
}

void record_step(struct record *rec, const char *source, const char *fmt, ...)
{
	if (!rec)
		return;
	if (rec->n_steps == rec->cap_steps) {
		rec->cap_steps = rec->cap_steps ? rec->cap_steps * 2 : 8;
		rec->steps = xrealloc(rec->steps, rec->cap_steps * sizeof *rec->steps);
	}
	struct step *s = &rec->steps[rec->n_steps++];
	s->names_at = s->names_len = 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->text, sizeof s->text, fmt, ap);
	va_end(ap);
	copy_cut(s->source, sizeof s->source, source);
}

void record_unapplied(struct record *rec, const char *unit, const char *names, const char *why)
{
	if (!rec)
		return;
	record_step(rec, NULL, "%s: no modifier for %s: %s", unit, names, why);
	struct step *s = &rec->steps[rec->n_steps - 1];
	size_t at = strlen(unit) + strlen(": no modifier for "), len = strlen(names);
	if (at + len < sizeof s->text) {	/* else it is never hidden */
		s->names_at = (short)at;
		s->names_len = (short)len;
	}
}

void record_claimed_unapplied(struct record *rec, const char *factor)
{
	if (!rec)
		return;
	if (rec->n_claimed_unapplied < (int)(sizeof rec->claimed_unapplied / sizeof rec->claimed_unapplied[0]))
		rec->claimed_unapplied[rec->n_claimed_unapplied] = factor;
	rec->n_claimed_unapplied++;
}

/* Whether "a; b; c" (n bytes) holds the name factor whole. */
static bool names_hold(const char *names, size_t n, const char *factor)
{
	size_t len = strlen(factor);
	for (const char *p = names; p + len <= names + n;) {
		if (strncmp(p, factor, len) == 0 && (p + len == names + n || p[len] == ';'))
			return true;
		const char *next = memchr(p, ';', (size_t)(names + n - p));
		if (!next)
			break;
		p = next + 2;
	}
	return false;
}

bool record_step_shown(const struct record *rec, const struct step *s, bool all)
{
	if (all || !s->names_len)
		return true;
	int n = rec->n_claimed_unapplied;
	if (n > (int)(sizeof rec->claimed_unapplied / sizeof rec->claimed_unapplied[0]))
		return true;
	for (int i = 0; i < n; i++)
		if (names_hold(s->text + s->names_at, (size_t)s->names_len, rec->claimed_unapplied[i]))
			return true;
	return false;
}

#define PART_ROLE_NAME(e, name) [e] = name,
static const char *const role_names[ROLE_N] = {PART_ROLES(PART_ROLE_NAME)};
#undef PART_ROLE_NAME

const char *part_role_name(enum part_role r)
{
	return r >= 0 && r < ROLE_N ? role_names[r] : "?";
}

int part_role_of(const char *name)
{
	for (int r = 0; name && r < ROLE_N; r++)
		if (strcmp(role_names[r], name) == 0)
			return r;
	return -1;
}

struct rec_part *record_part(struct record *rec, enum part_role role, const char *unit)
{
	if (!rec)
		return NULL;
	if (rec->n_parts == rec->cap_parts) {
		rec->cap_parts = rec->cap_parts ? rec->cap_parts * 2 : 4;
		rec->parts = xrealloc(rec->parts, rec->cap_parts * sizeof *rec->parts);
	}
	struct rec_part *p = &rec->parts[rec->n_parts++];
	memset(p, 0, sizeof *p);
	p->role = role;
	p->unit = unit;
	p->points = -1;
	return p;
}

void record_mod(struct rec_part *p, const char *code, int value, const char *source, const char *why)
{
	if (!p || p->n_mods >= (int)(sizeof p->mods / sizeof p->mods[0]))
		return;
	struct rec_mod *m = &p->mods[p->n_mods++];
	m->code = code;
	m->value = value;
	copy_cut(m->source, sizeof m->source, source);
	copy_cut(m->why, sizeof m->why, why);
}

void record_state(struct record *rec, char kind, const char *id, const struct fields *f)
{
	if (!rec)
		return;
	if (rec->n_states == rec->cap_states) {
		rec->cap_states = rec->cap_states ? rec->cap_states * 2 : 4;
		rec->states = xrealloc(rec->states, rec->cap_states * sizeof *rec->states);
	}
	struct rec_state *s = &rec->states[rec->n_states++];
	s->kind = kind;
	s->id = id;
	s->fields = *f;
}

struct rec_part *record_find_part(struct record *rec, enum part_role role)
{
	for (int i = rec ? rec->n_parts - 1 : -1; i >= 0; i--)
		if (rec->parts[i].role == role)
			return &rec->parts[i];
	return NULL;
}

const struct rec_state *record_find_state(const struct record *rec, char kind, const char *id)
{
	for (int i = 0; rec && i < rec->n_states; i++)
		if (rec->states[i].kind == kind && strcmp(rec->states[i].id, id) == 0)
			return &rec->states[i];
	return NULL;
}

void record_odds_face(struct rec_odds *odds, int f, int rolled, bool same, bool better_up)
{
	bool better = better_up ? f > rolled : f < rolled;	/* every table is monotone in the total */
	bool worse = better_up ? f < rolled : f > rolled;
	odds->at_least += same || better || f == rolled;
	odds->at_most += same || worse || f == rolled;
}

void record_odds_of(struct rec_odds *odds, int sides, int rolled, bool better_up, int (*result)(int f, void *ctx),
		    void *ctx)
{
	struct rec_odds o = {.sides = sides};
	int got = rolled >= 1 && rolled <= sides ? result(rolled, ctx) : -1;
	for (int f = 1; f <= sides && got >= 0; f++) {
		int r = result(f, ctx);
		if (r < 0)
			return;
		record_odds_face(&o, f, rolled, r == got, better_up);
	}
	if (got >= 0)
		*odds = o;
}
