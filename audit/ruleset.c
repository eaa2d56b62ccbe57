/* ruleset: the table of known rulesets. */
#include "ruleset.h"

#include <strings.h>

#include "../grammar/buf.h"

#define RULESET(r) extern const struct ruleset r;
#include "rulesets.def"
#undef RULESET

static const struct ruleset *const rulesets[] = {
#define RULESET(r) &r,
#include "rulesets.def"
#undef RULESET
};

const struct ruleset *ruleset_at(size_t i)
{
	return i < sizeof rulesets / sizeof rulesets[0] ? rulesets[i] : NULL;
}

const struct ruleset *ruleset_find(const char *name)
{
	for (size_t i = 0; i < sizeof rulesets / sizeof rulesets[0]; i++)
		if (strcasecmp(rulesets[i]->name, name) == 0)
			return rulesets[i];
	return NULL;
}

const struct vocab *ruleset_vocab(const char *name)
{
	const struct ruleset *rs = ruleset_find(name);
	return rs ? rs->vocab : NULL;
}

const struct vocab *ruleset_default(void)
{
	return rulesets[0]->vocab;
}

void vocab_markdown_all(struct buf *out)
{
	for (size_t i = 0; ruleset_at(i); i++) {
		if (i)
			buf_putc(out, '\n');
		vocab_markdown(ruleset_at(i)->vocab, out);
	}
}
