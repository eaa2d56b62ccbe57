/* test_rff_unit: RFF's record of a unit: its named fields, one shape per
 * arm, where it starts, when it is removed, how its marks follow. */

#include "testutil.h"
#include "../audit/rff/rff_unit.h"

static void test_fields(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("", &d);
	assert_int_equal(d.n_errors, 0);
	struct state st;
	state_init(&st, b, &rff_unit_rules);
	struct fields f;
	state_unit_fields(&st, state_unit(&st, "5inf"), &f);
	assert_string_equal(tu_field_names(&f), "side stands start removed off_table low_ammo order formation "
				       "disorder_pending diverged");
	assert_string_equal(fields_get(&f, "formation")->text, "line");
	assert_string_equal(fields_get(&f, "order")->text, "good-order");
	assert_int_equal(fields_get(&f, "stands")->num, 8);
	state_unit_fields(&st, state_unit(&st, "lancers"), &f);
	assert_non_null(fields_get(&f, "mounted"));
	assert_int_equal(fields_get(&f, "mounted")->num, 1);
	state_unit_fields(&st, state_unit(&st, "bty"), &f);
	assert_string_equal(tu_field_names(&f), "side stands start removed off_table low_ammo low_ammo_stands limbered silenced "
				       "damaged wrecked sheltered sheltered_in diverged");
	assert_int_equal(fields_get(&f, "limbered")->num, 1);
	state_leader_fields(&st, state_leader(&st, "lee"), &f);
	assert_string_equal(tu_field_names(&f), "side in_play out_until wounded killed removed dismounted attached "
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
	state_init(&st, b, &rff_unit_rules);
	int inf = state_unit(&st, "5inf"), gun = state_unit(&st, "bty");
	assert_int_equal(state_lose(&st, inf, 6), 2);
	assert_false(state_unit_at(&st, inf)->removed);
	assert_int_equal(state_lose(&st, inf, 1), 1);
	assert_true(state_unit_at(&st, inf)->removed);
	assert_int_equal(state_lose(&st, gun, 1), 1);
	assert_false(state_unit_at(&st, gun)->removed);
	assert_int_equal(state_lose(&st, gun, 1), 0);
	assert_true(state_unit_at(&st, gun)->removed);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* Broken troops lose their formation (000:416) and reform into line when
 * they rally (000:408-412), dismounted cavalry into open order (000:582);
 * gun marks go with the stands lost. */
static void test_order_and_marks(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("", &d);
	struct state st;
	state_init(&st, b, &rff_unit_rules);
	struct rff_unit *inf = rff_unit(&st, state_unit(&st, "5inf"));
	struct rff_unit *cav = rff_unit(&st, state_unit(&st, "lancers"));
	inf->formation = FORM_FIELD_COLUMN;
	rff_unit_set_order(inf, ORDER_BROKEN);
	assert_int_equal(inf->formation, FORM_NONE);
	rff_unit_set_order(inf, ORDER_GOOD);
	assert_int_equal(inf->formation, FORM_LINE);
	cav->mounted = false;
	rff_unit_set_order(cav, ORDER_BROKEN);
	rff_unit_set_order(cav, ORDER_DISORDERED);
	assert_int_equal(cav->formation, FORM_OPEN);
	assert_int_equal(cav->order, ORDER_DISORDERED);
	int g = state_unit(&st, "bty");
	rff_unit_silence(rff_unit(&st, g), 5);	/* never more than its 2 stands */
	assert_int_equal(rff_unit(&st, g)->silenced, 2);
	state_lose(&st, g, 1);
	assert_int_equal(rff_unit(&st, g)->silenced, 1);
	struct rff_unit copy = *rff_unit(&st, g);	/* a preview on a copy */
	assert_int_equal(rff_unit_lose(&copy, 1), 0);
	assert_int_equal(copy.silenced, 0);
	assert_true(copy.core.removed);
	assert_false(rff_unit(&st, g)->core.removed);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* A winning charger's disorder waits for the phase to end; a hasty square
 * is a square from the next player turn (000:646). */
static void test_waiting_marks(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase charge\nturn 1 MEX\n", &d);
	assert_int_equal(d.n_errors, 0);
	const struct stmt *phase = tu_stmt(b, ST_PHASE, 0), *turn = tu_stmt(b, ST_TURN, 1);	/* MEX's */
	struct state st;
	state_init(&st, b, &rff_unit_rules);
	int u = state_unit(&st, "5inf"), h = state_unit(&st, "8inf");
	rff_unit_disorder_later(&st, u);
	rff_unit_hasty_square(&st, h);
	char buf[128];
	assert_string_equal(rff_unit_describe(&st, u, buf, sizeof buf),
			    "8 stands, good order (disordered when the phase ends), line");
	state_enter(&st, phase);
	assert_int_equal(rff_unit(&st, u)->order, ORDER_DISORDERED);
	assert_int_equal(rff_unit(&st, h)->formation, FORM_HASTY_SQUARE);
	state_enter(&st, turn);
	assert_int_equal(rff_unit(&st, h)->formation, FORM_SQUARE);
	assert_int_equal(st.n_waiting, 0);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* A horse shot: the leader is dismounted for one turn (002:230), until the
 * header of the turn after it. */
static void test_horse_shot(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("turn 1 MEX\nturn 2 US\n", &d);
	assert_int_equal(d.n_errors, 0);
	const struct stmt *turns[3] = {tu_stmt(b, ST_TURN, 0), tu_stmt(b, ST_TURN, 1), tu_stmt(b, ST_TURN, 2)};
	assert_non_null(turns[2]);
	struct state st;
	state_init(&st, b, &rff_unit_rules);
	int l = state_leader(&st, "lee");
	state_enter(&st, turns[0]);
	rff_unit_dismount_leader(&st, l, 1);
	struct fields f;
	state_leader_fields(&st, l, &f);
	assert_int_equal(fields_get(&f, "dismounted")->num, 1);
	state_enter(&st, turns[1]);	/* turn 1 still, the other side's */
	assert_true(rff_unit_leader(&st, l)->dismounted);
	state_enter(&st, turns[2]);
	assert_false(rff_unit_leader(&st, l)->dismounted);
	assert_int_equal(st.n_away, 0);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_lose),
		cmocka_unit_test(test_order_and_marks),
		cmocka_unit_test(test_waiting_marks),
		cmocka_unit_test(test_horse_shot),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
