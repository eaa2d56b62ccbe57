/* facts: a stored battle as its reports read it. */
#include "facts.h"

#include <stdlib.h>
#include <string.h>

#include "../audit/record.h"
#include "../grammar/buf.h"
#include "../grammar/xalloc.h"

/* The battle, its header's scale attribute (?2) and its number of events. */
static const char sql_battle[] =
	"SELECT b.name, b.date, b.rules, b.scenario, b.result, c.name,\n"
	"  (SELECT value FROM battle_attr a WHERE a.battle_id = b.id AND a.kind = 'attr' AND a.name = ?2),\n"
	"  (SELECT count(*) FROM event e WHERE e.battle_id = b.id AND e.kind = 'event'), b.ident\n"
	"FROM battle b JOIN campaign c ON c.id = b.campaign_id WHERE b.id = ?1";
static const char sql_rules[] = "SELECT rules FROM battle WHERE id = ?1";
static const char sql_sides[] = "SELECT ident, label, nation FROM side WHERE battle_id = ?1 ORDER BY id";
static const char sql_units[] =
	"SELECT u.ident, u.name, s.ident, l.name, u.stands\n"
	"FROM unit u LEFT JOIN side s ON s.id = u.side_id\n"
	"LEFT JOIN leader l ON l.battle_id = u.battle_id AND l.ident = u.cmd\n"
	"WHERE u.battle_id = ?1 ORDER BY u.id";
static const char sql_turns[] =
	"SELECT turn, side, line FROM event WHERE battle_id = ?1 AND kind = 'turn' ORDER BY stmt";
/* Every change of a unit's stands, removal, condition (?2), order (?3) and
 * losses that return (?4) and last (?5)
 * in the order played, with each turn line after its own changes (source
 * 1 after 0: the turn's state is taken after them); of one event's
 * changes, by field name backwards: stands before removed, so that the
 * stands a removal takes are after the event's losses. */
static const char sql_changes[] =
	"WITH c AS (SELECT u.ident, s.stmt, s.stands, s.removed, s.fields FROM unit u JOIN unit_state s ON s.unit_id = u.id\n"
	"           WHERE u.battle_id = ?1),\n"
	"f AS (SELECT ident, stmt, 'stands' AS field, stands AS value FROM c WHERE stands IS NOT NULL\n"	/* typed */
	"      UNION ALL SELECT ident, stmt, 'removed', removed FROM c WHERE removed IS NOT NULL\n"
	"      UNION ALL SELECT ident, stmt, j.key, j.value FROM c JOIN json_each(c.fields) j\n"
	"                WHERE j.key IN (?2, ?3, ?4, ?5))\n"
	"SELECT e.stmt, 0 AS source, e.turn, e.line, e.derived_kind, f.ident, f.field, f.value, f.value, e.kind\n"
	"FROM f JOIN event e ON e.battle_id = ?1 AND e.stmt = f.stmt\n"
	"UNION ALL\n"
	"SELECT e.stmt, 1, e.turn, e.line, NULL, NULL, NULL, NULL, NULL, e.kind\n"
	"FROM event e WHERE e.battle_id = ?1 AND e.kind = 'turn'\n"
	"ORDER BY 1, 2, 7 DESC";	/* an event's losses before its removal */
static const char sql_parts[] =
	"SELECT e.stmt, e.derived_kind, e.effect, p.role, " STORE_PART_WHO("p") ", p.effect, e.turn, e.line\n"
	"FROM event e JOIN part p ON p.event_id = e.id\n"
	"WHERE e.battle_id = ?1 AND e.derived_kind IS NOT NULL\n"
	"ORDER BY e.stmt, p.seq";
/* Each leader's first event after which it was out of play, wounded or
 * killed, what did it, and how it ended the battle: killed, removed, in
 * play or not (its last change of each; SQLite takes a bare column from
 * the row of max()). */
static const char sql_fallen[] =
	"WITH hit AS (\n"
	"  SELECT l.ident, min(s.stmt) AS stmt FROM leader l JOIN leader_state s ON s.leader_id = l.id\n"
	"  JOIN json_each(s.fields) j\n"
	"  WHERE l.battle_id = ?1\n"
	"    AND ((j.key IN ('killed', 'wounded', 'removed') AND j.value = 1) OR (j.key = 'in_play' AND j.value = 0))\n"
	"  GROUP BY l.id),\n"
	"last AS (\n"	/* a field's last value: its last change */
	"  SELECT ident, field, num, max(stmt) FROM (\n"
	"    SELECT l.ident, j.key AS field, j.value AS num, s.stmt FROM leader l JOIN leader_state s ON s.leader_id = l.id\n"
	"    JOIN json_each(s.fields) j WHERE l.battle_id = ?1 AND j.key IN ('killed', 'removed', 'in_play'))\n"
	"  GROUP BY ident, field)\n"
	"SELECT l.ident, l.name, s.ident, e.turn, e.line, coalesce(e.effect, e.keyword),\n"
	"  coalesce((SELECT num FROM last WHERE last.ident = l.ident AND field = 'killed'), 0),\n"
	"  coalesce((SELECT num FROM last WHERE last.ident = l.ident AND field = 'removed'), 0),\n"
	"  coalesce((SELECT num FROM last WHERE last.ident = l.ident AND field = 'in_play'), 1), hit.stmt\n"
	"FROM hit JOIN event e ON e.battle_id = ?1 AND e.stmt = hit.stmt\n"
	"JOIN leader l ON l.battle_id = ?1 AND l.ident = hit.ident LEFT JOIN side s ON s.id = l.side_id\n"
	"ORDER BY hit.stmt, l.ident";

/* The players' notes (?2: the ruleset's note keyword), as stored: their
 * canonical text, the words in quotes. */
static const char sql_notes[] =
	"SELECT stmt, turn, line, text FROM event WHERE battle_id = ?1 AND kind = 'event' AND keyword = ?2\n"
	"ORDER BY stmt";

static const struct ruleset_terms bare_terms = {.strength = "stands"};

bool facts_cause_named(const struct facts *f, enum facts_cause c)
{
	if (c == CAUSE_RETURNED)
		return f->terms->returning != NULL;
	return c == CAUSE_OTHER || c == CAUSE_REMOVED || strcmp(facts_cause_name(f, c), "other") != 0;
}

int facts_left(const struct facts_unit *u)
{
	return u->end.removed ? 0 : u->end.stands;
}

const char *facts_cause_name(const struct facts *f, enum facts_cause c)
{
	const char *name = NULL;
	switch (c) {
	case CAUSE_FIRE:
		name = f->terms->fire_kind;
		break;
	case CAUSE_CHARGE:
		name = f->terms->charge_kinds ? f->terms->charge_kinds[0] : NULL;
		break;
	case CAUSE_MANEUVER:
		name = f->terms->maneuver_kind;
		break;
	case CAUSE_REMOVED:
		return "removed";
	case CAUSE_RETURNED:
		return "returned";
	case CAUSE_OTHER:
	case CAUSE_N:
		break;
	}
	return name ? name : "other";
}

static const struct ruleset_terms *terms_of(const struct ruleset *rs)
{
	return rs && rs->terms ? rs->terms : &bare_terms;
}

const struct ruleset_terms *facts_terms(const char *rules)
{
	return terms_of(rules ? ruleset_find(rules) : NULL);
}

int facts_index(const char *const *list, const char *word)
{
	for (int i = 0; list && word && list[i]; i++)
		if (strcmp(list[i], word) == 0)
			return i;
	return -1;
}

/* What an event of the record kind k is, by the ruleset's terms: fire, a
 * charge, a maneuver check, or another (a state event). */
static enum facts_cause cause_of(const struct ruleset_terms *t, const char *k)
{
	if (!k)
		return CAUSE_OTHER;
	if (t->fire_kind && strcmp(k, t->fire_kind) == 0)
		return CAUSE_FIRE;
	if (t->maneuver_kind && strcmp(k, t->maneuver_kind) == 0)
		return CAUSE_MANEUVER;
	return facts_index(t->charge_kinds, k) >= 0 ? CAUSE_CHARGE : CAUSE_OTHER;
}

static char *dup_col(sqlite3_stmt *st, int c)
{
	const char *t = (const char *)sqlite3_column_text(st, c);
	return t ? xstrdup(t) : NULL;
}

sqlite3_stmt *facts_query(struct store *s, const char *sql, int64_t id, char **err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) != SQLITE_OK) {
		*err = xstrdup(store_error(s));
		sqlite3_finalize(st);
		return NULL;
	}
	sqlite3_bind_int64(st, 1, id);
	return st;
}

static bool finish(struct store *s, sqlite3_stmt *st, int rc, char **err)
{
	if (rc != SQLITE_DONE && !*err)
		*err = xstrdup(store_error(s));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

/* Units sorted by ident, for finding one by the ident a row names. */
struct unit_key {
	const char *ident;
	int unit;
};

struct unit_index {
	struct unit_key *keys;
	int n;
};

static int by_ident(const void *a, const void *b)
{
	return strcmp(((const struct unit_key *)a)->ident, ((const struct unit_key *)b)->ident);
}

static void index_units(struct unit_index *ix, const struct facts *f)
{
	ix->n = f->n_units;
	ix->keys = xmalloc(((size_t)f->n_units + 1) * sizeof *ix->keys);
	for (int i = 0; i < f->n_units; i++)
		ix->keys[i] = (struct unit_key){f->units[i].ident, i};
	qsort(ix->keys, (size_t)ix->n, sizeof *ix->keys, by_ident);
}

static int unit_of(const struct unit_index *ix, const char *ident)
{
	if (!ident)
		return -1;
	struct unit_key key = {ident, -1};
	const struct unit_key *k = bsearch(&key, ix->keys, (size_t)ix->n, sizeof *ix->keys, by_ident);
	return k ? k->unit : -1;
}

static bool load_header(struct store *s, int64_t id, struct facts *f, char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_rules, id, err);
	if (!st)
		return false;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		f->ruleset = ruleset_find((const char *)sqlite3_column_text(st, 0));
		rc = SQLITE_DONE;
	} else if (rc == SQLITE_DONE) {
		*err = xstrdup("no such battle in the archive");
		rc = SQLITE_ERROR;
	}
	if (!finish(s, st, rc, err))
		return false;
	f->terms = terms_of(f->ruleset);
	f->n_effects = 0;
	while (f->terms->maneuver_effects && f->terms->maneuver_effects[f->n_effects])
		f->n_effects++;
	if (!(st = facts_query(s, sql_battle, id, err)))
		return false;
	sqlite3_bind_text(st, 2, f->terms->scale ? f->terms->scale : "", -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		f->name = dup_col(st, 0);
		f->date = dup_col(st, 1);
		f->rules = dup_col(st, 2);
		f->scenario = dup_col(st, 3);
		f->result = dup_col(st, 4);
		f->campaign = dup_col(st, 5);
		f->men_per_stand = sqlite3_column_int(st, 6);
		f->events = sqlite3_column_int(st, 7);
		f->ident = dup_col(st, 8);
		rc = SQLITE_DONE;
	}
	return finish(s, st, rc, err);
}

static bool load_sides(struct store *s, int64_t id, struct facts *f, char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_sides, id, err);
	if (!st)
		return false;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (f->n_sides == cap) {
			cap = cap ? 2 * cap : 4;
			f->sides = xrealloc(f->sides, (size_t)cap * sizeof *f->sides);
		}
		f->sides[f->n_sides++] = (struct facts_side){dup_col(st, 0), dup_col(st, 1), dup_col(st, 2)};
	}
	return finish(s, st, rc, err);
}

static bool load_units(struct store *s, int64_t id, struct facts *f, char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_units, id, err);
	if (!st)
		return false;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (f->n_units == cap) {
			cap = cap ? 2 * cap : 16;
			f->units = xrealloc(f->units, (size_t)cap * sizeof *f->units);
		}
		struct facts_unit *u = &f->units[f->n_units++];
		memset(u, 0, sizeof *u);
		u->ident = dup_col(st, 0);
		u->name = dup_col(st, 1);
		u->side = dup_col(st, 2);
		u->brigade = dup_col(st, 3);
		u->start = sqlite3_column_int(st, 4);
		u->end = (struct facts_state){.stands = u->start, .condition = -1, .order = -1};
		u->effects = xcalloc((size_t)f->n_effects + 1, sizeof *u->effects);
	}
	return finish(s, st, rc, err);
}

static bool load_turns(struct store *s, int64_t id, struct facts *f, char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_turns, id, err);
	if (!st)
		return false;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (f->n_turns == cap) {
			cap = cap ? 2 * cap : 16;
			f->turns = xrealloc(f->turns, (size_t)cap * sizeof *f->turns);
		}
		f->turns[f->n_turns++] =
			(struct facts_turn){sqlite3_column_int(st, 0), dup_col(st, 1), sqlite3_column_int(st, 2)};
	}
	f->states = xcalloc((size_t)f->n_turns * (size_t)f->n_units + 1, sizeof *f->states);
	return finish(s, st, rc, err);
}

static struct facts_moment *moment(struct facts *f, enum facts_moment_kind kind, int stmt, int turn, int line,
				   int unit, int other, const char *effect)
{
	f->moments = xrealloc(f->moments, ((size_t)f->n_moments + 1) * sizeof *f->moments);
	struct facts_moment *m = &f->moments[f->n_moments++];
	*m = (struct facts_moment){kind, turn, line, stmt, unit, other, effect ? xstrdup(effect) : NULL, false, 0, 0, NULL};
	return m;
}

static int by_played(const void *x, const void *y)
{
	const struct facts_moment *a = x, *b = y;
	if (a->stmt != b->stmt)
		return (a->stmt > b->stmt) - (a->stmt < b->stmt);
	return (a->kind > b->kind) - (a->kind < b->kind);
}

/* The stands one unit lost in one event, for crediting fire. */
struct event_loss {
	int stmt, unit, lost;
};

struct losses {
	struct event_loss *v;
	int n, cap;
};

static void set_field(const struct facts *f, struct facts_state *x, sqlite3_stmt *st)
{
	const char *field = (const char *)sqlite3_column_text(st, 6);
	const char *text = (const char *)sqlite3_column_text(st, 8);
	if (strcmp(field, "stands") == 0)
		x->stands = sqlite3_column_int(st, 7);
	else if (strcmp(field, "removed") == 0)
		x->removed = sqlite3_column_int(st, 7) != 0;
	else if (f->terms->condition && strcmp(field, f->terms->condition) == 0)
		x->condition = facts_index(f->terms->conditions, text);
	else if (f->terms->order && strcmp(field, f->terms->order) == 0)
		x->order = facts_index(f->terms->orders, text);
	else if (f->terms->returning && strcmp(field, f->terms->returning) == 0)
		x->returning = sqlite3_column_int(st, 7);
	else if (f->terms->lasting && strcmp(field, f->terms->lasting) == 0)
		x->lasting = sqlite3_column_int(st, 7);
}

/* One change of a unit's state: its losses by cause, its removal. */
static void apply_change(struct facts *f, int u, sqlite3_stmt *st, struct losses *l)
{
	struct facts_unit *fu = &f->units[u];
	struct facts_state before = fu->end;
	set_field(f, &fu->end, st);
	int lost = before.stands - fu->end.stands;
	if (lost) {
		enum facts_cause why = cause_of(f->terms, (const char *)sqlite3_column_text(st, 4));
		fu->lost[lost < 0 && f->terms->returning ? CAUSE_RETURNED : why] += lost;
		if (l->n == l->cap) {
			l->cap = l->cap ? 2 * l->cap : 64;
			l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
		}
		l->v[l->n++] = (struct event_loss){sqlite3_column_int(st, 0), u, lost};
	}
	int stmt = sqlite3_column_int(st, 0), turn = sqlite3_column_int(st, 2), line = sqlite3_column_int(st, 3);
	if (fu->end.removed && !before.removed) {
		fu->lost[CAUSE_REMOVED] += fu->end.stands;	/* out of the battle with its stands */
		fu->removed_turn = turn;
		fu->removed_line = line;
		moment(f, MOMENT_REMOVED, stmt, turn, line, u, -1, NULL);
	}
	int worst = 0;	/* the last of the orders: broken */
	while (f->terms->orders && f->terms->orders[worst] && f->terms->orders[worst + 1])
		worst++;
	if (f->terms->orders && fu->end.order == worst && before.order != worst && worst > 0)
		moment(f, MOMENT_BROKEN, stmt, turn, line, u, -1, NULL);
}

static bool load_changes(struct store *s, int64_t id, struct facts *f, const struct unit_index *ix, struct losses *l,
			 char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_changes, id, err);
	if (!st)
		return false;
	sqlite3_bind_text(st, 2, f->terms->condition ? f->terms->condition : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, f->terms->order ? f->terms->order : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, f->terms->returning ? f->terms->returning : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, f->terms->lasting ? f->terms->lasting : "", -1, SQLITE_STATIC);
	int rc, turn = -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_int(st, 1) == 1) {	/* a turn line, after its changes: the turn's state */
			if (++turn >= f->n_turns)
				break;
			for (int k = 0; k < f->n_units; k++)
				f->states[(size_t)turn * (size_t)f->n_units + (size_t)k] = f->units[k].end;
			continue;
		}
		int u = unit_of(ix, (const char *)sqlite3_column_text(st, 5));
		if (u < 0)
			continue;
		const char *kind = (const char *)sqlite3_column_text(st, 9);
		if (kind && strcmp(kind, "turn") == 0)	/* what a turn's header sets: no event's loss */
			set_field(f, &f->units[u].end, st);
		else
			apply_change(f, u, st, l);
	}
	return finish(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, err);
}

/* The stands unit u lost in statement stmt (l is in statement order). */
static int lost_in(const struct losses *l, int stmt, int u)
{
	int lo = 0, hi = l->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (l->v[mid].stmt < stmt)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int i = lo; i < l->n && l->v[i].stmt == stmt; i++)
		if (l->v[i].unit == u)
			return l->v[i].lost;
	return 0;
}

/* What one part of an event did: fired, was fired at, won or lost a
 * charge, or took a maneuver result. */
static void credit_part(struct facts *f, const struct losses *l, int stmt, int u, enum facts_cause what, int role,
			const char *event_effect, const char *effect, int target)
{
	struct facts_unit *fu = &f->units[u];
	if (what == CAUSE_MANEUVER) {
		int k = facts_index(f->terms->maneuver_effects, effect);
		if (k >= 0)
			fu->effects[k]++;
	} else if (what == CAUSE_FIRE) {
		if (role == ROLE_FIRER) {
			fu->fires++;
			fu->inflicted += target >= 0 ? lost_in(l, stmt, target) : 0;
		} else if (role == ROLE_TARGET) {
			fu->fired_at++;
			fu->fire_lost += lost_in(l, stmt, u);
		}
	} else if (what == CAUSE_CHARGE) {	/* a charge or its reroll */
		bool attacker = role == ROLE_ATTACKER;
		if (!attacker && role != ROLE_DEFENDER)
			return;
		bool won = facts_index(f->terms->charge_won, event_effect) >= 0;
		bool lost = facts_index(f->terms->charge_lost, event_effect) >= 0;
		if (won || lost) {
			fu->charges_won += attacker == won;
			fu->charges_lost += attacker != won;
		}
	}
}

/* One part of a derived event, as load_parts reads it: its role and the
 * kind of its event resolved once, as it is read. */
struct part_row {
	int stmt, unit, turn, line;
	int role;		/* enum part_role, -1 for a role this umpire does not know */
	enum facts_cause cause;	/* what its event's kind is, by the terms */
	bool again;		/* a charge's reroll: a charge kind past the first */
	int check;		/* its kind's place in the terms' check_kinds, or -1 */
	char *event_effect, *effect;
};

/* Whether unit u broke or was removed in statement stmt: a moment among
 * the first n, those of load_changes, in statement order. */
static bool fell_in(const struct facts *f, int n, int stmt, int u)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (f->moments[mid].stmt < stmt)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int i = lo; i < n && f->moments[i].stmt == stmt; i++)
		if (f->moments[i].unit == u)
			return true;
	return false;
}

/* A fire the after-action report tells: its result is one the terms
 * tell, or its target broke or left the field.  The first firer names it. */
static void told_fire(struct facts *f, int n_changes, const struct losses *l, const struct part_row *parts, int n,
		      int target)
{
	if (target < 0 || parts[0].cause != CAUSE_FIRE)
		return;
	if (facts_index(f->terms->fire_told, parts[0].event_effect) < 0 && !fell_in(f, n_changes, parts[0].stmt, target))
		return;
	for (int k = 0; k < n; k++)
		if (parts[k].unit >= 0 && parts[k].role == ROLE_FIRER) {
			moment(f, MOMENT_FIRE, parts[0].stmt, parts[0].turn, parts[0].line, parts[k].unit, target,
			       parts[0].event_effect)->other_lost = lost_in(l, parts[0].stmt, target);
			return;
		}
}

/* A unit's check result (the part's own effect, or the event's): of a
 * maneuver, or of a kind the terms tell as checks.  The after-action
 * report tells some. */
static void told_check(struct facts *f, const struct part_row *p)
{
	const char *effect = p->effect ? p->effect : p->event_effect;
	const char *check = p->cause == CAUSE_MANEUVER ? f->terms->maneuver_kind
			  : p->check >= 0 ? f->terms->check_kinds[p->check] : NULL;
	if (p->unit >= 0 && effect && check)
		moment(f, MOMENT_MANEUVER, p->stmt, p->turn, p->line, p->unit, -1, effect)->check = check;
}

static bool load_parts(struct store *s, int64_t id, struct facts *f, const struct unit_index *ix,
		       const struct losses *l, char **err)
{
	int n_changes = f->n_moments;	/* load_changes's, in statement order */
	/* read twice over one statement's parts: the target first, then the credit */
	sqlite3_stmt *st = facts_query(s, sql_parts, id, err);
	if (!st)
		return false;
	int rc;
	struct part_row *rows = NULL;
	int n = 0, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			rows = xrealloc(rows, (size_t)cap * sizeof *rows);
		}
		const char *kind = (const char *)sqlite3_column_text(st, 1);
		rows[n++] = (struct part_row){
			.stmt = sqlite3_column_int(st, 0), .unit = unit_of(ix, (const char *)sqlite3_column_text(st, 4)),
			.turn = sqlite3_column_int(st, 6), .line = sqlite3_column_int(st, 7),
			.role = part_role_of((const char *)sqlite3_column_text(st, 3)), .cause = cause_of(f->terms, kind),
			.again = kind && f->terms->charge_kinds && strcmp(kind, f->terms->charge_kinds[0]) != 0,
			.check = facts_index(f->terms->check_kinds, kind),
			.event_effect = dup_col(st, 2), .effect = dup_col(st, 5),
		};
	}
	for (int i = 0, j; i < n; i = j) {
		int target = -1, attacker = -1, defender = -1;
		for (j = i; j < n && rows[j].stmt == rows[i].stmt; j++) {
			if (rows[j].role == ROLE_TARGET)
				target = rows[j].unit;
			else if (rows[j].role == ROLE_ATTACKER && attacker < 0)
				attacker = rows[j].unit;
			else if (rows[j].role == ROLE_DEFENDER && defender < 0)
				defender = rows[j].unit;
		}
		if (attacker >= 0 && defender >= 0 && rows[i].cause == CAUSE_CHARGE) {
			struct facts_moment *m = moment(f, MOMENT_CHARGE, rows[i].stmt, rows[i].turn, rows[i].line,
							attacker, defender, rows[i].event_effect);
			m->again = rows[i].again;
			m->lost = lost_in(l, rows[i].stmt, attacker);
			m->other_lost = lost_in(l, rows[i].stmt, defender);
		}
		told_fire(f, n_changes, l, rows + i, j - i, target);
		for (int k = i; k < j; k++)
			told_check(f, rows + k);
		for (int k = i; k < j; k++)
			if (rows[k].unit >= 0 && rows[k].role >= 0)
				credit_part(f, l, rows[k].stmt, rows[k].unit, rows[k].cause, rows[k].role,
					    rows[k].event_effect, rows[k].effect, target);
	}
	for (int i = 0; i < n; i++) {
		free(rows[i].event_effect);
		free(rows[i].effect);
	}
	free(rows);
	return finish(s, st, rc, err);
}

static bool load_fallen(struct store *s, int64_t id, struct facts *f, char **err)
{
	sqlite3_stmt *st = facts_query(s, sql_fallen, id, err);
	if (!st)
		return false;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (f->n_fallen == cap) {
			cap = cap ? 2 * cap : 8;
			f->fallen = xrealloc(f->fallen, (size_t)cap * sizeof *f->fallen);
		}
		f->fallen[f->n_fallen++] = (struct facts_leader){
			.ident = dup_col(st, 0), .name = dup_col(st, 1), .side = dup_col(st, 2),
			.turn = sqlite3_column_int(st, 3), .line = sqlite3_column_int(st, 4), .what = dup_col(st, 5),
			.killed = sqlite3_column_int(st, 6) != 0, .removed = sqlite3_column_int(st, 7) != 0,
			.in_play = sqlite3_column_int(st, 8) != 0, .stmt = sqlite3_column_int(st, 9),
		};
	}
	return finish(s, st, rc, err);
}

/* The words of a canonical note, `note "..."`, into out: what is between
 * its first and last quotes, \" and \\ read back. */
static void note_words(const char *text, struct buf *out)
{
	const char *open = strchr(text, '"'), *close = strrchr(text, '"');
	for (const char *p = open ? open + 1 : text; close && p < close; p++) {
		if (*p == '\\' && p + 1 < close)
			p++;
		buf_putc(out, *p);
	}
}

static bool load_notes(struct store *s, int64_t id, struct facts *f, char **err)
{
	if (!f->terms->note)
		return true;
	sqlite3_stmt *st = facts_query(s, sql_notes, id, err);
	if (!st)
		return false;
	sqlite3_bind_text(st, 2, f->terms->note, -1, SQLITE_STATIC);
	struct buf w;
	buf_init(&w, 0);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		buf_clear(&w);
		note_words((const char *)sqlite3_column_text(st, 3), &w);
		moment(f, MOMENT_NOTE, sqlite3_column_int(st, 0), sqlite3_column_int(st, 1), sqlite3_column_int(st, 2), -1,
		       -1, w.text);
	}
	buf_release(&w);
	return finish(s, st, rc, err);
}

bool facts_load(struct store *s, int64_t id, struct facts *f, char **err)
{
	memset(f, 0, sizeof *f);
	f->battle = id;
	*err = NULL;
	if (!load_header(s, id, f, err) || !load_sides(s, id, f, err) || !load_units(s, id, f, err) ||
	    !load_turns(s, id, f, err)) {
		facts_release(f);	/* what was read before the failing query */
		return false;
	}
	struct unit_index ix;
	index_units(&ix, f);
	struct losses l = {0};
	bool ok = load_changes(s, id, f, &ix, &l, err) && load_parts(s, id, f, &ix, &l, err) &&
		  load_fallen(s, id, f, err) && load_notes(s, id, f, err);
	if (f->n_moments)
		qsort(f->moments, (size_t)f->n_moments, sizeof *f->moments, by_played);
	free(l.v);
	free(ix.keys);
	if (!ok)
		facts_release(f);
	return ok;
}

long facts_side_stands(const struct facts *f, int s, int t)
{
	long n = 0;
	for (int u = 0; u < f->n_units; u++)
		if (f->units[u].side && strcmp(f->units[u].side, f->sides[s].ident) == 0) {
			const struct facts_state *x = t < f->n_turns ? facts_state_at(f, t, u) : &f->units[u].end;
			n += x->removed ? 0 : x->stands;
		}
	return n;
}

const struct facts_state *facts_state_at(const struct facts *f, int t, int u)
{
	return &f->states[(size_t)t * (size_t)f->n_units + (size_t)u];
}

void facts_release(struct facts *f)
{
	free(f->ident);
	free(f->name);
	free(f->date);
	free(f->rules);
	free(f->scenario);
	free(f->result);
	free(f->campaign);
	for (int i = 0; i < f->n_sides; i++) {
		free(f->sides[i].ident);
		free(f->sides[i].label);
		free(f->sides[i].nation);
	}
	free(f->sides);
	for (int i = 0; i < f->n_units; i++) {
		free(f->units[i].ident);
		free(f->units[i].name);
		free(f->units[i].side);
		free(f->units[i].brigade);
		free(f->units[i].effects);
	}
	free(f->units);
	for (int i = 0; i < f->n_turns; i++)
		free(f->turns[i].side);
	free(f->turns);
	free(f->states);
	for (int i = 0; i < f->n_fallen; i++) {
		free(f->fallen[i].ident);
		free(f->fallen[i].name);
		free(f->fallen[i].side);
		free(f->fallen[i].what);
	}
	free(f->fallen);
	for (int i = 0; i < f->n_moments; i++)
		free(f->moments[i].effect);
	free(f->moments);
	memset(f, 0, sizeof *f);
}
