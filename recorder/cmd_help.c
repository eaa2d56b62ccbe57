/* umpire help: help for a command, or the notation card for the table. */
#include <stdio.h>
#include <string.h>

#include "../audit/ruleset.h"
#include "../grammar/vocab.h"
#include "cmd.h"
#include "msg.h"

const char cmd_help_usage[] =
	"usage: umpire help [COMMAND | notation [RULES] | words [RULES|all]]\n"
	"\n"
	"Show the help of COMMAND; with 'notation' a one-page card of the battle\n"
	"notation to print and keep at the table; with 'words' every word of the\n"
	"ruleset's vocabulary with its aliases and sources (Markdown).  RULES names\n"
	"the ruleset (as a battle's rules=); without it, the default ruleset, the\n"
	"one a battle without rules= is audited under; 'words all' prints every\n"
	"ruleset's, one after another (docs/notation.md ends with them).\n";

/* The ruleset named by argv[2], or the default; NULL after a usage message. */
static const struct ruleset *named_ruleset(int argc, char **argv)
{
	if (argc < 3)
		return ruleset_at(0);
	const struct ruleset *rs = ruleset_find(argv[2]);
	if (!rs) {
		char names[256] = "";
		for (size_t i = 0; ruleset_at(i); i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
				 ruleset_at(i)->name);
		msg_usage("help", "no ruleset '%s' (known: %s)", argv[2], names);
	}
	return rs;
}

int cmd_help(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		printf("usage: umpire COMMAND [ARGS]\n\ncommands:\n");
		for (int i = 0; i < n_commands; i++)
			printf("  %-8s %s\n", commands[i].name, commands[i].summary);
		printf("\n'umpire help COMMAND' shows a command's help; 'umpire help notation'\n"
		       "prints the notation card, 'umpire help words' every word and alias.\n");
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "words") == 0 && argc > 2 && strcmp(argv[2], "all") == 0) {
		struct buf out;
		buf_init(&out, 0);
		vocab_markdown_all(&out);
		fputs(out.text, stdout);
		buf_release(&out);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "notation") == 0 || strcmp(argv[1], "words") == 0) {
		const struct ruleset *rs = named_ruleset(argc, argv);
		if (!rs)
			return EXIT_USAGE;
		if (argv[1][0] == 'n') {
			fputs(rs->card ? rs->card : "this ruleset has no notation card\n", stdout);
			return EXIT_CLEAN;
		}
		struct buf out;
		buf_init(&out, 0);
		vocab_markdown(rs->vocab, &out);
		fputs(out.text, stdout);
		buf_release(&out);
		return EXIT_CLEAN;
	}
	for (int i = 0; i < n_commands; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			fputs(commands[i].usage, stdout);
			return EXIT_CLEAN;
		}
	msg_usage("help", "no command '%s'", argv[1]);
	return EXIT_USAGE;
}
