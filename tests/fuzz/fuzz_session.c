/* fuzz_session: the recorder's session opened on a small log (the order of
 * battle of the tests' prelude, its first turn begun) and fed the input's
 * lines, one at a time, as a person types them at the recorder.  A line's
 * first byte says what is done with it:
 *   '!'  undo the last line of the turns (the file rewritten)
 *   '?'  odds of the rest, an event line without its die
 *   '-'  the rest tried, then discarded
 *   '~'  the rest tried and left waiting (the next try discards it)
 *   else the line tried and, when it parses, accepted (appended, flushed)
 * After each, the next turn's line, a completion of the line, a suggestion
 * for it, and every unit's and leader's state are asked for.  The input's
 * size picks whether the state follows the claims or the derivation.
 * Nothing may crash, hang or leak; the log is written afresh for each input
 * in the scratch folder (tmpfs where there is one: accept fsyncs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "../../audit/audit.h"
#include "../../grammar/buf.h"
#include "../../recorder/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MOST_LINES = 64 };	/* lines of one input acted on: each may rebuild the battle */

static const char prelude[] =
	"battle \"Test\" id=test rules=rff-maw\n"
	"side US nation=US \"Americans\"\n"
	"  leader lee \"Capt Lee\" gallant\n"
	"  unit 5inf \"5th Infantry\" inf veteran spirited M stands=8 cmd=lee line\n"
	"  unit 8inf \"8th Infantry\" inf veteran spirited M stands=9 cmd=lee line\n"
	"  unit bty \"Duncan\" gun elite hlcLG stands=2 cmd=lee limbered battery\n"
	"side MEX nation=MEX \"Mexicans\"\n"
	"  leader art \"Gen Arista\" able\n"
	"  unit 2lt \"2nd Light\" inf trained spirited IM stands=10 cmd=art line light\n"
	"  unit lancers \"Jalisco Lancers\" cav trained reliable none stands=6 cmd=art lancers\n"
	"turn 1 US daylight\n";

/* What a person at the recorder sees after a line: asked for, thrown away. */
static void look(struct session *s, const char *line, const struct session_take *take)
{
	struct buf out;
	buf_init(&out, 0);
	session_next_turn(s, &out);
	if (take)
		session_suggest(s, take, &out);
	const char *words[32];
	size_t start = 0;
	session_complete(s, line, &start, words, 32);
	const struct audit *a = session_audit(s);
	for (int u = 0; u < a->st.n_units; u++)
		session_describe_unit(s, u, &out);
	for (int l = 0; l < a->st.n_leaders; l++)
		session_describe_leader(s, l, &out);
	buf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "%s/session.battle", fuzz_scratch());
	FILE *f = fopen(path, "wb");
	if (!f || fputs(prelude, f) == EOF || fclose(f) != 0)
		abort();
	struct diags d;
	diags_init(&d, 50);
	char err[256];
	struct session_opts o = {.follow = size % 2 ? FOLLOW_DERIVED : FOLLOW_CLAIMED};
	struct session *s = session_open(path, &o, &d, err, sizeof err);
	diags_release(&d);
	if (!s)
		abort();	/* the prelude always opens */
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	char *line = text;
	for (int n = 0; n < MOST_LINES && line < text + size; n++) {
		char *nl = memchr(line, '\n', (size_t)(text + size - line));
		if (nl)
			*nl = '\0';
		struct buf said, what;
		buf_init(&said, 0);
		buf_init(&what, 0);
		struct session_take take;
		char why[256];
		int rc;
		switch (line[0]) {
		case '!':
			session_undo(s, &what, why, sizeof why);
			look(s, line + 1, NULL);
			break;
		case '?':
			session_odds(s, line + 1, &what);
			look(s, line + 1, NULL);
			break;
		case '-':
		case '~':
			rc = session_try(s, line + 1, &said, &take);
			look(s, line + 1, rc == 0 ? &take : NULL);
			if (line[0] == '-' && rc == 0)
				session_discard(s);
			break;
		default:
			rc = session_try(s, line, &said, &take);
			look(s, line, rc == 0 ? &take : NULL);
			if (rc == 0 && session_accept(s) != 0)
				abort();	/* a file on tmpfs, unchanged by anyone else: the write succeeds */
			break;
		}
		buf_release(&said);
		buf_release(&what);
		line = nl ? nl + 1 : text + size;
	}
	free(text);
	session_close(s);
	fuzz_scratch_clear();
	return 0;
}
