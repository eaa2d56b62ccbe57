/* test_import: a battle into the archive, whole or not at all.
 *
 * The expected values come from the example's text and the seeds: Palo
 * Alto (examples/palo-alto.battle) includes its order of battle
 * (examples/oob/palo-alto.oob: two sides, 20 units); its line 26 is
 * "mc twiggs [6]: 5inf +1vet +2fresh =9 double-quick ...": Twiggs is Able
 * (0, 002:22: derived, though not claimed), 5inf Veteran (+1, 002:30) and
 * fresh (+2, 002:21), 6 + 3 = 9, and 9 is Double Quick
 * for a US unit in good order ("US: 8 or more", 002:39). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "../audit/ruleset.h"
#include "../db/import.h"
#include "../grammar/parse.h"

static const char *const palo_alto = "examples/palo-alto.battle";

static long long count(struct store *s, const char *sql)
{
	sqlite3_stmt *st = NULL;
	long long v = -1;
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else
		fail_msg("%s: %s", sql, sqlite3_errmsg(store_db(s)));
	sqlite3_finalize(st);
	return v;
}

static const char *text(struct store *s, const char *sql)
{
	static char out[512];
	sqlite3_stmt *st = NULL;
	snprintf(out, sizeof out, "(none)");
	if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(store_db(s)));
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, sizeof out, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out;
}

static struct battle *parse_path(const char *path)
{
	struct diags d;
	struct battle *b = tu_parse_file(path, &d);
	assert_non_null(b);
	assert_int_equal(d.n_errors, 0);
	diags_release(&d);
	return b;
}

/* Palo Alto with one line added (a note), under build/ with a copy of its
 * order of battle beside it. */
static const char *changed_copy(void)
{
	static const char *path = "build/test_import/palo-alto.battle";
	mkdir("build/test_import", 0755);
	mkdir("build/test_import/oob", 0755);
	char *oob = tu_read_file("examples/oob/palo-alto.oob", NULL);
	char *t = tu_read_file(palo_alto, NULL);
	assert_non_null(oob);
	assert_non_null(t);
	FILE *f = fopen("build/test_import/oob/palo-alto.oob", "w");
	assert_non_null(f);
	fputs(oob, f);
	fclose(f);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(t, f);
	fputs("note \"a line added after the battle\"\n", f);
	fclose(f);
	free(t);
	free(oob);
	return path;
}

static enum import_outcome import(struct store *s, const char *path, const struct import_opts *o, int64_t *id)
{
	struct battle *b = parse_path(path);
	char *msg = NULL;
	enum import_outcome out = import_battle(s, b, o, id, &msg);
	free(msg);
	battle_free(b);
	return out;
}

static void test_import_palo_alto(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	assert_int_equal(import(s, palo_alto, &o, &id), IMPORT_ADDED);
	assert_int_equal(id, 1);
	assert_string_equal(text(s, "SELECT ident || ' ' || name || ' ' || date || ' ' || rules || ' ' || follow "
				   "FROM battle"), "palo-alto Palo Alto 1846-05-08 rff-maw claimed");
	assert_int_equal(count(s, "SELECT count(*) FROM file"), 2);	/* the battle and its order of battle */
	/* read as examples/palo-alto.battle: stored relative to its folder, as an archive handed on reads */
	assert_string_equal(text(s, "SELECT path FROM file WHERE idx = 0"), "palo-alto.battle");
	assert_string_equal(text(s, "SELECT path FROM file WHERE idx = 1"), "oob/palo-alto.oob");
	assert_int_equal(count(s, "SELECT count(*) FROM side"), 2);
	assert_int_equal(count(s, "SELECT count(*) FROM unit"), 20);
	assert_string_equal(text(s, "SELECT group_concat(category || '=' || word, ' ') FROM "
				   "(SELECT * FROM unit_word JOIN unit ON unit.id = unit_id WHERE unit.ident = '5inf' "
				   "ORDER BY category, word)"),
			    "arm=inf experience=veteran formation=line morale class=spirited unit attribute=regular "
			    "weapon=M");
	/* the file's text kept exactly: its first line */
	assert_non_null(strstr(text(s, "SELECT substr(text, 1, 60) FROM file WHERE idx = 0"),
			       "battle \"Palo Alto\" id=palo-alto date=1846-05-08"));
	/* line 26, worked out from the seeds (above) */
	assert_string_equal(text(s, "SELECT kind || ' ' || keyword || ' ' || turn || ' ' || phase FROM event WHERE line = 26 "
				   "AND file_idx = 0"), "event mc 1 maneuver");
	assert_string_equal(text(s, "SELECT die || ' ' || total || ' ' || part.effect FROM part JOIN event ON event.id = event_id "
				   "JOIN unit ON unit.id = part.unit_id WHERE line = 26 AND unit.ident = '5inf'"),
			    "6 9 double-quick");
	assert_string_equal(text(s, "SELECT group_concat(code || value, ' ') FROM modifier JOIN event ON event.id = event_id "
				   "WHERE line = 26 AND origin = 'derived' AND part_seq = 0"), "able0 vet1 fresh2");
	assert_string_equal(text(s, "SELECT group_concat(code || value, ' ') FROM modifier JOIN event ON event.id = event_id "
				   "WHERE line = 26 AND origin = 'claimed' AND claim = '5inf'"), "vet1 fresh2");
	/* claimed modifiers numbered from 0 across the event's claims, in the order written */
	assert_string_equal(text(s, "SELECT group_concat(seq || ':' || claim || ':' || code, ' ') FROM (SELECT modifier.* "
				   "FROM modifier JOIN event ON event.id = event_id WHERE line = 26 AND file_idx = 0 "
				   "AND origin = 'claimed' ORDER BY seq LIMIT 3)"),
			    "0:5inf:vet 1:5inf:fresh 2:3inf:vet");
	/* a turn row is in no phase: the phase of the turn before ends with it */
	assert_string_equal(text(s, "SELECT coalesce(phase, 'none') FROM event WHERE kind = 'turn' AND turn = 2"), "none");
	assert_string_equal(text(s, "SELECT phase FROM event WHERE kind = 'phase' AND turn = 2 ORDER BY stmt LIMIT 1"),
			    "maneuver");
	/* the turn's snapshot holds every unit: 20, and 5inf at its 8 stands (the oob) */
	assert_int_equal(count(s, "SELECT count(DISTINCT ident) FROM turn_states WHERE turn = 1 AND kind = 'U'"), 20);
	assert_int_equal(count(s, "SELECT value FROM turn_states WHERE turn = 1 AND ident = '5inf' AND field = 'stands'"), 8);
	/* what an event changed, and only that (archive version 6; a JSON object
	 * per unit and event, version 11): the check of line 26 unlimbers 18pdr
	 * and leaves 5inf as it was; line 40's Galling Fire disorders 4line (002:199) */
	assert_int_equal(count(s, "SELECT count(*) FROM state_changes c JOIN event e ON e.battle_id = c.battle "
				  "AND e.stmt = c.stmt WHERE e.line = 26 AND c.ident = '5inf'"), 0);
	assert_int_equal(count(s, "SELECT value FROM state_changes c JOIN event e ON e.battle_id = c.battle "
				  "AND e.stmt = c.stmt WHERE e.line = 26 AND c.ident = '18pdr' AND c.field = 'limbered'"), 0);
	assert_string_equal(text(s, "SELECT s.fields FROM unit u JOIN unit_state s ON s.unit_id = u.id "
				   "JOIN event e ON e.battle_id = u.battle_id AND e.stmt = s.stmt "
				   "WHERE e.line = 40 AND u.ident = '4line'"), "{\"order\":\"disordered\"}");
	/* the core's fields are typed columns (version 16), NULL where the event left them */
	assert_int_equal(count(s, "SELECT count(*) FROM unit u JOIN unit_state s ON s.unit_id = u.id "
				  "JOIN event e ON e.battle_id = u.battle_id AND e.stmt = s.stmt WHERE e.line = 40 "
				  "AND u.ident = '4line' AND s.side IS NULL AND s.stands IS NULL AND s.start IS NULL "
				  "AND s.removed IS NULL AND s.off_table IS NULL"), 1);
	assert_int_equal(count(s, "SELECT count(*) FROM unit u JOIN unit_state s ON s.unit_id = u.id "
				  "WHERE u.ident = '5inf' AND s.side = 'US' AND s.stands = 8 AND s.start = 8 AND s.removed = 0 "
				  "AND s.off_table = 0 AND s.fields ->> 'side' IS NULL AND s.fields ->> 'order' = 'good-order'"), 1);
	store_close(s);
}

/* The same content again changes nothing; changed content under the same
 * identity is refused without replace, and replaces keeping the id with it. */
static void test_identity_and_replace(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	assert_int_equal(import(s, palo_alto, &o, &id), IMPORT_ADDED);
	long long events = count(s, "SELECT count(*) FROM event");
	assert_int_equal(import(s, palo_alto, &o, &id), IMPORT_UNCHANGED);
	assert_int_equal(id, 1);
	assert_int_equal(count(s, "SELECT count(*) FROM event"), events);
	const char *changed = changed_copy();
	struct battle *b = parse_path(changed);
	char *msg = NULL;
	assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_REFUSED);
	assert_non_null(strstr(msg, "--replace"));
	free(msg);
	assert_int_equal(count(s, "SELECT count(*) FROM event"), events);
	o.replace = true;
	assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_REPLACED);
	assert_null(msg);
	assert_int_equal(id, 1);
	assert_int_equal(count(s, "SELECT count(*) FROM battle"), 1);
	assert_int_equal(count(s, "SELECT count(*) FROM event"), events + 1);	/* the note */
	assert_int_equal(count(s, "SELECT count(*) FROM unit"), 20);	/* not twice */
	battle_free(b);
	/* another campaign: another battle */
	o.campaign = "Rio Grande";
	assert_int_equal(import(s, palo_alto, &o, &id), IMPORT_ADDED);
	assert_int_equal(id, 2);
	assert_int_equal(count(s, "SELECT count(*) FROM campaign"), 2);
	store_close(s);
}

/* A write the archive refuses halfway leaves it as it was. */
static void test_whole_or_nothing(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	/* the 100th derived modifier cannot be written: a trigger stands
	 * for the full disk (umpire's connections run none: turned on here) */
	assert_int_equal(sqlite3_db_config(store_db(s), SQLITE_DBCONFIG_ENABLE_TRIGGER, 1, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_exec(store_db(s),
				      "CREATE TRIGGER no_more BEFORE INSERT ON modifier WHEN (SELECT count(*) FROM modifier) >= 100 "
				      "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END;",
				      NULL, NULL, NULL),
			 SQLITE_OK);
	struct battle *b = parse_path(palo_alto);
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	char *msg = NULL;
	assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_FAILED);
	assert_non_null(strstr(msg, "the disk is full"));
	free(msg);
	static const char *const tables[] = {"battle", "file", "side", "unit", "event", "modifier", "finding",
					     "unit_state", "leader_state"};
	char sql[128];
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", tables[i]);
		assert_int_equal(count(s, sql), 0);
	}
	battle_free(b);
	store_close(s);
}

/* The hash is over the canonical text: another spelling of the same log
 * (aliases, spacing) is the same content. */
static void test_hash_is_canonical(void **state)
{
	(void)state;
	struct diags d;
	struct battle *a = tu_parse_body("phase maneuver\nmc lee [6]: 5inf +1vet\n", &d);
	diags_release(&d);
	struct battle *b = tu_parse_body("phase   maneuver\nMC lee [6]:  5inf  +1veteran\n", &d);
	diags_release(&d);
	struct battle *c = tu_parse_body("phase maneuver\nmc lee [7]: 5inf +1vet\n", &d);
	diags_release(&d);
	char ha[17], hb[17], hc[17];
	import_hash(a, ha);
	import_hash(b, hb);
	import_hash(c, hc);
	assert_string_equal(ha, hb);
	assert_string_not_equal(ha, hc);
	battle_free(a);
	battle_free(b);
	battle_free(c);
}

/* The state of a unit at an event, by the query docs/archive.md gives:
 * Palo Alto line 72, "charge 7cav(...) -> drag(...) ... : -5 recoil": on a
 * Recoil the attacker loses a stand and one more, and full retreats
 * broken, when defeated by cavalry (002:243; drag is cavalry): 7cav, 7
 * stands, has 5, broken, without a formation (000:416), worn (reliable 7:
 * 7/6/4, 000:684). */
static void test_state_at_event(void **state)
{
	(void)state;
	char *doc = tu_read_file("docs/archive.md", NULL);
	assert_non_null(doc);
	char *sql = strstr(doc, "```sql\n");
	assert_non_null(sql);
	sql += 7;
	*strstr(sql, "```") = '\0';
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	int64_t id = 0;
	assert_int_equal(import(s, palo_alto, &o, &id), IMPORT_ADDED);
	sqlite3_stmt *st = NULL;
	assert_int_equal(sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL), SQLITE_OK);
	sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":battle"), id);
	sqlite3_bind_int(st, sqlite3_bind_parameter_index(st, ":stmt"),
			 (int)count(s, "SELECT stmt FROM event WHERE file_idx = 0 AND line = 72"));
	sqlite3_bind_text(st, sqlite3_bind_parameter_index(st, ":unit"), "7cav", -1, SQLITE_STATIC);
	char got[512] = "";
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *f = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);
		if (strcmp(f, "stands") == 0 || strcmp(f, "order") == 0 || strcmp(f, "formation") == 0 ||
		    strcmp(f, "effectiveness") == 0)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s=%s ", f, v ? v : "null");
	}
	assert_string_equal(got, "effectiveness=worn formation=null order=broken stands=5 ");
	/* and before it (the event before the charge): 7 stands, fresh */
	sqlite3_reset(st);
	sqlite3_bind_int(st, sqlite3_bind_parameter_index(st, ":stmt"),
			 (int)count(s, "SELECT stmt FROM event WHERE file_idx = 0 AND line = 72") - 1);
	got[0] = '\0';
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *f = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);
		if (strcmp(f, "stands") == 0 || strcmp(f, "effectiveness") == 0)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s=%s ", f, v ? v : "null");
	}
	assert_string_equal(got, "effectiveness=fresh stands=7 ");
	sqlite3_finalize(st);
	store_close(s);
	free(doc);
}

/* A log that repeats a turn's number has a state for each of its turn
 * lines (a repeated number is a warning, not an error); a field is stored
 * when it changes, not again at each turn: 5inf's stands twice, its first
 * (all of its fields) and the loss. */
static void test_repeated_turn(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase maneuver\nmc lee [6]: 5inf\nturn 1 US\nphase maneuver\n"
					 "stands 5inf -2 \"stragglers\"\n", &d);
	assert_int_equal(d.n_errors, 0);
	diags_release(&d);
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	int64_t id;
	char *msg = NULL;
	assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_ADDED);
	free(msg);
	assert_int_equal(count(s, "SELECT count(*) FROM turn_states WHERE turn = 1 AND ident = '5inf' AND field = 'stands' "
				  "AND value = 8"), 2);
	assert_int_equal(count(s, "SELECT count(*) FROM state_changes WHERE ident = '5inf' AND field = 'stands'"), 2);
	assert_int_equal(count(s, "SELECT value FROM state_changes c JOIN event e ON e.battle_id = c.battle "
				  "AND e.stmt = c.stmt WHERE c.ident = '5inf' AND c.field = 'stands' AND e.kind = 'event'"), 6);
	assert_int_equal(count(s, "SELECT s.stands FROM unit u JOIN unit_state s ON s.unit_id = u.id "
				  "JOIN event e ON e.battle_id = u.battle_id AND e.stmt = s.stmt "
				  "WHERE u.ident = '5inf' AND e.kind = 'event' AND s.stands IS NOT NULL"), 6);
	store_close(s);
	battle_free(b);
}

/* Removing a battle later battles carry units from is refused; forced, it
 * goes and they are marked stale. */
static void test_remove(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"battle \"First\" date=1846-05-08\nside US nation=US\n  leader lee \"Lee\" able\n"
		"  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=lee\n",
		"battle \"Second\" date=1846-05-09\nside US nation=US\n  leader lee \"Lee\" able\n"
		"  unit 5inf \"5th\" inf veteran spirited M stands=7 cmd=lee carry\n",
	};
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test", .campaign = "Rio Grande"};
	for (size_t i = 0; i < 2; i++) {
		struct diags d;
		struct battle *b = tu_parse(texts[i], &d);
		assert_int_equal(d.n_errors, 0);
		diags_release(&d);
		int64_t id;
		char *msg = NULL;
		assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_ADDED);
		free(msg);
		battle_free(b);
	}
	int stale = 0;
	char *msg = NULL;
	assert_int_equal(import_remove(s, 1, false, &stale, &msg), IMPORT_REMOVE_REFUSED);
	assert_non_null(strstr(msg, "carry 1 unit from battle 1"));
	free(msg);
	assert_int_equal(count(s, "SELECT count(*) FROM battle"), 2);
	assert_int_equal(import_remove(s, 1, true, &stale, &msg), IMPORT_REMOVED);
	assert_int_equal(stale, 1);
	assert_int_equal(count(s, "SELECT stale FROM battle WHERE id = 2"), 1);
	assert_int_equal(count(s, "SELECT count(*) FROM unit WHERE battle_id = 1"), 0);	/* what was its, gone */
	/* the later one, removed, carries nothing on */
	assert_int_equal(import_remove(s, 2, false, &stale, &msg), IMPORT_REMOVED);
	assert_int_equal(count(s, "SELECT count(*) FROM battle"), 0);
	assert_int_equal(import_remove(s, 2, false, &stale, &msg), IMPORT_REMOVE_FAILED);	/* no such battle */
	free(msg);
	store_close(s);
}

/* A battle whose vocabulary no registered ruleset audits (a ruleset's
 * words without its plug-in) fails whole, saying so, and stores nothing. */
static void test_ruleset_that_cannot_audit(void **state)
{
	(void)state;
	struct store *s = tu_memory_store();
	struct import_opts o = {.umpire_version = "test"};
	struct battle *b = parse_path(palo_alto);
	struct vocab orphan = *b->vocab;
	orphan.name = "orphan";
	b->vocab = &orphan;
	int64_t id = 0;
	char *msg = NULL;
	assert_int_equal(import_battle(s, b, &o, &id, &msg), IMPORT_FAILED);
	assert_non_null(msg);
	assert_non_null(strstr(msg, "the battle's ruleset 'orphan' cannot audit"));
	assert_int_equal(count(s, "SELECT count(*) FROM battle"), 0);
	free(msg);
	battle_free(b);
	store_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_import_palo_alto),
		cmocka_unit_test(test_identity_and_replace),
		cmocka_unit_test(test_ruleset_that_cannot_audit),
		cmocka_unit_test(test_whole_or_nothing),
		cmocka_unit_test(test_hash_is_canonical),
		cmocka_unit_test(test_state_at_event),
		cmocka_unit_test(test_remove),
		cmocka_unit_test(test_repeated_turn),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
