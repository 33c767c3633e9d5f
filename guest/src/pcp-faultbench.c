// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-faultbench: anonymous page faults on several CPUs at once, in the
 * spirit of will-it-scale's page_fault1: PROCS processes, process i bound
 * to CPU i % ncpus, each mapping MIB MiB of anonymous memory, touching
 * every 4K page, and unmapping it, LOOPS times.  The processes start
 * together (a pipe releases them); the parent times the whole run.  The
 * folio size that backs the faults is whatever
 * /sys/kernel/mm/transparent_hugepage allows (guest/page_fault.sh sets it).
 *
 * With -r, the processes read every 4K page instead of writing it, as
 * vm-scalability's anon-r-seq does: memory never written is mapped to the
 * zero page, or with THP to the huge zero page, and what a fault
 * allocates is its page table (guest/read_fault.sh).
 *
 * Usage: pcp-faultbench [-r] PROCS MIB LOOPS
 * Prints: "pcp-faultbench: procs=P mib=M loops=L pages=N seconds=S
 *          faults=F stime=T" (N: 4K pages touched in all; the work is
 * fixed, the time is measured; F and T: the page faults (minor) and the
 * system time in seconds of the processes, from getrusage()).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PMD_SIZE (2UL << 20)

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int worker(int cpu, size_t size, long loops, int start_fd, int readonly)
{
	cpu_set_t set;
	char go;
	long l;
	volatile char sum = 0;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("pcp-faultbench: sched_setaffinity");
	if (read(start_fd, &go, 1) != 1)
		return 1;
	for (l = 0; l < loops; l++) {
		/* PMD-aligned, so that every folio size can back it. */
		char *p = mmap(NULL, size + PMD_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		char *a;
		size_t off;

		if (p == MAP_FAILED) {
			perror("pcp-faultbench: mmap");
			return 1;
		}
		a = (char *)(((uintptr_t)p + PMD_SIZE - 1) & ~(PMD_SIZE - 1));
		for (off = 0; off < size; off += 4096) {
			if (readonly)
				sum += ((volatile char *)a)[off];
			else
				a[off] = 1;
		}
		munmap(p, size + PMD_SIZE);
	}
	return 0;
}

int main(int argc, char **argv)
{
	long procs, mib, loops, ncpus = sysconf(_SC_NPROCESSORS_ONLN), i;
	int fds[2], status, failed = 0, readonly = 0;
	struct rusage ru;
	double t0, t1;

	if (argc > 1 && !strcmp(argv[1], "-r")) {
		readonly = 1;
		argc--;
		argv++;
	}
	if (argc != 4 || (procs = atol(argv[1])) < 1 || (mib = atol(argv[2])) < 1 ||
	    (loops = atol(argv[3])) < 1) {
		fprintf(stderr, "usage: pcp-faultbench [-r] PROCS MIB LOOPS (all > 0)\n");
		return 2;
	}
	if (pipe(fds)) {
		perror("pcp-faultbench: pipe");
		return 1;
	}
	for (i = 0; i < procs; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("pcp-faultbench: fork");
			return 1;
		}
		if (!pid) {
			close(fds[1]);
			_exit(worker(i % ncpus, (size_t)mib << 20, loops, fds[0], readonly));
		}
	}
	close(fds[0]);
	/* Let the children bind themselves, then release them together. */
	usleep(100000);
	t0 = now();
	for (i = 0; i < procs; i++)
		if (write(fds[1], "g", 1) != 1)
			return 1;
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	t1 = now();
	if (failed) {
		fprintf(stderr, "pcp-faultbench: a worker failed\n");
		return 1;
	}
	if (getrusage(RUSAGE_CHILDREN, &ru)) {
		perror("pcp-faultbench: getrusage");
		return 1;
	}
	printf("pcp-faultbench: procs=%ld mib=%ld loops=%ld pages=%ld seconds=%.6f faults=%ld stime=%.6f\n",
	       procs, mib, loops, procs * loops * (mib << 8), t1 - t0, ru.ru_minflt,
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	return 0;
}
