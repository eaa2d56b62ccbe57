/* template: a new game's log made from another battle's header and order
 * of battle (umpire record --from TEMPLATE LOG).
 *
 * The new log is a new battle: the template's lines before its first turn,
 * but the battle line's id= is the new log's own name (none when the name
 * is no id) and its seq= and any result line are left out; each include is
 * replaced by the lines it reads (the new log may live in another folder,
 * and reads nothing outside its own); a charts line names the same chart
 * file from the new log's folder, which must hold it. */
#ifndef UMPIRE_TEMPLATE_H
#define UMPIRE_TEMPLATE_H

#include <stddef.h>

/* Makes the log at path, which must not exist, from the battle at
 * template, whole or not at all (durable_create).  0, or -1 with a message
 * in err when the template does not parse, a chart file it names is
 * outside the new log's folder, or the file cannot be made (then no file
 * is left at path). */
int template_make_log(const char *path, const char *template, const char *include_root, char *err,
		      size_t errsize);

#endif
