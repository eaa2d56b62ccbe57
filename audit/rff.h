/* rff: the Regimental Fire and Fury (MAW) ruleset for the audit. */
#ifndef UMPIRE_RFF_H
#define UMPIRE_RFF_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "cite.h"
#include "ruleset.h"

extern const struct ruleset rff_ruleset;
/* The notation card (rff_ruleset.card). */
extern const char rff_card[];
/* The printed rules its citations name (rff_ruleset.book). */
extern const struct cite_book rff_cite_book;

/* What RFF keeps for one audit beside the state (struct audit.ctx). */
struct rff_run {
	bool reroll_due;	/* the last charge ended in a Desperate Struggle */
};

struct rff_run *rff_run(struct audit *a);

/* Unit u's state after an event, with its effectiveness: "9 stands, fresh
 * (spirited 10: worn at 7, 000:687), disordered, line"; into buf. */
const char *rff_describe(struct audit *a, int u, char *buf, size_t size);

#endif
