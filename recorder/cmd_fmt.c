/* umpire fmt: print a battle log in canonical form, or rewrite it in place. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../grammar/fmt.h"
#include "../grammar/parse.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"

const char cmd_fmt_usage[] =
	"usage: umpire fmt [--write | --check] FILE\n"
	"\n"
	"Print FILE in canonical form: lower-case keywords, canonical words for\n"
	"aliases, ids as declared, one space between items, LF line ends.  Include\n"
	"lines are kept; only FILE itself is formatted.  Comments are kept.\n"
	"\n"
	"options:\n"
	"  -w, --write   rewrite FILE in place (safely: a temporary file, fsync,\n"
	"                rename); a file with errors is refused and left untouched\n"
	"  -c, --check   print nothing; exit 1 if FILE is not in canonical form\n"
	"  -h, --help    show this help\n"
	"\n"
	"exit status: 0 done, 1 FILE has errors (or is not canonical with --check),\n"
	"2 usage error or unreadable file.\n";

/* Writes text to path through a temporary file in the same directory,
 * keeping path's mode; fsyncs the file and the directory. */
static int write_atomically(const char *path, const char *text, size_t len)
{
	struct stat st;
	if (stat(path, &st) < 0) {
		msg_error("cannot stat '%s': %s", path, strerror(errno));
		return -1;
	}
	size_t n = strlen(path);
	char *tmp = xmalloc(n + 16);
	snprintf(tmp, n + 16, "%s.fmt-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		msg_error("cannot create a temporary file beside '%s': %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	int rc = 0;
	size_t done = 0;
	while (rc == 0 && done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno != EINTR)
			rc = -1;
		else if (w > 0)
			done += (size_t)w;
	}
	if (rc == 0 && (fchmod(fd, st.st_mode & 07777) < 0 || fsync(fd) < 0))
		rc = -1;
	if (close(fd) < 0)
		rc = -1;
	if (rc == 0 && rename(tmp, path) < 0)
		rc = -1;
	if (rc < 0) {
		msg_error("cannot rewrite '%s': %s", path, strerror(errno));
		unlink(tmp);
	} else {
		char *dir_copy = xstrdup(path);
		int dfd = open(dirname(dir_copy), O_RDONLY);
		if (dfd >= 0) {
			fsync(dfd);	/* makes the rename durable */
			close(dfd);
		}
		free(dir_copy);
	}
	free(tmp);
	return rc;
}

/* Whether the file's bytes are already the canonical text. */
static bool same_bytes(const struct battle *b, const struct buf *text)
{
	FILE *f = fopen(b->src.v[0].path, "rb");
	if (!f)
		return false;
	bool same = true;
	size_t i = 0;
	int c;
	while (same && (c = getc(f)) != EOF)
		same = i < text->len && text->text[i++] == (char)c;
	fclose(f);
	return same && i == text->len;
}

int cmd_fmt(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"write", no_argument, NULL, 'w'},
		{"check", no_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool write = false, check = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+wch", longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			write = true;
			break;
		case 'c':
			check = true;
			break;
		case 'h':
			fputs(cmd_fmt_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_usage("fmt", "unknown option");
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
	struct battle *b = load_battle(path, &d);
	int errors, warnings, status = EXIT_CLEAN;
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d, NULL, &errors, &warnings);
		if (b)
			fprintf(stderr, "umpire fmt: '%s' has errors; not formatted\n", path);
		status = b ? EXIT_FINDINGS : EXIT_USAGE;
	} else {
		struct buf out;
		buf_init(&out, 0);
		fmt_battle(b, 0, &out);
		if (check)
			status = same_bytes(b, &out) ? EXIT_CLEAN : EXIT_FINDINGS;
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
