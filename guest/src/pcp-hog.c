// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-hog: hold anonymous memory with holes in it, until killed.  Maps
 * MIB MiB, touches every 4K page, then gives back every other page
 * (MADV_DONTNEED), so the memory it keeps is spread over twice its size
 * and the free memory it leaves is scattered order-0 pages: what a
 * high-order allocation under pressure has to reclaim and compact.
 *
 * With -r it then reads every page it keeps, over and over (the anonymous
 * streaming reader of the 2011 early-break workload): its pages stay
 * referenced and its CPU keeps faulting nothing but walking memory.
 *
 * Usage: pcp-hog [-r] MIB   Prints "pcp-hog: holding N MiB" when ready.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t size, off, page = 4096;
	int stream = argc == 3 && !strcmp(argv[1], "-r");
	volatile char *p;
	char *end;
	long mib;

	mib = argc == 2 + stream ? strtol(argv[1 + stream], &end, 10) : 0;
	if (argc != 2 + stream || *end || mib <= 0) {
		fprintf(stderr, "usage: pcp-hog [-r] MIB\n");
		return 2;
	}
	size = (size_t)mib << 20;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("pcp-hog: mmap");
		return 1;
	}
	madvise((char *)p, size, MADV_NOHUGEPAGE);
	for (off = 0; off < size; off += page)
		p[off] = 1;
	for (off = page; off < size; off += 2 * page)
		madvise((char *)p + off, page, MADV_DONTNEED);
	printf("pcp-hog: holding %zu MiB%s\n", size / 2 >> 20,
	       stream ? ", reading it over and over" : "");
	fflush(stdout);
	for (;;) {
		if (!stream) {
			pause();
			continue;
		}
		for (off = 0; off < size; off += 2 * page)
			(void)p[off];
	}
}
