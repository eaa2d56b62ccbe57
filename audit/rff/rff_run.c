/* rff_run: what Regimental Fire and Fury keeps for one audit beside the
 * state, and what its derivations share of it. */
#include "rff_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../grammar/xalloc.h"
#include "rff_tables.h"
#include "rff_unit.h"
#include "rff_vocab.h"

int rff_uet_strength(const struct audit *a, const struct rff_unit *us)
{
	bool carried = us->core.decl->carry && rff_options(a)->campaign_strength_original;
	return carried ? us->core.original : us->core.start;
}

const struct rff_uet_row *rff_uet(const struct audit *a, const struct rff_unit *us)
{
	enum rff_morale morale = battle_unit_code(us->core.decl, RC_MORALE);
	if (us->arm == RFF_GUN || morale == MORALE_NONE)
		return NULL;
	return rff_uet_row(morale, rff_uet_strength(a, us), rff_options(a)->uet_dispirited_text);
}

const char *rff_describe(struct audit *a, int u, char *buf, size_t size)
{
	const struct rff_unit *us = rff_unit(&a->st, u);
	char state[128];
	rff_unit_describe(&a->st, u, state, sizeof state);
	const struct rff_uet_row *row = rff_uet(a, us);
	if (!row || us->core.removed) {
		snprintf(buf, size, "%s", state);
		return buf;
	}
	const char *comma = strchr(state, ',');
	snprintf(buf, size, "%.*s, %s (%s %d: %s, %s)%s", comma ? (int)(comma - state) : (int)strlen(state), state,
		 rff_effectiveness_name(rff_effectiveness(row, us->core.stands)), battle_unit_word(us->core.decl, RC_MORALE),
		 rff_uet_strength(a, us), row->cell, row->cite, comma ? comma : "");
	return buf;
}

struct rff_run *rff_run(struct audit *a)
{
	return a->ctx;
}

void rff_fallen_due(struct audit *a, struct loc at, const char *cite, const char *fmt, ...)
{
	struct rff_roll_due *d = &rff_run(a)->fallen;
	*d = (struct rff_roll_due){.due = true, .stmt = a->stmt, .side = a->side, .at = at, .cite = cite};
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->what, sizeof d->what, fmt, ap);
	va_end(ap);
}

const struct rff_options *rff_options(const struct audit *a)
{
	return &((const struct rff_run *)a->ctx)->opt;
}

/* Whether rule option name is set to value for this audit. */
static bool option_is(const struct audit *a, const char *name, const char *value)
{
	return strcmp(audit_option(a, name), value) == 0;
}

void *rff_run_begin(struct audit *a)
{
	struct rff_run *run = xcalloc(1, sizeof *run);
	struct rff_options *o = &run->opt;
	o->panic_loss_text = option_is(a, "panic-loss", "text");
	o->uet_dispirited_text = option_is(a, "uet-dispirited", "text");
	o->lancers_text = !option_is(a, "lancers", "qrs");
	o->lancers_declared = option_is(a, "lancers", "declared");
	o->winner_disorder_immediate = option_is(a, "winner-disorder", "immediate");
	o->gun_charge_losses_none = option_is(a, "gun-charge-losses", "none");
	o->leader_out = option_is(a, "leader-out", "player-turn") ? LEADER_OUT_PLAYER_TURN
			: option_is(a, "leader-out", "two-turns") ? LEADER_OUT_TWO_TURNS
			: option_is(a, "leader-out", "game-turn") ? LEADER_OUT_GAME_TURN
								  : LEADER_OUT_OWN_TURN;
	o->low_ammo_first = option_is(a, "low-ammo", "first");
	o->low_ammo_guns_any = option_is(a, "low-ammo-guns", "any");
	o->lost_guns_printed = option_is(a, "lost-guns-losses", "printed");
	o->hp_flank_fortified_holds = option_is(a, "hp-flank-fortified", "holds");
	o->square_fall_back_disordered = option_is(a, "square-fall-back", "disordered");
	o->gun_marks_shared = option_is(a, "gun-marks", "shared");
	o->ss_mixed_all = option_is(a, "ss-mixed", "all");
	o->night_ooc_own_check = option_is(a, "night-ooc", "own-check");
	o->losses_stack_max = option_is(a, "losses-stack", "max");
	o->night_elan_tardy = option_is(a, "night-elan", "tardy");
	o->fixed_guns_panic_lost = option_is(a, "fixed-guns-panic", "lost");
	o->mounted_fire_rifles = option_is(a, "mounted-fire", "rifles");
	o->broken_fire_none = option_is(a, "broken-fire", "none");
	o->lively_mixed_any = option_is(a, "lively-mixed", "any");
	o->hp_fortified_guns_hold = option_is(a, "hp-fortified-guns", "hold");
	o->reroll_lancers_keep = option_is(a, "reroll-lancers", "keep");
	o->national_guard_additional = option_is(a, "national-guard", "additional");
	o->swept_losses_moved = option_is(a, "swept-losses", "moved");
	o->charge_bands_split = option_is(a, "charge-bands", "split");
	o->small_arms_text = option_is(a, "small-arms", "text");
	o->fire_columns = option_is(a, "fire-columns", "five") ? 5 : 4;
	o->campaign_strength_original = option_is(a, "campaign-strength", "original");
	return run;
}

void rff_run_end(struct audit *a)
{
	free(a->ctx);
	a->ctx = NULL;
}
