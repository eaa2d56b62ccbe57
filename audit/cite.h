/* cite: a rule's source as a player finds it in the printed rules.
 *
 * The audit cites rules by seed line ("002:184 Musketry & Cannonade: -2 for
 * 3 fire points": the line of the extracted text in ../shared/seeds that
 * the tests and docs/rules.md check).  Players hold the printed rules and
 * the Quick Reference Sheet, so what they are shown names the document,
 * the table or rule and the row, with the seed line kept as a second
 * reference: "QRS, Musketry & Cannonade, Die Roll Modifiers: -2 for 3 fire
 * points (002:184)". */
#ifndef UMPIRE_CITE_H
#define UMPIRE_CITE_H

#include <stddef.h>

#include "../grammar/buf.h"

/* What a ruleset's printed rules are (struct ruleset.book), as data: the
 * document each seed file is, the section each seed line stands in, and
 * the tables whose name a cite's text may begin with. */
struct cite_document {
	int seed;		/* the seed file's number: 2 for 002_....txt */
	const char *name;	/* "QRS" */
};

struct cite_section {
	int seed, first;	/* the section runs from this line to the next entry of its seed */
	const char *name;
};

struct cite_book {
	const struct cite_document *documents;
	size_t n_documents;
	const struct cite_section *sections;	/* by seed, then line */
	size_t n_sections;
	const char *const *tables;	/* "Charge Table": the section names the table */
	size_t n_tables;
};

/* Appends cite in the player's form to out: the document (RFF's "MAW
 * rules" for the variant's rule text, "QRS" for the Quick Reference Sheet),
 * the section the first seed line stands in, the row the cite names, then
 * the seed lines in parentheses.  The book is the registered ruleset's
 * whose documents hold the seed.  A cite that does not start with a seed
 * line, or whose seed no ruleset holds, is appended as it is. */
void cite_format(const char *cite, struct buf *out);

/* Appends text to out with every seed line it names put in the player's
 * form: "(000:566)" becomes "(MAW rules, Night Turns, 000:566)", the
 * document and section first and the seed line after.  A seed line that
 * follows another of the same section in one parenthesis ("002:178,
 * 002:198") keeps the one prefix; one no registered ruleset holds, or a
 * number that only looks like one ("12:30" with fewer than three digits),
 * is left as it is.  For messages and explanation steps, whose seed lines
 * are written inline. */
void cite_inline(const char *text, struct buf *out);

/* The section seed line `line` of seed file `seed` stands in, or NULL
 * (static). */
const char *cite_section(int seed, int line);

/* The document a player holds for a seed, or NULL. */
const char *cite_document(int seed);

#endif
