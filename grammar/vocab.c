/* vocab: looking words up in a ruleset's vocabulary. */
#include "vocab.h"

#include <string.h>
#include <strings.h>

/* ORDER: enum vocab_cat */
static const char *const cat_names[VC_N_CATS] = {
	"arm", "experience", "morale class", "weapon", "carriage", "formation",
	"order", "limber state", "mount state", "unit attribute",
	"leader rating", "leader attribute", "nation",
	"light", "twilight part", "night sky", "phase", "fire phase",
	"maneuver modifier", "fire modifier", "charge modifier",
	"maneuver effect", "fire effect", "charge effect", "fallen-leader effect",
	"maneuver fact", "fire fact", "charge fact",
	"action", "ruling", "rule option",
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

int vocab_option_allows(const struct vocab_word *opt, const char *value, size_t len)
{
	const char *p = opt->spec;
	while (p && *p) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);
		if (n == len && strncasecmp(p, value, len) == 0)
			return 1;
		p = bar ? bar + 1 : NULL;
	}
	return 0;
}
