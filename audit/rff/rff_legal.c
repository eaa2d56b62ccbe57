/* rff_legal: what Regimental Fire and Fury (MAW) does not allow.
 *
 * Each rule is a small predicate over a maneuver action, a state event or
 * the order of battle, with its source; the audit reports a broken one as
 * illegal-action.  The rules that belong to a derivation (cold steel that
 * cannot count, a firer out of range) stay with it in rff_fire.c and
 * rff_charge.c. */
#include "rff_legal.h"

#include <string.h>

#include "rff_run.h"
#include "rff_tables.h"
#include "rff_vocab.h"
#include "rff_unit.h"

/* The effects after which a maneuver is Well Handled or better. */
static bool well_handled(enum rff_effect effect)
{
	return effect == EFF_DOUBLE_QUICK || effect == EFF_WELL_HANDLED || effect == EFF_RALLY_WITH_ELAN;
}

static bool mex_cavalry(const struct rff_unit *u)
{
	return u->arm == RFF_CAV && vocab_code(u->core.nation) == NATION_MEX;
}

static bool at_night(const struct audit *a)
{
	return a->st.cond_code == LIGHT_NIGHT;
}

/* Who may not charge with cold steel (000:544, 000:548, 000:932). */
static const char *cold_steel_barred(const struct rff_unit *u, bool stationary)
{
	if (state_has_flag(&u->core, FLAG_CUIRASSIERS))
		return "the Tulancingo Cuirassiers may not charge with cold steel (000:932)";
	if (state_has_flag(&u->core, FLAG_MOUNTED_RIFLES))
		return "the Mounted Rifles may not charge with cold steel (000:932)";
	if (u->arm == RFF_CAV && !u->mounted)
		return "dismounted cavalry may not charge with cold steel (000:548)";
	if (u->arm == RFF_CAV && stationary)
		return "stationary cavalry may not charge with cold steel (000:548)";
	if (u->arm == RFF_GUN)
		return "guns do not charge";
	return NULL;
}

void rff_legal_cold_steel(struct audit *a, const struct rff_unit *u, bool stationary, struct span at)
{
	const char *barred = cold_steel_barred(u, stationary);
	if (barred)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:544", "%s: %s", u->core.decl->id, barred);
	else if (u->fired_turn == a->st.turn && u->experience != RFF_ELITE)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:544",
			   "%s charges with cold steel in the turn it fired; only elite troops may do both",
			   u->core.decl->id);
}

void rff_legal_mex_cavalry(struct audit *a, const struct rff_unit *u, struct span at, bool countercharge)
{
	if (mex_cavalry(u) && u->order != ORDER_GOOD)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, countercharge ? "002:114" : "002:107",
			   "%s: Mexican cavalry cannot %s in disorder", u->core.decl->id,
			   countercharge ? "counter-charge" : "charge");
}

/* A maneuver held to an effect's list: a check line's action, or a state
 * event logged after the check (its keyword and word). */
struct maneuver {
	enum rff_action what;
	const char *verb;	/* canonical */
	const char *word;	/* a formation's name, or NULL */
	int word_code;		/* its code */
	struct span at;
};

/* The maneuver is on the list the effect gives (002:90-148); at night a
 * Double Quick or Well Handled is performed as Tardy (000:566).  False
 * (and reported) when it is not. */
static bool on_the_list(struct audit *a, const struct rff_unit *u, const struct maneuver *m, enum rff_effect effect)
{
	/* 000:566 names Double Quick and Well Handled; "all other effects remain
	 * the same" keeps Rally with Elan's maneuver, unless night-elan=tardy */
	bool elan = effect == EFF_RALLY_WITH_ELAN;
	bool night = at_night(a) && well_handled(effect) &&
		     (!elan || rff_options(a)->night_elan_tardy);
	enum rff_effect as = !night ? effect : elan ? EFF_RALLY : EFF_TARDY;
	const struct rff_maneuver_row *row = rff_maneuvers(as, u->arm == RFF_GUN);
	if (!row || m->what == RFF_ACT_NONE)
		return true;
	if (!(row->allowed & (1u << m->what))) {
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, m->at, row->cite, "%s: %s is not among the maneuvers %s%s allows (%s)",
			   u->core.decl->id, m->verb, rff_effect_word(effect),
			   night ? " at night, performed as Tardy (000:566)," : "", row->list);
		return false;
	}
	static const bool tardy_formation[] = {	/* Tardy's "change formation to line, open order, square or garrison" */
		[FORM_LINE] = true, [FORM_OPEN] = true, [FORM_SQUARE] = true, [FORM_GARRISON] = true,
		[FORM_STORMING_COLUMN] = false,
	};
	if (m->what == RFF_ACT_FORM && row->tardy_formations && m->word && !tardy_formation[m->word_code])
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, m->at, row->cite,
			   "%s: on %s a unit changes formation only to line, open order, square or garrison, not %s",
			   u->core.decl->id, rff_effect_word(effect), m->word);
	return true;
}

void rff_legal_action(struct audit *a, const struct rff_unit *u, const struct action *act,
		      enum rff_effect effect)
{
	const char *id = u->core.decl->id;
	const struct maneuver m = {.what = vocab_code(act->verb), .verb = act->verb->word, .word = vocab_spelling(act->word),
				   .word_code = vocab_code(act->word), .at = act->at};
	if (!on_the_list(a, u, &m, effect))
		return;	/* one finding for one action */
	if (vocab_code(act->verb) == RFF_ACT_CHARGE) {
		if (act->flag)
			rff_legal_cold_steel(a, u, false, act->flag_at);
		rff_legal_mex_cavalry(a, u, act->at, false);
	}
	if (vocab_code(act->verb) == RFF_ACT_FORM && vocab_code(act->word) == FORM_SQUARE) {
		if (u->arm != RFF_INF && !(u->arm == RFF_CAV && !u->mounted))
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:610",
				   "%s: only infantry may form square", id);
		else if (u->arm == RFF_CAV && !u->mounted)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:582, 002:81",
				   "%s: dismounted cavalry deploys only in open order", id);
		else if (effect == EFF_TARDY &&	/* worse than Tardy: not on the list */
			 (u->formation == FORM_OPEN || u->formation == FORM_MARCH_COLUMN))
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:620",
				   "%s forms a deliberate square on %s from %s: it needs Tardy or better, and from "
				   "open order or march column better than Tardy", id, effect ? rff_effect_word(effect) : "no effect",
				   rff_word(RC_FORMATION, u->formation));
	}
}

static bool light_carriage(const struct rff_unit *u)
{
	static const bool light[] = {
		[CAR_HLC] = true, [CAR_OLC] = true, [CAR_FLC] = true, [CAR_MLC] = true, [CAR_LC] = true, [CAR_HC] = false,
	};
	return light[battle_unit_code(u->core.decl, RC_CARRIAGE)];
}

int rff_legal_combination(struct audit *a, const struct rff_unit *u, const struct action *acts, int n,
			  enum rff_effect effect)
{
	bool guns = u->arm == RFF_GUN;
	bool flying = guns &&
		      (battle_unit_code(u->core.decl, RC_CARRIAGE) == CAR_FLC || state_has_flag(&u->core, FLAG_FLYING));
	unsigned set = 0;
	int count = 0;
	for (int i = 0; i < n; i++) {	/* the first action that makes one maneuver too many */
		enum rff_action what = vocab_code(acts[i].verb);
		if (what == RFF_ACT_NONE || (set & (1u << what)))
			continue;
		unsigned with = set | 1u << what;
		if (++count >= 2 && !rff_combination(guns, effect, with, guns && light_carriage(u), flying)) {
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, acts[i].at, guns ? "002:120-144" : "002:92-110",
				   "%s: %s after %s is one maneuver too many on %s; the lists combine only %s",
				   u->core.decl->id, acts[i].verb->word, acts[0].verb->word, effect ? rff_effect_word(effect) : "this effect",
				   guns ? "light guns' moves with limbering or firing, and flying artillery's on a "
					  "Double Quick"
					: "a half move with a change of formation or a passage of lines");
			return i;
		}
		set = with;
	}
	return n;
}

/* A state event the rules forbid in the state the unit is in. */
void rff_legal_state(struct audit *a, const struct event *e)
{
	const char *verb = e->def->keyword;
	enum rff_verb own = e->def->code;
	const struct ev_state *st = &e->u.state;
	if (e->def->core == SV_ATTACH && st->n_args > 1) {	/* a leader joins a unit of its side */
		int l = audit_arg_leader(a, &st->args[0]), v = audit_arg_unit(a, &st->args[1]);
		if (l >= 0 && v >= 0 && strcmp(state_leader_at(&a->st, l)->decl->side, rff_unit(&a->st, v)->core.decl->side) != 0)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, st->args[1].at, NULL,
				   "%s is a leader of side %s; %s belongs to side %s", st->args[0].text,
				   state_leader_at(&a->st, l)->decl->side, st->args[1].text, rff_unit(&a->st, v)->core.decl->side);
		else if (v >= 0 && rff_unit(&a->st, v)->core.removed)
			audit_find(a, FINDING_STATE, DIAG_ERROR, st->args[1].at, "000:532",
				   "%s was removed from the game earlier", st->args[1].text);
		else if (l >= 0 && (state_leader_at(&a->st, l)->removed || state_leader_at(&a->st, l)->out_until))
			audit_find(a, FINDING_STATE, DIAG_ERROR, st->args[0].at,
				   state_leader_at(&a->st, l)->removed ? "002:228" : "002:229", "%s is %s", st->args[0].text,
				   state_leader_at(&a->st, l)->removed ? "out of the game" : "out for this turn");
	}
	int u = st->n_args > 0 ? audit_arg_unit(a, &st->args[0]) : -1;
	if (u < 0)
		return;
	const struct rff_unit *us = rff_unit(&a->st, u);
	struct span at = st->args[0].at;
	if (us->core.removed && e->def->core != SV_REMOVE) {	/* saying it again is no mistake */
		audit_find(a, FINDING_STATE, DIAG_ERROR, at, "000:532", "%s was removed from the game earlier",
			   us->core.decl->id);
		return;
	}
	/* a maneuver logged as a state event after the unit's check this turn is
	 * held to the same list, unless the check's own line named it */
	static const enum rff_action action_of[] = {	/* the state events that are a check's actions */
		[RV_FORM] = RFF_ACT_FORM, [RV_LIMBER] = RFF_ACT_LIMBER, [RV_UNLIMBER] = RFF_ACT_UNLIMBER,
		[RV_GUN_RALLY] = RFF_ACT_GUN_RALLY, [RV_REPLENISH] = RFF_ACT_REPLENISH, [RV_STORMING] = RFF_ACT_NONE,
	};
	enum rff_action what = action_of[own];
	if (what != RFF_ACT_NONE && us->check_turn == a->st.turn && us->check_effect &&
	    !(us->check_actions & (1u << what))) {
		bool word = st->n_args > 1 && st->args[1].type == 'W';
		struct maneuver m = {.what = what, .verb = verb, .at = e->kw_at};
		if (word) {
			m.word = st->args[1].text;
			m.word_code = st->args[1].code;
		}
		if (!on_the_list(a, us, &m, us->check_effect))
			return;
	}
	if ((own == RV_SILENCE || own == RV_LOW_AMMO) && st->n_args > 1) {
		if (us->arm != RFF_GUN)
			audit_find(a, FINDING_STATE, DIAG_WARNING, st->args[1].at, "002:198",
				   "%s: troops are %s as a unit; a number of stands is for guns", us->core.decl->id,
				   own == RV_SILENCE ? "never silenced" : "low on ammunition");
		else if (st->args[1].num > us->core.stands)
			audit_find(a, FINDING_STATE, DIAG_WARNING, st->args[1].at, NULL,
				   "%s has %d stand%s, not %d to mark", us->core.decl->id, us->core.stands, us->core.stands == 1 ? "" : "s",
				   st->args[1].num);
	}
	if (e->def->core == SV_STANDS && st->n_args > 1 && us->core.stands + st->args[1].num > STATE_MAX_STANDS)
		audit_find(a, FINDING_STATE, DIAG_WARNING, st->args[1].at, NULL,
			   "%s would have %d stands; umpire counts at most %d", us->core.decl->id,
			   us->core.stands + st->args[1].num, STATE_MAX_STANDS);
	if (own == RV_HASTY_SQUARE) {
		if (us->formation == FORM_OPEN || us->formation == FORM_MARCH_COLUMN)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:632",
				   "%s in %s cannot form a hasty square", us->core.decl->id, rff_word(RC_FORMATION, us->formation));
		else if (us->arm != RFF_INF)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:632", "only infantry forms a hasty square");
		/* Against a breakthrough after the first combat (000:634): the
		 * notation puts hasty-square in the maneuver phase only, so a
		 * square formed in the charge phase is `misplaced` at check time. */
	}
	if (own == RV_COUNTERCHARGE)
		rff_legal_mex_cavalry(a, us, at, true);
	if (own == RV_FORM && st->n_args > 1 && st->args[1].code == FORM_SQUARE && us->arm != RFF_INF)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, us->arm == RFF_CAV && !us->mounted ? "000:582, 002:81" : "000:610",
			   us->arm == RFF_CAV && !us->mounted ? "%s: dismounted cavalry deploys only in open order"
							      : "%s: only infantry may form square", us->core.decl->id);
}

/* Every roll of Regimental Fire and Fury is a d10 (000:392 "Roll one 10-sided die"). */
void rff_legal_die(struct audit *a, const struct face *f)
{
	if (f->at.col > 0 && f->die != 0 && f->die != 10)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, f->at, "000:392",
			   "a d%d roll: every roll of Regimental Fire and Fury is a d10", f->die);
}

/* Two units of one side opposed in a fire or a charge, or a leader attached
 * to the other side's unit. */
void rff_legal_sides(struct audit *a, const struct uref *one, const struct uref *other, const char *what)
{
	int u = state_unit_ref(&a->st, one), v = state_unit_ref(&a->st, other);
	if (u < 0 || v < 0 || strcmp(rff_unit(&a->st, u)->core.decl->side, rff_unit(&a->st, v)->core.decl->side) != 0)
		return;
	audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, other->at, NULL, "%s %s %s, a unit of its own side", one->id, what,
		   other->id);
}

/* Firing and charging with cold steel in one turn: elite troops only; and
 * none fires during a breakthrough charge (000:544), however the log says so. */
void rff_legal_fire(struct audit *a, const struct rff_unit *u, const struct uref *ref)
{
	const struct fact *cs = battle_fact(ref, FACT_COLD_STEEL, 0);
	const struct fact *bt = battle_fact(ref, FACT_BREAKTHROUGH, 0);
	if (bt)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, bt->at, "000:544",
			   "%s fires during a breakthrough charge: no unit may, elite or not", u->core.decl->id);
	else if ((cs || u->cold_steel_turn == a->st.turn) && u->experience != RFF_ELITE)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, cs ? cs->at : ref->at, "000:544",
			   "%s fires in the turn it charges with cold steel; only elite troops may do both", u->core.decl->id);
}

/* A charge by a storming column may not break through (000:664). */
void rff_legal_breakthrough(struct audit *a, const struct rff_unit *u, struct span at)
{
	if (u->formation == FORM_STORMING_COLUMN)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:664",
			   "%s is a storming column, which cannot conduct a breakthrough charge", u->core.decl->id);
}

/* National guard and auxiliaries are Mexican (000:716-720). */
static void legal_national_guard(struct audit *a, const struct rff_unit *u)
{
	static const struct {
		enum rff_flag flag;
		const char *word;	/* for the message */
	} flags[] = {{FLAG_NATIONAL_GUARD, "national-guard"}, {FLAG_AUXILIARIES, "auxiliaries"}};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (state_has_flag(&u->core, flags[i].flag) && vocab_code(u->core.nation) != NATION_MEX) {
			a->stmt = u->core.decl_stmt;
			a->side = u->core.decl->side;
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, u->core.decl->id_at, "000:716",
				   "%s is %s, which only Mexican units are (000:716-720); its side is %s", u->core.decl->id,
				   flags[i].word, u->core.nation ? u->core.nation->word : "of no nation");
		}
}

/* The order of battle: no Mexican unit above Trained (000:912); national
 * guard and auxiliaries only Mexican. */
void rff_legal_order_of_battle(struct audit *a)
{
	for (int i = 0; i < a->st.n_units; i++) {
		const struct rff_unit *u = rff_unit(&a->st, i);
		legal_national_guard(a, u);
		if (u->core.start > 25 && !rff_uet(a, u) && battle_unit_code(u->core.decl, RC_MORALE) != MORALE_NONE &&
		    u->arm != RFF_GUN) {
			a->stmt = u->core.decl_stmt;
			a->side = u->core.decl->side;
			audit_find(a, FINDING_NOT_AUDITED, DIAG_WARNING, u->core.decl->id_at, "000:679-702",
				   "%s starts with %d stands; the Unit Effectiveness Table stops at 25: "
				   "its effectiveness is not derived", u->core.decl->id, u->core.start);
		}
		/* Veteran is allowed: 000:912 says no unit above Trained, but 000:914
		 * and 000:862 rate the San Patricios Veteran (docs/rules.md). */
		if (vocab_code(u->core.nation) != NATION_MEX || u->experience != RFF_ELITE)
			continue;
		a->stmt = u->core.decl_stmt;
		a->side = u->core.decl->side;
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, battle_unit_at(u->core.decl, RC_EXPERIENCE), "000:912",
			   "%s is a Mexican unit rated elite: no Mexican unit is rated higher than Trained "
			   "(the San Patricios Veteran, 000:914)", u->core.decl->id);
	}
}

/* "Volunteer units should be rated Trained until they gain combat
 * experience. Once a unit sees combat in a battle, its experience rating
 * can be raised to Veteran status in later battle scenarios" (000:888);
 * Volunteer cavalry stays Trained (Figure 13, 000:797).  A choice of the
 * scenario: a note, never a warning. */
void rff_legal_campaign_note(const struct st_unit *u, const struct unit_past *past, struct buf *out)
{
	if (!past->saw_combat || battle_unit_code(u, RC_ARM) != RFF_INF || battle_unit_code(u, RC_EXPERIENCE) != RFF_TRAINED ||
	    !battle_has_flag(u->flags, u->n_flags, FLAG_VOLUNTEER))
		return;
	buf_printf(out, "note: %s, volunteer infantry rated trained, saw combat in %s: from now on it may be rated "
		   "veteran (000:888)\n", u->id, past->battle);
}
