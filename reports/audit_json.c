/* audit_json: derivations, claims and findings as JSON Lines. */
#include "audit_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/cite.h"
#include "../grammar/xalloc.h"
#include "json.h"

static void write_claim(struct json *j, const struct claim *c)
{
	json_object_begin(j);
	json_key(j, "modifiers");
	json_array_begin(j);
	for (int i = 0; i < c->n_mods; i++) {
		json_object_begin(j);
		json_key(j, "code");
		json_string(j, c->mods[i].code);
		json_key(j, "value");
		if (c->mods[i].has_value)
			json_int(j, c->mods[i].value);
		else
			json_null(j);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "total");
	if (c->has_total)
		json_int(j, c->total);
	else
		json_null(j);
	json_key(j, "effect");
	json_string(j, vocab_spelling(c->effect));
	if (c->outcome) {
		json_key(j, "outcome");
		json_string(j, vocab_spelling(c->outcome));
	}
	json_key(j, "losses");
	if (c->has_loss)
		json_int(j, c->loss);
	else
		json_null(j);
	for (int i = 0; i < c->n_tallies; i++)
		if (c->tallies[i].word->key) {
			json_key(j, c->tallies[i].word->key);
			json_int(j, c->tallies[i].value);
		}
	json_object_end(j);
}

/* The JSON writer a shape writes its claims with (shape.h). */
static void claimed_key(void *ctx, const char *key)
{
	json_key(ctx, key);
}

static void claimed_open(void *ctx, char bracket)
{
	if (bracket == '[')
		json_array_begin(ctx);
	else
		json_object_begin(ctx);
}

static void claimed_close(void *ctx, char bracket)
{
	if (bracket == ']')
		json_array_end(ctx);
	else
		json_object_end(ctx);
}

static void claimed_text(void *ctx, const char *s)
{
	json_string(ctx, s);
}

static void claimed_number(void *ctx, const int *n)
{
	if (n)
		json_int(ctx, *n);
	else
		json_null(ctx);
}

static void claimed_claim(void *ctx, const struct claim *c)
{
	write_claim(ctx, c);
}

/* What the log claims, in the shape of the derivation. */
static void write_claimed(struct json *j, const struct event *e)
{
	e->def->shape->write_claimed(e, &(struct shape_writer){
		.ctx = j, .key = claimed_key, .open = claimed_open, .close = claimed_close,
		.text = claimed_text, .number = claimed_number, .claim = claimed_claim,
	});
}

/* key: the citation in the player's form (cite.h); seed_key (key_seed):
 * the seed lines as the audit keeps them, for scripts that check them. */
static void write_cite(struct json *j, struct buf *scratch, const char *key, const char *seed_key, const char *cite)
{
	json_key(j, key);
	if (cite && *cite) {
		buf_clear(scratch);
		cite_format(cite, scratch);
		json_string(j, scratch->text);
	} else {
		json_null(j);
	}
	json_key(j, seed_key);
	json_string(j, cite && *cite ? cite : NULL);
}

/* A message, step or why text: its inline seed lines in the player's form
 * (cite_inline), built in the writer's scratch buffer (one for the whole
 * run: no allocation a text). */
static void write_text(struct json *j, struct buf *scratch, const char *text)
{
	buf_clear(scratch);
	cite_inline(text, scratch);
	json_string(j, scratch->text);
}

static void write_part(struct json *j, struct buf *scratch, const struct rec_part *p)
{
	json_object_begin(j);
	json_key(j, "role");
	json_string(j, part_role_name(p->role));
	json_key(j, "unit");
	json_string(j, p->unit);
	if (p->die) {
		json_key(j, "die");
		json_int(j, p->die);
	}
	if (p->points >= 0) {
		json_key(j, "points");
		json_int(j, p->points);
	}
	json_key(j, "modifiers");
	json_array_begin(j);
	for (int i = 0; i < p->n_mods; i++) {
		json_object_begin(j);
		json_key(j, "code");
		json_string(j, p->mods[i].code);
		json_key(j, "value");
		json_int(j, p->mods[i].value);
		write_cite(j, scratch, "source", "source_seed", p->mods[i].source);
		json_key(j, "why");
		write_text(j, scratch, p->mods[i].why);
		json_object_end(j);
	}
	json_array_end(j);
	if (p->has_total) {
		json_key(j, "total");
		json_int(j, p->total);
	}
	if (p->effect) {
		json_key(j, "effect");
		json_string(j, p->effect);
	}
	json_key(j, "losses");
	json_int(j, p->loss);
	if (p->after[0]) {
		json_key(j, "after");
		write_text(j, scratch, p->after);
	}
	json_object_end(j);
}

static void write_derived(struct json *j, struct buf *scratch, const struct record *r)
{
	json_object_begin(j);
	json_key(j, "parts");
	json_array_begin(j);
	for (int i = 0; i < r->n_parts; i++)
		write_part(j, scratch, &r->parts[i]);
	json_array_end(j);
	json_key(j, "effect");
	json_string(j, r->effect);
	if (r->has_diff) {
		json_key(j, "difference");
		json_int(j, r->diff);
	}
	json_key(j, "steps");
	json_array_begin(j);
	for (int i = 0; i < r->n_steps; i++) {
		json_object_begin(j);
		json_key(j, "text");
		write_text(j, scratch, r->steps[i].text);
		write_cite(j, scratch, "source", "source_seed", r->steps[i].source);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

/* The findings order[from .. to - 1] of f. */
/* The findings order[from..to) of f that keep keeps (NULL: all). */
static void write_findings(struct json *j, struct buf *scratch, const struct findings *f, const int *order, int from, int to,
			   bool (*keep)(void *ctx, const struct finding *x), void *ctx)
{
	json_array_begin(j);
	for (int k = from; k < to; k++) {
		const struct finding *v = &f->v[order[k]];
		if (keep && !keep(ctx, v))
			continue;
		json_object_begin(j);
		json_key(j, "severity");
		json_string(j, diag_severity_name(v->severity));
		json_key(j, "code");
		json_string(j, finding_code_name(v->code));
		json_key(j, "message");
		write_text(j, scratch, v->msg);
		write_cite(j, scratch, "rule", "rule_seed", v->cite);
		json_key(j, "line");
		json_int(j, v->at.line);
		json_key(j, "col");
		json_int(j, v->at.col);
		json_key(j, "overruled");
		json_bool(j, v->overruled);
		json_object_end(j);
	}
	json_array_end(j);
}

void audit_json_field(struct json *j, const struct field *f)
{
	json_key(j, f->name);
	switch (f->type) {
	case FIELD_INT:
		json_int(j, f->num);
		break;
	case FIELD_BOOL:
		json_bool(j, f->num != 0);
		break;
	case FIELD_TEXT:
		json_string(j, f->text);
		break;
	}
}

/* "state": every unit and leader the statement names or changes, after it. */
static void write_states(struct json *j, const struct record *r)
{
	json_key(j, "state");
	json_array_begin(j);
	for (int i = 0; i < r->n_states; i++) {
		const struct rec_state *s = &r->states[i];
		json_object_begin(j);
		json_key(j, s->kind == 'U' ? "unit" : "leader");
		json_string(j, s->id);
		for (int k = 0; k < s->fields.n; k++)
			audit_json_field(j, &s->fields.v[k]);
		json_object_end(j);
	}
	json_array_end(j);
}

/* The opening keys of every object: where, what, and whose state. */
static void write_head(struct json *j, const struct battle *b, const struct stmt *s, const char *kind,
		       enum audit_follow follow)
{
	json_object_begin(j);
	json_key(j, "file");
	json_string(j, b->src.v[s->file].path);
	json_key(j, "line");
	json_int(j, s->line);
	json_key(j, "kind");
	json_string(j, kind);
	json_key(j, "state_as");
	json_string(j, follow == FOLLOW_DERIVED ? "derived" : "played");
}

static void write_turn(struct json *j, const struct battle *b, const struct stmt *s, const struct record *r)
{
	const struct st_turn *t = &s->u->turn;
	json_key(j, "turn");
	json_int(j, t->number);
	json_key(j, "side");
	json_string(j, t->side);
	const struct vocab *v = b->vocab;
	if (v->condition) {	/* "light": daylight, ... */
		json_key(j, v->cats[v->condition].name);
		json_string(j, t->cond ? t->cond->word : vocab_default(v, v->condition));
	}
	char clock[8];
	json_key(j, "clock");
	json_string(j, battle_clock(b, t->number, clock) ? clock : NULL);
	write_states(j, r);
}

static void write_phase(struct json *j, const struct stmt *s, const struct record *r)
{
	json_key(j, "phase");
	json_string(j, s->u->phase.phase);
	json_key(j, "mode");
	json_string(j, s->u->phase.mode);
	write_states(j, r);
}

/* The strings of a state event (a note's text, a leader-out's reason). */
static void write_texts(struct json *j, const struct ev_state *e)
{
	json_key(j, "text");
	const char *text = NULL;
	for (int i = 0; i < e->n_args && !text; i++)
		if (e->args[i].type == 'S')
			text = e->args[i].text;
	json_string(j, text);
}

static void write_event(struct json *j, struct buf *scratch, const struct stmt *s, const struct record *r, int turn,
			const char *phase)
{
	json_key(j, "event");
	json_string(j, s->u->event.def->keyword);
	json_key(j, "turn");
	json_int(j, turn);
	json_key(j, "phase");
	json_string(j, phase);
	json_key(j, "units");
	json_array_begin(j);
	for (int k = 0; k < r->n_parts; k++)
		json_string(j, r->parts[k].unit);
	json_array_end(j);
	if (s->u->event.def->shape == &shape_state)
		write_texts(j, &s->u->event.u.state);
	json_key(j, "derived");
	write_derived(j, scratch, r);
	json_key(j, "claimed");
	write_claimed(j, &s->u->event);
	write_states(j, r);
}

static void write_ruling(struct json *j, const struct battle *b, const struct stmt *s)
{
	const struct stmt *ev = &b->stmts[s->u->ruling.event];
	json_key(j, "ruling");
	json_string(j, ruling_verb_names[s->u->ruling.verb]);
	json_key(j, "settles");
	json_object_begin(j);
	json_key(j, "file");
	json_string(j, b->src.v[ev->file].path);
	json_key(j, "line");
	json_int(j, ev->line);
	json_object_end(j);
	const struct kv *by = stmt_kv(s, "by");
	json_key(j, "by");
	json_string(j, by ? by->value : NULL);
	json_key(j, "reason");
	json_string(j, s->u->ruling.attrs.text);
	json_key(j, "unit");	/* the one unit of the event it rules on, or null */
	json_string(j, s->u->ruling.unit);
	json_key(j, "claim");
	write_claim(j, &s->u->ruling.claim);
}

/* Findings on the order of battle (a unit's rating, say): one line per
 * declaration that has any, kind "order-of-battle". */
static void write_declaration(struct json *j, const struct battle *b, const struct stmt *s)
{
	json_key(j, "units");
	json_array_begin(j);
	if (s->kind == ST_UNIT)
		json_string(j, s->u->unit.id);
	json_array_end(j);
	(void)b;
}

/* The writer between flushes: where the stream is in the log. */
struct audit_json {
	const struct battle *b;
	enum audit_follow follow;
	int (*write)(void *ctx, const char *text, size_t len);
	void *ctx;
	int next;		/* the first statement not written yet */
	int seen;		/* the first finding not written yet */
	int turn;
	const char *phase;
	struct buf line;	/* one object */
	struct buf scratch;	/* a text's player form, before it is escaped into line: reused */
	bool failed;		/* a write failed or an object did not fit */
	bool (*keep_stmt)(void *ctx, int stmt);	/* audit_json_select */
	bool (*keep_finding)(void *ctx, const struct finding *x);
	void *keep_ctx;
};

void audit_json_select(struct audit_json *w, bool (*keep_stmt)(void *ctx, int stmt),
		       bool (*keep_finding)(void *ctx, const struct finding *x), void *ctx)
{
	w->keep_stmt = keep_stmt;
	w->keep_finding = keep_finding;
	w->keep_ctx = ctx;
}

struct audit_json *audit_json_new(const struct battle *b, enum audit_follow follow,
				  int (*write)(void *ctx, const char *text, size_t len), void *ctx)
{
	struct audit_json *w = xcalloc(1, sizeof *w);
	w->b = b;
	w->follow = follow;
	w->write = write;
	w->ctx = ctx;
	buf_init(&w->line, 0);
	buf_init(&w->scratch, 0);
	return w;
}

int audit_json_free(struct audit_json *w)
{
	if (!w)
		return 0;
	int rc = w->failed ? -1 : 0;
	buf_release(&w->line);
	buf_release(&w->scratch);
	free(w);
	return rc;
}

/* One statement's object, if it has one, into w->line. */
static bool write_stmt(struct audit_json *w, int i, const struct record *rec, const struct findings *f,
		       const int *order, int from, int to)
{
	const struct battle *b = w->b;
	const struct stmt *s = &b->stmts[i];
	bool declaration = s->kind == ST_UNIT || s->kind == ST_LEADER || s->kind == ST_SIDE;
	if (s->kind == ST_TURN) {
		w->turn = s->u->turn.number;
		w->phase = NULL;
	} else if (s->kind == ST_PHASE) {
		w->phase = s->u->phase.phase;
	}
	if (!rec && s->kind != ST_RULING && !(declaration && from < to))
		return false;
	if (w->keep_stmt && !w->keep_stmt(w->keep_ctx, i))
		return false;
	struct json j;
	json_init(&j, &w->line);
	if (s->kind == ST_TURN || s->kind == ST_PHASE) {
		write_head(&j, b, s, rec->kind, w->follow);
		if (s->kind == ST_TURN)
			write_turn(&j, b, s, rec);
		else
			write_phase(&j, s, rec);
	} else if (s->kind == ST_RULING) {
		write_head(&j, b, s, "ruling", w->follow);
		write_ruling(&j, b, s);
	} else if (declaration) {
		write_head(&j, b, s, "order-of-battle", w->follow);
		write_declaration(&j, b, s);
	} else {
		write_head(&j, b, s, rec->kind, w->follow);
		write_event(&j, &w->scratch, s, rec, w->turn, w->phase);
	}
	json_key(&j, "findings");
	write_findings(&j, &w->scratch, f, order, from, to, w->keep_finding, w->keep_ctx);
	json_object_end(&j);
	buf_putc(&w->line, '\n');
	return true;
}

/* Findings between seen and the end, which all belong to statements not
 * written yet, in the order of their position within each statement. */
static const struct findings *g_sort_findings;

static int by_stmt_then_place(const void *pa, const void *pb)
{
	const struct finding *x = &g_sort_findings->v[*(const int *)pa], *y = &g_sort_findings->v[*(const int *)pb];
	if (x->stmt != y->stmt)
		return x->stmt < y->stmt ? -1 : 1;
	if (x->at.file != y->at.file)
		return x->at.file < y->at.file ? -1 : 1;
	if (x->at.line != y->at.line)
		return x->at.line < y->at.line ? -1 : 1;
	if (x->at.col != y->at.col)
		return x->at.col < y->at.col ? -1 : 1;
	return *(const int *)pa < *(const int *)pb ? -1 : *(const int *)pa > *(const int *)pb;
}

void audit_json_flush(struct audit_json *w, const struct records *r, const struct findings *f, int upto)
{
	/* the findings added since the last flush, by statement and place */
	int n = f->n - w->seen;
	int *order = xcalloc((size_t)n + 1, sizeof *order);
	for (int k = 0; k < n; k++)
		order[k] = w->seen + k;
	g_sort_findings = f;
	qsort(order, (size_t)n, sizeof *order, by_stmt_then_place);
	int next_rec = 0, k = 0;
	for (int i = w->next; i < upto && !w->failed; i++) {
		while (r && next_rec < r->n && r->v[next_rec].stmt < i)
			next_rec++;
		const struct record *rec = r && next_rec < r->n && r->v[next_rec].stmt == i ? &r->v[next_rec] : NULL;
		while (k < n && f->v[order[k]].stmt < i)
			k++;
		int to = k;
		while (to < n && f->v[order[to]].stmt == i)
			to++;
		buf_clear(&w->line);
		if (write_stmt(w, i, rec, f, order, k, to) &&
		    (w->line.full || w->write(w->ctx, w->line.text, w->line.len) < 0))
			w->failed = true;
		k = to;
	}
	w->next = upto;
	w->seen = f->n;
	free(order);
}

static int to_buf(void *ctx, const char *text, size_t len)
{
	return buf_add(ctx, text, len);
}

void audit_json_write(const struct battle *b, const struct records *r, const struct findings *f,
		      enum audit_follow follow, struct buf *out)
{
	struct audit_json *w = audit_json_new(b, follow, to_buf, out);
	audit_json_flush(w, r, f, b->n_stmts);
	audit_json_free(w);
}
