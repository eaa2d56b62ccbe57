/* linescan FILE: the baseline of `make bench`.  Counts FILE's lines with
 * memchr, reading it whole, the least any tool that reads a battle log line
 * by line must do; umpire's figures are printed as ratios to it.  Too quick
 * to time as a process, it times itself: it scans the file again until a
 * fifth of a second of cpu has passed, then prints the lines and the cpu
 * seconds of one scan. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long scan(const char *path)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	long lines = 0;
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (const char *p = buf, *end = buf + n; (p = memchr(p, '\n', (size_t)(end - p))); p++)
			lines++;
	close(fd);
	return n < 0 ? -1 : lines;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: linescan FILE\n", stderr);
		return 2;
	}
	long lines = 0;
	int runs = 0;
	clock_t start = clock();
	do {
		lines = scan(argv[1]);
		runs++;
	} while (lines >= 0 && clock() - start < CLOCKS_PER_SEC / 5);
	if (lines < 0) {
		perror(argv[1]);
		return 2;
	}
	printf("%ld %.6f\n", lines, (double)(clock() - start) / CLOCKS_PER_SEC / runs);
	return 0;
}
