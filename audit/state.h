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

enum unit_order { ORDER_GOOD, ORDER_DISORDERED, ORDER_BROKEN };

enum { STATE_COUNTERS = 4, STATE_MAX_STANDS = 9999 };

struct unit_state {
	const struct st_unit *decl;
	int decl_stmt;			/* the declaring statement */
	const char *nation;		/* "US", "MEX": from the unit's side */
	int start;			/* stands at the start of the battle */
	int stands;			/* stands now */
	enum unit_order order;
	const char *formation;		/* a formation word, or NULL if none logged */
	bool limbered, mounted;
	int silenced, damaged, wrecked;	/* gun stands */
	bool sheltered;			/* crew sheltering in a square */
	int sheltered_in;		/* the square's unit index, or -1 */
	int low_ammo;			/* troops: 1 if low on ammunition; guns: stands marked */
	bool removed;
	bool off_table;			/* declared with `reserve`, not yet arrived */
	bool diverged;			/* state follows a claim the audit disputes */
	int cold_steel_turn;		/* the turn it declared a charge with cold steel, or 0 */
	int fired_turn;			/* the last turn it fired, or 0 */
	int checked_turn;		/* the turn fire checked its charge, or 0 */
	bool disorder_pending;		/* disordered when the phase ends (a winning charger) */
	bool hasty_expires;		/* a hasty square logged this player turn: a square from the next */
	int first_leader;		/* the first leader attached to it, or -1 (leader_state.next) */
	int check_turn;			/* the turn of its last maneuver check, or 0 */
	const char *check_effect;	/* that check's effect (as the state follows it) */
	unsigned check_actions;		/* the ruleset's bits for the actions its line gave */
	/* A ruleset's own per-unit tallies, named by it (Santa Anna's stragglers,
	 * Thomas's morale points: docs/rules.md); rff-maw uses none. */
	int counters[STATE_COUNTERS];
};

struct leader_state {
	const struct st_leader *decl;
	int attached;			/* unit index, or -1: set with state_attach */
	int next;			/* the next leader attached to the same unit, or -1 */
	int out_until;			/* out of play through this turn; 0 if in play */
	bool dismounted;		/* horse shot: through turn dismounted_until */
	int dismounted_until;
	bool removed;
	bool wounded, killed;		/* by a fallen-leader roll */
	int deputy_for;			/* leader index whose command it took over, or -1 */
	int replaced_by;		/* leader index that took over its command, or -1 */
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

struct state {
	const struct battle *b;
	struct unit_state *units;
	int n_units;
	struct leader_state *leaders;
	int n_leaders;
	/* the current turn */
	int turn;
	const char *side;		/* the phasing side's id, or NULL */
	/* the turn's condition (st_turn), its default when the turn gives none */
	const char *cond;
	int cond_num;
	const char *cond_word;
	const char *phase;
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

/* Builds the starting state from b's declarations; release with state_release. */
void state_init(struct state *st, const struct battle *b);
void state_release(struct state *st);
/* Makes dst (zeroed, or a copy made before) a copy of src; release it with
 * state_release. */
void state_copy(struct state *dst, const struct state *src);

/* The index of a unit or leader by id (case-insensitive), or -1. */
int state_unit(const struct state *st, const char *id);
int state_leader(const struct state *st, const char *id);

/* Is the unit of this arm ("inf", "cav", "gun")? */
bool state_is(const struct unit_state *u, const char *arm);
/* Does the unit's declaration carry this flag (a canonical word)? */
bool state_has_flag(const struct unit_state *u, const char *flag);
/* The leader attached to unit u, or -1. */
int state_attached_leader(const struct state *st, int u);

/* Removes n stands (n < 0 adds); infantry and cavalry reduced to a single
 * stand are removed from the game (000:532).  Returns the stands now. */
int state_lose(struct state *st, int u, int n);
/* The same on a unit's state alone (a copy, to preview an effect). */
int state_unit_lose(struct unit_state *u, int n);

/* Sets a troop unit's order: broken troops lose their formation (000:416),
 * and broken troops that rally or reform stand in line (000:408-412, 002:42). */
void state_set_order(struct unit_state *u, enum unit_order order);

/* Marks n more gun stands silenced or damaged (n < 0 clears), never more
 * than the stands the unit has nor fewer than none. */
void state_silence(struct unit_state *u, int n);
/* Marks troops low on ammunition, or n more gun stands (002:198). */
void state_low_ammo(struct unit_state *u, int n);
void state_damage(struct unit_state *u, int n);

/* "9 stands, disordered, line" (guns: silenced, damaged, limbered), or
 * "removed", into buf; returns buf. */
const char *state_describe(const struct state *st, int u, char *buf, size_t size);

/* Attaches leader l to unit u (-1: detaches it). */
void state_attach(struct state *st, int l, int u);

/* Notes that unit u has a mark the next header settles (disorder_pending,
 * hasty_expires), or that leader l is out or dismounted for some turns:
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

/* The generic state of unit u or leader l as named fields, replacing out's
 * contents: stands, order, formation, removed...; the ruleset adds its own. */
void state_unit_fields(const struct state *st, int u, struct fields *out);
void state_leader_fields(const struct state *st, int l, struct fields *out);

/* The order's notation word: "good-order", "disordered", "broken". */
const char *state_order_word(enum unit_order order);

#endif
