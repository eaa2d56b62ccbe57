/* umpire: the command line.  argv[1] picks a command from the table; only
 * this layer prints, and it maps outcomes to exit statuses. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "load.h"
#include "msg.h"

static int usage(FILE *f)
{
	fprintf(f, "usage: umpire [--version] [--help] COMMAND [ARGS]\n\n"
		   "umpire audits tabletop wargame battle logs.\n\ncommands:\n");
	for (int i = 0; i < n_commands; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'umpire help COMMAND' for a command's options;\n"
		   "'umpire help notation' for the notation card;\n"
		   "'umpire help words' for every word of the ruleset's vocabulary.\n");
	return f == stdout ? EXIT_CLEAN : EXIT_USAGE;
}

/* Flushes stdout and reports a failed write (a full disk, a closed pipe). */
static int finish(int status)
{
	load_cleanup();
	if (!msg_flush_stdout())	/* said once, by whoever found it first */
		return EXIT_USAGE;
	errno = 0;
	if (fclose(stdout) != 0) {
		msg_error("cannot write the output: %s", errno ? strerror(errno) : "write error");
		return EXIT_USAGE;
	}
	return status;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage(stderr);
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)
		return finish(usage(stdout));
	if (strcmp(name, "--version") == 0) {
		printf("umpire %s (PCRE2 %s)\n", UMPIRE_VERSION, load_jit() ? "with JIT" : "without JIT");
		return finish(EXIT_CLEAN);
	}
	for (int i = 0; i < n_commands; i++)
		if (strcmp(name, commands[i].name) == 0)
			return finish(commands[i].run(argc - 1, argv + 1));
	fprintf(stderr, "umpire: '%s' is not a command; see 'umpire --help'\n", name);
	return EXIT_USAGE;
}
