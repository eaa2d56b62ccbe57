/* test_compare: two versions of a log summed up and aligned (umpire diff). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/compare.h"

/* A version of synthetic events "turn phase about" (phase "-": none). */
static struct compare_version made(const char *const *events, int n)
{
	struct compare_version v = {.v = calloc((size_t)n + 1, sizeof *v.v), .n = n};
	for (int i = 0; i < n; i++) {
		char phase[16], about[64];
		int turn;
		assert_int_equal(sscanf(events[i], "%d %15s %63s", &turn, phase, about), 3);
		v.v[i] = (struct compare_event){.stmt = i, .turn = turn, .about = strdup(about),
						.phase_word = strcmp(phase, "-") ? strdup(phase) : NULL};
	}
	return v;
}

static void unmade(struct compare_version *v)
{
	for (int i = 0; i < v->n; i++) {
		free(v->v[i].about);
		free((char *)v->v[i].phase_word);
	}
	free(v->v);
}

/* The alignment as "a/b ..." with - for a missing side. */
static const char *aligned(const char *const *a, int na, const char *const *b, int nb)
{
	static char text[512];
	struct compare_version x = made(a, na), y = made(b, nb);
	struct compare_pair *p;
	int n = compare_align(&x, &y, &p);
	text[0] = '\0';
	for (int i = 0; i < n; i++) {
		char one[16];
		snprintf(one, sizeof one, "%s%c/%c", i ? " " : "", p[i].a < 0 ? '-' : '0' + p[i].a,
			 p[i].b < 0 ? '-' : '0' + p[i].b);
		strcat(text, one);
	}
	free(p);
	unmade(&x);
	unmade(&y);
	return text;
}

static void test_align(void **state)
{
	(void)state;
	static const char *const base[] = {"1 maneuver mc|lee|5inf", "1 fire fire|5inf|2lt", "1 fire fire|8inf|2lt",
					   "2 charge charge|2lt|5inf"};
	assert_string_equal(aligned(base, 4, base, 4), "0/0 1/1 2/2 3/3");
	/* a line missing in b, then one added in b */
	static const char *const fewer[] = {"1 fire fire|5inf|2lt", "1 fire fire|8inf|2lt", "1 fire attach|lee|5inf",
					    "2 charge charge|2lt|5inf"};
	assert_string_equal(aligned(base, 4, fewer, 4), "0/- 1/0 2/1 -/2 3/3");
	/* the same units in another phase are not the same event */
	static const char *const moved[] = {"1 maneuver mc|lee|5inf", "1 charge fire|5inf|2lt", "1 fire fire|8inf|2lt",
					    "2 charge charge|2lt|5inf"};
	assert_string_equal(aligned(base, 4, moved, 4), "0/0 1/- -/1 2/2 3/3");
	/* a turn only a has; b ends early */
	static const char *const short_b[] = {"2 charge charge|2lt|5inf"};
	assert_string_equal(aligned(base, 4, short_b, 1), "0/- 1/- 2/- 3/0");
	assert_string_equal(aligned(base, 2, short_b, 0), "0/- 1/-");
	assert_string_equal(aligned(short_b, 0, base, 1), "-/0");
	/* different events at one place, neither found later: each alone */
	static const char *const other[] = {"1 maneuver mc|art|2lt"};
	assert_string_equal(aligned(base, 1, other, 1), "0/- -/0");
	/* two events at each place, none found in the other: each pair alone, in turn, a's first */
	static const char *const a4[] = {"1 fire fire|5inf|2lt", "1 fire fire|3inf|2lt"};
	static const char *const b4[] = {"1 fire fire|8inf|2lt", "1 fire fire|4inf|2lt"};
	assert_string_equal(aligned(a4, 2, b4, 2), "0/- -/0 1/- -/1");
	/* b has two events before the one a has: they stand alone, then the match */
	static const char *const b5[] = {"1 fire fire|8inf|2lt", "1 fire fire|4inf|2lt", "1 fire fire|5inf|2lt"};
	assert_string_equal(aligned(a4, 1, b5, 3), "-/0 -/1 0/2");
	assert_string_equal(aligned(b5, 3, a4, 1), "0/- 1/- 2/0");
	/* a tie (each first event comes second in the other): a's goes first */
	static const char *const skip[] = {"1 fire fire|8inf|2lt", "1 fire fire|5inf|2lt"};
	assert_string_equal(aligned(base + 1, 2, skip, 2), "0/- 1/0 -/1");
}

/* A version summed up: the fire's claim in canonical form, what it is
 * about, the derivation (9 against trained troops: a Telling Fire, a stand
 * lost, 002:196), its findings and the state after, and the unsettled
 * errors counted. */
static void test_collect(void **state)
{
	(void)state;
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_body("phase fire offensive\n"
					 "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1\n"
					 "note \"the smoke lifts\"\n",
					 &d);
	assert_int_equal(d.n_errors, 0);
	struct compare_version v;
	struct audit_opts opts = {0};
	assert_true(compare_collect(b, &opts, &v));
	assert_int_equal(v.n, 2);
	const struct compare_event *fire = &v.v[0];
	assert_int_equal(fire->turn, 1);
	assert_int_equal(fire->phase, 1);
	assert_string_equal(fire->phase_word, "fire");
	assert_string_equal(fire->about, "fire|5inf|2lt");
	assert_string_equal(fire->claim, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1");
	assert_string_equal(fire->derived, "telling-fire; 2lt loses 1");
	assert_non_null(strstr(fire->findings, "error wrong-lookup: galling-fire claimed"));
	assert_string_equal(strchr(fire->findings, '\n'), "\n");	/* one line: the notes are not kept */
	assert_non_null(strstr(fire->after, "2lt: 9 of 10 stands, fresh, disordered, line, follows a claim"));
	assert_string_equal(v.v[1].about, "note|note \"the smoke lifts\"");
	assert_string_equal(v.v[1].derived, "");
	assert_int_equal(v.errors, 1);
	assert_int_equal(roster_count(v.end), 7);
	compare_release(&v);
	battle_free(b);
	diags_release(&d);
}

/* Same outcome: the same derivation and state after, whatever the claim. */
static void test_same_outcome(void **state)
{
	(void)state;
	char a1[] = "telling-fire", a2[] = "2lt: 9\n", b1[] = "telling-fire", b2[] = "2lt: 9\n", c[] = "2lt: 8\n";
	struct compare_event x = {.derived = a1, .after = a2}, y = {.derived = b1, .after = b2};
	assert_true(compare_same_outcome(&x, &y));
	y.after = c;
	assert_false(compare_same_outcome(&x, &y));
	y.after = b2;
	b1[0] = 'T';
	assert_false(compare_same_outcome(&x, &y));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_align),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_same_outcome),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
