/* fuzz_archive: any bytes as an archive file, opened by every path that
 * reads one: store_open read-only, then as `db list`, `show`, `query`,
 * `export` and `report` open it (an old archive upgraded first), then for
 * `db check` (a schema not umpire's let in, to be named).  The first open
 * of the first two that succeeds lists
 * the battles and their campaigns and runs every named query, shows,
 * exports (one battle, and each campaign into a folder), reports (every
 * report, as fuzz_reports) and re-reads the stored options for what-if.
 * Nothing may crash, hang or leak; an archive refused is fine.  The file
 * is written afresh in the scratch folder for each input, and that folder
 * emptied after (an upgrade leaves its backup copy there). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "../../audit/audit.h"
#include "../../db/export.h"
#include "../../db/query.h"
#include "../../db/store.h"
#include "../../grammar/buf.h"
#include "../../reports/sheet.h"
#include "../../reports/table.h"
#include "../../reports/whatif.h"
#include "../../recorder/runopts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MOST_BATTLES = 4 };	/* of those listed, the first read whole */

static FILE *sink(void)
{
	static FILE *f;
	if (!f && !(f = fopen("/dev/null", "w")))
		abort();
	return f;
}

/* Every named query with the arguments it takes, built from what the
 * archive lists (a battle, its campaign, a unit named in the seeds, a
 * line), in every table format. */
static void queries(struct store *s, const char *battle, const char *campaign)
{
	const char *args[] = {battle, "5inf", "12"};
	const char *camp[] = {campaign ? campaign : ""};
	const struct query_def *q;
	for (size_t i = 0; (q = query_at(i)) != NULL; i++)
		for (int n = 0; n <= 3; n++) {
			const char *const *a = args;
			if (strcmp(q->name, "battles") == 0 || strcmp(q->name, "campaign-errors") == 0 ||
			    strcmp(q->name, "disputed-rules") == 0 || strcmp(q->name, "dice") == 0)
				a = camp;
			if (n > 1 && a == camp)
				break;
			char *err = NULL;
			sqlite3_stmt *st = query_prepare(s, q, a, n, &err);
			free(err);
			if (!st)
				continue;
			for (int f = TABLE_TEXT; f <= TABLE_JSON; f++) {
				table_write(sink(), st, (enum table_format)f);
				sqlite3_reset(st);
			}
			sqlite3_finalize(st);
		}
}

/* db show, what-if from the stored reading, every report, export. */
static void battle_paths(struct store *s, int64_t id, const char *campaign)
{
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLE_SHOW);
	if (st) {
		sqlite3_bind_int64(st, 1, id);
		table_write(sink(), st, TABLE_JSON);
		sqlite3_reset(st);
	}
	char *err = NULL;
	struct battle *b = export_parse(s, fuzz_lexer(), id, &err);
	free(err);
	st = b ? store_stmt(s, STMT_BATTLE_READING) : NULL;
	if (st) {
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW) {
			const char *text = (const char *)sqlite3_column_text(st, 0);
			char *own = strdup(text ? text : "");	/* split in place, as the report command does */
			const char *opts[AUDIT_MAX_OPTIONS];
			struct whatif_base base = {.campaign_options = (const char *)sqlite3_column_text(st, 1),
						   .options = opts, .n_options = runopts_split(own, opts, AUDIT_MAX_OPTIONS)};
			static const char *const change[] = {"panic-loss=text"};
			err = NULL;
			fuzz_write_sheet(whatif_report(b, &base, change, 1, &err));
			free(err);
			free(own);
		}
		sqlite3_reset(st);
	}
	battle_free(b);
	fuzz_reports(s, id, campaign);
}

/* Everything read from an archive open. */
static void read_all(struct store *s)
{
	int64_t ids[MOST_BATTLES];
	char *campaigns[MOST_BATTLES];
	int n = 0;
	char *err = NULL;
	sqlite3_stmt *st = query_prepare(s, query_find("battles"), NULL, 0, &err);
	free(err);
	while (st && n < MOST_BATTLES && sqlite3_step(st) == SQLITE_ROW) {
		ids[n] = sqlite3_column_int64(st, 0);
		const char *c = (const char *)sqlite3_column_text(st, 1);
		campaigns[n++] = c ? strdup(c) : NULL;
	}
	sqlite3_finalize(st);
	if (n == 0)
		queries(s, "1", NULL);
	for (int i = 0; i < n; i++) {
		char battle[24];
		snprintf(battle, sizeof battle, "%lld", (long long)ids[i]);
		queries(s, battle, campaigns[i]);
		err = NULL;
		int64_t found = export_find(s, battle, &err);
		free(err);
		if (found)
			battle_paths(s, found, campaigns[i]);
		if (campaigns[i]) {
			char dir[600];
			snprintf(dir, sizeof dir, "%s/export-%d", fuzz_scratch(), i);
			err = NULL;
			export_campaign(s, fuzz_lexer(), campaigns[i], dir, sink(), &err);
			free(err);
		}
		free(campaigns[i]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "%s/archive.db", fuzz_scratch());
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	static const struct store_opts how[] = {
		{.read_only = true, .journal = STORE_WAL},			/* what a reader asks */
		{.upgrade = true, .journal = STORE_DELETE},			/* list, show, query, export, report */
		{.upgrade = true, .inspect = true, .journal = STORE_WAL},	/* check */
	};
	bool read = false;	/* everything is read once: by the first open that lets it in */
	for (size_t i = 0; i < sizeof how / sizeof how[0]; i++) {
		struct store_opts o = how[i];
		o.path = path;
		char *err = NULL;
		struct store *s = store_open(&o, &err);
		free(err);
		if (!s)
			continue;
		if (o.inspect) {
			store_check(s, sink());
		} else if (!read) {
			read_all(s);
			read = true;
		}
		store_close(s);
	}
	fuzz_scratch_clear();
	return 0;
}
