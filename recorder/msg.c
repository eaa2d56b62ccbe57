/* msg: messages to the user. */
#include "msg.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void msg_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("umpire: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void msg_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "umpire %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry 'umpire help %s'.\n", cmd);
	va_end(ap);
}

void msg_try(const char *cmd)
{
	fprintf(stderr, "Try 'umpire help %s'.\n", cmd);
}

bool msg_flush_stdout(void)
{
	static bool said;	/* the failure is told once */
	int before = errno;	/* an earlier write's failure, when it was the last */
	errno = 0;
	bool flushed = fflush(stdout) == 0;
	int cause = errno;	/* before anything else can change it */
	if (flushed && !ferror(stdout))
		return true;
	if (flushed)	/* the failed write emptied the buffer: its errno, if it is a write's */
		cause = before == ENOSPC || before == EIO || before == EFBIG || before == EDQUOT ? before : 0;
	if (!said)
		msg_error("cannot write the output%s%s", cause ? ": " : "", cause ? strerror(cause) : "");
	said = true;
	return false;
}
