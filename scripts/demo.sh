#!/bin/sh
# demo.sh: the main job on the bundled battles: check each example, show its
# canonical form is stable, audit it (findings and summary, JSON Lines) and
# explain its first charge or melee step by step; then store them all in an archive
# (build/demo/archive.db, made anew), take one back out, and write each
# battle's reports, its after-action report with plots among them.  Everything written goes to build/demo/.
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
	line=$(grep -n '^\(charge\|melee\) ' "$f" | head -n 1 | cut -d: -f1)
	if [ -n "$line" ]; then
		build/umpire explain "$f:$line" >"$out/$name.explain.txt" || status=1
		echo "$f:$line: the first charge or melee explained in $out/$name.explain.txt"
	fi
done
echo "== the archive"
rm -f "$out/archive.db" "$out/archive.db-wal" "$out/archive.db-shm"
build/umpire db --db "$out/archive.db" import examples/*.battle || status=1
build/umpire db --db "$out/archive.db" export palo-alto >"$out/palo-alto.exported.battle" || status=1
if build/umpire fmt examples/palo-alto.battle | cmp -s - "$out/palo-alto.exported.battle"; then
	echo "palo-alto: exported from the archive as fmt prints it ($out/palo-alto.exported.battle)"
else
	echo "palo-alto: the export differs from fmt's text"
	status=1
fi
echo "== one query: the 5th Infantry across both battles"
build/umpire db --db "$out/archive.db" query unit-history 5inf || status=1
echo "== reports from the archive"
for name in palo-alto resaca buena-vista arroyo-colorado; do  # their header id=s
	for kind in casualties effectiveness audit luck; do
		build/umpire report --db "$out/archive.db" "$kind" "$name" >"$out/$name.$kind.txt" || status=1
		build/umpire report --db "$out/archive.db" --format html "$kind" "$name" >"$out/$name.$kind.html" || status=1
	done
	echo "$name: casualty, effectiveness, audit and luck reports in $out/$name.{casualties,effectiveness,audit,luck}.{txt,html}"
	build/umpire report --db "$out/archive.db" --format html --dir "$out/plots" aar "$name" >"$out/$name.aar.html" || status=1
	echo "$name: the after-action report, plots inline, in $out/$name.aar.html (gnuplot scripts in $out/plots/)"
done
sed -n '/^Sides/,/^$/p' "$out/palo-alto.casualties.txt"
echo "the archive is $out/archive.db; try: build/umpire db --db $out/archive.db list"
echo "demo output in $out/"
exit $status
