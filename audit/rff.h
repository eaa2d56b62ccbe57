/* rff: the Regimental Fire and Fury (MAW) ruleset for the audit. */
#ifndef UMPIRE_RFF_H
#define UMPIRE_RFF_H

#include "ruleset.h"

extern const struct ruleset rff_ruleset;

#endif
