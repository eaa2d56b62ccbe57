/* sar_tables: the tables of Santa Anna Rules! that its text gives, as data
 * with their sources (seed 004): weapon ranges, the leader casualty table,
 * and the column shifts and roll modifiers the text or its worked example
 * states.  The chart cards are not in the text; a shift they alone give is
 * an entry with `chart` set, valued from the battle's chart file
 * (sar_chart_mods), or else taken as claimed. */
#ifndef UMPIRE_SAR_TABLES_H
#define UMPIRE_SAR_TABLES_H

#include <stdbool.h>

#include "../claim.h"

/* Range bands of the Weapon Ranges table (004:210-220). */
enum sar_band { SB_NONE, SB_SHORT, SB_MEDIUM, SB_LONG, SB_BEYOND };

struct sar_range {
	int weapon;		/* enum sar_weapon, or SAR_GUN + pounds */
	int short_max;		/* inches; -1: the weapon has no short range */
	int medium_max, long_max;
	const char *cite;
};

/* The row of weapon, or NULL: the table has none (a 4, 8 or 16 lb gun, a
 * carbine). */
const struct sar_range *sar_range_of(int weapon);
/* The band of a range in inches on a row. */
enum sar_band sar_band_at(const struct sar_range *r, int inches);
const char *sar_band_name(enum sar_band b);

/* A row of the Leader Casualty Table (004:372-377). */
struct sar_wound_row {
	int lo, hi;
	int effect;		/* enum sar_wound */
	int out_turns;		/* turns without orders after this one (0: none, or out of the game) */
	int stragglers;		/* the unit's (13-16: one accompanies the leader) */
	const char *cite;
};
/* The row of a d20 roll, or of an effect (enum sar_wound); NULL if none. */
const struct sar_wound_row *sar_wound_of(int d20);
const struct sar_wound_row *sar_wound_row_of(int effect);

/* The events a modifier is read for: their tables differ. */
enum sar_table { STB_FIRE, STB_MELEE, STB_CLOSE, STB_STAND, STB_RECOVER, STB_MOVE, STB_N };

/* The factors of every table (one modifier each). */
enum sar_factor {
	SF_VOLLEY, SF_SCREEN, SF_GUNNERS, SF_CHARGING, SF_OUTNUMBERED, SF_LEADER, SF_LOSSES, SF_COVER,
	SF_TRAINING, SF_NATION, SF_WORKS, SF_ARM, SF_TERRAIN, SF_N
};

/* One modifier of one table. */
struct sar_mod_row {
	enum sar_table table;
	int code;		/* enum sar_mod */
	int factor;		/* enum sar_factor */
	int value;		/* for a variable one (outnumbered, leader, losses) its sign */
	bool chart;		/* the value is on a chart card the text lacks: the chart file's, or as claimed */
	bool variable;		/* the value is derived per event */
	const char *cite;
	const char *label;
};

/* The row of code in table, or NULL. */
const struct sar_mod_row *sar_mod_of(enum sar_table t, int code);
/* The first row of factor f in table t (its derived item), or NULL. */
const struct sar_mod_row *sar_mod_factor(enum sar_table t, int f);
/* The row as a claim module's modifier, with value v where it is variable. */
struct claim_mod sar_claim_mod(const struct sar_mod_row *r, int v);
const char *sar_factor_name(int f);
/* The claimed modifiers' meaning in table *t (claim_check_mods); t is
 * kept, not copied. */
struct claim_table sar_claim_table(const enum sar_table *t);

/* Records the derived shifts of d in part p, a step each, and a step for
 * each factor of table t that does not apply and says why (sar_combat.c). */
struct record;
struct rec_part;
void sar_record_mods(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
		     enum sar_table t);

#endif
