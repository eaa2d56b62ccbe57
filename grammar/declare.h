/* declare: the statements that are not events (the header, the order of
 * battle, turns, phases and rulings) read into the battle, and the checks
 * of them once every line is read.  Each reads the line after its keyword
 * kw and returns 0, or -1 after an error (parse.h's convention). */
#ifndef UMPIRE_DECLARE_H
#define UMPIRE_DECLARE_H

#include "battle.h"
#include "lex.h"

struct parser;

int declare_battle(struct parser *p, struct token *kw);
int declare_scenario(struct parser *p, struct token *kw);
int declare_special(struct parser *p, struct token *kw);
int declare_option(struct parser *p, struct token *kw);
int declare_result(struct parser *p, struct token *kw);
int declare_side(struct parser *p, struct token *kw);
int declare_leader(struct parser *p, struct token *kw);
int declare_unit(struct parser *p, struct token *kw);
int declare_turn(struct parser *p, struct token *kw);
int declare_phase(struct parser *p, struct token *kw);
int declare_ruling(struct parser *p, struct token *kw);

/* Every side declares a unit, no leader is above himself, the scenario's
 * sides and the result's victor are the battle's. */
void declare_finish(struct parser *p);

/* The i-th key=value attribute (from 0) a statement of kind takes, in the
 * canonical order fmt prints them in; NULL past the last.  The parser's
 * own table, so that fmt cannot leave out a key the parser keeps. */
const char *declare_attribute_key(enum stmt_kind kind, int i);

#endif
