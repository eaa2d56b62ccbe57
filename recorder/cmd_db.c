/* umpire db: the battle archive (docs/archive.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../db/export.h"
#include "../db/import.h"
#include "../db/store.h"
#include "cmd.h"
#include "load.h"
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
	"         replaces the stored one, keeping its id, only with --replace\n"
	"  export [--inline] BATTLE\n"
	"         print a stored battle as `umpire fmt` prints the file imported;\n"
	"         --inline puts each included file's text in place of its include\n"
	"\n"
	"BATTLE is the archive's numeric id, the header id=, or a unique prefix of\n"
	"the battle's name.\n"
	"\n"
	"options:\n"
	"  --db PATH         the archive; else UMPIRE_DB, else\n"
	"                    $XDG_DATA_HOME/umpire/archive.db (~/.local/share/...)\n"
	"  --journal=delete  for an archive on a network or synced folder, where\n"
	"                    the default write-ahead log is not safe\n"
	"  -h, --help        show this help\n"
	"\n"
	"exit status: 0 done, 1 a battle with errors, or a changed battle refused\n"
	"without --replace, 2 usage error, unreadable file or archive.\n";

/* The archive the options name, opened; NULL after a message. */
static struct store *open_archive(const char *path, enum store_journal journal)
{
	char *fallback = path ? NULL : store_default_path();
	if (!path && !fallback) {
		msg_usage("db", "no archive: give --db PATH or set UMPIRE_DB (HOME is not set)");
		return NULL;
	}
	char *err = NULL;
	struct store_opts o = {.path = path ? path : fallback, .journal = journal};
	struct store *s = store_open(&o, &err);
	if (!s)
		msg_error("%s", err);
	free(err);
	free(fallback);
	return s;
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
			printf("%s: stored as battle %lld\n", path, (long long)id);
			break;
		case IMPORT_REPLACED:
			printf("%s: replaced battle %lld\n", path, (long long)id);
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
	for (int i = optind; i < argc; i++) {
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
		{NULL, 0, NULL, 0},
	};
	bool inline_includes = false;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire db export";
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c != 'i') {
			msg_try("db");
			return EXIT_USAGE;
		}
		inline_includes = true;
	}
	if (optind != argc - 1) {
		msg_usage("db", "export takes one BATTLE");
		return EXIT_USAGE;
	}
	char *err = NULL;
	int64_t id = export_find(s, argv[optind], &err);
	struct buf out;
	buf_init(&out, 0);
	if (id && export_battle(s, load_lexer(), id, inline_includes, &out, &err))
		fwrite(out.text ? out.text : "", 1, out.len, stdout);
	int status = err ? EXIT_USAGE : EXIT_CLEAN;
	if (err)
		msg_error("%s", err);
	free(err);
	buf_release(&out);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		msg_error("cannot write the export");
		status = EXIT_USAGE;
	}
	return status;
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
		} else if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
			path = argv[++i];
		} else if (strncmp(argv[i], "--db=", 5) == 0) {
			path = argv[i] + 5;
		} else if (strcmp(argv[i], "--journal=delete") == 0 || strcmp(argv[i], "--journal=wal") == 0) {
			journal = argv[i][10] == 'd' ? STORE_DELETE : STORE_WAL;
		} else {
			msg_usage("db", "unknown option '%s'", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (i >= argc) {
		msg_usage("db", "no command (import, export)");
		return EXIT_USAGE;
	}
	static const struct {
		const char *name;
		int (*run)(struct store *s, int argc, char **argv);
	} subs[] = {{"import", db_import}, {"export", db_export}};
	for (size_t k = 0; k < sizeof subs / sizeof subs[0]; k++) {
		if (strcmp(argv[i], subs[k].name) != 0)
			continue;
		struct store *s = open_archive(path, journal);
		if (!s)
			return EXIT_USAGE;
		int status = subs[k].run(s, argc - i, argv + i);
		store_close(s);
		return status;
	}
	msg_usage("db", "unknown command '%s' (import, export)", argv[i]);
	return EXIT_USAGE;
}
