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

/* Makes a rename in the directory of path durable. */
static int sync_dir(const char *path)
{
	char *copy = xstrdup(path);
	int dfd = open(dirname(copy), O_RDONLY);
	int rc = dfd >= 0 && fsync(dfd) == 0 ? 0 : -1;
	if (dfd >= 0)
		close(dfd);
	if (rc < 0)
		msg_error("'%s' was rewritten, but its directory could not be synced: %s", path,
			  strerror(errno));
	free(copy);
	return rc;
}

/* Whether path may be replaced by a new file: it must be writable by us, a
 * regular file and its only name (a rename would split a hard link). */
static int replaceable(const char *path, const struct stat *st)
{
	if ((st->st_mode & 0222) == 0) {
		msg_error("'%s' is read-only; not rewritten", path);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		msg_error("'%s' is not a regular file; not rewritten", path);
		return -1;
	}
	if (access(path, W_OK) < 0) {
		msg_error("'%s' is not writable; not rewritten", path);
		return -1;
	}
	if (st->st_nlink > 1) {
		msg_error("'%s' has %lu hard links; not rewritten (print with umpire fmt instead)", path,
			  (unsigned long)st->st_nlink);
		return -1;
	}
	return 0;
}

/* Writes all of text to fd; 0 or -1. */
static int write_all(int fd, const char *text, size_t len)
{
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno != EINTR)
			return -1;
		if (w > 0)
			done += (size_t)w;
	}
	return 0;
}

/* Writes text to the file path names (through a symlink, its target) by a
 * temporary file in the same directory, keeping mode and, where allowed,
 * owner; fsyncs the file, renames, fsyncs the directory. */
static int write_atomically(const char *path, const char *text, size_t len)
{
	char *real = realpath(path, NULL);
	struct stat st;
	if (!real || stat(real, &st) < 0) {
		msg_error("cannot rewrite '%s': %s", path, strerror(errno));
		free(real);
		return -1;
	}
	int rc = replaceable(path, &st);
	size_t n = strlen(real);
	char *tmp = xmalloc(n + 16);
	snprintf(tmp, n + 16, "%s.fmt-XXXXXX", real);
	int fd = rc < 0 ? -1 : mkstemp(tmp);
	if (rc == 0 && fd < 0) {
		msg_error("cannot create a temporary file beside '%s': %s", path, strerror(errno));
		rc = -1;
	}
	if (fd >= 0) {
		if (write_all(fd, text, len) < 0 || fchmod(fd, st.st_mode & 07777) < 0 || fsync(fd) < 0)
			rc = -1;
		if (fchown(fd, st.st_uid, st.st_gid) < 0 && errno != EPERM)
			rc = -1;
		if (close(fd) < 0)
			rc = -1;
		if (rc == 0 && rename(tmp, real) < 0)
			rc = -1;
		if (rc < 0) {
			msg_error("cannot rewrite '%s': %s", path, strerror(errno));
			unlink(tmp);
		} else {
			rc = sync_dir(real);
		}
	}
	free(tmp);
	free(real);
	return rc;
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
