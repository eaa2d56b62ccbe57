/* termtext: the bytes of a line at the terminal as libedit's wide
 * characters, and back, without losing a byte.
 *
 * libedit decodes what is typed with the locale and drops what it cannot
 * decode; a C1 control (U+0080-U+009F, NEL among them) it takes for a key.
 * The recorder reads the keys itself (termtext_decode) so that such bytes
 * reach the line as text, each one as TERMTEXT_RAW + the byte: a value past
 * Unicode, which no key decodes to, that libedit inserts as it is and shows
 * as "\U+000FF".  termtext_encode turns a line back into its bytes, so the
 * line is refused as the same bytes piped would be, with the same message. */
#ifndef UMPIRE_TERMTEXT_H
#define UMPIRE_TERMTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include "../grammar/buf.h"

enum { TERMTEXT_RAW = 0x200000 };

/* Decodes len bytes of s into out (room for len characters): UTF-8 as the
 * notation reads it (no overlong form, surrogate or code point past
 * U+10FFFF); a byte that is not part of such a character, and each byte of
 * a C1 control, as TERMTEXT_RAW + the byte.  Returns the characters
 * written.  A sequence cut short at the end counts as bytes that are not
 * UTF-8. */
size_t termtext_decode(const char *s, size_t len, wchar_t *out);

/* The length a UTF-8 sequence starting with byte lead would have: 1 for
 * ASCII, 2-4 for a lead byte, 1 for a byte that leads nothing. */
int termtext_seq_len(unsigned char lead);

/* Appends the bytes of the n characters w to out: TERMTEXT_RAW + b as the
 * byte b, any other as its UTF-8. */
void termtext_encode(const wchar_t *w, size_t n, struct buf *out);

/* Whether the line is text the notation can hold: UTF-8, with no control
 * character but tab (C0, DEL or C1).  Any other line is refused as a line
 * of the notation, never taken for a command. */
bool termtext_is_text(const char *s, size_t len);

#endif
