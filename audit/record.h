/* record: what the audit derived for each event, for `explain` and `--json`.
 *
 * A record is the derivation of one event as data: the steps an umpire
 * would read out (text and source), and per unit taking part its die,
 * modifiers (code, value, source, why), total, effect, losses and state
 * after.  Rulesets fill records through these functions; the recorder renders
 * them.  A struct records owns everything in it. */
#ifndef UMPIRE_RECORD_H
#define UMPIRE_RECORD_H

#include <stdbool.h>

#include "../grammar/buf.h"
#include "state.h"

struct rec_mod {
	const char *code;	/* static: the ruleset's code */
	int value;
	char source[256];
	char why[192];
};

/* A part's role in its event: an enum in the audit, its name in the JSON
 * and the archive (part.role), read back once when a report loads it. */
#define PART_ROLES(X) \
	X(ROLE_UNIT, "unit") X(ROLE_FIRER, "firer") X(ROLE_TARGET, "target") X(ROLE_ATTACKER, "attacker") \
	X(ROLE_DEFENDER, "defender") X(ROLE_LEADER, "leader")
#define PART_ROLE_ENUM(e, name) e,
enum part_role { PART_ROLES(PART_ROLE_ENUM) ROLE_N };
#undef PART_ROLE_ENUM

/* The role's name ("firer"). */
const char *part_role_name(enum part_role r);
/* The role called name, or -1 for none (a foreign archive's text). */
int part_role_of(const char *name);

struct rec_part {
	enum part_role role;
	const char *unit;	/* points into the battle */
	int die;		/* the face, or 0 for none */
	struct rec_mod mods[16];
	int n_mods;
	int total;
	bool has_total;
	int points;		/* the points the ruleset counts for the part (RFF's
				 * fire points), or -1 */
	const char *effect;	/* maneuver: this unit's effect */
	int loss;
	char after[160];	/* its state after the event, in words */
	struct rec_odds {	/* the die's odds under the derived modifiers (the luck report) */
		int sides;	/* the die's faces; 0: no odds derived for this part */
		int at_least;	/* faces giving a result at least as good for whoever rolled as the face rolled */
		int at_most;	/* ... at most as good */
		double exp_loss;	/* the stands this part's unit loses on average over every face of the
					 * event's dice (the others' as rolled for at_least/at_most, all of them here) */
	} odds;
};

struct step {
	char text[512];
	char source[256];
	/* a step naming modifiers that do not apply (record_unapplied): their
	 * factors' names are text[names_at, names_at + names_len); 0: another step */
	short names_at, names_len;
};

/* The state of one unit or leader after the event, as named fields. */
struct rec_state {
	char kind;		/* 'U' unit, 'L' leader */
	const char *id;		/* points into the battle */
	struct fields fields;
};

struct record {
	int stmt;		/* the event's statement */
	const char *kind;	/* "maneuver", "fire", "charge", "reroll", "fallen", "state" */
	struct step *steps;
	int n_steps, cap_steps;
	struct rec_part *parts;
	int n_parts, cap_parts;
	const char *effect;	/* fire, charge, fallen: the event's effect */
	bool has_diff;
	int diff;
	struct rec_state *states;	/* after the event: every unit and leader it names or changes */
	int n_states, cap_states;
	/* the factors of modifiers claimed that do not apply (static names;
	 * past the array, every such step counts as claimed) */
	const char *claimed_unapplied[8];
	int n_claimed_unapplied;
};

struct records {
	struct record *v;
	int n, cap;
};

void records_init(struct records *r);
void records_release(struct records *r);
/* Frees every record but keeps the list for more (a stream's flushed part). */
void records_clear(struct records *r);
/* Frees every record but that of statement stmt. */
void records_keep(struct records *r, int stmt);

/* A new record for statement stmt (valid until the next records_add). */
struct record *records_add(struct records *r, int stmt, const char *kind);
/* The record of statement stmt, or NULL. */
const struct record *records_find(const struct records *r, int stmt);

/* These take rec or p NULL (records not kept) and then do nothing. */

/* Appends a step: what was derived and from which rule (source may be NULL). */
void record_step(struct record *rec, const char *source, const char *fmt, ...) UMPIRE_PRINTF(3, 4);
/* Appends a step naming the factors (names, "a; b") that give unit no
 * modifier, and why: "5inf: no modifier for a; b: why". */
void record_unapplied(struct record *rec, const char *unit, const char *names, const char *why);
/* Notes that a modifier of factor (its static name) was claimed where it
 * does not apply: explain shows the step that says why. */
void record_claimed_unapplied(struct record *rec, const char *factor);
/* Whether explain shows step s of rec: every step with all, else all but
 * those naming modifiers that do not apply, unless one of them was
 * claimed. */
bool record_step_shown(const struct record *rec, const struct step *s, bool all);

/* Appends a part for a unit taking part; zeroed but for role, unit and points (-1). */
struct rec_part *record_part(struct record *rec, enum part_role role, const char *unit);
/* The last part of that role ("target"), or NULL: a part stays findable
 * after more are added, when a pointer to it may not. */
struct rec_part *record_find_part(struct record *rec, enum part_role role);
/* Appends the state of a unit ('U') or leader ('L') after the event. */
void record_state(struct record *rec, char kind, const char *id, const struct fields *f);
/* The state recorded for id of that kind, or NULL. */
const struct rec_state *record_find_state(const struct record *rec, char kind, const char *id);

/* Counts face f (of odds->sides) into the odds of a roll whose face was
 * rolled: same says f gives the same result as rolled, and better_up that
 * a higher face is better for the roller (true where a face adds to the
 * roller's total; false where a roll must come in at or under a number). */
void record_odds_face(struct rec_odds *odds, int f, int rolled, bool same, bool better_up);

/* The odds of a roll of a die of sides faces whose face f gives the result
 * result(f, ctx), a code that two faces share when they give the same
 * result (negative: not known, and then *odds is left without odds: a
 * chart cell not supplied): each face counted against the one rolled, a
 * higher face better for the roller when better_up.  exp_loss is left 0. */
void record_odds_of(struct rec_odds *odds, int sides, int rolled, bool better_up, int (*result)(int f, void *ctx),
		    void *ctx);

/* Appends a modifier to a part. */
void record_mod(struct rec_part *p, const char *code, int value, const char *source, const char *why);

#endif
