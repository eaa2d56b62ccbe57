/* cmd: the subcommands of umpire, one file each, dispatched by main.c.
 * Each returns the process exit status (enum exit_status). */
#ifndef UMPIRE_CMD_H
#define UMPIRE_CMD_H

enum exit_status {
	EXIT_CLEAN = 0,		/* no errors (warnings allowed) */
	EXIT_FINDINGS = 1,	/* the input has errors */
	EXIT_USAGE = 2,		/* bad command line, or a file that cannot be read */
};

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	const char *usage;	/* full help text */
};

int cmd_check(int argc, char **argv);
int cmd_fmt(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_state(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_site(int argc, char **argv);
int cmd_record(int argc, char **argv);

extern const char cmd_check_usage[];
extern const char cmd_fmt_usage[];
extern const char cmd_help_usage[];
extern const char cmd_audit_usage[];
extern const char cmd_explain_usage[];
extern const char cmd_state_usage[];
extern const char cmd_diff_usage[];
extern const char cmd_db_usage[];
extern const char cmd_report_usage[];
extern const char cmd_site_usage[];
extern const char cmd_record_usage[];

/* The command table (commands.c; main and help read it). */
extern const struct command commands[];
extern const int n_commands;

#endif
