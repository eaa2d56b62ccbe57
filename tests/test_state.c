/* test_state: the tracked state's named fields, one shape per arm. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../audit/state.h"

/* The names of a unit's or leader's fields, space-separated. */
static const char *names(const struct fields *f)
{
	static char out[512];
	out[0] = '\0';
	for (int i = 0; i < f->n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? " " : "", f->v[i].name);
	return out;
}

static void test_fields(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("", &d);
	assert_int_equal(d.n_errors, 0);
	struct state st;
	state_init(&st, b);
	struct fields f;
	state_unit_fields(&st, state_unit(&st, "5inf"), &f);
	assert_string_equal(names(&f), "side stands start removed off_table low_ammo order formation "
				       "disorder_pending diverged");
	assert_string_equal(fields_get(&f, "formation")->text, "line");
	assert_string_equal(fields_get(&f, "order")->text, "good-order");
	assert_int_equal(fields_get(&f, "stands")->num, 8);
	state_unit_fields(&st, state_unit(&st, "lancers"), &f);
	assert_non_null(fields_get(&f, "mounted"));
	assert_int_equal(fields_get(&f, "mounted")->num, 1);
	state_unit_fields(&st, state_unit(&st, "bty"), &f);
	assert_string_equal(names(&f), "side stands start removed off_table low_ammo low_ammo_stands limbered silenced "
				       "damaged wrecked sheltered sheltered_in diverged");
	assert_int_equal(fields_get(&f, "limbered")->num, 1);
	state_leader_fields(&st, state_leader(&st, "lee"), &f);
	assert_string_equal(names(&f), "side in_play out_until wounded killed removed dismounted attached "
				       "replaced_by deputy_for");
	assert_int_equal(fields_get(&f, "in_play")->num, 1);
	assert_null(fields_get(&f, "attached")->text);
	/* a removed unit keeps every field */
	int u = state_unit(&st, "8inf");
	state_lose(&st, u, 8);
	state_unit_fields(&st, u, &f);
	assert_int_equal(fields_get(&f, "removed")->num, 1);
	assert_int_equal(fields_get(&f, "stands")->num, 1);
	assert_non_null(fields_get(&f, "formation"));
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* 000:532: infantry and cavalry reduced to a single stand are removed;
 * guns only at none. */
static void test_lose(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("", &d);
	struct state st;
	state_init(&st, b);
	int inf = state_unit(&st, "5inf"), gun = state_unit(&st, "bty");
	assert_int_equal(state_lose(&st, inf, 6), 2);
	assert_false(st.units[inf].removed);
	assert_int_equal(state_lose(&st, inf, 1), 1);
	assert_true(st.units[inf].removed);
	assert_int_equal(state_lose(&st, gun, 1), 1);
	assert_false(st.units[gun].removed);
	assert_int_equal(state_lose(&st, gun, 1), 0);
	assert_true(st.units[gun].removed);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_lose),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
