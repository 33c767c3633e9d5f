#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What the per-CPU lists did during one benchmark command, from the
# kernel's per-order statistics (orders patch 12,
# /sys/kernel/mm/pcp/order-N/stats/), as result records for the report,
# labelled with the A/B driver's CONFIG and ROUND (guest/ab_rounds.sh,
# LIST_STATS=1):
#
#   pcp_list_stats.sh snap FILE
#       write the counters to FILE, one line per order with lists:
#       "N alloc refill free_not_cached"
#   pcp_list_stats.sh result LABEL FILE
#       compare the counters now with FILE and print, for every order whose
#       lists served allocations meanwhile or that was freed outside the
#       set (its allocations then went to the buddy allocator too):
#
#   PCP-RESULT bench=pcp-hit-LABEL metric=order-N config=C round=R value=H better=higher
#       H: % of the order's allocations that found its list filled,
#       100 * (1 - refills / allocations); 0 for an order outside the set.
#       Each refill is one zone->lock hold on the allocation side:
#       refills per 1000 allocations are 10 * (100 - H).
#
#   and once each, the memory the lists held:
#
#   PCP-RESULT bench=pcp-kib-LABEL metric=cpu-max config=C round=R value=K better=lower
#       K: KiB on the lists of the CPU that holds most when the command
#       ends, every zone and order ("count:" of /proc/zoneinfo, PAGE_KB
#       KiB a page, default 4).
#   PCP-RESULT bench=pcp-kib-LABEL metric=cpu-peak config=C round=R value=K better=lower
#       K: KiB, the most one CPU's lists held during the command: the
#       kernel's peak (orders patch 16, /sys/kernel/mm/pcp/peak, which
#       'snap' restarts by writing 0), noted by the kernel after refills,
#       before trims and drains and at the vmstat update: exact when the
#       lists reached pcp->high, a lower bound otherwise, for a CPU whose
#       lists held pages of one zone (with several, the sum of the zones'
#       peaks: see Documentation/mm/pcp_lists.rst).  Left out on a kernel
#       without it.
#       Sampling /proc/zoneinfo from here instead would take zone->lock
#       inside the benchmarks' lock_stat windows.
#
# Exit: 0; 1 if FILE is missing; 2 on bad use; 3 on a kernel without the
# statistics.  Env: STATS_DIR (default /sys/kernel/mm/pcp), ZONEINFO
# (default /proc/zoneinfo), for tests.

die() { echo "pcp_list_stats: error: $*" >&2; exit 2; }
dir=${STATS_DIR:-/sys/kernel/mm/pcp}
zoneinfo=${ZONEINFO:-/proc/zoneinfo}
page_kb=${PAGE_KB:-4}

counters() {
	for d in "$dir"/order-*/stats; do
		[ -d "$d" ] || continue
		o=${d%/stats}
		o=${o##*/order-}
		echo "$o $(cat "$d/alloc") $(cat "$d/refill") $(cat "$d/free_not_cached")"
	done
}

[ -d "$dir/order-0/stats" ] || { echo "pcp_list_stats: $dir/order-0/stats: no per-order statistics in this kernel" >&2; exit 3; }
case ${1:-} in
snap)
	[ $# = 2 ] || die "usage: pcp_list_stats.sh snap FILE | result LABEL FILE"
	counters >"$2" || die "cannot write $2"
	if [ -f "$dir/peak" ]; then
		echo 0 >"$dir/peak" || die "cannot restart the peak ($dir/peak)"
	fi
	;;
result)
	[ $# = 3 ] || die "usage: pcp_list_stats.sh snap FILE | result LABEL FILE"
	case $2 in ''|*[!A-Za-z0-9_.-]*) die "LABEL '$2': letters, digits, '_', '.' and '-' only" ;; esac
	[ -f "$3" ] || { echo "pcp_list_stats: $3: no such file (run 'snap' first)" >&2; exit 1; }
	counters | awk -v label="$2" -v cfg="${CONFIG:-none}" -v round="${ROUND:-0}" '
		NR == FNR { a[$1] = $2; r[$1] = $3; n[$1] = $4; next }
		{
			da = $2 - a[$1]; dr = $3 - r[$1]; dn = $4 - n[$1]
			if (da > 0)
				h = 100 * (1 - dr / da)
			else if (dn > 0)
				h = 0
			else
				next
			printf "PCP-RESULT bench=pcp-hit-%s metric=order-%d config=%s round=%s value=%.2f better=higher\n",
			       label, $1, cfg, round, h
		}' "$3" -
	awk -v label="$2" -v cfg="${CONFIG:-none}" -v round="${ROUND:-0}" -v kb="$page_kb" '
		/^ *cpu: / { cpu = $2 }
		/^ +count: / { held[cpu] += $2 }
		END {
			m = 0
			for (c in held)
				if (held[c] > m)
					m = held[c]
			printf "PCP-RESULT bench=pcp-kib-%s metric=cpu-max config=%s round=%s value=%d better=lower\n",
			       label, cfg, round, m * kb
		}' "$zoneinfo"
	if [ -f "$dir/peak" ]; then
		peak=$(cat "$dir/peak") || die "cannot read $dir/peak"
		case $peak in ''|*[!0-9]*) die "$dir/peak: '$peak' is not a page count" ;; esac
		echo "PCP-RESULT bench=pcp-kib-$2 metric=cpu-peak config=${CONFIG:-none} round=${ROUND:-0} value=$((peak * page_kb)) better=lower"
	fi
	;;
*)
	die "usage: pcp_list_stats.sh snap FILE | result LABEL FILE"
	;;
esac
