// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-pin: hold page cache pages that reclaim scans but cannot free, until
 * killed.  Splices MIB MiB of FILE, from OFFSET_MIB on, into pipes of 1 MiB
 * each: every pipe buffer holds a reference to a page cache folio, so the
 * folios stay clean and unmapped on the inactive file LRU, and
 * __remove_mapping() fails on each of them (the reference count is not the
 * page cache's own), as it does for the pages a splice-heavy server keeps
 * in flight.  A round of reclaim that meets only these pages scans them and
 * reclaims nothing: the rounds vm.reclaim_compaction_early_break decides.
 *
 * Usage: pcp-pin FILE OFFSET_MIB MIB   Prints "pcp-pin: holding N MiB of
 *                                      FILE in N pipes" when ready.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define PIPE_BYTES	(1L << 20)

static long number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= 0 ? v : -1;
}

int main(int argc, char **argv)
{
	long off_mib, mib, i;
	int fd, p[2];
	loff_t pos;

	off_mib = argc == 4 ? number(argv[2]) : -1;
	mib = argc == 4 ? number(argv[3]) : -1;
	if (off_mib < 0 || mib <= 0) {
		fprintf(stderr, "usage: pcp-pin FILE OFFSET_MIB MIB\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	pos = (loff_t)off_mib << 20;
	for (i = 0; i < mib; i++) {
		long held = 0;

		if (pipe(p) || fcntl(p[1], F_SETPIPE_SZ, PIPE_BYTES) < PIPE_BYTES) {
			perror("pcp-pin: pipe of 1 MiB");
			return 1;
		}
		while (held < PIPE_BYTES) {
			ssize_t n = splice(fd, &pos, p[1], NULL, PIPE_BYTES - held, 0);

			if (n <= 0) {
				fprintf(stderr, "pcp-pin: %s: splice at %lld: %s\n", argv[1],
					(long long)pos, n ? "error" : "end of file");
				return 1;
			}
			held += n;
		}
	}
	printf("pcp-pin: holding %ld MiB of %s in %ld pipes\n", mib, argv[1], mib);
	fflush(stdout);
	for (;;)
		pause();
}
