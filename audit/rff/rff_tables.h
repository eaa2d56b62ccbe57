/* rff_tables: the Regimental Fire and Fury (MAW) tables as const data.
 *
 * Every row carries its source as "SEED:LINE" into ../shared/seeds (000 the
 * variant's rule text, 002 the Quick Reference Sheet); explanations show it.
 * Lookups return a row or NULL; nothing here keeps state. */
#ifndef UMPIRE_RFF_TABLES_H
#define UMPIRE_RFF_TABLES_H

#include <stdbool.h>

#include "../claim.h"
#include "rff_vocab.h"

/* Unit Effectiveness Table (000:675-702): a unit starting with `stands` is
 * worn at `worn` stands or fewer (0: no worn step) and spent at `spent` or
 * fewer. */
struct rff_uet_row {
	enum rff_morale morale;
	int stands;
	int worn, spent;
	const char *cite;
	const char *cell;	/* the cell as the seed prints it, "8/5/3" */
};

enum rff_effectiveness { RFF_FRESH, RFF_WORN, RFF_SPENT };

/* The row for a morale class and starting stands (2-25), or NULL.  With
 * text_dispirited the rule text's reading of small dispirited units
 * (000:714) replaces the table's cell where the two differ. */
const struct rff_uet_row *rff_uet_row(enum rff_morale morale, int stands, bool text_dispirited);
/* Fresh, worn or spent for a unit of `start` stands that has `now` left. */
enum rff_effectiveness rff_effectiveness(const struct rff_uet_row *row, int now);
const char *rff_effectiveness_name(enum rff_effectiveness e);

/* Maneuver table results (002:38-43): the effect of a modified total for a
 * nation ("US", "MEX") in good order (and guns) or disordered/broken. */
struct rff_mc_band {
	enum rff_nation nation;	/* NATION_NONE: both nations */
	bool disordered;
	int lo, hi;		/* inclusive */
	enum rff_effect effect;
	const char *cite;
	const char *text;	/* the band as printed, for explanations */
};

const struct rff_mc_band *rff_mc_band(enum rff_nation nation, bool disordered, int total);

/* What a maneuver effect does to the unit's state (002:38-43): the order of
 * troops, and guns limbering to retreat silenced. */
enum rff_order_change {
	RFF_KEEP, RFF_TO_GOOD,
	RFF_TO_DISORDERED,	/* good order to disordered; broken stays broken */
	RFF_REFORM,		/* disordered, broken troops reforming (Wavering) */
	RFF_TO_BROKEN
};
struct rff_mc_effect {
	enum rff_effect effect;
	enum rff_order_change troops;	/* to disordered never lifts broken */
	bool square_holds;		/* a square keeps its order instead (000:624) */
	bool guns_retreat;		/* guns limber and full retreat silenced */
	bool guns_retreat_close_only;	/* ... only from within close range */
	bool fixed_guns_lost;		/* unlimbered fixed guns are lost too */
	bool cavalry_mounts;		/* dismounted cavalry must mount (000:416) */
	const char *cite;
};

/* The row of a maneuver effect, or NULL. */
const struct rff_mc_effect *rff_mc_effect(enum rff_effect effect);

/* The actions after a maneuver check (vocab_word.code of RC_ACTION, from
 * 1; the vocabulary spells them, ACT() in rff_vocab.c). */
enum rff_action {
	RFF_ACT_NONE, RFF_ACT_MOVE, RFF_ACT_FORM, RFF_ACT_FRONT, RFF_ACT_CHARGE, RFF_ACT_LIMBER, RFF_ACT_UNLIMBER,
	RFF_ACT_PIVOT, RFF_ACT_FIRE, RFF_ACT_GUN_RALLY, RFF_ACT_REPLENISH, RFF_ACT_FACE_REAR, RFF_ACT_PASSAGE,
	RFF_ACT_FLANK_MARCH, RFF_ACT_DEPLOY, RFF_ACT_HOLD, RFF_ACT_RETREAT,
	RFF_ACT_N
};

/* What a maneuver effect allows troops or guns to do: the lists of Troop
 * and Gun Maneuvers (002:90-148) by the effect that gives them. */
struct rff_maneuver_row {
	enum rff_effect effect;
	bool guns;		/* the gun maneuvers; else the troop maneuvers */
	unsigned allowed;	/* 1u << enum rff_action */
	bool tardy_formations;	/* form only to line, open order, square or garrison */
	const char *list;	/* the list as a player finds it */
	const char *cite;
};

/* The row for an effect and arm, or NULL (an effect with no list). */
const struct rff_maneuver_row *rff_maneuvers(enum rff_effect effect, bool guns);

/* Maneuvers of the lists that one unit may combine in one check
 * (002:95-99, 002:128-135, 002:143-144, 002:42-43); any other two are one
 * maneuver too many. */
enum rff_combo_when { RFF_ANY_CARRIAGE, RFF_LIGHT_CARRIAGE, RFF_FLYING_DOUBLE_QUICK };
struct rff_combo {
	bool guns;
	unsigned effects;		/* the effects that allow it: 1u << enum rff_effect */
	unsigned actions;		/* 1u << enum rff_action, all of them together */
	enum rff_combo_when when;
	const char *what;		/* as printed */
	const char *cite;
};

/* The combination allowing all of actions (two or more) for this arm and
 * effect, or NULL; light and flying say what the guns are. */
const struct rff_combo *rff_combination(bool guns, enum rff_effect effect, unsigned actions, bool light, bool flying);

/* Maneuver table die roll modifiers (002:19-32).  Codes on one table line
 * share a factor: a unit gets at most one modifier of each factor. */
enum rff_mc_factor {
	MCF_RATING, MCF_ATTACHED, MCF_COMMAND, MCF_EXPERIENCE, MCF_EFFECTIVENESS,
	MCF_BATTERY, MCF_FORMATION, MCF_FLANK, MCF_KEY, MCF_HEAVY, MCF_GREATER,
	MCF_N
};

/* The Maneuver Table's modifiers, one per item of a line (002:19-32); the
 * codes of the vocabulary's maneuver modifiers and leader ratings.
 * MM_NONE: no modifier. */
enum rff_mc_mod {
	MM_NONE, MM_GALLANT, MM_ABLE, MM_POOR, MM_ATTACHED, MM_COLONEL, MM_PROV,
	MM_OOC, MM_ELITE, MM_VET, MM_TRAINED, MM_RAW, MM_FRESH,
	MM_WORN, MM_SPENT, MM_BTY, MM_COLUMN, MM_SQUARE, MM_GARRISON,
	MM_LIMBERED, MM_COVER, MM_OUTFLANKED, MM_BROKEN, MM_KEY_LOST, MM_HEAVY_CASUALTIES,
	MM_GREATER_LOSSES,
	MM_N
};

/* The row of a maneuver modifier (factor: enum rff_mc_factor). */
const struct claim_mod *rff_mc_mod_at(enum rff_mc_mod m);
const char *rff_mc_factor_name(int factor);

/* Musketry and cannonade fire points (002:152-174): the points a stand of
 * `weapon` fires at ranges up to `max_range` inches (above the row before),
 * in half points.  Small arms are the same for both nations ("any").  The
 * small-arms option picks the QRS rows or the rule text's (000:314, 000:768). */
/* Which reading of the small-arms ranges a row belongs to (option small-arms). */
enum rff_small_arms { SMALL_ARMS_BOTH, SMALL_ARMS_QRS, SMALL_ARMS_TEXT };

struct rff_fire_points {
	enum rff_nation nation;	/* NATION_NONE: any */
	enum rff_weapon weapon;
	int max_range;
	int half_points;
	enum rff_small_arms reading;
	const char *cite;
};

/* The row for a stand of weapon at range, or NULL when it cannot fire;
 * text: the rule text's small-arms ranges, not the QRS's. */
const struct rff_fire_points *rff_fire_points(enum rff_nation nation, enum rff_weapon weapon, int range,
					      bool text);

/* A Hale rocket's hit roll by range (002:169-170): the lowest d10 face that
 * hits, or 0 when the rocket cannot fire at that range. */
int rff_rocket_hit(int range, const char **cite);

/* The fire-point die modifier for a number of whole fire points (002:182-191),
 * or NULL for 0 points. */
const struct claim_mod *rff_fire_points_mod(int points);

/* Fire die-roll modifiers (002:182-189, 000:560): factor by enum rff_fire_factor. */
enum rff_fire_factor {
	FF_POINTS, FF_RAW, FF_BUCK_SHARP, FF_TROOP_TARGET, FF_TARGET_FORMATION,
	FF_GUN_TARGET, FF_COVER, FF_N
};

/* The fire modifiers, one per item of a line (002:182-189, 000:560), the
 * codes of the vocabulary's fire modifiers: enfiladed is two, against
 * troops and against guns (the word's code is the first); FM_POINTS is
 * fp, whose rows are by points (rff_fire_points_mod).  FM_NONE: none. */
enum rff_fire_mod {
	FM_NONE, FM_POINTS, FM_RAW, FM_BB, FM_SS, FM_COLUMN, FM_BROKEN,
	FM_ABOUT_FACED, FM_PASSAGE, FM_FLANK_MARCH, FM_ABATIS, FM_ENFILADED,
	FM_SQUARE, FM_MARCH, FM_STORMING, FM_LIMBERED, FM_ENFILADED_GUN,
	FM_PARTIAL, FM_OPEN, FM_FULL, FM_OPEN_PARTIAL, FM_DARK,
	FM_FORTIFIED,
	FM_N
};

/* The row of a fire modifier. */
const struct claim_mod *rff_fire_mod_at(enum rff_fire_mod m);
/* The modifier a claimed code (the vocabulary's code, m) means against a
 * troop target (gun false) or a gun target; NULL if it has no meaning for
 * that target.  FM_POINTS: a row of fp, whose value is the points'. */
const struct claim_mod *rff_fire_mod(enum rff_fire_mod m, bool gun);
const char *rff_fire_factor_name(int factor);

/* The musketry and cannonade results (002:193-201, 001:174-180), read as
 * four target columns (001) or five (002 literally); see docs/rules.md. */
enum rff_fire_band {
	FB_WITHERING, FB_TELLING, FB_CHECKED_OR_CS, FB_HOME_MEX_CHECKED, FB_GALLING, FB_LIVELY,
	FB_DESULTORY
};

struct rff_fire_result {
	enum rff_effect effect;	/* the fire effect on the target */
	enum rff_outcome outcome;	/* a charging target's */
	bool checked_unless_cold_steel;
	bool mex_cav_checked;	/* Mexican cavalry charging is checked (000:332) */
	const char *cite;	/* the row */
	char cell[24];		/* the band in the target's column, "9, 10" */
};

/* The result of a modified total against a target of this experience, by
 * the layout reading (4 or 5 target columns) and the reading of the
 * charge-only bands (split: 002:198 as Galling Fire). */
bool rff_fire_result(int columns, bool split, enum rff_experience experience, int total,
		     struct rff_fire_result *out);

/* What a fire effect does (002:195-201), strongest first: to troops, stands
 * lost and disorder; to guns, stands wrecked, silenced and damaged. */
struct rff_fire_effect {
	enum rff_effect effect;
	bool musketry_hits;	/* false: from cannonade only (Lively Fire) */
	bool disorders;		/* troops disordered */
	int troop_loss;		/* stands lost by troops */
	bool loss_if_disordered;	/* the loss only if already disordered (Galling) */
	int guns_wrecked;	/* gun stands wrecked (lost) */
	bool silence_rest;	/* the remaining gun stands silenced */
	int guns_silenced, guns_damaged;
	bool extra_on_15;	/* one more troop or gun stand on a modified 15 or more */
	const char *cite;
};

/* The row of a fire effect, or NULL. */
const struct rff_fire_effect *rff_fire_effect(enum rff_effect effect);

/* The next lower fire effect, for a massed target (002:197). */
enum rff_effect rff_fire_next_lower(enum rff_effect effect);

/* Charge table die-roll modifiers (002:207-221), one factor per line or per
 * group of lines that exclude each other. */
enum rff_charge_factor {
	CF_EXPERIENCE, CF_EFFECTIVENESS, CF_OUTNUMBERED, CF_GUN_SUPPORT, CF_DISORDER, CF_LEADER,
	CF_OPEN, CF_NATIONAL_GUARD, CF_FLANK, CF_POSITION, CF_IMPETUS, CF_GROUND, CF_N
};

/* The charge modifiers, one per item of a line (002:207-221), the codes
 * of the vocabulary's charge modifiers: outnumbered is three, by how far
 * (the word's code is the first).  CM_NONE: none. */
enum rff_charge_mod {
	CM_NONE, CM_ELITE, CM_VET, CM_TRAINED, CM_RAW, CM_FRESH,
	CM_WORN, CM_SPENT, CM_OUTNUMBERED_1, CM_OUTNUMBERED_2, CM_OUTNUMBERED_3,
	CM_CAV_VS_INF, CM_SUPPORTED, CM_UNSUPPORTED, CM_DISORDERED, CM_SILENCED,
	CM_COLONEL, CM_ATTACHED, CM_OPEN, CM_HASTY_SQUARE, CM_NATIONAL_GUARD,
	CM_AUXILIARIES, CM_OUTFLANKED, CM_BROKEN, CM_MARCH, CM_LIMBERED,
	CM_FAVOURABLE, CM_STRONG, CM_FORTIFIED, CM_CS, CM_LANCERS,
	CM_BT, CM_OPEN_GROUND, CM_BROKEN_GROUND, CM_ROUGH_GROUND, CM_STATIONARY,
	CM_VS_SQUARE,
	CM_N
};

/* The row of a charge modifier. */
const struct claim_mod *rff_charge_mod_at(enum rff_charge_mod m);
/* The row a claimed charge code (the vocabulary's code, m) names: for
 * outnumbered, the row of the value given (the first for another value). */
const struct claim_mod *rff_charge_mod(enum rff_charge_mod m, int value);
const char *rff_charge_factor_name(int factor);

/* Charge results by difference (002:237-244). */
/* What guns of the losing side lose, unlimbered (002:238-240). */
enum rff_guns_lost { RFF_GUNS_KEPT, RFF_GUNS_LOST, RFF_GUNS_LOST_HEAVY_FIXED, RFF_GUNS_LOST_HEAVY_FIXED_CAV };

/* A band of the charge table and what its effect does (002:238-244). The
 * loser is the defender when the attacker wins, the attacker when it does
 * not; in a Desperate Struggle both sides lose alike. */
struct rff_charge_band {
	int lo, hi;
	enum rff_effect effect;
	const char *cite;
	const char *text;
	bool attacker_wins, both_lose;
	int loss;			/* stands the loser loses */
	bool loss_if_disordered;	/* only troops already disordered lose it */
	bool extra_beyond;		/* and one more a point beyond the band (swept-losses) */
	bool one_more_cav_or_flank;	/* and one more if the winner is cavalry or the loser outflanked */
	bool broken;			/* the loser full retreats broken, else disordered */
	bool broken_if_flank, broken_if_cav, broken_if_square;	/* outflanked, the winner cavalry, in square */
	bool square_holds;		/* a square (or fortified) loser holds instead */
	enum rff_guns_lost guns;
};

const struct rff_charge_band *rff_charge_band(int difference);

/* The fallen-leader table (002:225-233). */
struct rff_fallen_row {
	int lo, hi;		/* the faces of the row */
	enum rff_effect effect;
	enum rff_effect result;	/* the result alone: removed, out-one-turn, dismounted-one-turn, no-effect */
	bool removed;		/* removed from the game */
	bool killed;		/* dead: shot dead or mortally wounded */
	bool wounded;		/* wounded and alive */
	int out_turns;		/* out of play this many turns */
	int dismounted_turns;
	const char *cite;
};

const struct rff_fallen_row *rff_fallen(int face);
/* The first row whose effect (or, with result, whose result) is name, or NULL. */
const struct rff_fallen_row *rff_fallen_named(enum rff_effect name, bool result);

/* The farthest a weapon may fire in the light of the turn (000:558, 000:562):
 * word is the twilight's part (morning, evening) or the night's sky; 0 for
 * no limit (daylight). */
int rff_light_range(enum rff_light light, int twilight_turn, int word, const char **cite);

#endif
