#!/bin/sh
# fuzz.sh: builds the libFuzzer targets of tests/fuzz with clang
# (-fsanitize=fuzzer,address,undefined) and runs each for FUZZ_SECONDS
# (default 60), starting from tests/fuzz/seeds and the notation's
# dictionary.  The corpus grows in build/fuzz/corpus-TARGET; a crash is
# saved as build/fuzz/crash-* with the target's report: make it a
# regression file in tests/fuzz/regressions/ (test_fuzz runs them all).
set -eu
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-parse fmt audit}
UMPIRE_DEPS="clang libclang-rt-14-dev libpcre2-dev libsqlite3-dev" sh scripts/deps.sh
CC=clang
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DUMPIRE_VERSION=\"fuzz\" -g -O1 $SAN $(pkg-config --cflags libpcre2-8)"
LIBS="$(pkg-config --libs libpcre2-8 sqlite3) -lm"
out=build/fuzz
mkdir -p "$out/obj"
objs=""
for src in grammar/*.c audit/*.c db/*.c reports/*.c tests/fuzz/fuzz_common.c; do
	obj="$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
	if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
		$CC $CFLAGS -c "$src" -o "$obj"
	fi
	objs="$objs $obj"
done
for t in $targets; do
	$CC $CFLAGS -fsanitize=fuzzer tests/fuzz/fuzz_$t.c $objs $LIBS -o "$out/fuzz_$t"
done
for t in $targets; do
	mkdir -p "$out/corpus-$t"
	echo "== fuzz_$t for $seconds s"
	"$out/fuzz_$t" -max_total_time="$seconds" -dict=tests/fuzz/notation.dict -max_len=4096 \
		-artifact_prefix="$out/" -print_final_stats=1 "$out/corpus-$t" tests/fuzz/seeds \
		2>"$out/fuzz_$t.log" || { tail -n 40 "$out/fuzz_$t.log"; exit 1; }
	grep -E '^stat::(number_of_executed_units|peak_rss_mb)|cov:' "$out/fuzz_$t.log" | tail -n 3
done
