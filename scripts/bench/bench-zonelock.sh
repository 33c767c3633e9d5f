#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: zone->lock traffic per alloc+free pair, per order, under the three
# order sets interleaved on one booted SMP x86_64 guest.  The kernel needs
# CONFIG_LOCK_STAT: the LOCKSTAT=1 flavour (configs/40-lockstat.config) or
# the DEBUG=1 one (configs/20-debug.config).  /proc/lock_stat counts every
# acquisition and contention of the "&zone->lock" class exactly,
# also under TCG, where no time is a performance figure.  For each order
# and mode (cross: allocate on one CPU, free on another; allcpu: every CPU
# allocates and frees at once) guest/zone_lock_count.sh clears the
# statistics, loads pcp_bench and reads them back.  On one CPU (SMP=1,
# MODES=batch: allocate OUTSTANDING blocks, free them, again) under
# QEMU_EXTRA='-icount shift=0,sleep=off', where a guest nanosecond is an
# instruction, also the longest zone->lock hold of each order's windows
# (zone-lock-holdmax, microseconds: how long a refill or trim of the lists
# holds the lock).  Not with more CPUs: QEMU then runs them in turn, and a
# CPU holding the lock waits out the others' turns (order 8 under "all",
# 4 CPUs: 3.72 us in one window, 173.44 in the next).  Then anonymous page
# faults on every CPU at each folio size (guest/page_fault.sh:
# pcp-faultbench, will-it-scale page_fault1 style): zone->lock
# acquisitions per folio allocated, the share that fell back to 4K, and,
# only where the guest runs on KVM, 4K pages faulted per second.
#
#   before   = 0          upstream = 0-3,9 (6.12's set)     all = 0-9
#
# Usage: scripts/bench/bench-zonelock.sh [--out DIR] [ROUNDS] [LOOPS]  (default 3 2048; a LOCKSTAT=1 kernel)
# Env: SMP (default 4), MEM (default 1G), ORDERS (default "0 1 2 3 4 5 6 7 8 9"),
#      MODES (default "cross allcpu"; with SMP=1 "batch" or "single"),
#      OUTSTANDING (pcp_bench's blocks outstanding, default its 64),
#      FAULT_SIZES (KiB, default every
#      anonymous size: "4 16 32 64 128 256 512 1024 2048"; empty: none),
#      FAULT_MIB (per process and loop, default 16), FAULT_LOOPS (4),
#      FAULT_PROCS (default SMP; 1: one process on CPU 0, whose munmap()
#      is a burst of frees on one CPU: fault-kept is what its lists keep),
#      READ_SIZES (the read faults of anon-r-seq, guest/page_fault.sh -r:
#      "4 2048" by default, 2048 the huge zero page; empty: none),
#      READ_MIB (per process and loop, default 32), READ_LOOPS (1),
#      BOOTS (default 1: boots of ROUNDS rounds each; with 2 or more,
#      significance is judged on the per-boot means).
#      Writes samples.tsv and report.txt in the run folder (--out DIR,
#      default a new build/runs/bench-zonelock-<time>).

. "$(dirname "$0")/../lib.sh"

bench_args "usage: scripts/bench/bench-zonelock.sh [--out DIR] [ROUNDS] [LOOPS]" 3 2048 "$@"
boots_arg
smp=${SMP:-4}
modes=${MODES-"cross allcpu"}
for m in $modes; do
	case $m in
	cross | allcpu) [[ $smp =~ ^[2-9]$|^[1-9][0-9]+$ ]] || die "SMP '$smp': the $m mode needs at least 2 CPUs" ;;
	batch | single) [[ $smp =~ ^[1-9][0-9]*$ ]] || die "SMP '$smp': not a number of CPUs" ;;
	*) die "MODES: unknown mode '$m' (cross, allcpu, batch, single)" ;;
	esac
done
[ -n "$modes" ] || die "MODES is empty (cross, allcpu, batch, single)"
outstanding=${OUTSTANDING:-}
[ -z "$outstanding" ] || [[ $outstanding =~ ^[1-9][0-9]*$ ]] || die "OUTSTANDING '$outstanding': not a number of blocks"
[ $((loops % ${outstanding:-64})) = 0 ] ||
	die "LOOPS $loops is not a multiple of OUTSTANDING ${outstanding:-64} (pcp_bench runs whole batches)"
procs=${FAULT_PROCS:-$smp}
[[ $procs =~ ^[1-9][0-9]*$ ]] || die "FAULT_PROCS '$procs': not a number of processes"
orders=${ORDERS:-"0 1 2 3 4 5 6 7 8 9"}
grep -q '^CONFIG_LOCK_STAT=y' "$(out_dir x86_64)/.config" 2>/dev/null ||
	die "the $(flavour x86_64) kernel has no CONFIG_LOCK_STAT: build with LOCKSTAT=1 (LOCKSTAT=1 scripts/build/build.sh x86_64)"
ko=$("$REPO/scripts/build/bench-module.sh" x86_64)
# THP and every mTHP size on, as for the stress test: orders 4-9 are then
# the folio sizes anonymous memory really allocates.
cmd="echo always >/sys/kernel/mm/transparent_hugepage/enabled;"
cmd+=" LIST_STATS=1 ab_rounds.sh $rounds before=0 upstream=0-3,9 all=0-9 --"
# Hold times are times: only one CPU under the instruction clock (TCG's:
# -icount is no KVM option).
holdmax=0
if [[ " ${QEMU_EXTRA:-} " = *" -icount "* ]]; then
	export ACCEL=tcg
	[ "$smp" != 1 ] || holdmax=1
fi
cmd+=" \"HOLDMAX=$holdmax zone_lock_count.sh /pcp/run/pcp_bench.ko '$orders' '$modes' $loops"
cmd+=" '${outstanding:+outstanding=$outstanding}'\""
fault_sizes=${FAULT_SIZES-"4 16 32 64 128 256 512 1024 2048"}
read_sizes=${READ_SIZES-"4 2048"}
# Rates and times only on KVM: TCG times are not performance.
rate=0
[ -z "$fault_sizes$read_sizes" ] || [ "$("$REPO/scripts/setup/kvm-probe.sh")" != kvm ] || rate=1
if [ -n "$fault_sizes" ]; then
	cmd+=" \"RATE=$rate page_fault.sh $procs ${FAULT_MIB:-16} ${FAULT_LOOPS:-4} $fault_sizes\""
fi
# anon-r-seq, the 2016 LKP report's workload: page faults and zone->lock
# per fault; system time only where rates are (KVM).
[ -z "$read_sizes" ] ||
	cmd+=" \"RATE=$rate page_fault.sh -r $smp ${READ_MIB:-32} ${READ_LOOPS:-1} $read_sizes\""
run=$(run_folder "$out")
for b in $(seq 1 "$boots"); do
	"$REPO/scripts/boot/boot-x86_64.sh" --out "$(boot_folder "$run" "$b")" --smp "$smp" \
		--mem "${MEM:-1G}" --timeout "${TIMEOUT:-1800}" --file "$ko" -- "$cmd"
done
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU, $smp CPUs, LOCK_STAT; $(date -u +%Y-%m-%d)"
	kernel="LOCKSTAT=1"
	[ "$(flavour x86_64)" = x86_64-lockstat ] || kernel="DEBUG=${DEBUG:-0} KUNIT=${KUNIT:-0} LOCKSTAT=${LOCKSTAT:-0}"
	# the accelerator and QEMU options change the counts (-icount)
	[ -z "${ACCEL:-}" ] || kernel+=" ACCEL=$ACCEL"
	[ -z "${QEMU_EXTRA:-}" ] || kernel+=" QEMU_EXTRA='$QEMU_EXTRA'"
	echo "# reproduce: $kernel SMP=$smp MEM=${MEM:-1G} FAULT_PROCS=$procs FAULT_MIB=${FAULT_MIB:-16} FAULT_LOOPS=${FAULT_LOOPS:-4} BOOTS=$boots ORDERS='$orders' MODES='$modes'${outstanding:+ OUTSTANDING=$outstanding} FAULT_SIZES='$fault_sizes' READ_SIZES='$read_sizes' scripts/bench/bench-zonelock.sh $rounds $loops"
	# Another guest size is another table (the lists' statistics differ).
	tag=x86_64-${smp}cpu
	[ "${MEM:-1G}" = 1G ] || tag+=-$MEM
	# Only the counts: the module's own ns are TCG times, not performance.
	boot_samples "$run" "$tag" | grep -v '^pcp_bench-' >"$run/samples.tsv"
	"$REPO/scripts/report/compare.py" "$run/samples.tsv" before upstream all
} | tee "$run/report.txt"
