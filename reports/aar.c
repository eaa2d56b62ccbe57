/* aar: one battle told for a newsletter. */
#include "aar.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "report.h"

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

/* "lost 1 and ... 2 of their stands": what an exchange cost both. */
static void exchange(struct buf *b, const struct facts *f, const struct facts_moment *m)
{
	buf_printf(b, "%s lost %d and %s %d of their %s", unit_name(f, m->unit), m->lost, unit_name(f, m->other),
		   m->other_lost, f->terms->strength);
}

/* Whether a unit's check in turn t is told: a result the terms tell, or
 * any result of a unit that began the turn broken (the worst order). */
static bool check_told(const struct facts *f, int t, const struct facts_moment *m)
{
	if (facts_index(f->terms->maneuver_told, m->effect) >= 0)
		return true;
	int worst = 0;
	while (f->terms->orders && f->terms->orders[worst] && f->terms->orders[worst + 1])
		worst++;
	return worst > 0 && facts_state_at(f, t, m->unit)->order == worst;
}

/* The checks of one kind that follow each other in a turn, from
 * moments[m] on, those told in one sentence: "Maneuver: Zapadores, tardy;
 * 7th Line Cavalry, rally."; how many moments it read. */
static int checks(struct buf *b, const struct facts *f, int t, int m)
{
	int n = 0, told = 0;
	for (; m + n < f->n_moments && f->moments[m + n].kind == MOMENT_MANEUVER &&
	       f->moments[m + n].check == f->moments[m].check; n++) {
		const struct facts_moment *x = &f->moments[m + n];
		if (!check_told(f, t, x))
			continue;
		if (!told++) {	/* "Maneuver: ", "Morale: ", "Rally: ": the terms' word for the check */
			const char *kind = x->check ? x->check : "check";
			buf_printf(b, "%s%c%s: ", b->len ? " " : "", toupper((unsigned char)kind[0]), kind + 1);
		} else {
			buf_puts(b, "; ");
		}
		buf_printf(b, "%s, ", unit_name(f, x->unit));
		report_words(b, x->effect);
	}
	if (told)
		buf_putc(b, '.');
	return n;
}

/* One sentence of turn t's account, from moments[i]; how many moments it
 * read. */
static int tell(struct buf *b, const struct facts *f, int t, int i)
{
	const struct facts_moment *m = &f->moments[i];
	if (m->kind == MOMENT_MANEUVER)
		return checks(b, f, t, i);
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
		if (m->effect && *m->effect)
			report_words(b, m->effect);
		else	/* an exchange of losses, no result of its own (Thomas's melee) */
			exchange(b, f, m);
		if (facts_index(f->terms->charge_won, m->effect) >= 0)	/* who the result favours, by the ruleset's terms */
			buf_printf(b, "; %s gave way", unit_name(f, m->other));
		else if (facts_index(f->terms->charge_lost, m->effect) >= 0)
			buf_printf(b, "; %s held", unit_name(f, m->other));
		buf_putc(b, '.');
		break;
	case MOMENT_FIRE:
		buf_printf(b, "%s fired on %s", unit_name(f, m->unit), unit_name(f, m->other));
		if (m->effect && *m->effect) {
			buf_puts(b, ": ");
			report_words(b, m->effect);
		}
		if (m->other_lost)
			buf_printf(b, " (%d lost)", m->other_lost);
		buf_putc(b, '.');
		break;
	case MOMENT_MANEUVER:	/* told above */
	case MOMENT_BROKEN:
		buf_printf(b, "%s broke.", unit_name(f, m->unit));
		break;
	case MOMENT_REMOVED:
		buf_printf(b, "%s was removed from the field.", unit_name(f, m->unit));
		break;
	}
	return 1;
}

/* A leader hit, in a sentence. */
static void fallen(struct buf *b, const struct facts_leader *x)
{
	buf_printf(b, "%s%s was hit: ", b->len ? " " : "", x->name ? x->name : x->ident);
	report_words(b, x->what);
	buf_putc(b, '.');
}

/* Each side's losses in turn t (from its start to the next's), into b:
 * "Stands lost: US 1, MEX 3."; nothing when no side lost or regained any. */
static void turn_losses(struct buf *b, const struct facts *f, int t)
{
	bool any = false;
	for (int s = 0; s < f->n_sides; s++)
		any |= facts_side_stands(f, s, t) != facts_side_stands(f, s, t + 1);
	if (!any)
		return;
	buf_printf(b, "%s%c%s lost", b->len ? " " : "", toupper((unsigned char)f->terms->strength[0]),
		   f->terms->strength + 1);
	if (f->terms->returning)	/* a turn's net: some of its losses came back within it */
		buf_printf(b, ", net of the %s who came back", f->terms->returning);
	buf_putc(b, ':');
	for (int s = 0; s < f->n_sides; s++) {
		long lost = facts_side_stands(f, s, t) - facts_side_stands(f, s, t + 1);
		buf_printf(b, "%s %s ", s ? "," : "", f->sides[s].ident);
		if (lost < 0)
			buf_printf(b, "none (%ld returned)", -lost);
		else
			buf_printf(b, "%ld", lost);
	}
	buf_putc(b, '.');
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
		while (m < f->n_moments && (f->moments[m].turn == turn || (last && f->moments[m].turn < turn))) {
			for (; l < f->n_fallen && f->fallen[l].turn <= turn && f->fallen[l].stmt < f->moments[m].stmt; l++)
				fallen(&b, &f->fallen[l]);	/* in the order played */
			m += tell(&b, f, t, m);
		}
		for (; l < f->n_fallen && f->fallen[l].turn <= turn; l++)
			fallen(&b, &f->fallen[l]);
		turn_losses(&b, f, t);
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

/* The mark of a battle with n disputed results (lines, a result each):
 * under the title, and a section of its own before anything else. */
static void provisional(struct sheet *sh, long n, const char *lines)
{
	char count[64];
	snprintf(count, sizeof count, "%ld disputed result%s", n, n == 1 ? "" : "s");
	sheet_meta(sh, "provisional", count);
	sheet_section(sh, "disputed", "Provisional: results in dispute", SHEET_ALL);
	sheet_para(sh, "The umpire has not yet ruled on %s; what follows tells the battle as the players logged it.",
		   n == 1 ? "this result" : "these results");
	for (const char *p = lines; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *one = xmalloc(len + 1);
		memcpy(one, p, len);
		one[len] = '\0';
		sheet_para(sh, "%c%s", toupper((unsigned char)one[0]), one + 1);
		free(one);
		p += len + (nl ? 1 : 0);
	}
}

/* The audit for a reader: a sentence, and the rules misapplied if any. */
static void audit_summary(struct sheet *sh, const struct sheet *audit, const struct facts *f, long disputed)
{
	sheet_section(sh, "audit", "The umpire's audit", SHEET_ALL);
	if (sheet_section_rows(audit, "rules") == 0) {
		sheet_para(sh, "Umpire re-derived the %d events of the log from the dice and the rules and found every "
			       "result as the rules give it.", f->events);
		return;
	}
	if (disputed)
		sheet_para(sh, "Umpire re-derived the %d events of the log from the dice and the rules; these rules were "
			       "misapplied, and where a result stands all the same an umpire's ruling let it (overruled).",
			   f->events);
	else
		sheet_para(sh, "Umpire re-derived the %d events of the log from the dice and the rules. These rules were "
			       "misapplied, and each time an umpire's ruling let the result stand (overruled).",
			   f->events);
	sheet_adopt_table(sh, audit, "rules", "Rules misapplied");	/* the umpire's own words are not a reader's */
}

struct sheet *aar_report(struct store *s, const struct facts *f, const struct plots *plots, const char *missing,
			 bool svg_inline, char **err)
{
	*err = NULL;
	struct sheet *audit = report_audit(s, f, NULL, err);
	if (!audit)
		return NULL;
	struct buf disputed;
	buf_init(&disputed, 0);
	long n = report_disputed(s, f->battle, &disputed, err);
	if (n < 0) {
		buf_release(&disputed);
		sheet_free(audit);
		return NULL;
	}
	struct sheet *casualties = report_casualties(f), *effect = report_effectiveness(f);
	struct sheet *sh = sheet_newf("aar", "%s: after-action report", f->name ? f->name : "Battle");
	report_meta(sh, f);
	if (n)	/* printed and published as it stands, but marked, and what is in dispute said first */
		provisional(sh, n, disputed.text);
	buf_release(&disputed);
	forces(sh, f);
	sheet_adopt(sh, casualties, "sides", "Losses by side");	/* the first page: result, forces, losses, the battle */
	narrative(sh, f);
	sheet_adopt(sh, casualties, "brigades", "Casualties by brigade");
	sheet_adopt(sh, casualties, "units", "Casualties by unit");
	sheet_adopt(sh, casualties, "leaders", NULL);
	sheet_adopt(sh, effect, "by-turn", "Units turn by turn");
	sheet_adopt(sh, effect, "combat", NULL);
	plot_section(sh, plots, missing, svg_inline);
	audit_summary(sh, audit, f, n);
	sheet_free(audit);
	sheet_free(casualties);
	sheet_free(effect);
	return sh;
}
