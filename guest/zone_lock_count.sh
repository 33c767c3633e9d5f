#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# zone->lock acquisitions and contentions per alloc+free pair, counted by
# the kernel's lock statistics (CONFIG_LOCK_STAT, /proc/lock_stat: exact,
# also under TCG), for each order and pcp_bench mode: clear the
# statistics, load pcp_bench for that one order and mode, read the
# "&zone->lock" class (every zone's lock is that one class).  Each
# measurement starts with the high-order lists drained (the set is
# written as "0" and back), so that it counts that order alone.  Labelled with
# the A/B driver's CONFIG and ROUND (guest/ab_rounds.sh):
#
#   PCP-RESULT bench=zone-lock-acq-cross metric=order-4 config=all round=1 value=0.0312 better=lower
#   PCP-RESULT bench=zone-lock-cont-cross metric=order-4 ...
#
# Usage (in the guest): zone_lock_count.sh KO "ORDERS" "MODES" "MODULE PARAMS"
# e.g. zone_lock_count.sh pcp_bench.ko "0 4 9" "cross allcpu" "loops=4096"

ko=$1 orders=$2 modes=$3 params=$4
stat=/proc/lock_stat
[ -f "$ko" ] || { echo "zone_lock_count: $ko: no such module" >&2; exit 2; }
[ -w "$stat" ] || { echo "zone_lock_count: no $stat: the kernel needs CONFIG_LOCK_STAT (LOCKSTAT=1)" >&2; exit 2; }
# Collection can be switched off at run time; the run needs it on.
echo 1 >/proc/sys/kernel/lock_stat || exit 1
knob=/proc/sys/vm/percpu_pagelist_orders
for order in $orders; do
	for mode in $modes; do
		# Start from empty high-order lists: what earlier runs left
		# there shares pcp->high with this one.  Writing "0" drains the
		# lists of every other order on every CPU; then the set again.
		set=$(cat "$knob")
		pcp-write "$knob" 0 >/dev/null && pcp-write "$knob" "$set" >/dev/null || exit 1
		echo 0 >"$stat"
		# shellcheck disable=SC2086
		insmod "$ko" orders="$order" modes="$mode" $params set="${CONFIG:-unknown}" round="${ROUND:-0}" || exit 1
		# A class that was not taken since the clear has no line: 0 0.
		counts=$(awk '$1 == "&zone->lock:" { c = $9 " " $3 } END { print c ? c : "0 0" }' "$stat")
		rmmod pcp_bench
		# Pairs done: the module's own line (allcpu: loops on each of cpus).
		line=$(dmesg | grep "pcp_bench: mode=$mode order=$order " | tail -1)
		[ -n "$line" ] && [ -n "$counts" ] ||
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
