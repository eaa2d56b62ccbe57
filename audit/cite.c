/* cite: seed lines to the printed rules' document, section and row. */
#include "cite.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/xalloc.h"
#include "ruleset.h"

/* The book of the registered ruleset whose documents hold seed, and the
 * document's name through *doc; NULL if none does. */
static const struct cite_book *book_of(int seed, const char **doc)
{
	const struct ruleset *rs;
	for (size_t i = 0; (rs = ruleset_at(i)) != NULL; i++)
		for (size_t k = 0; rs->book && k < rs->book->n_documents; k++)
			if (rs->book->documents[k].seed == seed) {
				*doc = rs->book->documents[k].name;
				return rs->book;
			}
	return NULL;
}

const char *cite_document(int seed)
{
	const char *doc = NULL;
	book_of(seed, &doc);
	return doc;
}

const char *cite_section(int seed, int line)
{
	const char *doc;
	const struct cite_book *book = book_of(seed, &doc);
	const char *name = NULL;	/* the last entry of the seed at or before the line */
	for (size_t i = 0; book && i < book->n_sections; i++)
		if (book->sections[i].seed == seed && book->sections[i].first <= line)
			name = book->sections[i].name;
	return name;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Whether a seed line ("000:566") is written at p. */
static bool seed_line_at(const char *p)
{
	return is_digit(p[0]) && is_digit(p[1]) && is_digit(p[2]) && p[3] == ':' && is_digit(p[4]);
}

/* The length of the seed refs at the start of s ("002:126, 000:516"), 0 if
 * none; the first's seed and line through *seed and *line. */
static size_t refs_length(const char *s, int *seed, int *line)
{
	size_t n = 0;
	for (bool first = true;; first = false) {
		const char *p = s + n;
		if (!seed_line_at(p))
			return first ? 0 : n - 2;	/* back over the ", " */
		if (first) {
			*seed = atoi(p);
			*line = atoi(p + 4);
		}
		size_t k = 4;
		while (is_digit(p[k]) || p[k] == '-')
			k++;
		n += k;
		if (strncmp(s + n, ", ", 2) != 0)
			return n;
		n += 2;
	}
}

/* Does a seed line ("000:566") start at s, at the start of a word? */
static bool ref_at(const char *text, const char *s)
{
	bool boundary = s == text || s[-1] == '(' || s[-1] == ' ';
	return boundary && seed_line_at(s);
}

/* The seed line at s, prefixed with its document and section unless the
 * same section was prefixed last (*last); *run: the text not yet copied. */
static void cite_one(const char *s, const char **run, const char **last, struct buf *out)
{
	int seed = atoi(s), line = atoi(s + 4);
	const char *doc = cite_document(seed);
	const char *section = doc ? cite_section(seed, line) : NULL;
	if (!section)
		return;
	if (section != *last) {
		buf_add(out, *run, (size_t)(s - *run));
		*run = s;
		buf_printf(out, "%s, %s, ", doc, section);	/* whole or not at all, at a ceiling */
	}
	*last = section;
}

/* Whether a parenthesis opens or closes between a and b. */
static bool paren_between(const char *a, const char *b)
{
	return memchr(a, '(', (size_t)(b - a)) || memchr(a, ')', (size_t)(b - a));
}

void cite_inline(const char *text, struct buf *out)
{
	const char *last = NULL;	/* the section prefixed last in this parenthesis */
	const char *run = text;	/* the text not yet copied: copied in runs, not a byte at a time */
	const char *seen = text;	/* the last seed line's place: parentheses are looked for after it */
	/* each seed line has its colon, three digits before it: the colons are
	 * found, fewer than the bytes */
	for (const char *colon = strchr(text, ':'); colon; colon = strchr(colon + 1, ':')) {
		if (colon - text < 3 || !ref_at(text, colon - 3))
			continue;
		const char *s = colon - 3;
		if (paren_between(seen, s))
			last = NULL;
		seen = s;
		cite_one(s, &run, &last, out);
	}
	buf_puts(out, run);
}

/* The row a cite's text names: without the table's name the section says. */
static const char *row_of(const struct cite_book *book, const char *text)
{
	for (size_t i = 0; i < book->n_tables; i++) {
		const char *table = book->tables[i];
		size_t n = strlen(table);
		if (strncmp(text, table, n) == 0 && (text[n] == '\0' || text[n] == ':' || text[n] == ';')) {
			text += n;
			while (*text == ':' || *text == ';' || *text == ' ')
				text++;
			break;
		}
	}
	return text;
}

/* The citations formatted last, by a hash of their text: most events cite
 * the same few rules, and the JSON of a long battle formats each of them
 * hundreds of thousands of times.  A pure function's memory: the text
 * given is the key, the text it gave the value; entries are replaced, never
 * freed (a few dozen short strings for the program's life). */
enum { CITE_MEMO = 64 };
static struct {
	char *cite, *formatted;
} memo[CITE_MEMO];

static size_t memo_slot(const char *cite)
{
	size_t h = 5381;
	for (const unsigned char *p = (const unsigned char *)cite; *p; p++)
		h = h * 33 + *p;
	return h % CITE_MEMO;
}

static void format_cite(const char *cite, struct buf *out);

void cite_format(const char *cite, struct buf *out)
{
	size_t k = memo_slot(cite);
	if (memo[k].cite && strcmp(memo[k].cite, cite) == 0) {
		buf_puts(out, memo[k].formatted);
		return;
	}
	size_t at = out->len;
	format_cite(cite, out);
	if (out->full || out->len < at)	/* flushed to a sink, or cut: nothing to keep */
		return;
	free(memo[k].cite);
	free(memo[k].formatted);
	memo[k].cite = xstrdup(cite);
	memo[k].formatted = xstrdup(out->text + at);
}

static void format_cite(const char *cite, struct buf *out)
{
	int seed = -1, line = 0;
	size_t n = refs_length(cite, &seed, &line);
	const char *doc = NULL;
	const struct cite_book *book = n ? book_of(seed, &doc) : NULL;
	const char *section = book ? cite_section(seed, line) : NULL;
	if (!section) {
		buf_puts(out, cite);
		return;
	}
	const char *text = cite + n;
	while (*text == ' ')
		text++;
	const char *row = row_of(book, text);
	buf_printf(out, "%s, %s", doc, section);
	if (*row)
		buf_printf(out, ": %s", row);
	buf_printf(out, " (%.*s)", (int)n, cite);
}
