/* fmt: printing a parsed battle in canonical form. */
#include "fmt.h"

#include "declare.h"

#include <string.h>

/* The declared spelling of an id used on a line. */
const char *fmt_id(const struct battle *b, char kind, const char *id)
{
	const struct sym *s = battle_find(b, kind, id);
	return s && s->kind == kind ? s->id : id;
}

/* A value bare when it is one word of the notation, quoted otherwise. */
static bool bare_word(const char *s)
{
	if (!*s || *s == '-')
		return false;
	for (const char *c = s; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
		      *c == '_' || *c == '-'))
			return false;
	return s[strlen(s) - 1] != '-';
}

void fmt_string(struct buf *out, const char *s)
{
	buf_putc(out, '"');
	for (const char *c = s; *c; c++) {
		if (*c == '"' || *c == '\\')
			buf_putc(out, '\\');
		buf_putc(out, *c);
	}
	buf_putc(out, '"');
}

static void put_value(struct buf *out, const char *s)
{
	if (bare_word(s))
		buf_puts(out, s);
	else
		fmt_string(out, s);
}

/* Keys whose values are always quoted. */
static bool quoted_key(const char *key)
{
	return strcmp(key, "source") == 0;
}

static bool listed(const char *const *names, const char *name)
{
	for (; names && *names; names++)
		if (strcmp(*names, name) == 0)
			return true;
	return false;
}

/* " key=value" for each attribute s carries, in the parser's order
 * (declare_attribute_key), but those in skip, which the caller prints in a
 * place of their own: no attribute the parser keeps can be left out. */
static void put_kvs(struct buf *out, const struct stmt *s, const char *const *skip)
{
	const char *key;
	for (int i = 0; (key = declare_attribute_key(s->kind, i)); i++) {
		const struct kv *kv = stmt_kv(s, key);
		if (!kv || listed(skip, key))
			continue;
		buf_printf(out, " %s=", kv->key);
		if (quoted_key(kv->key))
			fmt_string(out, kv->value);
		else if (strcmp(kv->key, "start") == 0)
			buf_puts(out, kv->value);	/* HH:MM, checked by the parser */
		else
			put_value(out, kv->value);
	}
}

void fmt_face(struct buf *out, const struct face *f)
{
	if (f->die)
		buf_printf(out, "d%d", f->die);
	buf_printf(out, "[%d", f->value);
	for (int i = 1; i < f->n; i++)
		buf_printf(out, ",%d", f->dice[i]);
	buf_putc(out, ']');
}

void fmt_uref(const struct battle *b, struct buf *out, const struct uref *u)
{
	buf_puts(out, fmt_id(b, 'U', u->id));
	if (u->stands >= 0)
		buf_printf(out, ":%d", u->stands);
	if (u->range >= 0)
		buf_printf(out, "@%d", u->range);
	for (int i = 0; i < u->n_facts; i++) {
		buf_puts(out, i ? "," : "(");
		buf_puts(out, u->facts[i].word->word);
		if (u->facts[i].value)
			buf_printf(out, "=%s", u->facts[i].value);
	}
	if (u->n_facts)
		buf_putc(out, ')');
	if (u->hit) {
		buf_putc(out, ' ');
		fmt_face(out, u->hit);
	}
}

void fmt_urefs(const struct battle *b, struct buf *out, const struct uref *u, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			buf_puts(out, ", ");
		fmt_uref(b, out, &u[i]);
	}
}

enum tally_place { TALLY_LEAD, TALLY_BARE, TALLY_COUNTED };

static enum tally_place place_of(const struct vocab_word *w)
{
	return !w->num_what ? TALLY_BARE : w->lead ? TALLY_LEAD : TALLY_COUNTED;
}

/* The claim's tallies of one place, in the vocabulary's order (the order
 * of its words in memory). */
static void put_tallies(struct buf *out, const struct claim *c, enum tally_place place)
{
	const struct vocab_word *last = NULL;
	for (;;) {
		const struct tally *next = NULL;
		for (int i = 0; i < c->n_tallies; i++) {
			const struct tally *t = &c->tallies[i];
			if (place_of(t->word) == place && (!last || t->word > last) && (!next || t->word < next->word))
				next = t;
		}
		if (!next)
			return;
		if (place == TALLY_BARE)
			buf_printf(out, " %s", next->word->word);
		else
			buf_printf(out, " %s=%d", next->word->word, next->value);
		last = next->word;
	}
}

/* Each claim item with a space before it: mods, leading tallies, =total,
 * effect, outcome, bare tallies, loss=, counted tallies. */
void fmt_claim(struct buf *out, const struct claim *c)
{
	for (int i = 0; i < c->n_mods; i++) {
		if (c->mods[i].has_value)
			buf_printf(out, " %+d%s", c->mods[i].value, c->mods[i].code);
		else
			buf_printf(out, " %s", c->mods[i].code);
	}
	put_tallies(out, c, TALLY_LEAD);
	if (c->has_total)
		buf_printf(out, " =%d", c->total);
	if (c->effect)
		buf_printf(out, " %s", c->effect->word);
	if (c->outcome)
		buf_printf(out, " %s", c->outcome->word);
	put_tallies(out, c, TALLY_BARE);
	if (c->has_loss)
		buf_printf(out, " loss=%d", c->loss);
	put_tallies(out, c, TALLY_COUNTED);
}

void fmt_action(const struct battle *b, struct buf *out, const struct action *a)
{
	buf_printf(out, " %s", a->verb->word);
	if (a->word)
		buf_printf(out, " %s", a->word->word);
	if (a->n_targets) {
		buf_putc(out, ' ');
		fmt_urefs(b, out, a->targets, a->n_targets);
	}
	if (a->flag)
		buf_printf(out, " %s", a->flag->word);
}

static void put_event(const struct battle *b, struct buf *out, const struct event *e)
{
	buf_puts(out, e->def->keyword);
	e->def->shape->print(b, e, out);
}

/* A declaration's attribute flags (canonical words of categories of role,
 * or of category cat) in the vocabulary's order. */
static void put_flags(const struct vocab *v, struct buf *out, int cat, enum vocab_role role,
		      const struct vocab_word *const *flags, int n)
{
	for (size_t i = 0; n && i < v->n_words; i++) {
		const struct vocab_word *w = &v->words[i];
		if (w->canon || (w->cat != cat && (role == VR_OTHER || v->cats[w->cat].role != role)))
			continue;
		for (int j = 0; j < n; j++)
			if (flags[j] == w)
				buf_printf(out, " %s", w->word);
	}
}

/* The unit's slot words of the leading or the trailing categories, a
 * prefix category's word joined before the word it prefixes. */
static void put_slots(const struct battle *b, struct buf *out, const struct st_unit *u, bool trailing)
{
	const struct vocab *v = b->vocab;
	for (int c = VC_NONE + 1; c < v->n_cats && c < UNIT_SLOTS; c++) {
		if (v->cats[c].role != VR_UNIT_SLOT || v->cats[c].trailing != trailing || v->cats[c].prefix_of)
			continue;
		const char *prefix = NULL;
		for (int k = VC_NONE + 1; k < v->n_cats && k < UNIT_SLOTS; k++)
			if (v->cats[k].prefix_of == c && battle_unit_word(u, k))
				prefix = battle_unit_word(u, k);
		if (battle_unit_word(u, c) || prefix)
			buf_printf(out, " %s%s", prefix ? prefix : "", battle_unit_word(u, c) ? battle_unit_word(u, c) : "");
	}
}

static void put_unit(const struct battle *b, struct buf *out, const struct stmt *s)
{
	static const char *const placed[] = {"stands", "cmd", NULL};	/* before the trailing slots */
	const struct st_unit *u = &s->u->unit;
	buf_printf(out, "unit %s ", u->id);
	fmt_string(out, u->name);
	put_slots(b, out, u, false);
	if (u->stands >= 0)
		buf_printf(out, " stands=%d", u->stands);
	if (u->cmd)
		buf_printf(out, " cmd=%s", fmt_id(b, 'L', u->cmd));
	put_slots(b, out, u, true);
	put_flags(b->vocab, out, VC_NONE, VR_UNIT_FLAG, u->flags, u->n_flags);
	put_kvs(out, s, placed);
	if (u->carry)
		buf_puts(out, " carry");
}

static void put_leader(const struct battle *b, struct buf *out, const struct stmt *s)
{
	static const char *const placed[] = {"under", NULL};	/* its id in the declared spelling */
	const struct st_leader *l = &s->u->leader;
	buf_printf(out, "leader %s ", l->id);
	fmt_string(out, l->name);
	if (l->rating)
		buf_printf(out, " %s", l->rating->word);
	put_flags(b->vocab, out, b->vocab->leader_flag, VR_OTHER, l->flags, l->n_flags);
	if (l->under)
		buf_printf(out, " under=%s", fmt_id(b, 'L', l->under));
	put_kvs(out, s, placed);
}

static void put_turn(const struct battle *b, struct buf *out, const struct st_turn *t)
{
	buf_printf(out, "turn %d", t->number);
	if (t->side)
		buf_printf(out, " %s", fmt_id(b, 'S', t->side));
	if (t->cond)
		buf_printf(out, " %s", t->cond->word);
	if (t->cond_num)
		buf_printf(out, " %d", t->cond_num);
	if (t->cond_word)
		buf_printf(out, " %s", t->cond_word->word);
}

static void put_ruling(struct buf *out, const struct stmt *s)
{
	buf_printf(out, "ruling %s", ruling_verb_names[s->u->ruling.verb]);
	if (s->u->ruling.unit)
		buf_printf(out, " %s", s->u->ruling.unit);
	fmt_claim(out, &s->u->ruling.claim);
	put_kvs(out, s, NULL);
	buf_putc(out, ' ');
	fmt_string(out, s->u->ruling.attrs.text);
}

void fmt_stmt(const struct battle *b, const struct stmt *s, struct buf *out)
{
	static const char *const side_placed[] = {"nation", NULL};
	switch (s->kind) {
	case ST_BLANK:
	case ST_ERROR:
		break;
	case ST_INCLUDE:
		buf_puts(out, s->u->include.charts ? "charts " : "include ");
		fmt_string(out, s->u->include.path);
		break;
	case ST_BATTLE:
	case ST_SCENARIO:
	case ST_SPECIAL:
	case ST_RESULT:
		buf_puts(out, s->kind == ST_BATTLE ? "battle " : s->kind == ST_SCENARIO ? "scenario "
			      : s->kind == ST_SPECIAL ? "special " : "result ");
		fmt_string(out, s->u->header.text);
		put_kvs(out, s, NULL);
		break;
	case ST_OPTION:
		buf_printf(out, "option %s=%s", s->u->option.name, s->u->option.value);
		break;
	case ST_SIDE:
		buf_printf(out, "side %s", s->u->side.id);
		if (s->u->side.nation)
			buf_printf(out, " nation=%s", s->u->side.nation->word);
		put_kvs(out, s, side_placed);
		if (s->u->side.label) {
			buf_putc(out, ' ');
			fmt_string(out, s->u->side.label);
		}
		break;
	case ST_LEADER:
		put_leader(b, out, s);
		break;
	case ST_UNIT:
		put_unit(b, out, s);
		break;
	case ST_TURN:
		put_turn(b, out, &s->u->turn);
		break;
	case ST_PHASE:
		buf_printf(out, "phase %s", s->u->phase.phase);
		if (s->u->phase.mode)
			buf_printf(out, " %s", s->u->phase.mode);
		break;
	case ST_EVENT:
		put_event(b, out, &s->u->event);
		break;
	case ST_RULING:
		put_ruling(out, s);
		break;
	}
}

/* Statements that sit under another: order of battle, rerolls, rulings. */
static bool indented(const struct stmt *s)
{
	return s->kind == ST_LEADER || s->kind == ST_UNIT || s->kind == ST_RULING ||
	       (s->kind == ST_EVENT && s->u->event.def->shape == &shape_reroll);
}

/* Whether the source line starts with white space (for comment lines). */
static bool line_indented(const struct battle *b, const struct stmt *s)
{
	size_t len;
	const char *line = sources_line(&b->src, s->file, s->line, &len);
	return line && len > 0 && (line[0] == ' ' || line[0] == '\t');
}

/* A comment without trailing white space. */
static void put_comment(struct buf *out, const char *c)
{
	size_t n = strlen(c);
	while (n > 0 && (c[n - 1] == ' ' || c[n - 1] == '\t'))
		n--;
	buf_add(out, c, n);
}

/* fmt_line's work, with s's comment found. */
static void put_line(const struct battle *b, const struct stmt *s, const char *comment, struct buf *out)
{
	if (s->kind == ST_ERROR) {
		size_t len;
		const char *line = sources_line(&b->src, s->file, s->line, &len);
		buf_add(out, line, len);
		return;
	}
	bool blank = s->kind == ST_BLANK;
	if (blank ? line_indented(b, s) : indented(s))
		buf_puts(out, "  ");
	fmt_stmt(b, s, out);
	if (comment) {
		if (!blank)
			buf_puts(out, "  ");
		put_comment(out, comment);
	}
}

void fmt_line(const struct battle *b, int i, struct buf *out)
{
	put_line(b, &b->stmts[i], battle_comment(b, i), out);
}

/* A run of n blank lines from line first, settled: the first one kept
 * when keep (after a line written, before another), the others dropped. */
static void settle_blanks(void (*each)(void *ctx, int line, const char *text, size_t len), void *ctx, int first,
			  int n, bool keep)
{
	for (int k = 0; k < n; k++)
		each(ctx, first + k, k == 0 && keep ? "" : NULL, 0);
}

void fmt_each_line(const struct battle *b, int file, void (*each)(void *ctx, int line, const char *text, size_t len),
		   void *ctx)
{
	struct buf line;
	buf_init(&line, (size_t)SOURCES_MAX_BYTES * 2);	/* one line may be the whole input: never cut */
	int first_blank = 0, blanks = 0;	/* the run of blank lines not settled yet */
	bool wrote = false;
	int c = 0;	/* the next comment: they are in statement order */
	for (int i = 0; i < b->n_stmts; i++) {
		const struct stmt *s = &b->stmts[i];
		while (c < b->n_comments && b->comments[c].stmt < i)
			c++;
		const char *comment = c < b->n_comments && b->comments[c].stmt == i ? b->comments[c].text : NULL;
		if (s->file != file)
			continue;
		if (s->kind == ST_BLANK && !comment) {	/* runs collapse; none at the top */
			if (!blanks++)
				first_blank = s->line;
			continue;
		}
		settle_blanks(each, ctx, first_blank, blanks, wrote);
		blanks = 0;
		buf_clear(&line);
		put_line(b, s, comment, &line);
		each(ctx, s->line, line.text ? line.text : "", line.len);
		wrote = true;
	}
	settle_blanks(each, ctx, first_blank, blanks, false);	/* none at the end */
	buf_release(&line);
}

static void append_line(void *ctx, int line, const char *text, size_t len)
{
	(void)line;
	if (text) {
		buf_add(ctx, text, len);
		buf_putc(ctx, '\n');
	}
}

void fmt_battle(const struct battle *b, int file, struct buf *out)
{
	fmt_each_line(b, file, append_line, out);
}
