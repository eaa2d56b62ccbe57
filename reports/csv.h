/* csv: one CSV field, the one way every CSV of umpire writes it.
 *
 * RFC 4180 quoting, and OWASP's guard against CSV injection: a spreadsheet
 * runs a cell that begins with =, +, -, @, a tab or a carriage return as a
 * formula (=HYPERLINK(...), =cmd|...), and splits a line at a semicolon in
 * some locales, so a text from a battle file or an archive could run there.
 * A text that begins so is written with a ' before it, shown as the text it
 * is; a number is never a text cell, so -3 stays a number.  Reports
 * (sheet) and the archive's listings (table, the db sql rows) write
 * through it. */
#ifndef UMPIRE_CSV_H
#define UMPIRE_CSV_H

#include <stdbool.h>

#include "../grammar/buf.h"

/* Appends t (NULL: nothing, an empty field) to out as one field: with a '
 * before it when text is true and it begins with =, +, -, @, a tab or a
 * carriage return; in double quotes, its quotes doubled, when it holds a
 * comma, a semicolon, a quote or a line break.  text is false for a number
 * written as it is. */
void csv_field(struct buf *out, const char *t, bool text);
/* The same for the n bytes at t, which may hold NUL bytes (a value of
 * SQLite's as it gives it). */
void csv_field_n(struct buf *out, const char *t, size_t n, bool text);

#endif
