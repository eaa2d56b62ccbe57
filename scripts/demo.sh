#!/bin/sh
# demo.sh: the main job on the bundled battles.  For now (the notation issue)
# that is: check every example and show its canonical form is stable.
# Everything written goes to build/demo/.
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
done
echo "demo output in $out/"
exit $status
