/* umpire audit: re-derive every event and report the findings. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "../audit/audit.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"

const char cmd_audit_usage[] =
	"usage: umpire audit [--notes] [--no-warn CODE]... [--follow=claimed|derived] FILE\n"
	"\n"
	"Re-derive every maneuver check, fire combat and charge combat of FILE from\n"
	"the dice, the order of battle and the tracked state of every unit, and\n"
	"report each claim that does not match, as\n"
	"  FILE:LINE:COL: SEVERITY CODE: MESSAGE\n"
	"with a caret under the claimed token and the rule it comes from; then a\n"
	"summary per turn and side.\n"
	"\n"
	"options:\n"
	"  --notes             also show notes (facts taken on trust, events not\n"
	"                      audited yet, where the state follows a claim)\n"
	"  --no-warn CODE      do not show warnings with this code (repeatable)\n"
	"  --follow=claimed    the state follows the game as played (default)\n"
	"  --follow=derived    the state follows the derived outcomes instead\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 no errors, or only errors a ruling settles; 1 errors;\n"
	"2 usage error, unreadable file, or a log that does not parse.\n";

struct tally {
	int turn;
	const char *side;
	int events, errors, warnings;
};

/* Counts audited events and findings per turn and phasing side. */
static int tally(const struct battle *b, const struct findings *f, struct tally *t, int max)
{
	int n = 0, turn = 0;
	const char *side = NULL;
	for (int i = 0; i < b->n_stmts; i++) {
		const struct stmt *s = &b->stmts[i];
		if (s->kind == ST_TURN) {
			turn = s->u.turn.number;
			side = s->u.turn.side;
			if (n < max)
				t[n++] = (struct tally){turn, side, 0, 0, 0};
		} else if (s->kind == ST_EVENT && n > 0 && s->u.event.def->shape != SHAPE_STATE) {
			t[n - 1].events++;
		}
		for (int j = 0; j < f->n && n > 0; j++) {
			if (f->v[j].stmt != i || f->v[j].overruled)
				continue;
			if (f->v[j].severity == DIAG_ERROR)
				t[n - 1].errors++;
			else if (f->v[j].severity == DIAG_WARNING)
				t[n - 1].warnings++;
		}
	}
	return n;
}

static void print_summary(const struct battle *b, const struct findings *f)
{
	struct tally t[512];
	int n = tally(b, f, t, 512);
	printf("summary:\n");
	for (int i = 0; i < n; i++)
		printf("  turn %-3d %-6s %3d events  %3d errors  %3d warnings\n", t[i].turn,
		       t[i].side ? t[i].side : "-", t[i].events, t[i].errors, t[i].warnings);
}

int cmd_audit(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"notes", no_argument, NULL, 'n'},
		{"no-warn", required_argument, NULL, 'W'},
		{"follow", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	bool notes = false;
	bool silenced[FINDING_N_CODES] = {0};
	struct audit_opts opts = {FOLLOW_CLAIMED};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			notes = true;
			break;
		case 'W': {
			int code = finding_code_lookup(optarg);
			if (code < 0) {
				msg_usage("audit", "unknown finding code '%s' (see docs/rules.md)", optarg);
				return EXIT_USAGE;
			}
			silenced[code] = true;
			break;
		}
		case 'f':
			if (strcmp(optarg, "claimed") && strcmp(optarg, "derived")) {
				msg_usage("audit", "--follow takes claimed or derived, not '%s'", optarg);
				return EXIT_USAGE;
			}
			opts.follow = optarg[0] == 'd' ? FOLLOW_DERIVED : FOLLOW_CLAIMED;
			break;
		case 'h':
			fputs(cmd_audit_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_usage("audit", "unknown option");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_usage("audit", optind >= argc ? "no file to audit" : "one file at a time");
		return EXIT_USAGE;
	}
	const char *path = argv[optind];
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, &d);
	int errors, warnings;
	if (!b || d.n_errors) {
		load_print_diags(stdout, b, &d, NULL, &errors, &warnings);
		if (b)
			printf("%s: does not parse; fix it (umpire check) before the audit\n", path);
		battle_free(b);
		diags_release(&d);
		return EXIT_USAGE;
	}
	struct findings f;
	findings_init(&f);
	audit_battle(b, &opts, &f);
	struct buf out;
	buf_init(&out, 0);
	int open_errors = 0, shown = 0;
	for (int i = 0; i < f.n; i++) {
		const struct finding *x = &f.v[i];
		if (x->severity == DIAG_ERROR && !x->overruled)
			open_errors++;
		if ((x->severity == DIAG_NOTE && !notes) ||
		    (x->severity == DIAG_WARNING && silenced[x->code]))
			continue;
		buf_clear(&out);
		finding_render(x, &b->src, &out);
		fputs(out.text, stdout);
		shown++;
	}
	buf_release(&out);
	print_summary(b, &f);
	printf("%s: %d finding%s shown, %d unsettled error%s\n", path, shown, shown == 1 ? "" : "s",
	       open_errors, open_errors == 1 ? "" : "s");
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	return open_errors ? EXIT_FINDINGS : EXIT_CLEAN;
}
