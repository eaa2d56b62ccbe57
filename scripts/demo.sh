#!/bin/sh
# demo.sh: the main job on the bundled battles: check each example, show its
# canonical form is stable, audit it (findings and summary, JSON Lines) and
# explain its first charge step by step. Storage and reports come with
# later issues. Everything written goes to build/demo/.
set -u
out=build/demo
mkdir -p "$out"
status=0
for f in examples/*.battle; do
	name=$(basename "$f" .battle)
	echo "== $f"
	if ! build/umpire check "$f"; then
		status=1
		continue
	fi
	build/umpire fmt "$f" >"$out/$name.fmt.battle"
	if cmp -s "$f" "$out/$name.fmt.battle"; then
		echo "$f: canonical ($(wc -l <"$f") lines)"
	else
		echo "$f: not in canonical form; see $out/$name.fmt.battle"
	fi
	build/umpire audit "$f" >"$out/$name.audit.txt" || status=1
	tail -n 1 "$out/$name.audit.txt"
	build/umpire audit --json "$f" >"$out/$name.audit.jsonl" || status=1
	echo "$f: $(wc -l <"$out/$name.audit.jsonl") JSON Lines (turns, phases, events, rulings) in $out/$name.audit.jsonl"
	line=$(grep -n '^charge ' "$f" | head -n 1 | cut -d: -f1)
	if [ -n "$line" ]; then
		build/umpire explain "$f:$line" >"$out/$name.explain.txt" || status=1
		echo "$f:$line: the first charge explained in $out/$name.explain.txt"
	fi
done
echo "demo output in $out/"
exit $status
