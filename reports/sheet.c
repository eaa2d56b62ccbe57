/* sheet: a report as data, printed in five formats. */
#include "sheet.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../grammar/xalloc.h"
#include "csv.h"
#include "json.h"

enum cell_type { CELL_EMPTY, CELL_INT, CELL_REAL, CELL_TEXT };

struct cell {
	enum cell_type type;
	int decimals;	/* CELL_REAL */
	long i;
	double r;
	char *text;	/* CELL_TEXT */
};

struct figure {
	char *caption, *svg, *file;
};

struct link {	/* a body cell that an HTML page makes a link */
	size_t row;
	int col;
	char *href;
};

struct strings {
	char **v;
	int n, cap;
};

struct section {
	char *id, *title;
	enum sheet_audience who;
	struct strings paras, notes;
	struct figure *figs;
	int n_figs, cap_figs;
	struct strings cols;
	enum sheet_audience *col_who;	/* cols.n of them once one is set; NULL: every column everywhere */
	struct link *links;
	int n_links;
	struct cell *cells;	/* row after row, cols.n a row */
	size_t n_cells, cap_cells;
};

struct sheet {
	char *kind, *title;
	struct strings meta;	/* key, value, key, value... */
	struct section *secs;
	int n_secs, cap_secs;
};

static void strings_add(struct strings *l, const char *t)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	l->v[l->n++] = xstrdup(t ? t : "");
}

static void strings_free(struct strings *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

bool sheet_format_of(const char *word, enum sheet_format *out)
{
	static const char *const names[] = {
		[SHEET_TEXT] = "text", [SHEET_MD] = "md", [SHEET_CSV] = "csv", [SHEET_JSON] = "json", [SHEET_HTML] = "html",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(word, names[i]) == 0) {
			*out = (enum sheet_format)i;
			return true;
		}
	return false;
}

struct sheet *sheet_new(const char *kind, const char *title)
{
	struct sheet *s = xcalloc(1, sizeof *s);
	s->kind = xstrdup(kind);
	s->title = xstrdup(title);
	return s;
}

/* fmt formatted, whole, in a new string (the caller frees). */
static char *vformat(const char *fmt, va_list ap)
{
	struct buf b;
	buf_init(&b, 0);
	buf_vprintf(&b, fmt, ap);
	char *t = buf_detach(&b);
	buf_release(&b);
	return t;
}

struct sheet *sheet_newf(const char *kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *title = vformat(fmt, ap);
	va_end(ap);
	struct sheet *s = sheet_new(kind, title);
	free(title);
	return s;
}

void sheet_free(struct sheet *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->n_secs; i++) {
		struct section *x = &s->secs[i];
		free(x->id);
		free(x->title);
		strings_free(&x->paras);
		strings_free(&x->notes);
		strings_free(&x->cols);
		free(x->col_who);
		for (int l = 0; l < x->n_links; l++)
			free(x->links[l].href);
		free(x->links);
		for (int f = 0; f < x->n_figs; f++) {
			free(x->figs[f].caption);
			free(x->figs[f].svg);
			free(x->figs[f].file);
		}
		free(x->figs);
		for (size_t c = 0; c < x->n_cells; c++)
			free(x->cells[c].text);
		free(x->cells);
	}
	free(s->secs);
	strings_free(&s->meta);
	free(s->kind);
	free(s->title);
	free(s);
}

void sheet_meta(struct sheet *s, const char *key, const char *value)
{
	strings_add(&s->meta, key);
	strings_add(&s->meta, value);
}

void sheet_section(struct sheet *s, const char *id, const char *title, enum sheet_audience who)
{
	if (s->n_secs == s->cap_secs) {
		s->cap_secs = s->cap_secs ? 2 * s->cap_secs : 8;
		s->secs = xrealloc(s->secs, (size_t)s->cap_secs * sizeof *s->secs);
	}
	struct section *x = &s->secs[s->n_secs++];
	memset(x, 0, sizeof *x);
	x->id = xstrdup(id);
	x->title = xstrdup(title);
	x->who = who;
}

static struct section *current(struct sheet *s)
{
	if (!s->n_secs)
		sheet_section(s, "report", s->title, SHEET_ALL);
	return &s->secs[s->n_secs - 1];
}

static void add_formatted(struct strings *l, const char *fmt, va_list ap)
{
	char *t = vformat(fmt, ap);
	strings_add(l, t);
	free(t);
}

void sheet_para(struct sheet *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_formatted(&current(s)->paras, fmt, ap);
	va_end(ap);
}

void sheet_note(struct sheet *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add_formatted(&current(s)->notes, fmt, ap);
	va_end(ap);
}

void sheet_figure(struct sheet *s, const char *caption, const char *svg, const char *file)
{
	struct section *x = current(s);
	if (x->n_figs == x->cap_figs) {
		x->cap_figs = x->cap_figs ? 2 * x->cap_figs : 4;
		x->figs = xrealloc(x->figs, (size_t)x->cap_figs * sizeof *x->figs);
	}
	x->figs[x->n_figs++] = (struct figure){xstrdup(caption), svg ? xstrdup(svg) : NULL, file ? xstrdup(file) : NULL};
}

void sheet_columns(struct sheet *s, int n, const char *const *names)
{
	struct section *x = current(s);
	for (int c = 0; c < n; c++)
		strings_add(&x->cols, names[c]);
}

static size_t n_rows(const struct section *x);

void sheet_column_audience(struct sheet *s, int col, enum sheet_audience who)
{
	struct section *x = current(s);
	if (col < 0 || col >= x->cols.n)
		return;
	if (!x->col_who)
		x->col_who = xcalloc((size_t)x->cols.n, sizeof *x->col_who);	/* SHEET_ALL is 0 */
	x->col_who[col] = who;
}

bool sheet_link(struct sheet *s, const char *id, long row, const char *column, const char *href)
{
	for (int i = 0; i < s->n_secs; i++) {
		struct section *x = &s->secs[i];
		if (strcmp(x->id, id) != 0 || row < 0 || (size_t)row >= n_rows(x))
			continue;
		for (int c = 0; c < x->cols.n; c++)
			if (strcmp(x->cols.v[c], column) == 0) {
				x->links = xrealloc(x->links, ((size_t)x->n_links + 1) * sizeof *x->links);
				x->links[x->n_links++] = (struct link){(size_t)row, c, xstrdup(href)};
				return true;
			}
	}
	return false;
}

static struct cell *next_cell(struct sheet *s)
{
	struct section *x = current(s);
	if (x->n_cells == x->cap_cells) {
		x->cap_cells = x->cap_cells ? 2 * x->cap_cells : 64;
		x->cells = xrealloc(x->cells, x->cap_cells * sizeof *x->cells);
	}
	struct cell *c = &x->cells[x->n_cells++];
	memset(c, 0, sizeof *c);
	return c;
}

void sheet_int(struct sheet *s, long v)
{
	struct cell *c = next_cell(s);
	c->type = CELL_INT;
	c->i = v;
}

void sheet_real(struct sheet *s, double v, int decimals)
{
	struct cell *c = next_cell(s);
	c->type = CELL_REAL;
	c->r = v;
	c->decimals = decimals;
}

void sheet_text(struct sheet *s, const char *t)
{
	if (!t) {
		sheet_empty(s);
		return;
	}
	struct cell *c = next_cell(s);
	c->type = CELL_TEXT;
	c->text = xstrdup(t);
}

void sheet_textf(struct sheet *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *t = vformat(fmt, ap);
	va_end(ap);
	struct cell *c = next_cell(s);
	c->type = CELL_TEXT;
	c->text = t;
}

void sheet_empty(struct sheet *s)
{
	next_cell(s);
}

/* Pads a short row with empty cells, so that every row is whole. */
void sheet_row(struct sheet *s)
{
	struct section *x = current(s);
	while (x->cols.n && x->n_cells % (size_t)x->cols.n)
		sheet_empty(s);
}

long sheet_query(struct sheet *s, sqlite3_stmt *st, int col, void (*rewrite)(const char *text, struct buf *out))
{
	struct buf b;
	buf_init(&b, 0);
	int n = sqlite3_column_count(st);
	for (int c = 0; c < n; c++)
		strings_add(&current(s)->cols, sqlite3_column_name(st, c));
	long rows = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int c = 0; c < n; c++)
			switch (sqlite3_column_type(st, c)) {
			case SQLITE_NULL:
				sheet_empty(s);
				break;
			case SQLITE_INTEGER:
				sheet_int(s, (long)sqlite3_column_int64(st, c));
				break;
			case SQLITE_FLOAT:
				sheet_real(s, sqlite3_column_double(st, c), 2);
				break;
			default:
				if (rewrite && c == col) {
					buf_clear(&b);
					rewrite((const char *)sqlite3_column_text(st, c), &b);
					sheet_text(s, b.text);
				} else {
					sheet_text(s, (const char *)sqlite3_column_text(st, c));
				}
				break;
			}
		rows++;
	}
	buf_release(&b);
	return rc == SQLITE_DONE ? rows : -1;
}

static void strings_copy(struct strings *to, const struct strings *from)
{
	for (int i = 0; i < from->n; i++)
		strings_add(to, from->v[i]);
}

static bool adopt(struct sheet *s, const struct sheet *src, const char *id, const char *title, bool words);

bool sheet_adopt(struct sheet *s, const struct sheet *src, const char *id, const char *title)
{
	return adopt(s, src, id, title, true);
}

bool sheet_adopt_table(struct sheet *s, const struct sheet *src, const char *id, const char *title)
{
	return adopt(s, src, id, title, false);
}

/* Copies section id of src to s, its paragraphs and notes too when words. */
static bool adopt(struct sheet *s, const struct sheet *src, const char *id, const char *title, bool words)
{
	const struct section *x = NULL;
	for (int i = 0; i < src->n_secs && !x; i++)
		if (strcmp(src->secs[i].id, id) == 0)
			x = &src->secs[i];
	if (!x)
		return false;
	sheet_section(s, x->id, title ? title : x->title, x->who);
	struct section *y = current(s);
	if (words) {
		strings_copy(&y->paras, &x->paras);
		strings_copy(&y->notes, &x->notes);
	}
	strings_copy(&y->cols, &x->cols);
	if (x->col_who) {
		y->col_who = xmalloc((size_t)x->cols.n * sizeof *y->col_who);
		memcpy(y->col_who, x->col_who, (size_t)x->cols.n * sizeof *y->col_who);
	}
	for (int f = 0; f < x->n_figs; f++)
		sheet_figure(s, x->figs[f].caption, x->figs[f].svg, x->figs[f].file);
	for (size_t c = 0; c < x->n_cells; c++) {
		struct cell *to = next_cell(s);
		*to = x->cells[c];
		if (to->text)
			to->text = xstrdup(to->text);
	}
	return true;
}

long sheet_section_rows(const struct sheet *s, const char *id)
{
	for (int i = 0; i < s->n_secs; i++)
		if (strcmp(s->secs[i].id, id) == 0)
			return s->secs[i].cols.n ? (long)(s->secs[i].n_cells / (size_t)s->secs[i].cols.n) : 0;
	return -1;
}

/* ---- writing ---- */

/* A cell as text: a number printed into b (which it empties first), a
 * text cell's own text (no copy, so no ceiling cuts it). */
static const char *cell_text(const struct cell *c, struct buf *b)
{
	buf_clear(b);
	if (c->type == CELL_TEXT)
		return c->text;
	switch (c->type) {
	case CELL_INT:
		buf_printf(b, "%ld", c->i);
		break;
	case CELL_REAL:
		buf_printf(b, "%.*f", c->decimals, c->r);
		break;
	case CELL_TEXT:
	case CELL_EMPTY:
		break;
	}
	return b->text;
}

static size_t n_rows(const struct section *x)
{
	return x->cols.n ? x->n_cells / (size_t)x->cols.n : 0;
}

static const struct cell *cell_at(const struct section *x, size_t r, int c)
{
	return &x->cells[r * (size_t)x->cols.n + (size_t)c];
}

/* A column is numeric when every cell it has is a number. */
static bool numeric(const struct section *x, int c)
{
	bool any = false;
	for (size_t r = 0; r < n_rows(x); r++) {
		enum cell_type t = cell_at(x, r, c)->type;
		if (t == CELL_TEXT)
			return false;
		any |= t != CELL_EMPTY;
	}
	return any;
}

static bool shown(const struct section *x, enum sheet_format f)
{
	bool data = f == SHEET_CSV || f == SHEET_JSON;
	return x->who == SHEET_ALL || (x->who == SHEET_DATA) == data;
}

/* Whether column c of x shows in format f (the same rule as a section's). */
static bool col_shown(const struct section *x, int c, enum sheet_format f)
{
	bool data = f == SHEET_CSV || f == SHEET_JSON;
	enum sheet_audience who = x->col_who ? x->col_who[c] : SHEET_ALL;
	return who == SHEET_ALL || (who == SHEET_DATA) == data;
}

/* The number of characters of a UTF-8 text, for alignment. */
static size_t width(const char *t)
{
	size_t n = 0;
	for (; *t; t++)
		n += ((unsigned char)*t & 0xc0) != 0x80;
	return n;
}

static void underline(FILE *out, const char *t, char c)
{
	fprintf(out, "%s\n", t);
	for (size_t i = width(t); i > 0; i--)
		fputc(c, out);
	fputc('\n', out);
}

/* t as Markdown text that says what it says: &, < and > as entities (no
 * tag of a battle file reaches a page that renders the Markdown), the
 * characters Markdown reads backslash-escaped (~ too: GFM's ~~strike~~),
 * and what GFM would make a link of broken by an escape that renders as
 * the character itself: the : of "http://" (any "://") and the . of
 * "www.".  A bare e-mail address is still a link in GFM: it finds those
 * after the escapes are read. */
static void md_escape(struct buf *out, const char *t)
{
	for (; t && *t; t++) {
		if (strncasecmp(t, "www.", 4) == 0) {
			buf_add(out, t, 3);
			buf_puts(out, "\\.");
			t += 3;
		} else if (*t == ':' && strncmp(t + 1, "//", 2) == 0)
			buf_puts(out, "\\:");
		else if (*t == '&')
			buf_puts(out, "&amp;");
		else if (*t == '<')
			buf_puts(out, "&lt;");
		else if (*t == '>')
			buf_puts(out, "&gt;");
		else if (strchr("\\`*_[]|#~", *t))
			buf_printf(out, "\\%c", *t);
		else if (*t == '\n' || *t == '\r')
			buf_putc(out, ' ');
		else
			buf_putc(out, *t);
	}
}

/* A header (r 0) or body cell as a table shows it, into b. */
static const char *shown_cell(const struct section *x, size_t r, int c, bool md, struct buf *b)
{
	struct buf raw;
	buf_init(&raw, 0);
	const char *t = r == 0 ? x->cols.v[c] : cell_text(cell_at(x, r - 1, c), &raw);
	buf_clear(b);
	if (md)
		md_escape(b, t);
	else
		buf_puts(b, t);
	buf_release(&raw);
	return b->text;
}

/* Text and Markdown tables: each column as wide as its widest cell,
 * numbers to the right; Markdown between pipes with its rule row. */
static void aligned_table(FILE *out, const struct section *x, bool md)
{
	int n = x->cols.n;
	size_t rows = n_rows(x);
	size_t *w = xcalloc((size_t)n, sizeof *w);
	bool *num = xcalloc((size_t)n, sizeof *num);
	struct buf b, line;
	buf_init(&b, 0);
	buf_init(&line, 0);
	int last_shown = -1;
	for (int c = 0; c < n; c++)
		if (col_shown(x, c, SHEET_TEXT))
			last_shown = c;
	for (int c = 0; c < n; c++) {
		num[c] = numeric(x, c);
		for (size_t r = 0; r <= rows; r++) {
			size_t cw = width(shown_cell(x, r, c, md, &b));
			if (cw > w[c])
				w[c] = cw;
		}
		if (md && w[c] < 3)
			w[c] = 3;
	}
	for (size_t r = 0; r <= rows + (md ? 1 : 0); r++) {
		buf_clear(&line);
		if (md)
			buf_puts(&line, "| ");
		for (int c = 0; c < n; c++) {
			if (!col_shown(x, c, SHEET_TEXT))
				continue;
			const char *t;
			if (md && r == 1) {	/* the rule row: ---: for numbers */
				buf_clear(&b);
				for (size_t i = 0; i + 1 < w[c]; i++)
					buf_putc(&b, '-');
				buf_putc(&b, num[c] ? ':' : '-');
				t = b.text;
			} else {
				t = shown_cell(x, md && r > 1 ? r - 1 : r, c, md, &b);
			}
			int pad = (int)(w[c] - width(t));
			bool last = c == last_shown;
			if (num[c])
				buf_printf(&line, "%*s%s", pad, "", t);
			else
				buf_printf(&line, "%s%*s", t, last && !md ? 0 : pad, "");
			if (!last)
				buf_puts(&line, md ? " | " : "  ");
		}
		while (!md && line.len && line.text[line.len - 1] == ' ')	/* an empty last cell */
			line.text[--line.len] = '\0';
		buf_puts(&line, md ? " |\n" : "\n");
		fputs(line.text, out);
	}
	buf_release(&b);
	buf_release(&line);
	free(w);
	free(num);
}

/* t written as Markdown text. */
static void md_put(FILE *out, const char *t)
{
	struct buf b;
	buf_init(&b, 0);
	md_escape(&b, t);
	fputs(b.text, out);
	buf_release(&b);
}

static void write_text(const struct sheet *s, FILE *out, const char *only)
{
	if (!only) {
		underline(out, s->title, '=');
		for (int i = 0; i + 1 < s->meta.n; i += 2)
			fprintf(out, "%s: %s\n", s->meta.v[i], s->meta.v[i + 1]);
	}
	for (int i = 0; i < s->n_secs; i++) {
		const struct section *x = &s->secs[i];
		if (!shown(x, SHEET_TEXT) || (only && strcmp(only, x->id) != 0))
			continue;
		fputc('\n', out);
		underline(out, x->title, '-');
		for (int p = 0; p < x->paras.n; p++)
			fprintf(out, "%s\n", x->paras.v[p]);
		if (x->cols.n) {
			if (x->paras.n)
				fputc('\n', out);
			if (n_rows(x))
				aligned_table(out, x, false);
			else
				fputs("(none)\n", out);
		}
		for (int f = 0; f < x->n_figs; f++)
			fprintf(out, "figure: %s%s%s\n", x->figs[f].caption, x->figs[f].file ? ": " : "",
				x->figs[f].file ? x->figs[f].file : "");
		for (int p = 0; p < x->notes.n; p++)
			fprintf(out, "%s\n", x->notes.v[p]);
	}
}

static void write_md(const struct sheet *s, FILE *out, const char *only)
{
	if (!only) {
		fputs("# ", out);
		md_put(out, s->title);
		fputs("\n\n", out);
		for (int i = 0; i + 1 < s->meta.n; i += 2) {
			fputs("- **", out);
			md_put(out, s->meta.v[i]);
			fputs(":** ", out);
			md_put(out, s->meta.v[i + 1]);
			fputc('\n', out);
		}
	}
	for (int i = 0; i < s->n_secs; i++) {
		const struct section *x = &s->secs[i];
		if (!shown(x, SHEET_MD) || (only && strcmp(only, x->id) != 0))
			continue;
		fputs("\n## ", out);
		md_put(out, x->title);
		fputs("\n\n", out);
		for (int p = 0; p < x->paras.n; p++) {
			md_put(out, x->paras.v[p]);
			fputs("\n\n", out);
		}
		if (x->cols.n) {
			if (n_rows(x))
				aligned_table(out, x, true);
			else
				fputs("(none)\n", out);
		}
		for (int f = 0; f < x->n_figs; f++)
			if (x->figs[f].file) {
				fputs("\n![", out);
				md_put(out, x->figs[f].caption);
				fprintf(out, "](<%s>)\n", x->figs[f].file);	/* our own file name: no < or > in it */
			}
		if (x->notes.n)
			fputc('\n', out);
		for (int p = 0; p < x->notes.n; p++) {
			md_put(out, x->notes.v[p]);
			fputs(p + 1 < x->notes.n ? "  \n" : "\n", out);
		}
	}
}

/* Each table CSV shows: its header row, then its rows, each field through
 * csv_field (quoted, and a text that would run as a formula guarded); CRLF
 * line ends, tables apart by an empty line. */
static void write_csv(const struct sheet *s, FILE *out, const char *only)
{
	struct buf line, cell;
	buf_init(&line, 0);
	buf_init(&cell, 0);
	bool first = true;
	for (int i = 0; i < s->n_secs; i++) {
		const struct section *x = &s->secs[i];
		if (!x->cols.n || !shown(x, SHEET_CSV) || (only && strcmp(only, x->id) != 0))
			continue;
		if (!first)
			fputs("\r\n", out);	/* a blank line between tables */
		first = false;
		buf_clear(&line);
		for (int c = 0, k = 0; c < x->cols.n; c++) {
			if (!col_shown(x, c, SHEET_CSV))
				continue;
			if (k++)
				buf_putc(&line, ',');
			csv_field(&line, x->cols.v[c], true);
		}
		buf_puts(&line, "\r\n");
		fputs(line.text, out);
		for (size_t r = 0; r < n_rows(x); r++) {
			buf_clear(&line);
			for (int c = 0, k = 0; c < x->cols.n; c++) {
				if (!col_shown(x, c, SHEET_CSV))
					continue;
				if (k++)
					buf_putc(&line, ',');
				const struct cell *v = cell_at(x, r, c);
				csv_field(&line, cell_text(v, &cell), v->type == CELL_TEXT);
			}
			buf_puts(&line, "\r\n");
			fputs(line.text, out);
		}
	}
	buf_release(&line);
	buf_release(&cell);
}

static void json_cell(struct json *j, const struct cell *c)
{
	switch (c->type) {
	case CELL_INT:
		json_int(j, c->i);
		break;
	case CELL_REAL:	/* as many decimals as the report shows: the same number everywhere */
		json_real(j, c->r, c->decimals);
		break;
	case CELL_TEXT:
		json_string(j, c->text);
		break;
	case CELL_EMPTY:
		json_null(j);
		break;
	}
}

static void json_strings(struct json *j, const char *key, const struct strings *l)
{
	json_key(j, key);
	json_array_begin(j);
	for (int i = 0; i < l->n; i++)
		json_string(j, l->v[i]);
	json_array_end(j);
}

static void json_section(struct json *j, const struct section *x)
{
	json_object_begin(j);
	json_key(j, "id");
	json_string(j, x->id);
	json_key(j, "title");
	json_string(j, x->title);
	json_strings(j, "paragraphs", &x->paras);
	if (x->cols.n) {
		json_key(j, "rows");
		json_array_begin(j);
		for (size_t r = 0; r < n_rows(x); r++) {
			json_object_begin(j);
			for (int c = 0; c < x->cols.n; c++) {
				if (!col_shown(x, c, SHEET_JSON))
					continue;
				json_key(j, x->cols.v[c]);
				json_cell(j, cell_at(x, r, c));
			}
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_strings(j, "notes", &x->notes);
	json_key(j, "figures");
	json_array_begin(j);
	for (int f = 0; f < x->n_figs; f++) {
		json_object_begin(j);
		json_key(j, "caption");
		json_string(j, x->figs[f].caption);
		json_key(j, "file");
		json_string(j, x->figs[f].file);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static void write_json(const struct sheet *s, FILE *out, const char *only)
{
	struct buf b;
	buf_init_sink(&b, out);	/* streams: a report of any size is written whole */
	struct json j;
	json_init(&j, &b);
	json_object_begin(&j);
	json_key(&j, "report");
	json_string(&j, s->kind);
	json_key(&j, "title");
	json_string(&j, s->title);
	json_key(&j, "meta");
	json_object_begin(&j);
	for (int i = 0; i + 1 < s->meta.n; i += 2) {
		json_key(&j, s->meta.v[i]);
		json_string(&j, s->meta.v[i + 1]);
	}
	json_object_end(&j);
	json_key(&j, "sections");
	json_array_begin(&j);
	for (int i = 0; i < s->n_secs; i++)
		if (shown(&s->secs[i], SHEET_JSON) && (!only || strcmp(only, s->secs[i].id) == 0))
			json_section(&j, &s->secs[i]);
	json_array_end(&j);
	json_object_end(&j);
	buf_putc(&b, '\n');
	buf_flush(&b);	/* a failed write leaves ferror(out) for the caller */
	buf_release(&b);
}

void sheet_html_escape(struct buf *out, const char *t)
{
	for (; t && *t; t++)
		switch (*t) {
		case '&':
			buf_puts(out, "&amp;");
			break;
		case '<':
			buf_puts(out, "&lt;");
			break;
		case '>':
			buf_puts(out, "&gt;");
			break;
		case '"':
			buf_puts(out, "&quot;");
			break;
		default:
			buf_putc(out, *t);
		}
}

const char sheet_css[] =
	"body{font-family:Georgia,'Times New Roman',serif;max-width:60em;margin:2em auto;padding:0 1em;"
	"color:#111;line-height:1.4}\n"
	"h1{font-size:1.8em;margin-bottom:.2em}h2{font-size:1.3em;border-bottom:1px solid #999;margin-top:1.6em}\n"
	"dl.meta{display:grid;grid-template-columns:max-content auto;gap:.1em 1em;margin:0}"
	"dl.meta dt{font-weight:bold}dl.meta dd{margin:0}\n"
	"table{border-collapse:collapse;margin:.6em 0;font-size:.9em}"
	"th,td{padding:.15em .6em;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
	"th{border-bottom:2px solid #555}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"p.note{font-size:.85em;color:#444;margin:.2em 0}figure{margin:1em 0}figure svg{max-width:100%;height:auto}"
	"figcaption{font-size:.85em;color:#444}\n"
	"nav{font-size:.9em;margin-bottom:1em}nav a{margin-right:1em}ul.battles{line-height:1.6}\n"
	"@media print{nav{display:none}body{max-width:none;margin:0;font-size:10pt}"
	"h1,h2,dl.meta{break-after:avoid}p{orphans:3;widows:3}tr,figure{break-inside:avoid}"
	"thead{display:table-header-group}figure svg{max-height:21cm;width:auto}"
	"a{color:inherit;text-decoration:none}}\n";

/* The link of the body cell (r, c), or NULL (a section has a few). */
static const char *link_at(const struct section *x, size_t r, int c)
{
	for (int l = 0; l < x->n_links; l++)
		if (x->links[l].row == r && x->links[l].col == c)
			return x->links[l].href;
	return NULL;
}

static void html_section(struct buf *b, const struct section *x)
{
	buf_puts(b, "<section id=\"");
	sheet_html_escape(b, x->id);
	buf_puts(b, "\">\n<h2>");
	sheet_html_escape(b, x->title);
	buf_puts(b, "</h2>\n");
	for (int p = 0; p < x->paras.n; p++) {
		buf_puts(b, "<p>");
		sheet_html_escape(b, x->paras.v[p]);
		buf_puts(b, "</p>\n");
	}
	if (x->cols.n && n_rows(x)) {
		struct buf t;
		buf_init(&t, 0);
		bool *num = xcalloc((size_t)x->cols.n, sizeof *num);
		buf_puts(b, "<table>\n<thead><tr>");
		for (int c = 0; c < x->cols.n; c++) {
			num[c] = numeric(x, c);
			if (!col_shown(x, c, SHEET_HTML))
				continue;
			buf_puts(b, num[c] ? "<th class=\"num\">" : "<th>");
			sheet_html_escape(b, x->cols.v[c]);
			buf_puts(b, "</th>");
		}
		buf_puts(b, "</tr></thead>\n<tbody>\n");
		for (size_t r = 0; r < n_rows(x); r++) {
			buf_puts(b, "<tr>");
			for (int c = 0; c < x->cols.n; c++) {
				if (!col_shown(x, c, SHEET_HTML))
					continue;
				buf_puts(b, num[c] ? "<td class=\"num\">" : "<td>");
				const char *href = link_at(x, r, c);
				if (href) {
					buf_puts(b, "<a href=\"");
					sheet_html_escape(b, href);
					buf_puts(b, "\">");
				}
				sheet_html_escape(b, cell_text(cell_at(x, r, c), &t));
				buf_puts(b, href ? "</a></td>" : "</td>");
			}
			buf_puts(b, "</tr>\n");
		}
		buf_puts(b, "</tbody>\n</table>\n");
		free(num);
		buf_release(&t);
	} else if (x->cols.n) {
		buf_puts(b, "<p>(none)</p>\n");
	}
	for (int f = 0; f < x->n_figs; f++) {
		buf_puts(b, "<figure>\n");
		if (x->figs[f].svg)
			buf_puts(b, x->figs[f].svg);	/* gnuplot's own SVG: a drawing, no script */
		buf_puts(b, "<figcaption>");
		sheet_html_escape(b, x->figs[f].caption);
		buf_puts(b, "</figcaption>\n</figure>\n");
	}
	for (int p = 0; p < x->notes.n; p++) {
		buf_puts(b, "<p class=\"note\">");
		sheet_html_escape(b, x->notes.v[p]);
		buf_puts(b, "</p>\n");
	}
	buf_puts(b, "</section>\n");
}

static void html_page(const struct sheet *s, struct buf *b, const char *only, const char *nav)
{
	buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	sheet_html_escape(b, s->title);
	buf_printf(b, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", sheet_css);
	if (nav)
		buf_printf(b, "<nav>%s</nav>\n", nav);
	buf_puts(b, "<h1>");
	sheet_html_escape(b, s->title);
	buf_puts(b, "</h1>\n");
	if (s->meta.n) {
		buf_puts(b, "<dl class=\"meta\">\n");
		for (int i = 0; i + 1 < s->meta.n; i += 2) {
			buf_puts(b, "<dt>");
			sheet_html_escape(b, s->meta.v[i]);
			buf_puts(b, "</dt><dd>");
			sheet_html_escape(b, s->meta.v[i + 1]);
			buf_puts(b, "</dd>\n");
		}
		buf_puts(b, "</dl>\n");
	}
	for (int i = 0; i < s->n_secs; i++)
		if (shown(&s->secs[i], SHEET_HTML) && (!only || strcmp(only, s->secs[i].id) == 0))
			html_section(b, &s->secs[i]);
	buf_puts(b, "</body>\n</html>\n");
}

void sheet_html_page(const struct sheet *s, struct buf *out, const char *nav)
{
	html_page(s, out, NULL, nav);
}

static void write_html(const struct sheet *s, FILE *out, const char *only)
{
	struct buf b;
	buf_init_sink(&b, out);	/* streams: a page of any size is written whole */
	html_page(s, &b, only, NULL);
	buf_flush(&b);	/* a failed write leaves ferror(out) for the caller */
	buf_release(&b);
}

void sheet_table_ids(const struct sheet *s, enum sheet_format f, struct buf *out)
{
	for (int i = 0; i < s->n_secs; i++)
		if (s->secs[i].cols.n && shown(&s->secs[i], f))
			buf_printf(out, "%s%s", out->len ? ", " : "", s->secs[i].id);
}

bool sheet_write(const struct sheet *s, FILE *out, enum sheet_format f, const char *only)
{
	if (only) {
		bool found = false;
		for (int i = 0; i < s->n_secs; i++)
			found |= strcmp(s->secs[i].id, only) == 0 && shown(&s->secs[i], f);
		if (!found)
			return false;
	}
	static void (*const writers[])(const struct sheet *, FILE *, const char *) = {
		[SHEET_TEXT] = write_text, [SHEET_MD] = write_md,     [SHEET_CSV] = write_csv,
		[SHEET_JSON] = write_json, [SHEET_HTML] = write_html,
	};
	writers[f](s, out, only);
	return true;
}
