/* import: a parsed battle, its audit, into the archive's tables. */
#include "import.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../audit/cite.h"
#include "../audit/record.h"
#include "../audit/ruleset.h"
#include "../grammar/buf.h"
#include "../grammar/fmt.h"
#include "../grammar/xalloc.h"

/* One import in progress. */
struct importer {
	struct store *s;
	const struct battle *b;
	const struct import_opts *o;
	char *campaign_options;	/* the campaign's rule options, "NAME=VALUE ..." */
	const char *defaults[AUDIT_MAX_OPTIONS];	/* the same, split (into campaign_options) */
	int n_defaults;
	struct buf warnings;	/* what the import says beside its outcome, a line each */
	int64_t battle, campaign;
	int64_t *event_of;	/* the event row of each statement, 0 for none */
	/* by symbol (n_syms): each unit's and leader's row, its fields as last
	 * stored, and the statement whose record last stored it (plus one) */
	int64_t *row_of;
	struct fields *last;
	int *stored_in;
	int next;		/* the first statement not stored yet */
	int seen;		/* findings stored so far */
	int turn;		/* where the statements stand */
	const char *side, *phase;
	struct buf text;	/* scratch: one statement's canonical text, one state's JSON */
	bool failed;
	char *msg;
};

/* The row of the unit or leader (kind) id just stored. */
static void note_row(struct importer *im, char kind, const char *id)
{
	const struct sym *y = battle_find(im->b, kind, id);
	if (y)
		im->row_of[y - im->b->syms] = sqlite3_last_insert_rowid(store_db(im->s));
}

/* The row of the unit or leader (kind) id as stored, bound; NULL when the
 * battle declares none of that kind. */
static void bind_row(struct importer *im, sqlite3_stmt *st, int i, char kind, const char *id)
{
	const struct sym *y = id ? battle_find(im->b, kind, id) : NULL;	/* units and leaders share a space */
	int64_t row = y && y->kind == kind ? im->row_of[y - im->b->syms] : 0;
	if (row)
		sqlite3_bind_int64(st, i, row);
	else
		sqlite3_bind_null(st, i);
}

/* A text, or NULL, bound as SQL NULL. */
static void bind_text(sqlite3_stmt *st, int i, const char *text)
{
	if (text)
		sqlite3_bind_text(st, i, text, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

/* A message, step, why or state text, its inline seed lines in the
 * player's form (cite_inline), as the audit's output shows it. */
static void bind_inline(sqlite3_stmt *st, int i, const char *text)
{
	if (!text) {
		sqlite3_bind_null(st, i);
		return;
	}
	struct buf b;
	buf_init(&b, 0);
	cite_inline(text, &b);
	sqlite3_bind_text(st, i, b.text ? b.text : "", -1, SQLITE_TRANSIENT);
	buf_release(&b);
}

/* An integer, or NULL when has is false. */
static void bind_int(sqlite3_stmt *st, int i, bool has, int64_t v)
{
	if (has)
		sqlite3_bind_int64(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

/* Steps st; on an error, the import fails with the archive's message. */
static bool run(struct importer *im, sqlite3_stmt *st)
{
	if (im->failed)
		return false;
	if (!st || !store_run(im->s, st)) {
		im->failed = true;
		im->msg = xstrdup(store_error(im->s));
		return false;
	}
	return true;
}

/* The prepared statement, or a failed import. */
static sqlite3_stmt *stmt(struct importer *im, enum store_stmt which)
{
	sqlite3_stmt *st = im->failed ? NULL : store_stmt(im->s, which);
	if (!st && !im->failed) {
		im->failed = true;
		im->msg = xstrdup(store_error(im->s));
	}
	return st;
}

static char *message(const char *fmt, ...) UMPIRE_PRINTF(1, 2);

static char *message(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return xstrdup(buf);
}

void import_hash(const struct battle *b, char out[17])
{
	uint64_t h = 14695981039346656037u;
	struct buf text;
	buf_init(&text, 0);
	for (int i = 0; i < b->src.n; i++) {	/* not the paths: the same battle read from elsewhere is the same */
		buf_clear(&text);
		fmt_battle(b, i, &text);
		for (size_t k = 0; k <= text.len; k++) {	/* the NUL too: a file ends where the next begins */
			h ^= (unsigned char)text.text[k];
			h *= 1099511628211u;
		}
	}
	buf_release(&text);
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

static const struct stmt *first_of(const struct battle *b, enum stmt_kind kind)
{
	for (int i = 0; i < b->n_stmts; i++)
		if (b->stmts[i].kind == kind)
			return &b->stmts[i];
	return NULL;
}

static const char *kv_value(const struct stmt *s, const char *key)
{
	const struct kv *kv = s ? stmt_kv(s, key) : NULL;
	return kv ? kv->value : NULL;
}

/* The battle's campaign row, added if new. */
static int64_t campaign_id(struct importer *im, const char *name)
{
	sqlite3_stmt *st = stmt(im, STMT_CAMPAIGN_FIND);
	if (!st)
		return 0;
	bind_text(st, 1, name ? name : "");
	int64_t id = 0;
	if (sqlite3_step(st) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		im->campaign_options = xstrdup((const char *)sqlite3_column_text(st, 1));
		for (char *tok = strtok(im->campaign_options, " "); tok && im->n_defaults < AUDIT_MAX_OPTIONS;
		     tok = strtok(NULL, " "))
			im->defaults[im->n_defaults++] = tok;
	}
	sqlite3_reset(st);	/* a statement left on a row keeps its read snapshot open */
	if (id)
		return id;
	st = stmt(im, STMT_CAMPAIGN_ADD);
	if (!st)
		return 0;
	bind_text(st, 1, name ? name : "");
	return run(im, st) ? sqlite3_last_insert_rowid(store_db(im->s)) : 0;
}

/* The stored battle of the same identity: its id and hash into *id and
 * hash; false when there is none. */
static bool stored(struct importer *im, int64_t campaign, const struct stmt *head, int64_t *id, char hash[17])
{
	const char *ident = kv_value(head, "id");
	sqlite3_stmt *st = stmt(im, ident ? STMT_BATTLE_BY_IDENT : STMT_BATTLE_BY_NAME);
	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, campaign);
	if (ident) {
		bind_text(st, 2, ident);
	} else {
		bind_text(st, 2, head ? stmt_text(head) : "");
		bind_text(st, 3, kv_value(head, "date"));
	}
	bool found = sqlite3_step(st) == SQLITE_ROW;
	if (found) {
		*id = sqlite3_column_int64(st, 0);
		snprintf(hash, 17, "%s", (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_reset(st);	/* a statement left on a row keeps its read snapshot open */
	return found;
}

/* The run's rule options as one text, "NAME=VALUE ..." ("" for none). */
static char *options_text(const struct import_opts *o)
{
	struct buf t;
	buf_init(&t, 0);
	for (int i = 0; i < o->n_options; i++)
		buf_printf(&t, "%s%s", i ? " " : "", o->options[i]);
	char *s = xstrdup(t.text ? t.text : "");
	buf_release(&t);
	return s;
}

/* The campaign's options as the battle is audited under them (a static
 * text until the next call). */
static const char *defaults_text(const struct importer *im)
{
	static char text[1024];
	size_t n = 0;
	text[0] = '\0';
	for (int i = 0; i < im->n_defaults && n < sizeof text; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", i ? " " : "", im->defaults[i]);
	return text;
}

/* The rule options the battle is audited under from source ("run", its
 * import's --options; "campaign", its campaign's), text "NAME=VALUE ...",
 * a row each. */
static void put_options(struct importer *im, const char *source, const char *text)
{
	sqlite3_stmt *st = stmt(im, STMT_BATTLE_OPTIONS_PUT);
	if (!st)
		return;
	sqlite3_bind_int64(st, 1, im->battle);
	bind_text(st, 2, text);
	bind_text(st, 3, source);
	run(im, st);
}

/* The battle row: added, or the stored one's columns replaced. */
static void put_battle(struct importer *im, int64_t campaign, const char *hash, const struct import_opts *o,
		       bool replace)
{
	const struct battle *b = im->b;
	const struct stmt *head = first_of(b, ST_BATTLE);
	const struct stmt *scenario = first_of(b, ST_SCENARIO), *result = first_of(b, ST_RESULT);
	sqlite3_stmt *st = stmt(im, replace ? STMT_BATTLE_REPLACE : STMT_BATTLE_ADD);
	if (!st)
		return;
	char *options = options_text(o);
	if (replace)
		sqlite3_bind_int64(st, 1, im->battle);
	else
		sqlite3_bind_int64(st, 1, campaign);
	bind_text(st, 2, kv_value(head, "id"));
	bind_text(st, 3, head ? stmt_text(head) : "");
	bind_text(st, 4, kv_value(head, "date"));
	bind_text(st, 5, b->vocab->name);
	bind_text(st, 6, scenario ? stmt_text(scenario) : NULL);
	bind_text(st, 7, result ? stmt_text(result) : NULL);
	const char *seq = kv_value(head, "seq");
	bind_int(st, 8, seq != NULL, seq ? atoi(seq) : 0);
	bind_text(st, 9, hash);
	bind_text(st, 10, o->umpire_version);
	bind_text(st, 11, o->follow == FOLLOW_DERIVED ? "derived" : "claimed");
	const char *key = kv_value(scenario, "id");	/* the scenario's identity across plays: its id=, else its name */
	bind_text(st, 12, key ? key : scenario ? stmt_text(scenario) : NULL);
	const char *victor = kv_value(result, "victor");	/* as the side is declared: ids match in any case */
	const struct sym *side = victor ? battle_find(b, 'S', victor) : NULL;
	bind_text(st, 13, side ? side->id : victor && strcasecmp(victor, "draw") == 0 ? "draw" : victor);
	if (run(im, st) && !replace)
		im->battle = sqlite3_last_insert_rowid(store_db(im->s));
	if ((st = stmt(im, STMT_BATTLE_OPTIONS_CLEAR))) {
		sqlite3_bind_int64(st, 1, im->battle);
		run(im, st);
	}
	put_options(im, "run", options);
	put_options(im, "campaign", defaults_text(im));
	free(options);
}

/* Later battles of the campaign that carry units from a replaced one are
 * stale: their starting strength may no longer be what it ended with. */
static void mark_later_stale(struct importer *im)
{
	sqlite3_stmt *st = stmt(im, STMT_BATTLE_MARK_LATER_STALE);
	if (!st)
		return;
	sqlite3_bind_int64(st, 1, im->battle);
	if (run(im, st) && sqlite3_changes(store_db(im->s)) > 0)
		buf_printf(&im->warnings, "note: %d later battle%s carrying units from it marked stale ('umpire db "
			   "reaudit')\n", sqlite3_changes(store_db(im->s)), sqlite3_changes(store_db(im->s)) == 1 ? "" : "s");
}

/* What a replaced battle held goes; the battle row and its id stay. */
static void clear_battle(struct importer *im)
{
	static const enum store_stmt clear[] = {
		STMT_BATTLE_CLEAR_FINDINGS, STMT_BATTLE_CLEAR_EVENTS, STMT_BATTLE_CLEAR_UNITS,
		STMT_BATTLE_CLEAR_LEADERS, STMT_BATTLE_CLEAR_SIDES, STMT_BATTLE_CLEAR_FILES, STMT_BATTLE_CLEAR_ATTRS,
	};
	for (size_t i = 0; i < sizeof clear / sizeof clear[0]; i++) {
		sqlite3_stmt *st = stmt(im, clear[i]);
		if (!st)
			return;
		sqlite3_bind_int64(st, 1, im->battle);
		run(im, st);
	}
}

static void put_attr(struct importer *im, const char *kind, int seq, const char *name, const char *value)
{
	sqlite3_stmt *st = stmt(im, STMT_ATTR_ADD);
	if (!st)
		return;
	sqlite3_bind_int64(st, 1, im->battle);
	bind_text(st, 2, kind);
	sqlite3_bind_int(st, 3, seq);
	bind_text(st, 4, name);
	bind_text(st, 5, value);
	run(im, st);
}

/* The header's attributes, rule options and special rules, as written. */
static void put_header(struct importer *im)
{
	int seq = 0;
	for (int i = 0; i < im->b->n_stmts; i++) {
		const struct stmt *s = &im->b->stmts[i];
		if (s->kind == ST_BATTLE)
			for (int k = 0; k < s->u->header.n_kvs; k++)
				put_attr(im, "attr", seq++, s->u->header.kvs[k].key, s->u->header.kvs[k].value);
		else if (s->kind == ST_OPTION)
			put_attr(im, "option", seq++, s->u->option.name, s->u->option.value);
		else if (s->kind == ST_SPECIAL)
			put_attr(im, "special", seq++, "special", stmt_text(s));
		else if (s->kind == ST_TURN)
			break;
	}
}

/* Each file's path as stored: relative to the battle's own folder (the
 * battle "palo-alto.battle", its include "oob/palo-alto.oob"), so that an
 * archive handed to the next organiser names no folder of this machine
 * and the stored text parses again the same (source_join of the stored
 * paths gives the stored paths); a file outside that folder, as given. */
static const char *stored_path(const struct sources *src, int i)
{
	const char *top = src->v[0].path, *slash = strrchr(top, '/');
	size_t dir = slash ? (size_t)(slash - top) + 1 : 0;
	const char *path = src->v[i].path;
	return dir && strncmp(path, top, dir) == 0 && path[dir] ? path + dir : path;
}

static void put_files(struct importer *im)
{
	const struct sources *src = &im->b->src;
	for (int i = 0; i < src->n; i++) {
		sqlite3_stmt *st = stmt(im, STMT_FILE_ADD);
		if (!st)
			return;
		const struct source *f = &src->v[i];
		sqlite3_bind_int64(st, 1, im->battle);
		sqlite3_bind_int(st, 2, i);
		bind_text(st, 3, stored_path(src, i));
		sqlite3_bind_text(st, 4, f->text, (int)f->len, SQLITE_TRANSIENT);
		bind_int(st, 5, f->included_at.file >= 0, f->included_at.file);
		bind_int(st, 6, f->included_at.file >= 0, f->included_at.line);
		run(im, st);
	}
}

static void put_unit_words(struct importer *im, int64_t unit, const struct st_unit *u)
{
	const struct vocab *v = im->b->vocab;
	for (int c = VC_NONE + 1; c < v->n_cats && c < UNIT_SLOTS; c++) {
		if (!battle_unit_word(u, c))
			continue;
		sqlite3_stmt *st = stmt(im, STMT_UNIT_WORD_ADD);
		if (!st)
			return;
		sqlite3_bind_int64(st, 1, unit);
		bind_text(st, 2, vocab_cat_name(v, c));
		bind_text(st, 3, battle_unit_word(u, c));
		run(im, st);
	}
	for (int i = 0; i < u->n_flags; i++) {
		sqlite3_stmt *st = stmt(im, STMT_UNIT_WORD_ADD);
		if (!st)
			return;
		sqlite3_bind_int64(st, 1, unit);
		bind_text(st, 2, v->cats[u->flags[i]->cat].name);
		bind_text(st, 3, u->flags[i]->word);
		run(im, st);
	}
}

static void put_finding(struct importer *im, const struct finding *f)
{
	sqlite3_stmt *st = stmt(im, STMT_FINDING_ADD);
	if (!st)
		return;
	int64_t event = f->stmt >= 0 && f->stmt < im->b->n_stmts ? im->event_of[f->stmt] : 0;
	sqlite3_bind_int64(st, 1, im->battle);
	bind_int(st, 2, event != 0, event);
	sqlite3_bind_int(st, 3, f->stmt);
	bind_int(st, 4, f->at.file >= 0, f->at.file);
	bind_int(st, 5, f->at.file >= 0, f->at.line);
	bind_int(st, 6, f->at.file >= 0, f->at.col);
	bind_text(st, 7, finding_code_name(f->code));
	bind_text(st, 8, diag_severity_name(f->severity));
	bind_inline(st, 9, f->msg);
	bind_text(st, 10, f->cite);
	bind_text(st, 11, f->side);
	sqlite3_bind_int(st, 12, f->overruled);
	run(im, st);
}

/* A statement about unit u's earlier battles of the campaign, bound: ?1
 * the campaign, ?2 this battle, ?3 its campaign identity, ?4 its side, ?5
 * and ?6 this battle's date and seq (the campaign's order); NULL after a
 * failure. */
static sqlite3_stmt *unit_in_campaign(struct importer *im, enum store_stmt which, int64_t campaign,
				      const struct st_unit *u)
{
	const struct stmt *head = first_of(im->b, ST_BATTLE);
	const char *seq = kv_value(head, "seq");
	sqlite3_stmt *st = stmt(im, which);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, campaign);
	sqlite3_bind_int64(st, 2, im->battle);
	bind_text(st, 3, u->as ? u->as : u->id);
	bind_text(st, 4, u->side);
	bind_text(st, 5, kv_value(head, "date"));
	bind_int(st, 6, seq != NULL, seq ? atoi(seq) : 0);
	return st;
}

/* A carried unit's original= is the stands it began the campaign with:
 * those of its first battle of the campaign, when the archive has it. */
static void check_original(struct importer *im, int64_t campaign, const struct st_unit *u, int decl)
{
	sqlite3_stmt *st = unit_in_campaign(im, STMT_FIRST_STRENGTH, campaign, u);
	if (!st)
		return;
	char msg[512] = "";
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 2) != u->original)
		snprintf(msg, sizeof msg, "%s began the campaign with %d stands (battle %lld, %s), but the file gives "
			 "original=%d", u->id, sqlite3_column_int(st, 2), (long long)sqlite3_column_int64(st, 0),
			 (const char *)sqlite3_column_text(st, 1), u->original);
	sqlite3_reset(st);
	if (!*msg)
		return;
	buf_printf(&im->warnings, "%s:%d: warning: %s\n", im->b->src.v[u->id_at.file].path, u->id_at.line, msg);
	struct finding f = {.code = FINDING_STATE, .severity = DIAG_WARNING, .at = u->id_at, .msg = msg, .stmt = decl,
			    .side = u->side};
	put_finding(im, &f);
}

/* A unit marked carry starts with the stands it ended its last battle of
 * the campaign with (the same side and campaign identity): the file
 * records the number, and a number other than the archive's is said. */
static void check_carry(struct importer *im, int64_t campaign, const struct st_unit *u, int decl)
{
	sqlite3_stmt *st = unit_in_campaign(im, STMT_CARRIED_FROM, campaign, u);
	if (!st)
		return;
	if (sqlite3_step(st) == SQLITE_ROW) {
		int stands = sqlite3_column_int(st, 3);
		if (stands != u->stands) {
			char msg[512];
			snprintf(msg, sizeof msg, "%s carries %d stand%s from battle %lld (%s, as %s), but the file gives "
				 "stands=%d", u->id, stands, stands == 1 ? "" : "s", (long long)sqlite3_column_int64(st, 0),
				 (const char *)sqlite3_column_text(st, 1), (const char *)sqlite3_column_text(st, 2),
				 u->stands);
			buf_printf(&im->warnings, "%s:%d: warning: %s\n", im->b->src.v[u->id_at.file].path, u->id_at.line,
				   msg);
			sqlite3_reset(st);
			struct finding f = {.code = FINDING_STATE, .severity = DIAG_WARNING, .at = u->id_at,
					    .msg = msg, .stmt = decl, .side = u->side};
			put_finding(im, &f);	/* kept with the battle's findings: show counts it */
			return;
		}
	} else {
		buf_printf(&im->warnings, "note: %s is marked carry, but no earlier battle of the campaign has it\n",
			   u->id);
	}
	sqlite3_reset(st);
}

/* What the ruleset notes of a unit given its earlier battles of the
 * campaign (struct ruleset.campaign_note): RFF's volunteers who saw
 * combat. */
static void note_past(struct importer *im, int64_t campaign, const struct st_unit *u)
{
	const struct ruleset *rs = ruleset_find(im->b->vocab->name);
	if (!rs || !rs->campaign_note)
		return;
	sqlite3_stmt *st = unit_in_campaign(im, STMT_UNIT_PAST, campaign, u);
	if (!st)
		return;
	if (sqlite3_step(st) == SQLITE_ROW) {
		struct unit_past past = {.battle = (const char *)sqlite3_column_text(st, 0),
					 .saw_combat = sqlite3_column_int(st, 1) != 0};
		rs->campaign_note(u, &past, &im->warnings);
	}
	sqlite3_reset(st);
}

/* Sides, leaders and units as declared. */
static void put_order_of_battle(struct importer *im)
{
	for (int i = 0; i < im->b->n_stmts && !im->failed; i++) {
		const struct stmt *s = &im->b->stmts[i];
		sqlite3_stmt *st;
		if (s->kind == ST_SIDE && (st = stmt(im, STMT_SIDE_ADD))) {
			sqlite3_bind_int64(st, 1, im->battle);
			bind_text(st, 2, s->u->side.id);
			bind_text(st, 3, s->u->side.label);
			bind_text(st, 4, vocab_spelling(s->u->side.nation));
			bind_int(st, 5, s->u->side.players >= 0, s->u->side.players);
			bind_text(st, 6, kv_value(s, "as"));
			run(im, st);
		} else if (s->kind == ST_LEADER && (st = stmt(im, STMT_LEADER_ADD))) {
			const struct st_leader *l = &s->u->leader;
			sqlite3_bind_int64(st, 1, im->battle);
			bind_text(st, 2, l->side);
			bind_text(st, 3, l->id);
			bind_text(st, 4, l->name);
			bind_text(st, 5, vocab_spelling(l->rating));
			bind_text(st, 6, l->under);
			if (run(im, st))
				note_row(im, 'L', l->id);
		} else if (s->kind == ST_UNIT && (st = stmt(im, STMT_UNIT_ADD))) {
			const struct st_unit *u = &s->u->unit;
			sqlite3_bind_int64(st, 1, im->battle);
			bind_text(st, 2, u->side);
			bind_text(st, 3, u->id);
			bind_text(st, 4, u->name);
			bind_text(st, 5, u->as ? u->as : u->id);
			sqlite3_bind_int(st, 6, u->stands);
			bind_text(st, 7, u->cmd);
			sqlite3_bind_int(st, 8, u->carry);
			if (run(im, st)) {
				note_row(im, 'U', u->id);
				put_unit_words(im, sqlite3_last_insert_rowid(store_db(im->s)), u);
			}
			if (u->carry && !im->failed)
				check_carry(im, im->campaign, u, i);
			if (u->carry && u->original > 0 && !im->failed)
				check_original(im, im->campaign, u, i);
			if (!im->failed && im->o->campaign && *im->o->campaign)	/* battles of no campaign have no past */
				note_past(im, im->campaign, u);
		}
	}
}

/* A modifier: its code and value, facts; its citation and its reason are
 * prose `umpire explain` writes again, and are not kept (version 8). */
static void put_mod(struct importer *im, int64_t event, const char *origin, int seq, int part, const char *claim,
		    const char *code, bool has_value, int value)
{
	sqlite3_stmt *st = stmt(im, STMT_MODIFIER_ADD);
	if (!st)
		return;
	sqlite3_bind_int64(st, 1, event);
	bind_text(st, 2, origin);
	sqlite3_bind_int(st, 3, seq);
	bind_int(st, 4, part >= 0, part);
	bind_text(st, 5, claim);
	bind_text(st, 6, code);
	bind_int(st, 7, has_value, value);
	run(im, st);
}

/* The claimed modifiers of one claim; seq counts on from *seq. */
static void put_claim(struct importer *im, int64_t event, const char *who, const struct claim *c, int *seq)
{
	for (int i = 0; i < c->n_mods; i++)
		put_mod(im, event, "claimed", (*seq)++, -1, who, c->mods[i].code, c->mods[i].has_value, c->mods[i].value);
}

struct claims_put {
	struct importer *im;
	int64_t event;
	int seq;
};

static void put_claimed(void *ctx, const char *who, const char *bearer, const struct claim *c)
{
	(void)bearer;
	struct claims_put *cp = ctx;
	put_claim(cp->im, cp->event, who, c, &cp->seq);
}

/* Every claim of the event, in its shape's order (shape.h). */
static void put_claims(struct importer *im, int64_t event, const struct event *e)
{
	struct claims_put cp = {im, event, 0};
	e->def->shape->read(e, NULL, &(struct shape_reader){.ctx = &cp, .claimed = put_claimed});
}

/* Whether field b has the value of a (NULL: none stored yet). */
static bool same_field(const struct field *a, const struct field *b)
{
	if (!a || a->type != b->type)
		return false;
	if (b->type != FIELD_TEXT)
		return a->num == b->num;
	return a->text == b->text || (a->text && b->text && strcmp(a->text, b->text) == 0);
}

/* s as a JSON string (its quotes, backslashes and control characters
 * escaped). */
static void put_json_string(struct buf *b, const char *s)
{
	buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_putc(b, '\\');
		if (*p < 0x20)
			buf_printf(b, "\\u%04x", *p);
		else
			buf_putc(b, (char)*p);
	}
	buf_putc(b, '"');
}

/* Whether field v changed since the state was last stored (was: every
 * field is new the first time, and with every_field). */
static bool field_changed(const struct importer *im, const struct fields *was, const struct field *v)
{
	return im->o->every_field || !same_field(fields_get(was, v->name), v);
}

/* The fields of rs from index from on that changed, as one JSON object
 * into im->text (the ruleset's names, in its order; integers and booleans
 * as numbers); false when none did. */
static bool changed_fields(struct importer *im, const struct fields *was, const struct rec_state *rs, int from)
{
	struct buf *b = &im->text;
	buf_clear(b);
	buf_putc(b, '{');
	int n = 0;
	for (int f = from; f < rs->fields.n; f++) {
		const struct field *v = &rs->fields.v[f];
		if (!field_changed(im, was, v))
			continue;
		if (n++)
			buf_putc(b, ',');
		put_json_string(b, v->name);
		buf_putc(b, ':');
		if (v->type != FIELD_TEXT)
			buf_printf(b, "%d", v->num);
		else if (v->text)
			put_json_string(b, v->text);
		else
			buf_puts(b, "null");
	}
	buf_putc(b, '}');
	return n > 0;
}

/* Binds the core's fields of a unit's state (the first STATE_UNIT_CORE,
 * state.h) to their columns from 3 on, each NULL where it did not
 * change; returns how many did. */
static int bind_core(struct importer *im, sqlite3_stmt *st, const struct fields *was, const struct rec_state *rs)
{
	int changed = 0;
	for (int k = 0; k < STATE_UNIT_CORE; k++) {	/* state_unit_fields writes them first, always */
		const struct field *v = &rs->fields.v[k];
		bool now = field_changed(im, was, v);
		int column = 3 + k;
		if (v->type == FIELD_TEXT)
			bind_text(st, column, now ? v->text : NULL);
		else
			bind_int(st, column, now, v->num);
		changed += now;
	}
	return changed;
}

/* The state of one unit or leader after statement stmt_no: the fields that
 * changed, once, from its last mention in the record (read backwards).  A
 * unit's core fields go to typed columns, every other field (a leader's
 * all) to the JSON column, NULL for a unit when none of them changed. */
static void put_state(struct importer *im, int stmt_no, const struct rec_state *rs)
{
	const struct sym *y = battle_find(im->b, rs->kind, rs->id);
	if (!y)
		return;
	size_t i = (size_t)(y - im->b->syms);
	if (im->stored_in[i] == stmt_no + 1)	/* named again later in the record: stored as it ends */
		return;
	im->stored_in[i] = stmt_no + 1;
	bool unit = rs->kind == 'U';
	sqlite3_stmt *st = im->row_of[i] ? stmt(im, unit ? STMT_UNIT_STATE_ADD : STMT_LEADER_STATE_ADD) : NULL;
	bool rest = changed_fields(im, &im->last[i], rs, unit ? STATE_UNIT_CORE : 0);
	int json = unit ? 3 + STATE_UNIT_CORE : 3;	/* the JSON's column: after a unit's core */
	if (st && rest)
		sqlite3_bind_text(st, json, im->text.text, (int)im->text.len, SQLITE_TRANSIENT);
	int core = st && unit ? bind_core(im, st, &im->last[i], rs) : 0;
	im->last[i] = rs->fields;
	if (!st || (!core && !rest))
		return;
	sqlite3_bind_int64(st, 1, im->row_of[i]);
	sqlite3_bind_int(st, 2, stmt_no);
	run(im, st);
}

/* What the audit derived for an event: parts and their modifiers, the
 * state after. */
static void put_record(struct importer *im, int64_t event, const struct record *rec)
{
	int mod_seq = 0;
	for (int p = 0; p < rec->n_parts; p++) {
		const struct rec_part *part = &rec->parts[p];
		sqlite3_stmt *st = stmt(im, STMT_PART_ADD);
		if (!st)
			return;
		sqlite3_bind_int64(st, 1, event);
		sqlite3_bind_int(st, 2, p);
		bind_text(st, 3, part_role_name(part->role));
		bind_row(im, st, 4, 'U', part->unit);	/* a unit's part, or a leader's */
		bind_row(im, st, 5, 'L', part->unit);
		bind_int(st, 6, part->die != 0, part->die);
		bind_int(st, 7, part->has_total, part->total);
		bind_int(st, 8, part->points >= 0, part->points);
		bind_text(st, 9, part->effect);
		sqlite3_bind_int(st, 10, part->loss);
		if (part->die)	/* 0 sides: the audit derived no odds for the die (a chart cell not given) */
			sqlite3_bind_int(st, 11, part->odds.sides);
		if (part->odds.sides) {	/* the die's odds (the luck report) */
			sqlite3_bind_int(st, 12, part->odds.at_least);
			sqlite3_bind_int(st, 13, part->odds.at_most);
			sqlite3_bind_double(st, 14, part->odds.exp_loss);
		}
		run(im, st);
		for (int m = 0; m < part->n_mods; m++)
			put_mod(im, event, "derived", mod_seq++, p, NULL, part->mods[m].code, true, part->mods[m].value);
	}
	/* the derivation's steps are not kept: prose an audit of the stored
	 * files writes again in milliseconds (`umpire explain`) */
	/* an event's record holds what it named or changed, a turn's every
	 * unit and leader (turn_snapshots: a turn line's own changes are found
	 * there), each as it stands after; one named twice, as it ends */
	for (int k = rec->n_states - 1; k >= 0; k--)
		put_state(im, rec->stmt, &rec->states[k]);
}

/* Where the statements stand: the turn, its side, the phase. */
static void follow_place(struct importer *im, const struct stmt *s)
{
	if (s->kind == ST_TURN) {
		im->turn = s->u->turn.number;
		im->side = s->u->turn.side;
		im->phase = NULL;
	} else if (s->kind == ST_PHASE) {
		im->phase = s->u->phase.phase;
	}
}


static const char *kind_name(enum stmt_kind k)
{
	return k == ST_TURN ? "turn" : k == ST_PHASE ? "phase" : k == ST_RULING ? "ruling" : "event";
}

/* One statement of the turns: a turn, phase, event or ruling. */
static void put_statement(struct importer *im, int i, const struct record *rec)
{
	const struct stmt *s = &im->b->stmts[i];
	follow_place(im, s);
	if (s->kind != ST_TURN && s->kind != ST_PHASE && s->kind != ST_EVENT && s->kind != ST_RULING)
		return;
	sqlite3_stmt *st = stmt(im, STMT_EVENT_ADD);
	if (!st)
		return;
	buf_clear(&im->text);
	fmt_stmt(im->b, s, &im->text);
	sqlite3_bind_int64(st, 1, im->battle);
	sqlite3_bind_int(st, 2, i);
	sqlite3_bind_int(st, 3, s->file);
	sqlite3_bind_int(st, 4, s->line);
	bind_text(st, 5, kind_name(s->kind));
	bind_text(st, 6, s->kind == ST_EVENT ? s->u->event.def->keyword : s->kind == ST_PHASE ? s->u->phase.phase : NULL);
	bind_int(st, 7, im->turn > 0, im->turn);
	bind_text(st, 8, im->side);
	bind_text(st, 9, im->phase);
	bind_text(st, 10, im->text.text ? im->text.text : "");
	bind_text(st, 11, rec ? rec->kind : NULL);
	bind_text(st, 12, rec ? rec->effect : NULL);
	bind_int(st, 13, rec && rec->has_diff, rec ? rec->diff : 0);
	bind_text(st, 14, s->kind == ST_EVENT ? s->u->event.def->shape->name : NULL);
	if (!run(im, st))
		return;
	int64_t event = im->event_of[i] = sqlite3_last_insert_rowid(store_db(im->s));
	if (s->kind == ST_EVENT)
		put_claims(im, event, &s->u->event);
	if (s->kind == ST_RULING && (st = stmt(im, STMT_RULING_ADD))) {
		const struct kv *by = stmt_kv(s, "by");
		sqlite3_bind_int64(st, 1, event);
		bind_int(st, 2, s->u->ruling.event >= 0 && im->event_of[s->u->ruling.event], im->event_of[s->u->ruling.event]);
		bind_text(st, 3, ruling_verb_names[s->u->ruling.verb]);
		bind_text(st, 4, by ? by->value : NULL);
		bind_text(st, 5, stmt_text(s));
		run(im, st);
	}
	if (rec)
		put_record(im, event, rec);
}


/* The audit's flush: every statement before upto is audited for good. */
static void flush(void *ctx, struct records *records, const struct findings *f, int upto)
{
	struct importer *im = ctx;
	int r = 0;
	for (int i = im->next; i < upto && !im->failed; i++) {
		while (r < records->n && records->v[r].stmt < i)
			r++;
		put_statement(im, i, r < records->n && records->v[r].stmt == i ? &records->v[r] : NULL);
	}
	for (int k = im->seen; k < f->n && !im->failed; k++)
		put_finding(im, &f->v[k]);
	im->seen = f->n;
	im->next = upto;
	records_clear(records);
	if (im->o->progress)
		im->o->progress(im->o->progress_ctx, upto, im->b->n_stmts);
}

/* Everything of b under im->battle, the audit streamed into it. */
static void put_all(struct importer *im, const struct import_opts *o)
{
	put_header(im);
	put_files(im);
	put_order_of_battle(im);
	if (im->failed)
		return;
	struct findings f;
	findings_init(&f);
	struct records r;
	records_init(&r);
	struct audit_opts ao = {.follow = o->follow, .records = &r, .options = o->options, .n_options = o->n_options,
				.defaults = im->defaults, .n_defaults = im->n_defaults, .flush = flush, .flush_ctx = im,
				.turn_snapshots = true};
	if (audit_battle(im->b, &ao, &f) < 0 && !im->failed) {
		im->failed = true;
		im->msg = message("the battle's ruleset '%s' cannot audit", im->b->vocab->name);
	}
	records_release(&r);
	findings_release(&f);
}

enum import_outcome import_battle(struct store *s, const struct battle *b, const struct import_opts *o, int64_t *id,
				  char **msg)
{
	*msg = NULL;
	*id = 0;
	struct importer im = {.s = s, .b = b, .o = o};
	buf_init(&im.text, 0);
	char hash[17], old[17] = "";
	import_hash(b, hash);
	enum import_outcome out = IMPORT_ADDED;
	if (!store_begin(s)) {
		*msg = message("the archive cannot begin a transaction: %s", store_error(s));
		buf_release(&im.text);
		return IMPORT_FAILED;
	}
	buf_init(&im.warnings, 0);
	int64_t campaign = im.campaign = campaign_id(&im, o->campaign);
	if (!im.failed && stored(&im, campaign, first_of(b, ST_BATTLE), &im.battle, old)) {
		*id = im.battle;
		if (strcmp(old, hash) == 0 && !o->reaudit)
			out = IMPORT_UNCHANGED;
		else if (!o->replace && !o->reaudit)
			out = IMPORT_REFUSED;
		else
			out = IMPORT_REPLACED;
	}
	if (out == IMPORT_UNCHANGED || out == IMPORT_REFUSED) {
		store_rollback(s);
		if (out == IMPORT_REFUSED)
			*msg = message("battle %lld of the archive has this identity and other content: "
				       "--replace replaces it", (long long)im.battle);
		free(im.campaign_options);
		buf_release(&im.warnings);
		buf_release(&im.text);
		return out;
	}
	im.event_of = xcalloc((size_t)b->n_stmts + 1, sizeof *im.event_of);
	im.row_of = xcalloc((size_t)b->n_syms + 1, sizeof *im.row_of);
	im.last = xcalloc((size_t)b->n_syms + 1, sizeof *im.last);
	im.stored_in = xcalloc((size_t)b->n_syms + 1, sizeof *im.stored_in);
	if (out == IMPORT_REPLACED) {
		mark_later_stale(&im);	/* while its units are there to be carried from */
		clear_battle(&im);
	}
	put_battle(&im, campaign, hash, o, out == IMPORT_REPLACED);
	put_all(&im, o);
	sqlite3_stmt *combat = im.failed ? NULL : stmt(&im, STMT_SAW_COMBAT);
	if (combat) {	/* what the campaign's later battles ask of each unit's past */
		sqlite3_bind_int64(combat, 1, im.battle);
		run(&im, combat);
	}
	if (out == IMPORT_ADDED)
		mark_later_stale(&im);	/* an earlier battle added: what the later ones carry may change */
	if (im.failed || !store_commit(s)) {
		store_rollback(s);
		*msg = im.msg ? im.msg : message("the archive refused the import: %s", store_error(s));
		im.msg = NULL;
		out = IMPORT_FAILED;
	} else {
		*id = im.battle;
		if (im.warnings.len)
			*msg = xstrdup(im.warnings.text);
	}
	free(im.msg);
	free(im.event_of);
	free(im.row_of);
	free(im.last);
	free(im.stored_in);
	free(im.campaign_options);
	buf_release(&im.warnings);
	buf_release(&im.text);
	return out;
}

/* The one number a statement counts, -1 on an error. */
static long long counted(sqlite3_stmt *st)
{
	long long n = st && sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	if (st)
		sqlite3_reset(st);
	return n;
}

enum import_removal import_remove(struct store *s, int64_t id, bool force, int *stale, char **msg)
{
	*msg = NULL;
	*stale = 0;
	if (!store_begin(s)) {
		*msg = message("the archive cannot begin a transaction: %s", store_error(s));
		return IMPORT_REMOVE_FAILED;
	}
	sqlite3_stmt *st = store_stmt(s, STMT_BATTLE_CARRIED_FROM);
	if (st)
		sqlite3_bind_int64(st, 1, id);
	long long carried = counted(st);
	bool ok = carried >= 0;
	if (ok && carried > 0 && !force) {
		store_rollback(s);
		*msg = message("later battles of its campaign carry %lld unit%s from battle %lld: --force removes it "
			       "and marks them stale", carried, carried == 1 ? "" : "s", (long long)id);
		return IMPORT_REMOVE_REFUSED;
	}
	if (ok && carried > 0 && (st = store_stmt(s, STMT_BATTLE_MARK_LATER_STALE))) {
		sqlite3_bind_int64(st, 1, id);
		ok = store_run(s, st);
		*stale = sqlite3_changes(store_db(s));
	}
	if (ok && (st = store_stmt(s, STMT_BATTLE_REMOVE))) {
		sqlite3_bind_int64(st, 1, id);
		ok = store_run(s, st) && sqlite3_changes(store_db(s)) == 1;
	}
	if (!ok || !store_commit(s)) {
		*msg = message("battle %lld not removed: %s", (long long)id, store_error(s));
		store_rollback(s);
		return IMPORT_REMOVE_FAILED;
	}
	return IMPORT_REMOVED;
}
