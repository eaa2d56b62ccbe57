/* test_battle: what the parsed battle answers about itself. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* The clock of turn (1 the first) of a log whose header is header, or "-". */
static const char *clock_of(const char *header, int turn)
{
	static char out[8];
	char text[256];
	snprintf(text, sizeof text, "%s\nside US nation=US\n", header);
	struct diags d;
	struct battle *b = tu_parse(text, &d);
	if (d.n_errors)
		fail_msg("does not parse: %s", tu_diag_list(&d));
	if (!battle_clock(b, turn, out))
		snprintf(out, sizeof out, "-");
	battle_free(b);
	diags_release(&d);
	return out;
}

/* start= plus turn-minutes= for every turn before, modulo a day. */
static void test_clock(void **state)
{
	(void)state;
	const char *h = "battle \"C\" rules=rff-maw start=17:00 turn-minutes=15";
	assert_string_equal(clock_of(h, 1), "17:00");
	assert_string_equal(clock_of(h, 2), "17:15");
	assert_string_equal(clock_of(h, 9), "19:00");
	assert_string_equal(clock_of("battle \"C\" start=23:50 turn-minutes=20", 3), "00:30");
	assert_string_equal(clock_of("battle \"C\" start=06:05 turn-minutes=30", 2), "06:35");
	assert_string_equal(clock_of(h, 0), "-");
	assert_string_equal(clock_of("battle \"C\" start=17:00", 2), "-");
	assert_string_equal(clock_of("battle \"C\" turn-minutes=15", 2), "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clock),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
