/* umpire report: a battle's reports, from the archive or from a file
 * (docs/reports.md). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../db/export.h"
#include "../db/import.h"
#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "../reports/aar.h"
#include "../reports/balance.h"
#include "../reports/campaign.h"
#include "../reports/luck.h"
#include "../reports/outfile.h"
#include "../reports/plot.h"
#include "../reports/report.h"
#include "../reports/whatif.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_report_usage[] =
	"usage: umpire report [options] KIND BATTLE|FILE\n"
	"       umpire report [options] campaign NAME | balance [SCENARIO]\n"
	"\n"
	"A battle's report, from the archive (BATTLE: its number, header id= or a\n"
	"unique prefix of its name, in any case) or from a battle file, which is audited into\n"
	"an archive in memory (an existing path is read as a file).  KIND:\n"
	"  casualties     for every side, brigade and unit: stands at the start,\n"
	"                 lost to fire, charges, maneuver (Panic) and other causes,\n"
	"                 left, the share lost and the men it stands for; units\n"
	"                 removed and when; leaders fallen\n"
	"  effectiveness  every unit's state when each turn began (stands, fresh/\n"
	"                 worn/spent, order, removed), its maneuver results by\n"
	"                 effect, fire delivered and received, charges won and lost\n"
	"  audit          the errors and warnings grouped by the rule they cite,\n"
	"                 for an umpire's ruling\n"
	"  luck           every roll graded by the chance of a result at least (at\n"
	"                 most) as good under the legal modifiers; per side and unit\n"
	"                 the faces against a fair die (mean, chi-square) and the\n"
	"                 stands lost against those expected; --campaign NAME for\n"
	"                 every battle of a campaign instead of one BATTLE\n"
	"  plots          the battle's plots drawn by gnuplot: stands lost per\n"
	"                 turn, each side's units' stands over the turns, maneuver\n"
	"                 results, dice; each a gnuplot script beside its image\n"
	"  aar            the after-action report for a newsletter: forces, the\n"
	"                 battle turn by turn, casualties, units' state, plots and\n"
	"                 the audit; --format html (one page, plots inline) or md\n"
	"  campaign       `umpire report campaign NAME`: a campaign of the archive,\n"
	"                 its battles in order, losses per battle and side, each\n"
	"                 unit's stands across the battles\n"
	"  balance        `umpire report balance [SCENARIO]`: each scenario over\n"
	"                 its plays in the archive (scenario id=, result\n"
	"                 victor=SIDE|draw): each side's plays, wins, draws and\n"
	"                 share of wins with its Wilson 95% interval\n"
	"  whatif         with --option NAME=VALUE...: the battle audited again\n"
	"                 under another reading of a rule; every event whose\n"
	"                 result, losses or later state changes, and how the\n"
	"                 casualties differ\n"
	"\n"
	"options:\n"
	"  --format F          text (aligned tables, the default), md (Markdown),\n"
	"                      csv (a header row a table, tables apart by a blank\n"
	"                      line), json (one document) or html (one page)\n"
	"  --table ID          only the table called ID (its id in JSON: units,\n"
	"                      sides, brigades, ...), for a CSV of one table\n"
	"  --dir DIR           plots, aar: where the plots and their scripts go\n"
	"                      (plots: the current folder; aar --format md:\n"
	"                      ID-plots/; aar --format html: a folder removed after)\n"
	"  --plot-format svg|png  the plots' images (svg)\n"
	"  --luck VERY,LUCKY   luck's thresholds: very lucky (unlucky) at or under\n"
	"                      the chance VERY, lucky at or under LUCKY (0.1,0.3)\n"
	"  --campaign NAME     luck: the dice of every battle of the campaign\n"
	"  --turn N[-M], --side SIDE, --unit ID, --severity error|warning|note\n"
	"                      audit: only the findings of events in those turns,\n"
	"                      charged to SIDE, of that severity (notes then too),\n"
	"                      of events unit or leader ID takes part in or whose\n"
	"                      state they change (an event never derived, as an\n"
	"                      illegal fire, has no parts in the archive)\n"
	"  --db PATH           the archive; else UMPIRE_DB, else\n"
	"                      $XDG_DATA_HOME/umpire/archive.db\n"
	"  --follow=WHICH, --option NAME=VALUE, --include-root DIR\n"
	"                      for a FILE: how it is audited, as `umpire audit`;\n"
	"                      for whatif, --option is the reading to try\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 done, 2 usage error, unreadable file or archive, or a\n"
	"battle file with errors.\n";

enum report_kind {
	KIND_CASUALTIES, KIND_EFFECTIVENESS, KIND_AUDIT, KIND_LUCK, KIND_WHATIF, KIND_PLOTS, KIND_AAR, KIND_CAMPAIGN, KIND_BALANCE,
};

static const struct {
	const char *name;
	enum report_kind kind;
} kinds[] = {
	{"casualties", KIND_CASUALTIES},
	{"effectiveness", KIND_EFFECTIVENESS},
	{"audit", KIND_AUDIT},
	{"luck", KIND_LUCK},
	{"whatif", KIND_WHATIF},
	{"plots", KIND_PLOTS},
	{"aar", KIND_AAR},
	{"campaign", KIND_CAMPAIGN},
	{"balance", KIND_BALANCE},
};

struct report_args {
	enum report_kind kind;
	enum sheet_format format;
	const char *name;	/* the kind's */
	const char *table;
	const char *db;
	const char *campaign;	/* luck --campaign */
	const char *scenario;	/* balance: its scenario, or NULL for all */
	const char *dir;	/* plots, aar --dir */
	enum plot_format plot_format;
	struct luck_opts luck;
	struct runopts run;
	struct filter filter;	/* audit: --turn, --side, --unit, --severity */
	const char *battle;
};

static int parse_args(int argc, char **argv, struct report_args *ra)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'F'}, {"table", required_argument, NULL, 't'},
		{"db", required_argument, NULL, 'd'},	  {"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'}, {"include-root", required_argument, NULL, 'I'},
		{"luck", required_argument, NULL, 'l'},	  {"campaign", required_argument, NULL, 'c'},
		{"dir", required_argument, NULL, 'D'},	  {"plot-format", required_argument, NULL, 'P'},
		{"turn", required_argument, NULL, 'T'},	  {"side", required_argument, NULL, 'S'},
		{"unit", required_argument, NULL, 'U'},	  {"severity", required_argument, NULL, 'E'},
		{"help", no_argument, NULL, 'h'},	  {NULL, 0, NULL, 0},
	};
	int c;
	bool luck_given = false;
	optind = 1;
	argv[0] = (char *)"umpire report";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {	/* options before or after KIND */
		if (c == 'h') {
			fputs(cmd_report_usage, stdout);
			return 1;
		} else if (c == 'F') {
			if (!sheet_format_of(optarg, &ra->format)) {
				msg_usage("report", "--format takes text, md, csv, json or html, not '%s'", optarg);
				return -1;
			}
		} else if (c == 't') {
			ra->table = optarg;
		} else if (c == 'd') {
			ra->db = optarg;
		} else if (c == 'l') {
			luck_given = true;
			if (!luck_thresholds(optarg, &ra->luck)) {
				msg_usage("report", "--luck takes two chances VERY,LUCKY with 0 < VERY <= LUCKY < 0.5, "
						    "as 0.1,0.3; not '%s'", optarg);
				return -1;
			}
		} else if (c == 'T' || c == 'S' || c == 'U' || c == 'E') {	/* audit's filter letters, lower case */
			if (!runopts_take_filter(&ra->filter, "report", c == 'T' ? 't' : c == 'S' ? 's' : c == 'U' ? 'u' : 'e',
						 optarg))
				return -1;
		} else if (c == 'c') {
			ra->campaign = optarg;
		} else if (c == 'D') {
			ra->dir = optarg;
		} else if (c == 'P') {
			if (strcmp(optarg, "svg") != 0 && strcmp(optarg, "png") != 0) {
				msg_usage("report", "--plot-format takes svg or png, not '%s'", optarg);
				return -1;
			}
			ra->plot_format = optarg[0] == 'p' ? PLOT_PNG : PLOT_SVG;
		} else if (c == '?' || runopts_take(&ra->run, "report", c, optarg) < 0) {
			if (c == '?')
				msg_try("report");
			return -1;
		}
	}
	if (optind >= argc) {
		msg_usage("report", "no report named (casualties, effectiveness, audit, luck, whatif, plots, aar, campaign, balance)");
		return -1;
	}
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] && strcmp(kinds[k].name, argv[optind]) != 0)
		k++;
	if (k == sizeof kinds / sizeof kinds[0]) {
		msg_usage("report", "no report '%s' (casualties, effectiveness, audit, luck, whatif, plots, aar, campaign, balance)",
			  argv[optind]);
		return -1;
	}
	ra->kind = kinds[k].kind;
	ra->name = kinds[k].name;
	if (filter_any(&ra->filter) && ra->kind != KIND_AUDIT) {
		msg_usage("report", "--turn, --side, --unit and --severity select the audit report's findings, not the "
				    "%s report's", ra->name);
		return -1;
	}
	if (luck_given && ra->kind != KIND_LUCK) {
		msg_usage("report", "--luck sets the luck report's thresholds, not the %s report's", ra->name);
		return -1;
	}
	if (ra->kind == KIND_WHATIF && !ra->run.n_options) {
		msg_usage("report", "whatif: give the reading to try, as --option panic-loss=text");
		return -1;
	}
	if (ra->kind == KIND_BALANCE) {	/* its argument, if any, names the scenario */
		if (ra->campaign || argc - optind > 2) {
			msg_usage("report", "balance takes at most a scenario: umpire report balance [SCENARIO]");
			return -1;
		}
		ra->scenario = argc - optind == 2 ? argv[optind + 1] : NULL;
		return 0;
	}
	if (ra->kind == KIND_CAMPAIGN) {	/* its argument names the campaign */
		if (ra->campaign || ++optind != argc - 1) {
			msg_usage("report", "campaign takes the campaign's name: umpire report campaign NAME");
			return -1;
		}
		ra->campaign = argv[optind];
		return 0;
	}
	if (ra->campaign && ra->kind != KIND_LUCK) {
		msg_usage("report", "--campaign is for the luck report");
		return -1;
	}
	if (ra->campaign) {
		if (++optind != argc) {
			msg_usage("report", "--campaign names the battles: no BATTLE after it");
			return -1;
		}
		return 0;
	}
	if (++optind != argc - 1) {
		msg_usage("report", optind >= argc ? "no battle named" : "one battle at a time");
		return -1;
	}
	ra->battle = argv[optind];
	return 0;
}

/* A name with a folder in it or a .battle ending is a file's, not a
 * stored battle's. */
static bool looks_like_file(const char *name)
{
	size_t n = strlen(name);
	return strchr(name, '/') || (n > 7 && strcmp(name + n - 7, ".battle") == 0);
}

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Says why path, named as a file, is none: not there, or a folder or
 * something else that is not a regular file. */
static void not_a_file(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		msg_error("%s: no such file (a stored battle is named by its number, id= or name)", path);
	else if (S_ISDIR(st.st_mode))
		msg_error("%s: is a folder, not a battle file", path);
	else
		msg_error("%s: is not a regular file, so not a battle file", path);
}

/* The battle file parsed, without errors, its --options its ruleset's;
 * NULL after a message.  The caller frees it with battle_free. */
static struct battle *file_battle(const struct report_args *ra)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(ra->battle, ra->run.include_root, &d);
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		msg_error("%s: %s", ra->battle, b ? "it has errors; `umpire check` shows them" : "cannot be read");
		battle_free(b);
		b = NULL;
	} else if (!runopts_check(&ra->run, "report", b)) {
		battle_free(b);
		b = NULL;
	}
	diags_release(&d);
	return b;
}

/* The battle file audited into an archive in memory; NULL after a message. */
static struct store *file_archive(const struct report_args *ra, int64_t *id)
{
	struct battle *b = file_battle(ra);
	struct store *s = NULL;
	if (b) {
		char *err = NULL;
		struct store_opts so = {.path = STORE_SCRATCH, .create = true};
		s = store_open(&so, &err);
		struct import_opts io = {.follow = ra->run.follow, .options = ra->run.options,
					 .n_options = ra->run.n_options, .umpire_version = UMPIRE_VERSION};
		if (s && import_battle(s, b, &io, id, &err) != IMPORT_ADDED) {
			store_close(s);
			s = NULL;
		}
		if (!s)
			msg_error("%s: %s", ra->battle, err ? err : "cannot be audited");
		free(err);
	}
	battle_free(b);
	return s;
}

static struct store *archive_battle(const struct report_args *ra, int64_t *id)
{
	if ((ra->run.n_options && ra->kind != KIND_WHATIF) || ra->run.include_root) {
		msg_usage("report", "--option and --include-root are for a battle file; a stored battle keeps "
				    "the options it was audited under (umpire db reaudit)");
		return NULL;
	}
	struct store *s = load_archive(ra->db, STORE_WAL, LOAD_READ);
	if (!s)
		return NULL;
	char *err = NULL;
	*id = export_find(s, ra->battle, &err);
	if (!*id) {
		msg_error("%s", err);
		free(err);
		store_close(s);
		return NULL;
	}
	return s;
}

static struct sheet *build(const struct report_args *ra, struct store *s, const struct facts *f, char **err)
{
	switch (ra->kind) {
	case KIND_CASUALTIES:
		return report_casualties(f);
	case KIND_EFFECTIVENESS:
		return report_effectiveness(f);
	case KIND_AUDIT:
		return report_audit(s, f, &ra->filter, err);
	case KIND_LUCK:
		return luck_battle(s, f, &ra->luck, err);
	case KIND_WHATIF:	/* whatif_file, whatif_stored */
	case KIND_PLOTS:	/* plots */
	case KIND_AAR:		/* aar */
	case KIND_CAMPAIGN:	/* campaign_report */
	case KIND_BALANCE:	/* balance */
		break;
	}
	return NULL;
}

/* Prints sh as the options say; its exit status.  Frees sh. */
static int print_sheet(const struct report_args *ra, struct sheet *sh)
{
	int status = EXIT_CLEAN;
	if (!sheet_write(sh, stdout, ra->format, ra->table)) {
		struct buf ids;
		buf_init(&ids, 0);
		sheet_table_ids(sh, ra->format, &ids);
		msg_usage("report", "the %s report has no table '%s' in this format; it has %s", ra->name, ra->table,
			  ids.len ? ids.text : "no table");
		buf_release(&ids);
		status = EXIT_USAGE;
	} else if (!msg_flush_stdout()) {
		status = EXIT_USAGE;
	}
	sheet_free(sh);
	return status;
}

/* A report over a campaign's battles, from the archive: campaign, or luck
 * --campaign. */
static int over_campaign(const struct report_args *ra)
{
	struct store *s = load_archive(ra->db, STORE_WAL, LOAD_READ);
	if (!s)
		return EXIT_USAGE;
	char *err = NULL;
	struct sheet *sh = ra->kind == KIND_CAMPAIGN ? campaign_report(s, ra->campaign, &err)
						     : luck_campaign(s, ra->campaign, &ra->luck, &err);
	int status = EXIT_USAGE;
	if (sh)
		status = print_sheet(ra, sh);
	else
		msg_error("campaign '%s': %s", ra->campaign, err);
	free(err);
	store_close(s);
	return status;
}

/* The balance of a scenario, or of every scenario, from the archive. */
static int balance(const struct report_args *ra)
{
	struct store *s = load_archive(ra->db, STORE_WAL, LOAD_READ);
	if (!s)
		return EXIT_USAGE;
	char *err = NULL;
	struct sheet *sh = balance_report(s, ra->scenario, &err);
	int status = EXIT_USAGE;
	if (sh)
		status = print_sheet(ra, sh);
	else
		msg_error("%s", err);
	free(err);
	store_close(s);
	return status;
}

/* whatif on a battle file: its own options against --option. */
static int whatif_file(const struct report_args *ra)
{
	struct battle *b = file_battle(ra);
	int status = EXIT_USAGE;
	if (b) {
		struct whatif_base base = {0};
		char *err = NULL;
		struct sheet *sh = whatif_report(b, &base, ra->run.options, ra->run.n_options, &err);
		if (sh)
			status = print_sheet(ra, sh);
		else
			msg_error("%s: %s", ra->battle, err);
		free(err);
	}
	battle_free(b);
	return status;
}

/* whatif on a stored battle: the options it was stored with against them
 * and --option on top. */
static int whatif_stored(const struct report_args *ra)
{
	int64_t id;
	struct store *s = archive_battle(ra, &id);
	if (!s)
		return EXIT_USAGE;
	char *err = NULL;
	struct battle *b = export_parse(s, load_lexer(), id, &err);
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLE_READING);
	int status = EXIT_USAGE;
	if (b && st) {
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW) {
			char *own = strdup((const char *)sqlite3_column_text(st, 0));
			char *campaign = strdup((const char *)sqlite3_column_text(st, 1));
			const char *opts[AUDIT_MAX_OPTIONS];
			struct whatif_base base = {
				.campaign_options = campaign, .options = opts,
				.n_options = runopts_split(own, opts, AUDIT_MAX_OPTIONS)};
			sqlite3_reset(st);
			struct sheet *sh = runopts_check(&ra->run, "report", b)
						   ? whatif_report(b, &base, ra->run.options, ra->run.n_options, &err)
						   : NULL;
			if (sh)
				status = print_sheet(ra, sh);
			else if (err)
				msg_error("%s", err);
			free(own);
			free(campaign);
		}
	} else {
		msg_error("%s", err ? err : store_error(s));
	}
	free(err);
	battle_free(b);
	store_close(s);
	return status;
}

/* The plots of the battle into dir; false after a message. */
static bool draw_plots(const struct report_args *ra, struct store *s, const struct facts *f, const char *dir,
		       struct plots *out)
{
	char *prefix = plot_file_prefix(f->ident ? f->ident : f->name), *err = NULL;
	bool ok = plot_battle(s, f, dir, prefix, ra->plot_format, out, &err);
	if (!ok)
		msg_error("%s", err);
	free(err);
	free(prefix);
	return ok;
}

static int plots(const struct report_args *ra, struct store *s, const struct facts *f)
{
	struct plots p;
	bool ok = draw_plots(ra, s, f, ra->dir ? ra->dir : ".", &p);
	const char *dir = ra->dir ? ra->dir : ".";
	for (int i = 0; i < p.n; i++) {
		const char *script = strrchr(p.v[i].script, '/');
		printf("%s: %s (to draw it again: cd %s && gnuplot ./%s)\n", p.v[i].image, p.v[i].caption, dir,
		       script ? script + 1 : p.v[i].script);
	}
	plots_release(&p);
	return ok ? EXIT_CLEAN : EXIT_USAGE;
}

/* The folder of the after-action report's plots: --dir, else for Markdown
 * ID-plots/ (made here, a symbolic link there refused), else for HTML a new
 * temporary folder in TMPDIR or /tmp (*temporary set).  NULL when the
 * format draws none without --dir, or when the folder cannot be had: then
 * *missing says why (the caller frees), and *failed is set when that is an
 * error rather than a page without plots. */
static char *aar_folder(const struct report_args *ra, const struct facts *f, bool *temporary, bool *failed,
			char **missing)
{
	if (ra->dir)
		return xstrdup(ra->dir);
	if (ra->format == SHEET_MD) {
		char *prefix = plot_file_prefix(f->ident ? f->ident : f->name);
		struct buf dir;
		buf_init(&dir, 0);
		buf_printf(&dir, "%s-plots", prefix);
		free(prefix);
		char *own = buf_detach(&dir);
		buf_release(&dir);
		if (outfile_folder(own, missing))	/* a folder of umpire's naming: not a planted link */
			return own;
		msg_error("%s", *missing);
		*failed = true;
		free(own);
		return NULL;
	}
	if (ra->format != SHEET_HTML)
		return NULL;
	const char *t = getenv("TMPDIR");
	struct buf dir;
	buf_init(&dir, 0);
	buf_printf(&dir, "%s/umpire-aar-XXXXXX", t && *t ? t : "/tmp");
	if (mkdtemp(dir.text)) {
		*temporary = true;
		char *own = buf_detach(&dir);
		buf_release(&dir);
		return own;
	}
	struct buf why;
	buf_init(&why, 0);
	buf_printf(&why, "cannot make a temporary folder in %s: %s", t && *t ? t : "/tmp", strerror(errno));
	*missing = buf_detach(&why);
	buf_release(&why);
	buf_release(&dir);
	fprintf(stderr, "umpire: warning: %s: the report has no plots\n", *missing);
	return NULL;
}

/* The after-action report's plots drawn into dir; when a plot cannot be
 * drawn, *missing says why (the caller frees) and *failed is set. */
static void aar_plots(const struct report_args *ra, struct store *s, const struct facts *f, const char *dir,
		      struct plots *p, bool *failed, char **missing)
{
	char *prefix = plot_file_prefix(f->ident ? f->ident : f->name);
	if (!plot_battle(s, f, dir, prefix, ra->plot_format, p, missing)) {
		msg_error("%s: the report has the plots drawn before it", *missing);
		*failed = true;
	}
	free(prefix);
}

/* The after-action report: the plots drawn first (into --dir, else a
 * folder of their own for Markdown to link, else a temporary one whose
 * images go inline into the page); when they cannot be, the page says so.
 * A plot that failed makes the status 2 once the page is written. */
static int aar(const struct report_args *ra, struct store *s, const struct facts *f)
{
	struct plots p = {0};
	bool temporary = false, failed = false;
	char *missing = NULL, *err = NULL;
	char *dir = NULL;
	bool wanted = ra->dir || ra->format == SHEET_MD || ra->format == SHEET_HTML;
	if (wanted && !plot_available(&missing))
		fprintf(stderr, "umpire: %s: the report has no plots\n", missing);
	else if (wanted && (dir = aar_folder(ra, f, &temporary, &failed, &missing)) != NULL)
		aar_plots(ra, s, f, dir, &p, &failed, &missing);
	struct sheet *sh = aar_report(s, f, &p, missing, ra->format == SHEET_HTML, &err);
	int status = EXIT_USAGE;
	if (sh)
		status = print_sheet(ra, sh);
	else
		msg_error("%s", err);
	if (failed)
		status = EXIT_USAGE;
	if (temporary)
		outfile_remove_folder(dir);
	plots_release(&p);
	free(err);
	free(missing);
	free(dir);
	return status;
}

int cmd_report(int argc, char **argv)
{
	struct report_args ra = {.run.follow = FOLLOW_CLAIMED, .luck = {.very = 0.10, .plain = 0.30}, .filter = filter_none()};
	int rc = parse_args(argc, argv, &ra);
	if (rc)
		return rc > 0 ? EXIT_CLEAN : EXIT_USAGE;
	if (ra.campaign)
		return over_campaign(&ra);
	if (ra.kind == KIND_BALANCE)
		return balance(&ra);
	if (!is_file(ra.battle) && looks_like_file(ra.battle)) {
		not_a_file(ra.battle);
		return EXIT_USAGE;
	}
	if (ra.kind == KIND_WHATIF)
		return is_file(ra.battle) ? whatif_file(&ra) : whatif_stored(&ra);
	int64_t id = 0;
	struct store *s = is_file(ra.battle) ? file_archive(&ra, &id) : archive_battle(&ra, &id);
	if (!s)
		return EXIT_USAGE;
	struct facts f;
	char *err = NULL;
	struct sheet *sh = NULL;
	int status = EXIT_CLEAN;
	if (!facts_load(s, id, &f, &err)) {
		msg_error("%s", err ? err : "the battle cannot be read");
		status = EXIT_USAGE;
	} else if (ra.kind == KIND_PLOTS) {
		status = plots(&ra, s, &f);
	} else if (ra.kind == KIND_AAR) {
		status = aar(&ra, s, &f);
	} else if (!(sh = build(&ra, s, &f, &err))) {
		msg_error("%s", err ? err : "the report cannot be made");
		status = EXIT_USAGE;
	} else {
		status = print_sheet(&ra, sh);
	}
	free(err);
	facts_release(&f);
	store_close(s);
	return status;
}
