/* roster: the state at a point, in words, with what caused it. */
#include "roster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/fmt.h"
#include "../grammar/xalloc.h"
#include "cite.h"

struct roster {
	struct roster_entry *v;
	int n;
	int n_units;			/* v[0..n_units) units, then leaders */
	struct roster_cause *causes;
	int n_causes, cap_causes;
};

/* The core's fields (state_unit_fields, state_leader_fields) in words;
 * side, stands and start are said apart (roster_describe). */
static const struct field_word core_unit_words[] = {
	{"side", NULL, NULL},
	{"stands", NULL, NULL},
	{"start", NULL, NULL},
	{"removed", "removed from the battle", NULL},
	{"off_table", "not yet on the table", NULL},
	{"diverged", "follows a claim the audit disputes", NULL},
	{NULL, NULL, NULL},
};

static const struct field_word core_leader_words[] = {
	{"side", NULL, NULL},
	{"in_play", "in play", "out of play"},
	{"out_until", "out through turn %v", NULL},
	{"wounded", "wounded", NULL},
	{"killed", "killed", NULL},
	{"removed", "out of the battle", NULL},
	{"attached", "with %v", NULL},
	{"replaced_by", "command taken over by %v", NULL},
	{"deputy_for", "commanding in place of %v", NULL},
	{NULL, NULL, NULL},
};

static const struct field_word *word_in(const struct field_word *list, const char *name)
{
	for (; list && list->name; list++)
		if (strcmp(list->name, name) == 0)
			return list;
	return NULL;
}

/* How field name reads: the ruleset's word, else the core's, else NULL. */
static const struct field_word *word_of(const struct ruleset_terms *t, char kind, const char *name)
{
	const struct field_word *w = t ? word_in(kind == 'U' ? t->unit_words : t->leader_words, name) : NULL;
	return w ? w : word_in(kind == 'U' ? core_unit_words : core_leader_words, name);
}

bool roster_has_words(const struct ruleset_terms *t, char kind, const char *name)
{
	return word_of(t, kind, name) != NULL;
}

/* Appends phrase with %v replaced by x's value, and "{one|many}" by one
 * when the value is 1, by many otherwise: "%v casualt{y|ies}". */
static void put_phrase(const char *phrase, const struct field *x, struct buf *out)
{
	for (const char *p = phrase; *p; p++) {
		const char *bar = p[0] == '{' ? strchr(p, '|') : NULL;
		const char *end = bar ? strchr(bar, '}') : NULL;
		if (end) {
			bool one = x->type != FIELD_TEXT && x->num == 1;
			buf_add(out, one ? p + 1 : bar + 1, (size_t)(one ? bar - p - 1 : end - bar - 1));
			p = end;
		} else if (p[0] == '%' && p[1] == 'v') {
			if (x->type == FIELD_TEXT)
				buf_puts(out, x->text ? x->text : "");
			else
				buf_printf(out, "%d", x->num);
			p++;
		} else {
			buf_putc(out, *p);
		}
	}
}

bool roster_phrase(const struct ruleset_terms *t, char kind, const struct fields *f, const struct field *x,
		   struct buf *out)
{
	(void)f;
	const struct field_word *w = word_of(t, kind, x->name);
	bool set = x->type == FIELD_TEXT ? x->text != NULL : x->num != 0;
	if (!w) {	/* a field no list names (a test asserts there is none): its name, not dropped */
		if (!set)
			return false;
		for (const char *p = x->name; *p; p++)
			buf_putc(out, *p == '_' ? ' ' : *p);
		if (x->type != FIELD_BOOL)
			put_phrase(" %v", x, out);
		return true;
	}
	const char *phrase = set ? w->says : w->says_false;
	if (!phrase)
		return false;
	put_phrase(phrase, x, out);
	return true;
}

/* Appends x's phrase to out after a comma (none before the first phrase,
 * which began at at, or before a phrase that begins with a space); one is
 * scratch. */
static void put_listed(const struct ruleset_terms *t, char kind, const struct fields *f, const struct field *x,
		       struct buf *one, size_t at, struct buf *out)
{
	buf_clear(one);
	if (!roster_phrase(t, kind, f, x, one) || !one->len)
		return;
	if (out->len > at && one->text[0] != ' ')
		buf_puts(out, ", ");
	buf_puts(out, one->text[0] == ' ' && out->len == at ? one->text + 1 : one->text);
}

bool roster_describe(const struct ruleset_terms *t, char kind, const struct fields *f, struct buf *out)
{
	size_t at = out->len;
	const struct field *stands = fields_get(f, "stands"), *start = fields_get(f, "start");
	if (kind == 'U' && stands && start)
		buf_printf(out, "%d of %d %s", stands->num, start->num, t && t->strength ? t->strength : "stands");
	/* the core's first, then the ruleset's in its list's order (how its
	 * players read a unit), then any other, the audit's doubt last */
	const struct field_word *own = t ? (kind == 'U' ? t->unit_words : t->leader_words) : NULL;
	const struct field_word *core = kind == 'U' ? core_unit_words : core_leader_words;
	const struct field *doubt = fields_get(f, "diverged");
	struct buf one;
	buf_init(&one, 0);
	for (int i = 0; i < f->n; i++)
		if (&f->v[i] != doubt && word_in(core, f->v[i].name))
			put_listed(t, kind, f, &f->v[i], &one, at, out);
	for (; own && own->name; own++)
		if (fields_get(f, own->name) && !word_in(core, own->name))
			put_listed(t, kind, f, fields_get(f, own->name), &one, at, out);
	own = t ? (kind == 'U' ? t->unit_words : t->leader_words) : NULL;
	for (int i = 0; i < f->n; i++)
		if (!word_in(core, f->v[i].name) && !word_in(own, f->v[i].name))
			put_listed(t, kind, f, &f->v[i], &one, at, out);
	if (doubt)
		put_listed(t, kind, f, doubt, &one, at, out);
	buf_release(&one);
	return out->len > at;
}

static void entry_fields(const struct audit *a, const struct roster_entry *e, struct fields *out)
{
	out->n = 0;
	if (e->kind == 'U')
		audit_unit_fields(a, e->index, out);
	else
		state_leader_fields(&a->st, e->index, out);
}

struct roster *roster_new(const struct audit *a)
{
	struct roster *r = xcalloc(1, sizeof *r);
	r->n_units = a->st.n_units;
	r->n = a->st.n_units + a->st.n_leaders;
	r->v = xcalloc((size_t)r->n, sizeof *r->v);
	for (int i = 0; i < r->n; i++) {
		struct roster_entry *e = &r->v[i];
		if (i < r->n_units) {
			const struct st_unit *d = state_unit_at(&a->st, i)->decl;
			*e = (struct roster_entry){.kind = 'U', .index = i, .id = d->id, .name = d->name, .side = d->side};
		} else {
			const struct st_leader *d = state_leader_at(&a->st, i - r->n_units)->decl;
			*e = (struct roster_entry){
				.kind = 'L', .index = i - r->n_units, .id = d->id, .name = d->name, .side = d->side};
		}
		entry_fields(a, e, &e->start);
		e->seen = e->now = e->start;
		for (int k = 0; k < FIELDS_MAX; k++)
			e->cause[k] = -1;
	}
	return r;
}

void roster_free(struct roster *r)
{
	if (!r)
		return;
	free(r->v);
	free(r->causes);
	free(r);
}

static bool same_value(const struct field *x, const struct field *y)
{
	if (x->type != y->type)
		return false;
	if (x->type != FIELD_TEXT)
		return x->num == y->num;
	return x->text == y->text || (x->text && y->text && strcmp(x->text, y->text) == 0);
}

/* The effect the record gives unit id: its part's, else the event's. */
static const char *effect_for(const struct record *rec, const char *id)
{
	for (int i = 0; i < rec->n_parts; i++)
		if (rec->parts[i].effect && rec->parts[i].unit && strcmp(rec->parts[i].unit, id) == 0)
			return rec->parts[i].effect;
	return rec->effect;
}

/* Does a step about another unit ("5inf: ...") leave out id? */
static bool about_other(const char *text, const char *id)
{
	const char *colon = strchr(text, ':');
	size_t n = strlen(id);
	if (!colon || strchr(text, ' ') < colon)
		return false;	/* not a unit's step */
	return (size_t)(colon - text) != n || strncmp(text, id, n) != 0;
}

/* The rule the record cites for what it did to id: the last sourced step
 * that names the effect (not another unit's), else its last sourced step. */
static void rule_for(const struct record *rec, const char *id, char *rule, size_t size)
{
	const char *effect = effect_for(rec, id);
	const char *found = NULL, *last = NULL;
	for (int i = 0; i < rec->n_steps; i++) {
		const struct step *s = &rec->steps[i];
		if (!s->source[0] || about_other(s->text, id))
			continue;
		last = s->source;
		if (effect && strstr(s->text, effect))
			found = s->source;
	}
	rule[0] = '\0';
	const char *cite = found ? found : last;
	if (!cite)
		return;
	struct buf b;
	buf_init(&b, 0);
	cite_format(cite, &b);
	snprintf(rule, size, "%s", b.text);
	buf_release(&b);
}

static struct roster_entry *find_entry(struct roster *r, const struct audit *a, const struct rec_state *s)
{
	int i = s->kind == 'U' ? state_unit(&a->st, s->id) : state_leader(&a->st, s->id);
	if (i < 0)
		return NULL;
	return &r->v[s->kind == 'U' ? i : r->n_units + i];
}

static int add_cause(struct roster *r, const struct record *rec, const char *id)
{
	if (r->n_causes == r->cap_causes) {
		r->cap_causes = r->cap_causes ? 2 * r->cap_causes : 16;
		r->causes = xrealloc(r->causes, (size_t)r->cap_causes * sizeof *r->causes);
	}
	struct roster_cause *c = &r->causes[r->n_causes];
	c->stmt = rec->stmt;
	rule_for(rec, id, c->rule, sizeof c->rule);
	return r->n_causes++;
}

/* A new turn: what lapses with the turn before (an order for that turn)
 * changes in the state without a record; what changed so is from no event. */
static void sync_turn(struct roster *r, const struct audit *a)
{
	struct fields live;
	for (int i = 0; i < r->n; i++) {
		struct roster_entry *e = &r->v[i];
		entry_fields(a, e, &live);
		for (int k = 0; k < live.n && k < e->seen.n; k++) {
			if (strcmp(live.v[k].name, e->seen.v[k].name) == 0 && !same_value(&live.v[k], &e->seen.v[k])) {
				e->seen.v[k] = live.v[k];
				e->cause[k] = -1;
			}
		}
	}
}

void roster_note(struct roster *r, const struct audit *a, const struct record *rec)
{
	for (int i = 0; i < rec->n_states; i++) {
		const struct rec_state *s = &rec->states[i];
		struct roster_entry *e = find_entry(r, a, s);
		if (!e)
			continue;
		int cause = -1;
		for (int k = 0; k < s->fields.n; k++) {
			const struct field *x = &s->fields.v[k];
			const struct field *was = fields_get(&e->seen, x->name);
			if (!was || same_value(was, x))
				continue;
			int at = (int)(was - e->seen.v);
			if (cause < 0)
				cause = add_cause(r, rec, e->id);
			e->seen.v[at] = *x;
			e->cause[at] = cause;
		}
	}
	if (strcmp(rec->kind, "turn") == 0)
		sync_turn(r, a);
}

void roster_take(struct roster *r, const struct audit *a)
{
	for (int i = 0; i < r->n; i++)
		entry_fields(a, &r->v[i], &r->v[i].now);
}

int roster_count(const struct roster *r)
{
	return r->n;
}

const struct roster_entry *roster_entry(const struct roster *r, int i)
{
	return &r->v[i];
}

const struct roster_cause *roster_cause_of(const struct roster *r, const struct roster_entry *e, int k)
{
	const struct field *x = &e->now.v[k];
	const struct field *start = fields_get(&e->start, x->name);
	const struct field *seen = fields_get(&e->seen, x->name);
	if (!seen || (start && same_value(start, x)) || !same_value(seen, x))
		return NULL;
	int c = e->cause[seen - e->seen.v];
	return c >= 0 ? &r->causes[c] : NULL;
}

/* "line 40" in the battle file, "path:12" in a file it includes. */
static void put_where(const struct battle *b, const struct stmt *s, struct buf *out)
{
	if (s->file == 0)
		buf_printf(out, "line %d", s->line);
	else
		buf_printf(out, "%s:%d", b->src.v[s->file].path, s->line);
}

void roster_say_changed(const struct ruleset_terms *t, const struct roster_entry *e, int k, struct buf *out)
{
	const struct field *x = &e->now.v[k];
	const struct field *start = fields_get(&e->start, x->name);
	if (strcmp(x->name, "stands") == 0 && e->kind == 'U') {
		buf_printf(out, "%d %s", x->num, t && t->strength ? t->strength : "stands");
	} else if (!roster_phrase(t, e->kind, &e->now, x, out)) {
		buf_puts(out, "no longer ");
		if (!start || !roster_phrase(t, e->kind, &e->start, start, out))
			buf_puts(out, x->name);
	}
}

void roster_write_causes(const struct roster *r, const struct battle *b, const struct roster_entry *e,
			 const struct ruleset_terms *t, const char *indent, struct buf *out)
{
	/* one line per event, naming every field it set */
	for (int k = 0; k < e->now.n; k++) {
		const struct roster_cause *c = roster_cause_of(r, e, k);
		bool first = c != NULL;
		for (int j = 0; j < k && first; j++)
			first = roster_cause_of(r, e, j) != c;
		if (!first)
			continue;
		buf_puts(out, indent);
		for (int j = k; j < e->now.n; j++) {
			if (roster_cause_of(r, e, j) != c)
				continue;
			if (j > k)
				buf_puts(out, ", ");
			roster_say_changed(t, e, j, out);
		}
		buf_puts(out, ": ");
		const struct stmt *s = &b->stmts[c->stmt];
		put_where(b, s, out);
		buf_puts(out, ", ");
		fmt_stmt(b, s, out);
		if (c->rule[0])
			buf_printf(out, "  [%s]", c->rule);
		buf_putc(out, '\n');
	}
}

/* The audit kept these records: their states say what changed. */
struct follow {
	struct roster *roster;
	const struct audit *audit;
};

static void note_records(void *ctx, struct records *records, const struct findings *f, int upto)
{
	(void)f;
	(void)upto;
	struct follow *w = ctx;
	for (int i = 0; i < records->n; i++)
		roster_note(w->roster, w->audit, &records->v[i]);
	records_clear(records);
}

struct roster *roster_after(const struct battle *b, int last, const struct audit_opts *base)
{
	const struct ruleset *rs = b->vocab ? ruleset_find(b->vocab->name) : ruleset_at(0);
	if (!rs || !base->records)
		return NULL;
	struct findings f;
	findings_init(&f);
	struct follow w = {0};
	struct audit_opts opts = *base;
	opts.until = last + 1 < b->n_stmts ? last + 1 : 0;
	opts.flush = note_records;
	opts.flush_ctx = &w;
	struct audit *a = audit_start(rs, b, &opts, &f);
	w.roster = roster_new(a);
	w.audit = a;
	if (last >= 0)
		audit_through(a, b->n_stmts);
	note_records(&w, opts.records, &f, 0);	/* what the audit has not flushed yet */
	roster_take(w.roster, a);
	audit_free(a);
	findings_release(&f);
	return w.roster;
}
