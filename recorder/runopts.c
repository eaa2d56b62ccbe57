/* runopts: --follow and --option, shared by audit and explain. */
#include "runopts.h"

#include <string.h>

#include "../audit/ruleset.h"
#include "msg.h"

int runopts_take(struct runopts *r, const char *cmd, int c, const char *arg)
{
	if (c == 'I') {
		r->include_root = arg;
		return 0;
	}
	if (c == 'f') {
		if (strcmp(arg, "claimed") != 0 && strcmp(arg, "derived") != 0) {
			msg_usage(cmd, "--follow takes claimed or derived, not '%s'", arg);
			return -1;
		}
		r->follow = arg[0] == 'd' ? FOLLOW_DERIVED : FOLLOW_CLAIMED;
		return 0;
	}
	if (!strchr(arg, '=')) {	/* "--option FILE": the setting left out */
		msg_usage(cmd, "--option takes NAME=VALUE, not '%s'", arg);
		return -1;
	}
	if (r->n_options == AUDIT_MAX_OPTIONS) {
		msg_usage(cmd, "more than %d --option", AUDIT_MAX_OPTIONS);
		return -1;
	}
	r->options[r->n_options++] = arg;
	return 0;
}

bool runopts_check(const struct runopts *r, const char *cmd, const struct battle *b)
{
	const struct vocab *v = b->vocab ? b->vocab : ruleset_default();
	char why[256];
	for (int i = 0; i < r->n_options; i++)
		if (!audit_check_option(v, r->options[i], why, sizeof why)) {
			msg_usage(cmd, "--option %s: %s", r->options[i], why);
			return false;
		}
	return true;
}

struct audit_opts runopts_audit(const struct runopts *r, struct records *records)
{
	return (struct audit_opts){.follow = r->follow, .records = records, .options = r->options,
				   .n_options = r->n_options, .defaults = r->defaults, .n_defaults = r->n_defaults};
}

int runopts_split(char *text, const char **out, int max)
{
	int n = 0;
	char *save = NULL;
	for (char *tok = strtok_r(text, " ", &save); tok && n < max; tok = strtok_r(NULL, " ", &save))
		out[n++] = tok;
	return n;
}

bool runopts_take_filter(struct filter *f, const char *cmd, int c, const char *arg)
{
	char why[256] = "";
	bool ok = true;
	if (c == 't')
		ok = filter_turns(f, arg, why, sizeof why);
	else if (c == 'e')
		ok = filter_severity(f, arg, why, sizeof why);
	else if (c == 's')
		f->side = arg;
	else
		f->unit = arg;
	if (!ok)
		msg_usage(cmd, "%s", why);
	return ok;
}
