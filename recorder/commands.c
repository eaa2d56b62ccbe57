/* commands: the table of umpire's subcommands (git's commands[]). */
#include "cmd.h"

const struct command commands[] = {
	{"check", cmd_check, "parse battle logs and report every error", cmd_check_usage},
	{"fmt", cmd_fmt, "print a battle log in canonical form", cmd_fmt_usage},
	{"audit", cmd_audit, "re-derive every event and report wrong claims", cmd_audit_usage},
	{"explain", cmd_explain, "show one event's derivation step by step", cmd_explain_usage},
	{"diff", cmd_diff, "compare two versions of a log: what each claims and derives", cmd_diff_usage},
	{"state", cmd_state, "every unit's and leader's state after a line, and why", cmd_state_usage},
	{"record", cmd_record, "record a battle as it is played, each line audited at once", cmd_record_usage},
	{"db", cmd_db, "store battles in the archive and take them out again", cmd_db_usage},
	{"report", cmd_report, "a battle's reports: casualties, luck, plots, after-action...", cmd_report_usage},
	{"site", cmd_site, "a static website of the archive: campaigns, battles, reports", cmd_site_usage},
	{"help", cmd_help, "show a command's help, or the notation card", cmd_help_usage},
};
const int n_commands = sizeof commands / sizeof commands[0];
