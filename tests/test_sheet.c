/* test_sheet: one small sheet in each of the five formats, byte for byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../reports/sheet.h"

/* Title, one fact, a table for everyone (a text with a pipe, a comma and a
 * quote; a number with decimals; an empty cell), one for readers and one
 * for data. */
static struct sheet *sample(void)
{
	struct sheet *s = sheet_new("sample", "Sample <one>");
	sheet_meta(s, "date", "1846-05-08");
	sheet_section(s, "units", "Units", SHEET_ALL);
	sheet_para(s, "Two units.");
	static const char *const cols[] = {"unit", "stands", "share"};
	sheet_columns(s, 3, cols);
	sheet_text(s, "5inf");
	sheet_int(s, 8);
	sheet_real(s, 12.5, 1);
	sheet_row(s);
	sheet_text(s, "a|b, \"c\" & d");
	sheet_int(s, 10);
	sheet_row(s);	/* the share left empty */
	sheet_note(s, "A note.");
	sheet_section(s, "matrix", "For readers", SHEET_READER);
	sheet_columns(s, 1, cols);
	sheet_text(s, "x");
	sheet_row(s);
	sheet_section(s, "rows", "For data", SHEET_DATA);
	sheet_columns(s, 1, cols + 1);
	sheet_int(s, 3);
	sheet_row(s);
	return s;
}

static void test_text(void **state)
{
	(void)state;
	struct sheet *s = sample();
	char *t = tu_sheet(s, SHEET_TEXT, NULL);
	assert_string_equal(t, "Sample <one>\n"
			       "============\n"
			       "date: 1846-05-08\n"
			       "\n"
			       "Units\n"
			       "-----\n"
			       "Two units.\n"
			       "\n"
			       "unit          stands  share\n"
			       "5inf               8   12.5\n"
			       "a|b, \"c\" & d      10\n"
			       "A note.\n"
			       "\n"
			       "For readers\n"
			       "-----------\n"
			       "unit\n"
			       "x\n");
	free(t);
	sheet_free(s);
}

static void test_markdown(void **state)
{
	(void)state;
	struct sheet *s = sample();
	char *t = tu_sheet(s, SHEET_MD, "units");
	assert_string_equal(t, "\n## Units\n\n"
			       "Two units.\n\n"
			       "| unit              | stands | share |\n"
			       "| ----------------- | -----: | ----: |\n"
			       "| 5inf              |      8 |  12.5 |\n"
			       "| a\\|b, \"c\" &amp; d |     10 |       |\n"
			       "\nA note.\n");
	free(t);
	sheet_free(s);
}

/* A battle's text cannot put markup into a page that renders the
 * Markdown: tags become entities, Markdown's own characters are escaped. */
static void test_markdown_escapes(void **state)
{
	(void)state;
	struct sheet *s = sheet_new("x", "<script>alert(1)</script>");
	sheet_meta(s, "name", "[link](javascript:x) *bold* _it_ `code` #");
	char *t = tu_sheet(s, SHEET_MD, NULL);
	assert_string_equal(t, "# &lt;script&gt;alert(1)&lt;/script&gt;\n\n"
			       "- **name:** \\[link\\](javascript:x) \\*bold\\* \\_it\\_ \\`code\\` \\#\n");
	free(t);
	sheet_free(s);
}

/* GFM's strikethrough and its links made of bare URLs: the ~ escaped, the
 * : of :// and the . of www. escaped, which GFM renders as themselves
 * (checked with cmark-gfm -e autolink -e strikethrough). */
static void test_markdown_autolinks(void **state)
{
	(void)state;
	struct sheet *s = sheet_new("x", "~~struck~~ ~one~");
	sheet_meta(s, "site", "see http://x.org, HTTPS://y.org/a or www.z.com (WWW.Z.COM); not a:b");
	char *t = tu_sheet(s, SHEET_MD, NULL);
	assert_string_equal(t, "# \\~\\~struck\\~\\~ \\~one\\~\n\n"
			       "- **site:** see http\\://x.org, HTTPS\\://y.org/a or www\\.z.com (WWW\\.Z.COM); not a:b\n");
	free(t);
	sheet_free(s);
}

static void test_csv(void **state)
{
	(void)state;
	struct sheet *s = sample();
	char *t = tu_sheet(s, SHEET_CSV, NULL);
	assert_string_equal(t, "unit,stands,share\r\n"
			       "5inf,8,12.5\r\n"
			       "\"a|b, \"\"c\"\" & d\",10,\r\n"
			       "\r\n"
			       "stands\r\n"
			       "3\r\n");
	free(t);
	sheet_free(s);
}

/* A text a spreadsheet would run as a formula is written as text; a
 * negative number is a number. */
static void test_csv_formulas(void **state)
{
	(void)state;
	struct sheet *s = sheet_new("x", "x");
	static const char *const cols[] = {"name", "n"};
	sheet_columns(s, 2, cols);
	sheet_text(s, "=HYPERLINK(\"http://x\")");
	sheet_int(s, -3);
	sheet_row(s);
	sheet_text(s, "@SUM(A1)");
	sheet_real(s, -0.25, 2);
	sheet_row(s);
	char *t = tu_sheet(s, SHEET_CSV, NULL);
	assert_string_equal(t, "name,n\r\n\"'=HYPERLINK(\"\"http://x\"\")\",-3\r\n'@SUM(A1),-0.25\r\n");
	free(t);
	sheet_free(s);
}

/* A cell holding a semicolon is quoted: a spreadsheet that splits fields
 * at ; would read "x;=1+1" as a formula in a cell of its own. */
static void test_csv_semicolon(void **state)
{
	(void)state;
	struct sheet *s = sheet_new("x", "x");
	static const char *const cols[] = {"name", "n"};
	sheet_columns(s, 2, cols);
	sheet_text(s, "x;=1+1");
	sheet_int(s, 1);
	sheet_row(s);
	sheet_text(s, "-2+3");
	sheet_text(s, "+1");
	sheet_row(s);
	char *t = tu_sheet(s, SHEET_CSV, NULL);
	assert_string_equal(t, "name,n\r\n\"x;=1+1\",1\r\n'-2+3,'+1\r\n");
	free(t);
	sheet_free(s);
}

static void test_json(void **state)
{
	(void)state;
	struct sheet *s = sample();
	char *t = tu_sheet(s, SHEET_JSON, "units");
	assert_string_equal(t, "{\"report\":\"sample\",\"title\":\"Sample <one>\",\"meta\":{\"date\":\"1846-05-08\"},"
			       "\"sections\":[{\"id\":\"units\",\"title\":\"Units\",\"paragraphs\":[\"Two units.\"],"
			       "\"rows\":[{\"unit\":\"5inf\",\"stands\":8,\"share\":12.5},"
			       "{\"unit\":\"a|b, \\\"c\\\" & d\",\"stands\":10,\"share\":null}],"
			       "\"notes\":[\"A note.\"],\"figures\":[]}]}\n");
	free(t);
	sheet_free(s);
}

static void test_html(void **state)
{
	(void)state;
	struct sheet *s = sample();
	char *t = tu_sheet(s, SHEET_HTML, NULL);
	assert_non_null(strstr(t, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
				  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
				  "<title>Sample &lt;one&gt;</title>\n"));
	assert_non_null(strstr(t, "@media print"));
	assert_non_null(strstr(t, "<tr><td>a|b, &quot;c&quot; &amp; d</td><td class=\"num\">10</td>"
				  "<td class=\"num\"></td></tr>\n"));
	assert_non_null(strstr(t, "<section id=\"matrix\">"));
	assert_null(strstr(t, "<section id=\"rows\">"));	/* data only */
	assert_non_null(strstr(t, "</body>\n</html>\n"));
	free(t);
	sheet_free(s);
}

static void test_only_a_table_shown(void **state)
{
	(void)state;
	struct sheet *s = sample();
	FILE *out = fopen("/dev/null", "w");
	assert_false(sheet_write(s, out, SHEET_CSV, "matrix"));	/* for readers */
	assert_false(sheet_write(s, out, SHEET_TEXT, "rows"));		/* for data */
	assert_false(sheet_write(s, out, SHEET_TEXT, "nothing"));
	fclose(out);
	enum sheet_format f;
	assert_true(sheet_format_of("md", &f));
	assert_int_equal(f, SHEET_MD);
	assert_false(sheet_format_of("pdf", &f));
	sheet_free(s);
}

/* Columns of their own audiences: the id for data, the name for readers
 * (in the middle of the row, and last, where text drops trailing blanks),
 * each format showing its own and no other, the cells staying in place;
 * an adopted section keeps them. */
static void test_column_audience(void **state)
{
	(void)state;
	struct sheet *s = sheet_new("names", "Names");
	sheet_section(s, "units", "Units", SHEET_ALL);
	static const char *const cols[] = {"unit", "unit", "name", "stands", "note"};
	sheet_columns(s, 5, cols);
	sheet_column_audience(s, 0, SHEET_DATA);
	sheet_column_audience(s, 1, SHEET_READER);
	sheet_column_audience(s, 2, SHEET_DATA);
	sheet_column_audience(s, 4, SHEET_READER);
	sheet_column_audience(s, 5, SHEET_DATA);	/* past the last column: nothing */
	sheet_text(s, "1oh");
	sheet_text(s, "1st Ohio");
	sheet_text(s, "1st Ohio");
	sheet_int(s, 8);
	sheet_text(s, "x");
	sheet_row(s);
	char *t = tu_sheet(s, SHEET_TEXT, NULL);
	assert_string_equal(t, "Names\n=====\n\nUnits\n-----\nunit      stands  note\n1st Ohio       8  x\n");
	free(t);
	t = tu_sheet(s, SHEET_MD, "units");
	assert_string_equal(t, "\n## Units\n\n| unit     | stands | note |\n| -------- | -----: | ---- |\n"
			       "| 1st Ohio |      8 | x    |\n");
	free(t);
	t = tu_sheet(s, SHEET_CSV, NULL);
	assert_string_equal(t, "unit,name,stands\r\n1oh,1st Ohio,8\r\n");
	free(t);
	t = tu_sheet(s, SHEET_JSON, NULL);
	assert_non_null(strstr(t, "\"rows\":[{\"unit\":\"1oh\",\"name\":\"1st Ohio\",\"stands\":8}]"));
	free(t);
	t = tu_sheet(s, SHEET_HTML, NULL);
	assert_non_null(strstr(t, "<tr><th>unit</th><th class=\"num\">stands</th><th>note</th></tr>"));
	assert_non_null(strstr(t, "<tr><td>1st Ohio</td><td class=\"num\">8</td><td>x</td></tr>"));
	assert_null(strstr(t, "1oh"));
	free(t);
	struct sheet *copy = sheet_new("copy", "Copy");
	assert_true(sheet_adopt(copy, s, "units", NULL));
	t = tu_sheet(copy, SHEET_CSV, NULL);
	assert_string_equal(t, "unit,name,stands\r\n1oh,1st Ohio,8\r\n");
	free(t);
	sheet_free(copy);
	sheet_free(s);
}

/* A report past 64 MiB (one cell of 70 000 000 letters) is written whole
 * as JSON and as HTML: the writers stream (they once cut at 64 MiB and
 * left invalid JSON). */
static void test_past_the_ceiling(void **state)
{
	(void)state;
	size_t n = 70000000;
	char *big = malloc(n + 1);
	memset(big, 'x', n);
	big[n] = '\0';
	struct sheet *s = sheet_new("test", "Long");
	sheet_section(s, "rows", "Rows", SHEET_ALL);
	const char *names[] = {"text"};
	sheet_columns(s, 1, names);
	sheet_text(s, big);
	sheet_row(s);
	free(big);
	for (int f = SHEET_JSON; f <= SHEET_HTML; f++) {
		FILE *out = tmpfile();
		assert_true(sheet_write(s, out, f, NULL));
		long len = ftell(out);
		assert_true(len > (long)n);
		char tail[16] = "";
		fseek(out, -8, SEEK_END);
		assert_int_equal(fread(tail, 1, 8, out), 8);
		assert_non_null(strstr(tail, f == SHEET_JSON ? "]}\n" : "</html>"));
		fclose(out);
	}
	sheet_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text), cmocka_unit_test(test_markdown), cmocka_unit_test(test_markdown_escapes),
		cmocka_unit_test(test_markdown_autolinks),
		cmocka_unit_test(test_csv), cmocka_unit_test(test_csv_formulas), cmocka_unit_test(test_csv_semicolon),
		cmocka_unit_test(test_json), cmocka_unit_test(test_html),     cmocka_unit_test(test_only_a_table_shown),
		cmocka_unit_test(test_past_the_ceiling),       cmocka_unit_test(test_column_audience),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
