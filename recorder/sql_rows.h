/* sql_rows: the rows of a user's own statement (umpire db sql), streamed.
 *
 * The formats are those of reports/table.h (text with aligned columns, CSV
 * with a header row, JSON Lines), but a user's SELECT may return any
 * number of rows and any value, so no row is kept and no value is cut:
 *   - text aligns its columns over two passes of the statement: the first
 *     measures each column, the second prints (the caller runs both in one
 *     read transaction, so they see the same rows; a statement whose
 *     values change from one run to the next, random(), may overflow a
 *     column);
 *   - a BLOB is printed whole: X'0A00FF' (the SQL literal) in text and CSV,
 *     its hex digits "0A00FF" in JSON; a TEXT value whole, NUL bytes and
 *     all, in text and CSV.
 * A NULL is empty in text and CSV and null in JSON. */
#ifndef UMPIRE_SQL_ROWS_H
#define UMPIRE_SQL_ROWS_H

#include <stdio.h>
#include <sqlite3.h>

#include "../reports/table.h"

/* Steps st to its end (twice for text), writing its rows to out; returns
 * the number of rows, or -1 when a step fails (the statement's error in
 * the database). */
long sql_rows_write(FILE *out, sqlite3_stmt *st, enum table_format f);

#endif
