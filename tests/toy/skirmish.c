/* skirmish: a toy ruleset, written as a new ruleset's file is.
 *
 * "Skirmish" has two arms, one rating, one phase and one fire event whose
 * total is the die minus one for a target in cover, a hit on 4 or more
 * costing the target a stand; a unit keeps its own tally of hits and
 * leaves the field at one stand.  It is a few lines of data, one
 * derivation and one unit record.  test_ruleset parses, prints and audits
 * with it through the grammar, the driver and the state; run-toy-registry.sh
 * copies the tree, adds this file to a folder of its own, audit/skirmish/,
 * and its one line to audit/rulesets.def, builds, and runs the command line
 * on a toy battle: nothing else changes. */
#include "skirmish.h"

#include <stdbool.h>

#include "../audit.h"

enum toy_cat { TC_ARM = VC_NONE + 1, TC_RATING, TC_NATION, TC_PHASE, TC_MOD, TC_EFFECT, TC_FACT, TC_N };
enum { TOY_SHOOT = 1, TOY_BRAWL };
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
	{.cat = TC_MOD, .word = "cover", .doc = "-1 target in cover", .code = TOY_COVER},
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
	/* a clash the toy does not audit: the core applies its claimed losses */
	{.keyword = "brawl", .shape = SHAPE_CLASH, .phases = 1, .doc = "brawl UNITS -> UNITS [die] claims | [die] claims",
	 .mods = TC_MOD, .effects = TC_EFFECT, .facts = TC_FACT, .code = TOY_BRAWL},
};

const struct vocab skirmish_vocab = {
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
	if (s->u->event.def->code != TOY_SHOOT)
		return false;	/* the core's stands event: nothing to check */
	const struct ev_fire *f = &s->u->event.u.fire;
	int target = state_unit(&a->st, f->target.id);
	if (target < 0)
		return false;
	audit_record(a, "shoot");	/* the driver puts the state after it there */
	int total = f->die.value - (battle_fact(&f->target, TOY_COVER, 0) ? 1 : 0);
	enum toy_effect effect = total >= 4 ? TOY_HIT : TOY_MISS;
	int loss = total >= 4 ? 1 : 0;
	const struct claim *c = &f->claim;
	if (c->has_total && c->total != total)
		audit_find(a, FINDING_TOTAL, DIAG_ERROR, c->total_at, NULL, "=%d claimed, derived %d", c->total, total);
	if (c->effect && c->effect_code != (int)effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, NULL, "%s claimed, derived %s", c->effect,
			   vocab_word_of(&skirmish_vocab, TC_EFFECT, effect));
	if (c->has_loss && c->loss != loss)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, NULL, "loss=%d claimed, derived %d", c->loss, loss);
	((struct toy_unit *)(void *)state_unit_at(&a->st, target))->hits += loss;
	state_lose(&a->st, target, loss);
	return true;
}

static const char toy_card[] =
	"SKIRMISH, a toy ruleset of umpire's tests\n"
	"\n"
	"  unit ID \"NAME\" foot|horse stands=N cmd=LEADER\n"
	"  phase shoot\n"
	"  shoot FIRER@RANGE -> TARGET[(cover)] [d6] [cover] [=TOTAL] [hit|miss] [loss=N]\n"
	"  stands UNIT +N|-N \"reason\"\n"
	"  brawl UNITS -> UNITS [d6] [loss=N] | [d6] [loss=N]   (not audited)\n"
	"\n"
	"A hit on 4 or more, one less for a target in cover; a hit costs a stand,\n"
	"and a unit down to one stand leaves the field.\n";

const struct ruleset skirmish_ruleset = {
	.name = "skirmish",
	.vocab = &skirmish_vocab,
	.card = toy_card,
	.state = &toy_state,
	.audit_event = toy_audit,
};
