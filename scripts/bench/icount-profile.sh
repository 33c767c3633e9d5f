#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Step: where the instructions of one pcp_bench pair go, function by
# function, for each order set: the x86_64 kernel of the flavour in force
# booted under QEMU TCG -icount (one CPU, as scripts/bench/bench-icount.sh
# counts), QEMU logging every translation block of the memory-management
# text that runs (-d in_asm,exec,nochain, -dfilter to the functions of
# mm/*.o and kernel/locking/spinlock.o).  Each set boots twice, pcp_bench
# run for LOOPS pairs and for 4 * LOOPS; the profile is the difference per
# pair (scripts/report/icount-profile.py), so the boot and the start of
# the run cancel out and what is left is what one more pair costs: exact,
# as the -icount counts are.
#
# Usage: scripts/bench/icount-profile.sh [--out DIR] [LOOPS]   (default 640)
# Env: ORDER (default 9), MODE (pcp_bench's modes: batch, 64 outstanding,
#      or single; default batch), CMD (another guest workload instead of
#      pcp_bench, @LOOPS@ where its count of loops goes, e.g. THP faults:
#      CMD='echo always >/sys/kernel/mm/transparent_hugepage/enabled &&
#      pcp-faultbench 1 16 @LOOPS@'), PER (units per loop, the profile's
#      divisor: e.g. 8 THPs in a loop of 16 MiB; default 1), SETS (NAME=ORDERS of
#      vm.percpu_pagelist_orders, default "before=0 upstream=0-3,9"),
#      DETAIL (functions whose translation blocks to list too),
#      KEEP_LOGS=1 (keep QEMU's logs, about 0.5 GB a boot at the default).
# Writes profile.txt in the run folder (--out DIR, default a new
# build/runs/icount-profile-<time>).

. "$(dirname "$0")/../lib.sh"

usage="usage: scripts/bench/icount-profile.sh [--out DIR] [LOOPS]"
out=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:-}; [ -n "$out" ] || die "--out needs a folder"; check_out "$out"; shift 2 ;;
	-*) die "unknown option '$1' ($usage)" ;;
	*) break ;;
	esac
done
[ $# -le 1 ] || die "too many arguments ($usage)"
loops=${1:-640}
[[ $loops =~ ^[1-9][0-9]*$ ]] || die "LOOPS '$loops' is not a positive number"
order=${ORDER:-9}
if ! [[ $order =~ ^[0-9]+$ ]] || [ "$order" -gt 10 ]; then
	die "ORDER '$order' is not an order from 0 to 10"
fi
mode=${MODE:-batch}
case $mode in batch|single) ;; *) die "MODE '$mode' is not batch or single" ;; esac
per=${PER:-1}
[[ $per =~ ^[1-9][0-9]*$ ]] || die "PER '$per' is not a positive number"
if [ -n "${CMD:-}" ]; then
	[[ $CMD = *@LOOPS@* ]] || die "CMD has no @LOOPS@ for the count of loops"
	what="CMD '$CMD', $per per loop"
	repro="CMD='$CMD' PER=$per"
else
	CMD="insmod /pcp/run/pcp_bench.ko orders=$order modes=$mode loops=@LOOPS@ && rmmod pcp_bench"
	what="pcp_bench order $order, mode $mode"
	repro="ORDER=$order MODE=$mode"
fi
sets=${SETS:-"before=0 upstream=0-3,9"}
for s in $sets; do
	[[ $s =~ ^[a-z][a-z0-9_]*=[0-9][-0-9,]*$ ]] ||
		die "SETS: '$s' is not NAME=ORDERS (a name of letters and digits, an order list)"
done
need_cmd qemu-system-x86_64 nm python3

"$REPO/scripts/build/build.sh" x86_64
ko=$("$REPO/scripts/build/bench-module.sh" x86_64)
obj=$(out_dir x86_64)
run=$(run_folder "$out")
for o in "$obj"/mm/*.o "$obj"/kernel/locking/spinlock.o; do
	nm --defined-only "$o" 2>/dev/null
done | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$run/functions"
filter=$("$REPO/scripts/report/icount-profile.py" ranges "$obj/System.map" "$run/functions") ||
	exit 1
specs=
for s in $sets; do
	name=${s%%=*}
	for l in "$loops" $((4 * loops)); do
		ACCEL=tcg QEMU_EXTRA="-icount shift=0,sleep=off -d in_asm,exec,nochain -dfilter $filter -D $run/$name-$l.log" \
			"$REPO/scripts/boot/boot-x86_64.sh" --out "$run/boot-$name-$l" --smp 1 --mem 1G \
			--file "$ko" -- "echo ${s#*=} >/proc/sys/vm/percpu_pagelist_orders && pcp_drain.sh &&
			${CMD//@LOOPS@/$l}" || die "the workload failed: $run/boot-$name-$l/console.log"
	done
	specs+=" $name=$run/$name-$loops.log,$run/$name-$((4 * loops)).log"
done
detail=()
for f in ${DETAIL:-}; do detail+=(--detail "$f"); done
{
	echo "# $(kernel_version "$SRC") x86_64 QEMU TCG -icount shift=0,sleep=off, 1 CPU; $what; $(date -u +%Y-%m-%d)"
	echo "# reproduce: ${EXTRA_CONFIG:+EXTRA_CONFIG='${EXTRA_CONFIG//$REPO\//}' }$repro SETS='$sets'${DETAIL:+ DETAIL='$DETAIL'} scripts/bench/icount-profile.sh $loops"
	# shellcheck disable=SC2086 # specs is a list of NAME=LOGS
	"$REPO/scripts/report/icount-profile.py" "${detail[@]}" "$obj/System.map" $((3 * loops * per)) $specs
} >"$run/profile.txt" || die "profile failed (logs kept in $run)"
[ -n "${KEEP_LOGS:-}" ] || rm -f "$run"/*.log
cat "$run/profile.txt"
