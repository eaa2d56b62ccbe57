/* report: a stored battle's reports, each built as a sheet (sheet.h) from
 * the battle's facts (facts.h) or the archive's tables.
 *
 * Every report speaks the battle's ruleset's words (its terms): stands and
 * fresh/worn/spent for Fire and Fury.  Each function returns a new sheet
 * the caller frees with sheet_free, or NULL with a message in *err (the
 * caller frees) when the archive cannot be read. */
#ifndef UMPIRE_REPORT_H
#define UMPIRE_REPORT_H

#include <stdint.h>

#include "../db/store.h"
#include "facts.h"
#include "sheet.h"

/* For every unit, brigade and side: starting stands, stands lost by cause,
 * remaining, the share lost and the men it stands for; units removed and
 * when; leaders fallen. */
struct sheet *report_casualties(const struct facts *f);

/* For every unit: its state when each turn began and at the end, its
 * maneuver results by effect, fire delivered and received, charges won
 * and lost. */
struct sheet *report_effectiveness(const struct facts *f);

/* The battle's errors and warnings grouped by the rule they cite, for an
 * umpire's ruling: how many each rule has, and each with its place.  With
 * a filter (NULL: everything), only the findings it selects: of events in
 * its turns, charged to its side, of its severity (notes then too), of
 * events that name or change its unit or leader. */
struct filter;
struct sheet *report_audit(struct store *s, const struct facts *f, const struct filter *filter, char **err);

/* The battle's disputed results: its events with an error no ruling
 * overruled, a line each into out, "line 21: EVENT: ITS FIRST SUCH ERROR"
 * (the file named before "line" where it is not the battle's own); how
 * many, -1 with a message in *err (the caller frees) when the archive
 * cannot be read.  A battle with any is provisional. */
long report_disputed(struct store *s, int64_t battle, struct buf *out, char **err);

/* A ruleset's word as a reader reads it, appended to out:
 * "swept-from-the-field" as "swept from the field". */
void report_words(struct buf *out, const char *word);

/* The facts every report shows under its title (date, rules, campaign, scale). */
void report_meta(struct sheet *sh, const struct facts *f);

#endif
