/* export: stored files, parsed again, printed canonically. */
#include "export.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../audit/ruleset.h"
#include "../grammar/fmt.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"

struct stored_file {
	char *path;
	char *text;
	size_t len;
};

struct stored {
	struct stored_file *v;
	int n;
};

static char *message(const char *what, const char *detail)
{
	size_t n = strlen(what) + strlen(detail) + 8;
	char *m = xmalloc(n);
	snprintf(m, n, "%s%s", what, detail);
	return m;
}

/* The files of battle id, in the order read; false when it has none. */
static bool load_files(struct store *s, int64_t id, struct stored *out)
{
	sqlite3_stmt *st = store_stmt(s, STMT_FILES_OF);
	out->v = NULL;
	out->n = 0;
	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		out->v = xrealloc(out->v, (size_t)(out->n + 1) * sizeof *out->v);
		struct stored_file *f = &out->v[out->n++];
		f->path = xstrdup((const char *)sqlite3_column_text(st, 1));
		f->len = (size_t)sqlite3_column_bytes(st, 2);
		f->text = xmalloc(f->len + 1);
		if (f->len)	/* an empty file's blob is NULL */
			memcpy(f->text, sqlite3_column_blob(st, 2), f->len);
		f->text[f->len] = '\0';
	}
	sqlite3_reset(st);
	return out->n > 0;
}

static void free_files(struct stored *f)
{
	for (int i = 0; i < f->n; i++) {
		free(f->v[i].path);
		free(f->v[i].text);
	}
	free(f->v);
}

/* parse_opts.read_include: a stored file by the path it was read under. */
static const char *stored_text(void *ctx, const char *path, size_t *len)
{
	const struct stored *f = ctx;
	for (int i = 1; i < f->n; i++)
		if (strcmp(f->v[i].path, path) == 0) {
			*len = f->v[i].len;
			return f->v[i].text;
		}
	return NULL;
}

/* The canonical text of file `file`, its includes expanded in place: one
 * line of fmt_battle's is one statement of the file. */
static void put_inline(const struct battle *b, int file, struct buf *out)
{
	struct buf text;
	buf_init(&text, SIZE_MAX / 2);	/* one file's canonical text, read back: no ceiling below it */
	fmt_battle(b, file, &text);
	const char *line = text.text ? text.text : "";
	for (int i = 0; i < b->n_stmts && *line; i++) {
		const struct stmt *s = &b->stmts[i];
		if (s->file != file)
			continue;
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
		if (s->kind == ST_INCLUDE && s->u->include.file > 0 && !s->u->include.charts)	/* a chart file is data */
			put_inline(b, s->u->include.file, out);
		else
			buf_add(out, line, n);
		line += n;
	}
	buf_puts(out, line);	/* what no statement holds (none, for a file that parses) */
	buf_release(&text);
}

struct battle *export_parse(struct store *s, struct lex *lex, int64_t id, char **err)
{
	*err = NULL;
	struct stored files;
	if (!load_files(s, id, &files)) {
		free_files(&files);
		char num[32];
		snprintf(num, sizeof num, "%lld", (long long)id);
		*err = message("no battle of the archive has the number ", num);
		return NULL;
	}
	struct parse_opts po = {.lex = lex, .find_rules = ruleset_vocab, .default_rules = ruleset_default(),
				.read_include = stored_text, .read_include_ctx = &files};
	struct diags d;
	diags_init(&d, 1);
	struct battle *b = parse_text(files.v[0].path, files.v[0].text, files.v[0].len, &po, &d);
	if (!b || d.n_errors) {
		*err = message("the stored text no longer parses: ", d.n ? d.v[0].msg : "no battle");
		battle_free(b);
		b = NULL;
	}
	diags_release(&d);
	free_files(&files);
	return b;
}

bool export_battle(struct store *s, struct lex *lex, int64_t id, bool inline_includes, struct buf *out, char **err)
{
	struct battle *b = export_parse(s, lex, id, err);
	if (!b)
		return false;
	if (inline_includes)
		put_inline(b, 0, out);
	else
		fmt_battle(b, 0, out);
	battle_free(b);
	return true;
}

/* The battles a statement finds with text bound, added to ids (at most
 * two distinct in all). */
static void found(struct store *s, enum store_stmt which, const char *text, bool as_int, int64_t ids[2], int *n)
{
	sqlite3_stmt *st = store_stmt(s, which);
	if (!st)
		return;
	if (as_int)
		sqlite3_bind_int64(st, 1, strtoll(text, NULL, 10));
	else
		sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(st, 0);
		if (*n == 0 || (ids[0] != id && *n < 2))
			ids[(*n)++] = id;
	}
	sqlite3_reset(st);
}

int64_t export_find(struct store *s, const char *battle, char **err)
{
	*err = NULL;
	int64_t ids[2];
	int n = 0;
	bool digits = *battle != '\0' && strspn(battle, "0123456789") == strlen(battle);
	if (digits)
		found(s, STMT_FIND_BY_ID, battle, true, ids, &n);
	if (*battle) {
		found(s, STMT_FIND_BY_IDENT, battle, false, ids, &n);
		found(s, STMT_FIND_BY_PREFIX, battle, false, ids, &n);
	}
	if (n == 1)
		return ids[0];
	size_t size = strlen(battle) + 200;
	*err = xmalloc(size);
	if (n > 1)	/* the number of one, the id= or name of another: say so, pick none */
		snprintf(*err, size, "'%s' names more than one battle of the archive (%lld and %lld, by number, id= or "
			 "name): give the number", battle, (long long)ids[0], (long long)ids[1]);
	else
		snprintf(*err, size, "no battle of the archive has the number, id= or name '%s' ('umpire db list' lists "
			 "them)", battle);
	return 0;
}

/* path joined to the folder of base and made plain ("a/b" + "../c" = "c");
 * NULL when it would leave the top (a ".." too many) or is absolute. */
static char *inside(const char *base, const char *path)
{
	if (path[0] == '/')
		return NULL;
	char *joined = xmalloc(strlen(base) + strlen(path) + 2);
	const char *slash = strrchr(base, '/');
	sprintf(joined, "%.*s%s%s", slash ? (int)(slash - base) : 0, base, slash ? "/" : "", path);
	char *out = xmalloc(strlen(joined) + 1);
	size_t n = 0;
	for (char *part = strtok(joined, "/"); part; part = strtok(NULL, "/")) {
		if (strcmp(part, ".") == 0)
			continue;
		if (strcmp(part, "..") == 0) {
			if (n == 0) {	/* above the top */
				free(joined);
				free(out);
				return NULL;
			}
			while (n > 0 && out[n - 1] != '/')
				n--;
			if (n > 0)
				n--;	/* the slash */
			continue;
		}
		n += (size_t)sprintf(out + n, "%s%s", n ? "/" : "", part);
	}
	out[n] = '\0';
	free(joined);
	return out;
}

/* Writes text to dir/rel, making the folders on the way. */
static char *joined(const char *dir, const char *rel)
{
	char *path = xmalloc(strlen(dir) + strlen(rel) + 2);
	sprintf(path, "%s/%s", dir, rel);
	return path;
}

/* Creates the file dir/rel, and the folders rel names, never over a file
 * that is there; NULL with *err. */
static FILE *create_file(const char *dir, const char *rel, char **err)
{
	char *path = joined(dir, rel);
	for (char *p = path + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	FILE *f = fopen(path, "wx");	/* never over a file that is there */
	if (!f && errno == EEXIST)
		*err = message(path, " exists: an export never writes over a file");
	else if (!f)
		*err = message("cannot write ", path);
	free(path);
	return f;
}

/* Flushes the sink buffer text, which writes to f, and closes f: false
 * with *err when a write failed or text met its ceiling. */
static bool finish_file(FILE *f, struct buf *text, const char *dir, const char *rel, char **err)
{
	bool ok = buf_flush(text) == 0 && !text->full;
	if (fclose(f) != 0)
		ok = false;
	if (!ok) {
		char *path = joined(dir, rel);
		*err = message("cannot write ", path);
		free(path);
	}
	return ok;
}

/* Writes the file dir/rel holding the len bytes at data; false with *err. */
static bool write_file(const char *dir, const char *rel, const char *data, size_t len, char **err)
{
	FILE *f = create_file(dir, rel, err);
	if (!f)
		return false;
	struct buf text;
	buf_init_sink(&text, f);
	buf_add(&text, data, len);
	bool ok = finish_file(f, &text, dir, rel, err);
	buf_release(&text);
	return ok;
}

/* One battle's files under dir/folder; false with *err. */
static bool is_chart_file(const struct battle *b, int file)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].kind == ST_INCLUDE && b->stmts[i].u->include.file == file)
			return b->stmts[i].u->include.charts;
	return false;
}

static bool write_battle(const struct battle *b, const char *dir, const char *folder, char **err)
{
	char **rel = xcalloc((size_t)b->src.n, sizeof *rel);
	const char *slash = strrchr(b->src.v[0].path, '/');
	rel[0] = xstrdup(slash ? slash + 1 : b->src.v[0].path);
	bool ok = true;
	for (int i = 0; i < b->n_stmts && ok; i++) {	/* each include names its file's place beside its includer */
		const struct stmt *s = &b->stmts[i];
		int f = s->kind == ST_INCLUDE ? s->u->include.file : -1;
		if (f <= 0 || rel[f])
			continue;
		rel[f] = inside(rel[s->file], s->u->include.path);
		if (!rel[f]) {
			*err = message("an include would leave the battle's folder: ", s->u->include.path);
			ok = false;
		}
	}
	char *sub = xmalloc(strlen(dir) + strlen(folder) + 2);
	sprintf(sub, "%s/%s", dir, folder);
	if (ok && mkdir(sub, 0755) < 0 && errno != EEXIST) {
		*err = message("cannot make the folder ", sub);
		ok = false;
	}
	for (int i = 0; i < b->src.n && ok; i++) {
		if (is_chart_file(b, i)) {	/* data, not notation: as read */
			ok = rel[i] && write_file(sub, rel[i], b->src.v[i].text, b->src.v[i].len, err);
			continue;
		}
		FILE *f = rel[i] ? create_file(sub, rel[i], err) : NULL;
		if (!f) {
			ok = false;
			break;
		}
		struct buf text;
		buf_init_sink(&text, f);	/* streams: a file of any size is written whole */
		fmt_battle(b, i, &text);
		ok = finish_file(f, &text, sub, rel[i], err);
		buf_release(&text);
	}
	for (int i = 0; i < b->src.n; i++)
		free(rel[i]);
	free(rel);
	free(sub);
	return ok;
}

int export_campaign(struct store *s, struct lex *lex, const char *campaign, const char *dir, FILE *report,
		    char **err)
{
	*err = NULL;
	sqlite3_stmt *st = store_stmt(s, STMT_CAMPAIGN_BATTLES);
	if (!st) {
		*err = message("the archive: ", store_error(s));
		return -1;
	}
	sqlite3_bind_text(st, 1, campaign, -1, SQLITE_TRANSIENT);
	int64_t *ids = NULL;
	int n = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		ids = xrealloc(ids, (size_t)(n + 1) * sizeof *ids);
		ids[n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	if (n == 0) {
		*err = message("no battle of the archive is in the campaign ", campaign);
		free(ids);
		return -1;
	}
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		*err = message("cannot make the folder ", dir);
		free(ids);
		return -1;
	}
	/* the campaign's rule options, which the files do not hold */
	st = store_stmt(s, STMT_CAMPAIGN_OPTIONS);
	sqlite3_bind_text(st, 1, campaign, -1, SQLITE_TRANSIENT);
	char *options = sqlite3_step(st) == SQLITE_ROW ? xstrdup((const char *)sqlite3_column_text(st, 0)) : xstrdup("");
	sqlite3_reset(st);
	/* written when empty too: the documented restore reads it either way */
	struct buf text;
	buf_init(&text, 0);
	if (*options)
		buf_printf(&text, "%s\n", options);
	if (write_file(dir, "campaign.options", text.text, text.len, err) && *options)
		fprintf(report, "campaign options %s in %s/campaign.options: before importing the files, "
			"umpire db campaign new NAME %s\n", options, dir, options);
	buf_release(&text);
	free(options);
	int written = 0;
	for (int i = 0; i < n && !*err; i++) {
		struct battle *b = export_parse(s, lex, ids[i], err);
		if (!b)
			break;
		const char *slash = strrchr(b->src.v[0].path, '/');
		const char *name = slash ? slash + 1 : b->src.v[0].path;
		char folder[256];
		snprintf(folder, sizeof folder, "%03d-%.*s", i + 1, (int)strcspn(name, "."), name);
		if (write_battle(b, dir, folder, err)) {
			fprintf(report, "battle %lld: %s/%s/%s\n", (long long)ids[i], dir, folder, name);
			written++;
		}
		battle_free(b);
	}
	free(ids);
	return *err ? -1 : written;
}
