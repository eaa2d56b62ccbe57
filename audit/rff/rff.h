/* rff: the Regimental Fire and Fury (MAW) ruleset for the audit. */
#ifndef UMPIRE_RFF_H
#define UMPIRE_RFF_H

#include "../cite.h"
#include "../ruleset.h"

extern const struct ruleset rff_ruleset;
/* The notation card (rff_ruleset.card). */
extern const char rff_card[];
/* The printed rules its citations name (rff_ruleset.book). */
extern const struct cite_book rff_cite_book;

#endif
