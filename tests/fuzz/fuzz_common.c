/* fuzz_common: the lexer and parse options of the fuzz targets. */
#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../audit/ruleset.h"
#include "../../grammar/lex.h"
#include "../../grammar/parse.h"

struct battle *fuzz_parse(const uint8_t *data, size_t size, struct diags *d)
{
	static struct lex *lx;
	static char name[] = "/tmp/umpire-fuzz-XXXXXX/fuzz.battle";
	if (!lx) {
		char *err = NULL;
		lx = lex_new(&err);
		char *slash = strrchr(name, '/');
		*slash = '\0';
		if (!lx || !mkdtemp(name)) {
			fprintf(stderr, "fuzz: %s\n", err ? err : "no scratch folder");
			abort();
		}
		*slash = '/';	/* the battle "lives" in an empty folder: its includes find nothing */
	}
	struct parse_opts o = {.lex = lx, .find_rules = ruleset_vocab, .default_rules = ruleset_default()};
	diags_init(d, 100);
	return parse_text(name, (const char *)data, size, &o, d);
}
