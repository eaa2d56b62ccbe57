/* rff_legal: the legality rules of Regimental Fire and Fury (MAW). Each
 * reports what it finds as illegal-action (or inconsistent-state). */
#ifndef UMPIRE_RFF_LEGAL_H
#define UMPIRE_RFF_LEGAL_H

#include "../audit.h"
#include "rff_unit.h"

/* An action after a maneuver check, given the effect as played (may be NULL). */
void rff_legal_action(struct audit *a, const struct rff_unit *u, const struct action *act,
		      enum rff_effect effect);
/* The actions of one unit's line, taken together: more than one maneuver
 * unless the lists combine them (002:95-99, 002:128-135, 002:143-144).
 * Returns how many of the actions are legal together (n, or the index of
 * the first one too many, reported as illegal-action). */
int rff_legal_combination(struct audit *a, const struct rff_unit *u, const struct action *acts, int n,
			  enum rff_effect effect);
/* A state event (hasty square, counter-charge, formation...), before it applies. */
void rff_legal_state(struct audit *a, const struct event *e);
/* A charge with cold steel (at: where the log says so): barred units
 * (000:544, 000:548, 000:932) and non-elite units that fired this turn. */
void rff_legal_cold_steel(struct audit *a, const struct rff_unit *u, bool stationary, struct span at);
/* Mexican cavalry charging or counter-charging in disorder (002:107, 002:114),
 * however the log says so (at: where). */
void rff_legal_mex_cavalry(struct audit *a, const struct rff_unit *u, struct span at, bool countercharge);
/* A roll of another die than the d10. */
void rff_legal_die(struct audit *a, const struct face *f);
/* Units one and other of one side opposed ("fires at", "charges"),
 * reported on other. */
void rff_legal_sides(struct audit *a, const struct uref *one, const struct uref *other, const char *what);
/* A unit firing (ref: it on the fire line, with its facts). */
void rff_legal_fire(struct audit *a, const struct rff_unit *u, const struct uref *ref);
/* A breakthrough charge by this unit. */
void rff_legal_breakthrough(struct audit *a, const struct rff_unit *u, struct span at);
/* The order of battle, once before the first event. */
void rff_legal_order_of_battle(struct audit *a);

/* The ruleset's campaign_note: a volunteer infantry unit still rated
 * trained after it saw combat (000:888). */
void rff_legal_campaign_note(const struct st_unit *u, const struct unit_past *past, struct buf *out);

#endif
