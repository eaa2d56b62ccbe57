/* umpire db: the battle archive (docs/archive.md). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../audit/ruleset.h"
#include "../db/export.h"
#include "../db/import.h"
#include "../db/query.h"
#include "../db/store.h"
#include "../reports/table.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "durable.h"
#include "load.h"
#include "sql_rows.h"
#include "msg.h"
#include "runopts.h"

const char cmd_db_usage[] =
	"usage: umpire db [--db PATH] [--journal=wal|delete] COMMAND [ARGS]\n"
	"\n"
	"The battle archive, an SQLite file (docs/archive.md).  Commands:\n"
	"  import [--campaign NAME] [--replace] [--follow=claimed|derived]\n"
	"         [--option NAME=VALUE]... [--include-root DIR] FILE...\n"
	"         parse, audit and store each battle, whole or not at all: a file\n"
	"         with errors stores nothing; the audit's findings are stored.\n"
	"         The same content again changes nothing; a changed battle of the\n"
	"         same identity (campaign and header id=, or name and date)\n"
	"         replaces the stored one, keeping its number, only with --replace\n"
	"  export [--inline] BATTLE\n"
	"         print a stored battle as `umpire fmt` prints the file imported;\n"
	"         --inline puts each included file's text in place of its include\n"
	"  export --campaign NAME DIR\n"
	"         every battle of a campaign as files under DIR, a folder each\n"
	"         (NNN-name/, its includes beside it), which `db import` restores\n"
	"  list [--campaign NAME] [--format F]   the battles, by campaign and date\n"
	"  show [--format F] BATTLE              one battle: its header, what it holds\n"
	"         (files, sides, units, leaders, turns, events), its unsettled errors\n"
	"         and warnings, and what its audit ran under\n"
	"  query [--format F] [NAME [ARG...]]    a named query; without NAME, the list\n"
	"  rm [--force] BATTLE   remove a battle; refused when later battles carry\n"
	"         units from it, unless --force (which marks them stale)\n"
	"  check                 the archive's integrity and foreign keys\n"
	"  reaudit [--all]       audit again the battles stored by another umpire\n"
	"         version or marked stale (--all: every one), under the options\n"
	"         they were stored with\n"
	"  backup FILE           a consistent copy of the archive, even while\n"
	"         others write to it\n"
	"  vacuum                give the archive's free pages back to the disk\n"
	"         (after db rm, or an upgrade that dropped what older versions kept)\n"
	"  sql [--format F] 'SELECT ...'   your own query, the archive read-only\n"
	"  campaign new NAME [OPTION=VALUE...] | rename OLD NEW | add NAME BATTLE...\n"
	"         | order BATTLE SEQ | options NAME [OPTION=VALUE...] | list\n"
	"         campaigns: a campaign's rule options are the defaults of its\n"
	"         battles; its battles go by date, then seq (header seq=, or order)\n"
	"\n"
	"BATTLE is the battle's number in the archive, its header id=, or a unique\n"
	"prefix of its name in any case.  F is text (aligned columns, the default), csv (with\n"
	"a header row) or json (JSON Lines, one object a row).\n"
	"\n"
	"options:\n"
	"  --db PATH         the archive; else UMPIRE_DB, else\n"
	"                    $XDG_DATA_HOME/umpire/archive.db (~/.local/share/...)\n"
	"  --journal=delete  for an archive on a network or synced folder, where\n"
	"                    the default write-ahead log is not safe\n"
	"  -h, --help        show this help\n"
	"\n"
	"exit status: 0 done, 1 a battle with errors, a changed battle refused\n"
	"without --replace, a removal refused, or an archive that fails its check;\n"
	"2 usage error, unreadable file or archive.\n";

/* A progress line on standard error, for a terminal: which file of how
 * many, and how far into it. */
struct progress {
	const char *path;
	int file, files;
	int last;	/* the percentage shown last */
};

static void show_progress(void *ctx, int done, int total)
{
	struct progress *p = ctx;
	int percent = total ? (int)(100L * done / total) : 100;
	if (percent == p->last)
		return;
	p->last = percent;
	if (done >= total)	/* gone before the file's result is printed */
		fputs("\r\033[K", stderr);
	else
		fprintf(stderr, "\rimporting %d/%d %s: %3d%%\033[K", p->file, p->files, p->path, percent);
}

/* Imports one file; returns its exit status. */
static int import_one(struct store *s, const char *path, const struct runopts *r, const struct import_opts *io)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, r->include_root, &d);
	int status = EXIT_CLEAN;
	if (!b || d.n_errors) {
		load_print_diags(b ? stdout : stderr, b, &d);
		printf("%s: not stored: %s\n", path, b ? "it has errors" : "it cannot be read");
		status = b ? EXIT_FINDINGS : EXIT_USAGE;
	} else if (!runopts_check(r, "db import", b)) {
		status = EXIT_USAGE;
	} else {
		int64_t id;
		char *msg = NULL;
		switch (import_battle(s, b, io, &id, &msg)) {
		case IMPORT_ADDED:
			printf("%s: stored as battle %lld\n%s", path, (long long)id, msg ? msg : "");
			break;
		case IMPORT_REPLACED:
			printf("%s: replaced battle %lld\n%s", path, (long long)id, msg ? msg : "");
			break;
		case IMPORT_UNCHANGED:
			printf("%s: unchanged: battle %lld holds this content already\n", path, (long long)id);
			break;
		case IMPORT_REFUSED:
			printf("%s: not stored: %s\n", path, msg);
			status = EXIT_FINDINGS;
			break;
		case IMPORT_FAILED:
			msg_error("%s: not stored: %s", path, msg);
			status = EXIT_USAGE;
			break;
		}
		free(msg);
	}
	battle_free(b);
	diags_release(&d);
	return status;
}

static int db_import(struct store *s, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"campaign", required_argument, NULL, 'c'},
		{"replace", no_argument, NULL, 'r'},
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{NULL, 0, NULL, 0},
	};
	struct runopts r = {.follow = FOLLOW_CLAIMED};
	struct import_opts io = {.umpire_version = UMPIRE_VERSION};
	int c;
	optind = 1;
	argv[0] = (char *)"umpire db import";
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'c')
			io.campaign = optarg;
		else if (c == 'r')
			io.replace = true;
		else if (c == '?' || runopts_take(&r, "db import", c, optarg) < 0) {
			if (c == '?')
				msg_try("db");
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		msg_usage("db", "import: no file to import");
		return EXIT_USAGE;
	}
	io.follow = r.follow;
	io.options = r.options;
	io.n_options = r.n_options;
	int status = EXIT_CLEAN;
	struct progress p = {.files = argc - optind};
	if (isatty(STDERR_FILENO)) {	/* never in a pipe or a log file */
		io.progress = show_progress;
		io.progress_ctx = &p;
	}
	for (int i = optind; i < argc; i++) {
		p.path = argv[i];
		p.file = i - optind + 1;
		p.last = -1;
		int rc = import_one(s, argv[i], &r, &io);
		if (rc > status)
			status = rc;
	}
	return status;
}

static int db_export(struct store *s, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"inline", no_argument, NULL, 'i'},
		{"campaign", required_argument, NULL, 'c'},
		{NULL, 0, NULL, 0},
	};
	bool inline_includes = false;
	const char *campaign = NULL;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire db export";
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'c') {
			campaign = optarg;
		} else if (c == 'i') {
			inline_includes = true;
		} else {
			msg_try("db");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_usage("db", campaign ? "export --campaign NAME takes one DIR" : "export takes one BATTLE");
		return EXIT_USAGE;
	}
	char *err = NULL;
	if (campaign) {	/* every battle of it, as files db import restores */
		int n = export_campaign(s, load_lexer(), campaign, argv[optind], stdout, &err);
		if (n < 0) {
			msg_error("%s", err);
			free(err);
			return EXIT_USAGE;
		}
		return EXIT_CLEAN;
	}
	int64_t id = export_find(s, argv[optind], &err);
	struct buf out;
	buf_init_sink(&out, stdout);	/* streams: a battle of any size comes out whole */
	bool wrote = id && export_battle(s, load_lexer(), id, inline_includes, &out, &err);
	bool written = buf_flush(&out) == 0;
	int status = err ? EXIT_USAGE : EXIT_CLEAN;
	if (err)
		msg_error("%s", err);
	free(err);
	buf_release(&out);
	if (!msg_flush_stdout() || !written)	/* a failed write said once, with its cause */
		status = EXIT_USAGE;
	if (wrote && out.full) {
		msg_error("the export passed a piece too large to hold; not written whole");
		status = EXIT_USAGE;
	}
	return status;
}

/* --format F and the options every listing takes; the rest left in
 * argv from optind.  Returns -1 after a usage message. */
static int listing_opts(int argc, char **argv, const char *cmd, enum table_format *f, const char **campaign,
			bool *force)
{
	static const struct option longopts[] = {
		{"format", required_argument, NULL, 'F'},
		{"campaign", required_argument, NULL, 'c'},
		{"force", no_argument, NULL, 'f'},
		{"all", no_argument, NULL, 'a'},
		{NULL, 0, NULL, 0},
	};
	int c;
	optind = 1;
	char name[64];
	snprintf(name, sizeof name, "umpire db %s", cmd);
	argv[0] = name;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'F' && f && table_format_of(optarg, f))
			continue;
		if (c == 'F' && f) {
			msg_usage("db", "%s: --format takes text, csv or json, not '%s'", cmd, optarg);
			return -1;
		}
		if (c == 'c' && campaign) {
			*campaign = optarg;
			continue;
		}
		if ((c == 'f' || c == 'a') && force) {
			*force = true;
			continue;
		}
		if (c != '?')
			msg_usage("db", "%s: no option %s", cmd, argv[optind - 1]);
		else
			msg_try("db");
		return -1;
	}
	return 0;
}

/* Prints a prepared statement's rows with write (table_write, or
 * sql_rows_write for the user's own) and finalizes it; its exit status. */
static int print_rows_with(long (*writer)(FILE *out, sqlite3_stmt *st, enum table_format f), sqlite3_stmt *st,
			   enum table_format f)
{
	long rows = writer(stdout, st, f);
	if (rows == 0 && f == TABLE_TEXT)
		printf("(no rows)\n");	/* a person reading: an empty answer says so */
	if (rows < 0)
		msg_error("%s", sqlite3_errmsg(sqlite3_db_handle(st)));
	sqlite3_finalize(st);
	if (!msg_flush_stdout())	/* said once, with its cause */
		return EXIT_USAGE;
	return rows < 0 ? EXIT_USAGE : EXIT_CLEAN;
}

static int run_query(struct store *s, const char *name, const char *const *args, int n_args, enum table_format f)
{
	const struct query_def *q = query_find(name);
	if (!q) {
		msg_usage("db", "no query '%s' ('umpire db query' lists them)", name);
		return EXIT_USAGE;
	}
	char *err = NULL;
	sqlite3_stmt *st = query_prepare(s, q, args, n_args, &err);
	if (!st) {
		msg_error("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	return print_rows_with(table_write, st, f);
}

static int db_list(struct store *s, int argc, char **argv)
{
	enum table_format f = TABLE_TEXT;
	const char *campaign = NULL;
	if (listing_opts(argc, argv, "list", &f, &campaign, NULL) < 0)
		return EXIT_USAGE;
	if (optind != argc) {
		msg_usage("db", "list takes no argument");
		return EXIT_USAGE;
	}
	const char *args[] = {campaign};
	return run_query(s, "battles", args, campaign ? 1 : 0, f);
}

static int db_query(struct store *s, int argc, char **argv)
{
	enum table_format f = TABLE_TEXT;
	if (listing_opts(argc, argv, "query", &f, NULL, NULL) < 0)
		return EXIT_USAGE;
	if (optind < argc)
		return run_query(s, argv[optind], (const char *const *)argv + optind + 1, argc - optind - 1, f);
	const struct query_def *q;
	for (size_t i = 0; (q = query_at(i)) != NULL; i++)	/* what there is to ask */
		printf("%-16s %s\n%16s %s\n", q->name, q->args, "", q->doc);
	return EXIT_CLEAN;
}

/* One battle's row, key by key down the page in text. */
static int db_show(struct store *s, int argc, char **argv)
{
	enum table_format f = TABLE_TEXT;
	if (listing_opts(argc, argv, "show", &f, NULL, NULL) < 0)
		return EXIT_USAGE;
	if (optind != argc - 1) {
		msg_usage("db", "show takes one BATTLE");
		return EXIT_USAGE;
	}
	char *err = NULL;
	int64_t id = export_find(s, argv[optind], &err);
	sqlite3_stmt *st = id ? store_stmt(s, STMT_BATTLE_SHOW) : NULL;
	if (!st) {
		msg_error("%s", err ? err : store_error(s));
		free(err);
		return EXIT_USAGE;
	}
	sqlite3_bind_int64(st, 1, id);
	if (f != TABLE_TEXT) {
		long rows = table_write(stdout, st, f);
		sqlite3_reset(st);
		return rows < 0 ? EXIT_USAGE : EXIT_CLEAN;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		for (int c = 0; c < sqlite3_column_count(st); c++) {
			const char *v = (const char *)sqlite3_column_text(st, c);
			if (v && *v)
				printf("%-17s %s\n", sqlite3_column_name(st, c), v);
			else
				printf("%s\n", sqlite3_column_name(st, c));	/* no value, no trailing spaces */
		}
	sqlite3_reset(st);
	static const struct {
		enum store_stmt stmt;
		const char *title;
	} lists[] = {{STMT_BATTLE_SIDES, "Sides"}, {STMT_BATTLE_UNITS, "Units"}, {STMT_BATTLE_EVENTS, "Events"}};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {	/* then what it holds, list by list */
		sqlite3_stmt *l = store_stmt(s, lists[i].stmt);
		if (!l) {
			msg_error("%s", store_error(s));
			return EXIT_USAGE;
		}
		sqlite3_bind_int64(l, 1, id);
		printf("\n%s\n", lists[i].title);
		long rows = table_write(stdout, l, TABLE_TEXT);
		sqlite3_reset(l);
		if (rows < 0)
			return EXIT_USAGE;
	}
	return EXIT_CLEAN;
}

static int db_rm(struct store *s, int argc, char **argv)
{
	bool force = false;
	if (listing_opts(argc, argv, "rm", NULL, NULL, &force) < 0)
		return EXIT_USAGE;
	if (optind != argc - 1) {
		msg_usage("db", "rm takes one BATTLE");
		return EXIT_USAGE;
	}
	char *err = NULL;
	int64_t id = export_find(s, argv[optind], &err);
	int stale = 0;
	enum import_removal done = id ? import_remove(s, id, force, &stale, &err) : IMPORT_REMOVE_FAILED;
	if (done == IMPORT_REMOVED) {
		printf("battle %lld removed%s", (long long)id, stale ? "; " : "\n");
		if (stale)
			printf("%d later battle%s carrying from it marked stale ('umpire db reaudit')\n", stale,
			       stale == 1 ? "" : "s");
		return EXIT_CLEAN;
	}
	msg_error("%s", err);
	free(err);
	return done == IMPORT_REMOVE_REFUSED ? EXIT_FINDINGS : EXIT_USAGE;	/* a write that failed: 2, as every other */
}

static int db_check(struct store *s, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		msg_usage("db", "check takes no argument");
		return EXIT_USAGE;
	}
	int problems = store_check(s, stdout);
	if (problems < 0) {
		msg_error("the check cannot run: %s", store_error(s));
		return EXIT_USAGE;
	}
	if (problems == 0)
		printf("ok: the archive's schema is umpire's, its integrity and foreign keys are sound\n");
	return problems ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* Writes the copy whole or not at all: into a temporary file beside path
 * (PATH.backup-XXXXXX, which no other run's name can block), flushed, then
 * named path and the folder flushed.  A copy that fails (a full disk, a
 * signal) leaves no file at path: at most, when the process is killed, its
 * temporary file.  Returns the exit status, after a message on failure. */
static int backup_whole(struct store *s, const char *path)
{
	size_t n = strlen(path) + sizeof ".backup-XXXXXX";
	char *tmp = xmalloc(n);
	snprintf(tmp, n, "%s.backup-XXXXXX", path);
	int fd = mkstemp(tmp);	/* empty, as VACUUM INTO wants it */
	int status = EXIT_USAGE;
	if (fd < 0)
		msg_error("cannot write the backup %s: cannot create a file beside it: %s", path, strerror(errno));
	else if (close(fd) < 0 || !store_backup(s, tmp))
		msg_error("cannot write the backup %s: %s", path, store_error(s));
	else if (durable_sync_file(tmp) < 0 || durable_name_new(tmp, path) < 0)
		msg_error(errno == EEXIST ? "%s exists: a backup never overwrites a file" : "cannot write the backup %s: %s",
			  path, strerror(errno));
	else if (durable_sync_dir(path) < 0)
		msg_error("the backup %s is written, but its folder could not be flushed to disk: %s", path, strerror(errno));
	else
		status = EXIT_CLEAN;
	if (fd >= 0)
		unlink(tmp);	/* gone already when it was named */
	free(tmp);
	return status;
}

static int db_backup(struct store *s, int argc, char **argv)
{
	if (argc != 2) {
		msg_usage("db", "backup takes one FILE");
		return EXIT_USAGE;
	}
	if (access(argv[1], F_OK) == 0) {
		msg_error("%s exists: a backup never overwrites a file", argv[1]);
		return EXIT_USAGE;
	}
	int status = backup_whole(s, argv[1]);
	if (status == EXIT_CLEAN)
		printf("archive copied to %s\n", argv[1]);
	return status;
}

/* The archive's size in bytes, as its pages count it. */
static long long archive_bytes(struct store *s)
{
	sqlite3_stmt *st = NULL;
	long long n = -1;
	if (sqlite3_prepare_v2(store_db(s), "SELECT page_count * page_size FROM pragma_page_count, pragma_page_size", -1,
			       &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* VACUUM: the archive rewritten without its free pages.  It waits for
 * other writers as every write does, and is whole or nothing. */
static int db_vacuum(struct store *s, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		msg_usage("db", "vacuum takes no argument");
		return EXIT_USAGE;
	}
	long long before = archive_bytes(s);
	if (sqlite3_exec(store_db(s), "VACUUM", NULL, NULL, NULL) != SQLITE_OK) {
		msg_error("cannot compact the archive: %s", store_error(s));
		return EXIT_USAGE;
	}
	printf("archive compacted: %lld bytes to %lld\n", before, archive_bytes(s));
	return EXIT_CLEAN;
}

/* Whether version a ("0.1.0") is older than b, number by number. */
static bool older(const char *a, const char *b)
{
	while (*a || *b) {
		char *ea, *eb;
		long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);
		if (x != y)
			return x < y;
		a = *ea == '.' ? ea + 1 : ea;
		b = *eb == '.' ? eb + 1 : eb;
		if (ea == a && eb == b)
			break;
	}
	return false;
}

/* Whether the battle is marked to audit again (a battle carried from was
 * replaced or audited again since). */
static bool battle_stale(struct store *s, int64_t id)
{
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLE_STALE);
	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, id);
	bool stale = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return stale;
}

static int db_reaudit(struct store *s, int argc, char **argv)
{
	bool all = false;
	if (listing_opts(argc, argv, "reaudit", NULL, NULL, &all) < 0)
		return EXIT_USAGE;
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLES_TO_REAUDIT);
	if (!st) {
		msg_error("%s", store_error(s));
		return EXIT_USAGE;
	}
	struct todo {
		int64_t id;
		char *options;
		char *campaign;
		bool derived, older;
	} *todo = NULL;
	int n = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		todo = realloc(todo, (size_t)(n + 1) * sizeof *todo);
		if (!todo)
			abort();
		todo[n].id = sqlite3_column_int64(st, 0);
		todo[n].options = strdup((const char *)sqlite3_column_text(st, 1));
		todo[n].derived = strcmp((const char *)sqlite3_column_text(st, 2), "derived") == 0;
		todo[n].campaign = strdup((const char *)sqlite3_column_text(st, 3));
		todo[n].older = older((const char *)sqlite3_column_text(st, 4), UMPIRE_VERSION);
		n++;
	}
	sqlite3_reset(st);
	int status = EXIT_CLEAN, done = 0;
	for (int i = 0; i < n; i++) {
		/* stale is read as each battle's turn comes: auditing an earlier one
		 * again marks the later ones carrying from it, which come after it
		 * in this order, so one pass reaches the fixed point */
		if (!all && !todo[i].older && !battle_stale(s, todo[i].id)) {
			free(todo[i].options);
			free(todo[i].campaign);
			continue;
		}
		done++;
		char *err = NULL;
		struct battle *b = export_parse(s, load_lexer(), todo[i].id, &err);
		const char *opts[AUDIT_MAX_OPTIONS];
		struct import_opts io = {.umpire_version = UMPIRE_VERSION, .reaudit = true, .campaign = todo[i].campaign,
					 .follow = todo[i].derived ? FOLLOW_DERIVED : FOLLOW_CLAIMED, .options = opts,
					 .n_options = runopts_split(todo[i].options, opts, AUDIT_MAX_OPTIONS)};
		int64_t id = 0;
		if (b && import_battle(s, b, &io, &id, &err) == IMPORT_REPLACED && id == todo[i].id) {
			printf("battle %lld audited again\n%s", (long long)todo[i].id, err ? err : "");
		} else {
			msg_error("battle %lld: %s", (long long)todo[i].id, err ? err : "not audited again");
			status = EXIT_USAGE;
		}
		free(err);
		battle_free(b);
		free(todo[i].options);
		free(todo[i].campaign);
	}
	free(todo);
	if (done == 0)
		printf("every battle was audited by this umpire under its options: nothing to do\n");
	return status;
}

/* Whether text holds a statement more (not only spaces and comments). */
static bool more_statements(sqlite3 *db, const char *text)
{
	sqlite3_stmt *st = NULL;
	if (!text || sqlite3_prepare_v2(db, text, -1, &st, NULL) != SQLITE_OK)
		return text && text[strspn(text, " \t\r\n;")];
	bool more = st != NULL;
	sqlite3_finalize(st);
	return more;
}

/* The user's own SELECT, on the archive opened read-only. */
static int db_sql(const char *path, enum store_journal journal, int argc, char **argv)
{
	enum table_format f = TABLE_TEXT;
	if (listing_opts(argc, argv, "sql", &f, NULL, NULL) < 0)
		return EXIT_USAGE;
	if (optind != argc - 1) {
		msg_usage("db", "sql takes one statement in quotes");
		return EXIT_USAGE;
	}
	char *fallback = path ? NULL : store_default_path();
	char *err = NULL;
	struct store_opts o = {.path = path ? path : fallback ? fallback : "", .journal = journal, .read_only = true};
	struct store *s = store_open(&o, &err);
	free(fallback);
	if (!s) {
		msg_error("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	sqlite3_stmt *st = NULL;
	const char *tail = NULL;
	int status;
	query_functions(s);	/* state_words() for the user's SQL as for the named queries */
	if (sqlite3_prepare_v2(store_db(s), argv[optind], -1, &st, &tail) != SQLITE_OK || !st) {
		msg_error("%s", st || sqlite3_errcode(store_db(s)) != SQLITE_OK ? store_error(s) : "no statement given");
		sqlite3_finalize(st);
		status = EXIT_USAGE;
	} else if (more_statements(store_db(s), tail)) {
		msg_usage("db", "sql runs one statement");
		sqlite3_finalize(st);
		status = EXIT_USAGE;
	} else if (sqlite3_bind_parameter_count(st) > 0) {
		msg_error("the statement has parameters (%s...), and sql binds none: put the values in",
			  sqlite3_bind_parameter_name(st, 1) ? sqlite3_bind_parameter_name(st, 1) : "?");
		sqlite3_finalize(st);
		status = EXIT_USAGE;
	} else if (!sqlite3_stmt_readonly(st)) {
		msg_error("sql only reads the archive: the statement would change it");
		sqlite3_finalize(st);
		status = EXIT_USAGE;
	} else {	/* text steps it twice: one snapshot for both */
		sqlite3_exec(store_db(s), "BEGIN", NULL, NULL, NULL);
		status = print_rows_with(sql_rows_write, st, f);
		sqlite3_exec(store_db(s), "COMMIT", NULL, NULL, NULL);
	}
	store_close(s);
	return status;
}

/* Runs one bound write statement in its own transaction; false after a
 * message.  changes: the rows it changed, or NULL. */
static bool write_one(struct store *s, sqlite3_stmt *st, const char *what, int *changes)
{
	bool ok = st && store_begin(s) && store_run(s, st);
	if (ok && changes)
		*changes = sqlite3_changes(store_db(s));
	if (!ok || !store_commit(s)) {
		msg_error("%s: %s", what, store_error(s));
		store_rollback(s);
		return false;
	}
	return true;
}

/* Whether every NAME=VALUE names a rule option of a registered ruleset;
 * says which does not otherwise. */
static bool options_known(char **settings, int n)
{
	for (int i = 0; i < n; i++) {
		char why[256] = "";
		bool known = false;
		const char *eq = strchr(settings[i], '=');
		size_t len = eq ? (size_t)(eq - settings[i]) : strlen(settings[i]);
		const struct vocab *named = NULL;	/* a ruleset that has the option: its message says why */
		for (size_t r = 0; ruleset_at(r) && !known; r++) {
			const struct vocab *v = ruleset_at(r)->vocab;
			if (!named && v->option && vocab_find(v, v->option, settings[i], len))
				named = v;
			known = audit_check_option(v, settings[i], why, sizeof why);
		}
		if (!known && named)
			audit_check_option(named, settings[i], why, sizeof why);
		else if (!known)
			snprintf(why, sizeof why, "no ruleset has a rule option '%.*s'", (int)len, settings[i]);
		if (!known) {
			msg_usage("db", "campaign options: %s: %s", settings[i], why);
			return false;
		}
	}
	return true;
}

/* Whether no option is named twice among settings (NAME=VALUE each):
 * "a=1 a=2" contradicts itself, "a=1 a=1" says nothing more; says which. */
static bool options_once(char **settings, int n)
{
	for (int i = 0; i < n; i++) {
		size_t len = strcspn(settings[i], "=");
		for (int j = 0; j < i; j++)
			if (strcspn(settings[j], "=") == len && strncasecmp(settings[i], settings[j], len) == 0) {
				msg_usage("db", "campaign options: '%.*s' is given twice (%s, %s): give it once", (int)len,
					  settings[i], settings[j], settings[i]);
				return false;
			}
	}
	return true;
}

/* "NAME=VALUE ..." of argv[0..n), into out. */
static const char *joined(char **argv, int n, char *out, size_t size)
{
	size_t len = 0;
	out[0] = '\0';
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s", i ? " " : "", argv[i]);
	return out;
}

static int campaign_options(struct store *s, char **argv, int argc)
{
	if (argc < 1) {
		msg_usage("db", "campaign options takes NAME [NAME=VALUE...]");
		return EXIT_USAGE;
	}
	sqlite3_stmt *st = store_stmt(s, STMT_CAMPAIGN_OPTIONS);
	sqlite3_bind_text(st, 1, argv[0], -1, SQLITE_TRANSIENT);
	bool found = sqlite3_step(st) == SQLITE_ROW;
	if (found && argc == 1)
		printf("%s\n", (const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	if (!found) {
		msg_error("no campaign '%s'", argv[0]);
		return EXIT_USAGE;
	}
	if (argc == 1)
		return EXIT_CLEAN;
	if (!options_known(argv + 1, argc - 1) || !options_once(argv + 1, argc - 1))
		return EXIT_USAGE;
	char text[1024];
	joined(argv + 1, argc - 1, text, sizeof text);
	/* the options and the battles they make stale, in one transaction */
	bool ok = store_begin(s) && store_set_campaign_options(s, argv[0], text) &&
		  (st = store_stmt(s, STMT_CAMPAIGN_OPTIONS_STALE));
	if (ok) {
		sqlite3_bind_text(st, 1, argv[0], -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 2, text, -1, SQLITE_TRANSIENT);
		ok = store_run(s, st);
	}
	int stale = ok ? sqlite3_changes(store_db(s)) : 0;
	if (!ok || !store_commit(s)) {
		msg_error("campaign options: %s", store_error(s));
		store_rollback(s);
		return EXIT_USAGE;
	}
	printf("campaign %s: options %s; %d battle%s to audit again ('umpire db reaudit')\n", argv[0], text, stale,
	       stale == 1 ? "" : "s");
	return EXIT_CLEAN;
}

/* The largest seq: what a battle's header takes (seq=, 1 to 99999). */
enum { SEQ_MAX = 99999 };

/* A battle's seq from its decimal text: false unless it is all digits
 * (a sign allowed) and from 1 to SEQ_MAX, never clamped. */
static bool seq_of(const char *text, long *seq)
{
	char *end;
	errno = 0;
	*seq = strtol(text, &end, 10);
	return end != text && !*end && errno != ERANGE && *seq >= 1 && *seq <= SEQ_MAX;
}

/* umpire db campaign new|rename|add|order|options|list */
static int db_campaign(struct store *s, int argc, char **argv)
{
	const char *sub = argc > 1 ? argv[1] : "";
	char **args = argv + 2;
	int n = argc - 2;
	sqlite3_stmt *st;
	if (strcmp(sub, "list") == 0 && n == 0 && (st = store_stmt(s, STMT_CAMPAIGN_LIST))) {
		long rows = table_write(stdout, st, TABLE_TEXT);	/* the store's statement: reset, not finalized */
		sqlite3_reset(st);
		return rows < 0 ? EXIT_USAGE : EXIT_CLEAN;
	}
	if (strcmp(sub, "new") == 0 && n >= 1) {
		char text[1024];
		if (!options_known(args + 1, n - 1) || !options_once(args + 1, n - 1))
			return EXIT_USAGE;
		if (!store_begin(s) || !store_new_campaign(s, args[0], joined(args + 1, n - 1, text, sizeof text)) ||
		    !store_commit(s)) {
			msg_error("campaign new (is there one of that name?): %s", store_error(s));
			store_rollback(s);
			return EXIT_USAGE;
		}
		printf("campaign %s made\n", args[0]);
		return EXIT_CLEAN;
	}
	if (strcmp(sub, "rename") == 0 && n == 2 && (st = store_stmt(s, STMT_CAMPAIGN_RENAME))) {
		sqlite3_bind_text(st, 1, args[0], -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 2, args[1], -1, SQLITE_TRANSIENT);
		int changed = 0;
		if (!write_one(s, st, "campaign rename", &changed))
			return EXIT_USAGE;
		if (!changed) {
			msg_error("no campaign '%s'", args[0]);
			return EXIT_USAGE;
		}
		printf("campaign %s is now %s\n", args[0], args[1]);
		return EXIT_CLEAN;
	}
	if (strcmp(sub, "add") == 0 && n >= 2) {	/* battles moved into it, to be audited again there */
		st = store_stmt(s, STMT_CAMPAIGN_OPTIONS);
		sqlite3_bind_text(st, 1, args[0], -1, SQLITE_TRANSIENT);
		bool exists = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_reset(st);
		if (!exists) {
			msg_error("no campaign '%s': make it with 'umpire db campaign new %s'", args[0], args[0]);
			return EXIT_USAGE;
		}
		for (int i = 1; i < n; i++) {
			char *err = NULL;
			int64_t id = export_find(s, args[i], &err);
			if (!id || !(st = store_stmt(s, STMT_CAMPAIGN_MOVE))) {
				msg_error("%s", err ? err : store_error(s));
				free(err);
				return EXIT_USAGE;
			}
			sqlite3_bind_text(st, 1, args[0], -1, SQLITE_TRANSIENT);
			sqlite3_bind_int64(st, 2, id);
			if (!write_one(s, st, "campaign add (does the campaign hold a battle of that id= already?)", NULL))
				return EXIT_USAGE;
			printf("battle %lld is in campaign %s, to audit again ('umpire db reaudit')\n", (long long)id,
			       args[0]);
		}
		return EXIT_CLEAN;
	}
	if (strcmp(sub, "order") == 0 && n == 2) {	/* the battle's seq, after its date */
		char *err = NULL;
		int64_t id = export_find(s, args[0], &err);
		long seq = 0;
		if (!id || !seq_of(args[1], &seq)) {
			if (err)
				msg_error("%s", err);
			else
				msg_usage("db", "campaign order: '%s' is not a number from 1 to %d (the battle's seq)", args[1],
					  SEQ_MAX);
			free(err);
			return EXIT_USAGE;
		}
		st = store_stmt(s, STMT_BATTLE_SET_SEQ);
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_int64(st, 2, seq);
		if (!write_one(s, st, "campaign order", NULL))
			return EXIT_USAGE;
		printf("battle %lld is number %ld of its date in its campaign\n", (long long)id, seq);
		return EXIT_CLEAN;
	}
	if (strcmp(sub, "options") == 0)
		return campaign_options(s, args, n);
	msg_usage("db", "campaign takes new NAME [N=V...], rename OLD NEW, add NAME BATTLE..., order BATTLE SEQ, "
		  "options NAME [N=V...] or list");
	return EXIT_USAGE;
}

int cmd_db(int argc, char **argv)
{
	const char *path = NULL;
	enum store_journal journal = STORE_WAL;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {	/* the archive's options, before the command */
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs(cmd_db_usage, stdout);
			return EXIT_CLEAN;
		} else if (strcmp(argv[i], "--db") == 0 || strncmp(argv[i], "--db=", 5) == 0) {
			path = argv[i][4] == '=' ? argv[i] + 5 : i + 1 < argc ? argv[++i] : "";
			if (!*path) {
				msg_usage("db", "--db takes the archive's path");
				return EXIT_USAGE;
			}
		} else if (strcmp(argv[i], "--journal=delete") == 0 || strcmp(argv[i], "--journal=wal") == 0) {
			journal = argv[i][10] == 'd' ? STORE_DELETE : STORE_WAL;
		} else if (strncmp(argv[i], "--journal", 9) == 0) {
			msg_usage("db", "--journal takes wal or delete, as --journal=delete");
			return EXIT_USAGE;
		} else {
			msg_usage("db", "unknown option '%s'", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (i >= argc) {
		msg_usage("db", "no command (import, export, list, show, query, rm, check, reaudit, backup, sql, campaign)");
		return EXIT_USAGE;
	}
	for (int k = i + 1; k < argc; k++)
		if (strcmp(argv[k], "--db") == 0 || strncmp(argv[k], "--db=", 5) == 0 ||
		    strncmp(argv[k], "--journal", 9) == 0) {
			msg_usage("db", "%s goes before the command: umpire db %s ... %s ...", argv[k], argv[k], argv[i]);
			return EXIT_USAGE;
		}
	if (strcmp(argv[i], "sql") == 0)	/* its own read-only connection */
		return db_sql(path, journal, argc - i, argv + i);
	static const struct {
		const char *name;
		int (*run)(struct store *s, int argc, char **argv);
		bool reads;	/* only reads: opened read-only (an archive to upgrade is upgraded first) */
	} subs[] = {
		{"import", db_import, false}, {"export", db_export, true}, {"list", db_list, true},
		{"show", db_show, true}, {"query", db_query, true}, {"rm", db_rm, false}, {"check", db_check, true},
		{"reaudit", db_reaudit, false}, {"backup", db_backup, true}, {"campaign", db_campaign, false},
		{"vacuum", db_vacuum, false},
	};
	for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++) {
		if (strcmp(argv[i], subs[k].name) != 0)
			continue;
		bool makes = subs[k].run == db_import || (subs[k].run == db_campaign && i + 1 < argc &&
							  strcmp(argv[i + 1], "new") == 0);	/* the only ones that make one */
		enum load_access access = makes ? LOAD_CREATE : subs[k].run == db_check ? LOAD_INSPECT
					: subs[k].reads ? LOAD_READ_UPGRADING : LOAD_WRITE;
		struct store *s = load_archive(path, journal, access);
		if (!s)
			return EXIT_USAGE;
		int status = subs[k].run(s, argc - i, argv + i);
		store_close(s);
		return status;
	}
	msg_usage("db", "unknown command '%s' (import, export, list, show, query, rm, check, reaudit, backup, sql, campaign)",
		  argv[i]);
	return EXIT_USAGE;
}
