/* test_export: a stored battle back to notation.  The export of an import
 * is what `umpire fmt` prints of the file imported (fmt_battle of its own
 * parse), for every example for a chain of 15 includes and one through ../; --inline makes one
 * file that parses alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "../db/export.h"
#include "../db/import.h"
#include "../grammar/fmt.h"
#include "../grammar/parse.h"

static const char *const files[] = {
	"examples/palo-alto.battle",
	"examples/resaca-de-la-palma.battle",
	"tests/hostile/042-inc-nest-15/main.battle",	/* a chain of 15 includes */
	"tests/hostile/007-inc-dotdot-back-inside/main.battle",	/* a path through ../ */
};

static int64_t stored(struct store *s, const char *path, struct buf *fmt)
{
	struct diags d;
	struct battle *b = tu_parse_file(path, &d);
	assert_non_null(b);
	if (d.n_errors)
		fail_msg("%s: %s", path, tu_diag_list(&d));
	diags_release(&d);
	fmt_battle(b, 0, fmt);
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	char *msg = NULL;
	enum import_outcome out = import_battle(s, b, &o, &id, &msg);
	if (out != IMPORT_ADDED)
		fail_msg("%s: %d %s", path, out, msg ? msg : "");
	free(msg);
	battle_free(b);
	return id;
}

static void test_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		struct store *s = tu_memory_store();	/* two of them have one name and no id=: one identity */
		struct buf want, got;
		buf_init(&want, 0);
		buf_init(&got, 0);
		int64_t id = stored(s, files[i], &want);
		char *err = NULL;
		if (!export_battle(s, tu_lex(), id, false, &got, &err))
			fail_msg("%s: %s", files[i], err);
		assert_string_equal(got.text, want.text);
		buf_release(&want);
		buf_release(&got);
		store_close(s);
	}
}

/* --inline: no include line is left, and the text parses alone, declaring
 * what the included order of battle declares (Palo Alto's 20 units). */
static void test_inline(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	struct buf fmt, got;
	buf_init(&fmt, 0);
	buf_init(&got, 0);
	int64_t id = stored(s, files[0], &fmt);
	char *err = NULL;
	assert_true(export_battle(s, tu_lex(), id, true, &got, &err));
	assert_null(strstr(got.text, "include "));
	struct diags d;
	struct battle *b = tu_parse(got.text, &d);
	assert_int_equal(d.n_errors, 0);
	int units = 0;
	for (int i = 0; i < b->n_syms; i++)
		units += b->syms[i].kind == 'U';
	assert_int_equal(units, 20);
	struct buf again;
	buf_init(&again, 0);
	fmt_battle(b, 0, &again);
	assert_string_equal(again.text, got.text);	/* canonical already */
	buf_release(&again);
	battle_free(b);
	diags_release(&d);
	buf_release(&fmt);
	buf_release(&got);
	store_close(s);
}

/* BATTLE: the numeric id, the header id=, a unique prefix of the name. */
/* An empty battle file imports, and comes back out empty: its stored text
 * is a NULL blob, never copied from (fuzz_import found the memcpy). */
static void test_empty_battle(void **state)
{
	(void)state;
	mkdir("build/test_export", 0755);
	FILE *f = fopen("build/test_export/empty.battle", "w");
	assert_non_null(f);
	fclose(f);
	struct store *s = tu_memory_store();
	int64_t id = 0;
	tu_import(s, "build/test_export/empty.battle", NULL, &id);
	assert_true(id > 0);
	struct buf got;
	buf_init(&got, 0);
	char *err = NULL;
	assert_true(export_battle(s, tu_lex(), id, false, &got, &err));
	assert_int_equal(got.len, 0);
	free(err);
	buf_release(&got);
	store_close(s);
}

static void test_find(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	struct buf fmt;
	buf_init(&fmt, 0);
	stored(s, files[0], &fmt);	/* 1: Palo Alto, id=palo-alto */
	stored(s, files[1], &fmt);	/* 2: Resaca de la Palma */
	buf_release(&fmt);
	char *err = NULL;
	assert_int_equal(export_find(s, "2", &err), 2);
	assert_int_equal(export_find(s, "palo-alto", &err), 1);
	assert_int_equal(export_find(s, "Resaca", &err), 2);
	assert_int_equal(export_find(s, "Waterloo", &err), 0);
	assert_non_null(strstr(err, "no battle of the archive has the number, id= or name 'Waterloo'"));
	free(err);
	assert_int_equal(export_find(s, "", &err), 0);	/* names nothing, though every name starts so */
	assert_non_null(strstr(err, "no battle"));
	free(err);
	struct buf out;
	buf_init(&out, 0);
	assert_false(export_battle(s, tu_lex(), 9, false, &out, &err));
	assert_non_null(strstr(err, "no battle"));
	free(err);
	buf_release(&out);
	store_close(s);
}

/* Names with quotes, backslashes, Unicode and very long text round-trip
 * exactly: stored as parsed, exported as fmt prints them. */
static void test_odd_names(void **state)
{
	(void)state;
	struct buf text;
	buf_init(&text, 0);
	buf_puts(&text, "battle \"La batalla \\\"de\\\" Resaca \u2014 \u00abd\u00eda 2\u00bb \\\\ 1846\" id=r\u00e9saca\n"
			"scenario \"\u6e56\u5357 \U0001F3C7 'quoted' \\\"twice\\\"\"\n");
	buf_puts(&text, "side US nation=US \"Am\u00e9ricains \\\"du Nord\\\"\"\n  leader l \"O'Brien \u00e9\" able\n"
			"  unit u \"Ca\u00f1\u00f3n \\\"El Grande\\\"\" inf raw spirited M stands=4 cmd=l\n"
			"turn 1 US\nnote \"");
	for (int i = 0; i < 2000; i++)
		buf_puts(&text, "long \u00e9 ");
	buf_puts(&text, "\"\n");
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	if (d.n_errors)
		fail_msg("%s", tu_diag_list(&d));
	diags_release(&d);
	struct buf want, got;
	buf_init(&want, 0);
	buf_init(&got, 0);
	fmt_battle(b, 0, &want);
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	char *err = NULL;
	assert_int_equal(import_battle(s, b, &o, &id, &err), IMPORT_ADDED);
	assert_true(export_battle(s, tu_lex(), id, false, &got, &err));
	assert_string_equal(got.text, want.text);
	/* the name as parsed: the escapes read, the Unicode kept */
	sqlite3_stmt *st = NULL;
	assert_int_equal(sqlite3_prepare_v2(store_db(s), "SELECT name, ident FROM battle", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), stmt_text(&b->stmts[0]));
	assert_non_null(strstr((const char *)sqlite3_column_text(st, 0), "\u00abd\u00eda 2\u00bb"));
	assert_string_equal((const char *)sqlite3_column_text(st, 1), "r\u00e9saca");
	sqlite3_finalize(st);
	/* and the file's text exactly as given */
	assert_int_equal(sqlite3_prepare_v2(store_db(s), "SELECT text FROM file WHERE idx = 0", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), text.text);
	sqlite3_finalize(st);
	export_find(s, "La batalla \"de\"", &err);	/* a prefix with quotes finds it */
	assert_null(err);
	store_close(s);
	battle_free(b);
	buf_release(&text);
	buf_release(&want);
	buf_release(&got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_inline),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_empty_battle),
		cmocka_unit_test(test_odd_names),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
