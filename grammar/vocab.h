/* vocab: the words a ruleset brings to the notation.
 *
 * The grammar fixes the shapes of statements; a ruleset names the words that
 * fill them: event keywords, experience grades, effects, modifier codes and
 * facts per event kind, with their aliases.  A ruleset provides one const
 * struct vocab (audit/rff_vocab.c for Regimental Fire and Fury); the parser
 * looks words up in it, case-insensitively. */
#ifndef UMPIRE_VOCAB_H
#define UMPIRE_VOCAB_H

#include <stddef.h>

/* Word categories.  ORDER: the names in vocab.c follow this order. */
enum vocab_cat {
	VC_ARM, VC_EXPERIENCE, VC_MORALE, VC_WEAPON, VC_CARRIAGE, VC_FORMATION,
	VC_ORDER, VC_LIMBER, VC_MOUNT, VC_FLAG,
	VC_RATING, VC_LEADER_FLAG, VC_NATION,
	VC_LIGHT, VC_TWILIGHT, VC_SKY, VC_PHASE, VC_FIRE_MODE,
	VC_MOD_MC, VC_MOD_FIRE, VC_MOD_CHARGE,
	VC_EFFECT_MC, VC_EFFECT_FIRE, VC_EFFECT_CHARGE, VC_EFFECT_FALLEN,
	VC_FACT_MC, VC_FACT_FIRE, VC_FACT_CHARGE,
	VC_ACTION, VC_RULING, VC_OPTION, VC_OUTCOME_FIRE,
	VC_N_CATS
};

struct vocab_word {
	enum vocab_cat cat;
	const char *word;	/* the canonical spelling, or an alias */
	const char *canon;	/* NULL for a canonical word; else the word it stands for */
	const char *doc;	/* one line for help and docs (canonical words) */
	const char *cite;	/* seed file:line the word comes from, or NULL */
	/* Options: the allowed values, "|"-separated, the default first.
	 * Facts: the values they take ("partial|full"), "U" a unit id, NULL none.
	 * Actions: what follows the verb: "F" a formation, "T" targets. */
	const char *spec;
};

/* The shapes an event line can take; the keyword picks one. */
enum event_shape {
	SHAPE_MC,		/* mc LEADER FACE : unit claims ; ... */
	SHAPE_FIRE,		/* fire FIRER, ... -> TARGET FACE claims */
	SHAPE_CHARGE,		/* charge ATT, ... -> DEF, ... FACE claims | FACE claims : result */
	SHAPE_REROLL,		/* reroll FACE claims | FACE claims : result */
	SHAPE_FALLEN,		/* fallen LEADER FACE [effect] */
	SHAPE_STATE,		/* keyword and arguments by signature */
};

/* Phases an event may stand in (bit mask). */
enum {
	PH_MANEUVER = 1, PH_FIRE = 2, PH_CHARGE = 4,
	PH_ANY = PH_MANEUVER | PH_FIRE | PH_CHARGE,
};

struct vocab_event {
	const char *keyword;	/* canonical or alias */
	const char *canon;	/* NULL, or the canonical keyword */
	enum event_shape shape;
	/* SHAPE_STATE: one letter per argument: U unit, L leader, F formation,
	 * N signed number, C a count of stands (1 or more), S string, '>' the
	 * arrow '->'; '?' after a letter makes it optional. */
	const char *sig;
	unsigned phases;	/* PH_* where the event may stand */
	const char *doc;
};

struct vocab {
	const char *name;		/* "rff-maw" */
	const char *title;
	int die;			/* default die size (10 for RFF) */
	const struct vocab_word *words;
	size_t n_words;
	const struct vocab_event *events;
	size_t n_events;
};

/* The canonical entry for word in cat (following an alias), or NULL. */
const struct vocab_word *vocab_find(const struct vocab *v, enum vocab_cat cat, const char *word,
				    size_t len);
/* The canonical event for keyword (following an alias), or NULL. */
const struct vocab_event *vocab_find_event(const struct vocab *v, const char *kw, size_t len);
/* "experience", "maneuver modifier", ...: a category's name in messages. */
const char *vocab_cat_name(enum vocab_cat cat);
/* Whether value is one of a word's allowed values (options, facts). */
int vocab_allows(const struct vocab_word *w, const char *value, size_t len);

/* Appends the vocabulary as Markdown tables (one per category, then the
 * events): each canonical word with its aliases, meaning and source.  The
 * vocabulary section of docs/notation.md is this text; a test compares. */
struct buf;
void vocab_markdown(const struct vocab *v, struct buf *out);

#endif
