/* battle: a parsed battle log.
 *
 * A battle is the list of its statements in file order, with the statements
 * of an included file following its include line, and a table of the ids it
 * declares.  Every node and string lives in the battle's arenas (the
 * symbols' ids in one of their own) and is freed by battle_free; words are
 * pointers to their canonical vocabulary entry (aliases resolved), ids as
 * declared.  Fields a line did not give are NULL, -1 or false as
 * documented.  Every element keeps its place for diagnostics: an event's
 * nodes as column and length (struct span), their statement giving file
 * and line; declarations, which other lines' checks point at, whole. */
#ifndef UMPIRE_BATTLE_H
#define UMPIRE_BATTLE_H

#include <stdbool.h>

#include "arena.h"
#include "chart.h"
#include "source.h"
#include "vocab.h"

/* key=value on a declaration; value is the canonical text. */
struct kv {
	const char *key;
	const char *value;
	struct loc at;		/* the key */
	struct loc value_at;
};

/* A die face as rolled: [7], or d6[3] for a die other than the ruleset's;
 * d6[3,6,2] for several dice of one kind, where the event allows them
 * (vocab_event.dice). */
struct face {
	int die;		/* sides; 0 = the ruleset's default die */
	int value;		/* the first die; a d10 face written 0 is stored as 10 */
	int n;			/* the dice written, 1 or more (0 with no face) */
	const int *dice;	/* their faces, dice[0] == value (arena) */
	struct span at;		/* col 0: no face given */
};

/* A claimed modifier: +1vet, or vet without its value. */
struct mod {
	const char *code;	/* canonical; as written when unknown */
	int id;			/* its vocab_word.code; 0 when unknown */
	int value;
	bool has_value;
	struct span at;
	bool unknown;		/* a code the ruleset does not have (+1mounted) */
	const char *hint;	/* unknown: the nearest code it has, or NULL */
};

/* A situational fact of the table, in parentheses after a unit. */
struct fact {
	const struct vocab_word *word;
	const char *value;	/* WORD=VALUE: VALUE; NULL for a bare fact */
	int value_index;	/* VALUE's place in the word's spec, from 1; 0 none or a unit id */
	struct span at;
};

/* A claim word of the event's tallies (vocab_event.tallies): counted
 * (word=N) or bare (value 1). */
struct tally {
	const struct vocab_word *word;
	int value;
	struct span at;
};

/* What a player claims after the dice.  Listing any modifier claims the
 * complete list; a total or effect alone claims only itself.  Its fields
 * are in order of alignment, not of meaning, for little padding: there is
 * a claim in every check line, fire and clash side (88 bytes). */
struct claim {
	struct mod *mods;
	struct tally *tallies;	/* in the order written; each word once */
	const struct vocab_word *effect;	/* of the event's effects, or NULL */
	const struct vocab_word *outcome;	/* of the event's outcomes, or NULL */
	int n_mods;
	int n_tallies;
	int total;
	int loss;
	bool has_total;
	bool has_loss;		/* loss=N: stands claimed lost */
	struct span total_at;
	struct span effect_at;
	struct span outcome_at;
	struct span loss_at;
};

/* The tally of claim c whose word's code (vocab_word.code) is code, or NULL. */
const struct tally *claim_tally(const struct claim *c, int code);

/* A unit named in an event: 5inf:8@6(cover)[7]. */
struct uref {
	const char *id;
	struct span at;
	int stands;		/* :N stands taking part, -1 if not given */
	int range;		/* @N inches, -1 if not given */
	struct fact *facts;
	int n_facts;
	int sym;		/* its unit's index in battle.syms + 1, as the parser
				 * found it; 0 for an id not declared then */
	const struct face *hit;	/* a roll of the unit's own written after it (RFF: a
				 * rocket's hit roll), or NULL */
};

/* What a unit does after its check (fields in order of alignment, as a
 * claim's). */
struct action {
	const struct vocab_word *verb;
	const struct vocab_word *word;	/* a "W" action's word, or NULL */
	const struct vocab_word *flag;	/* of vocab.action_flag, after the targets, or NULL */
	struct uref *targets;	/* a "T" action's targets (VERB TARGET, ...) */
	int n_targets;
	struct span at;
	struct span flag_at;
};

struct check_line {
	struct uref unit;
	struct claim claim;
	struct action *actions;
	int n_actions;
};

struct ev_check {
	const char *leader;	/* NULL: an out-of-command check */
	struct span leader_at;
	struct face die;
	struct check_line *lines;
	int n_lines;
	int leader_sym;		/* as uref.sym */
};

struct ev_fire {
	struct uref *firers;
	int n_firers;
	struct uref target;
	struct face die;
	struct claim claim;
};

struct clash_side {
	struct uref *units;	/* empty on a reroll */
	int n_units;
	struct face die;
	struct claim claim;
};

/* SHAPE_CLASH and SHAPE_REROLL: side[0] attacks, side[1] defends. */
struct ev_clash {
	struct clash_side side[2];
	bool has_diff;
	int diff;
	struct span diff_at;
	const struct vocab_word *effect;	/* or NULL */
	struct span effect_at;
};

struct ev_leader_roll {
	const char *leader;
	int leader_sym;		/* as uref.sym */
	struct span leader_at;
	struct face die;
	const struct vocab_word *effect;	/* or NULL */
	struct span effect_at;
};

/* One argument of a state event, by its signature letter. */
struct arg {
	char type;		/* 'U', 'L', 'W', 'N', 'C', 'S', 'D' */
	int sym;		/* 'U', 'L': as uref.sym */
	const char *text;	/* id, word or string */
	int code;		/* 'W': the word's vocab_word.code */
	int num;
	struct face face;	/* 'D': a die rolled for the event */
	struct span at;
};

struct ev_state {
	struct arg *args;
	int n_args;
};

struct event {
	const struct vocab_event *def;	/* keyword, shape, signature */
	struct span kw_at;
	union {
		struct ev_check check;
		struct ev_fire fire;
		struct ev_clash clash;	/* SHAPE_CLASH and SHAPE_REROLL */
		struct ev_leader_roll leader_roll;
		struct ev_state state;
	} u;
};

/* What a header line, a declaration or a ruling says in words of its own:
 * a quoted text (the battle's or scenario's name, a special rule, a
 * result, a ruling's reason) and its key=value attributes. */
struct st_attrs {
	const char *text;	/* NULL where the kind has none */
	struct kv *kvs;
	int n_kvs;
};

/* Unit-slot categories are numbered below this (a vocabulary test checks). */
enum { UNIT_SLOTS = 16 };

/* A word of a unit's declaration that fills a slot (a category of role
 * VR_UNIT_SLOT: RFF's arm, experience, morale class ...). */
struct unit_word {
	const struct vocab_word *word;	/* its category is the slot's */
	struct loc at;
};

struct st_unit {
	struct st_attrs attrs;	/* its attributes (no text) */
	const char *id;
	struct loc id_at;
	const char *name;
	const char *side;
	/* its words of unit-slot categories (vocab_cat.role), in the order
	 * written: read them with battle_unit_word and its kin */
	const struct unit_word *words;
	int n_words;
	const struct vocab_word **flags;	/* unit attributes, in the order written */
	int n_flags;
	int stands;		/* stands=N, -1 if missing */
	int original;		/* original=N: its stands when its campaign began, -1 if not given */
	const char *cmd;	/* commanding leader id */
	struct loc cmd_at;
	const char *as;		/* campaign identity */
	bool carry;
};

struct st_leader {
	struct st_attrs attrs;	/* its attributes (no text) */
	const char *id;
	struct loc id_at;
	const char *name;
	const char *side;
	const struct vocab_word *rating;
	const struct vocab_word **flags;	/* leader attributes (vocab.leader_flag) */
	int n_flags;
	const char *under;	/* superior leader id */
	struct loc under_at;
};

struct st_side {
	struct st_attrs attrs;	/* its attributes (no text) */
	const char *id;
	const char *label;
	const struct vocab_word *nation;
	int players;		/* -1 if not given */
};

struct st_turn {
	int number;
	const char *side;	/* NULL: no player side (simultaneous turns) */
	const struct vocab_word *cond;	/* of vocab.condition, or NULL: its default (state.cond) */
	int cond_num;		/* the condition's number, 0 if none */
	const struct vocab_word *cond_word;	/* the condition's word argument, or NULL */
};

/* An umpire's ruling on the event before it. */
enum ruling_verb { RULING_ACCEPT, RULING_OVERRIDE, RULING_VERBS };
extern const char *const ruling_verb_names[RULING_VERBS];	/* as the notation spells them */

enum stmt_kind {
	ST_BLANK,		/* empty or comment-only line */
	ST_ERROR,		/* a line that did not parse; its text is kept */
	ST_INCLUDE, ST_BATTLE, ST_SCENARIO, ST_SPECIAL, ST_OPTION, ST_RESULT,
	ST_SIDE, ST_LEADER, ST_UNIT, ST_TURN, ST_PHASE, ST_EVENT, ST_RULING,
};

/* The statements of their own kinds, named so that a copy can be made. */
struct st_include { const char *path; int file; bool charts; };	/* charts: a chart file (grammar/chart.h); file -1: not loaded */
struct st_option { const char *name; const char *value; };
struct st_phase { const char *phase; const char *mode; unsigned bit; };	/* bit: its vocab_phase.bit, 0 if none */
/* event: stmt index; unit: the one unit of the event whose claim it rules
 * on, as the event names it, or NULL (all of it); attrs.text its reason */
struct st_ruling {
	struct st_attrs attrs;
	enum ruling_verb verb;
	int event;
	struct claim claim;	/* its places are on the ruling's line */
	const char *unit;
	struct span unit_at;
};

/* A statement's body, by its kind.  Only the member of the statement's
 * kind is allocated, and for an event only its shape's member of
 * event.u (battle_body): a body is never copied as a whole, only by
 * stmt_copy.  SQLite sizes its Expr nodes the same way. */
union stmt_body {
	struct st_attrs header;		/* battle, scenario, special, result */
	struct st_include include;	/* include, or charts */
	struct st_option option;
	struct st_side side;
	struct st_leader leader;
	struct st_unit unit;
	struct st_turn turn;
	struct st_phase phase;
	struct event event;
	struct st_ruling ruling;
};

/* A line of the log: 24 bytes, whatever it says; what it says is in its
 * body.  Its place is its file and line (column 1). */
struct stmt {
	enum stmt_kind kind;
	int file;
	int line;
	union stmt_body *u;		/* in the arena; NULL for the kinds without one */
};

/* A trailing "# ..." comment, kept aside: few lines have one. */
struct stmt_comment {
	int stmt;
	const char *text;
};

/* A declared id: units and leaders share one name space, sides have theirs. */
struct sym {
	const char *id;
	char kind;		/* 'U' unit, 'L' leader, 'S' side */
	int stmt;		/* the declaring statement */
};

struct sym_slot {
	int sym;		/* the symbol's index + 1; 0 free */
	unsigned hash;		/* of its id without case, and its name space */
};

struct battle {
	struct arena *arena;
	struct sources src;
	const struct vocab *vocab;
	struct stmt *stmts;
	int n_stmts, cap_stmts;
	struct sym *syms;
	int n_syms, cap_syms;
	struct arena *names;	/* the symbols' ids, together: a lookup reads them */
	/* the symbols by id: open addressing, a power of two, at most half
	 * full; each slot keeps its symbol's hash, so a probe that misses reads
	 * neither the symbol nor its string */
	struct sym_slot *sym_slots;
	int n_slots;
	/* the same by the address of each symbol's own id string: a line's
	 * ids are those strings (parse_id), so the audit's lookups of them
	 * compare addresses, no text */
	int *ptr_slots;
	struct charts charts;	/* from its `charts` lines (v owned by the battle) */
	struct stmt_comment *comments;	/* in statement order */
	int n_comments, cap_comments;
};

/* An empty battle with its own arena; free with battle_free (NULL: no-op). */
struct battle *battle_new(void);
void battle_free(struct battle *b);

/* Appends a zeroed statement without a body at file and line, and returns
 * its index. */
int battle_add_stmt(struct battle *b, enum stmt_kind kind, int file, int line);
/* Where statement s stands: its file and line, column 1. */
struct loc stmt_at(const struct stmt *s);
/* Place sp of statement s's line, as a loc. */
struct loc stmt_place(const struct stmt *s, struct span sp);
/* Gives statement i (the last one added) its trailing comment, a string
 * of b's arena. */
void battle_set_comment(struct battle *b, int i, const char *text);
/* Forgets the statements from n on (a recorder's line taken back), and
 * their comments; their arena memory stays until battle_free. */
void battle_cut(struct battle *b, int n);
/* The trailing comment of statement i, or NULL. */
const char *battle_comment(const struct battle *b, int i);
/* Makes s a statement of kind with a zeroed body of that kind's size in
 * b's arena (an event's sized for def's shape, and its def set), and
 * returns the body. */
union stmt_body *battle_body(struct battle *b, struct stmt *s, enum stmt_kind kind,
			     const struct vocab_event *def);
/* A copy of s into *copy whose body is *body, so that a change to the
 * copy's body leaves s as it is. */
void stmt_copy(const struct stmt *s, struct stmt *copy, union stmt_body *body);

/* The symbol for id (case-insensitive) in kind's name space, or NULL. */
const struct sym *battle_find(const struct battle *b, char kind, const char *id);
/* The same for the id of len bytes at id (a token of a line). */
const struct sym *battle_find_n(const struct battle *b, char kind, const char *id, size_t len);

/* The fact stated on u whose word's code (vocab_word.code) is code, and
 * when value is not 0 only with the value at that place of the word's spec
 * (fact.value_index); NULL if the log does not state it. */
const struct fact *battle_fact(const struct uref *u, int code, int value);
/* Registers id; returns the existing symbol instead if already declared. */
const struct sym *battle_declare(struct battle *b, char kind, const char *id, int stmt);

/* The clock time "HH:MM" of turn (1 the first) into out, when the battle
 * header gives start= and turn-minutes=: start plus turn-minutes for every
 * turn before, past midnight modulo a day.  False (out untouched) when it
 * does not. */
bool battle_clock(const struct battle *b, int turn, char out[8]);

/* The word unit u gives for slot category cat (canonical), or NULL; its
 * code (vocab_word.code), 0 when it gives none; its place. */
const char *battle_unit_word(const struct st_unit *u, int cat);
int battle_unit_code(const struct st_unit *u, int cat);
struct loc battle_unit_at(const struct st_unit *u, int cat);

/* Whether a declaration's attributes (flags, n) hold the word whose code
 * (vocab_word.code) is code. */
bool battle_has_flag(const struct vocab_word *const *flags, int n, int code);

/* The text and attributes of s, for the kinds that have them (see
 * st_attrs); NULL for the others. */
const struct st_attrs *stmt_attrs(const struct stmt *s);
/* s's quoted text, or NULL. */
const char *stmt_text(const struct stmt *s);
/* The kv named key on a statement, or NULL. */
const struct kv *stmt_kv(const struct stmt *s, const char *key);

#endif
