#!/bin/sh
# run-fuzz-targets.sh [UMPIRE]: builds every libFuzzer target of tests/fuzz
# (scripts/fuzz.sh, clang) and runs each once over its seeds and its
# regressions: "ok fuzz_T (N inputs)" or "not ok fuzz_T" a target, a few
# seconds in all once built.  UMPIRE is ignored (the targets link the
# library themselves).  Without clang, and no way to install it, it says
# "skipped: no clang" (under CI it fails instead).
exec sh scripts/fuzz.sh regress
