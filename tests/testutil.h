/* testutil: fixtures shared by the cmocka suites. */
#ifndef UMPIRE_TESTUTIL_H
#define UMPIRE_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../audit/audit.h"
#include "../audit/state.h"
#include "../db/store.h"
#include "../reports/sheet.h"
#include "../grammar/battle.h"
#include "../grammar/diag.h"
#include "../grammar/lex.h"

/* A whole log parsed (it must parse) and audited with opts (NULL: the
 * defaults, records kept): its findings and records.  Release with
 * tu_audited_release. */
struct tu_audited {
	struct battle *b;
	struct diags d;
	struct findings f;
	struct records r;
};
void tu_audit(struct tu_audited *x, const char *text, const struct audit_opts *opts);
void tu_audited_release(struct tu_audited *x);

/* The process's lexer, compiled on first use. */
struct lex *tu_lex(void);
void tu_cleanup(void);
/* A cmocka group teardown that frees the lexer. */
int tu_teardown(void **state);

/* Parses text (named "t.battle") with the Fire and Fury vocabulary; the
 * caller frees the battle with battle_free and releases d. */
struct battle *tu_parse(const char *text, struct diags *d);
struct battle *tu_parse_file(const char *path, struct diags *d);

/* A minimal valid header and order of battle to put events after:
 * sides US and MEX; leaders lee (US, gallant), art (MEX, able);
 * units 5inf, 8inf (US infantry), bty (US guns), 2lt (MEX infantry),
 * lancers (MEX cavalry); then "turn 1 US daylight". */
extern const char tu_prelude[];
/* Lines in tu_prelude, so tests can name the line of what follows. */
int tu_prelude_lines(void);

/* Parses tu_prelude followed by body. */
struct battle *tu_parse_body(const char *body, struct diags *d);

/* "code@line:col, ..." of every diagnostic, for assertions and messages. */
const char *tu_diag_list(const struct diags *d);

/* Whether every space-separated token of want ("key=value ...") stands
 * whole, between spaces or the ends, somewhere in got. */
bool tu_has_tokens(const char *got, const char *want);

/* The names of a unit's or leader's fields, space-separated (static). */
const char *tu_field_names(const struct fields *f);

/* The n-th statement (from 0) of that kind in b, or NULL. */
const struct stmt *tu_stmt(const struct battle *b, enum stmt_kind kind, int n);

/* Reads a whole file; NULL if it cannot.  The caller frees the text. */
char *tu_read_file(const char *path, size_t *len);

/* A new archive in memory (the test fails if it cannot be made); close it
 * with store_close. */
struct store *tu_memory_store(void);

/* Imports the battle file at path into s (a new archive in memory when s
 * is NULL) under campaign (NULL: none), its number in the archive in *id;
 * the test fails if it is not added.  Returns s. */
struct store *tu_import(struct store *s, const char *path, const char *campaign, int64_t *id);

/* The battle file at path imported into a new archive in memory and its
 * facts loaded into *f (the test fails if either fails); release f, then
 * close the archive returned. */
struct facts;
struct store *tu_facts(const char *path, struct facts *f);

/* The sheet as written in format f, only its table only when that is not
 * NULL (the test fails when there is none); the caller frees it. */
char *tu_sheet(const struct sheet *sh, enum sheet_format f, const char *only);

#endif
