/* audit_json: the audit as JSON Lines, one object per event. */
#ifndef UMPIRE_AUDIT_JSON_H
#define UMPIRE_AUDIT_JSON_H

#include "../audit/audit.h"
#include "../audit/finding.h"
#include "../audit/record.h"
#include "../grammar/battle.h"
#include "json.h"

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

/* The same as a stream, object by object while the audit runs: a writer
 * for b handing each object (one line) to write, which returns -1 when it
 * fails.  Free it with audit_json_free (NULL: no-op), which returns -1 if
 * a write failed or an object passed the buffer's ceiling. */
struct audit_json;
struct audit_json *audit_json_new(const struct battle *b, enum audit_follow follow,
				  int (*write)(void *ctx, const char *text, size_t len), void *ctx);
int audit_json_free(struct audit_json *w);

/* Writes only the objects of the statements keep_stmt keeps, and in them
 * only the findings keep_finding keeps (audit's filters); either NULL keeps
 * all.  ctx must outlive w. */
void audit_json_select(struct audit_json *w, bool (*keep_stmt)(void *ctx, int stmt),
		       bool (*keep_finding)(void *ctx, const struct finding *x), void *ctx);

/* Writes the objects of every statement from the last flush to upto - 1:
 * their records from r (may be NULL), their findings those added to f
 * since the last flush (all of them belong to these statements; see
 * audit_opts.flush).  The caller may then clear r. */
void audit_json_flush(struct audit_json *w, const struct records *r, const struct findings *f, int upto);

/* Writes field f of a unit's or leader's state as a key and its value
 * (an int, a bool, a string or null) into the object j is in. */
void audit_json_field(struct json *j, const struct field *f);

#endif
