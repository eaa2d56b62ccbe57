#!/bin/sh
# fuzz.sh [build|regress]: the libFuzzer targets of tests/fuzz, built with
# clang (-fsanitize=fuzzer,address,undefined) into build/fuzz.
#
#   fuzz.sh           builds them and runs each for FUZZ_SECONDS (default
#                     60), one after the other, from its seeds and corpus
#   fuzz.sh build     builds them only
#   fuzz.sh regress   builds them and runs each once over its seeds and its
#                     regressions (what `make test` does): "ok fuzz_T" or
#                     "not ok fuzz_T" a target
#
# FUZZ_TARGETS picks targets (default: all six).  Each target's inputs:
#   parse fmt audit import   tests/fuzz/seeds (battle logs), regressions:
#                            the files of tests/fuzz/regressions itself
#   archive                  tests/fuzz/seeds-archive (small archives umpire
#                            made), tests/fuzz/regressions/archive
#   session                  tests/fuzz/seeds-session (lines typed at the
#                            recorder), tests/fuzz/regressions/session
# The corpus grows in build/fuzz/corpus-TARGET; a crash is saved as
# build/fuzz/crash-* with the target's report in build/fuzz/fuzz_T.log.
set -eu
mode=${1:-fuzz}
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-parse fmt audit import archive session}
deps="clang libclang-rt-dev libpcre2-dev libsqlite3-dev libedit-dev"
if [ "$mode" = regress ] && ! UMPIRE_DEPS="$deps" sh scripts/deps.sh 2>/dev/null; then
	# make test runs this: without clang (and not root to install it) it
	# says so and passes, except under CI, which must run everything
	if [ -n "${CI:-}" ]; then
		echo "not ok fuzz targets (no clang: apt-get install $deps)"
		exit 1
	fi
	echo "skipped: no clang, the fuzz targets are not run (sudo apt-get install $deps)"
	exit 0
fi
UMPIRE_DEPS="$deps" sh scripts/deps.sh
CC=clang
# nonnull-attribute is recoverable so that tests/fuzz/known-findings.supp
# can pass over a reported finding; UBSAN_OPTIONS halts on every other one
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fsanitize-recover=nonnull-attribute -fno-omit-frame-pointer"
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$(pwd)/tests/fuzz/known-findings.supp"
export UBSAN_OPTIONS
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DUMPIRE_VERSION=\"fuzz\" -g -O1 $SAN $(pkg-config --cflags libpcre2-8 libedit)"
# the fuzz code itself is held to the tree's warnings
WARN="-Wall -Wextra -Werror -Wshadow -Wwrite-strings -Wstrict-prototypes -Wmissing-prototypes -Wundef -Wvla"
LIBS="$(pkg-config --libs libpcre2-8 sqlite3 libedit) -lm"
out=build/fuzz
mkdir -p "$out/obj"
# An object is rebuilt when its source, or any header of the tree, is newer.
newest_h=$(ls -t grammar/*.h grammar/*.def audit/*.h audit/*.def audit/*/*.h audit/*/*.def db/*.h db/*.def reports/*.h recorder/*.h \
	tests/fuzz/*.h 2>/dev/null | head -n 1)
objs=""
for src in grammar/*.c audit/*.c audit/*/*.c db/*.c reports/*.c recorder/*.c tests/fuzz/fuzz_common.c; do
	[ "$src" = recorder/main.c ] && continue
	obj="$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_h" -nt "$obj" ]; then
		case $src in tests/*) w=$WARN ;; *) w="" ;; esac
		# shellcheck disable=SC2086
		$CC $CFLAGS $w -c "$src" -o "$obj"
	fi
	objs="$objs $obj"
done
for t in $targets; do
	bin="$out/fuzz_$t"
	# shellcheck disable=SC2086
	if [ ! -f "$bin" ] || [ "tests/fuzz/fuzz_$t.c" -nt "$bin" ] || [ -n "$(find $objs -newer "$bin" | head -n 1)" ]; then
		# shellcheck disable=SC2086
		$CC $CFLAGS $WARN -fsanitize=fuzzer "tests/fuzz/fuzz_$t.c" $objs $LIBS -o "$bin.new"
		mv "$bin.new" "$bin"	# renamed: a run of the old binary goes on
	fi
done
[ "$mode" = build ] && exit 0

seeds_of() {
	case $1 in
	archive | session) echo "tests/fuzz/seeds-$1" ;;
	*) echo tests/fuzz/seeds ;;
	esac
}
regressions_of() {
	case $1 in
	archive | session) echo "tests/fuzz/regressions/$1" ;;
	*) echo tests/fuzz/regressions ;;
	esac
}
max_len_of() {
	case $1 in
	archive) echo 65536 ;;	# a small archive is a few pages
	*) echo 4096 ;;
	esac
}
dict_of() {
	case $1 in
	archive) echo "" ;;
	*) echo "-dict=tests/fuzz/notation.dict" ;;
	esac
}

if [ "$mode" = regress ]; then
	# Each target once over every file of its seeds and regressions (files
	# as arguments: libFuzzer runs each once), 20 s at most an input.
	status=0
	for t in $targets; do
		files=$(find "$(seeds_of "$t")" "$(regressions_of "$t")" -maxdepth 1 -type f ! -name '*.md' 2>/dev/null | sort || true)
		if [ -z "$files" ]; then
			echo "not ok fuzz_$t (no seeds)"
			status=1
			continue
		fi
		n=$(printf '%s\n' "$files" | wc -l)
		# shellcheck disable=SC2086
		if timeout 300 "$out/fuzz_$t" -timeout=20 -rss_limit_mb=2048 $files >"$out/regress-$t.log" 2>&1; then
			echo "ok fuzz_$t ($n inputs)"
		else
			echo "not ok fuzz_$t"
			grep -E 'ERROR|SUMMARY|Running:|#[0-9]+ ' "$out/regress-$t.log" | tail -n 20
			status=1
		fi
	done
	exit $status
fi

for t in $targets; do
	mkdir -p "$out/corpus-$t"
	echo "== fuzz_$t for $seconds s"
	# shellcheck disable=SC2046
	"$out/fuzz_$t" -max_total_time="$seconds" $(dict_of "$t") -max_len="$(max_len_of "$t")" \
		-artifact_prefix="$out/" -print_final_stats=1 "$out/corpus-$t" "$(seeds_of "$t")" \
		2>"$out/fuzz_$t.log" || { tail -n 40 "$out/fuzz_$t.log"; exit 1; }
	grep -E '^stat::(number_of_executed_units|peak_rss_mb)|cov:' "$out/fuzz_$t.log" | tail -n 3
done
