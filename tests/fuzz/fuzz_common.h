/* fuzz_common: what the libFuzzer targets share (tests/fuzz, `make fuzz`):
 * one lexer for the process, parse options whose includes can read
 * nothing (the battle is named inside an empty folder made at start), a
 * scratch folder for the targets that need files, and every report of an
 * archived battle built and written to nowhere. */
#ifndef UMPIRE_FUZZ_COMMON_H
#define UMPIRE_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "../../db/store.h"
#include "../../grammar/battle.h"
#include "../../grammar/diag.h"
#include "../../grammar/lex.h"

/* Parses data as a battle named "fuzz.battle"; free with battle_free and
 * diags_release. */
struct battle *fuzz_parse(const uint8_t *data, size_t size, struct diags *d);

/* The process's lexer (aborts if it cannot be compiled: a bug). */
struct lex *fuzz_lexer(void);

/* A folder of the process's own, made on first call (on /dev/shm when
 * there is one: the recorder fsyncs every line it accepts); emptied of
 * every file and folder by fuzz_scratch_clear. */
const char *fuzz_scratch(void);
void fuzz_scratch_clear(void);

/* Writes sh in every format (text, Markdown, CSV, JSON, HTML) to
 * /dev/null and frees it; NULL is a no-op. */
struct sheet;
void fuzz_write_sheet(struct sheet *sh);

/* Every report of battle id (casualties, effectiveness, audit, luck, the
 * after-action report without plots, the campaign's and its luck when
 * campaign is not NULL, else the battles of none) and its export, each
 * written in every format to /dev/null.  A report that refuses is fine. */
void fuzz_reports(struct store *s, int64_t id, const char *campaign);

#endif
