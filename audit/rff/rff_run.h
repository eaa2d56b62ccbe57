/* rff_run: RFF's own context for one audit (struct audit.ctx): the rule
 * options as read once when it begins, the Desperate Struggle's due
 * reroll, and what the derivations share of them (a unit's effectiveness
 * row, its state after an event). */
#ifndef UMPIRE_RFF_RUN_H
#define UMPIRE_RFF_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "../audit.h"

/* How the leader-out option reads "Remove leader for one turn" (002:229). */
enum rff_leader_out { LEADER_OUT_OWN_TURN, LEADER_OUT_PLAYER_TURN, LEADER_OUT_TWO_TURNS, LEADER_OUT_GAME_TURN };

/* The rule options (the vocabulary's RC_OPTION words, docs/rules.md),
 * resolved once when the audit begins: each field is the reading its
 * comment names, the option's other value(s) otherwise. */
struct rff_options {
	bool panic_loss_text;		/* panic-loss=text: the difference (000:416), not 1 + it */
	bool uet_dispirited_text;	/* uet-dispirited=text: spent after one loss (000:714) */
	bool lancers_declared;		/* lancers=declared: lancers' declared cold steel +1 always */
	bool lancers_text;		/* lancers=text or =declared: +1 only against the weak (000:546) */
	bool winner_disorder_immediate;	/* winner-disorder=immediate, not at phase end */
	bool gun_charge_losses_none;	/* gun-charge-losses=none */
	enum rff_leader_out leader_out;	/* leader-out= */
	bool low_ammo_first;		/* low-ammo=first: one firer a fire, not each */
	bool low_ammo_guns_any;		/* low-ammo-guns=any: a gun firing under half its stands too */
	bool lost_guns_printed;		/* lost-guns-losses=printed: a lost battery's stands as printed */
	bool gun_marks_shared;		/* gun-marks=shared: marks share stands, which fire first */
	bool ss_mixed_all;		/* ss-mixed=all: sharpshooters' +1 only when every firer is one */
	bool hp_flank_fortified_holds;	/* hp-flank-fortified=holds: not broken */
	bool square_fall_back_disordered;	/* square-fall-back=disordered (002:42) */
	bool night_ooc_own_check;	/* night-ooc=own-check: unled at night, a unit rolls alone */
	bool losses_stack_max;		/* losses-stack=max */
	bool night_elan_tardy;		/* night-elan=tardy */
	bool fixed_guns_panic_lost;	/* fixed-guns-panic=lost */
	bool mounted_fire_rifles;	/* mounted-fire=rifles */
	bool broken_fire_none;		/* broken-fire=none */
	bool lively_mixed_any;		/* lively-mixed=any */
	bool hp_fortified_guns_hold;	/* hp-fortified-guns=hold */
	bool reroll_lancers_keep;	/* reroll-lancers=keep */
	bool national_guard_additional;	/* national-guard=additional: a -1 on top */
	bool swept_losses_moved;	/* swept-losses=moved: over 8, not 9 */
	bool charge_bands_split;	/* charge-bands=split */
	bool small_arms_text;		/* small-arms=text: the rule text's ranges */
	int fire_columns;		/* fire-columns=: 4 or 5 target columns */
	bool campaign_strength_original;	/* campaign-strength=original */
};

/* What RFF keeps for one audit beside the state (struct audit.ctx). */
/* A fallen-leader check the last fire or charge called for (002:199,
 * 002:238, 002:244): reported by the settle hook when the event after it
 * is not that check.  Kept, not looked for among the statements after the
 * event: in the recorder those are not typed yet. */
struct rff_roll_due {
	bool due;
	int stmt;		/* the event that calls for it */
	const char *side;	/* whose claim it concerned */
	struct loc at;
	const char *cite;
	char what[200];
};

struct rff_run {
	struct rff_options opt;
	bool reroll_due;	/* the last charge ended in a Desperate Struggle */
	struct rff_roll_due fallen;
};

/* Notes that the current event calls for a fallen-leader check: unless the
 * next event is one, "what" is reported at at, citing cite. */
void rff_fallen_due(struct audit *a, struct loc at, const char *cite, const char *fmt, ...) UMPIRE_PRINTF(4, 5);

struct rff_run *rff_run(struct audit *a);
/* The audit's rule options, resolved when it began. */
const struct rff_options *rff_options(const struct audit *a);

/* The unit's row of the Unit Effectiveness Table (000:675-702) under the
 * audit's reading of dispirited units (option uet-dispirited), or NULL:
 * guns, a unit of no morale class, or a size the table has no row for. */
struct rff_unit;
const struct rff_uet_row *rff_uet(const struct audit *a, const struct rff_unit *us);
/* The strength its row is read by: its stands at the start of the battle,
 * or, carried with campaign-strength=original, when its campaign began. */
int rff_uet_strength(const struct audit *a, const struct rff_unit *us);

/* Unit u's state after an event, with its effectiveness: "9 stands, fresh
 * (spirited 10: worn at 7, 000:687), disordered, line"; into buf. */
const char *rff_describe(struct audit *a, int u, char *buf, size_t size);

/* The ruleset's begin and end ops: make the context, reading every rule
 * option once; free it. */
void *rff_run_begin(struct audit *a);
void rff_run_end(struct audit *a);

#endif
