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

/* The i-th key=value attribute (from 0) a statement of kind takes, in the
 * canonical order fmt prints them in; NULL past the last.  The parser's
 * own table, so that fmt cannot leave out a key the parser keeps. */
const char *parse_attribute_key(enum stmt_kind kind, int i);

/* A session: a battle file parsed as parse_file does, kept open so that
 * lines can be added to its end one at a time, each parsed against all
 * that came before (the recorder's typed lines).  The session owns the
 * battle. */
struct parse_session;

/* Parses the file at path (diagnostics to d) and reserves room for room
 * more statements (battle_reserve).  NULL when the file cannot be read. */
struct parse_session *parse_session_open(const char *path, const struct parse_opts *opts, int room,
					 struct diags *d);
struct battle *parse_session_battle(const struct parse_session *ps);

enum { PARSE_SESSION_FULL = -2 };

/* Parses text (one line, no newline) as the next line of the top file:
 * a line of the turns (turn, phase, event, ruling, a comment or nothing);
 * a declaration or header line is refused, as the audit's state is built
 * from those once.  Returns its statement's index.  When it does not
 * parse, -1 with its errors in d: the line stays in the sources for them
 * to quote until the caller takes it back (parse_session_retract), which
 * it must do before adding another.  Warnings go to d either way.  PARSE_SESSION_FULL, with nothing done, when the room
 * reserved is used up: statements would move (reopen with more). */
int parse_session_add(struct parse_session *ps, const char *text, size_t len, struct diags *d);

/* Takes back the line the last parse_session_add added (once). */
void parse_session_retract(struct parse_session *ps);

/* Frees the session and its battle (NULL: no-op). */
void parse_session_close(struct parse_session *ps);

#endif
