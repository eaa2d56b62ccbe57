/* store: the battle archive, an SQLite file (docs/archive.md).
 *
 * A store is one open archive: its schema brought to this umpire's version
 * when it is opened (after a backup copy of the file as it was), foreign
 * keys on, a busy handler that waits as long as another process holds the
 * lock, so that two processes importing at once both succeed, and the statements the db/ modules run prepared once and kept.
 * SQL reaches SQLite only through those statements, with bound values; the
 * one text ever formatted is the integer of PRAGMA user_version.  The
 * struct is opaque. */
#ifndef UMPIRE_STORE_H
#define UMPIRE_STORE_H

#include <stdbool.h>
#include <stdio.h>
#include <sqlite3.h>

/* The schema version this umpire reads and writes (PRAGMA user_version). */
enum { STORE_VERSION = 17 };
/* PRAGMA application_id of an umpire archive: "UMPR". */
enum { STORE_APPLICATION_ID = 0x554d5052 };

enum store_journal { STORE_WAL, STORE_DELETE };

#define STORE_SCRATCH ":scratch:"

struct store_opts {
	/* ":memory:" for an archive in memory; STORE_SCRATCH for a private one
	 * in a temporary file, gone when closed (SQLite's own temporary
	 * database: what does not fit its cache is on disk, so a battle file
	 * of any length is reported in little memory) */
	const char *path;
	enum store_journal journal;	/* WAL unless the archive is on a shared folder */
	bool read_only;			/* open as it is: no schema change, no write */
	bool upgrade;			/* read only, but an archive that needs upgrading is
					 * upgraded first and then open for writing */
	bool create;			/* make the archive (and its folder) when there is none */
	bool inspect;			/* open one whose schema is not umpire's, for store_check */
	/* Called every 5 seconds of a wait for another process's lock (umpire
	 * waits as long as the other holds it), with the seconds waited; NULL:
	 * wait silently.  waiting_ctx must outlive the store. */
	void (*waiting)(void *ctx, int seconds);
	void *waiting_ctx;
};

struct store;

/* Opens the archive, creating it (and its folder) if it does not exist and
 * upgrading an older one: a backup copy PATH.vN.bak of the file as it was
 * is written first, then every migration runs in one transaction.  A file
 * that is not an umpire archive, or one from a newer umpire, is left as
 * it is; so is one whose schema holds anything umpire did not make for its
 * version (a trigger, a view, an altered table: refused, named in *err,
 * unless o->inspect).  The connection is defensive: no trusted schema, no
 * extensions, no triggers.  A path that is not a regular file (a device,
 * a folder) is refused.  Read-only, it is opened immutable when its folder
 * cannot be written (and no other process's log or journal is there), so
 * an archive in a read-only folder can be read.  Returns NULL with a message in *err (the caller frees) when it
 * cannot be opened. */
struct store *store_open(const struct store_opts *o, char **err);
/* Closes it (finalizing its statements); NULL is a no-op. */
void store_close(struct store *s);

/* Where the archive is when --db does not say: UMPIRE_DB, else
 * $XDG_DATA_HOME/umpire/archive.db, else ~/.local/share/umpire/archive.db.
 * The caller frees it; NULL when no home can be found. */
char *store_default_path(void);

/* The named statements of the archive (db/statements.def), prepared on
 * first use and kept. */
enum store_stmt {
#define STMT(name, sql) STMT_##name,
#include "statements.def"
#undef STMT
	STMT_N
};

/* The statement, reset and its bindings cleared, ready to bind; NULL with
 * the database's message through store_error when it cannot be prepared
 * (a bug in statements.def: the tests prepare every one). */
sqlite3_stmt *store_stmt(struct store *s, enum store_stmt which);
/* Steps a bound statement that returns no row; false on an error. */
bool store_run(struct store *s, sqlite3_stmt *st);

/* SQL: the ident of the unit or leader part p names (archive version 15
 * names it by its row). */
#define STORE_PART_WHO(p)                                                                                   \
	"coalesce((SELECT ident FROM unit WHERE id = " p ".unit_id), (SELECT ident FROM leader WHERE id = " p \
	".leader_id))"

/* Makes the campaign called name, with the rule options text ("NAME=VALUE
 * ...", "" for none); false on an error (there is one of that name).  Run
 * it in a transaction: it writes a row for the campaign and one for each
 * option. */
bool store_new_campaign(struct store *s, const char *name, const char *options);
/* Sets the rule options of the campaign called name to text, as above. */
bool store_set_campaign_options(struct store *s, const char *name, const char *options);

/* A write transaction (BEGIN IMMEDIATE: the write lock at once, so two
 * importers wait for each other instead of failing), its end; each false
 * on an error. */
bool store_begin(struct store *s);
bool store_commit(struct store *s);
/* Rolls back what the transaction did; safe when none is open. */
void store_rollback(struct store *s);

/* Checks that the archive's schema is the one umpire made for its version
 * (store_schema_diff: each table, index, view or trigger that is not
 * umpire's, is changed or is missing, by name), its integrity and its
 * foreign keys: writes each problem found to out, one a line; returns how many (0: sound), or -1 when the
 * check cannot run. */
int store_check(struct store *s, FILE *out);

/* Writes a consistent copy of the archive to path (VACUUM INTO: whole even
 * while others write under WAL); path must not exist.  False with the
 * archive's message through store_error. */
bool store_backup(struct store *s, const char *path);

/* The last SQLite error of the archive, in words (static until the next call). */
const char *store_error(const struct store *s);
/* The connection, for the db/ modules' statements and tests. */
sqlite3 *store_db(struct store *s);

/* The SQL that brings an archive of version v - 1 to version v (from 1 to
 * STORE_VERSION); db/schema.c. */
const char *store_migration(int v);

/* Compares the archive's schema (every table, index, view and trigger
 * sqlite_schema lists: its type, name, table and SQL) with the one this
 * umpire's migrations make at version, and calls each with a phrase for
 * every difference ("trigger 'wipe' on battle is not umpire's", "table
 * 'unit' is not as umpire made it", "index 'x' is missing"; the phrase is
 * the callee's only during the call).  Returns the number of differences,
 * 0 when the schema is umpire's own, or -1 when a schema cannot be read.
 * db/schema.c. */
int store_schema_diff(sqlite3 *db, int version, void (*each)(void *ctx, const char *phrase), void *ctx);
/* The version (0 to STORE_VERSION) whose schema the archive's is exactly,
 * or -1 when it is none of them. */
int store_schema_version(sqlite3 *db);

#endif
