// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-fault: fault anonymous folios of the given sizes in a loop, for a
 * while, so that the page allocator allocates and frees pages of those
 * orders (order 0, mTHP orders where /sys/kernel/mm/transparent_hugepage/
 * hugepages-<size>kB/enabled allows them, THP).
 *
 * Usage: pcp-fault SECONDS SIZE_KB [SIZE_KB...]
 * Each round maps a SIZE_KB-aligned region of each size, touches every 4K
 * page, and unmaps it.  Prints "pcp-fault: N rounds, M MiB faulted".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int fault_once(size_t size)
{
	size_t map = 2 * size, off;
	char *p, *a;

	p = mmap(NULL, map, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("pcp-fault: mmap");
		return -1;
	}
	a = (char *)(((uintptr_t)p + size - 1) & ~(uintptr_t)(size - 1));
	madvise(a, size, MADV_HUGEPAGE);
	for (off = 0; off < size; off += 4096)
		a[off] = 1;
	munmap(p, map);
	return 0;
}

int main(int argc, char **argv)
{
	double secs, end;
	unsigned long rounds = 0, kb = 0;
	int i;

	if (argc < 3 || atof(argv[1]) <= 0) {
		fprintf(stderr, "usage: pcp-fault SECONDS SIZE_KB [SIZE_KB...]\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		long s = atol(argv[i]);

		if (s < 4 || (s & (s - 1))) {
			fprintf(stderr, "pcp-fault: size %s KiB is not a power of two >= 4\n",
				argv[i]);
			return 2;
		}
	}
	secs = atof(argv[1]);
	end = now() + secs;
	while (now() < end) {
		for (i = 2; i < argc; i++) {
			if (fault_once((size_t)atol(argv[i]) << 10))
				return 1;
			kb += atol(argv[i]);
		}
		rounds++;
	}
	printf("pcp-fault: %lu rounds, %lu MiB faulted\n", rounds, kb >> 10);
	return 0;
}
