/* parse: the battle notation's recursive-descent parser and checker.
 *
 * One line is one statement.  Each parse function opens with the EBNF
 * production it implements, identical to docs/notation.md.  Errors are added
 * to a struct diags and the parser goes on at the next line, so every error
 * of a file is reported; a declaration with an error still registers its id,
 * so that later uses are not reported again.  Nothing is printed. */
#ifndef UMPIRE_PARSE_H
#define UMPIRE_PARSE_H

#include <stdbool.h>
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

/* A session: a battle file parsed as parse_file does, kept open so that
 * lines can be added to its end one at a time, each parsed against all
 * that came before (the recorder's typed lines).  The session owns the
 * battle. */
struct parse_session;

/* Parses the file at path (diagnostics to d).  NULL when the file cannot
 * be read. */
struct parse_session *parse_session_open(const char *path, const struct parse_opts *opts, struct diags *d);
struct battle *parse_session_battle(const struct parse_session *ps);

/* Parses text (one line, no newline) as the next line of the top file:
 * a line of the turns (turn, phase, event, ruling, a comment or nothing);
 * a declaration or header line is refused, as the audit's state is built
 * from those once.  Returns its statement's index.  When it does not
 * parse, -1 with its errors in d: the line stays in the sources for them
 * to quote until the caller takes it back (parse_session_retract), which
 * it must do before adding another.  Warnings go to d either way.  The
 * statement list may move as lines are added; their bodies (stmt.u) and
 * everything the audit's state points to never do. */
int parse_session_add(struct parse_session *ps, const char *text, size_t len, struct diags *d);

/* Takes back the line the last parse_session_add added (once). */
void parse_session_retract(struct parse_session *ps);

/* Frees the session and its battle (NULL: no-op). */
void parse_session_close(struct parse_session *ps);

/* Reading an event line, for a shape's parse (grammar/shape.h): the parser
 * reaches a shape, and a shape the parser, only through these.  Each int
 * function returns 0, or -1 after reporting an error at the line's place;
 * what they keep lives in the battle's arena. */
struct parser;

enum {
	PARSE_MAX_ITEMS = 32,	/* units, modifiers, facts, actions in one list */
	PARSE_MAX_STANDS = 99,
	PARSE_MAX_RANGE = 200,
	PARSE_MAX_TOTAL = 999,
};

/* The line's current token, and the one after it is taken (the end of the
 * line stays). */
struct token *parse_peek(struct parser *p);
struct token *parse_next(struct parser *p);
/* Where token t stands on the line. */
struct loc parse_loc(const struct parser *p, const struct token *t);
/* Token t's place in the line, and the place from token a to token b
 * inclusive, as an event's node keeps them. */
struct span parse_span_of(const struct token *t);
struct span parse_span_across(const struct token *a, const struct token *b);
/* Place sp of the line being read, as a loc (for a diagnostic). */
struct loc parse_place(const struct parser *p, struct span sp);
/* "'foo'", "end of line": what t is, for messages (a static buffer). */
const char *parse_found(struct parser *p, const struct token *t);
/* An error at at (-1), unless the line is being read quietly. */
int parse_error(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...) UMPIRE_PRINTF(4, 5);
/* "expected WHAT, found X" at the current token (-1). */
int parse_expected(struct parser *p, const char *what);
/* Takes a token of kind, or reports that what was expected. */
int parse_expect(struct parser *p, enum token_kind kind, const char *what);
/* A word of category cat: its canonical entry. */
int parse_word(struct parser *p, int cat, const struct vocab_word **word);
/* A plain number within lo..hi; a signed or plain one; what names it in messages. */
int parse_number(struct parser *p, const char *what, int lo, int hi, int *out);
int parse_signed(struct parser *p, const char *what, int lo, int hi, int *out);
/* A quoted string's contents, or NULL after an error. */
const char *parse_string(struct parser *p, const char *what);
/* A die face of up to max dice (d6[3,6]), or of one. */
int parse_dice(struct parser *p, struct face *f, int max);
int parse_face(struct parser *p, struct face *f);
/* A unit's or leader's id (kind 'U' or 'L'), checked once every
 * declaration is known; NULL after an error.  *sym (unless sym is NULL):
 * its symbol's index + 1 when it is declared already, else 0. */
const char *parse_id(struct parser *p, char kind, struct span *at, int *sym);
/* A unit reference with its facts of category facts (and, with hit, a
 * roll of its own after it); a comma-separated list of them. */
int parse_uref(struct parser *p, struct uref *u, int facts, bool hit);
int parse_urefs(struct parser *p, int facts, bool hit, struct uref **out, int *n);
/* A claim in ev's words; with actions_follow, a word of the ruleset's
 * actions ends it (a check's line). */
int parse_claim(struct parser *p, const struct vocab_event *ev, struct claim *c, bool actions_follow);
/* Whether the current word is an action; an action (after its check). */
bool parse_is_action(struct parser *p);
int parse_action(struct parser *p, struct action *a);
const struct vocab *parse_vocab(const struct parser *p);
struct arena *parse_arena(struct parser *p);

#endif
