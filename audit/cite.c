/* cite: seed lines to the printed rules' document, section and row. */
#include "cite.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	int seed, first;
	const char *name;
} sections[] = {
#define SECTION(seed, first, name) {seed, first, name},
#include "cite_sections.def"
#undef SECTION
};

const char *cite_document(int seed)
{
	static const char *const docs[] = {"MAW rules", "QRS", "QRS"};
	return seed >= 0 && seed < 3 ? docs[seed] : NULL;
}

const char *cite_section(int seed, int line)
{
	const char *name = NULL;	/* the last entry of the seed at or before the line */
	for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
		if (sections[i].seed == seed && sections[i].first <= line)
			name = sections[i].name;
	return name;
}

/* The length of the seed refs at the start of s ("002:126, 000:516"), 0 if
 * none; the first's seed and line through *seed and *line. */
static size_t refs_length(const char *s, int *seed, int *line)
{
	size_t n = 0;
	for (bool first = true;; first = false) {
		const char *p = s + n;
		if (!(isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
		      p[3] == ':' && isdigit((unsigned char)p[4])))
			return first ? 0 : n - 2;	/* back over the ", " */
		if (first) {
			*seed = atoi(p);
			*line = atoi(p + 4);
		}
		size_t k = 4;
		while (isdigit((unsigned char)p[k]) || p[k] == '-')
			k++;
		n += k;
		if (strncmp(s + n, ", ", 2) != 0)
			return n;
		n += 2;
	}
}

/* The row a cite's text names: without the table's name the section says. */
static const char *row_of(const char *text)
{
	static const char *const tables[] = {"Maneuver Table", "Musketry & Cannonade", "Charge Table",
					     "Fallen Leader Table", "Twilight & Night"};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		size_t n = strlen(tables[i]);
		if (strncmp(text, tables[i], n) == 0 && (text[n] == '\0' || text[n] == ':' || text[n] == ';')) {
			text += n;
			while (*text == ':' || *text == ';' || *text == ' ')
				text++;
			break;
		}
	}
	return text;
}

void cite_format(const char *cite, struct buf *out)
{
	int seed = -1, line = 0;
	size_t n = refs_length(cite, &seed, &line);
	const char *section = n ? cite_section(seed, line) : NULL;
	if (!section) {
		buf_puts(out, cite);
		return;
	}
	const char *text = cite + n;
	while (*text == ' ')
		text++;
	const char *row = row_of(text);
	buf_printf(out, "%s, %s", cite_document(seed), section);
	if (*row)
		buf_printf(out, ": %s", row);
	buf_printf(out, " (%.*s)", (int)n, cite);
}
