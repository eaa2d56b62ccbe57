/* fmt: the canonical printer.
 *
 * The canonical form is strict and byte-stable so archived logs diff
 * cleanly: lower-case keywords, canonical words for aliases, ids as declared,
 * one space between items, LF line ends, no BOM.  It never adds information:
 * a modifier typed without its value stays without it.  fmt of a parsed
 * canonical text is the same text. */
#ifndef UMPIRE_FMT_H
#define UMPIRE_FMT_H

#include <stddef.h>

#include "battle.h"
#include "buf.h"

/* Appends the canonical text of source file `file` of b (0: the top file)
 * to out.  Include lines are kept; included files are not expanded.  The
 * battle should have parsed without errors: a line that did not parse is
 * copied as it was. */
void fmt_battle(const struct battle *b, int file, struct buf *out);

/* Calls each with every line of source file `file` of b, in order: its
 * number and the text fmt writes for it (without its newline), or NULL
 * where fmt drops it (a blank line at the top, at the end, or after
 * another).  fmt_battle writes these lines. */
void fmt_each_line(const struct battle *b, int file, void (*each)(void *ctx, int line, const char *text, size_t len),
		   void *ctx);

/* Appends the canonical text of one statement, without indentation, comment
 * or newline (for messages and `explain`). */
void fmt_stmt(const struct battle *b, const struct stmt *s, struct buf *out);

/* Appends the line fmt writes for statement i of b, without its newline:
 * its indentation, canonical text and comment (the recorder's accepted
 * lines). */
void fmt_line(const struct battle *b, int i, struct buf *out);

/* The pieces of a line, for a shape's print (grammar/shape.h), each
 * appended to out as fmt writes it: an id as declared (kind 'U', 'L' or
 * 'S'); a quoted string; a die face; a unit reference; a list of them,
 * ", "-separated; each claim item with a space before it; an action with
 * a space before it. */
const char *fmt_id(const struct battle *b, char kind, const char *id);
void fmt_string(struct buf *out, const char *s);
void fmt_face(struct buf *out, const struct face *f);
void fmt_uref(const struct battle *b, struct buf *out, const struct uref *u);
void fmt_urefs(const struct battle *b, struct buf *out, const struct uref *u, int n);
void fmt_claim(struct buf *out, const struct claim *c);
void fmt_action(const struct battle *b, struct buf *out, const struct action *a);

#endif
