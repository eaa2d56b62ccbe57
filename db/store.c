/* store: opening the archive, its migrations, its prepared statements. */
#include "store.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"

/* The busy handler's count of a wait for another process's lock. */
struct wait {
	void (*report)(void *ctx, int seconds);	/* store_opts.waiting, or NULL */
	void *ctx;
	struct timespec since;	/* when this wait began */
	int reported;		/* the seconds last reported */
};

struct store {
	struct wait wait;	/* first: the connection's busy handler holds its address */
	sqlite3 *db;
	char *path;
	sqlite3_stmt *stmts[STMT_N];
	long kill_at;		/* UMPIRE_TEST_KILL_AT: the write step to die at, 0 none */
	long writes;
};

/* The test hook of the import's atomicity (tests/run-kill.sh): with
 * UMPIRE_TEST_KILL_AT=N in the environment the process kills itself
 * (SIGKILL, no clean-up of any kind) just before its Nth write step. */
static void maybe_die(struct store *s)
{
	if (s->kill_at > 0 && ++s->writes == s->kill_at)
		raise(SIGKILL);
}

static const char *const statement_sql[STMT_N] = {
#define STMT(name, sql) [STMT_##name] = sql,
#include "statements.def"
#undef STMT
};

/* A message into *err (the caller frees); returns false. */
static bool fail(char **err, const char *fmt, ...) UMPIRE_PRINTF(2, 3);

static bool fail(char **err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(*err);
	*err = xstrdup(buf);
	return false;
}

/* One integer a PRAGMA returns, or -1 with the error in *err. */
static long long pragma_int(sqlite3 *db, const char *sql, char **err)
{
	sqlite3_stmt *st = NULL;
	long long v = -1;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		fail(err, "%s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return v;
}

/* Runs SQL without results (pragmas, a migration's script); false with *err. */
static bool exec(sqlite3 *db, const char *sql, char **err)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return true;
	fail(err, "%s", msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return false;
}

/* Puts a write connection in its journal mode (sql: the PRAGMA).  A new
 * archive starts in SQLite's rollback journal; turning it to the
 * write-ahead log needs every other connection's lock gone, and SQLite
 * answers "database is locked" at once rather than calling the busy
 * handler: first imports into a new archive run side by side meet that,
 * so it waits, in steps of 10 ms, while another process reads it. */
static bool set_journal(sqlite3 *db, const char *sql, char **err)
{
	int rc;
	while ((rc = sqlite3_exec(db, sql, NULL, NULL, NULL)) == SQLITE_BUSY || (rc & 0xff) == SQLITE_BUSY)
		sqlite3_sleep(10);
	return rc == SQLITE_OK || fail(err, "%s", sqlite3_errmsg(db));
}

/* mkdir -p of the folder path is in (the archive's own folder, 0700). */
static bool make_folder(const char *path, char **err)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	bool ok = true;
	if (slash && slash != dir) {
		*slash = '\0';
		for (char *p = dir + 1; ok; p++) {
			bool end = *p == '\0';
			if (*p == '/' || end) {
				*p = '\0';
				if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
					fail(err, "cannot make the folder %s: %s", dir, strerror(errno));
					ok = false;
				}
				if (end)
					break;
				*p = '/';
			}
		}
	}
	free(dir);
	return ok;
}

/* Writes a consistent copy of the archive at from to path (the SQLite
 * backup API), before a migration changes it.  It reads through a
 * connection of its own: the migrating one holds the write lock, which
 * other readers share but its own backup may not. */
static bool backup(const char *from, const char *path, char **err)
{
	sqlite3 *src = NULL, *to = NULL;
	bool ok = false;
	if (sqlite3_open_v2(from, &src, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_open_v2(path, &to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) == SQLITE_OK) {
		sqlite3_busy_timeout(src, 10000);
		sqlite3_backup *b = sqlite3_backup_init(to, "main", src, "main");
		ok = b && sqlite3_backup_step(b, -1) == SQLITE_DONE;
		if (sqlite3_backup_finish(b) != SQLITE_OK)
			ok = false;
	}
	if (!ok)
		fail(err, "cannot write the backup copy %s: %s", path, to ? sqlite3_errmsg(to) : sqlite3_errmsg(src));
	sqlite3_close(to);
	sqlite3_close(src);
	return ok;
}

/* What the file is, read in one transaction so that another process's
 * migration is seen whole or not at all. */
struct kind {
	long long app, version, objects;
};

/* The same inside a transaction already open. */
static bool read_kind_locked(sqlite3 *db, struct kind *k, char **err)
{
	k->app = pragma_int(db, "PRAGMA application_id", err);
	k->version = k->app < 0 ? -1 : pragma_int(db, "PRAGMA user_version", err);
	k->objects = k->version < 0 ? -1 : pragma_int(db, "SELECT count(*) FROM sqlite_schema", err);
	return k->objects >= 0;
}

/* Whether k is a file umpire may make an archive of, or one of its own at
 * a version it knows; false with *err otherwise. */
static bool knowable(const struct kind *k, const char *path, char **err)
{
	bool fresh = k->app == 0 && k->version == 0 && k->objects == 0;
	if (!fresh && k->app != STORE_APPLICATION_ID)
		return fail(err, "%s is not an umpire archive (an SQLite file of another program); it is left as it is",
			    path);
	if (k->version > STORE_VERSION)
		return fail(err, "%s was written by a newer umpire (archive version %lld; this one knows up to %d); "
			    "it is left as it is", path, k->version, STORE_VERSION);
	return true;
}

/* The phrases of store_schema_diff, the first few of them. */
struct listing {
	struct buf text;
	int n;
};

static void list_phrase(void *ctx, const char *phrase)
{
	struct listing *l = ctx;
	if (l->n++ < 8)
		buf_printf(&l->text, "%s%s", l->n > 1 ? "; " : "", phrase);
}

/* Whether the schema of a knowable archive is the one umpire made for its
 * version: anything else (a trigger or a view planted in it, a table
 * altered) would run on umpire's own writes and reads.  False with *err
 * naming what is not umpire's, or saying which version the tables are
 * when only PRAGMA user_version was changed. */
static bool own_schema(sqlite3 *db, const char *path, const struct kind *k, char **err)
{
	struct listing l = {.n = 0};
	buf_init(&l.text, 0);
	int diffs = store_schema_diff(db, (int)k->version, list_phrase, &l);
	int actual = diffs > 0 ? store_schema_version(db) : -1;
	if (diffs < 0)
		fail(err, "cannot read the schema of the archive %s: %s", path, sqlite3_errmsg(db));
	else if (actual >= 0)
		fail(err, "%s says it is archive version %lld, but its tables are those of version %d: its PRAGMA "
		     "user_version was changed outside umpire; it is left as it is (if nothing else was changed, "
		     "'PRAGMA user_version = %d' in the sqlite3 shell puts it back)", path, k->version, actual, actual);
	else if (diffs > 0)
		fail(err, "%s is not an archive as umpire makes it: %s%s; it is left as it is ('umpire db check' lists "
		     "every difference; remove what is not umpire's with the sqlite3 shell, or go back to a backup)",
		     path, l.text.text, l.n > 8 ? "; and more" : "");
	buf_release(&l.text);
	return diffs == 0;
}

/* Reads what the file is and, unless inspect, checks its schema is
 * umpire's, in one transaction (another process's migration is seen whole
 * or not at all); false with *err: the file is not SQLite (SQLITE_NOTADB),
 * cannot be read (the database's own error: no permission...), is not an
 * umpire archive, or not one as umpire made it. */
static bool read_kind(sqlite3 *db, const char *path, bool inspect, struct kind *k, char **err)
{
	if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		return fail(err, "cannot read the archive %s: %s", path, sqlite3_errmsg(db));
	bool read = read_kind_locked(db, k, err);
	int code = sqlite3_extended_errcode(db);
	bool ok = read && knowable(k, path, err) && (inspect || own_schema(db, path, k, err));
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	if (read)
		return ok;
	if ((code & 0xff) == SQLITE_NOTADB)
		return fail(err, "%s is not an umpire archive (not an SQLite database); it is left as it is", path);
	return fail(err, "cannot read the archive %s: %s", path, *err ? *err : "unknown error");
}

/* Whether every row a migration copied still points at its row (PRAGMA
 * foreign_key_check): the migrations rebuild tables with foreign keys off,
 * so this is the check SQLite would have made; false with *err naming how
 * many do not. */
static bool references_hold(sqlite3 *db, const char *path, char **err)
{
	long long dangling = pragma_int(db, "SELECT count(*) FROM pragma_foreign_key_check", err);
	if (dangling < 0)
		return false;
	if (dangling > 0)
		return fail(err, "%s cannot be upgraded: after its migration %lld rows refer to rows that are not there "
			    "(umpire db check lists them on the archive as it was); it is left as it is", path, dangling);
	return true;
}

/* Brings the archive to STORE_VERSION in one transaction, under the write
 * lock, after a backup copy of it as it was (not of a new file).  What it
 * is is read again under the lock: another process may have made or
 * migrated it meanwhile (two first imports into a new archive).  Foreign
 * keys are off on the connection meanwhile (connect()): a migration that
 * rebuilds a table drops the old one, which would otherwise delete every
 * row referring to it, and references_hold checks them before the commit. */
static bool migrate(sqlite3 *db, const char *path, char **err)
{
	if (!exec(db, "BEGIN IMMEDIATE", err))
		return false;
	struct kind k;
	if (!read_kind_locked(db, &k, err) || !knowable(&k, path, err) || !own_schema(db, path, &k, err))
		goto undo;
	if (k.version == STORE_VERSION)
		return exec(db, "COMMIT", err);
	bool fresh = k.app == 0 && k.objects == 0;
	if (!fresh && strcmp(path, ":memory:") != 0) {
		char copy[4096];
		snprintf(copy, sizeof copy, "%s.v%lld.bak", path, k.version);
		if (!backup(path, copy, err))
			goto undo;
	}
	for (long long v = k.version + 1; v <= STORE_VERSION; v++)
		if (!exec(db, store_migration((int)v), err))
			goto undo;
	if (!fresh && !references_hold(db, path, err))
		goto undo;
	if (k.app == 0 && !exec(db, "PRAGMA application_id = 1431130194", err))	/* STORE_APPLICATION_ID */
		goto undo;
	char sql[64];	/* the one SQL text formatted: an integer of ours */
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", STORE_VERSION);
	if (!exec(db, sql, err) || !exec(db, "COMMIT", err))
		goto undo;
	return true;
undo:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return false;
}

/* SQLite's settings for a file that may come from anyone: defensive (no
 * writable schema, no shadow-table or page writes), no trust in the
 * schema's own functions, no extensions, and no triggers at all (umpire
 * makes none; a planted one is refused, and this keeps one from running
 * before it is).  False with *err when one cannot be set. */
static bool defend(sqlite3 *db, const char *path, char **err)
{
	static const int off[] = {SQLITE_DBCONFIG_TRUSTED_SCHEMA, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION,
				  SQLITE_DBCONFIG_ENABLE_TRIGGER};
	int was = -1;
	if (sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &was) != SQLITE_OK || was != 1)
		return fail(err, "cannot open the archive %s defensively: %s", path, sqlite3_errmsg(db));
	for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
		if (sqlite3_db_config(db, off[i], 0, &was) != SQLITE_OK || was != 0)
			return fail(err, "cannot open the archive %s defensively: %s", path, sqlite3_errmsg(db));
	return true;
}

/* SQLite's busy handler: another process holds the lock (an importer
 * writing a large battle): wait as long as it does, in steps of 10 ms and
 * then 100 ms, and report every 5 seconds of it.  Never gives up, which
 * SQLite allows because it does not call the handler where waiting could
 * deadlock (a read wanting to write after another's commit). */
static int keep_waiting(void *p, int count)
{
	struct wait *w = p;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (count == 0) {
		w->since = now;
		w->reported = 0;
	}
	int seconds = (int)(now.tv_sec - w->since.tv_sec);
	if (w->report && seconds >= w->reported + 5) {
		w->reported = seconds;
		w->report(w->ctx, seconds);
	}
	sqlite3_sleep(count < 20 ? 10 : 100);
	return 1;
}

/* Checks what the file is, and brings it to this umpire's schema; false
 * with *err, or with *reopen set (and no message) when a read-only
 * connection finds an archive to upgrade and o->upgrade asks for it. */
static bool check_and_migrate(sqlite3 *db, const struct store_opts *o, bool read_only, bool *reopen, char **err)
{
	struct kind k;
	if (!read_kind(db, o->path, o->inspect, &k, err))
		return false;
	if (k.version == STORE_VERSION)
		return true;
	if (read_only && o->upgrade) {
		*reopen = true;
		return false;
	}
	if (read_only)
		return fail(err, "%s is archive version %lld and needs upgrading to %d: open it once for writing (any `umpire db` command but sql upgrades it, with a backup copy first)",
			    o->path, k.version, STORE_VERSION);
	return migrate(db, o->path, err);
}

/* Whether the folder holding path can be written (its journal and the
 * write-ahead log's files go there). */
static bool folder_writable(const char *path)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else
		slash[slash == dir] = '\0';	/* "/a.db": the root */
	bool writable = access(dir, W_OK) == 0;
	free(dir);
	return writable;
}

/* Whether path, to be read, must be opened immutable: its folder cannot
 * be written, so SQLite could not make the write-ahead log's index beside
 * it, and no log or journal of another process's writes is there to read
 * (immutable reads the file alone). */
static bool needs_immutable(const char *path)
{
	if (folder_writable(path))
		return false;
	static const char *const beside[] = {"-wal", "-journal"};
	char other[4096];
	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
		snprintf(other, sizeof other, "%s%s", path, beside[i]);
		if (access(other, F_OK) == 0)
			return false;
	}
	return true;
}

/* "file:PATH?immutable=1", PATH percent-encoded but for its slashes and
 * unreserved characters; the caller frees. */
static char *immutable_uri(const char *path)
{
	struct buf b;
	buf_init(&b, 0);
	buf_puts(&b, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
			buf_putc(&b, (char)*p);
		else
			buf_printf(&b, "%%%02X", *p);
	}
	buf_puts(&b, "?immutable=1");
	char *uri = buf_detach(&b);
	buf_release(&b);
	return uri;
}

/* A connection to the archive, checked and brought to this umpire's
 * schema (a write connection also to its journal mode); NULL with *err, or
 * with *reopen set when it is read-only and the archive needs upgrading
 * (check_and_migrate). */
static sqlite3 *connect(const struct store_opts *o, bool read_only, struct wait *w, bool *reopen, char **err)
{
	bool scratch = strcmp(o->path, STORE_SCRATCH) == 0;
	bool memory = scratch || strcmp(o->path, ":memory:") == 0;
	sqlite3 *db = NULL;
	int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (o->create ? SQLITE_OPEN_CREATE : 0);
	char *uri = read_only && !memory && needs_immutable(o->path) ? immutable_uri(o->path) : NULL;
	int rc = sqlite3_open_v2(uri ? uri : scratch ? "" : o->path, &db, flags | (uri ? SQLITE_OPEN_URI : 0), NULL);
	free(uri);
	if (rc != SQLITE_OK) {
		fail(err, "cannot open the archive %s: %s", o->path, db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_extended_result_codes(db, 1);
	sqlite3_busy_handler(db, keep_waiting, w);	/* another importer holds the write lock: wait for it */
	const char *journal = o->journal == STORE_DELETE ? "PRAGMA journal_mode = DELETE" : "PRAGMA journal_mode = WAL";
	if (!defend(db, o->path, err) || !exec(db, "PRAGMA foreign_keys = OFF", err) ||	/* for migrate() */
	    !check_and_migrate(db, o, read_only, reopen, err) || !exec(db, "PRAGMA foreign_keys = ON", err) ||
	    (!read_only && !memory && !set_journal(db, journal, err))) {
		sqlite3_close(db);
		return NULL;
	}
	return db;
}

/* Whether the archive at path (which is there) and its folder can be
 * written; false with *err saying which cannot, where SQLite would say
 * "attempt to write a readonly database". */
static bool writable(const char *path, char **err)
{
	if (access(path, W_OK) < 0)
		return fail(err, "cannot write the archive %s: the file is read-only for you (commands that only read "
			    "it still work)", path);
	if (!folder_writable(path))
		return fail(err, "cannot write the archive %s: its folder is read-only for you, and SQLite writes its "
			    "journal there (commands that only read it still work)", path);
	return true;
}

struct store *store_open(const struct store_opts *o, char **err)
{
	*err = NULL;
	bool memory = strcmp(o->path, ":memory:") == 0 || strcmp(o->path, STORE_SCRATCH) == 0;
	struct stat st;
	if (!*o->path)
		return fail(err, "an archive needs a path"), NULL;
	bool exists = !memory && stat(o->path, &st) == 0;
	if (!memory && !o->create && !exists)
		return fail(err, "there is no archive at %s ('umpire db import' makes one)", o->path), NULL;
	if (exists && !S_ISREG(st.st_mode))
		return fail(err, "%s is not a regular file: an archive is a file of its own (give --db a file's path); "
			    "it is left as it is", o->path), NULL;
	if (!memory && o->create && !o->read_only && !make_folder(o->path, err))
		return NULL;
	if (exists && !o->read_only && !o->upgrade && !writable(o->path, err))
		return NULL;
	struct store *s = xcalloc(1, sizeof *s);
	s->wait = (struct wait){.report = o->waiting, .ctx = o->waiting_ctx};
	bool reopen = false;
	s->db = connect(o, o->read_only || o->upgrade, &s->wait, &reopen, err);
	if (reopen && !writable(o->path, err)) {
		char *why = *err;
		*err = NULL;
		fail(err, "%s needs upgrading to archive version %d, which writes it: %s", o->path, STORE_VERSION, why);
		free(why);
	} else if (reopen) {	/* to be upgraded, read and written */
		s->db = connect(o, false, &s->wait, &reopen, err);
	}
	if (!s->db) {
		free(s);
		return NULL;
	}
	s->path = xstrdup(o->path);
	const char *kill_at = getenv("UMPIRE_TEST_KILL_AT");
	s->kill_at = kill_at ? atol(kill_at) : 0;
	return s;
}

void store_close(struct store *s)
{
	if (!s)
		return;
	for (int i = 0; i < STMT_N; i++)
		sqlite3_finalize(s->stmts[i]);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

char *store_default_path(void)
{
	const char *env = getenv("UMPIRE_DB");
	if (env && *env)
		return xstrdup(env);
	const char *data = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	char buf[4096];
	if (data && *data == '/')
		snprintf(buf, sizeof buf, "%s/umpire/archive.db", data);
	else if (home && *home)
		snprintf(buf, sizeof buf, "%s/.local/share/umpire/archive.db", home);
	else
		return NULL;
	return xstrdup(buf);
}

sqlite3_stmt *store_stmt(struct store *s, enum store_stmt which)
{
	sqlite3_stmt **st = &s->stmts[which];
	if (!*st && sqlite3_prepare_v3(s->db, statement_sql[which], -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_reset(*st);
	sqlite3_clear_bindings(*st);
	return *st;
}

bool store_run(struct store *s, sqlite3_stmt *st)
{
	maybe_die(s);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW;
}

bool store_set_campaign_options(struct store *s, const char *name, const char *options)
{
	sqlite3_stmt *st = store_stmt(s, STMT_CAMPAIGN_OPTIONS_CLEAR);
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	if (!store_run(s, st) || !(st = store_stmt(s, STMT_CAMPAIGN_OPTIONS_PUT)))
		return false;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, options, -1, SQLITE_TRANSIENT);
	return store_run(s, st);
}

bool store_new_campaign(struct store *s, const char *name, const char *options)
{
	sqlite3_stmt *st = store_stmt(s, STMT_CAMPAIGN_NEW);
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	return store_run(s, st) && store_set_campaign_options(s, name, options);
}

bool store_begin(struct store *s)
{
	return sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
}

bool store_commit(struct store *s)
{
	maybe_die(s);
	return sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
}

void store_rollback(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* One line of store_check's about the schema. */
static void print_schema_phrase(void *ctx, const char *phrase)
{
	fprintf(ctx, "schema: %s\n", phrase);
}

int store_check(struct store *s, FILE *out)
{
	static const char *const checks[] = {"PRAGMA integrity_check", "PRAGMA foreign_key_check"};
	char *err = NULL;
	long long version = pragma_int(s->db, "PRAGMA user_version", &err);
	free(err);
	int problems = version < 0 ? -1 : store_schema_diff(s->db, (int)version, print_schema_phrase, out);
	if (problems < 0)
		return -1;
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
		sqlite3_stmt *st = NULL;
		if (sqlite3_prepare_v2(s->db, checks[i], -1, &st, NULL) != SQLITE_OK)
			return -1;
		int rc;
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *first = (const char *)sqlite3_column_text(st, 0);
			if (i == 0 && first && strcmp(first, "ok") == 0)
				continue;
			problems++;
			if (i == 0)
				fprintf(out, "integrity: %s\n", first ? first : "?");
			else	/* table, rowid, parent table, foreign key index */
				fprintf(out, "foreign key: %s row %lld refers to a missing row of %s\n", first ? first : "?",
					(long long)sqlite3_column_int64(st, 1), (const char *)sqlite3_column_text(st, 2));
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return -1;
	}
	return problems;
}

bool store_backup(struct store *s, const char *path)
{
	sqlite3_stmt *st = store_stmt(s, STMT_BACKUP_INTO);
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, path, -1, SQLITE_TRANSIENT);
	return store_run(s, st);
}

const char *store_error(const struct store *s)
{
	return sqlite3_errmsg(s->db);
}

sqlite3 *store_db(struct store *s)
{
	return s->db;
}
