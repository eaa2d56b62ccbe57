/* sql_rows: a user's statement's rows, streamed, every value whole. */
#include "sql_rows.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "../reports/csv.h"
#include "../reports/json.h"

static const char hex_digits[] = "0123456789ABCDEF";

/* Writes the n bytes at p as hex digits, two a byte. */
static void write_hex(FILE *out, const unsigned char *p, int n)
{
	for (int i = 0; i < n; i++) {
		putc(hex_digits[p[i] >> 4], out);
		putc(hex_digits[p[i] & 15], out);
	}
}

/* Column c of the current row as text and CSV show it: a BLOB as the SQL
 * literal X'..', anything else its text, every byte of it. */
static void write_cell(FILE *out, sqlite3_stmt *st, int c)
{
	if (sqlite3_column_type(st, c) == SQLITE_BLOB) {
		const unsigned char *p = sqlite3_column_blob(st, c);
		int n = sqlite3_column_bytes(st, c);
		fputs("X'", out);
		write_hex(out, p, n);
		putc('\'', out);
		return;
	}
	const char *t = (const char *)sqlite3_column_text(st, c);
	if (t)
		fwrite(t, 1, (size_t)sqlite3_column_bytes(st, c), out);
}

/* The characters of a UTF-8 text of n bytes (for alignment). */
static size_t width_of(const char *s, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

/* How many characters write_cell writes of column c. */
static size_t cell_width(sqlite3_stmt *st, int c)
{
	if (sqlite3_column_type(st, c) == SQLITE_BLOB) {
		sqlite3_column_blob(st, c);
		return 3 + 2 * (size_t)sqlite3_column_bytes(st, c);
	}
	const char *t = (const char *)sqlite3_column_text(st, c);
	return t ? width_of(t, (size_t)sqlite3_column_bytes(st, c)) : 0;
}

/* What the first pass learns of each column: its width (the widest cell
 * or its name) and whether it holds only integers (and NULLs). */
struct column {
	size_t width;
	bool num;
};

/* The first pass: steps st to its end measuring every column into cols;
 * the rows, or -1 when a step fails. */
static long measure(sqlite3_stmt *st, struct column *cols, int n)
{
	for (int c = 0; c < n; c++) {
		const char *name = sqlite3_column_name(st, c);
		cols[c] = (struct column){width_of(name, strlen(name)), true};
	}
	long rows = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int c = 0; c < n; c++) {
			int type = sqlite3_column_type(st, c);
			cols[c].num &= type == SQLITE_INTEGER || type == SQLITE_NULL;
			size_t w = cell_width(st, c);
			if (w > cols[c].width)
				cols[c].width = w;
		}
		rows++;
	}
	for (int c = 0; c < n && rows == 0; c++)
		cols[c].num = false;	/* no row says what the column holds */
	return rc == SQLITE_DONE ? rows : -1;
}

/* One line of the text table: the column names (header) or the current
 * row, each column padded to its width, numbers to the right. */
static void write_line(FILE *out, sqlite3_stmt *st, const struct column *cols, int n, bool header)
{
	for (int c = 0; c < n; c++) {
		const char *name = sqlite3_column_name(st, c);
		size_t w = header ? width_of(name, strlen(name)) : cell_width(st, c);
		int pad = w < cols[c].width ? (int)(cols[c].width - w) : 0;
		if (cols[c].num)
			fprintf(out, "%*s", pad, "");
		if (header)
			fputs(name, out);
		else
			write_cell(out, st, c);
		if (!cols[c].num && c + 1 < n)
			fprintf(out, "%*s", pad, "");
		if (c + 1 < n)
			fputs("  ", out);
	}
	putc('\n', out);
}

/* Text: measured in a first pass, printed in a second. */
static long text_rows(FILE *out, sqlite3_stmt *st)
{
	int n = sqlite3_column_count(st);
	struct column *cols = xcalloc((size_t)(n ? n : 1), sizeof *cols);
	long rows = measure(st, cols, n);
	if (rows >= 0) {
		sqlite3_reset(st);
		write_line(out, st, cols, n, true);
		int rc;
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			write_line(out, st, cols, n, false);
		if (rc != SQLITE_DONE)
			rows = -1;
	}
	free(cols);
	return rows;
}

/* A CSV field of n bytes, guarded and quoted as every CSV of umpire's
 * (reports/csv.h), made in the caller's field buffer: text is false for a
 * number. */
static void write_csv_text(FILE *out, struct buf *field, const char *s, size_t n, bool text)
{
	buf_clear(field);
	csv_field_n(field, s, n, text);
	fwrite(field->text, 1, field->len, out);
}

/* CSV: the names, then each row as it comes. */
static long csv_rows(FILE *out, sqlite3_stmt *st)
{
	struct buf field;
	buf_init(&field, 0);
	int n = sqlite3_column_count(st);
	for (int c = 0; c < n; c++) {
		const char *name = sqlite3_column_name(st, c);
		if (c)
			putc(',', out);
		write_csv_text(out, &field, name, strlen(name), true);
	}
	fputs("\r\n", out);
	long rows = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int c = 0; c < n; c++) {
			if (c)
				putc(',', out);
			if (sqlite3_column_type(st, c) == SQLITE_BLOB) {
				write_cell(out, st, c);	/* X'..': nothing to quote */
			} else {
				bool text = sqlite3_column_type(st, c) == SQLITE_TEXT;
				const char *t = (const char *)sqlite3_column_text(st, c);
				write_csv_text(out, &field, t ? t : "", t ? (size_t)sqlite3_column_bytes(st, c) : 0, text);
			}
		}
		fputs("\r\n", out);
		rows++;
	}
	buf_release(&field);
	return rc == SQLITE_DONE ? rows : -1;
}

/* A JSON string of the n bytes of text at t (NUL-terminated at n, as
 * SQLite gives it), NUL bytes in it as \u0000: each piece between them
 * escaped by json_escape, its quotes dropped. */
static void json_text(struct buf *b, const char *t, size_t n)
{
	struct buf piece;
	buf_init(&piece, SIZE_MAX);
	buf_putc(b, '"');
	for (size_t i = 0;;) {
		size_t len = strlen(t + i);	/* to the next NUL byte, or the end */
		json_escape(&piece, t + i);
		buf_add(b, piece.text + 1, piece.len - 2);
		buf_clear(&piece);
		i += len;
		if (i >= n)
			break;
		buf_puts(b, "\\u0000");
		i++;
	}
	buf_putc(b, '"');
	buf_release(&piece);
}

/* One JSON object of the current row into b, keys the column names:
 * integers as numbers, BLOBs as their hex digits, NULL as null, anything
 * else as a string. */
static void json_row(struct buf *b, sqlite3_stmt *st)
{
	buf_putc(b, '{');
	for (int c = 0; c < sqlite3_column_count(st); c++) {
		if (c)
			buf_putc(b, ',');
		json_escape(b, sqlite3_column_name(st, c));
		buf_putc(b, ':');
		switch (sqlite3_column_type(st, c)) {
		case SQLITE_NULL:
			buf_puts(b, "null");
			break;
		case SQLITE_INTEGER:
			buf_printf(b, "%lld", (long long)sqlite3_column_int64(st, c));
			break;
		case SQLITE_BLOB: {
			const unsigned char *p = sqlite3_column_blob(st, c);
			int n = sqlite3_column_bytes(st, c);
			buf_putc(b, '"');
			for (int i = 0; i < n; i++) {
				buf_putc(b, hex_digits[p[i] >> 4]);
				buf_putc(b, hex_digits[p[i] & 15]);
			}
			buf_putc(b, '"');
			break;
		}
		default: {
			const char *t = (const char *)sqlite3_column_text(st, c);
			json_text(b, t ? t : "", t ? (size_t)sqlite3_column_bytes(st, c) : 0);
			break;
		}
		}
	}
	buf_puts(b, "}\n");
}

/* JSON Lines: an object a row, as it comes. */
static long json_rows(FILE *out, sqlite3_stmt *st)
{
	struct buf b;
	buf_init(&b, SIZE_MAX);	/* a value as large as SQLite holds */
	long rows = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_row(&b, st);
		fwrite(b.text, 1, b.len, out);
		buf_clear(&b);
		rows++;
	}
	buf_release(&b);
	return rc == SQLITE_DONE ? rows : -1;
}

long sql_rows_write(FILE *out, sqlite3_stmt *st, enum table_format f)
{
	switch (f) {
	case TABLE_TEXT:
		return text_rows(out, st);
	case TABLE_CSV:
		return csv_rows(out, st);
	case TABLE_JSON:
		return json_rows(out, st);
	}
	return -1;
}
