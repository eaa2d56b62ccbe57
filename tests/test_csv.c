/* test_csv: one CSV field, as every CSV of umpire writes it: RFC 4180
 * quoting, and a text a spreadsheet would run as a formula guarded. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../reports/csv.h"

static void check(const char *in, bool text, const char *want)
{
	struct buf b;
	buf_init(&b, 0);
	csv_field(&b, in, text);
	assert_string_equal(b.text ? b.text : "", want);
	buf_release(&b);
}

static void test_quoting(void **state)
{
	(void)state;
	check("plain", true, "plain");
	check("a,b", true, "\"a,b\"");
	check("say \"x\"", true, "\"say \"\"x\"\"\"");
	check("two\nlines", true, "\"two\nlines\"");
	check("x;=1+1", true, "\"x;=1+1\"");	/* a field of its own where ; separates */
	check("", true, "");
	check(NULL, true, "");
}

/* OWASP's list: =, +, -, @, tab and carriage return first. */
static void test_formulas(void **state)
{
	(void)state;
	check("=1+1", true, "'=1+1");
	check("+1", true, "'+1");
	check("-2+3", true, "'-2+3");
	check("@SUM(A1)", true, "'@SUM(A1)");
	check("\t=1", true, "'\t=1");
	check("\r=1", true, "\"'\r=1\"");
	check("=HYPERLINK(\"http://x\")", true, "\"'=HYPERLINK(\"\"http://x\"\")\"");
	check("a=1", true, "a=1");	/* only the first character starts a formula */
}

static void test_numbers(void **state)
{
	(void)state;
	check("-3", false, "-3");
	check("-0.25", false, "-0.25");
	check("-3", true, "'-3");	/* a text that looks like a number is a text */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_formulas),
		cmocka_unit_test(test_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
