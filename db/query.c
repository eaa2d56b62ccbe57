/* query: named queries, their arguments bound. */
#include "query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/roster.h"
#include "../audit/ruleset.h"
#include "../grammar/xalloc.h"
#include "export.h"

static const struct query_def queries[] = {
#define QUERY(name_, args_, doc_, sql_) {.name = name_, .args = args_, .doc = doc_, .sql = sql_},
#include "queries.def"
#undef QUERY
};

const struct query_def *query_at(size_t i)
{
	return i < sizeof queries / sizeof queries[0] ? &queries[i] : NULL;
}

const struct query_def *query_find(const char *name)
{
	const struct query_def *q;
	for (size_t i = 0; (q = query_at(i)) != NULL; i++)
		if (strcmp(q->name, name) == 0)
			return q;
	return NULL;
}

/* The arguments a query takes and how many of them it needs. */
static int arity(const char *args, int *required)
{
	int n = 0;
	*required = 0;
	for (const char *p = args; *p;) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		n++;
		if (*p != '[')
			(*required)++;
		while (*p && *p != ' ')
			p++;
	}
	return n;
}

/* The k-th argument's name, without brackets, into buf. */
static const char *arg_name(const char *args, int k, char *buf, size_t size)
{
	const char *p = args;
	for (int i = 0; i <= k; i++) {
		while (*p == ' ' || *p == '[')
			p++;
		size_t n = strcspn(p, " ]");
		if (i == k) {
			snprintf(buf, size, "%.*s", (int)n, p);
			return buf;
		}
		p += n;
		while (*p == ']')
			p++;
	}
	return "";
}

/* state_words(RULES, FIELD, VALUE), an aggregate: a unit's state given as
 * rows of its fields, in its ruleset's words (roster_describe), for the
 * queries' readers: "fresh, disordered, line", not "order=disordered". */
enum { WORDS_NAME = 32, WORDS_TEXT = 64 };

struct words_ctx {
	struct fields f;
	char names[FIELDS_MAX][WORDS_NAME];	/* the rows' texts, copied: SQLite's last one step */
	char texts[FIELDS_MAX][WORDS_TEXT];
	char rules[WORDS_NAME];
};

static void words_step(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	struct words_ctx *w = sqlite3_aggregate_context(ctx, sizeof *w);
	const char *field = (const char *)sqlite3_value_text(argv[1]);
	if (!w || !field || w->f.n == FIELDS_MAX)
		return;
	const char *rules = (const char *)sqlite3_value_text(argv[0]);
	snprintf(w->rules, sizeof w->rules, "%s", rules ? rules : "");
	int k = w->f.n;
	snprintf(w->names[k], WORDS_NAME, "%s", field);
	switch (sqlite3_value_type(argv[2])) {
	case SQLITE_INTEGER:
		fields_int(&w->f, w->names[k], sqlite3_value_int(argv[2]));	/* a bool as 0 or 1 reads alike */
		break;
	case SQLITE_NULL:
		fields_text(&w->f, w->names[k], NULL);
		break;
	default:
		snprintf(w->texts[k], WORDS_TEXT, "%s", (const char *)sqlite3_value_text(argv[2]));
		fields_text(&w->f, w->names[k], w->texts[k]);
	}
}

static void words_final(sqlite3_context *ctx)
{
	struct words_ctx *w = sqlite3_aggregate_context(ctx, 0);
	if (!w) {
		sqlite3_result_null(ctx);	/* no rows */
		return;
	}
	const struct ruleset *rs = ruleset_find(w->rules);
	struct buf out;
	buf_init(&out, 0);
	roster_describe(rs ? rs->terms : NULL, 'U', &w->f, &out);
	sqlite3_result_text(ctx, out.text, (int)out.len, SQLITE_TRANSIENT);
	buf_release(&out);
}

void query_functions(struct store *s)
{
	sqlite3_create_function_v2(store_db(s), "state_words", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, NULL,
				   words_step, words_final, NULL);
}

sqlite3_stmt *query_prepare(struct store *s, const struct query_def *q, const char *const *args, int n_args,
			    char **err)
{
	query_functions(s);
	*err = NULL;
	int required, n = arity(q->args, &required);
	char msg[512];
	if (n_args < required || n_args > n) {
		snprintf(msg, sizeof msg, "query %s takes %s", q->name, *q->args ? q->args : "no argument");
		*err = xstrdup(msg);
		return NULL;
	}
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(s), q->sql, -1, &st, NULL) != SQLITE_OK) {
		snprintf(msg, sizeof msg, "query %s: %s", q->name, store_error(s));
		*err = xstrdup(msg);
		return NULL;
	}
	char name[32];
	for (int k = 0; k < n_args; k++) {
		if (strcmp(arg_name(q->args, k, name, sizeof name), "BATTLE") == 0) {
			int64_t id = export_find(s, args[k], err);
			if (!id) {
				sqlite3_finalize(st);
				return NULL;
			}
			sqlite3_bind_int64(st, k + 1, id);
		} else {
			sqlite3_bind_text(st, k + 1, args[k], -1, SQLITE_TRANSIENT);
		}
	}
	return st;
}
