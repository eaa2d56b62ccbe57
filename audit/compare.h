/* compare: two versions of one battle's log side by side (`umpire diff`).
 *
 * Each version is audited on its own and its events summed up: where it
 * stands (turn and phase), what it is about (its keyword and units), what
 * it claims, what the audit derives, its findings and the state after.
 * The events of two versions are then aligned turn by turn and phase by
 * phase, tolerant of events added or missing in either. */
#ifndef UMPIRE_COMPARE_H
#define UMPIRE_COMPARE_H

#include <stdbool.h>

#include "audit.h"
#include "roster.h"

/* One event of a version, summed up; the texts are the version's own. */
struct compare_event {
	int stmt;
	int turn;		/* its turn's number, 0 before the first */
	int phase;		/* its phase's place in the turn (1, 2, ...), 0 before the first */
	const char *phase_word;	/* that phase's word, or NULL; points into the battle */
	char *about;		/* what it is about: "fire|5inf|2lt", the alignment's key */
	char *claim;		/* the line in canonical form */
	char *derived;		/* what the audit derives: "telling-fire; 2lt loses 1" */
	char *findings;		/* its errors and warnings, a line each ("" none) */
	char *after;		/* the state after of what it names, in words, a line each */
};

/* A version: its battle, events and state at the end. */
struct compare_version {
	const struct battle *b;
	struct compare_event *v;
	int n;
	struct roster *end;	/* every unit and leader at the end of the battle */
	int errors;		/* unsettled errors of its audit */
};

/* Audits b as base says (records are the version's own: base's are not
 * used) and sums up its events into *out; false when b's ruleset cannot
 * audit.  Release with compare_release. */
bool compare_collect(const struct battle *b, const struct audit_opts *base, struct compare_version *out);
void compare_release(struct compare_version *v);

/* An aligned pair: an event of each version, or -1 in one of them (an
 * event the other has not). */
struct compare_pair {
	int a, b;
};

/* The alignment of a's and b's events in the order of the battle: events
 * pair up within the same turn and phase when they are about the same
 * thing, in a longest common sequence; the rest stand alone.  Returns how
 * many pairs, *out the caller frees. */
int compare_align(const struct compare_version *a, const struct compare_version *b, struct compare_pair **out);

/* Whether two aligned events agree on their outcome: the same derivation
 * and the same state after. */
bool compare_same_outcome(const struct compare_event *x, const struct compare_event *y);

#endif
