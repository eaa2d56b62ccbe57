/* umpire site: a static website of the whole archive (docs/reports.md). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../grammar/buf.h"
#include "../grammar/xalloc.h"
#include "../reports/aar.h"
#include "../reports/balance.h"
#include "../reports/campaign.h"
#include "../reports/outfile.h"
#include "../reports/plot.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"

const char cmd_site_usage[] =
	"usage: umpire site [--db PATH] [--no-plots] DIR\n"
	"\n"
	"Writes a static website of the whole archive into DIR, for a club to\n"
	"publish as it is: DIR/index.html lists the campaigns and their battles;\n"
	"each campaign has its report (campaigns/N.html) and each battle its\n"
	"after-action report (battles/N-ID.html), plots inline; where scenarios\n"
	"were played with a result, DIR/balance.html says how often each side\n"
	"wins each (`umpire report balance`); the gnuplot scripts and images\n"
	"stay in DIR/plots/.  Pages link only to each other.\n"
	"\n"
	"options:\n"
	"  --db PATH    the archive; else UMPIRE_DB, else\n"
	"               $XDG_DATA_HOME/umpire/archive.db\n"
	"  --no-plots   no plots (quicker for a large archive; without gnuplot\n"
	"               there are none anyway, and umpire says so)\n"
	"  -h, --help   show this help\n"
	"\n"
	"exit status: 0 done, 2 usage error, an archive that cannot be read or a\n"
	"page that cannot be written.\n";

/* Every battle of the archive by campaign, in campaign order. */
static const char sql_battles[] =
	"SELECT c.id, c.name, b.id, b.ident, b.name, b.date, b.result\n"
	"FROM campaign c JOIN battle b ON b.campaign_id = c.id\n"
	"ORDER BY c.name, coalesce(b.date, '~'), coalesce(b.seq, 0), b.id";

struct site {
	struct store *s;
	const char *dir;
	bool plots;
	char *no_plots;	/* why the pages have none when they should (no gnuplot) */
	struct buf index;	/* the index page's list, as it grows */
	int pages;
};

/* Writes dir/name whole, refusing a symbolic link planted there. */
static bool write_file(const char *dir, const char *name, const struct buf *b)
{
	struct buf path;
	buf_init(&path, 0);
	buf_printf(&path, "%s/%s", dir, name);
	char *err = NULL;
	bool ok = !b->full && outfile_write(path.text, b->text, b->len, &err);
	if (b->full)	/* never a page cut short */
		msg_error("%s: the page passes %zu MiB, umpire's limit for one page; not written", path.text,
			  b->max >> 20);
	else if (!ok)
		msg_error("%s", err);
	free(err);
	buf_release(&path);
	return ok;
}

/* Makes the site's folder dir (a symbolic link to a folder is taken: the
 * user named it), or its subfolder sub (a symbolic link is refused). */
static bool make_dir(const char *dir, const char *sub)
{
	struct buf path;
	buf_init(&path, 0);
	buf_printf(&path, "%s%s%s", dir, sub ? "/" : "", sub ? sub : "");
	struct stat st;
	char *err = NULL;
	bool ok = (!sub && stat(path.text, &st) == 0 && S_ISDIR(st.st_mode)) || outfile_folder(path.text, &err);
	if (!ok)
		msg_error("%s", err);
	free(err);
	buf_release(&path);
	return ok;
}

/* A battle's page: its after-action report, a link back to the index. */
static bool battle_page(struct site *w, int64_t id, const char *file)
{
	struct facts f;
	char *err = NULL;
	if (!facts_load(w->s, id, &f, &err)) {
		msg_error("battle %lld: %s", (long long)id, err);
		free(err);
		return false;
	}
	struct plots p = {0};
	char *missing = NULL;	/* why its plots, or some, are not drawn */
	bool ok = true;	/* a page without its plots is written, but the site is not whole */
	if (w->plots) {
		struct buf dir;
		buf_init(&dir, 0);
		buf_printf(&dir, "%s/plots", w->dir);
		char *prefix = plot_file_prefix(file);
		if (!plot_battle(w->s, &f, dir.text, prefix, PLOT_SVG, &p, &missing)) {
			msg_error("battle %lld: %s; its page has the plots drawn before it", (long long)id, missing);
			ok = false;
		}
		free(prefix);
		buf_release(&dir);
	}
	struct sheet *sh = aar_report(w->s, &f, &p, missing ? missing : w->no_plots, true, &err);
	if (sh) {
		struct buf page, name;
		buf_init(&page, 0);
		buf_init(&name, 0);
		sheet_html_page(sh, &page, "<a href=\"../index.html\">All battles</a>");
		buf_printf(&name, "battles/%s.html", file);
		bool written = write_file(w->dir, name.text, &page);
		w->pages += written;
		ok = written && ok;
		buf_release(&page);
		buf_release(&name);
		sheet_free(sh);
	} else {
		msg_error("battle %lld: %s", (long long)id, err);
		ok = false;
	}
	free(err);
	free(missing);
	plots_release(&p);
	facts_release(&f);
	return ok;
}

static bool campaign_page(struct site *w, int64_t cid, const char *name, const struct buf *links)
{
	char *err = NULL;
	struct sheet *sh = campaign_report(w->s, name, &err);
	if (!sh) {
		msg_error("campaign %s: %s", name, err);
		free(err);
		return false;
	}
	struct buf page, nav, file;
	buf_init(&page, 0);
	buf_init(&nav, 0);
	buf_init(&file, 0);
	buf_puts(&nav, "<a href=\"../index.html\">All battles</a>");
	sheet_html_page(sh, &page, nav.text);
	/* the battles' pages, linked after the report's own sections */
	char *end = strstr(page.text, "</body>");
	struct buf whole;
	buf_init(&whole, 0);
	buf_add(&whole, page.text, end ? (size_t)(end - page.text) : page.len);
	buf_printf(&whole, "<section id=\"pages\">\n<h2>The battles' reports</h2>\n<ul class=\"battles\">\n%s</ul>\n"
			   "</section>\n</body>\n</html>\n",
		   links->text);
	buf_printf(&file, "campaigns/%lld.html", (long long)cid);
	bool ok = write_file(w->dir, file.text, &whole);
	w->pages += ok;
	buf_release(&whole);
	buf_release(&page);
	buf_release(&nav);
	buf_release(&file);
	sheet_free(sh);
	return ok;
}

/* One battle's line in a list of links (href relative to up). */
static void battle_link(struct buf *out, const char *up, const char *file, const char *name, const char *date,
			const char *result)
{
	buf_printf(out, "<li><a href=\"%sbattles/%s.html\">", up, file);
	sheet_html_escape(out, name);
	buf_puts(out, "</a>");
	if (date) {
		buf_puts(out, ", ");
		sheet_html_escape(out, date);
	}
	if (result) {
		buf_puts(out, ": ");
		sheet_html_escape(out, result);
	}
	buf_puts(out, "</li>\n");
}

/* Ends a campaign: its entry in the index (its battles linked from
 * there, here), and its own page (linked from campaigns/, up). */
static bool close_campaign(struct site *w, int64_t cid, const char *name, struct buf *here, struct buf *up)
{
	buf_printf(&w->index, "<section>\n<h2><a href=\"campaigns/%lld.html\">", (long long)cid);
	sheet_html_escape(&w->index, *name ? name : "Battles of no campaign");
	buf_printf(&w->index, "</a></h2>\n<ul class=\"battles\">\n%s</ul>\n</section>\n", here->text);
	bool ok = campaign_page(w, cid, name, up);
	buf_clear(here);
	buf_clear(up);
	return ok;
}

static bool build(struct site *w)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(store_db(w->s), sql_battles, -1, &st, NULL) != SQLITE_OK) {
		msg_error("%s", store_error(w->s));
		return false;
	}
	struct buf here, up;	/* the campaign's battles linked from the index, and from campaigns/ */
	buf_init(&here, 0);
	buf_init(&up, 0);
	int64_t campaign = -1;
	char *name = NULL;
	bool ok = true;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t cid = sqlite3_column_int64(st, 0);
		if (cid != campaign) {
			if (name)
				ok = close_campaign(w, campaign, name, &here, &up) && ok;
			free(name);
			name = xstrdup((const char *)sqlite3_column_text(st, 1));
			campaign = cid;
		}
		int64_t id = sqlite3_column_int64(st, 2);
		const char *ident = (const char *)sqlite3_column_text(st, 3);
		char *clean = plot_file_prefix(ident ? ident : (const char *)sqlite3_column_text(st, 4));
		char file[96];
		snprintf(file, sizeof file, "%lld-%s", (long long)id, clean);
		free(clean);
		for (int k = 0; k < 2; k++)
			battle_link(k ? &up : &here, k ? "../" : "", file, (const char *)sqlite3_column_text(st, 4),
				    (const char *)sqlite3_column_text(st, 5), (const char *)sqlite3_column_text(st, 6));
		ok = battle_page(w, id, file) && ok;
	}
	if (name)
		ok = close_campaign(w, campaign, name, &here, &up) && ok;
	if (rc != SQLITE_DONE) {
		msg_error("%s", store_error(w->s));
		ok = false;
	}
	free(name);
	buf_release(&here);
	buf_release(&up);
	sqlite3_finalize(st);
	return ok;
}

/* The scenarios' balance over their plays (report balance), where the
 * archive has plays with a result: its page, linked from the index. */
static bool balance_page(struct site *w)
{
	long plays = balance_plays(w->s);
	if (plays <= 0)
		return plays == 0;
	char *err = NULL;
	struct sheet *sh = balance_report(w->s, NULL, &err);
	if (!sh) {
		msg_error("scenario balance: %s", err);
		free(err);
		return false;
	}
	struct buf page;
	buf_init(&page, 0);
	sheet_html_page(sh, &page, "<a href=\"index.html\">All battles</a>");
	bool ok = write_file(w->dir, "balance.html", &page);
	w->pages += ok;
	buf_puts(&w->index, "<section>\n<h2><a href=\"balance.html\">Scenario balance</a></h2>\n<p>How often each side "
			    "wins each scenario over its plays.</p>\n</section>\n");
	buf_release(&page);
	sheet_free(sh);
	return ok;
}

static bool write_index(struct site *w)
{
	struct buf page;
	buf_init(&page, 0);
	buf_printf(&page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			  "<title>Battles</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>Battles</h1>\n",
		   sheet_css);
	buf_puts(&page, w->index.len ? w->index.text : "<p>The archive holds no battle yet.</p>\n");
	buf_puts(&page, "</body>\n</html>\n");
	bool ok = write_file(w->dir, "index.html", &page);
	buf_release(&page);
	return ok;
}

int cmd_site(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"db", required_argument, NULL, 'd'},
		{"no-plots", no_argument, NULL, 'n'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *db = NULL;
	bool plots = true;
	int c;
	optind = 1;
	argv[0] = (char *)"umpire site";
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(cmd_site_usage, stdout);
			return EXIT_CLEAN;
		} else if (c == 'd') {
			db = optarg;
		} else if (c == 'n') {
			plots = false;
		} else {
			msg_try("site");
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_usage("site", optind >= argc ? "no folder to write the site into" : "one folder");
		return EXIT_USAGE;
	}
	char *err = NULL;
	if (plots && !plot_available(&err)) {
		fprintf(stderr, "umpire: %s: the pages have no plots\n", err);
		plots = false;
	}
	struct site w = {.dir = argv[optind], .plots = plots, .no_plots = err};
	if (!make_dir(w.dir, NULL) || !make_dir(w.dir, "battles") || !make_dir(w.dir, "campaigns") ||
	    (plots && !make_dir(w.dir, "plots")) || !(w.s = load_archive(db, STORE_WAL, LOAD_READ))) {
		free(w.no_plots);
		return EXIT_USAGE;
	}
	buf_init(&w.index, 0);
	bool ok = build(&w) && balance_page(&w) && write_index(&w);
	if (ok)
		printf("%s/index.html: %d pages\n", w.dir, w.pages + 1);
	buf_release(&w.index);
	free(w.no_plots);
	store_close(w.s);
	return ok ? EXIT_CLEAN : EXIT_USAGE;
}
