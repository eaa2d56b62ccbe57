/* filter: the findings and events a reader asked for. */
#include "filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../grammar/xalloc.h"

enum { TURN_MAX = 9999 };

struct filter filter_none(void)
{
	return (struct filter){.severity = -1};
}

bool filter_any(const struct filter *f)
{
	return f->turn_from || f->side || f->unit || f->severity >= 0;
}

/* A turn number of text from *p on: digits, 1 to TURN_MAX; 0 if none. */
static int turn_number(const char **p)
{
	long n = 0;
	const char *start = *p;
	while (**p >= '0' && **p <= '9' && n <= TURN_MAX)	/* no overflow, and no more than one digit past it */
		n = n * 10 + (*(*p)++ - '0');
	return *p == start || n > TURN_MAX ? 0 : (int)n;
}

bool filter_turns(struct filter *f, const char *text, char *why, size_t size)
{
	const char *p = text;
	int from = turn_number(&p), to = from;
	if (*p == '-') {
		p++;
		to = turn_number(&p);
	}
	if (!from || !to || *p) {
		snprintf(why, size, "--turn takes a turn N or turns N-M (1 to %d), not '%s'", TURN_MAX, text);
		return false;
	}
	if (to < from) {
		snprintf(why, size, "--turn %s: the first turn is after the last", text);
		return false;
	}
	f->turn_from = from;
	f->turn_to = to;
	return true;
}

bool filter_severity(struct filter *f, const char *text, char *why, size_t size)
{
	static const enum diag_severity all[] = {DIAG_ERROR, DIAG_WARNING, DIAG_NOTE};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (strcmp(text, diag_severity_name(all[i])) == 0) {
			f->severity = (int)all[i];
			return true;
		}
	snprintf(why, size, "--severity takes error, warning or note, not '%s'", text);
	return false;
}

/* Every statement's turn: a turn header's number from it on. */
static int *turns_of(const struct battle *b)
{
	int *turn = xcalloc((size_t)b->n_stmts, sizeof *turn);
	int now = 0;
	for (int i = 0; i < b->n_stmts; i++) {
		if (b->stmts[i].kind == ST_TURN)
			now = b->stmts[i].u->turn.number;
		turn[i] = now;
	}
	return turn;
}

bool filter_view_init(struct filter_view *v, const struct filter *f, const struct battle *b, char *why, size_t size)
{
	*v = (struct filter_view){.f = f, .b = b};
	if (f->side && !battle_find(b, 'S', f->side)) {
		snprintf(why, size, "%s declares no side '%s'", b->src.v[0].path, f->side);
		return false;
	}
	const struct sym *unit = NULL;
	if (f->unit && !(unit = battle_find(b, 'U', f->unit)) && !(unit = battle_find(b, 'L', f->unit))) {
		snprintf(why, size, "%s declares no unit or leader '%s'", b->src.v[0].path, f->unit);
		return false;
	}
	v->turn_of = turns_of(b);
	if (unit) {
		v->about = xcalloc((size_t)b->n_stmts, sizeof *v->about);
		v->about[unit->stmt] = true;	/* its declaration's findings */
		v->kind = unit->kind;
		v->id = unit->id;
	}
	return true;
}

void filter_view_release(struct filter_view *v)
{
	free(v->turn_of);
	free(v->about);
}

void filter_view_note(struct filter_view *v, const struct records *r)
{
	if (!v->about)
		return;
	for (int i = 0; i < r->n; i++)	/* records of b's audit: each of a statement of b */
		if (record_find_state(&r->v[i], v->kind, v->id))
			v->about[r->v[i].stmt] = true;
}

bool filter_stmt(const struct filter_view *v, int stmt)
{
	if (stmt < 0 || stmt >= v->b->n_stmts)
		return !filter_any(v->f);
	const struct stmt *s = &v->b->stmts[stmt];
	int at = s->kind == ST_RULING ? s->u->ruling.event : stmt;	/* a ruling is about what its event is */
	if (v->f->turn_from && (v->turn_of[at] < v->f->turn_from || v->turn_of[at] > v->f->turn_to))
		return false;
	return !v->about || v->about[at];
}

bool filter_finding(const struct filter_view *v, const struct finding *x)
{
	if (v->f->severity >= 0 && (int)x->severity != v->f->severity)
		return false;
	if (v->f->side && (!x->side || strcasecmp(x->side, v->f->side) != 0))
		return false;
	return filter_stmt(v, x->stmt);
}
