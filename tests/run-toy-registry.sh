#!/bin/sh
# run-toy-registry.sh: adding a ruleset adds its files and one registry
# line, and changes nothing else.  A copy of the tree under build/ gets the
# toy ruleset of the tests (tests/toy/skirmish.[ch]) in a folder of its own,
# audit/skirmish/, as each ruleset has (audit/rff/, audit/sar/,
# audit/thomas/), and one line in audit/rulesets.def; the copy is built as it is, and its
# command line must know the toy (help, check, audit) while still auditing
# Fire and Fury as the tree's own build does.  The toy brings a statement
# shape of its own, its duel (an entry of grammar/shape.h in its file):
# the copy reads, prints, audits, writes and stores it with no other file
# changed.  One "ok NAME" or "not ok NAME" line per check.
set -u
umpire=${1:-build/umpire}
top=$(pwd)
copy=build/toy-registry
rm -rf "$copy" && mkdir -p "$copy" || exit 1
tar cf - Makefile grammar audit reports recorder scripts docs README.md $(ls -d db 2>/dev/null) |
	(cd "$copy" && tar xf -) || exit 1
mkdir -p "$copy/audit/skirmish"
cp tests/toy/skirmish.c tests/toy/skirmish.h "$copy/audit/skirmish/"
echo 'RULESET(skirmish_ruleset)' >>"$copy/audit/rulesets.def"

check() {	# check NAME: the last command's result
	if [ "$1" = ok ]; then echo "ok $2"; else echo "not ok $2"; fi
}

# what the copy differs in from the tree: a new folder of two files and one line
changed=$(cd "$copy" && for f in $(find grammar audit reports recorder -type f); do
	cmp -s "$f" "$top/$f" 2>/dev/null || echo "$f"; done | sort | tr '\n' ' ')
[ "$changed" = "audit/rulesets.def audit/skirmish/skirmish.c audit/skirmish/skirmish.h " ] && r=ok || r=bad
check $r "toy-registry: only a folder of two files and one registry line added ($changed)"

if ! make -C "$copy" -s -j2 build/umpire >"$copy.log" 2>&1; then
	echo "not ok toy-registry: the copy with the toy does not build"
	cat "$copy.log"
	exit 1
fi
toy="$copy/build/umpire"

"$toy" help words skirmish | grep -q '^| `foot` |' && r=ok || r=bad
check $r "toy-registry: help words skirmish lists the toy's words"
"$toy" help notation skirmish >"$copy/card"
grep -q '^SKIRMISH' "$copy/card" && grep -q ' shoot ' "$copy/card" && grep -q ' stands ' "$copy/card" && r=ok || r=bad
check $r "toy-registry: help notation skirmish prints the toy's card, every event on it (as test_docs asks)"
"$toy" check tests/toy/toy.battle >/dev/null 2>&1 && r=ok || r=bad
check $r "toy-registry: check reads a battle of rules=skirmish"
# 12: 4 - 1 for cover = 3, under 4: a miss, no loss, against =4 hit loss=1;
# 13: 5, a hit, a stand: right
"$toy" audit tests/toy/toy.battle >"$copy/audit.out" 2>&1
rc=$?
codes=$(sed -n 's/^tests\/toy\/toy.battle:\([0-9]*\):[0-9]*: error \([a-z-]*\):.*/\1:\2/p' "$copy/audit.out" | tr '\n' ' ')
[ $rc -eq 1 ] && [ "$codes" = "12:wrong-total 12:wrong-effect 12:wrong-losses " ] && r=ok || r=bad
check $r "toy-registry: audit derives the toy's shots (rc $rc: $codes)"
"$toy" audit --json tests/toy/toy.battle | grep '"line":14,' | grep -q '"unit":"b","side":"B","stands":1,.*"removed":true,.*"hits":1' && r=ok || r=bad
check $r "toy-registry: the toy's record and removal at one stand reach the JSON"
# A ruleset without report terms: its losses are all "other" (the state
# follows the claims: b loses a stand at line 12 and one at 13, and is
# removed with its last at line 14), and no column of a cause it does not
# name.
"$toy" report casualties --format csv --table units tests/toy/toy.battle >"$copy/report.out" 2>&1
grep -q '^side,brigade,unit,name,start,other,removed,lost,left,lost %,men lost,removed in' "$copy/report.out" &&
	grep -q '^B,Colonel,b,B,3,2,1,3,0,100.0,,turn 1 (line 14)' "$copy/report.out" && r=ok || r=bad
check $r "toy-registry: a ruleset without report terms reports its losses as other"
"$umpire" audit examples/palo-alto.battle >"$copy/rff.want" 2>&1
"$toy" audit examples/palo-alto.battle >"$copy/rff.got" 2>&1
cmp -s "$copy/rff.want" "$copy/rff.got" && r=ok || r=bad
check $r "toy-registry: Fire and Fury audits as before, and stays the default"

# The toy's duel is a statement shape of its own (an entry in its file that
# the grammar does not have): it reads, prints, audits, writes its JSON and
# is stored through that entry.  Expected from the duel's rule (the higher
# roll wins, the defender on a tie, the loser loses a stand; one stand
# left leaves the field): line 12, 5 against 3, a hit: right; line 13, 4
# against 4, the defender's: hit is wrong; line 14, 2 against 6, a miss, and
# a is down to one stand.
duel=tests/toy/duel.battle
"$toy" fmt "$duel" >"$copy/duel.fmt" 2>&1
grep -q '^duel a -> b \[2\] \[6\] miss$' "$copy/duel.fmt" && grep -q '^duel a -> b \[5\] \[3\] hit loss=1$' "$copy/duel.fmt" &&
	r=ok || r=bad
check $r "toy-shape: fmt prints the toy's own shape canonically"
"$toy" audit "$duel" >"$copy/duel.out" 2>&1
rc=$?
codes=$(sed -n 's/^tests\/toy\/duel.battle:\([0-9]*\):[0-9]*: error \([a-z-]*\):.*/\1:\2/p' "$copy/duel.out" | tr '\n' ' ')
[ $rc -eq 1 ] && [ "$codes" = "13:wrong-effect " ] && r=ok || r=bad
check $r "toy-shape: audit derives the duels (rc $rc: $codes)"
"$toy" audit --json "$duel" >"$copy/duel.json"
grep '"line":12,' "$copy/duel.json" | grep -q '"claimed":{"rolls":\[5,3\],"claim":{.*"effect":"hit","losses":1}},"state":\[{"unit":"a",.*{"unit":"b","side":"B","stands":3,' &&
	grep '"line":14,' "$copy/duel.json" | grep -q '"unit":"a","side":"R","stands":1,.*"removed":true,.*"hits":2' &&
	r=ok || r=bad
check $r "toy-shape: the JSON writes the claim in the shape's layout, and the state after of both units it names"
rm -f "$copy/duel.db"
"$toy" db --db "$copy/duel.db" import "$duel" >/dev/null 2>&1
shapes=$(python3 -c 'import sqlite3, sys; print(" ".join(r[0] for r in sqlite3.connect(sys.argv[1]).execute(
	"SELECT shape FROM event WHERE keyword = ? ORDER BY line", ("duel",))))' "$copy/duel.db" 2>&1)
"$toy" db --db "$copy/duel.db" export 1 2>/dev/null | grep -q '^duel a -> b \[4\] \[4\] hit loss=1$' &&
	[ "$shapes" = "opposed-roll opposed-roll opposed-roll" ] && r=ok || r=bad
check $r "toy-shape: the archive stores the duels under the shape's name and exports them ($shapes)"
