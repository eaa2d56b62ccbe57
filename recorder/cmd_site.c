/* umpire site: a static website of the whole archive (docs/reports.md). */
#include <dirent.h>
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
#include "../reports/report.h"
#include "cmd.h"
#include "load.h"
#include "msg.h"

const char cmd_site_usage[] =
	"usage: umpire site [--db PATH] [--title TEXT] [--no-plots] DIR\n"
	"\n"
	"Writes a static website of the whole archive into DIR, for a club to\n"
	"publish as it is: DIR/index.html lists the campaigns and their battles;\n"
	"each campaign has its report (campaigns/N.html) and each battle its\n"
	"after-action report (battles/N-ID.html), plots inline; where scenarios\n"
	"were played with a result, DIR/balance.html says how often each side\n"
	"wins each (`umpire report balance`); the gnuplot scripts and images\n"
	"stay in DIR/plots/.  Pages link only to each other.  A battle with an\n"
	"error no ruling settled is published marked provisional, on its page and\n"
	"in the index.  Building again over the same DIR removes the pages and\n"
	"plots of battles no longer in the archive (and nothing else).\n"
	"\n"
	"options:\n"
	"  --db PATH     the archive; else UMPIRE_DB, else\n"
	"                $XDG_DATA_HOME/umpire/archive.db\n"
	"  --title TEXT  the site's title, the club's name say (default \"Battles\")\n"
	"  --no-plots    no plots (quicker for a large archive; without gnuplot\n"
	"                there are none anyway, and umpire says so)\n"
	"  -h, --help    show this help\n"
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
	const char *title;
	bool plots;
	char *no_plots;	/* why the pages have none when they should (no gnuplot) */
	struct buf index;	/* the index page's list, as it grows */
	int pages;
	char **files;	/* the battles' page names written ("7-palo-alto"), to keep */
	int n_files;
	char **campaign_files;	/* the current campaign's, in its table's order */
	int n_campaign;
	int64_t *campaigns;	/* the campaigns' page numbers written */
	int n_campaigns;
	char *nav_up;	/* the link back to the index from battles/ and campaigns/ */
};

static void keep(char ***list, int *n, const char *name)
{
	*list = xrealloc(*list, ((size_t)*n + 1) * sizeof **list);
	(*list)[(*n)++] = xstrdup(name);
}

static void strings_release(char **list, int n)
{
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

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
		sheet_html_page(sh, &page, w->nav_up);
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
	for (int i = 0; i < w->n_campaign; i++) {	/* the table's rows are the battles in the same order */
		buf_clear(&file);
		buf_printf(&file, "../battles/%s.html", w->campaign_files[i]);
		sheet_link(sh, "battles", i, "name", file.text);
	}
	buf_clear(&file);
	buf_puts(&nav, w->nav_up);
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
	w->campaigns = xrealloc(w->campaigns, ((size_t)w->n_campaigns + 1) * sizeof *w->campaigns);
	w->campaigns[w->n_campaigns++] = cid;
	buf_release(&whole);
	buf_release(&page);
	buf_release(&nav);
	buf_release(&file);
	sheet_free(sh);
	return ok;
}

/* One battle's line in a list of links (href relative to up), marked
 * provisional when it has disputed results. */
static void battle_link(struct buf *out, const char *up, const char *file, const char *name, const char *date,
			const char *result, long disputed)
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
	if (disputed > 0)
		buf_printf(out, " <strong class=\"provisional\">provisional: %ld disputed result%s</strong>", disputed,
			   disputed == 1 ? "" : "s");
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
	strings_release(w->campaign_files, w->n_campaign);
	w->campaign_files = NULL;
	w->n_campaign = 0;
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
		struct buf what;
		buf_init(&what, 0);
		char *err = NULL;
		long disputed = report_disputed(w->s, id, &what, &err);
		if (disputed < 0) {
			msg_error("battle %lld: %s", (long long)id, err);
			ok = false;
		}
		free(err);
		buf_release(&what);
		for (int k = 0; k < 2; k++)
			battle_link(k ? &up : &here, k ? "../" : "", file, (const char *)sqlite3_column_text(st, 4),
				    (const char *)sqlite3_column_text(st, 5), (const char *)sqlite3_column_text(st, 6),
				    disputed);
		keep(&w->files, &w->n_files, file);
		keep(&w->campaign_files, &w->n_campaign, file);
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
	struct buf nav;
	buf_init(&nav, 0);
	buf_puts(&nav, "<a href=\"index.html\">");	/* from the top folder: the same words as nav_up's */
	buf_add(&nav, strchr(w->nav_up, '>') + 1, strlen(strchr(w->nav_up, '>') + 1));
	sheet_html_page(sh, &page, nav.text);
	buf_release(&nav);
	bool ok = write_file(w->dir, "balance.html", &page);
	w->pages += ok;
	buf_puts(&w->index, "<section>\n<h2><a href=\"balance.html\">Scenario balance</a></h2>\n<p>How often each side "
			    "wins each scenario over its plays.</p>\n</section>\n");
	buf_release(&page);
	sheet_free(sh);
	return ok;
}

/* The number a site's file name begins with ("7-palo-alto.html": 7), or
 * -1 when it begins otherwise (not a page or plot the site writes). */
static int64_t leading_id(const char *name)
{
	char *end;
	if (name[0] < '0' || name[0] > '9')
		return -1;
	long long id = strtoll(name, &end, 10);
	return *end == '-' || *end == '.' ? (int64_t)id : -1;
}

/* Whether name (in battles/ or plots/) belongs to a battle written this
 * time: its page "7-palo-alto.html", its plots "7-palo-alto-losses.svg". */
static bool kept_battle_file(const struct site *w, const char *name, bool page)
{
	for (int i = 0; i < w->n_files; i++) {
		size_t n = strlen(w->files[i]);
		if (strncmp(name, w->files[i], n) == 0 &&
		    (page ? strcmp(name + n, ".html") == 0 : name[n] == '-'))
			return true;
	}
	return false;
}

static bool kept_campaign(const struct site *w, int64_t id)
{
	for (int i = 0; i < w->n_campaigns; i++)
		if (w->campaigns[i] == id)
			return true;
	return false;
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);
	return n >= m && strcmp(s + n - m, end) == 0;
}

/* Removes from DIR/sub the files an earlier build wrote for a battle or
 * campaign no longer in the archive (`db rm`): regular files named as the
 * site names them (a number, then "-" or "."), never a link or anything
 * else of the user's; how many. */
static int remove_stale(const struct site *w, const char *sub)
{
	struct buf path;
	buf_init(&path, 0);
	buf_printf(&path, "%s/%s", w->dir, sub);
	DIR *d = opendir(path.text);
	int removed = 0;
	struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		int64_t id = leading_id(e->d_name);
		bool page = ends_with(e->d_name, ".html");
		bool plot = ends_with(e->d_name, ".svg") || ends_with(e->d_name, ".png") || ends_with(e->d_name, ".gp");
		bool stale;
		if (id < 0)
			stale = false;
		else if (strcmp(sub, "campaigns") == 0)
			stale = page && !kept_campaign(w, id);
		else
			stale = (strcmp(sub, "battles") == 0 ? page : plot) &&
				!kept_battle_file(w, e->d_name, strcmp(sub, "battles") == 0);
		struct stat st;
		buf_clear(&path);
		buf_printf(&path, "%s/%s/%s", w->dir, sub, e->d_name);
		if (stale && lstat(path.text, &st) == 0 && S_ISREG(st.st_mode) && unlink(path.text) == 0)
			removed++;
	}
	if (d)
		closedir(d);
	buf_release(&path);
	return removed;
}

static bool write_index(struct site *w)
{
	struct buf page;
	buf_init(&page, 0);
	buf_puts(&page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	sheet_html_escape(&page, w->title);
	buf_printf(&page, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", sheet_css);
	sheet_html_escape(&page, w->title);
	buf_puts(&page, "</h1>\n");
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
		{"title", required_argument, NULL, 't'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *db = NULL, *title = NULL;
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
		} else if (c == 't') {
			title = optarg;
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
	struct site w = {.dir = argv[optind], .title = title ? title : "Battles", .plots = plots, .no_plots = err};
	struct buf nav;	/* the way back to the index, named by the site's title */
	buf_init(&nav, 0);
	buf_puts(&nav, "<a href=\"../index.html\">");
	sheet_html_escape(&nav, title ? title : "All battles");
	buf_puts(&nav, title ? ": all battles</a>" : "</a>");
	w.nav_up = buf_detach(&nav);
	buf_release(&nav);
	if (!make_dir(w.dir, NULL) || !make_dir(w.dir, "battles") || !make_dir(w.dir, "campaigns") ||
	    (plots && !make_dir(w.dir, "plots")) || !(w.s = load_archive(db, STORE_WAL, LOAD_READ))) {
		free(w.no_plots);
		free(w.nav_up);
		return EXIT_USAGE;
	}
	buf_init(&w.index, 0);
	bool ok = build(&w) && balance_page(&w) && write_index(&w);
	if (ok) {	/* only after a whole build: a failed one keeps the pages it could not replace */
		int gone = remove_stale(&w, "battles") + remove_stale(&w, "campaigns") + remove_stale(&w, "plots");
		printf("%s/index.html: %d pages", w.dir, w.pages + 1);
		if (gone)
			printf("; %d file%s of battles no longer in the archive removed", gone, gone == 1 ? "" : "s");
		putchar('\n');
	}
	buf_release(&w.index);
	strings_release(w.files, w.n_files);
	strings_release(w.campaign_files, w.n_campaign);
	free(w.campaigns);
	free(w.nav_up);
	free(w.no_plots);
	store_close(w.s);
	return ok ? EXIT_CLEAN : EXIT_USAGE;
}
