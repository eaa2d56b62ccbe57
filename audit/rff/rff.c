/* rff: Regimental Fire and Fury (MAW) behind the ruleset interface.
 *
 * Milestone 1 of the audit: maneuver checks.  For each unit of a check the
 * modifiers are derived from the order of battle, the tracked state and the
 * facts the log states, one per factor of the Maneuver Table (002:19-32);
 * the claim is weighed against them, then the total, the effect from the
 * right column (002:38-43) and the stands lost on a Panic.  The state then
 * follows the game as played. */
#include "rff.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../audit.h"
#include "../claim.h"
#include "rff_charge.h"
#include "rff_fire.h"
#include "rff_legal.h"
#include "rff_run.h"
#include "rff_tables.h"
#include "rff_vocab.h"
#include "rff_unit.h"

static void disorder_unit(struct audit *a, int u, enum rff_order order);

/* Everything derived for one unit of a maneuver check. */
struct mc_derivation {
	struct derived_mod mods[CLAIM_MAX_FACTORS];	/* by factor (enum rff_mc_factor) */
	int total;
	bool disordered;		/* uses the disordered/broken column */
	const struct rff_mc_band *band;
	int loss;			/* stands lost (Panic of disordered troops) */
};

static void set_mod(struct mc_derivation *d, enum rff_mc_mod m, const char *fmt, ...) UMPIRE_PRINTF(3, 4);

static void set_mod(struct mc_derivation *d, enum rff_mc_mod m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	claim_derivev(d->mods, rff_mc_mod_at(m), fmt, ap);
	va_end(ap);
}

/* Is leader l the unit's commander, directly or as the deputy of it? */
static bool commands(const struct state *st, int l, const struct rff_unit *u)
{
	int cmd = u->core.cmd;
	if (cmd < 0)
		return false;
	/* Bounded: a log may replace leaders in a cycle ("replace lee scott", "replace scott lee"). */
	for (int x = l, hops = 0; x >= 0 && hops <= st->n_leaders; x = state_leader_at(st, x)->deputy_for, hops++)
		if (x == cmd)
			return true;
	return false;
}

/* Provisional command always: national guard, auxiliaries (000:720), militia (000:402). */
static const char *always_provisional(const struct rff_unit *u)
{
	static const struct {
		enum rff_flag flag;
		const char *word;	/* for the message */
	} flags[] = {
		{FLAG_NATIONAL_GUARD, "national-guard"}, {FLAG_AUXILIARIES, "auxiliaries"}, {FLAG_MILITIA, "militia"},
	};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (state_has_flag(&u->core, flags[i].flag))
			return flags[i].word;
	return NULL;
}

/* The nation whose column of the Maneuver Table a unit reads: its side's,
 * the US column for a side of no nation. */
static enum rff_nation table_nation(const struct rff_unit *us)
{
	return vocab_code(us->core.nation) ? vocab_code(us->core.nation) : NATION_US;
}

/* Stands lost on a Panic of disordered troops: the QRS's one plus the
 * difference below zero (002:43), or the text's difference (000:416). */
static int panic_loss(struct audit *a, bool disordered, enum rff_effect effect, int total)
{
	if (!disordered || effect != EFF_PANIC)
		return 0;
	return (rff_options(a)->panic_loss_text ? 0 : 1) + (total < 0 ? -total : 0);
}

/* Leader rating, provisional command or out of command (002:21-27, 000:398-402, 000:566). */
static void derive_command(struct audit *a, const struct ev_check *mc, int l, int u, struct mc_derivation *d)
{
	const struct state *st = &a->st;
	const struct rff_unit *us = rff_unit(st, u);
	if (l < 0) {
		set_mod(d, MM_OOC, "an out-of-command check (no leader)");
		return;
	}
	if (st->cond_code == LIGHT_NIGHT && state_attached_leader(st, u) < 0) {
		set_mod(d, MM_OOC, "at night only a unit with an attached leader is in command (000:566)");
		return;
	}
	const struct st_leader *ld = state_leader_at(st, l)->decl;
	const struct claim_mod *rating = vocab_code(ld->rating) ? rff_mc_mod_at(vocab_code(ld->rating)) : NULL;	/* MM_GALLANT... */
	if (rating)
		claim_derive(d->mods, rating, "%s is %s", ld->id, ld->rating->word);
	const char *flag = always_provisional(us);
	if (flag)
		set_mod(d, MM_PROV, "%s is %s: always provisional command (000:402, 000:720)", us->core.decl->id,
			flag);
	else if (!commands(st, l, us))
		set_mod(d, MM_PROV, "%s is commanded by %s, not %s", us->core.decl->id,
			us->core.decl->cmd ? us->core.decl->cmd : "no leader", mc->leader);
}

/* The Maneuver Table's line for each experience (002:29-32). */
static const enum rff_mc_mod experience_mods[RFF_EXP_N] = {
	[RFF_EXP_NONE] = MM_NONE, [RFF_ELITE] = MM_ELITE, [RFF_VETERAN] = MM_VET, [RFF_TRAINED] = MM_TRAINED,
	[RFF_RAW] = MM_RAW};

/* Fresh, worn or spent from the Unit Effectiveness Table (000:675-702). */
static void derive_effectiveness(struct audit *a, const struct rff_unit *us, struct mc_derivation *d)
{
	const struct rff_uet_row *row = rff_uet(a, us);
	if (!row)
		return;	/* guns have no effectiveness */
	enum rff_effectiveness e = rff_effectiveness(row, us->core.stands);
	static const enum rff_mc_mod mods[] = {[RFF_FRESH] = MM_FRESH, [RFF_WORN] = MM_WORN, [RFF_SPENT] = MM_SPENT};
	set_mod(d, mods[e], "%s has %d of %d stands, %s: %s (%s %s)", us->core.decl->id, us->core.stands,
		rff_uet_strength(a, us), battle_unit_word(us->core.decl, RC_MORALE), rff_effectiveness_name(e), row->cite, row->cell);
}

/* Field or march column, square, garrison, limbered gun or linear cover (002:26). */
static void derive_formation(const struct rff_unit *us, const struct uref *ref, struct mc_derivation *d)
{
	static const enum rff_mc_mod mods[] = {	/* MM_NONE: no modifier */
		[FORM_NONE] = MM_NONE, [FORM_LINE] = MM_NONE, [FORM_OPEN] = MM_NONE,
		[FORM_FIELD_COLUMN] = MM_COLUMN, [FORM_MARCH_COLUMN] = MM_COLUMN, [FORM_SQUARE] = MM_SQUARE,
		[FORM_HASTY_SQUARE] = MM_SQUARE, [FORM_GARRISON] = MM_GARRISON, [FORM_STORMING_COLUMN] = MM_NONE,
	};
	if (mods[us->formation] != MM_NONE)
		set_mod(d, mods[us->formation], "%s is in %s", us->core.decl->id, rff_word(RC_FORMATION, us->formation));
	if (us->arm == RFF_GUN && us->limbered)
		set_mod(d, MM_LIMBERED, "%s is limbered", us->core.decl->id);
	if (battle_fact(ref, FACT_COVER, 0))
		set_mod(d, MM_COVER, "the log states linear cover");
}

/* Why each modifier that does not apply does not, as an umpire would say. */
static void note_absent(const struct rff_unit *us, int l, struct mc_derivation *d)
{
	const char *id = us->core.decl->id;
	claim_absent(d->mods, MCF_ATTACHED, "%s", l < 0 ? "no leader leads the check"
						    : "no leader attached and no brave colonel");
	claim_absent(d->mods, MCF_COMMAND, "%s is in command of its leader", id);
	claim_absent(d->mods, MCF_EFFECTIVENESS, "%s", us->arm == RFF_GUN ? "guns have no effectiveness"
									    : "the Unit Effectiveness Table has no row for it");
	claim_absent(d->mods, MCF_BATTERY, "%s", us->arm == RFF_GUN ? "a single section" : "not a gun");
	claim_absent(d->mods, MCF_FORMATION, "%s is in %s, not limbered, and the log states no linear cover", id,
		     us->formation ? rff_word(RC_FORMATION, us->formation) : "no logged formation");
	claim_absent(d->mods, MCF_FLANK, "the log does not state %s outflanked and it is not broken", id);
	claim_absent(d->mods, MCF_KEY, "not stated");
	claim_absent(d->mods, MCF_HEAVY, "not stated");
	claim_absent(d->mods, MCF_GREATER, "not stated");
}

static void derive_mc(struct audit *a, const struct ev_check *mc, int l, int u, const struct uref *ref,
		      struct mc_derivation *d)
{
	const struct rff_unit *us = rff_unit(&a->st, u);
	memset(d, 0, sizeof *d);
	if (battle_fact(ref, FACT_OUT_OF_COMMAND, 0)) {	/* an out-of-command check on the leader's die */
		set_mod(d, MM_OOC, "the log states %s beyond every leader's command radius: an out-of-command "
			"check, no leader's rating (000:391, 000:402)", us->core.decl->id);
		l = -1;
	}
	derive_command(a, mc, l, u, d);
	if (l >= 0 && state_attached_leader(&a->st, u) >= 0)
		set_mod(d, MM_ATTACHED, "%s is attached",
			state_leader_at(&a->st, state_attached_leader(&a->st, u))->decl->id);
	else if (state_has_flag(&us->core, FLAG_BRAVE_COLONEL))
		set_mod(d, MM_COLONEL, "%s has a brave colonel", us->core.decl->id);
	enum rff_mc_mod exp = experience_mods[us->experience];
	if (exp != MM_NONE)
		set_mod(d, exp, "%s is %s", us->core.decl->id, battle_unit_word(us->core.decl, RC_EXPERIENCE));
	derive_effectiveness(a, us, d);
	if (us->arm == RFF_GUN &&
	    (state_has_flag(&us->core, FLAG_BATTERY) || (!state_has_flag(&us->core, FLAG_SECTION) && us->core.stands >= 2)))
		set_mod(d, MM_BTY, "%s is a battery", us->core.decl->id);
	derive_formation(us, ref, d);
	if (battle_fact(ref, FACT_OUTFLANKED, 0))
		set_mod(d, MM_OUTFLANKED, "the log states %s is outflanked", us->core.decl->id);
	else if (us->order == ORDER_BROKEN)
		set_mod(d, MM_BROKEN, "%s is broken", us->core.decl->id);
	/* the facts named as their modifiers are: key-lost, heavy-casualties, greater-losses */
	static const struct {
		enum rff_fact fact;
		enum rff_mc_mod mod;
	} facts[] = {
		{FACT_KEY_LOST, MM_KEY_LOST}, {FACT_HEAVY_CASUALTIES, MM_HEAVY_CASUALTIES},
		{FACT_GREATER_LOSSES, MM_GREATER_LOSSES},
	};
	/* three printed lines, three modifiers; option losses-stack=max takes the
	 * worse of heavy casualties and greater losses, as steps of one factor */
	bool max = rff_options(a)->losses_stack_max && battle_fact(ref, FACT_GREATER_LOSSES, 0);
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
		if (battle_fact(ref, facts[i].fact, 0) && !(max && facts[i].mod == MM_HEAVY_CASUALTIES))
			set_mod(d, facts[i].mod, "the log states %s", rff_mc_mod_at(facts[i].mod)->code);
	if (max && battle_fact(ref, FACT_HEAVY_CASUALTIES, 0))
		claim_absent(d->mods, MCF_HEAVY, "greater losses take its place (option losses-stack=max)");
	note_absent(us, l, d);
	d->total = claim_total(mc->die.value, d->mods);
	d->disordered = us->arm != RFF_GUN && us->order != ORDER_GOOD;
	d->band = rff_mc_band(table_nation(us), d->disordered, d->total);
	d->loss = panic_loss(a, d->disordered, d->band->effect, d->total);
}

/* The outcome of a claim: its effect, or the table's effect for its total;
 * EFF_NONE for neither. */
static enum rff_effect claimed_outcome(const struct claim *c, const struct rff_unit *us, bool disordered)
{
	if (c->effect)
		return vocab_code(c->effect);
	if (c->has_total)
		return rff_mc_band(table_nation(us), disordered, c->total)->effect;
	return EFF_NONE;
}

static bool mc_lookup(const struct mod *m, const void *ctx, struct claim_mod *out)
{
	(void)ctx;
	if (m->id == MM_NONE)
		return false;
	*out = *rff_mc_mod_at(m->id);
	return true;
}

static const struct claim_table mc_table = {mc_lookup, rff_mc_factor_name, NULL};

static const char *column_name(const struct rff_unit *us, bool disordered)
{
	static char buf[64];
	snprintf(buf, sizeof buf, "%s, %s", us->core.nation ? us->core.nation->word : "US",
		 disordered ? "disordered or broken troops" : "troops in good order and guns");
	return buf;
}

static const char *band_cite(const struct rff_mc_band *b, char *buf, size_t size)
{
	snprintf(buf, size, "%s Maneuver Table: %s %s", b->cite, b->text, rff_effect_word(b->effect));
	return buf;
}

/* Total, table lookup, effect and losses. */
static void check_outcome(struct audit *a, const struct check_line *line, const struct rff_unit *us,
			  const struct mc_derivation *d, enum diag_severity sev)
{
	const struct claim *c = &line->claim;
	char cite[512];
	claim_check_total(a, c, d->total, sev);
	bool lookup_wrong = false;
	if (c->has_total && c->effect) {
		const struct rff_mc_band *t = rff_mc_band(table_nation(us), d->disordered, c->total);
		if (t->effect != (enum rff_effect)vocab_code(c->effect)) {
			lookup_wrong = true;	/* an error only when the effect claimed is wrong too */
			if (vocab_code(c->effect) == (int)d->band->effect)	/* the effect is right: the total is not */
				audit_find(a, FINDING_LOOKUP, DIAG_WARNING, c->effect_at, band_cite(t, cite, sizeof cite),
					   "%s is right for the derived total of %d, but the total claimed, %d, gives "
					   "%s (%s): the claimed total is what is wrong", c->effect->word, d->total, c->total,
					   rff_effect_word(t->effect), column_name(us, d->disordered));
			else
				audit_find(a, FINDING_LOOKUP, DIAG_ERROR, c->effect_at, band_cite(t, cite, sizeof cite),
					   "%s claimed, but a total of %d gives %s (%s)", c->effect->word, c->total,
					   rff_effect_word(t->effect), column_name(us, d->disordered));
		}
	}
	if (c->effect && !lookup_wrong && vocab_code(c->effect) != (int)d->band->effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, band_cite(d->band, cite, sizeof cite),
			   "%s claimed, derived %s (total %d, %s)", c->effect->word, rff_effect_word(d->band->effect), d->total,
			   column_name(us, d->disordered));
	bool text = rff_options(a)->panic_loss_text;	/* whose losses: 000:416 or 002:43 */
	if (c->has_loss && c->loss != d->loss)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at,
			   !d->loss ? NULL : text ? "000:416 stands equal to the difference below zero"
					 : band_cite(d->band, cite, sizeof cite),
			   "loss=%d claimed, derived %d", c->loss, d->loss);
}

/* The facts the log states are taken on trust: say so (hidden unless --notes). */
static void note_facts(struct audit *a, const struct uref *ref)
{
	for (int i = 0; i < ref->n_facts; i++)
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, ref->facts[i].at, NULL,
			   "taken on trust: %s%s%s", ref->facts[i].word->word, ref->facts[i].value ? "=" : "",
			   ref->facts[i].value ? ref->facts[i].value : "");
}

/* Heavy carriage and fixed guns cannot limber and retreat from close range,
 * unless fortified (000:33; the reading is in docs/rules.md). */
static bool gun_lost(const struct audit *a, const struct rff_unit *us, const struct uref *ref,
		     const struct rff_mc_effect *fx)
{
	bool heavy = battle_unit_code(us->core.decl, RC_CARRIAGE) == CAR_HC;
	bool fixed = state_has_flag(&us->core, FLAG_FIXED) && fx->fixed_guns_lost;
	bool in_reach = battle_fact(ref, FACT_CLOSE, 0) && !battle_fact(ref, FACT_FORTIFIED, 0);
	if (us->limbered)
		return false;
	/* 000:33 speaks of heavy carriages; fixed guns are lost on any Panic as the
	 * three copies of the table print it, unless fixed-guns-panic=as-heavy */
	if (fixed && rff_options(a)->fixed_guns_panic_lost)
		return true;
	return (heavy || fixed) && in_reach;
}

static void apply_gun_effect(const struct audit *a, struct rff_unit *us, const struct uref *ref,
			     const struct rff_mc_effect *fx)
{
	if (!fx->guns_retreat)
		return;
	if (gun_lost(a, us, ref, fx))
		us->core.removed = true;
	else if (!fx->guns_retreat_close_only || battle_fact(ref, FACT_CLOSE, 0)) {
		us->limbered = true;
		us->silenced = us->core.stands;
	}
}

/* The state after the effect as played (002:38-43). */
static void apply_effect(struct audit *a, int u, const struct uref *ref, enum rff_effect effect, int loss)
{
	struct rff_unit *us = rff_unit(&a->st, u);
	const struct rff_mc_effect *fx = rff_mc_effect(effect);
	if (!fx)
		return;
	if (us->arm == RFF_GUN) {
		apply_gun_effect(a, us, ref, fx);
		return;
	}
	bool square = rff_unit_in_square(us);
	if (fx->cavalry_mounts && us->arm == RFF_CAV)
		us->mounted = true;
	static const enum rff_order to[] = {[RFF_TO_GOOD] = ORDER_GOOD, [RFF_TO_DISORDERED] = ORDER_DISORDERED,
					     [RFF_REFORM] = ORDER_DISORDERED, [RFF_TO_BROKEN] = ORDER_BROKEN};
	/* a square holds in good order (000:624), or holds disordered as 002:42
	 * reads (square-fall-back=disordered) */
	bool square_keeps = fx->square_holds && square && !rff_options(a)->square_fall_back_disordered;
	bool holds = square_keeps || fx->troops == RFF_KEEP ||
		     (fx->troops == RFF_TO_DISORDERED && us->order == ORDER_BROKEN);
	if (!holds)
		rff_unit_set_order(us, to[fx->troops]);
	if (loss > 0)
		state_lose(&a->st, u, loss);
}

/* The state follows the claim as played, or the derivation with --follow=derived. */
static void follow(struct audit *a, int u, const struct check_line *line, const struct mc_derivation *d,
		   enum rff_effect played)
{
	const struct claim *c = &line->claim;
	bool derived = audit_follows_derived(a) || (!played && !c->has_loss);
	enum rff_effect effect = !derived && played ? played : d->band->effect;
	int loss = d->loss;
	if (!derived)	/* the claimed losses, or those of the effect as played */
		loss = c->has_loss ? c->loss
				   : panic_loss(a, d->disordered, effect, c->has_total ? c->total : d->total);
	if ((effect != d->band->effect || loss != d->loss) && !rff_unit(&a->st, u)->core.diverged) {
		rff_unit(&a->st, u)->core.diverged = true;
		audit_find(a, FINDING_DIVERGED, DIAG_NOTE, line->unit.at, NULL,
			   "from here the state of %s follows the claim (%s, loss=%d), not the derivation (%s, loss=%d)",
			   line->unit.id, rff_effect_word(effect), loss, rff_effect_word(d->band->effect), d->loss);
	}
	apply_effect(a, u, &line->unit, effect, loss);
}

/* Raw troops forming a deliberate square, or leaving a square, over broken
 * or rough ground are disordered (000:622, 000:630). */
static void square_over_rough(struct rff_unit *us, const struct uref *ref, enum rff_formation to)
{
	bool rough = battle_fact(ref, FACT_GROUND, GROUND_BROKEN) || battle_fact(ref, FACT_GROUND, GROUND_ROUGH);
	bool from_square = rff_unit_in_square(us);
	bool to_square = to == FORM_SQUARE;
	bool raw = us->experience == RFF_RAW;
	if (raw && rough && (from_square != to_square) && us->order == ORDER_GOOD)
		us->order = ORDER_DISORDERED;
}

/* What the unit then does changes its state as played: formation, limber,
 * gun rally, ammunition (the actions of 002:94-148). */
static void apply_actions(struct audit *a, int u, const struct check_line *line, enum rff_effect effect)
{
	struct rff_unit *us = rff_unit(&a->st, u);
	int together = rff_legal_combination(a, us, line->actions, line->n_actions, effect);
	us->check_turn = a->st.turn;	/* what the log's state events may still do this turn */
	us->check_effect = effect;
	us->check_actions = 0;
	for (int i = 0; i < line->n_actions; i++)
		us->check_actions |= 1u << vocab_code(line->actions[i].verb);
	for (int i = 0; i < line->n_actions; i++) {
		const struct action *act = &line->actions[i];
		if (i >= together && audit_follows_derived(a))
			break;	/* the legal state: one maneuver, not the one too many */
		int illegal = audit_illegal_count(a);
		rff_legal_action(a, us, act, effect);
		if (audit_follows_derived(a) && audit_illegal_count(a) > illegal)
			continue;	/* the legal state: a forbidden action changes nothing */
		switch ((enum rff_action)vocab_code(act->verb)) {
		case RFF_ACT_FORM:
			square_over_rough(us, &line->unit, vocab_code(act->word));
			us->formation = vocab_code(act->word);
			break;
		case RFF_ACT_LIMBER:
		case RFF_ACT_UNLIMBER:
			us->limbered = vocab_code(act->verb) == RFF_ACT_LIMBER;
			break;
		case RFF_ACT_GUN_RALLY:
			us->silenced = 0;
			us->sheltered = false;	/* the crew returns to its gun (000:652) */
			break;
		case RFF_ACT_REPLENISH:
			us->low_ammo = 0;
			break;
		case RFF_ACT_CHARGE:
			if (act->flag)
				us->cold_steel_turn = a->st.turn;
			break;
		default:
			break;
		}
	}
}

/* What each face of the die would have given under the derived
 * modifiers: the same band of the Maneuver Table and the same Panic
 * losses as rolled, or not (002:38-43). */
static void mc_odds(struct audit *a, const struct rff_unit *us, const struct ev_check *mc,
		    const struct mc_derivation *d, struct rec_odds *odds)
{
	odds->sides = mc->die.die ? mc->die.die : rff_vocab.die;
	int mods = d->total - mc->die.value, lost = 0;
	for (int f = 1; f <= odds->sides; f++) {
		const struct rff_mc_band *band = rff_mc_band(table_nation(us), d->disordered, f + mods);
		int loss = panic_loss(a, d->disordered, band->effect, f + mods);
		record_odds_face(odds, f, mc->die.value, band == d->band && loss == d->loss, true);
		lost += loss;
	}
	odds->exp_loss = (double)lost / odds->sides;
}

static void audit_mc_line(struct audit *a, const struct ev_check *mc, int l, const struct check_line *line)
{
	int u = state_unit_ref(&a->st, &line->unit);
	if (u < 0)
		return;
	const struct rff_unit *us = rff_unit(&a->st, u);
	a->side = us->core.decl->side;
	if (us->core.removed) {
		audit_find(a, FINDING_STATE, DIAG_ERROR, line->unit.at, "000:532",
			   "%s was removed from the game earlier", line->unit.id);
		return;
	}
	struct mc_derivation d;
	derive_mc(a, mc, l, u, &line->unit, &d);
	struct rec_part *part = record_part(a->rec, ROLE_UNIT, line->unit.id);
	if (part) {
		part->die = mc->die.value;
		part->total = d.total;
		part->has_total = true;
		part->effect = rff_effect_word(d.band->effect);
		part->loss = d.loss;
		mc_odds(a, us, mc, &d, &part->odds);
	}
	claim_record(a->rec, part, line->unit.id, d.mods, rff_mc_factor_name, MCF_N);
	char cite[512];
	record_step(a->rec, band_cite(d.band, cite, sizeof cite), "%s: total %d; %s: %s gives %s", line->unit.id,
		    d.total, column_name(us, d.disordered), d.band->text, rff_effect_word(d.band->effect));
	if (d.loss)
		record_step(a->rec, rff_options(a)->panic_loss_text ? "000:416" : "002:43",
			    "%s: Panic of disordered troops loses %d stand%s", line->unit.id, d.loss,
			    d.loss == 1 ? "" : "s");
	enum rff_effect played = claimed_outcome(&line->claim, us, d.disordered);
	bool wrong = (played && played != d.band->effect) ||
		     (line->claim.has_loss && line->claim.loss != d.loss);
	enum diag_severity sev = wrong ? DIAG_ERROR : DIAG_WARNING;
	if (line->claim.n_mods)
		claim_check_mods(a, &line->claim, d.mods, &mc_table, line->unit.id, line->unit.at, sev);
	claim_check_sum(a, mc->die.value, &line->claim, sev);
	check_outcome(a, line, us, &d, sev);
	note_facts(a, &line->unit);
	if (a->st.cond_code == LIGHT_NIGHT && (d.band->effect == EFF_DOUBLE_QUICK || d.band->effect == EFF_WELL_HANDLED))
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, line->unit.at, "000:566",
			   "at night a %s is performed as a Tardy maneuver", rff_effect_word(d.band->effect));
	follow(a, u, line, &d, played);
	apply_actions(a, u, line, audit_follows_derived(a) || !played ? d.band->effect : played);
	if (part) {
		rff_describe(a, u, part->after, sizeof part->after);
		record_step(a->rec, NULL, "%s after: %s", line->unit.id, part->after);
	}
}

/* A unit beyond every leader's command radius makes an out-of-command
 * check of its own: "select a single unit that is outside of the command
 * radius of all leaders" (Maneuver Checks step 1, 000:391; 000:402).  At
 * night only a unit with a leader attached is in command (Night Turns,
 * 000:566): with night-ooc=own-check any other rolls alone too; by default
 * it takes the -2 on the leader's die, as the text's "out-of-command
 * column" becomes on the one-column table. */
static void check_in_command(struct audit *a, const struct ev_check *mc, int u, const struct check_line *line)
{
	bool night = a->st.cond_code == LIGHT_NIGHT;
	if (battle_fact(&line->unit, FACT_OUT_OF_COMMAND, 0) && !night)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "000:391",
			   "%s is beyond every leader's command radius: it makes an out-of-command check of its "
			   "own, not one on %s's die", line->unit.id, mc->leader);
	else if (night && rff_options(a)->night_ooc_own_check && state_attached_leader(&a->st, u) < 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "000:566",
			   "at night only a unit with a leader attached is in command: %s makes an out-of-command "
			   "check of its own, not one on %s's die (night-ooc=own-check)", line->unit.id, mc->leader);
}

/* Who may lead a unit's check: a leader of its own side, in play; an
 * artillery commander only guns (000:402). */
static void check_leader(struct audit *a, const struct ev_check *mc, int l, const struct check_line *line)
{
	const struct leader_state *ls = state_leader_at(&a->st, l);
	int u = state_unit_ref(&a->st, &line->unit);
	if (u < 0)
		return;
	const struct rff_unit *us = rff_unit(&a->st, u);
	if (ls->decl->side && us->core.decl->side && strcasecmp(ls->decl->side, us->core.decl->side) != 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, NULL,
			   "%s is a leader of side %s; %s belongs to side %s", mc->leader, ls->decl->side,
			   line->unit.id, us->core.decl->side);
	else if (battle_has_flag(ls->decl->flags, ls->decl->n_flags, FLAG_ARTY) && us->arm != RFF_GUN)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, line->unit.at, "000:402",
			   "%s is an artillery commander and commands only guns, not %s", mc->leader,
			   line->unit.id);
	else
		check_in_command(a, mc, u, line);
}

static void audit_mc(struct audit *a, const struct stmt *s)
{
	const struct ev_check *mc = &s->u->event.u.check;
	int l = mc->leader ? state_leader_of(&a->st, mc->leader_sym, mc->leader) : -1;
	struct record *rec = audit_record(a, "maneuver");
	if (l >= 0)
		record_step(rec, NULL, "base die %d; the check is led by %s (%s)", mc->die.value, mc->leader,
			    state_leader_at(&a->st, l)->decl->rating->word);
	else
		record_step(rec, "002:27", "base die %d; an out-of-command check: no leader", mc->die.value);
	if (l >= 0) {
		const struct leader_state *ls = state_leader_at(&a->st, l);
		if (ls->removed || ls->out_until)
			audit_find(a, FINDING_STATE, DIAG_ERROR, mc->leader_at, ls->removed ? "002:228" : "002:229",
				   "%s is %s", mc->leader, ls->removed ? "out of the game" : "out for this turn");
		for (int i = 0; i < mc->n_lines; i++)
			check_leader(a, mc, l, &mc->lines[i]);
	}
	for (int i = 0; i < mc->n_lines; i++)
		audit_mc_line(a, mc, l, &mc->lines[i]);
}

/* Until fire and charge combat are audited, their claimed effects still
 * change the state as played: the order they leave troops in. */
static void disorder_unit(struct audit *a, int u, enum rff_order order)
{
	if (u < 0 || rff_unit(&a->st, u)->arm == RFF_GUN)
		return;
	if (rff_unit(&a->st, u)->order < order)
		rff_unit_set_order(rff_unit(&a->st, u), order);
}

/* The rolls of an event are d10s; its sides are opposed. */
static void check_event(struct audit *a, const struct event *e)
{
	switch (e->def->shape->id) {
	case SHAPE_CHECK:
		rff_legal_die(a, &e->u.check.die);
		break;
	case SHAPE_FIRE:
		rff_legal_die(a, &e->u.fire.die);
		for (int i = 0; i < e->u.fire.n_firers; i++) {
			if (e->u.fire.firers[i].hit)
				rff_legal_die(a, e->u.fire.firers[i].hit);
			rff_legal_sides(a, &e->u.fire.firers[i], &e->u.fire.target, "fires at");
		}
		break;
	case SHAPE_CLASH:
	case SHAPE_REROLL:
		for (int side = 0; side < 2; side++)
			rff_legal_die(a, &e->u.clash.side[side].die);
		if (e->u.clash.side[0].n_units && e->u.clash.side[1].n_units)
			rff_legal_sides(a, &e->u.clash.side[0].units[0], &e->u.clash.side[1].units[0], "charges");
		break;
	case SHAPE_LEADER_ROLL:
		rff_legal_die(a, &e->u.leader_roll.die);
		break;
	default:
		break;
	}
}

static bool audit_event(struct audit *a, const struct stmt *s)
{
	const struct event *e = &s->u->event;
	check_event(a, e);
	switch (e->def->shape->id) {
	case SHAPE_CHECK:
		audit_mc(a, s);
		return true;
	case SHAPE_STATE:
		/* Skirmishers evade: full retreat broken (002:116).  The driver
		 * applies what every ruleset means by the other state events. */
		rff_legal_state(a, e);
		if (e->def->code == RV_EVADE)
			disorder_unit(a, audit_arg_unit(a, &e->u.state.args[0]), ORDER_BROKEN);
		return true;
	case SHAPE_FIRE:
		rff_fire_audit(a, s);
		return true;
	case SHAPE_CLASH:
	case SHAPE_REROLL:
		rff_charge_audit(a, s);
		return true;
	case SHAPE_LEADER_ROLL:
		rff_fallen_audit(a, s);
		return true;
	default:
		return false;
	}
}

/* Fresh, worn or spent (000:675-702); null for guns and units the table
 * has no row for. */
static void unit_fields(const struct audit *a, int u, struct fields *out)
{
	const struct rff_unit *us = rff_unit(&a->st, u);
	const struct rff_uet_row *row = rff_uet(a, us);
	fields_text(out, "effectiveness", row ? rff_effectiveness_name(rff_effectiveness(row, us->core.stands)) : NULL);
}

/* Applies RFF's own state events ("disorder 5inf", "silence bty 2"). */
static void rff_apply_state(struct audit *a, const struct event *e)
{
	const struct ev_state *ev = &e->u.state;
	int u = ev->n_args > 0 ? audit_arg_unit(a, &ev->args[0]) : -1;
	if (u < 0)
		return;
	struct rff_unit *us = rff_unit(&a->st, u);
	switch ((enum rff_verb)e->def->code) {
	case RV_DISORDER:
		rff_unit_set_order(us, ORDER_DISORDERED);
		break;
	case RV_RALLY:
		rff_unit_set_order(us, ORDER_GOOD);
		break;
	case RV_BREAK:
		rff_unit_set_order(us, ORDER_BROKEN);
		break;
	case RV_FORM:
		us->formation = ev->args[1].code;
		break;
	case RV_STORMING:
		us->formation = FORM_STORMING_COLUMN;
		break;
	case RV_HASTY_SQUARE:
		rff_unit_hasty_square(&a->st, u);
		if (us->experience == RFF_RAW &&
		    us->order == ORDER_GOOD)
			us->order = ORDER_DISORDERED;	/* raw troops forming a hasty square (000:634, 002:115) */
		break;
	case RV_LIMBER:
	case RV_UNLIMBER:
		us->limbered = e->def->code == RV_LIMBER;
		break;
	case RV_MOUNT:
	case RV_DISMOUNT:
		us->mounted = e->def->code == RV_MOUNT;
		break;
	case RV_SILENCE:
		rff_unit_silence(us, (ev->n_args > 1 ? ev->args[1].num : us->core.stands) - us->silenced);	/* the markers */
		break;
	case RV_GUN_RALLY:
		us->silenced = 0;
		us->sheltered = false;	/* the crew returns to its gun (000:652) */
		break;
	case RV_DAMAGE:
		rff_unit_damage(us, 1);
		break;
	case RV_WRECK:
		us->wrecked++;
		break;
	case RV_SHELTER:
		us->sheltered = true;
		us->silenced = us->core.stands;	/* "Silenced and crew takes shelter" (002:148, 000:650) */
		us->sheltered_in = ev->n_args > 1 ? audit_arg_unit(a, &ev->args[1]) : -1;
		break;
	case RV_LOW_AMMO:	/* one gun stand, or the troops (002:198) */
		rff_unit_low_ammo(us, ev->n_args > 1 ? ev->args[1].num - us->low_ammo	/* the markers */
						  : us->low_ammo ? 0 : 1);
		break;
	case RV_REPLENISH:
		us->low_ammo = 0;
		break;
	case RV_NONE:
	case RV_CHARGE:		/* events, not state events */
	case RV_BREAKTHROUGH:
	case RV_COUNTERCHARGE:
	case RV_EVADE:
		break;
	}
}

/* A fallen-leader check called for and not the event that follows (the
 * one about to be audited, a->stmt): reported on the event that called
 * for it.  State events (notes, low ammunition) do not settle it. */
static void settle_fallen(struct audit *a)
{
	struct rff_roll_due *d = &rff_run(a)->fallen;
	if (!d->due)
		return;
	d->due = false;
	const struct stmt *next = a->stmt < a->b->n_stmts ? &a->b->stmts[a->stmt] : NULL;
	if (next && next->kind == ST_EVENT && next->u->event.def->shape == &shape_leader_roll)
		return;	/* logged: the check comes next */
	int here = a->stmt;
	const char *side = a->side;
	a->stmt = d->stmt;
	a->side = d->side;
	audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, d->at, d->cite, "%s", d->what);
	a->stmt = here;
	a->side = side;
}

/* A roll the last event called for and the log does not hold: a
 * fallen-leader check not next, a Desperate Struggle not rolled again
 * before the next event, phase or turn (002:241), reported on the event
 * that called for it. */
static void rff_settle(struct audit *a)
{
	settle_fallen(a);
	if (!rff_run(a)->reroll_due || audit_last_clash(a) < 0)
		return;
	int here = a->stmt;
	a->stmt = audit_last_clash(a);
	audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, a->b->stmts[audit_last_clash(a)].u->event.kw_at, "002:241",
		   "a Desperate Struggle: both sides roll again, and the reroll is not logged");
	a->stmt = here;
	rff_run(a)->reroll_due = false;
}

/* How the reports read RFF's state: fresh, worn and spent (Unit
 * Effectiveness Table, 000:675-702), good order, disordered and broken
 * (002:34), the Maneuver Table's effects in the order it prints them
 * (002:38-43), and the Charge Table's effects by whom they favour: the
 * attacker carries the position on Swept, Driven Back and Hard Pressed
 * (002:238-240), the defender holds it on Falter, Recoil and Repulsed
 * (002:242-244); a Desperate Struggle (002:241) rolls again. */
static const char *const conditions[] = {"fresh", "worn", "spent", NULL};
static const char *const orders[] = {"good-order", "disordered", "broken", NULL};
static const char *const maneuver_effects[] = {
	"double-quick", "well-handled", "tardy", "fall-back", "rally-with-elan", "rally", "shaken", "wavering", "panic",
	NULL,
};
static const char *const charge_won[] = {"swept-from-the-field", "driven-back", "hard-pressed", NULL};
static const char *const charge_lost[] = {"falter", "recoil", "repulsed", NULL};
static const char *const charge_kinds[] = {"charge", "reroll", NULL};
/* What an after-action report tells: the fire that costs stands (QRS, Fire
 * Combat Table: Telling and Withering Fire, 001:176; 000:534) and the
 * maneuver results that stop or turn a unit back (QRS, Maneuver Table:
 * Tardy, Fall Back, Wavering, Panic, 001:55). */
static const char *const fire_told[] = {"telling-fire", "withering-fire", NULL};
static const char *const maneuver_told[] = {"tardy", "fall-back", "wavering", "panic", NULL};

/* How RFF's fields read (rff_unit.c unit_fields, leader_fields; rff.c's
 * effectiveness): the words of the Quick Reference Sheet. */
static const struct field_word unit_words[] = {
	{"effectiveness", "%v", NULL},
	{"order", "%v", NULL},
	{"formation", "%v", NULL},
	{"disorder_pending", "disordered when the phase ends", NULL},
	{"mounted", "mounted", "dismounted"},
	{"limbered", "limbered", "unlimbered"},
	{"silenced", "%v silenced", NULL},
	{"damaged", "%v damaged", NULL},
	{"wrecked", "%v wrecked", NULL},
	{"low_ammo", "low on ammunition", NULL},
	{"low_ammo_stands", " (%v stand{|s} marked)", NULL},
	{"sheltered", NULL, NULL},	/* sheltered_in says where */
	{"sheltered_in", "crew sheltering in %v", NULL},
	{NULL, NULL, NULL},
};

static const struct field_word leader_words[] = {
	{"dismounted", "dismounted (horse shot)", NULL},
	{NULL, NULL, NULL},
};

static const struct ruleset_terms terms = {
	.strength = "stands",
	.scale = "men-per-stand",
	.scale_unit = "stand",
	.condition = "effectiveness",
	.conditions = conditions,
	.order = "order",
	.orders = orders,
	.maneuver_effects = maneuver_effects,
	.charge_won = charge_won,
	.charge_lost = charge_lost,
	.maneuver_kind = "maneuver",
	.fire_kind = "fire",
	.charge_kinds = charge_kinds,
	.fire_told = fire_told,
	.maneuver_told = maneuver_told,
	.note = "note",
	.unit_words = unit_words,
	.leader_words = leader_words,
};

const struct ruleset rff_ruleset = {
	.name = "rff-maw",
	.vocab = &rff_vocab,
	.state = &rff_unit_rules,
	.card = rff_card,
	.book = &rff_cite_book,
	.audit_event = audit_event,
	.apply_state = rff_apply_state,
	.begin = rff_run_begin,
	.end = rff_run_end,
	.settle = rff_settle,
	.audit_order_of_battle = rff_legal_order_of_battle,
	.campaign_note = rff_legal_campaign_note,
	.unit_fields = unit_fields,
	.terms = &terms,
};
