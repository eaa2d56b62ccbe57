/* rff_cite: Fire and Fury's printed rules, for citations in the player's
 * form (cite.h).  The seeds' README names the files: 000 the MAW variant's
 * rule text, 001 and 002 the Quick Reference Sheet (a layout copy and a
 * clean one). */
#include "rff.h"

static const struct cite_document documents[] = {
	{.seed = 0, .name = "MAW rules"},
	{.seed = 1, .name = "QRS"},
	{.seed = 2, .name = "QRS"},
};

static const struct cite_section sections[] = {
#define SECTION(seed_, first_, name_) {.seed = seed_, .first = first_, .name = name_},
#include "rff_cite_sections.def"
#undef SECTION
};

/* The QRS's tables: a cite "002:39 Maneuver Table: US: 8 or more" names the
 * row after the table, whose name the section already gives. */
static const char *const tables[] = {
	"Maneuver Table", "Musketry & Cannonade", "Charge Table", "Fallen Leader Table", "Twilight & Night",
};

const struct cite_book rff_cite_book = {
	.documents = documents,
	.n_documents = sizeof documents / sizeof documents[0],
	.sections = sections,
	.n_sections = sizeof sections / sizeof sections[0],
	.tables = tables,
	.n_tables = sizeof tables / sizeof tables[0],
};
