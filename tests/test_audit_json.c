/* test_audit_json: the audit's JSON Lines, object by object.  The values
 * are the notation's own (the header's clock, a ruling's words) or worked
 * out from the seeds where the audit derives them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../grammar/buf.h"
#include "../reports/audit_json.h"

static const char log_text[] =
	"battle \"J\" id=j rules=rff-maw start=17:00 turn-minutes=15\n"		/* 1 */
	"side US nation=US\n"
	"  leader lee \"Lee\" gallant\n"
	"  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=lee line\n"
	"side MEX nation=MEX\n"							/* 5 */
	"  leader art \"Art\" able\n"
	"  unit 2lt \"2nd\" inf trained spirited IM stands=10 cmd=art line\n"
	"turn 1 US daylight\n"
	"note \"the smoke clears\"\n"
	"phase fire\n"								/* 10 */
	"fire 5inf:8@6 -> 2lt [9] =9 telling-fire\n"
	"  ruling accept by=\"J. Smith\" \"the wall is no cover\"\n"
	"turn 2 MEX\n"
	"turn 3 US\n";

/* The JSON Lines of log_text, audited following follow. */
static char *json_lines(enum audit_follow follow)
{
	struct diags d;
	struct battle *b = tu_parse(log_text, &d);
	if (d.n_errors)
		fail_msg("does not parse: %s", tu_diag_list(&d));
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct audit_opts opts = {.follow = follow, .records = &r};
	assert_int_equal(audit_battle(b, &opts, &f), 0);
	struct buf out;
	buf_init(&out, 0);
	audit_json_write(b, &r, &f, follow, &out);
	char *text = strdup(out.text);
	buf_release(&out);
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	return text;
}

/* The object of the line'th line of the log (kind as given), or "". */
static const char *object_at(const char *lines, int line, const char *kind)
{
	static char out[8192];
	char key[96];
	snprintf(key, sizeof key, "\"line\":%d,\"kind\":\"%s\"", line, kind);
	const char *p = strstr(lines, key);
	if (!p)
		return "";
	while (p > lines && p[-1] != '\n')
		p--;
	size_t n = strcspn(p, "\n");
	snprintf(out, sizeof out, "%.*s", (int)n, p);
	return out;
}

static void assert_contains(const char *object, const char *part)
{
	if (!strstr(object, part))
		fail_msg("%s\nhas no %s", object, part);
}

/* A turn is an object with its clock: 17:00 plus 15 minutes a turn. */
static void test_turns(void **state)
{
	(void)state;
	char *lines = json_lines(FOLLOW_CLAIMED);
	assert_string_equal(object_at(lines, 8, "turn"),
			    "{\"file\":\"t.battle\",\"line\":8,\"kind\":\"turn\",\"state_as\":\"played\",\"turn\":1,"
			    "\"side\":\"US\",\"light\":\"daylight\",\"clock\":\"17:00\",\"state\":[],\"findings\":[]}");
	assert_contains(object_at(lines, 13, "turn"), "\"turn\":2,\"side\":\"MEX\",\"light\":\"daylight\",\"clock\":\"17:15\"");
	assert_contains(object_at(lines, 14, "turn"), "\"clock\":\"17:30\"");
	free(lines);
}

/* A ruling names the event it settles, the umpire and the reason. */
static void test_ruling(void **state)
{
	(void)state;
	char *lines = json_lines(FOLLOW_CLAIMED);
	const char *o = object_at(lines, 12, "ruling");
	assert_contains(o, "\"ruling\":\"accept\",\"settles\":{\"file\":\"t.battle\",\"line\":11}");
	assert_contains(o, "\"by\":\"J. Smith\",\"reason\":\"the wall is no cover\",\"unit\":null");
	free(lines);
}

/* A note keeps its text; an event says its turn and phase. */
static void test_note(void **state)
{
	(void)state;
	char *lines = json_lines(FOLLOW_CLAIMED);
	const char *o = object_at(lines, 9, "state");
	assert_contains(o, "\"event\":\"note\",\"turn\":1,\"phase\":null");
	assert_contains(o, "\"text\":\"the smoke clears\"");
	assert_contains(object_at(lines, 11, "fire"), "\"event\":\"fire\",\"turn\":1,\"phase\":\"fire\"");
	free(lines);
}

/* The state after the fire: 8 M stands at 6" are 8 points, +0 (002:156,
 * 002:186); 9 against trained is Telling (002:196): 2lt loses a stand and
 * is disordered, 9 of 10 spirited stands still fresh (000:687 10/7/4). */
static void test_fire_state(void **state)
{
	(void)state;
	char *lines = json_lines(FOLLOW_CLAIMED);
	const char *o = object_at(lines, 11, "fire");
	assert_contains(o, "{\"unit\":\"2lt\",\"side\":\"MEX\",\"stands\":9,\"start\":10,\"removed\":false");
	assert_contains(o, "\"order\":\"disordered\",\"formation\":\"line\"");
	assert_contains(o, "\"effectiveness\":\"fresh\"}");
	assert_contains(o, "{\"unit\":\"5inf\",\"side\":\"US\",\"stands\":8,\"start\":8");
	free(lines);
}

/* Every object says whose state it carries. */
static void test_state_as(void **state)
{
	(void)state;
	char *lines = json_lines(FOLLOW_DERIVED);
	int objects = 0;
	for (const char *p = lines; *p; p = strchr(p, '\n') + 1) {
		assert_true(strncmp(strstr(p, ",\"kind\":"), ",\"kind\":", 8) == 0);
		const char *as = strstr(p, "\"state_as\":");
		assert_non_null(as);
		assert_true(as < strchr(p, '\n'));
		assert_true(strncmp(as, "\"state_as\":\"derived\"", 20) == 0);
		objects++;
	}
	/* turns 8, 13, 14; phase 10; note 9; fire 11; ruling 12 */
	assert_int_equal(objects, 7);
	free(lines);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turns),
		cmocka_unit_test(test_ruling),
		cmocka_unit_test(test_note),
		cmocka_unit_test(test_fire_state),
		cmocka_unit_test(test_state_as),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
