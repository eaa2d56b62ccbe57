/* rff_tables: the Regimental Fire and Fury (MAW) tables as const data.
 *
 * Every row carries its source as "SEED:LINE" into ../shared/seeds (000 the
 * variant's rule text, 002 the Quick Reference Sheet); explanations show it.
 * Lookups return a row or NULL; nothing here keeps state. */
#ifndef UMPIRE_RFF_TABLES_H
#define UMPIRE_RFF_TABLES_H

#include <stdbool.h>

#include "claim.h"

/* Unit Effectiveness Table (000:675-702): a unit starting with `stands` is
 * worn at `worn` stands or fewer (0: no worn step) and spent at `spent` or
 * fewer. */
struct rff_uet_row {
	const char *morale;
	int stands;
	int worn, spent;
	const char *cite;
	const char *cell;	/* the cell as the seed prints it, "8/5/3" */
};

enum rff_effectiveness { RFF_FRESH, RFF_WORN, RFF_SPENT };

/* The row for a morale class and starting stands (2-25), or NULL.  With
 * text_dispirited the rule text's reading of small dispirited units
 * (000:714) replaces the table's cell where the two differ. */
const struct rff_uet_row *rff_uet_row(const char *morale, int stands, bool text_dispirited);
/* Fresh, worn or spent for a unit of `start` stands that has `now` left. */
enum rff_effectiveness rff_effectiveness(const struct rff_uet_row *row, int now);
const char *rff_effectiveness_name(enum rff_effectiveness e);

/* Maneuver table results (002:38-43): the effect of a modified total for a
 * nation ("US", "MEX") in good order (and guns) or disordered/broken. */
struct rff_mc_band {
	const char *nation;	/* NULL: both nations */
	bool disordered;
	int lo, hi;		/* inclusive */
	const char *effect;	/* the vocabulary's effect name */
	const char *cite;
	const char *text;	/* the band as printed, for explanations */
};

const struct rff_mc_band *rff_mc_band(const char *nation, bool disordered, int total);

/* Maneuver table die roll modifiers (002:19-32).  Codes on one table line
 * share a factor: a unit gets at most one modifier of each factor. */
enum rff_mc_factor {
	MCF_RATING, MCF_ATTACHED, MCF_COMMAND, MCF_EXPERIENCE, MCF_EFFECTIVENESS,
	MCF_BATTERY, MCF_FORMATION, MCF_FLANK, MCF_KEY, MCF_HEAVY, MCF_GREATER,
	MCF_N
};

/* The row for a maneuver modifier code (factor: enum rff_mc_factor), or NULL. */
const struct claim_mod *rff_mc_mod(const char *code);
const char *rff_mc_factor_name(int factor);

#endif
