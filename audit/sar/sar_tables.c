/* sar_tables: Santa Anna Rules! tables as data (seed 004). */
#include "sar_tables.h"

#include <stddef.h>

#include "sar.h"

/* Weapon Ranges (in inches), 004:210-220: short, medium and long upper
 * bounds.  "0-4, 4.1-8, 8.1-14": a range of 4 is short, 5 medium. */
static const struct sar_range ranges[] = {
	{.weapon = SW_AD_HOC, .short_max = 2, .medium_max = 4, .long_max = 7, .cite = "004:212 Weapon Ranges: Ad hoc"},
	{.weapon = SW_MUSKET, .short_max = 4, .medium_max = 8, .long_max = 14, .cite = "004:213 Weapon Ranges: Musket"},
	{.weapon = SW_RIFLE, .short_max = -1, .medium_max = 12, .long_max = 19, .cite = "004:214 Weapon Ranges: Rifle"},
	{.weapon = SW_RIFLED_MUSKET, .short_max = 6, .medium_max = 15, .long_max = 24,
	 .cite = "004:215 Weapon Ranges: Rifled Musket"},
	{.weapon = SW_PISTOL, .short_max = -1, .medium_max = 1, .long_max = 2, .cite = "004:216 Weapon Ranges: Pistol"},
	{.weapon = SAR_GUN + 3, .short_max = 4, .medium_max = 8, .long_max = 16, .cite = "004:217 Weapon Ranges: 3lb art."},
	{.weapon = SAR_GUN + 6, .short_max = 5, .medium_max = 11, .long_max = 22, .cite = "004:218 Weapon Ranges: 6lb art."},
	{.weapon = SAR_GUN + 12, .short_max = 7, .medium_max = 13, .long_max = 26, .cite = "004:219 Weapon Ranges: 12lb art."},
	{.weapon = SAR_GUN + 24, .short_max = 8, .medium_max = 16, .long_max = 32, .cite = "004:220 Weapon Ranges: 24lb art."},
};

const struct sar_range *sar_range_of(int weapon)
{
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (ranges[i].weapon == weapon)
			return &ranges[i];
	return NULL;
}

enum sar_band sar_band_at(const struct sar_range *r, int inches)
{
	if (inches <= r->short_max)
		return SB_SHORT;
	if (inches <= r->medium_max)
		return SB_MEDIUM;
	return inches <= r->long_max ? SB_LONG : SB_BEYOND;
}

const char *sar_band_name(enum sar_band b)
{
	static const char *const names[] = {"no", "short", "medium", "long", "beyond long"};
	return names[b];
}

/* Leader Casualty Table, 004:372-377. */
static const struct sar_wound_row wounds[] = {
	{.lo = 1, .hi = 4, .effect = SW_MINOR, .out_turns = 1, .cite = "004:374 Leader Casualty Table: 1-4 Minor wound"},
	{.lo = 5, .hi = 8, .effect = SW_SERIOUS, .out_turns = 2, .cite = "004:375 Leader Casualty Table: 5-8 Serious wound"},
	{.lo = 9, .hi = 12, .effect = SW_GRAVE,
	 .cite = "004:376 Leader Casualty Table: 9-12 Serious wound, leader must be replaced"},
	{.lo = 13, .hi = 16, .effect = SW_INCAPACITATED, .stragglers = 1,
	 .cite = "004:377 Leader Casualty Table: 13-16 Incapacitating wound"},
	{.lo = 17, .hi = 20, .effect = SW_DEAD, .cite = "004:377 Leader Casualty Table: 17-20 Dead"},
};

const struct sar_wound_row *sar_wound_of(int d20)
{
	for (size_t i = 0; i < sizeof wounds / sizeof wounds[0]; i++)
		if (d20 >= wounds[i].lo && d20 <= wounds[i].hi)
			return &wounds[i];
	return NULL;
}

const struct sar_wound_row *sar_wound_row_of(int effect)
{
	for (size_t i = 0; i < sizeof wounds / sizeof wounds[0]; i++)
		if (wounds[i].effect == effect)
			return &wounds[i];
	return NULL;
}

/* The shifts and modifiers.  Fixed values come from the text (004:232,
 * 244, 268, 272, 318) or its worked melee example (004:284: green -1 and
 * charging +2 in melee, US infantry or cavalry +1; green -2 and charging
 * +3 to close); the rest are on the Firing Procedure, Melee Procedure and
 * Roll to Close or Stand charts, which the text does not hold. */
#define FIX(t, c, f, v, ci, l) {.table = STB_##t, .code = SM_##c, .factor = SF_##f, .value = v, .cite = ci, .label = l}
#define VAR(t, c, f, sign, ci, l) \
	{.table = STB_##t, .code = SM_##c, .factor = SF_##f, .value = sign, .variable = true, .cite = ci, .label = l}
#define CHART(t, c, f, ci, l) {.table = STB_##t, .code = SM_##c, .factor = SF_##f, .chart = true, .cite = ci, .label = l}

static const struct sar_mod_row mods[] = {
	FIX(FIRE, VOLLEY, VOLLEY, 2, "004:244 Initial Volley", "initial volley"),
	FIX(FIRE, SKIRMISHERS, SCREEN, -4, "004:232 Firing", "firing at skirmishers"),
	FIX(FIRE, SCREENED, SCREEN, -2, "004:232 Firing", "firing at the unit behind skirmishers"),
	FIX(FIRE, GUNNERS, GUNNERS, -4, "004:318 Artillery", "firing at unlimbered artillerists"),
	CHART(FIRE, COVER, COVER, "004:230 Firing Procedure chart, row 2", "target in cover"),
	CHART(FIRE, WORKS, WORKS, "004:415 Firing Procedure chart, row 2", "target in buildings or fortifications"),
	CHART(FIRE, UNTRAINED, TRAINING, "004:230 Firing Procedure chart, row 2: its training modifiers (004:342)", "untrained"),
	CHART(FIRE, GREEN, TRAINING, "004:230 Firing Procedure chart, row 2: its training modifiers (004:342)", "green"),
	CHART(FIRE, REGULAR, TRAINING, "004:230 Firing Procedure chart, row 2: its training modifiers (004:342)", "regular"),
	CHART(FIRE, VETERAN, TRAINING, "004:230 Firing Procedure chart, row 2: its training modifiers (004:342)", "veteran"),

	FIX(MELEE, CHARGING, CHARGING, 2, "004:284 Melee, the worked example", "charging (first roll)"),
	VAR(MELEE, OUTNUMBERED, OUTNUMBERED, -1, "004:272 Melee Procedure", "outnumbered: the difference / 5"),
	VAR(MELEE, LEADER, LEADER, 1, "004:110 Second Leader Ratings", "attached leader's rating"),
	FIX(MELEE, SKIRMISHERS, SCREEN, 4, "004:268 Melee Procedure", "against skirmishers"),
	FIX(MELEE, GUNNERS, GUNNERS, 4, "004:318 Artillery", "against unlimbered artillerists"),
	FIX(MELEE, GREEN, TRAINING, -1, "004:284 Melee, the worked example", "green"),
	CHART(MELEE, UNTRAINED, TRAINING, "004:268 Melee Procedure chart", "untrained"),
	CHART(MELEE, REGULAR, TRAINING, "004:268 Melee Procedure chart", "regular"),
	CHART(MELEE, VETERAN, TRAINING, "004:268 Melee Procedure chart", "veteran"),
	FIX(MELEE, US, NATION, 1, "004:284 Melee, the worked example", "US infantry or cavalry"),
	CHART(MELEE, COVER, COVER, "004:415 Melee Procedure chart", "defender in cover"),
	CHART(MELEE, WORKS, WORKS, "004:415 Melee Procedure chart", "defender in buildings or fortifications"),
	CHART(MELEE, CAVALRY, ARM, "004:270 Melee Procedure chart", "cavalry against infantry or mounted rifles"),
	CHART(MELEE, LANCERS, ARM, "004:465 Melee Procedure chart", "lancers (first roll)"),

	VAR(CLOSE, LOSSES, LOSSES, -1, "004:256 Rolling to Close", "losses from fire this turn"),
	FIX(CLOSE, GREEN, TRAINING, -2, "004:284 Melee, the worked example", "green"),
	CHART(CLOSE, UNTRAINED, TRAINING, "004:256 Roll to Close or Stand chart", "untrained"),
	CHART(CLOSE, REGULAR, TRAINING, "004:256 Roll to Close or Stand chart", "regular"),
	CHART(CLOSE, VETERAN, TRAINING, "004:256 Roll to Close or Stand chart", "veteran"),
	FIX(CLOSE, CHARGING, CHARGING, 3, "004:284 Melee, the worked example", "charging"),
	CHART(CLOSE, COVER, COVER, "004:256 Roll to Close or Stand chart", "cover"),
	CHART(CLOSE, CAVALRY, ARM, "004:256 Roll to Close or Stand chart", "cavalry"),

	VAR(STAND, LOSSES, LOSSES, -1, "004:258 Rolling to Stand", "casualties from fire this turn"),
	CHART(STAND, UNTRAINED, TRAINING, "004:256 Roll to Close or Stand chart", "untrained"),
	CHART(STAND, GREEN, TRAINING, "004:256 Roll to Close or Stand chart", "green"),
	CHART(STAND, REGULAR, TRAINING, "004:256 Roll to Close or Stand chart", "regular"),
	CHART(STAND, VETERAN, TRAINING, "004:256 Roll to Close or Stand chart", "veteran"),
	CHART(STAND, COVER, COVER, "004:256 Roll to Close or Stand chart", "cover"),
	CHART(STAND, CAVALRY, ARM, "004:256 Roll to Close or Stand chart", "charged by cavalry"),

	VAR(RECOVER, LEADER, LEADER, 1, "004:146 Recovering Stragglers", "attached leader's rating"),
	FIX(RECOVER, COVER, COVER, 2, "004:146 Recovering Stragglers",
	    "behind friendly troops, walls, buildings or fortifications"),

	CHART(MOVE, COLUMN, ARM, "004:166 Movement", "column"),
	CHART(MOVE, ROAD, ARM, "004:166 Movement Distances chart", "road column on a road"),
	CHART(MOVE, TERRAIN, TERRAIN, "004:166 Movement", "terrain dice"),
};

const struct sar_mod_row *sar_mod_of(enum sar_table t, int code)
{
	for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
		if (mods[i].table == t && mods[i].code == code)
			return &mods[i];
	return NULL;
}

const struct sar_mod_row *sar_mod_factor(enum sar_table t, int f)
{
	for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++)
		if (mods[i].table == t && mods[i].factor == f)
			return &mods[i];
	return NULL;
}

struct claim_mod sar_claim_mod(const struct sar_mod_row *r, int v)
{
	return (struct claim_mod){
		.code = sar_word(r->table == STB_MELEE ? SC_MOD_MELEE
				 : r->table == STB_FIRE ? SC_MOD_FIRE
				 : r->table == STB_RECOVER ? SC_MOD_RECOVER
				 : r->table == STB_MOVE ? SC_MOD_MOVE : SC_MOD_CLOSE, r->code),
		.factor = r->factor,
		.value = r->variable || r->chart ? v : r->value,
		.cite = r->cite,
		.label = r->label,
	};
}

static bool mod_lookup(const struct mod *m, const void *ctx, struct claim_mod *out)
{
	const enum sar_table *t = ctx;
	const struct sar_mod_row *row = sar_mod_of(*t, m->id);
	if (!row)
		return false;
	*out = sar_claim_mod(row, m->has_value ? m->value : row->value);
	return true;
}

struct claim_table sar_claim_table(const enum sar_table *t)
{
	return (struct claim_table){mod_lookup, sar_factor_name, t};
}

const char *sar_factor_name(int f)
{
	static const char *const names[SF_N] = {
		[SF_VOLLEY] = "initial volley", [SF_SCREEN] = "skirmishers", [SF_GUNNERS] = "artillerists",
		[SF_CHARGING] = "charging", [SF_OUTNUMBERED] = "outnumbered", [SF_LEADER] = "leader",
		[SF_LOSSES] = "losses", [SF_COVER] = "cover", [SF_TRAINING] = "training",
		[SF_NATION] = "nation", [SF_WORKS] = "works", [SF_ARM] = "arm", [SF_TERRAIN] = "terrain",
	};
	return f >= 0 && f < SF_N ? names[f] : "?";
}
