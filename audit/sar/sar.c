/* sar: Santa Anna Rules! state, orders, movement, rallying and leaders.
 *
 * A unit's stands are its effectives; its record keeps its stragglers and
 * casualties beside them, so that losses (stragglers and casualties,
 * 004:142) are what the core counts as stands lost, and stragglers
 * recovered come back as stands. */
#include "sar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../claim.h"
#include "sar_tables.h"
#include "../../grammar/xalloc.h"

/* The arms, weapons and formations of a unit's declaration. */
static void unit_init(struct state *st, int u)
{
	struct sar_unit *r = (struct sar_unit *)(void *)state_unit_at(st, u);
	const struct st_unit *d = r->core.decl;
	r->arm = battle_unit_code(d, SC_ARM);
	r->exp = battle_unit_code(d, SC_EXP);
	r->weapon = battle_unit_code(d, SC_WEAPON);
	r->pounds = r->weapon > SAR_GUN ? r->weapon - SAR_GUN : 0;
	r->formation = battle_unit_code(d, SC_FORMATION) ? battle_unit_code(d, SC_FORMATION) : SF_LINE;
	r->mounted = r->arm == SAR_CAV && battle_unit_code(d, SC_MOUNT) != SAR_DISMOUNTED;
	r->limbered = battle_unit_code(d, SC_LIMBER) == SAR_LIMBERED;
	r->core.remove_at = 0;	/* wiped out when only stragglers are left (004:148) */
}

/* The leader rating of a declaration: lr0..lr3 are codes 1..4. */
static int rating_of(const struct st_leader *d)
{
	return vocab_code(d->rating) > 0 ? vocab_code(d->rating) - 1 : 0;
}

static void leader_init(struct state *st, int l)
{
	struct sar_leader *r = (struct sar_leader *)(void *)state_leader_at(st, l);
	r->lr = rating_of(r->core.decl);
}

static const char *formation_word(int f)
{
	return sar_word(SC_FORMATION, f);
}

static void unit_fields(const struct state *st, int u, struct fields *out)
{
	const struct sar_unit *r = (const struct sar_unit *)(const void *)state_unit_at(st, u);
	fields_int(out, "stragglers", r->stragglers);
	fields_int(out, "casualties", r->casualties);
	fields_text(out, "state", r->broken ? "broken" : "formed");
	fields_text(out, "formation", r->broken ? "mob" : formation_word(r->formation));
	fields_text(out, "order", r->order && r->order_turn == st->turn ? sar_word(SC_ORDER, r->order) : NULL);
	fields_bool(out, "initial_volley", !r->volley_used && r->arm != SAR_ART);
	fields_bool(out, "low_ammo", r->low_ammo);
	fields_bool(out, "locked", r->locked);
	if (r->arm == SAR_CAV)
		fields_bool(out, "mounted", r->mounted);
	if (r->arm == SAR_ART)
		fields_bool(out, "limbered", r->limbered);
}

static void leader_fields(const struct state *st, int l, struct fields *out)
{
	const struct sar_leader *r = (const struct sar_leader *)(const void *)state_leader_at(st, l);
	fields_int(out, "lr", r->lr);
	if (r->points_turn == st->turn)
		fields_int(out, "points_left", r->points - r->spent);
	else
		fields_text(out, "points_left", NULL);
}

/* A leader gravely wounded "may issue orders for one more turn before being
 * dragged away" (Leader Casualty Table, 004:376): the turn after that one
 * begins without him.  Returns whether he still waits for it. */
static bool leader_header(struct state *st, int l, const struct stmt *s)
{
	(void)s;
	struct sar_leader *r = (struct sar_leader *)(void *)state_leader_at(st, l);
	if (!r->dragged_from || r->core.removed)
		return false;
	if (st->turn < r->dragged_from)
		return true;
	r->core.removed = true;
	state_attach(st, l, -1);
	state_touch_leader(st, l);
	return false;
}

static const struct state_rules sar_state = {
	.unit_size = sizeof(struct sar_unit),
	.unit_init = unit_init,
	.unit_fields = unit_fields,
	.leader_size = sizeof(struct sar_leader),
	.leader_init = leader_init,
	.leader_fields = leader_fields,
	.leader_header = leader_header,
};

int sar_present(const struct sar_unit *u)
{
	return u->core.stands + u->stragglers;
}

void sar_turn_tallies(struct audit *a, struct sar_unit *u)
{
	if (u->loss_turn == a->st.turn)
		return;
	u->loss_turn = a->st.turn;
	u->fire_losses = u->fire_casualties = u->losses = u->battery_stragglers = 0;
}

static bool option_is(const struct audit *a, const char *name, const char *value)
{
	return strcmp(audit_option(a, name), value) == 0;
}

static void *sar_begin(struct audit *a)
{
	struct sar_audit *t = xcalloc(1, sizeof *t);
	struct sar_options *o = &t->o;
	o->close_losses_ignored = option_is(a, "close-losses", "ignore");
	o->fractions_nearest = option_is(a, "fractions", "nearest");
	o->clamp_at_end = option_is(a, "column-clamp", "end");
	o->far_added_after = option_is(a, "order-cost", "double-base");
	o->small_brigade_kept = option_is(a, "mex-cavalry-brigade", "kept");
	o->hold_fires_in_hold_fire = option_is(a, "hold-charged", "hold-fire");
	return t;
}

/* "If a Mexican cavalry brigade has fewer than four regiments, the brigade
 * commander's LR should automatically be zero" (Units, 004:130): a Mexican
 * leader commanding cavalry alone, one to three units. */
static void audit_order_of_battle(struct audit *a)
{
	if (sar_opts(a)->small_brigade_kept)
		return;
	for (int l = 0; l < a->st.n_leaders; l++) {
		struct sar_leader *sl = sar_leader(a, l);
		int cavalry = 0, others = 0;
		for (int u = 0; u < a->st.n_units; u++) {
			const struct sar_unit *r = sar_unit(a, u);
			if (r->core.cmd == l)
				*(r->arm == SAR_CAV && vocab_code(r->core.nation) == SAR_MEXICO ? &cavalry : &others) += 1;
		}
		if (!cavalry || others || cavalry >= 4 || sl->lr == 0)
			continue;
		const struct sym *y = battle_find(a->b, 'L', sl->core.decl->id);
		a->stmt = y ? y->stmt : -1;	/* the leader's declaration */
		a->side = sl->core.decl->side;
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, sl->core.decl->id_at, "004:130",
			   "%s commands a Mexican cavalry brigade of %d regiment%s, fewer than four: his LR is 0, not %d",
			   sl->core.decl->id, cavalry, cavalry == 1 ? "" : "s", sl->lr);
		sl->lr = 0;
	}
}

static void sar_end(struct audit *a)
{
	free(a->ctx);
}

void sar_take(struct audit *a, int u, int stragglers, int casualties, bool may_break)
{
	struct sar_unit *r = sar_unit(a, u);
	sar_turn_tallies(a, r);
	r->stragglers += stragglers;
	r->casualties += casualties;
	r->losses += stragglers + casualties;
	state_lose(&a->st, u, stragglers + casualties);
	if (may_break && r->stragglers > r->core.stands && !r->broken) {
		r->broken = true;	/* more stragglers than effectives (004:148) */
		r->locked = false;
	}
}

/* The sides of the die a face was rolled on. */
static int sides_of(const struct face *f)
{
	return f->die ? f->die : sar_vocab.die;
}

/* ---- Orders (004:70-122) ---- */

/* Whether leader l holds leader c's command: c itself, or the replacement
 * that took it over (`replace C L`, 004:379), or that one's replacement. */
static bool holds_command(const struct audit *a, int c, int l)
{
	for (int k = 0; c >= 0 && k < 64; k++, c = state_leader_at(&a->st, c)->replaced_by)
		if (c == l)
			return true;
	return false;
}

/* How leader l stands to unit u's commander: 0 its own command, 1 a
 * subordinate command (double cost, 004:120), -1 outside its command. */
static int command_depth(const struct audit *a, int l, const struct unit_state *u)
{
	int c = u->cmd;
	for (int depth = 0; c >= 0 && depth < 64; depth++) {
		if (holds_command(a, c, l))
			return depth == 0 ? 0 : 1;
		c = state_leader_at(&a->st, c)->under;
	}
	return -1;
}

/* The commander of unit u's own command when he is out of the battle and
 * no replacement has taken it over (004:379), or NULL. */
static const char *vacant_command(const struct audit *a, const struct unit_state *u)
{
	int c = u->cmd;
	for (int k = 0; c >= 0 && k < 64; k++) {
		const struct leader_state *l = state_leader_at(&a->st, c);
		if (l->replaced_by < 0)
			return l->removed ? l->decl->id : NULL;
		c = l->replaced_by;
	}
	return NULL;
}

/* A US battery of 12 lb or less performs two functions for one point (004:310). */
static bool two_functions(const struct sar_unit *r)
{
	return r->arm == SAR_ART && r->pounds <= 12 && vocab_code(r->core.nation) == SAR_US;
}

static int order_cost(const struct audit *a, int depth, bool far)
{
	int cost = 1;
	if (depth == 1 && sar_opts(a)->far_added_after)
		return 2 + far;		/* 004:120, then 004:78 */
	cost += far;			/* 004:78 */
	return depth == 1 ? 2 * cost : cost;
}

static void order_line(struct audit *a, int l, const struct check_line *line, int *attached_orders)
{
	struct sar_leader *lr = sar_leader(a, l);
	int u = state_unit_ref(&a->st, &line->unit);
	if (u < 0)
		return;
	struct sar_unit *r = sar_unit(a, u);
	const char *who = line->unit.id;
	a->side = r->core.decl->side;
	if (line->n_actions == 0) {
		audit_find(a, FINDING_ILLEGAL, DIAG_WARNING, line->unit.at, "004:82", "no order is given to %s", who);
		return;
	}
	if (line->n_actions > 1 && !two_functions(r))
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->actions[1].at, "004:76",
			   "a unit receives one order a turn; the second is lost");
	int depth = command_depth(a, l, &r->core);
	if (depth < 0) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:70",
			   "%s is not in %s's command: leaders order only their own units", who, lr->core.decl->id);
		return;
	}
	const char *vacant = vacant_command(a, &r->core);
	if (vacant && vacant != lr->core.decl->id)	/* his own orders are refused already (audit_orders) */
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:379",
			   "%s's commander %s is out of the battle and not yet replaced: \"all units within the dead "
			   "leader's command must roll randomly for orders\"", who, vacant);
	if (lr->core.attached >= 0 && lr->core.attached != u)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:74",
			   "%s is attached to %s and orders that unit alone", lr->core.decl->id,
			   state_unit_at(&a->st, lr->core.attached)->decl->id);
	else if (lr->core.attached >= 0 && (*attached_orders)++ > 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:74", "an attached leader issues one order");
	if (r->order_turn == a->st.turn && r->order && two_functions(r) && !r->order2 && line->n_actions == 1) {
		r->order2 = vocab_code(line->actions[0].verb);	/* "both orders", one point (004:310) */
		record_step(a->rec, "004:310 Artillery", "%s: %s, its second function this turn, costs no point", who,
			    line->actions[0].verb->word);
		record_part(a->rec, ROLE_UNIT, who);
		return;
	}
	if (r->order_turn == a->st.turn && r->order) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:76",
			   "%s has its order for this turn already; excess orders are lost", who);
		return;
	}
	int order = vocab_code(line->actions[0].verb);
	if (r->broken && order != SO_RALLY && order != SO_FORM)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->actions[0].at, "004:391",
			   "%s is broken: it may only try to rally", who);
	else if (!r->broken && order == SO_RALLY)
		audit_find(a, FINDING_ILLEGAL, DIAG_WARNING, line->actions[0].at, "004:94",
			   "%s is not broken: Rally is the order of a broken unit", who);
	bool far = battle_fact(&line->unit, SX_FAR, 0) != NULL;
	int cost = order_cost(a, depth, far);
	lr->spent += cost;
	record_step(a->rec, depth ? "004:120" : far ? "004:78" : "004:76", "%s: %s costs %d point%s%s%s, %d of %d spent",
		    who, line->actions[0].verb->word, cost, cost == 1 ? "" : "s", far ? " (beyond 24\")" : "",
		    depth ? " (a subordinate command: double)" : "", lr->spent, lr->points);
	if (lr->spent > lr->points && lr->spent - cost <= lr->points)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:72",
			   "orders cost %d points here; %s has %d (LR %d + 1d4)", lr->spent, lr->core.decl->id,
			   lr->points, lr->lr);
	else if (lr->spent > lr->points)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:72", "no leader points left for %s", who);
	r->order = order;
	r->order2 = line->n_actions > 1 && two_functions(r) ? vocab_code(line->actions[1].verb) : 0;
	r->order_turn = a->st.turn;
	record_part(a->rec, ROLE_UNIT, who);
}

/* A roll whose every face gives its own result: leader points (004:72). */
static int face_itself(int f, void *ctx)
{
	(void)ctx;
	return f;
}

static void audit_orders(struct audit *a, const struct ev_check *ck)
{
	a->rec = audit_record(a, "orders");
	int l = ck->leader ? state_leader_of(&a->st, ck->leader_sym, ck->leader) : -1;
	if (l < 0) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:72", "orders are given by a leader");
		return;
	}
	struct sar_leader *lr = sar_leader(a, l);
	a->side = lr->core.decl->side;
	int die = sides_of(&ck->die);
	if (die != 4)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:72", "leader points are rolled on 1d4, not a d%d",
			   die);
	if (lr->points_turn == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:72", "%s rolled for leader points this turn already",
			   ck->leader);
	if (lr->core.removed || lr->no_orders_until >= a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->leader_at, lr->core.removed ? "004:379" : "004:374",
			   "%s gives no orders this turn (%s)", ck->leader, lr->core.removed ? "out of the battle" : "wounded");
	lr->points = lr->lr + ck->die.value;
	lr->points_turn = a->st.turn;
	lr->spent = 0;
	record_step(a->rec, "004:72 Command and Control", "%s: leader points = LR %d + 1d4 %d = %d", ck->leader, lr->lr,
		    ck->die.value, lr->points);
	struct rec_part *p = record_part(a->rec, ROLE_LEADER, ck->leader);
	if (p) {
		p->die = ck->die.value;
		p->total = lr->points;
		p->has_total = true;
		record_odds_of(&p->odds, 4, ck->die.value, true, face_itself, NULL);	/* each face its own points */
	}
	int attached_orders = 0;
	for (int i = 0; i < ck->n_lines; i++)
		order_line(a, l, &ck->lines[i], &attached_orders);
}

static void audit_random(struct audit *a, const struct ev_check *ck)
{
	a->rec = audit_record(a, "random");
	for (int i = 0; i < ck->n_lines; i++) {
		const struct check_line *line = &ck->lines[i];
		int u = state_unit_ref(&a->st, &line->unit);
		if (u < 0)
			continue;
		struct sar_unit *r = sar_unit(a, u);
		a->side = r->core.decl->side;
		struct rec_part *p = record_part(a->rec, ROLE_UNIT, line->unit.id);
		if (p)
			p->die = ck->die.value;
		if (r->order_turn == a->st.turn && r->order)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:98",
				   "%s has an order: only units without one roll randomly", line->unit.id);
		if (r->broken)
			audit_find(a, FINDING_ILLEGAL, DIAG_WARNING, line->unit.at, "004:100",
				   "%s is broken: without an order it does not roll, it goes on retreating", line->unit.id);
		cell_effect(a, SCH_RANDOM, 0, ck->die.value, &line->claim, SC_RANDOM, "004:98");
		r->order = r->order2 = 0;
		r->order_turn = a->st.turn;
	}
}

/* ---- Movement (004:162-176) ---- */

static int tally(const struct claim *c, int code, int *out)
{
	const struct tally *t = claim_tally(c, code);
	if (t)
		*out = t->value;
	return t != NULL;
}

/* n stragglers from movement, fewer where they would break the unit: at
 * most as many stragglers as effectives (004:174, 389).  A unit broken
 * already takes them all. */
static int movement_cap(const struct sar_unit *r, int n)
{
	if (r->broken)
		return n;
	int most = sar_present(r) / 2 - r->stragglers;
	return n < most ? n : most > 0 ? most : 0;
}

/* Stragglers from sixes, to one fewer than would break the unit (004:174, 389). */
static int movement_stragglers(const struct sar_unit *r, const struct face *f, int *sixes)
{
	*sixes = 0;
	for (int i = 0; i < f->n; i++)
		*sixes += f->dice[i] == 6;
	if (r->arm == SAR_ART)
		return 0;
	return movement_cap(r, *sixes);
}

/* "[5,6]": the faces from to to - 1 ("" when none). */
static void put_faces(const struct face *f, int from, int to, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = from; i < to && i < f->n && n + 8 < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%d", i == from ? "[" : ",", f->dice[i]);
	if (n && n + 2 < size)
		snprintf(buf + n, size - n, "]");
}

static int sum_dice(const struct face *f, int from, int to)
{
	int sum = 0;
	for (int i = from; i < to && i < f->n; i++)
		sum += f->dice[i];
	return sum;
}

/* The maximum distance (004:166): the Movement Distances chart's inches
 * and dice for the unit's arm and training, a charge's one more die, the
 * chart's inches for a column; dice past the movement's are terrain dice,
 * subtracted (004:166). */
/* Does the claim name the modifier whose id is id? */
static bool claims_mod(const struct claim *c, int id)
{
	for (int i = 0; i < c->n_mods; i++)
		if (c->mods[i].id == id)
			return true;
	return false;
}

/* Does the line claim losses (loss=N or a tally)?  A line claiming only
 * a total or an effect has only that checked (docs/notation.md). */
static bool claims_losses(const struct claim *c)
{
	return c->has_loss || c->n_tallies;
}

static void move_distance(struct audit *a, const struct check_line *line, const struct face *f, const struct sar_unit *r,
			  struct rec_part *p)
{
	struct cell inches = cell_lookup(a, SCH_MOVEMENT, r->arm, r->exp, SCC_INCHES);
	struct cell dice = cell_lookup(a, SCH_MOVEMENT, r->arm, r->exp, SCC_DICE);
	if (battle_fact(&line->unit, SX_RETREAT, 0) || !inches.ok || !dice.ok) {
		if (line->claim.has_total)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, line->claim.total_at, "004:166",
				   "=%d\" taken on trust: %s", line->claim.total,
				   battle_fact(&line->unit, SX_RETREAT, 0) ? "a retreat's distance is its dice less terrain, which the log does not tell apart"
				   : inches.why);
		return;
	}
	bool charge = battle_fact(&line->unit, SX_CHARGE, 0) != NULL;
	int want = dice.value + charge;
	if (f->n < want)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->at, "004:166", "%s moves %d\" + %dd6%s: %d dice are written",
			   line->unit.id, inches.value, dice.value, charge ? " and 1d6 charging" : "", f->n);
	int base = inches.value + sum_dice(f, 0, want);
	char moving[64], terrain[64];
	put_faces(f, 0, want, moving, sizeof moving);
	put_faces(f, want, f->n, terrain, sizeof terrain);
	record_step(a->rec, inches.cite, "%s: %d\" + %dd6%s %s = %d\"%s%s%s", line->unit.id, inches.value, dice.value,
		    charge ? " + 1d6 (charge)" : "", moving, base, f->n > want ? "; then " : "", terrain,
		    f->n > want ? (f->n - want == 1 ? ", a terrain die" : ", terrain dice") : "");
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	if (r->formation == SF_COLUMN) {
		struct cell col = cell_lookup(a, SCH_MOVE_MODS, SM_COLUMN, 0, 0);
		struct claim_mod m = sar_claim_mod(sar_mod_of(STB_MOVE, SM_COLUMN), col.value);
		if (col.ok)
			claim_derive(d, &m, "in column");	/* the text states its +4" (004:166) */
	} else if (claims_mod(&line->claim, SM_COLUMN)) {	/* "column (+4 inches)" is a column's (004:166) */
		claim_absent(d, sar_mod_of(STB_MOVE, SM_COLUMN)->factor, "%s is in %s, not in column", line->unit.id,
			     r->formation ? sar_word(SC_FORMATION, r->formation) : "no logged formation");
	}
	/* "A unit must be in road column (or limbered artillery) to get the road bonus" (004:156) */
	bool on_road = r->formation == SF_ROAD_COLUMN || (r->arm == SAR_ART && r->limbered);
	if (!on_road && claims_mod(&line->claim, SM_ROAD))
		claim_absent(d, sar_mod_of(STB_MOVE, SM_ROAD)->factor, "%s is in %s: the road bonus is a road column's",
			     line->unit.id, r->formation ? sar_word(SC_FORMATION, r->formation) : "in no logged formation");
	if (f->n > want) {
		struct claim_mod m = sar_claim_mod(sar_mod_of(STB_MOVE, SM_TERRAIN), -sum_dice(f, want, f->n));
		claim_derive(d, &m, "%s past the movement's dice: terrain, subtracted", terrain);
	}
	sar_chart_mods(a, STB_MOVE, &line->claim, NULL, line->unit.at, d);
	const enum sar_table tb = STB_MOVE;
	struct claim_table t = sar_claim_table(&tb);
	if (line->claim.n_mods)
		claim_check_mods(a, &line->claim, d, &t, line->unit.id, line->unit.at, DIAG_ERROR);
	sar_record_mods(a->rec, p, line->unit.id, d, STB_MOVE);
	int total = claim_total(base, d);
	record_step(a->rec, "004:166 Movement", "%s: at most %d\"", line->unit.id, total);
	/* "a unit may always move up to two inches (one inch for unlimbered artillery)" */
	int least = r->arm == SAR_ART && !r->limbered ? 1 : 2;
	if (total < least) {
		record_step(a->rec, "004:168 Movement", "%s: it may always move up to %d\": at most %d\"", line->unit.id,
			    least, least);
		total = least;
	}
	if (!(line->claim.has_total && line->claim.total == total && total == least))
		claim_check_sum_from(a, "the base distance", base, &line->claim, DIAG_ERROR);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
}

static void audit_move(struct audit *a, const struct ev_check *ck)
{
	a->rec = audit_record(a, "move");
	int die = sides_of(&ck->die);
	if (die != 6)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:166", "movement is rolled on d6, not d%d", die);
	if (ck->n_lines > 1)
		audit_find(a, FINDING_ILLEGAL, DIAG_WARNING, ck->lines[1].unit.at, "004:166",
			   "each unit rolls its own movement dice");
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, NULL, &p);
	if (u < 0)
		return;
	struct sar_unit *r = sar_unit(a, u);
	if (battle_fact(&line->unit, SX_RETREAT, 0) && r->arm != SAR_ART) {
		int want = r->arm == SAR_CAV ? 5 : 3;
		if (ck->die.n < want)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:172",
				   "a retreat is %dd6 for %s; %d dice are written", want,
				   r->arm == SAR_CAV ? "cavalry" : "infantry", ck->die.n);
	}
	int sixes, derived = movement_stragglers(r, &ck->die, &sixes);
	record_step(a->rec, "004:174 Movement", "%s: %d six%s among the dice: %d straggler%s%s", line->unit.id, sixes,
		    sixes == 1 ? "" : "es", derived, derived == 1 ? "" : "s",
		    r->arm == SAR_ART ? " (artillery takes none)" : derived < sixes ? " (no unit breaks from movement, 004:389)" : "");
	int claimed = 0;
	bool has = tally(&line->claim, ST_STRAGGLERS, &claimed);
	if (has && claimed != derived)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, claim_tally(&line->claim, ST_STRAGGLERS)->at, "004:174",
			   "stragglers=%d claimed, derived %d", claimed, derived);
	else if (!has && derived && claims_losses(&line->claim))	/* a line without them takes the derived */
		audit_find(a, FINDING_LOSSES, DIAG_WARNING, line->unit.at, "004:174", "%d straggler%s from sixes not claimed",
			   derived, derived == 1 ? "" : "s");
	move_distance(a, line, &ck->die, r, p);
	int take = has && !audit_follows_derived(a) ? claimed : derived;
	sar_take(a, u, take, 0, r->broken);
	if (p)
		p->loss = take;
}

/* ---- Rally phase (004:142-146, 391-401) ---- */

static void audit_recover(struct audit *a, const struct ev_check *ck)
{
	a->rec = audit_record(a, "recover");
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, NULL, &p);
	if (u < 0)
		return;
	struct sar_unit *r = sar_unit(a, u);
	bool trained = r->exp == SAR_REGULAR || r->exp == SAR_VETERAN;
	int die = sides_of(&ck->die), want = trained ? 6 : 4;
	if (die != want)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ck->die.at, "004:144", "a %s unit recovers 1d%d, not a d%d",
			   sar_word(SC_EXP, r->exp), want, die);
	if (r->order_turn == a->st.turn && r->order != SO_HOLD)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:144",
			   "%s has no Hold order: only a unit on Hold recovers stragglers", line->unit.id);
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	int l = state_attached_leader(&a->st, u);
	if (l >= 0 && sar_leader(a, l)->lr > 0) {
		struct claim_mod m = sar_claim_mod(sar_mod_of(STB_RECOVER, SM_LEADER), sar_leader(a, l)->lr);
		claim_derive(d, &m, "%s (LR %d) is attached", state_leader_at(&a->st, l)->decl->id, sar_leader(a, l)->lr);
	}
	for (int i = 0; i < line->claim.n_mods; i++)
		if (line->claim.mods[i].id == SM_COVER) {	/* where the unit stands: the table's fact */
			const struct sar_mod_row *cover = sar_mod_of(STB_RECOVER, SM_COVER);	/* its +2: the table's */
			struct claim_mod m = sar_claim_mod(cover, cover->value);
			claim_derive(d, &m, "behind cover, as claimed (taken on trust)");
		}
	const enum sar_table tb = STB_RECOVER;
	struct claim_table t = sar_claim_table(&tb);
	if (line->claim.n_mods)	/* listing any modifier claims the complete list */
		claim_check_mods(a, &line->claim, d, &t, line->unit.id, line->unit.at, DIAG_ERROR);
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = claim_total(ck->die.value, d);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
	sar_record_mods(a->rec, p, line->unit.id, d, STB_RECOVER);
	bool fought = r->fought_turn == a->st.turn;
	int recovered = fought ? total / 2 : total;
	if (recovered > r->stragglers)
		recovered = r->stragglers;
	record_step(a->rec, "004:144 Recovering Stragglers", "%s: %d%s, %d straggler%s to recover: %d recovered",
		    line->unit.id, total, fought ? ", halved (it fired or meleed this turn)" : "", r->stragglers,
		    r->stragglers == 1 ? "" : "s", recovered);
	int claimed = 0;
	bool has = tally(&line->claim, ST_STRAGGLERS, &claimed);
	if (has && claimed != recovered)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, claim_tally(&line->claim, ST_STRAGGLERS)->at, "004:144",
			   "stragglers=%d recovered claimed, derived %d", claimed, recovered);
	int take = has && !audit_follows_derived(a) ? claimed : recovered;
	if (take > r->stragglers)
		take = r->stragglers;
	r->stragglers -= take;
	state_lose(&a->st, u, -take);
	if (p) {
		p->total = total;
		p->has_total = true;
		p->loss = -take;
	}
}

static void audit_rally(struct audit *a, const struct ev_check *ck, bool route)
{
	a->rec = audit_record(a, route ? "route" : "rally");
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, NULL, &p);
	if (u < 0)
		return;
	struct sar_unit *r = sar_unit(a, u);
	if (!route && !r->broken)
		audit_find(a, FINDING_STATE, DIAG_ERROR, line->unit.at, "004:391", "%s is not broken", line->unit.id);
	if (!route && r->exp == SAR_UNTRAINED)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:393", "untrained units may not rally");
	if (!route && (r->order_turn != a->st.turn || r->order != SO_RALLY))	/* "a unit with a Rally order" */
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:391", "%s has no Rally order%s", line->unit.id,
			   r->order_turn != a->st.turn ? " logged this turn" : "");
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = ck->die.value;
	for (int i = 0; i < line->claim.n_mods; i++)	/* the chart's modifiers: as claimed */
		total += line->claim.mods[i].value;
	int result = cell_effect(a, SCH_RALLY_ROUTE, route ? SCC_ROUTE : SCC_RALLY, total, &line->claim,
				      route ? SC_EFFECT_ROUTE : SC_EFFECT_RALLY, route ? "004:401" : "004:391");
	if (p)
		cell_odds(a, SCH_RALLY_ROUTE, route ? SCC_ROUTE : SCC_RALLY, 20, ck->die.value, total - ck->die.value, true,
			  &p->odds);
	if (route && result == SRO_BREAKS)
		r->broken = true;
	if (!route && result == SRE_RALLIES && audit_illegal_count(a) == 0) {
		int present = sar_present(r), keep = present / 2;	/* as many stragglers as effectives (004:397) */
		if (r->stragglers > keep) {
			state_lose(&a->st, u, keep - r->stragglers);
			r->stragglers = keep;
		}
		r->broken = false;
		record_step(a->rec, "004:397 Rallying", "%s rallies with %d effectives and %d stragglers", line->unit.id,
			    r->core.stands, r->stragglers);
	}
}

/* ---- Leaders (004:368-381) ---- */

/* Starts the record of a leader's roll: the leader it names (or -1), whose
 * side the findings concern, and a part with the die. */
static int leader_roll(struct audit *a, const char *kind, const struct ev_leader_roll *lr)
{
	a->rec = audit_record(a, kind);
	int l = state_leader_of(&a->st, lr->leader_sym, lr->leader);
	if (l < 0)
		return -1;
	a->side = state_leader_at(&a->st, l)->decl->side;
	struct rec_part *p = record_part(a->rec, ROLE_LEADER, lr->leader);
	if (p)
		p->die = lr->die.value;
	return l;
}

/* Whether face f hits a leader whose unit took *ctx losses (004:370). */
static int hit_by_face(int f, void *ctx)
{
	return f <= *(const int *)ctx ? SHE_HIT : SHE_MISS;
}

/* The Leader Casualty Table's row for face f (004:372-377). */
static int wound_by_face(int f, void *ctx)
{
	(void)ctx;
	const struct sar_wound_row *row = sar_wound_of(f);
	return row ? row->effect : -1;
}

static void audit_hit(struct audit *a, const struct ev_leader_roll *lr)
{
	int l = leader_roll(a, "hit", lr);
	if (l < 0)
		return;
	int u = state_leader_at(&a->st, l)->attached;
	if (u < 0) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, lr->leader_at, "004:370",
			   "%s is not attached to a unit: no roll", lr->leader);
		return;
	}
	struct sar_unit *r = sar_unit(a, u);
	sar_turn_tallies(a, r);
	if (r->losses == 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_WARNING, lr->leader_at, "004:370",
			   "%s took no losses this turn: no roll", r->core.decl->id);
	int hit = lr->die.value <= r->losses ? SHE_HIT : SHE_MISS;
	record_step(a->rec, "004:370 Leader Casualties", "%s: d20 %d %s the %d loss%s %s took this turn: %s", lr->leader,
		    lr->die.value, hit == SHE_HIT ? "at or under" : "over", r->losses, r->losses == 1 ? "" : "es",
		    r->core.decl->id, sar_word(SC_EFFECT_HIT, hit));
	if (lr->effect && vocab_code(lr->effect) != hit)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, lr->effect_at, "004:370", "%s claimed, derived %s", lr->effect->word,
			   sar_word(SC_EFFECT_HIT, hit));
	if (a->rec)
		a->rec->effect = sar_word(SC_EFFECT_HIT, hit);
	struct rec_part *p = record_find_part(a->rec, ROLE_LEADER);
	if (p)	/* a face over the losses misses: a higher face is better for him */
		record_odds_of(&p->odds, 20, lr->die.value, true, hit_by_face, &r->losses);
	struct sar_leader *sl = sar_leader(a, l);
	sl->rolled_turn = a->st.turn;
	if ((lr->effect && !audit_follows_derived(a) ? vocab_code(lr->effect) : hit) == SHE_HIT)
		sl->hit_turn = a->st.turn;
}

/* "If after both players have taken casualties, neither side has broken,
 * immediately roll a second round of melee" (Melee, 004:276): the next
 * event after such a melee is its `round`, else the round is missing. */
static void settle_round(struct audit *a)
{
	struct sar_audit *t = sar_ctx(a);
	if (!t->round_due)
		return;
	const struct stmt *m = &a->b->stmts[t->round_due - 1];
	t->round_due = 0;
	a->side = t->round_side;
	audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, stmt_at(m), "004:276",
		   "neither side broke: \"immediately roll a second round of melee\", but no `round` follows");
}

/* "If a leader is attached to a unit that takes any losses in a turn ...
 * Roll 1d20 for the leader" (Leader Casualties, 004:370): before the next
 * turn, and at the end, each such roll not logged is reported. */
static void sar_settle(struct audit *a)
{
	settle_round(a);
	bool ends = a->stmt >= a->b->n_stmts || a->b->stmts[a->stmt].kind == ST_TURN;
	if (!ends || !a->st.turn)
		return;
	struct loc at = stmt_at(&a->b->stmts[a->stmt < a->b->n_stmts ? a->stmt : a->b->n_stmts - 1]);
	for (int l = 0; l < a->st.n_leaders; l++) {
		struct sar_leader *sl = sar_leader(a, l);
		int u = sl->core.attached;
		if (u < 0 || sl->core.removed || sl->rolled_turn == a->st.turn)
			continue;
		struct sar_unit *r = sar_unit(a, u);
		if (r->loss_turn != a->st.turn || r->losses == 0)
			continue;
		a->side = sl->core.decl->side;
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, at, "004:370",
			   "turn %d: %s, attached to %s, which took %d loss%s, has no leader-hit roll (1d20) logged",
			   a->st.turn, sl->core.decl->id, r->core.decl->id, r->losses, r->losses == 1 ? "" : "es");
	}
}

static void audit_wound(struct audit *a, const struct ev_leader_roll *lr)
{
	int l = leader_roll(a, "wound", lr);
	if (l < 0)
		return;
	if (sar_leader(a, l)->hit_turn != a->st.turn)
		audit_find(a, FINDING_STATE, DIAG_ERROR, lr->leader_at, "004:370",
			   "%s was not hit this turn: the Leader Casualty Table is rolled after a hit", lr->leader);
	const struct sar_wound_row *row = sar_wound_of(lr->die.value);
	if (!row)
		return;
	record_step(a->rec, row->cite, "%s: d20 %d: %s", lr->leader, lr->die.value, sar_word(SC_EFFECT_WOUND, row->effect));
	if (lr->effect && vocab_code(lr->effect) != row->effect)
		audit_find(a, FINDING_LOOKUP, DIAG_ERROR, lr->effect_at, row->cite, "%s claimed, the table gives %s",
			   lr->effect->word, sar_word(SC_EFFECT_WOUND, row->effect));
	int effect = lr->effect && !audit_follows_derived(a) ? vocab_code(lr->effect) : row->effect;
	if (a->rec)
		a->rec->effect = sar_word(SC_EFFECT_WOUND, effect);
	struct rec_part *p = record_find_part(a->rec, ROLE_LEADER);
	if (p)	/* a lower face is a lighter wound */
		record_odds_of(&p->odds, 20, lr->die.value, false, wound_by_face, NULL);
	struct sar_leader *r = sar_leader(a, l);
	const struct sar_wound_row *played = sar_wound_row_of(effect);	/* the claim's row, as played */
	r->core.wounded = effect != SW_DEAD;
	if (played && played->out_turns > 0)
		r->no_orders_until = a->st.turn + played->out_turns;
	switch (effect) {
	case SW_MINOR:
	case SW_SERIOUS:
		break;
	case SW_GRAVE:	/* orders one more turn, then dragged away (004:376) */
		r->dragged_from = a->st.turn + 2;
		state_away(&a->st, l);
		break;
	case SW_INCAPACITATED:
	case SW_DEAD:
		if (played && played->stragglers && r->core.attached >= 0) {
			sar_take(a, r->core.attached, played->stragglers, 0, false);	/* one accompanies him (004:377) */
			state_touch_unit(&a->st, r->core.attached);
		}
		r->core.killed = effect == SW_DEAD;
		r->core.removed = true;
		state_attach(&a->st, l, -1);
		break;
	}
}

/* A replacement is rated one less, and at least 0 (004:379). */
static void audit_replace(struct audit *a, const struct ev_state *ev)
{
	int old = audit_arg_leader(a, &ev->args[0]), by = ev->n_args > 1 ? audit_arg_leader(a, &ev->args[1]) : -1;
	if (old < 0 || by < 0)
		return;
	int lr = sar_leader(a, old)->lr > 0 ? sar_leader(a, old)->lr - 1 : 0;
	if (sar_leader(a, by)->lr != lr)
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, ev->args[1].at, "004:379",
			   "%s takes over rated %d (LR %d less one, at least 0), not as declared (%d)", ev->args[1].text, lr,
			   sar_leader(a, old)->lr, sar_leader(a, by)->lr);
	sar_leader(a, by)->lr = lr;
}

static void apply_state(struct audit *a, const struct event *e)
{
	const struct ev_state *ev = &e->u.state;
	int u = ev->n_args > 0 ? audit_arg_unit(a, &ev->args[0]) : -1;
	if (u < 0)
		return;
	struct sar_unit *r = sar_unit(a, u);
	switch ((enum sar_event)e->def->code) {
	case SE_STRAGGLERS:	/* no unit breaks from movement (004:389) */
		if (a->st.phase_bit == SP_MOVES)
			sar_take(a, u, movement_cap(r, ev->args[1].num), 0, false);
		else
			sar_take(a, u, ev->args[1].num, 0, true);
		break;
	case SE_FORM:
		r->formation = ev->args[1].code;
		break;
	case SE_MOUNT:
	case SE_DISMOUNT:
		r->mounted = e->def->code == SE_MOUNT;
		break;
	case SE_LIMBER:
	case SE_UNLIMBER:
		r->limbered = e->def->code == SE_LIMBER;
		break;
	default:
		break;
	}
}

/* "A leader attaches himself by moving into contact with a friendly unit
 * during the movement phase ... Brigade commanders may only attach
 * themselves to units within their brigades" and "During any subsequent
 * movement phase the leader can freely detach himself ... Leaders may not
 * detach themselves from units that are in melee" (Attaching Leaders,
 * 004:122-124).  Attaching elsewhere detaches him too. */
static void audit_attach(struct audit *a, const struct event *e)
{
	const struct ev_state *ev = &e->u.state;
	int l = audit_arg_leader(a, &ev->args[0]);
	if (l < 0)
		return;
	a->side = state_leader_at(&a->st, l)->decl->side;
	const char *verb = e->def->core == SV_ATTACH ? "attaches" : "detaches";
	bool setup = a->st.turn == 1 && !a->st.phase_bit;	/* the table as the scenario sets it */
	if (a->st.phase_bit != SP_MOVES && !setup)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, e->kw_at, "004:122", "a leader %s in the movement phase only",
			   verb);
	int from = state_leader_at(&a->st, l)->attached;
	if (from >= 0 && sar_unit(a, from)->locked)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[0].at, "004:124",
			   "%s's unit %s is locked in melee: \"Leaders may not detach themselves from units that are in melee\"",
			   ev->args[0].text, state_unit_at(&a->st, from)->decl->id);
	int u = e->def->core == SV_ATTACH && ev->n_args > 1 ? audit_arg_unit(a, &ev->args[1]) : -1;
	if (u >= 0 && command_depth(a, l, &sar_unit(a, u)->core) < 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->args[1].at, "004:122",
			   "%s is not in %s's command: a leader attaches only to a unit of his own", ev->args[1].text,
			   ev->args[0].text);
}

/* A state event's legality. */
static void audit_state(struct audit *a, const struct event *e)
{
	if (e->def->core == SV_REPLACE)
		audit_replace(a, &e->u.state);
	if (e->def->core == SV_ATTACH || e->def->core == SV_DETACH)
		audit_attach(a, e);
	if (e->def->code == SE_STRAGGLERS && e->u.state.args[1].num < 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, e->u.state.args[1].at, "004:142",
			   "stragglers are recovered by a recover roll on Hold, not taken away");
	else if (e->def->code == SE_STRAGGLERS && e->u.state.args[1].num > 4)	/* "an additional 1d4 stragglers" */
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, e->u.state.args[1].at, "004:254",
			   "%d stragglers from a d4, which gives 1 to 4", e->u.state.args[1].num);
}

static bool sar_audit_event(struct audit *a, const struct stmt *s)
{
	const struct event *e = &s->u->event;
	switch ((enum sar_event)e->def->code) {
	case SE_ORDERS:
		audit_orders(a, &e->u.check);
		return true;
	case SE_RANDOM:
		audit_random(a, &e->u.check);
		return true;
	case SE_MOVE:
		audit_move(a, &e->u.check);
		return true;
	case SE_RECOVER:
		audit_recover(a, &e->u.check);
		return true;
	case SE_RALLY:
	case SE_ROUTE:
		audit_rally(a, &e->u.check, e->def->code == SE_ROUTE);
		return true;
	case SE_HIT:
		audit_hit(a, &e->u.leader_roll);
		return true;
	case SE_WOUND:
		audit_wound(a, &e->u.leader_roll);
		return true;
	case SE_FIRE:
		return sar_audit_fire(a, s);
	case SE_CLOSE:
	case SE_STAND:
		return sar_audit_close(a, s);
	case SE_MELEE:
	case SE_ROUND:
		return sar_audit_melee(a, s);
	case SE_BREAKTHROUGH:
		return sar_audit_breakthrough(a, s);
	case SE_SQUARE:
		return sar_audit_square(a, s);
	default:
		if (e->def->shape == &shape_state)
			audit_state(a, e);
		return true;
	}
}

/* How the reports read SAR's state: a unit is formed or broken; its
 * effectives are its strength; melee results by whom they favour. */
static const char *const orders[] = {"formed", "broken", NULL};
static const char *const charge_won[] = {"defender-breaks", NULL};
static const char *const charge_lost[] = {"attacker-breaks", NULL};
static const char *const charge_kinds[] = {"melee", "round", NULL};
/* A broken unit's roll to rally or rout (SAR, Rally or Route, 004:391-401):
 * told as a check. */
static const char *const check_kinds[] = {"rally", "route", NULL};

/* How SAR's fields read (unit_fields, leader_fields above). */
static const struct field_word unit_words[] = {
	{"state", "%v", NULL},
	{"formation", "%v", NULL},
	{"order", "ordered to %v this turn", NULL},
	{"stragglers", "%v straggler{|s}", NULL},
	{"casualties", "%v casualt{y|ies}", NULL},
	{"initial_volley", "initial volley not fired yet", "initial volley fired"},
	{"low_ammo", "low on ammunition", NULL},
	{"locked", "locked in melee", NULL},
	{"mounted", "mounted", "dismounted"},
	{"limbered", "limbered", "unlimbered"},
	{NULL, NULL, NULL},
};

static const struct field_word leader_words[] = {
	{"lr", "LR %v", "LR 0"},
	{"points_left", "%v point{|s} left this turn", NULL},
	{NULL, NULL, NULL},
};

static const struct ruleset_terms terms = {
	.strength = "effectives",
	.scale = "men-per-stand",	/* a casting: the header says how many men */
	.scale_unit = "casting",	/* SAR, Glossary: effectives, stragglers, casualties are castings (004:502) */
	.returning = "stragglers",	/* SAR, Recovering Stragglers (004:144) */
	.lasting = "casualties",
	.order = "state",
	.orders = orders,
	.charge_won = charge_won,
	.charge_lost = charge_lost,
	.maneuver_kind = "move",
	.fire_kind = "fire",
	.charge_kinds = charge_kinds,
	.check_kinds = check_kinds,
	.note = "note",
	.unit_words = unit_words,
	.leader_words = leader_words,
};

const struct ruleset sar_ruleset = {
	.name = "sar",
	.vocab = &sar_vocab,
	.card = sar_card,
	.book = &sar_cite_book,
	.state = &sar_state,
	.audit_event = sar_audit_event,
	.apply_state = apply_state,
	.begin = sar_begin,
	.end = sar_end,
	.settle = sar_settle,
	.audit_order_of_battle = audit_order_of_battle,
	.terms = &terms,
};
