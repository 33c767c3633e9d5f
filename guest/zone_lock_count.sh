#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zone->lock acquisitions and contentions per alloc+free pair, counted by
# the kernel's lock statistics (CONFIG_LOCK_STAT, /proc/lock_stat: exact,
# also under TCG), for each order and pcp_bench mode, by difference: the
# module is loaded twice, for LOOPS and for 4 * LOOPS pairs, each time
# from drained lists with the statistics cleared (guest/zone_lock_stat.sh
# start), and the result is (count(4L) - count(L)) / (pairs(4L) -
# pairs(L)).  What a window counts besides the pairs (insmod, the module's
# kthreads, the shell and awk that read the statistics) is the same in
# both loads and cancels; the periodic vmstat work is held off for the
# whole run (zone_lock_stat.sh hold).  Labelled with the A/B driver's
# CONFIG and ROUND (guest/ab_rounds.sh), with both raw counts on a line
# of their own (holdmax: the longest hold in that window, microseconds):
#
#   zone-lock: mode=cross order=4 config=all round=1 loops=2048 pairs=2048 acq=70 cont=0 holdmax=1.12 loops=8192 pairs=8192 acq=262 cont=1 holdmax=1.30
#   PCP-RESULT bench=zone-lock-acq-cross metric=order-4 config=all round=1 value=0.0312 better=lower
#   PCP-RESULT bench=zone-lock-cont-cross metric=order-4 ...
#
# With HOLDMAX=1 in the environment also the longest hold of both
# windows, a time: scripts/bench/bench-zonelock.sh asks for it only on one
# CPU under QEMU -icount, where a guest nanosecond is an instruction.  A
# maximum has no difference: what else took zone->lock in the windows is
# in it (insmod, the module's kthread and, where order 2 is cached, a
# refill of its list for them: 1.7-3.4 us on x86_64):
#
#   PCP-RESULT bench=zone-lock-holdmax-cross metric=order-4 ... value=1.30 better=lower
#
# MODULE PARAMS with outstanding=N name the metric order-O-outN (the
# same order with another number of blocks outstanding is another row).
#
# Usage (in the guest): [HOLDMAX=1] zone_lock_count.sh KO "ORDERS" "MODES" LOOPS ["MODULE PARAMS"]
# e.g. zone_lock_count.sh pcp_bench.ko "0 4 9" "cross allcpu" 2048

ko=$1 orders=$2 modes=$3 loops=$4 params=${5:-}
[ -f "$ko" ] || { echo "zone_lock_count: $ko: no such module" >&2; exit 2; }
case $loops in ''|*[!0-9]*|0) echo "zone_lock_count: LOOPS '$loops' is not a positive number" >&2; exit 2 ;; esac
zone_lock_stat.sh read >/dev/null || exit 2
interval=$(zone_lock_stat.sh hold) || exit 1
trap 'zone_lock_stat.sh release "$interval"' EXIT
label="config=${CONFIG:-unknown} round=${ROUND:-0}"
out=$(echo " $params" | sed -n 's/.* outstanding=\([0-9]*\).*/-out\1/p')
for order in $orders; do
	for mode in $modes; do
		raw="zone-lock: mode=$mode order=$order $label"
		for l in "$loops" $((4 * loops)); do
			zone_lock_stat.sh start || exit 1
			# shellcheck disable=SC2086
			insmod "$ko" orders="$order" modes="$mode" loops="$l" $params \
				set="${CONFIG:-unknown}" round="${ROUND:-0}" || exit 1
			counts=$(zone_lock_stat.sh read) || exit 1
			rmmod pcp_bench
			# Pairs done: the module's own line (allcpu: loops on each of cpus).
			line=$(dmesg | grep "pcp_bench: mode=$mode order=$order loops=$l " | tail -1)
			[ -n "$line" ] ||
				{ echo "zone_lock_count: no result for order $order mode $mode loops $l" >&2; exit 1; }
			cpus=$(echo "$line" | sed -n 's/.* cpus=\([0-9]*\).*/\1/p')
			pairs=$l
			[ "$mode" != allcpu ] || pairs=$((l * cpus))
			# shellcheck disable=SC2086
			set -- $counts
			raw="$raw loops=$l pairs=$pairs acq=$1 cont=$2 holdmax=$3"
		done
		echo "$raw"
		echo "$raw" | awk -v holdmax="${HOLDMAX:-0}" -v out="$out" '{
			n = 0
			for (i = 1; i <= NF; i++) {
				split($i, kv, "=")
				if (kv[1] == "pairs") n++
				v[kv[1] n] = kv[2]
			}
			d = v["pairs2"] - v["pairs1"]
			m = "metric=order-" v["order0"] out " config=" v["config0"] " round=" v["round0"]
			printf "PCP-RESULT bench=zone-lock-acq-%s %s value=%.4f better=lower\n", v["mode0"], m, (v["acq2"] - v["acq1"]) / d
			printf "PCP-RESULT bench=zone-lock-cont-%s %s value=%.4f better=lower\n", v["mode0"], m, (v["cont2"] - v["cont1"]) / d
			if (holdmax == 1) {
				h = v["holdmax1"] > v["holdmax2"] ? v["holdmax1"] : v["holdmax2"]
				printf "PCP-RESULT bench=zone-lock-holdmax-%s %s value=%.2f better=lower\n", v["mode0"], m, h
			}
		}'
	done
done
