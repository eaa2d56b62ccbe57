/* test_ruleset: a ruleset plugs into the generic core through its
 * vocabulary and the operations of struct ruleset alone.
 *
 * "Skirmish" is a toy: two arms, one rating, one phase, one fire event
 * whose total is the die minus one for a target in cover, a hit on 4 or
 * more costing the target a stand; a unit keeps its own tally of hits and
 * leaves the field at one stand.  It is a few lines of data, one
 * derivation and one unit record, and it is parsed, printed and audited by the same grammar,
 * driver and state as Fire and Fury, changing none of their files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../grammar/buf.h"
#include "../grammar/fmt.h"
#include "../grammar/parse.h"

enum toy_cat { TC_ARM = VC_NONE + 1, TC_RATING, TC_NATION, TC_PHASE, TC_MOD, TC_EFFECT, TC_FACT, TC_N };
enum { TOY_SHOOT = 1 };
enum toy_effect { TOY_MISS = 1, TOY_HIT };
enum { TOY_COVER = 1 };	/* its one fact */

static const struct vocab_cat toy_cats[TC_N] = {
	[TC_ARM] = {.name = "arm", .role = VR_UNIT_SLOT, .required = true},
	[TC_RATING] = {.name = "rating"},
	[TC_NATION] = {.name = "nation"},
	[TC_PHASE] = {.name = "phase"},
	[TC_MOD] = {.name = "shooting modifier"},
	[TC_EFFECT] = {.name = "shooting effect"},
	[TC_FACT] = {.name = "shooting fact"},
};

static const struct vocab_word toy_words[] = {
	{.cat = TC_ARM, .word = "foot", .doc = "foot soldiers"},
	{.cat = TC_ARM, .word = "horse", .doc = "mounted soldiers"},
	{.cat = TC_RATING, .word = "steady", .doc = "a steady officer"},
	{.cat = TC_NATION, .word = "red", .doc = "the red army"},
	{.cat = TC_NATION, .word = "blue", .doc = "the blue army"},
	{.cat = TC_PHASE, .word = "shoot", .doc = "the shooting phase"},
	{.cat = TC_MOD, .word = "cover", .doc = "-1 target in cover"},
	{.cat = TC_EFFECT, .word = "miss", .doc = "no effect", .code = TOY_MISS},
	{.cat = TC_EFFECT, .word = "hit", .doc = "the target loses a stand", .code = TOY_HIT},
	{.cat = TC_FACT, .word = "cover", .doc = "the target is in cover", .code = TOY_COVER},
};

static const struct vocab_phase toy_phases[] = {
	{"shoot", NULL, 1, 1, "the shooting phase"},
};

static const struct vocab_event toy_events[] = {
	{.keyword = "shoot", .shape = SHAPE_FIRE, .phases = 1, .doc = "shoot FIRER@RANGE -> TARGET [die] claims",
	 .mods = TC_MOD, .effects = TC_EFFECT, .facts = TC_FACT, .code = TOY_SHOOT},
	{.keyword = "stands", .shape = SHAPE_STATE, .sig = "UNS", .phases = VOCAB_ANY_PHASE, .doc = "stands UNIT +N|-N",
	 .core = SV_STANDS},
};

static const struct vocab toy_vocab = {
	.name = "skirmish",
	.title = "Skirmish, a toy ruleset of the tests",
	.sources = "",
	.die = 6,
	.cats = toy_cats,
	.n_cats = TC_N,
	.words = toy_words,
	.n_words = sizeof toy_words / sizeof toy_words[0],
	.events = toy_events,
	.n_events = sizeof toy_events / sizeof toy_events[0],
	.phases = toy_phases,
	.n_phases = sizeof toy_phases / sizeof toy_phases[0],
	.rating = TC_RATING,
	.nation = TC_NATION,
	.phase = TC_PHASE,
};

/* The toy's record of a unit: the core's, and the hits it has taken. */
struct toy_unit {
	struct unit_state core;
	int hits;
};

static void toy_unit_init(struct state *st, int u)
{
	state_unit_at(st, u)->remove_at = 1;	/* one stand left: it leaves the field */
}

static void toy_unit_fields(const struct state *st, int u, struct fields *out)
{
	fields_int(out, "hits", ((const struct toy_unit *)(const void *)state_unit_at(st, u))->hits);
}

static const struct state_rules toy_state = {
	.unit_size = sizeof(struct toy_unit),
	.unit_init = toy_unit_init,
	.unit_fields = toy_unit_fields,
};

/* The one derivation: die, -1 for cover, a hit on 4 or more. */
static bool toy_audit(struct audit *a, const struct stmt *s)
{
	if (s->u.event.def->code != TOY_SHOOT)
		return false;	/* the core's stands event: nothing to check */
	const struct ev_fire *f = &s->u.event.u.fire;
	int target = state_unit(&a->st, f->target.id);
	if (target < 0)
		return false;
	audit_record(a, "shoot");	/* the driver puts the state after it there */
	int total = f->die.value - (battle_fact(&f->target, TOY_COVER, 0) ? 1 : 0);
	const char *effect = total >= 4 ? "hit" : "miss";
	int loss = total >= 4 ? 1 : 0;
	const struct claim *c = &f->claim;
	if (c->has_total && c->total != total)
		audit_find(a, FINDING_TOTAL, DIAG_ERROR, c->total_at, NULL, "=%d claimed, derived %d", c->total, total);
	if (c->effect && strcmp(c->effect, effect) != 0)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, NULL, "%s claimed, derived %s", c->effect, effect);
	if (c->has_loss && c->loss != loss)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, NULL, "loss=%d claimed, derived %d", c->loss, loss);
	((struct toy_unit *)(void *)state_unit_at(&a->st, target))->hits += loss;
	state_lose(&a->st, target, loss);
	return true;
}

static const struct ruleset toy_ruleset = {
	.name = "skirmish",
	.vocab = &toy_vocab,
	.state = &toy_state,
	.audit_event = toy_audit,
};

static const struct vocab *find_toy(const char *name)
{
	return strcmp(name, "skirmish") == 0 ? &toy_vocab : NULL;
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
	struct parse_opts o = {.lex = tu_lex(), .find_rules = find_toy, .default_rules = &toy_vocab};
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
	audit_battle_with(&toy_ruleset, b, &opts, &f);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_toy_parses_and_prints),
		cmocka_unit_test(test_toy_words_in_messages),
		cmocka_unit_test(test_toy_audits_through_the_core),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
