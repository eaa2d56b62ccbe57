/* test_thomas: Stephen Thomas's rules against values worked out by hand
 * from the rules' text (seed 003), each with the line it comes from,
 * independently of the code; the chart-file values come from
 * tests/thomas/test.charts, a made-up file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/thomas.h"
#include "../audit/thomas_tables.h"
#include "../grammar/buf.h"

static const char prelude[] =
	"battle \"Thomas test\" id=thomas-test rules=thomas\n"
	"charts \"tests/thomas/test.charts\"\n"
	"side US nation=us \"United States\"\n"
	"  leader worth \"Worth\" brigade\n"
	"  unit reg \"Regulars\" inf us-regular stands=10 cmd=worth\n"
	"  unit reg2 \"More regulars\" inf us-regular stands=8 cmd=worth\n"
	"  unit vols \"Volunteers\" inf us-volunteer stands=10 cmd=worth III\n"
	"  unit sq \"Square\" inf us-volunteer stands=10 cmd=worth square\n"
	"  unit usbty \"US guns\" art us-regular stands=6 cmd=worth III\n"
	"side MEX nation=mexico \"Mexico\"\n"
	"  leader mejia \"Mejia\" brigade\n"
	"  unit mex \"Regulars\" inf mex-regular stands=10 cmd=mejia\n"
	"  unit bty \"Guns\" art mex-regular stands=6 cmd=mejia IV\n"
	"turn 1\n";

struct run {
	struct battle *b;
	struct diags d;
	struct findings f;
	struct records r;
	int first;		/* the file line of the body's line 1 */
};

static void run(struct run *x, const char *body, const char *option)
{
	struct buf t;
	buf_init(&t, 0);
	buf_puts(&t, prelude);
	x->first = 1;
	for (const char *c = t.text; *c; c++)
		x->first += *c == '\n';
	buf_puts(&t, body);
	x->b = tu_parse(t.text, &x->d);
	buf_release(&t);
	assert_non_null(x->b);
	if (x->d.n_errors)
		fail_msg("the test battle does not parse: %s", tu_diag_list(&x->d));
	findings_init(&x->f);
	records_init(&x->r);
	const char *opts[1] = {option};
	struct audit_opts o = {.records = &x->r, .options = opts, .n_options = option ? 1 : 0};
	assert_int_equal(audit_battle(x->b, &o, &x->f), 0);
}

static void done(struct run *x)
{
	records_release(&x->r);
	findings_release(&x->f);
	battle_free(x->b);
	diags_release(&x->d);
}

static const struct rec_part *part(const struct run *x, int n, const char *role)
{
	for (int i = 0; i < x->r.n; i++)
		if (x->b->stmts[x->r.v[i].stmt].at.line == x->first + n - 1) {
			const struct rec_part *p = record_find_part(&x->r.v[i], role);
			if (p)
				return p;
		}
	fail_msg("no %s part on body line %d", role, n);
	return NULL;
}

static int findings_on(const struct run *x, int n, enum finding_code code)
{
	int k = 0;
	for (int i = 0; i < x->f.n; i++)
		k += x->f.v[i].code == code && x->f.v[i].at.line == x->first + n - 1;
	return k;
}

/* The rolls the text decides by the die alone. */
static void test_fixed_rolls(void **state)
{
	(void)state;
	static const struct {
		enum thomas_roll roll;
		int value, effect;	/* 0: the text has no row */
	} want[] = {
		{TR_STREAM, 4, TD_DEEP},	  {TR_STREAM, 5, TD_SHALLOW},	/* 003:4 "1 to 4 is a deep stream" */
		{TR_FORD, 3, TFO_FORDABLE},	  {TR_FORD, 4, TFO_UNFORDABLE},	/* 003:4 "A 1, 2, 3" */
		{TR_OFFICER, 1, TO_REMOVED},	  {TR_OFFICER, 2, TO_UNHURT},	/* 003:12 "a 1" */
		{TR_BLAZE, 7, TB_FAILS},	  {TR_BLAZE, 8, TB_BURNS},	/* 003:9 "8, 9, 0" */
		{TR_BLAZE, 10, TB_BURNS},	  {TR_COLOURS, 1, TCO_LOST},	/* 003:20 "a 1" */
		{TR_COLOURS, 2, TCO_KEPT},	  {TR_DAMAGE, 6, TDA_ONE_CREW},	/* 003:10 "1-6" */
		{TR_DAMAGE, 7, TDA_TWO_CREW},	  {TR_DAMAGE, 9, TDA_TWO_CREW},	/* "7-9" */
		{TR_DAMAGE, 10, 0},		  {TR_DAMAGE_REROLL, 5, 0},	/* 10 re-rolls; 1-5 lost */
		{TR_DAMAGE_REROLL, 6, TDA_DESTROYED}, {TR_PURSUIT, 2, TPU_HOLD},	/* 003:11, 20 */
		{TR_PURSUIT, -3, TPU_HOLD},	  {TR_PURSUIT, 3, TPU_ADVANCE}, {TR_PURSUIT, 4, 0},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct thomas_roll_row *r = thomas_roll_of(want[i].roll, want[i].value);
		if ((r ? r->effect : 0) != want[i].effect)
			fail_msg("roll %d of %d: %d, want %d", (int)want[i].roll, want[i].value, r ? r->effect : 0,
				 want[i].effect);
	}
	assert_int_equal(THOMAS_PASS_SCORE, 12);	/* 003:7 */
}

/* Troop type base numbers (003:18), morale points (003:21), fire classes (003:13). */
static void test_troop_tables(void **state)
{
	(void)state;
	const char *c;
	assert_int_equal(thomas_melee_base(TT_US_VOLUNTEER, TN_US, TA_INF, false, &c), 8);
	assert_int_equal(thomas_melee_base(TT_US_REGULAR, TN_US, TA_ART, false, &c), 8);
	assert_int_equal(thomas_melee_base(TT_US_REGULAR, TN_US, TA_CAV, false, &c), 7);	/* dismounted */
	assert_int_equal(thomas_melee_base(TT_US_VOLUNTEER, TN_US, TA_CAV, true, &c), 7);
	assert_int_equal(thomas_melee_base(TT_MEX_REGULAR, TN_MEXICO, TA_INF, false, &c), 7);
	assert_int_equal(thomas_melee_base(TT_MEX_REGULAR, TN_MEXICO, TA_CAV, true, &c), 7);
	assert_int_equal(thomas_melee_base(TT_MEX_REGULAR, TN_MEXICO, TA_CAV, false, &c), 6);
	assert_int_equal(thomas_melee_base(TT_MEX_MILITIA, TN_MEXICO, TA_CAV, true, &c), 6);
	/* the rest of 003:18's rows: "Mexican Regular infantry/artillery/mounted
	 * cavalry 7", "Mexican militia infantry/artillery/cavalry 6", "US
	 * Dismounted cavalry" 7 for volunteers too */
	assert_int_equal(thomas_melee_base(TT_MEX_REGULAR, TN_MEXICO, TA_ART, false, &c), 7);
	assert_int_equal(thomas_melee_base(TT_MEX_MILITIA, TN_MEXICO, TA_INF, false, &c), 6);
	assert_int_equal(thomas_melee_base(TT_MEX_MILITIA, TN_MEXICO, TA_ART, false, &c), 6);
	assert_int_equal(thomas_melee_base(TT_MEX_MILITIA, TN_MEXICO, TA_CAV, false, &c), 6);
	assert_int_equal(thomas_melee_base(TT_US_VOLUNTEER, TN_US, TA_CAV, false, &c), 7);
	assert_int_equal(thomas_melee_base(TT_US_REGULAR, TN_US, TA_CAV, true, &c), 0);	/* only volunteers listed mounted */
	assert_int_equal(thomas_melee_base(TT_US_REGULAR, TN_US, TA_INF, false, &c), 0);	/* not listed */
	assert_null(c);
	assert_int_equal(thomas_morale_points(TT_US_VOLUNTEER, &c), 4);
	assert_int_equal(thomas_morale_points(TT_US_MILITIA, &c), 5);
	assert_int_equal(thomas_morale_points(TT_MEX_REGULAR, &c), 5);
	assert_int_equal(thomas_morale_points(TT_MEX_MILITIA, &c), 7);
	assert_int_equal(thomas_morale_points(TT_US_REGULAR, &c), 0);
	assert_int_equal(thomas_fire_class(TT_US_SHARPSHOOTER, TN_US, TA_INF, &c), 1);
	assert_int_equal(thomas_fire_class(TT_US_FRONTIER, TN_US, TA_INF, &c), 2);
	assert_int_equal(thomas_fire_class(TT_US_REGULAR, TN_US, TA_INF, &c), 3);
	assert_int_equal(thomas_fire_class(TT_MEX_ELITE, TN_MEXICO, TA_INF, &c), 3);
	assert_int_equal(thomas_fire_class(TT_US_VOLUNTEER, TN_US, TA_CAV, &c), 3);	/* US cavalry */
	assert_int_equal(thomas_fire_class(TT_MEX_REGULAR, TN_MEXICO, TA_CAV, &c), 4);
	assert_int_equal(thomas_fire_class(TT_MEX_MILITIA, TN_MEXICO, TA_INF, &c), 4);
	assert_int_equal(thomas_fire_class(TT_US_VOLUNTEER, TN_US, TA_INF, &c), 0);	/* in no class */
}

/* Interpenetration (003:7): d10 + 3 for a US Regular must reach 12. */
static void test_interpenetration(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\n"
		"interpenetrate [9]: reg +3regular =12 passes\n"
		"interpenetrate [8]: reg2 =11 unformed\n"
		"interpenetrate [9]: vols =9 passes\n", NULL);
	assert_int_equal(part(&x, 2, "unit")->total, 12);
	assert_int_equal(findings_on(&x, 2, FINDING_EFFECT) + findings_on(&x, 2, FINDING_MOD_MISSING), 0);
	assert_int_equal(part(&x, 3, "unit")->total, 11);
	assert_int_equal(findings_on(&x, 3, FINDING_EFFECT), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_EFFECT), 1);	/* 9 < 12: unformed */
	done(&x);
}

/* Fire (003:13): a die a figure, a hit at or under the base (the test
 * chart's 7-12" class III: 3); losses come off after the return fire (003:4). */
static void test_fire(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase fire\n"
		"fire reg@10 -> mex [1,2,3,4,5,6,7,8,9,10] hits=4\n"
		"fire mex@10 -> reg [1,2,3,4,5,6,7,8,9,10] hits=2\n"
		"fire reg@10 -> mex [1,2,3,4,5,6,7,8,9,10]\n"
		"fire bty@20 -> usbty [1,2] +2suspicion hits=2\n"
		"fire vols:3@5 -> mex(hidden) [2,3,4] hits=0\n", NULL);
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 1);	/* 1, 2, 3: 3 hits, not 4 */
	assert_int_equal(part(&x, 2, "target")->loss, 4);		/* the claim, as played */
	/* mex keeps its 10 dice though it lost 4 in this phase; class IV base 2: 1, 2 */
	assert_int_equal(findings_on(&x, 3, FINDING_STATE), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);	/* a unit fires once (003:6) */
	assert_int_equal(findings_on(&x, 5, FINDING_MOD_EXTRA), 1);	/* counter-battery: no modifiers (003:11) */
	/* suspicion +2 on each die at 5" (base 4, class III): 2+2 = 4 hits, 3+2 and 4+2 miss */
	assert_int_equal(findings_on(&x, 6, FINDING_MOD_MISSING), 0);
	assert_int_equal(findings_on(&x, 6, FINDING_LOSSES), 1);
	done(&x);
}

/* A battery that lost crew fires at the next lower ability table for the
 * rest of the battle (003:12 "The battery then fires at the next lower
 * ability table"): usbty, class III, at 20" hits on 4 or less (the test
 * chart's artillery 0-24 III: 4), so 1-4 of five dice; after losing a crew
 * figure to counter-battery damage (003:10 "1-6 : 1 crew figure"), class
 * IV's 2 or less: 1 and 2. */
static void test_battery_crew_lost(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase fire\n"
		"fire usbty@20 -> mex [1,2,3,4,5] hits=4\n"
		"fire bty@20 -> usbty [1] hits=1\n"
		"damage [3]: usbty one-crew\n"
		"turn 2\n"
		"phase fire\n"
		"fire usbty@20 -> mex [1,2,3,4,5] hits=2\n", NULL);
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 0);
	assert_int_equal(part(&x, 4, "unit")->loss, 1);
	assert_int_equal(findings_on(&x, 7, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 7, FINDING_STATE), 0);
	done(&x);
}

/* Morale (003:21-23): -2 unformed, -1 per 10% lost; the test chart's rows. */
static void test_morale(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase fire\n"
		"stands vols -3 \"earlier losses\"\n"
		"unformed vols\n"
		"phase morale\n"
		"morale [6]: vols -2unformed -3casualties =1 fall-back\n"
		"morale [9]: mex =9 steady\n", NULL);
	/* 6 - 2 - 3 = 1, less 4 points (US Volunteers): -3, rout on the test chart */
	assert_int_equal(part(&x, 5, "unit")->total, 1);
	assert_int_equal(findings_on(&x, 5, FINDING_MOD_VALUE) + findings_on(&x, 5, FINDING_MOD_MISSING), 0);
	assert_int_equal(findings_on(&x, 5, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_LOOKUP), 0);	/* 9 - 5 = +4: steady */
	done(&x);
}

/* Infantry in square charged by cavalry (003:16, 23): +4 alone, or +6. */
static void test_square_stand(void **state)
{
	(void)state;
	struct run x;
	const char *body = "phase charges\nstand [3]: sq(cavalry)\n";
	run(&x, body, NULL);
	assert_int_equal(part(&x, 2, "unit")->total, 7);
	done(&x);
	run(&x, body, "square-stand=add");
	assert_int_equal(part(&x, 2, "unit")->total, 9);
	done(&x);
}

/* Converged units (003:28): at most the larger start and 25%. */
static void test_converge(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\n"
		"stands reg -3 \"losses\"\n"
		"stands reg2 -4 \"losses\"\n"
		"converge reg reg2\n", NULL);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 0);	/* 7 + 4 = 11 <= 12 */
	done(&x);
	run(&x, "phase moves\n"
		"stands reg -1 \"losses\"\n"
		"stands reg2 -1 \"losses\"\n"
		"converge reg reg2\n", NULL);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);	/* 9 + 7 = 16 > 12 */
	done(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_rolls),	 cmocka_unit_test(test_troop_tables),
		cmocka_unit_test(test_interpenetration), cmocka_unit_test(test_fire),
		cmocka_unit_test(test_morale),		 cmocka_unit_test(test_square_stand),
		cmocka_unit_test(test_converge),	 cmocka_unit_test(test_battery_crew_lost),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
