/* audit_json: the audit as JSON Lines, one object per event. */
#ifndef UMPIRE_AUDIT_JSON_H
#define UMPIRE_AUDIT_JSON_H

#include "../audit/audit.h"
#include "../audit/finding.h"
#include "../audit/record.h"
#include "../grammar/battle.h"

/* Appends one JSON object per line to out, in the order of the log: each
 * turn header ("kind":"turn": turn, side, light, clock), phase ("phase"),
 * audited event (maneuver, fire, charge, reroll, fallen-leader, state),
 * ruling ("ruling": verb, settles, by, reason, claim) and order-of-battle
 * declaration with findings.  Every object has "file", "line", "kind",
 * "state_as" ("played" or "derived", by follow) and "findings"; turns,
 * phases and events carry "state", the state after of every unit and leader
 * they name or change, as named fields.  An event's "derived" holds each
 * part's die, modifiers (code, value, source, why), total, effect, losses
 * and state after in words, and its steps; "claimed" the same as logged.
 * docs/rules.md lists every key. */
void audit_json_write(const struct battle *b, const struct records *r, const struct findings *f,
		      enum audit_follow follow, struct buf *out);

#endif
