/* testutil: fixtures shared by the cmocka suites. */
#include "testutil.h"

#include "../db/import.h"
#include "../reports/facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audit/ruleset.h"
#include "../grammar/buf.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"

static struct lex *lexer;

struct lex *tu_lex(void)
{
	if (!lexer) {
		char *err = NULL;
		lexer = lex_new(&err);
		if (!lexer) {
			fprintf(stderr, "lex_new: %s\n", err);
			abort();
		}
	}
	return lexer;
}

void tu_cleanup(void)
{
	lex_free(lexer);
	lexer = NULL;
}

int tu_teardown(void **state)
{
	(void)state;
	tu_cleanup();
	return 0;
}

static struct parse_opts opts(void)
{
	return (struct parse_opts){.lex = tu_lex(), .find_rules = ruleset_vocab, .default_rules = ruleset_default()};
}

struct battle *tu_parse(const char *text, struct diags *d)
{
	struct parse_opts o = opts();
	diags_init(d, 100);
	return parse_text("t.battle", text, strlen(text), &o, d);
}

struct battle *tu_parse_file(const char *path, struct diags *d)
{
	struct parse_opts o = opts();
	diags_init(d, 100);
	return parse_file(path, &o, d);
}

const char tu_prelude[] =
	"battle \"Test\" id=test rules=rff-maw\n"
	"side US nation=US \"Americans\"\n"
	"  leader lee \"Capt Lee\" gallant\n"
	"  unit 5inf \"5th Infantry\" inf veteran spirited M stands=8 cmd=lee line\n"
	"  unit 8inf \"8th Infantry\" inf veteran spirited M stands=9 cmd=lee line\n"
	"  unit bty \"Duncan\" gun elite hlcLG stands=2 cmd=lee limbered battery\n"
	"side MEX nation=MEX \"Mexicans\"\n"
	"  leader art \"Gen Arista\" able\n"
	"  unit 2lt \"2nd Light\" inf trained spirited IM stands=10 cmd=art line light\n"
	"  unit lancers \"Jalisco Lancers\" cav trained reliable none stands=6 cmd=art lancers\n"
	"turn 1 US daylight\n";

int tu_prelude_lines(void)
{
	int n = 0;
	for (const char *c = tu_prelude; *c; c++)
		n += *c == '\n';
	return n;
}

struct battle *tu_parse_body(const char *body, struct diags *d)
{
	struct buf b;
	buf_init(&b, 0);
	buf_puts(&b, tu_prelude);
	buf_puts(&b, body);
	struct battle *bt = tu_parse(b.text, d);
	buf_release(&b);
	return bt;
}

const char *tu_diag_list(const struct diags *d)
{
	static char out[2048];
	out[0] = '\0';
	for (int i = 0; i < d->n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s@%d:%d", i ? ", " : "",
			 diag_code_name(d->v[i].code), d->v[i].at.line, d->v[i].at.col);
	return out;
}

const char *tu_field_names(const struct fields *f)
{
	static char out[512];
	out[0] = '\0';
	for (int i = 0; i < f->n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? " " : "", f->v[i].name);
	return out;
}

const struct stmt *tu_stmt(const struct battle *b, enum stmt_kind kind, int n)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].kind == kind && n-- == 0)
			return &b->stmts[i];
	return NULL;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b;
	buf_init(&b, 0);
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	fclose(f);
	if (len)
		*len = b.len;
	char *text = buf_detach(&b);
	buf_release(&b);
	return text;
}

bool tu_has_tokens(const char *got, const char *want)
{
	char copy[1024];
	snprintf(copy, sizeof copy, "%s", want);
	for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
		size_t n = strlen(tok);
		bool found = false;
		for (const char *p = strstr(got, tok); p && !found; p = strstr(p + 1, tok))
			found = (p == got || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ');
		if (!found)
			return false;
	}
	return true;
}

struct store *tu_memory_store(void)
{
	char *err = NULL;
	struct store_opts o = {.path = ":memory:"};
	struct store *s = store_open(&o, &err);
	if (!s)
		fail_msg("an archive in memory: %s", err);
	return s;
}

struct store *tu_import(struct store *s, const char *path, const char *campaign, int64_t *id)
{
	if (!s)
		s = tu_memory_store();
	struct diags d;
	struct battle *b = tu_parse_file(path, &d);
	assert_non_null(b);
	assert_int_equal(d.n_errors, 0);
	diags_release(&d);
	struct import_opts o = {.umpire_version = "test", .campaign = campaign};
	char *msg = NULL;
	assert_int_equal(import_battle(s, b, &o, id, &msg), IMPORT_ADDED);
	free(msg);
	battle_free(b);
	return s;
}

char *tu_sheet(const struct sheet *sh, enum sheet_format f, const char *only)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_true(sheet_write(sh, out, f, only));
	fclose(out);
	return text;
}

struct store *tu_facts(const char *path, struct facts *f)
{
	int64_t id;
	struct store *s = tu_import(NULL, path, NULL, &id);
	char *err = NULL;
	if (!facts_load(s, id, f, &err))
		fail_msg("%s: %s", path, err);
	return s;
}

void tu_audit(struct tu_audited *x, const char *text, const struct audit_opts *opts)
{
	x->b = tu_parse(text, &x->d);
	if (!x->b || x->d.n_errors)
		fail_msg("does not parse: %s\n%s", tu_diag_list(&x->d), text);
	findings_init(&x->f);
	records_init(&x->r);
	struct audit_opts o = opts ? *opts : (struct audit_opts){0};
	o.records = &x->r;
	audit_battle(x->b, &o, &x->f);
}

void tu_audited_release(struct tu_audited *x)
{
	records_release(&x->r);
	findings_release(&x->f);
	battle_free(x->b);
	diags_release(&x->d);
}
