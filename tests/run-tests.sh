#!/bin/sh
# run-tests.sh: runs every cmocka suite given as arguments, then the
# end-to-end cases, and closes with one "N passed, N failed" line.
# Tests run from the top of the tree; everything they write goes to build/.
set -u
passed=0
failed=0
failures=""
for t in "$@"; do
	log="build/$(basename "$t").log"
	if "$t" >"$log" 2>&1; then
		passed=$((passed + 1))
		# a skipped test says why (the seeds outside the tree, say)
		skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | head -1)
		if [ -n "$skipped" ]; then
			echo "PASS $t ($skipped $(grep -h '^skipped: ' "$log" | head -1))"
		else
			echo "PASS $t"
		fi
	else
		failed=$((failed + 1))
		failures="$failures $t"
		echo "FAIL $t"
		cat "build/$(basename "$t").log"
	fi
done
# `make test` staged `make install` under build/stage: both files must be there.
if [ -x build/stage/usr/bin/umpire ] && [ -f build/stage/usr/share/man/man1/umpire.1 ]; then
	passed=$((passed + 1))
	echo "PASS make install (binary and man page staged)"
else
	failed=$((failed + 1))
	echo "FAIL make install did not stage build/stage/usr/bin/umpire and the man page"
fi
# Scripts that print "ok NAME" / "not ok NAME" lines: the end-to-end cases,
# the check that the generic core names no ruleset's word, a ruleset added
# by its files and one registry line (a copy of the tree, built), imports
# killed at every write step and run side by side (run-kill.sh), the
# recorder killed after each line it accepted (run-record-kill.sh), a
# turn typed into it in a terminal (run-record-tty.sh),
# the fuzz regressions and seeds (through the command line, then each
# libFuzzer target once over its own), the hostile corpus (its scratch copies in
# build/hostile), the after-action report in headless Chromium.
mkdir -p build/hostile
export TMPDIR="$(pwd)/build/hostile"
# counted NAME CMD...: runs CMD, which prints "ok ..." / "not ok ..." lines,
# shows all but the ok lines and adds them to the totals (a failing status
# with no "not ok" line counts as one failure)
counted() {
	name=$1
	shift
	out=$("$@")
	rc=$?
	printf '%s\n' "$out" | grep -v '^ok ' || true
	ok=$(printf '%s\n' "$out" | grep -c '^ok ')
	bad=$(printf '%s\n' "$out" | grep -c '^not ok ')
	echo "$([ "$bad" -eq 0 ] && [ $rc -eq 0 ] && echo PASS || echo FAIL) $name ($ok passed, $bad failed)"
	passed=$((passed + ok))
	failed=$((failed + bad))
	[ $rc -ne 0 ] && [ "$bad" -eq 0 ] && failed=$((failed + 1))
}
# fmt and export keep what the audit reads, on every file of the tree that
# parses: hundreds of runs, so with the release build (the others: ASan)
counted tests/run-fmt-property.py python3 tests/run-fmt-property.py build/umpire
# every command README.md and docs/*.md show runs (or its block says why not)
counted tests/run-doc-commands.py python3 tests/run-doc-commands.py build/asan/umpire
for script in tests/run-e2e.sh tests/run-fuzz-regressions.sh tests/run-fuzz-targets.sh tests/hostile/run.sh tests/run-generic-core.sh \
	tests/run-toy-registry.sh tests/run-kill.sh tests/run-record-kill.sh tests/run-record-tty.sh tests/run-browser.sh; do
	counted "$script" sh "$script" build/asan/umpire
done
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
