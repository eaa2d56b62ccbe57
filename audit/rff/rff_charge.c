/* rff_charge: charge combat and fallen-leader rolls for Regimental Fire and
 * Fury (MAW).
 *
 * Each side's modifiers are derived for its principal unit (the first named)
 * from the order of battle, the state and the facts of the line, one per
 * factor of the Charge Table (002:207-221); outnumbered counts the current
 * stands of every unit named.  The difference gives the effect (002:237-244,
 * the bands as moved, 000:335); losses and state changes follow on both
 * sides.  A reroll repeats the charge before it after a Desperate Struggle,
 * without cold steel, breakthrough and cavalry-charge modifiers (002:241). */
#include "rff_charge.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../claim.h"
#include "rff_legal.h"
#include "rff_run.h"
#include "rff_tables.h"
#include "rff_vocab.h"
#include "rff_unit.h"

enum { ATTACKER, DEFENDER };

/* The charge being resolved: whose units, which roll. */
struct combat {
	const struct ev_clash *units;	/* the charge's units (the charge before, for a reroll) */
	int units_stmt;			/* the statement they are named on: their places' line */
	const struct ev_clash *roll;	/* this line's dice and claims */
	bool breakthrough;		/* the second combat of a breakthrough charge */
	bool reroll;
	int principal[2];		/* unit index of each side's first unit */
};

struct charge_derivation {
	struct derived_mod mods[2][CLAIM_MAX_FACTORS];
	int total[2];
	int diff;
	const struct rff_charge_band *band;
	int loss[2];
	bool guns_lost[2];
};

static void derive(struct derived_mod *d, enum rff_charge_mod m, const char *fmt, ...) UMPIRE_PRINTF(3, 4);

static void derive(struct derived_mod *d, enum rff_charge_mod m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	claim_derivev(d, rff_charge_mod_at(m), fmt, ap);
	va_end(ap);
}

/* The roles of the two sides' principal units in the record. */
static const enum part_role side_roles[] = {ROLE_ATTACKER, ROLE_DEFENDER};

/* Stands that count for outnumbering: sheltered crews do not (000:646). */
static int side_stands(const struct audit *a, const struct clash_side *s)
{
	int n = 0;
	for (int i = 0; i < s->n_units; i++) {
		int u = state_unit_ref(&a->st, &s->units[i]);
		if (u >= 0 && !rff_unit(&a->st, u)->sheltered)
			n += rff_unit(&a->st, u)->core.stands;
	}
	return n;
}

/* Outnumbered 3:2, 2:1, 3:1 or more (002:214-216), boundaries inclusive;
 * zero for cavalry outnumbered by infantry (000:540). */
static void derive_outnumbered(struct audit *a, const struct combat *c, int side, struct derived_mod *d)
{
	int mine = side_stands(a, &c->units->side[side]);
	int theirs = side_stands(a, &c->units->side[!side]);
	int value = theirs >= 3 * mine ? -3 : theirs >= 2 * mine ? -2 : 2 * theirs >= 3 * mine ? -1 : 0;
	if (!value || mine == 0)
		return;
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	const struct rff_unit *them = rff_unit(&a->st, c->principal[!side]);
	if (me->arm == RFF_CAV && them->arm == RFF_INF)
		derive(d, CM_CAV_VS_INF, "cavalry outnumbered by infantry, %d stands to %d (000:540)", mine, theirs);
	else
		derive(d, value == -3 ? CM_OUTNUMBERED_3 : value == -2 ? CM_OUTNUMBERED_2 : CM_OUTNUMBERED_1,
		       "%d stands against %d", mine, theirs);
}

/* Whether the side's principal unit is disordered or broken infantry, or
 * limbered or silenced guns: what lancers charge with advantage (000:333,
 * 000:548; 000:930 says troops, the two others infantry). */
static bool shaken(const struct rff_unit *u)
{
	if (u->arm == RFF_GUN)
		return u->limbered || u->silenced > 0;
	return u->arm == RFF_INF && u->order != ORDER_GOOD;
}

/* Cold steel, lancers or breakthrough (002:212, 000:544-550, 000:930-932). */
static void derive_impetus(struct audit *a, const struct combat *c, struct derived_mod *d)
{
	const struct rff_unit *me = rff_unit(&a->st, c->principal[ATTACKER]);
	const struct rff_unit *them = rff_unit(&a->st, c->principal[DEFENDER]);
	const struct uref *ref = &c->units->side[ATTACKER].units[0];
	bool lance_rule = rff_options(a)->lancers_text;
	if (c->reroll) {	/* "Lose cold steel, breakthrough, and cavalry charge modifiers" */
		bool keep = rff_options(a)->reroll_lancers_keep;
		if (keep && state_has_flag(&me->core, FLAG_LANCERS) && (!lance_rule || shaken(them)))
			derive(d, CM_LANCERS, "lancers keep their +1 in the reroll (002:212 names them apart from "
			       "what 002:241 drops; option reroll-lancers=keep)");
		else
			claim_absent(d, CF_IMPETUS, "lost in the reroll of a Desperate Struggle (002:241, 000:544)%s",
				     state_has_flag(&me->core, FLAG_LANCERS) ? "; lancers too: their +1 is the cold steel of the "
								    "initial impact (000:928-930)" : "");
		return;
	}
	if (c->breakthrough && me->arm != RFF_GUN) {
		derive(d, CM_BT, "the second combat of a breakthrough charge (000:544)");
		return;
	}
	bool cold_steel = battle_fact(ref, FACT_COLD_STEEL, 0) || me->cold_steel_turn == a->st.turn;
	bool cav = me->arm == RFF_CAV;
	bool barred = state_has_flag(&me->core, FLAG_CUIRASSIERS) || state_has_flag(&me->core, FLAG_MOUNTED_RIFLES) ||
		      (cav && (!me->mounted || battle_fact(ref, FACT_STATIONARY, 0)));
	bool lances = cav && vocab_code(me->core.nation) == NATION_MEX;
	/* lancers=declared: the lance is the cold steel their player declared (000:930), +1 always */
	bool declared = rff_options(a)->lancers_declared && state_has_flag(&me->core, FLAG_LANCERS);
	if (cold_steel && !barred && (!lances || !lance_rule || declared || shaken(them)))
		derive(d, CM_CS, "%s charges with cold steel%s", me->core.decl->id,
		       !lances ? "" : declared ? " (lances, declared: lancers=declared)"
				      : " (lances: against shaken troops or guns, 000:930)");
	else if (state_has_flag(&me->core, FLAG_LANCERS) && !lance_rule)
		derive(d, CM_LANCERS, "lancers, against any target (002:212; option lancers=qrs)");
	else if (state_has_flag(&me->core, FLAG_LANCERS) && shaken(them))
		derive(d, CM_LANCERS, "lancers against %s, which is %s (000:546)", them->core.decl->id,
		       them->arm == RFF_GUN ? "limbered or silenced" : "disordered or broken");
	else if (cold_steel && barred)
		claim_absent(d, CF_IMPETUS, "%s may not charge with cold steel (000:548, 000:932)", me->core.decl->id);
	else if (cold_steel || lances)
		claim_absent(d, CF_IMPETUS, "lances count only against disordered or broken troops or limbered or "
			     "silenced guns, and %s is neither (000:930)", them->core.decl->id);
}

/* The cavalry charge modifier by ground (002:213-215), for the attacker and
 * for defending cavalry that counter-charges (the fact countercharge). */
static void derive_ground(struct audit *a, const struct combat *c, int side, struct derived_mod *d)
{
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	const struct rff_unit *them = rff_unit(&a->st, c->principal[!side]);
	const struct uref *ref = &c->units->side[side].units[0];
	if (c->reroll && me->arm == RFF_CAV)
		claim_absent(d, CF_GROUND, "lost in the reroll of a Desperate Struggle: \"Lose ... cavalry charge "
			     "modifiers\" (002:241)");
	if (c->reroll || me->arm != RFF_CAV || !me->mounted)
		return;
	if (side == DEFENDER && !battle_fact(ref, FACT_COUNTERCHARGE, 0))
		return;
	if (battle_fact(ref, FACT_STATIONARY, 0))
		derive(d, CM_STATIONARY, "%s is stationary", me->core.decl->id);
	else if (rff_unit_in_square(them))
		derive(d, CM_VS_SQUARE, "%s charges a square", me->core.decl->id);
	else if (battle_fact(ref, FACT_GROUND, GROUND_OPEN))
		derive(d, CM_OPEN_GROUND, "the log states open ground");
	else if (battle_fact(ref, FACT_GROUND, GROUND_BROKEN))
		derive(d, CM_BROKEN_GROUND, "the log states broken ground");
	else if (battle_fact(ref, FACT_GROUND, GROUND_ROUGH))
		derive(d, CM_ROUGH_GROUND, "the log states rough ground");
}

/* Outflanked as the log states, unless a storming column, which is never
 * outflanked in charge combat (000:662). */
static bool outflanked(const struct rff_unit *u, const struct uref *ref)
{
	return battle_fact(ref, FACT_OUTFLANKED, 0) && u->formation != FORM_STORMING_COLUMN;
}

/* Outflanked, broken, march column or limbered guns (-3), which takes
 * priority over the hasty square's -1 (000:646); open order (-1). */
static void derive_formation(const struct rff_unit *me, const struct uref *ref, int side,
			     struct derived_mod *d)
{
	enum rff_formation f = me->formation;
	if (outflanked(me, ref))
		derive(d, CM_OUTFLANKED, "the log states %s is outflanked", me->core.decl->id);
	else if (me->order == ORDER_BROKEN)
		derive(d, CM_BROKEN, "%s is broken", me->core.decl->id);
	else if (f == FORM_MARCH_COLUMN)
		derive(d, CM_MARCH, "%s is in march column", me->core.decl->id);
	else if (me->arm == RFF_GUN && me->limbered)
		derive(d, CM_LIMBERED, "%s is limbered", me->core.decl->id);
	if (f == FORM_OPEN)
		derive(d, CM_OPEN, "%s is in open order", me->core.decl->id);
	else if (side == DEFENDER && f == FORM_HASTY_SQUARE && !d[CF_FLANK].set)
		derive(d, CM_HASTY_SQUARE, "%s formed a hasty square", me->core.decl->id);
}

/* Favourable ground, strong or fortified position: the best one; a square
 * defends favourable ground against a charge over broken or rough ground
 * (000:646). */
static void derive_position(const struct combat *c, const struct rff_unit *me, struct derived_mod *d)
{
	const struct uref *ref = &c->units->side[DEFENDER].units[0];
	const struct uref *att = &c->units->side[ATTACKER].units[0];
	bool square = rff_unit_in_square(me);
	if (battle_fact(ref, FACT_FORTIFIED, 0))
		derive(d, CM_FORTIFIED, "the log states a fortified position");
	else if (battle_fact(ref, FACT_STRONG, 0))
		derive(d, CM_STRONG, "the log states a strong position");
	else if (battle_fact(ref, FACT_FAVOURABLE, 0))
		derive(d, CM_FAVOURABLE, "the log states favourable ground");
	else if (square && (battle_fact(att, FACT_GROUND, GROUND_BROKEN) || battle_fact(att, FACT_GROUND, GROUND_ROUGH)))
		derive(d, CM_FAVOURABLE, "a square charged over broken or rough ground (000:646)");
}

/* The Charge Table's line for each experience (002:207-210). */
static const enum rff_charge_mod experience_mods[RFF_EXP_N] = {
	[RFF_EXP_NONE] = CM_NONE, [RFF_ELITE] = CM_ELITE, [RFF_VETERAN] = CM_VET, [RFF_TRAINED] = CM_TRAINED,
	[RFF_RAW] = CM_RAW};

/* Why each modifier that does not apply does not, as an umpire would say. */
static void note_absent(const struct rff_unit *me, int side, struct derived_mod *d)
{
	const char *id = me->core.decl->id;
	bool gun = me->arm == RFF_GUN;
	claim_absent(d, CF_EFFECTIVENESS, "%s", gun ? "guns have no effectiveness" : "no row of the Unit Effectiveness Table");
	claim_absent(d, CF_OUTNUMBERED, "the other side has less than 3:2 of its stands, or it is cavalry against infantry");
	claim_absent(d, CF_GUN_SUPPORT, "%s", gun ? "the log states neither supported nor unsupported" : "not a gun");
	claim_absent(d, CF_DISORDER, "%s is %s", id, gun ? "not silenced" : "not disordered");
	claim_absent(d, CF_LEADER, "no leader attached to %s and no brave colonel", id);
	claim_absent(d, CF_OPEN, "%s is not in open order%s", id, side == DEFENDER ? " or a hasty square" : "");
	claim_absent(d, CF_NATIONAL_GUARD, "neither national guard nor auxiliaries");
	claim_absent(d, CF_FLANK, "the log does not state %s outflanked; not broken, in march column or limbered", id);
	claim_absent(d, CF_POSITION, "%s", side == DEFENDER ? "the log states no favourable ground, strong or fortified position"
							    : "a defender's modifier");
	claim_absent(d, CF_IMPETUS, "%s", side == DEFENDER ? "an attacker's modifier"
							   : "no cold steel, no lancers' advantage, not a breakthrough");
	claim_absent(d, CF_GROUND, "%s", me->arm == RFF_CAV ? "the log states no ground charged over"
							       : "not cavalry");
}

static void derive_side(struct audit *a, const struct combat *c, int side, struct derived_mod *d)
{
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	const struct uref *ref = &c->units->side[side].units[0];
	const char *id = me->core.decl->id;
	enum rff_charge_mod exp = experience_mods[me->experience];
	if (exp != CM_NONE)
		derive(d, exp, "%s is %s", id, battle_unit_word(me->core.decl, RC_EXPERIENCE));
	const struct rff_uet_row *row = rff_uet(a, me);
	if (row) {
		static const enum rff_charge_mod mods[] = {
			[RFF_FRESH] = CM_FRESH, [RFF_WORN] = CM_WORN, [RFF_SPENT] = CM_SPENT};
		enum rff_effectiveness e = rff_effectiveness(row, me->core.stands);
		derive(d, mods[e], "%s has %d of %d stands, %s (%s %s)", id, me->core.stands, rff_uet_strength(a, me),
		       battle_unit_word(me->core.decl, RC_MORALE), row->cite, row->cell);
	}
	derive_outnumbered(a, c, side, d);
	if (me->arm == RFF_GUN && battle_fact(ref, FACT_SUPPORTED, 0))
		derive(d, CM_SUPPORTED, "the log states %s is supported", id);
	else if (me->arm == RFF_GUN && battle_fact(ref, FACT_UNSUPPORTED, 0))
		derive(d, CM_UNSUPPORTED, "the log states %s is unsupported", id);
	if (me->arm == RFF_GUN && me->silenced > 0)
		derive(d, CM_SILENCED, "%s is silenced", id);
	else if (me->arm != RFF_GUN && me->order == ORDER_DISORDERED)
		derive(d, CM_DISORDERED, "%s is disordered", id);
	int l = state_attached_leader(&a->st, c->principal[side]);
	if (l >= 0)
		derive(d, CM_ATTACHED, "%s is attached to %s", state_leader_at(&a->st, l)->decl->id, id);
	else if (state_has_flag(&me->core, FLAG_BRAVE_COLONEL))
		derive(d, CM_COLONEL, "%s has a brave colonel", id);
	derive_formation(me, ref, side, d);
	/* the flag is named as its modifier is */
	enum rff_charge_mod ng = state_has_flag(&me->core, FLAG_NATIONAL_GUARD) ? CM_NATIONAL_GUARD
				 : state_has_flag(&me->core, FLAG_AUXILIARIES) ? CM_AUXILIARIES : CM_NONE;
	if (ng != CM_NONE) {
		/* one item of 002:207's line (000:343); national-guard=additional reads
		 * 000:720's "additional -1" as a modifier of its own */
		bool line = !rff_options(a)->national_guard_additional;
		struct claim_mod m = *rff_charge_mod_at(ng);
		if (line)
			m.factor = CF_OPEN;
		claim_derive(d, &m, "%s is %s", id, m.code);
	}
	if (side == DEFENDER)
		derive_position(c, me, d);
	else
		derive_impetus(a, c, d);
	derive_ground(a, c, side, d);
	note_absent(me, side, d);
}

/* Stands lost beyond the two on a Swept or Repulsed: "equal to the die result
 * difference over 9" as printed (002:238, 002:244), or over 8 with the moved
 * bands (option swept-losses=moved). */
static int extra_losses(struct audit *a, int diff)
{
	int over = rff_options(a)->swept_losses_moved ? 8 : 9;
	return diff > over ? diff - over : 0;
}

/* Unlimbered guns a defeated side loses (002:238-240, 000:336). */
static bool guns_lost(const struct audit *a, const struct rff_unit *u, const struct rff_charge_band *b,
		      bool by_cavalry, bool fortified)
{
	if (u->arm != RFF_GUN || u->limbered)
		return false;
	/* Hard Pressed: "Troops and guns hold position if fortified" (002:240), and
	 * the loss is of guns that cannot retreat (000:336): they hold, unless
	 * hp-fortified-guns=lost */
	if (fortified && b->square_holds && rff_options(a)->hp_fortified_guns_hold)
		return false;
	bool heavy = battle_unit_code(u->core.decl, RC_CARRIAGE) == CAR_HC;
	bool fixed = state_has_flag(&u->core, FLAG_FIXED);
	switch (b->guns) {
	case RFF_GUNS_LOST:
		return true;
	case RFF_GUNS_LOST_HEAVY_FIXED_CAV:
		return heavy || fixed || by_cavalry;
	case RFF_GUNS_LOST_HEAVY_FIXED:
		return heavy || fixed;
	default:
		return false;
	}
}

/* What a difference gives: its band of the Charge Table and each side's
 * losses. */
struct charge_outcome {
	int diff;
	const struct rff_charge_band *band;
	int loss[2];
	bool guns_lost[2];
};

/* The stands side loses by the band: a lost battery all its stands. */
static int side_loss(struct audit *a, const struct combat *c, const struct charge_outcome *o, int side)
{
	const struct rff_charge_band *b = o->band;
	int winner = b->attacker_wins ? ATTACKER : DEFENDER;
	if (!b->both_lose && side == winner)
		return 0;
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	const struct rff_unit *them = rff_unit(&a->st, c->principal[!side]);
	if (b->loss_if_disordered && (me->arm == RFF_GUN || me->order == ORDER_GOOD))
		return 0;
	/* "DEFENDER lose N stands" is said of guns too, where 002:240 says "troop
	 * stand" for troops only; option gun-charge-losses=none reads it of troops */
	if (me->arm == RFF_GUN && rff_options(a)->gun_charge_losses_none)
		return 0;
	int loss = b->loss;
	if (b->extra_beyond)
		loss += extra_losses(a, side == DEFENDER ? o->diff : -o->diff);
	/* "... and full retreat broken": troops only, guns are never broken (002:239, 002:243) */
	if (b->one_more_cav_or_flank && me->arm != RFF_GUN &&
	    (them->arm == RFF_CAV || outflanked(me, &c->units->side[side].units[0])))
		loss++;
	return loss;
}

/* The outcome of a difference: its band and both sides' losses. */
static void outcome_of(struct audit *a, const struct combat *c, int diff, struct charge_outcome *o)
{
	const struct rff_unit *att = rff_unit(&a->st, c->principal[ATTACKER]);
	const struct rff_unit *def = rff_unit(&a->st, c->principal[DEFENDER]);
	memset(o, 0, sizeof *o);
	o->diff = diff;
	o->band = rff_charge_band(diff);
	o->guns_lost[DEFENDER] = o->band->attacker_wins &&
				 guns_lost(a, def, o->band, att->arm == RFF_CAV,
					   battle_fact(&c->units->side[DEFENDER].units[0], FACT_FORTIFIED, 0) != NULL);
	for (int side = 0; side < 2; side++)
		o->loss[side] = side_loss(a, c, o, side);
	/* a lost battery: every stand, or the printed loss (lost-guns-losses=printed) */
	if (o->guns_lost[DEFENDER] && !rff_options(a)->lost_guns_printed)
		o->loss[DEFENDER] = def->core.stands;
	else if (o->guns_lost[DEFENDER] && o->loss[DEFENDER] > def->core.stands)
		o->loss[DEFENDER] = def->core.stands;
}

static void derive_losses(struct audit *a, const struct combat *c, struct charge_derivation *d)
{
	struct charge_outcome o;
	outcome_of(a, c, d->diff, &o);
	d->band = o.band;
	for (int side = 0; side < 2; side++) {
		d->loss[side] = o.loss[side];
		d->guns_lost[side] = o.guns_lost[side];
	}
}

/* What each face of each side's die would have given under the derived
 * modifiers, the other's as rolled; and each side's losses on average over
 * every pair of faces (002:207-244). */
static void charge_odds(struct audit *a, const struct combat *c, const struct charge_derivation *d,
			struct rec_part *parts[2])
{
	const struct face *die[2] = {&c->roll->side[ATTACKER].die, &c->roll->side[DEFENDER].die};
	int sides[2], mods[2], lost[2] = {0, 0};
	for (int s = 0; s < 2; s++) {
		sides[s] = die[s]->die ? die[s]->die : rff_vocab.die;
		mods[s] = d->total[s] - die[s]->value;
		memset(&parts[s]->odds, 0, sizeof parts[s]->odds);
		parts[s]->odds.sides = sides[s];
	}
	for (int fa = 1; fa <= sides[ATTACKER]; fa++)
		for (int fd = 1; fd <= sides[DEFENDER]; fd++) {
			struct charge_outcome o;
			outcome_of(a, c, (fa + mods[ATTACKER]) - (fd + mods[DEFENDER]), &o);
			bool same = o.band == d->band && o.loss[ATTACKER] == d->loss[ATTACKER] &&
				    o.loss[DEFENDER] == d->loss[DEFENDER];
			if (fd == die[DEFENDER]->value)	/* the attacker's faces, the defender's as rolled */
				record_odds_face(&parts[ATTACKER]->odds, fa, die[ATTACKER]->value, same, true);
			if (fa == die[ATTACKER]->value)	/* the defender's, the attacker's as rolled */
				record_odds_face(&parts[DEFENDER]->odds, fd, die[DEFENDER]->value, same, true);
			lost[ATTACKER] += o.loss[ATTACKER];
			lost[DEFENDER] += o.loss[DEFENDER];
		}
	for (int s = 0; s < 2; s++)
		parts[s]->odds.exp_loss = (double)lost[s] / (sides[ATTACKER] * sides[DEFENDER]);
}

static void derive_charge(struct audit *a, const struct combat *c, struct charge_derivation *d)
{
	memset(d, 0, sizeof *d);
	struct rec_part *parts[2];
	for (int side = 0; side < 2; side++) {
		const char *id = rff_unit(&a->st, c->principal[side])->core.decl->id;
		derive_side(a, c, side, d->mods[side]);
		d->total[side] = claim_total(c->roll->side[side].die.value, d->mods[side]);
		parts[side] = record_part(a->rec, side_roles[side], id);
		record_step(a->rec, NULL, "%s %s: die %d", part_role_name(side_roles[side]), id,
			    c->roll->side[side].die.value);
		claim_record(a->rec, parts[side], id, d->mods[side], rff_charge_factor_name, CF_N);
		record_step(a->rec, NULL, "%s: total %d", id, d->total[side]);
	}
	d->diff = d->total[ATTACKER] - d->total[DEFENDER];
	derive_losses(a, c, d);
	char cite[512];
	snprintf(cite, sizeof cite, "%s Charge Table", d->band->cite);
	record_step(a->rec, cite, "difference %+d: %s gives %s; losses: attacker %d, defender %d", d->diff,
		    d->band->text, rff_effect_word(d->band->effect), d->loss[ATTACKER], d->loss[DEFENDER]);
	for (int side = 0; a->rec && side < 2; side++) {
		parts[side]->die = c->roll->side[side].die.value;
		parts[side]->total = d->total[side];
		parts[side]->has_total = true;
		parts[side]->loss = d->loss[side];
	}
	if (a->rec)
		charge_odds(a, c, d, parts);
	if (a->rec) {
		a->rec->effect = rff_effect_word(d->band->effect);
		a->rec->has_diff = true;
		a->rec->diff = d->diff;
	}
}

/* What a claimed charge code means: outnumbered by its derived value; the
 * national guard in the factor the option puts it in. */
struct lookup_ctx {
	const struct derived_mod *d;
	bool ng_line;
};

static bool charge_lookup(const struct mod *claimed, const void *ctx, struct claim_mod *out)
{
	const struct lookup_ctx *lc = ctx;
	const struct derived_mod *d = lc->d;
	bool outnumbered = claimed->id == CM_OUTNUMBERED_1;
	/* "outnumbered" names the factor: read as the item derived, the 0 for
	 * cavalry outnumbered by infantry (002:217) included */
	const struct claim_mod *m = outnumbered && d[CF_OUTNUMBERED].set ? &d[CF_OUTNUMBERED].m
				    : rff_charge_mod(claimed->id, outnumbered ? -1 : 0);
	if (!m)
		return false;
	*out = *m;
	if (out->factor == CF_NATIONAL_GUARD && lc->ng_line)
		out->factor = CF_OPEN;
	return true;
}

static void check_side(struct audit *a, const struct combat *c, const struct charge_derivation *d, int side,
		       enum diag_severity sev)
{
	const struct clash_side *roll = &c->roll->side[side];
	const struct claim *cl = &roll->claim;
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	struct span at = c->roll == c->units ? c->units->side[side].units[0].at : roll->die.at;
	a->side = me->core.decl->side;	/* each side's claim is its own player's */
	if (cl->n_mods) {
		struct lookup_ctx lc = {d->mods[side], !rff_options(a)->national_guard_additional};
		struct claim_table t = {charge_lookup, rff_charge_factor_name, &lc};
		claim_check_mods(a, cl, d->mods[side], &t, me->core.decl->id, at, sev);
	}
	claim_check_sum(a, roll->die.value, cl, sev);
	claim_check_total(a, cl, d->total[side], sev);
	if (cl->has_loss && cl->loss != d->loss[side]) {
		char cite[512];
		snprintf(cite, sizeof cite, "%s Charge Table: %s", d->band->cite, rff_effect_word(d->band->effect));
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, cl->loss_at, cite, "%s: loss=%d claimed, derived %d",
			   me->core.decl->id, cl->loss, d->loss[side]);
	}
}

static void check_result(struct audit *a, const struct combat *c, const struct charge_derivation *d)
{
	const struct ev_clash *r = c->roll;
	char cite[512];
	const struct claim *att = &r->side[ATTACKER].claim, *def = &r->side[DEFENDER].claim;
	if (r->has_diff && att->has_total && def->has_total && att->total - def->total != r->diff)
		audit_find(a, FINDING_ARITHMETIC, DIAG_WARNING, r->diff_at, NULL,
			   "the claimed totals %d and %d differ by %+d, not %+d", att->total, def->total,
			   att->total - def->total, r->diff);
	bool lookup_wrong = false;
	if (r->has_diff && r->effect) {
		const struct rff_charge_band *b = rff_charge_band(r->diff);
		if (b->effect != (enum rff_effect)vocab_code(r->effect)) {
			lookup_wrong = true;	/* an error only when the effect claimed is wrong too */
			snprintf(cite, sizeof cite, "%s Charge Table: %s %s", b->cite, b->text, rff_effect_word(b->effect));
			if (vocab_code(r->effect) == (int)d->band->effect)	/* the effect is right: the difference is not */
				audit_find(a, FINDING_LOOKUP, DIAG_WARNING, r->effect_at, cite,
					   "%s is right for the derived difference of %+d, but the difference claimed, "
					   "%+d, gives %s: the claimed difference is what is wrong", r->effect->word, d->diff,
					   r->diff, rff_effect_word(b->effect));
			else
				audit_find(a, FINDING_LOOKUP, DIAG_ERROR, r->effect_at, cite,
					   "%s claimed, but a difference of %+d gives %s", r->effect->word, r->diff,
					   rff_effect_word(b->effect));
		}
	}
	if (r->has_diff && !r->effect && r->diff != d->diff)
		audit_find(a, FINDING_TOTAL, DIAG_WARNING, r->diff_at, NULL, "%+d claimed, derived difference %+d",
			   r->diff, d->diff);
	if (r->effect && !lookup_wrong && vocab_code(r->effect) != (int)d->band->effect) {
		snprintf(cite, sizeof cite, "%s Charge Table: %s %s", d->band->cite, d->band->text,
			 rff_effect_word(d->band->effect));
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, r->effect_at, cite,
			   "%s claimed, derived %s (difference %+d: %d against %d)", r->effect->word,
			   rff_effect_word(d->band->effect),
			   d->diff, d->total[ATTACKER], d->total[DEFENDER]);
	}
}

/* The effect as played, or EFF_NONE when nothing is claimed. */
static enum rff_effect played_effect(const struct ev_clash *r)
{
	if (r->effect)
		return vocab_code(r->effect);
	if (r->has_diff)
		return rff_charge_band(r->diff)->effect;
	return EFF_NONE;
}

/* Marks disorder or broken on troops; silences guns. */
static void worsen(struct rff_unit *u, enum rff_order order)
{
	if (u->arm == RFF_GUN) {
		u->silenced = u->core.stands;
		return;
	}
	if (u->order < order)
		rff_unit_set_order(u, order);
}

static bool light_carriage(const struct rff_unit *u)
{
	enum rff_carriage carriage = battle_unit_code(u->core.decl, RC_CARRIAGE);
	return carriage != CAR_NONE && carriage != CAR_HC && !state_has_flag(&u->core, FLAG_FIXED);
}

/* A defending gun that survives Driven Back or Hard Pressed: Hard Pressed
 * damages a stand; light carriage guns limber up unless fortified, where
 * they hold (002:239-240). */
static void defeated_guns(struct rff_unit *def, enum rff_effect e, bool fortified)
{
	bool hard_pressed = e == EFF_HARD_PRESSED;
	if (def->arm != RFF_GUN || def->core.removed || (!hard_pressed && e != EFF_DRIVEN_BACK))
		return;
	if (hard_pressed)
		rff_unit_damage(def, 1);
	if (light_carriage(def) && !(hard_pressed && fortified))	/* Driven Back has no fortified exception */
		def->limbered = true;
}

/* A difference that gives the effect: the one nearest 0, for the fewest
 * extra losses when only the effect is claimed. */
static int difference_for(enum rff_effect effect)
{
	for (int n = 0; n <= 40; n++)
		for (int sign = 1; sign >= -1; sign -= 2)
			if (rff_charge_band(sign * n)->effect == effect)
				return sign * n;
	return 0;
}

/* Marks order on every unit named on a side of the combat (the stands lost
 * stay with its first-named unit: the seeds do not share them out). */
static void worsen_side(struct audit *a, const struct combat *c, int side, enum rff_order order)
{
	const struct clash_side *cs = &c->units->side[side];
	for (int i = 0; i < cs->n_units; i++) {
		int u = state_unit_ref(&a->st, &cs->units[i]);
		if (u >= 0)
			worsen(rff_unit(&a->st, u), order);
	}
}

/* The band of an effect (the first whose effect it is). */
static const struct rff_charge_band *band_named(enum rff_effect effect)
{
	return rff_charge_band(difference_for(effect));
}

/* Broken or disordered, the losing side (002:238-244; an outflanked loser
 * retreats broken, but a square holds on Hard Pressed, 000:648). */
static enum rff_order loser_order(struct audit *a, const struct combat *c, const struct rff_charge_band *b,
				   int side, bool square)
{
	const struct rff_unit *me = rff_unit(&a->st, c->principal[side]);
	const struct rff_unit *them = rff_unit(&a->st, c->principal[!side]);
	const struct uref *ref = &c->units->side[side].units[0];
	bool flank = outflanked(me, ref);
	/* outflanked and fortified on Hard Pressed: broken as 000:648 says of every
	 * outflanked loser, or holding as 002:240 and 000:378 say of the fortified
	 * (hp-flank-fortified=holds) */
	bool fort_holds = battle_fact(ref, FACT_FORTIFIED, 0) && rff_options(a)->hp_flank_fortified_holds;
	bool broken = b->broken || (b->broken_if_flank && flank && !(b->square_holds && (square || fort_holds))) ||
		      (b->broken_if_cav && them->arm == RFF_CAV) || (b->broken_if_square && square && side == DEFENDER);
	return broken ? ORDER_BROKEN : ORDER_DISORDERED;
}

/* "Disordered if ... cavalry, or after 2nd combat" (002:238-240) says not
 * when: at the end of the charge phase, as 000:600 marks a charge over rough
 * ground (the default), or at once (option winner-disorder=immediate). */
static void winner_disordered(struct audit *a, int winner)
{
	if (rff_options(a)->winner_disorder_immediate)
		worsen(rff_unit(&a->st, winner), ORDER_DISORDERED);
	else
		rff_unit_disorder_later(&a->st, winner);
}

/* The state after the effect as played (002:238-244). */
static void apply_effect(struct audit *a, const struct combat *c, enum rff_effect e, const int loss[2])
{
	struct rff_unit *att = rff_unit(&a->st, c->principal[ATTACKER]);
	struct rff_unit *def = rff_unit(&a->st, c->principal[DEFENDER]);
	const struct uref *aref = &c->units->side[ATTACKER].units[0];
	const struct rff_charge_band *b = band_named(e);
	bool rough = battle_fact(aref, FACT_GROUND, GROUND_BROKEN) || battle_fact(aref, FACT_GROUND, GROUND_ROUGH);
	bool attacker_wins = b->attacker_wins;
	bool by_cav = att->arm == RFF_CAV;
	bool holds = rff_unit_in_square(def);
	for (int side = 0; side < 2; side++)	/* every unit of a losing side retreats alike */
		if (b->both_lose || side == (attacker_wins ? DEFENDER : ATTACKER))
			worsen_side(a, c, side, loser_order(a, c, b, side, holds));
	/* A winner is disordered if cavalry, over broken or rough ground or after
	 * a second combat, marked when the phase ends (as 000:600 marks moves);
	 * one that took a square on Hard Pressed retreats in good order (000:648). */
	bool square_held = holds && b->square_holds;
	/* "after 2nd combat": a breakthrough's; the winner of a reroll is already
	 * disordered by its Desperate Struggle (002:241) */
	if (attacker_wins && (by_cav || c->breakthrough || rough) && !square_held && att->arm != RFF_GUN)
		winner_disordered(a, c->principal[ATTACKER]);
	/* A storming column that wins carries the position, changes formation
	 * (line, the first 000:664 names, until the log says otherwise) and is
	 * marked disordered. */
	if (attacker_wins && !square_held && att->formation == FORM_STORMING_COLUMN) {
		att->formation = FORM_LINE;
		winner_disordered(a, c->principal[ATTACKER]);
	}
	if (!attacker_wins && !b->both_lose && def->arm == RFF_CAV)
		worsen(def, ORDER_DISORDERED);	/* "DEFENDER ... Cavalry disordered" */
	bool fortified = battle_fact(&c->units->side[DEFENDER].units[0], FACT_FORTIFIED, 0) != NULL;
	bool lost = attacker_wins && guns_lost(a, def, b, by_cav, fortified);	/* before they limber */
	for (int side = 0; side < 2; side++)
		if (loss[side] > 0)
			state_lose(&a->st, c->principal[side], loss[side]);
	if (lost)	/* the battery goes, whatever stands the loss took */
		def->core.removed = true;
	defeated_guns(def, e, fortified);
	if (holds && def->order == ORDER_BROKEN)	/* a broken square loses its sheltered crews (000:648) */
		for (int i = 0; i < a->st.n_units; i++)
			if (rff_unit(&a->st, i)->sheltered && rff_unit(&a->st, i)->sheltered_in == c->principal[DEFENDER]) {
				rff_unit(&a->st, i)->core.removed = true;
				state_touch_unit(&a->st, i);
			}
}

/* A roll the effect calls for: the fallen-leader check on Swept and
 * Repulsed with a leader attached (002:238, 002:244). */
static void fallen_due(struct audit *a, const struct combat *c, enum rff_effect e)
{
	int side = e == EFF_SWEPT ? DEFENDER : e == EFF_REPULSED ? ATTACKER : -1;
	int l = side < 0 ? -1 : state_attached_leader(&a->st, c->principal[side]);
	if (l < 0)
		return;
	/* the effect as written on this line, else the attacker's die: an
	 * override's effect is the ruling's, written on another line */
	rff_fallen_due(a, audit_place(a, c->roll->effect_at.col ? c->roll->effect_at : c->roll->side[0].die.at),
		       side == DEFENDER ? "002:238" : "002:244",
		       "%s with %s attached calls for a fallen-leader check, which is not logged", rff_effect_word(e),
		       state_leader_at(&a->st, l)->decl->id);
}

/* The facts the log states are taken on trust (hidden unless --notes). */
static void note_facts(struct audit *a, const struct ev_clash *c)
{
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < c->side[side].n_units; i++) {
			const struct uref *ref = &c->side[side].units[i];
			for (int k = 0; k < ref->n_facts; k++)
				audit_find(a, FINDING_TRUSTED, DIAG_NOTE, ref->facts[k].at, NULL, "taken on trust: %s %s%s%s",
					   ref->id, ref->facts[k].word->word, ref->facts[k].value ? "=" : "",
					   ref->facts[k].value ? ref->facts[k].value : "");
		}
}

/* Every unit named is still in the game. */
static bool present(struct audit *a, const struct combat *c)
{
	const struct ev_clash *units = c->units;
	bool ok = true;
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < units->side[side].n_units; i++) {
			const struct uref *ref = &units->side[side].units[i];
			int u = state_unit_ref(&a->st, ref);
			if (u >= 0 && rff_unit(&a->st, u)->core.removed) {
				audit_find(a, FINDING_STATE, DIAG_ERROR, audit_place_in(a, c->units_stmt, ref->at), "000:532",
					   "%s was removed from the game earlier", ref->id);
				ok = false;
			}
		}
	return ok && units->side[0].n_units > 0 && units->side[1].n_units > 0;
}

/* The outcome as played: the claimed effect with its losses (from the
 * claimed difference when it gives that effect), or the claimed losses. */
static void played_outcome(struct audit *a, const struct combat *c, enum rff_effect played,
			   struct charge_derivation *p)
{
	const struct ev_clash *r = c->roll;
	if (played && played != p->band->effect) {
		p->diff = r->has_diff && rff_charge_band(r->diff)->effect == played
				  ? r->diff : difference_for(played);
		p->band = rff_charge_band(p->diff);
		p->loss[ATTACKER] = p->loss[DEFENDER] = 0;
		p->guns_lost[ATTACKER] = p->guns_lost[DEFENDER] = false;
		derive_losses(a, c, p);
	}
	for (int side = 0; side < 2; side++)
		if (r->side[side].claim.has_loss)
			p->loss[side] = r->side[side].claim.loss;
}

/* The state of both sides follows the claim from here: said once per unit. */
static void note_diverged(struct audit *a, const struct combat *c, const struct charge_derivation *d,
			  const struct charge_derivation *p)
{
	record_step(a->rec, NULL, "as played (the claim): %s, losses: attacker %d, defender %d",
		    rff_effect_word(p->band->effect), p->loss[ATTACKER], p->loss[DEFENDER]);
	for (int side = 0; side < 2; side++) {
		struct rff_unit *u = rff_unit(&a->st, c->principal[side]);
		if (u->core.diverged || (p->band == d->band && p->loss[side] == d->loss[side]))
			continue;
		u->core.diverged = true;
		struct loc at = audit_place_in(a, c->units_stmt, c->units->side[side].units[0].at);
		audit_find(a, FINDING_DIVERGED, DIAG_NOTE, at, NULL,
			   "from here the state of %s follows the claim (%s, loss=%d), not the derivation (%s, loss=%d)",
			   u->core.decl->id, rff_effect_word(p->band->effect), p->loss[side], rff_effect_word(d->band->effect),
			   d->loss[side]);
	}
}

/* Mexican cavalry charging in disorder, or counter-charging as the charge
 * line says (002:107, 002:114). */
static void legal_mex_cavalry(struct audit *a, const struct combat *c)
{
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < c->units->side[side].n_units; i++) {
			const struct uref *ref = &c->units->side[side].units[i];
			int u = state_unit_ref(&a->st, ref);
			bool counter = battle_fact(ref, FACT_COUNTERCHARGE, 0) != NULL;
			if (u >= 0 && (side == ATTACKER || counter))
				rff_legal_mex_cavalry(a, rff_unit(&a->st, u), ref->at, counter);
		}
}

/* Cold steel stated on the charge line by a unit that may not use it. */
static void legal_cold_steel(struct audit *a, const struct combat *c)
{
	const struct clash_side *att = &c->units->side[ATTACKER];
	for (int i = 0; i < att->n_units; i++) {
		const struct fact *cs = battle_fact(&att->units[i], FACT_COLD_STEEL, 0);
		int u = state_unit_ref(&a->st, &att->units[i]);
		if (cs && u >= 0)
			rff_legal_cold_steel(a, rff_unit(&a->st, u), battle_fact(&att->units[i], FACT_STATIONARY, 0), cs->at);
	}
}

void rff_charge_audit(struct audit *a, const struct stmt *s)
{
	const struct event *e = &s->u->event;
	struct combat c = {.roll = &e->u.clash};
	c.reroll = e->def->shape == &shape_reroll;
	c.breakthrough = e->def->code == RV_BREAKTHROUGH;
	audit_record(a, c.reroll ? "reroll" : "charge");
	if (c.reroll) {
		if (audit_last_clash(a) < 0 || !rff_run(a)->reroll_due) {
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, e->kw_at, "002:241",
				   "a reroll follows only a Desperate Struggle");
			return;
		}
		const struct stmt *charge = &a->b->stmts[audit_last_clash(a)];
		c.units = &charge->u->event.u.clash;
		c.units_stmt = audit_last_clash(a);
		c.breakthrough = charge->u->event.def->code == RV_BREAKTHROUGH;
	} else {
		c.units = &e->u.clash;
		c.units_stmt = a->stmt;
		note_facts(a, c.units);
	}
	rff_run(a)->reroll_due = false;
	if (!present(a, &c))
		return;
	for (int side = 0; side < 2; side++)
		c.principal[side] = state_unit_ref(&a->st, &c.units->side[side].units[0]);
	if (c.principal[0] < 0 || c.principal[1] < 0)
		return;
	if (c.breakthrough && !c.reroll)
		rff_legal_breakthrough(a, rff_unit(&a->st, c.principal[ATTACKER]), c.units->side[ATTACKER].units[0].at);
	if (!c.reroll) {
		legal_cold_steel(a, &c);
		const struct rff_unit *att = rff_unit(&a->st, c.principal[ATTACKER]);
		bool checked = att->checked_turn == a->st.turn && !c.breakthrough;
		int illegal = audit_illegal_count(a);
		if (!checked)	/* a checked charge is one finding, not two */
			legal_mex_cavalry(a, &c);
		if (!checked && audit_follows_derived(a) && audit_illegal_count(a) > illegal) {
			record_step(a->rec, "002:107", "a charge the rules forbid: the state is left as it was");
			return;
		}
		if (checked) {
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, c.units->side[ATTACKER].units[0].at, "002:195",
				   "%s's charge was checked by fire this turn: it retreats 2\" and there is no charge "
				   "combat", att->core.decl->id);
			if (audit_follows_derived(a)) {	/* the legal state: no combat took place */
				record_step(a->rec, "002:195", "no charge combat: the state is left as it was");
				return;
			}
		}
	}
	a->side = rff_unit(&a->st, c.principal[ATTACKER])->core.decl->side;
	struct charge_derivation d;
	derive_charge(a, &c, &d);
	enum rff_effect played = played_effect(c.roll);
	bool wrong = played && played != d.band->effect;
	for (int side = 0; side < 2; side++)
		wrong |= c.roll->side[side].claim.has_loss && c.roll->side[side].claim.loss != d.loss[side];
	for (int side = 0; side < 2; side++)
		check_side(a, &c, &d, side, wrong ? DIAG_ERROR : DIAG_WARNING);
	a->side = rff_unit(&a->st, c.principal[ATTACKER])->core.decl->side;	/* the result is the attacker's claim */
	check_result(a, &c, &d);
	struct charge_derivation as_played = d;
	if (!audit_follows_derived(a))
		played_outcome(a, &c, played, &as_played);
	enum rff_effect effect = as_played.band->effect;
	const int *loss = as_played.loss;
	if (effect != d.band->effect || loss[0] != d.loss[0] || loss[1] != d.loss[1])
		note_diverged(a, &c, &d, &as_played);
	fallen_due(a, &c, effect);
	apply_effect(a, &c, effect, loss);
	/* both sides roll again, unless the struggle removed one (002:241) */
	rff_run(a)->reroll_due = effect == EFF_DESPERATE_STRUGGLE && !rff_unit(&a->st, c.principal[ATTACKER])->core.removed &&
			!rff_unit(&a->st, c.principal[DEFENDER])->core.removed;
	if (effect == EFF_DESPERATE_STRUGGLE && !rff_run(a)->reroll_due)
		record_step(a->rec, "000:532", "a side is removed from the game: there is no reroll");
	for (int side = 0; a->rec && side < 2; side++) {
		struct rec_part *p = record_find_part(a->rec, side_roles[side]);
		rff_describe(a, c.principal[side], p->after, sizeof p->after);
		record_step(a->rec, NULL, "%s after: %s", p->unit, p->after);
	}
}

/* "Remove leader for one turn" (002:229): the last turn he is out.  Turns
 * are numbered player turn by player turn.  own-turn (the default): out
 * until his side's next player turn has passed, whoever's turn he fell in
 * (a "turn" of the rules is a game turn, in which his side has one player
 * turn); player-turn: the next player turn only; two-turns: the next two;
 * game-turn: through the whole next game turn, a game turn being an odd
 * player turn and the even one after it. */
static int out_until(const struct audit *a, const struct leader_state *ls)
{
	bool own = a->st.side && ls->decl->side && strcasecmp(a->st.side, ls->decl->side) == 0;
	int game_turn = (a->st.turn + 1) / 2;	/* player turns 1 and 2 are game turn 1 */
	switch (rff_options(a)->leader_out) {
	case LEADER_OUT_GAME_TURN:
		return 2 * (game_turn + 1);
	case LEADER_OUT_PLAYER_TURN:
		return a->st.turn + 1;
	case LEADER_OUT_TWO_TURNS:
		return a->st.turn + 2;
	case LEADER_OUT_OWN_TURN:
		break;
	}
	return a->st.turn + (own ? 2 : 1);
}

/* fallen: the fallen-leader table's effect on the leader (002:225-233). */
void rff_fallen_audit(struct audit *a, const struct stmt *s)
{
	const struct ev_leader_roll *f = &s->u->event.u.leader_roll;
	int l = state_leader_of(&a->st, f->leader_sym, f->leader);
	const struct rff_fallen_row *row = rff_fallen(f->die.value);
	if (l < 0 || !row)
		return;
	struct leader_state *ls = state_leader_at(&a->st, l);
	a->side = ls->decl->side;
	struct record *rec = audit_record(a, "fallen-leader");
	struct rec_part *part = record_part(rec, ROLE_LEADER, f->leader);
	if (part) {	/* the die, and its odds: a lower face is better for the leader (002:225-233) */
		part->die = f->die.value;
		part->odds.sides = f->die.die ? f->die.die : rff_vocab.die;
		for (int face = 1; face <= part->odds.sides; face++)
			record_odds_face(&part->odds, face, f->die.value, rff_fallen(face) == row, false);
	}
	record_step(rec, row->cite, "%s rolls %d: %s%s", f->leader, f->die.value, rff_effect_word(row->effect),
		    row->removed ? ", removed from the game" : row->out_turns ? ", out for one turn"
		    : row->dismounted_turns ? ", dismounted for one turn" : ", no effect");
	if (rec)
		rec->effect = rff_effect_word(row->effect);
	if (ls->removed)
		audit_find(a, FINDING_STATE, DIAG_ERROR, f->leader_at, NULL, "%s was removed from the game earlier",
			   f->leader);
	/* the claim names the effect, or its result alone ("out-one-turn") */
	enum rff_effect claimed = vocab_code(f->effect);
	bool claimed_result = claimed && !rff_fallen_named(claimed, false);
	if (claimed && claimed != (claimed_result ? row->result : row->effect)) {
		char cite[512];
		snprintf(cite, sizeof cite, "%s Fallen Leader Table: %s", row->cite, rff_effect_word(row->effect));
		audit_find(a, FINDING_LOOKUP, DIAG_ERROR, f->effect_at, cite, "%s claimed, but face %d gives %s (%s)",
			   f->effect->word, f->die.value, rff_effect_word(row->effect), rff_effect_word(row->result));
	}
	const struct rff_fallen_row *played = row;
	if (claimed && !audit_follows_derived(a) && claimed != row->effect && claimed != row->result)
		played = rff_fallen_named(claimed, claimed_result);
	ls->killed |= played->killed;
	ls->wounded |= played->wounded;
	if (played->removed) {
		ls->removed = true;
		state_attach(&a->st, l, -1);
	}
	if (played->out_turns) {	/* back, he is unattached until he attaches anew (002:49) */
		state_attach(&a->st, l, -1);
		ls->out_until = out_until(a, ls);
		state_away(&a->st, l);
	}
	if (played->dismounted_turns)	/* "for one turn", as a flesh wound's */
		rff_unit_dismount_leader(&a->st, l, out_until(a, ls));
}
