/* balance: how often each side wins a scenario, over every play of it in
 * the archive (docs/reports.md, balance).
 *
 * A scenario is its `scenario` line's id= in every play (else its name);
 * a side is as the scenario names it (the side line's as=, else its id);
 * a play counts once it has a result with victor=SIDE or victor=draw.  For
 * each side: its plays, wins, draws and the share of wins with its Wilson
 * 95% interval, which says how far the share may be from the scenario's
 * true balance after so few plays.  Read in one query. */
#ifndef UMPIRE_BALANCE_H
#define UMPIRE_BALANCE_H

#include "../db/store.h"
#include "sheet.h"

/* The balance of scenario (its key or its name, in any case), or of every
 * scenario when NULL; NULL with a message in *err (the caller frees) when
 * the archive cannot be read or the scenario has no play with a result. */
struct sheet *balance_report(struct store *s, const char *scenario, char **err);

/* How many plays of any scenario have a result with a victor: 0 for none,
 * -1 when the archive cannot be read. */
long balance_plays(struct store *s);

#endif
