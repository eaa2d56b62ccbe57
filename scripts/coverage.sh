#!/bin/sh
# coverage.sh: `make coverage`.  A copy of the tracked tree under
# build/coverage/tree is built with gcov's instrumentation (--coverage, no
# sanitizers: a build apart from the ASan one), its cmocka suites and
# end-to-end cases are run, and gcovr (Debian's) writes line and branch
# coverage per file: a table on stdout, HTML under build/coverage/html/,
# and the totals last.
set -u
UMPIRE_DEPS="gcovr" sh scripts/deps.sh || exit 1
out=$(pwd)/build/coverage
tree=$out/tree
rm -rf "$out" && mkdir -p "$tree" "$out/html" || exit 1
git ls-files -z | xargs -0 cp --parents -P -t "$tree" 2>/dev/null
cd "$tree" || exit 1
tests=$(ls tests/test_*.c | sed 's|tests/\(.*\)\.c|build/asan/\1|')
# shellcheck disable=SC2086
make -s -j2 SAN=--coverage $tests build/asan/umpire >"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
# a case run as another user (045) cannot write the counts: not a failure
export GCOV_ERROR_FILE=/dev/null
failed=0
for t in $tests; do
	"$t" >/dev/null 2>&1 || { echo "coverage: $t failed"; failed=1; }
done
# 045 runs umpire as another user, who cannot write the counts: gcov says
# so on stderr and the case differs; any other case failing is a failure
sh tests/run-e2e.sh build/asan/umpire >"$out/e2e.log" 2>&1 ||
	if grep '^not ok' "$out/e2e.log" | grep -qv '^not ok 045-'; then
		echo "coverage: an e2e case failed ($out/e2e.log)"
		failed=1
	fi
gcovr -r . --filter 'audit/' --filter 'grammar/' --filter 'db/' --filter 'reports/' --filter 'recorder/' \
	--exclude 'tests/' --txt "$out/files.txt" --html-details "$out/html/index.html" --print-summary \
	>"$out/summary.txt" 2>"$out/gcovr.err" || { cat "$out/gcovr.err"; exit 1; }
cat "$out/files.txt"
echo "audit/ alone:"
gcovr -r . --filter 'audit/' --print-summary --txt "$out/audit.txt" 2>"$out/gcovr-audit.err" | grep -E '^(lines|branches):'
echo "HTML: build/coverage/html/index.html"
grep -E '^(lines|branches):' "$out/summary.txt"
exit $failed
