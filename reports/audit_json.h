/* audit_json: the audit as JSON Lines, one object per event. */
#ifndef UMPIRE_AUDIT_JSON_H
#define UMPIRE_AUDIT_JSON_H

#include "../audit/finding.h"
#include "../audit/record.h"
#include "../grammar/battle.h"

/* Appends one line per audited event to out, then one per order-of-battle
 * declaration with findings ({"file","line","kind":"order-of-battle",
 * "units","findings"}):
 *   {"file","line","kind","units":[...],"derived":{...},"claimed":{...},
 *    "findings":[{"severity","code","message","rule","line","col","overruled"}]}
 * derived holds each unit's die, modifiers (code, value, source, why),
 * total, effect, losses and state after; claimed the same as logged. */
void audit_json_write(const struct battle *b, const struct records *r, const struct findings *f,
		      struct buf *out);

#endif
