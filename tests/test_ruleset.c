/* test_ruleset: a ruleset plugs into the generic core through its
 * vocabulary and the operations of struct ruleset alone.  The toy
 * "skirmish" (tests/toy/skirmish.c) is parsed, printed and audited by the
 * same grammar, driver and state as Fire and Fury, changing none of their
 * files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../grammar/buf.h"
#include "../grammar/fmt.h"
#include "../grammar/parse.h"
#include "toy/skirmish.h"

static const struct vocab *find_toy(const char *name)
{
	return strcmp(name, "skirmish") == 0 ? &skirmish_vocab : NULL;
}

static const char toy_battle[] =
	"battle \"Toy\" rules=skirmish\n"
	"side R nation=red\n"
	"  leader cap \"Captain\" steady\n"
	"  unit a \"A\" foot stands=3 cmd=cap\n"
	"side B nation=blue\n"
	"  leader col \"Colonel\" steady\n"
	"  unit b \"B\" horse stands=3 cmd=col\n"
	"turn 1 R\n"
	"phase shoot\n"
	"shoot a@6 -> b(cover) [4] cover =4 hit loss=1\n"	/* 4 - 1 = 3, not 4: a miss, no loss */
	"shoot a@6 -> b [5] =5 hit loss=1\n"			/* right: b down to 2 */
	"stands b -1 \"routed\"\n";				/* the core's verb: b at 1, gone */

static struct battle *parse_toy(const char *text, struct diags *d)
{
	struct parse_opts o = {.lex = tu_lex(), .find_rules = find_toy, .default_rules = &skirmish_vocab};
	diags_init(d, 100);
	return parse_text("toy.battle", text, strlen(text), &o, d);
}

static void test_toy_parses_and_prints(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = parse_toy(toy_battle, &d);
	assert_string_equal(tu_diag_list(&d), "");
	assert_string_equal(b->vocab->name, "skirmish");
	struct buf out;
	buf_init(&out, 1 << 20);
	fmt_battle(b, 0, &out);
	assert_non_null(strstr(out.text, "shoot a@6 -> b(cover) [4] cover =4 hit loss=1\n"));
	assert_non_null(strstr(out.text, "unit a \"A\" foot stands=3 cmd=cap\n"));
	buf_release(&out);
	battle_free(b);
	diags_release(&d);
}

static void test_toy_words_in_messages(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = parse_toy("battle \"T\" rules=skirmish\nside R nation=red\n  unit a \"A\" stands=2\n", &d);
	assert_non_null(strstr(d.v[0].msg, "unit 'a' has no arm (foot, horse)"));
	battle_free(b);
	diags_release(&d);
	b = parse_toy("battle \"T\" rules=skirmish\nside R nation=red\n  unit a \"A\" foot stands=2\n"
		      "turn 1 R\nshoot a@6 -> a [4]\n", &d);
	assert_non_null(strstr(d.v[0].msg, "event 'shoot' belongs in the shooting phase, not before any phase"));
	battle_free(b);
	diags_release(&d);
	/* a word of none of the toy's unit categories: its one, the arm */
	b = parse_toy("battle \"T\" rules=skirmish\nside R nation=red\n  unit a \"A\" foot zzz stands=2\n", &d);
	assert_string_equal(d.v[0].msg, "unknown word 'zzz' in a unit: expected an arm of skirmish");
	battle_free(b);
	diags_release(&d);
}

static void test_toy_audits_through_the_core(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = parse_toy(toy_battle, &d);
	struct findings f;
	findings_init(&f);
	struct records r;
	records_init(&r);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = &r};
	audit_battle_with(&skirmish_ruleset, b, &opts, &f);
	int codes[8], n = 0;
	for (int i = 0; i < f.n && n < 8; i++)
		codes[n++] = f.v[i].code;
	assert_int_equal(n, 3);	/* the first shot: total, effect, losses; the second is right */
	assert_int_equal(codes[0], FINDING_TOTAL);
	assert_int_equal(codes[1], FINDING_EFFECT);
	assert_int_equal(codes[2], FINDING_LOSSES);
	assert_int_equal(f.v[0].at.line, 10);
	/* the state: the second shot takes b to 2 stands and one hit, the
	 * core's stands event to 1, where the toy's rule removes it */
	const struct rec_state *shot = record_find_state(records_find(&r, 10), 'U', "b");
	assert_int_equal(fields_get(&shot->fields, "stands")->num, 2);
	assert_int_equal(fields_get(&shot->fields, "hits")->num, 1);
	assert_false(fields_get(&shot->fields, "removed")->num);
	const struct rec_state *routed = record_find_state(records_find(&r, 11), 'U', "b");
	assert_int_equal(fields_get(&routed->fields, "stands")->num, 1);
	assert_int_equal(fields_get(&routed->fields, "hits")->num, 1);
	assert_true(fields_get(&routed->fields, "removed")->num);
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

/* A toy battle parsed without a diagnostic and audited by rs, following
 * the claims, with its records kept. */
struct toy_run {
	struct battle *b;
	struct diags d;
	struct findings f;
	struct records r;
};

static void toy_run(struct toy_run *x, const struct ruleset *rs, const char *text)
{
	x->b = parse_toy(text, &x->d);
	assert_string_equal(tu_diag_list(&x->d), "");
	findings_init(&x->f);
	records_init(&x->r);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = &x->r};
	audit_battle_with(rs, x->b, &opts, &x->f);
}

static void toy_run_release(struct toy_run *x)
{
	records_release(&x->r);
	findings_release(&x->f);
	battle_free(x->b);
	diags_release(&x->d);
}

/* Unit id's stands in the state recorded after statement stmt. */
static int stands_after(const struct toy_run *x, int stmt, const char *id)
{
	return fields_get(&record_find_state(records_find(&x->r, stmt), 'U', id)->fields, "stands")->num;
}

/* The toy's two sides: a (6 stands) and b (6). */
#define TOY_SIDES \
	"battle \"T\" rules=skirmish\nside R nation=red\n  leader cap \"C\" steady\n" \
	"  unit a \"A\" foot stands=6 cmd=cap\n" \
	"side B nation=blue\n  leader col \"C\" steady\n  unit b \"B\" horse stands=6 cmd=col\n"

/* An event the ruleset does not audit: a note says so, and the claimed
 * losses fall as played on the first unit named on each side. */
static void test_toy_unaudited_clash(void **state)
{
	(void)state;
	struct toy_run x;
	toy_run(&x, &skirmish_ruleset,
		"battle \"T\" rules=skirmish\nside R nation=red\n  leader cap \"C\" steady\n"
		"  unit a \"A\" foot stands=5 cmd=cap\n  unit a2 \"A2\" foot stands=5 cmd=cap\n"
		"side B nation=blue\n  leader col \"C\" steady\n  unit b \"B\" horse stands=5 cmd=col\n"
		"turn 1 R\nphase shoot\nbrawl a -> b [3] loss=1 | [4] loss=2\nstands b +1 \"rallied\"\n"
		"brawl a2, a -> b [3] loss=1 | [4]\nstands a2 +1 \"r\"\nstands a +1 \"r\"\n");
	assert_int_equal(x.f.n, 2);
	assert_int_equal(x.f.v[0].code, FINDING_NOT_AUDITED);
	/* the state events after each brawl record what it left: b 5 - 2 + 1; a2, the
	 * first named, 5 - 1 + 1; a 5 - 1 (the first brawl only) + 1 */
	assert_int_equal(stands_after(&x, 11, "b"), 4);
	assert_int_equal(stands_after(&x, 13, "a2"), 5);
	assert_int_equal(stands_after(&x, 14, "a"), 5);
	toy_run_release(&x);
}

/* A ruleset that audits nothing: every event's claimed losses fall as
 * played, each on the unit its shape says bears it: a shot's on its
 * target, a check's on its unit, the toy's duel (a shape of its own) on
 * its loser (5 against 3: the defender). */
static bool audits_nothing(struct audit *a, const struct stmt *s)
{
	(void)a;
	(void)s;
	return false;
}

static void test_unaudited_losses_by_shape(void **state)
{
	(void)state;
	struct ruleset quiet = skirmish_ruleset;
	quiet.audit_event = audits_nothing;
	struct toy_run x;
	toy_run(&x, &quiet,
		TOY_SIDES "turn 1 R\nphase shoot\nshoot a@6 -> b [5] loss=2\nduel a -> b [5] [3] loss=1\n"
		"stands b +0 \"count\"\nduel a -> b [2] [3] loss=1\nstands a +0 \"count\"\n");
	/* after the stands events (statements 11 and 13, lines 12 and 14): b 6 - 2
	 * (the shot) - 1 (the first duel's loser); a 6 - 1 (the second's) */
	assert_int_equal(stands_after(&x, 11, "b"), 3);
	assert_int_equal(stands_after(&x, 13, "a"), 5);
	toy_run_release(&x);
}

/* An umpire's override of a duel, a shape of the toy's own, goes through
 * its shape's entry: the ruling may name a unit of the duel, and the state
 * follows the umpire's loss=3 on the loser (b: 5 against 3), not the
 * logged loss=1.  A shot, a shape of the grammar's, the same way. */
static void test_override_by_shape(void **state)
{
	(void)state;
	struct ruleset quiet = skirmish_ruleset;
	quiet.audit_event = audits_nothing;
	struct toy_run x;
	toy_run(&x, &quiet,
		TOY_SIDES "turn 1 R\nphase shoot\nduel a -> b [5] [3] loss=1\n  ruling override B loss=3 by=u \"x\"\n"
		"stands b +0 \"count\"\nshoot a@6 -> b [6] loss=1\n  ruling override loss=2 by=u \"y\"\n"
		"stands b +0 \"count\"\n");
	const struct stmt *ruling = &x.b->stmts[10];
	assert_int_equal(ruling->kind, ST_RULING);
	assert_string_equal(ruling->u->ruling.unit, "B");
	for (int i = 0; i < x.f.n; i++)
		assert_null(strstr(x.f.v[i].msg, "cannot say which claim"));
	/* b: 6 - 3 (the duel, overridden); then 3 - 2 (the shot, overridden) */
	assert_int_equal(stands_after(&x, 11, "b"), 3);
	assert_int_equal(stands_after(&x, 14, "b"), 1);
	toy_run_release(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_toy_parses_and_prints),
		cmocka_unit_test(test_toy_words_in_messages),
		cmocka_unit_test(test_toy_audits_through_the_core),
		cmocka_unit_test(test_toy_unaudited_clash),
		cmocka_unit_test(test_unaudited_losses_by_shape),
		cmocka_unit_test(test_override_by_shape),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
