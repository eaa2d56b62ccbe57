/* thomas: Stephen Thomas's Mexican-American War rules (Courier, Vol. IX
 * No. 3; seed 003) as umpire's third ruleset.
 *
 * A fast-play set: both sides act in each phase of a simultaneous turn.
 * Units are counted in figures (the core's stands).  The text keeps its
 * procedures and a few numbers (stream depth, fording, interpenetration,
 * fire on officers, starting fires, colours, melee base numbers, morale
 * points, fire classes, converged units, counter-battery damage); most of
 * its charts (the hits tables, the melee table, the morale chart) were
 * lost in extraction, so what they decide comes from the battle's chart
 * file (cell.h) or is taken on trust and said so.  thomas_vocab.c holds
 * the notation, thomas_tables.c the numbers as data, thomas.c the state
 * and the derivations. */
#ifndef UMPIRE_THOMAS_H
#define UMPIRE_THOMAS_H

#include <stdbool.h>

#include "../audit.h"
#include "../cell.h"
#include "../cite.h"
#include "../ruleset.h"

/* Word categories; the unit slots come first (below UNIT_SLOTS). */
enum thomas_cat {
	TC_ARM = VC_NONE + 1, TC_TROOP, TC_CLASS, TC_FORMATION, TC_MOUNT,
	TC_RATING, TC_NATION, TC_PHASE, TC_DEPTH, TC_EFFECT_FORD, TC_MOD_PASS, TC_EFFECT_PASS,
	TC_EFFECT_OFFICER, TC_EFFECT_BLAZE, TC_EFFECT_COLOURS, TC_MOD_FIRE, TC_FACT_FIRE, TC_MOD_MELEE,
	TC_MOD_MORALE, TC_FACT_MORALE, TC_EFFECT_MORALE, TC_EFFECT_CLOSE, TC_EFFECT_PURSUIT,
	TC_EFFECT_DAMAGE, TC_TALLY, TC_OPTION, TC_N
};

enum thomas_arm { TA_INF = 1, TA_CAV, TA_ART };
enum thomas_nation { TN_US = 1, TN_MEXICO };
/* The troop types the text names (003:13, 18, 21). */
enum thomas_troop {
	TT_US_REGULAR = 1, TT_US_VOLUNTEER, TT_US_MILITIA, TT_US_SHARPSHOOTER, TT_US_FRONTIER, TT_US_IRREGULAR,
	TT_MEX_ELITE, TT_MEX_REGULAR, TT_MEX_MILITIA,
};
enum thomas_formation { TF_LINE = 1, TF_COLUMN, TF_MARCH, TF_SQUARE, TF_SKIRMISH, TF_ANCHORED };
enum thomas_mount { TMT_MOUNTED = 1, TMT_DISMOUNTED };

/* The phases of the turn (003:4-5), as bits. */
enum {
	TP_ORDERS = 1u << 0, TP_OPTIONS = 1u << 1, TP_CHARGES = 1u << 2, TP_FORCED = 1u << 3,
	TP_MOVES = 1u << 4, TP_FIRE = 1u << 5, TP_MELEE = 1u << 6, TP_MORALE = 1u << 7,
};

/* Event codes (vocab_event.code). */
enum thomas_event {
	TE_STREAM = 1, TE_FORD, TE_PASS, TE_OFFICER, TE_BLAZE, TE_COLOURS, TE_FIRE, TE_DAMAGE, TE_MELEE,
	TE_MORALE, TE_CLOSE, TE_STAND, TE_PURSUIT, TE_OPTIONS, TE_CONVERGE, TE_FORM, TE_UNFORMED, TE_REORDER,
	TE_MOUNT, TE_DISMOUNT,
};

/* Modifier codes, one enum across the tables. */
enum thomas_mod {
	TM_REGULAR = 1, TM_SUSPICION, TM_RANKS, TM_OPERATION, TM_UNFORMED, TM_CASUALTIES, TM_OFFICER,
	TM_COVER, TM_FLANK, TM_SQUARE, TM_FEAR, TM_WORKS, TM_SQUARE_CHARGED,
};

/* Facts of the table, written after a unit in parentheses. */
enum thomas_fact { TX_HIDDEN = 1, TX_RANKS, TX_CANISTER, TX_COVER, TX_FLANK, TX_CAVALRY, TX_FEAR, TX_WORKS };

/* Effects. */
enum { TD_DEEP = 1, TD_SHALLOW };
enum { TFO_FORDABLE = 1, TFO_UNFORDABLE };
enum { TPA_PASSES = 1, TPA_UNFORMED };
enum { TO_REMOVED = 1, TO_UNHURT };
enum { TB_BURNS = 1, TB_FAILS };
enum { TCO_LOST = 1, TCO_KEPT };
enum { TME_STEADY = 1, TME_FALL_BACK, TME_ROUT };
enum { TCL_CLOSES = 1, TCL_HOLDS };
enum { TPU_ADVANCE = 1, TPU_HOLD };
enum { TDA_ONE_CREW = 1, TDA_TWO_CREW, TDA_DESTROYED, TDA_SPARED };
enum { TY_HITS = 1, TY_CASUALTIES };

/* The charts a chart file gives (docs/charts.md): what the text lost. */
enum thomas_chart {
	TCH_SMALL_ARMS = 1, TCH_ARTILLERY, TCH_FIRE_MODS, TCH_MELEE, TCH_MELEE_MODS, TCH_MELEE_BASE,
	TCH_MORALE_POINTS, TCH_MORALE, TCH_PURSUIT, TCH_MOVE_OPTIONS,
};

/* A unit's record: the core's (stands: its figures), then the rules' own. */
struct thomas_unit {
	struct unit_state core;
	int arm, troop, nation;
	int fire_class;			/* I-IV as 1-4: declared, or from the text (003:13); 0 unknown */
	int formation;
	bool mounted;
	bool unformed, routed, engaged, colours_lost;
	bool crew_lost;			/* artillery: fires at the next lower table (003:12) */
	int unformed_turn;		/* the turn it became unformed */
	int fired_turn;			/* the turn it fired (once a turn, 003:6) */
	int fought_turn;		/* the turn it last fired or meleed (converging, 003:28) */
	int melee_turn;			/* the turn of its last round of melee (one a turn, 003:17) */
	int forced_back_turn;		/* the turn close action last forced it back (its colours, 003:20) */
	int held_turn;			/* the turn its close check held it short (003:15), or 0 */
	int close_turn, stand_turn;	/* the turns of its last close and stand checks (003:14-15) */
	int fire_lost_turn, fire_lost;	/* figures lost to fire this fire phase: they still fire (003:4) */
	int lost_turn, lost;		/* figures lost this turn to fire or melee: a morale check is due (003:21) */
	int checked_turn;		/* the turn of its last morale or pursuit check */
	int options_turn, options;	/* its move options placed this turn */
	int guns_lost;
};

/* A leader's record: the turn of its last officer casualty roll (003:12). */
struct thomas_leader {
	struct leader_state core;
	int officer_turn;
};

/* The rule options, read once when an audit begins. */
struct thomas_options {
	bool square_adds;		/* square-stand=add */
	bool negative_below_base;	/* negative-result=below-base */
	bool converge_before;		/* converge-wait=before: the 2 full turns before this one */
};

/* Where a melee's morale sequence stands (003:19-20): the unit with more
 * casualties checks first; after an adverse result the winner checks for
 * pursuit, otherwise the other unit checks. */
enum thomas_after { TAM_FIRST = 1, TAM_SECOND, TAM_PURSUIT, TAM_DONE };
struct thomas_after_melee {
	int u[2];		/* the attacker and the defender */
	int lost[2];		/* the figures each lost in the round */
	int stage;		/* enum thomas_after */
	int next;		/* TAM_FIRST: the unit to check first, -1 either (a tie);
				 * TAM_SECOND: the one still to check; TAM_PURSUIT: the victor */
	struct loc at;		/* the melee's line */
};

/* One audit's own state (struct audit.ctx): the options, and this turn's
 * melees whose sequence is open. */
struct thomas_audit {
	struct thomas_options o;
	struct thomas_after_melee *after;
	int n_after, cap_after;
};

extern const struct vocab thomas_vocab;
extern const struct cite_book thomas_cite_book;
extern const char thomas_card[];
extern const struct ruleset thomas_ruleset;

/* The canonical word of cat for code (static). */
const char *thomas_word(enum thomas_cat cat, int code);

static inline struct thomas_unit *thomas_unit(const struct audit *a, int u)
{
	return (struct thomas_unit *)(void *)state_unit_at(&a->st, u);
}

static inline struct thomas_leader *thomas_leader(const struct audit *a, int l)
{
	return (struct thomas_leader *)(void *)state_leader_at(&a->st, l);
}

static inline const struct thomas_options *thomas_opts(const struct audit *a)
{
	return &((const struct thomas_audit *)a->ctx)->o;
}

/* thomas_combat.c: fire, counter-battery damage, melee, morale. */
bool thomas_audit_fire(struct audit *a, const struct stmt *s);
bool thomas_audit_damage(struct audit *a, const struct stmt *s);
bool thomas_audit_melee(struct audit *a, const struct stmt *s);
bool thomas_audit_morale(struct audit *a, const struct stmt *s);
/* The effect a fixed roll of the text (enum thomas_roll) gives for value,
 * recorded for who and checked against the claimed effect of category cat
 * (code 0: none claimed): the effect the state follows.  Where the text
 * has no row, the claim, taken on trust. */
int thomas_fixed_roll(struct audit *a, int roll, int value, const char *who, int cat, int claimed, struct span at);
/* Marks unit u unformed from this turn. */
void thomas_unform(struct audit *a, int u);
/* At a turn's end (a turn header, or the battle's): reports a unit that
 * lost figures and checked no morale, and a melee's victor that has not
 * checked for pursuit (missing-roll); then closes the turn's melees. */
void thomas_settle_morale(struct audit *a);

#endif
