/* cell: a derivation step's value from the battle's chart file.
 *
 * A ruleset whose printed charts umpire does not ship (grammar/chart.h)
 * looks their cells up here: a cell the rules' text states (the chart
 * spec's `stated`) is built in and cites the text; another cites the
 * chart's row in the file; a missing one says why it cannot be derived, so
 * that the claim is taken on trust and said so, never guessed.  Any ruleset's chart specs
 * (struct vocab_chart), through the audit's ruleset. */
#ifndef UMPIRE_CELL_H
#define UMPIRE_CELL_H

#include <stdbool.h>

#include "audit.h"

/* A cell of a chart the battle's chart file gives, for a derivation step. */
struct cell {
	bool ok;		/* found: value holds it */
	bool stated;		/* ok: the rules' text states it (else the chart file gives it) */
	int value;		/* a number, or a word's code */
	char cite[200];		/* ok: the row as a step's source, "Combat Effects Chart, row 20 (FILE:LINE)" */
	char why[200];		/* !ok: why the value cannot be derived */
};

/* The cell of chart code (the ruleset's vocab_chart.code) in column col (a
 * numbered chart's number, else the spec's column index) at the row for
 * key (a roll, or a word's code with key2 the second word's for a
 * two-word key). */
struct cell cell_lookup(const struct audit *a, int code, int key, int key2, int col);

/* The odds of a roll of a die of sides faces, plus mods, looked up in
 * column col of chart (into *odds, struct rec_odds of record.h): each
 * face's cell against the rolled face's, a higher face better for the
 * roller when better_up; none where a face's cell is neither stated by
 * the text nor in the chart file. */
struct rec_odds;
void cell_odds(const struct audit *a, int chart, int col, int sides, int rolled, int mods, bool better_up,
	       struct rec_odds *odds);

/* The result column col of chart gives for roll, a word of category cat,
 * checked against claim c's effect (a wrong lookup cites cite): the result
 * the state follows, also the record's where none is set; the claimed
 * one, taken on trust, when the chart file does not say (the record's
 * result then left unset). */
struct claim;
int cell_effect(struct audit *a, int chart, int col, int roll, const struct claim *c, int cat, const char *cite);

/* Who gives an ok cell, for a message: "the text" or "the chart file". */
const char *cell_source(const struct cell *c);

#endif
