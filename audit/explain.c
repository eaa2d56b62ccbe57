/* explain: derivations in words, with their sources. */
#include "explain.h"

#include "../grammar/fmt.h"
#include "cite.h"

int explain_find_stmt(const struct battle *b, int file, int line)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].file == file && b->stmts[i].line == line)
			return i;
	return -1;
}

void explain_when(const struct battle *b, int stmt, struct buf *out)
{
	const struct stmt *turn = NULL, *phase = NULL;
	for (int i = stmt - 1; i >= 0 && !turn; i--) {
		if (b->stmts[i].kind == ST_TURN)
			turn = &b->stmts[i];
		else if (b->stmts[i].kind == ST_PHASE && !phase)
			phase = &b->stmts[i];
	}
	if (!turn)
		return;
	const struct st_turn *t = &turn->u->turn;
	char clock[8];
	const char *cond = t->cond ? t->cond->word : vocab_default(b->vocab, b->vocab->condition);
	buf_printf(out, "turn %d%s%s%s%s", t->number, t->side ? " " : "", t->side ? t->side : "",
		   cond ? ", " : "", cond ? cond : "");
	if (battle_clock(b, t->number, clock))
		buf_printf(out, ", %s", clock);
	if (phase)
		buf_printf(out, "; phase %s%s%s", phase->u->phase.phase, phase->u->phase.mode ? " " : "",
			   phase->u->phase.mode ? phase->u->phase.mode : "");
}

void explain_write(const struct battle *b, const struct record *r, const struct findings *f, bool all,
		   struct buf *out)
{
	const struct stmt *s = &b->stmts[r->stmt];
	buf_printf(out, "%s:%d: ", b->src.v[s->file].path, s->line);
	fmt_stmt(b, s, out);
	buf_putc(out, '\n');
	struct buf when;
	buf_init(&when, 0);
	explain_when(b, r->stmt, &when);
	if (when.len)	/* nothing before the first turn */
		buf_printf(out, "  %s\n", when.text);
	buf_release(&when);
	for (int i = 0; i < r->n_steps; i++) {
		if (!record_step_shown(r, &r->steps[i], all))
			continue;
		buf_puts(out, "  ");
		cite_inline(r->steps[i].text, out);
		if (r->steps[i].source[0]) {
			buf_puts(out, "  [");
			cite_format(r->steps[i].source, out);
			buf_putc(out, ']');
		}
		buf_putc(out, '\n');
	}
	int n = 0;
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		if (x->stmt != r->stmt || x->severity == DIAG_NOTE)
			continue;
		if (n++ == 0)
			buf_puts(out, "the claim:\n");
		buf_printf(out, "  %s%s %s: ", diag_severity_name(x->severity), x->overruled ? " (overruled)" : "",
			   finding_code_name(x->code));
		cite_inline(x->msg, out);
		if (x->cite) {
			buf_puts(out, "  [");
			cite_format(x->cite, out);
			buf_putc(out, ']');
		}
		buf_putc(out, '\n');
	}
	if (n == 0)
		buf_puts(out, "the claim agrees with the derivation\n");
	for (int i = 0; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		if (x->stmt != r->stmt || x->severity != DIAG_NOTE)
			continue;
		buf_puts(out, "  note: ");
		cite_inline(x->msg, out);
		buf_putc(out, '\n');
	}
}
