/* rff_tables: the Fire and Fury tables, transcribed from the seeds with a
 * source on every row. */
#include "rff_tables.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Figure 13, Unit Effectiveness Table, 000:678-702, one row per cell. */
static const struct rff_uet_row uet[] = {
	{.morale = MORALE_SPIRITED, .stands = 2, .worn = 0, .spent = 1, .cite = "000:679", .cell = "2/-1"},
	{.morale = MORALE_SPIRITED, .stands = 3, .worn = 0, .spent = 1, .cite = "000:680", .cell = "3/-1"},
	{.morale = MORALE_SPIRITED, .stands = 4, .worn = 2, .spent = 1, .cite = "000:681", .cell = "4/2/1"},
	{.morale = MORALE_SPIRITED, .stands = 5, .worn = 3, .spent = 2, .cite = "000:682", .cell = "5/3/2"},
	{.morale = MORALE_SPIRITED, .stands = 6, .worn = 4, .spent = 2, .cite = "000:683", .cell = "6/4/2"},
	{.morale = MORALE_SPIRITED, .stands = 7, .worn = 5, .spent = 3, .cite = "000:684", .cell = "7/5/3"},
	{.morale = MORALE_SPIRITED, .stands = 8, .worn = 5, .spent = 3, .cite = "000:685", .cell = "8/5/3"},
	{.morale = MORALE_SPIRITED, .stands = 9, .worn = 6, .spent = 4, .cite = "000:686", .cell = "9/6/4"},
	{.morale = MORALE_SPIRITED, .stands = 10, .worn = 7, .spent = 4, .cite = "000:687", .cell = "10/7/4"},
	{.morale = MORALE_SPIRITED, .stands = 11, .worn = 8, .spent = 5, .cite = "000:688", .cell = "11/8/5"},
	{.morale = MORALE_SPIRITED, .stands = 12, .worn = 8, .spent = 5, .cite = "000:689", .cell = "12/8/5"},
	{.morale = MORALE_SPIRITED, .stands = 13, .worn = 9, .spent = 6, .cite = "000:690", .cell = "13/9/6"},
	{.morale = MORALE_SPIRITED, .stands = 14, .worn = 10, .spent = 6, .cite = "000:691", .cell = "14/10/6"},
	{.morale = MORALE_SPIRITED, .stands = 15, .worn = 11, .spent = 7, .cite = "000:692", .cell = "15/11/7"},
	{.morale = MORALE_SPIRITED, .stands = 16, .worn = 11, .spent = 7, .cite = "000:693", .cell = "16/11/7"},
	{.morale = MORALE_SPIRITED, .stands = 17, .worn = 12, .spent = 8, .cite = "000:694", .cell = "17/12/8"},
	{.morale = MORALE_SPIRITED, .stands = 18, .worn = 13, .spent = 8, .cite = "000:695", .cell = "18/13/8"},
	{.morale = MORALE_SPIRITED, .stands = 19, .worn = 14, .spent = 9, .cite = "000:696", .cell = "19/14/9"},
	{.morale = MORALE_SPIRITED, .stands = 20, .worn = 14, .spent = 9, .cite = "000:697", .cell = "20/14/9"},
	{.morale = MORALE_SPIRITED, .stands = 21, .worn = 15, .spent = 10, .cite = "000:698", .cell = "21/15/10"},
	{.morale = MORALE_SPIRITED, .stands = 22, .worn = 16, .spent = 10, .cite = "000:699", .cell = "22/16/10"},
	{.morale = MORALE_SPIRITED, .stands = 23, .worn = 17, .spent = 11, .cite = "000:700", .cell = "23/17/11"},
	{.morale = MORALE_SPIRITED, .stands = 24, .worn = 17, .spent = 11, .cite = "000:701", .cell = "24/17/11"},
	{.morale = MORALE_SPIRITED, .stands = 25, .worn = 18, .spent = 12, .cite = "000:702", .cell = "25/18/12"},
	{.morale = MORALE_RELIABLE, .stands = 2, .worn = 0, .spent = 1, .cite = "000:679", .cell = "2/-1"},
	{.morale = MORALE_RELIABLE, .stands = 3, .worn = 2, .spent = 1, .cite = "000:680", .cell = "3/2/1"},
	{.morale = MORALE_RELIABLE, .stands = 4, .worn = 3, .spent = 2, .cite = "000:681", .cell = "4/3/2"},
	{.morale = MORALE_RELIABLE, .stands = 5, .worn = 4, .spent = 3, .cite = "000:682", .cell = "5/4/3"},
	{.morale = MORALE_RELIABLE, .stands = 6, .worn = 5, .spent = 3, .cite = "000:683", .cell = "6/5/3"},
	{.morale = MORALE_RELIABLE, .stands = 7, .worn = 6, .spent = 4, .cite = "000:684", .cell = "7/6/4"},
	{.morale = MORALE_RELIABLE, .stands = 8, .worn = 6, .spent = 4, .cite = "000:685", .cell = "8/6/4"},
	{.morale = MORALE_RELIABLE, .stands = 9, .worn = 7, .spent = 5, .cite = "000:686", .cell = "9/7/5"},
	{.morale = MORALE_RELIABLE, .stands = 10, .worn = 8, .spent = 5, .cite = "000:687", .cell = "10/8/5"},
	{.morale = MORALE_RELIABLE, .stands = 11, .worn = 9, .spent = 6, .cite = "000:688", .cell = "11/9/6"},
	{.morale = MORALE_RELIABLE, .stands = 12, .worn = 9, .spent = 6, .cite = "000:689", .cell = "12/9/6"},
	{.morale = MORALE_RELIABLE, .stands = 13, .worn = 10, .spent = 7, .cite = "000:690", .cell = "13/10/7"},
	{.morale = MORALE_RELIABLE, .stands = 14, .worn = 11, .spent = 7, .cite = "000:691", .cell = "14/11/7"},
	{.morale = MORALE_RELIABLE, .stands = 15, .worn = 12, .spent = 8, .cite = "000:692", .cell = "15/12/8"},
	{.morale = MORALE_RELIABLE, .stands = 16, .worn = 12, .spent = 8, .cite = "000:693", .cell = "16/12/8"},
	{.morale = MORALE_RELIABLE, .stands = 17, .worn = 13, .spent = 9, .cite = "000:694", .cell = "17/13/9"},
	{.morale = MORALE_RELIABLE, .stands = 18, .worn = 14, .spent = 9, .cite = "000:695", .cell = "18/14/9"},
	{.morale = MORALE_RELIABLE, .stands = 19, .worn = 15, .spent = 10, .cite = "000:696", .cell = "19/15/10"},
	{.morale = MORALE_RELIABLE, .stands = 20, .worn = 15, .spent = 10, .cite = "000:697", .cell = "20/15/10"},
	{.morale = MORALE_RELIABLE, .stands = 21, .worn = 16, .spent = 11, .cite = "000:698", .cell = "21/16/11"},
	{.morale = MORALE_RELIABLE, .stands = 22, .worn = 17, .spent = 11, .cite = "000:699", .cell = "22/17/11"},
	{.morale = MORALE_RELIABLE, .stands = 23, .worn = 18, .spent = 12, .cite = "000:700", .cell = "23/18/12"},
	{.morale = MORALE_RELIABLE, .stands = 24, .worn = 18, .spent = 12, .cite = "000:701", .cell = "24/18/12"},
	{.morale = MORALE_RELIABLE, .stands = 25, .worn = 19, .spent = 13, .cite = "000:702", .cell = "25/19/13"},
	{.morale = MORALE_UNRELIABLE, .stands = 2, .worn = 0, .spent = 1, .cite = "000:679", .cell = "2/-1"},
	{.morale = MORALE_UNRELIABLE, .stands = 3, .worn = 0, .spent = 2, .cite = "000:680", .cell = "3/-2"},
	{.morale = MORALE_UNRELIABLE, .stands = 4, .worn = 0, .spent = 3, .cite = "000:681", .cell = "4/-3"},
	{.morale = MORALE_UNRELIABLE, .stands = 5, .worn = 0, .spent = 4, .cite = "000:682", .cell = "5/-4"},
	{.morale = MORALE_UNRELIABLE, .stands = 6, .worn = 5, .spent = 4, .cite = "000:683", .cell = "6/5/4"},
	{.morale = MORALE_UNRELIABLE, .stands = 7, .worn = 6, .spent = 5, .cite = "000:684", .cell = "7/6/5"},
	{.morale = MORALE_UNRELIABLE, .stands = 8, .worn = 7, .spent = 6, .cite = "000:685", .cell = "8/7/6"},
	{.morale = MORALE_UNRELIABLE, .stands = 9, .worn = 8, .spent = 7, .cite = "000:686", .cell = "9/8/7"},
	{.morale = MORALE_UNRELIABLE, .stands = 10, .worn = 9, .spent = 7, .cite = "000:687", .cell = "10/9/7"},
	{.morale = MORALE_UNRELIABLE, .stands = 11, .worn = 10, .spent = 8, .cite = "000:688", .cell = "11/10/8"},
	{.morale = MORALE_UNRELIABLE, .stands = 12, .worn = 10, .spent = 8, .cite = "000:689", .cell = "12/10/8"},
	{.morale = MORALE_UNRELIABLE, .stands = 13, .worn = 11, .spent = 9, .cite = "000:690", .cell = "13/11/9"},
	{.morale = MORALE_UNRELIABLE, .stands = 14, .worn = 12, .spent = 9, .cite = "000:691", .cell = "14/12/9"},
	{.morale = MORALE_UNRELIABLE, .stands = 15, .worn = 13, .spent = 10, .cite = "000:692", .cell = "15/13/10"},
	{.morale = MORALE_UNRELIABLE, .stands = 16, .worn = 13, .spent = 10, .cite = "000:693", .cell = "16/13/10"},
	{.morale = MORALE_UNRELIABLE, .stands = 17, .worn = 14, .spent = 11, .cite = "000:694", .cell = "17/14/11"},
	{.morale = MORALE_UNRELIABLE, .stands = 18, .worn = 15, .spent = 11, .cite = "000:695", .cell = "18/15/11"},
	{.morale = MORALE_UNRELIABLE, .stands = 19, .worn = 16, .spent = 12, .cite = "000:696", .cell = "19/16/12"},
	{.morale = MORALE_UNRELIABLE, .stands = 20, .worn = 16, .spent = 12, .cite = "000:697", .cell = "20/16/12"},
	{.morale = MORALE_UNRELIABLE, .stands = 21, .worn = 17, .spent = 13, .cite = "000:698", .cell = "21/17/13"},
	{.morale = MORALE_UNRELIABLE, .stands = 22, .worn = 18, .spent = 13, .cite = "000:699", .cell = "22/18/13"},
	{.morale = MORALE_UNRELIABLE, .stands = 23, .worn = 19, .spent = 14, .cite = "000:700", .cell = "23/19/14"},
	{.morale = MORALE_UNRELIABLE, .stands = 24, .worn = 19, .spent = 14, .cite = "000:701", .cell = "24/19/14"},
	{.morale = MORALE_UNRELIABLE, .stands = 25, .worn = 20, .spent = 15, .cite = "000:702", .cell = "25/20/15"},
	{.morale = MORALE_DISPIRITED, .stands = 2, .worn = 0, .spent = 1, .cite = "000:679", .cell = "2/-1"},
	{.morale = MORALE_DISPIRITED, .stands = 3, .worn = 0, .spent = 2, .cite = "000:680", .cell = "3/-2"},
	{.morale = MORALE_DISPIRITED, .stands = 4, .worn = 0, .spent = 3, .cite = "000:681", .cell = "4/-3"},
	{.morale = MORALE_DISPIRITED, .stands = 5, .worn = 0, .spent = 4, .cite = "000:682", .cell = "5/-4"},
	{.morale = MORALE_DISPIRITED, .stands = 6, .worn = 0, .spent = 5, .cite = "000:683", .cell = "6/-5"},
	{.morale = MORALE_DISPIRITED, .stands = 7, .worn = 0, .spent = 5, .cite = "000:684", .cell = "7/-5"},
	{.morale = MORALE_DISPIRITED, .stands = 8, .worn = 0, .spent = 7, .cite = "000:685", .cell = "8/-7"},
	{.morale = MORALE_DISPIRITED, .stands = 9, .worn = 0, .spent = 8, .cite = "000:686", .cell = "9/-8"},
	{.morale = MORALE_DISPIRITED, .stands = 10, .worn = 0, .spent = 9, .cite = "000:687", .cell = "10/-9"},
	{.morale = MORALE_DISPIRITED, .stands = 11, .worn = 0, .spent = 10, .cite = "000:688", .cell = "11/-10"},
	{.morale = MORALE_DISPIRITED, .stands = 12, .worn = 11, .spent = 10, .cite = "000:689", .cell = "12/11/10"},
	{.morale = MORALE_DISPIRITED, .stands = 13, .worn = 12, .spent = 11, .cite = "000:690", .cell = "13/12/11"},
	{.morale = MORALE_DISPIRITED, .stands = 14, .worn = 13, .spent = 12, .cite = "000:691", .cell = "14/13/12"},
	{.morale = MORALE_DISPIRITED, .stands = 15, .worn = 14, .spent = 13, .cite = "000:692", .cell = "15/14/13"},
	{.morale = MORALE_DISPIRITED, .stands = 16, .worn = 15, .spent = 14, .cite = "000:693", .cell = "16/15/14"},
	{.morale = MORALE_DISPIRITED, .stands = 17, .worn = 16, .spent = 15, .cite = "000:694", .cell = "17/16/15"},
	{.morale = MORALE_DISPIRITED, .stands = 18, .worn = 17, .spent = 16, .cite = "000:695", .cell = "18/17/16"},
	{.morale = MORALE_DISPIRITED, .stands = 19, .worn = 18, .spent = 17, .cite = "000:696", .cell = "19/18/17"},
	{.morale = MORALE_DISPIRITED, .stands = 20, .worn = 19, .spent = 18, .cite = "000:697", .cell = "20/19/18"},
	{.morale = MORALE_DISPIRITED, .stands = 21, .worn = 20, .spent = 19, .cite = "000:698", .cell = "21/20/19"},
	{.morale = MORALE_DISPIRITED, .stands = 22, .worn = 21, .spent = 20, .cite = "000:699", .cell = "22/21/20"},
	{.morale = MORALE_DISPIRITED, .stands = 23, .worn = 22, .spent = 21, .cite = "000:700", .cell = "23/22/21"},
	{.morale = MORALE_DISPIRITED, .stands = 24, .worn = 23, .spent = 22, .cite = "000:701", .cell = "24/23/22"},
	{.morale = MORALE_DISPIRITED, .stands = 25, .worn = 24, .spent = 23, .cite = "000:702", .cell = "25/24/23"},
};

/* The rule text's dispirited units (000:714): under 12 stands a unit is
 * spent after losing one stand.  Only the cell the text contradicts. */
static const struct rff_uet_row uet_text[] = {
	{.morale = MORALE_DISPIRITED, .stands = 7, .worn = 0, .spent = 6, .cite = "000:714", .cell = "7/-6 (text)"},
};

static const struct rff_uet_row *find_uet(const struct rff_uet_row *rows, size_t n,
					  enum rff_morale morale, int stands)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].stands == stands && rows[i].morale == morale)
			return &rows[i];
	return NULL;
}

const struct rff_uet_row *rff_uet_row(enum rff_morale morale, int stands, bool text_dispirited)
{
	const struct rff_uet_row *row = NULL;
	if (text_dispirited)
		row = find_uet(uet_text, sizeof uet_text / sizeof uet_text[0], morale, stands);
	return row ? row : find_uet(uet, sizeof uet / sizeof uet[0], morale, stands);
}

enum rff_effectiveness rff_effectiveness(const struct rff_uet_row *row, int now)
{
	if (now <= row->spent)
		return RFF_SPENT;
	if (row->worn && now <= row->worn)
		return RFF_WORN;
	return RFF_FRESH;
}

const char *rff_effectiveness_name(enum rff_effectiveness e)
{
	static const char *const names[] = {"fresh", "worn", "spent"};
	return names[e];
}

/* Maneuver table results, 002:38-43 (the same table at 000:80-95). */
static const struct rff_mc_band mc_bands[] = {
	{.nation = NATION_US, .disordered = false, .lo = 8, .hi = INT_MAX, .effect = EFF_DOUBLE_QUICK,
	 .cite = "002:39", .text = "US: 8 or more"},
	{.nation = NATION_US, .disordered = false, .lo = 3, .hi = 7, .effect = EFF_WELL_HANDLED,
	 .cite = "002:40", .text = "US: 3 - 7"},
	{.nation = NATION_US, .disordered = false, .lo = 1, .hi = 2, .effect = EFF_TARDY,
	 .cite = "002:41", .text = "US: 1, 2"},
	{.nation = NATION_MEX, .disordered = false, .lo = 11, .hi = INT_MAX, .effect = EFF_DOUBLE_QUICK,
	 .cite = "002:39", .text = "MEX: 11 or more"},
	{.nation = NATION_MEX, .disordered = false, .lo = 4, .hi = 10, .effect = EFF_WELL_HANDLED,
	 .cite = "002:40", .text = "MEX: 4 - 10"},
	{.nation = NATION_MEX, .disordered = false, .lo = 1, .hi = 3, .effect = EFF_TARDY,
	 .cite = "002:41", .text = "MEX: 1, 2, 3"},
	{.nation = NATION_NONE, .disordered = false, .lo = -1, .hi = 0, .effect = EFF_FALL_BACK,
	 .cite = "002:42", .text = "0, -1"},
	{.nation = NATION_NONE, .disordered = false, .lo = INT_MIN, .hi = -2, .effect = EFF_PANIC,
	 .cite = "002:43", .text = "-2 or less"},
	{.nation = NATION_US, .disordered = true, .lo = 11, .hi = INT_MAX, .effect = EFF_RALLY_WITH_ELAN,
	 .cite = "002:39", .text = "US: 11 or more"},
	{.nation = NATION_US, .disordered = true, .lo = 5, .hi = 10, .effect = EFF_RALLY,
	 .cite = "002:40", .text = "US: 5 - 10"},
	{.nation = NATION_MEX, .disordered = true, .lo = 6, .hi = INT_MAX, .effect = EFF_RALLY,
	 .cite = "002:40", .text = "MEX: 6 or more"},
	{.nation = NATION_US, .disordered = true, .lo = 3, .hi = 4, .effect = EFF_SHAKEN,
	 .cite = "002:41", .text = "US: 3, 4"},
	{.nation = NATION_MEX, .disordered = true, .lo = 3, .hi = 5, .effect = EFF_SHAKEN,
	 .cite = "002:41", .text = "MEX: 3, 4, 5"},
	{.nation = NATION_NONE, .disordered = true, .lo = 1, .hi = 2, .effect = EFF_WAVERING, .cite = "002:42", .text = "1, 2"},
	{.nation = NATION_NONE, .disordered = true, .lo = INT_MIN, .hi = 0, .effect = EFF_PANIC,
	 .cite = "002:43", .text = "0 or less"},
};

const struct rff_mc_band *rff_mc_band(enum rff_nation nation, bool disordered, int total)
{
	for (size_t i = 0; i < sizeof mc_bands / sizeof mc_bands[0]; i++) {
		const struct rff_mc_band *b = &mc_bands[i];
		if (b->disordered == disordered && (b->nation == NATION_NONE || b->nation == nation) &&
		    total >= b->lo && total <= b->hi)
			return b;
	}
	return NULL;
}

/* Maneuver table die roll modifiers, 002:21-32. */
static const struct claim_mod mc_mods[MM_N] = {
	[MM_GALLANT] = {.code = "gallant", .factor = MCF_RATING, .value = 1,
	 .cite = "002:21 Maneuver Table", .label = "Gallant leader"},
	[MM_ABLE] = {.code = "able", .factor = MCF_RATING, .value = 0, .cite = "002:22 Maneuver Table", .label = "Able leader"},
	[MM_POOR] = {.code = "poor", .factor = MCF_RATING, .value = -1, .cite = "002:23 Maneuver Table", .label = "Poor leader"},
	[MM_ATTACHED] = {.code = "attached", .factor = MCF_ATTACHED, .value = 1,
	 .cite = "002:25 Maneuver Table", .label = "Attached leader"},
	[MM_COLONEL] = {.code = "colonel", .factor = MCF_ATTACHED, .value = 1,
	 .cite = "002:25 Maneuver Table", .label = "Brave colonel"},
	[MM_PROV] = {.code = "prov", .factor = MCF_COMMAND, .value = -1,
	 .cite = "002:26 Maneuver Table", .label = "Provisional command"},
	[MM_OOC] = {.code = "ooc", .factor = MCF_COMMAND, .value = -2, .cite = "002:27 Maneuver Table", .label = "Out of command"},
	[MM_ELITE] = {.code = "elite", .factor = MCF_EXPERIENCE, .value = 2, .cite = "002:29 Maneuver Table", .label = "Elite unit"},
	[MM_VET] = {.code = "vet", .factor = MCF_EXPERIENCE, .value = 1, .cite = "002:30 Maneuver Table", .label = "Veteran"},
	[MM_TRAINED] = {.code = "trained", .factor = MCF_EXPERIENCE, .value = 0, .cite = "002:31 Maneuver Table", .label = "Trained"},
	[MM_RAW] = {.code = "raw", .factor = MCF_EXPERIENCE, .value = -1, .cite = "002:32 Maneuver Table", .label = "Raw"},
	[MM_FRESH] = {.code = "fresh", .factor = MCF_EFFECTIVENESS, .value = 2,
	 .cite = "002:21 Maneuver Table", .label = "Fresh troops"},
	[MM_WORN] = {.code = "worn", .factor = MCF_EFFECTIVENESS, .value = 0, .cite = "002:22 Maneuver Table", .label = "Worn"},
	[MM_SPENT] = {.code = "spent", .factor = MCF_EFFECTIVENESS, .value = -2, .cite = "002:23 Maneuver Table", .label = "Spent"},
	[MM_BTY] = {.code = "bty", .factor = MCF_BATTERY, .value = 2, .cite = "002:25 Maneuver Table", .label = "Battery"},
	[MM_COLUMN] = {.code = "column", .factor = MCF_FORMATION, .value = 1,
	 .cite = "002:26 Maneuver Table", .label = "Field or march column"},
	[MM_SQUARE] = {.code = "square", .factor = MCF_FORMATION, .value = 1, .cite = "002:26 Maneuver Table", .label = "Square"},
	[MM_GARRISON] = {.code = "garrison", .factor = MCF_FORMATION, .value = 1, .cite = "002:26 Maneuver Table", .label = "Garrison"},
	[MM_LIMBERED] = {.code = "limbered", .factor = MCF_FORMATION, .value = 1,
	 .cite = "002:26 Maneuver Table", .label = "Limbered gun"},
	[MM_COVER] = {.code = "cover", .factor = MCF_FORMATION, .value = 1,
	 .cite = "002:26 Maneuver Table", .label = "Linear cover"},
	[MM_OUTFLANKED] = {.code = "outflanked", .factor = MCF_FLANK, .value = -2,
	 .cite = "002:27 Maneuver Table", .label = "Outflanked within 8\""},
	[MM_BROKEN] = {.code = "broken", .factor = MCF_FLANK, .value = -2, .cite = "002:27 Maneuver Table", .label = "Broken"},
	[MM_KEY_LOST] = {.code = "key-lost", .factor = MCF_KEY, .value = -1,
	 .cite = "002:29 Maneuver Table", .label = "Key position lost"},
	[MM_HEAVY_CASUALTIES] = {.code = "heavy-casualties", .factor = MCF_HEAVY, .value = -1,
	 .cite = "002:30 Maneuver Table", .label = "Heavy casualties"},
	[MM_GREATER_LOSSES] = {.code = "greater-losses", .factor = MCF_GREATER, .value = -2,
	 .cite = "002:31 Maneuver Table", .label = "Greater losses"},
};

const struct claim_mod *rff_mc_mod_at(enum rff_mc_mod m)
{
	return &mc_mods[m];
}

const char *rff_mc_factor_name(int f)
{
	static const char *const names[MCF_N] = {
		"leader rating", "attached leader or brave colonel", "provisional or out of command",
		"experience", "effectiveness", "battery",
		"formation or cover", "outflanked or broken", "key position lost",
		"heavy casualties", "greater losses",
	};
	return names[f];
}

/* Fire points, 002:152-174, in half points per stand. */
static const struct rff_fire_points fire_points[] = {
	{.nation = NATION_NONE, .weapon = WPN_R, .max_range = 4, .half_points = 2, .cite = "002:154"},
	{.nation = NATION_NONE, .weapon = WPN_R, .max_range = 8, .half_points = 2, .cite = "002:154"},
	{.nation = NATION_NONE, .weapon = WPN_R, .max_range = 12, .half_points = 1, .cite = "002:154"},
	{.nation = NATION_NONE, .weapon = WPN_IR, .max_range = 4, .half_points = 2, .cite = "002:155"},
	{.nation = NATION_NONE, .weapon = WPN_IR, .max_range = 8, .half_points = 2, .reading = SMALL_ARMS_QRS, .cite = "002:155"},
	{.nation = NATION_NONE, .weapon = WPN_IR, .max_range = 12, .half_points = 1, .reading = SMALL_ARMS_QRS, .cite = "002:155"},
	/* close range only out to 4" */
	{.nation = NATION_NONE, .weapon = WPN_IR, .max_range = 12, .half_points = 1, .reading = SMALL_ARMS_TEXT, .cite = "000:768"},
	{.nation = NATION_NONE, .weapon = WPN_M, .max_range = 4, .half_points = 2, .cite = "002:156"},
	{.nation = NATION_NONE, .weapon = WPN_M, .max_range = 8, .half_points = 2, .cite = "002:156"},
	/* the text: maximum range 8" (000:314) */
	{.nation = NATION_NONE, .weapon = WPN_M, .max_range = 12, .half_points = 1, .reading = SMALL_ARMS_QRS, .cite = "002:156"},
	{.nation = NATION_NONE, .weapon = WPN_IM, .max_range = 4, .half_points = 2, .cite = "002:157"},
	{.nation = NATION_NONE, .weapon = WPN_C, .max_range = 4, .half_points = 2, .cite = "002:158"},
	{.nation = NATION_US, .weapon = WPN_SG, .max_range = 4, .half_points = 12, .cite = "002:164"},
	{.nation = NATION_US, .weapon = WPN_SG, .max_range = 12, .half_points = 10, .cite = "002:164"},
	{.nation = NATION_US, .weapon = WPN_SG, .max_range = 24, .half_points = 8, .cite = "002:164"},
	{.nation = NATION_US, .weapon = WPN_SG, .max_range = 36, .half_points = 6, .cite = "002:164"},
	{.nation = NATION_US, .weapon = WPN_SG, .max_range = 48, .half_points = 4, .cite = "002:164"},
	{.nation = NATION_US, .weapon = WPN_HG, .max_range = 4, .half_points = 10, .cite = "002:165"},
	{.nation = NATION_US, .weapon = WPN_HG, .max_range = 12, .half_points = 8, .cite = "002:165"},
	{.nation = NATION_US, .weapon = WPN_HG, .max_range = 24, .half_points = 6, .cite = "002:165"},
	{.nation = NATION_US, .weapon = WPN_HG, .max_range = 36, .half_points = 4, .cite = "002:165"},
	{.nation = NATION_US, .weapon = WPN_HG, .max_range = 48, .half_points = 2, .cite = "002:165"},
	{.nation = NATION_US, .weapon = WPN_LG, .max_range = 4, .half_points = 8, .cite = "002:166"},
	{.nation = NATION_US, .weapon = WPN_LG, .max_range = 12, .half_points = 6, .cite = "002:166"},
	{.nation = NATION_US, .weapon = WPN_LG, .max_range = 24, .half_points = 4, .cite = "002:166"},
	{.nation = NATION_US, .weapon = WPN_LG, .max_range = 36, .half_points = 2, .cite = "002:166"},
	{.nation = NATION_US, .weapon = WPN_HH, .max_range = 4, .half_points = 12, .cite = "002:167"},
	{.nation = NATION_US, .weapon = WPN_HH, .max_range = 12, .half_points = 8, .cite = "002:167"},
	{.nation = NATION_US, .weapon = WPN_HH, .max_range = 24, .half_points = 6, .cite = "002:167"},
	{.nation = NATION_US, .weapon = WPN_LH, .max_range = 4, .half_points = 10, .cite = "002:168"},
	{.nation = NATION_US, .weapon = WPN_LH, .max_range = 12, .half_points = 6, .cite = "002:168"},
	{.nation = NATION_US, .weapon = WPN_LH, .max_range = 24, .half_points = 6, .cite = "002:168"},
	/* no rocket fire within 12" */
	{.nation = NATION_US, .weapon = WPN_HR, .max_range = 12, .half_points = 0, .cite = "000:754"},
	{.nation = NATION_US, .weapon = WPN_HR, .max_range = 80, .half_points = 4, .cite = "002:170"},
	{.nation = NATION_MEX, .weapon = WPN_SG, .max_range = 4, .half_points = 10, .cite = "002:171"},
	{.nation = NATION_MEX, .weapon = WPN_SG, .max_range = 12, .half_points = 8, .cite = "002:171"},
	{.nation = NATION_MEX, .weapon = WPN_SG, .max_range = 24, .half_points = 6, .cite = "002:171"},
	{.nation = NATION_MEX, .weapon = WPN_SG, .max_range = 36, .half_points = 4, .cite = "002:171"},
	{.nation = NATION_MEX, .weapon = WPN_HG, .max_range = 4, .half_points = 8, .cite = "002:172"},
	{.nation = NATION_MEX, .weapon = WPN_HG, .max_range = 12, .half_points = 6, .cite = "002:172"},
	{.nation = NATION_MEX, .weapon = WPN_HG, .max_range = 24, .half_points = 4, .cite = "002:172"},
	{.nation = NATION_MEX, .weapon = WPN_HG, .max_range = 36, .half_points = 2, .cite = "002:172"},
	{.nation = NATION_MEX, .weapon = WPN_MG, .max_range = 4, .half_points = 6, .cite = "002:173"},
	{.nation = NATION_MEX, .weapon = WPN_MG, .max_range = 12, .half_points = 6, .cite = "002:173"},
	{.nation = NATION_MEX, .weapon = WPN_MG, .max_range = 24, .half_points = 4, .cite = "002:173"},
	{.nation = NATION_MEX, .weapon = WPN_MG, .max_range = 36, .half_points = 2, .cite = "002:173"},
	{.nation = NATION_MEX, .weapon = WPN_LG, .max_range = 4, .half_points = 6, .cite = "002:174"},
	{.nation = NATION_MEX, .weapon = WPN_LG, .max_range = 12, .half_points = 4, .cite = "002:174"},
	{.nation = NATION_MEX, .weapon = WPN_LG, .max_range = 24, .half_points = 2, .cite = "002:174"},
};

const struct rff_fire_points *rff_fire_points(enum rff_nation nation, enum rff_weapon weapon, int range,
					      bool text)
{
	enum rff_small_arms reading = text ? SMALL_ARMS_TEXT : SMALL_ARMS_QRS;
	for (size_t i = 0; i < sizeof fire_points / sizeof fire_points[0]; i++) {
		const struct rff_fire_points *r = &fire_points[i];
		if (r->weapon != weapon || range > r->max_range)
			continue;
		if (r->nation != NATION_NONE && r->nation != nation)
			continue;
		if (r->reading != SMALL_ARMS_BOTH && r->reading != reading)
			continue;
		return r->half_points ? r : NULL;
	}
	return NULL;
}

/* Hale rocket hit rolls, 002:169-170: "2 (D3-10) 2 (D5-10) 2 (D7-10)", the
 * first under the cannonade's 24" column, the others under the rocket's own
 * "60" Rocket" and "80"" headings; no fire within 12", none past 80" (000:318). */
static const struct {
	int max_range;
	int lowest;
	const char *cite;
} rocket_hits[] = {
	{.max_range = 12, .lowest = 0, .cite = "000:318"},
	{.max_range = 24, .lowest = 3, .cite = "002:170"},
	{.max_range = 60, .lowest = 5, .cite = "002:170"},
	{.max_range = 80, .lowest = 7, .cite = "002:170"},
};

int rff_rocket_hit(int range, const char **cite)
{
	for (size_t i = 0; i < sizeof rocket_hits / sizeof rocket_hits[0]; i++)
		if (range <= rocket_hits[i].max_range) {
			*cite = rocket_hits[i].cite;
			return rocket_hits[i].lowest;
		}
	*cite = "000:318";
	return 0;
}

/* Fire-point die modifiers, 002:182-191; "Round fractions down" (000:320). */
static const struct {
	int lo, hi;
	struct claim_mod mod;
} fire_point_mods[] = {
	{.lo = 1, .hi = 1, .mod = {.code = "fp", .factor = FF_POINTS, .value = -4,
	 .cite = "002:182 Musketry & Cannonade", .label = "for 1 fire point"}},
	{.lo = 2, .hi = 2, .mod = {.code = "fp", .factor = FF_POINTS, .value = -3,
	 .cite = "002:183 Musketry & Cannonade", .label = "for 2 fire points"}},
	{.lo = 3, .hi = 3, .mod = {.code = "fp", .factor = FF_POINTS, .value = -2,
	 .cite = "002:184 Musketry & Cannonade", .label = "for 3 fire points"}},
	{.lo = 4, .hi = 5, .mod = {.code = "fp", .factor = FF_POINTS, .value = -1,
	 .cite = "002:185 Musketry & Cannonade", .label = "for 4 or 5 fire points"}},
	{.lo = 6, .hi = 8, .mod = {.code = "fp", .factor = FF_POINTS, .value = 0,
	 .cite = "002:186 Musketry & Cannonade", .label = "for 6 to 8 fire points"}},
	{.lo = 9, .hi = 11, .mod = {.code = "fp", .factor = FF_POINTS, .value = 1,
	 .cite = "002:187 Musketry & Cannonade", .label = "for 9 to 11 fire points"}},
	{.lo = 12, .hi = 14, .mod = {.code = "fp", .factor = FF_POINTS, .value = 2,
	 .cite = "002:188 Musketry & Cannonade", .label = "for 12 to 14 fire points"}},
	{.lo = 15, .hi = 19, .mod = {.code = "fp", .factor = FF_POINTS, .value = 3,
	 .cite = "002:189 Musketry & Cannonade", .label = "for 15 to 19 fire points"}},
	{.lo = 20, .hi = 24, .mod = {.code = "fp", .factor = FF_POINTS, .value = 4,
	 .cite = "002:190 Musketry & Cannonade", .label = "for 20 to 24 fire points"}},
	{.lo = 25, .hi = 100000, .mod = {.code = "fp", .factor = FF_POINTS, .value = 5,
	 .cite = "002:191 Musketry & Cannonade", .label = "for 25 or more fire points"}},
};

const struct claim_mod *rff_fire_points_mod(int points)
{
	for (size_t i = 0; i < sizeof fire_point_mods / sizeof fire_point_mods[0]; i++)
		if (points >= fire_point_mods[i].lo && points <= fire_point_mods[i].hi)
			return &fire_point_mods[i].mod;
	return NULL;
}

/* Fire die-roll modifiers by target: 'T' troops, 'G' guns, 0 either. */
static const struct {
	char target;
	struct claim_mod mod;
} fire_mods[FM_N] = {
	[FM_RAW] = {.mod = {.code = "raw", .factor = FF_RAW, .value = -1,
	 .cite = "002:182 Musketry & Cannonade", .label = "Raw troops or guns firing"}},
	/* one line of the table, one +1: "Muskets firing buck & ball in a charge, or sharpshooters" */
	[FM_BB] = {.mod = {.code = "bb", .factor = FF_BUCK_SHARP, .value = 1,
	 .cite = "002:183 Musketry & Cannonade", .label = "Muskets firing buck & ball in a charge"}},
	[FM_SS] = {.mod = {.code = "ss", .factor = FF_BUCK_SHARP, .value = 1,
	 .cite = "002:183 Musketry & Cannonade", .label = "Sharpshooters"}},
	[FM_COLUMN] = {.target = 'T', .mod = {.code = "column", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target in field column"}},
	[FM_BROKEN] = {.target = 'T', .mod = {.code = "broken", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target broken"}},
	[FM_ABOUT_FACED] = {.target = 'T', .mod = {.code = "about-faced", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target about faced"}},
	[FM_PASSAGE] = {.target = 'T', .mod = {.code = "passage", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target in passage of lines"}},
	[FM_FLANK_MARCH] = {.target = 'T', .mod = {.code = "flank-march", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target marched by the flank"}},
	[FM_ABATIS] = {.target = 'T', .mod = {.code = "abatis", .factor = FF_TROOP_TARGET, .value = 1,
	 .cite = "002:184 Musketry & Cannonade", .label = "Troop target crossed abatis"}},
	[FM_ENFILADED] = {.target = 'T', .mod = {.code = "enfiladed", .factor = FF_TARGET_FORMATION, .value = 2,
	 .cite = "002:185 Musketry & Cannonade", .label = "Enfiladed"}},
	[FM_SQUARE] = {.target = 'T', .mod = {.code = "square", .factor = FF_TARGET_FORMATION, .value = 2,
	 .cite = "002:185 Musketry & Cannonade", .label = "Square"}},
	[FM_MARCH] = {.target = 'T', .mod = {.code = "march", .factor = FF_TARGET_FORMATION, .value = 2,
	 .cite = "002:185 Musketry & Cannonade", .label = "March column"}},
	[FM_STORMING] = {.target = 'T', .mod = {.code = "storming", .factor = FF_TARGET_FORMATION, .value = 2,
	 .cite = "002:185 Musketry & Cannonade", .label = "Storming column"}},
	[FM_LIMBERED] = {.target = 'G', .mod = {.code = "limbered", .factor = FF_GUN_TARGET, .value = 1,
	 .cite = "002:186 Musketry & Cannonade", .label = "Gun target is limbered"}},
	[FM_ENFILADED_GUN] = {.target = 'G', .mod = {.code = "enfiladed", .factor = FF_GUN_TARGET, .value = 1,
	 .cite = "002:186 Musketry & Cannonade", .label = "Gun target is enfiladed"}},
	[FM_PARTIAL] = {.mod = {.code = "partial", .factor = FF_COVER, .value = -1,
	 .cite = "002:187 Musketry & Cannonade", .label = "Target in partial cover"}},
	[FM_OPEN] = {.mod = {.code = "open", .factor = FF_COVER, .value = -1,
	 .cite = "002:187 Musketry & Cannonade", .label = "Target in open order"}},
	[FM_FULL] = {.mod = {.code = "full", .factor = FF_COVER, .value = -2,
	 .cite = "002:188 Musketry & Cannonade", .label = "Full cover"}},
	[FM_OPEN_PARTIAL] = {.mod = {.code = "open-partial", .factor = FF_COVER, .value = -2,
	 .cite = "002:188 Musketry & Cannonade", .label = "Open order in partial cover"}},
	[FM_DARK] = {.mod = {.code = "dark", .factor = FF_COVER, .value = -2,
	 .cite = "000:560 Twilight & Night", .label = "Target in full cover in twilight or at night"}},
	[FM_FORTIFIED] = {.mod = {.code = "fortified", .factor = FF_COVER, .value = -3,
	 .cite = "002:189 Musketry & Cannonade", .label = "Fortified position"}},
};

const struct claim_mod *rff_fire_mod_at(enum rff_fire_mod m)
{
	return &fire_mods[m].mod;
}

const struct claim_mod *rff_fire_mod(enum rff_fire_mod m, bool gun)
{
	if (m == FM_NONE)
		return NULL;
	if (m == FM_POINTS)
		return &fire_point_mods[4].mod;	/* the code; its value comes from the points */
	if (m == FM_ENFILADED && gun)
		m = FM_ENFILADED_GUN;	/* one word, two lines of the table (002:185-186) */
	bool fits = !fire_mods[m].target || fire_mods[m].target == (gun ? 'G' : 'T');
	return fits ? &fire_mods[m].mod : NULL;
}

const char *rff_fire_factor_name(int f)
{
	static const char *const names[FF_N] = {
		"fire points", "raw troops or guns firing", "buck & ball or sharpshooters",
		"troop target in column, broken, about faced...", "enfiladed, square, march or storming column",
		"gun target limbered or enfiladed", "cover, open order or fortified",
	};
	return names[f];
}

/* Results bands, 002:195-201 (row text) and 001:174-180 (layout),
 * transcribed once: the five columns of values 002 prints, the first under
 * its DIE RESULT heading, then Elite, Veteran, Trained and Raw.  The two
 * readings differ only in which column each experience reads: four (001's
 * layout) takes the first four for Elite to Raw; five (002 literally) the
 * last four (docs/rules.md, option fire-columns). */
static const struct {
	int column;	/* the printed column, 0 to 4 */
	int lo, hi;
	enum rff_fire_band band;
	const char *cell;
} fire_bands[] = {
	{.column = 0, .lo = 11, .hi = 99, .band = FB_WITHERING, .cell = "11 or more"},
	{.column = 0, .lo = 10, .hi = 10, .band = FB_CHECKED_OR_CS, .cell = "10"},
	{.column = 0, .lo = 7, .hi = 9, .band = FB_HOME_MEX_CHECKED, .cell = "7, 8, 9"},
	{.column = 0, .lo = 6, .hi = 6, .band = FB_GALLING, .cell = "6"},
	{.column = 0, .lo = -99, .hi = 5, .band = FB_DESULTORY, .cell = "5 or less"},
	{.column = 1, .lo = 11, .hi = 99, .band = FB_WITHERING, .cell = "11 or more"},
	{.column = 1, .lo = 10, .hi = 10, .band = FB_TELLING, .cell = "10"},
	{.column = 1, .lo = 9, .hi = 9, .band = FB_CHECKED_OR_CS, .cell = "9"},
	{.column = 1, .lo = 7, .hi = 8, .band = FB_HOME_MEX_CHECKED, .cell = "7, 8"},
	{.column = 1, .lo = 6, .hi = 6, .band = FB_GALLING, .cell = "6"},
	{.column = 1, .lo = 5, .hi = 5, .band = FB_LIVELY, .cell = "5"},
	{.column = 1, .lo = -99, .hi = 4, .band = FB_DESULTORY, .cell = "4 or less"},
	{.column = 2, .lo = 11, .hi = 99, .band = FB_WITHERING, .cell = "11 or more"},
	{.column = 2, .lo = 9, .hi = 10, .band = FB_TELLING, .cell = "9, 10"},
	{.column = 2, .lo = 8, .hi = 8, .band = FB_CHECKED_OR_CS, .cell = "8"},
	{.column = 2, .lo = 7, .hi = 7, .band = FB_HOME_MEX_CHECKED, .cell = "7"},
	{.column = 2, .lo = 5, .hi = 6, .band = FB_GALLING, .cell = "5, 6"},
	{.column = 2, .lo = 4, .hi = 4, .band = FB_LIVELY, .cell = "4"},
	{.column = 2, .lo = -99, .hi = 3, .band = FB_DESULTORY, .cell = "3 or less"},
	{.column = 3, .lo = 11, .hi = 99, .band = FB_WITHERING, .cell = "11 or more"},
	{.column = 3, .lo = 8, .hi = 10, .band = FB_TELLING, .cell = "8, 9, 10"},
	{.column = 3, .lo = 7, .hi = 7, .band = FB_CHECKED_OR_CS, .cell = "7"},
	{.column = 3, .lo = 5, .hi = 6, .band = FB_GALLING, .cell = "5, 6"},
	{.column = 3, .lo = 3, .hi = 4, .band = FB_LIVELY, .cell = "3, 4"},
	{.column = 3, .lo = -99, .hi = 2, .band = FB_DESULTORY, .cell = "2 or less"},
	{.column = 4, .lo = 11, .hi = 99, .band = FB_WITHERING, .cell = "11 or more"},
	{.column = 4, .lo = 8, .hi = 10, .band = FB_TELLING, .cell = "8, 9, 10"},
	{.column = 4, .lo = 7, .hi = 7, .band = FB_CHECKED_OR_CS, .cell = "7"},
	{.column = 4, .lo = 5, .hi = 6, .band = FB_GALLING, .cell = "5, 6"},
	{.column = 4, .lo = 3, .hi = 4, .band = FB_LIVELY, .cell = "3, 4"},
	{.column = 4, .lo = -99, .hi = 2, .band = FB_DESULTORY, .cell = "2 or less"},
};

/* The printed column each experience reads, under each layout. */
static const int fire_column[2][RFF_EXP_N] = {
	{[RFF_ELITE] = 0, [RFF_VETERAN] = 1, [RFF_TRAINED] = 2, [RFF_RAW] = 3},	/* four (001) */
	{[RFF_ELITE] = 1, [RFF_VETERAN] = 2, [RFF_TRAINED] = 3, [RFF_RAW] = 4},	/* five (002) */
};

/* What each band does: the fire effect on any target, the charge outcome of
 * a charging target.  The two rows with charge text only (002:197, 002:198)
 * are the lower part of Telling Fire: they change only what a charge does
 * (docs/rules.md); option charge-bands=split reads 002:198 as Galling. */
static const struct {
	enum rff_effect effect;
	enum rff_outcome outcome;
	bool unless_cold_steel, mex_cav;
	const char *cite;
} band_effects[] = {
	[FB_WITHERING] = {.effect = EFF_WITHERING, .outcome = OUTCOME_CHECKED, .cite = "002:195"},
	[FB_TELLING] = {.effect = EFF_TELLING, .outcome = OUTCOME_CHECKED, .cite = "002:196"},
	[FB_CHECKED_OR_CS] = {.effect = EFF_TELLING, .outcome = OUTCOME_CHECKED, .unless_cold_steel = true,
			      .cite = "002:197"},
	[FB_HOME_MEX_CHECKED] = {.effect = EFF_TELLING, .outcome = OUTCOME_HOME, .mex_cav = true, .cite = "002:198"},
	[FB_GALLING] = {.effect = EFF_GALLING, .outcome = OUTCOME_HOME, .mex_cav = true, .cite = "002:199"},
	[FB_LIVELY] = {.effect = EFF_LIVELY, .outcome = OUTCOME_HOME, .mex_cav = true, .cite = "002:200"},
	[FB_DESULTORY] = {.effect = EFF_DESULTORY, .outcome = OUTCOME_HOME, .cite = "002:201"},
};

bool rff_fire_result(int columns, bool split, enum rff_experience experience, int total,
		     struct rff_fire_result *out)
{
	if (experience <= RFF_EXP_NONE || experience >= RFF_EXP_N)
		return false;
	int column = fire_column[columns == 5][experience];
	for (size_t i = 0; i < sizeof fire_bands / sizeof fire_bands[0]; i++) {
		if (fire_bands[i].column != column || total < fire_bands[i].lo || total > fire_bands[i].hi)
			continue;
		enum rff_fire_band b = fire_bands[i].band;
		out->effect = band_effects[b].effect;
		if (b == FB_HOME_MEX_CHECKED && split)
			out->effect = EFF_GALLING;
		out->outcome = band_effects[b].outcome;
		out->checked_unless_cold_steel = band_effects[b].unless_cold_steel;
		out->mex_cav_checked = band_effects[b].mex_cav;
		out->cite = band_effects[b].cite;
		snprintf(out->cell, sizeof out->cell, "%s", fire_bands[i].cell);
		return true;
	}
	return false;
}

/* effect, troops, square holds, guns retreat, only from close range, fixed
 * guns lost, dismounted cavalry mounts, source */
static const struct rff_mc_effect mc_effects[] = {
	{.effect = EFF_DOUBLE_QUICK, .troops = RFF_KEEP, .cite = "002:39"},
	{.effect = EFF_WELL_HANDLED, .troops = RFF_KEEP, .cite = "002:40"},
	{.effect = EFF_TARDY, .troops = RFF_KEEP, .cite = "002:41"},
	/* "Troops retreat out of close range disordered. Guns in close range limber and full
	 * retreat silenced"; a square holds in good order (000:624) */
	{.effect = EFF_FALL_BACK, .troops = RFF_TO_DISORDERED, .square_holds = true, .guns_retreat = true,
	 .guns_retreat_close_only = true, .cite = "002:42, 000:624"},
	/* "Troops full retreat broken. Guns limber and full retreat silenced. Lose all unlimbered
	 * heavy carriage and fixed guns"; dismounted cavalry mounts (000:416) */
	{.effect = EFF_PANIC, .troops = RFF_TO_BROKEN, .guns_retreat = true, .fixed_guns_lost = true,
	 .cavalry_mounts = true, .cite = "002:43, 000:416"},
	{.effect = EFF_RALLY_WITH_ELAN, .troops = RFF_TO_GOOD, .cite = "002:39"},
	{.effect = EFF_RALLY, .troops = RFF_TO_GOOD, .cite = "002:40"},
	{.effect = EFF_SHAKEN, .troops = RFF_TO_GOOD, .cite = "002:41"},
	{.effect = EFF_WAVERING, .troops = RFF_REFORM, .cite = "002:42"},
};

const struct rff_mc_effect *rff_mc_effect(enum rff_effect effect)
{
	for (size_t i = 0; i < sizeof mc_effects / sizeof mc_effects[0]; i++)
		if (mc_effects[i].effect == effect)
			return &mc_effects[i];
	return NULL;
}

/* The effects of fire, 002:195-201, as their cells print them. */
static const struct rff_fire_effect fire_effects[] = {
	/* "Troops disordered and lose 2 stands ... 1 gun stand wrecked and remaining stands
	 * silenced. Lose one additional troop or gun stand on a 15 or more." */
	{.effect = EFF_WITHERING, .musketry_hits = true, .disorders = true, .troop_loss = 2, .guns_wrecked = 1,
	 .silence_rest = true, .extra_on_15 = true, .cite = "002:195"},
	/* "Troops disordered and lose 1 stand. 1 gun stand silenced and damaged." */
	{.effect = EFF_TELLING, .musketry_hits = true, .disorders = true, .troop_loss = 1, .guns_silenced = 1,
	 .guns_damaged = 1, .cite = "002:196"},
	/* "Troops disordered or lose 1 stand if already disordered. 1 gun stand silenced." */
	{.effect = EFF_GALLING, .musketry_hits = true, .disorders = true, .troop_loss = 1, .loss_if_disordered = true,
	 .guns_silenced = 1, .cite = "002:199"},
	/* "From cannonade only, troops disordered, or 1 gun silenced ... Musketry no effect." */
	{.effect = EFF_LIVELY, .disorders = true, .guns_silenced = 1, .cite = "002:200"},
	/* "No effect." */
	{.effect = EFF_DESULTORY, .cite = "002:201"},
};

const struct rff_fire_effect *rff_fire_effect(enum rff_effect effect)
{
	for (size_t i = 0; i < sizeof fire_effects / sizeof fire_effects[0]; i++)
		if (fire_effects[i].effect == effect)
			return &fire_effects[i];
	return NULL;
}

enum rff_effect rff_fire_next_lower(enum rff_effect effect)
{
	size_t n = sizeof fire_effects / sizeof fire_effects[0];
	for (size_t i = 0; i + 1 < n; i++)
		if (fire_effects[i].effect == effect)
			return fire_effects[i + 1].effect;
	return fire_effects[n - 1].effect;
}

int rff_light_range(enum rff_light light, int twilight_turn, int word, const char **cite)
{
	static const int evening[] = {48, 36, 24, 12};
	static const int skies[] = {
		[SKY_NONE] = 0, [SKY_OVERCAST] = 4, [SKY_MOONLESS] = 4, [SKY_MOONLIT] = 8, [SKY_FULL_MOON] = 12,
	};
	if (light == LIGHT_TWILIGHT && twilight_turn >= 1 && twilight_turn <= 4) {
		*cite = "000:558";
		bool morning = word == TWILIGHT_MORNING;
		return evening[morning ? 4 - twilight_turn : twilight_turn - 1];
	}
	if (light != LIGHT_NIGHT || !skies[word])
		return 0;
	*cite = "000:562";
	return skies[word];
}

/* Charge table die-roll modifiers, 002:207-221 (the QRS prints two columns:
 * the left at 207-221, the right at 207-215). */
static const struct claim_mod charge_mods[CM_N] = {
	[CM_ELITE] = {.code = "elite", .factor = CF_EXPERIENCE, .value = 2, .cite = "002:207 Charge Table", .label = "Elite unit"},
	[CM_VET] = {.code = "vet", .factor = CF_EXPERIENCE, .value = 1, .cite = "002:208 Charge Table", .label = "Veteran"},
	[CM_TRAINED] = {.code = "trained", .factor = CF_EXPERIENCE, .value = 0, .cite = "002:209 Charge Table", .label = "Trained"},
	[CM_RAW] = {.code = "raw", .factor = CF_EXPERIENCE, .value = -1, .cite = "002:210 Charge Table", .label = "Raw"},
	[CM_FRESH] = {.code = "fresh", .factor = CF_EFFECTIVENESS, .value = 2,
	 .cite = "002:211 Charge Table", .label = "Fresh troops"},
	[CM_WORN] = {.code = "worn", .factor = CF_EFFECTIVENESS, .value = 0, .cite = "002:212 Charge Table", .label = "Worn"},
	[CM_SPENT] = {.code = "spent", .factor = CF_EFFECTIVENESS, .value = -2, .cite = "002:213 Charge Table", .label = "Spent"},
	[CM_OUTNUMBERED_1] = {.code = "outnumbered", .factor = CF_OUTNUMBERED, .value = -1,
	 .cite = "002:214 Charge Table", .label = "Outnumbered by 3:2"},
	[CM_OUTNUMBERED_2] = {.code = "outnumbered", .factor = CF_OUTNUMBERED, .value = -2,
	 .cite = "002:215 Charge Table", .label = "Outnumbered by 2:1"},
	[CM_OUTNUMBERED_3] = {.code = "outnumbered", .factor = CF_OUTNUMBERED, .value = -3,
	 .cite = "002:216 Charge Table", .label = "Outnumbered by 3:1 or more"},
	[CM_CAV_VS_INF] = {.code = "cav-vs-inf", .factor = CF_OUTNUMBERED, .value = 0,
	 .cite = "002:217 Charge Table", .label = "Cavalry outnumbered by infantry"},
	[CM_SUPPORTED] = {.code = "supported", .factor = CF_GUN_SUPPORT, .value = 1,
	 .cite = "002:218 Charge Table", .label = "Supported guns"},
	[CM_UNSUPPORTED] = {.code = "unsupported", .factor = CF_GUN_SUPPORT, .value = -1,
	 .cite = "002:219 Charge Table", .label = "Unsupported guns"},
	[CM_DISORDERED] = {.code = "disordered", .factor = CF_DISORDER, .value = -1,
	 .cite = "002:220 Charge Table", .label = "Disordered troops"},
	[CM_SILENCED] = {.code = "silenced", .factor = CF_DISORDER, .value = -1,
	 .cite = "002:220 Charge Table", .label = "Silenced gun"},
	[CM_COLONEL] = {.code = "colonel", .factor = CF_LEADER, .value = 1, .cite = "002:221 Charge Table", .label = "Brave colonel"},
	[CM_ATTACHED] = {.code = "attached", .factor = CF_LEADER, .value = 1,
	 .cite = "002:221 Charge Table", .label = "Leader attached"},
	[CM_OPEN] = {.code = "open", .factor = CF_OPEN, .value = -1, .cite = "002:207 Charge Table", .label = "Open order"},
	[CM_HASTY_SQUARE] = {.code = "hasty-square", .factor = CF_OPEN, .value = -1,
	 .cite = "002:207 Charge Table", .label = "Hasty square"},
	[CM_NATIONAL_GUARD] = {.code = "national-guard", .factor = CF_NATIONAL_GUARD, .value = -1,
	 .cite = "002:207 Charge Table, 000:720", .label = "Mexican national guard"},
	[CM_AUXILIARIES] = {.code = "auxiliaries", .factor = CF_NATIONAL_GUARD, .value = -1,
	 .cite = "002:207 Charge Table, 000:720", .label = "Mexican auxiliaries"},
	[CM_OUTFLANKED] = {.code = "outflanked", .factor = CF_FLANK, .value = -3, .cite = "002:208 Charge Table", .label = "Outflanked"},
	[CM_BROKEN] = {.code = "broken", .factor = CF_FLANK, .value = -3, .cite = "002:208 Charge Table", .label = "Broken"},
	[CM_MARCH] = {.code = "march", .factor = CF_FLANK, .value = -3, .cite = "002:208 Charge Table", .label = "March column"},
	[CM_LIMBERED] = {.code = "limbered", .factor = CF_FLANK, .value = -3, .cite = "002:208 Charge Table", .label = "Limbered guns"},
	[CM_FAVOURABLE] = {.code = "favourable", .factor = CF_POSITION, .value = 1,
	 .cite = "002:209 Charge Table", .label = "Defending favourable ground"},
	[CM_STRONG] = {.code = "strong", .factor = CF_POSITION, .value = 2,
	 .cite = "002:210 Charge Table", .label = "Strong position"},
	[CM_FORTIFIED] = {.code = "fortified", .factor = CF_POSITION, .value = 3,
	 .cite = "002:211 Charge Table", .label = "Fortified position"},
	[CM_CS] = {.code = "cs", .factor = CF_IMPETUS, .value = 1, .cite = "002:212 Charge Table", .label = "Cold steel"},
	[CM_LANCERS] = {.code = "lancers", .factor = CF_IMPETUS, .value = 1, .cite = "002:212 Charge Table", .label = "Lancers"},
	[CM_BT] = {.code = "bt", .factor = CF_IMPETUS, .value = 1, .cite = "002:212 Charge Table", .label = "Breakthrough"},
	[CM_OPEN_GROUND] = {.code = "open-ground", .factor = CF_GROUND, .value = 2,
	 .cite = "002:213 Charge Table", .label = "Cavalry charge over open ground"},
	[CM_BROKEN_GROUND] = {.code = "broken-ground", .factor = CF_GROUND, .value = 1,
	 .cite = "002:214 Charge Table", .label = "Cavalry charge over broken ground"},
	[CM_ROUGH_GROUND] = {.code = "rough-ground", .factor = CF_GROUND, .value = 0,
	 .cite = "002:215 Charge Table", .label = "Rough ground"},
	[CM_STATIONARY] = {.code = "stationary", .factor = CF_GROUND, .value = 0, .cite = "002:215 Charge Table", .label = "Stationary"},
	[CM_VS_SQUARE] = {.code = "vs-square", .factor = CF_GROUND, .value = 0, .cite = "002:215 Charge Table", .label = "Vs. square"},
};

const struct claim_mod *rff_charge_mod_at(enum rff_charge_mod m)
{
	return &charge_mods[m];
}

const struct claim_mod *rff_charge_mod(enum rff_charge_mod m, int value)
{
	if (m == CM_NONE)
		return NULL;
	if (m != CM_OUTNUMBERED_1)
		return &charge_mods[m];
	static const enum rff_charge_mod by_how_far[] = {CM_OUTNUMBERED_1, CM_OUTNUMBERED_2, CM_OUTNUMBERED_3};
	for (size_t i = 0; i < sizeof by_how_far / sizeof by_how_far[0]; i++)
		if (charge_mods[by_how_far[i]].value == value)
			return &charge_mods[by_how_far[i]];
	return &charge_mods[CM_OUTNUMBERED_1];
}

const char *rff_charge_factor_name(int f)
{
	static const char *const names[CF_N] = {
		"experience", "effectiveness", "outnumbered", "supported or unsupported guns",
		"disordered troops or silenced gun", "brave colonel or leader attached",
		"open order or hasty square", "national guard or auxiliaries",
		"outflanked, broken, march column or limbered guns", "favourable ground, strong or fortified position",
		"cold steel, lancers or breakthrough", "cavalry charge ground",
	};
	return names[f];
}

/* Charge results, 002:237-244 (the bands as moved, 000:340). */
/* lo, hi, effect, source, band; attacker wins, both lose; loss, only if
 * disordered, extra beyond, one more (cavalry or flank); broken, broken if
 * outflanked, if the winner is cavalry, if in square; square holds; guns */
static const struct rff_charge_band charge_bands[] = {
	/* "DEFENDER lose 2 stands and additional stands equal to the die result difference over 9.
	 * Troops full retreat broken ... Lose all unlimbered guns" */
	{.lo = 8, .hi = INT_MAX, .effect = EFF_SWEPT, .cite = "002:238", .text = "8 or more",
	 .attacker_wins = true, .loss = 2, .extra_beyond = true, .broken = true, .guns = RFF_GUNS_LOST},
	/* "DEFENDER lose 1 stand. Troops disordered ... Lose 1 additional stand and full retreat
	 * broken if defeated by cavalry or outflanked ... Lose all unlimbered guns if fixed, defeated
	 * by cavalry, or on a heavy carriage"; a square broken by it (000:648) */
	{.lo = 4, .hi = 7, .effect = EFF_DRIVEN_BACK, .cite = "002:239", .text = "4 to 7", .attacker_wins = true,
	 .loss = 1, .one_more_cav_or_flank = true, .broken_if_flank = true, .broken_if_cav = true,
	 .broken_if_square = true, .guns = RFF_GUNS_LOST_HEAVY_FIXED_CAV},
	/* "DEFENDER troops disordered and guns silenced. Lose 1 troop stand if already disordered or
	 * damage 1 gun stand ... Lose all unlimbered heavy carriage or fixed guns. Troops and guns
	 * hold position if fortified or in square"; 000:648: outflanked, broken */
	{.lo = 1, .hi = 3, .effect = EFF_HARD_PRESSED, .cite = "002:240", .text = "1, 2, 3", .attacker_wins = true,
	 .loss = 1, .loss_if_disordered = true, .broken_if_flank = true, .square_holds = true,
	 .guns = RFF_GUNS_LOST_HEAVY_FIXED},
	/* "BOTH sides lose 1 stand, troops disordered, and guns silenced" */
	{.lo = 0, .hi = 0, .effect = EFF_DESPERATE_STRUGGLE, .cite = "002:241", .text = "0", .both_lose = true, .loss = 1,
	 .guns = RFF_GUNS_KEPT},
	/* "ATTACKER disordered or lose 1 stand if already disordered ... Full retreat broken if
	 * outflanked" */
	{.lo = -3, .hi = -1, .effect = EFF_FALTER, .cite = "002:242", .text = "-1, -2, -3", .loss = 1,
	 .loss_if_disordered = true, .broken_if_flank = true, .guns = RFF_GUNS_KEPT},
	/* "ATTACKER lose 1 stand and disordered ... Lose 1 additional stand and full retreat broken
	 * if defeated by cavalry or outflanked" */
	{.lo = -7, .hi = -4, .effect = EFF_RECOIL, .cite = "002:243", .text = "-4 to -7", .loss = 1,
	 .one_more_cav_or_flank = true, .broken_if_flank = true, .broken_if_cav = true, .guns = RFF_GUNS_KEPT},
	/* "ATTACKER lose 2 stands and additional stands equal to die result difference over 9.
	 * Full retreat broken" */
	{.lo = INT_MIN, .hi = -8, .effect = EFF_REPULSED, .cite = "002:244", .text = "-8 or more", .loss = 2,
	 .extra_beyond = true, .broken = true, .guns = RFF_GUNS_KEPT},
};

const struct rff_charge_band *rff_charge_band(int difference)
{
	for (size_t i = 0; i < sizeof charge_bands / sizeof charge_bands[0]; i++)
		if (difference >= charge_bands[i].lo && difference <= charge_bands[i].hi)
			return &charge_bands[i];
	return NULL;
}

#define ACT(e) (1u << RFF_ACT_##e)
/* A retreat of the player's choosing is a move.
 * Troops, Well Handled (002:92-102): full or half move, change formation,
 * passage of lines, march by the flank, deploy, change front, face by the
 * rear rank, scale an obstacle, replenish; a charge is a move. */
#define TROOPS_WELL_HANDLED (ACT(MOVE) | ACT(RETREAT) | ACT(FORM) | ACT(PASSAGE) | ACT(FLANK_MARCH) | ACT(DEPLOY) | \
			     ACT(FRONT) | ACT(FACE_REAR) | ACT(REPLENISH) | ACT(CHARGE) | ACT(HOLD))
/* Troops, Tardy (002:105-110): half move or full move in disorder, change
 * formation to line, open order, square or garrison, face by the rear rank. */
#define TROOPS_TARDY (ACT(MOVE) | ACT(RETREAT) | ACT(FORM) | ACT(FACE_REAR) | ACT(CHARGE) | ACT(HOLD))
/* Guns, Well Handled (002:120-135): move, fire, limber or unlimber, pivot,
 * rally, replenish. */
#define GUNS_WELL_HANDLED (ACT(MOVE) | ACT(RETREAT) | ACT(FIRE) | ACT(LIMBER) | ACT(UNLIMBER) | ACT(PIVOT) | \
			   ACT(GUN_RALLY) | ACT(REPLENISH) | ACT(HOLD))
/* Guns, Tardy (002:137-144): move, fire, limber or unlimber, pivot. */
#define GUNS_TARDY (ACT(MOVE) | ACT(RETREAT) | ACT(FIRE) | ACT(LIMBER) | ACT(UNLIMBER) | ACT(PIVOT) | ACT(HOLD))

static const struct rff_maneuver_row maneuver_rows[] = {
	{.effect = EFF_DOUBLE_QUICK, .allowed = TROOPS_WELL_HANDLED, .list = "Troop Maneuvers, Well Handled, at the double quick",
	 .cite = "002:39, 002:92-103"},
	{.effect = EFF_WELL_HANDLED, .allowed = TROOPS_WELL_HANDLED, .list = "Troop Maneuvers, Well Handled",
	 .cite = "002:92-103"},
	{.effect = EFF_RALLY_WITH_ELAN, .allowed = TROOPS_WELL_HANDLED,
	 .list = "Troop Maneuvers, Well Handled (Rally with Elan: a well handled maneuver)", .cite = "002:39, 002:92-103"},
	{.effect = EFF_TARDY, .allowed = TROOPS_TARDY, .tardy_formations = true, .list = "Troop Maneuvers, Tardy",
	 .cite = "002:105-110"},
	{.effect = EFF_RALLY, .allowed = TROOPS_TARDY, .tardy_formations = true,
	 .list = "Troop Maneuvers, Tardy (Rally: a tardy maneuver)", .cite = "002:40, 002:105-110"},
	{.effect = EFF_SHAKEN, .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Shaken: retreat out of close range, or hold",
	 .cite = "002:41"},
	{.effect = EFF_WAVERING, .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Wavering: retreat out of close range, or hold",
	 .cite = "002:42"},
	{.effect = EFF_FALL_BACK, .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Fall Back: retreat out of close range, or hold",
	 .cite = "002:42"},
	{.effect = EFF_PANIC, .allowed = ACT(RETREAT), .list = "Panic: full retreat broken", .cite = "002:43"},
	{.effect = EFF_DOUBLE_QUICK, .guns = true, .allowed = GUNS_WELL_HANDLED,
	 .list = "Gun Maneuvers, Well Handled, at the double quick", .cite = "002:39, 002:120-135"},
	{.effect = EFF_WELL_HANDLED, .guns = true, .allowed = GUNS_WELL_HANDLED, .list = "Gun Maneuvers, Well Handled",
	 .cite = "002:120-135"},
	{.effect = EFF_TARDY, .guns = true, .allowed = GUNS_TARDY, .list = "Gun Maneuvers, Tardy", .cite = "002:137-144"},
	{.effect = EFF_FALL_BACK, .guns = true, .allowed = ACT(LIMBER) | ACT(RETREAT) | ACT(HOLD) | ACT(FIRE),
	 .list = "Fall Back: guns in close range limber and retreat; out of it, hold and fire", .cite = "002:42"},
	{.effect = EFF_PANIC, .guns = true, .allowed = ACT(LIMBER) | ACT(RETREAT),
	 .list = "Panic: guns limber and full retreat silenced", .cite = "002:43"},
};
#define EFF(e) (1u << EFF_##e)
#define WELL (EFF(DOUBLE_QUICK) | EFF(WELL_HANDLED) | EFF(RALLY_WITH_ELAN))
static const struct rff_combo combos[] = {
	{.effects = WELL, .actions = ACT(MOVE) | ACT(FORM), .what = "Half move and change formation", .cite = "002:95-96"},
	{.effects = WELL, .actions = ACT(CHARGE) | ACT(FORM), .what = "Half move and change formation (a charge: a storming column, 000:660)",
	 .cite = "002:95-96, 000:660"},
	{.effects = WELL, .actions = ACT(MOVE) | ACT(PASSAGE), .what = "Half move and passage of lines", .cite = "002:95, 002:97"},
	{.guns = true, .effects = WELL, .actions = ACT(MOVE) | ACT(UNLIMBER), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: full move and unlimber", .cite = "002:128-129"},
	{.guns = true, .effects = WELL, .actions = ACT(LIMBER) | ACT(MOVE), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: limber and full move", .cite = "002:128-129"},
	{.guns = true, .effects = WELL, .actions = ACT(UNLIMBER) | ACT(FIRE), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: unlimber and fire", .cite = "002:128, 002:130"},
	{.guns = true, .effects = WELL, .actions = ACT(PIVOT) | ACT(FIRE), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: pivot and fire", .cite = "002:128, 002:131"},
	{.guns = true, .effects = EFF(DOUBLE_QUICK), .actions = ACT(MOVE) | ACT(UNLIMBER) | ACT(FIRE),
	 .when = RFF_FLYING_DOUBLE_QUICK, .what = "Flying artillery only on a double quick: full move, unlimber and fire",
	 .cite = "002:133-134"},
	{.guns = true, .effects = EFF(DOUBLE_QUICK), .actions = ACT(LIMBER) | ACT(MOVE) | ACT(UNLIMBER),
	 .when = RFF_FLYING_DOUBLE_QUICK, .what = "Flying artillery only on a double quick: limber, full move and unlimber",
	 .cite = "002:133, 002:135"},
	{.guns = true, .effects = EFF(TARDY), .actions = ACT(LIMBER) | ACT(RETREAT), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: limber and full retreat silenced", .cite = "002:143-144"},
	{.guns = true, .effects = EFF(FALL_BACK) | EFF(PANIC), .actions = ACT(LIMBER) | ACT(RETREAT),
	 .what = "guns limber and full retreat silenced", .cite = "002:42-43"},
	{.guns = true, .effects = EFF(FALL_BACK), .actions = ACT(HOLD) | ACT(FIRE),
	 .what = "hold position and fire out of close range", .cite = "002:42"},
};
#undef WELL
#undef EFF

/* The maneuver effects fit the combinations' bit mask. */
_Static_assert(EFF_WAVERING < 32, "the Maneuver Table's effects are bits of an unsigned");
_Static_assert((int)MCF_N <= (int)CLAIM_MAX_FACTORS && (int)FF_N <= (int)CLAIM_MAX_FACTORS &&
		       (int)CF_N <= (int)CLAIM_MAX_FACTORS, "the factors fit a claim's table");

const struct rff_combo *rff_combination(bool guns, enum rff_effect effect, unsigned actions, bool light, bool flying)
{
	if (effect > EFF_WAVERING)
		return NULL;	/* not a maneuver effect: no list combines under it */
	/* a retreat of the player's choosing is a move, but where a list names
	 * the retreat itself (guns limbering to retreat) it is that */
	unsigned as_move = actions & ACT(RETREAT) ? (actions & ~ACT(RETREAT)) | ACT(MOVE) : actions;
	for (size_t i = 0; effect && i < sizeof combos / sizeof combos[0]; i++) {
		const struct rff_combo *c = &combos[i];
		bool fits = (actions & ~c->actions) == 0 || (as_move & ~c->actions) == 0;
		bool when = c->when == RFF_ANY_CARRIAGE || (c->when == RFF_LIGHT_CARRIAGE && light) ||
			    (c->when == RFF_FLYING_DOUBLE_QUICK && flying);
		if (c->guns == guns && fits && when && (c->effects & (1u << effect)))
			return c;
	}
	return NULL;
}
#undef ACT

const struct rff_maneuver_row *rff_maneuvers(enum rff_effect effect, bool guns)
{
	for (size_t i = 0; effect && i < sizeof maneuver_rows / sizeof maneuver_rows[0]; i++)
		if (maneuver_rows[i].guns == guns && maneuver_rows[i].effect == effect)
			return &maneuver_rows[i];
	return NULL;
}

/* The fallen-leader table, 002:225-233. */
static const struct rff_fallen_row fallen_rows[] = {
	{.lo = 10, .hi = 10, .effect = EFF_SHOT_DEAD, .result = EFF_REMOVED, .removed = true, .killed = true,
	 .cite = "002:226"},
	/* a mortal wound is a wound: the seeds do not count it killed (docs/rules.md) */
	{.lo = 9, .hi = 9, .effect = EFF_MORTALLY_WOUNDED, .result = EFF_REMOVED, .removed = true, .wounded = true,
	 .cite = "002:227"},
	{.lo = 8, .hi = 8, .effect = EFF_GRIEVOUSLY_WOUNDED, .result = EFF_REMOVED, .removed = true, .wounded = true,
	 .cite = "002:228"},
	{.lo = 7, .hi = 7, .effect = EFF_FLESH_WOUND, .result = EFF_OUT_ONE_TURN, .wounded = true, .out_turns = 1,
	 .cite = "002:229"},
	{.lo = 6, .hi = 6, .effect = EFF_HORSE_SHOT, .result = EFF_DISMOUNTED_ONE_TURN, .dismounted_turns = 1,
	 .cite = "002:230"},
	{.lo = 5, .hi = 5, .effect = EFF_COAT_PIERCED, .result = EFF_NO_EFFECT, .cite = "002:231"},
	{.lo = 4, .hi = 4, .effect = EFF_STAFF_STRUCK, .result = EFF_NO_EFFECT, .cite = "002:232"},
	{.lo = 1, .hi = 3, .effect = EFF_UNSCATHED, .result = EFF_NO_EFFECT, .cite = "002:233"},
};

const struct rff_fallen_row *rff_fallen_named(enum rff_effect name, bool result)
{
	for (size_t i = 0; i < sizeof fallen_rows / sizeof fallen_rows[0]; i++)
		if ((result ? fallen_rows[i].result : fallen_rows[i].effect) == name)
			return &fallen_rows[i];
	return NULL;
}

const struct rff_fallen_row *rff_fallen(int face)
{
	for (size_t i = 0; i < sizeof fallen_rows / sizeof fallen_rows[0]; i++)
		if (face >= fallen_rows[i].lo && face <= fallen_rows[i].hi)
			return &fallen_rows[i];
	return NULL;
}
