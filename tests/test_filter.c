/* test_filter: audit's --turn, --side, --unit and --severity, on tu_prelude
 * (turn 1 is the US player's) and two more turns. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../audit/filter.h"

static void test_turns(void **state)
{
	(void)state;
	char why[256];
	struct filter f = filter_none();
	assert_false(filter_any(&f));
	assert_true(filter_turns(&f, "3", why, sizeof why));
	assert_int_equal(f.turn_from, 3);
	assert_int_equal(f.turn_to, 3);
	assert_true(filter_any(&f));
	assert_true(filter_turns(&f, "2-5", why, sizeof why));
	assert_int_equal(f.turn_from, 2);
	assert_int_equal(f.turn_to, 5);
	assert_true(filter_turns(&f, "9999", why, sizeof why));
	assert_true(filter_turns(&f, "10-20", why, sizeof why));	/* the digit 0 */
	assert_int_equal(f.turn_from, 10);
	assert_int_equal(f.turn_to, 20);
	static const char *const bad[] = {"0", "", "-", "3-", "-3", "x", "3x", "3-2", "10000", "1-10000", "2--3"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct filter g = filter_none();
		if (filter_turns(&g, bad[i], why, sizeof why))
			fail_msg("--turn %s taken", bad[i]);
		assert_int_equal(g.turn_from, 0);
	}
	assert_non_null(strstr(why, "takes a turn N or turns N-M"));
	filter_turns(&f, "3-2", why, sizeof why);
	assert_non_null(strstr(why, "the first turn is after the last"));
}

static void test_severity(void **state)
{
	(void)state;
	char why[256];
	struct filter f = filter_none();
	assert_int_equal(f.severity, -1);
	assert_true(filter_severity(&f, "error", why, sizeof why));
	assert_true(filter_any(&f));	/* error is severity 0 */
	assert_true(filter_severity(&f, "warning", why, sizeof why));
	assert_int_equal(f.severity, DIAG_WARNING);
	assert_true(filter_severity(&f, "note", why, sizeof why));
	assert_int_equal(f.severity, DIAG_NOTE);
	assert_true(filter_severity(&f, "error", why, sizeof why));
	assert_int_equal(f.severity, DIAG_ERROR);
	assert_false(filter_severity(&f, "Error", why, sizeof why));
	assert_non_null(strstr(why, "error, warning or note"));
	assert_int_equal(f.severity, DIAG_ERROR);
}

/* tu_prelude, then: statement numbers as the body's lines run */
static const char body[] = "phase fire\nfire 5inf@6 -> 2lt [9]\n  ruling accept by=u \"u\"\n"
			   "turn 2 MEX\nphase fire\nfire 2lt@6 -> 8inf [5]\nturn 3 US\n";

static struct battle *parse_body(struct diags *d)
{
	char text[2048];
	snprintf(text, sizeof text, "%s%s", tu_prelude, body);
	struct battle *b = tu_parse(text, d);
	assert_int_equal(d->n_errors, 0);
	return b;
}

/* The statement on line n of the body (from 1). */
static int stmt_on(const struct battle *b, int n)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].line == tu_prelude_lines() + n)
			return i;
	fail_msg("no statement on body line %d", n);
	return -1;
}

static void test_view(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = parse_body(&d);
	char why[256];
	struct filter f = filter_none();
	struct filter_view v;
	f.side = "FR";
	assert_false(filter_view_init(&v, &f, b, why, sizeof why));
	assert_non_null(strstr(why, "declares no side 'FR'"));
	f = filter_none();
	f.unit = "9inf";
	assert_false(filter_view_init(&v, &f, b, why, sizeof why));
	assert_non_null(strstr(why, "declares no unit or leader '9inf'"));
	/* turn 2 alone: its fire, not turn 1's nor turn 1's ruling */
	f = filter_none();
	filter_turns(&f, "2", why, sizeof why);
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	assert_false(filter_stmt(&v, stmt_on(b, 2)));
	assert_false(filter_stmt(&v, stmt_on(b, 3)));
	assert_true(filter_stmt(&v, stmt_on(b, 6)));
	assert_false(filter_stmt(&v, stmt_on(b, 7)));	/* turn 3's header */
	filter_view_release(&v);
	/* turns 1-2: a ruling goes with its event's turn */
	filter_turns(&f, "1-2", why, sizeof why);
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	assert_true(filter_stmt(&v, stmt_on(b, 2)));
	assert_true(filter_stmt(&v, stmt_on(b, 3)));
	assert_true(filter_stmt(&v, stmt_on(b, 6)));
	filter_view_release(&v);
	/* a unit: its declaration, and the events its records note */
	f = filter_none();
	f.unit = "8INF";	/* ids match in any case */
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	assert_true(filter_stmt(&v, battle_find(b, 'U', "8inf")->stmt));
	assert_false(filter_stmt(&v, stmt_on(b, 6)));	/* until noted */
	struct records r;
	records_init(&r);
	struct fields none = {.n = 0};
	record_state(records_add(&r, stmt_on(b, 2), "fire"), 'U', "5inf", &none);
	record_state(records_add(&r, stmt_on(b, 6), "fire"), 'U', "8inf", &none);
	filter_view_note(&v, &r);
	assert_false(filter_stmt(&v, stmt_on(b, 2)));
	assert_true(filter_stmt(&v, stmt_on(b, 6)));
	records_release(&r);
	filter_view_release(&v);
	battle_free(b);
	diags_release(&d);
}

static void test_findings(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = parse_body(&d);
	char why[256];
	struct filter f = filter_none();
	f.side = "mex";	/* sides match in any case */
	filter_severity(&f, "warning", why, sizeof why);
	struct filter_view v;
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	struct finding x = {.severity = DIAG_WARNING, .side = "MEX", .stmt = stmt_on(b, 6)};
	assert_true(filter_finding(&v, &x));
	x.severity = DIAG_ERROR;
	assert_false(filter_finding(&v, &x));
	x.severity = DIAG_WARNING;
	x.side = "US";
	assert_false(filter_finding(&v, &x));
	x.side = NULL;	/* charged to no side */
	assert_false(filter_finding(&v, &x));
	filter_view_release(&v);
	/* errors alone (severity 0): not a warning */
	f = filter_none();
	filter_severity(&f, "error", why, sizeof why);
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	x = (struct finding){.severity = DIAG_WARNING, .side = "MEX", .stmt = stmt_on(b, 6)};
	assert_false(filter_finding(&v, &x));
	x.severity = DIAG_ERROR;
	assert_true(filter_finding(&v, &x));
	filter_view_release(&v);
	/* nothing asked: everything, whatever its statement */
	f = filter_none();
	assert_true(filter_view_init(&v, &f, b, why, sizeof why));
	x.stmt = -1;
	assert_true(filter_finding(&v, &x));
	filter_view_release(&v);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turns),
		cmocka_unit_test(test_severity),
		cmocka_unit_test(test_view),
		cmocka_unit_test(test_findings),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
