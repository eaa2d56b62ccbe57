/* test_luck: the odds of every roll of tests/reports/known.battle and what
 * the luck report makes of them, worked out by hand from the seeds (the
 * battle's events are derived in tests/test_report.c).
 *
 *  line 15  5inf fires at 2lt, +0, rolls 9: Telling Fire, 1 stand.  In the
 *           Trained column 7-10 are Telling (002:196-197), 5-6 Galling (no
 *           stand: 2lt is in good order, 002:199), 1-4 less: faces at least
 *           as good 7-10 (4 of 10), at most as good all 10; the stands 2lt
 *           loses on average 4 x 1 / 10 = 0.4.
 *  line 16  3inf fires at 4line, rolls 5: Galling; at least as good 5-10
 *           (6), at most 1-6 (6); 0.4 expected (7-10 are Telling, 1 stand).
 *  line 21  2lt's check, -2 in all, rolls 1: total -1, Panic, 2 stands
 *           (002:43); 2 gives Panic and 1 stand; 3-4 Wavering, 5-7 Shaken,
 *           8-10 Rally.  At least as good: all 10; at most: the 1 alone
 *           (10%, very unlucky); expected (2 + 1) / 10 = 0.3.
 *  line 25  the charge, difference = a + 3 - (d + 2): the attacker rolled
 *           10, the defender 2, +9 Swept (002:238), 2 stands.  Attacker,
 *           the defender's 2 kept: 9 also Swept with 2 stands, 1-8 Driven
 *           Back or less: at least as good 2 (20%, lucky), at most 10.
 *           Defender, the attacker's 10 kept: 1 gives +10 (Swept, 3
 *           stands: worse), 3 gives +8 (Swept, 2: the same), 4-10 better:
 *           at least as good 9, at most 3 (30%, unlucky).  Over all 100
 *           pairs, by the difference k + 1 of a - d = k (10 - |k| pairs):
 *           the defender loses 2 on +8, +9 (3 + 2 pairs), 3 on +10 (1), 1
 *           on +4..+7 (22), 1 on +1..+3 as it was disordered (27) and 1 on
 *           0 (9): 71 / 100; the attacker 1 on 0 (9), 1 on -4..-7 (14), 2
 *           on -8 (1): 25 / 100.
 *  line 26  Arista's Fallen Leader check, 8: Grievously wounded (002:227);
 *           a lower face is better for him, 1-8 at least as good (80%),
 *           8-10 at most (30%, unlucky).  Leaders lose no stands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../db/import.h"
#include "../reports/facts.h"
#include "../reports/luck.h"

static const struct luck_opts defaults = {.very = 0.10, .plain = 0.30};

static void test_known_rolls(void **state)
{
	(void)state;
	struct facts f;
	char *err = NULL;
	struct store *s = tu_facts("tests/reports/known.battle", &f);
	struct sheet *sh = luck_battle(s, &f, &defaults, &err);
	assert_non_null(sh);
	char *rolls = tu_sheet(sh, SHEET_CSV, "rolls");
	assert_string_equal(rolls, "turn,line,side,who,kind,die,result,at least %,at most %,luck\r\n"
				   "1,15,US,5inf,fire,9,telling-fire,40,100,\r\n"
				   "1,16,US,3inf,fire,5,galling-fire,60,60,\r\n"
				   "2,21,MEX,2lt,maneuver,1,panic,100,10,very unlucky\r\n"
				   "3,25,US,5inf,charge,10,swept-from-the-field,20,100,lucky\r\n"
				   "3,25,MEX,4line,charge,2,swept-from-the-field,90,30,unlucky\r\n"
				   "3,26,MEX,art,fallen-leader,8,grievously-wounded,80,30,unlucky\r\n");
	/* losses in rolled events against those expected: 2lt 1 + 2 against
	 * 0.4 + 0.3, 4line 0 + 2 against 0.4 + 0.71, 5inf 0 against 0.25 */
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_non_null(strstr(units, "MEX,2lt,1,1.00,5.5,,,too few (1 of 50),0,0,0,1,3,0.70,2.30\r\n"));
	assert_non_null(strstr(units, "MEX,4line,1,2.00,5.5,,,too few (1 of 50),0,0,1,0,2,1.11,0.89\r\n"));
	assert_non_null(strstr(units, "US,5inf,2,9.50,5.5,,,too few (2 of 50),0,1,0,0,0,0.25,-0.25\r\n"));
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "MEX,3,3.67,5.5,,,too few (3 of 50),0,0,2,1,5,1.81,3.19\r\n"));
	assert_non_null(strstr(units, "MEX,art,1,8.00,5.5,,,too few (1 of 50),0,0,1,0,0,0.00,0.00\r\n"));
	char *faces = tu_sheet(sh, SHEET_CSV, "faces");
	assert_string_equal(faces, "side,1,2,3,4,5,6,7,8,9,10\r\nUS,0,0,0,0,1,0,0,0,1,1\r\nMEX,1,1,0,0,0,0,0,1,0,0\r\n");
	free(rolls);
	free(units);
	free(sides);
	free(faces);
	sheet_free(sh);
	/* other thresholds: the attacker's 20% is very lucky under 0.2,0.25 */
	struct luck_opts o;
	assert_true(luck_thresholds("0.2,0.25", &o));
	sh = luck_battle(s, &f, &o, &err);
	rolls = tu_sheet(sh, SHEET_CSV, "rolls");
	assert_non_null(strstr(rolls, "3,25,US,5inf,charge,10,swept-from-the-field,20,100,very lucky\r\n"));
	assert_non_null(strstr(rolls, "3,25,MEX,4line,charge,2,swept-from-the-field,90,30,\r\n"));
	free(rolls);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

/* The same battle twice in one campaign: every count doubles, and 12
 * rolls of a d10 are still too few for the test (5 a face: 50). */
static void test_campaign(void **state)
{
	(void)state;
	int64_t id;
	struct store *s = tu_import(NULL, "tests/reports/known.battle", "Rio Grande", &id);
	/* the same content under another identity */
	char *text = tu_read_file("tests/reports/known.battle", NULL);
	char *copy = strstr(text, "id=known");
	memcpy(copy, "id=again", 8);
	FILE *out = fopen("build/known-again.battle", "w");
	fputs(text, out);
	fclose(out);
	free(text);
	tu_import(s, "build/known-again.battle", "Rio Grande", &id);
	char *err = NULL;
	struct sheet *sh = luck_campaign(s, "Rio Grande", &defaults, &err);
	assert_non_null(sh);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "MEX,6,3.67,5.5,,,too few (6 of 50),0,0,4,2,10,3.62,6.38\r\n"));
	assert_false(sheet_write(sh, stdout, SHEET_CSV, "rolls"));	/* no roll list for a campaign */
	free(sides);
	sheet_free(sh);
	assert_null(luck_campaign(s, "Nowhere", &defaults, &err));
	assert_non_null(strstr(err, "no battle"));
	free(err);
	store_close(s);
}

/* One check moving two units is one die for the side, and a roll for each
 * unit: Lee's [7] for 5inf and 8inf, each +1 gallant +1 veteran +2 fresh
 * (002:20-30) = 11, Double Quick (US: 8 or more, 002:39); faces 4 to 10
 * give a total of 8 or more: 70% a result at least as good, 100% at most. */
static void test_shared_die(void **state)
{
	(void)state;
	FILE *out = fopen("build/shared-die.battle", "w");
	fprintf(out, "%sphase maneuver\nmc lee [7]: 5inf +1gallant +1vet +2fresh =11 double-quick; "
		     "8inf +1gallant +1vet +2fresh =11 double-quick\n",
		tu_prelude);
	fclose(out);
	struct facts f;
	struct store *s = tu_facts("build/shared-die.battle", &f);
	char *err = NULL;
	struct sheet *sh = luck_battle(s, &f, &defaults, &err);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "\r\nUS,1,7.00,5.5,,,too few (1 of 50),0,0,0,0,0,0.00,0.00\r\n"));
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_non_null(strstr(units, "\r\nUS,5inf,1,7.00,5.5,,,too few (1 of 50),0,0,0,0,0,0.00,0.00\r\n"));
	assert_non_null(strstr(units, "\r\nUS,8inf,1,7.00,5.5,,,too few (1 of 50),0,0,0,0,0,0.00,0.00\r\n"));
	char *rolls = tu_sheet(sh, SHEET_CSV, "rolls");
	assert_non_null(strstr(rolls, "1,13,US,5inf,maneuver,7,double-quick,70,100,\r\n"));
	free(sides);
	free(units);
	free(rolls);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

/* Seventeen copies of the battle in one campaign: MEX rolls 1, 2 and 8 in
 * each, 51 dice, enough for the test (5 a face).  Expected 5.1 a face:
 * chi-square = sum(o^2 / e) - n = 3 * 17^2 / 5.1 - 51 = 119.00, nine
 * degrees of freedom, p far below 0.001. */
static void test_chi_square_run(void **state)
{
	(void)state;
	char *text = tu_read_file("tests/reports/known.battle", NULL);
	char *at = strstr(text, "id=known");
	struct store *s = NULL;
	for (int i = 0; i < 17; i++) {
		char id[16];
		snprintf(id, sizeof id, "id=k%04d", i);	/* as long as id=known */
		memcpy(at, id, 8);
		FILE *out = fopen("build/known-copy.battle", "w");
		fputs(text, out);
		fclose(out);
		int64_t n;
		s = tu_import(s, "build/known-copy.battle", "Seventeen", &n);
	}
	free(text);
	char *err = NULL;
	struct sheet *sh = luck_campaign(s, "Seventeen", &defaults, &err);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "\r\nMEX,51,3.67,5.5,119.00,0.000,51 rolls,"));
	free(sides);
	sheet_free(sh);
	store_close(s);
}

static void test_thresholds(void **state)
{
	(void)state;
	struct luck_opts o;
	assert_true(luck_thresholds("0.05,0.25", &o));
	assert_true(o.very == 0.05 && o.plain == 0.25);
	assert_false(luck_thresholds("0.3,0.1", &o));	/* very above plain */
	assert_false(luck_thresholds("0.1", &o));
	assert_false(luck_thresholds("0.1,0.6", &o));
	assert_false(luck_thresholds("0,0.2", &o));
	assert_false(luck_thresholds("0.1,0.2x", &o));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_rolls),
		cmocka_unit_test(test_campaign),
		cmocka_unit_test(test_shared_die),
		cmocka_unit_test(test_chi_square_run),
		cmocka_unit_test(test_thresholds),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
