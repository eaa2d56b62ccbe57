/* test_whatif: tests/reports/known.battle read under the rule text's
 * Panic losses instead of the QRS's, worked out by hand.
 *
 * Its only Panic (line 21) is 2lt's total of -1, disordered: the QRS
 * loses 1 stand and 1 more for the difference below 0 (002:43), 2 in
 * all; the rule text removes stands "equal to the die result difference
 * less than zero" (000:416), 1.  So 2lt ends with 8 stands, not 7: fresh,
 * not worn (Spirited 10 stands: worn at 7, 000:688), and MEX loses 9
 * stands, not 10 (4line's 7 are lost either way: 2 to the charge, 5 when
 * it is removed).  Nothing else in the battle depends on the reading. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../reports/whatif.h"

static void test_panic_loss_text(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_file("tests/reports/known.battle", &d);
	assert_int_equal(d.n_errors, 0);
	static const char *const change[] = {"panic-loss=text"};
	struct whatif_base base = {0};
	char *err = NULL;
	struct sheet *sh = whatif_report(b, &base, change, 1, &err);
	assert_non_null(sh);
	char *events = tu_sheet(sh, SHEET_CSV, "changes");	/* its ; quoted (csv_field) */
	assert_string_equal(events, "turn,line,event,changes\r\n"
				    "2,21,mc [1]: 2lt(outflanked) -2ooc +2fresh -2outflanked =-1 panic loss=2,"
				    "\"2lt loses 2 -> 1; from here 2lt stands 7 -> 8; from here 2lt effectiveness worn -> fresh\"\r\n");
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_string_equal(sides, "side,lost as audited,lost what if,difference\r\nUS,1,1,0\r\nMEX,10,9,-1\r\n");
	char *units = tu_sheet(sh, SHEET_CSV, "units");
	assert_string_equal(units, "side,unit,left as audited,left what if,difference,removed as audited,removed what if\r\n"
				   "MEX,2lt,7,8,1,,\r\n");
	free(events);
	free(sides);
	free(units);
	sheet_free(sh);
	/* the reading the battle has already: nothing changes */
	static const char *const same[] = {"panic-loss=qrs"};
	sh = whatif_report(b, &base, same, 1, &err);
	events = tu_sheet(sh, SHEET_CSV, "changes");
	assert_string_equal(events, "turn,line,event,changes\r\n");
	free(events);
	sheet_free(sh);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_panic_loss_text)};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
