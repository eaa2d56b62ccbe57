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

#include "../grammar/buf.h"

/* Appends cite in the player's form to out: the document ("MAW rules" for
 * the variant's rule text, "QRS" for the Quick Reference Sheet), the
 * section the first seed line stands in, the row the cite names, then the
 * seed lines in parentheses.  A cite that does not start with a seed line
 * is appended as it is. */
void cite_format(const char *cite, struct buf *out);

/* The section seed line `line` of seed file `seed` (0 the rule text, 1 and
 * 2 the Quick Reference Sheet) stands in, or NULL (static). */
const char *cite_section(int seed, int line);

/* The document a player holds for a seed, or NULL. */
const char *cite_document(int seed);

#endif
