/* test_roster: the state in the ruleset's words, and what caused it
 * (umpire state, the recorder's status). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../audit/roster.h"

static const struct ruleset_terms *terms_of(const char *ruleset)
{
	const struct ruleset *rs = ruleset_find(ruleset);
	assert_non_null(rs);
	return rs->terms;
}

static const char *described(const struct ruleset_terms *t, char kind, const struct fields *f)
{
	static char text[512];
	struct buf out;
	buf_init(&out, 0);
	roster_describe(t, kind, f, &out);
	snprintf(text, sizeof text, "%s", out.text);
	buf_release(&out);
	return text;
}

/* RFF: stands of start, then the effectiveness, order and formation in the
 * Quick Reference Sheet's order (its list), whatever the fields' order;
 * false flags say nothing; the audit's doubt comes last. */
static void test_rff_words(void **state)
{
	(void)state;
	const struct ruleset_terms *t = terms_of("rff-maw");
	struct fields f = {0};
	fields_text(&f, "side", "US");
	fields_int(&f, "stands", 7);
	fields_int(&f, "start", 8);
	fields_bool(&f, "removed", false);
	fields_bool(&f, "off_table", false);
	fields_bool(&f, "low_ammo", false);
	fields_text(&f, "order", "disordered");
	fields_text(&f, "formation", "line");
	fields_bool(&f, "disorder_pending", false);
	fields_bool(&f, "diverged", false);
	fields_text(&f, "effectiveness", "worn");
	assert_string_equal(described(t, 'U', &f), "7 of 8 stands, worn, disordered, line");
	f.v[9].num = true;	/* diverged */
	f.v[5].num = true;	/* low_ammo */
	assert_string_equal(described(t, 'U', &f),
			    "7 of 8 stands, worn, disordered, line, low on ammunition, follows a claim the audit disputes");

	struct fields gun = {0};
	fields_int(&gun, "stands", 2);
	fields_int(&gun, "start", 2);
	fields_bool(&gun, "off_table", true);
	fields_bool(&gun, "low_ammo", true);
	fields_int(&gun, "low_ammo_stands", 1);
	fields_bool(&gun, "limbered", false);
	fields_int(&gun, "silenced", 2);
	assert_string_equal(described(t, 'U', &gun),
			    "2 of 2 stands, not yet on the table, unlimbered, 2 silenced, low on ammunition (1 stand marked)");
}

/* SAR's tallies agree in number; a leader in play says so first. */
static void test_sar_words(void **state)
{
	(void)state;
	const struct ruleset_terms *t = terms_of("sar");
	struct fields f = {0};
	fields_int(&f, "stands", 15);
	fields_int(&f, "start", 21);
	fields_int(&f, "stragglers", 1);
	fields_int(&f, "casualties", 5);
	fields_text(&f, "state", "broken");
	fields_text(&f, "order", NULL);
	fields_bool(&f, "initial_volley", false);
	assert_string_equal(described(t, 'U', &f),
			    "15 of 21 effectives, broken, 1 straggler, 5 casualties, initial volley fired");
	f.v[2].num = 2;
	f.v[3].num = 1;
	f.v[6].num = true;
	assert_string_equal(described(t, 'U', &f),
			    "15 of 21 effectives, broken, 2 stragglers, 1 casualty, initial volley not fired yet");

	struct fields l = {0};
	fields_text(&l, "side", "US");
	fields_bool(&l, "in_play", true);
	fields_text(&l, "out_until", NULL);
	fields_bool(&l, "wounded", true);
	fields_int(&l, "lr", 2);
	fields_int(&l, "points_left", 1);
	fields_text(&l, "attached", "2ill");
	assert_string_equal(described(t, 'L', &l), "in play, wounded, with 2ill, LR 2, 1 point left this turn");
}

/* A field no list names is said by its name, never dropped; with no terms
 * the core's words alone. */
static void test_unlisted(void **state)
{
	(void)state;
	struct fields f = {0};
	fields_int(&f, "stands", 1);
	fields_int(&f, "start", 3);
	fields_int(&f, "new_marker", 4);
	fields_bool(&f, "shaken_up", true);
	fields_bool(&f, "removed", true);
	assert_string_equal(described(NULL, 'U', &f), "1 of 3 stands, removed from the battle, new marker 4, shaken up");
	assert_false(roster_has_words(NULL, 'U', "new_marker"));
	assert_true(roster_has_words(NULL, 'L', "replaced_by"));
}

/* Every field of every unit and leader of every example, at every event
 * and at the start, has its words: no raw field name reaches a reader. */
static void check_words(const char *path)
{
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_file(path, &d);
	assert_non_null(b);
	assert_int_equal(d.n_errors, 0);
	const struct ruleset_terms *t = ruleset_find(b->vocab->name)->terms;
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct audit_opts opts = {.records = &r};
	audit_battle(b, &opts, &f);
	for (int i = 0; i < r.n; i++)
		for (int k = 0; k < r.v[i].n_states; k++) {
			const struct rec_state *s = &r.v[i].states[k];
			for (int j = 0; j < s->fields.n; j++)
				if (!roster_has_words(t, s->kind, s->fields.v[j].name))
					fail_msg("%s: field %s of %s has no words", path, s->fields.v[j].name, s->id);
		}
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

static void test_every_field_has_words(void **state)
{
	(void)state;
	check_words("examples/palo-alto.battle");
	check_words("examples/resaca-de-la-palma.battle");
	check_words("examples/buena-vista.battle");
	check_words("examples/thomas-arroyo.battle");
}

static struct roster *roster_at(struct battle *b, int last)
{
	struct records r;
	records_init(&r);
	struct audit_opts opts = {.records = &r};
	struct roster *ro = roster_after(b, last, &opts);
	records_release(&r);
	return ro;
}

static const struct roster_entry *entry(const struct roster *r, const char *id)
{
	for (int i = 0; i < roster_count(r); i++)
		if (strcmp(roster_entry(r, i)->id, id) == 0)
			return roster_entry(r, i);
	fail_msg("no %s in the roster", id);
	return NULL;
}

static const char *causes(const struct roster *r, const struct battle *b, const char *id)
{
	static char text[1024];
	struct buf out;
	buf_init(&out, 0);
	roster_write_causes(r, b, entry(r, id), ruleset_find(b->vocab->name)->terms, "", &out);
	snprintf(text, sizeof text, "%s", out.text);
	buf_release(&out);
	return text;
}

/* A Telling Fire on the trained 2nd Light (9 or 10) costs it a stand and disorders
 * it (QRS, Musketry & Cannonade, Effects, 002:196): both from the fire's
 * line, with its rule; what did not change has no cause.  Before the
 * fire, and at the start, nothing has one. */
static void test_causes(void **state)
{
	(void)state;
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_body("phase fire offensive\n"
					 "fire 5inf:8@8 -> 2lt [9] =9 telling-fire loss=1\n"
					 "phase charge\n",
					 &d);
	assert_int_equal(d.n_errors, 0);
	int fire = tu_prelude_lines() + 2;
	struct roster *r = roster_at(b, b->n_stmts - 1);
	const struct roster_entry *e = entry(r, "2lt");
	assert_string_equal(described(ruleset_find("rff-maw")->terms, 'U', &e->now),
			    "9 of 10 stands, fresh, disordered, line");
	char want[512];
	snprintf(want, sizeof want, "9 stands, disordered: line %d, fire 5inf:8@8 -> 2lt [9] =9 telling-fire loss=1  [",
		 fire);
	const char *got = causes(r, b, "2lt");
	assert_memory_equal(got, want, strlen(want));
	assert_non_null(strstr(got, "Musketry & Cannonade, Effects"));
	assert_string_equal(causes(r, b, "5inf"), "");
	assert_string_equal(causes(r, b, "lee"), "");
	roster_free(r);

	r = roster_at(b, b->n_stmts - 3);	/* after the phase header */
	assert_string_equal(causes(r, b, "2lt"), "");
	assert_int_equal(entry(r, "2lt")->now.v[1].num, 10);
	roster_free(r);
	r = roster_at(b, -1);
	assert_string_equal(causes(r, b, "2lt"), "");
	roster_free(r);
	battle_free(b);
	diags_release(&d);
}

/* A SAR order holds for its turn (004:76): Wool's order to the 1st
 * Illinois at line 60 (turn 2) is the cause after it; in turn 3 the order
 * of line 91 is, not the one of turn 1 at line 29 which gave the same word
 * and lapsed with its turn. */
static void test_cause_after_a_lapse(void **state)
{
	(void)state;
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_file("examples/buena-vista.battle", &d);
	assert_non_null(b);
	int at60 = -1, at95 = -1;
	for (int i = 0; i < b->n_stmts; i++) {
		if (b->stmts[i].file == 0 && b->stmts[i].line <= 60)
			at60 = i;
		if (b->stmts[i].file == 0 && b->stmts[i].line <= 95)
			at95 = i;
	}
	struct roster *r = roster_at(b, at60);
	assert_non_null(strstr(causes(r, b, "1ill"), "ordered to hold this turn: line 60, orders wool"));
	roster_free(r);
	r = roster_at(b, at95);
	assert_non_null(strstr(causes(r, b, "1ill"), "ordered to hold this turn: line 91, orders wool"));
	roster_free(r);
	battle_free(b);
	diags_release(&d);
}

/* The statement of b at line of its own file. */
static int stmt_at_line(const struct battle *b, int line)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].file == 0 && b->stmts[i].line == line)
			return i;
	fail_msg("no statement at line %d", line);
	return -1;
}

/* tests/reports/known.battle.  Line 21: the disordered 2nd Light's check
 * totals -1, Panic (QRS, Maneuver Table, Effects: 0 or less, 002:43): its
 * cause cites that row, its own step, not the table's modifiers cited by
 * the check's first step; Arista's is his attachment at line 20.  Line 26: Arista, attached to the 4th Line swept
 * from the field, rolls 8 on the Fallen Leader Table (002:228): grievously
 * wounded, out of the battle; a leader's state and cause as a unit's. */
static void test_causes_of_a_check_and_a_leader(void **state)
{
	(void)state;
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_file("tests/reports/known.battle", &d);
	assert_non_null(b);
	struct roster *r = roster_at(b, stmt_at_line(b, 21));
	const char *got = causes(r, b, "2lt");
	assert_non_null(strstr(got, "line 21, mc [1]: "));
	assert_non_null(strstr(got, "[QRS, Maneuver Table, Effects: 0 or less panic (002:43)]"));
	/* attached at line 20 (attach art 4line): that line's doing */
	assert_non_null(strstr(causes(r, b, "art"), "with 4line: line 20, attach art 4line"));
	roster_free(r);
	r = roster_at(b, stmt_at_line(b, 26));
	const struct roster_entry *e = entry(r, "art");
	assert_string_equal(e->name, "Gen Arista");
	assert_string_equal(described(ruleset_find("rff-maw")->terms, 'L', &e->now),
			    "out of play, wounded, out of the battle");
	got = causes(r, b, "art");
	assert_non_null(strstr(got, "line 26, fallen art [8] grievously-wounded  [QRS, Fallen Leader Table (002:228)]"));
	roster_free(r);
	battle_free(b);
	diags_release(&d);
}

/* Fields with nothing to say describe as nothing, and say so. */
static void test_nothing_to_say(void **state)
{
	(void)state;
	struct fields f = {0};
	struct buf out;
	buf_init(&out, 0);
	buf_puts(&out, "x: ");
	assert_false(roster_describe(terms_of("rff-maw"), 'U', &f, &out));
	assert_string_equal(out.text, "x: ");
	fields_int(&f, "stands", 7);
	fields_int(&f, "start", 8);
	assert_true(roster_describe(terms_of("rff-maw"), 'U', &f, &out));
	assert_string_equal(out.text, "x: 7 of 8 stands");
	buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rff_words),
		cmocka_unit_test(test_sar_words),
		cmocka_unit_test(test_unlisted),
		cmocka_unit_test(test_every_field_has_words),
		cmocka_unit_test(test_causes),
		cmocka_unit_test(test_cause_after_a_lapse),
		cmocka_unit_test(test_causes_of_a_check_and_a_leader),
		cmocka_unit_test(test_nothing_to_say),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
