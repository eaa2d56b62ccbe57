/* thomas: Stephen Thomas's rules: state, the rolls the text decides by a
 * die's range, and the state events (move options, converging, unorder).
 *
 * A unit's stands are its figures; an artillery unit's are its crew. */
#include "thomas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../claim.h"
#include "thomas_tables.h"
#include "../../grammar/xalloc.h"

static void unit_init(struct state *st, int u)
{
	struct thomas_unit *r = (struct thomas_unit *)(void *)state_unit_at(st, u);
	const struct st_unit *d = r->core.decl;
	const char *cite;
	r->arm = battle_unit_code(d, TC_ARM);
	r->troop = battle_unit_code(d, TC_TROOP);
	r->nation = thomas_troop_nation(r->troop);
	r->fire_class = battle_unit_code(d, TC_CLASS) ? battle_unit_code(d, TC_CLASS)
						       : thomas_fire_class(r->troop, r->nation, r->arm, &cite);
	r->formation = battle_unit_code(d, TC_FORMATION) ? battle_unit_code(d, TC_FORMATION) : TF_LINE;
	r->mounted = r->arm == TA_CAV && battle_unit_code(d, TC_MOUNT) != TMT_DISMOUNTED;
}

static void unit_fields(const struct state *st, int u, struct fields *out)
{
	const struct thomas_unit *r = (const struct thomas_unit *)(const void *)state_unit_at(st, u);
	fields_text(out, "state", r->routed ? "routed" : r->unformed ? "unformed" : "formed");
	fields_text(out, "formation", thomas_word(TC_FORMATION, r->formation));
	fields_text(out, "fire_class", r->fire_class ? thomas_word(TC_CLASS, r->fire_class) : NULL);
	fields_bool(out, "engaged", r->engaged);
	fields_bool(out, "colours_lost", r->colours_lost);
	if (r->arm == TA_CAV)
		fields_bool(out, "mounted", r->mounted);
	if (r->arm == TA_ART) {
		fields_bool(out, "crew_lost", r->crew_lost);
		fields_int(out, "guns_lost", r->guns_lost);
	}
}

static const struct state_rules thomas_state = {
	.unit_size = sizeof(struct thomas_unit),
	.unit_init = unit_init,
	.unit_fields = unit_fields,
	.leader_size = sizeof(struct thomas_leader),
};

static void *thomas_begin(struct audit *a)
{
	struct thomas_audit *t = xcalloc(1, sizeof *t);
	t->o.square_adds = strcmp(audit_option(a, "square-stand"), "add") == 0;
	t->o.negative_below_base = strcmp(audit_option(a, "negative-result"), "below-base") == 0;
	t->o.converge_before = strcmp(audit_option(a, "converge-wait"), "before") == 0;
	return t;
}

static void thomas_end(struct audit *a)
{
	struct thomas_audit *t = a->ctx;
	free(t->after);
	free(t);
}

/* What a turn left undone is reported when it ends. */
static void thomas_settle(struct audit *a)
{
	bool ends = a->stmt >= a->b->n_stmts || a->b->stmts[a->stmt].kind == ST_TURN;
	if (ends && a->st.turn)
		thomas_settle_morale(a);
}

void thomas_unform(struct audit *a, int u)
{
	struct thomas_unit *r = thomas_unit(a, u);
	if (!r->unformed)
		r->unformed_turn = a->st.turn;
	r->unformed = true;
}

int thomas_fixed_roll(struct audit *a, int roll, int value, const char *who, int cat, int claimed, struct span at)
{
	const struct thomas_roll_row *row = thomas_roll_of(roll, value);
	const struct thomas_roll_row *giving = !row && claimed ? thomas_roll_giving(roll, claimed) : NULL;
	if (giving) {	/* the text's faces for the claimed effect are others ("6-10 - gun destroyed") */
		audit_find(a, FINDING_LOOKUP, DIAG_ERROR, at, giving->cite, "%s claimed on %d; the text gives it on %d-%d",
			   thomas_word(cat, claimed), value, giving->lo, giving->hi);
		return audit_follows_derived(a) ? 0 : claimed;
	}
	if (!row) {
		if (claimed)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, at, "003:11", "%s on %d taken on trust: the text does not say",
				   thomas_word(cat, claimed), value);
		return claimed;
	}
	const char *word = thomas_word(cat, row->effect);
	/* a pursuit is read on the total less the morale points (003:20), not a die */
	char what[64];
	snprintf(what, sizeof what, roll == TR_PURSUIT ? "the total less the morale points, %+d," : "%d", value);
	record_step(a->rec, row->cite, "%s: %s gives %s", who, what, word);
	if (a->rec && !a->rec->effect)
		a->rec->effect = word;
	if (claimed && claimed != row->effect)
		audit_find(a, FINDING_LOOKUP, DIAG_ERROR, at, row->cite, "%s claimed; %s gives %s",
			   thomas_word(cat, claimed), what, word);
	return claimed && !audit_follows_derived(a) ? claimed : row->effect;
}

/* The effect face f gives on the fixed roll *ctx (enum thomas_roll). */
static int roll_by_face(int f, void *ctx)
{
	const struct thomas_roll_row *row = thomas_roll_of(*(const enum thomas_roll *)ctx, f);
	return row ? row->effect : -1;
}

/* The odds of a d10 on fixed roll r, a higher face better for the roller
 * when better_up. */
static void fixed_odds(struct rec_part *p, enum thomas_roll r, int rolled, bool better_up)
{
	if (p)
		record_odds_of(&p->odds, 10, rolled, better_up, roll_by_face, &r);
}

/* A one-unit roll of a fixed table (better_up: a higher face better for
 * the unit); returns its effect, 0 for no unit. */
static int unit_roll(struct audit *a, const struct ev_check *ck, const char *kind, enum thomas_roll roll, int cat,
		     bool better_up, int *u)
{
	struct rec_part *p;
	const struct check_line *line = &ck->lines[0];
	*u = audit_unit_roll(a, ck, kind, &p);
	if (*u < 0)
		return 0;
	fixed_odds(p, roll, ck->die.value, better_up);
	return thomas_fixed_roll(a, roll, ck->die.value, line->unit.id, cat, vocab_code(line->claim.effect), line->claim.effect_at);
}

static void audit_ford(struct audit *a, const struct ev_check *ck)
{
	int u;
	unit_roll(a, ck, "ford", TR_FORD, TC_EFFECT_FORD, false, &u);	/* 1-3 is a ford (003:4) */
}

static void audit_blaze(struct audit *a, const struct ev_check *ck)
{
	int u;
	unit_roll(a, ck, "blaze", TR_BLAZE, TC_EFFECT_BLAZE, true, &u);	/* 8, 9, 0 burn (003:9) */
	if (u >= 0 && thomas_unit(a, u)->arm != TA_ART)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->lines[0].unit.at, "003:9",
			   "only artillery fire against buildings may start a fire");
}

static void audit_colours(struct audit *a, const struct ev_check *ck)
{
	int u;
	int effect = unit_roll(a, ck, "colours", TR_COLOURS, TC_EFFECT_COLOURS, true, &u);	/* a 1 loses them (003:20) */
	if (u < 0)
		return;
	struct thomas_unit *r = thomas_unit(a, u);
	const struct check_line *line = &ck->lines[0];
	if (r->colours_lost)
		audit_find(a, FINDING_STATE, DIAG_ERROR, line->unit.at, "003:20", "%s lost its colours already", line->unit.id);
	else if (!r->forced_back_turn || r->forced_back_turn < a->st.turn - 1)
		audit_find(a, FINDING_STATE, DIAG_WARNING, line->unit.at, "003:20",
			   "%s was not forced back by close action this turn or the last: \"Units forced back because of "
			   "close action may lose their colors\"", line->unit.id);
	if (effect == TCO_LOST)
		r->colours_lost = true;
}

/* Whether face f plus the modifiers *ctx reaches 12 (003:7). */
static int passes_by_face(int f, void *ctx)
{
	return f + *(const int *)ctx >= THOMAS_PASS_SCORE;
}

/* Interpenetration (003:7): d10 plus the modifiers must reach 12. */
static void audit_pass(struct audit *a, const struct ev_check *ck)
{
	struct rec_part *p;
	const struct check_line *line = &ck->lines[0];
	int u = audit_unit_roll(a, ck, "interpenetrate", &p);
	if (u < 0)
		return;
	struct thomas_unit *r = thomas_unit(a, u);
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	if (r->troop == TT_US_REGULAR) {
		const struct thomas_mod_row *row = thomas_mod_of(TK_PASS, TM_REGULAR);	/* its +3: the table's */
		struct claim_mod m = thomas_claim_mod(row, row->value);
		claim_derive(d, &m, "a US Regular unit");
	} else
		claim_absent(d, TQ_TROOP, "%s is not a US Regular unit", line->unit.id);
	const enum thomas_table tb = TK_PASS;
	struct claim_table table = thomas_claim_table(&tb);
	if (line->claim.n_mods)
		claim_check_mods(a, &line->claim, d, &table, line->unit.id, line->unit.at, DIAG_ERROR);
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = claim_total(ck->die.value, d);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
	claim_record_reasoned(a->rec, p, line->unit.id, d, thomas_factor_name, TQ_N);
	int effect = total >= THOMAS_PASS_SCORE ? TPA_PASSES : TPA_UNFORMED;
	record_step(a->rec, "003:7 Interpenetration: the total must equal or exceed 12", "%s: d10 %d %+d = %d: %s",
		    line->unit.id, ck->die.value, total - ck->die.value, total, thomas_word(TC_EFFECT_PASS, effect));
	if (p) {
		p->total = total;
		p->has_total = true;
		int mods = total - ck->die.value;
		record_odds_of(&p->odds, 10, ck->die.value, true, passes_by_face, &mods);
	}
	if (a->rec)
		a->rec->effect = thomas_word(TC_EFFECT_PASS, effect);
	if (line->claim.effect && vocab_code(line->claim.effect) != effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, line->claim.effect_at, "003:7", "%s claimed, derived %s",
			   line->claim.effect->word, thomas_word(TC_EFFECT_PASS, effect));
	if ((line->claim.effect && !audit_follows_derived(a) ? vocab_code(line->claim.effect) : effect) == TPA_UNFORMED)
		thomas_unform(a, u);
}

/* Fire on officers (003:12): a 1 removes him; once a turn, however much
 * fire comes his way. */
static void audit_officer(struct audit *a, const struct ev_leader_roll *lr)
{
	a->rec = audit_record(a, "officer");
	int l = state_leader_of(&a->st, lr->leader_sym, lr->leader);
	if (l < 0)
		return;
	struct thomas_leader *r = thomas_leader(a, l);
	a->side = r->core.decl->side;
	struct rec_part *p = record_part(a->rec, ROLE_LEADER, lr->leader);
	if (p)
		p->die = lr->die.value;
	fixed_odds(p, TR_OFFICER, lr->die.value, true);	/* a 1 removes him (003:12) */
	if (r->officer_turn == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, lr->leader_at, "003:12",
			   "an officer casualty check is made only once a turn: %s was checked this turn", lr->leader);
	r->officer_turn = a->st.turn;
	int effect = thomas_fixed_roll(a, TR_OFFICER, lr->die.value, lr->leader, TC_EFFECT_OFFICER, vocab_code(lr->effect), lr->effect_at);
	if (effect != TO_REMOVED)
		return;
	audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, lr->effect ? lr->effect_at : lr->die.at, "003:28",
		   "%s's units cannot change their orders until the command is reordered", lr->leader);
	r->core.removed = r->core.killed = true;
	state_attach(&a->st, l, -1);
}

/* Stream depth (003:4), a state event with its die. */
static void audit_stream(struct audit *a, const struct ev_state *ev)
{
	if (ev->n_args < 3)
		return;
	thomas_fixed_roll(a, TR_STREAM, ev->args[1].face.value, ev->args[0].text, TC_DEPTH, ev->args[2].code, ev->args[2].at);
}

/* Move options (003:5): at most the text's or the chart file's for the
 * unit's class. */
static void audit_options(struct audit *a, const struct ev_state *ev)
{
	int u = audit_arg_unit(a, &ev->args[0]);
	if (u < 0)
		return;
	struct thomas_unit *r = thomas_unit(a, u);
	const char *cite;
	struct cell c = {.value = thomas_move_options(r->troop, r->arm, &cite)};
	if (c.value) {
		c.ok = true;
		snprintf(c.cite, sizeof c.cite, "%s", cite);
	} else
		c = cell_lookup(a, TCH_MOVE_OPTIONS, r->troop, r->arm, 0);
	if (!c.ok) {
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, ev->args[1].at, "003:5", "%d options taken on trust: %s",
			   ev->args[1].num, c.why);
		return;
	}
	record_step(a->rec, c.cite, "%s: at most %d options", ev->args[0].text, c.value);
	if (ev->args[1].num > c.value)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[1].at, "003:5", "%d options placed; a %s %s unit has %d",
			   ev->args[1].num, thomas_word(TC_TROOP, r->troop), thomas_word(TC_ARM, r->arm), c.value);
}

/* The most figures two converging units may make: the larger starting
 * size and 25% more (003:28), rounded down. */
static int converged_cap(const struct thomas_unit *x, const struct thomas_unit *y)
{
	int larger = x->core.start > y->core.start ? x->core.start : y->core.start;
	return larger * 5 / 4;
}

/* Converged units (003:28): both depleted, neither fired nor meleed for
 * two full turns, no more than the cap. */
static void audit_converge(struct audit *a, const struct ev_state *ev)
{
	int into = audit_arg_unit(a, &ev->args[0]), from = audit_arg_unit(a, &ev->args[1]);
	if (into < 0 || from < 0)
		return;
	const char *cite = "003:28 Converged Units";
	for (int i = 0; i < 2; i++) {
		const struct thomas_unit *r = thomas_unit(a, i ? from : into);
		if (r->core.stands >= r->core.start)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[i].at, cite, "%s is not depleted (%d of %d figures)",
				   ev->args[i].text, r->core.stands, r->core.start);
		int window = thomas_opts(a)->converge_before ? 2 : 1;	/* turns back, this one besides */
		if (r->fought_turn && r->fought_turn >= a->st.turn - window)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[i].at, cite,
				   "%s fired or meleed in turn %d: converging units stay out of firing and melee for 2 full turns",
				   ev->args[i].text, r->fought_turn);
	}
	if (thomas_unit(a, into)->arm != thomas_unit(a, from)->arm)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[1].at, cite, "%s and %s are not of one arm",
			   ev->args[0].text, ev->args[1].text);
	int cap = converged_cap(thomas_unit(a, into), thomas_unit(a, from));
	int sum = thomas_unit(a, into)->core.stands + thomas_unit(a, from)->core.stands;
	record_step(a->rec, cite, "%s and %s: %d figures; at most %d (the larger starting size and 25%%)", ev->args[0].text,
		    ev->args[1].text, sum, cap);
	if (sum > cap)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[1].at, cite,
			   "%d figures exceed %d: the larger starting size by more than 25%%", sum, cap);
}

/* Reorder (003:21): one full turn without advancing. */
static void audit_reorder(struct audit *a, const struct ev_state *ev)
{
	int u = audit_arg_unit(a, &ev->args[0]);
	if (u < 0)
		return;
	const struct thomas_unit *r = thomas_unit(a, u);
	if (!r->unformed)
		audit_find(a, FINDING_STATE, DIAG_WARNING, ev->args[0].at, "003:21", "%s is not unformed", ev->args[0].text);
	else if (r->unformed_turn == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[0].at, "003:21",
			   "%s became unformed this turn: one full turn is required to reorder", ev->args[0].text);
}

static void audit_state(struct audit *a, const struct event *e)
{
	const struct ev_state *ev = &e->u.state;
	switch ((enum thomas_event)e->def->code) {
	case TE_STREAM:
		audit_stream(a, ev);
		break;
	case TE_OPTIONS:
		audit_options(a, ev);
		break;
	case TE_CONVERGE:
		audit_converge(a, ev);
		break;
	case TE_REORDER:
		audit_reorder(a, ev);
		break;
	default:
		break;
	}
}

static void apply_state(struct audit *a, const struct event *e)
{
	const struct ev_state *ev = &e->u.state;
	int u = ev->n_args > 0 && ev->args[0].type == 'U' ? audit_arg_unit(a, &ev->args[0]) : -1;
	if (u < 0)
		return;
	struct thomas_unit *r = thomas_unit(a, u);
	switch ((enum thomas_event)e->def->code) {
	case TE_OPTIONS:
		r->options_turn = a->st.turn;
		r->options = ev->args[1].num;
		break;
	case TE_CONVERGE: {
		int from = audit_arg_unit(a, &ev->args[1]);
		if (from < 0 || from == u)
			break;
		struct thomas_unit *f = thomas_unit(a, from);
		int gain = f->core.stands, cap = converged_cap(r, f) - r->core.stands;
		if (gain > cap && audit_follows_derived(a))
			gain = cap > 0 ? cap : 0;
		state_lose(&a->st, u, -gain);
		state_lose(&a->st, from, f->core.stands);
		f->core.removed = true;
		state_touch_unit(&a->st, from);
		break;
	}
	case TE_FORM:
		r->formation = ev->args[1].code;
		break;
	case TE_UNFORMED:
		thomas_unform(a, u);
		break;
	case TE_REORDER:
		r->unformed = false;
		break;
	case TE_MOUNT:
	case TE_DISMOUNT:
		r->mounted = e->def->code == TE_MOUNT;
		break;
	default:
		break;
	}
}

/* The order of battle: a declared fire class against the text's, and a
 * troop type of the other nation. */
static void audit_order_of_battle(struct audit *a)
{
	for (int u = 0; u < a->st.n_units; u++) {
		const struct thomas_unit *r = thomas_unit(a, u);
		const struct st_unit *d = r->core.decl;
		const char *cite;
		int text = thomas_fire_class(r->troop, r->nation, r->arm, &cite);
		a->stmt = r->core.decl_stmt;
		a->side = d->side;
		if (battle_unit_code(d, TC_CLASS) && text && text != battle_unit_code(d, TC_CLASS))
			audit_find(a, FINDING_STATE, DIAG_ERROR, battle_unit_at(d, TC_CLASS), "003:13",
				   "%s is declared fire class %s; the text gives %s", d->id,
				   thomas_word(TC_CLASS, battle_unit_code(d, TC_CLASS)), thomas_word(TC_CLASS, text));
		if (vocab_code(r->core.nation) && vocab_code(r->core.nation) != r->nation)
			audit_find(a, FINDING_STATE, DIAG_ERROR, battle_unit_at(d, TC_TROOP), "003:13",
				   "%s is %s, on a side of nation %s", d->id, thomas_word(TC_TROOP, r->troop), r->core.nation->word);
	}
}

static bool thomas_audit_event(struct audit *a, const struct stmt *s)
{
	const struct event *e = &s->u->event;
	switch ((enum thomas_event)e->def->code) {
	case TE_FORD:
		audit_ford(a, &e->u.check);
		return true;
	case TE_PASS:
		audit_pass(a, &e->u.check);
		return true;
	case TE_OFFICER:
		audit_officer(a, &e->u.leader_roll);
		return true;
	case TE_BLAZE:
		audit_blaze(a, &e->u.check);
		return true;
	case TE_COLOURS:
		audit_colours(a, &e->u.check);
		return true;
	case TE_FIRE:
		return thomas_audit_fire(a, s);
	case TE_DAMAGE:
		return thomas_audit_damage(a, s);
	case TE_MELEE:
		return thomas_audit_melee(a, s);
	case TE_MORALE:
	case TE_CLOSE:
	case TE_STAND:
	case TE_PURSUIT:
		return thomas_audit_morale(a, s);
	default:
		if (e->def->shape == &shape_state)
			audit_state(a, e);
		return true;
	}
}

/* How the reports read the state: a unit is formed, unformed or routed;
 * its figures are its strength. */
static const char *const conditions[] = {"formed", "unformed", "routed", NULL};
static const char *const charge_kinds[] = {"melee", NULL};
/* A morale check's results other than steady (Thomas, Morale: Fall Back,
 * rout, 003:24-25). */
static const char *const maneuver_told[] = {"fall-back", "rout", NULL};

/* How Thomas's fields read (unit_fields above). */
static const struct field_word unit_words[] = {
	{"state", "%v", NULL},
	{"formation", "%v", NULL},
	{"fire_class", "fire class %v", NULL},
	{"engaged", "engaged in close action", NULL},
	{"colours_lost", "colours lost", NULL},
	{"mounted", "mounted", "dismounted"},
	{"crew_lost", "crew lost", NULL},
	{"guns_lost", "%v gun{|s} lost", NULL},
	{NULL, NULL, NULL},
};

static const struct ruleset_terms terms = {
	.strength = "figures",
	.scale = "men-per-stand",	/* a figure: the header says how many men */
	.scale_unit = "figure",
	.order = "state",
	.orders = conditions,
	.maneuver_kind = "morale",
	.fire_kind = "fire",
	.charge_kinds = charge_kinds,
	.maneuver_told = maneuver_told,
	.note = "note",
	.unit_words = unit_words,
};

const struct ruleset thomas_ruleset = {
	.name = "thomas",
	.vocab = &thomas_vocab,
	.card = thomas_card,
	.book = &thomas_cite_book,
	.state = &thomas_state,
	.audit_event = thomas_audit_event,
	.apply_state = apply_state,
	.begin = thomas_begin,
	.end = thomas_end,
	.settle = thomas_settle,
	.audit_order_of_battle = audit_order_of_battle,
	.terms = &terms,
};
