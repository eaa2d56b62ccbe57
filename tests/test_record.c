/* test_record: an event's record, its parts and states. */
#include <string.h>

#include "testutil.h"
#include "../audit/record.h"

/* A part is found by its role after the parts grew (and moved). */
static void test_find_part(void **state)
{
	(void)state;
	struct records r;
	records_init(&r);
	struct record *rec = records_add(&r, 7, "charge");
	record_part(rec, "attacker", "5inf");
	record_part(rec, "defender", "2lt");
	for (int i = 0; i < 40; i++)
		record_part(rec, "supporter", "bty");
	record_part(rec, "defender", "lancers");	/* the last of a role is the one found */
	assert_string_equal(record_find_part(rec, "attacker")->unit, "5inf");
	assert_string_equal(record_find_part(rec, "defender")->unit, "lancers");
	assert_null(record_find_part(rec, "target"));
	assert_null(record_find_part(NULL, "target"));	/* records not kept */
	assert_int_equal(records_find(&r, 7)->n_parts, 43);
	records_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_part),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
