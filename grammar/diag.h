/* diag: diagnostics as data (code, severity, position, text) and their
 * rendering as `file:line:col: severity CODE: message` with the source line
 * and a caret under the spot.
 *
 * The library adds diagnostics to a struct diags and never prints; only the
 * recorder decides what to show.  The codes come from diag_codes.def. */
#ifndef UMPIRE_DIAG_H
#define UMPIRE_DIAG_H

#include <stdbool.h>

#include "buf.h"
#include "source.h"

enum diag_severity { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

enum diag_code {
#define DIAG(e, name, sev, doc) DIAG_##e,
#include "diag_codes.def"
#undef DIAG
	DIAG_N_CODES
};

struct diag {
	enum diag_code code;
	enum diag_severity severity;
	struct loc at;
	char *msg;		/* owned by the list */
};

/* The list keeps the first `max` diagnostics in the order they were added
 * (diags_sort then orders them by position); later ones are only counted.
 * A message is cut at 1023 bytes. */
struct diags {
	struct diag *v;
	int n, cap;
	int max;		/* diagnostics kept; past it, an error takes a warning's place */
	int n_errors, n_warnings, n_dropped;	/* counts leave out the muted */
	int n_kept_warnings;
	const bool *muted;	/* DIAG_N_CODES flags, not owned: warnings neither kept nor counted */
};

void diags_init(struct diags *d, int max);
void diags_release(struct diags *d);

/* Sorts the list by file, line and column, keeping the order of equals. */
void diags_sort(struct diags *d);

/* Records a diagnostic with the code's own severity. */
void diag_add(struct diags *d, enum diag_code code, struct loc at, const char *fmt, ...)
	UMPIRE_PRINTF(4, 5);

const char *diag_code_name(enum diag_code code);
const char *diag_code_doc(enum diag_code code);
enum diag_severity diag_code_severity(enum diag_code code);
/* The code named name, or -1. */
int diag_code_lookup(const char *name);
const char *diag_severity_name(enum diag_severity s);

/* Appends the rendering of one diagnostic to out: the include chain
 * ("in file included from a.battle:3:1", the file that includes this one
 * first, the top-level file last), the header line, the source line and a
 * caret line.  A diagnostic at no position is "umpire: SEVERITY: MESSAGE".  Tabs in the source are copied to the caret line so the
 * caret stays under the spot. */
void diag_render(const struct diag *dg, const struct sources *src, struct buf *out);

/* The same for any report that points into the sources (audit findings):
 * severity and code are the words printed after the position. */
void diag_render_at(const struct sources *src, struct loc at, const char *severity,
		    const char *code, const char *msg, struct buf *out);

#endif
