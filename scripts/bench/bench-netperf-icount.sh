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
# vCPU executes, and netperf, which always has a message to send, leaves
# no moment idle on every CPU: its send throughput counts the instructions
# both CPUs run per message sent (guest/netperf_udp.sh with RATE=icount:
# sender, loopback softirq, receiver; netserver's socket buffer raised so
# that QEMU's one-vCPU-at-a-time does not drop).  The guest idles with
# HLT (idle=halt): with the default idle routine netserver received 63-100%
# of the messages from round to round (1024 and 16384 bytes, 2 rounds;
# 50-95% with nohz=off too), with HLT 100% in every round of those runs.
# Where the two CPUs' work per message is close (16384 bytes), which one
# falls behind is decided by QEMU's turns and moves with the build: one
# build received 100% there in 9 runs of 9, the next (a patch outside the
# allocator later) 39-64%; and a message dropped is not received, so its
# count is lower.  Read each size's instructions with its received share.
# Not a throughput: blind to cache misses, exact for the run it counts.
# After each round's sizes, guest/pcp_list_stats.sh reports each order's
# list hit rate and the KiB the lists hold per CPU (LIST_STATS=1 of
# ab_rounds.sh).  The x86_64 kernel of the flavour in force.
#
# Usage: scripts/bench/bench-netperf-icount.sh [--out DIR] [ROUNDS] [SECONDS]   (default 3 1)
# Env: SIZES (message sizes in bytes, default the 2021 changelog's
#      "64 128 256 1024 2048 3312 4096 8192 16384"), BOOTS (default 1;
#      with 2 or more, significance is judged on the per-boot means), SETS
#      (NAME=ORDERS of vm.percpu_pagelist_orders, the first the base of the
#      comparison; default the three above), APPEND (more kernel
#      parameters, after idle=halt), TIMEOUT (per boot, default 3600 s).
# Writes samples.tsv and report.txt in the run folder (--out DIR, default a
# new build/runs/bench-netperf-icount-<time>).

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-netperf-icount.sh [--out DIR] [ROUNDS] [SECONDS]" 3 "" "$@"
secs=${loops:-1}
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "SECONDS '$secs' is not a positive number of seconds"
boots_arg
sizes=${SIZES:-"64 128 256 1024 2048 3312 4096 8192 16384"}
[[ $sizes =~ ^[1-9][0-9]*( [1-9][0-9]*)*$ ]] || die "SIZES '$sizes' is not a list of message sizes in bytes"
order_sets "before=0 upstream=0-3,9 all=0-9"
need_cmd netperf netserver
"$REPO/scripts/build/build.sh" x86_64
cmd="LIST_STATS=1 ab_rounds.sh $rounds $sets -- \"RATE=icount netperf_udp.sh $secs $sizes\""
run=$(run_folder "$out")
for b in $(seq 1 "$boots"); do
	APPEND="idle=halt${APPEND:+ $APPEND}" ACCEL=tcg QEMU_EXTRA="-icount shift=0,sleep=off" \
		"$REPO/scripts/boot/boot-x86_64.sh" --out "$(boot_folder "$run" "$b")" --smp 2 --mem 1G --timeout "${TIMEOUT:-3600}" -- "$cmd"
done
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0,sleep=off, 2 CPUs (netperf on 0, netserver on 1), idle=halt: ns = instructions; $(date -u +%Y-%m-%d)"
	echo "# reproduce: ${EXTRA_CONFIG:+EXTRA_CONFIG='${EXTRA_CONFIG//$REPO\//}' }${APPEND:+APPEND='$APPEND' }BOOTS=$boots SIZES='$sizes' SETS='$sets' scripts/bench/bench-netperf-icount.sh $rounds $secs"
	boot_samples "$run" x86_64-icount-netperf >"$run/samples.tsv"
	"$REPO/scripts/report/compare.py" "$run/samples.tsv" $names
} | tee "$run/report.txt"
