/* thomas_tables: the numbers Stephen Thomas's rules give in their text, as
 * data with their sources (seed 003): fixed rolls, melee base numbers,
 * morale points, fire classes and the die-roll modifiers.  A modifier
 * whose value only a lost chart gives is an entry with `chart` set,
 * valued from the battle's chart file or else taken as claimed. */
#ifndef UMPIRE_THOMAS_TABLES_H
#define UMPIRE_THOMAS_TABLES_H

#include <stdbool.h>

#include "../claim.h"

/* The rolls the text decides by a die's range alone. */
enum thomas_roll { TR_STREAM, TR_FORD, TR_OFFICER, TR_BLAZE, TR_COLOURS, TR_DAMAGE, TR_DAMAGE_REROLL, TR_PURSUIT };

struct thomas_roll_row {
	enum thomas_roll roll;
	int lo, hi;		/* the values it covers */
	int effect;		/* the effect word's code */
	const char *cite;
};
/* The row of roll r that covers value, or NULL: the text does not say. */
const struct thomas_roll_row *thomas_roll_of(enum thomas_roll r, int value);
/* The row of roll r whose effect is effect, or NULL: the text gives it no
 * face.  A face outside every such row cannot give it. */
const struct thomas_roll_row *thomas_roll_giving(enum thomas_roll r, int effect);

/* The d10 total an interpenetrating unit must reach (003:7). */
enum { THOMAS_PASS_SCORE = 12 };

/* A unit's melee base number from the text's list (003:18), or 0 with
 * *cite NULL: the text does not give its type. */
int thomas_melee_base(int troop, int nation, int arm, bool mounted, const char **cite);
/* A troop type's morale points (003:21), or 0: the text does not give it. */
int thomas_morale_points(int troop, const char **cite);
/* A unit's fire class, I-IV as 1-4 (003:13), or 0: the text does not give it. */
int thomas_fire_class(int troop, int nation, int arm, const char **cite);
/* A unit's move options from the text (003:6), or 0: the chart file's. */
int thomas_move_options(int troop, int arm, const char **cite);
/* The nation a troop type belongs to. */
int thomas_troop_nation(int troop);

/* The tables a modifier is read for. */
enum thomas_table { TK_PASS, TK_FIRE, TK_MELEE, TK_MORALE, TK_CLOSE, TK_STAND, TK_N };

/* The factors of every table (one modifier each). */
enum thomas_factor {
	TQ_TROOP, TQ_SUSPICION, TQ_RANKS, TQ_OPERATION, TQ_UNFORMED, TQ_CASUALTIES, TQ_OFFICER, TQ_COVER,
	TQ_FLANK, TQ_SQUARE, TQ_FEAR, TQ_WORKS, TQ_SQUARE_STAND, TQ_N
};

struct thomas_mod_row {
	enum thomas_table table;
	int code;		/* enum thomas_mod */
	int factor;		/* enum thomas_factor */
	int value;		/* for a variable one its sign */
	bool chart;		/* valued by a lost chart: the chart file's, or as claimed */
	bool variable;		/* derived per event (casualties) or taken as claimed (officer) */
	const char *cite;
	const char *label;
};

/* The row of code in table t (the close, stand and pursuit checks are
 * morale checks with modifiers of their own, 003:15-16), or NULL. */
const struct thomas_mod_row *thomas_mod_of(enum thomas_table t, int code);
/* The row as a claim module's modifier, with value v where it is variable. */
struct claim_mod thomas_claim_mod(const struct thomas_mod_row *r, int v);
const char *thomas_factor_name(int f);
/* The claimed modifiers' meaning in table *t; t is kept, not copied. */
struct claim_table thomas_claim_table(const enum thomas_table *t);

#endif
