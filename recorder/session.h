/* session: the recorder's battle, a log open for lines added one at a time.
 *
 * session_open parses the log and replays it once to build the state; each
 * line then tried (session_try) is parsed and audited against the state
 * already built, never by replaying the battle, and waits for the caller
 * to accept it (appended to the file and flushed to disk) or discard it.
 * Discarding, undoing and a ruling override rebuild the audit from the
 * battle in memory; undo rewrites the file.  The library never prints:
 * the recorder's command renders what a session returns. */
#ifndef UMPIRE_SESSION_H
#define UMPIRE_SESSION_H

#include <stdbool.h>

#include "../audit/audit.h"
#include "../grammar/buf.h"
#include "../grammar/diag.h"

struct session;

struct session_opts {
	enum audit_follow follow;
	const char *const *options;	/* rule options "NAME=VALUE" over the battle's; not copied */
	int n_options;
	const char *include_root;	/* as --include-root, or NULL */
};

/* Opens the log at path and replays it.  NULL when it cannot be read or
 * does not parse (its diagnostics in d), or when its ruleset cannot audit
 * or an option is bad (a message in err). */
struct session *session_open(const char *path, const struct session_opts *o, struct diags *d, char *err,
			     size_t errsize);
/* Frees the session; the file stays as the last accepted line left it. */
void session_close(struct session *s);

/* What a line tried gave. */
struct session_take {
	int stmt;		/* its statement (in session_battle) */
	/* the statement from which findings are new: those of the line, and
	 * of the event a ruling settles */
	int since;
	const struct record *rec;	/* its derivation, or NULL (none made) */
};

/* Parses line (to its first newline) as the next line of the log and
 * audits it; the file is not written.  The parser's diagnostics, rendered
 * with the line quoted and a caret, are appended to said.  Returns 0 with
 * *out filled, or -1 when the line does not parse (or is not a line of the
 * turns): nothing changed.  A line tried before and neither accepted nor
 * discarded is discarded first.  Trailing blanks and CR are not part of the
 * line. */
int session_try(struct session *s, const char *line, struct buf *said, struct session_take *out);
/* Appends the line tried to the file and flushes it to disk (fsync) before
 * returning 0; -1 with errno set when it cannot, the line still waiting
 * (ESTALE: the file was changed on disk under the recorder). */
int session_accept(struct session *s);
/* Takes back the line tried: the battle and state are as before it. */
void session_discard(struct session *s);
/* Whether a line tried waits for accept or discard. */
bool session_pending(const struct session *s);
/* The line session_accept would append, in canonical form (fmt), or NULL. */
const char *session_pending_text(const struct session *s);

enum session_undo { UNDO_DONE, UNDO_NOTHING, UNDO_IO, UNDO_CHANGED };
/* Takes back the last line of the turns (turn, phase, event or ruling) in
 * the log: the file is rewritten without it (durable_replace: a new file
 * renamed over the old, flushed; a link stays a link, a file with other
 * hard links is left alone) and the battle rebuilt.  That line's text goes
 * to what.  UNDO_NOTHING when the turns are empty; UNDO_IO with the
 * message in why when the file cannot be rewritten (it is then
 * unchanged); UNDO_CHANGED when the file was changed on disk under the
 * recorder, which must then be restarted. */
enum session_undo session_undo(struct session *s, struct buf *what, char *why, size_t size);

/* The canonical text of the next turn's line into out: the number after
 * the last turn's, the next side in declaration order when turns name
 * sides, the last turn's condition.  False before the first turn, whose
 * line shows the pattern (with or without a side) to follow. */
bool session_next_turn(const struct session *s, struct buf *out);

const struct battle *session_battle(const struct session *s);
const struct audit *session_audit(const struct session *s);
const struct findings *session_findings(const struct session *s);
/* The log's path, as given. */
const char *session_path(const struct session *s);

/* The state of unit u in the ruleset's words (roster_describe), after its
 * id: "5inf: 6 of 7 stands, worn, disordered, line"; appended to out. */
void session_describe_unit(const struct session *s, int u, struct buf *out);
/* The same of leader l ("taylor: in play, with 5inf, wounded"). */
void session_describe_leader(const struct session *s, int l, struct buf *out);
/* The same from a record's fields (a unit's or leader's state after an
 * event, struct rec_state); whether it said more than a leader's "in
 * play" (a unit always says its stands). */
bool session_describe_fields(const struct session *s, char kind, const char *id, const struct fields *f,
			     struct buf *out);

/* The line tried with what the audit derived in place of claims it left
 * empty: when it gives the die and the facts but no modifier, total,
 * effect or loss for a unit that rolled (`mc twiggs [6]: 5inf; 8inf`, or
 * a check's units claimed for but one), its canonical text with the
 * derived modifiers (those not zero), totals, effects and losses of those
 * units into out, true; the claims typed stay as typed.  False, out
 * untouched, when it leaves nothing empty or nothing was derived. */
bool session_suggest(const struct session *s, const struct session_take *take, struct buf *out);

/* Odds before the roll: line is an event line without its die.  What each
 * face would give every unit that rolls, under the modifiers the state
 * makes legal, from the audit itself: the line is tried with each face and
 * taken back.  Appends "  5inf: 1-2 tardy (20%), 3-7 well-handled (50%),
 * 8-10 double-quick (30%)" a unit to out and returns 0.  A charge (two
 * dice: "charge A -> D", or with one side's die and claims written, as
 * "charge A -> D [5] +1vet") is tried with every face of each die not
 * given: "  over both dice: falter (31%), ..." and each unit's losses on
 * average.  -1 when no face written into it makes a line that parses;
 * -2 when the audit derives no effect for it (a chart the players have not
 * supplied, an event it does not audit). */
int session_odds(struct session *s, const char *line, struct buf *out);

/* Completion: the words that may stand where the last word of line (the
 * text before the cursor) is being typed and that begin as it does,
 * without regard to case: keywords first on a line, phases after phase,
 * modifier codes after a sign and value (+1vet: *start is then after the
 * 1), facts inside parentheses, else unit and leader ids and the event's
 * effects and actions.  Up to max words (static or the battle's) into out,
 * sorted, each once; returns how many fit, and *start the byte offset
 * in line where the completed part begins. */
int session_complete(const struct session *s, const char *line, size_t *start, const char **out, int max);

#endif
