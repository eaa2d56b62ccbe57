/* fuzz_fmt: a log that parses prints in canonical form, that form parses
 * without errors and prints the same again (fmt is idempotent), and it
 * audits as the log did: the audit JSON of both, as played and as derived,
 * is the same but for lines and columns (fmt folds blank lines and spacing;
 * tests/run-fmt-property.py maps the lines, here they are left out). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "../../audit/audit.h"
#include "../../grammar/buf.h"
#include "../../grammar/fmt.h"
#include "../../reports/audit_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The audit JSON of b without the values of its "line" and "col" keys (a
 * key's quote is never escaped: inside a string it would be \"). */
static void audit_shape(const struct battle *b, enum audit_follow follow, struct buf *out)
{
	struct findings f;
	struct records r;
	struct buf json;
	findings_init(&f);
	records_init(&r);
	buf_init(&json, 0);
	struct audit_opts opts = {.follow = follow, .records = &r};
	audit_battle(b, &opts, &f);
	audit_json_write(b, &r, &f, follow, &json);
	for (const char *c = json.text; *c; c++) {
		buf_putc(out, *c);
		bool key = strncmp(c, "\"line\":", 7) == 0 || strncmp(c, "\"col\":", 6) == 0;
		if (!key)
			continue;
		const char *colon = strchr(c, ':');
		buf_add(out, c + 1, (size_t)(colon - c));
		c = colon;
		while (c[1] >= '0' && c[1] <= '9')
			c++;
	}
	buf_release(&json);
	records_release(&r);
	findings_release(&f);
}

static bool same_audit(const struct battle *a, const struct battle *b)
{
	bool same = true;
	for (int follow = 0; same && follow < 2; follow++) {
		struct buf x, y;
		buf_init(&x, 0);
		buf_init(&y, 0);
		audit_shape(a, follow ? FOLLOW_DERIVED : FOLLOW_CLAIMED, &x);
		audit_shape(b, follow ? FOLLOW_DERIVED : FOLLOW_CLAIMED, &y);
		same = !x.full && !y.full && x.len == y.len && memcmp(x.text, y.text, x.len) == 0;
		if (x.full || y.full)
			same = true;	/* past the ceiling: nothing to compare */
		buf_release(&x);
		buf_release(&y);
	}
	return same;
}

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
		if (!same_audit(b, b2))
			abort();	/* fmt dropped or changed something the audit reads */
		battle_free(b2);
		diags_release(&d2);
		buf_release(&once);
		buf_release(&twice);
	}
	battle_free(b);
	diags_release(&d);
	return 0;
}
