/* rff_fire: the fire-combat audit of Regimental Fire and Fury (MAW). */
#ifndef UMPIRE_RFF_FIRE_H
#define UMPIRE_RFF_FIRE_H

#include "../audit.h"

/* Audits the fire event s: derives fire points, modifiers, total, effect,
 * losses and the charge outcome, adds findings, and moves the state as the
 * game was played. */
void rff_fire_audit(struct audit *a, const struct stmt *s);

#endif
