/* shape: the grammar's event shapes, each one entry: how it reads, prints,
 * names, claims and writes (shape.h). */
#include "shape.h"

#include <string.h>

#include "arena.h"
#include "battle.h"
#include "buf.h"
#include "fmt.h"
#include "fold.h"
#include "parse.h"

/* How many dice an event's face may list. */
static int dice_of(const struct vocab_event *ev)
{
	return ev->dice > 1 ? ev->dice : 1;
}

/* Reading */

/* check-line = uref claim { action } ; */
static int read_check_line(struct parser *p, const struct vocab_event *ev, struct check_line *l)
{
	if (parse_uref(p, &l->unit, ev->facts, false) < 0 || parse_claim(p, ev, &l->claim, true) < 0)
		return -1;
	const struct vocab *v = parse_vocab(p);
	struct action as[PARSE_MAX_ITEMS];
	int n = 0;
	while (parse_peek(p)->kind == TOK_WORD) {
		char actions[512];
		if (!parse_is_action(p))
			return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, parse_peek(p)), "unknown %s %s: expected %s",
					vocab_cat_name(v, v->action), parse_found(p, parse_peek(p)),
					vocab_list(v, v->action, actions, sizeof actions));
		if (n == PARSE_MAX_ITEMS)
			return parse_error(p, DIAG_TOO_MANY, parse_loc(p, parse_peek(p)), "more than %d actions", PARSE_MAX_ITEMS);
		memset(&as[n], 0, sizeof as[n]);
		if (parse_action(p, &as[n++]) < 0)
			return -1;
	}
	l->actions = arena_memdup(parse_arena(p), as, n * sizeof *as);
	l->n_actions = n;
	return 0;
}

/* check = KEYWORD [ WORD ] face ":" check-line { ";" check-line } ; */
static int check_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct ev_check *ck = &e->u.check;
	if (parse_peek(p)->kind == TOK_WORD && !(ck->leader = parse_id(p, 'L', &ck->leader_at, &ck->leader_sym)))
		return -1;
	if (parse_dice(p, &ck->die, dice_of(ev)) < 0 || parse_expect(p, TOK_COLON, "':' before the units") < 0)
		return -1;
	struct check_line ls[PARSE_MAX_ITEMS];
	int n = 0;
	do {
		if (n == PARSE_MAX_ITEMS)
			return parse_error(p, DIAG_TOO_MANY, parse_loc(p, parse_peek(p)), "more than %d units", PARSE_MAX_ITEMS);
		memset(&ls[n], 0, sizeof ls[n]);
		if (read_check_line(p, ev, &ls[n++]) < 0)
			return -1;
	} while (parse_peek(p)->kind == TOK_SEMI && parse_next(p));
	ck->lines = arena_memdup(parse_arena(p), ls, n * sizeof *ls);
	ck->n_lines = n;
	if (!ck->leader && n > 1)
		return parse_error(p, DIAG_TOO_MANY, parse_place(p, ls[1].unit.at),
				"a check without a leader is one unit's own roll: it takes one unit");
	return 0;
}

/* fire-shape = KEYWORD uref { "," uref } "->" uref face claim ; */
static int fire_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct ev_fire *f = &e->u.fire;
	if (parse_urefs(p, ev->facts, true, &f->firers, &f->n_firers) < 0)
		return -1;
	for (int i = 0; i < f->n_firers; i++)
		if (f->firers[i].range < 0)
			return parse_error(p, DIAG_EXPECTED, parse_place(p, f->firers[i].at),
					"expected '@' and the range after firing unit '%s'", f->firers[i].id);
	if (parse_expect(p, TOK_ARROW, "'->' and the target") < 0 ||
	    parse_uref(p, &f->target, ev->facts, false) < 0 || parse_dice(p, &f->die, dice_of(ev)) < 0)
		return -1;
	return parse_claim(p, ev, &f->claim, false);
}

/* side-roll = face claim ; */
static int read_side_roll(struct parser *p, const struct vocab_event *ev, struct clash_side *s)
{
	if (parse_face(p, &s->die) < 0)
		return -1;
	return parse_claim(p, ev, &s->claim, false);
}

/* clash-result = side-roll "|" side-roll [ ":" [ SIGNED | NUMBER ] [ EFFECT ] ] ; */
static int clash_result(struct parser *p, const struct vocab_event *ev, struct ev_clash *c)
{
	if (read_side_roll(p, ev, &c->side[0]) < 0 || parse_expect(p, TOK_BAR, "'|' and the defender's roll") < 0 ||
	    read_side_roll(p, ev, &c->side[1]) < 0)
		return -1;
	if (parse_peek(p)->kind != TOK_COLON)
		return 0;
	parse_next(p);
	struct token *t = parse_peek(p);
	if (t->kind == TOK_SIGNED || t->kind == TOK_NUMBER) {
		if (parse_signed(p, "the difference", -2 * PARSE_MAX_TOTAL, 2 * PARSE_MAX_TOTAL, &c->diff) < 0)
			return -1;
		c->has_diff = true;
		c->diff_at = parse_span_of(t);
	}
	t = parse_peek(p);
	if (t->kind == TOK_WORD) {
		if (parse_word(p, ev->effects, &c->effect) < 0)
			return -1;
		c->effect_at = parse_span_of(t);
	}
	if (!c->has_diff && !c->effect)
		return parse_expected(p, "the difference or the effect after ':'");
	return 0;
}

/* clash = KEYWORD uref { "," uref } "->" uref { "," uref } clash-result ; */
static int clash_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct ev_clash *c = &e->u.clash;
	if (parse_urefs(p, ev->facts, false, &c->side[0].units, &c->side[0].n_units) < 0 ||
	    parse_expect(p, TOK_ARROW, "'->' and the defenders") < 0 ||
	    parse_urefs(p, ev->facts, false, &c->side[1].units, &c->side[1].n_units) < 0)
		return -1;
	return clash_result(p, ev, c);
}

/* reroll = KEYWORD clash-result ; the clash before, rolled again */
static int reroll_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	return clash_result(p, ev, &e->u.clash);
}

/* leader-roll = KEYWORD WORD face [ EFFECT ] ; */
static int leader_roll_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct ev_leader_roll *f = &e->u.leader_roll;
	if (!(f->leader = parse_id(p, 'L', &f->leader_at, &f->leader_sym)) || parse_dice(p, &f->die, dice_of(ev)) < 0)
		return -1;
	struct token *t = parse_peek(p);
	if (t->kind == TOK_WORD) {
		if (parse_word(p, ev->effects, &f->effect) < 0)
			return -1;
		f->effect_at = parse_span_of(t);
	}
	return 0;
}

/* One argument of a state event by its signature letter. */
static int read_arg(struct parser *p, const struct vocab_event *ev, char type, struct arg *a)
{
	struct token *t = parse_peek(p);
	a->type = type;
	a->at = parse_span_of(t);
	switch (type) {
	case 'U':
	case 'L':
		a->text = parse_id(p, type, &a->at, &a->sym);
		return a->text ? 0 : -1;
	case 'W': {
		const struct vocab_word *w;
		if (parse_word(p, ev->arg, &w) < 0)
			return -1;
		a->text = w->word;	/* an argument's text, whatever its type */
		a->code = w->code;
		return 0;
	}
	case 'N':
		return parse_signed(p, "a signed number of stands such as -2", -PARSE_MAX_STANDS, PARSE_MAX_STANDS, &a->num);
	case 'C':
		return parse_number(p, "a number of stands", 1, PARSE_MAX_STANDS, &a->num);
	case 'S':
		a->text = parse_string(p, "a quoted text");
		return a->text ? 0 : -1;
	case 'D':
		return parse_face(p, &a->face);
	default:
		return parse_expect(p, TOK_ARROW, "'->'");
	}
}

static bool arg_fits(struct parser *p, char type)
{
	enum token_kind k = parse_peek(p)->kind;
	switch (type) {
	case 'S':
		return k == TOK_STRING;
	case 'N':
		return k == TOK_SIGNED || k == TOK_NUMBER;
	case 'C':	/* a negative count is there, and out of range */
		return k == TOK_NUMBER || (k == TOK_SIGNED && parse_peek(p)->num < 0);
	case 'D':
		return k == TOK_FACE;
	default:
		return k == TOK_WORD;
	}
}

/* state = KEYWORD { argument } ; by the event's signature */
static int state_parse(struct parser *p, const struct vocab_event *ev, struct event *e)
{
	struct ev_state *st = &e->u.state;
	const char *sig = ev->sig;
	struct arg args[16];
	int n = 0;
	for (const char *c = sig; *c; c++) {
		bool optional = c[1] == '?';
		if (optional && !arg_fits(p, *c)) {
			c++;
			continue;
		}
		if (*c == '>') {
			if (parse_expect(p, TOK_ARROW, "'->'") < 0)
				return -1;
		} else {
			memset(&args[n], 0, sizeof args[n]);
			if (read_arg(p, ev, *c, &args[n++]) < 0)
				return -1;
		}
		if (optional)
			c++;
	}
	st->args = arena_memdup(parse_arena(p), args, n * sizeof *args);
	st->n_args = n;
	return 0;
}


/* Printing */

static void check_print(const struct battle *b, const struct event *e, struct buf *out)
{
	const struct ev_check *ck = &e->u.check;
	if (ck->leader)
		buf_printf(out, " %s", fmt_id(b, 'L', ck->leader));
	buf_putc(out, ' ');
	fmt_face(out, &ck->die);
	buf_putc(out, ':');
	for (int i = 0; i < ck->n_lines; i++) {
		const struct check_line *l = &ck->lines[i];
		buf_puts(out, i ? "; " : " ");
		fmt_uref(b, out, &l->unit);
		fmt_claim(out, &l->claim);
		for (int j = 0; j < l->n_actions; j++)
			fmt_action(b, out, &l->actions[j]);
	}
}

static void fire_print(const struct battle *b, const struct event *e, struct buf *out)
{
	const struct ev_fire *f = &e->u.fire;
	buf_putc(out, ' ');
	fmt_urefs(b, out, f->firers, f->n_firers);
	buf_puts(out, " -> ");
	fmt_uref(b, out, &f->target);
	buf_putc(out, ' ');
	fmt_face(out, &f->die);
	fmt_claim(out, &f->claim);
}

static void clash_print(const struct battle *b, const struct event *e, struct buf *out)
{
	const struct ev_clash *c = &e->u.clash;
	if (c->side[0].n_units) {
		buf_putc(out, ' ');
		fmt_urefs(b, out, c->side[0].units, c->side[0].n_units);
		buf_puts(out, " ->");
		buf_putc(out, ' ');
		fmt_urefs(b, out, c->side[1].units, c->side[1].n_units);
	}
	for (int i = 0; i < 2; i++) {
		buf_puts(out, i ? " | " : " ");
		fmt_face(out, &c->side[i].die);
		fmt_claim(out, &c->side[i].claim);
	}
	if (c->has_diff || c->effect)
		buf_puts(out, " :");
	if (c->has_diff)
		buf_printf(out, c->diff ? " %+d" : " %d", c->diff);
	if (c->effect)
		buf_printf(out, " %s", c->effect->word);
}

static void state_print(const struct battle *b, const struct event *e, struct buf *out)
{
	const char *sig = e->def->sig;
	int k = 0;
	for (const char *c = sig; *c; c++) {
		if (*c == '?')
			continue;
		if (*c == '>') {
			buf_puts(out, " ->");
			continue;
		}
		if (k >= e->u.state.n_args)
			break;
		const struct arg *a = &e->u.state.args[k];
		if (a->type != *c)
			continue;	/* an optional argument not given */
		k++;
		buf_putc(out, ' ');
		switch (a->type) {
		case 'U':
		case 'L':
			buf_puts(out, fmt_id(b, a->type, a->text));
			break;
		case 'N':
			buf_printf(out, "%+d", a->num);
			break;
		case 'C':
			buf_printf(out, "%d", a->num);
			break;
		case 'S':
			fmt_string(out, a->text);
			break;
		case 'D':
			fmt_face(out, &a->face);
			break;
		default:
			buf_puts(out, a->text);
		}
	}
}

static void leader_roll_print(const struct battle *b, const struct event *e, struct buf *out)
{
	buf_printf(out, " %s ", fmt_id(b, 'L', e->u.leader_roll.leader));
	fmt_face(out, &e->u.leader_roll.die);
	if (e->u.leader_roll.effect)
		buf_printf(out, " %s", e->u.leader_roll.effect->word);
}

/* What each names and claims */

static void name_units(const struct shape_reader *r, const struct uref *u, int n)
{
	for (int i = 0; i < n; i++)
		r->named(r->ctx, 'U', u[i].id);
}

static void check_read(const struct event *e, const struct event *repeated, const struct shape_reader *r)
{
	(void)repeated;
	const struct ev_check *ck = &e->u.check;
	if (r->named && ck->leader)
		r->named(r->ctx, 'L', ck->leader);
	for (int i = 0; i < ck->n_lines; i++) {
		if (r->named)
			r->named(r->ctx, 'U', ck->lines[i].unit.id);
		if (r->claimed)
			r->claimed(r->ctx, ck->lines[i].unit.id, ck->lines[i].unit.id, &ck->lines[i].claim);
	}
}

static void fire_read(const struct event *e, const struct event *repeated, const struct shape_reader *r)
{
	(void)repeated;
	if (r->named) {
		name_units(r, e->u.fire.firers, e->u.fire.n_firers);
		r->named(r->ctx, 'U', e->u.fire.target.id);
	}
	if (r->claimed)
		r->claimed(r->ctx, "target", e->u.fire.target.id, &e->u.fire.claim);
}

/* A reroll names the units of the charge it repeats. */
static void clash_read(const struct event *e, const struct event *repeated, const struct shape_reader *r)
{
	const struct ev_clash *units = repeated ? &repeated->u.clash : &e->u.clash;
	for (int side = 0; r->named && side < 2; side++)
		name_units(r, units->side[side].units, units->side[side].n_units);
	for (int side = 0; r->claimed && side < 2; side++)	/* a side's losses fall on its first unit */
		r->claimed(r->ctx, side ? "defender" : "attacker",
			   units->side[side].n_units ? units->side[side].units[0].id : NULL, &e->u.clash.side[side].claim);
}

static void leader_roll_read(const struct event *e, const struct event *repeated,
				   const struct shape_reader *r)
{
	(void)repeated;
	if (r->named)
		r->named(r->ctx, 'L', e->u.leader_roll.leader);
}

static void state_read(const struct event *e, const struct event *repeated, const struct shape_reader *r)
{
	(void)repeated;
	for (int i = 0; r->named && i < e->u.state.n_args; i++)
		if (e->u.state.args[i].type == 'U' || e->u.state.args[i].type == 'L')
			r->named(r->ctx, e->u.state.args[i].type, e->u.state.args[i].text);
}

/* How their claims read */

static void check_write(const struct event *e, const struct shape_writer *w)
{
	w->open(w->ctx, '{');
	w->key(w->ctx, "units");
	w->open(w->ctx, '[');
	for (int i = 0; i < e->u.check.n_lines; i++) {
		w->open(w->ctx, '{');
		w->key(w->ctx, "unit");
		w->text(w->ctx, e->u.check.lines[i].unit.id);
		w->key(w->ctx, "claim");
		w->claim(w->ctx, &e->u.check.lines[i].claim);
		w->close(w->ctx, '}');
	}
	w->close(w->ctx, ']');
	w->close(w->ctx, '}');
}

static void fire_write(const struct event *e, const struct shape_writer *w)
{
	w->open(w->ctx, '{');
	w->key(w->ctx, "claim");
	w->claim(w->ctx, &e->u.fire.claim);
	w->close(w->ctx, '}');
}

static void clash_write(const struct event *e, const struct shape_writer *w)
{
	const struct ev_clash *c = &e->u.clash;
	w->open(w->ctx, '{');
	w->key(w->ctx, "attacker");
	w->claim(w->ctx, &c->side[0].claim);
	w->key(w->ctx, "defender");
	w->claim(w->ctx, &c->side[1].claim);
	w->key(w->ctx, "difference");
	w->number(w->ctx, c->has_diff ? &c->diff : NULL);
	w->key(w->ctx, "effect");
	w->text(w->ctx, vocab_spelling(c->effect));
	w->close(w->ctx, '}');
}

static void leader_roll_write(const struct event *e, const struct shape_writer *w)
{
	w->open(w->ctx, '{');
	w->key(w->ctx, "effect");
	w->text(w->ctx, vocab_spelling(e->u.leader_roll.effect));
	w->close(w->ctx, '}');
}

static void nothing_write(const struct event *e, const struct shape_writer *w)
{
	(void)e;
	w->open(w->ctx, '{');
	w->close(w->ctx, '}');
}

/* The die of a single roll */

static const struct face *check_die(const struct event *e)
{
	return &e->u.check.die;
}

static const struct face *fire_die(const struct event *e)
{
	return &e->u.fire.die;
}

static const struct face *leader_roll_die(const struct event *e)
{
	return &e->u.leader_roll.die;
}

static const struct face *no_single_die(const struct event *e)
{
	(void)e;
	return NULL;
}

/* The umpire's claim in place of the players' */

/* The index of the check line whose unit id names (ids match in any
 * case), or -1. */
static int line_of(const struct ev_check *ck, const char *id)
{
	for (int i = 0; i < ck->n_lines; i++)
		if (fold_same(ck->lines[i].unit.id, id))
			return i;
	return -1;
}

/* The side of the clash one of whose units id names, or -1. */
static int side_of(const struct ev_clash *c, const char *id)
{
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < c->side[k].n_units; i++)
			if (fold_same(c->side[k].units[i].id, id))
				return k;
	return -1;
}

/* The named line takes the umpire's claim whole, the others stay as
 * logged; with no unit named, only a check of one unit can say which. */
static bool check_override(struct event *e, const struct event *repeated, const char *unit,
			   const struct claim *umpire, struct arena *copies)
{
	(void)repeated;
	struct ev_check *ck = &e->u.check;
	int which = unit ? line_of(ck, unit) : ck->n_lines == 1 ? 0 : -1;
	if (which < 0)
		return false;
	ck->lines = arena_memdup(copies, ck->lines, (size_t)ck->n_lines * sizeof *ck->lines);
	ck->lines[which].claim = *umpire;
	return true;
}

static bool fire_override(struct event *e, const struct event *repeated, const char *unit,
			  const struct claim *umpire, struct arena *copies)
{
	(void)repeated;
	(void)unit;
	(void)copies;
	e->u.fire.claim = *umpire;
	return true;
}

/* A clash takes the umpire's effect, or keeps the logged one when the
 * ruling names a unit and gives none; loss=N and tallies go to the named
 * unit's side (a reroll's: of the clash it repeats), and to no side
 * otherwise. */
static bool clash_override(struct event *e, const struct event *repeated, const char *unit,
			   const struct claim *umpire, struct arena *copies)
{
	(void)copies;
	struct ev_clash *c = &e->u.clash;
	int named = unit ? side_of(repeated ? &repeated->u.clash : c, unit) : -1;
	if (umpire->effect || named < 0) {
		c->effect = umpire->effect;
		c->has_diff = false;
	}
	for (int side = 0; side < 2; side++) {
		struct claim *cl = &c->side[side].claim;
		cl->has_loss = side == named && umpire->has_loss;
		cl->loss = umpire->loss;
		if (side == named && umpire->n_tallies) {
			cl->tallies = umpire->tallies;
			cl->n_tallies = umpire->n_tallies;
		}
	}
	return umpire->effect != NULL || named >= 0;
}

/* The claims a line left out, from what was derived */

/* Each unit's line claimed for stays as typed. */
static bool check_suggest(struct event *e, const struct shape_derived *d, struct arena *copies)
{
	struct ev_check *ck = &e->u.check;
	ck->lines = arena_memdup(copies, ck->lines, (size_t)ck->n_lines * sizeof *ck->lines);
	bool ok = false;
	for (int i = 0; i < ck->n_lines; i++)
		ok |= d->fill(d->ctx, NULL, ck->lines[i].unit.id, NULL, &ck->lines[i].claim);
	return ok;
}

static bool fire_suggest(struct event *e, const struct shape_derived *d, struct arena *copies)
{
	(void)copies;
	return d->fill(d->ctx, "target", NULL, d->effect, &e->u.fire.claim);
}

/* Only a clash whose result was left out entirely: the result is the
 * event's, not a side's. */
static bool clash_suggest(struct event *e, const struct shape_derived *d, struct arena *copies)
{
	(void)copies;
	struct ev_clash *c = &e->u.clash;
	if (c->effect || c->has_diff || !d->effect || !d->fill(d->ctx, "attacker", NULL, NULL, &c->side[0].claim) ||
	    !d->fill(d->ctx, "defender", NULL, NULL, &c->side[1].claim))
		return false;
	for (int i = 0; i < 2; i++)
		c->side[i].claim.effect = NULL;
	c->effect = d->effect;
	c->has_diff = d->has_diff;
	c->diff = d->diff;
	return true;
}

/* The names in the archive are the grammar's, every ruleset's alike. */
const struct shape shape_check = {
	.id = SHAPE_CHECK, .name = "unit-check", .size = sizeof(struct ev_check),
	.parse = check_parse, .print = check_print, .read = check_read,
	.write_claimed = check_write, .die = check_die,
	.override = check_override, .suggest = check_suggest,
};
const struct shape shape_fire = {
	.id = SHAPE_FIRE, .name = "shooting", .size = sizeof(struct ev_fire),
	.parse = fire_parse, .print = fire_print, .read = fire_read,
	.write_claimed = fire_write, .die = fire_die,
	.override = fire_override, .suggest = fire_suggest,
};
const struct shape shape_clash = {
	.id = SHAPE_CLASH, .name = "clash", .size = sizeof(struct ev_clash),
	.parse = clash_parse, .print = clash_print, .read = clash_read,
	.write_claimed = clash_write, .die = no_single_die,
	.override = clash_override, .suggest = clash_suggest,
};
const struct shape shape_reroll = {
	.id = SHAPE_REROLL, .name = "clash-again", .size = sizeof(struct ev_clash), .repeats = &shape_clash,
	.parse = reroll_parse, .print = clash_print, .read = clash_read,
	.write_claimed = clash_write, .die = no_single_die,
	.override = clash_override,	/* no .suggest: the recorder completes a clash's line, not a reroll's */
};
const struct shape shape_leader_roll = {
	.id = SHAPE_LEADER_ROLL, .name = "leader-roll", .size = sizeof(struct ev_leader_roll),
	.parse = leader_roll_parse, .print = leader_roll_print, .read = leader_roll_read,
	.write_claimed = leader_roll_write, .die = leader_roll_die,
};
const struct shape shape_state = {
	.id = SHAPE_STATE, .name = "state-event", .size = sizeof(struct ev_state),
	.parse = state_parse, .print = state_print, .read = state_read,
	.write_claimed = nothing_write, .die = no_single_die,
};
