/* explain: a derivation as an umpire would read it out. */
#ifndef UMPIRE_EXPLAIN_H
#define UMPIRE_EXPLAIN_H

#include "../grammar/battle.h"
#include "finding.h"
#include "record.h"

/* Appends to out the event's line as logged, each step of its derivation
 * with the rule it comes from, and the verdict on the claim: the findings
 * of the event, or that the claim agrees. */
void explain_write(const struct battle *b, const struct record *r, const struct findings *f,
		   struct buf *out);

/* The statement of the event at line of source file (file index), or -1. */
int explain_find_stmt(const struct battle *b, int file, int line);

#endif
