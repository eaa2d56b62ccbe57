/* rff_vocab: the notation's vocabulary for Regimental Fire and Fury (MAW). */
#ifndef UMPIRE_RFF_VOCAB_H
#define UMPIRE_RFF_VOCAB_H

#include "../grammar/vocab.h"

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
enum rff_carriage_state { RFF_CS_NONE, RFF_LIMBERED, RFF_UNLIMBERED, RFF_MOUNTED, RFF_DISMOUNTED };

/* RFF's own state events (vocab_event.code); those every ruleset's state
 * knows carry a state_verb instead. */
enum rff_verb {
	RV_NONE, RV_COUNTERCHARGE, RV_HASTY_SQUARE, RV_EVADE, RV_FORM, RV_LIMBER, RV_UNLIMBER,
	RV_MOUNT, RV_DISMOUNT, RV_DISORDER, RV_RALLY, RV_BREAK, RV_SILENCE, RV_DAMAGE, RV_WRECK,
	RV_GUN_RALLY, RV_SHELTER, RV_LOW_AMMO, RV_REPLENISH, RV_STORMING,
};

extern const struct vocab rff_vocab;

#endif
