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

/* Santa Anna Rules! (tests/reports/known-sar.battle, its chart file
 * tests/reports/sar-test.charts), worked by hand from seed 004 apart from
 * the code:
 *  13, 14  leader points, LR + d4 (004:72), a higher face better: Wool's 3,
 *          3-4 at least (50%), 1-3 at most (75%); Mejia's 1, 100% and 25%.
 *  18      m10:10 at 6", musket medium (004:213), 10, +2 volley (004:244),
 *          +1 regular (the chart's): column 13; d20 15, row 14-19, 5
 *          losses; column 13 gives 3 on 1-10, 5 on 11-19, 7 on 20: 50%
 *          and 95%; tgt expects (10 x 3 + 9 x 5 + 7) / 20 = 4.1.
 *  19      Mejia's hit: tgt lost 5, a 2 hits (004:370); a higher face is
 *          his better: 100% and 25% (1-5).
 *  20      his wound, 6: serious, 5-8 (004:375), a lower face better: 40%
 *          (1-8) and 80% (5-20).
 *  22      gr closes: 13 - 2 green + 3 charging = 14 (004:256, 284);
 *          faces 11-20 close: 50% and 100%.
 *  23      m10 stands: 9 + 2 regular = 11, retreats (11-14); 13-20 stand,
 *          1-8 break: 60% and 60%.
 *  24      gr:7 -> m10:10: gr column 2 (1-7) + 2 charging - 1 green = 3,
 *          d20 18 gives 1 (4 on a 20): 100% and 95%; m10 column 4 (10, as
 *          004:284 has it) + 1 US = 5, d20 4 gives 1 (2 on 11-12, 3 on
 *          13-20): 100% and 50%.  m10 expects 23 / 20 = 1.15, gr
 *          (10 + 4 + 24) / 20 = 1.9. */
static void test_sar_rolls(void **state)
{
	(void)state;
	struct facts f;
	char *err = NULL;
	struct store *s = tu_facts("tests/reports/known-sar.battle", &f);
	struct sheet *sh = luck_battle(s, &f, &defaults, &err);
	assert_non_null(sh);
	char *rolls = tu_sheet(sh, SHEET_CSV, "rolls");
	assert_string_equal(rolls, "turn,line,side,who,kind,die,result,at least %,at most %,luck\r\n"
				   "1,13,US,wool,orders,3,,50,75,\r\n"
				   "1,14,MEX,mejia,orders,1,,100,25,unlucky\r\n"
				   "1,18,US,m10,fire,15,holds,50,95,\r\n"
				   "1,19,MEX,mejia,hit,2,hit,100,25,unlucky\r\n"
				   "1,20,MEX,mejia,wound,6,serious,40,80,\r\n"
				   "1,22,MEX,gr,close,13,closes,50,100,\r\n"
				   "1,23,US,m10,stand,9,retreats,60,60,\r\n"
				   "1,24,MEX,gr,melee,18,fight-on,100,95,\r\n"
				   "1,24,US,m10,melee,4,fight-on,100,50,\r\n");
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_non_null(strstr(units, "\r\nMEX,tgt,0,,,,,,0,0,0,0,5,4.10,0.90\r\n"));	/* m10 rolled */
	assert_non_null(strstr(units, ",1,1.90,-0.90\r\n"));	/* gr */
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, ",1,1.15,-0.15\r\n"));	/* US: m10 */
	assert_non_null(strstr(sides, ",6,6.00,0.00\r\n"));	/* MEX: tgt and gr */
	/* the d20's faces: US 4, 9, 15; MEX 2, 6, 13, 18; the d4s graded only */
	assert_non_null(strstr(sides, "\r\nMEX,4,9.75,10.5,,,too few (4 of 100),0,0,2,0,6,6.00,0.00\r\n"));
	char *all = tu_sheet(sh, SHEET_TEXT, NULL);
	assert_null(strstr(all, "left out:"));	/* every roll's faces are known */
	assert_non_null(strstr(all, "2 rolls of a smaller die than the d20 are graded"));
	free(rolls);
	free(units);
	free(sides);
	free(all);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

/* Stephen Thomas's rules (tests/reports/known-thomas.battle, its chart
 * file tests/reports/thomas-test.charts), worked by hand from seed 003:
 *  14  ford, 2: 1-3 fordable (003:4), a lower face better: 30% (lucky)
 *      and 100%.
 *  15  interpenetration, 8 + 3 US Regular = 11, under 12: unformed
 *      (003:7); 9-10 pass: 100% and 80%.
 *  17  the officer, 1: removed (003:12): 100% and 10% (very unlucky).
 *  19  vols (base 8, 003:18) roll 8: 2 casualties (0 on 1-3, 1 on 4-6, 2
 *      on 7-9, 3 on 10): 40% and 90%, and mil expects 12 / 10 = 1.2; mil
 *      (base 6) roll 5: 1 (0 on 1-3, 1 on 4-9, 2 on 10): 70% and 90%, and
 *      vols expects 8 / 10 = 0.8.
 *  20  mil's morale: 6 - 2 unformed - 2 for 20% = 2, less 7 points
 *      (003:21): -5, rout; 9-10 fall back, none steady: 100% and 80%.
 *  21  vols' pursuit: no face better for it: left out.
 *  22  mil's colours, 3: kept; a 1 loses them (003:20): 90% and 100%.
 *  25  mex's close check in turn 2, 6 - 5 points = +1, steady: it closes
 *      (003:15); 5-10 close, 1-4 fall back or worse and hold: 60% and
 *      100%. */
static void test_thomas_rolls(void **state)
{
	(void)state;
	struct facts f;
	char *err = NULL;
	struct store *s = tu_facts("tests/reports/known-thomas.battle", &f);
	struct sheet *sh = luck_battle(s, &f, &defaults, &err);
	assert_non_null(sh);
	char *rolls = tu_sheet(sh, SHEET_CSV, "rolls");
	assert_string_equal(rolls, "turn,line,side,who,kind,die,result,at least %,at most %,luck\r\n"
				   "1,14,US,reg,ford,2,fordable,30,100,lucky\r\n"
				   "1,15,US,reg,interpenetrate,8,unformed,100,80,\r\n"
				   "1,17,MEX,mejia,officer,1,removed,100,10,very unlucky\r\n"
				   "1,19,US,vols,melee,8,,40,90,\r\n"
				   "1,19,MEX,mil,melee,5,,70,90,\r\n"
				   "1,20,MEX,mil,morale,6,rout,100,80,\r\n"
				   "1,22,MEX,mil,colours,3,kept,90,100,\r\n"
				   "2,25,MEX,mex,close,6,closes,60,100,\r\n");
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_non_null(strstr(units, "\r\nUS,vols,1,8.00,5.5,,,too few (1 of 50),0,0,0,0,1,0.80,0.20\r\n"));
	assert_non_null(strstr(units, "\r\nMEX,mil,3,4.67,5.5,,,too few (3 of 50),0,0,0,0,2,1.20,0.80\r\n"));
	char *all = tu_sheet(sh, SHEET_TEXT, NULL);
	assert_non_null(strstr(all, "1 roll is left out: the audit derives no odds for it"));
	assert_null(strstr(all, "stored before"));
	free(rolls);
	free(units);
	free(all);
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
		cmocka_unit_test(test_sar_rolls),
		cmocka_unit_test(test_thomas_rolls),
		cmocka_unit_test(test_shared_die),
		cmocka_unit_test(test_chi_square_run),
		cmocka_unit_test(test_thresholds),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
