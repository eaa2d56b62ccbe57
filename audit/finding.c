/* finding: the list of findings of an audit. */
#include "finding.h"
#include "cite.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/xalloc.h"

static const struct {
	const char *name;
	const char *doc;
} codes[] = {
#define FINDING(e, name, doc) {name, doc},
#include "finding_codes.def"
#undef FINDING
};

void findings_init(struct findings *f)
{
	memset(f, 0, sizeof *f);
}

void findings_release(struct findings *f)
{
	for (int i = 0; i < f->n; i++) {
		free(f->v[i].msg);
		free(f->v[i].cite);
	}
	free(f->v);
	findings_init(f);
}

struct finding *finding_add(struct findings *f, enum finding_code code, enum diag_severity sev,
			    struct loc at, const char *cite, const char *fmt, ...)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 32;
		f->v = xrealloc(f->v, f->cap * sizeof *f->v);
	}
	struct buf b;
	buf_init(&b, 4096);
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	struct finding *x = &f->v[f->n++];
	memset(x, 0, sizeof *x);
	x->code = code;
	x->severity = sev;
	x->at = at;
	x->cite = cite ? xstrdup(cite) : NULL;
	x->stmt = -1;
	x->msg = buf_detach(&b);
	buf_release(&b);
	return x;
}

const char *finding_code_name(enum finding_code code)
{
	return codes[code].name;
}

const char *finding_code_doc(enum finding_code code)
{
	return codes[code].doc;
}

int finding_code_lookup(const char *name)
{
	for (int i = 0; i < FINDING_N_CODES; i++)
		if (strcmp(codes[i].name, name) == 0)
			return i;
	return -1;
}

static bool before(const struct finding *a, const struct finding *b)
{
	if (a->at.file != b->at.file)
		return a->at.file < b->at.file;
	if (a->at.line != b->at.line)
		return a->at.line < b->at.line;
	return a->at.col < b->at.col;
}

void findings_sort(struct findings *f)
{
	for (int i = 1; i < f->n; i++) {	/* insertion sort: stable */
		struct finding x = f->v[i];
		int j = i;
		for (; j > 0 && before(&x, &f->v[j - 1]); j--)
			f->v[j] = f->v[j - 1];
		f->v[j] = x;
	}
}

void finding_render(const struct finding *f, const struct sources *src, struct buf *out)
{
	char sev[32];
	snprintf(sev, sizeof sev, "%s%s", diag_severity_name(f->severity),
		 f->overruled ? " (overruled)" : "");
	struct buf msg;	/* its seed lines in the player's form */
	buf_init(&msg, 0);
	cite_inline(f->msg, &msg);
	diag_render_at(src, f->at, sev, codes[f->code].name, msg.text ? msg.text : "", out);
	buf_release(&msg);
	if (f->cite) {
		buf_puts(out, "      = rule: ");
		cite_format(f->cite, out);
		buf_putc(out, '\n');
	}
}

void finding_index_init(struct finding_index *x, const struct findings *f, int n_stmts)
{
	x->first = xcalloc((size_t)n_stmts + 2, sizeof *x->first);
	x->order = xcalloc((size_t)f->n + 1, sizeof *x->order);
	for (int i = 0; i < f->n; i++)	/* count, then place: a stable counting sort */
		if (f->v[i].stmt >= 0 && f->v[i].stmt < n_stmts)
			x->first[f->v[i].stmt + 1]++;
	for (int s = 0; s <= n_stmts; s++)
		x->first[s + 1] += x->first[s];
	int *next = xcalloc((size_t)n_stmts + 1, sizeof *next);
	memcpy(next, x->first, (size_t)n_stmts * sizeof *next);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].stmt >= 0 && f->v[i].stmt < n_stmts)
			x->order[next[f->v[i].stmt]++] = i;
	free(next);
}

void finding_index_release(struct finding_index *x)
{
	free(x->first);
	free(x->order);
	x->first = x->order = NULL;
}
