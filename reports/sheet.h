/* sheet: a report as data, printed as text, Markdown, CSV, JSON or HTML.
 *
 * A report builds a sheet: a title, a few facts about it ("date: 1846-05-08"),
 * then sections, each with paragraphs, an optional table and notes under it
 * (a legend).  A table's columns are named once; its cells are typed (an
 * integer, a number with its decimals, a text, or nothing), so that text and
 * Markdown put numbers to the right, JSON writes them as numbers and CSV
 * leaves them bare.  The sheet keeps everything until it is written: a
 * battle's report is a few hundred rows.  The struct is opaque; the sheet
 * owns copies of every text given to it. */
#ifndef UMPIRE_SHEET_H
#define UMPIRE_SHEET_H

#include <stdbool.h>
#include <stdio.h>
#include <sqlite3.h>

#include "../grammar/buf.h"

enum sheet_format { SHEET_TEXT, SHEET_MD, SHEET_CSV, SHEET_JSON, SHEET_HTML };

/* The format named by word ("text", "md", "csv", "json", "html"); false if none is. */
bool sheet_format_of(const char *word, enum sheet_format *out);

/* Where a section shows: everywhere, only where a person reads it (text,
 * Markdown, HTML: a matrix of turns), or only in the data formats (CSV,
 * JSON: the same facts as one row each). */
enum sheet_audience { SHEET_ALL, SHEET_READER, SHEET_DATA };

struct sheet;

/* A new sheet titled title, for the report called kind ("casualties"). */
struct sheet *sheet_new(const char *kind, const char *title);
/* The same, its title formatted (whole, however long). */
struct sheet *sheet_newf(const char *kind, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
void sheet_free(struct sheet *s);

/* A fact about the whole report, shown under its title. */
void sheet_meta(struct sheet *s, const char *key, const char *value);

/* Starts a section: id names it in JSON and for --table (a word), title heads it. */
void sheet_section(struct sheet *s, const char *id, const char *title, enum sheet_audience who);
/* A paragraph of the current section (before its table). */
void sheet_para(struct sheet *s, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
/* A note under the current section's table (a legend, a caveat). */
void sheet_note(struct sheet *s, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
/* A figure of the current section: an SVG drawing (inline in HTML), and
 * the file it was written to (linked from Markdown).  Text, CSV and JSON
 * name the file. */
void sheet_figure(struct sheet *s, const char *caption, const char *svg, const char *file);

/* The current section's table, with its columns' names. */
void sheet_columns(struct sheet *s, int n, const char *const *names);
/* Column col of the current section's table shows only where who says
 * (a unit's id for the data formats, its name for a reader); every column
 * shows everywhere until this is said. */
void sheet_column_audience(struct sheet *s, int col, enum sheet_audience who);
/* In HTML, the cell of section id's table at row (from 0) under the
 * column named column links to href (the caller's own, trusted: a page of
 * its site); the other formats show the text alone.  False when there is
 * no such section, row or column. */
bool sheet_link(struct sheet *s, const char *id, long row, const char *column, const char *href);
/* Cells of the current row, left to right; sheet_row ends the row. */
void sheet_int(struct sheet *s, long v);
void sheet_real(struct sheet *s, double v, int decimals);
void sheet_text(struct sheet *s, const char *t);	/* NULL is an empty cell */
void sheet_textf(struct sheet *s, const char *fmt, ...) UMPIRE_PRINTF(2, 3);
void sheet_empty(struct sheet *s);
void sheet_row(struct sheet *s);
/* The rows of a stepped statement as the current section's table (its
 * columns named by the statement); the number of rows, -1 on an error.
 * When rewrite is not NULL, the texts of column col pass through it (a
 * rule's citation put in the player's form). */
long sheet_query(struct sheet *s, sqlite3_stmt *st, int col, void (*rewrite)(const char *text, struct buf *out));
/* The number of rows of section id's table, -1 for no such section. */
long sheet_section_rows(const struct sheet *s, const char *id);

/* Copies src's section id to the end of s, titled title (its own when
 * NULL): a report made of others' tables (the after-action report).  False
 * when src has no such section. */
bool sheet_adopt(struct sheet *s, const struct sheet *src, const char *id, const char *title);
/* The same without the section's paragraphs and notes: its table alone,
 * under words of the adopter's own. */
bool sheet_adopt_table(struct sheet *s, const struct sheet *src, const char *id, const char *title);

/* The ids of the sections format f shows that have a table, ", "-separated,
 * into out (for a message naming what --table takes). */
void sheet_table_ids(const struct sheet *s, enum sheet_format f, struct buf *out);

/* Writes the sheet; only the section whose id is only when it is not NULL
 * (false when there is none).  HTML is one document with its stylesheet. */
bool sheet_write(const struct sheet *s, FILE *out, enum sheet_format f, const char *only);

/* The whole HTML page of s into out, with nav (HTML, trusted: the
 * caller's own links) after the opening of its body when not NULL: for a
 * site whose pages link to each other. */
void sheet_html_page(const struct sheet *s, struct buf *out, const char *nav);
/* The stylesheet of umpire's HTML pages (screen and print). */
extern const char sheet_css[];
/* Appends t to out with &, <, > and " escaped. */
void sheet_html_escape(struct buf *out, const char *t);

#endif
