/* state: the tracked state of every unit and leader, event by event.
 *
 * Built from the order of battle (state_init), then changed by the audit as
 * the game is played: claimed effects and losses, and the log's state
 * events.  Rulesets read it to derive modifiers; the state knows no rule
 * tables.  All ids and words point into the battle, which must outlive it. */
#ifndef UMPIRE_STATE_H
#define UMPIRE_STATE_H

#include <stdbool.h>

#include "../grammar/battle.h"

enum { STATE_MAX_STANDS = 9999 };

/* What every ruleset tracks of a unit.  A ruleset that tracks more declares
 * its own record with this one as its first member (struct rff_unit); the
 * state keeps one such record per unit (struct state_rules.unit_size). */
struct unit_state {
	const struct st_unit *decl;
	int decl_stmt;			/* the declaring statement */
	const struct vocab_word *nation;	/* the nation of the unit's side, or NULL */
	int start;			/* stands at the start of the battle */
	int original;			/* stands when its campaign began (original=), else start */
	int stands;			/* stands now */
	int remove_at;			/* removed when reduced to this many stands (the ruleset's; 0: at none) */
	bool removed;
	bool off_table;			/* not yet on the table (the ruleset's unit_init), until an arrive event */
	bool diverged;			/* state follows a claim the audit disputes */
	int first_leader;		/* the first leader attached to it, or -1 (leader_state.next) */
	int cmd;			/* its commanding leader (cmd=), or -1 */
};

/* What every ruleset tracks of a leader; a ruleset's own leader record
 * begins with it, as its unit record does. */
struct leader_state {
	const struct st_leader *decl;
	int attached;			/* unit index, or -1: set with state_attach */
	int next;			/* the next leader attached to the same unit, or -1 */
	int out_until;			/* out of play through this turn; 0 if in play */
	bool removed;
	bool wounded, killed;		/* by a fallen-leader roll */
	int deputy_for;			/* leader index whose command it took over, or -1 */
	int replaced_by;		/* leader index that took over its command, or -1 */
	int under;			/* its superior (under=), or -1 */
};

/* A named field of a unit's or a leader's state, for the output, the reports
 * and the archive: name and text are static or point into the battle. */
enum field_type { FIELD_INT, FIELD_BOOL, FIELD_TEXT };	/* FIELD_TEXT with text NULL: null */

struct field {
	const char *name;
	enum field_type type;
	int num;			/* FIELD_INT, FIELD_BOOL */
	const char *text;		/* FIELD_TEXT */
};

enum { FIELDS_MAX = 24 };

struct fields {
	struct field v[FIELDS_MAX];
	int n;
};

/* The core's fields of a unit's state, the first STATE_UNIT_CORE of every
 * state_unit_fields list in this order: the archive keeps them as typed
 * columns (db/import.c), the rest as its ruleset's JSON. */
#define STATE_UNIT_CORE_FIELDS(X) X(SIDE, "side") X(STANDS, "stands") X(START, "start") X(REMOVED, "removed") \
	X(OFF_TABLE, "off_table")
#define STATE_CORE_ENUM(tag, name) STATE_CORE_##tag,
enum state_unit_core { STATE_UNIT_CORE_FIELDS(STATE_CORE_ENUM) STATE_UNIT_CORE };
#undef STATE_CORE_ENUM
extern const char *const state_unit_core_names[STATE_UNIT_CORE];

/* Append a field; past FIELDS_MAX they do nothing (a programming error,
 * asserted in debug builds). */
void fields_int(struct fields *f, const char *name, int num);
void fields_bool(struct fields *f, const char *name, bool b);
void fields_text(struct fields *f, const char *name, const char *text);
/* The field called name, or NULL. */
const struct field *fields_get(const struct fields *f, const char *name);

/* The state events every ruleset's state knows (vocab_event.core). */
enum state_verb {
	SV_NONE,
	SV_STANDS,		/* UNIT +N|-N: stands gained or lost outside combat */
	SV_REMOVE,		/* UNIT: out of the battle */
	SV_ARRIVE,		/* UNIT: a reinforcement comes on */
	SV_ATTACH,		/* LEADER UNIT */
	SV_DETACH,		/* LEADER */
	SV_LEADER_OUT,		/* LEADER: out of play until the next turn */
	SV_LEADER_BACK,		/* LEADER: back in play */
	SV_LEADER_LOST,		/* LEADER: out of the battle */
	SV_REPLACE,		/* OLD NEW: NEW takes over OLD's command */
	SV_NOTE,		/* a note: changes nothing */
};

struct state;

/* What a ruleset adds to the state (struct ruleset.state).  Every hook may
 * be NULL. */
struct state_rules {
	/* The size of its unit record, 0 for the core's alone.  A record begins
	 * with struct unit_state and is plain data: the state copies it with
	 * memcpy (state_copy). */
	size_t unit_size;
	/* Sets unit u's starting state beyond the core's, from its declaration:
	 * its own fields, remove_at, off_table. */
	void (*unit_init)(struct state *st, int u);
	/* Unit u's stands changed (state_lose): its own tallies follow. */
	void (*unit_lost)(struct state *st, int u);
	/* A turn or phase header s settles what unit u waits for (state_wait);
	 * returns whether it still waits. */
	bool (*unit_header)(struct state *st, int u, const struct stmt *s);
	/* Appends its own fields of unit u's state to out (state_unit_fields). */
	void (*unit_fields)(const struct state *st, int u, struct fields *out);
	size_t leader_size;	/* the same for its leader record (struct leader_state first) */
	/* Sets leader l's starting state beyond the core's, from its declaration. */
	void (*leader_init)(struct state *st, int l);
	/* A turn header s: what keeps leader l away (state_away) for some turns
	 * runs out; returns whether its own marks still keep it away. */
	bool (*leader_header)(struct state *st, int l, const struct stmt *s);
	/* Appends its own fields of leader l's state to out (state_leader_fields). */
	void (*leader_fields)(const struct state *st, int l, struct fields *out);
};

struct state {
	const struct battle *b;
	const struct state_rules *rules;
	unsigned char *unit_mem;	/* n_units records of rules->unit_size bytes: state_unit_at */
	size_t unit_size;
	int n_units;
	unsigned char *leader_mem;	/* n_leaders records of leader_size bytes: state_leader_at */
	size_t leader_size;
	int n_leaders;
	/* the current turn */
	int turn;
	const char *side;		/* the phasing side's id, or NULL */
	/* the turn's condition (st_turn), its default when the turn gives none:
	 * the words' codes (vocab_word.code), and its number */
	int cond_code;
	int cond_num;
	int cond_word_code;
	const char *phase;
	unsigned phase_bit;		/* its vocab_phase.bit (0 before a phase): rulesets test it, not the word */
	int *of_sym;			/* per battle symbol: its unit or leader index, or -1 */
	/* what a turn or phase header may change: units with a mark that waits
	 * (state_wait) and leaders away (state_away); entries may be stale */
	int *waiting, n_waiting, cap_waiting;
	int *away, n_away, cap_away;
	/* Units (u) and leaders (-1 - l) changed outside the units an event
	 * names, since the driver last took them (state_take_touched). */
	int *touched;
	int n_touched, cap_touched;
};

/* Builds the starting state from b's declarations, with the ruleset's
 * records and hooks (NULL: the core's alone); release with state_release. */
void state_init(struct state *st, const struct battle *b, const struct state_rules *rules);
void state_release(struct state *st);
/* Makes dst (zeroed, or a copy made before) a copy of src; release it with
 * state_release. */
void state_copy(struct state *dst, const struct state *src);

/* Unit u's record (the ruleset's, beginning with the core's). */
static inline struct unit_state *state_unit_at(const struct state *st, int u)
{
	return (struct unit_state *)(void *)(st->unit_mem + (size_t)u * st->unit_size);
}

/* Leader l's record (the ruleset's, beginning with the core's). */
static inline struct leader_state *state_leader_at(const struct state *st, int l)
{
	return (struct leader_state *)(void *)(st->leader_mem + (size_t)l * st->leader_size);
}

/* The index of a unit or leader by id (case-insensitive), or -1. */
int state_unit(const struct state *st, const char *id);
int state_leader(const struct state *st, const char *id);
/* The index of the unit a reference of the state's battle names, or -1:
 * the parser's symbol, read directly, or its id where the parser found
 * none. */
int state_unit_ref(const struct state *st, const struct uref *u);
/* The unit, or leader, that symbol sym stands for (an index + 1, as the
 * parser found it: uref.sym, arg.sym, a check's or leader roll's
 * leader_sym), or, when sym is 0 (an id not declared when its line was
 * read), the one id names; -1 if none. */
int state_unit_of(const struct state *st, int sym, const char *id);
int state_leader_of(const struct state *st, int sym, const char *id);

/* Does the unit's declaration carry the attribute whose word's code
 * (vocab_word.code) is code? */
bool state_has_flag(const struct unit_state *u, int code);
/* The leader attached to unit u, or -1. */
int state_attached_leader(const struct state *st, int u);

/* Removes n stands (n < 0 adds), and the unit when they reach its
 * remove_at or none; the ruleset's unit_lost follows.  Returns the stands now. */
int state_lose(struct state *st, int u, int n);
/* The core's part of that on one record (a ruleset's copy, to preview an
 * effect); the caller brings its own tallies along. */
int state_unit_lose(struct unit_state *u, int n);

/* Attaches leader l to unit u (-1: detaches it). */
void state_attach(struct state *st, int l, int u);

/* Notes that unit u has a mark the next header settles (the ruleset's
 * unit_header), or that leader l is out for some turns or kept away by the
 * ruleset's marks (leader_header):
 * headers look at these alone, not at every unit. */
void state_wait(struct state *st, int u);
void state_away(struct state *st, int l);

/* Takes a turn or phase statement; the units and leaders it changes are
 * marked touched. */
void state_enter(struct state *st, const struct stmt *s);

/* Marks unit u (or leader l) as changed by the current event or header
 * although not named in it: the driver reports its state. */
void state_touch_unit(struct state *st, int u);
void state_touch_leader(struct state *st, int l);

/* The state of unit u or leader l as named fields, replacing out's
 * contents.  A unit: side, stands, start, removed, off_table, the ruleset's
 * own (unit_fields), diverged.  A leader: side, in_play, out_until, wounded,
 * killed, removed, the ruleset's own (leader_fields), attached, replaced_by,
 * deputy_for. */
void state_unit_fields(const struct state *st, int u, struct fields *out);
void state_leader_fields(const struct state *st, int l, struct fields *out);

#endif
