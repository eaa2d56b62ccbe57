/* rff_fire: musketry and cannonade for Regimental Fire and Fury (MAW).
 *
 * Fire points from weapon, nation, range band and stands firing (002:152-174),
 * halved once for a disordered firer, low ammunition or a damaged gun (002:178)
 * and rounded down (000:320); the fire-point modifier and the die-roll
 * modifiers (002:182-189, 000:560, 000:566); the result in the target's
 * column (002:193-201 read as 001's four columns unless fire-columns=five);
 * losses, gun effects, the charge outcome, massed targets and the duties of a
 * base die of 10.  Then the state follows the game as played. */
#include "rff_fire.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../claim.h"
#include "rff_legal.h"
#include "rff_run.h"
#include "rff_tables.h"
#include "rff_vocab.h"
#include "rff_unit.h"

/* One firing unit's share. */
struct firer {
	int u;
	int stands;
	int quarters;		/* fire points x4, after halving */
	bool rocket;
};

struct fire_derivation {
	struct firer firers[32];
	int n_firers;
	int quarters;		/* all fire points x4 */
	int points;		/* whole points, rounded down */
	struct derived_mod mods[CLAIM_MAX_FACTORS];
	int total;
	struct rff_fire_result result;
	int loss;
	bool gun_target;
	bool cannonade;
	bool valid;		/* false: something the audit cannot derive (reported) */
};


static void derive(struct fire_derivation *d, enum rff_fire_mod m, const char *fmt, ...) UMPIRE_PRINTF(3, 4);

static void derive(struct fire_derivation *d, enum rff_fire_mod m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	claim_derivev(d->mods, rff_fire_mod_at(m), fmt, ap);
	va_end(ap);
}

/* The rocket's hit roll (002:169-170): its points count only on a hit. */
static bool rocket_hits(struct audit *a, const struct uref *ref)
{
	const char *cite;
	int lowest = rff_rocket_hit(ref->range, &cite);
	if (!ref->hit) {
		audit_find(a, FINDING_MISSING_ROLL, DIAG_WARNING, ref->at, cite,
			   "%s fires rockets at %d\": the hit roll (%d-10 hits) is missing; taken as a hit",
			   ref->id, ref->range, lowest);
		return true;
	}
	return ref->hit->value >= lowest;
}

/* Whether all of a troop firer's points are halved (002:178: once, however
 * many of its reasons hold). Guns are halved stand by stand instead. */
static bool halved(const struct rff_unit *us)
{
	return us->arm != RFF_GUN && (us->low_ammo || us->order != ORDER_GOOD);
}

/* Of `firing` gun stands, how many fire at half: each damaged stand, and
 * each stand marked low on ammunition (002:178, 002:198 "Mark one gun
 * stand").  Each mark is taken to be on its own stand, and the marked
 * stands to fire last (gun-marks=apart); or the marks share stands as far
 * as they can and the marked stands fire first (gun-marks=shared). */
static int gun_half_stands(const struct audit *a, const struct rff_unit *us, int firing, int available)
{
	bool shared = rff_options(a)->gun_marks_shared;
	int marked = shared ? (us->damaged > us->low_ammo ? us->damaged : us->low_ammo) : us->damaged + us->low_ammo;
	if (marked > available)
		marked = available;
	int half = shared ? (firing < marked ? firing : marked) : firing - (available - marked);
	return half > 0 ? half : 0;
}

/* Range limits by the light of the turn (000:558, 000:562): a firer beyond
 * them does not fire; the others still do. */
static bool within_light(struct audit *a, const struct uref *ref)
{
	const char *cite;
	int limit = rff_light_range(a->st.cond_code, a->st.cond_num, a->st.cond_word_code, &cite);
	if (!limit || ref->range <= limit)
		return true;
	audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ref->at, cite,
		   "%s fires at %d\", beyond the %d\" the light of this turn allows", ref->id, ref->range, limit);
	return false;
}

/* A firer's fire points; false (with a finding) if it cannot fire. */
static bool firer_points(struct audit *a, const struct uref *ref, struct firer *f)
{
	const struct rff_unit *us = rff_unit(&a->st, f->u);
	const char *weapon = battle_unit_word(us->core.decl, RC_WEAPON);
	enum rff_weapon arms = battle_unit_code(us->core.decl, RC_WEAPON);
	if (!within_light(a, ref))
		return false;
	if (arms == WPN_NONE || arms == WPN_UNARMED) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ref->at, NULL, "%s has no fire weapon", ref->id);
		return false;
	}
	/* 000:315 "Cavalry only can fire their carbines while dismounted"; and mounted
	 * arms are abstracted in charge combat (000:738), so cavalry fires only
	 * dismounted whatever it carries, unless mounted-fire=rifles */
	bool rifles = rff_options(a)->mounted_fire_rifles;
	if (us->arm == RFF_CAV && us->mounted && (!rifles || arms == WPN_C)) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ref->at, "000:315, 000:738",
			   "%s fires %s mounted: cavalry fires only dismounted", ref->id,
			   arms == WPN_C ? "carbines" : weapon);
		return false;
	}
	const struct rff_fire_points *row = rff_fire_points(vocab_code(us->core.nation) ? vocab_code(us->core.nation) : NATION_US,
							    arms, ref->range, rff_options(a)->small_arms_text);
	if (!row) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ref->at, "002:152-174 Musketry & Cannonade",
			   "%s (%s) cannot fire at %d\"", ref->id, weapon, ref->range);
		return false;
	}
	/* the seeds are silent (the basic rules are not among them): broken troops
	 * have no formation to fire from, unless broken-fire=half */
	if (us->arm != RFF_GUN && us->order == ORDER_BROKEN && rff_options(a)->broken_fire_none) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ref->at, "000:416",
			   "%s is broken and has lost its formation: broken troops do not fire until they reform",
			   ref->id);
		return false;
	}
	int available = us->arm == RFF_GUN ? us->core.stands - us->silenced : us->core.stands;
	if (available <= 0) {
		audit_find(a, FINDING_STATE, DIAG_ERROR, ref->at, NULL,
			   "%s cannot fire: every gun stand is silenced", ref->id);
		return false;
	}
	f->stands = ref->stands >= 0 ? ref->stands : available;
	if (f->stands > available) {
		audit_find(a, FINDING_STATE, DIAG_ERROR, ref->at, NULL, "%s fires %d stands but has %d%s",
			   ref->id, f->stands, available, us->arm == RFF_GUN ? " unsilenced" : "");
		/* the legal state: silenced gun stands fire nothing, so the line as
		 * logged does not fire; a stale count of troops or guns fires what
		 * it has */
		if (audit_follows_derived(a) && us->arm == RFF_GUN && us->silenced > 0 && f->stands <= us->core.stands)
			return false;
		f->stands = available;
	}
	int illegal = audit_illegal_count(a);
	rff_legal_fire(a, us, ref);
	if (audit_follows_derived(a) && audit_illegal_count(a) > illegal)
		return false;	/* the legal state: a firer the rules forbid does not fire */
	f->rocket = arms == WPN_HR;
	if (f->rocket && !rocket_hits(a, ref))
		f->stands = 0;	/* the rockets miss: no points */
	f->quarters = row->half_points * f->stands * 2;
	const char *why = "";
	int half = us->arm == RFF_GUN ? gun_half_stands(a, us, f->stands, available) : 0;
	if (halved(us)) {
		f->quarters /= 2;
		why = us->low_ammo ? ", halved: low on ammunition (002:178)" : ", halved: firing disordered (002:178)";
	} else if (half > 0) {
		f->quarters -= row->half_points * half;	/* half of each such stand */
		why = us->low_ammo ? ", damaged or low-on-ammunition stands at half (002:178, 002:198)"
				   : ", damaged stands at half (002:178)";
	}
	struct rec_part *p = record_part(a->rec, ROLE_FIRER, ref->id);
	if (p)
		p->points = f->quarters / 4;
	record_step(a->rec, row->cite, "%s: %d stand%s of %s at %d\": %g point%s a stand, %g%s%s", ref->id, f->stands,
		    f->stands == 1 ? "" : "s", weapon, ref->range, row->half_points / 2.0,
		    row->half_points == 2 ? "" : "s", f->quarters / 4.0, why,
		    f->rocket && f->stands == 0 ? " (the rockets miss)" : "");
	return true;
}

/* Is the share of fire points that meets the test half or more? */
static bool half_or_more(const struct fire_derivation *d, int share)
{
	return d->quarters > 0 && share * 2 >= d->quarters;
}

/* Firer modifiers: raw, buck and ball, sharpshooters (002:182-183, 000:326). */
static void derive_firer_mods(struct audit *a, const struct ev_fire *ev, struct fire_derivation *d)
{
	int raw = 0, buck = 0, sharp = 0, either = 0;
	bool every_sharp = true;	/* every firer with points is a sharpshooter */
	bool charge = battle_fact(&ev->target, FACT_CHARGING, 0);
	for (int i = 0; i < d->n_firers; i++) {
		if (d->firers[i].u < 0 || d->firers[i].quarters == 0)
			continue;
		const struct rff_unit *us = rff_unit(&a->st, d->firers[i].u);
		if (us->experience == RFF_RAW)
			raw += d->firers[i].quarters;
		if (state_has_flag(&us->core, FLAG_SHARPSHOOTERS))
			sharp += d->firers[i].quarters;
		else
			every_sharp = false;
		bool charged = charge || battle_fact(&ev->firers[i], FACT_CHARGED, 0);
		bool bb = charged && vocab_code(us->core.nation) == NATION_US && battle_unit_code(us->core.decl, RC_WEAPON) == WPN_M;
		if (bb)
			buck += d->firers[i].quarters;
		if (bb || state_has_flag(&us->core, FLAG_SHARPSHOOTERS))
			either += d->firers[i].quarters;
	}
	if (half_or_more(d, raw))
		derive(d, FM_RAW, "half or more of the fire points come from raw troops or guns");
	else if (raw)
		claim_absent(d->mods, FF_RAW, "raw troops or guns give %g of the %g fire points: less than half",
			     raw / 4.0, d->quarters / 4.0);
	else	/* an elite battery is not "guns firing" in the -1's sense: the line is for raw firers */
		claim_absent(d->mods, FF_RAW, "no firer is raw");
	if (rff_options(a)->ss_mixed_all && !every_sharp) {	/* sharpshooters count only firing alone */
		either = buck;
		sharp = 0;
	}
	/* one line of 002:183, one +1 however many of its firers qualify */
	if (half_or_more(d, either))
		derive(d, buck >= sharp ? FM_BB : FM_SS, "%s", buck >= sharp && sharp == 0
			? "American muskets fire buck & ball in a charge (000:325)"
			: "half or more of the fire points come from muskets firing buck & ball in a charge or "
			  "sharpshooters: one +1 (002:183)");
}

/* Target modifiers (002:184-189); none for mounted cavalry as such (000:326). */
static void derive_target_mods(struct audit *a, const struct ev_fire *ev, const struct rff_unit *t,
			       struct fire_derivation *d)
{
	const struct uref *ref = &ev->target;
	const char *id = t->core.decl->id;
	enum rff_formation f = t->formation;
	if (d->gun_target) {
		if (t->limbered)
			derive(d, FM_LIMBERED, "%s is limbered", id);
		if (battle_fact(ref, FACT_ENFILADED, 0))
			derive(d, FM_ENFILADED_GUN, "the log states %s is enfiladed", id);
	} else {
		/* the facts named as their modifiers are */
		static const struct {
			enum rff_fact fact;
			enum rff_fire_mod mod;
		} facts[] = {
			{FACT_ABOUT_FACED, FM_ABOUT_FACED}, {FACT_PASSAGE, FM_PASSAGE}, {FACT_FLANK_MARCH, FM_FLANK_MARCH},
			{FACT_ABATIS, FM_ABATIS},
		};
		if (f == FORM_FIELD_COLUMN)
			derive(d, FM_COLUMN, "%s is in field column", id);
		if (t->order == ORDER_BROKEN)
			derive(d, FM_BROKEN, "%s is broken", id);
		for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
			if (battle_fact(ref, facts[i].fact, 0))
				derive(d, facts[i].mod, "the log states %s", rff_fire_mod_at(facts[i].mod)->code);
		if (battle_fact(ref, FACT_ENFILADED, 0))
			derive(d, FM_ENFILADED, "the log states %s is enfiladed", id);
		if (rff_unit_in_square(t))
			derive(d, FM_SQUARE, "%s is in square", id);
		if (f == FORM_MARCH_COLUMN)
			derive(d, FM_MARCH, "%s is in march column", id);
		if (f == FORM_STORMING_COLUMN)
			derive(d, FM_STORMING, "%s is a storming column", id);
	}
	bool open = f == FORM_OPEN;
	if (battle_fact(ref, FACT_FORTIFIED, 0))
		derive(d, FM_FORTIFIED, "the log states %s is in a fortified position", id);
	else if (battle_fact(ref, FACT_COVER, COVER_FULL))
		derive(d, FM_FULL, "the log states %s is in full cover", id);
	else if (open && battle_fact(ref, FACT_COVER, COVER_PARTIAL))
		derive(d, FM_OPEN_PARTIAL, "%s is in open order in partial cover", id);
	(void)a;
}

/* Twilight and night: targets count as in full cover (000:560, 000:566). */
static void derive_dark(struct audit *a, const struct ev_fire *ev, const struct rff_unit *t,
			struct fire_derivation *d)
{
	enum rff_light light = a->st.cond_code;
	int far = 0;
	bool in_charge = battle_fact(&ev->target, FACT_CHARGING, 0);
	for (int i = 0; i < d->n_firers; i++) {
		if (ev->firers[i].range > 4)
			far += d->firers[i].quarters;
		in_charge |= battle_fact(&ev->firers[i], FACT_CHARGED, 0) != NULL;
	}
	bool dark = (light == LIGHT_TWILIGHT && half_or_more(d, far)) || (light == LIGHT_NIGHT && !in_charge);
	const struct derived_mod *cover = &d->mods[FF_COVER];
	if (dark && (!cover->set || cover->m.value > -2))
		derive(d, FM_DARK, "%s: the target counts as in full cover",
		       light == LIGHT_NIGHT ? "at night (000:566)"
						  : "in twilight, half or more points fired from over 4\" (000:560)");
	/* the lesser cover the log states, when darkness does not outdo it */
	bool open = t->formation == FORM_OPEN;
	if (battle_fact(&ev->target, FACT_COVER, COVER_PARTIAL))
		derive(d, FM_PARTIAL, "the log states %s is in partial cover", t->core.decl->id);
	else if (open)
		derive(d, FM_OPEN, "%s is in open order", t->core.decl->id);
}

/* Does the effect touch the target at all? Lively Fire from musketry does
 * nothing (002:200), Desultory Fire never. */
static bool hits(const struct rff_fire_effect *fx, bool cannonade)
{
	return fx && (fx->disorders || fx->troop_loss || fx->guns_silenced || fx->guns_wrecked) &&
	       (cannonade || fx->musketry_hits);
}

/* Stands lost by the target (002:195-201; one more on 15 or more, so never
 * more than 3, 000:331); a gun's are its wrecked stands. */
static int loss_for(const struct rff_unit *t, const struct fire_derivation *d, enum rff_effect effect, int total)
{
	const struct rff_fire_effect *fx = rff_fire_effect(effect);
	if (!hits(fx, d->cannonade))
		return 0;
	int extra = fx->extra_on_15 && total >= 15 ? 1 : 0;
	if (d->gun_target)
		return fx->guns_wrecked ? fx->guns_wrecked + extra : 0;
	if (fx->loss_if_disordered && t->order == ORDER_GOOD)
		return 0;
	return fx->troop_loss + extra;
}

static int derive_loss(const struct rff_unit *t, const struct fire_derivation *d)
{
	return loss_for(t, d, d->result.effect, d->total);
}

/* What a claimed fire code means: fp's value is the derived one (it follows
 * the points, which are checked apart, as pts=). */
static bool fire_lookup(const struct mod *claimed, const void *ctx, struct claim_mod *out)
{
	const struct fire_derivation *d = ctx;
	if (claimed->id == FM_POINTS && d->mods[FF_POINTS].set) {
		*out = d->mods[FF_POINTS].m;
		return true;
	}
	const struct claim_mod *m = rff_fire_mod(claimed->id, d->gun_target);
	if (m)
		*out = *m;
	return m != NULL;
}

/* The result of a total against the target, under the audit's readings of
 * the table (fire-columns, charge-bands). */
static bool fire_result(const struct audit *a, const struct rff_unit *target, int total, struct rff_fire_result *out)
{
	const struct rff_options *o = rff_options(a);
	return rff_fire_result(o->fire_columns, o->charge_bands_split, target->experience, total, out);
}

/* Why each modifier that does not apply does not, as an umpire would say. */
static void note_absent(const struct audit *a, const struct ev_fire *ev, const struct rff_unit *t,
			struct fire_derivation *d)
{
	const char *id = t->core.decl->id;
	const char *f = t->formation ? rff_word(RC_FORMATION, t->formation) : "no logged formation";
	static const char *const orders[] = {"in good order", "disordered", "broken"};
	claim_absent(d->mods, FF_RAW, "raw troops or guns give less than half the fire points");
	claim_absent(d->mods, FF_BUCK_SHARP, "%s", battle_fact(&ev->target, FACT_CHARGING, 0)
						   ? "American muskets and sharpshooters fire less than half the points"
						   : "sharpshooters fire less than half the points, and no charge: the "
						     "target is not charging and no firer is charged");
	if (d->gun_target) {
		claim_absent(d->mods, FF_TROOP_TARGET, "%s is a gun", id);
		claim_absent(d->mods, FF_TARGET_FORMATION, "%s is a gun", id);
		claim_absent(d->mods, FF_GUN_TARGET, "%s is unlimbered and not stated enfiladed", id);
	} else {
		claim_absent(d->mods, FF_TROOP_TARGET, "%s is %s, %s; the log states no about face, passage of "
			     "lines, march by the flank or abatis", id, f, orders[t->order]);
		claim_absent(d->mods, FF_TARGET_FORMATION, "%s is in %s; the log does not state it enfiladed", id, f);
		claim_absent(d->mods, FF_GUN_TARGET, "%s is not a gun", id);
	}
	claim_absent(d->mods, FF_COVER, "the log states no cover or fortified position; %s is not in open "
		     "order; %s", id, a->st.cond_code == LIGHT_DAYLIGHT ? "daylight" : "the light does not count");
}

/* What each face of the firer's die would have given under the derived
 * modifiers: the same effect and losses, or not (002:195-201). */
static void fire_odds(const struct audit *a, const struct ev_fire *ev, const struct rff_unit *target,
		      const struct fire_derivation *d, struct rec_odds *odds)
{
	odds->sides = ev->die.die ? ev->die.die : rff_vocab.die;
	int mods = d->total - ev->die.value, lost = 0;
	for (int f = 1; f <= odds->sides; f++) {
		struct rff_fire_result r;
		if (!fire_result(a, target, f + mods, &r)) {
			memset(odds, 0, sizeof *odds);	/* a face the table has no cell for: no odds */
			return;
		}
		int loss = loss_for(target, d, r.effect, f + mods);
		record_odds_face(odds, f, ev->die.value, r.effect == d->result.effect && loss == d->loss, true);
		lost += loss;
	}
	odds->exp_loss = (double)lost / odds->sides;
}

/* Everything derived for the event; false if it cannot be derived. */
static bool derive_fire(struct audit *a, const struct ev_fire *ev, int t, struct fire_derivation *d)
{
	memset(d, 0, sizeof *d);
	const struct rff_unit *target = rff_unit(&a->st, t);
	d->gun_target = target->arm == RFF_GUN;
	bool any = false;	/* a firer that cannot fire is reported; the others still fire */
	int guns = 0;		/* fire points of guns, in quarters */
	for (int i = 0; i < ev->n_firers && i < 32; i++) {
		struct firer *f = &d->firers[d->n_firers++];
		f->u = state_unit_ref(&a->st, &ev->firers[i]);
		if (f->u < 0 || !firer_points(a, &ev->firers[i], f)) {
			f->stands = f->quarters = 0;
			continue;
		}
		any = true;
		rff_unit(&a->st, f->u)->fired_turn = a->st.turn;
		if (rff_unit(&a->st, f->u)->arm == RFF_GUN)
			guns += f->quarters;
		d->quarters += f->quarters;
	}
	if (!any)
		return false;
	/* Lively Fire is "from cannonade only": fire of half or more gun points, as
	 * for twilight (000:560) and low ammunition (002:198), or lively-mixed=any */
	d->cannonade = rff_options(a)->lively_mixed_any ? guns > 0
		       : d->quarters > 0 && guns * 2 >= d->quarters;
	d->points = d->quarters / 4;	/* round fractions down (000:320) */
	record_step(a->rec, "000:320", "%g fire points in all, rounded down: %d", d->quarters / 4.0, d->points);
	const struct claim_mod *fp = rff_fire_points_mod(d->points);
	if (!fp) {
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, ev->target.at, "000:320",
			   "0 fire points after rounding down: the fire has no effect");
		return false;
	}
	claim_derive(d->mods, fp, "%d fire point%s", d->points, d->points == 1 ? "" : "s");
	derive_firer_mods(a, ev, d);
	derive_target_mods(a, ev, target, d);
	derive_dark(a, ev, target, d);
	note_absent(a, ev, target, d);
	d->total = claim_total(ev->die.value, d->mods);
	struct rec_part *tp = record_part(a->rec, ROLE_TARGET, ev->target.id);
	if (tp) {
		tp->die = ev->die.value;
		tp->total = d->total;
		tp->has_total = true;
		tp->points = d->points;	/* the fire points of every firer, rounded down */
	}
	claim_record(a->rec, tp, "die roll", d->mods, rff_fire_factor_name, FF_N);
	if (!fire_result(a, target, d->total, &d->result))
		return false;
	d->loss = derive_loss(target, d);
	if (tp) {
		tp->loss = d->loss;
		fire_odds(a, ev, target, d, &tp->odds);
	}
	char cite[512];
	const char *exp = battle_unit_word(target->core.decl, RC_EXPERIENCE);
	snprintf(cite, sizeof cite, "%s Musketry & Cannonade: %s, %s column \"%s\" (layout %s, docs/rules.md)",
		 d->result.cite, rff_effect_word(d->result.effect), exp, d->result.cell,
		 rff_options(a)->fire_columns == 5 ? "five" : "four");
	record_step(a->rec, cite, "total %d; target %s is %s: column %s, band \"%s\": %s", d->total,
		    target->core.decl->id, exp, exp, d->result.cell, rff_effect_word(d->result.effect));
	if (a->rec)
		a->rec->effect = rff_effect_word(d->result.effect);
	return true;
}

/* The outcome of a charging target (002:195-201): Mexican cavalry is checked
 * whenever the fire disorders it (000:332, 000:934); the band of 002:197
 * lets a charge with cold steel come home. */
static enum rff_outcome charge_outcome(struct audit *a, const struct ev_fire *ev, const struct rff_unit *t,
				       const struct fire_derivation *d)
{
	const struct rff_fire_effect *fx = rff_fire_effect(d->result.effect);
	bool disorders = hits(fx, d->cannonade) && fx->disorders;
	if (disorders && t->arm == RFF_CAV && vocab_code(t->core.nation) == NATION_MEX)
		return OUTCOME_CHECKED;
	if (d->result.checked_unless_cold_steel) {
		bool cold_steel = t->cold_steel_turn == a->st.turn || battle_fact(&ev->target, FACT_COLD_STEEL, 0);
		return cold_steel ? OUTCOME_HOME : OUTCOME_CHECKED;
	}
	return d->result.outcome;
}

static const char *outcome_word(enum rff_outcome o)
{
	return rff_word(RC_OUTCOME_FIRE, o);
}

static void check_state_claim(struct audit *a, const struct claim *c, const struct rff_unit *t,
			      const struct fire_derivation *d, const char *cite);

static void check_claim(struct audit *a, const struct ev_fire *ev, const struct rff_unit *t,
			const struct fire_derivation *d, enum rff_outcome outcome, enum diag_severity sev)
{
	const struct claim *c = &ev->claim;
	char cite[512];
	snprintf(cite, sizeof cite, "%s Musketry & Cannonade: %s, %s column \"%s\"", d->result.cite,
		 rff_effect_word(d->result.effect),
		 battle_unit_word(t->core.decl, RC_EXPERIENCE), d->result.cell);
	const struct tally *pts = claim_tally(c, RFF_TALLY_PTS);
	if (pts && pts->value != d->points)
		audit_find(a, FINDING_POINTS, sev, pts->at, "002:152-174 Musketry & Cannonade",
			   "pts=%d claimed, derived %d fire points", pts->value, d->points);
	if (c->n_mods) {
		struct claim_table table = {fire_lookup, rff_fire_factor_name, d};
		claim_check_mods(a, c, d->mods, &table, ev->target.id, ev->target.at, sev);
	}
	claim_check_sum(a, ev->die.value, c, sev);
	claim_check_total(a, c, d->total, sev);
	struct rff_fire_result at_claim;
	bool lookup_wrong = false;
	if (c->has_total && c->effect &&
	    fire_result(a, t, c->total, &at_claim) &&
	    at_claim.effect != (enum rff_effect)vocab_code(c->effect)) {
		lookup_wrong = true;	/* an error only when the effect claimed is wrong too */
		if (vocab_code(c->effect) == (int)d->result.effect)	/* the effect is right: the total is not */
			audit_find(a, FINDING_LOOKUP, DIAG_WARNING, c->effect_at, at_claim.cite,
				   "%s is right for the derived total of %d, but the total claimed, %d, gives %s "
				   "against %s (%s): the claimed total is what is wrong", c->effect->word, d->total,
				   c->total, rff_effect_word(at_claim.effect), t->core.decl->id, battle_unit_word(t->core.decl, RC_EXPERIENCE));
		else
			audit_find(a, FINDING_LOOKUP, DIAG_ERROR, c->effect_at, at_claim.cite,
				   "%s claimed, but a total of %d against %s (%s) gives %s", c->effect->word, c->total,
				   t->core.decl->id, battle_unit_word(t->core.decl, RC_EXPERIENCE), rff_effect_word(at_claim.effect));
	}
	if (c->effect && !lookup_wrong && vocab_code(c->effect) != (int)d->result.effect)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, cite,
			   "%s claimed, derived %s (total %d against %s, %s)", c->effect->word, rff_effect_word(d->result.effect),
			   d->total, t->core.decl->id, battle_unit_word(t->core.decl, RC_EXPERIENCE));
	if (c->has_loss && c->loss != d->loss)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, cite, "loss=%d claimed, derived %d",
			   c->loss, d->loss);
	if (c->outcome && !outcome)
		audit_find(a, FINDING_OUTCOME, DIAG_WARNING, c->outcome_at, NULL,
			   "%s claimed, but the log does not state %s is charging", c->outcome->word, t->core.decl->id);
	else if (c->outcome && vocab_code(c->outcome) != (int)outcome)
		audit_find(a, FINDING_OUTCOME, DIAG_ERROR, c->outcome_at, cite, "%s claimed, derived %s",
			   c->outcome->word, outcome_word(outcome));
	check_state_claim(a, c, t, d, cite);
}

/* An effect on a target's state (002:195-201): the unit's own, or a copy. */
static void effect_on(struct rff_unit *us, enum rff_effect effect, int loss, bool cannonade)
{
	const struct rff_fire_effect *fx = rff_fire_effect(effect);
	if (!hits(fx, cannonade))
		return;
	if (loss > 0)	/* first: the wrecked stands go, then the rest are silenced */
		rff_unit_lose(us, loss);
	if (us->arm == RFF_GUN) {
		if (fx->guns_wrecked)
			us->wrecked += loss;
		if (fx->silence_rest)
			us->silenced = us->core.stands;
		rff_unit_silence(us, fx->guns_silenced);
		rff_unit_damage(us, fx->guns_damaged);
	} else if (fx->disorders && us->order == ORDER_GOOD) {
		us->order = ORDER_DISORDERED;
	}
}

/* Effects on a target as played. */
static void apply_effect(struct audit *a, int t, enum rff_effect effect, int loss, bool cannonade)
{
	effect_on(rff_unit(&a->st, t), effect, loss, cannonade);
}

/* The target's state the fire leaves, as claimed: disordered, and gun
 * stands silenced, damaged or wrecked by this fire (the derived effect on a
 * copy of the target). */
static void check_state_claim(struct audit *a, const struct claim *c, const struct rff_unit *t,
			      const struct fire_derivation *d, const char *cite)
{
	struct rff_unit after = *t;
	effect_on(&after, d->result.effect, d->loss, d->cannonade);
	const struct tally *dis = claim_tally(c, RFF_TALLY_DISORDERED);
	if (dis && (t->arm == RFF_GUN || after.order == ORDER_GOOD))
		audit_find(a, FINDING_STATE_AFTER, DIAG_ERROR, dis->at, cite,
			   "disordered claimed, but %s %s", t->core.decl->id,
			   t->arm == RFF_GUN ? "is a gun: guns are silenced, not disordered" : "stays in good order");
	const int by_fire[RFF_MARK_WRECKED + 1] = {
		[RFF_MARK_SILENCED] = after.silenced - (t->silenced < after.core.stands ? t->silenced : after.core.stands),
		[RFF_MARK_DAMAGED] = after.damaged - (t->damaged < after.core.stands ? t->damaged : after.core.stands),
		[RFF_MARK_WRECKED] = after.wrecked - t->wrecked,
	};
	for (int m = RFF_MARK_SILENCED; m <= RFF_MARK_WRECKED; m++) {
		const struct tally *k = claim_tally(c, m);
		if (k && k->value != by_fire[m])
			audit_find(a, FINDING_STATE_AFTER, DIAG_ERROR, k->at, cite,
				   "%s=%d claimed, derived %d gun stand%s %s by this fire", k->word->word, k->value,
				   by_fire[m], by_fire[m] == 1 ? "" : "s", k->word->word);
	}
}

/* Units within 2" behind the target take the next lower effect (002:197). */
static void apply_massed(struct audit *a, const struct ev_fire *ev, const struct fire_derivation *d)
{
	const struct fact *massed = battle_fact(&ev->target, FACT_MASSED, 0);
	const char *behind = massed ? massed->value : NULL;
	int m = behind ? state_unit(&a->st, behind) : -1;
	if (m < 0)
		return;
	enum rff_effect lower = rff_fire_next_lower(d->result.effect);
	struct fire_derivation md = *d;
	md.result.effect = lower;
	md.gun_target = rff_unit(&a->st, m)->arm == RFF_GUN;
	int loss = derive_loss(rff_unit(&a->st, m), &md);
	audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, ev->target.at, "002:197",
		   "massed target: %s behind takes the next lower effect, %s%s", behind, rff_effect_word(lower),
		   loss ? " and its losses" : "");
	state_touch_unit(&a->st, m);	/* the line names it: its state is the line's */
	apply_effect(a, m, lower, loss, d->cannonade);
}

/* Whether firer entry i is its unit's first in the fire: a unit logged in
 * several entries (a battery stand by stand) is one firer. */
static bool first_entry(const struct fire_derivation *d, int i)
{
	for (int j = 0; j < i; j++)
		if (d->firers[j].u == d->firers[i].u)
			return false;
	return true;
}

/* The stands unit u fires with, over all its entries. */
static int stands_firing(const struct fire_derivation *d, int u)
{
	int n = 0;
	for (int i = 0; i < d->n_firers; i++)
		if (d->firers[i].u == u)
			n += d->firers[i].stands;
	return n;
}

/* "Mark one gun stand or unit of troops firing half or more stands"
 * (002:198): troops firing half or more of their stands, a gun likewise
 * (or firing any, low-ammo-guns=any), each gun stand marked once. */
static bool marked_low(const struct audit *a, const struct rff_unit *us, int stands)
{
	if (stands <= 0)
		return false;
	bool gun = us->arm == RFF_GUN;
	bool enough = stands * 2 >= us->core.stands || (gun && rff_options(a)->low_ammo_guns_any);
	return enough && us->low_ammo < (gun ? us->core.stands : 1);
}

/* A base die of 10: low on ammunition; a fallen-leader check (002:198-199). */
static void base_ten(struct audit *a, const struct ev_fire *ev, const struct fire_derivation *d)
{
	if (ev->die.value != 10)
		return;
	for (int i = 0; i < d->n_firers; i++) {
		int u = d->firers[i].u;
		if (u < 0 || !first_entry(d, i) || !marked_low(a, rff_unit(&a->st, u), stands_firing(d, u)))
			continue;
		rff_unit_low_ammo(rff_unit(&a->st, u), 1);
		audit_find(a, FINDING_CONSEQUENCE, DIAG_NOTE, ev->die.at, "002:198",
			   "base die 10: %s is low on ammunition", rff_unit(&a->st, u)->core.decl->id);
		if (rff_options(a)->low_ammo_first)
			break;
	}
	if (battle_fact(&ev->target, FACT_NO_LEADER, 0)) {	/* the check is for a leader within 4" */
		record_step(a->rec, "002:199", "base die 10: no leader within 4\" of %s, so no fallen-leader check",
			    ev->target.id);
		return;
	}
	rff_fallen_due(a, audit_place(a, ev->die.at), "002:199",
		       "base die 10: a fallen-leader check for the closest leader within 4\" of %s is not logged",
		       ev->target.id);
}

/* The facts and figures the log states are taken on trust. */
static void note_trust(struct audit *a, const struct ev_fire *ev)
{
	for (int i = 0; i < ev->n_firers; i++)
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, ev->firers[i].at, NULL,
			   "taken on trust: %s fires at %d\"%s", ev->firers[i].id, ev->firers[i].range,
			   ev->firers[i].stands >= 0 ? " with the stands stated" : "");
	for (int i = 0; i < ev->target.n_facts; i++)
		audit_find(a, FINDING_TRUSTED, DIAG_NOTE, ev->target.facts[i].at, NULL, "taken on trust: %s%s%s",
			   ev->target.facts[i].word->word, ev->target.facts[i].value ? "=" : "",
			   ev->target.facts[i].value ? ev->target.facts[i].value : "");
}

/* Every unit of the event is still in the game. */
static bool units_present(struct audit *a, const struct ev_fire *ev)
{
	bool ok = true;
	for (int i = -1; i < ev->n_firers; i++) {
		const struct uref *ref = i < 0 ? &ev->target : &ev->firers[i];
		int u = state_unit_ref(&a->st, ref);
		if (u >= 0 && rff_unit(&a->st, u)->core.removed) {
			audit_find(a, FINDING_STATE, DIAG_ERROR, ref->at, "000:532",
				   "%s was removed from the game earlier", ref->id);
			ok = false;
		}
	}
	return ok;
}

/* A fire with no points has no effect: a claim of one is wrong. */
static void check_no_effect(struct audit *a, const struct claim *c)
{
	record_step(a->rec, "000:320", "no fire points: no effect");
	if (c->effect && vocab_code(c->effect) != EFF_DESULTORY)
		audit_find(a, FINDING_EFFECT, DIAG_ERROR, c->effect_at, "000:320",
			   "%s claimed, but the fire has no points and no effect", c->effect->word);
	if (c->has_loss && c->loss != 0)
		audit_find(a, FINDING_LOSSES, DIAG_ERROR, c->loss_at, "000:320",
			   "loss=%d claimed, but the fire has no points and no effect", c->loss);
}

/* The outcome as played: the claimed effect (or the effect of the claimed
 * total) with its losses, unless the losses are claimed too. */
static void played_outcome(const struct rff_unit *target, const struct claim *c, enum rff_effect played,
			   struct fire_derivation *p)
{
	if (played && played != p->result.effect) {
		p->result.effect = played;
		if (c->has_total)
			p->total = c->total;
		p->loss = derive_loss(target, p);
	}
	if (c->has_loss)
		p->loss = c->loss;
}

/* The state follows the claim from here: said once per unit. */
static void note_diverged(struct audit *a, const struct ev_fire *ev, struct rff_unit *target,
			  const struct fire_derivation *d, const struct fire_derivation *p)
{
	record_step(a->rec, NULL, "as played (the claim): %s, %d stand%s lost", rff_effect_word(p->result.effect), p->loss,
		    p->loss == 1 ? "" : "s");
	if (target->core.diverged)
		return;
	target->core.diverged = true;
	audit_find(a, FINDING_DIVERGED, DIAG_NOTE, ev->target.at, NULL,
		   "from here the state of %s follows the claim (%s, loss=%d), not the derivation (%s, loss=%d)",
		   ev->target.id, rff_effect_word(p->result.effect), p->loss, rff_effect_word(d->result.effect), d->loss);
}

void rff_fire_audit(struct audit *a, const struct stmt *s)
{
	const struct ev_fire *ev = &s->u->event.u.fire;
	audit_record(a, "fire");
	record_step(a->rec, NULL, "base die %d", ev->die.value);
	int t = state_unit_ref(&a->st, &ev->target);
	int firer = ev->n_firers > 0 ? state_unit_ref(&a->st, &ev->firers[0]) : -1;
	if (firer >= 0)	/* a fire is its firer's claim, defensive fire in the other player's turn too */
		a->side = rff_unit(&a->st, firer)->core.decl->side;
	if (t < 0 || !units_present(a, ev))
		return;
	if (rff_unit(&a->st, t)->sheltered)	/* its crew is in a square, the gun abandoned */
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, ev->target.at, "000:638",
			   "%s is an abandoned gun whose crew shelters in a square: it cannot be targeted", ev->target.id);
	note_trust(a, ev);
	struct fire_derivation d;
	if (!derive_fire(a, ev, t, &d)) {
		check_no_effect(a, &ev->claim);
		return;
	}
	struct rff_unit *target = rff_unit(&a->st, t);
	const struct claim *c = &ev->claim;
	bool charging = battle_fact(&ev->target, FACT_CHARGING, 0);
	enum rff_outcome outcome = charging ? charge_outcome(a, ev, target, &d) : OUTCOME_NONE;
	enum rff_effect played = vocab_code(c->effect);
	if (!played && c->has_total) {
		struct rff_fire_result r;
		if (fire_result(a, target, c->total, &r))
			played = r.effect;
	}
	bool wrong = (played && played != d.result.effect) || (c->has_loss && c->loss != d.loss) ||
		     (c->outcome && outcome && vocab_code(c->outcome) != (int)outcome);
	check_claim(a, ev, target, &d, outcome, wrong ? DIAG_ERROR : DIAG_WARNING);
	struct fire_derivation as_played = d;	/* what the state follows */
	if (!audit_follows_derived(a) && (played || c->has_loss))
		played_outcome(target, c, played, &as_played);
	bool diverges = as_played.result.effect != d.result.effect || as_played.loss != d.loss;
	if (diverges)
		note_diverged(a, ev, target, &d, &as_played);
	if (outcome)
		record_step(a->rec, d.result.cite, "%s is charging: %s", ev->target.id, outcome_word(outcome));
	enum rff_outcome outcome_played = !audit_follows_derived(a) && c->outcome ? (enum rff_outcome)vocab_code(c->outcome)
												 : outcome;
	if (outcome_played == OUTCOME_CHECKED)
		target->checked_turn = a->st.turn;	/* it retreats 2": no charge combat (002:195) */
	apply_massed(a, ev, &as_played);
	apply_effect(a, t, as_played.result.effect, as_played.loss, d.cannonade);
	base_ten(a, ev, &d);
	if (a->rec) {
		struct rec_part *tp = record_find_part(a->rec, ROLE_TARGET);
		rff_describe(a, t, tp->after, sizeof tp->after);
		record_step(a->rec, d.result.cite, "%s loses %d stand%s; after%s: %s", ev->target.id, d.loss,
			    d.loss == 1 ? "" : "s", diverges ? " (as played)" : "", tp->after);
	}
}
