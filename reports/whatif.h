/* whatif: what a disputed reading of a rule is worth.
 *
 * The battle is audited twice into an archive in memory, as it was audited
 * (its options, its campaign's) and again with the changed options on top;
 * the report lists every event whose derived outcome or losses change, and
 * every event from which a unit's or leader's state differs (or is the
 * same again), then how each side's and unit's casualties differ. */
#ifndef UMPIRE_WHATIF_H
#define UMPIRE_WHATIF_H

#include "../audit/audit.h"
#include "../grammar/battle.h"
#include "sheet.h"

/* How the battle was audited: the reading it is compared against.  Both
 * audits follow the derivation, whatever the battle followed. */
struct whatif_base {
	const char *campaign_options;		/* "NAME=VALUE ..." or NULL: the defaults */
	const char *const *options;		/* the run's, "NAME=VALUE" */
	int n_options;
};

/* The report of b under base and under base with changes ("NAME=VALUE",
 * each a rule option of b's ruleset) on top; NULL with a message in *err
 * (the caller frees). */
struct sheet *whatif_report(const struct battle *b, const struct whatif_base *base, const char *const *changes,
			    int n_changes, char **err);

#endif
