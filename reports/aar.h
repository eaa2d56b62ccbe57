/* aar: the after-action report, a newsletter's account of one battle.
 *
 * Title, date and scenario; the forces of each side; the battle turn by
 * turn, told from its events (charges and their results, units broken and
 * removed, leaders fallen); the casualty and effectiveness tables; the
 * plots; the audit's summary.  It is a sheet made of the other reports'
 * tables, so it prints as Markdown or as one HTML page (the plots' SVG
 * inline, no external request, a print stylesheet) like every report. */
#ifndef UMPIRE_AAR_H
#define UMPIRE_AAR_H

#include "../db/store.h"
#include "facts.h"
#include "plot.h"
#include "sheet.h"

/* The report of the battle whose facts are f, with plots (none when NULL
 * or empty): their SVG inline when svg_inline, else linked by file.  When
 * missing is not NULL, the plots section says in a line of its own that
 * the plots (or some) could not be drawn, and why: missing.  NULL with a
 * message in *err (the caller frees). */
struct sheet *aar_report(struct store *s, const struct facts *f, const struct plots *plots, const char *missing,
			 bool svg_inline, char **err);

#endif
