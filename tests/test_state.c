/* test_state: the core's tracked state, and what a ruleset adds to it
 * through struct state_rules alone. */

#include "testutil.h"
#include "../audit/state.h"

/* A ruleset's record for the tests: a tally, hooks that count their calls. */
struct tally_unit {
	struct unit_state core;
	int tally;
	int lost_calls;
	int headers;		/* headers it waits for before its tally clears */
};

static struct tally_unit *tally_unit(const struct state *st, int u)
{
	return (struct tally_unit *)(void *)state_unit_at(st, u);
}

static void tally_init(struct state *st, int u)
{
	tally_unit(st, u)->core.remove_at = 2;
	tally_unit(st, u)->tally = 7;
}

static void tally_lost(struct state *st, int u)
{
	tally_unit(st, u)->lost_calls++;
}

static bool tally_header(struct state *st, int u, const struct stmt *s)
{
	(void)s;
	struct tally_unit *t = tally_unit(st, u);
	if (--t->headers > 0)
		return true;
	t->tally = 0;
	state_touch_unit(st, u);
	return false;
}

static void tally_fields(const struct state *st, int u, struct fields *out)
{
	fields_int(out, "tally", tally_unit(st, u)->tally);
}

static const struct state_rules tally_rules = {
	.unit_size = sizeof(struct tally_unit),
	.unit_init = tally_init,
	.unit_lost = tally_lost,
	.unit_header = tally_header,
	.unit_fields = tally_fields,
};

/* With no ruleset's rules, the core's fields alone; a unit goes at none. */
static void test_core_alone(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("", &d);
	assert_int_equal(d.n_errors, 0);
	struct state st;
	state_init(&st, b, NULL);
	struct fields f;
	int u = state_unit(&st, "5inf");
	state_unit_fields(&st, u, &f);
	assert_string_equal(tu_field_names(&f), "side stands start removed off_table diverged");
	assert_string_equal(fields_get(&f, "side")->text, "US");
	assert_int_equal(fields_get(&f, "stands")->num, 8);
	state_leader_fields(&st, state_leader(&st, "lee"), &f);
	assert_string_equal(tu_field_names(&f), "side in_play out_until wounded killed removed attached replaced_by "
				       "deputy_for");
	assert_int_equal(fields_get(&f, "in_play")->num, 1);
	assert_null(fields_get(&f, "attached")->text);
	assert_int_equal(state_lose(&st, u, 7), 1);
	assert_false(state_unit_at(&st, u)->removed);
	assert_int_equal(state_lose(&st, u, 1), 0);
	assert_true(state_unit_at(&st, u)->removed);
	assert_int_equal(state_lose(&st, u, -3), 3);	/* stands come back; the unit stays gone */
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* A ruleset's record: begun by its unit_init, followed by unit_lost, its
 * fields between the core's, settled by headers, copied whole. */
static void test_ruleset_record(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase fire\n", &d);
	assert_int_equal(d.n_errors, 0);
	struct state st;
	state_init(&st, b, &tally_rules);
	int u = state_unit(&st, "8inf"), v = state_unit(&st, "lancers");
	assert_int_equal(tally_unit(&st, v)->tally, 7);
	struct fields f;
	state_unit_fields(&st, u, &f);
	assert_string_equal(tu_field_names(&f), "side stands start removed off_table tally diverged");
	assert_int_equal(state_lose(&st, u, 6), 3);
	assert_false(state_unit_at(&st, u)->removed);
	assert_int_equal(state_lose(&st, u, 1), 2);	/* its remove_at */
	assert_true(state_unit_at(&st, u)->removed);
	assert_int_equal(tally_unit(&st, u)->lost_calls, 2);
	/* a copy is the whole record */
	struct state copy = {0};
	state_copy(&copy, &st);
	tally_unit(&st, v)->tally = 3;
	assert_int_equal(tally_unit(&copy, v)->tally, 7);
	assert_true(state_unit_at(&copy, u)->removed);
	state_release(&copy);
	/* a unit that waits sees every header until its hook lets go */
	tally_unit(&st, v)->headers = 2;
	state_wait(&st, v);
	const struct stmt *turn = tu_stmt(b, ST_TURN, 0), *phase = tu_stmt(b, ST_PHASE, 0);
	assert_non_null(turn);
	assert_non_null(phase);
	state_enter(&st, turn);
	assert_int_equal(tally_unit(&st, v)->tally, 3);
	assert_int_equal(st.n_touched, 0);
	state_enter(&st, phase);
	assert_int_equal(tally_unit(&st, v)->tally, 0);
	assert_int_equal(st.n_touched, 1);
	assert_int_equal(st.n_waiting, 0);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

/* A reference the parser resolved reads its symbol directly, whatever its
 * text; one it did not (sym 0, as a reference built elsewhere) is found by
 * its id, in any case.  An id not declared when it was read has none. */
static void test_unit_by_reference(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase fire\nfire 5inf@6 -> 2LT [9]\nfire 5inf@6 -> nobody [9]\n", &d);
	const struct ev_fire *known = &b->stmts[b->n_stmts - 2].u->event.u.fire;
	const struct ev_fire *unknown = &b->stmts[b->n_stmts - 1].u->event.u.fire;
	assert_ptr_equal(&b->syms[known->target.sym - 1], battle_find(b, 'U', "2lt"));
	assert_int_equal(unknown->target.sym, 0);
	struct state st;
	state_init(&st, b, NULL);
	int lt = state_unit(&st, "2lt");
	assert_true(lt >= 0);
	assert_int_equal(state_unit_ref(&st, &known->target), lt);
	assert_int_equal(state_unit_ref(&st, &(struct uref){.id = "nowhere", .sym = known->target.sym}), lt);
	assert_int_equal(state_unit_ref(&st, &(struct uref){.id = "2Lt"}), lt);
	assert_int_equal(state_unit_ref(&st, &unknown->target), -1);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
	/* the same for a state event's unit and leader, and a check's leader */
	b = tu_parse_body("attach ART 2lt\nphase maneuver\nmc Lee [5]: 5inf =5 tardy\n", &d);
	const struct ev_state *attach = &b->stmts[b->n_stmts - 3].u->event.u.state;
	const struct ev_check *mc = &b->stmts[b->n_stmts - 1].u->event.u.check;
	assert_ptr_equal(&b->syms[attach->args[0].sym - 1], battle_find(b, 'L', "art"));
	assert_ptr_equal(&b->syms[attach->args[1].sym - 1], battle_find(b, 'U', "2lt"));
	assert_ptr_equal(&b->syms[mc->leader_sym - 1], battle_find(b, 'L', "lee"));
	state_init(&st, b, NULL);
	int art = state_leader(&st, "art");
	assert_true(art >= 0);
	assert_int_equal(state_leader_of(&st, attach->args[0].sym, "nowhere"), art);
	assert_int_equal(state_leader_of(&st, 0, "Art"), art);
	assert_int_equal(state_unit_of(&st, attach->args[1].sym, "nowhere"), state_unit(&st, "2lt"));
	assert_int_equal(state_leader_of(&st, mc->leader_sym, NULL), state_leader(&st, "lee"));
	assert_int_equal(state_leader_of(&st, 0, "nobody"), -1);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
	/* a declaration's cmd= and under= are found once, when the state
	 * begins, in any case */
	b = tu_parse("battle \"B\" rules=rff-maw\nside US nation=US\n  leader scott \"Scott\" able\n"
		     "  leader worth \"Worth\" able under=SCOTT\n  unit a \"A\" inf raw spirited M stands=4 cmd=Worth\n"
		     "  unit b \"B\" inf raw spirited M stands=4\n", &d);
	assert_int_equal(d.n_errors, 0);
	state_init(&st, b, NULL);
	int scott = state_leader(&st, "scott"), worth = state_leader(&st, "worth");
	assert_true(scott >= 0 && worth >= 0 && scott != worth);
	assert_int_equal(state_unit_at(&st, state_unit(&st, "a"))->cmd, worth);
	assert_int_equal(state_unit_at(&st, state_unit(&st, "b"))->cmd, -1);
	assert_int_equal(state_leader_at(&st, worth)->under, scott);
	assert_int_equal(state_leader_at(&st, scott)->under, -1);
	state_release(&st);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_core_alone),
		cmocka_unit_test(test_ruleset_record),
		cmocka_unit_test(test_unit_by_reference),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
