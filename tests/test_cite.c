/* test_cite: citations in the player's form, and the section table against
 * the seeds.  The seeds sit beside the clone (../shared/seeds); CI has
 * them, so there a missing seed fails instead of skipping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/cite.h"
#include "../grammar/buf.h"

/* cite_format remembers what it formatted last: a citation formatted again,
 * after many others (more than its memory holds, some sharing a place in
 * it), reads as it did the first time. */
static void test_format_again(void **state)
{
	(void)state;
	char cite[32];
	char *first[200];
	for (int i = 0; i < 200; i++) {
		snprintf(cite, sizeof cite, "002:%d", 20 + i);
		struct buf b;
		buf_init(&b, 0);
		cite_format(cite, &b);
		first[i] = buf_detach(&b);
		buf_release(&b);
		assert_non_null(strstr(first[i], cite));	/* its own seed line, not another's */
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < 200; i++) {
			snprintf(cite, sizeof cite, "002:%d", 20 + i);
			struct buf b;
			buf_init(&b, 0);
			buf_puts(&b, "x: ");	/* after text of the caller's: the citation alone is remembered */
			cite_format(cite, &b);
			assert_string_equal(b.text + 3, first[i]);
			buf_release(&b);
		}
	for (int i = 0; i < 200; i++)
		free(first[i]);
}

static const char *formatted(const char *cite)
{
	static char out[512];
	struct buf b;
	buf_init(&b, 0);
	cite_format(cite, &b);
	snprintf(out, sizeof out, "%s", b.text);
	buf_release(&b);
	return out;
}

/* The sections are the printed ones: 002:184 is among the QRS's die roll
 * modifiers for fire (002:180 "## DIE ROLL MODIFIERS" under "#
 * MUSKETRY & CANNONADE TABLE"); 000:544 is the rule text's "Charging with
 * Cold Steel, Lancers, or Breakthrough Charge" under "## Charge Combat
 * Modifiers" (000:536). */
static const char *inlined(const char *text)
{
	static char out[512];
	struct buf b;
	buf_init(&b, 0);
	cite_inline(text, &b);
	snprintf(out, sizeof out, "%s", b.text ? b.text : "");
	buf_release(&b);
	return out;
}

/* Seed lines written in a message: the player's document and section
 * first.  000:566 stands under "## Twilight & Night Turns" (000:552),
 * "**Night.**" (000:562); 002:178 and 002:180 under "## FIRE POINT
 * MODIFIERS" (002:176) of the Musketry & Cannonade Table (002:150). */
static void test_inline(void **state)
{
	(void)state;
	assert_string_equal(inlined("at night (000:566)"), "at night (MAW rules, Twilight & Night Turns, Night, 000:566)");
	assert_string_equal(inlined("halved (002:178, 002:178)"),
			    "halved (QRS, Musketry & Cannonade, Fire Point Modifiers, 002:178, 002:178)");
	/* two parentheses, each its own prefix */
	assert_string_equal(inlined("a (000:566) b (000:566)"),
			    "a (MAW rules, Twilight & Night Turns, Night, 000:566) b (MAW rules, Twilight & Night "
			    "Turns, Night, 000:566)");
	/* a seed line with a nine: 002:39 of the Maneuver Table's effects (002:33-41),
	 * 000:920 under "## The Mexican Army" (000:904), "**Effectiveness Ratings.**"
	 * (000:916) */
	assert_string_equal(inlined("double-quick (002:39)"), "double-quick (QRS, Maneuver Table, Effects, 002:39)");
	assert_string_equal(inlined("(000:920)"), "(MAW rules, The Mexican Army, Effectiveness Ratings, 000:920)");
	/* at the start of the text, and at once after a closing parenthesis, a new one */
	assert_string_equal(inlined("000:566 at night"), "MAW rules, Twilight & Night Turns, Night, 000:566 at night");
	assert_string_equal(inlined("(000:566)(000:566)"),
			    "(MAW rules, Twilight & Night Turns, Night, 000:566)(MAW rules, Twilight & Night Turns, "
			    "Night, 000:566)");
	/* not seed lines: too few digits, inside a word, a seed no ruleset holds */
	assert_string_equal(inlined("at 12:30, d100:5, (009:12)"), "at 12:30, d100:5, (009:12)");
	assert_string_equal(inlined(""), "");
}

static void test_format(void **state)
{
	(void)state;
	assert_string_equal(formatted("002:184 Musketry & Cannonade: -2 for 3 fire points"),
			    "QRS, Musketry & Cannonade, Die Roll Modifiers: -2 for 3 fire points (002:184)");
	assert_string_equal(formatted("000:544"),
			    "MAW rules, Charge Combat Modifiers, Charging with Cold Steel, Lancers, or Breakthrough "
			    "Charge (000:544)");
	assert_string_equal(formatted("002:39 Maneuver Table: US: 8 or more double-quick"),
			    "QRS, Maneuver Table, Effects: US: 8 or more double-quick (002:39)");
	assert_string_equal(formatted("002:126, 000:516"), "QRS, Gun Maneuvers, Well Handled (002:126, 000:516)");
	assert_string_equal(formatted("000:679-702"), "MAW rules, Unit Effectiveness Table (000:679-702)");
	assert_string_equal(formatted("002:241 Charge Table"), "QRS, Charge Table, Effects (002:241)");
	assert_string_equal(formatted("002:229"), "QRS, Fallen Leader Table (002:229)");
	/* a citation that is no seed line stays as it is */
	assert_string_equal(formatted("docs/rules.md"), "docs/rules.md");
	assert_null(cite_section(5, 1));
	assert_string_equal(cite_document(4), "SAR");
	assert_null(cite_document(5));
}

/* Reads one seed's lines; NULL when it is not there. */
static char **seed_lines(const char *name, int *n)
{
	char path[256];
	snprintf(path, sizeof path, "../shared/seeds/%s", name);
	char *text = tu_read_file(path, NULL);
	if (!text)
		return NULL;
	int cap = 1024;
	char **v = malloc(cap * sizeof *v);
	*n = 0;
	for (char *p = text, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		if (*n == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		v[(*n)++] = strndup(p, (size_t)(nl - p));
		if (!*nl)
			break;
	}
	free(text);
	return v;
}

static void free_lines(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The checked-in section table is what scripts/rff-cite-sections.sh makes of
 * the seeds: regenerate it (`make cites`) and compare. */
static void test_sections_current(void **state)
{
	(void)state;
	int n;
	char **probe = seed_lines("000_c3351e6517931669.txt", &n);
	if (!probe) {
		if (getenv("CI"))
			fail_msg("../shared/seeds/ not found: CI has the seeds beside the clone");
		print_message("skipped: ../shared/seeds/ not found, the section table not checked\n");
		skip();
	}
	free_lines(probe, n);
	assert_int_equal(system("sh scripts/rff-cite-sections.sh ../shared/seeds >build/rff_cite_sections.def"), 0);
	char *want = tu_read_file("build/rff_cite_sections.def", NULL);
	char *have = tu_read_file("audit/rff/rff_cite_sections.def", NULL);
	assert_non_null(want);
	assert_non_null(have);
	if (strcmp(want, have) != 0)
		fail_msg("audit/rff/rff_cite_sections.def is stale: regenerate it with `make cites`");
	free(want);
	free(have);
}

/* Every section's first line of the QRS is a heading or a table's first
 * row as its name says: the hand-written part of the table. */
static void test_qrs_sections(void **state)
{
	(void)state;
	static const struct {
		int line;
		const char *text;	/* words the seed's line holds */
	} firsts[] = {
		{11, "MANEUVER TABLE"}, {19, "DIE ROLL MODIFIERS"}, {45, "PLAYER TURN SEQUENCE"},
		{67, "MOVEMENT RATE"}, {90, "TROOP MANEUVERS"}, {105, "TARDY"}, {112, "HASTY"},
		{118, "GUN MANEUVERS"}, {137, "TARDY"}, {146, "HASTY"}, {150, "MUSKETRY & CANNONADE"},
		{176, "FIRE POINT MODIFIERS"}, {180, "DIE ROLL MODIFIERS"}, {193, "DIE RESULT"},
		{203, "CHARGE TABLE"}, {223, "FALLEN LEADER TABLE"}, {235, "EFFECTS"},
	};
	int n;
	char **v = seed_lines("002_ee008398486f5b92.txt", &n);
	if (!v) {
		if (getenv("CI"))
			fail_msg("../shared/seeds/ not found: CI has the seeds beside the clone");
		skip();
	}
	for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
		assert_true(firsts[i].line <= n);
		if (!strstr(v[firsts[i].line - 1], firsts[i].text))
			fail_msg("002:%d is '%s', not %s", firsts[i].line, v[firsts[i].line - 1], firsts[i].text);
		assert_non_null(cite_section(2, firsts[i].line));
	}
	free_lines(v, n);
}

/* Santa Anna Rules!' section headings start where the text prints them:
 * each line below is the heading's own line in seed 004, the citation of
 * that line names it and the line before belongs to the section before. */
static void test_sar_sections(void **state)
{
	(void)state;
	static const struct {
		int line;
		const char *heading;
	} firsts[] = {
		{32, "Turn Sequence"}, {52, "Units"}, {64, "Command and Control"}, {134, "Stragglers"},
		{154, "Formations"}, {162, "Movement"}, {192, "Firing"}, {210, "Weapon Ranges"}, {250, "Melee"},
		{302, "Artillery"}, {330, "Cavalry"}, {358, "Infantry"}, {368, "Leader Casualties"},
		{383, "Morale and Rallying"}, {403, "Fortifications and Buildings"}, {427, "Hidden Units"},
		{437, "Miscellany"}, {451, "Designer's Notes"}, {484, "Glossary"},
	};
	int n;
	char **v = seed_lines("004_a74e7f04f1262c6d.txt", &n);
	if (!v) {
		if (getenv("CI"))
			fail_msg("../shared/seeds/ not found: CI has the seeds beside the clone");
		skip();
	}
	for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
		const char *seed = v[firsts[i].line - 1] + strspn(v[firsts[i].line - 1], "# ");
		if (strncmp(seed, firsts[i].heading, strlen(firsts[i].heading)) != 0)
			fail_msg("004:%d is '%s', not the heading %s", firsts[i].line, seed, firsts[i].heading);
		const char *at = cite_section(4, firsts[i].line), *before = cite_section(4, firsts[i].line - 1);
		if (!at || strcmp(at, firsts[i].heading) != 0 || (before && strcmp(before, firsts[i].heading) == 0))
			fail_msg("004:%d cites section '%s' (the line before: '%s'), not %s from there on", firsts[i].line,
				 at ? at : "(none)", before ? before : "(none)", firsts[i].heading);
	}
	free_lines(v, n);
}

/* Stephen Thomas's text runs a section's heading into a line with the
 * end of the section before (seed 003): a line is cited under the heading
 * it holds when the heading comes in its first half, else the next line
 * starts the section ("SMALL ARMS FIRE" at 568 of 003:12's 1558
 * characters: 003:12 is Small Arms Fire, 003:11 still Artillery Fire;
 * "MELEE" at 420 of 599 in 003:13: Melee from 003:14).  003:28 holds the
 * "ADDITIONAL CONSIDERATIONS" heading late, and its Converged Units rule
 * after it, which is what 003:28 is cited for: it starts there.  003:30
 * is the first line on sighting (no heading: the section is named for
 * it); 003:32 begins "ENGINEERING". */
static void test_thomas_sections(void **state)
{
	(void)state;
	static const struct {
		int line;
		const char *section, *before;
	} edges[] = {
		{4, "Pre-game Considerations", "Game Scales"},	  {5, "Movement", "Pre-game Considerations"},
		{8, "Artillery Fire", "Movement"},		  {12, "Small Arms Fire", "Artillery Fire"},
		{14, "Melee", "Small Arms Fire"},		  {21, "Morale", "Melee"},
		{28, "Additional Considerations", "Morale"},	  {30, "Visibility", "Additional Considerations"},
		{32, "Engineering", "Visibility"},
	};
	for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
		const char *at = cite_section(3, edges[i].line), *before = cite_section(3, edges[i].line - 1);
		if (!at || !before || strcmp(at, edges[i].section) != 0 || strcmp(before, edges[i].before) != 0)
			fail_msg("003:%d cites '%s' and 003:%d '%s'; expected %s and %s", edges[i].line, at ? at : "(none)",
				 edges[i].line - 1, before ? before : "(none)", edges[i].section, edges[i].before);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format), cmocka_unit_test(test_format_again),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_sections_current),
		cmocka_unit_test(test_qrs_sections),
		cmocka_unit_test(test_sar_sections),
		cmocka_unit_test(test_thomas_sections),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
