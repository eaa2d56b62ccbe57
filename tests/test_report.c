/* test_report: the numbers of the casualty, effectiveness and audit
 * reports on battles whose totals are worked out by hand here, from the
 * seeds, event by event.
 *
 * tests/reports/known.battle, in the order played:
 *  line 15  fire 5inf:8@6 -> 2lt [9]: 8 musket stands at 6" are 8 points
 *           (002:154-156), 0 on the die (6-8 pts, 002:186); 9 against a
 *           Trained target is Telling Fire (002:196): disordered, 1 stand.
 *           2lt 10 -> 9, fresh (Spirited 10 stands: worn at 7, 000:688).
 *  line 16  fire 3inf:6@6 -> 4line [5]: 6 points, 0; 5 is Galling Fire
 *           (002:199): disordered, no stand (it was in good order).
 *  line 21  mc [1]: 2lt -2ooc +2fresh -2outflanked = -1: disordered MEX,
 *           0 or less is Panic (002:43): 1 stand and 1 more for the -1
 *           (option panic-loss=qrs).  2lt 9 -> 7: worn (7 <= 7), broken.
 *  line 25  charge 5inf -> 4line: 10 +1 veteran +2 fresh = 13 against
 *           2 +2 fresh -1 disordered +1 attached = 4 (002:207-221);
 *           +9 is Swept from the Field (002:238): the defender loses 2
 *           stands, none more (the difference is not over 9), broken.
 *           4line 7 -> 5: worn (Reliable 7 stands: 7/6/4, 000:681).
 *  line 26  fallen art [8]: Grievously wounded (002:227).
 *  line 27  stands 3inf -1: 6 -> 5, another cause; fresh (6/4/2, 000:680).
 *  line 28  remove 4line: out of the battle with its 5 stands.
 * So: US 14 stands, 1 lost (other), 13 left; MEX 17, 10 lost (fire 1,
 * charge 2, maneuver 2, removed 5), 7 left: 10/17 = 58.8%, 400 men at 40
 * a stand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../db/import.h"
#include "../reports/report.h"

static const struct facts_unit *unit(const struct facts *f, const char *ident)
{
	for (int i = 0; i < f->n_units; i++)
		if (strcmp(f->units[i].ident, ident) == 0)
			return &f->units[i];
	fail_msg("no unit %s", ident);
	return NULL;
}

/* The sheet written in format f (only the table only, when not NULL). */
static void test_known_losses_by_cause(void **state)
{
	(void)state;
	struct facts f;
	struct store *s = tu_facts("tests/reports/known.battle", &f);
	assert_int_equal(f.men_per_stand, 40);
	assert_int_equal(f.n_units, 4);
	static const struct {
		const char *unit;
		int start, fire, charge, maneuver, other, removed, left, removed_turn;
	} want[] = {
		{"5inf", 8, 0, 0, 0, 0, 0, 8, 0},
		{"3inf", 6, 0, 0, 0, 1, 0, 5, 0},
		{"2lt", 10, 1, 0, 2, 0, 0, 7, 0},
		{"4line", 7, 0, 2, 0, 0, 5, 0, 3},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct facts_unit *u = unit(&f, want[i].unit);
		assert_int_equal(u->start, want[i].start);
		assert_int_equal(u->lost[CAUSE_FIRE], want[i].fire);
		assert_int_equal(u->lost[CAUSE_CHARGE], want[i].charge);
		assert_int_equal(u->lost[CAUSE_MANEUVER], want[i].maneuver);
		assert_int_equal(u->lost[CAUSE_OTHER], want[i].other);
		assert_int_equal(u->lost[CAUSE_REMOVED], want[i].removed);
		assert_int_equal(facts_left(u), want[i].left);
		assert_int_equal(u->removed_turn, want[i].removed_turn);
	}
	assert_int_equal(unit(&f, "4line")->removed_line, 28);
	assert_int_equal(f.n_fallen, 1);
	assert_string_equal(f.fallen[0].ident, "art");
	assert_int_equal(f.fallen[0].turn, 3);
	assert_string_equal(f.fallen[0].what, "grievously-wounded");
	facts_release(&f);
	store_close(s);
}

static void test_known_casualty_tables(void **state)
{
	(void)state;
	struct facts f;
	struct store *s = tu_facts("tests/reports/known.battle", &f);
	struct sheet *sh = report_casualties(&f);
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_string_equal(sides, "side,units,start,fire,charge,maneuver,other,removed,lost,left,lost %,men lost\r\n"
				   "US,2,14,0,0,0,1,0,1,13,7.1,40\r\n"
				   "MEX,2,17,1,2,2,0,5,10,7,58.8,400\r\n");
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	/* the data formats: the id, then the name beside it */
	assert_non_null(strstr(units, "side,brigade,unit,name,start,"));
	assert_non_null(strstr(units, "MEX,Gen Arista,2lt,2nd Light Infantry,10,1,0,2,0,0,3,7,30.0,120,\r\n"));
	assert_non_null(strstr(units, "MEX,Gen Arista,4line,4th Line Infantry,7,0,2,0,0,5,7,0,100.0,280,turn 3 (line 28)\r\n"));
	assert_non_null(strstr(units, "US,Capt Lee,3inf,3rd Infantry,6,0,0,0,1,0,1,5,16.7,40,\r\n"));
	char *read = tu_sheet(sh, SHEET_TEXT, "units");	/* a reader: the names alone */
	assert_non_null(strstr(read, "side  brigade     unit                start"));
	assert_non_null(strstr(read, "\nMEX   Gen Arista  2nd Light Infantry     10"));
	assert_null(strstr(read, "2lt"));
	free(read);
	char *leaders = tu_sheet(sh, SHEET_CSV, "leaders");
	assert_string_equal(leaders, "turn,line,side,leader,name,result,at the end\r\n"
				     "3,26,MEX,art,Gen Arista,grievously-wounded,out of the battle\r\n");
	free(sides);
	free(units);
	free(leaders);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

static void test_known_effectiveness(void **state)
{
	(void)state;
	struct facts f;
	struct store *s = tu_facts("tests/reports/known.battle", &f);
	struct sheet *sh = report_effectiveness(&f);
	/* the state when each turn began: turn 2 after the two fires, turn 3
	 * after the Panic; then the end */
	char *states = tu_sheet(sh, SHEET_CSV, "states");
	assert_non_null(strstr(states, "MEX,2lt,2nd Light Infantry,1,13,10,fresh,good-order,0\r\n"
				       "MEX,2lt,2nd Light Infantry,2,18,9,fresh,disordered,0\r\n"
				       "MEX,2lt,2nd Light Infantry,3,23,7,worn,broken,0\r\n"
				       "MEX,2lt,2nd Light Infantry,end,,7,worn,broken,0\r\n"));
	assert_non_null(strstr(states, "MEX,4line,4th Line Infantry,2,18,7,fresh,disordered,0\r\n"));
	assert_non_null(strstr(states, "MEX,4line,4th Line Infantry,end,,5,worn,broken,1\r\n"));
	assert_non_null(strstr(states, "US,3inf,3rd Infantry,end,,5,fresh,good-order,0\r\n"));
	char *matrix = tu_sheet(sh, SHEET_TEXT, "by-turn");	/* a reader's: names */
	assert_non_null(strstr(matrix, "MEX   2nd Light Infantry  10 F  9 FD  7 WB  7 WB\n"));
	assert_non_null(strstr(matrix, "MEX   4th Line Infantry   7 F   7 FD  7 FD  removed\n"));
	char *checks = tu_sheet(sh, SHEET_CSV, "checks");
	assert_string_equal(checks, "side,unit,name,checks,panic\r\n"
				    "US,5inf,5th Infantry,0,0\r\nUS,3inf,3rd Infantry,0,0\r\n"
				    "MEX,2lt,2nd Light Infantry,1,1\r\nMEX,4line,4th Line Infantry,0,0\r\n");
	char *combat = tu_sheet(sh, SHEET_CSV, "combat");
	assert_string_equal(combat, "side,unit,name,fires,inflicted,per fire,fired at,lost to fire,charges won,"
				    "charges lost\r\n"
				    "US,5inf,5th Infantry,1,1,1.00,0,0,1,0\r\n"
				    "US,3inf,3rd Infantry,1,0,0.00,0,0,0,0\r\n"
				    "MEX,2lt,2nd Light Infantry,0,0,,1,1,0,0\r\n"
				    "MEX,4line,4th Line Infantry,0,0,,1,0,0,1\r\n");
	char *json = tu_sheet(sh, SHEET_JSON, "combat");	/* both keys, the reader's column not */
	assert_non_null(strstr(json, "{\"side\":\"US\",\"unit\":\"5inf\",\"name\":\"5th Infantry\",\"fires\":1,"));
	free(json);
	free(states);
	free(matrix);
	free(checks);
	free(combat);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

/* Palo Alto's charges, from the file: 7cav recoils from the dragoons (-5,
 * 002:243) and 8cav is repulsed by the 4th's square (-8, 002:244), both
 * losing 2 stands; the 5th's charge on the 8-pounder sweeps it (+10) and its
 * breakthrough drives Tampico back (+6); the artillery battalion's
 * Desperate Struggle (0) decides nothing until its reroll drives the
 * Zapadores back (+5, 002:239). */
static void test_palo_alto_charges(void **state)
{
	(void)state;
	struct facts f;
	struct store *s = tu_facts("examples/palo-alto.battle", &f);
	static const struct {
		const char *unit;
		int won, lost;
	} want[] = {
		{"5inf", 2, 0}, {"7cav", 0, 1}, {"8cav", 0, 1}, {"drag", 1, 0}, {"4inf", 1, 0},
		{"artbn", 1, 0}, {"zap", 0, 1}, {"8pdr", 0, 1}, {"tampico", 0, 1},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		assert_int_equal(unit(&f, want[i].unit)->charges_won, want[i].won);
		assert_int_equal(unit(&f, want[i].unit)->charges_lost, want[i].lost);
	}
	/* the causes add up to start less left, unit by unit */
	for (int i = 0; i < f.n_units; i++) {
		const struct facts_unit *u = &f.units[i];
		int lost = 0;
		for (int c = 0; c < CAUSE_N; c++)
			lost += u->lost[c];
		assert_int_equal(lost, u->start - facts_left(u));
	}
	/* 7cav and 8cav each lost 2 stands in their charges (loss=2 at lines 75-76) */
	assert_int_equal(unit(&f, "7cav")->lost[CAUSE_CHARGE], 2);
	assert_int_equal(unit(&f, "8cav")->lost[CAUSE_CHARGE], 2);
	/* the dragoons' stand rode off with dispatches: a state event (line 139) */
	assert_int_equal(unit(&f, "drag")->lost[CAUSE_OTHER], 1);
	facts_release(&f);
	store_close(s);
}

/* tests/e2e/016-audit-mistakes/game.battle (its CHECKED.md): a +2 claimed
 * for Veteran (+1, 002:30), a Rally with Elan overruled (rally at 11 for
 * MEX, 002:40), a Shaken that is Well Handled (4, 002:40). */
/* Santa Anna Rules! counts losses in its own terms (004:142): stragglers
 * may come back, casualties do not (tests/reports/known-sar-split.battle).
 * m10's volley on tgt is line 18 of
 * tests/reports/known-sar.battle (worked out in tests/test_luck.c): column
 * 13, d20 15, 5 losses; tgt is in line, so the odd ones are stragglers and
 * the even ones casualties (004:236): 3 and 2.  In the rally phase tgt, on
 * Hold, green, with no leader attached, neither fired nor meleed: its d4 of
 * 2 recovers 2 of its 3 stragglers (004:144).  So tgt began with 20, lost 5
 * to fire, 2 came back: 3 lost, 1 straggler, 2 casualties, 17 left (15%),
 * and only the casualties are men lost: 2 castings of 30 men. */
static void test_sar_stragglers_and_casualties(void **state)
{
	(void)state;
	struct facts f;
	struct store *s = tu_facts("tests/reports/known-sar-split.battle", &f);
	struct sheet *sh = report_casualties(&f);
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_non_null(strstr(units, "side,brigade,unit,name,start,fire,melee,move,other,removed,returned,lost,"
				      "stragglers,casualties,left,lost %,men lost,removed in\r\n"));
	assert_non_null(strstr(units, "\r\nMEX,Mejia,tgt,Target,20,5,0,0,0,0,2,3,1,2,17,15.0,60,\r\n"));
	assert_non_null(strstr(units, "\r\nUS,Wool,m10,Musket regulars,12,0,0,0,0,0,0,0,0,0,12,0.0,0,\r\n"));
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_non_null(strstr(sides, "\r\nMEX,1,20,5,0,0,0,0,2,3,1,2,17,15.0,60\r\n"));
	char *all = tu_sheet(sh, SHEET_TEXT, NULL);
	assert_non_null(strstr(all, "scale: 30 men a casting\n"));	/* a casting, not "a effective" */
	assert_non_null(strstr(all, "the stragglers may come back and the casualties do not"));
	free(units);
	free(sides);
	free(all);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

/* A leader out of play at the end, neither killed nor removed (leader-out,
 * and no leader-back), ends the battle "out of play". */
static void test_leader_out_at_the_end(void **state)
{
	(void)state;
	FILE *out = fopen("build/leader-out.battle", "w");
	fprintf(out, "%sphase maneuver\nleader-out lee \"thrown from his horse\"\n", tu_prelude);
	fclose(out);
	struct facts f;
	struct store *s = tu_facts("build/leader-out.battle", &f);
	assert_int_equal(f.n_fallen, 1);
	assert_false(f.fallen[0].in_play);
	assert_false(f.fallen[0].killed || f.fallen[0].removed);
	struct sheet *sh = report_casualties(&f);
	char *leaders = tu_sheet(sh, SHEET_CSV, "leaders");
	assert_non_null(strstr(leaders, ",lee,Capt Lee,leader-out,out of play\r\n"));
	free(leaders);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
	/* back in play before the end: "in play" */
	out = fopen("build/leader-back.battle", "w");
	fprintf(out, "%sphase maneuver\nleader-out lee \"thrown from his horse\"\nleader-back lee\n", tu_prelude);
	fclose(out);
	s = tu_facts("build/leader-back.battle", &f);
	assert_int_equal(f.n_fallen, 1);
	assert_true(f.fallen[0].in_play);
	facts_release(&f);
	store_close(s);
}

static void test_audit_by_rule(void **state)
{
	(void)state;
	struct facts f;
	char *err = NULL;
	struct store *s = tu_facts("tests/e2e/016-audit-mistakes/game.battle", &f);
	struct sheet *sh = report_audit(s, &f, NULL, &err);
	assert_non_null(sh);
	char *rules = tu_sheet(sh, SHEET_CSV, "rules");
	assert_string_equal(rules, "rule,errors,warnings,overruled\r\n"
				   "\"QRS, Maneuver Table, Effects: MEX: 4 - 10 well-handled (002:40)\",1,0,0\r\n"
				   "\"QRS, Maneuver Table, Effects: MEX: 6 or more rally (002:40)\",1,0,1\r\n"
				   "\"QRS, Maneuver Table, Die Roll Modifiers: +1 Veteran (002:30)\",0,1,0\r\n");
	char *findings = tu_sheet(sh, SHEET_CSV, "findings");
	assert_non_null(strstr(findings, ",11,28,warning,modifier-value,,\"'+2vet claimed, but Veteran is +1\"\r\n"));
	assert_non_null(strstr(findings, ",17,36,error,wrong-lookup,overruled,"));
	free(rules);
	free(findings);
	sheet_free(sh);
	facts_release(&f);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_losses_by_cause), cmocka_unit_test(test_known_casualty_tables),
		cmocka_unit_test(test_known_effectiveness),   cmocka_unit_test(test_palo_alto_charges),
		cmocka_unit_test(test_audit_by_rule),          cmocka_unit_test(test_sar_stragglers_and_casualties),
		cmocka_unit_test(test_leader_out_at_the_end),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
