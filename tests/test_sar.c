/* test_sar: Santa Anna Rules! against values worked out by hand from the
 * rules' text (seed 004), each with the line it comes from, independently
 * of the code (the worksheet's readings are documented in docs/rules.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/sar/sar.h"
#include "../audit/sar/sar_tables.h"
#include "../grammar/buf.h"
#include "../grammar/fmt.h"

/* Two sides of every arm and experience; its lines are numbered from 1 by
 * the body's own count (body_line). */
static const char prelude[] =
	"battle \"SAR test\" id=sar-test rules=sar\n"
	"side US nation=us \"United States\"\n"
	"  leader taylor \"Taylor\" lr2\n"
	"  leader wool \"Wool\" lr2 under=taylor\n"
	"  leader lane \"Lane\" lr0 under=taylor\n"
	"  unit m10 \"Musket regulars\" inf regular musket stands=12 cmd=wool\n"
	"  unit r13 \"Rifles\" inf regular rifle stands=13 cmd=wool\n"
	"  unit r13b \"More rifles\" inf regular rifle stands=13 cmd=wool\n"
	"  unit cav8 \"Mounted pistols\" cav regular pistol stands=8 cmd=lane\n"
	"  unit dcav8 \"Dismounted pistols\" cav regular pistol stands=8 cmd=lane dismounted\n"
	"  unit g6 \"Six-pounders\" art veteran 6lb stands=8 cmd=taylor\n"
	"  unit g12 \"Twelve-pounders\" art veteran 12lb stands=8 cmd=taylor\n"
	"  unit g24 \"Twenty-four-pounders\" art veteran 24lb stands=8 cmd=taylor\n"
	"  unit i14 \"Fourteen\" inf veteran musket stands=14 cmd=lane\n"
	"  unit far \"Far regiment\" inf green musket stands=10 cmd=lane\n"
	"side MEX nation=mexico \"Mexico\"\n"
	"  leader santa \"Santa Anna\" lr1\n"
	"  leader pacheco \"Pacheco\" lr1 under=santa\n"
	"  leader mejia \"Mejia\" lr1 under=pacheco\n"
	"  unit tgt \"Target\" inf green musket stands=20 cmd=mejia\n"
	"  unit sk \"Skirmishers\" inf green musket stands=6 cmd=mejia skirmish\n"
	"  unit mart \"Mexican guns\" art green 8lb stands=6 cmd=pacheco\n"
	"  unit col \"Column\" inf untrained musket stands=14 cmd=mejia column\n"
	"  unit gr \"Green\" inf green musket stands=10 cmd=mejia\n"
	"  unit un \"Untrained\" inf untrained musket stands=10 cmd=pacheco\n"
	"turn 1\n";

struct run {
	struct battle *b;
	struct diags d;
	struct findings f;
	struct records r;
	int first_line;		/* the line of the body's first line */
};

/* The battle of the prelude, with `charts "CHARTS"` before its turn when
 * charts is not NULL, then body. */
static void run_charts(struct run *x, const char *body, const char *option, const char *charts)
{
	struct buf t;
	buf_init(&t, 0);
	buf_add(&t, prelude, sizeof prelude - 1 - strlen("turn 1\n"));
	if (charts)
		buf_printf(&t, "charts \"%s\"\n", charts);
	buf_puts(&t, "turn 1\n");
	x->first_line = 1;
	for (const char *c = t.text; *c; c++)
		x->first_line += *c == '\n';
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

static void run_with(struct run *x, const char *body, const char *option)
{
	run_charts(x, body, option, NULL);
}

static void run(struct run *x, const char *body)
{
	run_with(x, body, NULL);
}

static void done(struct run *x)
{
	records_release(&x->r);
	findings_release(&x->f);
	battle_free(x->b);
	diags_release(&x->d);
}

/* The record of the statement on the body's line n (from 1). */
static const struct record *rec(const struct run *x, int n)
{
	for (int i = 0; i < x->r.n; i++)
		if (x->b->stmts[x->r.v[i].stmt].line == x->first_line + n - 1)
			return &x->r.v[i];
	fail_msg("no record on body line %d", n);
	return NULL;
}

/* Does a step of line n's record cite source? */
static bool step_source(const struct run *x, int n, const char *source)
{
	const struct record *r = rec(x, n);
	for (int i = 0; i < r->n_steps; i++)
		if (strstr(r->steps[i].source, source))
			return true;
	return false;
}

/* Whether a step of the record on body line n says text. */
static bool step_says(const struct run *x, int n, const char *text)
{
	const struct record *r = rec(x, n);
	for (int i = 0; i < r->n_steps; i++)
		if (strstr(r->steps[i].text, text))
			return true;
	return false;
}

static const struct rec_part *part(const struct run *x, int n, const char *role)
{
	const struct rec_part *p = record_find_part((struct record *)rec(x, n), (enum part_role)part_role_of(role));
	if (!p)
		fail_msg("no %s part on body line %d", role, n);
	return p;
}

/* A field of unit id after the event on body line n. */
static int field(const struct run *x, int n, const char *id, const char *name)
{
	const struct rec_state *s = record_find_state(rec(x, n), 'U', id);
	if (!s)
		fail_msg("no state of %s on body line %d", id, n);
	const struct field *f = fields_get(&s->fields, name);
	if (!f)
		fail_msg("no field %s of %s", name, id);
	return f->type == FIELD_TEXT ? (f->text && strcmp(f->text, "broken") == 0) : f->num;
}

/* How many findings of code on body line n. */
static int findings_on(const struct run *x, int n, enum finding_code code)
{
	int k = 0;
	for (int i = 0; i < x->f.n; i++)
		k += x->f.v[i].code == code && x->f.v[i].at.line == x->first_line + n - 1;
	return k;
}

static int errors(const struct run *x)
{
	int k = 0;
	for (int i = 0; i < x->f.n; i++)
		k += x->f.v[i].severity == DIAG_ERROR;
	return k;
}

/* Loss allocation, 004:236-238 (worksheet B1-B7). */
static void test_allocation(void **state)
{
	(void)state;
	static const struct {
		int n;
		bool dense;
		int mult, cap, stragglers, casualties;
	} cases[] = {
		{5, false, 1, -1, 3, 2},	/* B1: odd stragglers, even casualties */
		{5, true, 1, -1, 1, 4},		/* B2: a column: after the first, casualties */
		{3, true, 3, -1, 3, 2},		/* B3: the text's example, a column from the rear */
		{3, false, 2, -1, 4, 1},	/* B4: the flank doubles stragglers */
		{3, false, 1, 1, 1, 1},		/* B5: a US battery, the second straggler ignored */
		{1, false, 1, 0, 0, 0},		/* B5: its cap spent this turn */
		{3, false, 1, -1, 2, 1},	/* B5: a Mexican battery */
		{4, false, 1, -1, 2, 2},	/* B6: melee ignores the column */
		{4, true, 2, -1, 2, 3},		/* B7: column from the flank */
		{0, false, 1, -1, 0, 0},
		{0, true, 1, -1, 0, 0},		/* no loss: no straggler, dense or not */
		{0, true, 3, -1, 0, 0},
		{1, true, 1, -1, 1, 0},		/* one loss in a column: the first is a straggler */
	};
	/* the factors' names, first and out of range */
	assert_string_equal(sar_factor_name(SF_VOLLEY), "initial volley");
	assert_string_equal(sar_factor_name(SF_TERRAIN), "terrain");
	assert_string_equal(sar_factor_name(SF_N), "?");
	assert_string_equal(sar_factor_name(-1), "?");
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sar_split s = sar_allocate(cases[i].n, cases[i].dense, cases[i].mult, cases[i].cap);
		if (s.stragglers != cases[i].stragglers || s.casualties != cases[i].casualties)
			fail_msg("case %zu: %d losses gave %d/%d, expected %d/%d", i, cases[i].n, s.stragglers,
				 s.casualties, cases[i].stragglers, cases[i].casualties);
	}
}

/* Weapon Ranges, 004:210-220: an upper bound is in its band. */
static void test_weapon_ranges(void **state)
{
	(void)state;
	static const struct {
		int weapon, inches;
		enum sar_band band;
	} cases[] = {
		{SW_MUSKET, 3, SB_SHORT}, {SW_MUSKET, 4, SB_SHORT}, {SW_MUSKET, 5, SB_MEDIUM},
		{SW_MUSKET, 8, SB_MEDIUM}, {SW_MUSKET, 9, SB_LONG}, {SW_MUSKET, 14, SB_LONG},
		{SW_MUSKET, 15, SB_BEYOND}, {SW_RIFLE, 0, SB_MEDIUM}, {SW_RIFLE, 12, SB_MEDIUM},
		{SW_RIFLE, 13, SB_LONG}, {SW_RIFLE, 19, SB_LONG}, {SW_PISTOL, 1, SB_MEDIUM},
		{SW_PISTOL, 2, SB_LONG}, {SW_AD_HOC, 2, SB_SHORT}, {SW_AD_HOC, 7, SB_LONG},
		{SW_RIFLED_MUSKET, 6, SB_SHORT}, {SW_RIFLED_MUSKET, 24, SB_LONG},
		{SAR_GUN + 3, 16, SB_LONG}, {SAR_GUN + 6, 5, SB_SHORT}, {SAR_GUN + 6, 11, SB_MEDIUM},
		{SAR_GUN + 6, 15, SB_LONG}, {SAR_GUN + 12, 7, SB_SHORT}, {SAR_GUN + 12, 20, SB_LONG},
		{SAR_GUN + 24, 8, SB_SHORT}, {SAR_GUN + 24, 32, SB_LONG}, {SAR_GUN + 24, 33, SB_BEYOND},
		/* every band edge of the artillery (004:217-220 "0-4 4.1-8 8.1-16" and so on) */
		{SAR_GUN + 3, 4, SB_SHORT},	{SAR_GUN + 3, 5, SB_MEDIUM},	{SAR_GUN + 3, 8, SB_MEDIUM},
		{SAR_GUN + 3, 9, SB_LONG},	{SAR_GUN + 3, 17, SB_BEYOND},	{SAR_GUN + 6, 6, SB_MEDIUM},
		{SAR_GUN + 6, 12, SB_LONG},	{SAR_GUN + 6, 22, SB_LONG},	{SAR_GUN + 6, 23, SB_BEYOND},
		{SAR_GUN + 12, 8, SB_MEDIUM},	{SAR_GUN + 12, 13, SB_MEDIUM},	{SAR_GUN + 12, 14, SB_LONG},
		{SAR_GUN + 12, 26, SB_LONG},	{SAR_GUN + 12, 27, SB_BEYOND},	{SAR_GUN + 24, 9, SB_MEDIUM},
		{SAR_GUN + 24, 16, SB_MEDIUM},	{SAR_GUN + 24, 17, SB_LONG},	{SW_RIFLED_MUSKET, 7, SB_MEDIUM},
		{SW_RIFLED_MUSKET, 15, SB_MEDIUM}, {SW_RIFLED_MUSKET, 16, SB_LONG}, {SW_RIFLED_MUSKET, 25, SB_BEYOND},
		{SW_RIFLE, 20, SB_BEYOND},	{SW_PISTOL, 3, SB_BEYOND},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct sar_range *r = sar_range_of(cases[i].weapon);
		assert_non_null(r);
		if (sar_band_at(r, cases[i].inches) != cases[i].band)
			fail_msg("case %zu: %d\" is %s, expected %s", i, cases[i].inches,
				 sar_band_name(sar_band_at(r, cases[i].inches)), sar_band_name(cases[i].band));
	}
	/* the table has no 4, 8 or 16 lb gun, and no carbine (worksheet A6) */
	assert_null(sar_range_of(SAR_GUN + 4));
	assert_null(sar_range_of(SAR_GUN + 8));
	assert_null(sar_range_of(SAR_GUN + 16));
	assert_null(sar_range_of(SW_CARBINE));
}

/* Leader Casualty Table, 004:374-377. */
static void test_leader_casualty_table(void **state)
{
	(void)state;
	static const int want[21] = {
		0, SW_MINOR, SW_MINOR, SW_MINOR, SW_MINOR, SW_SERIOUS, SW_SERIOUS, SW_SERIOUS, SW_SERIOUS,
		SW_GRAVE, SW_GRAVE, SW_GRAVE, SW_GRAVE, SW_INCAPACITATED, SW_INCAPACITATED, SW_INCAPACITATED,
		SW_INCAPACITATED, SW_DEAD, SW_DEAD, SW_DEAD, SW_DEAD,
	};
	for (int d = 1; d <= 20; d++)
		assert_int_equal(sar_wound_of(d)->effect, want[d]);
	assert_null(sar_wound_of(0));
	assert_null(sar_wound_of(21));
	assert_int_equal(sar_wound_of(13)->stragglers, 1);
}

/* Starting and final columns (worksheet A1-A9). */
static const char fire_body[] =
	"phase first-fire\n"
	"fire m10:10@3 -> tgt [5]\n"		/* 2  A1: 2 x 10 = 20 -> 16, +2 volley -> 16 */
	"fire m10:10@6 -> tgt [5]\n"		/* 3  A2: 10 */
	"fire m10:12@10 -> tgt [1]\n"		/* 4  A3: 12 / 4 = 3; a 1: low on ammunition */
	"fire m10:10@3 -> tgt [5]\n"		/* 5  A7: 2 x 10 x 1/2 = 10 */
	"fire r13:13@10 -> tgt [5]\n"		/* 6  A4: 13 +2 = 15 */
	"fire r13b:13@13 -> tgt [5]\n"		/* 7  A4: 13 / 4 = 3, +2 = 5 */
	"fire cav8:8@1 -> tgt [5]\n"		/* 8  A5: 8 x 1/4 = 2, +2 = 4 */
	"fire dcav8:8@1 -> tgt [5]\n"		/* 9  A5: 8 +2 = 10 */
	"fire g6:1@4 -> tgt [5]\n"		/* 10 A6: 3 x 6 = 18 -> 16 */
	"fire g6:1@8 -> tgt [5]\n"		/* 11 A6: 6 */
	"fire g6:1@15 -> tgt [5]\n"		/* 12 A6: 6 / 3 = 2 */
	"fire g12:1@20 -> tgt [5]\n"		/* 13 A6: 12 / 3 = 4 */
	"fire g24:1@7 -> tgt [5]\n"		/* 14 A6: 72 -> 16 */
	"fire r13:13@13 -> sk [5]\n"		/* 15 A8: 3 -4 -> 0 */
	"fire i14:10@3 -> mart [5]\n";		/* 16 A9: 20 -> 16, +2 -4 = 14 */

static void test_fire_columns(void **state)
{
	(void)state;
	static const int want[][2] = {
		{2, 16}, {3, 10}, {4, 3}, {5, 10}, {6, 15}, {7, 5}, {8, 4}, {9, 10}, {10, 16}, {11, 6},
		{12, 2}, {13, 4}, {14, 16}, {15, 0}, {16, 14},
	};
	struct run x;
	run(&x, fire_body);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct rec_part *p = part(&x, want[i][0], "firer");
		if (!p->has_total || p->total != want[i][1])
			fail_msg("body line %d: column %d, expected %d", want[i][0], p->total, want[i][1]);
	}
	/* an initial volley once, not for guns */
	assert_int_equal(part(&x, 2, "firer")->n_mods, 1);
	assert_string_equal(part(&x, 2, "firer")->mods[0].code, "volley");
	assert_int_equal(part(&x, 3, "firer")->n_mods, 0);
	assert_int_equal(part(&x, 10, "firer")->n_mods, 0);
	done(&x);

	/* A9 read the other way: only the final column kept in 0-16 (18 -> 16) */
	run_with(&x, fire_body, "column-clamp=end");
	assert_int_equal(part(&x, 16, "firer")->total, 16);
	assert_int_equal(part(&x, 7, "firer")->total, 5);
	done(&x);
	/* A4 with fractions to the nearest: 13 / 4 = 3.25 -> 3 still; 8 lb... 10 / 4 = 2.5 -> 3 */
	run_with(&x, "phase first-fire\nfire m10:10@10 -> tgt [5]\n", "fractions=nearest");
	assert_int_equal(part(&x, 2, "firer")->total, 5);	/* 3 +2 */
	done(&x);
	run(&x, "phase first-fire\nfire m10:10@10 -> tgt [5]\n");
	assert_int_equal(part(&x, 2, "firer")->total, 4);	/* 10 / 4 = 2 +2 */
	done(&x);
}

/* Claims weighed: a missing volley, a wrong column, a wrong split. */
static void test_fire_claims(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\n"
		"fire m10:10@6 -> tgt [5] =10 loss=3 stragglers=2 casualties=1\n"	/* 2: 10 +2 volley = 12 */
		"fire m10:10@6 -> tgt [5] =11 loss=3 stragglers=1 casualties=2\n"	/* 3: 10, and 2/1 */
		"fire r13:13@10 -> tgt [5] +2cover =15\n"				/* 4: +2volley missing */
		"fire m10:10@6 -> col [5] =10 loss=3 stragglers=1 casualties=2\n"	/* 5: a column: 1/2 */
		"fire m10:10@6 -> col(rear) [5] =10 loss=3 stragglers=3 casualties=2\n");	/* 6: 3/2 */
	assert_int_equal(findings_on(&x, 2, FINDING_MOD_MISSING), 0);	/* no list claimed */
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_LOSSES), 2);
	assert_int_equal(findings_on(&x, 4, FINDING_MOD_MISSING), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_TRUSTED), 3);	/* +2cover a chart's; regular's shift; no losses */
	assert_int_equal(findings_on(&x, 4, FINDING_TOTAL), 1);	/* 13 +2 +2 = 17 -> 16 */
	assert_int_equal(part(&x, 4, "firer")->total, 16);
	assert_int_equal(findings_on(&x, 5, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 6, FINDING_LOSSES), 0);
	assert_int_equal(field(&x, 6, "col", "stragglers"), 4);
	assert_int_equal(field(&x, 6, "col", "casualties"), 4);
	assert_int_equal(field(&x, 6, "col", "stands"), 6);	/* 14 - 8 */
	done(&x);
	/* m10, the first unit declared, as a target: its fire is audited
	 * like any (twenty castings at 6" are no column 0) */
	run(&x, "phase first-fire\nfire tgt:20@6 -> m10 [5] =0\n");
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL), 1);
	done(&x);
	/* "castings fire": at most the unit's effectives (004:160), all of
	 * them included; a gun casting fires alone (004:228) */
	run(&x, "phase first-fire\nfire m10:12@6 -> tgt [5]\nfire r13:14@6 -> tgt [5]\n"
		"fire g6:1@10 -> tgt [5]\nfire g12:2@10 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 2, FINDING_STATE), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_STATE), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 1);
	done(&x);
	/* a tally is 0 to 999 (out-of-range beyond, with a caret where it is
	 * written, rather than a number no battle has) */
	struct diags d;
	struct battle *b = tu_parse("battle \"t\" rules=sar\nside A nation=us\n  leader l \"L\" lr1\n"
				    "  unit u \"U\" inf regular musket stands=12 cmd=l\nside B nation=mexico\n"
				    "  leader m \"M\" lr1\n  unit v \"V\" inf green musket stands=12 cmd=m\nturn 1\n"
				    "phase first-fire\nfire u:10@6 -> v [5] casualties=999\nfire u:10@6 -> v [5] casualties=1000\n",
				    &d);
	assert_int_equal(d.n_errors, 1);
	battle_free(b);
	diags_release(&d);
}

/* Breaking (worksheet C): 14 castings take 5, then 4, then 1 loss. */
static void test_breaking(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\n"
		"fire m10:10@6 -> i14 [5] loss=5 holds\n"
		"fire m10:10@6 -> i14 [5] loss=4 holds\n"
		"fire m10:10@6 -> i14 [5] loss=1 holds\n");
	assert_int_equal(field(&x, 2, "i14", "stands"), 9);
	assert_int_equal(field(&x, 2, "i14", "stragglers"), 3);
	assert_int_equal(field(&x, 2, "i14", "casualties"), 2);
	assert_int_equal(field(&x, 3, "i14", "stands"), 5);
	assert_int_equal(field(&x, 3, "i14", "stragglers"), 5);
	assert_int_equal(field(&x, 3, "i14", "state"), 0);	/* 5 stragglers, 5 effectives: not broken */
	assert_int_equal(field(&x, 4, "i14", "state"), 1);	/* 6 against 4 */
	assert_int_equal(findings_on(&x, 3, FINDING_EFFECT), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_EFFECT), 1);
	done(&x);
}

/* The battle file at path, parsed without errors and audited with its
 * records kept. */
static struct battle *audit_file(const char *path, struct diags *d, struct findings *f, struct records *r)
{
	struct battle *b = tu_parse_file(path, d);
	assert_non_null(b);
	assert_int_equal(d->n_errors, 0);
	findings_init(f);
	records_init(r);
	struct audit_opts o = {.records = r};
	assert_int_equal(audit_battle(b, &o, f), 0);
	return b;
}

/* The worked melee example, 004:284 (worksheet D). */
static void test_worked_example(void **state)
{
	(void)state;
	struct diags d;
	struct findings f;
	struct records r;
	struct battle *b = audit_file("tests/sar/melee-example.battle", &d, &f, &r);
	int trusted = 0;
	for (int i = 0; i < f.n; i++) {
		if (f.v[i].severity != DIAG_NOTE)
			fail_msg("line %d: %s", f.v[i].at.line, f.v[i].msg);
		trusted += f.v[i].code == FINDING_TRUSTED;
	}
	/* with no chart file, only what the text does not state: the fire's d20
	 * 4 on column 16, the regular unit's fire and stand modifiers */
	assert_int_equal(trusted, 3);
	const struct record *close = NULL, *melee = NULL, *round = NULL;
	for (int i = 0; i < r.n; i++) {
		if (strcmp(r.v[i].kind, "close") == 0)
			close = &r.v[i];
		if (strcmp(r.v[i].kind, "melee") == 0)
			melee = &r.v[i];
		if (strcmp(r.v[i].kind, "round") == 0)
			round = &r.v[i];
	}
	assert_non_null(close);
	assert_non_null(melee);
	assert_non_null(round);
	assert_int_equal(close->parts[0].total, 12);	/* 12 -1 -2 +3 (004:256) */
	const struct rec_part *att = record_find_part((struct record *)melee, ROLE_ATTACKER);
	const struct rec_part *def = record_find_part((struct record *)melee, ROLE_DEFENDER);
	assert_int_equal(att->points, 9);	/* participants */
	assert_int_equal(def->points, 14);
	assert_int_equal(att->total, 3);	/* 3 -1 +2 -1 */
	assert_int_equal(def->total, 5);	/* 4 +1 */
	assert_string_equal(melee->effect, "fight-on");
	att = record_find_part((struct record *)round, ROLE_ATTACKER);
	def = record_find_part((struct record *)round, ROLE_DEFENDER);
	assert_int_equal(att->total, 2);	/* 3 -1: no charge, not outnumbered (10 - 8) */
	assert_int_equal(def->total, 5);
	assert_string_equal(round->effect, "locked");
	const struct fields *us = &record_find_state(round, 'U', "usreg")->fields;
	const struct fields *mx = &record_find_state(round, 'U', "mexg")->fields;
	assert_int_equal(fields_get(us, "stands")->num, 9);
	assert_int_equal(fields_get(us, "stragglers")->num, 3);
	assert_int_equal(fields_get(us, "casualties")->num, 2);
	assert_int_equal(fields_get(mx, "stands")->num, 5);
	assert_int_equal(fields_get(mx, "stragglers")->num, 4);
	assert_int_equal(fields_get(mx, "casualties")->num, 1);
	records_release(&r);
	findings_release(&f);

	/* the example's own sum, 12 -2 +3 = 13, under close-losses=ignore */
	findings_init(&f);
	records_init(&r);
	const char *ignore[] = {"close-losses=ignore"};
	struct audit_opts o2 = {.records = &r, .options = ignore, .n_options = 1};
	audit_battle(b, &o2, &f);
	for (int i = 0; i < r.n; i++)
		if (strcmp(r.v[i].kind, "close") == 0)
			assert_int_equal(r.v[i].parts[0].total, 13);
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

/* The second round is fought "with the remaining participants" (004:276),
 * whether the first names its participants, as the card shows
 * (`mexg:9 -> usreg:14`), or takes all effectives: 9 - 1 = 8 against
 * 14 - 4 = 10, no longer outnumbered (004:284); and a side that lost more
 * than it had in contact has none left, 2 against 6 - 3 = 3 here. */
static void test_round_remaining(void **state)
{
	(void)state;
	char *text = tu_read_file("tests/sar/melee-example.battle", NULL);
	char *counts = strstr(text, "melee mexg:9 -> usreg:14");
	assert_non_null(counts);
	memmove(counts + strlen("melee mexg"), counts + strlen("melee mexg:9"), strlen(counts + strlen("melee mexg:9")) + 1);
	counts = strstr(text, "-> usreg:14");
	memmove(counts + strlen("-> usreg"), counts + strlen("-> usreg:14"), strlen(counts + strlen("-> usreg:14")) + 1);
	assert_non_null(strstr(text, "melee mexg -> usreg [20]"));
	struct tu_audited x;
	tu_audit(&x, text, NULL);
	int errs = 0;
	for (int i = 0; i < x.f.n; i++)
		errs += x.f.v[i].severity == DIAG_ERROR;
	assert_int_equal(errs, 0);
	const struct record *round = NULL;
	for (int i = 0; i < x.r.n; i++)
		if (strcmp(x.r.v[i].kind, "round") == 0)
			round = &x.r.v[i];
	assert_non_null(round);
	assert_int_equal(record_find_part((struct record *)round, ROLE_ATTACKER)->points, 8);
	assert_int_equal(record_find_part((struct record *)round, ROLE_DEFENDER)->points, 10);
	assert_int_equal(record_find_part((struct record *)round, ROLE_ATTACKER)->total, 2);
	int one = 0, three = 0;	/* "rolls a 12, resulting in 1 more US straggler"; the 13 gives 3 */
	for (int i = 0; i < round->n_steps; i++) {
		one += strcmp(round->steps[i].text, "column 2, d20 12: 1 loss") == 0;
		three += strcmp(round->steps[i].text, "column 5, d20 13: 3 losses") == 0;
	}
	assert_int_equal(one + three, 2);
	tu_audited_release(&x);
	free(text);
	struct run y;
	/* m10 (12 effectives) with 6 in contact loses 3 in the first round */
	run(&y, "phase melee\nmelee m10:6 -> gr:2 [5] | [5] loss=3 stragglers=2 casualties=1\nround [5] | [5]\n");
	assert_int_equal(part(&y, 3, "attacker")->points, 3);
	assert_int_equal(part(&y, 3, "defender")->points, 2);
	done(&y);
	run(&y, "phase melee\nmelee m10:2 -> gr:2 [5] | [5] loss=3 stragglers=2 casualties=1\nround [5] | [5]\n");
	assert_int_equal(part(&y, 3, "attacker")->points, 0);	/* 2 in contact, 3 lost */
	done(&y);
}

/* Attaching Leaders (004:122-124): "A leader attaches himself by moving
 * into contact with a friendly unit during the movement phase", only to a
 * unit of his own command ("Brigade commanders may only attach themselves
 * to units within their brigades"), and "Leaders may not detach themselves
 * from units that are in melee".  Mejia commands tgt, not m10; Taylor,
 * the army's, any unit of his; before the first phase the table is being
 * set up. */
static void test_attach(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\nattach mejia tgt\nattach mejia m10\nphase first-fire\nattach taylor i14\ndetach taylor\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	for (int i = 0; i < x.f.n; i++)	/* each the attaching leader's side's */
		if (x.f.v[i].code == FINDING_ILLEGAL)
			assert_string_equal(x.f.v[i].side, x.f.v[i].at.line == x.first_line + 2 ? "MEX" : "US");
	done(&x);
	run(&x, "attach taylor m10\nphase moves\nattach wool r13\n");
	assert_int_equal(findings_on(&x, 1, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 0);
	done(&x);
	/* locked in melee after the worked example: its colonel stays */
	char *text = tu_read_file("tests/sar/melee-example.battle", NULL);
	struct buf t;
	buf_init(&t, 0);
	buf_puts(&t, text);
	buf_puts(&t, "turn 2\nphase moves\nattach usl usreg\nturn 3\nphase moves\ndetach usl\n");
	struct tu_audited y;
	tu_audit(&y, t.text, NULL);
	int locked = 0;
	for (int i = 0; i < y.f.n; i++)
		locked += y.f.v[i].code == FINDING_ILLEGAL && y.f.v[i].cite && strcmp(y.f.v[i].cite, "004:124") == 0;
	assert_int_equal(locked, 1);
	tu_audited_release(&y);
	buf_release(&t);
	free(text);
}

/* A broken unit (more stragglers than effectives, 004:148: gr with 6 of
 * 10 castings straggling) may be given only a Rally or a Form order
 * (004:391, 445), and draws no random order (004:100); Rally is for a
 * broken unit only (un is not broken). */
static void test_broken_orders(void **state)
{
	(void)state;
	struct run x;
	const char *broken = "phase first-fire\nstragglers gr 3\nstragglers gr 3\nturn 2\nphase orders\n";
	char body[256];
	snprintf(body, sizeof body, "%sorders mejia d4[2]: gr move\norders pacheco d4[2]: un rally\n", broken);
	run(&x, body);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 7, FINDING_ILLEGAL), 1);
	done(&x);
	snprintf(body, sizeof body, "%sorders mejia d4[2]: gr rally\n", broken);
	run(&x, body);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 0);
	done(&x);
	snprintf(body, sizeof body, "%srandom [3]: gr halt\n", broken);
	run(&x, body);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	done(&x);
}

/* Fire columns the tests above leave out: "the initial volley does not
 * count in melee, but the unit has fired its muskets" (004:244): m10 after
 * a melee fires 10 at 6" (medium, 1 x 10), no +2: column 10, not 12;
 * skirmishers -4 and the unit behind them -2 (004:232): m10 at sk, 10 +2
 * -4 = 8; r13 at tgt(screened), 10 +2 -2 = 10 (rifle at 6": medium). */
static void test_fire_columns_more(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> gr:10 [5] | [5]\nround [5] | [5]\nturn 2\nphase first-fire\n"
		"fire m10:10@6 -> tgt [5]\n");
	assert_int_equal(part(&x, 6, "firer")->total, 10);
	done(&x);
	run(&x, "phase first-fire\nfire m10:10@6 -> sk [5]\nfire r13:10@6 -> tgt(screened) [5]\n");
	assert_int_equal(part(&x, 2, "firer")->total, 8);
	assert_int_equal(part(&x, 3, "firer")->total, 10);
	done(&x);
}

/* Fire order by phase (004:88-90): a First Fire order fires in the First
 * Fire phase, a Hold Fire order in the Hold Fire phase; each out of its
 * phase is illegal. */
static void test_fire_phase(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase orders\norders wool d4[2]: m10 first-fire; r13 hold-fire\nphase first-fire\n"
		"fire r13:13@10 -> tgt [5]\nphase hold-fire\nfire m10:10@6 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	done(&x);
	run(&x, "phase orders\norders wool d4[2]: m10 first-fire; r13 hold-fire\nphase first-fire\n"
		"fire m10:10@6 -> tgt [5]\nphase hold-fire\nfire r13:13@10 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL) + findings_on(&x, 6, FINDING_ILLEGAL), 0);
	done(&x);
}

/* The melee's +4 against skirmishers and against unlimbered artillerists
 * (004:268, 318): m10, 10 participants (column 4, as 004:284 has it), +2
 * charging +1 US: 7, +4 = 11 against sk (6: a gap of 4, not outnumbered,
 * 004:272); r13 against mart the same.  And melee losses ignore the
 * column rule (004:274): m10's 4 losses on col, a column, are 2 stragglers
 * and 2 casualties, where fire would make them 1 and 3 (004:236). */
static void test_melee_more(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> sk:6 [5] | [5]\n");
	assert_int_equal(part(&x, 2, "attacker")->total, 11);
	done(&x);
	run(&x, "phase melee\nmelee r13:10 -> mart:6 [5] | [5]\n");
	assert_int_equal(part(&x, 2, "attacker")->total, 11);
	done(&x);
	run(&x, "phase melee\nmelee m10:10 -> col:10 [5] loss=4 | [5]\n");
	assert_int_equal(field(&x, 2, "col", "stragglers"), 2);
	assert_int_equal(field(&x, 2, "col", "casualties"), 2);
	done(&x);
}

/* "If the unit fired or meleed during the turn, it recovers half" (004:144):
 * gr, after a melee in which it took 3 stragglers, recovers half its d4 of
 * 4: 2, leaving 1. */
static void test_recover_after_melee(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> gr:2 [5] stragglers=3 casualties=0 | [5]\nround [5] | [5]\nphase rally\n"
		"recover d4[4]: gr\n");
	assert_int_equal(field(&x, 5, "gr", "stragglers"), 1);
	done(&x);
}

/* "If after both players have taken casualties, neither side has
 * broken, immediately roll a second round of melee" (004:276): a melee
 * neither side broke is followed by its round, or the round is missing,
 * reported on the melee's line (when the next event comes, or at the
 * end); a melee with a side broken needs none. */
static void test_round_due(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:6 -> gr:2 [5] | [5] loss=1\nphase rally\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MISSING_ROLL), 1);
	done(&x);
	run(&x, "phase melee\nmelee m10:6 -> gr:2 [5] | [5] loss=1\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MISSING_ROLL), 1);
	done(&x);
	run(&x, "phase melee\nmelee m10:6 -> gr:2 [5] | [5] loss=1\nround [5] | [5]\nphase rally\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MISSING_ROLL), 0);
	done(&x);
	/* gr (10 effectives) takes 6 stragglers: broken, no second round */
	run(&x, "phase melee\nmelee m10:6 -> gr:2 [5] stragglers=6 | [5]\nphase rally\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MISSING_ROLL), 0);
	done(&x);
}

/* `flank` and `rear` on a melee mean the unit written with them is taken
 * there, as on a fire's target: "If a unit is attacked on the flank or
 * rear, it only counts half of the effectives in contact" (004:266), and
 * its stragglers are doubled or tripled (004:236, 274).  gr (10) taken in
 * flank by m10:10 counts 5, so it is the one outnumbered (10 - 5 = 5: -1);
 * m10's 3 losses are 2 stragglers and 1 casualty, the stragglers doubled:
 * 4 and 1, leaving gr 10 - 5 = 5 effectives; from the rear, 6 and 1. */
static void test_melee_flank(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> gr(flank) [5] loss=3 | [5]\n");
	assert_int_equal(part(&x, 2, "attacker")->points, 10);
	assert_int_equal(part(&x, 2, "defender")->points, 5);
	assert_true(step_says(&x, 2, "gr: -1outnumbered"));
	assert_false(step_says(&x, 2, "m10: -1outnumbered"));
	assert_int_equal(field(&x, 2, "gr", "stragglers"), 4);
	assert_int_equal(field(&x, 2, "gr", "casualties"), 1);
	assert_int_equal(field(&x, 2, "gr", "stands"), 5);
	assert_int_equal(field(&x, 2, "m10", "stragglers"), 0);
	int said = 0;	/* the loss claimed falls otherwise than the count: said, in words */
	for (int i = 0; i < x.f.n; i++)
		said += strstr(x.f.v[i].msg, "loss=3 falls as 4 stragglers and 1 casualty") != NULL;
	assert_int_equal(said, 1);
	done(&x);
	run(&x, "phase melee\nmelee m10:10 -> gr(rear) [5] loss=3 | [5]\n");
	assert_int_equal(part(&x, 2, "defender")->points, 5);
	assert_int_equal(field(&x, 2, "gr", "stragglers"), 6);
	assert_int_equal(field(&x, 2, "gr", "casualties"), 1);
	done(&x);
}

/* The outnumbered shift, 004:272: the difference / 5, rounded down; the
 * participants of a disordered unit a quarter (004:300). */
static void test_outnumbered(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		int shift;
	} cases[] = {
		{"melee tgt:20 -> gr:8 [5] | [5]\n", -2},	/* 12 / 5 */
		{"melee tgt:10 -> gr:7 [5] | [5]\n", 0},	/* 3 / 5 */
		{"melee tgt:16 -> gr:6 [5] | [5]\n", -2},	/* 10 / 5 */
		{"melee tgt:14 -> gr:9 [5] | [5]\n", -1},	/* 5 / 5 */
		/* infantry struck in disorder by a failed square: "Only 25% of the
		 * castings count as participants" (004:300): 8 count 2, 12 - 2 = 10,
		 * -2 (all 8: 4, none; half of them: 8, -1) */
		{"melee tgt:12 -> gr:8(disordered) [5] | [5]\n", -2},
		{"melee tgt:13 -> gr:9 [5] | [5]\n", 0},	/* 4 / 5 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char body[128];
		snprintf(body, sizeof body, "phase melee\n%s", cases[i].line);
		struct run x;
		run(&x, body);
		const struct rec_part *p = part(&x, 2, "defender");
		int shift = 0;
		for (int k = 0; k < p->n_mods; k++)
			if (strcmp(p->mods[k].code, "outnumbered") == 0)
				shift = p->mods[k].value;
		if (shift != cases[i].shift)
			fail_msg("%s: shift %d, expected %d", cases[i].line, shift, cases[i].shift);
		done(&x);
	}
	/* "when a leader is attached to a unit, he can add his leader rating to
	 * that unit's column ... during melee" (004:110):
	 * taylor, LR 2, the first leader declared, with m10 */
	struct run x;
	run(&x, "attach taylor m10\nphase melee\nmelee m10:10 -> gr:10 [5] | [5]\n");
	const struct rec_part *p = part(&x, 3, "attacker");
	int leader = 0;
	for (int k = 0; k < p->n_mods; k++)
		if (strcmp(p->mods[k].code, "leader") == 0)
			leader = p->mods[k].value;
	assert_int_equal(leader, 2);
	done(&x);
}

/* A fire is its firer's claim: every finding of a Mexican fire with a
 * wrong total (20 castings at 6", 004:160) is charged to Mexico. */
static void test_fire_claim_side(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\nfire tgt:20@6 -> m10 [5] =0\n");
	assert_true(x.f.n > 0);
	for (int i = 0; i < x.f.n; i++) {
		assert_non_null(x.f.v[i].side);
		assert_string_equal(x.f.v[i].side, "MEX");
	}
	done(&x);
}

/* Each side's melee roll is that side's claim: a leader's rating claimed on
 * the defender's roll with no leader attached (004:110) is charged to the
 * defender's side, Mexico, not to the attacker's. */
static void test_melee_claim_side(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> gr:10 [5] | [5] +2leader\n");
	int mex = 0, others = 0;
	for (int i = 0; i < x.f.n; i++)
		if (x.f.v[i].code == FINDING_MOD_EXTRA) {
			if (x.f.v[i].side && strcmp(x.f.v[i].side, "MEX") == 0)
				mex++;
			else
				others++;
		}
	assert_int_equal(mex, 1);
	assert_int_equal(others, 0);
	done(&x);
}

/* Recovering stragglers, 004:144-146 (worksheet E). */
static void test_recover(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\n"
		"fire m10:10@6 -> gr [5] loss=6\n"			/* 2: gr 3 stragglers, 3 casualties */
		"fire m10:10@6 -> i14 [5] loss=8\n"			/* 3: i14 4 stragglers */
		"fire i14:4@6 -> tgt [5]\n"				/* 4: i14 fired this turn */
		"phase moves\n"
		"attach taylor i14\n"					/* 6: the army's, LR 2 */
		"phase rally\n"
		"recover d4[3]: gr stragglers=3\n"			/* 8: E1: 3 */
		"recover d6[5]: i14 +2leader =7 stragglers=3\n");	/* 9: E3: (5 + 2) / 2 = 3 */
	assert_int_equal(errors(&x), 0);
	assert_int_equal(field(&x, 8, "gr", "stragglers"), 0);
	assert_int_equal(field(&x, 9, "i14", "stragglers"), 1);
	done(&x);
	run(&x, "phase first-fire\n"
		"fire m10:10@6 -> gr [5] loss=6\n"			/* 2 */
		"fire gr:3@6 -> tgt [5]\n"				/* 3: gr fired */
		"phase rally\n"
		"recover d4[3]: gr stragglers=3\n"			/* 5: E2: 3 / 2 = 1 */
		"recover d6[4]: m10 +2cover =6\n"			/* 6: a regular unit rolls d6 */
		"recover d6[4]: gr\n");				/* 7: a green unit rolls d4 */
	assert_int_equal(findings_on(&x, 5, FINDING_LOSSES), 1);
	assert_int_equal(field(&x, 5, "gr", "stragglers"), 3 - 3);	/* as claimed */
	assert_int_equal(part(&x, 6, "unit")->total, 6);		/* E4: 4 + 2 */
	assert_true(part(&x, 6, "unit")->has_total);			/* the JSON shows it */
	assert_int_equal(findings_on(&x, 7, FINDING_ILLEGAL), 1);
	done(&x);
	/* the attached leader's LR is added (004:144, E3): taylor, LR 2 and the
	 * first leader declared, with m10, the first unit: 3 + 2 = 5; lane,
	 * LR 0, adds nothing, and a claim need not list him */
	run(&x, "phase first-fire\nstragglers m10 3\nstragglers cav8 3\nphase moves\nattach taylor m10\nattach lane cav8\n"
		"phase rally\nrecover d6[3]: m10\nrecover d6[3]: cav8 +2cover =5\n");
	assert_int_equal(field(&x, 2, "m10", "stragglers"), 3);
	assert_int_equal(part(&x, 8, "unit")->total, 5);
	assert_int_equal(part(&x, 9, "unit")->total, 5);
	assert_int_equal(errors(&x), 0);
	done(&x);
	run(&x, "phase first-fire\nfire m10:10@6 -> gr [5] loss=3\nphase rally\nrecover d4[4]: gr\n");
	assert_int_equal(field(&x, 4, "gr", "stragglers"), 0);	/* E5: 2 stragglers, 4 recovered: 2 */
	assert_int_equal(field(&x, 4, "gr", "stands"), 9);
	done(&x);
}

/* "the columns run 0 to 16" (004:228): two at short range a casting
 * (A1), 8 castings start in column 16 itself, 9 in 18, kept to 16 */
static void test_fire_column_edge(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\nfire m10:8@3 -> tgt [5]\nfire i14:9@3 -> tgt [5]\n");
	assert_false(step_says(&x, 2, "it starts in column 16"));
	assert_true(step_says(&x, 3, "it starts in column 16"));
	assert_int_equal(part(&x, 2, "firer")->total, 16);	/* 16, +2 volley, 16 */
	assert_int_equal(part(&x, 3, "firer")->total, 16);
	done(&x);
}

/* Stragglers from movement, 004:174 and 389 (worksheet F). */
static void test_movement(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\n"
		"move d6[6,3,6]: m10 stragglers=2\n"		/* 2: F1 */
		"move d6[6,6]: g6\n"				/* 3: F2 */
		"stragglers gr 4 \"a failed charge\"\n"		/* 4 */
		"move d6[6,6,6]: gr\n"				/* 5: F3: 10 castings, 4 -> 5 */
		"move d6[2,3]: un(retreat)\n");			/* 6: a retreat is 3d6 */
	assert_int_equal(field(&x, 2, "m10", "stragglers"), 2);
	assert_int_equal(field(&x, 3, "g6", "stragglers"), 0);
	assert_int_equal(field(&x, 5, "gr", "stragglers"), 5);
	assert_int_equal(field(&x, 5, "gr", "stands"), 5);
	/* no claims: the line takes the derived stragglers, and is not told it left them out */
	assert_int_equal(findings_on(&x, 5, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	/* 5: of three sixes 10 castings take two (5 effectives and 5
	 * stragglers); 2: m10 takes both its sixes, nothing held back */
	assert_true(step_says(&x, 5, "no unit breaks from movement"));
	assert_true(step_says(&x, 5, "3 sixes among the dice"));
	assert_true(step_says(&x, 6, "0 sixes among the dice"));
	assert_false(step_says(&x, 2, "no unit breaks from movement"));
	done(&x);
	/* a cavalry retreat on three dice: its message names cavalry's 5d6 (004:172) */
	run(&x, "phase moves\nmove d6[1,2,3]: cav8(retreat)\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 1);
	for (int i = 0; i < x.f.n; i++)
		if (x.f.v[i].code == FINDING_ILLEGAL)
			assert_non_null(strstr(x.f.v[i].msg, "5d6 for cavalry"));
	done(&x);
	/* "all infantry retreats 3d6 inches, and all cavalry retreats 5d6"
	 * (004:172): three dice and five are right, one fewer is not */
	run(&x, "phase moves\nmove d6[2,3,4]: un(retreat)\nmove d6[1,2,3,4,5]: cav8(retreat)\n"
		"move d6[1,2,3,4]: cav8(retreat)\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	done(&x);
	/* F4: 9 castings present (un's 10 less a casualty, claimed so), 2
	 * stragglers, four sixes: 4 stragglers (9 / 2), 5 effectives */
	run(&x, "phase first-fire\nfire m10:10@6 -> un [5] loss=1 stragglers=0 casualties=1\n"
		"phase moves\nstragglers un 2\nmove d6[6,6,6,6]: un\n");
	assert_int_equal(field(&x, 5, "un", "stragglers"), 4);
	assert_int_equal(field(&x, 5, "un", "stands"), 5);
	done(&x);
	/* stragglers logged in the moves phase are kept to as many as the
	 * effectives (004:389): 10 castings, 7 would break it, 5 do not; in
	 * a fire phase the same 7 break it (004:148) */
	run(&x, "phase moves\nstragglers un 7\nphase first-fire\nstragglers gr 6\n");
	assert_int_equal(field(&x, 2, "un", "stragglers"), 5);
	assert_int_equal(field(&x, 2, "un", "state"), 0);
	assert_int_equal(field(&x, 4, "gr", "stragglers"), 6);
	assert_int_equal(field(&x, 4, "gr", "state"), 1);
	done(&x);
	/* stragglers are never taken away but by a recover roll (004:142);
	 * none added is not taking away */
	run(&x, "phase moves\nstragglers gr 0\nstragglers gr -1\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	done(&x);
	/* "the charging unit takes an additional 1d4 stragglers" (004:254): 4 can be, 5 cannot */
	run(&x, "phase melee\nstragglers gr 4\nstragglers gr 5\n");
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_LOSSES), 1);
	done(&x);
}

/* Whether unit id's state after body line n has the field name. */
static bool has_field(const struct run *x, int n, const char *id, const char *name)
{
	const struct rec_state *s = record_find_state(rec(x, n), 'U', id);
	if (!s)
		fail_msg("no state of %s on body line %d", id, n);
	return fields_get(&s->fields, name) != NULL;
}

/* Mounted or dismounted is a state of cavalry alone (004: cavalry mount
 * and dismount; infantry and guns have neither), limbered of guns alone. */
static void test_arm_fields(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\nstragglers cav8 1\nstragglers dcav8 1\nstragglers m10 1\nstragglers g6 1\n");
	assert_int_equal(field(&x, 2, "cav8", "mounted"), 1);
	assert_int_equal(field(&x, 3, "dcav8", "mounted"), 0);
	assert_false(has_field(&x, 4, "m10", "mounted"));
	assert_false(has_field(&x, 5, "g6", "mounted"));
	assert_false(has_field(&x, 2, "cav8", "limbered"));
	assert_false(has_field(&x, 4, "m10", "limbered"));
	assert_true(has_field(&x, 5, "g6", "limbered"));
	done(&x);
}

/* A gun declared limbered is limbered from the start: "Limbered artillery
 * may not fire" (004:310); its twin declared unlimbered (the default) may. */
static void test_declared_limbered(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"t\" rules=sar\nside A nation=us\n  leader l \"L\" lr1\n"
				    "  unit g \"G\" art veteran 6lb stands=8 cmd=l limbered\n"
				    "  unit h \"H\" art veteran 6lb stands=8 cmd=l\nside B nation=mexico\n"
				    "  leader m \"M\" lr1\n  unit v \"V\" inf green musket stands=12 cmd=m\nturn 1\n"
				    "phase first-fire\nfire g:1@10 -> v [5]\nfire h:1@10 -> v [5]\n",
				    &d);
	assert_int_equal(d.n_errors, 0);
	struct findings f;
	findings_init(&f);
	struct audit_opts o = {0};
	assert_int_equal(audit_battle(b, &o, &f), 0);
	int limbered = 0, other = 0;
	for (int i = 0; i < f.n; i++)
		if (f.v[i].code == FINDING_ILLEGAL && strstr(f.v[i].msg, "limbered artillery may not fire"))
			f.v[i].at.line == 11 ? limbered++ : other++;
	assert_int_equal(limbered, 1);
	assert_int_equal(other, 0);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

/* Leader points and orders, 004:72-122 (worksheet G). */
static void test_orders(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase orders\n"
		"orders wool d4[3]: m10 move; r13 hold; r13b(far) first-fire\n"	/* 2: 5 points, 4 spent */
		"orders lane d4[3]: i14 move; cav8 move; far(far) hold\n"		/* 3: 3 points, 4 spent */
		"orders taylor d4[1]: i14 hold\n"					/* 4: i14 has an order */
		"orders pacheco d4[1]: tgt(far) hold\n"					/* 5: 2 points, 4 */
		"orders santa d4[4]: mart hold; col hold\n");				/* 6: 5 points; 2 + 2 (subordinates) */
	const struct rec_part *p = part(&x, 2, "leader");
	assert_int_equal(p->total, 5);
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 0);
	done(&x);
	/* the other reading of the doubled cost: 1 x 2 + 1 = 3, over 2 still */
	run_with(&x, "phase orders\norders pacheco d4[2]: tgt(far) hold\n", "order-cost=double-base");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);	/* 3 points, 3 spent */
	done(&x);
	run(&x, "phase orders\norders pacheco d4[2]: tgt(far) hold\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 1);	/* 3 points, 4 spent */
	done(&x);
	/* the first unit declared is ordered like any: wool LR 2 + d4 1 = 3
	 * points; m10 far 1 + 1 (004:78), r13 1, r13b 1: 4 spent, one over */
	run(&x, "phase orders\norders wool d4[1]: m10(far) move; r13 move; r13b move; r13 hold\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 2);	/* r13b over; r13 twice */
	/* the order that first goes over says what the orders cost: 4 of 3 */
	bool over = false;
	for (int i = 0; i < x.f.n; i++)
		over |= strstr(x.f.v[i].msg, "cost 4 points") && strstr(x.f.v[i].msg, "has 3");
	assert_true(over);
	done(&x);
	run(&x, "phase orders\norders wool d4[1]: m10(far) move; r13 move\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);	/* 3 of 3 */
	done(&x);
	/* "Leaders who are attached to units may only issue one order, and
	 * that must be to the unit to which the leader is attached" (004:74):
	 * attached to m10, the first unit declared, wool orders r13 alone */
	run(&x, "attach wool m10\nphase orders\norders wool d4[2]: r13 move\n");
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	done(&x);
	/* US artillery of twelve pounds or less performs two functions for one
	 * point (004:310 "less than or equal to twelve pounders"); heavier guns
	 * one, and "All other artillery", Mexican guns of any weight, one:
	 * g6 and g12 take both, g24's and mart's second is lost.  (The two
	 * orders are written on one unit; the notation card's "g12 move; g12
	 * first-fire" is the SAR issue's.) */
	run(&x, "phase orders\norders taylor d4[1]: g6 move first-fire; g12 move first-fire\nturn 2\nphase orders\n"
		"orders taylor d4[1]: g24 move first-fire\norders pacheco d4[2]: mart move first-fire\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	done(&x);
	/* "the player rolls 1d20 on the Random Orders table to determine what
	 * action the unordered unit will perform" (004:98): m10, the first
	 * unit declared, has an order and may not roll; i14 has none */
	run(&x, "phase orders\norders wool d4[2]: m10 move\nrandom [3]: m10 halt\nrandom [3]: i14 halt\n");
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 0);
	done(&x);
	/* "All units with First Fire orders fire during this phase" (004:40,
	 * 004:88): m10, ordered to move, does not fire in First Fire; r13,
	 * ordered to first-fire, does */
	run(&x, "phase orders\norders wool d4[2]: m10 move; r13 first-fire\nphase first-fire\n"
		"fire m10:10@6 -> tgt [5]\nfire r13:13@10 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 0);
	done(&x);
	/* fire outside the two fire phases, when charged (Hold: "it may only fire
	 * if it is charged", 004:92): a Hold Fire unit may (004:90 "may fire"),
	 * a unit ordered to move may not */
	run(&x, "phase orders\norders wool d4[2]: m10 move; r13 hold-fire\nphase melee\n"
		"fire m10:10@6 -> tgt [5]\nfire r13:13@10 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_ILLEGAL), 0);
	done(&x);
	/* a Hold unit fires only if charged (004:92): in the melee (hold-charged=melee), or in
	 * the Hold Fire phase too, the charger's defensive fire (004:256, hold-charged=hold-fire) */
	run_with(&x, "phase orders\norders wool d4[2]: r13 hold\nphase hold-fire\nfire r13:13@10 -> tgt [5]\n",
		 "hold-charged=melee");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	done(&x);
	run_with(&x, "phase orders\norders wool d4[2]: r13 hold\nphase hold-fire\nfire r13:13@10 -> tgt [5]\n",
		 "hold-charged=hold-fire");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 0);
	done(&x);
	/* an attached leader orders his unit alone; points are a d4 */
	run(&x, "attach wool m10\nphase orders\norders wool d4[2]: m10 move; r13 move\norders lane [2]: i14 move\n");
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	done(&x);
}

/* A leader's points left after body line n. */
static int leader_points_left(const struct run *x, int n, const char *id)
{
	const struct rec_state *st = record_find_state(rec(x, n), 'L', id);
	assert_non_null(st);
	const struct field *f = fields_get(&st->fields, "points_left");
	assert_non_null(f);
	return f->num;
}

/* A leader's LR after body line n. */
static int leader_lr(const struct run *x, int n, const char *id)
{
	const struct rec_state *s = record_find_state(rec(x, n), 'L', id);
	if (!s)
		fail_msg("no state of leader %s on body line %d", id, n);
	const struct field *f = fields_get(&s->fields, "lr");
	if (!f)
		fail_msg("no lr of %s", id);
	return f->num;
}

/* Leader casualties, 004:370-379 (worksheet H). */
static void test_leaders(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\n"
		"attach mejia tgt\n"
		"fire m10:10@6 -> tgt [5] loss=3\n"
		"hit mejia [2] hit\n"		/* 4: 2 <= 3 */
		"hit mejia [3] hit\n"		/* 5: 3 <= 3 */
		"hit mejia [4] hit\n"		/* 6: 4 > 3: a miss */
		"wound mejia [12] serious\n"	/* 7: 9-12 grave */
		"wound mejia [14] incapacitated\n"	/* 8: 13-16, one straggler */
		"replace mejia pacheco\n");	/* 9: LR 1 -> 0 */
	assert_int_equal(findings_on(&x, 4, FINDING_EFFECT), 0);
	assert_int_equal(findings_on(&x, 5, FINDING_EFFECT), 0);
	assert_int_equal(findings_on(&x, 6, FINDING_EFFECT), 1);
	assert_int_equal(findings_on(&x, 7, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 8, FINDING_LOOKUP), 0);
	assert_int_equal(field(&x, 8, "tgt", "stragglers"), 2 + 1);
	assert_int_equal(findings_on(&x, 9, FINDING_CONSEQUENCE), 1);
	done(&x);
	/* taylor, the first leader declared, with m10, the first unit: a 4
	 * against 3 losses misses (004:370 "less than or equal to the number
	 * of losses") */
	run(&x, "attach taylor m10\nphase first-fire\nfire tgt:20@6 -> m10 [5] loss=3\nhit taylor [4] hit\n"
		"hit taylor [3] hit\n");
	assert_int_equal(findings_on(&x, 4, FINDING_EFFECT), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_EFFECT), 0);
	done(&x);
	/* taylor again: "9-12: Serious wound. Leader must be replaced" is
	 * grave, 12 claimed serious is a wrong lookup (004:376); then "13-16:
	 * Incapacitating wound ... Unit received 1 straggler" (004:377): m10,
	 * the first unit, takes it */
	run(&x, "attach taylor m10\nphase first-fire\nfire tgt:20@6 -> m10 [5] loss=3\nhit taylor [3] hit\n"
		"wound taylor [12] serious\nwound taylor [14] incapacitated\n");
	assert_int_equal(findings_on(&x, 5, FINDING_LOOKUP), 1);
	assert_int_equal(field(&x, 6, "m10", "stragglers"), field(&x, 3, "m10", "stragglers") + 1);
	done(&x);
	/* "The replacement leader's LR is one less than that of the dead or
	 * incapacitated leader, but the minimum leader rating is zero"
	 * (004:379): taylor (LR 2, the first leader) by wool (declared 2):
	 * rated 1, a note; wool by taylor the same; lane (LR 0) by wool: 0 */
	run(&x, "phase first-fire\nreplace taylor wool\n");
	assert_int_equal(findings_on(&x, 2, FINDING_CONSEQUENCE), 1);
	assert_int_equal(leader_lr(&x, 2, "wool"), 1);
	done(&x);
	run(&x, "phase first-fire\nreplace wool taylor\n");
	assert_int_equal(findings_on(&x, 2, FINDING_CONSEQUENCE), 1);
	assert_int_equal(leader_lr(&x, 2, "taylor"), 1);
	done(&x);
	run(&x, "phase first-fire\nreplace lane wool\n");
	assert_int_equal(leader_lr(&x, 2, "wool"), 0);
	done(&x);
	/* "1-4: Minor wound. No orders next turn" (004:374): wounded in turn
	 * 1, mejia gives none in turn 2 and gives them again in turn 3; "5-8:
	 * Serious wound. No orders next two turns" (004:375): none in turns 2
	 * and 3, orders in 4; "9-12: ... may issue orders for one more turn
	 * before being dragged away" (004:376): orders in turn 2, none in 3 */
	static const struct {
		const char *wound;
		int die, turn, refused;
	} wounds[] = {
		{"minor", 4, 2, 1}, {"minor", 4, 3, 0}, {"serious", 5, 3, 1}, {"serious", 5, 4, 0}, {"grave", 9, 2, 0},
		{"grave", 9, 3, 1},	/* dragged away after turn 2 */
		{"grave", 9, 4, 1},	/* and out of the battle */
	};
	for (size_t i = 0; i < sizeof wounds / sizeof wounds[0]; i++) {
		char body[512] = "attach mejia tgt\nphase first-fire\nfire m10:10@6 -> tgt [5] loss=3\nhit mejia [2] hit\n";
		snprintf(body + strlen(body), sizeof body - strlen(body), "wound mejia [%d] %s\n", wounds[i].die,
			 wounds[i].wound);
		for (int t = 2; t <= wounds[i].turn; t++)
			snprintf(body + strlen(body), sizeof body - strlen(body), "turn %d\n", t);
		strcat(body, "phase orders\norders mejia d4[2]: tgt hold\n");
		run(&x, body);
		int line = 6 + wounds[i].turn - 1 + 1;	/* the orders line */
		if (findings_on(&x, line, FINDING_ILLEGAL) != wounds[i].refused)
			fail_msg("a %s wound in turn 1: orders in turn %d %s", wounds[i].wound, wounds[i].turn,
				 wounds[i].refused ? "not refused" : "refused");
		done(&x);
	}
}

/* Rallying, 004:391-397 (worksheet J). */
static void test_rally(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase first-fire\n"
		"fire m10:10@6 -> gr [5] loss=1\n"
		"stragglers gr 4\n"
		"stragglers gr 1\n"			/* 4: 6 stragglers, 4 effectives: broken */
		"fire m10:10@6 -> un [5] loss=1\n"
		"stragglers un 4\n"
		"stragglers un 2\n"			/* 7: broken */
		"turn 2\n"
		"phase orders\n"
		"orders mejia d4[4]: gr rally\n"	/* 10 */
		"orders pacheco d4[4]: un rally\n"	/* 11 */
		"phase rally\n"
		"rally [15]: gr rallies\n"		/* 13: 10 castings: 5 and 5 */
		"rally [15]: un rallies\n"		/* 14: untrained may not */
		"rally [15]: m10 rallies\n");		/* 15: not broken, and no Rally order */
	assert_int_equal(field(&x, 4, "gr", "state"), 1);
	assert_int_equal(findings_on(&x, 10, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 13, FINDING_ILLEGAL), 0);
	assert_int_equal(field(&x, 13, "gr", "state"), 0);
	assert_int_equal(field(&x, 13, "gr", "stragglers"), 5);
	assert_int_equal(field(&x, 13, "gr", "stands"), 5);
	assert_int_equal(findings_on(&x, 14, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 15, FINDING_STATE), 1);
	assert_int_equal(findings_on(&x, 15, FINDING_ILLEGAL), 1);
	done(&x);
	/* "During the Rally phase a unit with a Rally order may attempt to
	 * rally" (004:391): broken gr with no order logged this turn does not */
	run(&x, "phase first-fire\nstragglers gr 6\nphase rally\nrally [15]: gr rallies\n");
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(field(&x, 4, "gr", "state"), 1);
	done(&x);
}

/* Several dice in one face: where the event allows them, and printed back. */
static void test_dice(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\nmove d6[ 6 ,3,6]: m10\n");
	const struct stmt *s = tu_stmt(x.b, ST_EVENT, 0);
	assert_int_equal(s->u->event.u.check.die.n, 3);
	assert_int_equal(s->u->event.u.check.die.dice[2], 6);
	struct buf out;
	buf_init(&out, 0);
	fmt_battle(x.b, 0, &out);
	assert_non_null(strstr(out.text, "move d6[6,3,6]: m10"));
	buf_release(&out);
	done(&x);
	/* one die where one is rolled */
	struct diags d;
	struct buf t;
	buf_init(&t, 0);
	buf_puts(&t, prelude);
	buf_puts(&t, "phase first-fire\nfire m10:10@6 -> tgt [5,6]\nphase moves\nmove d6[7]: m10\n");
	struct battle *b = tu_parse(t.text, &d);
	assert_int_equal(d.n_errors, 2);
	assert_int_equal(d.v[0].code, DIAG_TOO_MANY);
	assert_int_equal(d.v[1].code, DIAG_OUT_OF_RANGE);
	battle_free(b);
	diags_release(&d);
	buf_release(&t);
}


/* ---- With a chart file (tests/sar/test.charts; values read off its rows) ---- */

#define CHARTS "tests/sar/test.charts"

static void charted(struct run *x, const char *body)
{
	run_charts(x, body, NULL, CHARTS);
}

/* A step's source that names the chart file's row. */
static bool step_cites(const struct run *x, int n, const char *row)
{
	const struct record *r = rec(x, n);
	for (int i = 0; i < r->n_steps; i++)
		if (strstr(r->steps[i].source, row) && strstr(r->steps[i].source, CHARTS))
			return true;
	return false;
}

/* A ruling naming one unit of a melee writes that unit's claim, as its roll
 * on the melee line would: the losses its roll inflicts (a side's
 * stragglers= and casualties= on its roll are the other's, test_recover_
 * after_melee).  Ruled on gr, m10 takes the 3 casualties ruled; gr takes
 * what m10's roll gave, as without the ruling. */
static void test_ruling_melee_side(void **state)
{
	(void)state;
	static const char *const tail = "stragglers gr 1\nstragglers m10 1\n";
	char with[256], without[256];
	snprintf(with, sizeof with, "phase melee\nmelee m10:10 -> gr:10 [5] | [5]\n"
		 "  ruling override gr stragglers=0 casualties=3 by=u \"u\"\n%s", tail);
	snprintf(without, sizeof without, "phase melee\nmelee m10:10 -> gr:10 [5] | [5]\n%s", tail);
	struct run x, y;
	run(&x, with);
	run(&y, without);
	assert_int_equal(field(&x, 5, "m10", "casualties"), 3);
	assert_int_equal(field(&x, 4, "gr", "casualties"), field(&y, 3, "gr", "casualties"));
	assert_int_equal(field(&x, 4, "gr", "stragglers"), field(&y, 3, "gr", "stragglers"));
	done(&x);
	done(&y);
}

/* A ruling overrides a fire's tallies: twenty castings at 6" on g6 give 1
 * straggler and 2 casualties, and a second fire 1 casualty more
 * (test_chart_fire_edges' worked example); ruled 3 casualties, g6 has 3 after
 * the first and 4 after the second. */
static void test_ruling_tallies(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase first-fire\nfire tgt:20@6 -> g6 [5]\n  ruling override stragglers=1 casualties=3 by=u \"u\"\n"
		    "fire tgt:20@6 -> g6 [5]\n");
	assert_int_equal(field(&x, 4, "g6", "stragglers"), 1);
	assert_int_equal(field(&x, 4, "g6", "casualties"), 4);
	done(&x);
}

static void test_chart_fire(void **state)
{
	(void)state;
	struct run x;
	/* 10 castings at 6": medium, 10; +2 volley, +1 regular (fire-shifts)
	 * = 13; d20 5 on row 1-10, column 13: 3 losses; 2 stragglers, 1
	 * casualty (odd: stragglers first, 004:236) */
	charted(&x, "phase first-fire\n"
		    "fire m10:10@6 -> tgt [5]\n"				/* 2 */
		    "fire r13:10@6 -> tgt [5] +2volley =12 loss=2\n"		/* 3: regular missing, total, lookup */
		    "fire r13b:10@6 -> tgt [20] +2volley +1regular -1cover =12\n");	/* 4: cover is -2: 11 */
	assert_int_equal(part(&x, 2, "firer")->total, 13);
	assert_int_equal(field(&x, 2, "tgt", "stragglers"), 2);
	assert_int_equal(field(&x, 2, "tgt", "casualties"), 1);
	assert_true(step_cites(&x, 2, "Combat Effects Chart, row 5"));
	assert_int_equal(findings_on(&x, 2, FINDING_TRUSTED), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_MOD_MISSING), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_LOOKUP), 1);	/* column 13 gives 3, not 2 */
	assert_int_equal(findings_on(&x, 4, FINDING_MOD_VALUE), 1);
	assert_int_equal(part(&x, 4, "firer")->total, 11);
	done(&x);
	/* the +1 regular left out: column 12, not 13.  d20 11 (row 11-12)
	 * gives 4 on column 12 and 5 on 13: the lookup on the claimed column
	 * was right, the losses follow the wrong column (wrong-losses, as
	 * RFF's follow a wrong total), not a wrong lookup */
	charted(&x, "phase first-fire\nfire r13:10@6 -> tgt [11] +2volley =12 loss=4\n");
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 1);
	assert_int_equal(findings_on(&x, 2, FINDING_LOOKUP), 0);
	done(&x);
	/* without the chart file the same roll is taken on trust */
	run(&x, "phase first-fire\nfire m10:10@6 -> tgt [5] loss=3\n");
	assert_int_equal(part(&x, 2, "firer")->total, 12);	/* no training shift known */
	assert_int_equal(findings_on(&x, 2, FINDING_TRUSTED), 2);	/* the loss, and regular's shift unknown, not 0 */
	done(&x);
}

static void test_chart_close_rally_random(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase melee\n"
		    "close [14]: gr -2green +3charging =15 closes\n"	/* 2: 15+: closes */
		    "close [10]: gr -2green +3charging =11 closes\n"	/* 3: 11: stops */
		    "stand [12]: m10 +2regular =14 stands\n"		/* 4: regular +2 to stand: 11-14 retreats */
		    "close [14]: gr -2green +3charging +1cover =16 closes\n"	/* 5: cover to close is `?` */
		    "phase rally\n"
		    "route [9]: m10\n"				/* 7: 9-: breaks */
		    "route [10]: r13\n");				/* 8: holds */
	assert_int_equal(findings_on(&x, 2, FINDING_LOOKUP), 0);
	assert_true(step_source(&x, 2, "004:284 Melee, the worked example: 13 \"greater than or equal to 12\""));	/* the text's */
	assert_int_equal(findings_on(&x, 3, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_TOTAL), 0);
	assert_int_equal(findings_on(&x, 5, FINDING_TRUSTED), 1);
	assert_int_equal(field(&x, 7, "m10", "state"), 1);
	assert_int_equal(field(&x, 8, "r13", "state"), 0);
	done(&x);
	charted(&x, "phase orders\n"
		    "random [7]: far halt\n"		/* 2: 6-10 is same-as-last */
		    "random [12]: un halt\n"		/* 3: 11-15 halt */
		    "orders mejia d4[4]: gr rally; sk rally\n"	/* 4 */
		    "phase first-fire\n"
		    "stragglers gr 6\n"			/* 6: 6 against 4: broken */
		    "stragglers sk 4\n"			/* 7: 4 against 2: broken */
		    "phase rally\n"
		    "rally [9]: gr rallies\n"		/* 9: 9-: fails; the state follows the claim */
		    "rally [10]: sk\n");		/* 10: rallies, as derived */
	assert_int_equal(findings_on(&x, 2, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_LOOKUP), 0);
	assert_int_equal(findings_on(&x, 9, FINDING_LOOKUP), 1);
	assert_int_equal(field(&x, 9, "gr", "state"), 0);
	assert_int_equal(findings_on(&x, 10, FINDING_LOOKUP), 0);
	assert_int_equal(field(&x, 10, "sk", "state"), 0);
	assert_int_equal(field(&x, 7, "sk", "state"), 1);
	done(&x);
}

static void test_chart_breakthrough_square(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase charges\n"
		    "square [9]: m10@12 +2regular =11 formed\n"	/* 2: 9 +2 = 11 <= 12 */
		    "square [10]: r13@12 =12 formed\n"		/* 3: a tie forms the square */
		    "square [11]: gr@9 -1green =10 formed\n"	/* 4: 10 > 9: caught */
		    "square [11]: un@9 -1untrained =10 caught\n"	/* 5: untrained is -3: 8, formed */
		    "square [5]: cav8@10 formed\n"		/* 6: not infantry */
		    "phase melee\n"
		    "breakthrough [9]: cav8 breakthrough stragglers=1\n"	/* 8: 7-15, 1 straggler */
		    "breakthrough [17]: cav8 charge stragglers=2\n"	/* 9: a second roll */
		    "breakthrough [3]: dcav8 halt\n");		/* 10: dismounted */
	assert_int_equal(errors(&x) - findings_on(&x, 4, FINDING_EFFECT) - findings_on(&x, 5, FINDING_MOD_VALUE) -
				 findings_on(&x, 5, FINDING_TOTAL) - findings_on(&x, 5, FINDING_EFFECT) -
				 findings_on(&x, 6, FINDING_ILLEGAL) - findings_on(&x, 9, FINDING_ILLEGAL) -
				 findings_on(&x, 10, FINDING_ILLEGAL),
			 0);
	assert_int_equal(findings_on(&x, 4, FINDING_EFFECT), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_MOD_VALUE), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_EFFECT), 1);
	assert_int_equal(findings_on(&x, 6, FINDING_ILLEGAL), 1);
	assert_int_equal(field(&x, 8, "cav8", "stragglers"), 1);
	assert_true(step_says(&x, 8, "9: 1 straggler"));	/* one, in the singular */
	assert_false(step_says(&x, 8, "1 stragglers"));
	assert_int_equal(findings_on(&x, 8, FINDING_STATE), 1);	/* it broke no unit this turn */
	assert_int_equal(findings_on(&x, 8, FINDING_LOSSES), 0);
	assert_int_equal(findings_on(&x, 9, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 10, FINDING_ILLEGAL), 1);
	assert_int_equal(part(&x, 2, "unit")->total, 11);	/* m10, the first unit, is audited */
	done(&x);
	/* "If the roll was greater than the distance between the two units,
	 * the cavalry strikes the infantry unit in disorder" (004:300): at 0"
	 * any roll catches it; only mounted cavalry rolls for a breakthrough
	 * (004:356), not m10 */
	charted(&x, "phase charges\nsquare [5]: r13@0 =7 caught\nphase melee\nbreakthrough [9]: m10 breakthrough stragglers=1\n");
	assert_int_equal(errors(&x) - findings_on(&x, 4, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 2, FINDING_TRUSTED), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	done(&x);
}

static void test_chart_movement(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase moves\n"
		    "move d6[3]: m10 =8\n"			/* 2: 5 + 3 */
		    "move d6[3,4]: gr =10\n"			/* 3: 3 + 3 + 4 */
		    "move d6[3]: far =6\n"			/* 4: green: 2 dice */
		    "move d6[2,5]: r13(charge) =12\n"		/* 5: 5 + 2 + 5 (charging: one more die) */
		    "move d6[4,2]: r13b -2terrain =7\n"		/* 6: 5 + 4, terrain die 2 */
		    "move d6[4,2]: i14 -1terrain =8\n"		/* 7: veteran: no row, on trust */
		    "move d6[4,3]: m10 -1terrain =8\n");		/* 8: the terrain die is 3 */
	assert_int_equal(errors(&x) - findings_on(&x, 4, FINDING_ILLEGAL) - findings_on(&x, 4, FINDING_TOTAL) -
				 findings_on(&x, 8, FINDING_MOD_VALUE) - findings_on(&x, 8, FINDING_TOTAL),
			 0);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 7, FINDING_TRUSTED), 1);
	assert_int_equal(findings_on(&x, 8, FINDING_MOD_VALUE), 1);
	assert_true(step_source(&x, 2, "004:166 Movement: \"regular infantry's base movement distance is 5 inches\""));
	/* the step names the dice and which die is the terrain's (issue 30) */
	assert_true(step_says(&x, 2, "m10: 5\" + 1d6 [3] = 8\""));
	assert_false(step_says(&x, 2, "terrain"));
	assert_true(step_says(&x, 5, "r13: 5\" + 1d6 + 1d6 (charge) [2,5] = 12\""));
	assert_true(step_says(&x, 6, "r13b: 5\" + 1d6 [4] = 9\"; then [2], a terrain die"));
	assert_true(step_cites(&x, 3, "Movement Distances, row inf green"));	/* the text gives no green */
	done(&x);
	/* the claimed total is the maximum distance (004:166 "determines the
	 * maximum movement distance"): 5 + 4 less the terrain die 2 is 7; 8
	 * and 6 are wrong totals (the distance moved is the table's, 004:168) */
	charted(&x, "phase moves\nmove d6[4,2]: r13b =7\nmove d6[4,2]: r13 =8\nmove d6[4,2]: m10 =6\n");
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_TOTAL), 1);
	done(&x);
	/* a chart's movement modifier claimed (the test chart's road, 6"), for
	 * a unit in road column: 5 + 3 + 6 = 14; in line, "A unit must be in
	 * road column (or limbered artillery) to get the road bonus" (004:156) */
	charted(&x, "phase moves\nform m10 road-column\nmove d6[3]: m10 +6road =14\nmove d6[3]: r13 +6road =14\n");
	assert_int_equal(findings_on(&x, 3, FINDING_MOD_EXTRA) + findings_on(&x, 3, FINDING_TOTAL), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_MOD_EXTRA), 1);
	done(&x);
	/* a line claiming only its total has that checked, not its stragglers
	 * (docs/notation.md): m10's 6 is a straggler, unclaimed, unremarked */
	charted(&x, "phase moves\nmove d6[1,6]: m10 =2\n");
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 0);
	assert_int_equal(errors(&x), 0);
	done(&x);
	/* "Regardless of the results of the die rolls, a unit may always move up
	 * to two inches" (004:168): 5 + 1 less a terrain die of 6 is 0, so at
	 * most 2" (=2 right, =1 wrong); "column (+4 inches)" (004:166) is not for
	 * m10 in line; a line with no claims takes the derived stragglers
	 * (docs/notation.md) and is not told it left them out */
	charted(&x, "phase moves\nmove d6[1,6]: m10 =2\nmove d6[1,6]: r13 =1\nmove d6[3]: r13b +4column =12\n"
		    "move d6[6]: i14\n");
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL) + findings_on(&x, 2, FINDING_ARITHMETIC), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 4, FINDING_MOD_EXTRA), 1);
	assert_int_equal(findings_on(&x, 5, FINDING_LOSSES), 0);
	done(&x);
	/* `form UNIT FORMATION` (docs/notation.md) puts r13b in column: its +4"
	 * then applies (004:166): 5 + 3 + 4 = 12 */
	charted(&x, "phase moves\nform r13b column\nmove d6[3]: r13b +4column =12\n");
	assert_int_equal(errors(&x), 0);
	done(&x);
	/* with the terrain die claimed, 5 + 4 - 2 is still 7, not 9 */
	charted(&x, "phase moves\nmove d6[4,2]: r13b -2terrain =9\nmove d6[4,2]: r13 -2terrain =7\n"
		    "move d6[3,2,5]: r13 =3\n");
	/* two terrain dice after the movement's one (5 + 3 - 2 - 5 = 1, at least 2": 004:168) */
	assert_true(step_says(&x, 4, "r13: 5\" + 1d6 [3] = 8\"; then [2,5], terrain dice"));
	assert_int_equal(findings_on(&x, 2, FINDING_ARITHMETIC), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_ARITHMETIC) + findings_on(&x, 3, FINDING_TOTAL), 0);
	done(&x);
}

/* What the text states is built in, with no chart file: "regular
 * infantry's base movement distance is 5 inches plus the roll on 1D6 ...
 * column (+4 inches)" (004:166), so m10 on a 3 moves at most 8" and =9 is
 * wrong; r13b formed in column, 5 + 3 + 4 = 12; green gr's distance is the
 * cards', taken on trust.  A close at 12 or more closes and a stand on 19
 * stands (004:284): 10 - 2 + 3 = 11 claimed as closing is on trust, not
 * wrong, since the text says nothing below 12. */
static void test_text_built_in(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase moves\nmove d6[3]: m10 =8\nmove d6[3]: r13 =9\nform r13b column\nmove d6[3]: r13b +4column =12\n"
		"move d6[3,4]: gr =10\n");
	assert_int_equal(errors(&x), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	assert_int_equal(findings_on(&x, 2, FINDING_TRUSTED) + findings_on(&x, 5, FINDING_TRUSTED), 0);
	assert_int_equal(findings_on(&x, 6, FINDING_TRUSTED), 1);
	assert_true(step_says(&x, 5, "+4column, in column"));
	assert_false(step_says(&x, 2, "terrain dice"));	/* its one die is the movement's */
	done(&x);
	run(&x, "phase melee\nclose [14]: gr -2green +3charging =15 stops\nclose [10]: gr -2green +3charging =11 closes\n");
	assert_int_equal(findings_on(&x, 2, FINDING_LOOKUP), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_LOOKUP), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_TRUSTED), 1);
	done(&x);
}

/* A training modifier neither the text nor the chart file gives is not 0:
 * regular m10's close, the test chart's +1, is derived with the chart and
 * missing from the claim; without it, a note says the claim's none is
 * taken on trust.  Green's -2 is the text's (004:284): no note. */
static void test_training_unknown(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase melee\nclose [14]: m10 +3charging =17\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MOD_MISSING), 1);
	done(&x);
	run(&x, "phase melee\nclose [14]: m10 +3charging =17\nclose [14]: gr -2green +3charging =15\n");
	assert_int_equal(findings_on(&x, 2, FINDING_MOD_MISSING), 0);
	assert_int_equal(findings_on(&x, 2, FINDING_TRUSTED), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_TRUSTED), 0);
	int named = 0;
	for (int i = 0; i < x.f.n; i++)
		named += x.f.v[i].code == FINDING_TRUSTED && strstr(x.f.v[i].msg, "m10 is regular: no regular modifier");
	assert_int_equal(named, 1);
	done(&x);
	/* the melee's untrained and veteran shifts (the Melee Procedure chart's, 004:268) */
	run(&x, "phase melee\nmelee i14:10 -> un:10 [5] | [5]\n");
	named = 0;
	for (int i = 0; i < x.f.n; i++)
		named += x.f.v[i].code == FINDING_TRUSTED && (strstr(x.f.v[i].msg, "i14 is veteran: no veteran modifier") ||
							      strstr(x.f.v[i].msg, "un is untrained: no untrained modifier"));
	assert_int_equal(named, 2);
	done(&x);
}

/* Boundaries with the test chart's combat effects: a fire starting in
 * column 0 (one casting at long range, 1/4, A3), a roll of no loss, and
 * a US battery's one straggler a turn (004:238 "If three losses were
 * indicated on a U.S. battery, they would take one straggler and one
 * casualty, ignoring the second straggler"). */
static void test_chart_fire_edges(void **state)
{
	(void)state;
	struct run x;
	/* 2: green tgt, no shift in the chart: column 0, +2 volley = 2, d20
	 * 5: row 1-10 column 2, no loss; a straggler claimed is wrong; 3: gr
	 * the same, =3 is not column 2 */
	charted(&x, "phase first-fire\nfire tgt:1@10 -> m10 [5] =2 stragglers=1\nfire gr:1@10 -> m10 [5] =3\n");
	assert_true(part(&x, 2, "firer")->has_total);
	assert_int_equal(part(&x, 2, "firer")->total, 2);
	assert_int_equal(findings_on(&x, 2, FINDING_TOTAL), 0);
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_TOTAL), 1);
	done(&x);
	/* twenty castings at 6": column 16, +2 volley -4 at unlimbered
	 * artillerists (004:318) = 14, d20 5: 4 losses; g6 takes one straggler
	 * and two casualties; again, no volley: 12, 3 losses: no straggler
	 * (its one this turn is taken) and one casualty */
	charted(&x, "phase first-fire\nfire tgt:20@6 -> g6 [5]\nfire tgt:20@6 -> g6 [5]\n");
	assert_int_equal(field(&x, 2, "g6", "stragglers"), 1);
	assert_int_equal(field(&x, 2, "g6", "casualties"), 2);
	assert_int_equal(field(&x, 3, "g6", "stragglers"), 1);
	assert_int_equal(field(&x, 3, "g6", "casualties"), 3);
	assert_true(step_says(&x, 3, "a US battery: one straggler a turn"));
	done(&x);
	/* the next turn is a new turn: the battery takes its one straggler
	 * again (12, 3 losses: 1 straggler, 1 casualty) */
	charted(&x, "phase first-fire\nfire tgt:20@6 -> g6 [5]\nturn 2\nphase first-fire\nfire tgt:20@6 -> g6 [5]\n");
	assert_int_equal(field(&x, 5, "g6", "stragglers"), 2);
	assert_int_equal(field(&x, 5, "g6", "casualties"), 3);
	done(&x);
}

/* "Rolling to Stand" subtracts the unit's casualties from fire this turn
 * (004:258): m10 at 6" on gr, column 10 +2 volley +1 regular (the test
 * chart) = 13, d20 5: 3 losses, 2 stragglers and 1 casualty (004:236);
 * gr's stand roll of 10 is 9. */
static void test_stand_after_fire(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase first-fire\nfire m10:10@6 -> gr [5]\nphase melee\nstand [10]: gr\n");
	assert_int_equal(field(&x, 2, "gr", "casualties"), 1);
	assert_int_equal(part(&x, 4, "unit")->total, 9);
	done(&x);
}

/* The turn sequence of 004:32-50: each phase after the one before it, and
 * a phase after a later one is out of order. */
static void test_phase_order(void **state)
{
	(void)state;
	static const char *const phases[] = {"orders", "charges", "first-fire", "moves", "hold-fire", "melee", "rally"};
	size_t n = sizeof phases / sizeof phases[0];
	char head[sizeof prelude];
	snprintf(head, sizeof head, "%.*s", (int)(sizeof prelude - 1 - strlen("turn 1\n")), prelude);
	for (size_t i = 0; i + 1 < n; i++)
		for (int swap = 0; swap < 2; swap++) {
			char text[4096];
			snprintf(text, sizeof text, "%sturn 1\nphase %s\nphase %s\n", head, phases[i + swap], phases[i + !swap]);
			struct diags d;
			struct battle *b = tu_parse(text, &d);
			bool warned = strstr(tu_diag_list(&d), "phase-order") != NULL;
			if (warned != (swap == 1))
				fail_msg("phase %s then %s: %s", phases[i + swap], phases[i + !swap],
					 warned ? "out of order, said the parser" : "in order, said the parser");
			battle_free(b);
			diags_release(&d);
		}
}

/* "the Weapon Ranges table" (004:210-220) has no carbine: its band is
 * taken as written, and asked for when it is not. */
static void test_carbine_band(void **state)
{
	(void)state;
	static const char log[] = "battle \"t\" rules=sar\nside US nation=us\n  leader l \"L\" lr1\n"
				  "  unit cc \"Carbines\" cav regular carbine stands=8 cmd=l dismounted\n"
				  "side MEX nation=mexico\n  leader m \"M\" lr1\n"
				  "  unit v \"V\" inf green musket stands=12 cmd=m\nturn 1\nphase first-fire\n"
				  "fire cc:8@4(medium) -> v [5]\nfire cc:8@4 -> v [5]\n";
	struct diags d;
	struct battle *b = tu_parse(log, &d);
	assert_int_equal(d.n_errors, 0);
	struct findings f;
	findings_init(&f);
	struct audit_opts o = {.records = NULL};
	assert_int_equal(audit_battle(b, &o, &f), 0);
	bool taken = false, asked = false;
	for (int i = 0; i < f.n; i++) {
		taken |= f.v[i].at.line == 10 && strstr(f.v[i].msg, "medium range taken on trust") != NULL;
		asked |= f.v[i].at.line == 11 && strstr(f.v[i].msg, "write the band") != NULL;
	}
	assert_true(taken);
	assert_true(asked);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

/* Whether a finding on body line n says text. */
static bool finding_says(const struct run *x, int n, const char *text)
{
	for (int i = 0; i < x->f.n; i++)
		if (x->f.v[i].at.line == x->first_line + n - 1 && strstr(x->f.v[i].msg, text))
			return true;
	return false;
}

/* A melee won by breaking the enemy (6 stragglers against 4 effectives,
 * 004:148): mounted cavalry then rolls for a breakthrough (004:280, 352),
 * infantry does not. */
static void test_melee_breakthrough(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nmelee m10:10 -> gr:10 [5] stragglers=6 casualties=0 | [5] stragglers=0 casualties=0\n"
		"melee cav8:8 -> un:10 [5] stragglers=6 casualties=0 | [5] stragglers=0 casualties=0\n");
	assert_false(finding_says(&x, 2, "Cavalry Breakthrough chart"));
	assert_true(finding_says(&x, 3, "Cavalry Breakthrough chart"));
	assert_int_equal(part(&x, 2, "defender")->loss, 6);	/* each side's record keeps what it lost */
	assert_int_equal(part(&x, 2, "attacker")->loss, 0);
	done(&x);
	/* a melee that breaks nobody: no breakthrough */
	run(&x, "phase melee\nmelee cav8:8 -> tgt:20 [5] stragglers=1 casualties=1 | [5] stragglers=1 casualties=0\n");
	assert_false(finding_says(&x, 2, "Cavalry Breakthrough chart"));
	assert_int_equal(part(&x, 2, "defender")->loss, 2);	/* a straggler and a casualty */
	done(&x);
}

/* Rolling to close (004:256): a green unit's -2 and the charger's +3 on
 * its d20: 14 - 2 + 3 is 15, and =16 with those modifiers is a sum error,
 * whatever the chart then says. */
static void test_close_sum(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase melee\nclose [14]: gr -2green +3charging =16\nclose [14]: gr -2green +3charging =15\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ARITHMETIC), 1);
	assert_int_equal(findings_on(&x, 3, FINDING_ARITHMETIC), 0);
	done(&x);
}

/* A melee roll of no loss (the test chart: 7 participants start in
 * column 2; gr, green, -1 (as 004:284's green unit): column 1, d20 5, row
 * 1-10: no loss): a straggler claimed for it is wrong. */
static void test_chart_melee_no_loss(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase melee\nmelee m10:10 -> gr:7 [5] | [5] stragglers=1\n");
	assert_int_equal(part(&x, 2, "defender")->total, 1);
	assert_int_equal(findings_on(&x, 2, FINDING_LOSSES), 1);
	done(&x);
}

/* The worked example with a chart file of the cells its text states
 * (tests/sar/worked-example.charts): the file agrees with what umpire
 * builds in, so nothing warns, and the text's cells are the ones cited. */
static void test_worked_example_charted(void **state)
{
	(void)state;
	struct diags d;
	struct findings f;
	struct records r;
	struct battle *b = audit_file("tests/sar/melee-charts.battle", &d, &f, &r);
	int trusted = 0;
	for (int i = 0; i < f.n; i++) {
		if (f.v[i].severity != DIAG_NOTE)
			fail_msg("line %d: %s", f.v[i].at.line, f.v[i].msg);
		trusted += f.v[i].code == FINDING_TRUSTED;
	}
	/* the fire's d20 4 on column 16, which the example does not give, and
	 * the regular unit's fire and stand modifiers, which it does not give
	 * either (its melee sum gives no training shift) */
	assert_int_equal(trusted, 3);
	assert_int_equal(d.n, 0);
	int chart_steps = 0, text_steps = 0;
	for (int i = 0; i < r.n; i++)
		for (int k = 0; k < r.v[i].n_steps; k++) {
			chart_steps += strstr(r.v[i].steps[k].source, "worked-example.charts") != NULL;
			const char *src = r.v[i].steps[k].source;
			text_steps += strstr(src, "004:284 Melee, the worked example: ") &&
				      (strstr(src, " column ") || strstr(src, "to 12") || strstr(src, "a 19 to hold"));
		}
	assert_int_equal(chart_steps, 0);
	/* close, stand; per roll of the two melee rounds a column and the losses */
	assert_int_equal(text_steps, 2 + 4 * 2);
	findings_release(&f);
	records_release(&r);
	battle_free(b);
	diags_release(&d);
}

/* "All actions within a phase are considered to be simultaneous" (004:34):
 * a SAR turn is both sides', and a side after its number is an error. */
static void test_turn_names_no_side(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"S\" rules=sar\nside US nation=us\n  leader t \"T\" lr2\n"
				    "  unit m \"M\" inf regular musket stands=12 cmd=t\nturn 1 US\n", &d);
	assert_string_equal(tu_diag_list(&d), "misplaced@5:8");
	battle_free(b);
	diags_release(&d);
}

/* "Units may not fire at units that are engaged in melee" (004:204): after
 * the worked example (004:284) the two units are locked in melee, and
 * usreg's fire at mexg next turn is illegal. */
static void test_fire_at_locked(void **state)
{
	(void)state;
	char *text = tu_read_file("tests/sar/melee-example.battle", NULL);
	struct buf t;
	buf_init(&t, 0);
	buf_puts(&t, text);
	buf_puts(&t, "turn 2\nphase orders\norders usl d4[3]: usreg first-fire\nphase first-fire\n"
		     "fire usreg:7@3 -> mexg [4]\n");
	struct tu_audited x;
	tu_audit(&x, t.text, NULL);
	int locked = 0;
	for (int i = 0; i < x.f.n; i++)
		locked += x.f.v[i].code == FINDING_ILLEGAL && x.f.v[i].cite && strcmp(x.f.v[i].cite, "004:204") == 0;
	assert_int_equal(locked, 1);
	tu_audited_release(&x);
	buf_release(&t);
	free(text);
}

/* "If a leader is attached to a unit that takes any losses in a turn ...
 * Roll 1d20 for the leader.  If the roll is less than or equal to the
 * number of losses ... the leader is hit.  Roll on the Leader Casualty
 * Table" (004:370): the hit roll is due once the unit took losses, and the
 * table follows a hit only. */
static void test_leader_hit_due(void **state)
{
	(void)state;
	struct run x;
	/* tgt with mejia attached loses 3; no hit roll by turn 2: missing, reported there */
	run(&x, "attach mejia tgt\nphase first-fire\nfire m10:10@6 -> tgt [5] loss=3\nturn 2\n");
	assert_int_equal(findings_on(&x, 4, FINDING_MISSING_ROLL), 1);
	done(&x);
	/* logged: nothing missing; and at the battle's end too */
	run(&x, "attach mejia tgt\nphase first-fire\nfire m10:10@6 -> tgt [5] loss=3\nhit mejia [15] miss\nturn 2\n");
	assert_int_equal(findings_on(&x, 5, FINDING_MISSING_ROLL), 0);
	done(&x);
	run(&x, "attach mejia tgt\nphase first-fire\nfire m10:10@6 -> tgt [5] loss=3\n");
	int missing = 0;
	for (int i = 0; i < x.f.n; i++)
		missing += x.f.v[i].code == FINDING_MISSING_ROLL;
	assert_int_equal(missing, 1);
	assert_int_equal(findings_on(&x, 3, FINDING_MISSING_ROLL), 1);	/* on the last line */
	done(&x);
	/* a 15 over 3 losses misses: no Leader Casualty roll follows */
	run(&x, "attach mejia tgt\nphase first-fire\nfire m10:10@6 -> tgt [5] loss=3\nhit mejia [15] miss\n"
		"wound mejia [4] minor\n");
	assert_int_equal(findings_on(&x, 5, FINDING_STATE), 1);
	done(&x);
}

/* "U.S. artillery (less than or equal to twelve pounders) may perform two
 * functions in a turn. It costs the leader one point to give the U.S.
 * artillery unit both orders, not two points. All other artillery may
 * only perform one function" (004:310). */
static void test_two_functions(void **state)
{
	(void)state;
	struct run x;
	/* g12 (US, 12 lb): move, then first-fire, one point; it fires in First Fire */
	run(&x, "phase orders\norders taylor d4[1]: g12 move; g12 first-fire\nphase first-fire\nfire g12:1@10 -> tgt [5]\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 0);
	assert_int_equal(findings_on(&x, 4, FINDING_ILLEGAL), 0);
	assert_int_equal(leader_points_left(&x, 2, "taylor"), 2 + 1 - 1);
	int g12 = 0;	/* each order names the battery: a part each */
	for (int i = 0; i < rec(&x, 2)->n_parts; i++)
		g12 += strcmp(rec(&x, 2)->parts[i].unit, "g12") == 0;
	assert_int_equal(g12, 2);
	done(&x);
	/* a third order is excess */
	run(&x, "phase orders\norders taylor d4[1]: g12 move; g12 first-fire; g12 hold\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 1);
	done(&x);
	/* g24 (24 lb): one function */
	run(&x, "phase orders\norders taylor d4[2]: g24 move; g24 first-fire\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 1);
	done(&x);
}

/* "Dead or incapacitated leaders are replaced ... Until the replacement
 * leader takes over, all units within the dead leader's command must roll
 * randomly" (004:379): once lane takes over wool's command (`replace wool
 * lane`), he orders wool's m10 as its own commander, one point; before, m10
 * is not in lane's command. */
static void test_replacement_commands(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase orders\norders lane d4[1]: m10 move\n");
	assert_int_equal(findings_on(&x, 2, FINDING_ILLEGAL), 1);
	done(&x);
	run(&x, "phase orders\nreplace wool lane\norders lane d4[1]: m10 move\n");
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 0);
	assert_true(step_says(&x, 3, "costs 1 point"));
	done(&x);
	/* wool dies (a 17-20 on the Leader Casualty Table, 004:377): until lane
	 * takes over, not even taylor, above him, orders wool's r13 */
	run(&x, "attach wool m10\nphase first-fire\nfire tgt:20@6 -> m10 [5] loss=3\nhit wool [1] hit\nwound wool [18] dead\n"
		"turn 2\nphase orders\norders taylor d4[2]: r13 move\nturn 3\nphase orders\nreplace wool lane\n"
		"orders lane d4[1]: r13 move\n");
	assert_int_equal(findings_on(&x, 8, FINDING_ILLEGAL), 1);
	assert_int_equal(findings_on(&x, 12, FINDING_ILLEGAL), 0);
	done(&x);
}

/* The roll to close: "11: stops" on the test chart (tests/sar/test.charts,
 * 004:256 gives the roll; 12 or more closes, 004:284): gr stopped short
 * has no melee that turn; closing on 15, it has. */
static void test_no_melee_after_stopping(void **state)
{
	(void)state;
	struct run x;
	charted(&x, "phase melee\nclose [10]: gr -2green +3charging =11 stops\nmelee gr -> m10 [5] | [5]\n");
	assert_int_equal(findings_on(&x, 2, FINDING_LOOKUP), 0);
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	done(&x);
	charted(&x, "phase melee\nclose [10]: gr\nmelee gr -> m10 [5] | [5]\n");	/* derived, not claimed */
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 1);
	done(&x);
	charted(&x, "phase melee\nclose [14]: gr -2green +3charging =15 closes\nmelee gr -> m10 [5] | [5]\n");
	assert_int_equal(findings_on(&x, 3, FINDING_ILLEGAL), 0);
	done(&x);
}

/* Emergency square without a chart file: the claimed training modifier
 * is taken on trust, added to the die (004:300): 9 - 1 = 8, within the 9"
 * the cavalry covers, so the square forms. */
static void test_square_on_trust(void **state)
{
	(void)state;
	struct run x;
	run(&x, "phase charges\nsquare [9]: gr@9 -1green formed\nphase moves\nmove d6[6]: m10\n");
	assert_int_equal(part(&x, 2, "unit")->total, 8);
	assert_int_equal(findings_on(&x, 2, FINDING_EFFECT), 0);
	assert_true(step_says(&x, 4, "1 six among the dice"));
	done(&x);
}

/* "If a Mexican cavalry brigade has fewer than four regiments, the brigade
 * commander's LR should automatically be zero" (004:130): LR 2 commanding
 * three cavalry regiments rolls d4 1 for 0 + 1 = 1 point (zero), or keeps
 * his 2 for 3 (kept); with four regiments he keeps it either way. */
static void test_small_cavalry_brigade(void **state)
{
	(void)state;
	static const struct {
		const char *option;
		int regiments, points;
	} cases[] = {{"zero", 3, 1}, {"kept", 3, 3}, {"zero", 4, 3}};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char text[1024];
		int n = snprintf(text, sizeof text, "battle \"C\" rules=sar\noption mex-cavalry-brigade=%s\n"
				 "side MEX nation=mexico\n  leader c \"C\" lr2\n", cases[k].option);
		for (int r = 0; r < cases[k].regiments; r++)
			n += snprintf(text + n, sizeof text - (size_t)n,
				      "  unit l%d \"L\" cav regular none stands=8 cmd=c\n", r);
		snprintf(text + n, sizeof text - (size_t)n, "turn 1\nphase orders\norders c d4[1]: l0 move\n");
		struct tu_audited x;
		tu_audit(&x, text, NULL);
		const struct rec_state *st = record_find_state(&x.r.v[x.r.n - 1], 'L', "c");
		assert_non_null(st);
		int left = fields_get(&st->fields, "points_left")->num;
		if (left + 1 != cases[k].points)	/* the order cost 1 */
			fail_msg("%s, %d regiments: %d points, expected %d", cases[k].option, cases[k].regiments, left + 1,
				 cases[k].points);
		tu_audited_release(&x);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_allocation),
		cmocka_unit_test(test_weapon_ranges),
		cmocka_unit_test(test_leader_casualty_table),
		cmocka_unit_test(test_fire_columns),
		cmocka_unit_test(test_fire_claims),
		cmocka_unit_test(test_breaking),
		cmocka_unit_test(test_worked_example),
		cmocka_unit_test(test_round_remaining),
		cmocka_unit_test(test_melee_flank),
		cmocka_unit_test(test_round_due),
		cmocka_unit_test(test_attach),
		cmocka_unit_test(test_broken_orders),
		cmocka_unit_test(test_fire_columns_more),
		cmocka_unit_test(test_fire_phase),
		cmocka_unit_test(test_melee_more),
		cmocka_unit_test(test_recover_after_melee),
		cmocka_unit_test(test_outnumbered),
		cmocka_unit_test(test_melee_claim_side),
		cmocka_unit_test(test_fire_claim_side),
		cmocka_unit_test(test_ruling_tallies),
		cmocka_unit_test(test_ruling_melee_side),
		cmocka_unit_test(test_turn_names_no_side),
		cmocka_unit_test(test_fire_at_locked),
		cmocka_unit_test(test_leader_hit_due),
		cmocka_unit_test(test_two_functions),
		cmocka_unit_test(test_replacement_commands),
		cmocka_unit_test(test_no_melee_after_stopping),
		cmocka_unit_test(test_square_on_trust),
		cmocka_unit_test(test_small_cavalry_brigade),
		cmocka_unit_test(test_recover),
		cmocka_unit_test(test_movement),
		cmocka_unit_test(test_fire_column_edge),
		cmocka_unit_test(test_arm_fields),
		cmocka_unit_test(test_declared_limbered),
		cmocka_unit_test(test_orders),
		cmocka_unit_test(test_leaders),
		cmocka_unit_test(test_rally),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_chart_fire),
		cmocka_unit_test(test_chart_close_rally_random),
		cmocka_unit_test(test_chart_breakthrough_square),
		cmocka_unit_test(test_chart_movement),
		cmocka_unit_test(test_text_built_in),
		cmocka_unit_test(test_training_unknown),
		cmocka_unit_test(test_chart_fire_edges),
		cmocka_unit_test(test_chart_melee_no_loss),
		cmocka_unit_test(test_close_sum),
		cmocka_unit_test(test_stand_after_fire),
		cmocka_unit_test(test_melee_breakthrough),
		cmocka_unit_test(test_phase_order),
		cmocka_unit_test(test_carbine_band),
		cmocka_unit_test(test_worked_example_charted),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
