/* umpire explain: one event's derivation, step by step, each step with its rule. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/audit.h"
#include "../audit/explain.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_explain_usage[] =
	"usage: umpire explain [--follow=claimed|derived] [--option NAME=VALUE]...\n"
	"                      [--include-root DIR] FILE:LINE | FILE:INCLUDED:LINE\n"
	"\n"
	"Print the derivation of the event on LINE of FILE (or of the file FILE\n"
	"includes as INCLUDED) as an umpire would read it out: the dice, every\n"
	"modifier with the rule it comes from and the ones that do not apply, the\n"
	"total, the table lookup, the losses and the state after, then the verdict\n"
	"on what the player claimed. FILE:LINE:COL, as check and audit print a\n"
	"finding's place, is taken as FILE:LINE; the line of a ruling explains the\n"
	"event it settles.\n"
	"\n"
	"options:\n"
	"  --follow=claimed    the state before the event follows the game as played\n"
	"                      (default)\n"
	"  --follow=derived    the state follows the derived outcomes instead\n"
	"  --option NAME=VALUE a rule option for this run, over the battle's own\n"
	"                      (repeatable; docs/rules.md lists them)\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                      battle file's own folder (a path is still relative to\n"
	"                      the file that includes it)\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 no error in the claim, or a ruling settles it; 1 errors;\n"
	"2 usage error, unreadable file, a log that does not parse, or a line that\n"
	"is not an event.\n";

/* Splits "FILE:LINE" or "FILE:INCLUDED:LINE" (from the right: file names may
 * hold colons only in the first part).  The caller frees *file and *included. */
static int split_target(const char *arg, char **file, char **included, int *line)
{
	const char *last = strrchr(arg, ':');
	if (!last || !last[1] || strspn(last + 1, "0123456789") != strlen(last + 1))
		return -1;
	*line = atoi(last + 1);
	char *rest = xstrndup(arg, (size_t)(last - arg));
	char *mid = strrchr(rest, ':');
	*included = NULL;
	if (mid && mid[1] && strspn(mid + 1, "0123456789") == strlen(mid + 1)) {
		/* FILE:LINE:COL as check and audit print it: the column is dropped */
		*line = atoi(mid + 1);
		*mid = '\0';
		mid = strrchr(rest, ':');
	}
	if (mid) {
		*mid = '\0';
		*included = xstrdup(mid + 1);
	}
	*file = rest;
	return *line > 0 ? 0 : -1;
}

/* The source index of the included file named included (its path ends so). */
static int find_source(const struct battle *b, const char *included)
{
	size_t n = strlen(included);
	for (int i = 0; i < b->src.n; i++) {
		const char *p = b->src.v[i].path;
		size_t m = strlen(p);
		if (m >= n && strcmp(p + m - n, included) == 0 && (m == n || p[m - n - 1] == '/'))
			return i;
	}
	return -1;
}

/* The audit settled some statements: keep the record of the one explained. */
static void keep_one(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)f;
	(void)upto;
	records_keep(records, *(const int *)ctx);
}

static int explain(const char *path, const char *included, int line, const struct runopts *run)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, run->include_root, &d);
	int status = EXIT_CLEAN;
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	int file = included && b ? find_source(b, included) : 0;
	int stmt = b && file >= 0 ? explain_find_stmt(b, file, line) : -1;
	if (stmt >= 0 && b->stmts[stmt].kind == ST_RULING)
		stmt = b->stmts[stmt].u.ruling.event;	/* a ruling: the event it settles */
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		status = EXIT_USAGE;
	} else if (!runopts_check(run, "explain", b)) {
		status = EXIT_USAGE;
	} else if (file < 0) {
		msg_error("'%s' does not include '%s'", path, included);
		status = EXIT_USAGE;
	} else if (line > b->src.v[file].n_lines) {
		msg_error("%s has %d lines, not %d", b->src.v[file].path, b->src.v[file].n_lines, line);
		status = EXIT_USAGE;
	} else if (stmt < 0 || b->stmts[stmt].kind != ST_EVENT) {
		msg_error("line %d of %s is not an event", line, b->src.v[file].path);
		status = EXIT_USAGE;
	} else {
		struct audit_opts opts = runopts_audit(run, &r);
		opts.until = stmt + 1;	/* what follows the line cannot change it */
		opts.flush = keep_one;	/* nor does any record but the line's matter */
		opts.flush_ctx = &stmt;
		audit_battle(b, &opts, &f);
		const struct record *rec = records_find(&r, stmt);
		struct buf out;
		buf_init(&out, 0);
		if (rec)
			explain_write(b, rec, &f, &out);
		fputs(out.text, stdout);
		buf_release(&out);
		for (int i = 0; i < f.n; i++)
			if (f.v[i].stmt == stmt && f.v[i].severity == DIAG_ERROR && !f.v[i].overruled)
				status = EXIT_FINDINGS;
	}
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	return status;
}

int cmd_explain(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct runopts run = {.follow = FOLLOW_CLAIMED};
	int c;
	optind = 1;
	argv[0] = (char *)"umpire explain";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
		case 'o':
		case 'I':
			if (runopts_take(&run, "explain", c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_explain_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_try("explain");
			return EXIT_USAGE;
		}
	}
	char *file = NULL, *included = NULL;
	int line;
	if (optind != argc - 1 || split_target(argv[optind], &file, &included, &line) < 0) {
		msg_usage("explain", "expected one FILE:LINE");
		free(file);
		free(included);
		return EXIT_USAGE;
	}
	int status = explain(file, included, line, &run);
	free(file);
	free(included);
	return status;
}
