/* schema: the archive's migrations, indexed by the version they bring it to.
 *
 * An archive of version v - 1 becomes version v by running migrations[v];
 * store_open runs every one it lacks in one transaction.  A migration, once
 * published, never changes: a new version adds an entry.  docs/archive.md
 * draws the tables.  Nothing here names a ruleset: what a ruleset tracks
 * of a unit is stored as the named fields of its state (state_delta), and a
 * unit's declared words as (category, word) pairs (unit_word). */
#include "store.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"

static const char *const migrations[STORE_VERSION + 1] = {
	[1] =
	/* campaigns: the battles of one campaign, in order; "" holds the
	 * battles imported without one */
	"CREATE TABLE campaign (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE,\n"
	"  options TEXT NOT NULL DEFAULT ''\n"
	");\n"
	"INSERT INTO campaign (name) VALUES ('');\n"
	/* a battle as imported: its header, what its audit ran under, the hash
	 * of its canonical text (import's change detection) */
	"CREATE TABLE battle (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  campaign_id INTEGER NOT NULL REFERENCES campaign(id),\n"
	"  ident TEXT,\n"
	"  name TEXT NOT NULL,\n"
	"  date TEXT,\n"
	"  rules TEXT NOT NULL,\n"
	"  scenario TEXT,\n"
	"  result TEXT,\n"
	"  seq INTEGER,\n"
	"  content_hash TEXT NOT NULL,\n"
	"  umpire_version TEXT NOT NULL,\n"
	"  audit_options TEXT NOT NULL,\n"
	"  campaign_options TEXT NOT NULL DEFAULT '',\n"
	"  follow TEXT NOT NULL CHECK (follow IN ('claimed', 'derived')),\n"
	"  stale INTEGER NOT NULL DEFAULT 0,\n"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))\n"
	");\n"
	"CREATE UNIQUE INDEX battle_by_ident ON battle (campaign_id, ident) WHERE ident IS NOT NULL;\n"
	"CREATE INDEX battle_by_name ON battle (campaign_id, name, date);\n"
	/* the header's attributes and rule options, as written */
	"CREATE TABLE battle_attr (\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  kind TEXT NOT NULL CHECK (kind IN ('attr', 'option', 'special')),\n"
	"  seq INTEGER NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  value TEXT,\n"
	"  PRIMARY KEY (battle_id, kind, seq)\n"
	") WITHOUT ROWID;\n"
	/* the verbatim text of the battle file (idx 0) and of each file it
	 * includes, in the order read: "exactly as logged" */
	"CREATE TABLE file (\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  idx INTEGER NOT NULL,\n"
	"  path TEXT NOT NULL,\n"
	"  text TEXT NOT NULL,\n"
	"  included_from INTEGER,\n"
	"  included_line INTEGER,\n"
	"  PRIMARY KEY (battle_id, idx)\n"
	") WITHOUT ROWID;\n"
	"CREATE TABLE side (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  label TEXT,\n"
	"  nation TEXT,\n"
	"  players INTEGER,\n"
	"  UNIQUE (battle_id, ident)\n"
	");\n"
	"CREATE TABLE leader (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  side_id INTEGER REFERENCES side(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  rating TEXT,\n"
	"  under TEXT,\n"
	"  UNIQUE (battle_id, ident)\n"
	");\n"
	"CREATE INDEX leader_by_side ON leader (side_id);\n"
	/* a unit as declared; campaign_ident is its identity across battles
	 * (as=, else its id) */
	"CREATE TABLE unit (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  side_id INTEGER REFERENCES side(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  campaign_ident TEXT NOT NULL,\n"
	"  stands INTEGER NOT NULL,\n"
	"  cmd TEXT,\n"
	"  carry INTEGER NOT NULL DEFAULT 0,\n"
	"  UNIQUE (battle_id, ident)\n"
	");\n"
	"CREATE INDEX unit_by_side ON unit (side_id);\n"
	"CREATE INDEX unit_by_campaign_ident ON unit (campaign_ident);\n"
	/* its starting ratings: each word of its declaration by category */
	"CREATE TABLE unit_word (\n"
	"  unit_id INTEGER NOT NULL REFERENCES unit(id) ON DELETE CASCADE,\n"
	"  category TEXT NOT NULL,\n"
	"  word TEXT NOT NULL,\n"
	"  PRIMARY KEY (unit_id, category, word)\n"
	") WITHOUT ROWID;\n"
	/* every statement after the order of battle: turns, phases, events,
	 * rulings; its place, its canonical text, what the audit derived */
	"CREATE TABLE event (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  file_idx INTEGER NOT NULL,\n"
	"  line INTEGER NOT NULL,\n"
	"  kind TEXT NOT NULL,\n"
	"  keyword TEXT,\n"
	"  shape TEXT,\n"
	"  turn INTEGER,\n"
	"  side TEXT,\n"
	"  phase TEXT,\n"
	"  text TEXT NOT NULL,\n"
	"  derived_kind TEXT,\n"
	"  effect TEXT,\n"
	"  diff INTEGER,\n"
	"  UNIQUE (battle_id, stmt)\n"
	");\n"
	"CREATE INDEX event_by_turn ON event (battle_id, turn);\n"
	/* a unit or leader taking part in an event, as derived */
	"CREATE TABLE part (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  seq INTEGER NOT NULL,\n"
	"  role TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL,\n"
	"  die INTEGER,\n"
	"  total INTEGER,\n"
	"  points INTEGER,\n"
	"  effect TEXT,\n"
	"  loss INTEGER NOT NULL,\n"
	"  after TEXT,\n"
	"  UNIQUE (event_id, seq)\n"
	");\n"
	"CREATE INDEX part_by_unit ON part (unit);\n"
	/* derived modifiers (per part) and claimed ones (per claim of the
	 * statement: its part's role, or the claim's place) */
	"CREATE TABLE modifier (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  origin TEXT NOT NULL CHECK (origin IN ('derived', 'claimed')),\n"
	"  seq INTEGER NOT NULL,\n"
	"  part_seq INTEGER,\n"
	"  claim TEXT,\n"
	"  code TEXT NOT NULL,\n"
	"  value INTEGER,\n"
	"  source TEXT,\n"
	"  why TEXT,\n"
	"  PRIMARY KEY (event_id, origin, seq)\n"
	") WITHOUT ROWID;\n"
	/* the derivation read out, step by step, with its rule */
	"CREATE TABLE step (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  seq INTEGER NOT NULL,\n"
	"  text TEXT NOT NULL,\n"
	"  source TEXT,\n"
	"  PRIMARY KEY (event_id, seq)\n"
	") WITHOUT ROWID;\n"
	"CREATE TABLE finding (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  event_id INTEGER REFERENCES event(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  file_idx INTEGER,\n"
	"  line INTEGER,\n"
	"  col INTEGER,\n"
	"  code TEXT NOT NULL,\n"
	"  severity TEXT NOT NULL,\n"
	"  message TEXT NOT NULL,\n"
	"  rule TEXT,\n"
	"  side TEXT,\n"
	"  overruled INTEGER NOT NULL DEFAULT 0\n"
	");\n"
	"CREATE INDEX finding_by_battle ON finding (battle_id, code);\n"
	"CREATE INDEX finding_by_event ON finding (event_id);\n"
	"CREATE INDEX finding_by_rule ON finding (rule);\n"
	/* an umpire's ruling on the event before it */
	"CREATE TABLE ruling (\n"
	"  event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,\n"
	"  settles INTEGER REFERENCES event(id) ON DELETE CASCADE,\n"
	"  verb TEXT NOT NULL,\n"
	"  by TEXT,\n"
	"  reason TEXT\n"
	");\n"
	"CREATE INDEX ruling_by_settles ON ruling (settles);\n"
	/* what an event changed: each named field of the state of each unit
	 * and leader it names or changes, after it (the ruleset's description
	 * of a unit's state: RFF's effectiveness, Santa Anna's stragglers) */
	"CREATE TABLE state_delta (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  kind TEXT NOT NULL CHECK (kind IN ('U', 'L')),\n"
	"  ident TEXT NOT NULL,\n"
	"  seq INTEGER NOT NULL,\n"
	"  field TEXT NOT NULL,\n"
	"  num INTEGER,\n"
	"  text TEXT,\n"
	"  PRIMARY KEY (event_id, kind, ident, field)\n"
	") WITHOUT ROWID;\n"
	"CREATE INDEX state_delta_by_ident ON state_delta (ident, kind);\n"
	/* the state of every unit and leader when each turn begins: after the
	 * turn's line (turn_event; a log may repeat a turn's number) */
	"CREATE TABLE snapshot (\n"
	"  turn_event INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  turn INTEGER NOT NULL,\n"
	"  kind TEXT NOT NULL CHECK (kind IN ('U', 'L')),\n"
	"  ident TEXT NOT NULL,\n"
	"  seq INTEGER NOT NULL,\n"
	"  field TEXT NOT NULL,\n"
	"  num INTEGER,\n"
	"  text TEXT,\n"
	"  PRIMARY KEY (turn_event, kind, ident, field)\n"
	") WITHOUT ROWID;\n"
	"CREATE INDEX snapshot_by_battle ON snapshot (battle_id, turn);\n",
	[2] =
	/* the views a user's own SELECT reads (umpire db sql): the documented
	 * interface, where the tables may change from one version to the next */
	"CREATE VIEW battles AS\n"
	"  SELECT b.id AS battle, c.name AS campaign, b.ident, b.name, b.date, b.rules, b.scenario, b.result,\n"
	"         b.umpire_version, b.audit_options, b.follow, b.stale, b.imported_at\n"
	"  FROM battle b JOIN campaign c ON c.id = b.campaign_id;\n"
	"CREATE VIEW findings AS\n"
	"  SELECT f.battle_id AS battle, fl.path AS file, f.line, f.col, f.code, f.severity, f.message, f.rule,\n"
	"         f.side, f.overruled, e.text AS event\n"
	"  FROM finding f LEFT JOIN file fl ON fl.battle_id = f.battle_id AND fl.idx = f.file_idx\n"
	"  LEFT JOIN event e ON e.id = f.event_id;\n"
	"CREATE VIEW events AS\n"
	"  SELECT e.battle_id AS battle, fl.path AS file, e.line, e.kind, e.keyword, e.turn, e.side, e.phase,\n"
	"         e.text, e.derived_kind, e.effect, e.diff\n"
	"  FROM event e LEFT JOIN file fl ON fl.battle_id = e.battle_id AND fl.idx = e.file_idx;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT s.battle_id AS battle, s.turn, s.kind, s.ident, s.field, coalesce(s.num, s.text) AS value\n"
	"  FROM snapshot s;\n",
	[3] =
	/* a roll's odds under the derived modifiers (the luck report): of the
	 * die's sides faces, how many give a result at least and at most as
	 * good for whoever rolled; the stands the part's unit loses on average
	 * over every face of the event's dice.  NULL for a battle stored before
	 * (umpire db reaudit --all fills them) and for parts that rolled none;
	 * sides 0 for a rolled part whose odds the audit could not derive (a
	 * chart cell not given, no better or worse face). */
	"ALTER TABLE part ADD COLUMN sides INTEGER;\n"
	"ALTER TABLE part ADD COLUMN at_least INTEGER;\n"
	"ALTER TABLE part ADD COLUMN at_most INTEGER;\n"
	"ALTER TABLE part ADD COLUMN exp_loss REAL;\n",
	[4] =
	/* whether a unit fired or was fired at, charged or was charged in its
	 * battle: a campaign's later battles ask it of every unit's past, once
	 * a battle, without reading the earlier battles' events */
	"ALTER TABLE unit ADD COLUMN saw_combat INTEGER NOT NULL DEFAULT 0;\n"
	"UPDATE unit SET saw_combat = 1 WHERE id IN (SELECT u.id FROM unit u JOIN event e ON e.battle_id = u.battle_id\n"
	"  JOIN part p ON p.event_id = e.id AND p.unit = u.ident WHERE e.shape IN ('shooting', 'clash', 'clash-again'));\n",
	[5] =
	/* scenario balance (docs/reports.md, balance): a scenario's identity
	 * across plays (its id=, else its name), the victor (a side's id, or
	 * draw) and each side as the scenario names it (as=, else its id).
	 * Battles stored before keep their scenario's name as its identity and
	 * have no victor until `umpire db reaudit --all` */
	"ALTER TABLE battle ADD COLUMN scenario_key TEXT;\n"
	"ALTER TABLE battle ADD COLUMN victor TEXT;\n"
	"ALTER TABLE side ADD COLUMN scenario_side TEXT;\n"
	"UPDATE battle SET scenario_key = scenario WHERE scenario IS NOT NULL;\n"
	"CREATE INDEX battle_by_scenario ON battle (scenario_key, victor) WHERE scenario_key IS NOT NULL;\n",
	[6] =
	/* facts, not prose: the derivation's steps, a quarter of an archive,
	 * are no longer kept; `umpire explain` audits the stored files again
	 * and writes them in milliseconds */
	"DROP TABLE step;\n",
	[7] =
	/* a turn's snapshot is found through its turn line (turn_event, the
	 * key's prefix), as every reader does: the index by battle, a quarter
	 * of an archive, goes, and the view turn_states reads the battle and
	 * the turn from the turn line */
	"DROP INDEX snapshot_by_battle;\n"
	"DROP VIEW turn_states;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT e.battle_id AS battle, e.turn, s.kind, s.ident, s.field, coalesce(s.num, s.text) AS value\n"
	"  FROM event e JOIN snapshot s ON s.turn_event = e.id;\n",
	[8] =
	/* a modifier's citation and reason are prose `umpire explain` writes
	 * again: its code and value, the facts, are kept */
	"ALTER TABLE modifier DROP COLUMN source;\n"
	"ALTER TABLE modifier DROP COLUMN why;\n",
	[9] =
	/* a snapshot belongs to its battle through its turn line: without a
	 * battle_id of its own, removing a battle cascades through its events
	 * (a search by the key's prefix), where a foreign key to the battle
	 * with no index behind it would read every snapshot of the archive */
	"DROP VIEW turn_states;\n"
	"CREATE TABLE snapshot_9 (\n"
	"  turn_event INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  kind TEXT NOT NULL CHECK (kind IN ('U', 'L')),\n"
	"  ident TEXT NOT NULL,\n"
	"  seq INTEGER NOT NULL,\n"
	"  field TEXT NOT NULL,\n"
	"  num INTEGER,\n"
	"  text TEXT,\n"
	"  PRIMARY KEY (turn_event, kind, ident, field)\n"
	") WITHOUT ROWID;\n"
	"INSERT INTO snapshot_9 SELECT turn_event, kind, ident, seq, field, num, text FROM snapshot;\n"
	"DROP TABLE snapshot;\n"
	"ALTER TABLE snapshot_9 RENAME TO snapshot;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT e.battle_id AS battle, e.turn, s.kind, s.ident, s.field, coalesce(s.num, s.text) AS value\n"
	"  FROM event e JOIN snapshot s ON s.turn_event = e.id;\n",
	[10] =
	/* a turn line's changes are state_delta rows like any event's: the
	 * snapshots, every field of every unit at every turn (nearly half an
	 * archive), go, and turn_states derives a turn's state as each
	 * field's last change up to its turn line.  The battles stored before
	 * keep their turns' every field as changes, which say the same;
	 * `umpire db reaudit --all` stores only what changed */
	"DROP VIEW turn_states;\n"
	"INSERT OR IGNORE INTO state_delta (event_id, kind, ident, seq, field, num, text)\n"
	"  SELECT turn_event, kind, ident, seq, field, num, text FROM snapshot;\n"
	"DROP TABLE snapshot;\n"
	/* every reader finds a unit's changes and parts through its battle's
	 * events: the indexes by ident, a tenth of an archive, go */
	"DROP INDEX state_delta_by_ident;\n"
	"DROP INDEX part_by_unit;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT battle, turn, kind, ident, field, value FROM (\n"
	"    SELECT t.battle_id AS battle, t.turn, d.kind, d.ident, d.field, coalesce(d.num, d.text) AS value,\n"
	"           max(e.stmt)\n"	/* the bare columns are the last change's */
	"    FROM event t JOIN event e ON e.battle_id = t.battle_id AND e.stmt <= t.stmt\n"
	"    JOIN state_delta d ON d.event_id = e.id\n"
	"    WHERE t.kind = 'turn'\n"
	"    GROUP BY t.battle_id, t.id, d.kind, d.ident, d.field);\n",
	[11] =
	/* a unit's or leader's state once per event that changed it: its
	 * changed fields, the core's and the ruleset's, as one JSON object
	 * (the ruleset's names, in its order; integers and booleans as
	 * numbers), keyed by the unit's or leader's row and the event's
	 * statement.  Removing a battle removes its units and leaders and, by
	 * the key's prefix, their states.  The view state_changes reads them a
	 * field a row, as state_delta held them.  No column is computed from
	 * the JSON: SQLite before 3.45 refuses json_extract in the schema of
	 * an archive opened with trusted_schema off (store.c's defences) */
	"DROP VIEW turn_states;\n"
	"CREATE TABLE unit_state (\n"
	"  unit_id INTEGER NOT NULL REFERENCES unit(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  fields TEXT NOT NULL,\n"
	"  PRIMARY KEY (unit_id, stmt)\n"
	") STRICT, WITHOUT ROWID;\n"
	"CREATE TABLE leader_state (\n"
	"  leader_id INTEGER NOT NULL REFERENCES leader(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  fields TEXT NOT NULL,\n"
	"  PRIMARY KEY (leader_id, stmt)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO unit_state (unit_id, stmt, fields)\n"
	"  SELECT unit_id, stmt, json_group_object(field, value) FROM (\n"
	"    SELECT u.id AS unit_id, e.stmt, d.field, coalesce(d.num, d.text) AS value\n"
	"    FROM state_delta d JOIN event e ON e.id = d.event_id JOIN unit u ON u.battle_id = e.battle_id AND u.ident = d.ident\n"
	"    WHERE d.kind = 'U' ORDER BY u.id, e.stmt, d.seq)\n"
	"  GROUP BY unit_id, stmt;\n"
	"INSERT INTO leader_state (leader_id, stmt, fields)\n"
	"  SELECT leader_id, stmt, json_group_object(field, value) FROM (\n"
	"    SELECT l.id AS leader_id, e.stmt, d.field, coalesce(d.num, d.text) AS value\n"
	"    FROM state_delta d JOIN event e ON e.id = d.event_id JOIN leader l ON l.battle_id = e.battle_id AND l.ident = d.ident\n"
	"    WHERE d.kind = 'L' ORDER BY l.id, e.stmt, d.seq)\n"
	"  GROUP BY leader_id, stmt;\n"
	"DROP TABLE state_delta;\n"
	"CREATE VIEW state_changes AS\n"
	"  SELECT u.battle_id AS battle, s.stmt, 'U' AS kind, u.ident, j.key AS field, j.value, j.id AS seq\n"
	"  FROM unit u JOIN unit_state s ON s.unit_id = u.id JOIN json_each(s.fields) j\n"
	"  UNION ALL\n"
	"  SELECT l.battle_id, s.stmt, 'L', l.ident, j.key, j.value, j.id\n"
	"  FROM leader l JOIN leader_state s ON s.leader_id = l.id JOIN json_each(s.fields) j;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT battle, turn, kind, ident, field, value FROM (\n"
	"    SELECT t.battle_id AS battle, t.turn, c.kind, c.ident, c.field, c.value, max(c.stmt)\n"	/* the last change's */
	"    FROM event t JOIN state_changes c ON c.battle = t.battle_id AND c.stmt <= t.stmt\n"
	"    WHERE t.kind = 'turn'\n"
	"    GROUP BY t.battle_id, t.id, c.kind, c.ident, c.field);\n",
	[12] =
	/* a part's state after, prose with its citations (half the table),
	 * goes: the unit's state is unit_state's, and `umpire explain` writes
	 * the prose again; the part is keyed by its event and place, as every
	 * reader finds it, without a row id and its own index */
	"CREATE TABLE part_12 (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  seq INTEGER NOT NULL,\n"
	"  role TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL,\n"
	"  die INTEGER,\n"
	"  total INTEGER,\n"
	"  points INTEGER,\n"
	"  effect TEXT,\n"
	"  loss INTEGER NOT NULL,\n"
	"  sides INTEGER,\n"
	"  at_least INTEGER,\n"
	"  at_most INTEGER,\n"
	"  exp_loss REAL,\n"
	"  PRIMARY KEY (event_id, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO part_12 SELECT event_id, seq, role, unit, die, total, points, effect, loss, sides, at_least, at_most,\n"
	"  exp_loss FROM part;\n"
	"DROP TABLE part;\n"
	"ALTER TABLE part_12 RENAME TO part;\n",
	[13] =
	/* rule options as rows, not space-separated text: a campaign's
	 * (campaign_option), and those each battle was audited under
	 * (battle_option: source 'run', the --options of its import; source
	 * 'campaign', its campaign's then), each NAME=VALUE a row in the order
	 * given, so a league asks which battles ran under an option with a
	 * WHERE.  The view battles keeps its column audit_options */
	"CREATE TABLE campaign_option (\n"
	"  campaign_id INTEGER NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,\n"
	"  seq INTEGER NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  value TEXT NOT NULL,\n"
	"  PRIMARY KEY (campaign_id, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"CREATE TABLE battle_option (\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  source TEXT NOT NULL CHECK (source IN ('run', 'campaign')),\n"
	"  seq INTEGER NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  value TEXT NOT NULL,\n"
	"  PRIMARY KEY (battle_id, source, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"WITH RECURSIVE w(owner, source, seq, rest, word) AS (\n"	/* each text's words */
	"  SELECT id, 'run', -1, audit_options || ' ', '' FROM battle\n"
	"  UNION ALL SELECT id, 'campaign', -1, campaign_options || ' ', '' FROM battle\n"
	"  UNION ALL SELECT owner, source, seq + 1, substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1)\n"
	"  FROM w WHERE rest != '')\n"
	"INSERT INTO battle_option (battle_id, source, seq, name, value)\n"
	"  SELECT owner, source, seq, substr(word, 1, instr(word, '=') - 1), substr(word, instr(word, '=') + 1)\n"
	"  FROM w WHERE seq >= 0 AND word != '';\n"
	"WITH RECURSIVE w(owner, seq, rest, word) AS (\n"
	"  SELECT id, -1, options || ' ', '' FROM campaign\n"
	"  UNION ALL SELECT owner, seq + 1, substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1)\n"
	"  FROM w WHERE rest != '')\n"
	"INSERT INTO campaign_option (campaign_id, seq, name, value)\n"
	"  SELECT owner, seq, substr(word, 1, instr(word, '=') - 1), substr(word, instr(word, '=') + 1)\n"
	"  FROM w WHERE seq >= 0 AND word != '';\n"
	"DROP VIEW battles;\n"
	"ALTER TABLE battle DROP COLUMN audit_options;\n"
	"ALTER TABLE battle DROP COLUMN campaign_options;\n"
	"ALTER TABLE campaign DROP COLUMN options;\n"
	"CREATE VIEW battles AS\n"
	"  SELECT b.id AS battle, c.name AS campaign, b.ident, b.name, b.date, b.rules, b.scenario, b.result,\n"
	"         b.umpire_version,\n"
	"         coalesce((SELECT group_concat(o.name || '=' || o.value, ' ') FROM\n"
	"           (SELECT name, value FROM battle_option WHERE battle_id = b.id AND source = 'run' ORDER BY seq) o), '')\n"
	"           AS audit_options,\n"
	"         b.follow, b.stale, b.imported_at\n"
	"  FROM battle b JOIN campaign c ON c.id = b.campaign_id;\n",
	[14] =
	/* a campaign's battles in the order they were fought (date, seq, the
	 * order stored), so that a unit's past in its campaign is found by
	 * walking back from the battle being stored, a few battles, where the
	 * unit's campaign identity read every battle of every campaign that
	 * has one of that name: a league's import grew with the square of its
	 * campaigns' length */
	"CREATE INDEX battle_in_order ON battle (campaign_id, coalesce(date, '~'), coalesce(seq, 0), id);\n",
	[15] =
	/* a part names its unit or leader by its row (unit_id, leader_id),
	 * not by the ident written: removing a unit removes its parts, and a
	 * unit's parts are found through it.  Idents match in any case, as in
	 * the log */
	"CREATE TABLE part_15 (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  seq INTEGER NOT NULL,\n"
	"  role TEXT NOT NULL,\n"
	"  unit_id INTEGER REFERENCES unit(id) ON DELETE CASCADE,\n"
	"  leader_id INTEGER REFERENCES leader(id) ON DELETE CASCADE,\n"
	"  die INTEGER,\n"
	"  total INTEGER,\n"
	"  points INTEGER,\n"
	"  effect TEXT,\n"
	"  loss INTEGER NOT NULL,\n"
	"  sides INTEGER,\n"
	"  at_least INTEGER,\n"
	"  at_most INTEGER,\n"
	"  exp_loss REAL,\n"
	"  PRIMARY KEY (event_id, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO part_15 SELECT p.event_id, p.seq, p.role, u.id, CASE WHEN u.id IS NULL THEN l.id END, p.die, p.total,\n"
	"  p.points, p.effect, p.loss, p.sides, p.at_least, p.at_most, p.exp_loss\n"
	"FROM part p JOIN event e ON e.id = p.event_id\n"
	"LEFT JOIN unit u ON u.battle_id = e.battle_id AND u.ident = p.unit COLLATE NOCASE\n"
	"LEFT JOIN leader l ON l.battle_id = e.battle_id AND l.ident = p.unit COLLATE NOCASE;\n"
	"DROP TABLE part;\n"
	"ALTER TABLE part_15 RENAME TO part;\n"
	"CREATE INDEX part_by_unit ON part (unit_id);\n"
	"CREATE INDEX part_by_leader ON part (leader_id);\n"
	/* the units a battle carries from earlier ones, by campaign identity:
	 * storing a battle asks which later battles carry its units, from
	 * these few, where it read every unit of every later battle */
	"CREATE INDEX unit_carried ON unit (campaign_ident) WHERE carry;\n",
	[16] =
	/* STRICT tables throughout (SQLite refuses a value of the wrong type
	 * where it kept it before), each older table rebuilt as the STRICT one
	 * beside it, its rows copied, the old dropped and the new renamed
	 * (SQLite's way to change a table, store.c's migrate() with foreign
	 * keys off); the views dropped first and made again last, with the
	 * same columns.  A unit's state keeps the core's fields as typed
	 * columns (side, stands, start, removed, off_table: NULL where the
	 * event left it unchanged) and the rest, the ruleset's fields and the
	 * audit's diverged flag among them, as the JSON object it was (NULL
	 * when none changed).  state_changes reads the typed columns a field a
	 * row, seq 0-4, before the JSON's fields (5 + their id), the order the
	 * state names them */
	"DROP VIEW turn_states;\n"
	"DROP VIEW state_changes;\n"
	"DROP VIEW battles;\n"
	"DROP VIEW findings;\n"
	"DROP VIEW events;\n"
	"CREATE TABLE campaign_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE\n"
	") STRICT;\n"
	"INSERT INTO campaign_16 SELECT id, name FROM campaign;\n"
	"CREATE TABLE battle_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  campaign_id INTEGER NOT NULL REFERENCES campaign(id),\n"
	"  ident TEXT,\n"
	"  name TEXT NOT NULL,\n"
	"  date TEXT,\n"
	"  rules TEXT NOT NULL,\n"
	"  scenario TEXT,\n"
	"  scenario_key TEXT,\n"
	"  result TEXT,\n"
	"  victor TEXT,\n"
	"  seq INTEGER,\n"
	"  content_hash TEXT NOT NULL,\n"
	"  umpire_version TEXT NOT NULL,\n"
	"  follow TEXT NOT NULL CHECK (follow IN ('claimed', 'derived')),\n"
	"  stale INTEGER NOT NULL DEFAULT 0,\n"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))\n"
	") STRICT;\n"
	"INSERT INTO battle_16 SELECT id, campaign_id, ident, name, date, rules, scenario, scenario_key, result, victor, seq,\n"
	"  content_hash, umpire_version, follow, stale, imported_at FROM battle;\n"
	"CREATE TABLE battle_attr_16 (\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  kind TEXT NOT NULL CHECK (kind IN ('attr', 'option', 'special')),\n"
	"  seq INTEGER NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  value TEXT,\n"
	"  PRIMARY KEY (battle_id, kind, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO battle_attr_16 SELECT battle_id, kind, seq, name, value FROM battle_attr;\n"
	"CREATE TABLE file_16 (\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  idx INTEGER NOT NULL,\n"
	"  path TEXT NOT NULL,\n"
	"  text TEXT NOT NULL,\n"
	"  included_from INTEGER,\n"
	"  included_line INTEGER,\n"
	"  PRIMARY KEY (battle_id, idx)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO file_16 SELECT battle_id, idx, path, text, included_from, included_line FROM file;\n"
	"CREATE TABLE side_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  label TEXT,\n"
	"  nation TEXT,\n"
	"  players INTEGER,\n"
	"  scenario_side TEXT,\n"
	"  UNIQUE (battle_id, ident)\n"
	") STRICT;\n"
	"INSERT INTO side_16 SELECT id, battle_id, ident, label, nation, players, scenario_side FROM side;\n"
	"CREATE TABLE leader_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  side_id INTEGER REFERENCES side(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  rating TEXT,\n"
	"  under TEXT,\n"
	"  UNIQUE (battle_id, ident)\n"
	") STRICT;\n"
	"INSERT INTO leader_16 SELECT id, battle_id, side_id, ident, name, rating, under FROM leader;\n"
	"CREATE TABLE unit_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  side_id INTEGER REFERENCES side(id) ON DELETE CASCADE,\n"
	"  ident TEXT NOT NULL,\n"
	"  name TEXT NOT NULL,\n"
	"  campaign_ident TEXT NOT NULL,\n"
	"  stands INTEGER NOT NULL,\n"
	"  cmd TEXT,\n"
	"  carry INTEGER NOT NULL DEFAULT 0,\n"
	"  saw_combat INTEGER NOT NULL DEFAULT 0,\n"
	"  UNIQUE (battle_id, ident)\n"
	") STRICT;\n"
	"INSERT INTO unit_16 SELECT id, battle_id, side_id, ident, name, campaign_ident, stands, cmd, carry, saw_combat FROM unit;\n"
	"CREATE TABLE unit_word_16 (\n"
	"  unit_id INTEGER NOT NULL REFERENCES unit(id) ON DELETE CASCADE,\n"
	"  category TEXT NOT NULL,\n"
	"  word TEXT NOT NULL,\n"
	"  PRIMARY KEY (unit_id, category, word)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO unit_word_16 SELECT unit_id, category, word FROM unit_word;\n"
	"CREATE TABLE event_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  file_idx INTEGER NOT NULL,\n"
	"  line INTEGER NOT NULL,\n"
	"  kind TEXT NOT NULL,\n"
	"  keyword TEXT,\n"
	"  shape TEXT,\n"
	"  turn INTEGER,\n"
	"  side TEXT,\n"
	"  phase TEXT,\n"
	"  text TEXT NOT NULL,\n"
	"  derived_kind TEXT,\n"
	"  effect TEXT,\n"
	"  diff INTEGER,\n"
	"  UNIQUE (battle_id, stmt)\n"
	") STRICT;\n"
	"INSERT INTO event_16 SELECT id, battle_id, stmt, file_idx, line, kind, keyword, shape, turn, side, phase, text,\n"
	"  derived_kind, effect, diff FROM event;\n"
	"CREATE TABLE modifier_16 (\n"
	"  event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,\n"
	"  origin TEXT NOT NULL CHECK (origin IN ('derived', 'claimed')),\n"
	"  seq INTEGER NOT NULL,\n"
	"  part_seq INTEGER,\n"
	"  claim TEXT,\n"
	"  code TEXT NOT NULL,\n"
	"  value INTEGER,\n"
	"  PRIMARY KEY (event_id, origin, seq)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO modifier_16 SELECT event_id, origin, seq, part_seq, claim, code, value FROM modifier;\n"
	"CREATE TABLE finding_16 (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,\n"
	"  event_id INTEGER REFERENCES event(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  file_idx INTEGER,\n"
	"  line INTEGER,\n"
	"  col INTEGER,\n"
	"  code TEXT NOT NULL,\n"
	"  severity TEXT NOT NULL,\n"
	"  message TEXT NOT NULL,\n"
	"  rule TEXT,\n"
	"  side TEXT,\n"
	"  overruled INTEGER NOT NULL DEFAULT 0\n"
	") STRICT;\n"
	"INSERT INTO finding_16 SELECT id, battle_id, event_id, stmt, file_idx, line, col, code, severity, message, rule, side,\n"
	"  overruled FROM finding;\n"
	"CREATE TABLE ruling_16 (\n"
	"  event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,\n"
	"  settles INTEGER REFERENCES event(id) ON DELETE CASCADE,\n"
	"  verb TEXT NOT NULL,\n"
	"  by TEXT,\n"
	"  reason TEXT\n"
	") STRICT;\n"
	"INSERT INTO ruling_16 SELECT event_id, settles, verb, by, reason FROM ruling;\n"
	"CREATE TABLE unit_state_16 (\n"
	"  unit_id INTEGER NOT NULL REFERENCES unit(id) ON DELETE CASCADE,\n"
	"  stmt INTEGER NOT NULL,\n"
	"  side TEXT,\n"
	"  stands INTEGER,\n"
	"  start INTEGER,\n"
	"  removed INTEGER,\n"
	"  off_table INTEGER,\n"
	"  fields TEXT,\n"
	"  PRIMARY KEY (unit_id, stmt)\n"
	") STRICT, WITHOUT ROWID;\n"
	"INSERT INTO unit_state_16 SELECT unit_id, stmt, fields ->> 'side', fields ->> 'stands', fields ->> 'start',\n"
	"  fields ->> 'removed', fields ->> 'off_table',\n"
	"  nullif(json_remove(fields, '$.side', '$.stands', '$.start', '$.removed', '$.off_table'), '{}')\n"
	"  FROM unit_state;\n"
	"DROP TABLE unit_state;\n"
	"DROP TABLE ruling;\n"
	"DROP TABLE finding;\n"
	"DROP TABLE modifier;\n"
	"DROP TABLE event;\n"
	"DROP TABLE unit_word;\n"
	"DROP TABLE unit;\n"
	"DROP TABLE leader;\n"
	"DROP TABLE side;\n"
	"DROP TABLE file;\n"
	"DROP TABLE battle_attr;\n"
	"DROP TABLE battle;\n"
	"DROP TABLE campaign;\n"
	"ALTER TABLE campaign_16 RENAME TO campaign;\n"
	"ALTER TABLE battle_16 RENAME TO battle;\n"
	"ALTER TABLE battle_attr_16 RENAME TO battle_attr;\n"
	"ALTER TABLE file_16 RENAME TO file;\n"
	"ALTER TABLE side_16 RENAME TO side;\n"
	"ALTER TABLE leader_16 RENAME TO leader;\n"
	"ALTER TABLE unit_16 RENAME TO unit;\n"
	"ALTER TABLE unit_word_16 RENAME TO unit_word;\n"
	"ALTER TABLE event_16 RENAME TO event;\n"
	"ALTER TABLE modifier_16 RENAME TO modifier;\n"
	"ALTER TABLE finding_16 RENAME TO finding;\n"
	"ALTER TABLE ruling_16 RENAME TO ruling;\n"
	"ALTER TABLE unit_state_16 RENAME TO unit_state;\n"
	"CREATE UNIQUE INDEX battle_by_ident ON battle (campaign_id, ident) WHERE ident IS NOT NULL;\n"
	"CREATE INDEX battle_by_name ON battle (campaign_id, name, date);\n"
	"CREATE INDEX battle_by_scenario ON battle (scenario_key, victor) WHERE scenario_key IS NOT NULL;\n"
	"CREATE INDEX battle_in_order ON battle (campaign_id, coalesce(date, '~'), coalesce(seq, 0), id);\n"
	"CREATE INDEX leader_by_side ON leader (side_id);\n"
	"CREATE INDEX unit_by_side ON unit (side_id);\n"
	"CREATE INDEX unit_by_campaign_ident ON unit (campaign_ident);\n"
	"CREATE INDEX unit_carried ON unit (campaign_ident) WHERE carry;\n"
	"CREATE INDEX event_by_turn ON event (battle_id, turn);\n"
	"CREATE INDEX finding_by_battle ON finding (battle_id, code);\n"
	"CREATE INDEX finding_by_event ON finding (event_id);\n"
	"CREATE INDEX finding_by_rule ON finding (rule);\n"
	"CREATE INDEX ruling_by_settles ON ruling (settles);\n"
	"CREATE VIEW battles AS\n"
	"  SELECT b.id AS battle, c.name AS campaign, b.ident, b.name, b.date, b.rules, b.scenario, b.result,\n"
	"         b.umpire_version,\n"
	"         coalesce((SELECT group_concat(o.name || '=' || o.value, ' ') FROM\n"
	"           (SELECT name, value FROM battle_option WHERE battle_id = b.id AND source = 'run' ORDER BY seq) o), '')\n"
	"           AS audit_options,\n"
	"         b.follow, b.stale, b.imported_at\n"
	"  FROM battle b JOIN campaign c ON c.id = b.campaign_id;\n"
	"CREATE VIEW findings AS\n"
	"  SELECT f.battle_id AS battle, fl.path AS file, f.line, f.col, f.code, f.severity, f.message, f.rule,\n"
	"         f.side, f.overruled, e.text AS event\n"
	"  FROM finding f LEFT JOIN file fl ON fl.battle_id = f.battle_id AND fl.idx = f.file_idx\n"
	"  LEFT JOIN event e ON e.id = f.event_id;\n"
	"CREATE VIEW events AS\n"
	"  SELECT e.battle_id AS battle, fl.path AS file, e.line, e.kind, e.keyword, e.turn, e.side, e.phase,\n"
	"         e.text, e.derived_kind, e.effect, e.diff\n"
	"  FROM event e LEFT JOIN file fl ON fl.battle_id = e.battle_id AND fl.idx = e.file_idx;\n"
	"CREATE VIEW state_changes AS\n"
	"  SELECT u.battle_id AS battle, s.stmt, 'U' AS kind, u.ident, k.field,\n"
	"         CASE k.seq WHEN 0 THEN s.side WHEN 1 THEN s.stands WHEN 2 THEN s.start WHEN 3 THEN s.removed\n"
	"                    ELSE s.off_table END AS value, k.seq\n"
	"  FROM unit u JOIN unit_state s ON s.unit_id = u.id\n"
	"  JOIN (SELECT column1 AS seq, column2 AS field\n"
	"        FROM (VALUES (0, 'side'), (1, 'stands'), (2, 'start'), (3, 'removed'), (4, 'off_table'))) k\n"
	"  WHERE value IS NOT NULL\n"
	"  UNION ALL\n"
	"  SELECT u.battle_id, s.stmt, 'U', u.ident, j.key, j.value, 5 + j.id\n"
	"  FROM unit u JOIN unit_state s ON s.unit_id = u.id JOIN json_each(s.fields) j\n"
	"  UNION ALL\n"
	"  SELECT l.battle_id, s.stmt, 'L', l.ident, j.key, j.value, j.id\n"
	"  FROM leader l JOIN leader_state s ON s.leader_id = l.id JOIN json_each(s.fields) j;\n"
	"CREATE VIEW turn_states AS\n"
	"  SELECT battle, turn, kind, ident, field, value FROM (\n"
	"    SELECT t.battle_id AS battle, t.turn, c.kind, c.ident, c.field, c.value, max(c.stmt)\n"
	"    FROM event t JOIN state_changes c ON c.battle = t.battle_id AND c.stmt <= t.stmt\n"
	"    WHERE t.kind = 'turn'\n"
	"    GROUP BY t.battle_id, t.id, c.kind, c.ident, c.field);\n",
	[17] =
	/* each file's path relative to its battle's folder, as imports store
	 * it now ("oob/palo-alto.oob", not the organiser's /home/.../oob/...):
	 * the battle's own path loses its folder (rtrim of every character but
	 * '/' leaves the folder), and every file under that folder the same
	 * prefix; a file elsewhere keeps its path */
	"UPDATE file SET path = substr(path, length(top.dir) + 1)\n"
	"FROM (SELECT battle_id, rtrim(path, replace(path, '/', '')) AS dir FROM file WHERE idx = 0) AS top\n"
	"WHERE file.battle_id = top.battle_id AND top.dir <> '' AND length(file.path) > length(top.dir)\n"
	"  AND substr(file.path, 1, length(top.dir)) = top.dir;\n",
};

const char *store_migration(int v)
{
	return v >= 1 && v <= STORE_VERSION ? migrations[v] : NULL;
}

/* One object of a schema as sqlite_schema lists it; sql is NULL for the
 * indexes SQLite makes itself (UNIQUE, PRIMARY KEY). */
struct object {
	char *type, *name, *tbl, *sql;
};

static char *dup_column(sqlite3_stmt *st, int c)
{
	const char *t = (const char *)sqlite3_column_text(st, c);
	return t ? xstrdup(t) : NULL;
}

static void free_objects(struct object *o, int n)
{
	for (int i = 0; i < n; i++) {
		free(o[i].type);
		free(o[i].name);
		free(o[i].tbl);
		free(o[i].sql);
	}
	free(o);
}

/* Every object of db's main schema, by name then type (the order
 * compare() merges in); *n their number.  NULL with *n -1 when the schema
 * cannot be read.  The caller frees with free_objects. */
static struct object *list_objects(sqlite3 *db, int *n)
{
	sqlite3_stmt *st = NULL;
	struct object *o = NULL;
	int cap = 0, rc;
	*n = 0;
	if (sqlite3_prepare_v2(db, "SELECT type, name, tbl_name, sql FROM main.sqlite_schema ORDER BY name, type",
			       -1, &st, NULL) != SQLITE_OK) {
		*n = -1;
		return NULL;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			o = xrealloc(o, (size_t)cap * sizeof *o);
		}
		o[*n] = (struct object){dup_column(st, 0), dup_column(st, 1), dup_column(st, 2), dup_column(st, 3)};
		++*n;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free_objects(o, *n);
		*n = -1;
		return NULL;
	}
	return o;
}

/* The schema umpire's migrations make at version, in an archive in
 * memory; NULL with *n -1 when it cannot be made (a bug in a migration). */
static struct object *expected_objects(int version, int *n)
{
	sqlite3 *db = NULL;
	struct object *o = NULL;
	*n = -1;
	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK) {
		bool ok = true;
		for (int v = 1; v <= version && ok; v++)
			ok = sqlite3_exec(db, migrations[v], NULL, NULL, NULL) == SQLITE_OK;
		if (ok)
			o = list_objects(db, n);
	}
	sqlite3_close(db);
	return o;
}

static int strcmp_null(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) : (a != NULL) - (b != NULL);
}

/* Orders objects as list_objects lists them: by name, then type. */
static int object_order(const struct object *a, const struct object *b)
{
	int c = strcmp(a->name ? a->name : "", b->name ? b->name : "");
	return c ? c : strcmp(a->type ? a->type : "", b->type ? b->type : "");
}

/* A name as a message may show it: at most 60 characters, control
 * characters as '?'. */
static void put_name(struct buf *b, const char *name)
{
	size_t n = 0;
	for (const char *p = name ? name : ""; *p && n < 60; p++, n++)
		buf_putc(b, (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p);
	if (name && strlen(name) > 60)
		buf_puts(b, "...");
}

/* "trigger 'wipe' on battle is not umpire's", and the like, to each. */
static void say(const struct object *o, const char *what, void (*each)(void *ctx, const char *phrase), void *ctx)
{
	struct buf b;
	buf_init(&b, 0);
	buf_printf(&b, "%s '", o->type ? o->type : "object");
	put_name(&b, o->name);
	buf_putc(&b, '\'');
	if (o->tbl && o->name && strcmp(o->tbl, o->name) != 0) {	/* an index's or a trigger's table */
		buf_puts(&b, " on ");
		put_name(&b, o->tbl);
	}
	buf_printf(&b, " %s", what);
	each(ctx, b.text);
	buf_release(&b);
}

int store_schema_diff(sqlite3 *db, int version, void (*each)(void *ctx, const char *phrase), void *ctx)
{
	if (version < 0 || version > STORE_VERSION)
		return -1;
	int n_got, n_want;
	struct object *got = list_objects(db, &n_got);
	struct object *want = expected_objects(version, &n_want);
	int diffs = 0, i = 0, j = 0;
	while (n_got >= 0 && n_want >= 0 && (i < n_got || j < n_want)) {
		int c = i == n_got ? 1 : j == n_want ? -1 : object_order(&got[i], &want[j]);
		if (c < 0) {
			say(&got[i++], "is not umpire's", each, ctx);
		} else if (c > 0) {
			say(&want[j++], "is missing", each, ctx);
		} else {
			if (strcmp_null(got[i].tbl, want[j].tbl) != 0 || strcmp_null(got[i].sql, want[j].sql) != 0)
				say(&got[i], "is not as umpire made it", each, ctx);
			else
				diffs--;
			i++, j++;
		}
		diffs++;
	}
	if (n_got < 0 || n_want < 0)
		diffs = -1;
	free_objects(got, n_got);
	free_objects(want, n_want);
	return diffs;
}

static void ignore(void *ctx, const char *phrase)
{
	(void)ctx;
	(void)phrase;
}

int store_schema_version(sqlite3 *db)
{
	for (int v = STORE_VERSION; v >= 0; v--)
		if (store_schema_diff(db, v, ignore, NULL) == 0)
			return v;
	return -1;
}
