/* ruleset: the registry of rulesets umpire knows, by the name a battle's
 * rules= attribute gives. */
#ifndef UMPIRE_RULESET_H
#define UMPIRE_RULESET_H

#include "../grammar/vocab.h"

/* The vocabulary of the ruleset called name (case-insensitive), or NULL. */
const struct vocab *ruleset_vocab(const char *name);
/* The ruleset used when a battle names none. */
const struct vocab *ruleset_default(void);
/* The names of all rulesets, comma-separated, for messages. */
const char *ruleset_names(void);

#endif
