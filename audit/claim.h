/* claim: weighing a claimed list of modifiers and a total against the
 * derived ones, for any table of die-roll modifiers grouped in factors.
 *
 * A factor is one line of a table (or lines that exclude each other): a unit
 * gets at most one modifier of each factor, and two claimed codes of one
 * factor do not add up.  The ruleset derives a modifier per factor and says
 * what each claimed code means; this module reports the differences. */
#ifndef UMPIRE_CLAIM_H
#define UMPIRE_CLAIM_H

#include <stdarg.h>
#include <stdbool.h>

#include "../grammar/battle.h"
#include "audit.h"

enum { CLAIM_MAX_FACTORS = 16 };

/* What a modifier code means: its factor, value and rule. */
struct claim_mod {
	const char *code;
	int factor;
	int value;
	const char *cite;	/* "002:30 Maneuver Table" */
	const char *label;	/* "Veteran" */
};

/* The modifier derived for one factor, and why; set false if none applies. */
struct derived_mod {
	bool set;
	struct claim_mod m;
	char why[192];		/* set: why it applies; else why not, or "" */
};

/* The table a claim is weighed against. */
struct claim_table {
	/* What a claimed modifier (its code resolved by the parser, mod.id)
	 * means here (ctx: the ruleset's, e.g. the target); false if it has no
	 * meaning in this table. */
	bool (*lookup)(const struct mod *m, const void *ctx, struct claim_mod *out);
	const char *(*factor_name)(int factor);
	const void *ctx;
};

/* Says why factor f does not apply, for explanations; ignored once it is set
 * or has a reason already. */
void claim_absent(struct derived_mod *d, int f, const char *fmt, ...) UMPIRE_PRINTF(3, 4);

/* Sets factor f of d to modifier m with a reason. */
void claim_derive(struct derived_mod *d, const struct claim_mod *m, const char *fmt, ...)
	UMPIRE_PRINTF(3, 4);
/* The same, for rulesets' own formatting wrappers. */
void claim_derivev(struct derived_mod *d, const struct claim_mod *m, const char *fmt, va_list ap);

/* Reports claimed modifiers of the wrong value or item, that do not apply,
 * that are missing (non-zero only) or that do not add up; sev is the
 * severity the caller chose by the outcome. */
void claim_check_mods(struct audit *a, const struct claim *c, const struct derived_mod *d,
		      const struct claim_table *t, const char *unit, struct span unit_at,
		      enum diag_severity sev);

/* Reports a claimed total that is not the die plus the claimed values. */
void claim_check_sum(struct audit *a, int die, const struct claim *c, enum diag_severity sev);
/* The same from another base than a die (what names it: "the base
 * distance"). */
void claim_check_sum_from(struct audit *a, const char *what, int base, const struct claim *c, enum diag_severity sev);

/* Reports a claimed total other than the derived one, where the claimed
 * modifiers do not account for it: none claimed, or one claimed by its
 * code alone or unknown to the rules (a wrong total whose modifiers add up
 * is reported through them). */
void claim_check_total(struct audit *a, const struct claim *c, int derived, enum diag_severity sev);

/* The derived total: die plus every derived modifier. */
int claim_total(int die, const struct derived_mod *d);

/* Records the derived modifiers in part p, and a step for each with its
 * source, then one naming the factors that do not apply (NULL p: nothing). */
struct record;
struct rec_part;
void claim_record(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
		  const char *(*factor_name)(int), int n_factors);

/* The same, naming only the factors derived or given a reason: for a
 * ruleset whose tables share one list of factors, each table giving its
 * own factors a reason (claim_absent). */
void claim_record_reasoned(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
			   const char *(*factor_name)(int), int n_factors);

/* "002:30 Maneuver Table: +1 Veteran" into buf. */
const char *claim_cite(const struct claim_mod *m, char *buf, size_t size);

#endif
