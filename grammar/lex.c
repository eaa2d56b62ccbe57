/* lex: the notation's tokens, matched with PCRE2 (after git grep.c). */
#include "lex.h"

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

struct lex {
	pcre2_code *code[N_PATTERNS];
	pcre2_match_data *md[N_PATTERNS];
	pcre2_code *utf_check;		/* matches anything: used to validate UTF-8 */
	pcre2_match_data *utf_md;
	int jit;
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

struct lex *lex_new(char **err)
{
	struct lex *lx = xcalloc(1, sizeof *lx);
	uint32_t jit = 0;
	pcre2_config(PCRE2_CONFIG_JIT, &jit);
	lx->jit = jit != 0;
	for (int i = 0; i < N_PATTERNS; i++) {
		lx->code[i] = compile(specs[i].pattern, lx->jit, err);
		if (!lx->code[i]) {
			lex_free(lx);
			return NULL;
		}
		lx->md[i] = pcre2_match_data_create_from_pattern(lx->code[i], NULL);
	}
	lx->utf_check = compile("", 0, err);
	lx->utf_md = pcre2_match_data_create_from_pattern(lx->utf_check, NULL);
	return lx;
}

void lex_free(struct lex *lx)
{
	if (!lx)
		return;
	for (int i = 0; i < N_PATTERNS; i++) {
		pcre2_match_data_free(lx->md[i]);
		pcre2_code_free(lx->code[i]);
	}
	pcre2_match_data_free(lx->utf_md);
	pcre2_code_free(lx->utf_check);
	free(lx);
}

int lex_uses_jit(const struct lex *lx)
{
	return lx->jit;
}

const char *lex_token_doc(enum token_kind kind)
{
	return specs[kind].doc;
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


/* Matches the first token kind that fits at off; returns it, TOK_END when
 * none fits, or TOK_N_KINDS with *rc set when PCRE2 fails. */
/* Whether a token of kind k can start with byte c: the patterns are tried
 * only where they can match, in the order of tokens.def.  A kind left out
 * here costs speed, not correctness (match_at tries the rest after). */
static bool may_start(enum token_kind k, unsigned char c)
{
	bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
	bool digit = c >= '0' && c <= '9';
	switch (k) {
	case TOK_WS:
		return c == ' ' || c == '\t';
	case TOK_COMMENT:
		return c == '#';
	case TOK_STRING:
		return c == '"';
	case TOK_FACE:
		return c == '[' || c == 'd' || c == 'D';
	case TOK_MOD:
	case TOK_SIGNED:
		return c == '+' || c == '-';
	case TOK_ARROW:
		return c == '-';
	case TOK_NUMBER:
		return digit;
	case TOK_WORD:
		return letter || digit || c == '_';
	default:	/* one punctuation character each */
		return !letter && !digit && c > ' ';
	}
}

static enum token_kind try_kind(struct lex *lx, int k, const char *line, size_t len, size_t off,
				PCRE2_SIZE **ov, int *rc)
{
	*rc = pcre2_match(lx->code[k], (PCRE2_SPTR)line, len, off, PCRE2_NO_UTF_CHECK, lx->md[k], NULL);
	if (*rc > 0) {
		*ov = pcre2_get_ovector_pointer(lx->md[k]);
		return (*ov)[1] > off ? (enum token_kind)k : TOK_END;
	}
	return *rc == PCRE2_ERROR_NOMATCH ? TOK_END : TOK_N_KINDS;
}

static enum token_kind match_at(struct lex *lx, const char *line, size_t len, size_t off,
				PCRE2_SIZE **ov, int *rc)
{
	unsigned char c = (unsigned char)line[off];
	for (int pass = 0; pass < 2; pass++)	/* the kinds that may start here, then the others */
		for (int k = 0; k < N_PATTERNS; k++) {
			if (may_start((enum token_kind)k, c) != (pass == 0))
				continue;
			enum token_kind got = try_kind(lx, k, line, len, off, ov, rc);
			if (got != TOK_END)
				return got;
		}
	return TOK_END;
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
	long bad = utf8_error_at(lx, line, len);
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
		PCRE2_SIZE *ov = NULL;
		int rc = 0;
		enum token_kind k = match_at(lx, line, len, off, &ov, &rc);
		if (k == TOK_N_KINDS) {
			set_error(err, LEX_MATCH_ERROR, col);
			err->code = rc;
			break;
		}
		if (k == TOK_END) {
			set_error(err, line[off] == '"' ? LEX_UNTERMINATED : LEX_BAD_TOKEN, col);
			break;
		}
		size_t end = ov[1];
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
