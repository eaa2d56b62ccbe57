/* csv: one CSV field, quoted and guarded. */
#include "csv.h"

#include <string.h>

void csv_field(struct buf *out, const char *t, bool text)
{
	if (t)
		csv_field_n(out, t, strlen(t), text);
}

void csv_field_n(struct buf *out, const char *t, size_t n, bool text)
{
	bool formula = text && n && strchr("=+-@\t\r", t[0]) && t[0];
	bool quote = false;
	for (size_t i = 0; i < n && !quote; i++)
		quote = t[i] == ',' || t[i] == ';' || t[i] == '"' || t[i] == '\r' || t[i] == '\n';
	if (quote)
		buf_putc(out, '"');
	if (formula)
		buf_putc(out, '\'');
	for (size_t i = 0; i < n; i++) {
		if (t[i] == '"')
			buf_putc(out, '"');
		buf_putc(out, t[i]);
	}
	if (quote)
		buf_putc(out, '"');
}
