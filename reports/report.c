/* report: casualties, effectiveness and the audit of one stored battle. */
#include "report.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/cite.h"
#include "../audit/filter.h"
#include "../grammar/xalloc.h"

void report_words(struct buf *out, const char *word)
{
	for (; word && *word; word++)
		buf_putc(out, *word == '-' ? ' ' : *word);
}

void report_meta(struct sheet *sh, const struct facts *f)
{
	if (f->date)
		sheet_meta(sh, "date", f->date);
	if (f->scenario)
		sheet_meta(sh, "scenario", f->scenario);
	sheet_meta(sh, "rules", f->ruleset && f->ruleset->vocab ? f->ruleset->vocab->title : f->rules);
	if (f->campaign && *f->campaign)
		sheet_meta(sh, "campaign", f->campaign);
	if (f->result)
		sheet_meta(sh, "result", f->result);
	if (f->men_per_stand) {
		char scale[64];
		snprintf(scale, sizeof scale, "%d men a %s", f->men_per_stand,
			 f->terms->scale_unit ? f->terms->scale_unit : "stand");
		sheet_meta(sh, "scale", scale);
	}
}

static struct sheet *new_sheet(const char *kind, const char *what, const struct facts *f)
{
	struct sheet *sh = sheet_newf(kind, "%s: %s", what, f->name ? f->name : "battle");
	report_meta(sh, f);
	return sh;
}

/* A unit's or leader's three columns, from col: its id for the data
 * formats, its name where a person reads (the id when it has none), and the
 * name beside the id in the data formats: a newsletter shows "1st Ohio
 * Volunteers", a script joins on "1oh". */
static void named_columns(struct sheet *sh, int col)
{
	sheet_column_audience(sh, col, SHEET_DATA);
	sheet_column_audience(sh, col + 1, SHEET_READER);
	sheet_column_audience(sh, col + 2, SHEET_DATA);
}

static void named_cells(struct sheet *sh, const char *ident, const char *name)
{
	sheet_text(sh, ident);
	sheet_text(sh, name && *name ? name : ident);
	sheet_text(sh, name);
}

/* ---- casualties ---- */

/* Stands counted for a unit, a brigade or a side. */
struct count {
	const char *side, *brigade;
	int units, start, lost[CAUSE_N], left, removed;
	int returning, lasting;	/* at the end, where the terms have the two kinds */
};

static void count_add(struct count *t, const struct facts_unit *u)
{
	t->units++;
	t->start += u->start;
	for (int c = 0; c < CAUSE_N; c++)
		t->lost[c] += u->lost[c];
	t->left += facts_left(u);
	t->returning += u->end.returning;
	t->lasting += u->end.lasting;
	t->removed += u->removed_turn > 0 || u->end.removed;
}

/* The tally of (side, brigade), added to list if new. */
static struct count *count_of(struct count *list, int *n, const char *side, const char *brigade)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(list[i].side ? list[i].side : "", side ? side : "") == 0 &&
		    strcmp(list[i].brigade ? list[i].brigade : "", brigade ? brigade : "") == 0)
			return &list[i];
	list[*n] = (struct count){.side = side, .brigade = brigade};
	return &list[(*n)++];
}

static int total_lost(const int lost[CAUSE_N])
{
	int n = 0;
	for (int c = 0; c < CAUSE_N; c++)
		n += lost[c];
	return n;
}

/* The columns every casualty table shares, after its own: the causes
 * between start and lost, named by the ruleset's terms; where the terms
 * have losses that come back, the two kinds after lost. */
static const char *const loss_columns[] = {"start", "lost", "left", "lost %", "men lost"};
enum { N_LOSS_COLUMNS = sizeof loss_columns / sizeof loss_columns[0] };

static void loss_cells(struct sheet *sh, const struct facts *f, const struct count *t)
{
	sheet_int(sh, t->start);
	for (int c = 0; c < CAUSE_N; c++)
		if (facts_cause_named(f, (enum facts_cause)c))
			sheet_int(sh, c == CAUSE_RETURNED ? -t->lost[c] : t->lost[c]);	/* regained: a negative loss */
	int all = total_lost(t->lost);
	sheet_int(sh, all);
	if (f->terms->returning) {
		sheet_int(sh, t->returning);
		sheet_int(sh, t->lasting);
	}
	sheet_int(sh, t->left);
	if (t->start > 0)
		sheet_real(sh, 100.0 * all / t->start, 1);
	else
		sheet_empty(sh);
	if (f->men_per_stand)	/* men who do not come back */
		sheet_int(sh, (long)(f->terms->returning ? t->lasting : all) * f->men_per_stand);
	else
		sheet_empty(sh);
}

/* A casualty table's columns: its own, the losses, then after. */
static void loss_table(struct sheet *sh, const struct facts *f, const char *const *own, int n_own,
		       const char *const *after, int n_after)
{
	const char *names[32];
	int n = 0;
	for (int i = 0; i < n_own; i++)
		names[n++] = own[i];
	names[n++] = loss_columns[0];
	for (int c = 0; c < CAUSE_N; c++)
		if (facts_cause_named(f, (enum facts_cause)c))
			names[n++] = facts_cause_name(f, (enum facts_cause)c);
	for (int i = 1; i < N_LOSS_COLUMNS; i++) {
		names[n++] = loss_columns[i];
		if (i == 1 && f->terms->returning) {
			names[n++] = f->terms->returning;
			names[n++] = f->terms->lasting;
		}
	}
	for (int i = 0; i < n_after; i++)
		names[n++] = after[i];
	sheet_columns(sh, n, names);
}

static void unit_losses(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "units", "Units", SHEET_ALL);
	sheet_para(sh, "The %s each unit began with, lost by the kind of event that cost them (other: state events "
		       "and corrections; removed: those it still had when it was removed), and has left in play, as "
		       "the audit followed the battle.",
		   f->terms->strength);
	if (f->terms->returning)
		sheet_para(sh, "Of those lost, the %s may come back and the %s do not: returned counts the %s that came "
			       "back, and men lost counts the %s alone.",
			   f->terms->returning, f->terms->lasting, f->terms->strength, f->terms->lasting);
	static const char *const own[] = {"side", "brigade", "unit", "unit", "name"};
	static const char *const after[] = {"removed in"};
	loss_table(sh, f, own, 5, after, 1);
	named_columns(sh, 2);
	for (int i = 0; i < f->n_units; i++) {
		const struct facts_unit *u = &f->units[i];
		sheet_text(sh, u->side);
		sheet_text(sh, u->brigade);
		named_cells(sh, u->ident, u->name);
		struct count one = {0};
		count_add(&one, u);
		loss_cells(sh, f, &one);
		if (u->removed_turn)
			sheet_textf(sh, "turn %d (line %d)", u->removed_turn, u->removed_line);
		else
			sheet_text(sh, u->end.removed ? "yes" : NULL);
		sheet_row(sh);
	}
}

static void group_losses(struct sheet *sh, const struct facts *f, bool by_brigade)
{
	struct count *list = xcalloc((size_t)f->n_units + (size_t)f->n_sides + 1, sizeof *list);
	int n = 0;
	for (int i = 0; i < f->n_sides; i++)	/* sides in their order, even one without units */
		if (!by_brigade)
			count_of(list, &n, f->sides[i].ident, NULL);
	for (int i = 0; i < f->n_units; i++)
		count_add(count_of(list, &n, f->units[i].side, by_brigade ? f->units[i].brigade : NULL), &f->units[i]);
	if (by_brigade) {
		sheet_section(sh, "brigades", "Brigades", SHEET_ALL);
		static const char *const own[] = {"side", "brigade", "units"};
		loss_table(sh, f, own, 3, NULL, 0);
	} else {
		sheet_section(sh, "sides", "Sides", SHEET_ALL);
		static const char *const own[] = {"side", "units"};
		loss_table(sh, f, own, 2, NULL, 0);
	}
	for (int i = 0; i < n; i++) {
		sheet_text(sh, list[i].side);
		if (by_brigade)
			sheet_text(sh, list[i].brigade ? list[i].brigade : "(none)");
		sheet_int(sh, list[i].units);
		loss_cells(sh, f, &list[i]);
		sheet_row(sh);
	}
	free(list);
}

static void removed_units(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "removed", "Units removed", SHEET_ALL);
	static const char *const cols[] = {"turn", "line", "side", "unit", "unit", "name", "start", "when removed"};
	sheet_columns(sh, 8, cols);
	named_columns(sh, 3);
	for (int i = 0; i < f->n_units; i++) {
		const struct facts_unit *u = &f->units[i];
		if (!u->removed_turn)
			continue;
		sheet_int(sh, u->removed_turn);
		sheet_int(sh, u->removed_line);
		sheet_text(sh, u->side);
		named_cells(sh, u->ident, u->name);
		sheet_int(sh, u->start);
		sheet_int(sh, u->lost[CAUSE_REMOVED]);
		sheet_row(sh);
	}
}

static void fallen_leaders(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "leaders", "Leaders fallen", SHEET_ALL);
	static const char *const cols[] = {"turn", "line", "side", "leader", "leader", "name", "result", "result",
					   "at the end"};
	sheet_columns(sh, 9, cols);
	named_columns(sh, 3);
	sheet_column_audience(sh, 6, SHEET_DATA);	/* the ruleset's word, "flesh-wound" */
	sheet_column_audience(sh, 7, SHEET_READER);	/* as a reader reads it, "flesh wound" */
	for (int i = 0; i < f->n_fallen; i++) {
		const struct facts_leader *l = &f->fallen[i];
		sheet_int(sh, l->turn);
		sheet_int(sh, l->line);
		sheet_text(sh, l->side);
		named_cells(sh, l->ident, l->name);
		sheet_text(sh, l->what);
		struct buf words;
		buf_init(&words, 0);
		report_words(&words, l->what);
		sheet_text(sh, words.text);
		buf_release(&words);
		sheet_text(sh, l->killed ? "killed" : l->removed ? "out of the battle" : l->in_play ? "in play" : "out of play");
		sheet_row(sh);
	}
}

struct sheet *report_casualties(const struct facts *f)
{
	struct sheet *sh = new_sheet("casualties", "Casualties", f);
	group_losses(sh, f, false);
	group_losses(sh, f, true);
	unit_losses(sh, f);
	removed_units(sh, f);
	fallen_leaders(sh, f);
	return sh;
}

/* ---- effectiveness ---- */

/* A state in a few letters: "8 F", "5 WD" (worn, disordered), "removed". The
 * letters are the first of the ruleset's words, upper case; the best order
 * shows none. */
static void state_cell(struct sheet *sh, const struct facts *f, const struct facts_state *x)
{
	if (x->removed) {
		sheet_text(sh, "removed");
		return;
	}
	char letters[8] = "";
	int n = 0;
	if (x->condition >= 0)
		letters[n++] = (char)toupper((unsigned char)f->terms->conditions[x->condition][0]);
	if (x->order > 0)
		letters[n++] = (char)toupper((unsigned char)f->terms->orders[x->order][0]);
	letters[n] = '\0';
	sheet_textf(sh, n ? "%d %s" : "%d", x->stands, letters);
}

static void legend(struct sheet *sh, const struct facts *f)
{
	struct buf b;
	buf_init(&b, 0);
	buf_printf(&b, "Each cell: the %s the unit had when the turn began, then", f->terms->strength);
	for (int i = 0; f->terms->conditions && f->terms->conditions[i]; i++)
		buf_printf(&b, " %c %s,", toupper((unsigned char)f->terms->conditions[i][0]), f->terms->conditions[i]);
	for (int i = 1; f->terms->orders && f->terms->orders[i]; i++)
		buf_printf(&b, " %c %s,", toupper((unsigned char)f->terms->orders[i][0]), f->terms->orders[i]);
	buf_puts(&b, " removed: out of the battle; no letter: the ruleset keeps no condition for that unit.");
	sheet_note(sh, "%s", b.text);
	buf_release(&b);
}

static void turn_matrix(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "by-turn", "State turn by turn", SHEET_READER);
	const char **names = xmalloc(((size_t)f->n_turns + 3) * sizeof *names);
	char **labels = xmalloc(((size_t)f->n_turns + 1) * sizeof *labels);
	int n = 0;
	names[n++] = "side";
	names[n++] = "unit";
	for (int t = 0; t < f->n_turns; t++) {
		char label[32];
		snprintf(label, sizeof label, "%d", f->turns[t].turn);
		names[n++] = labels[t] = xstrdup(label);
	}
	names[n++] = "end";
	sheet_columns(sh, n, names);
	for (int i = 0; i < f->n_units; i++) {
		sheet_text(sh, f->units[i].side);
		sheet_text(sh, f->units[i].name ? f->units[i].name : f->units[i].ident);
		for (int t = 0; t < f->n_turns; t++)
			state_cell(sh, f, facts_state_at(f, t, i));
		state_cell(sh, f, &f->units[i].end);
		sheet_row(sh);
	}
	legend(sh, f);
	for (int t = 0; t < f->n_turns; t++)
		free(labels[t]);
	free(labels);
	free(names);
}

static void state_row(struct sheet *sh, const struct facts *f, const struct facts_unit *u, const struct facts_turn *t,
		      const struct facts_state *x)
{
	sheet_text(sh, u->side);
	sheet_text(sh, u->ident);
	sheet_text(sh, u->name);
	if (t) {
		sheet_int(sh, t->turn);
		sheet_int(sh, t->line);
	} else {
		sheet_text(sh, "end");
		sheet_empty(sh);
	}
	sheet_int(sh, x->stands);
	sheet_text(sh, x->condition >= 0 ? f->terms->conditions[x->condition] : NULL);
	sheet_text(sh, x->order >= 0 ? f->terms->orders[x->order] : NULL);
	sheet_int(sh, x->removed);
	sheet_row(sh);
}

static void turn_rows(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "states", "State turn by turn", SHEET_DATA);
	const char *cols[] = {"side", "unit", "name", "turn", "line", f->terms->strength,
			      f->terms->condition ? f->terms->condition : "condition",
			      f->terms->order ? f->terms->order : "order", "removed"};
	sheet_columns(sh, 9, cols);
	for (int i = 0; i < f->n_units; i++) {
		for (int t = 0; t < f->n_turns; t++)
			state_row(sh, f, &f->units[i], &f->turns[t], facts_state_at(f, t, i));
		state_row(sh, f, &f->units[i], NULL, &f->units[i].end);
	}
}

/* Maneuver results: a column for each effect some unit had. */
static void maneuver_results(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "checks", "Maneuver results", SHEET_ALL);
	const char **names = xmalloc(((size_t)f->n_effects + 6) * sizeof *names);
	bool *seen = xcalloc((size_t)f->n_effects + 1, sizeof *seen);
	int n = 0;
	names[n++] = "side";
	names[n++] = "unit";
	names[n++] = "unit";
	names[n++] = "name";
	names[n++] = "checks";
	for (int k = 0; k < f->n_effects; k++) {
		for (int i = 0; i < f->n_units && !seen[k]; i++)
			seen[k] = f->units[i].effects[k] > 0;
		if (seen[k])
			names[n++] = f->terms->maneuver_effects[k];
	}
	sheet_columns(sh, n, names);
	named_columns(sh, 1);
	for (int i = 0; i < f->n_units; i++) {
		const struct facts_unit *u = &f->units[i];
		int checks = 0;
		for (int k = 0; k < f->n_effects; k++)
			checks += u->effects[k];
		sheet_text(sh, u->side);
		named_cells(sh, u->ident, u->name);
		sheet_int(sh, checks);
		for (int k = 0; k < f->n_effects; k++)
			if (seen[k])
				sheet_int(sh, u->effects[k]);
		sheet_row(sh);
	}
	sheet_note(sh, "How often each unit's check gave each effect, as the audit derived it from the logged die.");
	free(seen);
	free(names);
}

static void combat(struct sheet *sh, const struct facts *f)
{
	sheet_section(sh, "combat", "Fire and charges", SHEET_ALL);
	static const char *const cols[] = {"side", "unit", "unit", "name", "fires", "inflicted", "per fire", "fired at",
					   "lost to fire", "charges won", "charges lost"};
	sheet_columns(sh, 11, cols);
	named_columns(sh, 1);
	for (int i = 0; i < f->n_units; i++) {
		const struct facts_unit *u = &f->units[i];
		sheet_text(sh, u->side);
		named_cells(sh, u->ident, u->name);
		sheet_int(sh, u->fires);
		sheet_int(sh, u->inflicted);
		if (u->fires)
			sheet_real(sh, (double)u->inflicted / u->fires, 2);
		else
			sheet_empty(sh);
		sheet_int(sh, u->fired_at);
		sheet_int(sh, u->fire_lost);
		sheet_int(sh, u->charges_won);
		sheet_int(sh, u->charges_lost);
		sheet_row(sh);
	}
	sheet_note(sh, "Inflicted: the %s the targets of its fire lost; a combined fire counts for each unit firing. "
		       "A charge is won by the side whose result carries or holds the position; a result that rolls "
		       "again decides nothing.",
		   f->terms->strength);
}

struct sheet *report_effectiveness(const struct facts *f)
{
	struct sheet *sh = new_sheet("effectiveness", "Effectiveness", f);
	turn_matrix(sh, f);
	turn_rows(sh, f);
	maneuver_results(sh, f);
	combat(sh, f);
	return sh;
}

/* ---- audit ---- */

/* Each event with an unsettled error: its place, its text, its first such
 * error's message. */
static const char sql_disputed[] =
	"SELECT e.line, CASE WHEN e.file_idx > 0 THEN fl.path END, e.text,\n"
	"  (SELECT f.message FROM finding f WHERE f.event_id = e.id AND f.severity = 'error' AND NOT f.overruled\n"
	"   ORDER BY f.line, f.col LIMIT 1)\n"
	"FROM event e LEFT JOIN file fl ON fl.battle_id = e.battle_id AND fl.idx = e.file_idx\n"
	"WHERE e.battle_id = ?1 AND EXISTS (SELECT 1 FROM finding f WHERE f.event_id = e.id\n"
	"  AND f.severity = 'error' AND NOT f.overruled)\n"
	"ORDER BY e.stmt";

long report_disputed(struct store *s, int64_t battle, struct buf *out, char **err)
{
	*err = NULL;
	sqlite3_stmt *st = facts_query(s, sql_disputed, battle, err);
	if (!st)
		return -1;
	long n = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *file = (const char *)sqlite3_column_text(st, 1);
		buf_printf(out, "%s%sline %d: %s: ", file ? file : "", file ? " " : "", sqlite3_column_int(st, 0),
			   (const char *)sqlite3_column_text(st, 2));
		cite_inline((const char *)sqlite3_column_text(st, 3), out);
		buf_putc(out, '\n');
		n++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		*err = xstrdup(store_error(s));
		return -1;
	}
	return n;
}

/* The findings the filter selects (bound by bind_filter): ?2-?3 the turns
 * (0: all), ?4 the side, ?5 the severity (NULL: errors and warnings), ?6
 * the unit or leader, named in a part of the event or changed by it. */
#define SELECTED_FINDINGS \
	"f.battle_id = ?1 AND (f.severity = ?5 OR (?5 IS NULL AND f.severity IN ('error', 'warning')))\n" \
	"  AND (?2 = 0 OR (SELECT e.turn FROM event e WHERE e.id = f.event_id) BETWEEN ?2 AND ?3)\n" \
	"  AND (?4 IS NULL OR f.side = ?4 COLLATE NOCASE)\n" \
	"  AND (?6 IS NULL OR EXISTS (SELECT 1 FROM part p LEFT JOIN unit u ON u.id = p.unit_id\n" \
	"      LEFT JOIN leader l ON l.id = p.leader_id\n" \
	"      WHERE p.event_id = f.event_id AND ?6 COLLATE NOCASE IN (u.ident, l.ident))\n" \
	"    OR EXISTS (SELECT 1 FROM unit u JOIN unit_state us ON us.unit_id = u.id\n" \
	"      WHERE u.battle_id = f.battle_id AND u.ident = ?6 COLLATE NOCASE AND us.stmt = f.stmt)\n" \
	"    OR EXISTS (SELECT 1 FROM leader l JOIN leader_state ls ON ls.leader_id = l.id\n" \
	"      WHERE l.battle_id = f.battle_id AND l.ident = ?6 COLLATE NOCASE AND ls.stmt = f.stmt))\n"
static const char sql_rule_counts[] =
	"SELECT coalesce(rule, '(no rule: the sums and the state)') AS rule, sum(severity = 'error') AS errors,\n"
	"  sum(severity = 'warning') AS warnings, sum(overruled) AS overruled\n"
	"FROM finding f WHERE " SELECTED_FINDINGS
	"GROUP BY 1 ORDER BY errors DESC, warnings DESC, 1";
static const char sql_findings[] =
	"SELECT coalesce(f.rule, '(no rule: the sums and the state)') AS rule, fl.path AS file, f.line, f.col, f.severity, f.code,\n"
	"  CASE WHEN f.overruled THEN 'overruled' ELSE '' END AS ruling, f.message\n"
	"FROM finding f LEFT JOIN file fl ON fl.battle_id = f.battle_id AND fl.idx = f.file_idx\n"
	"WHERE " SELECTED_FINDINGS
	"ORDER BY 1, f.file_idx, f.line, f.col";
static const char sql_notes[] =
	"SELECT count(*) FROM finding WHERE battle_id = ?1 AND severity = 'note'";

/* Runs st into the current section's table; false with *err set. */
static bool query_into(struct store *s, struct sheet *sh, sqlite3_stmt *st, char **err)
{
	long rows = sheet_query(sh, st, 0, cite_format);	/* the rule, as a player finds it */
	if (rows < 0)
		*err = xstrdup(store_error(s));
	sqlite3_finalize(st);
	return rows >= 0;
}

/* The query sql of battle id with the filter's values bound (NULL: all). */
static sqlite3_stmt *filtered_query(struct store *s, const char *sql, int64_t id, const struct filter *filter,
				    char **err)
{
	sqlite3_stmt *st = facts_query(s, sql, id, err);
	if (!st)
		return NULL;
	sqlite3_bind_int(st, 2, filter ? filter->turn_from : 0);	/* NULL would select nothing */
	sqlite3_bind_int(st, 3, filter ? filter->turn_to : 0);
	if (!filter)
		return st;
	if (filter->side)
		sqlite3_bind_text(st, 4, filter->side, -1, SQLITE_STATIC);
	if (filter->severity >= 0)
		sqlite3_bind_text(st, 5, diag_severity_name((enum diag_severity)filter->severity), -1, SQLITE_STATIC);
	if (filter->unit)
		sqlite3_bind_text(st, 6, filter->unit, -1, SQLITE_STATIC);
	return st;
}

/* "; only turns 2-3, US's, errors, about 5inf": what the filter keeps. */
static void put_filter(const struct filter *filter, struct buf *out)
{
	if (!filter || !filter_any(filter))
		return;
	buf_puts(out, " Only the findings");
	if (filter->turn_from)
		buf_printf(out, filter->turn_from == filter->turn_to ? " of turn %d" : " of turns %d-%d",
			   filter->turn_from, filter->turn_to);
	if (filter->side)
		buf_printf(out, " charged to %s", filter->side);
	if (filter->severity >= 0)
		buf_printf(out, " of severity %s", diag_severity_name((enum diag_severity)filter->severity));
	if (filter->unit)
		buf_printf(out, " of events about %s", filter->unit);
	buf_puts(out, " are shown.");
}

struct sheet *report_audit(struct store *s, const struct facts *f, const struct filter *filter, char **err)
{
	*err = NULL;
	struct sheet *sh = new_sheet("audit", "Audit", f);
	sqlite3_stmt *st = facts_query(s, sql_notes, f->battle, err);
	int notes = st && sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	sheet_section(sh, "rules", "Rules misapplied", SHEET_ALL);
	struct buf only;
	buf_init(&only, 0);
	put_filter(filter, &only);
	sheet_para(sh, "Each rule the audit found misapplied in the %d events, with its errors and warnings "
		       "(and how many an umpire's ruling overruled); %d notes besides (umpire audit --notes).%s",
		   f->events, notes, only.text);
	buf_release(&only);
	if (!(st = filtered_query(s, sql_rule_counts, f->battle, filter, err)) || !query_into(s, sh, st, err))
		goto fail;
	sheet_section(sh, "findings", "Findings by rule", SHEET_ALL);
	if (!(st = filtered_query(s, sql_findings, f->battle, filter, err)) || !query_into(s, sh, st, err))
		goto fail;
	return sh;
fail:
	sheet_free(sh);
	return NULL;
}
