/* umpire explain: one event's derivation, step by step, each step with its rule. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/audit.h"
#include "../audit/explain.h"
#include "../db/export.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_explain_usage[] =
	"usage: umpire explain [--all] [--follow=claimed|derived] [--option NAME=VALUE]...\n"
	"                      [--include-root DIR] FILE:LINE | FILE:INCLUDED:LINE\n"
	"       umpire explain [--turn N[-M]] [--side SIDE] [--unit ID]\n"
	"                      [--severity error|warning|note] [...] FILE\n"
	"       umpire explain --db PATH [--follow=...] [--option NAME=VALUE]...\n"
	"                      BATTLE:LINE | BATTLE:INCLUDED:LINE | BATTLE\n"
	"\n"
	"Print the derivation of the event on LINE of FILE (or of the file FILE\n"
	"includes as INCLUDED) as an umpire would read it out: the dice, every\n"
	"modifier that applies with the rule it comes from (and why one claimed\n"
	"does not), the total, the table lookup, the losses and the state after,\n"
	"then the verdict on what the player claimed. FILE:LINE:COL, as check and audit print a\n"
	"finding's place, is taken as FILE:LINE; the line of a ruling explains the\n"
	"event it settles.\n"
	"\n"
	"With --db, the battle is one stored in the archive (its number, id= or the\n"
	"start of its name, as umpire db list shows it), read from the text the\n"
	"archive keeps, with the options and the following it was audited under\n"
	"unless --follow or --option say otherwise: the derivation needs no file\n"
	"but the archive.\n"
	"\n"
	"Without a LINE, every event the filters select is explained in turn, a\n"
	"blank line between: --turn and --unit select events (those that name or\n"
	"change the unit), --side and --severity the events with a finding charged\n"
	"to that side, or of that severity (--side US --severity error: every US\n"
	"error's derivation).\n"
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
	"  --all               also every modifier that does not apply, and why\n"
	"  --db PATH           explain a line of a battle stored in the archive PATH\n"
	"  --turn N[-M]        without a LINE: only events of turn N, or N to M\n"
	"  --side SIDE         without a LINE: only events with a finding charged to SIDE\n"
	"  --unit ID           without a LINE: only events about unit or leader ID\n"
	"  --severity S        without a LINE: only events with a finding of severity S\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 no error in the claims explained, or a ruling settles it; 1 errors;\n"
	"2 usage error, unreadable file, a log that does not parse, or a line that\n"
	"is not an event.\n";

/* The audit settled some statements: keep the record of the one explained. */
static void keep_one(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)f;
	(void)upto;
	records_keep(records, *(const int *)ctx);
}

/* Explaining every event the filters select, as the audit settles them. */
struct many {
	const struct battle *b;
	struct filter_view view;
	bool by_findings;		/* --side or --severity: events with such a finding */
	struct buf out;
	int explained, open;		/* events explained; unsettled errors among their findings */
	bool all;			/* every step (--all) */
};

/* Whether the statement's findings among f include one v selects. */
static bool has_finding(const struct filter_view *v, const struct findings *f, int stmt)
{
	for (int i = 0; i < f->n; i++)
		if (f->v[i].stmt == stmt && filter_finding(v, &f->v[i]))
			return true;
	return false;
}

/* The audit settled these statements: explain the ones selected. */
static void explain_settled(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)upto;
	struct many *m = ctx;
	filter_view_note(&m->view, records);
	for (int i = 0; i < records->n; i++) {
		const struct record *rec = &records->v[i];
		const struct stmt *s = &m->b->stmts[rec->stmt];
		if (s->kind != ST_EVENT || !filter_stmt(&m->view, rec->stmt) ||
		    (m->by_findings && !has_finding(&m->view, f, rec->stmt)))
			continue;
		/* its findings by position, as audit_battle sorts them at the end */
		struct findings own = {.v = xcalloc((size_t)f->n + 1, sizeof *own.v)};
		for (int k = 0; k < f->n; k++)
			if (f->v[k].stmt == rec->stmt)
				own.v[own.n++] = f->v[k];	/* a shallow copy: f keeps the texts */
		findings_sort(&own);
		buf_clear(&m->out);
		if (m->explained++)
			buf_putc(&m->out, '\n');
		explain_write(m->b, rec, &own, m->all, &m->out);
		free(own.v);
		fputs(m->out.text, stdout);
		for (int k = 0; k < f->n; k++)
			m->open += f->v[k].stmt == rec->stmt && f->v[k].severity == DIAG_ERROR && !f->v[k].overruled;
	}
	records_clear(records);
}

/* Every event of b the filter selects, explained; returns the exit status. */
static int explain_many(const struct battle *b, const struct runopts *run, const struct filter *filter)
{
	struct many m = {.b = b, .by_findings = filter->side || filter->severity >= 0, .all = run->all_steps};
	char why[256];
	if (!filter_view_init(&m.view, filter, b, why, sizeof why)) {
		msg_error("%s", why);
		return EXIT_USAGE;
	}
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	buf_init(&m.out, 0);
	struct audit_opts opts = runopts_audit(run, &r);
	opts.flush = explain_settled;
	opts.flush_ctx = &m;
	audit_battle(b, &opts, &f);
	if (!m.explained)
		printf("no event of %s is selected\n", b->src.v[0].path);
	buf_release(&m.out);
	records_release(&r);
	findings_release(&f);
	filter_view_release(&m.view);
	return m.open ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* The derivation of the event on line of the battle b (of its file
 * included, or the battle file's) as run says; d holds its parse's
 * diagnostics (b NULL: it could not be read).  Frees b.  Returns the exit
 * status. */
static int explain(struct battle *b, struct diags *d, const char *path, const char *included, int line,
		   const struct runopts *run, const struct filter *filter)
{
	if (!line && b && !d->n_errors && runopts_check(run, "explain", b)) {	/* no LINE: the events selected */
		int status = explain_many(b, run, filter);
		battle_free(b);
		return status;
	}
	int status = EXIT_CLEAN;
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	int file = included && b ? load_find_source(b, included) : 0;
	int stmt = b && file >= 0 ? explain_find_stmt(b, file, line) : -1;
	if (stmt >= 0 && b->stmts[stmt].kind == ST_RULING)
		stmt = b->stmts[stmt].u->ruling.event;	/* a ruling: the event it settles */
	if (!b || d->n_errors) {
		load_print_diags(stderr, b, d);
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
		opts.only_record = stmt + 1;	/* the derivations before it are not read */
		opts.flush = keep_one;	/* nor does any record but the line's matter */
		opts.flush_ctx = &stmt;
		audit_battle(b, &opts, &f);
		const struct record *rec = records_find(&r, stmt);
		struct buf out;
		buf_init(&out, 0);
		if (rec)
			explain_write(b, rec, &f, run->all_steps, &out);
		fputs(out.text, stdout);
		buf_release(&out);
		for (int i = 0; i < f.n; i++)
			if (f.v[i].stmt == stmt && f.v[i].severity == DIAG_ERROR && !f.v[i].overruled)
				status = EXIT_FINDINGS;
	}
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	return status;
}

/* A line of a battle file on disk. */
static int explain_file(const char *path, const char *included, int line, const struct runopts *run,
			const struct filter *filter)
{
	struct diags d;
	diags_init(&d, 500);
	int status = explain(load_battle(path, run->include_root, &d), &d, path, included, line, run, filter);
	diags_release(&d);
	return status;
}

/* How stored battle id was audited: its import's --options (*options) and
 * its campaign's (*defaults), "NAME=VALUE ..." texts the caller frees, and
 * the following into run unless follow_given.  False after a message when
 * the archive cannot say. */
static bool audited_under(struct store *s, int64_t id, struct runopts *run, bool follow_given, char **options,
			  char **defaults)
{
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLE_AUDITED_UNDER);
	int rc = SQLITE_ERROR;
	if (st) {
		sqlite3_bind_int64(st, 1, id);
		rc = sqlite3_step(st);
	}
	if (rc != SQLITE_ROW) {
		msg_error("cannot read how battle %lld was audited: %s", (long long)id, store_error(s));
		if (st)
			sqlite3_reset(st);
		return false;
	}
	*options = xstrdup((const char *)sqlite3_column_text(st, 0));
	*defaults = xstrdup((const char *)sqlite3_column_text(st, 1));
	if (!follow_given && strcmp((const char *)sqlite3_column_text(st, 2), "derived") == 0)
		run->follow = FOLLOW_DERIVED;
	sqlite3_reset(st);
	return true;
}

/* A line of battle b, stored in s as id, under the options it was audited
 * with and this run's over them (as imported: the campaign's under the
 * battle's own, the stored --options over both, this run's over those).
 * Frees b. */
static int explain_as_stored(struct store *s, int64_t id, struct battle *b, const char *battle, const char *included,
			     int line, struct runopts *run, bool follow_given, const struct filter *filter)
{
	char *options = NULL, *defaults = NULL;
	int status = EXIT_USAGE;
	if (!audited_under(s, id, run, follow_given, &options, &defaults)) {
		battle_free(b);
		return status;
	}
	struct runopts stored = *run;
	stored.n_options = runopts_split(options, stored.options, AUDIT_MAX_OPTIONS);
	stored.n_defaults = runopts_split(defaults, stored.defaults, AUDIT_MAX_OPTIONS);
	if (stored.n_options + run->n_options > AUDIT_MAX_OPTIONS) {	/* none dropped */
		msg_error("battle %s was stored under %d options and %d more are given: at most %d in all", battle,
			  stored.n_options, run->n_options, AUDIT_MAX_OPTIONS);
		battle_free(b);
	} else {
		for (int i = 0; i < run->n_options; i++)
			stored.options[stored.n_options++] = run->options[i];
		struct diags d;
		diags_init(&d, 500);
		status = explain(b, &d, battle, included, line, &stored, filter);
		diags_release(&d);
	}
	free(options);
	free(defaults);
	return status;
}

/* A line of battle (as umpire db names one) stored in the archive db, under
 * the options and the following it was audited with unless run says
 * otherwise (follow_given: whether --follow was). */
static int explain_stored(const char *db, const char *battle, const char *included, int line, struct runopts *run,
			  bool follow_given, const struct filter *filter)
{
	struct store *s = load_archive(db, STORE_WAL, LOAD_READ);
	if (!s)
		return EXIT_USAGE;
	char *err = NULL;
	int64_t id = export_find(s, battle, &err);
	struct battle *b = id ? export_parse(s, load_lexer(), id, &err) : NULL;
	int status = EXIT_USAGE;
	if (!b)
		msg_error("%s", err ? err : store_error(s));
	else
		status = explain_as_stored(s, id, b, battle, included, line, run, follow_given, filter);
	free(err);
	store_close(s);
	return status;
}

int cmd_explain(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{"db", required_argument, NULL, 'd'},
		{"turn", required_argument, NULL, 't'},
		{"side", required_argument, NULL, 's'},
		{"unit", required_argument, NULL, 'u'},
		{"severity", required_argument, NULL, 'e'},
		{"all", no_argument, NULL, 'a'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct runopts run = {.follow = FOLLOW_CLAIMED};
	struct filter filter = filter_none();
	const char *db = NULL;
	bool follow_given = false;
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
			follow_given |= c == 'f';
			break;
		case 'd':
			db = optarg;
			break;
		case 'a':
			run.all_steps = true;
			break;
		case 't':
		case 's':
		case 'u':
		case 'e':
			if (!runopts_take_filter(&filter, "explain", c, optarg))
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
	int line = 0;
	const char *arg = optind == argc - 1 ? argv[optind] : NULL;
	const char *colon = arg ? strrchr(arg, ':') : NULL;
	bool numbered = colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1);
	if (!arg || (numbered && load_split_target(arg, &file, &included, &line) < 0)) {
		msg_usage("explain", db ? "expected one BATTLE:LINE, or BATTLE" : "expected one FILE:LINE, or FILE");
		free(file);
		free(included);
		return EXIT_USAGE;
	}
	if (!numbered)	/* no LINE: every event the filters select */
		file = xstrdup(arg);
	else if (filter_any(&filter)) {
		msg_usage("explain", "--turn, --side, --unit and --severity select events to explain without a LINE");
		free(file);
		free(included);
		return EXIT_USAGE;
	}
	int status = db ? explain_stored(db, file, included, line, &run, follow_given, &filter)
			: explain_file(file, included, line, &run, &filter);
	free(file);
	free(included);
	return status;
}
