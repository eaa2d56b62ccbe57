/* export: stored files, parsed again, printed canonically. */
#include "export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	buf_init(&text, 0);
	fmt_battle(b, file, &text);
	const char *line = text.text ? text.text : "";
	for (int i = 0; i < b->n_stmts && *line; i++) {
		const struct stmt *s = &b->stmts[i];
		if (s->at.file != file)
			continue;
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
		if (s->kind == ST_INCLUDE && s->u.include.file > 0)
			put_inline(b, s->u.include.file, out);
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
	size_t size = strlen(battle) + 160;
	*err = xmalloc(size);
	if (n > 1)	/* the number of one, the id= or name of another: say so, pick none */
		snprintf(*err, size, "'%s' names more than one battle of the archive (%lld and %lld, by number, id= or "
			 "name): give the number", battle, (long long)ids[0], (long long)ids[1]);
	else
		snprintf(*err, size, "no battle of the archive has the number, id= or name '%s'", battle);
	return 0;
}
