/* finding: one claim weighed against one derivation, with its rule.
 *
 * A finding has a severity (error, warning, note), a stable code from
 * finding_codes.def, the position of the claimed token, a message naming the
 * claimed and the derived value, and the citation of the rule.  A ruling in
 * the log marks its event's findings overruled. */
#ifndef UMPIRE_FINDING_H
#define UMPIRE_FINDING_H

#include <stdbool.h>

#include "../grammar/buf.h"
#include "../grammar/diag.h"
#include "../grammar/source.h"

enum finding_code {
#define FINDING(e, name, doc) FINDING_##e,
#include "finding_codes.def"
#undef FINDING
	FINDING_N_CODES
};

struct finding {
	enum finding_code code;
	enum diag_severity severity;
	struct loc at;
	char *msg;		/* owned by the list */
	char *cite;		/* "002:30 Maneuver Table: +1 Veteran" or NULL; owned by the list */
	int stmt;		/* the event's statement */
	const char *side;	/* the side whose claim it is, or NULL */
	bool overruled;
};

struct findings {
	struct finding *v;
	int n, cap;
};

void findings_init(struct findings *f);
void findings_release(struct findings *f);

/* Adds a finding and returns it (valid until the next add). */
struct finding *finding_add(struct findings *f, enum finding_code code, enum diag_severity sev,
			    struct loc at, const char *cite, const char *fmt, ...)
	UMPIRE_PRINTF(6, 7);

const char *finding_code_name(enum finding_code code);
const char *finding_code_doc(enum finding_code code);
int finding_code_lookup(const char *name);

/* The findings grouped by statement, built once: those of statement s are
 * f->v[order[k]] for k from first[s] to first[s + 1] - 1, in list order.
 * The index owns its arrays; release it with finding_index_release. */
struct finding_index {
	int *first;	/* n_stmts + 1 entries */
	int *order;
};

void finding_index_init(struct finding_index *x, const struct findings *f, int n_stmts);
void finding_index_release(struct finding_index *x);

/* Stable sort by position. */
void findings_sort(struct findings *f);

/* Appends the finding as check prints diagnostics, then "  rule: CITE". */
void finding_render(const struct finding *f, const struct sources *src, struct buf *out);

#endif
