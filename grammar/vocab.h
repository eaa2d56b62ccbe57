/* vocab: the words a ruleset brings to the notation.
 *
 * The grammar fixes the shapes of statements; a ruleset names the words that
 * fill them: event keywords, experience grades, effects, modifier codes and
 * facts per event kind, with their aliases.  A ruleset provides one const
 * struct vocab (audit/rff/rff_vocab.c for one); the parser
 * looks words up in it, case-insensitively. */
#ifndef UMPIRE_VOCAB_H
#define UMPIRE_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

#include "shape.h"

/* A word category is an index into the vocabulary's cats[], numbered by
 * the ruleset's own enum from 1; VC_NONE (0) is no category, so a place of
 * the notation a ruleset leaves zero is not used. */
enum { VC_NONE = 0 };

/* What the grammar does with a category's words, where it is not named by
 * a place of struct vocab or struct vocab_event. */
enum vocab_role {
	VR_OTHER,		/* named by a place, or read by the ruleset alone */
	VR_UNIT_SLOT,		/* a unit declaration gives at most one word of it */
	VR_UNIT_FLAG,		/* a unit declaration gives any number of them */
};

struct vocab_cat {
	const char *name;	/* "experience": in messages and docs */
	enum vocab_role role;
	bool required;		/* unit slot: every unit gives one ... */
	bool trailing;		/* unit slot: written after stands= and cmd= */
	int prefix_of;		/* unit slot: its word may be written joined before a
				 * word of this category */
};

struct vocab_word {
	int cat;
	const char *word;	/* the canonical spelling, or an alias */
	const char *canon;	/* NULL for a canonical word; else the word it stands for */
	const char *doc;	/* one line for help and docs (canonical words) */
	const char *cite;	/* seed file:line the word comes from, or NULL */
	/* Options: the allowed values, "|"-separated, the default first.
	 * Facts: the values they take ("partial|full"), "U" a unit id, NULL none.
	 * Actions: what follows the verb: "W" a word of arg, "T" targets. */
	const char *spec;
	int code;		/* the ruleset's own enum for the word, 0 if none */
	/* A turn condition's arguments: a number up to num_max (num_what
	 * names it), then a word of category arg.  An action's: the category
	 * of its word ("W") or of its targets' facts ("T").  A claim tally's:
	 * num_what names the number after '=' (up to num_max), NULL a bare word. */
	int arg;
	int num_max;
	const char *num_what;
	bool lead;		/* a counted tally written before the claimed total */
	const char *key;	/* a tally's name in the claim's JSON, or NULL: not listed there */
	int waives;		/* a unit slot made unnecessary by this word */
};

/* A word a line gives is its (canonical) entry, NULL where the line gives
 * none: its code (vocab_word.code), 0 for none, and its spelling, NULL for
 * none. */
static inline int vocab_code(const struct vocab_word *w)
{
	return w ? w->code : 0;
}

static inline const char *vocab_spelling(const struct vocab_word *w)
{
	return w ? w->word : NULL;
}

/* Phases an event may stand in: bits of the ruleset's phase list; an event
 * with VOCAB_ANY_PHASE stands anywhere in a turn. */
#define VOCAB_ANY_PHASE (~0u)

/* One phase of the ruleset's turn: its word, a mode that may follow it
 * (NULL: none, or the phase without one), where it falls in the turn. */
struct vocab_phase {
	const char *word;	/* a word of vocab.phase */
	const char *mode;	/* a word of vocab.phase_mode, or NULL */
	unsigned bit;		/* which events may stand in it (vocab_event.phases) */
	int rank;		/* its order in the turn, from 1 */
	const char *where;	/* "the first phase": in messages */
};

struct vocab_event {
	const char *keyword;	/* canonical or alias */
	const char *canon;	/* NULL, or the canonical keyword */
	const struct shape *shape;	/* how its line reads (grammar/shape.h) */
	/* SHAPE_STATE: one letter per argument: U unit, L leader, W a word of
	 * arg, N signed number, C a count of stands (1 or more), S string,
	 * D a die face ([3], d6[4]),
	 * '>' the arrow '->'; '?' after a letter makes it optional. */
	const char *sig;
	unsigned phases;	/* bits of vocab_phase where the event may stand */
	const char *doc;
	/* the categories of its claims and units' facts (VC_NONE: none) */
	int mods, effects, facts, outcomes, tallies;
	int arg;		/* SHAPE_STATE: the category of a W argument */
	int dice;		/* how many dice its face may list (d6[3,6]); 0: one */
	/* What the audit does with it, resolved here once: for SHAPE_STATE,
	 * a change every ruleset's state knows (the audit's enum state_verb,
	 * 0 for none); for any event, the ruleset's own code (its enum). */
	int core;
	int code;
};

/* A chart of the ruleset's whose data the players supply from their own
 * copy of the rules, in a chart file (docs/charts.md, grammar/chart.h):
 * what its rows and columns are, so that the file is checked as it is
 * read and the audit looks values up by code. */
struct vocab_chart_column {
	const char *name;	/* its heading in the file: "close" */
	int cat;		/* the category of its cells' words; VC_NONE: numbers */
};

/* A cell the rules' text itself states (a sentence, a worked example):
 * built in, so that no chart file is needed for it, and ahead of one. */
struct vocab_chart_cell {
	int lo, hi;		/* a roll row: the rolls it covers; a word row: lo is its first word's code */
	int key2;		/* a word row: its second word's code, or 0 */
	int col;		/* the cell's index among the chart's columns */
	int value;		/* a number, or a word's code */
	const char *cite;	/* where the text states it: "004:284 Melee, the worked example" */
};

struct vocab_chart {
	int code;		/* the ruleset's own enum for the chart */
	const char *name;	/* as the file names it: "combat-effects" */
	const char *title;	/* as the printed rules name it */
	const char *rows;	/* what a row's key is, for messages and docs */
	/* A row's key: a word of each category given (up to two), or, with
	 * both VC_NONE, a roll: a number or a range of them. */
	int key_cats[2];
	/* Its columns; with none, numbered columns first_col..last_col of
	 * numbers (the Combat Effects Chart's 0..16). */
	const struct vocab_chart_column *columns;
	int n_columns;
	int first_col, last_col;
	const char *cite;	/* where the rules use it */
	const struct vocab_chart_cell *stated;	/* the cells the text states */
	int n_stated;
};

struct vocab {
	const char *name;		/* as rules= names it */
	const char *title;
	const char *sources;		/* how its words' sources read, for the docs */
	int die;			/* default die size */
	const struct vocab_cat *cats;	/* indexed by category; cats[0] unused */
	int n_cats;
	const struct vocab_word *words;
	size_t n_words;
	const struct vocab_event *events;
	size_t n_events;
	const struct vocab_phase *phases;
	size_t n_phases;
	/* the category each place of the notation takes its words from */
	int rating;			/* a leader's rating (required) */
	int leader_flag;		/* a leader's attributes */
	int nation;			/* a side's nation= */
	int condition;			/* a turn's condition; the first canonical word is the default */
	int phase, phase_mode;		/* phase WORD [MODE] */
	int action;			/* what a unit does after its check */
	int action_flag;		/* a word after an action's targets */
	int option;			/* option NAME=VALUE */
	/* NULL when the sides take turns (a turn names its side); else the rule
	 * that makes a turn both sides' (a rules section and its seed line),
	 * and a turn naming a side is an error */
	const char *simultaneous;
	/* the charts a chart file may give (`charts "FILE"`) */
	const struct vocab_chart *charts;
	size_t n_charts;
};

/* The canonical entry for word in cat (following an alias), or NULL. */
const struct vocab_word *vocab_find(const struct vocab *v, int cat, const char *word,
				    size_t len);
/* The indices in v->words of the words whose category prefixes another
 * (vocab_cat.prefix_of), in the vocabulary's order: *n of them, kept for
 * the process.  NULL when v has no index (more vocabularies than umpire
 * has): then every word, 0 to *n = v->n_words, is a candidate. */
const int *vocab_prefix_words(const struct vocab *v, size_t *n);
/* The canonical word of cat whose code (vocab_word.code) is code, or NULL
 * for code 0 or none: a ruleset names a word it resolved back by it. */
const char *vocab_word_of(const struct vocab *v, int cat, int code);
/* The canonical event for keyword (following an alias), or NULL. */
const struct vocab_event *vocab_find_event(const struct vocab *v, const char *kw, size_t len);
/* A category's name in messages ("word" for VC_NONE). */
const char *vocab_cat_name(const struct vocab *v, int cat);
/* The first canonical word of cat (its default, as a turn's condition), or NULL. */
const char *vocab_default(const struct vocab *v, int cat);
/* The canonical words of cat, ", "-separated, into out (size bytes). */
const char *vocab_list(const struct vocab *v, int cat, char *out, size_t size);
/* The first phase of an event's mask (vocab_event.phases), or NULL for
 * VOCAB_ANY_PHASE. */
const struct vocab_phase *vocab_phase_in(const struct vocab *v, unsigned phases);
/* The phase of the ruleset named word (with mode, or its default without), or NULL. */
const struct vocab_phase *vocab_phase_of(const struct vocab *v, const char *word, const char *mode);
/* Where value stands among a word's allowed values (options, facts), from
 * 1; 0 if it is not one of them. */
int vocab_allows(const struct vocab_word *w, const char *value, size_t len);

/* Appends the vocabulary as Markdown tables (one per category, then the
 * events): each canonical word with its aliases, meaning and source.  The
 * vocabulary section of docs/notation.md is this text; a test compares. */
struct buf;
void vocab_markdown(const struct vocab *v, struct buf *out);

#endif
