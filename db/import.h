/* import: a battle into the archive, audited, whole or not at all.
 *
 * The battle (parsed without errors) is audited as `umpire audit` does and
 * stored in one transaction: its header and rule options, the verbatim
 * text of its files, its sides, leaders and units with their declared
 * words, every turn, phase, event and ruling with its canonical text, what
 * the audit derived (parts, modifiers, steps), the claimed modifiers, the
 * findings, and each named field of the state each event changed.  A
 * battle's identity in the archive is (campaign, header id=), or failing
 * that (campaign, name, date); its content is the hash of the canonical
 * text of its files. */
#ifndef UMPIRE_IMPORT_H
#define UMPIRE_IMPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "../audit/audit.h"
#include "../grammar/battle.h"
#include "store.h"

struct import_opts {
	const char *campaign;		/* NULL: the battles of no campaign */
	bool replace;			/* a changed battle of the same identity replaces the stored one */
	enum audit_follow follow;
	const char *const *options;	/* the run's rule options, "NAME=VALUE" (as audit_opts) */
	int n_options;
	const char *umpire_version;	/* recorded with the audit */
	bool reaudit;			/* store it again even if its content is stored already */
	/* store every field of each unit and leader an event names, not only
	 * those it changed (the archive's way, version 6): the what-if report
	 * compares two audits event by event */
	bool every_field;
	/* Told how far the import has come (statements stored of the battle's
	 * total) as the audit streams; may be NULL. */
	void (*progress)(void *ctx, int done, int total);
	void *progress_ctx;
};

enum import_outcome {
	IMPORT_ADDED,		/* a new battle */
	IMPORT_REPLACED,	/* a changed battle of the same identity, keeping its id (--replace) */
	IMPORT_UNCHANGED,	/* the same content is stored already: nothing changed */
	IMPORT_REFUSED,		/* changed, and not --replace: nothing changed */
	IMPORT_FAILED,		/* the archive refused a write: rolled back */
};

/* Audits and stores b, under its campaign's rule options (the defaults of
 * its battles).  The battle's id in the archive goes to *id (also for
 * UNCHANGED and REFUSED); *msg (the caller frees) says why for REFUSED and
 * FAILED, and for ADDED and REPLACED what the import noticed, a line each
 * (a carried unit whose stands differ from the archive's, later battles
 * marked stale), else NULL. */
enum import_outcome import_battle(struct store *s, const struct battle *b, const struct import_opts *o, int64_t *id,
				  char **msg);

/* What import_remove did. */
enum import_removal {
	IMPORT_REMOVED,
	IMPORT_REMOVE_REFUSED,	/* later battles carry units from it, and no force */
	IMPORT_REMOVE_FAILED,	/* the archive could not be written (or has no such battle) */
};

/* Removes battle id and everything that is its.  When later battles of its
 * campaign carry units from it, it is refused (*msg says so) unless force,
 * and with force they are marked stale (their number in *stale).  *msg
 * (the caller frees) says why when it is refused or fails. */
enum import_removal import_remove(struct store *s, int64_t id, bool force, int *stale, char **msg);

/* The content hash of b: 16 hex digits of a 64-bit FNV-1a over the
 * canonical text of each of its files in the order read (not their paths:
 * the battle read from another folder is the same), into out. */
void import_hash(const struct battle *b, char out[17]);

#endif
