/* ruleset: the table of known rulesets. */
#include "ruleset.h"

#include <strings.h>

#include "rff_vocab.h"

static const struct vocab *const rulesets[] = {
	&rff_vocab,
};

const struct vocab *ruleset_vocab(const char *name)
{
	for (size_t i = 0; i < sizeof rulesets / sizeof rulesets[0]; i++)
		if (strcasecmp(rulesets[i]->name, name) == 0)
			return rulesets[i];
	return NULL;
}

const struct vocab *ruleset_default(void)
{
	return &rff_vocab;
}

const char *ruleset_names(void)
{
	return "rff-maw";
}
