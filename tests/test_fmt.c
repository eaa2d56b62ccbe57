/* test_fmt: the canonical form, and its round trips: fmt(fmt(x)) == fmt(x)
 * and parse(fmt(x)) == parse(x), on hand-written texts and on every example
 * and notation.md block. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../grammar/buf.h"
#include "../grammar/fmt.h"

/* fmt of the text, which must parse cleanly; the caller frees. */
static char *fmt_text(const char *text)
{
	struct diags d;
	struct battle *b = tu_parse(text, &d);
	if (d.n)
		fail_msg("diagnostics: %s\nfor:\n%s", tu_diag_list(&d), text);
	struct buf out;
	buf_init(&out, 0);
	fmt_battle(b, 0, &out);
	battle_free(b);
	diags_release(&d);
	char *s = buf_detach(&out);
	buf_release(&out);
	return s;
}

/* fmt is idempotent, and the reparse has the same statements. */
static void assert_round_trip(const char *text)
{
	char *once = fmt_text(text);
	char *twice = fmt_text(once);
	assert_string_equal(once, twice);
	struct diags d1, d2;
	struct battle *a = tu_parse(text, &d1), *b = tu_parse(once, &d2);
	assert_int_equal(d2.n, 0);
	/* Same statements in the same order: compare their canonical text. */
	int i = 0, j = 0;
	while (i < a->n_stmts || j < b->n_stmts) {
		while (i < a->n_stmts && a->stmts[i].kind == ST_BLANK)
			i++;
		while (j < b->n_stmts && b->stmts[j].kind == ST_BLANK)
			j++;
		if (i == a->n_stmts || j == b->n_stmts)
			break;
		assert_int_equal(a->stmts[i].kind, b->stmts[j].kind);
		struct buf x, y;
		buf_init(&x, 0);
		buf_init(&y, 0);
		fmt_stmt(a, &a->stmts[i], &x);
		fmt_stmt(b, &b->stmts[j], &y);
		assert_string_equal(x.text, y.text);
		buf_release(&x);
		buf_release(&y);
		i++;
		j++;
	}
	assert_true(i >= a->n_stmts || a->stmts[i].kind == ST_BLANK);
	battle_free(a);
	battle_free(b);
	diags_release(&d1);
	diags_release(&d2);
	free(once);
	free(twice);
}

static void test_canonical_spelling(void **state)
{
	(void)state;
	char *out = fmt_text(
		"BATTLE \"B\"   Rules=RFF-MAW  start=9:05 id=b\n"
		"side us NATION=usa \"A\"\n"
		"leader Lee \"L\" GALLANT\n"
		"unit A5 \"5th\" carry infantry crack Spirited m stands=8 cmd=LEE extended-line dis\n"
		"unit g \"G\" guns green flc lg stands=2 bty limbered\n"
		"side mex nation=mexico\n"
		"unit x \"X\" inf trained reliable IM stands=4\n"
		"TURN 1 US day\n"
		"Phase  Manoeuvre\n"
		"mc lee [0] : a5 +1VET fresh =9 DQ charge X CS ;g   +2elite =4 wh\n"
		"phase fire def\n"
		"fire a5:8@6(Charged) , g@12 -> x(cover=partial) [9] =9 TF loss=1 pts=8 +0fp\n"
		"phase charge\n"
		"charge a5 -> x [5] =8|[4] =5 :+3 HP\n"
		"  reroll [5] | [5] : 0\n");
	assert_string_equal(out,
		"battle \"B\" id=b rules=rff-maw start=09:05\n"
		"side us nation=US \"A\"\n"
		"  leader Lee \"L\" gallant\n"
		"  unit A5 \"5th\" inf elite spirited M stands=8 cmd=Lee open disordered carry\n"
		"  unit g \"G\" gun raw flcLG stands=2 limbered battery\n"
		"side mex nation=MEX\n"
		"  unit x \"X\" inf trained reliable IM stands=4\n"
		"turn 1 us daylight\n"
		"phase maneuver\n"
		"mc Lee [10]: A5 +1vet fresh =9 double-quick charge x cold-steel; g +2elite =4 well-handled\n"
		"phase fire defensive\n"
		"fire A5:8@6(charged), g@12 -> x(cover=partial) [9] +0fp pts=8 =9 telling-fire loss=1\n"
		"phase charge\n"
		"charge A5 -> x [5] =8 | [4] =5 : +3 hard-pressed\n"
		"  reroll [5] | [5] : 0\n");
	free(out);
}

static void test_comments_blank_lines_and_escapes(void **state)
{
	(void)state;
	char *out = fmt_text("\n\n# top comment   \nbattle \"The \\\"Bloody\\\" \\\\ Field\"\t# why\n\n\n\n"
			     "side US nation=US\n    # about units\n  unit a \"A\" inf raw spirited M stands=4\n\n");
	assert_string_equal(out, "# top comment\nbattle \"The \\\"Bloody\\\" \\\\ Field\"  # why\n\n"
				 "side US nation=US\n  # about units\n  unit a \"A\" inf raw spirited M stands=4\n");
	free(out);
}

/* Attribute values at their edges: a word with a z (the last letter)
 * stays bare; seq= takes 1 to 99999, the battle's place in a campaign. */
static void test_attribute_edges(void **state)
{
	(void)state;
	char *out = fmt_text("battle \"B\" seq=99999\nside US nation=US\n"
			     "  unit a \"A\" inf raw spirited M stands=4 as=zuaz\n");
	assert_string_equal(out, "battle \"B\" seq=99999\nside US nation=US\n"
				 "  unit a \"A\" inf raw spirited M stands=4 as=zuaz\n");
	free(out);
	struct diags d;
	struct battle *b = tu_parse("battle \"B\" seq=100000\nside US nation=US\n"
				    "  unit a \"A\" inf raw spirited M stands=4\n", &d);
	assert_int_equal(d.n_errors, 1);	/* one past the bound */
	battle_free(b);
	diags_release(&d);
}

static void test_never_adds_information(void **state)
{
	(void)state;
	char *out = fmt_text("battle \"B\"\nside US nation=US\n  leader l \"L\" able\n"
			     "  unit a \"A\" inf raw spirited M stands=4 cmd=l\nturn 1\nphase maneuver\n"
			     "mc l [3]: a raw fresh\nphase fire\nfire a@4 -> a [2]\n");
	assert_non_null(strstr(out, "mc l [3]: a raw fresh\n"));
	assert_non_null(strstr(out, "turn 1\n"));
	assert_non_null(strstr(out, "fire a@4 -> a [2]\n"));
	free(out);
}

static void test_state_events_and_rulings(void **state)
{
	(void)state;
	assert_round_trip("battle \"B\"\nside US nation=US\n  leader l \"L\" able\n"
			  "  unit a \"A\" inf raw spirited M stands=4 cmd=l\n"
			  "  unit g \"G\" gun raw hcHG stands=2\n"
			  "turn 1 US twilight 3 morning\nstands a +2 \"found\"\nstands a 1 \"again\"\n"
			  "leader-out l\nleader-out l \"wounded\"\nremove a\nshelter g a\nnote \"x\"\n"
			  "  ruling override loss=2 by=\"A. B.\" \"because\"\n"
			  "fallen l d10[4] staff-struck\nfallen l [3]\n");
	/* a ruling on one unit of a check keeps its name as written */
	assert_round_trip("battle \"B\"\nside US nation=US\n  leader l \"L\" able\n"
			  "  unit a \"A\" inf raw spirited M stands=4 cmd=l\n  unit b \"B\" inf raw spirited M stands=4 cmd=l\n"
			  "turn 1 US\nphase maneuver\nmc l [5]: a =5 well-handled; b =5 well-handled\n"
			  "  ruling override B tardy by=u \"slow\"\n");
	char *out = fmt_text("battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
			     "turn 1\nstands a 1 \"again\"\n");
	assert_non_null(strstr(out, "stands a +1 \"again\"\n"));
	free(out);
}

static void each_line(void *ctx, int line, const char *text, size_t len)
{
	struct buf *out = ctx;
	if (text)
		buf_printf(out, "%d:%.*s|", line, (int)len, text);
	else
		buf_printf(out, "%d:-|", line);
}

/* Every line of the file beside what fmt writes for it: blank lines at the
 * top, after another and at the end dropped (-), a comment line kept. */
static void test_each_line(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("\n\nbattle  \"B\"\n\n\n# note\nside US nation=US\n  unit a \"A\" inf raw spirited M "
				    "stands=4\n\n\n", &d);
	assert_int_equal(d.n, 0);
	struct buf out;
	buf_init(&out, 0);
	fmt_each_line(b, 0, each_line, &out);
	assert_string_equal(out.text, "1:-|2:-|3:battle \"B\"|4:|5:-|6:# note|7:side US nation=US|"
			    "8:  unit a \"A\" inf raw spirited M stands=4|9:-|10:-|");
	buf_release(&out);
	battle_free(b);
	diags_release(&d);
}

static void test_prelude_round_trip(void **state)
{
	(void)state;
	assert_round_trip(tu_prelude);
}

/* Every example battle and every notation.md block round-trips. */
static void test_examples_round_trip(void **state)
{
	(void)state;
	DIR *dir = opendir("examples");
	assert_non_null(dir);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);
		if (len < 7 || strcmp(e->d_name + len - 7, ".battle") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "examples/%s", e->d_name);
		struct diags d;
		struct battle *b = tu_parse_file(path, &d);
		if (d.n)
			fail_msg("%s: %s", path, tu_diag_list(&d));
		struct buf once;
		buf_init(&once, 0);
		fmt_battle(b, 0, &once);
		char *text = tu_read_file(path, NULL);
		if (strcmp(text, once.text) != 0)
			fail_msg("%s is not in canonical form: run umpire fmt --write", path);
		free(text);
		buf_release(&once);
		battle_free(b);
		diags_release(&d);
		n++;
	}
	closedir(dir);
	assert_true(n >= 2);
	char *doc = tu_read_file("docs/notation.md", NULL);
	const char *p = doc;
	while ((p = strstr(p, "```battle\n"))) {
		p += strlen("```battle\n");
		const char *end = strstr(p, "```");
		char *block = strndup(p, (size_t)(end - p));
		assert_round_trip(block);
		free(block);
		p = end;
	}
	free(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical_spelling),
		cmocka_unit_test(test_comments_blank_lines_and_escapes),
		cmocka_unit_test(test_never_adds_information),
		cmocka_unit_test(test_attribute_edges),
		cmocka_unit_test(test_state_events_and_rulings),
		cmocka_unit_test(test_each_line),
		cmocka_unit_test(test_prelude_round_trip),
		cmocka_unit_test(test_examples_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
