#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: build the patched kernel, boot it, run the benchmarks under
# the three order sets interleaved on one boot each, and write the report.
#
#   before   = order 0 only (as before 5.14)
#   upstream = 6.12's set (0-3 and, where there is THP, 9)
#   all      = every order, the mTHP orders 4-8 too
#
# 1. UML (native speed, 1 CPU): pcp_bench per order (single, 64
#    outstanding) and netperf UDP_STREAM over loopback at the 2021
#    changelog's sizes (scripts/bench-uml.sh).  These are the time figures.
# 2. x86_64 QEMU, SMP, LOCK_STAT kernel: zone->lock acquisitions and
#    contentions per alloc+free pair, per order, cross-CPU and all-CPU,
#    and per folio of anonymous page faults on every CPU at each folio
#    size (scripts/bench-zonelock.sh).  Counts, exact under TCG; no times.
# 3. UML: high-order allocations under memory pressure with each setting
#    of the two slowpath switches (scripts/bench-highorder.sh): the 2011
#    table (Count/Min/Mean/Max/Stddev, success) and latency distributions.
# 4. The report (scripts/report.py): mmtests-style tables with significance
#    marks, plots, report.md, in build/results/<date>-<kernel>/ (or --out
#    DIR); each benchmark boot's run folder is in its runs/ subfolder.
#
# Usage: scripts/run.sh [--out DIR] [--quick] [--um-only] [--no-pressure]
#   --quick    2 rounds, fewer loops, sizes and orders: a smoke run (minutes)
#   --um-only  skip the x86_64 step (no LOCK_STAT kernel build)
#   --no-pressure  skip the high-order pressure step
# Env: ROUNDS (5), LOOPS (100000), NETPERF_SECS (2), SMP (4, x86_64 CPUs),
#      KSRC (build your own 6.12.y tree instead).

. "$(dirname "$0")/lib.sh"

quick= umonly= pressure=1 out=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:-}; [ -n "$out" ] || die "--out needs a folder"; shift ;;
	--quick) quick=1 ;;
	--um-only) umonly=1 ;;
	--no-pressure) pressure= ;;
	*) die "unknown option '$1' (usage: scripts/run.sh [--out DIR] [--quick] [--um-only] [--no-pressure])" ;;
	esac
	shift
done
if [ -n "$quick" ]; then
	rounds=${ROUNDS:-2} loops=${LOOPS:-20000} secs=${NETPERF_SECS:-1}
	sizes="64 1024 16384" zl_rounds=1 zl_loops=512 zl_orders="0 3 4 9"
	fault_sizes="4 64 2048"
	hp_rounds=1 hp_orders="4 9" hp_sets="d1e1=1:1 d0e0=0:0"
else
	rounds=${ROUNDS:-5} loops=${LOOPS:-100000} secs=${NETPERF_SECS:-2}
	sizes="64 128 256 1024 2048 3312 4096 8192 16384"
	zl_rounds=3 zl_loops=2048 zl_orders="0 1 2 3 4 5 6 7 8 9"
	fault_sizes="4 16 32 64 128 256 512 1024 2048"
	hp_rounds=2 hp_orders="2 4 6 9"
	hp_sets="d0e1=0:1 d1e1=1:1 d2e1=2:1 d0e0=0:0 d1e0=1:0 d2e0=2:0"
fi
smp=${SMP:-4}
[ -z "$out" ] || check_out "$out"

start=$(date +%s)
"$REPO/scripts/tree.sh"
# The plain kernels (make run exports DEBUG and KUNIT empty); x86_64 with
# lock statistics, which the DEBUG=1 flavour has already (the tests' smoke
# run uses the test kernels).
zl=1
[ "${DEBUG:-0}" = 1 ] && zl=
LOCKSTAT= "$REPO/scripts/build.sh" um
[ -n "$umonly" ] || LOCKSTAT=$zl "$REPO/scripts/build.sh" x86_64

results=$(run_folder "${out:-$BUILD/results/$(date +%Y%m%d-%H%M%S)-$(kernel_version "$SRC")}")
mkdir -p "$results/runs"
: >"$results/runs.txt"
: >"$results/samples.tsv"

# 1. UML: time per alloc+free pair and UDP_STREAM throughput.
run=$results/runs/bench-uml
NETPERF_SIZES=$sizes NETPERF_SECS=$secs LOCKSTAT= \
	"$REPO/scripts/bench-uml.sh" --out "$run" "$rounds" "$loops" >"$results/bench-uml.txt"
"$REPO/scripts/samples.py" --tag um "$run/output.txt" "$run/dmesg.txt" >>"$results/samples.tsv"
printf 'pcp_bench single/batch, netperf UDP_STREAM (%s s each)\tUML, 1 CPU, native speed\t%s\t%s\n' \
	"$secs" "NETPERF_SIZES='$sizes' NETPERF_SECS=$secs scripts/bench-uml.sh $rounds $loops" \
	"${run#"$REPO"/}" >>"$results/runs.txt"

# 2. x86_64 SMP: zone->lock traffic per pair, exact counts.
if [ -z "$umonly" ]; then
	run=$results/runs/bench-zonelock
	LOCKSTAT=$zl SMP=$smp ORDERS=$zl_orders FAULT_SIZES=$fault_sizes \
		"$REPO/scripts/bench-zonelock.sh" --out "$run" "$zl_rounds" "$zl_loops" \
		>"$results/bench-zonelock.txt"
	cat "$run/samples.tsv" >>"$results/samples.tsv"
	printf 'zone->lock acquisitions and contentions per pair (lock_stat); page faults per folio size: zone->lock per folio, fallback %%\tx86_64 QEMU TCG, %s CPUs, LOCK_STAT kernel: counts only\t%s\t%s\n' \
		"$smp" "LOCKSTAT=1 SMP=$smp ORDERS='$zl_orders' FAULT_SIZES='$fault_sizes' scripts/bench-zonelock.sh $zl_rounds $zl_loops" \
		"${run#"$REPO"/}" >>"$results/runs.txt"
fi

# 3. High-order allocations under pressure, the slowpath switches.
mkdir -p "$results/plots"
: >"$results/extra.txt"
if [ -n "$pressure" ]; then
	run=$results/runs/bench-highorder
	MEM=256M ORDERS=$hp_orders SETS=$hp_sets LOCKSTAT= \
		"$REPO/scripts/bench-highorder.sh" --out "$run" --arch um "$hp_rounds" 95 \
		>"$results/bench-highorder.txt"
	cp "$run/report.txt" "$results/highorder.txt"
	printf 'High-order allocations under pressure (UML, ns; drain:early_break settings)\thighorder.txt\n' \
		>>"$results/extra.txt"
	# shellcheck disable=SC2086
	"$REPO/scripts/plot.py" --latency "$run/dmesg.txt" "$results/plots" \
		$(for s in $hp_sets; do echo "${s%%=*}"; done) >/dev/null
	printf 'high-order latency/success under pressure, switch settings %s\tUML, 1 CPU, 256M\t%s\t%s\n' \
		"$(echo $hp_sets | sed 's/=[0-9:]*//g')" \
		"MEM=256M ORDERS='$hp_orders' SETS='$hp_sets' scripts/bench-highorder.sh --arch um $hp_rounds 95" \
		"${run#"$REPO"/}" >>"$results/runs.txt"
fi

# 4. Tables, plots, report.md.
"$REPO/scripts/report.py" "$results" before upstream all
log "done in $(( $(date +%s) - start )) s"
