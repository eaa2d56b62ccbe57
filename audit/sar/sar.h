/* sar: Santa Anna Rules! (Tactical), by Buck Surdu (seed 004), as umpire's
 * second ruleset.
 *
 * Units are measured in castings: a unit's effectives (the core's stands),
 * stragglers and casualties.  The rules' text gives the procedures and the
 * Weapon Ranges and Leader Casualty tables; its chart cards (the Combat
 * Effects Chart, Roll to Close or Stand, Roll to Rally or Route, Random
 * Orders, Cavalry Breakthrough, Forming Emergency Square, Movement
 * Distances) are not in it: what they decide comes from the battle's chart
 * file (cell_lookup, cell.h), or else is taken on trust and said so.
 * sar_vocab.c holds the notation, sar_tables.c the tables as data, sar.c
 * the state and the derivations of orders, movement and rallying,
 * sar_combat.c fire, melee, breakthroughs and emergency squares. */
#ifndef UMPIRE_SAR_H
#define UMPIRE_SAR_H

#include <stdbool.h>

#include "../audit.h"
#include "../cell.h"
#include "../cite.h"
#include "../ruleset.h"

/* Word categories; the unit slots come first (below UNIT_SLOTS). */
enum sar_cat {
	SC_ARM = VC_NONE + 1, SC_EXP, SC_WEAPON, SC_FORMATION, SC_MOUNT, SC_LIMBER,
	SC_RATING, SC_NATION, SC_PHASE, SC_ORDER, SC_ORDER_FACT, SC_RANDOM,
	SC_MOD_FIRE, SC_FACT_FIRE, SC_EFFECT_FIRE, SC_MOD_MELEE, SC_FACT_MELEE, SC_EFFECT_MELEE,
	SC_MOD_CLOSE, SC_EFFECT_CLOSE, SC_EFFECT_STAND, SC_MOD_RECOVER, SC_FACT_MOVE, SC_MOD_MOVE,
	SC_TALLY, SC_EFFECT_HIT, SC_EFFECT_WOUND, SC_EFFECT_RALLY, SC_EFFECT_ROUTE, SC_OPTION,
	SC_EFFECT_BREAKTHROUGH, SC_MOD_SQUARE, SC_EFFECT_SQUARE, SC_N
};

enum sar_arm { SAR_INF = 1, SAR_CAV, SAR_ART };
enum sar_exp { SAR_UNTRAINED = 1, SAR_GREEN, SAR_REGULAR, SAR_VETERAN };
enum sar_nation { SAR_US = 1, SAR_MEXICO, SAR_TEXAS };
enum sar_formation { SF_LINE = 1, SF_COLUMN, SF_ROAD_COLUMN, SF_SKIRMISH, SF_SQUARE };
enum sar_mount { SAR_MOUNTED = 1, SAR_DISMOUNTED };
enum sar_limber { SAR_LIMBERED = 1, SAR_UNLIMBERED };

/* Weapons: small arms by name; guns by their poundage (the code is
 * SAR_GUN + pounds). */
enum sar_weapon { SW_AD_HOC = 1, SW_MUSKET, SW_RIFLE, SW_RIFLED_MUSKET, SW_PISTOL, SW_CARBINE, SW_NONE, SAR_GUN = 100 };

/* The orders of 004:82-96, the actions of an `orders` line. */
enum sar_order { SO_MOVE = 1, SO_CHARGE, SO_FIRST_FIRE, SO_HOLD_FIRE, SO_HOLD, SO_RALLY, SO_FORM, SO_N };
enum sar_random { SR_ADVANCE = 1, SR_SAME_AS_LAST, SR_SAME_AS_PEER, SR_HALT, SR_WITHDRAW };

/* The phases of 004:36-48, as bits. */
enum {
	SP_ORDERS = 1u << 0, SP_CHARGES = 1u << 1, SP_FIRST_FIRE = 1u << 2, SP_MOVES = 1u << 3,
	SP_HOLD_FIRE = 1u << 4, SP_MELEE = 1u << 5, SP_RALLY = 1u << 6,
};

/* Event codes (vocab_event.code). */
enum sar_event {
	SE_ORDERS = 1, SE_RANDOM, SE_MOVE, SE_FIRE, SE_CLOSE, SE_STAND, SE_MELEE, SE_ROUND, SE_RECOVER,
	SE_RALLY, SE_ROUTE, SE_HIT, SE_WOUND, SE_STRAGGLERS, SE_FORM, SE_MOUNT, SE_DISMOUNT, SE_LIMBER,
	SE_UNLIMBER, SE_BREAKTHROUGH, SE_SQUARE,
};

/* The charts a chart file gives (grammar/chart.h; docs/charts.md): the
 * cards the rules' text refers to and lacks. */
enum sar_chart {
	SCH_EFFECTS = 1, SCH_MELEE_COLUMN, SCH_CLOSE_STAND, SCH_RALLY_ROUTE, SCH_RANDOM, SCH_BREAKTHROUGH,
	SCH_SQUARE, SCH_MOVEMENT, SCH_MOVE_MODS, SCH_FIRE_MODS, SCH_MELEE_MODS, SCH_CLOSE_MODS,
};
/* Their columns, in the spec's order. */
enum { SCC_CLOSE = 0, SCC_STAND = 1, SCC_RALLY = 0, SCC_ROUTE = 1, SCC_INCHES = 0, SCC_DICE = 1 };

/* Modifier codes; one enum across the fire, melee, close and recovery
 * categories, since a code means one thing wherever it stands. */
enum sar_mod {
	SM_VOLLEY = 1, SM_SKIRMISHERS, SM_SCREENED, SM_GUNNERS, SM_CHARGING, SM_OUTNUMBERED, SM_LEADER,
	SM_LOSSES, SM_COVER, SM_UNTRAINED, SM_GREEN, SM_REGULAR, SM_VETERAN, SM_US, SM_WORKS, SM_CAVALRY,
	SM_LANCERS, SM_COLUMN, SM_TERRAIN, SM_ROAD,
};

/* Facts of the table, written after a unit in parentheses. */
enum sar_fact {
	SX_FLANK = 1, SX_REAR, SX_SKIRMISHERS, SX_SCREENED, SX_DISORDERED, SX_FAR, SX_CHARGE, SX_RETREAT,
	SB_SHORT_FACT, SB_MEDIUM_FACT, SB_LONG_FACT,
};

/* Claimed tallies and effects. */
enum { ST_STRAGGLERS = 1, ST_CASUALTIES };
enum { SFE_BREAKS = 1, SFE_HOLDS };
enum { SME_ATTACKER_BREAKS = 1, SME_DEFENDER_BREAKS, SME_BOTH_BREAK, SME_FIGHT_ON, SME_LOCKED };
enum { SCE_CLOSES = 1, SCE_STOPS };
enum { SSE_STANDS = 1, SSE_RETREATS, SSE_BREAKS };
enum { SHE_HIT = 1, SHE_MISS };
enum { SBE_BREAKTHROUGH = 1, SBE_CHARGE, SBE_HALT };
enum { SQE_FORMED = 1, SQE_CAUGHT };
enum sar_wound { SW_MINOR = 1, SW_SERIOUS, SW_GRAVE, SW_INCAPACITATED, SW_DEAD };
enum { SRE_RALLIES = 1, SRE_FAILS };
enum { SRO_HOLDS = 1, SRO_BREAKS };

/* A unit's record: the core's (stands: its effectives), then SAR's own. */
struct sar_unit {
	struct unit_state core;
	int arm, exp, weapon, pounds;	/* pounds: a gun's poundage, 0 for small arms */
	int formation;
	bool mounted, limbered;
	int stragglers, casualties;
	bool broken, volley_used, low_ammo, locked;
	int order, order_turn;		/* its order and the turn it holds for */
	int order2;			/* US guns of 12 lb or less: a second function's order, or 0 (004:310) */
	int stopped_turn;		/* the turn its roll to close stopped it short (004:256), or 0 */
	int fought_turn;		/* the turn it last fired or meleed */
	int melee_k, melee_eff;		/* its participants in its last melee round, and its effectives then */
	int loss_turn;			/* the turn the tallies below count */
	int fire_losses, fire_casualties;	/* from fire this turn (rolls to close and stand) */
	int losses;			/* all this turn (a leader's hit roll) */
	int battery_stragglers;		/* a US battery's stragglers from fire this turn (004:238) */
	int breakthrough_turn;		/* cavalry: the turn of its breakthrough (004:282) */
	int breakthrough_rolled;	/* ... and of its roll on the Cavalry Breakthrough chart */
};

/* A leader's record: the points of its turn and what it spent. */
struct sar_leader {
	struct leader_state core;
	int lr;				/* its leader rating now */
	int points, points_turn, spent;
	int no_orders_until;		/* a wound keeps it from giving orders through this turn */
	int dragged_from;		/* a grave wound: out of the battle from this turn on, or 0 */
	int rolled_turn, hit_turn;	/* the turn of his last leader-hit roll, and of his last hit */
};

extern const struct vocab sar_vocab;
extern const struct cite_book sar_cite_book;
extern const char sar_card[];
extern const struct ruleset sar_ruleset;

/* The canonical word of cat for code (static). */
const char *sar_word(enum sar_cat cat, int code);

static inline struct sar_unit *sar_unit(const struct audit *a, int u)
{
	return (struct sar_unit *)(void *)state_unit_at(&a->st, u);
}

static inline struct sar_leader *sar_leader(const struct audit *a, int l)
{
	return (struct sar_leader *)(void *)state_leader_at(&a->st, l);
}

/* The unit's castings present: effectives and stragglers. */
int sar_present(const struct sar_unit *u);
/* Starts the unit's tallies of this turn's losses if they count an earlier turn. */
void sar_turn_tallies(struct audit *a, struct sar_unit *u);
/* Adds stragglers and casualties to u, and breaks it when it has more
 * stragglers than effectives and may break (not from movement, 004:389). */
void sar_take(struct audit *a, int u, int stragglers, int casualties, bool may_break);
/* The rule options of one audit (sar_vocab's SC_OPTION), read once when
 * it begins (struct audit.ctx): each true for the reading that is not the
 * default. */
struct sar_options {
	bool close_losses_ignored;	/* close-losses=ignore */
	bool fractions_nearest;		/* fractions=nearest */
	bool clamp_at_end;		/* column-clamp=end */
	bool far_added_after;		/* order-cost=double-base */
	bool small_brigade_kept;	/* mex-cavalry-brigade=kept: its leader keeps his LR */
	bool hold_fires_in_hold_fire;	/* hold-charged=hold-fire: a charged Hold unit fires in Hold Fire */
};

/* One audit's own state (struct audit.ctx): the options, and the melee
 * whose second round is due (004:276). */
struct sar_audit {
	struct sar_options o;
	int round_due;			/* the statement of a melee neither side broke, + 1; 0: none */
	const char *round_side;		/* its attacker's side, whose the finding is */
};

static inline const struct sar_options *sar_opts(const struct audit *a)
{
	return &((const struct sar_audit *)a->ctx)->o;
}

static inline struct sar_audit *sar_ctx(const struct audit *a)
{
	return (struct sar_audit *)a->ctx;
}

/* How n losses fall (004:236-238): odd ones stragglers, even ones
 * casualties, or after the first all casualties on a dense target (a
 * column or square under fire); stragglers times mult (flank 2, rear 3);
 * then at most cap stragglers (a US battery's one a turn; -1 none). */
struct sar_split {
	int stragglers, casualties;
};
struct sar_split sar_allocate(int n, bool dense, int mult, int cap);

/* sar_combat.c: the fire, melee and close/stand events. */
/* The modifiers of table t (enum sar_table) whose values only a chart
 * gives, into d: unit r's training where the chart file rates it, and each
 * claimed one, valued from the chart file or else taken on trust. */
struct claim;
struct derived_mod;
void sar_chart_mods(struct audit *a, int t, const struct claim *c, const struct sar_unit *r, struct span at,
		    struct derived_mod *d);
bool sar_audit_fire(struct audit *a, const struct stmt *s);
bool sar_audit_melee(struct audit *a, const struct stmt *s);
bool sar_audit_close(struct audit *a, const struct stmt *s);
bool sar_audit_breakthrough(struct audit *a, const struct stmt *s);
bool sar_audit_square(struct audit *a, const struct stmt *s);

#endif
