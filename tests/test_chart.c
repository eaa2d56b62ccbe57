/* test_chart: reading a chart file (grammar/chart.c) against a ruleset's
 * chart specs, here Santa Anna Rules!' (audit/sar/sar_vocab.c): rows, ranges,
 * `?`, and each error at its line and column. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/ruleset.h"
#include "../audit/sar/sar.h"
#include "../grammar/arena.h"
#include "../grammar/buf.h"
#include "../grammar/chart.h"

struct read {
	struct sources src;
	struct arena *ar;
	struct diags d;
	struct charts set;
	int errors;
};

static void read_text(struct read *r, const char *text)
{
	memset(r, 0, sizeof *r);
	sources_init(&r->src);
	r->ar = arena_new();
	diags_init(&r->d, 50);
	int file = sources_add_text(&r->src, "t.charts", text, strlen(text), (struct loc){-1, 0, 0, 0});
	r->errors = chart_read(&r->set, &r->src, file, &sar_vocab, r->ar, &r->d);
}

static void release(struct read *r)
{
	free(r->set.v);
	diags_release(&r->d);
	arena_free(r->ar);
	sources_release(&r->src);
}

/* The one error of text: its code, line and column. */
static void expect_error(const char *text, enum diag_code code, int line, int col)
{
	struct read r;
	read_text(&r, text);
	if (r.errors != 1 || r.d.n != 1)
		fail_msg("%d errors for:\n%s\n%s", r.errors, text, tu_diag_list(&r.d));
	assert_int_equal(r.d.v[0].code, code);
	assert_int_equal(r.d.v[0].at.line, line);
	assert_int_equal(r.d.v[0].at.col, col);
	release(&r);
}

static const char good[] =
	"# a comment\n"
	"chart rally-or-route\n"
	"columns route rally   # in the file's order\n"
	"2-      breaks  fails\n"
	"3-9     ?       fails\n"
	"10      holds   rallies\n"
	"11+     holds   rallies\n"
	"\n"
	"chart combat-effects\n"
	"columns 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
	"20 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 -9\n"
	"chart movement\n"
	"columns inches dice\n"
	"infantry regular 5 1\n"
	"cav green 8 3\n";

static void test_reads(void **state)
{
	(void)state;
	struct read r;
	read_text(&r, good);
	assert_int_equal(r.errors, 0);
	assert_int_equal(r.set.n, 3);
	const struct chart *c = chart_find(&r.set, SCH_RALLY_ROUTE);
	assert_non_null(c);
	assert_int_equal(c->n_rows, 4);
	/* cells in the spec's order: rally first, whatever the file's */
	assert_int_equal(chart_roll(c, -7)->cells[SCC_RALLY], SRE_FAILS);	/* 2-: 2 or less */
	assert_int_equal(chart_roll(c, 2)->cells[SCC_ROUTE], SRO_BREAKS);
	assert_int_equal(chart_roll(c, 5)->cells[SCC_ROUTE], CHART_UNKNOWN);
	assert_int_equal(chart_roll(c, 10)->cells[SCC_RALLY], SRE_RALLIES);
	assert_int_equal(chart_roll(c, 99)->at.line, 7);	/* 11+: 11 or more */
	const struct chart *e = chart_find(&r.set, SCH_EFFECTS);
	assert_null(chart_roll(e, 19));
	assert_int_equal(chart_roll(e, 20)->cells[chart_column(e, 16)], -9);
	assert_int_equal(chart_column(e, 17), -1);
	const struct chart *m = chart_find(&r.set, SCH_MOVEMENT);
	assert_int_equal(chart_words(m, SAR_INF, SAR_REGULAR)->cells[SCC_INCHES], 5);	/* an alias */
	assert_int_equal(chart_words(m, SAR_CAV, SAR_GREEN)->cells[SCC_DICE], 3);
	assert_null(chart_words(m, SAR_CAV, SAR_REGULAR));
	assert_null(chart_find(&r.set, SCH_RANDOM));
	release(&r);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("chart combat-efects\n", DIAG_UNKNOWN_WORD, 1, 7);
	struct read r;	/* a near miss is named; a word near none is not */
	read_text(&r, "chart combat-efects\n");
	assert_non_null(strstr(r.d.v[0].msg, "has no chart 'combat-efects': did you mean 'combat-effects'?"));
	release(&r);
	read_text(&r, "chart weather\n");
	assert_non_null(strstr(r.d.v[0].msg, "has no chart 'weather'; its charts: "));
	assert_null(strstr(r.d.v[0].msg, "did you mean"));
	release(&r);
	/* one bad `columns` line is one error, not one more per row under it;
	 * the next chart is read as usual */
	read_text(&r, "chart random-orders\ncolumns orderz\n1-5 advance\n6-9 halt\n"
		      "chart melee-column\ncolumns column\n1-5 3\n3 x\n");
	assert_int_equal(r.d.n, 2);
	assert_int_equal(r.d.v[0].at.line, 2);
	assert_int_equal(r.d.v[1].at.line, 8);	/* the second chart's own error */
	release(&r);
	/* overlapping ranges are named, with the rolls both cover */
	read_text(&r, "chart random-orders\ncolumns order\n1-5 advance\n4-9 halt\n5+ withdraw\n");
	assert_int_equal(r.d.n, 2);	/* a row in error is not kept: the third meets the first */
	assert_string_equal(r.d.v[0].msg, "this row (4-9) overlaps the row at line 3 (1-5): both cover 4-5");
	assert_string_equal(r.d.v[1].msg, "this row (5+) overlaps the row at line 3 (1-5): both cover 5");
	release(&r);
	read_text(&r, "chart random-orders\ncolumns order\n3- advance\n2-4 halt\n");
	assert_string_equal(r.d.v[0].msg, "this row (2-4) overlaps the row at line 3 (3-): both cover 2-3");
	release(&r);
	expect_error("10 closes\n", DIAG_EXPECTED, 1, 1);
	expect_error("chart\n", DIAG_EXPECTED, 1, 1);
	expect_error("chart random-orders extra\n", DIAG_TRAILING, 1, 21);
	expect_error("chart random-orders\n1-5 advance\n", DIAG_EXPECTED, 2, 1);	/* before columns */
	expect_error("chart random-orders\ncolumns result\n", DIAG_UNKNOWN_WORD, 2, 9);
	expect_error("chart close-or-stand\ncolumns close\n", DIAG_EXPECTED, 2, 9);	/* one of two */
	expect_error("chart close-or-stand\ncolumns close close\n", DIAG_DUPLICATE, 2, 15);
	expect_error("chart random-orders\ncolumns order\n1-5 advance\n5-9 halt\n", DIAG_DUPLICATE, 4, 1);
	expect_error("chart random-orders\ncolumns order\n1-5 retreat\n", DIAG_EXPECTED, 3, 5);
	expect_error("chart random-orders\ncolumns order\n5-1 halt\n", DIAG_EXPECTED, 3, 1);
	expect_error("chart random-orders\ncolumns order\n1-5 halt halt\n", DIAG_TRAILING, 3, 10);
	expect_error("chart random-orders\ncolumns order\n1-5\n", DIAG_EXPECTED, 3, 1);
	expect_error("chart melee-column\ncolumns column\n1-5 99999\n", DIAG_EXPECTED, 3, 5);
	expect_error("chart melee-column\ncolumns column\n1-5 3\nchart melee-column\n", DIAG_DUPLICATE, 4, 7);
	expect_error("chart melee-column\n", DIAG_EXPECTED, 1, 1);	/* no columns line */
	expect_error("chart movement\ncolumns inches dice\ninf 5 1\n", DIAG_EXPECTED, 3, 5);
	expect_error("chart movement\ncolumns inches dice\ninf regular 5 1\ninf regular 6 1\n", DIAG_DUPLICATE, 4, 1);
}

/* A cell that differs from what the text states warns on that cell, and
 * reads: the worked example begins 9 participants in column 3 and closes
 * at 12 or more (004:284), regular infantry moves 5" + 1d6 (004:166).  A
 * `?`, an agreeing cell, and a row the text says nothing of do not warn. */
static void test_against_text(void **state)
{
	(void)state;
	struct read r;
	read_text(&r, "chart melee-column\ncolumns column\n9 5\n8 3\n7 2\n"
		      "chart close-or-stand\ncolumns stand close\n10-14 ? stops\n19 stands closes\n"
		      "chart movement\ncolumns dice inches\ninf regular 1 6\ninf green 1 4\n");
	assert_int_equal(r.errors, 0);
	assert_string_equal(tu_diag_list(&r.d), "chart-text@3:3, chart-text@8:9, chart-text@12:15");
	assert_non_null(strstr(r.d.v[0].msg, "states 3 here (004:284"));
	assert_non_null(strstr(r.d.v[1].msg, "states closes here"));
	assert_non_null(strstr(r.d.v[2].msg, "states 5 here (004:166"));
	assert_int_equal(chart_roll(chart_find(&r.set, SCH_MELEE_COLUMN), 9)->cells[0], 5);	/* read as written */
	release(&r);
}

/* A ruleset without charts says so; a file of many fields is cut. */
static void test_limits(void **state)
{
	(void)state;
	struct read r;
	memset(&r, 0, sizeof r);
	sources_init(&r.src);
	r.ar = arena_new();
	diags_init(&r.d, 50);
	const char *text = "chart combat-effects\n";
	int file = sources_add_text(&r.src, "t.charts", text, strlen(text), (struct loc){-1, 0, 0, 0});
	assert_int_equal(chart_read(&r.set, &r.src, file, ruleset_default(), r.ar, &r.d), 1);
	assert_non_null(strstr(r.d.v[0].msg, "takes no chart file"));
	release(&r);
	char many[1024] = "chart melee-column\ncolumns column\n1";
	for (int i = 0; i < 70; i++)
		strcat(many, " 1");
	expect_error(many, DIAG_TOO_MANY, 3, 1);
	/* a chart of more rows than a card has: the first past the cap is
	 * reported, once, and reading stays linear */
	struct buf rows;
	buf_init(&rows, 0);
	buf_puts(&rows, "chart melee-column\ncolumns column\n");
	for (int i = 1; i <= 5000; i++)
		buf_printf(&rows, "%d %d\n", i, i == 10 || i == 14 ? 4 : 3);	/* as the text states (004:284) */
	read_text(&r, rows.text);
	assert_int_equal(r.errors, 1);
	assert_int_equal(r.d.v[0].code, DIAG_TOO_MANY);
	assert_int_equal(r.d.v[0].at.line, 1003);
	assert_int_equal(chart_find(&r.set, SCH_MELEE_COLUMN)->n_rows, 1000);
	release(&r);
	buf_release(&rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_against_text),
		cmocka_unit_test(test_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
