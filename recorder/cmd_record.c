/* umpire record: the recorder at the table.  Each line typed (or piped) is
 * parsed and audited against the state the log has built, shown, and on
 * acceptance appended to the log and flushed to disk before the next
 * prompt.  The session (session.h) does the work; this file talks. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <histedit.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "../audit/audit.h"
#include "../grammar/xalloc.h"
#include "cmd.h"
#include "durable.h"
#include "load.h"
#include "msg.h"
#include "runopts.h"
#include "session.h"
#include "template.h"
#include "termtext.h"

const char cmd_record_usage[] =
	"usage: umpire record [--from TEMPLATE] [--notes] [--no-color] [--follow=claimed|derived]\n"
	"                     [--option NAME=VALUE]... [--include-root DIR] FILE\n"
	"\n"
	"Record a battle as it is played.  FILE is read and replayed; then each\n"
	"line typed is parsed and audited at once against the state the log has\n"
	"built: the derived total, effect and losses and the state of the units\n"
	"after are shown, with any finding and the rule it cites.  A line without\n"
	"findings is appended to FILE; with findings, you accept it as logged\n"
	"(the finding stays in the log's audit), edit it or discard it.  Every\n"
	"line accepted is on disk (fsync) before the next prompt.\n"
	"\n"
	"Besides the notation's lines of the turns (turn, phase, events, rulings,\n"
	"comments), the recorder takes:\n"
	"  status [ID]   the tracked state of every unit and leader, or of one\n"
	"  undo          take back the last line of the turns (the file is rewritten)\n"
	"  turn          start the next turn: the next side, the same condition\n"
	"                (the first turn's line is typed in full)\n"
	"  odds LINE     what each face of the die would give LINE, an event line\n"
	"                without its die (a line typed without its die shows it too)\n"
	"  ?, help       these commands and the events the current phase allows;\n"
	"                ? LINE is odds LINE: the table as it applies to LINE\n"
	"  quit          leave (so does end of input, Ctrl-D)\n"
	"Tab completes keywords, unit and leader ids, modifier codes, facts and\n"
	"effects.\n"
	"\n"
	"Without a terminal, lines are read from standard input: each that\n"
	"parses is appended as logged and its findings go to standard error; a\n"
	"line that does not parse is reported and not appended.\n"
	"\n"
	"options:\n"
	"  --from TEMPLATE     when FILE does not exist, make it from the header\n"
	"                      and order of battle of TEMPLATE (its lines before\n"
	"                      the first turn; includes are kept as written, so\n"
	"                      make FILE beside it)\n"
	"  --notes             also show notes (facts taken on trust)\n"
	"  --no-color          no colours (neither with NO_COLOR set, nor without\n"
	"                      a terminal)\n"
	"  --follow, --option, --include-root   as for umpire audit\n"
	"  -h, --help          show this help\n"
	"\n"
	"exit status: 0 every line taken without an unsettled error; 1 a line\n"
	"refused, or a finding with an error; 2 usage error, a log that cannot be\n"
	"read, does not parse, or cannot be written.\n";

struct recorder {
	struct session *s;
	bool tty;		/* lines from a terminal, through libedit */
	bool color;
	bool notes;
	FILE *said;		/* findings and diagnostics: the terminal, else stderr */
	EditLine *el;
	History *hist;
	char prompt[128];
	char *prefill;		/* a line to edit, put back under the cursor as text */
	wchar_t keys[4];	/* characters decoded from the terminal, not yet read */
	int n_keys, next_key;
	int held;		/* a byte read that starts the next character, or -1 */
	int refused;
	int first_stmt;		/* the log's statements when the recorder started */
	bool quit, failed;
	bool skip;		/* the line read is refused before it is tried */
};

/* ANSI colours, only where r->color says. */
enum paint { PAINT_NONE, PAINT_RED, PAINT_YELLOW, PAINT_GREEN, PAINT_BOLD, PAINT_DIM };

static const char *paint(const struct recorder *r, enum paint p)
{
	static const char *const codes[] = {"\033[0m", "\033[31m", "\033[33m", "\033[32m", "\033[1m", "\033[2m"};
	return r->color ? codes[p] : "";
}

/* Commands */

/* The next word of *p (spaces skipped), NUL-terminated in place; NULL at
 * the end. */
static char *word(char **p)
{
	char *w = *p + strspn(*p, " \t");
	if (!*w)
		return NULL;
	char *end = w + strcspn(w, " \t");
	*p = *end ? end + 1 : end;
	*end = '\0';
	return w;
}

static void show_status(struct recorder *r, const char *id)
{
	const struct audit *a = session_audit(r->s);
	struct buf out;
	buf_init(&out, 0);
	int u = id ? state_unit(&a->st, id) : -1, l = id ? state_leader(&a->st, id) : -1;
	if (id && u < 0 && l < 0) {
		fprintf(r->said, "status: no unit or leader '%s'\n", id);
		buf_release(&out);
		return;
	}
	for (int i = 0; i < a->st.n_units; i++)
		if (!id || i == u) {
			buf_clear(&out);
			session_describe_unit(r->s, i, &out);
			printf("  %s\n", out.text);
		}
	for (int i = 0; i < a->st.n_leaders; i++)
		if (!id || i == l) {
			buf_clear(&out);
			session_describe_leader(r->s, i, &out);
			printf("  %s\n", out.text);
		}
	buf_release(&out);
}

static void show_help(struct recorder *r)
{
	const struct audit *a = session_audit(r->s);
	const struct vocab *v = session_battle(r->s)->vocab;
	printf("commands: status [ID], undo, turn, odds LINE, ?, quit; or a line of the notation\n");
	printf("events %s:", a->st.phase ? "in this phase" : "before a phase");
	for (size_t i = 0; i < v->n_events; i++) {
		const struct vocab_event *e = &v->events[i];
		if (!e->canon && (!a->st.phase_bit || (e->phases & a->st.phase_bit)))
			printf(" %s", e->keyword);
	}
	printf("\n('umpire help notation' prints the %s card)\n", v->name);
}

static void take_line(struct recorder *r, const char *line);

/* The file was changed on disk under the recorder: its state no longer
 * says what the file says, so nothing more is added. */
static void changed(struct recorder *r)
{
	msg_error("%s was changed on disk while recording; nothing more is added: start the recorder again",
		  session_path(r->s));
	r->failed = true;
}

/* What each face of the die would give the line (no die in it yet);
 * false when it cannot say.  asked: the user typed odds, so say why not. */
static bool show_odds(struct recorder *r, const char *line, bool asked)
{
	line += strspn(line, " \t");
	struct buf out;
	buf_init(&out, 0);
	int rc = session_odds(r->s, line, &out);
	if (rc == 0)
		printf("odds before the roll, under the modifiers that apply now:\n%s", out.text);
	else if (asked && rc == -1)
		fprintf(r->said, "odds: no die written into '%s' makes a line that stands here (a line of one die, "
			"in its phase; a charge as `charge A -> D`, or with one side's die)\n", line);
	else if (asked)
		fprintf(r->said, "odds: the audit derives no effect for '%s' (a chart not supplied, or an event "
			"it takes on trust)\n", line);
	bool ok = rc == 0;
	buf_release(&out);
	return ok;
}

static void undo(struct recorder *r)
{
	struct buf what;
	buf_init(&what, 0);
	char why[1024];
	switch (session_undo(r->s, &what, why, sizeof why)) {
	case UNDO_DONE:
		printf("undone: %s\n", what.text);
		break;
	case UNDO_NOTHING:
		fprintf(r->said, "undo: the log has no line of the turns to take back\n");
		break;
	case UNDO_IO:
		msg_error("%s", why);
		r->failed = true;
		break;
	case UNDO_CHANGED:
		changed(r);
		break;
	}
	buf_release(&what);
}

/* A recorder command, if line is one: true when it was taken. */
static bool command(struct recorder *r, const char *line)
{
	char *copy = xstrdup(line), *p = copy;
	char *cmd = word(&p), *arg = cmd ? word(&p) : NULL;
	bool more = arg && word(&p);
	bool taken = true;
	if (!cmd)
		taken = false;
	else if (!more && !arg && (strcmp(cmd, "?") == 0 || strcasecmp(cmd, "help") == 0))
		show_help(r);
	else if (!more && strcasecmp(cmd, "status") == 0)
		show_status(r, arg);
	else if (arg && (strcasecmp(cmd, "odds") == 0 || strcmp(cmd, "?") == 0))
		show_odds(r, line + strspn(line, " \t") + strlen(cmd), true);
	else if (!arg && strcasecmp(cmd, "undo") == 0)
		undo(r);
	else if (!arg && (strcasecmp(cmd, "quit") == 0 || strcasecmp(cmd, "exit") == 0))
		r->quit = true;
	else if (!arg && strcasecmp(cmd, "turn") == 0) {	/* bare: not the notation's turn line */
		struct buf next;
		buf_init(&next, 0);
		if (session_next_turn(r->s, &next)) {
			printf("%s\n", next.text);
			take_line(r, next.text);
		} else {
			fprintf(r->said, "turn: type the first turn's line in full (turn 1, the side when turns have "
					 "one, the condition); turn then follows it\n");
		}
		buf_release(&next);
	} else
		taken = false;
	free(copy);
	return taken;
}

/* Lines of the notation */

/* Whether a part says more than who took part (a firer beside the target,
 * a state event's unit). */
static bool part_says(const struct rec_part *p)
{
	return p->die || p->n_mods || p->has_total || p->effect || p->loss;
}

/* What the audit derived, a line per unit that rolled ("lvgun -> ridgely
 * [6] -3fp =3 desultory-fire"), then the state after of the units the
 * event named or changed. */
static void show_record(struct recorder *r, const struct record *rec)
{
	struct buf out, with;
	buf_init(&out, 0);
	buf_init(&with, 0);
	int last = -1;
	for (int i = 0; i < rec->n_parts; i++)
		if (part_says(&rec->parts[i]))
			last = i;
	for (int i = 0; i < rec->n_parts && last >= 0; i++) {
		const struct rec_part *p = &rec->parts[i];
		if (!part_says(p)) {	/* said with the next that rolled */
			buf_printf(&with, "%s%s", with.len ? ", " : "", p->unit);
			continue;
		}
		buf_clear(&out);
		if (with.len)
			buf_printf(&out, "%s -> ", with.text);
		buf_clear(&with);
		buf_printf(&out, "%s", p->unit);
		if (p->die)
			buf_printf(&out, " [%d]", p->die);
		for (int m = 0; m < p->n_mods; m++)
			buf_printf(&out, " %+d%s", p->mods[m].value, p->mods[m].code);
		if (p->has_total)
			buf_printf(&out, " =%d", p->total);
		const char *effect = p->effect ? p->effect : i == last ? rec->effect : NULL;
		if (effect)
			buf_printf(&out, " %s%s%s", paint(r, PAINT_GREEN), effect, paint(r, PAINT_NONE));
		if (p->loss)
			buf_printf(&out, ", %d lost", p->loss);
		printf("  %s\n", out.text);
	}
	for (int i = 0; i < rec->n_states; i++) {
		const struct rec_state *st = &rec->states[i];
		buf_clear(&out);
		bool says = session_describe_fields(r->s, st->kind, st->id, &st->fields, &out);
		if (st->kind == 'U' || says)	/* a leader with nothing to report is not shown */
			printf("  %safter: %s%s\n", paint(r, PAINT_DIM), out.text, paint(r, PAINT_NONE));
	}
	buf_release(&with);
	buf_release(&out);
}

/* The findings the line brought; returns how many are errors or warnings
 * (those the user is asked about). */
static int show_findings(struct recorder *r, int since)
{
	const struct findings *f = session_findings(r->s);
	const struct battle *b = session_battle(r->s);
	int first = f->n;
	while (first > 0 && f->v[first - 1].stmt >= since)
		first--;
	int weighty = 0;
	struct buf out;
	buf_init(&out, 0);
	for (int i = first; i < f->n; i++) {
		const struct finding *x = &f->v[i];
		if (x->overruled || (x->severity == DIAG_NOTE && !r->notes))
			continue;
		weighty += x->severity != DIAG_NOTE;
		buf_clear(&out);
		finding_render(x, &b->src, &out);
		fprintf(r->said, "%s%s%s", paint(r, x->severity == DIAG_ERROR ? PAINT_RED : x->severity == DIAG_WARNING
								   ? PAINT_YELLOW : PAINT_DIM),
			out.text, paint(r, PAINT_NONE));
	}
	buf_release(&out);
	return weighty;
}

static char *read_line(struct recorder *r, const char *prompt);

/* Asks what to do with a line that has findings: 'a', 'e' or 'd'. */
static int ask(struct recorder *r)
{
	for (;;) {
		char *answer = read_line(r, "accept as logged (a), edit (e) or discard (d)? [a] ");
		if (!answer)
			return 'a';	/* end of input: nothing typed is lost */
		char c = answer[strspn(answer, " \t")];
		free(answer);
		if (c == '\0' || c == 'a' || c == 'A')
			return 'a';
		if (c == 'e' || c == 'E' || c == 'd' || c == 'D')
			return c | 0x20;
	}
}

static void accept(struct recorder *r, const char *typed);

/* A line with the facts and the die but no claim: the line the audit
 * would write, for the players to confirm.  True when it was dealt with
 * (taken as completed, or put back to edit); false: log it as typed. */
static bool suggest(struct recorder *r, const struct session_take *take)
{
	struct buf line;
	buf_init(&line, 0);
	if (!session_suggest(r->s, take, &line)) {
		buf_release(&line);
		return false;
	}
	printf("  complete as: %s\n", line.text);
	bool dealt = false;
	while (r->tty && !dealt) {
		char *answer = read_line(r, "take the completed line (Enter), edit it (e) or log as typed (n)? ");
		char c = answer ? (char)tolower((unsigned char)answer[strspn(answer, " \t")]) : 'n';
		free(answer);
		if (c == '\0' || c == 'y') {	/* Enter */
			take_line(r, line.text);
			dealt = true;
		} else if (c == 'e') {
			session_discard(r->s);
			r->prefill = xstrdup(line.text);
			dealt = true;
		} else if (c == 'n') {
			break;
		}
	}
	buf_release(&line);
	return dealt;
}

/* Appends the line tried; says so when it is written in another form than
 * typed (canonical: aliases, case, spaces). */
static void accept(struct recorder *r, const char *typed)
{
	size_t n = strlen(typed);
	while (n > 0 && strchr(" \t\r\n", typed[n - 1]))
		n--;
	const char *text = session_pending_text(r->s);
	bool same = text && strlen(text) == n && strncmp(text, typed, n) == 0;
	char *written = text && !same ? xstrdup(text) : NULL;
	if (session_accept(r->s) == 0) {
		if (written)
			fprintf(r->said, "written as: %s\n", written);
		free(written);
		return;
	}
	free(written);
	if (errno == ESTALE)
		changed(r);
	else
		msg_error("cannot append to %s: %s; the line is not in the log", session_path(r->s), strerror(errno));
	r->failed = true;
}

/* One line, typed or piped: a command, or a line of the notation tried,
 * shown and, as the user says, accepted, corrected or discarded. */
static void take_line(struct recorder *r, const char *line)
{
	if (r->tty && line[strspn(line, " \t")] == '\0')
		return;	/* Enter on an empty prompt writes nothing */
	/* a control character or a byte not UTF-8 is no command's: the
	 * notation refuses the line and says where */
	if (termtext_is_text(line, strlen(line)) && command(r, line))
		return;
	struct buf said;
	buf_init(&said, 0);
	struct session_take take;
	int rc = session_try(r->s, line, &said, &take);
	/* a line all but its die, at the table: the odds, then the line back
	 * for the die */
	bool odds = rc < 0 && r->tty && show_odds(r, line, false);
	if (!odds)
		fputs(said.text, r->said);
	buf_release(&said);
	if (rc < 0) {
		r->refused += !odds;
		if (r->tty)	/* put it back to be corrected */
			r->prefill = xstrdup(line);
		else
			fprintf(r->said, "%s: not appended\n", session_path(r->s));
		return;
	}
	if (take.rec)
		show_record(r, take.rec);
	int weighty = show_findings(r, take.since);
	if (suggest(r, &take))
		return;
	if (!r->tty || weighty == 0) {
		accept(r, line);
		return;
	}
	switch (ask(r)) {
	case 'a':
		accept(r, line);
		break;
	case 'e':
		session_discard(r->s);
		r->prefill = xstrdup(line);
		break;
	default:
		session_discard(r->s);
		printf("discarded\n");
	}
}

/* The terminal: libedit */

static const char *prompt_of(EditLine *el)
{
	struct recorder *r;
	el_get(el, EL_CLIENTDATA, &r);
	return r->prompt;
}

/* Inserts what the candidates share past what is typed; lists them when
 * that is nothing. */
static unsigned char complete(EditLine *el, int ch)
{
	(void)ch;
	struct recorder *r;
	el_get(el, EL_CLIENTDATA, &r);
	const LineInfo *li = el_line(el);
	size_t n = (size_t)(li->cursor - li->buffer);
	char *line = xstrndup(li->buffer, n);
	const char *cand[256];
	size_t start;
	int k = session_complete(r->s, line, &start, cand, 256 - 8);
	bool first = strcspn(line + strspn(line, " \t"), " \t") == strlen(line + strspn(line, " \t"));
	static const char *const own[] = {"status", "undo", "odds", "help", "quit"};
	for (size_t i = 0; first && i < sizeof own / sizeof own[0]; i++)
		if (strncasecmp(own[i], line + start, n - start) == 0)
			cand[k++] = own[i];
	size_t typed = n - start;
	free(line);
	if (k == 0)
		return CC_ERROR;
	size_t common = strlen(cand[0]);
	for (int i = 1; i < k; i++) {
		size_t j = 0;
		while (j < common && cand[i][j] && (cand[i][j] | 0x20) == (cand[0][j] | 0x20))
			j++;
		common = j;
	}
	if (common > typed) {
		char *add = xstrndup(cand[0] + typed, common - typed);
		el_insertstr(el, add);
		free(add);
	}
	if (k == 1) {
		el_insertstr(el, " ");
		return CC_REFRESH;
	}
	if (common > typed)
		return CC_REFRESH;
	fputc('\n', stdout);
	for (int i = 0; i < k; i++)
		printf("%s%s", cand[i], i + 1 < k ? "  " : "\n");
	return CC_REDISPLAY;
}

/* The next byte from the terminal: 1, 0 at the end of input, -1 on an
 * error.  A signal (a resized window) only interrupts the wait. */
static int read_byte(struct recorder *r, unsigned char *b)
{
	if (r->held >= 0) {
		*b = (unsigned char)r->held;
		r->held = -1;
		return 1;
	}
	for (;;) {
		ssize_t n = read(STDIN_FILENO, b, 1);
		if (n >= 0)
			return (int)n;
		if (errno != EINTR)
			return -1;
	}
}

/* Reads one character's bytes from the terminal and decodes them into
 * r->keys (termtext_decode): a byte that cannot continue the sequence is
 * kept for the next character.  1, 0 at the end of input, -1 on an error. */
static int read_char_bytes(struct recorder *r)
{
	unsigned char seq[4];
	int rc = read_byte(r, &seq[0]);
	if (rc <= 0)
		return rc;
	int want = termtext_seq_len(seq[0]), n = 1;
	while (n < want) {
		rc = read_byte(r, &seq[n]);
		if (rc < 0)
			return rc;
		if (rc == 0)
			break;
		if ((seq[n] & 0xC0) != 0x80) {	/* starts the next character */
			r->held = seq[n];
			break;
		}
		n++;
	}
	r->n_keys = (int)termtext_decode((const char *)seq, (size_t)n, r->keys);
	r->next_key = 0;
	return 1;
}

/* libedit's reader of keys (EL_GETCFN): the terminal's bytes decoded
 * without dropping any (termtext.h), so that what is typed reaches the
 * line whole, and the line is refused as piped. */
static int read_key(EditLine *el, wchar_t *c)
{
	struct recorder *r;
	el_get(el, EL_CLIENTDATA, &r);
	if (r->next_key >= r->n_keys) {
		int rc = read_char_bytes(r);
		if (rc <= 0)
			return rc;
	}
	*c = r->keys[r->next_key++];
	return 1;
}

/* The key sequence that puts r->prefill back; no terminal sends it. */
static const char put_back_keys[] = "\033[umpire-put-back~";

/* Puts r->prefill under the cursor as text: its characters are inserted,
 * never read as keys (a Ctrl-D in it would end the session). */
static unsigned char put_back(EditLine *el, int ch)
{
	(void)ch;
	struct recorder *r;
	el_get(el, EL_CLIENTDATA, &r);
	if (!r->prefill)
		return CC_NORM;
	size_t len = strlen(r->prefill);
	wchar_t *text = xmalloc((len + 1) * sizeof *text);
	text[termtext_decode(r->prefill, len, text)] = L'\0';
	if (text[0])
		el_winsertstr(el, text);
	free(text);
	free(r->prefill);
	r->prefill = NULL;
	return CC_REFRESH;
}

static void terminal_open(struct recorder *r)
{
	/* libedit reads characters by the locale: in "C" it drops every
	 * letter past ASCII, and the notation is UTF-8 */
	setlocale(LC_CTYPE, "");
	if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
		setlocale(LC_CTYPE, "C.UTF-8");
	r->el = el_init("umpire", stdin, stdout, stderr);
	el_set(r->el, EL_EDITOR, "emacs");
	el_set(r->el, EL_CLIENTDATA, r);
	el_set(r->el, EL_PROMPT_ESC, prompt_of, '\1');	/* colours between \1s take no room */
	el_set(r->el, EL_SIGNAL, 1);
	r->hist = history_init();
	HistEvent ev;
	history(r->hist, &ev, H_SETSIZE, 1000);
	el_set(r->el, EL_HIST, history, r->hist);
	/* wide: the narrow call copies the names and never frees them */
	el_wset(r->el, EL_ADDFN, L"umpire-complete", L"complete a word of the notation", complete);
	el_set(r->el, EL_BIND, "^I", "umpire-complete", NULL);
	el_set(r->el, EL_GETCFN, read_key);
	el_source(r->el, NULL);	/* the user's ~/.editrc */
	/* after it, so that no binding of the user's takes it away */
	el_wset(r->el, EL_ADDFN, L"umpire-put-back", L"put a line back to edit", put_back);
	el_set(r->el, EL_BIND, put_back_keys, "umpire-put-back", NULL);
}

static void terminal_close(struct recorder *r)
{
	if (r->el)
		el_end(r->el);
	if (r->hist)
		history_end(r->hist);
}

/* The next line (caller frees), without its newline; NULL at the end of
 * input. */
static char *read_line(struct recorder *r, const char *prompt)
{
	if (!r->tty) {
		char *line = NULL;
		size_t cap = 0;
		ssize_t n = getline(&line, &cap, stdin);
		if (n < 0) {
			free(line);
			return NULL;
		}
		if (memchr(line, '\0', (size_t)n)) {	/* the rest would be cut off unseen */
			msg_error("a line with a NUL byte (binary input?); not appended");
			r->refused++;
			r->skip = true;
		}
		/* only the line's end: a CR inside stays, for the notation to
		 * refuse the whole line (cut there, its first part would be
		 * appended as if it were all) */
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n > 0 && line[n - 1] == '\r')
			line[--n] = '\0';
		return line;
	}
	snprintf(r->prompt, sizeof r->prompt, "%s", prompt);
	if (r->prefill)
		el_push(r->el, put_back_keys);	/* put_back inserts it */
	int count;
	const wchar_t *got = el_wgets(r->el, &count);
	if (!got || count <= 0)
		return NULL;
	size_t n = (size_t)count;
	while (n > 0 && (got[n - 1] == L'\n' || got[n - 1] == L'\r'))
		n--;
	struct buf line;
	buf_init(&line, 0);
	termtext_encode(got, n, &line);
	char *text = buf_detach(&line);
	buf_release(&line);	/* detaching left it a new, empty text */
	return text;
}

/* The mode of the phase the log is in ("defensive"), or NULL. */
static const char *phase_mode(const struct battle *b)
{
	for (int i = b->n_stmts - 1; i >= 0; i--)
		if (b->stmts[i].kind == ST_PHASE)
			return b->stmts[i].u->phase.mode;
		else if (b->stmts[i].kind == ST_TURN)
			return NULL;
	return NULL;
}

/* "T3 US charge> ", "T1 US fire (defensive)> ": where the battle stands;
 * its colours marked for libedit as taking no room (EL_PROMPT_ESC). */
static void set_prompt(const struct recorder *r, char *out, size_t size)
{
	const struct audit *a = session_audit(r->s);
	const char *on = r->color ? "\1\033[1m\1" : "", *off = r->color ? "\1\033[0m\1" : "";
	const char *mode = a->st.phase ? phase_mode(session_battle(r->s)) : NULL;
	if (!a->st.turn)
		snprintf(out, size, "%sbefore turn 1>%s ", on, off);
	else
		snprintf(out, size, "%sT%d%s%s%s%s%s%s%s>%s ", on, a->st.turn, a->st.side ? " " : "",
			 a->st.side ? a->st.side : "", a->st.phase ? " " : "", a->st.phase ? a->st.phase : "",
			 mode ? " (" : "", mode ? mode : "", mode ? ")" : "", off);
}

static int run(struct recorder *r)
{
	const struct battle *b = session_battle(r->s);
	const struct findings *f = session_findings(r->s);
	int events = 0;
	for (int i = 0; i < b->n_stmts; i++)
		events += b->stmts[i].kind == ST_EVENT;
	int open = 0;
	for (int i = 0; i < f->n; i++)
		open += f->v[i].severity == DIAG_ERROR && !f->v[i].overruled;
	r->first_stmt = b->n_stmts;
	if (r->tty) {
		printf("recording %s (%s): %d events replayed", session_path(r->s), b->vocab->name, events);
		if (open)
			printf(", %d unsettled error%s (umpire audit)", open, open == 1 ? "" : "s");
		printf("; '?' for help\n");
	}
	while (!r->quit && !r->failed) {
		char prompt[128];
		set_prompt(r, prompt, sizeof prompt);
		char *line = read_line(r, prompt);
		if (!line)
			break;
		if (r->tty && line[strspn(line, " \t")])
			history(r->hist, &(HistEvent){0}, H_ENTER, line);
		if (!r->skip)
			take_line(r, line);
		r->skip = false;
		free(line);
	}
	if (r->tty)
		putchar('\n');
	int errors = 0;	/* those of the lines taken, unless a ruling settled them since */
	for (int i = 0; i < f->n; i++)
		errors += f->v[i].stmt >= r->first_stmt && f->v[i].severity == DIAG_ERROR && !f->v[i].overruled;
	return r->failed ? EXIT_USAGE : r->refused || errors ? EXIT_FINDINGS : EXIT_CLEAN;
}

static void say_removed(const char *removed, void *what)
{
	fprintf(stderr, "umpire: removed %s, the temporary file of %s that did not finish (the log is whole)\n",
		removed, (const char *)what);
}

/* Removes what a killed undo (the log rewritten: beside its target, when
 * it is a link) or a killed record --from left beside the log. */
static void sweep_temporaries(const char *path)
{
	struct stat st;
	char *real = lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
	(void)durable_sweep(real ? real : path, "undo", say_removed, (void *)"an undo");
	(void)durable_sweep(path, "from", say_removed, (void *)"a record --from");
	free(real);
}

int cmd_record(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"from", required_argument, NULL, 'F'},
		{"notes", no_argument, NULL, 'n'},
		{"no-color", no_argument, NULL, 'C'},
		{"follow", required_argument, NULL, 'f'},
		{"option", required_argument, NULL, 'o'},
		{"include-root", required_argument, NULL, 'I'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct runopts run_opts = {.follow = FOLLOW_CLAIMED};
	const char *template = NULL;
	bool notes = false, no_color = false;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire record";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'F':
			template = optarg;
			break;
		case 'n':
			notes = true;
			break;
		case 'C':
			no_color = true;
			break;
		case 'f':
		case 'o':
		case 'I':
			if (runopts_take(&run_opts, "record", c, optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_record_usage, stdout);
			return EXIT_CLEAN;
		default:
			msg_try("record");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_usage("record", optind >= argc ? "no log to record into" : "one log at a time");
		return EXIT_USAGE;
	}
	const char *path = argv[optind];
	if (access(path, F_OK) != 0) {
		if (!template) {
			msg_usage("record", "%s does not exist: make it with --from TEMPLATE (a header and order of battle)",
				  path);
			return EXIT_USAGE;
		}
		char why[512];
		if (template_make_log(path, template, run_opts.include_root, why, sizeof why) < 0) {
			msg_error("%s", why);
			return EXIT_USAGE;
		}
	} else if (template) {
		fprintf(stderr, "umpire: %s exists: recording into it as it is (--from makes a new log only)\n", path);
	}
	/* the log must parse: its errors are shown as check shows them */
	struct diags d;
	diags_init(&d, 500);
	struct battle *b = load_battle(path, run_opts.include_root, &d);
	if (!b || d.n_errors) {
		load_print_diags(stderr, b, &d);
		if (b)
			fprintf(stderr, "%s: does not parse; fix it (umpire check) before recording\n", path);
		battle_free(b);
		diags_release(&d);
		return EXIT_USAGE;
	}
	battle_free(b);
	diags_release(&d);
	sweep_temporaries(path);
	diags_init(&d, 50);
	struct session_opts so = {.follow = run_opts.follow, .options = run_opts.options,
				  .n_options = run_opts.n_options, .include_root = run_opts.include_root};
	char err[512];
	struct session *s = session_open(path, &so, &d, err, sizeof err);
	diags_release(&d);
	if (!s) {
		msg_error("%s", err[0] ? err : "cannot open the log");
		return EXIT_USAGE;
	}
	struct recorder r = {.s = s, .notes = notes, .held = -1};
	r.tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	r.color = r.tty && !no_color && !getenv("NO_COLOR");
	r.said = r.tty ? stdout : stderr;
	if (r.tty)
		terminal_open(&r);
	int status = run(&r);
	terminal_close(&r);
	free(r.prefill);
	session_close(s);
	return status;
}
