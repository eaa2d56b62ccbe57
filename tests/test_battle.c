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

/* Symbols by id: units and leaders share a name space, sides have theirs;
 * an id's own string (as the parser hands it to the audit) and any other
 * spelling of it, without case, name the same symbol. */
static void test_symbols(void **state)
{
	(void)state;
	struct battle *b = battle_new();
	const struct sym *unit = battle_declare(b, 'U', "US", 3);
	const struct sym *side = battle_declare(b, 'S', "US", 1);
	const struct sym *lead = battle_declare(b, 'L', "taylor", 2);
	assert_ptr_not_equal(unit, side);
	assert_ptr_equal(battle_declare(b, 'U', "us", 9), unit);	/* declared already */
	assert_int_equal(b->n_syms, 3);
	/* the unit's own string: the unit, and in the sides' space the side */
	assert_ptr_equal(battle_find(b, 'U', unit->id), unit);
	assert_ptr_equal(battle_find(b, 'L', unit->id), unit);
	assert_ptr_equal(battle_find(b, 'S', unit->id), side);
	assert_ptr_equal(battle_find(b, 'U', side->id), unit);
	/* another string of the same id, in another case */
	char copy[8] = "Taylor";
	assert_ptr_equal(battle_find(b, 'L', copy), lead);
	assert_ptr_equal(battle_find_n(b, 'L', "TAYLORS", 6), lead);
	assert_null(battle_find_n(b, 'L', "TAYLORS", 7));
	assert_null(battle_find(b, 'S', "taylor"));
	/* many more: the tables grow and still find every one by either way */
	char id[16];
	for (int i = 0; i < 1000; i++) {
		snprintf(id, sizeof id, "u%d", i);
		battle_declare(b, 'U', id, 10 + i);
	}
	for (int i = 0; i < b->n_syms; i++) {
		assert_ptr_equal(battle_find(b, b->syms[i].kind, b->syms[i].id), &b->syms[i]);
		snprintf(id, sizeof id, "%s", b->syms[i].id);
		assert_ptr_equal(battle_find(b, b->syms[i].kind, id), &b->syms[i]);
	}
	assert_int_equal(battle_find(b, 'U', "U999")->stmt, 1009);
	/* only ASCII letters fold: N with a tilde and n with a tilde are two ids */
	const struct sym *upper = battle_declare(b, 'U', "Pe\xc3\x91" "a", 2000);
	const struct sym *lower = battle_declare(b, 'U', "pe\xc3\xb1" "a", 2001);
	assert_ptr_not_equal(upper, lower);
	assert_ptr_equal(battle_find(b, 'U', "PE\xc3\x91" "A"), upper);
	assert_ptr_equal(battle_find(b, 'U', "PE\xc3\xb1" "A"), lower);
	battle_free(b);
}

/* A statement is its file and line; comments are kept aside, found by
 * their statement's index, and a statement cut takes its comment along. */
static void test_comments(void **state)
{
	(void)state;
	struct battle *b = battle_new();
	for (int i = 0; i < 200; i++) {
		int k = battle_add_stmt(b, ST_BLANK, i % 3, 10 + i);
		assert_int_equal(k, i);
		if (i % 7 == 0)
			battle_set_comment(b, k, i % 14 ? "# odd" : "# even");
	}
	assert_int_equal(sizeof(struct stmt), 24);
	struct loc at = stmt_at(&b->stmts[41]);
	assert_int_equal(at.file, 2);
	assert_int_equal(at.line, 51);
	assert_int_equal(at.col, 1);
	for (int i = 0; i < 200; i++) {
		const char *c = battle_comment(b, i);
		if (i % 7)
			assert_null(c);
		else
			assert_string_equal(c, i % 14 ? "# odd" : "# even");
	}
	assert_null(battle_comment(b, 200));
	battle_cut(b, 21);	/* 0, 7, 14 keep theirs; 21 on go */
	assert_int_equal(b->n_stmts, 21);
	assert_int_equal(b->n_comments, 3);
	int k = battle_add_stmt(b, ST_BLANK, 0, 99);
	assert_null(battle_comment(b, k));
	battle_set_comment(b, k, "# again");
	assert_string_equal(battle_comment(b, k), "# again");
	assert_string_equal(battle_comment(b, 14), "# even");
	assert_null(stmt_attrs(&b->stmts[0]));	/* a blank line has no attributes */
	assert_null(stmt_text(&b->stmts[0]));
	assert_null(stmt_kv(&b->stmts[0], "id"));
	battle_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_symbols),
		cmocka_unit_test(test_comments),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
