/* test_query: the archive's named queries: each one's plan searches an
 * index and reads no large table whole, and what they answer on the two
 * examples, worked out from the files and the seeds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../db/import.h"
#include "../db/query.h"

/* An archive holding both examples, Palo Alto (1) and Resaca (2). */
static struct store *examples(void)
{
	static const char *const files[] = {"examples/palo-alto.battle", "examples/resaca-de-la-palma.battle"};
	struct store *s = tu_memory_store();
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		struct diags d;
		struct battle *b = tu_parse_file(files[i], &d);
		assert_int_equal(d.n_errors, 0);
		diags_release(&d);
		struct import_opts o = {.umpire_version = "test"};
		int64_t id;
		char *msg = NULL;
		assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_ADDED);
		free(msg);
		battle_free(b);
	}
	return s;
}

/* Sample arguments for each query: every argument given. */
static const char *sample(const char *arg)
{
	return strstr(arg, "BATTLE") ? "1" : strstr(arg, "UNIT") ? "5inf" : strstr(arg, "LINE") ? "72" : "";
}

/* What a query may read whole, as its plan names it (a table or its
 * alias): the campaigns and the battles, a few hundred rows in the largest
 * archive; a subquery's own rows, unit-state's one-row CTEs, json_each
 * over one row's JSON and a VALUES list written in the query.  Every table that grows with the events (event,
 * part, modifier, finding, unit_state, unit...) must be searched. */
static bool may_scan(const char *what)
{
	static const char *const small[] = {"campaign", "c", "battle", "b", "later", "at", "it"};	/* at, it: CTEs of a row */
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
		if (strcmp(what, small[i]) == 0)
			return true;
	return what[0] == '(' || strcmp(what, "CONSTANT") == 0;
}

static void test_plans_use_indexes(void **state)
{
	(void)state;
	struct store *s = examples();
	const struct query_def *q;
	for (size_t i = 0; (q = query_at(i)) != NULL; i++) {
		const char *args[8];
		int n = 0;
		char copy[128];
		snprintf(copy, sizeof copy, "%s", q->args);
		for (char *tok = strtok(copy, " "); tok && n < 8; tok = strtok(NULL, " "))
			args[n++] = sample(tok);
		char *err = NULL;
		sqlite3_stmt *st = query_prepare(s, q, args, n, &err);
		if (!st)
			fail_msg("%s: %s", q->name, err);
		char sql[8192];
		snprintf(sql, sizeof sql, "EXPLAIN QUERY PLAN %s", sqlite3_sql(st));
		sqlite3_stmt *plan = NULL;
		assert_int_equal(sqlite3_prepare_v2(store_db(s), sql, -1, &plan, NULL), SQLITE_OK);
		for (int k = 1; k <= n; k++)
			sqlite3_bind_text(plan, k, args[k - 1], -1, SQLITE_TRANSIENT);
		int searches = 0;
		while (sqlite3_step(plan) == SQLITE_ROW) {
			const char *detail = (const char *)sqlite3_column_text(plan, 3);
			searches += strstr(detail, " USING ") != NULL;
			char table[64];
			if (sscanf(detail, "SCAN %63s", table) == 1 && !may_scan(table) &&
			    !strstr(detail, "VIRTUAL TABLE") &&	/* even along an index: whole; json_each reads one row's JSON */
			    !strstr(detail, "CONSTANT ROWS"))	/* a VALUES list in the query: the core's field names */
				fail_msg("%s reads %s whole: %s", q->name, table, detail);
		}
		if (!searches)
			fail_msg("%s searches no index", q->name);
		sqlite3_finalize(plan);
		sqlite3_finalize(st);
	}
	store_close(s);
}

/* The rows of a query as "a b c; d e f" (NULL as -), for assertions. */
static const char *rows(struct store *s, const char *name, const char *const *args, int n)
{
	static char out[4096];
	char *err = NULL;
	sqlite3_stmt *st = query_prepare(s, query_find(name), args, n, &err);
	if (!st)
		fail_msg("%s: %s", name, err);
	out[0] = '\0';
	size_t len = 0;
	while (sqlite3_step(st) == SQLITE_ROW && len < sizeof out - 256) {
		if (len)
			len += (size_t)snprintf(out + len, sizeof out - len, "; ");
		for (int c = 0; c < sqlite3_column_count(st); c++) {
			const char *t = (const char *)sqlite3_column_text(st, c);
			len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", c ? " " : "", t ? t : "-");
		}
	}
	sqlite3_finalize(st);
	return out;
}

/* How many event statements a file of the examples holds, counted on its
 * own parse (not the archive's). */
static int events_in(const char *path)
{
	struct diags d;
	struct battle *b = tu_parse_file(path, &d);
	diags_release(&d);
	int n = 0;
	for (int i = 0; i < b->n_stmts; i++)
		n += b->stmts[i].kind == ST_EVENT;
	battle_free(b);
	return n;
}

static void test_answers(void **state)
{
	(void)state;
	struct store *s = examples();
	char want[256];
	/* the campaign of battles imported without one is "" (two spaces below) */
	snprintf(want, sizeof want, "1  palo-alto Palo Alto 1846-05-08 rff-maw %d 0 0; 2  resaca Resaca de la Palma "
		 "1846-05-09 rff-maw %d 0 0", events_in("examples/palo-alto.battle"),
		 events_in("examples/resaca-de-la-palma.battle"));
	const char *none[] = {NULL};
	assert_string_equal(rows(s, "battles", none, 0), want);
	/* 5inf: 8 stands at Palo Alto, 7 at Resaca (the two orders of battle) */
	const char *unit[] = {"5inf"};
	const char *history = rows(s, "unit-history", unit, 1);
	/* at Palo Alto 5inf ends as it began, 8 of 8 (fresh: 8/5/3, 000:685), and
	 * disordered, its breakthrough (line 210) being a second combat
	 * (002:238-240); in its ruleset's words, not field=value */
	assert_non_null(strstr(history, "1  Palo Alto 1846-05-08 5inf 8 8 fresh, disordered, line 0 0 0"));
	assert_non_null(strstr(history, "2  Resaca de la Palma 1846-05-09 5inf 7 "));
	/* 7cav after Palo Alto's line 72: 5 stands, broken (002:243, worked out in test_import) */
	const char *at[] = {"palo-alto", "7cav", "72"};
	const char *st = rows(s, "unit-state", at, 3);
	assert_non_null(strstr(st, "stands 5"));
	assert_non_null(strstr(st, "order broken"));
	assert_non_null(strstr(st, "formation -"));
	/* no error stands unsettled in either example */
	const char *campaign[] = {""};
	assert_string_equal(rows(s, "campaign-errors", campaign, 1), "");
	/* arguments: too few, too many, a battle not stored */
	char *err = NULL;
	assert_null(query_prepare(s, query_find("unit-state"), at, 2, &err));
	assert_non_null(strstr(err, "takes BATTLE UNIT LINE"));
	free(err);
	const char *many[] = {"a", "b"};
	assert_null(query_prepare(s, query_find("battles"), many, 2, &err));
	free(err);
	const char *missing[] = {"Waterloo", "7cav", "1"};
	assert_null(query_prepare(s, query_find("unit-state"), missing, 3, &err));
	assert_non_null(strstr(err, "Waterloo"));
	free(err);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plans_use_indexes),
		cmocka_unit_test(test_answers),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
