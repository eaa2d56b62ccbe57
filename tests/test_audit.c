/* test_audit: the audit driver and the maneuver-check findings on logs with
 * deliberate mistakes as players make them.  Each case is a log body after
 * tu_prelude and the findings it must give, as code:severity@line:col with
 * notes included.  tu_prelude: lee (gallant) commands 5inf and 8inf (US
 * veteran spirited, 8 and 9 stands, line) and bty (elite battery,
 * limbered); art (able) commands 2lt (MEX trained spirited, 10 stands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "../audit/audit.h"
#include "../audit/rff/rff_vocab.h"
#include "../grammar/buf.h"

/* "code:sev@line:col, ..." of every finding of the audit of text. */
/* The findings of an audit under a campaign's options (defaults, under the
 * battle's own) and a run's (over them). */
static const char *audit_list_with(const char *text, enum audit_follow follow, const char *defaults,
				   const char *run)
{
	static char out[2048];
	struct diags d;
	struct battle *b = tu_parse(text, &d);
	if (d.n_errors)
		fail_msg("does not parse: %s\n%s", tu_diag_list(&d), text);
	struct findings f;
	findings_init(&f);
	const char *const dflt[] = {defaults}, *const runs[] = {run};
	struct audit_opts opts = {.follow = follow, .records = NULL, .defaults = dflt, .n_defaults = defaults != NULL,
				  .options = runs, .n_options = run != NULL};
	assert_int_equal(audit_battle(b, &opts, &f), 0);
	out[0] = '\0';
	for (int i = 0; i < f.n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s:%s%s@%d:%d", i ? ", " : "",
			 finding_code_name(f.v[i].code), diag_severity_name(f.v[i].severity),
			 f.v[i].overruled ? "(overruled)" : "", f.v[i].at.line, f.v[i].at.col);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	return out;
}

static const char *audit_list(const char *text, enum audit_follow follow)
{
	return audit_list_with(text, follow, NULL, NULL);
}

/* The log a case audits, in text (initialised here): body after
 * tu_prelude, or body alone when it is a whole log (its battle line first). */
static void log_of(struct buf *text, const char *body)
{
	buf_init(text, 0);
	if (strncmp(body, "battle ", 7) != 0)
		buf_puts(text, tu_prelude);
	buf_puts(text, body);
}

static const char *audit_body(const char *body, enum audit_follow follow)
{
	struct buf text;
	log_of(&text, body);
	static char out[2048];
	snprintf(out, sizeof out, "%s", audit_list(text.text, follow));
	buf_release(&text);
	return out;
}

/* The state fields the last record of the log (tu_prelude, then body)
 * gives for the unit ('U') or leader ('L') id, as "key=value ..."; values
 * as JSON writes them (true, false, null). */
static const char *fields_after(const char *body, enum audit_follow follow, char kind, const char *id)
{
	static char out[1024];
	struct buf text;
	log_of(&text, body);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	if (d.n_errors)
		fail_msg("does not parse: %s\n%s", tu_diag_list(&d), text.text);
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct audit_opts opts = {.follow = follow, .records = &r};
	audit_battle(b, &opts, &f);
	snprintf(out, sizeof out, "(not in the last record)");
	const struct rec_state *st = r.n ? record_find_state(&r.v[r.n - 1], kind, id) : NULL;
	for (int i = 0; st && i < st->fields.n; i++) {
		const struct field *x = &st->fields.v[i];
		size_t n = i ? strlen(out) : 0;
		if (x->type == FIELD_INT)
			snprintf(out + n, sizeof out - n, "%s%s=%d", i ? " " : "", x->name, x->num);
		else if (x->type == FIELD_BOOL)
			snprintf(out + n, sizeof out - n, "%s%s=%s", i ? " " : "", x->name, x->num ? "true" : "false");
		else
			snprintf(out + n, sizeof out - n, "%s%s=%s", i ? " " : "", x->name, x->text ? x->text : "null");
	}
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return out;
}

/* tu_prelude with `option SETTING` in its header, then body: a whole log. */
static const char *with_option(const char *setting, const char *body)
{
	static char out[4096];
	const char *rest = strchr(tu_prelude, '\n') + 1;
	snprintf(out, sizeof out, "%.*soption %s\n%s%s", (int)(rest - tu_prelude), tu_prelude, setting, rest, body);
	return out;
}

static const struct {
	const char *what;
	const char *body;
	const char *want;
} mistakes[] = {
	{"a correct check", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n", ""},
	{"veteran claimed at +2, outcome unchanged",
	 "phase maneuver\nmc lee [5]: 5inf +1gallant +2vet +2fresh =10 double-quick\n", "modifier-value:warning@13:28"},
	/* and with the losses claimed right (none on Double Quick, 002:39): still a warning */
	{"veteran claimed at +2, outcome and losses unchanged",
	 "phase maneuver\nmc lee [5]: 5inf +1gallant +2vet +2fresh =10 double-quick loss=0\n", "modifier-value:warning@13:28"},
	{"elite claimed for a veteran unit",
	 "phase maneuver\nmc lee [1]: 5inf +1gallant +2elite +2fresh =6 well-handled\n",
	 "modifier-value:warning@13:28"},
	{"attached leader claimed, none attached",
	 "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh +1attached =10 double-quick\n",
	 "modifier-not-applicable:warning@13:42"},
	/* 002:229, 002:49: a leader back from a flesh wound is not attached (turn 5, two
	 * turns after his absence through turn 3 ended) */
	{"attached leader claimed after his absence",
	 "attach lee 5inf\nphase fire\nfallen lee [7] flesh-wound\nturn 2 MEX\nturn 3 US\nturn 4 MEX\nturn 5 US\n"
	 "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh +1attached =10 double-quick\n",
	 "modifier-not-applicable:warning@20:42"},
	{"experience forgotten", "phase maneuver\nmc lee [1]: 5inf +1gallant +2fresh =4 well-handled\n",
	 "modifier-missing:warning@13:13"},
	{"sum miscounted", "phase maneuver\nmc lee [2]: 5inf +1gallant +1vet +2fresh =7 well-handled\n",
	 "arithmetic:warning@13:42"},
	{"total alone, miscounted", "phase maneuver\nmc lee [2]: 5inf =5 well-handled\n", "wrong-total:warning@13:18"},
	/* a unit beyond every leader's radius makes its own check (000:391 "select a single
	 * unit that is outside of the command radius of all leaders", 000:402): on the leader's
	 * die it is illegal by day; its result is derived as its own check's, -2, no rating:
	 * 5 -2 +1 vet +2 fresh = 6, US Well Handled (002:40) */
	{"out of command in a leader's check",
	 "phase maneuver\nmc lee [5]: 5inf(ooc) -2ooc +1vet +2fresh =6 well-handled; 8inf +1gallant +1vet +2fresh =9 double-quick\n",
	 "illegal-action:error@13:13, on-trust:note@13:18"},
	{"out of command, the leader's rating claimed",
	 "phase maneuver\nmc lee [5]: 5inf(ooc) +1gallant +1vet +2fresh =9 double-quick\n",
	 "illegal-action:error@13:13, modifier-missing:error@13:13, state-diverged:note@13:13, on-trust:note@13:18, "
	 "modifier-not-applicable:error@13:23, wrong-effect:error@13:50"},
	/* codes without values cannot be summed, so the total is weighed against 5+1+1+2 = 9 */
	{"codes alone, total miscounted", "phase maneuver\nmc lee [5]: 5inf gallant vet fresh =10 double-quick\n",
	 "wrong-total:warning@13:36"},
	/* a code the rules do not have is a finding of its event, not a parse error */
	{"a modifier the rules do not have", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh +1vett =10 double-quick\n",
	 "modifier-unknown:warning@13:42, wrong-total:warning@13:49"},
	{"table read in the wrong row", "phase maneuver\nmc lee [2]: 5inf =6 double-quick\n",
	 "state-diverged:note@13:13, wrong-lookup:error@13:21"},
	{"effect alone, wrong", "phase maneuver\nmc lee [2]: 5inf double-quick\n",
	 "state-diverged:note@13:13, wrong-effect:error@13:18"},
	{"out of command and provisional both claimed",
	 "phase maneuver\nmc [2]: 5inf -2ooc -1prov +1vet +2fresh =2 tardy\n",
	 "state-diverged:note@13:9, non-cumulative:error@13:20, wrong-effect:error@13:44"},
	{"an enemy leader", "phase maneuver\nmc art [9]: 5inf +0able -1prov +1vet +2fresh =11 double-quick\n",
	 "illegal-action:error@13:13"},
	{"a battery, limbered", "phase maneuver\nmc lee [3]: bty +1gallant +2elite +2bty +1limbered =9 double-quick\n", ""},
	{"fresh claimed for guns, limbered forgotten",
	 "phase maneuver\nmc lee [3]: bty +1gallant +2elite +2bty +2fresh =10 double-quick\n",
	 "modifier-missing:warning@13:13, modifier-not-applicable:warning@13:41"},
	{"MEX tardy band", "phase maneuver\nmc art [1]: 2lt +0able +2fresh =3 tardy\n", ""},
	{"MEX read in the US column", "phase maneuver\nmc art [1]: 2lt +0able +2fresh =3 well-handled\n",
	 "state-diverged:note@13:13, wrong-lookup:error@13:35"},
	{"MEX disordered: shaken at 5", "disorder 2lt\nphase maneuver\nmc art [3]: 2lt +0able +2fresh =5 shaken\n", ""},
	{"MEX has no Rally with Elan",
	 "disorder 2lt\nphase maneuver\nmc art [9]: 2lt +0able +2fresh =11 rally-with-elan\n",
	 "state-diverged:note@14:13, wrong-lookup:error@14:36"},
	{"outflanked and broken both, panic in the wrong column",
	 "break 5inf\nphase maneuver\nmc lee [1]: 5inf(outflanked) +1gallant +1vet +2fresh -2outflanked -2broken =1 panic loss=2\n",
	 "state-diverged:note@14:13, on-trust:note@14:18, non-cumulative:error@14:67, "
	 "wrong-lookup:error@14:79, wrong-losses:error@14:85"},
	{"disordered and outflanked, correct",
	 "disorder 5inf\nphase maneuver\nmc lee [1]: 5inf(outflanked) +1gallant +1vet +2fresh -2outflanked =3 shaken\n",
	 "on-trust:note@14:18"},
	{"fresh claimed when worn at the threshold",
	 "stands 5inf -3 \"losses\"\nphase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n",
	 "state-diverged:note@14:13, modifier-value:error@14:34, wrong-effect:error@14:45"},
	{"spent at 2 of 8", "stands 5inf -6 \"losses\"\nphase maneuver\nmc lee [5]: 5inf +1gallant +1vet -2spent =5 well-handled\n", ""},
	{"key position, heavy casualties, greater losses",
	 "disorder 5inf\nphase maneuver\nmc lee [1]: 5inf(key-lost,heavy-casualties,greater-losses) +1gallant +1vet +2fresh "
	 "-1key-lost -1heavy-casualties -2greater-losses =1 wavering\n",
	 "on-trust:note@14:18, on-trust:note@14:27, on-trust:note@14:44"},
	{"a fact not in the log, sum wrong, losses invented",
	 "disorder 5inf\nphase maneuver\nmc lee [1]: 5inf(greater-losses) +1gallant +1vet +2fresh -2greater-losses "
	 "-2outflanked =-1 panic loss=2\n",
	 "state-diverged:note@14:13, on-trust:note@14:18, modifier-not-applicable:error@14:75, "
	 "arithmetic:error@14:88, wrong-effect:error@14:92, wrong-losses:error@14:98"},
	{"a removed unit", "remove 5inf\nphase maneuver\nmc lee [5]: 5inf =9 double-quick\n",
	 "inconsistent-state:error@14:13"},
	{"a leader out for the turn", "leader-out lee\nphase maneuver\nmc lee [5]: 5inf =9 double-quick\n",
	 "inconsistent-state:error@14:4"},
	{"linear cover", "phase maneuver\nmc lee [5]: 5inf(cover) +1gallant +1vet +2fresh +1cover =10 double-quick\n",
	 "on-trust:note@13:18"},
	{"column claimed in line", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh +1column =10 double-quick\n",
	 "modifier-not-applicable:warning@13:42"},
	{"march column forgotten",
	 "phase maneuver\nform 5inf march-column\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n",
	 "modifier-missing:warning@14:13"},
	{"a ruling settles its event",
	 "phase maneuver\nmc lee [1]: 5inf +1gallant +1vet +2fresh =4 tardy\n  ruling accept by=ump \"house rule\"\n",
	 "state-diverged:note(overruled)@13:13, arithmetic:error(overruled)@13:42, "
	 "wrong-lookup:error(overruled)@13:45"},
	{"the formation from an action counts next time",
	 "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick form field-column\n"
	 "turn 2 MEX\nturn 3 US\nphase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n",
	 "modifier-missing:warning@17:13"},
	{"provisional under a deputy's replacement",
	 "replace lee art\nphase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n", ""},
	{"night: only attached leaders command",
	 "turn 2 MEX\nturn 3 US night moonlit\nphase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n",
	 "modifier-missing:error@15:13, consequence:note@15:13, state-diverged:note@15:13, "
	 "modifier-not-applicable:error@15:18, wrong-effect:error@15:45"},
	{"night with the leader attached: performed as tardy",
	 "turn 2 MEX\nturn 3 US night moonlit\nattach lee 5inf\nphase maneuver\n"
	 "mc lee [5]: 5inf +1gallant +1attached +1vet +2fresh =10 double-quick\n",
	 "consequence:note@16:13"},
	{"national guard always provisional",
	 "phase maneuver\nmc art [5]: 2lt +0able +2fresh =7 well-handled\n", ""},
	{"a code without its value", "phase maneuver\nmc lee [5]: 5inf gallant vet fresh =9 double-quick\n", ""},
};

static void test_mistakes(void **state)
{
	(void)state;
	int failures = 0, n = sizeof mistakes / sizeof mistakes[0];
	for (int i = 0; i < n; i++) {
		const char *got = audit_body(mistakes[i].body, FOLLOW_CLAIMED);
		if (strcmp(got, mistakes[i].want) != 0) {
			print_error("%s:\n%s  want %s\n  got  %s\n", mistakes[i].what, mistakes[i].body,
				    mistakes[i].want, got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* An artillery commander commands only guns (000:402). */
static void test_artillery_commander(void **state)
{
	(void)state;
	const char *got = audit_list("battle \"A\"\nside US nation=US\n  leader r \"Ringgold\" gallant arty\n"
				     "  unit a \"A\" inf veteran spirited M stands=6 cmd=r\n"
				     "  unit g \"G\" gun elite flcLG stands=2 cmd=r battery\n"
				     "turn 1 US\nphase maneuver\nmc r [5]: a =9 double-quick; g =10 double-quick\n",
				     FOLLOW_CLAIMED);
	assert_string_equal(got, "illegal-action:error@8:11");
}

/* Leaders replaced in a cycle: the audit ends, and the check is provisional. */
static void test_replace_cycle(void **state)
{
	(void)state;
	const char *got = audit_list("battle \"A\"\nside US nation=US\n  leader a \"A\" able\n"
				     "  leader b \"B\" able\n  leader c \"C\" able\n"
				     "  unit u \"U\" inf veteran spirited M stands=6 cmd=c\n"
				     "turn 1 US\nreplace a b\nreplace b a\nreplace a a\nphase maneuver\n"
				     "mc a [5]: u +0able -1prov +1vet +2fresh =7 well-handled\n",
				     FOLLOW_CLAIMED);
	assert_string_equal(got, "");
}

/* The Unit Effectiveness Table stops at 25 stands (000:702): a larger unit
 * is said to go without effectiveness, not silently left without it. */
static void test_large_unit(void **state)
{
	(void)state;
	const char *got = audit_list("battle \"L\"\nside US nation=US\n  leader a \"A\" able\n"
				     "  unit big \"Big\" inf veteran spirited M stands=30 cmd=a\n"
				     "turn 1 US\nphase maneuver\nmc a [5]: big +0able +1vet =6 well-handled\n",
				     FOLLOW_CLAIMED);
	assert_string_equal(got, "not-audited:warning@4:8");
	/* and it is charged to the side of the unit, as its order of battle is that side's */
	static const struct {
		const char *text, *side;
	} sides[] = {
		{"battle \"L\"\nside MEX nation=MEX\n  leader a \"A\" able\n"
		 "  unit big \"Big\" inf trained spirited IM stands=30 cmd=a\nturn 1 MEX\n", "MEX"},
		/* a national guard on the American side (000:716, only Mexican units are): charged to US */
		{"battle \"N\"\nside US nation=US\n  leader a \"A\" able\n"
		 "  unit g \"G\" inf trained spirited M stands=8 cmd=a national-guard\nturn 1 US\n", "US"},
	};
	for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
		struct tu_audited x;
		tu_audit(&x, sides[i].text, NULL);
		assert_int_equal(x.f.n, 1);
		assert_non_null(x.f.v[0].side);
		assert_string_equal(x.f.v[0].side, sides[i].side);
		tu_audited_release(&x);
	}
}

/* Each finding is charged to the side whose claim it is, whoever's turn it
 * is (tu_prelude: turn 1 is the US player's): a fire's to its firer's
 * (Mexican defensive fire, even a fire the rules forbid: 2lt's muskets
 * reach 6", not 30", 002:152-174); a charge's to each side for its own
 * roll; a check's to its unit's; a state event's to its first unit's or
 * leader's, whose side keeps its markers. */
static void test_findings_side(void **state)
{
	(void)state;
	static const struct {
		const char *body, *want;
	} cases[] = {
		{"phase fire\nfire 2lt:10@30 -> 5inf [5]\n", "on-trust:MEX illegal-action:MEX"},
		{"phase fire\nfire 2lt:10@4 -> 5inf [5] =9\n", "on-trust:MEX state-diverged:MEX wrong-total:MEX"},
		{"phase charge\ncharge 8inf -> 2lt [5] +3vet | [4] +5fresh\n",
		 "modifier-missing:US modifier-value:US modifier-value:MEX"},
		{"phase maneuver\nmc art [5]: 2lt +0able =5 well-handled\n", "modifier-missing:MEX"},
		{"phase fire\nremove 2lt\ndisorder 2lt\n", "inconsistent-state:MEX"},
		{"phase fire\nattach art 5inf\n", "illegal-action:MEX"},
		/* and in the Mexican turn, the first unit and the first leader declared (US) */
		{"turn 2 MEX\nphase fire\nremove 5inf\ndisorder 5inf\n", "inconsistent-state:US"},
		{"turn 2 MEX\nphase fire\nattach lee 2lt\n", "illegal-action:US"},
		{"turn 2 MEX\nphase fire\nfire 5inf:8@30 -> 2lt [5]\n", "on-trust:US illegal-action:US"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf text, got;
		log_of(&text, cases[i].body);
		buf_init(&got, 0);
		struct tu_audited x;
		tu_audit(&x, text.text, NULL);
		for (int k = 0; k < x.f.n; k++)
			buf_printf(&got, "%s%s:%s", k ? " " : "", finding_code_name(x.f.v[k].code),
				   x.f.v[k].side ? x.f.v[k].side : "-");
		if (strcmp(got.text, cases[i].want) != 0)
			fail_msg("%s: got %s, want %s", cases[i].body, got.text, cases[i].want);
		tu_audited_release(&x);
		buf_release(&text);
		buf_release(&got);
	}
}

/* Each charge option selects the other reading of the seeds: the same claim
 * is clean under it and a finding under the default (docs/rules.md). */
static const struct {
	const char *option, *units, *turn, *charge, *want_default;
} option_cases[] = {
	/* 002:238 "additional stands equal to the die result difference over 9";
	 * moved (000:335): over 8. +10: 3 stands printed, 4 moved */
	{"swept-losses=moved", "  unit d \"D\" inf trained spirited IM stands=10 cmd=m line\n", "US",
	 "charge a -> d [10] | [1] loss=4 : +10 swept\n", "state-diverged:note@11:13, wrong-losses:error@11:26"},
	/* 002:212 "+1 Cold steel, lancers, or breakthrough" against anyone; the
	 * text (000:546) only against shaken troops or guns */
	{"lancers=qrs", "  unit c \"C\" cav trained reliable none stands=6 cmd=m lancers mounted\n", "MEX",
	 "charge c(ground=open) -> a [5] +0trained +2fresh +2open-ground +1lancers =10 | [5] +1vet +2fresh =8 : +2 hard-pressed\n",
	 "modifier-not-applicable:warning@11:64"},
	/* 000:720 "an additional -1" for national guard; 002:207 one item of the line */
	{"national-guard=additional", "  unit n \"N\" inf raw reliable IM stands=8 cmd=m national-guard open\n", "US",
	 "charge a -> n [5] +1vet +2fresh =8 | [5] -1raw +2fresh -1open -1national-guard =4 : +4 driven-back\n",
	 "state-diverged:note@11:8, state-diverged:note@11:13, non-cumulative:error@11:63, wrong-effect:error@11:88"},
};

/* A campaign's option is the default of its battles: under the battle's
 * own option line, and under a run's --option. */
static void test_option_precedence(void **state)
{
	(void)state;
	char text[1024];
	const char *const frame = "battle \"O\" rules=rff-maw\n%sside US nation=US\n  leader l \"L\" able\n"
				  "  unit a \"A\" inf veteran spirited M stands=8 cmd=l line\nside MEX nation=MEX\n"
				  "  leader m \"M\" able\n%sturn 1 %s\nphase charge\n%s";
	snprintf(text, sizeof text, frame, "# no option of its own\n", option_cases[0].units, option_cases[0].turn,
		 option_cases[0].charge);
	assert_string_equal(audit_list_with(text, FOLLOW_CLAIMED, "swept-losses=moved", NULL), "");
	assert_string_equal(audit_list_with(text, FOLLOW_CLAIMED, "swept-losses=moved", "swept-losses=printed"),
			    option_cases[0].want_default);
	snprintf(text, sizeof text, frame, "option swept-losses=printed\n", option_cases[0].units, option_cases[0].turn,
		 option_cases[0].charge);	/* the battle's own line is over the campaign's */
	assert_string_equal(audit_list_with(text, FOLLOW_CLAIMED, "swept-losses=moved", NULL),
			    option_cases[0].want_default);
	assert_string_equal(audit_list_with(text, FOLLOW_CLAIMED, NULL, "swept-losses=moved"), "");
}

static void test_options(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof option_cases / sizeof option_cases[0]; i++) {
		for (int with = 0; with < 2; with++) {
			char text[1024];
			snprintf(text, sizeof text,
				 "battle \"O\" rules=rff-maw\n%s%s\nside US nation=US\n  leader l \"L\" able\n"
				 "  unit a \"A\" inf veteran spirited M stands=8 cmd=l line\nside MEX nation=MEX\n"
				 "  leader m \"M\" able\n%sturn 1 %s\nphase charge\n%s",
				 with ? "option " : "#", with ? option_cases[i].option : " the default",
				 option_cases[i].units, option_cases[i].turn, option_cases[i].charge);
			const char *got = audit_list(text, FOLLOW_CLAIMED);
			while (strncmp(got, "on-trust:note", 13) == 0)	/* the facts of the charge line */
				got += strcspn(got, ",") + (got[strcspn(got, ",")] ? 2 : 0);
			const char *want = with ? "" : option_cases[i].want_default;
			if (strcmp(got, want) != 0)
				fail_msg("%s %s: got \"%s\", want \"%s\"", with ? "with" : "without",
					 option_cases[i].option, got, want);
		}
	}
}

/* The state follows the claim; --follow=derived follows the derivation. */
static void test_follow(void **state)
{
	(void)state;
	/* claimed panic (wrong): as played 5inf is broken, so the next check reads
	 * the disordered column; derived it stays in good order */
	const char *body = "phase maneuver\nmc lee [1]: 5inf =-3 panic\nturn 2 MEX\nturn 3 US\n"
			   "phase maneuver\nmc lee [4]: 5inf =6 well-handled\n";
	assert_string_equal(audit_body(body, FOLLOW_CLAIMED),
			    "state-diverged:note@13:13, wrong-total:error@13:18, wrong-effect:error@13:22, "
			    "wrong-lookup:error@17:21");
	assert_string_equal(audit_body(body, FOLLOW_DERIVED),
			    "wrong-total:error@13:18, wrong-effect:error@13:22, wrong-total:error@17:18, "
			    "wrong-effect:error@17:21");
}

/* Fire combat: a correct line and the mistakes players make. */
static const struct {
	const char *what;
	const char *body;
	const char *want;
} fire_mistakes[] = {
	/* 002:198 "Mark one gun stand": 3 + 1 1/2, rounded down to 4 (000:320), -1 (002:185) */
	{"the whole battery halved for one low-on-ammunition stand",
	 "phase fire\nunlimber bty\nlow-ammo bty\nfire bty@12 -> 2lt [8] -2fp pts=3 =6 galling-fire\n",
	 "on-trust:note@15:6, state-diverged:note@15:16, modifier-value:error@15:24, wrong-points:error@15:29, wrong-effect:error@15:38"},
	{"a silenced battery fires", "phase fire\nunlimber bty\nsilence bty\nfire bty@12 -> 2lt [8]\n",
	 "on-trust:note@15:6, inconsistent-state:error@15:6"},
	{"8 muskets at 6\" on a trained target: Telling", "phase fire\nfire 5inf:8@6 -> 2lt [9] pts=8 +0fp =9 telling-fire loss=1\n",
	 "on-trust:note@13:6"},
	{"points and their modifier overcounted", "phase fire\nfire 5inf:8@6 -> 2lt [9] pts=9 +1fp =10 telling-fire loss=1\n",
	 "on-trust:note@13:6, wrong-points:warning@13:26, modifier-value:warning@13:32"},
	{"half points at 12\", then Galling on a disordered target",
	 "phase fire\nfire 5inf:8@12 -> 2lt [6] pts=4 -1fp =5 galling-fire\nfire 5inf:8@6 -> 2lt [6] =6 galling-fire loss=1\n",
	 "on-trust:note@13:6, on-trust:note@14:6"},
	{"inferior muskets fire only at 4\"", "phase fire\nfire 2lt:10@8 -> 5inf [5]\n",
	 "on-trust:note@13:6, illegal-action:error@13:6"},
	{"halved once, rounded down at the end",
	 "disorder 5inf\nphase fire\nfire 5inf:7@12 -> 2lt [7] pts=1 =3 desultory-fire\n", "on-trust:note@14:6"},
	{"Lively Fire from musketry does nothing", "phase fire\nfire 2lt:10@4 -> 5inf [4] pts=10 +1fp =5 lively-fire\n",
	 "on-trust:note@13:6"},
	/* 000:562 moonlit: 8"; the 5th alone fires, 8 points, -2 at night (000:566), 7: Telling, 1 stand;
	 * and a fire with no firer in range has no effect (000:320) */
	{"one firer beyond the night's range, the other fires",
	 "turn 2 MEX\nturn 3 US night moonlit\nunlimber bty\nphase fire\n"
	 "fire 5inf@6, bty@12 -> 2lt [9] =5 telling-fire loss=3\nfire 2lt@24 -> 5inf [9] telling-fire loss=1\n",
	 "on-trust:note@16:6, on-trust:note@16:14, illegal-action:error@16:14, state-diverged:note@16:24, "
	 "wrong-total:error@16:32, wrong-lookup:warning@16:35, wrong-losses:error@16:48, on-trust:note@17:6, "
	 "illegal-action:error@17:6, wrong-effect:error@17:25, wrong-losses:error@17:38"},
	{"beyond the night's range", "turn 2 MEX\nturn 3 US night overcast\nphase fire\nfire 5inf@6 -> 2lt [5]\n",
	 "on-trust:note@15:6, illegal-action:error@15:6"},
	{"twilight: the target counts as in full cover",
	 "turn 2 MEX\nturn 3 US twilight 1 evening\nphase fire\nfire 5inf:8@6 -> 2lt [8] pts=8 +0fp =8 telling-fire\n",
	 "on-trust:note@15:6, modifier-missing:error@15:18, state-diverged:note@15:18, wrong-effect:error@15:40"},
	{"a base die of 10 without its fallen-leader roll", "phase fire\nfire 5inf:8@6 -> 2lt [10] =10 telling-fire\n",
	 "on-trust:note@13:6, consequence:note@13:22, missing-roll:warning@13:22"},
	{"a base die of 10 with its roll", "phase fire\nfire 5inf:8@6 -> 2lt [10] =10 telling-fire\nfallen art [3] unscathed\n",
	 "on-trust:note@13:6, consequence:note@13:22"},
	{"Withering on 15: three stands",
	 "phase fire\nfire 5inf:8@4, bty@4 -> 2lt(enfiladed) [10] pts=16 +3fp +2enfiladed =15 withering-fire loss=3\nfallen art [2]\n",
	 "on-trust:note@13:6, on-trust:note@13:16, on-trust:note@13:29, consequence:note@13:40, "
	 "consequence:note@13:40"},
	{"charging Mexican cavalry read in the wrong band",
	 "phase fire\nfire 5inf:8@6 -> lancers(charging) [7] pts=8 +0fp +1bb =8 galling-fire charge-home\n",
	 "on-trust:note@13:6, state-diverged:note@13:18, on-trust:note@13:26, wrong-lookup:error@13:59, "
	 "wrong-outcome:error@13:72"},
	/* the same read right, 7 +0 +1 = 8 in the 002:197 band, Telling (charge-bands=telling)
	 * and the lancers checked (no cold steel), with buck & ball valued +2: with the effect
	 * and the outcome right, the mistakes are warnings */
	{"charging Mexican cavalry, buck & ball overvalued",
	 "phase fire\nfire 5inf:8@6 -> lancers(charging) [7] pts=8 +0fp +2bb =9 telling-fire charge-checked\n",
	 "on-trust:note@13:6, on-trust:note@13:26, modifier-value:warning@13:51"},
	{"a limbered gun target", "turn 2 MEX\nphase fire\nfire 2lt:8@4 -> bty [9] pts=8 +0fp +1limbered =10 telling-fire\n",
	 "on-trust:note@14:6"},
	/* 000:638 an abandoned gun whose crew shelters in a square cannot be targeted */
	{"fire at a sheltered gun", "unlimber bty\nshelter bty 5inf\nturn 2 MEX\nphase fire\nfire 2lt:8@4 -> bty [9]\n",
	 "on-trust:note@16:6, illegal-action:error@16:17"},
	{"a unit fires at its own side", "phase fire\nfire 5inf:8@6 -> bty [9]\n",
	 "on-trust:note@13:6, illegal-action:error@13:18"},
	{"a d20 for the base die", "phase fire\nfire 5inf:8@6 -> 2lt d20[17]\n",
	 "on-trust:note@13:6, illegal-action:error@13:22"},
	{"a massed target", "phase fire\nfire 5inf:8@6 -> 2lt(massed=lancers) [9] =9 telling-fire loss=1\n",
	 "on-trust:note@13:6, consequence:note@13:18, on-trust:note@13:22"},
	{"fire at a removed unit", "remove 2lt\nphase fire\nfire 5inf@6 -> 2lt [5]\n", "inconsistent-state:error@14:16"},
};

static void test_fire_mistakes(void **state)
{
	(void)state;
	int failures = 0, n = sizeof fire_mistakes / sizeof fire_mistakes[0];
	for (int i = 0; i < n; i++) {
		const char *got = audit_body(fire_mistakes[i].body, FOLLOW_CLAIMED);
		if (strcmp(got, fire_mistakes[i].want) != 0) {
			print_error("%s:\n%s  want %s\n  got  %s\n", fire_mistakes[i].what, fire_mistakes[i].body,
				    fire_mistakes[i].want, got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* Charge combat and fallen leaders: correct lines and the mistakes players make. */
static const struct {
	const char *what;
	const char *body;
	const char *want;
} charge_mistakes[] = {
	{"hard pressed read as driven back",
	 "phase charge\ncharge 8inf -> 2lt [5] +1vet +2fresh =8 | [4] +2fresh =6 loss=1 : +2 driven-back\n",
	 "state-diverged:note@13:8, state-diverged:note@13:16, wrong-losses:error@13:58, wrong-lookup:error@13:70"},
	{"a desperate struggle and its reroll",
	 "phase charge\ncharge 8inf -> 2lt [4] +1vet +2fresh =7 loss=1 | [5] +2fresh =7 loss=1 : 0 desperate-struggle\n"
	 "  reroll [6] +1vet +2fresh -1disordered =8 | [3] +2fresh -1disordered =4 loss=1 : +4 driven-back\n", ""},
	{"cold steel kept on the reroll",
	 "phase charge\ncharge 8inf(cold-steel) -> 2lt [4] +1vet +2fresh +1cs =8 loss=1 | [6] +2fresh =8 loss=1 : 0 desperate-struggle\n"
	 "  reroll [6] +1vet +2fresh +1cs -1disordered =9 | [3] +2fresh -1disordered =4 : +5 driven-back\n",
	 "on-trust:note@13:13, modifier-not-applicable:warning@14:28"},
	{"a reroll after anything but a desperate struggle",
	 "phase charge\ncharge 8inf(cold-steel) -> 2lt [5] +1vet +2fresh +1cs =9 | [6] +2fresh =8 : +1 hard-pressed\n"
	 "  reroll [4] | [4] : 0\n", "on-trust:note@13:13, illegal-action:error@14:3"},
	{"recoil", "attach lee 8inf\nphase charge\ncharge 8inf -> 2lt [1] +1vet +2fresh +1attached =5 loss=1 | [10] +2fresh =12 : -7 recoil\n",
	 ""},
	{"repulsed by a fortified defender, the leader's roll logged",
	 "attach lee 8inf\nphase charge\ncharge 8inf -> 2lt(fortified) [1] +1vet +2fresh +1attached =5 loss=3 | [10] +2fresh "
	 "+3fortified =15 : -10 repulsed\nfallen lee [7] flesh-wound\n", "on-trust:note@14:20"},
	{"repulsed with a leader attached, no roll",
	 "attach lee 8inf\nphase charge\ncharge 8inf -> 2lt(fortified) [1] +1vet +2fresh +1attached =5 loss=3 | [10] +2fresh "
	 "+3fortified =15 : -10 repulsed\n", "on-trust:note@14:20, missing-roll:warning@14:107"},
	{"guns swept: sum and losses miscounted",
	 "turn 2 MEX\nphase charge\ncharge 2lt -> bty [9] +0trained +2fresh =11 | [2] +2elite -3limbered -3outnumbered =-4 loss=2 : +15 swept\n",
	 "state-diverged:note@14:15, arithmetic:error@14:84, wrong-losses:error@14:88"},
	/* 000:662 a storming column is not considered outflanked in charge combat */
	{"a storming column stated outflanked",
	 "storming 8inf\nphase charge\ncharge 8inf(outflanked) -> 2lt [5] +1vet +2fresh =8 | [5] +0trained +2fresh =7 : +1 hard-pressed\n",
	 "on-trust:note@14:13"},
	{"a charge on a unit of one's own side", "phase charge\ncharge 8inf -> 5inf [9] | [1]\n",
	 "illegal-action:error@13:16"},
	{"the fallen-leader table misread", "fallen lee [8] shot-dead\n", "wrong-lookup:error@12:16"},
	{"hard pressed on a disordered defender: a stand lost",
	 "disorder 2lt\nphase charge\ncharge 8inf -> 2lt [6] +1vet +2fresh =9 | [5] +2fresh -1disordered =6 loss=1 : +3 hard-pressed\n",
	 ""},
	{"Mexican lancers against formed infantry; cavalry outnumbered by infantry",
	 "phase charge\ncharge lancers(cold-steel,ground=open) -> 8inf [6] +2fresh +1cs +2open-ground -2outnumbered =9 | [4] "
	 "+1vet +2fresh =7 : +2 hard-pressed\n",
	 "on-trust:note@13:16, on-trust:note@13:27, modifier-not-applicable:warning@13:60, modifier-value:warning@13:79"},
};

/* 002:217: cavalry outnumbered by infantry (6 lancers, 9 of the 8th: 3:2) takes 0, and
 * "+0outnumbered" names that item of the line. 5 +0 trained +2 fresh (6 of 6 reliable,
 * 000:683) +2 open ground = 9; 5 +1 vet +2 fresh = 8; +1 Hard Pressed (002:240). */
static void test_cavalry_outnumbered(void **state)
{
	(void)state;
	assert_string_equal(audit_body("turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 8inf [5] +0trained "
				       "+2fresh +2open-ground +0outnumbered =9 | [5] +1vet +2fresh =8 : +1 hard-pressed\n",
				       FOLLOW_CLAIMED),
			    "on-trust:note@14:16");
	/* and "-1outnumbered" for it is a wrong value, which made the claim's Desperate Struggle */
	assert_string_equal(audit_body("turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 8inf [5] +0trained "
				       "+2fresh +2open-ground -1outnumbered =8 | [5] +1vet +2fresh =8 : 0 desperate-struggle\n"
				       "  reroll [5] | [5]\n",
				       FOLLOW_CLAIMED),
			    "state-diverged:note@14:8, on-trust:note@14:16, state-diverged:note@14:32, "
			    "modifier-value:error@14:73, wrong-effect:error@14:117");
}

/* A fire line's claim of the state it leaves: the target's disorder and the
 * gun stands it marks.  8 M stands at 6" are 8 points, +0 (002:156,
 * 002:186); 9 against trained guns is Telling: "1 gun stand silenced and
 * damaged" (002:196).  With 2 of the 8th, 10 points +1 (002:187) and +1
 * for the enfiladed gun (002:186): 11, Withering: "1 gun stand wrecked and
 * remaining stands silenced" (002:195).  Musketry total 4 against trained
 * troops is no Galling: they stay in good order (002:199-201). */
static const char *fire_claim(const char *fire)
{
	static char out[512];
	char text[1024];
	snprintf(text, sizeof text,
		 "battle \"G\" rules=rff-maw\nside US nation=US\n  leader lee \"Lee\" able\n"
		 "  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=lee line\n"
		 "  unit 8inf \"8th\" inf veteran spirited M stands=9 cmd=lee line\nside MEX nation=MEX\n"
		 "  leader art \"Art\" able\n  unit g \"Guns\" gun trained hcMG stands=2 cmd=art unlimbered battery\n"
		 "  unit 2lt \"2nd\" inf trained reliable IM stands=10 cmd=art line\nturn 1 US\nphase fire\n%s\n", fire);
	snprintf(out, sizeof out, "%s", audit_list(text, FOLLOW_CLAIMED));
	return out;
}

static void test_fire_state_claims(void **state)
{
	(void)state;
	assert_string_equal(fire_claim("fire 5inf:8@6 -> g [9] =9 telling-fire silenced=1 damaged=1"), "on-trust:note@12:6");
	assert_string_equal(fire_claim("fire 5inf:8@6 -> g [9] =9 telling-fire silenced=2 damaged=1 disordered"),
			    "on-trust:note@12:6, wrong-state-after:error@12:40, wrong-state-after:error@12:61");
	assert_string_equal(fire_claim("fire 5inf:8@6, 8inf:2@6 -> g(enfiladed) [9] =11 withering-fire wrecked=1 silenced=1"),
			    "on-trust:note@12:6, on-trust:note@12:16, on-trust:note@12:30");
	assert_string_equal(fire_claim("fire 5inf:8@6, 8inf:2@6 -> g(enfiladed) [9] =11 withering-fire wrecked=2"),
			    "on-trust:note@12:6, on-trust:note@12:16, on-trust:note@12:30, wrong-state-after:error@12:64");
	assert_string_equal(fire_claim("fire 5inf:8@6 -> 2lt [5] =5 galling-fire disordered"), "on-trust:note@12:6");
	assert_string_equal(fire_claim("fire 5inf:8@6 -> 2lt [4] disordered"), "on-trust:note@12:6, wrong-state-after:error@12:26");
	/* 002:199 the fallen-leader check on a base die of 10 is for a leader within 4" of the target */
	assert_string_equal(fire_claim("fire 5inf:8@6 -> 2lt [10]"),
			    "on-trust:note@12:6, consequence:note@12:22, missing-roll:warning@12:22");
	assert_string_equal(fire_claim("fire 5inf:8@6 -> 2lt(no-leader) [10]"),
			    "on-trust:note@12:6, on-trust:note@12:22, consequence:note@12:33");
}

/* The reroll of a Desperate Struggle (002:241).  Lancers against the
 * disordered 5th: 2 +0 trained +2 fresh +2 open ground +1 lancers (000:546)
 * +0 cavalry outnumbered by infantry (002:217) = 7; 5 +1 vet +2 fresh -1
 * disordered = 7: a struggle, a stand each, both disordered.  Reroll: the
 * lancers, 5 of 6 reliable stands (worn, 000:683), 8 +0 -1 disordered = 7
 * without the lost modifiers; the 5th, 7 of 8 (fresh, 000:685), 4 +1 +2 -1
 * = 6: +1 Hard Pressed.  With reroll-lancers=keep the lancers have 8. */
static void test_reroll(void **state)
{
	(void)state;
	const char *body = "disorder 5inf\nturn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [2] | [5]\n"
			   "  reroll [8] =7 | [4] =6 : +1 hard-pressed\n";
	assert_string_equal(audit_body(body, FOLLOW_CLAIMED), "on-trust:note@15:16");
	struct buf keep;	/* the option in the header, after the battle line */
	buf_init(&keep, 0);
	const char *rest = strchr(tu_prelude, '\n') + 1;
	buf_printf(&keep, "%.*soption reroll-lancers=keep\n%s%s", (int)(rest - tu_prelude), tu_prelude, rest, body);
	assert_string_equal(audit_list(keep.text, FOLLOW_CLAIMED), "on-trust:note@16:16, wrong-total:warning@17:14");
	buf_release(&keep);
	/* a reroll claiming the wrong effect (+1 is hard-pressed, 002:240): the
	 * state follows the claim from there, said on each unit where the line
	 * naming it names it, the charge's line (15), not the reroll's */
	assert_string_equal(audit_body("disorder 5inf\nturn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [2] | [5]\n"
				       "  reroll [8] =7 | [4] =6 : +1 swept-from-the-field\n", FOLLOW_CLAIMED),
			    "state-diverged:note@15:8, on-trust:note@15:16, state-diverged:note@15:32, wrong-lookup:error@16:31");
	/* a side's missing modifier is placed on its unit, and on a reroll,
	 * whose line names no unit, on its die */
	assert_non_null(strstr(audit_body("phase charge\ncharge 8inf -> 2lt [5] +1vet | [5]\n", FOLLOW_CLAIMED),
			       "modifier-missing:warning@13:8"));
	assert_non_null(strstr(audit_body("phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
					  "  reroll [6] +1vet | [6]\n", FOLLOW_CLAIMED),
			       "modifier-missing:warning@14:10"));
	/* a struggle that leaves the 2nd Light one stand removes it (000:532): no reroll is due.
	 * 1 +1 vet +2 fresh = 4; 9 +0 trained -2 spent (2 of 10) -3 outnumbered 3:1 (002:216) = 4 */
	assert_string_equal(audit_body("stands 2lt -8 \"losses\"\nphase charge\ncharge 8inf -> 2lt [1] | [9]\n",
				       FOLLOW_CLAIMED), "");
	assert_true(tu_has_tokens(fields_after("stands 2lt -8 \"losses\"\nphase charge\ncharge 8inf -> 2lt [1] | [9]\n",
					    FOLLOW_CLAIMED, 'U', "2lt"), "removed=true stands=1"));
}

/* The messages of the findings of the log (tu_prelude, then body), one
 * after the other. */
static const char *messages_of(const char *body)
{
	static char out[4096];
	struct buf text;
	log_of(&text, body);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	struct findings f;
	findings_init(&f);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED};
	audit_battle(b, &opts, &f);
	out[0] = '\0';
	for (int i = 0; i < f.n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s\n", f.v[i].msg);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return out;
}

/* The steps of the last record of the log (tu_prelude, then body), one
 * after the other. */
static const char *steps_after(const char *body)
{
	static char out[4096];
	struct buf text;
	log_of(&text, body);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = &r};
	audit_battle(b, &opts, &f);
	out[0] = '\0';
	for (int i = 0; r.n && i < r.v[r.n - 1].n_steps; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s\n", r.v[r.n - 1].steps[i].text);
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return out;
}

/* A check led by lee, the first leader declared, says so, and why no
 * attached-leader modifier applies; one out of command says that. */
static void test_check_steps(void **state)
{
	(void)state;
	const char *led = steps_after("phase maneuver\nmc lee [5]: 5inf\n");
	assert_non_null(strstr(led, "the check is led by lee"));
	assert_non_null(strstr(led, "no leader attached and no brave colonel"));
	const char *alone = steps_after("phase maneuver\nmc [5]: 5inf\n");
	assert_non_null(strstr(alone, "an out-of-command check: no leader"));
	assert_non_null(strstr(alone, "no leader leads the check"));
}

/* Damaged or low-on-ammunition gun stands fire at half, stand by stand
 * (002:178, 002:198); guns with neither say nothing of halves. */
static void test_gun_half_steps(void **state)
{
	(void)state;
	assert_null(strstr(steps_after("unlimber bty\nphase fire\nfire bty@12 -> 2lt [8]\n"), "at half"));
	assert_non_null(strstr(steps_after("unlimber bty\ndamage bty\nphase fire\nfire bty@12 -> 2lt [8]\n"), "at half"));
	/* a rocket's hit roll at 20": 3-10 hits (002:170, 000:754): a 2 misses, and the step says so */
	const char *rocket = "battle \"R\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
			     "  unit r \"R\" gun veteran HR stands=1 cmd=l unlimbered\nside MEX nation=MEX\n"
			     "  leader m \"M\" able\n  unit t \"T\" inf trained spirited IM stands=10 cmd=m line\n"
			     "turn 1 US\nphase fire\nfire r:1@20 [%d] -> t [5]\n";
	char text[1024];
	snprintf(text, sizeof text, rocket, 2);
	assert_non_null(strstr(steps_after(text), "(the rockets miss)"));
	snprintf(text, sizeof text, rocket, 9);
	assert_null(strstr(steps_after(text), "(the rockets miss)"));
	/* the lancers' +1 says why it holds (000:546): a limbered battery, disordered infantry */
	/* Galling Fire on guns: "1 gun stand silenced" (002:199): 8 musket points at 4" (002:157),
	 * 0 (002:186), 6; bty had 1 of its 2 stands silenced, so this fire silences 1 more:
	 * silenced=1 is right, 2 is not */
	assert_null(strstr(audit_body("unlimber bty\nsilence bty 1\nturn 2 MEX\nphase fire\nfire 2lt:8@4 -> bty [6] silenced=1\n",
				      FOLLOW_CLAIMED), "wrong-state-after"));
	assert_non_null(strstr(audit_body("unlimber bty\nsilence bty 1\nturn 2 MEX\nphase fire\nfire 2lt:8@4 -> bty [6] silenced=2\n",
					  FOLLOW_CLAIMED), "wrong-state-after"));
	assert_non_null(strstr(steps_after("turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> bty [1] | [5]\n"),
			       "which is limbered or silenced"));
	assert_non_null(strstr(steps_after("disorder 5inf\nturn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [1] | [5]\n"),
			       "which is disordered or broken"));
	/* the firer's step gives the points a stand: muskets "1" at 6", "1/2" at 10" (002:156) */
	assert_non_null(strstr(steps_after("phase fire\nfire 5inf:8@6 -> 2lt [8]\n"), "at 6\": 1 point a stand, 8"));
	assert_non_null(strstr(steps_after("phase fire\nfire 5inf:8@10 -> 2lt [8]\n"), "at 10\": 0.5 points a stand, 4"));
}

/* "+2 Battery" (002:25) for guns of 2 or 3 stands (000:864 "a battery is
 * 2 or 3 gun stands"), whether or not the log flags it: Duncan with 2
 * stands and no battery flag, 5 +1 gallant +2 elite +2 battery +1 limbered
 * = 11; with 1 stand, no battery: 9.  A check led by a leader out for the
 * turn is flagged (002:229), lee being the first leader declared. */
static void test_battery_and_leader_out(void **state)
{
	(void)state;
	static const char log[] = "battle \"t\" rules=rff-maw\nside US nation=US\n  leader lee \"Lee\" gallant\n"
				  "  unit bty \"Duncan\" gun elite hlcLG stands=%d cmd=lee limbered\n"
				  "side MEX nation=MEX\n  leader art \"A\" able\n"
				  "  unit 2lt \"2\" inf trained spirited IM stands=10 cmd=art line\n"
				  "turn 1 US daylight\nphase maneuver\nmc lee [5]: bty +1gallant +2elite %s+1limbered =%d\n";
	char text[1024];
	snprintf(text, sizeof text, log, 2, "+2bty ", 11);
	assert_string_equal(audit_list(text, FOLLOW_CLAIMED), "");
	snprintf(text, sizeof text, log, 1, "", 9);
	assert_string_equal(audit_list(text, FOLLOW_CLAIMED), "");
	assert_string_equal(audit_body("leader-out lee\nphase maneuver\nmc lee [5]: 5inf\n", FOLLOW_CLAIMED),
			    "inconsistent-state:error@14:4");
}

/* "on a base die result of 10. Mark one ... unit of troops firing half or
 * more stands" (002:198): a unit of troops marked already is not marked
 * again (its one marker), a unit not yet marked is. */
static void test_low_ammo_once(void **state)
{
	(void)state;
	assert_non_null(strstr(audit_body("phase fire\nfire 5inf@6 -> 2lt [10]\nfallen art [3] unscathed\n",
					  FOLLOW_CLAIMED), "consequence:note@13:"));
	assert_null(strstr(audit_body("low-ammo 5inf\nphase fire\nfire 5inf@6 -> 2lt [10]\nfallen art [3] unscathed\n",
				      FOLLOW_CLAIMED), "consequence:note@14:"));
	/* following the derivation, a firer the rules forbid (a charge with cold steel the same turn,
	 * 000:544) does not fire: the base die of 10 marks the other firer low on ammunition, not it
	 * (002:198) */
	const char *forbidden = "phase fire\nfire 5inf@6(cold-steel), 8inf@6 -> 2lt [10]\n";
	assert_false(tu_has_tokens(fields_after(forbidden, FOLLOW_DERIVED, 'U', "5inf"), "low_ammo=true"));
	assert_true(tu_has_tokens(fields_after(forbidden, FOLLOW_DERIVED, 'U', "8inf"), "low_ammo=true"));
}

/* A rule option is NAME=VALUE of the ruleset's options: a misspelt name
 * gets the nearest as a hint, a name like none gets none, a value not of
 * the option's is refused. */
static void test_option_settings(void **state)
{
	(void)state;
	char why[256];
	assert_true(audit_check_option(&rff_vocab, "panic-loss=text", why, sizeof why));
	assert_false(audit_check_option(&rff_vocab, "panic-los=text", why, sizeof why));
	assert_non_null(strstr(why, "did you mean 'panic-loss'"));
	assert_false(audit_check_option(&rff_vocab, "zzzzzzzz=1", why, sizeof why));
	assert_non_null(strstr(why, "has no rule option 'zzzzzzzz'"));
	assert_null(strstr(why, "did you mean"));
	assert_false(audit_check_option(&rff_vocab, "panic-loss", why, sizeof why));
}

/* umpire counts at most 9999 stands a unit: 5inf's 8, a hundred times 99
 * more and 91 is the most; one more is said to be beyond it. */
static void test_most_stands(void **state)
{
	(void)state;
	static char body[8192];
	body[0] = '\0';
	for (int i = 0; i < 100; i++)
		strcat(body, "stands 5inf +99 \"a big unit\"\n");
	strcat(body, "stands 5inf +91 \"a big unit\"\n");
	assert_string_equal(audit_body(body, FOLLOW_CLAIMED), "");
	strcat(body, "stands 5inf +1 \"a big unit\"\n");
	assert_string_equal(audit_body(body, FOLLOW_CLAIMED), "inconsistent-state:warning@113:13");
}

/* A change of formation logged as a state event after a Tardy is held to
 * Tardy's list (002:105-111): march column is not on it, and the message
 * names it. */
static void test_form_after_tardy(void **state)
{
	(void)state;
	assert_non_null(strstr(messages_of("phase maneuver\nmc [1]: 5inf =2 tardy\nform 5inf march-column\n"),
			       "not march-column"));
	/* line is among the formations a Tardy unit may take */
	assert_null(strstr(messages_of("phase maneuver\nmc [1]: 5inf =2 tardy\nform 5inf line\n"), "changes formation"));
}

/* A ruling override of a check of two units that names neither cannot
 * say whose claim it replaces: it says so, and the state follows the log
 * (naming one: field_cases, "one unit of a check"). */
static void test_override_of_two(void **state)
{
	(void)state;
	const char *body = "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick; "
			   "8inf +1gallant +1vet +2fresh =9 double-quick\n  ruling override well-handled by=u \"the umpire\"\n";
	assert_string_equal(audit_body(body, FOLLOW_CLAIMED), "consequence:warning(overruled)@14:1");
}

/* As derived, a legal charge changes the state as the table says: the
 * 2nd Light, 2 of 10 stands left, loses a stand in a Desperate Struggle at
 * 1 +1 vet +2 fresh = 4 against 9 +0 trained -2 spent -3 outnumbered = 4
 * (as test_reroll) and, at one stand, is removed (000:532). */
static void test_derived_charge(void **state)
{
	(void)state;
	assert_true(tu_has_tokens(fields_after("stands 2lt -8 \"losses\"\nphase charge\ncharge 8inf -> 2lt [1] | [9]\n",
					       FOLLOW_DERIVED, 'U', "2lt"),
				  "removed=true stands=1"));
}

/* As derived, the state is the legal one: a legal change of formation on
 * a double-quick is made; one maneuver too many is not (a change of front
 * and of formation together: "the lists combine only a half move with a
 * change of formation or a passage of lines", 002:90-104). */
static void test_derived_actions(void **state)
{
	(void)state;
	assert_true(tu_has_tokens(fields_after("phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick "
					       "form field-column\n",
					       FOLLOW_DERIVED, 'U', "5inf"),
				  "formation=field-column"));
	assert_true(tu_has_tokens(fields_after("phase maneuver\nmc lee [9]: 5inf =13 double-quick front form field-column\n",
					       FOLLOW_DERIVED, 'U', "5inf"),
				  "formation=line"));
}

/* The core state events on the first unit and leader declared (index 0
 * is a unit like any), and a leader out again while out. */
static void test_core_events_first(void **state)
{
	(void)state;
	assert_true(tu_has_tokens(fields_after("remove 5inf \"routed off\"\n", FOLLOW_CLAIMED, 'U', "5inf"), "removed=true"));
	/* "leader out of play for a turn": out in turn 1 through 2; out again
	 * in turn 2, through 3 */
	assert_true(tu_has_tokens(fields_after("leader-out lee\nturn 2 MEX\nleader-out lee\n", FOLLOW_CLAIMED, 'L', "lee"),
				  "out_until=3"));
	/* replace OLD NEW (002:49): lee, the first leader declared, takes
	 * over; a reserve, the first unit declared, comes on with arrive */
	static const char log[] = "battle \"t\" rules=rff-maw\nside US nation=US\n  leader lee \"Lee\" able\n"
				  "  leader scott \"Scott\" able\n"
				  "  unit 5inf \"5\" inf veteran spirited M stands=8 cmd=scott line%s\n"
				  "side MEX nation=MEX\n  leader art \"A\" able\n"
				  "  unit 2lt \"2\" inf trained spirited IM stands=10 cmd=art line\n"
				  "turn 1 US daylight\n%s";
	char text[1024];
	snprintf(text, sizeof text, log, "", "replace scott lee\n");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'L', "lee"), "deputy_for=scott"));
	snprintf(text, sizeof text, log, " reserve", "arrive 5inf\n");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "5inf"), "off_table=false"));
	/* "Silenced and crew takes shelter" (002:148): both of Duncan's gun
	 * stands are silenced when the crew shelters */
	assert_true(tu_has_tokens(fields_after("unlimber bty\nshelter bty 5inf\n", FOLLOW_CLAIMED, 'U', "bty"),
				  "silenced=2 sheltered_in=5inf"));	/* 5inf, the first unit declared */
	/* a square broken by a charge loses the crews sheltering in it
	 * (000:648): the charge's record says so of the gun, not named on its line */
	assert_true(tu_has_tokens(fields_after("form 5inf square\nunlimber bty\nshelter bty 5inf\nturn 2 MEX\n"
					       "phase charge\ncharge lancers -> 5inf [10] | [1]\n", FOLLOW_DERIVED, 'U', "bty"),
				  "removed=true"));
	/* a leader attached to 5inf, the first unit, and then to 8inf leaves
	 * 5inf: 5inf's check has no attached leader (002:25) */
	assert_string_equal(audit_body("attach lee 5inf\nattach lee 8inf\nphase maneuver\n"
				       "mc lee [5]: 5inf +1gallant +1vet +2fresh =9 double-quick\n",
				       FOLLOW_CLAIMED),
			    "");
	/* a leader goes with the unit he is attached to: an event on 5inf,
	 * the first unit, records lee, the first leader, too */
	assert_true(tu_has_tokens(fields_after("attach lee 5inf\nstands 5inf -1 \"straggled\"\n", FOLLOW_CLAIMED, 'L', "lee"),
				  "attached=5inf"));
}

/* The contested readings of docs/rules.md, option by option. */
static void test_reading_options(void **state)
{
	(void)state;
	/* leader-out (002:229): hit in the other side's turn 2; own-turn and player-turn: out
	 * through 3; two-turns: through 4.  Hit in his own turn 1: player-turn, through 2 */
	const char *enemy_turn = "turn 2 MEX\nphase fire\nfallen lee [7] flesh-wound\n";
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=player-turn", enemy_turn), FOLLOW_CLAIMED, 'L', "lee"),
			       "out_until=3"));
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=two-turns", enemy_turn), FOLLOW_CLAIMED, 'L', "lee"),
			       "out_until=4"));
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=player-turn", "phase fire\nfallen lee [7] flesh-wound\n"),
					    FOLLOW_CLAIMED, 'L', "lee"), "out_until=2"));
	/* winner-disorder (002:238): lancers Swept the 5th (8 +0 +2 fresh +2 open = 12 against
	 * 1 +1 +2 = 4); at the end of the phase by default, at once with immediate */
	const char *swept = "turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [8] | [1]\n";
	assert_true(tu_has_tokens(fields_after(swept, FOLLOW_CLAIMED, 'U', "lancers"), "order=good-order disorder_pending=true"));
	assert_true(tu_has_tokens(fields_after(with_option("winner-disorder=immediate", swept), FOLLOW_CLAIMED, 'U', "lancers"),
			       "order=disordered disorder_pending=false"));
	/* gun-charge-losses (002:238): the 2nd Light against the limbered battery: 9 +0 trained
	 * +2 fresh = 11 against 1 +2 elite -3 outnumbered 10:2 (002:216) -3 limbered (002:208) =
	 * -3, +14 is Swept: "DEFENDER lose 2 stands and additional stands equal to the die result
	 * difference over 9 ... Limbered guns full retreat silenced": 7, all; with none, no stand
	 * is lost and the guns retreat silenced */
	const char *guns = "turn 2 MEX\nphase charge\ncharge 2lt -> bty [9] | [1]\n";
	assert_true(tu_has_tokens(fields_after(guns, FOLLOW_CLAIMED, 'U', "bty"), "stands=0 removed=true"));
	assert_true(tu_has_tokens(fields_after(with_option("gun-charge-losses=none", guns), FOLLOW_CLAIMED, 'U', "bty"),
			       "stands=2 removed=false silenced=2 limbered=true"));
	/* Driven Back by cavalry (002:239): 1 +0 +2 fresh +2 open ground +1 lancers against limbered
	 * guns (000:546) = 6 against 5 +2 elite -3 outnumbered 6:2 -3 limbered = 1: +5.  The battery
	 * loses 1 stand; "1 additional stand and full retreat broken if defeated by cavalry" is for
	 * troops, which can be broken */
	assert_true(tu_has_tokens(fields_after("turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> bty [1] | [5]\n",
					    FOLLOW_CLAIMED, 'U', "bty"), "stands=1 removed=false limbered=true"));
	/* losses-stack (002:30-31): 9 +1 gallant +1 vet +2 fresh -1 heavy casualties -2 greater
	 * losses = 10; with max the -1 goes: 11.  Either is Double Quick (002:39) */
	const char *losses = "phase maneuver\nmc lee [9]: 5inf(heavy-casualties,greater-losses) =10 double-quick\n";
	assert_null(strstr(audit_list(with_option("losses-stack=add", losses), FOLLOW_CLAIMED), "wrong-total"));
	assert_non_null(strstr(audit_list(with_option("losses-stack=max", losses), FOLLOW_CLAIMED), "wrong-total"));
	/* night-elan (000:566): attached, 9 +1 gallant +1 attached +1 vet +2 fresh = 14, Rally with Elan
	 * (002:39); change front needs a well handled maneuver (000:458) */
	const char *elan = "turn 2 MEX\nturn 3 US night moonlit\nattach lee 5inf\ndisorder 5inf\nphase maneuver\n"
			   "mc lee [9]: 5inf =14 rally-with-elan front\n";
	assert_null(strstr(audit_list(with_option("night-elan=well-handled", elan), FOLLOW_CLAIMED), "illegal-action"));
	assert_non_null(strstr(audit_list(with_option("night-elan=tardy", elan), FOLLOW_CLAIMED), "illegal-action"));
	/* night-ooc (000:566 "a unit can be in command only if it has an attached leader. All
	 * other units must roll on the out-of-command column"): 5inf, nobody attached, in lee's
	 * check at night: -2 on his die (leader-die), or illegal: it rolls alone (own-check);
	 * 8inf with lee attached is in command either way */
	const char *night = "turn 2 MEX\nturn 3 US night moonlit\nattach lee 8inf\nphase maneuver\nmc lee [9]: 5inf; 8inf\n";
	assert_null(strstr(audit_list(with_option("night-ooc=leader-die", night), FOLLOW_CLAIMED), "illegal-action"));
	const char *own = audit_list(with_option("night-ooc=own-check", night), FOLLOW_CLAIMED);
	assert_non_null(strstr(own, "illegal-action:error@17:13"));	/* 5inf's, and not 8inf's */
	assert_null(strstr(strstr(own, "illegal-action") + 1, "illegal-action"));
	/* square-fall-back (000:624 against 002:42): 1 -2 out of command +1 vet +2 fresh +1 square
	 * -2 outflanked -2 greater losses = -1, US Fall Back (002:42): the square holds its
	 * position in good order, or disordered */
	const char *square = "phase maneuver\nmc lee [5]: 5inf form square\nturn 2 MEX\nturn 3 US\n"
			     "phase maneuver\nmc [1]: 5inf(outflanked,greater-losses)\n";
	assert_true(tu_has_tokens(fields_after(with_option("square-fall-back=good-order", square), FOLLOW_CLAIMED, 'U', "5inf"),
				  "order=good-order formation=square"));
	assert_true(tu_has_tokens(fields_after(with_option("square-fall-back=disordered", square), FOLLOW_CLAIMED, 'U', "5inf"),
				  "order=disordered formation=square"));
	/* lancers (000:546, 000:930): the lancers' declared cold steel over open ground, 6 +0
	 * trained +2 fresh +2 open ground (002:213) = 10 against 4 +1 vet +2 fresh = 7: +3, Hard
	 * Pressed: the 5th disordered, no stand; with declared the lance is +1: +4, Driven
	 * Back, 1 stand and 1 more defeated by cavalry, full retreat broken (002:239) */
	const char *lance = "turn 2 MEX\nphase charge\ncharge lancers(cold-steel,ground=open) -> 5inf [6] | [4]\n";
	assert_true(tu_has_tokens(fields_after(with_option("lancers=text", lance), FOLLOW_CLAIMED, 'U', "5inf"),
				  "stands=8 order=disordered"));
	assert_true(tu_has_tokens(fields_after(with_option("lancers=declared", lance), FOLLOW_CLAIMED, 'U', "5inf"),
				  "stands=6 order=broken"));
	/* leader-out=game-turn: a game turn is player turns 1-2, 3-4; hit in turn 1 or 2, out
	 * through turn 4; hit in turn 3, through 6 */
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=game-turn", "phase fire\nfallen lee [7] flesh-wound\n"),
					       FOLLOW_CLAIMED, 'L', "lee"), "out_until=4"));
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=game-turn", enemy_turn), FOLLOW_CLAIMED, 'L', "lee"),
				  "out_until=4"));
	assert_true(tu_has_tokens(fields_after(with_option("leader-out=game-turn", "turn 2 MEX\nturn 3 US\nphase fire\n"
							   "fallen lee [7] flesh-wound\n"), FOLLOW_CLAIMED, 'L', "lee"),
				  "out_until=6"));
	/* broken-fire (000:416, 002:178) */
	const char *broken = "break 5inf\nphase fire\nfire 5inf@6 -> 2lt [5]\n";
	assert_non_null(strstr(audit_list(with_option("broken-fire=none", broken), FOLLOW_CLAIMED), "illegal-action"));
	assert_null(strstr(audit_list(with_option("broken-fire=half", broken), FOLLOW_CLAIMED), "illegal-action"));
	/* lively-mixed (002:200): 8 musket points and 2 of a gun stand at 14" (002:166), 10 points
	 * +1 (002:187): 3 +1 = 4, Lively against trained troops (002:200); the guns fire less
	 * than half the points, so it is musketry: no effect; with any, the 2nd is disordered */
	const char *lively = "unlimber bty\nphase fire\nfire 5inf:8@6, bty:1@14 -> 2lt [3]\n";
	assert_true(tu_has_tokens(fields_after(with_option("lively-mixed=half", lively), FOLLOW_CLAIMED, 'U', "2lt"),
			       "order=good-order"));
	assert_true(tu_has_tokens(fields_after(with_option("lively-mixed=any", lively), FOLLOW_CLAIMED, 'U', "2lt"),
			       "order=disordered"));
	/* muskets alone are musketry under any reading: 8 points (+0, 002:186), 4, Lively against trained
	 * troops, "Musketry no effect" (002:200) */
	assert_true(tu_has_tokens(fields_after(with_option("lively-mixed=any", "phase fire\nfire 5inf:8@6 -> 2lt [4]\n"),
					    FOLLOW_CLAIMED, 'U', "2lt"),
			       "order=good-order"));
	/* a horse shot (002:230) is "for one turn" as a flesh wound is: through turn 3, so the
	 * header of turn 3 changes nothing and that of turn 4 mounts him again */
	assert_string_equal(fields_after("phase fire\nfallen lee [6] horse-shot\nturn 2 MEX\nturn 3 US\n",
					 FOLLOW_CLAIMED, 'L', "lee"), "(not in the last record)");
	assert_true(tu_has_tokens(fields_after("phase fire\nfallen lee [6] horse-shot\nturn 2 MEX\nturn 3 US\nturn 4 MEX\n",
					    FOLLOW_CLAIMED, 'L', "lee"), "dismounted=false"));
	/* broken dismounted cavalry reforms in open order (000:410, 000:582) */
	assert_true(tu_has_tokens(fields_after("turn 2 MEX\ndismount lancers\nbreak lancers\nrally lancers\n",
					    FOLLOW_CLAIMED, 'U', "lancers"), "formation=open order=good-order mounted=false"));
}

/* "Low on Ammo on a base die result of 10. Mark one gun stand or unit of
 * troops firing half or more stands" (QRS Fire Combat, 002:198), and its
 * options low-ammo and low-ammo-guns. */
static void test_low_ammunition(void **state)
{
	(void)state;
	/* a rocket battery of 2 stands logged stand by stand fires both: one firer, one
	 * stand marked for the fire (hit rolls 9 and 8 at 20" hit, 002:170) */
	const char *rockets = "battle \"R\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
			      "  unit us4 \"Rockets\" gun veteran HR stands=2 cmd=l unlimbered\n"
			      "side MEX nation=MEX\n  leader m \"M\" able\n"
			      "  unit mx2 \"MX\" inf trained spirited IM stands=10 cmd=m line\n"
			      "turn 1 US\nphase fire\nfire us4:1@20 [9], us4:1@20 [8] -> mx2 [10]\n";
	assert_true(tu_has_tokens(fields_after(rockets, FOLLOW_CLAIMED, 'U', "us4"), "low_ammo=true low_ammo_stands=1"));
	/* two units each firing all their stands: each marked (low-ammo=each), or the first
	 * alone (low-ammo=first: "Mark one ... unit") */
	const char *two = "phase fire\nfire 5inf:8@6, 8inf:9@6 -> 2lt [10]\n";
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=each", two), FOLLOW_CLAIMED, 'U', "5inf"),
				  "low_ammo=true"));
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=each", two), FOLLOW_CLAIMED, 'U', "8inf"),
				  "low_ammo=true"));
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=first", two), FOLLOW_CLAIMED, 'U', "5inf"),
				  "low_ammo=true"));
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=first", two), FOLLOW_CLAIMED, 'U', "8inf"),
				  "low_ammo=false"));
	/* under half: 5inf fires 3 of its 8 stands, not marked; 8inf 9 of 9 is the first
	 * firer firing half or more, so low-ammo=first marks it */
	const char *under = "phase fire\nfire 5inf:3@6, 8inf:9@6 -> 2lt [10]\n";
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=first", under), FOLLOW_CLAIMED, 'U', "5inf"),
				  "low_ammo=false"));
	assert_true(tu_has_tokens(fields_after(with_option("low-ammo=first", under), FOLLOW_CLAIMED, 'U', "8inf"),
				  "low_ammo=true"));
	/* a battery of 4 firing 1 stand: under half, not marked; with low-ammo-guns=any, one
	 * gun stand is */
	char text[1024];
	const char *battery = "battle \"G\" rules=rff-maw\noption low-ammo-guns=%s\nside US nation=US\n"
			      "  leader l \"L\" able\n  unit g \"G\" gun veteran hlcLG stands=4 cmd=l unlimbered\n"
			      "side MEX nation=MEX\n  leader m \"M\" able\n"
			      "  unit mx2 \"MX\" inf trained spirited IM stands=10 cmd=m line\n"
			      "turn 1 US\nphase fire\nfire g:1@6 -> mx2 [10]\n";
	snprintf(text, sizeof text, battery, "half");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "g"), "low_ammo=false"));
	snprintf(text, sizeof text, battery, "any");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "g"), "low_ammo=true low_ammo_stands=1"));
}

/* Silenced stands do not fire (QRS Fire Combat, 002:195-200; 000:516):
 * following the derivation, a fire logged with them changes nothing. */
static void test_silenced_fire_derived(void **state)
{
	(void)state;
	/* 3 light guns, 1 silenced, fire 3 stands at 20": 2 could fire (2 points, -3, 002:183;
	 * 9 - 3 = 6, Galling against veterans, 002:199: disordered).  As logged, the line is
	 * forbidden: derived, the 1st stays as it was; claimed, the 2 unsilenced stands fire */
	const char *text = "battle \"S\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
			   "  unit us1 \"US1\" inf veteran spirited M stands=8 cmd=l line\n"
			   "side MEX nation=MEX\n  leader m \"M\" able\n"
			   "  unit mx1 \"MX1\" gun trained hcLG stands=3 cmd=m unlimbered\n"
			   "turn 1 MEX\nsilence mx1 1\nphase fire\nfire mx1:3@20 -> us1 [9]\n";
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_DERIVED, 'U', "us1"), "stands=8 order=good-order"));
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "us1"), "stands=8 order=disordered"));
	/* troops logged with a stand they lost fire what they have: 7 muskets at 6", 7 points,
	 * 0 (002:186); 9 is Telling against trained troops (002:196): the 2nd Light loses 1 */
	assert_true(tu_has_tokens(fields_after("stands 5inf -1 \"stragglers\"\nphase fire\nfire 5inf:8@6 -> 2lt [9]\n",
					       FOLLOW_DERIVED, 'U', "2lt"), "stands=9 order=disordered"));
}

/* Readings that need their own order of battle. */
static void test_reading_options_oob(void **state)
{
	(void)state;
	char text[1024];
	/* fixed-guns-panic (002:43, 000:33): 1 -2 out of command +0 trained -2 outflanked -2 greater
	 * losses = -5, Panic; the fixed gun is lost, or with as-heavy only within close range */
	const char *fixed = "battle \"F\" rules=rff-maw\noption fixed-guns-panic=%s\nside US nation=US\n"
			    "  leader l \"L\" able\n  unit fg \"FG\" gun trained olcLG stands=1 cmd=l unlimbered fixed\n"
			    "turn 1 US\nphase maneuver\nmc [1]: fg(outflanked,greater-losses)\n";
	snprintf(text, sizeof text, fixed, "lost");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "fg"), "removed=true"));
	snprintf(text, sizeof text, fixed, "as-heavy");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "fg"), "removed=false"));
	/* mounted-fire (000:315, 000:738): mounted cavalry with rifles */
	const char *mounted = "battle \"M\" rules=rff-maw\noption mounted-fire=%s\nside US nation=US\n"
			      "  leader l \"L\" able\n  unit mr \"MR\" cav trained spirited R stands=4 cmd=l\n"
			      "side MEX nation=MEX\n  unit t \"T\" inf trained reliable IM stands=8 line\n"
			      "turn 1 US\nphase fire\nfire mr@6 -> t [5]\n";
	snprintf(text, sizeof text, mounted, "none");
	assert_non_null(strstr(audit_list(text, FOLLOW_CLAIMED), "illegal-action"));
	snprintf(text, sizeof text, mounted, "rifles");
	assert_null(strstr(audit_list(text, FOLLOW_CLAIMED), "illegal-action"));
	/* hp-fortified-guns (002:240, 000:336): 1 +1 vet +2 fresh = 4 against 2 +0 trained -3
	 * outnumbered 8:1 +3 fortified = 2: +2 Hard Pressed on a heavy gun in works */
	const char *works = "battle \"W\" rules=rff-maw\noption hp-fortified-guns=%s\nside US nation=US\n"
			    "  leader l \"L\" able\n  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=l line\n"
			    "side MEX nation=MEX\n  unit hg \"HG\" gun trained hcHG stands=1 unlimbered\n"
			    "turn 1 US\nphase charge\ncharge 5inf -> hg(fortified) [1] | [2]\n";
	snprintf(text, sizeof text, works, "hold");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "hg"), "removed=false stands=1 damaged=1"));
	snprintf(text, sizeof text, works, "lost");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "hg"), "removed=true"));
	/* ss-mixed (002:183): 4 rifle stands of sharpshooters and 3 musket stands at 4", 1 point a
	 * stand (002:153-155): 7 points, 0 (002:186); the sharpshooters' 4 are half or more: +1,
	 * 4 + 1 = 5, Galling against trained troops (002:199): disordered; with all, no +1: 4,
	 * Lively, musketry no effect (002:200) */
	const char *ss = "battle \"S\" rules=rff-maw\noption ss-mixed=%s\nside US nation=US\n  leader l \"L\" able\n"
			 "  unit ss \"SS\" inf veteran spirited R stands=4 cmd=l line sharpshooters\n"
			 "  unit m \"M\" inf veteran spirited M stands=8 cmd=l line\n"
			 "side MEX nation=MEX\n  unit t \"T\" inf trained spirited IM stands=10 line\n"
			 "turn 1 US\nphase fire\nfire ss:4@4, m:3@4 -> t [4]\n";
	snprintf(text, sizeof text, ss, "half");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "t"), "stands=10 order=disordered"));
	snprintf(text, sizeof text, ss, "all");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "t"), "stands=10 order=good-order"));
	/* lost-guns-losses (002:238): 5 +1 vet +2 fresh = 8 against 2 +0 trained -2 outnumbered
	 * 8:4 (002:215) = 0: +8, Swept: "DEFENDER lose 2 stands ... Lose all unlimbered guns":
	 * all 4 stands (stands), or the 2 printed (printed), removed either way */
	const char *swept = "battle \"L\" rules=rff-maw\noption lost-guns-losses=%s\nside US nation=US\n"
			    "  leader l \"L\" able\n  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=l line\n"
			    "side MEX nation=MEX\n  unit hg \"HG\" gun trained hcHG stands=4 unlimbered\n"
			    "turn 1 US\nphase charge\ncharge 5inf -> hg [5] | [2]\n";
	snprintf(text, sizeof text, swept, "stands");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "hg"), "stands=0 removed=true"));
	snprintf(text, sizeof text, swept, "printed");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "hg"), "stands=2 removed=true"));
	/* hp-flank-fortified (000:648 against 002:240, 000:378): 5 +1 +2 = 8 against 3 +0 +2
	 * fresh -3 outflanked +3 fortified = 5: +3, Hard Pressed on an outflanked defender in
	 * works: broken (000:648), or holding, disordered; in good order before, no stand lost */
	const char *flank = "battle \"H\" rules=rff-maw\noption hp-flank-fortified=%s\nside US nation=US\n"
			    "  leader l \"L\" able\n  unit 5inf \"5th\" inf veteran spirited M stands=8 cmd=l line\n"
			    "side MEX nation=MEX\n  unit t \"T\" inf trained spirited IM stands=10 line\n"
			    "turn 1 US\nphase charge\ncharge 5inf -> t(outflanked,fortified) [5] | [3]\n";
	snprintf(text, sizeof text, flank, "broken");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "t"), "stands=10 order=broken"));
	snprintf(text, sizeof text, flank, "holds");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_CLAIMED, 'U', "t"), "stands=10 order=disordered"));
	/* gun-marks (002:178, 002:198): 4 light guns, one stand damaged and one low on
	 * ammunition, fire 2 stands at 12", 3 points a stand (002:166): marks apart, the
	 * unmarked two fire, 6 points, 0 (002:186); shared, the marked stand fires first at
	 * half: 3 + 1.5, rounded down to 4 points (000:320), -1 (002:185).  Base die 6 against trained troops: 6, Galling
	 * (002:199), or 5, Galling too; the claimed pts= says which was derived */
	const char *marks = "battle \"G\" rules=rff-maw\noption gun-marks=%s\nside US nation=US\n  leader l \"L\" able\n"
			    "  unit g \"G\" gun veteran hlcLG stands=4 cmd=l unlimbered\n"
			    "side MEX nation=MEX\n  unit t \"T\" inf trained spirited IM stands=10 line\n"
			    "turn 1 US\ndamage g\nlow-ammo g 1\nphase fire\nfire g:2@12 -> t [6] pts=%d\n";
	snprintf(text, sizeof text, marks, "apart", 6);
	assert_null(strstr(audit_list(text, FOLLOW_CLAIMED), "wrong-"));
	snprintf(text, sizeof text, marks, "shared", 4);
	assert_null(strstr(audit_list(text, FOLLOW_CLAIMED), "wrong-"));
	snprintf(text, sizeof text, marks, "shared", 6);
	assert_non_null(strstr(audit_list(text, FOLLOW_CLAIMED), "wrong-"));
}

/* A fallen-leader line claims the effect or its result alone (002:226-233). */
static void test_fallen_results(void **state)
{
	(void)state;
	assert_string_equal(audit_body("phase fire\nfallen lee [7] out-one-turn\n", FOLLOW_CLAIMED), "");
	assert_string_equal(audit_body("phase fire\nfallen lee [9] removed\n", FOLLOW_CLAIMED), "");
	assert_string_equal(audit_body("phase fire\nfallen lee [3] no-effect\n", FOLLOW_CLAIMED), "");
	assert_string_equal(audit_body("phase fire\nfallen lee [6] dismounted-one-turn\n", FOLLOW_CLAIMED), "");
	assert_string_equal(audit_body("phase fire\nfallen lee [7] removed\n", FOLLOW_CLAIMED), "wrong-lookup:error@13:16");
	assert_string_equal(audit_body("phase fire\nfallen lee [8] out-one-turn\n", FOLLOW_CLAIMED),
			    "wrong-lookup:error@13:16");
}

/* What the rules do not allow (docs/rules.md, "Legality"). */
static const struct {
	const char *what;
	const char *body;
	const char *want;
} illegal[] = {
	{"change front on tardy", "phase maneuver\nmc art [1]: 2lt =3 tardy front\n", "illegal-action:error@13:26"},
	/* the Troop and Gun Maneuvers lists (002:90-148): 1 -2 out of command +1 vet +2 fresh = 2, US Tardy */
	{"replenish after a tardy", "phase maneuver\nmc [1]: 5inf =2 tardy replenish\n", "illegal-action:error@13:23"},
	{"replenish on well handled", "phase maneuver\nmc lee [5]: 5inf =9 double-quick replenish\n", ""},
	/* one maneuver a check: a half move and a change of formation, then nothing more (002:95-96);
	 * 9 +1 gallant +1 vet +2 fresh = 13 */
	{"one maneuver too many", "phase maneuver\nmc lee [9]: 5inf =13 double-quick move form field-column front\n",
	 "illegal-action:error@13:58"},
	/* light guns move and unlimber (002:128-129); with fire too only flying artillery on a Double
	 * Quick (002:133-134): 5 +1 gallant +2 elite +2 battery +1 limbered = 11 */
	{"light guns move and unlimber", "phase maneuver\nmc lee [5]: bty =11 double-quick move unlimber\n", ""},
	{"move, unlimber and fire is flying artillery's", "phase maneuver\nmc lee [5]: bty =11 double-quick move unlimber fire\n",
	 "illegal-action:error@13:48"},
	/* disordered US 5 +1 gallant +1 vet +2 fresh = 9: Rally, a tardy maneuver (002:40, 002:105) */
	{"field column on a rally", "disorder 5inf\nphase maneuver\nmc lee [5]: 5inf =9 rally form field-column\n",
	 "illegal-action:error@14:27"},
	/* disordered 2 -2 +1 +2 = 3: Shaken, retreat or hold (002:41) */
	{"a move on shaken", "disorder 5inf\nphase maneuver\nmc [2]: 5inf =3 shaken move\n", "illegal-action:error@14:24"},
	/* 1 -2 +2 elite +2 battery -2 outflanked -2 greater losses = -1: Fall Back; guns out of close
	 * range hold and fire (002:42) */
	{"guns fire on fall back", "unlimber bty\nphase maneuver\nmc [1]: bty(outflanked,greater-losses) =-1 fall-back fire\n",
	 "on-trust:note@14:13, on-trust:note@14:24"},
	{"cold steel by dismounted cavalry",
	 "dismount lancers\nphase maneuver\nmc art [5]: lancers =7 well-handled charge 8inf cold-steel\n",
	 "illegal-action:error@14:49"},
	{"a rallied Mexican cavalry may charge",
	 "disorder lancers\nphase maneuver\nmc art [9]: lancers =11 rally charge 8inf\n", ""},
	{"a Mexican cavalry charge in disorder",
	 "stands lancers -4 \"losses\"\ndisorder lancers\nphase maneuver\nmc art [1]: lancers =-1 panic charge 8inf\n",
	 "illegal-action:error@15:31"},
	{"a deliberate square from open order on tardy",
	 "form 2lt open\nphase maneuver\nmc art [1]: 2lt =3 tardy form square\n", "illegal-action:error@14:26"},
	{"a hasty square from march column", "form 2lt march-column\nphase maneuver\nhasty-square 2lt\n",
	 "illegal-action:error@14:14"},
	{"a Mexican counter-charge in disorder", "disorder lancers\nphase maneuver\ncountercharge lancers -> 8inf\n",
	 "illegal-action:error@14:15"},
	/* 002:107 however the charge is logged: on the combat line, or as a counter-charge fact (002:114) */
	{"a Mexican cavalry charge in disorder on the combat line",
	 "disorder lancers\nturn 2 MEX\nphase charge\ncharge lancers -> 5inf [5] | [5]\n", "illegal-action:error@15:8"},
	{"a Mexican counter-charge in disorder on the combat line",
	 "disorder lancers\nphase charge\ncharge 5inf -> lancers(countercharge) [5] | [5]\n",
	 "illegal-action:error@14:16, on-trust:note@14:24"},
	{"fire and cold steel in one turn",
	 "phase maneuver\nmc lee [5]: 8inf =9 double-quick charge 2lt cold-steel\nphase fire\nfire 8inf@6 -> 2lt [5]\n",
	 "on-trust:note@15:6, illegal-action:error@15:6"},
	{"a storming column's breakthrough", "storming 8inf\nphase charge\nbreakthrough 8inf -> 2lt [5] | [4]\n",
	 "illegal-action:error@14:14"},
	{"an event for a removed unit", "remove 2lt\ndisorder 2lt\n", "inconsistent-state:error@13:10"},
	{"a leader attached to the enemy", "attach lee 2lt\n", "illegal-action:error@12:12"},
	{"a leader attached to a removed unit", "remove 5inf\nattach lee 5inf\n", "inconsistent-state:error@13:12"},
	/* 000:532: a unit removed from the game charges no more (5inf, the first unit declared) */
	{"a removed unit charges", "remove 5inf\nphase charge\ncharge 5inf -> 2lt [5] | [5]\n",
	 "inconsistent-state:error@14:8"},
	{"a removed unit fires", "remove 5inf\nphase fire\nfire 5inf@6 -> 2lt [5]\n", "inconsistent-state:error@14:6"},
	/* 002:228 a leader shot dead is removed from the game; 002:229 one with a
	 * flesh wound is out for the turn: neither joins a unit */
	{"a dead leader attached", "fallen lee [10] shot-dead\nattach lee 5inf\n", "inconsistent-state:error@13:8"},
	{"a leader out for the turn attached", "leader-out lee\nattach lee 5inf\n", "inconsistent-state:error@13:8"},
	{"more markers than stands", "silence bty 5\n", "inconsistent-state:warning@12:13"},
	{"as many markers as stands", "silence bty 2\n", ""},
	/* a leader joins a unit of its own side: lee, the first leader declared */
	{"a leader attached across sides", "attach lee 2lt\n", "illegal-action:error@12:12"},
	{"troops low on ammunition by stands", "low-ammo 5inf 2\n", "inconsistent-state:warning@12:15"},
	/* a replenish logged after a Tardy (002:103) */
	{"replenish as a state event after a tardy", "phase maneuver\nmc [1]: 5inf =2 tardy\nreplenish 5inf\n",
	 "illegal-action:error@14:1"},
	/* the same with a replenish on the unit's check of its turn before:
	 * each check's maneuvers are its own */
	{"replenish after a tardy, a replenish the turn before",
	 "phase maneuver\nmc lee [9]: 5inf =13 double-quick replenish\nturn 2 MEX\nturn 3 US\nphase maneuver\n"
	 "mc [1]: 5inf =2 tardy\nreplenish 5inf\n",
	 "illegal-action:error@18:1"},
	/* 002:195 a charge checked by fire retreats 2": no charge combat */
	{"a checked charge resolved anyway",
	 "turn 2 MEX\nphase maneuver\nmc art [9]: lancers =11 double-quick charge 5inf\nphase fire defensive\n"
	 "fire 5inf@6 -> lancers(charging) [9]\nphase charge\ncharge lancers -> 5inf [5] | [5]\n",
	 "on-trust:note@16:6, on-trust:note@16:24, illegal-action:error@18:8"},
	/* 000:610 only infantry may form square */
	{"square by mounted cavalry", "phase maneuver\nmc art [9]: lancers =11 double-quick form square\n",
	 "illegal-action:error@13:38"},
	{"square by guns", "unlimber bty\nphase maneuver\nmc lee [9]: bty =14 double-quick form square\n",
	 "illegal-action:error@14:34"},
	/* and logged as a state event: mounted cavalry (000:610); dismounted cavalry deploys only
	 * in open order (000:582, 002:81) */
	{"square by cavalry, a state event", "form lancers square\n", "illegal-action:error@12:6"},
	{"square by dismounted cavalry, a state event", "dismount lancers\nform lancers square\n",
	 "illegal-action:error@13:6"},
	{"line by cavalry, a state event", "form lancers line\n", ""},
	/* 000:566 at night Double Quick is performed as Tardy; change front needs better (000:458) */
	{"change front at night",
	 "turn 2 MEX\nturn 3 US night moonlit\nattach lee 5inf\nphase maneuver\nmc lee [9]: 5inf =14 double-quick front\n",
	 "consequence:note@16:13, illegal-action:error@16:35"},
	/* 002:126, 000:516 a gun rally is a Well Handled maneuver */
	{"gun rally on fall back",
	 "unlimber bty\nsilence bty\nphase maneuver\nmc [1]: bty(outflanked,greater-losses) =-1 fall-back gun-rally\n",
	 "on-trust:note@15:13, on-trust:note@15:24, illegal-action:error@15:54"},
	/* 000:544 fire, then cold steel in the charge phase of the same turn */
	{"cold steel on the charge line after firing",
	 "phase fire\nfire 8inf@6 -> 2lt [1]\nphase charge\ncharge 8inf(cold-steel) -> 2lt [5] | [5]\n",
	 "on-trust:note@13:6, on-trust:note@15:13, illegal-action:error@15:13"},
	/* 000:544 a unit charging with cold steel may not fire unless elite; none fires in a breakthrough */
	{"a firer charging with cold steel", "phase fire\nfire 8inf@6(cold-steel) -> 2lt [1]\n",
	 "on-trust:note@13:6, illegal-action:error@13:13"},
	{"a firer in a breakthrough charge", "phase fire\nfire 8inf@6(breakthrough) -> 2lt [1]\n",
	 "on-trust:note@13:6, illegal-action:error@13:13"},
	/* 000:548 stationary cavalry may not charge with cold steel */
	{"cold steel by stationary cavalry",
	 "turn 2 MEX\nphase charge\ncharge lancers(cold-steel,stationary) -> 5inf [5] | [5]\n",
	 "on-trust:note@14:16, illegal-action:error@14:16, on-trust:note@14:27"},
	/* 002:241 a Desperate Struggle is rolled again */
	{"a desperate struggle not rolled again",
	 "phase charge\ncharge 8inf -> 2lt [5] | [6]\ncharge 5inf -> 2lt [5] | [1]\n", "missing-roll:warning@13:1"},
};

static void test_illegal(void **state)
{
	(void)state;
	int failures = 0, n = sizeof illegal / sizeof illegal[0];
	for (int i = 0; i < n; i++) {
		const char *got = audit_body(illegal[i].body, FOLLOW_CLAIMED);
		if (strcmp(got, illegal[i].want) != 0) {
			print_error("%s:\n%s  want %s\n  got  %s\n", illegal[i].what, illegal[i].body, illegal[i].want,
				    got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
	/* the order of battle and a gun rally on Tardy */
	assert_string_equal(audit_list("battle \"E\"\nside MEX nation=MEX\n  leader art \"Arista\" able\n"
				       "  unit gren \"Grenadiers\" inf elite spirited IM stands=6 cmd=art\n"
				       "  unit mg \"Medium guns\" gun trained hcMG stands=2 cmd=art battery\n"
				       "turn 1 MEX\nphase maneuver\nmc art [1]: mg +0able +2bty =3 tardy gun-rally\n",
				       FOLLOW_CLAIMED),
			    "illegal-action:error@4:30, illegal-action:error@8:38");
}

/* The rule a square's finding cites: dismounted cavalry deploys only in
 * open order (000:582; the QRS's "Dismounted Open Order" row, 002:81); any
 * other unit that is not infantry, a gun here, the square section (000:610). */
static const char *square_cite(const char *body)
{
	static char out[64];
	struct buf text;
	log_of(&text, body);
	struct tu_audited x;
	tu_audit(&x, text.text, NULL);
	snprintf(out, sizeof out, "none");
	for (int i = 0; i < x.f.n; i++)
		if (x.f.v[i].code == FINDING_ILLEGAL)
			snprintf(out, sizeof out, "%s", x.f.v[i].cite ? x.f.v[i].cite : "null");
	tu_audited_release(&x);
	buf_release(&text);
	return out;
}

static void test_square_cites(void **state)
{
	(void)state;
	assert_string_equal(square_cite("dismount lancers\nform lancers square\n"), "000:582, 002:81");
	assert_string_equal(square_cite("form bty square\n"), "000:610");
	assert_string_equal(square_cite("form lancers square\n"), "000:610");
}

static void test_charge_mistakes(void **state)
{
	(void)state;
	int failures = 0, n = sizeof charge_mistakes / sizeof charge_mistakes[0];
	for (int i = 0; i < n; i++) {
		const char *got = audit_body(charge_mistakes[i].body, FOLLOW_CLAIMED);
		if (strcmp(got, charge_mistakes[i].want) != 0) {
			print_error("%s:\n%s  want %s\n  got  %s\n", charge_mistakes[i].what, charge_mistakes[i].body,
				    charge_mistakes[i].want, got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* "Mexican cavalry cannot charge in disorder" (002:107, 002:114), the
 * lancers declared first (the first unit of the battle is checked like
 * any): disordered, the charge is illegal; in good order it is not. */
static void test_mex_cavalry_first_unit(void **state)
{
	(void)state;
	static const char log[] = "battle \"t\" rules=rff-maw\nside MEX nation=MEX\n  leader art \"A\" able\n"
				  "  unit lancers \"L\" cav trained reliable none stands=6 cmd=art lancers %s\n"
				  "side US nation=US\n  leader lee \"L\" able\n"
				  "  unit 5inf \"5\" inf veteran spirited M stands=8 cmd=lee line\n"
				  "turn 1 MEX daylight\nphase charge\ncharge lancers -> 5inf [5] | [5]\n";
	char text[1024];
	snprintf(text, sizeof text, log, "disordered");
	assert_non_null(strstr(audit_list(text, FOLLOW_CLAIMED), "illegal-action"));
	snprintf(text, sizeof text, log, "");
	assert_null(strstr(audit_list(text, FOLLOW_CLAIMED), "illegal-action"));
}

/* The state after the last event of body, in words, for unit: the audit
 * follows the game as played (tu_prelude first). */
static const char *after_last(const char *body, const char *unit)
{
	static char out[160];
	struct buf text;
	log_of(&text, body);
	struct diags d;
	struct battle *b = tu_parse(text.text, &d);
	if (d.n_errors)
		fail_msg("does not parse: %s\n%s", tu_diag_list(&d), text.text);
	struct findings f;
	struct records r;
	findings_init(&f);
	records_init(&r);
	struct audit_opts opts = {.follow = FOLLOW_CLAIMED, .records = &r};
	audit_battle(b, &opts, &f);
	snprintf(out, sizeof out, "(no record)");
	const struct record *last = r.n ? &r.v[r.n - 1] : NULL;
	for (int i = 0; last && i < last->n_parts; i++)
		if (strcmp(last->parts[i].unit, unit) == 0)
			snprintf(out, sizeof out, "%s", last->parts[i].after);
	records_release(&r);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
	buf_release(&text);
	return out;
}

/* State as the seeds have it after effects that change more than stands. */
static const struct {
	const char *what;
	const char *body;
	const char *unit;
	const char *want;
} states[] = {
	/* 002:195: "1 gun stand wrecked and remaining stands silenced" */
	{"withering fire on a battery", "unlimber bty\nturn 2 MEX\nphase fire offensive\n"
	 "fire 2lt@4 -> bty(enfiladed) [9]\n", "bty", "1 stand, 1 silenced, unlimbered"},
	/* 002:240: Hard Pressed silences and damages a gun stand; light carriage guns limber up */
	{"hard pressed battery", "unlimber bty\nturn 2 MEX\nphase charge\ncharge 2lt -> bty [7] | [7]\n",
	 "bty", "2 stands, 2 silenced, 1 damaged, limbered"},
	/* 000:624: a square on Fall Back holds in good order */
	{"square on fall back", "phase maneuver\nmc lee [5]: 5inf form square\nturn 2 MEX\nturn 3 US\n"
	 "phase maneuver\nmc [1]: 5inf(outflanked,greater-losses)\n", "5inf",
	 "8 stands, fresh (spirited 8: 8/5/3, 000:685), good order, square"},
	/* 000:634: raw troops forming a hasty square are disordered; so -1 more and a
	 * Desperate Struggle (8 against 8), both lose a stand (002:241) */
	{"raw hasty square", "battle \"B\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit r \"R\" inf raw spirited M stands=8 cmd=l line\nside MEX nation=MEX\n  leader m \"M\" able\n"
	 "  unit c \"C\" cav trained reliable none stands=6 cmd=m lancers\nturn 1 MEX\nphase maneuver\n"
	 "hasty-square r\nphase charge\ncharge c(ground=rough) -> r [5] | [8]\n",
	 "r", "7 stands, fresh (spirited 8: 8/5/3, 000:685), disordered, hasty-square"},
	/* 000:646: hasty only in the player turn formed; a square after */
	{"hasty square next turn", "turn 2 MEX\nphase maneuver\nhasty-square 8inf\nturn 3 US\nphase maneuver\n"
	 "mc lee [5]: 8inf\n", "8inf", "9 stands, fresh (spirited 9: 9/6/4, 000:686), good order, square"},
	/* the state follows the claimed effect with that effect's losses (002:195: Withering, 2) */
	{"claimed effect, its losses", "phase fire\nfire 5inf@6 -> 2lt [6] withering-fire\n", "2lt",
	 "8 stands, fresh (spirited 10: 10/7/4, 000:687), disordered, line"},
	/* and claimed losses alone: Telling as derived, with the 3 stands claimed */
	{"claimed losses alone", "phase fire\nfire 5inf@6 -> 2lt [9] loss=3\n", "2lt",
	 "7 stands, worn (spirited 10: 10/7/4, 000:687), disordered, line"},
	/* a charge as played: Driven Back claimed for a Hard Pressed (+2), 1 stand lost (002:239) */
	{"claimed charge effect, its losses", "phase charge\ncharge 8inf -> 2lt [5] | [4] : driven-back\n", "2lt",
	 "9 stands, fresh (spirited 10: 10/7/4, 000:687), disordered, line"},
	/* a ruling override sets the state: Galling with no loss, not Telling's 1 stand */
	{"ruling override", "phase fire\nfire 5inf@6 -> 2lt [9] =9 telling-fire\n"
	 "  ruling override galling-fire loss=0 by=u \"behind the wall\"\nfire 5inf@6 -> 2lt [1]\n", "2lt",
	 "10 stands, fresh (spirited 10: 10/7/4, 000:687), disordered, line"},
	/* 000:33: a heavy carriage gun is lost on Fall Back only within close range (002:42 says always) */
	{"heavy gun, fall back in close range", "battle \"H\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit hg \"HG\" gun trained hcHG stands=1 cmd=l unlimbered\nturn 1 US\nphase maneuver\n"
	 "mc l [2]: hg(close,outflanked)\n", "hg", "removed from the game"},
	/* 002:42 Fall Back: "Guns in close range limber and full retreat silenced": 2 +0 able
	 * +0 trained -2 outflanked = 0, US Fall Back; a light gun in close range */
	{"light gun, fall back in close range", "battle \"H\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit lg \"LG\" gun trained hlcLG stands=1 cmd=l unlimbered\nturn 1 US\nphase maneuver\n"
	 "mc l [2]: lg(close,outflanked)\n", "lg", "1 stand, 1 silenced, limbered"},
	{"heavy gun, fall back out of close range", "battle \"H\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit hg \"HG\" gun trained hcHG stands=1 cmd=l unlimbered\nturn 1 US\nphase maneuver\n"
	 "mc l [2]: hg(outflanked)\n", "hg", "1 stand, unlimbered"},
	/* 002:42 Wavering: "Broken troops reform. Remain disordered." */
	{"broken troops wavering reform", "break 5inf\nphase maneuver\nmc lee [1]: 5inf(greater-losses)\n", "5inf",
	 "8 stands, fresh (spirited 8: 8/5/3, 000:685), disordered, line"},
	/* 002:244 Repulsed: "ATTACKER ... Full retreat broken", every attacking unit */
	{"every unit of a repulsed side", "turn 2 MEX\nphase charge\ncharge 2lt, lancers -> 5inf [1] | [10]\n"
	 "turn 3 US\nphase fire\nfire 5inf@6 -> lancers [1]\n", "lancers",
	 "6 stands, fresh (reliable 6: 6/5/3, 000:683), broken"},
	/* 000:622 raw troops forming a deliberate square over rough ground are disordered */
	{"raw square over rough ground", "battle \"R\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit r \"R\" inf raw spirited M stands=8 cmd=l line\nturn 1 US\nphase maneuver\n"
	 "mc l [9]: r(ground=rough) form square\n", "r", "8 stands, fresh (spirited 8: 8/5/3, 000:685), disordered, square"},
	/* 000:416 Panic: "The unit loses formation" */
	{"broken troops lose their formation", "form 5inf march-column\ndisorder 5inf\nphase maneuver\n"
	 "mc [1]: 5inf(outflanked,greater-losses)\n", "5inf", "6 stands, fresh (spirited 8: 8/5/3, 000:685), broken"},
	/* 000:408: "If broken, a unit reforms into line facing toward the enemy" */
	{"broken troops rally into line", "form 5inf march-column\ndisorder 5inf\nphase maneuver\n"
	 "mc [1]: 5inf(outflanked,greater-losses)\nturn 2 MEX\nturn 3 US\nphase maneuver\nmc lee [9]: 5inf\n", "5inf",
	 "6 stands, fresh (spirited 8: 8/5/3, 000:685), good order, line"},
	/* 000:416 "Dismounted cavalry must mount and full retreat broken" */
	{"panic mounts dismounted cavalry", "dismount lancers\nturn 2 MEX\ndisorder lancers\nphase maneuver\n"
	 "mc [1]: lancers(outflanked)\n", "lancers", "4 stands, worn (reliable 6: 6/5/3, 000:683), broken"},
	/* 002:229: a leader out for a turn is not attached */
	{"leader out gives no attached bonus", "attach lee 5inf\nleader-out lee\nphase maneuver\n"
	 "mc [5]: 5inf =6 well-handled\n", "5inf", "8 stands, fresh (spirited 8: 8/5/3, 000:685), good order, line"},
};

static void test_state_after(void **state)
{
	(void)state;
	int failures = 0, n = sizeof states / sizeof states[0];
	for (int i = 0; i < n; i++) {
		const char *got = after_last(states[i].body, states[i].unit);
		if (strcmp(got, states[i].want) != 0) {
			print_error("%s:\n%s  want %s\n  got  %s\n", states[i].what, states[i].body, states[i].want, got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* An elite gun of 2 stands and two Mexican lines of 10 that fire on it. */
#define GUN_TARGET \
	"battle \"W\" rules=rff-maw\nside US nation=US\n  leader lee \"L\" gallant\n" \
	"  unit bty \"Duncan\" gun elite hlcLG stands=2 cmd=lee limbered battery\nside MEX nation=MEX\n" \
	"  leader art \"A\" able\n  unit a \"A\" inf trained spirited IM stands=10 cmd=art line\n" \
	"  unit b \"B\" inf trained spirited IM stands=10 cmd=art line\nturn 1 US daylight\nphase fire\n"

/* The state after, as named fields, worked out from the seeds. */
static const struct {
	const char *what;
	const char *body;
	enum audit_follow follow;
	char kind;
	const char *id;
	const char *want;
} field_cases[] = {
	/* an override of a charge sets its effect: Swept from the Field, not the
	 * Desperate Struggle logged (002:238: DEFENDER lose 2 stands, full
	 * retreat broken, losing its formation, 000:416; the attacker, infantry
	 * on open ground in a first combat, stays in good order, losing nothing) */
	{"ruling override of a charge, the defender", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
	 "  ruling override swept-from-the-field by=u \"smoke\"\n", FOLLOW_CLAIMED, 'U', "2lt",
	 "stands=8 order=broken formation=null"},
	{"ruling override of a charge, the attacker", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
	 "  ruling override swept-from-the-field by=u \"smoke\"\n", FOLLOW_CLAIMED, 'U', "8inf",
	 "stands=9 order=good-order formation=line"},
	/* a ruling override sets the state following the derivation too: the umpire's result
	 * is the one the game goes on from (Galling, 002:199: disordered, no stand; Telling
	 * would take one) */
	{"ruling override of a fire, derived", "phase fire\nfire 5inf@6 -> 2lt [9] =9 telling-fire\n"
	 "  ruling override galling-fire loss=0 by=u \"behind the wall\"\n", FOLLOW_DERIVED, 'U', "2lt",
	 "stands=10 order=disordered"},
	/* a ruling naming one unit of a check of two replaces that unit's claim
	 * alone: 8inf falls back, "retreat out of close range disordered"
	 * (002:42); 5inf's Double Quick stands, in good order */
	{"ruling override of one unit of a check", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 "
	 "double-quick; 8inf +1gallant +1vet +2fresh =9 double-quick\n  ruling override 8inf fall-back by=u \"u\"\n",
	 FOLLOW_CLAIMED, 'U', "8inf", "order=disordered"},
	{"ruling override of one unit of a check, the other", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh "
	 "=9 double-quick; 8inf +1gallant +1vet +2fresh =9 double-quick\n  ruling override 8inf fall-back by=u \"u\"\n",
	 FOLLOW_CLAIMED, 'U', "5inf", "order=good-order"},
	/* a ruling naming a unit of a charge gives its side the loss ruled,
	 * the effect as logged: a Desperate Struggle, each side a stand
	 * (002:241), but 2lt 3 by the ruling: 10 - 3 = 7, 8inf 9 - 1 = 8 */
	{"ruling override of one side's loss", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
	 "  ruling override 2LT loss=3 by=u \"u\"\n", FOLLOW_CLAIMED, 'U', "2lt", "stands=7"},
	{"ruling override of one side's loss, the other", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 "
	 "desperate-struggle\n  ruling override 2lt loss=3 by=u \"u\"\n", FOLLOW_CLAIMED, 'U', "8inf", "stands=8"},
	/* Withering Fire on a gun: 1 gun stand wrecked, one more on a 15 or more (002:195).
	 * 20 fire points +4 (002:190), limbered +1 (002:186): a 10 makes 15, both of
	 * bty's 2 stands; a 9 makes 14, one */
	{"withering fire on a gun at 15", GUN_TARGET "fire a:10@2, b:10@2 -> bty [10]\n", FOLLOW_DERIVED, 'U', "bty",
	 "stands=0 removed=true"},
	{"withering fire on a gun at 14", GUN_TARGET "fire a:10@2, b:10@2 -> bty [9]\n", FOLLOW_DERIVED, 'U', "bty",
	 "stands=1 removed=false"},
	/* the unit named in another case than declared: ids match without case */
	{"ruling override of one unit of a check, in capitals", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet "
	 "+2fresh =9 double-quick; 8inf +1gallant +1vet +2fresh =9 double-quick\n  ruling override 8INF fall-back "
	 "by=u \"u\"\n", FOLLOW_CLAIMED, 'U', "8inf", "order=disordered"},
	/* the first unit of a check, named */
	{"ruling override of a check's first unit", "phase maneuver\nmc lee [5]: 5inf +1gallant +1vet +2fresh =9 "
	 "double-quick; 8inf +1gallant +1vet +2fresh =9 double-quick\n  ruling override 5inf fall-back by=u \"u\"\n",
	 FOLLOW_CLAIMED, 'U', "5inf", "order=disordered"},
	/* a ruling naming the attacker with a loss alone keeps the effect logged:
	 * Swept from the Field, as played (002:238: the defender loses 2 stands
	 * and is broken), not the Desperate Struggle derived */
	{"ruling override of a side's loss keeps the effect logged", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 "
	 "swept-from-the-field\n  ruling override 8inf loss=3 by=u \"u\"\n", FOLLOW_CLAIMED, 'U', "2lt",
	 "stands=8 order=broken"},
	/* the attacker's too: 8inf 9 - 3 = 6 */
	{"ruling override of the attacker's loss", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
	 "  ruling override 8inf loss=3 by=u \"u\"\n", FOLLOW_CLAIMED, 'U', "8inf", "stands=6"},
	/* and of a charge logged by its difference alone */
	{"ruling override of a charge logged by difference", "phase charge\ncharge 8inf -> 2lt [5] | [5] : 1\n"
	 "  ruling override swept-from-the-field by=u \"smoke\"\n", FOLLOW_CLAIMED, 'U', "2lt",
	 "stands=8 order=broken formation=null"},
	/* a carried unit of 6 stands that began its campaign with 10, down to 5:
	 * by the 6 it starts with, 6/4/2 (000:683), fresh; by its original 10
	 * (campaign-strength=original), 10/7/4 (000:687), worn */
	{"carried strength", "battle \"C\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit c \"C\" inf veteran spirited M stands=6 original=10 cmd=l line carry\nturn 1 US\n"
	 "stands c -1 \"stragglers\"\n", FOLLOW_CLAIMED, 'U', "c", "stands=5 effectiveness=fresh"},
	{"original strength", "battle \"C\" rules=rff-maw\noption campaign-strength=original\nside US nation=US\n"
	 "  leader l \"L\" able\n  unit c \"C\" inf veteran spirited M stands=6 original=10 cmd=l line carry\n"
	 "turn 1 US\nstands c -1 \"stragglers\"\n", FOLLOW_CLAIMED, 'U', "c", "stands=5 effectiveness=worn"},
	/* original= counts only for a unit carried from an earlier battle */
	{"original strength, not carried", "battle \"C\" rules=rff-maw\noption campaign-strength=original\n"
	 "side US nation=US\n  leader l \"L\" able\n  unit c \"C\" inf veteran spirited M stands=6 original=10 cmd=l line\n"
	 "turn 1 US\nstands c -1 \"stragglers\"\n", FOLLOW_CLAIMED, 'U', "c", "stands=5 effectiveness=fresh"},
	/* 002:226 "Shot dead in the saddle", 002:228 "Remove leader from game" */
	{"shot dead", "attach lee 5inf\nphase fire\nfallen lee [10] shot-dead\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=false killed=true wounded=false removed=true attached=null out_until=null"},
	/* 002:229 "Mere flesh wound. Remove leader for one turn": a game turn, so he misses
	 * his side's next player turn (leader-out=own-turn): hit in US turn 1, out through turn 3 */
	{"flesh wound", "phase fire\nfallen lee [7] flesh-wound\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=false wounded=true killed=false removed=false out_until=3"},
	/* ... and back in play when turn 4 begins */
	{"back after a flesh wound", "phase fire\nfallen lee [7] flesh-wound\nturn 2 MEX\nturn 3 US\nturn 4 MEX\n",
	 FOLLOW_CLAIMED, 'L', "lee", "in_play=true wounded=true out_until=null"},
	/* 002:229 "Remove leader for one turn": back, he is attached to nothing until
	 * he attaches again at step 1 of a maneuver phase (002:49) */
	{"back after a flesh wound, unattached", "attach lee 5inf\nphase fire\nfallen lee [7] flesh-wound\n"
	 "turn 2 MEX\nturn 3 US\nturn 4 MEX\n", FOLLOW_CLAIMED, 'L', "lee", "in_play=true attached=null"},
	{"out for a turn, logged as an event", "attach lee 5inf\nleader-out lee\nturn 2 MEX\nleader-back lee\n",
	 FOLLOW_CLAIMED, 'L', "lee", "in_play=true attached=null"},
	/* 000:532 a unit "removed from the game immediately" takes its leader out of no game:
	 * he is attached to nothing */
	{"the unit removed", "attach lee 5inf\nremove 5inf\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=true removed=false attached=null"},
	{"the unit's last stand lost", "attach lee 5inf\nstands 5inf -8 \"deserted\"\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=true attached=null"},
	/* QRS Charge Table, Driven Back (002:239): "Light carriage guns limber up", with no
	 * exception for a fortified position (holding is Hard Pressed's, 002:240, 000:378).
	 * 9 +0 trained +2 fresh = 11 against 3 +2 elite -3 outnumbered 10:2 +3 fortified = 5
	 * (002:207-220): +6, Driven Back; the battery loses 1 stand */
	{"light guns driven back from works", "unlimber bty\nturn 2 MEX\nphase charge\ncharge 2lt -> bty(fortified) [9] | [3]\n",
	 FOLLOW_CLAIMED, 'U', "bty", "stands=1 limbered=true"},
	/* and Hard Pressed (002:240): "Troops and guns hold position if fortified": unlimbered
	 * still; 5 +2 = 7 against 5: +2 */
	{"light guns hard pressed in works", "unlimber bty\nturn 2 MEX\nphase charge\ncharge 2lt -> bty(fortified) [5] | [3]\n",
	 FOLLOW_CLAIMED, 'U', "bty", "stands=2 limbered=false damaged=1"},
	/* Massed Target (QRS Fire Combat, 002:197): "Units within 2\" behind target suffers
	 * the next lower effect": 8 points +0 at 6" (002:186), 9 = Telling on the 2nd Light
	 * (002:196), so Galling on the lancers behind: disordered, no stand (002:199) */
	{"the unit behind a massed target", "phase fire\nfire 5inf:8@6 -> 2lt(massed=lancers) [9]\n", FOLLOW_CLAIMED,
	 'U', "lancers", "stands=6 order=disordered"},
	/* hit in the other side's turn 2, his side's next turn is 3 */
	{"flesh wound in the enemy's turn", "turn 2 MEX\nphase fire\nfallen lee [7] flesh-wound\n", FOLLOW_CLAIMED, 'L',
	 "lee", "out_until=3"},
	/* the result alone may be claimed: 7 "Remove leader for one turn" (002:229) */
	{"out for one turn, the result alone", "phase fire\nfallen lee [7] out-one-turn\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=false out_until=3 wounded=true"},
	/* 002:230 "Horse shot out from under. Leader dismounted for one turn" */
	{"horse shot", "phase fire\nfallen lee [6] horse-shot\n", FOLLOW_CLAIMED, 'L', "lee",
	 "in_play=true dismounted=true wounded=false killed=false"},
	/* 002:227 "Mortally wounded", then a deputy takes over (002:49) */
	{"replaced after a mortal wound", "battle \"R\" rules=rff-maw\nside US nation=US\n  leader a \"A\" able\n"
	 "  leader b \"B\" poor under=a\n  unit u \"U\" inf veteran spirited M stands=8 cmd=a line\nturn 1 US\n"
	 "fallen a [9] mortally-wounded\nreplace a b\n", FOLLOW_CLAIMED, 'L', "a",
	 "removed=true killed=false wounded=true replaced_by=b in_play=false"},
	{"the deputy", "battle \"R\" rules=rff-maw\nside US nation=US\n  leader a \"A\" able\n"
	 "  leader b \"B\" poor under=a\n  unit u \"U\" inf veteran spirited M stands=8 cmd=a line\nturn 1 US\n"
	 "fallen a [9] mortally-wounded\nreplace a b\n", FOLLOW_CLAIMED, 'L', "b", "deputy_for=a in_play=true"},
	/* 002:198 a base die of 10 marks a unit firing half or more of its stands low on ammunition;
	 * 8 M stands at 6": 8 points, +0 (002:156, 002:186); total 10 against trained 2lt: Telling
	 * (002:196 four-column reading), 1 stand lost and disordered; 9 of 10 spirited: fresh (000:687) */
	{"low on ammunition: the firer", "phase fire\nfire 5inf:8@6 -> 2lt [10]\n",
	 FOLLOW_CLAIMED, 'U', "5inf", "low_ammo=true stands=8 order=good-order"},
	{"telling fire: the target", "phase fire\nfire 5inf:8@6 -> 2lt [10]\n", FOLLOW_CLAIMED, 'U', "2lt",
	 "stands=9 order=disordered formation=line effectiveness=fresh removed=false"},
	/* 002:195 Withering: 1 gun stand wrecked and the rest silenced */
	{"withering fire on a battery", "unlimber bty\nturn 2 MEX\nphase fire offensive\n"
	 "fire 2lt@4 -> bty(enfiladed) [9]\n", FOLLOW_CLAIMED, 'U', "bty",
	 "stands=1 wrecked=1 silenced=1 damaged=0 limbered=false removed=false effectiveness=null"},
	/* Galling on guns: "1 gun stand silenced" (002:199).  10 inferior muskets at 4", 1 point a
	 * stand (002:155), 10 points +1 (002:187): 5 +1 = 6, Galling in the elite column */
	{"galling fire on a battery", "unlimber bty\nturn 2 MEX\nphase fire\nfire 2lt@4 -> bty [5]\n", FOLLOW_CLAIMED, 'U',
	 "bty", "stands=2 silenced=1 damaged=0 wrecked=0"},
	/* Lively Fire from cannonade silences a gun (002:200): 2 US light gun stands at 14", 2 points
	 * a stand (002:166), 4 points -1 (002:185): 5 -1 = 4, Lively against trained guns */
	{"lively fire on a battery", "battle \"L\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
	 "  unit bty \"B\" gun elite hlcLG stands=2 cmd=l unlimbered battery\nside MEX nation=MEX\n"
	 "  unit g \"G\" gun trained olcLG stands=2 unlimbered battery\nturn 1 US\nphase fire\nfire bty:2@14 -> g [5]\n",
	 FOLLOW_CLAIMED, 'U', "g", "stands=2 silenced=1 damaged=0"},
	/* an attached leader goes with its unit into the event's state */
	{"the attached leader of a charger", "attach art 2lt\nturn 2 MEX\nphase charge\ncharge 2lt -> 5inf [8] | [1]\n",
	 FOLLOW_CLAIMED, 'L', "art", "attached=2lt in_play=true"},
	/* Swept at +8 (002:238): lancers 8 +0 trained +2 fresh (6 of 6 reliable, 000:683) +2 open ground
	 * = 12; 5inf 1 +1 vet +2 fresh = 4.  The defender loses 2 stands and is broken, losing its
	 * formation (000:416); 6 of 8 spirited is fresh (000:685, 8/5/3). */
	{"swept: the defender", "turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [8] | [1]\n", FOLLOW_CLAIMED,
	 'U', "5inf", "stands=6 order=broken formation=null effectiveness=fresh"},
	/* the cavalry winner is disordered (002:238) at the end of the charge phase */
	{"swept: the cavalry winner", "turn 2 MEX\nphase charge\ncharge lancers(ground=open) -> 5inf [8] | [1]\n",
	 FOLLOW_CLAIMED, 'U', "lancers", "stands=6 order=good-order disorder_pending=true mounted=true"},
	{"the winner's disorder at the next header", "turn 2 MEX\nphase charge\n"
	 "charge lancers(ground=open) -> 5inf [8] | [1]\nturn 3 US\n", FOLLOW_CLAIMED, 'U', "lancers",
	 "order=disordered disorder_pending=false"},
	/* 000:646 a hasty square is hasty only in the player turn it was formed */
	{"hasty square at the next turn", "turn 2 MEX\nphase maneuver\nhasty-square 8inf\nturn 3 US\n", FOLLOW_CLAIMED,
	 'U', "8inf", "formation=square"},
	/* following the derivation, nothing the rules forbid changes the state: a replenish
	 * logged after a Tardy (002:103 lists it under Well Handled only; 1 -2 +1 +2 = 2) */
	{"replenish after a tardy as played", "low-ammo 5inf\nphase maneuver\nmc [1]: 5inf =2 tardy\nreplenish 5inf\n",
	 FOLLOW_CLAIMED, 'U', "5inf", "low_ammo=false"},
	{"replenish after a tardy derived", "low-ammo 5inf\nphase maneuver\nmc [1]: 5inf =2 tardy\nreplenish 5inf\n",
	 FOLLOW_DERIVED, 'U', "5inf", "low_ammo=true"},
	/* a Mexican cavalry charge in disorder (002:107) has no combat */
	{"a forbidden charge derived", "disorder lancers\nturn 2 MEX\nphase charge\ncharge lancers -> 5inf [9] | [1]\n",
	 FOLLOW_DERIVED, 'U', "5inf", "stands=8 order=good-order"},
	/* a firer charging with cold steel does not fire (000:544): 8 muskets at 6" would be Telling */
	{"a forbidden firer as played", "phase fire\nfire 5inf:8@6(cold-steel) -> 2lt [9]\n", FOLLOW_CLAIMED, 'U', "2lt",
	 "stands=9 order=disordered"},
	{"a forbidden firer derived", "phase fire\nfire 5inf:8@6(cold-steel) -> 2lt [9]\n", FOLLOW_DERIVED, 'U', "2lt",
	 "stands=10 order=good-order"},
	/* markers: silence N and low-ammo N set how many gun stands carry them */
	{"silence some stands", "unlimber bty\nsilence bty 1\n", FOLLOW_CLAIMED, 'U', "bty", "silenced=1 stands=2"},
	{"silence every stand", "unlimber bty\nsilence bty\n", FOLLOW_CLAIMED, 'U', "bty", "silenced=2"},
	{"low on ammunition, two stands", "low-ammo bty 2\n", FOLLOW_CLAIMED, 'U', "bty", "low_ammo=true low_ammo_stands=2"},
	{"low on ammunition, one stand", "low-ammo bty\n", FOLLOW_CLAIMED, 'U', "bty", "low_ammo=true low_ammo_stands=1"},
	{"low-ammo after the audit marked it", "phase fire\nfire 5inf:8@6 -> 2lt [10]\nlow-ammo 5inf\n", FOLLOW_CLAIMED,
	 'U', "5inf", "low_ammo=true"},
	/* 000:632: a unit in open order cannot form a hasty square: as played it did; the
	 * derived (legal) state leaves it in open order */
	{"illegal hasty square as played", "form 2lt open\nturn 2 MEX\nphase maneuver\nhasty-square 2lt\n",
	 FOLLOW_CLAIMED, 'U', "2lt", "formation=hasty-square"},
	{"illegal hasty square derived", "form 2lt open\nturn 2 MEX\nphase maneuver\nhasty-square 2lt\n",
	 FOLLOW_DERIVED, 'U', "2lt", "formation=open"},
	/* 000:620: from march column a square needs better than Tardy; 1 -2 out of command +1 vet
	 * +2 fresh +1 column -1 key position lost = 2: US Tardy (002:41) */
	{"illegal square as played", "form 5inf march-column\nphase maneuver\nmc [1]: 5inf(key-lost) form square\n",
	 FOLLOW_CLAIMED, 'U', "5inf", "formation=square order=good-order"},
	{"illegal square derived", "form 5inf march-column\nphase maneuver\nmc [1]: 5inf(key-lost) form square\n",
	 FOLLOW_DERIVED, 'U', "5inf", "formation=march-column order=good-order"},
};

/* 002:183 "Muskets firing buck & ball in a charge, or sharpshooters" is one
 * line: one +1.  8 M stands at 4" are 8 points, +0 (002:156, 002:186), so
 * 5 +0 +1 = 6, Galling on a trained target; the claim's 7 is Telling. */
static void test_one_line_one_modifier(void **state)
{
	(void)state;
	const char *text = "battle \"BB\" rules=rff-maw\nside US nation=US\n  leader lee \"Lee\" able\n"
			   "  unit ri \"Rifles\" inf veteran spirited M stands=8 cmd=lee sharpshooters\n"
			   "side MEX nation=MEX\n  leader art \"Art\" able\n"
			   "  unit lc \"Lancers\" cav trained reliable none stands=6 cmd=art lancers\n"
			   "turn 1 MEX\nphase fire\nfire ri:8@4 -> lc(charging) [5] +0fp +1bb +1ss =7\n";
	assert_string_equal(audit_list(text, FOLLOW_CLAIMED),
			    "on-trust:note@10:6, state-diverged:note@10:16, on-trust:note@10:19, non-cumulative:error@10:43");
	assert_true(tu_has_tokens(fields_after(text, FOLLOW_DERIVED, 'U', "lc"), "stands=6 order=disordered"));
}

/* 000:716-720: national guard and auxiliaries are Mexican units. */
static void test_national_guard(void **state)
{
	(void)state;
	assert_string_equal(audit_list("battle \"N\" rules=rff-maw\nside US nation=US\n  leader l \"L\" able\n"
				       "  unit ng \"NG\" inf raw dispirited M stands=6 cmd=l national-guard\n"
				       "  unit ax \"AX\" inf raw dispirited M stands=6 cmd=l auxiliaries\n",
				       FOLLOW_CLAIMED),
			    "illegal-action:error@4:8, illegal-action:error@5:8");
	assert_string_equal(audit_list("battle \"N\" rules=rff-maw\nside MEX nation=MEX\n  leader l \"L\" able\n"
				       "  unit ng \"NG\" inf raw dispirited M stands=6 cmd=l national-guard\n",
				       FOLLOW_CLAIMED),
			    "");
}

static void test_state_fields(void **state)
{
	(void)state;
	int failures = 0;
	for (size_t i = 0; i < sizeof field_cases / sizeof field_cases[0]; i++) {
		const char *got = fields_after(field_cases[i].body, field_cases[i].follow, field_cases[i].kind,
					       field_cases[i].id);
		if (!tu_has_tokens(got, field_cases[i].want)) {
			print_error("%s:\n%s  want %s\n  got  %s\n", field_cases[i].what, field_cases[i].body,
				    field_cases[i].want, got);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* A ruling may name a unit of a reroll, whose units are those of the
 * charge it repeats, and that unit's side loses what the umpire rules:
 * 2lt's stands after loss=0 less those after loss=3 are 3, whatever the
 * struggles cost before. */
static void test_override_of_a_reroll(void **state)
{
	(void)state;
	int left[2];
	for (int i = 0; i < 2; i++) {
		char body[512];
		snprintf(body, sizeof body,
			 "phase charge\ncharge 8inf -> 2lt [5] | [5] : 0 desperate-struggle\n"
			 "  reroll [5] | [5] : 0 desperate-struggle\n  ruling override 2LT loss=%d by=u \"u\"\n", 3 * i);
		const char *got = fields_after(body, FOLLOW_CLAIMED, 'U', "2lt");
		const char *at = strstr(got, "stands=");
		assert_non_null(at);
		left[i] = atoi(at + strlen("stands="));
	}
	assert_int_equal(left[0] - left[1], 3);
	/* an override's result calls for a fallen-leader check (repulsed with
	 * a leader attached, 002:244): it is placed on the charge's line, on
	 * the attacker's die, since the effect is the ruling's, written on
	 * another line */
	assert_string_equal(audit_body("attach art lancers\nturn 2 MEX\nphase charge\ncharge lancers -> 5inf [1] | [10] : -8\n"
				       "  ruling override repulsed by=u \"r\"\n", FOLLOW_CLAIMED),
			    "missing-roll:warning@15:24, wrong-total:warning(overruled)@15:37");
}

/* The state counts at most STATE_MAX_STANDS (9999) stands and says so
 * when a manual adjustment would pass it: 5inf's 8 stands plus 101 times
 * 99 is 10 007, so the 101st adjustment (line 12 + 100) is flagged, and
 * that one only. */
static void test_stands_past_the_count(void **state)
{
	(void)state;
	struct buf body;
	buf_init(&body, 0);
	for (int i = 0; i < 101; i++)
		buf_puts(&body, "stands 5inf +99 \"reinforced\"\n");
	assert_string_equal(audit_body(body.text, FOLLOW_CLAIMED), "inconsistent-state:warning@112:13");
	assert_true(tu_has_tokens(fields_after(body.text, FOLLOW_CLAIMED, 'U', "5inf"), "stands=9999"));	/* 8 + 101 x 99, kept to the count */
	buf_release(&body);
}

/* only_record keeps the record of one statement alone (explain of a late
 * line writes no prose for the events before it); without it every event
 * keeps its own.  Palo Alto: the first fire's statement is kept, alone. */
static void test_only_record(void **state)
{
	(void)state;
	struct diags d;
	diags_init(&d, 50);
	struct battle *b = tu_parse_file("examples/palo-alto.battle", &d);
	assert_non_null(b);
	int fire = -1;
	for (int i = 0; i < b->n_stmts && fire < 0; i++)
		if (b->stmts[i].kind == ST_EVENT && b->stmts[i].file == 0 && b->stmts[i].line == 35)
			fire = i;
	assert_true(fire > 0);
	struct findings f;
	struct records all, one;
	findings_init(&f);
	records_init(&all);
	records_init(&one);
	struct audit_opts opts = {.records = &all};
	audit_battle(b, &opts, &f);
	assert_true(all.n > 100);
	findings_release(&f);
	findings_init(&f);
	opts = (struct audit_opts){.records = &one, .only_record = fire + 1};
	audit_battle(b, &opts, &f);
	assert_int_equal(one.n, 1);
	assert_int_equal(one.v[0].stmt, fire);
	assert_int_equal(records_find(&all, fire)->n_steps, one.v[0].n_steps);	/* the same derivation */
	/* a state event's parts by their kind: attach art 4line (line 20 of
	 * tests/reports/known.battle) names a leader, then a unit */
	struct battle *k = tu_parse_file("tests/reports/known.battle", &d);
	records_release(&all);
	records_init(&all);
	findings_release(&f);
	findings_init(&f);
	opts = (struct audit_opts){.records = &all};
	audit_battle(k, &opts, &f);
	const struct record *attach = NULL;
	for (int i = 0; i < all.n; i++)
		if (k->stmts[all.v[i].stmt].line == 20)
			attach = &all.v[i];
	assert_non_null(attach);
	assert_int_equal(attach->n_parts, 2);
	assert_int_equal(attach->parts[0].role, ROLE_LEADER);
	assert_string_equal(attach->parts[0].unit, "art");
	assert_int_equal(attach->parts[1].role, ROLE_UNIT);
	assert_string_equal(attach->parts[1].unit, "4line");
	battle_free(k);
	records_release(&all);
	records_release(&one);
	findings_release(&f);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stands_past_the_count),
		cmocka_unit_test(test_only_record),
		cmocka_unit_test(test_mistakes),
		cmocka_unit_test(test_artillery_commander),
		cmocka_unit_test(test_replace_cycle),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_option_precedence),
		cmocka_unit_test(test_large_unit),
		cmocka_unit_test(test_findings_side),
		cmocka_unit_test(test_follow),
		cmocka_unit_test(test_fire_mistakes),
		cmocka_unit_test(test_charge_mistakes),
		cmocka_unit_test(test_mex_cavalry_first_unit),
		cmocka_unit_test(test_core_events_first),
		cmocka_unit_test(test_battery_and_leader_out),
		cmocka_unit_test(test_check_steps),
		cmocka_unit_test(test_derived_actions),
		cmocka_unit_test(test_gun_half_steps),
		cmocka_unit_test(test_derived_charge),
		cmocka_unit_test(test_override_of_two),
		cmocka_unit_test(test_override_of_a_reroll),
		cmocka_unit_test(test_square_cites),
		cmocka_unit_test(test_form_after_tardy),
		cmocka_unit_test(test_low_ammo_once),
		cmocka_unit_test(test_most_stands),
		cmocka_unit_test(test_option_settings),
		cmocka_unit_test(test_illegal),
		cmocka_unit_test(test_state_after),
		cmocka_unit_test(test_state_fields),
		cmocka_unit_test(test_one_line_one_modifier),
		cmocka_unit_test(test_national_guard),
		cmocka_unit_test(test_cavalry_outnumbered),
		cmocka_unit_test(test_reroll),
		cmocka_unit_test(test_fire_state_claims),
		cmocka_unit_test(test_fallen_results),
		cmocka_unit_test(test_reading_options),
		cmocka_unit_test(test_reading_options_oob),
		cmocka_unit_test(test_low_ammunition),
		cmocka_unit_test(test_silenced_fire_derived),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
