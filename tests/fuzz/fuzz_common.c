/* fuzz_common: the lexer and parse options of the fuzz targets. */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../audit/ruleset.h"
#include "../../grammar/lex.h"
#include "../../grammar/parse.h"

struct battle *fuzz_parse(const uint8_t *data, size_t size, struct diags *d)
{
	static struct lex *lx;
	static char root[] = "/tmp/umpire-fuzz-XXXXXX";
	if (!lx) {
		char *err = NULL;
		lx = lex_new(&err);
		if (!lx || !mkdtemp(root)) {
			fprintf(stderr, "fuzz: %s\n", err ? err : "no scratch folder");
			abort();
		}
	}
	struct parse_opts o = {.lex = lx, .find_rules = ruleset_vocab, .default_rules = ruleset_default(),
			       .include_root = root};
	diags_init(d, 100);
	return parse_text("fuzz.battle", (const char *)data, size, &o, d);
}
