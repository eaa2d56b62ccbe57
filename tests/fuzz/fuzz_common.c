/* fuzz_common: the lexer, parse options, scratch folder and reports of
 * the fuzz targets. */
#include "fuzz_common.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../audit/ruleset.h"
#include "../../db/export.h"
#include "../../grammar/buf.h"
#include "../../grammar/parse.h"
#include "../../reports/aar.h"
#include "../../reports/campaign.h"
#include "../../reports/facts.h"
#include "../../reports/luck.h"
#include "../../reports/report.h"
#include "../../reports/sheet.h"

struct lex *fuzz_lexer(void)
{
	static struct lex *lx;
	if (!lx) {
		char *err = NULL;
		lx = lex_new(&err);
		if (!lx) {
			fprintf(stderr, "fuzz: %s\n", err);
			abort();
		}
	}
	return lx;
}

struct battle *fuzz_parse(const uint8_t *data, size_t size, struct diags *d)
{
	static char name[] = "/tmp/umpire-fuzz-XXXXXX/fuzz.battle";
	static bool made;
	if (!made) {
		char *slash = strrchr(name, '/');
		*slash = '\0';
		if (!mkdtemp(name)) {
			fprintf(stderr, "fuzz: no scratch folder\n");
			abort();
		}
		*slash = '/';	/* the battle "lives" in an empty folder: its includes find nothing */
		made = true;
	}
	struct parse_opts o = {.lex = fuzz_lexer(), .find_rules = ruleset_vocab, .default_rules = ruleset_default()};
	diags_init(d, 100);
	return parse_text(name, (const char *)data, size, &o, d);
}

const char *fuzz_scratch(void)
{
	static char dir[64];
	if (!dir[0]) {
		const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(dir, sizeof dir, "%s/umpire-fuzz-XXXXXX", base);
		if (!mkdtemp(dir)) {
			fprintf(stderr, "fuzz: no scratch folder in %s\n", base);
			abort();
		}
	}
	return dir;
}

/* Removes everything in folder path, folders too (not path itself). */
static void empty_folder(const char *path)
{
	DIR *dir = opendir(path);
	if (!dir)
		abort();
	struct dirent *e;
	char sub[1024];
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		struct stat st;
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
			empty_folder(sub);
			rmdir(sub);
		} else {
			unlink(sub);
		}
	}
	closedir(dir);
}

void fuzz_scratch_clear(void)
{
	empty_folder(fuzz_scratch());
}

void fuzz_write_sheet(struct sheet *sh)
{
	static FILE *sink;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	for (int f = SHEET_TEXT; sh && f <= SHEET_HTML; f++)
		sheet_write(sh, sink, (enum sheet_format)f, NULL);
	sheet_free(sh);
}

/* fuzz_write_sheet, and err (a refusal's message) freed. */
static void write_all(struct sheet *sh, char *err)
{
	fuzz_write_sheet(sh);
	free(err);
}

void fuzz_reports(struct store *s, int64_t id, const char *campaign)
{
	struct facts f;
	char *err = NULL;
	const struct luck_opts lo = {.very = 0.10, .plain = 0.30};
	if (facts_load(s, id, &f, &err)) {
		write_all(report_casualties(&f), NULL);
		write_all(report_effectiveness(&f), NULL);
		err = NULL;
		write_all(report_audit(s, &f, NULL, &err), err);
		err = NULL;
		write_all(luck_battle(s, &f, &lo, &err), err);
		struct plots none = {0};
		err = NULL;
		write_all(aar_report(s, &f, &none, "no plots in the fuzzer", true, &err), err);
		err = NULL;
		write_all(aar_report(s, &f, NULL, NULL, false, &err), err);
		facts_release(&f);
	} else {
		free(err);
	}
	err = NULL;
	write_all(campaign_report(s, campaign ? campaign : "", &err), err);
	if (campaign) {
		err = NULL;
		write_all(luck_campaign(s, campaign, &lo, &err), err);
	}
	err = NULL;
	struct buf out;
	buf_init(&out, 0);
	export_battle(s, fuzz_lexer(), id, true, &out, &err);
	buf_release(&out);
	free(err);
	err = NULL;
	struct battle *b = export_parse(s, fuzz_lexer(), id, &err);
	battle_free(b);
	free(err);
}
