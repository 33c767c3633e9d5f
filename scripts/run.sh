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
#    changelog's sizes (scripts/bench/bench-uml.sh).  These are the time figures.
# 2. x86_64 QEMU, SMP, LOCK_STAT kernel: zone->lock acquisitions and
#    contentions per alloc+free pair, per order, cross-CPU and all-CPU,
#    and per folio of anonymous page faults on every CPU at each folio
#    size (scripts/bench/bench-zonelock.sh).  Counts, exact under TCG; no times.
#    Then one CPU under QEMU -icount: the longest zone->lock hold per order
#    (lock_stat holdtime-max; a nanosecond is an instruction there).
# 3. UML: high-order allocations under memory pressure with each setting
#    of the two slowpath switches (scripts/bench/bench-highorder.sh): the 2011
#    table (Count/Min/Mean/Max/Stddev, success) and latency distributions.
# 4. x86_64 QEMU, SMP: the 2010 workload of the drain after direct reclaim,
#    parallel file creators on ext2 in a guest with little memory, with
#    each setting of vm.pcp_drain_after_reclaim (scripts/bench/bench-fscreate.sh):
#    retries, drains, fruitless seconds, CAL/RES interrupts per CPU.
# 5. x86_64 QEMU, SMP: the 2011 workload of the early break, a streaming
#    writer to a throttled disk and an anonymous streaming reader while
#    orders 1-4 and 9 are allocated, with each setting of
#    vm.reclaim_compaction_early_break (scripts/bench/bench-stream.sh):
#    the 2011 table per order, in thousands of guest instructions.
# 6. x86_64 QEMU -icount, 2 CPUs, the plain kernel with jump labels: the
#    2021 changelog's netperf UDP_STREAM counted, instructions per message
#    sent with netperf and netserver on different CPUs
#    (scripts/bench/bench-netperf-icount.sh).
# 7. The report (scripts/report/report.py): mmtests-style tables with significance
#    marks, plots, report.md, in build/results/<date>-<kernel>/ (or --out
#    DIR); each benchmark boot's run folder is in its runs/ subfolder.
#
# What each step runs comes from a preset file (bench/presets/full.conf,
# --quick: quick.conf, --preset FILE: another), in the spirit of mmtests'
# config files; the values used are written to preset.conf in the results
# folder, and every table's reproduce line is made from them.
#
# Usage: scripts/run.sh [--out DIR] [--preset FILE | --quick] [--arch um|x86_64]
#   --arch     only the steps of that architecture (um: 1 and 3, x86_64: 2, 4, 5 and 6)
# Env: any variable of the preset (SMP=8, ROUNDS=3, ...) overrides it;
#      KSRC (build your own 6.12.y tree instead).

. "$(dirname "$0")/lib.sh"

USAGE="usage: scripts/run.sh [--out DIR] [--preset FILE | --quick] [--arch um|x86_64]"
preset=$REPO/bench/presets/full.conf out= only=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:-}; [ -n "$out" ] || die "--out needs a folder"; shift ;;
	--preset) preset=${2:-}; [ -f "$preset" ] || die "--preset '$preset': no such file"; shift ;;
	--quick) preset=$REPO/bench/presets/quick.conf ;;
	--arch) only=${2:-}; check_arch "$only"; shift ;;
	*) die "unknown option '$1' ($USAGE)" ;;
	esac
	shift
done
PRESET_VARS=(ARCHES ROUNDS LOOPS NETPERF_SECS NETPERF_SIZES SMP ZL_BOOTS ZL_ROUNDS ZL_LOOPS
	ZL_ORDERS FAULT_SIZES ZL_HOLD_ROUNDS ZL_HOLD_ORDERS ZL_HOLD_BULK HP_ROUNDS HP_MEM HP_PCT HP_ORDERS HP_SETS
	FS_ROUNDS FS_MEM FS_PROCS FS_FILES FS_SETS ST_ROUNDS ST_MEM ST_PCT ST_ORDERS ST_SETS
	NI_BOOTS NI_ROUNDS NI_SECS)
# shellcheck disable=SC1090
. "$preset"
[ -z "$only" ] || ARCHES=$only
# The presets of runs before the hold step (2026-12-07) do not set it: they
# run again as they ran, without it.
: "${ZL_HOLD_ROUNDS=0}" "${ZL_HOLD_ORDERS=0 8}" "${ZL_HOLD_BULK=0}"
for v in "${PRESET_VARS[@]}"; do
	[ -n "${!v+set}" ] || die "$preset does not set $v"
done
for v in ROUNDS LOOPS NETPERF_SECS ZL_BOOTS ZL_ROUNDS ZL_LOOPS ZL_HOLD_ROUNDS ZL_HOLD_BULK HP_ROUNDS HP_PCT SMP FS_ROUNDS FS_PROCS FS_FILES ST_ROUNDS ST_PCT \
	NI_BOOTS NI_ROUNDS NI_SECS; do
	[[ ${!v} =~ ^[0-9]+$ ]] || die "$preset: $v '${!v}' is not a number"
done
for a in $ARCHES; do check_arch "$a"; done
has_arch() { [[ " $ARCHES " = *" $1 "* ]]; }
[ -z "$out" ] || check_out "$out"

start=$(date +%s)
"$REPO/scripts/tree/tree.sh"
# The plain kernels (make run exports DEBUG and KUNIT empty); x86_64 with
# lock statistics, which the DEBUG=1 flavour has already (the tests' smoke
# run uses the test kernels).
zl=1
[ "${DEBUG:-0}" = 1 ] && zl=
if has_arch um; then
	LOCKSTAT= "$REPO/scripts/build/build.sh" um
fi
jump_labels=$REPO/configs/60-jump-label.config
if has_arch x86_64; then
	LOCKSTAT=$zl "$REPO/scripts/build/build.sh" x86_64
	# step 6 counts instructions: no lock statistics, static keys as
	# distribution kernels have them
	[ "$NI_ROUNDS" = 0 ] || LOCKSTAT= EXTRA_CONFIG=$jump_labels "$REPO/scripts/build/build.sh" x86_64
fi

results=$(run_folder "${out:-$BUILD/results/$(date +%Y%m%d-%H%M%S)-$(kernel_version "$SRC")}")
mkdir -p "$results/runs" "$results/plots"
: >"$results/runs.txt"
: >"$results/samples.tsv"
: >"$results/extra.txt"
{
	echo "# The values scripts/run.sh used (from ${preset#"$REPO"/});"
	echo "# again: scripts/run.sh --preset THIS_FILE"
	for v in "${PRESET_VARS[@]}"; do printf '%s=%q\n' "$v" "${!v}"; done
} >"$results/preset.conf"
again="scripts/run.sh --preset ${results#"$REPO"/}/preset.conf"
# What the run measured: scripts/report/snapshot.sh copies this with the report,
# and make check compares a snapshot's code with the series'.
{
	echo "code: $(code_hash "$SRC")"
	echo "kernel: $(kernel_version "$SRC") $(git -C "$SRC" describe --tags --always 2>/dev/null || echo 'not git')"
	echo "harness: $(git -C "$REPO" describe --always --dirty 2>/dev/null || echo unknown)"
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "machine: $(nproc) CPUs, $(free -g | awk '/^Mem:/ { print $2 " GiB" }'), accel $("$REPO/scripts/setup/kvm-probe.sh" 2>/dev/null || echo '?')"
	echo "command: scripts/run.sh --preset ${preset#"$REPO"/}${only:+ --arch $only}"
} >"$results/run-info.txt"

# run_step RUN WHAT WHERE [VAR=VALUE...] SCRIPT ARGS...: run the benchmark
# step SCRIPT (a path under the repository) with those variables and
# --out RUN, its output in RUN.txt, and write its line of runs.txt: what,
# where, the command as run (the reproduce line), the run folder.
run_step() {
	local run=$1 what=$2 where=$3 envs=()
	shift 3
	while [[ $1 = *=* ]]; do
		envs+=("$1")
		shift
	done
	env "${envs[@]}" "$REPO/$1" --out "$run" "${@:2}" >"$run.txt"
	printf '%s\t%s\t%s(in: %s)\t%s\n' "$what" "$where" "$(printf '%q ' "${envs[@]}" "$@")" \
		"$again" "${run#"$REPO"/}" >>"$results/runs.txt"
}

# extra_table RUN FILE TITLE: RUN's report as FILE of the results, listed
# under TITLE in extra.txt (report.py shows each such table as it is).
extra_table() {
	cp "$1/report.txt" "$results/$2"
	printf '%s\t%s\n' "$3" "$2" >>"$results/extra.txt"
}

# 1. UML: time per alloc+free pair and UDP_STREAM throughput.
if has_arch um; then
	run=$results/runs/bench-uml
	run_step "$run" "pcp_bench single/batch, netperf UDP_STREAM ($NETPERF_SECS s each)" \
		"UML, 1 CPU, native speed" \
		NETPERF_SIZES="$NETPERF_SIZES" NETPERF_SECS="$NETPERF_SECS" LOCKSTAT= \
		scripts/bench/bench-uml.sh "$ROUNDS" "$LOOPS"
	"$REPO/scripts/report/samples.py" --tag um "$run/output.txt" "$run/dmesg.txt" >>"$results/samples.tsv"
fi

# 2. x86_64 SMP: zone->lock traffic per pair, exact counts.
if has_arch x86_64; then
	run=$results/runs/bench-zonelock
	run_step "$run" "zone->lock acquisitions and contentions per pair (lock_stat, by difference of L and 4L pairs); page faults per folio size: zone->lock per folio, fallback %" \
		"x86_64 QEMU TCG, $SMP CPUs, LOCK_STAT kernel, $ZL_BOOTS boot(s): counts only" \
		LOCKSTAT="$zl" SMP="$SMP" BOOTS="$ZL_BOOTS" ORDERS="$ZL_ORDERS" FAULT_SIZES="$FAULT_SIZES" \
		scripts/bench/bench-zonelock.sh "$ZL_ROUNDS" "$ZL_LOOPS"
	cat "$run/samples.tsv" >>"$results/samples.tsv"
fi
if has_arch x86_64 && [ "$ZL_HOLD_ROUNDS" != 0 ]; then
	run=$results/runs/bench-zonelock-hold
	run_step "$run" "longest zone->lock hold per order (lock_stat holdtime-max), pcp_bench batch, 64 outstanding" \
		"x86_64 QEMU TCG -icount, 1 CPU, LOCK_STAT kernel: us of the instruction clock" \
		LOCKSTAT="$zl" SMP=1 MODES=batch ORDERS="$ZL_HOLD_ORDERS" FAULT_SIZES= READ_SIZES= \
		QEMU_EXTRA="-icount shift=0,sleep=off" \
		scripts/bench/bench-zonelock.sh "$ZL_HOLD_ROUNDS" "$ZL_LOOPS"
	cat "$run/samples.tsv" >>"$results/samples.tsv"
fi
if has_arch x86_64 && [ "$ZL_HOLD_ROUNDS" != 0 ] && [ "$ZL_HOLD_BULK" != 0 ]; then
	run=$results/runs/bench-zonelock-hold-bulk
	run_step "$run" "longest zone->lock hold of order 0 with $ZL_HOLD_BULK pages outstanding, more than its lists hold: refills and trims of its bulk" \
		"x86_64 QEMU TCG -icount, 1 CPU, 512M, LOCK_STAT kernel: us of the instruction clock" \
		LOCKSTAT="$zl" SMP=1 MEM=512M MODES=batch ORDERS=0 OUTSTANDING="$ZL_HOLD_BULK" FAULT_SIZES= READ_SIZES= \
		QEMU_EXTRA="-icount shift=0,sleep=off" \
		scripts/bench/bench-zonelock.sh "$ZL_HOLD_ROUNDS" "$ZL_HOLD_BULK"
	cat "$run/samples.tsv" >>"$results/samples.tsv"
fi

# 3. High-order allocations under pressure, the slowpath switches.
if has_arch um && [ "$HP_ROUNDS" != 0 ]; then
	run=$results/runs/bench-highorder
	# shellcheck disable=SC2086
	run_step "$run" "high-order latency/success under pressure, switch settings $(echo $HP_SETS | sed 's/=[0-9:]*//g')" \
		"UML, 1 CPU, $HP_MEM" \
		MEM="$HP_MEM" ORDERS="$HP_ORDERS" SETS="$HP_SETS" LOCKSTAT= \
		scripts/bench/bench-highorder.sh --arch um "$HP_ROUNDS" "$HP_PCT"
	extra_table "$run" highorder.txt "High-order allocations under pressure (UML, ns; drain:early_break settings)"
	# shellcheck disable=SC2086
	"$REPO/scripts/report/plot.py" --latency "$run/dmesg.txt" "$results/plots" \
		$(for s in $HP_SETS; do echo "${s%%=*}"; done) >/dev/null
fi

# 4. The 2010 workload: parallel file creation, the drain switch.
if has_arch x86_64 && [ "$FS_ROUNDS" != 0 ]; then
	run=$results/runs/bench-fscreate
	# shellcheck disable=SC2086
	run_step "$run" "parallel file creation under pressure, drain settings $(echo $FS_SETS | sed 's/=[0-9]*//g')" \
		"x86_64 QEMU TCG -icount, $SMP CPUs, $FS_MEM: counts" \
		LOCKSTAT="$zl" SMP="$SMP" MEM="$FS_MEM" PROCS="$FS_PROCS" SETS="$FS_SETS" \
		scripts/bench/bench-fscreate.sh "$FS_ROUNDS" "$FS_FILES"
	extra_table "$run" fscreate.txt \
		"Parallel file creation under pressure (x86_64, $SMP CPUs; vm.pcp_drain_after_reclaim settings)"
fi

# 5. The 2011 workload: streaming writer and reader, the early-break switch.
if has_arch x86_64 && [ "$ST_ROUNDS" != 0 ]; then
	run=$results/runs/bench-stream
	# shellcheck disable=SC2086
	run_step "$run" "high-order latency/success beside a streaming writer and reader, early-break settings $(echo $ST_SETS | sed 's/=[0-9:]*//g')" \
		"x86_64 QEMU TCG -icount, $SMP CPUs, $ST_MEM: thousands of instructions" \
		LOCKSTAT="$zl" SMP="$SMP" MEM="$ST_MEM" ORDERS="$ST_ORDERS" SETS="$ST_SETS" \
		scripts/bench/bench-stream.sh "$ST_ROUNDS" "$ST_PCT"
	extra_table "$run" stream.txt \
		"High-order allocations beside a streaming writer and reader (x86_64, $SMP CPUs; drain:early_break settings)"
fi

# 6. The 2021 workload counted: netperf UDP_STREAM under -icount.
if has_arch x86_64 && [ "$NI_ROUNDS" != 0 ]; then
	run=$results/runs/bench-netperf-icount
	run_step "$run" "netperf UDP_STREAM ($NI_SECS s each), instructions per message sent (netperf on CPU 0, netserver on CPU 1)" \
		"x86_64 QEMU TCG -icount, 2 CPUs, jump labels, $NI_BOOTS boot(s): instructions" \
		LOCKSTAT= EXTRA_CONFIG="$jump_labels" BOOTS="$NI_BOOTS" SIZES="$NETPERF_SIZES" \
		scripts/bench/bench-netperf-icount.sh "$NI_ROUNDS" "$NI_SECS"
	cat "$run/samples.tsv" >>"$results/samples.tsv"
fi

# 7. Tables, plots, report.md.
"$REPO/scripts/report/report.py" "$results" before upstream all
log "done in $(( $(date +%s) - start )) s"
