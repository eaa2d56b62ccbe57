/* lex: splits one line of the notation into tokens.
 *
 * The token patterns (tokens.def) are compiled once by lex_new, anchored at
 * compile time and JIT-compiled where the platform allows; each keeps one
 * match data reused for every match.  A line is checked for valid UTF-8
 * once, then matched without further UTF checks. */
#ifndef UMPIRE_LEX_H
#define UMPIRE_LEX_H

#include <stddef.h>

/* What a number of more than nine significant digits reads as (with its
 * sign): beyond every bound the parser checks, so it is out of range there. */
#define LEX_NUM_HUGE 1000000000L

enum token_kind {
#define TOKEN(e, pat, doc) TOK_##e,
#include "tokens.def"
#undef TOKEN
	TOK_END,	/* end of line */
	TOK_N_KINDS
};

struct token {
	enum token_kind kind;
	size_t off, len;	/* bytes in the line */
	int col, ncols;		/* 1-based column and width in characters */
	long num;		/* NUMBER, SIGNED, MOD value, FACE face */
	int die;		/* FACE: the die size written before it, -1 if none */
	size_t sub_off, sub_len;	/* MOD code, STRING contents, FACE faces after the first */
};

enum lex_status {
	LEX_OK, LEX_BAD_ENCODING, LEX_CONTROL, LEX_BAD_TOKEN, LEX_UNTERMINATED, LEX_TOO_LONG,
	LEX_MATCH_ERROR,	/* PCRE2 failed (a resource limit): err->code holds its error */
};

struct lex_error {
	enum lex_status status;
	int col;		/* where the problem is */
	int code;		/* LEX_MATCH_ERROR: the PCRE2 error code */
};

struct lex;

/* Compiles every token pattern.  Returns NULL and a message in *err (caller
 * frees) only if PCRE2 rejects a pattern, which is a bug in tokens.def. */
struct lex *lex_new(char **err);
void lex_free(struct lex *lx);

/* Tokenizes line (len bytes, no newline) into out[0..max-1] (max >= 1),
 * dropping white space; a comment becomes one TOK_COMMENT token; the last
 * token is TOK_END.  Returns the number of tokens including TOK_END.  On a
 * lexical error (invalid UTF-8, a control character other than tab, a
 * character no token starts with) the tokens before it are kept, the error
 * is described in *err, and the returned count still ends with TOK_END. */
int lex_line(struct lex *lx, const char *line, size_t len, struct token *out, int max,
	     struct lex_error *err);

/* "die face such as [7]": the name of a token kind in messages. */
const char *lex_token_doc(enum token_kind kind);

/* True when the token patterns run JIT-compiled (`umpire --version` says
 * so): the build has the JIT and it compiled them. */
int lex_uses_jit(const struct lex *lx);

#endif
