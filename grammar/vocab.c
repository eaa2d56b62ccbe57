/* vocab: looking words up in a ruleset's vocabulary. */
#include "vocab.h"

#include <string.h>
#include <strings.h>

#include "buf.h"

/* ORDER: enum vocab_cat */
static const char *const cat_names[VC_N_CATS] = {
	"arm", "experience", "morale class", "weapon", "carriage", "formation",
	"order", "limber state", "mount state", "unit attribute",
	"leader rating", "leader attribute", "nation",
	"light", "twilight part", "night sky", "phase", "fire phase",
	"maneuver modifier", "fire modifier", "charge modifier",
	"maneuver effect", "fire effect", "charge effect", "fallen-leader effect",
	"maneuver fact", "fire fact", "charge fact",
	"action", "ruling", "rule option", "charge outcome",
};

static int same(const char *word, const char *s, size_t len)
{
	return strlen(word) == len && strncasecmp(word, s, len) == 0;
}

const struct vocab_word *vocab_find(const struct vocab *v, enum vocab_cat cat, const char *word,
				    size_t len)
{
	for (size_t i = 0; i < v->n_words; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat != cat || !same(w->word, word, len))
			continue;
		if (!w->canon)
			return w;
		return vocab_find(v, cat, w->canon, strlen(w->canon));
	}
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

const char *vocab_cat_name(enum vocab_cat cat)
{
	return cat_names[cat];
}

int vocab_allows(const struct vocab_word *w, const char *value, size_t len)
{
	const char *p = w->spec;
	while (p && *p) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);
		if (n == len && strncasecmp(p, value, len) == 0)
			return 1;
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
		if (a->cat == w->cat && a->canon && strcasecmp(a->canon, w->word) == 0)
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

static void put_category(const struct vocab *v, enum vocab_cat cat, struct buf *out)
{
	buf_printf(out, "\n#### %s\n\n| word | aliases | meaning | source |\n|---|---|---|---|\n",
		   cat_names[cat]);
	for (size_t i = 0; i < v->n_words; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->cat != cat || w->canon)
			continue;
		buf_printf(out, "| `%s` | ", w->word);
		put_aliases(v, w, out);
		buf_puts(out, " | ");
		put_cell(out, w->doc);
		if (cat == VC_OPTION) {
			buf_puts(out, " (values: ");
			put_cell(out, w->spec);
			buf_putc(out, ')');
		}
		buf_printf(out, " | %s |\n", w->cite ? w->cite : "");
	}
}

void vocab_markdown(const struct vocab *v, struct buf *out)
{
	buf_printf(out, "### Vocabulary of `%s`\n\n%s. Words are matched without regard to case; "
		   "`fmt` writes the word in the first column. Sources are `SEED:LINE` in "
		   "`../shared/seeds/` (000 the rule text, 001 and 002 the Quick Reference Sheet).\n",
		   v->name, v->title);
	for (int c = 0; c < VC_N_CATS; c++)
		put_category(v, (enum vocab_cat)c, out);
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
		buf_printf(out, " | %s |\n",
			   e->phases == PH_MANEUVER ? "maneuver" : e->phases == PH_FIRE ? "fire"
			   : e->phases == PH_CHARGE ? "charge" : "any");
	}
}
