/* plot: gnuplot scripts written and run. */
#include "plot.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "luck.h"
#include "report.h"
#include "outfile.h"

/* The text of b, which is released. */
static char *take(struct buf *b)
{
	char *text = buf_detach(b);
	buf_release(b);
	return text;
}

static char *message(const char *fmt, const char *a, const char *b)
{
	struct buf m;
	buf_init(&m, 0);
	buf_printf(&m, fmt, a, b);
	return take(&m);
}

/* The gnuplot to run: UMPIRE_GNUPLOT, else the first gnuplot on the PATH. */
static char *gnuplot_path(void)
{
	const char *set = getenv("UMPIRE_GNUPLOT");
	if (set && *set)
		return access(set, X_OK) == 0 ? xstrdup(set) : NULL;
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	struct buf b;
	buf_init(&b, 0);
	for (const char *p = path; *p;) {
		size_t n = strcspn(p, ":");
		buf_clear(&b);
		buf_printf(&b, "%.*s/gnuplot", (int)n, n ? p : ".");
		if (access(b.text, X_OK) == 0)
			return take(&b);
		p += n + (p[n] == ':');
	}
	buf_release(&b);
	return NULL;
}

bool plot_available(char **err)
{
	char *g = gnuplot_path();
	if (g) {
		free(g);
		return true;
	}
	*err = xstrdup(getenv("UMPIRE_GNUPLOT") && *getenv("UMPIRE_GNUPLOT")
			       ? "UMPIRE_GNUPLOT does not name a program that can be run"
			       : "gnuplot is not installed (Debian: apt-get install gnuplot-nox); the plots need it");
	return false;
}

char *plot_file_prefix(const char *prefix)
{
	struct buf b;
	buf_init(&b, 0);
	for (const char *p = prefix ? prefix : ""; *p && b.len < 64; p++) {
		char c = *p;
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
			  c == '_' || (c == '.' && b.len > 0);
		buf_putc(&b, ok ? c : '-');
	}
	if (!b.len || strspn(b.text, "-.") == b.len) {
		buf_clear(&b);
		buf_puts(&b, "battle");
	}
	return take(&b);
}

/* A gnuplot string in single quotes: only '' is special there; line
 * breaks become spaces. */
static void quoted(struct buf *out, const char *t)
{
	buf_putc(out, '\'');
	for (; t && *t; t++) {
		if (*t == '\'')
			buf_puts(out, "''");
		else
			buf_putc(out, *t == '\n' || *t == '\r' ? ' ' : *t);
	}
	buf_putc(out, '\'');
}

/* A label in a data block: in double quotes, without the characters that
 * could end it (quotes, backslashes, line breaks). */
static void label(struct buf *out, const char *t)
{
	buf_putc(out, '"');
	for (; t && *t; t++)
		buf_putc(out, strchr("\"\\\n\r", *t) ? '_' : *t);
	buf_putc(out, '"');
}

struct plotter {
	const struct facts *f;
	const char *dir, *prefix;
	enum plot_format fmt;
	char *gnuplot;
	char *work;	/* a folder of its own in dir, where gnuplot runs */
	struct plots *out;
	char **err;
};

/* The series' line types: the Okabe-Ito colours, safe for colour-blind
 * readers, without its yellow (faint on white) and ordered dark, light,
 * dark, so that neighbours differ in grey too; after seven, the colours
 * again with dashes.  Each its own point type, so that lines drawn over
 * each other are still told apart by their marks. */
static const char *const palette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#000000", "#56B4E9", "#D55E00"};
enum { N_PALETTE = sizeof palette / sizeof palette[0], N_LINETYPES = 2 * N_PALETTE };
static const int point_types[] = {7, 5, 9, 11, 13, 4, 6, 8, 10, 12, 14, 1, 2, 3};

static void linetypes(struct buf *b)
{
	for (int i = 0; i < N_LINETYPES; i++)
		buf_printf(b, "set linetype %d lc rgb '%s' lw 2 pt %d ps 0.8 dt %d\n", i + 1, palette[i % N_PALETTE],
			   point_types[i], i < N_PALETTE ? 1 : 2);
	buf_printf(b, "set linetype cycle %d\n", N_LINETYPES);
}

/* The script's head: terminal (rows of panels, 1 for a single plot),
 * output, titles; noenhanced, so that no text of the battle is read as
 * markup. */
static void head(struct buf *b, const struct plotter *p, const char *image, const char *title, const char *x,
		 const char *y, int rows)
{
	buf_puts(b, "# Written by umpire: edit it and draw it again with `gnuplot ./");
	buf_printf(b, "%s-%s.gp`.\n", p->prefix, title);
	int h = rows > 1 ? 70 + 250 * rows : 420;
	if (p->fmt == PLOT_SVG)
		buf_printf(b, "set terminal svg size 760,%d dynamic font 'Helvetica,12' background rgb 'white'\n", h);
	else
		buf_printf(b, "set terminal pngcairo size 1140,%d font 'Helvetica,12' background rgb 'white'\n", h * 3 / 2);
	linetypes(b);
	buf_puts(b, "set termoption noenhanced\nset output ");
	quoted(b, image);
	buf_puts(b, "\nset encoding utf8\nset grid ytics lc rgb '#dddddd'\nset key outside right top\nset xlabel ");
	quoted(b, x);
	buf_puts(b, "\nset ylabel ");
	quoted(b, y);
	buf_puts(b, "\n");
}

/* What gnuplot said, from its log (at most its first 2 KiB, on one line
 * each message), into m. */
static void log_text(struct buf *m, const char *log)
{
	FILE *in = fopen(log, "r");
	char text[2048];
	size_t n = in ? fread(text, 1, sizeof text - 1, in) : 0;
	if (in)
		fclose(in);
	text[n] = '\0';
	while (n && strchr(" \n", text[n - 1]))
		text[--n] = '\0';
	buf_puts(m, n ? text : "(it said nothing)");
}

/* Runs gnuplot on script in p->work, named so that it cannot be read as
 * an option ("./-e-losses.gp"); its messages go to a log there, given in
 * the message when it fails. */
static bool run(const struct plotter *p, const char *script)
{
	struct buf arg, log;
	buf_init(&arg, 0);
	buf_init(&log, 0);
	buf_printf(&arg, "./%s", script);
	buf_printf(&log, "%s/gnuplot.log", p->work);
	pid_t pid = fork();
	if (pid < 0) {
		*p->err = message("cannot run gnuplot: %s%s", strerror(errno), "");
		buf_release(&arg);
		buf_release(&log);
		return false;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		int err = open(log.text, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0666);
		if (err >= 0)
			dup2(err, STDERR_FILENO);
		if (chdir(p->work) == 0)
			execl(p->gnuplot, "gnuplot", arg.text, (char *)NULL);
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	if (!ok) {
		struct buf m;
		buf_init(&m, 0);
		buf_printf(&m, "gnuplot failed on %s: ", script);
		log_text(&m, log.text);
		*p->err = take(&m);
	}
	buf_release(&arg);
	buf_release(&log);
	return ok;
}

/* Whether gnuplot left the image file in p->work; false with a message
 * when not (a gnuplot that read its script as something else). */
static bool drawn(const struct plotter *p, const char *script, const char *image)
{
	struct buf path;
	buf_init(&path, 0);
	buf_printf(&path, "%s/%s", p->work, image);
	struct stat st;
	bool ok = lstat(path.text, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
	if (!ok) {
		buf_clear(&path);
		buf_printf(&path, "gnuplot drew nothing from %s", script);
		*p->err = take(&path);
	} else {
		buf_release(&path);
	}
	return ok;
}

/* Moves name from p->work to p->dir; its path there into *out (the
 * caller frees). */
static bool place(const struct plotter *p, const char *name, char **out)
{
	struct buf from, to;
	buf_init(&from, 0);
	buf_init(&to, 0);
	buf_printf(&from, "%s/%s", p->work, name);
	buf_printf(&to, "%s/%s", p->dir, name);
	bool ok = outfile_move(from.text, to.text, p->err);
	buf_release(&from);
	*out = ok ? take(&to) : NULL;
	if (!ok)
		buf_release(&to);
	return ok;
}

/* Writes the script (its head and body) and draws it, both in p->work,
 * then moves them into p->dir; adds the plot to out. */
static bool draw(const struct plotter *p, const char *name, const char *caption, const char *x, const char *y,
		 const char *body, int rows)
{
	struct buf script, image, path, text;
	buf_init(&script, 0);
	buf_init(&image, 0);
	buf_init(&path, 0);
	buf_init(&text, 0);
	buf_printf(&script, "%s-%s.gp", p->prefix, name);
	buf_printf(&image, "%s-%s.%s", p->prefix, name, p->fmt == PLOT_SVG ? "svg" : "png");
	head(&text, p, image.text, name, x, y, rows);
	if (rows <= 1) {	/* panels have titles of their own, the caption over them all */
		buf_puts(&text, "set title ");
		quoted(&text, caption);
		buf_putc(&text, '\n');
	}
	buf_puts(&text, body);
	buf_printf(&path, "%s/%s", p->work, script.text);
	char *script_at = NULL, *image_at = NULL;
	bool ok = outfile_write(path.text, text.text, text.len, p->err) && run(p, script.text) &&
		  drawn(p, script.text, image.text) && place(p, script.text, &script_at) &&
		  place(p, image.text, &image_at);
	if (ok) {
		struct plots *l = p->out;
		l->v = xrealloc(l->v, ((size_t)l->n + 1) * sizeof *l->v);
		l->v[l->n++] = (struct plot){xstrdup(name), xstrdup(caption), script_at, image_at};
	} else {
		free(script_at);
	}
	buf_release(&script);
	buf_release(&image);
	buf_release(&path);
	buf_release(&text);
	return ok;
}

/* The head of a clustered histogram's data: its settings, then the
 * block's header row (what the rows are, then one column a series). */
static void histogram(struct buf *b, const char *extra, const char *rows, char *const *series, int n)
{
	buf_printf(b, "set style data histograms\nset style histogram clustered gap 1\n"
		      "set style fill solid 0.85 border -1\nset yrange [0:*]\n%s$data << EOD\n", extra);
	label(b, rows);
	for (int i = 0; i < n; i++) {
		buf_putc(b, ' ');
		label(b, series[i]);
	}
	buf_putc(b, '\n');
}

/* The data block's end, a y axis of whole numbers up to a little above
 * max (stands and counts: no half ticks, no bar against the frame), and
 * the plot of its n columns after the first. */
static void plot_columns(struct buf *b, int n, const char *using, long max)
{
	buf_puts(b, "EOD\n");
	if (max > 0)
		buf_printf(b, "set yrange [0:%ld]\nset ytics %ld\n", max + 1 + max / 10,
			   max <= 12 ? 1L : max <= 60 ? 5L : max <= 120 ? 10L : (max / 100 + 1) * 10);
	buf_puts(b, "plot");
	for (int i = 0; i < n; i++)
		buf_printf(b, "%s $data using %s%d:xtic(1) title columnheader(%d)", i ? "," : "", using, i + 2, i + 2);
	buf_putc(b, '\n');
}

/* A histogram whose series are the battle's sides. */
static void side_histogram(struct buf *b, const char *extra, const char *rows, const struct facts *f)
{
	char **v = xcalloc((size_t)f->n_sides + 1, sizeof *v);
	for (int i = 0; i < f->n_sides; i++)
		v[i] = f->sides[i].ident;
	histogram(b, extra, rows, v, f->n_sides);
	free(v);
}

/* Stands lost in each turn by each side: the stands its units had when
 * the turn began less those when the next began (or at the end), as the
 * casualty report counts them (a unit removed loses the stands it had). */
static bool losses_plot(const struct plotter *p)
{
	const struct facts *f = p->f;
	struct buf b;
	buf_init(&b, 0);
	side_histogram(&b, "", "turn", f);
	long max = 0;
	for (int t = 0; t < f->n_turns; t++) {
		buf_printf(&b, "\"%d\"", f->turns[t].turn);
		for (int s = 0; s < f->n_sides; s++) {
			long lost = facts_side_stands(f, s, t) - facts_side_stands(f, s, t + 1);
			buf_printf(&b, " %ld", lost);
			max = lost > max ? lost : max;
		}
		buf_putc(&b, '\n');
	}
	plot_columns(&b, f->n_sides, "", max);
	struct buf caption;	/* in the ruleset's terms: "Effectives lost per turn" */
	buf_init(&caption, 0);
	buf_printf(&caption, "%c%s lost per turn", toupper((unsigned char)f->terms->strength[0]), f->terms->strength + 1);
	bool ok = f->n_sides == 0 || f->n_turns == 0 ||
		  draw(p, "losses", caption.text, "turn", f->terms->strength, b.text, 1);
	buf_release(&caption);
	buf_release(&b);
	return ok;
}

/* Whether unit u is side's. */
static bool of_side(const struct facts *f, int u, int side)
{
	return f->units[u].side && strcmp(f->units[u].side, f->sides[side].ident) == 0;
}

static bool same_brigade(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

enum {
	PANELS_PER_FIGURE = 6,	/* two columns of three: a printed page */
	UNITS_PER_PANEL = 6,	/* a larger brigade takes two panels or more: a legend a panel can hold */
};

/* One panel's units: of side's brigade, from the skip-th of its units,
 * take of them; part of parts of the brigade. */
struct panel {
	const char *brigade;
	int skip, take, part, parts;
};

/* Whether unit u is the panel's: its brigade's, in its share. */
static bool in_panel(const struct facts *f, int side, const struct panel *p, int u, int *seen)
{
	if (!of_side(f, u, side) || !same_brigade(f->units[u].brigade, p->brigade))
		return false;
	int k = (*seen)++;
	return k >= p->skip && k < p->skip + p->take;
}

/* One panel, in data block $bK, drawn with y up to top, titled title (the
 * brigade's name, and its part when it takes several, when NULL).  Each
 * line is drawn a tenth of a turn along and a thirtieth of the scale up
 * from its neighbour's, so that units with the same stands show side by
 * side, not one hidden under the other (the caption says so). */
static void brigade_panel(struct buf *b, const struct facts *f, int side, const struct panel *p, const char *title, int k,
			  long top)
{
	int n = 0, seen = 0;
	buf_printf(b, "$b%d << EOD\n\"turn\"", k);
	for (int u = 0; u < f->n_units; u++)
		if (in_panel(f, side, p, u, &seen)) {
			buf_putc(b, ' ');
			label(b, f->units[u].name ? f->units[u].name : f->units[u].ident);
			n++;
		}
	buf_putc(b, '\n');
	for (int t = 0; t <= f->n_turns; t++) {
		if (t < f->n_turns)
			buf_printf(b, "\"%d\"", f->turns[t].turn);
		else
			buf_puts(b, "\"end\"");
		seen = 0;
		for (int u = 0; u < f->n_units; u++)
			if (in_panel(f, side, p, u, &seen)) {
				const struct facts_state *x = t < f->n_turns ? facts_state_at(f, t, u) : &f->units[u].end;
				if (x->removed)	/* its line ends where it left the field */
					buf_puts(b, " ?");
				else
					buf_printf(b, " %d", x->stands);
			}
		buf_putc(b, '\n');
	}
	buf_puts(b, "EOD\nset title ");
	if (title) {
		quoted(b, title);
	} else {
		struct buf name;
		buf_init(&name, 0);
		buf_puts(&name, p->brigade ? p->brigade : "(no brigade)");
		if (p->parts > 1)
			buf_printf(&name, " (%d of %d)", p->part + 1, p->parts);
		quoted(b, name.text);
		buf_release(&name);
	}
	buf_printf(b, "\nset yrange [0:%ld]\nset ytics %ld\nplot", top + 1 + top / 10,
		   top <= 6 ? 1L : top <= 12 ? 2L : top <= 60 ? 5L : top <= 120 ? 10L : (top / 100 + 1) * 10);
	double up = (double)(top > 6 ? top : 6) / 30.0;
	for (int i = 0; i < n; i++)
		buf_printf(b, "%s $b%d using ($0%+.2f):($%d%+.2f) title columnheader(%d)", i ? "," : "", k,
			   0.1 * (i - (n - 1) / 2.0), i + 2, up * (i - (n - 1) / 2.0), i + 2);
	buf_putc(b, '\n');
}

/* Figure part (from 0) of parts of side's strength plot: the panels
 * [from, to) of panels. */
static bool strength_figure(const struct plotter *p, int side, const struct panel *panels, int from, int to,
			    int part, int parts, long max)
{
	const struct facts *f = p->f;
	int n = to - from, cols = n <= 1 ? 1 : 2, rows = (n + cols - 1) / cols;
	struct buf b, name, caption;
	buf_init(&b, 0);
	buf_init(&name, 0);
	buf_init(&caption, 0);
	buf_printf(&caption, "%s", f->sides[side].ident);
	if (parts > 1)
		buf_printf(&caption, " (%d of %d)", part + 1, parts);
	buf_printf(&caption, ": %s of each unit when each turn began", f->terms->strength);
	const char *apart = " (lines of equal strength drawn a little apart)";
	buf_puts(&b, "set style data linespoints\nset datafile missing '?'\n");
	buf_puts(&b, n > 1 ? "set key outside right top vertical font ',9' samplen 2 spacing 0.9\n" : "");
	buf_puts(&b, "set xtics (");	/* the turns at 0, 1, ...: each line is drawn a little off them */
	for (int t = 0; t <= f->n_turns; t++)
		if (t < f->n_turns)
			buf_printf(&b, "%s\"%d\" %d", t ? ", " : "", f->turns[t].turn, t);
		else
			buf_printf(&b, "%s\"end\" %d", t ? ", " : "", t);
	buf_printf(&b, ")\nset xrange [-0.5:%d.5]\n", f->n_turns);
	if (n > 1) {
		buf_printf(&b, "set multiplot layout %d,%d title ", rows, cols);
		quoted(&b, caption.text);
		buf_puts(&b, "\n");
	}
	for (int k = from; k < to; k++)
		brigade_panel(&b, f, side, &panels[k], n > 1 ? NULL : caption.text, k + 1, max);
	if (n > 1)
		buf_puts(&b, "unset multiplot\n");
	char *file = plot_file_prefix(f->sides[side].ident);
	buf_printf(&name, "stands-%d-%s", side + 1, file);	/* the number: two ids may clean alike */
	if (parts > 1)
		buf_printf(&name, "-%d", part + 1);
	free(file);
	buf_puts(&caption, apart);	/* the figure's caption says what its drawing does */
	bool ok = draw(p, name.text, caption.text, "turn", f->terms->strength, b.text, n > 1 ? rows : 1);
	buf_release(&b);
	buf_release(&name);
	buf_release(&caption);
	return ok;
}

/* The stands of each of one side's units when each turn began, then at
 * the end: a small panel for each brigade (six units at most: a larger
 * brigade takes two or more), its units' colours and marks then few enough
 * to tell apart, on one scale, six panels a figure. */
static bool strength_plot(const struct plotter *p, int side)
{
	const struct facts *f = p->f;
	const char **brigades = xcalloc((size_t)f->n_units + 1, sizeof *brigades);
	int *units = xcalloc((size_t)f->n_units + 1, sizeof *units);
	int n = 0;
	long max = 0;
	for (int u = 0; u < f->n_units; u++) {
		if (!of_side(f, u, side))
			continue;
		max = f->units[u].start > max ? f->units[u].start : max;
		int k = 0;
		while (k < n && !same_brigade(brigades[k], f->units[u].brigade))
			k++;
		if (k == n)
			brigades[n++] = f->units[u].brigade;
		units[k]++;
	}
	struct panel *panels = xcalloc((size_t)f->n_units + 1, sizeof *panels);
	int n_panels = 0;
	for (int k = 0; k < n; k++) {
		int parts = (units[k] + UNITS_PER_PANEL - 1) / UNITS_PER_PANEL;
		for (int q = 0; q < parts; q++)
			panels[n_panels++] = (struct panel){brigades[k], q * UNITS_PER_PANEL, UNITS_PER_PANEL, q, parts};
	}
	int parts = (n_panels + PANELS_PER_FIGURE - 1) / PANELS_PER_FIGURE;
	bool ok = true;
	for (int part = 0; ok && part < parts && f->n_turns > 0; part++) {
		int from = part * PANELS_PER_FIGURE;
		int to = from + PANELS_PER_FIGURE < n_panels ? from + PANELS_PER_FIGURE : n_panels;
		ok = strength_figure(p, side, panels, from, to, part, parts, max);
	}
	free(panels);
	free(units);
	free(brigades);
	return ok;
}

/* How often each side's checks gave each maneuver effect. */
static bool effects_plot(const struct plotter *p)
{
	const struct facts *f = p->f;
	long checks = 0;
	for (int u = 0; u < f->n_units; u++)
		for (int k = 0; k < f->n_effects; k++)
			checks += f->units[u].effects[k];
	if (!checks)	/* nothing to draw */
		return true;
	struct buf b;
	buf_init(&b, 0);
	side_histogram(&b, "set xtics rotate by -30\n", "effect", f);
	long max = 0;
	for (int k = 0; k < f->n_effects; k++) {
		struct buf word;	/* "double quick": the ruleset's word as a reader reads it */
		buf_init(&word, 0);
		report_words(&word, f->terms->maneuver_effects[k]);
		label(&b, word.text);
		buf_release(&word);
		for (int s = 0; s < f->n_sides; s++) {
			long n = 0;
			for (int u = 0; u < f->n_units; u++)
				if (f->units[u].side && strcmp(f->units[u].side, f->sides[s].ident) == 0)
					n += f->units[u].effects[k];
			buf_printf(&b, " %ld", n);
			max = n > max ? n : max;
		}
		buf_putc(&b, '\n');
	}
	plot_columns(&b, f->n_sides, "", max);
	bool ok = f->n_sides == 0 || draw(p, "effects", "Maneuver results by side", "effect", "checks", b.text, 1);
	buf_release(&b);
	return ok;
}

/* How often each side rolled each face. */
static bool dice_plot(const struct plotter *p, struct store *s)
{
	struct luck_faces lf;
	if (!luck_side_faces(s, p->f->battle, &lf, p->err)) {
		luck_faces_release(&lf);
		return false;
	}
	/* the series in the order of battle's order of sides, as the other
	 * plots have them: each side its colour in every plot */
	int *order = xcalloc((size_t)lf.n + 1, sizeof *order);
	char **names = xcalloc((size_t)lf.n + 1, sizeof *names);
	int n = 0;
	for (int s2 = 0; s2 <= p->f->n_sides; s2++)
		for (int i = 0; i < lf.n; i++) {
			bool named = false;
			for (int t = 0; t < p->f->n_sides; t++)
				named |= lf.sides[i] && strcmp(lf.sides[i], p->f->sides[t].ident) == 0;
			bool here = s2 < p->f->n_sides ? lf.sides[i] && strcmp(lf.sides[i], p->f->sides[s2].ident) == 0 : !named;
			if (here) {
				order[n] = i;
				names[n++] = lf.sides[i];
			}
		}
	struct buf b;
	buf_init(&b, 0);
	histogram(&b, "", "face", names, n);
	long max = 0;
	for (int face = 1; face <= lf.most; face++) {
		buf_printf(&b, "\"%d\"", face);
		for (int k = 0; k < n; k++) {
			long c = lf.counts[order[k]][face];
			buf_printf(&b, " %ld", c);
			max = c > max ? c : max;
		}
		buf_putc(&b, '\n');
	}
	free(order);
	free(names);
	plot_columns(&b, lf.n, "", max);
	bool ok = lf.n == 0 || lf.most == 0 || draw(p, "dice", "Faces rolled by side", "face", "rolls", b.text, 1);
	buf_release(&b);
	luck_faces_release(&lf);
	return ok;
}

static bool make_dir(const char *dir, char **err)
{
	struct stat st;
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
		return true;
	if (mkdir(dir, 0777) == 0)
		return true;
	*err = message("cannot make the folder %s: %s", dir, strerror(errno));
	return false;
}

/* A folder of its own in dir for gnuplot to run in (mkdtemp: new, only
 * ours), so that nothing planted in dir is opened; NULL after a message. */
static char *work_folder(const char *dir, char **err)
{
	struct buf b;
	buf_init(&b, 0);
	buf_printf(&b, "%s/.umpire-plots-XXXXXX", dir);
	if (mkdtemp(b.text))
		return take(&b);
	*err = message("cannot make a folder in %s: %s", dir, strerror(errno));
	buf_release(&b);
	return NULL;
}

bool plot_battle(struct store *s, const struct facts *f, const char *dir, const char *prefix, enum plot_format fmt,
		 struct plots *out, char **err)
{
	*err = NULL;
	memset(out, 0, sizeof *out);
	struct plotter p = {f, dir, prefix, fmt, gnuplot_path(), NULL, out, err};
	if (!p.gnuplot) {
		plot_available(err);	/* says why */
		return false;
	}
	bool ok = make_dir(dir, err) && (p.work = work_folder(dir, err)) != NULL && losses_plot(&p);
	for (int side = 0; ok && side < f->n_sides; side++)
		ok = strength_plot(&p, side);
	ok = ok && effects_plot(&p) && dice_plot(&p, s);
	if (p.work)
		outfile_remove_folder(p.work);
	free(p.work);
	free(p.gnuplot);
	return ok;
}

void plots_release(struct plots *p)
{
	for (int i = 0; i < p->n; i++) {
		free(p->v[i].name);
		free(p->v[i].caption);
		free(p->v[i].script);
		free(p->v[i].image);
	}
	free(p->v);
	memset(p, 0, sizeof *p);
}

/* The length of the id mark (id=", href="#, url(#...) that p starts
 * with, or 0. */
static size_t mark_at(const char *p)
{
	static const char *const marks[] = {"id=\"", "id='", "href=\"#", "href='#", "url(#"};
	if (*p != 'i' && *p != 'h' && *p != 'u')
		return 0;
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		size_t n = strlen(marks[i]);
		if (strncmp(p, marks[i], n) == 0)
			return n;
	}
	return 0;
}

/* svg with every id and reference to one prefixed by prefix, so that
 * several drawings can share a page: one pass over the text (looking for
 * each mark from every mark found was quadratic in a large plot). */
static char *prefixed(const char *svg, const char *prefix)
{
	struct buf b;
	buf_init(&b, (size_t)32 << 20);
	while (*svg) {
		const char *p = svg;
		size_t len = 0;
		while (*p && !(len = mark_at(p)))
			p++;
		buf_add(&b, svg, (size_t)(p - svg) + len);
		svg = p + len;
		if (len)
			buf_printf(&b, "%s-", prefix);
	}
	return take(&b);
}

char *plot_svg_inline(const char *path, const char *prefix)
{
	FILE *in = fopen(path, "r");
	if (!in)
		return NULL;
	struct buf b;
	buf_init(&b, (size_t)16 << 20);
	char chunk[8192];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
		if (buf_add(&b, chunk, n) < 0)
			break;
	bool bad = ferror(in) || b.full;
	fclose(in);
	const char *svg = strstr(b.text, "<svg");
	char *text = bad || !svg ? NULL : prefixed(svg, prefix);
	buf_release(&b);
	return text;
}
