#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zone->lock acquisitions and contentions per alloc+free pair, counted by
# the kernel's lock statistics (CONFIG_LOCK_STAT, /proc/lock_stat: exact,
# also under TCG), for each order and pcp_bench mode: clear the
# statistics, load pcp_bench for that one order and mode, read the
# "&zone->lock" class (guest/zone_lock_stat.sh: each measurement starts
# with the high-order lists drained, so that it counts that order alone).  Labelled with
# the A/B driver's CONFIG and ROUND (guest/ab_rounds.sh):
#
#   PCP-RESULT bench=zone-lock-acq-cross metric=order-4 config=all round=1 value=0.0312 better=lower
#   PCP-RESULT bench=zone-lock-cont-cross metric=order-4 ...
#
# Usage (in the guest): zone_lock_count.sh KO "ORDERS" "MODES" "MODULE PARAMS"
# e.g. zone_lock_count.sh pcp_bench.ko "0 4 9" "cross allcpu" "loops=4096"

ko=$1 orders=$2 modes=$3 params=$4
[ -f "$ko" ] || { echo "zone_lock_count: $ko: no such module" >&2; exit 2; }
zone_lock_stat.sh read >/dev/null || exit 2
for order in $orders; do
	for mode in $modes; do
		zone_lock_stat.sh start || exit 1
		# shellcheck disable=SC2086
		insmod "$ko" orders="$order" modes="$mode" $params set="${CONFIG:-unknown}" round="${ROUND:-0}" || exit 1
		counts=$(zone_lock_stat.sh read) || exit 1
		rmmod pcp_bench
		# Pairs done: the module's own line (allcpu: loops on each of cpus).
		line=$(dmesg | grep "pcp_bench: mode=$mode order=$order " | tail -1)
		[ -n "$line" ] ||
			{ echo "zone_lock_count: no result for order $order mode $mode" >&2; exit 1; }
		echo "$line $counts" | awk -v c="${CONFIG:-unknown}" -v r="${ROUND:-0}" -v o="$order" -v m="$mode" '{
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^loops=/) loops = substr($i, 7)
				if ($i ~ /^cpus=/) cpus = substr($i, 6)
			}
			pairs = (m == "allcpu") ? loops * cpus : loops
			printf "PCP-RESULT bench=zone-lock-acq-%s metric=order-%s config=%s round=%s value=%.4f better=lower\n", m, o, c, r, $(NF - 1) / pairs
			printf "PCP-RESULT bench=zone-lock-cont-%s metric=order-%s config=%s round=%s value=%.4f better=lower\n", m, o, c, r, $NF / pairs
		}'
	done
done
