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
#      (per loop, default 16), FAULT_LOOPS (default 2).
# Writes samples.tsv and report.txt in the run folder (--out DIR, default a
# new build/runs/bench-icount-<time>).

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-icount.sh [--out DIR] [ROUNDS] [LOOPS]" 3 20000 "$@"
orders=${ORDERS:-0-9}
[[ $orders =~ ^[0-9][-0-9,]*$ ]] || die "ORDERS '$orders' is not an order list like 0-9 or 0,4-8"
"$REPO/scripts/build/build.sh" x86_64
ko=$("$REPO/scripts/build/bench-module.sh" x86_64)
fault_sizes=${FAULT_SIZES-"4 16 32 64 128 256 512 1024 2048"}
cmd="echo always >/sys/kernel/mm/transparent_hugepage/enabled;"
cmd+=" ab_rounds.sh $rounds before=0 upstream=0-3,9 all=0-9 --"
cmd+=" \"pcp_bench_run.sh /pcp/run/pcp_bench.ko 'orders=$orders loops=$loops'\""
[ -z "$fault_sizes" ] ||
	cmd+=" \"RATE=icount page_fault.sh 1 ${FAULT_MIB:-16} ${FAULT_LOOPS:-2} $fault_sizes\""
run=$(run_folder "$out")
ACCEL=tcg QEMU_EXTRA="-icount shift=0" "$REPO/scripts/boot/boot-x86_64.sh" --out "$run" \
	--smp 1 --mem 1G --timeout "${TIMEOUT:-900}" --file "$ko" -- "$cmd"
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0, 1 CPU: ns = instructions; $(date -u +%Y-%m-%d)"
	echo "# reproduce: ORDERS='$orders' FAULT_SIZES='$fault_sizes' scripts/bench/bench-icount.sh $rounds $loops"
	"$REPO/scripts/report/samples.py" --tag x86_64-icount "$run/output.txt" >"$run/samples.tsv"
	"$REPO/scripts/report/compare.py" "$run/samples.tsv" before upstream all
} | tee "$run/report.txt"
