/* balance: scenario balance across plays (balance.h). */
#include "balance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../db/query.h"
#include "../grammar/xalloc.h"
#include "stats.h"

#define Z_95 1.959964	/* the normal quantile of a two-sided 95% interval */

static const char *const columns[] = {"scenario", "side",      "plays",      "wins",
				      "draws",    "share %",   "95% low %",  "95% high %"};

static void side_row(struct sheet *sh, sqlite3_stmt *st)
{
	long plays = sqlite3_column_int64(st, 2), wins = sqlite3_column_int64(st, 3);
	double lo, hi;
	stats_wilson(wins, plays, Z_95, &lo, &hi);
	sheet_text(sh, (const char *)sqlite3_column_text(st, 0));
	sheet_text(sh, (const char *)sqlite3_column_text(st, 1));
	sheet_int(sh, plays);
	sheet_int(sh, wins);
	sheet_int(sh, sqlite3_column_int64(st, 4));
	sheet_real(sh, 100.0 * wins / plays, 0);
	sheet_real(sh, 100.0 * lo, 0);
	sheet_real(sh, 100.0 * hi, 0);
	sheet_row(sh);
}

/* How many plays of a scenario have no victor stored (a result without
 * victor=, or a battle stored before the archive kept it). */
static long unknown_victors(struct store *s)
{
	sqlite3_stmt *st = NULL;
	long n = 0;
	if (sqlite3_prepare_v2(store_db(s), "SELECT count(*) FROM battle WHERE scenario_key IS NOT NULL AND victor IS NULL",
			       -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

struct sheet *balance_report(struct store *s, const char *scenario, char **err)
{
	*err = NULL;
	const char *args[1] = {scenario};	/* the named query's rows (db/queries.def) */
	sqlite3_stmt *st = query_prepare(s, query_find("balance"), args, scenario ? 1 : 0, err);
	if (!st)
		return NULL;
	struct sheet *sh = scenario ? sheet_newf("balance", "Balance: %s", scenario) : sheet_new("balance", "Scenario balance");
	sheet_section(sh, "sides", "Wins by side", SHEET_ALL);
	sheet_para(sh, "Each scenario over its plays with a result (victor=SIDE or victor=draw), each side as the "
		       "scenario names it: its plays, wins and draws, and the share of wins with its Wilson 95%% "
		       "interval, the range the scenario's true share is likely in after so few plays.  A balanced "
		       "scenario's interval takes in 50%% for two sides.");
	sheet_columns(sh, (int)(sizeof columns / sizeof columns[0]), columns);
	int rc, rows = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		side_row(sh, st);
		rows++;
	}
	if (rc != SQLITE_DONE)
		*err = xstrdup(store_error(s));
	else if (!rows) {
		char msg[512];
		long unknown = unknown_victors(s);
		int n = scenario ? snprintf(msg, sizeof msg, "no play of scenario '%.200s' has a result with victor=", scenario)
				 : snprintf(msg, sizeof msg, "no scenario in the archive has a play with a result with victor=");
		if (unknown > 0 && n > 0 && (size_t)n < sizeof msg)
			snprintf(msg + n, sizeof msg - (size_t)n,
				 "; %ld play%s of a scenario %s no victor stored, as battles stored before archive version 5 "
				 "do: umpire db reaudit --all reads their results again",
				 unknown, unknown == 1 ? "" : "s", unknown == 1 ? "has" : "have");
		*err = xstrdup(msg);
	}
	sqlite3_finalize(st);
	if (*err) {
		sheet_free(sh);
		return NULL;
	}
	return sh;
}

long balance_plays(struct store *s)
{
	sqlite3_stmt *st = NULL;
	long n = -1;
	if (sqlite3_prepare_v2(store_db(s), "SELECT count(*) FROM battle WHERE scenario_key IS NOT NULL AND victor IS NOT NULL",
			       -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}
