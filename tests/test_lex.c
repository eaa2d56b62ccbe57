/* test_lex: tokens, captures, columns and lexical errors. */
#include <string.h>

#include "testutil.h"

static int lex(const char *line, struct token *t, int max, struct lex_error *e)
{
	return lex_line(tu_lex(), line, strlen(line), t, max, e);
}

static void test_kinds_and_columns(void **state)
{
	(void)state;
	struct token t[32];
	struct lex_error e;
	int n = lex("fire 5inf:8@6 -> 2lt [9] =9 telling-fire", t, 32, &e);
	assert_int_equal(e.status, LEX_OK);
	enum token_kind want[] = {TOK_WORD, TOK_WORD, TOK_COLON, TOK_NUMBER, TOK_AT, TOK_NUMBER,
				  TOK_ARROW, TOK_WORD, TOK_FACE, TOK_EQ, TOK_NUMBER, TOK_WORD, TOK_END};
	assert_int_equal(n, 13);
	for (int i = 0; i < n; i++)
		assert_int_equal(t[i].kind, want[i]);
	assert_int_equal(t[1].col, 6);
	assert_int_equal(t[1].ncols, 4);
	assert_int_equal(t[8].col, 22);
	assert_int_equal(t[8].num, 9);
	assert_int_equal(t[11].col, 29);
}

static void test_face_captures(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("d6[3] [ 10 ] D20[17] [0] d0[1]", t, 8, &e);
	assert_int_equal(t[0].kind, TOK_FACE);
	assert_int_equal(t[0].die, 6);
	assert_int_equal(t[0].num, 3);
	assert_int_equal(t[1].die, -1);	/* no die written */
	assert_int_equal(t[1].num, 10);
	assert_int_equal(t[2].die, 20);
	assert_int_equal(t[2].num, 17);
	assert_int_equal(t[3].num, 0);
	assert_int_equal(t[4].die, 0);	/* d0 written: the parser refuses it */
}

/* Numbers of any length lex whole: leading zeros do not count, and past nine
 * significant digits the value is LEX_NUM_HUGE with its sign, never wrapped. */
static void test_long_numbers(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("0000000007 1234567890 -99999999999 +000000000012x [00000000000009] 999999999", t, 8, &e);
	assert_int_equal(t[0].kind, TOK_NUMBER);
	assert_int_equal(t[0].num, 7);
	assert_int_equal(t[1].kind, TOK_NUMBER);
	assert_int_equal(t[1].num, LEX_NUM_HUGE);
	assert_int_equal(t[2].kind, TOK_SIGNED);
	assert_int_equal(t[2].num, -LEX_NUM_HUGE);
	assert_int_equal(t[3].kind, TOK_MOD);
	assert_int_equal(t[3].num, 12);
	assert_int_equal(t[4].kind, TOK_FACE);
	assert_int_equal(t[4].num, 9);
	assert_int_equal(t[5].num, 999999999);
}

static void test_modifier_captures(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	const char *line = "+1vet -2ooc +0able -12x +3";
	lex(line, t, 8, &e);
	assert_int_equal(t[0].kind, TOK_MOD);
	assert_int_equal(t[0].num, 1);
	assert_memory_equal(line + t[0].sub_off, "vet", 3);
	assert_int_equal(t[1].num, -2);
	assert_memory_equal(line + t[1].sub_off, "ooc", 3);
	assert_int_equal(t[2].num, 0);
	assert_int_equal(t[3].num, -12);
	assert_int_equal(t[3].sub_len, 1);
	assert_int_equal(t[4].kind, TOK_SIGNED);
	assert_int_equal(t[4].num, 3);
}

static void test_words_numbers_dates(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("1846-05-09 14:00 15mm 44 rff-maw", t, 8, &e);
	assert_int_equal(t[0].kind, TOK_WORD);
	assert_int_equal(t[0].len, 10);
	assert_int_equal(t[1].kind, TOK_NUMBER);
	assert_int_equal(t[2].kind, TOK_COLON);
	assert_int_equal(t[3].kind, TOK_NUMBER);
	assert_int_equal(t[4].kind, TOK_WORD);
	assert_int_equal(t[5].kind, TOK_NUMBER);
	assert_int_equal(t[5].num, 44);
	assert_int_equal(t[6].kind, TOK_WORD);
}

static void test_strings(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	const char *line = "unit x \"Ridgely's \\\"Flying\\\" Battery\" gun";
	int n = lex(line, t, 8, &e);
	assert_int_equal(e.status, LEX_OK);
	assert_int_equal(n, 5);
	assert_int_equal(t[2].kind, TOK_STRING);
	assert_memory_equal(line + t[2].sub_off, "Ridgely's", 9);
	assert_int_equal(t[3].kind, TOK_WORD);
}

static void test_columns_count_code_points(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("note \"Peña y Peña\" x", t, 8, &e);
	assert_int_equal(t[2].col, 20);	/* 18 bytes before it, 17 characters */
	lex("\tmc\tlee", t, 8, &e);
	assert_int_equal(t[0].col, 2);	/* a tab counts one */
	assert_int_equal(t[1].col, 5);
}

static void test_comment_is_one_token(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	int n = lex("turn 1 # the first turn [9] \"x", t, 8, &e);
	assert_int_equal(e.status, LEX_OK);
	assert_int_equal(n, 4);
	assert_int_equal(t[2].kind, TOK_COMMENT);
	assert_int_equal(t[2].col, 8);
}

static void test_bad_token(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	int n = lex("mc lee $ [3]", t, 8, &e);
	assert_int_equal(e.status, LEX_BAD_TOKEN);
	assert_int_equal(e.col, 8);
	assert_int_equal(t[n - 1].kind, TOK_END);
	assert_int_equal(n, 3);	/* mc, lee, end */
}

static void test_unterminated_string(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("note \"never closed", t, 8, &e);
	assert_int_equal(e.status, LEX_UNTERMINATED);
	assert_int_equal(e.col, 6);
}

static void test_bad_encoding(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	lex("note \"é\xff\"", t, 8, &e);
	assert_int_equal(e.status, LEX_BAD_ENCODING);
	assert_int_equal(e.col, 8);
	lex("\xc3", t, 8, &e);	/* truncated sequence */
	assert_int_equal(e.status, LEX_BAD_ENCODING);
	assert_int_equal(e.col, 1);
	/* lone continuation bytes: every byte's bits together make 0x80, the
	 * least a line that is not ASCII can have */
	lex("\x80\x80", t, 8, &e);
	assert_int_equal(e.status, LEX_BAD_ENCODING);
	assert_int_equal(e.col, 1);
	lex("ab \x80", t, 8, &e);
	assert_int_equal(e.status, LEX_BAD_ENCODING);
	assert_int_equal(e.col, 4);
}

static void test_too_many_tokens(void **state)
{
	(void)state;
	struct token t[4];
	struct lex_error e;
	int n = lex("a b c d e", t, 4, &e);
	assert_int_equal(e.status, LEX_TOO_LONG);
	assert_int_equal(n, 4);
	assert_int_equal(t[3].kind, TOK_END);
}

/* A string longer than the JIT stack would hold without possessive matching. */
static void test_long_string(void **state)
{
	(void)state;
	char line[12000];
	strcpy(line, "note \"");
	memset(line + 6, 'x', 10000);
	strcpy(line + 10006, "\"");
	struct token t[4];
	struct lex_error e;
	int n = lex(line, t, 4, &e);
	assert_int_equal(e.status, LEX_OK);
	assert_int_equal(n, 3);
	assert_int_equal(t[1].sub_len, 10000);
}

static void test_control_characters(void **state)
{
	(void)state;
	struct token t[8];
	struct lex_error e;
	const char line[] = "note \"before\0after\"";
	int n = lex_line(tu_lex(), line, sizeof line - 1, t, 8, &e);
	assert_int_equal(e.status, LEX_CONTROL);
	assert_int_equal(e.col, 13);
	assert_int_equal(n, 2);	/* note, end: the string is cut at the NUL */
	lex("turn 1\r2", t, 8, &e);
	assert_int_equal(e.status, LEX_CONTROL);
	assert_int_equal(e.col, 7);
	lex("note \"\xc2\x9b" "31m\"", t, 8, &e);	/* C1 CSI */
	assert_int_equal(e.status, LEX_CONTROL);
	assert_int_equal(e.col, 7);
	lex("note \"\xc2\xa0\xc3\xb3\"", t, 8, &e);	/* no-break space, o acute: not controls */
	assert_int_equal(e.status, LEX_OK);
	lex("note \"ab\xe2\x80\xae" "cd\"", t, 8, &e);	/* U+202E right-to-left override */
	assert_int_equal(e.status, LEX_CONTROL);
	assert_int_equal(e.col, 9);
	lex("note \"\xe2\x81\xa6x\"", t, 8, &e);	/* U+2066 left-to-right isolate */
	assert_int_equal(e.status, LEX_CONTROL);
	lex("note \"\xe2\x80\x8e\xe2\x80\x94\"", t, 8, &e);	/* a left-to-right mark, an em dash: fine */
	assert_int_equal(e.status, LEX_OK);
}

static void test_backslashes_and_spacing(void **state)
{
	(void)state;
	struct token t[16];
	struct lex_error e;
	const char *line = "note \"C:\\games \\\" x\" a:5@8->b +1000vet le\xc3\xb3n";
	int n = lex(line, t, 16, &e);
	assert_int_equal(e.status, LEX_OK);
	assert_int_equal(t[1].kind, TOK_STRING);
	enum token_kind want[] = {TOK_WORD, TOK_STRING, TOK_WORD, TOK_COLON, TOK_NUMBER, TOK_AT, TOK_NUMBER,
				  TOK_ARROW, TOK_WORD, TOK_MOD, TOK_WORD, TOK_END};
	assert_int_equal(n, 12);
	for (int i = 0; i < n; i++)
		assert_int_equal(t[i].kind, want[i]);
	assert_int_equal(t[9].num, 1000);
	assert_int_equal(t[10].ncols, 4);	/* león: four characters */
}

static void test_token_docs(void **state)
{
	(void)state;
	for (int k = 0; k < TOK_N_KINDS; k++)
		assert_non_null(lex_token_doc((enum token_kind)k));
	assert_string_equal(lex_token_doc(TOK_END), "end of line");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds_and_columns),
		cmocka_unit_test(test_face_captures),
		cmocka_unit_test(test_long_numbers),
		cmocka_unit_test(test_modifier_captures),
		cmocka_unit_test(test_words_numbers_dates),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_columns_count_code_points),
		cmocka_unit_test(test_comment_is_one_token),
		cmocka_unit_test(test_bad_token),
		cmocka_unit_test(test_unterminated_string),
		cmocka_unit_test(test_bad_encoding),
		cmocka_unit_test(test_too_many_tokens),
		cmocka_unit_test(test_long_string),
		cmocka_unit_test(test_control_characters),
		cmocka_unit_test(test_backslashes_and_spacing),
		cmocka_unit_test(test_token_docs),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
