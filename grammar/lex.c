/* lex: the notation's tokens, matched with PCRE2 (after git grep.c). */
#include "lex.h"

#include <assert.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "buf.h"
#include "source.h"
#include "xalloc.h"

static const struct {
	const char *pattern;
	const char *doc;
} specs[] = {
#define TOKEN(e, pat, doc) {pat, doc},
#include "tokens.def"
#undef TOKEN
	{NULL, "end of line"},
};

enum { N_PATTERNS = TOK_END };

/* Every token pattern in one alternation, each alternative marked with
 * its kind, (?:P0)(*MARK:0)|(?:P1)(*MARK:1)|...: one match a token, the
 * alternatives tried in the order of tokens.def as before. */
struct lex {
	pcre2_code *any;
	pcre2_match_data *md;
	int first_group[N_PATTERNS];	/* where each pattern's captures start in it, less one */
	pcre2_code *utf_check;		/* matches anything: used to validate UTF-8 */
	pcre2_match_data *utf_md;
	int jit;
	bool jit_ok;	/* any's JIT compile succeeded: matched without pcre2_match's checks */
};

/* Compiles one pattern anchored, with UTF; JIT when available. */
static pcre2_code *compile(const char *pattern, int jit, char **err)
{
	int errcode;
	PCRE2_SIZE erroff;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
					 PCRE2_ANCHORED | PCRE2_UTF, &errcode, &erroff, NULL);
	if (!code) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(errcode, msg, sizeof msg);
		struct buf b;
		buf_init(&b, 0);
		buf_printf(&b, "token pattern '%s' at %zu: %s", pattern, (size_t)erroff, (char *)msg);
		*err = buf_detach(&b);
		buf_release(&b);
		return NULL;
	}
	if (jit)
		pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);	/* on failure the interpreter serves */
	return code;
}

/* The number of capturing groups of one pattern (checked by compiling it
 * alone, so that a bad pattern is named in the message); -1 on error. */
static int groups_of(const char *pattern, char **err)
{
	pcre2_code *code = compile(pattern, 0, err);
	if (!code)
		return -1;
	uint32_t n = 0;
	pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &n);
	pcre2_code_free(code);
	return (int)n;
}

struct lex *lex_new(char **err)
{
	/* lex_line skips these two bytes itself, the white space tried first */
	assert(TOK_WS == 0 && strcmp(specs[TOK_WS].pattern, "[ \\t]+") == 0);
	struct lex *lx = xcalloc(1, sizeof *lx);
	uint32_t jit = 0;
	pcre2_config(PCRE2_CONFIG_JIT, &jit);
	lx->jit = jit != 0;
	struct buf all;
	buf_init(&all, 1024);
	int groups = 0;
	for (int i = 0; i < N_PATTERNS; i++) {
		int n = groups_of(specs[i].pattern, err);
		if (n < 0) {
			buf_release(&all);
			lex_free(lx);
			return NULL;
		}
		lx->first_group[i] = groups;
		groups += n;
		buf_printf(&all, "%s(?:%s)(*MARK:%d)", i ? "|" : "", specs[i].pattern, i);
	}
	lx->any = compile(all.text, lx->jit, err);
	buf_release(&all);
	if (!lx->any) {
		lex_free(lx);
		return NULL;
	}
	size_t jit_size = 0;
	pcre2_pattern_info(lx->any, PCRE2_INFO_JITSIZE, &jit_size);
	lx->jit_ok = jit_size > 0;
	lx->md = pcre2_match_data_create_from_pattern(lx->any, NULL);
	lx->utf_check = compile("", 0, err);
	lx->utf_md = pcre2_match_data_create_from_pattern(lx->utf_check, NULL);
	return lx;
}

void lex_free(struct lex *lx)
{
	if (!lx)
		return;
	pcre2_match_data_free(lx->md);
	pcre2_code_free(lx->any);
	pcre2_match_data_free(lx->utf_md);
	pcre2_code_free(lx->utf_check);
	free(lx);
}

int lex_uses_jit(const struct lex *lx)
{
	return lx->jit_ok;
}

const char *lex_token_doc(enum token_kind kind)
{
	return specs[kind].doc;
}

/* Whether the line is plain ASCII, which is valid UTF-8 as it stands:
 * most lines are, and need no match to validate them. */
static bool is_ascii(const char *line, size_t len)
{
	unsigned char any = 0;
	for (size_t i = 0; i < len; i++)
		any |= (unsigned char)line[i];
	return any < 0x80;
}

/* Validates the line as UTF-8; returns the byte offset of the first bad
 * byte, or -1 when the line is valid. */
static long utf8_error_at(struct lex *lx, const char *line, size_t len)
{
	int rc = pcre2_match(lx->utf_check, (PCRE2_SPTR)line, len, 0, 0, lx->utf_md, NULL);
	if (rc >= 0 || rc == PCRE2_ERROR_NOMATCH)
		return -1;
	/* For a UTF error, the start character is the offset of the bad byte. */
	return (long)pcre2_get_startchar(lx->utf_md);
}

/* The number written at s (an optional sign, then digits, any number of
 * them): its value, or LEX_NUM_HUGE with its sign past nine significant
 * digits, so that whoever reads it says it is out of range rather than
 * seeing a wrapped value. */
static long number_at(const char *s)
{
	int sign = *s == '-' ? -1 : 1;
	if (*s == '-' || *s == '+')
		s++;
	while (*s == '0')
		s++;
	long v = 0;
	for (int n = 0; *s >= '0' && *s <= '9'; s++, n++) {
		if (n == 9)
			return sign * LEX_NUM_HUGE;
		v = v * 10 + (*s - '0');
	}
	return sign * v;
}

/* Fills in value fields from the pattern's captures. */
static void take_captures(struct token *t, const char *line, PCRE2_SIZE *ov)
{
	switch (t->kind) {
	case TOK_FACE:
		t->die = ov[2] == PCRE2_UNSET ? -1 : (int)number_at(line + ov[2]);
		t->num = number_at(line + ov[4]);
		t->sub_off = ov[6];	/* ",6,2": the faces after the first */
		t->sub_len = ov[7] - ov[6];
		break;
	case TOK_MOD:
		t->num = number_at(line + ov[2]);
		t->sub_off = ov[4];
		t->sub_len = ov[5] - ov[4];
		break;
	case TOK_STRING:
		t->sub_off = ov[2];
		t->sub_len = ov[3] - ov[2];
		break;
	case TOK_NUMBER:
	case TOK_SIGNED:
		t->num = number_at(line + t->off);
		break;
	default:
		break;
	}
}

/* The byte offset of the first control character other than tab, or -1:
 * a NUL or a stray CR would otherwise vanish from strings and comments, and
 * C1 controls (U+0080-U+009F, 0xC2 0x80-0x9F in valid UTF-8: CSI, NEL) drive
 * some terminals as ESC does; bidirectional overrides and isolates make a
 * line read otherwise than it parses. */
static long control_at(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c < 0x20 && c != '\t') || c == 0x7F)
			return (long)i;
		if (c == 0xC2 && i + 1 < len && (unsigned char)line[i + 1] <= 0x9F)
			return (long)i;
		if (c == 0xE2 && source_bidi_control(line + i, len - i))
			return (long)i;
	}
	return -1;
}


/* Matches the first token kind that fits at off; returns it with its end
 * in *end and *ov pointing to its pattern's captures as if it had matched
 * alone (ov[2] its first group), TOK_END when none fits, or TOK_N_KINDS
 * with *rc set when PCRE2 fails. */
static enum token_kind match_at(struct lex *lx, const char *line, size_t len, size_t off, size_t *end,
				PCRE2_SIZE **ov, int *rc)
{
	*rc = lx->jit_ok ? pcre2_jit_match(lx->any, (PCRE2_SPTR)line, len, off, 0, lx->md, NULL)
			 : pcre2_match(lx->any, (PCRE2_SPTR)line, len, off, PCRE2_NO_UTF_CHECK, lx->md, NULL);
	if (*rc == PCRE2_ERROR_NOMATCH)
		return TOK_END;
	if (*rc < 0)
		return TOK_N_KINDS;
	int k = 0;	/* the alternative's mark: its kind's number */
	for (const PCRE2_UCHAR *m = pcre2_get_mark(lx->md); *m; m++)
		k = k * 10 + (*m - '0');
	PCRE2_SIZE *all = pcre2_get_ovector_pointer(lx->md);
	*end = all[1];
	*ov = all + 2 * lx->first_group[k];
	return (enum token_kind)k;
}

static void set_error(struct lex_error *err, enum lex_status status, int col)
{
	if (err->status == LEX_OK) {
		err->status = status;
		err->col = col;
	}
}

int lex_line(struct lex *lx, const char *line, size_t len, struct token *out, int max,
	     struct lex_error *err)
{
	int n = 0;
	err->status = LEX_OK;
	err->code = 0;
	long bad = is_ascii(line, len) ? -1 : utf8_error_at(lx, line, len);
	if (bad >= 0) {
		set_error(err, LEX_BAD_ENCODING, source_col(line, (size_t)bad));
		len = (size_t)bad;	/* tokens before the bad byte are still usable */
	}
	bad = control_at(line, len);
	if (bad >= 0) {
		set_error(err, LEX_CONTROL, source_col(line, (size_t)bad));
		len = (size_t)bad;
	}
	size_t off = 0;
	int col = 1;	/* the column of off, kept as we go: no rescans */
	while (off < len) {
		if (line[off] == ' ' || line[off] == '\t') {	/* white space, tried first (tokens.def): no token */
			off++;
			col++;
			continue;
		}
		PCRE2_SIZE *ov = NULL;
		int rc = 0;
		size_t end = off;
		enum token_kind k = match_at(lx, line, len, off, &end, &ov, &rc);
		if (k == TOK_N_KINDS) {
			set_error(err, LEX_MATCH_ERROR, col);
			err->code = rc;
			break;
		}
		if (k == TOK_END) {
			set_error(err, line[off] == '"' ? LEX_UNTERMINATED : LEX_BAD_TOKEN, col);
			break;
		}
		int end_col = col + source_col(line + off, end - off) - 1;
		if (k != TOK_WS) {
			if (n >= max - 1) {
				set_error(err, LEX_TOO_LONG, col);
				break;
			}
			struct token *t = &out[n++];
			memset(t, 0, sizeof *t);
			t->kind = k;
			t->off = off;
			t->len = end - off;
			t->col = col;
			t->ncols = end_col - col;
			take_captures(t, line, ov);
		}
		off = end;
		col = end_col;
	}
	out[n] = (struct token){.kind = TOK_END, .off = off, .col = col};
	return n + 1;
}
