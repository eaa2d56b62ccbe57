/* load: parsing with one lexer per process, printing diagnostics. */
#include "load.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../audit/ruleset.h"
#include "../grammar/lex.h"
#include "../grammar/xalloc.h"
#include "../grammar/parse.h"
#include "msg.h"

static struct lex *lexer;

/* A line on standard error while another process holds the archive. */
static void say_waiting(void *ctx, int seconds)
{
	(void)ctx;
	fprintf(stderr, "umpire: waiting %d s for another process writing the archive; this one goes on when "
		"it is done (Ctrl-C stops)\n", seconds);
}

struct store *load_archive(const char *path, enum store_journal journal, enum load_access access)
{
	char *fallback = path ? NULL : store_default_path();
	if (!path && !fallback) {
		msg_error("no archive: give --db PATH or set UMPIRE_DB (HOME is not set)");
		return NULL;
	}
	char *err = NULL;
	struct store_opts o = {.path = path ? path : fallback, .journal = journal, .read_only = access == LOAD_READ,
			       .upgrade = access == LOAD_READ_UPGRADING || access == LOAD_INSPECT,
			       .create = access == LOAD_CREATE, .inspect = access == LOAD_INSPECT,
			       .waiting = isatty(STDERR_FILENO) ? say_waiting : NULL};
	struct store *s = store_open(&o, &err);
	if (!s)
		msg_error("%s", err);
	free(err);
	free(fallback);
	return s;
}

struct lex *load_lexer(void)
{
	if (!lexer) {
		char *err = NULL;
		lexer = lex_new(&err);
		if (!lexer) {
			msg_error("%s", err);	/* a broken tokens.def: a bug, not bad input */
			free(err);
			abort();
		}
	}
	return lexer;
}

struct battle *load_battle(const char *path, const char *include_root, struct diags *d)
{
	struct stat st;
	int bad = !include_root ? 0 : stat(include_root, &st) < 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
	if (bad) {	/* a root that is not there would add nothing: say so now */
		msg_error("--include-root '%s': %s", include_root, strerror(bad));
		return NULL;
	}
	struct parse_opts opts = {.lex = load_lexer(), .find_rules = ruleset_vocab, .default_rules = ruleset_default(),
				  .include_root = include_root};
	return parse_file(path, &opts, d);
}

bool load_jit(void)
{
	return lex_uses_jit(load_lexer());
}

void load_cleanup(void)
{
	lex_free(lexer);
	lexer = NULL;
}

int load_silence(struct silence *s, const char *cmd, const char *code)
{
	int c = diag_code_lookup(code);
	if (c < 0) {
		msg_usage(cmd, "unknown diagnostic code '%s' (see docs/diagnostics.md)", code);
		return -1;
	}
	if (diag_code_severity((enum diag_code)c) == DIAG_ERROR) {
		msg_usage(cmd, "'%s' is an error and cannot be silenced", code);
		return -1;
	}
	s->off[c] = true;
	return 0;
}

void load_print_diags(FILE *f, const struct battle *b, const struct diags *d)
{
	struct buf out;
	buf_init(&out, 0);
	for (int i = 0; i < d->n; i++) {
		const struct diag *dg = &d->v[i];
		buf_clear(&out);
		if (b) {
			diag_render(dg, &b->src, &out);
		} else {
			struct sources none;
			sources_init(&none);
			diag_render(dg, &none, &out);
		}
		fputs(out.text, f);
	}
	if (d->n_dropped)	/* errors displace warnings: these are warnings unless errors passed the limit */
		fprintf(f, "umpire: %d more diagnostics not shown\n", d->n_dropped);
	buf_release(&out);
}

int load_split_target(const char *arg, char **file, char **included, int *line)
{
	const char *last = strrchr(arg, ':');
	if (!last || !last[1] || strspn(last + 1, "0123456789") != strlen(last + 1))
		return -1;
	*line = atoi(last + 1);
	char *rest = xstrndup(arg, (size_t)(last - arg));
	char *mid = strrchr(rest, ':');
	*included = NULL;
	if (mid && mid[1] && strspn(mid + 1, "0123456789") == strlen(mid + 1)) {
		/* FILE:LINE:COL as check and audit print it: the column is dropped */
		*line = atoi(mid + 1);
		*mid = '\0';
		mid = strrchr(rest, ':');
	}
	if (mid) {
		*mid = '\0';
		*included = xstrdup(mid + 1);
	}
	*file = rest;
	return *line > 0 ? 0 : -1;
}

int load_find_source(const struct battle *b, const char *included)
{
	size_t n = strlen(included);
	for (int i = 0; i < b->src.n; i++) {
		const char *p = b->src.v[i].path;
		size_t m = strlen(p);
		if (m >= n && strcmp(p + m - n, included) == 0 && (m == n || p[m - n - 1] == '/'))
			return i;
	}
	return -1;
}
