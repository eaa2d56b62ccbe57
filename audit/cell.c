/* cell: chart-file lookups for derivation steps (cell.h). */
#include "cell.h"

#include <stdio.h>

#include "../grammar/chart.h"
#include "record.h"

static const struct vocab_chart *chart_spec(const struct vocab *v, int code)
{
	for (size_t i = 0; i < v->n_charts; i++)
		if (v->charts[i].code == code)
			return &v->charts[i];
	return NULL;
}

static void row_key(const struct vocab *v, const struct vocab_chart *spec, int key, int key2, char *out, size_t size)
{
	if (!spec->key_cats[0])
		snprintf(out, size, "%d", key);
	else
		snprintf(out, size, "%s%s%s", vocab_word_of(v, spec->key_cats[0], key), spec->key_cats[1] ? " " : "",
			 spec->key_cats[1] ? vocab_word_of(v, spec->key_cats[1], key2) : "");
}

/* The cell the rules' text states at key (key2) in column index i, or NULL. */
static const struct vocab_chart_cell *stated(const struct vocab_chart *spec, int key, int key2, int i)
{
	for (int k = 0; k < spec->n_stated; k++) {
		const struct vocab_chart_cell *t = &spec->stated[k];
		if (t->col == i && (spec->key_cats[0] ? t->lo == key && t->key2 == key2 : key >= t->lo && key <= t->hi))
			return t;
	}
	return NULL;
}

struct cell cell_lookup(const struct audit *a, int code, int key, int key2, int col)
{
	struct cell cell = {0};
	const struct vocab *v = audit_vocab(a);
	const struct vocab_chart *spec = chart_spec(v, code);
	const struct vocab_chart_cell *t = stated(spec, key, key2, spec->n_columns ? col : col - spec->first_col);
	if (t) {
		cell.ok = cell.stated = true;
		cell.value = t->value;
		snprintf(cell.cite, sizeof cell.cite, "%s", t->cite);
		return cell;
	}
	const struct chart *c = chart_find(&a->b->charts, code);
	char k[96];
	row_key(v, spec, key, key2, k, sizeof k);
	if (!c) {
		snprintf(cell.why, sizeof cell.why, "the %s is not in the rules' text and no chart file gives `%s`",
			 spec->title, spec->name);
		return cell;
	}
	const struct chart_row *row = spec->key_cats[0] ? chart_words(c, key, key2) : chart_roll(c, key);
	int i = spec->n_columns ? col : chart_column(c, col);
	if (!row || i < 0 || row->cells[i] == CHART_UNKNOWN) {
		snprintf(cell.why, sizeof cell.why, "the chart file's %s %s %s", spec->name,
			 !row ? "has no row for" : i < 0 ? "has no such column for" : "leaves `?` at", k);
		return cell;
	}
	cell.ok = true;
	cell.value = row->cells[i];
	snprintf(cell.cite, sizeof cell.cite, "%s, row %s (%s:%d)", spec->title, k, a->b->src.v[row->at.file].path,
		 row->at.line);
	return cell;
}

const char *cell_source(const struct cell *c)
{
	return c->stated ? "the text" : "the chart file";
}

/* The record's result, where the ruleset set none: the effect the state follows. */
static int record_effect(struct audit *a, int cat, int effect)
{
	if (a->rec && !a->rec->effect && effect)
		a->rec->effect = vocab_word_of(audit_vocab(a), cat, effect);
	return effect;
}

int cell_effect(struct audit *a, int chart, int col, int roll, const struct claim *c, int cat, const char *cite)
{
	struct cell cell = cell_lookup(a, chart, roll, 0, col);
	if (!cell.ok) {
		if (c->effect)
			audit_find(a, FINDING_TRUSTED, DIAG_NOTE, c->effect_at, cite, "%s on %d taken on trust: %s", c->effect->word,
				   roll, cell.why);
		return vocab_code(c->effect);	/* not the record's result: nothing derived it */
	}
	const char *word = vocab_word_of(audit_vocab(a), cat, cell.value);
	record_step(a->rec, cell.cite, "%d: %s", roll, word);
	if (c->effect && vocab_code(c->effect) != cell.value)
		audit_find(a, FINDING_LOOKUP, DIAG_ERROR, c->effect_at, cite, "%s claimed; %s gives %s for %d", c->effect->word,
			   cell_source(&cell), word, roll);
	return record_effect(a, cat, c->effect && !audit_follows_derived(a) ? vocab_code(c->effect) : cell.value);
}

struct odds_ctx {
	const struct audit *a;
	int chart, col, mods;
};

static int face_cell(int f, void *ctx)
{
	const struct odds_ctx *c = ctx;
	struct cell cell = cell_lookup(c->a, c->chart, f + c->mods, 0, c->col);
	return cell.ok ? cell.value + 10000 : -1;	/* a cell is -9999 to 9999 (chart.c): shifted to 0 and up */
}

void cell_odds(const struct audit *a, int chart, int col, int sides, int rolled, int mods, bool better_up,
	       struct rec_odds *odds)
{
	struct odds_ctx c = {a, chart, col, mods};
	record_odds_of(odds, sides, rolled, better_up, face_cell, &c);
}
