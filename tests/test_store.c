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

/* A version-0 archive (umpire's mark, no schema yet, a table of its own)
 * is migrated in one transaction after a backup copy of it is written. */
static void test_migrates_version_0(void **state)
{
	(void)state;
	char *err = NULL;
	const char *path = path_of("v0.db");
	char backup[256];
	snprintf(backup, sizeof backup, "%s.v0.bak", path);
	remove(backup);
	make(path, "PRAGMA application_id = 1431130194; CREATE TABLE notes (x); INSERT INTO notes VALUES ('kept');");
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), STORE_VERSION);
	assert_int_equal(peek(path, "SELECT count(*) FROM notes"), 1);
	assert_int_equal(peek(backup, "PRAGMA user_version"), 0);	/* the copy: the file as it was */
	assert_int_equal(peek(backup, "SELECT count(*) FROM notes"), 1);
	assert_int_equal(peek(backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'battle'"), 0);
}

/* A version-1 archive, with a battle of its own, gains version 2's views,
 * version 3's odds of each part and version 4's saw_combat, its rows kept, after a backup copy of
 * it as it was. */
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
				      "INSERT INTO battle (campaign_id, name, rules, content_hash, umpire_version, "
				      "audit_options, follow) VALUES (1, 'Old', 'rff-maw', 'h', '0.0.1', '', 'claimed');",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	struct store *s = open_at(path, &err);
	assert_non_null(s);
	store_close(s);
	assert_int_equal(peek(path, "PRAGMA user_version"), 4);
	assert_int_equal(peek(path, "SELECT count(*) FROM battles WHERE name = 'Old'"), 1);	/* the view */
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('part') "
				    "WHERE name IN ('sides', 'at_least', 'at_most', 'exp_loss')"), 4);
	assert_int_equal(peek(path, "SELECT count(*) FROM pragma_table_info('unit') WHERE name = 'saw_combat'"), 1);
	assert_int_equal(peek(backup, "PRAGMA user_version"), 1);
	assert_int_equal(peek(backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'battles'"), 0);
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
		cmocka_unit_test(test_migrates_version_1),
		cmocka_unit_test(test_failed_migration_rolls_back),
		cmocka_unit_test(test_read_only),
		cmocka_unit_test(test_default_path),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
