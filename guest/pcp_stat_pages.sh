#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The base pages one of the kernel's per-order statistics of the per-CPU
# lists counted (orders patch 12: /sys/kernel/mm/pcp/order-N/stats/ITEM,
# blocks of order N), summed over the orders from MIN_ORDER (default 0) up:
# what a guest test compares before and after the operation it checks
# (drain_cpu_dead around a CPU going offline, drain_offline around memory
# offlining).
#
# Usage (in the guest): pcp_stat_pages.sh ITEM [MIN_ORDER]
# Prints one number.  Exit: 0; 2 on bad use; 3 on a kernel without the
# statistics or without ITEM.  Env: STATS_DIR (default /sys/kernel/mm/pcp).

die() { echo "pcp_stat_pages: error: $1" >&2; exit "${2:-2}"; }
dir=${STATS_DIR:-/sys/kernel/mm/pcp}
item=${1:-}
min=${2:-0}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then die "usage: pcp_stat_pages.sh ITEM [MIN_ORDER]"; fi
case $item in '' | */* | .*) die "'$item' is not a statistic's name" ;; esac
case $min in '' | *[!0-9]*) die "MIN_ORDER '$min' is not an order" ;; esac
[ -d "$dir" ] || die "$dir: no per-order statistics (a kernel without orders patch 12?)" 3
pages=0 found=0
for d in "$dir"/order-*; do
	o=${d##*/order-}
	case $o in '' | *[!0-9]*) continue ;; esac
	[ -r "$d/stats/$item" ] || continue
	found=1
	[ "$o" -ge "$min" ] || continue
	pages=$((pages + $(cat "$d/stats/$item") * (1 << o)))
done
[ "$found" = 1 ] || die "$dir: no statistic '$item'" 3
echo "$pages"
