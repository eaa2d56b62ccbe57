/* campaign: a campaign at a glance, from the archive.
 *
 * Its battles in campaign order (date, then seq=, then import order), the
 * stands each side brought to each and lost in it, and each unit's
 * strength across the battles (units by their campaign identity, as= or
 * their id).  Read in three queries whatever the campaign's size. */
#ifndef UMPIRE_CAMPAIGN_H
#define UMPIRE_CAMPAIGN_H

#include "../db/store.h"
#include "sheet.h"

/* The report of the campaign called name ("" for the battles stored
 * without one); NULL with a message in *err (the caller frees) when there
 * is no such campaign or the archive cannot be read. */
struct sheet *campaign_report(struct store *s, const char *name, char **err);

#endif
