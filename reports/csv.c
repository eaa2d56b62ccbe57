/* csv: one CSV field, quoted and guarded. */
#include "csv.h"

#include <string.h>

void csv_field(struct buf *out, const char *t, bool text)
{
	if (!t)
		return;
	bool formula = text && *t && strchr("=+-@\t\r", *t);
	bool quote = strpbrk(t, ",;\"\r\n") != NULL;
	if (quote)
		buf_putc(out, '"');
	if (formula)
		buf_putc(out, '\'');
	for (; *t; t++) {
		if (*t == '"')
			buf_putc(out, '"');
		buf_putc(out, *t);
	}
	if (quote)
		buf_putc(out, '"');
}
