/* test_campaign: a campaign of two battles, tests/reports/known.battle
 * (1846-05-09) and the same battle again dated a day earlier, each worked
 * out by hand in tests/test_report.c: US brings 14 stands and loses 1 in
 * each, MEX 17 and 10 (4line is removed with the 5 stands it has left).
 * The earlier date comes first, whatever the order of import. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../db/import.h"
#include "../reports/campaign.h"

static void test_two_battles(void **state)
{
	(void)state;
	char *text = tu_read_file("tests/reports/known.battle", NULL);
	char *at = strstr(text, "id=known date=1846-05-09");
	assert_non_null(at);
	memcpy(at, "id=early date=1846-05-08", 24);
	FILE *out = fopen("build/known-early.battle", "w");
	fputs(text, out);
	fclose(out);
	free(text);
	struct store *s = tu_memory_store();
	int64_t id;
	tu_import(s, "tests/reports/known.battle", "Rio Grande", &id);
	tu_import(s, "build/known-early.battle", "Rio Grande", &id);
	char *err = NULL;
	struct sheet *sh = campaign_report(s, "Rio Grande", &err);
	assert_non_null(sh);
	char *losses = tu_sheet(sh, SHEET_CSV, "losses");
	assert_string_equal(losses, "#,battle,side,units,start,lost,left,lost %\r\n"
				    "1,Known totals,US,2,14,1,13,7.1\r\n"
				    "1,Known totals,MEX,2,17,10,7,58.8\r\n"
				    "2,Known totals,US,2,14,1,13,7.1\r\n"
				    "2,Known totals,MEX,2,17,10,7,58.8\r\n");
	char *battles = tu_sheet(sh, SHEET_CSV, "battles");
	assert_non_null(strstr(battles, "\r\n1,2,early,Known totals,1846-05-08,,8,0\r\n2,1,known,Known totals,1846-05-09,,8,0\r\n"));
	char *sides = tu_sheet(sh, SHEET_CSV, "sides");
	assert_string_equal(sides, "side,battles,stands brought,lost\r\nUS,2,28,2\r\nMEX,2,34,20\r\n");
	char *strength = tu_sheet(sh, SHEET_TEXT, "strength");
	/* a reader's: the units by name (as in their first battle) */
	assert_non_null(strstr(strength, "MEX   4th Line Infantry   7/0   7/0\n"));
	assert_non_null(strstr(strength, "US    3rd Infantry        6/5   6/5\n"));
	free(losses);
	free(battles);
	free(sides);
	free(strength);
	sheet_free(sh);
	assert_null(campaign_report(s, "Nowhere", &err));
	assert_non_null(strstr(err, "no battle"));
	free(err);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_two_battles)};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
