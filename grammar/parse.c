/* parse: recursive descent over the tokens of one line at a time.
 *
 * This file is the driver (files, includes, lines, the dispatch on a
 * line's first word, sessions, the checks once every line is read) and the
 * reading calls parse.h offers the shapes; declare.c reads the statements
 * that are not events, shape.c the events.  The productions in the
 * comments are those of docs/notation.md.  A parse function returns 0, or
 * -1 after reporting an error; the line is then recorded as ST_ERROR and
 * parsing resumes at the next line. */
#include "parse.h"

#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "declare.h"
#include "fold.h"
#include "near.h"
#include "parser.h"
#include "xalloc.h"

enum {
	MAX_INCLUDE_DEPTH = 16,
	MAX_DICE = 64,		/* dice in one roll: d6[3,6,...], up to one for each figure of a unit */
};

/* Tokens and positions */

struct token *parse_peek(struct parser *p)
{
	return &p->tok[p->pos];
}

static struct token *peek2(struct parser *p)
{
	return p->pos + 1 < p->n_tok ? &p->tok[p->pos + 1] : &p->tok[p->n_tok - 1];
}

struct token *parse_next(struct parser *p)
{
	struct token *t = &p->tok[p->pos];
	if (t->kind != TOK_END)
		p->pos++;
	return t;
}

struct span parse_span_of(const struct token *t)
{
	return (struct span){t->col, t->ncols > 0 ? t->ncols : 1};
}

struct span parse_span_across(const struct token *a, const struct token *b)
{
	return (struct span){a->col, b->col + b->ncols - a->col};
}

struct loc parse_place(const struct parser *p, struct span sp)
{
	return (struct loc){p->file, p->line, sp.col, sp.len};
}

struct loc parse_loc(const struct parser *p, const struct token *t)
{
	return parse_place(p, parse_span_of(t));
}

/* The place from token a to token b inclusive. */
struct loc parse_range(const struct parser *p, const struct token *a, const struct token *b)
{
	return parse_place(p, parse_span_across(a, b));
}

char *parse_text_of(struct parser *p, const struct token *t)
{
	return arena_strndup(p->b->arena, p->text + t->off, t->len);
}

bool parse_is_word(struct parser *p, const struct token *t, const char *word)
{
	const char *s = p->text + t->off;
	return t->kind == TOK_WORD && fold_equal(s, word, t->len) && word[t->len] == '\0';
}

/* "'foo'", "end of line", "number 7": what was found, for messages. */
const char *parse_found(struct parser *p, const struct token *t)
{
	static char buf[96];
	switch (t->kind) {
	case TOK_END:
		return "end of line";
	case TOK_STRING:
		return "a quoted string";
	case TOK_FACE:
		return "a die face";
	default: {
		int n = t->len > 40 ? 40 : (int)t->len;
		snprintf(buf, sizeof buf, "'%.*s'", n, p->text + t->off);
		return buf;
	}
	}
}

int parse_error(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...)
	UMPIRE_PRINTF(4, 5);

int parse_error(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...)
{
	if (p->quiet || (p->degraded && code == DIAG_MISPLACED))
		return -1;	/* nothing invented after an error */
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(p->d, code, at, "%s", msg);
	return -1;
}

void parse_warn(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...)
	UMPIRE_PRINTF(4, 5);

/* A warning, unless the line is being read quietly. */
void parse_warn(struct parser *p, enum diag_code code, struct loc at, const char *fmt, ...)
{
	if (p->quiet)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_add(p->d, code, at, "%s", msg);
}

/* "expected WHAT, found X" at the current token. */
int parse_expected(struct parser *p, const char *what)
{
	struct token *t = parse_peek(p);
	return parse_error(p, DIAG_EXPECTED, parse_loc(p, t), "expected %s, found %s", what, parse_found(p, t));
}

int parse_expect(struct parser *p, enum token_kind kind, const char *what)
{
	if (parse_peek(p)->kind != kind)
		return parse_expected(p, what);
	parse_next(p);
	return 0;
}

bool parse_at_kv(struct parser *p)
{
	const struct token *k = parse_peek(p), *eq = peek2(p);	/* KEY=VALUE has no space: "word =6" is a word and a total */
	return k->kind == TOK_WORD && eq->kind == TOK_EQ && eq->off == k->off + k->len;
}

/* Vocabulary */

const struct vocab_word *parse_lookup(struct parser *p, int cat, const struct token *t)
{
	if (t->kind != TOK_WORD && t->kind != TOK_NUMBER)
		return NULL;
	return vocab_find(p->v, cat, p->text + t->off, t->len);
}

/* The word of cat nearest to a misspelt token, or NULL. */
static const char *nearest_text(const struct parser *p, int cat, const char *text, size_t len)
{
	for (size_t i = 0; i < p->v->n_words; i++) {
		const struct vocab_word *w = &p->v->words[i];
		if (w->cat == cat && near_miss(text, len, w->word, strlen(w->word)))
			return w->canon ? w->canon : w->word;
	}
	return NULL;
}

static const char *parse_nearest_word(const struct parser *p, int cat, const struct token *t)
{
	return nearest_text(p, cat, p->text + t->off, t->len);
}

/* A word of cat, or an unknown-word error naming the category. */
const struct vocab_word *parse_want_word(struct parser *p, int cat)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD) {
		char what[64];
		snprintf(what, sizeof what, "a %s", vocab_cat_name(p->v, cat));
		parse_expected(p, what);
		return NULL;
	}
	const struct vocab_word *w = parse_lookup(p, cat, t);
	if (!w) {
		const char *hint = parse_nearest_word(p, cat, t);
		parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, t), "unknown %s %s in %s%s%s%s", vocab_cat_name(p->v, cat),
			 parse_found(p, t), p->v->name, hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
		return NULL;
	}
	parse_next(p);
	return w;
}

/* want_word, keeping the word's canonical entry in *word; -1 after an
 * error. */
int parse_word(struct parser *p, int cat, const struct vocab_word **word)
{
	return (*word = parse_want_word(p, cat)) ? 0 : -1;
}

/* Ids and their uses */

static const char *parse_kind_name(char kind)
{
	return kind == 'U' ? "unit" : kind == 'L' ? "leader" : "side";
}

static void note_use(struct parser *p, const char *id, char kind, struct loc at)
{
	if (p->n_uses == p->cap_uses) {
		p->cap_uses = p->cap_uses ? p->cap_uses * 2 : 64;
		p->uses = xrealloc(p->uses, p->cap_uses * sizeof *p->uses);
	}
	p->uses[p->n_uses++] = (struct use){id, kind, at, p->stmt};
}

/* The id parse_id reads; *sym: its symbol's index + 1, 0 for one not
 * declared yet. */
static const char *read_id(struct parser *p, char kind, struct span *at, int *sym)
{
	*sym = 0;
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD) {
		char what[32];
		snprintf(what, sizeof what, "a %s id", parse_kind_name(kind));
		parse_expected(p, what);
		return NULL;
	}
	parse_next(p);
	*at = parse_span_of(t);
	/* an id declared already is used in its declared spelling, as fmt
	 * prints it: the audit, its JSON and the archive name one unit one way;
	 * such a use is right as it stands, any other is checked at the end */
	const struct sym *s = battle_find_n(p->b, kind, p->text + t->off, t->len);
	if (s && s->kind == kind) {
		*sym = (int)(s - p->b->syms) + 1;
		return s->id;
	}
	const char *id = parse_text_of(p, t);
	note_use(p, id, kind, parse_place(p, *at));
	return id;
}

/* id = WORD ; a unit, leader or side named on this line. */
const char *parse_id(struct parser *p, char kind, struct span *at, int *sym)
{
	int found;
	return read_id(p, kind, at, sym ? sym : &found);
}

/* Registers a declaration; a duplicate is reported (-1) and the first kept. */
int parse_declare_id(struct parser *p, char kind, const char *id, struct loc at)
{
	const struct sym *old = battle_find(p->b, kind, id);
	if (!old) {
		battle_declare(p->b, kind, id, p->stmt);
		return 0;
	}
	const struct stmt *s = &p->b->stmts[old->stmt];
	const char *first = p->b->src.v[s->file].path;
	if (s->line == at.line && strcmp(first, p->b->src.v[at.file].path) == 0)
		return parse_error(p, DIAG_DUPLICATE_ID, at, "duplicate %s id '%.64s': %s is included twice",
				parse_kind_name(kind), id, first);
	return parse_error(p, DIAG_DUPLICATE_ID, at, "duplicate %s id '%.64s', first declared at %s:%d",
			parse_kind_name(kind), id, first, s->line);
}

/* The declared id of this kind nearest to a misspelt one, or NULL. */
static const char *nearest_id(const struct parser *p, char kind, const char *id)
{
	size_t n = strlen(id);
	for (int i = 0; i < p->b->n_syms; i++) {
		const struct sym *y = &p->b->syms[i];
		size_t m = strlen(y->id);
		size_t shorter = n < m ? n : m;	/* USA for US, MEXICO for MEX: short ids, one a prefix */
		bool prefix = shorter >= 2 && (n > m ? n - m : m - n) <= 3 && fold_equal(id, y->id, shorter);
		if (y->kind == kind && (prefix || near_miss(id, n, y->id, m)))
			return y->id;
	}
	return NULL;
}

/* Checks every use from the first-th on against the declarations, in file
 * order. */
static void check_uses(struct parser *p, int first)
{
	for (int i = first; i < p->n_uses; i++) {
		const struct use *u = &p->uses[i];
		const struct sym *s = battle_find(p->b, u->kind, u->id);
		if (!s && p->degraded)
			continue;	/* may be declared in the file that could not be read */
		if (!s) {
			const char *hint = nearest_id(p, u->kind, u->id);
			diag_add(p->d, DIAG_UNKNOWN_ID, u->at, "unknown %s '%.64s'%s%.64s%s", parse_kind_name(u->kind), u->id,
				 hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
		}
		else if (s->kind != u->kind)
			diag_add(p->d, DIAG_WRONG_KIND, u->at, "'%.64s' is a %s, expected a %s", u->id,
				 parse_kind_name(s->kind), parse_kind_name(u->kind));
		else if (s->stmt > u->stmt && u->kind != 'S')
			diag_add(p->d, DIAG_BEFORE_DECL, u->at, "%s '%.64s' is used before its declaration at line %d",
				 parse_kind_name(u->kind), u->id, p->b->stmts[s->stmt].line);
	}
}

/* Numbers, faces, strings */

/* The number a NUMBER, SIGNED or MOD token spells, as written (the lexer's
 * value saturates past nine digits: quoting it would misquote the log),
 * cut after 24 characters. */
static const char *number_as_written(struct parser *p, const struct token *t)
{
	size_t len = t->kind == TOK_MOD ? t->sub_off - t->off : t->len;
	char *s = arena_alloc(p->b->arena, 28);
	snprintf(s, 28, "%.*s%s", (int)(len > 24 ? 24 : len), p->text + t->off, len > 24 ? "..." : "");
	return s;
}

/* n as a message quotes it: past nine digits the lexer's value is not what
 * the log says, so it shows as the bound it passed, "999999999+". */
static const char *saturated(struct parser *p, long n)
{
	if (n == LEX_NUM_HUGE || n == -LEX_NUM_HUGE)
		return n > 0 ? "999999999+" : "-999999999-";
	char *s = arena_alloc(p->b->arena, 24);
	snprintf(s, 24, "%ld", n);
	return s;
}

int parse_number(struct parser *p, const char *what, int lo, int hi, int *out)
{
	struct token *t = parse_peek(p);
	/* -1 is a number out of range; +1 is no plain number */
	if (t->kind != TOK_NUMBER && !(t->kind == TOK_SIGNED && t->num < 0))
		return parse_expected(p, what);
	parse_next(p);
	if (t->num < lo || t->num > hi)
		return parse_error(p, DIAG_OUT_OF_RANGE, parse_loc(p, t), "%s: %s is out of range (%d-%d)", what,
				number_as_written(p, t), lo, hi);
	*out = (int)t->num;
	return 0;
}

/* A signed or plain number within lo..hi; for totals, differences and
 * adjustments. */
int parse_signed(struct parser *p, const char *what, int lo, int hi, int *out)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_NUMBER && t->kind != TOK_SIGNED)
		return parse_expected(p, what);
	parse_next(p);
	if (t->num < lo || t->num > hi)
		return parse_error(p, DIAG_OUT_OF_RANGE, parse_loc(p, t), "%s: %s is out of range (%+d to %+d)", what,
				number_as_written(p, t), lo, hi);
	*out = (int)t->num;
	return 0;
}

/* One face of a d`die`, checked: 0 on a d10 stands for 10. */
static int face_value(struct parser *p, struct loc at, int die, long written, int *out)
{
	int value = written == 0 && die == 10 ? 10 : (int)written;
	if (written < 1 - (die == 10) || written > die)
		return parse_error(p, DIAG_OUT_OF_RANGE, at, "face %s is outside a d%d (1-%d)",
				saturated(p, written), die, die);
	*out = value;
	return 0;
}

/* face = [ "d" NUMBER ] "[" NUMBER { "," NUMBER } "]" ; a d10 face 0 stands
 * for 10; at most max dice (the event's vocab_event.dice, 1 elsewhere). */
int parse_dice(struct parser *p, struct face *f, int max)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_FACE)
		return parse_expected(p, "a die face such as [7]");
	parse_next(p);
	int die = t->die >= 0 ? t->die : p->v->die;
	f->die = t->die == p->v->die || t->die < 0 ? 0 : t->die;
	f->at = parse_span_of(t);
	struct loc at = parse_loc(p, t);
	if (die < 2 || die > 100)
		return parse_error(p, DIAG_OUT_OF_RANGE, at, "a d%s is no die umpire knows (d2-d100)", saturated(p, die));
	int dice[MAX_DICE];
	int n = 0;
	const char *s = p->text + t->sub_off, *end = s + t->sub_len;
	long written = t->num;
	for (;;) {
		if (n == MAX_DICE || n == max)
			return max > 1 ? parse_error(p, DIAG_TOO_MANY, at, "more than %d dice in one roll", max)
				       : parse_error(p, DIAG_TOO_MANY, at, "one die is rolled here; several faces are written");
		if (face_value(p, at, die, written, &dice[n++]) < 0)
			return -1;
		while (s < end && *s != ',')
			s++;
		if (s == end)
			break;
		s++;
		while (*s == ' ' || *s == '\t')
			s++;
		char *after;
		written = strtol(s, &after, 10);
		if (after - s > 9)
			written = LEX_NUM_HUGE;
		s = after;
	}
	f->value = dice[0];
	f->n = n;
	f->dice = arena_memdup(p->b->arena, dice, (size_t)n * sizeof *dice);
	return 0;
}

int parse_face(struct parser *p, struct face *f)
{
	return parse_dice(p, f, 1);
}

/* The contents of a STRING token: \" and \\ unescaped, any other
 * backslash kept as it is. */
char *parse_string_value(struct parser *p, const struct token *t)
{
	char *s = arena_alloc(p->b->arena, t->sub_len + 1);
	size_t n = 0;
	for (size_t i = 0; i < t->sub_len; i++) {
		char c = p->text[t->sub_off + i];
		char after = i + 1 < t->sub_len ? p->text[t->sub_off + i + 1] : '\0';
		if (c == '\\' && (after == '"' || after == '\\'))
			c = p->text[t->sub_off + ++i];
		s[n++] = c;
	}
	s[n] = '\0';
	return s;
}

const char *parse_string(struct parser *p, const char *what)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_STRING) {
		parse_expected(p, what);
		return NULL;
	}
	parse_next(p);
	return parse_string_value(p, t);
}

struct stmt *parse_cur(struct parser *p)
{
	return &p->b->stmts[p->stmt];
}

int parse_misplaced(struct parser *p, const struct token *t, const char *why)
{
	return parse_error(p, DIAG_MISPLACED, parse_loc(p, t), "%s", why);
}

/* A statement of the turns before the first turn line: said once (a
 * misspelt turn line would otherwise bring an error on every line after
 * it), the later ones fail quietly. */
int parse_before_first_turn(struct parser *p, const struct token *t, const char *what)
{
	if (p->told_no_turn)
		return -1;
	p->told_no_turn = true;
	return parse_error(p, DIAG_MISPLACED, parse_loc(p, t), "%s before the first turn; the lines after it that "
			"need a turn are not reported", what);
}

/* include = "include" STRING ; */
static int parse_file_into(struct parser *p, int file);

/* The parser's state for the line being read, saved across an include. */
struct line_state {
	const char *text;
	struct token tok[MAX_TOKENS + 1];	/* and the end of the line */
	int n_tok, pos, stmt;
};

/* Parses an included file, then restores the including line. */
static int parse_nested(struct parser *p, int file)
{
	struct line_state *saved = xmalloc(sizeof *saved);
	saved->text = p->text;
	memcpy(saved->tok, p->tok, sizeof p->tok);
	saved->n_tok = p->n_tok;
	saved->pos = p->pos;
	saved->stmt = p->stmt;
	int rc = parse_file_into(p, file);
	p->text = saved->text;
	memcpy(p->tok, saved->tok, sizeof p->tok);
	p->n_tok = saved->n_tok;
	p->pos = saved->pos;
	p->stmt = saved->stmt;
	free(saved);
	return rc;
}

static bool in_chain(struct parser *p, const char *path)
{
	char *want = realpath(path, NULL);
	bool hit = false;
	for (int f = p->file; f >= 0 && !hit; f = p->b->src.v[f].included_at.file) {
		char *have = realpath(p->b->src.v[f].path, NULL);
		hit = want && have ? strcmp(want, have) == 0 : strcmp(path, p->b->src.v[f].path) == 0;
		free(have);
	}
	free(want);
	return hit;
}

/* An included file the caller gives (parse_opts.read_include): its index,
 * or -1 with a message in *err. */
static int include_given(struct parser *p, const char *path, struct loc at, char **err)
{
	size_t len = 0;
	const char *text = p->opts->read_include(p->opts->read_include_ctx, path, &len);
	if (!text) {
		size_t n = strlen(path) + 64;
		*err = xmalloc(n);
		snprintf(*err, n, "'%s' is not among the battle's files", path);
		return -1;
	}
	return sources_add_text(&p->b->src, path, text, len, at);
}

/* The files from the top one down to file, as "a.battle -> b.oob". */
static void chain_text(const struct parser *p, int file, struct buf *out)
{
	if (file < 0)
		return;
	int up = p->b->src.v[file].included_at.file;
	chain_text(p, up, out);
	buf_printf(out, "%s%s", up >= 0 ? " -> " : "", p->b->src.v[file].path);
}

/* include = "include" STRING ;  charts = "charts" STRING ;
 * A chart file is read as an include is, from the same folders, and its
 * lines against the ruleset's chart specs (chart.h). */
static int parse_include(struct parser *p, struct token *kw)
{
	struct stmt *s = parse_cur(p);
	battle_body(p->b, s, ST_INCLUDE, NULL);
	s->u->include.file = -1;
	s->u->include.charts = kw->len == 6;	/* "charts" */
	struct token *t = parse_peek(p);
	const char *name = parse_string(p, s->u->include.charts ? "the chart file's path in quotes"
							       : "the included file's path in quotes");
	/* an include line in error reads nothing: what it would declare is not
	 * reported missing, as when the file itself cannot be read */
	if (!name) {
		p->degraded = true;
		return -1;
	}
	s->u->include.path = name;
	if (parse_peek(p)->kind != TOK_END) {
		p->degraded = true;
		return 0;	/* the caller reports the trailing text */
	}
	struct loc at = parse_loc(p, t);
	char *path = source_join(p->b->src.v[p->file].path, name);
	int rc = 0;
	if (in_chain(p, path)) {
		struct buf chain;	/* the whole cycle, the top file first: a -> b -> a */
		buf_init(&chain, 4096);
		chain_text(p, p->file, &chain);
		rc = parse_error(p, DIAG_INCLUDE_CYCLE, at, "'%s' includes itself: %s -> %s", name, chain.text, name);
		buf_release(&chain);
	} else if (p->depth > MAX_INCLUDE_DEPTH) {	/* the top file is depth 1 */
		rc = parse_error(p, DIAG_INCLUDE_FAILED, at, "includes nested deeper than %d", MAX_INCLUDE_DEPTH);
	}
	if (rc == 0) {
		char *err = NULL;
		int file = p->opts->read_include ? include_given(p, path, at, &err)
						 : sources_load_include(&p->b->src, path, p->root, p->extra_root,
									&p->bytes_left, at, &err);
		if (file < 0) {
			rc = parse_error(p, DIAG_INCLUDE_FAILED, at,
				      "%s; what depends on it is not checked further", err);
			p->degraded = true;
			free(err);
		} else {
			s->u->include.file = file;
			rc = s->u->include.charts ? (chart_read(&p->b->charts, &p->b->src, file, p->v, p->b->arena, p->d)
						    ? -1 : 0)
						 : parse_nested(p, file);
		}
	} else {
		p->degraded = true;
	}
	free(path);
	return rc < 0 ? -2 : 0;	/* -2: errors were inside the included file */
}

/* Events */

/* fact = WORD [ "=" ( WORD | NUMBER ) ] ; */
static int parse_fact(struct parser *p, int cat, struct fact *f)
{
	struct token *t = parse_peek(p);
	if (t->kind != TOK_WORD)
		return parse_expected(p, "a fact of the table");
	const struct vocab_word *w = parse_lookup(p, cat, t);
	if (!w)
		return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, t), "unknown %s %s", vocab_cat_name(p->v, cat),
				parse_found(p, t));
	parse_next(p);
	f->word = w;
	f->at = parse_span_of(t);
	char what[96];
	snprintf(what, sizeof what, "'=' and %s", w->spec && strcmp(w->spec, "U") == 0 ? "a unit id" : w->spec ? w->spec : "");
	if (parse_peek(p)->kind != TOK_EQ)
		return w->spec ? parse_expected(p, what) : 0;
	if (!w->spec)
		return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, parse_peek(p)), "fact '%s' takes no value", w->word);
	parse_next(p);
	struct token *v = parse_peek(p);
	if (v->kind != TOK_WORD && v->kind != TOK_NUMBER)
		return parse_expected(p, what + 8);
	f->at = parse_span_across(t, v);
	if (strcmp(w->spec, "U") == 0) {
		struct span at;
		f->value = parse_id(p, 'U', &at, NULL);
		return f->value ? 0 : -1;
	}
	if (!(f->value_index = vocab_allows(w, p->text + v->off, v->len)))
		return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, v), "%s=%s: expected %s", w->word,
				parse_found(p, v), w->spec);
	parse_next(p);
	f->value = parse_text_of(p, v);
	for (char *c = (char *)f->value; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
	return 0;
}

/* A unit's own roll after it, kept only where written: most units have none. */
static int parse_hit(struct parser *p, struct uref *u)
{
	struct face f = {0};
	int rc = parse_face(p, &f);
	u->hit = arena_memdup(p->b->arena, &f, sizeof f);
	return rc;
}

/* uref = WORD [ ":" NUMBER ] [ "@" NUMBER ] [ "(" fact { "," fact } ")" ] [ face ] ; */
int parse_uref(struct parser *p, struct uref *u, int facts, bool hit)
{
	u->stands = u->range = -1;
	if (!(u->id = read_id(p, 'U', &u->at, &u->sym)))
		return -1;
	if (parse_peek(p)->kind == TOK_COLON && peek2(p)->kind == TOK_NUMBER) {
		parse_next(p);
		if (parse_number(p, "stands", 1, PARSE_MAX_STANDS, &u->stands) < 0)
			return -1;
	}
	if (parse_peek(p)->kind == TOK_AT) {
		parse_next(p);
		if (parse_number(p, "the range in inches", 0, PARSE_MAX_RANGE, &u->range) < 0)
			return -1;
	}
	if (parse_peek(p)->kind == TOK_LPAREN) {
		parse_next(p);
		struct fact fs[PARSE_MAX_ITEMS];
		int n = 0;
		do {
			if (n == PARSE_MAX_ITEMS)
				return parse_error(p, DIAG_TOO_MANY, parse_loc(p, parse_peek(p)), "more than %d facts",
						PARSE_MAX_ITEMS);
			memset(&fs[n], 0, sizeof fs[n]);
			if (parse_fact(p, facts, &fs[n++]) < 0)
				return -1;
		} while (parse_peek(p)->kind == TOK_COMMA && parse_next(p));
		if (parse_expect(p, TOK_RPAREN, "',' or ')'") < 0)
			return -1;
		u->facts = arena_memdup(p->b->arena, fs, n * sizeof *fs);
		u->n_facts = n;
	}
	if (hit && parse_peek(p)->kind == TOK_FACE)
		return parse_hit(p, u);
	return 0;
}

/* A comma-separated list of unit references. */
int parse_urefs(struct parser *p, int facts, bool hit, struct uref **out, int *n)
{
	struct uref us[PARSE_MAX_ITEMS];
	int k = 0;
	do {
		if (k == PARSE_MAX_ITEMS)
			return parse_error(p, DIAG_TOO_MANY, parse_loc(p, parse_peek(p)), "more than %d units", PARSE_MAX_ITEMS);
		memset(&us[k], 0, sizeof us[k]);
		if (parse_uref(p, &us[k++], facts, hit) < 0)
			return -1;
	} while (parse_peek(p)->kind == TOK_COMMA && parse_next(p));
	*out = arena_memdup(p->b->arena, us, k * sizeof *us);
	*n = k;
	return 0;
}

/* The claim vocabulary of one event kind: its categories (VC_NONE: none). */
struct claim_kind {
	int mods, effects, outcomes, tallies;
};

static struct claim_kind claims_of(const struct vocab_event *ev)
{
	return (struct claim_kind){ev->mods, ev->effects, ev->outcomes, ev->tallies};
}

static int add_mod(struct parser *p, struct mod *mods, int *n, struct mod m)
{
	if (*n == PARSE_MAX_ITEMS)
		return parse_error(p, DIAG_TOO_MANY, parse_place(p, m.at), "more than %d modifiers", PARSE_MAX_ITEMS);
	for (int i = 0; i < *n; i++)
		if (mods[i].code == m.code)
			parse_warn(p, DIAG_REPEATED_MOD, parse_place(p, m.at), "modifier %s is claimed twice", m.code);
	mods[(*n)++] = m;
	return 0;
}

/* A tally word of the claim (WORD=N, or a bare WORD), or NULL. */
static const struct vocab_word *tally_word(struct parser *p, const struct claim_kind *k, const struct token *t)
{
	return k->tallies ? parse_lookup(p, k->tallies, t) : NULL;
}

static int add_tally(struct parser *p, struct tally *ts, int *n, struct tally t)
{
	if (*n == PARSE_MAX_ITEMS)
		return parse_error(p, DIAG_TOO_MANY, parse_place(p, t.at), "more than %d claims", PARSE_MAX_ITEMS);
	ts[(*n)++] = t;
	return 0;
}

static bool tallied(const struct tally *ts, int n, const struct vocab_word *w)
{
	for (int i = 0; i < n; i++)
		if (ts[i].word == w)
			return true;
	return false;
}

/* tally-kv = TALLY "=" NUMBER ; (a counted tally) */
static int parse_tally_kv(struct parser *p, const struct vocab_word *w, struct tally *ts, int *n)
{
	struct token *key = parse_next(p);
	if (tallied(ts, *n, w))
		return parse_error(p, DIAG_DUPLICATE, parse_loc(p, key), "%s= claimed twice", w->word);
	parse_next(p);
	struct tally t = {w, 0, {0}};
	if (parse_number(p, w->num_what, 0, w->num_max, &t.value) < 0)
		return -1;
	t.at = parse_span_across(key, &p->tok[p->pos - 1]);
	return add_tally(p, ts, n, t);
}

/* loss-kv = "loss" "=" NUMBER ; */
static int parse_loss(struct parser *p, struct claim *c)
{
	struct token *key = parse_next(p);
	if (c->has_loss)
		return parse_error(p, DIAG_DUPLICATE, parse_loc(p, key), "loss= claimed twice");
	parse_next(p);
	if (parse_number(p, "stands lost", 0, 999, &c->loss) < 0)
		return -1;
	c->has_loss = true;
	c->loss_at = parse_span_across(key, &p->tok[p->pos - 1]);
	return 0;
}

/* "=" NUMBER: the claimed total. */
static int parse_total(struct parser *p, const struct claim_kind *k, struct claim *c)
{
	struct token *eq = parse_next(p);
	if (c->has_total)
		return parse_error(p, DIAG_DUPLICATE, parse_loc(p, eq), "a second total");
	struct token *t = parse_peek(p);
	size_t digits = t->kind == TOK_WORD ? strspn(p->text + t->off, "0123456789") : 0;
	if (digits && digits < t->len &&
	    vocab_find(p->v, k->effects, p->text + t->off + digits, t->len - digits))	/* =10dq */
		return parse_error(p, DIAG_EXPECTED, parse_loc(p, t), "expected the total after '=', found %s: "
				"the total and the effect are two items, '=%.*s %.*s'", parse_found(p, t), (int)digits,
				p->text + t->off, (int)(t->len - digits), p->text + t->off + digits);
	if (parse_signed(p, "the total after '='", -PARSE_MAX_TOTAL, PARSE_MAX_TOTAL, &c->total) < 0)
		return -1;
	c->has_total = true;
	c->total_at = parse_span_across(eq, &p->tok[p->pos - 1]);
	return 0;
}

/* The counted tally whose word starts with the len letters at s (two or
 * more), or NULL: "8wo" for word=8. */
static const struct vocab_word *tally_prefix(const struct parser *p, const struct claim_kind *k, const char *s,
					     size_t len)
{
	for (size_t i = 0; k->tallies && len >= 2 && i < p->v->n_words; i++) {
		const struct vocab_word *w = &p->v->words[i];
		if (w->cat == k->tallies && w->num_what && !w->canon && strlen(w->word) >= len &&
		    strncmp(w->word, s, len) == 0)
			return w;
	}
	return NULL;
}

/* The commonest slips in a claim, as a hint, or NULL: "8word" for word=8, an
 * effect typed as two words instead of joined by '-'. */
static const char *claim_slip(struct parser *p, const struct claim_kind *k, const struct token *t)
{
	static char hint[160];
	const char *s = p->text + t->off;
	size_t digits = strspn(s, "0123456789");
	const struct vocab_word *tw = digits ? tally_prefix(p, k, s + digits, t->len - digits) : NULL;
	if (tw) {
		snprintf(hint, sizeof hint, "%s are claimed as '%s=%.*s'", tw->num_what, tw->word, (int)digits, s);
		return hint;
	}
	const struct token *n = t + 1;	/* the next token on the line */
	if (n->kind == TOK_WORD && n->off == t->off + t->len + 1) {
		char joined[96];
		snprintf(joined, sizeof joined, "%.*s-%.*s", (int)t->len, s, (int)n->len, p->text + n->off);
		if (vocab_find(p->v, k->effects, joined, strlen(joined)) || vocab_find(p->v, k->mods, joined, strlen(joined))) {
			snprintf(hint, sizeof hint, "the words of one name are joined by '-': did you mean '%s'?", joined);
			return hint;
		}
	}
	return NULL;
}

/* Whether the current word belongs to what follows a claim. */
typedef bool stop_fn(struct parser *p, const struct token *t);

/* A modifier code the ruleset does not have: a warning, with the nearest
 * one it has (the audit reports the claim; the log is still audited). */
static void warn_unknown_mod(struct parser *p, const struct claim_kind *k, const struct mod *m)
{
	parse_warn(p, DIAG_UNKNOWN_MOD, parse_place(p, m->at), "unknown %s '%s'%s%s%s", vocab_cat_name(p->v, k->mods),
		   m->code, m->hint ? "; did you mean '" : "", m->hint ? m->hint : "", m->hint ? "'?" : "");
}

/* claim = { modifier | "=" NUMBER | EFFECT | claim-kv } ;
 * modifier = [ SIGNED ] CODE ;  (+1vet, or vet alone) */
static int claim_items(struct parser *p, const struct claim_kind *k, struct claim *c, stop_fn *stop)
{
	struct mod mods[PARSE_MAX_ITEMS];
	struct tally ts[PARSE_MAX_ITEMS];
	int n = 0, n_ts = 0, rc = 0;
	while (rc == 0) {
		struct token *t = parse_peek(p);
		const struct vocab_word *w;
		if (t->kind == TOK_MOD) {
			if (t->num < -99 || t->num > 99)
				return parse_error(p, DIAG_OUT_OF_RANGE, parse_loc(p, t),
						"a modifier of %s is out of range (-99 to +99)", number_as_written(p, t));
			w = vocab_find(p->v, k->mods, p->text + t->sub_off, t->sub_len);
			struct mod m = {.code = w ? w->word : NULL, .id = w ? w->code : 0, .value = (int)t->num,
					.has_value = true, .at = parse_span_of(t), .unknown = !w};
			if (!w) {	/* the audit reports it; the rest of the log is still audited */
				m.code = arena_strndup(p->b->arena, p->text + t->sub_off, t->sub_len);
				m.hint = nearest_text(p, k->mods, p->text + t->sub_off, t->sub_len);
				warn_unknown_mod(p, k, &m);
			}
			parse_next(p);
			rc = add_mod(p, mods, &n, m);
		} else if (t->kind == TOK_EQ) {
			rc = parse_total(p, k, c);
		} else if (parse_at_kv(p) && parse_is_word(p, t, "loss")) {
			rc = parse_loss(p, c);
		} else if (parse_at_kv(p) && (w = tally_word(p, k, t)) && w->num_what) {
			rc = parse_tally_kv(p, w, ts, &n_ts);
		} else if (t->kind == TOK_WORD && (w = tally_word(p, k, t)) && !w->num_what && !tallied(ts, n_ts, w)) {
			parse_next(p);
			rc = add_tally(p, ts, &n_ts, (struct tally){w, 1, parse_span_of(t)});
		} else if (t->kind == TOK_WORD && (w = parse_lookup(p, k->mods, t))) {
			parse_next(p);
			rc = add_mod(p, mods, &n, (struct mod){.code = w->word, .id = w->code, .at = parse_span_of(t)});
		} else if (t->kind == TOK_WORD && !c->effect && (w = parse_lookup(p, k->effects, t))) {
			parse_next(p);
			c->effect = w;
			c->effect_at = parse_span_of(t);
		} else if (t->kind == TOK_WORD && k->outcomes && (w = parse_lookup(p, k->outcomes, t))) {
			if (c->outcome)
				return parse_error(p, DIAG_DUPLICATE, parse_loc(p, t), "a second %s %s",
						vocab_cat_name(p->v, k->outcomes), parse_found(p, t));
			parse_next(p);
			c->outcome = w;
			c->outcome_at = parse_span_of(t);
		} else if (parse_at_kv(p)) {
			break;	/* another statement's key=value, such as a ruling's by= */
		} else if (t->kind == TOK_WORD && !(stop && stop(p, t))) {
			if ((w = parse_lookup(p, k->effects, t)))
				return parse_error(p, DIAG_DUPLICATE, parse_loc(p, t), "a second effect %s", parse_found(p, t));
			const char *slip = claim_slip(p, k, t);
			if (slip)
				return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, t), "unknown word %s: %s", parse_found(p, t), slip);
			const char *hint = parse_nearest_word(p, k->effects, t);
			if (!hint && stop)	/* a check's actions follow its claim: a misspelt one */
				hint = parse_nearest_word(p, p->v->action, t);
			if (hint || c->effect || c->has_total)	/* after the total, words are effects */
				return parse_error(p, DIAG_UNKNOWN_WORD, parse_loc(p, t), "unknown word %s: expected a %s, "
						"'=' and the total, or a %s%s%s%s", parse_found(p, t), vocab_cat_name(p->v, k->mods),
						vocab_cat_name(p->v, k->effects), hint ? "; did you mean '" : "", hint ? hint : "",
						hint ? "'?" : "");
			/* a modifier the ruleset does not have, claimed by its code alone:
			 * the audit reports it, the rest of the log is still audited */
			struct mod m = {.code = arena_strndup(p->b->arena, p->text + t->off, t->len), .at = parse_span_of(t),
					.unknown = true, .hint = parse_nearest_word(p, k->mods, t)};
			warn_unknown_mod(p, k, &m);
			parse_next(p);
			rc = add_mod(p, mods, &n, m);
		} else if (t->kind == TOK_SIGNED) {
			return parse_error(p, DIAG_EXPECTED, parse_loc(p, t),
					"expected a modifier code right after %s, without a space (+1vet)", parse_found(p, t));
		} else {
			break;
		}
	}
	c->mods = arena_memdup(p->b->arena, mods, n * sizeof *mods);
	c->n_mods = n;
	c->tallies = arena_memdup(p->b->arena, ts, n_ts * sizeof *ts);
	c->n_tallies = n_ts;
	return rc;
}

static bool is_action(struct parser *p, const struct token *t)
{
	return parse_lookup(p, p->v->action, t) != NULL;
}

bool parse_is_action(struct parser *p)
{
	return is_action(p, parse_peek(p));
}

int parse_claim(struct parser *p, const struct vocab_event *ev, struct claim *c, bool actions_follow)
{
	struct claim_kind k = claims_of(ev);
	return claim_items(p, &k, c, actions_follow ? is_action : NULL);
}

bool parse_is_tally(struct parser *p, const struct vocab_event *ev, const struct token *t)
{
	struct claim_kind k = claims_of(ev);
	return tally_word(p, &k, t) != NULL;
}

/* A ruling settles an effect, a loss or a tally: no outcome. */
int parse_ruling_claim(struct parser *p, const struct vocab_event *ruled, struct claim *c)
{
	struct claim_kind k = {ruled->mods, ruled->effects, VC_NONE, ruled->tallies};
	return claim_items(p, &k, c, NULL);
}

const struct vocab *parse_vocab(const struct parser *p)
{
	return p->v;
}

struct arena *parse_arena(struct parser *p)
{
	return p->b->arena;
}

/* action = VERB [ WORD | uref { "," uref } [ ACTION-FLAG ] ] ; by the verb's spec */
int parse_action(struct parser *p, struct action *a)
{
	struct token *t = parse_next(p);
	const struct vocab_word *w = parse_lookup(p, p->v->action, t);
	a->verb = w;
	a->at = parse_span_of(t);
	if (w->spec && strcmp(w->spec, "W") == 0)
		return parse_word(p, w->arg, &a->word);
	if (w->spec && strcmp(w->spec, "T") == 0) {
		if (parse_urefs(p, w->arg, false, &a->targets, &a->n_targets) < 0)
			return -1;
		struct token *f = parse_peek(p);
		const struct vocab_word *fw = p->v->action_flag ? parse_lookup(p, p->v->action_flag, f) : NULL;
		if (fw) {
			parse_next(p);
			a->flag = fw;
			a->flag_at = parse_span_of(f);
		}
	}
	return 0;
}

/* "a reroll must follow the charge it repeats", in the ruleset's words. */
static const char *reroll_why(const struct vocab *v, const struct vocab_event *ev, char *why, size_t size)
{
	const char *clash = "event";
	for (size_t i = v->n_events; i-- > 0;)
		if (v->events[i].shape == ev->shape->repeats && !v->events[i].canon)
			clash = v->events[i].keyword;	/* the first */
	snprintf(why, size, "a %s must follow the %s it repeats", ev->keyword, clash);
	return why;
}

/* Whether an event may stand here; reports why not. */
static int event_placed(struct parser *p, const struct token *kw, const struct vocab_event *ev)
{
	char why[128];
	if (p->section != SEC_TURNS) {
		snprintf(why, sizeof why, "event '%s'", ev->keyword);
		return parse_before_first_turn(p, kw, why);
	}
	if (ev->phases != VOCAB_ANY_PHASE && !p->phase_unknown) {
		const struct vocab_phase *ph = p->phase ? vocab_phase_of(p->v, p->phase, NULL) : NULL;
		unsigned here = ph ? ph->bit : 0;
		if (!(ev->phases & here)) {
			const struct vocab_phase *where = vocab_phase_in(p->v, ev->phases);
			snprintf(why, sizeof why, "event '%s' belongs in %s, not %s%s", ev->keyword,
				 where ? where->where : "a turn", p->phase ? "the phase " : "before any phase",
				 p->phase ? p->phase : "");
			return parse_misplaced(p, kw, why);
		}
	}
	if (ev->shape->repeats) {
		const struct stmt *last = p->last_event >= 0 ? &p->b->stmts[p->last_event] : NULL;
		const struct shape *shape = last && last->kind == ST_EVENT ? last->u->event.def->shape : NULL;
		if (shape != ev->shape->repeats && shape != ev->shape)	/* after a line that failed: said there */
			return p->prev_failed ? -1 : parse_misplaced(p, kw, reroll_why(p->v, ev, why, sizeof why));
	}
	return 0;
}

/* event = check | fire-shape | clash | reroll | leader-roll | state ; */
static int parse_event(struct parser *p, struct token *kw, const struct vocab_event *ev)
{
	struct stmt *s = parse_cur(p);
	struct event *e = &battle_body(p->b, s, ST_EVENT, ev)->event;
	e->kw_at = parse_span_of(kw);
	int placed = event_placed(p, kw, ev);
	p->last_event = p->stmt;	/* a ruling or reroll after it belongs to it, placed or not */
	if (placed < 0)
		return -1;
	return ev->shape->parse(p, ev, e);
}

/* Lines */

typedef int stmt_fn(struct parser *p, struct token *kw);

static const struct {
	const char *keyword;
	stmt_fn *parse;
} statements[] = {
	{"include", parse_include}, {"charts", parse_include}, {"battle", declare_battle}, {"scenario", declare_scenario},
	{"special", declare_special}, {"option", declare_option}, {"result", declare_result},
	{"side", declare_side},	    {"leader", declare_leader}, {"unit", declare_unit},
	{"turn", declare_turn},	    {"phase", declare_phase},   {"ruling", declare_ruling},
};

/* The code point of a UTF-8 sequence of n bytes. */
static unsigned long code_point(const char *s, int n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long c = n == 1 ? u[0] : u[0] & (0x7F >> n);
	for (int i = 1; i < n; i++)
		c = (c << 6) | (u[i] & 0x3F);
	return c;
}

/* Reports a lexical error of the current line. */
static void lex_error(struct parser *p, const struct lex_error *e)
{
	struct loc at = {p->file, p->line, e->col, 1};
	switch (e->status) {
	case LEX_BAD_ENCODING:
		diag_add(p->d, DIAG_BAD_ENCODING, at, "invalid UTF-8 in the line");
		break;
	case LEX_CONTROL: {
		size_t len;
		const char *line = sources_line(&p->b->src, p->file, p->line, &len);
		size_t off = source_off(line, len, e->col);
		unsigned char c = (unsigned char)line[off];
		int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;	/* the line is valid UTF-8 here */
		unsigned long cp = code_point(line + off, n);
		diag_add(p->d, DIAG_BAD_TOKEN, at, "%s character U+%04lX in the line",
			 cp >= 0x2000 ? "bidirectional control" : "control", cp);
		break;
	}
	case LEX_MATCH_ERROR:
		diag_add(p->d, DIAG_TOO_MANY, at, "a token too long to read (PCRE2 error %d)", e->code);
		break;
	case LEX_UNTERMINATED: {
		size_t len;
		const char *line = sources_line(&p->b->src, p->file, p->line, &len);
		size_t off = source_off(line, len, e->col);
		bool inches = off > 0 && line[off - 1] >= '0' && line[off - 1] <= '9';
		diag_add(p->d, DIAG_UNTERMINATED, at, "a quoted string without its closing quote%s",
			 inches ? " (ranges are written in inches without the \" sign: @14)" : "");
		break;
	}
	case LEX_TOO_LONG:
		diag_add(p->d, DIAG_TOO_MANY, at, "more than %d tokens on one line", MAX_TOKENS);
		break;
	default: {
		size_t len;
		const char *line = sources_line(&p->b->src, p->file, p->line, &len);
		size_t off = source_off(line, len, e->col);
		int n = 1;
		while (off + n < len && ((unsigned char)line[off + n] & 0xC0) == 0x80)
			n++;
		bool face = line[off] == '[' || line[off] == ']';	/* a die face half written */
		size_t digits = 0;	/* "[7 -1fp": the face has no closing bracket */
		while (line[off] == '[' && off + 1 + digits < len && line[off + 1 + digits] >= '0' &&
		       line[off + 1 + digits] <= '9')
			digits++;
		bool open = digits > 0 && (off + 1 + digits == len || line[off + 1 + digits] != ']');
		diag_add(p->d, DIAG_BAD_TOKEN, at, "unexpected character '%.*s' (U+%04lX)%s", n, line + off,
			 code_point(line + off, n),
			 open ? ": a die face without its closing ']' (write [7])"
			 : face ? ": a die face is written [N], as [7] or d20[17]" : "");
	}
	}
}

/* statement = keyword-statement | event ; dispatch on the first word */
static int parse_statement(struct parser *p)
{
	struct token *kw = parse_peek(p);
	if (kw->kind == TOK_END)
		return 0;
	if (kw->kind != TOK_WORD)
		return parse_expected(p, "a statement or event keyword");
	parse_next(p);
	for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++)
		if (parse_is_word(p, kw, statements[i].keyword))
			return statements[i].parse(p, kw);
	const struct vocab_event *ev = vocab_find_event(p->v, p->text + kw->off, kw->len);
	if (ev)
		return parse_event(p, kw, ev);
	const char *hint = NULL;	/* a misspelt keyword: statements first, then events */
	for (size_t i = 0; !hint && i < sizeof statements / sizeof statements[0]; i++)
		if (near_miss(p->text + kw->off, kw->len, statements[i].keyword, strlen(statements[i].keyword)))
			hint = statements[i].keyword;
	for (size_t i = 0; !hint && i < p->v->n_events; i++)
		if (near_miss(p->text + kw->off, kw->len, p->v->events[i].keyword, strlen(p->v->events[i].keyword)))
			hint = p->v->events[i].canon ? p->v->events[i].canon : p->v->events[i].keyword;
	return parse_error(p, DIAG_UNKNOWN_KEYWORD, parse_loc(p, kw), "unknown statement or event %s in %s%s%s%s",
			parse_found(p, kw), p->v->name, hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
}

/* line = [ statement ] [ comment ] EOL ; */
static void parse_line(struct parser *p, const char *text, size_t len)
{
	struct lex_error le;
	p->text = text;
	p->n_tok = lex_line(p->opts->lex, text, len, p->tok, MAX_TOKENS + 1, &le);
	p->pos = 0;
	p->stmt = battle_add_stmt(p->b, ST_BLANK, p->file, p->line);
	struct token *last = &p->tok[p->n_tok - 1];
	if (p->n_tok >= 2 && p->tok[p->n_tok - 2].kind == TOK_COMMENT) {
		struct token *c = &p->tok[p->n_tok - 2];
		battle_set_comment(p->b, p->stmt, parse_text_of(p, c));
		*c = *last;	/* the comment becomes the end of the line */
		p->n_tok--;
	}
	if (le.status != LEX_OK) {
		/* Read what stands before the bad spot quietly, so that its ids and
		 * sections are known and nothing is invented on later lines. */
		lex_error(p, &le);
		p->quiet = true;
		parse_statement(p);
		p->quiet = false;
		parse_cur(p)->kind = ST_ERROR;
		p->prev_failed = true;
		return;
	}
	int rc = parse_statement(p);
	if (rc == 0 && parse_peek(p)->kind != TOK_END) {
		struct token *t = parse_peek(p);
		rc = parse_error(p, DIAG_TRAILING, parse_range(p, t, &p->tok[p->n_tok - 2]),
			      "unexpected %s after a complete statement", parse_found(p, t));
	}
	if (rc == -1)
		parse_cur(p)->kind = ST_ERROR;
	if (parse_cur(p)->kind != ST_BLANK)
		p->prev_failed = parse_cur(p)->kind == ST_ERROR;
}

static int parse_file_into(struct parser *p, int file)
{
	int saved_file = p->file, saved_line = p->line, errors = p->d->n_errors;
	p->file = file;
	p->depth++;
	bool opening = file > 0;	/* an included file before its first statement */
	for (int i = 1; i <= p->b->src.v[file].n_lines; i++) {
		size_t len;
		const char *text = sources_line(&p->b->src, file, i, &len);
		p->line = i;
		parse_line(p, text, len);
		if (!opening || parse_cur(p)->kind == ST_BLANK)
			continue;
		opening = false;
		if (parse_cur(p)->kind == ST_ERROR) {
			/* an include that does not open as notation (a Makefile, a
			 * letter) is read no further: one error, not one per line */
			diag_add(p->d, DIAG_INCLUDE_FAILED, p->b->src.v[file].included_at,
				 "'%.200s' does not begin as a battle file (line %d); read no further",
				 p->b->src.v[file].path, i);
			p->degraded = true;
			break;
		}
	}
	p->depth--;
	p->file = saved_file;
	p->line = saved_line;
	return p->d->n_errors > errors ? -1 : 0;
}

/* Whole-battle checks once every line is read. */
static void finish(struct parser *p)
{
	check_uses(p, 0);
	declare_finish(p);
	if (!p->saw_battle)
		diag_add(p->d, DIAG_NO_HEADER, (struct loc){0, 1, 1, 1},
			 p->b->n_stmts ? "no battle line: is this a fragment to include?" : "an empty file");
	p->b->vocab = p->v;
	diags_sort(p->d);
}

/* Parses the top file of b into it with p, which stays open for more. */
static void run_open(struct parser *p, struct battle *b, const struct parse_opts *opts, struct diags *d)
{
	*p = (struct parser){.b = b, .d = d, .opts = opts, .v = opts->default_rules,
			     .side_stmt = -1, .last_event = -1};
	/* the battle's folder, and the one the user named besides (when it
	 * cannot be resolved, it adds nothing: never does a failure widen) */
	p->root = source_root(b->src.v[0].path);
	p->extra_root = opts->include_root ? realpath(opts->include_root, NULL) : NULL;
	p->bytes_left = SOURCES_MAX_BYTES > b->src.v[0].len ? SOURCES_MAX_BYTES - b->src.v[0].len : 0;
	parse_file_into(p, 0);
	finish(p);
}

static void run_close(struct parser *p)
{
	free(p->uses);
	free(p->root);
	free(p->extra_root);
}

static struct battle *run(struct battle *b, const struct parse_opts *opts, struct diags *d)
{
	struct parser p;
	run_open(&p, b, opts, d);
	run_close(&p);
	return b;
}

struct battle *parse_file(const char *path, const struct parse_opts *opts, struct diags *d)
{
	struct battle *b = battle_new();
	char *err = NULL;
	if (sources_load(&b->src, path, (struct loc){-1, 0, 0, 0}, &err) < 0) {
		diag_add(d, DIAG_INCLUDE_FAILED, (struct loc){-1, 0, 0, 0}, "%s", err);
		free(err);
		battle_free(b);
		return NULL;
	}
	return run(b, opts, d);
}

struct battle *parse_text(const char *name, const char *text, size_t len,
			  const struct parse_opts *opts, struct diags *d)
{
	struct battle *b = battle_new();
	sources_add_text(&b->src, name, text, len, (struct loc){-1, 0, 0, 0});
	return run(b, opts, d);
}

/* A session: the parser kept at the end of the top file, and what it was
 * before the last line added, to take that line back. */
struct parse_session {
	struct parser p;
	struct parser before;	/* the parser before the last line */
	int before_stmts, before_lines;
	bool can_retract;
};

struct parse_session *parse_session_open(const char *path, const struct parse_opts *opts, struct diags *d)
{
	struct battle *b = battle_new();
	char *err = NULL;
	if (sources_load(&b->src, path, (struct loc){-1, 0, 0, 0}, &err) < 0) {
		diag_add(d, DIAG_INCLUDE_FAILED, (struct loc){-1, 0, 0, 0}, "%s", err);
		free(err);
		battle_free(b);
		return NULL;
	}
	struct parse_session *ps = xcalloc(1, sizeof *ps);
	run_open(&ps->p, b, opts, d);
	ps->p.n_uses = 0;	/* checked: a line's own are checked as it is added */
	ps->p.d = NULL;
	return ps;
}

struct battle *parse_session_battle(const struct parse_session *ps)
{
	return ps->p.b;
}

/* The statement keywords a session takes: those of the turns.  The header
 * and the order of battle are the file's: the audit's state is built from
 * them once. */
static bool session_takes(struct parser *p)
{
	struct token *kw = parse_peek(p);
	if (kw->kind != TOK_WORD)
		return true;	/* the parser says what is wrong */
	static const char *const turns[] = {"turn", "phase", "ruling"};
	for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++)
		if (parse_is_word(p, kw, statements[i].keyword)) {
			for (size_t j = 0; j < sizeof turns / sizeof turns[0]; j++)
				if (parse_is_word(p, kw, turns[j]))
					return true;
			diag_add(p->d, DIAG_MISPLACED, parse_loc(p, kw),
				 "the recorder takes the lines of the turns: write %s in the file's header or order of battle",
				 parse_found(p, kw));
			return false;
		}
	return true;
}

int parse_session_add(struct parse_session *ps, const char *text, size_t len, struct diags *d)
{
	struct parser *p = &ps->p;
	struct battle *b = p->b;
	ps->before = *p;
	ps->before_stmts = b->n_stmts;
	ps->before_lines = b->src.v[0].n_lines;
	int errors = d->n_errors, syms = b->n_syms;
	p->d = d;
	p->file = 0;
	p->line = sources_add_line(&b->src, 0, text, len);
	text = sources_line(&b->src, 0, p->line, &len);
	struct lex_error le;
	p->text = text;
	p->n_tok = lex_line(p->opts->lex, text, len, p->tok, MAX_TOKENS + 1, &le);
	p->pos = 0;
	/* a line that does not lex is still refused by its keyword first: a
	 * declaration parsed for its lex error would declare (fuzz_session) */
	bool takes = session_takes(p);
	(void)le;
	if (takes)
		parse_line(p, text, len);
	else
		battle_add_stmt(b, ST_ERROR, 0, p->line);
	check_uses(p, 0);
	p->n_uses = 0;
	p->d = NULL;
	ps->can_retract = true;
	assert(b->n_syms == syms);	/* the turns' lines declare nothing */
	(void)syms;
	diags_sort(d);
	return d->n_errors > errors || b->stmts[b->n_stmts - 1].kind == ST_ERROR ? -1 : b->n_stmts - 1;
}

void parse_session_retract(struct parse_session *ps)
{
	if (!ps->can_retract)
		return;
	struct battle *b = ps->p.b;
	struct use *uses = ps->p.uses;	/* the line may have moved them: keep the live ones */
	int cap_uses = ps->p.cap_uses;
	ps->p = ps->before;
	ps->p.uses = uses;
	ps->p.cap_uses = cap_uses;
	ps->p.n_uses = 0;
	battle_cut(b, ps->before_stmts);
	sources_cut_lines(&b->src, 0, ps->before_lines);
	ps->can_retract = false;
}

void parse_session_close(struct parse_session *ps)
{
	if (!ps)
		return;
	run_close(&ps->p);
	battle_free(ps->p.b);
	free(ps);
}
