/* test_store: opening the archive, its versions and what it refuses.
 *
 * On-disk archives go under build/test_store/; nothing is written
 * elsewhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "../db/store.h"

#define DIR "build/test_store"

static char *path_of(const char *name)
{
	static char buf[256];
	snprintf(buf, sizeof buf, DIR "/%s", name);
	remove(buf);
	return buf;
}

/* One integer a query on a separate connection returns: what the file is,
 * as another program sees it. */
static long long peek(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long v = -1;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* Runs sql on the file with a connection of its own (to make odd files). */
static void make(const char *path, const char *sql)
{
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static struct store *open_at(const char *path, char **err)
{
	struct store_opts o = {.path = path, .create = true};
	return store_open(&o, err);
}

/* A new archive: made with its folder, marked as umpire's, at this version,
 * with foreign keys on and the write-ahead log. */
static void test_new_archive(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("new/deeper/a.db");
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	assert_null(err);
	assert_int_equal(peek(path, "PRAGMA application_id"), 0x554d5052);	/* "UMPR" */
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	assert_int_equal(peek(path, "SELECT count(*) FROM campaign WHERE name = ''"), 1);
	sqlite3_stmt *fk = NULL;
	assert_int_equal(sqlite3_prepare_v2(store_db(s), "PRAGMA foreign_keys", -1, &fk, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(fk), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(fk, 0), 1);
	sqlite3_finalize(fk);
	store_close(s);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'wal'"), 1);
	/* opened again: nothing to migrate, no backup copy */
	s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	struct stat st;
	assert_int_not_equal(stat(DIR "/new/deeper/a.db.v0.bak", &st), 0);
	assert_int_not_equal(stat(DIR "/new/deeper/a.db.v1.bak", &st), 0);
}

/* Only a command that stores makes an archive: another, on a path with
 * none, says so and makes nothing (not even the folder). */
static void test_no_archive_made(void **state)
{
	(void)state;
	char *err = NULL;
	struct store_opts o = {.path = DIR "/absent/a.db"};
	assert_null(store_open(&o, &err));
	assert_non_null(strstr(err, "there is no archive at"));
	free(err);
	struct stat st;
	assert_int_not_equal(stat(DIR "/absent", &st), 0);
	o.path = "";
	assert_null(store_open(&o, &err));
	assert_non_null(strstr(err, "needs a path"));
	free(err);
}

/* Every named statement prepares against the schema. */
static void test_statements_prepare(void **state)
{
	(void)state;
	char *err = NULL;
	struct store *s = open_at(":memory:", &err);
	assert_non_null(s);
	for (int i = 0; i < STMT_N; i++)
		if (!store_stmt(s, (enum store_stmt)i))
			fail_msg("statement %d does not prepare: %s", i, store_error(s));
	store_close(s);
}

/* A file that is not an umpire archive is refused and left as it was. */
static void test_not_an_archive(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("other.db");
	make(path, "PRAGMA application_id = 42; CREATE TABLE t (x); INSERT INTO t VALUES (1);");
	assert_null(open_at(path, &err));
	assert_non_null(strstr(err, "not an umpire archive"));
	free(err);
	assert_int_equal(peek(path, "PRAGMA application_id"), 42);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema"), 1);
	/* a text file is not even SQLite */
	path = path_of("text.db");
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("battle \"not a database\"\n", f);
	fclose(f);
	assert_null(open_at(path, &err));
	assert_non_null(strstr(err, "not an umpire archive"));
	free(err);
	char *text = tu_read_file(path, NULL);
	assert_string_equal(text, "battle \"not a database\"\n");
	free(text);
}

/* An archive of a newer umpire is refused and left as it was. */
static void test_newer_archive(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("newer.db");
	make(path, "PRAGMA application_id = 1431130194; PRAGMA user_version = 99; CREATE TABLE future (x);");
	assert_null(open_at(path, &err));
	assert_non_null(strstr(err, "newer umpire"));
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 99);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema"), 1);
}

/* A version-0 archive (umpire's mark, no schema yet) is migrated in one
 * transaction after a backup copy of it is written. */
static void test_migrates_version_0(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("v0.db");
	char backup[256];
	snprintf(backup, sizeof backup, "%s.v0.bak", path);
	remove(backup);
	make(path, "PRAGMA application_id = 1431130194;");
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	assert_int_equal(peek(backup, "PRAGMA user_version"), 0);	/* the copy: the file as it was */
	assert_int_equal(peek(backup, "PRAGMA application_id"), 0x554d5052);
	assert_int_equal(peek(backup, "SELECT count(*) FROM sqlite_schema"), 0);
}

/* A version-0 archive with a table umpire did not make is refused, named,
 * and left as it was, with no backup copy. */
static void test_version_0_with_a_table(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("v0t.db");
	char backup[256];
	snprintf(backup, sizeof backup, "%s.v0.bak", path);
	remove(backup);
	make(path, "PRAGMA application_id = 1431130194; CREATE TABLE notes (x); INSERT INTO notes VALUES ('kept');");
	assert_null(open_at(path, &err));
	assert_non_null(strstr(err, "table 'notes' is not umpire's"));
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 0);
	assert_int_equal(peek(path, "SELECT count(*) FROM notes"), 1);
	struct stat st;
	assert_int_not_equal(stat(backup, &st), 0);
}

/* A version-1 archive, with a battle of its own, gains version 2's views,
 * version 3's odds of each part, version 4's saw_combat and version 5's
 * scenario balance (the scenario's name its key until a reaudit gives it
 * its id=; no victor), and loses version 6's derivation steps, its rows
 * kept, after a backup copy of it as it was. */
static void test_migrates_version_1(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("v1.db");
	char backup[256];
	snprintf(backup, sizeof backup, "%s.v1.bak", path);
	remove(backup);
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, store_migration(1), NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1431130194; PRAGMA user_version = 1;"
				      "INSERT INTO battle (campaign_id, name, rules, scenario, content_hash, umpire_version, "
				      "audit_options, follow) VALUES (1, 'Old', 'rff-maw', 'The bridge', 'h', '0.0.1', '', "
				      "'claimed');",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE name IN ('snapshot', 'state_delta_by_ident', "
				    "'state_delta')"), 0);	/* 10, 11 */
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('part') WHERE name IN ('unit_id', 'leader_id')"),
			 2);	/* 15 */
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('part') WHERE name IN ('id', 'after')"), 0);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('modifier') WHERE name IN ('source', 'why')"), 0);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'snapshot_by_battle'"), 0);	/* 7 */
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'step'"), 0);	/* version 6 */
	assert_int_equal(peek(path, "SELECT count(*) FROM battle WHERE scenario_key = 'The bridge' AND victor IS NULL"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('side') WHERE name = 'scenario_side'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM battles WHERE name = 'Old'"), 1);	/* the view */
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('part') "
				    "WHERE name IN ('sides', 'at_least', 'at_most', 'exp_loss')"), 4);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('unit') WHERE name = 'saw_combat'"), 1);
	assert_int_equal(peek(backup, "PRAGMA user_version"), 1);
	assert_int_equal(peek(backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'battles'"), 0);
}

/* A version-9 archive's turn snapshots become changes of their turn
 * lines (version 10), and its changes one JSON object per unit and
 * statement, the fields in the ruleset's order (version 11): each turn's
 * state reads as it did, the latest of the turn line's and the events'
 * before it.  Its options become rows (version 13). */
static void test_migrates_snapshots(void **state)
{
	(void)state;
	const char *path = path_of("v9.db");
	char backup[256];
	snprintf(backup, sizeof backup, "%s.v9.bak", path);
	remove(backup);
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	for (int v = 1; v <= 9; v++)
		assert_int_equal(sqlite3_exec(db, store_migration(v), NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1431130194; PRAGMA user_version = 9;"
				      "INSERT INTO battle (campaign_id, name, rules, content_hash, umpire_version, audit_options,"
				      " follow, campaign_options) VALUES (1, 'Old', 'rff-maw', 'h', '0.0.1',"
				      " 'fire-columns=five panic-loss=text', 'claimed', 'lancers=qrs');"
				      "UPDATE campaign SET options = 'lancers=qrs national-guard=line' WHERE id = 1;"
				      "INSERT INTO unit (battle_id, ident, name, campaign_ident, stands) VALUES (1, 'a', 'A', 'a', 8);"
				      "INSERT INTO leader (battle_id, ident, name) VALUES (1, 'g', 'G');"
				      "INSERT INTO event (id, battle_id, stmt, file_idx, line, kind, turn, text) VALUES"
				      " (1, 1, 1, 0, 5, 'turn', 1, 'turn 1 US'), (2, 1, 2, 0, 6, 'event', 1, 'fire'),"
				      " (3, 1, 3, 0, 7, 'turn', 2, 'turn 2 US');"
				      "INSERT INTO snapshot VALUES (1, 'U', 'a', 1, 'stands', 8, NULL),"
				      " (1, 'U', 'a', 2, 'formation', NULL, 'line'), (3, 'U', 'a', 1, 'stands', 6, NULL),"
				      " (3, 'U', 'a', 2, 'formation', NULL, 'column'), (1, 'L', 'g', 0, 'killed', 0, NULL);"
				      "INSERT INTO part (event_id, seq, role, unit, loss) VALUES (2, 0, 'firer', 'A', 0),"
				      " (2, 1, 'leader', 'g', 0);"
				      "INSERT INTO state_delta VALUES (2, 'U', 'a', 1, 'stands', 6, NULL),"
				      " (2, 'U', 'a', 0, 'attached', NULL, NULL), (2, 'L', 'g', 0, 'killed', 1, NULL);",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	char *err = NULL;
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	/* version 16: the core's stands a typed column, the rest the JSON it was */
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state"), 3);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state WHERE stmt = 1 AND stands = 8 "
				    "AND fields = '{\"formation\":\"line\"}'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state WHERE stmt = 2 AND stands = 6 "
				    "AND fields = '{\"attached\":null}'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state WHERE stmt = 3 AND stands = 6 "
				    "AND fields = '{\"formation\":\"column\"}'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM leader_state WHERE stmt = 2 AND fields = '{\"killed\":1}'"), 1);
	assert_int_equal(peek(path, "SELECT value FROM turn_states WHERE turn = 1 AND field = 'stands'"), 8);
	assert_int_equal(peek(path, "SELECT value FROM turn_states WHERE turn = 2 AND field = 'stands'"), 6);
	assert_int_equal(peek(path, "SELECT count(*) FROM turn_states WHERE turn = 1 AND field = 'formation' AND value = 'line'"),
			 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM turn_states WHERE turn = 2 AND field = 'formation' "
				    "AND value = 'column'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM turn_states WHERE turn = 2 AND kind = 'L' AND value = 1"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM turn_states"), 7);
	/* its options as rows (version 13), in the order written */
	assert_int_equal(peek(path, "SELECT count(*) FROM battle_option WHERE source = 'run' AND (seq, name, value) "
				    "IN (VALUES (0, 'fire-columns', 'five'), (1, 'panic-loss', 'text'))"), 2);
	assert_int_equal(peek(path, "SELECT count(*) FROM battle_option WHERE source = 'campaign' AND seq = 0 "
				    "AND name = 'lancers' AND value = 'qrs'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM battle_option"), 3);
	assert_int_equal(peek(path, "SELECT count(*) FROM campaign_option WHERE (seq, name, value) "
				    "IN (VALUES (0, 'lancers', 'qrs'), (1, 'national-guard', 'line'))"), 2);
	assert_int_equal(peek(path, "SELECT count(*) FROM battles WHERE audit_options = 'fire-columns=five panic-loss=text'"),
			 1);
	/* its parts name their unit or leader by its row (version 15), the ident matched in any case */
	assert_int_equal(peek(path, "SELECT count(*) FROM part p JOIN unit u ON u.id = p.unit_id "
				    "WHERE p.seq = 0 AND u.ident = 'a' AND p.leader_id IS NULL"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM part p JOIN leader l ON l.id = p.leader_id "
				    "WHERE p.seq = 1 AND l.ident = 'g' AND p.unit_id IS NULL"), 1);
}

/* A version-15 archive with a row in every table: umpire's rows of that
 * version, made by its migrations. */
static void make_version_15(const char *path, const char *more)
{
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	for (int v = 1; v <= 15; v++)
		assert_int_equal(sqlite3_exec(db, store_migration(v), NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1431130194; PRAGMA user_version = 15;"
				      "INSERT INTO campaign (id, name) VALUES (2, 'Rio Grande');"
				      "INSERT INTO campaign_option VALUES (2, 0, 'lancers', 'qrs');"
				      "INSERT INTO battle (id, campaign_id, ident, name, rules, content_hash, umpire_version, follow,"
				      " scenario, scenario_key, victor) VALUES (7, 2, 'pa', 'Palo Alto', 'rff-maw', 'h', '1.0',"
				      " 'claimed', 'Palo Alto', 'pa', 'US');"
				      "INSERT INTO battle_option VALUES (7, 'run', 0, 'fire-columns', 'five');"
				      "INSERT INTO battle_attr VALUES (7, 'attr', 0, 'date', '1846-05-08');"
				      "INSERT INTO file VALUES (7, 0, 'pa.battle', 'battle \"Palo Alto\"', NULL, NULL);"
				      "INSERT INTO side (id, battle_id, ident, scenario_side) VALUES (3, 7, 'US', 'Americans');"
				      "INSERT INTO leader (id, battle_id, side_id, ident, name) VALUES (4, 7, 3, 'taylor', 'Taylor');"
				      "INSERT INTO unit (id, battle_id, side_id, ident, name, campaign_ident, stands, carry, saw_combat)"
				      " VALUES (5, 7, 3, '5inf', '5th', '5inf', 8, 1, 1);"
				      "INSERT INTO unit_word VALUES (5, 'training', 'vet');"
				      "INSERT INTO event (id, battle_id, stmt, file_idx, line, kind, turn, text) VALUES"
				      " (6, 7, 1, 0, 5, 'turn', 1, 'turn 1 US'), (8, 7, 2, 0, 6, 'event', 1, 'fire'),"
				      " (9, 7, 3, 0, 7, 'ruling', 1, 'ruling accept');"
				      "INSERT INTO part (event_id, seq, role, unit_id, loss) VALUES (8, 0, 'target', 5, 2);"
				      "INSERT INTO modifier VALUES (8, 'derived', 0, 0, NULL, 'fp', 1);"
				      "INSERT INTO finding (battle_id, event_id, stmt, code, severity, message) VALUES"
				      " (7, 8, 2, 'wrong-total', 'error', 'no');"
				      "INSERT INTO ruling VALUES (9, 8, 'accept', NULL, NULL);"
				      "INSERT INTO unit_state VALUES (5, 1, '{\"side\":\"US\",\"stands\":8,\"start\":8,\"removed\":0,"
				      "\"off_table\":0,\"order\":\"hold\",\"diverged\":0}'), (5, 2, '{\"stands\":6}');"
				      "INSERT INTO leader_state VALUES (4, 1, '{\"side\":\"US\",\"in_play\":1}');",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	if (more)
		assert_int_equal(sqlite3_exec(db, more, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

/* Version 17: each file's path relative to its battle's folder, as an
 * import stores it now: the organiser's folders gone, a file outside the
 * battle's folder kept as it was, a battle without a folder untouched. */
static void test_paths_made_relative(void **state)
{
	(void)state;
	const char *path = path_of("v15-paths.db");
	make_version_15(path, "INSERT INTO battle (id, campaign_id, name, rules, content_hash, umpire_version, follow)"
			      " VALUES (8, 2, 'Resaca', 'rff-maw', 'h2', '1.0', 'claimed'),"
			      " (9, 2, 'Monterrey', 'rff-maw', 'h3', '1.0', 'claimed');"
			      "INSERT INTO file VALUES (8, 0, '/home/org/games/rg.battle', 'x', NULL, NULL),"
			      " (8, 1, '/home/org/games/oob/rg.oob', 'y', 0, 3),"
			      " (8, 2, '/home/org/charts/x.charts', 'z', 0, 4),"
			      " (9, 0, 'games/m.battle', 'x', NULL, NULL), (9, 1, 'games/oob/m.oob', 'y', 0, 2);");
	char *err = NULL;
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "SELECT count(*) FROM file WHERE (battle_id, idx, path) IN (VALUES"
				    " (7, 0, 'pa.battle'), (8, 0, 'rg.battle'), (8, 1, 'oob/rg.oob'),"
				    " (8, 2, '/home/org/charts/x.charts'), (9, 0, 'm.battle'), (9, 1, 'oob/m.oob'))"), 6);
}

/* Version 16: every table STRICT, its rows kept, its indexes and views made
 * again; a unit's state splits into the core's typed columns (NULL where
 * unchanged) and the rest as JSON (NULL when nothing else changed); the
 * foreign keys still hold and still cascade. */
static void test_migrates_version_15(void **state)
{
	(void)state;
	const char *path = path_of("v15.db");
	make_version_15(path, NULL);
	char *err = NULL;
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_list WHERE schema = 'main' AND type = 'table' "
				    "AND name NOT LIKE 'sqlite_%' AND NOT strict"), 0);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_list WHERE schema = 'main' AND type = 'table' "
				    "AND name NOT LIKE 'sqlite_%'"), 17);
	static const char *const one_each[] = {"battle", "battle_attr", "file", "side", "leader", "unit", "unit_word",
						"part", "modifier", "finding", "ruling", "leader_state", "campaign_option",
						"battle_option"};
	char sql[160];
	for (size_t i = 0; i < sizeof one_each / sizeof one_each[0]; i++) {
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", one_each[i]);
		assert_int_equal(peek(path, sql), 1);
	}
	assert_int_equal(peek(path, "SELECT count(*) FROM campaign"), 2);
	assert_int_equal(peek(path, "SELECT count(*) FROM event"), 3);
	assert_int_equal(peek(path, "SELECT count(*) FROM battle WHERE id = 7 AND campaign_id = 2 AND scenario_key = 'pa' "
				    "AND victor = 'US' AND follow = 'claimed' AND stale = 0 AND imported_at LIKE '____-__-__T%Z'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit WHERE id = 5 AND carry = 1 AND saw_combat = 1 AND stands = 8"),
			 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM side WHERE scenario_side = 'Americans'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state WHERE stmt = 1 AND side = 'US' AND stands = 8 "
				    "AND start = 8 AND removed = 0 AND off_table = 0 "
				    "AND fields = '{\"order\":\"hold\",\"diverged\":0}'"), 1);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_state WHERE stmt = 2 AND stands = 6 AND side IS NULL "
				    "AND start IS NULL AND removed IS NULL AND off_table IS NULL AND fields IS NULL"), 1);
	/* the view reads the typed columns first, in the state's order, then the JSON */
	sqlite3_stmt *st = NULL;
	assert_int_equal(sqlite3_prepare_v2(store_db(s), "SELECT group_concat(field || '=' || value, ' ') FROM "
					    "(SELECT field, value FROM state_changes WHERE kind = 'U' AND stmt = ?1 ORDER BY seq)",
					    -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int(st, 1, 1);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0),
			    "side=US stands=8 start=8 removed=0 off_table=0 order=hold diverged=0");
	sqlite3_reset(st);
	sqlite3_bind_int(st, 1, 2);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "stands=6");
	sqlite3_finalize(st);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN ('battle_by_ident', "
				    "'battle_by_name', 'battle_by_scenario', 'battle_in_order', 'leader_by_side', 'unit_by_side', "
				    "'unit_by_campaign_ident', 'unit_carried', 'event_by_turn', 'finding_by_battle', "
				    "'finding_by_event', 'finding_by_rule', 'ruling_by_settles', 'part_by_unit', "
				    "'part_by_leader')"), 15);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE type = 'view'"), 5);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
	/* removing the battle removes everything that is its, through the new tables' keys */
	assert_int_equal(sqlite3_exec(store_db(s), "DELETE FROM battle WHERE id = 7", NULL, NULL, NULL), SQLITE_OK);
	store_close(s);
	static const char *const gone[] = {"battle_attr", "file", "side", "leader", "unit", "unit_word", "event", "part",
					   "modifier", "finding", "ruling", "unit_state", "leader_state", "battle_option"};
	for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++) {
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", gone[i]);
		assert_int_equal(peek(path, sql), 0);
	}
}

/* A version-15 archive with a row pointing at nothing (written with
 * foreign keys off by another program) is not upgraded: the check after
 * the migration names it, and the archive is left at its version. */
static void test_version_15_dangling_refused(void **state)
{
	(void)state;
	const char *path = path_of("v15d.db");
	make_version_15(path, "INSERT INTO unit_word VALUES (99, 'training', 'raw');");
	char *err = NULL;
	assert_null(open_at(path, &err));
	assert_non_null(strstr(err, "1 rows refer to rows that are not there"));
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 15);
	assert_int_equal(peek(path, "SELECT count(*) FROM unit_word"), 2);
}

/* A migration that fails leaves the archive as it was: one transaction. */
static void test_failed_migration_rolls_back(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("clash.db");
	/* a table named as one of the schema's: the migration's CREATE fails */
	make(path, "PRAGMA application_id = 1431130194; CREATE TABLE battle (x);");
	assert_null(open_at(path, &err));
	assert_non_null(err);
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 0);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'campaign'"), 0);
}

/* An archive umpire made, then sql run on it by another program. */
static const char *planted(const char *name, const char *sql)
{
	char *err = NULL;
	const char *path = path_of(name);
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	make(path, sql);
	return path;
}

/* store_open's message for the archive at path, opened to write and to
 * read: both refuse it and say the same. */
static char *refusal(const char *path)
{
	char *err = NULL, *ro_err = NULL;
	assert_null(open_at(path, &err));
	struct store_opts o = {.path = path, .read_only = true};
	assert_null(store_open(&o, &ro_err));
	assert_string_equal(err, ro_err);
	free(ro_err);
	return err;
}

/* What store_check prints of the archive at path, opened to inspect it;
 * *problems its count. */
static char *checked(const char *path, int *problems)
{
	char *err = NULL;
	struct store_opts o = {.path = path, .inspect = true};
	struct store *s = store_open(&o, &err);
	assert_non_null(s);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	*problems = store_check(s, f);
	fclose(f);
	store_close(s);
	return text;
}

/* The refusal names the first eight things that are not umpire's, then
 * "and more": nine planted views. */
static void test_planted_many(void **state)
{
	(void)state;
	char sql[1024] = "";
	for (int i = 1; i <= 9; i++)
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql), "CREATE VIEW v%d AS SELECT 1;", i);
	char *err = refusal(planted("many.db", sql));
	assert_non_null(strstr(err, "view 'v8'"));
	assert_null(strstr(err, "view 'v9'"));
	assert_non_null(strstr(err, "; and more"));
	free(err);
	memset(sql, 0, sizeof sql);
	for (int i = 1; i <= 8; i++)
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql), "CREATE VIEW w%d AS SELECT 1;", i);
	err = refusal(planted("eight.db", sql));
	assert_non_null(strstr(err, "view 'w8'"));
	assert_null(strstr(err, "and more"));
	free(err);
}

/* A trigger planted in an archive is refused by name, to write and to
 * read, and never runs: here one that would delete every other battle. */
static void test_planted_trigger(void **state)
{
	(void)state;
	const char *path = planted("trigger.db",
				   "INSERT INTO battle (campaign_id, name, rules, content_hash, umpire_version, "
				   "follow) VALUES (1, 'Kept', 'rff-maw', 'h', '0.1.0', 'claimed');"
				   "CREATE TRIGGER wipe AFTER INSERT ON battle BEGIN DELETE FROM battle WHERE id <> new.id; END;");
	char *err = refusal(path);
	assert_non_null(strstr(err, "not an archive as umpire makes it: trigger 'wipe' on battle is not umpire's"));
	free(err);
	int problems;
	char *text = checked(path, &problems);
	assert_int_equal(problems, 1);
	assert_string_equal(text, "schema: trigger 'wipe' on battle is not umpire's\n");
	free(text);
	assert_int_equal(peek(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'wipe'"), 1);	/* left as it is */
	assert_int_equal(peek(path, "SELECT count(*) FROM battle WHERE name = 'Kept'"), 1);
}

/* Even opened to inspect, no trigger runs on the connection's writes. */
static void test_triggers_never_run(void **state)
{
	(void)state;
	const char *path = planted("inspect.db", "CREATE TABLE log (x);"
				   "CREATE TRIGGER spy AFTER INSERT ON campaign BEGIN INSERT INTO log VALUES (new.name); END;");
	char *err = NULL;
	struct store_opts o = {.path = path, .inspect = true};
	struct store *s = store_open(&o, &err);
	assert_non_null(s);
	assert_int_equal(sqlite3_exec(store_db(s), "INSERT INTO campaign (name) VALUES ('x')", NULL, NULL, NULL),
			 SQLITE_OK);
	store_close(s);
	assert_int_equal(peek(path, "SELECT count(*) FROM log"), 0);
}

/* A view planted, a table altered, an index added and one dropped: each
 * named, by open and by the check. */
static void test_planted_view_and_altered_table(void **state)
{
	(void)state;
	const char *path = planted("view.db", "CREATE VIEW everything AS SELECT * FROM battle;");
	char *err = refusal(path);
	assert_non_null(strstr(err, "view 'everything' is not umpire's"));
	free(err);
	path = planted("altered.db", "ALTER TABLE unit ADD COLUMN planted TEXT; CREATE INDEX by_planted ON unit (planted);"
			    "DROP INDEX unit_by_side;");
	err = refusal(path);
	assert_non_null(strstr(err, "index 'by_planted' on unit is not umpire's; table 'unit' is not as umpire made it; "
				    "index 'unit_by_side' on unit is missing;"));
	free(err);
	int problems;
	char *text = checked(path, &problems);
	assert_int_equal(problems, 3);
	assert_string_equal(text, "schema: index 'by_planted' on unit is not umpire's\n"
				  "schema: table 'unit' is not as umpire made it\n"
				  "schema: index 'unit_by_side' on unit is missing\n");
	free(text);
}

/* An archive whose PRAGMA user_version was lowered (or raised) by hand is
 * not migrated again ("duplicate column name"): the message says which
 * version its tables are. */
static void test_changed_user_version(void **state)
{
	(void)state;
	const char *path = planted("lowered.db", "PRAGMA user_version = 2;");
	char *err = refusal(path);
	char want[128];
	snprintf(want, sizeof want, "says it is archive version 2, but its tables are those of version %d", STORE_VERSION);
	assert_non_null(strstr(err, want));
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 2);
	path = path_of("raised.db");
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	for (int v = 1; v <= 3; v++)
		assert_int_equal(sqlite3_exec(db, store_migration(v), NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1431130194; PRAGMA user_version = 4;", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	err = refusal(path);
	assert_non_null(strstr(err, "says it is archive version 4, but its tables are those of version 3"));
	free(err);
}

/* Opened read-only, an archive that needs upgrading is not changed. */
static void test_read_only(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("ro.db");
	make(path, "PRAGMA application_id = 1431130194;");
	struct store_opts o = {.path = path, .read_only = true};
	assert_null(store_open(&o, &err));
	assert_non_null(strstr(err, "needs upgrading"));
	free(err);
	assert_int_equal(peek(path, "PRAGMA user_version"), 0);
}

/* A read command's open (upgrade): an archive at this version is read
 * read-only; an older one is upgraded first, then open. */
static void test_read_upgrading(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("upgrading.db");
	sqlite3 *db = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, store_migration(1), NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "PRAGMA application_id = 1431130194; PRAGMA user_version = 1;", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	struct store_opts o = {.path = path, .upgrade = true};
	struct store *s = store_open(&o, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	s = store_open(&o, &err);
	assert_non_null(s);
	assert_int_equal(sqlite3_db_readonly(store_db(s), "main"), 1);
	store_close(s);
}

/* A path that is not a regular file is no archive, even to make one: a
 * folder, a device (SQLite would write DEVICE-journal beside it). */
static void test_not_a_regular_file(void **state)
{
	(void)state;
	char *err = NULL;
	static const char *const paths[] = {DIR, "/dev/null"};
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		struct store_opts o = {.path = paths[i], .create = true};
		assert_null(store_open(&o, &err));
		assert_non_null(strstr(err, "is not a regular file"));
		free(err);
		o.create = false;
		o.read_only = true;
		assert_null(store_open(&o, &err));
		assert_non_null(strstr(err, "is not a regular file"));
		free(err);
	}
	struct stat st;
	assert_int_not_equal(stat("/dev/null-journal", &st), 0);
}

/* Where the archive is: UMPIRE_DB, else XDG_DATA_HOME, else HOME. */
static void test_default_path(void **state)
{
	(void)state;
	setenv("UMPIRE_DB", "/x/a.db", 1);
	char *p = store_default_path();
	assert_string_equal(p, "/x/a.db");
	free(p);
	unsetenv("UMPIRE_DB");
	setenv("XDG_DATA_HOME", "/data", 1);
	p = store_default_path();
	assert_string_equal(p, "/data/umpire/archive.db");
	free(p);
	unsetenv("XDG_DATA_HOME");
	setenv("HOME", "/home/u", 1);
	p = store_default_path();
	assert_string_equal(p, "/home/u/.local/share/umpire/archive.db");
	free(p);
}

int main(void)
{
	mkdir("build", 0755);
	mkdir(DIR, 0755);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_archive),
		cmocka_unit_test(test_statements_prepare),
		cmocka_unit_test(test_no_archive_made),
		cmocka_unit_test(test_not_an_archive),
		cmocka_unit_test(test_newer_archive),
		cmocka_unit_test(test_migrates_version_0),
		cmocka_unit_test(test_version_0_with_a_table),
		cmocka_unit_test(test_migrates_version_1),
		cmocka_unit_test(test_migrates_snapshots),
		cmocka_unit_test(test_migrates_version_15), cmocka_unit_test(test_paths_made_relative),
		cmocka_unit_test(test_version_15_dangling_refused),
		cmocka_unit_test(test_failed_migration_rolls_back),
		cmocka_unit_test(test_planted_trigger),
		cmocka_unit_test(test_planted_many),
		cmocka_unit_test(test_triggers_never_run),
		cmocka_unit_test(test_planted_view_and_altered_table),
		cmocka_unit_test(test_changed_user_version),
		cmocka_unit_test(test_read_only),
		cmocka_unit_test(test_read_upgrading),
		cmocka_unit_test(test_not_a_regular_file),
		cmocka_unit_test(test_default_path),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
