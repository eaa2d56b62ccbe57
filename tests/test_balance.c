/* test_balance: a scenario's balance over its plays.  Five plays of "the
 * bridge", known by its id=bridge though the fifth is named otherwise: the
 * sides are named by the scenario (as=attacker, as=defender) whatever
 * their ids, so the attacker wins 4 (US in plays 1-3, MEX in play 5, where
 * MEX attacks) and the defender 1 (MEX in play 4).  "A ford", with no id=,
 * is known by its name: one play with a result, a draw, and one without,
 * which counts in no balance.  The Wilson 95% intervals, by the formula of
 * test_stats: 4 of 5 is 38% to 96%, 1 of 5 4% to 62%, 0 of 1 0% to 79%. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../db/import.h"
#include "../reports/balance.h"

static void write_play(int i, const char *scenario, const char *us_as, const char *mex_as, const char *victor)
{
	char path[64];
	snprintf(path, sizeof path, "build/balance-%d.battle", i);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "battle \"Play %d\" id=play%d rules=sar\n%s\n"
		   "side US nation=us as=%s\n  leader u \"U\" lr1\n  unit a \"A\" inf regular musket stands=10 cmd=u\n"
		   "side MEX nation=mexico as=%s\n  leader m \"M\" lr1\n  unit b \"B\" inf green musket stands=10 cmd=m\n"
		   "turn 1\n%s%s%s",
		i, i, scenario, us_as, mex_as, victor ? "result \"over\" victor=" : "", victor ? victor : "",
		victor ? "\n" : "");
	fclose(f);
}

static struct store *archive(void)
{
	static const char *const victors[] = {"US", "US", "US", "US", "draw"};
	for (int i = 0; i < 4; i++)	/* US attacks in plays 1-4; the defender MEX wins play 4 */
		write_play(i + 1, "scenario \"The bridge\" id=bridge", "attacker", "defender", i == 3 ? "MEX" : victors[i]);
	write_play(5, "scenario \"The bridge, again\" id=bridge", "defender", "attacker", "MEX");	/* MEX attacks */
	write_play(6, "scenario \"A ford\"", "attacker", "defender", NULL);
	write_play(7, "scenario \"A ford\"", "attacker", "defender", "draw");
	struct store *s = tu_memory_store();
	int64_t id;
	for (int i = 1; i <= 7; i++) {
		char path[64];
		snprintf(path, sizeof path, "build/balance-%d.battle", i);
		tu_import(s, path, NULL, &id);
	}
	return s;
}

static void test_every_scenario(void **state)
{
	(void)state;
	struct store *s = archive();
	char *err = NULL;
	struct sheet *sh = balance_report(s, NULL, &err);
	assert_non_null(sh);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	/* "A ford" is keyed by its name (no id=): one play with a result, a draw */
	assert_string_equal(sides, "scenario,side,plays,wins,draws,share %,95% low %,95% high %\r\n"
				   "A ford,attacker,1,0,1,0,0,79\r\n"
				   "A ford,defender,1,0,1,0,0,79\r\n"
				   "bridge,attacker,5,4,0,80,38,96\r\n"
				   "bridge,defender,5,1,0,20,4,62\r\n");
	free(sides);
	sheet_free(sh);
	assert_int_equal(balance_plays(s), 6);
	store_close(s);
}

static void test_one_scenario(void **state)
{
	(void)state;
	struct store *s = archive();
	char *err = NULL;
	struct sheet *sh = balance_report(s, "bridge", &err);
	assert_non_null(sh);
	char *json = tu_sheet(sh, SHEET_JSON, NULL);
	assert_non_null(strstr(json, "\"title\":\"Balance: bridge\""));
	assert_null(strstr(json, "A ford"));
	free(json);
	sheet_free(sh);
	assert_null(balance_report(s, "nowhere", &err));
	assert_non_null(strstr(err, "no play of scenario 'nowhere' has a result"));
	free(err);
	/* a scenario asked for by its name, in any case; "A ford" has a play with no victor */
	sh = balance_report(s, "a FORD", &err);
	assert_non_null(sh);
	sheet_free(sh);
	store_close(s);
}

/* A victor written in another case is the side as declared (ids match in
 * any case), and counts as its win; plays stored with no victor (as by an
 * archive before version 5) are named in the refusal, with the command
 * that reads them again. */
static void test_victor_case_and_hint(void **state)
{
	(void)state;
	write_play(8, "scenario \"The bridge\" id=bridge", "attacker", "defender", "mex");
	write_play(9, "scenario \"A ford\"", "attacker", "defender", NULL);
	struct store *s = tu_memory_store();
	int64_t id;
	tu_import(s, "build/balance-8.battle", NULL, &id);
	char *err = NULL;
	struct sheet *sh = balance_report(s, NULL, &err);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "\r\nbridge,defender,1,1,0,100,21,100\r\n"));	/* 1 of 1: 21% to 100% */
	free(sides);
	sheet_free(sh);
	store_close(s);
	s = tu_memory_store();
	tu_import(s, "build/balance-9.battle", NULL, &id);
	assert_null(balance_report(s, NULL, &err));
	assert_non_null(strstr(err, "1 play of a scenario has no victor stored"));
	assert_non_null(strstr(err, "umpire db reaudit --all"));
	free(err);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_scenario), cmocka_unit_test(test_one_scenario),
					   cmocka_unit_test(test_victor_case_and_hint)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
