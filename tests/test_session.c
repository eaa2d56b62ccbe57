/* test_session: the recorder's core: replay, lines tried, accepted,
 * discarded and undone, the file on disk after each, lines past the
 * statement list's room, completion and the next turn.  Derived values are worked
 * out by hand from the Quick Reference Sheet (seed 002). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/ruleset.h"
#include "../grammar/buf.h"
#include "../recorder/load.h"
#include "../recorder/session.h"

static const char *const log_path = "build/test_session.battle";
static char undo_why[1024];	/* why an undo failed */

/* Writes the log: tu_prelude (its last line "turn 1 US daylight") and
 * body. */
static void write_log(const char *body)
{
	FILE *f = fopen(log_path, "wb");
	assert_non_null(f);
	fputs(tu_prelude, f);
	fputs(body, f);
	assert_int_equal(fclose(f), 0);
}

static char *file_text(void)
{
	size_t len;
	char *text = tu_read_file(log_path, &len);
	assert_non_null(text);
	return text;
}

/* The file is tu_prelude then body, byte for byte. */
static void assert_file(const char *body)
{
	char *text = file_text();
	size_t n = strlen(tu_prelude);
	assert_memory_equal(text, tu_prelude, n);
	assert_string_equal(text + n, body);
	free(text);
}

static struct session *open_log(void)
{
	struct diags d;
	diags_init(&d, 50);
	char err[256];
	struct session_opts o = {.follow = FOLLOW_CLAIMED};
	struct session *s = session_open(log_path, &o, &d, err, sizeof err);
	if (!s)
		fail_msg("the log does not open: %s %s", err, tu_diag_list(&d));
	diags_release(&d);
	return s;
}

static int stands(const struct session *s, const char *id)
{
	const struct audit *a = session_audit(s);
	int u = state_unit(&a->st, id);
	assert_true(u >= 0);
	return state_unit_at(&a->st, u)->stands;
}

/* Tries line; asserts it parses and returns its statement. */
static int try_ok(struct session *s, const char *line, struct session_take *take)
{
	struct buf said;
	buf_init(&said, 0);
	int rc = session_try(s, line, &said, take);
	if (rc != 0)
		fail_msg("'%s' refused: %s", line, said.text);
	buf_release(&said);
	return take->stmt;
}

/* The findings of statements from since on, "code code ...". */
static const char *findings_since(const struct session *s, int since)
{
	static char out[512];
	out[0] = '\0';
	const struct findings *f = session_findings(s);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].stmt >= since && f->v[i].severity != DIAG_NOTE)
			snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", out[0] ? " " : "",
				 finding_code_name(f->v[i].code));
	return out;
}

/* The replay: the log's events are in the state before any line is typed.
 * Galling fire costs 2lt one stand as claimed (loss=1). */
static void replay_builds_state(void **state)
{
	(void)state;
	write_log("phase fire offensive\nfire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1\n");
	struct session *s = open_log();
	assert_int_equal(stands(s, "2lt"), 9);
	assert_int_equal(session_audit(s)->st.turn, 1);
	assert_string_equal(session_audit(s)->st.side, "US");
	session_close(s);
}

/* A maneuver check: die 4, +1 Gallant leader, +1 Veteran, +2 Fresh troops
 * (002:20-28) = 8, and a US unit in good order on 8 or more goes Double
 * Quick (002:39).  The claim of 7, Well Handled, is wrong twice; the line
 * is appended as logged when accepted, and the file ends with it. */
static void try_derives_and_accept_appends(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	struct session_take take;
	int i = try_ok(s, "mc lee [4]: 5inf =7 well-handled", &take);
	assert_non_null(take.rec);
	assert_int_equal(take.rec->n_parts, 1);
	assert_int_equal(take.rec->parts[0].total, 8);
	assert_string_equal(take.rec->parts[0].effect, "double-quick");
	assert_string_equal(findings_since(s, i), "wrong-total wrong-effect");
	assert_true(session_pending(s));
	assert_file("phase maneuver\n");	/* nothing written before acceptance */
	assert_int_equal(session_accept(s), 0);
	assert_false(session_pending(s));
	assert_file("phase maneuver\nmc lee [4]: 5inf =7 well-handled\n");
	session_close(s);
}

/* Whether the findings from statement since on hold code. */
static bool found_since(const struct session *s, int since, const char *code)
{
	return strstr(findings_since(s, since), code) != NULL;
}

/* A base die of 10 calls for a fallen-leader check for the closest leader
 * within 4" of the target (002:199).  Typed as the next line, the check is
 * logged: no missing-roll, neither when the fire is typed (the next line
 * is not there yet) nor after.  Another event next instead: missing-roll,
 * on the fire. */
static void due_roll_typed_next_is_logged(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	struct session_take take;
	int fire = try_ok(s, "fire 5inf:8@8 -> 2lt [10]", &take);
	assert_false(found_since(s, fire, "missing-roll"));
	assert_int_equal(session_accept(s), 0);
	try_ok(s, "fallen art [5] unscathed", &take);
	assert_false(found_since(s, fire, "missing-roll"));
	assert_int_equal(session_accept(s), 0);
	try_ok(s, "fire 8inf:9@8 -> 2lt [3]", &take);
	assert_false(found_since(s, fire, "missing-roll"));
	session_close(s);

	write_log("phase fire offensive\n");
	s = open_log();
	fire = try_ok(s, "fire 5inf:8@8 -> 2lt [10]", &take);
	assert_int_equal(session_accept(s), 0);
	try_ok(s, "fire 8inf:9@8 -> 2lt [3]", &take);
	assert_true(found_since(s, fire, "missing-roll"));
	const struct findings *f = session_findings(s);
	for (int i = 0; i < f->n; i++)
		if (f->v[i].code == FINDING_MISSING_ROLL)
			assert_int_equal(f->v[i].stmt, fire);	/* reported on the fire */
	session_close(s);
}

/* A declaration that does not even lex (a stray byte after it) is refused
 * as a declaration, and declares nothing: the recorder once parsed it for
 * its lex error and stopped on an assertion (fuzz_session). */
static void undeclared_when_not_lexed(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	struct buf said;
	buf_init(&said, 0);
	struct session_take take;
	int syms = session_battle(s)->n_syms;
	assert_int_equal(session_try(s, "unit zz &", &said, &take), -1);
	assert_int_equal(session_try(s, "leader q \xff", &said, &take), -1);
	assert_int_equal(session_battle(s)->n_syms, syms);
	assert_file("phase maneuver\n");
	buf_release(&said);
	session_close(s);
}

/* A line that does not parse, or a declaration, is refused with its
 * position; nothing changes, and the next line takes the line number. */
static void refused_lines_change_nothing(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	int n = session_battle(s)->n_stmts;
	int line = tu_prelude_lines() + 2;
	struct buf said;
	buf_init(&said, 0);
	struct session_take take;
	assert_int_equal(session_try(s, "fire 5inf:8@8 -> 2lt [9 =9", &said, &take), -1);
	char where[64];
	snprintf(where, sizeof where, "test_session.battle:%d:", line);
	assert_non_null(strstr(said.text, where));
	buf_clear(&said);
	assert_int_equal(session_try(s, "fire 5inf:8@8 -> nobody [9]", &said, &take), -1);
	assert_non_null(strstr(said.text, "unknown unit 'nobody'"));
	buf_clear(&said);
	assert_int_equal(session_try(s, "unit 9inf \"9th\" inf veteran spirited M stands=6 cmd=lee line", &said, &take),
			 -1);
	assert_non_null(strstr(said.text, "the recorder takes the lines of the turns"));
	assert_int_equal(session_battle(s)->n_stmts, n);
	assert_false(session_pending(s));
	buf_release(&said);
	assert_int_equal(try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take), n);
	assert_int_equal(session_battle(s)->stmts[n].line, line);
	assert_int_equal(session_accept(s), 0);
	assert_file("phase fire offensive\nfire 5inf:8@8 -> 2lt [9]\n");
	try_ok(s, "phase charge  \t\r", &take);	/* trailing blanks are not kept */
	assert_int_equal(session_accept(s), 0);
	assert_file("phase fire offensive\nfire 5inf:8@8 -> 2lt [9]\nphase charge\n");
	session_close(s);
}

/* Discarding a line puts the state back as it was before it. */
static void discard_restores_state(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	struct session_take take;
	try_ok(s, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=3", &take);
	assert_int_equal(stands(s, "2lt"), 7);
	session_discard(s);
	assert_int_equal(stands(s, "2lt"), 10);
	assert_false(session_pending(s));
	assert_file("phase fire offensive\n");
	/* a line tried over a waiting one discards it first */
	try_ok(s, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=3", &take);
	try_ok(s, "fire 8inf:9@8 -> 2lt [9] =9 galling-fire loss=1", &take);
	assert_int_equal(stands(s, "2lt"), 9);
	session_close(s);
}

/* Undo takes back the last line of the turns from the file and the state;
 * past the first turn line there is nothing left to take back. */
static void undo_rewrites_the_file(void **state)
{
	(void)state;
	write_log("phase fire offensive\nfire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1\n# a comment stays\n");
	struct session *s = open_log();
	struct buf what;
	buf_init(&what, 0);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_DONE);
	assert_string_equal(what.text, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1");
	assert_int_equal(stands(s, "2lt"), 10);
	assert_file("phase fire offensive\n# a comment stays\n");
	buf_clear(&what);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_DONE);	/* the phase */
	buf_clear(&what);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_DONE);	/* turn 1 */
	assert_string_equal(what.text, "turn 1 US daylight");
	assert_int_equal(session_audit(s)->st.turn, 0);
	buf_clear(&what);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_NOTHING);
	buf_release(&what);
	session_close(s);
	/* the file still parses: reopened, it has no turn */
	s = open_log();
	assert_int_equal(session_audit(s)->st.turn, 0);
	session_close(s);
}

/* A session's lines move the statement list as it grows (150 notes, then
 * five fires): the audit's state, which points to the units'
 * declarations, moves with nothing; every line lands and every loss counts. */
static void lines_past_the_list_s_room(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	struct session_take take;
	for (int i = 0; i < 150; i++) {
		char note[32];
		snprintf(note, sizeof note, "# note %d", i);
		try_ok(s, note, &take);
		assert_int_equal(session_accept(s), 0);
	}
	for (int i = 0; i < 5; i++) {
		try_ok(s, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1", &take);
		assert_int_equal(session_accept(s), 0);
		assert_int_equal(stands(s, "2lt"), 9 - i);
	}
	char *text = file_text();
	int n = 0;
	for (const char *p = text; (p = strstr(p, "loss=1\n")); p++)
		n++;
	assert_int_equal(n, 5);
	assert_non_null(strstr(text, "# note 149\n"));
	free(text);
	session_close(s);
}

/* A file that does not end in a newline gets one before the line. */
static void newline_added_before(void **state)
{
	(void)state;
	write_log("phase fire offensive");
	struct session *s = open_log();
	struct session_take take;
	try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take);
	assert_int_equal(session_accept(s), 0);
	assert_file("phase fire offensive\nfire 5inf:8@8 -> 2lt [9]\n");
	session_close(s);
}

/* A ruling override after an event: the state follows the umpire's loss. */
static void override_rebuilds(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	struct session_take take;
	int fire = try_ok(s, "fire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=3", &take);
	assert_int_equal(session_accept(s), 0);
	assert_int_equal(stands(s, "2lt"), 7);
	try_ok(s, "ruling override galling-fire loss=1 by=umpire \"one stand\"", &take);
	assert_int_equal(take.since, fire);
	assert_int_equal(stands(s, "2lt"), 9);
	session_close(s);
}

static bool has(const char *const *v, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (strcmp(v[i], word) == 0)
			return true;
	return false;
}

/* Completion offers what fits where the word is typed. */
static void completion(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	const char *v[64];
	size_t start;
	int n = session_complete(s, "m", &start, v, 64);
	assert_int_equal(start, 0);
	assert_true(has(v, n, "mc"));
	assert_false(has(v, n, "5inf"));
	n = session_complete(s, "mc l", &start, v, 64);
	assert_int_equal(start, 3);
	assert_true(has(v, n, "lee"));
	assert_true(has(v, n, "lancers"));
	assert_false(has(v, n, "mc"));
	n = session_complete(s, "mc lee [4]: 5inf +1v", &start, v, 64);
	assert_int_equal(start, strlen("mc lee [4]: 5inf +1"));
	assert_true(has(v, n, "vet"));
	assert_false(has(v, n, "5inf"));
	n = session_complete(s, "mc lee [4]: 5inf +1vet =8 d", &start, v, 64);
	assert_true(has(v, n, "double-quick"));
	n = session_complete(s, "phase ch", &start, v, 64);
	assert_int_equal(n, 1);
	assert_string_equal(v[0], "charge");
	n = session_complete(s, "fire 5inf:8@8 -> 2lt(co", &start, v, 64);
	assert_true(has(v, n, "cover"));
	assert_false(has(v, n, "2lt"));
	n = session_complete(s, "status 5", &start, v, 64);
	assert_int_equal(n, 1);
	assert_string_equal(v[0], "5inf");
	session_close(s);
}

/* The next turn: the other side, the same condition; the first side again
 * after the last. */
static void next_turn(void **state)
{
	(void)state;
	write_log("");
	struct session *s = open_log();
	struct buf out;
	buf_init(&out, 0);
	assert_true(session_next_turn(s, &out));
	assert_string_equal(out.text, "turn 2 MEX daylight");
	struct session_take take;
	try_ok(s, "turn 2 MEX night overcast", &take);
	assert_int_equal(session_accept(s), 0);
	buf_clear(&out);
	session_next_turn(s, &out);
	assert_string_equal(out.text, "turn 3 US night overcast");
	buf_release(&out);
	session_close(s);
}

/* The unit's state in words.  9 against trained troops is a Telling Fire
 * (002:196), not the Galling Fire claimed: the state follows the claim,
 * and says the audit disputes it. */
static void describe(void **state)
{
	(void)state;
	write_log("phase fire offensive\nfire 5inf:8@8 -> 2lt [9] =9 galling-fire loss=1\n");
	struct session *s = open_log();
	struct buf out;
	buf_init(&out, 0);
	session_describe_unit(s, state_unit(&session_audit(s)->st, "2lt"), &out);
	assert_string_equal(out.text, "2lt: 9 of 10 stands, fresh, disordered, line, follows a claim the audit disputes");
	/* a leader in play says nothing more than that: not worth a line after an event; a unit always is */
	struct fields f = {0};
	fields_bool(&f, "in_play", true);
	buf_clear(&out);
	assert_false(session_describe_fields(s, 'L', "lee", &f, &out));
	assert_string_equal(out.text, "lee: in play");
	fields_bool(&f, "wounded", true);
	buf_clear(&out);
	assert_true(session_describe_fields(s, 'L', "lee", &f, &out));
	assert_string_equal(out.text, "lee: in play, wounded");
	struct fields g = {0};
	fields_int(&g, "stands", 8);
	fields_int(&g, "start", 8);
	buf_clear(&out);
	assert_true(session_describe_fields(s, 'U', "5inf", &g, &out));
	buf_release(&out);
	session_close(s);
}

/* A line of facts and the die: the audit's modifiers (+1 Gallant leader,
 * +1 Veteran, +2 Fresh troops, 002:19-27), total 4 + 4 = 8 and US Double
 * Quick on 8 or more (002:39) written in; a zero modifier is not.  A line
 * that claims anything for every unit gets no suggestion. */
static void suggestion(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	struct session_take take;
	try_ok(s, "mc lee [4]: 5inf move", &take);
	struct buf out;
	buf_init(&out, 0);
	assert_true(session_suggest(s, &take, &out));
	assert_string_equal(out.text, "mc lee [4]: 5inf +1gallant +1vet +2fresh =8 double-quick move");
	buf_clear(&out);
	try_ok(s, "mc lee [4]: 5inf =8", &take);
	assert_false(session_suggest(s, &take, &out));
	assert_string_equal(out.text, "");
	/* a check claimed for one unit and not the other: the other is
	 * completed (8inf, veteran and fresh with 9 of 9, the same +4), the
	 * claim typed stays */
	try_ok(s, "mc lee [4]: 5inf +1gallant +1vet +2fresh =8 double-quick move; 8inf move", &take);
	assert_true(session_suggest(s, &take, &out));
	assert_string_equal(out.text, "mc lee [4]: 5inf +1gallant +1vet +2fresh =8 double-quick move; "
				      "8inf +1gallant +1vet +2fresh =8 double-quick move");
	buf_release(&out);
	session_close(s);
}

/* The totals and the difference of a suggested charge: "=A ... | ... =D : N". */
static void charge_numbers(const char *line, int *a, int *d, int *n)
{
	const char *bar = strchr(line, '|'), *colon = strrchr(line, ':');
	assert_non_null(bar);
	assert_non_null(colon);
	const char *ta = strchr(line, '='), *td = strchr(bar, '=');
	assert_true(ta && ta < bar && td && td < colon);
	*a = atoi(ta + 1);
	*d = atoi(td + 1);
	*n = atoi(colon + 1);
}

/* A suggestion is what the audit derives: a fire's and a charge's, tried
 * in their line's place, raise no error and no warning.  A charge's
 * difference is its attacker's total less its defender's (000:636, the
 * Charge Table by the difference, 002:241). */
static void suggestion_audits_clean(void **state)
{
	(void)state;
	struct buf out;
	buf_init(&out, 0);
	struct session_take take;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take);
	assert_true(session_suggest(s, &take, &out));
	try_ok(s, out.text, &take);
	assert_string_equal(findings_since(s, take.since), "");
	session_close(s);
	buf_clear(&out);
	write_log("phase charge\n");
	s = open_log();
	try_ok(s, "charge 8inf -> 2lt [9] | [2]", &take);
	assert_true(session_suggest(s, &take, &out));
	int a, d, n;
	charge_numbers(out.text, &a, &d, &n);
	assert_int_equal(n, a - d);
	assert_true(n != 0);
	try_ok(s, out.text, &take);
	assert_string_equal(findings_since(s, take.since), "");
	/* a charge whose result is written is left as it is */
	buf_clear(&out);
	try_ok(s, "charge 8inf -> 2lt [9] | [2] : +3", &take);
	assert_false(session_suggest(s, &take, &out));
	session_close(s);
	buf_release(&out);
}

/* Odds before the roll: +4 as above, so faces 4-10 reach 8, Double Quick,
 * and 1-3 give 5-7, Well Handled (002:39-40); the state is untouched. */
static void odds(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	int n = session_battle(s)->n_stmts;
	struct buf out;
	buf_init(&out, 0);
	assert_int_equal(session_odds(s, "mc lee: 5inf move", &out), 0);
	assert_string_equal(out.text, "  5inf: 1-3 well-handled (30%), 4-10 double-quick (70%)\n");
	assert_int_equal(session_battle(s)->n_stmts, n);
	assert_false(session_pending(s));
	buf_clear(&out);
	assert_int_equal(session_odds(s, "fire 5inf:8@8 -> 2lt", &out), -1);	/* not in the maneuver phase */
	buf_release(&out);
	session_close(s);
	assert_file("phase maneuver\n");
}

/* Odds of a brigade's check of nine units: every unit's, none left out.
 * Each is veteran and fresh, +1 +2, under an able leader, +0 (002:19-27):
 * a total of die + 3, US Double Quick on 8 or more (faces 5-10), Well
 * Handled on 3-7 (faces 1-4) (002:39-40). */
static void odds_of_a_large_brigade(void **state)
{
	(void)state;
	FILE *f = fopen(log_path, "wb");
	assert_non_null(f);
	fputs("battle \"Big\" id=big rules=rff-maw\nside US nation=US \"Americans\"\n  leader lee \"Capt Lee\" able\n", f);
	for (int i = 1; i <= 9; i++)
		fprintf(f, "  unit u%d \"Unit %d\" inf veteran spirited M stands=8 cmd=lee line\n", i, i);
	fputs("side MEX nation=MEX \"Mexicans\"\n  leader art \"Gen Arista\" able\n"
	      "  unit 2lt \"2nd Light\" inf trained spirited IM stands=10 cmd=art line\n"
	      "turn 1 US daylight\nphase maneuver\n", f);
	assert_int_equal(fclose(f), 0);
	struct session *s = open_log();
	struct buf out;
	buf_init(&out, 0);
	assert_int_equal(session_odds(s, "mc lee: u1 move; u2 move; u3 move; u4 move; u5 move; u6 move; u7 move; u8 move; "
					 "u9 move", &out), 0);
	for (int i = 1; i <= 9; i++) {
		char want[96];
		snprintf(want, sizeof want, "  u%d: 1-4 well-handled (40%%), 5-10 double-quick (60%%)\n", i);
		assert_non_null(strstr(out.text, want));
	}
	buf_release(&out);
	session_close(s);
}

/* Odds of a charge: 8inf (veteran, fresh: +3, 002:208-211) on 2lt (trained,
 * fresh: +2); 9 against 10 stands is not 3:2.  Difference = A - D + 1: k =
 * A - D comes 10 - |k| times in 100; 8+ swept (k 7..9: 6), 4..7 driven
 * back (k 3..6: 22), 1..3 hard pressed (k 0..2: 27), 0 desperate struggle
 * (k -1: 9), -1..-3 falter (k -2..-4: 21), -4..-7 recoil (k -5..-8: 14),
 * -8 or more repulsed (k -9: 1).  A line with claims before the attacker's
 * die, or both dice, is not one to give odds for; the state is untouched. */
static void charge_odds(void **state)
{
	(void)state;
	write_log("phase charge\n");
	struct session *s = open_log();
	int n = session_battle(s)->n_stmts;
	struct buf out;
	buf_init(&out, 0);
	assert_int_equal(session_odds(s, "charge 8inf -> 2lt", &out), 0);
	assert_non_null(strstr(out.text, "  over both dice: swept-from-the-field (6%), driven-back (22%), hard-pressed (27%), "
					 "desperate-struggle (9%), falter (21%), recoil (14%), repulsed (1%)\n"));
	buf_clear(&out);
	/* one die given: the other's ten faces.  The defender's 4 (total 6): the
	 * difference is a - 3, -2 to 7: driven back on 7-10, hard pressed on
	 * 4-6, a desperate struggle on 3, falter on 1-2; the attacker's 7
	 * (total 10): 8 - d, the same counts */
	assert_int_equal(session_odds(s, "charge 8inf -> 2lt | [4]", &out), 0);
	assert_non_null(strstr(out.text, "  over the attacker's die: driven-back (40%), hard-pressed (30%), "
					 "desperate-struggle (10%), falter (20%)\n"));
	buf_clear(&out);
	assert_int_equal(session_odds(s, "charge 8inf -> 2lt [7]", &out), 0);
	assert_non_null(strstr(out.text, "  over the defender's die: driven-back (40%), hard-pressed (30%), "
					 "desperate-struggle (10%), falter (20%)\n"));
	buf_clear(&out);
	assert_int_equal(session_odds(s, "charge 8inf -> 2lt +1vet", &out), -1);
	assert_int_equal(session_odds(s, "charge 8inf -> 2lt [7] | [4]", &out), -1);
	assert_int_equal(session_battle(s)->n_stmts, n);
	assert_false(session_pending(s));
	buf_release(&out);
	session_close(s);
	assert_file("phase charge\n");
}

/* A refused line that named more ids than the parser had room for: taking
 * it back keeps the parser's grown list (not the one it replaced), so the
 * next line is read soundly (the sanitizer watches). */
static void refused_line_of_many_ids(void **state)
{
	(void)state;
	write_log("phase maneuver\n");
	struct session *s = open_log();
	struct buf line, said;
	buf_init(&line, 0);
	buf_init(&said, 0);
	buf_puts(&line, "mc lee [5]: ");
	for (int i = 0; i < 32; i++)
		buf_printf(&line, "%su%d charge v%d", i ? "; " : "", i, i);
	struct session_take take;
	assert_int_equal(session_try(s, line.text, &said, &take), -1);
	assert_non_null(strstr(said.text, "unknown unit 'u0'"));
	try_ok(s, "mc lee [5]: 5inf charge 2lt", &take);
	try_ok(s, "mc lee [5]: 8inf", &take);
	buf_release(&line);
	buf_release(&said);
	session_close(s);
}

/* The file changed on disk under the recorder (another editor): nothing
 * more is appended, and undo leaves it alone. */
static void changed_on_disk(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	FILE *f = fopen(log_path, "ab");
	assert_non_null(f);
	fputs("# an edit made elsewhere\n", f);
	assert_int_equal(fclose(f), 0);
	struct session_take take;
	try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take);
	assert_int_equal(session_accept(s), -1);
	struct buf what;
	buf_init(&what, 0);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_CHANGED);
	buf_release(&what);
	assert_file("phase fire offensive\n# an edit made elsewhere\n");
	session_close(s);
}

/* Waits past the file system's clock tick (a timestamp is taken from a
 * coarse clock, some milliseconds), so that a write now has a later time
 * than the one before. */
static void next_tick(void)
{
	nanosleep(&(struct timespec){.tv_nsec = 30 * 1000 * 1000}, NULL);
}

/* Replaces the log's text by body, the same size as the file has: in
 * place, or as a new file renamed over it. */
static void rewrite_same_size(const char *body, bool renamed)
{
	const char *tmp = "build/test_session.battle.new";
	FILE *f = fopen(renamed ? tmp : log_path, "wb");
	assert_non_null(f);
	fputs(tu_prelude, f);
	fputs(body, f);
	assert_int_equal(fclose(f), 0);
	if (renamed)
		assert_int_equal(rename(tmp, log_path), 0);
}

/* The file changed on disk under the recorder without changing its size:
 * rewritten in place (its modification time changes), the same with that
 * time set back as it was (the change time still moves), replaced by a
 * rename (another inode).  Each is seen: nothing is appended, undo leaves
 * the file alone. */
static void changed_on_disk_same_size(void **state)
{
	(void)state;
	for (int how = 0; how < 3; how++) {
		write_log("phase fire offensive\n# a line of the turns\n");
		struct session *s = open_log();
		struct stat before;
		assert_int_equal(stat(log_path, &before), 0);
		next_tick();
		rewrite_same_size("phase fire offensive\n# a LINE of the turns\n", how == 2);
		if (how == 1) {
			struct timespec times[2] = {before.st_atim, before.st_mtim};
			assert_int_equal(utimensat(AT_FDCWD, log_path, times, 0), 0);
		}
		struct session_take take;
		try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take);
		if (session_accept(s) != -1)
			fail_msg("change %d (0 in place, 1 its time set back, 2 renamed over) not seen", how);
		struct buf what;
		buf_init(&what, 0);
		assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_CHANGED);
		buf_release(&what);
		assert_file("phase fire offensive\n# a LINE of the turns\n");
		session_close(s);
	}
}

/* The recorder's own appends and undos are no change: lines go on being
 * appended after each. */
static void own_writes_are_no_change(void **state)
{
	(void)state;
	write_log("phase fire offensive\n");
	struct session *s = open_log();
	struct session_take take;
	try_ok(s, "fire 5inf:8@8 -> 2lt [9]", &take);
	assert_int_equal(session_accept(s), 0);
	next_tick();
	try_ok(s, "fire 8inf:8@8 -> 2lt [3]", &take);
	assert_int_equal(session_accept(s), 0);
	struct buf what;
	buf_init(&what, 0);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_DONE);
	buf_release(&what);
	next_tick();
	try_ok(s, "fire 8inf:8@8 -> 2lt [4]", &take);
	assert_int_equal(session_accept(s), 0);
	assert_file("phase fire offensive\nfire 5inf:8@8 -> 2lt [9]\nfire 8inf:8@8 -> 2lt [4]\n");
	session_close(s);
}

/* Undo through a symbolic link rewrites its target; the link stays. */
static void undo_through_a_link(void **state)
{
	(void)state;
	write_log("phase fire offensive\nfire 5inf:8@8 -> 2lt [9]\n");
	const char *link_path = "build/test_session-link.battle";
	unlink(link_path);
	assert_int_equal(symlink("test_session.battle", link_path), 0);
	struct diags d;
	diags_init(&d, 10);
	char err[256];
	struct session_opts o = {.follow = FOLLOW_CLAIMED};
	struct session *s = session_open(link_path, &o, &d, err, sizeof err);
	assert_non_null(s);
	diags_release(&d);
	struct buf what;
	buf_init(&what, 0);
	assert_int_equal(session_undo(s, &what, undo_why, sizeof undo_why), UNDO_DONE);
	buf_release(&what);
	struct stat st;
	assert_int_equal(lstat(link_path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_file("phase fire offensive\n");
	session_close(s);
	unlink(link_path);
}

/* The recorder's commands are no ruleset's event keywords: a line typed
 * is a command only when no event could be meant. */
static void commands_are_no_events(void **state)
{
	(void)state;
	static const char *const commands[] = {"status", "undo", "odds", "help", "quit", "exit", "?"};
	for (size_t r = 0; ruleset_at(r); r++) {
		const struct vocab *v = ruleset_at(r)->vocab;
		for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
			if (vocab_find_event(v, commands[c], strlen(commands[c])))
				fail_msg("%s has an event '%s'", v->name, commands[c]);
	}
}

int main(void)
{
	mkdir("build", 0755);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(replay_builds_state),
		cmocka_unit_test(try_derives_and_accept_appends),
		cmocka_unit_test(due_roll_typed_next_is_logged),
		cmocka_unit_test(undeclared_when_not_lexed),
		cmocka_unit_test(refused_lines_change_nothing),
		cmocka_unit_test(discard_restores_state),
		cmocka_unit_test(undo_rewrites_the_file),
		cmocka_unit_test(lines_past_the_list_s_room),
		cmocka_unit_test(newline_added_before),
		cmocka_unit_test(override_rebuilds),
		cmocka_unit_test(completion),
		cmocka_unit_test(next_turn),
		cmocka_unit_test(describe),
		cmocka_unit_test(suggestion),
		cmocka_unit_test(suggestion_audits_clean),
		cmocka_unit_test(odds),
		cmocka_unit_test(charge_odds),
		cmocka_unit_test(odds_of_a_large_brigade),
		cmocka_unit_test(commands_are_no_events),
		cmocka_unit_test(refused_line_of_many_ids),
		cmocka_unit_test(changed_on_disk),
		cmocka_unit_test(changed_on_disk_same_size),
		cmocka_unit_test(own_writes_are_no_change),
		cmocka_unit_test(undo_through_a_link),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	load_cleanup();
	tu_cleanup();
	return rc;
}
