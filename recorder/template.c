/* template: a new game's log from another battle's header. */
#include "template.h"

#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/fmt.h"
#include "../grammar/xalloc.h"
#include "durable.h"
#include "load.h"

struct maker {
	const struct battle *b;
	const char *id;		/* the new battle's id, or NULL */
	char *log_dir;		/* the new log's folder, resolved */
	struct buf *out;
	char *err;
	size_t errsize;
};

/* The id a log's file name gives (my-game.battle: my-game), when it is one
 * word of the notation; NULL otherwise.  The caller frees it. */
static char *id_of_path(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strcspn(base, ".");
	if (n == 0 || base[0] == '-' || base[n - 1] == '-')
		return NULL;
	for (size_t i = 0; i < n; i++) {
		char c = base[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
			return NULL;
	}
	char *id = xmalloc(n + 1);
	memcpy(id, base, n);
	id[n] = '\0';
	return id;
}

/* The battle line as a new battle's: id= the new log's, no seq=. */
static void put_battle(struct maker *m, int stmt)
{
	const struct stmt *s = &m->b->stmts[stmt];
	const struct st_attrs *attrs = &s->u->header;
	union stmt_body body = {.header = {.text = attrs->text}};
	struct st_attrs *a = &body.header;
	struct stmt copy = *s;
	copy.u = &body;
	a->kvs = xmalloc((size_t)(attrs->n_kvs + 1) * sizeof *a->kvs);
	bool has_id = false;
	for (int i = 0; i < attrs->n_kvs; i++) {
		struct kv kv = attrs->kvs[i];
		if (strcmp(kv.key, "seq") == 0 || (strcmp(kv.key, "id") == 0 && !m->id))
			continue;
		if (strcmp(kv.key, "id") == 0) {
			kv.value = m->id;
			has_id = true;
		}
		a->kvs[a->n_kvs++] = kv;
	}
	if (m->id && !has_id)
		a->kvs[a->n_kvs++] = (struct kv){.key = "id", .value = m->id};
	fmt_stmt(m->b, &copy, m->out);
	const char *comment = battle_comment(m->b, stmt);
	if (comment)
		buf_printf(m->out, "  %s", comment);
	buf_putc(m->out, '\n');
	free(a->kvs);
}

/* A charts line naming the same file from the new log's folder: -1 when
 * the file is outside that folder (the new log could not read it). */
static int put_charts(struct maker *m, const struct stmt *s)
{
	/* the path is the including file's folder's */
	char *in = xstrdup(m->b->src.v[s->file].path);
	size_t size = strlen(in) + strlen(s->u->include.path) + 2;
	char *from = xmalloc(size);
	snprintf(from, size, "%s/%s", dirname(in), s->u->include.path);
	char *real = realpath(from, NULL);
	size_t n = strlen(m->log_dir);
	bool inside = real && strncmp(real, m->log_dir, n) == 0 && real[n] == '/';
	if (!inside) {
		snprintf(m->err, m->errsize, "the template's chart file %s is outside the new log's folder %s, where the "
			 "log could not read it: make the log beside the template, or copy the chart file into its folder",
			 from, m->log_dir);
		free(real);
		free(from);
		free(in);
		return -1;
	}
	struct stmt copy;
	union stmt_body body;
	stmt_copy(s, &copy, &body);
	copy.u->include.path = real + n + 1;
	fmt_stmt(m->b, &copy, m->out);
	buf_putc(m->out, '\n');
	free(real);
	free(from);
	free(in);
	return 0;
}

/* The lines of file f before line end (one statement a line), includes
 * replaced by their lines (the parser refused include cycles, so this
 * ends). */
static int copy_lines(struct maker *m, int f, int end)
{
	for (int i = 0; i < m->b->n_stmts; i++) {
		const struct stmt *s = &m->b->stmts[i];
		if (s->file != f || s->line >= end)
			continue;
		size_t len;
		const char *line = sources_line(&m->b->src, f, s->line, &len);
		if (s->kind == ST_BATTLE) {
			put_battle(m, i);
		} else if (s->kind == ST_RESULT) {
			continue;	/* a new game has not ended */
		} else if (s->kind == ST_INCLUDE && s->u->include.charts) {
			if (put_charts(m, s) < 0)
				return -1;
		} else if (s->kind == ST_INCLUDE && s->u->include.file >= 0) {
			int inc = s->u->include.file;
			buf_printf(m->out, "# from the template's include \"%s\"\n", s->u->include.path);
			if (copy_lines(m, inc, INT_MAX) < 0)
				return -1;
			buf_printf(m->out, "# end of \"%s\"\n", s->u->include.path);
		} else {
			buf_add(m->out, line, len);
			buf_putc(m->out, '\n');
		}
	}
	return 0;
}

int template_make_log(const char *path, const char *template, const char *include_root, char *err,
		      size_t errsize)
{
	struct diags d;
	diags_init(&d, 8);
	struct battle *b = load_battle(template, include_root, &d);
	int errors = d.n_errors;
	diags_release(&d);
	if (!b || errors) {
		snprintf(err, errsize, "%s %s; the log is made from a template that parses (umpire check)", template,
			 b ? "does not parse" : "cannot be read");
		battle_free(b);
		return -1;
	}
	int end = b->src.v[0].n_lines + 1;
	for (int i = 0; i < b->n_stmts && end > b->src.v[0].n_lines; i++)
		if (b->stmts[i].kind == ST_TURN && b->stmts[i].file == 0)
			end = b->stmts[i].line;
	char *dir_copy = xstrdup(path);
	struct buf text;
	buf_init(&text, 0);
	struct maker m = {.b = b, .id = id_of_path(path), .log_dir = realpath(dirname(dir_copy), NULL),
			  .out = &text, .err = err, .errsize = errsize};
	int rc;
	if (!m.log_dir) {
		snprintf(err, errsize, "cannot make %s: its folder cannot be read", path);
		rc = -1;
	} else if ((rc = copy_lines(&m, 0, end)) == 0 && text.full) {
		snprintf(err, errsize, "cannot make %s: the template's header passes %zu MiB", path, text.max >> 20);
		rc = -1;
	}
	if (rc == 0)
		rc = durable_create(path, "from", text.text, text.len, err, errsize);
	buf_release(&text);
	free((char *)m.id);
	free(m.log_dir);
	free(dir_copy);
	battle_free(b);
	return rc;
}
