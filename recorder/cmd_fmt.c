/* umpire fmt: print a battle log in canonical form, or rewrite it in place. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../grammar/fmt.h"
#include "../grammar/source.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "durable.h"
#include "load.h"
#include "msg.h"

const char cmd_fmt_usage[] =
	"usage: umpire fmt [--write | --check | --diff] [--include-root DIR] FILE...\n"
	"\n"
	"Print FILE in canonical form: lower-case keywords, canonical words for\n"
	"aliases, ids as declared, one space between items, LF line ends.  Include\n"
	"lines are kept; only FILE itself is formatted.  Comments are kept.\n"
	"Several files take --write, --check or --diff.\n"
	"\n"
	"options:\n"
	"  -w, --write   rewrite each FILE in place (safely: a temporary file,\n"
	"                fsync, rename); a file with errors is refused and left\n"
	"                untouched\n"
	"  -c, --check   name every line of each FILE that is not in canonical\n"
	"                form and what fmt writes there, then a status line per\n"
	"                file; exit 1 if any is not canonical\n"
	"  -d, --diff    print what --write would change as a unified diff\n"
	"                (exit 1 if it would change anything)\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                battle file's own folder (a path is still relative to\n"
	"                the file that includes it)\n"
	"  -h, --help    show this help\n"
	"\n"
	"exit status: 0 done, 1 a FILE has errors (or is not canonical with\n"
	"--check or --diff), 2 usage error or unreadable file (the highest of the\n"
	"files).\n";

enum fmt_mode { FMT_PRINT, FMT_WRITE, FMT_CHECK, FMT_DIFF };

/* Writes text to the file path names, whole or not at all (durable.h). */
static int write_atomically(const char *path, const char *text, size_t len)
{
	char why[1024];
	if (durable_replace(path, "fmt", text, len, why, sizeof why) == 0)
		return 0;
	msg_error("%s", why);
	return -1;
}

/* Whether the file's bytes are the canonical text (BOM, line ends and
 * all). */
static bool same_bytes(const struct battle *b, const struct buf *text)
{
	FILE *f = fopen(b->src.v[0].path, "rb");
	if (!f)
		return false;
	size_t i = 0;
	int c;
	while ((c = getc(f)) != EOF && i < text->len && text->text[i] == (char)c)
		i++;
	bool same = c == EOF && i == text->len;
	fclose(f);
	return same;
}

/* One line of the file beside what fmt writes for it. */
struct line_pair {
	int line;		/* in the file, from 1 */
	char *canonical;	/* NULL: fmt drops it */
	bool changed;
};

struct pairs {
	const struct source *src;
	bool bom;		/* the file begins with one: its first line changes */
	struct line_pair *v;
	int n, cap;
};

/* The line of src as the file has it: its bytes and whether a CR ends it;
 * whether a newline follows it at all in *ended. */
static const char *raw_line(const struct source *src, int line, size_t *len, bool *cr, bool *ended)
{
	size_t at = src->line_start[line - 1];
	*len = src->line_len[line - 1];
	*cr = at + *len < src->len && src->text[at + *len] == '\r';
	size_t end = at + *len + *cr;
	*ended = end < src->len && src->text[end] == '\n';
	return src->text + at;
}

static void add_pair(void *ctx, int line, const char *text, size_t len)
{
	struct pairs *p = ctx;
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 256;
		p->v = xrealloc(p->v, (size_t)p->cap * sizeof *p->v);
	}
	size_t raw_len;
	bool cr, ended;
	const char *raw = raw_line(p->src, line, &raw_len, &cr, &ended);
	bool changed = !text || cr || !ended || raw_len != len || memcmp(raw, text, len) != 0 || (line == 1 && p->bom);
	p->v[p->n++] = (struct line_pair){line, text ? xstrndup(text, len) : NULL, changed};
}

static void pairs_release(struct pairs *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->v[i].canonical);
	free(p->v);
}

static bool starts_with_bom(const char *path)
{
	unsigned char head[3] = {0};
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, 3, f) : 0;
	if (f)
		fclose(f);
	return n == 3 && head[0] == 0xef && head[1] == 0xbb && head[2] == 0xbf;
}

/* Every non-canonical line of path named, with what fmt writes there, and
 * the file's status line; returns how many. */
static int list_changes(const char *path, const struct pairs *p)
{
	int n = 0;
	for (int i = 0; i < p->n; i++) {
		const struct line_pair *l = &p->v[i];
		if (!l->changed)
			continue;
		n++;
		size_t len;
		bool cr, ended;
		const char *raw = raw_line(p->src, l->line, &len, &cr, &ended);
		const char *why = !l->canonical ? "drops this blank line"
				  : len != strlen(l->canonical) || memcmp(raw, l->canonical, len) != 0 ? NULL
				  : l->line == 1 && p->bom ? "drops its byte order mark"
				  : cr ? "ends it with LF, not CR LF" : "ends it with a newline";
		if (why)
			printf("%s:%d: not in canonical form; `umpire fmt` %s\n", path, l->line, why);
		else
			printf("%s:%d: not in canonical form; `umpire fmt` writes it as:\n  %s\n", path, l->line, l->canonical);
	}
	if (!p->n && p->bom) {	/* a file of a byte order mark alone */
		printf("%s:1: not in canonical form; `umpire fmt` drops its byte order mark\n", path);
		n++;
	}
	if (n)
		printf("%s: %d line%s not in canonical form\n", path, n, n == 1 ? "" : "s");
	else
		printf("%s: canonical\n", path);
	return n;
}

/* The rest of a hunk's line after its mark. */
static void hunk_line_rest(const char *text, size_t len, bool no_newline)
{
	printf("%.*s\n", (int)len, text);
	if (no_newline)
		puts("\\ No newline at end of file");
}

/* One line of a hunk: the file's (-), fmt's (+) or both ( ). */
static void hunk_line(char mark, const char *text, size_t len, bool no_newline)
{
	putchar(mark);
	hunk_line_rest(text, len, no_newline);
}

/* The pairs from to upto - 1 as one hunk, old lines from old, new from new. */
static void print_hunk(const struct pairs *p, int from, int upto, int old, int new)
{
	int n_old = upto - from, n_new = 0;
	for (int i = from; i < upto; i++)
		n_new += p->v[i].canonical != NULL;
	printf("@@ -%d,%d +%d,%d @@\n", n_old ? old : old - 1, n_old, n_new ? new : new - 1, n_new);
	for (int i = from; i < upto; i++) {
		const struct line_pair *l = &p->v[i];
		size_t len;
		bool cr, ended;
		const char *raw = raw_line(p->src, l->line, &len, &cr, &ended);
		if (!l->changed) {
			hunk_line(' ', raw, len, false);
			continue;
		}
		if (l->line == 1 && p->bom) {	/* the file's bytes: the source holds its text without */
			fputs("-\xef\xbb\xbf", stdout);
			hunk_line_rest(raw, len + cr, !ended);
		} else {
			hunk_line('-', raw, len + cr, !ended);
		}
		if (l->canonical)
			hunk_line('+', l->canonical, strlen(l->canonical), false);
	}
}

enum { CONTEXT = 3 };

/* The last changed pair of the hunk that begins at the changed pair i:
 * changes closer than twice the context share a hunk. */
static int hunk_last_change(const struct pairs *p, int i)
{
	int last = i;
	for (int k = i + 1; k < p->n && k <= last + 2 * CONTEXT; k++)
		if (p->v[k].changed)
			last = k;
	return last;
}

/* What --write would change, as a unified diff; returns whether anything. */
static bool print_diff(const char *path, const struct pairs *p)
{
	if (!p->n && p->bom) {	/* a file of a byte order mark alone */
		printf("--- %s\n+++ %s (canonical)\n@@ -1 +0,0 @@\n-\xef\xbb\xbf\n\\ No newline at end of file\n", path, path);
		return true;
	}
	bool any = false;
	int new_before = 0;	/* fmt's lines before pair i */
	for (int i = 0; i < p->n; i++) {
		if (!p->v[i].changed) {
			new_before += p->v[i].canonical != NULL;
			continue;
		}
		if (!any)
			printf("--- %s\n+++ %s (canonical)\n", path, path);
		any = true;
		int last = hunk_last_change(p, i);
		int from = i - CONTEXT < 0 ? 0 : i - CONTEXT;
		int upto = last + CONTEXT + 1 > p->n ? p->n : last + CONTEXT + 1;
		int new_from = new_before + 1 - (i - from);	/* the context before is unchanged: one line each */
		print_hunk(p, from, upto, p->v[from].line, new_from);
		for (; i < upto; i++)
			new_before += p->v[i].canonical != NULL;
		i--;
	}
	return any;
}

/* Formats one file as mode asks; returns its exit status. */
static int fmt_one(const char *path, enum fmt_mode mode, const char *root)
{
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, root, &d);
	int status = EXIT_CLEAN;
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		if (b)
			fprintf(stderr, "umpire fmt: '%s' has errors; not formatted\n", path);
		status = b ? EXIT_FINDINGS : EXIT_USAGE;
	} else if (mode == FMT_CHECK || mode == FMT_DIFF) {
		struct pairs p = {.src = &b->src.v[0], .bom = starts_with_bom(path)};
		fmt_each_line(b, 0, add_pair, &p);
		bool changes = mode == FMT_CHECK ? list_changes(path, &p) > 0 : print_diff(path, &p);
		status = changes ? EXIT_FINDINGS : EXIT_CLEAN;
		pairs_release(&p);
	} else {
		struct buf out;
		/* the canonical text of a file within the input limit, with room:
		 * never cut, for --write would then replace the file by a piece */
		buf_init(&out, (size_t)SOURCES_MAX_BYTES * 2);
		fmt_battle(b, 0, &out);
		if (out.full) {
			msg_error("the canonical form of '%s' passes %d MiB; not formatted", path,
				  SOURCES_MAX_BYTES * 2 >> 20);
			status = EXIT_USAGE;
		} else if (mode == FMT_PRINT)
			fwrite(out.text, 1, out.len, stdout);
		else if (!same_bytes(b, &out) && write_atomically(path, out.text, out.len) < 0)
			status = EXIT_USAGE;
		buf_release(&out);
	}
	battle_free(b);
	diags_release(&d);
	return status;
}

/* The mode an option letter asks for, once: false after a message when
 * another was given. */
static bool take_mode(enum fmt_mode *mode, int c)
{
	enum fmt_mode want = c == 'w' ? FMT_WRITE : c == 'c' ? FMT_CHECK : FMT_DIFF;
	if (*mode != FMT_PRINT && *mode != want) {
		msg_usage("fmt", "--write, --check and --diff exclude each other");
		return false;
	}
	*mode = want;
	return true;
}

int cmd_fmt(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"write", no_argument, NULL, 'w'},
		{"check", no_argument, NULL, 'c'},
		{"diff", no_argument, NULL, 'd'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	enum fmt_mode mode = FMT_PRINT;
	const char *root = NULL;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire fmt";	/* getopt names the command in its messages */
	while ((c = getopt_long(argc, argv, "wcdh", longopts, NULL)) != -1) {
		switch (c) {
		case 'I':
			root = optarg;
			break;
		case 'w':
		case 'c':
		case 'd':
			if (!take_mode(&mode, c))
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_fmt_usage, stdout);
			return EXIT_CLEAN;
		default:	/* getopt has said what is wrong */
			msg_try("fmt");
			return EXIT_USAGE;
		}
	}
	if (optind >= argc || (mode == FMT_PRINT && argc - optind > 1)) {
		msg_usage("fmt", optind >= argc ? "no file to format"
						: "several files take --write, --check or --diff");
		return EXIT_USAGE;
	}
	int status = EXIT_CLEAN;
	for (int i = optind; i < argc; i++) {
		int rc = fmt_one(argv[i], mode, root);
		if (rc > status)
			status = rc;
	}
	return status;
}
