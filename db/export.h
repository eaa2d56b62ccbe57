/* export: a stored battle back to notation.
 *
 * The archive keeps the verbatim text of a battle's files; export parses
 * them again (the includes from the archive, never the disk) and prints
 * the canonical text, so the export of an import is what `umpire fmt`
 * prints of the file imported. */
#ifndef UMPIRE_EXPORT_H
#define UMPIRE_EXPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "../grammar/buf.h"
#include "../grammar/lex.h"
#include "store.h"

/* Appends the canonical text of battle id's top file to out; with
 * inline_includes, each include line is replaced by the canonical text of
 * the file it includes.  False with a message in *err (the caller frees)
 * when the battle is not stored or its text no longer parses. */
bool export_battle(struct store *s, struct lex *lex, int64_t id, bool inline_includes, struct buf *out, char **err);

/* Writes every battle of the campaign called campaign under dir, as
 * notation files `db import` restores: battle N of the campaign's order in
 * dir/NNN-NAME/ with its includes beside it at the paths its include
 * lines name (a path that would leave that folder is refused), and its
 * rule options, which no battle file holds, in dir/campaign.options.  Each
 * battle written is named on report.  Returns the number written, or -1
 * with a message in *err (the caller frees). */
int export_campaign(struct store *s, struct lex *lex, const char *campaign, const char *dir, FILE *report,
		    char **err);

/* The stored battle id parsed again from its stored text (its includes
 * from the archive); the caller frees it with battle_free.  NULL with a
 * message in *err when it is not stored or no longer parses. */
struct battle *export_parse(struct store *s, struct lex *lex, int64_t id, char **err);

/* The stored battle BATTLE names: its number in the archive, its header
 * id=, or the start of its name.  It must name one battle in all three
 * ways together: 0 with a message in *err (the caller frees) when none or
 * more than one does (a number that is another battle's id= or name). */
int64_t export_find(struct store *s, const char *battle, char **err);

#endif
