// SPDX-License-Identifier: GPL-2.0
/*
 * pcp-clock: print CLOCK_MONOTONIC in nanoseconds, for the guest scripts
 * that time a whole program (busybox's date has no nanoseconds).  In a
 * QEMU guest run with -icount shift=0 a nanosecond is one instruction
 * executed by a vCPU, so two readings bracket the instructions every vCPU
 * ran in between (guest/netperf_udp.sh with RATE=icount).
 *
 * Usage: pcp-clock       Prints one number and a newline.
 */
#include <stdio.h>
#include <time.h>

int main(int argc, char **argv)
{
	struct timespec ts;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: pcp-clock\n");
		return 2;
	}
	if (clock_gettime(CLOCK_MONOTONIC, &ts)) {
		perror("pcp-clock: clock_gettime");
		return 1;
	}
	printf("%lld\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
	return 0;
}
