/* test_rff: the Fire and Fury tables and maneuver checks against expected
 * values written independently of the production tables (tests/expect/,
 * transcribed from the seeds with the seed line beside every row). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/rff_tables.h"
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

/* Every effectiveness threshold, every morale class, starting sizes 2-25. */
static void test_unit_effectiveness_table(void **state)
{
	(void)state;
	int table_rows = 0;
	for (size_t i = 0; i < sizeof uet_expect / sizeof uet_expect[0]; i++) {
		bool text = strcmp(uet_expect[i].morale, "dispirited-text") == 0;
		const char *morale = text ? "dispirited" : uet_expect[i].morale;
		int n = uet_expect[i].stands;
		const struct rff_uet_row *row = rff_uet_row(morale, n, text);
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
	assert_null(rff_uet_row("spirited", 26, false));
	assert_null(rff_uet_row("steady", 8, false));
}

/* Every band of both columns for both nations, totals -6 to 16. */
static void test_maneuver_bands(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof mc_effects_expect / sizeof mc_effects_expect[0]; i++) {
		bool dis = strcmp(mc_effects_expect[i].column, "disordered") == 0;
		const struct rff_mc_band *b =
			rff_mc_band(mc_effects_expect[i].nation, dis, mc_effects_expect[i].total);
		assert_non_null(b);
		if (strcmp(b->effect, mc_effects_expect[i].effect) != 0)
			fail_msg("%s %s %d: %s, expected %s", mc_effects_expect[i].nation,
				 mc_effects_expect[i].column, mc_effects_expect[i].total, b->effect,
				 mc_effects_expect[i].effect);
	}
	assert_true(sizeof mc_effects_expect / sizeof mc_effects_expect[0] >= 88);
}

/* Every maneuver modifier code of the vocabulary has its QRS value. */
static void test_maneuver_modifiers(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof mc_mods_expect / sizeof mc_mods_expect[0]; i++) {
		const struct claim_mod *m = rff_mc_mod(mc_mods_expect[i].code);
		if (!m)
			fail_msg("no table row for %s", mc_mods_expect[i].code);
		assert_int_equal(m->value, mc_mods_expect[i].value);
		assert_non_null(m->cite);
	}
	const struct vocab *v = ruleset_default();
	int codes = 0;
	for (size_t i = 0; i < v->n_words; i++)
		if (v->words[i].cat == VC_MOD_MC && !v->words[i].canon) {
			assert_non_null(rff_mc_mod(v->words[i].word));
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

/* Audits the text; fails on any error or warning. */
static void assert_audits_clean(const char *text, const char *id)
{
	struct diags d;
	struct battle *b = tu_parse(text, &d);
	if (d.n_errors)
		fail_msg("case %s does not parse: %s\n%s", id, tu_diag_list(&d), text);
	struct findings f;
	findings_init(&f);
	struct audit_opts opts = {FOLLOW_CLAIMED};
	assert_int_equal(audit_battle(b, &opts, &f), 0);
	for (int i = 0; i < f.n; i++)
		if (f.v[i].severity != DIAG_NOTE)
			fail_msg("case %s: %s %s\n%s", id, finding_code_name(f.v[i].code), f.v[i].msg, text);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

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
		else if (strncmp(line, "alt uet-text ", 13) == 0) {
			c->alt_uet = true;
			sscanf(line, "alt uet-text total=%d effect=%31s", &c->alt_total, c->alt_effect);
		} else if (strcmp(line, "end") == 0)
			return true;
	}
	return false;
}

/* Each hand-worked case audits clean with the expected claim, under the
 * reading it names; a Panic's losses under both options. */
static void test_hand_worked_maneuver_checks(void **state)
{
	(void)state;
	FILE *in = fopen("tests/expect/mc_cases.txt", "r");
	assert_non_null(in);
	struct mc_case c;
	int n = 0;
	while (next_case(in, &c)) {
		struct buf text;
		buf_init(&text, 0);
		/* the case's main reading of the table cell; umpire's default reads the rule text */
		const char *opts = c.alt_uet ? "option uet-dispirited=table\n" : "";
		case_battle(&c, opts, false, c.loss_qrs, &text);
		assert_audits_clean(text.text, c.id);
		if (c.alt_uet) {
			buf_clear(&text);
			case_battle(&c, "", true, -1, &text);
			assert_audits_clean(text.text, c.id);
		}
		if (c.loss_text >= 0) {
			buf_clear(&text);
			case_battle(&c, "option panic-loss=text\n", false, c.loss_text, &text);
			assert_audits_clean(text.text, c.id);
		}
		buf_release(&text);
		n++;
	}
	fclose(in);
	assert_true(n >= 15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unit_effectiveness_table),
		cmocka_unit_test(test_maneuver_bands),
		cmocka_unit_test(test_maneuver_modifiers),
		cmocka_unit_test(test_hand_worked_maneuver_checks),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
