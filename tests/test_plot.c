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
	assert_non_null(strstr(script, "set title 'Stands lost per turn'\n"));	/* the ruleset's word */
	/* the palette: Okabe-Ito's blue first, then its orange, each with a mark of its own */
	assert_non_null(strstr(script, "set linetype 1 lc rgb '#0072B2' lw 2 pt 7 ps 0.8 dt 1\n"
				       "set linetype 2 lc rgb '#E69F00' lw 2 pt 5 ps 0.8 dt 1\n"));
	assert_non_null(strstr(script, "set linetype 8 lc rgb '#0072B2' lw 2 pt 8 ps 0.8 dt 2\n"));
	free(script);
	/* one brigade, one panel: the units by name, each line a tenth of a turn
	 * along and a thirtieth of the scale (MEX's largest, 10 stands) up from
	 * its neighbour's: 0.05 and 0.17 either way */
	script = tu_read_file("build/test-plot/known-stands-2-MEX.gp", NULL);
	assert_non_null(strstr(script, "$b1 << EOD\n\"turn\" \"2nd Light Infantry\" \"4th Line Infantry\"\n"
				       "\"1\" 10 7\n\"2\" 9 7\n\"3\" 7 7\n\"end\" 7 ?\nEOD\n"));
	assert_non_null(strstr(script, "set xtics (\"1\" 0, \"2\" 1, \"3\" 2, \"end\" 3)\n"));
	assert_non_null(strstr(script, "plot $b1 using ($0-0.05):($2-0.17) title columnheader(2), "
				       "$b1 using ($0+0.05):($3+0.17) title columnheader(3)\n"));
	assert_null(strstr(script, "multiplot"));
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

/* A side of seven brigades, one unit each: a panel a brigade, six to a
 * figure, so two figures, "(1 of 2)" and "(2 of 2)"; the other side's
 * one brigade a single plot. */
static void test_brigade_panels(void **state)
{
	(void)state;
	char *err = NULL;
	if (!plot_available(&err)) {
		free(err);
		skip();
	}
	FILE *out = fopen("build/panels.battle", "w");
	fputs("battle \"Panels\" id=panels rules=rff-maw\nside US nation=US \"Americans\"\n", out);
	for (int i = 1; i <= 7; i++)
		fprintf(out, "  leader l%d \"Leader %d\" able\n  unit u%d \"Unit %d\" inf trained spirited M stands=%d "
			     "cmd=l%d line\n", i, i, i, i, i + 2, i);
	fputs("side MEX nation=MEX \"Mexicans\"\n  leader art \"Gen Arista\" able\n"
	      "  unit 2lt \"2nd Light\" inf trained spirited IM stands=10 cmd=art line\nturn 1 US daylight\n", out);
	fclose(out);
	int64_t id;
	struct store *s = tu_import(NULL, "build/panels.battle", NULL, &id);
	struct facts f;
	assert_true(facts_load(s, id, &f, &err));
	struct plots p;
	assert_true(plot_battle(s, &f, "build/test-plot", "panels", PLOT_SVG, &p, &err));
	int stands = 0;
	for (int i = 0; i < p.n; i++)
		stands += strstr(p.v[i].name, "stands-") != NULL;
	assert_int_equal(stands, 3);
	char *script = tu_read_file("build/test-plot/panels-stands-1-US-1.gp", NULL);
	assert_non_null(strstr(script, "set multiplot layout 3,2 title 'US (1 of 2): stands of each unit when each "
				       "turn began'\n"));
	assert_non_null(strstr(script, "set title 'Leader 1'\n"));
	assert_non_null(strstr(script, "set title 'Leader 6'\n"));
	assert_null(strstr(script, "Leader 7"));
	/* one scale for all: the largest unit's 9 stands, and a little above */
	assert_non_null(strstr(script, "set yrange [0:10]\nset ytics 2\n"));
	free(script);
	script = tu_read_file("build/test-plot/panels-stands-1-US-2.gp", NULL);
	assert_non_null(strstr(script, "set title 'US (2 of 2): stands of each unit when each turn began'\n"));
	assert_non_null(strstr(script, "\"turn\" \"Unit 7\"\n\"1\" 9\n\"end\" 9\n"));
	assert_null(strstr(script, "multiplot"));
	free(script);
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
		cmocka_unit_test(test_brigade_panels),
		cmocka_unit_test(test_missing_gnuplot),
		cmocka_unit_test(test_file_prefix),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
