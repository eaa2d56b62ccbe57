/* chart: chart data the players supply from their own copy of the rules.
 *
 * Some rulesets print their tables on chart cards that umpire does not
 * ship (Santa Anna Rules!, Stephen Thomas's rules).  A battle names a file
 * of them (`charts "FILE"`); this module reads it against the ruleset's
 * chart specs (struct vocab_chart) and answers lookups.  The format, in
 * docs/charts.md:
 *
 *     # Combat Effects Chart, from my copy of the card
 *     chart combat-effects
 *     columns 0 1 2 3 ...
 *     1-4     0 0 0 1 ...
 *     20      1 2 3 4 ...
 *
 * A `chart NAME` line starts a chart; a `columns` line names its columns
 * in the order the rows give them; each row is its key (a roll: 7, 3-6,
 * 18+ for 18 or more, 2- for 2 or less; or the words of the spec's key
 * categories) and a cell per column (a signed number, or a word of the
 * column's category, or `?` where the copy does not say).  `#` starts a
 * comment.  Everything read lives in
 * the battle's arena. */
#ifndef UMPIRE_CHART_H
#define UMPIRE_CHART_H

#include <limits.h>

#include "arena.h"
#include "diag.h"
#include "source.h"
#include "vocab.h"

/* A cell written `?`: the players' copy does not say (a partial chart). */
#define CHART_UNKNOWN INT_MIN

struct chart_row {
	int lo, hi;		/* a roll row: the rolls it covers (INT_MIN, INT_MAX: open) */
	int key[2];		/* a word row: its words' codes */
	const int *cells;	/* one per column of the spec, in the spec's order;
				 * a word cell holds the word's code */
	struct loc at;		/* the row's line */
};

struct chart {
	const struct vocab_chart *spec;
	const struct chart_row *rows;
	int n_rows;
	struct loc at;		/* its `chart NAME` line */
};

/* The charts a battle was given. */
struct charts {
	struct chart *v;
	int n;
};

/* Reads the chart file `file` of src against v's chart specs, adding its
 * charts to *set (a chart given twice is an error at the second).  Returns
 * the errors, each added to d with its position. */
int chart_read(struct charts *set, const struct sources *src, int file, const struct vocab *v,
	       struct arena *ar, struct diags *d);

/* The chart whose spec has code, or NULL: the battle was given none. */
const struct chart *chart_find(const struct charts *set, int code);
/* The row of a roll chart that covers roll, or NULL. */
const struct chart_row *chart_roll(const struct chart *c, int roll);
/* The row of a word chart keyed by k0 (and k1, for two categories), or NULL. */
const struct chart_row *chart_words(const struct chart *c, int k0, int k1);
/* The index among the cells of numbered column n, or -1 outside them. */
int chart_column(const struct chart *c, int n);

#endif
