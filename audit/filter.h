/* filter: the findings and events a reader asked for (audit's --turn,
 * --side, --unit and --severity).
 *
 * A filter is what was asked; a filter_view applies it to one battle: each
 * statement's turn, and which statements are about the unit (its
 * declaration, and every event whose record names or changes it, as the
 * audit notes them).  Nothing here names a ruleset. */
#ifndef UMPIRE_FILTER_H
#define UMPIRE_FILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "../grammar/battle.h"
#include "finding.h"
#include "record.h"

struct filter {
	int turn_from, turn_to;		/* both 0: every turn */
	const char *side;		/* a side's id; NULL: every side */
	const char *unit;		/* a unit's or leader's id; NULL: every one */
	int severity;			/* -1: every severity, else an enum diag_severity */
};

/* The filter that selects everything. */
struct filter filter_none(void);
/* Whether f selects less than everything. */
bool filter_any(const struct filter *f);

/* Reads --turn's "N" or "N-M" (1 <= N <= M) into f; false with the reason
 * in why. */
bool filter_turns(struct filter *f, const char *text, char *why, size_t size);
/* Reads --severity's "error", "warning" or "note" into f; false with the
 * reason in why. */
bool filter_severity(struct filter *f, const char *text, char *why, size_t size);

struct filter_view {
	const struct filter *f;
	const struct battle *b;
	int *turn_of;			/* by statement: its turn, 0 before the first */
	bool *about;			/* by statement: about f->unit (NULL without one) */
	char kind;			/* f->unit's: 'U' a unit, 'L' a leader */
	const char *id;			/* as the battle declares it */
};

/* Applies f (which must outlive v) to b.  False with the reason in why
 * when b does not declare f's side or unit (v is then released). */
bool filter_view_init(struct filter_view *v, const struct filter *f, const struct battle *b, char *why, size_t size);
void filter_view_release(struct filter_view *v);
/* Notes the statements of the records r that name or change the unit, as
 * the audit settles them (before their findings are read). */
void filter_view_note(struct filter_view *v, const struct records *r);

/* Whether statement stmt is selected: its turn, and the unit. */
bool filter_stmt(const struct filter_view *v, int stmt);
/* Whether finding x is selected: its statement, side and severity. */
bool filter_finding(const struct filter_view *v, const struct finding *x);

#endif
