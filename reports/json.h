/* json: the one JSON writer of umpire, used by every command that prints
 * JSON.  It writes into a struct buf, puts the commas itself, and escapes
 * strings so that any input comes out as valid JSON: quotes, backslashes and
 * control characters are escaped, and bytes that are not valid UTF-8 become
 * U+FFFD. */
#ifndef UMPIRE_JSON_H
#define UMPIRE_JSON_H

#include <stdbool.h>

#include "../grammar/buf.h"

enum { JSON_MAX_DEPTH = 32 };

struct json {
	struct buf *out;
	int depth;
	bool first[JSON_MAX_DEPTH];	/* no value yet at this depth */
};

/* Starts writing into out (which the caller owns). */
void json_init(struct json *j, struct buf *out);

void json_object_begin(struct json *j);
void json_object_end(struct json *j);
void json_array_begin(struct json *j);
void json_array_end(struct json *j);
/* A key inside an object; the next call writes its value. */
void json_key(struct json *j, const char *key);

void json_string(struct json *j, const char *s);	/* NULL writes null */
void json_int(struct json *j, long v);
void json_real(struct json *j, double v, int decimals);	/* as printed: decimals places */
void json_bool(struct json *j, bool v);
void json_null(struct json *j);

/* Appends s to out as a JSON string literal (with its quotes). */
void json_escape(struct buf *out, const char *s);

#endif
