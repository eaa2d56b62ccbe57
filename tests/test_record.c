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
	record_part(rec, ROLE_ATTACKER, "5inf");
	record_part(rec, ROLE_DEFENDER, "2lt");
	for (int i = 0; i < 40; i++)
		record_part(rec, ROLE_UNIT, "bty");
	record_part(rec, ROLE_DEFENDER, "lancers");	/* the last of a role is the one found */
	assert_string_equal(record_find_part(rec, ROLE_ATTACKER)->unit, "5inf");
	assert_string_equal(record_find_part(rec, ROLE_DEFENDER)->unit, "lancers");
	assert_null(record_find_part(rec, ROLE_TARGET));
	assert_null(record_find_part(NULL, ROLE_TARGET));	/* records not kept */
	assert_int_equal(records_find(&r, 7)->n_parts, 43);
	records_release(&r);
}

/* A role is its name in the JSON and the archive, and back. */
static void test_role_names(void **state)
{
	(void)state;
	static const char *const names[ROLE_N] = {"unit", "firer", "target", "attacker", "defender", "leader"};
	for (int r = 0; r < ROLE_N; r++) {
		assert_string_equal(part_role_name((enum part_role)r), names[r]);
		assert_int_equal(part_role_of(names[r]), r);
	}
	assert_int_equal(part_role_of("supporter"), -1);
	assert_int_equal(part_role_of(NULL), -1);
	assert_string_equal(part_role_name(ROLE_N), "?");
}

/* A step naming modifiers that do not apply is shown with --all, or when
 * one of its factors was claimed (by its whole name, not a prefix); other
 * steps always. */
static void test_unapplied_steps(void **state)
{
	(void)state;
	struct records r;
	records_init(&r);
	struct record *rec = records_add(&r, 3, "maneuver");
	record_step(rec, "002:30", "5inf: +1vet, 5inf is veteran");
	record_unapplied(rec, "5inf", "battery; formation or cover", "5inf is in line");
	record_unapplied(rec, "5inf", "formation", "not stated");
	const struct step *plain = &rec->steps[0], *two = &rec->steps[1], *one = &rec->steps[2];
	assert_string_equal(two->text, "5inf: no modifier for battery; formation or cover: 5inf is in line");
	assert_true(record_step_shown(rec, plain, false));
	assert_false(record_step_shown(rec, two, false));
	assert_false(record_step_shown(rec, one, false));
	assert_true(record_step_shown(rec, two, true));
	record_claimed_unapplied(rec, "formation or cover");
	assert_true(record_step_shown(rec, two, false));
	assert_false(record_step_shown(rec, one, false));	/* "formation" is another factor */
	record_claimed_unapplied(rec, "formation");
	assert_true(record_step_shown(rec, one, false));
	/* past the notes' room every such step counts as claimed */
	struct record *many = records_add(&r, 4, "fire");
	record_unapplied(many, "die roll", "cover", "none stated");
	for (int i = 0; i < 8; i++)
		record_claimed_unapplied(many, "battery");
	assert_false(record_step_shown(many, &many->steps[0], false));
	record_claimed_unapplied(many, "battery");
	assert_true(record_step_shown(many, &many->steps[0], false));
	record_unapplied(NULL, "5inf", "x", "y");	/* records not kept */
	record_claimed_unapplied(NULL, "x");
	records_release(&r);
}

/* A step's and a modifier's citation and reason are kept whole when they
 * fit their room (a NUL's byte left), cut to it when they do not; none is
 * empty. */
static void test_texts_cut_to_fit(void **state)
{
	(void)state;
	struct records r;
	records_init(&r);
	struct record *rec = records_add(&r, 1, "fire");
	struct step *s0 = NULL;
	char fits[sizeof s0->source], over[sizeof s0->source + 1];
	memset(fits, 'a', sizeof fits - 1);
	fits[sizeof fits - 1] = '\0';
	memset(over, 'b', sizeof over - 1);
	over[sizeof over - 1] = '\0';
	record_step(rec, fits, "x");
	record_step(rec, over, "y");
	record_step(rec, NULL, "z");
	assert_int_equal(strlen(rec->steps[0].source), sizeof fits - 1);
	assert_int_equal(strlen(rec->steps[1].source), sizeof fits - 1);
	assert_int_equal(rec->steps[1].source[0], 'b');
	assert_string_equal(rec->steps[2].source, "");
	struct rec_part *p = record_part(rec, ROLE_TARGET, "2lt");
	record_mod(p, "vet", 1, NULL, NULL);
	record_mod(p, "fresh", 2, "002:30", over);
	assert_string_equal(p->mods[0].source, "");
	assert_string_equal(p->mods[0].why, "");
	assert_string_equal(p->mods[1].source, "002:30");
	assert_int_equal(strlen(p->mods[1].why), sizeof p->mods[1].why - 1);
	records_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find_part), cmocka_unit_test(test_role_names),
		cmocka_unit_test(test_unapplied_steps),
		cmocka_unit_test(test_texts_cut_to_fit),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
