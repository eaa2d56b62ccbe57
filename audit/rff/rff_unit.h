/* rff_unit: what Regimental Fire and Fury tracks of a unit beyond the core.
 *
 * The state keeps one struct rff_unit per unit and one struct rff_leader per
 * leader (rff_unit_rules), the core's record first; RFF's code reads and changes it through rff_unit().  A copy
 * of a record (to preview an effect) is a whole unit as RFF knows it. */
#ifndef UMPIRE_RFF_UNIT_H
#define UMPIRE_RFF_UNIT_H

#include <stdbool.h>
#include <stddef.h>

#include "rff_vocab.h"
#include "../state.h"

struct rff_unit {
	struct unit_state core;		/* first: the state's record of every ruleset */
	enum rff_arm arm;
	enum rff_experience experience;
	enum rff_order order;
	enum rff_formation formation;	/* FORM_NONE if none logged */
	bool limbered, mounted;
	int silenced, damaged, wrecked;	/* gun stands */
	bool sheltered;			/* crew sheltering in a square */
	int sheltered_in;		/* the square's unit index, or -1 */
	int low_ammo;			/* troops: 1 if low on ammunition; guns: stands marked */
	int cold_steel_turn;		/* the turn it declared a charge with cold steel, or 0 */
	int fired_turn;			/* the last turn it fired, or 0 */
	int checked_turn;		/* the turn fire checked its charge, or 0 */
	bool disorder_pending;		/* disordered when the phase ends (a winning charger) */
	bool hasty_expires;		/* a hasty square logged this player turn: a square from the next */
	int check_turn;			/* the turn of its last maneuver check, or 0 */
	enum rff_effect check_effect;	/* that check's effect (as the state follows it) */
	unsigned check_actions;		/* bits of enum rff_action for the actions its line gave */
};

/* RFF's record of a leader: the core's, and the horse shot under it. */
struct rff_leader {
	struct leader_state core;	/* first: the state's record of every ruleset */
	bool dismounted;		/* horse shot: through turn dismounted_until */
	int dismounted_until;
};

/* The state's hooks for RFF's records (struct ruleset.state). */
extern const struct state_rules rff_unit_rules;

/* Unit u's record; st was begun with rff_unit_rules. */
struct rff_unit *rff_unit(const struct state *st, int u);

/* Leader l's record; st was begun with rff_unit_rules. */
struct rff_leader *rff_unit_leader(const struct state *st, int l);
/* Leader l's horse is shot: dismounted through turn until (002:230). */
void rff_unit_dismount_leader(struct state *st, int l, int until);

/* Removes n stands from a record (n < 0 adds), its gun marks with them:
 * state_lose for a copy.  Returns the stands now. */
int rff_unit_lose(struct rff_unit *r, int n);

/* Whether the unit stands in a square, deliberate or hasty. */
bool rff_unit_in_square(const struct rff_unit *r);

/* Sets a troop unit's order: broken troops lose their formation (000:416),
 * and broken troops that rally or reform stand in line (000:408-412, 002:42). */
void rff_unit_set_order(struct rff_unit *r, enum rff_order order);

/* Marks n more gun stands silenced or damaged (n < 0 clears), never more
 * than the stands the unit has nor fewer than none. */
void rff_unit_silence(struct rff_unit *r, int n);
void rff_unit_damage(struct rff_unit *r, int n);
/* Marks troops low on ammunition, or n more gun stands (002:198). */
void rff_unit_low_ammo(struct rff_unit *r, int n);

/* Notes a winning charger disordered when the phase ends (000:470), or a
 * hasty square that becomes a square from the next player turn (000:646). */
void rff_unit_disorder_later(struct state *st, int u);
void rff_unit_hasty_square(struct state *st, int u);

/* "9 stands, disordered, line" (guns: silenced, damaged, limbered), or
 * "removed from the game", into buf; returns buf. */
const char *rff_unit_describe(const struct state *st, int u, char *buf, size_t size);

/* The order's notation word: "good-order", "disordered", "broken". */
const char *rff_order_word(enum rff_order order);

#endif
