/* umpire diff: two versions of one log, event by event: the dispute as data. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/compare.h"
#include "../audit/explain.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"

const char cmd_diff_usage[] =
	"usage: umpire diff [--follow=claimed|derived] [--option NAME=VALUE]...\n"
	"                   [--include-root DIR] A B\n"
	"\n"
	"Compare two versions of one battle's log (two players', or a player's and\n"
	"the umpire's). Each is audited on its own; their events are aligned turn\n"
	"by turn and phase by phase, by what each event is about (its keyword and\n"
	"units), so a line added or missing in one does not throw off the rest.\n"
	"Every event that differs is printed with its place in each file: what\n"
	"each version claims, what the audit derives for each, the findings of\n"
	"each, and the state after of the units it names. Then the units and\n"
	"leaders whose state differs at the end of the battle, and the stands each\n"
	"side has lost in each version.\n"
	"\n"
	"options:\n"
	"  --follow=claimed    the state follows the game as played (default)\n"
	"  --follow=derived    the state follows the derived outcomes instead\n"
	"  --option NAME=VALUE a rule option for this run, over each battle's own\n"
	"                      (repeatable; docs/rules.md lists them)\n"
	"  --include-root DIR  includes may also lie in DIR and below\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 the versions agree on every outcome (the same events, each\n"
	"deriving the same and leaving the same state, and the same state at the\n"
	"end; their lines may still differ, and are printed); 1 they do not; 2\n"
	"usage error, unreadable file, or a log that does not parse.\n";

/* What the comparison found. */
struct differences {
	int differ, only_a, only_b;
	bool outcomes;		/* some outcome differs */
};

/* A block of lines, each after indent. */
static void put_lines(const char *indent, const char *prefix, const char *text, struct buf *out)
{
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		buf_printf(out, "%s%s%.*s\n", indent, prefix, (int)n, p);
		p += n + (nl != NULL);
	}
}

static const char *path_of(const struct compare_version *v, const struct compare_event *e)
{
	return v->b->src.v[v->b->stmts[e->stmt].file].path;
}

static int line_of(const struct compare_version *v, const struct compare_event *e)
{
	return v->b->stmts[e->stmt].line;
}

/* "turn 1 US, daylight; phase fire offensive", when it changes. */
static void put_when(const struct compare_version *v, const struct compare_event *e, struct buf *last,
		     struct buf *out)
{
	struct buf when;
	buf_init(&when, 0);
	explain_when(v->b, e->stmt, &when);
	if (strcmp(when.text, last->text ? last->text : "") != 0) {
		buf_printf(out, "%s\n", when.len ? when.text : "before the first turn");
		buf_clear(last);
		buf_puts(last, when.text);
	}
	buf_release(&when);
}

/* One event in one version alone. */
static void put_alone(const struct compare_version *v, const struct compare_version *other,
		      const struct compare_event *e, struct buf *out)
{
	const char *name = other->b->src.v[0].path;
	buf_printf(out, "  %s:%d  %s  (not in %s)\n", path_of(v, e), line_of(v, e), e->claim, name);
	if (e->derived[0])
		buf_printf(out, "    derived: %s\n", e->derived);
	put_lines("    ", "", e->findings, out);
	put_lines("    ", "after: ", e->after, out);
}

/* One field of a pair: the same in both, or each version's. */
static void put_both(const char *what, const char *x, const char *y, const char *na, const char *nb,
		     struct buf *out)
{
	if (strcmp(x, y) == 0) {
		if (x[0])
			buf_printf(out, "    %s, both: %s\n", what, x);
		return;
	}
	buf_printf(out, "    %s, %s: %s\n", what, na, x[0] ? x : "(nothing)");
	buf_printf(out, "    %s, %s: %s\n", what, nb, y[0] ? y : "(nothing)");
}

/* The line of after ("id: words" lines) about the same unit or leader as
 * line (its id and colon), and its length; NULL when none is. */
static const char *line_about(const char *after, const char *line, size_t *len)
{
	size_t id = (size_t)(strchr(line, ':') - line) + 1;
	for (const char *p = after; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n >= id && strncmp(p, line, id) == 0) {
			*len = n;
			return p;
		}
		p += n + (nl != NULL);
	}
	return NULL;
}

/* The states after of two aligned events, unit by unit: the same in both
 * once, else each version's. */
static void put_after(const char *x, const char *y, const char *na, const char *nb, struct buf *out)
{
	for (const char *p = x; *p;) {
		size_t n = (size_t)(strchr(p, '\n') - p), m = 0;
		const char *q = line_about(y, p, &m);
		if (q && m == n && strncmp(p, q, n) == 0) {
			buf_printf(out, "    after, both: %.*s\n", (int)n, p);
		} else {
			buf_printf(out, "    after, %s: %.*s\n", na, (int)n, p);
			if (q)
				buf_printf(out, "    after, %s: %.*s\n", nb, (int)m, q);
		}
		p += n + 1;
	}
	for (const char *q = y; *q;) {	/* what only b's event names */
		size_t m = (size_t)(strchr(q, '\n') - q), n = 0;
		if (!line_about(x, q, &n))
			buf_printf(out, "    after, %s: %.*s\n", nb, (int)m, q);
		q += m + 1;
	}
}

/* Two aligned events that differ in some way. */
static void put_pair(const struct compare_version *a, const struct compare_version *b,
		     const struct compare_event *x, const struct compare_event *y, struct buf *out)
{
	const char *na = a->b->src.v[0].path, *nb = b->b->src.v[0].path;
	buf_printf(out, "  %s:%d  %s\n", path_of(a, x), line_of(a, x), x->claim);
	buf_printf(out, "  %s:%d  %s\n", path_of(b, y), line_of(b, y), y->claim);
	put_both("derived", x->derived, y->derived, na, nb, out);
	if (strcmp(x->findings, y->findings) != 0) {
		char *prefix = xmalloc(strlen(na) + strlen(nb) + 3);
		sprintf(prefix, "%s: ", na);
		put_lines("    ", prefix, x->findings, out);
		sprintf(prefix, "%s: ", nb);
		put_lines("    ", prefix, y->findings, out);
		free(prefix);
	} else {
		put_lines("    ", "both: ", x->findings, out);
	}
	put_after(x->after, y->after, na, nb, out);
}

static bool same_event(const struct compare_event *x, const struct compare_event *y)
{
	return strcmp(x->claim, y->claim) == 0 && strcmp(x->findings, y->findings) == 0 && compare_same_outcome(x, y);
}

/* Every event that differs, in the order of the battle. */
static void put_events(const struct compare_version *a, const struct compare_version *b, struct differences *t,
		       struct buf *out)
{
	struct compare_pair *pairs;
	int n = compare_align(a, b, &pairs);
	struct buf when;
	buf_init(&when, 0);
	for (int i = 0; i < n; i++) {
		const struct compare_event *x = pairs[i].a >= 0 ? &a->v[pairs[i].a] : NULL;
		const struct compare_event *y = pairs[i].b >= 0 ? &b->v[pairs[i].b] : NULL;
		if (x && y && same_event(x, y))
			continue;
		put_when(x ? a : b, x ? x : y, &when, out);
		if (x && y) {
			t->differ++;
			t->outcomes |= !compare_same_outcome(x, y);
			put_pair(a, b, x, y, out);
		} else {
			t->outcomes = true;
			if (x)
				t->only_a++;
			else
				t->only_b++;
			put_alone(x ? a : b, x ? b : a, x ? x : y, out);
		}
	}
	buf_release(&when);
	free(pairs);
}

static const struct roster_entry *entry_named(const struct roster *r, char kind, const char *id)
{
	for (int i = 0; i < roster_count(r); i++)
		if (roster_entry(r, i)->kind == kind && strcmp(roster_entry(r, i)->id, id) == 0)
			return roster_entry(r, i);
	return NULL;
}

static void describe(const struct compare_version *v, const struct roster_entry *e, struct buf *out)
{
	const struct ruleset *rs = v->b->vocab ? ruleset_find(v->b->vocab->name) : ruleset_at(0);
	if (!e)
		buf_puts(out, "(not in this version)");
	else if (!roster_describe(rs->terms, e->kind, &e->now, out))
		buf_puts(out, "nothing to report");
}

/* The units and leaders whose state differs at the end; whether any. */
static bool put_end(const struct compare_version *a, const struct compare_version *b, struct buf *out)
{
	const char *na = a->b->src.v[0].path, *nb = b->b->src.v[0].path;
	bool any = false;
	struct buf x, y;
	buf_init(&x, 0);
	buf_init(&y, 0);
	for (int pass = 0; pass < 2; pass++) {	/* a's units and leaders, then those only b has */
		const struct roster *r = pass ? b->end : a->end;
		for (int i = 0; i < roster_count(r); i++) {
			const struct roster_entry *e = roster_entry(r, i);
			const struct roster_entry *ea = pass ? entry_named(a->end, e->kind, e->id) : e;
			const struct roster_entry *eb = pass ? e : entry_named(b->end, e->kind, e->id);
			if (pass && ea)
				continue;	/* said in the first pass */
			buf_clear(&x);
			buf_clear(&y);
			describe(a, ea, &x);
			describe(b, eb, &y);
			if (strcmp(x.text, y.text) == 0)
				continue;
			if (!any)
				buf_puts(out, "at the end of the battle\n");
			any = true;
			buf_printf(out, "  %s, %s: %s\n", e->id, na, x.text);
			buf_printf(out, "  %s, %s: %s\n", e->id, nb, y.text);
		}
	}
	buf_release(&x);
	buf_release(&y);
	return any;
}

/* Stands lost by side (start - stands of its units), in one version. */
static int lost_by(const struct compare_version *v, const char *side)
{
	int lost = 0;
	for (int i = 0; i < roster_count(v->end); i++) {
		const struct roster_entry *e = roster_entry(v->end, i);
		const struct field *now = fields_get(&e->now, "stands"), *start = fields_get(&e->now, "start");
		if (e->kind == 'U' && e->side && strcmp(e->side, side) == 0 && now && start)
			lost += start->num - now->num;
	}
	return lost;
}

/* Each side's losses in each version, sides in a's order then b's. */
static void put_losses(const struct compare_version *a, const struct compare_version *b, struct buf *out)
{
	const struct ruleset *rs = a->b->vocab ? ruleset_find(a->b->vocab->name) : ruleset_at(0);
	const char *strength = rs->terms && rs->terms->strength ? rs->terms->strength : "stands";
	buf_printf(out, "%s lost, by side:", strength);
	const char *sep = " ";
	for (int pass = 0; pass < 2; pass++) {
		const struct battle *bt = pass ? b->b : a->b;
		for (int i = 0; i < bt->n_stmts; i++) {
			const struct stmt *s = &bt->stmts[i];
			if (s->kind != ST_SIDE || (pass && battle_find(a->b, 'S', s->u->side.id)))
				continue;
			buf_printf(out, "%s%s %d and %d", sep, s->u->side.id, lost_by(a, s->u->side.id),
				   lost_by(b, s->u->side.id));
			sep = "; ";
		}
	}
	buf_printf(out, " (%s, then %s)\n", a->b->src.v[0].path, b->b->src.v[0].path);
}

static struct battle *load(const char *path, const struct runopts *run)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, run->include_root, &d);
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		battle_free(b);
		b = NULL;
	} else if (!runopts_check(run, "diff", b)) {
		battle_free(b);
		b = NULL;
	}
	diags_release(&d);
	return b;
}

static int diff_battles(const struct battle *ba, const struct battle *bb, const struct runopts *run)
{
	struct records unused;
	records_init(&unused);
	struct audit_opts opts = runopts_audit(run, &unused);
	struct compare_version a, b;
	if (!compare_collect(ba, &opts, &a) || !compare_collect(bb, &opts, &b)) {
		msg_error("no ruleset to audit %s with", ba->src.v[0].path);
		compare_release(&a);
		records_release(&unused);
		return EXIT_USAGE;
	}
	struct differences t = {0};
	struct buf out;
	buf_init_sink(&out, stdout);
	put_events(&a, &b, &t, &out);
	t.outcomes |= put_end(&a, &b, &out);
	put_losses(&a, &b, &out);
	buf_printf(&out, "%d event%s differ%s, %d only in %s, %d only in %s: %s\n", t.differ, t.differ == 1 ? "" : "s",
		   t.differ == 1 ? "s" : "", t.only_a, ba->src.v[0].path, t.only_b, bb->src.v[0].path,
		   t.outcomes ? "the outcomes differ" : "the same outcome");
	buf_flush(&out);
	buf_release(&out);
	compare_release(&a);
	compare_release(&b);
	records_release(&unused);
	return t.outcomes ? EXIT_FINDINGS : EXIT_CLEAN;
}

int cmd_diff(int argc, char **argv)
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
	argv[0] = (char *)"umpire diff";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
		case 'o':
		case 'I':
			if (runopts_take(&run, "diff", c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_diff_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_try("diff");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 2) {
		msg_usage("diff", "expected two files, A and B");
		return EXIT_USAGE;
	}
	struct battle *a = load(argv[optind], &run);
	struct battle *b = a ? load(argv[optind + 1], &run) : NULL;
	int status = a && b ? diff_battles(a, b, &run) : EXIT_USAGE;
	battle_free(a);
	battle_free(b);
	return status;
}
