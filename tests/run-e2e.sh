#!/bin/sh
# run-e2e.sh UMPIRE [PREFIX]: runs each end-to-end case in tests/e2e/
# (those whose directory name starts with PREFIX: 017, or 017-explain) and
# prints "ok ID" or "not ok ID" with a diff.
#
# A case is a directory tests/e2e/NNN-name/ holding:
#   cmd           the shell command to run; $UMPIRE is the binary, $TOP the tree
#   expected.out  what it must print on stdout
#   expected.err  (optional) what it must print on stderr
#   expected.rc   (optional) its exit status, 0 if absent
#   any inputs    the case runs in a copy of its directory under build/e2e/
set -u
UMPIRE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOP=$(pwd)
export UMPIRE TOP
status=0
only=${2:-}
for dir in tests/e2e/"$only"*/; do
	[ -d "$dir" ] || { echo "not ok $only: no such case in tests/e2e"; status=1; continue; }
	id=$(basename "$dir")
	work="build/e2e/$id"
	rm -rf "$work"
	mkdir -p "$work"
	cp -R "$dir". "$work/"
	(cd "$work" && sh ./cmd >actual.out 2>actual.err </dev/null; echo $? >actual.rc)
	want_rc=0
	[ -f "$dir/expected.rc" ] && want_rc=$(cat "$dir/expected.rc")
	ok=1
	cmp -s "$dir/expected.out" "$work/actual.out" || ok=0
	if [ -f "$dir/expected.err" ]; then
		cmp -s "$dir/expected.err" "$work/actual.err" || ok=0
	fi
	[ "$(cat "$work/actual.rc")" = "$want_rc" ] || ok=0
	if [ $ok = 1 ]; then
		echo "ok $id"
	else
		echo "not ok $id (exit $(cat "$work/actual.rc"), expected $want_rc)"
		diff -u "$dir/expected.out" "$work/actual.out" | head -40
		[ -f "$dir/expected.err" ] && diff -u "$dir/expected.err" "$work/actual.err" | head -20
		status=1
	fi
done
exit $status
