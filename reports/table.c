/* table: rows as text, CSV or JSON Lines. */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "csv.h"
#include "json.h"

bool table_format_of(const char *word, enum table_format *out)
{
	static const char *const names[] = {[TABLE_TEXT] = "text", [TABLE_CSV] = "csv", [TABLE_JSON] = "json"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(word, names[i]) == 0) {
			*out = (enum table_format)i;
			return true;
		}
	return false;
}

static void json_row(struct buf *b, sqlite3_stmt *st)
{
	struct json j;
	json_init(&j, b);
	json_object_begin(&j);
	for (int c = 0; c < sqlite3_column_count(st); c++) {
		json_key(&j, sqlite3_column_name(st, c));
		switch (sqlite3_column_type(st, c)) {
		case SQLITE_NULL:
			json_null(&j);
			break;
		case SQLITE_INTEGER:
			json_int(&j, (long)sqlite3_column_int64(st, c));
			break;
		default:
			json_string(&j, (const char *)sqlite3_column_text(st, c));
			break;
		}
	}
	json_object_end(&j);
	buf_putc(b, '\n');
}

/* The number of characters of a UTF-8 text (for alignment). */
static size_t width(const char *s)
{
	size_t n = 0;
	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Text: every row kept, then printed with each column as wide as its
 * widest cell; numbers to the right. */
static long text_table(FILE *out, sqlite3_stmt *st)
{
	int n = sqlite3_column_count(st);
	size_t rows = 0, cap = 16;
	char **cells = xmalloc(cap * (size_t)n * sizeof *cells);
	bool *num = xcalloc((size_t)n, sizeof *num);	/* only integers (and NULLs) in the column */
	for (int c = 0; c < n; c++)
		num[c] = true;
	size_t *w = xcalloc((size_t)n, sizeof *w);
	for (int c = 0; c < n; c++)
		w[c] = width(sqlite3_column_name(st, c));
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (rows == cap) {
			cap *= 2;
			cells = xrealloc(cells, cap * (size_t)n * sizeof *cells);
		}
		for (int c = 0; c < n; c++) {
			const char *t = (const char *)sqlite3_column_text(st, c);
			cells[rows * (size_t)n + (size_t)c] = xstrdup(t ? t : "");
			int type = sqlite3_column_type(st, c);
			num[c] &= type == SQLITE_INTEGER || type == SQLITE_NULL;
			size_t cw = width(t);
			if (cw > w[c])
				w[c] = cw;
		}
		rows++;
	}
	for (int c = 0; c < n && rows == 0; c++)
		num[c] = false;	/* no row says what the column holds */
	struct buf b;
	buf_init(&b, 0);
	for (size_t r = 0; r <= rows; r++) {
		for (int c = 0; c < n; c++) {
			const char *t = r == 0 ? sqlite3_column_name(st, c) : cells[(r - 1) * (size_t)n + (size_t)c];
			int pad = (int)(w[c] - width(t));
			if (num[c])	/* numbers, and their heading, to the right */
				buf_printf(&b, "%*s%s", pad, "", t);
			else
				buf_printf(&b, "%s%*s", t, c + 1 < n ? pad : 0, "");
			if (c + 1 < n)
				buf_puts(&b, "  ");
		}
		buf_putc(&b, '\n');
		fwrite(b.text, 1, b.len, out);
		buf_clear(&b);
	}
	for (size_t i = 0; i < rows * (size_t)n; i++)
		free(cells[i]);
	free(cells);
	free(num);
	free(w);
	buf_release(&b);
	return rc == SQLITE_DONE ? (long)rows : -1;
}

long table_write(FILE *out, sqlite3_stmt *st, enum table_format f)
{
	if (f == TABLE_TEXT)
		return text_table(out, st);
	struct buf b;
	buf_init(&b, 0);
	int n = sqlite3_column_count(st);
	if (f == TABLE_CSV) {
		for (int c = 0; c < n; c++) {
			if (c)
				buf_putc(&b, ',');
			csv_field(&b, sqlite3_column_name(st, c), true);
		}
		buf_puts(&b, "\r\n");
	}
	long rows = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (f == TABLE_JSON) {
			json_row(&b, st);
		} else {
			for (int c = 0; c < n; c++) {
				if (c)
					buf_putc(&b, ',');
				int type = sqlite3_column_type(st, c);	/* a number is never a formula */
				csv_field(&b, (const char *)sqlite3_column_text(st, c),
					  type != SQLITE_INTEGER && type != SQLITE_FLOAT);
			}
			buf_puts(&b, "\r\n");
		}
		fwrite(b.text, 1, b.len, out);
		buf_clear(&b);
		rows++;
	}
	if (f == TABLE_CSV && rows == 0)
		fwrite(b.text, 1, b.len, out);	/* the header alone */
	buf_release(&b);
	return rc == SQLITE_DONE ? rows : -1;
}
