/* chart: reading a chart file against a ruleset's chart specs, and lookups. */
#include "chart.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "near.h"
#include "xalloc.h"

/* A card has tens of rows; the cap keeps the overlap check (each row
 * against those before) small on a hostile file. */
enum { MAX_FIELDS = 64, MAX_CELL = 9999, MAX_ROWS = 1000 };

struct field {
	const char *s;
	size_t n;
	int col;		/* 1-based, in code points */
};

struct reader {
	int file, line;
	const struct vocab *v;
	struct arena *ar;
	struct diags *d;
	struct charts *set;
	struct chart *cur;	/* the chart being read, or NULL */
	int order[MAX_FIELDS];	/* the spec's column of each column the file names */
	int n_order;		/* 0: no columns line yet */
	struct chart_row *rows;	/* the current chart's, until it ends */
	int n_rows, cap_rows;
	int errors;
	int errors_before;	/* when the current chart began: its rows' errors say enough */
	bool full;		/* the current chart's rows past MAX_ROWS were reported */
	bool bad_columns;	/* its `columns` line was in error: its rows are not read */
};

static struct loc at_field(const struct reader *r, const struct field *f)
{
	return (struct loc){r->file, r->line, f->col, (int)f->n};
}

static void error(struct reader *r, enum diag_code code, struct loc at, const char *fmt, ...) UMPIRE_PRINTF(4, 5);

static void error(struct reader *r, enum diag_code code, struct loc at, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(r->d, code, at, "%s", msg);
	r->errors++;
}

/* Splits a line into fields at blanks, up to a '#' comment; returns how
 * many (MAX_FIELDS + 1 when there are more). */
static int split(const char *s, size_t len, struct field *out)
{
	int n = 0, col = 1;
	for (size_t i = 0; i < len;) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++, col++;
			continue;
		}
		if (s[i] == '#')
			break;
		if (n == MAX_FIELDS)
			return n + 1;
		out[n] = (struct field){s + i, 0, col};
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
			if (((unsigned char)s[i] & 0xC0) != 0x80)
				col++;
			i++, out[n].n++;
		}
		n++;
	}
	return n;
}

static bool is(const struct field *f, const char *word)
{
	return f->n == strlen(word) && fold_equal(f->s, word, f->n);
}

/* A signed number at the start of s (at most n bytes): its bytes, or 0. */
static size_t number(const char *s, size_t n, int *out)
{
	size_t i = n && (s[0] == '-' || s[0] == '+');
	size_t digits = i;
	long v = 0;
	while (digits < n && s[digits] >= '0' && s[digits] <= '9') {
		if (v <= MAX_CELL)
			v = v * 10 + (s[digits] - '0');
		digits++;
	}
	if (digits == i || v > MAX_CELL)
		return 0;
	*out = s[0] == '-' ? (int)-v : (int)v;
	return digits;
}

/* A roll key: 7, 3-6, 18+ (or more), 2- (or less). */
static bool roll_key(const struct field *f, int *lo, int *hi)
{
	int a, b;
	size_t k = number(f->s, f->n, &a);
	if (!k)
		return false;
	*lo = *hi = a;
	if (k == f->n)
		return true;
	if (k + 1 == f->n && f->s[k] == '+')
		return (*hi = INT_MAX), true;
	if (k + 1 == f->n && f->s[k] == '-')
		return (*lo = INT_MIN), true;
	if (f->s[k] != '-' || number(f->s + k + 1, f->n - k - 1, &b) != f->n - k - 1)
		return false;
	*hi = b;
	return a <= b;
}

static const struct vocab_chart *spec_named(const struct vocab *v, const struct field *f)
{
	for (size_t i = 0; i < v->n_charts; i++)
		if (is(f, v->charts[i].name))
			return &v->charts[i];
	return NULL;
}

static void chart_names(const struct vocab *v, char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (size_t i = 0; i < v->n_charts && used < size; i++)
		used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "", v->charts[i].name);
}

/* The name of v's chart that f likely misspells, or NULL. */
static const char *near_chart(const struct vocab *v, const struct field *f)
{
	for (size_t i = 0; i < v->n_charts; i++)
		if (near_miss(v->charts[i].name, strlen(v->charts[i].name), f->s, f->n))
			return v->charts[i].name;
	return NULL;
}

static int n_columns(const struct vocab_chart *s)
{
	return s->n_columns ? s->n_columns : s->last_col - s->first_col + 1;
}

/* The spec's column a heading names, or -1. */
static int column_named(const struct vocab_chart *s, const struct field *f)
{
	if (s->n_columns) {
		for (int i = 0; i < s->n_columns; i++)
			if (is(f, s->columns[i].name))
				return i;
		return -1;
	}
	int n;
	if (number(f->s, f->n, &n) != f->n || n < s->first_col || n > s->last_col)
		return -1;
	return n - s->first_col;
}

static int column_cat(const struct vocab_chart *s, int col)
{
	return s->n_columns ? s->columns[col].cat : VC_NONE;
}

/* Ends the chart being read: its rows go to the arena. */
static void finish(struct reader *r)
{
	struct chart *c = r->cur;
	if (!c)
		return;
	if (r->errors > r->errors_before)
		;	/* a row or heading in error: no more about the chart */
	else if (!r->n_order)
		error(r, DIAG_EXPECTED, c->at, "chart %s has no `columns` line naming its columns", c->spec->name);
	else if (!r->n_rows)
		error(r, DIAG_EXPECTED, c->at, "chart %s has no rows", c->spec->name);
	c->rows = r->n_rows ? arena_memdup(r->ar, r->rows, (size_t)r->n_rows * sizeof *r->rows) : NULL;
	c->n_rows = r->n_rows;
	r->cur = NULL;
	r->n_rows = r->n_order = 0;
	r->full = r->bad_columns = false;
}

static void start_chart(struct reader *r, const struct field *f, int n)
{
	finish(r);
	struct loc at = at_field(r, &f[0]);
	if (n != 2) {
		if (n < 2)
			error(r, DIAG_EXPECTED, at, "expected the chart's name after `chart`");
		else
			error(r, DIAG_TRAILING, at_field(r, &f[2]), "text after the chart's name");
		return;
	}
	const struct vocab_chart *spec = spec_named(r->v, &f[1]);
	if (!spec) {
		char names[512];
		chart_names(r->v, names, sizeof names);
		const char *near = near_chart(r->v, &f[1]);
		if (near)
			error(r, DIAG_UNKNOWN_WORD, at_field(r, &f[1]), "%s has no chart '%.*s': did you mean '%s'? (its "
			      "charts: %s)", r->v->name, (int)f[1].n, f[1].s, near, names);
		else if (r->v->n_charts)
			error(r, DIAG_UNKNOWN_WORD, at_field(r, &f[1]), "%s has no chart '%.*s'; its charts: %s",
			      r->v->name, (int)f[1].n, f[1].s, names);
		else
			error(r, DIAG_UNKNOWN_WORD, at_field(r, &f[1]), "%s takes no chart file: its tables are built in",
			      r->v->name);
		return;
	}
	if (chart_find(r->set, spec->code)) {
		error(r, DIAG_DUPLICATE, at_field(r, &f[1]), "chart %s is given twice", spec->name);
		return;
	}
	r->set->v = xrealloc(r->set->v, (size_t)(r->set->n + 1) * sizeof *r->set->v);
	r->cur = &r->set->v[r->set->n++];
	*r->cur = (struct chart){.spec = spec, .at = at};
	r->errors_before = r->errors;
}

static void read_columns(struct reader *r, const struct field *f, int n)
{
	const struct vocab_chart *s = r->cur->spec;
	bool seen[MAX_FIELDS] = {false};
	if (r->n_order) {
		error(r, DIAG_DUPLICATE, at_field(r, &f[0]), "a second `columns` line for chart %s", s->name);
		return;
	}
	r->bad_columns = true;	/* until the line is read whole */
	for (int i = 1; i < n; i++) {
		int c = column_named(s, &f[i]);
		if (c < 0 || seen[c]) {
			if (c < 0)
				error(r, DIAG_UNKNOWN_WORD, at_field(r, &f[i]), "chart %s has no column '%.*s'", s->name,
				      (int)f[i].n, f[i].s);
			else
				error(r, DIAG_DUPLICATE, at_field(r, &f[i]), "column named twice in chart %s", s->name);
			return;
		}
		seen[c] = true;
		r->order[i - 1] = c;
	}
	if (n - 1 != n_columns(s)) {
		error(r, DIAG_EXPECTED, at_field(r, &f[n - 1]), "chart %s has %d columns; name each once", s->name,
		      n_columns(s));
		return;
	}
	r->n_order = n - 1;
	r->bad_columns = false;
}

/* The key of a row: its fields, how many it took in *used. */
static bool read_key(struct reader *r, const struct field *f, int n, struct chart_row *row, int *used)
{
	const struct vocab_chart *s = r->cur->spec;
	*used = 0;
	if (!s->key_cats[0]) {
		if (!roll_key(&f[0], &row->lo, &row->hi)) {
			error(r, DIAG_EXPECTED, at_field(r, &f[0]), "expected %s (7, 3-6, 18+ or 2-)", s->rows);
			return false;
		}
		*used = 1;
		return true;
	}
	for (int k = 0; k < 2 && s->key_cats[k]; k++) {
		const struct vocab_word *w = k < n ? vocab_find(r->v, s->key_cats[k], f[k].s, f[k].n) : NULL;
		if (!w) {
			char list[512];
			error(r, DIAG_EXPECTED, at_field(r, &f[k < n ? k : n - 1]), "expected a %s: one of %s",
			      vocab_cat_name(r->v, s->key_cats[k]), vocab_list(r->v, s->key_cats[k], list, sizeof list));
			return false;
		}
		row->key[k] = w->code;
		*used = k + 1;
	}
	return true;
}

/* "7", "3-6", "18+" or "2-", as a roll row's key is written. */
static void put_range(int lo, int hi, char *buf, size_t size)
{
	if (lo == INT_MIN && hi == INT_MAX)
		snprintf(buf, size, "any roll");
	else if (lo == INT_MIN)
		snprintf(buf, size, "%d-", hi);
	else if (hi == INT_MAX)
		snprintf(buf, size, "%d+", lo);
	else if (lo == hi)
		snprintf(buf, size, "%d", lo);
	else
		snprintf(buf, size, "%d-%d", lo, hi);
}

static bool overlaps(const struct chart_row *a, const struct chart_row *b, bool roll)
{
	return roll ? a->lo <= b->hi && b->lo <= a->hi : a->key[0] == b->key[0] && a->key[1] == b->key[1];
}

/* Does stated cell t lie in row's key? */
static bool states_row(const struct vocab_chart *s, const struct vocab_chart_cell *t, const struct chart_row *row)
{
	if (s->key_cats[0])
		return t->lo == row->key[0] && t->key2 == row->key[1];
	return t->lo <= row->hi && row->lo <= t->hi;
}

/* Warns where the file's cell col of row differs from a cell the rules'
 * text states: the text's value is the one used (cell_lookup), and the
 * player is told, not silently overruled. */
static void against_text(struct reader *r, const struct chart_row *row, int col, const struct field *f)
{
	const struct vocab_chart *s = r->cur->spec;
	int v = row->cells[col], cat = column_cat(s, col);
	for (int i = 0; i < s->n_stated; i++) {
		const struct vocab_chart_cell *t = &s->stated[i];
		if (t->col != col || v == CHART_UNKNOWN || v == t->value || !states_row(s, t, row))
			continue;
		char value[32];
		if (cat)
			snprintf(value, sizeof value, "%s", vocab_word_of(r->v, cat, t->value));
		else
			snprintf(value, sizeof value, "%d", t->value);
		diag_add(r->d, DIAG_CHART_TEXT, at_field(r, f), "the rules' text states %s here (%s): umpire uses the text's value",
			 value, t->cite);
		return;
	}
}

static void read_row(struct reader *r, const struct field *f, int n)
{
	const struct vocab_chart *s = r->cur->spec;
	if (!r->n_order) {
		if (!r->bad_columns)	/* after a bad one, its error says enough */
			error(r, DIAG_EXPECTED, at_field(r, &f[0]), "expected the `columns` line of chart %s first", s->name);
		return;
	}
	if (r->n_rows == MAX_ROWS) {
		if (!r->full)
			error(r, DIAG_TOO_MANY, at_field(r, &f[0]), "chart %s has more than %d rows", s->name, MAX_ROWS);
		r->full = true;
		return;
	}
	struct chart_row row = {.at = {r->file, r->line, f[0].col, 0}};
	int used;
	if (!read_key(r, f, n, &row, &used))
		return;
	if (n - used != r->n_order) {
		error(r, n - used < r->n_order ? DIAG_EXPECTED : DIAG_TRAILING,
		      at_field(r, &f[n - used < r->n_order ? n - 1 : used + r->n_order]),
		      n - used < r->n_order ? "this row of chart %s needs %d cells" : "chart %s has %d columns; this is one more",
		      s->name, r->n_order);
		return;
	}
	int *cells = arena_alloc(r->ar, (size_t)r->n_order * sizeof *cells);
	for (int i = 0; i < r->n_order; i++) {
		const struct field *c = &f[used + i];
		int col = r->order[i], cat = column_cat(s, col);
		if (c->n == 1 && c->s[0] == '?') {
			cells[col] = CHART_UNKNOWN;
			continue;
		}
		const struct vocab_word *w = cat ? vocab_find(r->v, cat, c->s, c->n) : NULL;
		if (cat ? !w : number(c->s, c->n, &cells[col]) != c->n) {
			char list[512];
			if (cat)
				error(r, DIAG_EXPECTED, at_field(r, c), "expected a %s: one of %s", vocab_cat_name(r->v, cat),
				      vocab_list(r->v, cat, list, sizeof list));
			else
				error(r, DIAG_EXPECTED, at_field(r, c), "expected a number (-%d to %d)", MAX_CELL, MAX_CELL);
			return;
		}
		if (w)
			cells[col] = w->code;
	}
	row.cells = cells;
	row.at.len = (int)(f[n - 1].s + f[n - 1].n - f[0].s);
	for (int i = 0; i < r->n_rows; i++)
		if (overlaps(&r->rows[i], &row, !s->key_cats[0])) {
			if (s->key_cats[0]) {
				error(r, DIAG_DUPLICATE, at_field(r, &f[0]), "this row's key is also the key of the row at line %d",
				      r->rows[i].at.line);
			} else {
				char mine[32], theirs[32], both[32];
				const struct chart_row *o = &r->rows[i];
				put_range(row.lo, row.hi, mine, sizeof mine);
				put_range(o->lo, o->hi, theirs, sizeof theirs);
				put_range(row.lo > o->lo ? row.lo : o->lo, row.hi < o->hi ? row.hi : o->hi, both, sizeof both);
				error(r, DIAG_DUPLICATE, at_field(r, &f[0]),
				      "this row (%s) overlaps the row at line %d (%s): both cover %s", mine, o->at.line, theirs, both);
			}
			return;
		}
	for (int i = 0; i < r->n_order; i++)
		against_text(r, &row, r->order[i], &f[used + i]);
	if (r->n_rows == r->cap_rows) {
		r->cap_rows = r->cap_rows ? 2 * r->cap_rows : 16;
		r->rows = xrealloc(r->rows, (size_t)r->cap_rows * sizeof *r->rows);
	}
	r->rows[r->n_rows++] = row;
}

int chart_read(struct charts *set, const struct sources *src, int file, const struct vocab *v,
	       struct arena *ar, struct diags *d)
{
	struct reader r = {.file = file, .v = v, .ar = ar, .d = d, .set = set};
	struct field f[MAX_FIELDS];
	for (r.line = 1; r.line <= src->v[file].n_lines; r.line++) {
		size_t len;
		const char *text = sources_line(src, file, r.line, &len);
		int n = split(text, len, f);
		if (n == 0)
			continue;
		if (n > MAX_FIELDS) {
			error(&r, DIAG_TOO_MANY, (struct loc){file, r.line, 1, 0}, "more than %d fields on one line", MAX_FIELDS);
		} else if (is(&f[0], "chart")) {
			start_chart(&r, f, n);
		} else if (!r.cur) {
			error(&r, DIAG_EXPECTED, at_field(&r, &f[0]), "expected `chart NAME` before %s",
			      r.set->n ? "the rows of a chart that was not read" : "the first row");
		} else if (is(&f[0], "columns")) {
			read_columns(&r, f, n);
		} else {
			read_row(&r, f, n);
		}
	}
	finish(&r);
	free(r.rows);
	return r.errors;
}

const struct chart *chart_find(const struct charts *set, int code)
{
	for (int i = 0; set && i < set->n; i++)
		if (set->v[i].spec->code == code)
			return &set->v[i];
	return NULL;
}

const struct chart_row *chart_roll(const struct chart *c, int roll)
{
	for (int i = 0; c && i < c->n_rows; i++)
		if (roll >= c->rows[i].lo && roll <= c->rows[i].hi)
			return &c->rows[i];
	return NULL;
}

const struct chart_row *chart_words(const struct chart *c, int k0, int k1)
{
	for (int i = 0; c && i < c->n_rows; i++)
		if (c->rows[i].key[0] == k0 && c->rows[i].key[1] == k1)
			return &c->rows[i];
	return NULL;
}

int chart_column(const struct chart *c, int n)
{
	if (!c || c->spec->n_columns || n < c->spec->first_col || n > c->spec->last_col)
		return -1;
	return n - c->spec->first_col;
}
