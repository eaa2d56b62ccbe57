/* test_plot: the plots' scripts of tests/reports/known.battle, their data
 * worked out by hand (the battle is derived in tests/test_report.c), drawn
 * by gnuplot; file names and texts that cannot reach outside a folder or
 * make gnuplot run anything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "../db/import.h"
#include "../reports/plot.h"

/* Stands when each turn began: US 14, 14, 14, then 13 at the end (3inf's
 * straggler in turn 3); MEX 17, 16 (2lt's Telling Fire in turn 1), 14
 * (2lt's Panic in turn 2), 7 (4line's Swept in turn 3, 7 -> 5 stands, then
 * removed with its 5, as the casualty report counts it).  So lost per
 * turn: US 0 0 1, MEX 1 2 7.  Faces: US 9, 5, 10; MEX 1, 2 and Arista's 8. */
static void test_known_plots(void **state)
{
	(void)state;
	char *err = NULL;
	if (!plot_available(&err)) {
		free(err);
		skip();
	}
	int64_t id;
	struct store *s = tu_import(NULL, "tests/reports/known.battle", NULL, &id);
	struct facts f;
	assert_true(facts_load(s, id, &f, &err));
	struct plots p;
	assert_true(plot_battle(s, &f, "build/test-plot", "known", PLOT_SVG, &p, &err));
	assert_int_equal(p.n, 5);
	assert_string_equal(p.v[0].script, "build/test-plot/known-losses.gp");
	assert_string_equal(p.v[0].image, "build/test-plot/known-losses.svg");
	char *script = tu_read_file(p.v[0].script, NULL);
	assert_non_null(strstr(script, "$data << EOD\n\"turn\" \"US\" \"MEX\"\n\"1\" 0 1\n\"2\" 0 2\n\"3\" 1 7\nEOD\n"));
	assert_non_null(strstr(script, "set termoption noenhanced\n"));
	free(script);
	script = tu_read_file("build/test-plot/known-stands-2-MEX.gp", NULL);
	assert_non_null(strstr(script, "\"turn\" \"2lt\" \"4line\"\n\"1\" 10 7\n\"2\" 9 7\n\"3\" 7 7\n\"end\" 7 ?\n"));
	free(script);
	script = tu_read_file("build/test-plot/known-dice.gp", NULL);
	assert_non_null(strstr(script, "\"face\" \"US\" \"MEX\"\n\"1\" 0 1\n\"2\" 0 1\n\"3\" 0 0\n\"4\" 0 0\n"
				       "\"5\" 1 0\n\"6\" 0 0\n\"7\" 0 0\n\"8\" 0 1\n\"9\" 1 0\n\"10\" 1 0\nEOD\n"));
	free(script);
	char *svg = plot_svg_inline(p.v[0].image, "f1");
	assert_non_null(svg);
	assert_memory_equal(svg, "<svg", 4);	/* no XML prolog: it goes inside a page */
	assert_non_null(strstr(svg, "id=\"f1-gnuplot_canvas\""));	/* ids of its own on a page of several */
	assert_null(strstr(svg, "id=\"gnuplot_canvas\""));
	free(svg);
	plots_release(&p);
	facts_release(&f);
	store_close(s);
}

static void test_missing_gnuplot(void **state)
{
	(void)state;
	setenv("UMPIRE_GNUPLOT", "/nonexistent/gnuplot", 1);
	char *err = NULL;
	assert_false(plot_available(&err));
	assert_non_null(strstr(err, "UMPIRE_GNUPLOT"));
	free(err);
	unsetenv("UMPIRE_GNUPLOT");
}

static void test_file_prefix(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"palo-alto", "palo-alto"}, {"../../etc/passwd", "-.-..-etc-passwd"}, {"Palo Alto", "Palo-Alto"},
		{"", "battle"}, {NULL, "battle"}, {"..", "battle"}, {"a/b", "a-b"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *p = plot_file_prefix(cases[i].in);
		assert_string_equal(p, cases[i].out);
		free(p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_plots),
		cmocka_unit_test(test_missing_gnuplot),
		cmocka_unit_test(test_file_prefix),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
