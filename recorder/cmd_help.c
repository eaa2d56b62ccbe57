/* umpire help: help for a command, or the notation card for the table. */
#include <stdio.h>
#include <string.h>

#include "../audit/ruleset.h"
#include "../grammar/vocab.h"
#include "cmd.h"
#include "msg.h"

const char cmd_help_usage[] =
	"usage: umpire help [COMMAND | notation | words]\n"
	"\n"
	"Show the help of COMMAND; with 'notation' a one-page card of the battle\n"
	"notation to print and keep at the table; with 'words' every word of the\n"
	"ruleset's vocabulary with its aliases and sources (Markdown).\n";

/* One page: what a player needs to type a turn.  docs/notation.md has it all. */
const char notation_card[] =
	"UMPIRE BATTLE NOTATION - table card (rules=rff-maw)  full text: notation.md\n"
	"One line per statement; # starts a comment; case is free; spaces between items.\n"
	"\n"
	"HEADER  battle \"Name\" id=ID date=YYYY-MM-DD rules=rff-maw figures=15mm\n"
	"               men-per-stand=N start=HH:MM turn-minutes=N\n"
	"        scenario \"Name\" source=\"...\"  special \"rule\"  option NAME=VALUE\n"
	"        result \"text\" victor=SIDE     include \"oob/file.oob\"\n"
	"ORDER   side ID nation=US|MEX players=N \"Label\"\n"
	"OF        leader ID \"Name\" gallant|able|poor [arty] [under=LEADER]\n"
	"BATTLE    unit ID \"Name\" inf|cav|gun elite|veteran|trained|raw MORALE WEAPON\n"
	"               stands=N cmd=LEADER [FORMATION] [disordered|broken] [limbered]\n"
	"               [dismounted] [FLAGS] [as=ID] [carry]\n"
	"          MORALE  spirited reliable unreliable dispirited (none for guns)\n"
	"          WEAPON  R IR M IM C none | [hlc|olc|flc|mlc|lc|hc]SG HG MG LG HH LH HR\n"
	"          FORMATION  line open field-column march-column square hasty-square\n"
	"                     garrison storming-column\n"
	"          FLAGS  light lancers national-guard auxiliaries militia volunteer\n"
	"                 regular brave-colonel sharpshooters cuirassiers mounted-rifles\n"
	"                 flying battery section fixed reserve\n"
	"TURNS   turn N [SIDE] [daylight | twilight 1-4 morning|evening | night SKY]\n"
	"        phase maneuver | phase fire [defensive|offensive] | phase charge\n"
	"\n"
	"DICE    [7] a face of the ruleset's die (d10; [0] is 10)   d6[3] another die\n"
	"UNIT    ID[:STANDS][@RANGE][(fact,fact=value)]\n"
	"CLAIM   +1vet -2ooc vet ... (listing any modifier claims the complete list)\n"
	"        =TOTAL  EFFECT  loss=N  pts=N (fire points)  charge-checked|charge-home\n"
	"\n"
	"MANEUVER  mc LEADER [d]: UNIT CLAIM ACTIONS; UNIT CLAIM ...  (no LEADER: ooc)\n"
	"  actions  move form F front charge T[,T] [cold-steel] limber unlimber pivot\n"
	"           fire gun-rally replenish face-rear passage flank-march deploy hold\n"
	"           retreat\n"
	"  mods     gallant able poor fresh worn spent attached colonel bty prov column\n"
	"           square garrison limbered cover ooc outflanked broken elite vet\n"
	"           trained raw key-lost heavy-casualties greater-losses\n"
	"  effects  double-quick(dq) well-handled(wh) tardy fall-back panic rally\n"
	"           rally-with-elan(elan) shaken wavering\n"
	"  hasty    countercharge CAV -> CHARGER   hasty-square UNIT   evade UNIT\n"
	"FIRE    fire UNIT:STANDS@RANGE[, ...] -> TARGET [d] CLAIM  (rocket: U@30 [hit])\n"
	"  mods     fp raw bb ss column broken about-faced passage flank-march abatis\n"
	"           enfiladed square march storming limbered partial open full\n"
	"           open-partial fortified dark\n"
	"  effects  withering-fire telling-fire galling-fire lively-fire desultory-fire\n"
	"CHARGE  charge ATT[, ...] -> DEF[, ...] [a] CLAIM | [d] CLAIM : DIFF EFFECT\n"
	"        breakthrough ... (the same)   reroll [a] CLAIM | [d] CLAIM : DIFF EFFECT\n"
	"  mods     elite vet trained raw fresh worn spent outnumbered cav-vs-inf\n"
	"           supported unsupported disordered silenced colonel attached open\n"
	"           hasty-square national-guard auxiliaries outflanked broken march\n"
	"           limbered favourable strong fortified cs lancers bt open-ground\n"
	"           broken-ground rough-ground stationary vs-square\n"
	"  effects  swept-from-the-field driven-back hard-pressed desperate-struggle(ds)\n"
	"           falter recoil repulsed\n"
	"FALLEN  fallen LEADER [d] shot-dead|mortally-wounded|grievously-wounded|\n"
	"               flesh-wound|horse-shot|coat-pierced|staff-struck|unscathed\n"
	"STATE   attach L U  detach L  replace OLD NEW  leader-out L  leader-back L\n"
	"        leader-lost L \"why\"  form U F  limber U  unlimber U  mount U\n"
	"        dismount U  disorder U  rally U  break U  silence U  damage U  wreck U\n"
	"        gun-rally U  shelter GUN SQUARE  low-ammo U  replenish U  storming U\n"
	"        stands U -N \"why\"  remove U  arrive U  note \"...\"\n"
	"RULING  ruling accept|override [EFFECT] [loss=N] by=NAME \"reason\"\n"
	"        (on the line after the event it settles)\n";

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
	if (strcmp(argv[1], "notation") == 0) {
		fputs(notation_card, stdout);
		return EXIT_CLEAN;
	}
	if (strcmp(argv[1], "words") == 0) {
		struct buf out;
		buf_init(&out, 0);
		vocab_markdown(ruleset_default(), &out);
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
