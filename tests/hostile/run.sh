#!/bin/sh
# run.sh UMPIRE [NAME...]: runs the hostile cases of cases.txt (all, or those
# named) and prints "ok NAME" or "not ok NAME: ..." for each; exits 1 if any
# case fails.  A case fails when its exit status or code differs from the
# manifest, when it runs past the timeout (TIMEOUT, 10 seconds by default),
# dies of a signal, exits above 2, or prints a sanitizer report.
# KEEP=1 keeps each case's scratch copy and output (the path is printed).
set -u
[ $# -ge 1 ] || { echo "usage: $0 UMPIRE [NAME...]" >&2; exit 2; }
UMPIRE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
HERE=$(cd "$(dirname "$0")" && pwd)
HOSTILE=$HERE	# a setup finds the scripts cases share in $HOSTILE/lib
export HOSTILE
TIMEOUT=${TIMEOUT:-10}
TAB=$(printf '\t')
status=0
while IFS="$TAB" read -r name cmd want_rc want_code setup; do
	case $name in '#'* | '') continue ;; esac
	if [ $# -gt 0 ]; then
		hit=0
		for n in "$@"; do [ "$n" = "$name" ] && hit=1; done
		[ $hit = 1 ] || continue
	fi
	work=$(mktemp -d "${TMPDIR:-/tmp}/umpire-hostile.XXXXXX")
	if [ -d "$HERE/$name" ]; then
		cp -R "$HERE/$name/." "$work/"
		file=main.battle
	else
		cp "$HERE/$name.battle" "$work/"
		file=$name.battle
	fi
	if [ "$setup" != "-" ]; then
		(cd "$work" && sh -c "$setup") >"$work.setup" 2>&1 </dev/null || {
			echo "not ok $name: setup failed: $(head -3 "$work.setup")"
			status=1
			rm -rf "$work" "$work.setup"
			continue
		}
	fi
	# shellcheck disable=SC2086 # COMMAND is one or two words
	(cd "$work" && ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} timeout -k 2 "$TIMEOUT" "$UMPIRE" $cmd "$file") \
		>"$work.out" 2>&1 </dev/null
	rc=$?
	why=""
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		why="timed out after ${TIMEOUT}s"
	elif [ $rc -gt 2 ]; then
		why="crashed: exit $rc"
	fi
	if grep -q -E 'Sanitizer|runtime error:' "$work.out"; then
		why="${why:+$why; }sanitizer: $(grep -m1 -E 'Sanitizer|runtime error:' "$work.out")"
	fi
	[ -n "$why" ] || [ "$rc" = "$want_rc" ] || why="expected exit $want_rc, got $rc"
	if [ -z "$why" ] && [ "$want_code" != "-" ] &&
	   ! grep -q -E "(error|warning|note)( \(overruled\))? $want_code:" "$work.out"; then
		seen=$(grep -o -E '(error|warning|note)( \(overruled\))? [a-z-]+:' "$work.out" | sed 's/.* //; s/:$//' | sort -u | tr '\n' ' ')
		why="expected code $want_code, got ${seen:-none}"
	fi
	if [ -z "$why" ]; then
		echo "ok $name"
	else
		echo "not ok $name ($cmd): $why"
		status=1
	fi
	if [ "${KEEP:-}" = 1 ]; then
		echo "# kept $work"
	else
		rm -rf "$work" "$work.out" "$work.setup"
	fi
done <"$HERE/cases.txt"
exit $status
