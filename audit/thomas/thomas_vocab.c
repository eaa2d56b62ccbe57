/* thomas_vocab: the words of Stephen Thomas's rules, its notation card and
 * its printed rules for citations.
 *
 * Citations are "003:LINE" into ../shared/seeds/003_837c7fc1ac983ce9.txt,
 * the rules' text as extracted: 31 long lines, most of the charts lost. */
#include "thomas.h"

#include "../state.h"

/* ORDER: the docs list the categories in this order. */
static const struct vocab_cat cats[TC_N] = {
	[TC_ARM] = {.name = "arm", .role = VR_UNIT_SLOT, .required = true},
	[TC_TROOP] = {.name = "troop type", .role = VR_UNIT_SLOT, .required = true},
	[TC_CLASS] = {.name = "fire class", .role = VR_UNIT_SLOT, .trailing = true},
	[TC_FORMATION] = {.name = "formation", .role = VR_UNIT_SLOT, .trailing = true},
	[TC_MOUNT] = {.name = "mount state", .role = VR_UNIT_SLOT, .trailing = true},
	[TC_RATING] = {.name = "officer level"},
	[TC_NATION] = {.name = "nation"},
	[TC_PHASE] = {.name = "phase"},
	[TC_DEPTH] = {.name = "stream depth"},
	[TC_EFFECT_FORD] = {.name = "fording result"},
	[TC_MOD_PASS] = {.name = "interpenetration modifier"},
	[TC_EFFECT_PASS] = {.name = "interpenetration result"},
	[TC_EFFECT_OFFICER] = {.name = "officer casualty result"},
	[TC_EFFECT_BLAZE] = {.name = "starting fire result"},
	[TC_EFFECT_COLOURS] = {.name = "colours result"},
	[TC_MOD_FIRE] = {.name = "fire modifier"},
	[TC_FACT_FIRE] = {.name = "fire fact"},
	[TC_MOD_MELEE] = {.name = "melee modifier"},
	[TC_MOD_MORALE] = {.name = "morale modifier"},
	[TC_FACT_MORALE] = {.name = "morale fact"},
	[TC_EFFECT_MORALE] = {.name = "morale result"},
	[TC_EFFECT_CLOSE] = {.name = "close result"},
	[TC_EFFECT_PURSUIT] = {.name = "pursuit result"},
	[TC_EFFECT_DAMAGE] = {.name = "counter-battery damage"},
	[TC_TALLY] = {.name = "loss claim"},
	[TC_OPTION] = {.name = "rule option"},
};

#define WC(c, w, k, d, ci) {.cat = TC_##c, .word = w, .code = k, .doc = d, .cite = ci}
#define A(c, alias, to) {.cat = TC_##c, .word = alias, .canon = to}
#define MOD(c, w, k, d, ci) WC(MOD_##c, w, TM_##k, d, ci)
#define OPT(w, values, d, ci) {.cat = TC_OPTION, .word = w, .doc = d, .cite = ci, .spec = values}

static const struct vocab_word words[] = {
	WC(ARM, "inf", TA_INF, "infantry", "003:4"),
	A(ARM, "infantry", "inf"),
	WC(ARM, "cav", TA_CAV, "cavalry", "003:18"),
	A(ARM, "cavalry", "cav"),
	WC(ARM, "art", TA_ART, "artillery: stands= counts its crew figures", "003:12"),
	A(ARM, "artillery", "art"),

	WC(TROOP, "us-regular", TT_US_REGULAR, "US Regulars", "003:13"),
	WC(TROOP, "us-volunteer", TT_US_VOLUNTEER, "US Volunteers", "003:18"),
	WC(TROOP, "us-militia", TT_US_MILITIA, "US Militia", "003:21"),
	WC(TROOP, "us-sharpshooter", TT_US_SHARPSHOOTER, "US Sharpshooters", "003:13"),
	WC(TROOP, "us-frontier", TT_US_FRONTIER, "US Frontier Volunteers", "003:13"),
	WC(TROOP, "us-irregular", TT_US_IRREGULAR, "US Irregulars", "003:13"),
	WC(TROOP, "mex-elite", TT_MEX_ELITE, "Elite Mexicans", "003:13"),
	WC(TROOP, "mex-regular", TT_MEX_REGULAR, "Mexican Regulars", "003:18"),
	WC(TROOP, "mex-militia", TT_MEX_MILITIA, "Mexican Militia", "003:18"),

	WC(CLASS, "I", 1, "fire class I (US Sharpshooters)", "003:13"),
	WC(CLASS, "II", 2, "fire class II (US Frontier Volunteers)", "003:13"),
	WC(CLASS, "III", 3, "fire class III (US Regulars, Elite Mexicans, US cavalry, US Irregulars)", "003:13"),
	WC(CLASS, "IV", 4, "fire class IV (other Mexicans, other cavalry)", "003:13"),

	WC(FORMATION, "line", TF_LINE, "line (the default)", "003:32"),
	WC(FORMATION, "column", TF_COLUMN, "tactical column", "003:32"),
	WC(FORMATION, "march", TF_MARCH, "march column", "003:32"),
	WC(FORMATION, "square", TF_SQUARE, "square, hollow or solid", "003:32"),
	WC(FORMATION, "skirmish", TF_SKIRMISH, "skirmish line", "003:32"),
	WC(FORMATION, "anchored", TF_ANCHORED, "anchored line", "003:32"),
	WC(MOUNT, "mounted", TMT_MOUNTED, "cavalry mounted (the default)", "003:18"),
	WC(MOUNT, "dismounted", TMT_DISMOUNTED, "cavalry dismounted", "003:18"),

	WC(RATING, "army", 1, "the army commander", "003:28"),
	WC(RATING, "division", 2, "a divisional officer", "003:28"),
	WC(RATING, "brigade", 3, "a brigade officer", "003:28"),

	WC(NATION, "us", TN_US, "the United States", "003:13"),
	WC(NATION, "mexico", TN_MEXICO, "Mexico", "003:13"),
	A(NATION, "mex", "mexico"),

	WC(PHASE, "orders", 0, "1. write orders", "003:4"),
	WC(PHASE, "options", 0, "2. place unit move options", "003:5"),
	WC(PHASE, "charges", 0, "3. declare charges", "003:5"),
	WC(PHASE, "forced", 0, "4. move all forced moves", "003:5"),
	WC(PHASE, "moves", 0, "5. move normal moves", "003:5"),
	WC(PHASE, "fire", 0, "6. fire artillery and small arms", "003:5"),
	WC(PHASE, "melee", 0, "7. melee resolution", "003:5"),
	WC(PHASE, "morale", 0, "8. morale checks", "003:5"),

	WC(DEPTH, "deep", TD_DEEP, "a deep stream: fordable at road intercepts", "003:4"),
	WC(DEPTH, "shallow", TD_SHALLOW, "a shallow stream: fordable at all points", "003:4"),
	WC(EFFECT_FORD, "fordable", TFO_FORDABLE, "a fordable spot", "003:4"),
	WC(EFFECT_FORD, "unfordable", TFO_UNFORDABLE, "no ford here", "003:4"),

	MOD(PASS, "regular", REGULAR, "+3 US Regular", "003:7"),
	WC(EFFECT_PASS, "passes", TPA_PASSES, "12 or more: no interpenetration problem", "003:7"),
	WC(EFFECT_PASS, "unformed", TPA_UNFORMED, "under 12: the unit is unformed", "003:7"),

	WC(EFFECT_OFFICER, "removed", TO_REMOVED, "a 1: the officer is removed from play", "003:12"),
	WC(EFFECT_OFFICER, "unhurt", TO_UNHURT, "the officer is unhurt", "003:12"),
	WC(EFFECT_BLAZE, "burns", TB_BURNS, "an 8, 9 or 0: the building is on fire", "003:9"),
	WC(EFFECT_BLAZE, "fails", TB_FAILS, "no fire", "003:9"),
	WC(EFFECT_COLOURS, "lost", TCO_LOST, "a 1: the unit lost its colours", "003:20"),
	WC(EFFECT_COLOURS, "kept", TCO_KEPT, "the colours are kept", "003:20"),

	MOD(FIRE, "suspicion", SUSPICION, "+2 suspicion fire at a hidden unit (to each die)", "003:31"),
	MOD(FIRE, "ranks", RANKS, "ranks deep or enfilade (chart)", "003:12"),
	A(MOD_FIRE, "enfilade", "ranks"),
	MOD(FIRE, "operation", OPERATION, "the firer did another operation this turn (chart)", "003:6"),
	WC(FACT_FIRE, "hidden", TX_HIDDEN, "the target is in woods away from the edge: suspicion fire", "003:31"),
	WC(FACT_FIRE, "ranks", TX_RANKS, "artillery fires through 3 ranks, or in enfilade", "003:12"),
	WC(FACT_FIRE, "canister", TX_CANISTER, "artillery fires canister: the dice the chart lists", "003:11"),

	MOD(MELEE, "flank", FLANK, "a flank attack (chart)", "003:20"),
	MOD(MELEE, "cover", COVER, "in cover (chart)", "003:17"),
	MOD(MELEE, "unformed", UNFORMED, "unformed (chart)", "003:17"),

	MOD(MORALE, "unformed", UNFORMED, "-2 the unit is unformed", "003:23"),
	MOD(MORALE, "casualties", CASUALTIES, "-1 per each 10% casualties", "003:23"),
	MOD(MORALE, "officer", OFFICER, "+N an officer's influence (as claimed)", "003:23"),
	MOD(MORALE, "cover", COVER, "+1 in or behind cover", "003:23"),
	MOD(MORALE, "flank", FLANK, "+2 charging the enemy's flank or rear", "003:23"),
	MOD(MORALE, "square", SQUARE, "+2 infantry in square against mounted cavalry", "003:23"),
	MOD(MORALE, "fear", FEAR, "-1 fear of disaster: US Volunteers and Mexican Militia", "003:25"),
	MOD(MORALE, "works", WORKS, "-1 ordered to charge prepared works (to close)", "003:15"),
	MOD(MORALE, "square-charged", SQUARE_CHARGED, "+4 infantry in square charged by cavalry (to stand)", "003:16"),
	WC(FACT_MORALE, "cover", TX_COVER, "the unit is in or behind cover", "003:23"),
	WC(FACT_MORALE, "flank", TX_FLANK, "the unit charges the enemy's flank or rear", "003:23"),
	WC(FACT_MORALE, "cavalry", TX_CAVALRY, "the enemy is mounted cavalry", "003:23"),
	WC(FACT_MORALE, "fear", TX_FEAR, "a fear of disaster check: a friend routed near", "003:25"),
	WC(FACT_MORALE, "works", TX_WORKS, "the charge is against prepared works", "003:15"),

	WC(EFFECT_MORALE, "steady", TME_STEADY, "no adverse effect", "003:19"),
	WC(EFFECT_MORALE, "fall-back", TME_FALL_BACK, "the unit moves back 9\" facing the enemy", "003:24"),
	WC(EFFECT_MORALE, "rout", TME_ROUT, "the unit routs", "003:25"),
	WC(EFFECT_CLOSE, "closes", TCL_CLOSES, "the charging unit completes the charge", "003:16"),
	WC(EFFECT_CLOSE, "holds", TCL_HOLDS, "a negative result: it holds its position this turn", "003:15"),
	WC(EFFECT_PURSUIT, "advance", TPU_ADVANCE, "the victor advances 1 move", "003:20"),
	WC(EFFECT_PURSUIT, "hold", TPU_HOLD, "the victor holds its position", "003:20"),
	WC(EFFECT_DAMAGE, "one-crew", TDA_ONE_CREW, "1-6: 1 crew figure is a casualty", "003:10"),
	WC(EFFECT_DAMAGE, "two-crew", TDA_TWO_CREW, "7-9: 2 crew figures are casualties", "003:10"),
	WC(EFFECT_DAMAGE, "destroyed", TDA_DESTROYED, "10, then 6-10: the gun is destroyed", "003:11"),
	WC(EFFECT_DAMAGE, "spared", TDA_SPARED, "10, then 1-5: the text does not say", "003:11"),

	{.cat = TC_TALLY, .word = "hits", .code = TY_HITS, .doc = "hits=N: enemy figures removed by fire", .cite = "003:13",
	 .num_max = 999, .num_what = "hits", .key = "hits"},
	{.cat = TC_TALLY, .word = "casualties", .code = TY_CASUALTIES, .doc = "casualties=N: inflicted in melee",
	 .cite = "003:17", .num_max = 999, .num_what = "casualties", .key = "casualties"},
	A(TALLY, "ca", "casualties"),

	OPT("square-stand", "replace|add",
	    "infantry in square charged by cavalry: the stand check's +4 (003:16) replaces the morale check's +2 (003:23), or adds to it",
	    "003:16"),
	OPT("converge-wait", "this-turn|before",
	    "converging units \"must remain stationary for 2 full turns, not engaged in firing or melee\" (Converged Units, 003:28): this turn and the last, or the two full turns before this one",
	    "003:28"),
	OPT("negative-result", "adverse|below-base",
	    "to close, a \"negative result on the morale table\" (003:15): any result but steady (the chart file's), or a total below the morale points",
	    "003:15"),
};

/* The turn of 003:4-5: eight phases, both sides in each. */
static const struct vocab_phase phases[] = {
	{"orders", NULL, TP_ORDERS, 1, "the Orders phase"},
	{"options", NULL, TP_OPTIONS, 2, "the Move Options phase"},
	{"charges", NULL, TP_CHARGES, 3, "the Declare Charges phase"},
	{"forced", NULL, TP_FORCED, 4, "the Forced Moves phase"},
	{"moves", NULL, TP_MOVES, 5, "the Normal Moves phase"},
	{"fire", NULL, TP_FIRE, 6, "the Fire phase"},
	{"melee", NULL, TP_MELEE, 7, "the Melee phase"},
	{"morale", NULL, TP_MORALE, 8, "the Morale phase"},
};

#define STATE(kw, s, ph, d, c) {.keyword = kw, .shape = &shape_state, .sig = s, .phases = ph, .doc = d, .code = c}
#define CORE(kw, s, d, c) {.keyword = kw, .shape = &shape_state, .sig = s, .phases = VOCAB_ANY_PHASE, .doc = d, .core = c}
#define CHECK(kw, ph, c, d) .keyword = kw, .shape = &shape_check, .phases = ph, .code = c, .doc = d
#define ROLLING (TP_CHARGES | TP_FORCED | TP_MOVES | TP_MELEE | TP_MORALE)

static const struct vocab_event events[] = {
	{.keyword = "stream", .shape = &shape_state, .sig = "SDW", .phases = VOCAB_ANY_PHASE, .arg = TC_DEPTH,
	 .code = TE_STREAM, .doc = "a stream's depth: stream \"NAME\" [d10] deep|shallow"},
	{CHECK("ford", TP_FORCED | TP_MOVES, TE_FORD, "a test for a ford: ford [d10]: UNIT fordable|unfordable"),
	 .effects = TC_EFFECT_FORD},
	{CHECK("interpenetrate", TP_FORCED | TP_MOVES, TE_PASS,
	       "interpenetration: interpenetrate [d10]: UNIT [+3regular] [=TOTAL] passes|unformed"),
	 .mods = TC_MOD_PASS, .effects = TC_EFFECT_PASS},
	{.keyword = "officer", .shape = &shape_leader_roll, .phases = TP_FIRE | TP_MELEE, .code = TE_OFFICER,
	 .effects = TC_EFFECT_OFFICER, .doc = "fire on an officer: officer LEADER [d10] removed|unhurt"},
	{CHECK("blaze", TP_FIRE, TE_BLAZE, "starting fires: blaze [d10]: BATTERY burns|fails"), .effects = TC_EFFECT_BLAZE},
	{CHECK("colours", VOCAB_ANY_PHASE, TE_COLOURS, "capturing colours: colours [d10]: UNIT lost|kept"),
	 .effects = TC_EFFECT_COLOURS},
	{.keyword = "fire", .shape = &shape_fire, .phases = TP_FIRE | TP_MELEE, .code = TE_FIRE, .dice = 64,
	 .mods = TC_MOD_FIRE, .facts = TC_FACT_FIRE, .tallies = TC_TALLY,
	 .doc = "fire: fire UNIT[:FIGURES]@RANGE -> TARGET[(facts)] [d10,...] [mods] hits=N"},
	{CHECK("damage", TP_FIRE | TP_MELEE, TE_DAMAGE,
	       "counter-battery damage: damage d10[n] or d10[10,n]: BATTERY one-crew|two-crew|destroyed|spared"),
	 .dice = 2, .effects = TC_EFFECT_DAMAGE},
	{.keyword = "melee", .shape = &shape_clash, .phases = TP_MELEE, .code = TE_MELEE, .mods = TC_MOD_MELEE,
	 .tallies = TC_TALLY,
	 .doc = "melee: melee ATT -> DEF [d10] [mods] [=BASE] casualties=N | [d10] [mods] [=BASE] casualties=N"},
	{CHECK("morale", TP_MELEE | TP_MORALE, TE_MORALE,
	       "a morale check: morale [d10]: UNIT[(facts)] [mods] [=TOTAL] steady|fall-back|rout"),
	 .mods = TC_MOD_MORALE, .facts = TC_FACT_MORALE, .effects = TC_EFFECT_MORALE},
	{CHECK("close", ROLLING, TE_CLOSE, "will the charger close: close [d10]: UNIT[(facts)] [mods] [=TOTAL] closes|holds"),
	 .mods = TC_MOD_MORALE, .facts = TC_FACT_MORALE, .effects = TC_EFFECT_CLOSE},
	{CHECK("stand", ROLLING, TE_STAND,
	       "will the defender stand: stand [d10]: UNIT[(facts)] [mods] [=TOTAL] steady|fall-back|rout"),
	 .mods = TC_MOD_MORALE, .facts = TC_FACT_MORALE, .effects = TC_EFFECT_MORALE},
	{CHECK("pursuit", TP_MELEE | TP_MORALE, TE_PURSUIT,
	       "the victor's pursuit check: pursuit [d10]: UNIT[(facts)] [mods] [=TOTAL] advance|hold"),
	 .mods = TC_MOD_MORALE, .facts = TC_FACT_MORALE, .effects = TC_EFFECT_PURSUIT},
	STATE("options", "UC", TP_OPTIONS, "options UNIT N: the move options placed for the unit", TE_OPTIONS),
	STATE("converge", "UU", VOCAB_ANY_PHASE, "converge INTO FROM: two depleted units become one", TE_CONVERGE),
	{.keyword = "form", .shape = &shape_state, .sig = "UW", .phases = VOCAB_ANY_PHASE, .arg = TC_FORMATION,
	 .code = TE_FORM, .doc = "form UNIT FORMATION"},
	STATE("unformed", "US?", VOCAB_ANY_PHASE, "unformed UNIT [\"why\"]: crossing water, artillery in woods", TE_UNFORMED),
	STATE("reorder", "U", VOCAB_ANY_PHASE, "reorder UNIT: a full turn's regrouping ends unorder", TE_REORDER),
	STATE("mount", "U", VOCAB_ANY_PHASE, "mount UNIT", TE_MOUNT),
	STATE("dismount", "U", VOCAB_ANY_PHASE, "dismount UNIT", TE_DISMOUNT),
#define CORE_EVENT(kw, s, d, verb) CORE(kw, s, d, verb),
#include "../core_events.def"
#undef CORE_EVENT
};

/* The charts the text lost (003:12-24), as a chart file gives them:
 * docs/charts.md. */
static const struct vocab_chart_column classes[] = {{"I", VC_NONE}, {"II", VC_NONE}, {"III", VC_NONE}, {"IV", VC_NONE}};
static const struct vocab_chart_column value[] = {{"value", VC_NONE}};
static const struct vocab_chart_column base[] = {{"base", VC_NONE}};
static const struct vocab_chart_column points[] = {{"points", VC_NONE}};
static const struct vocab_chart_column effect[] = {{"effect", TC_EFFECT_MORALE}};
static const struct vocab_chart_column result[] = {{"result", TC_EFFECT_PURSUIT}};
static const struct vocab_chart_column options[] = {{"options", VC_NONE}};

#define COLS(c) .columns = c, .n_columns = sizeof c / sizeof c[0]
#define CHART(c, n, t, r, k0, k1, ci) .code = TCH_##c, .name = n, .title = t, .rows = r, .key_cats = {k0, k1}, .cite = ci

static const struct vocab_chart charts[] = {
	{CHART(SMALL_ARMS, "small-arms", "Small Arms Fire: base hits score", "the range in inches", 0, 0, "003:13"),
	 COLS(classes)},
	{CHART(ARTILLERY, "artillery", "Artillery Fire: hits table", "the range in inches", 0, 0, "003:11"), COLS(classes)},
	{CHART(FIRE_MODS, "fire-modifiers", "Fire: modifiers", "a modifier", TC_MOD_FIRE, 0, "003:11"), COLS(value)},
	{CHART(MELEE, "melee", "Melee table", "the d10 roll", 0, 0, "003:17"), .first_col = 0, .last_col = 20},
	{CHART(MELEE_MODS, "melee-modifiers", "Melee: modifiers", "a modifier", TC_MOD_MELEE, 0, "003:18"), COLS(value)},
	{CHART(MELEE_BASE, "melee-base", "Troop type base numbers", "a troop type and an arm", TC_TROOP, TC_ARM, "003:18"),
	 COLS(base)},
	{CHART(MORALE_POINTS, "morale-points", "Morale Points", "a troop type", TC_TROOP, 0, "003:21"), COLS(points)},
	{CHART(MORALE, "morale", "Casualty Morale: relationship and effect", "the total less the morale points", 0, 0,
	       "003:22"), COLS(effect)},
	{CHART(PURSUIT, "pursuit", "Check for pursuit", "the total less the morale points", 0, 0, "003:20"),
	 COLS(result)},
	{CHART(MOVE_OPTIONS, "move-options", "Move options: class and troop type", "a troop type and an arm", TC_TROOP,
	       TC_ARM, "003:5"), COLS(options)},
};

const struct vocab thomas_vocab = {
	.name = "thomas",
	.title = "Mexican-American War rules, by Stephen Thomas (Courier, Vol. IX No. 3)",
	.sources = "Sources are `003:LINE` in `../shared/seeds/003_837c7fc1ac983ce9.txt`, the rules' text; "
		   "most of its charts are not in it.",
	.die = 10,
	.cats = cats,
	.n_cats = TC_N,
	.words = words,
	.n_words = sizeof words / sizeof words[0],
	.events = events,
	.n_events = sizeof events / sizeof events[0],
	.phases = phases,
	.n_phases = sizeof phases / sizeof phases[0],
	.rating = TC_RATING,
	.nation = TC_NATION,
	.phase = TC_PHASE,
	.simultaneous = "Fire and Movement, 003:4 \"All fire and movement are simultaneous\"",
	.option = TC_OPTION,
	.charts = charts,
	.n_charts = sizeof charts / sizeof charts[0],
};

const char *thomas_word(enum thomas_cat cat, int code)
{
	return vocab_word_of(&thomas_vocab, cat, code);
}

static const struct cite_document documents[] = {
	{.seed = 3, .name = "Thomas"},
};

/* The headings of the rules' text, as a player finds them in print; a
 * line of the extracted text holds several rules. */
static const struct cite_section sections[] = {
	{3, 1, "Game Scales"}, {3, 4, "Pre-game Considerations"}, {3, 5, "Movement"},
	{3, 7, "Movement"}, {3, 8, "Artillery Fire"}, {3, 12, "Small Arms Fire"},
	{3, 14, "Melee"}, {3, 21, "Morale"}, {3, 28, "Additional Considerations"},
	{3, 30, "Visibility"}, {3, 32, "Engineering"},
};

const struct cite_book thomas_cite_book = {
	.documents = documents,
	.n_documents = sizeof documents / sizeof documents[0],
	.sections = sections,
	.n_sections = sizeof sections / sizeof sections[0],
};

const char thomas_card[] =
	"UMPIRE BATTLE NOTATION - table card (rules=thomas)  full text: docs/notation.md\n"
	"One line per statement; # starts a comment; case is free; spaces between items.\n"
	"\n"
	"HEADER  battle \"Name\" id=ID rules=thomas ...   option NAME=VALUE\n"
	"        include \"file\"   charts \"file\"  (the lost charts' data: docs/charts.md)\n"
	"        scenario \"Name\" id=ID   result \"text\" victor=SIDE|draw\n"
	"ORDER   side ID nation=us|mexico [as=NAME] \"Label\"\n"
	"OF        leader ID \"Name\" army|division|brigade [under=LEADER]\n"
	"BATTLE    unit ID \"Name\" inf|cav|art TROOP stands=FIGURES cmd=LEADER\n"
	"               [I|II|III|IV] [FORMATION] [dismounted]\n"
	"          TROOP  us-regular us-volunteer us-militia us-sharpshooter\n"
	"                 us-frontier us-irregular mex-elite mex-regular mex-militia\n"
	"          FORMATION  line column march square skirmish anchored\n"
	"TURNS   turn N   phase orders|options|charges|forced|moves|fire|melee|morale\n"
	"\n"
	"DICE    [7] a d10 (0 is 10)    d10[3,0,7,...] several dice\n"
	"SETUP   stream \"NAME\" [d10] deep|shallow         (1-4 deep)\n"
	"MOVES   options UNIT N                            (the options phase)\n"
	"        ford [d10]: UNIT fordable|unfordable      (1-3 a ford)\n"
	"        interpenetrate [d10]: UNIT [+3regular] [=N] passes|unformed  (12+)\n"
	"FIRE    fire UNIT[:FIGURES]@INCHES -> TARGET[(hidden|ranks|canister)]\n"
	"             d10[a,b,...] [+2suspicion] [ranks] [operation] hits=N\n"
	"          one die a figure (a gun model); a hit: die + mods <= base\n"
	"        officer LEADER [d10] removed|unhurt       (a 1 removes him)\n"
	"        blaze [d10]: BATTERY burns|fails          (8, 9, 0 burns)\n"
	"        damage d10[n] | d10[10,n]: BATTERY one-crew|two-crew|destroyed|spared\n"
	"MELEE   close [d10]: CHARGER[(works)] [mods] [=N] closes|holds\n"
	"        stand [d10]: CHARGED[(cavalry)] [mods] [=N] steady|fall-back|rout\n"
	"        melee ATT -> DEF [d10] [mods] [=BASE] casualties=N\n"
	"                       | [d10] [mods] [=BASE] casualties=N\n"
	"        pursuit [d10]: VICTOR [mods] [=N] advance|hold\n"
	"        colours [d10]: UNIT lost|kept             (a 1 loses them)\n"
	"MORALE  morale [d10]: UNIT[(cover|flank|cavalry|fear)] [mods] [=N]\n"
	"              steady|fall-back|rout\n"
	"          mods  -2unformed -Ncasualties +Nofficer +1cover +2flank +2square\n"
	"                -1fear -1works +4square-charged\n"
	"STATE   form UNIT FORMATION  unformed UNIT  reorder UNIT  mount|dismount UNIT\n"
	"        converge INTO FROM  attach LEADER UNIT  detach LEADER\n"
	"        stands UNIT +N|-N \"why\"  remove UNIT  arrive UNIT  note \"text\"\n"
	"Units count figures.  Fire's losses come off after the return fire.\n";
