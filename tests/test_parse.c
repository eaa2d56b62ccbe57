/* test_parse: every production accepted, every error class rejected with its
 * exact code and line:col, and the malformed-input corpus. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../audit/rff/rff_vocab.h"

/* Parses the prelude + body and asserts no diagnostic at all. */
static struct battle *clean_body(const char *body, struct diags *d)
{
	struct battle *b = tu_parse_body(body, d);
	if (d->n)
		fail_msg("unexpected diagnostics for %s: %s", body, tu_diag_list(d));
	return b;
}

static struct battle *clean_text(const char *text, struct diags *d)
{
	struct battle *b = tu_parse(text, d);
	if (d->n)
		fail_msg("unexpected diagnostics: %s", tu_diag_list(d));
	return b;
}

static const struct stmt *last_stmt(const struct battle *b, enum stmt_kind kind)
{
	for (int i = b->n_stmts - 1; i >= 0; i--)
		if (b->stmts[i].kind == kind)
			return &b->stmts[i];
	fail_msg("no statement of kind %d", kind);
	return NULL;
}

static void test_header(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_text(
		"battle \"Palo Alto\" id=palo date=1846-05-08 rules=RFF-MAW figures=15mm "
		"men-per-stand=40 start=14:00 turn-minutes=20\n"
		"scenario \"Palo Alto\" source=\"umpire examples\"\n"
		"special \"chaparral\"\n"
		"option panic-loss=TEXT\n"
		"result \"US victory\" victor=US\n"
		"side US nation=us players=2 \"Army\"\n"
		"  unit a \"A\" inf raw spirited M stands=4\n", &d);
	const struct stmt *s = &b->stmts[0];
	assert_int_equal(s->kind, ST_BATTLE);
	assert_string_equal(stmt_text(s), "Palo Alto");
	assert_string_equal(stmt_kv(s, "date")->value, "1846-05-08");
	assert_string_equal(stmt_kv(s, "start")->value, "14:00");
	assert_string_equal(stmt_kv(s, "men-per-stand")->value, "40");
	assert_int_equal(b->stmts[2].kind, ST_SPECIAL);
	assert_string_equal(stmt_text(&b->stmts[2]), "chaparral");
	assert_string_equal(b->stmts[3].u->option.value, "text");
	assert_string_equal(b->stmts[5].u->side.nation->word, "US");
	assert_int_equal(b->stmts[5].u->side.players, 2);
	assert_string_equal(b->vocab->name, "rff-maw");
	battle_free(b);
	diags_release(&d);
}

static void test_order_of_battle_aliases(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_text(
		"battle \"B\"\n"
		"side US nation=US\n"
		"  leader taylor \"Taylor\" able\n"
		"  leader duncan \"Duncan\" POOR artillery under=taylor\n"
		"  unit a \"A\" infantry crack spirited M stands=8 cmd=taylor extended-line dis\n"
		"  unit g \"G\" art green hc HG stands=2 cmd=duncan unlimbered fixed bty\n"
		"  unit r \"R\" gun veteran lcRK stands=1 section\n"
		"  unit c \"C\" cav vet spirited C stands=6 dismounted mr as=2drag carry vol\n", &d);
	const struct st_unit *a = &b->stmts[4].u->unit;
	assert_string_equal(battle_unit_word(a, RC_EXPERIENCE), "elite");
	assert_string_equal(battle_unit_word(a, RC_FORMATION), "open");
	assert_string_equal(battle_unit_word(a, RC_ORDER), "disordered");
	assert_string_equal(a->cmd, "taylor");
	const struct st_unit *g = &b->stmts[5].u->unit;
	assert_string_equal(battle_unit_word(g, RC_EXPERIENCE), "raw");
	assert_string_equal(battle_unit_word(g, RC_CARRIAGE), "hc");
	assert_string_equal(battle_unit_word(g, RC_WEAPON), "HG");
	assert_int_equal(g->n_flags, 2);
	const struct st_unit *r = &b->stmts[6].u->unit;
	assert_string_equal(battle_unit_word(r, RC_WEAPON), "HR");
	assert_string_equal(battle_unit_word(r, RC_CARRIAGE), "lc");
	/* its slot words kept in the order written: gun veteran lcRK, the
	 * joined carriage and weapon both at "lcRK" (column 26, 4 wide) */
	assert_int_equal(r->n_words, 4);
	assert_int_equal(r->words[0].word->cat, RC_ARM);
	assert_int_equal(r->words[1].word->cat, RC_EXPERIENCE);
	assert_int_equal(r->words[2].word->cat, RC_CARRIAGE);
	assert_int_equal(r->words[3].word->cat, RC_WEAPON);
	assert_int_equal(battle_unit_code(r, RC_ARM), RFF_GUN);
	assert_int_equal(battle_unit_code(r, RC_EXPERIENCE), RFF_VETERAN);
	assert_int_equal(battle_unit_code(r, RC_CARRIAGE), CAR_LC);
	assert_int_equal(battle_unit_code(r, RC_WEAPON), WPN_HR);
	assert_int_equal(battle_unit_at(r, RC_WEAPON).col, 26);
	assert_int_equal(battle_unit_at(r, RC_WEAPON).len, 4);
	assert_int_equal(battle_unit_at(r, RC_EXPERIENCE).col, 18);
	assert_int_equal(battle_unit_at(r, RC_EXPERIENCE).line, 7);
	/* a slot the unit does not give: no word, code 0, no place */
	assert_null(battle_unit_word(a, RC_CARRIAGE));
	assert_int_equal(battle_unit_code(a, RC_CARRIAGE), 0);
	assert_int_equal(battle_unit_at(a, RC_CARRIAGE).line, 0);
	const struct st_unit *c = &b->stmts[7].u->unit;
	assert_true(c->carry);
	assert_string_equal(c->as, "2drag");
	assert_int_equal(b->stmts[3].u->leader.n_flags, 1);
	assert_string_equal(b->stmts[3].u->leader.flags[0]->word, "arty");
	assert_string_equal(b->stmts[3].u->leader.rating->word, "poor");
	assert_string_equal(b->stmts[3].u->leader.under, "taylor");
	battle_free(b);
	diags_release(&d);
}

static void test_turns_and_phases(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_body("phase maneuver\nphase fire defensive\nphase fire off\n"
				      "phase charge\nturn 2 MEX twilight 2 evening\n"
				      "turn 3 night full-moon\nturn 4 US day\n", &d);
	const struct stmt *t2 = &b->stmts[tu_prelude_lines() + 4];
	assert_string_equal(t2->u->turn.side, "MEX");
	assert_string_equal(t2->u->turn.cond->word, "twilight");
	assert_int_equal(t2->u->turn.cond_num, 2);
	assert_string_equal(t2->u->turn.cond_word->word, "evening");
	const struct stmt *t3 = &b->stmts[tu_prelude_lines() + 5];
	assert_null(t3->u->turn.side);
	assert_string_equal(t3->u->turn.cond_word->word, "full-moon");
	assert_string_equal(b->stmts[tu_prelude_lines() + 1].u->phase.mode, "defensive");
	assert_string_equal(b->stmts[tu_prelude_lines() + 2].u->phase.mode, "offensive");
	assert_string_equal(last_stmt(b, ST_TURN)->u->turn.cond->word, "daylight");
	battle_free(b);
	diags_release(&d);
}

static void test_maneuver_check(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_body(
		"phase maneuver\n"
		"MC LEE [0]: 5INF(outflanked,ground=rough) +1vet fresh -2flank =10 DQ move charge 2lt, "
		"lancers cs; bty +2elite +2bty +1limb =14 well-handled unlimber form line\n"
		"mc d10[4]: 2lt -2ooc =2 tardy\n", &d);
	const struct ev_check *mc = &b->stmts[tu_prelude_lines() + 1].u->event.u.check;
	assert_string_equal(mc->leader, "lee");	/* the declared spelling of LEE */
	assert_int_equal(mc->die.value, 10);	/* [0] is 10 on a d10 */
	assert_int_equal(mc->n_lines, 2);
	const struct check_line *l = &mc->lines[0];
	assert_int_equal(l->unit.n_facts, 2);
	assert_string_equal(l->unit.facts[1].word->word, "ground");
	assert_string_equal(l->unit.facts[1].value, "rough");
	assert_int_equal(l->claim.n_mods, 3);
	assert_string_equal(l->claim.mods[1].code, "fresh");
	assert_false(l->claim.mods[1].has_value);
	assert_string_equal(l->claim.mods[2].code, "outflanked");
	assert_int_equal(l->claim.mods[2].value, -2);
	assert_int_equal(l->claim.total, 10);
	assert_string_equal(l->claim.effect->word, "double-quick");
	assert_int_equal(l->n_actions, 2);
	assert_string_equal(l->actions[1].verb->word, "charge");
	assert_int_equal(l->actions[1].n_targets, 2);
	assert_string_equal(l->actions[1].flag->word, "cold-steel");
	assert_int_equal(vocab_code(l->actions[1].flag), FACT_COLD_STEEL);	/* its code kept, as every word's */
	assert_string_equal(mc->lines[1].actions[1].word->word, "line");
	const struct ev_check *ooc = &b->stmts[tu_prelude_lines() + 2].u->event.u.check;
	assert_null(ooc->leader);
	assert_int_equal(ooc->die.die, 0);
	battle_free(b);
	diags_release(&d);
}

static void test_fire(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_body(
		"phase fire\n"
		"fire 5inf:8@6(charged), bty@30 [7] -> 2lt(cover=partial,massed=lancers) [9] pts=10 +1fp "
		"-1partial =9 tf checked loss=1\n", &d);
	const struct ev_fire *f = &b->stmts[tu_prelude_lines() + 1].u->event.u.fire;
	assert_int_equal(f->n_firers, 2);
	assert_int_equal(f->firers[0].stands, 8);
	assert_int_equal(f->firers[0].range, 6);
	assert_null(f->firers[0].hit);
	assert_int_equal(f->firers[1].stands, -1);
	assert_int_equal(f->firers[1].hit->value, 7);
	assert_int_equal(f->target.n_facts, 2);
	assert_int_equal(f->die.value, 9);
	assert_int_equal(claim_tally(&f->claim, RFF_TALLY_PTS)->value, 10);
	assert_null(claim_tally(&f->claim, RFF_TALLY_DISORDERED));
	assert_string_equal(f->claim.effect->word, "telling-fire");
	assert_string_equal(f->claim.outcome->word, "charge-checked");
	assert_int_equal(f->claim.loss, 1);
	/* each claim keeps its place on the line: column and length */
	const struct tally *pts = claim_tally(&f->claim, RFF_TALLY_PTS);
	assert_int_equal(pts->at.col, 77);	/* "pts=10": the key to its number */
	assert_int_equal(pts->at.len, 6);
	assert_int_equal(f->claim.total_at.col, 99);	/* "=9" */
	assert_int_equal(f->claim.total_at.len, 2);
	assert_int_equal(f->claim.effect_at.col, 102);	/* "tf", as written */
	assert_int_equal(f->claim.effect_at.len, 2);
	assert_int_equal(f->claim.loss_at.col, 113);	/* "loss=1" */
	assert_int_equal(f->claim.loss_at.len, 6);
	assert_int_equal(f->target.facts[0].at.col, 43);	/* "cover=partial": the word to its value */
	assert_int_equal(f->target.facts[0].at.len, 13);
	battle_free(b);
	diags_release(&d);
	/* a bare tally word counts one */
	b = clean_body("phase fire\nfire 5inf:8@6 -> 2lt [9] disordered\n", &d);
	f = &b->stmts[tu_prelude_lines() + 1].u->event.u.fire;
	assert_int_equal(claim_tally(&f->claim, RFF_TALLY_DISORDERED)->value, 1);
	battle_free(b);
	diags_release(&d);
}

static void test_charge_reroll_breakthrough(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_body(
		"phase charge\n"
		"charge 5inf(cold-steel), 8inf -> 2lt(favourable) [5] +1vet +2fresh +1cs =8 | [5] +2fresh =7 "
		": +1 hp\n"
		"  reroll [6] +1vet | [6] +2fresh : 0 ds\n"
		"  reroll [9] | [2] : +7 driven-back\n"
		"breakthrough 5inf -> lancers [7] +1bt | [3] : swept\n"
		"fallen art [8] grievously-wounded\n", &d);
	int base = tu_prelude_lines();
	const struct ev_clash *c = &b->stmts[base + 1].u->event.u.clash;
	assert_int_equal(c->side[0].n_units, 2);
	assert_int_equal(c->side[1].die.value, 5);
	assert_int_equal(c->side[1].claim.total, 7);
	assert_int_equal(c->diff, 1);
	assert_int_equal(c->diff_at.col, 95);	/* "+1" after the colon */
	assert_int_equal(c->diff_at.len, 2);
	assert_string_equal(c->effect->word, "hard-pressed");
	const struct ev_clash *r = &b->stmts[base + 2].u->event.u.clash;
	assert_int_equal(r->side[0].n_units, 0);
	assert_true(r->has_diff);
	assert_int_equal(r->diff, 0);
	assert_string_equal(r->effect->word, "desperate-struggle");
	assert_string_equal(b->stmts[base + 4].u->event.def->keyword, "breakthrough");
	assert_string_equal(b->stmts[base + 4].u->event.u.clash.effect->word, "swept-from-the-field");
	assert_string_equal(b->stmts[base + 5].u->event.u.leader_roll.effect->word, "grievously-wounded");
	battle_free(b);
	diags_release(&d);
}

static void test_state_events_and_ruling(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_body(
		"phase maneuver\n"
		"countercharge lancers -> 5inf\nhasty-square 5inf\nevade 2lt\n"
		"attach lee 5inf\ndetach lee\nleader-out art \"wounded\"\nleader-back art\n"
		"form 5inf square\nlimber bty\nunlimber bty\nmount lancers\ndismount lancers\n"
		"disorder 2lt\nrally 2lt\nbreak 2lt\nsilence bty\ndamage bty\nwreck bty\ngun-rally bty\n"
		"shelter bty 5inf\nlow-ammo 5inf\nreplenish 5inf\nstorming 8inf\n"
		"stands 8inf -2 \"lost on the march\"\nremove 2lt\narrive lancers\nnote \"free text\"\n"
		"  ruling override loss=1 by=\"J. Smith\" \"the chaparral\"\n", &d);
	const struct stmt *st = &b->stmts[tu_prelude_lines() + 24];
	assert_string_equal(st->u->event.def->keyword, "stands");
	assert_int_equal(st->u->event.u.state.args[1].num, -2);
	assert_string_equal(st->u->event.u.state.args[2].text, "lost on the march");
	const struct stmt *ruling = last_stmt(b, ST_RULING);
	assert_int_equal(ruling->u->ruling.verb, RULING_OVERRIDE);
	assert_int_equal(ruling->u->ruling.claim.loss, 1);
	assert_string_equal(stmt_kv(ruling, "by")->value, "J. Smith");
	assert_int_equal(b->stmts[ruling->u->ruling.event].u->event.def->shape->id, SHAPE_STATE);
	assert_null(ruling->u->ruling.unit);
	battle_free(b);
	diags_release(&d);
}

static void test_crlf_bom_comments(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = clean_text("\xEF\xBB\xBF" "battle \"B\"  # the header\r\n"
				      "side US nation=US\r\n# a note\r\n"
				      "  unit a \"A\" inf raw spirited M stands=4\r\n", &d);
	assert_int_equal(b->stmts[0].kind, ST_BATTLE);
	assert_string_equal(battle_comment(b, 0), "# the header");
	assert_int_equal(b->stmts[2].kind, ST_BLANK);
	assert_string_equal(battle_comment(b, 2), "# a note");
	assert_null(battle_comment(b, 1));
	assert_null(battle_comment(b, 3));
	assert_int_equal(b->stmts[3].u->unit.stands, 4);
	battle_free(b);
	diags_release(&d);
}

/* Turn numbers go up by one: a repeated number, a step back or a gap is
 * warned (turn-order); the next number is not. */
static void test_turn_order(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
				    "side MEX nation=MEX\n  unit c \"C\" inf raw spirited M stands=4\n"
				    "turn 1 US\nturn 2 MEX\nturn 2 US\nturn 1 MEX\nturn 3 US\nturn 5 MEX\n", &d);
	/* 2 after 2, 1 after 2, 3 after 1, 5 after 3 */
	assert_string_equal(tu_diag_list(&d), "turn-order@8:6, turn-order@9:6, turn-order@10:6, turn-order@11:6");
	battle_free(b);
	diags_release(&d);
}

/* A declaration with an error still registers its id: no second error. */
static void test_no_error_cascade(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"B\"\nside US nation=US\n"
				    "  unit a \"A\" inf supervet spirited M stands=4\n"
				    "  unit c \"C\" inf raw spirited M stands=4\n"
				    "turn 1 US\nphase fire\nfire a@4 -> c [5]\n", &d);
	assert_string_equal(tu_diag_list(&d), "unknown-word@3:18");
	battle_free(b);
	diags_release(&d);
}

/* Every error of a file is reported, each on its own line. */
static void test_all_errors_reported(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase maneuver\nmc lee [11]: 5inf\nmc lee [3]: 5inff\n"
					 "mc zed [3]: 5inf\nfire 5inf@3 -> 2lt [4]\n", &d);
	assert_string_equal(tu_diag_list(&d),
			    "out-of-range@13:8, unknown-id@14:13, unknown-id@15:4, misplaced@16:1");
	battle_free(b);
	diags_release(&d);
}

static void test_include(void **state)
{
	(void)state;
	FILE *f = fopen("build/test-include-oob.oob", "w");
	assert_non_null(f);
	fputs("side US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n  unit b \"B\" inf raw spirit\n", f);
	fclose(f);
	f = fopen("build/test-include.battle", "w");
	fputs("battle \"B\"\ninclude \"test-include-oob.oob\"\nturn 1 US\nnote \"x\"\n", f);
	fclose(f);
	struct diags d;
	struct battle *b = tu_parse_file("build/test-include.battle", &d);
	assert_string_equal(tu_diag_list(&d), "unknown-word@3:22");
	assert_int_equal(d.v[0].at.file, 1);
	assert_int_equal(b->src.v[1].included_at.line, 2);
	assert_int_equal(b->stmts[1].kind, ST_INCLUDE);
	assert_int_equal(b->stmts[1].u->include.file, 1);
	struct buf out;
	buf_init(&out, 0);
	diag_render(&d.v[0], &b->src, &out);
	assert_non_null(strstr(out.text, "in file included from build/test-include.battle:2:9\n"
					 "build/test-include-oob.oob:3:22: error unknown-word:"));
	buf_release(&out);
	battle_free(b);
	diags_release(&d);

	/* The same fragment twice: a file is read once, and the message says so;
	 * a fragment whose last line fails does not make its include line fail too. */
	f = fopen("build/test-twice.oob", "w");
	fputs("side US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n  unit b \"B\" inf raw spirited M =\n", f);
	fclose(f);
	f = fopen("build/test-twice.battle", "w");
	fputs("battle \"T\"\ninclude \"test-twice.oob\"\ninclude \"test-twice.oob\"\nturn 1 US\n", f);
	fclose(f);
	b = tu_parse_file("build/test-twice.battle", &d);
	assert_string_equal(tu_diag_list(&d), "include-failed@3:9, missing@3:8");
	assert_non_null(strstr(d.v[0].msg, "included already"));
	assert_int_equal(b->stmts[1].kind, ST_INCLUDE);
	assert_int_equal(b->stmts[5].kind, ST_INCLUDE);
	battle_free(b);
	diags_release(&d);

	f = fopen("build/test-cycle.battle", "w");
	fputs("battle \"C\"\ninclude \"test-cycle.battle\"\n", f);
	fclose(f);
	b = tu_parse_file("build/test-cycle.battle", &d);
	assert_string_equal(tu_diag_list(&d), "include-cycle@2:9");
	battle_free(b);
	diags_release(&d);
}

/* The malformed corpus: each input and exactly the diagnostics it must give,
 * as code@line:col.  Bodies follow tu_prelude (11 lines) unless FULL. */
#define FULL 1
static const struct {
	int full;
	const char *text;
	const char *want;
} corpus[] = {
	/* a check without a leader is one unit's own roll: a second unit is one too many */
	{0, "phase maneuver\nmc [6]: 5inf; 8inf\n", "too-many@13:15"},
	{0, "phase maneuver\nmc [6]: 5inf\n", ""},
	/* bad-token, bad-encoding, unterminated-string */
	{0, "note \"ok\" $\n", "bad-token@12:11"},
	{0, "note \"caf\xc3\xa9\" \x80\n", "bad-encoding@12:13"},
	{0, "note \"unclosed\n", "unterminated-string@12:6"},
	{0, "phase maneuver\nmc lee [6]: 5inf +1vet ^\n", "bad-token@13:24"},
	{0, "note \"x\" \t\x01\n", "bad-token@12:11"},
	{0, "phase maneuver\nmc lee [6]: 5inf\xe2\x80\x94" "8inf\n", "bad-token@13:17"},
	/* expected */
	{0, "phase maneuver\nmc lee 6: 5inf\n", "expected@13:8"},
	{0, "phase maneuver\nmc lee [6] 5inf\n", "expected@13:12"},
	{0, "phase fire\nfire 5inf:8@6 2lt [9]\n", "expected@13:15"},
	{0, "phase fire\nfire 5inf:8@6 -> 2lt\n", "expected@13:21"},
	{0, "phase charge\ncharge 5inf -> 2lt [5] [4]\n", "expected@13:24"},
	{0, "phase charge\ncharge 5inf -> 2lt [5] | [4] :\n", "expected@13:31"},
	{0, "turn 2 US twilight morning\n", "expected@12:20"},
	{FULL, "battle \"B\" id=\n", "expected@1:15"},
	{0, "phase maneuver\nmc lee [6]: 5inf =\n", "expected@13:19"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(cover=) [9]\n", "expected@13:26"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(cover [9]\n", "expected@13:26"},
	{0, "phase maneuver\nmc lee [6]: 5inf +2\n", "expected@13:18"},
	{FULL, "battle \"B\"\nside US nation=US\n  leader lee\n  unit a \"A\" inf raw spirited M stands=4\n",
	 "expected@3:13"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit 9 \"n\"\n", "empty-side@2:1, expected@3:8"},
	{0, "stands 5inf \"why\"\n", "expected@12:13"},
	{0, "phase maneuver\ncountercharge lancers 5inf\n", "expected@13:23"},
	{0, "phase maneuver\nmc lee\n", "expected@13:7"},
	{0, "phase maneuver\nmc lee [6]: 5inf form\n", "expected@13:22"},
	{0, "[3] mc\n", "expected@12:1"},
	{0, "phase fire\nfire 5inf:8 -> 2lt [3]\n", "expected@13:6"},
	/* trailing */
	{0, "note \"x\" \"y\"\n", "trailing@12:10"},
	{0, "phase maneuver extra\n", "trailing@12:16"},
	{0, "phase fire\nfire 5inf@6 -> 2lt [9] =9 telling-fire ;\n", "trailing@13:40"},
	{0, "limber bty now\n", "trailing@12:12"},
	/* unknown-keyword */
	{0, "advance 5inf\n", "unknown-keyword@12:1"},
	{0, "phase maneuver\nmcc lee [3]: 5inf\n", "unknown-keyword@13:1"},
	/* unknown-word */
	{0, "phase maneuver\nmc lee [6]: 5inf +1vett\n", "unknown-modifier@13:18"},
	{0, "phase maneuver\nmc lee [6]: 5inf =9 quick\n", "unknown-word@13:21"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(covered) [9]\n", "unknown-word@13:20"},
	{0, "phase gunfire\n", "unknown-word@12:7"},
	{0, "turn 2 MEX dusk\n", "unknown-word@12:12"},
	{0, "turn 2 MEX night cloudy\n", "unknown-word@12:18"},
	{0, "phase fire tactical\n", "unknown-word@12:12"},
	{0, "form 5inf wedge\n", "unknown-word@12:11"},
	{0, "phase charge\ncharge 5inf -> 2lt [5] | [4] : +3 pushed\n", "unknown-word@13:35"},
	{0, "fallen lee [7] scratched\n", "unknown-word@12:16"},
	{FULL, "battle \"B\"\nside US nation=FRA\n  unit a \"A\" inf raw spirited M stands=4\n",
	 "unknown-word@2:16"},
	{FULL, "battle \"B\" colour=red\n", "unknown-word@1:12"},
	{0, "phase maneuver\nmc lee [6]: 5inf =9 dq dance\n", "unknown-word@13:24"},
	{0, "phase maneuver\nmc lee [6]: 5inf form wedge\n", "unknown-word@13:23"},
	{0, "phase fire\nfire 5inf@6 -> 2lt [9] +1fp +2pluck\n", "unknown-modifier@13:29"},
	{0, "phase charge\ncharge 5inf -> 2lt [5] +1ooc | [4] : 1\n", "unknown-modifier@13:24"},
	/* unknown-rules */
	{FULL, "battle \"B\"\noption panic-loss=maybe\n", "unknown-rules@2:19"},
	{FULL, "battle \"B\" rules=dba\n", "unknown-rules@1:18"},
	{FULL, "battle \"B\"\noption fog=on\n", "unknown-rules@2:8"},
	/* unknown-id */
	{0, "phase maneuver\nmc lee [6]: 5inff\n", "unknown-id@13:13"},
	{0, "phase maneuver\nmc grant [6]: 5inf\n", "unknown-id@13:4"},
	{0, "phase fire\nfire 5inf@6 -> 3lt [9]\n", "unknown-id@13:16"},
	{0, "turn 2 FRA\n", "unknown-id@12:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4 cmd=zz\n",
	 "unknown-id@3:46"},
	{0, "attach grant 5inf\n", "unknown-id@12:8"},
	{0, "phase charge\ncharge 5inf, 9inf -> 2lt [5] | [4] : +1\n", "unknown-id@13:14"},
	{0, "fallen 5inff [3]\n", "unknown-id@12:8"},
	/* wrong-kind */
	{0, "attach 5inf lee\n", "wrong-kind@12:8, wrong-kind@12:13"},
	{0, "phase maneuver\nmc 5inf [6]: lee\n", "wrong-kind@13:4, wrong-kind@13:14"},
	/* before-declaration */
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4 cmd=lee\n"
	       "  leader lee \"L\" able\n", "before-declaration@3:46"},
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"A\" able under=b\n  leader b \"B\" gallant\n"
	       "  unit u \"U\" inf raw spirited M stands=4\n", "before-declaration@3:27"},
	/* duplicate-id */
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
	       "  unit a \"A2\" inf raw spirited M stands=4\n", "duplicate-id@4:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"L\" able\n"
	       "  unit a \"A\" inf raw spirited M stands=4\n", "empty-side@2:1, duplicate-id@4:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
	       "side us nation=MEX\n  unit b \"B\" inf raw spirited M stands=4\n", "duplicate-id@4:6"},
	/* duplicate */
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw veteran spirited M stands=4\n",
	 "duplicate@3:22"},
	{0, "phase maneuver\nmc lee [6]: 5inf =9 =8\n", "duplicate@13:21"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4 stands=5\n",
	 "duplicate@3:42"},
	{0, "phase maneuver\nmc lee [6]: 5inf dq tardy\n", "duplicate@13:21"},
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"A\" able poor\n"
	       "  unit u \"U\" inf raw spirited M stands=4\n", "duplicate@3:21"},
	{0, "phase fire\nfire 5inf@6 -> 2lt [9] loss=1 loss=2\n", "duplicate@13:31"},
	{0, "phase fire\nfire 5inf@6 -> 2lt [9] home checked\n", "duplicate@13:29"},
	/* out-of-range */
	{0, "phase maneuver\nmc lee [11]: 5inf\n", "out-of-range@13:8"},
	{0, "phase maneuver\nmc lee [-1]: 5inf\n", "out-of-range@13:8"},
	{0, "fallen lee d6[7]\n", "out-of-range@12:12"},
	{0, "phase fire\nfire 5inf:120@6 -> 2lt [9]\n", "out-of-range@13:11"},
	{0, "phase fire\nfire 5inf@300 -> 2lt [9]\n", "out-of-range@13:11"},
	{FULL, "battle \"B\" date=1846-02-30x\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1848-02-29\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n", ""},
	{0, "turn 2 MEX twilight 5 evening\n", "out-of-range@12:21"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=100\n",
	 "out-of-range@3:40"},
	{0, "phase maneuver\nmc lee d1[1]: 5inf\n", "out-of-range@13:8"},
	{FULL, "battle \"B\" start=25:00\n", "out-of-range@1:18"},
	/* missing */
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M\n", "missing@3:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf spirited M stands=3\n", "missing@3:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw M stands=3\n", "missing@3:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" raw spirited M stands=3\n", "missing@3:8"},
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"A\"\n  unit u \"U\" inf raw spirited M stands=4\n",
	 "missing@3:10"},
	{FULL, "battle \"B\"\nside US \"A\"\n  unit u \"U\" inf raw spirited M stands=4\n", "missing@2:6"},
	{0, "note \"x\"\nruling accept \"why\"\n", "missing@13:1"},
	/* misplaced */
	{0, "fire 5inf@6 -> 2lt [9]\n", "misplaced@12:1"},
	{0, "phase maneuver\nphase fire\nmc lee [6]: 5inf\n", "misplaced@14:1"},
	{0, "phase charge\nreroll [5] | [4] : 0\n", "misplaced@13:1"},
	{0, "ruling accept by=x \"y\"\n", "misplaced@12:1"},
	{0, "  unit z \"Z\" inf raw spirited M stands=3\n", "misplaced@12:3"},
	{0, "side FR nation=US\n", "misplaced@12:1"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\nscenario \"S\"\n",
	 "misplaced@4:1"},
	{FULL, "battle \"B\"\n  leader a \"A\" able\n", "misplaced@2:3"},
	{0, "phase maneuver\nmc lee [6]: 5inf\nturn 2 MEX\nreroll [5] | [4] : 0\n", "misplaced@15:1"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\nnote \"x\"\n",
	 "misplaced@4:1"},
	{FULL, "battle \"B\"\nbattle \"C\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n",
	 "misplaced@2:1"},
	{0, "phase maneuver\ncharge 5inf -> 2lt [5] | [4] : 0\n", "misplaced@13:1"},
	/* include-failed: and nothing that depends on it */
	{0, "include \"no-such-file.oob\"\n", "include-failed@12:9"},
	{FULL, "battle \"B\"\ninclude \"nope.oob\"\nturn 1 US\nphase fire\nfire a@4 -> b [5]\n",
	 "include-failed@2:9"},
	/* nothing invented after an error */
	{FULL, "battle \"B\"\nside MEX nation=MEX\n  unit zap \"Le\xf3n\" inf raw spirited IM stands=6\n"
	       "side US nation=US $\n  unit a \"A\" inf raw spirited M stands=4\nturn 1 US\nphase fire\n"
	       "fire a@4 -> zap [5]\n", "bad-encoding@3:15, bad-token@4:19"},
	{0, "phase manuever\nmc lee [6]: 5inf\n", "unknown-word@12:7"},
	{0, "phase maneuver\nfire 5inf@6 -> 2lt [9]\n  ruling override galling-fire by=x \"y\"\n",
	 "misplaced@13:1"},
	/* a ruling names a unit of its event, not another of the battle's */
	{0, "phase maneuver\nmc lee [6]: 5inf; 8inf\n  ruling override 2lt well-handled by=x \"y\"\n", "expected@14:19"},
	{0, "phase maneuver\nmc lee [6]: 5inf; 8inf\n  ruling override 8INF well-handled by=x \"y\"\n", ""},
	{0, "phase fire offensive\nphase fire defensive\n", "phase-order@13:7"},
	{0, "phase fire defensive\nphase maneuver\n", "phase-order@13:7"},	/* Maneuver (1st), then Musketry & Cannonade (2nd) (002:47, 002:56) */
	{FULL, "battle \"B\" date=1846-02-30\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1846-04-31\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1846-02-29\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-01-31\n", ""},	/* January has 31 days */
	{FULL, "battle \"B\" date=1847-01-32\n", "out-of-range@1:17"},
	/* every month's last day, and the day after it (the Gregorian calendar; 1847 no leap year) */
	{FULL, "battle \"B\" date=1847-03-31\n", ""},
	{FULL, "battle \"B\" date=1847-03-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-05-31\n", ""},
	{FULL, "battle \"B\" date=1847-05-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-06-30\n", ""},
	{FULL, "battle \"B\" date=1847-06-31\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-07-31\n", ""},
	{FULL, "battle \"B\" date=1847-07-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-08-31\n", ""},
	{FULL, "battle \"B\" date=1847-08-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-09-30\n", ""},
	{FULL, "battle \"B\" date=1847-09-31\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-10-31\n", ""},
	{FULL, "battle \"B\" date=1847-10-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-11-30\n", ""},
	{FULL, "battle \"B\" date=1847-11-31\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" date=1847-12-31\n", ""},
	{FULL, "battle \"B\" date=1847-12-32\n", "out-of-range@1:17"},
	{FULL, "battle \"B\" men-per-stand=0\n", "out-of-range@1:26"},
	{FULL, "battle \"B\" men-per-stand=1\n", ""},
	{FULL, "battle \"B\"\nside US nation=US players=99\n  unit a \"A\" inf raw spirited M stands=4\n", ""},
	{FULL, "battle \"B\"\nside US nation=US players=100\n  unit a \"A\" inf raw spirited M stands=4\n",
	 "out-of-range@2:27"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(cover=banana) [9]\n", "unknown-word@13:26"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(massed=nobody) [9]\n", "unknown-id@13:27"},
	/* a fire's gun marks count stands: at most 99 (silenced=N, damaged=N, wrecked=N) */
	{0, "phase fire\nfire 5inf@6 -> bty [9] silenced=99\n", ""},
	{0, "phase fire\nfire 5inf@6 -> bty [9] silenced=100\n", "out-of-range@13:33"},
	{0, "phase fire\nfire 5inf@6 -> bty [9] damaged=99\n", ""},
	{0, "phase fire\nfire 5inf@6 -> bty [9] damaged=100\n", "out-of-range@13:32"},
	{0, "phase fire\nfire 5inf@6 -> bty [9] wrecked=99\n", ""},
	{0, "phase fire\nfire 5inf@6 -> bty [9] wrecked=100\n", "out-of-range@13:32"},
	{0, "phase fire\nfire 5inf@6(charged=7) -> 2lt [9]\n", "unknown-word@13:20"},
	{0, "phase fire\nfire 5inf@6 -> 2lt(cover) [9]\n", "expected@13:25"},
	{0, "phase fire\nfire 5inf@0 -> 2lt [9]\n", ""},	/* a range of 0 is a range: in contact */
	{0, "phase fire\nlow-ammo bty -3\n", "out-of-range@13:14"},	/* a negative count is a count, out of range */
	{0, "result \"won\" victor=FRANCE\n", "unknown-id@12:21"},
	/* scenario balance (docs/notation.md): a draw, a scenario's id=, a side as its scenario names it */
	{0, "result \"even\" victor=draw\n", ""},
	{FULL, "battle \"B\"\nscenario \"The bridge\" id=bridge source=\"club\"\nside US nation=US as=attacker\n", "empty-side@3:1"},
	/* one name a side in its scenario, and none called draw (victor=draw is a draw) */
	{FULL, "battle \"B\"\nside US nation=US as=attacker\n  unit a \"A\" inf raw spirited M stands=4\n"
	       "side MEX nation=MEX as=Attacker\n  unit b \"B\" inf raw spirited M stands=4\n", "duplicate@4:24"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
	       "side MEX nation=MEX as=us\n  unit b \"B\" inf raw spirited M stands=4\n", "duplicate@4:24"},
	{FULL, "battle \"B\"\nside draw nation=US\n  unit a \"A\" inf raw spirited M stands=4\n", "duplicate@2:1"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=0\n",
	 "out-of-range@3:40"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=1000000\n",
	 "out-of-range@3:40"},
	{0, "phase maneuver\nmc lee [6]: 5inf +1000vet\n", "out-of-range@13:18"},
	{FULL, "", "no-header@1:1"},
	/* command-cycle, header statements once */
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"A\" able under=a\n  unit u \"U\" inf raw spirited M stands=4\n",
	 "command-cycle@3:27"},
	/* a -> c -> b -> a is one cycle (c named before it is declared), each
	 * member named once; d only hangs from it */
	{FULL, "battle \"B\"\nside US nation=US\n  leader a \"A\" able under=c\n  leader b \"B\" able under=a\n"
	       "  leader c \"C\" able under=b\n  leader d \"D\" able under=a\n  unit u \"U\" inf raw spirited M stands=4\n",
	 "before-declaration@3:27, command-cycle@3:27, command-cycle@4:27, command-cycle@5:27"},
	{FULL, "battle \"B\"\noption panic-loss=qrs\noption panic-loss=text\n", "duplicate@3:8"},
	{FULL, "battle \"B\"\nscenario \"S\"\nscenario \"T\"\n", "duplicate@3:1"},
	{0, "result \"a\"\nresult \"b\"\n", "duplicate@13:1"},
	/* too-many */
	{0, "phase maneuver\nmc [6]: 5inf; 8inf\n", "too-many@13:15"},
	/* warnings */
	{0, "turn 3 MEX\n", "turn-order@12:6"},
	{0, "phase charge\nphase maneuver\n", "phase-order@13:7"},
	{0, "phase maneuver\nmc lee [6]: 5inf +1vet +1vet\n", "repeated-modifier@13:24"},
	{FULL, "side US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n", "no-header@1:1"},
	{FULL, "battle \"B\"\nside US nation=US\n", "empty-side@2:1"},
	/* an include line in error reads nothing, and what it would have declared
	 * is not reported missing (docs/diagnostics.md, include-failed) */
	{FULL, "battle \"B\"\ninclude us\nside MEX nation=MEX\n  unit b \"B\" inf raw spirited M stands=4\n"
	       "turn 1 US\ndisorder a\n", "expected@2:9"},
	{FULL, "battle \"B\"\ninclude \"us\" \"x\"\nside MEX nation=MEX\n  unit b \"B\" inf raw spirited M stands=4\n"
	       "turn 1 US\ndisorder a\n", "trailing@2:14"},
	/* a misspelt turn line: the lines after it that need a turn are told once */
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\ntrun 1 US\nphase fire\n"
	       "disorder a\nphase maneuver\nrally a\n", "unknown-keyword@4:1, misplaced@5:1"},
	/* the victor's side may be declared in the include that failed */
	{FULL, "battle \"B\"\nresult \"won\" victor=US\ninclude \"no-such.oob\"\n", "include-failed@3:9"},
	/* a unit belongs to the side line above it, not to any side */
	{FULL, "battle \"B\"\nside US nation=US\nside MEX nation=MEX\n  unit a \"A\" inf raw spirited M stands=4\n",
	 "empty-side@2:1"},
	{FULL, "battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\nside MEX nation=MEX\n",
	 "empty-side@4:1"},
};

/* battle_fact finds a stated fact, by its word's code and, when asked, by
 * the place of its value in the word's spec ("open|broken|rough",
 * rff_vocab.c); the parser keeps both. */
static void test_battle_fact(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase charge\ncharge 8inf(cold-steel,ground=rough) -> 2lt [5] | [4]\n", &d);
	assert_int_equal(d.n_errors, 0);
	const struct uref *att = &last_stmt(b, ST_EVENT)->u->event.u.clash.side[0].units[0];
	assert_non_null(battle_fact(att, FACT_COLD_STEEL, 0));
	assert_null(battle_fact(att, FACT_COLD_STEEL, 3));		/* a bare fact has no value */
	assert_string_equal(battle_fact(att, FACT_GROUND, 0)->value, "rough");
	assert_int_equal(battle_fact(att, FACT_GROUND, 0)->value_index, 3);	/* the third of open|broken|rough */
	assert_non_null(battle_fact(att, FACT_GROUND, GROUND_ROUGH));
	assert_null(battle_fact(att, FACT_GROUND, GROUND_BROKEN));
	assert_null(battle_fact(att, FACT_OUTFLANKED, 0));
	assert_int_equal(battle_fact(att, FACT_GROUND, 0)->at.col, 24);
	battle_free(b);
	diags_release(&d);
}

/* Two slips of the table get a hint: an inch sign after a range, and a die
 * face without its closing bracket. */
static void test_hints(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase fire\nfire 5inf@6\" -> 2lt [9]\n", &d);
	assert_string_equal(tu_diag_list(&d), "unterminated-string@13:12");
	assert_non_null(strstr(d.v[0].msg, "without the \" sign"));
	battle_free(b);
	diags_release(&d);
	b = tu_parse_body("phase fire\nfire 5inf@6 -> 2lt [9 =9\n", &d);
	assert_string_equal(tu_diag_list(&d), "bad-token@13:20");
	assert_non_null(strstr(d.v[0].msg, "a die face without its closing ']'"));
	battle_free(b);
	diags_release(&d);
	b = tu_parse_body("phase fire\nfire 5inf@6 -> 2lt [x] =9\n", &d);
	assert_string_equal(tu_diag_list(&d), "bad-token@13:20");
	assert_non_null(strstr(d.v[0].msg, "a die face is written [N]"));
	battle_free(b);
	diags_release(&d);
	/* a misspelt keyword, unit and effect get a guess; the ruling after the
	 * failed line is not reported again as misplaced */
	b = tu_parse_body("phase fire\nfrie 5inf@6 -> 2lt [9]\n  ruling accept by=u \"ok\"\n"
			  "fire 5imf@6 -> 2lt [9] telling-fir\n", &d);
	assert_string_equal(tu_diag_list(&d), "unknown-keyword@13:1, unknown-id@15:6, unknown-word@15:24");
	assert_non_null(strstr(d.v[0].msg, "did you mean 'fire'?"));
	assert_non_null(strstr(d.v[1].msg, "did you mean '5inf'?"));
	assert_non_null(strstr(d.v[2].msg, "did you mean 'telling-fire'?"));
	battle_free(b);
	diags_release(&d);
}

/* The commonest slips at the table, each with its hint. */
static void test_slips(void **state)
{
	(void)state;
	static const struct {
		const char *body, *want, *hint;
	} slips[] = {
		{"turn 2 USA\n", "unknown-id@12:8", "did you mean 'US'?"},
		{"phase maneuver\nmc lee [5]: 5inf =10dq\n", "expected@13:19", "'=10 dq'"},
		{"phase maneuver\nmc lee [5]: 5inf =10 well handled\n", "unknown-word@13:22", "did you mean 'well-handled'?"},
		{"phase fire\nfire 5inf@6 -> 2lt [5] 8pts\n", "unknown-word@13:24", "'pts=8'"},
		{"phase maneuver\nmc lee [5]: 5inf +1vett\n", "unknown-modifier@13:18", "did you mean 'vet'?"},
		/* a code alone, before the total, that the rules do not have (000:326: no +1 for a
		 * mounted target): a warning, and the battle is audited */
		{"phase fire\nfire 5inf@6 -> 2lt [5] +0fp mounted =6\n", "unknown-modifier@13:29", "'mounted'"},
		{"phase maneuver\nmc lee [5]: 5inf +1vet fersh =8\n", "unknown-modifier@13:24", "did you mean 'fresh'?"},
		{"phase fire\nfire 5inf@6 -> 2lt [5] 8pts =5 galling-fire\n", "unknown-word@13:24", "'pts=8'"},
	};
	for (size_t i = 0; i < sizeof slips / sizeof slips[0]; i++) {
		struct diags d;
		struct battle *b = tu_parse_body(slips[i].body, &d);
		assert_string_equal(tu_diag_list(&d), slips[i].want);
		if (!strstr(d.v[0].msg, slips[i].hint))
			fail_msg("%s: '%s' has no %s", slips[i].body, d.v[0].msg, slips[i].hint);
		battle_free(b);
		diags_release(&d);
	}
}

/* What the declarations' errors say, and where: each names what stands
 * wrong and what was expected there. */
static void test_declaration_messages(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"B\" rules=rff-maw\n"
				    "  unit a \"A\" inf raw spirited M stands=4\n"
				    "side US nation=US\n"
				    "  leader lee \"Lee\" able zzz\n"
				    "  unit b \"B\" inf raw spirited M stands=4 cmd=lee frobnicate\n"
				    "turn 1 US\n"
				    "  unit c \"C\" inf raw spirited M stands=4 cmd=lee\n"
				    "phase maneuver\n"
				    "mc lee [6]: b =7 rally @ ; x\n",
				    &d);
	assert_string_equal(tu_diag_list(&d), "misplaced@2:3, unknown-word@4:25, unknown-word@5:50, misplaced@7:3, "
					      "trailing@9:24");
	assert_string_equal(d.v[0].msg, "a unit before the first side");
	assert_string_equal(d.v[1].msg, "unknown word 'zzz' in a leader: expected a leader rating (gallant, able, "
					"poor), arty or under=");
	assert_string_equal(d.v[2].msg, "unknown word 'frobnicate' in a unit: expected an arm, experience, morale "
					"class, weapon, carriage, formation, order, limber state, mount state or unit "
					"attribute of rff-maw");
	assert_string_equal(d.v[3].msg, "a unit declared after the first turn");
	assert_int_equal(d.v[4].at.len, 5);	/* from '@' to the last token, 'x' */
	battle_free(b);
	diags_release(&d);
	/* a check rolls one die: several faces are too many, said so */
	b = tu_parse("battle \"B\" rules=rff-maw\nside US nation=US\n  leader lee \"Lee\" able\n"
		     "  unit a \"A\" inf raw spirited M stands=4 cmd=lee\nturn 1 US\nphase maneuver\nmc lee [3,4]: a =5 tardy\n", &d);
	assert_string_equal(tu_diag_list(&d), "too-many@7:8");
	assert_string_equal(d.v[0].msg, "one die is rolled here; several faces are written");
	battle_free(b);
	diags_release(&d);
	/* a side without units: the warning's caret is the keyword "side" */
	b = tu_parse("battle \"B\" rules=rff-maw\nside US nation=US\nside MEX nation=MEX\n"
		     "  unit a \"A\" inf raw spirited M stands=4\n", &d);
	assert_string_equal(tu_diag_list(&d), "empty-side@2:1");
	assert_int_equal(d.v[0].at.len, 4);
	battle_free(b);
	diags_release(&d);
}

static void test_malformed_corpus(void **state)
{
	(void)state;
	int n = sizeof corpus / sizeof corpus[0];
	assert_true(n >= 60);
	int failures = 0;
	for (int i = 0; i < n; i++) {
		struct diags d;
		struct battle *b = corpus[i].full ? tu_parse(corpus[i].text, &d)
						  : tu_parse_body(corpus[i].text, &d);
		const char *got = tu_diag_list(&d);
		if (strcmp(got, corpus[i].want) != 0) {
			print_error("corpus %d: %s\n  want %s\n  got  %s\n", i, corpus[i].text,
				    corpus[i].want, got);
			failures++;
		}
		battle_free(b);
		diags_release(&d);
	}
	assert_int_equal(failures, 0);
}

/* A duplicate id says where the first was declared (an include read twice
 * would say so instead). */
static void test_duplicate_id_message(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse("battle \"B\"\nside US nation=US\n  unit a \"A\" inf raw spirited M stands=4\n"
				    "  unit a \"A2\" inf raw spirited M stands=4\n", &d);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].msg, "duplicate unit id 'a', first declared at"));
	assert_non_null(strstr(d.v[0].msg, ":3"));
	battle_free(b);
	diags_release(&d);
}

/* A number past nine digits is quoted as written, or as the bound it
 * passed, never as the value the lexer saturated it to (1000000000). */
static void test_huge_numbers_quoted(void **state)
{
	(void)state;
	static const struct {
		const char *body, *msg;
	} cases[] = {
		{"stands 5inf +2147483647\n", "+2147483647 is out of range (-99 to +99)"},
		{"phase maneuver\nmc [5]: 5inf +123456789012vet =3\n", "a modifier of +123456789012 is out of range"},
		/* quoted whole up to 24 characters, its sign counted; cut past them */
		{"phase maneuver\nmc [5]: 5inf +12345678901234567890123vet =3\n",
		 "a modifier of +12345678901234567890123 is out of range"},
		{"phase maneuver\nmc [5]: 5inf +123456789012345678901234vet =3\n",
		 "a modifier of +12345678901234567890123... is out of range"},
		{"phase fire\nfire 5inf@6 -> 2lt [77777777777777]\n", "face 999999999+ is outside a d10"},
		{"phase fire\nfire 5inf@6 -> 2lt d99999999999[3]\n", "a d999999999+ is no die"},
		{"phase fire\nfire 5inf@6 -> 2lt d0[1]\n", "a d0 is no die"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct diags d;
		struct battle *b = tu_parse_body(cases[i].body, &d);
		bool found = false;
		for (int k = 0; k < d.n; k++)
			found = found || strstr(d.v[k].msg, cases[i].msg) != NULL;
		if (!found)
			print_error("case %zu: no message with '%s' (%s)\n", i, cases[i].msg, tu_diag_list(&d));
		assert_true(found);
		battle_free(b);
		diags_release(&d);
	}
}

/* A line that ends too soon is marked one character wide just past its
 * end ("fire 5inf@6 ->" is 14 columns: the caret at 15), and a word by its
 * width. */
static void test_caret_widths(void **state)
{
	(void)state;
	struct diags d;
	struct battle *b = tu_parse_body("phase fire\nfire 5inf@6 ->\n", &d);
	assert_string_equal(tu_diag_list(&d), "expected@13:15");
	assert_int_equal(d.v[0].at.len, 1);
	battle_free(b);
	diags_release(&d);
	b = tu_parse_body("phase fire\nfire 5inf@6 -> 2lt [9] bogus\n", &d);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].at.col, 24);
	assert_int_equal(d.v[0].at.len, 5);
	battle_free(b);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_huge_numbers_quoted),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_order_of_battle_aliases),
		cmocka_unit_test(test_turns_and_phases),
		cmocka_unit_test(test_maneuver_check),
		cmocka_unit_test(test_fire),
		cmocka_unit_test(test_charge_reroll_breakthrough),
		cmocka_unit_test(test_state_events_and_ruling),
		cmocka_unit_test(test_crlf_bom_comments),
		cmocka_unit_test(test_no_error_cascade),
		cmocka_unit_test(test_turn_order),
		cmocka_unit_test(test_all_errors_reported),
		cmocka_unit_test(test_include),
		cmocka_unit_test(test_malformed_corpus),
		cmocka_unit_test(test_declaration_messages),
		cmocka_unit_test(test_duplicate_id_message),
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_slips),
		cmocka_unit_test(test_battle_fact),
		cmocka_unit_test(test_caret_widths),
	};
	return cmocka_run_group_tests(tests, NULL, tu_teardown);
}
