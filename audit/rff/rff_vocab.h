/* rff_vocab: the notation's vocabulary for Regimental Fire and Fury (MAW). */
#ifndef UMPIRE_RFF_VOCAB_H
#define UMPIRE_RFF_VOCAB_H

#include "../../grammar/vocab.h"

/* The word categories of RFF: indices of rff_vocab.cats. */
enum rff_cat {
	RC_ARM = VC_NONE + 1, RC_EXPERIENCE, RC_MORALE, RC_WEAPON, RC_CARRIAGE, RC_FORMATION,
	RC_ORDER, RC_LIMBER, RC_MOUNT, RC_FLAG,
	RC_RATING, RC_LEADER_FLAG, RC_NATION,
	RC_LIGHT, RC_TWILIGHT, RC_SKY, RC_PHASE, RC_FIRE_MODE,
	RC_MOD_MC, RC_MOD_FIRE, RC_MOD_CHARGE,
	RC_EFFECT_MC, RC_EFFECT_FIRE, RC_EFFECT_CHARGE, RC_EFFECT_FALLEN,
	RC_FACT_MC, RC_FACT_FIRE, RC_FACT_CHARGE,
	RC_ACTION, RC_ACTION_FLAG, RC_OPTION, RC_OUTCOME_FIRE, RC_TALLY_FIRE,
	RC_N
};

/* The phases of the RFF turn (vocab_phase.bit). */
enum {
	PH_MANEUVER = 1, PH_FIRE = 2, PH_CHARGE = 4,
};

/* What a fire's claim tallies (vocab_word.code of RC_TALLY_FIRE): the gun
 * marks it leaves, in the order the notation prints them, its points, and
 * the disorder it leaves. */
enum rff_tally {
	RFF_TALLY_NONE, RFF_MARK_SILENCED, RFF_MARK_DAMAGED, RFF_MARK_WRECKED, RFF_TALLY_PTS,
	RFF_TALLY_DISORDERED,
};

/* A unit's arm, experience, order, limber and mount words (vocab_word.code
 * of RC_ARM, RC_EXPERIENCE, RC_ORDER, RC_LIMBER, RC_MOUNT): resolved once, when the state begins. */
enum rff_arm { RFF_ARM_NONE, RFF_INF, RFF_CAV, RFF_GUN };
enum rff_experience { RFF_EXP_NONE, RFF_ELITE, RFF_VETERAN, RFF_TRAINED, RFF_RAW, RFF_EXP_N };
enum rff_order { ORDER_GOOD, ORDER_DISORDERED, ORDER_BROKEN };
/* A unit's morale class (code of RC_MORALE): its row of the Unit
 * Effectiveness Table. */
enum rff_morale { MORALE_NONE, MORALE_SPIRITED, MORALE_RELIABLE, MORALE_UNRELIABLE, MORALE_DISPIRITED };
enum rff_carriage_state { RFF_CS_NONE, RFF_LIMBERED, RFF_UNLIMBERED, RFF_MOUNTED, RFF_DISMOUNTED };

/* A unit's formation (vocab_word.code of RC_FORMATION). */
enum rff_formation {
	FORM_NONE, FORM_LINE, FORM_OPEN, FORM_FIELD_COLUMN, FORM_MARCH_COLUMN, FORM_SQUARE, FORM_HASTY_SQUARE,
	FORM_GARRISON, FORM_STORMING_COLUMN,
};

/* A unit's nation, weapon and carriage (codes of RC_NATION, RC_WEAPON,
 * RC_CARRIAGE); WPN_UNARMED is the word "none" (lance and sabre cavalry). */
enum rff_nation { NATION_NONE, NATION_US, NATION_MEX };
enum rff_weapon {
	WPN_NONE, WPN_R, WPN_IR, WPN_M, WPN_IM, WPN_C, WPN_SG, WPN_HG, WPN_MG, WPN_LG, WPN_HH, WPN_LH, WPN_SH,
	WPN_HR, WPN_UNARMED,
};
enum rff_carriage { CAR_NONE, CAR_HLC, CAR_OLC, CAR_FLC, CAR_MLC, CAR_LC, CAR_HC };

/* Unit and leader attributes (codes of RC_FLAG and RC_LEADER_FLAG). */
enum rff_flag {
	FLAG_NONE, FLAG_LIGHT, FLAG_LANCERS, FLAG_NATIONAL_GUARD, FLAG_AUXILIARIES, FLAG_MILITIA, FLAG_VOLUNTEER,
	FLAG_REGULAR, FLAG_BRAVE_COLONEL, FLAG_SHARPSHOOTERS, FLAG_CUIRASSIERS, FLAG_MOUNTED_RIFLES, FLAG_FLYING,
	FLAG_BATTERY, FLAG_SECTION, FLAG_FIXED, FLAG_RESERVE, FLAG_ARTY,
};

/* A turn's light and its argument (codes of RC_LIGHT, RC_TWILIGHT, RC_SKY). */
enum rff_light { LIGHT_NONE, LIGHT_DAYLIGHT, LIGHT_TWILIGHT, LIGHT_NIGHT };
enum rff_twilight { TWILIGHT_NONE, TWILIGHT_MORNING, TWILIGHT_EVENING };
enum rff_sky { SKY_NONE, SKY_OVERCAST, SKY_MOONLESS, SKY_MOONLIT, SKY_FULL_MOON };

/* The facts of the table a log states after a unit (codes of RC_FACT_MC,
 * RC_FACT_FIRE and RC_FACT_CHARGE: one enum, as a word such as cover is a
 * fact of more than one event), and the values of those that take one, by
 * their place in the word's spec (fact.value_index). */
enum rff_fact {
	FACT_NONE, FACT_OUTFLANKED, FACT_OUT_OF_COMMAND, FACT_COVER, FACT_KEY_LOST, FACT_HEAVY_CASUALTIES,
	FACT_GREATER_LOSSES, FACT_CLOSE, FACT_FORTIFIED, FACT_GROUND, FACT_ENFILADED, FACT_ABOUT_FACED,
	FACT_PASSAGE, FACT_FLANK_MARCH, FACT_ABATIS, FACT_CHARGING, FACT_COLD_STEEL, FACT_NO_LEADER,
	FACT_BREAKTHROUGH, FACT_CHARGED, FACT_MASSED, FACT_STATIONARY, FACT_FAVOURABLE, FACT_STRONG,
	FACT_SUPPORTED, FACT_UNSUPPORTED, FACT_COUNTERCHARGE,
};
enum { GROUND_OPEN = 1, GROUND_BROKEN, GROUND_ROUGH };	/* "open|broken|rough" */
enum { COVER_PARTIAL = 1, COVER_FULL };			/* fire's "partial|full" */

/* The effects of RFF's tables, one list for the four categories (codes of
 * RC_EFFECT_MC, RC_EFFECT_FIRE, RC_EFFECT_CHARGE, RC_EFFECT_FALLEN), so a
 * table row names its effect by enum: X(ENUM, its canonical word).  The
 * word is the vocabulary's (test_vocab checks the two agree). */
#define RFF_EFFECTS(X) \
	/* the Maneuver Table (002:38-43) */ \
	X(DOUBLE_QUICK, "double-quick") X(WELL_HANDLED, "well-handled") X(TARDY, "tardy") \
	X(FALL_BACK, "fall-back") X(PANIC, "panic") X(RALLY_WITH_ELAN, "rally-with-elan") \
	X(RALLY, "rally") X(SHAKEN, "shaken") X(WAVERING, "wavering") \
	/* the Musketry & Cannonade Table (002:195-201) */ \
	X(WITHERING, "withering-fire") X(TELLING, "telling-fire") X(GALLING, "galling-fire") \
	X(LIVELY, "lively-fire") X(DESULTORY, "desultory-fire") \
	/* the Charge Table (002:238-244) */ \
	X(SWEPT, "swept-from-the-field") X(DRIVEN_BACK, "driven-back") X(HARD_PRESSED, "hard-pressed") \
	X(DESPERATE_STRUGGLE, "desperate-struggle") X(FALTER, "falter") X(RECOIL, "recoil") \
	X(REPULSED, "repulsed") \
	/* the Fallen Leader Table (002:225-233) */ \
	X(SHOT_DEAD, "shot-dead") X(MORTALLY_WOUNDED, "mortally-wounded") \
	X(GRIEVOUSLY_WOUNDED, "grievously-wounded") X(FLESH_WOUND, "flesh-wound") \
	X(HORSE_SHOT, "horse-shot") X(COAT_PIERCED, "coat-pierced") X(STAFF_STRUCK, "staff-struck") \
	X(UNSCATHED, "unscathed") \
	/* its results alone */ \
	X(REMOVED, "removed") X(OUT_ONE_TURN, "out-one-turn") \
	X(DISMOUNTED_ONE_TURN, "dismounted-one-turn") X(NO_EFFECT, "no-effect")

enum rff_effect {
	EFF_NONE,
#define X(e, word) EFF_##e,
	RFF_EFFECTS(X)
#undef X
	EFF_N
};

/* What fire does to a charging target (code of RC_OUTCOME_FIRE). */
enum rff_outcome { OUTCOME_NONE, OUTCOME_CHECKED, OUTCOME_HOME };

/* RFF's own events (vocab_event.code): the charges, and the state events
 * of its own (those every ruleset's state knows carry a state_verb instead). */
enum rff_verb {
	RV_NONE, RV_CHARGE, RV_BREAKTHROUGH, RV_COUNTERCHARGE, RV_HASTY_SQUARE, RV_EVADE, RV_FORM, RV_LIMBER, RV_UNLIMBER,
	RV_MOUNT, RV_DISMOUNT, RV_DISORDER, RV_RALLY, RV_BREAK, RV_SILENCE, RV_DAMAGE, RV_WRECK,
	RV_GUN_RALLY, RV_SHELTER, RV_LOW_AMMO, RV_REPLENISH, RV_STORMING,
};

extern const struct vocab rff_vocab;

/* The canonical word of RFF's category cat whose code is code, or NULL for
 * none (static): "hasty-square" for (RC_FORMATION, FORM_HASTY_SQUARE). */
const char *rff_word(enum rff_cat cat, int code);
/* An effect's canonical word ("double-quick"), NULL for EFF_NONE (static). */
const char *rff_effect_word(enum rff_effect e);

#endif
