/* rff_tables: the Fire and Fury tables, transcribed from the seeds with a
 * source on every row. */
#include "rff_tables.h"

#include <limits.h>
#include <stdio.h>
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
		"leader rating", "attached leader or brave colonel", "provisional or out of command",
		"experience", "effectiveness", "battery",
		"formation or cover", "outflanked or broken", "key position lost",
		"heavy casualties", "greater losses",
	};
	return names[f];
}

/* Fire points, 002:152-174, in half points per stand. */
static const struct rff_fire_points fire_points[] = {
	{"any", "R", 4, 2, NULL, "002:154"},
	{"any", "R", 8, 2, NULL, "002:154"},
	{"any", "R", 12, 1, NULL, "002:154"},
	{"any", "IR", 4, 2, NULL, "002:155"},
	{"any", "IR", 8, 2, "qrs", "002:155"},
	{"any", "IR", 12, 1, "qrs", "002:155"},
	{"any", "IR", 12, 1, "text", "000:768"},	/* close range only out to 4" */
	{"any", "M", 4, 2, NULL, "002:156"},
	{"any", "M", 8, 2, NULL, "002:156"},
	{"any", "M", 12, 1, "qrs", "002:156"},	/* the text: maximum range 8" (000:314) */
	{"any", "IM", 4, 2, NULL, "002:157"},
	{"any", "C", 4, 2, NULL, "002:158"},
	{"US", "SG", 4, 12, NULL, "002:164"},
	{"US", "SG", 12, 10, NULL, "002:164"},
	{"US", "SG", 24, 8, NULL, "002:164"},
	{"US", "SG", 36, 6, NULL, "002:164"},
	{"US", "SG", 48, 4, NULL, "002:164"},
	{"US", "HG", 4, 10, NULL, "002:165"},
	{"US", "HG", 12, 8, NULL, "002:165"},
	{"US", "HG", 24, 6, NULL, "002:165"},
	{"US", "HG", 36, 4, NULL, "002:165"},
	{"US", "HG", 48, 2, NULL, "002:165"},
	{"US", "LG", 4, 8, NULL, "002:166"},
	{"US", "LG", 12, 6, NULL, "002:166"},
	{"US", "LG", 24, 4, NULL, "002:166"},
	{"US", "LG", 36, 2, NULL, "002:166"},
	{"US", "HH", 4, 12, NULL, "002:167"},
	{"US", "HH", 12, 8, NULL, "002:167"},
	{"US", "HH", 24, 6, NULL, "002:167"},
	{"US", "LH", 4, 10, NULL, "002:168"},
	{"US", "LH", 12, 6, NULL, "002:168"},
	{"US", "LH", 24, 6, NULL, "002:168"},
	{"US", "HR", 12, 0, NULL, "000:754"},	/* no rocket fire within 12" */
	{"US", "HR", 80, 4, NULL, "002:170"},
	{"MEX", "SG", 4, 10, NULL, "002:171"},
	{"MEX", "SG", 12, 8, NULL, "002:171"},
	{"MEX", "SG", 24, 6, NULL, "002:171"},
	{"MEX", "SG", 36, 4, NULL, "002:171"},
	{"MEX", "HG", 4, 8, NULL, "002:172"},
	{"MEX", "HG", 12, 6, NULL, "002:172"},
	{"MEX", "HG", 24, 4, NULL, "002:172"},
	{"MEX", "HG", 36, 2, NULL, "002:172"},
	{"MEX", "MG", 4, 6, NULL, "002:173"},
	{"MEX", "MG", 12, 6, NULL, "002:173"},
	{"MEX", "MG", 24, 4, NULL, "002:173"},
	{"MEX", "MG", 36, 2, NULL, "002:173"},
	{"MEX", "LG", 4, 6, NULL, "002:174"},
	{"MEX", "LG", 12, 4, NULL, "002:174"},
	{"MEX", "LG", 24, 2, NULL, "002:174"},
};

const struct rff_fire_points *rff_fire_points(const char *nation, const char *weapon, int range,
					      const char *reading)
{
	for (size_t i = 0; i < sizeof fire_points / sizeof fire_points[0]; i++) {
		const struct rff_fire_points *r = &fire_points[i];
		if (strcmp(r->weapon, weapon) != 0 || range > r->max_range)
			continue;
		if (strcmp(r->nation, "any") != 0 && strcmp(r->nation, nation) != 0)
			continue;
		if (r->reading && strcmp(r->reading, reading) != 0)
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
	{12, 0, "000:318"},
	{24, 3, "002:170"},
	{60, 5, "002:170"},
	{80, 7, "002:170"},
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
	{1, 1, {"fp", FF_POINTS, -4, "002:182 Musketry & Cannonade", "for 1 fire point"}},
	{2, 2, {"fp", FF_POINTS, -3, "002:183 Musketry & Cannonade", "for 2 fire points"}},
	{3, 3, {"fp", FF_POINTS, -2, "002:184 Musketry & Cannonade", "for 3 fire points"}},
	{4, 5, {"fp", FF_POINTS, -1, "002:185 Musketry & Cannonade", "for 4 or 5 fire points"}},
	{6, 8, {"fp", FF_POINTS, 0, "002:186 Musketry & Cannonade", "for 6 to 8 fire points"}},
	{9, 11, {"fp", FF_POINTS, 1, "002:187 Musketry & Cannonade", "for 9 to 11 fire points"}},
	{12, 14, {"fp", FF_POINTS, 2, "002:188 Musketry & Cannonade", "for 12 to 14 fire points"}},
	{15, 19, {"fp", FF_POINTS, 3, "002:189 Musketry & Cannonade", "for 15 to 19 fire points"}},
	{20, 24, {"fp", FF_POINTS, 4, "002:190 Musketry & Cannonade", "for 20 to 24 fire points"}},
	{25, 100000, {"fp", FF_POINTS, 5, "002:191 Musketry & Cannonade", "for 25 or more fire points"}},
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
} fire_mods[] = {
	{0, {"raw", FF_RAW, -1, "002:182 Musketry & Cannonade", "Raw troops or guns firing"}},
	/* one line of the table, one +1: "Muskets firing buck & ball in a charge, or sharpshooters" */
	{0, {"bb", FF_BUCK_SHARP, 1, "002:183 Musketry & Cannonade", "Muskets firing buck & ball in a charge"}},
	{0, {"ss", FF_BUCK_SHARP, 1, "002:183 Musketry & Cannonade", "Sharpshooters"}},
	{'T', {"column", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target in field column"}},
	{'T', {"broken", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target broken"}},
	{'T', {"about-faced", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target about faced"}},
	{'T', {"passage", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target in passage of lines"}},
	{'T', {"flank-march", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target marched by the flank"}},
	{'T', {"abatis", FF_TROOP_TARGET, 1, "002:184 Musketry & Cannonade", "Troop target crossed abatis"}},
	{'T', {"enfiladed", FF_TARGET_FORMATION, 2, "002:185 Musketry & Cannonade", "Enfiladed"}},
	{'T', {"square", FF_TARGET_FORMATION, 2, "002:185 Musketry & Cannonade", "Square"}},
	{'T', {"march", FF_TARGET_FORMATION, 2, "002:185 Musketry & Cannonade", "March column"}},
	{'T', {"storming", FF_TARGET_FORMATION, 2, "002:185 Musketry & Cannonade", "Storming column"}},
	{'G', {"limbered", FF_GUN_TARGET, 1, "002:186 Musketry & Cannonade", "Gun target is limbered"}},
	{'G', {"enfiladed", FF_GUN_TARGET, 1, "002:186 Musketry & Cannonade", "Gun target is enfiladed"}},
	{0, {"partial", FF_COVER, -1, "002:187 Musketry & Cannonade", "Target in partial cover"}},
	{0, {"open", FF_COVER, -1, "002:187 Musketry & Cannonade", "Target in open order"}},
	{0, {"full", FF_COVER, -2, "002:188 Musketry & Cannonade", "Full cover"}},
	{0, {"open-partial", FF_COVER, -2, "002:188 Musketry & Cannonade", "Open order in partial cover"}},
	{0, {"dark", FF_COVER, -2, "000:560 Twilight & Night", "Target in full cover in twilight or at night"}},
	{0, {"fortified", FF_COVER, -3, "002:189 Musketry & Cannonade", "Fortified position"}},
};

const struct claim_mod *rff_fire_mod(const char *code, bool gun)
{
	if (strcmp(code, "fp") == 0)
		return &fire_point_mods[4].mod;	/* the code; its value comes from the points */
	for (size_t i = 0; i < sizeof fire_mods / sizeof fire_mods[0]; i++)
		if (strcmp(fire_mods[i].mod.code, code) == 0 &&
		    (!fire_mods[i].target || fire_mods[i].target == (gun ? 'G' : 'T')))
			return &fire_mods[i].mod;
	return NULL;
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

/* Results bands, 002:195-201 (row text) and 001:174-180 (layout).  Reading
 * "four": the columns of 001, Elite being the first column of values that
 * 002 prints under its DIE RESULT heading; reading "five": 002 literally. */
static const struct {
	const char *reading;
	const char *column;
	int lo, hi;
	enum rff_fire_band band;
	const char *cell;
} fire_bands[] = {
	{"four", "elite", 11, 99, FB_WITHERING, "11 or more"},
	{"four", "elite", 10, 10, FB_CHECKED_OR_CS, "10"},
	{"four", "elite", 7, 9, FB_HOME_MEX_CHECKED, "7, 8, 9"},
	{"four", "elite", 6, 6, FB_GALLING, "6"},
	{"four", "elite", -99, 5, FB_DESULTORY, "5 or less"},
	{"four", "veteran", 11, 99, FB_WITHERING, "11 or more"},
	{"four", "veteran", 10, 10, FB_TELLING, "10"},
	{"four", "veteran", 9, 9, FB_CHECKED_OR_CS, "9"},
	{"four", "veteran", 7, 8, FB_HOME_MEX_CHECKED, "7, 8"},
	{"four", "veteran", 6, 6, FB_GALLING, "6"},
	{"four", "veteran", 5, 5, FB_LIVELY, "5"},
	{"four", "veteran", -99, 4, FB_DESULTORY, "4 or less"},
	{"four", "trained", 11, 99, FB_WITHERING, "11 or more"},
	{"four", "trained", 9, 10, FB_TELLING, "9, 10"},
	{"four", "trained", 8, 8, FB_CHECKED_OR_CS, "8"},
	{"four", "trained", 7, 7, FB_HOME_MEX_CHECKED, "7"},
	{"four", "trained", 5, 6, FB_GALLING, "5, 6"},
	{"four", "trained", 4, 4, FB_LIVELY, "4"},
	{"four", "trained", -99, 3, FB_DESULTORY, "3 or less"},
	{"four", "raw", 11, 99, FB_WITHERING, "11 or more"},
	{"four", "raw", 8, 10, FB_TELLING, "8, 9, 10"},
	{"four", "raw", 7, 7, FB_CHECKED_OR_CS, "7"},
	{"four", "raw", 5, 6, FB_GALLING, "5, 6"},
	{"four", "raw", 3, 4, FB_LIVELY, "3, 4"},
	{"four", "raw", -99, 2, FB_DESULTORY, "2 or less"},
	{"five", "elite", 11, 99, FB_WITHERING, "11 or more"},
	{"five", "elite", 10, 10, FB_TELLING, "10"},
	{"five", "elite", 9, 9, FB_CHECKED_OR_CS, "9"},
	{"five", "elite", 7, 8, FB_HOME_MEX_CHECKED, "7, 8"},
	{"five", "elite", 6, 6, FB_GALLING, "6"},
	{"five", "elite", 5, 5, FB_LIVELY, "5"},
	{"five", "elite", -99, 4, FB_DESULTORY, "4 or less"},
	{"five", "veteran", 11, 99, FB_WITHERING, "11 or more"},
	{"five", "veteran", 9, 10, FB_TELLING, "9, 10"},
	{"five", "veteran", 8, 8, FB_CHECKED_OR_CS, "8"},
	{"five", "veteran", 7, 7, FB_HOME_MEX_CHECKED, "7"},
	{"five", "veteran", 5, 6, FB_GALLING, "5, 6"},
	{"five", "veteran", 4, 4, FB_LIVELY, "4"},
	{"five", "veteran", -99, 3, FB_DESULTORY, "3 or less"},
	{"five", "trained", 11, 99, FB_WITHERING, "11 or more"},
	{"five", "trained", 8, 10, FB_TELLING, "8, 9, 10"},
	{"five", "trained", 7, 7, FB_CHECKED_OR_CS, "7"},
	{"five", "trained", 5, 6, FB_GALLING, "5, 6"},
	{"five", "trained", 3, 4, FB_LIVELY, "3, 4"},
	{"five", "trained", -99, 2, FB_DESULTORY, "2 or less"},
	{"five", "raw", 11, 99, FB_WITHERING, "11 or more"},
	{"five", "raw", 8, 10, FB_TELLING, "8, 9, 10"},
	{"five", "raw", 7, 7, FB_CHECKED_OR_CS, "7"},
	{"five", "raw", 5, 6, FB_GALLING, "5, 6"},
	{"five", "raw", 3, 4, FB_LIVELY, "3, 4"},
	{"five", "raw", -99, 2, FB_DESULTORY, "2 or less"},
};

/* What each band does: the fire effect on any target, the charge outcome of
 * a charging target.  The two rows with charge text only (002:197, 002:198)
 * are the lower part of Telling Fire: they change only what a charge does
 * (docs/rules.md); option charge-bands=split reads 002:198 as Galling. */
static const struct {
	const char *effect;
	const char *outcome;
	bool unless_cold_steel, mex_cav;
	const char *cite;
} band_effects[] = {
	[FB_WITHERING] = {.effect = "withering-fire", .outcome = "charge-checked", .cite = "002:195"},
	[FB_TELLING] = {.effect = "telling-fire", .outcome = "charge-checked", .cite = "002:196"},
	[FB_CHECKED_OR_CS] = {.effect = "telling-fire", .outcome = "charge-checked", .unless_cold_steel = true,
			      .cite = "002:197"},
	[FB_HOME_MEX_CHECKED] = {.effect = "telling-fire", .outcome = "charge-home", .mex_cav = true, .cite = "002:198"},
	[FB_GALLING] = {.effect = "galling-fire", .outcome = "charge-home", .mex_cav = true, .cite = "002:199"},
	[FB_LIVELY] = {.effect = "lively-fire", .outcome = "charge-home", .mex_cav = true, .cite = "002:200"},
	[FB_DESULTORY] = {.effect = "desultory-fire", .outcome = "charge-home", .cite = "002:201"},
};

bool rff_fire_result(const char *reading, const char *bands, const char *experience, int total,
		     struct rff_fire_result *out)
{
	for (size_t i = 0; i < sizeof fire_bands / sizeof fire_bands[0]; i++) {
		if (strcmp(fire_bands[i].reading, reading) != 0 ||
		    strcmp(fire_bands[i].column, experience) != 0 || total < fire_bands[i].lo ||
		    total > fire_bands[i].hi)
			continue;
		enum rff_fire_band b = fire_bands[i].band;
		out->effect = band_effects[b].effect;
		if (b == FB_HOME_MEX_CHECKED && strcmp(bands, "split") == 0)
			out->effect = "galling-fire";
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
	{.effect = "double-quick", .troops = RFF_KEEP, .cite = "002:39"},
	{.effect = "well-handled", .troops = RFF_KEEP, .cite = "002:40"},
	{.effect = "tardy", .troops = RFF_KEEP, .cite = "002:41"},
	/* "Troops retreat out of close range disordered. Guns in close range limber and full
	 * retreat silenced"; a square holds in good order (000:624) */
	{.effect = "fall-back", .troops = RFF_TO_DISORDERED, .square_holds = true, .guns_retreat = true,
	 .guns_retreat_close_only = true, .cite = "002:42, 000:624"},
	/* "Troops full retreat broken. Guns limber and full retreat silenced. Lose all unlimbered
	 * heavy carriage and fixed guns"; dismounted cavalry mounts (000:416) */
	{.effect = "panic", .troops = RFF_TO_BROKEN, .guns_retreat = true, .fixed_guns_lost = true,
	 .cavalry_mounts = true, .cite = "002:43, 000:416"},
	{.effect = "rally-with-elan", .troops = RFF_TO_GOOD, .cite = "002:39"},
	{.effect = "rally", .troops = RFF_TO_GOOD, .cite = "002:40"},
	{.effect = "shaken", .troops = RFF_TO_GOOD, .cite = "002:41"},
	{.effect = "wavering", .troops = RFF_REFORM, .cite = "002:42"},
};

const struct rff_mc_effect *rff_mc_effect(const char *effect)
{
	for (size_t i = 0; i < sizeof mc_effects / sizeof mc_effects[0]; i++)
		if (strcmp(mc_effects[i].effect, effect) == 0)
			return &mc_effects[i];
	return NULL;
}

/* The effects of fire, 002:195-201, as their cells print them. */
static const struct rff_fire_effect fire_effects[] = {
	/* "Troops disordered and lose 2 stands ... 1 gun stand wrecked and remaining stands
	 * silenced. Lose one additional troop or gun stand on a 15 or more." */
	{.effect = "withering-fire", .musketry_hits = true, .disorders = true, .troop_loss = 2, .guns_wrecked = 1,
	 .silence_rest = true, .extra_on_15 = true, .cite = "002:195"},
	/* "Troops disordered and lose 1 stand. 1 gun stand silenced and damaged." */
	{.effect = "telling-fire", .musketry_hits = true, .disorders = true, .troop_loss = 1, .guns_silenced = 1,
	 .guns_damaged = 1, .cite = "002:196"},
	/* "Troops disordered or lose 1 stand if already disordered. 1 gun stand silenced." */
	{.effect = "galling-fire", .musketry_hits = true, .disorders = true, .troop_loss = 1, .loss_if_disordered = true,
	 .guns_silenced = 1, .cite = "002:199"},
	/* "From cannonade only, troops disordered, or 1 gun silenced ... Musketry no effect." */
	{.effect = "lively-fire", .disorders = true, .guns_silenced = 1, .cite = "002:200"},
	/* "No effect." */
	{.effect = "desultory-fire", .cite = "002:201"},
};

const struct rff_fire_effect *rff_fire_effect(const char *effect)
{
	for (size_t i = 0; i < sizeof fire_effects / sizeof fire_effects[0]; i++)
		if (strcmp(fire_effects[i].effect, effect) == 0)
			return &fire_effects[i];
	return NULL;
}

const char *rff_fire_next_lower(const char *effect)
{
	size_t n = sizeof fire_effects / sizeof fire_effects[0];
	for (size_t i = 0; i + 1 < n; i++)
		if (strcmp(fire_effects[i].effect, effect) == 0)
			return fire_effects[i + 1].effect;
	return fire_effects[n - 1].effect;
}

int rff_light_range(const char *light, int twilight_turn, const char *word, const char **cite)
{
	static const int evening[] = {48, 36, 24, 12};
	static const struct {
		const char *sky;
		int range;
	} skies[] = {{"overcast", 4}, {"moonless", 4}, {"moonlit", 8}, {"full-moon", 12}};
	if (light && strcmp(light, "twilight") == 0 && twilight_turn >= 1 && twilight_turn <= 4) {
		*cite = "000:558";
		bool morning = word && strcmp(word, "morning") == 0;
		return evening[morning ? 4 - twilight_turn : twilight_turn - 1];
	}
	for (size_t i = 0; light && word && strcmp(light, "night") == 0 && i < sizeof skies / sizeof skies[0]; i++)
		if (strcmp(skies[i].sky, word) == 0) {
			*cite = "000:562";
			return skies[i].range;
		}
	return 0;
}

/* Charge table die-roll modifiers, 002:207-221 (the QRS prints two columns:
 * the left at 207-221, the right at 207-215). */
static const struct claim_mod charge_mods[] = {
	{"elite", CF_EXPERIENCE, 2, "002:207 Charge Table", "Elite unit"},
	{"vet", CF_EXPERIENCE, 1, "002:208 Charge Table", "Veteran"},
	{"trained", CF_EXPERIENCE, 0, "002:209 Charge Table", "Trained"},
	{"raw", CF_EXPERIENCE, -1, "002:210 Charge Table", "Raw"},
	{"fresh", CF_EFFECTIVENESS, 2, "002:211 Charge Table", "Fresh troops"},
	{"worn", CF_EFFECTIVENESS, 0, "002:212 Charge Table", "Worn"},
	{"spent", CF_EFFECTIVENESS, -2, "002:213 Charge Table", "Spent"},
	{"outnumbered", CF_OUTNUMBERED, -1, "002:214 Charge Table", "Outnumbered by 3:2"},
	{"outnumbered", CF_OUTNUMBERED, -2, "002:215 Charge Table", "Outnumbered by 2:1"},
	{"outnumbered", CF_OUTNUMBERED, -3, "002:216 Charge Table", "Outnumbered by 3:1 or more"},
	{"cav-vs-inf", CF_OUTNUMBERED, 0, "002:217 Charge Table", "Cavalry outnumbered by infantry"},
	{"supported", CF_GUN_SUPPORT, 1, "002:218 Charge Table", "Supported guns"},
	{"unsupported", CF_GUN_SUPPORT, -1, "002:219 Charge Table", "Unsupported guns"},
	{"disordered", CF_DISORDER, -1, "002:220 Charge Table", "Disordered troops"},
	{"silenced", CF_DISORDER, -1, "002:220 Charge Table", "Silenced gun"},
	{"colonel", CF_LEADER, 1, "002:221 Charge Table", "Brave colonel"},
	{"attached", CF_LEADER, 1, "002:221 Charge Table", "Leader attached"},
	{"open", CF_OPEN, -1, "002:207 Charge Table", "Open order"},
	{"hasty-square", CF_OPEN, -1, "002:207 Charge Table", "Hasty square"},
	{"national-guard", CF_NATIONAL_GUARD, -1, "002:207 Charge Table, 000:720", "Mexican national guard"},
	{"auxiliaries", CF_NATIONAL_GUARD, -1, "002:207 Charge Table, 000:720", "Mexican auxiliaries"},
	{"outflanked", CF_FLANK, -3, "002:208 Charge Table", "Outflanked"},
	{"broken", CF_FLANK, -3, "002:208 Charge Table", "Broken"},
	{"march", CF_FLANK, -3, "002:208 Charge Table", "March column"},
	{"limbered", CF_FLANK, -3, "002:208 Charge Table", "Limbered guns"},
	{"favourable", CF_POSITION, 1, "002:209 Charge Table", "Defending favourable ground"},
	{"strong", CF_POSITION, 2, "002:210 Charge Table", "Strong position"},
	{"fortified", CF_POSITION, 3, "002:211 Charge Table", "Fortified position"},
	{"cs", CF_IMPETUS, 1, "002:212 Charge Table", "Cold steel"},
	{"lancers", CF_IMPETUS, 1, "002:212 Charge Table", "Lancers"},
	{"bt", CF_IMPETUS, 1, "002:212 Charge Table", "Breakthrough"},
	{"open-ground", CF_GROUND, 2, "002:213 Charge Table", "Cavalry charge over open ground"},
	{"broken-ground", CF_GROUND, 1, "002:214 Charge Table", "Cavalry charge over broken ground"},
	{"rough-ground", CF_GROUND, 0, "002:215 Charge Table", "Rough ground"},
	{"stationary", CF_GROUND, 0, "002:215 Charge Table", "Stationary"},
	{"vs-square", CF_GROUND, 0, "002:215 Charge Table", "Vs. square"},
};

const struct claim_mod *rff_charge_mod(const char *code, int value)
{
	const struct claim_mod *first = NULL;
	for (size_t i = 0; i < sizeof charge_mods / sizeof charge_mods[0]; i++) {
		if (strcmp(charge_mods[i].code, code) != 0)
			continue;
		if (charge_mods[i].value == value)
			return &charge_mods[i];
		if (!first)
			first = &charge_mods[i];
	}
	return first;
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
	{.lo = 8, .hi = INT_MAX, .effect = "swept-from-the-field", .cite = "002:238", .text = "8 or more",
	 .attacker_wins = true, .loss = 2, .extra_beyond = true, .broken = true, .guns = RFF_GUNS_LOST},
	/* "DEFENDER lose 1 stand. Troops disordered ... Lose 1 additional stand and full retreat
	 * broken if defeated by cavalry or outflanked ... Lose all unlimbered guns if fixed, defeated
	 * by cavalry, or on a heavy carriage"; a square broken by it (000:648) */
	{.lo = 4, .hi = 7, .effect = "driven-back", .cite = "002:239", .text = "4 to 7", .attacker_wins = true,
	 .loss = 1, .one_more_cav_or_flank = true, .broken_if_flank = true, .broken_if_cav = true,
	 .broken_if_square = true, .guns = RFF_GUNS_LOST_HEAVY_FIXED_CAV},
	/* "DEFENDER troops disordered and guns silenced. Lose 1 troop stand if already disordered or
	 * damage 1 gun stand ... Lose all unlimbered heavy carriage or fixed guns. Troops and guns
	 * hold position if fortified or in square"; 000:648: outflanked, broken */
	{.lo = 1, .hi = 3, .effect = "hard-pressed", .cite = "002:240", .text = "1, 2, 3", .attacker_wins = true,
	 .loss = 1, .loss_if_disordered = true, .broken_if_flank = true, .square_holds = true,
	 .guns = RFF_GUNS_LOST_HEAVY_FIXED},
	/* "BOTH sides lose 1 stand, troops disordered, and guns silenced" */
	{.lo = 0, .hi = 0, .effect = "desperate-struggle", .cite = "002:241", .text = "0", .both_lose = true, .loss = 1,
	 .guns = RFF_GUNS_KEPT},
	/* "ATTACKER disordered or lose 1 stand if already disordered ... Full retreat broken if
	 * outflanked" */
	{.lo = -3, .hi = -1, .effect = "falter", .cite = "002:242", .text = "-1, -2, -3", .loss = 1,
	 .loss_if_disordered = true, .broken_if_flank = true, .guns = RFF_GUNS_KEPT},
	/* "ATTACKER lose 1 stand and disordered ... Lose 1 additional stand and full retreat broken
	 * if defeated by cavalry or outflanked" */
	{.lo = -7, .hi = -4, .effect = "recoil", .cite = "002:243", .text = "-4 to -7", .loss = 1,
	 .one_more_cav_or_flank = true, .broken_if_flank = true, .broken_if_cav = true, .guns = RFF_GUNS_KEPT},
	/* "ATTACKER lose 2 stands and additional stands equal to die result difference over 9.
	 * Full retreat broken" */
	{.lo = INT_MIN, .hi = -8, .effect = "repulsed", .cite = "002:244", .text = "-8 or more", .loss = 2,
	 .extra_beyond = true, .broken = true, .guns = RFF_GUNS_KEPT},
};

const struct rff_charge_band *rff_charge_band(int difference)
{
	for (size_t i = 0; i < sizeof charge_bands / sizeof charge_bands[0]; i++)
		if (difference >= charge_bands[i].lo && difference <= charge_bands[i].hi)
			return &charge_bands[i];
	return NULL;
}

enum rff_action rff_action_of(const char *word)
{
	static const char *const words[] = {
#define X(e, w) w,
		RFF_ACTIONS(X)
#undef X
	};
	for (int i = 0; i < RFF_ACT_N; i++)
		if (strcmp(words[i], word) == 0)
			return (enum rff_action)i;
	return RFF_ACT_N;
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
	{.effect = "double-quick", .allowed = TROOPS_WELL_HANDLED, .list = "Troop Maneuvers, Well Handled, at the double quick",
	 .cite = "002:39, 002:92-103"},
	{.effect = "well-handled", .allowed = TROOPS_WELL_HANDLED, .list = "Troop Maneuvers, Well Handled",
	 .cite = "002:92-103"},
	{.effect = "rally-with-elan", .allowed = TROOPS_WELL_HANDLED,
	 .list = "Troop Maneuvers, Well Handled (Rally with Elan: a well handled maneuver)", .cite = "002:39, 002:92-103"},
	{.effect = "tardy", .allowed = TROOPS_TARDY, .tardy_formations = true, .list = "Troop Maneuvers, Tardy",
	 .cite = "002:105-110"},
	{.effect = "rally", .allowed = TROOPS_TARDY, .tardy_formations = true,
	 .list = "Troop Maneuvers, Tardy (Rally: a tardy maneuver)", .cite = "002:40, 002:105-110"},
	{.effect = "shaken", .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Shaken: retreat out of close range, or hold",
	 .cite = "002:41"},
	{.effect = "wavering", .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Wavering: retreat out of close range, or hold",
	 .cite = "002:42"},
	{.effect = "fall-back", .allowed = ACT(RETREAT) | ACT(HOLD), .list = "Fall Back: retreat out of close range, or hold",
	 .cite = "002:42"},
	{.effect = "panic", .allowed = ACT(RETREAT), .list = "Panic: full retreat broken", .cite = "002:43"},
	{.effect = "double-quick", .guns = true, .allowed = GUNS_WELL_HANDLED,
	 .list = "Gun Maneuvers, Well Handled, at the double quick", .cite = "002:39, 002:120-135"},
	{.effect = "well-handled", .guns = true, .allowed = GUNS_WELL_HANDLED, .list = "Gun Maneuvers, Well Handled",
	 .cite = "002:120-135"},
	{.effect = "tardy", .guns = true, .allowed = GUNS_TARDY, .list = "Gun Maneuvers, Tardy", .cite = "002:137-144"},
	{.effect = "fall-back", .guns = true, .allowed = ACT(LIMBER) | ACT(RETREAT) | ACT(HOLD) | ACT(FIRE),
	 .list = "Fall Back: guns in close range limber and retreat; out of it, hold and fire", .cite = "002:42"},
	{.effect = "panic", .guns = true, .allowed = ACT(LIMBER) | ACT(RETREAT),
	 .list = "Panic: guns limber and full retreat silenced", .cite = "002:43"},
};
#define WELL "double-quick well-handled rally-with-elan"
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
	{.guns = true, .effects = "double-quick", .actions = ACT(MOVE) | ACT(UNLIMBER) | ACT(FIRE),
	 .when = RFF_FLYING_DOUBLE_QUICK, .what = "Flying artillery only on a double quick: full move, unlimber and fire",
	 .cite = "002:133-134"},
	{.guns = true, .effects = "double-quick", .actions = ACT(LIMBER) | ACT(MOVE) | ACT(UNLIMBER),
	 .when = RFF_FLYING_DOUBLE_QUICK, .what = "Flying artillery only on a double quick: limber, full move and unlimber",
	 .cite = "002:133, 002:135"},
	{.guns = true, .effects = "tardy", .actions = ACT(LIMBER) | ACT(RETREAT), .when = RFF_LIGHT_CARRIAGE,
	 .what = "Light carriage only: limber and full retreat silenced", .cite = "002:143-144"},
	{.guns = true, .effects = "fall-back panic", .actions = ACT(LIMBER) | ACT(RETREAT),
	 .what = "guns limber and full retreat silenced", .cite = "002:42-43"},
	{.guns = true, .effects = "fall-back", .actions = ACT(HOLD) | ACT(FIRE),
	 .what = "hold position and fire out of close range", .cite = "002:42"},
};
#undef WELL

/* Is word one of the space-separated words of list? */
static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

const struct rff_combo *rff_combination(bool guns, const char *effect, unsigned actions, bool light, bool flying)
{
	/* a retreat of the player's choosing is a move, but where a list names
	 * the retreat itself (guns limbering to retreat) it is that */
	unsigned as_move = actions & ACT(RETREAT) ? (actions & ~ACT(RETREAT)) | ACT(MOVE) : actions;
	for (size_t i = 0; effect && i < sizeof combos / sizeof combos[0]; i++) {
		const struct rff_combo *c = &combos[i];
		bool fits = (actions & ~c->actions) == 0 || (as_move & ~c->actions) == 0;
		bool when = c->when == RFF_ANY_CARRIAGE || (c->when == RFF_LIGHT_CARRIAGE && light) ||
			    (c->when == RFF_FLYING_DOUBLE_QUICK && flying);
		if (c->guns == guns && fits && when && listed(c->effects, effect))
			return c;
	}
	return NULL;
}
#undef ACT

const struct rff_maneuver_row *rff_maneuvers(const char *effect, bool guns)
{
	for (size_t i = 0; effect && i < sizeof maneuver_rows / sizeof maneuver_rows[0]; i++)
		if (maneuver_rows[i].guns == guns && strcmp(maneuver_rows[i].effect, effect) == 0)
			return &maneuver_rows[i];
	return NULL;
}

/* The fallen-leader table, 002:225-233. */
static const struct rff_fallen_row fallen_rows[] = {
	{.lo = 10, .hi = 10, .effect = "shot-dead", .result = "removed", .removed = true, .killed = true,
	 .cite = "002:226"},
	/* a mortal wound is a wound: the seeds do not count it killed (docs/rules.md) */
	{.lo = 9, .hi = 9, .effect = "mortally-wounded", .result = "removed", .removed = true, .wounded = true,
	 .cite = "002:227"},
	{.lo = 8, .hi = 8, .effect = "grievously-wounded", .result = "removed", .removed = true, .wounded = true,
	 .cite = "002:228"},
	{.lo = 7, .hi = 7, .effect = "flesh-wound", .result = "out-one-turn", .wounded = true, .out_turns = 1,
	 .cite = "002:229"},
	{.lo = 6, .hi = 6, .effect = "horse-shot", .result = "dismounted-one-turn", .dismounted_turns = 1,
	 .cite = "002:230"},
	{.lo = 5, .hi = 5, .effect = "coat-pierced", .result = "no-effect", .cite = "002:231"},
	{.lo = 4, .hi = 4, .effect = "staff-struck", .result = "no-effect", .cite = "002:232"},
	{.lo = 1, .hi = 3, .effect = "unscathed", .result = "no-effect", .cite = "002:233"},
};

const struct rff_fallen_row *rff_fallen_named(const char *name, bool result)
{
	for (size_t i = 0; i < sizeof fallen_rows / sizeof fallen_rows[0]; i++)
		if (strcmp(result ? fallen_rows[i].result : fallen_rows[i].effect, name) == 0)
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
