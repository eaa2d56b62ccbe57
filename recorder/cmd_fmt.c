/* umpire fmt: print a battle log in canonical form, or rewrite it in place. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../grammar/fmt.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "durable.h"
#include "load.h"
#include "msg.h"

const char cmd_fmt_usage[] =
	"usage: umpire fmt [--write | --check] [--include-root DIR] FILE\n"
	"\n"
	"Print FILE in canonical form: lower-case keywords, canonical words for\n"
	"aliases, ids as declared, one space between items, LF line ends.  Include\n"
	"lines are kept; only FILE itself is formatted.  Comments are kept.\n"
	"\n"
	"options:\n"
	"  -w, --write   rewrite FILE in place (safely: a temporary file, fsync,\n"
	"                rename); a file with errors is refused and left untouched\n"
	"  -c, --check   exit 1 if FILE is not in canonical form, naming its first\n"
	"                line that is not and what fmt writes there\n"
	"  --include-root DIR  includes may also lie in DIR and below, besides the\n"
	"                battle file's own folder (a path is still relative to\n"
	"                the file that includes it)\n"
	"  -h, --help    show this help\n"
	"\n"
	"exit status: 0 done, 1 FILE has errors (or is not canonical with --check),\n"
	"2 usage error or unreadable file.\n";

/* Writes text to the file path names, whole or not at all (durable.h). */
static int write_atomically(const char *path, const char *text, size_t len)
{
	char why[1024];
	if (durable_replace(path, "fmt", text, len, why, sizeof why) == 0)
		return 0;
	msg_error("%s", why);
	return -1;
}

/* The first line where the file's bytes leave the canonical text, or 0
 * when they are the same; *at is where that line starts in text. */
static int first_difference(const struct battle *b, const struct buf *text, size_t *at)
{
	FILE *f = fopen(b->src.v[0].path, "rb");
	*at = 0;
	if (!f)
		return 1;
	size_t i = 0;
	int c, line = 1;
	while ((c = getc(f)) != EOF && i < text->len && text->text[i] == (char)c)
		if (text->text[i++] == '\n') {
			line++;
			*at = i;
		}
	bool same = c == EOF && i == text->len;
	fclose(f);
	return same ? 0 : line;
}

static bool same_bytes(const struct battle *b, const struct buf *text)
{
	size_t at;
	return first_difference(b, text, &at) == 0;
}

int cmd_fmt(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"write", no_argument, NULL, 'w'},
		{"check", no_argument, NULL, 'c'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool write = false, check = false;
	const char *root = NULL;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire fmt";	/* getopt names the command in its messages */
	while ((c = getopt_long(argc, argv, "wch", longopts, NULL)) != -1) {
		switch (c) {
		case 'I':
			root = optarg;
			break;
		case 'w':
			write = true;
			break;
		case 'c':
			check = true;
			break;
		case 'h':
			fputs(cmd_fmt_usage, stdout);
			return EXIT_CLEAN;
		default:	/* getopt has said what is wrong */
			msg_try("fmt");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1 || (write && check)) {
		msg_usage("fmt", optind >= argc ? "no file to format"
				 : write && check ? "--write and --check exclude each other"
						  : "one file at a time");
		return EXIT_USAGE;
	}
	const char *path = argv[optind];
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, root, &d);
	int status = EXIT_CLEAN;
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		if (b)
			fprintf(stderr, "umpire fmt: '%s' has errors; not formatted\n", path);
		status = b ? EXIT_FINDINGS : EXIT_USAGE;
	} else {
		struct buf out;
		/* the canonical text of a file within the input limit, with room:
		 * never cut, for --write would then replace the file by a piece */
		buf_init(&out, (size_t)SOURCES_MAX_BYTES * 2);
		fmt_battle(b, 0, &out);
		size_t at;
		int line = check && !out.full ? first_difference(b, &out, &at) : 0;
		if (out.full) {
			msg_error("the canonical form of '%s' passes %d MiB; not formatted", path,
				  SOURCES_MAX_BYTES * 2 >> 20);
			status = EXIT_USAGE;
		} else if (check) {
			if (line) {	/* the first line to change, and what it becomes */
				printf("%s:%d: not in canonical form; `umpire fmt` writes it as:\n  %.*s\n", path,
				       line, (int)strcspn(out.text + at, "\n"), out.text + at);
				status = EXIT_FINDINGS;
			}
		}
		else if (!write)
			fwrite(out.text, 1, out.len, stdout);
		else if (!same_bytes(b, &out) && write_atomically(path, out.text, out.len) < 0)
			status = EXIT_USAGE;
		buf_release(&out);
	}
	battle_free(b);
	diags_release(&d);
	return status;
}
