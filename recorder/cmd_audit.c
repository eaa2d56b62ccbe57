/* umpire audit: re-derive every event and report the findings. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../audit/audit.h"
#include "../audit/filter.h"
#include "../grammar/xalloc.h"
#include "../reports/audit_json.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_audit_usage[] =
	"usage: umpire audit [--notes] [--no-warn CODE]... [--follow=claimed|derived]\n"
	"                    [--option NAME=VALUE]... [--include-root DIR] [--json]\n"
	"                    [--turn N[-M]] [--side SIDE] [--unit ID]\n"
	"                    [--severity error|warning|note] FILE...\n"
	"\n"
	"Re-derive every maneuver check, fire combat and charge combat of each FILE\n"
	"from the dice, the order of battle and the tracked state of every unit,\n"
	"and report each claim that does not match, as\n"
	"  FILE:LINE:COL: SEVERITY CODE: MESSAGE\n"
	"with a caret under the claimed token and the rule it comes from; then a\n"
	"summary per turn and side, and a status line per file.\n"
	"\n"
	"options:\n"
	"  --notes             also show notes (facts taken on trust, events not\n"
	"                      audited yet, where the state follows a claim)\n"
	"  --no-warn CODE      do not show warnings with this code (repeatable)\n"
	"  --follow=claimed    the state follows the game as played (default)\n"
	"  --follow=derived    the state follows the derived outcomes instead, and\n"
	"                      an action the rules forbid changes nothing\n"
	"  --option NAME=VALUE a rule option for this run, over the battle's own\n"
	"                      (repeatable; docs/rules.md lists them)\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                      battle file's own folder (a path is still relative to\n"
	"                      the file that includes it)\n"
	"  --json              print JSON Lines, one object per turn, phase, event\n"
	"                      and ruling: derived, claimed, findings and the\n"
	"                      state after of every unit and leader it touches;\n"
	"                      no summary\n"
	"  --turn N[-M]        only turn N, or turns N to M\n"
	"  --side SIDE         only the findings charged to SIDE (the side whose\n"
	"                      claim it is)\n"
	"  --unit ID           only the events about unit or leader ID (those that\n"
	"                      name or change it) and its declaration\n"
	"  --severity S        only findings of severity S (note shows notes)\n"
	"  -h, --help          show this help\n"
	"\n"
	"The filters select the findings shown, the summary's counts and, with\n"
	"--json, the objects written (and the findings in them).\n"
	"\n"
	"exit status: 0 no errors among the findings selected, or only errors a\n"
	"ruling settles; 1 errors; 2 usage error, unreadable file, a log that does\n"
	"not parse, or a side or unit the battle does not declare (the highest of\n"
	"the files).\n";

/* Unsettled errors and warnings by turn and by the side whose claim it is:
 * per side, as many as the battle declares. */
struct finding_count {
	int turn;
	int events;
	int *errors, *warnings;
};

static void count_init(struct finding_count *t, int n_sides)
{
	t->turn = t->events = 0;
	t->errors = xcalloc((size_t)n_sides + 1, sizeof *t->errors);
	t->warnings = xcalloc((size_t)n_sides + 1, sizeof *t->warnings);
}

static void count_reset(struct finding_count *t, int n_sides, int turn)
{
	t->turn = turn;
	t->events = 0;
	memset(t->errors, 0, (size_t)n_sides * sizeof *t->errors);
	memset(t->warnings, 0, (size_t)n_sides * sizeof *t->warnings);
}

static void count_release(struct finding_count *t)
{
	free(t->errors);
	free(t->warnings);
}

static int side_index(const char *const *sides, int n, const char *side)
{
	for (int i = 0; side && i < n; i++)
		if (strcmp(sides[i], side) == 0)
			return i;
	return -1;
}

static void count(struct finding_count *t, const struct finding *x, const char *const *sides, int n_sides,
		  const bool *silenced, const struct filter_view *v)
{
	int k = side_index(sides, n_sides, x->side);
	if (k < 0 || x->overruled || (x->severity == DIAG_WARNING && silenced[x->code]) || !filter_finding(v, x))
		return;
	if (x->severity == DIAG_ERROR)
		t->errors[k]++;
	else if (x->severity == DIAG_WARNING)
		t->warnings[k]++;
}

static bool count_any(const struct finding_count *t, int n_sides)
{
	for (int k = 0; k < n_sides; k++)
		if (t->errors[k] || t->warnings[k])
			return true;
	return false;
}

/* Prints text without the spaces a fixed-width last column leaves. */
static void put_line(struct buf *text)
{
	while (text->len > 0 && text->text[text->len - 1] == ' ')
		text->text[--text->len] = '\0';
	puts(text->text);
	buf_clear(text);
}

static void print_row(struct buf *line, const char *label, const struct finding_count *t, int n_sides)
{
	buf_printf(line, "  %-11s %6d", label, t->events);
	for (int k = 0; k < n_sides; k++)
		buf_printf(line, "   %3d / %-3d", t->errors[k], t->warnings[k]);
	put_line(line);
}

/* "3" or, with the battle's clock, "3 (17:30)". */
static void turn_label(const struct battle *b, int turn, char *label, size_t size)
{
	char clock[8];
	if (battle_clock(b, turn, clock))
		snprintf(label, size, "%d (%s)", turn, clock);
	else
		snprintf(label, size, "%d", turn);
}

/* Whether turn is among the turns v selects (all of them without --turn). */
static bool turn_selected(const struct filter_view *v, int turn)
{
	return !v->f->turn_from || (turn >= v->f->turn_from && turn <= v->f->turn_to);
}

static void print_summary(const struct battle *b, const struct findings *f, const bool *silenced,
			  const struct filter_view *v)
{
	int n_sides = 0;
	for (int i = 0; i < b->n_stmts; i++)
		n_sides += b->stmts[i].kind == ST_SIDE;
	const char **sides = xcalloc((size_t)n_sides + 1, sizeof *sides);
	n_sides = 0;
	for (int i = 0; i < b->n_stmts; i++)	/* the side asked for alone, with --side */
		if (b->stmts[i].kind == ST_SIDE && (!v->f->side || strcasecmp(b->stmts[i].u->side.id, v->f->side) == 0))
			sides[n_sides++] = b->stmts[i].u->side.id;
	struct buf line;
	buf_init(&line, 0);
	puts("summary: unsettled errors / warnings by the side whose claim it is");
	buf_printf(&line, "  %-11s %6s", "turn", "events");
	for (int k = 0; k < n_sides; k++)
		buf_printf(&line, "   %-9s", sides[k]);
	put_line(&line);
	struct finding_count turn, total;
	count_init(&turn, n_sides);
	count_init(&total, n_sides);
	struct finding_index x;
	finding_index_init(&x, f, b->n_stmts);
	char label[32];
	for (int i = 0; i < b->n_stmts; i++) {
		const struct stmt *s = &b->stmts[i];
		if (s->kind == ST_TURN) {
			turn_label(b, turn.turn, label, sizeof label);
			if ((turn.turn && turn_selected(v, turn.turn)) || count_any(&turn, n_sides))	/* turn 0: the order of battle */
				print_row(&line, turn.turn ? label : "oob", &turn, n_sides);
			count_reset(&turn, n_sides, s->u->turn.number);
		} else if (s->kind == ST_EVENT && filter_stmt(v, i)) {	/* state events too: each is a line of the log */
			turn.events++;
			total.events++;
		}
		for (int k = x.first[i]; k < x.first[i + 1]; k++) {
			count(&turn, &f->v[x.order[k]], sides, n_sides, silenced, v);
			count(&total, &f->v[x.order[k]], sides, n_sides, silenced, v);
		}
	}
	turn_label(b, turn.turn, label, sizeof label);
	if (turn.turn && turn_selected(v, turn.turn))
		print_row(&line, label, &turn, n_sides);
	print_row(&line, "total", &total, n_sides);
	finding_index_release(&x);
	count_release(&turn);
	count_release(&total);
	free(sides);
	buf_release(&line);
}

static int to_stdout(void *ctx, const char *text, size_t len)
{
	(void)ctx;
	return fwrite(text, 1, len, stdout) == len ? 0 : -1;
}

/* What one run of audit asks, for every file. */
struct audit_run {
	struct runopts run;
	bool notes, json;
	bool silenced[FINDING_N_CODES];
	struct filter filter;
};

/* The JSON stream and the filter's view of the battle being written. */
struct json_out {
	struct audit_json *stream;
	struct filter_view *view;
};

/* The audit settled these statements: note what they are about, write
 * them, forget their records. */
static void flush_json(void *ctx, struct records *records, const struct findings *f, int upto)
{
	struct json_out *o = ctx;
	filter_view_note(o->view, records);
	audit_json_flush(o->stream, records, f, upto);
	records_clear(records);
}

/* Without JSON, the records serve --unit alone: what each event is about. */
static void flush_view(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)f;
	(void)upto;
	filter_view_note(ctx, records);
	records_clear(records);
}

static bool json_keep_stmt(void *ctx, int stmt)
{
	return filter_stmt(ctx, stmt);
}

static bool json_keep_finding(void *ctx, const struct finding *x)
{
	return filter_finding(ctx, x);
}

/* The unsettled errors among the findings v selects. */
static int open_errors(const struct findings *f, const struct filter_view *v)
{
	int open = 0;
	for (int i = 0; i < f->n; i++)
		open += f->v[i].severity == DIAG_ERROR && !f->v[i].overruled && filter_finding(v, &f->v[i]);
	return open;
}

/* The audit of b as JSON Lines; returns the exit status. */
static int audit_json_lines(const struct battle *b, struct audit_opts *opts, struct filter_view *v, struct findings *f)
{
	struct audit_json *stream = audit_json_new(b, opts->follow, to_stdout, NULL);
	audit_json_select(stream, json_keep_stmt, json_keep_finding, v);
	struct json_out o = {stream, v};
	opts->flush = flush_json;	/* each object is written as its statement is audited */
	opts->flush_ctx = &o;
	audit_battle(b, opts, f);
	if (audit_json_free(stream) < 0 || fflush(stdout) != 0 || ferror(stdout)) {
		if (!ferror(stdout))	/* a failed write is main's to report */
			msg_error("a JSON object passed %zu MiB, umpire's limit for one line", (size_t)BUF_DEFAULT_MAX >> 20);
		return EXIT_USAGE;
	}
	return open_errors(f, v) ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* The audit of b as text: the findings selected, the summary, the status
 * line; returns the exit status. */
static int audit_text(const char *path, const struct battle *b, struct audit_opts *opts, struct filter_view *v,
		      struct findings *f, const struct audit_run *ar)
{
	if (v->about) {	/* which events are about the unit: their records say */
		opts->flush = flush_view;
		opts->flush_ctx = v;
	}
	audit_battle(b, opts, f);
	bool notes = ar->notes || ar->filter.severity == DIAG_NOTE;
	struct buf out;
	buf_init(&out, 0);
	int shown = 0;
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		if ((x->severity == DIAG_NOTE && !notes) || (x->severity == DIAG_WARNING && ar->silenced[x->code]) ||
		    !filter_finding(v, x))
			continue;
		buf_clear(&out);
		finding_render(x, &b->src, &out);
		fputs(out.text, stdout);
		shown++;
	}
	buf_release(&out);
	print_summary(b, f, ar->silenced, v);
	int open = open_errors(f, v);
	printf("%s: %d finding%s shown, %d unsettled error%s%s\n", path, shown, shown == 1 ? "" : "s", open,
	       open == 1 ? "" : "s", filter_any(&ar->filter) ? " among those selected" : "");
	return open ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* Audits one file as ar asks; returns its exit status. */
static int audit_one(const char *path, const struct audit_run *ar)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, ar->run.include_root, &d);
	int status = EXIT_USAGE;
	struct filter_view v;
	char why[256];
	if (!b || d.n_errors) {	/* with --json, stdout carries JSON only */
		FILE *out = ar->json || !b ? stderr : stdout;	/* an unreadable file is an error of the run */
		load_print_diags(out, b, &d);
		if (b)
			fprintf(out, "%s: does not parse; fix it (umpire check) before the audit\n", path);
	} else if (!runopts_check(&ar->run, "audit", b)) {
		/* said */
	} else if (!filter_view_init(&v, &ar->filter, b, why, sizeof why)) {
		msg_error("%s", why);
	} else {
		struct findings f;
		struct records records;
		findings_init(&f);
		records_init(&records);
		struct audit_opts opts = runopts_audit(&ar->run, ar->json || v.about ? &records : NULL);
		status = ar->json ? audit_json_lines(b, &opts, &v, &f) : audit_text(path, b, &opts, &v, &f, ar);
		filter_view_release(&v);
		records_release(&records);
		findings_release(&f);
	}
	battle_free(b);
	diags_release(&d);
	return status;
}

int cmd_audit(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"notes", no_argument, NULL, 'n'},
		{"no-warn", required_argument, NULL, 'W'},
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{"json", no_argument, NULL, 'j'},
		{"turn", required_argument, NULL, 't'},
		{"side", required_argument, NULL, 's'},
		{"unit", required_argument, NULL, 'u'},
		{"severity", required_argument, NULL, 'e'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct audit_run ar = {.run = {.follow = FOLLOW_CLAIMED}, .filter = filter_none()};
	int c;
	optind = 1;
	argv[0] = (char *)"umpire audit";	/* getopt names the command in its messages */
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			ar.notes = true;
			break;
		case 'j':
			ar.json = true;
			break;
		case 'W': {
			int code = finding_code_lookup(optarg);
			if (code < 0) {
				msg_usage("audit", "unknown finding code '%s' (see docs/rules.md)", optarg);
				return EXIT_USAGE;
			}
			ar.silenced[code] = true;
			break;
		}
		case 'f':
		case 'o':
		case 'I':
			if (runopts_take(&ar.run, "audit", c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 't':
		case 's':
		case 'u':
		case 'e':
			if (!runopts_take_filter(&ar.filter, "audit", c, optarg))
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_audit_usage, stdout);
			return EXIT_CLEAN;
		default:	/* getopt has said what is wrong */
			msg_try("audit");
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		msg_usage("audit", "no file to audit");
		return EXIT_USAGE;
	}
	int status = EXIT_CLEAN;
	for (int i = optind; i < argc; i++) {
		int rc = audit_one(argv[i], &ar);
		if (rc > status)
			status = rc;
	}
	return status;
}
