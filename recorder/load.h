/* load: what check, fmt and later commands share: parsing a battle file
 * with the process's compiled lexer, and printing its diagnostics. */
#ifndef UMPIRE_LOAD_H
#define UMPIRE_LOAD_H

#include <stdbool.h>
#include <stdio.h>

#include "../db/store.h"
#include "../grammar/battle.h"
#include "../grammar/diag.h"

/* Warning codes silenced with --no-warn. */
struct silence {
	bool off[DIAG_N_CODES];
};

/* Parses path into *out (NULL when the file cannot be read); diagnostics go
 * to d.  Includes stay inside include_root, or the battle file's own folder
 * when it is NULL.  The lexer is compiled on first use and kept for the
 * process. */
struct battle *load_battle(const char *path, const char *include_root, struct diags *d);

/* How a command opens the archive: to read it (as it is, or upgrading an
 * older one first: db's read commands), to write it, to make it when there
 * is none (import, campaign new), or to read one whose schema is not
 * umpire's (db check, which names what is not). */
enum load_access { LOAD_READ, LOAD_READ_UPGRADING, LOAD_WRITE, LOAD_CREATE, LOAD_INSPECT };

/* The archive at path (--db), else the default one (UMPIRE_DB, XDG),
 * opened; NULL after a message saying why. */
struct store *load_archive(const char *path, enum store_journal journal, enum load_access access);

/* Adds --no-warn CODE to s; returns -1 with a message when CODE is unknown
 * or names an error, which cannot be silenced. */
int load_silence(struct silence *s, const char *cmd, const char *code);

/* Prints each diagnostic d kept (those silenced with --no-warn never reach
 * it: set d->muted to a struct silence's flags), then how many more there
 * were. */
void load_print_diags(FILE *f, const struct battle *b, const struct diags *d);

/* Splits a place on the command line, "FILE:LINE", "FILE:INCLUDED:LINE" or
 * "FILE:LINE:COL" as check and audit print one (the column dropped), from
 * the right: only FILE may hold colons.  *file and *included (NULL when not
 * given) are the caller's to free.  Returns 0, or -1 when arg names no line. */
int load_split_target(const char *arg, char **file, char **included, int *line);

/* The source index of b's file named included (its path ends so, after a
 * slash or whole), or -1. */
int load_find_source(const struct battle *b, const char *included);

/* The process's lexer, compiled on first use (a broken tokens.def aborts). */
struct lex;
struct lex *load_lexer(void);
/* Whether the token patterns run JIT-compiled. */
bool load_jit(void);

/* Frees the process's lexer (for leak checkers). */
void load_cleanup(void);

#endif
