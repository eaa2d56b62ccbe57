/* skirmish: a toy ruleset, written as a new ruleset's file is.
 *
 * "Skirmish" has two arms, one rating, one phase and one fire event whose
 * total is the die minus one for a target in cover, a hit on 4 or more
 * costing the target a stand; a unit keeps its own tally of hits and
 * leaves the field at one stand.  Its duel is a shape of its own, which
 * the grammar does not have: two units each roll a die, the higher wins
 * (the defender on a tie) and the loser loses a stand.  It is a few lines
 * of data, one shape entry, two derivations and one unit record.  test_ruleset parses, prints and audits
 * with it through the grammar, the driver and the state; run-toy-registry.sh
 * copies the tree, adds this file to a folder of its own, audit/skirmish/,
 * and its one line to audit/rulesets.def, builds, and runs the command line
 * on a toy battle: nothing else changes. */
#include "skirmish.h"

#include <stdbool.h>

#include "../audit.h"
#include "../../grammar/fmt.h"
#include "../../grammar/parse.h"

enum toy_cat { TC_ARM = VC_NONE + 1, TC_RATING, TC_NATION, TC_PHASE, TC_MOD, TC_EFFECT, TC_FACT, TC_N };
enum { TOY_SHOOT = 1, TOY_BRAWL, TOY_DUEL };
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

/* The duel's shape: duel ATTACKER -> DEFENDER [die] [die] claims. */
struct toy_duel {
	struct uref side[2];	/* attacker, defender */
	struct face roll[2];
	struct claim claim;	/* hit: the attacker wins */
};

static int duel_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct toy_duel *d = (void *)&e->u;
	if (parse_uref(p, &d->side[0], ev->facts, false) < 0 || parse_expect(p, TOK_ARROW, "'->' and the defender") < 0 ||
	    parse_uref(p, &d->side[1], ev->facts, false) < 0 || parse_face(p, &d->roll[0]) < 0 ||
	    parse_face(p, &d->roll[1]) < 0)
		return -1;
	return parse_claim(p, ev, &d->claim, false);
}

static void duel_print(const struct battle *b, const struct event *e, struct buf *out)
{
	const struct toy_duel *d = (const void *)&e->u;
	buf_putc(out, ' ');
	fmt_uref(b, out, &d->side[0]);
	buf_puts(out, " -> ");
	fmt_uref(b, out, &d->side[1]);
	for (int i = 0; i < 2; i++) {
		buf_putc(out, ' ');
		fmt_face(out, &d->roll[i]);
	}
	fmt_claim(out, &d->claim);
}

static void duel_read(const struct event *e, const struct event *repeated, const struct shape_reader *r)
{
	(void)repeated;
	const struct toy_duel *d = (const void *)&e->u;
	for (int i = 0; r->named && i < 2; i++)
		r->named(r->ctx, 'U', d->side[i].id);
	if (r->claimed)
		r->claimed(r->ctx, "attacker", d->side[d->roll[0].value > d->roll[1].value].id, &d->claim);	/* the loser's */
}

static void duel_write(const struct event *e, const struct shape_writer *w)
{
	const struct toy_duel *d = (const void *)&e->u;
	w->open(w->ctx, '{');
	w->key(w->ctx, "rolls");
	w->open(w->ctx, '[');
	for (int i = 0; i < 2; i++)
		w->number(w->ctx, &d->roll[i].value);
	w->close(w->ctx, ']');
	w->key(w->ctx, "claim");
	w->claim(w->ctx, &d->claim);
	w->close(w->ctx, '}');
}

static const struct face *duel_die(const struct event *e)
{
	(void)e;
	return NULL;	/* two dice */
}

/* An umpire's override takes the duel's one claim whole. */
static bool duel_override(struct event *e, const struct event *repeated, const char *unit,
			  const struct claim *umpire, struct arena *copies)
{
	(void)repeated;
	(void)unit;
	(void)copies;
	struct toy_duel *d = (void *)&e->u;
	d->claim = *umpire;
	return true;
}

static const struct shape toy_duel_shape = {
	.id = SHAPE_OWN, .name = "opposed-roll", .size = sizeof(struct toy_duel),
	.parse = duel_parse, .print = duel_print, .read = duel_read, .write_claimed = duel_write, .die = duel_die,
	.override = duel_override,	/* and no suggestion from the recorder */
};

static const struct vocab_event toy_events[] = {
	{.keyword = "shoot", .shape = &shape_fire, .phases = 1, .doc = "shoot FIRER@RANGE -> TARGET [die] claims",
	 .mods = TC_MOD, .effects = TC_EFFECT, .facts = TC_FACT, .code = TOY_SHOOT},
	{.keyword = "stands", .shape = &shape_state, .sig = "UNS", .phases = VOCAB_ANY_PHASE, .doc = "stands UNIT +N|-N",
	 .core = SV_STANDS},
	/* a clash the toy does not audit: the core applies its claimed losses */
	{.keyword = "brawl", .shape = &shape_clash, .phases = 1, .doc = "brawl UNITS -> UNITS [die] claims | [die] claims",
	 .mods = TC_MOD, .effects = TC_EFFECT, .facts = TC_FACT, .code = TOY_BRAWL},
	{.keyword = "duel", .shape = &toy_duel_shape, .phases = 1, .doc = "duel ATTACKER -> DEFENDER [die] [die] claims",
	 .effects = TC_EFFECT, .code = TOY_DUEL},
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

/* The claim's effect and loss against those derived. */
static void toy_judge(struct audit *a, const struct claim *c, enum toy_effect effect, int loss)
{
	if (c->effect && vocab_code(c->effect) != (int)effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, NULL, "%s claimed, derived %s", c->effect->word,
			   vocab_word_of(&skirmish_vocab, TC_EFFECT, effect));
	if (c->has_loss && c->loss != loss)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, NULL, "loss=%d claimed, derived %d", c->loss, loss);
}

/* A duel: the higher roll wins, the defender on a tie; the loser loses a
 * stand.  The claim's loss is the loser's. */
static bool toy_duel(struct audit *a, const struct toy_duel *d)
{
	int side[2];
	for (int i = 0; i < 2; i++)
		if ((side[i] = state_unit_ref(&a->st, &d->side[i])) < 0)
			return false;
	audit_record(a, "duel");
	bool won = d->roll[0].value > d->roll[1].value;
	toy_judge(a, &d->claim, won ? TOY_HIT : TOY_MISS, 1);
	int loser = side[won ? 1 : 0];
	((struct toy_unit *)(void *)state_unit_at(&a->st, loser))->hits++;
	state_lose(&a->st, loser, 1);
	return true;
}

/* The derivations: the duel's, and a shot's: die, -1 for cover, a hit on 4
 * or more. */
static bool toy_audit(struct audit *a, const struct stmt *s)
{
	if (s->u->event.def->code == TOY_DUEL)
		return toy_duel(a, (const void *)&s->u->event.u);
	if (s->u->event.def->code != TOY_SHOOT)
		return false;	/* the core's stands event: nothing to check */
	const struct ev_fire *f = &s->u->event.u.fire;
	int target = state_unit_ref(&a->st, &f->target);
	if (target < 0)
		return false;
	audit_record(a, "shoot");	/* the driver puts the state after it there */
	int total = f->die.value - (battle_fact(&f->target, TOY_COVER, 0) ? 1 : 0);
	enum toy_effect effect = total >= 4 ? TOY_HIT : TOY_MISS;
	int loss = total >= 4 ? 1 : 0;
	const struct claim *c = &f->claim;
	if (c->has_total && c->total != total)
		audit_find(a, FINDING_TOTAL, DIAG_ERROR, c->total_at, NULL, "=%d claimed, derived %d", c->total, total);
	toy_judge(a, c, effect, loss);
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
	"  duel ATTACKER -> DEFENDER [d6] [d6] [hit|miss] [loss=N]\n"
	"\n"
	"A hit on 4 or more, one less for a target in cover; a hit costs a stand,\n"
	"and a unit down to one stand leaves the field.  In a duel the higher roll\n"
	"wins, the defender on a tie, and the loser loses a stand.\n";

const struct ruleset skirmish_ruleset = {
	.name = "skirmish",
	.vocab = &skirmish_vocab,
	.card = toy_card,
	.state = &toy_state,
	.audit_event = toy_audit,
};
