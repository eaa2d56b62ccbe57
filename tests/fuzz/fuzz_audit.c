/* fuzz_audit: a log that parses is audited and written as JSON Lines, as
 * played and as derived; nothing may crash, hang or leak. */
#include "fuzz_common.h"
#include "../../audit/audit.h"
#include "../../grammar/buf.h"
#include "../../reports/audit_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d;
	struct battle *b = fuzz_parse(data, size, &d);
	for (int follow = 0; b && d.n_errors == 0 && follow < 2; follow++) {
		struct findings f;
		struct records r;
		findings_init(&f);
		records_init(&r);
		struct audit_opts opts = {.follow = follow ? FOLLOW_DERIVED : FOLLOW_CLAIMED, .records = &r};
		audit_battle(b, &opts, &f);
		struct buf out;
		buf_init(&out, 0);
		audit_json_write(b, &r, &f, opts.follow, &out);
		buf_release(&out);
		records_release(&r);
		findings_release(&f);
	}
	battle_free(b);
	diags_release(&d);
	return 0;
}
