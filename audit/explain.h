/* explain: a derivation as an umpire would read it out. */
#ifndef UMPIRE_EXPLAIN_H
#define UMPIRE_EXPLAIN_H

#include "../grammar/battle.h"
#include "finding.h"
#include "record.h"

/* Appends to out the event's line as logged, each step of its derivation
 * with the rule it comes from, and the verdict on the claim: the findings
 * of the event, or that the claim agrees.  The steps naming modifiers that
 * do not apply are left out unless all, or one of them was claimed. */
void explain_write(const struct battle *b, const struct record *r, const struct findings *f, bool all,
		   struct buf *out);

/* Appends where statement stmt stands, from the turn and phase headers
 * before it: "turn 3 US, daylight, 17:30; phase fire offensive"; nothing
 * before the first turn. */
void explain_when(const struct battle *b, int stmt, struct buf *out);

/* The statement of the event at line of source file (file index), or -1. */
int explain_find_stmt(const struct battle *b, int file, int line);

#endif
