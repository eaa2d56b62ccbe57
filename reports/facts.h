/* facts: one stored battle as its reports read it, loaded from the archive
 * in a few queries and one pass over its events.
 *
 * Losses are the changes of each unit's stands as the archive's state
 * followed them (the audit's --follow), attributed to the kind of event
 * that made them: fire, charge (with its rerolls), maneuver (a Panic), or
 * any other (a state event, an umpire's correction); a unit removed loses
 * the stands it still had, as removed.  So a unit's losses by cause always
 * add up to its starting stands less those it has left in play.
 * Fire delivered, charges won and maneuver effects are read from what the
 * audit derived for each event.  A struct facts owns everything in it. */
#ifndef UMPIRE_FACTS_H
#define UMPIRE_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "../audit/ruleset.h"
#include "../db/store.h"

/* What a loss came from: the kinds of event the ruleset's terms name, any
 * other, and the stands a unit still had when it was removed; where the
 * terms have losses that come back (terms->returning), the stands regained,
 * as a negative loss. */
enum facts_cause { CAUSE_FIRE, CAUSE_CHARGE, CAUSE_MANEUVER, CAUSE_OTHER, CAUSE_REMOVED, CAUSE_RETURNED, CAUSE_N };

/* A unit's state when a turn began (or at the end): -1 for a word the
 * ruleset's terms do not list (or none). */
struct facts_state {
	int stands;
	int condition;	/* index into terms->conditions */
	int order;	/* index into terms->orders */
	int returning, lasting;	/* the terms' two kinds of losses, where it has them */
	bool removed;
};

struct facts_unit {
	char *ident, *name, *side;
	char *brigade;		/* its commander's name, or NULL */
	int start;		/* stands at the start of the battle */
	int lost[CAUSE_N];
	struct facts_state end;
	int removed_turn;	/* the turn it was removed in, 0 for none */
	int removed_line;
	int fires;		/* fire combats it fired in */
	int inflicted;		/* the stands their targets lost (a combined fire counts for each firer) */
	int fired_at;		/* fire combats it was the target of */
	int fire_lost;		/* the stands it lost to them */
	int charges_won, charges_lost;	/* as attacker or defender */
	int *effects;		/* maneuver results: how often each of terms->maneuver_effects */
};

struct facts_turn {
	int turn;
	char *side;
	int line;
};

struct facts_leader {
	char *ident, *name, *side;
	int turn, line, stmt;
	char *what;		/* the Fallen Leader result, or the state event that took it out */
	bool killed, removed, in_play;	/* at the end of the battle */
};

/* What the after-action report may tell of a turn, in the order played:
 * the players' notes, charges, fire that the terms tell or that broke or
 * removed its target, every unit's maneuver result, units broken and
 * removed. */
enum facts_moment_kind { MOMENT_NOTE, MOMENT_CHARGE, MOMENT_FIRE, MOMENT_MANEUVER, MOMENT_BROKEN, MOMENT_REMOVED };

struct facts_moment {
	enum facts_moment_kind kind;
	int turn, line, stmt;
	int unit;		/* the attacker, the firer, the unit checked, broken or removed */
	int other;		/* a charge's defender, a fire's target, or -1 */
	char *effect;		/* a charge's, fire's or check's result; a note's words */
	int lost, other_lost;	/* the stands unit and other lost in the event */
	const char *check;	/* a check's kind, the terms' word ("maneuver", "rally") */
	bool again;		/* a charge's combat rolled again (a reroll) */
};

struct facts_side {
	char *ident, *label, *nation;
};

struct facts {
	int64_t battle;
	char *ident;			/* the header's id=, or NULL */
	char *name, *date, *rules, *scenario, *result, *campaign;
	int men_per_stand;		/* 0 when the header does not say */
	const struct ruleset *ruleset;	/* NULL for rules this umpire does not know */
	const struct ruleset_terms *terms;	/* never NULL: bare stands when the ruleset has none */
	int n_effects;			/* of terms->maneuver_effects */
	struct facts_side *sides;
	int n_sides;
	struct facts_unit *units;	/* in the order of battle's order */
	int n_units;
	struct facts_turn *turns;
	int n_turns;
	struct facts_state *states;	/* n_turns rows of n_units: when each turn began */
	struct facts_leader *fallen;
	int n_fallen;
	struct facts_moment *moments;	/* in the order played */
	int n_moments;
	int events;			/* its events (not turns, phases or rulings) */
};

/* Loads battle id of the archive into *f; false with a message in *err
 * (the caller frees) when a query fails or there is no such battle, *f
 * then holding nothing (facts_release on it is a no-op). */
bool facts_load(struct store *s, int64_t id, struct facts *f, char **err);
void facts_release(struct facts *f);

/* The report terms of the ruleset called rules (bare stands for one this
 * umpire does not know, or one without terms). */
const struct ruleset_terms *facts_terms(const char *rules);

/* sql prepared on the archive with battle id bound to ?1, for a report's
 * own query; NULL with the archive's message in *err (the caller frees).
 * The caller finalizes it. */
sqlite3_stmt *facts_query(struct store *s, const char *sql, int64_t id, char **err);

/* The stands unit u has left in play at the end: none once removed. */
int facts_left(const struct facts_unit *u);

/* The stands side s's units had in play when turn t began (t == n_turns:
 * at the end). */
long facts_side_stands(const struct facts *f, int s, int t);

/* The state of unit u when turn t began. */
const struct facts_state *facts_state_at(const struct facts *f, int t, int u);
/* The number of the word in a NULL-terminated list, or -1. */
int facts_index(const char *const *list, const char *word);
/* A cause's name, as the ruleset's terms name the kind of event ("fire",
 * "charge", "maneuver" in Fire and Fury); "other" for the rest, "removed"
 * for the stands of units removed. */
const char *facts_cause_name(const struct facts *f, enum facts_cause c);
/* Whether the ruleset's terms name cause c (other always is): the reports
 * show a column only for those, every loss of the rest counted as other. */
bool facts_cause_named(const struct facts *f, enum facts_cause c);

#endif
