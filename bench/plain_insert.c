/* plain_insert FROM TO: the baseline of the archive's import in `make
 * bench`.  Copies every row of the archive FROM into a new file TO of the
 * same schema the plainest way SQLite allows: one prepared INSERT per
 * table, every value bound, one transaction.  umpire's import of the same
 * battle (parse, audit, and the same rows) is printed as a ratio to it. */
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

static int fail(sqlite3 *db, const char *what)
{
	fprintf(stderr, "plain_insert: %s: %s\n", what, sqlite3_errmsg(db));
	return 1;
}

int main(int argc, char **argv)
{
	sqlite3 *from = NULL, *to = NULL;
	if (argc != 3 || sqlite3_open_v2(argv[1], &from, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
	    sqlite3_open(argv[2], &to) != SQLITE_OK) {
		fprintf(stderr, "usage: plain_insert FROM TO\n");
		return 2;
	}
	sqlite3_exec(to, "PRAGMA journal_mode = WAL; BEGIN", NULL, NULL, NULL);
	sqlite3_stmt *schema = NULL;
	if (sqlite3_prepare_v2(from, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql IS NOT NULL "
			       "AND name NOT LIKE 'sqlite_%' ORDER BY rowid", -1, &schema, NULL) != SQLITE_OK)
		return fail(from, "schema");
	while (sqlite3_step(schema) == SQLITE_ROW) {
		const char *table = (const char *)sqlite3_column_text(schema, 0);
		if (sqlite3_exec(to, (const char *)sqlite3_column_text(schema, 1), NULL, NULL, NULL) != SQLITE_OK)
			return fail(to, table);
		char sql[512];
		snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", table);	/* a name from the file's own schema */
		sqlite3_stmt *rows = NULL, *ins = NULL;
		if (sqlite3_prepare_v2(from, sql, -1, &rows, NULL) != SQLITE_OK)
			return fail(from, table);
		int n = sqlite3_column_count(rows);
		size_t len = (size_t)snprintf(sql, sizeof sql, "INSERT INTO \"%s\" VALUES (", table);
		for (int c = 0; c < n && len < sizeof sql - 8; c++)
			len += (size_t)snprintf(sql + len, sizeof sql - len, "%s?", c ? ", " : "");
		snprintf(sql + len, sizeof sql - len, ")");
		if (sqlite3_prepare_v2(to, sql, -1, &ins, NULL) != SQLITE_OK)
			return fail(to, table);
		while (sqlite3_step(rows) == SQLITE_ROW) {
			for (int c = 0; c < n; c++)
				sqlite3_bind_value(ins, c + 1, sqlite3_column_value(rows, c));
			if (sqlite3_step(ins) != SQLITE_DONE)
				return fail(to, table);
			sqlite3_reset(ins);
		}
		sqlite3_finalize(rows);
		sqlite3_finalize(ins);
	}
	sqlite3_finalize(schema);
	if (sqlite3_exec(to, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		return fail(to, "commit");
	sqlite3_close(from);
	sqlite3_close(to);
	return 0;
}
