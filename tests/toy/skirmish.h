/* skirmish: the toy ruleset of the tests (skirmish.c). */
#ifndef UMPIRE_SKIRMISH_H
#define UMPIRE_SKIRMISH_H

struct vocab;
struct ruleset;

extern const struct vocab skirmish_vocab;
extern const struct ruleset skirmish_ruleset;

#endif
