/* declare: the statements that are not events, read into the battle: the
 * header, the order of battle, turns, phases and rulings, with their
 * key=value attributes, and the checks of them once the battle is read.
 * The productions in the comments are those of docs/notation.md. */
#include "declare.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "parser.h"
#include "xalloc.h"

/* key=value attributes */

enum kv_type { KV_WORD, KV_NUMBER, KV_STRING, KV_DATE, KV_TIME, KV_LEADER, KV_SIDE, KV_FREE };

struct kv_spec {
	const char *key;
	enum kv_type type;
	const char *what;
	int lo, hi;		/* KV_NUMBER: the bounds */
};

static const struct kv_spec battle_keys[] = {
	{.key = "id", .type = KV_WORD, .what = "a battle id"},
	{.key = "date", .type = KV_DATE, .what = "a date YYYY-MM-DD"},
	{.key = "rules", .type = KV_WORD, .what = "a ruleset name"},
	{.key = "figures", .type = KV_WORD, .what = "a figure scale such as 15mm"},
	{.key = "men-per-stand", .type = KV_NUMBER, .what = "men per stand", .lo = 1, .hi = 10000},
	{.key = "start", .type = KV_TIME, .what = "a start time HH:MM"},
	{.key = "turn-minutes", .type = KV_NUMBER, .what = "minutes per turn", .lo = 1, .hi = 1440},
	{.key = "seq", .type = KV_NUMBER, .what = "the battle's place in its campaign", .lo = 1, .hi = 99999},
	{.key = NULL},
};
static const struct kv_spec scenario_keys[] = {
	{.key = "source", .type = KV_STRING, .what = "a quoted source"},
	{.key = "id", .type = KV_WORD, .what = "the scenario's id, the same in every play of it"},
	{.key = NULL},
};
static const struct kv_spec result_keys[] = {
	{.key = "victor", .type = KV_FREE, .what = "the victorious side id, or draw"},
	{.key = NULL},
};
static const struct kv_spec side_keys[] = {
	{.key = "nation", .type = KV_WORD, .what = "a nation"},
	{.key = "players", .type = KV_NUMBER, .what = "a number of players", .lo = 1, .hi = 99},
	{.key = "as", .type = KV_WORD, .what = "the side as the scenario names it"},
	{.key = NULL},
};
static const struct kv_spec leader_keys[] = {
	{.key = "under", .type = KV_LEADER, .what = "the superior leader's id"},
	{.key = NULL},
};
static const struct kv_spec unit_keys[] = {
	{.key = "stands", .type = KV_NUMBER, .what = "a number of stands", .lo = 1, .hi = PARSE_MAX_STANDS},
	{.key = "cmd", .type = KV_LEADER, .what = "the commanding leader's id"},
	{.key = "as", .type = KV_FREE, .what = "a campaign identity"},
	{.key = "original", .type = KV_NUMBER, .what = "the stands it began its campaign with", .lo = 1, .hi = PARSE_MAX_STANDS},
	{.key = NULL},
};
static const struct kv_spec ruling_keys[] = {
	{.key = "by", .type = KV_FREE, .what = "the umpire's name"},
	{.key = NULL},
};

/* The attribute table of each statement kind that takes attributes. */
static const struct kv_spec *keys_of(enum stmt_kind kind)
{
	switch (kind) {
	case ST_BATTLE: return battle_keys;
	case ST_SCENARIO: return scenario_keys;
	case ST_RESULT: return result_keys;
	case ST_SIDE: return side_keys;
	case ST_LEADER: return leader_keys;
	case ST_UNIT: return unit_keys;
	case ST_RULING: return ruling_keys;
	default: return NULL;
	}
}

const char *declare_attribute_key(enum stmt_kind kind, int i)
{
	const struct kv_spec *specs = keys_of(kind);
	for (int k = 0; specs && specs[k].key; k++)
		if (k == i)
			return specs[k].key;
	return NULL;
}

static const struct kv_spec *find_key(const struct kv_spec *specs, struct parser *p,
				      const struct token *t)
{
	for (const struct kv_spec *s = specs; s->key; s++)
		if (parse_is_word(p, t, s->key))
			return s;
	return NULL;
}

/* Checks that a YYYY-MM-DD date exists (Gregorian calendar). */
static bool valid_date(const char *s)
{
	static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int y, m, d;
	char tail;
	if (strlen(s) != 10 || sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 || y < 1 || m < 1 ||
	    m > 12 || d < 1)
		return false;
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return d <= days[m - 1] + (m == 2 && leap);
}

/* kv = WORD "=" value ; value by the key's type. */
static int parse_kv_value(struct parser *p, const struct kv_spec *spec, struct kv *kv)
{
	struct token *t = parse_peek(p);
	kv->value_at = parse_loc(p, t);
	switch (spec->type) {
	case KV_STRING:
		kv->value = parse_string(p, spec->what);
		return kv->value ? 0 : -1;
	case KV_NUMBER: {
		int n;
		if (parse_number(p, spec->what, spec->lo, spec->hi, &n) < 0)
			return -1;
		kv->value = parse_text_of(p, t);
		return 0;
	}
	case KV_TIME: {
		int h, m;
		if (parse_number(p, spec->what, 0, 23, &h) < 0 || parse_expect(p, TOK_COLON, "':' in HH:MM") < 0 ||
		    parse_number(p, spec->what, 0, 59, &m) < 0)
			return -1;
		char buf[8];
		snprintf(buf, sizeof buf, "%02d:%02d", h, m);
		kv->value = arena_strdup(p->b->arena, buf);
		kv->value_at = parse_range(p, t, &p->tok[p->pos - 1]);
		return 0;
	}
	case KV_LEADER: {
		struct span at;
		kv->value = parse_id(p, 'L', &at, NULL);
		return kv->value ? 0 : -1;
	}
	default:
		break;
	}
	if (t->kind != TOK_WORD && t->kind != TOK_NUMBER && t->kind != TOK_STRING)
		return parse_expected(p, spec->what);
	parse_next(p);
	kv->value = t->kind == TOK_STRING ? parse_string_value(p, t) : parse_text_of(p, t);
	if (spec->type == KV_DATE && !valid_date(kv->value))
		return parse_error(p, DIAG_OUT_OF_RANGE, kv->value_at, "'%s' is not a date YYYY-MM-DD",
				kv->value);
	return 0;
}

/* Parses one key=value at the current token into the statement's list. */
static int parse_kv(struct parser *p, const struct kv_spec *specs, struct kv *kvs, int *n)
{
	struct token *key = parse_next(p);
	const struct kv_spec *spec = find_key(specs, p, key);
	if (!spec) {
		char keys[256] = "";
		for (const struct kv_spec *s = specs; s->key; s++)
			snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s=", *keys ? ", " : "",
				 s->key);
		return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, key), "unknown attribute %s: expected %s",
				parse_found(p, key), keys);
	}
	for (int i = 0; i < *n; i++)
		if (strcmp(kvs[i].key, spec->key) == 0)
			return parse_error(p, DIAG_DUPLICATE, parse_loc(p, key), "%s= given twice", spec->key);
	parse_next(p);	/* '=' */
	if (*n >= PARSE_MAX_ITEMS)
		return parse_error(p, DIAG_TOO_MANY, parse_loc(p, key), "more than %d attributes", PARSE_MAX_ITEMS);
	struct kv *kv = &kvs[(*n)++];
	*kv = (struct kv){.key = spec->key, .at = parse_loc(p, key)};	/* no value until it parses */
	return parse_kv_value(p, spec, kv);
}

/* Keeps the attributes whose value parsed. */
static void keep_kvs(struct parser *p, struct st_attrs *a, const struct kv *kvs, int n)
{
	a->kvs = arena_alloc(p->b->arena, (n ? n : 1) * sizeof *kvs);
	a->n_kvs = 0;
	for (int i = 0; i < n; i++)
		if (kvs[i].value)
			a->kvs[a->n_kvs++] = kvs[i];
}

/* Header */

/* battle = "battle" STRING { kv } ; */
int declare_battle(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_BATTLE, NULL);
	if (p->file != 0 || p->saw_battle || p->section != SEC_HEADER)
		return parse_misplaced(p, kw, p->saw_battle ? "a second battle line"
					   : "the battle line must open the top-level file");
	p->saw_battle = true;
	if (!(s->u->header.text = parse_string(p, "the battle's name in quotes")))
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	int n = 0, rc = 0;
	while (rc == 0 && parse_at_kv(p))
		rc = parse_kv(p, battle_keys, kvs, &n);
	keep_kvs(p, &s->u->header, kvs, n);
	if (rc < 0)
		return -1;
	const struct kv *rules = stmt_kv(s, "rules");
	if (rules) {
		const struct vocab *v = p->opts->find_rules ? p->opts->find_rules(rules->value) : NULL;
		if (!v)
			return parse_error(p, DIAG_UNKNOWN_RULES, rules->value_at, "unknown ruleset '%s'",
					rules->value);
		p->v = v;
		((struct kv *)rules)->value = v->name;	/* canonical spelling */
	}
	return 0;
}

/* How a scenario names its sides (docs/notation.md): a side's as=, else its
 * id; two sides of one battle under one name would count a play twice in
 * the balance report, and a side called draw would make victor=draw name
 * it and a draw at once. */
static void check_scenario_sides(struct parser *p)
{
	for (int i = 0; i < p->b->n_stmts; i++) {
		const struct stmt *a = &p->b->stmts[i];
		if (a->kind != ST_SIDE)
			continue;
		const struct kv *as = stmt_kv(a, "as");
		const char *name = as ? as->value : a->u->side.id;
		struct loc at = as ? as->value_at : stmt_at(a);
		if (fold_same(name, "draw")) {
			diag_add(p->d, DIAG_DUPLICATE, at, "a side may not be called 'draw': victor=draw names a draw");
			continue;
		}
		for (int k = 0; k < i; k++) {
			const struct stmt *b = &p->b->stmts[k];
			const struct kv *bas = b->kind == ST_SIDE ? stmt_kv(b, "as") : NULL;
			if (b->kind == ST_SIDE && fold_same(name, bas ? bas->value : b->u->side.id)) {
				diag_add(p->d, DIAG_DUPLICATE, at, "side '%s' is also the name of side '%s' in its scenario (as=)",
					 a->u->side.id, b->u->side.id);
				break;
			}
		}
	}
}

/* A second scenario or result line, or a second option of the same name. */
static int once(struct parser *p, enum stmt_kind kind, const char *option, struct loc at)
{
	for (int i = 0; i < p->stmt; i++) {
		const struct stmt *s = &p->b->stmts[i];
		if (s->kind != kind || (option && strcmp(s->u->option.name, option) != 0))
			continue;
		return parse_error(p, DIAG_DUPLICATE, at, "%s%s already given at %s:%d",
				option ? "option " : "a ", option ? option : kind == ST_SCENARIO ? "scenario" : "result",
				p->b->src.v[s->file].path, s->line);
	}
	return 0;
}

static int header_only(struct parser *p, struct token *kw)
{
	if (p->section != SEC_HEADER)
		return parse_misplaced(p, kw, "header statements come before the first side");
	return 0;
}

/* scenario = "scenario" STRING [ "source" "=" STRING ] ; */
int declare_scenario(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_SCENARIO, NULL);
	if (header_only(p, kw) < 0 || once(p, ST_SCENARIO, NULL, parse_loc(p, kw)) < 0 ||
	    !(s->u->header.text = parse_string(p, "the scenario's name in quotes")))
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	int n = 0, rc = 0;
	while (rc == 0 && parse_at_kv(p))
		rc = parse_kv(p, scenario_keys, kvs, &n);
	keep_kvs(p, &s->u->header, kvs, n);
	return rc;
}

/* special = "special" STRING ; */
int declare_special(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_SPECIAL, NULL);
	if (header_only(p, kw) < 0)
		return -1;
	s->u->header.text = parse_string(p, "the special rule in quotes");
	return s->u->header.text ? 0 : -1;
}

/* option = "option" WORD "=" WORD ; */
int declare_option(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_OPTION, NULL);
	if (header_only(p, kw) < 0)
		return -1;
	struct token *name = parse_peek(p);
	if (name->kind != TOK_WORD)
		return parse_expected(p, "a rule option name");
	const struct vocab_word *opt = parse_lookup(p, p->v->option, name);
	if (!opt)
		return parse_error(p, DIAG_UNKNOWN_RULES, parse_loc(p, name), "unknown rule option %s in %s",
				parse_found(p, name), p->v->name);
	parse_next(p);
	if (once(p, ST_OPTION, opt->word, parse_loc(p, name)) < 0 ||
	    parse_expect(p, TOK_EQ, "'=' and the option's value") < 0)
		return -1;
	struct token *val = parse_peek(p);
	if (val->kind != TOK_WORD && val->kind != TOK_NUMBER)
		return parse_expected(p, "the option's value");
	if (!vocab_allows(opt, p->text + val->off, val->len))
		return parse_error(p, DIAG_UNKNOWN_RULES, parse_loc(p, val), "option %s takes %s, not %s",
				opt->word, opt->spec, parse_found(p, val));
	parse_next(p);
	s->u->option.name = opt->word;
	s->u->option.value = parse_text_of(p, val);
	for (char *c = (char *)s->u->option.value; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
	return 0;
}

/* result = "result" STRING [ "victor" "=" WORD ] ; */
int declare_result(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_RESULT, NULL);
	if (once(p, ST_RESULT, NULL, parse_loc(p, kw)) < 0 || !(s->u->header.text = parse_string(p, "the result in quotes")))
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	int n = 0, rc = 0;
	while (rc == 0 && parse_at_kv(p))
		rc = parse_kv(p, result_keys, kvs, &n);
	keep_kvs(p, &s->u->header, kvs, n);
	return rc;
}

/* Order of battle */

/* side = "side" WORD { kv | STRING } ; */
int declare_side(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_SIDE, NULL);
	if (p->section == SEC_TURNS)
		return parse_misplaced(p, kw, "sides are declared before the first turn");
	p->section = SEC_ORDER_OF_BATTLE;
	p->side_stmt = p->stmt;
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD)
		return parse_expected(p, "a side id");
	parse_next(p);
	s->u->side.id = parse_text_of(p, t);
	s->u->side.players = -1;
	if (parse_declare_id(p, 'S', s->u->side.id, parse_loc(p, t)) < 0)
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	int n = 0, rc = 0;
	while (rc == 0 && parse_peek(p)->kind != TOK_END) {
		if (parse_at_kv(p))
			rc = parse_kv(p, side_keys, kvs, &n);
		else if (parse_peek(p)->kind == TOK_STRING && !s->u->side.label)
			s->u->side.label = parse_string(p, "the side's label");
		else
			break;
	}
	keep_kvs(p, &s->u->side.attrs, kvs, n);
	if (rc < 0)
		return -1;
	const struct kv *nation = stmt_kv(s, "nation");
	const struct kv *players = stmt_kv(s, "players");
	if (players)
		s->u->side.players = atoi(players->value);
	if (!nation && !p->v->nation)
		return 0;	/* a ruleset without nations */
	if (!nation)
		return parse_error(p, DIAG_MISSING, parse_loc(p, t), "side '%s' has no nation=", s->u->side.id);
	const struct vocab_word *w = vocab_find(p->v, p->v->nation, nation->value, strlen(nation->value));
	if (!w)
		return parse_error(p, DIAG_UNKNOWN_WORD, nation->value_at, "unknown nation '%s'", nation->value);
	s->u->side.nation = w;
	return 0;
}

static int in_order_of_battle(struct parser *p, struct token *kw, const char *what)
{
	char msg[96];
	if (p->section == SEC_ORDER_OF_BATTLE)
		return 0;
	snprintf(msg, sizeof msg, p->section == SEC_HEADER ? "a %s before the first side"
							    : "a %s declared after the first turn", what);
	return parse_misplaced(p, kw, msg);
}

static const char *current_side(struct parser *p)
{
	return p->side_stmt >= 0 ? p->b->stmts[p->side_stmt].u->side.id : NULL;
}

/* Adds an attribute word (canonical) to a declaration's list, once. */
static int add_flag(struct parser *p, const struct vocab_word **flags, int *n_flags, const struct vocab_word *w,
		    struct loc at)
{
	for (int i = 0; i < *n_flags; i++)
		if (flags[i] == w)
			return parse_error(p, DIAG_DUPLICATE, at, "attribute %s given twice", w->word);
	if (*n_flags >= PARSE_MAX_ITEMS)
		return parse_error(p, DIAG_TOO_MANY, at, "more than %d attributes", PARSE_MAX_ITEMS);
	flags[(*n_flags)++] = w;
	return 0;
}

/* leader = "leader" WORD STRING { RATING | LEADER-FLAG | kv } ; */
int declare_leader(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	struct st_leader *l = &battle_body(p->b, s, ST_LEADER, NULL)->leader;
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD)
		return parse_expected(p, "a leader id");
	parse_next(p);
	l->id = parse_text_of(p, t);
	l->id_at = parse_loc(p, t);
	if (parse_declare_id(p, 'L', l->id, l->id_at) < 0)
		return -1;
	if (in_order_of_battle(p, kw, "leader") < 0)
		return -1;
	l->side = current_side(p);
	if (!(l->name = parse_string(p, "the leader's name in quotes")))
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	const struct vocab_word *flags[PARSE_MAX_ITEMS];
	int n = 0, n_flags = 0, rc = 0;
	while (rc == 0 && parse_peek(p)->kind != TOK_END) {
		struct token *w = parse_peek(p);
		const struct vocab_word *vw;
		if (parse_at_kv(p)) {
			rc = parse_kv(p, leader_keys, kvs, &n);
		} else if ((vw = parse_lookup(p, p->v->rating, w))) {
			if (l->rating)
				rc = parse_error(p, DIAG_DUPLICATE, parse_loc(p, w), "a second %s", vocab_cat_name(p->v, p->v->rating));
			l->rating = vw;
			parse_next(p);
		} else if ((vw = parse_lookup(p, p->v->leader_flag, w))) {
			rc = add_flag(p, flags, &n_flags, vw, parse_loc(p, w));
			parse_next(p);
		} else if (w->kind == TOK_WORD) {
			char ratings[256], lflags[256];
			vocab_list(p->v, p->v->leader_flag, lflags, sizeof lflags);	/* before the call: it reads it twice */
			rc = parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, w),
				      "unknown word %s in a leader: expected a %s (%s), %s%sunder=", parse_found(p, w),
				      vocab_cat_name(p->v, p->v->rating), vocab_list(p->v, p->v->rating, ratings, sizeof ratings),
				      lflags, *lflags ? " or " : "");
		} else {
			break;
		}
	}
	keep_kvs(p, &s->u->leader.attrs, kvs, n);
	l->flags = arena_memdup(p->b->arena, flags, n_flags * sizeof *flags);
	l->n_flags = n_flags;
	if (rc < 0)
		return -1;
	const struct kv *under = stmt_kv(s, "under");
	if (under) {
		l->under = under->value;
		l->under_at = under->value_at;
	}
	char ratings[256];
	if (!l->rating)
		return parse_error(p, DIAG_MISSING, l->id_at, "leader '%s' has no %s (%s)", l->id,
				vocab_cat_name(p->v, p->v->rating), vocab_list(p->v, p->v->rating, ratings, sizeof ratings));
	return 0;
}

static bool is_slot(const struct parser *p, int c)
{
	return c < UNIT_SLOTS && p->v->cats[c].role == VR_UNIT_SLOT;
}

/* A unit's slot words by category as its line gives them, while it is
 * read; the unit keeps them as a list in the order written. */
struct slots {
	const struct vocab_word *word[UNIT_SLOTS];
	struct loc at[UNIT_SLOTS];
	int order[UNIT_SLOTS];	/* the categories given, in the order written */
	int n;
};

static void slot_fill(struct slots *sl, const struct vocab_word *word, struct loc at)
{
	sl->word[word->cat] = word;
	sl->at[word->cat] = at;
	sl->order[sl->n++] = word->cat;
}

/* The list the unit keeps, in the battle's arena. */
static void slots_keep(struct parser *p, struct st_unit *u, const struct slots *sl)
{
	struct unit_word *w = arena_alloc(p->b->arena, (size_t)sl->n * sizeof *w);
	for (int i = 0; i < sl->n; i++) {
		int c = sl->order[i];
		w[i] = (struct unit_word){.word = sl->word[c], .at = sl->at[c]};
	}
	u->words = w;
	u->n_words = sl->n;
}

/* A word of a prefix category written joined before a word of the
 * category it prefixes (a word of one glued before a word of the other); 0 if t is not one. */
static int unit_compound(struct parser *p, struct slots *sl, struct token *t, struct loc at)
{
	size_t n_prefixes;
	const int *prefixes = vocab_prefix_words(p->v, &n_prefixes);
	for (size_t i = 0; i < n_prefixes; i++) {
		const struct vocab_word *c = &p->v->words[prefixes ? (size_t)prefixes[i] : i];
		int of = p->v->cats[c->cat].prefix_of;
		if (!of || !is_slot(p, of) || !is_slot(p, c->cat))
			continue;
		size_t n = strlen(c->word);
		if (n >= t->len || !fold_equal(c->word, p->text + t->off, n))
			continue;
		const struct vocab_word *g = vocab_find(p->v, of, p->text + t->off + n, t->len - n);
		if (!g)
			continue;
		if (sl->word[of] || sl->word[c->cat])
			return parse_error(p, DIAG_DUPLICATE, at, "a second %s %s", vocab_cat_name(p->v, of), parse_found(p, t));
		slot_fill(sl, c, at);
		slot_fill(sl, g, at);
		return 1;
	}
	return 0;
}

/* "an arm, experience, ... or unit attribute": what a unit's words may be. */
static const char *unit_word_cats(const struct parser *p, char *out, size_t size)
{
	size_t n = 0;
	int last = 0;
	for (int c = VC_NONE + 1; c < p->v->n_cats; c++)
		if (p->v->cats[c].role != VR_OTHER)
			last = c;
	for (int c = VC_NONE + 1; c < p->v->n_cats && n < size; c++)
		if (p->v->cats[c].role != VR_OTHER)
			n += (size_t)snprintf(out + n, size - n, "%s%s", !n ? (strchr("aeiou", p->v->cats[c].name[0]) ? "an " : "a ")
									     : c == last ? " or " : ", ",
					      p->v->cats[c].name);
	return out;
}

/* Classifies a word of a unit declaration into its category. */
static int unit_word(struct parser *p, struct st_unit *u, struct slots *sl, struct token *t,
		     const struct vocab_word **flags, int *n_flags)
{
	struct loc at = parse_loc(p, t);
	for (int c = VC_NONE + 1; c < p->v->n_cats; c++) {
		const struct vocab_word *w = is_slot(p, c) ? parse_lookup(p, c, t) : NULL;
		if (!w)
			continue;
		if (sl->word[c])
			return parse_error(p, DIAG_DUPLICATE, at, "a second %s %s (already %s)",
					vocab_cat_name(p->v, c), parse_found(p, t), sl->word[c]->word);
		slot_fill(sl, w, at);
		return 0;
	}
	int rc = unit_compound(p, sl, t, at);
	if (rc)
		return rc < 0 ? -1 : 0;
	for (int c = VC_NONE + 1; c < p->v->n_cats; c++) {
		const struct vocab_word *f = p->v->cats[c].role == VR_UNIT_FLAG ? parse_lookup(p, c, t) : NULL;
		if (f)
			return add_flag(p, flags, n_flags, f, at);
	}
	if (parse_is_word(p, t, "carry")) {
		u->carry = true;
		return 0;
	}
	char cats[512];
	return parse_error(p, DIAG_UNKNOWN_WORD, at, "unknown word %s in a unit: expected %s of %s", parse_found(p, t),
			unit_word_cats(p, cats, sizeof cats), p->v->name);
}

/* Whether a word the unit gives makes slot category c unnecessary. */
static bool waived(const struct parser *p, const struct slots *sl, int c)
{
	for (int k = VC_NONE + 1; k < p->v->n_cats && k < UNIT_SLOTS; k++) {
		const struct vocab_word *w = sl->word[k];
		if (w && w->waives == c)
			return true;
	}
	return false;
}

static int unit_complete(struct parser *p, struct st_unit *u, const struct slots *sl)
{
	for (int c = VC_NONE + 1; c < p->v->n_cats; c++) {
		char words[256];
		if (is_slot(p, c) && p->v->cats[c].required && !sl->word[c] && !waived(p, sl, c))
			return parse_error(p, DIAG_MISSING, u->id_at, "unit '%s' has no %s (%s)", u->id,
					vocab_cat_name(p->v, c), vocab_list(p->v, c, words, sizeof words));
	}
	if (u->stands < 0)
		return parse_error(p, DIAG_MISSING, u->id_at, "unit '%s' has no stands=", u->id);
	return 0;
}

/* unit = "unit" WORD STRING { unit-word | kv | "carry" } ; */
int declare_unit(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	struct st_unit *u = &battle_body(p->b, s, ST_UNIT, NULL)->unit;
	u->stands = -1;
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD)
		return parse_expected(p, "a unit id");
	parse_next(p);
	u->id = parse_text_of(p, t);
	u->id_at = parse_loc(p, t);
	if (parse_declare_id(p, 'U', u->id, u->id_at) < 0)
		return -1;
	if (in_order_of_battle(p, kw, "unit") < 0)
		return -1;
	u->side = current_side(p);
	if (!(u->name = parse_string(p, "the unit's name in quotes")))
		return -1;
	struct kv kvs[PARSE_MAX_ITEMS];
	const struct vocab_word *flags[PARSE_MAX_ITEMS];
	struct slots sl = {.n = 0};
	int n = 0, n_flags = 0, rc = 0;
	while (rc == 0 && parse_peek(p)->kind != TOK_END) {
		struct token *w = parse_peek(p);
		if (parse_at_kv(p))
			rc = parse_kv(p, unit_keys, kvs, &n);
		else if (w->kind == TOK_WORD || w->kind == TOK_NUMBER)
			rc = unit_word(p, u, &sl, parse_next(p), flags, &n_flags);
		else
			break;
	}
	keep_kvs(p, &s->u->unit.attrs, kvs, n);
	slots_keep(p, u, &sl);
	u->flags = arena_memdup(p->b->arena, flags, n_flags * sizeof *flags);
	u->n_flags = n_flags;
	const struct kv *stands = stmt_kv(s, "stands");
	const struct kv *cmd = stmt_kv(s, "cmd");
	const struct kv *as = stmt_kv(s, "as");
	const struct kv *original = stmt_kv(s, "original");
	if (stands)
		u->stands = atoi(stands->value);
	u->original = original ? atoi(original->value) : -1;
	if (cmd) {
		u->cmd = cmd->value;
		u->cmd_at = cmd->value_at;
	}
	if (as)
		u->as = as->value;
	if (rc < 0)
		return -1;
	return unit_complete(p, u, &sl);
}

/* Turns and phases */

/* condition = CONDITION [ NUMBER ] [ WORD ] ; as the condition word's entry says */
static int parse_condition(struct parser *p, struct st_turn *t)
{
	const struct vocab_word *w = parse_want_word(p, p->v->condition);
	if (!w)
		return -1;
	t->cond = w;
	if (w->num_max && parse_number(p, w->num_what, 1, w->num_max, &t->cond_num) < 0)
		return -1;
	return w->arg ? parse_word(p, w->arg, &t->cond_word) : 0;
}

/* Whether the ruleset's phase word takes a mode (phase WORD MODE). */
static bool has_modes(const struct vocab *v, const char *phase)
{
	for (size_t i = 0; i < v->n_phases; i++)
		if (strcmp(v->phases[i].word, phase) == 0 && v->phases[i].mode)
			return true;
	return false;
}

/* turn = "turn" NUMBER [ WORD ] [ condition ] ; */
int declare_turn(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	struct st_turn *t = &battle_body(p->b, s, ST_TURN, NULL)->turn;
	if (p->section == SEC_HEADER)
		return parse_misplaced(p, kw, "a turn before any side is declared");
	p->section = SEC_TURNS;
	struct token *num = parse_peek(p);
	if (parse_number(p, "the turn number", 1, 9999, &t->number) < 0)
		return -1;
	if (p->turn && t->number != p->turn + 1)
		parse_warn(p, DIAG_TURN_ORDER, parse_loc(p, num), "turn %d follows turn %d", t->number, p->turn);
	p->turn = t->number;
	p->phase = NULL;
	p->phase_rank = 0;
	p->phase_unknown = false;
	p->last_event = -1;
	struct token *w = parse_peek(p);
	if (w->kind == TOK_WORD && !parse_lookup(p, p->v->condition, w) && p->v->simultaneous)
		return parse_error(p, DIAG_MISPLACED, parse_loc(p, w), "a turn of %s belongs to both sides (%s): "
				"write `turn %d` without a side", p->v->name, p->v->simultaneous, t->number);
	if (w->kind == TOK_WORD && !parse_lookup(p, p->v->condition, w)) {
		struct span at;
		t->side = parse_id(p, 'S', &at, NULL);
	}
	if (parse_peek(p)->kind == TOK_WORD)
		return parse_condition(p, t);
	return 0;
}

/* phase = "phase" PHASE [ MODE ] ; a mode where the ruleset's phase has them */
int declare_phase(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_PHASE, NULL);
	if (p->section != SEC_TURNS)
		return parse_before_first_turn(p, kw, "a phase");
	struct token *t = parse_peek(p);
	p->phase_unknown = true;	/* until this line parses */
	p->last_event = -1;
	const struct vocab_word *pw = parse_want_word(p, p->v->phase);
	if (!pw)
		return -1;
	const char *phase = s->u->phase.phase = pw->word;
	if (has_modes(p->v, phase) && parse_peek(p)->kind == TOK_WORD) {
		const struct vocab_word *mode = parse_want_word(p, p->v->phase_mode);
		if (!mode)
			return -1;
		s->u->phase.mode = mode->word;
	}
	p->phase_unknown = false;
	const struct vocab_phase *ph = vocab_phase_of(p->v, phase, s->u->phase.mode);
	s->u->phase.bit = ph ? ph->bit : 0;
	int rank = ph ? ph->rank : p->phase_rank;
	if (rank < p->phase_rank)
		parse_warn(p, DIAG_PHASE_ORDER, parse_loc(p, t), "phase %s%s%s after a later phase of turn %d",
			phase, s->u->phase.mode ? " " : "", s->u->phase.mode ? s->u->phase.mode : "", p->turn);
	p->phase_rank = rank;
	p->phase = phase;
	return 0;
}

/* ruling-verb = "accept" | "override" ; the umpire's words, in every ruleset */
static int want_ruling_verb(struct parser *p, enum ruling_verb *verb)
{
	struct token *t = parse_peek(p);
	for (int v = 0; v < RULING_VERBS; v++)
		if (t->kind == TOK_WORD && parse_is_word(p, t, ruling_verb_names[v])) {
			parse_next(p);
			*verb = (enum ruling_verb)v;
			return 0;
		}
	if (t->kind != TOK_WORD)
		return parse_expected(p, "a ruling");
	return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, t), "unknown ruling %s: expected %s or %s", parse_found(p, t),
			ruling_verb_names[RULING_ACCEPT], ruling_verb_names[RULING_OVERRIDE]);
}

/* Whether a unit an event names is the one a token spells (in any case,
 * as ids match): shape_reader.named. */
struct naming {
	struct parser *p;
	const struct token *t;
	bool found;
};

static void name_matches(void *ctx, char kind, const char *id)
{
	struct naming *n = ctx;
	n->found |= kind == 'U' && id && parse_is_word(n->p, n->t, id);	/* NULL: a part that did not parse */
}

/* The event a repeat (a reroll) on statement at repeats: the last before
 * it of the shape it repeats, over other repeats and the lines between;
 * NULL for one that is no repeat or follows none (said where it stands). */
static const struct event *repeated_before(const struct parser *p, int at)
{
	const struct shape *shape = p->b->stmts[at].u->event.def->shape;
	for (int i = at - 1; shape->repeats && i >= 0; i--) {
		const struct stmt *s = &p->b->stmts[i];
		if (s->kind == ST_TURN || s->kind == ST_PHASE)
			return NULL;
		if (s->kind != ST_EVENT || s->u->event.def->shape == shape)
			continue;
		return s->u->event.def->shape == shape->repeats ? &s->u->event : NULL;
	}
	return NULL;
}

/* Whether the event on statement at names a unit whose id token t spells
 * (a reroll: the clash it repeats does), and its shape takes a ruling's
 * override. */
static bool event_names_unit(struct parser *p, int at, const struct token *t)
{
	const struct event *ev = &p->b->stmts[at].u->event;
	struct naming n = {.p = p, .t = t};
	if (ev->def->shape->override)
		ev->def->shape->read(ev, repeated_before(p, at), &(struct shape_reader){.ctx = &n, .named = name_matches});
	return n.found;
}

/* The unit a ruling names first, before its claim, when it is one of the
 * ruled event's: "ruling override tampico well-handled".  0, or -1 after an
 * error for a unit of the battle that the event does not name. */
static int parse_ruling_unit(struct parser *p, struct stmt *s, int ruled)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD)
		return 0;
	if (!event_names_unit(p, ruled, t)) {
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)t->len, p->text + t->off);	/* cut to word's size */
		if (battle_find(p->b, 'U', word))
			return parse_error(p, DIAG_EXPECTED, parse_loc(p, t), "%s is not in the event on line %d that this ruling settles",
					word, p->b->stmts[ruled].line);
		return 0;
	}
	s->u->ruling.unit = parse_text_of(p, t);	/* as written: fmt keeps the spelling */
	s->u->ruling.unit_at = parse_span_of(t);
	parse_next(p);
	return 0;
}

/* ruling = "ruling" ( "accept" | "override" ) [ UNIT ] claim "by" "=" ( WORD | STRING ) STRING ; */
int declare_ruling(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_RULING, NULL);
	if (p->last_event < 0)	/* after a line that failed: said there */
		return p->prev_failed ? -1 : parse_misplaced(p, kw, "a ruling must follow the event it settles");
	s->u->ruling.event = p->last_event;
	if (want_ruling_verb(p, &s->u->ruling.verb) < 0)
		return -1;
	const struct vocab_event *ruled = p->b->stmts[p->last_event].u->event.def;
	struct kv kvs[PARSE_MAX_ITEMS];
	int n = 0, rc = parse_ruling_unit(p, s, p->last_event);
	while (rc == 0 && parse_peek(p)->kind != TOK_END) {
		struct token *t = parse_peek(p);
		if (parse_at_kv(p) && !parse_is_word(p, t, "loss") && !parse_is_tally(p, ruled, t))	/* by=; loss= and tallies claim */
			rc = parse_kv(p, ruling_keys, kvs, &n);
		else if (t->kind == TOK_STRING && !s->u->ruling.attrs.text)
			s->u->ruling.attrs.text = parse_string(p, "the reason");
		else if (t->kind == TOK_WORD || t->kind == TOK_EQ || parse_at_kv(p))
			rc = parse_ruling_claim(p, ruled, &s->u->ruling.claim);
		else
			break;
		if (s->u->ruling.claim.n_mods)
			rc = parse_error(p, DIAG_EXPECTED, parse_place(p, s->u->ruling.claim.mods[0].at),
				      "a ruling names an effect or loss=, not modifiers");
	}
	keep_kvs(p, &s->u->ruling.attrs, kvs, n);
	if (rc < 0)
		return -1;
	if (!stmt_kv(s, "by"))
		return parse_error(p, DIAG_MISSING, parse_loc(p, kw), "a ruling names its umpire with by=");
	if (!s->u->ruling.attrs.text)
		return parse_error(p, DIAG_MISSING, parse_loc(p, kw), "a ruling gives its reason in quotes");
	return 0;
}

/* The leader symbol l names as superior through under=, or -1. */
static int superior(const struct parser *p, int leader)
{
	const struct st_leader *l = &p->b->stmts[p->b->syms[leader].stmt].u->leader;
	const struct sym *s = l->under ? battle_find(p->b, 'L', l->under) : NULL;
	return s && s->kind == 'L' ? (int)(s - p->b->syms) : -1;
}

/* A leader may not be his own superior through under= (the chain of command
 * the audit follows for provisional command).  Each chain is walked once:
 * a walk stops at a leader an earlier walk finished, and a leader met
 * twice in one walk closes a cycle, whose every member is reported in the
 * order they were declared. */
static void check_chain_of_command(struct parser *p)
{
	enum { UNSEEN, WALKING, DONE, CYCLE };
	int n = p->b->n_syms;
	unsigned char *mark = xcalloc((size_t)n + 1, 1);
	for (int i = 0; i < n; i++) {
		if (p->b->syms[i].kind != 'L' || mark[i] != UNSEEN)
			continue;
		int at = i;
		while (at >= 0 && mark[at] == UNSEEN) {
			mark[at] = WALKING;
			at = superior(p, at);
		}
		if (at >= 0 && mark[at] == WALKING)	/* back on this walk: a cycle */
			for (int c = at; mark[c] == WALKING; c = superior(p, c))
				mark[c] = CYCLE;
		for (int w = i; w >= 0 && mark[w] == WALKING; w = superior(p, w))
			mark[w] = DONE;
	}
	for (int i = 0; i < n; i++) {
		if (mark[i] != CYCLE)
			continue;
		const struct st_leader *l = &p->b->stmts[p->b->syms[i].stmt].u->leader;
		diag_add(p->d, DIAG_COMMAND_CYCLE, l->under_at,
			 "'%.64s' is above himself in the chain of command", l->id);
	}
	free(mark);
}

/* A side must declare a unit (units with errors count: they are declared).
 * A unit belongs to the side line read last before it, so one pass in
 * statement order settles every side. */
static void check_empty_sides(struct parser *p)
{
	bool *declares = xcalloc((size_t)p->b->n_stmts + 1, sizeof *declares);
	for (int j = 0; j < p->b->n_syms; j++)
		if (p->b->syms[j].kind == 'U')
			declares[p->b->syms[j].stmt] = true;
	int side = -1;		/* the current side statement */
	bool units = false;	/* has it a unit yet */
	for (int i = 0; i <= p->b->n_stmts; i++) {
		const struct stmt *s = i < p->b->n_stmts ? &p->b->stmts[i] : NULL;
		if (s && declares[i] && side >= 0 && s->u->unit.side == p->b->stmts[side].u->side.id)
			units = true;
		if (s && s->kind != ST_SIDE)
			continue;
		if (side >= 0 && !units) {
			const struct stmt *e = &p->b->stmts[side];
			diag_add(p->d, DIAG_EMPTY_SIDE, (struct loc){e->file, e->line, 1, 4},
				 "side '%s' declares no unit", e->u->side.id);
		}
		side = i;
		units = false;
	}
	free(declares);
}


/* Whole-battle checks of the declarations once every line is read. */
void declare_finish(struct parser *p)
{
	if (!p->degraded)
		check_empty_sides(p);
	check_chain_of_command(p);
	check_scenario_sides(p);
	for (int i = 0; i < p->b->n_stmts; i++) {
		const struct kv *victor = stmt_kv(&p->b->stmts[i], "victor");
		if (p->b->stmts[i].kind == ST_RESULT && victor && !battle_find(p->b, 'S', victor->value) &&
		    strcmp(victor->value, "draw") != 0 && !p->degraded)	/* the side may be in the include that failed */
			diag_add(p->d, DIAG_UNKNOWN_ID, victor->value_at, "unknown side '%.64s'", victor->value);
	}
}
