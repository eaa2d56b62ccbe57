/* median: runs a command N times and prints the median wall time of one
 * run in milliseconds, for figures finer than time(1)'s hundredth of a
 * second.  Output of the command goes to /dev/null.
 *
 *   median N COMMAND [ARG...] */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int n = argc > 2 ? atoi(argv[1]) : 0;
	if (n < 1 || n > 1000) {
		fprintf(stderr, "usage: median N COMMAND [ARG...]\n");
		return 2;
	}
	double *ms = malloc((size_t)n * sizeof *ms);
	for (int i = 0; i < n; i++) {
		double start = now_ms();
		pid_t pid = fork();
		if (pid == 0) {
			int null = open("/dev/null", O_WRONLY);
			dup2(null, STDOUT_FILENO);
			execvp(argv[2], argv + 2);
			_exit(127);
		}
		int status;
		waitpid(pid, &status, 0);
		ms[i] = now_ms() - start;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "median: %s failed\n", argv[2]);
			return 1;
		}
	}
	qsort(ms, (size_t)n, sizeof *ms, by_value);
	printf("%.1f\n", n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2);
	free(ms);
	return 0;
}
