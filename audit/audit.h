/* audit: re-derives every event of a parsed battle and reports findings.
 *
 * The driver walks the statements in order, keeps the state (state.h),
 * hands each event to the battle's ruleset, applies the log's state events
 * and marks the findings a ruling settles as overruled.  The library never
 * prints; the recorder renders the findings. */
#ifndef UMPIRE_AUDIT_H
#define UMPIRE_AUDIT_H

#include <stdbool.h>

#include "../grammar/battle.h"
#include "finding.h"
#include "record.h"
#include "ruleset.h"
#include "state.h"

/* Which outcome the state follows where claim and derivation differ. */
enum audit_follow { FOLLOW_CLAIMED, FOLLOW_DERIVED };

struct audit_opts {
	enum audit_follow follow;
	struct records *records;	/* where to keep each derivation, or NULL */
	/* When not 0, only statement only_record - 1 keeps a record: explain of
	 * one line writes no prose of the events before it. */
	int only_record;
	/* Rule options for this run, "NAME=VALUE", over the battle's own
	 * (checked with audit_check_option); not copied. */
	const char *const *options;
	int n_options;
	/* Rule options under the battle's own, "NAME=VALUE" (a campaign's:
	 * the defaults of its battles); not copied. */
	const char *const *defaults;
	int n_defaults;
	/* Called with every statement before upto audited for good (its
	 * findings and record final): a writer prints them and may clear the
	 * records, so output streams.  Called before each event or header and
	 * at the end, with upto the battle's statement count; may be NULL. */
	void (*flush)(void *ctx, struct records *records, const struct findings *f, int upto);
	void *flush_ctx;
	/* At each turn header, the turn's record carries the state of every
	 * unit and leader, not only what the header changed (the archive's
	 * snapshot of the turn). */
	bool turn_snapshots;
	/* When not 0, stop after statement until - 1 and what settles it
	 * (rulings, a missing reroll): explain audits up to its line. */
	int until;
};

enum { AUDIT_MAX_OPTIONS = 32 };

/* The audit in progress.  Private to audit/ and the rulesets: a ruleset
 * reads and writes these fields, and reaches the rest only through the
 * functions below; the driver's own (its ruleset, options, findings and
 * progress) are behind d, private to audit.c. */
struct audit_driver;

struct audit {
	const struct battle *b;
	struct state st;		/* the tracked state, its records the ruleset's (state.h) */
	int stmt;			/* the statement being audited */
	const char *side;		/* whose claim the findings concern (audit_find) */
	struct record *rec;		/* the current event's record, or NULL (record.h) */
	void *ctx;			/* the ruleset's own, from its begin */
	struct audit_driver *d;
};

/* Audits b (which parsed without errors) with the ruleset its rules= names;
 * findings are added to out, sorted by position.  Returns 0, or -1 when the
 * battle's ruleset cannot audit (none known). */
int audit_battle(const struct battle *b, const struct audit_opts *opts, struct findings *out);
/* The same with a ruleset of the caller's (b parsed with its vocabulary). */
void audit_battle_with(const struct ruleset *rs, const struct battle *b, const struct audit_opts *opts,
		       struct findings *out);

/* The same one statement at a time, as the recorder adds them: audit_start
 * builds the starting state (b's declarations are then fixed; statements
 * may be added after them: the state points to their bodies, which never
 * move); audit_through audits the
 * statements not audited yet before upto; audit_end settles what is due
 * at the end, sorts the findings and frees a; audit_free only frees a (a
 * recorder's audit, rebuilt or closed). */
struct audit *audit_start(const struct ruleset *rs, const struct battle *b, const struct audit_opts *opts,
			  struct findings *out);
void audit_through(struct audit *a, int upto);
void audit_end(struct audit *a);
void audit_free(struct audit *a);

/* Whether the state follows the derivation where a claim differs from it
 * (--follow=derived), rather than the claim as played. */
bool audit_follows_derived(const struct audit *a);

/* The clash event (SHAPE_CLASH) a reroll repeats: the last one, or -1. */
int audit_last_clash(const struct audit *a);

/* The vocabulary of the ruleset auditing. */
const struct vocab *audit_vocab(const struct audit *a);

/* Adds a finding about the current event (see finding_add). */
struct finding *audit_find_at(struct audit *a, enum finding_code code, enum diag_severity sev,
			      struct loc at, const char *cite, const char *fmt, ...) UMPIRE_PRINTF(6, 7);
/* Place sp of statement stmt's line (an event's node keeps its places as
 * spans: grammar/source.h), and of the statement being audited. */
struct loc audit_place_in(const struct audit *a, int stmt, struct span sp);
struct loc audit_place(const struct audit *a, struct span sp);
static inline struct loc audit_loc_as_is(const struct audit *a, struct loc at)
{
	(void)a;
	return at;
}
/* audit_find_at, at a loc or at a place (a span) of the statement being
 * audited: a node of another statement (the clash a reroll repeats) is
 * placed with audit_place_in. */
#define audit_find(a, code, sev, at, ...) \
	audit_find_at((a), (code), (sev), \
		      _Generic((at), struct span: audit_place, default: audit_loc_as_is)((a), (at)), __VA_ARGS__)

/* Starts the record of the current event (NULL when records are not kept). */
struct record *audit_record(struct audit *a, const char *kind);
/* The unit of a one-unit roll (a check's first line), whose side the
 * findings concern, with a record part holding its die in *p; -1 if
 * unknown.  With kind, the roll's record is started first. */
struct ev_check;
struct rec_part;
int audit_unit_roll(struct audit *a, const struct ev_check *ck, const char *kind, struct rec_part **p);

/* Unit u's state as named fields: the core's, then the ruleset's own
 * (struct ruleset.unit_fields). */
void audit_unit_fields(const struct audit *a, int u, struct fields *out);

/* The illegal-action findings of the current event so far: compare before
 * and after a step to learn whether the rules forbid it. */
int audit_illegal_count(const struct audit *a);

/* The unit or leader a state event's argument names, or -1 (another kind
 * of argument, or an id the battle does not declare). */
int audit_arg_unit(const struct audit *a, const struct arg *arg);
int audit_arg_leader(const struct audit *a, const struct arg *arg);

/* The value of a rule option: given for this run (audit_opts), set in the
 * battle (`option NAME=VALUE`), or its default (the first value the
 * vocabulary lists).  A name the ruleset does not declare is a programming
 * error: asserted, and "" in a build without asserts. */
const char *audit_option(const struct audit *a, const char *name);

/* Whether "NAME=VALUE" names a rule option of the vocabulary and one of its
 * values; if not, a message into why (with the nearest name or the values). */
bool audit_check_option(const struct vocab *v, const char *setting, char *why, size_t size);

#endif
