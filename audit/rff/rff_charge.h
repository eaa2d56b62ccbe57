/* rff_charge: the charge-combat and fallen-leader audit of Regimental Fire
 * and Fury (MAW). */
#ifndef UMPIRE_RFF_CHARGE_H
#define UMPIRE_RFF_CHARGE_H

#include "../audit.h"

/* Audits a charge, breakthrough or reroll: both sides' modifiers, totals,
 * difference, effect and losses; moves the state as the game was played. */
void rff_charge_audit(struct audit *a, const struct stmt *s);

/* Audits a fallen-leader roll and applies its effect to the leader. */
void rff_fallen_audit(struct audit *a, const struct stmt *s);

#endif
