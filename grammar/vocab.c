/* vocab: looking words up in a ruleset's vocabulary. */
#include "vocab.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "fold.h"
#include "xalloc.h"

/* Whether word is the len bytes at s, without case. */
static int same(const char *word, const char *s, size_t len)
{
	return len && fold_equal(word, s, len) && word[len] == '\0';
}

/* Words are looked up for every token of every line: each vocabulary gets
 * a hash index of its words by category and spelling (without case), made
 * on first use and kept for the process. */
struct word_index {
	const struct vocab *v;
	unsigned mask;
	int *slots;	/* word index + 1, 0 free */
	int *prefixes;	/* the words of prefix categories, by index */
	size_t n_prefixes;
};

static unsigned word_hash(int cat, const char *word, size_t len)
{
	return fold_hash(2166136261u ^ (unsigned)cat, word, len);
}

static const struct word_index *index_of(const struct vocab *v)
{
	static struct word_index kept[8];
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
		if (kept[i].v == v)
			return &kept[i];
		if (kept[i].v)
			continue;
		unsigned n = 64;
		while (n < v->n_words * 4)
			n *= 2;
		struct word_index *x = &kept[i];
		x->slots = xcalloc(n, sizeof *x->slots);
		x->mask = n - 1;
		for (size_t w = 0; w < v->n_words; w++) {
			const struct vocab_word *vw = &v->words[w];
			unsigned s = word_hash(vw->cat, vw->word, strlen(vw->word)) & x->mask;
			while (x->slots[s])
				s = (s + 1) & x->mask;
			x->slots[s] = (int)w + 1;
		}
		x->prefixes = xcalloc(v->n_words + 1, sizeof *x->prefixes);
		for (size_t w = 0; w < v->n_words; w++)
			if (v->cats[v->words[w].cat].prefix_of)
				x->prefixes[x->n_prefixes++] = (int)w;
		x->v = v;
		return x;
	}
	return NULL;	/* more vocabularies than umpire has: looked up one by one */
}

const struct vocab_word *vocab_find(const struct vocab *v, int cat, const char *word,
				    size_t len)
{
	const struct word_index *x = index_of(v);
	for (unsigned s = x ? word_hash(cat, word, len) & x->mask : 0; x && x->slots[s]; s = (s + 1) & x->mask) {
		const struct vocab_word *w = &v->words[x->slots[s] - 1];
		if (w->cat == cat && same(w->word, word, len))
			return w->canon ? vocab_find(v, cat, w->canon, strlen(w->canon)) : w;
	}
	for (size_t i = 0; !x && i < v->n_words; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat == cat && same(w->word, word, len))
			return w->canon ? vocab_find(v, cat, w->canon, strlen(w->canon)) : w;
	}
	return NULL;
}

const int *vocab_prefix_words(const struct vocab *v, size_t *n)
{
	const struct word_index *x = index_of(v);
	*n = x ? x->n_prefixes : v->n_words;
	return x ? x->prefixes : NULL;
}

const char *vocab_word_of(const struct vocab *v, int cat, int code)
{
	for (size_t i = 0; code && i < v->n_words; i++)
		if (v->words[i].cat == cat && v->words[i].code == code && !v->words[i].canon)
			return v->words[i].word;
	return NULL;
}

const struct vocab_event *vocab_find_event(const struct vocab *v, const char *kw, size_t len)
{
	for (size_t i = 0; i < v->n_events; i++) {
		const struct vocab_event *e = &v->events[i];
		if (!same(e->keyword, kw, len))
			continue;
		if (!e->canon)
			return e;
		return vocab_find_event(v, e->canon, strlen(e->canon));
	}
	return NULL;
}

const char *vocab_cat_name(const struct vocab *v, int cat)
{
	return cat > VC_NONE && cat < v->n_cats ? v->cats[cat].name : "word";
}

const char *vocab_default(const struct vocab *v, int cat)
{
	for (size_t i = 0; i < v->n_words; i++)
		if (v->words[i].cat == cat && !v->words[i].canon)
			return v->words[i].word;
	return NULL;
}

const char *vocab_list(const struct vocab *v, int cat, char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; i < v->n_words && n < size; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat == cat && !w->canon)
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? ", " : "", w->word);
	}
	return out;
}

const struct vocab_phase *vocab_phase_of(const struct vocab *v, const char *word, const char *mode)
{
	const struct vocab_phase *plain = NULL;
	for (size_t i = 0; i < v->n_phases; i++) {
		const struct vocab_phase *ph = &v->phases[i];
		if (strcmp(ph->word, word) != 0)
			continue;
		if (mode && ph->mode && strcmp(ph->mode, mode) == 0)
			return ph;
		if (!ph->mode && !plain)
			plain = ph;
	}
	return plain;
}

const struct vocab_phase *vocab_phase_in(const struct vocab *v, unsigned phases)
{
	for (size_t i = 0; phases != VOCAB_ANY_PHASE && i < v->n_phases; i++)
		if (phases & v->phases[i].bit)
			return &v->phases[i];
	return NULL;
}

int vocab_allows(const struct vocab_word *w, const char *value, size_t len)
{
	const char *p = w->spec;
	for (int k = 1; p && *p; k++) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);
		if (n == len && fold_equal(p, value, len))
			return k;
		p = bar ? bar + 1 : NULL;
	}
	return 0;
}

/* "`a`, `b`": the aliases of canonical word w in its category. */
static void put_aliases(const struct vocab *v, const struct vocab_word *w, struct buf *out)
{
	int n = 0;
	for (size_t i = 0; i < v->n_words; i++) {
		const struct vocab_word *a = &v->words[i];
		if (a->cat == w->cat && a->canon && fold_same(a->canon, w->word))
			buf_printf(out, "%s`%s`", n++ ? ", " : "", a->word);
	}
}

/* Table cell text: a '|' would end the cell. */
static void put_cell(struct buf *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			buf_putc(out, '\\');
		buf_putc(out, *s);
	}
}

static void put_category(const struct vocab *v, int cat, struct buf *out)
{
	buf_printf(out, "\n#### %s\n\n| word | aliases | meaning | source |\n|---|---|---|---|\n",
		   v->cats[cat].name);
	for (size_t i = 0; i < v->n_words; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat != cat || w->canon)
			continue;
		buf_printf(out, "| `%s` | ", w->word);
		put_aliases(v, w, out);
		buf_puts(out, " | ");
		put_cell(out, w->doc);
		if (cat == v->option) {	/* the first value is the default */
			buf_puts(out, " (values: ");
			put_cell(out, w->spec);
			buf_puts(out, "; the first is the default)");
		}
		buf_printf(out, " | %s |\n", w->cite ? w->cite : "");
	}
}

void vocab_markdown(const struct vocab *v, struct buf *out)
{
	buf_printf(out, "### Vocabulary of `%s`\n\n%s. Words are matched without regard to case; "
		   "`fmt` writes the word in the first column. %s\n", v->name, v->title, v->sources);
	for (int c = VC_NONE + 1; c < v->n_cats; c++)
		put_category(v, c, out);
	buf_puts(out, "\n#### events\n\n| keyword | aliases | arguments | phase |\n|---|---|---|---|\n");
	for (size_t i = 0; i < v->n_events; i++) {
		const struct vocab_event *e = &v->events[i];
		if (e->canon)
			continue;
		buf_printf(out, "| `%s` | ", e->keyword);
		int n = 0;
		for (size_t j = 0; j < v->n_events; j++)
			if (v->events[j].canon && strcmp(v->events[j].canon, e->keyword) == 0)
				buf_printf(out, "%s`%s`", n++ ? ", " : "", v->events[j].keyword);
		buf_puts(out, " | ");
		put_cell(out, e->doc);
		const struct vocab_phase *ph = vocab_phase_in(v, e->phases);
		buf_printf(out, " | %s |\n", ph ? ph->word : "any");
	}
}
