/* thomas_combat: Stephen Thomas's fire (003:11-13), counter-battery damage
 * (003:9-11), melee (003:14-20) and morale checks (003:15-25).
 *
 * Fire casts a d10 a figure; a die plus the modifiers at or under the
 * base hits score is a hit (003:13).  The base scores, the melee table
 * and the morale chart were lost from the text: the battle's chart file
 * gives them, or the claim is taken on trust and said so. */
#include "thomas.h"

#include <assert.h>
#include <stdio.h>

#include "../claim.h"
#include "thomas_tables.h"
#include "../../grammar/xalloc.h"

/* The claimed modifier of code, or NULL. */
static const struct mod *claimed_mod(const struct claim *c, int code)
{
	for (int i = 0; i < c->n_mods; i++)
		if (c->mods[i].id == code)
			return &c->mods[i];
	return NULL;
}

/* A modifier only a lost chart values (its row in chart `chart`): derived
 * where it applies, valued from the chart file; claimed and not valued
 * there, as claimed and on trust. */
static void chart_mod(struct audit *a, struct derived_mod *d, enum thomas_table t, int chart, int code, bool applies,
		      const char *why, const struct claim *c)
{
	const struct thomas_mod_row *row = thomas_mod_of(t, code);
	const struct mod *claimed = claimed_mod(c, code);
	if (!applies) {
		claim_absent(d, row->factor, "%s", why);
		return;
	}
	struct cell cell = cell_lookup(a, chart, code, 0, 0);
	if (cell.ok) {
		struct claim_mod m = thomas_claim_mod(row, cell.value);
		claim_derive(d, &m, "%s: %s", why, cell.cite);
	} else if (claimed) {
		struct claim_mod m = thomas_claim_mod(row, claimed->has_value ? claimed->value : 0);
		claim_derive(d, &m, "%s, its value on trust", why);
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, claimed->at, row->cite, "%+d%s taken on trust: %s", m.value, m.code,
			   cell.why);
	} else
		claim_absent(d, row->factor, "%s, but %s", why, cell.why);
}

/* Takes n figures from unit u; returns those it had to lose.  A loss
 * makes a casualty morale check due this turn (003:21). */
static int lose(struct audit *a, int u, int n)
{
	int before = state_unit_at(&a->st, u)->stands;
	int lost = before - state_lose(&a->st, u, n);
	struct thomas_unit *r = thomas_unit(a, u);
	if (r->lost_turn != a->st.turn)
		r->lost = 0;
	r->lost_turn = a->st.turn;
	r->lost += lost;
	return lost;
}

/* A modifier whose value the table holds (FIX): each number in one place,
 * the table's row. */
static void derive_fixed(struct derived_mod *d, enum thomas_table t, int code, const char *why)
{
	const struct thomas_mod_row *row = thomas_mod_of(t, code);
	assert(!row->variable && !row->chart);	/* a value of its own is derive_value's */
	struct claim_mod m = thomas_claim_mod(row, row->value);
	claim_derive(d, &m, "%s", why);
}

/* A modifier whose value the battle gives (VAR: casualties, an officer's). */
static void derive_value(struct derived_mod *d, enum thomas_table t, int code, int value, const char *why)
{
	const struct thomas_mod_row *row = thomas_mod_of(t, code);
	assert(row->variable);
	struct claim_mod m = thomas_claim_mod(row, value);
	claim_derive(d, &m, "%s", why);
}

/* Checks the claimed modifiers against d and records the derived ones. */
static void weigh_mods(struct audit *a, const struct claim *c, const struct derived_mod *d, enum thomas_table t,
		       struct rec_part *p, const char *who, struct span at)
{
	struct claim_table table = thomas_claim_table(&t);
	if (c->n_mods)	/* listing any modifier claims the complete list */
		claim_check_mods(a, c, d, &table, who, at, DIAG_ERROR);
	claim_record_reasoned(a->rec, p, who, d, thomas_factor_name, TQ_N);
}

/* A claimed tally against the derived count (derived < 0: not derivable,
 * the claim on trust, and none claimed none applied, said at the roll's
 * place at); returns the count the state follows. */
static int weigh_tally(struct audit *a, const struct claim *c, int code, int derived, struct span at, const char *cite,
		       const char *why)
{
	const struct tally *t = claim_tally(c, code);
	const char *name = thomas_word(TC_TALLY, code);
	if (derived < 0) {
		if (t)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, t->at, cite, "%s=%d taken on trust: %s", name, t->value, why);
		else
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, at, cite, "no %s claimed, none applied: %s", name, why);
		return t ? t->value : 0;
	}
	if (t && t->value != derived)	/* claims are optional: none takes the derived (docs/notation.md) */
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, t->at, cite, "%s=%d claimed, derived %d", name, t->value, derived);
	return t && !audit_follows_derived(a) ? t->value : derived;
}

/* ---- Fire (003:11-13) ---- */

/* The figures that may fire: this phase's losses to fire still fire back
 * (003:4). */
static int figures_present(const struct audit *a, const struct thomas_unit *r)
{
	return r->core.stands + (r->fire_lost_turn == a->st.turn && a->st.phase_bit == TP_FIRE ? r->fire_lost : 0);
}

/* One die a figure firing (003:13): checked for small arms; a battery's
 * dice are its gun models, which the state does not count. */
static void check_dice(struct audit *a, const struct thomas_unit *r, const struct uref *firer, const struct face *f)
{
	int present = figures_present(a, r);
	int n = firer->stands >= 0 ? firer->stands : present;
	if (firer->stands > present)
		audit_find(a, FINDING_STATE, DIAG_ERROR, firer->at, "003:13", "%d figures fire, but %s has %d", firer->stands,
			   firer->id, present);
	if (r->arm != TA_ART && f->n != n)
		audit_find(a, FINDING_STATE, DIAG_ERROR, f->at, "003:13 Firing Procedure: 1 ten sided die per figure firing",
			   "%d dice cast for %d figures firing", f->n, n);
}

/* The fire modifiers: none in counter-battery fire (003:11). */
static void fire_mods(struct audit *a, const struct ev_fire *f, const struct thomas_unit *r, bool counter,
		      struct derived_mod *d)
{
	if (counter) {
		for (int q = TQ_SUSPICION; q <= TQ_OPERATION; q++)
			claim_absent(d, q, "counter-battery fire uses no hits modifiers (003:11)");
		return;
	}
	if (battle_fact(&f->target, TX_HIDDEN, 0))
		derive_fixed(d, TK_FIRE, TM_SUSPICION, "suspicion fire at a unit away from the woods' edge");
	else
		claim_absent(d, TQ_SUSPICION, "the target is not hidden");
	chart_mod(a, d, TK_FIRE, TCH_FIRE_MODS, TM_RANKS, battle_fact(&f->target, TX_RANKS, 0) && r->arm == TA_ART,
		  battle_fact(&f->target, TX_RANKS, 0) ? r->arm == TA_ART ? "artillery fires through 3 ranks or in enfilade"
							      : "only artillery fires ranks deep"
						     : "no (ranks) fact on the target", &f->claim);
	bool other = r->options_turn == a->st.turn && r->options > 1;
	chart_mod(a, d, TK_FIRE, TCH_FIRE_MODS, TM_OPERATION, other,
		  other ? "it placed more move options than the fire this turn" : "no other operation placed this turn",
		  &f->claim);
}

/* The fire class the firer fires at: an artillery crew that lost figures
 * fires at the next lower table (003:12); 0 if not known. */
static int firing_class(struct audit *a, const struct thomas_unit *r, const char *who)
{
	if (!r->fire_class || r->arm != TA_ART || !r->crew_lost)
		return r->fire_class;
	int c = r->fire_class < 4 ? r->fire_class + 1 : 4;
	record_step(a->rec, "003:12 Artillery Crews as Casualties: the battery fires at the next lower ability table",
		    "%s: class %s, not %s", who, thomas_word(TC_CLASS, c), thomas_word(TC_CLASS, r->fire_class));
	return c;
}

/* Hits: each die plus the modifiers at or under the base (003:13); -1 if
 * the base is not known. */
static int count_hits(struct audit *a, const struct face *f, int mods, struct cell base, const char *who)
{
	if (!base.ok)
		return -1;
	int hits = 0;
	for (int i = 0; i < f->n; i++)
		hits += f->dice[i] + mods <= base.value;
	record_step(a->rec, base.cite, "%s: base %d", who, base.value);
	record_step(a->rec, "003:13 Firing Procedure: a score equal to or less than the BASE removes 1 figure",
		    "%s: %d dice %+d each at or under %d: %d hit%s", who, f->n, mods, base.value, hits, hits == 1 ? "" : "s");
	return hits;
}

bool thomas_audit_fire(struct audit *a, const struct stmt *s)
{
	const struct ev_fire *f = &s->u->event.u.fire;
	a->rec = audit_record(a, "fire");
	const struct uref *firer = &f->firers[0];
	int fu = state_unit_ref(&a->st, firer), tu = state_unit_ref(&a->st, &f->target);
	if (fu < 0 || tu < 0)
		return true;
	struct thomas_unit *r = thomas_unit(a, fu), *t = thomas_unit(a, tu);
	a->side = r->core.decl->side;
	if (f->n_firers > 1)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->firers[1].at, "003:13",
			   "each unit casts its own dice: one firing unit a fire event");
	struct rec_part *p = record_part(a->rec, ROLE_FIRER, firer->id);
	if (p)
		p->die = f->die.value;
	if (r->fired_turn == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, "003:6", "any unit may fire only once: %s fired this turn",
			   firer->id);
	if (t->engaged)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->target.at, "003:12",
			   "no fire is permitted into a unit engaged in close action: %s is in melee", f->target.id);
	check_dice(a, r, firer, &f->die);
	bool counter = r->arm == TA_ART && t->arm == TA_ART;
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	fire_mods(a, f, r, counter, d);
	weigh_mods(a, &f->claim, d, TK_FIRE, p, firer->id, firer->at);
	int mods = claim_total(0, d);
	int cls = firing_class(a, r, firer->id);
	struct cell base = {.why = "its fire class is not in the text: declare it (I-IV)"};
	if (cls)
		base = cell_lookup(a, r->arm == TA_ART ? TCH_ARTILLERY : TCH_SMALL_ARMS, firer->range, 0, cls - 1);
	int hits = weigh_tally(a, &f->claim, TY_HITS, count_hits(a, &f->die, mods, base, firer->id), f->die.at,
			       "003:13", base.why);
	r->fired_turn = r->fought_turn = a->st.turn;
	if (counter) {
		if (hits)
			audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, f->die.at, "003:9",
				   "counter-battery fire: %d hit%s on %s, each re-cast for damage (damage [d10]: %s ...)", hits,
				   hits == 1 ? "" : "s", f->target.id, f->target.id);
		return true;
	}
	if (t->fire_lost_turn != a->st.turn)
		t->fire_lost = 0;
	t->fire_lost_turn = a->st.turn;
	t->fire_lost += lose(a, tu, hits);
	struct rec_part *tp = record_part(a->rec, ROLE_TARGET, f->target.id);
	if (tp)
		tp->loss = hits;
	return true;
}

/* ---- Counter-battery damage (003:9-11) ---- */

bool thomas_audit_damage(struct audit *a, const struct stmt *s)
{
	const struct ev_check *ck = &s->u->event.u.check;
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, "damage", &p);
	if (u < 0)
		return true;
	struct thomas_unit *r = thomas_unit(a, u);
	if (r->arm != TA_ART)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "003:9", "counter-battery damage falls on a battery");
	int effect;
	if (ck->die.value == 10 && ck->die.n < 2) {
		audit_find(a, FINDING_MISSING_ROLL, DIAG_ERROR, ck->die.at, "003:10",
			   "a 10 re-rolls: log the second die as d10[10,N]");
		effect = vocab_code(line->claim.effect);
	} else if (ck->die.value == 10) {
		record_step(a->rec, "003:10 Counter-battery Fire: 10, re-roll", "%s: 10: the re-roll decides", line->unit.id);
		effect = thomas_fixed_roll(a, TR_DAMAGE_REROLL, ck->die.dice[1], line->unit.id, TC_EFFECT_DAMAGE,
					   vocab_code(line->claim.effect), line->claim.effect_at);
	} else {
		if (ck->die.n > 1)
			audit_find(a, FINDING_STATE, DIAG_ERROR, ck->die.at, "003:10", "only a 10 re-rolls: %d dice logged",
				   ck->die.n);
		effect = thomas_fixed_roll(a, TR_DAMAGE, ck->die.value, line->unit.id, TC_EFFECT_DAMAGE,
					   vocab_code(line->claim.effect), line->claim.effect_at);
	}
	int crew = effect == TDA_ONE_CREW ? 1 : effect == TDA_TWO_CREW ? 2 : 0;
	if (crew) {
		int lost = lose(a, u, crew);
		if (p)
			p->loss = lost;
		if (!r->crew_lost)
			audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, line->claim.effect ? line->claim.effect_at : ck->die.at,
				   "003:12", "%s lost crew: infantry within 5\" replenishes it, else the crew is eliminated; "
				   "it fires at the next lower ability table for the rest of the battle", line->unit.id);
		r->crew_lost = true;
	} else if (effect == TDA_DESTROYED)
		r->guns_lost++;
	return true;
}

/* ---- Melee (003:17-20) ---- */

/* A side's base number: the text's (003:18), the chart file's, or 0. */
static int melee_base(struct audit *a, const struct thomas_unit *r, const char *who, const char **why)
{
	const char *cite;
	int base = thomas_melee_base(r->troop, r->nation, r->arm, r->mounted, &cite);
	if (base) {
		record_step(a->rec, cite, "%s: base number %d", who, base);
		return base;
	}
	static struct cell cell;
	cell = cell_lookup(a, TCH_MELEE_BASE, r->troop, r->arm, 0);
	if (!cell.ok) {
		*why = cell.why;
		return 0;
	}
	record_step(a->rec, cell.cite, "%s: base number %d", who, cell.value);
	return cell.value;
}

/* The odds of a d10 on column of the melee table, a casualty more better
 * for the roller; exp_loss: the casualties it inflicts on average. */
static void melee_odds(const struct audit *a, int column, int rolled, struct rec_odds *odds)
{
	cell_odds(a, TCH_MELEE, column, 10, rolled, 0, true, odds);
	if (!odds->sides)
		return;
	int sum = 0;
	for (int f = 1; f <= 10; f++)
		sum += cell_lookup(a, TCH_MELEE, f, 0, column).value;
	odds->exp_loss = sum / 10.0;
}

/* One side's roll: the casualties it inflicts. */
static int melee_roll(struct audit *a, enum part_role role, int u, const struct clash_side *cs)
{
	struct thomas_unit *r = thomas_unit(a, u);
	const char *who = r->core.decl->id;
	a->side = r->core.decl->side;
	struct rec_part *p = record_part(a->rec, role, who);
	if (p)
		p->die = cs->die.value;
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	bool flank = claimed_mod(&cs->claim, TM_FLANK), cover = claimed_mod(&cs->claim, TM_COVER);
	chart_mod(a, d, TK_MELEE, TCH_MELEE_MODS, TM_FLANK, flank, flank ? "a flank attack, as claimed" : "none claimed",
		  &cs->claim);
	chart_mod(a, d, TK_MELEE, TCH_MELEE_MODS, TM_COVER, cover, cover ? "in cover, as claimed" : "none claimed", &cs->claim);
	chart_mod(a, d, TK_MELEE, TCH_MELEE_MODS, TM_UNFORMED, r->unformed, r->unformed ? "the unit is unformed" : "formed",
		  &cs->claim);
	weigh_mods(a, &cs->claim, d, TK_MELEE, p, who, cs->die.at);
	const char *why = "";
	int base = melee_base(a, r, who, &why), column;
	if (base) {
		column = base + claim_total(0, d);
		record_step(a->rec, "003:17 Conduct Melee: the base number, with the modifiers", "%s: %d %+d = %d", who, base,
			    claim_total(0, d), column);
		if (cs->claim.has_total && cs->claim.total != column)
			audit_find(a, FINDING_TOTAL, DIAG_ERROR, cs->claim.total_at, "003:17", "=%d claimed, derived %d",
				   cs->claim.total, column);
	} else {
		column = cs->claim.has_total ? cs->claim.total : -1;
		if (column >= 0)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, cs->claim.total_at, "003:18",
				   "=%d taken on trust: the text gives no base number for %s %s and %s", column,
				   thomas_word(TC_TROOP, r->troop), thomas_word(TC_ARM, r->arm), why);
	}
	if (p) {
		p->total = column;
		p->has_total = column >= 0;
	}
	struct cell cell = {.why = "the melee column is not known"};
	if (column >= 0)
		cell = cell_lookup(a, TCH_MELEE, cs->die.value, 0, column);
	if (p && cell.ok)	/* its luck; the enemy's casualties on average for now (thomas_audit_melee swaps them) */
		melee_odds(a, column, cs->die.value, &p->odds);
	if (cell.ok)
		record_step(a->rec, cell.cite, "%s: d10 %d on %d: %d casualt%s", who, cs->die.value, column, cell.value,
			    cell.value == 1 ? "y" : "ies");
	return weigh_tally(a, &cs->claim, TY_CASUALTIES, cell.ok ? cell.value : -1, cs->die.at, "003:17", cell.why);
}

/* "One round of melee takes place each turn" (Conduct Melee, 003:17): a
 * unit that fought one this turn fights no second. */
static void open_sequence(struct audit *a, const int u[2], const int lost[2], struct loc at);

static void one_round_a_turn(struct audit *a, const struct ev_clash *c)
{
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < c->side[i].n_units; k++) {
			int x = state_unit_ref(&a->st, &c->side[i].units[k]);
			if (x >= 0 && thomas_unit(a, x)->melee_turn == a->st.turn)
				audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, c->side[i].units[k].at, "003:17",
					   "one round of melee takes place each turn: %s fought one this turn",
					   c->side[i].units[k].id);
		}
}

/* The charge sequence (003:14-15): a melee that starts this turn follows
 * the charger's close check ("Determine whether the charging unit will
 * close") and the defender's stand check ("the defender must check to see
 * if they stand the charge"); one continuing from an earlier turn does not. */
static void charge_checks_due(struct audit *a, const struct ev_clash *c, const int u[2])
{
	const struct thomas_unit *att = thomas_unit(a, u[0]), *def = thomas_unit(a, u[1]);
	if (att->engaged && def->engaged)
		return;
	if (att->close_turn != a->st.turn) {
		a->side = att->core.decl->side;
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, c->side[0].units[0].at, "003:14",
			   "%s charges with no close check logged this turn (close [d10]: %s)", att->core.decl->id,
			   att->core.decl->id);
	}
	if (def->stand_turn != a->st.turn) {
		a->side = def->core.decl->side;
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, c->side[1].units[0].at, "003:15",
			   "%s is charged with no stand check logged this turn (stand [d10]: %s)", def->core.decl->id,
			   def->core.decl->id);
	}
}

bool thomas_audit_melee(struct audit *a, const struct stmt *s)
{
	const struct ev_clash *c = &s->u->event.u.clash;
	a->rec = audit_record(a, "melee");
	int u[2];
	for (int i = 0; i < 2; i++)
		if ((u[i] = state_unit_ref(&a->st, &c->side[i].units[0])) < 0)
			return true;
	one_round_a_turn(a, c);
	charge_checks_due(a, c, u);
	if (thomas_unit(a, u[0])->held_turn == a->st.turn)	/* "a negative result: it holds its position" */
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, c->side[0].units[0].at, "003:15",
			   "%s held short on its close check this turn: there is no melee", c->side[0].units[0].id);
	int inflicted[2] = {melee_roll(a, ROLE_ATTACKER, u[0], &c->side[0]), melee_roll(a, ROLE_DEFENDER, u[1], &c->side[1])};
	int lost[2];
	for (int i = 0; i < 2; i++)
		lost[1 - i] = lose(a, u[1 - i], inflicted[i]);
	struct rec_part *parts[2] = {record_find_part(a->rec, ROLE_ATTACKER), record_find_part(a->rec, ROLE_DEFENDER)};
	if (parts[0] && parts[1]) {	/* each side's expected losses are the other's roll's (0 without odds) */
		double e = parts[0]->odds.exp_loss;
		parts[0]->odds.exp_loss = parts[1]->odds.exp_loss;
		parts[1]->odds.exp_loss = e;
	}
	for (int i = 0; i < 2; i++) {
		struct rec_part *p = parts[i];
		if (p)
			p->loss = lost[i];
		for (int k = 0; k < c->side[i].n_units; k++) {
			int x = state_unit_ref(&a->st, &c->side[i].units[k]);
			if (x < 0)
				continue;
			thomas_unform(a, x);	/* always unformed following melee (003:20) */
			thomas_unit(a, x)->engaged = true;
			thomas_unit(a, x)->fought_turn = a->st.turn;
			thomas_unit(a, x)->melee_turn = a->st.turn;
			state_touch_unit(&a->st, x);
		}
	}
	const char *first = lost[0] >= lost[1] ? c->side[0].units[0].id : c->side[1].units[0].id;
	record_step(a->rec, "003:19 Check the morale of any units which had casualties",
		    "%s: %d lost, %s: %d lost: %s checks morale first%s", c->side[0].units[0].id, lost[0],
		    c->side[1].units[0].id, lost[1], first, lost[0] == lost[1] ? " (a tie: the text does not say)" : "");
	open_sequence(a, u, lost, stmt_at(s));
	record_step(a->rec, "003:20 Unformed following close action", "both sides are unformed");
	return true;
}

/* ---- The morale sequence after a melee (003:19-20) ---- */

static void open_sequence(struct audit *a, const int u[2], const int lost[2], struct loc at)
{
	struct thomas_audit *t = a->ctx;
	if (t->n_after == t->cap_after) {
		t->cap_after = t->cap_after ? 2 * t->cap_after : 8;
		t->after = xrealloc(t->after, (size_t)t->cap_after * sizeof *t->after);
	}
	t->after[t->n_after++] = (struct thomas_after_melee){
		.u = {u[0], u[1]}, .lost = {lost[0], lost[1]}, .stage = TAM_FIRST,
		.next = lost[0] > lost[1] ? u[0] : lost[1] > lost[0] ? u[1] : -1, .at = at};
}

/* The open sequence of this turn's melee unit u fought, or NULL. */
static struct thomas_after_melee *sequence_of(struct audit *a, int u)
{
	struct thomas_audit *t = a->ctx;
	for (int i = t->n_after - 1; i >= 0; i--)
		if (t->after[i].stage != TAM_DONE && (t->after[i].u[0] == u || t->after[i].u[1] == u))
			return &t->after[i];
	return NULL;
}

static const char *id_of(const struct audit *a, int u)
{
	return state_unit_at(&a->st, u)->decl->id;
}

static bool adverse(int effect)
{
	return effect == TME_FALL_BACK || effect == TME_ROUT;
}

/* A morale check (event TE_MORALE) or a pursuit check (TE_PURSUIT) by u
 * with its effect (0: unknown) in the sequence of its melee: the order
 * 003:19 gives, and where it is broken an illegal-action on line at. */
static void sequence_step(struct audit *a, int u, int event, int effect, struct loc at)
{
	struct thomas_after_melee *m = sequence_of(a, u);
	if (!m)
		return;
	int other = m->u[0] == u ? m->u[1] : m->u[0];
	const char *cite = "003:19";
	if (event == TE_PURSUIT) {
		if (m->stage == TAM_PURSUIT && m->next == u)
			m->stage = TAM_DONE;
		else if (m->stage == TAM_PURSUIT)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, cite,
				   "%s's check had an adverse result: %s is not the victor, and has no pursuit to check",
				   id_of(a, u), id_of(a, u));
		else
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, cite,
				   "no pursuit yet: the winner checks for pursuit after the loser's adverse result, and %s",
				   m->stage == TAM_FIRST ? "no morale check followed the melee" : "none has had one");
		return;
	}
	if (m->stage == TAM_PURSUIT) {
		if (m->next == u)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, cite,
				   "%s's check had an adverse result: \"the winning unit will check for pursuit\", not its morale",
				   id_of(a, other));
		return;
	}
	if (m->stage == TAM_FIRST && m->next >= 0 && m->next != u) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, cite,
			   "%s lost more in the melee (%d to %d): \"the unit with the greater amount of casualties ... checks its morale first\"",
			   id_of(a, other), m->lost[m->u[0] == other ? 0 : 1], m->lost[m->u[0] == u ? 0 : 1]);
		m->stage = TAM_DONE;	/* out of order: no more of it is checked */
		return;
	}
	if (!effect)
		m->stage = TAM_DONE;	/* its result unknown: nothing follows from it */
	else if (adverse(effect))
		m->stage = TAM_PURSUIT, m->next = other;
	else if (m->stage == TAM_FIRST && m->lost[m->u[0] == other ? 0 : 1] > 0)
		m->stage = TAM_SECOND, m->next = other;
	else
		m->stage = TAM_DONE;	/* both stood: no victor */
}

/* Does u owe a pursuit check as the victor of an open sequence?  A square
 * attacked by cavalry does not check (003:19). */
static bool owes_pursuit(const struct audit *a, const struct thomas_after_melee *m, int u)
{
	if (m->stage != TAM_PURSUIT || m->next != u)
		return false;
	int foe = m->u[0] == u ? m->u[1] : m->u[0];
	return !(thomas_unit(a, u)->formation == TF_SQUARE && thomas_unit(a, foe)->arm == TA_CAV);
}

void thomas_settle_morale(struct audit *a)
{
	struct thomas_audit *t = a->ctx;
	struct loc at = stmt_at(&a->b->stmts[a->stmt < a->b->n_stmts ? a->stmt : a->b->n_stmts - 1]);
	for (int i = 0; i < t->n_after; i++) {
		int v = t->after[i].next;
		if (!owes_pursuit(a, &t->after[i], v))
			continue;
		a->side = state_unit_at(&a->st, v)->decl->side;
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, at, "003:19",
			   "turn %d: %s won the melee of line %d; its check for pursuit is not logged", a->st.turn, id_of(a, v),
			   t->after[i].at.line);
		thomas_unit(a, v)->checked_turn = a->st.turn;	/* reported once */
	}
	for (int u = 0; u < a->st.n_units; u++) {
		struct thomas_unit *r = thomas_unit(a, u);
		if (r->lost_turn != a->st.turn || !r->lost || r->checked_turn == a->st.turn || r->core.removed || r->routed)
			continue;
		a->side = r->core.decl->side;
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, at, "003:21",
			   "turn %d: %s lost %d figure%s and has no morale check logged: \"Whenever a Morale Unit suffers a figure loss ... it must check its morale\"",
			   a->st.turn, r->core.decl->id, r->lost, r->lost == 1 ? "" : "s");
	}
	t->n_after = 0;
}

/* ---- Morale checks (003:15-25) ---- */

static enum thomas_table table_of(int event)
{
	return event == TE_CLOSE ? TK_CLOSE : event == TE_STAND ? TK_STAND : TK_MORALE;
}

/* The unit's morale points: the text's (003:21), the chart file's, or 0. */
static int morale_points(struct audit *a, const struct thomas_unit *r, const char *who, const char **why)
{
	const char *cite;
	int points = thomas_morale_points(r->troop, &cite);
	if (points) {
		record_step(a->rec, cite, "%s: morale points %d", who, points);
		return points;
	}
	static struct cell cell;
	cell = cell_lookup(a, TCH_MORALE_POINTS, r->troop, 0, 0);
	if (!cell.ok) {
		*why = cell.why;
		return 0;
	}
	record_step(a->rec, cell.cite, "%s: morale points %d", who, cell.value);
	return cell.value;
}

/* The modifiers of a morale check (003:23, 25) and of the close and stand
 * checks' own (003:15-16). */
static void morale_mods(struct audit *a, const struct check_line *line, const struct thomas_unit *r, int event,
			struct derived_mod *d)
{
	enum thomas_table t = table_of(event);
	const struct uref *x = &line->unit;
	if (r->unformed)
		derive_fixed(d, t, TM_UNFORMED, "the unit is unformed");
	else
		claim_absent(d, TQ_UNFORMED, "the unit is formed");
	int lost = r->core.start - r->core.stands, tenths = r->core.start ? lost * 10 / r->core.start : 0;
	if (tenths) {
		char why[96];
		snprintf(why, sizeof why, "%d of %d figures lost: %d times 10%%", lost, r->core.start, tenths);
		derive_value(d, t, TM_CASUALTIES, -tenths, why);
	} else
		claim_absent(d, TQ_CASUALTIES, "%d of %d figures lost: under 10%%", lost, r->core.start);
	const struct mod *officer = claimed_mod(&line->claim, TM_OFFICER);
	if (officer) {
		derive_value(d, t, TM_OFFICER, officer->has_value ? officer->value : 0, "as claimed");
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, officer->at, "003:25",
			   "an officer's influence taken on trust: his distance and factor are not in the log");
	} else
		claim_absent(d, TQ_OFFICER, "no officer's influence claimed");
	if (battle_fact(x, TX_COVER, 0))
		derive_fixed(d, t, TM_COVER, "in or behind cover");
	else
		claim_absent(d, TQ_COVER, "not in cover");
	if (battle_fact(x, TX_FLANK, 0))
		derive_fixed(d, t, TM_FLANK, "charging the enemy's flank or rear");
	else
		claim_absent(d, TQ_FLANK, "not charging a flank or rear");
	bool square = r->arm == TA_INF && r->formation == TF_SQUARE && battle_fact(x, TX_CAVALRY, 0);
	bool charged = square && event == TE_STAND;
	if (charged && !thomas_opts(a)->square_adds)
		claim_absent(d, TQ_SQUARE, "the stand check's +4 replaces it (option square-stand=replace)");
	else if (square)
		derive_fixed(d, t, TM_SQUARE, "infantry in square against mounted cavalry");
	else
		claim_absent(d, TQ_SQUARE, "not infantry in square against cavalry");
	if (charged)
		derive_fixed(d, t, TM_SQUARE_CHARGED, "infantry in square charged by cavalry");
	bool fear = battle_fact(x, TX_FEAR, 0), shaky = r->troop == TT_US_VOLUNTEER || r->troop == TT_MEX_MILITIA;
	if (fear && shaky)
		derive_fixed(d, t, TM_FEAR, "a fear of disaster check of a US Volunteer or Mexican Militia unit");
	else
		claim_absent(d, TQ_FEAR, fear ? "not a US Volunteer or Mexican Militia unit" : "not a fear of disaster check");
	if (event == TE_CLOSE && battle_fact(x, TX_WORKS, 0))
		derive_fixed(d, t, TM_WORKS, "ordered to charge prepared works");
}

/* A close check's result (003:15): a negative result holds the charger. */
static int close_result(struct audit *a, const struct check_line *line, int relation)
{
	const struct claim *c = &line->claim;
	int result;
	if (thomas_opts(a)->negative_below_base) {
		result = relation < 0 ? TCL_HOLDS : TCL_CLOSES;
		record_step(a->rec, "003:15 a negative result holds the charger (option negative-result=below-base)",
			    "%s: %+d: %s", line->unit.id, relation, thomas_word(TC_EFFECT_CLOSE, result));
	} else {
		struct cell cell = cell_lookup(a, TCH_MORALE, relation, 0, 0);
		if (!cell.ok) {
			if (c->effect)
				audit_find(a, FINDING_TRUSTED, DIAG_NOTE, c->effect_at, "003:15", "%s taken on trust: %s", c->effect->word,
					   cell.why);
			return vocab_code(c->effect);
		}
		result = cell.value == TME_STEADY ? TCL_CLOSES : TCL_HOLDS;
		record_step(a->rec, cell.cite, "%s: %+d: %s, so it %s", line->unit.id, relation,
			    thomas_word(TC_EFFECT_MORALE, cell.value), thomas_word(TC_EFFECT_CLOSE, result));
	}
	if (c->effect && vocab_code(c->effect) != result)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, "003:15", "%s claimed, derived %s", c->effect->word,
			   thomas_word(TC_EFFECT_CLOSE, result));
	return c->effect && !audit_follows_derived(a) ? vocab_code(c->effect) : result;
}

/* The close check's result for face f (relationship f + mods): any
 * negative result holds the charger (003:15), read as the options say. */
struct close_odds {
	const struct audit *a;
	int mods;
};

static int close_by_face(int f, void *ctx)
{
	const struct close_odds *c = ctx;
	int relation = f + c->mods;
	if (thomas_opts(c->a)->negative_below_base)
		return relation < 0 ? TCL_HOLDS : TCL_CLOSES;
	struct cell cell = cell_lookup(c->a, TCH_MORALE, relation, 0, 0);
	return !cell.ok ? -1 : cell.value == TME_STEADY ? TCL_CLOSES : TCL_HOLDS;
}

/* The odds of a check's d10 whose relationship is the face plus mods: a
 * morale check or a stand on the morale chart (steady, fall back, rout),
 * a close check by close_by_face; a pursuit check has no better face. */
static void check_odds(const struct audit *a, int event, int rolled, int mods, struct rec_odds *odds)
{
	struct close_odds c = {a, mods};
	if (event == TE_CLOSE)
		record_odds_of(odds, 10, rolled, true, close_by_face, &c);
	else if (event != TE_PURSUIT)
		cell_odds(a, TCH_MORALE, 0, 10, rolled, mods, true, odds);
}

/* The effect of the check of kind event for the relationship. */
static int check_effect(struct audit *a, int event, const struct check_line *line, int relation)
{
	const struct claim *c = &line->claim;
	switch (event) {
	case TE_CLOSE:
		return close_result(a, line, relation);
	case TE_PURSUIT:
		if (thomas_roll_of(TR_PURSUIT, relation))
			return thomas_fixed_roll(a, TR_PURSUIT, relation, line->unit.id, TC_EFFECT_PURSUIT, vocab_code(c->effect),
						 c->effect_at);
		return cell_effect(a, TCH_PURSUIT, 0, relation, c, TC_EFFECT_PURSUIT, "003:20");
	default:
		return cell_effect(a, TCH_MORALE, 0, relation, c, TC_EFFECT_MORALE, "003:22");
	}
}

static const char *const check_kinds[] = {
	[TE_MORALE] = "morale", [TE_CLOSE] = "close", [TE_STAND] = "stand", [TE_PURSUIT] = "pursuit",
};

bool thomas_audit_morale(struct audit *a, const struct stmt *s)
{
	int event = s->u->event.def->code;
	const struct ev_check *ck = &s->u->event.u.check;
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, check_kinds[event], &p);
	if (u < 0)
		return true;
	struct thomas_unit *r = thomas_unit(a, u);
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	morale_mods(a, line, r, event, d);
	weigh_mods(a, &line->claim, d, table_of(event), p, line->unit.id, line->unit.at);
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = claim_total(ck->die.value, d);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
	if (p) {
		p->total = total;
		p->has_total = true;
	}
	if (event == TE_MORALE || event == TE_PURSUIT)
		r->checked_turn = a->st.turn;
	if (event == TE_CLOSE)
		r->close_turn = a->st.turn;
	if (event == TE_STAND)
		r->stand_turn = a->st.turn;
	const char *why = "";
	int points = morale_points(a, r, line->unit.id, &why);
	if (!points) {
		if (line->claim.effect)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, line->claim.effect_at, "003:21",
				   "%s taken on trust: the text gives no morale points for %s and %s", line->claim.effect->word,
				   thomas_word(TC_TROOP, r->troop), why);
		if (event == TE_MORALE || event == TE_PURSUIT)
			sequence_step(a, u, event, line->claim.effect ? vocab_code(line->claim.effect) : 0, audit_place(a, line->unit.at));
		return true;
	}
	int relation = total - points;
	if (p)
		check_odds(a, event, ck->die.value, total - ck->die.value - points, &p->odds);
	record_step(a->rec, "003:22 Casualty Morale: the relationship of the total to the unit's base",
		    "%s: d10 %d %+d = %d, less %d morale points: %+d", line->unit.id, ck->die.value, total - ck->die.value,
		    total, points, relation);
	int effect = check_effect(a, event, line, relation);
	if (a->rec && effect)
		a->rec->effect = thomas_word(event == TE_CLOSE ? TC_EFFECT_CLOSE : event == TE_PURSUIT ? TC_EFFECT_PURSUIT
												: TC_EFFECT_MORALE, effect);
	if (event == TE_CLOSE)
		r->held_turn = effect == TCL_HOLDS ? a->st.turn : 0;
	if (event == TE_MORALE || event == TE_PURSUIT)
		sequence_step(a, u, event, effect, audit_place(a, line->unit.at));
	if (event != TE_MORALE && event != TE_STAND)
		return true;
	if (effect == TME_FALL_BACK || effect == TME_ROUT)
		r->engaged = false;	/* it breaks contact (003:17) */
	bool close_action = event == TE_STAND || (r->melee_turn && r->melee_turn >= a->st.turn - 1);
	if ((effect == TME_FALL_BACK || effect == TME_ROUT) && close_action)
		r->forced_back_turn = a->st.turn;	/* "forced back because of close action" (003:20) */
	if (effect == TME_ROUT)
		r->routed = true;
	state_touch_unit(&a->st, u);
	return true;
}
