/* umpire state: every unit's and leader's state after a line, and why. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../audit/audit.h"
#include "../audit/explain.h"
#include "../audit/roster.h"
#include "../grammar/fmt.h"
#include "../grammar/near.h"
#include "../grammar/xalloc.h"
#include "../reports/audit_json.h"
#include "../reports/json.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_state_usage[] =
	"usage: umpire state [--unit ID] [--json] [--follow=claimed|derived]\n"
	"                    [--option NAME=VALUE]... [--include-root DIR]\n"
	"                    FILE[:LINE] | FILE:INCLUDED:LINE\n"
	"\n"
	"Print every unit's and leader's state just after LINE of FILE (or of the\n"
	"file FILE includes as INCLUDED), side by side, in the ruleset's words:\n"
	"stands, condition, order, formation, markers, attached leader, out until\n"
	"when. Without a LINE, the state at the end of the battle. Under each unit\n"
	"or leader, every part of its state that is not as the battle began is\n"
	"followed by the event that last changed it, its line and the rule it\n"
	"applied (\"disordered: line 40, fire rgbty 4line ...  [QRS, ...]\"): run\n"
	"umpire explain on that line for the whole derivation. A LINE that holds no\n"
	"statement (a blank or a comment) means the statement before it.\n"
	"\n"
	"options:\n"
	"  --unit ID           only the unit or leader ID\n"
	"  --json              one JSON object per unit and leader (JSON Lines): its\n"
	"                      fields as audit --json names them, its state in words,\n"
	"                      and \"changed\": each changed field's event and rule\n"
	"  --follow=claimed    the state follows the game as played (default)\n"
	"  --follow=derived    the state follows the derived outcomes instead\n"
	"  --option NAME=VALUE a rule option for this run, over the battle's own\n"
	"                      (repeatable; docs/rules.md lists them)\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                      battle file's own folder\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 the state was printed; 2 usage error, unreadable file, a log\n"
	"that does not parse, or a line past the end of its file.\n";

struct state_run {
	const char *unit;		/* --unit, or NULL */
	bool json;
	struct runopts run;
};

/* The last statement of source file at or before line, or -1. */
static int stmt_at_or_before(const struct battle *b, int file, int line)
{
	int found = -1;
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].file == file && b->stmts[i].line <= line)
			found = i;
	return found;
}

/* The sides in the order their units and leaders come. */
static int sides_of(const struct roster *r, const char **sides)
{
	int n = 0;
	for (int i = 0; i < roster_count(r); i++) {
		const char *side = roster_entry(r, i)->side;
		int k = 0;
		while (k < n && strcasecmp(sides[k], side ? side : "") != 0)
			k++;
		if (k == n)
			sides[n++] = side ? side : "";
	}
	return n;
}

static bool selected(const struct roster_entry *e, const char *unit)
{
	return !unit || strcasecmp(e->id, unit) == 0;
}

static void write_entry_text(const struct roster *r, const struct battle *b, const struct roster_entry *e,
			     const struct ruleset_terms *t, struct buf *out)
{
	buf_printf(out, "  %s", e->id);
	if (e->name)
		buf_printf(out, ", %s", e->name);
	if (e->kind == 'L')
		buf_puts(out, " (leader)");
	buf_puts(out, ": ");
	if (!roster_describe(t, e->kind, &e->now, out))
		buf_puts(out, "nothing to report");
	buf_putc(out, '\n');
	roster_write_causes(r, b, e, t, "    ", out);
}

static void write_text(const struct roster *r, const struct battle *b, const struct ruleset_terms *t,
		       const char *unit, struct buf *out)
{
	const char **sides = xcalloc((size_t)roster_count(r) + 1, sizeof *sides);
	int n = sides_of(r, sides);
	for (int k = 0; k < n; k++) {
		bool any = false;
		for (int i = 0; i < roster_count(r); i++) {
			const struct roster_entry *e = roster_entry(r, i);
			if (strcasecmp(e->side ? e->side : "", sides[k]) != 0 || !selected(e, unit))
				continue;
			if (!any)
				buf_printf(out, "%s\n", sides[k][0] ? sides[k] : "(no side)");
			any = true;
			write_entry_text(r, b, e, t, out);
		}
	}
	free(sides);
}

static void write_changed(struct json *j, const struct roster *r, const struct battle *b, const struct roster_entry *e,
			  const struct ruleset_terms *t)
{
	json_key(j, "changed");
	json_array_begin(j);
	struct buf words;
	buf_init(&words, 0);
	for (int k = 0; k < e->now.n; k++) {
		const struct roster_cause *c = roster_cause_of(r, e, k);
		if (!c)
			continue;
		const struct stmt *s = &b->stmts[c->stmt];
		json_object_begin(j);
		json_key(j, "field");
		json_string(j, e->now.v[k].name);
		buf_clear(&words);
		roster_say_changed(t, e, k, &words);
		json_key(j, "says");
		json_string(j, words.text);
		json_key(j, "file");
		json_string(j, b->src.v[s->file].path);
		json_key(j, "line");
		json_int(j, s->line);
		buf_clear(&words);
		fmt_stmt(b, s, &words);
		json_key(j, "event");
		json_string(j, words.text);
		json_key(j, "rule");
		json_string(j, c->rule[0] ? c->rule : NULL);
		json_object_end(j);
	}
	buf_release(&words);
	json_array_end(j);
}

static void write_json(const struct roster *r, const struct battle *b, const struct ruleset_terms *t,
		       const char *unit, struct buf *out)
{
	struct buf words;
	buf_init(&words, 0);
	for (int i = 0; i < roster_count(r); i++) {
		const struct roster_entry *e = roster_entry(r, i);
		if (!selected(e, unit))
			continue;
		struct json j;
		json_init(&j, out);
		json_object_begin(&j);
		json_key(&j, e->kind == 'U' ? "unit" : "leader");
		json_string(&j, e->id);
		json_key(&j, "name");
		json_string(&j, e->name);
		for (int k = 0; k < e->now.n; k++)
			audit_json_field(&j, &e->now.v[k]);
		buf_clear(&words);
		roster_describe(t, e->kind, &e->now, &words);
		json_key(&j, "words");
		json_string(&j, words.text);
		write_changed(&j, r, b, e, t);
		json_object_end(&j);
		buf_putc(out, '\n');
	}
	buf_release(&words);
}

/* Whether unit names a unit or leader of b; a message naming the nearest
 * id otherwise. */
static bool unit_known(const struct battle *b, const struct roster *r, const char *unit)
{
	const char *near = NULL;
	for (int i = 0; i < roster_count(r); i++) {
		const char *id = roster_entry(r, i)->id;
		if (strcasecmp(id, unit) == 0)
			return true;
		if (!near && near_miss(unit, strlen(unit), id, strlen(id)))
			near = id;
	}
	if (near)
		msg_error("%s declares no unit or leader '%s' (did you mean '%s'?)", b->src.v[0].path, unit, near);
	else
		msg_error("%s declares no unit or leader '%s'", b->src.v[0].path, unit);
	return false;
}

/* The header line: where the roster stands. */
static void write_header(const struct battle *b, int file, int line, int last, struct buf *out)
{
	if (line)
		buf_printf(out, "%s:%d: the state after this line", b->src.v[file].path, line);
	else
		buf_printf(out, "%s: the state at the end of the battle", b->src.v[0].path);
	struct buf when;
	buf_init(&when, 0);
	explain_when(b, last + 1, &when);
	buf_printf(out, when.len ? " (%s)\n" : " (before the first turn)\n", when.text);
	buf_release(&when);
}

/* The state of b after line of its source file (0: at the end). */
static int print_state(const struct battle *b, int file, int line, const struct state_run *sr)
{
	if (line > b->src.v[file].n_lines) {
		msg_error("%s has %d lines, not %d", b->src.v[file].path, b->src.v[file].n_lines, line);
		return EXIT_USAGE;
	}
	int last = line ? stmt_at_or_before(b, file, line) : b->n_stmts - 1;
	struct records records;
	records_init(&records);
	struct audit_opts opts = runopts_audit(&sr->run, &records);
	struct roster *r = roster_after(b, last, &opts);
	records_release(&records);
	if (!r) {
		msg_error("%s: no ruleset to audit it with", b->src.v[0].path);
		return EXIT_USAGE;
	}
	int status = EXIT_CLEAN;
	if (sr->unit && !unit_known(b, r, sr->unit)) {
		status = EXIT_USAGE;
	} else {
		const struct ruleset *rs = b->vocab ? ruleset_find(b->vocab->name) : ruleset_at(0);
		struct buf out;
		buf_init_sink(&out, stdout);
		if (sr->json)
			write_json(r, b, rs->terms, sr->unit, &out);
		else {
			write_header(b, file, line, last, &out);
			write_text(r, b, rs->terms, sr->unit, &out);
		}
		buf_flush(&out);
		buf_release(&out);
	}
	roster_free(r);
	return status;
}

static int state_file(const char *path, const char *included, int line, const struct state_run *sr)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, sr->run.include_root, &d);
	int status = EXIT_USAGE;
	int file = b && included ? load_find_source(b, included) : 0;
	if (!b || d.n_errors)
		load_print_diags(stderr, b, &d);
	else if (!runopts_check(&sr->run, "state", b))
		;
	else if (file < 0)
		msg_error("'%s' does not include '%s'", path, included);
	else
		status = print_state(b, file, line, sr);
	battle_free(b);
	diags_release(&d);
	return status;
}

int cmd_state(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"unit", required_argument, NULL, 'u'},
		{"json", no_argument, NULL, 'j'},
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct state_run sr = {.run = {.follow = FOLLOW_CLAIMED}};
	int c;
	optind = 1;
	argv[0] = (char *)"umpire state";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'u':
			sr.unit = optarg;
			break;
		case 'j':
			sr.json = true;
			break;
		case 'f':
		case 'o':
		case 'I':
			if (runopts_take(&sr.run, "state", c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_state_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_try("state");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_usage("state", "expected one FILE, or FILE:LINE");
		return EXIT_USAGE;
	}
	const char *arg = argv[optind];
	const char *colon = strrchr(arg, ':');
	bool numbered = colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1);
	char *file = NULL, *included = NULL;
	int line = 0;
	if (numbered && load_split_target(arg, &file, &included, &line) < 0) {
		msg_usage("state", "expected one FILE, or FILE:LINE with a line from 1");
		free(file);
		free(included);
		return EXIT_USAGE;
	}
	int status = state_file(numbered ? file : arg, included, line, &sr);
	free(file);
	free(included);
	return status;
}
