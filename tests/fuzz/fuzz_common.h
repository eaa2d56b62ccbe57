/* fuzz_common: what the libFuzzer targets share (tests/fuzz, `make fuzz`):
 * one lexer for the process, and parse options whose includes can read
 * nothing (the battle is named inside an empty folder made at start). */
#ifndef UMPIRE_FUZZ_COMMON_H
#define UMPIRE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../../grammar/battle.h"
#include "../../grammar/diag.h"

/* Parses data as a battle named "fuzz.battle"; free with battle_free and
 * diags_release. */
struct battle *fuzz_parse(const uint8_t *data, size_t size, struct diags *d);

#endif
