/* roster: every unit's and leader's state at one point of a battle, in the
 * ruleset's words, and for what changed since the start the event that last
 * changed it (`umpire state`; the recorder's listings use the words).
 *
 * A roster follows an audit: made from it before its first statement, told
 * each record the audit keeps, and given the audit's state at the point
 * wanted.  It keeps pointers into the battle, which must outlive it. */
#ifndef UMPIRE_ROSTER_H
#define UMPIRE_ROSTER_H

#include "../grammar/buf.h"
#include "audit.h"
#include "record.h"
#include "state.h"

/* What changed a field: the statement and the rule its record cites for
 * the effect, in the player's form ("" when none). */
struct roster_cause {
	int stmt;
	char rule[256];
};

struct roster_entry {
	char kind;			/* 'U' unit, 'L' leader */
	int index;			/* its unit or leader index */
	const char *id, *name, *side;	/* point into the battle; name may be NULL */
	struct fields start, now;	/* at the start of the battle, and at the roster's point */
	struct fields seen;		/* as the records last showed it (roster_note) */
	int cause[FIELDS_MAX];		/* per field of seen: the roster_cause that set it, or -1 */
};

struct roster;

/* A roster of a's units and leaders at the start: a made by audit_start,
 * before any statement.  The caller frees it with roster_free. */
struct roster *roster_new(const struct audit *a);
void roster_free(struct roster *r);

/* Notes what the record rec shows changed (its states after the event);
 * a turn's record must come while a's state is the one after it (the
 * audit's flush), for what lapses with a turn. */
void roster_note(struct roster *r, const struct audit *a, const struct record *rec);
/* Takes every unit's and leader's state from a now: the roster's point. */
void roster_take(struct roster *r, const struct audit *a);

/* The roster of b after statement last (-1: at the start; b->n_stmts - 1:
 * at the end), audited as base says (its records kept and cleared: it must
 * have some; its flush and until are the roster's); NULL when b's ruleset
 * cannot audit.  The caller frees it with roster_free. */
struct roster *roster_after(const struct battle *b, int last, const struct audit_opts *base);

/* Whether the ruleset's terms t (may be NULL) or the core say how the
 * field name of a unit ('U') or leader ('L') reads. */
bool roster_has_words(const struct ruleset_terms *t, char kind, const char *name);

/* The entries, units then leaders in the order of battle; n of them. */
int roster_count(const struct roster *r);
const struct roster_entry *roster_entry(const struct roster *r, int i);
/* The cause of field k of e's state now (its name looked up in the records
 * seen), or NULL when it is as at the start or no record changed it. */
const struct roster_cause *roster_cause_of(const struct roster *r, const struct roster_entry *e, int k);

/* Appends the state f of a unit ('U') or a leader ('L') in words, with the
 * ruleset's terms t (may be NULL: the core's words alone): "6 of 8 stands,
 * fresh, disordered, line"; "in play, with 8inf".  Returns whether it said
 * anything. */
bool roster_describe(const struct ruleset_terms *t, char kind, const struct fields *f, struct buf *out);
/* Appends field x of f in words ("disordered"), nothing when it says
 * nothing; returns whether it said anything. */
bool roster_phrase(const struct ruleset_terms *t, char kind, const struct fields *f, const struct field *x,
		   struct buf *out);

/* Appends what field k of e's state now says ("disordered", "6 stands"),
 * or that what it said at the start has gone ("no longer mounted"). */
void roster_say_changed(const struct ruleset_terms *t, const struct roster_entry *e, int k, struct buf *out);

/* Appends, for each field of e now that differs from the start, what it
 * says and the event that set it: "    disordered: line 40, fire ...  [rule]",
 * one line each, with indent before. */
void roster_write_causes(const struct roster *r, const struct battle *b, const struct roster_entry *e,
			 const struct ruleset_terms *t, const char *indent, struct buf *out);

#endif
