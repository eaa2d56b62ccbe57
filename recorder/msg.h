/* msg: the recorder's messages to the user, on stderr, printf-checked.
 * Wording follows git: lower-case start, no final full stop. */
#ifndef UMPIRE_MSG_H
#define UMPIRE_MSG_H

#include <stdbool.h>

#include "../grammar/buf.h"

/* "umpire: error: ..." */
void msg_error(const char *fmt, ...) UMPIRE_PRINTF(1, 2);
/* "umpire: ..." for usage problems, followed by a hint to --help */
void msg_usage(const char *cmd, const char *fmt, ...) UMPIRE_PRINTF(2, 3);

/* The hint after getopt's own message about a bad option. */
void msg_try(const char *cmd);

/* Flushes stdout; when that fails, or a write to it failed before, says
 * so once, "cannot write the output: " and the cause the failed flush
 * gave (No space left on device), and returns false; a later call returns
 * false again without a second message. */
bool msg_flush_stdout(void);

#endif
