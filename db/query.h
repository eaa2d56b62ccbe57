/* query: the archive's named queries (db/queries.def), prepared and bound.
 *
 * A query names what it answers and its arguments; `umpire db query NAME
 * ARG...` runs it and reports/table prints its rows.  The archive's tables
 * may change from one version to the next; these queries (and the views of
 * docs/archive.md) are what scripts should read. */
#ifndef UMPIRE_QUERY_H
#define UMPIRE_QUERY_H

#include <stddef.h>
#include <sqlite3.h>

#include "store.h"

struct query_def {
	const char *name;
	const char *args;	/* "UNIT [CAMPAIGN]": in order; bracketed ones may be left out */
	const char *doc;	/* what it answers, one line */
	const char *sql;
};

/* The i-th named query (from 0), or NULL past the last. */
const struct query_def *query_at(size_t i);
/* The query called name, or NULL. */
const struct query_def *query_find(const char *name);

/* Adds the queries' own SQL functions to s's connection (query_prepare
 * does): state_words(RULES, FIELD, VALUE), an aggregate saying a unit's
 * state of those field rows in its ruleset's words. */
void query_functions(struct store *s);

/* The query prepared with args bound in order (a BATTLE resolved to its
 * number; one left out bound NULL); the caller finalizes it.  NULL with a
 * message in *err (the caller frees): too few or too many arguments, a
 * BATTLE the archive does not hold. */
sqlite3_stmt *query_prepare(struct store *s, const struct query_def *q, const char *const *args, int n_args,
			    char **err);

#endif
