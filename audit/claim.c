/* claim: claimed modifiers and totals against derived ones. */
#include "claim.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "record.h"

void claim_derivev(struct derived_mod *d, const struct claim_mod *m, const char *fmt, va_list ap)
{
	struct derived_mod *slot = &d[m->factor];
	if (slot->set)
		return;	/* one modifier per factor: the first reason found stands */
	slot->set = true;
	slot->m = *m;
	vsnprintf(slot->why, sizeof slot->why, fmt, ap);
}

void claim_derive(struct derived_mod *d, const struct claim_mod *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	claim_derivev(d, m, fmt, ap);
	va_end(ap);
}

void claim_absent(struct derived_mod *d, int f, const char *fmt, ...)
{
	if (d[f].set || d[f].why[0])
		return;	/* the first, most particular reason stands */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d[f].why, sizeof d[f].why, fmt, ap);
	va_end(ap);
}

int claim_total(int die, const struct derived_mod *d)
{
	int total = die;
	for (int f = 0; f < CLAIM_MAX_FACTORS; f++)
		if (d[f].set)
			total += d[f].m.value;
	return total;
}

const char *claim_cite(const struct claim_mod *m, char *buf, size_t size)
{
	snprintf(buf, size, "%s: %+d %s", m->cite, m->value, m->label);
	return buf;
}

/* One claimed modifier against the derived modifier of its factor (named
 * factor). */
static void check_one(struct audit *a, const struct mod *m, const struct claim_mod *cm,
		      const struct derived_mod *dm, const char *unit, const char *factor, enum diag_severity sev)
{
	char cite[512];
	int value = m->has_value ? m->value : cm->value;
	if (!dm->set)	/* the step saying why it does not apply is shown */
		record_claimed_unapplied(a->rec, factor);
	if (!dm->set)	/* with the reason the derivation gave, where it gave one */
		audit_find(a, FINDING_MOD_EXTRA, sev, m->at, claim_cite(cm, cite, sizeof cite),
			   "%+d%s claimed, but it does not apply to %s%s%s", value, m->code, unit, dm->why[0] ? ": " : "",
			   dm->why);
	else if (dm->m.value != cm->value)	/* items of one factor with one value are alike */
		audit_find(a, FINDING_MOD_VALUE, sev, m->at, claim_cite(&dm->m, cite, sizeof cite),
			   "%+d%s claimed, but %s: %+d%s", value, m->code, dm->why, dm->m.value, dm->m.code);
	else if (m->has_value && m->value != cm->value)
		audit_find(a, FINDING_MOD_VALUE, sev, m->at, claim_cite(cm, cite, sizeof cite),
			   "%+d%s claimed, but %s is %+d", m->value, m->code, cm->label, cm->value);
}

void claim_check_mods(struct audit *a, const struct claim *c, const struct derived_mod *d,
		      const struct claim_table *t, const char *unit, struct span unit_at,
		      enum diag_severity sev)
{
	const struct mod *seen[CLAIM_MAX_FACTORS] = {0};
	char cite[512];
	for (int i = 0; i < c->n_mods; i++) {
		const struct mod *m = &c->mods[i];
		struct claim_mod cm;
		if (m->unknown) {
			audit_find(a, FINDING_MOD_UNKNOWN, sev, m->at, NULL, "%+d%s claimed: the rules have no modifier %s%s%s%s",
				   m->value, m->code, m->code, m->hint ? "; did you mean '" : "", m->hint ? m->hint : "",
				   m->hint ? "'?" : "");
			continue;
		}
		if (!t->lookup(m, t->ctx, &cm)) {
			audit_find(a, FINDING_MOD_EXTRA, sev, m->at, NULL, "%s claimed, but it does not apply to %s",
				   m->code, unit);
			continue;
		}
		if (seen[cm.factor]) {
			audit_find(a, FINDING_NON_CUMULATIVE, sev, m->at, claim_cite(&cm, cite, sizeof cite),
				   "%s and %s are one factor (%s): they do not add up", seen[cm.factor]->code,
				   m->code, t->factor_name(cm.factor));
			continue;
		}
		seen[cm.factor] = m;
		check_one(a, m, &cm, &d[cm.factor], unit, t->factor_name(cm.factor), sev);
	}
	for (int f = 0; f < CLAIM_MAX_FACTORS; f++)
		if (d[f].set && d[f].m.value != 0 && !seen[f])
			audit_find(a, FINDING_MOD_MISSING, sev, unit_at, claim_cite(&d[f].m, cite, sizeof cite),
				   "%+d%s missing: %s", d[f].m.value, d[f].m.code, d[f].why);
}

void claim_check_sum(struct audit *a, int die, const struct claim *c, enum diag_severity sev)
{
	claim_check_sum_from(a, "die", die, c, sev);
}

void claim_check_sum_from(struct audit *a, const char *what, int base, const struct claim *c, enum diag_severity sev)
{
	if (!c->has_total || c->n_mods == 0)
		return;
	int sum = base;
	for (int i = 0; i < c->n_mods; i++) {
		if (!c->mods[i].has_value)
			return;	/* a code without its value: the sum cannot be checked */
		sum += c->mods[i].value;
	}
	if (sum != c->total)
		audit_find(a, FINDING_ARITHMETIC, sev, c->total_at, NULL,
			   "%s %d and the claimed modifiers make %d, not %d", what, base, sum, c->total);
}

void claim_check_total(struct audit *a, const struct claim *c, int derived, enum diag_severity sev)
{
	if (!c->has_total || c->total == derived)
		return;
	bool accounted = c->n_mods > 0;
	for (int i = 0; i < c->n_mods; i++)
		accounted &= c->mods[i].has_value && !c->mods[i].unknown;
	if (!accounted)
		audit_find(a, FINDING_TOTAL, sev, c->total_at, NULL, "=%d claimed, derived total %d", c->total,
			   derived);
}

/* The derived modifiers and the reasons of the others; with all, the
 * factors without a reason as well, on one line. */
static void record_mods(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
			const char *(*factor_name)(int), int n_factors, bool all)
{
	if (!rec)
		return;
	char cite[512], none[512] = "";
	for (int f = 0; f < n_factors; f++) {
		if (!d[f].set && d[f].why[0]) {	/* factors in a row with one reason share a line */
			char names[256];
			int n = snprintf(names, sizeof names, "%s", factor_name(f));
			while (f + 1 < n_factors && !d[f + 1].set && strcmp(d[f + 1].why, d[f].why) == 0 && n > 0 &&
			       (size_t)n < sizeof names)
				n += snprintf(names + n, sizeof names - n, "; %s", factor_name(++f));
			record_unapplied(rec, unit, names, d[f].why);
			continue;
		}
		if (!d[f].set) {
			if (all)
				snprintf(none + strlen(none), sizeof none - strlen(none), "%s%s", *none ? "; " : "",
					 factor_name(f));
			continue;
		}
		record_mod(p, d[f].m.code, d[f].m.value, claim_cite(&d[f].m, cite, sizeof cite), d[f].why);
		record_step(rec, cite, "%s: %+d%s, %s", unit, d[f].m.value, d[f].m.code, d[f].why);
	}
	if (*none)
		record_unapplied(rec, unit, none, "none of their conditions holds");
}

void claim_record(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
		  const char *(*factor_name)(int), int n_factors)
{
	record_mods(rec, p, unit, d, factor_name, n_factors, true);
}

void claim_record_reasoned(struct record *rec, struct rec_part *p, const char *unit, const struct derived_mod *d,
			   const char *(*factor_name)(int), int n_factors)
{
	record_mods(rec, p, unit, d, factor_name, n_factors, false);
}
