/* campaign: battles, losses and strengths across a campaign. */
#include "campaign.h"

#include <stdlib.h>
#include <string.h>

#include "../grammar/xalloc.h"

/* The campaign's battles in campaign order, numbered (k) from 1. */
#define BATTLES                                                                                                 \
	"WITH bs AS (SELECT b.id, b.ident, b.name, b.date, b.result,\n"                                         \
	"              row_number() OVER (ORDER BY coalesce(b.date, '~'), coalesce(b.seq, 0), b.id) AS k\n"     \
	"            FROM campaign c JOIN battle b ON b.campaign_id = c.id WHERE c.name = ?1)\n"

static const char sql_battles[] = BATTLES
	"SELECT bs.k AS \"#\", bs.id AS \"stored as\", bs.ident AS id, bs.name, bs.date, bs.result,\n"
	"  (SELECT count(*) FROM event e WHERE e.battle_id = bs.id AND e.kind = 'event') AS events,\n"
	"  (SELECT count(*) FROM finding f WHERE f.battle_id = bs.id AND f.severity = 'error' AND NOT f.overruled)\n"
	"    AS errors\n"
	"FROM bs ORDER BY bs.k";

/* Every unit of every battle: its stands at the start and those it had
 * left in play at the end (the last change of its stands, none once it
 * was removed, as the casualty report counts them; SQLite takes a bare
 * column from the row of max()), each unit's rows together, sides and
 * units in the order they first appear. */
static const char sql_units[] = BATTLES
	",\nlast AS (SELECT u.battle_id, u.ident, 'stands' AS field, s.stands AS num, max(s.stmt) FROM bs\n"
	"          JOIN unit u ON u.battle_id = bs.id JOIN unit_state s ON s.unit_id = u.id\n"
	"          WHERE s.stands IS NOT NULL GROUP BY u.id\n"
	"          UNION ALL\n"
	"          SELECT u.battle_id, u.ident, 'removed', s.removed, max(s.stmt) FROM bs\n"
	"          JOIN unit u ON u.battle_id = bs.id JOIN unit_state s ON s.unit_id = u.id\n"
	"          WHERE s.removed IS NOT NULL GROUP BY u.id),\n"
	"units AS (SELECT bs.k, bs.name, coalesce(s.ident, '') AS side, u.campaign_ident AS unit, u.name AS unit_name,\n"
	"            u.stands AS start,\n"
	"            CASE WHEN gone.num THEN 0 ELSE coalesce(kept.num, u.stands) END AS left, u.id,\n"
	"            min(u.id) OVER (PARTITION BY s.ident, u.campaign_ident) AS first,\n"
	"            min(u.id) OVER (PARTITION BY s.ident) AS side_first\n"
	"          FROM bs JOIN unit u ON u.battle_id = bs.id LEFT JOIN side s ON s.id = u.side_id\n"
	"          LEFT JOIN last kept ON kept.battle_id = bs.id AND kept.ident = u.ident AND kept.field = 'stands'\n"
	"          LEFT JOIN last gone ON gone.battle_id = bs.id AND gone.ident = u.ident AND gone.field = 'removed')\n"
	"SELECT k, name, side, unit, start, left, unit_name FROM units ORDER BY side_first, first, k";

struct side_total {
	char *side;
	long *units, *start, *left;	/* by battle (k - 1) */
};

struct totals {
	struct side_total *v;
	int n, battles;
};

static struct side_total *side_of(struct totals *t, const char *side)
{
	for (int i = 0; i < t->n; i++)	/* a campaign has two or three sides */
		if (strcmp(t->v[i].side, side) == 0)
			return &t->v[i];
	t->v = xrealloc(t->v, ((size_t)t->n + 1) * sizeof *t->v);
	struct side_total *s = &t->v[t->n++];
	s->side = xstrdup(side);
	s->units = xcalloc((size_t)t->battles + 1, sizeof *s->units);
	s->start = xcalloc((size_t)t->battles + 1, sizeof *s->start);
	s->left = xcalloc((size_t)t->battles + 1, sizeof *s->left);
	return s;
}

static void totals_free(struct totals *t)
{
	for (int i = 0; i < t->n; i++) {
		free(t->v[i].side);
		free(t->v[i].units);
		free(t->v[i].start);
		free(t->v[i].left);
	}
	free(t->v);
}

static sqlite3_stmt *prepare(struct store *s, const char *sql, const char *name, char **err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) != SQLITE_OK) {
		*err = xstrdup(store_error(s));
		sqlite3_finalize(st);
		return NULL;
	}
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	return st;
}

/* The strength matrix (a column a battle), the same as rows for data, and
 * each side's totals; one pass over the units' rows. */
static bool strengths(struct store *s, struct sheet *sh, const char *name, int battles, struct totals *t, char **err)
{
	sqlite3_stmt *st = prepare(s, sql_units, name, err);
	if (!st)
		return false;
	struct sheet *rows = sheet_new("campaign", "");
	sheet_section(rows, "strength-rows", "Each unit's stands, battle by battle", SHEET_DATA);
	static const char *const cols[] = {"side", "unit", "#", "battle", "start", "left"};
	sheet_columns(rows, 6, cols);
	sheet_section(sh, "strength", "Each unit's stands, battle by battle", SHEET_READER);
	sheet_para(sh, "Each unit (by its campaign identity: a battle's unit of the same id or as=, named as in its "
		       "first battle) in each battle, numbered as above: its stands at the start and those it had left "
		       "in play at the end (none once removed).");
	const char **names = xmalloc(((size_t)battles + 3) * sizeof *names);
	char(*labels)[12] = xmalloc(((size_t)battles + 1) * sizeof *labels);
	names[0] = "side";
	names[1] = "unit";
	for (int k = 1; k <= battles; k++) {
		snprintf(labels[k], sizeof labels[k], "%d", k);
		names[k + 1] = labels[k];
	}
	sheet_columns(sh, battles + 2, names);
	int rc, at = 0;	/* the battle column the current unit's row has reached */
	char side[256] = "", unit[256] = "";
	bool open = false;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int k = sqlite3_column_int(st, 0);
		const char *sd = (const char *)sqlite3_column_text(st, 2), *un = (const char *)sqlite3_column_text(st, 3);
		long start = (long)sqlite3_column_int64(st, 4), left = (long)sqlite3_column_int64(st, 5);
		if (!open || strcmp(sd, side) != 0 || strcmp(un, unit) != 0) {	/* the next unit */
			if (open)
				sheet_row(sh);
			snprintf(side, sizeof side, "%s", sd);
			snprintf(unit, sizeof unit, "%s", un);
			sheet_text(sh, sd);
			const char *called = (const char *)sqlite3_column_text(st, 6);	/* its name in its first battle */
			sheet_text(sh, called && *called ? called : un);
			at = 0;
			open = true;
		}
		for (; at + 1 < k; at++)	/* the battles it missed */
			sheet_empty(sh);
		if (at < k) {	/* a unit twice in one battle (two as= alike): the first */
			sheet_textf(sh, "%ld/%ld", start, left);
			at = k;
		}
		struct side_total *tot = side_of(t, sd);
		tot->units[k - 1]++;
		tot->start[k - 1] += start;
		tot->left[k - 1] += left;
		sheet_text(rows, sd);
		sheet_text(rows, un);
		sheet_int(rows, k);
		sheet_text(rows, (const char *)sqlite3_column_text(st, 1));
		sheet_int(rows, start);
		sheet_int(rows, left);
		sheet_row(rows);
	}
	if (open)
		sheet_row(sh);
	sheet_note(sh, "Each cell: stands at the start / at the end of that battle; empty where the unit was not there.");
	sheet_adopt(sh, rows, "strength-rows", NULL);
	sheet_free(rows);
	free(names);
	free(labels);
	if (rc != SQLITE_DONE)
		*err = xstrdup(store_error(s));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static void losses(struct sheet *sh, const struct totals *t, char **battle_names)
{
	sheet_section(sh, "losses", "Losses by battle and side", SHEET_ALL);
	static const char *const cols[] = {"#", "battle", "side", "units", "start", "lost", "left", "lost %"};
	sheet_columns(sh, 8, cols);
	for (int k = 0; k < t->battles; k++)
		for (int i = 0; i < t->n; i++) {
			const struct side_total *s = &t->v[i];
			if (!s->units[k])
				continue;
			sheet_int(sh, k + 1);
			sheet_text(sh, battle_names[k]);
			sheet_text(sh, s->side);
			sheet_int(sh, s->units[k]);
			sheet_int(sh, s->start[k]);
			sheet_int(sh, s->start[k] - s->left[k]);
			sheet_int(sh, s->left[k]);
			if (s->start[k])
				sheet_real(sh, 100.0 * (s->start[k] - s->left[k]) / s->start[k], 1);
			else
				sheet_empty(sh);
			sheet_row(sh);
		}
	sheet_section(sh, "sides", "Each side over the campaign", SHEET_ALL);
	static const char *const scols[] = {"side", "battles", "stands brought", "lost"};
	sheet_columns(sh, 4, scols);
	for (int i = 0; i < t->n; i++) {
		long battles = 0, start = 0, lost = 0;
		for (int k = 0; k < t->battles; k++) {
			battles += t->v[i].units[k] > 0;
			start += t->v[i].start[k];
			lost += t->v[i].start[k] - t->v[i].left[k];
		}
		sheet_text(sh, t->v[i].side);
		sheet_int(sh, battles);
		sheet_int(sh, start);
		sheet_int(sh, lost);
		sheet_row(sh);
	}
}

struct sheet *campaign_report(struct store *s, const char *name, char **err)
{
	*err = NULL;
	sqlite3_stmt *st = prepare(s, sql_battles, name, err);
	if (!st)
		return NULL;
	struct sheet *sh = sheet_newf("campaign", "Campaign: %s", *name ? name : "(battles of no campaign)");
	sheet_section(sh, "battles", "Battles", SHEET_ALL);
	sheet_para(sh, "In the order fought: by date, then the order the organiser gave (seq=), then the order stored.");
	long n = sheet_query(sh, st, -1, NULL);
	sqlite3_reset(st);
	char **names = xcalloc((size_t)(n > 0 ? n : 0) + 1, sizeof *names);
	int k = 0;
	while (n > 0 && k < n && sqlite3_step(st) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(st, 3);
		names[k++] = xstrdup(t ? t : "");
	}
	sqlite3_finalize(st);
	struct totals t = {.battles = (int)(n > 0 ? n : 0)};
	bool ok = n > 0;
	if (n < 0)
		*err = xstrdup(store_error(s));
	else if (n == 0)
		*err = xstrdup("no battle of the archive is in that campaign ('umpire db campaign list' lists them)");
	else {
		char count[32];
		snprintf(count, sizeof count, "%ld", n);
		sheet_meta(sh, "battles", count);
		struct sheet *tail = sheet_new("campaign", "");
		ok = strengths(s, tail, name, t.battles, &t, err);
		if (ok) {
			losses(sh, &t, names);
			sheet_adopt(sh, tail, "strength", NULL);
			sheet_adopt(sh, tail, "strength-rows", NULL);
		}
		sheet_free(tail);
	}
	for (int i = 0; i < k; i++)
		free(names[i]);
	free(names);
	totals_free(&t);
	if (!ok) {
		sheet_free(sh);
		return NULL;
	}
	return sh;
}
