/* sar_vocab: the words of Santa Anna Rules! (Tactical), its notation card
 * and its printed rules for citations.
 *
 * Citations are "004:LINE" into ../shared/seeds/004_a74e7f04f1262c6d.txt,
 * the rules' text; the chart cards it refers to are not in it. */
#include <limits.h>

#include "sar.h"

#include "../state.h"

/* ORDER: the docs list the categories in this order. */
static const struct vocab_cat cats[SC_N] = {
	[SC_ARM] = {.name = "arm", .role = VR_UNIT_SLOT, .required = true},
	[SC_EXP] = {.name = "experience", .role = VR_UNIT_SLOT, .required = true},
	[SC_WEAPON] = {.name = "weapon", .role = VR_UNIT_SLOT, .required = true},
	[SC_FORMATION] = {.name = "formation", .role = VR_UNIT_SLOT, .trailing = true},
	[SC_MOUNT] = {.name = "mount state", .role = VR_UNIT_SLOT, .trailing = true},
	[SC_LIMBER] = {.name = "limber state", .role = VR_UNIT_SLOT, .trailing = true},
	[SC_RATING] = {.name = "leader rating"},
	[SC_NATION] = {.name = "nation"},
	[SC_PHASE] = {.name = "phase"},
	[SC_ORDER] = {.name = "order"},
	[SC_ORDER_FACT] = {.name = "order fact"},
	[SC_RANDOM] = {.name = "random order"},
	[SC_MOD_FIRE] = {.name = "fire column shift"},
	[SC_FACT_FIRE] = {.name = "fire fact"},
	[SC_EFFECT_FIRE] = {.name = "fire effect"},
	[SC_MOD_MELEE] = {.name = "melee column shift"},
	[SC_FACT_MELEE] = {.name = "melee fact"},
	[SC_EFFECT_MELEE] = {.name = "melee result"},
	[SC_MOD_CLOSE] = {.name = "close or stand modifier"},
	[SC_EFFECT_CLOSE] = {.name = "close result"},
	[SC_EFFECT_STAND] = {.name = "stand result"},
	[SC_MOD_RECOVER] = {.name = "recovery modifier"},
	[SC_FACT_MOVE] = {.name = "movement fact"},
	[SC_MOD_MOVE] = {.name = "movement modifier"},
	[SC_TALLY] = {.name = "loss claim"},
	[SC_EFFECT_HIT] = {.name = "leader hit result"},
	[SC_EFFECT_WOUND] = {.name = "leader casualty"},
	[SC_EFFECT_RALLY] = {.name = "rally result"},
	[SC_EFFECT_ROUTE] = {.name = "route result"},
	[SC_OPTION] = {.name = "rule option"},
	[SC_EFFECT_BREAKTHROUGH] = {.name = "breakthrough result"},
	[SC_MOD_SQUARE] = {.name = "emergency square modifier"},
	[SC_EFFECT_SQUARE] = {.name = "emergency square result"},
};

#define WC(c, w, k, d, ci) {.cat = SC_##c, .word = w, .code = k, .doc = d, .cite = ci}
#define A(c, alias, to) {.cat = SC_##c, .word = alias, .canon = to}
#define GUN(lb, ci) WC(WEAPON, #lb "lb", SAR_GUN + lb, #lb " lb gun (a casting is two guns)", ci)
#define MOD(c, w, k, d, ci) WC(MOD_##c, w, SM_##k, d, ci)
#define OPT(w, values, d, ci) {.cat = SC_OPTION, .word = w, .doc = d, .cite = ci, .spec = values}

static const struct vocab_word words[] = {
	WC(ARM, "inf", SAR_INF, "infantry", "004:52"),
	A(ARM, "infantry", "inf"),
	WC(ARM, "cav", SAR_CAV, "cavalry", "004:330"),
	A(ARM, "cavalry", "cav"),
	WC(ARM, "art", SAR_ART, "artillery: castings are its crew, each gun casting fires apart", "004:302"),
	A(ARM, "artillery", "art"),

	WC(EXP, "untrained", SAR_UNTRAINED, "untrained (Mexican activos and militia)", "004:56"),
	WC(EXP, "green", SAR_GREEN, "green (most Mexican regulars)", "004:56"),
	WC(EXP, "regular", SAR_REGULAR, "regular (US volunteers)", "004:56"),
	WC(EXP, "veteran", SAR_VETERAN, "veteran (US regulars and artillery)", "004:56"),
	A(EXP, "vet", "veteran"),

	WC(WEAPON, "ad-hoc", SW_AD_HOC, "ad hoc weapons", "004:212"),
	WC(WEAPON, "musket", SW_MUSKET, "musket", "004:213"),
	WC(WEAPON, "rifle", SW_RIFLE, "rifle", "004:214"),
	WC(WEAPON, "rifled-musket", SW_RIFLED_MUSKET, "rifled musket", "004:215"),
	WC(WEAPON, "pistol", SW_PISTOL, "pistol", "004:216"),
	WC(WEAPON, "carbine", SW_CARBINE, "carbine: no row in the Weapon Ranges table", "004:344"),
	WC(WEAPON, "none", SW_NONE, "no firearm", "004:344"),
	GUN(3, "004:217"),
	GUN(4, "004:572"),
	GUN(6, "004:218"),
	GUN(8, "004:587"),
	GUN(12, "004:219"),
	GUN(16, "004:650"),
	GUN(24, "004:220"),

	WC(FORMATION, "line", SF_LINE, "line (the default)", "004:156"),
	WC(FORMATION, "column", SF_COLUMN, "column, at most two companies wide", "004:156"),
	A(FORMATION, "attack-column", "column"),
	WC(FORMATION, "road-column", SF_ROAD_COLUMN, "road column, one company wide", "004:156"),
	WC(FORMATION, "skirmish", SF_SKIRMISH, "skirmish order", "004:158"),
	WC(FORMATION, "square", SF_SQUARE, "square", "004:158"),
	WC(MOUNT, "mounted", SAR_MOUNTED, "cavalry mounted (the default)", "004:346"),
	WC(MOUNT, "dismounted", SAR_DISMOUNTED, "cavalry dismounted", "004:346"),
	WC(LIMBER, "unlimbered", SAR_UNLIMBERED, "guns unlimbered (the default)", "004:310"),
	WC(LIMBER, "limbered", SAR_LIMBERED, "guns limbered", "004:310"),

	WC(RATING, "lr0", 1, "leader rating 0", "004:108"),
	WC(RATING, "lr1", 2, "leader rating 1", "004:108"),
	WC(RATING, "lr2", 3, "leader rating 2", "004:108"),
	WC(RATING, "lr3", 4, "leader rating 3", "004:108"),

	WC(NATION, "us", SAR_US, "the United States", "004:56"),
	WC(NATION, "mexico", SAR_MEXICO, "Mexico", "004:56"),
	A(NATION, "mex", "mexico"),
	WC(NATION, "texas", SAR_TEXAS, "Texas (the War of Texas Independence)", "004:379"),

	WC(PHASE, "orders", 0, "1. give orders", "004:36"),
	WC(PHASE, "charges", 0, "2. declare charges", "004:38"),
	WC(PHASE, "first-fire", 0, "3. first fire", "004:40"),
	WC(PHASE, "moves", 0, "4. all moves", "004:42"),
	WC(PHASE, "hold-fire", 0, "5. hold fire", "004:44"),
	WC(PHASE, "melee", 0, "6. melee", "004:46"),
	WC(PHASE, "rally", 0, "7. rally", "004:48"),

	{.cat = SC_ORDER, .word = "move", .code = SO_MOVE, .doc = "move up to the dice", .cite = "004:84"},
	{.cat = SC_ORDER, .word = "charge", .code = SO_CHARGE, .doc = "charge TARGET", .cite = "004:86", .spec = "T",
	 .arg = SC_ORDER_FACT},
	{.cat = SC_ORDER, .word = "first-fire", .code = SO_FIRST_FIRE, .doc = "fire in the First Fire phase", .cite = "004:88"},
	{.cat = SC_ORDER, .word = "hold-fire", .code = SO_HOLD_FIRE, .doc = "may fire in the Hold Fire phase", .cite = "004:90"},
	{.cat = SC_ORDER, .word = "hold", .code = SO_HOLD, .doc = "stand and recover stragglers", .cite = "004:92"},
	{.cat = SC_ORDER, .word = "rally", .code = SO_RALLY, .doc = "a broken unit tries to rally", .cite = "004:94"},
	{.cat = SC_ORDER, .word = "form", .code = SO_FORM, .doc = "change formation, no other move", .cite = "004:96"},

	WC(ORDER_FACT, "far", SX_FAR, "the unit is more than 24\" from the leader: +1 point", "004:78"),

	WC(RANDOM, "advance", SR_ADVANCE, "move toward the enemy, fire if in range", "004:102"),
	WC(RANDOM, "same-as-last", SR_SAME_AS_LAST, "same as last turn", "004:102"),
	WC(RANDOM, "same-as-peer", SR_SAME_AS_PEER, "same as a like-sized peer unit", "004:102"),
	WC(RANDOM, "halt", SR_HALT, "no move and no fire", "004:104"),
	WC(RANDOM, "withdraw", SR_WITHDRAW, "a full move away from the enemy", "004:104"),

	MOD(FIRE, "volley", VOLLEY, "+2 initial volley (infantry and cavalry, once a game)", "004:244"),
	MOD(FIRE, "skirmishers", SKIRMISHERS, "-4 firing at skirmishers", "004:232"),
	MOD(FIRE, "screened", SCREENED, "-2 firing at the unit behind skirmishers", "004:232"),
	MOD(FIRE, "gunners", GUNNERS, "-4 firing at unlimbered artillerists", "004:318"),
	MOD(FIRE, "cover", COVER, "target in cover (chart)", "004:230"),
	MOD(FIRE, "works", WORKS, "target in buildings or fortifications (chart)", "004:415"),
	MOD(FIRE, "untrained", UNTRAINED, "untrained firer (chart)", "004:230"),
	MOD(FIRE, "green", GREEN, "green firer (chart)", "004:230"),
	MOD(FIRE, "regular", REGULAR, "regular firer (chart)", "004:230"),
	MOD(FIRE, "veteran", VETERAN, "veteran firer (chart)", "004:230"),

	WC(FACT_FIRE, "flank", SX_FLANK, "fire on the target's flank: stragglers doubled", "004:236"),
	WC(FACT_FIRE, "rear", SX_REAR, "fire on the target's rear: stragglers tripled", "004:236"),
	WC(FACT_FIRE, "skirmishers", SX_SKIRMISHERS, "the target is skirmishers", "004:232"),
	WC(FACT_FIRE, "screened", SX_SCREENED, "fire at the unit behind skirmishers", "004:232"),
	WC(FACT_FIRE, "short", SB_SHORT_FACT, "short range, for a weapon the range table lacks", "004:226"),
	WC(FACT_FIRE, "medium", SB_MEDIUM_FACT, "medium range, for a weapon the range table lacks", "004:226"),
	WC(FACT_FIRE, "long", SB_LONG_FACT, "long range, for a weapon the range table lacks", "004:226"),

	WC(EFFECT_FIRE, "breaks", SFE_BREAKS, "the target breaks: more stragglers than effectives", "004:248"),
	WC(EFFECT_FIRE, "holds", SFE_HOLDS, "the target does not break", "004:248"),

	MOD(MELEE, "charging", CHARGING, "+2 charging, first roll only", "004:284"),
	MOD(MELEE, "outnumbered", OUTNUMBERED, "-1 per 5 castings outnumbered by, rounded down", "004:272"),
	MOD(MELEE, "leader", LEADER, "+LR of an attached leader", "004:110"),
	MOD(MELEE, "skirmishers", SKIRMISHERS, "+4 against skirmishers", "004:268"),
	MOD(MELEE, "gunners", GUNNERS, "+4 against unlimbered artillerists", "004:318"),
	MOD(MELEE, "green", GREEN, "-1 green", "004:284"),
	MOD(MELEE, "untrained", UNTRAINED, "untrained (chart)", "004:268"),
	MOD(MELEE, "regular", REGULAR, "regular (chart)", "004:268"),
	MOD(MELEE, "veteran", VETERAN, "veteran (chart)", "004:268"),
	MOD(MELEE, "us", US, "+1 US infantry or cavalry", "004:284"),
	MOD(MELEE, "cover", COVER, "defender in cover (chart)", "004:415"),
	MOD(MELEE, "works", WORKS, "defender in buildings or fortifications (chart)", "004:415"),
	MOD(MELEE, "cavalry", CAVALRY, "cavalry against infantry or mounted rifles (chart)", "004:270"),
	MOD(MELEE, "lancers", LANCERS, "lancers, first roll (chart)", "004:465"),

	WC(FACT_MELEE, "flank", SX_FLANK, "the unit is attacked on its flank: it counts half its effectives, its stragglers doubled", "004:266"),
	WC(FACT_MELEE, "rear", SX_REAR, "the unit is attacked on its rear: it counts half its effectives, its stragglers tripled", "004:266"),
	WC(FACT_MELEE, "disordered", SX_DISORDERED, "infantry that failed to form square: 25% take part", "004:300"),
	WC(FACT_MELEE, "skirmishers", SX_SKIRMISHERS, "the unit is in skirmish order", "004:268"),

	WC(EFFECT_MELEE, "attacker-breaks", SME_ATTACKER_BREAKS, "the attacker breaks", "004:280"),
	WC(EFFECT_MELEE, "defender-breaks", SME_DEFENDER_BREAKS, "the defender breaks", "004:280"),
	WC(EFFECT_MELEE, "both-break", SME_BOTH_BREAK, "both sides break", "004:280"),
	WC(EFFECT_MELEE, "fight-on", SME_FIGHT_ON, "neither breaks: the second round follows", "004:276"),
	WC(EFFECT_MELEE, "locked", SME_LOCKED, "neither breaks in the second round: locked in melee", "004:276"),

	MOD(CLOSE, "losses", LOSSES, "-N losses from fire this turn (to stand: casualties)", "004:256"),
	MOD(CLOSE, "green", GREEN, "-2 green, to close", "004:284"),
	MOD(CLOSE, "untrained", UNTRAINED, "untrained (chart)", "004:256"),
	MOD(CLOSE, "regular", REGULAR, "regular (chart)", "004:256"),
	MOD(CLOSE, "veteran", VETERAN, "veteran (chart)", "004:256"),
	MOD(CLOSE, "charging", CHARGING, "+3 charging, to close", "004:284"),
	MOD(CLOSE, "cover", COVER, "cover (chart)", "004:256"),
	MOD(CLOSE, "cavalry", CAVALRY, "cavalry (chart)", "004:256"),

	WC(EFFECT_CLOSE, "closes", SCE_CLOSES, "the charging unit closes", "004:256"),
	WC(EFFECT_CLOSE, "stops", SCE_STOPS, "the charging unit does not close", "004:256"),
	WC(EFFECT_STAND, "stands", SSE_STANDS, "the charged unit stands", "004:258"),
	WC(EFFECT_STAND, "retreats", SSE_RETREATS, "the charged unit retreats, not broken", "004:260"),
	WC(EFFECT_STAND, "breaks", SSE_BREAKS, "the charged unit breaks", "004:258"),

	MOD(RECOVER, "leader", LEADER, "+LR of an attached leader, before halving", "004:146"),
	MOD(RECOVER, "cover", COVER, "+2 behind friends, walls, buildings or works, before halving", "004:146"),

	WC(FACT_MOVE, "charge", SX_CHARGE, "a charge move", "004:166"),
	WC(FACT_MOVE, "retreat", SX_RETREAT, "a retreat: 3d6 infantry, 5d6 cavalry", "004:172"),
	MOD(MOVE, "column", COLUMN, "column (chart; +4\" in the text's example)", "004:166"),
	MOD(MOVE, "road", ROAD, "road column on a road (chart)", "004:156"),
	MOD(MOVE, "terrain", TERRAIN, "the terrain dice, subtracted", "004:166"),

	{.cat = SC_TALLY, .word = "stragglers", .code = ST_STRAGGLERS, .doc = "stragglers=N", .cite = "004:236",
	 .num_max = 999, .num_what = "stragglers", .key = "stragglers"},
	A(TALLY, "st", "stragglers"),
	{.cat = SC_TALLY, .word = "casualties", .code = ST_CASUALTIES, .doc = "casualties=N", .cite = "004:236",
	 .num_max = 999, .num_what = "casualties", .key = "casualties"},
	A(TALLY, "ca", "casualties"),

	WC(EFFECT_HIT, "hit", SHE_HIT, "the leader is hit", "004:370"),
	WC(EFFECT_HIT, "miss", SHE_MISS, "the leader is not hit", "004:370"),
	WC(EFFECT_WOUND, "minor", SW_MINOR, "1-4 minor wound: no orders next turn", "004:374"),
	WC(EFFECT_WOUND, "serious", SW_SERIOUS, "5-8 serious wound: no orders next two turns", "004:375"),
	WC(EFFECT_WOUND, "grave", SW_GRAVE, "9-12 serious wound: replaced after one more turn of orders", "004:376"),
	WC(EFFECT_WOUND, "incapacitated", SW_INCAPACITATED, "13-16 incapacitating wound: replaced; 1 straggler", "004:377"),
	WC(EFFECT_WOUND, "dead", SW_DEAD, "17-20 dead: replaced", "004:377"),
	WC(EFFECT_RALLY, "rallies", SRE_RALLIES, "the unit rallies", "004:397"),
	WC(EFFECT_RALLY, "fails", SRE_FAILS, "the unit stays broken", "004:391"),
	WC(EFFECT_ROUTE, "holds", SRO_HOLDS, "the unit holds", "004:401"),
	WC(EFFECT_ROUTE, "breaks", SRO_BREAKS, "the unit breaks", "004:401"),

	WC(EFFECT_BREAKTHROUGH, "breakthrough", SBE_BREAKTHROUGH, "the cavalry breaks through, along its charge line", "004:352"),
	WC(EFFECT_BREAKTHROUGH, "charge", SBE_CHARGE, "Charge!: the cavalry charges on", "004:352"),
	WC(EFFECT_BREAKTHROUGH, "halt", SBE_HALT, "any other result of the chart: the cavalry goes no further", "004:350"),
	MOD(SQUARE, "untrained", UNTRAINED, "untrained (chart)", "004:300"),
	MOD(SQUARE, "green", GREEN, "green (chart)", "004:300"),
	MOD(SQUARE, "regular", REGULAR, "regular (chart)", "004:300"),
	MOD(SQUARE, "veteran", VETERAN, "veteran (chart)", "004:300"),
	WC(EFFECT_SQUARE, "formed", SQE_FORMED, "the roll is at most the distance: the square forms", "004:300"),
	WC(EFFECT_SQUARE, "caught", SQE_CAUGHT, "the roll is more than the distance: struck in disorder", "004:300"),

	OPT("close-losses", "subtract|ignore",
	    "to close and to stand: subtract this turn's losses from fire (004:256, 258), or not, as the worked example adds up (004:284)",
	    "004:256"),
	OPT("fractions", "down|nearest",
	    "a quarter of the castings, a third of the poundage, half when low on ammunition: rounded down (as 004:144, 272 round), or to the nearest",
	    "004:226"),
	OPT("hold-charged", "melee|hold-fire",
	    "a unit on Hold \"may only fire if it is charged\" (Command and Control, 004:92): in the melee, or also in the Hold Fire phase, the defensive fire a charger receives before it rolls to close (Melee, 004:256)",
	    "004:92"),
	OPT("mex-cavalry-brigade", "zero|kept",
	    "a Mexican cavalry brigade of fewer than four regiments (Units, 004:130 \"the brigade commander's LR should automatically be zero\"): its leader's LR is 0, or he keeps his own (\"should\" read as advice to scenario designers)",
	    "004:130"),
	OPT("order-cost", "double-all|double-base",
	    "an order into a subordinate command beyond 24\": double the whole cost (4), or double the order and add the point (3)",
	    "004:120"),
	OPT("column-clamp", "start|end",
	    "fire: the starting column is one of 0-16 before the shifts (004:228), or only the final column is kept in 0-16 (004:230)",
	    "004:228"),
};

/* The turn of 004:32-50: seven phases, both sides in each. */
static const struct vocab_phase phases[] = {
	{"orders", NULL, SP_ORDERS, 1, "the Give Orders phase"},
	{"charges", NULL, SP_CHARGES, 2, "the Declare Charges phase"},
	{"first-fire", NULL, SP_FIRST_FIRE, 3, "the First Fire phase"},
	{"moves", NULL, SP_MOVES, 4, "the All Moves phase"},
	{"hold-fire", NULL, SP_HOLD_FIRE, 5, "the Hold Fire phase"},
	{"melee", NULL, SP_MELEE, 6, "the Melee phase"},
	{"rally", NULL, SP_RALLY, 7, "the Rally phase"},
};

#define STATE(kw, s, ph, d, c) {.keyword = kw, .shape = &shape_state, .sig = s, .phases = ph, .doc = d, .code = c}
#define CORE(kw, s, d, c) {.keyword = kw, .shape = &shape_state, .sig = s, .phases = VOCAB_ANY_PHASE, .doc = d, .core = c}

static const struct vocab_event events[] = {
	{.keyword = "orders", .shape = &shape_check, .phases = SP_ORDERS, .code = SE_ORDERS, .facts = SC_ORDER_FACT,
	 .doc = "a leader's points and orders: orders LEADER d4[n]: UNIT[(far)] ORDER [TARGET]; ..."},
	{.keyword = "random", .shape = &shape_check, .phases = SP_ORDERS, .code = SE_RANDOM, .effects = SC_RANDOM,
	 .doc = "a random order: random [d20]: UNIT RESULT"},
	{.keyword = "move", .shape = &shape_check, .phases = SP_MOVES | SP_MELEE | SP_FIRST_FIRE | SP_HOLD_FIRE | SP_RALLY,
	 .code = SE_MOVE, .dice = 16, .mods = SC_MOD_MOVE, .facts = SC_FACT_MOVE, .tallies = SC_TALLY,
	 .doc = "movement dice: move d6[a,b,...]: UNIT[(charge|retreat)] [mods] [=INCHES] [stragglers=N]"},
	{.keyword = "fire", .shape = &shape_fire, .phases = SP_FIRST_FIRE | SP_HOLD_FIRE | SP_MELEE, .code = SE_FIRE,
	 .mods = SC_MOD_FIRE, .facts = SC_FACT_FIRE, .effects = SC_EFFECT_FIRE, .tallies = SC_TALLY,
	 .doc = "fire: fire UNIT:CASTINGS@RANGE -> TARGET[(facts)] [d20] shifts =COLUMN loss=N stragglers=N casualties=N [breaks]"},
	{.keyword = "close", .shape = &shape_check, .phases = SP_MELEE, .code = SE_CLOSE, .mods = SC_MOD_CLOSE,
	 .effects = SC_EFFECT_CLOSE, .doc = "roll to close: close [d20]: CHARGER mods =TOTAL closes|stops"},
	{.keyword = "stand", .shape = &shape_check, .phases = SP_MELEE, .code = SE_STAND, .mods = SC_MOD_CLOSE,
	 .effects = SC_EFFECT_STAND, .doc = "roll to stand: stand [d20]: CHARGED mods =TOTAL stands|retreats|breaks"},
	{.keyword = "melee", .shape = &shape_clash, .phases = SP_MELEE, .code = SE_MELEE, .mods = SC_MOD_MELEE,
	 .facts = SC_FACT_MELEE, .effects = SC_EFFECT_MELEE, .tallies = SC_TALLY,
	 .doc = "melee, first round: melee ATT:N -> DEF:N [d20] shifts =COL loss=N ... | [d20] ... : RESULT"},
	{.keyword = "round", .shape = &shape_reroll, .phases = SP_MELEE, .code = SE_ROUND, .mods = SC_MOD_MELEE,
	 .effects = SC_EFFECT_MELEE, .tallies = SC_TALLY,
	 .doc = "the melee's next round: round [d20] shifts =COL loss=N ... | [d20] ... : RESULT"},
	{.keyword = "recover", .shape = &shape_check, .phases = SP_RALLY, .code = SE_RECOVER, .mods = SC_MOD_RECOVER,
	 .tallies = SC_TALLY, .doc = "stragglers recovered on Hold: recover d4[n]|d6[n]: UNIT [mods] [=TOTAL] stragglers=N"},
	{.keyword = "rally", .shape = &shape_check, .phases = SP_RALLY, .code = SE_RALLY, .mods = SC_MOD_CLOSE,
	 .effects = SC_EFFECT_RALLY, .doc = "roll to rally: rally [d20]: UNIT [mods] [=TOTAL] rallies|fails"},
	{.keyword = "route", .shape = &shape_check, .phases = VOCAB_ANY_PHASE, .code = SE_ROUTE, .mods = SC_MOD_CLOSE,
	 .effects = SC_EFFECT_ROUTE, .doc = "roll to route on seeing a friend break: route [d20]: UNIT [mods] [=TOTAL] holds|breaks"},
	{.keyword = "hit", .shape = &shape_leader_roll, .phases = VOCAB_ANY_PHASE, .code = SE_HIT, .effects = SC_EFFECT_HIT,
	 .doc = "is an attached leader hit: hit LEADER [d20] hit|miss"},
	{.keyword = "wound", .shape = &shape_leader_roll, .phases = VOCAB_ANY_PHASE, .code = SE_WOUND,
	 .effects = SC_EFFECT_WOUND, .doc = "the Leader Casualty Table: wound LEADER [d20] minor|serious|grave|incapacitated|dead"},
	{.keyword = "breakthrough", .shape = &shape_check, .phases = SP_MELEE, .code = SE_BREAKTHROUGH,
	 .effects = SC_EFFECT_BREAKTHROUGH, .tallies = SC_TALLY,
	 .doc = "the Cavalry Breakthrough chart: breakthrough [d20]: CAVALRY RESULT [stragglers=N]"},
	{.keyword = "square", .shape = &shape_check, .phases = SP_CHARGES, .code = SE_SQUARE, .mods = SC_MOD_SQUARE,
	 .effects = SC_EFFECT_SQUARE,
	 .doc = "forming emergency square: square [d20]: INFANTRY@INCHES [mods] [=TOTAL] formed|caught"},
	STATE("stragglers", "UNS?", VOCAB_ANY_PHASE, "stragglers UNIT N [\"reason\"]: stragglers from a d4 the rules call for", SE_STRAGGLERS),
	{.keyword = "form", .shape = &shape_state, .sig = "UW", .phases = VOCAB_ANY_PHASE, .arg = SC_FORMATION,
	 .code = SE_FORM, .doc = "form UNIT FORMATION"},
	STATE("mount", "U", VOCAB_ANY_PHASE, "mount UNIT", SE_MOUNT),
	STATE("dismount", "U", VOCAB_ANY_PHASE, "dismount UNIT", SE_DISMOUNT),
	STATE("limber", "U", VOCAB_ANY_PHASE, "limber UNIT", SE_LIMBER),
	STATE("unlimber", "U", VOCAB_ANY_PHASE, "unlimber UNIT", SE_UNLIMBER),
	CORE("replace", "LL", "replace OLD NEW: NEW takes over OLD's command, rated one less (004:379)", SV_REPLACE),
#define CORE_EVENT(kw, s, d, verb) CORE(kw, s, d, verb),
#include "../core_events.def"
#undef CORE_EVENT
};

/* The chart cards (004:34, 98, 224, 256, 280, 300, 350, 391), as a chart
 * file gives them: docs/charts.md. */
static const struct vocab_chart_column close_stand[] = {{"close", SC_EFFECT_CLOSE}, {"stand", SC_EFFECT_STAND}};
static const struct vocab_chart_column rally_route[] = {{"rally", SC_EFFECT_RALLY}, {"route", SC_EFFECT_ROUTE}};
static const struct vocab_chart_column close_stand_mods[] = {{"close", VC_NONE}, {"stand", VC_NONE}};
static const struct vocab_chart_column random_order[] = {{"order", SC_RANDOM}};
static const struct vocab_chart_column breakthrough[] = {{"result", SC_EFFECT_BREAKTHROUGH}, {"stragglers", VC_NONE}};
static const struct vocab_chart_column shift[] = {{"shift", VC_NONE}};
static const struct vocab_chart_column value[] = {{"value", VC_NONE}};
static const struct vocab_chart_column column[] = {{"column", VC_NONE}};
static const struct vocab_chart_column movement[] = {{"inches", VC_NONE}, {"dice", VC_NONE}};
static const struct vocab_chart_column inches[] = {{"inches", VC_NONE}};

#define COLS(c) .columns = c, .n_columns = sizeof c / sizeof c[0]

/* A chart: its code, name in the file, title in print, what a row's key is
 * (rolls, or words of the categories k0, k1), where the rules use it. */
#define CHART(c, n, t, r, k0, k1, ci) .code = SCH_##c, .name = n, .title = t, .rows = r, .key_cats = {k0, k1}, .cite = ci

/* What the text states of its charts, built in (the chart file supplies
 * the rest).  The worked melee example (004:284) gives a starting column
 * for 9 and 14 participants in its first round and 8 and 10 in its second,
 * four Combat Effects cells, a close at 12 or more and a stand on 19;
 * Movement gives regular infantry's distance and the column bonus. */
#define EX "004:284 Melee, the worked example: "
#define ROLL(lo_, hi_, c, v, ci) {.lo = lo_, .hi = hi_, .col = c, .value = v, .cite = ci}
#define WORDS(k0, k1, c, v, ci) {.lo = k0, .key2 = k1, .col = c, .value = v, .cite = ci}
static const struct vocab_chart_cell stated_columns[] = {
	ROLL(8, 8, 0, 3, EX "8 participants, column 3 (the green unit's second round)"),
	ROLL(9, 9, 0, 3, EX "9 participants, column 3 (the green unit's first round)"),
	ROLL(10, 10, 0, 4, EX "10 participants, column 4 (the US unit's second round)"),
	ROLL(14, 14, 0, 4, EX "14 participants, column 4 (the US unit's first round)"),
};
static const struct vocab_chart_cell stated_effects[] = {
	ROLL(20, 20, 3, 4, EX "a 20 on column 3, 4 losses"),
	ROLL(3, 3, 5, 1, EX "a 3 on column 5, 1 loss"),
	ROLL(12, 12, 2, 1, EX "a 12 on column 2, 1 more straggler"),
	ROLL(13, 13, 5, 3, EX "a 13 on column 5, 2 stragglers and 1 casualty"),
};
static const struct vocab_chart_cell stated_close_stand[] = {
	ROLL(12, INT_MAX, SCC_CLOSE, SCE_CLOSES, EX "13 \"greater than or equal to 12\", closed"),
	ROLL(19, 19, SCC_STAND, SSE_STANDS, EX "\"rolled a 19 to hold\""),
};
static const struct vocab_chart_cell stated_movement[] = {
	WORDS(SAR_INF, SAR_REGULAR, SCC_INCHES, 5, "004:166 Movement: \"regular infantry's base movement distance is 5 inches\""),
	WORDS(SAR_INF, SAR_REGULAR, SCC_DICE, 1, "004:166 Movement: \"... plus the roll on 1D6\""),
};
static const struct vocab_chart_cell stated_move_mods[] = {
	WORDS(SM_COLUMN, 0, 0, 4, "004:166 Movement: \"column (+4 inches)\""),
};
static const struct vocab_chart_cell stated_melee_mods[] = {
	WORDS(SM_REGULAR, 0, 0, 0, EX "the regular US unit's \"column 4 +1 (US Inf. Or Cav.) - column 5\": no training shift"),
};
#undef EX
#undef ROLL
#undef WORDS
#define STATED(c) .stated = c, .n_stated = sizeof c / sizeof c[0]

static const struct vocab_chart charts[] = {
	{CHART(EFFECTS, "combat-effects", "Combat Effects Chart", "the d20 roll", 0, 0, "004:226"), .first_col = 0,
	 .last_col = 16, STATED(stated_effects)},
	{CHART(MELEE_COLUMN, "melee-column", "Combat Effects Chart: participants to a starting column",
	       "the participants", 0, 0, "004:266"), COLS(column), STATED(stated_columns)},
	{CHART(CLOSE_STAND, "close-or-stand", "Roll to Close or Stand", "the modified d20 roll", 0, 0, "004:256"),
	 COLS(close_stand), STATED(stated_close_stand)},
	{CHART(RALLY_ROUTE, "rally-or-route", "Roll to Rally or Route", "the modified d20 roll", 0, 0, "004:391"),
	 COLS(rally_route)},
	{CHART(RANDOM, "random-orders", "Random Orders", "the d20 roll", 0, 0, "004:98"), COLS(random_order)},
	{CHART(BREAKTHROUGH, "breakthrough", "Cavalry Breakthrough", "the d20 roll", 0, 0, "004:350"), COLS(breakthrough)},
	{CHART(SQUARE, "square-modifiers", "Forming Emergency Square", "a modifier", SC_MOD_SQUARE, 0, "004:300"),
	 COLS(value)},
	{CHART(MOVEMENT, "movement", "Movement Distances", "an arm and a training", SC_ARM, SC_EXP, "004:166"),
	 COLS(movement), STATED(stated_movement)},
	{CHART(MOVE_MODS, "movement-modifiers", "Movement Distances: modifiers", "a modifier", SC_MOD_MOVE, 0, "004:166"),
	 COLS(inches), STATED(stated_move_mods)},
	{CHART(FIRE_MODS, "fire-shifts", "Firing Procedure, row 2", "a column shift", SC_MOD_FIRE, 0, "004:230"),
	 COLS(shift)},
	{CHART(MELEE_MODS, "melee-shifts", "Melee Procedure", "a column shift", SC_MOD_MELEE, 0, "004:268"), COLS(shift),
	 STATED(stated_melee_mods)},
	{CHART(CLOSE_MODS, "close-or-stand-modifiers", "Roll to Close or Stand: modifiers", "a modifier", SC_MOD_CLOSE, 0,
	       "004:256"), COLS(close_stand_mods)},
};

const struct vocab sar_vocab = {
	.name = "sar",
	.title = "Santa Anna Rules! (Tactical), by Buck Surdu",
	.sources = "Sources are `004:LINE` in `../shared/seeds/004_a74e7f04f1262c6d.txt`, the rules' text; "
		   "its chart cards are not in it.",
	.die = 20,
	.cats = cats,
	.n_cats = SC_N,
	.words = words,
	.n_words = sizeof words / sizeof words[0],
	.events = events,
	.n_events = sizeof events / sizeof events[0],
	.phases = phases,
	.n_phases = sizeof phases / sizeof phases[0],
	.rating = SC_RATING,
	.nation = SC_NATION,
	.phase = SC_PHASE,
	.action = SC_ORDER,
	.simultaneous = "Turn Sequence, 004:34 \"All actions within a phase are considered to be simultaneous\"",
	.option = SC_OPTION,
	.charts = charts,
	.n_charts = sizeof charts / sizeof charts[0],
};

const char *sar_word(enum sar_cat cat, int code)
{
	return vocab_word_of(&sar_vocab, cat, code);
}

static const struct cite_document documents[] = {
	{.seed = 4, .name = "SAR"},
};

/* The headings of the rules' text, as a player finds them in print. */
static const struct cite_section sections[] = {
	{4, 32, "Turn Sequence"}, {4, 52, "Units"}, {4, 64, "Command and Control"},
	{4, 134, "Stragglers"}, {4, 154, "Formations"}, {4, 162, "Movement"}, {4, 192, "Firing"},
	{4, 210, "Weapon Ranges"}, {4, 222, "Firing"}, {4, 250, "Melee"}, {4, 302, "Artillery"},
	{4, 330, "Cavalry"}, {4, 358, "Infantry"}, {4, 368, "Leader Casualties"},
	{4, 383, "Morale and Rallying"}, {4, 403, "Fortifications and Buildings"},
	{4, 427, "Hidden Units"}, {4, 437, "Miscellany"}, {4, 451, "Designer's Notes"},
	{4, 484, "Glossary"}, {4, 536, "Sample Scenario (Buena Vista)"},
};

static const char *const tables[] = {
	"Weapon Ranges", "Leader Casualty Table",
};

const struct cite_book sar_cite_book = {
	.documents = documents,
	.n_documents = sizeof documents / sizeof documents[0],
	.sections = sections,
	.n_sections = sizeof sections / sizeof sections[0],
	.tables = tables,
	.n_tables = sizeof tables / sizeof tables[0],
};

const char sar_card[] =
	"UMPIRE BATTLE NOTATION - table card (rules=sar)  full text: docs/notation.md\n"
	"One line per statement; # starts a comment; case is free; spaces between items.\n"
	"\n"
	"HEADER  battle \"Name\" id=ID rules=sar ...   option NAME=VALUE   include \"file\"\n"
	"        charts \"file\"   your chart cards' data (docs/charts.md)\n"
	"        scenario \"Name\" id=ID   result \"text\" victor=SIDE|draw\n"
	"ORDER   side ID nation=us|mexico|texas [as=NAME] \"Label\"\n"
	"OF        leader ID \"Name\" lr0|lr1|lr2|lr3 [under=LEADER]\n"
	"BATTLE    unit ID \"Name\" inf|cav|art untrained|green|regular|vet WEAPON\n"
	"               stands=CASTINGS cmd=LEADER [FORMATION] [dismounted] [limbered]\n"
	"          WEAPON  ad-hoc musket rifle rifled-musket pistol carbine none\n"
	"                  3lb 4lb 6lb 8lb 12lb 16lb 24lb (artillery: stands= its crew)\n"
	"          FORMATION  line column road-column skirmish square\n"
	"TURNS   turn N     phase orders|charges|first-fire|moves|hold-fire|melee|rally\n"
	"\n"
	"DICE    [14] a d20    d4[3] d6[5] other dice    d6[3,6,2] several dice\n"
	"ORDERS  orders LEADER d4[n]: UNIT ORDER; UNIT(far) charge TARGET; ...\n"
	"          ORDER  move charge first-fire hold-fire hold rally form\n"
	"        random [d20]: UNIT advance|same-as-last|same-as-peer|halt|withdraw\n"
	"MOVE    move d6[a,b,...]: UNIT[(charge|retreat)] [+4column] [=IN] [stragglers=N]\n"
	"FIRE    fire UNIT:CASTINGS@INCHES -> TARGET[(flank|rear|skirmishers|screened)]\n"
	"             [d20] [+2volley -4skirmishers -2screened -4gunners ...] [=COLUMN]\n"
	"             [loss=N] [stragglers=N] [casualties=N] [breaks|holds]\n"
	"MELEE   close [d20]: CHARGER [-1losses -2green +3charging] [=N] closes|stops\n"
	"        stand [d20]: CHARGED [-Nlosses] [=N] stands|retreats|breaks\n"
	"        melee ATT:N -> DEF:N [d20] +2charging -1outnumbered ... =COL loss=N\n"
	"              stragglers=N casualties=N | [d20] ... : RESULT\n"
	"          RESULT  attacker-breaks defender-breaks both-break fight-on locked\n"
	"        round [d20] ... | [d20] ... : RESULT        (the second round)\n"
	"        breakthrough [d20]: CAVALRY breakthrough|charge|halt [stragglers=N]\n"
	"        square [d20]: INFANTRY@INCHES [+Nvet] [=N] formed|caught   (charges)\n"
	"RALLY   recover d4[n]|d6[n]: UNIT [+Nleader] [+2cover] [=N] stragglers=N\n"
	"        rally [d20]: UNIT [=N] rallies|fails\n"
	"        route [d20]: UNIT [=N] holds|breaks\n"
	"LEADERS hit LEADER [d20] hit|miss\n"
	"        wound LEADER [d20] minor|serious|grave|incapacitated|dead\n"
	"STATE   stragglers UNIT N \"why\"  form UNIT FORMATION  limber|unlimber UNIT\n"
	"        mount|dismount UNIT  attach LEADER UNIT  detach LEADER  replace OLD NEW\n"
	"        stands UNIT +N|-N \"why\"  remove UNIT  arrive UNIT  note \"text\"\n"
	"Losses are stragglers and casualties: loss=N claims both, the split after it.\n";
