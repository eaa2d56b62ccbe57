/* runopts: how audit and explain run: whose state to follow, and rule
 * options that override the battle's own for this run. */
#ifndef UMPIRE_RUNOPTS_H
#define UMPIRE_RUNOPTS_H

#include <stdbool.h>

#include "../audit/audit.h"
#include "../audit/filter.h"

struct runopts {
	enum audit_follow follow;
	const char *options[AUDIT_MAX_OPTIONS];	/* "NAME=VALUE", pointing into argv */
	int n_options;
	const char *include_root;		/* --include-root DIR, or NULL */
	const char *defaults[AUDIT_MAX_OPTIONS];	/* a campaign's options, under the battle's own */
	int n_defaults;
	bool all_steps;				/* explain --all: the modifiers that do not apply too */
};

/* Takes --follow=WHICH (c 'f'), --option NAME=VALUE (c 'o') or
 * --include-root DIR (c 'I'); returns -1
 * with a message for a bad value or too many options, 0 otherwise. */
int runopts_take(struct runopts *r, const char *cmd, int c, const char *arg);

/* Whether every --option names a rule option of the battle's ruleset and one
 * of its values; says which does not otherwise. */
bool runopts_check(const struct runopts *r, const char *cmd, const struct battle *b);

/* The words of a stored audit's options ("NAME=VALUE ..."), split in
 * place into out (at most max); how many. */
int runopts_split(char *text, const char **out, int max);

/* The filter options audit and explain share, by their getopt letters:
 * --turn (c 't'), --side ('s'), --unit ('u'), --severity ('e'); false
 * after a usage message for a bad value.  arg must outlive f. */
bool runopts_take_filter(struct filter *f, const char *cmd, int c, const char *arg);

/* The audit's options for this run (records: where to keep derivations). */
struct audit_opts runopts_audit(const struct runopts *r, struct records *records);

#endif
