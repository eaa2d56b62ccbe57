/* aar: one battle told for a newsletter. */
#include "aar.h"

#include <stdlib.h>
#include <string.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "report.h"

/* A ruleset's word as prose: "swept-from-the-field" as "swept from the field". */
static void prose(struct buf *b, const char *word)
{
	for (; word && *word; word++)
		buf_putc(b, *word == '-' ? ' ' : *word);
}

static const char *unit_name(const struct facts *f, int u)
{
	return u >= 0 && u < f->n_units ? (f->units[u].name ? f->units[u].name : f->units[u].ident) : "?";
}

static void forces(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "forces", "Forces", SHEET_ALL);
	const char *const cols[] = {"side", "name", "units", f->terms->strength, "men"};
	sheet_columns(sh, 5, cols);
	for (int s = 0; s < f->n_sides; s++) {
		long units = 0, stands = 0;
		for (int u = 0; u < f->n_units; u++)
			if (f->units[u].side && strcmp(f->units[u].side, f->sides[s].ident) == 0) {
				units++;
				stands += f->units[u].start;
			}
		sheet_text(sh, f->sides[s].ident);
		sheet_text(sh, f->sides[s].label);
		sheet_int(sh, units);
		sheet_int(sh, stands);
		if (f->men_per_stand)
			sheet_int(sh, stands * f->men_per_stand);
		else
			sheet_empty(sh);
		sheet_row(sh);
	}
}

/* One sentence of a turn's account. */
static void tell(struct buf *b, const struct facts *f, const struct facts_moment *m)
{
	buf_puts(b, b->len ? " " : "");
	switch (m->kind) {
	case MOMENT_NOTE:	/* the players' own words, as they logged them */
		buf_puts(b, m->effect);
		if (b->len && !strchr(".!?", b->text[b->len - 1]))
			buf_putc(b, '.');
		break;
	case MOMENT_CHARGE:
		if (m->again)	/* the same combat rolled again */
			buf_printf(b, "%s and %s fought on: ", unit_name(f, m->unit), unit_name(f, m->other));
		else
			buf_printf(b, "%s charged %s: ", unit_name(f, m->unit), unit_name(f, m->other));
		prose(b, m->effect);
		if (facts_index(f->terms->charge_won, m->effect) >= 0)	/* who the result favours, by the ruleset's terms */
			buf_printf(b, "; %s gave way", unit_name(f, m->other));
		else if (facts_index(f->terms->charge_lost, m->effect) >= 0)
			buf_printf(b, "; %s held", unit_name(f, m->other));
		buf_putc(b, '.');
		break;
	case MOMENT_BROKEN:
		buf_printf(b, "%s broke.", unit_name(f, m->unit));
		break;
	case MOMENT_REMOVED:
		buf_printf(b, "%s was removed from the field.", unit_name(f, m->unit));
		break;
	}
}

/* The battle turn by turn: the players' notes, and each charge, unit
 * broken or removed, or leader hit, told in the order played. */
static void narrative(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "narrative", "The battle, turn by turn", SHEET_ALL);
	struct buf b;
	buf_init(&b, 0);
	int told = 0, m = 0, l = 0;
	for (int t = 0; t < f->n_turns; t++) {
		int turn = f->turns[t].turn;
		bool last = t + 1 == f->n_turns || f->turns[t + 1].turn != turn;
		buf_clear(&b);
		for (; m < f->n_moments && (f->moments[m].turn == turn || (last && f->moments[m].turn < turn)); m++)
			tell(&b, f, &f->moments[m]);
		for (; l < f->n_fallen && f->fallen[l].turn <= turn; l++) {
			buf_printf(&b, "%s%s was hit: ", b.len ? " " : "", f->fallen[l].name);
			prose(&b, f->fallen[l].what);
			buf_putc(&b, '.');
		}
		if (!b.len)
			continue;
		sheet_para(sh, "Turn %d%s%s%s. %s", turn, f->turns[t].side ? " (" : "",
			   f->turns[t].side ? f->turns[t].side : "", f->turns[t].side ? ")" : "", b.text);
		told++;
	}
	if (!told)
		sheet_para(sh, "No note was logged, no charge was made, no unit broke or left the field and no leader "
			       "fell.");
	if (f->result)
		sheet_para(sh, "Result: %s.", f->result);
	buf_release(&b);
}

/* The plots, and why some or all are missing when missing says so. */
static void plot_section(struct sheet *sh, const struct plots *plots, const char *missing, bool svg_inline)
{
	if ((!plots || !plots->n) && !missing)
		return;
	sheet_section(sh, "plots", "Plots", SHEET_READER);
	if (missing)
		sheet_para(sh, "%s plots could not be drawn: %s.", plots && plots->n ? "Some" : "The", missing);
	if (!plots)
		return;
	for (int i = 0; i < plots->n; i++) {
		char prefix[16];
		snprintf(prefix, sizeof prefix, "f%d", i + 1);
		char *svg = svg_inline ? plot_svg_inline(plots->v[i].image, prefix) : NULL;
		sheet_figure(sh, plots->v[i].caption, svg, svg_inline ? NULL : plots->v[i].image);
		free(svg);
	}
}

/* The audit for a reader: a sentence, and the rules misapplied if any. */
static void audit_summary(struct sheet *sh, const struct sheet *audit, const struct facts *f)
{
	sheet_section(sh, "audit", "The umpire's audit", SHEET_ALL);
	if (sheet_section_rows(audit, "rules") == 0) {
		sheet_para(sh, "umpire re-derived the %d events of the log from the dice and the rules and found every "
			       "result as the rules give it.", f->events);
		return;
	}
	sheet_para(sh, "umpire re-derived the %d events of the log from the dice and the rules; these rules were "
		       "misapplied (an umpire's ruling may have let a result stand: overruled).", f->events);
	sheet_adopt(sh, audit, "rules", "Rules misapplied");
}

struct sheet *aar_report(struct store *s, const struct facts *f, const struct plots *plots, const char *missing,
			 bool svg_inline, char **err)
{
	*err = NULL;
	struct sheet *audit = report_audit(s, f, NULL, err);
	if (!audit)
		return NULL;
	struct sheet *casualties = report_casualties(f), *effect = report_effectiveness(f);
	struct sheet *sh = sheet_newf("aar", "%s: after-action report", f->name ? f->name : "Battle");
	report_meta(sh, f);
	forces(sh, f);
	narrative(sh, f);
	sheet_adopt(sh, casualties, "sides", "Casualties by side");
	sheet_adopt(sh, casualties, "brigades", "Casualties by brigade");
	sheet_adopt(sh, casualties, "units", "Casualties by unit");
	sheet_adopt(sh, casualties, "leaders", NULL);
	sheet_adopt(sh, effect, "by-turn", "Units turn by turn");
	sheet_adopt(sh, effect, "combat", NULL);
	plot_section(sh, plots, missing, svg_inline);
	audit_summary(sh, audit, f);
	sheet_free(audit);
	sheet_free(casualties);
	sheet_free(effect);
	return sh;
}
