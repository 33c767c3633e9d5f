// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-fscreate: many parallel file creators, in the manner of fs_mark
 * (the 2010 workload of the drain after direct reclaim: Dave Chinner's
 * parallel inode creates).  Forks PROCS creators; creator i makes FILES
 * files of SIZE bytes under DIR/pI/, a thousand to a directory, and
 * closes each without fsync.  The inodes, dentries and metadata buffers
 * they leave behind fill memory, so that reclaim of slab and page cache
 * runs while the creators allocate.
 *
 * Usage: pcp-fscreate DIR PROCS FILES SIZE
 * Prints one line per creator and a total:
 *   pcp-fscreate: proc=I files=N secs=S
 *   pcp-fscreate: procs=P files=N secs=S files_per_sec=R
 * and exits non-zero when a creator failed (the error is printed).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FILES_PER_DIR 1000

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long number(const char *s, const char *what, long min)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min) {
		fprintf(stderr, "pcp-fscreate: %s '%s' is not a number >= %ld\n",
			what, s, min);
		exit(2);
	}
	return v;
}

static int create(const char *dir, int proc, long files, const char *buf,
		  size_t size)
{
	char path[4096];
	double start = now();
	long i;
	int fd;

	snprintf(path, sizeof(path), "%s/p%d", dir, proc);
	if (mkdir(path, 0755) && errno != EEXIST) {
		fprintf(stderr, "pcp-fscreate: mkdir %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (i = 0; i < files; i++) {
		if (i % FILES_PER_DIR == 0) {
			snprintf(path, sizeof(path), "%s/p%d/d%ld", dir, proc,
				 i / FILES_PER_DIR);
			if (mkdir(path, 0755) && errno != EEXIST) {
				fprintf(stderr, "pcp-fscreate: mkdir %s: %s\n",
					path, strerror(errno));
				return 1;
			}
		}
		snprintf(path, sizeof(path), "%s/p%d/d%ld/f%ld", dir, proc,
			 i / FILES_PER_DIR, i);
		fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0 || (size && write(fd, buf, size) != (ssize_t)size)) {
			fprintf(stderr, "pcp-fscreate: %s: %s (after %ld files)\n",
				path, strerror(errno), i);
			return 1;
		}
		close(fd);
	}
	printf("pcp-fscreate: proc=%d files=%ld secs=%.3f\n", proc, files,
	       now() - start);
	return 0;
}

int main(int argc, char **argv)
{
	long procs, files, size, i;
	int status, failed = 0;
	struct stat st;
	double start, secs;
	char *buf;

	if (argc != 5) {
		fprintf(stderr, "usage: pcp-fscreate DIR PROCS FILES SIZE\n");
		return 2;
	}
	if (stat(argv[1], &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "pcp-fscreate: %s: not a directory\n", argv[1]);
		return 2;
	}
	procs = number(argv[2], "PROCS", 1);
	files = number(argv[3], "FILES", 1);
	size = number(argv[4], "SIZE", 0);
	if (procs > 1024 || size > 1 << 20) {
		fprintf(stderr, "pcp-fscreate: at most 1024 PROCS and 1 MiB SIZE\n");
		return 2;
	}
	buf = malloc(size + 1);
	if (!buf)
		return 1;
	memset(buf, 'x', size);
	fflush(stdout);

	start = now();
	for (i = 0; i < procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("pcp-fscreate: fork");
			return 1;
		}
		if (!pid) {
			status = create(argv[1], i, files, buf, size);
			fflush(stdout);
			_exit(status);
		}
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed++;
	if (failed) {
		fprintf(stderr, "pcp-fscreate: %d of %ld creators failed\n",
			failed, procs);
		return 1;
	}
	secs = now() - start;
	printf("pcp-fscreate: procs=%ld files=%ld secs=%.3f files_per_sec=%.0f\n",
	       procs, procs * files, secs, procs * files / secs);
	return 0;
}
