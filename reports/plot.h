/* plot: a battle's plots, drawn by gnuplot (an external program).
 *
 * Each plot is a gnuplot script with its data inline, drawn by gnuplot
 * into its image, then both moved into a folder: the scripts are files a
 * user can edit and run again (`gnuplot ./NAME.gp`).  gnuplot runs in a
 * new folder of umpire's own inside it, so that it opens nothing already
 * there, and the files are moved in through outfile (a symbolic link
 * planted at a name is refused, never written through).
 * Everything from the battle that reaches a script is data or a quoted
 * title, cleaned so that no battle file can make gnuplot run a command.
 * gnuplot is looked for as UMPIRE_GNUPLOT, else `gnuplot` on the PATH. */
#ifndef UMPIRE_PLOT_H
#define UMPIRE_PLOT_H

#include <stdbool.h>

#include "../db/store.h"
#include "facts.h"

enum plot_format { PLOT_SVG, PLOT_PNG };

struct plot {
	char *name;	/* "losses": what it shows, a word */
	char *caption;
	char *script;	/* DIR/PREFIX-NAME.gp */
	char *image;	/* DIR/PREFIX-NAME.svg or .png */
};

struct plots {
	struct plot *v;
	int n;
};

/* The gnuplot program to run; false with a message (the caller frees)
 * when there is none: "gnuplot is not installed: apt-get install gnuplot-nox". */
bool plot_available(char **err);

/* Writes the plots of the battle whose facts are f into dir (made if it
 * does not exist), file names starting with prefix, and runs gnuplot on
 * each: stands lost per turn by side, stands of each side's units over
 * the turns, maneuver effects by side, the faces each side rolled.  False
 * with a message (the caller frees) when a file cannot be written, a
 * symbolic link is where one should go, or gnuplot fails or draws nothing
 * (what it said is in the message); the plots drawn so far stay in out. */
bool plot_battle(struct store *s, const struct facts *f, const char *dir, const char *prefix, enum plot_format fmt,
		 struct plots *out, char **err);

void plots_release(struct plots *p);

/* The text of an SVG image file from its <svg element on (no XML prolog),
 * every id in it and every reference to one prefixed by prefix ("f1-"), for
 * a page to hold several inline; NULL when it cannot be read.  The caller
 * frees. */
char *plot_svg_inline(const char *path, const char *prefix);

/* prefix cleaned for a file name: letters, digits, '-', '_' and '.', no
 * leading dot; "battle" when nothing is left.  The caller frees. */
char *plot_file_prefix(const char *prefix);

#endif
