/* compare: two versions of a log, event by event. */
#include "compare.h"

#include <stdlib.h>
#include <string.h>

#include "../grammar/fmt.h"
#include "../grammar/xalloc.h"
#include "cite.h"

/* What the audit's flush hands over, turned into events as it goes. */
struct collecting {
	const struct battle *b;
	const struct ruleset_terms *terms;
	struct compare_version *v;
	int cap;
	int next;			/* the first statement not looked at */
	int turn, phase;
	const char *phase_word;
	struct roster *roster;
	const struct audit *audit;
};

static char *text_of(struct buf *b)
{
	char *s = xstrdup(b->text);
	buf_clear(b);
	return s;
}

/* "fire|5inf|2lt": the keyword and the units in the record's order; an
 * event with none (a note) is about its whole line. */
static void put_about(const struct stmt *s, const struct record *r, const char *claim, struct buf *out)
{
	const struct vocab_event *def = s->u->event.def;
	buf_puts(out, def->canon ? def->canon : def->keyword);
	int n = 0;
	for (int i = 0; r && i < r->n_parts; i++)
		if (r->parts[i].unit) {
			buf_printf(out, "|%s", r->parts[i].unit);
			n++;
		}
	if (!n)
		buf_printf(out, "|%s", claim);
}

/* "telling-fire; 2lt loses 1": each part's effect and losses, the event's
 * effect first when no part has its own. */
static void put_derived(const struct record *r, struct buf *out)
{
	bool own = false;
	for (int i = 0; i < r->n_parts; i++)
		own |= r->parts[i].effect != NULL;
	if (r->effect && !own)
		buf_puts(out, r->effect);
	for (int i = 0; i < r->n_parts; i++) {
		const struct rec_part *p = &r->parts[i];
		if (p->effect)
			buf_printf(out, "%s%s %s", out->len ? "; " : "", p->unit, p->effect);
		if (p->loss)
			buf_printf(out, "%s%s loses %d", out->len ? "; " : "", p->unit, p->loss);
	}
}

/* The state after of what the event names, "id: words" a line each. */
static void put_after(const struct record *r, const struct ruleset_terms *t, struct buf *out)
{
	for (int i = 0; i < r->n_states; i++) {
		const struct rec_state *s = &r->states[i];
		buf_printf(out, "%s: ", s->id);
		if (!roster_describe(t, s->kind, &s->fields, out))
			buf_puts(out, "nothing to report");
		buf_putc(out, '\n');
	}
}

static void add_event(struct collecting *c, int stmt, const struct record *r)
{
	struct compare_version *v = c->v;
	if (v->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		v->v = xrealloc(v->v, (size_t)c->cap * sizeof *v->v);
	}
	struct compare_event *e = &v->v[v->n++];
	*e = (struct compare_event){.stmt = stmt, .turn = c->turn, .phase = c->phase, .phase_word = c->phase_word};
	const struct stmt *s = &c->b->stmts[stmt];
	struct buf b;
	buf_init(&b, 0);
	fmt_stmt(c->b, s, &b);
	e->claim = text_of(&b);
	put_about(s, r, e->claim, &b);
	e->about = text_of(&b);
	if (r)
		put_derived(r, &b);
	e->derived = text_of(&b);
	if (r)
		put_after(r, c->terms, &b);
	e->after = text_of(&b);
	e->findings = NULL;	/* when the audit is done (compare_collect) */
	buf_release(&b);
}

/* The audit settled the statements before upto: their events summed up. */
static void take(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)f;
	struct collecting *c = ctx;
	for (int i = 0; i < records->n; i++)
		roster_note(c->roster, c->audit, &records->v[i]);
	for (; c->next < upto; c->next++) {
		const struct stmt *s = &c->b->stmts[c->next];
		if (s->kind == ST_TURN) {
			c->turn = s->u->turn.number;
			c->phase = 0;
			c->phase_word = NULL;
		} else if (s->kind == ST_PHASE) {
			c->phase++;
			c->phase_word = s->u->phase.phase;
		} else if (s->kind == ST_EVENT) {
			add_event(c, c->next, records_find(records, c->next));
		}
	}
	records_clear(records);
}

/* bsearch's order of events: by their statement. */
static int event_order(const void *key, const void *elem)
{
	int i = *(const int *)key, s = ((const struct compare_event *)elem)->stmt;
	return (i > s) - (i < s);
}

/* The event of statement stmt (events are in statement order, one a
 * statement), or NULL. */
static struct compare_event *event_of(struct compare_version *v, int stmt)
{
	return v->n ? bsearch(&stmt, v->v, (size_t)v->n, sizeof *v->v, event_order) : NULL;
}

/* Each event's errors and warnings, "error CODE: message" a line each;
 * the unsettled errors counted. */
static void add_findings(struct compare_version *v, const struct findings *f)
{
	struct buf *texts = xcalloc((size_t)v->n + 1, sizeof *texts);
	for (int i = 0; i < v->n; i++)
		buf_init(&texts[i], 0);
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		v->errors += x->severity == DIAG_ERROR && !x->overruled;
		struct compare_event *e = x->severity == DIAG_NOTE ? NULL : event_of(v, x->stmt);
		if (!e)
			continue;
		struct buf *t = &texts[e - v->v];
		buf_printf(t, "%s%s %s: ", diag_severity_name(x->severity), x->overruled ? " (overruled)" : "",
			   finding_code_name(x->code));
		cite_inline(x->msg, t);
		buf_putc(t, '\n');
	}
	for (int i = 0; i < v->n; i++) {
		v->v[i].findings = xstrdup(texts[i].text);
		buf_release(&texts[i]);
	}
	free(texts);
}

bool compare_collect(const struct battle *b, const struct audit_opts *base, struct compare_version *out)
{
	*out = (struct compare_version){.b = b};
	const struct ruleset *rs = b->vocab ? ruleset_find(b->vocab->name) : ruleset_at(0);
	if (!rs)
		return false;
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct collecting c = {.b = b, .terms = rs->terms, .v = out};
	struct audit_opts opts = *base;
	opts.records = &r;
	opts.until = 0;
	opts.flush = take;
	opts.flush_ctx = &c;
	struct audit *a = audit_start(rs, b, &opts, &f);
	c.roster = roster_new(a);
	c.audit = a;
	audit_through(a, b->n_stmts);
	roster_take(c.roster, a);
	audit_end(a);	/* the last events, through take; the findings sorted */
	out->end = c.roster;
	add_findings(out, &f);
	records_release(&r);
	findings_release(&f);
	return true;
}

void compare_release(struct compare_version *v)
{
	for (int i = 0; i < v->n; i++) {
		struct compare_event *e = &v->v[i];
		free(e->about);
		free(e->claim);
		free(e->derived);
		free(e->findings);
		free(e->after);
	}
	free(v->v);
	roster_free(v->end);
	*v = (struct compare_version){0};
}

/* Two events about the same thing in the same phase of the same turn. */
static bool same_place(const struct compare_event *x, const struct compare_event *y)
{
	return x->turn == y->turn && strcmp(x->about, y->about) == 0 &&
	       (x->phase_word == y->phase_word ||
		(x->phase_word && y->phase_word && strcmp(x->phase_word, y->phase_word) == 0));
}

/* How many events of v after from (in from's turn) come before one at
 * the same place as e; -1 when none does. */
static int skip_to(const struct compare_version *v, int from, const struct compare_event *e)
{
	for (int k = from; k < v->n && v->v[k].turn == v->v[from].turn; k++)
		if (same_place(&v->v[k], e))
			return k - from;
	return -1;
}

static void add_pair(struct compare_pair **out, int *n, int *cap, int a, int b)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*out = xrealloc(*out, (size_t)*cap * sizeof **out);
	}
	(*out)[(*n)++] = (struct compare_pair){a, b};
}

int compare_align(const struct compare_version *a, const struct compare_version *b, struct compare_pair **out)
{
	*out = NULL;
	int n = 0, cap = 0, i = 0, j = 0;
	while (i < a->n || j < b->n) {
		const struct compare_event *x = i < a->n ? &a->v[i] : NULL, *y = j < b->n ? &b->v[j] : NULL;
		if (!y || (x && x->turn < y->turn)) {
			add_pair(out, &n, &cap, i++, -1);
		} else if (!x || y->turn < x->turn) {
			add_pair(out, &n, &cap, -1, j++);
		} else if (same_place(x, y)) {
			add_pair(out, &n, &cap, i++, j++);
		} else {
			/* the nearer match wins: what comes before it stands alone */
			int in_a = skip_to(a, i, y), in_b = skip_to(b, j, x);
			if (in_a < 0 && in_b < 0) {
				add_pair(out, &n, &cap, i++, -1);
				add_pair(out, &n, &cap, -1, j++);
			} else if (in_b < 0 || (in_a >= 0 && in_a <= in_b)) {
				while (in_a-- > 0)
					add_pair(out, &n, &cap, i++, -1);
			} else {
				while (in_b-- > 0)
					add_pair(out, &n, &cap, -1, j++);
			}
		}
	}
	return n;
}

bool compare_same_outcome(const struct compare_event *x, const struct compare_event *y)
{
	return strcmp(x->derived, y->derived) == 0 && strcmp(x->after, y->after) == 0;
}
