/* session: a battle log open for the recorder's lines. */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../audit/roster.h"
#include "../audit/ruleset.h"
#include "../grammar/arena.h"
#include "../grammar/fmt.h"
#include "../grammar/fold.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"
#include "durable.h"
#include "load.h"

/* What the file on disk was when the session last read or wrote it: a
 * change made by another process moves one of these, even one that keeps
 * the size (the times have the file system's clock tick, a few
 * milliseconds: a change in the same tick as the session's own write and
 * of the same size goes unseen). */
struct disk_stamp {
	bool known;		/* the file could be stat'ed */
	long long size;
	struct timespec mtime, ctime;	/* ctime: touch cannot set it back */
	dev_t dev;
	ino_t ino;		/* another file renamed over it */
};

struct session {
	char *path;
	struct session_opts o;
	struct parse_opts popts;
	struct parse_session *ps;
	const struct battle *b;		/* the parse session's */
	const struct ruleset *rs;
	struct audit_opts aopts;
	struct records records;		/* the derivation of the line tried */
	struct findings findings;
	struct audit *audit;
	bool ends_in_newline;		/* the file on disk */
	struct disk_stamp disk;		/* the file as the session left it */
	char *pending;			/* the line tried, waiting for accept or discard */
};

static struct disk_stamp stamp_of(const struct stat *st)
{
	return (struct disk_stamp){.known = true, .size = (long long)st->st_size, .mtime = st->st_mtim,
				   .ctime = st->st_ctim, .dev = st->st_dev, .ino = st->st_ino};
}

static bool same_time(struct timespec a, struct timespec b)
{
	return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* Whether st is the file the stamp was taken of, unchanged. */
static bool stamp_matches(const struct disk_stamp *d, const struct stat *st)
{
	return d->known && d->size == (long long)st->st_size && same_time(d->mtime, st->st_mtim) &&
	       same_time(d->ctime, st->st_ctim) && d->dev == st->st_dev && d->ino == st->st_ino;
}

/* Audits the battle in memory from its first statement: the state as the
 * log stands, after a line is taken back or a ruling changes an event. */
static void rebuild(struct session *s)
{
	audit_free(s->audit);
	findings_release(&s->findings);
	findings_init(&s->findings);
	records_clear(&s->records);
	s->aopts.records = NULL;	/* a replay needs no derivations */
	s->audit = audit_start(s->rs, s->b, &s->aopts, &s->findings);
	audit_through(s->audit, s->b->n_stmts);
	s->aopts.records = &s->records;
}

static void unload(struct session *s)
{
	audit_free(s->audit);
	s->audit = NULL;
	parse_session_close(s->ps);
	s->ps = NULL;
	s->b = NULL;
}

/* Parses the file and replays it; -1 with d or err saying why not. */
static int load(struct session *s, struct diags *d, char *err, size_t errsize)
{
	s->ps = parse_session_open(s->path, &s->popts, d);
	if (!s->ps)
		return -1;
	s->b = parse_session_battle(s->ps);
	if (d->n_errors) {
		snprintf(err, errsize, "%s does not parse; fix it (umpire check) before recording", s->path);
		return -1;
	}
	s->rs = s->b->vocab ? ruleset_find(s->b->vocab->name) : ruleset_at(0);
	if (!s->rs) {
		snprintf(err, errsize, "%s: no ruleset here can audit it", s->path);
		return -1;
	}
	char why[256];
	for (int i = 0; i < s->o.n_options; i++)
		if (!audit_check_option(s->rs->vocab, s->o.options[i], why, sizeof why)) {
			snprintf(err, errsize, "--option %s: %s", s->o.options[i], why);
			return -1;
		}
	const struct source *top = &s->b->src.v[0];
	s->ends_in_newline = top->len == 0 || top->text[top->len - 1] == '\n';
	struct stat st;
	s->disk = stat(s->path, &st) == 0 ? stamp_of(&st) : (struct disk_stamp){.known = false};
	rebuild(s);
	return 0;
}

struct session *session_open(const char *path, const struct session_opts *o, struct diags *d, char *err,
			     size_t errsize)
{
	struct session *s = xcalloc(1, sizeof *s);
	s->path = xstrdup(path);
	s->o = *o;
	s->popts = (struct parse_opts){.lex = load_lexer(), .find_rules = ruleset_vocab,
				       .default_rules = ruleset_default(), .include_root = o->include_root};
	s->aopts = (struct audit_opts){.follow = o->follow, .options = o->options, .n_options = o->n_options};
	records_init(&s->records);
	findings_init(&s->findings);
	err[0] = '\0';
	if (load(s, d, err, errsize) < 0) {
		session_close(s);
		return NULL;
	}
	return s;
}

void session_close(struct session *s)
{
	if (!s)
		return;
	unload(s);
	records_release(&s->records);
	findings_release(&s->findings);
	free(s->pending);
	free(s->path);
	free(s);
}

/* Rebuilds from the file with room for more lines; when the file no
 * longer parses (edited under the recorder), -1 and the session as it was. */
static int reload(struct session *s)
{
	struct session old = *s;
	s->ps = NULL;
	s->audit = NULL;
	s->b = NULL;
	struct diags d;
	diags_init(&d, 8);
	char err[256];
	int rc = load(s, &d, err, sizeof err);
	diags_release(&d);
	if (rc < 0) {
		unload(s);
		s->ps = old.ps;
		s->b = old.b;
		s->rs = old.rs;
		s->ends_in_newline = old.ends_in_newline;
		s->disk = old.disk;
		rebuild(s);	/* the findings the failed load reset */
		return -1;
	}
	audit_free(old.audit);
	parse_session_close(old.ps);
	return 0;
}

/* Whether the file on disk is still as the session left it (size, times,
 * inode): a change made under the recorder would make its state a lie. */
static bool unchanged_on_disk(const struct session *s)
{
	struct stat st;
	return stat(s->path, &st) == 0 && stamp_matches(&s->disk, &st);
}

/* Parses the line into the battle, its diagnostics rendered into said;
 * its statement, or -1 (taken back). */
static int add_line(struct session *s, const char *line, size_t len, struct buf *said)
{
	struct diags d;
	diags_init(&d, 50);
	int i = parse_session_add(s->ps, line, len, &d);
	for (int k = 0; k < d.n; k++)
		diag_render(&d.v[k], &s->b->src, said);
	if (i < 0)
		parse_session_retract(s->ps);
	diags_release(&d);
	return i;
}

int session_try(struct session *s, const char *line, struct buf *said, struct session_take *out)
{
	session_discard(s);
	size_t len = strlen(line);	/* a CR inside is the lexer's to refuse */
	while (len > 0 && strchr(" \t\r\n", line[len - 1]))
		len--;
	int i = add_line(s, line, len, said);
	if (i < 0)
		return -1;
	const struct stmt *st = &s->b->stmts[i];
	struct buf canonical;	/* what fmt would write: the log stays canonical */
	buf_init(&canonical, 0);
	fmt_line(s->b, i, &canonical);
	s->pending = buf_detach(&canonical);
	buf_release(&canonical);
	records_clear(&s->records);
	*out = (struct session_take){.stmt = i, .since = i};
	if (st->kind == ST_RULING && st->u->ruling.verb == RULING_OVERRIDE) {
		rebuild(s);	/* the state follows the umpire from the event it settles */
		out->since = st->u->ruling.event;
	} else {
		audit_through(s->audit, i + 1);
	}
	out->rec = records_find(&s->records, i);
	return 0;
}

bool session_pending(const struct session *s)
{
	return s->pending != NULL;
}

const char *session_pending_text(const struct session *s)
{
	return s->pending;
}

void session_discard(struct session *s)
{
	if (!s->pending)
		return;
	parse_session_retract(s->ps);
	free(s->pending);
	s->pending = NULL;
	rebuild(s);
}

int session_accept(struct session *s)
{
	if (!s->pending)
		return 0;
	int fd = open(s->path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	struct buf text;
	buf_init(&text, 0);
	if (!s->ends_in_newline)
		buf_puts(&text, "\n");
	buf_puts(&text, s->pending);
	buf_puts(&text, "\n");
	size_t text_len = text.len;
	int rc = fstat(fd, &st);
	if (rc == 0 && !stamp_matches(&s->disk, &st)) {
		buf_release(&text);
		close(fd);
		errno = ESTALE;	/* changed under the recorder: appending would mix two stories */
		return -1;
	}
	/* one write: a line lands whole or, when the disk refuses part of it,
	 * is cut off again, so the file stays notation */
	if (rc == 0 && (durable_write_all(fd, text.text, text.len) < 0 || fsync(fd) < 0)) {
		int e = errno;
		if (ftruncate(fd, st.st_size) == 0)
			(void)fsync(fd);
		errno = e;
		rc = -1;
	}
	buf_release(&text);
	struct stat after;
	if (rc == 0 && fstat(fd, &after) == 0 && (long long)after.st_size == (long long)st.st_size + (long long)text_len)
		s->disk = stamp_of(&after);
	else if (rc == 0)	/* another writer's bytes with ours: the next append sees it */
		s->disk.known = false;
	int e = errno;
	if (close(fd) < 0 && rc == 0)
		return -1;
	errno = e;
	if (rc < 0)
		return -1;
	s->ends_in_newline = true;
	free(s->pending);
	s->pending = NULL;
	return 0;
}

/* The last statement of the turns in the top file, or -1. */
static int last_turns_line(const struct battle *b)
{
	for (int i = b->n_stmts - 1; i >= 0; i--) {
		const struct stmt *st = &b->stmts[i];
		if (st->file != 0 || st->kind == ST_BLANK)
			continue;
		if (st->kind == ST_TURN || st->kind == ST_PHASE || st->kind == ST_EVENT || st->kind == ST_RULING)
			return i;
		return -1;	/* the order of battle: the turns are empty */
	}
	return -1;
}

/* Reads all of the file at path into out; -1 with errno. */
static int read_file(const char *path, struct buf *out)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	char chunk[8192];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		if (buf_add(out, chunk, n) < 0) {
			fclose(f);
			errno = EFBIG;
			return -1;
		}
	int failed = ferror(f);
	fclose(f);
	if (failed)
		errno = EIO;
	return failed ? -1 : 0;
}

/* The byte range of 1-based line in text (its newline with it). */
static void line_span(const char *text, size_t len, int line, size_t *start, size_t *end)
{
	size_t at = 0;
	for (int l = 1; l < line && at < len; l++) {
		const char *nl = memchr(text + at, '\n', len - at);
		at = nl ? (size_t)(nl - text) + 1 : len;
	}
	const char *nl = memchr(text + at, '\n', len - at);
	*start = at;
	*end = nl ? (size_t)(nl - text) + 1 : len;
}

enum session_undo session_undo(struct session *s, struct buf *what, char *why, size_t size)
{
	session_discard(s);
	int i = last_turns_line(s->b);
	if (i < 0)
		return UNDO_NOTHING;
	if (!unchanged_on_disk(s))
		return UNDO_CHANGED;
	int line = s->b->stmts[i].line;
	size_t len;
	const char *text = sources_line(&s->b->src, 0, line, &len);
	buf_add(what, text, len);
	struct buf file;
	buf_init(&file, SOURCES_MAX_BYTES);
	if (read_file(s->path, &file) < 0) {
		snprintf(why, size, "cannot read '%s': %s", s->path, strerror(errno));
		buf_release(&file);
		return UNDO_IO;
	}
	size_t start, end;
	line_span(file.text, file.len, line, &start, &end);
	memmove(file.text + start, file.text + end, file.len - end);
	file.len -= end - start;
	int rc = durable_replace(s->path, "undo", file.text, file.len, why, size);
	buf_release(&file);
	if (rc < 0)
		return UNDO_IO;
	if (reload(s) < 0)
		return UNDO_CHANGED;
	return UNDO_DONE;
}

bool session_next_turn(const struct session *s, struct buf *out)
{
	const struct battle *b = s->b;
	int last = -1;
	for (int i = b->n_stmts - 1; i >= 0 && last < 0; i--)
		if (b->stmts[i].kind == ST_TURN)
			last = i;
	if (last < 0)
		return false;
	struct stmt next;
	union stmt_body body;
	stmt_copy(&b->stmts[last], &next, &body);
	next.u->turn.number++;
	if (next.u->turn.side) {	/* the side after it in the order they are declared, round */
		const char *first = NULL, *after = NULL;
		bool seen = false;
		for (int i = 0; i < b->n_stmts && !after; i++) {
			if (b->stmts[i].kind != ST_SIDE)
				continue;
			const char *id = b->stmts[i].u->side.id;
			if (!first)
				first = id;
			if (seen)
				after = id;
			seen = seen || strcmp(id, next.u->turn.side) == 0;
		}
		next.u->turn.side = after ? after : first;
	}
	fmt_stmt(b, &next, out);
	return true;
}

const struct battle *session_battle(const struct session *s)
{
	return s->b;
}

const struct audit *session_audit(const struct session *s)
{
	return s->audit;
}

const struct findings *session_findings(const struct session *s)
{
	return &s->findings;
}

const char *session_path(const struct session *s)
{
	return s->path;
}

bool session_describe_fields(const struct session *s, char kind, const char *id, const struct fields *f,
			     struct buf *out)
{
	buf_printf(out, "%s: ", id);
	size_t at = out->len;
	roster_describe(s->rs->terms, kind, f, out);
	return kind == 'U' || strcmp(out->text + at, "in play") != 0;
}

void session_describe_unit(const struct session *s, int u, struct buf *out)
{
	struct fields f;
	audit_unit_fields(s->audit, u, &f);
	session_describe_fields(s, 'U', state_unit_at(&s->audit->st, u)->decl->id, &f, out);
}

void session_describe_leader(const struct session *s, int l, struct buf *out)
{
	struct fields f;
	state_leader_fields(&s->audit->st, l, &f);
	session_describe_fields(s, 'L', state_leader_at(&s->audit->st, l)->decl->id, &f, out);
}

/* Suggestions and odds */

static bool claim_empty(const struct claim *c)
{
	return !c->n_mods && !c->has_total && !c->effect && !c->outcome && !c->has_loss;
}

/* The part of rec for role and unit (NULL: the first of the role). */
static const struct rec_part *part_of(const struct record *rec, enum part_role role, const char *unit)
{
	for (int i = 0; i < rec->n_parts; i++)
		if (rec->parts[i].role == role && (!unit || fold_same(rec->parts[i].unit, unit)))
			return &rec->parts[i];
	return NULL;
}

/* What a suggestion reads: the record, and an arena for the modifiers it
 * writes. */
struct suggesting {
	const struct record *rec;
	struct arena *copies;
	const struct vocab *vocab;
	int effects;		/* the event's category of effects */
};

/* The entry of effect, a word the audit recorded, or NULL. */
static const struct vocab_word *effect_entry(const struct suggesting *sg, const char *effect)
{
	return effect ? vocab_find(sg->vocab, sg->effects, effect, strlen(effect)) : NULL;
}

/* Fills an empty claim from what the record's part for role (or for unit,
 * role NULL) derived (shape_derived.fill). */
static bool fill_claim(void *ctx, const char *role, const char *unit, const struct vocab_word *effect,
		       struct claim *c)
{
	const struct suggesting *sg = ctx;
	const struct rec_part *p = role ? part_of(sg->rec, (enum part_role)part_role_of(role), NULL)
					: part_of(sg->rec, ROLE_UNIT, unit);
	if (!p || !claim_empty(c) || (!p->has_total && !effect && !p->effect))
		return false;
	struct mod *mods = arena_alloc(sg->copies, (size_t)p->n_mods * sizeof *mods);
	int n = 0;
	for (int m = 0; m < p->n_mods; m++)
		if (p->mods[m].value != 0)	/* a zero changes nothing and is not written */
			mods[n++] = (struct mod){.code = p->mods[m].code, .value = p->mods[m].value, .has_value = true};
	c->mods = mods;
	c->n_mods = n;
	c->has_total = p->has_total;
	c->total = p->total;
	c->effect = p->effect ? effect_entry(sg, p->effect) : effect;
	c->has_loss = p->loss > 0;
	c->loss = p->loss;
	return true;
}

bool session_suggest(const struct session *s, const struct session_take *take, struct buf *out)
{
	const struct stmt *st = &s->b->stmts[take->stmt];
	const struct record *rec = take->rec;
	if (st->kind != ST_EVENT || !rec || !st->u->event.def->shape->suggest)
		return false;
	struct stmt copy;
	union stmt_body body;
	stmt_copy(st, &copy, &body);
	struct suggesting sg = {
		.rec = rec, .copies = arena_new(), .vocab = s->b->vocab, .effects = st->u->event.def->effects,
	};
	const struct shape_derived derived = {
		.ctx = &sg, .fill = fill_claim, .effect = effect_entry(&sg, rec->effect), .has_diff = rec->has_diff,
		.diff = rec->diff,
	};
	bool ok = copy.u->event.def->shape->suggest(&copy.u->event, &derived, sg.copies);
	if (ok)
		fmt_stmt(s->b, &copy, out);
	arena_free(sg.copies);
	return ok;
}

/* Whether text parses as the next line, with one die; its sides in *sides. */
static bool parses_with_die(struct session *s, const char *text, int *sides)
{
	struct diags d;
	diags_init(&d, 4);
	int i = parse_session_add(s->ps, text, strlen(text), &d);
	bool ok = false;
	if (i >= 0 && s->b->stmts[i].kind == ST_EVENT) {
		const struct face *f = s->b->stmts[i].u->event.def->shape->die(&s->b->stmts[i].u->event);
		ok = f && f->n == 1;
		if (ok)
			*sides = f->die ? f->die : s->b->vocab->die;
	}
	parse_session_retract(s->ps);
	diags_release(&d);
	return ok;
}

enum { ODDS_PLACES = 24 };

/* Where a die written into line makes it parse: the end of the first word
 * after which " [1]" does, outside parentheses; -1 if none. */
static int die_place(struct session *s, const char *line, int *sides)
{
	size_t len = strlen(line);
	char *text = xmalloc(len + 8);
	int depth = 0, place = -1;
	int tried = 0;	/* a die stands within the first words: a long line is not worth each place */
	for (size_t i = 1; i <= len && place < 0 && tried < ODDS_PLACES; i++) {
		depth += line[i - 1] == '(' ? 1 : line[i - 1] == ')' ? -1 : 0;
		bool word_end = line[i - 1] != ' ' && (i == len || line[i] == ' ' || line[i] == ':');
		if (depth != 0 || !word_end)
			continue;
		tried++;
		snprintf(text, len + 8, "%.*s [1]%s", (int)i, line, line + i);
		if (parses_with_die(s, text, sides))
			place = (int)i;
	}
	free(text);
	return place;
}

/* the first room for a line's parts (it grows), the largest die, a result's text, a charge's results */
enum { ODDS_PARTS = 8, ODDS_FACES = 100, ODDS_TEXT = 48, ODDS_EFFECTS = 24 };

/* A charge line with the dice not given written in: the attacker's face a
 * at the end of the part before `|` (which must hold no claim yet), the
 * defender's face d first after it.  *known: which dice the line gave
 * (bit 0 the attacker's, bit 1 the defender's).  False when the line is
 * not of that form. */
static bool charge_faces(const char *line, int a, int d, char *out, size_t size, int *known)
{
	const char *bar = strchr(line, '|');
	size_t left = bar ? (size_t)(bar - line) : strlen(line);
	while (left && line[left - 1] == ' ')
		left--;
	const char *right = bar ? bar + 1 + strspn(bar + 1, " ") : "";
	bool a_given = memchr(line, '[', left) != NULL, d_given = strchr(right, '[') != NULL;
	*known = a_given | d_given << 1;
	if (!a_given && (memchr(line, '+', left) || memchr(line, '=', left)))
		return false;	/* claims before the die: no place to write it */
	char af[16] = "", df[16] = "";
	if (!a_given)
		snprintf(af, sizeof af, " [%d]", a);
	if (!d_given)
		snprintf(df, sizeof df, "[%d]%s", d, *right ? " " : "");
	return snprintf(out, size, "%.*s%s | %s%s", (int)left, line, af, df, right) < (int)size;
}

/* How many faces the clash line text rolls a side (its die, or the
 * ruleset's); 0 when it does not parse as a clash here. */
static int clash_sides(struct session *s, const char *text)
{
	struct diags d;
	diags_init(&d, 4);
	int i = parse_session_add(s->ps, text, strlen(text), &d);
	int sides = 0;
	if (i >= 0 && s->b->stmts[i].kind == ST_EVENT && s->b->stmts[i].u->event.def->shape == &shape_clash) {
		const struct face *f = &s->b->stmts[i].u->event.u.clash.side[0].die;
		sides = f->die ? f->die : s->b->vocab->die;
	}
	parse_session_retract(s->ps);
	diags_release(&d);
	return sides;
}

/* What the charge's outcomes add up to over the dice not given. */
struct clash_odds {
	const char *effect[ODDS_EFFECTS];	/* static or the battle's: outlive the discard */
	int count[ODDS_EFFECTS];
	long diff[ODDS_EFFECTS];		/* the sum of its rolls' differences, to order them */
	int n, rolls;
	const char **unit;	/* every unit of the charge, however many each side names */
	long *lost;
	int n_units, cap_units;
};

static void count_clash(struct clash_odds *o, const struct record *rec)
{
	const char *effect = rec->effect ? rec->effect : "?";
	int k = 0;
	while (k < o->n && strcmp(o->effect[k], effect) != 0)
		k++;
	if (k == o->n && o->n < ODDS_EFFECTS)
		o->effect[o->n++] = effect;
	if (k < o->n) {
		o->count[k]++;
		o->diff[k] += rec->has_diff ? rec->diff : 0;
	}
	for (int i = 0; i < rec->n_parts; i++) {
		const struct rec_part *p = &rec->parts[i];
		int u = 0;
		while (u < o->n_units && strcmp(o->unit[u], p->unit) != 0)
			u++;
		if (u == o->n_units) {
			if (o->n_units == o->cap_units) {
				o->cap_units = o->cap_units ? 2 * o->cap_units : ODDS_PARTS;
				o->unit = xrealloc(o->unit, (size_t)o->cap_units * sizeof *o->unit);
				o->lost = xrealloc(o->lost, (size_t)o->cap_units * sizeof *o->lost);
			}
			o->unit[o->n_units] = p->unit;
			o->lost[o->n_units++] = 0;
		}
		o->lost[u] += p->loss;
	}
	o->rolls++;
}

/* Odds of a charge: each effect's chance over the dice the line does not
 * give (both before the roll; the defender's once the attacker's is
 * written, or the other way), and each unit's losses on average. */
static int charge_odds(struct session *s, const char *line, struct buf *out)
{
	char *text = xmalloc(strlen(line) + 64);
	size_t size = strlen(line) + 64;
	int known = 0;
	if (!charge_faces(line, 1, 1, text, size, &known) || known == 3) {
		free(text);
		return -1;
	}
	int sides = clash_sides(s, text);
	if (sides < 2 || sides > ODDS_FACES) {
		free(text);
		return -1;
	}
	struct clash_odds o = {0};
	struct buf scratch;
	buf_init(&scratch, 0);
	for (int a = 1; a <= (known & 1 ? 1 : sides); a++)
		for (int d = 1; d <= (known & 2 ? 1 : sides); d++) {
			charge_faces(line, a, d, text, size, &known);
			struct session_take t;
			buf_clear(&scratch);
			if (session_try(s, text, &scratch, &t) == 0 && t.rec && t.rec->effect)
				count_clash(&o, t.rec);
			session_discard(s);
		}
	buf_release(&scratch);
	free(text);
	if (!o.rolls) {
		free(o.unit);
		free(o.lost);
		return -2;
	}
	buf_printf(out, "  %s:", known == 0 ? "over both dice" : known == 1 ? "over the defender's die"
											 : "over the attacker's die");
	for (int k = 0; k < o.n; k++) {	/* the attacker's best first: by mean difference */
		int best = k;
		for (int j = k + 1; j < o.n; j++)
			if (o.diff[j] * o.count[best] > o.diff[best] * o.count[j])
				best = j;
		const char *e = o.effect[best];
		int c = o.count[best];
		long d = o.diff[best];
		o.effect[best] = o.effect[k], o.count[best] = o.count[k], o.diff[best] = o.diff[k];
		o.effect[k] = e, o.count[k] = c, o.diff[k] = d;
		buf_printf(out, "%s %s (%d%%)", k ? "," : "", e, (c * 200 + o.rolls) / (2 * o.rolls));
	}
	buf_puts(out, "\n");
	bool any = false;
	for (int u = 0; u < o.n_units; u++)
		any |= o.lost[u] != 0;
	if (any) {
		buf_puts(out, "  lost on average:");
		for (int u = 0; u < o.n_units; u++)
			buf_printf(out, "%s %s %.1f", u ? "," : "", o.unit[u], (double)o.lost[u] / o.rolls);
		buf_puts(out, "\n");
	}
	free(o.unit);
	free(o.lost);
	return 0;
}

int session_odds(struct session *s, const char *line, struct buf *out)
{
	session_discard(s);
	int sides = 0, place = die_place(s, line, &sides);
	if (place < 0)	/* not a line of one die: a charge's two, perhaps */
		return charge_odds(s, line, out);
	if (sides < 2 || sides > ODDS_FACES)
		return -1;
	char (*said)[ODDS_FACES][ODDS_TEXT] = NULL;	/* per part, per face: as many parts as the line has */
	const char **unit = NULL;
	int n_parts = 0, cap = 0;
	size_t len = strlen(line);
	char *text = xmalloc(len + 16);
	struct buf scratch;
	buf_init(&scratch, 0);
	for (int f = 1; f <= sides; f++) {
		snprintf(text, len + 16, "%.*s [%d]%s", place, line, f, line + place);
		struct session_take t;
		buf_clear(&scratch);
		if (session_try(s, text, &scratch, &t) < 0 || !t.rec)
			continue;
		int k = 0;
		for (int i = 0; i < t.rec->n_parts; i++) {
			const struct rec_part *p = &t.rec->parts[i];
			const char *effect = p->effect ? p->effect : t.rec->effect;
			if (!effect)	/* a total alone says nothing of the table */
				continue;
			if (k == cap) {	/* a brigade's check of many units: every one of them */
				cap = cap ? 2 * cap : ODDS_PARTS;
				said = xrealloc(said, (size_t)cap * sizeof *said);
				memset(said + k, 0, (size_t)(cap - k) * sizeof *said);
				unit = xrealloc(unit, (size_t)cap * sizeof *unit);
			}
			if (p->loss)
				snprintf(said[k][f - 1], ODDS_TEXT, "%s, %d lost", effect, p->loss);
			else
				snprintf(said[k][f - 1], ODDS_TEXT, "%s", effect);
			unit[k] = p->unit;	/* the battle's: outlives the discard */
			k++;
		}
		n_parts = k > n_parts ? k : n_parts;
		session_discard(s);
	}
	for (int k = 0; k < n_parts; k++) {
		buf_printf(out, "  %s:", unit[k]);
		for (int f = 1; f <= sides;) {
			int to = f;
			while (to < sides && strcmp(said[k][to], said[k][f - 1]) == 0)
				to++;
			const char *what = said[k][f - 1][0] ? said[k][f - 1] : "?";
			int pct = ((to - f + 1) * 200 + sides) / (2 * sides);	/* rounded */
			if (to > f)
				buf_printf(out, " %d-%d %s (%d%%)", f, to, what, pct);
			else
				buf_printf(out, " %d %s (%d%%)", f, what, pct);
			buf_puts(out, to < sides ? "," : "\n");
			f = to + 1;
		}
	}
	buf_release(&scratch);
	free(text);
	free(said);
	free(unit);
	return n_parts ? 0 : -2;
}

/* Completion */

struct words {
	const char **v;
	int n, max;
	const char *prefix;
	size_t len;
};

static void offer(struct words *w, const char *word)
{
	if (w->n < w->max && fold_equal(word, w->prefix, w->len))
		w->v[w->n++] = word;
}

static void offer_cat(struct words *w, const struct vocab *v, int cat)
{
	for (size_t i = 0; cat != VC_NONE && i < v->n_words; i++)
		if (v->words[i].cat == cat && !v->words[i].canon)
			offer(w, v->words[i].word);
}

static void offer_ids(struct words *w, const struct battle *b, char kind)
{
	for (int i = 0; i < b->n_syms; i++)
		if (b->syms[i].kind == kind)
			offer(w, b->syms[i].id);
}

static int by_word(const void *x, const void *y)
{
	return strcasecmp(*(const char *const *)x, *(const char *const *)y);
}

/* Sorts the words and drops repeats (an id that is also an effect). */
static int sorted_once(struct words *w)
{
	qsort(w->v, (size_t)w->n, sizeof *w->v, by_word);
	int n = 0;
	for (int i = 0; i < w->n; i++)
		if (n == 0 || strcmp(w->v[n - 1], w->v[i]) != 0)
			w->v[n++] = w->v[i];
	return n;
}

int session_complete(const struct session *s, const char *line, size_t *start, const char **out, int max)
{
	const struct vocab *v = s->b->vocab;
	size_t len = strlen(line);
	size_t at = len;	/* the word being typed */
	while (at > 0 && !strchr(" \t(,;:|>", line[at - 1]))
		at--;
	const char *kw = line + strspn(line, " \t");
	size_t kw_len = strcspn(kw, " \t");
	bool first = kw + kw_len >= line + at;	/* the keyword is being typed */
	*start = at;
	if (!first && (line[at] == '+' || line[at] == '-')) {	/* +1vet: the code after the value */
		*start = at + 1 + strspn(line + at + 1, "0123456789");
	}
	struct words w = {out, 0, max, line + *start, len - *start};
	int words_before = 0;	/* words before the one typed */
	for (size_t i = 0; i < at; i += strspn(line + i, " \t"))
		if (line[i] != ' ' && line[i] != '\t') {
			words_before++;
			i += strcspn(line + i, " \t");
		}
	if (first) {
		for (size_t i = 0; i < v->n_events; i++)
			if (!v->events[i].canon)
				offer(&w, v->events[i].keyword);
		offer(&w, "turn");
		offer(&w, "phase");
		offer(&w, "ruling");
		return sorted_once(&w);
	}
	if (kw_len == 5 && fold_equal(kw, "phase", 5)) {
		offer_cat(&w, v, words_before == 1 ? v->phase : v->phase_mode);
		return sorted_once(&w);
	}
	if (kw_len == 4 && fold_equal(kw, "turn", 4)) {
		offer_ids(&w, s->b, 'S');
		offer_cat(&w, v, v->condition);
		return sorted_once(&w);
	}
	if (kw_len == 6 && fold_equal(kw, "ruling", 6)) {
		for (int i = 0; i < RULING_VERBS; i++)
			offer(&w, ruling_verb_names[i]);
		return sorted_once(&w);
	}
	const struct vocab_event *ev = vocab_find_event(v, kw, kw_len);
	if (ev && *start > at) {
		offer_cat(&w, v, ev->mods);
		return sorted_once(&w);
	}
	/* inside parentheses: the unit's facts */
	size_t open = at;
	while (open > 0 && line[open - 1] != '(' && line[open - 1] != ')')
		open--;
	if (ev && open > 0 && line[open - 1] == '(') {
		offer_cat(&w, v, ev->facts);
		return sorted_once(&w);
	}
	offer_ids(&w, s->b, 'U');
	offer_ids(&w, s->b, 'L');
	if (ev) {
		offer_cat(&w, v, ev->effects);
		offer_cat(&w, v, ev->outcomes);
		if (ev->shape == &shape_check)
			offer_cat(&w, v, v->action);
	}
	return sorted_once(&w);
}
