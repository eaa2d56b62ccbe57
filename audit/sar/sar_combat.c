/* sar_combat: Santa Anna Rules! fire (004:192-248), the rolls to close and
 * to stand (004:256-260) and melee (004:250-296).
 *
 * Fire's starting column is derived from the castings, the range band and
 * the weapon; the shifts the text gives are derived, those only the chart
 * cards give are taken as claimed.  The Combat Effects Chart is not in the
 * text: the losses a column and die give are taken as claimed, and how they
 * fall as stragglers and casualties, and whether a unit breaks, derived. */
#include "sar.h"

#include <assert.h>
#include <stdio.h>

#include "../claim.h"
#include "sar_tables.h"

enum { COLUMN_MAX = 16 };	/* the columns are numbered 0 to 16 (004:228) */

static int clamp_column(int c)
{
	return c < 0 ? 0 : c > COLUMN_MAX ? COLUMN_MAX : c;
}

struct sar_split sar_allocate(int n, bool dense, int mult, int cap)
{
	struct sar_split s;
	if (n <= 0)
		return (struct sar_split){0, 0};
	s.stragglers = dense ? 1 : (n + 1) / 2;
	s.casualties = n - s.stragglers;
	s.stragglers *= mult;
	if (cap >= 0 && s.stragglers > cap)
		s.stragglers = cap;	/* the others are ignored, not made casualties (004:238) */
	return s;
}

/* a * num / den, rounded as the fractions option says. */
static int fraction(const struct audit *a, int num, int den)
{
	if (sar_opts(a)->fractions_nearest)
		return (2 * num + den) / (2 * den);
	return num / den;
}

/* The chart-file chart that gives each table's chart-valued modifiers,
 * and its column (the Roll to Close or Stand modifiers come in pairs). */
static const struct {
	enum sar_table table;
	int chart, column;
} mod_charts[] = {
	{STB_FIRE, SCH_FIRE_MODS, 0},		{STB_MELEE, SCH_MELEE_MODS, 0},
	{STB_CLOSE, SCH_CLOSE_MODS, SCC_CLOSE}, {STB_STAND, SCH_CLOSE_MODS, SCC_STAND},
	{STB_MOVE, SCH_MOVE_MODS, 0},
};

static struct cell mod_cell(const struct audit *a, enum sar_table t, int code)
{
	for (size_t i = 0; i < sizeof mod_charts / sizeof mod_charts[0]; i++)
		if (mod_charts[i].table == t)
			return cell_lookup(a, mod_charts[i].chart, code, 0, mod_charts[i].column);
	return (struct cell){.why = "no chart gives it"};
}

/* The training modifier of unit r where the text or the chart file gives
 * it a value.  Where neither does and the claim names none, the modifier is
 * unknown, not 0: the claim is taken on trust and a note says so (a named
 * one is valued by sar_chart_mods). */
static void chart_training(struct audit *a, enum sar_table t, const struct claim *c, const struct sar_unit *r,
			   struct span at, struct derived_mod *d)
{
	const struct sar_mod_row *row = r ? sar_mod_of(t, SM_UNTRAINED + r->exp - SAR_UNTRAINED) : NULL;
	if (!row || !row->chart || d[row->factor].set)
		return;
	struct cell cell = mod_cell(a, t, row->code);
	if (!cell.ok) {
		for (int i = 0; i < c->n_mods; i++)
			if (sar_mod_of(t, c->mods[i].id) && sar_mod_of(t, c->mods[i].id)->factor == row->factor)
				return;
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, at, row->cite,
			   "%s is %s: no %s modifier is claimed, taken on trust as none: %s", r->core.decl->id,
			   sar_word(SC_EXP, r->exp), sar_word(SC_EXP, r->exp), cell.why);
		return;
	}
	if (!cell.value)
		return;
	struct claim_mod m = sar_claim_mod(row, cell.value);
	claim_derive(d, &m, "a %s unit: %s", sar_word(SC_EXP, r->exp), cell.cite);
}

void sar_chart_mods(struct audit *a, int t, const struct claim *c, const struct sar_unit *r, struct span at,
		    struct derived_mod *d)
{
	chart_training(a, t, c, r, at, d);
	for (int i = 0; i < c->n_mods; i++) {
		const struct sar_mod_row *row = sar_mod_of(t, c->mods[i].id);
		if (!row || !row->chart || d[row->factor].set || d[row->factor].why[0])
			continue;	/* derived, or known not to apply (its why says so) */
		struct cell cell = mod_cell(a, t, row->code);
		struct claim_mod m = sar_claim_mod(row, cell.ok ? cell.value : c->mods[i].has_value ? c->mods[i].value : 0);
		if (cell.ok) {
			claim_derive(d, &m, "as claimed; its value: %s", cell.cite);
			continue;
		}
		claim_derive(d, &m, "as claimed, its value on trust");
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, c->mods[i].at, row->cite, "%+d%s taken on trust: %s", m.value,
			   m.code, cell.why);
	}
}

/* A modifier of the table whose value the table holds (FIX): each number
 * in one place, the table's row. */
static void derive_fixed(struct derived_mod *d, enum sar_table t, int code, const char *why)
{
	const struct sar_mod_row *row = sar_mod_of(t, code);
	assert(!row->variable && !row->chart);	/* a value of its own is derive_value's */
	struct claim_mod m = sar_claim_mod(row, row->value);
	claim_derive(d, &m, "%s", why);
}

/* A modifier whose value the battle gives (VAR: losses, a difference, a
 * leader's rating). */
static void derive_value(struct derived_mod *d, enum sar_table t, int code, int value, const char *why)
{
	const struct sar_mod_row *row = sar_mod_of(t, code);
	assert(row->variable);
	struct claim_mod m = sar_claim_mod(row, value);
	claim_derive(d, &m, "%s", why);
}

void sar_record_mods(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
		     enum sar_table t)
{
	if (!rec)
		return;
	char cite[512];
	for (int f = 0; f < SF_N; f++) {
		if (d[f].set) {
			record_mod(p, d[f].m.code, d[f].m.value, claim_cite(&d[f].m, cite, sizeof cite), d[f].why);
			record_step(rec, cite, "%s: %+d%s, %s", unit, d[f].m.value, d[f].m.code, d[f].why);
		} else if (d[f].why[0] && sar_mod_factor(t, f))
			record_step(rec, NULL, "%s: no %s shift: %s", unit, sar_factor_name(f), d[f].why);
	}
}

/* The sum of derived shifts. */
static int shifts(const struct derived_mod *d)
{
	return claim_total(0, d);
}

/* The claimed loss split against the derived one; returns the split the
 * state follows. */
static struct sar_split check_split(struct audit *a, const struct claim *c, struct sar_split derived, struct span at,
				    const char *cite)
{
	struct sar_split claimed = derived;
	const struct tally *s = claim_tally(c, ST_STRAGGLERS), *k = claim_tally(c, ST_CASUALTIES);
	if (s && s->value != derived.stragglers)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, s->at, cite, "stragglers=%d claimed, derived %d", s->value,
			   derived.stragglers);
	if (k && k->value != derived.casualties)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, k->at, cite, "casualties=%d claimed, derived %d", k->value,
			   derived.casualties);
	if (!s && !k && c->has_loss && derived.stragglers + derived.casualties != c->loss)
		audit_find(a, FINDING_LOSSES, DIAG_NOTE, at, cite, "loss=%d falls as %d straggler%s and %d casualt%s",
			   c->loss, derived.stragglers, derived.stragglers == 1 ? "" : "s", derived.casualties,
			   derived.casualties == 1 ? "y" : "ies");
	if (s)
		claimed.stragglers = s->value;
	if (k)
		claimed.casualties = k->value;
	return audit_follows_derived(a) ? derived : claimed;
}

/* Whether the claim's losses are those the chart gives on the claimed
 * column, a wrong one: the lookup was right, the losses follow the column
 * (wrong-losses, as RFF's follow a wrong total). */
static bool follows_claimed_column(struct audit *a, const struct claim *c, int column, int die)
{
	if (!c->has_total || c->total == column || !c->has_loss)
		return false;
	struct cell theirs = cell_lookup(a, SCH_EFFECTS, die, 0, c->total);
	return theirs.ok && theirs.value == c->loss;
}

/* The losses a roll gives on the Combat Effects Chart: the chart file's,
 * else as claimed; -1 when the claim gives only tallies (they alone say). */
static int chart_losses(struct audit *a, const struct claim *c, int column, int die, struct span at)
{
	struct cell cell = cell_lookup(a, SCH_EFFECTS, die, 0, column);
	if (cell.ok) {
		record_step(a->rec, cell.cite, "column %d, d20 %d: %d loss%s", column, die, cell.value,
			    cell.value == 1 ? "" : "es");
		if (c->has_loss && c->loss != cell.value && follows_claimed_column(a, c, column, die))
			audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, "004:234",
				   "loss=%d claimed, derived %d: the Combat Effects Chart (%s) gives %d for d20 %d on the "
				   "claimed column %d, %d on column %d", c->loss, cell.value, cell_source(&cell), c->loss, die,
				   c->total, cell.value, column);
		else if (c->has_loss && c->loss != cell.value)
			audit_find(a, FINDING_LOOKUP, DIAG_ERROR, c->loss_at, "004:234",
				   "loss=%d claimed; the Combat Effects Chart (%s) gives %d for d20 %d on column %d", c->loss,
				   cell_source(&cell), cell.value, die, column);
		return c->has_loss && !audit_follows_derived(a) ? c->loss : cell.value;
	}
	if (c->has_loss) {
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, c->loss_at, "004:234",
			   "loss=%d for d20 %d on column %d, taken on trust: %s", c->loss, die, column, cell.why);
		return c->loss;
	}
	const struct tally *s = claim_tally(c, ST_STRAGGLERS), *k = claim_tally(c, ST_CASUALTIES);
	if (!s && !k)
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, at, "004:234",
			   "no losses claimed for d20 %d on column %d, none applied: %s", die, column, cell.why);
	return -1;
}

/* The losses face f gives on the column of ctx (a struct effects_odds). */
struct effects_odds {
	const struct audit *a;
	int column;
};

static int face_losses(int f, void *ctx)
{
	const struct effects_odds *e = ctx;
	struct cell cell = cell_lookup(e->a, SCH_EFFECTS, f, 0, e->column);
	return cell.ok ? cell.value : -1;
}

/* The odds of a d20 rolled on column of the Combat Effects Chart: a face
 * giving as many losses gives the same result (a loss more is better for
 * the roller); exp_loss the effectives the unit hit loses on average, its
 * losses allocated as alloc would (dense, mult, cap: sar_allocate). */
static void effects_odds(const struct audit *a, int column, int rolled, bool dense, int mult, int cap,
			 struct rec_odds *odds)
{
	struct effects_odds e = {a, column};
	record_odds_of(odds, 20, rolled, true, face_losses, &e);
	if (!odds->sides)
		return;
	int lost = 0;
	for (int f = 1; f <= 20; f++) {
		struct sar_split split = sar_allocate(face_losses(f, &e), dense, mult, cap);
		lost += split.stragglers + split.casualties;
	}
	odds->exp_loss = lost / 20.0;
}

/* ---- Fire ---- */

/* The range band of the firer: the Weapon Ranges table's, or the fact the
 * player wrote for a weapon it lacks. */
static enum sar_band fire_band(struct audit *a, const struct sar_unit *r, const struct uref *firer)
{
	static const int facts[] = {SB_SHORT_FACT, SB_MEDIUM_FACT, SB_LONG_FACT};
	enum sar_band written = SB_NONE;
	for (int i = 0; i < 3; i++)
		if (battle_fact(firer, facts[i], 0))
			written = (enum sar_band)(SB_SHORT + i);
	const struct sar_range *row = sar_range_of(r->weapon);
	if (!row) {
		if (written == SB_NONE)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, firer->at, "004:210",
				   "the Weapon Ranges table has no row for %s: write the band, (short), (medium) or (long)",
				   sar_word(SC_WEAPON, r->weapon));
		else
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, firer->at, "004:210",
				   "the Weapon Ranges table has no row for %s: %s range taken on trust",
				   sar_word(SC_WEAPON, r->weapon), sar_band_name(written));
		return written;
	}
	enum sar_band band = sar_band_at(row, firer->range);
	record_step(a->rec, row->cite, "%s: %d\" is %s range", firer->id, firer->range, sar_band_name(band));
	if (written != SB_NONE && written != band)
		audit_find(a, FINDING_STATE, DIAG_ERROR, firer->at, row->cite, "%s range written, but %d\" is %s range",
			   sar_band_name(written), firer->range, sar_band_name(band));
	if (band == SB_BEYOND)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, row->cite, "%d\" is beyond the %s's long range (%d\")",
			   firer->range, sar_word(SC_WEAPON, r->weapon), row->long_max);
	return band;
}

/* The starting column (004:226-228, 246); -1 if it cannot be derived. */
static int start_column(struct audit *a, const struct sar_unit *r, int castings, enum sar_band band, const char *who)
{
	if (band == SB_NONE || band == SB_BEYOND)
		return -1;
	int col;
	if (r->arm == SAR_ART) {
		int num = r->pounds * (band == SB_SHORT ? 9 : band == SB_MEDIUM ? 3 : 1), den = 3;
		if (r->low_ammo)
			den *= 2;	/* its fire halved (004:246, 328) */
		col = fraction(a, num, den);
		record_step(a->rec, "004:228 Firing", "%s: %d lb at %s range: %s the poundage%s = %d", who, r->pounds,
			    sar_band_name(band), band == SB_SHORT ? "3 x" : band == SB_MEDIUM ? "1 x" : "1/3 of",
			    r->low_ammo ? ", halved (low on ammunition)" : "", col);
	} else {
		/* in 32nds: x2 short, x1 medium, x1/4 long; x1/4 mounted; x1/2 low on ammunition */
		int num = castings * (band == SB_SHORT ? 8 : band == SB_MEDIUM ? 4 : 1) * (r->mounted ? 1 : 4) *
			  (r->low_ammo ? 1 : 2);
		col = fraction(a, num, 32);
		record_step(a->rec, "004:226 Firing", "%s: %d casting%s at %s range%s%s = %d", who, castings,
			    castings == 1 ? "" : "s", sar_band_name(band), r->mounted ? ", mounted (x1/4)" : "",
			    r->low_ammo ? ", low on ammunition (x1/2)" : "", col);
	}
	if (!sar_opts(a)->clamp_at_end && col > COLUMN_MAX) {
		record_step(a->rec, "004:228 Firing", "%s: the columns run 0 to 16: it starts in column 16", who);
		col = COLUMN_MAX;
	}
	return col;
}

static void fire_shifts(const struct sar_unit *r, const struct sar_unit *t, const struct uref *target,
			struct derived_mod *d)
{
	if (r->arm != SAR_ART && !r->volley_used)
		derive_fixed(d, STB_FIRE, SM_VOLLEY, "its first fire of the game");
	else
		claim_absent(d, SF_VOLLEY, r->arm == SAR_ART ? "artillery has no initial volley (004:312)" : "it has fired before");
	if (battle_fact(target, SX_SCREENED, 0))
		derive_fixed(d, STB_FIRE, SM_SCREENED, "it fires at the unit behind skirmishers");
	else if (battle_fact(target, SX_SKIRMISHERS, 0) || t->formation == SF_SKIRMISH)
		derive_fixed(d, STB_FIRE, SM_SKIRMISHERS, "the target is in skirmish order");
	if (t->arm == SAR_ART && !t->limbered)
		derive_fixed(d, STB_FIRE, SM_GUNNERS, "the target is unlimbered artillery");
	else if (t->arm == SAR_ART)
		claim_absent(d, SF_GUNNERS, "limbered artillerists: no shift (004:318)");
}

/* The order a unit fires under, by phase (004:40, 44, 88-92). */
/* Whether an order lets a unit fire in First Fire (first), Hold Fire (hold)
 * or, charged, in another phase (004:88-92); a Hold unit, "only if it is
 * charged" (004:92, 004:144), fires in the melee, or also in Hold Fire, the
 * defensive fire the charger receives before it rolls to close (004:256),
 * with hold-charged=hold-fire (its being charged taken on trust). */
static bool fires_in_phase(const struct audit *a, int order, bool first, bool hold)
{
	return first ? order == SO_FIRST_FIRE
	       : hold ? order == SO_HOLD_FIRE || (order == SO_HOLD && sar_opts(a)->hold_fires_in_hold_fire)
		      : order == SO_HOLD || order == SO_HOLD_FIRE || order == SO_FIRST_FIRE;
}

static void check_fire_order(struct audit *a, const struct sar_unit *r, const struct uref *firer)
{
	if (r->order_turn != a->st.turn || !r->order || !a->st.phase_bit)
		return;		/* no order logged this turn, or a random one */
	bool first = a->st.phase_bit == SP_FIRST_FIRE, hold = a->st.phase_bit == SP_HOLD_FIRE;
	bool ok = fires_in_phase(a, r->order, first, hold) || (r->order2 && fires_in_phase(a, r->order2, first, hold));
	if (!ok)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, first ? "004:88" : hold ? "004:90" : "004:92",
			   "%s has a %s order: it does not fire in this phase", firer->id, sar_word(SC_ORDER, r->order));
}

static int castings_firing(struct audit *a, const struct sar_unit *r, const struct uref *firer)
{
	if (r->arm == SAR_ART) {
		if (firer->stands > 1)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, "004:228",
				   "each gun casting fires separately: one a fire event");
		return 1;
	}
	if (firer->stands < 0)
		return r->core.stands;
	if (firer->stands > r->core.stands)
		audit_find(a, FINDING_STATE, DIAG_ERROR, firer->at, "004:160", "%d castings fire, but %s has %d effectives",
			   firer->stands, firer->id, r->core.stands);
	return firer->stands;
}

bool sar_audit_fire(struct audit *a, const struct stmt *s)
{
	const struct ev_fire *f = &s->u->event.u.fire;
	a->rec = audit_record(a, "fire");
	const struct uref *firer = &f->firers[0];
	int fu = state_unit_ref(&a->st, firer), tu = state_unit_ref(&a->st, &f->target);
	if (fu < 0 || tu < 0)
		return true;
	struct sar_unit *r = sar_unit(a, fu), *t = sar_unit(a, tu);
	a->side = r->core.decl->side;	/* whose claim the findings concern, in either player's turn */
	if (f->n_firers > 1)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->firers[1].at, "004:206",
			   "a unit fires alone at its one target: one fire event a unit");
	struct rec_part *p = record_part(a->rec, ROLE_FIRER, firer->id);
	if (p)
		p->die = f->die.value;
	check_fire_order(a, r, firer);
	if (r->weapon == SW_NONE)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, "004:344", "%s has no firearm", firer->id);
	if (r->arm == SAR_ART && r->limbered)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, firer->at, "004:310", "limbered artillery may not fire");
	if (t->locked)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->target.at, "004:204",
			   "%s is locked in melee: \"Units may not fire at units that are engaged in melee\"", f->target.id);
	int castings = castings_firing(a, r, firer);
	enum sar_band band = fire_band(a, r, firer);
	int start = start_column(a, r, castings, band, firer->id);
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	fire_shifts(r, t, &f->target, d);
	sar_chart_mods(a, STB_FIRE, &f->claim, r, firer->at, d);
	const enum sar_table tb = STB_FIRE;
	struct claim_table table = sar_claim_table(&tb);
	if (f->claim.n_mods)	/* listing any modifier claims the complete list */
		claim_check_mods(a, &f->claim, d, &table, firer->id, firer->at, DIAG_ERROR);
	sar_record_mods(a->rec, p, firer->id, d, STB_FIRE);
	int column = start >= 0 ? clamp_column(start + shifts(d)) : f->claim.has_total ? f->claim.total : 0;
	if (start >= 0) {
		record_step(a->rec, "004:230 Firing", "%s: column %d %+d = %d", firer->id, start, shifts(d), column);
		if (f->claim.has_total && f->claim.total != column)
			audit_find(a, FINDING_TOTAL, DIAG_ERROR, f->claim.total_at, "004:230",
				   "=%d claimed, derived column %d", f->claim.total, column);
	}
	if (p) {
		p->total = column;
		p->has_total = start >= 0;
		p->points = castings;
	}
	int losses = chart_losses(a, &f->claim, column, f->die.value, f->die.at);
	sar_turn_tallies(a, t);
	int mult = battle_fact(&f->target, SX_REAR, 0) ? 3 : battle_fact(&f->target, SX_FLANK, 0) ? 2 : 1;
	bool dense = t->formation == SF_COLUMN || t->formation == SF_ROAD_COLUMN || t->formation == SF_SQUARE;
	int cap = t->arm == SAR_ART && vocab_code(t->core.nation) == SAR_US ? 1 - t->battery_stragglers : -1;
	struct sar_split split;	/* as the chart gives it, or as claimed */
	if (losses >= 0) {
		split = sar_allocate(losses, dense, mult, cap < 0 ? -1 : cap > 0 ? cap : 0);
		record_step(a->rec, "004:236 Allocating Losses", "%s: %d loss%s%s%s%s: %d straggler%s, %d casualt%s",
			    f->target.id, losses, losses == 1 ? "" : "es", dense ? ", all after the first casualties (dense)" : "",
			    mult == 3 ? ", stragglers tripled (rear)" : mult == 2 ? ", stragglers doubled (flank)" : "",
			    cap >= 0 ? ", a US battery: one straggler a turn (004:238)" : "", split.stragglers,
			    split.stragglers == 1 ? "" : "s", split.casualties, split.casualties == 1 ? "y" : "ies");
		split = check_split(a, &f->claim, split, f->die.at, "004:236");
	} else {
		const struct tally *st = claim_tally(&f->claim, ST_STRAGGLERS), *ca = claim_tally(&f->claim, ST_CASUALTIES);
		split = (struct sar_split){st ? st->value : 0, ca ? ca->value : 0};
	}
	bool was_broken = t->broken;
	sar_take(a, tu, split.stragglers, split.casualties, true);
	t->fire_losses += split.stragglers + split.casualties;
	t->fire_casualties += split.casualties;
	t->battery_stragglers += split.stragglers;
	if (p)
		p->loss = 0;
	struct rec_part *tp = record_part(a->rec, ROLE_TARGET, f->target.id);
	if (tp) {
		tp->die = f->die.value;	/* the firer's, whose odds go with the losses they cause */
		tp->loss = split.stragglers + split.casualties;
		if (start >= 0)	/* the firer's luck: the column derived, each face's losses */
			effects_odds(a, column, f->die.value, dense, mult, cap < 0 ? -1 : cap > 0 ? cap : 0, &tp->odds);
	}
	bool breaks = t->broken && !was_broken;
	if (breaks)
		record_step(a->rec, "004:248 Breaking", "%s breaks: %d stragglers, %d effectives", f->target.id, t->stragglers,
			    t->core.stands);
	int effect = breaks ? SFE_BREAKS : SFE_HOLDS;
	if (f->claim.effect && vocab_code(f->claim.effect) != effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, f->claim.effect_at, "004:248", "%s claimed, derived %s",
			   f->claim.effect->word, sar_word(SC_EFFECT_FIRE, effect));
	if (a->rec)
		a->rec->effect = sar_word(SC_EFFECT_FIRE, effect);
	if (r->arm != SAR_ART)
		r->volley_used = true;
	r->fought_turn = a->st.turn;
	if (f->die.value == 1 && !r->low_ammo) {
		r->low_ammo = true;
		record_step(a->rec, "004:246 Ammunition", "%s rolled a 1: low on ammunition for the rest of the game", firer->id);
	}
	return true;
}

/* ---- Rolls to close and to stand ---- */

bool sar_audit_close(struct audit *a, const struct stmt *s)
{
	const struct ev_check *ck = &s->u->event.u.check;
	bool close = s->u->event.def->code == SE_CLOSE;
	enum sar_table tb = close ? STB_CLOSE : STB_STAND;
	a->rec = audit_record(a, close ? "close" : "stand");
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, NULL, &p);
	if (u < 0)
		return true;
	struct sar_unit *r = sar_unit(a, u);
	sar_turn_tallies(a, r);
	if (close && r->order_turn == a->st.turn && r->order && r->order != SO_CHARGE)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:252",
			   "%s has no Charge order: only a charge leads to melee", line->unit.id);
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	int lost = close ? r->fire_losses : r->fire_casualties;
	if (sar_opts(a)->close_losses_ignored)
		claim_absent(d, SF_LOSSES, "losses are not subtracted (option close-losses=ignore, as 004:284 adds up)");
	else if (lost)
		derive_value(d, tb, SM_LOSSES, -lost,
			     close ? "its losses from fire this turn" : "its casualties from fire this turn");
	else
		claim_absent(d, SF_LOSSES, close ? "no losses from fire this turn" : "no casualties from fire this turn");
	if (close) {
		derive_fixed(d, tb, SM_CHARGING, "the charging unit rolls to close");
		if (r->exp == SAR_GREEN)
			derive_fixed(d, tb, SM_GREEN, "a green unit");
	}
	sar_chart_mods(a, tb, &line->claim, r, line->unit.at, d);
	struct claim_table table = sar_claim_table(&tb);
	if (line->claim.n_mods)
		claim_check_mods(a, &line->claim, d, &table, line->unit.id, line->unit.at, DIAG_ERROR);
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = claim_total(ck->die.value, d);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
	sar_record_mods(a->rec, p, line->unit.id, d, tb);
	record_step(a->rec, close ? "004:256 Rolling to Close" : "004:258 Rolling to Stand", "%s: d20 %d %+d = %d",
		    line->unit.id, ck->die.value, total - ck->die.value, total);
	if (p) {
		p->total = total;
		p->has_total = true;
	}
	int result = cell_effect(a, SCH_CLOSE_STAND, close ? SCC_CLOSE : SCC_STAND, total, &line->claim,
				      close ? SC_EFFECT_CLOSE : SC_EFFECT_STAND, close ? "004:256" : "004:258");
	if (p)	/* a higher total closes, or stands, rather than less */
		cell_odds(a, SCH_CLOSE_STAND, close ? SCC_CLOSE : SCC_STAND, 20, ck->die.value, total - ck->die.value, true,
			  &p->odds);
	if (!close && result == SSE_BREAKS)
		r->broken = true;
	if (close)
		r->stopped_turn = result == SCE_STOPS ? a->st.turn : 0;
	return true;
}

/* ---- Melee ---- */

struct melee_side {
	int unit;		/* its first unit: losses fall there */
	int participants;
	const struct clash_side *roll;
	const struct uref *urefs;
	int n_urefs;
	int urefs_stmt;		/* the statement they are named on (a round's: its melee's) */
};

static bool side_has_fact(const struct melee_side *s, int code)
{
	for (int i = 0; i < s->n_urefs; i++)
		if (battle_fact(&s->urefs[i], code, 0))
			return true;
	return false;
}

/* The second round is fought "with the remaining participants" (004:276):
 * those of the first round less the losses taken since, as in the worked
 * example's 9 - 1 = 8 and 14 - 4 = 10 (004:284). */
static int remaining_participants(struct audit *a, struct sar_unit *r)
{
	int lost = r->melee_eff - r->core.stands;
	int k = r->melee_k - lost;
	k = k < 0 ? 0 : k > r->core.stands ? r->core.stands : k;
	record_step(a->rec, "004:276 Melee Procedure", "%s: %d participant%s in the last round, %d lost since: %d remain",
		    r->core.decl->id, r->melee_k, r->melee_k == 1 ? "" : "s", lost, k);
	return k;
}

/* All effectives in contact take part (004:266): half for a unit attacked
 * on its flank or rear (the fact written on it, as on a fire's target), a
 * quarter when disordered by a failed square (004:300). */
static int participants(struct audit *a, const struct melee_side *s, bool second)
{
	int n = 0;
	for (int i = 0; i < s->n_urefs; i++) {
		int u = state_unit_ref(&a->st, &s->urefs[i]);
		if (u < 0)
			continue;
		struct sar_unit *r = sar_unit(a, u);
		int eff = r->core.stands;
		int k = second ? remaining_participants(a, r) : s->urefs[i].stands >= 0 ? s->urefs[i].stands : eff;
		if (k > eff)
			audit_find(a, FINDING_STATE, DIAG_ERROR, audit_place_in(a, s->urefs_stmt, s->urefs[i].at), "004:266",
				   "%d participants written, but %s has %d effectives", k, s->urefs[i].id, eff);
		r->melee_k = k;
		r->melee_eff = eff;
		if (battle_fact(&s->urefs[i], SX_DISORDERED, 0))
			k = k / 4;
		else if (battle_fact(&s->urefs[i], SX_FLANK, 0) || battle_fact(&s->urefs[i], SX_REAR, 0))
			k = k / 2;
		n += k;
	}
	return n;
}

static void melee_shifts(struct audit *a, const struct melee_side *me, const struct melee_side *enemy, bool charging,
			 struct derived_mod *d)
{
	const struct sar_unit *r = sar_unit(a, me->unit), *e = sar_unit(a, enemy->unit);
	char why[96];
	if (charging)
		derive_fixed(d, STB_MELEE, SM_CHARGING, "it charged: its first roll");
	else
		claim_absent(d, SF_CHARGING, "the charge bonus is for the first roll only (004:292)");
	int diff = enemy->participants - me->participants;
	if (diff >= 5) {
		snprintf(why, sizeof why, "outnumbered %d to %d: %d / 5, rounded down", enemy->participants,
			 me->participants, diff);
		derive_value(d, STB_MELEE, SM_OUTNUMBERED, -(diff / 5), why);
	} else
		claim_absent(d, SF_OUTNUMBERED, "%d to %d: not outnumbered by 5 or more", me->participants,
			     enemy->participants);
	int l = state_attached_leader(&a->st, me->unit);
	if (l >= 0 && sar_leader(a, l)->lr > 0) {
		snprintf(why, sizeof why, "%s (LR %d) is attached", state_leader_at(&a->st, l)->decl->id, sar_leader(a, l)->lr);
		derive_value(d, STB_MELEE, SM_LEADER, sar_leader(a, l)->lr, why);
	}
	bool me_skirm = side_has_fact(me, SX_SKIRMISHERS) || r->formation == SF_SKIRMISH;
	bool enemy_skirm = side_has_fact(enemy, SX_SKIRMISHERS) || e->formation == SF_SKIRMISH;
	if (enemy_skirm && !me_skirm)
		derive_fixed(d, STB_MELEE, SM_SKIRMISHERS, "against skirmishers");
	if (e->arm == SAR_ART && !e->limbered)
		derive_fixed(d, STB_MELEE, SM_GUNNERS, "against unlimbered artillerists");
	if (r->exp == SAR_GREEN)
		derive_fixed(d, STB_MELEE, SM_GREEN, "a green unit");
	if (vocab_code(r->core.nation) == SAR_US && r->arm != SAR_ART)
		derive_fixed(d, STB_MELEE, SM_US, "US infantry or cavalry");
}

/* One side's roll: its column and the losses it inflicts on the enemy. */
static void melee_roll(struct audit *a, enum part_role role, struct melee_side *me, struct melee_side *enemy,
		       bool charging, struct sar_split *inflicted)
{
	const struct clash_side *cs = me->roll;
	const char *who = state_unit_at(&a->st, me->unit)->decl->id;
	a->side = state_unit_at(&a->st, me->unit)->decl->side;
	struct derived_mod d[CLAIM_MAX_FACTORS] = {0};
	melee_shifts(a, me, enemy, charging, d);
	sar_chart_mods(a, STB_MELEE, &cs->claim, sar_unit(a, me->unit), cs->die.at, d);
	const enum sar_table tb = STB_MELEE;
	struct claim_table table = sar_claim_table(&tb);
	struct rec_part *p = record_part(a->rec, role, who);
	if (p) {
		p->die = cs->die.value;
		p->points = me->participants;
	}
	if (cs->claim.n_mods)
		claim_check_mods(a, &cs->claim, d, &table, who, cs->die.at, DIAG_ERROR);
	sar_record_mods(a->rec, p, who, d, STB_MELEE);
	record_step(a->rec, "004:266 Melee Procedure", "%s: %d participant%s", who, me->participants,
		    me->participants == 1 ? "" : "s");
	int column = 0;
	struct cell cell = cell_lookup(a, SCH_MELEE_COLUMN, me->participants, 0, 0);
	if (cell.ok || cs->claim.has_total) {
		int claimed_shifts = 0;
		for (int i = 0; i < cs->claim.n_mods; i++)
			claimed_shifts += cs->claim.mods[i].value;
		int start = cell.ok ? cell.value : cs->claim.total - claimed_shifts;
		column = clamp_column(start + shifts(d));
		if (cell.ok)
			record_step(a->rec, cell.cite, "%s: %d participant%s: column %d", who, me->participants,
				    me->participants == 1 ? "" : "s", start);
		else
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, cs->claim.total_at, "004:266",
				   "starting column %d for %d participants, taken on trust: %s", start, me->participants,
				   cell.why);
		record_step(a->rec, "004:268 Melee Procedure", "%s: column %d %+d = %d", who, start, shifts(d), column);
		if (cs->claim.has_total && column != cs->claim.total)
			audit_find(a, FINDING_TOTAL, DIAG_ERROR, cs->claim.total_at, "004:268", "=%d claimed, derived column %d",
				   cs->claim.total, column);
		if (p) {
			p->total = column;
			p->has_total = true;
		}
	}
	int losses = chart_losses(a, &cs->claim, column, cs->die.value, cs->die.at);
	/* stragglers doubled on a flank, tripled on a rear taken (004:236, 274) */
	int mult = side_has_fact(enemy, SX_REAR) ? 3 : side_has_fact(enemy, SX_FLANK) ? 2 : 1;
	const char *them = state_unit_at(&a->st, enemy->unit)->decl->id;
	if (p && cell.ok)	/* its luck; the enemy's losses on average for now (sar_audit_melee swaps them) */
		effects_odds(a, column, cs->die.value, false, mult, -1, &p->odds);
	if (losses >= 0) {
		*inflicted = sar_allocate(losses, false, mult, -1);
		record_step(a->rec, "004:274 Melee Procedure", "%s on %s: %d loss%s%s: %d straggler%s, %d casualt%s", who, them,
			    losses, losses == 1 ? "" : "es",
			    mult == 3 ? ", stragglers tripled (rear)" : mult == 2 ? ", stragglers doubled (flank)" : "",
			    inflicted->stragglers, inflicted->stragglers == 1 ? "" : "s", inflicted->casualties,
			    inflicted->casualties == 1 ? "y" : "ies");
		*inflicted = check_split(a, &cs->claim, *inflicted, cs->die.at, "004:274");
	} else {
		const struct tally *st = claim_tally(&cs->claim, ST_STRAGGLERS), *ca = claim_tally(&cs->claim, ST_CASUALTIES);
		*inflicted = (struct sar_split){st ? st->value : 0, ca ? ca->value : 0};
	}
}

static int melee_result(bool att_broken, bool def_broken, bool second)
{
	if (att_broken && def_broken)
		return SME_BOTH_BREAK;
	if (att_broken)
		return SME_ATTACKER_BREAKS;
	if (def_broken)
		return SME_DEFENDER_BREAKS;
	return second ? SME_LOCKED : SME_FIGHT_ON;
}

/* What a victory brings: a mounted cavalry breakthrough once a turn
 * (004:280-282), 1d4 more stragglers on infantry broken by it (004:366). */
static void melee_victory(struct audit *a, int winner, int loser, struct span at)
{
	struct sar_unit *w = sar_unit(a, winner);
	if (sar_unit(a, loser)->arm == SAR_INF && w->arm == SAR_CAV && w->mounted)
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, at, "004:366",
			   "infantry broken by mounted cavalry takes 1d4 more stragglers: log them (stragglers %s N)",
			   state_unit_at(&a->st, loser)->decl->id);
	if (w->arm != SAR_CAV || !w->mounted)
		return;
	if (w->breakthrough_turn == a->st.turn)
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, at, "004:282",
			   "%s won a second melee this turn: no second breakthrough roll", w->core.decl->id);
	else {
		w->breakthrough_turn = a->st.turn;
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, at, "004:280",
			   "%s rolls on the Cavalry Breakthrough chart (not in the rules' text)", w->core.decl->id);
	}
}

bool sar_audit_melee(struct audit *a, const struct stmt *s)
{
	const struct ev_clash *c = &s->u->event.u.clash;
	bool second = s->u->event.def->code == SE_ROUND;
	a->rec = audit_record(a, second ? "round" : "melee");
	const struct ev_clash *units = c;
	int units_stmt = a->stmt;
	if (second) {
		int last = audit_last_clash(a);
		if (last < 0) {
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, s->u->event.kw_at, "004:276", "no melee before this round");
			return true;
		}
		units = &a->b->stmts[last].u->event.u.clash;
		units_stmt = last;
	}
	struct melee_side side[2];
	for (int i = 0; i < 2; i++) {
		side[i] = (struct melee_side){.roll = &c->side[i], .urefs = units->side[i].units,
					      .n_urefs = units->side[i].n_units, .urefs_stmt = units_stmt};
		side[i].unit = state_unit_ref(&a->st, &units->side[i].units[0]);
		if (side[i].unit < 0)
			return true;
	}
	struct sar_unit *att = sar_unit(a, side[0].unit), *def = sar_unit(a, side[1].unit);
	if (!second && att->stopped_turn == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, units->side[0].units[0].at, "004:256",
			   "%s stopped short on its roll to close this turn: there is no melee", units->side[0].units[0].id);
	bool charging = !second && !att->locked;
	for (int i = 0; i < 2; i++)
		side[i].participants = participants(a, &side[i], second);
	struct sar_split hit[2];
	melee_roll(a, ROLE_ATTACKER, &side[0], &side[1], charging, &hit[0]);
	melee_roll(a, ROLE_DEFENDER, &side[1], &side[0], false, &hit[1]);
	bool was[2] = {att->broken, def->broken};
	sar_take(a, side[1].unit, hit[0].stragglers, hit[0].casualties, true);
	sar_take(a, side[0].unit, hit[1].stragglers, hit[1].casualties, true);
	for (int i = 0; i < 2; i++) {
		struct sar_unit *r = sar_unit(a, side[i].unit);
		r->fought_turn = a->st.turn;
		r->volley_used = true;	/* an unused initial volley is wasted in melee (004:244) */
	}
	struct rec_part *parts[2] = {record_find_part(a->rec, ROLE_ATTACKER), record_find_part(a->rec, ROLE_DEFENDER)};
	for (int i = 0; i < 2; i++)
		if (parts[i])
			parts[i]->loss = hit[1 - i].stragglers + hit[1 - i].casualties;
	if (parts[0] && parts[1]) {	/* each side's expected losses are the other's roll's (0 without odds) */
		double e = parts[0]->odds.exp_loss;
		parts[0]->odds.exp_loss = parts[1]->odds.exp_loss;
		parts[1]->odds.exp_loss = e;
	}
	int result = melee_result(att->broken && !was[0], def->broken && !was[1], second);
	record_step(a->rec, "004:276 Melee Procedure", "%s: %d effectives, %d stragglers; %s: %d effectives, %d stragglers: %s",
		    att->core.decl->id, att->core.stands, att->stragglers, def->core.decl->id, def->core.stands,
		    def->stragglers, sar_word(SC_EFFECT_MELEE, result));
	if (c->effect && vocab_code(c->effect) != result)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, "004:276", "%s claimed, derived %s", c->effect->word,
			   sar_word(SC_EFFECT_MELEE, result));
	if (a->rec)
		a->rec->effect = sar_word(SC_EFFECT_MELEE, result);
	att->locked = def->locked = result == SME_LOCKED;
	sar_ctx(a)->round_due = !second && result == SME_FIGHT_ON ? a->stmt + 1 : 0;	/* settle_round (sar.c) */
	sar_ctx(a)->round_side = att->core.decl->side;
	if (result == SME_DEFENDER_BREAKS)
		melee_victory(a, side[0].unit, side[1].unit, c->effect ? c->effect_at : c->side[0].die.at);
	else if (result == SME_ATTACKER_BREAKS)
		melee_victory(a, side[1].unit, side[0].unit, c->effect ? c->effect_at : c->side[1].die.at);
	return true;
}

/* ---- Cavalry Breakthrough (004:280, 350-356) ---- */

/* The stragglers the chart gives with its result, against the claim: the
 * ones the state takes. */
static int breakthrough_stragglers(struct audit *a, const struct check_line *line, int die)
{
	const struct tally *t = claim_tally(&line->claim, ST_STRAGGLERS);
	struct cell cell = cell_lookup(a, SCH_BREAKTHROUGH, die, 0, 1);
	if (!cell.ok) {
		if (t)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, t->at, "004:352", "stragglers=%d taken on trust: %s",
				   t->value, cell.why);
		return t ? t->value : 0;
	}
	record_step(a->rec, cell.cite, "%d: %d straggler%s", die, cell.value, cell.value == 1 ? "" : "s");
	if ((t ? t->value : 0) != cell.value)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, t ? t->at : line->unit.at, "004:352",
			   "stragglers=%d claimed; %s gives %d for %d", t ? t->value : 0, cell_source(&cell), cell.value, die);
	return t && !audit_follows_derived(a) ? t->value : cell.value;
}

bool sar_audit_breakthrough(struct audit *a, const struct stmt *s)
{
	const struct ev_check *ck = &s->u->event.u.check;
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, "breakthrough", &p);
	if (u < 0)
		return true;
	struct sar_unit *r = sar_unit(a, u);
	if (r->arm != SAR_CAV || !r->mounted)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:356",
			   "only mounted cavalry rolls for a breakthrough; victorious dismounted cavalry is treated as infantry");
	else if (r->breakthrough_rolled == a->st.turn)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:356",
			   "cavalry gets one breakthrough in a turn: %s has rolled this turn", line->unit.id);
	else if (r->breakthrough_turn != a->st.turn)
		audit_find(a, FINDING_STATE, DIAG_WARNING, line->unit.at, "004:280",
			   "%s has broken no unit in melee this turn", line->unit.id);
	r->breakthrough_rolled = a->st.turn;
	cell_effect(a, SCH_BREAKTHROUGH, 0, ck->die.value, &line->claim, SC_EFFECT_BREAKTHROUGH, "004:350");
	int take = breakthrough_stragglers(a, line, ck->die.value);
	sar_take(a, u, take, 0, true);	/* it breaks through, then breaks (004:352) */
	if (p)
		p->loss = take;
	return true;
}

/* ---- Forming Emergency Square (004:300) ---- */

/* The roll's total: the die and the unit's training modifier from the
 * chart file, or the claimed modifiers on trust. */
static int square_total(struct audit *a, const struct check_line *line, const struct sar_unit *r, int die)
{
	int claimed = 0;
	for (int i = 0; i < line->claim.n_mods; i++)
		claimed += line->claim.mods[i].value;
	int code = SM_UNTRAINED + r->exp - SAR_UNTRAINED;
	struct cell cell = cell_lookup(a, SCH_SQUARE, code, 0, 0);
	if (!cell.ok) {
		if (line->claim.n_mods)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, line->claim.mods[0].at, "004:300",
				   "the modifiers taken on trust: %s", cell.why);
		return die + claimed;
	}
	record_step(a->rec, cell.cite, "%s: %s, %+d", line->unit.id, sar_word(SC_EXP, r->exp), cell.value);
	if (line->claim.n_mods && claimed != cell.value)
		audit_find(a, FINDING_MOD_VALUE, DIAG_ERROR, line->claim.mods[0].at, "004:300",
			   "modifiers of %+d claimed; the chart file gives %+d for %s units", claimed, cell.value,
			   sar_word(SC_EXP, r->exp));
	return die + cell.value;
}

bool sar_audit_square(struct audit *a, const struct stmt *s)
{
	const struct ev_check *ck = &s->u->event.u.check;
	const struct check_line *line = &ck->lines[0];
	struct rec_part *p;
	int u = audit_unit_roll(a, ck, "square", &p);
	if (u < 0)
		return true;
	struct sar_unit *r = sar_unit(a, u);
	if (r->arm != SAR_INF)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "004:300", "only infantry forms emergency square");
	claim_check_sum(a, ck->die.value, &line->claim, DIAG_ERROR);
	int total = square_total(a, line, r, ck->die.value);
	claim_check_total(a, &line->claim, total, DIAG_ERROR);
	if (p) {
		p->total = total;
		p->has_total = true;
	}
	int distance = line->unit.range;
	if (distance < 0) {
		audit_find(a, FINDING_TRUSTED, DIAG_WARNING, line->unit.at, "004:300",
			   "the distance to the cavalry is not written (%s@INCHES): the result is taken on trust", line->unit.id);
		return true;
	}
	int result = total <= distance ? SQE_FORMED : SQE_CAUGHT;	/* a tie forms the square */
	record_step(a->rec, "004:300 Forming Emergency Square", "%s: the cavalry covers %d\" of %d\": %s", line->unit.id,
		    total, distance, result == SQE_FORMED ? "the square forms" : "struck in disorder");
	if (line->claim.effect && vocab_code(line->claim.effect) != result)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, line->claim.effect_at, "004:300", "%s claimed, derived %s",
			   line->claim.effect->word, sar_word(SC_EFFECT_SQUARE, result));
	if ((line->claim.effect && !audit_follows_derived(a) ? vocab_code(line->claim.effect) : result) == SQE_FORMED)
		r->formation = SF_SQUARE;
	return true;
}
