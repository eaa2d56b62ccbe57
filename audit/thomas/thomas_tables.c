/* thomas_tables: Stephen Thomas's rules' numbers as data (seed 003). */
#include "thomas_tables.h"

#include <limits.h>
#include <stddef.h>

#include "thomas.h"

#define ROLL(r, l, h, e, ci) {.roll = TR_##r, .lo = l, .hi = h, .effect = e, .cite = ci}

/* A d10 face 0 is 10 (the parser's). */
static const struct thomas_roll_row rolls[] = {
	ROLL(STREAM, 1, 4, TD_DEEP, "003:4 Streams: a D10 of 1 to 4 is a deep stream"),
	ROLL(STREAM, 5, 10, TD_SHALLOW, "003:4 Streams: 5 to 10 is shallow"),
	ROLL(FORD, 1, 3, TFO_FORDABLE, "003:4 Deep Stream Fording: a 1, 2, 3 denotes a fordable spot"),
	ROLL(FORD, 4, 10, TFO_UNFORDABLE, "003:4 Deep Stream Fording: 4 to 10, no ford"),
	ROLL(OFFICER, 1, 1, TO_REMOVED, "003:12 Fire on Officers: a 1 removes the officer"),
	ROLL(OFFICER, 2, 10, TO_UNHURT, "003:12 Fire on Officers: 2 to 10, unhurt"),
	ROLL(BLAZE, 8, 10, TB_BURNS, "003:9 Starting Fires: an 8, 9, 0 starts a fire"),
	ROLL(BLAZE, 1, 7, TB_FAILS, "003:9 Starting Fires: 1 to 7, no fire"),
	ROLL(COLOURS, 1, 1, TCO_LOST, "003:20 Capturing Colors: a 1, the colors are lost"),
	ROLL(COLOURS, 2, 10, TCO_KEPT, "003:20 Capturing Colors: 2 to 10, kept"),
	ROLL(DAMAGE, 1, 6, TDA_ONE_CREW, "003:10 Counter-battery Fire: 1-6, 1 crew figure is a casualty"),
	ROLL(DAMAGE, 7, 9, TDA_TWO_CREW, "003:10 Counter-battery Fire: 7-9, 2 crew figures are casualties"),
	/* 10 re-rolls; of the re-roll the text keeps only 6-10 (003:11) */
	ROLL(DAMAGE_REROLL, 6, 10, TDA_DESTROYED, "003:11 Counter-battery Fire: 10, re-roll: 6-10, gun destroyed"),
	/* the pursuit table's rows the text keeps (003:20); higher ones are the chart file's */
	ROLL(PURSUIT, INT_MIN, 2, TPU_HOLD, "003:20 Check for pursuit: 2 or lower, the unit holds its position"),
	ROLL(PURSUIT, 3, 3, TPU_ADVANCE, "003:20 Check for pursuit: 3, the unit advances 1 move"),
};

const struct thomas_roll_row *thomas_roll_of(enum thomas_roll r, int value)
{
	for (size_t i = 0; i < sizeof rolls / sizeof rolls[0]; i++)
		if (rolls[i].roll == r && value >= rolls[i].lo && value <= rolls[i].hi)
			return &rolls[i];
	return NULL;
}

const struct thomas_roll_row *thomas_roll_giving(enum thomas_roll r, int effect)
{
	for (size_t i = 0; i < sizeof rolls / sizeof rolls[0]; i++)
		if (rolls[i].roll == r && rolls[i].effect == effect)
			return &rolls[i];
	return NULL;
}

/* Troop type base numbers (003:18).  Zero troop, nation or mount: any. */
static const struct {
	int troop, nation, arm, mount, base;
	const char *cite;
} bases[] = {
	{.troop = TT_US_VOLUNTEER, .arm = TA_INF, .base = 8, .cite = "003:18 Troop type base numbers: US Volunteer infantry 8"},
	{.troop = TT_US_REGULAR, .arm = TA_ART, .base = 8, .cite = "003:18 Troop type base numbers: US Regular artillery 8"},
	{.nation = TN_US, .arm = TA_CAV, .mount = TMT_DISMOUNTED, .base = 7,
	 .cite = "003:18 Troop type base numbers: US Dismounted cavalry 7"},
	{.troop = TT_US_VOLUNTEER, .arm = TA_CAV, .mount = TMT_MOUNTED, .base = 7,
	 .cite = "003:18 Troop type base numbers: Volunteer mounted cavalry 7"},
	{.troop = TT_MEX_REGULAR, .arm = TA_INF, .base = 7, .cite = "003:18 Troop type base numbers: Mexican Regular infantry 7"},
	{.troop = TT_MEX_REGULAR, .arm = TA_ART, .base = 7, .cite = "003:18 Troop type base numbers: Mexican Regular artillery 7"},
	{.troop = TT_MEX_REGULAR, .arm = TA_CAV, .mount = TMT_MOUNTED, .base = 7,
	 .cite = "003:18 Troop type base numbers: Mexican Regular mounted cavalry 7"},
	{.troop = TT_MEX_MILITIA, .base = 6, .cite = "003:18 Troop type base numbers: Mexican militia infantry/artillery/cavalry 6"},
	{.troop = TT_MEX_REGULAR, .arm = TA_CAV, .mount = TMT_DISMOUNTED, .base = 6,
	 .cite = "003:18 Troop type base numbers: Mexican Regular cavalry dismounted 6"},
};

int thomas_melee_base(int troop, int nation, int arm, bool mounted, const char **cite)
{
	int mount = arm != TA_CAV ? 0 : mounted ? TMT_MOUNTED : TMT_DISMOUNTED;
	*cite = NULL;
	for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++)
		if ((!bases[i].troop || bases[i].troop == troop) && (!bases[i].nation || bases[i].nation == nation) &&
		    (!bases[i].arm || bases[i].arm == arm) && (!bases[i].mount || bases[i].mount == mount)) {
			*cite = bases[i].cite;
			return bases[i].base;
		}
	return 0;
}

/* Morale Points (003:21). */
static const struct {
	int troop, points;
	const char *cite;
} points[] = {
	{TT_US_VOLUNTEER, 4, "003:21 Morale Points: US Volunteers 4"},
	{TT_US_MILITIA, 5, "003:21 Morale Points: US Militia 5"},
	{TT_MEX_REGULAR, 5, "003:21 Morale Points: Mexican Regulars 5"},
	{TT_MEX_MILITIA, 7, "003:21 Morale Points: Mexican Militia 7"},
};

int thomas_morale_points(int troop, const char **cite)
{
	*cite = NULL;
	for (size_t i = 0; i < sizeof points / sizeof points[0]; i++)
		if (points[i].troop == troop) {
			*cite = points[i].cite;
			return points[i].points;
		}
	return 0;
}

/* Fire Classes (003:13), the first row that fits: troop types by name,
 * then US cavalry, other cavalry and other Mexicans.  US volunteer and
 * militia infantry are in none of the four: the unit's declaration says. */
static const struct {
	int troop, nation, arm, fire_class;
	const char *cite;
} classes[] = {
	{.troop = TT_US_SHARPSHOOTER, .fire_class = 1, .cite = "003:13 Fire Classes: I, US Sharpshooters"},
	{.troop = TT_US_FRONTIER, .fire_class = 2, .cite = "003:13 Fire Classes: II, US Frontier Volunteers"},
	{.troop = TT_US_REGULAR, .fire_class = 3, .cite = "003:13 Fire Classes: III, US Regulars"},
	{.troop = TT_MEX_ELITE, .fire_class = 3, .cite = "003:13 Fire Classes: III, Elite Mexicans"},
	{.troop = TT_US_IRREGULAR, .fire_class = 3, .cite = "003:13 Fire Classes: III, US Irregulars"},
	{.nation = TN_US, .arm = TA_CAV, .fire_class = 3, .cite = "003:13 Fire Classes: III, US Cavalry/Dragoons"},
	{.arm = TA_CAV, .fire_class = 4, .cite = "003:13 Fire Classes: IV, other cavalry"},
	{.nation = TN_MEXICO, .fire_class = 4, .cite = "003:13 Fire Classes: IV, other Mexicans"},
};

int thomas_fire_class(int troop, int nation, int arm, const char **cite)
{
	*cite = NULL;
	if (arm == TA_ART)
		return 0;	/* the classes are the battalions' and regiments' (003:13) */
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		if ((!classes[i].troop || classes[i].troop == troop) && (!classes[i].nation || classes[i].nation == nation) &&
		    (!classes[i].arm || classes[i].arm == arm)) {
			*cite = classes[i].cite;
			return classes[i].fire_class;
		}
	return 0;
}

int thomas_move_options(int troop, int arm, const char **cite)
{
	/* the text's one example: "US Regulars in line can move up to 3 x 4\" = 12\"" */
	*cite = troop == TT_US_REGULAR && arm == TA_INF ? "003:6 Move options: US Regulars, 3 options (3 x 4\" = 12\")" : NULL;
	return *cite ? 3 : 0;
}

int thomas_troop_nation(int troop)
{
	return troop >= TT_MEX_ELITE ? TN_MEXICO : TN_US;
}

#define FIX(t, c, f, v, ci, l) {.table = TK_##t, .code = TM_##c, .factor = TQ_##f, .value = v, .cite = ci, .label = l}
#define VAR(t, c, f, sign, ci, l) \
	{.table = TK_##t, .code = TM_##c, .factor = TQ_##f, .value = sign, .variable = true, .cite = ci, .label = l}
#define CHART(t, c, f, ci, l) {.table = TK_##t, .code = TM_##c, .factor = TQ_##f, .chart = true, .cite = ci, .label = l}

static const struct thomas_mod_row mods[] = {
	FIX(PASS, REGULAR, TROOP, 3, "003:7 Interpenetration Modifiers: US Regular +3", "US Regular"),
	FIX(FIRE, SUSPICION, SUSPICION, 2, "003:31 Visibility: suspicion fire, +2 to hit", "suspicion fire"),
	CHART(FIRE, RANKS, RANKS, "003:12 Ranks Deep (enfilade alike)", "ranks deep or enfilade"),
	CHART(FIRE, OPERATION, OPERATION, "003:6 Move options: fire with another operation is penalized",
	      "fire with another operation"),
	CHART(MELEE, FLANK, FLANK, "003:17 Conduct Melee: modifiers", "flank attack"),
	CHART(MELEE, COVER, COVER, "003:17 Conduct Melee: modifiers", "cover"),
	CHART(MELEE, UNFORMED, UNFORMED, "003:17 Conduct Melee: modifiers", "unformed"),
	FIX(MORALE, UNFORMED, UNFORMED, -2, "003:23 Casualty Morale: unit is UNFORMED -2", "unformed"),
	VAR(MORALE, CASUALTIES, CASUALTIES, -1, "003:23 Casualty Morale: per each 10% casualties -1", "casualties"),
	VAR(MORALE, OFFICER, OFFICER, 1, "003:23 Casualty Morale: officer (see officer influence), varies", "officer"),
	FIX(MORALE, COVER, COVER, 1, "003:23 Casualty Morale: unit in or behind cover +1", "cover"),
	FIX(MORALE, FLANK, FLANK, 2, "003:23 Casualty Morale: charging enemy's flank or rear +2", "charging a flank or rear"),
	FIX(MORALE, SQUARE, SQUARE, 2, "003:23 Casualty Morale: infantry in square vs. mounted cavalry +2",
	    "square against cavalry"),
	FIX(MORALE, FEAR, FEAR, -1, "003:25 Fear of Disaster Morale: US Volunteer or Mexican Militia -1", "fear of disaster"),
	FIX(CLOSE, WORKS, WORKS, -1, "003:15 Charge Sequence: unit ordered to charge prepared works -1", "charging works"),
	FIX(STAND, SQUARE_CHARGED, SQUARE_STAND, 4, "003:16 Charge Sequence: infantry in square charged by cavalry +4",
	    "square charged by cavalry"),
};

const struct thomas_mod_row *thomas_mod_of(enum thomas_table t, int code)
{
	for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
		if (mods[i].table == t && mods[i].code == code)
			return &mods[i];
	return t == TK_CLOSE || t == TK_STAND ? thomas_mod_of(TK_MORALE, code) : NULL;
}

static int mod_category(enum thomas_table t)
{
	return t == TK_PASS ? TC_MOD_PASS : t == TK_FIRE ? TC_MOD_FIRE : t == TK_MELEE ? TC_MOD_MELEE : TC_MOD_MORALE;
}

struct claim_mod thomas_claim_mod(const struct thomas_mod_row *r, int v)
{
	return (struct claim_mod){
		.code = thomas_word(mod_category(r->table), r->code),
		.factor = r->factor,
		.value = r->variable || r->chart ? v : r->value,
		.cite = r->cite,
		.label = r->label,
	};
}

static bool mod_lookup(const struct mod *m, const void *ctx, struct claim_mod *out)
{
	const enum thomas_table *t = ctx;
	const struct thomas_mod_row *row = thomas_mod_of(*t, m->id);
	if (!row)
		return false;
	*out = thomas_claim_mod(row, m->has_value ? m->value : row->value);
	return true;
}

struct claim_table thomas_claim_table(const enum thomas_table *t)
{
	return (struct claim_table){mod_lookup, thomas_factor_name, t};
}

const char *thomas_factor_name(int f)
{
	static const char *const names[TQ_N] = {
		[TQ_TROOP] = "troop type", [TQ_SUSPICION] = "suspicion fire", [TQ_RANKS] = "ranks deep",
		[TQ_OPERATION] = "another operation", [TQ_UNFORMED] = "unformed", [TQ_CASUALTIES] = "casualties",
		[TQ_OFFICER] = "officer", [TQ_COVER] = "cover", [TQ_FLANK] = "flank or rear", [TQ_SQUARE] = "square",
		[TQ_FEAR] = "fear of disaster", [TQ_WORKS] = "prepared works", [TQ_SQUARE_STAND] = "square charged",
	};
	return f >= 0 && f < TQ_N ? names[f] : "?";
}
