/* whatif: a battle audited under two readings, compared. */
#include "whatif.h"

#include <stdlib.h>
#include <string.h>

#include "../db/import.h"
#include "../db/store.h"
#include "../grammar/xalloc.h"
#include "facts.h"
#include "report.h"

static const char *const base_name = "as audited", *const changed_name = "what if";

/* Events whose derived result or difference changes (?1 the battle as
 * audited, ?2 what if). */
static const char sql_results[] =
	"SELECT a.stmt, a.turn, a.line, a.text, a.effect, b.effect, a.diff, b.diff\n"
	"FROM event a JOIN event b ON b.battle_id = ?2 AND b.stmt = a.stmt\n"
	"WHERE a.battle_id = ?1 AND (a.effect IS NOT b.effect OR a.diff IS NOT b.diff)";
/* Parts whose effect or losses change. */
static const char sql_parts[] =
	"SELECT ea.stmt, ea.turn, ea.line, ea.text, " STORE_PART_WHO("pa") ", pa.effect, pb.effect, pa.loss, pb.loss\n"
	"FROM event ea JOIN part pa ON pa.event_id = ea.id\n"
	"JOIN event eb ON eb.battle_id = ?2 AND eb.stmt = ea.stmt JOIN part pb ON pb.event_id = eb.id AND pb.seq = pa.seq\n"
	"WHERE ea.battle_id = ?1 AND (pa.effect IS NOT pb.effect OR pa.loss IS NOT pb.loss)";
/* Each field of a unit's or leader's state at the event where it starts
 * to differ, or becomes the same again. */
static const char sql_states[] =
	"WITH a AS (SELECT stmt, kind, ident, seq, field, value AS v FROM state_changes WHERE battle = ?1),\n"
	"b AS (SELECT stmt, kind, ident, field, value AS v FROM state_changes WHERE battle = ?2),\n"
	"j AS (SELECT a.stmt, a.kind, a.ident, a.seq, a.field, a.v AS va, b.v AS vb, a.v IS NOT b.v AS differs\n"
	"      FROM a LEFT JOIN b ON b.stmt = a.stmt AND b.kind = a.kind AND b.ident = a.ident AND b.field = a.field),\n"
	"k AS (SELECT *, lag(differs, 1, 0) OVER (PARTITION BY kind, ident, field ORDER BY stmt) AS before FROM j)\n"
	"SELECT k.stmt, e.turn, e.line, e.text, k.ident, k.field, k.va, k.vb, k.differs\n"
	"FROM k JOIN event e ON e.battle_id = ?1 AND e.stmt = k.stmt\n"
	"WHERE k.differs != k.before ORDER BY k.stmt, k.kind, k.ident, k.seq";

/* One change of one event. */
struct change {
	int stmt, turn, line, order;
	char *event, *what;
};

struct changes {
	struct change *v;
	int n, cap;
};

static const char *col(sqlite3_stmt *st, int c)
{
	const char *t = (const char *)sqlite3_column_text(st, c);
	return t ? t : "(none)";
}

static void add(struct changes *l, sqlite3_stmt *st, struct buf *what)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	l->v[l->n] = (struct change){sqlite3_column_int(st, 0), sqlite3_column_int(st, 1), sqlite3_column_int(st, 2),
				     l->n, xstrdup(col(st, 3)), xstrdup(what->text)};
	l->n++;
	buf_clear(what);
}

static bool collect(struct store *s, const char *sql, int64_t a, int64_t b, struct changes *l, int which, char **err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) != SQLITE_OK) {
		*err = xstrdup(store_error(s));
		sqlite3_finalize(st);
		return false;
	}
	sqlite3_bind_int64(st, 1, a);
	sqlite3_bind_int64(st, 2, b);
	struct buf w;
	buf_init(&w, 0);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (which == 0) {
			buf_printf(&w, "result %s -> %s", col(st, 4), col(st, 5));
			if (sqlite3_column_type(st, 6) != SQLITE_NULL &&
			    sqlite3_column_int(st, 6) != sqlite3_column_int(st, 7))
				buf_printf(&w, " (difference %+d -> %+d)", sqlite3_column_int(st, 6),
					   sqlite3_column_int(st, 7));
		} else if (which == 1) {
			buf_printf(&w, "%s", col(st, 4));
			if (strcmp(col(st, 5), col(st, 6)) != 0)
				buf_printf(&w, " %s -> %s", col(st, 5), col(st, 6));
			if (sqlite3_column_int(st, 7) != sqlite3_column_int(st, 8))
				buf_printf(&w, " loses %d -> %d", sqlite3_column_int(st, 7), sqlite3_column_int(st, 8));
		} else if (sqlite3_column_int(st, 8)) {
			buf_printf(&w, "from here %s %s %s -> %s", col(st, 4), col(st, 5), col(st, 6), col(st, 7));
		} else {
			buf_printf(&w, "from here %s %s the same again (%s)", col(st, 4), col(st, 5), col(st, 6));
		}
		add(l, st, &w);
	}
	buf_release(&w);
	if (rc != SQLITE_DONE)
		*err = xstrdup(store_error(s));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static int by_stmt(const void *x, const void *y)
{
	const struct change *a = x, *b = y;
	return a->stmt != b->stmt ? (a->stmt > b->stmt) - (a->stmt < b->stmt) : (a->order > b->order) - (a->order < b->order);
}

/* The events table: one row an event, its changes joined. */
static void event_rows(struct sheet *sh, struct changes *l, bool cut)
{
	if (l->n)
		qsort(l->v, (size_t)l->n, sizeof *l->v, by_stmt);
	struct buf all;
	buf_init(&all, 0);
	for (int i = 0, j; i < l->n; i = j) {
		buf_clear(&all);
		for (j = i; j < l->n && l->v[j].stmt == l->v[i].stmt; j++)
			buf_printf(&all, "%s%s", j > i ? "; " : "", l->v[j].what);
		sheet_int(sh, l->v[i].turn);
		sheet_int(sh, l->v[i].line);
		if (cut && strlen(l->v[i].event) > 48) {
			size_t at = 45;
			while (at > 0 && ((unsigned char)l->v[i].event[at] & 0xc0) == 0x80)	/* not inside a character */
				at--;
			sheet_textf(sh, "%.*s...", (int)at, l->v[i].event);
		} else
			sheet_text(sh, l->v[i].event);
		sheet_text(sh, all.text);
		sheet_row(sh);
	}
	buf_release(&all);
}

static void casualty_rows(struct sheet *sh, const struct facts *a, const struct facts *b)
{
	sheet_section(sh, "sides", "Casualties by side", SHEET_ALL);
	static const char *const cols[] = {"side", "lost as audited", "lost what if", "difference"};
	sheet_columns(sh, 4, cols);
	for (int s = 0; s < a->n_sides; s++) {
		long lost[2] = {0, 0};
		const struct facts *f[2] = {a, b};
		for (int k = 0; k < 2; k++)
			for (int i = 0; i < f[k]->n_units; i++)
				if (f[k]->units[i].side && strcmp(f[k]->units[i].side, a->sides[s].ident) == 0)
					lost[k] += f[k]->units[i].start - facts_left(&f[k]->units[i]);
		sheet_text(sh, a->sides[s].ident);
		sheet_int(sh, lost[0]);
		sheet_int(sh, lost[1]);
		sheet_int(sh, lost[1] - lost[0]);
		sheet_row(sh);
	}
	sheet_section(sh, "units", "Units whose casualties differ", SHEET_ALL);
	static const char *const ucols[] = {"side", "unit", "left as audited", "left what if", "difference",
					    "removed as audited", "removed what if"};
	sheet_columns(sh, 7, ucols);
	for (int i = 0; i < a->n_units && i < b->n_units; i++) {	/* the same order of battle */
		const struct facts_unit *ua = &a->units[i], *ub = &b->units[i];
		if (facts_left(ua) == facts_left(ub) && ua->removed_turn == ub->removed_turn)
			continue;
		sheet_text(sh, ua->side);
		sheet_text(sh, ua->ident);
		sheet_int(sh, facts_left(ua));
		sheet_int(sh, facts_left(ub));
		sheet_int(sh, facts_left(ub) - facts_left(ua));
		if (ua->removed_turn)
			sheet_textf(sh, "turn %d", ua->removed_turn);
		else
			sheet_empty(sh);
		if (ub->removed_turn)
			sheet_textf(sh, "turn %d", ub->removed_turn);
		else
			sheet_empty(sh);
		sheet_row(sh);
	}
}

/* Audits b into the campaign called name; its number, or 0 with *err. */
static int64_t audited(struct store *s, const struct battle *b, const char *name, enum audit_follow follow,
		       const char *const *options, int n, char **err)
{
	struct import_opts io = {.campaign = name, .follow = follow, .options = options, .n_options = n,
				 .umpire_version = UMPIRE_VERSION, .every_field = true};	/* compared event by event */
	int64_t id = 0;
	char *msg = NULL;
	if (import_battle(s, b, &io, &id, &msg) != IMPORT_ADDED) {
		*err = msg ? msg : xstrdup("the battle cannot be audited");
		return 0;
	}
	free(msg);
	return id;
}

static void joined(struct buf *out, const char *const *v, int n)
{
	for (int i = 0; i < n; i++)
		buf_printf(out, "%s%s", i ? " " : "", v[i]);
}

/* Whether the battle's own header sets option "NAME=VALUE" as given. */
static bool battle_option_is(struct store *s, int64_t battle, const char *setting)
{
	static const char sql[] = "SELECT count(*) FROM battle_attr WHERE battle_id = ?1 AND kind = 'option'\n"
				  "  AND name || '=' || value = ?2";
	sqlite3_stmt *st = NULL;
	bool is = false;
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, battle);
		sqlite3_bind_text(st, 2, setting, -1, SQLITE_STATIC);
		is = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) > 0;
	}
	sqlite3_finalize(st);
	return is;
}

static struct sheet *compare(struct store *s, int64_t a, int64_t b, const struct whatif_base *base,
			     const char *const *changes, int n_changes, char **err)
{
	struct facts fa, fb;
	bool loaded_a = facts_load(s, a, &fa, err), loaded_b = loaded_a && facts_load(s, b, &fb, err);
	struct changes l = {0};
	struct sheet *sh = NULL;
	if (loaded_b && collect(s, sql_results, a, b, &l, 0, err) && collect(s, sql_parts, a, b, &l, 1, err) &&
	    collect(s, sql_states, a, b, &l, 2, err)) {
		sh = sheet_newf("whatif", "What if: %s", fa.name ? fa.name : "battle");
		free(fa.campaign);	/* the archive in memory's own */
		fa.campaign = NULL;
		report_meta(sh, &fa);
		struct buf t;
		buf_init(&t, 0);
		joined(&t, changes, n_changes);
		sheet_meta(sh, "what if", t.text);
		buf_clear(&t);
		if (base->campaign_options && *base->campaign_options)
			buf_printf(&t, "%s ", base->campaign_options);
		joined(&t, base->options, base->n_options);
		sheet_meta(sh, "as audited", t.len ? t.text : "the battle's own options");
		buf_release(&t);
		bool t_same = fa.events > 0;	/* every change a reading the audit already had */
		for (int i = 0; i < n_changes; i++) {
			bool had = false;
			for (int k = 0; k < base->n_options && !had; k++)
				had = strcmp(base->options[k], changes[i]) == 0;
			t_same &= had || battle_option_is(s, a, changes[i]);
		}
		sheet_section(sh, "events", "Events that change", SHEET_READER);
		sheet_para(sh, "Both readings follow the derivation, not the claims (which were played under one "
			       "reading): every event whose derived result or losses change, and where a unit's or "
			       "leader's state starts to differ (it stays so until it is the same again).");
		if (!l.n)
			sheet_para(sh, "No event changes: under this reading the battle goes as it went%s.",
				   t_same ? " (it is the reading the battle was audited under)" : "");
		static const char *const cols[] = {"turn", "line", "event", "changes"};
		sheet_columns(sh, 4, cols);
		event_rows(sh, &l, true);
		sheet_section(sh, "changes", "Events that change", SHEET_DATA);
		sheet_columns(sh, 4, cols);
		event_rows(sh, &l, false);
		casualty_rows(sh, &fa, &fb);
	}
	for (int i = 0; i < l.n; i++) {
		free(l.v[i].event);
		free(l.v[i].what);
	}
	free(l.v);
	if (loaded_b)
		facts_release(&fb);
	if (loaded_a)
		facts_release(&fa);
	return sh;
}

struct sheet *whatif_report(const struct battle *b, const struct whatif_base *base, const char *const *changes,
			    int n_changes, char **err)
{
	*err = NULL;
	if (base->n_options + n_changes > AUDIT_MAX_OPTIONS) {
		*err = xstrdup("too many options");
		return NULL;
	}
	struct store_opts so = {.path = STORE_SCRATCH, .create = true};
	struct store *s = store_open(&so, err);
	if (!s)
		return NULL;
	const char *opts[AUDIT_MAX_OPTIONS];
	int n = 0;
	for (int i = 0; i < base->n_options; i++)
		opts[n++] = base->options[i];
	for (int i = 0; i < n_changes; i++)	/* later ones win */
		opts[n++] = changes[i];
	struct sheet *sh = NULL;
	const char *options = base->campaign_options ? base->campaign_options : "";
	if (!store_new_campaign(s, base_name, options) || !store_new_campaign(s, changed_name, options)) {
		*err = xstrdup(store_error(s));
	} else {
		/* both follow the derivation: the claims were played under one
		 * reading, and the question is what each reading gives */
		int64_t a = audited(s, b, base_name, FOLLOW_DERIVED, base->options, base->n_options, err);
		int64_t w = a ? audited(s, b, changed_name, FOLLOW_DERIVED, opts, n, err) : 0;
		if (w)
			sh = compare(s, a, w, base, changes, n_changes, err);
	}
	store_close(s);
	return sh;
}
