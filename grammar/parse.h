/* parse: the battle notation's recursive-descent parser and checker.
 *
 * One line is one statement.  Each parse function opens with the EBNF
 * production it implements, identical to docs/notation.md.  Errors are added
 * to a struct diags and the parser goes on at the next line, so every error
 * of a file is reported; a declaration with an error still registers its id,
 * so that later uses are not reported again.  Nothing is printed. */
#ifndef UMPIRE_PARSE_H
#define UMPIRE_PARSE_H

#include <stddef.h>

#include "battle.h"
#include "diag.h"
#include "lex.h"

struct parse_opts {
	struct lex *lex;	/* compiled token patterns, shared across files */
	/* The vocabulary of the ruleset a battle's rules= names, or NULL. */
	const struct vocab *(*find_rules)(const char *name);
	const struct vocab *default_rules;	/* when the battle names none */
	/* The folder includes must stay in; NULL: the battle file's own. */
	const char *include_root;
	/* When set, included files are read from the caller, not the disk (the
	 * archive's stored copies): the text of path (as joined to its
	 * includer's) and its length, or NULL when the caller has none. */
	const char *(*read_include)(void *ctx, const char *path, size_t *len);
	void *read_include_ctx;
};

/* Parses the file at path and everything it includes.  Returns the battle
 * (the caller frees it with battle_free) even when there were errors; the
 * diagnostics are added to d.  Returns NULL only when path itself cannot be
 * read, with a diagnostic at no position saying why. */
struct battle *parse_file(const char *path, const struct parse_opts *opts, struct diags *d);

/* The same for text in memory, shown in diagnostics under name; includes are
 * resolved relative to name. */
struct battle *parse_text(const char *name, const char *text, size_t len,
			  const struct parse_opts *opts, struct diags *d);

#endif
