#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the 2021 high-order PCP changelog's workload counted instead of
# timed.  netperf UDP_STREAM over loopback at that changelog's message
# sizes, netperf on CPU 0 and netserver on CPU 1 of a two-CPU x86_64 guest
# under QEMU TCG with -icount shift=0,sleep=off, the order sets interleaved
# on one boot (guest/ab_rounds.sh, the order rotating from round to round):
#
#   before   = 0          upstream = 0-3,9 (6.12's set)     all = 0-9
#
# Under -icount the guest clock advances one nanosecond per instruction a
# vCPU executes, so guest/netperf_udp.sh -n (RATE=icount) counts the
# instructions both CPUs run per message sent (sender, loopback softirq,
# receiver), by difference between MESSAGES and 4 * MESSAGES messages.
# Not a throughput: blind to cache misses and to the time the receiver
# waits, exact and the same in every round.  After each size's runs,
# guest/pcp_list_stats.sh reports each order's list hit rate and the KiB
# the lists hold per CPU (LIST_STATS=1 of ab_rounds.sh).  The x86_64
# kernel of the flavour in force.
#
# Usage: scripts/bench/bench-netperf-icount.sh [--out DIR] [ROUNDS] [MESSAGES]   (default 3 2000)
# Env: SIZES (message sizes in bytes, default the 2021 changelog's
#      "64 128 256 1024 2048 3312 4096 8192 16384"), BOOTS (default 1;
#      with 2 or more, significance is judged on the per-boot means), SETS
#      (NAME=ORDERS of vm.percpu_pagelist_orders, the first the base of the
#      comparison; default the three above), TIMEOUT (per boot, default
#      3600 s).
# Writes samples.tsv and report.txt in the run folder (--out DIR, default a
# new build/runs/bench-netperf-icount-<time>).

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-netperf-icount.sh [--out DIR] [ROUNDS] [MESSAGES]" 3 "" "$@"
messages=${loops:-2000}
[[ $messages =~ ^[1-9][0-9]*$ ]] || die "MESSAGES '$messages' is not a positive number"
boots_arg
sizes=${SIZES:-"64 128 256 1024 2048 3312 4096 8192 16384"}
[[ $sizes =~ ^[1-9][0-9]*( [1-9][0-9]*)*$ ]] || die "SIZES '$sizes' is not a list of message sizes in bytes"
order_sets "before=0 upstream=0-3,9 all=0-9"
need_cmd netperf netserver
"$REPO/scripts/build/build.sh" x86_64
cmd="LIST_STATS=1 ab_rounds.sh $rounds $sets -- \"RATE=icount netperf_udp.sh -n $messages $sizes\""
run=$(run_folder "$out")
for b in $(seq 1 "$boots"); do
	ACCEL=tcg QEMU_EXTRA="-icount shift=0,sleep=off" "$REPO/scripts/boot/boot-x86_64.sh" \
		--out "$(boot_folder "$run" "$b")" --smp 2 --mem 1G --timeout "${TIMEOUT:-3600}" -- "$cmd"
done
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0,sleep=off, 2 CPUs (netperf on 0, netserver on 1): ns = instructions; $(date -u +%Y-%m-%d)"
	echo "# reproduce: ${EXTRA_CONFIG:+EXTRA_CONFIG='$EXTRA_CONFIG' }BOOTS=$boots SIZES='$sizes' SETS='$sets' scripts/bench/bench-netperf-icount.sh $rounds $messages"
	boot_samples "$run" x86_64-icount-netperf >"$run/samples.tsv"
	"$REPO/scripts/report/compare.py" "$run/samples.tsv" $names
} | tee "$run/report.txt"
