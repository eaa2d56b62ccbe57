/* fuzz_import: a log that parses is audited and imported into an archive
 * in memory (as played or as derived, under a campaign or none, by the
 * input's first byte), and every report of it is built from the archive
 * and written in every format: casualties, effectiveness, audit, luck,
 * the after-action report (without plots: no gnuplot is run), the
 * campaign at a glance and its luck, what-if under a changed option, and
 * the battle exported back.  Nothing may crash, hang or leak; a report
 * that refuses is fine. */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_common.h"
#include "../../db/export.h"
#include "../../db/import.h"
#include "../../db/store.h"
#include "../../grammar/buf.h"
#include "../../reports/aar.h"
#include "../../reports/campaign.h"
#include "../../reports/facts.h"
#include "../../reports/luck.h"
#include "../../reports/report.h"
#include "../../reports/sheet.h"
#include "../../reports/whatif.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned mode = size ? data[0] : 0;	/* also the log's first byte: a comment or blank mostly */
	struct diags d;
	struct battle *b = fuzz_parse(data, size, &d);
	if (b && d.n_errors == 0) {
		char *err = NULL;
		struct store_opts so = {.path = ":memory:"};
		struct store *s = store_open(&so, &err);
		if (!s)
			abort();	/* an archive in memory is always made */
		const char *campaign = mode & 1 ? "fuzz" : NULL;
		struct import_opts io = {.umpire_version = "fuzz", .campaign = campaign,
					 .follow = mode & 2 ? FOLLOW_DERIVED : FOLLOW_CLAIMED};
		int64_t id = 0;
		char *msg = NULL;
		enum import_outcome done = import_battle(s, b, &io, &id, &msg);
		free(msg);
		if (done == IMPORT_ADDED) {
			fuzz_reports(s, id, campaign);
			/* the same battle again is stored already */
			msg = NULL;
			if (import_battle(s, b, &io, &id, &msg) != IMPORT_UNCHANGED)
				abort();
			free(msg);
		}
		static const char *const change[] = {"panic-loss=text"};
		struct whatif_base base = {0};
		err = NULL;
		struct sheet *sh = whatif_report(b, &base, change, 1, &err);
		fuzz_write_sheet(sh);
		free(err);
		store_close(s);
	}
	battle_free(b);
	diags_release(&d);
	return 0;
}
