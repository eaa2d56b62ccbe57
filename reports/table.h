/* table: rows of a query as a text table, CSV or JSON Lines.
 *
 * Every listing of the archive (`db list`, `db query`, `db sql`) prints the
 * rows of one statement: as text, columns aligned under a header, for a
 * person; as CSV with a header row (RFC 4180 quoting) or as JSON Lines
 * (one object a row, keys the column names, in order) for scripts.  A
 * NULL is empty in text and CSV and null in JSON. */
#ifndef UMPIRE_TABLE_H
#define UMPIRE_TABLE_H

#include <stdbool.h>
#include <stdio.h>
#include <sqlite3.h>

enum table_format { TABLE_TEXT, TABLE_CSV, TABLE_JSON };

/* The format named by word ("text", "csv", "json"); false if none is. */
bool table_format_of(const char *word, enum table_format *out);

/* Steps st to its end, writing its rows to out; returns the number of
 * rows, or -1 when a step fails (the statement's error in the database). */
long table_write(FILE *out, sqlite3_stmt *st, enum table_format f);

#endif
