/* umpire check: parse battle logs and report every error. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../grammar/parse.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"

const char cmd_check_usage[] =
	"usage: umpire check [-q] [--no-warn CODE]... [--include-root DIR] FILE...\n"
	"\n"
	"Parse each battle log and the files it includes, resolve every unit,\n"
	"leader and side, and report each problem as\n"
	"  FILE:LINE:COL: SEVERITY CODE: MESSAGE\n"
	"with the line and a caret under the spot, then a status line per file.\n"
	"\n"
	"options:\n"
	"  --no-warn CODE   do not show warnings with this code (repeatable)\n"
	"  -q, --quiet      print only the diagnostics, no status lines\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                   battle file's own folder (a path is still relative to\n"
	"                   the file that includes it)\n"
	"  -h, --help       show this help\n"
	"\n"
	"exit status: 0 no errors (warnings allowed), 1 errors, 2 usage error or\n"
	"unreadable file.  The codes are listed in docs/diagnostics.md.\n";

/* Checks one file; returns its exit status. */
static int check_one(const char *path, const char *root, const struct silence *s, bool quiet)
{
	struct diags d;
	diags_init(&d, 500);
	d.muted = s->off;
	struct battle *b = load_battle(path, root, &d);
	load_print_diags(b ? stdout : stderr, b, &d);	/* an unreadable file is an error of the run */
	int warnings = d.n_warnings;
	int status = !b ? EXIT_USAGE : d.n_errors ? EXIT_FINDINGS : EXIT_CLEAN;
	if (!quiet) {
		if (!b)
			printf("%s: not checked\n", path);
		else if (!d.n_errors && !warnings)
			printf("%s: ok\n", path);
		else
			printf("%s: %d error%s, %d warning%s\n", path, d.n_errors, d.n_errors == 1 ? "" : "s",
			       warnings, warnings == 1 ? "" : "s");
	}
	battle_free(b);
	diags_release(&d);
	return status;
}

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"no-warn", required_argument, NULL, 'W'},
		{"quiet", no_argument, NULL, 'q'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct silence s;
	memset(&s, 0, sizeof s);
	bool quiet = false;
	const char *root = NULL;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire check";	/* getopt names the command in its messages */
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'W':
			if (load_silence(&s, "check", optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'q':
			quiet = true;
			break;
		case 'I':
			root = optarg;
			break;
		case 'h':
			fputs(cmd_check_usage, stdout);
			return EXIT_CLEAN;
		default:	/* getopt has said what is wrong */
			msg_try("check");
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		msg_usage("check", "no file to check");
		return EXIT_USAGE;
	}
	int status = EXIT_CLEAN;
	for (int i = optind; i < argc; i++) {
		int rc = check_one(argv[i], root, &s, quiet);
		if (rc > status)
			status = rc;
	}
	return status;
}
