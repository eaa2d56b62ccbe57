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
	 * (umpire db reaudit --all fills them) and for parts that rolled none. */
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
};

const char *store_migration(int v)
{
	return v >= 1 && v <= STORE_VERSION ? migrations[v] : NULL;
}
