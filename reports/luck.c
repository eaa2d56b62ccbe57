/* luck: rolls graded by their odds, dice against the uniform die, losses
 * against those expected. */
#include "luck.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/xalloc.h"
#include "report.h"
#include "stats.h"

/* The battles in scope: battle ?1, or every battle of campaign ?2; and
 * every part of theirs the audit derived odds for, with the unit that
 * rolled (a fire's die is its first firer's) and the unit it names, each
 * as the report names it: its id in one battle, its campaign identity in a
 * campaign. */
#define SCOPE                                                                                                   \
	"WITH scope AS (SELECT id FROM battle WHERE id = ?1\n"                                                  \
	"               UNION ALL SELECT b.id FROM battle b JOIN campaign c ON c.id = b.campaign_id\n"          \
	"               WHERE ?1 IS NULL AND c.name = ?2),\n"                                                   \
	"odds AS (\n"                                                                                           \
	"  SELECT e.id AS event, e.battle_id, e.stmt, e.turn, e.line, e.derived_kind AS kind, p.die, p.sides, p.at_least,\n"  \
	"    p.at_most, p.loss, p.exp_loss, coalesce(p.effect, e.effect) AS result, p.unit_id AS unit,\n"       \
	"    CASE WHEN p.role = 'target' THEN (SELECT q.unit_id FROM part q WHERE q.event_id = p.event_id\n"    \
	"      AND q.role = 'firer' ORDER BY q.seq LIMIT 1) ELSE p.unit_id END AS roller,\n"                    \
	"    CASE WHEN p.role = 'target' THEN (SELECT q.leader_id FROM part q WHERE q.event_id = p.event_id\n"  \
	"      AND q.role = 'firer' ORDER BY q.seq LIMIT 1) ELSE p.leader_id END AS roller_leader\n"             \
	"  FROM scope JOIN event e ON e.battle_id = scope.id JOIN part p ON p.event_id = e.id\n"               \
	"  WHERE p.sides > 0)\n"
#define NAME_OF(u) "CASE WHEN ?1 IS NULL THEN " u ".campaign_ident ELSE " u ".ident END"
/* Who rolled: a unit, or a leader (a check of his own), and its side. */
#define ROLLER                                                                                                  \
	"FROM odds o LEFT JOIN unit u ON u.id = o.roller\n"                                                     \
	"LEFT JOIN leader l ON u.id IS NULL AND l.id = o.roller_leader\n"                                        \
	"LEFT JOIN side s ON s.id = coalesce(u.side_id, l.side_id)\n"                                           \
	"WHERE o.die IS NOT NULL AND (u.id IS NOT NULL OR l.id IS NOT NULL)"
#define ROLLER_NAME "coalesce(" NAME_OF("u") ", l.ident)"

/* Every roll in the order played. */
static const char sql_rolls[] = SCOPE
	"SELECT o.turn, o.line, s.ident, " ROLLER_NAME ", o.kind, o.die, o.sides, o.result, o.at_least, o.at_most\n"
	ROLLER " ORDER BY o.battle_id, o.stmt";
/* The faces each unit (or leader) rolled, with how many of its rolls were very lucky,
 * lucky, unlucky, very unlucky (?3 very, ?4 plain). */
static const char sql_faces[] = SCOPE
	"SELECT coalesce(s.ident, '') AS side, " ROLLER_NAME " AS who, o.sides, o.die, count(*),\n"
	"  sum(CAST(o.at_least AS REAL) / o.sides <= ?3), sum(CAST(o.at_least AS REAL) / o.sides <= ?4),\n"
	"  sum(CAST(o.at_most AS REAL) / o.sides <= ?4), sum(CAST(o.at_most AS REAL) / o.sides <= ?3),\n"
	"  min(coalesce(u.id, 1000000000 + l.id))\n"	/* leaders after the units */
	ROLLER " GROUP BY side, who, o.sides, o.die ORDER BY side, who, o.sides, o.die";
/* The dice each side rolled: one die an event and side, however many of
 * its units took the roll (a check's die is the leader's, for them all). */
static const char sql_side_faces[] = SCOPE
	"SELECT side, sides, die, count(*) FROM (\n"
	"  SELECT DISTINCT o.event, coalesce(s.ident, '') AS side, o.sides, o.die\n"
	"  " ROLLER ")\n"
	"GROUP BY side, sides, die";
/* The stands each unit lost in rolled events, and those expected. */
static const char sql_losses[] = SCOPE
	"SELECT coalesce(s.ident, '') AS side, " NAME_OF("u") " AS who, sum(o.loss), sum(o.exp_loss), min(u.id)\n"
	"FROM odds o JOIN unit u ON u.id = o.unit\n"
	"LEFT JOIN side s ON s.id = u.side_id\n"
	"GROUP BY side, who ORDER BY side, who";
/* The rolls (events with a die) without odds: stored before the archive
 * kept odds (no part's sides set), and those whose odds the audit could
 * not derive (a chart cell the battle's chart file does not give). */
static const char sql_missing[] =
	"SELECT count(*) FILTER (WHERE old), count(*) FILTER (WHERE NOT old) FROM (\n"
	"  SELECT max(p.sides IS NOT NULL) = 0 AS old FROM event e JOIN part p ON p.event_id = e.id\n"
	"  WHERE e.battle_id IN (SELECT id FROM battle WHERE id = ?1 UNION ALL SELECT b.id FROM battle b\n"
	"    JOIN campaign c ON c.id = b.campaign_id WHERE ?1 IS NULL AND c.name = ?2)\n"
	"  GROUP BY e.id HAVING max(p.die IS NOT NULL) AND coalesce(max(p.sides), 0) <= 0)";
/* The largest die rolled in scope, and the rolls of smaller ones. */
static const char sql_main_die[] = SCOPE
	"SELECT coalesce(max(o.sides), 0), count(*) FILTER (WHERE o.sides < (SELECT max(sides) FROM odds)) FROM odds o";
static const char sql_campaign[] = "SELECT count(*) FROM battle b JOIN campaign c ON c.id = b.campaign_id WHERE c.name = ?1";

enum { MAX_SIDES = 100 };	/* faces a die may have for the test (a d100) */

/* What is counted for a unit, and for a side. */
struct dice {
	char *side, *name;
	long order;		/* its first row in the archive: the order of battle */
	long side_order;	/* its side's first row: units go side by side */
	int sides;		/* the die (0: none rolled; -1: dice of several sizes) */
	long faces[MAX_SIDES + 1];
	long rolls, sum;
	long grade[4];		/* very lucky, lucky, unlucky, very unlucky (very counts in plain too) */
	long lost;
	double expected;
};

struct dice_list {
	struct dice *v;
	int n, cap;
};

static const char *col(sqlite3_stmt *st, int c)
{
	const char *t = (const char *)sqlite3_column_text(st, c);
	return t ? t : "";
}

/* A new entry at the end of l. */
static struct dice *dice_add(struct dice_list *l, const char *side, const char *name, long order)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	struct dice *t = &l->v[l->n++];
	memset(t, 0, sizeof *t);
	t->side = xstrdup(side);
	t->name = xstrdup(name);
	t->order = order;
	return t;
}

/* Moves d to the end of l (its texts with it). */
static void dice_move(struct dice_list *l, const struct dice *d)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	l->v[l->n++] = *d;
}

/* The entry of a side in l (a side's list: two or three), added if new. */
static struct dice *side_of(struct dice_list *l, const char *side, long order)
{
	for (int i = 0; i < l->n; i++)
		if (strcmp(l->v[i].side, side) == 0) {
			if (order < l->v[i].order)
				l->v[i].order = order;
			return &l->v[i];
		}
	return dice_add(l, side, "", order);
}

/* Whether (side, name) sorts before entry d, as SQLite's BINARY collation does. */
static int key_cmp(const char *side, const char *name, const struct dice *d)
{
	int c = strcmp(side, d->side);
	return c ? c : strcmp(name, d->name);
}

static void dice_free(struct dice_list *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i].side);
		free(l->v[i].name);
	}
	free(l->v);
}

static int by_order(const void *a, const void *b)
{
	const struct dice *p = a, *q = b;
	if (p->side_order != q->side_order)
		return (p->side_order > q->side_order) - (p->side_order < q->side_order);
	return (p->order > q->order) - (p->order < q->order);
}

static int by_key(const void *a, const void *b)
{
	const struct dice *q = b;
	return key_cmp(((const struct dice *)a)->side, ((const struct dice *)a)->name, q);
}

/* Each unit's side_order: the first order of any unit of its side (the
 * units are in key order, so a side's units are together). */
static void order_sides(struct dice_list *units)
{
	for (int i = 0, j; i < units->n; i = j) {
		long first = units->v[i].order;
		for (j = i; j < units->n && strcmp(units->v[j].side, units->v[i].side) == 0; j++)
			if (units->v[j].order < first)
				first = units->v[j].order;
		for (int k = i; k < j; k++)
			units->v[k].side_order = first;
	}
}

/* Counts n rolls of face on a die of sides faces into t: their grades,
 * and, for the main die of the scope (the largest rolled), the faces. */
static void add_faces(struct dice *t, int sides, int main, int face, long n, const long grade[4])
{
	for (int g = 0; g < 4; g++)
		t->grade[g] += grade[g];
	if (sides != main)	/* a smaller die (leader points): its faces are not the main die's */
		return;
	t->sides = sides;
	if (face >= 1 && face <= MAX_SIDES)
		t->faces[face] += n;
	t->rolls += n;
	t->sum += n * face;
}

static void merge(struct dice *into, const struct dice *t)
{
	into->sides = into->sides == 0 || into->sides == t->sides ? t->sides : -1;
	for (int f = 0; f <= MAX_SIDES; f++)
		into->faces[f] += t->faces[f];
	into->rolls += t->rolls;
	into->sum += t->sum;
	for (int g = 0; g < 4; g++)
		into->grade[g] += t->grade[g];
	into->lost += t->lost;
	into->expected += t->expected;
}

struct query {
	struct store *s;
	const char *strength;	/* the ruleset's word for stands */
	int64_t battle;		/* 0: the campaign */
	const char *campaign;
	const struct luck_opts *o;
	char **err;
	int die;		/* the main die: the largest rolled in scope (main_die) */
	int smaller;		/* the rolls of smaller dice (graded, not in the means and faces) */
};

static sqlite3_stmt *prepare(const struct query *q, const char *sql)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(q->s), sql, -1, &st, NULL) != SQLITE_OK) {
		*q->err = xstrdup(store_error(q->s));
		sqlite3_finalize(st);
		return NULL;
	}
	if (q->battle)
		sqlite3_bind_int64(st, 1, q->battle);
	if (sqlite3_bind_parameter_count(st) >= 2)
		sqlite3_bind_text(st, 2, q->campaign, -1, SQLITE_STATIC);
	if (sqlite3_bind_parameter_count(st) >= 4) {
		sqlite3_bind_double(st, 3, q->o->very);
		sqlite3_bind_double(st, 4, q->o->plain);
	}
	return st;
}

static bool done(const struct query *q, sqlite3_stmt *st, int rc)
{
	if (rc != SQLITE_DONE && !*q->err)
		*q->err = xstrdup(store_error(q->s));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static bool load_units(const struct query *q, struct dice_list *units)
{
	sqlite3_stmt *st = prepare(q, sql_faces);
	if (!st)
		return false;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {	/* a unit's rows together, units in key order */
		struct dice *t = units->n ? &units->v[units->n - 1] : NULL;
		if (!t || key_cmp(col(st, 0), col(st, 1), t) != 0)
			t = dice_add(units, col(st, 0), col(st, 1), (long)sqlite3_column_int64(st, 9));
		long grade[4];
		for (int g = 0; g < 4; g++)
			grade[g] = (long)sqlite3_column_int64(st, 5 + g);
		add_faces(t, sqlite3_column_int(st, 2), q->die, sqlite3_column_int(st, 3), (long)sqlite3_column_int64(st, 4),
			  grade);
	}
	if (!done(q, st, rc) || !(st = prepare(q, sql_losses)))
		return false;
	struct dice_list extra = {0};	/* units that lost stands and rolled nothing */
	int i = 0, rolled = units->n;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {	/* in key order too: one merge */
		const char *side = col(st, 0), *name = col(st, 1);
		while (i < rolled && key_cmp(side, name, &units->v[i]) > 0)
			i++;
		long order = (long)sqlite3_column_int64(st, 4);
		struct dice *t = i < rolled && key_cmp(side, name, &units->v[i]) == 0 ? &units->v[i]
										     : dice_add(&extra, side, name, order);
		if (order < t->order)
			t->order = order;
		t->lost = (long)sqlite3_column_int64(st, 2);
		t->expected = sqlite3_column_double(st, 3);
	}
	for (int k = 0; k < extra.n; k++)	/* moved over: the names go with them */
		dice_move(units, &extra.v[k]);
	free(extra.v);
	if (!done(q, st, rc))
		return false;
	if (units->n) {	/* by key first, so that each side's units are together */
		qsort(units->v, (size_t)units->n, sizeof *units->v, by_key);
		order_sides(units);
		qsort(units->v, (size_t)units->n, sizeof *units->v, by_order);
	}
	return true;
}

/* The grade of a roll: the chance of a result at least (at most) as good. */
static const char *grade(const struct luck_opts *o, int sides, int at_least, int at_most)
{
	double up = (double)at_least / sides, down = (double)at_most / sides;
	if (up <= o->very)
		return "very lucky";
	if (up <= o->plain)
		return "lucky";
	if (down <= o->very)
		return "very unlucky";
	if (down <= o->plain)
		return "unlucky";
	return NULL;
}

static bool rolls_table(const struct query *q, struct sheet *sh)
{
	sheet_section(sh, "rolls", "Every roll", SHEET_ALL);
	sheet_para(sh, "For each roll (a unit's, or a leader's), the chance of a result at least as good for whoever rolled, and of one at most "
		       "as good, under the legal modifiers (not the claimed ones); a fire's die is the firing unit's, "
		       "a charge's or a melee's each side's with the other's as rolled.  Lucky at or under %.0f%%, very lucky at "
		       "or under %.0f%%; unlucky and very unlucky alike for the chance of a result at most as good.",
		   100 * q->o->plain, 100 * q->o->very);
	static const char *const cols[] = {"turn", "line", "side", "who", "kind", "die", "result", "at least %",
					   "at most %", "luck"};
	sheet_columns(sh, 10, cols);
	sqlite3_stmt *st = prepare(q, sql_rolls);
	if (!st)
		return false;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int sides = sqlite3_column_int(st, 6), at_least = sqlite3_column_int(st, 8),
		    at_most = sqlite3_column_int(st, 9);
		sheet_int(sh, sqlite3_column_int(st, 0));
		sheet_int(sh, sqlite3_column_int(st, 1));
		sheet_text(sh, col(st, 2));
		sheet_text(sh, col(st, 3));
		sheet_text(sh, col(st, 4));
		sheet_int(sh, sqlite3_column_int(st, 5));
		sheet_text(sh, (const char *)sqlite3_column_text(st, 7));
		sheet_real(sh, 100.0 * at_least / sides, 0);
		sheet_real(sh, 100.0 * at_most / sides, 0);
		sheet_text(sh, grade(q->o, sides, at_least, at_most));
		sheet_row(sh);
	}
	return done(q, st, rc);
}

/* One row of the dice and losses table: how many rolls, their mean against
 * the die's, the chi-square test when there are rolls enough, the grades,
 * the stands lost against those expected. */
static void dice_row(struct sheet *sh, const struct dice *t, bool unit)
{
	sheet_text(sh, t->side);
	if (unit)
		sheet_text(sh, t->name);
	sheet_int(sh, t->rolls);
	if (t->rolls && t->sides > 0) {
		sheet_real(sh, (double)t->sum / t->rolls, 2);
		sheet_real(sh, (t->sides + 1) / 2.0, 1);
	} else {
		sheet_empty(sh);
		sheet_empty(sh);
	}
	if (t->sides > 0 && t->sides <= MAX_SIDES && t->rolls >= 5L * t->sides) {
		double chi2 = stats_chi2_uniform(t->faces + 1, t->sides);
		sheet_real(sh, chi2, 2);
		sheet_real(sh, stats_chi2_p(chi2, t->sides - 1), 3);
		sheet_textf(sh, "%ld rolls", t->rolls);
	} else {
		sheet_empty(sh);
		sheet_empty(sh);
		if (t->rolls && t->sides > 0)
			sheet_textf(sh, "too few (%ld of %d)", t->rolls, 5 * t->sides);
		else
			sheet_empty(sh);
	}
	sheet_int(sh, t->grade[0]);
	sheet_int(sh, t->grade[1] - t->grade[0]);
	sheet_int(sh, t->grade[2] - t->grade[3]);
	sheet_int(sh, t->grade[3]);
	sheet_int(sh, t->lost);
	sheet_real(sh, t->expected, 2);
	sheet_real(sh, (double)t->lost - t->expected, 2);
	sheet_row(sh);
}

/* Each side: its units' grades and losses added up, its faces one die an
 * event (a check's die counts once, not once for each unit it moved). */
static bool side_dice(const struct query *q, const struct dice_list *units, struct dice_list *sides)
{
	for (int i = 0; i < units->n; i++)
		merge(side_of(sides, units->v[i].side, units->v[i].order), &units->v[i]);
	for (int i = 0; i < sides->n; i++) {
		struct dice *d = &sides->v[i];
		memset(d->faces, 0, sizeof d->faces);
		d->rolls = d->sum = 0;
		d->sides = 0;
	}
	sqlite3_stmt *st = prepare(q, sql_side_faces);
	if (!st)
		return false;
	int rc;
	static const long none[4];
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		add_faces(side_of(sides, col(st, 0), LONG_MAX), sqlite3_column_int(st, 1), q->die, sqlite3_column_int(st, 2),
			  (long)sqlite3_column_int64(st, 3), none);
	return done(q, st, rc);
}

static bool dice_tables(const struct query *q, struct sheet *sh, const struct dice_list *units, const char *what)
{
	struct dice_list sides = {0};
	if (!side_dice(q, units, &sides)) {
		dice_free(&sides);
		return false;
	}
	static const char *const tail[] = {"rolls", "mean", "die's mean", "chi-square", "p", "test", "very lucky",
					   "lucky", "unlucky", "very unlucky", "lost", "expected", "lost - expected"};
	const char *cols[16];
	sheet_section(sh, "sides", "Dice and losses by side", SHEET_ALL);
	sheet_para(sh, "The dice each side rolled in %s (one for a check, however many units it moved; a unit's "
		       "rolls are those it took part in) against a fair die: their mean, and Pearson's chi-square of "
		       "the faces against equal counts, with its chance p under a fair die (a small p says the faces "
		       "were uneven; the test needs five rolls a face, and says too few below that).  Then the "
		       "grades of its rolls, and the %s its units lost in rolled events against those expected "
		       "over every face of the dice: below zero, the dice were kind.",
		   what, q->strength);
	cols[0] = "side";
	for (int c = 0; c < 13; c++)
		cols[c + 1] = tail[c];
	sheet_columns(sh, 14, cols);
	for (int i = 0; i < sides.n; i++)
		dice_row(sh, &sides.v[i], false);
	sheet_section(sh, "units", "Dice and losses by unit (and leader)", SHEET_ALL);
	cols[1] = "unit";
	for (int c = 0; c < 13; c++)
		cols[c + 2] = tail[c];
	sheet_columns(sh, 15, cols);
	for (int i = 0; i < units->n; i++)
		dice_row(sh, &units->v[i], true);
	sheet_section(sh, "faces", "Faces rolled by side", SHEET_ALL);
	int most = 0;
	for (int i = 0; i < sides.n; i++)
		if (sides.v[i].sides > most)
			most = sides.v[i].sides;
	const char **names = xmalloc(((size_t)most + 2) * sizeof *names);
	char(*labels)[12] = xmalloc(((size_t)most + 1) * sizeof *labels);
	names[0] = "side";
	for (int f = 1; f <= most; f++) {
		snprintf(labels[f], sizeof labels[f], "%d", f);
		names[f] = labels[f];
	}
	sheet_columns(sh, most + 1, names);
	for (int i = 0; i < sides.n; i++) {
		sheet_text(sh, sides.v[i].side);
		for (int f = 1; f <= most; f++)
			sheet_int(sh, sides.v[i].faces[f]);
		sheet_row(sh);
	}
	free(names);
	free(labels);
	dice_free(&sides);
	return true;
}

static bool missing_note(const struct query *q, struct sheet *sh)
{
	sqlite3_stmt *st = prepare(q, sql_missing);
	if (!st)
		return false;
	int rc = sqlite3_step(st);
	int n = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	int none = rc == SQLITE_ROW ? sqlite3_column_int(st, 1) : 0;
	if (n)
		sheet_note(sh, "%d roll%s stored before the archive kept odds %s left out: umpire db reaudit --all "
			       "derives them.",
			   n, n == 1 ? "" : "s", n == 1 ? "is" : "are");
	if (none)
		sheet_note(sh, "%d roll%s left out: the audit derives no odds for %s (a chart cell the battle's chart "
			       "file does not give, or a roll with no better or worse face, as a move's dice).",
			   none, none == 1 ? " is" : "s are", none == 1 ? "it" : "them");
	return done(q, st, rc == SQLITE_ROW ? SQLITE_DONE : rc);
}

/* The main die of the scope and how many rolls of smaller dice it has (a
 * d4 beside a d20). */
static bool main_die(struct query *q)
{
	sqlite3_stmt *st = prepare(q, sql_main_die);
	if (!st)
		return false;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		q->die = sqlite3_column_int(st, 0);
		q->smaller = sqlite3_column_int(st, 1);
	}
	return done(q, st, rc == SQLITE_ROW ? SQLITE_DONE : rc);
}

static struct sheet *luck(const struct query *given, struct sheet *sh, const char *what)
{
	struct query qq = *given, *q = &qq;
	struct dice_list units = {0};
	bool ok = main_die(q) && (!q->battle || rolls_table(q, sh)) && load_units(q, &units);
	ok = ok && dice_tables(q, sh, &units, what) && missing_note(q, sh);
	if (ok && q->smaller)
		sheet_note(sh, "%d roll%s of a smaller die than the d%d %s graded, and left out of the "
			       "means, the chi-square and the faces.",
			   q->smaller, q->smaller == 1 ? "" : "s", q->die, q->smaller == 1 ? "is" : "are");
	dice_free(&units);
	if (!ok) {
		sheet_free(sh);
		return NULL;
	}
	return sh;
}

struct sheet *luck_battle(struct store *s, const struct facts *f, const struct luck_opts *o, char **err)
{
	*err = NULL;
	struct query q = {.s = s, .strength = f->terms->strength, .battle = f->battle, .o = o, .err = err};
	struct sheet *sh = sheet_newf("luck", "Luck: %s", f->name ? f->name : "battle");
	report_meta(sh, f);
	return luck(&q, sh, "this battle");
}

/* The ruleset's word for stands in a campaign: its first battle's. */
static const char *campaign_strength(struct store *s, const char *name)
{
	static const char sql[] = "SELECT b.rules FROM campaign c JOIN battle b ON b.campaign_id = c.id "
				  "WHERE c.name = ?1 ORDER BY b.id LIMIT 1";
	sqlite3_stmt *st = NULL;
	const char *word = "stands";
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			word = facts_terms((const char *)sqlite3_column_text(st, 0))->strength;
	}
	sqlite3_finalize(st);
	return word;
}

struct sheet *luck_campaign(struct store *s, const char *name, const struct luck_opts *o, char **err)
{
	*err = NULL;
	sqlite3_stmt *st = NULL;
	int battles = -1;
	if (sqlite3_prepare_v2(store_db(s), sql_campaign, -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			battles = sqlite3_column_int(st, 0);
	}
	sqlite3_finalize(st);
	if (battles <= 0) {
		*err = xstrdup(battles < 0 ? store_error(s) : "no battle of the archive is in that campaign ('umpire db campaign list' lists them)");
		return NULL;
	}
	struct query q = {.s = s, .strength = campaign_strength(s, name), .campaign = name, .o = o, .err = err};
	char count[32];
	snprintf(count, sizeof count, "%d", battles);
	struct sheet *sh = sheet_newf("luck", "Luck: the %s campaign", name);
	sheet_meta(sh, "campaign", name);
	sheet_meta(sh, "battles", count);
	return luck(&q, sh, "the campaign's battles");
}

bool luck_thresholds(const char *text, struct luck_opts *o)
{
	char *end;
	double very = strtod(text, &end);
	if (end == text || *end != ',')
		return false;
	const char *rest = end + 1;
	double plain = strtod(rest, &end);
	if (end == rest || *end || !(very > 0 && very <= plain && plain < 0.5))
		return false;
	o->very = very;
	o->plain = plain;
	return true;
}

bool luck_side_faces(struct store *s, int64_t id, struct luck_faces *out, char **err)
{
	*err = NULL;
	memset(out, 0, sizeof *out);
	static const struct luck_opts any = {.very = 0.1, .plain = 0.3};	/* grades are not read */
	struct query q = {.s = s, .strength = "stands", .battle = id, .o = &any, .err = err};	/* the words are not read */
	struct dice_list units = {0}, sides = {0};
	bool ok = main_die(&q) && load_units(&q, &units) && side_dice(&q, &units, &sides);
	out->n = sides.n;
	out->sides = xcalloc((size_t)sides.n + 1, sizeof *out->sides);
	out->counts = xcalloc((size_t)sides.n + 1, sizeof *out->counts);
	for (int i = 0; i < sides.n; i++) {
		out->sides[i] = xstrdup(sides.v[i].side);
		for (int f = 1; f <= MAX_SIDES; f++) {
			out->counts[i][f] = sides.v[i].faces[f];
			if (sides.v[i].faces[f] && f > out->most)
				out->most = f;
		}
		if (sides.v[i].sides > out->most)
			out->most = sides.v[i].sides;
	}
	dice_free(&units);
	dice_free(&sides);
	return ok;
}

void luck_faces_release(struct luck_faces *lf)
{
	for (int i = 0; i < lf->n; i++)
		free(lf->sides[i]);
	free(lf->sides);
	free(lf->counts);
	memset(lf, 0, sizeof *lf);
}
