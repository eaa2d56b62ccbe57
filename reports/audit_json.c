/* audit_json: derivations, claims and findings as JSON Lines. */
#include "audit_json.h"

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
	json_string(j, c->effect);
	if (c->outcome) {
		json_key(j, "outcome");
		json_string(j, c->outcome);
	}
	json_key(j, "losses");
	if (c->has_loss)
		json_int(j, c->loss);
	else
		json_null(j);
	if (c->has_points) {
		json_key(j, "points");
		json_int(j, c->points);
	}
	json_object_end(j);
}

/* What the log claims, in the shape of the derivation. */
static void write_claimed(struct json *j, const struct event *e)
{
	json_object_begin(j);
	switch (e->def->shape) {
	case SHAPE_MC:
		json_key(j, "units");
		json_array_begin(j);
		for (int i = 0; i < e->u.mc.n_lines; i++) {
			json_object_begin(j);
			json_key(j, "unit");
			json_string(j, e->u.mc.lines[i].unit.id);
			json_key(j, "claim");
			write_claim(j, &e->u.mc.lines[i].claim);
			json_object_end(j);
		}
		json_array_end(j);
		break;
	case SHAPE_FIRE:
		json_key(j, "claim");
		write_claim(j, &e->u.fire.claim);
		break;
	case SHAPE_CHARGE:
	case SHAPE_REROLL:
		json_key(j, "attacker");
		write_claim(j, &e->u.charge.side[0].claim);
		json_key(j, "defender");
		write_claim(j, &e->u.charge.side[1].claim);
		json_key(j, "difference");
		if (e->u.charge.has_diff)
			json_int(j, e->u.charge.diff);
		else
			json_null(j);
		json_key(j, "effect");
		json_string(j, e->u.charge.effect);
		break;
	case SHAPE_FALLEN:
		json_key(j, "effect");
		json_string(j, e->u.fallen.effect);
		break;
	case SHAPE_STATE:
		break;
	}
	json_object_end(j);
}

static void write_part(struct json *j, const struct rec_part *p)
{
	json_object_begin(j);
	json_key(j, "role");
	json_string(j, p->role);
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
		json_key(j, "source");
		json_string(j, p->mods[i].source);
		json_key(j, "why");
		json_string(j, p->mods[i].why);
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
		json_string(j, p->after);
	}
	json_object_end(j);
}

static void write_derived(struct json *j, const struct record *r)
{
	json_object_begin(j);
	json_key(j, "parts");
	json_array_begin(j);
	for (int i = 0; i < r->n_parts; i++)
		write_part(j, &r->parts[i]);
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
		json_string(j, r->steps[i].text);
		json_key(j, "source");
		json_string(j, r->steps[i].source[0] ? r->steps[i].source : NULL);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void write_findings(struct json *j, const struct findings *f, int stmt)
{
	json_array_begin(j);
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		if (x->stmt != stmt)
			continue;
		json_object_begin(j);
		json_key(j, "severity");
		json_string(j, diag_severity_name(x->severity));
		json_key(j, "code");
		json_string(j, finding_code_name(x->code));
		json_key(j, "message");
		json_string(j, x->msg);
		json_key(j, "rule");
		json_string(j, x->cite);
		json_key(j, "line");
		json_int(j, x->at.line);
		json_key(j, "col");
		json_int(j, x->at.col);
		json_key(j, "overruled");
		json_bool(j, x->overruled);
		json_object_end(j);
	}
	json_array_end(j);
}

/* Findings on the order of battle (a unit's rating, say): one line per
 * declaration that has any, kind "order-of-battle". */
static void write_declarations(const struct battle *b, const struct findings *f, struct buf *out)
{
	for (int i = 0; i < b->n_stmts; i++) {
		const struct stmt *s = &b->stmts[i];
		if (s->kind != ST_UNIT && s->kind != ST_LEADER && s->kind != ST_SIDE)
			continue;
		bool any = false;
		for (int k = 0; k < f->n && !any; k++)
			any = f->v[k].stmt == i;
		if (!any)
			continue;
		struct json j;
		json_init(&j, out);
		json_object_begin(&j);
		json_key(&j, "file");
		json_string(&j, b->src.v[s->at.file].path);
		json_key(&j, "line");
		json_int(&j, s->at.line);
		json_key(&j, "kind");
		json_string(&j, "order-of-battle");
		json_key(&j, "units");
		json_array_begin(&j);
		if (s->kind == ST_UNIT)
			json_string(&j, s->u.unit.id);
		json_array_end(&j);
		json_key(&j, "findings");
		write_findings(&j, f, i);
		json_object_end(&j);
		buf_putc(out, '\n');
	}
}

void audit_json_write(const struct battle *b, const struct records *r, const struct findings *f,
		      struct buf *out)
{
	for (int i = 0; i < r->n; i++) {
		const struct record *rec = &r->v[i];
		const struct stmt *s = &b->stmts[rec->stmt];
		struct json j;
		json_init(&j, out);
		json_object_begin(&j);
		json_key(&j, "file");
		json_string(&j, b->src.v[s->at.file].path);
		json_key(&j, "line");
		json_int(&j, s->at.line);
		json_key(&j, "kind");
		json_string(&j, rec->kind);
		json_key(&j, "event");
		json_string(&j, s->u.event.def->keyword);
		json_key(&j, "units");
		json_array_begin(&j);
		for (int k = 0; k < rec->n_parts; k++)
			json_string(&j, rec->parts[k].unit);
		json_array_end(&j);
		json_key(&j, "derived");
		write_derived(&j, rec);
		json_key(&j, "claimed");
		write_claimed(&j, &s->u.event);
		json_key(&j, "findings");
		write_findings(&j, f, rec->stmt);
		json_object_end(&j);
		buf_putc(out, '\n');
	}
	write_declarations(b, f, out);
}
