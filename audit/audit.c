/* audit: the driver that walks a battle and keeps its state. */
#include "audit.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../grammar/arena.h"
#include "../grammar/near.h"
#include "../grammar/xalloc.h"

/* The driver's own part of an audit. */
struct audit_driver {
	const struct ruleset *rs;
	const struct audit_opts *opts;
	struct findings *out;
	int last_clash;			/* the SHAPE_CLASH event a reroll repeats, or -1 */
	struct named *named;		/* scratch: what an event names */
	int next;			/* the first statement not audited yet */
	bool stopped;			/* opts->until reached */
	/* every rule option of the ruleset, resolved once: the run's, the
	 * battle's, or the default */
	struct {
		const char *name;
		const char *value;
	} options[AUDIT_MAX_OPTIONS];
	int n_options;
	char defaults[AUDIT_MAX_OPTIONS][32];	/* the defaults' text */
};


struct loc audit_place_in(const struct audit *a, int stmt, struct span sp)
{
	assert(stmt >= 0 && stmt < a->b->n_stmts);
	return stmt_place(&a->b->stmts[stmt], sp);
}

struct loc audit_place(const struct audit *a, struct span sp)
{
	return audit_place_in(a, a->stmt, sp);
}

struct finding *audit_find_at(struct audit *a, enum finding_code code, enum diag_severity sev,
			      struct loc at, const char *cite, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct finding *f = finding_add(a->d->out, code, sev, at, cite, "%s", msg);
	f->stmt = a->stmt;
	f->side = a->side;
	return f;
}

/* Whether the current statement keeps a record (opts.only_record). */
static bool keeps_record(const struct audit *a)
{
	return a->d->opts->records && (!a->d->opts->only_record || a->stmt == a->d->opts->only_record - 1);
}

struct record *audit_record(struct audit *a, const char *kind)
{
	a->rec = keeps_record(a) ? records_add(a->d->opts->records, a->stmt, kind) : NULL;
	return a->rec;
}

int audit_unit_roll(struct audit *a, const struct ev_check *ck, const char *kind, struct rec_part **p)
{
	if (kind)
		audit_record(a, kind);
	int u = state_unit_ref(&a->st, &ck->lines[0].unit);
	*p = NULL;
	if (u < 0)
		return -1;
	a->side = state_unit_at(&a->st, u)->decl->side;
	*p = record_part(a->rec, ROLE_UNIT, ck->lines[0].unit.id);
	if (*p)
		(*p)->die = ck->die.value;
	return u;
}

/* The value of setting "NAME=VALUE" if it names name, else NULL. */
static const char *setting_value(const char *setting, const char *name)
{
	size_t n = strlen(name);
	return strncmp(setting, name, n) == 0 && setting[n] == '=' ? setting + n + 1 : NULL;
}

/* Every option of the ruleset, once: a battle of many events asks often. */
static void resolve_options(struct audit *a)
{
	const struct vocab *v = a->d->rs->vocab;
	for (size_t i = 0; i < v->n_words && a->d->n_options < AUDIT_MAX_OPTIONS; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat != v->option || w->canon || !w->spec)
			continue;
		int k = a->d->n_options++;
		snprintf(a->d->defaults[k], sizeof a->d->defaults[k], "%.*s", (int)strcspn(w->spec, "|"), w->spec);
		a->d->options[k].name = w->word;
		a->d->options[k].value = a->d->defaults[k];
		for (int j = 0; j < a->d->opts->n_defaults; j++) {	/* a campaign's, under the battle's own */
			const char *value = setting_value(a->d->opts->defaults[j], w->word);
			if (value)
				a->d->options[k].value = value;
		}
		for (int j = 0; j < a->b->n_stmts; j++) {	/* the battle's, the last one standing */
			const struct stmt *s = &a->b->stmts[j];
			if (s->kind == ST_OPTION && strcmp(s->u->option.name, w->word) == 0)
				a->d->options[k].value = s->u->option.value;
			if (s->kind == ST_TURN)
				break;	/* options belong to the header */
		}
		for (int j = 0; j < a->d->opts->n_options; j++) {
			const char *value = setting_value(a->d->opts->options[j], w->word);
			if (value)
				a->d->options[k].value = value;
		}
	}
}

bool audit_follows_derived(const struct audit *a)
{
	return a->d->opts->follow == FOLLOW_DERIVED;
}

int audit_last_clash(const struct audit *a)
{
	return a->d->last_clash;
}

const struct vocab *audit_vocab(const struct audit *a)
{
	return a->d->rs->vocab;
}

const char *audit_option(const struct audit *a, const char *name)
{
	for (int i = 0; i < a->d->n_options; i++)
		if (strcmp(a->d->options[i].name, name) == 0)
			return a->d->options[i].value;
	assert(!"an option the ruleset's vocabulary does not declare");
	return "";	/* a ruleset's misspelt name: no value, not a crash */
}

/* Whether value is one of spec's "|"-separated values. */
static bool spec_has(const char *spec, const char *value)
{
	size_t n = strlen(value);
	for (const char *p = spec; *p; p += strcspn(p, "|"), p += *p == '|')
		if (strncmp(p, value, n) == 0 && (p[n] == '|' || p[n] == '\0'))
			return true;
	return false;
}

bool audit_check_option(const struct vocab *v, const char *setting, char *why, size_t size)
{
	const char *eq = strchr(setting, '=');
	if (!eq || eq == setting) {
		snprintf(why, size, "expected NAME=VALUE");
		return false;
	}
	const struct vocab_word *w = vocab_find(v, v->option, setting, (size_t)(eq - setting));
	if (w && w->canon)
		w = vocab_find(v, v->option, w->canon, strlen(w->canon));
	if (!w) {
		const char *near = NULL;
		for (size_t i = 0; i < v->n_words && !near; i++)
			if (v->words[i].cat == v->option &&
			    near_miss(setting, (size_t)(eq - setting), v->words[i].word, strlen(v->words[i].word)))
				near = v->words[i].word;
		snprintf(why, size, "%s has no rule option '%.*s'%s%s%s", v->name, (int)(eq - setting), setting,
			 near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
		return false;
	}
	if (!spec_has(w->spec, eq + 1)) {
		snprintf(why, size, "%s takes %s, not '%s'", w->word, w->spec, eq + 1);
		return false;
	}
	return true;
}

int audit_arg_unit(const struct audit *a, const struct arg *arg)
{
	return arg->type == 'U' ? state_unit_of(&a->st, arg->sym, arg->text) : -1;
}

int audit_arg_leader(const struct audit *a, const struct arg *arg)
{
	return arg->type == 'L' ? state_leader_of(&a->st, arg->sym, arg->text) : -1;
}

/* Applies a state event every ruleset's state knows (enum state_verb). */
static void apply_core_event(struct audit *a, enum state_verb verb, const struct ev_state *ev)
{
	int u = ev->n_args > 0 ? audit_arg_unit(a, &ev->args[0]) : -1;
	int l = ev->n_args > 0 ? audit_arg_leader(a, &ev->args[0]) : -1;
	struct leader_state *ls = l >= 0 ? state_leader_at(&a->st, l) : NULL;
	switch (verb) {
	case SV_STANDS:
		if (u >= 0)
			state_lose(&a->st, u, -ev->args[1].num);
		break;
	case SV_REMOVE:
		if (u >= 0)
			state_unit_at(&a->st, u)->removed = true;
		break;
	case SV_ARRIVE:
		if (u >= 0)
			state_unit_at(&a->st, u)->off_table = false;
		break;
	case SV_ATTACH:
		if (ls)
			state_attach(&a->st, l, audit_arg_unit(a, &ev->args[1]));
		break;
	case SV_DETACH:
		if (ls)
			state_attach(&a->st, l, -1);
		break;
	case SV_LEADER_OUT:	/* out of play, he leaves his unit: back, he attaches anew */
		if (ls)
			state_attach(&a->st, l, -1);
		if (ls && ls->out_until <= a->st.turn) {	/* a roll may have set more */
			ls->out_until = a->st.turn + 1;
			state_away(&a->st, l);
		}
		break;
	case SV_LEADER_BACK:
		if (ls)
			ls->out_until = 0;
		break;
	case SV_LEADER_LOST:
		if (ls)
			ls->removed = true;
		break;
	case SV_REPLACE: {
		int deputy = ls ? audit_arg_leader(a, &ev->args[1]) : -1;
		if (deputy >= 0 && deputy != l) {
			state_leader_at(&a->st, deputy)->deputy_for = l;
			ls->replaced_by = deputy;
		}
		break;
	}
	case SV_NONE:
	case SV_NOTE:
		break;
	}
}

/* State events change the state as the log says: those every ruleset
 * knows here, the ruleset's own through its apply_state. */
static void apply_state_event(struct audit *a, const struct event *e)
{
	if (e->def->core)
		apply_core_event(a, (enum state_verb)e->def->core, &e->u.state);
	else if (a->d->rs->apply_state)
		a->d->rs->apply_state(a, e);
}

/* The event a repeat (a reroll) repeats, or NULL. */
static const struct event *repeated_of(const struct audit *a, const struct event *e)
{
	return e->def->shape->repeats && a->d->last_clash >= 0 ? &a->b->stmts[a->d->last_clash].u->event : NULL;
}

/* One claim's loss= on the unit that bears it. */
static void lose_claimed(void *ctx, const char *who, const char *bearer, const struct claim *c)
{
	(void)who;
	struct audit *a = ctx;
	int u = c->has_loss && bearer ? state_unit(&a->st, bearer) : -1;
	if (u >= 0)
		state_lose(&a->st, u, c->loss);
}

/* For events the ruleset does not audit yet, the claimed losses still count
 * (a reroll's on the units of the charge it repeats). */
static void apply_claimed_losses(struct audit *a, const struct event *e)
{
	e->def->shape->read(e, repeated_of(a, e), &(struct shape_reader){.ctx = a, .claimed = lose_claimed});
}

/* The number of illegal-action findings so far: an event that adds one has
 * done something the rules forbid. */
int audit_illegal_count(const struct audit *a)
{
	int n = 0;
	for (int i = a->d->out->n - 1; i >= 0 && a->d->out->v[i].stmt == a->stmt; i--)
		n += a->d->out->v[i].code == FINDING_ILLEGAL;
	return n;
}

/* The side a state event's findings are charged to: its first unit's or
 * leader's ("disorder 2lt", "attach lee 5inf": that side keeps their
 * markers, in either player's turn), else the player's whose turn it is. */
static const char *state_event_side(const struct audit *a, const struct ev_state *ev)
{
	int u = ev->n_args > 0 ? audit_arg_unit(a, &ev->args[0]) : -1;
	int l = ev->n_args > 0 ? audit_arg_leader(a, &ev->args[0]) : -1;
	if (u >= 0)
		return state_unit_at(&a->st, u)->decl->side;
	return l >= 0 ? state_leader_at(&a->st, l)->decl->side : a->st.side;
}

static void audit_event(struct audit *a, const struct stmt *s)
{
	const struct event *e = &s->u->event;
	a->side = a->st.side;	/* the ruleset names the side of each unit it audits */
	a->rec = NULL;
	if (e->def->shape == &shape_state) {
		a->side = state_event_side(a, &e->u.state);
		struct record *rec = audit_record(a, "state");
		int illegal = audit_illegal_count(a);
		a->d->rs->audit_event(a, s);	/* legality, where the ruleset checks it */
		/* Following the derivation, an action the rules forbid changes nothing. */
		if (a->d->opts->follow != FOLLOW_DERIVED || audit_illegal_count(a) == illegal)
			apply_state_event(a, e);
		for (int i = 0; rec && i < e->u.state.n_args; i++)
			if (e->u.state.args[i].type == 'U' || e->u.state.args[i].type == 'L')
				record_part(rec, e->u.state.args[i].type == 'U' ? ROLE_UNIT : ROLE_LEADER,
					    e->u.state.args[i].text);
		return;
	}
	if (!a->d->rs->audit_event(a, s)) {
		audit_find(a, FINDING_NOT_AUDITED, DIAG_NOTE, e->kw_at, NULL,
			   "%s events are not audited yet; claimed losses are applied as played",
			   e->def->keyword);
		apply_claimed_losses(a, e);
	}
}

/* The units and leaders one event or header names or changes: a list that
 * grows as needed, each once (a stamp per unit and leader says which are
 * in it already, so adding is O(1) however many a header touches). */
struct named {
	int *v;			/* unit u, or leader l as -1 - l */
	int n, cap;
	unsigned *stamp;	/* per unit, then per leader: the round it was added in */
	unsigned round;
};

static void named_start(struct named *x, const struct state *st)
{
	if (!x->stamp)
		x->stamp = xcalloc((size_t)st->n_units + (size_t)st->n_leaders + 1, sizeof *x->stamp);
	x->n = 0;
	x->round++;
}

static void named_release(struct named *x)
{
	free(x->v);
	free(x->stamp);
	memset(x, 0, sizeof *x);
}

static void add_code(struct named *x, const struct state *st, int code)
{
	size_t at = code >= 0 ? (size_t)code : (size_t)st->n_units + (size_t)(-1 - code);
	if (x->stamp[at] == x->round)
		return;
	x->stamp[at] = x->round;
	if (x->n == x->cap) {
		x->cap = x->cap ? x->cap * 2 : 64;
		x->v = xrealloc(x->v, (size_t)x->cap * sizeof *x->v);
	}
	x->v[x->n++] = code;
}

static void add_unit(const struct audit *a, struct named *x, const char *id)
{
	int u = state_unit(&a->st, id);
	if (u >= 0)
		add_code(x, &a->st, u);
}

static void add_leader(const struct audit *a, struct named *x, const char *id)
{
	int l = state_leader(&a->st, id);
	if (l >= 0)
		add_code(x, &a->st, -1 - l);
}

struct naming {
	const struct audit *a;
	struct named *x;
};

static void name_one(void *ctx, char kind, const char *id)
{
	struct naming *n = ctx;
	if (kind == 'U')
		add_unit(n->a, n->x, id);
	else
		add_leader(n->a, n->x, id);
}


/* The units and leaders an event names, in the order it names them (a
 * reroll names those of the charge it repeats). */
static void event_named(const struct audit *a, const struct event *e, struct named *x)
{
	struct naming n = {a, x};
	e->def->shape->read(e, repeated_of(a, e), &(struct shape_reader){.ctx = &n, .named = name_one});
}

void audit_unit_fields(const struct audit *a, int u, struct fields *out)
{
	state_unit_fields(&a->st, u, out);
	if (a->d->rs->unit_fields)
		a->d->rs->unit_fields(a, u, out);
}

/* Puts the state of every unit and leader in x (units first) into rec,
 * with the leaders attached to those units. */
static void record_states(struct audit *a, struct record *rec, struct named *x)
{
	int units = x->n;
	for (int i = 0; i < units; i++)	/* a leader goes with the unit it is attached to */
		if (x->v[i] >= 0)
			for (int l = state_unit_at(&a->st, x->v[i])->first_leader; l >= 0; l = state_leader_at(&a->st, l)->next)
				add_code(x, &a->st, -1 - l);
	struct fields f;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < x->n; i++) {
			int c = x->v[i];
			if (pass == 0 && c >= 0) {
				audit_unit_fields(a, c, &f);
				record_state(rec, 'U', state_unit_at(&a->st, c)->decl->id, &f);
			} else if (pass == 1 && c < 0) {
				state_leader_fields(&a->st, -1 - c, &f);
				record_state(rec, 'L', state_leader_at(&a->st, -1 - c)->decl->id, &f);
			}
		}
}

/* The record of statement i, if the audit made one. */
static struct record *record_of(const struct audit *a, int i)
{
	struct records *r = a->d->opts->records;
	return r && r->n > 0 && r->v[r->n - 1].stmt == i ? &r->v[r->n - 1] : NULL;
}

/* A unit removed from the game takes no leader with it: each leader
 * attached to a unit in x that is gone is detached, and joins x (a leader
 * attached to nothing is one no later check, charge or state names as the
 * unit's).  The event that removed the unit has already been audited with
 * him attached, so a roll it calls for still concerns him. */
static void detach_from_removed(struct audit *a, struct named *x)
{
	int units = x->n;
	for (int i = 0; i < units; i++) {
		int u = x->v[i];
		if (u < 0 || !state_unit_at(&a->st, u)->removed)
			continue;
		for (int l; (l = state_unit_at(&a->st, u)->first_leader) >= 0;) {
			state_attach(&a->st, l, -1);
			add_code(x, &a->st, -1 - l);
		}
	}
}

/* After an event: leaders leave the units it removed; the state of
 * everything it named or touched is recorded, and the touched list emptied
 * for the next. */
static void event_states(struct audit *a, const struct stmt *s)
{
	named_start(a->d->named, &a->st);
	event_named(a, &s->u->event, a->d->named);
	for (int i = 0; i < a->st.n_touched; i++)
		add_code(a->d->named, &a->st, a->st.touched[i]);
	detach_from_removed(a, a->d->named);
	struct record *rec = record_of(a, a->stmt);
	if (rec)
		record_states(a, rec, a->d->named);
	a->st.n_touched = 0;
}

/* A turn or phase header: a record of its own carrying the state of what
 * it changed (disorder marked at the end of a phase, leaders back in play). */
static void header_states(struct audit *a, const struct stmt *s)
{
	struct record *rec = keeps_record(a) ? records_add(a->d->opts->records, a->stmt,
							   s->kind == ST_TURN ? "turn" : "phase") : NULL;
	if (rec) {
		named_start(a->d->named, &a->st);
		for (int i = 0; i < a->st.n_touched; i++)
			add_code(a->d->named, &a->st, a->st.touched[i]);
		if (s->kind == ST_TURN && a->d->opts->turn_snapshots) {
			for (int u = 0; u < a->st.n_units; u++)
				add_code(a->d->named, &a->st, u);
			for (int l = 0; l < a->st.n_leaders; l++)
				add_code(a->d->named, &a->st, -1 - l);
		}
		record_states(a, rec, a->d->named);
	}
	a->st.n_touched = 0;
}

/* The `ruling override` that settles statement i, or NULL. */
static const struct stmt *override_of(const struct battle *b, int i)
{
	for (int j = i + 1; j < b->n_stmts; j++) {
		const struct stmt *s = &b->stmts[j];
		if (s->kind == ST_BLANK)
			continue;
		if (s->kind == ST_RULING && s->u->ruling.event == i && s->u->ruling.verb == RULING_OVERRIDE)
			return s;
		return NULL;
	}
	return NULL;
}

/* An event a ruling overrides: its findings are those of the claim as
 * logged; the state then follows the umpire's result, re-derived from the
 * state before the event with the findings of that pass set aside.  The
 * copy's claims are the ruling's, their places on the ruling's line: what
 * the second pass keeps for later (a roll due) must not take its place
 * from them. */
static void audit_overridden(struct audit *a, const struct stmt *s, const struct stmt *ruling)
{
	struct state before = {0};
	state_copy(&before, &a->st);
	audit_event(a, s);
	struct stmt copy;
	union stmt_body body;
	stmt_copy(s, &copy, &body);
	struct event *e = &copy.u->event;
	struct arena *copies = arena_new();	/* what the override changes */
	if (!e->def->shape->override ||
	    !e->def->shape->override(e, repeated_of(a, e), ruling->u->ruling.unit, &ruling->u->ruling.claim, copies)) {
		arena_free(copies);
		audit_find(a, FINDING_CONSEQUENCE, DIAG_WARNING, stmt_at(ruling), NULL,
			   "this override cannot say which claim it replaces (name the unit: ruling override UNIT ...): "
			   "the state follows the log");
		state_release(&before);
		return;
	}
	const struct claim *u = &ruling->u->ruling.claim;
	char loss[32] = "";
	if (u->has_loss)
		snprintf(loss, sizeof loss, ", loss=%d", u->loss);
	const char *unit = ruling->u->ruling.unit;
	record_step(a->rec, NULL, "ruling override (%s%s%s%s): the state follows the umpire's result, not the above",
		    unit ? unit : "", unit ? ": " : "", u->effect ? u->effect->word : "as derived", loss);
	state_copy(&a->st, &before);
	state_release(&before);
	struct findings scratch;
	findings_init(&scratch);
	const struct audit_opts *kept_opts = a->d->opts;
	struct audit_opts opts = *kept_opts;
	opts.follow = FOLLOW_CLAIMED;
	opts.records = NULL;
	struct findings *kept_out = a->d->out;
	a->d->opts = &opts;
	a->d->out = &scratch;
	audit_event(a, &copy);
	a->d->opts = kept_opts;
	a->d->out = kept_out;
	a->rec = NULL;
	findings_release(&scratch);
	arena_free(copies);
}

/* A ruling settles the findings of the event before it. */
static void apply_ruling(struct audit *a, const struct stmt *s)
{
	/* the event's findings are the last ones: a ruling follows its event */
	for (int i = a->d->out->n - 1; i >= 0 && a->d->out->v[i].stmt >= s->u->ruling.event; i--)
		if (a->d->out->v[i].stmt == s->u->ruling.event)
			a->d->out->v[i].overruled = true;
}

int audit_battle(const struct battle *b, const struct audit_opts *opts, struct findings *out)
{
	const struct ruleset *rs = b->vocab ? ruleset_find(b->vocab->name) : ruleset_at(0);
	if (!rs)
		return -1;
	audit_battle_with(rs, b, opts, out);
	return 0;
}

struct audit *audit_start(const struct ruleset *rs, const struct battle *b, const struct audit_opts *opts,
			  struct findings *out)
{
	struct audit *a = xcalloc(1, sizeof *a);
	a->d = xcalloc(1, sizeof *a->d);
	a->d->named = xcalloc(1, sizeof *a->d->named);
	a->b = b;
	a->d->rs = rs;
	a->d->opts = opts;
	a->d->out = out;
	a->d->last_clash = -1;
	resolve_options(a);
	if (rs->begin)
		a->ctx = rs->begin(a);
	state_init(&a->st, b, rs->state);
	if (rs->audit_order_of_battle)
		rs->audit_order_of_battle(a);
	return a;
}

/* Audits statement i, the next one. */
static void audit_stmt(struct audit *a, int i)
{
	const struct battle *b = a->b;
	const struct stmt *s = &b->stmts[i];
	a->stmt = i;
	switch (s->kind) {
	case ST_TURN:
	case ST_PHASE:
		state_enter(&a->st, s);
		header_states(a, s);
		break;
	case ST_EVENT:
		if (override_of(b, i))
			audit_overridden(a, s, override_of(b, i));
		else
			audit_event(a, s);
		event_states(a, s);
		if (s->u->event.def->shape == &shape_clash)
			a->d->last_clash = i;
		break;
	case ST_RULING:
		apply_ruling(a, s);
		break;
	default:
		break;
	}
}

void audit_through(struct audit *a, int upto)
{
	const struct audit_opts *opts = a->d->opts;
	for (int i = a->d->next; i < upto && !a->d->stopped; i++) {
		const struct stmt *s = &a->b->stmts[i];
		a->stmt = i;
		bool settles = s->kind == ST_TURN || s->kind == ST_PHASE ||
			       (s->kind == ST_EVENT && s->u->event.def->shape != &shape_reroll &&
				s->u->event.def->shape != &shape_state);
		if (settles && a->d->rs->settle)	/* a roll due and not logged is reported now */
			a->d->rs->settle(a);
		if (opts->until && i >= opts->until && (settles || s->kind == ST_EVENT)) {
			a->d->stopped = true;	/* what follows cannot change the statements explained */
			break;
		}
		if (opts->flush && (s->kind == ST_TURN || s->kind == ST_PHASE || s->kind == ST_EVENT))
			opts->flush(opts->flush_ctx, opts->records, a->d->out, i);
		audit_stmt(a, i);
		a->d->next = i + 1;
	}
}

void audit_end(struct audit *a)
{
	a->stmt = a->b->n_stmts;
	if (a->d->rs->settle)
		a->d->rs->settle(a);
	if (a->d->opts->flush)
		a->d->opts->flush(a->d->opts->flush_ctx, a->d->opts->records, a->d->out, a->b->n_stmts);
	findings_sort(a->d->out);
	audit_free(a);
}

void audit_free(struct audit *a)
{
	if (!a)
		return;
	if (a->d->rs->end)
		a->d->rs->end(a);
	state_release(&a->st);
	named_release(a->d->named);
	free(a->d->named);
	free(a->d);
	free(a);
}

void audit_battle_with(const struct ruleset *rs, const struct battle *b, const struct audit_opts *opts,
		       struct findings *out)
{
	struct audit *a = audit_start(rs, b, opts, out);
	audit_through(a, b->n_stmts);
	audit_end(a);
}
