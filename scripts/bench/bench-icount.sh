#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: instructions per alloc+free pair, per order, under the three order
# sets interleaved on one booted x86_64 guest, one CPU, QEMU TCG with
# -icount shift=0: the guest clock advances one nanosecond per instruction,
# so pcp_bench's "ns" count instructions, exactly and the same in every
# round.  What a list saves an order in code, free of the layout and
# host noise that one CPU's timings carry (and blind to cache misses: not
# a time).  The x86_64 kernel of the flavour in force (no lock statistics
# by default: lockdep would add its own instructions to every lock).
#
#   before   = 0          upstream = 0-3,9 (6.12's set)     all = 0-9
#
# Then anonymous page faults, one process, at each folio size
# (guest/page_fault.sh with RATE=icount): instructions per 4K page faulted
# and unmapped, page_fault1's loop counted instead of timed.  Zeroing a
# page is one "rep stosb" of 4096 iterations, each counted as one
# instruction by QEMU: the same in every set.
#
# Usage: scripts/bench/bench-icount.sh [--out DIR] [ROUNDS] [LOOPS]   (default 3 20000)
# Env: ORDERS (pcp_bench's list, default 0-9), FAULT_SIZES (KiB, default
#      "4 16 32 64 128 256 512 1024 2048"; empty: no faults), FAULT_MIB
#      (per loop, default 16), FAULT_LOOPS (default 2), READ_SIZES (read
#      faults, anon-r-seq: default "4 2048"; empty: none), READ_MIB (64),
#      READ_LOOPS (2), BOOTS (default 1:
#      boots of ROUNDS rounds each; with 2 or more, significance is judged
#      on the per-boot means), SETS (NAME=VALUE of vm.percpu_pagelist_orders,
#      the first the base of the comparison; default the three above),
#      SETUP (guest shell commands run before the rounds, e.g. an mTHP size
#      enabled for SETS='upstream=0-3,9 auto=auto'), MODES (pcp_bench's
#      modes, default "single,batch"; "mixed": order 0's pairs among order
#      4's, MIX_ORDER another), OUTSTANDING (pages a batch holds, default
#      64), LIST_STATS=1 (each order's list hit rate
#      and the KiB the lists hold per CPU after each command,
#      guest/pcp_list_stats.sh).
# Writes samples.tsv and report.txt in the run folder (--out DIR, default a
# new build/runs/bench-icount-<time>).

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-icount.sh [--out DIR] [ROUNDS] [LOOPS]" 3 20000 "$@"
boots_arg
orders=$(orders_env) || exit
fault_sizes=${FAULT_SIZES-"4 16 32 64 128 256 512 1024 2048"}
order_sets "before=0 upstream=0-3,9 all=0-9"
modes=${MODES:-single,batch}
[[ $modes =~ ^(single|batch|mixed|cross|allcpu)(,(single|batch|mixed|cross|allcpu))*$ ]] ||
	die "MODES '$modes' is not a list of single, batch, mixed, cross and allcpu"
params="loops=$loops modes=$modes"
if [ -n "${MIX_ORDER:-}" ]; then
	[[ $MIX_ORDER =~ ^([0-9]|10)$ ]] || die "MIX_ORDER '$MIX_ORDER' is not an order from 0 to 10"
	params+=" mix_order=$MIX_ORDER"
fi
if [ -n "${OUTSTANDING:-}" ]; then
	[[ $OUTSTANDING =~ ^[1-9][0-9]*$ ]] || die "OUTSTANDING '$OUTSTANDING' is not a positive number"
	params+=" outstanding=$OUTSTANDING"
fi
"$REPO/scripts/build/build.sh" x86_64
ko=$("$REPO/scripts/build/bench-module.sh" x86_64)
cmd="echo always >/sys/kernel/mm/transparent_hugepage/enabled;"
[ -z "${SETUP:-}" ] || cmd+=" ${SETUP};"
[ "${LIST_STATS:-0}" = 0 ] || cmd+=" LIST_STATS=1"
cmd+=" ab_rounds.sh $rounds $sets --"
cmd+=" \"pcp_bench_run.sh /pcp/run/pcp_bench.ko $orders '$params'\""
[ -z "$fault_sizes" ] ||
	cmd+=" \"RATE=icount page_fault.sh 1 ${FAULT_MIB:-16} ${FAULT_LOOPS:-2} $fault_sizes\""
# anon-r-seq (the 2016 LKP report's workload): read faults, the system
# time of the process in millions of instructions per GiB read.
read_sizes=${READ_SIZES-"4 2048"}
[ -z "$read_sizes" ] ||
	cmd+=" \"RATE=icount page_fault.sh -r 1 ${READ_MIB:-64} ${READ_LOOPS:-2} $read_sizes\""
run=$(run_folder "$out")
for b in $(seq 1 "$boots"); do
	ACCEL=tcg QEMU_EXTRA="-icount shift=0,sleep=off" "$REPO/scripts/boot/boot-x86_64.sh" \
		--out "$(boot_folder "$run" "$b")" --smp 1 --mem 1G --timeout "${TIMEOUT:-900}" \
		--file "$ko" -- "$cmd"
done
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0,sleep=off, 1 CPU: ns = instructions; $(date -u +%Y-%m-%d)"
	echo "# reproduce: ${EXTRA_CONFIG:+EXTRA_CONFIG='${EXTRA_CONFIG//$REPO\//}' }${APPEND:+APPEND='$APPEND' }BOOTS=$boots ORDERS='$orders' MODES='$modes'${MIX_ORDER:+ MIX_ORDER=$MIX_ORDER}${OUTSTANDING:+ OUTSTANDING=$OUTSTANDING}${LIST_STATS:+ LIST_STATS=$LIST_STATS} FAULT_SIZES='$fault_sizes' READ_SIZES='$read_sizes' SETS='$sets'${SETUP:+ SETUP='$SETUP'} scripts/bench/bench-icount.sh $rounds $loops"
	boot_samples "$run" x86_64-icount >"$run/samples.tsv"
	"$REPO/scripts/report/compare.py" "$run/samples.tsv" $names
} | tee "$run/report.txt"
