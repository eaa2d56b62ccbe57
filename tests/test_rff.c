/* test_rff: the Fire and Fury tables and maneuver checks against expected
 * values written independently of the production tables (tests/expect/,
 * transcribed from the seeds with the seed line beside every row). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/rff/rff_tables.h"
#include "../audit/rff/rff_vocab.h"
#include "../audit/ruleset.h"
#include "../grammar/buf.h"

static const struct {
	const char *morale;
	int stands, worn, spent;
} uet_expect[] = {
#include "expect/uet.inc"
};

static const struct {
	const char *nation, *column;
	int total;
	const char *effect;
} mc_effects_expect[] = {
#include "expect/mc_effects.inc"
};

static const struct {
	const char *code;
	int value;
} mc_mods_expect[] = {
#include "expect/mc_mods.inc"
};

/* A word of the tables' text as the parser resolves it: its code. */
static int word_code(enum rff_cat cat, const char *word)
{
	const struct vocab_word *w = vocab_find(&rff_vocab, cat, word, strlen(word));
	assert_non_null(w);
	return w->code;
}

/* The layout reading's words: four or five target columns. */
static int columns(const char *reading)
{
	return strcmp(reading, "five") == 0 ? 5 : 4;
}

/* Every effectiveness threshold, every morale class, starting sizes 2-25. */
static void test_unit_effectiveness_table(void **state)
{
	(void)state;
	int table_rows = 0;
	for (size_t i = 0; i < sizeof uet_expect / sizeof uet_expect[0]; i++) {
		bool text = strcmp(uet_expect[i].morale, "dispirited-text") == 0;
		const char *morale = text ? "dispirited" : uet_expect[i].morale;
		int n = uet_expect[i].stands;
		const struct rff_uet_row *row = rff_uet_row(word_code(RC_MORALE, morale), n, text);
		assert_non_null(row);
		if (row->worn != uet_expect[i].worn || row->spent != uet_expect[i].spent)
			fail_msg("%s %d: table %d/%d, expected %d/%d", uet_expect[i].morale, n, row->worn,
				 row->spent, uet_expect[i].worn, uet_expect[i].spent);
		/* the boundaries: one stand above worn is fresh, at worn is worn, at spent is spent */
		if (uet_expect[i].worn) {
			assert_int_equal(rff_effectiveness(row, uet_expect[i].worn + 1), RFF_FRESH);
			assert_int_equal(rff_effectiveness(row, uet_expect[i].worn), RFF_WORN);
		}
		assert_int_equal(rff_effectiveness(row, uet_expect[i].spent + 1),
				 uet_expect[i].worn > uet_expect[i].spent ? RFF_WORN : RFF_FRESH);
		assert_int_equal(rff_effectiveness(row, uet_expect[i].spent), RFF_SPENT);
		assert_int_equal(rff_effectiveness(row, n), RFF_FRESH);
		table_rows += !text;
	}
	assert_int_equal(table_rows, 4 * 24);
	assert_null(rff_uet_row(MORALE_SPIRITED, 26, false));
	assert_null(rff_uet_row(MORALE_NONE, 8, false));
}

/* Every band of both columns for both nations, totals -6 to 16. */
static void test_maneuver_bands(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof mc_effects_expect / sizeof mc_effects_expect[0]; i++) {
		bool dis = strcmp(mc_effects_expect[i].column, "disordered") == 0;
		const struct rff_mc_band *b =
			rff_mc_band(word_code(RC_NATION, mc_effects_expect[i].nation), dis, mc_effects_expect[i].total);
		assert_non_null(b);
		if (strcmp(rff_effect_word(b->effect), mc_effects_expect[i].effect) != 0)
			fail_msg("%s %s %d: %s, expected %s", mc_effects_expect[i].nation,
				 mc_effects_expect[i].column, mc_effects_expect[i].total, rff_effect_word(b->effect),
				 mc_effects_expect[i].effect);
	}
	assert_true(sizeof mc_effects_expect / sizeof mc_effects_expect[0] >= 88);
}

/* Every maneuver modifier code of the vocabulary has its QRS value. */
static void test_maneuver_modifiers(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof mc_mods_expect / sizeof mc_mods_expect[0]; i++) {
		const struct claim_mod *m = rff_mc_mod_at(word_code(RC_MOD_MC, mc_mods_expect[i].code));
		if (!m->code)
			fail_msg("no table row for %s", mc_mods_expect[i].code);
		assert_int_equal(m->value, mc_mods_expect[i].value);
		assert_non_null(m->cite);
	}
	const struct vocab *v = ruleset_default();
	int codes = 0;
	for (size_t i = 0; i < v->n_words; i++)
		if (v->words[i].cat == RC_MOD_MC && !v->words[i].canon) {
			assert_string_equal(rff_mc_mod_at(v->words[i].code)->code, v->words[i].word);
			codes++;
		}
	assert_int_equal(codes, (int)(sizeof mc_mods_expect / sizeof mc_mods_expect[0]));
}

/* One hand-worked case of tests/expect/mc_cases.txt. */
struct mc_case {
	char id[64];
	char nation[8], arm[8], experience[16], morale[16], order[16], formation[24], flags[96];
	int start, now;
	char rating[16], attached[8], command[16];
	char facts[96];
	int die;
	char mods[256];
	int total;
	char effect[32];
	int loss_qrs, loss_text;	/* -1: no loss expected */
	bool alt_uet;			/* the main expectation reads the table's cell */
	int alt_total;
	char alt_effect[32];
	char after[512];		/* expect-after lines as tokens */
};

/* The battle log the case describes, with the expected claim written in. */
static void case_battle(const struct mc_case *c, const char *options, bool alt, int loss,
			struct buf *out)
{
	const char *foe = strcmp(c->nation, "US") == 0 ? "MEX" : "US";
	buf_printf(out, "battle \"case %s\" rules=rff-maw\n%s", c->id, options);
	buf_printf(out, "side A nation=%s\n", c->nation);
	if (strcmp(c->rating, "-") != 0)
		buf_printf(out, "  leader boss \"Boss\" %s\n", c->rating);
	buf_puts(out, "  leader other \"Other\" able\n");
	const char *cmd = strcmp(c->command, "provisional") == 0 ? "other" : "boss";
	buf_printf(out, "  unit u \"U\" %s %s %s stands=%d cmd=%s %s %s %s\n", c->arm, c->experience,
		   strcmp(c->morale, "-") ? c->morale : "", c->start, strcmp(c->rating, "-") ? cmd : "other",
		   strcmp(c->formation, "-") ? c->formation : "", c->order,
		   strcmp(c->flags, "-") ? c->flags : "");
	buf_printf(out, "side B nation=%s\n  unit e \"E\" inf trained spirited M stands=4\n", foe);
	buf_puts(out, "turn 1 A\n");
	if (c->now < c->start)
		buf_printf(out, "stands u -%d \"losses before the check\"\n", c->start - c->now);
	if (strcmp(c->attached, "yes") == 0)
		buf_puts(out, "attach boss u\n");
	buf_puts(out, "phase maneuver\nmc ");
	if (strcmp(c->command, "out") != 0)
		buf_puts(out, "boss ");
	buf_printf(out, "[%d]: u", c->die);
	if (strcmp(c->facts, "-") != 0) {
		buf_puts(out, "(");
		for (const char *p = c->facts; *p; p++)
			buf_putc(out, *p == ' ' ? ',' : *p);
		buf_puts(out, ")");
	}
	if (!alt) {
		char mods[256];
		snprintf(mods, sizeof mods, "%s", c->mods);
		for (char *tok = strtok(mods, " "); tok; tok = strtok(NULL, " ")) {
			char *eq = strchr(tok, '=');
			*eq = '\0';
			buf_printf(out, " %+d%s", atoi(eq + 1), tok);
		}
	}
	buf_printf(out, " =%d %s", alt ? c->alt_total : c->total, alt ? c->alt_effect : c->effect);
	if (loss >= 0)
		buf_printf(out, " loss=%d", loss);
	buf_putc(out, '\n');
}

/* What the audit derived for the last event of kind (a record kind) in a
 * case's log, as "key=value" tokens: for the part of unit (an id of the
 * case's battle, "" for none) total, effect, loss and points; the event's
 * effect and difference; and the state after of every id in ids (space
 * separated), each key prefixed "ID." (state fields as named in
 * state.h, values as JSON writes them).  A unit whose disorder waits for
 * the end of the phase reads as disordered: the cases give the order
 * once the phase has ended. */
static const char *derived_tokens(const struct battle *b, const struct records *r, const char *kind,
				  const char *unit, const char *ids)
{
	static char out[2048];
	out[0] = '\0';
	const struct record *rec = NULL;
	for (int i = r->n - 1; i >= 0 && !rec; i--)
		if (strcmp(r->v[i].kind, kind) == 0)
			rec = &r->v[i];
	if (!rec)
		return "(no record)";
	(void)b;
#define PUT(...) snprintf(out + strlen(out), sizeof out - strlen(out), __VA_ARGS__)
	if (rec->effect)
		PUT("effect=%s ", rec->effect);
	if (rec->has_diff)
		PUT("difference=%d ", rec->diff);
	for (int i = 0; i < rec->n_parts; i++) {
		const struct rec_part *p = &rec->parts[i];
		if (strcmp(p->unit, unit) != 0)
			continue;
		if (p->has_total)
			PUT("total=%d ", p->total);
		if (p->effect)
			PUT("effect=%s ", p->effect);
		PUT("loss=%d ", p->loss);
		if (p->points >= 0)
			PUT("points=%d ", p->points);
	}
	char copy[256];
	snprintf(copy, sizeof copy, "%s", ids);
	for (char *id = strtok(copy, " "); id; id = strtok(NULL, " ")) {
		const struct rec_state *st = record_find_state(rec, 'U', id);
		if (!st)
			st = record_find_state(rec, 'L', id);
		if (!st) {
			PUT("%s.missing ", id);
			continue;
		}
		const struct field *pending = fields_get(&st->fields, "disorder_pending");
		for (int k = 0; k < st->fields.n; k++) {
			const struct field *x = &st->fields.v[k];
			if (x->type == FIELD_INT)
				PUT("%s.%s=%d ", id, x->name, x->num);
			else if (x->type == FIELD_BOOL)
				PUT("%s.%s=%s ", id, x->name, x->num ? "true" : "false");
			else if (strcmp(x->name, "order") == 0 && pending && pending->num && strcmp(x->text, "good-order") == 0)
				PUT("%s.order=disordered ", id);
			else
				PUT("%s.%s=%s ", id, x->name, x->text ? x->text : "null");
		}
	}
#undef PUT
	return out;
}

/* An "expect-after ROLE key=value..." line of a case file as tokens
 * "ID.key=value" (keys with '_' for '-', yes/no/none as true/false/null),
 * appended to out. */
static void after_tokens(const char *line, const char *(*id_of)(const char *role), char *out, size_t size)
{
	char role[32];
	int n = 0;
	if (sscanf(line, "expect-after %31s %n", role, &n) != 1)
		return;
	const char *id = id_of(role);
	char copy[512];
	snprintf(copy, sizeof copy, "%s", line + n);
	for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			continue;
		*eq = '\0';
		for (char *c = tok; *c; c++)
			if (*c == '-')
				*c = '_';
		const char *v = eq + 1;
		v = strcmp(v, "yes") == 0 ? "true" : strcmp(v, "no") == 0 ? "false" : strcmp(v, "none") == 0 ? "null" : v;
		snprintf(out + strlen(out), size - strlen(out), "%s.%s=%s ", id, tok, v);
	}
}

/* Audits a case's log, keeping records; NULL (and a message) when it does
 * not parse.  Release with case_release. */
struct case_audit {
	struct diags d;
	struct battle *b;
	struct findings f;
	struct records r;
};

static bool case_audit(struct case_audit *ca, const char *text, const char *id, enum audit_follow follow)
{
	ca->b = tu_parse(text, &ca->d);
	findings_init(&ca->f);
	records_init(&ca->r);
	if (ca->d.n_errors) {
		print_error("case %s does not parse: %s\n%s", id, tu_diag_list(&ca->d), text);
		return false;
	}
	struct audit_opts opts = {.follow = follow, .records = &ca->r};
	assert_int_equal(audit_battle(ca->b, &opts, &ca->f), 0);
	return true;
}

static void case_release(struct case_audit *ca)
{
	records_release(&ca->r);
	findings_release(&ca->f);
	battle_free(ca->b);
	diags_release(&ca->d);
}

/* Compares what was derived with what the case expects; 1 on a mismatch. */
static int expect_tokens(const struct case_audit *ca, const char *kind, const char *unit, const char *ids,
			 const char *want, const char *id, const char *text)
{
	const char *got = derived_tokens(ca->b, &ca->r, kind, unit, ids);
	if (tu_has_tokens(got, want))
		return 0;
	print_error("case %s:\n  want %s\n  got  %s\n%s", id, want, got, text);
	return 1;
}

/* Audits the text; fails on any error or warning. */
static void assert_audits_clean(const char *text, const char *id)
{
	struct diags d;
	struct battle *b = tu_parse(text, &d);
	if (d.n_errors)
		fail_msg("case %s does not parse: %s\n%s", id, tu_diag_list(&d), text);
	struct findings f;
	findings_init(&f);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = NULL};
	assert_int_equal(audit_battle(b, &opts, &f), 0);
	for (int i = 0; i < f.n; i++)
		if (f.v[i].severity != DIAG_NOTE)
			fail_msg("case %s: %s %s\n%s", id, finding_code_name(f.v[i].code), f.v[i].msg, text);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

static const char *mc_role(const char *role)
{
	(void)role;	/* the one unit that checks */
	return "u";
}

/* Fails the test when a case file's line starts with a word its harness
 * does not read: a misspelt expectation would otherwise test nothing. */
static void known_line(const char *line, const char *const *words, size_t n, const char *file)
{
	const char *p = line + strspn(line, " \t");
	if (*p == '\0' || *p == '#')
		return;
	size_t len = strcspn(p, " \t");
	for (size_t i = 0; i < n; i++)
		if (strlen(words[i]) == len && strncmp(p, words[i], len) == 0)
			return;
	fail_msg("%s: the harness does not read lines starting '%.*s'", file, (int)len, p);
}

/* Every word of list (space separated, "-" for none) is one of words or
 * starts with one of prefixes; fails the test naming the first that is not. */
static void known_words(const char *list, const char *const *words, size_t n, const char *const *prefixes,
			size_t np, const char *what)
{
	char copy[256];
	snprintf(copy, sizeof copy, "%s", list);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		bool known = strcmp(w, "-") == 0;
		for (size_t i = 0; !known && i < n; i++)
			known = strcmp(w, words[i]) == 0;
		for (size_t i = 0; !known && i < np; i++)
			known = strncmp(w, prefixes[i], strlen(prefixes[i])) == 0;
		if (!known)
			fail_msg("%s: the harness does not know the word '%s'", what, w);
	}
}

#define N_OF(a) (sizeof(a) / sizeof(a)[0])

/* Reads the next case block; false at the end of the file. */
static bool next_case(FILE *in, struct mc_case *c)
{
	char line[1024];
	memset(c, 0, sizeof *c);
	c->loss_qrs = c->loss_text = -1;
	bool open = false;
	while (fgets(line, sizeof line, in)) {
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		line[strcspn(line, "\n")] = '\0';
		static const char *const words[] = {"case", "unit", "leader", "facts", "die", "expect-mods",
						    "expect-total", "expect-effect", "expect-loss", "expect-after",
						    "alt", "why:", "end"};
		known_line(line, words, N_OF(words), "mc_cases.txt");
		if (sscanf(line, "case %63s", c->id) == 1)
			open = true;
		else if (!open)
			continue;
		else if (strncmp(line, "unit ", 5) == 0)
			sscanf(line, "unit %7s %7s %15s %15s %d %d %15s %23s %95[^\n]", c->nation, c->arm,
			       c->experience, c->morale, &c->start, &c->now, c->order, c->formation, c->flags);
		else if (strncmp(line, "leader ", 7) == 0)
			sscanf(line, "leader %15s %7s %15s", c->rating, c->attached, c->command);
		else if (strncmp(line, "facts ", 6) == 0)
			sscanf(line, "facts %95[^\n]", c->facts);
		else if (strncmp(line, "die ", 4) == 0)
			c->die = atoi(line + 4);
		else if (strncmp(line, "expect-mods ", 12) == 0)
			snprintf(c->mods, sizeof c->mods, "%.255s", line + 12);
		else if (strncmp(line, "expect-total ", 13) == 0)
			c->total = atoi(line + 13);
		else if (strncmp(line, "expect-effect ", 14) == 0)
			sscanf(line + 14, "%31s", c->effect);
		else if (strncmp(line, "expect-loss ", 12) == 0)
			sscanf(line, "expect-loss qrs=%d text=%d", &c->loss_qrs, &c->loss_text);
		else if (strncmp(line, "expect-after ", 13) == 0)
			after_tokens(line, mc_role, c->after, sizeof c->after);
		else if (strncmp(line, "alt uet-text ", 13) == 0) {
			c->alt_uet = true;
			sscanf(line, "alt uet-text total=%d effect=%31s", &c->alt_total, c->alt_effect);
		} else if (strcmp(line, "end") == 0)
			return true;
	}
	return false;
}

/* A maneuver case audits clean with its expected claim, and the audit
 * derives its total, effect, losses and state after; 1 on a failure. */
static int check_mc(const struct mc_case *c, const char *text, int total, const char *effect, int loss,
		    bool after)
{
	assert_audits_clean(text, c->id);
	struct case_audit ca;
	int failures = 0;
	if (case_audit(&ca, text, c->id, FOLLOW_CLAIMED)) {
		char want[1024];
		snprintf(want, sizeof want, "total=%d effect=%s loss=%d %s", total, effect, loss < 0 ? 0 : loss,
			 after ? c->after : "");
		failures = expect_tokens(&ca, "maneuver", "u", "u", want, c->id, text);
	} else {
		failures = 1;
	}
	case_release(&ca);
	return failures;
}

/* Each hand-worked case audits clean with the expected claim, under the
 * reading it names, and derives the case's values; a Panic's losses under
 * both options. */
static void test_hand_worked_maneuver_checks(void **state)
{
	(void)state;
	FILE *in = fopen("tests/expect/mc_cases.txt", "r");
	assert_non_null(in);
	struct mc_case c;
	int n = 0, failures = 0, afters = 0;
	while (next_case(in, &c)) {
		struct buf text;
		buf_init(&text, 0);
		/* the case's main reading of the table cell; umpire's default reads the rule text */
		const char *opts = c.alt_uet ? "option uet-dispirited=table\n" : "";
		case_battle(&c, opts, false, c.loss_qrs, &text);
		failures += check_mc(&c, text.text, c.total, c.effect, c.loss_qrs, true);
		if (c.alt_uet) {
			buf_clear(&text);
			case_battle(&c, "", true, -1, &text);
			failures += check_mc(&c, text.text, c.alt_total, c.alt_effect, -1, false);
		}
		if (c.loss_text >= 0) {
			buf_clear(&text);
			case_battle(&c, "option panic-loss=text\n", false, c.loss_text, &text);
			failures += check_mc(&c, text.text, c.total, c.effect, c.loss_text, false);
		}
		buf_release(&text);
		afters += c.after[0] != '\0';
		n++;
	}
	fclose(in);
	assert_true(n >= 15);
	assert_int_equal(failures, 0);
	(void)afters;
}

/* Rows "{...}," of an expectation file, section by section: the callback
 * gets each row's text between the braces and the number of the section
 * (a comment line naming a section starts a new one when it contains mark). */
static int each_row(const char *path, const char *mark, void (*row)(const char *, int, void *), void *ctx)
{
	FILE *in = fopen(path, "r");
	assert_non_null(in);
	char line[1024];
	int section = 0, n = 0;
	while (fgets(line, sizeof line, in)) {
		if (mark && strstr(line, mark) && strncmp(line, "/*", 2) == 0)
			section++;
		if (line[0] != '{')
			continue;
		char *end = strchr(line, '}');
		assert_non_null(end);
		*end = '\0';
		row(line + 1, section, ctx);
		n++;
	}
	fclose(in);
	return n;
}

/* Copies the next comma-separated field of s (quotes dropped) into out. */
static const char *field(const char *s, char *out, size_t size)
{
	while (*s == ' ' || *s == ',')
		s++;
	size_t n = 0;
	bool quoted = *s == '"';
	if (quoted)
		s++;
	while (*s && (quoted ? *s != '"' : *s != ',') && n + 1 < size)
		out[n++] = *s++;
	out[n] = '\0';
	if (quoted && *s == '"')
		s++;
	return s;
}

static void points_row(const char *r, int section, void *ctx)
{
	char a[16], b[16], c[16], d[16];
	int *failures = ctx;
	r = field(field(r, a, sizeof a), b, sizeof b);
	if (section == 1) {	/* rocket hit rolls: {range, lowest face} */
		const char *cite;
		int lowest = rff_rocket_hit(atoi(a), &cite);
		if ((lowest ? lowest : -1) != atoi(b)) {
			print_error("rocket at %s\": %d, expected %s\n", a, lowest, b);
			++*failures;
		}
		return;
	}
	field(field(r, c, sizeof c), d, sizeof d);
	bool text = strcmp(a, "text") == 0;
	const char *nations[] = {"US", "MEX"};
	const enum rff_nation codes[] = {NATION_US, NATION_MEX};
	for (int i = 0; i < 2; i++) {
		if (strcmp(a, "any") != 0 && !text && strcmp(a, nations[i]) != 0)
			continue;
		if (text && i == 1)
			break;
		const struct rff_fire_points *p = rff_fire_points(codes[i], word_code(RC_WEAPON, b), atoi(c), text);
		int got = p ? p->half_points : -1;
		if (got != atoi(d)) {
			print_error("%s %s at %s\" (%s): %d half points, expected %s\n", nations[i], b, c,
				    text ? "text" : "qrs", got, d);
			++*failures;
		}
	}
}

/* Fire points per stand of every weapon at every band edge, both readings. */
static void test_fire_points(void **state)
{
	(void)state;
	int failures = 0;
	int n = each_row("tests/expect/fire_points.inc", "rocket hit rolls", points_row, &failures);
	assert_true(n > 500);
	assert_int_equal(failures, 0);
}

static void fp_row(const char *r, int section, void *ctx)
{
	(void)section;
	char a[16], b[16];
	field(field(r, a, sizeof a), b, sizeof b);
	const struct claim_mod *m = rff_fire_points_mod(atoi(a));
	int got = m ? m->value : -99;
	if (got != atoi(b)) {
		print_error("%s fire points: %d, expected %s\n", a, got, b);
		++*(int *)ctx;
	}
}

static void test_fire_point_modifiers(void **state)
{
	(void)state;
	int failures = 0;
	assert_int_equal(each_row("tests/expect/fire_mods.inc", NULL, fp_row, &failures), 31);
	assert_int_equal(failures, 0);
}

static void results_row(const char *r, int section, void *ctx)
{
	char reading[8], column[16], total[8], want[40];
	field(field(field(field(r, reading, sizeof reading), column, sizeof column), total, sizeof total), want,
	      sizeof want);
	struct rff_fire_result res;
	assert_true(rff_fire_result(columns(reading), false, word_code(RC_EXPERIENCE, column), atoi(total), &res));
	const char *got = rff_effect_word(res.effect);
	if (section == 1)	/* charge outcomes */
		got = res.checked_unless_cold_steel ? "checked-unless-cold-steel"
		      : res.outcome == OUTCOME_CHECKED ? "checked"
		      : res.mex_cav_checked ? "home-mex-cav-checked" : "home";
	if (strcmp(got, want) != 0) {
		print_error("%s %s %s: %s, expected %s\n", reading, column, total, got, want);
		++*(int *)ctx;
	}
}

/* Every band of every column under both layout readings, and the charge
 * outcome of each band. */
/* option charge-bands=split: 002:197's band stays Telling Fire, 002:198's
 * becomes Galling Fire (docs/rules.md, the two charge-only bands). Cells
 * from 002:197-198: four columns Elite "10" / "7, 8, 9", Veteran "9" /
 * "7, 8", Trained "8" / "7", Raw "7" / "-"; reading five shifts them one
 * column right (Elite reads 002's Veteran cells, and so on). */
static void test_fire_results_split(void **state)
{
	(void)state;
	static const struct {
		const char *reading, *column;
		int total;
		const char *want;
	} cells[] = {
		{"four", "elite", 10, "telling-fire"},   {"four", "elite", 9, "galling-fire"},
		{"four", "elite", 7, "galling-fire"},    {"four", "veteran", 9, "telling-fire"},
		{"four", "veteran", 8, "galling-fire"},  {"four", "veteran", 7, "galling-fire"},
		{"four", "trained", 8, "telling-fire"},  {"four", "trained", 7, "galling-fire"},
		{"four", "raw", 7, "telling-fire"},      {"four", "raw", 6, "galling-fire"},
		{"five", "elite", 9, "telling-fire"},    {"five", "elite", 8, "galling-fire"},
		{"five", "elite", 7, "galling-fire"},    {"five", "veteran", 8, "telling-fire"},
		{"five", "veteran", 7, "galling-fire"},  {"five", "trained", 7, "telling-fire"},
		{"five", "raw", 7, "telling-fire"},
	};
	for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
		struct rff_fire_result res;
		assert_true(rff_fire_result(columns(cells[i].reading), true, word_code(RC_EXPERIENCE, cells[i].column),
					    cells[i].total, &res));
		if (strcmp(rff_effect_word(res.effect), cells[i].want) != 0)
			fail_msg("%s %s %d: %s, expected %s", cells[i].reading, cells[i].column, cells[i].total,
				 rff_effect_word(res.effect), cells[i].want);
	}
}

static void test_fire_results(void **state)
{
	(void)state;
	int failures = 0;
	int n = each_row("tests/expect/fire_results.inc", "charge outcomes:", results_row, &failures);
	assert_true(n >= 300);
	assert_int_equal(failures, 0);
}

/* One hand-worked fire combat of tests/expect/fire_cases.txt. */
struct fire_case {
	char id[80];
	char firer[4][160];
	int n_firers;
	char target[200];
	char light[40];
	int die;
	int points;
	char mods[200];
	char total[16];
	char effect[2][32];		/* reading four, five */
	int loss;
	char other[2][200];
	char after[1024];		/* expect-after lines as tokens, reading four */
};

/* target: t; firerN: fN (fire_case_battle's ids). */
static const char *fire_role(const char *role)
{
	static char id[16];
	if (strncmp(role, "firer", 5) == 0)
		snprintf(id, sizeof id, "f%d", atoi(role + 5));
	else
		snprintf(id, sizeof id, "t");
	return id;
}

static bool next_fire_case(FILE *in, struct fire_case *c)
{
	char line[1024];
	memset(c, 0, sizeof *c);
	bool open = false;
	while (fgets(line, sizeof line, in)) {
		line[strcspn(line, "\n")] = '\0';
		static const char *const words[] = {"case", "firer", "target", "light", "die", "expect-points",
						    "expect-mods", "expect-total", "expect-effect", "expect-effect-five",
						    "expect-loss", "expect-after", "expect-other", "expect-other-five",
						    "why:", "end"};
		known_line(line, words, N_OF(words), "fire_cases.txt");
		char *v = strchr(line, ' ');
		v = v ? v + 1 : line + strlen(line);
		if (strncmp(line, "case ", 5) == 0) {
			sscanf(v, "%79s", c->id);
			open = true;
		} else if (!open || line[0] == '#') {
			continue;
		} else if (strncmp(line, "firer ", 6) == 0) {
			if (c->n_firers == 4)
				fail_msg("fire case %s: more than four firers", c->id);
			snprintf(c->firer[c->n_firers++], sizeof c->firer[0], "%.159s", v);
		} else if (strncmp(line, "target ", 7) == 0) {
			snprintf(c->target, sizeof c->target, "%.199s", v);
		} else if (strncmp(line, "light ", 6) == 0) {
			snprintf(c->light, sizeof c->light, "%.39s", v);
		} else if (strncmp(line, "die ", 4) == 0) {
			c->die = atoi(v);
		} else if (strncmp(line, "expect-points ", 14) == 0) {
			c->points = atoi(v);
		} else if (strncmp(line, "expect-mods ", 12) == 0) {
			snprintf(c->mods, sizeof c->mods, "%.199s", v);
		} else if (strncmp(line, "expect-total ", 13) == 0) {
			snprintf(c->total, sizeof c->total, "%.15s", v);
		} else if (strncmp(line, "expect-effect-five ", 19) == 0) {
			snprintf(c->effect[1], sizeof c->effect[1], "%.31s", v);
		} else if (strncmp(line, "expect-effect ", 14) == 0) {
			snprintf(c->effect[0], sizeof c->effect[0], "%.31s", v);
		} else if (strncmp(line, "expect-loss ", 12) == 0) {
			c->loss = atoi(v);
		} else if (strncmp(line, "expect-after ", 13) == 0) {
			after_tokens(line, fire_role, c->after, sizeof c->after);
		} else if (strncmp(line, "expect-other-five ", 18) == 0) {
			snprintf(c->other[1], sizeof c->other[1], "%.199s", v);
		} else if (strncmp(line, "expect-other ", 13) == 0) {
			snprintf(c->other[0], sizeof c->other[0], "%.199s", v);
		} else if (strcmp(line, "end") == 0) {
			if (!c->effect[1][0])
				snprintf(c->effect[1], sizeof c->effect[1], "%s", c->effect[0]);
			if (!c->other[1][0])
				snprintf(c->other[1], sizeof c->other[1], "%s", c->other[0]);
			return true;
		}
	}
	return false;
}

static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return true;
	return false;
}

/* A unit declaration from a case line: NATION ARM EXPERIENCE ... */
static void declare_unit(struct buf *out, const char *id, const char *nation, const char *arm,
			 const char *exp, const char *morale, const char *weapon, int stands, const char *order,
			 const char *formation, const char *flags)
{
	buf_printf(out, "side %s%s nation=%s\n  unit %s \"%s\" %s %s %s %s stands=%d %s %s", id, nation, nation, id,
		   id, arm, exp, strcmp(arm, "gun") ? morale : "", weapon, stands,
		   strcmp(order, "good-order") ? order : "", formation && strcmp(formation, "-") ? formation : "");
	static const char *const decl_words[] = {"mounted", "dismounted", "limbered", "unlimbered", "sharpshooters"};
	for (size_t i = 0; i < sizeof decl_words / sizeof decl_words[0]; i++)
		if (has_word(flags, decl_words[i]))
			buf_printf(out, " %s", decl_words[i]);
	buf_putc(out, '\n');
}

/* The battle log of a fire case, with its expected claim. */
static void fire_case_battle(const struct fire_case *c, int reading, struct buf *out)
{
	buf_printf(out, "battle \"fire %s\" rules=rff-maw\n%s", c->id,
		   reading ? "option fire-columns=five\n" : "");
	char events[1024] = "", firers[512] = "", first[32] = "";
	for (int i = 0; i < c->n_firers; i++) {
		char nation[8], arm[8], exp[16], weapon[8], order[16], flags[96] = "";
		int stands, range;
		sscanf(c->firer[i], "%7s %7s %15s %7s %d %d %15s %95[^\n]", nation, arm, exp, weapon, &stands, &range,
		       order, flags);
		static const char *const firer_words[] = {"low-ammo", "damaged", "sharpshooters", "charged", "mounted",
							  "dismounted", "limbered", "unlimbered"};
		static const char *const firer_prefixes[] = {"of=", "hit="};
		known_words(flags, firer_words, N_OF(firer_words), firer_prefixes, N_OF(firer_prefixes), c->id);
		const char *of = strstr(flags, "of=");
		char id[16];
		snprintf(id, sizeof id, "f%d", i + 1);
		declare_unit(out, id, nation, arm, exp, "spirited", weapon, of ? atoi(of + 3) : stands, order, NULL, flags);
		if (i == 0)
			snprintf(first, sizeof first, "%s%s", id, nation);
		if (has_word(flags, "low-ammo"))
			snprintf(events + strlen(events), sizeof events - strlen(events), "low-ammo %s\n", id);
		if (has_word(flags, "damaged"))
			snprintf(events + strlen(events), sizeof events - strlen(events), "damage %s\n", id);
		const char *hit = strstr(flags, "hit=");
		snprintf(firers + strlen(firers), sizeof firers - strlen(firers), "%s%s:%d@%d%s", i ? ", " : "", id,
			 stands, range, has_word(flags, "charged") ? "(charged)" : "");
		if (hit)
			snprintf(firers + strlen(firers), sizeof firers - strlen(firers), " [%d]", atoi(hit + 4));
	}
	char nation[8], arm[8], exp[16], order[16], formation[24], flags[120] = "";
	int stands;
	sscanf(c->target, "%7s %7s %15s %d %15s %23s %119[^\n]", nation, arm, exp, &stands, order, formation, flags);
	static const char *const target_words[] = {"charging", "cold-steel", "enfiladed", "about-faced", "abatis",
						   "cover=partial", "cover=full", "fortified", "mounted", "dismounted",
						   "limbered", "unlimbered", "sharpshooters"};
	known_words(flags, target_words, N_OF(target_words), NULL, 0, c->id);
	static const char *const other_words[] = {"disordered", "silenced", "damaged", "wrecked", "charge-checked",
						  "charge-home", "low-ammo", "fallen-leader-check", "no-fire"};
	static const char *const other_prefixes[] = {"firer-"};
	known_words(c->other[reading], other_words, N_OF(other_words), other_prefixes, N_OF(other_prefixes), c->id);
	/* the morale the seeds give most units (000:896 US spirited, 000:916 MEX unreliable) */
	declare_unit(out, "t", nation, arm, exp, strcmp(nation, "MEX") == 0 ? "unreliable" : "spirited",
		     strcmp(arm, "gun") ? "M" : "LG", stands, order, formation, flags);
	buf_puts(out, "  leader tl \"TL\" able\n");
	buf_printf(out, "turn 1 %s %s\n%sphase fire\nfire %s -> t", first, c->light, events, firers);
	static const char *const facts[] = {"charging", "cold-steel", "enfiladed", "about-faced", "abatis",
					    "cover=partial", "cover=full", "fortified"};
	int n = 0;
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
		if (has_word(flags, facts[i]))
			buf_printf(out, "%s%s", n++ ? "," : "(", facts[i]);
	buf_printf(out, "%s [%d]", n ? ")" : "", c->die);
	if (!has_word(c->other[reading], "no-fire")) {
		buf_printf(out, " pts=%d", c->points);
		char mods[200];
		snprintf(mods, sizeof mods, "%s", c->mods);
		for (char *tok = strtok(mods, " "); tok; tok = strtok(NULL, " ")) {
			char *eq = strchr(tok, '=');
			*eq = '\0';
			buf_printf(out, " %+d%s", atoi(eq + 1), tok);
		}
		buf_printf(out, " =%s %s", c->total, c->effect[reading]);
		if (has_word(c->other[reading], "charge-checked"))
			buf_puts(out, " charge-checked");
		if (has_word(c->other[reading], "charge-home"))
			buf_puts(out, " charge-home");
		buf_printf(out, " loss=%d", c->loss);
	}
	buf_puts(out, "\n");
	if (has_word(c->other[reading], "fallen-leader-check"))
		buf_puts(out, "fallen tl [3] unscathed\n");
}

/* The value of "KEY=" in tokens, -1 when absent ("true" counts 1). */
static int token_value(const char *tokens, const char *key)
{
	size_t n = strlen(key);
	for (const char *p = strstr(tokens, key); p; p = strstr(p + 1, key))
		if (p == tokens || p[-1] == ' ')
			return strncmp(p + n, "true", 4) == 0 ? 1 : atoi(p + n);
	return -1;
}

/* The state words of a fire case's expect-other (the target disordered,
 * its gun stands silenced, damaged or wrecked, a firer marked low on ammunition
 * by this fire) against the state derived after it; the number of
 * mismatches. */
static int fire_other_states(const struct fire_case *c, int reading, const char *got, const char *text)
{
	static const struct {
		const char *word, *key;
	} marks[] = {{"silenced", "t.silenced="}, {"damaged", "t.damaged="}, {"wrecked", "t.wrecked="}};
	int failures = 0;
	const char *other = c->other[reading];
	bool disordered = strstr(got, "t.order=disordered") != NULL;	/* broken is not "disordered" */
	if (has_word(other, "disordered") != disordered) {
		print_error("case %s: the target %s disordered\n  got %s\n%s", c->id,
			    disordered ? "is, the case says it is not" : "is not, the case says it is", got, text);
		failures++;
	}
	for (size_t i = 0; i < N_OF(marks); i++)
		if (has_word(other, marks[i].word) != (token_value(got, marks[i].key) > 0)) {
			print_error("case %s: %s does not agree with %s\n  got %s\n%s", c->id, marks[i].word,
				    marks[i].key, got, text);
			failures++;
		}
	bool low = false;	/* a firer marked by this fire: one low before is not */
	for (int i = 1; i <= c->n_firers; i++) {
		char key[32];
		snprintf(key, sizeof key, "f%d.low_ammo=", i);
		low |= token_value(got, key) > 0 && !strstr(c->firer[i - 1], " low-ammo");
	}
	if (has_word(other, "low-ammo") != low) {
		print_error("case %s: low-ammo %s\n  got %s\n%s", c->id, low ? "marked, not expected" : "expected, not marked",
			    got, text);
		failures++;
	}
	return failures;
}

/* The derived fire points, total, effect, losses and state after; 1 on a
 * mismatch. */
static int fire_derived(const struct fire_case *c, int reading, const char *text)
{
	struct case_audit ca;
	int failures = 1;
	if (case_audit(&ca, text, c->id, FOLLOW_CLAIMED)) {
		char want[1536], ids[64] = "t";
		bool fires = !has_word(c->other[reading], "no-fire");
		want[0] = '\0';
		if (fires)	/* no fire: nothing is derived but the state */
			snprintf(want, sizeof want, "points=%d loss=%d total=%s effect=%s", c->points, c->loss,
				 c->total, c->effect[reading]);
		if (reading == 0)
			snprintf(want + strlen(want), sizeof want - strlen(want), " %s", c->after);
		for (int i = 1; i <= c->n_firers; i++)
			snprintf(ids + strlen(ids), sizeof ids - strlen(ids), " f%d", i);
		failures = expect_tokens(&ca, "fire", "t", ids, want, c->id, text);
		failures += fire_other_states(c, reading, derived_tokens(ca.b, &ca.r, "fire", "t", ids), text);
		if (!fires && strstr(derived_tokens(ca.b, &ca.r, "fire", "t", ""), "total=")) {
			print_error("case %s: no fire, yet a total is derived\n", c->id);
			failures++;
		}
	}
	case_release(&ca);
	return failures;
}

/* The audit's findings for a case, less what the case expects. */
static int audit_fire_case(const struct fire_case *c, int reading)
{
	struct buf text;
	buf_init(&text, 0);
	fire_case_battle(c, reading, &text);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	int failures = 0;
	if (d.n_errors) {
		print_error("fire case %s does not parse: %s\n%s", c->id, tu_diag_list(&d), text.text);
		failures++;
	} else {
		struct findings f;
		findings_init(&f);
		struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = NULL};
		audit_battle(b, &opts, &f);
		int cannot = 0;
		for (int i = 0; i < f.n; i++) {
			if (f.v[i].severity == DIAG_NOTE)
				continue;
			if (f.v[i].code == FINDING_ILLEGAL && strstr(c->other[reading], "cannot-fire")) {
				cannot++;
				continue;
			}
			print_error("fire case %s (%s): %s %s\n%s", c->id, reading ? "five" : "four",
				    finding_code_name(f.v[i].code), f.v[i].msg, text.text);
			failures++;
		}
		if (strstr(c->other[reading], "cannot-fire") && cannot != 1) {
			print_error("fire case %s: expected one firer that cannot fire, got %d\n", c->id, cannot);
			failures++;
		}
		findings_release(&f);
		failures += fire_derived(c, reading, text.text);
	}
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return failures;
}

/* Each hand-worked fire combat audits clean under both readings when its
 * claim is the expected one. */
static void test_hand_worked_fire(void **state)
{
	(void)state;
	FILE *in = fopen("tests/expect/fire_cases.txt", "r");
	assert_non_null(in);
	struct fire_case c;
	int n = 0, failures = 0;
	while (next_fire_case(in, &c)) {
		failures += audit_fire_case(&c, 0) + audit_fire_case(&c, 1);
		n++;
	}
	fclose(in);
	assert_true(n >= 15);
	assert_int_equal(failures, 0);
}

/* One hand-worked charge of tests/expect/charge_cases.txt. */
struct charge_case {
	char id[80];
	char unit[2][200];
	char combat[16];
	int dice[2];
	char mods[2][200];
	int totals[2];
	int diff;
	char effect[40];
	int loss[2];
	int fallen;		/* a fallen-leader case: the die, else 0 */
	char leader[32];	/* its expect-leader: removed, out-one-turn, ... */
	char other[200];
	char findings[200];	/* finding codes the case expects, as "code code" */
	char after[1024];	/* expect-after lines as tokens */
};

/* attacker: a; defender: d; leader (a fallen-leader case): l. */
static const char *charge_role(const char *role)
{
	return strcmp(role, "attacker") == 0 ? "a" : strcmp(role, "defender") == 0 ? "d" : "l";
}

static bool next_charge_case(FILE *in, struct charge_case *c)
{
	char line[1024];
	memset(c, 0, sizeof *c);
	bool open = false;
	while (fgets(line, sizeof line, in)) {
		line[strcspn(line, "\n")] = '\0';
		static const char *const words[] = {"case", "attacker", "defender", "combat", "dice", "fallen",
						    "expect-findings", "expect-attacker-mods", "expect-defender-mods",
						    "expect-totals", "expect-difference", "expect-effect",
						    "expect-attacker-loss", "expect-defender-loss", "expect-other",
						    "expect-leader", "expect-after", "why:", "end"};
		known_line(line, words, N_OF(words), "charge_cases.txt");
		char *v = strchr(line, ' ');
		v = v ? v + 1 : line + strlen(line);
		if (strncmp(line, "case ", 5) == 0) {
			sscanf(v, "%79s", c->id);
			open = true;
		} else if (!open || line[0] == '#') {
			continue;
		} else if (strncmp(line, "expect-leader ", 14) == 0) {
			snprintf(c->leader, sizeof c->leader, "%.31s", v);
		} else if (strncmp(line, "attacker ", 9) == 0 || strncmp(line, "defender ", 9) == 0) {
			snprintf(c->unit[line[0] == 'd'], sizeof c->unit[0], "%.199s", v);
		} else if (strncmp(line, "combat ", 7) == 0) {
			snprintf(c->combat, sizeof c->combat, "%.15s", v);
		} else if (strncmp(line, "dice ", 5) == 0) {
			sscanf(v, "%d %d", &c->dice[0], &c->dice[1]);
		} else if (strncmp(line, "fallen ", 7) == 0) {
			c->fallen = atoi(v);
		} else if (strncmp(line, "expect-findings ", 16) == 0) {
			snprintf(c->findings, sizeof c->findings, "%s", v);
		} else if (strncmp(line, "expect-attacker-mods ", 21) == 0 || strncmp(line, "expect-defender-mods ", 21) == 0) {
			snprintf(c->mods[line[7] == 'd'], sizeof c->mods[0], "%.199s", v);
		} else if (strncmp(line, "expect-totals ", 14) == 0) {
			sscanf(v, "%d %d", &c->totals[0], &c->totals[1]);
		} else if (strncmp(line, "expect-difference ", 18) == 0) {
			c->diff = atoi(v);
		} else if (strncmp(line, "expect-effect ", 14) == 0) {
			snprintf(c->effect, sizeof c->effect, "%.39s", v);
		} else if (strncmp(line, "expect-attacker-loss ", 21) == 0) {
			c->loss[0] = atoi(v);
		} else if (strncmp(line, "expect-defender-loss ", 21) == 0) {
			c->loss[1] = atoi(v);
		} else if (strncmp(line, "expect-other ", 13) == 0) {
			snprintf(c->other, sizeof c->other, "%.199s", v);
		} else if (strncmp(line, "expect-after ", 13) == 0) {
			after_tokens(line, charge_role, c->after, sizeof c->after);
		} else if (strcmp(line, "end") == 0) {
			return true;
		}
	}
	return false;
}

/* Declares a case's unit; adds its state events to events and its facts to facts. */
static void charge_unit(struct buf *out, const char *id, const char *spec, char *events, size_t esize,
			char *facts, size_t fsize)
{
	char nation[8], arm[8], exp[16], morale[16], order[16], formation[24], flags[160] = "";
	int start, now;
	sscanf(spec, "%7s %7s %15s %15s %d %d %15s %23s %159[^\n]", nation, arm, exp, morale, &start, &now, order,
	       formation, flags);
	const char *carriage = strstr(flags, "carriage=");
	char weapon[16] = "M";
	if (strcmp(arm, "gun") == 0)
		snprintf(weapon, sizeof weapon, "%.3sLG", carriage ? carriage + 9 : "hlc");
	else if (strcmp(arm, "cav") == 0)
		snprintf(weapon, sizeof weapon, "none");
	const char *form = strcmp(formation, "-") == 0 ? "" : has_word(flags, "hasty-square") ? "hasty-square"
			   : formation;
	buf_printf(out, "side s%s nation=%s\n  leader l%s \"L\" able\n  unit %s \"%s\" %s %s %s %s stands=%d %s %s",
		   id, nation, id, id, id, arm, exp, strcmp(morale, "-") ? morale : "", weapon, start, form,
		   strcmp(order, "good-order") ? order : "");
	static const char *const decl_words[] = {"lancers", "brave-colonel", "national-guard", "cuirassiers",
						 "mounted-rifles", "limbered", "unlimbered", "battery", "section"};
	for (size_t i = 0; i < sizeof decl_words / sizeof decl_words[0]; i++)
		if (has_word(flags, decl_words[i]))
			buf_printf(out, " %s", decl_words[i]);
	buf_putc(out, '\n');
	if (now < start)
		snprintf(events + strlen(events), esize - strlen(events), "stands %s -%d \"before\"\n", id, start - now);
	if (has_word(flags, "leader-attached"))
		snprintf(events + strlen(events), esize - strlen(events), "attach l%s %s\n", id, id);
	if (has_word(flags, "silenced"))
		snprintf(events + strlen(events), esize - strlen(events), "silence %s\n", id);
	static const char *const fact_words[] = {"cold-steel", "outflanked", "ground=open", "ground=broken",
						 "ground=rough", "stationary", "favourable", "strong", "fortified",
						 "supported", "unsupported"};
	for (size_t i = 0; i < sizeof fact_words / sizeof fact_words[0]; i++)
		if (has_word(flags, fact_words[i]))
			snprintf(facts + strlen(facts), fsize - strlen(facts), "%s%s", *facts ? "," : "(", fact_words[i]);
	if (*facts)
		snprintf(facts + strlen(facts), fsize - strlen(facts), ")");
	/* gun crews sheltering in the square: a gun of as many stands, its
	 * crew in the square (000:646) */
	const char *crews = strstr(flags, "sheltered-crews=");
	if (crews) {
		buf_printf(out, "  unit %sg \"%s's gun\" gun trained hlcLG stands=%d unlimbered\n", id, id, atoi(crews + 16));
		snprintf(events + strlen(events), esize - strlen(events), "shelter %sg %s\n", id, id);
	}
	/* every word of the case's flags is one of the above: a word the
	 * harness does not know would be dropped, and its case test nothing */
	char copy[160];
	snprintf(copy, sizeof copy, "%s", flags);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		bool known = strncmp(w, "carriage=", 9) == 0 || strncmp(w, "sheltered-crews=", 16) == 0 ||
			     strcmp(w, "hasty-square") == 0 || strcmp(w, "leader-attached") == 0 ||
			     strcmp(w, "silenced") == 0 || strcmp(w, "storming") == 0;	/* storming: the formation says it */
		for (size_t i = 0; !known && i < sizeof decl_words / sizeof decl_words[0]; i++)
			known = strcmp(w, decl_words[i]) == 0;
		for (size_t i = 0; !known && i < sizeof fact_words / sizeof fact_words[0]; i++)
			known = strcmp(w, fact_words[i]) == 0;
		if (!known)
			fail_msg("unit %s: the harness does not know the case's word '%s'", id, w);
	}
}

static void side_claim(struct buf *out, const char *mods, int die, int total, int loss)
{
	buf_printf(out, " [%d]", die);
	char copy[200];
	snprintf(copy, sizeof copy, "%s", mods);
	for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (atoi(eq + 1) != 0)	/* the file lists zero items too; a claim need not */
			buf_printf(out, " %+d%s", atoi(eq + 1), tok);
	}
	buf_printf(out, " =%d loss=%d", total, loss);
}

/* The battle log of a charge case; the combat to check is its last line. */
static void charge_case_battle(const struct charge_case *c, struct buf *out)
{
	char events[512] = "", facts[2][160] = {"", ""};
	buf_printf(out, "battle \"charge %s\" rules=rff-maw\n", c->id);
	if (c->fallen) {
		buf_printf(out, "side s nation=US\n  leader l \"L\" able\n  unit u \"U\" inf raw spirited M stands=4\n"
			   "turn 1 s\nfallen l [%d] %s\n", c->fallen, c->effect);
		return;
	}
	charge_unit(out, "a", c->unit[0], events, sizeof events, facts[0], sizeof facts[0]);
	charge_unit(out, "d", c->unit[1], events, sizeof events, facts[1], sizeof facts[1]);
	buf_printf(out, "turn 1 sa\n%sphase charge\n", events);
	bool breakthrough = strcmp(c->combat, "breakthrough") == 0;
	if (strcmp(c->combat, "reroll") == 0)	/* the struggle before: as played, no further loss */
		buf_printf(out, "charge a%s -> d%s [5] loss=0 | [5] loss=0 : 0 desperate-struggle\n  reroll", facts[0], facts[1]);
	else	/* sheltered crews are in the square the charge meets: named with it */
		buf_printf(out, "%s a%s -> d%s%s", breakthrough ? "breakthrough" : "charge", facts[0], facts[1],
			   strstr(c->unit[1], "sheltered-crews=") ? ", dg" : "");
	side_claim(out, c->mods[0], c->dice[0], c->totals[0], c->loss[0]);
	buf_puts(out, " |");
	side_claim(out, c->mods[1], c->dice[1], c->totals[1], c->loss[1]);
	buf_printf(out, " : %+d %s\n", c->diff, c->effect);
	if (has_word(c->other, "fallen-leader-check-attacker"))
		buf_puts(out, "fallen la [3] unscathed\n");
	if (has_word(c->other, "fallen-leader-check-defender"))
		buf_puts(out, "fallen ld [3] unscathed\n");
}

/* The derived totals, difference, effect, losses and state after; the
 * number of mismatches. */
/* A charge case's expect-other tokens as the state after they say, into
 * out ("d.order=broken dg.removed=true"); the reroll one sets *reroll.
 * holds and the fallen-leader checks are asserted by the lines the log
 * gets for them (charge_case_battle) and by the effect, guns-silenced by
 * charge_derived; any other word
 * fails the case rather than being dropped. */
static void other_tokens(const struct charge_case *c, char *out, size_t size, bool *reroll)
{
	static const struct {
		const char *token, *state;
	} states[] = {
		{"attacker-disordered", "a.order=disordered"}, {"defender-disordered", "d.order=disordered"},
		{"attacker-broken", "a.order=broken"},	       {"defender-broken", "d.order=broken"},
	};
	*reroll = false;
	char copy[200];
	snprintf(copy, sizeof copy, "%s", c->other);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		bool known = strcmp(w, "-") == 0 || strcmp(w, "holds") == 0 || strcmp(w, "fallen-leader-check-attacker") == 0 ||
			     strcmp(w, "fallen-leader-check-defender") == 0 || strcmp(w, "guns-silenced") == 0;
		for (size_t i = 0; !known && i < sizeof states / sizeof states[0]; i++)
			if (strcmp(w, states[i].token) == 0) {
				snprintf(out + strlen(out), size - strlen(out), "%s ", states[i].state);
				known = true;
			}
		if (strcmp(w, "guns-lost") == 0) {	/* the sheltered crews, or the guns charged */
			snprintf(out + strlen(out), size - strlen(out), "%s.removed=true ",
				 strstr(c->unit[1], "sheltered-crews=") ? "dg" : "d");
			known = true;
		}
		if (strcmp(w, "reroll-follows") == 0)
			known = *reroll = true;
		if (!known)
			fail_msg("case %s: expect-other has '%s', which the harness does not know", c->id, w);
	}
}

/* Whether the audit reports a Desperate Struggle not rolled again
 * (002:241): what reroll-follows says, the log holding no reroll after. */
static bool reroll_reported(const struct case_audit *ca)
{
	for (int i = 0; i < ca->f.n; i++)
		if (ca->f.v[i].code == FINDING_MISSING_ROLL && strstr(ca->f.v[i].msg, "Desperate Struggle"))
			return true;
	return false;
}

static int charge_derived(const struct charge_case *c, const char *text)
{
	struct case_audit ca;
	int failures = 1;
	if (case_audit(&ca, text, c->id, FOLLOW_CLAIMED)) {
		char want[1536];
		if (c->fallen) {
			static const struct {
				const char *word, *state;
			} leader[] = {
				{"removed", "l.removed=true"},
				{"out-one-turn", "l.removed=false l.in_play=false"},
				{"dismounted-one-turn", "l.removed=false"},
				{"unharmed", "l.removed=false l.in_play=true"},
			};
			const char *state = NULL;
			for (size_t i = 0; i < N_OF(leader); i++)
				if (strcmp(c->leader, leader[i].word) == 0)
					state = leader[i].state;
			if (!state)
				fail_msg("case %s: expect-leader '%s' is not one the harness knows", c->id, c->leader);
			snprintf(want, sizeof want, "effect=%s %s %s", c->effect, state, c->after);
			failures = expect_tokens(&ca, "fallen-leader", "", "l", want, c->id, text);
		} else {
			const char *kind = strcmp(c->combat, "reroll") == 0 ? "reroll" : "charge";
			char other[256] = "";
			bool reroll;
			other_tokens(c, other, sizeof other, &reroll);
			snprintf(want, sizeof want, "effect=%s difference=%d total=%d loss=%d %s %s", c->effect, c->diff,
				 c->totals[0], c->loss[0], c->after, other);
			bool crews = strstr(c->unit[1], "sheltered-crews=") != NULL;
			failures = expect_tokens(&ca, kind, "a", crews ? "a d dg" : "a d", want, c->id, text);
			if (reroll != reroll_reported(&ca) && strcmp(c->combat, "reroll") != 0) {
				print_error("case %s: a reroll %s, the audit %s it\n%s", c->id,
					    reroll ? "follows" : "does not follow", reroll ? "does not ask for" : "asks for", text);
				failures++;
			}
			/* guns-silenced: the battery's stands carry the mark (how
			 * many is the expect-after line's); none when not listed */
			if (strncmp(c->unit[1] + 4, "gun", 3) == 0) {
				const char *got = derived_tokens(ca.b, &ca.r, kind, "a", "d");
				if (has_word(c->other, "guns-silenced") != (token_value(got, "d.silenced=") > 0)) {
					print_error("case %s: guns-silenced %s\n  got %s\n%s", c->id,
						    has_word(c->other, "guns-silenced") ? "expected" : "not expected", got, text);
					failures++;
				}
			}
			snprintf(want, sizeof want, "total=%d loss=%d", c->totals[1], c->loss[1]);
			failures += expect_tokens(&ca, kind, "d", "", want, c->id, text);
		}
	}
	case_release(&ca);
	return failures;
}

/* The findings of the case's last line that are not notes; 0 if none. */
static int audit_charge_case(const struct charge_case *c)
{
	struct buf text;
	buf_init(&text, 0);
	charge_case_battle(c, &text);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	int failures = 0;
	if (d.n_errors) {
		print_error("charge case %s does not parse: %s\n%s", c->id, tu_diag_list(&d), text.text);
		failures++;
	} else {
		struct findings f;
		findings_init(&f);
		struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = NULL};
		audit_battle(b, &opts, &f);
		int expected_found = 0;
		int last = b->n_stmts - 1;	/* the combat: the last event but a fallen roll */
		while (last > 0 && (b->stmts[last].kind != ST_EVENT ||
				    (!c->fallen && b->stmts[last].u->event.def->shape == &shape_leader_roll)))
			last--;
		for (int i = 0; i < f.n; i++) {
			if (f.v[i].severity == DIAG_NOTE || f.v[i].stmt != last)
				continue;
			if (f.v[i].code == FINDING_MISSING_ROLL && strstr(f.v[i].msg, "Desperate Struggle"))
				continue;	/* a case stops at the combat it works out; its reroll is another */
			if (has_word(c->findings, finding_code_name(f.v[i].code))) {
				expected_found++;
				continue;
			}
			print_error("charge case %s: %s %s\n%s", c->id, finding_code_name(f.v[i].code), f.v[i].msg,
				    text.text);
			failures++;
		}
		if (c->findings[0] && !expected_found) {
			print_error("charge case %s: expected %s, found none\n", c->id, c->findings);
			failures++;
		}
		findings_release(&f);
		failures += charge_derived(c, text.text);
	}
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return failures;
}

/* Each hand-worked charge and fallen-leader roll audits clean when claimed
 * as worked out from the seeds. */
static void test_hand_worked_charges(void **state)
{
	(void)state;
	FILE *in = fopen("tests/expect/charge_cases.txt", "r");
	assert_non_null(in);
	struct charge_case c;
	int n = 0, failures = 0;
	while (next_charge_case(in, &c)) {
		failures += audit_charge_case(&c);
		n++;
	}
	fclose(in);
	assert_true(n >= 20);
	assert_int_equal(failures, 0);
}

static void charge_effect_row(const char *r, int section, void *ctx)
{
	(void)section;
	char a[16], b[40];
	field(field(r, a, sizeof a), b, sizeof b);
	const struct rff_charge_band *band = rff_charge_band(atoi(a));
	if (strcmp(rff_effect_word(band->effect), b) != 0) {
		print_error("difference %s: %s, expected %s\n", a, rff_effect_word(band->effect), b);
		++*(int *)ctx;
	}
}

/* Every difference from -14 to +14. */
static void test_charge_effects(void **state)
{
	(void)state;
	int failures = 0;
	assert_int_equal(each_row("tests/expect/charge_effects.inc", NULL, charge_effect_row, &failures), 29);
	assert_int_equal(failures, 0);
}

/* A charge_losses.inc row's battle: the loser raw, the winner elite with
 * its leader (so that every difference up to 14 is in the dice's reach),
 * a winning defender in a strong position, both of 12 stands (nobody outnumbered, nothing lost beyond the stands);
 * the row's conditions set on the loser (outflanked, disordered before)
 * or the winner (cavalry); dice da and dd. */
static void losses_battle(struct buf *out, int diff, const char *cond, int da, int dd)
{
	bool cav = has_word(cond, "by-cavalry"), flank = has_word(cond, "outflanked"),
	     dis = has_word(cond, "disordered-before");
	char spec[2][200];
	for (int side = 0; side < 2; side++) {
		bool wins = diff == 0 || (diff > 0) == (side == 0), loses = diff == 0 || !wins;
		bool mounted = cav && side == (diff < 0 ? 1 : 0);	/* the winner; the attacker at 0 */
		snprintf(spec[side], sizeof spec[side], "%s %s %s reliable 12 12 %s line%s%s%s%s%s",
			 side == 0 ? "US" : "MEX", mounted ? "cav" : "inf",
			 diff == 0 ? "trained" : wins ? "elite" : "raw",
			 dis && loses ? "disordered" : "good-order", wins && diff ? " leader-attached" : "",
			 side == 0 ? " ground=open" : "", side == 0 && wins && diff && !mounted ? " cold-steel" : "",
			 flank && loses && (diff != 0 || side == 1) ? " outflanked" : "",
			 side == 1 && wins && diff ? " strong" : "");
	}
	char events[512] = "", facts[2][160] = {"", ""};
	buf_printf(out, "battle \"losses %+d %s\" rules=rff-maw\n%s", diff, cond,
		   has_word(cond, "moved") ? "option swept-losses=moved\n" : "");
	charge_unit(out, "a", spec[0], events, sizeof events, facts[0], sizeof facts[0]);
	charge_unit(out, "d", spec[1], events, sizeof events, facts[1], sizeof facts[1]);
	buf_printf(out, "turn 1 sa\n%sphase charge\ncharge a%s -> d%s [%d] | [%d]\n", events, facts[0], facts[1], da, dd);
}

/* The derived difference and each side's loss of a battle's charge. */
static void losses_derived(const char *text, int *diff, int loss[2])
{
	struct case_audit ca;
	*diff = -99;
	loss[0] = loss[1] = -1;
	if (case_audit(&ca, text, "losses", FOLLOW_CLAIMED)) {
		const char *got = derived_tokens(ca.b, &ca.r, "charge", "a", "");
		const char *at = strstr(got, "difference=");
		if (at)
			*diff = atoi(at + 11);
		if ((at = strstr(got, "loss=")))
			loss[0] = atoi(at + 5);
		got = derived_tokens(ca.b, &ca.r, "charge", "d", "");
		if ((at = strstr(got, "loss=")))
			loss[1] = atoi(at + 5);
	}
	case_release(&ca);
}

/* A row of charge_losses.inc: the dice are chosen (from a first audit at
 * 5 v 5, which gives the modifiers' difference) to make the row's
 * difference, and the derived losses must be the row's. */
static void charge_loss_row(const char *r, int section, void *ctx)
{
	(void)section;
	char f[4][80];
	const char *s = r;
	for (int i = 0; i < 4; i++)
		s = field(s, f[i], sizeof f[i]);
	int want = atoi(f[0]), loss[2], diff;
	struct buf text;
	buf_init(&text, 0);
	losses_battle(&text, want, f[3], 5, 5);
	losses_derived(text.text, &diff, loss);
	int dice = want - diff;	/* the attacker's die less the defender's */
	int da = dice >= 0 ? 1 + dice : 1, dd = dice >= 0 ? 1 : 1 - dice;
	if (da > 10 || dd > 10) {
		print_error("losses %d %s: the dice cannot reach it (modifiers give %d)\n", want, f[3], diff);
		++*(int *)ctx;
		buf_release(&text);
		return;
	}
	buf_clear(&text);
	losses_battle(&text, want, f[3], da, dd);
	losses_derived(text.text, &diff, loss);
	if (diff != want || loss[0] != atoi(f[1]) || loss[1] != atoi(f[2])) {
		print_error("losses %d \"%s\": derived difference %d, losses %d and %d; expected %s and %s\n%s", want,
			    f[3], diff, loss[0], loss[1], f[1], f[2], text.text);
		++*(int *)ctx;
	}
	buf_release(&text);
}

/* Every row of charge_losses.inc: the stands each side loses by difference
 * and the loser's condition (002:238-244), both readings of "over 9". */
static void test_charge_losses(void **state)
{
	(void)state;
	int failures = 0;
	assert_int_equal(each_row("tests/expect/charge_losses.inc", NULL, charge_loss_row, &failures), 126);
	assert_int_equal(failures, 0);
}

/* "Units within 2" behind the target take the next lower effect" (002:197):
 * Withering, Telling, Galling, Lively, Desultory, the last the lowest. */
static void test_fire_next_lower(void **state)
{
	(void)state;
	assert_int_equal(rff_fire_next_lower(EFF_WITHERING), EFF_TELLING);
	assert_int_equal(rff_fire_next_lower(EFF_TELLING), EFF_GALLING);
	assert_int_equal(rff_fire_next_lower(EFF_GALLING), EFF_LIVELY);
	assert_int_equal(rff_fire_next_lower(EFF_LIVELY), EFF_DESULTORY);
	assert_int_equal(rff_fire_next_lower(EFF_DESULTORY), EFF_DESULTORY);
}

static const struct {
	const char *code;
	int value;
} charge_mods_expect[] = {
#include "expect/charge_mods.inc"
};

/* Every charge modifier code of the vocabulary has its QRS value. */
static void test_charge_modifiers(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof charge_mods_expect / sizeof charge_mods_expect[0]; i++) {
		const struct claim_mod *m = rff_charge_mod(word_code(RC_MOD_CHARGE, charge_mods_expect[i].code),
							   charge_mods_expect[i].value);
		if (!m || m->value != charge_mods_expect[i].value)
			fail_msg("%s: %d, expected %d", charge_mods_expect[i].code, m ? m->value : -99,
				 charge_mods_expect[i].value);
	}
	assert_true(sizeof charge_mods_expect / sizeof charge_mods_expect[0] >= 30);
}

/* The derivations name modifiers by enum: every one has its row, and the
 * row is the one its code finds through the vocabulary, as a claim's does
 * (a gap in a table indexed by enum would be a row of nulls). */
static void test_modifier_enums(void **state)
{
	(void)state;
	for (int m = MM_NONE + 1; m < MM_N; m++) {
		const struct claim_mod *row = rff_mc_mod_at(m);
		assert_non_null(row->code);
		assert_ptr_equal(rff_mc_mod_at(word_code(RC_MOD_MC, row->code)), row);
	}
	for (int m = FM_POINTS + 1; m < FM_N; m++) {	/* fp's rows are by points */
		const struct claim_mod *row = rff_fire_mod_at(m);
		assert_non_null(row->code);
		assert_ptr_equal(rff_fire_mod(word_code(RC_MOD_FIRE, row->code), m == FM_ENFILADED_GUN || m == FM_LIMBERED),
				 row);
	}
	assert_int_equal(rff_fire_mod(FM_POINTS, false)->factor, FF_POINTS);
	assert_null(rff_fire_mod(FM_LIMBERED, false));	/* a gun target's modifier */
	for (int m = CM_NONE + 1; m < CM_N; m++) {
		const struct claim_mod *row = rff_charge_mod_at(m);
		assert_non_null(row->code);
		assert_ptr_equal(rff_charge_mod(word_code(RC_MOD_CHARGE, row->code), row->value), row);
	}
	assert_int_equal(rff_charge_mod_at(CM_OUTNUMBERED_2)->value, -2);	/* 002:215 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unit_effectiveness_table),
		cmocka_unit_test(test_maneuver_bands),
		cmocka_unit_test(test_maneuver_modifiers),
		cmocka_unit_test(test_hand_worked_maneuver_checks),
		cmocka_unit_test(test_fire_points),
		cmocka_unit_test(test_fire_point_modifiers),
		cmocka_unit_test(test_fire_results),
		cmocka_unit_test(test_fire_results_split),
		cmocka_unit_test(test_hand_worked_fire),
		cmocka_unit_test(test_hand_worked_charges),
		cmocka_unit_test(test_charge_effects),
		cmocka_unit_test(test_charge_losses),
		cmocka_unit_test(test_fire_next_lower),
		cmocka_unit_test(test_charge_modifiers),
		cmocka_unit_test(test_modifier_enums),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
