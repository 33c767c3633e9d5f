#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs of the pcp_bench module, labelled with the A/B driver's CONFIG and
# ROUND (guest/ab_rounds.sh): one load per order (the module measures and
# prints when loaded), each from drained high-order lists
# (guest/pcp_drain.sh), so that an order never runs on what the orders
# before it left on the lists.  Results go to the kernel log; for each
# load, the timer interrupts that landed in it (a run under QEMU -icount
# counts their handlers' instructions too):
#
#   pcp_bench_run: order=4 config=all round=1 timer_irqs=3
#
# NODRAIN=1 in the environment: no drain, as on a kernel that cannot
# (scripts/bench/bench-unpatched.sh compares with the unpatched base).
#
# Usage (in the guest): pcp_bench_run.sh KO ORDERS "MODULE PARAMS"
# e.g. pcp_bench_run.sh pcp_bench.ko 0-9 "loops=20000"   (ORDERS: 0-9, 0,4-8, ...)

ko=$1 orders=$2 params=${3:-}
[ -f "$ko" ] || { echo "pcp_bench_run: $ko: no such module" >&2; exit 2; }
case $orders in
''|*[!0-9,-]*) echo "pcp_bench_run: ORDERS '$orders' is not an order list like 0-9 or 0,4-8" >&2; exit 2 ;;
esac

# timer_irqs: the local timer interrupts of every CPU so far (x86 "LOC:",
# or the lines of a "timer" interrupt elsewhere).
timer_irqs() {
	awk '$1 == "LOC:" || $NF ~ /timer/ {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
	} END { print n + 0 }' /proc/interrupts
}

for range in $(echo "$orders" | tr , ' '); do
	lo=${range%-*} hi=${range#*-}
	o=$lo
	while [ "$o" -le "$hi" ]; do
		[ -n "${NODRAIN:-}" ] || pcp_drain.sh || exit 1
		t0=$(timer_irqs)
		# shellcheck disable=SC2086
		insmod "$ko" orders="$o" $params set="${CONFIG:-unknown}" round="${ROUND:-0}" || exit 1
		t1=$(timer_irqs)
		rmmod pcp_bench
		echo "pcp_bench_run: order=$o config=${CONFIG:-unknown} round=${ROUND:-0} timer_irqs=$((t1 - t0))"
		o=$((o + 1))
	done
done
