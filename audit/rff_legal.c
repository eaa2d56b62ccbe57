/* rff_legal: what Regimental Fire and Fury (MAW) does not allow.
 *
 * Each rule is a small predicate over a maneuver action, a state event or
 * the order of battle, with its source; the audit reports a broken one as
 * illegal-action.  The rules that belong to a derivation (cold steel that
 * cannot count, a firer out of range) stay with it in rff_fire.c and
 * rff_charge.c. */
#include "rff_legal.h"

#include <string.h>

/* The effects after which a maneuver is Well Handled or better. */
static bool well_handled(const char *effect)
{
	return effect && (strcmp(effect, "double-quick") == 0 || strcmp(effect, "well-handled") == 0 ||
			  strcmp(effect, "rally-with-elan") == 0);
}

/* The effects that allow no maneuver of the unit's choosing. */
static bool worse_than_tardy(const char *effect)
{
	static const char *const worse[] = {"fall-back", "panic", "shaken", "wavering"};
	for (size_t i = 0; effect && i < sizeof worse / sizeof worse[0]; i++)
		if (strcmp(effect, worse[i]) == 0)
			return true;
	return false;
}

static bool formation_is(const struct unit_state *u, const char *f)
{
	return u->formation && strcmp(u->formation, f) == 0;
}

static bool mex_cavalry(const struct unit_state *u)
{
	return state_is(u, "cav") && u->nation && strcmp(u->nation, "MEX") == 0;
}

/* Who may not charge with cold steel (000:544, 000:548, 000:932). */
static const char *cold_steel_barred(const struct unit_state *u)
{
	if (state_has_flag(u, "cuirassiers"))
		return "the Tulancingo Cuirassiers may not charge with cold steel (000:932)";
	if (state_has_flag(u, "mounted-rifles"))
		return "the Mounted Rifles may not charge with cold steel (000:932)";
	if (state_is(u, "cav") && !u->mounted)
		return "dismounted cavalry may not charge with cold steel (000:548)";
	if (state_is(u, "gun"))
		return "guns do not charge";
	return NULL;
}

void rff_legal_action(struct audit *a, const struct unit_state *u, const struct action *act,
		      const char *effect)
{
	const char *verb = act->verb;
	const char *id = u->decl->id;
	if (strcmp(verb, "front") == 0 && !well_handled(effect))
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:458",
			   "%s changes front on %s: it needs Double Quick, Well Handled or Rally with Elan", id,
			   effect ? effect : "an unstated effect");
	if (strcmp(verb, "gun-rally") == 0 && effect && strcmp(effect, "tardy") == 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "002:126",
			   "%s rallies its guns on a Tardy effect: Rally is a Well Handled gun maneuver", id);
	if (strcmp(verb, "charge") == 0) {
		const char *barred = act->cold_steel ? cold_steel_barred(u) : NULL;
		if (barred)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->cold_steel_at, "000:544", "%s: %s", id, barred);
		if (mex_cavalry(u) && u->order != ORDER_GOOD)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "002:107",
				   "%s: Mexican cavalry cannot charge in disorder", id);
	}
	if (strcmp(verb, "form") == 0 && act->formation && strcmp(act->formation, "square") == 0) {
		if (state_is(u, "cav") && !u->mounted)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:582, 002:148",
				   "%s: dismounted cavalry deploys only in open order", id);
		else if (worse_than_tardy(effect) ||
			 (effect && strcmp(effect, "tardy") == 0 &&
			  (formation_is(u, "open") || formation_is(u, "march-column"))))
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, act->at, "000:620",
				   "%s forms a deliberate square on %s from %s: it needs Tardy or better, and from "
				   "open order or march column better than Tardy", id, effect ? effect : "no effect",
				   u->formation ? u->formation : "its formation");
	}
}

/* A state event the rules forbid in the state the unit is in. */
void rff_legal_state(struct audit *a, const struct event *e)
{
	const char *verb = e->def->keyword;
	const struct ev_state *st = &e->u.state;
	int u = st->n_args > 0 && st->args[0].type == 'U' ? state_unit(&a->st, st->args[0].text) : -1;
	if (u < 0)
		return;
	const struct unit_state *us = &a->st.units[u];
	struct loc at = st->args[0].at;
	if (us->removed && strcmp(verb, "remove") != 0) {	/* saying it again is no mistake */
		audit_find(a, FINDING_STATE, DIAG_ERROR, at, "000:532", "%s was removed from the game earlier",
			   us->decl->id);
		return;
	}
	if (strcmp(verb, "hasty-square") == 0) {
		if (formation_is(us, "open") || formation_is(us, "march-column"))
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:632",
				   "%s in %s cannot form a hasty square", us->decl->id, us->formation);
		else if (!state_is(us, "inf"))
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:632", "only infantry forms a hasty square");
		else if (a->st.phase && strcmp(a->st.phase, "charge") == 0 && a->last_charge >= 0)
			audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:634",
				   "a hasty square cannot be formed against a breakthrough after the first combat");
	}
	if (strcmp(verb, "countercharge") == 0 && mex_cavalry(us) && us->order != ORDER_GOOD)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "002:114",
			   "%s: Mexican cavalry cannot counter-charge in disorder", us->decl->id);
	if (strcmp(verb, "form") == 0 && st->n_args > 1 && strcmp(st->args[1].text, "square") == 0 &&
	    state_is(us, "cav") && !us->mounted)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:582, 002:148",
			   "%s: dismounted cavalry deploys only in open order", us->decl->id);
}

/* Firing and charging with cold steel in one turn: elite troops only (000:544). */
void rff_legal_fire(struct audit *a, const struct unit_state *u, struct loc at)
{
	if (u->cold_steel_turn == a->st.turn && strcmp(u->decl->slot[VC_EXPERIENCE], "elite") != 0)
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:544",
			   "%s fires in the turn it charges with cold steel; only elite troops may do both", u->decl->id);
}

/* A charge by a storming column may not break through (000:664). */
void rff_legal_breakthrough(struct audit *a, const struct unit_state *u, struct loc at)
{
	if (formation_is(u, "storming-column"))
		audit_find(a, FINDING_ILLEGAL, DIAG_ERROR, at, "000:664",
			   "%s is a storming column, which cannot conduct a breakthrough charge", u->decl->id);
}

/* The order of battle: no Mexican unit above Trained (000:912). */
void rff_legal_order_of_battle(struct audit *a)
{
	for (int i = 0; i < a->st.n_units; i++) {
		const struct unit_state *u = &a->st.units[i];
		const char *exp = u->decl->slot[VC_EXPERIENCE];
		if (!u->nation || strcmp(u->nation, "MEX") != 0 || !exp)
			continue;
		if (strcmp(exp, "elite") == 0 || strcmp(exp, "veteran") == 0)
			audit_find(a, FINDING_ILLEGAL, strcmp(exp, "elite") == 0 ? DIAG_ERROR : DIAG_WARNING,
				   u->decl->slot_at[VC_EXPERIENCE], "000:912",
				   "%s is a Mexican unit rated %s: no Mexican unit is rated higher than Trained",
				   u->decl->id, exp);
	}
}
