#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: the 2011 workload of the early break of reclaim for compaction
# (Mel Gorman, "stop reclaim/compaction earlier due to insufficient
# progress if !__GFP_REPEAT"): page cache pressure from a streaming writer
# to a slow disk (QEMU throttles the virtio disk's writes to WRITE_BPS)
# and an anonymous streaming reader, while THP and 64K mTHP faults run on
# the last CPU and pcp_bench allocates orders 1-4 and 9 on the first
# (modes=pressure: GFP_KERNEL|__GFP_NORETRY, as SLUB's high-order slabs
# and THP's fallback allocations), under each setting of
# vm.reclaim_compaction_early_break (on; off, bounded), interleaved on one
# boot of an x86_64 guest with SMP CPUs in one node.  The dirty pages
# are what direct reclaim scans and cannot write: the rounds that reclaim
# nothing, which the rule decides.
#
# This is scripts/bench/bench-highorder.sh with the settings of that
# workload (its report: per order Count, Success, Min, Mean, Max, Stddev
# per setting, as the 2011 changelog's tables, Max being the longest
# single allocation; per attempt, the rounds of reclaim for compaction
# without progress the rule decided (NoProg max, NoPrg99, WentOn: the
# guest keeps kswapd off the attempts' CPU so that pcp_bench can count
# them there); the vmstat counters per setting, nr_written the pages the
# writer got written).  Latencies are thousands of guest
# instructions (-icount shift=0), not wall-clock time.
#
# Usage: scripts/bench/bench-stream.sh [--out DIR] [--save FILE] [ROUNDS] [MEM_PCT]
#        (default 2 rounds, attempts making up 80% of memory per order: at
#        30% the writer's dirty pages were never what reclaim met)
# Under TCG the guest's clock counts the instructions of every CPU, so
# each CPU kept busy slows the whole run: one faulting CPU, not three.
#
# Env: SMP (default 4), MEM (default 256M), WRITE_BPS (default 4194304),
#      STREAM_MIB (default a quarter of MEM), ORDERS (default "1 2 3 4 9"),
#      SETS (default "e1=1:1 e0=1:0": the drain after reclaim as the kernel
#      defaults it, the rule on and off), TIMEOUT (default 1500 s).

. "$(dirname "$0")/../lib.sh"

USAGE="usage: scripts/bench/bench-stream.sh [--out DIR] [--save FILE] [ROUNDS] [MEM_PCT]"
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--arch) die "unknown option '$1' ($USAGE)" ;;
	--out | --save) args+=("$1" "${2:-}"); shift 2 ;;
	-*) die "unknown option '$1' ($USAGE)" ;;
	*) break ;;
	esac
done
mem=${MEM:-256M}
[[ $mem =~ ^[1-9][0-9]*M$ ]] || die "MEM '$mem' must be in MiB, like 512M"
SMP=${SMP:-4} NODES=1 FAULTERS=1 MEM=$mem WRITE_BPS=${WRITE_BPS:-4194304} \
	STREAM_MIB=${STREAM_MIB:-$((${mem%M} / 4))} ORDERS=${ORDERS:-"1 2 3 4 9"} \
	SETS=${SETS:-"e1=1:1 e0=1:0"} \
	exec "$REPO/scripts/bench/bench-highorder.sh" "${args[@]}" --arch x86_64 "${1:-2}" "${2:-80}"
