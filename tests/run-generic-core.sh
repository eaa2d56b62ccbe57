#!/bin/sh
# run-generic-core.sh UMPIRE: the generic core names no ruleset's word.
# Every word and alias of the default ruleset's vocabulary (as `help words`
# lists them) is looked for as a string literal ("gun", "twilight") in the
# files that must know no ruleset: the grammar, the audit driver, the
# state, the citations, the command line and the reports; and no ruleset's
# own names (rff_unit, "rff.h") may appear in their code either.  A word in a message's prose ("a line of the file") is English,
# not a ruleset's word in the code.  One "ok FILE" or "not ok FILE" line
# per file, with the words found.
set -u
umpire=${1:-build/umpire}
words=$("$umpire" help words | sed -n 's/^| `\([^`]*\)` | \([^|]*\)|.*/\1 \2/p' | tr -d '`,' | tr ' ' '\n' | sort -u)
[ -n "$words" ] || { echo "not ok generic-core: no words from $umpire help words"; exit 1; }
# Words the core has in its own right: a unit's stands= is every ruleset's, a
# note is a diagnostic's severity as well as a note in the log, and a unit or
# leader removed and a leader attached are the core's state (its remove and
# attach events) as well as RFF's fallen-leader result and modifier; a
# position's line and col in a file are the JSON output's, not RFF's formation
# and column; replace is the core's own state verb (a leader takes over
# another's command) as well as `db import --replace`; db is the archive's
# command, not RFF's alias of driven-back; HOME is the environment's, not the
# charge outcome; a battle with disputed results is provisional in the
# after-action report, whatever a ruleset calls a provisional command.
core="stands note removed attached line col replace db home provisional"
for f in grammar/*.c grammar/*.h grammar/*.def audit/audit.c audit/audit.h audit/ruleset.h audit/ruleset.c \
	audit/explain.c audit/record.c audit/record.h audit/finding.c audit/finding.h \
	audit/cite.c audit/cite.h audit/cell.c audit/cell.h audit/claim.c audit/claim.h audit/state.c audit/state.h recorder/*.c recorder/*.h reports/*.c reports/*.h \
	db/*.c db/*.h db/*.def; do
	[ -f "$f" ] || continue
	found=$(python3 - "$f" "$core" $words <<'PY'
import re, sys
path, core, words = sys.argv[1], set(sys.argv[2].split()), {w.lower() for w in sys.argv[3:]}
text = open(path, encoding="utf-8").read()
text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)	# comments are not the code's words
hits = set(re.findall(r"\b\w*rff\w*", text, flags=re.I))	# a ruleset's own files, types, names
for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
    if len(lit) > 1 and lit.lower() in words and lit.lower() not in core:	# one letter: a signature
        hits.add(lit)
print(" ".join(sorted(hits)))
PY
)
	if [ -z "$found" ]; then echo "ok $f"; else echo "not ok $f: ruleset words $found"; fi
done
