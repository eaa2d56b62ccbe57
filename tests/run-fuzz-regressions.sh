#!/bin/sh
# run-fuzz-regressions.sh UMPIRE: runs every input in tests/fuzz/regressions
# (inputs that once crashed, hung or leaked) and tests/fuzz/seeds through
# what the fuzz targets exercise: check, fmt, audit --json as played and as
# derived.  Each must end within 20 s with a status umpire documents (0, 1
# or 2) and without a sanitizer report.  Prints "ok NAME" or "not ok NAME".
set -u
UMPIRE=$1
export ASAN_OPTIONS=exitcode=86:detect_leaks=1 UBSAN_OPTIONS=exitcode=86:halt_on_error=1
work=build/fuzz-regressions
rm -rf "$work" && mkdir -p "$work/root"
status=0
for f in tests/fuzz/regressions/* tests/fuzz/seeds/*; do
	[ -f "$f" ] || continue
	case $f in *.md) continue ;; esac
	name=$(basename "$(dirname "$f")")/$(basename "$f")
	# the input is copied alone into an empty folder: its includes reach nothing
	cp "$f" "$work/root/in.battle"
	bad=""
	for cmd in "check" "fmt" "audit --json" "audit --json --follow=derived"; do
		# shellcheck disable=SC2086
		timeout 20 "$UMPIRE" $cmd "$work/root/in.battle" >"$work/out" 2>"$work/err" </dev/null
		rc=$?
		case $rc in
		0 | 1 | 2) grep -qE 'Sanitizer|runtime error' "$work/err" && bad="$cmd: sanitizer report" ;;
		124) bad="$cmd: still running after 20 s" ;;
		*) bad="$cmd: exit $rc" ;;
		esac
		[ -n "$bad" ] && break
	done
	if [ -z "$bad" ]; then
		echo "ok fuzz $name"
	else
		echo "not ok fuzz $name ($bad)"
		head -n 20 "$work/err"
		status=1
	fi
done
exit $status
