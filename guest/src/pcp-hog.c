// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-hog: hold anonymous memory with holes in it, until killed.  Maps
 * MIB MiB, touches every 4K page, then gives back every other page
 * (MADV_DONTNEED), so the memory it keeps is spread over twice its size
 * and the free memory it leaves is scattered order-0 pages: what a
 * high-order allocation under pressure has to reclaim and compact.
 *
 * Usage: pcp-hog MIB        Prints "pcp-hog: holding N MiB" when ready.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t size, off, page = 4096;
	char *end, *p;
	long mib;

	mib = argc == 2 ? strtol(argv[1], &end, 10) : 0;
	if (argc != 2 || *end || mib <= 0) {
		fprintf(stderr, "usage: pcp-hog MIB\n");
		return 2;
	}
	size = (size_t)mib << 20;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("pcp-hog: mmap");
		return 1;
	}
	madvise(p, size, MADV_NOHUGEPAGE);
	for (off = 0; off < size; off += page)
		p[off] = 1;
	for (off = page; off < size; off += 2 * page)
		madvise(p + off, page, MADV_DONTNEED);
	printf("pcp-hog: holding %zu MiB\n", size / 2 >> 20);
	fflush(stdout);
	for (;;)
		pause();
}
