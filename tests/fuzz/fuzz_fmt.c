/* fuzz_fmt: a log that parses prints in canonical form, and that form
 * parses without errors and prints the same again (fmt is idempotent). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "../../grammar/buf.h"
#include "../../grammar/fmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d;
	struct battle *b = fuzz_parse(data, size, &d);
	if (b && d.n_errors == 0 && b->src.n == 1) {	/* includes read nothing here: one file */
		struct buf once, twice;
		buf_init(&once, 0);
		buf_init(&twice, 0);
		fmt_battle(b, 0, &once);
		struct diags d2;
		struct battle *b2 = fuzz_parse((const uint8_t *)once.text, once.len, &d2);
		if (!b2 || d2.n_errors)
			abort();	/* the canonical form of a good log must parse */
		fmt_battle(b2, 0, &twice);
		if (once.len != twice.len || memcmp(once.text, twice.text, once.len) != 0)
			abort();	/* fmt(parse(fmt(x))) == fmt(x) */
		battle_free(b2);
		diags_release(&d2);
		buf_release(&once);
		buf_release(&twice);
	}
	battle_free(b);
	diags_release(&d);
	return 0;
}
