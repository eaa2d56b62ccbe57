/* rff_tables: the Fire and Fury tables, transcribed from the seeds with a
 * source on every row. */
#include "rff_tables.h"

#include <limits.h>
#include <string.h>

/* Figure 13, Unit Effectiveness Table, 000:678-702, one row per cell. */
static const struct rff_uet_row uet[] = {
	{"spirited", 2, 0, 1, "000:679", "2/-1"},
	{"spirited", 3, 0, 1, "000:680", "3/-1"},
	{"spirited", 4, 2, 1, "000:681", "4/2/1"},
	{"spirited", 5, 3, 2, "000:682", "5/3/2"},
	{"spirited", 6, 4, 2, "000:683", "6/4/2"},
	{"spirited", 7, 5, 3, "000:684", "7/5/3"},
	{"spirited", 8, 5, 3, "000:685", "8/5/3"},
	{"spirited", 9, 6, 4, "000:686", "9/6/4"},
	{"spirited", 10, 7, 4, "000:687", "10/7/4"},
	{"spirited", 11, 8, 5, "000:688", "11/8/5"},
	{"spirited", 12, 8, 5, "000:689", "12/8/5"},
	{"spirited", 13, 9, 6, "000:690", "13/9/6"},
	{"spirited", 14, 10, 6, "000:691", "14/10/6"},
	{"spirited", 15, 11, 7, "000:692", "15/11/7"},
	{"spirited", 16, 11, 7, "000:693", "16/11/7"},
	{"spirited", 17, 12, 8, "000:694", "17/12/8"},
	{"spirited", 18, 13, 8, "000:695", "18/13/8"},
	{"spirited", 19, 14, 9, "000:696", "19/14/9"},
	{"spirited", 20, 14, 9, "000:697", "20/14/9"},
	{"spirited", 21, 15, 10, "000:698", "21/15/10"},
	{"spirited", 22, 16, 10, "000:699", "22/16/10"},
	{"spirited", 23, 17, 11, "000:700", "23/17/11"},
	{"spirited", 24, 17, 11, "000:701", "24/17/11"},
	{"spirited", 25, 18, 12, "000:702", "25/18/12"},
	{"reliable", 2, 0, 1, "000:679", "2/-1"},
	{"reliable", 3, 2, 1, "000:680", "3/2/1"},
	{"reliable", 4, 3, 2, "000:681", "4/3/2"},
	{"reliable", 5, 4, 3, "000:682", "5/4/3"},
	{"reliable", 6, 5, 3, "000:683", "6/5/3"},
	{"reliable", 7, 6, 4, "000:684", "7/6/4"},
	{"reliable", 8, 6, 4, "000:685", "8/6/4"},
	{"reliable", 9, 7, 5, "000:686", "9/7/5"},
	{"reliable", 10, 8, 5, "000:687", "10/8/5"},
	{"reliable", 11, 9, 6, "000:688", "11/9/6"},
	{"reliable", 12, 9, 6, "000:689", "12/9/6"},
	{"reliable", 13, 10, 7, "000:690", "13/10/7"},
	{"reliable", 14, 11, 7, "000:691", "14/11/7"},
	{"reliable", 15, 12, 8, "000:692", "15/12/8"},
	{"reliable", 16, 12, 8, "000:693", "16/12/8"},
	{"reliable", 17, 13, 9, "000:694", "17/13/9"},
	{"reliable", 18, 14, 9, "000:695", "18/14/9"},
	{"reliable", 19, 15, 10, "000:696", "19/15/10"},
	{"reliable", 20, 15, 10, "000:697", "20/15/10"},
	{"reliable", 21, 16, 11, "000:698", "21/16/11"},
	{"reliable", 22, 17, 11, "000:699", "22/17/11"},
	{"reliable", 23, 18, 12, "000:700", "23/18/12"},
	{"reliable", 24, 18, 12, "000:701", "24/18/12"},
	{"reliable", 25, 19, 13, "000:702", "25/19/13"},
	{"unreliable", 2, 0, 1, "000:679", "2/-1"},
	{"unreliable", 3, 0, 2, "000:680", "3/-2"},
	{"unreliable", 4, 0, 3, "000:681", "4/-3"},
	{"unreliable", 5, 0, 4, "000:682", "5/-4"},
	{"unreliable", 6, 5, 4, "000:683", "6/5/4"},
	{"unreliable", 7, 6, 5, "000:684", "7/6/5"},
	{"unreliable", 8, 7, 6, "000:685", "8/7/6"},
	{"unreliable", 9, 8, 7, "000:686", "9/8/7"},
	{"unreliable", 10, 9, 7, "000:687", "10/9/7"},
	{"unreliable", 11, 10, 8, "000:688", "11/10/8"},
	{"unreliable", 12, 10, 8, "000:689", "12/10/8"},
	{"unreliable", 13, 11, 9, "000:690", "13/11/9"},
	{"unreliable", 14, 12, 9, "000:691", "14/12/9"},
	{"unreliable", 15, 13, 10, "000:692", "15/13/10"},
	{"unreliable", 16, 13, 10, "000:693", "16/13/10"},
	{"unreliable", 17, 14, 11, "000:694", "17/14/11"},
	{"unreliable", 18, 15, 11, "000:695", "18/15/11"},
	{"unreliable", 19, 16, 12, "000:696", "19/16/12"},
	{"unreliable", 20, 16, 12, "000:697", "20/16/12"},
	{"unreliable", 21, 17, 13, "000:698", "21/17/13"},
	{"unreliable", 22, 18, 13, "000:699", "22/18/13"},
	{"unreliable", 23, 19, 14, "000:700", "23/19/14"},
	{"unreliable", 24, 19, 14, "000:701", "24/19/14"},
	{"unreliable", 25, 20, 15, "000:702", "25/20/15"},
	{"dispirited", 2, 0, 1, "000:679", "2/-1"},
	{"dispirited", 3, 0, 2, "000:680", "3/-2"},
	{"dispirited", 4, 0, 3, "000:681", "4/-3"},
	{"dispirited", 5, 0, 4, "000:682", "5/-4"},
	{"dispirited", 6, 0, 5, "000:683", "6/-5"},
	{"dispirited", 7, 0, 5, "000:684", "7/-5"},
	{"dispirited", 8, 0, 7, "000:685", "8/-7"},
	{"dispirited", 9, 0, 8, "000:686", "9/-8"},
	{"dispirited", 10, 0, 9, "000:687", "10/-9"},
	{"dispirited", 11, 0, 10, "000:688", "11/-10"},
	{"dispirited", 12, 11, 10, "000:689", "12/11/10"},
	{"dispirited", 13, 12, 11, "000:690", "13/12/11"},
	{"dispirited", 14, 13, 12, "000:691", "14/13/12"},
	{"dispirited", 15, 14, 13, "000:692", "15/14/13"},
	{"dispirited", 16, 15, 14, "000:693", "16/15/14"},
	{"dispirited", 17, 16, 15, "000:694", "17/16/15"},
	{"dispirited", 18, 17, 16, "000:695", "18/17/16"},
	{"dispirited", 19, 18, 17, "000:696", "19/18/17"},
	{"dispirited", 20, 19, 18, "000:697", "20/19/18"},
	{"dispirited", 21, 20, 19, "000:698", "21/20/19"},
	{"dispirited", 22, 21, 20, "000:699", "22/21/20"},
	{"dispirited", 23, 22, 21, "000:700", "23/22/21"},
	{"dispirited", 24, 23, 22, "000:701", "24/23/22"},
	{"dispirited", 25, 24, 23, "000:702", "25/24/23"},
};

/* The rule text's dispirited units (000:714): under 12 stands a unit is
 * spent after losing one stand.  Only the cell the text contradicts. */
static const struct rff_uet_row uet_text[] = {
	{"dispirited", 7, 0, 6, "000:714", "7/-6 (text)"},
};

static const struct rff_uet_row *find_uet(const struct rff_uet_row *rows, size_t n,
					  const char *morale, int stands)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].stands == stands && strcmp(rows[i].morale, morale) == 0)
			return &rows[i];
	return NULL;
}

const struct rff_uet_row *rff_uet_row(const char *morale, int stands, bool text_dispirited)
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
	{"US", false, 8, INT_MAX, "double-quick", "002:39", "US: 8 or more"},
	{"US", false, 3, 7, "well-handled", "002:40", "US: 3 - 7"},
	{"US", false, 1, 2, "tardy", "002:41", "US: 1, 2"},
	{"MEX", false, 11, INT_MAX, "double-quick", "002:39", "MEX: 11 or more"},
	{"MEX", false, 4, 10, "well-handled", "002:40", "MEX: 4 - 10"},
	{"MEX", false, 1, 3, "tardy", "002:41", "MEX: 1, 2, 3"},
	{NULL, false, -1, 0, "fall-back", "002:42", "0, -1"},
	{NULL, false, INT_MIN, -2, "panic", "002:43", "-2 or less"},
	{"US", true, 11, INT_MAX, "rally-with-elan", "002:39", "US: 11 or more"},
	{"US", true, 5, 10, "rally", "002:40", "US: 5 - 10"},
	{"MEX", true, 6, INT_MAX, "rally", "002:40", "MEX: 6 or more"},
	{"US", true, 3, 4, "shaken", "002:41", "US: 3, 4"},
	{"MEX", true, 3, 5, "shaken", "002:41", "MEX: 3, 4, 5"},
	{NULL, true, 1, 2, "wavering", "002:42", "1, 2"},
	{NULL, true, INT_MIN, 0, "panic", "002:43", "0 or less"},
};

const struct rff_mc_band *rff_mc_band(const char *nation, bool disordered, int total)
{
	for (size_t i = 0; i < sizeof mc_bands / sizeof mc_bands[0]; i++) {
		const struct rff_mc_band *b = &mc_bands[i];
		if (b->disordered == disordered && (!b->nation || strcmp(b->nation, nation) == 0) &&
		    total >= b->lo && total <= b->hi)
			return b;
	}
	return NULL;
}

/* Maneuver table die roll modifiers, 002:21-32. */
static const struct claim_mod mc_mods[] = {
	{"gallant", MCF_RATING, 1, "002:21 Maneuver Table", "Gallant leader"},
	{"able", MCF_RATING, 0, "002:22 Maneuver Table", "Able leader"},
	{"poor", MCF_RATING, -1, "002:23 Maneuver Table", "Poor leader"},
	{"attached", MCF_ATTACHED, 1, "002:25 Maneuver Table", "Attached leader"},
	{"colonel", MCF_ATTACHED, 1, "002:25 Maneuver Table", "Brave colonel"},
	{"prov", MCF_COMMAND, -1, "002:26 Maneuver Table", "Provisional command"},
	{"ooc", MCF_COMMAND, -2, "002:27 Maneuver Table", "Out of command"},
	{"elite", MCF_EXPERIENCE, 2, "002:29 Maneuver Table", "Elite unit"},
	{"vet", MCF_EXPERIENCE, 1, "002:30 Maneuver Table", "Veteran"},
	{"trained", MCF_EXPERIENCE, 0, "002:31 Maneuver Table", "Trained"},
	{"raw", MCF_EXPERIENCE, -1, "002:32 Maneuver Table", "Raw"},
	{"fresh", MCF_EFFECTIVENESS, 2, "002:21 Maneuver Table", "Fresh troops"},
	{"worn", MCF_EFFECTIVENESS, 0, "002:22 Maneuver Table", "Worn"},
	{"spent", MCF_EFFECTIVENESS, -2, "002:23 Maneuver Table", "Spent"},
	{"bty", MCF_BATTERY, 2, "002:25 Maneuver Table", "Battery"},
	{"column", MCF_FORMATION, 1, "002:26 Maneuver Table", "Field or march column"},
	{"square", MCF_FORMATION, 1, "002:26 Maneuver Table", "Square"},
	{"garrison", MCF_FORMATION, 1, "002:26 Maneuver Table", "Garrison"},
	{"limbered", MCF_FORMATION, 1, "002:26 Maneuver Table", "Limbered gun"},
	{"cover", MCF_FORMATION, 1, "002:26 Maneuver Table", "Linear cover"},
	{"outflanked", MCF_FLANK, -2, "002:27 Maneuver Table", "Outflanked within 8\""},
	{"broken", MCF_FLANK, -2, "002:27 Maneuver Table", "Broken"},
	{"key-lost", MCF_KEY, -1, "002:29 Maneuver Table", "Key position lost"},
	{"heavy-casualties", MCF_HEAVY, -1, "002:30 Maneuver Table", "Heavy casualties"},
	{"greater-losses", MCF_GREATER, -2, "002:31 Maneuver Table", "Greater losses"},
};

const struct claim_mod *rff_mc_mod(const char *code)
{
	for (size_t i = 0; i < sizeof mc_mods / sizeof mc_mods[0]; i++)
		if (strcmp(mc_mods[i].code, code) == 0)
			return &mc_mods[i];
	return NULL;
}

const char *rff_mc_factor_name(int f)
{
	static const char *const names[MCF_N] = {
		"leader rating", "attached leader or brave colonel", "command",
		"experience", "effectiveness", "battery",
		"formation or cover", "outflanked or broken", "key position lost",
		"heavy casualties", "greater losses",
	};
	return names[f];
}
