/* parser: the parser's own state, shared by the files that read a line:
 * parse.c (the driver and the reading calls) and declare.c (the
 * statements that are not events).  Nothing outside grammar/ includes it;
 * a shape reads through parse.h alone. */
#ifndef UMPIRE_PARSER_H
#define UMPIRE_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "parse.h"

enum {
	MAX_TOKENS = 256,	/* tokens on one line, besides its end */
};

enum section { SEC_HEADER, SEC_ORDER_OF_BATTLE, SEC_TURNS };

/* A use of an id, checked once every declaration is known. */
struct use {
	const char *id;
	char kind;
	struct loc at;
	int stmt;
};

struct parser {
	struct battle *b;
	struct diags *d;
	const struct parse_opts *opts;
	const struct vocab *v;

	/* the line being parsed */
	int file, line;
	const char *text;
	struct token tok[MAX_TOKENS + 1];	/* and the end of the line */
	int n_tok, pos;
	int stmt;

	/* where in the battle we are */
	enum section section;
	bool saw_battle;
	int side_stmt;		/* current side, -1 before the first */
	int turn;		/* last turn number, 0 before the first */
	const char *phase;	/* current phase, NULL before the first of a turn */
	int phase_rank;
	int last_event;		/* stmt index of the last event, -1 if none */
	int depth;
	char *root;		/* the folder includes stay in (resolved) */
	char *extra_root;	/* --include-root, resolved: another such folder, or NULL */
	size_t bytes_left;	/* of SOURCES_MAX_BYTES, for what includes read */
	bool quiet;		/* reading a line that failed to lex: keep its ids, say nothing */
	bool phase_unknown;	/* the last phase line failed: do not judge where events stand */
	bool degraded;		/* an include failed: its ids and sections are unknown */
	bool prev_failed;	/* the last line that was not blank failed to parse */
	bool told_no_turn;	/* "before the first turn" reported: once is enough */

	struct use *uses;
	int n_uses, cap_uses;
};

/* The statement being read. */
struct stmt *parse_cur(struct parser *p);
/* The place from token a to token b inclusive. */
struct loc parse_range(const struct parser *p, const struct token *a, const struct token *b);
/* Token t's text, copied into the battle's arena. */
char *parse_text_of(struct parser *p, const struct token *t);
/* Whether t is the word word, without case. */
bool parse_is_word(struct parser *p, const struct token *t, const char *word);
/* Whether the current token is a key of key=value (the '=' joined to it). */
bool parse_at_kv(struct parser *p);
/* The contents of a STRING token, unescaped, in the arena. */
char *parse_string_value(struct parser *p, const struct token *t);
/* Whether t is a tally word of ev's claims. */
bool parse_is_tally(struct parser *p, const struct vocab_event *ev, const struct token *t);
/* A ruling's claim in the words of the event it settles (no outcome). */
int parse_ruling_claim(struct parser *p, const struct vocab_event *ruled, struct claim *c);
/* A warning, unless the line is being read quietly. */
void parse_warn(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...) UMPIRE_PRINTF(4, 5);
/* The word of cat t spells (following an alias), or NULL. */
const struct vocab_word *parse_lookup(struct parser *p, int cat, const struct token *t);
/* A word of cat, taken; NULL after an unknown-word error naming the category. */
const struct vocab_word *parse_want_word(struct parser *p, int cat);
/* Registers a declaration of id; a duplicate is reported (-1), the first kept. */
int parse_declare_id(struct parser *p, char kind, const char *id, struct loc at);
/* An error: the statement stands where it may not (-1). */
int parse_misplaced(struct parser *p, const struct token *t, const char *why);
/* A statement of the turns before the first turn line: said once (-1). */
int parse_before_first_turn(struct parser *p, const struct token *t, const char *what);

#endif
