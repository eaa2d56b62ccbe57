/* ruleset: what a ruleset plugs into the audit, and the registry of them.
 *
 * A ruleset brings its vocabulary (the words of the notation) and one entry
 * point that audits an event against the tracked state.  The driver
 * (audit.c) keeps the state, applies state events and rulings, and calls the
 * ruleset for every event; docs/rules.md sketches how Santa Anna Rules and
 * Stephen Thomas's rules map onto this interface. */
#ifndef UMPIRE_RULESET_H
#define UMPIRE_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "../grammar/battle.h"
#include "../grammar/vocab.h"
#include "state.h"

struct audit;
struct buf;
struct cite_book;

/* What the archive knows of a unit from its earlier battles of a campaign
 * (the same side and campaign identity), for the ruleset's notes. */
struct unit_past {
	const char *battle;	/* the name of its last earlier battle */
	bool saw_combat;	/* it fired or was fired at, charged or was charged, in one of them */
};

/* How a field of a unit's or a leader's state reads to a player
 * (roster_describe): says is a phrase in which %v stands for the value
 * and "{one|many}" for one when the value is 1, many otherwise,
 * said when an int is not 0, a text not null, a bool true; says_false is
 * said otherwise (0, null, false).  NULL says nothing; a phrase
 * that begins with a space follows the one before it without a comma. */
struct field_word {
	const char *name;	/* the field's name (struct field.name) */
	const char *says;
	const char *says_false;
};

/* How reports speak of a ruleset's units and read its state: the fields
 * of struct fields they take (besides the core's side, stands, start and
 * removed) and its words in order.  Lists end with NULL. */
struct ruleset_terms {
	const char *strength;		/* what a unit's stands are called: "stands" */
	const char *scale;		/* the header attribute of the men a stand stands for */
	const char *scale_unit;		/* what that attribute counts men for: "stand", "casting" */
	/* Losses of two kinds, when the ruleset has them: the field of those
	 * that may come back (SAR's stragglers) and of those that do not
	 * (casualties); reports then count men lost by the lasting kind and
	 * stands regained apart.  NULL: every loss lasts. */
	const char *returning;
	const char *lasting;
	const char *condition;		/* the field of a unit's condition: "effectiveness" */
	const char *const *conditions;	/* its values, best first */
	const char *order;		/* the field of a unit's order: "order" */
	const char *const *orders;	/* its values, best first */
	const char *const *maneuver_effects;	/* a check's effects, as the table lists them */
	const char *const *charge_won;	/* a charge's effects that the attacker won */
	const char *const *charge_lost;	/* ... and lost (any other decides nothing) */
	/* the record kinds (struct record.kind) of its rolls, by what they are */
	const char *maneuver_kind;
	const char *fire_kind;
	const char *const *charge_kinds;	/* a charge and its rerolls */
	/* the results an after-action report tells of (any fire that breaks or
	 * removes its target is told too, and any check of a unit that began
	 * the turn at the worst of the orders: broken) */
	const char *const *fire_told;
	const char *const *maneuver_told;
	/* record kinds besides the maneuver's whose results a report tells as
	 * checks (SAR's rally of a broken unit) */
	const char *const *check_kinds;
	const char *note;		/* the event keyword of the players' own words (`note "..."`) */
	/* how its own fields of a unit's and a leader's state read, each list
	 * ending with a NULL name (the core's are the roster's own) */
	const struct field_word *unit_words;
	const struct field_word *leader_words;
};

struct ruleset {
	const char *name;
	const struct vocab *vocab;
	/* Its notation card, one printed page (`umpire help notation`). */
	const char *card;
	/* Its printed rules, for citations in the player's form (cite.h). */
	const struct cite_book *book;
	/* Its unit records and state hooks (state_init); NULL: the core's alone. */
	const struct state_rules *state;
	/* Audits the event statement s: adds findings to the audit and changes
	 * its state as the game was played.  Returns false for an event kind the
	 * ruleset does not audit (yet); the driver then records a not-audited
	 * note and applies the claimed losses itself. */
	bool (*audit_event)(struct audit *a, const struct stmt *s);
	/* Applies a state event of the ruleset's own (vocab_event.code; those
	 * with a state_verb the driver applies); may be NULL. */
	void (*apply_state)(struct audit *a, const struct event *e);
	/* Makes the ruleset's own state for one audit (struct audit.ctx),
	 * before the first statement; end frees it.  Both may be NULL. */
	void *(*begin)(struct audit *a);
	void (*end)(struct audit *a);
	/* Called before a turn, a phase or an event that is not a reroll or a
	 * state event, and after the last statement: reports what the events
	 * before left undone (a roll due and not logged); may be NULL. */
	void (*settle)(struct audit *a);
	/* Checks the order of battle before the first event; may be NULL. */
	void (*audit_order_of_battle)(struct audit *a);
	/* Notes of its own on unit u of a campaign's battle given its past, a
	 * line each appended to out ("note: ..."); may be NULL. */
	void (*campaign_note)(const struct st_unit *u, const struct unit_past *past, struct buf *out);
	/* Appends the ruleset's own fields of unit u's state (RFF's
	 * effectiveness) to out, after the generic ones; may be NULL. */
	void (*unit_fields)(const struct audit *a, int u, struct fields *out);
	/* How its reports read; NULL: stands alone. */
	const struct ruleset_terms *terms;
};

/* The i-th ruleset of the registry (from 0), or NULL past the last. */
const struct ruleset *ruleset_at(size_t i);
/* The ruleset called name (case-insensitive), or NULL. */
const struct ruleset *ruleset_find(const char *name);
/* The vocabulary of the ruleset called name, or NULL (for the parser). */
const struct vocab *ruleset_vocab(const char *name);
/* Every registered ruleset's vocabulary as Markdown (vocab_markdown), in
 * the registry's order, a blank line between: the end of docs/notation.md. */
void vocab_markdown_all(struct buf *out);
/* The ruleset used when a battle names none. */
const struct vocab *ruleset_default(void);

#endif
