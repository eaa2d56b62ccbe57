/* shape: the shapes an event line takes, each described once.
 *
 * Every event of a ruleset (struct vocab_event) names its shape.  A shape
 * says, in one entry, how its line reads (through parse.h's reading calls),
 * how it prints (fmt.h's pieces), the units and leaders it names, the
 * claims it makes, how those read in the audit's JSON, how an umpire's
 * override and the recorder's suggestion change them, and its name in the
 * archive; its body is its member of struct event's u, or a struct of the
 * ruleset's own laid over u.  The grammar's six are here.  A ruleset may
 * bring a shape of its own in its folder: the core reads, prints, stores
 * and writes it through its entry, with no change of its own
 * (tests/run-toy-registry.sh adds one). */
#ifndef UMPIRE_SHAPE_H
#define UMPIRE_SHAPE_H

#include <stdbool.h>
#include <stddef.h>

struct arena;
struct battle;
struct buf;
struct claim;
struct event;
struct face;
struct parser;
struct vocab_event;
struct vocab_word;

/* The grammar's shapes, for the code that knows them by name; a ruleset's
 * own shape is SHAPE_OWN. */
enum shape_id {
	SHAPE_CHECK,		/* KW LEADER FACE : unit claims ; ...   (a leader's roll for units) */
	SHAPE_FIRE,		/* KW FIRER, ... -> TARGET FACE claims   (one side rolls against another) */
	SHAPE_CLASH,		/* KW ATT, ... -> DEF, ... FACE claims | FACE claims : result (both roll) */
	SHAPE_REROLL,		/* KW FACE claims | FACE claims : result (the clash before, again) */
	SHAPE_LEADER_ROLL,	/* KW LEADER FACE [effect] */
	SHAPE_STATE,		/* keyword and arguments by signature */
	SHAPE_OWN,		/* a ruleset's own */
};

/* What an event names and claims, told one part at a time. */
struct shape_reader {
	void *ctx;
	/* a unit ('U') or leader ('L') the event names, in the order written */
	void (*named)(void *ctx, char kind, const char *id);
	/* a claim; whose it is, a unit's id or the role of its side
	 * ("target", "attacker", "defender"); and the unit whose stands its
	 * loss= counts, or NULL */
	void (*claimed)(void *ctx, const char *who, const char *bearer, const struct claim *c);
};

/* A writer of what an event claims, in the shape's own layout (the audit's
 * JSON object "claimed": reports/audit_json.c implements it). */
struct shape_writer {
	void *ctx;
	void (*key)(void *ctx, const char *key);
	void (*open)(void *ctx, char bracket);	/* '{' or '[' */
	void (*close)(void *ctx, char bracket);	/* '}' or ']' */
	void (*text)(void *ctx, const char *s);		/* NULL: null */
	void (*number)(void *ctx, const int *n);	/* NULL: null */
	void (*claim)(void *ctx, const struct claim *c);
};

/* What the audit derived for an event: the recorder suggests from it the
 * claims a line left out. */
struct shape_derived {
	void *ctx;
	/* Fills claim c, if it is empty, from what was derived for role
	 * ("target", "attacker", "defender"), or for unit when role is NULL;
	 * effect: the event's, for a claim that takes it when its own part
	 * derived none.  False when nothing was filled. */
	bool (*fill)(void *ctx, const char *role, const char *unit, const struct vocab_word *effect,
		     struct claim *c);
	const struct vocab_word *effect;	/* the event's result, or NULL */
	bool has_diff;		/* and its difference (a clash's) */
	int diff;
};

struct shape {
	enum shape_id id;
	const char *name;	/* in the archive (event.shape): "unit-check" */
	size_t size;		/* the bytes of its body: at most struct event's u */
	/* NULL, or the shape whose last event a line of this one repeats (a
	 * reroll repeats a clash): it must follow one, or another repeat */
	const struct shape *repeats;
	/* Reads the line after the keyword into e (e->def and e->kw_at set). */
	int (*parse)(struct parser *p, const struct vocab_event *ev, struct event *e);
	/* Appends the line after the keyword, as fmt writes it. */
	void (*print)(const struct battle *b, const struct event *e, struct buf *out);
	/* Tells r what e names and claims; repeated: the event e repeats (a
	 * reroll's charge, whose units it names), or NULL. */
	void (*read)(const struct event *e, const struct event *repeated, const struct shape_reader *r);
	/* Writes what e claims as one object. */
	void (*write_claimed)(const struct event *e, const struct shape_writer *w);
	/* The one die its line rolls, or NULL (a clash rolls two). */
	const struct face *(*die)(const struct event *e);
	/* The next two change e, a copy of an event (stmt_copy) whose arrays
	 * are still the original's: they copy into copies (an arena the caller
	 * frees) what they change.  NULL for a shape without them: its events
	 * take no override (the ruling is refused with a warning) and get no
	 * suggestion. */
	/* Puts the umpire's claim (a ruling override's) in place of the
	 * players'; unit: the unit the ruling names, or NULL; repeated: as
	 * read's.  False when it cannot say which claim that replaces. */
	bool (*override)(struct event *e, const struct event *repeated, const char *unit, const struct claim *umpire,
			 struct arena *copies);
	/* Fills the claims the line left out from what d derived; false when
	 * none was filled. */
	bool (*suggest)(struct event *e, const struct shape_derived *d, struct arena *copies);
};

extern const struct shape shape_check, shape_fire, shape_clash, shape_reroll, shape_leader_roll, shape_state;

#endif
